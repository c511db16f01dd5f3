//! Plain JavaScript values the module hands out and reads back (an object, a caught exception's message, a
//! random seed), and where its JavaScript glue was loaded from.

use crate::api::wire::Plain;
use js_sys::{Array, Object};
use wasm_bindgen::prelude::*;
use wasm_bindgen::JsCast;
use web_sys::Url;

#[wasm_bindgen]
extern "C" {
    /// The glue module's `import.meta`.
    type ImportMeta;
    #[wasm_bindgen(thread_local_v2, js_namespace = import, js_name = meta)]
    static IMPORT_META: ImportMeta;
    #[wasm_bindgen(method, getter)]
    fn url(this: &ImportMeta) -> String;
}

/// The address of the module's JavaScript glue (which a worker imports).
pub fn glue_url() -> String {
    IMPORT_META.with(ImportMeta::url)
}

/// The address of `file` beside the module's JavaScript glue, whichever page imported it, as the browser resolves
/// it (`new URL(file, glue)`).
pub fn beside_glue(file: &str) -> String {
    let glue = glue_url();
    Url::new_with_base(file, &glue).map_or_else(|_| file.to_owned(), |url| url.href())
}

/// A plain object with these properties, in this order.
pub fn object(properties: &[(&str, JsValue)]) -> Object {
    let entries: Array = properties
        .iter()
        .map(|(key, value)| Array::of2(&JsValue::from_str(key), value))
        .collect();
    Object::from_entries(&entries)
        .unwrap_or_else(|_| unreachable!("an array of [key, value] pairs makes an object"))
}

/// `plain` as a JavaScript value, its objects and arrays made anew.
pub fn to_js(plain: &Plain) -> JsValue {
    match plain {
        Plain::Null => JsValue::NULL,
        Plain::Bool(flag) => JsValue::from(*flag),
        Plain::Number(number) => JsValue::from(*number),
        Plain::Text(text) => JsValue::from_str(text),
        Plain::List(items) => items.iter().map(to_js).collect::<Array>().into(),
        Plain::Object(properties) => {
            let entries: Array = properties
                .iter()
                .map(|(name, value)| Array::of2(&JsValue::from_str(name), &to_js(value)))
                .collect();
            Object::from_entries(&entries)
                .unwrap_or_else(|_| unreachable!("an array of [key, value] pairs makes an object"))
                .into()
        }
    }
}

/// How deeply nested a value [`from_js`] reads: deeper than the worker's answers go (a copied message may hold a
/// cycle).
const DEEPEST: usize = 8;

/// `value` read as plain data: what is not (`undefined`, a function, a symbol, a big integer), and what is nested
/// deeper than [`DEEPEST`], reads as null.
pub fn from_js(value: &JsValue) -> Plain {
    read_plain(value, DEEPEST)
}

fn read_plain(value: &JsValue, depth: usize) -> Plain {
    if let Some(flag) = value.as_bool() {
        return Plain::Bool(flag);
    }
    if let Some(number) = value.as_f64() {
        return Plain::Number(number);
    }
    if let Some(text) = value.as_string() {
        return Plain::Text(text);
    }
    if depth == 0 || !value.is_object() || value.is_function() {
        return Plain::Null;
    }
    if Array::is_array(value) {
        let items = Array::from(value);
        return Plain::List(
            items
                .iter()
                .map(|item| read_plain(&item, depth - 1))
                .collect(),
        );
    }
    let Some(object) = value.dyn_ref::<Object>() else {
        return Plain::Null;
    };
    let properties = Object::entries(object)
        .iter()
        .filter_map(|entry| {
            let entry = Array::from(&entry);
            Some((
                entry.get(0).as_string()?,
                read_plain(&entry.get(1), depth - 1),
            ))
        })
        .collect();
    Plain::Object(properties)
}

/// What a caught JavaScript exception says: an `Error`'s message, or a string thrown as it is.
pub fn error_text(error: &JsValue) -> String {
    if let Some(error) = error.dyn_ref::<js_sys::Error>() {
        return String::from(error.message());
    }
    error
        .as_string()
        .unwrap_or_else(|| "an exception was thrown".to_owned())
}

/// A seed for the computer's choice among equal moves.
pub fn random_seed() -> u64 {
    (js_sys::Math::random() * 9_007_199_254_740_992.0) as u64
}
