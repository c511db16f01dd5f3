//! Small helpers for building and updating the game's elements with `web-sys`: every text goes in with
//! `textContent` or as an attribute value, never as HTML.

use wasm_bindgen::{JsCast, JsValue};
use web_sys::{Document, Element, HtmlInputElement};

/// Creates a `tag` element with `class`.
pub fn element(document: &Document, tag: &str, class: &str) -> Result<Element, JsValue> {
    let element = document.create_element(tag)?;
    if !class.is_empty() {
        element.set_class_name(class);
    }
    Ok(element)
}

/// Creates a `tag` element with `class` and `text`, appended to `parent`.
pub fn append_text(
    parent: &Element,
    tag: &str,
    class: &str,
    text: &str,
) -> Result<Element, JsValue> {
    let document = parent.owner_document().ok_or("no document")?;
    let child = element(&document, tag, class)?;
    child.set_text_content(Some(text));
    parent.append_child(&child)?;
    Ok(child)
}

/// Creates a `<button type="button">` with `text` and a `data-*` attribute, appended to `parent`.
pub fn append_button(
    parent: &Element,
    class: &str,
    text: &str,
    data: (&str, &str),
) -> Result<Element, JsValue> {
    let button = append_text(parent, "button", class, text)?;
    button.set_attribute("type", "button")?;
    button.set_attribute(data.0, data.1)?;
    Ok(button)
}

/// Sets an attribute whose name is one of this module's constants, which cannot fail.
pub fn set_attribute(element: &Element, name: &str, value: &str) {
    element
        .set_attribute(name, value)
        .expect("attribute names here are valid");
}

/// Adds or removes a class whose name is one of this module's constants, which cannot fail.
pub fn toggle_class(element: &Element, class: &str, on: bool) {
    element
        .class_list()
        .toggle_with_force(class, on)
        .expect("class names here are valid");
}

/// Shows or hides an element with the `hidden` attribute.
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
) -> Result<(Element, Vec<HtmlInputElement>), JsValue> {
    let document = parent.owner_document().ok_or("no document")?;
    let group = element(&document, "fieldset", "ttt-choice")?;
    append_text(&group, "legend", "", legend)?;
    let mut inputs = Vec::new();
    for (value, text) in choices {
        let label = append_text(&group, "label", "ttt-option", "")?;
        let input: HtmlInputElement = document.create_element("input")?.unchecked_into();
        input.set_type("radio");
        input.set_name(&format!("ttt-{game}-{setting}"));
        input.set_value(value);
        input.set_attribute("data-setting", setting)?;
        label.append_child(&input)?;
        append_text(&label, "span", "", text)?;
        inputs.push(input);
    }
    parent.append_child(&group)?;
    Ok((group, inputs))
}

/// A labelled checkbox for the setting `setting`, appended to `parent`.
pub fn checkbox(parent: &Element, setting: &str, label: &str) -> Result<HtmlInputElement, JsValue> {
    let document = parent.owner_document().ok_or("no document")?;
    let wrapper = append_text(parent, "label", "ttt-option", "")?;
    let input: HtmlInputElement = document.create_element("input")?.unchecked_into();
    input.set_type("checkbox");
    input.set_attribute("data-setting", setting)?;
    wrapper.append_child(&input)?;
    append_text(&wrapper, "span", "", label)?;
    Ok(input)
}
