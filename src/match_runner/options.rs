//! Command-line parsing for `ferro-match`.

use super::stats::Sprt;
use crate::rules::Rule;
use std::path::PathBuf;

pub const USAGE: &str = "\
Usage: ferro-match [OPTIONS] ENGINE1 ENGINE2
       ferro-match gen-openings [GEN-OPTIONS]

Plays a match between two pbrain (Gomocup protocol) engines. Results are
from ENGINE1's side; the last line printed is
  RESULT <name1> vs <name2>: W=<w> D=<d> L=<l> score=<s> Elo=<e> +/- <err> faults=<n>

Options:
  --name1 NAME, --name2 NAME  engine names (default: the file names)
  --games N             games to play (default: 2 per opening, or 2)
  --tc-move SECONDS     time per move (default 1 unless --tc-game is given; 0 = none)
  --tc-move2 SECONDS    ENGINE2's time per move, for time odds (default: --tc-move)
  --tc-game SECONDS     time per game (default 0 = none)
  --inc SECONDS         added to the game clock after each move (default 0)
  --tolerance-ms MS     lateness allowed before a timeout (default 1000)
  --max-memory MB       sent as INFO max_memory (default 350; 0 = no limit)
  --rule RULE           freestyle | standard | renju | caro | caro-overline
                        (or the INFO rule number 0, 1, 4, 9, 8; default freestyle)
  --size N              board size 5..32 (default 15)
  --openings FILE       openings, offset (`0,0, 1,0`) or pos (`h8i9`) lines; each
                        is played twice with colours swapped
  --seed N              shuffle the openings' order with this seed
  --swap2               the engines make each opening by swap2 (SWAP2BOARD) instead
                        of --openings; games come in pairs, ENGINE1 proposing
                        first; before RESULT, lines `CHOOSER W=.. D=.. L=.. score=..`
                        give the results of the engine that chose the colours
                        (overall, then per engine)
  --draw-after N        draw after N stones on the board (default: 200 for renju,
                        none otherwise; 0 = none)
  --concurrency N       games in parallel (default 1)
  --sprt ELO0,ELO1[,ALPHA,BETA]
                        stop when the SPRT decides (alpha, beta default 0.05)
  --out DIR             write game-NNNN.psq per game and summary.txt
  -h, --help            this text

gen-openings options (see scripts/gen-openings):
  --rule RULE --size N  (default standard, 15)
  --count N             openings to keep (default 100)
  --stones MIN-MAX      stones per opening (default 3-5)
  --radius R            stones within R of the centre (default 3)
  --threshold SCORE     keep if |search score| for the side to move <= SCORE (default 60)
  --think-ms MS         search time per candidate (default 150)
  --seed N              (default 1)
  --out FILE            (default: standard output)
";

/// What the command line asks for.
#[derive(Debug)]
pub enum Mode {
    Match(Box<MatchOptions>),
    GenOpenings(GenOptions),
    Help,
}

#[derive(Clone, Debug, PartialEq)]
pub struct MatchOptions {
    pub engines: [PathBuf; 2],
    pub names: [Option<String>; 2],
    pub games: Option<usize>,
    pub turn_ms: u64,
    /// ENGINE2's per-move limit (`--tc-move2`; the same as `turn_ms`
    /// unless given).
    pub turn_ms2: u64,
    pub match_ms: u64,
    pub increment_ms: u64,
    pub tolerance_ms: u64,
    pub max_memory_mb: u64,
    pub rule: Rule,
    pub size: usize,
    pub openings: Option<PathBuf>,
    pub seed: Option<u64>,
    /// The engines make the openings by swap2.
    pub swap2: bool,
    pub draw_after: Option<usize>,
    pub concurrency: usize,
    pub sprt: Option<Sprt>,
    pub out: Option<PathBuf>,
}

#[derive(Clone, Debug, PartialEq)]
pub struct GenOptions {
    pub rule: Rule,
    pub size: usize,
    pub count: usize,
    pub min_stones: usize,
    pub max_stones: usize,
    pub radius: usize,
    pub threshold: i32,
    pub think_ms: u64,
    pub seed: u64,
    pub out: Option<PathBuf>,
}

pub fn parse_rule(text: &str) -> Result<Rule, String> {
    match text.to_ascii_lowercase().as_str() {
        "freestyle" | "0" => Ok(Rule::Freestyle),
        "standard" | "1" => Ok(Rule::Standard),
        "renju" | "4" => Ok(Rule::Renju),
        "caro" | "9" => Ok(Rule::Caro {
            overline_wins: false,
        }),
        "caro-overline" | "8" => Ok(Rule::Caro {
            overline_wins: true,
        }),
        _ => Err(format!(
            "unknown rule '{text}' (freestyle, standard, renju, caro, caro-overline)"
        )),
    }
}

fn number<T: std::str::FromStr>(option: &str, value: &str) -> Result<T, String> {
    value
        .trim()
        .parse()
        .map_err(|_| format!("{option}: '{value}' is not a valid number"))
}

