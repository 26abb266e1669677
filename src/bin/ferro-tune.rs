//! `ferro-tune`: fits evaluation tables to `ferro-datagen` positions (see
//! `ferro::train::tune`) and writes them into a weights file.
//!
//! Usage: [`USAGE`], printed for `--help` and when no option is given.
//! The tables of the rules found in the data are replaced in the weights
//! file (others are kept), with a comment recording how they were made.
//! Positions with a proven score are left out unless `--mate-cap` is given:
//! then they are kept with the score ±SCORE (see `build_dataset`).
//! `--fit policy` fits the move ordering instead (`ferro::train::policy`);
//! `--scale` changes only a table's `scale` line, which later fits keep;
//! `--order-accuracy` measures orderings (`ferro::train::ordering`).

use ferro::board::Colour;
use ferro::eval::{rule_tables, shipped_weights, table_id, Table, TableId, Weights, SCALE_PERCENT};
use ferro::search::score::EVAL_LIMIT;
use ferro::train::flag_values;
use ferro::train::format::read_all;
use ferro::train::ordering::{measure, read_match_dir};
use ferro::train::policy::{
    build_policy_dataset, build_policy_dataset_from_games, tune_policy, PolicyDataset,
    PolicyOptions,
};
use ferro::train::tune::{build_dataset, tune, TuneOptions};
use std::path::PathBuf;

/// The command lines, for `--help` and for a run without options.
const USAGE: &str = "\
ferro-tune --data data/freestyle.bin [--data more.bin ...]
  [--weights src/eval/weights.txt] [--start shipped|handset|TABLE]
  [--epochs 12] [--batch 1024] [--lr 2] [--reg 0.0005]
  [--result-weight 0] [--validation-every 10] [--seed 1] [--threads N]
  [--mate-cap SCORE]
  (fits the evaluation tables of the rules in the data; --mate-cap keeps
  positions with a proven score, at +-SCORE)
ferro-tune --fit policy --data data/renju.bin [--weights FILE] [--epochs 12]
  (fits the move ordering to the moves the self-play search played)
ferro-tune --fit policy --match-dir DIR [--match-dir DIR ...]
  --moves-of NAME [--moves-of NAME ...] [--weights FILE] [--epochs 12]
  (fits the move ordering to the moves the named players made in
  `ferro-match --out` directories)
