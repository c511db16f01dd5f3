//! Tic-tac-toe against a minimax engine that never loses.
//!
//! [`engine`] is the pure game engine; [`game`] is the state of one game on the page, [`settings`] what a URL can
//! ask of it and [`tally`] the results so far, all pure; the DOM layer ([`web`]) that renders them with
//! `web-sys` exists only when building for `wasm32`.
//!
//! Everything here also ships in the wasm module, whose size is budgeted (README, Performance). Short lists are
//! built with a `for` loop that pushes rather than `iter().map(..).collect()`: each such chain is its own copy
//! of `Vec`'s `from_iter` and the iterator adapters in the module, and 40 of them came to 10 KB of code.

pub mod analysis;
pub mod engine;
pub mod explain;
pub mod game;
pub mod settings;
pub mod tally;
pub mod text;

#[cfg(target_arch = "wasm32")]
pub mod web;
