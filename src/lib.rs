//! Tic-tac-toe, and the bigger boards up to Gomoku, against a minimax engine.
//!
//! The layers, each using only those above it: [`engine`], the pure game engine; [`settings`], what a URL or an
//! embedding can ask; [`game`], one game as the page plays it, with the tally of results; [`panels`], what each
//! panel shows; [`squares`], how each square looks; [`state`], the page's state composing them; and the DOM layer
//! (`web`, only when building for `wasm32`) that draws it. [`api`] holds what the JS API answers, without the
//! page. All of it but `web` is pure and tested natively; `gomocup` (native only) speaks the Gomocup protocol for
//! the `pbrain-minimax` binary.

pub mod api;
pub use engine;
pub mod game;
// Native only: a brain talks over standard input and output.
#[cfg(not(target_arch = "wasm32"))]
pub mod gomocup;
pub mod panels;
pub mod settings;
pub mod squares;
pub mod state;

#[cfg(target_arch = "wasm32")]
pub mod web;
