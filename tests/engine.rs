//! Exhaustive checks of the engine: every game, every position, every reply.
//!
//! The expected figures are the public ones in the project's FACTS (complete games, reachable positions,
//! terminal positions). The brute-force minimax here shares no code with the engine: it has its own board.

use std::collections::{HashMap, HashSet};
use tictactoe::engine::{
    analyze, best_move, best_moves, Board, Outcome, Player, Rng, Status, Value,
};

/// Every position reachable from the empty board, the empty board included.
fn reachable_positions() -> HashSet<Board> {
    fn walk(board: Board, seen: &mut HashSet<Board>) {
        if seen.insert(board) {
            for cell in board.legal_moves() {
                walk(board.play(cell), seen);
            }
        }
    }
    let mut seen = HashSet::new();
    walk(Board::EMPTY, &mut seen);
    seen
}

#[derive(Default, Debug, PartialEq)]
struct GameCounts {
    x_wins: u64,
    o_wins: u64,
    draws: u64,
    /// Move sequences of each length, games stopping at the first win.
    nodes_at_depth: [u64; 10],
}

fn count_games(board: Board, depth: usize, counts: &mut GameCounts) {
    counts.nodes_at_depth[depth] += 1;
    match board.status() {
        Status::Won(Player::X) => counts.x_wins += 1,
        Status::Won(Player::O) => counts.o_wins += 1,
        Status::Draw => counts.draws += 1,
        Status::InProgress => {
            for cell in board.legal_moves() {
                count_games(board.play(cell), depth + 1, counts);
            }
        }
    }
}

#[test]
fn perft_complete_games_from_the_empty_board() {
    let mut counts = GameCounts::default();
    count_games(Board::EMPTY, 0, &mut counts);
    assert_eq!(counts.x_wins + counts.o_wins + counts.draws, 255_168);
    assert_eq!(counts.x_wins, 131_184);
    assert_eq!(counts.o_wins, 77_904);
    assert_eq!(counts.draws, 46_080);
    assert_eq!(
        counts.nodes_at_depth,
        [1, 9, 72, 504, 3_024, 15_120, 54_720, 148_176, 200_448, 127_872]
    );
    // Plain minimax visits every one of those nodes.
    assert_eq!(counts.nodes_at_depth.iter().sum::<u64>(), 549_946);
}

#[test]
fn perft_reachable_and_terminal_positions() {
    let positions = reachable_positions();
    assert_eq!(positions.len(), 5_478);
    let status = |wanted: Status| positions.iter().filter(|b| b.status() == wanted).count();
    assert_eq!(status(Status::Won(Player::X)), 626);
    assert_eq!(status(Status::Won(Player::O)), 316);
    assert_eq!(status(Status::Draw), 16);
    assert_eq!(positions.iter().filter(|b| b.is_over()).count(), 958);
}

/// All 3^9 strings of `X`, `O` and `.`.
fn every_string() -> impl Iterator<Item = String> {
    (0..3usize.pow(9)).map(|mut code| {
        (0..9)
            .map(|_| {
                let symbol = ['.', 'X', 'O'][code % 3];
                code /= 3;
                symbol
            })
            .collect()
    })
}

#[test]
fn the_parser_accepts_exactly_the_reachable_positions() {
    let positions = reachable_positions();
    let mut accepted = 0;
    for text in every_string() {
        match text.parse::<Board>() {
            Ok(board) => {
                accepted += 1;
                assert!(positions.contains(&board), "{text} is not reachable");
                assert_eq!(board.to_string(), text, "round trip");
                let other_spelling: String = text
                    .chars()
                    .map(|c| match c {
                        'X' => 'x',
                        'O' => 'o',
                        _ => '-',
                    })
                    .collect();
                assert_eq!(other_spelling.parse::<Board>(), Ok(board));
                assert_eq!(text.replace('.', "_").parse::<Board>(), Ok(board));
            }
            Err(error) => assert!(!error.to_string().is_empty()),
        }
    }
    assert_eq!(accepted, 5_478);
}

/// An independent brute-force minimax: a plain array board, no pruning, memoized by position.
mod brute_force {
    use std::collections::HashMap;

    pub type Cells = [u8; 9];

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

    pub fn cells(text: &str) -> Cells {
        let mut cells = [b'.'; 9];
        cells.copy_from_slice(text.as_bytes());
        cells
    }

    fn someone_won(cells: &Cells) -> bool {
        LINES
            .iter()
            .any(|&[a, b, c]| cells[a] != b'.' && cells[a] == cells[b] && cells[b] == cells[c])
    }

    fn mover(cells: &Cells) -> u8 {
        let xs = cells.iter().filter(|&&c| c == b'X').count();
        let os = cells.iter().filter(|&&c| c == b'O').count();
        if xs > os {
            b'O'
        } else {
            b'X'
        }
    }

