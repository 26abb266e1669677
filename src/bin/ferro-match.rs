//! `ferro-match`: engine-vs-engine matches for pbrain engines (see
//! `ferro::match_runner` and `ferro-match --help`).

fn main() {
    let arguments: Vec<String> = std::env::args().skip(1).collect();
    std::process::exit(ferro::match_runner::main(&arguments));
}
