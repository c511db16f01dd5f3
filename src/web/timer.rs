//! A `setTimeout` or `requestAnimationFrame` the game owns: dropping it cancels the call (as gloo's `Timeout`
//! does), so a timer never outlives the state that scheduled it; and the page's clock, for the searches and the
//! statistics timed on the page's own thread.

use crate::engine::Clock;
use wasm_bindgen::closure::Closure;
use wasm_bindgen::JsCast;
use web_sys::{Performance, Window};

/// The clock of a page: `performance.now()`, or `Date.now()` where it has no `performance`.
pub struct PageClock(Option<Performance>);

impl PageClock {
    /// The clock of `window`.
    pub fn of(window: &Window) -> PageClock {
        PageClock(window.performance())
    }
}

impl Clock for PageClock {
    fn now_ms(&mut self) -> f64 {
        self.0
            .as_ref()
            .map_or_else(js_sys::Date::now, Performance::now)
    }
}

/// One pending call of `callback`, after a delay or before the next paint; cancelled when dropped.
pub struct Timeout {
    window: Window,
    handle: i32,
    /// Whether it waits for the next frame rather than a delay.
    frame: bool,
    /// Called by the browser; kept alive until the timeout is dropped.
    _callback: Closure<dyn Fn()>,
}

impl Timeout {
    /// Calls `callback` once after `delay_ms` milliseconds, in `window`; `None` if the browser refuses the timer.
    pub fn new(window: &Window, delay_ms: u32, callback: impl Fn() + 'static) -> Option<Timeout> {
        let callback = Closure::<dyn Fn()>::new(callback);
        let delay = i32::try_from(delay_ms).unwrap_or(i32::MAX);
        let handle = window
            .set_timeout_with_callback_and_timeout_and_arguments_0(function(&callback), delay)
            .ok()?;
        Some(Timeout {
            window: window.clone(),
            handle,
            frame: false,
            _callback: callback,
        })
    }

    /// Calls `callback` once before `window` next paints, when the layout it reads is the one the frame needs
    /// anyway; `None` if the browser refuses. (The game tree's picture uses it.)
    pub fn frame(window: &Window, callback: impl Fn() + 'static) -> Option<Timeout> {
        let callback = Closure::<dyn Fn()>::new(callback);
        let handle = window.request_animation_frame(function(&callback)).ok()?;
        Some(Timeout {
            window: window.clone(),
            handle,
            frame: true,
            _callback: callback,
        })
    }
}

/// The JavaScript function of `callback`.
fn function(callback: &Closure<dyn Fn()>) -> &js_sys::Function {
    callback
        .as_ref()
        .dyn_ref()
        .expect("a closure is a function")
}

impl Drop for Timeout {
    fn drop(&mut self) {
        // Cancelling a call that has already been made does nothing.
        if self.frame {
            let _ = self.window.cancel_animation_frame(self.handle);
        } else {
            self.window.clear_timeout_with_handle(self.handle);
        }
    }
}
