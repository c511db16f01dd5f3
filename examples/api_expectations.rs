//! Prints, as JSON, what the JS API must answer for the positions given as arguments (every reachable position
//! without any), from the native engine: the end-to-end tests compare the release wasm's `analyze` and
//! `bestMove` with it (e2e/native.mjs), and `tests/api.rs` checks these answers natively everywhere.
//!
//! `cargo run --profile test --example api_expectations -- X...O.... XXXOO.... > expected.json`

use std::collections::BTreeSet;
use std::fmt::Write;
use tictactoe::api::analysis::best_outcome_cells;
use tictactoe::engine::{analyze, best_moves_within, Board, Level};

fn reachable(board: Board, seen: &mut BTreeSet<String>) {
    if seen.insert(board.to_string()) {
        for cell in board.legal_moves() {
            reachable(board.play(cell), seen);
        }
    }
}

fn list(cells: &[usize]) -> String {
    let items: Vec<String> = cells.iter().map(usize::to_string).collect();
    format!("[{}]", items.join(","))
}

fn main() {
    let mut positions: BTreeSet<String> = std::env::args().skip(1).collect();
    if positions.is_empty() {
        reachable(Board::EMPTY, &mut positions);
    }
    let mut out = String::from("[\n");
    for (index, text) in positions.iter().enumerate() {
        let board: Board = text.parse().expect("a reachable position");
        let analysis = analyze(&board);
        let moves: Vec<String> = analysis
            .values()
            .map(|(cell, value)| {
                format!(
                    "{{\"cell\":{},\"outcome\":\"{}\",\"plies\":{}}}",
                    cell,
                    value.outcome.as_str(),
                    value.plies
                )
            })
            .collect();
        let levels: Vec<String> = Level::ALL
            .iter()
            .map(|level| {
                let cells = best_moves_within(&board, level.depth()).best_cells();
                format!("\"{}\":{}", level.name(), list(&cells))
            })
            .collect();
        let _ = write!(
            out,
            "{{\"position\":\"{text}\",\"toMove\":\"{}\",\"over\":{},\"moves\":[{}],\"bestMoves\":{},\"nodes\":{},\"engineMoves\":{{{}}}}}",
            board.to_move(),
            board.is_over(),
            moves.join(","),
            list(&best_outcome_cells(&analysis)),
            analysis.nodes,
            levels.join(",")
        );
        out.push_str(if index + 1 < positions.len() {
            ",\n"
        } else {
            "\n"
        });
    }
    out.push_str("]\n");
    print!("{out}");
}
