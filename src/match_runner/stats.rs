//! Match statistics: Elo difference with a 95% interval, and the SPRT.
//!
//! Both use the logistic Elo model, `score = 1 / (1 + 10^(-elo / 400))`,
//! and the trinomial (win / draw / loss) variance of the per-game score,
//! as cutechess-cli and fishtest do.

use crate::board::Colour;

/// Two-sided 95% quantile of the standard normal distribution.
pub const Z95: f64 = 1.959_963_984_540_054;

/// Expected score of a player `elo` points stronger than its opponent.
pub fn score_of_elo(elo: f64) -> f64 {
    1.0 / (1.0 + 10f64.powf(-elo / 400.0))
}

/// Elo difference that gives the expected `score` (infinite at 0 and 1).
pub fn elo_of_score(score: f64) -> f64 {
    if score <= 0.0 {
        f64::NEG_INFINITY
    } else if score >= 1.0 {
        f64::INFINITY
    } else {
        -400.0 * (1.0 / score - 1.0).log10()
    }
}

/// Wins, draws and losses from one player's side.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Wdl {
    pub wins: u32,
    pub draws: u32,
    pub losses: u32,
}

impl Wdl {
    pub fn games(&self) -> u32 {
        self.wins + self.draws + self.losses
    }

    /// Mean score per game (0.5 when no game was played).
    pub fn score(&self) -> f64 {
        let n = self.games();
        if n == 0 {
            return 0.5;
        }
        (self.wins as f64 + 0.5 * self.draws as f64) / n as f64
    }

    /// Variance of a single game's score (trinomial: each game scores 1,
    /// 1/2 or 0 with the observed frequencies).
    pub fn variance(&self) -> f64 {
        let n = self.games();
        if n == 0 {
            return 0.0;
        }
        let n = n as f64;
        let s = self.score();
        let (w, d, l) = (
            self.wins as f64 / n,
            self.draws as f64 / n,
            self.losses as f64 / n,
        );
        w * (1.0 - s).powi(2) + d * (0.5 - s).powi(2) + l * s.powi(2)
    }

    /// The same games seen from the opponent's side.
    pub fn flipped(&self) -> Wdl {
        Wdl {
            wins: self.losses,
            draws: self.draws,
            losses: self.wins,
        }
    }

    /// Counts a game won by `winner` (`None` = draw) from `side`'s view.
    pub fn add_game(&mut self, winner: Option<Colour>, side: Colour) {
        match winner {
            None => self.draws += 1,
            Some(winner) if winner == side => self.wins += 1,
            Some(_) => self.losses += 1,
        }
    }
}

/// `W=<w> D=<d> L=<l> score=<s>`, as in the RESULT line.
impl std::fmt::Display for Wdl {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(
            f,
            "W={} D={} L={} score={:.3}",
            self.wins,
            self.draws,
            self.losses,
            self.score()
        )
    }
}

impl std::ops::Add for Wdl {
    type Output = Wdl;

    fn add(self, other: Wdl) -> Wdl {
        Wdl {
            wins: self.wins + other.wins,
            draws: self.draws + other.draws,
            losses: self.losses + other.losses,
        }
    }
}

/// Elo difference and the half-width of its 95% confidence interval.
///
/// The interval is taken on the score (mean ± 1.96 standard errors) and
/// mapped through the logistic curve; the reported error is half the
/// width of the mapped interval (cutechess-cli's convention). Both are
/// infinite when the interval reaches a score of 0 or 1.
pub fn elo_with_error(wdl: &Wdl) -> (f64, f64) {
    let n = wdl.games();
    if n == 0 {
        return (0.0, f64::INFINITY);
    }
    let score = wdl.score();
    let std_error = (wdl.variance() / n as f64).sqrt();
    let delta = Z95 * std_error;
    let elo = elo_of_score(score);
    let high = elo_of_score(score + delta);
    let low = elo_of_score(score - delta);
    let error = (high - low) / 2.0;
    (elo, if error.is_nan() { f64::INFINITY } else { error })
}

/// Formats an Elo value (or error) with one decimal; infinities as
/// `inf` / `-inf` (both parse as `f64`).
pub fn fmt_elo(value: f64) -> String {
    if value.is_infinite() {
        if value > 0.0 { "inf" } else { "-inf" }.to_string()
    } else if value.is_nan() {
        "nan".to_string()
    } else {
        let text = format!("{value:.1}");
        if text == "-0.0" {
            "0.0".to_string()
        } else {
            text
        }
    }
}

/// Sequential probability ratio test between H0: Elo = `elo0` and
/// H1: Elo = `elo1`.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Sprt {
    pub elo0: f64,
    pub elo1: f64,
    pub alpha: f64,
    pub beta: f64,
}

/// What the SPRT concludes so far.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum SprtDecision {
    /// The LLR fell below the lower bound.
    AcceptH0,
    /// The LLR rose above the upper bound.
    AcceptH1,
    Continue,
}

