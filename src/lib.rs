//! Tic-tac-toe against a minimax engine that never loses.
//!
//! [`engine`] is the pure game engine; [`game`] is the state of one game on the page, [`settings`] what a URL can
//! ask of it, [`tally`] the results so far, [`thinking`] and [`tree`] what the panels that show minimax's
//! thinking show, and [`textbook`] the textbook's alpha-beta over any game tree. The panels that teach by doing
//! build on them: [`practice`] (the alpha-beta exercise, on a [`search_tree`]), [`pseudocode`] (the lines beside
//! the step-through) and [`check`] (a reader's bot played against every line). All of it is pure and tested
//! natively; the DOM layer (`web`) that draws it with `web-sys` exists only when building for `wasm32`. `gomocup`
//! (native only) speaks the Gomocup protocol for the `pbrain-minimax` binary.

pub mod analysis;
pub mod check;
pub use engine;
pub mod explain;
pub mod game;
pub mod report;
// Native only: a brain talks over standard input and output.
#[cfg(not(target_arch = "wasm32"))]
pub mod gomocup;
pub mod number;
pub mod practice;
pub mod pseudocode;
pub mod search_tree;
pub mod settings;
pub mod snippets;
pub mod squares;
pub mod state;
pub mod stepper;
pub mod tally;
pub mod textbook;
pub mod thinking;
pub mod tree;
pub mod wire;

#[cfg(target_arch = "wasm32")]
pub mod web;
