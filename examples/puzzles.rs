//! Forced-win puzzles: the positions of `tests/puzzles.txt` (a side to move with a forced win by continuous fours or
//! by fours and threes), solved by `think` at a time each, with the share solved and the time each took; and the
//! tool that found them in games. Timed, so not a test (`tests/puzzles.rs` solves a few without a clock).
//!
//! ```text
//! cargo run --release --example puzzles -- solve [--time-ms 1000]
//! cargo run --release --example puzzles -- find GAMES.tsv... [--time-ms 5000]
//! cargo run --release --example puzzles -- check [--time-ms 5000]
//! cargo run --release --example puzzles -- small ROWS COLS K COUNT SEED [--time-ms 2000]
//! cargo run --release --example puzzles -- threatened GAMES.tsv... [--time-ms 2000] > threatened.txt
//! cargo run --release --example puzzles -- defend threatened.txt [--time-ms 1000] [--check-ms 2000]
//! cargo run --release --example puzzles -- safe threatened.txt [--check-ms 200]
//! ```
//!
//! `safe` tells the positions that `defend` may save from those it cannot: for each position, every move within
//! two cells of a stone, and how many of them leave the winner no forced win that `think` (given `--check-ms`)
//! finds. A forced win `think` reports is proved, so a position with none was lost before it (unless a move
//! farther from the stones saves it); a move that passes may still lose to a win the check did not find in time.
//!
//! `threatened` finds where a game was lost before the winner's forced win began: for each game won by five in a
//! row, the earliest position from which `think` (given `--time-ms`) finds a forced win for the winner, as `find`
//! does, and the position one move before it, the loser to move, printed as a line. `defend` asks `think` (given
//! `--time-ms`) for the loser's move in each such position and checks (`think` given `--check-ms`) whether the
//! winner still has a forced win after it: how often the engine sees the opponent's winning sequence before it
//! starts, and stops it. (Some of these positions may be lost whatever is played; the share is for comparing
//! engines on the same positions.)
//!
//! `check` tests each puzzle's win one level deep without the threat search's choice of defences: after the
//! winner's first move, every legal reply of the other side must leave `think` (given `--time-ms`) a sure win.
//!
//! `find` reads games as `examples/match.rs --games-out` writes them (15 x 15), and for each game won by five in
//! a row walks back from the end over the winner's turns while `think` (given `--time-ms`) finds a forced win for
//! the side to move, and prints the earliest such position as a puzzle line, and the earliest won by continuous
//! fours if that is another.
//!
//! `small ROWS COLS K COUNT SEED` plays games on a small board (the engine against itself, 20 ms a move, from
//! random first moves), and prints positions where the side to move wins according to the full search
//! (`evaluate`, without the threat search) in 5 plies or more, and `think` finds a forced win: puzzles checked
//! by full search.

#[cfg(not(target_arch = "wasm32"))]
fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let time_ms = args
        .iter()
        .position(|arg| arg == "--time-ms")
        .and_then(|at| args.get(at + 1))
        .map(|value| value.parse().expect("a number of milliseconds"));
    match args.first().map(String::as_str) {
        Some("check") => native::check(time_ms.unwrap_or(5000)),
        Some("small") => {
            let numbers: Vec<usize> = args[1..6]
                .iter()
                .map(|n| n.parse().expect("a number"))
                .collect();
            native::small(&numbers, time_ms.unwrap_or(2000));
        }
        Some("threatened") => {
            let files = args[1..].iter().take_while(|arg| !arg.starts_with("--"));
            for file in files {
                native::threatened(file, time_ms.unwrap_or(2000));
            }
        }
        Some("defend") => {
            let check_ms = args
                .iter()
                .position(|arg| arg == "--check-ms")
                .and_then(|at| args.get(at + 1))
                .map_or(2000, |value| {
                    value.parse().expect("a number of milliseconds")
                });
            native::defend(&args[1], time_ms.unwrap_or(1000), check_ms);
        }
        Some("safe") => {
            let check_ms = args
                .iter()
                .position(|arg| arg == "--check-ms")
                .and_then(|at| args.get(at + 1))
                .map_or(200, |value| {
                    value.parse().expect("a number of milliseconds")
                });
            native::safe(&args[1], check_ms);
        }
        Some("find") => {
            let files = args[1..].iter().take_while(|arg| !arg.starts_with("--"));
            for file in files {
                native::find(file, time_ms.unwrap_or(5000));
            }
        }
        _ => native::solve(time_ms.unwrap_or(1000)),
    }
}

