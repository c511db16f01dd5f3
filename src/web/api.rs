//! What JavaScript calls to mount a game: `mountPage`, `mountElement` and the handle each returns (`mount` and the
//! engine are in `api_engine.rs`). The URL's parameters, the element's attributes and the handle's `set` are read
//! here into typed setting changes. A bad argument throws a JS `Error` with a sentence; nothing here panics, and
//! every call into JavaScript that can throw is caught: an exception unwound through the module would skip the code
//! that gives back its stack.

use super::js::object;
use super::read::setting_attributes;
use super::realm;
use super::runtime::{mount as mount_game, GameHandle, Source};
use crate::settings::{embed_from_pairs, quote, read_pairs, Change, Name, Settings};
use crate::state::{Problem, Topic};
use js_sys::{Array, Number};
use std::cell::Cell;
use std::rc::Rc;
use wasm_bindgen::prelude::*;

/// A JavaScript function that calls `f` with the handle's game, or throws once the handle is freed.
fn method(
    game: &GameHandle,
    freed: &Rc<Cell<bool>>,
    name: &'static str,
    f: impl Fn(&GameHandle, JsValue, JsValue) -> Result<(), JsError> + 'static,
) -> JsValue {
    let (game, freed) = (game.clone(), freed.clone());
    Closure::<dyn Fn(JsValue, JsValue) -> Result<(), JsError>>::new(move |a, b| {
        if freed.get() {
            return Err(JsError::new(&format!(
                "{name}: this handle was let go with free(), so it no longer reaches its game (which stays on \
                 the page until destroy() is called on a handle that is kept)"
            )));
        }
        f(&game, a, b)
    })
    .into_js_value()
}

/// The object JavaScript holds for a game: `newGame()`, `destroy()`, `set(name, value)` and `free()`. Letting
/// go of it does not remove the game: only `destroy()` does.
pub(super) fn handle_object(game: GameHandle, source: Source) -> JsValue {
    let freed = Rc::new(Cell::new(false));
    let new_game = method(&game, &freed, "newGame", |game, _, _| {
        game.new_game();
        Ok(())
    });
    let destroy = method(&game, &freed, "destroy", |game, _, _| {
        game.destroy();
        Ok(())
    });
    let set = method(&game, &freed, "set", move |game, name, value| {
        set_setting(game, source, &name, &value)
    });
    let free = {
        let freed = freed.clone();
        Closure::<dyn Fn(JsValue, JsValue) -> Result<(), JsError>>::new(move |_, _| {
            freed.set(true);
            Ok(())
        })
        .into_js_value()
    };
    object(&[
        ("newGame", new_game),
        ("destroy", destroy),
        ("set", set),
        ("free", free),
    ])
    .into()
}

/// `handle.set(name, value)`: the setting `name` to `value` as an option or attribute gives it (`null` or
/// `undefined`: its default), read here into a change.
fn set_setting(
    game: &GameHandle,
    source: Source,
    name: &JsValue,
    value: &JsValue,
) -> Result<(), JsError> {
    let name: Name = name
        .as_string()
        .and_then(|name| name.parse().ok())
        .ok_or_else(|| JsError::new(&format!("set: {}", unknown_option(name))))?;
    let reading = if value.is_undefined() || value.is_null() {
        Ok(Change::Reset(name))
    } else {
        Change::parse(name, &option_text("set", name.as_str(), value)?)
    };
    // Checked as the game would take it: a position and a k against the game's own board (unknown while the game
    // is busy with an update, when the game explains a bad one above the board instead), the rest against any.
    if source == Source::Options {
        let board_bound = matches!(name, Name::Position | Name::K);
        let settings = game
            .settings()
            .or_else(|| (!board_bound).then(Settings::default));
        if let Some(mut settings) = settings {
            let checked = match &reading {
                Ok(change) => settings.apply_live(change),
                Err(error) => Err(error.clone()),
            };
            checked.map_err(|error| {
                JsError::new(&format!("set: {}", error.message(settings.shape)))
            })?;
        }
    }
    if source == Source::Element
        && matches!(name, Name::Board | Name::K | Name::Rule | Name::Position)
    {
        game.set_board_from_attributes();
    } else {
        game.set(reading);
    }
    Ok(())
}

