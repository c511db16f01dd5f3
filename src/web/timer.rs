//! A `setTimeout` a game owns: at most one pending at a time, cancelled on demand and when the game goes.

use js_sys::Function;

/// One kind of delayed work (the computer's answer, the statistics): the function to call, and the pending
/// timeout, if any.
#[derive(Default)]
pub struct Timer {
    callback: Option<Function>,
    pending: Option<i32>,
}

impl Timer {
    /// Calls `callback` when the timer fires (the mounted game owns the closure behind it).
    pub fn set_callback(&mut self, callback: Function) {
        self.callback = Some(callback);
    }

    /// Schedules a call in `delay_ms` milliseconds, unless one is pending already.
    pub fn schedule(&mut self, delay_ms: i32) {
        if self.pending.is_some() {
            return;
        }
        if let (Some(window), Some(callback)) = (super::dom::window(), self.callback.as_ref()) {
            self.pending = Some(super::dom::set_timeout(&window, callback, delay_ms));
        }
    }

    /// Records that the pending call is running.
    pub fn fired(&mut self) {
        self.pending = None;
    }

    /// Cancels the pending call, if any.
    pub fn cancel(&mut self) {
        if let (Some(id), Some(window)) = (self.pending.take(), super::dom::window()) {
            window.clear_timeout_with_handle(id);
        }
    }

    /// Cancels the pending call and forgets the callback, whose closure is about to be dropped.
    pub fn detach(&mut self) {
        self.cancel();
        self.callback = None;
    }
}