/// Seconds (decimal) to milliseconds.
fn seconds_ms(option: &str, value: &str) -> Result<u64, String> {
    let seconds: f64 = number(option, value)?;
    if !seconds.is_finite() || seconds < 0.0 {
        return Err(format!("{option}: '{value}' is not a time in seconds"));
    }
    Ok((seconds * 1000.0).round() as u64)
}

fn size(option: &str, value: &str) -> Result<usize, String> {
    let n: usize = number(option, value)?;
    if !(crate::board::MIN_SIZE..=crate::board::MAX_SIZE).contains(&n) {
        return Err(format!("{option}: the board size must be 5..32"));
    }
    Ok(n)
}

/// Splits `--key=value` / `--key value` arguments.
struct Args {
    items: Vec<String>,
    at: usize,
}

impl Args {
    /// The next option and, for options that take one, its value.
    fn next(&mut self) -> Option<String> {
        let item = self.items.get(self.at)?.clone();
        self.at += 1;
        Some(item)
    }

    /// Splits `--key=value` or takes the value from the next argument:
    /// returns (option, value).
    fn option_value(&mut self, arg: &str) -> Result<(String, String), String> {
        match arg.split_once('=') {
            Some((key, value)) => Ok((key.to_string(), value.to_string())),
            None => {
                let value = self.next().ok_or_else(|| format!("{arg} needs a value"))?;
                Ok((arg.to_string(), value))
            }
        }
    }
}

/// Parses the arguments after the program name.
pub fn parse(arguments: &[String]) -> Result<Mode, String> {
    if arguments.first().map(String::as_str) == Some("gen-openings") {
        return parse_gen(&arguments[1..]).map(Mode::GenOpenings);
    }
    let mut args = Args {
        items: arguments.to_vec(),
        at: 0,
    };
    let mut positional = Vec::new();
    let mut o = MatchOptions {
        engines: [PathBuf::new(), PathBuf::new()],
        names: [None, None],
        games: None,
        turn_ms: 0,
        turn_ms2: 0,
        match_ms: 0,
        increment_ms: 0,
        tolerance_ms: 1000,
        max_memory_mb: 350,
        rule: Rule::Freestyle,
        size: 15,
        openings: None,
        seed: None,
        swap2: false,
        draw_after: None,
        concurrency: 1,
        sprt: None,
        out: None,
    };
    let mut turn_given = None;
    let mut turn2_given = None;
    let mut draw_after_given = None;
    while let Some(arg) = args.next() {
        if arg == "-h" || arg == "--help" {
            return Ok(Mode::Help);
        }
        if !arg.starts_with("--") || arg == "--" {
            if arg == "--" {
                while let Some(rest) = args.next() {
                    positional.push(rest);
                }
            } else {
                positional.push(arg);
            }
            continue;
        }
        // The only option without a value.
        if arg == "--swap2" {
            o.swap2 = true;
            continue;
        }
        let (option, value) = args.option_value(&arg)?;
        let v = value.as_str();
        let opt = option.as_str();
        match opt {
            "--name1" => o.names[0] = Some(v.to_string()),
            "--name2" => o.names[1] = Some(v.to_string()),
            "--games" => {
                let games: usize = number(opt, v)?;
                if games == 0 {
                    return Err("--games must be at least 1".into());
                }
                o.games = Some(games);
            }
            "--tc-move" => turn_given = Some(seconds_ms(opt, v)?),
            "--tc-move2" => turn2_given = Some(seconds_ms(opt, v)?),
            "--tc-game" => o.match_ms = seconds_ms(opt, v)?,
            "--inc" => o.increment_ms = seconds_ms(opt, v)?,
            "--tolerance-ms" => o.tolerance_ms = number(opt, v)?,
            "--max-memory" => o.max_memory_mb = number(opt, v)?,
            "--rule" => o.rule = parse_rule(v)?,
            "--size" => o.size = size(opt, v)?,
            "--openings" => o.openings = Some(PathBuf::from(v)),
            "--seed" => o.seed = Some(number(opt, v)?),
            "--draw-after" => draw_after_given = Some(number::<usize>(opt, v)?),
            "--concurrency" => {
                o.concurrency = number(opt, v)?;
                if o.concurrency == 0 {
                    return Err("--concurrency must be at least 1".into());
                }
            }
            "--sprt" => o.sprt = Some(Sprt::parse(v)?),
            "--out" => o.out = Some(PathBuf::from(v)),
            "--swap2" => return Err("--swap2 takes no value".into()),
            _ => return Err(format!("unknown option {option}")),
        }
    }
    if positional.len() != 2 {
        return Err(format!(
            "expected two engines (ENGINE1 ENGINE2), got {}",
            positional.len()
        ));
    }
    o.engines = [PathBuf::from(&positional[0]), PathBuf::from(&positional[1])];
    if o.swap2 && o.openings.is_some() {
        return Err("--swap2 and --openings exclude each other: \
                    with --swap2 the engines make the openings"
            .into());
    }
    o.turn_ms = match turn_given {
        Some(ms) => ms,
        None if o.match_ms > 0 => 0,
        None => 1000,
    };
    o.turn_ms2 = turn2_given.unwrap_or(o.turn_ms);
    if o.turn_ms == 0 && o.match_ms == 0 {
        return Err("set a time limit: --tc-move and/or --tc-game".into());
    }
    if o.turn_ms2 == 0 && o.match_ms == 0 {
        return Err("--tc-move2 0 needs a game clock (--tc-game)".into());
    }
    o.draw_after = match draw_after_given {
        Some(0) => None,
        Some(n) => Some(n),
        None if o.rule == Rule::Renju => Some(200),
        None => None,
    };
    Ok(Mode::Match(Box::new(o)))
}