impl Sprt {
    /// Parses `ELO0,ELO1[,ALPHA,BETA]` (alpha and beta default to 0.05).
    pub fn parse(text: &str) -> Result<Sprt, String> {
        let parts: Vec<&str> = text.split(',').map(str::trim).collect();
        if parts.len() != 2 && parts.len() != 4 {
            return Err(format!("--sprt wants ELO0,ELO1[,ALPHA,BETA], got '{text}'"));
        }
        let mut values = Vec::new();
        for part in &parts {
            let value: f64 = part
                .parse()
                .map_err(|_| format!("--sprt: '{part}' is not a number"))?;
            if !value.is_finite() {
                return Err(format!("--sprt: '{part}' is not a finite number"));
            }
            values.push(value);
        }
        let (alpha, beta) = if values.len() == 4 {
            (values[2], values[3])
        } else {
            (0.05, 0.05)
        };
        if !(0.0 < alpha && alpha < 0.5 && 0.0 < beta && beta < 0.5) {
            return Err("--sprt: alpha and beta must lie strictly between 0 and 0.5".into());
        }
        if values[0] >= values[1] {
            return Err("--sprt: ELO0 must be below ELO1".into());
        }
        Ok(Sprt {
            elo0: values[0],
            elo1: values[1],
            alpha,
            beta,
        })
    }

    /// Lower bound ln(beta / (1 - alpha)): below it H0 is accepted.
    pub fn lower_bound(&self) -> f64 {
        (self.beta / (1.0 - self.alpha)).ln()
    }

    /// Upper bound ln((1 - beta) / alpha): above it H1 is accepted.
    pub fn upper_bound(&self) -> f64 {
        ((1.0 - self.beta) / self.alpha).ln()
    }

    /// Log-likelihood ratio of H1 against H0 (GSPRT approximation for the
    /// trinomial model): `N (s1 - s0) (2 s - s0 - s1) / (2 var)`, with `s`
    /// the observed mean score, `var` the per-game score variance and
    /// `s0`, `s1` the scores of `elo0`, `elo1`. A count of zero is replaced
    /// by half a game, so that the variance is never zero and a run of wins
    /// only (a broken opponent) still decides after a dozen or so games;
    /// with every count non-zero this is the plain GSPRT value. Zero games
    /// give 0.
    pub fn llr(&self, wdl: &Wdl) -> f64 {
        if wdl.games() == 0 {
            return 0.0;
        }
        let regular = |count: u32| if count == 0 { 0.5 } else { count as f64 };
        let (w, d, l) = (regular(wdl.wins), regular(wdl.draws), regular(wdl.losses));
        let n = w + d + l;
        let s = (w + 0.5 * d) / n;
        let variance = (w * (1.0 - s).powi(2) + d * (0.5 - s).powi(2) + l * s.powi(2)) / n;
        let s0 = score_of_elo(self.elo0);
        let s1 = score_of_elo(self.elo1);
        n * (s1 - s0) * (2.0 * s - s0 - s1) / (2.0 * variance)
    }

