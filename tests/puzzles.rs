#![cfg(not(target_arch = "wasm32"))]
//! Forced-win puzzles (`tests/puzzles.txt`): positions where the side to move has a forced win by continuous
//! fours or by fours and threes, found in engine games on 15 x 15 and on small boards (where the full search,
//! without the threat search, checked each). Every one is solved here on a clock that ticks at each look, so that
//! a run repeats anywhere, and the lines found are played out (a win by fours move by move with the rules alone);
//! `cargo run --release --example puzzles` solves them all on a real clock and times each.

use tictactoe::engine::{
    evaluate, think, ForcedKind, Grid, Limits, Outcome, Player, SteppingClock, Thought,
};

#[path = "common/puzzles.rs"]
mod fixture;

use fixture::{puzzles, Puzzle};

/// Whether `cell` completes a line of `player`'s in `position` (whoever is to move): a plain look at the board.
fn completes(position: &Grid, player: Player, cell: usize) -> bool {
    let shape = position.shape();
    let (rows, cols) = (shape.rows() as isize, shape.cols() as isize);
    let (row, col) = (cell as isize / cols, cell as isize % cols);
    let mine = |r: isize, c: isize| {
        r >= 0
            && c >= 0
            && r < rows
            && c < cols
            && position.get((r * cols + c) as usize) == Some(player)
    };
    [(0, 1), (1, 0), (1, 1), (1, -1)].iter().any(|&(dr, dc)| {
        let run = |sign: isize| {
            (1..)
                .take_while(|&n| mine(row + sign * n * dr, col + sign * n * dc))
                .count()
        };
        1 + run(1) + run(-1) >= shape.k()
    })
}

/// The empty cells where `player` completes a line.
fn completions(position: &Grid, player: Player) -> Vec<usize> {
    (0..position.shape().cells())
        .filter(|&cell| position.get(cell).is_none() && completes(position, player, cell))
        .collect()
}

/// Checks a win by continuous fours move by move with the rules alone: each of the winner's moves but the last
/// leaves one cell that completes its line and the other side none, which the other side takes; the last leaves
/// two (or completes the line).
fn check_fours(position: &Grid, line: &[usize]) {
    let winner = position.to_move();
    let mut at = *position;
    for (ply, &cell) in line.iter().enumerate() {
        if ply % 2 == 1 {
            continue;
        }
        assert!(completions(&at, winner.opponent()).len() <= 1, "{at}");
        at = at.play(cell);
        if at.winner() == Some(winner) {
            return;
        }
        let threats = completions(&at, winner);
        assert!(completions(&at, winner.opponent()).is_empty(), "{at}");
        match threats.len() {
            0 => panic!("{position}: move {ply} ({cell}) is no four"),
            1 => {
                assert_eq!(
                    line.get(ply + 1),
                    Some(&threats[0]),
                    "{position}: the block"
                );
                at = at.play(threats[0]);
            }
            _ => return,
        }
    }
    panic!("{position}: the line {line:?} ends without a win");
}

/// `think` on a clock of `ticks` looks: whether it found the win for sure, and what it found.
fn solve(puzzle: &Puzzle, ticks: u32) -> Thought {
    let limits = Limits {
        time_ms: ticks,
        ..Limits::default()
    };
    think(&puzzle.position, limits, &mut SteppingClock::new(1.0))
}

#[test]
fn the_fixture_has_fifty_puzzles_of_both_kinds_on_several_boards() {
    let puzzles = puzzles();
    assert!(puzzles.len() >= 50, "{} puzzles", puzzles.len());
    for kind in [ForcedKind::Fours, ForcedKind::FoursAndThrees] {
        assert!(puzzles.iter().filter(|p| p.kind == kind).count() >= 5);
    }
    assert!(puzzles.iter().any(|p| p.position.shape().cells() < 225));
    assert!(puzzles
        .iter()
        .all(|p| !p.position.is_over() && !p.source.is_empty()));
}

/// Checks that `thought` found `puzzle`'s win for sure, and that the line it gives is a game won by the side to
/// move (move by move by the rules alone, when it is a win by continuous fours).
fn check_solution(puzzle: &Puzzle, thought: &Thought) {
    assert_eq!(
        thought.sure_outcome(),
        Some(Outcome::Win),
        "{}",
        puzzle.source
    );
    let Some(forced) = &thought.forced else {
        return;
    };
    let end = forced
        .line
        .iter()
        .fold(puzzle.position, |at, &cell| at.play(cell));
    assert_eq!(
        end.winner(),
        Some(puzzle.position.to_move()),
        "{}",
        puzzle.source
    );
    if forced.kind == ForcedKind::Fours {
        check_fours(&puzzle.position, &forced.line);
    }
}

/// Every win by continuous fours is found on a clock of 1,600 looks (the threat search looks every 64 positions),
/// and its line wins by the rules.
#[test]
fn every_win_by_fours_is_solved_and_its_line_wins() {
    for puzzle in puzzles().iter().filter(|p| p.kind == ForcedKind::Fours) {
        let thought = solve(puzzle, 1600);
        check_solution(puzzle, &thought);
        let forced = thought.forced.as_ref().expect("a forced win");
        assert_eq!(forced.kind, ForcedKind::Fours, "{}", puzzle.source);
        // The fixture's length is the one the threat search found: it finds it again.
        assert!(forced.plies <= puzzle.plies, "{}", puzzle.source);
    }
}

/// Every win by fours and threes is found on a clock of 4,000 looks, and each line found wins. (With the
/// threat search's threats by their worth alone and its replies in the zone's order, 6 of the 47 were not.)
#[test]
fn every_win_by_threes_is_solved_and_its_line_wins() {
    for puzzle in puzzles()
        .iter()
        .filter(|p| p.kind == ForcedKind::FoursAndThrees)
    {
        check_solution(puzzle, &solve(puzzle, 4000));
    }
}

#[test]
fn the_small_boards_puzzles_are_wins_of_the_full_search() {
    for puzzle in puzzles()
        .iter()
        .filter(|p| p.position.shape().cells() <= 64)
    {
        let (value, _) = evaluate(&puzzle.position);
        assert_eq!(value.outcome, Outcome::Win, "{}", puzzle.source);
        assert!(value.plies <= puzzle.plies, "{}: {value:?}", puzzle.source);
    }
}
