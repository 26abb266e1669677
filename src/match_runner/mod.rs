//! Engine-vs-engine matches (see `ferro-match`). Being written.