ferro-tune --scale PERCENT --table NAME [--weights FILE]
  (multiplies one table's evaluation by PERCENT/100: its `scale` line)
ferro-tune --order-accuracy MATCH_DIR --player NAME [--weights FILE]
  (ranks the moves NAME played by the file's and the hand-set ordering)
";

/// Where each trained table starts (and what the L2 term pulls towards).
enum Start {
    /// The table of the same rule in the weights file, else hand-set.
    Shipped,
    Handset,
    /// Another table of the weights file (e.g. freestyle for standard).
    Table(TableId),
}

struct Options {
    data: Vec<PathBuf>,
    weights: PathBuf,
    start: Start,
    tune: TuneOptions,
    /// Fit the move-ordering tables instead of the evaluation.
    policy: bool,
    /// Measure the orderings on this match directory instead of fitting.
    order_accuracy: Option<PathBuf>,
    player: Option<String>,
    /// Fit the move ordering to these players' moves in these match
    /// directories.
    match_dirs: Vec<PathBuf>,
    moves_of: Vec<String>,
    /// Scale this table's evaluation values by this percentage instead.
    scale: Option<(TableId, i32)>,
    /// Keep proven positions with this score instead of skipping them.
    mate_cap: Option<i32>,
}

fn parse(arguments: &[String]) -> Result<Options, String> {
    let mut o = Options {
        data: Vec::new(),
        weights: "src/eval/weights.txt".into(),
        start: Start::Shipped,
        tune: TuneOptions {
            result_weight: 0.0,
            epochs: 12,
            batch: 1024,
            learning_rate: 2.0,
            regularisation: 0.0005,
            validation_every: 10,
            seed: 1,
            threads: std::thread::available_parallelism().map_or(1, |n| n.get()),
        },
        policy: false,
        order_accuracy: None,
        player: None,
        match_dirs: Vec::new(),
        moves_of: Vec::new(),
        scale: None,
        mate_cap: None,
    };
    let mut scale_percent = None;
    let mut scale_table = None;
    for (flag, value) in flag_values(arguments)? {
        let float = |v: &str| v.parse::<f64>().map_err(|e| format!("{flag} {v}: {e}"));
        let number = |v: &str| v.parse::<u64>().map_err(|e| format!("{flag} {v}: {e}"));
        match flag {
            "--data" => o.data.push(value.into()),
            "--weights" => o.weights = value.into(),
            "--fit" => match value {
                "eval" => o.policy = false,
                "policy" => o.policy = true,
                other => return Err(format!("--fit {other}: eval or policy")),
            },
            "--start" => match value {
                "shipped" => o.start = Start::Shipped,
                "handset" => o.start = Start::Handset,
                other => {
                    o.start = Start::Table(TableId::from_name(other).ok_or_else(|| {
                        format!("--start {other}: shipped, handset or a table name")
                    })?)
                }
            },
            "--epochs" => o.tune.epochs = number(value)? as usize,
            "--batch" => o.tune.batch = number(value)?.max(1) as usize,
            "--lr" => o.tune.learning_rate = float(value)?,
            "--reg" => o.tune.regularisation = float(value)?,
            "--result-weight" => o.tune.result_weight = float(value)?.clamp(0.0, 1.0),
            "--validation-every" => o.tune.validation_every = number(value)?.max(2),
            "--seed" => o.tune.seed = number(value)?,
            "--threads" => o.tune.threads = number(value)?.max(1) as usize,
            "--mate-cap" => {
                let cap = number(value)?;
                if cap == 0 || cap >= EVAL_LIMIT as u64 {
                    return Err(format!(
                        "--mate-cap {cap}: a score from 1 to {}",
                        EVAL_LIMIT - 1
                    ));
                }
                o.mate_cap = Some(cap as i32);
            }
            "--order-accuracy" => o.order_accuracy = Some(value.into()),
            "--player" => o.player = Some(value.into()),
            "--match-dir" => o.match_dirs.push(value.into()),
            "--moves-of" => o.moves_of.push(value.into()),
            "--scale" => scale_percent = Some(number(value)?),
            "--table" => {
                scale_table = Some(
                    TableId::from_name(value).ok_or(format!("--table {value}: no such table"))?,
                )
            }
            other => return Err(format!("unknown option '{other}'")),
        }
    }
    match (scale_percent, scale_table) {
        (Some(percent), Some(table)) => {
            if !o.data.is_empty() || !o.match_dirs.is_empty() || o.order_accuracy.is_some() {
                return Err("--scale goes with --table and --weights only".into());
            }
            let Some(percent) = i32::try_from(percent)
                .ok()
                .filter(|p| SCALE_PERCENT.contains(p))
            else {
                return Err(format!(
                    "--scale {percent}: a percentage from {} to {}",
                    SCALE_PERCENT.start(),
                    SCALE_PERCENT.end()
                ));
            };
            o.scale = Some((table, percent));
            return Ok(o);
        }
        (None, None) => {}
        _ => return Err("--scale and --table come together".into()),
    }
    if o.order_accuracy.is_some() != o.player.is_some() {
        return Err("--order-accuracy and --player come together".into());
    }
    if !o.match_dirs.is_empty() {
        if !o.policy || o.moves_of.is_empty() || !o.data.is_empty() {
            return Err("--match-dir goes with --fit policy and --moves-of, without --data".into());
        }
    } else if !o.moves_of.is_empty() {
        return Err("--moves-of needs --match-dir".into());
    } else if o.data.is_empty() && o.order_accuracy.is_none() {
        return Err("no --data file".into());
    }
    Ok(o)
}

fn run(o: &Options, command: &str) -> Result<(), String> {
    if let (Some(dir), Some(player)) = (&o.order_accuracy, &o.player) {
        return order_accuracy(o, dir, player);
    }
    let weights = || match std::fs::read_to_string(&o.weights) {
        Ok(text) => Weights::parse(&text).map_err(|e| format!("{}: {e}", o.weights.display())),
        Err(_) => Ok(Weights::default()),
    };
    if let Some((id, percent)) = o.scale {
        let mut weights = weights()?;
        let table = table_or_shipped(&weights, id);
        let scale =
            (table.scale * percent / 100).clamp(*SCALE_PERCENT.start(), *SCALE_PERCENT.end());
        weights.set(id, Table { scale, ..table });
        weights.comments.push(format!(
            "{}: evaluation scaled to {scale}% by {command} (a refit keeps the scale)",
            id.name()
        ));
        write_weights(o, &weights)?;
        eprintln!(
            "ferro-tune: wrote {} ({} at {scale}%)",
            o.weights.display(),
            id.name()
        );
        return Ok(());
    }
    if !o.match_dirs.is_empty() {
        let mut games = Vec::new();
        for dir in &o.match_dirs {
            let mut g = read_match_dir(dir)?;
            eprintln!("ferro-tune: {}: {} games", dir.display(), g.len());
            games.append(&mut g);
        }
        let data = build_policy_dataset_from_games(&games, &o.moves_of);
        let source = format!(
            "the moves of {} in {} games of {}",
            o.moves_of.join(", "),
            games.len(),
            joined(&o.match_dirs)
        );
        return fit_policy(o, command, data, &source, weights()?);
    }
    let mut records = Vec::new();
    for path in &o.data {
        let mut r = read_all(path).map_err(|e| format!("{}: {e}", path.display()))?;
        eprintln!("ferro-tune: {}: {} positions", path.display(), r.len());
        records.append(&mut r);
    }
    let mut weights = weights()?;
    if o.policy {
        let data = build_policy_dataset(&records);
        return fit_policy(o, command, data, &joined(&o.data), weights);
    }
    let (mut data, skipped) = build_dataset(&records, o.mate_cap);
    eprintln!(
        "ferro-tune: {} positions used ({} proven kept at the mate cap; {} proven and {} with a five on the board skipped)",
        data.len(),
        skipped.proven_capped,
        skipped.proven,
        skipped.five_on_board
    );
    if data.is_empty() {
        return Err("no usable positions".into());
    }
    let start: Vec<Table> = data
        .tables
        .iter()
        .map(|&id| {
            let from_file = |id| {
                weights
                    .table(id)
                    .or_else(|| shipped_weights().table(id))
                    .cloned()
            };
            let table = match o.start {
                Start::Shipped => from_file(id),
                Start::Handset => None,
                Start::Table(other) => from_file(other),
            };
            table.unwrap_or_else(Table::handset)
        })
        .collect();
    let (tables, report) = tune(&mut data, &start, &o.tune, &mut |line| {
        eprintln!("ferro-tune: {line}")
    });
    let names: Vec<&str> = data.tables.iter().map(|id| id.name()).collect();
    for (&id, mut table) in data.tables.iter().zip(tables) {
        // The move ordering is fitted separately: keep it.
        table.policy = weights.table(id).and_then(|t| t.policy.clone());
        weights.set(id, table);
    }
    weights
        .comments
        .retain(|c| !names.iter().any(|n| c.starts_with(&format!("{n}:"))));
    if weights.comments.is_empty() {
        weights.comments.push(
            "Ferro evaluation weights (format: src/eval/weights.rs), written by ferro-tune.".into(),
        );
    }
    for name in &names {
        weights.comments.push(format!("{name}: {command}"));
        let shared = if names.len() > 1 {
            format!(" (one fit for {})", names.join(", "))
        } else {
            String::new()
        };
        weights.comments.push(format!(
            "{name}: {} positions{shared} from {} ({} training, {} validation), seed {}, K {:.1}",
            data.len(),
            joined(&o.data),
            report.training_positions,
            report.validation_positions,
            o.tune.seed,
            report.k
        ));
        weights.comments.push(format!(
            "{name}: validation loss {:.5} -> {:.5} (floor {:.5}), training loss {:.5} -> {:.5}",
            report.validation_loss_before,
            report.validation_loss_after,
            report.validation_floor,
            report.training_loss_before,
            report.training_loss_after
        ));
    }
    write_weights(o, &weights)?;
    eprintln!(
        "ferro-tune: wrote {} ({}); validation loss {:.5} -> {:.5} (floor {:.5})",
        o.weights.display(),
        names.join(", "),
        report.validation_loss_before,
        report.validation_loss_after,
        report.validation_floor
    );
    Ok(())
}

/// The paths, separated by spaces (for the weights file's comments).
fn joined(paths: &[PathBuf]) -> String {
    let names: Vec<String> = paths.iter().map(|p| p.display().to_string()).collect();
    names.join(" ")
}

/// The file's table `id`, else the shipped one, else the hand-set values.
fn table_or_shipped(weights: &Weights, id: TableId) -> Table {
    weights
        .table(id)
        .or_else(|| shipped_weights().table(id))
        .cloned()
        .unwrap_or_else(Table::handset)
}

/// Writes the weights file whole or not at all.
fn write_weights(o: &Options, weights: &Weights) -> Result<(), String> {
    let temporary = o.weights.with_extension("tmp");
    std::fs::write(&temporary, weights.to_text())
        .and_then(|()| std::fs::rename(&temporary, &o.weights))
        .map_err(|e| format!("{}: {e}", o.weights.display()))
}

/// `--fit policy`: fits the move-ordering logits of each table the data
/// uses (from zero) and writes them beside its evaluation values.
fn fit_policy(
    o: &Options,
    command: &str,
    data: PolicyDataset,
    source: &str,
    mut weights: Weights,
) -> Result<(), String> {
    if data.is_empty() {
        return Err("no position with a move played to learn from".into());
    }
    let options = PolicyOptions {
        epochs: o.tune.epochs,
        seed: o.tune.seed,
        validation_every: o.tune.validation_every,
        ..PolicyOptions::default()
    };
    let (tables, report) =
        tune_policy(&data, &options, &mut |line| eprintln!("ferro-tune: {line}"));
    let names: Vec<&str> = data.tables.iter().map(|id| id.name()).collect();
    for (&id, policy) in data.tables.iter().zip(tables) {
        let mut table = table_or_shipped(&weights, id);
        table.policy = Some(policy);
        weights.set(id, table);
    }
    let prefixes: Vec<String> = names.iter().map(|n| format!("{n} policy:")).collect();
    weights
        .comments
        .retain(|c| !prefixes.iter().any(|p| c.starts_with(p.as_str())));
    for prefix in &prefixes {
        weights.comments.push(format!("{prefix} {command}"));
        weights.comments.push(format!(
            "{prefix} {} positions from {} ({} training, {} validation), seed {}",
            data.len(),
            source,
            report.training_positions,
            report.validation_positions,
            o.tune.seed
        ));
        weights.comments.push(format!(
            "{prefix} validation loss {:.4} -> {:.4}; move played first {:.3} (the ordering it had {:.3}), among the first three {:.3} ({:.3})",
            report.validation_loss_before,
            report.validation_loss_after,
            report.fitted_top1,
            report.engine_top1,
            report.fitted_top3,
            report.engine_top3
        ));
    }
    write_weights(o, &weights)?;
    eprintln!(
        "ferro-tune: wrote {} ({} move ordering); first choice {:.3} -> {:.3}, first three {:.3} -> {:.3}",
        o.weights.display(),
        names.join(", "),
        report.engine_top1,
        report.fitted_top1,
        report.engine_top3,
        report.fitted_top3
    );
    Ok(())
}

/// `--order-accuracy`: one line per ordering, all positions and those
/// whose move makes or stops a four or an open three.
fn order_accuracy(o: &Options, dir: &std::path::Path, player: &str) -> Result<(), String> {
    let games = read_match_dir(dir)?;
    let Some(rule) = games.first().map(|g| g.rule) else {
        return Err(format!("{}: no games", dir.display()));
    };
    let text =
        std::fs::read_to_string(&o.weights).map_err(|e| format!("{}: {e}", o.weights.display()))?;
    let weights = Weights::parse(&text).map_err(|e| format!("{}: {e}", o.weights.display()))?;
    let learned = weights
        .table(table_id(rule, Colour::Black))
        .is_some_and(|t| t.policy.is_some());
    let file_name = format!(
        "{} ({})",
        o.weights.display(),
        if learned { "learned" } else { "hand-set" }
    );
    for (name, weights) in [
        (file_name.as_str(), weights),
        ("hand-set", Weights::default()),
    ] {
        let tables: &'static _ = Box::leak(Box::new(rule_tables(&weights, rule)));
        let [all, threats] = measure(&games, player, tables);
        println!("{name}: {player}'s moves, {}", all.describe());
        println!(
            "{name}: {player}'s fours and threes, {}",
            threats.describe()
        );
    }
    Ok(())
}

fn main() {
    let arguments: Vec<String> = std::env::args().skip(1).collect();
    ferro::train::usage_on_request(&arguments, USAGE);
    let command = format!("ferro-tune {}", arguments.join(" "));
    let options = parse(&arguments).unwrap_or_else(|e| {
        eprintln!("ferro-tune: {e}");
        std::process::exit(2);
    });
    if let Err(e) = run(&options, &command) {
        eprintln!("ferro-tune: {e}");
        std::process::exit(1);
    }
}
