//! What JavaScript can call: mounting games (`mount`, and `mountPage` / `mountElement` for the page and the
//! `<tic-tac-toe>` element), and the engine for authors who want numbers in their prose (`bestMove`, `analyze`).
//!
//! Every bad argument throws an ordinary JS `Error` with a sentence saying what is wrong; nothing here panics,
//! so the module keeps answering afterwards.

use super::{destroy, mount as mount_game, new_game};
use crate::analysis::best_outcome_cells;
use crate::engine::{analyze as analyze_board, best_move_at, Board, Level, Rng, Status};
use crate::prelude::*;
use crate::settings::{query_pairs, quote, Settings, SETTING_NAMES};
use crate::text::cat;
use core::cell::RefCell;
use wasm_bindgen::prelude::*;
use wasm_bindgen::JsCast;
use web_sys::Element;

/// A game mounted in a page, as JavaScript holds it. Letting go of the handle does not remove the game: only
/// `destroy()` does.
#[wasm_bindgen]
pub struct GameHandle {
    id: u32,
}

impl GameHandle {
    pub(super) fn new(id: u32) -> GameHandle {
        GameHandle { id }
    }
}

#[wasm_bindgen]
impl GameHandle {
    /// Starts a new game with the same settings (nothing once the game is destroyed). Called from a listener of
    /// the game's own events while it updates itself, it takes effect right after the update.
    #[wasm_bindgen(js_name = newGame)]
    pub fn new_game(&self) {
        new_game(self.id);
    }

    /// Removes the game from the page, with its listeners and any pending computer move. Calling it again does
    /// nothing. Called from a listener of the game's own events while it updates itself, it takes effect right
    /// after the update.
    pub fn destroy(&self) {
        destroy(self.id);
    }
}

/// `value` as an element, or an `Error` naming `function`.
fn element_argument(value: JsValue, function: &str) -> Result<Element, JsError> {
    value.dyn_into::<Element>().map_err(|_| {
        JsError::new(&cat(&[
            function,
            ": the first argument must be a DOM element to render the game into",
        ]))
    })
}

/// Mounts a game into `element`, with the settings of the page's URL (`?human=O&level=hard&embed=1`).
///
/// A setting that is not understood is explained above the board and its default used. `embed=1` marks the page
/// (`<html class="embedded">`) for the compact, chrome-less layout of an iframe.
#[wasm_bindgen(js_name = mountPage)]
pub fn mount_page(element: JsValue) -> Result<GameHandle, JsError> {
    let element = element_argument(element, "mountPage")?;
    let search = super::dom::window()
        .map(|window| super::dom::text_property(&window.location(), "search"))
        .unwrap_or_default();
    let pairs = query_pairs(&search);
    let (settings, mut problems) = Settings::from_pairs(&pairs);
    for (name, value) in &pairs {
        if name == "embed" {
            match value.as_str() {
                "1" | "true" => {
                    if let Some(root) = element
                        .owner_document()
                        .and_then(|document| document.document_element())
                    {
                        super::dom::toggle_class(&root, "embedded", true);
                    }
                }
                "0" | "false" => {}
                _ => problems.push(cat(&[
                    "embed=",
                    &quote(value),
                    " is not understood: it must be 1 or 0. The whole page is shown.",
                ])),
            }
        }
    }
    mount_game(&element, settings, &problems)
}

/// Mounts a game into `element` with the settings of its attributes (`<tic-tac-toe level="hard">`), for the
/// custom element. Like URL parameters, an attribute that is not understood is explained above the board.
#[wasm_bindgen(js_name = mountElement)]
pub fn mount_element(element: JsValue) -> Result<GameHandle, JsError> {
    let element = element_argument(element, "mountElement")?;
    let mut pairs = Vec::new();
    for name in SETTING_NAMES {
        if let Some(value) = element.get_attribute(name) {
            pairs.push((name.to_owned(), value));
        }
    }
    let (settings, problems) = Settings::from_pairs(&pairs);
    mount_game(&element, settings, &problems)
}

/// An option's value as the text a setting reads, or an `Error`.
fn option_text(name: &str, value: &JsValue) -> Result<String, JsError> {
    if let Some(text) = value.as_string() {
        return Ok(text);
    }
    if let Some(on) = value.as_bool() {
        return Ok(if on { "1" } else { "0" }.to_owned());
    }
    if let Some(number) = value.as_f64() {
        if number.abs() < 1e15 && number as i64 as f64 == number {
            let digits = crate::text::number(number.abs() as u64);
            return Ok(if number < 0.0 {
                cat(&["-", &digits])
            } else {
                digits
            });
        }
        return Err(JsError::new(&cat(&[
            "mount: option ",
            name,
            " must be a whole number",
        ])));
    }
    Err(JsError::new(&cat(&[
        "mount: option ",
        name,
        " must be a string, a number or a boolean",
    ])))
}