/// Timing needs a clock, which wasm32 does not have.
#[cfg(target_arch = "wasm32")]
fn main() {}

#[cfg(not(target_arch = "wasm32"))]
#[path = "../tests/common/puzzles.rs"]
mod fixture;

#[cfg(not(target_arch = "wasm32"))]
mod native {
    use crate::fixture::{kind_name, puzzles};
    use tictactoe::engine::{
        evaluate, think, Forced, ForcedKind, Grid, InstantClock, Limits, Outcome, Rng, Shape,
        Thought,
    };

    fn limits(time_ms: u32) -> Limits {
        Limits {
            time_ms,
            ..Limits::default()
        }
    }

    /// Whether `thought` found the win for sure.
    fn solved(thought: &Thought) -> bool {
        thought.sure_outcome() == Some(Outcome::Win)
    }

    /// Solves every puzzle within `time_ms` and prints the share solved and the times.
    pub fn solve(time_ms: u32) {
        let puzzles = puzzles();
        let (mut solved_count, mut total_ms, mut times) = (0, 0.0, Vec::new());
        for (index, puzzle) in puzzles.iter().enumerate() {
            let thought = think(&puzzle.position, limits(time_ms), &mut InstantClock::new());
            let found = match &thought.forced {
                Some(forced) => format!(
                    "{} in {} plies, {} positions",
                    kind_name(forced.kind),
                    forced.plies,
                    forced.positions
                ),
                None => format!("{:?}", thought.verdict),
            };
            let ok = solved(&thought);
            solved_count += usize::from(ok);
            total_ms += thought.elapsed_ms;
            if ok {
                times.push(thought.elapsed_ms);
            }
            println!(
                "{index:2} {} {:>6} {:2} plies ({}): {} in {:.0} ms, {found}",
                puzzle.position.shape(),
                kind_name(puzzle.kind),
                puzzle.plies,
                puzzle.source,
                if ok { "solved" } else { "NOT solved" },
                thought.elapsed_ms
            );
        }
        times.sort_by(f64::total_cmp);
        let median = times.get(times.len() / 2).copied().unwrap_or(0.0);
        println!(
            "{solved_count} of {} solved at {time_ms} ms a move; {:.0} ms a puzzle on average, median of the solved {median:.0} ms, longest {:.0} ms",
            puzzles.len(),
            total_ms / puzzles.len() as f64,
            times.last().copied().unwrap_or(0.0)
        );
    }

    /// Checks every puzzle one level deep against every reply (see the module's documentation) and prints the
    /// replies after which `think` found no sure win.
    pub fn check(time_ms: u32) {
        for (index, puzzle) in puzzles().iter().enumerate() {
            let position = puzzle.position;
            let thought = think(&position, limits(time_ms), &mut InstantClock::new());
            let Some(first) = thought.best.filter(|_| solved(&thought)) else {
                println!("{index:2}: no sure win found");
                continue;
            };
            let after = position.play(first);
            let (mut replies, mut doubtful) = (0, Vec::new());
            for reply in after.legal_moves() {
                replies += 1;
                let next = after.play(reply);
                if next.is_over() {
                    doubtful.push(reply);
                    continue;
                }
                let answer = think(&next, limits(time_ms), &mut InstantClock::new());
                if !solved(&answer) {
                    doubtful.push(reply);
                }
            }
            println!(
                "{index:2}: first move {first}, {replies} replies, {} without a sure win: {doubtful:?}",
                doubtful.len()
            );
        }
    }

