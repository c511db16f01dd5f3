//! Proves the known results of small m,n,k-games with the engine's search for bigger boards, from the empty
//! board, and prints a table of value, positions and time (native, the release profile): the figures the README
//! and the closing note quote. 5x5 with 4 in a row (a draw, C. Y. Lee) is given a time limit, and the
//! table says how far the search got.
//!
//! `cargo run --release --example prove [SECONDS_FOR_5x5]` (default 60)

#[cfg(not(target_arch = "wasm32"))]
fn main() {
    use tictactoe::engine::{think, Grid, InstantClock, Limits, Shape, Verdict};
    let seconds: u32 = std::env::args()
        .nth(1)
        .and_then(|s| s.parse().ok())
        .unwrap_or(60);
    println!("| board | k | value | positions | time | table hits |");
    println!("|---|---|---|---|---|---|");
    for (rows, cols, k, limit_ms) in [
        (3, 3, 3, 60_000),
        (4, 3, 3, 60_000),
        (4, 4, 3, 60_000),
        (4, 4, 4, 60_000),
        (5, 4, 4, 60_000),
        (5, 5, 4, seconds * 1000),
    ] {
        let shape = Shape::new(rows, cols, k).unwrap_or_else(|error| panic!("{error}"));
        let limits = Limits {
            time_ms: limit_ms,
            ..Limits::default()
        };
        let thought = think(&Grid::empty(shape), limits, &mut InstantClock::new());
        let value = match thought.verdict {
            Verdict::Proved(value) => format!(
                "proved: {} in {} plies",
                value.outcome.as_str(),
                value.plies
            ),
            Verdict::Estimate(estimate) => format!(
                "not proved in {} s: depth {}, estimate {estimate:+}",
                limit_ms / 1000,
                thought.depth
            ),
        };
        println!(
            "| {rows}x{cols} | {k} | {value} | {} | {:.0} ms | {} |",
            thought.nodes, thought.elapsed_ms, thought.table_hits
        );
    }
}

/// The proofs need a clock (`std::time::Instant`) that wasm32 does not have.
#[cfg(target_arch = "wasm32")]
fn main() {}
