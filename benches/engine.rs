//! The engine's best move against a textbook minimax: from the empty board, from the position where the engine
//! is slowest, and over every reachable position. `cargo bench --bench engine` first prints a summary (nodes,
//! time per call, and the ratio of the two times), then runs the same cases under criterion.
//!
//! Timings are native, with the release profile's settings (`opt-level = "z"`, as the page's WebAssembly).

#[cfg(not(target_arch = "wasm32"))]
fn main() {
    native::main();
}

/// Criterion does not build for wasm32; the bench does nothing there, so that `--all-targets` builds pass.
#[cfg(target_arch = "wasm32")]
fn main() {}

/// The textbook minimax the engine is timed against: the oracles' (see there), tic-tac-toe minimax as the blog
/// posts write it, on nine cells, every move of every position, no pruning and no memory: from the empty board it
/// visits all 549,946 nodes of the game tree, the root included.
#[cfg(not(target_arch = "wasm32"))]
#[path = "../tests/common/oracle.rs"]
mod oracle;

#[cfg(not(target_arch = "wasm32"))]
mod native {
    use super::oracle::{self, Cells};
    use criterion::{BenchmarkId, Criterion};
    use std::hint::black_box;
    use std::time::{Duration, Instant};
    use tictactoe::engine::{best_move, best_moves, Board, Rng};

    /// The engine's move, as the page asks for it.
    fn engine_move(board: Board, rng: &mut Rng) -> Option<usize> {
        best_move(&board, rng)
    }

    fn engine_nodes(board: Board) -> u64 {
        best_moves(&board).nodes
    }

    fn textbook_nodes(board: Board) -> u64 {
        let mut nodes = 0;
        oracle::best_move(&Cells::of(board), &mut nodes);
        nodes
    }

    /// The median time of one call of `run`, over enough calls to fill about `budget`.
    fn time_per_call(budget: Duration, mut run: impl FnMut()) -> Duration {
        let start = Instant::now();
        run();
        let once = start.elapsed().max(Duration::from_nanos(1));
        let calls = (budget.as_nanos() / once.as_nanos()).clamp(5, 100_000) as usize;
        let batches = 11;
        let per_batch = calls.div_ceil(batches);
        let mut times: Vec<Duration> = (0..batches)
            .map(|_| {
                let start = Instant::now();
                for _ in 0..per_batch {
                    run();
                }
                start.elapsed() / per_batch as u32
            })
            .collect();
        times.sort_unstable();
        times[batches / 2]
    }

    /// The reachable position where the engine's best move takes longest: a quick timing of each open
    /// position, then a longer one of the twenty slowest, since many positions take nearly as long.
    fn slowest_position(positions: &[Board]) -> Board {
        let mut rng = Rng::new(1);
        let mut time = |board: Board, budget: Duration| {
            time_per_call(budget, || {
                black_box(engine_move(black_box(board), &mut rng));
            })
        };
        let mut candidates: Vec<(Duration, Board)> = positions
            .iter()
            .filter(|board| !board.is_over())
            .map(|&board| (time(board, Duration::from_micros(300)), board))
            .collect();
        candidates.sort_unstable_by_key(|&(time, _)| std::cmp::Reverse(time));
        candidates
            .iter()
            .take(20)
            .map(|&(_, board)| (time(board, Duration::from_millis(30)), board))
            .max_by_key(|&(time, _)| time)
            .map(|(_, board)| board)
            .expect("open positions")
    }

    fn print_row(name: &str, engine: (u64, Duration), textbook: (u64, Duration)) {
        println!(
            "{name:<34} {:>9} {:>12.1?} {:>11} {:>12.1?} {:>9.0}x",
            engine.0,
            engine.1,
            textbook.0,
            textbook.1,
            textbook.1.as_secs_f64() / engine.1.as_secs_f64()
        );
    }

