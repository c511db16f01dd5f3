//! Proves the known results of small m,n,k-games with the engine's search for bigger boards, from the empty
//! board, and prints a table of value, positions and time (native, the release profile): the figures the README
//! and the closing note quote. 5x5 with 4 in a row (a draw, C. Y. Lee) and 6x5 with 4 in a row (a
//! first-player win, Uiterwijk 2019) are given a time limit, and the table says how far the search got.
//!
//! Last, the speed of a time-limited search on 15x15 (five in a row) in a middle game: positions per second.
//!
//! `cargo run --release --example prove [SECONDS_FOR_5x5] [SECONDS_FOR_6x5]` (default 60 and 60)

#[cfg(not(target_arch = "wasm32"))]
fn main() {
    use tictactoe::engine::{think, Grid, InstantClock, Limits, Score, Shape};
    let seconds = |n: usize| -> u32 {
        std::env::args()
            .nth(n)
            .and_then(|s| s.parse().ok())
            .unwrap_or(60)
    };
    println!("| board | k | value | positions | time | table hits |");
    println!("|---|---|---|---|---|---|");
    for (rows, cols, k, limit_ms) in [
        (3, 3, 3, 60_000),
        (4, 3, 3, 60_000),
        (4, 4, 3, 60_000),
        (4, 4, 4, 60_000),
        (5, 4, 4, 60_000),
        (5, 5, 4, seconds(1) * 1000),
        (6, 5, 4, seconds(2) * 1000),
    ] {
        let shape = Shape::new(rows, cols, k).unwrap_or_else(|error| panic!("{error}"));
        let limits = Limits {
            time_ms: limit_ms,
            ..Limits::default()
        };
        let thought = think(&Grid::empty(shape), limits, &mut InstantClock::new());
        let value = match thought.verdict {
            Score::Proved(value) => format!(
                "proved: {} in {} plies",
                value.outcome.as_str(),
                value.plies
            ),
            Score::Estimate(estimate) => format!(
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
    // X at (7,7), (8,8), (8,7), (6,8) and O at (7,8), (6,6), (9,7), (5,9), rows and columns from 0; X to move.
    let shape = Shape::new(15, 15, 5).unwrap_or_else(|error| panic!("{error}"));
    let x = [(7, 7), (8, 8), (8, 7), (6, 8)];
    let o = [(7, 8), (6, 6), (9, 7), (5, 9)];
    let mut middle = Grid::empty(shape);
    for (mine, theirs) in x.iter().zip(&o) {
        middle = middle
            .play(mine.0 * 15 + mine.1)
            .play(theirs.0 * 15 + theirs.1);
    }
    let thought = think(&middle, Limits::default(), &mut InstantClock::new());
    println!(
        "\n15x15, k=5, middle game, 1000 ms: depth {}, {} positions in {:.0} ms, {:.0} positions per second, best {:?}",
        thought.depth,
        thought.nodes,
        thought.elapsed_ms,
        thought.nodes as f64 / thought.elapsed_ms * 1000.0,
        thought.best
    );
}

/// The proofs need a clock (`std::time::Instant`) that wasm32 does not have.
#[cfg(target_arch = "wasm32")]
fn main() {}
