//! Tic-tac-toe, and the bigger boards up to Gomoku, against a minimax engine.
//!
//! The layers, each using only those above it: [`engine`], [`settings`], [`game`], [`panels`], [`squares`],
//! [`state`], and the DOM layer `web` (wasm32 only) that draws it; [`api`] answers the JS API without the page.
//! All but `web` is pure and tested natively; `docs/architecture.md` says what each module holds.

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
