//! Running totals of a match and the final table.

use super::judge::{FaultKind, Outcome};
use super::stats::{elo_with_error, fmt_elo, Sprt, SprtDecision, Wdl};
use super::swap2::Swap2Choice;
use crate::board::Colour;
use std::fmt::Write as _;

/// Totals from engine 1's and engine 2's side.
#[derive(Clone, Debug, Default)]
pub struct Tally {
    pub names: [String; 2],
    /// Engine 1's results overall.
    pub wdl: Wdl,
    /// Per engine (0, 1) and colour (`Colour::index`), from that engine's side.
    pub by_colour: [[Wdl; 2]; 2],
    /// Faults per engine and kind (`FaultKind::index`).
    pub faults: [[u32; 5]; 2],
    /// Thinking time and moves per engine.
    pub time_ms: [u64; 2],
    pub moves: [u64; 2],
    /// Games by end reason: five, full board, move limit, fault.
    pub five: u32,
    pub full_board: u32,
    pub move_limit: u32,
    pub abandoned: u32,
    /// Swap2 matches only: results of the engine that chose the colours.
    pub chooser: Option<ChooserTally>,
}

/// Results of the engine that made the final swap2 colour choice, per
/// engine (0, 1) and from the chooser's side. Games that ended before the
/// choice (a fault in the exchange) have no chooser and are not counted.
#[derive(Clone, Debug, Default)]
pub struct ChooserTally {
    pub wdl: [Wdl; 2],
    /// How often each engine took each colour (`Colour::index`).
    pub took: [[u32; 2]; 2],
}

impl Tally {
    pub fn new(name1: &str, name2: &str) -> Tally {
        Tally {
            names: [name1.to_string(), name2.to_string()],
            ..Tally::default()
        }
    }

    /// Adds a finished game. `black` is the engine (0 or 1) that had black.
    pub fn add(&mut self, outcome: &Outcome, black: usize, time_ms: [u64; 2], moves: [u32; 2]) {
        let engine_of = |colour: Colour| {
            if colour == Colour::Black {
                black
            } else {
                1 - black
            }
        };
        for colour in [Colour::Black, Colour::White] {
            let engine = engine_of(colour);
            self.by_colour[engine][colour.index()].add_game(outcome.winner(), colour);
            self.time_ms[engine] += time_ms[colour.index()];
            self.moves[engine] += moves[colour.index()] as u64;
        }
        let engine1_colour = if black == 0 {
            Colour::Black
        } else {
            Colour::White
        };
        self.wdl.add_game(outcome.winner(), engine1_colour);
        match outcome {
            Outcome::Five { .. } => self.five += 1,
            Outcome::DrawFull => self.full_board += 1,
            Outcome::DrawLimit => self.move_limit += 1,
            Outcome::Fault { by, kind, .. } => self.faults[engine_of(*by)][kind.index()] += 1,
        }
    }

    /// Adds a finished swap2 game's choice; `chooser` is the engine (0 or
    /// 1) that made it.
    pub fn add_choice(&mut self, choice: &Swap2Choice, chooser: usize, outcome: &Outcome) {
        let Some(tally) = self.chooser.as_mut() else {
            return;
        };
        tally.wdl[chooser].add_game(outcome.winner(), choice.took);
        tally.took[chooser][choice.took.index()] += 1;
    }

    pub fn games(&self) -> u32 {
        self.wdl.games()
    }

    pub fn total_faults(&self) -> u32 {
        self.faults.iter().flatten().sum()
    }

    /// `<name1> vs <name2>: W=.. D=.. L=.. score=.. Elo=.. +/- .. faults=..`
    fn standing(&self) -> String {
        let (elo, error) = elo_with_error(&self.wdl);
        format!(
            "{} vs {}: {} Elo={} +/- {} faults={}",
            self.names[0],
            self.names[1],
            self.wdl,
            fmt_elo(elo),
            fmt_elo(error),
            self.total_faults()
        )
    }

    /// The last line of the output.
    pub fn result_line(&self) -> String {
        format!("RESULT {}", self.standing())
    }

    /// One-line progress report.
    pub fn progress(&self, planned: usize, sprt: Option<&Sprt>) -> String {
        let mut line = format!("[{}/{}] {}", self.games(), planned, self.standing());
        if let Some(sprt) = sprt {
            let _ = write!(
                line,
                " LLR={:.2} ({:.2}, {:.2})",
                sprt.llr(&self.wdl),
                sprt.lower_bound(),
                sprt.upper_bound()
            );
        }
        line
    }

