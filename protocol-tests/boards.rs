//! Board helpers for the protocol tests: a small board model (to check that
//! every engine move is legal), ASCII positions in the style of RULES.md §9
//! turned into `x,y,field` BOARD lines in a valid move order, five
//! detection, and a simple deterministic opponent for whole games.

use crate::harness::Engine;

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Cell {
    Empty,
    /// The engine's stone (BOARD field 1).
    Own,
    /// The manager's / opponent's stone (BOARD field 2).
    Opp,
    /// A dead square (BOARD field 3).
    Wall,
}

/// The test's own copy of the engine's board.
#[derive(Clone, Debug)]
pub struct Board {
    pub w: u32,
    pub h: u32,
    cells: Vec<Cell>,
}

pub const DIRECTIONS: [(i32, i32); 4] = [(1, 0), (0, 1), (1, 1), (1, -1)];

impl Board {
    pub fn new(w: u32, h: u32) -> Board {
        Board {
            w,
            h,
            cells: vec![Cell::Empty; (w * h) as usize],
        }
    }

    pub fn square(n: u32) -> Board {
        Board::new(n, n)
    }

    pub fn inside(&self, x: i64, y: i64) -> bool {
        x >= 0 && y >= 0 && x < self.w as i64 && y < self.h as i64
    }

    pub fn get(&self, x: u32, y: u32) -> Cell {
        self.cells[(y * self.w + x) as usize]
    }

    pub fn set(&mut self, x: u32, y: u32, cell: Cell) {
        self.cells[(y * self.w + x) as usize] = cell;
    }

    pub fn is_empty_at(&self, x: u32, y: u32) -> bool {
        x < self.w && y < self.h && self.get(x, y) == Cell::Empty
    }

    pub fn clear(&mut self) {
        self.cells.iter_mut().for_each(|c| *c = Cell::Empty);
    }

    pub fn empties(&self) -> Vec<(u32, u32)> {
        let mut out = Vec::new();
        for y in 0..self.h {
            for x in 0..self.w {
                if self.get(x, y) == Cell::Empty {
                    out.push((x, y));
                }
            }
        }
        out
    }

    pub fn stones(&self) -> usize {
        self.cells.iter().filter(|&&c| c != Cell::Empty).count()
    }

    /// Length of the row of `cell` stones through (x, y) in direction d,
    /// counting (x, y) itself as `cell`.
    pub fn run_length(&self, x: u32, y: u32, d: (i32, i32), cell: Cell) -> u32 {
        let mut n = 1;
        for sign in [1i64, -1] {
            let (mut cx, mut cy) = (x as i64, y as i64);
            loop {
                cx += sign * d.0 as i64;
                cy += sign * d.1 as i64;
                if !self.inside(cx, cy) || self.get(cx as u32, cy as u32) != cell {
                    break;
                }
                n += 1;
            }
        }
        n
    }

    /// True if a `cell` stone at (x, y) gives `cell` five or more in a row
    /// (freestyle win).
    pub fn makes_five(&self, x: u32, y: u32, cell: Cell) -> bool {
        DIRECTIONS
            .iter()
            .any(|&d| self.run_length(x, y, d, cell) >= 5)
    }

    /// Empty points where `cell` would make five.
    pub fn winning_points(&self, cell: Cell) -> Vec<(u32, u32)> {
        self.empties()
            .into_iter()
            .filter(|&(x, y)| self.makes_five(x, y, cell))
            .collect()
    }
}

/// Checks that a move the engine printed is on the board and on an empty
/// point, then records it as the engine's stone.
#[track_caller]
pub fn play_engine_move(e: &Engine, board: &mut Board, mv: (u32, u32)) {
    let (x, y) = mv;
    if x >= board.w || y >= board.h {
        e.fail(&format!(
            "engine move {x},{y} is off the {}x{} board",
            board.w, board.h
        ));
    }
    if board.get(x, y) != Cell::Empty {
        e.fail(&format!(
            "engine move {x},{y} is on an occupied point ({:?})",
            board.get(x, y)
        ));
    }
    board.set(x, y, Cell::Own);
}

/// Which colour the engine (the side to move after BOARD) must have.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Side {
    /// The engine moved first: as many own stones as opponent stones.
    Black,
    /// The opponent moved first: one opponent stone more.
    White,
    /// Whichever needs fewer padding stones.
    Any,
}

/// A position given to the engine with BOARD / YXBOARD: stones in a valid
/// move order (colours alternate, the opponent made the last move).
#[derive(Clone, Debug)]
pub struct Position {
    pub size: u32,
    /// (x, y, field) in move order; field 1 = engine, 2 = opponent.
    pub stones: Vec<(u32, u32, u8)>,
}

