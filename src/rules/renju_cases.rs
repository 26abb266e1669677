//! Hand-checked corpus of renju forbidden-move positions (Black to move).
//!
//! Every case is data: a board size, a drawn window (`ascii`, parsed by
//! [`RefBoard::from_ascii`]: `X` Black, `O` White, `.` empty, `#` wall, `*`
//! an empty point under discussion, spaces ignored; the first row is
//! `origin.1`, the first column `origin.0`; everything outside the window is
//! empty), and the expected verdicts in absolute coordinates (x = column,
//! y = row, 0-based, as in RULES.md §8).
//!
//! * `forbidden`: points that must be forbidden for Black.
//! * `allowed`: empty points that must **not** be forbidden.
//! * `exact_list`: when `true`, the complete list of forbidden points of the
//!   board (row by row, as [`forbidden_points`] returns it) must equal
//!   `forbidden`.
//!
//! The corpus has three parts: the worked examples of RULES.md §9 (with the
//! control positions the text mentions), one or more positions for each
//! renju edge case of RULES.md §10 items 5–16, and further positions built
//! and reasoned out by hand (the comment above each case says which lines
//! make which shapes). Expected results for the RULES.md parts are exactly
//! what RULES.md states (verified there against Rapfi). Where Rapfi and
//! Piskvork differ (RULES.md §10 item 12) the corpus follows Piskvork
//! (PROTOCOL.md §17 decision 12).
//!
//! Shorthand in the comments: P is the point under test; "open three" means
//! three stones with a straight-four extension that is a legal move; a
//! "straight four" is `.XXXX.` with both completions giving exactly five.
//!
//! [`RefBoard::from_ascii`]: super::renju_reference::RefBoard::from_ascii
//! [`forbidden_points`]: super::renju_reference::forbidden_points

use super::renju_reference::RefBoard;

/// One position of the corpus; see the module documentation.
#[derive(Clone, Copy, Debug)]
pub struct RenjuCase {
    pub name: &'static str,
    pub width: usize,
    pub height: usize,
    /// (x, y) of the first character of the first row of `ascii`.
    pub origin: (usize, usize),
    pub ascii: &'static str,
    pub forbidden: &'static [(usize, usize)],
    pub allowed: &'static [(usize, usize)],
    pub exact_list: bool,
}

