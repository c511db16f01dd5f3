//! Small helpers for building and updating the game's elements with `web-sys`: every text goes in with
//! `textContent` or as an attribute value, never as HTML.
//!
//! The helpers cannot fail on the constant tag, attribute and class names this layer gives them, so they
//! return the element itself rather than a `Result`: every `?` on a DOM call cost the wasm module its own error
//! path, and building the game took 12 KB of code that way. Were a DOM call to fail all the same (a bug), the
//! error is thrown to JavaScript.

use wasm_bindgen::prelude::*;
use wasm_bindgen::JsCast;
use web_sys::{Element, HtmlInputElement, Window};

#[wasm_bindgen]
extern "C" {
    /// The page's `window`, `None` where there is none (a worker): one import, where `web_sys::window()` looks
    /// through four globals (`globalThis`, `self`, `window`, `global`) for it.
    #[wasm_bindgen(thread_local_v2, js_name = window)]
    static WINDOW: Option<Window>;
}

/// The page's `window`, if the module runs in one.
pub fn window() -> Option<Window> {
    WINDOW.with(Clone::clone)
}

/// Creates a `tag` element with `class` and `text` (each left out when empty), appended to `parent`.
#[inline(never)]
pub fn add(parent: &Element, tag: &str, class: &str, text: &str) -> Element {
    let child = parent
        .owner_document()
        .unwrap_throw()
        .create_element(tag)
        .unwrap_throw();
    if !class.is_empty() {
        set_attribute(&child, "class", class);
    }
    if !text.is_empty() {
        child.set_text_content(Some(text));
    }
    let _ = parent.append_child(&child);
    child
}

/// Creates a `<button type="button">` with `text` and a `data-*` attribute, appended to `parent`.
#[inline(never)]
pub fn add_button(parent: &Element, class: &str, text: &str, data: (&str, &str)) -> Element {
    let button = add(parent, "button", class, text);
    set_attribute(&button, "type", "button");
    set_attribute(&button, data.0, data.1);
    button
}

/// Creates an `<input type="kind" data-setting="setting">` appended to `parent`.
#[inline(never)]
fn add_input(parent: &Element, kind: &str, setting: &str) -> HtmlInputElement {
    let input = add(parent, "input", "", "");
    set_attribute(&input, "type", kind);
    set_attribute(&input, "data-setting", setting);
    input.unchecked_into()
}

/// Sets an attribute whose name is one of this layer's constants, which cannot fail.
#[inline(never)]
pub fn set_attribute(element: &Element, name: &str, value: &str) {
    let _ = element.set_attribute(name, value);
}

/// Adds or removes a class whose name is one of this layer's constants, which cannot fail.
#[inline(never)]
pub fn toggle_class(element: &Element, class: &str, on: bool) {
    let _ = element.class_list().toggle_with_force(class, on);
}

/// Shows or hides an element with the `hidden` attribute.
#[inline(never)]
pub fn set_hidden(element: &Element, hidden: bool) {
    if hidden {
        set_attribute(element, "hidden", "");
    } else {
        let _ = element.remove_attribute("hidden");
    }
}

/// Marks a control as unavailable without taking it out of the tab order (so focus is never lost).
pub fn set_unavailable(element: &Element, unavailable: bool) {
    set_attribute(
        element,
        "aria-disabled",
        if unavailable { "true" } else { "false" },
    );
}

/// A fieldset of labelled radio buttons, one per `(value, text)`, named after the game and `setting`.
pub fn radio_group(
    parent: &Element,
    game: u32,
    setting: &str,
    legend: &str,
    choices: &[(&str, &str)],
) -> (Element, Vec<HtmlInputElement>) {
    let group = add(parent, "fieldset", "ttt-choice", "");
    add(&group, "legend", "", legend);
    let name = game_id(game, setting);
    let inputs = choices
        .iter()
        .map(|(value, text)| {
            let label = add(&group, "label", "ttt-option", "");
            let input = add_input(&label, "radio", setting);
            set_attribute(&input, "name", &name);
            input.set_value(value);
            add(&label, "span", "", text);
            input
        })
        .collect();
    (group, inputs)
}

/// A labelled checkbox for the setting `setting`, appended to `parent`.
pub fn checkbox(parent: &Element, setting: &str, label: &str) -> HtmlInputElement {
    let wrapper = add(parent, "label", "ttt-option", "");
    let input = add_input(&wrapper, "checkbox", setting);
    add(&wrapper, "span", "", label);
    input
}

/// An id or name no other game on the page uses: `ttt-<game>-<what>`.
pub fn game_id(game: u32, what: &str) -> String {
    let mut id = String::from("ttt-");
    crate::text::push_number(&mut id, game.into());
    id.push('-');
    id.push_str(what);
    id
}
