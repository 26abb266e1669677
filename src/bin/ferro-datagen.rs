//! `ferro-datagen`: self-play training positions (see `ferro::train::datagen`).
//!
//! Usage: [`USAGE`], printed for `--help` and when no option is given (a
//! run with every default would write a million positions to ./datagen.bin).

use ferro::match_runner::openings;
use ferro::rules::Rule;
use ferro::train::datagen::{run, DatagenOptions};
use ferro::train::flag_values;
use ferro::train::from_matches::{self, FromMatchesOptions};
use ferro::train::relabel::{self, RelabelOptions};

const USAGE: &str = "\
ferro-datagen --rule freestyle --positions 1000000 --nodes 3000 --out data/freestyle.bin
  [--size 15] [--threads N] [--seed 1] [--opening-stones 2-6] [--radius 3]
  [--openings FILE] [--nodes-spread PERCENT]
  (--openings: each game starts from a random line of a `pos` openings
  file, e.g. from `ferro-match gen-openings`, instead of random stones;
  --nodes-spread: each game's node count is drawn from N to N + PERCENT%)
ferro-datagen --relabel data/freestyle.bin --nodes 40000 --out data/freestyle-deep.bin
  [--every 5] [--offset 0] [--positions 60000] [--threads N]
  (searches a sample of the positions again for deeper scores: records
  offset, offset + every, ...; see `ferro::train::relabel`)
ferro-datagen --from-matches DIR [--from-matches DIR ...] --out data/games.bin
  [--rule freestyle] [--min-stones 4]
  (every position of the games in `ferro-match --out` directories of
  that rule, with the game's result and score 0, for `--relabel`; see
  `ferro::train::from_matches`)
";

fn parse_rule(name: &str) -> Result<Rule, String> {
    Ok(match name {
        "freestyle" => Rule::Freestyle,
        "standard" => Rule::Standard,
        "renju" => Rule::Renju,
        "caro" => Rule::Caro {
            overline_wins: false,
        },
        other => return Err(format!("unknown rule '{other}'")),
    })
}

fn parse(arguments: &[String]) -> Result<DatagenOptions, String> {
    let mut o = DatagenOptions {
        rule: Rule::Freestyle,
        size: 15,
        positions: 1_000_000,
        nodes: 3_000,
        threads: std::thread::available_parallelism().map_or(1, |n| n.get()),
        seed: 1,
        opening_min: 2,
        opening_max: 6,
        opening_radius: 3,
        openings: Vec::new(),
        nodes_spread_percent: 0,
        out: "datagen.bin".into(),
    };
    let mut openings_file = None;
    for (flag, value) in flag_values(arguments)? {
        let number = |v: &str| v.parse::<u64>().map_err(|e| format!("{flag} {v}: {e}"));
        match flag {
            "--rule" => o.rule = parse_rule(value)?,
            "--size" => o.size = number(value)? as usize,
            "--positions" => o.positions = number(value)?,
            "--nodes" => o.nodes = number(value)?.max(1),
            "--threads" => o.threads = number(value)?.max(1) as usize,
            "--seed" => o.seed = number(value)?,
            "--radius" => o.opening_radius = number(value)? as usize,
            "--opening-stones" => {
                let (low, high) = value.split_once('-').unwrap_or((value, value));
                o.opening_min = number(low)? as usize;
                o.opening_max = number(high)? as usize;
                if o.opening_min > o.opening_max {
                    return Err(format!("--opening-stones {value}: empty range"));
                }
            }
            "--out" => o.out = value.into(),
            "--openings" => openings_file = Some(std::path::PathBuf::from(value)),
            "--nodes-spread" => o.nodes_spread_percent = number(value)?,
            other => return Err(format!("unknown option '{other}'")),
        }
    }
    if !(5..=32).contains(&o.size) || o.opening_radius * 2 + 1 > o.size {
        return Err("board size must be 5 to 32 and hold the opening radius".into());
    }
    if let Some(path) = openings_file {
        o.openings = openings::load(&path, o.size, o.size)
            .map_err(|e| format!("{e:#}"))?
            .into_iter()
            .map(|opening| opening.stones)
            .collect();
    }
    Ok(o)
}

fn parse_relabel(arguments: &[String]) -> Result<RelabelOptions, String> {
    let mut o = RelabelOptions {
        input: Default::default(),
        out: "relabelled.bin".into(),
        nodes: 40_000,
        every: 1,
        offset: 0,
        positions: usize::MAX,
        threads: std::thread::available_parallelism().map_or(1, |n| n.get()),
    };
    for (flag, value) in flag_values(arguments)? {
        let number = |v: &str| v.parse::<u64>().map_err(|e| format!("{flag} {v}: {e}"));
        match flag {
            "--relabel" => o.input = value.into(),
            "--out" => o.out = value.into(),
            "--nodes" => o.nodes = number(value)?.max(1),
            "--every" => o.every = number(value)?.max(1) as usize,
            "--offset" => o.offset = number(value)? as usize,
            "--positions" => o.positions = number(value)? as usize,
            "--threads" => o.threads = number(value)?.max(1) as usize,
            other => return Err(format!("unknown option '{other}' with --relabel")),
        }
    }
    Ok(o)
}

fn parse_from_matches(arguments: &[String]) -> Result<FromMatchesOptions, String> {
    let mut o = FromMatchesOptions {
        dirs: Vec::new(),
        out: "games.bin".into(),
        rule: Rule::Freestyle,
        min_stones: 4,
    };
    for (flag, value) in flag_values(arguments)? {
        match flag {
            "--from-matches" => o.dirs.push(value.into()),
            "--out" => o.out = value.into(),
            "--rule" => o.rule = parse_rule(value)?,
            "--min-stones" => {
                o.min_stones = value.parse().map_err(|e| format!("{flag} {value}: {e}"))?
            }
            other => return Err(format!("unknown option '{other}' with --from-matches")),
        }
    }
    Ok(o)
}

/// Prints `error` and exits with `code`.
fn fail(error: impl std::fmt::Display, code: i32) -> ! {
    eprintln!("ferro-datagen: {error}");
    std::process::exit(code);
}

fn main() {
    let arguments: Vec<String> = std::env::args().skip(1).collect();
    ferro::train::usage_on_request(&arguments, USAGE);
    let mut log = |line: &str| eprintln!("ferro-datagen: {line}");
    if arguments.iter().any(|a| a == "--relabel") {
        let options = parse_relabel(&arguments).unwrap_or_else(|e| fail(e, 2));
        if let Err(e) = relabel::run(&options, &mut log) {
            fail(e, 1);
        }
        return;
    }
    if arguments.iter().any(|a| a == "--from-matches") {
        let options = parse_from_matches(&arguments).unwrap_or_else(|e| fail(e, 2));
        if let Err(e) = from_matches::run(&options, &mut log) {
            fail(e, 1);
        }
        return;
    }
    let options = parse(&arguments).unwrap_or_else(|e| fail(e, 2));
    if let Err(e) = run(&options, &mut log) {
        fail(format!("{}: {e}", options.out.display()), 1);
    }
}