/// The sentence for an option name this game does not know.
pub(super) fn unknown_option(name: &JsValue) -> String {
    let options = Name::listed();
    match name.as_string() {
        Some(shown) => format!(
            "unknown option {}: the options are {options}",
            quote(&shown)
        ),
        None => format!("an option's name must be a string, one of {options}"),
    }
}

/// An option's value as the text a setting reads, or an `Error`.
pub(super) fn option_text(function: &str, name: &str, value: &JsValue) -> Result<String, JsError> {
    if let Some(text) = value.as_string() {
        return Ok(text);
    }
    if let Some(on) = value.as_bool() {
        return Ok(if on { "1" } else { "0" }.to_owned());
    }
    // A number is read as JavaScript writes it ("250", "1.5", "NaN"): the setting then says what it takes, with
    // its range, in the words a URL or an attribute gets.
    if let Some(text) = value
        .dyn_ref::<Number>()
        .and_then(|number| number.to_string_with_radix(10).ok())
    {
        return Ok(text.into());
    }
    Err(JsError::new(&format!(
        "{function}: option {name} must be a string, a number or a boolean"
    )))
}

/// The page's URL parameters, decoded as the browser decodes them (`URLSearchParams`).
fn url_pairs() -> Vec<(String, String)> {
    let Some(search) = web_sys::window().and_then(|window| window.location().search().ok()) else {
        return Vec::new();
    };
    let Ok(params) = web_sys::UrlSearchParams::new_with_str(&search) else {
        return Vec::new();
    };
    Array::from(&params.entries())
        .iter()
        .filter_map(|entry| {
            let entry = entry.dyn_into::<Array>().ok()?;
            Some((entry.get(0).as_string()?, entry.get(1).as_string()?))
        })
        .collect()
}

/// Mounts a game into `element`, with the settings of the page's URL (`?human=O&level=hard&embed=1`).
///
/// A setting that is not understood is explained above the board and its default used. `embed=1` marks the page
/// (`<html class="embedded">`) for the compact, chrome-less layout of an iframe.
#[wasm_bindgen(js_name = mountPage)]
pub fn mount_page(element: JsValue) -> Result<JsValue, JsError> {
    let pairs = url_pairs();
    let (settings, problems) = Settings::read(&read_pairs(&pairs));
    let mut problems = Problem::of_settings(problems);
    let (embedded, embed_problems) = embed_from_pairs(&pairs);
    problems.extend(
        embed_problems
            .into_iter()
            .map(|sentence| Problem::new(Topic::Embed, sentence)),
    );
    let game = mount_game(&element, settings, problems, Source::Page, embedded)
        .map_err(|e| JsError::new(&e))?;
    if embedded {
        let root = web_sys::window()
            .and_then(|window| window.document())
            .and_then(|document| document.document_element());
        if let Some(root) = root {
            let _ = root.class_list().add_1("embedded");
        }
    }
    Ok(handle_object(game, Source::Page))
}

/// Mounts a game into `element` with the settings of its attributes (`<tic-tac-toe level="hard">`), for the
/// custom element. Like URL parameters, an attribute that is not understood is explained above the board; the
/// handle's `set(name, value)` follows a changed attribute without starting the game again (unless who plays
/// whom, how well or from where changed). A change of `board`, `k` or `position` reads the three attributes
/// together, as a page that loads with them does.
#[wasm_bindgen(js_name = mountElement)]
pub fn mount_element(element: JsValue) -> Result<JsValue, JsError> {
    let host = realm::element(&element).ok_or_else(|| {
        JsError::new(
            "mountElement: the first argument must be a DOM element to render the game into",
        )
    })?;
    let (settings, problems) = Settings::read(&setting_attributes(&host, &Name::ALL));
    let problems = Problem::of_settings(problems);
    let game = mount_game(&element, settings, problems, Source::Element, true)
        .map_err(|e| JsError::new(&e))?;
    Ok(handle_object(game, Source::Element))
}