    /// The games of `file` won by five in a row: each line's fields and its positions, from the empty board.
    fn won_games(file: &str) -> Vec<(Vec<String>, Vec<Grid>)> {
        let text = std::fs::read_to_string(file).expect("a games file");
        let shape = Shape::new(15, 15, 5).expect("15x15");
        let mut games = Vec::new();
        for line in text.lines().skip(1) {
            let fields: Vec<String> = line.split('\t').map(str::to_owned).collect();
            if fields.len() < 6 || fields[4] != "five in a row" {
                continue;
            }
            let moves: Vec<usize> = fields[5]
                .split_whitespace()
                .map(|m| {
                    let (x, y) = m.split_once(',').expect("x,y");
                    y.parse::<usize>().expect("y") * 15 + x.parse::<usize>().expect("x")
                })
                .collect();
            let positions: Vec<Grid> = (0..=moves.len())
                .map(|n| {
                    moves[..n]
                        .iter()
                        .fold(Grid::empty(shape), |g, &c| g.play(c))
                })
                .collect();
            games.push((fields, positions));
        }
        games
    }

    /// In a game's `positions`, the winner's earliest turn from which `think` (given `time_ms`) finds its forced
    /// win, walking back from the end while it does; and the latest such turn won by continuous fours of 5 plies
    /// or more.
    type Earliest = (Option<(usize, Forced)>, Option<(usize, Forced)>);
    fn earliest_win(positions: &[Grid], time_ms: u32) -> Earliest {
        let moves = positions.len() - 1;
        // The winner made the last move: its turns are every other position before it.
        let (mut earliest, mut fours) = (None, None);
        for n in (0..moves).rev().step_by(2) {
            let thought = think(&positions[n], limits(time_ms), &mut InstantClock::new());
            match thought
                .forced
                .filter(|f| f.winner == positions[n].to_move())
            {
                Some(forced) => {
                    if forced.kind == ForcedKind::Fours && forced.plies >= 5 {
                        fours = Some((n, forced.clone()));
                    }
                    earliest = Some((n, forced));
                }
                None => break,
            }
        }
        (earliest, fours)
    }

    /// Prints, for each won game of `file`, the position one move before the winner's earliest forced win (see
    /// [`earliest_win`]), the loser to move.
    pub fn threatened(file: &str, time_ms: u32) {
        for (fields, positions) in won_games(file) {
            if let (Some((n, forced)), _) = earliest_win(&positions, time_ms) {
                if n >= 1 {
                    println!(
                        "15 15 5 | {} | {} | {} | game {} of {file}, move {}",
                        positions[n - 1],
                        kind_name(forced.kind),
                        forced.plies,
                        fields[0],
                        n
                    );
                }
            }
        }
    }

    /// The positions of `file` as `threatened` prints them: the second field of each line that is not a comment.
    fn threatened_positions(file: &str) -> Vec<Grid> {
        let text = std::fs::read_to_string(file).expect("a file of positions");
        let shape = Shape::new(15, 15, 5).expect("15x15");
        text.lines()
            .filter(|line| !line.starts_with('#'))
            .filter_map(|line| line.split(" | ").nth(1))
            .map(|position| Grid::parse(position, shape).expect("a position"))
            .collect()
    }

    /// For each position of `file` (as `threatened` prints them), whether the move `think` chooses (given
    /// `time_ms`) leaves the opponent without a forced win that `think` (given `check_ms`) finds.
    pub fn defend(file: &str, time_ms: u32, check_ms: u32) {
        let (mut defended, mut total) = (0, 0);
        for position in threatened_positions(file) {
            let thought = think(&position, limits(time_ms), &mut InstantClock::new());
            let Some(best) = thought.best else { continue };
            let after = position.play(best);
            let answer = think(&after, limits(check_ms), &mut InstantClock::new());
            let lost = after.is_over() || answer.sure_outcome() == Some(Outcome::Win);
            total += 1;
            defended += usize::from(!lost);
            println!(
                "{total:2}: {} {}",
                if lost {
                    "still lost after"
                } else {
                    "defended with"
                },
                best
            );
        }
        println!(
            "{defended} of {total} defended at {time_ms} ms a move (checked at {check_ms} ms)"
        );
    }

