//! Makes a panic visible: besides the console message of `console_error_panic_hook`, every game on the page
//! shows that it stopped, and how to start again, instead of a board that silently no longer answers.

use super::dom;
use std::cell::RefCell;
use std::sync::Once;
use web_sys::Element;

thread_local! {
    /// The panic notice of every mounted game.
    static NOTICES: RefCell<Vec<Element>> = const { RefCell::new(Vec::new()) };
}

/// Installs the panic hook, once per page.
pub fn install_hook() {
    static INSTALL: Once = Once::new();
    INSTALL.call_once(|| {
        std::panic::set_hook(Box::new(|info| {
            console_error_panic_hook::hook(info);
            let message = match info.payload().downcast_ref::<&str>() {
                Some(text) => (*text).to_owned(),
                None => info
                    .payload()
                    .downcast_ref::<String>()
                    .cloned()
                    .unwrap_or_default(),
            };
            show(&message);
        }));
    });
}

/// Adds a game's notice to those a panic fills in.
pub fn register(notice: &Element) {
    NOTICES.with(|notices| notices.borrow_mut().push(notice.clone()));
}

/// Removes a game's notice, when the game is destroyed.
pub fn unregister(notice: &Element) {
    NOTICES.with(|notices| {
        let mut notices = notices.borrow_mut();
        if let Some(index) = notices.iter().position(|known| known == notice) {
            notices.swap_remove(index);
        }
    });
}

/// Shows in every game that the program stopped on an internal error, and offers to reload.
pub fn show(message: &str) {
    NOTICES.with(|notices| {
        // A panic can happen while the list is being changed: then there is nothing safe to show.
        let Ok(notices) = notices.try_borrow() else {
            return;
        };
        for notice in notices.iter() {
            show_in(notice, message);
        }
    });
}

fn show_in(notice: &Element, message: &str) {
    let Some(document) = notice.owner_document() else {
        return;
    };
    let mut text = String::from("The game stopped on an internal error");
    if !message.is_empty() {
        text.push_str(": ");
        text.push_str(message);
    }
    text.push_str(". ");
    notice.set_text_content(Some(&text));
    let link = dom::create(&document, "a");
    let here = dom::window()
        .and_then(|window| window.location().href().ok())
        .unwrap_or_default();
    dom::set_attribute(&link, "href", &here);
    link.set_text_content(Some("Reload to start a new game"));
    dom::append(notice, &link);
    dom::set_hidden(notice, false);
    if let Some(root) = notice.parent_element() {
        dom::toggle_class(&root, "ttt-stopped", true);
    }
}
