//! The game engine: the board and its rules, and the minimax search. Pure Rust, no web crate, so it builds and
//! is tested natively.

mod board;
mod rng;
mod search;

pub use board::{Board, IllegalMove, ParseBoardError, Player, Status, CELLS, LINES};
pub use rng::Rng;
pub use search::{
    analyze, best_move, best_move_at, best_moves, best_moves_within, evaluate, Analysis, BestMoves,
    Level, MoveValue, Outcome, Value, FULL_DEPTH,
};
