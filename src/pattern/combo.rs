//! Combining the four line patterns of a cell into one threat class.

use super::Pattern;
use std::sync::OnceLock;

/// The strongest threat a stone on a cell makes, over all four lines.
/// Ordered from weakest to strongest.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
#[repr(u8)]
pub enum CellThreat {
    None = 0,
    /// At least one open two (a step towards a three).
    Two,
    /// One closed four alone: forces a single answer.
    Four,
    /// One open three, no four.
    Three,
    /// Two or more open threes, no four.
    DoubleThree,
    /// A four together with an open three in another line.
    FourThree,
    /// Two fours (in two lines, or two in one line): wins unless the
    /// opponent has a five first. Forbidden for black in renju.
    DoubleFour,
    /// A straight four.
    OpenFour,
    /// A winning five.
    Five,
}

impl CellThreat {
    pub const COUNT: usize = 9;

    pub const ALL: [CellThreat; CellThreat::COUNT] = [
        CellThreat::None,
        CellThreat::Two,
        CellThreat::Four,
        CellThreat::Three,
        CellThreat::DoubleThree,
        CellThreat::FourThree,
        CellThreat::DoubleFour,
        CellThreat::OpenFour,
        CellThreat::Five,
    ];

    #[inline]
    pub fn from_index(index: u8) -> CellThreat {
        CellThreat::ALL[index as usize]
    }

    /// This class's bit in a mask of classes.
    #[inline]
    pub const fn bit(self) -> u16 {
        1 << self as u16
    }
}

/// Index of a cell's four patterns in the combination tables.
pub type Combo = u16;

/// Number of possible pattern combinations.
pub const COMBO_COUNT: usize = Pattern::COUNT.pow(4);

/// Combination index of four patterns.
#[inline]
pub fn combo_index(patterns: [Pattern; 4]) -> Combo {
    let n = Pattern::COUNT as u16;
    ((patterns[0] as u16 * n + patterns[1] as u16) * n + patterns[2] as u16) * n
        + patterns[3] as u16
}

/// The four patterns of a combination index.
pub fn combo_patterns(combo: Combo) -> [Pattern; 4] {
    let n = Pattern::COUNT as u16;
    let mut rest = combo;
    let mut patterns = [Pattern::Dead; 4];
    for slot in patterns.iter_mut().rev() {
        *slot = Pattern::from_index((rest % n) as u8);
        rest /= n;
    }
    patterns
}

/// Threat class of four patterns (the definition the table is built from).
pub fn threat_of(patterns: [Pattern; 4]) -> CellThreat {
    let count = |wanted: &[Pattern]| patterns.iter().filter(|p| wanted.contains(p)).count();
    if count(&[Pattern::Five]) > 0 {
        CellThreat::Five
    } else if count(&[Pattern::OpenFour]) > 0 {
        CellThreat::OpenFour
    } else if count(&[Pattern::FourFour]) > 0 || count(&[Pattern::Four]) >= 2 {
        CellThreat::DoubleFour
    } else if count(&[Pattern::Four]) == 1 && count(&[Pattern::OpenThree]) > 0 {
        CellThreat::FourThree
    } else if count(&[Pattern::OpenThree]) >= 2 {
        CellThreat::DoubleThree
    } else if count(&[Pattern::OpenThree]) == 1 {
        CellThreat::Three
    } else if count(&[Pattern::Four]) == 1 {
        CellThreat::Four
    } else if count(&[Pattern::OpenTwo]) > 0 {
        CellThreat::Two
    } else {
        CellThreat::None
    }
}

/// Index of a combination in the order-independent numbering: the four
/// patterns as a multiset, so the four directions of a square are
/// interchangeable (what a learned table needs to share its data).
pub type DenseCombo = u16;

/// Number of pattern multisets of size four: C(12 + 3, 4).
pub const DENSE_COMBO_COUNT: usize = 1365;

/// Every multiset of four patterns, strongest first within each, in a fixed
/// order: the dense index of a multiset is its position here.
pub fn dense_combos() -> Vec<[Pattern; 4]> {
    let mut all = Vec::with_capacity(DENSE_COMBO_COUNT);
    for a in 0..Pattern::COUNT {
        for b in 0..=a {
            for c in 0..=b {
                for d in 0..=c {
                    all.push([a, b, c, d].map(|i| Pattern::from_index(i as u8)));
                }
            }
        }
    }
    all
}

/// Threat class and dense index of every pattern combination, generated
/// once, packed as `dense | threat << DENSE_BITS`: the board's update reads
/// both from one entry.
pub struct ComboTable {
    packed: Box<[u16]>,
}

/// Bits of a dense index in a packed entry.
const DENSE_BITS: u32 = 11;
const _: () = assert!(DENSE_COMBO_COUNT <= 1 << DENSE_BITS);

impl ComboTable {
    pub fn get() -> &'static ComboTable {
        static TABLE: OnceLock<ComboTable> = OnceLock::new();
        TABLE.get_or_init(|| {
            let sorted = |combo: Combo| {
                let mut patterns = combo_patterns(combo);
                patterns.sort_unstable_by(|a, b| b.cmp(a));
                patterns
            };
            // rustc-hash, not std's hasher: its random keys import
            // bcryptprimitives.dll into the Windows build, which Wine 8.0 lacks.
            let index_of: rustc_hash::FxHashMap<[Pattern; 4], DenseCombo> = dense_combos()
                .into_iter()
                .enumerate()
                .map(|(i, patterns)| (patterns, i as DenseCombo))
                .collect();
            ComboTable {
                packed: (0..COMBO_COUNT as Combo)
                    .map(|combo| {
                        let threat = threat_of(combo_patterns(combo));
                        index_of[&sorted(combo)] | (threat as u16) << DENSE_BITS
                    })
                    .collect(),
            }
        })
    }

    /// The dense index and the threat class of a combination.
    #[inline]
    pub fn dense_and_threat(&self, combo: Combo) -> (DenseCombo, CellThreat) {
        // Every class below 32: the shifted entry indexes this array
        // without a bounds check (`ALL` has only COUNT entries).
        const DECODE: [CellThreat; 1 << (16 - DENSE_BITS)] = {
            let mut decode = [CellThreat::None; 1 << (16 - DENSE_BITS)];
            let mut i = 0;
            while i < CellThreat::COUNT {
                decode[i] = CellThreat::ALL[i];
                i += 1;
            }
            decode
        };
        let entry = self.packed[combo as usize];
        let dense = entry & ((1 << DENSE_BITS) - 1);
        (dense, DECODE[(entry >> DENSE_BITS) as usize])
    }

    /// The order-independent index of a combination.
    #[inline]
    pub fn dense(&self, combo: Combo) -> DenseCombo {
        self.dense_and_threat(combo).0
    }
}
