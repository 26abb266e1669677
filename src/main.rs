//! `pbrain-ferro`: the engine executable managers load.
//!
//! With no arguments it speaks the pbrain protocol on stdin/stdout. Unknown
//! arguments are ignored (Yixin Board passes `--force-utf8`).

fn main() {
    // stderr stays silent unless the user asks for logs: Piskvork reads the
    // engine's stderr as if it were stdout.
    if std::env::var_os("RUST_LOG").is_some() {
        env_logger::Builder::from_default_env()
            .target(env_logger::Target::Stderr)
            .init();
    }
    ferro::protocol::io::run(std::io::stdin(), std::io::stdout());
}
