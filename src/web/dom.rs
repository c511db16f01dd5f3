//! Small helpers for building and updating the game's elements with `web-sys`: every text goes in with
//! `textContent` or as an attribute value, never as HTML.
//!
//! The helpers cannot fail on the constant tag, attribute and class names this layer gives them, so they
//! return the element itself rather than a `Result`: every `?` on a DOM call cost the wasm module its own error
//! path, and building the game took 12 KB of code that way. For the same reason the calls a game makes by the
//! hundred (create, append, set and remove attributes, toggle classes, values, find, focus) are imported without
//! `web-sys`'s `catch`, whose wrapper catches every call in JavaScript. Were one of them to throw all the same (a
//! bug), the error reaches JavaScript as it is.

use crate::prelude::*;
use wasm_bindgen::prelude::*;
use wasm_bindgen::JsCast;
use web_sys::{Document, Element, HtmlInputElement, Window};

#[wasm_bindgen]
extern "C" {
    /// A DOM object (document, element or class list), for the calls below.
    type Dom;
    /// `document.createElement`, for this layer's constant tag names.
    #[wasm_bindgen(method, js_name = createElement)]
    fn create(this: &Dom, tag: &str) -> Element;
    /// `node.appendChild`, of an element this layer has just made.
    #[wasm_bindgen(method, js_name = appendChild)]
    fn append(this: &Dom, child: &Element);
    /// `element.setAttribute`, for this layer's constant attribute names.
    #[wasm_bindgen(method, js_name = setAttribute)]
    fn set_attr(this: &Dom, name: &str, value: &str);
    /// `element.removeAttribute`, for this layer's constant attribute names.
    #[wasm_bindgen(method, js_name = removeAttribute)]
    fn remove_attr(this: &Dom, name: &str);
    /// `Reflect.get(object, name)`: every string property this layer reads (an event's `type` and `key`, a
    /// control's `value`, the location's `href` and `search`, `import.meta.url`) through one import, where a getter
    /// each is a glue function each.
    #[wasm_bindgen(js_namespace = Reflect, js_name = get)]
    pub fn property(object: &JsValue, name: &str) -> JsValue;
    /// `Reflect.set(object, name, value)`, for the plain objects this layer makes.
    #[wasm_bindgen(js_namespace = Reflect, js_name = set)]
    pub fn set_property(object: &JsValue, name: &str, value: &JsValue);
    /// Sets the `value` of a form control.
    #[wasm_bindgen(method, setter)]
    fn set_value(this: &Dom, value: &str);
    /// `element.closest(selector)`, for this layer's constant selectors.
    #[wasm_bindgen(method)]
    fn closest(this: &Dom, selector: &str) -> Option<Element>;
    /// `element.querySelector(selector)`, for the selectors this layer builds.
    #[wasm_bindgen(method, js_name = querySelector)]
    fn query_selector(this: &Dom, selector: &str) -> Option<Element>;
    /// `element.focus()`.
    #[wasm_bindgen(method)]
    fn focus(this: &Dom);
    /// `target.addEventListener(kind, listener)`, for this layer's constant event names: it cannot fail.
    #[wasm_bindgen(method, js_name = addEventListener)]
    fn listen(this: &Dom, kind: &str, listener: &js_sys::Function);
    /// `target.removeEventListener(kind, listener)`, which cannot fail either.
    #[wasm_bindgen(method, js_name = removeEventListener)]
    fn unlisten(this: &Dom, kind: &str, listener: &js_sys::Function);
    /// `promise.then(on_fulfilled, on_rejected)`.
    #[wasm_bindgen(method)]
    fn then(this: &Dom, on_fulfilled: &JsValue, on_rejected: &JsValue);
    /// `window.setTimeout(callback, delay)`, which gives the timeout's handle.
    #[wasm_bindgen(method, js_name = setTimeout)]
    fn set_timeout(this: &Dom, callback: &js_sys::Function, delay: i32) -> i32;
    /// `classList.toggle(class, force)`, for this layer's constant class names.
    #[wasm_bindgen(method, js_name = toggle)]
    fn toggle(this: &Dom, class: &str, force: bool);
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
    let child = create(&parent.owner_document().unwrap_throw(), tag);
    if !class.is_empty() {
        set_attribute(&child, "class", class);
    }
    if !text.is_empty() {
        child.set_text_content(Some(text));
    }
    append(parent, &child);
    child
}

