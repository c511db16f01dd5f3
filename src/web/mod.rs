//! The DOM layer (wasm32 only): mounts games into a page and runs each one as messages and state.
//!
//! Each game is an `App` (its [`crate::state::State`], its elements, timers, storage and worker) behind a small
//! runtime. Text and events from outside are read at the edge: a DOM event is decoded into a typed `Message`
//! (`message.rs`), a URL's parameters, an element's attributes and the JS API's options into typed setting
//! changes (`api.rs`, `read.rs`), a worker's answer into what the search found (`worker.rs`). One `App::update`
//! changes the state and one render draws it (`view.rs`, which reads the state only); what the update asks of
//! the world outside (focus, the clipboard) is done by the runtime after it (`runtime.rs`). Several games live on
//! one page; none touches anything outside its own element but the site's stored tally, which they share (and
//! the event that says it was kept).
//!
//! No module here imports one that imports it: `runtime` runs `app`, which owns the `view`, the `listener`s and
//! the `searches`; the views import only their parts and `dom`; the JS API (`api`, `api_engine`) mounts through
//! `runtime`.

mod api;
mod api_engine;
mod app;
mod checker;
mod disclosure;
mod dom;
mod host;
mod js;
mod listener;
mod mailbox;
mod message;
mod note_view;
mod panels;
pub mod panic;
mod practice_view;
mod pseudo_view;
mod read;
mod realm;
mod runtime;
mod searches;
mod step_view;
mod style;
mod switches;
mod timer;
mod tree_picture;
mod tree_view;
mod view;
mod worker;

pub use runtime::{mount, GameHandle, Source};
