//! Positions per second on 15 x 15: `think` on each position of `examples/speed-positions.txt` (positions of
//! engine games after 8 to 28 moves) for a time each, and the positions the search visited a second, the main
//! loop's and the threat search's apart; and the longest search against its time (the clock's overshoot). Timed,
//! so not a test; run it on a quiet machine.
//!
//! ```text
//! cargo run --release --example speed -- [--time-ms 1000] [--positions 37]
//! ```

#[cfg(not(target_arch = "wasm32"))]
fn main() {
    use tictactoe::engine::{think, Grid, InstantClock, Limits, Shape};
    let args: Vec<String> = std::env::args().skip(1).collect();
    let option = |name: &str, default: u64| {
        args.iter()
            .position(|arg| arg == name)
            .and_then(|at| args.get(at + 1))
            .map_or(default, |value| value.parse().expect("a number"))
    };
    let time_ms = option("--time-ms", 1000) as u32;
    let count = option("--positions", 1000) as usize;
    let shape = Shape::new(15, 15, 5).expect("15x15");
    let (mut nodes, mut threat_nodes, mut ms, mut depths) = (0u64, 0u64, 0.0, 0u32);
    let mut longest = 0.0f64;
    let positions: Vec<Grid> = include_str!("speed-positions.txt")
        .lines()
        .take(count)
        .map(|line| Grid::parse(line, shape).expect("a position"))
        .collect();
    for (index, position) in positions.iter().enumerate() {
        let limits = Limits {
            time_ms,
            ..Limits::default()
        };
        let thought = think(position, limits, &mut InstantClock::new());
        println!(
            "{index:2}: {} marks, depth {:2}, {:8} positions + {:8} threat positions in {:6.0} ms{}",
            position.marks(),
            thought.depth,
            thought.nodes,
            thought.threat_nodes,
            thought.elapsed_ms,
            if thought.forced.is_some() { ", forced win" } else { "" }
        );
        nodes += thought.nodes;
        threat_nodes += thought.threat_nodes;
        ms += thought.elapsed_ms;
        depths += thought.depth;
        longest = longest.max(thought.elapsed_ms);
    }
    let seconds = ms / 1000.0;
    println!(
        "{} positions, {time_ms} ms each: {:.0} positions a second in the main loop, {:.0} with the threat \
         search's; mean depth {:.1}; {:.0} ms a position",
        positions.len(),
        nodes as f64 / seconds,
        (nodes + threat_nodes) as f64 / seconds,
        f64::from(depths) / positions.len() as f64,
        ms / positions.len() as f64,
    );
    println!(
        "the longest search took {longest:.1} ms of {time_ms} ms: {:+.1} ms ({:+.1}%)",
        longest - f64::from(time_ms),
        (longest / f64::from(time_ms) - 1.0) * 100.0
    );
}

/// Timing needs a clock, which wasm32 does not have.
#[cfg(target_arch = "wasm32")]
fn main() {}
