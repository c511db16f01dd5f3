//! The DOM layer (wasm32 only): mounts games into a page and runs each one as typed messages, one update and one
//! render (`docs/architecture.md` draws the flow). Text and events from outside are read into types at the edge,
//! never in the update. Several games live on one page; none touches anything outside its own element but the
//! site's stored tally, which they share (and the event that says it was kept).

mod app;
mod checker;
mod disclosure;
mod dom;
mod engine_calls;
mod host;
mod js;
mod listener;
mod mailbox;
mod message;
mod mount;
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
