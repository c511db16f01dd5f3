//! Tic-tac-toe against a minimax engine that never loses.
//!
//! [`engine`] is the pure game engine; [`game`] is the state of one game on the page, [`settings`] what a URL can
//! ask of it and [`tally`] the results so far, all pure; the DOM layer ([`web`]) that renders them with
//! `web-sys` exists only when building for `wasm32`.
//!
//! Everything here also ships in the wasm module, whose size is budgeted (README, Performance). Short lists are
//! built with a `for` loop that pushes rather than `iter().map(..).collect()`: each such chain is its own copy
//! of `Vec`'s `from_iter` and the iterator adapters in the module, and 40 of them came to 10 KB of code. For the
//! same reason the module is built without the standard library (the `std` feature off): the crate uses `core` and
//! `alloc` only, with a `prelude` module for the names the standard prelude would give.

#![cfg_attr(not(feature = "std"), no_std)]

extern crate alloc;

/// What the standard library's prelude gives, for the DOM layer built without it (`no_std`); the other modules
/// use the standard library.
#[cfg(target_arch = "wasm32")]
mod prelude {
    pub use alloc::borrow::ToOwned;
    pub use alloc::string::{String, ToString};
    pub use alloc::vec::Vec;
}

pub mod analysis;
pub mod engine;
pub mod explain;
pub mod game;
pub mod settings;
pub mod tally;
pub mod text;
pub mod thinking;
pub mod tree;

#[cfg(target_arch = "wasm32")]
pub mod web;

/// A `static` of the wasm module, which runs on one thread: wasm32 without the `atomics` feature has no other,
/// so no two threads ever share it. (The standard library's `thread_local!` is not there without `std`.)
#[cfg(target_arch = "wasm32")]
pub(crate) struct Local<T>(pub T);

// SAFETY: without the `atomics` target feature a wasm module has one thread, so nothing is shared between threads.
#[cfg(all(target_arch = "wasm32", not(target_feature = "atomics")))]
unsafe impl<T> Sync for Local<T> {}

#[cfg(target_arch = "wasm32")]
impl<T> Local<T> {
    /// Runs `f` with the value, as `LocalKey::with` does.
    pub(crate) fn with<R>(&'static self, f: impl FnOnce(&T) -> R) -> R {
        f(&self.0)
    }
}