impl Position {
    /// Turns RULES.md-style ASCII into a position. `ascii` rows are lines;
    /// spaces inside a row are ignored; `X`/`O` are stones, `.` and `*`
    /// empty points. The first character of the first row is at (ox, oy).
    /// `own` names the engine's character. Far-away padding stones are
    /// added so that the counts fit `side`.
    pub fn from_ascii(size: u32, ox: u32, oy: u32, ascii: &str, own: char, side: Side) -> Position {
        let mut own_stones = Vec::new();
        let mut opp_stones = Vec::new();
        let rows: Vec<&str> = ascii
            .lines()
            .map(str::trim)
            .filter(|l| !l.is_empty())
            .collect();
        for (dy, row) in rows.iter().enumerate() {
            let cells = row.chars().filter(|c| !c.is_whitespace());
            for (dx, c) in cells.enumerate() {
                let (x, y) = (ox + dx as u32, oy + dy as u32);
                match c {
                    '.' | '*' => {}
                    'X' | 'O' => {
                        assert!(x < size && y < size, "ascii stone {x},{y} is off the board");
                        if c == own {
                            own_stones.push((x, y));
                        } else {
                            opp_stones.push((x, y));
                        }
                    }
                    other => panic!("unexpected character {other:?} in ascii position"),
                }
            }
        }
        Position::from_stones(size, &own_stones, &opp_stones, side)
    }

    /// A position from explicit stone lists, padded like [`Position::from_ascii`].
    pub fn from_stones(size: u32, own: &[(u32, u32)], opp: &[(u32, u32)], side: Side) -> Position {
        let (a, b) = (own.len(), opp.len());
        let engine_black = match side {
            Side::Black => true,
            Side::White => false,
            Side::Any => b <= a,
        };
        // Padding needed so that own == opp (black) or opp == own + 1 (white).
        let (own_pad, opp_pad) = if engine_black {
            (b.saturating_sub(a), a.saturating_sub(b))
        } else {
            (
                (b.saturating_sub(1)).saturating_sub(a),
                (a + 1).saturating_sub(b),
            )
        };
        let pads = padding(size, own, opp, own_pad + opp_pad);
        let mut own_all: Vec<(u32, u32)> = own.to_vec();
        let mut opp_all: Vec<(u32, u32)> = opp.to_vec();
        // Alternate pad colours so pads of one colour are never neighbours
        // on the padding grid more than necessary.
        let (mut need_own, mut need_opp) = (own_pad, opp_pad);
        for (i, p) in pads.into_iter().enumerate() {
            let give_own = need_own > 0 && (need_opp == 0 || i % 2 == 0);
            if give_own {
                own_all.push(p);
                need_own -= 1;
            } else {
                opp_all.push(p);
                need_opp -= 1;
            }
        }
        let mut stones = Vec::new();
        let (first, second) = if engine_black {
            ((&own_all, 1u8), (&opp_all, 2u8))
        } else {
            ((&opp_all, 2u8), (&own_all, 1u8))
        };
        for i in 0..first.0.len().max(second.0.len()) {
            if let Some(&(x, y)) = first.0.get(i) {
                stones.push((x, y, first.1));
            }
            if let Some(&(x, y)) = second.0.get(i) {
                stones.push((x, y, second.1));
            }
        }
        Position { size, stones }
    }

    /// The data lines, `x,y,field` each.
    pub fn lines(&self) -> Vec<String> {
        self.stones
            .iter()
            .map(|&(x, y, f)| format!("{x},{y},{f}"))
            .collect()
    }

    /// The test's board model of this position.
    pub fn board(&self) -> Board {
        let mut board = Board::square(self.size);
        for &(x, y, f) in &self.stones {
            let cell = match f {
                1 => Cell::Own,
                2 => Cell::Opp,
                _ => Cell::Wall,
            };
            board.set(x, y, cell);
        }
        board
    }

    /// Sends `command` (BOARD or YXBOARD), the data lines and `DONE`.
    pub fn send(&self, e: &mut Engine, command: &str) {
        e.send(command);
        for line in self.lines() {
            e.send(&line);
        }
        e.send("DONE");
    }
}