    /// The value for the side to move, as (result, plies to the end): result is +1, 0 or -1, and the side
    /// to move wins as fast and loses as slowly as it can.
    pub fn value(cells: &Cells, memo: &mut HashMap<Cells, (i32, u32)>) -> (i32, u32) {
        if let Some(&known) = memo.get(cells) {
            return known;
        }
        let result = if someone_won(cells) {
            (-1, 0)
        } else if !cells.contains(&b'.') {
            (0, 0)
        } else {
            let mut best: Option<(i32, u32)> = None;
            for cell in 0..9 {
                if cells[cell] == b'.' {
                    let (result, plies) = move_value(cells, cell, memo);
                    let better = match best {
                        None => true,
                        Some(old) => rank(result, plies) > rank(old.0, old.1),
                    };
                    if better {
                        best = Some((result, plies));
                    }
                }
            }
            best.unwrap()
        };
        memo.insert(*cells, result);
        result
    }

    /// The value of playing `cell`, for the side that plays it.
    pub fn move_value(
        cells: &Cells,
        cell: usize,
        memo: &mut HashMap<Cells, (i32, u32)>,
    ) -> (i32, u32) {
        let mut next = *cells;
        next[cell] = mover(cells);
        let (result, plies) = value(&next, memo);
        (-result, plies + 1)
    }

    /// Larger is better for the side to move.
    pub fn rank(result: i32, plies: u32) -> i64 {
        match result {
            1 => 100 - i64::from(plies),
            0 => 0,
            _ => i64::from(plies) - 100,
        }
    }
}

fn as_pair(value: Value) -> (i32, u32) {
    let result = match value.outcome {
        Outcome::Win => 1,
        Outcome::Draw => 0,
        Outcome::Loss => -1,
    };
    (result, value.plies)
}

#[test]
fn every_move_value_and_best_move_agrees_with_brute_force() {
    let mut memo = HashMap::new();
    let mut positions_checked = 0;
    let mut rng = Rng::new(2024);
    for board in reachable_positions() {
        if board.is_over() {
            assert!(analyze(board).moves.is_empty());
            assert_eq!(best_move(board, &mut rng), None);
            continue;
        }
        positions_checked += 1;
        let cells = brute_force::cells(&board.to_string());
        let analysis = analyze(board);
        let legal: Vec<usize> = board.legal_moves().collect();
        assert_eq!(
            analysis.moves.iter().map(|m| m.cell).collect::<Vec<_>>(),
            legal
        );
        let mut expected_best = Vec::new();
        let mut best_rank = i64::MIN;
        for entry in &analysis.moves {
            let expected = brute_force::move_value(&cells, entry.cell, &mut memo);
            assert_eq!(
                as_pair(entry.value),
                expected,
                "{board} cell {}",
                entry.cell
            );
            let rank = brute_force::rank(expected.0, expected.1);
            if rank > best_rank {
                best_rank = rank;
                expected_best.clear();
            }
            if rank == best_rank {
                expected_best.push(entry.cell);
            }
        }
        // Exactly the moves of the best (result, plies): the quickest win, else a draw, else the slowest loss.
        let best = best_moves(board);
        assert_eq!(best.cells, expected_best, "{board}");
        assert_eq!(analysis.best_cells(), expected_best, "{board}");
        assert_eq!(
            best.value.map(as_pair),
            Some(brute_force::value(&cells, &mut memo)),
            "{board}"
        );
        // The engine's pick is one of them, whatever the seed.
        let pick = best_move(board, &mut rng).unwrap();
        assert!(expected_best.contains(&pick), "{board}: picked {pick}");
    }
    assert_eq!(positions_checked, 5_478 - 958);
}

/// Walks every game in which the engine plays `engine` and the opponent tries every legal move, the engine
/// trying every move it might pick. Returns (games, engine wins, draws) and fails on any engine loss.
fn walk_engine_games(board: Board, engine: Player, totals: &mut (u64, u64, u64)) {
    match board.status() {
        Status::Won(winner) => {
            assert_eq!(winner, engine, "the engine lost: {board}");
            totals.0 += 1;
            totals.1 += 1;
        }
        Status::Draw => {
            totals.0 += 1;
            totals.2 += 1;
        }
        Status::InProgress if board.to_move() == engine => {
            for cell in best_moves(board).cells {
                walk_engine_games(board.play(cell), engine, totals);
            }
        }
        Status::InProgress => {
            for cell in board.legal_moves() {
                walk_engine_games(board.play(cell), engine, totals);
            }
        }
    }
}

#[test]
fn the_engine_never_loses_as_x_or_as_o() {
    for engine in [Player::X, Player::O] {
        let mut totals = (0, 0, 0);
        walk_engine_games(Board::EMPTY, engine, &mut totals);
        let (games, wins, draws) = totals;
        assert!(games > 0 && wins > 0 && draws > 0, "{engine}: {totals:?}");
        assert_eq!(games, wins + draws);
        println!("engine as {engine}: {games} games, {wins} won, {draws} drawn, none lost");
    }
}
