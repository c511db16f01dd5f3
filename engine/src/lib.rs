//! The game engine: the board of any shape and its rules, the minimax search, and a look inside the search for
//! the panels that explain it, step by step if asked. Pure Rust, no web crate, so it builds and is tested
//! natively.
//!
//! The modules are layers, each using only those declared before it in the list of `docs/architecture.md`
//! (`tests/layers.rs` holds it): score and clock first, then the grid, the patterns and threats, the one search
//! loop (`core`), the one root driver (`search`), and the views of the search for the panels (`trace`, `variants`).

mod bits;
mod board;
mod clock;
mod core;
mod grid;
mod lines;
mod ordering;
mod rng;
mod score;
mod search;
mod settings;
mod table;
mod tactics;
mod threats;
mod trace;
mod variants;

pub use board::{Board, ParseBoardError, CELLS, LINES};
#[cfg(not(target_arch = "wasm32"))]
pub use clock::InstantClock;
pub use clock::{Clock, SteppingClock, StoppedClock};
pub use grid::{Grid, IllegalMove, ParseGridError, Player, Rule, Shape, ShapeError, Status};
pub use lines::{evaluation_features, evaluation_weights, Weights, EVALUATION_FEATURES};
pub use rng::Rng;
pub use score::{Outcome, Score, Value};
pub use search::{
    analyze, best_move, best_move_at, best_moves, best_moves_within, evaluate, think, think_moves,
    Engine, Forced, Iteration, Level, Limits, Report, Thought, FULL_DEPTH, PROVED_UP_TO_CELLS,
};
pub use settings::Scoring;
pub use threats::ForcedKind;
pub use trace::{
    alpha_beta_trace, move_between, node_searches, walk_trace, Bound, NodeSearch, StepEvent,
    StepKind,
};
pub use variants::{
    all_search_stats, analyze_with, game_tree_size, plain_minimax_nodes, principal_variation,
    search_stats, tree_children, tree_children_along, tree_children_searched, SearchStats,
    TreeNode, Variant,
};
