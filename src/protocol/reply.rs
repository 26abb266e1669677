//! Replies and their exact wire format (one line each, no line breaks).

use std::fmt;

#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Reply {
    Ok,
    /// The engine's move, `X,Y`.
    Move {
        x: usize,
        y: usize,
    },
    Error(String),
    Unknown(String),
    /// Free text for the user (`MESSAGE ...`), allowed before any reply.
    Message(String),
    /// The ABOUT line.
    About,
    /// `FORBID XXYY....` (YXSHOWFORBID).
    Forbid(Vec<(usize, usize)>),
    /// Several stones on one line, `X1,Y1 X2,Y2 …` (YXBALANCETWO, SWAP2BOARD).
    Moves(Vec<(usize, usize)>),
    /// `SWAP` (SWAP2BOARD: take the other colour).
    Swap,
    /// A bare `INFO KEY value` detail line for Yixin Board (`show_detail`).
    Info(String),
}

/// Keeps a text safe for a single protocol line: printable ASCII only.
fn clean(text: &str) -> String {
    text.chars()
        .map(|c| {
            if c.is_ascii_graphic() || c == ' ' {
                c
            } else {
                '?'
            }
        })
        .collect()
}

impl fmt::Display for Reply {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Reply::Ok => write!(f, "OK"),
            Reply::Move { x, y } => write!(f, "{x},{y}"),
            Reply::Moves(moves) => {
                let text: Vec<String> = moves.iter().map(|(x, y)| format!("{x},{y}")).collect();
                write!(f, "{}", text.join(" "))
            }
            Reply::Swap => write!(f, "SWAP"),
            Reply::Error(text) => write!(f, "ERROR {}", clean(text)),
            Reply::Unknown(text) => write!(f, "UNKNOWN {}", clean(text)),
            Reply::Message(text) => write!(f, "MESSAGE {}", clean(text)),
            Reply::Info(text) => write!(f, "INFO {}", clean(text)),
            Reply::About => write!(
                f,
                "name=\"Ferro\", version=\"{}\", author=\"Ferro developers\", country=\"International\", www=\"\"",
                env!("CARGO_PKG_VERSION")
            ),
            Reply::Forbid(points) => {
                write!(f, "FORBID ")?;
                for (x, y) in points {
                    write!(f, "{x:02}{y:02}")?;
                }
                write!(f, ".")
            }
        }
    }
}
