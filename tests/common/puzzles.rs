//! The forced-win puzzles of `tests/puzzles.txt`, read once for the tests (`tests/puzzles.rs`) and the example
//! that times them (`examples/puzzles.rs`), which include this file with `#[path]` as they do the oracles.
//! Each line: `rows cols k | position | kind | plies | source`, the kind `fours` or `threes`.
#![allow(
    dead_code,
    reason = "the tests read the kinds as values, the example also prints them"
)]

use tictactoe::engine::{ForcedKind, Grid, Shape};

/// One puzzle: a side to move with a forced win of `kind` in at most `plies`, and where it was found.
pub struct Puzzle {
    pub position: Grid,
    pub kind: ForcedKind,
    pub plies: u32,
    pub source: String,
}

/// Every puzzle of the fixture, in its order.
pub fn puzzles() -> Vec<Puzzle> {
    include_str!("../puzzles.txt")
        .lines()
        .filter(|line| !line.starts_with('#') && !line.trim().is_empty())
        .map(|line| {
            let fields: Vec<&str> = line.split('|').map(str::trim).collect();
            let size: Vec<usize> = fields[0]
                .split_whitespace()
                .map(|n| n.parse().expect("a number"))
                .collect();
            let shape = Shape::new(size[0], size[1], size[2]).expect("a shape");
            Puzzle {
                position: Grid::parse(fields[1], shape).expect("a position"),
                kind: match fields[2] {
                    "fours" => ForcedKind::Fours,
                    "threes" => ForcedKind::FoursAndThrees,
                    other => panic!("kind {other}"),
                },
                plies: fields[3].parse().expect("plies"),
                source: fields[4].to_owned(),
            }
        })
        .collect()
}

/// A kind as the fixture writes it.
pub fn kind_name(kind: ForcedKind) -> &'static str {
    match kind {
        ForcedKind::Fours => "fours",
        ForcedKind::FoursAndThrees => "threes",
    }
}
