//! The caller's clock, which a search within a time reads: the engine itself reads no clock, so that it runs the
//! same natively, in a browser and in tests.

/// The caller's clock, in milliseconds from any fixed origin: natively `std::time::Instant`, in the browser
/// `Date.now()`.
pub trait Clock {
    /// Milliseconds since the clock's origin.
    fn now_ms(&mut self) -> f64;
}

/// A clock on `std::time::Instant`, for native callers and tests (the browser has no `Instant`).
#[cfg(not(target_arch = "wasm32"))]
#[derive(Clone, Copy, Debug)]
pub struct InstantClock {
    origin: std::time::Instant,
}

#[cfg(not(target_arch = "wasm32"))]
impl InstantClock {
    /// A clock whose origin is now.
    pub fn new() -> InstantClock {
        InstantClock {
            origin: std::time::Instant::now(),
        }
    }
}

#[cfg(not(target_arch = "wasm32"))]
impl Default for InstantClock {
    fn default() -> InstantClock {
        InstantClock::new()
    }
}

#[cfg(not(target_arch = "wasm32"))]
impl Clock for InstantClock {
    fn now_ms(&mut self) -> f64 {
        self.origin.elapsed().as_secs_f64() * 1000.0
    }
}

/// A clock that moves on by `step_ms` each time it is read, from 0: a search's time runs out at the same point on
/// every machine and every run (tests).
#[derive(Clone, Copy, Debug)]
pub struct SteppingClock {
    now_ms: f64,
    step_ms: f64,
}

impl SteppingClock {
    /// A clock at 0 that moves on by `step_ms` at each look.
    pub fn new(step_ms: f64) -> SteppingClock {
        SteppingClock {
            now_ms: 0.0,
            step_ms,
        }
    }
}

impl Clock for SteppingClock {
    fn now_ms(&mut self) -> f64 {
        self.now_ms += self.step_ms;
        self.now_ms
    }
}

/// A clock that never moves: the search stops only at its maximum depth or a proof, so that a run repeats
/// exactly (tests, teaching).
#[derive(Clone, Copy, Debug, Default)]
pub struct StoppedClock;

impl Clock for StoppedClock {
    fn now_ms(&mut self) -> f64 {
        0.0
    }
}