fn parse_gen(arguments: &[String]) -> Result<GenOptions, String> {
    let mut args = Args {
        items: arguments.to_vec(),
        at: 0,
    };
    let mut o = GenOptions {
        rule: Rule::Standard,
        size: 15,
        count: 100,
        min_stones: 3,
        max_stones: 5,
        radius: 3,
        threshold: 60,
        think_ms: 150,
        seed: 1,
        out: None,
    };
    while let Some(arg) = args.next() {
        let (option, value) = args.option_value(&arg)?;
        let v = value.as_str();
        let opt = option.as_str();
        match opt {
            "--rule" => o.rule = parse_rule(v)?,
            "--size" => o.size = size(opt, v)?,
            "--count" => o.count = number(opt, v)?,
            "--stones" => {
                let (low, high) = v.split_once('-').unwrap_or((v, v));
                o.min_stones = number(opt, low)?;
                o.max_stones = number(opt, high)?;
                if o.min_stones == 0 || o.min_stones > o.max_stones {
                    return Err("--stones wants MIN-MAX with 1 <= MIN <= MAX".into());
                }
            }
            "--radius" => o.radius = number(opt, v)?,
            "--threshold" => o.threshold = number(opt, v)?,
            "--think-ms" => o.think_ms = number(opt, v)?,
            "--seed" => o.seed = number(opt, v)?,
            "--out" => o.out = Some(PathBuf::from(v)),
            _ => return Err(format!("gen-openings: unknown option {option}")),
        }
    }
    let span = 2 * o.radius + 1;
    if span > o.size || span * span < o.max_stones + 1 {
        return Err("gen-openings: --radius does not fit the board or the stones".into());
    }
    Ok(o)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn args(text: &str) -> Vec<String> {
        text.split_whitespace().map(String::from).collect()
    }

    fn match_options(text: &str) -> MatchOptions {
        match parse(&args(text)).unwrap() {
            Mode::Match(o) => *o,
            other => panic!("{other:?}"),
        }
    }

    #[test]
    fn match_command_line() {
        let o = match_options(
            "--games 10 --tc-move 0.05 --rule renju --size 15 --sprt 0,5 \
             --concurrency=2 --out dir a/pbrain-x ./b --name2 B",
        );
        assert_eq!(o.games, Some(10));
        assert_eq!(o.turn_ms, 50);
        assert_eq!(o.match_ms, 0);
        assert_eq!(o.rule, Rule::Renju);
        assert_eq!(o.draw_after, Some(200));
        assert_eq!(o.concurrency, 2);
        assert_eq!(o.engines[0], PathBuf::from("a/pbrain-x"));
        assert_eq!(o.names, [None, Some("B".to_string())]);
        assert!(o.sprt.is_some());
        assert!(!o.swap2);
        assert!(match_options("--swap2 --rule standard x y").swap2);

        let defaults = match_options("x y");
        assert_eq!(defaults.turn_ms, 1000);
        assert_eq!(defaults.draw_after, None);
        assert_eq!(defaults.tolerance_ms, 1000);
        let game_only = match_options("--tc-game 60 x y --draw-after 150");
        assert_eq!((game_only.turn_ms, game_only.match_ms), (0, 60_000));
        assert_eq!(game_only.draw_after, Some(150));
        assert_eq!(defaults.turn_ms2, 1000);
        let odds = match_options("--tc-move 0.1 --tc-move2 0.012 x y");
        assert_eq!((odds.turn_ms, odds.turn_ms2), (100, 12));
    }

    #[test]
    fn bad_command_lines() {
        for bad in [
            "x",
            "x y z",
            "--games 0 x y",
            "--rule gomoku x y",
            "--size 40 x y",
            "--tc-move 0 x y",
            "--tc-move abc x y",
            "--tc-move2 0 x y",
            "--tc-move2 -1 x y",
            "--sprt 5 x y",
            "--frobnicate 1 x y",
            "x y --games",
            "--swap2 --openings book.txt x y",
            "--swap2=1 x y",
        ] {
            assert!(parse(&args(bad)).is_err(), "{bad}");
        }
        assert!(matches!(parse(&args("--help")), Ok(Mode::Help)));
    }

    #[test]
    fn gen_command_line() {
        let Mode::GenOpenings(o) = parse(&args(
            "gen-openings --rule renju --count 7 --stones 3-4 --seed 9 --out f.txt",
        ))
        .unwrap() else {
            panic!()
        };
        assert_eq!(o.rule, Rule::Renju);
        assert_eq!((o.count, o.min_stones, o.max_stones, o.seed), (7, 3, 4, 9));
        assert!(parse(&args("gen-openings --stones 5-3")).is_err());
    }
}
