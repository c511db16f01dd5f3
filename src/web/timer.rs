//! A `setTimeout` the game owns: dropping it cancels the call (as gloo's `Timeout` does), so a timer never
//! outlives the state that scheduled it.

use wasm_bindgen::closure::Closure;
use wasm_bindgen::JsCast;
use web_sys::Window;

/// One pending call of `callback` after a delay; cancelled when dropped.
pub struct Timeout {
    window: Window,
    handle: i32,
    /// Called by the browser; kept alive until the timeout is dropped.
    _callback: Closure<dyn Fn()>,
}

impl Timeout {
    /// Calls `callback` once after `delay_ms` milliseconds, in `window`; `None` if the browser refuses the timer.
    pub fn new(window: &Window, delay_ms: u32, callback: impl Fn() + 'static) -> Option<Timeout> {
        let callback = Closure::<dyn Fn()>::new(callback);
        let delay = i32::try_from(delay_ms).unwrap_or(i32::MAX);
        let handle = window
            .set_timeout_with_callback_and_timeout_and_arguments_0(
                callback
                    .as_ref()
                    .dyn_ref()
                    .expect("a closure is a function"),
                delay,
            )
            .ok()?;
        Some(Timeout {
            window: window.clone(),
            handle,
            _callback: callback,
        })
    }
}

impl Drop for Timeout {
    fn drop(&mut self) {
        // Clearing a timeout that has already run does nothing.
        self.window.clear_timeout_with_handle(self.handle);
    }
}
