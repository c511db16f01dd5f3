//! What JavaScript calls to mount a game: `mountPage`, `mountElement`, `mount` with options, and the handle each
//! returns (the engine's calls are in `engine_calls.rs`). The URL's parameters, the element's attributes and the handle's `set` are read
//! here into typed setting changes. A bad argument throws a JS `Error` with a sentence; nothing here panics, and
//! every call into JavaScript that can throw is caught: an exception unwound through the module would skip the code
//! that gives back its stack.

use super::js::{error_text, object};
use super::read::setting_attributes;
use super::realm;
use super::runtime::{mount as mount_game, GameHandle, Source};
use crate::settings::{
    embed_from_pairs, in_reading_order, quote, read_pairs, Change, Layout, Name, Settings,
};
use crate::state::{Problem, Topic};
use js_sys::{Array, Number, Object};
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

/// Renders a game into `element` and returns its handle: `newGame()`, `destroy()`, `set(name, value)`, `free()`.
///
/// `options` is an object with any of `human` (`"X"` or `"O"`), `mode` (`"computer"` or `"friend"`), `level`
/// (`"easy"`, `"medium"`, `"hard"`, `"unbeatable"`), `position` (a board in the notation), `delay` (milliseconds),
/// `scores`, `tree`, `stats`, `step`, `horizon` (`true` shows that panel), `scoring` (`"depth"` or `"plain"`),
/// `board` (`"ROWSxCOLS"`), `k`, `think` (milliseconds), `eval`, `practice` (`true` or `"tree"`), `depth`,
/// `branching`, `seed` and `controls` (the groups of controls kept in view, `"level side"` or `"all"`; the rest wait
/// under Settings); `undefined` or `null` is the default.
/// An unknown option or a value that is not understood throws an `Error`.
#[wasm_bindgen]
pub fn mount(element: JsValue, options: JsValue) -> Result<JsValue, JsError> {
    let mut settings = Settings::default();
    if let Some(entries) = option_entries("mount", &options, "{ level: \"hard\" }")? {
        read_options(&mut settings, &entries)?;
    }
    let game = mount_game(&element, settings, Vec::new(), Source::Options, true)
        .map_err(|e| JsError::new(&e))?;
    Ok(handle_object(game, Source::Options))
}

/// Reads `mount`'s options into `settings`, each into a change as it is read, in reading order (the board first,
/// then how many in a row, then the rest), as a URL's parameters are read. An option without a value (`undefined`
/// or `null`) is its default, as `set` takes it.
///
/// # Errors
/// An `Error` for the first option, in that order, whose name is no setting's, whose value is of the wrong type,
/// or whose value the setting does not take.
fn read_options(settings: &mut Settings, entries: &[(String, JsValue)]) -> Result<(), JsError> {
    let nullish = |value: &JsValue| value.is_undefined() || value.is_null();
    let given = |wanted: Name| {
        entries
            .iter()
            .find(|(name, value)| name == wanted.as_str() && !nullish(value))
    };
    let implied = given(Name::Position)
        .and_then(|(_, value)| value.as_string())
        .and_then(|text| Layout::from(text.as_str()).implied_board());
    if let (None, Some((rows, cols))) = (given(Name::Board), implied) {
        settings.take_implied_board(rows, cols);
    }
    for (name, value) in in_reading_order(entries, |(name, _)| name.parse().ok()) {
        let name: Name = name
            .parse()
            .map_err(|_| JsError::new(&format!("mount: {}", unknown_option(&name.into()))))?;
        if nullish(value) {
            continue;
        }
        let reading = Change::parse(name, &option_text("mount", name.as_str(), value)?);
        settings
            .apply_reading(&reading)
            .map_err(|error| JsError::new(&format!("mount: {}", error.message(settings.shape))))?;
    }
    Ok(())
}

/// The `[name, value]` pairs of an options object, read once (`None` for `undefined` or `null`: no options), or an
/// `Error` naming `function` for anything that is not an object such as `example`, or whose getters throw.
pub(super) fn option_entries(
    function: &str,
    options: &JsValue,
    example: &str,
) -> Result<Option<Vec<(String, JsValue)>>, JsError> {
    if options.is_undefined() || options.is_null() {
        return Ok(None);
    }
    // `typeof` (not `instanceof`, false for `Object.create(null)` and a frame's objects); arrays are refused by
    // `instanceof`, which wasm-bindgen checks inside a `try` (a revoked Proxy throws there).
    if !options.is_object() || options.is_instance_of::<Array>() {
        return Err(JsError::new(&format!(
            "{function}: options must be an object such as {example}"
        )));
    }
    #[expect(
        clippy::disallowed_methods,
        reason = "typeof says object: every such value is an Object"
    )]
    let options = options.unchecked_ref::<Object>();
    // Reading the options runs their getters (and a Proxy's traps), which may throw.
    let entries = Object::entries_typed(options).map_err(|error| {
        JsError::new(&format!(
            "{function}: the options could not be read: {}",
            error_text(&error)
        ))
    })?;
    Ok(Some(
        entries
            .iter()
            .map(|entry| (entry.get0().as_string().unwrap_or_default(), entry.get1()))
            .collect(),
    ))
}
