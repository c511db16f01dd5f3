//! Positions per second on 15 x 15: `think` on each position of `examples/speed-positions.txt` (positions of
//! engine games after 8 to 28 moves) for a time each, and the positions the search visited a second, the main
//! loop's and the threat search's apart, per second of the clock and per second of the processor (this thread's
//! time on a CPU, from Linux's `/proc/thread-self/schedstat`, which a busy machine does not inflate); and the
//! search's time per move against its budget: the mean, the longest (the clock's overshoot), and how many went
//! over. Timed, so not a test.
//!
//! With `--depth D` each search goes to depth `D` whatever the time: the positions visited are then the same
//! from run to run, so a change meant to make the search faster without changing it shows as the same positions
//! in less processor time.
//!
//! ```text
//! cargo run --release --example speed -- [--time-ms 1000] [--positions 37] [--depth D]
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
    let max_depth = args
        .iter()
        .any(|arg| arg == "--depth")
        .then(|| option("--depth", 0) as u32);
    // A fixed depth is searched to the end: an hour is never reached.
    let time_ms = if max_depth.is_some() {
        3_600_000
    } else {
        option("--time-ms", 1000) as u32
    };
    let count = option("--positions", 1000) as usize;
    let shape = Shape::new(15, 15, 5).expect("15x15");
    let (mut nodes, mut threat_nodes, mut ms, mut depths) = (0u64, 0u64, 0.0, 0u32);
    let (mut longest, mut over) = (0.0f64, 0);
    let cpu_before = cpu_seconds();
    let positions: Vec<Grid> = include_str!("speed-positions.txt")
        .lines()
        .take(count)
        .map(|line| Grid::parse(line, shape).expect("a position"))
        .collect();
    for (index, position) in positions.iter().enumerate() {
        let limits = Limits {
            time_ms,
            max_depth,
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
        over += usize::from(thought.elapsed_ms > f64::from(time_ms));
    }
    let cpu = cpu_seconds()
        .zip(cpu_before)
        .map(|(after, before)| after - before);
    report(
        (positions.len(), time_ms),
        (nodes, threat_nodes, depths),
        (ms, longest, over),
        cpu,
    );
}

/// Prints the totals of the run: `count` searches of `time_ms`, their positions and depths, their times, and the
/// processor's seconds.
#[cfg(not(target_arch = "wasm32"))]
fn report(
    (count, time_ms): (usize, u32),
    (nodes, threat_nodes, depths): (u64, u64, u32),
    (ms, longest, over): (f64, f64, usize),
    cpu: Option<f64>,
) {
    let seconds = ms / 1000.0;
    println!(
        "{} positions, {time_ms} ms each: {:.0} positions a second in the main loop, {:.0} with the threat \
         search's; mean depth {:.1}; {:.0} ms a position",
        count,
        nodes as f64 / seconds,
        (nodes + threat_nodes) as f64 / seconds,
        f64::from(depths) / count as f64,
        ms / count as f64,
    );
    if let Some(cpu) = cpu {
        println!(
            "{cpu:.2} s of processor time: {:.0} positions per CPU second in the main loop, {:.0} with the threat \
             search's",
            nodes as f64 / cpu,
            (nodes + threat_nodes) as f64 / cpu
        );
    }
    println!(
        "the longest search took {longest:.1} ms of {time_ms} ms: {:+.1} ms ({:+.1}%); {over} of {} over",
        longest - f64::from(time_ms),
        (longest / f64::from(time_ms) - 1.0) * 100.0,
        count
    );
}

/// This thread's time on a processor so far, in seconds (Linux's `/proc/thread-self/schedstat`, whose first field
/// is nanoseconds); `None` elsewhere.
#[cfg(not(target_arch = "wasm32"))]
fn cpu_seconds() -> Option<f64> {
    let text = std::fs::read_to_string("/proc/thread-self/schedstat").ok()?;
    let nanoseconds: f64 = text.split_whitespace().next()?.parse().ok()?;
    Some(nanoseconds / 1e9)
}

/// Timing needs a clock, which wasm32 does not have.
#[cfg(target_arch = "wasm32")]
fn main() {}