impl RenjuCase {
    /// The position as a reference board.
    pub fn board(&self) -> RefBoard {
        RefBoard::from_ascii(
            self.width,
            self.height,
            self.origin.0,
            self.origin.1,
            self.ascii,
        )
    }
}
pub const RENJU_CASES: &[RenjuCase] = &[
    // ===== RULES.md §9 worked examples (windows and coordinates as drawn there) =====

    // RULES.md §9.1: (5,7) makes an unbroken six (2..7) → overline → forbidden
    // ("Verified: Rapfi lists (5,7)").
    // Window: columns 1..=8, rows 7..=7.
    RenjuCase {
        name: "rules-9.1-overline",
        width: 15,
        height: 15,
        origin: (1, 7),
        ascii: "
            . X X X * X X .
        ",
        forbidden: &[(5, 7)],
        allowed: &[],
        exact_list: false,
    },
    // RULES.md §9.4: (6,7) makes an open three horizontally (4,5,6) and vertically
    // (6,6..6,8); both extensions are legal → forbidden. Rapfi: `FORBID 0607.`
    // (the whole list).
    // Window: columns 1..=9, rows 5..=9.
    RenjuCase {
        name: "rules-9.4-double-three",
        width: 15,
        height: 15,
        origin: (1, 5),
        ascii: "
            . . . . . . . . .
            . . . . . X . . .
            . . . X X * . . .
            . . . . . X . . .
            . . . . . . . . .
        ",
        forbidden: &[(6, 7)],
        allowed: &[],
        exact_list: true,
    },
    // RULES.md §9.5: two closed fours, horizontal 4..7 (only (8,7) completes) and
    // vertical 4..7 (only (7,8) completes) → double-four → forbidden.
    // Window: columns 1..=8, rows 3..=7.
    RenjuCase {
        name: "rules-9.5-double-four-two-lines",
        width: 15,
        height: 15,
        origin: (1, 3),
        ascii: "
            . . . . . . O .
            . . . . . . X .
            . . . . . . X .
            . . . . . . X .
            . . O X X X * .
        ",
        forbidden: &[(7, 7)],
        allowed: &[],
        exact_list: false,
    },
    // RULES.md §9.6 first diagram, `XXX.*.XXX`: after (7,7), (6,7) gives the five
    // 3..7 and (8,7) gives 7..11, two different fours in one line → forbidden.
    // Window: columns 1..=12, rows 7..=7.
    RenjuCase {
        name: "rules-9.6-four-four-one-line-xxx",
        width: 15,
        height: 15,
        origin: (1, 7),
        ascii: "
            . . X X X . * . X X X .
        ",
        forbidden: &[(7, 7)],
        allowed: &[],
        exact_list: false,
    },
    // RULES.md §9.6 second diagram, `XX.X*.XX`: completions (4,7) (five 2..6) and
    // (7,7) (five 5..9) → two fours → forbidden. "Rapfi lists only (6,7)" (exact).
    // Window: columns 1..=10, rows 7..=7.
    RenjuCase {
        name: "rules-9.6-four-four-one-line-xx",
        width: 15,
        height: 15,
        origin: (1, 7),
        ascii: "
            . X X . X * . X X .
        ",
        forbidden: &[(6, 7)],
        allowed: &[],
        exact_list: true,
    },
    // RULES.md §9.7 first diagram: (7,7) makes an exact five 3..7 (closed by O at
    // (2,7), (8,7) empty) and would also make two open threes (vertical 5..7,
    // diagonal 7..9). The five wins → not forbidden. Rapfi's list is empty.
    // Window: columns 1..=10, rows 5..=9.
    RenjuCase {
        name: "rules-9.7-five-beats-double-three",
        width: 15,
        height: 15,
        origin: (1, 5),
        ascii: "
            . . . . . . X . . .
            . . . . . . X . . .
            . O X X X X * . . .
            . . . . . . . X . .
            . . . . . . . . X .
        ",
        forbidden: &[],
        allowed: &[(7, 7)],
        exact_list: true,
    },
    // RULES.md §9.7 second diagram: (7,7) is an exact five horizontally (3..7,
    // O at both ends) and an overline vertically (5..10) → Black wins, not
    // forbidden ("(7,7) not in Rapfi's list"; RULES.md does not give the whole
    // list here, see own-9.7b-side-point-double-three for (5,8)).
    // Window: columns 1..=8, rows 5..=10.
    RenjuCase {
        name: "rules-9.7-five-beats-overline",
        width: 15,
        height: 15,
        origin: (1, 5),
        ascii: "
            . . . . . . X .
            . . . . . . X .
            . O X X X X * O
            . . . . . . X .
            . . . . . . X .
            . . . . . . X .
        ",
        forbidden: &[],
        allowed: &[(7, 7)],
        exact_list: false,
    },
    // RULES.md §9.8: horizontal after (6,7) is `O . X X X . . X`: (3,7) gives a
    // four closed by O; (7,7) gives 4..7 whose completion (8,7) would make six
    // (4..9) → no straight four → not a three. Only the vertical three (6,7..6,9)
    // counts → allowed. Rapfi's list is empty.
    // Window: columns 1..=10, rows 7..=9.
    RenjuCase {
        name: "rules-9.8-three-blocked-by-overline",
        width: 15,
        height: 15,
        origin: (1, 7),
        ascii: "
            . O . X X * . . X .
            . . . . . X . . . .
            . . . . . X . . . .
        ",
        forbidden: &[],
        allowed: &[(6, 7)],
        exact_list: true,
    },
    // RULES.md §9.8 control: without the Black stone at (9,7), (7,7) makes the
    // straight four 4..7 (ends (3,7), (8,7) both give exactly five) → two threes →
    // (6,7) forbidden (verified).
    // Window: columns 1..=10, rows 7..=9.
    RenjuCase {
        name: "rules-9.8-control",
        width: 15,
        height: 15,
        origin: (1, 7),
        ascii: "
            . O . X X * . . . .
            . . . . . X . . . .
            . . . . . X . . . .
        ",
        forbidden: &[(6, 7)],
        allowed: &[],
        exact_list: false,
    },
    // RULES.md §9.9: horizontal after (6,7) is `O . X X X . .`; its only
    // straight-four point is (7,7), and (7,7) is a double-four (vertical 4..7
    // closed by O at (7,3); diagonal 7..10 closed by O at (11,11)) → the
    // horizontal group is no three; only the vertical three (6,7..6,9) is real →
    // (6,7) allowed. Rapfi lists (7,7) (double-four) but not (6,7).
    // Window: columns 1..=11, rows 3..=11.
    RenjuCase {
        name: "rules-9.9-extension-is-double-four",
        width: 15,
        height: 15,
        origin: (1, 3),
        ascii: "
            . . . . . . O . . . .
            . . . . . . X . . . .
            . . . . . . X . . . .
            . . . . . . X . . . .
            . O . X X * * . . . .
            . . . . . X . X . . .
            . . . . . X . . X . .
            . . . . . . . . . X .
            . . . . . . . . . . O
        ",
        forbidden: &[(7, 7)],
        allowed: &[(6, 7)],
        exact_list: false,
    },
    // RULES.md §9.9 control: the same position without the column-7 and diagonal
    // stones: (7,7) now extends the horizontal to a straight four legally → two
    // threes → (6,7) forbidden (verified).
    // Window: columns 1..=11, rows 3..=11.
    RenjuCase {
        name: "rules-9.9-control",
        width: 15,
        height: 15,
        origin: (1, 3),
        ascii: "
            . . . . . . . . . . .
            . . . . . . . . . . .
            . . . . . . . . . . .
            . . . . . . . . . . .
            . O . X X * . . . . .
            . . . . . X . . . . .
            . . . . . X . . . . .
            . . . . . . . . . . .
            . . . . . . . . . . .
        ",
        forbidden: &[(6, 7)],
        allowed: &[],
        exact_list: false,
    },
    // RULES.md §9.10: (7,7) makes one closed four (horizontal 4..7, O at (3,7))
    // and one open three (vertical 5..7) → 4x3 is allowed. Rapfi's list is empty.
    // Window: columns 1..=8, rows 5..=7.
    RenjuCase {
        name: "rules-9.10-four-three",
        width: 15,
        height: 15,
        origin: (1, 5),
        ascii: "
            . . . . . . X .
            . . . . . . X .
            . . O X X X * .
        ",
        forbidden: &[],
        allowed: &[(7, 7)],
        exact_list: true,
    },
    // ===== RULES.md §10 edge cases (items 5-16) =====

    // §10 item 5 (five + any foul elsewhere → win). P=(7,7): horizontal 3..7 is an
    // exact five ((2,7), (8,7) empty); P also makes a four vertically (7..10,
    // completion (7,6)) and diagonally (7..10, completion (6,6)) → still allowed.
    // Window: columns 2..=11, rows 6..=11.
    RenjuCase {
        name: "rules-10.5-five-beats-double-four",
        width: 15,
        height: 15,
        origin: (2, 6),
        ascii: "
            . . . . . . . . . .
            . X X X X * . . . .
            . . . . . X X . . .
            . . . . . X . X . .
            . . . . . X . . X .
            . . . . . . . . . .
        ",
        forbidden: &[],
        allowed: &[(7, 7)],
        exact_list: false,
    },
    // §10 item 5. P=(4,4): vertical (4,0..4,4) is an exact five touching the top
    // edge ((4,5) empty); P also makes open threes horizontally (4..6, row 4) and
    // anti-diagonally ((4,4),(5,3),(6,2)) → the five wins → allowed.
    // Window: columns 3..=7, rows 0..=5.
    RenjuCase {
        name: "rules-10.5-five-to-the-edge-beats-double-three",
        width: 15,
        height: 15,
        origin: (3, 0),
        ascii: "
            . X . . .
            . X . . .
            . X . X .
            . X X . .
            . * X X .
            . . . . .
        ",
        forbidden: &[],
        allowed: &[(4, 4)],
        exact_list: false,
    },
    // Control for the previous case: with a Black stone on (4,5) the vertical run
    // becomes 0..5 = six, no five anywhere → overline (and 3x3) → forbidden.
    // Window: columns 3..=7, rows 0..=6.
    RenjuCase {
        name: "rules-10.5-control-six-to-the-edge",
        width: 15,
        height: 15,
        origin: (3, 0),
        ascii: "
            . X . . .
            . X . . .
            . X . X .
            . X X . .
            . * X X .
            . X . . .
            . . . . .
        ",
        forbidden: &[(4, 4)],
        allowed: &[],
        exact_list: false,
    },
    // §10 item 6, `XX.*X.XX`: P=(5,7) with X at 2,3,6,8,9. (4,7) gives the five
    // 2..6 (stones 2,3,5,6); (7,7) gives 5..9 (stones 5,6,8,9) → two fours in one
    // line → forbidden.
    // Window: columns 1..=10, rows 6..=8.
    RenjuCase {
        name: "rules-10.6-four-four-xx.*x.xx",
        width: 15,
        height: 15,
        origin: (1, 6),
        ascii: "
            . . . . . . . . . .
            . X X . * X . X X .
            . . . . . . . . . .
        ",
        forbidden: &[(5, 7)],
        allowed: &[],
        exact_list: false,
    },
    // §10 item 6 on a diagonal: `XXX.*.XXX` along (1,1)..(9,9), P=(5,5): (4,4)
    // gives the five 1..5, (6,6) gives 5..9 → two fours → forbidden. The gaps
    // themselves only make a straight four each (one four) → allowed.
    // Window: columns 0..=10, rows 0..=10.
    RenjuCase {
        name: "rules-10.6-four-four-one-line-diagonal",
        width: 15,
        height: 15,
        origin: (0, 0),
        ascii: "
            . . . . . . . . . . .
            . X . . . . . . . . .
            . . X . . . . . . . .
            . . . X . . . . . . .
            . . . . * . . . . . .
            . . . . . * . . . . .
            . . . . . . * . . . .
            . . . . . . . X . . .
            . . . . . . . . X . .
            . . . . . . . . . X .
            . . . . . . . . . . .
        ",
        forbidden: &[(5, 5)],
        allowed: &[(4, 4), (6, 6)],
        exact_list: false,
    },
    // §10 item 7. P=(6,7): horizontal 3..6 is a straight four ((2,7) and (7,7) both
    // give exactly five: one four); vertical 4..7 is closed by O at (6,3) and
    // completes at (6,8) (a second four) → double-four → forbidden.
    // Window: columns 2..=7, rows 2..=8.
    RenjuCase {
        name: "rules-10.7-straight-four-plus-closed-four",
        width: 15,
        height: 15,
        origin: (2, 2),
        ascii: "
            . . . . . .
            . . . . O .
            . . . . X .
            . . . . X .
            . . . . X .
            . X X X * .
            . . . . . .
        ",
        forbidden: &[(6, 7)],
        allowed: &[],
        exact_list: false,
    },
    // §10 item 8. Two fours through the move always have different five points
    // (two lines through P meet only at P), so "completed at the same empty point"
    // is read as: both fours are made by the one empty point P=(5,7), filling a
    // gap in each line. Horizontal `X*X.X` (4..8): only (7,7) gives a five;
    // vertical `XX*.X` ((5,5)..(5,9)): only (5,8) gives a five → double-four →
    // forbidden.
    // Window: columns 3..=9, rows 4..=10.
    RenjuCase {
        name: "rules-10.8-two-broken-fours-made-at-one-point",
        width: 15,
        height: 15,
        origin: (3, 4),
        ascii: "
            . . . . . . .
            . . X . . . .
            . . X . . . .
            . X * X . X .
            . . . . . . .
            . . X . . . .
            . . . . . . .
        ",
        forbidden: &[(5, 7)],
        allowed: &[],
        exact_list: false,
    },
    // §10 item 8, other reading. Black already has a closed four in column 8
    // ((8,3..8,6), O at (8,2)) whose five point is (8,7). P=(7,7) makes the closed
    // four 4..7 (O at (3,7)) whose five point is the same (8,7). Only fours made
    // by the move count: one four (P's anti-diagonal (8,6),(7,7) is a two) →
    // allowed.
    // Window: columns 2..=9, rows 1..=8.
    RenjuCase {
        name: "rules-10.8-new-four-shares-five-point-with-old-four",
        width: 15,
        height: 15,
        origin: (2, 1),
        ascii: "
            . . . . . . . .
            . . . . . . O .
            . . . . . . X .
            . . . . . . X .
            . . . . . . X .
            . . . . . . X .
            . O X X X * . .
            . . . . . . . .
        ",
        forbidden: &[],
        allowed: &[(7, 7)],
        exact_list: false,
    },
    // §10 item 8: as the previous case plus the vertical (7,8),(7,9),(7,10) (O at
    // (7,11)): P=(7,7) now also makes the closed four 7..10 completing at (7,6) →
    // two fours → forbidden.
    // Window: columns 2..=9, rows 1..=12.
    RenjuCase {
        name: "rules-10.8-shared-five-point-plus-second-four",
        width: 15,
        height: 15,
        origin: (2, 1),
        ascii: "
            . . . . . . . .
            . . . . . . O .
            . . . . . . X .
            . . . . . . X .
            . . . . . . X .
            . . . . . . X .
            . O X X X * . .
            . . . . . X . .
            . . . . . X . .
            . . . . . X . .
            . . . . . O . .
            . . . . . . . .
        ",
        forbidden: &[(7, 7)],
        allowed: &[],
        exact_list: false,
    },
    // §10 item 9, `XX.XX*`: P=(7,7) with X at 2,3,5,6. (4,7) would give six
    // (2..7) and (8,7) gives only 5..8 (four stones) → no four in this line. The
    // vertical 7..10 (O at (7,11)) is one four (completion (7,6)) → one four →
    // allowed.
    // Window: columns 1..=8, rows 6..=12.
    RenjuCase {
        name: "rules-10.9-gap-making-six-is-no-four",
        width: 15,
        height: 15,
        origin: (1, 6),
        ascii: "
            . . . . . . . .
            . X X . X X * .
            . . . . . . X .
            . . . . . . X .
            . . . . . . X .
            . . . . . . O .
            . . . . . . . .
        ",
        forbidden: &[],
        allowed: &[(7, 7)],
        exact_list: false,
    },
    // §10 item 9 control: without (2,7) the gap (4,7) gives exactly five 3..7 →
    // a second four → double-four → forbidden.
    // Window: columns 2..=8, rows 6..=12.
    RenjuCase {
        name: "rules-10.9-control-real-broken-four",
        width: 15,
        height: 15,
        origin: (2, 6),
        ascii: "
            . . . . . . .
            . X . X X * .
            . . . . . X .
            . . . . . X .
            . . . . . X .
            . . . . . O .
            . . . . . . .
        ",
        forbidden: &[(7, 7)],
        allowed: &[],
        exact_list: false,
    },
    // §10 item 10 (§9.8 on a diagonal). Diagonal after P=(6,6): O(2,2) . X X P . . X
    // (X at (9,9)). (3,3) gives a four closed by O; (7,7) gives 4..7 whose
    // completion (8,8) would make six → not a three. Vertical (6,6),(6,7),(6,8) is
    // the only three → allowed.
    // Window: columns 1..=10, rows 1..=10.
    RenjuCase {
        name: "rules-10.10-overline-pseudo-three-diagonal",
        width: 15,
        height: 15,
        origin: (1, 1),
        ascii: "
            . . . . . . . . . .
            . O . . . . . . . .
            . . . . . . . . . .
            . . . X . . . . . .
            . . . . X . . . . .
            . . . . . * . . . .
            . . . . . X . . . .
            . . . . . X . . . .
            . . . . . . . . X .
            . . . . . . . . . .
        ",
        forbidden: &[],
        allowed: &[(6, 6)],
        exact_list: false,
    },
    // §10 item 10 control: without (9,9), (7,7) makes the straight four 4..7
    // ((3,3) → five 3..7, (8,8) → five 4..8) → two threes → forbidden.
    // Window: columns 1..=7, rows 1..=9.
    RenjuCase {
        name: "rules-10.10-control-diagonal",
        width: 15,
        height: 15,
        origin: (1, 1),
        ascii: "
            . . . . . . .
            . O . . . . .
            . . . . . . .
            . . . X . . .
            . . . . X . .
            . . . . . * .
            . . . . . X .
            . . . . . X .
            . . . . . . .
        ",
        forbidden: &[(6, 6)],
        allowed: &[],
        exact_list: false,
    },
    // §10 item 11 (extension point is an overline point). P=(6,7), horizontal
    // `O . X X P . .` → only extension (7,7). With P on the board (7,7) joins
    // (7,4),(7,5),(7,6) and (7,8),(7,9) into the vertical run 4..9 = six and makes
    // no five → forbidden → the horizontal is no three. The vertical three
    // (6,7..6,9) is real ((6,6) is only a 4x3 point: vertical straight four plus
    // the anti-diagonal (5,7),(6,6),(7,5)) → one three → allowed.
    // Window: columns 1..=8, rows 3..=10.
    RenjuCase {
        name: "rules-10.11-extension-is-overline",
        width: 15,
        height: 15,
        origin: (1, 3),
        ascii: "
            . . . . . . . .
            . . . . . . X .
            . . . . . . X .
            . . . . . . X .
            . O . X X * . .
            . . . . . X X .
            . . . . . X X .
            . . . . . . . .
        ",
        forbidden: &[],
        allowed: &[(6, 7)],
        exact_list: false,
    },
    // §10 item 11 control: the same without O at (2,7): now (3,7) also extends the
    // horizontal to a straight four (3..6; (2,7) and (7,7) each give exactly five)
    // and (3,7) is legal → two threes → forbidden, even though (7,7) stays an
    // overline point.
    // Window: columns 3..=8, rows 3..=10.
    RenjuCase {
        name: "rules-10.11-control-second-extension",
        width: 15,
        height: 15,
        origin: (3, 3),
        ascii: "
            . . . . . .
            . . . . X .
            . . . . X .
            . . . . X .
            . X X * . .
            . . . X X .
            . . . X X .
            . . . . . .
        ",
        forbidden: &[(6, 7)],
        allowed: &[],
        exact_list: false,
    },
    // §10 item 11, the recursion is evaluated with P on the board. P=(6,7),
    // horizontal `O . X X P . .`, only extension (7,7). Without P, (7,7) is a 4x3
    // (closed vertical four 4..7 under O(7,3) + split three 4,5,_,7) → allowed.
    // With P, (7,7) makes the horizontal straight four 4..7 and the vertical four
    // → double-four → the horizontal is no three → P has one three (vertical) →
    // allowed.
    // Window: columns 1..=8, rows 2..=10.
    RenjuCase {
        name: "rules-10.11-extension-forbidden-only-with-the-move",
        width: 15,
        height: 15,
        origin: (1, 2),
        ascii: "
            . . . . . . . .
            . . . . . . O .
            . . . . . . X .
            . . . . . . X .
            . . . . . . X .
            . O . X X * * .
            . . . . . X . .
            . . . . . X . .
            . . . . . . . .
        ",
        forbidden: &[],
        allowed: &[(6, 7), (7, 7)],
        exact_list: false,
    },
    // §10 item 12, decided for Piskvork (PROTOCOL.md §17 decision 12). P=(6,7),
    // horizontal `O . X X P . .`, only extension (7,7); but (7,7) would complete
    // Black's existing column four (7,8..7,11), O at (7,12), to a five. Piskvork:
    // an extension that makes a five is unusable → the horizontal is no three →
    // one three (vertical 6,7..6,9) → allowed. (Rapfi would count it and call
    // (6,7) forbidden.)
    // Window: columns 1..=8, rows 6..=13.
    RenjuCase {
        name: "rules-10.12-extension-makes-five-elsewhere",
        width: 15,
        height: 15,
        origin: (1, 6),
        ascii: "
            . . . . . . . .
            . O . X X * . .
            . . . . . X X .
            . . . . . X X .
            . . . . . . X .
            . . . . . . X .
            . . . . . . O .
            . . . . . . . .
        ",
        forbidden: &[],
        allowed: &[(6, 7)],
        exact_list: false,
    },
    // §10 item 12 control: without O at (2,7) the horizontal also extends at
    // (3,7) (straight four 3..6) and (3,7) makes no five and is legal → a real
    // three → with the vertical three P=(6,7) is forbidden.
    // Window: columns 3..=8, rows 6..=13.
    RenjuCase {
        name: "rules-10.12-other-extension-still-usable",
        width: 15,
        height: 15,
        origin: (3, 6),
        ascii: "
            . . . . . .
            . X X * . .
            . . . X X .
            . . . X X .
            . . . . X .
            . . . . X .
            . . . . O .
            . . . . . .
        ",
        forbidden: &[(6, 7)],
        allowed: &[],
        exact_list: false,
    },
    // §10 item 12 again: like rules-10.11-extension-is-overline without (7,4):
    // (7,7) would now make the exact five 5..9 in column 7 → unusable → the
    // horizontal `O . X X P . .` is no three → P=(6,7) allowed.
    // Window: columns 1..=8, rows 4..=10.
    RenjuCase {
        name: "rules-10.12-extension-makes-five-in-column",
        width: 15,
        height: 15,
        origin: (1, 4),
        ascii: "
            . . . . . . . .
            . . . . . . X .
            . . . . . . X .
            . O . X X * . .
            . . . . . X X .
            . . . . . X X .
            . . . . . . . .
        ",
        forbidden: &[],
        allowed: &[(6, 7)],
        exact_list: false,
    },
    // §10 item 13, `.X.XX.`: P=(3,7) with X at (5,7),(6,7): (4,7) gives the
    // straight four 3..6 ((2,7) → five 2..6, (7,7) → five 3..7) → three. Vertical
    // (3,7),(3,8),(3,9) is an open three → forbidden.
    // Window: columns 2..=7, rows 6..=10.
    RenjuCase {
        name: "rules-10.13-split-three-open",
        width: 15,
        height: 15,
        origin: (2, 6),
        ascii: "
            . . . . . .
            . * . X X .
            . X . . . .
            . X . . . .
            . . . . . .
        ",
        forbidden: &[(3, 7)],
        allowed: &[],
        exact_list: false,
    },
    // §10 item 13, ends must not create an overline. Row 7: X . X . P X . with X
    // at 3,5,8 and P=(7,7). Filling (6,7) gives 5..8 but its end (4,7) would make
    // six (3..8) → not straight; (9,7) only gives 7..9 → no three. Vertical
    // (7,7..7,9) is the only three → allowed.
    // Window: columns 2..=9, rows 6..=10.
    RenjuCase {
        name: "rules-10.13-split-three-end-makes-overline",
        width: 15,
        height: 15,
        origin: (2, 6),
        ascii: "
            . . . . . . . .
            . X . X . * X .
            . . . . . X . .
            . . . . . X . .
            . . . . . . . .
        ",
        forbidden: &[],
        allowed: &[(7, 7)],
        exact_list: false,
    },
    // §10 item 13 control: without (3,7) the end (4,7) gives exactly five 4..8 and
    // (9,7) gives 5..9 → `.X.XX.`-type three → with the vertical three → forbidden.
    // Window: columns 4..=9, rows 6..=10.
    RenjuCase {
        name: "rules-10.13-control-split-three",
        width: 15,
        height: 15,
        origin: (4, 6),
        ascii: "
            . . . . . .
            . X . * X .
            . . . X . .
            . . . X . .
            . . . . . .
        ",
        forbidden: &[(7, 7)],
        allowed: &[],
        exact_list: false,
    },
    // §10 item 14, `O.XXX..` vertically: O(7,2), X(7,4),(7,5), P=(7,6). (7,3)
    // gives a four closed by O; (7,7) gives the straight four 4..7 ((7,3) → five
    // 3..7 closed by O, (7,8) → five 4..8) → a three. Horizontal (5,6),(6,6),P is
    // open → double-three → forbidden.
    // Window: columns 4..=8, rows 1..=7.
    RenjuCase {
        name: "rules-10.14-three-blocked-at-distance-two",
        width: 15,
        height: 15,
        origin: (4, 1),
        ascii: "
            . . . . .
            . . . O .
            . . . . .
            . . . X .
            . . . X .
            . X X * .
            . . . . .
        ",
        forbidden: &[(7, 6)],
        allowed: &[],
        exact_list: false,
    },
    // §10 item 14 negative: `O.XXX.O` (O at (2,7) and (8,7), X at 4,5, P=(6,7)):
    // (3,7) gives 3..6 with O at the end; (7,7) gives 4..7 with O at the end → no
    // straight four → no three. Vertical three only → allowed.
    // Window: columns 1..=9, rows 6..=10.
    RenjuCase {
        name: "rules-10.14-blocked-at-distance-two-both-sides",
        width: 15,
        height: 15,
        origin: (1, 6),
        ascii: "
            . . . . . . . . .
            . O . X X * . O .
            . . . . . X . . .
            . . . . . X . . .
            . . . . . . . . .
        ",
        forbidden: &[],
        allowed: &[(6, 7)],
        exact_list: false,
    },
    // §10 item 15, board edge as blocker: P=(2,7) with X at (0,7),(1,7): (3,7)
    // gives 0..3 whose left end is off the board → no straight four → no three.
    // Vertical (2,7..2,9) is an open three → one three → allowed.
    // Window: columns 0..=3, rows 6..=10.
    RenjuCase {
        name: "rules-10.15-edge-blocks-three",
        width: 15,
        height: 15,
        origin: (0, 6),
        ascii: "
            . . . .
            X X * .
            . . X .
            . . X .
            . . . .
        ",
        forbidden: &[],
        allowed: &[(2, 7)],
        exact_list: false,
    },
    // §10 item 15: `|.XX*..` P=(3,7): (4,7) gives 1..4 with (0,7) → five 0..4 and
    // (5,7) → five 1..5 → straight → three. Vertical (3,7..3,9) open → forbidden.
    // Window: columns 0..=4, rows 6..=10.
    RenjuCase {
        name: "rules-10.15-three-one-point-from-edge",
        width: 15,
        height: 15,
        origin: (0, 6),
        ascii: "
            . . . . .
            . X X * .
            . . . X .
            . . . X .
            . . . . .
        ",
        forbidden: &[(3, 7)],
        allowed: &[],
        exact_list: false,
    },
    // §10 item 15: the edge closes a four but it is still a four. P=(3,7):
    // horizontal 0..3 completes only at (4,7); vertical 7..10 is a straight four
    // → double-four → forbidden.
    // Window: columns 0..=4, rows 6..=11.
    RenjuCase {
        name: "rules-10.15-edge-closed-four-counts",
        width: 15,
        height: 15,
        origin: (0, 6),
        ascii: "
            . . . . .
            X X X * .
            . . . X .
            . . . X .
            . . . X .
            . . . . .
        ",
        forbidden: &[(3, 7)],
        allowed: &[],
        exact_list: false,
    },
    // §10 item 16 is about the protocol (no forbidden points with White to move);
    // the reference is only ever asked about Black moves. What the corpus can pin
    // down: White's own double-three, double-four and overline shapes never make
    // a point forbidden for Black. White: the §9.4 shape around (6,7), the §9.6
    // `XXX.*.XXX` shape on row 11 and an overline shape on row 2 → the list is
    // empty.
    // Window: columns 0..=10, rows 1..=12.
    RenjuCase {
        name: "rules-10.16-white-shapes-give-no-forbidden-points",
        width: 15,
        height: 15,
        origin: (0, 1),
        ascii: "
            . . . . . . . . . . .
            . . O O O * O O . . .
            . . . . . . . . . . .
            . . . . . . . . . . .
            . . . . . . . . . . .
            . . . . . . O . . . .
            . . . . O O * . . . .
            . . . . . . O . . . .
            . . . . . . . . . . .
            . . . . . . . . . . .
            . O O O . * . O O O .
            . . . . . . . . . . .
        ",
        forbidden: &[],
        allowed: &[(6, 7), (5, 11), (5, 2)],
        exact_list: true,
    },
    // §10 item 16: an empty board has no forbidden points.
    // Window: columns 0..=14, rows 0..=0.
    RenjuCase {
        name: "rules-10.16-empty-board",
        width: 15,
        height: 15,
        origin: (0, 0),
        ascii: "
            . . . . . . . . . . . . . . .
        ",
        forbidden: &[],
        allowed: &[],
        exact_list: true,
    },
    // ===== Own positions: plain threes, split threes, blockers =====

    // Only row 7 holds stones (X at 4,5), so every point has at most one line with
    // two or more Black stones: no double-three, no fours, no overline. P=(6,7)
    // makes one open three → allowed; the whole list is empty.
    // Window: columns 2..=8, rows 6..=8.
    RenjuCase {
        name: "own-single-open-three",
        width: 15,
        height: 15,
        origin: (2, 6),
        ascii: "
            . . . . . . .
            . * X X * * .
            . . . . . . .
        ",
        forbidden: &[],
        allowed: &[(3, 7), (6, 7), (7, 7)],
        exact_list: true,
    },
    // P=(7,7): horizontal (5,7),(6,7),P is an open three; vertical
    // (7,4),(7,5),_,P is a split three whose gap (7,6) gives the straight four
    // 4..7 ((7,3) and (7,8) both give exactly five). Both extensions are plain
    // legal points → forbidden. (7,6) itself: vertical three + only twos elsewhere
    // → allowed.
    // Window: columns 4..=8, rows 3..=8.
    RenjuCase {
        name: "own-33-solid-and-split",
        width: 15,
        height: 15,
        origin: (4, 3),
        ascii: "
            . . . . .
            . . . X .
            . . . X .
            . . . * .
            . X X * .
            . . . . .
        ",
        forbidden: &[(7, 7)],
        allowed: &[(7, 6)],
        exact_list: false,
    },
    // P=(7,7): diagonal (5,5),(6,6),P (ends (4,4),(8,8), beyond (3,3),(9,9)
    // empty) and anti-diagonal P,(8,6),(9,5) (ends (6,8),(10,4)) are both open
    // threes → forbidden. (4,4) makes only the diagonal three → allowed.
    // Window: columns 3..=10, rows 3..=8.
    RenjuCase {
        name: "own-33-two-diagonals",
        width: 15,
        height: 15,
        origin: (3, 3),
        ascii: "
            . . . . . . . .
            . * . . . . . .
            . . X . . . X .
            . . . X . X . .
            . . . . * . . .
            . . . . . . . .
        ",
        forbidden: &[(7, 7)],
        allowed: &[(4, 4)],
        exact_list: false,
    },
    // P=(7,7): horizontal `X.XP` (X at 4,6; gap (5,7) gives 4..7 with (3,7),(8,7)
    // empty and free beyond) and vertical `P.XX` ((7,9),(7,10); gap (7,8) gives
    // 7..10, ends (7,6),(7,11)) → two split threes → forbidden.
    // Window: columns 3..=8, rows 6..=11.
    RenjuCase {
        name: "own-33-both-split",
        width: 15,
        height: 15,
        origin: (3, 6),
        ascii: "
            . . . . . .
            . X . X * .
            . . . . . .
            . . . . X .
            . . . . X .
            . . . . . .
        ",
        forbidden: &[(7, 7)],
        allowed: &[],
        exact_list: false,
    },
    // P=(7,7): row `O X . X P .` (O at 3): the gap (5,7) gives 4..7 whose left
    // end is White → not straight; (8,7) only gives 6..8 → no three. Vertical
    // P,(7,8),(7,9) is the only three → allowed.
    // Window: columns 2..=8, rows 6..=10.
    RenjuCase {
        name: "own-split-three-closed-by-white",
        width: 15,
        height: 15,
        origin: (2, 6),
        ascii: "
            . . . . . . .
            . O X . X * .
            . . . . . X .
            . . . . . X .
            . . . . . . .
        ",
        forbidden: &[],
        allowed: &[(7, 7)],
        exact_list: false,
    },
    // `O . X X P . O` (O at 2 and 8): (3,7) → 3..6 ends at O(2,7); (7,7) → 4..7
    // ends at O(8,7) → no three. Vertical (6,7..6,9) only → P=(6,7) allowed.
    // Window: columns 1..=9, rows 6..=10.
    RenjuCase {
        name: "own-white-two-beyond-both-sides",
        width: 15,
        height: 15,
        origin: (1, 6),
        ascii: "
            . . . . . . . . .
            . O . X X * . O .
            . . . . . X . . .
            . . . . . X . . .
            . . . . . . . . .
        ",
        forbidden: &[],
        allowed: &[(6, 7)],
        exact_list: false,
    },
    // A line that already holds a White stone at distance 5 from P: `O . . X X P . O`
    // (O at 1 and 8). (3,7) gives 3..6 with ends (2,7) (five 2..6, O beyond is
    // fine) and (7,7) (five 3..7, O beyond) → straight → three. With the vertical
    // three (6,7..6,9) P=(6,7) is forbidden.
    // Window: columns 0..=9, rows 6..=10.
    RenjuCase {
        name: "own-white-at-distance-five",
        width: 15,
        height: 15,
        origin: (0, 6),
        ascii: "
            . . . . . . . . . .
            . O . . X X * . O .
            . . . . . . X . . .
            . . . . . . X . . .
            . . . . . . . . . .
        ",
        forbidden: &[(6, 7)],
        allowed: &[],
        exact_list: false,
    },
    // `X X P . . O` (O at (9,7)): (7,7) gives 4..7 with ends (3,7) and (8,7) →
    // five 4..8 next to O is still exactly five → straight → three (and (3,7)
    // works too). Plus vertical three → P=(6,7) forbidden.
    // Window: columns 3..=10, rows 6..=10.
    RenjuCase {
        name: "own-white-at-distance-three",
        width: 15,
        height: 15,
        origin: (3, 6),
        ascii: "
            . . . . . . . .
            . X X * . . O .
            . . . X . . . .
            . . . X . . . .
            . . . . . . . .
        ",
        forbidden: &[(6, 7)],
        allowed: &[],
        exact_list: false,
    },
    // `. . X X P . O` (O at (8,7)): (7,7) is useless (4..7 ends at O), but (3,7)
    // gives 3..6 with ends (2,7) and (7,7), each giving exactly five → three.
    // Plus vertical three → P=(6,7) forbidden.
    // Window: columns 3..=9, rows 6..=10.
    RenjuCase {
        name: "own-white-at-distance-two-other-side-open",
        width: 15,
        height: 15,
        origin: (3, 6),
        ascii: "
            . . . . . . .
            . X X * . O .
            . . . X . . .
            . . . X . . .
            . . . . . . .
        ",
        forbidden: &[(6, 7)],
        allowed: &[],
        exact_list: false,
    },
    // `O X X P . .` (O at (3,7)): (7,7) gives 4..7 closed by O; (8,7) does not
    // join P → no three. Vertical three only → P=(6,7) allowed.
    // Window: columns 2..=7, rows 6..=10.
    RenjuCase {
        name: "own-white-adjacent",
        width: 15,
        height: 15,
        origin: (2, 6),
        ascii: "
            . . . . . .
            . O X X * .
            . . . . X .
            . . . . X .
            . . . . . .
        ",
        forbidden: &[],
        allowed: &[(6, 7)],
        exact_list: false,
    },
    // Row 7: X(3,7) O(4,7) X(5,7) P(6,7): the White stone cuts the group; with P the
    // run is 5..6 and no single stone makes a straight four through P. Vertical
    // three only → P=(6,7) allowed.
    // Window: columns 2..=7, rows 6..=10.
    RenjuCase {
        name: "own-white-inside-the-shape",
        width: 15,
        height: 15,
        origin: (2, 6),
        ascii: "
            . . . . . .
            . X O X * .
            . . . . X .
            . . . . X .
            . . . . . .
        ",
        forbidden: &[],
        allowed: &[(6, 7)],
        exact_list: false,
    },
    // `. P . X X .` P=(3,7) with X at 5,6: the gap (4,7) gives the straight four
    // 3..6 → three; vertical (3,7),(3,8),(3,9) open → forbidden.
    // Window: columns 2..=7, rows 6..=10.
    RenjuCase {
        name: "own-split-three-far-stone",
        width: 15,
        height: 15,
        origin: (2, 6),
        ascii: "
            . . . . . .
            . * . X X .
            . X . . . .
            . X . . . .
            . . . . . .
        ",
        forbidden: &[(3, 7)],
        allowed: &[],
        exact_list: false,
    },
    // `X . X . P` (X at 2,4; P=(6,7)): (5,7) only gives 4..6 (three stones) and
    // (3,7) gives 2..4 without P → no three; the window 2..6 holds 3 stones → no
    // four. Vertical three only → allowed.
    // Window: columns 1..=7, rows 6..=10.
    RenjuCase {
        name: "own-x.x.p-is-no-three",
        width: 15,
        height: 15,
        origin: (1, 6),
        ascii: "
            . . . . . . .
            . X . X . * .
            . . . . . X .
            . . . . . X .
            . . . . . . .
        ",
        forbidden: &[],
        allowed: &[(6, 7)],
        exact_list: false,
    },
    // P=(7,7) sits three points beyond Black's threes (2..4 on row 7 and column 7
    // rows 2..4): (5,7)/(6,7) and (7,5)/(7,6) stay empty, so P makes neither a
    // three nor a four there. Only the diagonal P,(8,8),(9,9) is a three →
    // allowed.
    // Window: columns 1..=10, rows 1..=10.
    RenjuCase {
        name: "own-old-threes-not-joined",
        width: 15,
        height: 15,
        origin: (1, 1),
        ascii: "
            . . . . . . . . . .
            . . . . . . X . . .
            . . . . . . X . . .
            . . . . . . X . . .
            . . . . . . . . . .
            . . . . . . . . . .
            . X X X . . * . . .
            . . . . . . . X . .
            . . . . . . . . X .
            . . . . . . . . . .
        ",
        forbidden: &[],
        allowed: &[(7, 7)],
        exact_list: false,
    },
    // P=(7,7): open threes horizontally (5,7),(6,7),P, vertically P,(7,8),(7,9)
    // and diagonally (5,5),(6,6),P → triple three → forbidden.
    // Window: columns 4..=8, rows 4..=10.
    RenjuCase {
        name: "own-33-3",
        width: 15,
        height: 15,
        origin: (4, 4),
        ascii: "
            . . . . .
            . X . . .
            . . X . .
            . X X * .
            . . . X .
            . . . X .
            . . . . .
        ",
        forbidden: &[(7, 7)],
        allowed: &[],
        exact_list: false,
    },
    // ===== Own positions: overlines and threes spoiled by overlines =====

    // `XXX*XXX`: P=(6,7) joins 3..5 and 7..9 into a run of seven → forbidden.
    // (2,7): run 2..5 completes at (1,7) (exact five) but (6,7) would make eight
    // → one four → allowed; (10,7) likewise.
    // Window: columns 1..=11, rows 6..=8.
    RenjuCase {
        name: "own-overline-seven",
        width: 15,
        height: 15,
        origin: (1, 6),
        ascii: "
            . . . . . . . . . . .
            . * X X X * X X X * .
            . . . . . . . . . . .
        ",
        forbidden: &[(6, 7)],
        allowed: &[(2, 7), (10, 7)],
        exact_list: false,
    },
    // P=(6,7): horizontal run 3..8 = six, vertical (6,3..6,6)+P = exactly five
    // ((6,2), (6,8) empty) → the five wins → allowed.
    // Window: columns 2..=9, rows 2..=8.
    RenjuCase {
        name: "own-overline-with-five-elsewhere",
        width: 15,
        height: 15,
        origin: (2, 2),
        ascii: "
            . . . . . . . .
            . . . . X . . .
            . . . . X . . .
            . . . . X . . .
            . . . . X . . .
            . X X X * X X .
            . . . . . . . .
        ",
        forbidden: &[],
        allowed: &[(6, 7)],
        exact_list: false,
    },
    // `X . . X X P . . X` (X at 1,4,5,9; P=(6,7)): (3,7) gives 3..6 but its end
    // (2,7) makes six (1..6); (7,7) gives 4..7 but its end (8,7) makes six
    // (4..9) → not a three. Vertical three only → allowed.
    // Window: columns 0..=10, rows 6..=10.
    RenjuCase {
        name: "own-three-spoiled-by-overline-both-sides",
        width: 15,
        height: 15,
        origin: (0, 6),
        ascii: "
            . . . . . . . . . . .
            . X . . X X * . . X .
            . . . . . . X . . . .
            . . . . . . X . . . .
            . . . . . . . . . . .
        ",
        forbidden: &[],
        allowed: &[(6, 7)],
        exact_list: false,
    },
    // `. . X X P . . X` (X at 9): (7,7) is spoiled ((8,7) → six), but (3,7) gives
    // 3..6 with ends (2,7) (five 2..6) and (7,7) (five 3..7, (8,7) empty) →
    // three. Plus vertical → P=(6,7) forbidden.
    // Window: columns 3..=10, rows 6..=10.
    RenjuCase {
        name: "own-three-spoiled-on-right-only",
        width: 15,
        height: 15,
        origin: (3, 6),
        ascii: "
            . . . . . . . .
            . X X * . . X .
            . . . X . . . .
            . . . X . . . .
            . . . . . . . .
        ",
        forbidden: &[(6, 7)],
        allowed: &[],
        exact_list: false,
    },
    // Mirror: `X . . X X P . .` (X at 1): (3,7) is spoiled ((2,7) → six 1..6),
    // (7,7) gives 4..7 with ends (3,7) (five 3..7) and (8,7) (five 4..8) → three.
    // Plus vertical → P=(6,7) forbidden.
    // Window: columns 0..=7, rows 6..=10.
    RenjuCase {
        name: "own-three-spoiled-on-left-only",
        width: 15,
        height: 15,
        origin: (0, 6),
        ascii: "
            . . . . . . . .
            . X . . X X * .
            . . . . . . X .
            . . . . . . X .
            . . . . . . . .
        ",
        forbidden: &[(6, 7)],
        allowed: &[],
        exact_list: false,
    },
    // P=(6,7), horizontal `. . X X P . .` with both extensions: (7,7) is an
    // overline point (column 7: 4,5,6,_,8,9 → six), (3,7) is a plain legal
    // point → the horizontal is still a three → with the vertical three
    // forbidden.
    // Window: columns 3..=8, rows 3..=10.
    RenjuCase {
        name: "own-extension-overline-other-extension-fine",
        width: 15,
        height: 15,
        origin: (3, 3),
        ascii: "
            . . . . . .
            . . . . X .
            . . . . X .
            . . . . X .
            . X X * * .
            . . . X X .
            . . . X X .
            . . . . . .
        ",
        forbidden: &[(6, 7), (7, 7)],
        allowed: &[],
        exact_list: false,
    },
    // P=(6,7), horizontal `O . X X P . .` → only extension (7,7). Column 7 has
    // (7,6),_,(7,8),(7,9): with P on the board (7,7) makes the horizontal
    // straight four 4..7 and the vertical straight four 6..9 → double-four →
    // the horizontal is no three → P allowed. (Column 7 alone: (7,7) is then a
    // five? no: 6..9 is four stones.)
    // Window: columns 1..=8, rows 5..=10.
    RenjuCase {
        name: "own-extension-double-four",
        width: 15,
        height: 15,
        origin: (1, 5),
        ascii: "
            . . . . . . . .
            . . . . . . X .
            . O . X X * . .
            . . . . . X X .
            . . . . . X X .
            . . . . . . . .
        ",
        forbidden: &[],
        allowed: &[(6, 7)],
        exact_list: false,
    },
    // As own-extension-double-four without (7,6): (7,7) now makes the horizontal
    // straight four + the vertical three (7,7),(7,8),(7,9) → 4x3, legal → the
    // horizontal three is real → P=(6,7) forbidden.
    // Window: columns 1..=8, rows 6..=10.
    RenjuCase {
        name: "own-extension-four-three",
        width: 15,
        height: 15,
        origin: (1, 6),
        ascii: "
            . . . . . . . .
            . O . X X * . .
            . . . . . X X .
            . . . . . X X .
            . . . . . . . .
        ",
        forbidden: &[(6, 7)],
        allowed: &[],
        exact_list: false,
    },
    // P=(6,7), horizontal `. . X X P . .`. (7,7) would be a double-four (horizontal
    // straight four + closed vertical four 4..7 under O(7,3)), but (3,7) gives
    // the straight four 3..6 legally → real three → with the vertical three
    // forbidden.
    // Window: columns 3..=8, rows 2..=10.
    RenjuCase {
        name: "own-two-extensions-one-double-four",
        width: 15,
        height: 15,
        origin: (3, 2),
        ascii: "
            . . . . . .
            . . . . O .
            . . . . X .
            . . . . X .
            . . . . X .
            . X X * . .
            . . . X . .
            . . . X . .
            . . . . . .
        ",
        forbidden: &[(6, 7)],
        allowed: &[],
        exact_list: false,
    },
    // ===== Own positions: fours, double-fours, four-three =====

    // P=(6,7): row `X X P . X` (X at 4,5,8): (7,7) gives the five 4..8 → a four;
    // (3,7) gives only 3..6. Vertical P,(6,8),(6,9),(6,10) is a straight four →
    // two fours → forbidden.
    // Window: columns 3..=9, rows 6..=11.
    RenjuCase {
        name: "own-broken-four-xx*.x-plus-straight-four",
        width: 15,
        height: 15,
        origin: (3, 6),
        ascii: "
            . . . . . . .
            . X X * . X .
            . . . X . . .
            . . . X . . .
            . . . X . . .
            . . . . . . .
        ",
        forbidden: &[(6, 7)],
        allowed: &[],
        exact_list: false,
    },
    // P=(6,7): `X X . P X` (X at 3,4,7): (5,7) gives the five 3..7 → a four.
    // Vertical 7..10 closed by O(6,11) completes at (6,6) → second four →
    // forbidden.
    // Window: columns 2..=8, rows 6..=12.
    RenjuCase {
        name: "own-split-four-xx.*x-plus-closed-four",
        width: 15,
        height: 15,
        origin: (2, 6),
        ascii: "
            . . . . . . .
            . X X . * X .
            . . . . X . .
            . . . . X . .
            . . . . X . .
            . . . . O . .
            . . . . . . .
        ",
        forbidden: &[(6, 7)],
        allowed: &[],
        exact_list: false,
    },
    // P=(6,7): row `X . X X P X . X` (X at 2,4,5,7,9): the run 4..7 is four
    // stones, but (3,7) makes six (2..7) and (8,7) makes six (4..9) → no four at
    // all. Vertical 7..10 under O(6,11) is one four → allowed.
    // Window: columns 1..=10, rows 6..=12.
    RenjuCase {
        name: "own-four-shape-both-ends-overline",
        width: 15,
        height: 15,
        origin: (1, 6),
        ascii: "
            . . . . . . . . . .
            . X . X X * X . X .
            . . . . . X . . . .
            . . . . . X . . . .
            . . . . . X . . . .
            . . . . . O . . . .
            . . . . . . . . . .
        ",
        forbidden: &[],
        allowed: &[(6, 7)],
        exact_list: false,
    },
    // As before without (9,7): (8,7) now gives exactly five 4..8 ((3,7) still
    // makes six) → one four here, one vertical → double-four → forbidden.
    // Window: columns 1..=8, rows 6..=12.
    RenjuCase {
        name: "own-four-shape-one-end-overline",
        width: 15,
        height: 15,
        origin: (1, 6),
        ascii: "
            . . . . . . . .
            . X . X X * X .
            . . . . . X . .
            . . . . . X . .
            . . . . . X . .
            . . . . . O . .
            . . . . . . . .
        ",
        forbidden: &[(6, 7)],
        allowed: &[],
        exact_list: false,
    },
    // `X . X P X . X` (X at 2,4,6,8; P=(5,7)): (3,7) gives five 2..6 (stones
    // 2,4,5,6), (7,7) gives five 4..8 (stones 4,5,6,8) → two fours in one line →
    // forbidden.
    // Window: columns 1..=9, rows 6..=8.
    RenjuCase {
        name: "own-x.xxx.x-move-in-middle",
        width: 15,
        height: 15,
        origin: (1, 6),
        ascii: "
            . . . . . . . . .
            . X . X * X . X .
            . . . . . . . . .
        ",
        forbidden: &[(5, 7)],
        allowed: &[],
        exact_list: false,
    },
    // `P . X X X . X` (P=(2,7), X at 4,5,6,8): (3,7) gives five 2..6 → one four
    // with P. The five 4..8 via (7,7) does not contain P, so it is not a four made
    // by this move → one four → allowed. (7,7) itself makes the five 4..8 →
    // allowed; (3,7) makes 3..6 completing only at (2,7) ((7,7) → six) → allowed.
    // Window: columns 1..=9, rows 6..=8.
    RenjuCase {
        name: "own-x.xxx.x-move-at-end",
        width: 15,
        height: 15,
        origin: (1, 6),
        ascii: "
            . . . . . . . . .
            . * * X X X * X .
            . . . . . . . . .
        ",
        forbidden: &[],
        allowed: &[(2, 7), (3, 7), (7, 7)],
        exact_list: false,
    },
    // P=(7,7) between `XXX` (3..5) and `XXXX` (9..12): (6,7) gives exactly five
    // 3..7 → a four; (8,7) would give six 7..12 → not a four → one four →
    // allowed.
    // Window: columns 2..=13, rows 6..=8.
    RenjuCase {
        name: "own-xxx.*.xxxx-one-four",
        width: 15,
        height: 15,
        origin: (2, 6),
        ascii: "
            . . . . . . . . . . . .
            . X X X . * . X X X X .
            . . . . . . . . . . . .
        ",
        forbidden: &[],
        allowed: &[(7, 7)],
        exact_list: false,
    },
    // P=(6,7) in `XX.XP.XXX` (X at 2,3,5,8,9,10): (4,7) gives five 2..6 → a four;
    // (7,7) gives six 5..10 → not a four → one four → allowed.
    // Window: columns 1..=11, rows 6..=8.
    RenjuCase {
        name: "own-xx.x*.xxx-one-four",
        width: 15,
        height: 15,
        origin: (1, 6),
        ascii: "
            . . . . . . . . . . .
            . X X . X * . X X X .
            . . . . . . . . . . .
        ",
        forbidden: &[],
        allowed: &[(6, 7)],
        exact_list: false,
    },
    // P=(6,7): horizontal 3..6 straight four + vertical open three 7..9 → 4x3 →
    // allowed.
    // Window: columns 2..=7, rows 6..=10.
    RenjuCase {
        name: "own-four-three-straight-four",
        width: 15,
        height: 15,
        origin: (2, 6),
        ascii: "
            . . . . . .
            . X X X * .
            . . . . X .
            . . . . X .
            . . . . . .
        ",
        forbidden: &[],
        allowed: &[(6, 7)],
        exact_list: false,
    },
    // P=(6,7): closed four 3..6 (O at (2,7), completes at (7,7)) + vertical split
    // three P,_,(6,9),(6,10) (gap (6,8) gives 7..10, ends (6,6),(6,11)) → 4x3 →
    // allowed.
    // Window: columns 1..=7, rows 6..=11.
    RenjuCase {
        name: "own-four-three-split-three",
        width: 15,
        height: 15,
        origin: (1, 6),
        ascii: "
            . . . . . . .
            . O X X X * .
            . . . . . . .
            . . . . . X .
            . . . . . X .
            . . . . . . .
        ",
        forbidden: &[],
        allowed: &[(6, 7)],
        exact_list: false,
    },
    // P=(7,7): closed four 4..7 (O at (3,7)), vertical three 7..9 (its extension (7,6)
    // makes a straight four and only twos elsewhere, so it is legal) and anti-diagonal three
    // P,(8,6),(9,5) → 4-3-3 → forbidden (double-three).
    // Window: columns 2..=10, rows 4..=10.
    RenjuCase {
        name: "own-four-three-three",
        width: 15,
        height: 15,
        origin: (2, 4),
        ascii: "
            . . . . . . . . .
            . . . . . . . X .
            . . . . . . X . .
            . O X X X * . . .
            . . . . . X . . .
            . . . . . X . . .
            . . . . . . . . .
        ",
        forbidden: &[(7, 7)],
        allowed: &[],
        exact_list: false,
    },
    // P=(7,7): closed horizontal four 4..7 (O(3,7)), closed vertical four 4..7
    // (O(7,3)) and the diagonal three P,(8,8),(9,9) → double-four → forbidden.
    // Window: columns 2..=10, rows 2..=10.
    RenjuCase {
        name: "own-four-four-three",
        width: 15,
        height: 15,
        origin: (2, 2),
        ascii: "
            . . . . . . . . .
            . . . . . O . . .
            . . . . . X . . .
            . . . . . X . . .
            . . . . . X . . .
            . O X X X * . . .
            . . . . . . X . .
            . . . . . . . X .
            . . . . . . . . .
        ",
        forbidden: &[(7, 7)],
        allowed: &[],
        exact_list: false,
    },
    // P=(7,7): horizontal 3..7 exact five; vertical 7..12 = six; diagonal
    // P,(8,8),(9,9),(10,10) a four; → five wins → allowed.
    // Window: columns 2..=11, rows 6..=13.
    RenjuCase {
        name: "own-five-beats-double-four-and-overline",
        width: 15,
        height: 15,
        origin: (2, 6),
        ascii: "
            . . . . . . . . . .
            . X X X X * . . . .
            . . . . . X X . . .
            . . . . . X . X . .
            . . . . . X . . X .
            . . . . . X . . . .
            . . . . . X . . . .
            . . . . . . . . . .
        ",
        forbidden: &[],
        allowed: &[(7, 7)],
        exact_list: false,
    },
    // The §9.7 second position again, asking about (5,8): diagonal
    // (4,7),(5,8),_,(7,10) is a split three (gap (6,9) gives 4..7 along the
    // diagonal, ends (3,6),(8,11) free) and anti-diagonal (5,8),(6,7),(7,6) is an
    // open three (ends (4,9),(8,5)); both extensions are legal → forbidden.
    // Window: columns 1..=9, rows 4..=11.
    RenjuCase {
        name: "own-9.7b-side-point-double-three",
        width: 15,
        height: 15,
        origin: (1, 4),
        ascii: "
            . . . . . . . . .
            . . . . . . X . .
            . . . . . . X . .
            . O X X X X * O .
            . . . . * . X . .
            . . . . . . X . .
            . . . . . . X . .
            . . . . . . . . .
        ",
        forbidden: &[(5, 8)],
        allowed: &[(7, 7)],
        exact_list: false,
    },
    // ===== Own positions: board edges and corners =====

    // P=(3,3): diagonal (1,1),(2,2),P with (0,0) empty: (4,4) gives 1..4 whose
    // ends (0,0) (five 0..4) and (5,5) (five 1..5) are free → three. Horizontal
    // P,(4,3),(5,3) open → forbidden.
    // Window: columns 0..=6, rows 0..=4.
    RenjuCase {
        name: "own-corner-diagonal-three",
        width: 15,
        height: 15,
        origin: (0, 0),
        ascii: "
            . . . . . . .
            . X . . . . .
            . . X . . . .
            . . . * X X .
            . . . . . . .
        ",
        forbidden: &[(3, 3)],
        allowed: &[],
        exact_list: false,
    },
    // P=(3,3) with the diagonal (0,0),(1,1),(2,2): the run 0..3 can only grow at
    // (4,4) and its other end is off the board → no straight four → no three (but
    // (4,4) would make a five, so it is a four: one four). Horizontal three
    // P,(4,3),(5,3) → 4x3 → allowed.
    // Window: columns 0..=6, rows 0..=4.
    RenjuCase {
        name: "own-corner-diagonal-touching-corner",
        width: 15,
        height: 15,
        origin: (0, 0),
        ascii: "
            X . . . . . .
            . X . . . . .
            . . X . . . .
            . . . * X X .
            . . . . . . .
        ",
        forbidden: &[],
        allowed: &[(3, 3)],
        exact_list: false,
    },
    // The anti-diagonal (0,4)..(4,0) has only 5 points, so it can never hold a
    // straight four. P=(2,2) with (1,3),(3,1): no three there. Horizontal
    // P,(3,2),(4,2) is open ((1,2),(5,2), beyond (0,2),(6,2)) → one three →
    // allowed.
    // Window: columns 0..=5, rows 0..=4.
    RenjuCase {
        name: "own-five-cell-anti-diagonal-has-no-three",
        width: 15,
        height: 15,
        origin: (0, 0),
        ascii: "
            . . . . . .
            . . . X . .
            . . * X X .
            . X . . . .
            . . . . . .
        ",
        forbidden: &[],
        allowed: &[(2, 2)],
        exact_list: false,
    },
    // The anti-diagonal (0,5)..(5,0) has 6 points: P=(2,3) with (1,4),(3,2) is
    // `.XXX..`; (4,1) gives idx 1..4 with ends (0,5) and (5,0) both giving exactly
    // five → three. Horizontal P,(3,3),(4,3) open → forbidden.
    // Window: columns 0..=5, rows 1..=5.
    RenjuCase {
        name: "own-six-cell-anti-diagonal-three",
        width: 15,
        height: 15,
        origin: (0, 1),
        ascii: "
            . . . . . .
            . . . X . .
            . . * X X .
            . X . . . .
            . . . . . .
        ",
        forbidden: &[(2, 3)],
        allowed: &[],
        exact_list: false,
    },
    // P=(2,2): anti-diagonal (1,3),P,(3,1),(4,0) completes at (0,4) → a four even
    // on a 5-point line; horizontal 2..5 straight four → double-four → forbidden.
    // Window: columns 0..=6, rows 0..=4.
    RenjuCase {
        name: "own-five-cell-anti-diagonal-four-counts",
        width: 15,
        height: 15,
        origin: (0, 0),
        ascii: "
            . . . . X . .
            . . . X . . .
            . . * X X X .
            . X . . . . .
            . . . . . . .
        ",
        forbidden: &[(2, 2)],
        allowed: &[],
        exact_list: false,
    },
    // Top row: X at 0..3. (4,0) makes an exact five 0..4 → allowed. With X at
    // (5,0) too, see the next case.
    // Window: columns 0..=5, rows 0..=1.
    RenjuCase {
        name: "own-edge-row-five-and-six",
        width: 15,
        height: 15,
        origin: (0, 0),
        ascii: "
            X X X X * .
            . . . . . .
        ",
        forbidden: &[],
        allowed: &[(4, 0)],
        exact_list: false,
    },
    // Top row: X at 0..3 and 5. (4,0) makes six 0..5 → forbidden.
    // Window: columns 0..=6, rows 0..=1.
    RenjuCase {
        name: "own-edge-row-six",
        width: 15,
        height: 15,
        origin: (0, 0),
        ascii: "
            X X X X * X .
            . . . . . . .
        ",
        forbidden: &[(4, 0)],
        allowed: &[],
        exact_list: false,
    },
    // P=(14,14): row 14 (11,14),(12,14),(13,14) completes only at (10,14); column
    // 14 (14,11..14,13) completes only at (14,10) → two closed fours → forbidden.
    // Window: columns 10..=14, rows 10..=14.
    RenjuCase {
        name: "own-bottom-right-corner-double-four",
        width: 15,
        height: 15,
        origin: (10, 10),
        ascii: "
            . . . . .
            . . . . X
            . . . . X
            . . . . X
            . X X X *
        ",
        forbidden: &[(14, 14)],
        allowed: &[],
        exact_list: false,
    },
    // ===== Own positions: walls (#) =====

    // `# . X X P . #` (walls at (2,7),(8,7)): both straight-four candidates end
    // on a wall → no three. Vertical three only → P=(6,7) allowed.
    // Window: columns 1..=9, rows 6..=10.
    RenjuCase {
        name: "own-wall-blocks-three",
        width: 15,
        height: 15,
        origin: (1, 6),
        ascii: "
            . . . . . . . . .
            . # . X X * . # .
            . . . . . X . . .
            . . . . . X . . .
            . . . . . . . . .
        ",
        forbidden: &[],
        allowed: &[(6, 7)],
        exact_list: false,
    },
    // `# . . X X P . #` (walls at (1,7),(8,7)): (3,7) gives 3..6 with free ends
    // (2,7),(7,7) → three. Plus vertical → P=(6,7) forbidden.
    // Window: columns 0..=9, rows 6..=10.
    RenjuCase {
        name: "own-wall-at-distance-five",
        width: 15,
        height: 15,
        origin: (0, 6),
        ascii: "
            . . . . . . . . . .
            . # . . X X * . # .
            . . . . . . X . . .
            . . . . . . X . . .
            . . . . . . . . . .
        ",
        forbidden: &[(6, 7)],
        allowed: &[],
        exact_list: false,
    },
    // `X # X X P X X` (wall at (2,7)): P=(5,7) makes the run 3..7 = exactly five
    // (the wall cuts (1,7) off) → allowed.
    // Window: columns 0..=8, rows 6..=8.
    RenjuCase {
        name: "own-wall-splits-would-be-overline",
        width: 15,
        height: 15,
        origin: (0, 6),
        ascii: "
            . . . . . . . . .
            . X # X X * X X .
            . . . . . . . . .
        ",
        forbidden: &[],
        allowed: &[(5, 7)],
        exact_list: false,
    },
    // Control: the same with a Black stone instead of the wall → run 1..7 = seven
    // → P=(5,7) forbidden.
    // Window: columns 0..=8, rows 6..=8.
    RenjuCase {
        name: "own-overline-without-the-wall",
        width: 15,
        height: 15,
        origin: (0, 6),
        ascii: "
            . . . . . . . . .
            . X X X X * X X .
            . . . . . . . . .
        ",
        forbidden: &[(5, 7)],
        allowed: &[],
        exact_list: false,
    },
    // P=(6,7): row `# X X X P .` (wall (2,7)) completes at (7,7); column
    // P,(6,8),(6,9),(6,10) with a wall at (6,11) completes at (6,6) → two fours →
    // forbidden.
    // Window: columns 1..=7, rows 6..=12.
    RenjuCase {
        name: "own-walls-close-two-fours",
        width: 15,
        height: 15,
        origin: (1, 6),
        ascii: "
            . . . . . . .
            . # X X X * .
            . . . . . X .
            . . . . . X .
            . . . . . X .
            . . . . . # .
            . . . . . . .
        ",
        forbidden: &[(6, 7)],
        allowed: &[],
        exact_list: false,
    },
    // P=(6,7): row `# X X X P #` (walls (2,7),(7,7)): four stones, no empty point
    // to complete → not a four. Column closed by a wall at (6,11) → one four →
    // allowed.
    // Window: columns 1..=8, rows 6..=12.
    RenjuCase {
        name: "own-walls-leave-no-five-point",
        width: 15,
        height: 15,
        origin: (1, 6),
        ascii: "
            . . . . . . . .
            . # X X X * # .
            . . . . . X . .
            . . . . . X . .
            . . . . . X . .
            . . . . . # . .
            . . . . . . . .
        ",
        forbidden: &[],
        allowed: &[(6, 7)],
        exact_list: false,
    },
    // own-33-two-diagonals with walls at (4,4) and (9,9): the diagonal
    // (5,5),(6,6),P can only grow to 5..8 whose end (4,4) is a wall (and (9,9)
    // too) → no three. Anti-diagonal three only → P=(7,7) allowed.
    // Window: columns 3..=10, rows 3..=10.
    RenjuCase {
        name: "own-wall-on-diagonal",
        width: 15,
        height: 15,
        origin: (3, 3),
        ascii: "
            . . . . . . . .
            . # . . . . . .
            . . X . . . X .
            . . . X . X . .
            . . . . * . . .
            . . . . . . . .
            . . . . . . # .
            . . . . . . . .
        ",
        forbidden: &[],
        allowed: &[(7, 7)],
        exact_list: false,
    },
    // P=(6,7): row `# X X X P X #` → exact five 3..7 between walls; column
    // (6,3..6,6),P,(6,8) = six. The five wins → allowed.
    // Window: columns 1..=9, rows 2..=9.
    RenjuCase {
        name: "own-wall-five-and-overline",
        width: 15,
        height: 15,
        origin: (1, 2),
        ascii: "
            . . . . . . . . .
            . . . . . X . . .
            . . . . . X . . .
            . . . . . X . . .
            . . . . . X . . .
            . # X X X * X # .
            . . . . . X . . .
            . . . . . . . . .
        ",
        forbidden: &[],
        allowed: &[(6, 7)],
        exact_list: false,
    },
    // ===== Own positions: other board sizes =====

    // 7x7. P=(3,3): horizontal (1,3),(2,3),P → (4,3) gives 1..4 with ends (0,3)
    // (five 0..4) and (5,3) (five 1..5) → three; vertical P,(3,4),(3,5) → (3,2)
    // gives 2..5 with ends (3,1),(3,6) → three → forbidden. Only (3,3) lies on a
    // line with each pair, and the diagonal through (2,4) that holds three stones
    // has only 5 points → the list is exactly [(3,3)].
    // Window: columns 0..=6, rows 0..=6.
    RenjuCase {
        name: "own-7x7-double-three",
        width: 7,
        height: 7,
        origin: (0, 0),
        ascii: "
            . . . . . . .
            . . . . . . .
            . . . . . . .
            . X X * . . .
            . . . X . . .
            . . . X . . .
            . . . . . . .
        ",
        forbidden: &[(3, 3)],
        allowed: &[],
        exact_list: true,
    },
    // 7x7. P=(1,1): row 1 P,(2,1),(3,1) → (4,1) gives 1..4 with ends (0,1) and
    // (5,1) free ((6,1) empty beyond) → three; column 1 likewise → forbidden.
    // Window: columns 0..=6, rows 0..=6.
    RenjuCase {
        name: "own-7x7-near-corner-double-three",
        width: 7,
        height: 7,
        origin: (0, 0),
        ascii: "
            . . . . . . .
            . * X X . . .
            . X . . . . .
            . X . . . . .
            . . . . . . .
            . . . . . . .
            . . . . . . .
        ",
        forbidden: &[(1, 1)],
        allowed: &[],
        exact_list: false,
    },
    // 7x7. P=(0,0) with (1,0),(2,0) and (0,1),(0,2): every straight-four candidate
    // touches the edge → no threes → allowed.
    // Window: columns 0..=6, rows 0..=6.
    RenjuCase {
        name: "own-7x7-corner-no-threes",
        width: 7,
        height: 7,
        origin: (0, 0),
        ascii: "
            * X X . . . .
            X . . . . . .
            X . . . . . .
            . . . . . . .
            . . . . . . .
            . . . . . . .
            . . . . . . .
        ",
        forbidden: &[],
        allowed: &[(0, 0)],
        exact_list: false,
    },
    // 5x5: no line has the 6 points a straight four needs, so nothing is ever a
    // three; with two Black stones per line there are no fours either → empty
    // list (P=(2,2) would be a 3x3 shape on a big board).
    // Window: columns 0..=4, rows 0..=4.
    RenjuCase {
        name: "own-5x5-no-room-for-threes",
        width: 5,
        height: 5,
        origin: (0, 0),
        ascii: "
            . . . . .
            . . X . .
            . X * X .
            . . X . .
            . . . . .
        ",
        forbidden: &[],
        allowed: &[(2, 2)],
        exact_list: true,
    },
    // 5x5: P=(2,2) with row (0,2),(1,2),_,(3,2) (completes at (4,2)) and column
    // (2,0),(2,1),_,(2,3) (completes at (2,4)) → double-four → forbidden. Other
    // points: at most one line with three stones → exactly [(2,2)].
    // Window: columns 0..=4, rows 0..=4.
    RenjuCase {
        name: "own-5x5-double-four",
        width: 5,
        height: 5,
        origin: (0, 0),
        ascii: "
            . . X . .
            . . X . .
            X X * X .
            . . X . .
            . . . . .
        ",
        forbidden: &[(2, 2)],
        allowed: &[],
        exact_list: true,
    },
    // 6x6: P=(3,2): row `. X X P . .` → (4,2) gives 1..4 with ends (0,2),(5,2) →
    // three; column P,(3,3),(3,4) → (3,1) gives 1..4 with ends (3,0),(3,5) →
    // three → forbidden.
    // Window: columns 0..=5, rows 0..=5.
    RenjuCase {
        name: "own-6x6-three-just-fits",
        width: 6,
        height: 6,
        origin: (0, 0),
        ascii: "
            . . . . . .
            . . . . . .
            . X X * . .
            . . . X . .
            . . . X . .
            . . . . . .
        ",
        forbidden: &[(3, 2)],
        allowed: &[],
        exact_list: false,
    },
    // 10x10. P=(8,8): row (6,8),(7,8),P,(9,8) edge: (9,8) gives 6..9 against the
    // edge (no), but (5,8) gives 5..8 with ends (4,8),(9,8) → three; column
    // (8,5),(8,6),_,P: gap (8,7) gives 5..8 with ends (8,4),(8,9) → three →
    // forbidden.
    // Window: columns 3..=9, rows 3..=9.
    RenjuCase {
        name: "own-10x10-far-edge-double-three",
        width: 10,
        height: 10,
        origin: (3, 3),
        ascii: "
            . . . . . . .
            . . . . . . .
            . . . . . X .
            . . . . . X .
            . . . . . . .
            . . . X X * .
            . . . . . . .
        ",
        forbidden: &[(8, 8)],
        allowed: &[],
        exact_list: false,
    },
    // 10x10. P=(9,8) on the last column: row (7,8),(8,8),P can only extend to 6..9
    // which touches the edge → no three. Column (9,6),(9,7),P: (9,5) gives 5..8
    // with ends (9,4),(9,9) → three → one three → allowed.
    // Window: columns 4..=9, rows 3..=9.
    RenjuCase {
        name: "own-10x10-far-edge-kills-one-three",
        width: 10,
        height: 10,
        origin: (4, 3),
        ascii: "
            . . . . . .
            . . . . . .
            . . . . . .
            . . . . . X
            . . . . . X
            . . . X X *
            . . . . . .
        ",
        forbidden: &[],
        allowed: &[(9, 8)],
        exact_list: false,
    },
    // 20x20. Row 19: X at 14,15,16,18,19; P=(17,19) makes 14..19 = six →
    // forbidden. (13,19): run 13..16 completes at (12,19) (five) but (17,19)
    // gives seven → one four → allowed.
    // Window: columns 12..=19, rows 18..=19.
    RenjuCase {
        name: "own-20x20-overline-on-last-row",
        width: 20,
        height: 20,
        origin: (12, 18),
        ascii: "
            . . . . . . . .
            . * X X X * X X
        ",
        forbidden: &[(17, 19)],
        allowed: &[(13, 19)],
        exact_list: false,
    },
    // 20x20. P=(19,19): row 19 (16..18) completes at (15,19), column 19 (16..18)
    // completes at (19,15) → two fours → forbidden.
    // Window: columns 15..=19, rows 15..=19.
    RenjuCase {
        name: "own-20x20-corner-double-four",
        width: 20,
        height: 20,
        origin: (15, 15),
        ascii: "
            . . . . .
            . . . . X
            . . . . X
            . . . . X
            . X X X *
        ",
        forbidden: &[(19, 19)],
        allowed: &[],
        exact_list: false,
    },
    // 20x20. P=(18,17): row (16,17),(17,17),P: (15,17) gives 15..18 with ends
    // (14,17) and (19,17) → three; column (18,15),(18,16),P: (18,18) gives 15..18
    // with ends (18,14),(18,19) → three → forbidden.
    // Window: columns 15..=19, rows 14..=18.
    RenjuCase {
        name: "own-20x20-far-edge-double-three",
        width: 20,
        height: 20,
        origin: (15, 14),
        ascii: "
            . . . . .
            . . . X .
            . . . X .
            . X X * .
            . . . . .
        ",
        forbidden: &[(18, 17)],
        allowed: &[],
        exact_list: false,
    },
    // 20x20: the §9.9 position moved by (+8,+8). (15,15) is a double-four; the
    // horizontal of P=(14,15) therefore is no three → P allowed.
    // Window: columns 9..=19, rows 10..=19.
    RenjuCase {
        name: "own-20x20-rules-9.9-far-corner",
        width: 20,
        height: 20,
        origin: (9, 10),
        ascii: "
            . . . . . . . . . . .
            . . . . . . O . . . .
            . . . . . . X . . . .
            . . . . . . X . . . .
            . . . . . . X . . . .
            . O . X X * * . . . .
            . . . . . X . X . . .
            . . . . . X . . X . .
            . . . . . . . . . X .
            . . . . . . . . . . O
        ",
        forbidden: &[(15, 15)],
        allowed: &[(14, 15)],
        exact_list: false,
    },
    // ===== Own positions: nested recursion =====

    // P=(6,7), horizontal `O . X X P . .` → only extension Q=(7,7). With P on the
    // board Q makes the horizontal straight four 4..7, the anti-diagonal three
    // (6,8),Q,(8,6) (it borrows P's vertical stone (6,8)) and the vertical three
    // Q,(7,8),(7,9) → 4-3-3 → Q forbidden → the horizontal is no three. P's
    // vertical (6,7..6,9) is its only three → allowed.
    // Window: columns 1..=9, rows 5..=10.
    RenjuCase {
        name: "own-extension-double-three-using-the-moves-stones",
        width: 15,
        height: 15,
        origin: (1, 5),
        ascii: "
            . . . . . . . . .
            . . . . . . . X .
            . O . X X * . . .
            . . . . . X X . .
            . . . . . X X . .
            . . . . . . . . .
        ",
        forbidden: &[],
        allowed: &[(6, 7)],
        exact_list: false,
    },
    // Three-level chain. P=(6,7): horizontal `O(2,7) . X X P . .` has the single
    // extension Q=(7,7); P's vertical (6,7..6,9) is a real three. Q (with P on
    // the board) makes the horizontal straight four 4..7, the anti-diagonal three
    // (6,8),Q,(8,6), and on the diagonal `O(5,5) . Q X X . .` ((8,8),(9,9)) a
    // three whose single extension is R=(10,10) (R makes the diagonal straight
    // four 7..10).
    //
    // Here R also makes the horizontal straight four 10..13 with (11,10),(12,10),
    // (13,10) → R is a double-four → Q's diagonal is no three → Q = four + one
    // three (4x3) → legal → P's horizontal is a real three → P is a double-three
    // → forbidden.
    // Window: columns 1..=14, rows 4..=11.
    RenjuCase {
        name: "own-chain3-r-double-four-so-p-forbidden",
        width: 15,
        height: 15,
        origin: (1, 4),
        ascii: "
            . . . . . . . . . . . . . .
            . . . . O . . . . . . . . .
            . . . . . . . X . . . . . .
            . O . X X * . . . . . . . .
            . . . . . X . X . . . . . .
            . . . . . X . . X . . . . .
            . . . . . . . . . . X X X .
            . . . . . . . . . . . . . .
        ",
        forbidden: &[(6, 7)],
        allowed: &[],
        exact_list: false,
    },
    // Three-level chain. P=(6,7): horizontal `O(2,7) . X X P . .` has the single
    // extension Q=(7,7); P's vertical (6,7..6,9) is a real three. Q (with P on
    // the board) makes the horizontal straight four 4..7, the anti-diagonal three
    // (6,8),Q,(8,6), and on the diagonal `O(5,5) . Q X X . .` ((8,8),(9,9)) a
    // three whose single extension is R=(10,10) (R makes the diagonal straight
    // four 7..10).
    //
    // Here R makes only the straight four → legal → Q's diagonal three is real →
    // Q is four + two threes (4-3-3) → forbidden, and it is forbidden only because
    // of that real three → P's horizontal is no three → P allowed.
    // Window: columns 1..=10, rows 4..=10.
    RenjuCase {
        name: "own-chain3-r-legal-so-p-allowed",
        width: 15,
        height: 15,
        origin: (1, 4),
        ascii: "
            . . . . . . . . . .
            . . . . O . . . . .
            . . . . . . . X . .
            . O . X X * . . . .
            . . . . . X . X . .
            . . . . . X . . X .
            . . . . . . . . . .
        ",
        forbidden: &[],
        allowed: &[(6, 7)],
        exact_list: false,
    },
    // Four-level chain P → Q → R → S. P=(6,7), Q=(7,7), R=(10,10) as in the
    // own-chain3 cases. R (with P, Q on the board) makes the diagonal straight
    // four, the vertical three R,(10,11),(10,12) (legal extensions (10,9),
    // (10,13)) and the horizontal three R,(11,10),(12,10) closed at distance two
    // by O(14,10), whose single extension is S=(9,10) (S makes the horizontal
    // straight four 9..12).
    //
    // S also makes the vertical straight four (9,9..9,12) with (9,11),(9,12) →
    // S is a double-four → R's horizontal is no three → R is a 4x3 → legal → Q's
    // diagonal three is real → Q is 4-3-3 → forbidden → P's horizontal is no
    // three → P allowed.
    // Window: columns 1..=14, rows 4..=13.
    RenjuCase {
        name: "own-chain4-s-double-four-so-p-allowed",
        width: 15,
        height: 15,
        origin: (1, 4),
        ascii: "
            . . . . . . . . . . . . . .
            . . . . O . . . . . . . . .
            . . . . . . . X . . . . . .
            . O . X X * . . . . . . . .
            . . . . . X . X . . . . . .
            . . . . . X . . X . . . . .
            . . . . . . . . . . X X . O
            . . . . . . . . X X . . . .
            . . . . . . . . X X . . . .
            . . . . . . . . . . . . . .
        ",
        forbidden: &[],
        allowed: &[(6, 7)],
        exact_list: false,
    },
    // Four-level chain P → Q → R → S. P=(6,7), Q=(7,7), R=(10,10) as in the
    // own-chain3 cases. R (with P, Q on the board) makes the diagonal straight
    // four, the vertical three R,(10,11),(10,12) (legal extensions (10,9),
    // (10,13)) and the horizontal three R,(11,10),(12,10) closed at distance two
    // by O(14,10), whose single extension is S=(9,10) (S makes the horizontal
    // straight four 9..12).
    //
    // Without (9,11),(9,12) S only makes the straight four → legal → R's
    // horizontal three is real → R is 4-3-3 → forbidden → Q's diagonal is no
    // three → Q is a 4x3 → legal → P's horizontal is real → P is a double-three →
    // forbidden.
    // Window: columns 1..=14, rows 4..=13.
    RenjuCase {
        name: "own-chain4-s-legal-so-p-forbidden",
        width: 15,
        height: 15,
        origin: (1, 4),
        ascii: "
            . . . . . . . . . . . . . .
            . . . . O . . . . . . . . .
            . . . . . . . X . . . . . .
            . O . X X * . . . . . . . .
            . . . . . X . X . . . . . .
            . . . . . X . . X . . . . .
            . . . . . . . . . . X X . O
            . . . . . . . . . X . . . .
            . . . . . . . . . X . . . .
            . . . . . . . . . . . . . .
        ",
        forbidden: &[(6, 7)],
        allowed: &[],
        exact_list: false,
    },
    // ===== Own positions: more fours and extensions that make a five =====

    // P=(2,7), row `P . X . X X X` (X at 4,6,7,8): (5,7) gives the five 4..8, but
    // that five does not contain P, so it is not a four made by P ((3,7) gives
    // only 2..4, (1,7) only 1..2). P's column (2,8),(2,9),(2,10) closed by
    // O(2,11) is its one four → allowed. A detector that counts every five point
    // within reach of P would call this a double-four.
    // Window: columns 1..=9, rows 6..=12.
    RenjuCase {
        name: "own-foreign-five-point-near-the-move",
        width: 15,
        height: 15,
        origin: (1, 6),
        ascii: "
            . . . . . . . . .
            . * . X . X X X .
            . X . . . . . . .
            . X . . . . . . .
            . X . . . . . . .
            . O . . . . . . .
            . . . . . . . . .
        ",
        forbidden: &[],
        allowed: &[(2, 7)],
        exact_list: false,
    },
    // The §9.7 first position, asking about (6,6): anti-diagonal
    // (5,7),(6,6),(7,5) is an open three; the diagonal (6,6),_,(8,8),(9,9) can only
    // become a straight four at (7,7), and (7,7) makes Black's horizontal five →
    // unusable (RULES.md §10 item 12, Piskvork; Rapfi's check agrees: an extension
    // whose pattern4 is A_FIVE is not counted, and §9.7 reports Rapfi's list as
    // empty) → one three → allowed.
    // Window: columns 1..=10, rows 4..=10.
    RenjuCase {
        name: "own-9.7a-extension-makes-the-five",
        width: 15,
        height: 15,
        origin: (1, 4),
        ascii: "
            . . . . . . . . . .
            . . . . . . X . . .
            . . . . . * X . . .
            . O X X X X * . . .
            . . . . . . . X . .
            . . . . . . . . X .
            . . . . . . . . . .
        ",
        forbidden: &[],
        allowed: &[(6, 6), (7, 7)],
        exact_list: false,
    },
];

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::renju_reference::{forbidden_points, is_forbidden, EMPTY};

    fn fail(case: &RenjuCase, board: &RefBoard, what: &str, points: &[(usize, usize)]) -> String {
        format!(
            "case {}: {} {:?}\nboard ({}x{}):\n{}",
            case.name,
            what,
            points,
            case.width,
            case.height,
            board.to_ascii()
        )
    }

    #[test]
    fn case_names_are_unique_and_points_are_empty() {
        for (i, case) in RENJU_CASES.iter().enumerate() {
            assert!(
                RENJU_CASES[..i].iter().all(|c| c.name != case.name),
                "duplicate case name {}",
                case.name
            );
            let board = case.board();
            for &(x, y) in case.forbidden.iter().chain(case.allowed) {
                assert_eq!(
                    board.get(x, y),
                    EMPTY,
                    "case {}: ({x},{y}) is occupied",
                    case.name
                );
            }
            for &p in case.forbidden {
                assert!(
                    !case.allowed.contains(&p),
                    "case {}: {p:?} listed twice",
                    case.name
                );
            }
        }
    }

    #[test]
    fn reference_agrees_with_every_case() {
        let mut failures = Vec::new();
        for case in RENJU_CASES {
            let board = case.board();
            let not_forbidden: Vec<_> = case
                .forbidden
                .iter()
                .copied()
                .filter(|&(x, y)| !is_forbidden(&board, x, y))
                .collect();
            if !not_forbidden.is_empty() {
                failures.push(fail(
                    case,
                    &board,
                    "expected forbidden, reference says allowed:",
                    &not_forbidden,
                ));
            }
            let not_allowed: Vec<_> = case
                .allowed
                .iter()
                .copied()
                .filter(|&(x, y)| is_forbidden(&board, x, y))
                .collect();
            if !not_allowed.is_empty() {
                failures.push(fail(
                    case,
                    &board,
                    "expected allowed, reference says forbidden:",
                    &not_allowed,
                ));
            }
            if case.exact_list {
                let got = forbidden_points(&board);
                if got != case.forbidden {
                    let extra: Vec<_> = got
                        .iter()
                        .copied()
                        .filter(|p| !case.forbidden.contains(p))
                        .collect();
                    let missing: Vec<_> = case
                        .forbidden
                        .iter()
                        .copied()
                        .filter(|p| !got.contains(p))
                        .collect();
                    failures.push(fail(
                        case,
                        &board,
                        &format!("forbidden list differs: unexpected {extra:?}, missing"),
                        &missing,
                    ));
                }
            }
        }
        assert!(
            failures.is_empty(),
            "{} failure(s):\n\n{}",
            failures.len(),
            failures.join("\n")
        );
    }

    #[test]
    fn corpus_is_large_enough() {
        assert!(RENJU_CASES.len() >= 90, "only {} cases", RENJU_CASES.len());
    }
}