/// Creates a `tag` element in `document`, attached nowhere yet.
#[inline(never)]
pub fn create(document: &Document, tag: &str) -> Element {
    document.unchecked_ref::<Dom>().create(tag)
}

/// Appends `child` to `parent`.
#[inline(never)]
pub fn append(parent: &Element, child: &Element) {
    parent.unchecked_ref::<Dom>().append(child);
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
    element.unchecked_ref::<Dom>().set_attr(name, value);
}

/// The string property `name` of `object` (empty when it is not a string).
#[inline(never)]
pub fn text_property(object: &JsValue, name: &str) -> String {
    property(object, name).as_string().unwrap_or_default()
}

/// Whether a checkbox or radio button is checked; `None` for a control without that state (a select).
pub fn checked(control: &Element) -> Option<bool> {
    property(control, "checked").as_bool()
}

/// The value of a form control (an input or a select).
pub fn value(control: &Element) -> String {
    text_property(control, "value")
}

/// Sets the value of a form control (an input or a select).
pub fn set_value(control: &Element, value: &str) {
    control.unchecked_ref::<Dom>().set_value(value);
}

/// The nearest of `element` and its ancestors that matches `selector`, one of this layer's constants.
pub fn closest(element: &Element, selector: &str) -> Option<Element> {
    element.unchecked_ref::<Dom>().closest(selector)
}

/// The first element under `element` that matches `selector`, one this layer builds.
pub fn query_selector(element: &Element, selector: &str) -> Option<Element> {
    element.unchecked_ref::<Dom>().query_selector(selector)
}

/// Calls `listener` for every `kind` event on `target` (or, `on` false, no longer).
pub fn listen(target: &Element, kind: &str, listener: &js_sys::Function, on: bool) {
    let target = target.unchecked_ref::<Dom>();
    if on {
        target.listen(kind, listener);
    } else {
        target.unlisten(kind, listener);
    }
}

/// Calls `on_fulfilled` or `on_rejected` when `promise` settles.
pub fn then(promise: &JsValue, on_fulfilled: &JsValue, on_rejected: &JsValue) {
    promise
        .unchecked_ref::<Dom>()
        .then(on_fulfilled, on_rejected);
}

/// Moves focus to `element`.
pub fn focus(element: &Element) {
    element.unchecked_ref::<Dom>().focus();
}

/// Calls `callback` after `delay_ms` milliseconds; the handle cancels it (`clearTimeout`).
pub fn set_timeout(window: &Window, callback: &js_sys::Function, delay_ms: i32) -> i32 {
    window
        .unchecked_ref::<Dom>()
        .set_timeout(callback, delay_ms)
}

/// Removes an attribute whose name is one of this layer's constants, which cannot fail.
#[inline(never)]
pub fn remove_attribute(element: &Element, name: &str) {
    element.unchecked_ref::<Dom>().remove_attr(name);
}

/// Adds or removes a class whose name is one of this layer's constants, which cannot fail.
#[inline(never)]
pub fn toggle_class(element: &Element, class: &str, on: bool) {
    element
        .class_list()
        .unchecked_ref::<Dom>()
        .toggle(class, on);
}

/// Shows or hides an element with the `hidden` attribute.
#[inline(never)]
pub fn set_hidden(element: &Element, hidden: bool) {
    if hidden {
        set_attribute(element, "hidden", "");
    } else {
        remove_attribute(element, "hidden");
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
    let mut inputs = Vec::with_capacity(choices.len());
    for (value, text) in choices {
        let label = add(&group, "label", "ttt-option", "");
        let input = add_input(&label, "radio", setting);
        set_attribute(&input, "name", &name);
        set_value(&input, value);
        add(&label, "span", "", text);
        inputs.push(input);
    }
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
