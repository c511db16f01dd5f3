//! Type checks that hold for DOM objects of any same-origin window. A game can live in an iframe's document (a
//! `<tic-tac-toe>` moved there, or `mount` given an element of the frame), whose elements and events are
//! instances of the frame's classes, so `instanceof` against this window's (what `dyn_ref` asks) says no. These
//! checks ask the DOM's own brand checks instead, which accept an object of any window.

use js_sys::Function;
use wasm_bindgen::prelude::*;
use wasm_bindgen::JsCast;
use web_sys::{Element, HtmlInputElement, HtmlSelectElement};

#[wasm_bindgen]
extern "C" {
    /// An element of any same-origin window's document.
    #[wasm_bindgen(extends = Element, extends = web_sys::Node, extends = web_sys::EventTarget, is_type_of = is_element)]
    pub type AnyElement;

    /// A keyboard event of any same-origin window.
    #[wasm_bindgen(extends = web_sys::KeyboardEvent, extends = web_sys::Event, is_type_of = is_keyboard_event)]
    pub type AnyKeyboardEvent;

    /// `Element.prototype.hasAttribute`, whose brand check throws for anything but an element.
    #[wasm_bindgen(thread_local_v2, js_namespace = ["Element", "prototype"], js_name = hasAttribute)]
    static HAS_ATTRIBUTE: Function;

    /// An event, seen with the property a pointer's click has (a `PointerEvent`'s, in any window).
    #[wasm_bindgen(extends = web_sys::Event)]
    type PointerClick;
    /// "mouse", "touch" or "pen" for a pointer's click; "" for a key's, undefined for an event that has none.
    #[wasm_bindgen(method, getter = pointerType)]
    fn pointer_type(this: &PointerClick) -> JsValue;

    /// `KeyboardEvent.prototype.getModifierState`, whose brand check throws for anything but a keyboard event.
    #[wasm_bindgen(thread_local_v2, js_namespace = ["KeyboardEvent", "prototype"], js_name = getModifierState)]
    static GET_MODIFIER_STATE: Function;
}

fn is_element(value: &JsValue) -> bool {
    value.is_object() && HAS_ATTRIBUTE.with(|has| has.call1(value, &"id".into()).is_ok())
}

fn is_keyboard_event(value: &JsValue) -> bool {
    value.is_object() && GET_MODIFIER_STATE.with(|get| get.call1(value, &"Alt".into()).is_ok())
}

/// The kind of pointer that made the click `event` ("mouse", "touch", "pen"), if a pointer made it.
pub fn pointer_type(event: &web_sys::Event) -> Option<String> {
    #[expect(
        clippy::disallowed_methods,
        reason = "a `PointerClick` only adds a getter, which reads undefined on an event that has no such property"
    )]
    let click = event.unchecked_ref::<PointerClick>();
    click
        .pointer_type()
        .as_string()
        .filter(|kind| !kind.is_empty())
}

/// `value` as an element, if it is one (of any same-origin window).
pub fn element(value: &JsValue) -> Option<Element> {
    value
        .dyn_ref::<AnyElement>()
        .map(|element| AsRef::<Element>::as_ref(element).clone())
}

/// Whether `element` is the HTML element `name` (an `<input>`, say), whose interface that name decides.
fn is_html(element: &Element, name: &str) -> bool {
    element.local_name() == name
        && element.namespace_uri().as_deref() == Some("http://www.w3.org/1999/xhtml")
}

/// `element` as an `<input>`, if it is one.
pub fn input(element: &Element) -> Option<HtmlInputElement> {
    #[expect(
        clippy::disallowed_methods,
        reason = "an HTML element named input is an HTMLInputElement, in whichever window"
    )]
    is_html(element, "input").then(|| element.clone().unchecked_into())
}

/// `element` as a `<select>`, if it is one.
pub fn select(element: &Element) -> Option<HtmlSelectElement> {
    #[expect(
        clippy::disallowed_methods,
        reason = "an HTML element named select is an HTMLSelectElement, in whichever window"
    )]
    is_html(element, "select").then(|| element.clone().unchecked_into())
}
