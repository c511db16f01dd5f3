//! Tournaments on the bigger boards, with the native engine and a real clock: a longer time per move against a
//! shorter one, and the computer at its default time (1000 ms) against a simple threat-following opponent (win if
//! it can, block a four, else extend its longest line). Each game starts from an opening of two random stones near
//! the centre (the engine plays the same game every time from the empty board), and each opening is played twice,
//! each side first once. Prints a table for the README. Timed, so not a test: the machines are shared and noisy.
//!
//! `cargo run --release --example tournament [OPENINGS] [BOARD] [K]` (defaults: 5 openings, 15x15, 5)

#[cfg(not(target_arch = "wasm32"))]
fn main() {
    native::main();
}

/// The tournaments need a clock (`std::time::Instant`) that wasm32 does not have; they do nothing there, so that
/// `--all-targets` builds pass.
#[cfg(target_arch = "wasm32")]
fn main() {}

#[cfg(not(target_arch = "wasm32"))]
mod native {
    use tictactoe::engine::{think, Grid, InstantClock, Limits, Player, Rng, Shape, Status};

    /// Who plays a side.
    #[derive(Clone, Copy, Debug)]
    enum Opponent {
        /// The engine with this many milliseconds per move.
        Engine(u32),
        /// Wins if it can, blocks a four, else extends its longest line (ties broken at random).
        Threats,
    }

    impl Opponent {
        fn name(self) -> String {
            match self {
                Opponent::Engine(ms) => format!("engine, {ms} ms a move"),
                Opponent::Threats => "threat follower".to_owned(),
            }
        }
    }

    /// The longest run of `player`'s stones through `cell` if `player` played there, along any of the four
    /// directions.
    fn run_through(grid: &Grid, cell: usize, player: Player) -> usize {
        let shape = grid.shape();
        let (rows, cols) = (shape.rows() as isize, shape.cols() as isize);
        let (row, col) = (
            (cell / shape.cols()) as isize,
            (cell % shape.cols()) as isize,
        );
        let mut best = 0;
        for (dr, dc) in [(0, 1), (1, 0), (1, 1), (1, -1)] {
            let mut run = 1;
            for sign in [1, -1] {
                let (mut r, mut c) = (row + sign * dr, col + sign * dc);
                while r >= 0 && r < rows && c >= 0 && c < cols {
                    if grid.get((r * cols + c) as usize) != Some(player) {
                        break;
                    }
                    run += 1;
                    r += sign * dr;
                    c += sign * dc;
                }
            }
            best = best.max(run);
        }
        best
    }

    /// The threat follower's move: a win, else a block of the opponent's win, else the move that makes its longest
    /// line (the centre when nothing is on the board), ties at random.
    fn threat_move(grid: &Grid, rng: &mut Rng) -> usize {
        let me = grid.to_move();
        let k = grid.shape().k();
        let moves: Vec<usize> = grid.legal_moves().collect();
        if let Some(&win) = moves.iter().find(|&&cell| run_through(grid, cell, me) >= k) {
            return win;
        }
        if let Some(&block) = moves
            .iter()
            .find(|&&cell| run_through(grid, cell, me.opponent()) >= k)
        {
            return block;
        }
        if grid.marks() == 0 {
            return grid.shape().cells() / 2;
        }
        let best = moves
            .iter()
            .map(|&cell| run_through(grid, cell, me))
            .max()
            .unwrap_or(0);
        // Near its own stones: a run of 1 anywhere would be a random move.
        let choices: Vec<usize> = moves
            .into_iter()
            .filter(|&cell| run_through(grid, cell, me) == best)
            .collect();
        choices[rng.below(choices.len())]
    }

    /// An opening: an X and an O at random in the board's central 5 x 5 squares (or all of a smaller board).
    fn opening(shape: Shape, rng: &mut Rng) -> Grid {
        let (rows, cols) = (shape.rows(), shape.cols());
        let near = |rng: &mut Rng| {
            let (span_rows, span_cols) = (rows.min(5), cols.min(5));
            let row = (rows - span_rows) / 2 + rng.below(span_rows);
            let col = (cols - span_cols) / 2 + rng.below(span_cols);
            row * cols + col
        };
        let first = near(rng);
        let mut second = near(rng);
        while second == first {
            second = near(rng);
        }
        Grid::empty(shape).play(first).play(second)
    }

    /// Plays one game from `start`; the winner, if any.
    fn play(start: Grid, x: Opponent, o: Opponent, rng: &mut Rng) -> Option<Player> {
        let mut grid = start;
        loop {
            match grid.status() {
                Status::Won(player) => return Some(player),
                Status::Draw => return None,
                Status::InProgress => {}
            }
            let side = if grid.to_move() == Player::X { x } else { o };
            let cell = match side {
                Opponent::Engine(ms) => {
                    let limits = Limits {
                        time_ms: ms,
                        ..Limits::default()
                    };
                    think(&grid, limits, &mut InstantClock::new())
                        .best
                        .unwrap_or_else(|| unreachable!("a game in progress has a move"))
                }
                Opponent::Threats => threat_move(&grid, rng),
            };
            grid = grid.play(cell);
        }
    }

    /// Plays each of `openings` twice, with `first` as X and then with `second` as X; prints `first`'s wins,
    /// draws and losses.
    fn pairing(openings: &[Grid], first: Opponent, second: Opponent, rng: &mut Rng) {
        let (mut won, mut drawn, mut lost) = (0, 0, 0);
        for &start in openings {
            for first_is_x in [true, false] {
                let (x, o) = if first_is_x {
                    (first, second)
                } else {
                    (second, first)
                };
                let mine = if first_is_x { Player::X } else { Player::O };
                match play(start, x, o, rng) {
                    Some(winner) if winner == mine => won += 1,
                    Some(_) => lost += 1,
                    None => drawn += 1,
                }
            }
        }
        println!(
            "| {} vs {} | {won} | {drawn} | {lost} |",
            first.name(),
            second.name()
        );
    }

    pub fn main() {
        let args: Vec<String> = std::env::args().collect();
        let count: usize = args.get(1).and_then(|n| n.parse().ok()).unwrap_or(5);
        let (rows, cols) = args
            .get(2)
            .and_then(|board| board.split_once('x'))
            .and_then(|(r, c)| Some((r.parse().ok()?, c.parse().ok()?)))
            .unwrap_or((15, 15));
        let k = args.get(3).and_then(|k| k.parse().ok()).unwrap_or(5);
        let shape = Shape::new(rows, cols, k).unwrap_or_else(|error| panic!("{error}"));
        let mut rng = Rng::new(2026);
        let openings: Vec<Grid> = (0..count).map(|_| opening(shape, &mut rng)).collect();
        println!("{rows}x{cols}, k = {k}: {count} openings, each played with each side first");
        println!("| pairing | won | drawn | lost |");
        println!("|---|---|---|---|");
        pairing(
            &openings,
            Opponent::Engine(1000),
            Opponent::Threats,
            &mut rng,
        );
        pairing(
            &openings,
            Opponent::Engine(1000),
            Opponent::Engine(100),
            &mut rng,
        );
    }
}