/// Renders a game into `element` and returns its handle (`newGame()`, `destroy()`).
///
/// `options` is an object with any of `human` (`"X"` or `"O"`), `mode` (`"computer"` or `"friend"`), `level`
/// (`"easy"`, `"medium"`, `"hard"`, `"unbeatable"`), `position` (a 9-character board), `delay` (milliseconds),
/// `scores`, `tree`, `stats` (`true` shows that panel) and `scoring` (`"depth"` or `"plain"`).
/// An unknown option or a value that is not understood throws an `Error`.
#[wasm_bindgen]
pub fn mount(element: JsValue, options: JsValue) -> Result<GameHandle, JsError> {
    let element = element_argument(element, "mount")?;
    let mut settings = Settings::default();
    if !options.is_undefined() && !options.is_null() {
        if !options.is_object() || js_sys::Array::is_array(&options) || options.is_function() {
            return Err(JsError::new(
                "mount: options must be an object such as { level: \"hard\" }",
            ));
        }
        let entries = js_sys::Object::entries(options.unchecked_ref());
        for entry in entries.iter() {
            let entry: js_sys::Array = entry.unchecked_into();
            let name = entry.get(0).as_string().unwrap_or_default();
            if !Settings::is_known(&name) {
                let mut message = cat(&[
                    "mount: unknown option ",
                    &quote(&name),
                    ": the options are ",
                ]);
                for (index, known) in SETTING_NAMES.iter().enumerate() {
                    if index > 0 {
                        message.push_str(", ");
                    }
                    message.push_str(known);
                }
                return Err(JsError::new(&message));
            }
            let value = option_text(&name, &entry.get(1))?;
            settings
                .set(&name, &value)
                .map_err(|error| JsError::new(&cat(&["mount: ", &error.message()])))?;
        }
    }
    mount_game(&element, settings, &[])
}

/// `position` as a board, or an `Error` naming `function`.
fn position_argument(position: &JsValue, function: &str) -> Result<Board, JsError> {
    let text = position.as_string().ok_or_else(|| {
        JsError::new(&cat(&[
            function,
            ": the position must be a string of 9 characters such as \"X...O....\"",
        ]))
    })?;
    text.parse::<Board>()
        .map_err(|error| JsError::new(&cat(&[function, ": ", &error.message()])))
}

/// Chooses among equally good moves for `bestMove`, seeded on first use.
static RNG: crate::Local<RefCell<Option<Rng>>> = crate::Local(RefCell::new(None));

/// The cell (0 to 8) the engine plays in `position` at `level` (default `"unbeatable"`), chosen at random among
/// moves it cannot tell apart.
///
/// Throws an `Error` for a malformed or impossible position, a finished game, or an unknown level.
#[wasm_bindgen(js_name = bestMove)]
pub fn best_move(position: JsValue, level: JsValue) -> Result<u32, JsError> {
    let board = position_argument(&position, "bestMove")?;
    let level = if level.is_undefined() || level.is_null() {
        Level::Unbeatable
    } else {
        level
            .as_string()
            .and_then(|name| Level::from_name(&name))
            .ok_or_else(|| {
                JsError::new(
                    "bestMove: the level must be \"easy\", \"medium\", \"hard\" or \"unbeatable\"",
                )
            })?
    };
    let over = match board.status() {
        Status::Won(winner) => Some(cat(&[winner.name(), " has won"])),
        Status::Draw => Some("it is a draw".to_owned()),
        Status::InProgress => None,
    };
    if let Some(why) = over {
        return Err(JsError::new(&cat(&[
            "bestMove: the game is over in ",
            &board.notation(),
            " (",
            &why,
            "), so there is no move to play",
        ])));
    }
    let cell = RNG.with(|rng| {
        let mut rng = rng.borrow_mut();
        let rng = rng.get_or_insert_with(|| Rng::new(super::random_seed()));
        best_move_at(board, level, rng)
    });
    cell.map(|cell| cell as u32)
        .ok_or_else(|| JsError::new("bestMove: there is no move to play"))
}

/// Sets `object[key] = value` on an object this module made.
fn set(object: &js_sys::Object, key: &str, value: impl Into<JsValue>) {
    // Setting a property of a plain object cannot fail.
    super::dom::set_property(object, key, &value.into());
}

/// The exact value of every legal move of `position`: `{ toMove, moves: [{ cell, outcome, plies }], bestMoves,
/// nodes }`. `outcome` is `"win"`, `"draw"` or `"loss"` for the side to move, `plies` counts plies to the end of
/// the game under best play (a move that wins at once has 1). `bestMoves` are the cells with the best outcome,
/// the fastest win or the slowest loss first. A finished game has no moves.
///
/// Throws an `Error` for a malformed or impossible position.
#[wasm_bindgen]
pub fn analyze(position: JsValue) -> Result<JsValue, JsError> {
    let board = position_argument(&position, "analyze")?;
    let analysis = analyze_board(board);
    let result = js_sys::Object::new();
    set(&result, "toMove", board.to_move().name());
    let moves = js_sys::Array::new();
    for entry in &analysis.moves {
        let item = js_sys::Object::new();
        set(&item, "cell", entry.cell as u32);
        set(&item, "outcome", entry.value.outcome.as_str());
        set(&item, "plies", entry.value.plies);
        moves.push(&item);
    }
    set(&result, "moves", moves);
    let best_moves: js_sys::Array = best_outcome_cells(&analysis)
        .into_iter()
        .map(|cell| JsValue::from(cell as u32))
        .collect();
    set(&result, "bestMoves", best_moves);
    set(&result, "nodes", analysis.nodes as f64);
    Ok(result.into())
}
