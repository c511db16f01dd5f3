//! `pbrain-minimax`: the engine as a Gomocup (piskvork) brain. It reads the manager's commands on standard input,
//! one a line, and writes the answers of [`tictactoe::gomocup::Brain`] on standard output, flushed after each
//! command, until `END` or the end of the input. See `docs/gomocup.md`.

#[cfg(not(target_arch = "wasm32"))]
fn main() -> std::process::ExitCode {
    match native::run() {
        Ok(()) => std::process::ExitCode::SUCCESS,
        // The manager closed the pipe or the terminal went away: nobody is left to tell.
        Err(_) => std::process::ExitCode::FAILURE,
    }
}

/// A brain needs standard input and a clock (`std::time::Instant`), which wasm32 does not have; it does nothing
/// there, so that `--all-targets` builds pass.
#[cfg(target_arch = "wasm32")]
fn main() {}

#[cfg(not(target_arch = "wasm32"))]
mod native {
    use std::io::{self, Write};
    use tictactoe::engine::InstantClock;
    use tictactoe::gomocup::{read_line, Brain, EngineSearcher};

    /// Answers every line until `END` or the end of the input.
    pub fn run() -> io::Result<()> {
        let mut brain = Brain::new(EngineSearcher::new(InstantClock::new()));
        let mut input = io::stdin().lock();
        let mut output = io::stdout().lock();
        let mut line = Vec::new();
        while read_line(&mut input, &mut line)? {
            for answer in brain.handle(&line) {
                writeln!(output, "{answer}")?;
            }
            output.flush()?;
            if brain.is_ended() {
                break;
            }
        }
        Ok(())
    }
}
