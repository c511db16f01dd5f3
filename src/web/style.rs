//! The game's stylesheet (`game.css`, then `panels.css`, compiled into the module), given to every game's shadow root through `adoptedStyleSheets`: one parsed sheet per document and
//! module, shared by all the module's games there, no `<style>` element, nothing for a Content-Security-Policy to
//! allow.

use js_sys::{Array, Function, Reflect, WeakMap};
use wasm_bindgen::prelude::*;
use wasm_bindgen::JsCast;
use web_sys::{CssStyleSheet, Document, ShadowRoot, Window};

/// The game's styles, then the panels'.
const CSS: &str = concat!(include_str!("game.css"), include_str!("panels.css"));

#[wasm_bindgen]
extern "C" {
    /// A window, seen with the one property below that web-sys does not bind.
    #[wasm_bindgen(extends = Window)]
    type WindowClasses;
    /// A window's own `CSSStyleSheet` class: a document adopts only sheets made by its own window's class, so
    /// a game in a same-origin frame needs that frame's.
    #[wasm_bindgen(method, getter = CSSStyleSheet)]
    fn css_style_sheet_class(this: &WindowClasses) -> Function;
}

thread_local! {
    /// The parsed sheet of each document that shows a game, made on first use (weakly held: a frame's document
    /// goes with its frame).
    static SHEETS: WeakMap<Document, CssStyleSheet> = WeakMap::new_typed();
}

/// A new sheet with the game's styles, made by `window`'s `CSSStyleSheet` class.
fn new_sheet(window: &Window) -> Result<CssStyleSheet, JsValue> {
    #[expect(
        clippy::disallowed_methods,
        reason = "a window is a `WindowClasses`, which only adds a getter; `dyn_ref` would ask this window's \
                  `Window` class, which a frame's window is not an instance of"
    )]
    let classes = window.unchecked_ref::<WindowClasses>();
    let sheet = Reflect::construct(&classes.css_style_sheet_class(), &Array::new())?;
    #[expect(
        clippy::disallowed_methods,
        reason = "made by a `CSSStyleSheet` class just above; `dyn_into` would ask this window's class, not the frame's"
    )]
    let sheet: CssStyleSheet = sheet.unchecked_into();
    sheet.replace_sync(CSS)?;
    Ok(sheet)
}

/// Styles the shadow root `shadow`, in `document` shown by `window`, with the game's stylesheet.
///
/// # Errors
/// When the browser has no constructable stylesheets or refuses the sheet.
pub fn adopt(shadow: &ShadowRoot, document: &Document, window: &Window) -> Result<(), JsValue> {
    let sheet = match SHEETS.with(|sheets| sheets.get_checked(document)) {
        Some(sheet) => sheet,
        None => {
            let sheet = new_sheet(window)?;
            SHEETS.with(|sheets| sheets.set(document, &sheet));
            sheet
        }
    };
    shadow.set_adopted_style_sheets(&Array::of1(&sheet));
    Ok(())
}
