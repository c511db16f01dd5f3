//! Small helpers for building the game's elements with `web-sys`: every text goes in with `textContent` or as an
//! attribute value, never as HTML. The calls cannot fail (constant names, in a document checked at mount), so the
//! helpers say so (`unreachable!`) instead of handing every caller a `Result` it could do nothing with.

use crate::engine::Score;
use crate::settings::Name;
use wasm_bindgen::JsCast;
use web_sys::{Document, Element, HtmlButtonElement, HtmlInputElement};

/// The document `element` belongs to.
pub fn document_of(element: &Element) -> Document {
    element
        .owner_document()
        .expect("an element always has an owner document")
}

/// Creates a `tag` element in `document`, attached nowhere yet.
pub fn create(document: &Document, tag: &str) -> Element {
    document
        .create_element(tag)
        .unwrap_or_else(|_| unreachable!("the game's tag names are valid"))
}

/// Creates a `tag` element with `class` and `text` (each left out when empty), appended to `parent`.
pub fn add(parent: &Element, tag: &str, class: &str, text: &str) -> Element {
    let child = create(&document_of(parent), tag);
    if !class.is_empty() {
        child.set_class_name(class);
    }
    if !text.is_empty() {
        child.set_text_content(Some(text));
    }
    parent
        .append_child(&child)
        .unwrap_or_else(|_| unreachable!("a new element can be appended to the game's elements"));
    child
}

/// [`add`], for a `tag` whose element type is `T` (`"input"` and `HtmlInputElement`, say).
pub fn add_typed<T: JsCast>(parent: &Element, tag: &str, class: &str, text: &str) -> T {
    #[expect(
        clippy::disallowed_methods,
        reason = "the element was just created as `tag`; `dyn_into` would ask this window's class, which an \
                  element of a frame's document is not an instance of"
    )]
    add(parent, tag, class, text).unchecked_into()
}

/// Creates a `<button type="button">` with `class` and `text`, appended to `parent`.
pub fn add_button(parent: &Element, class: &str, text: &str) -> HtmlButtonElement {
    let button: HtmlButtonElement = add_typed(parent, "button", class, text);
    button.set_type("button");
    button
}

/// A button with `class` and `text` that a message decodes by its attribute `attribute` = `name` (`data-step` =
/// `forward`, say), appended to `parent`.
pub fn add_control(
    parent: &Element,
    class: &str,
    text: &str,
    attribute: &str,
    name: &str,
) -> HtmlButtonElement {
    let button = add_button(parent, class, text);
    set_attribute(&button, attribute, name);
    button
}

/// Creates an `<input type="kind">`, appended to `parent`.
pub fn add_input(parent: &Element, kind: &str) -> HtmlInputElement {
    let input: HtmlInputElement = add_typed(parent, "input", "", "");
    input.set_type(kind);
    input
}

/// Sets an attribute of the game's own elements (a constant, valid name).
pub fn set_attribute(element: &Element, name: &str, value: &str) {
    element
        .set_attribute(name, value)
        .unwrap_or_else(|_| unreachable!("the game's attribute names are valid"));
}

/// Sets or removes an attribute of the game's own elements.
pub fn set_optional_attribute(element: &Element, name: &str, value: Option<&str>) {
    match value {
        Some(value) => set_attribute(element, name, value),
        None => element
            .remove_attribute(name)
            .unwrap_or_else(|_| unreachable!("the game's attribute names are valid")),
    }
}

/// Adds or removes one of the game's classes.
pub fn toggle_class(element: &Element, class: &str, on: bool) {
    element
        .class_list()
        .toggle_with_force(class, on)
        .unwrap_or_else(|_| unreachable!("the game's class names are valid"));
}

/// Sets `element`'s text to `text` unless it says that already: a live region announces every change of its
/// text, the same words written again included, and the game draws after every message.
pub fn set_text(element: &Element, text: &str) {
    if element.text_content().as_deref() != Some(text) {
        element.set_text_content(Some(text));
    }
}

/// Shows or hides an element with the `hidden` attribute.
pub fn set_hidden(element: &Element, hidden: bool) {
    element
        .toggle_attribute_with_force("hidden", hidden)
        .unwrap_or_else(|_| unreachable!("`hidden` is a valid attribute name"));
}

/// Marks a control as unavailable without taking it out of the tab order (so focus is never lost).
pub fn set_unavailable(element: &Element, unavailable: bool) {
    set_attribute(
        element,
        "aria-disabled",
        if unavailable { "true" } else { "false" },
    );
}

/// A fieldset of labelled radio buttons for the setting `setting`, one per `(value, text)`, named `name`.
pub fn radio_group(
    parent: &Element,
    name: &str,
    setting: Name,
    legend: &str,
    choices: &[(&str, &str)],
) -> (Element, Vec<HtmlInputElement>) {
    let group = add(parent, "fieldset", "ttt-choice", "");
    add(&group, "legend", "", legend);
    let inputs = choices
        .iter()
        .map(|(value, text)| {
            let label = add(&group, "label", "ttt-option", "");
            let input = add_input(&label, "radio");
            set_attribute(&input, "data-setting", setting.as_str());
            input.set_name(name);
            input.set_value(value);
            add(&label, "span", "", text);
            input
        })
        .collect();
    (group, inputs)
}

/// A labelled checkbox for the setting `setting`, appended to `parent`.
pub fn checkbox(parent: &Element, setting: Name, label: &str) -> HtmlInputElement {
    let wrapper = add(parent, "label", "ttt-option", "");
    let input = add_input(&wrapper, "checkbox");
    set_attribute(&input, "data-setting", setting.as_str());
    add(&wrapper, "span", "", label);
    input
}

/// An id or name no other game on the page uses: `ttt-<game>-<what>`.
pub fn game_id(game: u32, what: &str) -> String {
    format!("ttt-{game}-{what}")
}

/// Scrolls `frame` sideways so that `node`, if it is still drawn, is in its middle (as far as `frame` scrolls: not
/// at all, when it is wide enough for what it holds).
pub fn centre(frame: &Element, node: &Element) {
    if !node.is_connected() {
        return;
    }
    let (outer, inner) = (
        frame.get_bounding_client_rect(),
        node.get_bounding_client_rect(),
    );
    let middle = inner.left() + inner.width() / 2.0 - outer.left() - outer.width() / 2.0;
    frame.set_scroll_left(frame.scroll_left() + middle as i32);
}

/// Writes what a value says into `element`'s `data-outcome` and `data-plies` (exact) or `data-estimate`, and takes
/// away those it does not say: the squares and the bigger boards' game tree show values alike.
pub fn set_score_data(element: &Element, score: Option<&Score>) {
    let (outcome, plies, estimate) = match score {
        Some(Score::Proved(value)) => (
            Some(value.outcome.as_str()),
            Some(value.plies.to_string()),
            None,
        ),
        Some(Score::Estimate(estimate)) => (None, None, Some(estimate.to_string())),
        None => (None, None, None),
    };
    set_optional_attribute(element, "data-outcome", outcome);
    set_optional_attribute(element, "data-plies", plies.as_deref());
    set_optional_attribute(element, "data-estimate", estimate.as_deref());
}
