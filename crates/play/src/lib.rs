//! The play module: the game's crate built without its `full` feature, which is what a first visit to the game
//! page loads (`tictactoe-play.js`). It exports `mountPage` and `mountElement`; a game that asks for a thinking
//! panel or a bigger board is handed over to the full module (`tictactoe.js`), loaded then. Everything is in the
//! game's crate: this crate only names the module.

// Links the game's crate, whose `#[wasm_bindgen]` exports are this module's.
use tictactoe as _;
