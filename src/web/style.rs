//! The game's stylesheet (`game.css`, compiled into the module), given to every game's shadow root through
//! `adoptedStyleSheets`: one parsed sheet shared by all the games of the page, no `<style>` element, nothing for a
//! Content-Security-Policy to allow.

use core::cell::RefCell;
use wasm_bindgen::JsValue;
use web_sys::{CssStyleSheet, ShadowRoot};

/// The game's styles (`game.css`, minified by `build.rs`).
const CSS: &str = include_str!(concat!(env!("OUT_DIR"), "/game.min.css"));

/// The parsed stylesheet, made on first use.
static SHEET: crate::Local<RefCell<Option<CssStyleSheet>>> = crate::Local(RefCell::new(None));

fn new_sheet() -> Result<CssStyleSheet, JsValue> {
    let sheet = CssStyleSheet::new()?;
    sheet.replace_sync(CSS)?;
    Ok(sheet)
}

/// Styles the shadow root `shadow` with the game's stylesheet.
pub fn adopt(shadow: &ShadowRoot) -> Result<(), JsValue> {
    let shared = SHEET.with(|cell| -> Result<CssStyleSheet, JsValue> {
        let mut cell = cell.borrow_mut();
        if let Some(sheet) = cell.as_ref() {
            return Ok(sheet.clone());
        }
        let sheet = new_sheet()?;
        *cell = Some(sheet.clone());
        Ok(sheet)
    })?;
    let adopt_sheet = |sheet: &CssStyleSheet| {
        shadow.set_adopted_style_sheets(&js_sys::Array::of1(sheet));
    };
    adopt_sheet(&shared);
    // A sheet can only be adopted in the document it was made for: a game mounted into another document (a
    // same-origin frame) gets a sheet of its own.
    if shadow.adopted_style_sheets().length() == 0 {
        adopt_sheet(&new_sheet()?);
    }
    Ok(())
}
