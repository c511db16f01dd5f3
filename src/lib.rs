//! Tic-tac-toe against a minimax engine that never loses.
//!
//! [`engine`] is the pure game engine; [`game`] is the state of one game on the page, also pure; the DOM layer
//! that renders it with `web-sys` exists only when building for `wasm32`.

pub mod engine;
pub mod game;

#[cfg(target_arch = "wasm32")]
pub mod web;
