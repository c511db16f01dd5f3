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

/// Tic-tac-toe minimax as the blog posts write it: a board of nine characters, a recursive `minimax(board,
/// depth, is_maximizing)` that plays each empty cell, recurses, and undoes the move; a win is worth `10 - depth`
/// to the side the search plays for. No pruning, no memory: from the empty board it visits all 549,946 nodes of
/// the game tree, the root included.
#[cfg(not(target_arch = "wasm32"))]
mod textbook {
    pub type Grid = [char; 9];

    const LINES: [[usize; 3]; 8] = [
        [0, 1, 2],
        [3, 4, 5],
        [6, 7, 8],
        [0, 3, 6],
        [1, 4, 7],
        [2, 5, 8],
        [0, 4, 8],
        [2, 4, 6],
    ];

    pub fn grid(text: &str) -> Grid {
        let mut grid = [' '; 9];
        for (cell, mark) in text.chars().enumerate() {
            grid[cell] = if mark == '.' { ' ' } else { mark };
        }
        grid
    }

    fn winner(grid: &Grid) -> Option<char> {
        for [a, b, c] in LINES {
            if grid[a] != ' ' && grid[a] == grid[b] && grid[b] == grid[c] {
                return Some(grid[a]);
            }
        }
        None
    }

    fn is_full(grid: &Grid) -> bool {
        !grid.contains(&' ')
    }

    fn opponent(player: char) -> char {
        if player == 'X' {
            'O'
        } else {
            'X'
        }
    }

    fn minimax(grid: &mut Grid, depth: i32, is_maximizing: bool, me: char, nodes: &mut u64) -> i32 {
        *nodes += 1;
        if let Some(winner) = winner(grid) {
            return if winner == me { 10 - depth } else { depth - 10 };
        }
        if is_full(grid) {
            return 0;
        }
        if is_maximizing {
            let mut best = i32::MIN;
            for cell in 0..9 {
                if grid[cell] == ' ' {
                    grid[cell] = me;
                    best = best.max(minimax(grid, depth + 1, false, me, nodes));
                    grid[cell] = ' ';
                }
            }
            best
        } else {
            let mut best = i32::MAX;
            for cell in 0..9 {
                if grid[cell] == ' ' {
                    grid[cell] = opponent(me);
                    best = best.min(minimax(grid, depth + 1, true, me, nodes));
                    grid[cell] = ' ';
                }
            }
            best
        }
    }

    /// The best move for the side to move (the first in cell order among equals), counting every node visited,
    /// the root included, in `nodes`.
    pub fn find_best_move(grid: &Grid, nodes: &mut u64) -> Option<usize> {
        *nodes += 1;
        if winner(grid).is_some() {
            return None;
        }
        let xs = grid.iter().filter(|&&mark| mark == 'X').count();
        let os = grid.iter().filter(|&&mark| mark == 'O').count();
        let me = if xs > os { 'O' } else { 'X' };
        let mut grid = *grid;
        let mut best: Option<(i32, usize)> = None;
        for cell in 0..9 {
            if grid[cell] == ' ' {
                grid[cell] = me;
                let score = minimax(&mut grid, 1, false, me, nodes);
                grid[cell] = ' ';
                if best.is_none_or(|(best_score, _)| score > best_score) {
                    best = Some((score, cell));
                }
            }
        }
        best.map(|(_, cell)| cell)
    }
}

#[cfg(not(target_arch = "wasm32"))]
mod native {
    use super::textbook;
    use criterion::{BenchmarkId, Criterion};
    use std::collections::HashSet;
    use std::hint::black_box;
    use std::time::{Duration, Instant};
    use tictactoe::engine::{best_move, best_moves, Board, Rng};

    fn reachable_positions() -> Vec<Board> {
        fn walk(board: Board, seen: &mut HashSet<Board>, order: &mut Vec<Board>) {
            if seen.insert(board) {
                order.push(board);
                for cell in board.legal_moves() {
                    walk(board.play(cell), seen, order);
                }
            }
        }
        let mut order = Vec::new();
        walk(Board::EMPTY, &mut HashSet::new(), &mut order);
        order
    }

    /// The engine's move, as the page asks for it.
    fn engine_move(board: Board, rng: &mut Rng) -> Option<usize> {
        best_move(board, rng)
    }

    fn engine_nodes(board: Board) -> u64 {
        best_moves(board).nodes
    }

    fn textbook_nodes(board: Board) -> u64 {
        let mut nodes = 0;
        textbook::find_best_move(&textbook::grid(&board.to_string()), &mut nodes);
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
            let grid = textbook::grid(&board.to_string());
            let engine_time = time_per_call(budget, || {
                black_box(engine_move(black_box(board), &mut rng));
            });
            let textbook_time = time_per_call(budget, || {
                black_box(textbook::find_best_move(black_box(&grid), &mut 0));
            });
            print_row(
                &name,
                (engine_nodes(board), engine_time),
                (textbook_nodes(board), textbook_time),
            );
        }
        let grids: Vec<_> = positions
            .iter()
            .map(|board| textbook::grid(&board.to_string()))
            .collect();
        let engine_time = time_per_call(budget, || {
            for &board in positions {
                black_box(engine_move(black_box(board), &mut rng));
            }
        });
        let textbook_time = time_per_call(budget, || {
            for grid in &grids {
                black_box(textbook::find_best_move(black_box(grid), &mut 0));
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
            let grid = textbook::grid(&board.to_string());
            let pick = textbook::find_best_move(&grid, &mut 0);
            let best = best_moves(board).cells;
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
            let grid = textbook::grid(&board.to_string());
            group.bench_function(BenchmarkId::new("textbook", board), |bench| {
                bench.iter(|| textbook::find_best_move(black_box(&grid), &mut 0))
            });
            group.finish();
        }
        let grids: Vec<_> = positions
            .iter()
            .map(|board| textbook::grid(&board.to_string()))
            .collect();
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
                for grid in &grids {
                    black_box(textbook::find_best_move(black_box(grid), &mut 0));
                }
            })
        });
        group.finish();
    }

    pub fn main() {
        let positions = reachable_positions();
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