    /// The final table (without the RESULT line).
    pub fn table(&self, sprt: Option<&Sprt>) -> String {
        let mut out = String::new();
        let width = self
            .names
            .iter()
            .map(|n| n.len())
            .max()
            .unwrap_or(0)
            .max(10);
        let _ = writeln!(
            out,
            "{:width$}  {:>5} {:>5} {:>5}  {:>6}   {:>5} {:>5} {:>5}   {:>5} {:>5} {:>5}",
            "engine", "W", "D", "L", "score", "bW", "bD", "bL", "wW", "wD", "wL"
        );
        for engine in 0..2 {
            let wdl = if engine == 0 {
                self.wdl
            } else {
                self.wdl.flipped()
            };
            let [b, w] = self.by_colour[engine];
            let _ = writeln!(
                out,
                "{:width$}  {:>5} {:>5} {:>5}  {:>5.1}%   {:>5} {:>5} {:>5}   {:>5} {:>5} {:>5}",
                self.names[engine],
                wdl.wins,
                wdl.draws,
                wdl.losses,
                100.0 * wdl.score(),
                b.wins,
                b.draws,
                b.losses,
                w.wins,
                w.draws,
                w.losses
            );
        }
        let _ = writeln!(out, "(bW/bD/bL: results with black, wW/wD/wL: with white)");
        let (elo, error) = elo_with_error(&self.wdl);
        let _ = writeln!(
            out,
            "Elo difference ({} - {}): {} +/- {} (95%), {} games",
            self.names[0],
            self.names[1],
            fmt_elo(elo),
            fmt_elo(error),
            self.games()
        );
        let _ = write!(out, "{:width$}  faults:", "");
        for kind in FaultKind::ALL {
            let _ = write!(out, " {:>9}", kind.name());
        }
        out.push('\n');
        for engine in 0..2 {
            let _ = write!(out, "{:width$}        ", self.names[engine]);
            for kind in FaultKind::ALL {
                let _ = write!(out, " {:>9}", self.faults[engine][kind.index()]);
            }
            out.push('\n');
        }
        for engine in 0..2 {
            let average = if self.moves[engine] > 0 {
                self.time_ms[engine] as f64 / self.moves[engine] as f64
            } else {
                0.0
            };
            let _ = writeln!(
                out,
                "{:width$}  average {:.0} ms per move over {} moves",
                self.names[engine], average, self.moves[engine]
            );
        }
        let _ = writeln!(
            out,
            "Game ends: five {}, full board {}, move limit {}, fault {}{}",
            self.five,
            self.full_board,
            self.move_limit,
            self.total_faults(),
            if self.abandoned > 0 {
                format!(" ({} unfinished games abandoned)", self.abandoned)
            } else {
                String::new()
            }
        );
        if let Some(chooser) = &self.chooser {
            out.push_str(&self.chooser_lines(chooser));
        }
        if let Some(sprt) = sprt {
            let verdict = match sprt.decision(&self.wdl) {
                SprtDecision::AcceptH0 => "H0 accepted",
                SprtDecision::AcceptH1 => "H1 accepted",
                SprtDecision::Continue => "no decision",
            };
            let _ = writeln!(
                out,
                "SPRT elo0={} elo1={} alpha={} beta={}: LLR {:.2} (bounds {:.2}, {:.2}): {verdict}",
                sprt.elo0,
                sprt.elo1,
                sprt.alpha,
                sprt.beta,
                sprt.llr(&self.wdl),
                sprt.lower_bound(),
                sprt.upper_bound()
            );
        }
        out
    }

    /// `CHOOSER W=.. D=.. L=.. score=..` over both engines, then one line
    /// per engine as chooser with the colours it took.
    fn chooser_lines(&self, chooser: &ChooserTally) -> String {
        let mut out = format!("CHOOSER {}\n", chooser.wdl[0] + chooser.wdl[1]);
        for engine in 0..2 {
            let [black, white] = chooser.took[engine];
            let _ = writeln!(
                out,
                "CHOOSER {}: {} took black={black} white={white}",
                self.names[engine], chooser.wdl[engine]
            );
        }
        out
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn tally_per_engine_and_colour() {
        let mut tally = Tally::new("a", "b");
        // Game 1: a black wins by five. Game 2: b black, b times out.
        tally.add(
            &Outcome::Five {
                winner: Colour::Black,
            },
            0,
            [100, 50],
            [10, 9],
        );
        tally.add(
            &Outcome::Fault {
                by: Colour::Black,
                kind: FaultKind::Timeout,
                detail: String::new(),
            },
            1,
            [30, 70],
            [3, 3],
        );
        tally.add(&Outcome::DrawFull, 0, [0, 0], [0, 0]);
        assert_eq!(
            tally.wdl,
            Wdl {
                wins: 2,
                draws: 1,
                losses: 0
            }
        );
        assert_eq!(tally.by_colour[0][Colour::White.index()].wins, 1);
        assert_eq!(tally.by_colour[1][Colour::Black.index()].losses, 1);
        assert_eq!(tally.faults[1][FaultKind::Timeout.index()], 1);
        assert_eq!(tally.time_ms, [170, 80]);
        assert_eq!(tally.moves, [13, 12]);
        assert_eq!(
            tally.result_line(),
            "RESULT a vs b: W=2 D=1 L=0 score=0.833 Elo=279.6 +/- inf faults=1"
        );
        assert!(tally.table(None).contains("timeout"));
    }

    #[test]
    fn chooser_results() {
        let mut tally = Tally::new("a", "b");
        // Without swap2 there is no chooser line.
        assert!(!tally.table(None).contains("CHOOSER"));
        tally.chooser = Some(ChooserTally::default());
        let black_wins = Outcome::Five {
            winner: Colour::Black,
        };
        // b swapped and won as black; a took white and lost; b took white
        // and drew.
        let choice = |took, stones| Swap2Choice {
            chooser: crate::match_runner::swap2::P2,
            took,
            stones,
        };
        tally.add_choice(&choice(Colour::Black, 3), 1, &black_wins);
        tally.add_choice(&choice(Colour::White, 5), 0, &black_wins);
        tally.add_choice(&choice(Colour::White, 3), 1, &Outcome::DrawFull);
        let table = tally.table(None);
        assert!(
            table.ends_with(
                "CHOOSER W=1 D=1 L=1 score=0.500\n\
                 CHOOSER a: W=0 D=0 L=1 score=0.000 took black=0 white=1\n\
                 CHOOSER b: W=1 D=1 L=0 score=0.750 took black=1 white=1\n"
            ),
            "{table}"
        );
    }
}
