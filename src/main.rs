//! `pbrain-ferro`: the engine executable managers load.
//!
//! With no arguments it speaks the pbrain protocol on stdin/stdout.
//! `pbrain-ferro bench [depth] [threads] [hash MiB]` runs the fixed-depth benchmark,
//! `pbrain-ferro bench movetime MS [threads]` the timed one,
//! `pbrain-ferro analyze [OPTIONS] RECORD` reviews finished games. Other
//! arguments are ignored (Yixin Board passes `--force-utf8`).

fn main() {
    // stderr stays silent unless the user asks for logs: Piskvork reads the
    // engine's stderr as if it were stdout.
    if std::env::var_os("RUST_LOG").is_some() {
        env_logger::Builder::from_default_env()
            .target(env_logger::Target::Stderr)
            .init();
    }
    // A panic is reported to the log (silent without RUST_LOG), never as
    // stray stderr text a manager would take for a reply; the protocol
    // loop answers for a search that panicked.
    std::panic::set_hook(Box::new(|info| log::error!("{info}")));
    let args: Vec<String> = std::env::args().skip(1).collect();
    if args.first().map(String::as_str) == Some("analyze") {
        std::process::exit(ferro::analyze::main(&args[1..]));
    }
    if args.first().map(String::as_str) == Some("bench")
        && args.get(1).map(String::as_str) == Some("movetime")
    {
        let ms = args.get(2).and_then(|a| a.parse::<u32>().ok());
        let threads = args.get(3).map_or(Some(1), |a| a.parse::<u32>().ok());
        let (Some(ms @ 1..), Some(threads @ 1..=256)) = (ms, threads) else {
            println!("usage: pbrain-ferro bench movetime MS [threads 1..256]");
            std::process::exit(2);
        };
        for line in ferro::bench::run_timed(ms, threads) {
            println!("{line}");
        }
        return;
    }
    if args.first().map(String::as_str) == Some("bench") {
        let number = |i: usize, default: u32, range: std::ops::RangeInclusive<u32>| match args
            .get(i)
            .map(|d| d.parse::<u32>())
        {
            None => Some(default),
            Some(Ok(n)) if range.contains(&n) => Some(n),
            Some(_) => None,
        };
        let (Some(depth), Some(threads), Some(table_mib)) = (
            number(1, ferro::bench::DEFAULT_DEPTH, 1..=40),
            number(2, 1, 1..=256),
            number(3, ferro::bench::DEFAULT_TABLE_MIB, 1..=65536),
        ) else {
            println!(
                "usage: pbrain-ferro bench [depth 1..40] [threads 1..256] [hash MiB 1..65536]"
            );
            std::process::exit(2);
        };
        for line in ferro::bench::run(depth, threads, table_mib) {
            println!("{line}");
        }
        return;
    }
    ferro::protocol::io::run(std::io::stdin(), std::io::stdout());
}