/// `count` empty points far from every given stone (Chebyshev distance ≥ 5,
/// falling back to 4 and 3 on crowded boards), at least 3 apart from each
/// other so that padding stones never form a shape together. Farthest
/// points first, ties in scan order (deterministic).
fn padding(size: u32, own: &[(u32, u32)], opp: &[(u32, u32)], count: usize) -> Vec<(u32, u32)> {
    if count == 0 {
        return Vec::new();
    }
    let taken: Vec<(u32, u32)> = own.iter().chain(opp).copied().collect();
    let chebyshev = |a: (u32, u32), b: (u32, u32)| a.0.abs_diff(b.0).max(a.1.abs_diff(b.1));
    let distance = |p: (u32, u32)| {
        taken
            .iter()
            .map(|&q| chebyshev(p, q))
            .min()
            .unwrap_or(u32::MAX)
    };
    for min_distance in [5, 4, 3] {
        let mut candidates: Vec<(u32, u32)> = (0..size)
            .flat_map(|y| (0..size).map(move |x| (x, y)))
            .filter(|&p| distance(p) >= min_distance)
            .collect();
        candidates.sort_by_key(|&p| std::cmp::Reverse(distance(p)));
        let mut chosen: Vec<(u32, u32)> = Vec::new();
        for p in candidates {
            if chosen.iter().all(|&q| chebyshev(p, q) >= 3) {
                chosen.push(p);
                if chosen.len() == count {
                    return chosen;
                }
            }
        }
    }
    panic!("no room for {count} padding stones on a {size}x{size} board");
}

/// The engine's seeded generator with the helpers the tests use.
#[derive(Clone, Debug)]
pub struct Rng(ferro::rng::SplitMix64);

impl Rng {
    pub fn new(seed: u64) -> Rng {
        Rng(ferro::rng::SplitMix64::new(seed))
    }

    /// Uniform in 0..n (n > 0).
    pub fn below(&mut self, n: u64) -> u64 {
        self.0.below(n)
    }

    /// Uniform in lo..=hi.
    pub fn range(&mut self, lo: i64, hi: i64) -> i64 {
        lo + self.below((hi - lo + 1) as u64) as i64
    }

    /// True with probability pct/100.
    pub fn chance(&mut self, pct: u64) -> bool {
        self.below(100) < pct
    }

    pub fn pick<'a, T>(&mut self, items: &'a [T]) -> &'a T {
        &items[self.below(items.len() as u64) as usize]
    }
}

/// Number of distinct empty points where `cell` would make five after a
/// `cell` stone is put on the empty point `p` (2 or more = an open four or
/// a double threat).
pub fn threats_after(board: &Board, p: (u32, u32), cell: Cell) -> usize {
    let mut b = board.clone();
    b.set(p.0, p.1, cell);
    let mut wins: Vec<(u32, u32)> = Vec::new();
    for d in DIRECTIONS {
        for k in -4i64..=4 {
            let (x, y) = (p.0 as i64 + k * d.0 as i64, p.1 as i64 + k * d.1 as i64);
            if !b.inside(x, y) {
                continue;
            }
            let q = (x as u32, y as u32);
            if b.get(q.0, q.1) == Cell::Empty && b.makes_five(q.0, q.1, cell) && !wins.contains(&q)
            {
                wins.push(q);
            }
        }
    }
    wins.len()
}

/// The opponent's move in a test game: win if possible, else block the
/// engine's five, else make an open four, else stop the engine from making
/// one, else a random empty point near existing stones (or the centre on an
/// empty board). `None` on a full board.
pub fn opponent_move(board: &Board, rng: &mut Rng) -> Option<(u32, u32)> {
    if let Some(&p) = board.winning_points(Cell::Opp).first() {
        return Some(p);
    }
    if let Some(&p) = board.winning_points(Cell::Own).first() {
        return Some(p);
    }
    let empties = board.empties();
    if empties.is_empty() {
        return None;
    }
    if board.stones() == 0 {
        return Some((board.w / 2, board.h / 2));
    }
    let near: Vec<(u32, u32)> = empties
        .iter()
        .copied()
        .filter(|&(x, y)| {
            (-2i64..=2).any(|dy| {
                (-2i64..=2).any(|dx| {
                    let (nx, ny) = (x as i64 + dx, y as i64 + dy);
                    board.inside(nx, ny)
                        && matches!(board.get(nx as u32, ny as u32), Cell::Own | Cell::Opp)
                })
            })
        })
        .collect();
    for cell in [Cell::Opp, Cell::Own] {
        if let Some(&p) = near.iter().find(|&&p| threats_after(board, p, cell) >= 2) {
            return Some(p);
        }
    }
    let pool = if near.is_empty() { &empties } else { &near };
    Some(*rng.pick(pool))
}
