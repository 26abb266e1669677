//! Engine-vs-engine matches: the library behind the `ferro-match` binary.
//!
//! `ferro-match [OPTIONS] ENGINE1 ENGINE2` drives two pbrain engines as
//! child processes exactly as Piskvork and c-gomoku-cli do, judges every
//! move with Ferro's own board and rules code, and reports W/D/L, Elo with
//! a 95% interval, faults by kind and (with `--sprt`) the SPRT verdict. The
//! last line printed is
//! `RESULT <name1> vs <name2>: W=<w> D=<d> L=<l> score=<s> Elo=<e> +/- <err> faults=<n>`
//! (results from engine 1's side; `faults` counts both engines' faults).
//!
//! One file per job: [`options`] (command line), [`engine`] (child
//! process), [`game`] (one game), [`judge`] (rules verdicts), [`openings`]
//! (opening files), [`swap2`] (swap2 openings made by the engines),
//! [`stats`] (Elo, SPRT), [`tally`] (totals and table),
//! [`record`] (`.psq` and summary files), [`runner`] (scheduling),
//! [`interrupt`] (Ctrl-C), [`gen`] (balanced opening generation), [`rng`].

pub mod engine;
pub mod game;
pub mod gen;
pub mod interrupt;
pub mod judge;
pub mod openings;
pub mod options;
pub mod record;
pub mod runner;
pub mod stats;
pub mod swap2;
pub mod tally;

use options::{GenOptions, MatchOptions, Mode};
use std::io::Write;

/// Runs `ferro-match` with `arguments` (without the program name); returns
/// the process exit code.
pub fn main(arguments: &[String]) -> i32 {
    let mode = match options::parse(arguments) {
        Ok(mode) => mode,
        Err(message) => {
            eprintln!("ferro-match: {message}\n(ferro-match --help for usage)");
            return 2;
        }
    };
    let result = match mode {
        Mode::Help => {
            print!("{}", options::USAGE);
            return 0;
        }
        Mode::Match(o) => run_match(&o),
        Mode::GenOpenings(o) => run_gen(&o, arguments),
    };
    match result {
        Ok(code) => code,
        Err(e) => {
            eprintln!("ferro-match: {e:#}");
            2
        }
    }
}

fn settings_text(o: &MatchOptions, plan: &runner::Plan) -> String {
    let mut text = String::from("ferro-match summary (format 1)\n");
    for i in 0..2 {
        text.push_str(&format!(
            "engine{}: {} = {}\n",
            i + 1,
            plan.engines[i].name,
            plan.engines[i].program.display()
        ));
    }
    text.push_str(&format!(
        "rule: {} (INFO rule {})\nsize: {}x{}\n",
        o.rule.name(),
        o.rule.info_value(),
        o.size,
        o.size
    ));
    text.push_str(&format!(
        "time: tc_move_ms={} tc_game_ms={} inc_ms={} tolerance_ms={}\n",
        o.turn_ms, o.match_ms, o.increment_ms, o.tolerance_ms
    ));
    if o.turn_ms2 != o.turn_ms {
        // A line of its own, so that readers of the line above keep working.
        text.push_str(&format!("time of engine2: tc_move_ms={}\n", o.turn_ms2));
    }
    text.push_str(&format!(
        "games: {} (concurrency {}), draw_after: {}\n",
        plan.games,
        plan.concurrency,
        o.draw_after.map_or("none".to_string(), |n| n.to_string())
    ));
    if o.swap2 {
        text.push_str("openings: swap2 (made by the engines through SWAP2BOARD)\n");
    } else {
        text.push_str(&format!(
            "openings: {}{}\n",
            o.openings
                .as_ref()
                .map_or("none".to_string(), |p| p.display().to_string()),
            o.seed
                .map_or(String::new(), |s| format!(" (shuffled, seed {s})"))
        ));
    }
    if let Some(sprt) = &o.sprt {
        text.push_str(&format!(
            "sprt: elo0={} elo1={} alpha={} beta={}\n",
            sprt.elo0, sprt.elo1, sprt.alpha, sprt.beta
        ));
    }
    text
}

fn run_match(o: &MatchOptions) -> anyhow::Result<i32> {
    let plan = runner::plan(o)?;
    interrupt::install();
    let settings = settings_text(o, &plan);
    eprintln!(
        "ferro-match: {} vs {}, {} {}x{}, {} games, {}",
        plan.engines[0].name,
        plan.engines[1].name,
        o.rule.name(),
        o.size,
        o.size,
        plan.games,
        match (o.turn_ms, o.match_ms) {
            (t, 0) if o.turn_ms2 != t => format!(
                "{:.3} s/move against {:.4} s/move",
                t as f64 / 1000.0,
                o.turn_ms2 as f64 / 1000.0
            ),
            (t, 0) => format!("{:.3} s/move", t as f64 / 1000.0),
            (0, m) => format!("{:.3} s/game", m as f64 / 1000.0),
            (t, m) => format!(
                "{:.3} s/move, {:.3} s/game",
                t as f64 / 1000.0,
                m as f64 / 1000.0
            ),
        }
    );
    let report = runner::run(&plan, &settings)?;
    let mut stdout = std::io::stdout().lock();
    let _ = stdout.write_all(report.text.as_bytes());
    let _ = stdout.flush();
    Ok(if report.interrupted { 130 } else { 0 })
}

fn run_gen(o: &GenOptions, arguments: &[String]) -> anyhow::Result<i32> {
    let command = format!("ferro-match {}", arguments.join(" "));
    let kept = gen::generate(o, |g, searched| {
        eprintln!(
            "kept {} ({:+}, depth {}) after {searched} candidates",
            openings::to_pos(&g.stones),
            g.score,
            g.depth
        );
    });
    if kept.len() < o.count {
        eprintln!(
            "ferro-match: only {} of {} openings found; try a larger --threshold or --radius",
            kept.len(),
            o.count
        );
    }
    eprint!("{}", gen::provenance(o, &kept, &command));
    let text = gen::file_text(&kept);
    match &o.out {
        Some(path) => std::fs::write(path, text)
            .map_err(|e| anyhow::anyhow!("cannot write {}: {e}", path.display()))?,
        None => print!("{text}"),
    }
    Ok(if kept.len() < o.count { 1 } else { 0 })
}
