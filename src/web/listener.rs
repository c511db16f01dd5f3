//! Listeners of a game's events, each event decoded into a message at the edge, and removed with the game.

use super::mailbox::Mailbox;
use super::message::{self, Message, EVENTS};
use wasm_bindgen::prelude::*;
use wasm_bindgen::JsCast;
use web_sys::{Element, Event, EventTarget};

/// A listener of some kinds of event on one target, each event decoded into a message for a game; removed when
/// dropped.
pub struct Listener {
    target: EventTarget,
    kinds: &'static [&'static str],
    closure: Closure<dyn Fn(Event)>,
}

impl Listener {
    /// Decodes every event of `kinds` on `target` with `decode` into a message for `mailbox`. A `Fn`, not a
    /// `FnMut`: it runs again while it runs when an update moves focus.
    pub fn new(
        target: &EventTarget,
        kinds: &'static [&'static str],
        decode: fn(&Event) -> Option<Message>,
        mailbox: Mailbox,
    ) -> Listener {
        let closure = Closure::<dyn Fn(Event)>::new(move |event: Event| {
            if let Some(message) = decode(&event) {
                mailbox.send(message);
            }
        });
        for kind in kinds {
            target
                .add_event_listener_with_callback(kind, function(&closure))
                .unwrap_or_else(|_| unreachable!("an element or a window takes listeners"));
        }
        Listener {
            target: target.clone(),
            kinds,
            closure,
        }
    }

    /// The listener of every event in [`EVENTS`] on a game's root element `root`.
    pub fn game(root: &Element, mailbox: Mailbox) -> Listener {
        Listener::new(root, EVENTS, message::decode, mailbox)
    }
}

impl Drop for Listener {
    fn drop(&mut self) {
        for kind in self.kinds {
            let _ = self
                .target
                .remove_event_listener_with_callback(kind, function(&self.closure));
        }
    }
}

/// The JavaScript function of `closure`.
fn function(closure: &Closure<dyn Fn(Event)>) -> &js_sys::Function {
    closure.as_ref().dyn_ref().expect("a closure is a function")
}
