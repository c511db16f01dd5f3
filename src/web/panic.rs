//! Makes a panic visible: besides `console_error_panic_hook`'s message in the console, every game on the page
//! shows that it stopped, and how to start again, instead of a board that silently no longer answers.

use super::dom;
use std::cell::{Cell, RefCell};
use web_sys::Element;

thread_local! {
    /// The panic notice of every mounted game.
    static NOTICES: RefCell<Vec<Element>> = const { RefCell::new(Vec::new()) };
    /// Whether the hook is installed: the module runs on one thread, so a flag is all a "once" needs.
    static INSTALLED: Cell<bool> = const { Cell::new(false) };
}

/// Installs the panic hook, once per page.
pub fn install_hook() {
    if INSTALLED.replace(true) {
        return;
    }
    std::panic::set_hook(Box::new(|info| {
        console_error_panic_hook::hook(info);
        let payload = info.payload();
        let message = payload
            .downcast_ref::<&str>()
            .map(|text| text.to_string())
            .or_else(|| payload.downcast_ref::<String>().cloned())
            .unwrap_or_default();
        show(&message);
    }));
}

/// Adds a game's notice to those a panic fills in.
pub fn register(notice: &Element) {
    NOTICES.with(|notices| notices.borrow_mut().push(notice.clone()));
}

/// Removes a game's notice, when the game is destroyed.
pub fn unregister(notice: &Element) {
    NOTICES.with(|notices| notices.borrow_mut().retain(|known| known != notice));
}

/// Shows in every game that the program stopped on an internal error, and offers to reload.
pub fn show(message: &str) {
    NOTICES.with(|notices| {
        // A panic can happen while the list is being changed: then there is nothing safe to show.
        if let Ok(notices) = notices.try_borrow() {
            for notice in notices.iter() {
                show_in(notice, message);
            }
        }
    });
}

fn show_in(notice: &Element, message: &str) {
    let text = if message.is_empty() {
        "The game stopped on an internal error. ".to_owned()
    } else {
        format!("The game stopped on an internal error: {message}. ")
    };
    notice.set_text_content(Some(&text));
    let link = dom::add(notice, "a", "", "Reload to start a new game");
    // The page the game is on, reloaded.
    let here = dom::document_of(notice)
        .location()
        .and_then(|location| location.href().ok())
        .unwrap_or_default();
    dom::set_attribute(&link, "href", &here);
    dom::set_hidden(notice, false);
    if let Some(root) = notice.parent_element() {
        dom::toggle_class(&root, "ttt-stopped", true);
    }
}