    pub fn decision(&self, wdl: &Wdl) -> SprtDecision {
        let llr = self.llr(wdl);
        if llr >= self.upper_bound() {
            SprtDecision::AcceptH1
        } else if llr <= self.lower_bound() {
            SprtDecision::AcceptH0
        } else {
            SprtDecision::Continue
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn close(a: f64, b: f64, eps: f64) -> bool {
        (a - b).abs() < eps
    }

    #[test]
    fn elo_of_score_known_values() {
        assert_eq!(elo_of_score(0.5), 0.0);
        // 0.75 = 1 / (1 + 10^(-e/400)) => 10^(-e/400) = 1/3 => e = 400 log10 3.
        assert!(close(elo_of_score(0.75), 190.848_501_887_865, 1e-9));
        assert!(close(score_of_elo(190.848_501_887_865), 0.75, 1e-12));
        assert_eq!(elo_of_score(1.0), f64::INFINITY);
        assert_eq!(elo_of_score(0.0), f64::NEG_INFINITY);
    }

    #[test]
    fn elo_interval_by_hand() {
        // W=60 D=20 L=20: s = (60 + 10) / 100 = 0.7.
        // var = 0.6 * 0.3^2 + 0.2 * 0.2^2 + 0.2 * 0.7^2 = 0.054 + 0.008 + 0.098 = 0.16.
        // std error = sqrt(0.16 / 100) = 0.04; delta = 1.96 * 0.04 = 0.0784.
        // Elo(0.7) = -400 log10(3/7) = 147.19;
        // Elo(0.7784) = 218.25, Elo(0.6216) = 86.23 => error = (218.25 - 86.23) / 2 = 66.01.
        let wdl = Wdl {
            wins: 60,
            draws: 20,
            losses: 20,
        };
        assert!(close(wdl.score(), 0.7, 1e-12));
        assert!(close(wdl.variance(), 0.16, 1e-12));
        let (elo, error) = elo_with_error(&wdl);
        assert!(close(elo, 147.19, 0.01), "{elo}");
        assert!(close(error, 66.01, 0.01), "{error}");
        // The opponent's view mirrors it.
        let (elo, error2) = elo_with_error(&wdl.flipped());
        assert!(close(elo, -147.19, 0.01));
        assert!(close(error, error2, 1e-9));

        // W=45 D=10 L=45: s = 0.5, var = 0.9 * 0.25 = 0.225, error = 65.36.
        let even = Wdl {
            wins: 45,
            draws: 10,
            losses: 45,
        };
        let (elo, error) = elo_with_error(&even);
        assert_eq!(elo, 0.0);
        assert!(close(error, 65.36, 0.01), "{error}");
    }

    #[test]
    fn elo_edge_cases() {
        let (elo, error) = elo_with_error(&Wdl::default());
        assert_eq!((elo, error), (0.0, f64::INFINITY));
        let all_wins = Wdl {
            wins: 4,
            draws: 0,
            losses: 0,
        };
        let (elo, _) = elo_with_error(&all_wins);
        assert_eq!(fmt_elo(elo), "inf");
        assert_eq!(fmt_elo(-0.0), "0.0");
        assert_eq!(fmt_elo(12.345), "12.3");
        assert_eq!(fmt_elo(f64::NEG_INFINITY), "-inf");
    }

    #[test]
    fn sprt_bounds_and_llr_by_hand() {
        let sprt = Sprt::parse("0,10").unwrap();
        assert_eq!((sprt.alpha, sprt.beta), (0.05, 0.05));
        // ln(0.05 / 0.95) = -2.944439, ln(0.95 / 0.05) = 2.944439.
        assert!(close(sprt.lower_bound(), -2.944_439, 1e-6));
        assert!(close(sprt.upper_bound(), 2.944_439, 1e-6));

        // W=60 D=20 L=20: s = 0.7, var = 0.16 (above). s0 = 0.5,
        // s1 = 1 / (1 + 10^(-10/400)) = 0.5143872.
        // LLR = 100 * 0.0143872 * (1.4 - 0.5 - 0.5143872) / 0.32 = 1.733713.
        let wdl = Wdl {
            wins: 60,
            draws: 20,
            losses: 20,
        };
        assert!(close(sprt.llr(&wdl), 1.733_713, 1e-5), "{}", sprt.llr(&wdl));
        assert_eq!(sprt.decision(&wdl), SprtDecision::Continue);

        // Three times the games at the same frequencies: LLR triples (5.2) => H1.
        let more = Wdl {
            wins: 180,
            draws: 60,
            losses: 60,
        };
        assert!(close(sprt.llr(&more), 3.0 * 1.733_713, 1e-4));
        assert_eq!(sprt.decision(&more), SprtDecision::AcceptH1);
        assert_eq!(sprt.decision(&more.flipped()), SprtDecision::AcceptH0);

        // W=45 D=10 L=45 against H1 = +5: s = 0.5, var = 0.225,
        // s1 = 0.5071945, LLR = 100 * 0.0071945 * (1 - 0.5 - 0.5071945) / 0.45 = -0.0115043.
        let sprt = Sprt::parse("0,5,0.05,0.05").unwrap();
        let even = Wdl {
            wins: 45,
            draws: 10,
            losses: 45,
        };
        assert!(close(sprt.llr(&even), -0.011_504_3, 1e-6));
        // No information: LLR 0.
        assert_eq!(sprt.llr(&Wdl::default()), 0.0);
        // Only wins (a broken opponent): with half a draw and half a loss
        // added, 1 win gives w=1, d=l=0.5, s=0.625, var=0.17188,
        // LLR = 2 * 0.0143872 * (1.25 - 1.0143872) / 0.34375 = 0.01972.
        let one = Wdl {
            wins: 1,
            draws: 0,
            losses: 0,
        };
        let sprt = Sprt::parse("0,10").unwrap();
        assert!(close(sprt.llr(&one), 0.019_72, 1e-4), "{}", sprt.llr(&one));
        let wins = Wdl {
            wins: 20,
            draws: 0,
            losses: 0,
        };
        assert_eq!(sprt.decision(&wins), SprtDecision::AcceptH1);
        assert_eq!(sprt.decision(&wins.flipped()), SprtDecision::AcceptH0);
    }

    #[test]
    fn sprt_parse_errors() {
        assert!(Sprt::parse("0").is_err());
        assert!(Sprt::parse("0,5,0.05").is_err());
        assert!(Sprt::parse("5,0").is_err());
        assert!(Sprt::parse("0,x").is_err());
        assert!(Sprt::parse("0,5,0.7,0.05").is_err());
        let custom = Sprt::parse("-3, 2, 0.1, 0.2").unwrap();
        assert_eq!(
            custom,
            Sprt {
                elo0: -3.0,
                elo1: 2.0,
                alpha: 0.1,
                beta: 0.2
            }
        );
    }
}