    /// For each position of `file` (as `threatened` prints them), the moves within two cells of a stone after
    /// which `think` (given `check_ms`) finds no forced win for the opponent.
    pub fn safe(file: &str, check_ms: u32) {
        let (mut savable, mut total) = (0, 0);
        for position in threatened_positions(file) {
            let near = |cell: usize| {
                let (row, col) = ((cell / 15) as i32, (cell % 15) as i32);
                (0..225).any(|other: usize| {
                    let (r, c) = ((other / 15) as i32, (other % 15) as i32);
                    position.get(other).is_some() && (r - row).abs() <= 2 && (c - col).abs() <= 2
                })
            };
            let mut safe = Vec::new();
            let mut tried = 0;
            for cell in position.legal_moves().filter(|&cell| near(cell)) {
                tried += 1;
                let after = position.play(cell);
                let answer = think(&after, limits(check_ms), &mut InstantClock::new());
                if !after.is_over() && answer.sure_outcome() != Some(Outcome::Win) {
                    safe.push(cell);
                }
            }
            total += 1;
            savable += usize::from(!safe.is_empty());
            println!("{total:2}: {} of {tried} moves safe: {safe:?}", safe.len());
        }
        println!("{savable} of {total} positions have a safe move (checked at {check_ms} ms)");
    }

    /// Prints a puzzle line for the earliest position of each won game of `file` from which `think` (given
    /// `time_ms`) finds a forced win to the end.
    pub fn find(file: &str, time_ms: u32) {
        for (fields, positions) in won_games(file) {
            let (earliest, fours) = earliest_win(&positions, time_ms);
            let first = earliest.as_ref().map(|(n, _)| *n);
            let later_fours = fours.filter(|(n, _)| Some(*n) != first);
            for (n, forced) in earliest.iter().chain(later_fours.iter()) {
                println!(
                    "15 15 5 | {} | {} | {} | game {} of {file}, move {}",
                    positions[*n],
                    kind_name(forced.kind),
                    forced.plies,
                    fields[0],
                    n + 1
                );
            }
        }
    }

    /// The kind as the fixture writes it.
    /// The most empty cells of a small board's puzzle: few enough for the full search to take seconds.
    const SMALL_EMPTY_CELLS: usize = 15;

    /// Prints puzzles of a small board checked by full search: `[rows, cols, k, count, seed]`.
    pub fn small(numbers: &[usize], time_ms: u32) {
        let shape = Shape::new(numbers[0], numbers[1], numbers[2]).expect("a shape");
        let (count, mut seed) = (numbers[3], numbers[4] as u64);
        let mut found = 0;
        while found < count {
            seed += 1;
            if let Some(line) = small_game(shape, seed, time_ms) {
                println!("{line}");
                found += 1;
            }
        }
    }

    /// A puzzle line from a game on `shape` from `seed`'s first moves: the first position with at most 15 empty
    /// cells where the full search says the side to move wins in 5 plies or more and `think` finds it forced.
    fn small_game(shape: Shape, seed: u64, time_ms: u32) -> Option<String> {
        let mut rng = Rng::new(seed);
        let mut position = Grid::empty(shape);
        loop {
            let cell = if position.marks() < 2 {
                let legal: Vec<usize> = position.legal_moves().collect();
                legal[legal.len() / 2 - 3 + rng.below(6)]
            } else {
                think(&position, limits(20), &mut InstantClock::new()).best?
            };
            position = position.play(cell);
            if position.is_over() {
                return None;
            }
            if position.empty_cells() > SMALL_EMPTY_CELLS {
                continue;
            }
            let (value, _) = evaluate(&position);
            if value.outcome != Outcome::Win || value.plies < 5 {
                continue;
            }
            let thought = think(&position, limits(time_ms), &mut InstantClock::new());
            let forced = thought.forced.filter(|f| f.winner == position.to_move())?;
            return Some(format!(
                "{} {} {} | {position} | {} | {} | {shape} self-play, seed {seed}, full search: win in {}",
                shape.rows(),
                shape.cols(),
                shape.k(),
                kind_name(forced.kind),
                forced.plies,
                value.plies
            ));
        }
    }
}
