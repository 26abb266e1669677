//! The training-data format written by `ferro-datagen` and read by
//! `ferro-tune`.
//!
//! A file starts with the 11 bytes `FERRODATA1\n`, then holds records one
//! after another, little-endian:
//!
//! | bytes | field |
//! |---|---|
//! | 1 | rule: 0 freestyle, 1 standard, 2 renju, 3 caro, 4 caro with overlines |
//! | 1 | board width |
//! | 1 | board height |
//! | 1 | game result for the side to move: 0 loss, 1 draw, 2 win |
//! | 2 | search score for the side to move (i16; mate scores saturated) |
//! | 2 | number of stones `n` (u16) |
//! | 2n | the stones in the order played, `x` then `y` (u8 each); black first |
//!
//! The side to move is black when `n` is even. A position is stored once
//! per file (the generator deduplicates by Zobrist hash).

use crate::board::{Board, Colour, Rule, Square};
use crate::pattern::{CellState, CellThreat};
use std::io::{self, Read, Write};

pub const MAGIC: &[u8; 11] = b"FERRODATA1\n";

/// One training position.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Record {
    pub rule: Rule,
    pub width: u8,
    pub height: u8,
    /// 0 loss, 1 draw, 2 win, for the side to move.
    pub result: u8,
    /// Search score for the side to move.
    pub score: i16,
    pub moves: Vec<(u8, u8)>,
}

impl Record {
    pub fn side_to_move(&self) -> Colour {
        if self.moves.len().is_multiple_of(2) {
            Colour::Black
        } else {
            Colour::White
        }
    }

    /// Sets the record's position up on `board`, replacing the board when
    /// its size or rule differ (one board serves a whole file), and returns
    /// it.
    pub fn position_on<'b>(&self, board: &'b mut Option<Board>) -> &'b mut Board {
        let fits = |b: &Board| {
            b.rule() == self.rule
                && b.width() == self.width as usize
                && b.height() == self.height as usize
        };
        if !board.as_ref().is_some_and(fits) {
            *board = Some(
                Board::new(self.width as usize, self.height as usize, self.rule)
                    .expect("record size checked on reading"),
            );
        }
        let board = board.as_mut().expect("set above");
        self.set_up(board);
        board
    }

    /// Can either side make a five at once (the position says nothing of
    /// the evaluation, and the move is forced)?
    pub fn five_on_board(board: &Board, side: Colour) -> bool {
        board.threat_count(side, CellThreat::Five) > 0
            || board.threat_count(side.opponent(), CellThreat::Five) > 0
    }

    /// Places the record's stones on `board` (emptied first; it must have
    /// the record's size and rule).
    pub fn set_up(&self, board: &mut Board) {
        while board.undo().is_some() {}
        for (i, &(x, y)) in self.moves.iter().enumerate() {
            let stone = if i % 2 == 0 {
                CellState::Black
            } else {
                CellState::White
            };
            board.place(Square::new(x as usize, y as usize), stone);
        }
    }

    /// A search score as stored: mate scores saturate at the i16 range.
    pub fn saturated_score(score: i32) -> i16 {
        score.clamp(i16::MIN as i32, i16::MAX as i32) as i16
    }

    pub fn write(&self, out: &mut impl Write) -> io::Result<()> {
        let mut bytes = Vec::with_capacity(8 + 2 * self.moves.len());
        bytes.extend_from_slice(&[
            self.rule.index() as u8,
            self.width,
            self.height,
            self.result,
        ]);
        bytes.extend_from_slice(&self.score.to_le_bytes());
        bytes.extend_from_slice(&(self.moves.len() as u16).to_le_bytes());
        for &(x, y) in &self.moves {
            bytes.extend_from_slice(&[x, y]);
        }
        out.write_all(&bytes)
    }

    /// The next record, `None` at a clean end of file.
    pub fn read(input: &mut impl Read) -> io::Result<Option<Record>> {
        let mut head = [0u8; 8];
        match input.read_exact(&mut head[..1]) {
            Ok(()) => {}
            Err(e) if e.kind() == io::ErrorKind::UnexpectedEof => return Ok(None),
            Err(e) => return Err(e),
        }
        input.read_exact(&mut head[1..])?;
        let invalid = |what: &str| io::Error::new(io::ErrorKind::InvalidData, what.to_string());
        let rule =
            Rule::from_index(head[0] as usize).ok_or_else(|| invalid("unknown rule code"))?;
        let (width, height, result) = (head[1], head[2], head[3]);
        if result > 2 || !(5..=32).contains(&width) || !(5..=32).contains(&height) {
            return Err(invalid("bad result or board size"));
        }
        let score = i16::from_le_bytes([head[4], head[5]]);
        let count = u16::from_le_bytes([head[6], head[7]]) as usize;
        let mut stones = vec![0u8; 2 * count];
        input.read_exact(&mut stones)?;
        let moves: Vec<(u8, u8)> = stones.chunks(2).map(|c| (c[0], c[1])).collect();
        if moves.iter().any(|&(x, y)| x >= width || y >= height) {
            return Err(invalid("stone off the board"));
        }
        Ok(Some(Record {
            rule,
            width,
            height,
            result,
            score,
            moves,
        }))
    }
}

/// Writes the file header.
pub fn write_header(out: &mut impl Write) -> io::Result<()> {
    out.write_all(MAGIC)
}

/// Reads every record of a data file.
pub fn read_all(path: &std::path::Path) -> io::Result<Vec<Record>> {
    let mut input = io::BufReader::new(std::fs::File::open(path)?);
    let mut magic = [0u8; 11];
    input.read_exact(&mut magic)?;
    if &magic != MAGIC {
        return Err(io::Error::new(
            io::ErrorKind::InvalidData,
            format!("{}: not a Ferro data file", path.display()),
        ));
    }
    let mut records = Vec::new();
    while let Some(record) = Record::read(&mut input)? {
        records.push(record);
    }
    Ok(records)
}
