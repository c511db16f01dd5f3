//! Reading what a page or a browser extension can replace. web-sys declares that `Storage.getItem` and
//! `Element.getAttribute` return a string or null, and wasm-bindgen's glue trusts it: a page whose `getItem`
//! returns a number would have the glue copy a "string" without end. These bindings take the value as it comes,
//! and the module checks it; an element's settings are read here into typed changes.

use super::js::error_text;
use crate::settings::{Change, Name, Reading};
use wasm_bindgen::prelude::*;
use wasm_bindgen::JsCast;
use web_sys::{Element, Storage};

#[wasm_bindgen]
extern "C" {
    /// A storage, seen with the one method below.
    #[wasm_bindgen(extends = Storage)]
    type AnyStorage;
    /// `storage.getItem(key)`, whatever it returns or throws.
    #[wasm_bindgen(method, catch, js_name = getItem)]
    fn get_item_value(this: &AnyStorage, key: &str) -> Result<JsValue, JsValue>;

    /// An element, seen with the one method below.
    #[wasm_bindgen(extends = Element)]
    type AnyAttributes;
    /// `element.getAttribute(name)`, whatever it returns or throws.
    #[wasm_bindgen(method, catch, js_name = getAttribute)]
    fn get_attribute_value(this: &AnyAttributes, name: &str) -> Result<JsValue, JsValue>;
}

/// The text `storage` keeps under `key` (`None` where it keeps none).
///
/// # Errors
/// A sentence saying why the storage could not be read: it threw, or it answered with something other than text.
pub fn stored_text(storage: &Storage, key: &str) -> Result<Option<String>, String> {
    #[expect(
        clippy::disallowed_methods,
        reason = "an `AnyStorage` is any object: its one method's answer is checked here"
    )]
    let value = storage
        .unchecked_ref::<AnyStorage>()
        .get_item_value(key)
        .map_err(|error| {
            format!(
                "the browser's storage could not be read ({})",
                error_text(&error)
            )
        })?;
    if value.is_null() || value.is_undefined() {
        return Ok(None);
    }
    value
        .as_string()
        .map(Some)
        .ok_or_else(|| "the browser's storage answered with something that is not text".to_owned())
}

/// The text of `element`'s attribute `name`, where it has one that reads as text.
pub fn attribute(element: &Element, name: &str) -> Option<String> {
    #[expect(
        clippy::disallowed_methods,
        reason = "an `AnyAttributes` is any object: its one method's answer is checked here"
    )]
    let element = element.unchecked_ref::<AnyAttributes>();
    element.get_attribute_value(name).ok()?.as_string()
}

/// The settings `names` that `element`'s attributes give (those it has, read as text), each read into a change.
pub fn setting_attributes(element: &Element, names: &[Name]) -> Vec<Reading> {
    names
        .iter()
        .filter_map(|&name| Some(Change::parse(name, &attribute(element, name.as_str())?)))
        .collect()
}
