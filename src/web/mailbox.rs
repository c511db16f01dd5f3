//! Where a game's messages go: a [`Mailbox`] is what a timer, a listener, a worker's answer or the JS API holds to
//! reach its game without keeping the game alive.

use super::message::Message;
use std::rc::{Rc, Weak};

/// What takes a game's messages: its runtime, which runs each one now or, while an update runs, right after it.
pub trait Post {
    /// Takes `message` for the game.
    fn post(self: Rc<Self>, message: Message);
}

/// Where a game's messages go. It does not keep the game alive: once the game is destroyed, messages to it are
/// dropped.
#[derive(Clone)]
pub struct Mailbox(Weak<dyn Post>);

impl Mailbox {
    /// The mailbox of what `to` points to.
    pub fn new(to: Weak<dyn Post>) -> Mailbox {
        Mailbox(to)
    }

    /// Hands `message` to the game, if it is still there.
    pub fn send(&self, message: Message) {
        if let Some(game) = self.0.upgrade() {
            game.post(message);
        }
    }
}
