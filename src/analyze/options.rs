//! The command line of `pbrain-ferro analyze`.

use super::review::Effort;
use crate::board::Rule;
use crate::match_runner::options::parse_rule;
use std::path::PathBuf;
use std::time::Duration;

pub const USAGE: &str = "\
usage: pbrain-ferro analyze [OPTIONS] RECORD
  RECORD: a game record (.psq, c-gomoku-cli .sgf, .pgn with gomoku moves, or a
          file of move strings, one game a line) or a move string like h8i9j10
  --time SECONDS   search time per position (default 1)
  --nodes N        search nodes per position instead of a time
  --threads N      search threads (default: every core)
  --hash MB        transposition table (default 64)
  --rule RULE      freestyle, standard, renju, caro, caro-overline: for records
                   that name no rule (default freestyle)
  --size N         board size for records that name none (default 15)
  --game N         review only the N-th game of the file
  --book FILE      more known openings (pos or offset lines): their stones are book
  --html FILE      also write a self-contained HTML review (graph, diagrams)
  --json           print JSON instead of the table";

#[derive(Clone, Debug, PartialEq)]
pub struct AnalyzeOptions {
    pub record: String,
    pub effort: Effort,
    pub threads: u32,
    pub hash_mb: usize,
    pub rule: Option<Rule>,
    pub size: Option<usize>,
    pub game: Option<usize>,
    pub book: Option<PathBuf>,
    pub html: Option<PathBuf>,
    pub json: bool,
}

pub fn parse(args: &[String]) -> Result<AnalyzeOptions, String> {
    let cores = std::thread::available_parallelism().map_or(1, |n| n.get() as u32);
    let mut options = AnalyzeOptions {
        record: String::new(),
        effort: Effort::Time(Duration::from_secs(1)),
        threads: cores,
        hash_mb: 64,
        rule: None,
        size: None,
        game: None,
        book: None,
        html: None,
        json: false,
    };
    let mut record = None;
    let mut args = args.iter();
    while let Some(arg) = args.next() {
        let mut value = |name: &str| {
            args.next()
                .cloned()
                .ok_or_else(|| format!("{name} needs a value"))
        };
        let number = |name: &str, text: String, range: std::ops::RangeInclusive<u64>| {
            text.parse::<u64>()
                .ok()
                .filter(|n| range.contains(n))
                .ok_or_else(|| format!("{name} takes a number in {range:?}, not '{text}'"))
        };
        match arg.as_str() {
            "--time" => {
                let text = value(arg)?;
                let seconds = text
                    .parse::<f64>()
                    .ok()
                    .filter(|s| *s > 0.0 && *s <= 3600.0)
                    .ok_or_else(|| format!("--time takes seconds (0 to 3600), not '{text}'"))?;
                options.effort = Effort::Time(Duration::from_secs_f64(seconds));
            }
            "--nodes" => {
                options.effort = Effort::Nodes(number(arg, value(arg)?, 1..=u64::MAX)?);
            }
            "--threads" => options.threads = number(arg, value(arg)?, 1..=256)? as u32,
            "--hash" => options.hash_mb = number(arg, value(arg)?, 1..=65536)? as usize,
            "--rule" => options.rule = Some(parse_rule(&value(arg)?)?),
            "--size" => options.size = Some(number(arg, value(arg)?, 5..=32)? as usize),
            "--game" => options.game = Some(number(arg, value(arg)?, 1..=u64::MAX)? as usize),
            "--book" => options.book = Some(value(arg)?.into()),
            "--html" => options.html = Some(value(arg)?.into()),
            "--json" => options.json = true,
            "-h" | "--help" => return Err(String::new()),
            other if other.starts_with("--") => return Err(format!("unknown option {other}")),
            other => {
                if record.replace(other.to_string()).is_some() {
                    return Err("give one record".to_string());
                }
            }
        }
    }
    options.record = record.ok_or("no record given")?;
    Ok(options)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn args(text: &str) -> Vec<String> {
        text.split_whitespace().map(String::from).collect()
    }

    #[test]
    fn flags_and_record() {
        let o = parse(&args(
            "--nodes 5000 --rule renju --size 20 --game 2 --json g.sgf",
        ))
        .unwrap();
        assert_eq!(o.effort, Effort::Nodes(5000));
        assert_eq!(o.rule, Some(Rule::Renju));
        assert_eq!((o.size, o.game, o.json), (Some(20), Some(2), true));
        assert_eq!(o.record, "g.sgf");
        let o = parse(&args("--time 0.5 h8i9")).unwrap();
        assert_eq!(o.effort, Effort::Time(Duration::from_millis(500)));
    }

    #[test]
    fn bad_flags_say_what_is_wrong() {
        assert!(parse(&args("--time -1 g")).unwrap_err().contains("--time"));
        assert!(parse(&args("--size 40 g")).unwrap_err().contains("--size"));
        assert!(parse(&args("--rule go g"))
            .unwrap_err()
            .contains("unknown rule"));
        assert_eq!(parse(&args("--json")).unwrap_err(), "no record given");
        assert!(parse(&args("a b")).is_err());
    }
}