    fn print_summary(positions: &[Board], worst: Board) {
        let budget = Duration::from_millis(300);
        let mut rng = Rng::new(1);
        println!(
            "{:<34} {:>9} {:>12} {:>11} {:>12} {:>10}",
            "best move from", "engine", "time", "textbook", "time", "speed-up"
        );
        for (name, board) in [
            ("the empty board".to_string(), Board::EMPTY),
            (format!("the slowest position, {worst}"), worst),
        ] {
            let cells = Cells::of(board);
            let engine_time = time_per_call(budget, || {
                black_box(engine_move(black_box(board), &mut rng));
            });
            let textbook_time = time_per_call(budget, || {
                black_box(oracle::best_move(black_box(&cells), &mut 0));
            });
            print_row(
                &name,
                (engine_nodes(board), engine_time),
                (textbook_nodes(board), textbook_time),
            );
        }
        let grids: Vec<Cells> = positions.iter().map(|&board| Cells::of(board)).collect();
        let engine_time = time_per_call(budget, || {
            for &board in positions {
                black_box(engine_move(black_box(board), &mut rng));
            }
        });
        let textbook_time = time_per_call(budget, || {
            for cells in &grids {
                black_box(oracle::best_move(black_box(cells), &mut 0));
            }
        });
        print_row(
            &format!("each of the {} positions", positions.len()),
            (
                positions.iter().map(|&b| engine_nodes(b)).sum(),
                engine_time,
            ),
            (
                positions.iter().map(|&b| textbook_nodes(b)).sum(),
                textbook_time,
            ),
        );
        println!(
            "(nodes: positions visited by one call, the root included; times: median per call)\n"
        );
    }

    /// The textbook search is a fair reference: it visits the whole game tree, and picks a move the engine
    /// also rates best.
    fn check_reference(positions: &[Board]) {
        assert_eq!(textbook_nodes(Board::EMPTY), 549_946);
        for &board in positions {
            let pick = oracle::best_move(&Cells::of(board), &mut 0);
            let best = best_moves(&board).best_cells();
            assert_eq!(pick.is_none(), best.is_empty(), "{board}");
            if let Some(cell) = pick {
                assert!(
                    best.contains(&cell),
                    "{board}: textbook {cell}, engine {best:?}"
                );
            }
        }
    }

    fn benchmarks(criterion: &mut Criterion, positions: &[Board], worst: Board) {
        let mut rng = Rng::new(1);
        for (name, board) in [("empty board", Board::EMPTY), ("slowest position", worst)] {
            let mut group = criterion.benchmark_group(name);
            group.bench_function(BenchmarkId::new("engine", board), |bench| {
                bench.iter(|| engine_move(black_box(board), &mut rng))
            });
            let cells = Cells::of(board);
            group.bench_function(BenchmarkId::new("textbook", board), |bench| {
                bench.iter(|| oracle::best_move(black_box(&cells), &mut 0))
            });
            group.finish();
        }
        let grids: Vec<Cells> = positions.iter().map(|&board| Cells::of(board)).collect();
        let mut group = criterion.benchmark_group("every reachable position");
        group.sample_size(10);
        group.bench_function("engine", |bench| {
            bench.iter(|| {
                for &board in positions {
                    black_box(engine_move(black_box(board), &mut rng));
                }
            })
        });
        group.bench_function("textbook", |bench| {
            bench.iter(|| {
                for cells in &grids {
                    black_box(oracle::best_move(black_box(cells), &mut 0));
                }
            })
        });
        group.finish();
    }

    pub fn main() {
        let positions = oracle::reachable();
        let quick_check = std::env::args().any(|arg| arg == "--test" || arg == "--list");
        // `cargo test --benches` runs each benchmark once: the search for the slowest position is skipped.
        let worst = if quick_check {
            Board::EMPTY
        } else {
            check_reference(&positions);
            let worst = slowest_position(&positions);
            print_summary(&positions, worst);
            worst
        };
        let mut criterion = Criterion::default().configure_from_args();
        benchmarks(&mut criterion, &positions, worst);
        criterion.final_summary();
    }
}
