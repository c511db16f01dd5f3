//! The game engine: the board and its rules, the minimax search, and a look inside the search for a panel that
//! explains it, step by step if asked. Pure Rust, no web crate, so it builds and is tested natively.

mod bits;
mod board;
mod deep;
mod grid;
mod insight;
mod negamax;
mod rng;
mod search;
mod tactics;
mod trace;

pub use board::{Board, IllegalMove, ParseBoardError, Player, Status, CELLS, LINES};
#[cfg(not(target_arch = "wasm32"))]
pub use deep::InstantClock;
pub use deep::{think, think_moves, Clock, Iteration, Limits, StoppedClock, Thought, Verdict};
pub use grid::{Grid, ParseGridError, Shape, ShapeError};
pub use insight::{
    all_search_stats, analyze_with, game_tree_size, plain_minimax_nodes, principal_variation,
    search_stats, tree_children, tree_children_along, tree_children_searched, ScoredAnalysis,
    ScoredMove, Scoring, SearchStats, TreeNode, Variant,
};
pub use rng::Rng;
pub use search::{
    analyze, best_move, best_move_at, best_moves, best_moves_within, evaluate, Analysis, BestMoves,
    Level, MoveValue, Outcome, Value, FULL_DEPTH,
};
pub(crate) use trace::move_between;
pub use trace::{
    alpha_beta_trace, node_searches, walk_trace, Bound, NodeSearch, StepEvent, StepKind,
};
