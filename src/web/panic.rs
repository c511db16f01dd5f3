//! Makes a panic visible: besides a message in the console, every game on the page shows that it stopped, and how
//! to start again, instead of a board that silently no longer answers.
//!
//! The release module is built without `std` and has its own panic handler here; builds with `std` (the
//! wasm-bindgen tests) install a panic hook that logs with `console_error_panic_hook`.

use super::dom;
use crate::prelude::*;
use core::cell::RefCell;
use web_sys::Element;

/// The panic notice of every mounted game.
static NOTICES: crate::Local<RefCell<Vec<Element>>> = crate::Local(RefCell::new(Vec::new()));

/// Installs the panic hook, once per page. (Without `std`, the module's own panic handler below does its work.)
#[cfg(not(feature = "std"))]
pub fn install_hook() {}

/// What a panic does in the release module, built without `std`: logs where it happened (and its message, when
/// it has no arguments to format, which would bring `core::fmt` along), shows the notice in every game, and
/// stops with a trap, as `panic = "abort"` does.
#[cfg(all(not(feature = "std"), not(test)))]
#[panic_handler]
fn on_panic(info: &core::panic::PanicInfo) -> ! {
    use core::sync::atomic::{AtomicBool, Ordering};
    /// Set by the first panic: a panic while handling it stops at once.
    static PANICKED: AtomicBool = AtomicBool::new(false);
    if !PANICKED.swap(true, Ordering::Relaxed) {
        let message = info.message().as_str().unwrap_or("");
        let mut text = String::from("panicked");
        if let Some(location) = info.location() {
            text.push_str(" at ");
            text.push_str(location.file());
            text.push(':');
            crate::text::push_number(&mut text, location.line().into());
            text.push(':');
            crate::text::push_number(&mut text, location.column().into());
        }
        if !message.is_empty() {
            text.push_str(": ");
            text.push_str(message);
        }
        web_sys::console::error_1(&text.as_str().into());
        show(message);
    }
    core::arch::wasm32::unreachable()
}

/// Installs the panic hook, once per page.
#[cfg(feature = "std")]
pub fn install_hook() {
    use std::sync::Once;
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
        .map(|window| dom::text_property(&window.location(), "href"))
        .unwrap_or_default();
    dom::set_attribute(&link, "href", &here);
    link.set_text_content(Some("Reload to start a new game"));
    dom::append(notice, &link);
    dom::set_hidden(notice, false);
    if let Some(root) = notice.parent_element() {
        dom::toggle_class(&root, "ttt-stopped", true);
    }
}
