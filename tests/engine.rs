//! Exhaustive checks of the engine on the 3x3 board: every game, every position, every reply, every depth.
//!
//! The expected figures are the public ones in the project's FACTS (complete games, reachable positions,
//! terminal positions). The textbook minimax the engine is held to is the oracles', which share no code with
//! the engine: their own board, lines and scores.

#[path = "common/oracle.rs"]
mod oracle;

use oracle::Cells;
use std::collections::HashSet;
use tictactoe::engine::{
    analyze, best_move, best_moves, best_moves_within, evaluate, Board, Outcome, Player, Rng,
    Status, Value,
};

/// Every position reachable from the empty board, the empty board included.
fn reachable_positions() -> HashSet<Board> {
    oracle::reachable().into_iter().collect()
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

/// `value` as the oracle states it: +1, 0 or -1, and plies to the end.
fn as_pair(value: Value) -> (i32, u32) {
    let result = match value.outcome {
        Outcome::Win => 1,
        Outcome::Draw => 0,
        Outcome::Loss => -1,
    };
    (result, value.plies)
}

#[test]
fn every_move_value_and_best_move_agrees_with_textbook_minimax() {
    let mut positions_checked = 0;
    let mut rng = Rng::new(2024);
    for board in reachable_positions() {
        if board.is_over() {
            assert!(analyze(&board).moves.is_empty());
            assert_eq!(best_move(&board, &mut rng), None);
            continue;
        }
        positions_checked += 1;
        let marks = board.marks() as i32;
        let expected = oracle::move_scores(&Cells::of(board), 9);
        let analysis = analyze(&board);
        let cells: Vec<usize> = analysis.moves.iter().map(|&(cell, _)| cell).collect();
        let expected_cells: Vec<usize> = expected.iter().map(|&(cell, _)| cell).collect();
        assert_eq!(cells, expected_cells, "{board}");
        for ((_, value), &(cell, points)) in analysis.values().zip(&expected) {
            assert_eq!(
                as_pair(value),
                oracle::outcome(points, marks),
                "{board} cell {cell}"
            );
        }
        // Exactly the moves of the best score: the quickest win, else a draw, else the slowest loss.
        let best_points = expected.iter().map(|&(_, points)| points).max();
        let expected_best: Vec<usize> = expected
            .iter()
            .filter(|&&(_, points)| Some(points) == best_points)
            .map(|&(cell, _)| cell)
            .collect();
        let best = best_moves(&board);
        assert_eq!(best.best_cells(), expected_best, "{board}");
        assert_eq!(analysis.best_cells(), expected_best, "{board}");
        assert_eq!(
            best.best_value().map(as_pair),
            best_points.map(|points| oracle::outcome(points, marks)),
            "{board}"
        );
        assert_eq!(Some(evaluate(&board).0), best.best_value(), "{board}");
        // The engine's pick is one of them, whatever the seed.
        let pick = best_move(&board, &mut rng).unwrap();
        assert!(expected_best.contains(&pick), "{board}: picked {pick}");
    }
    assert_eq!(positions_checked, 5_478 - 958);
}

#[test]
fn every_depth_limited_choice_matches_plain_minimax() {
    for board in reachable_positions().into_iter().filter(|b| !b.is_over()) {
        let cells = Cells::of(board);
        for depth in 1..=9 {
            let scores = oracle::move_scores(&cells, depth);
            let best = scores.iter().map(|&(_, score)| score).max().unwrap();
            let expected: Vec<usize> = scores
                .iter()
                .filter(|&&(_, score)| score == best)
                .map(|&(cell, _)| cell)
                .collect();
            let found = best_moves_within(&board, depth);
            assert_eq!(found.best_cells(), expected, "{board} depth {depth}");
            // A score the search saw within its depth, stated as a value: 0 is a draw at the horizon too.
            let value = found.best_value().expect("an open position has a move");
            assert_eq!(
                as_pair(value),
                oracle::outcome(best, board.marks() as i32),
                "{board} depth {depth}"
            );
        }
    }
}

#[test]
fn takes_the_fastest_win_and_delays_a_loss() {
    let win = |plies| Value {
        outcome: Outcome::Win,
        plies,
    };
    let loss = |plies| Value {
        outcome: Outcome::Loss,
        plies,
    };
    let value_of = |board: &Board, cell| analyze(board).value_of(cell).unwrap();
    // X wins at once in cell 8; every other move also wins, two plies later.
    let position: Board = "X.O.X.O..".parse().unwrap();
    assert_eq!(value_of(&position, 8), win(1));
    for cell in [1, 3, 5, 7] {
        assert_eq!(value_of(&position, cell), win(3));
    }
    assert_eq!(best_moves(&position).best_cells(), [8]);
    assert_eq!(best_moves(&position).best_value(), Some(win(1)));
    // O is lost: blocking in 8 loses in four plies, anything else in two.
    let position: Board = "X..OX....".parse().unwrap();
    assert_eq!(value_of(&position, 8), loss(4));
    for cell in [1, 2, 5, 6, 7] {
        assert_eq!(value_of(&position, cell), loss(2));
    }
    assert_eq!(best_moves(&position).best_cells(), [8]);
    // The empty board is a draw in nine.
    let draw = Value {
        outcome: Outcome::Draw,
        plies: 9,
    };
    assert_eq!(evaluate(&Board::EMPTY).0, draw);
}

#[test]
fn seeded_choice_is_repeatable_and_fair() {
    let picks = |seed| {
        let mut rng = Rng::new(seed);
        (0..20)
            .map(|_| best_move(&Board::EMPTY, &mut rng).unwrap())
            .collect::<Vec<_>>()
    };
    assert_eq!(picks(7), picks(7));
    // Every cell of the empty board draws, so a fair choice visits several of them.
    let mut seen = picks(7);
    seen.sort_unstable();
    seen.dedup();
    assert!(seen.len() > 3, "{seen:?}");
}

#[test]
fn the_shortcuts_save_most_of_the_search() {
    // Alpha-beta alone, in cell order, visits 20,866 nodes from the empty board.
    let (best, every, value) = (
        best_moves(&Board::EMPTY).nodes,
        analyze(&Board::EMPTY).nodes,
        evaluate(&Board::EMPTY).1,
    );
    println!(
        "from the empty board: best moves {best}, every move {every}, the value {value} nodes"
    );
    assert!(
        best < 1_000 && every < 1_000 && value < 1_000,
        "{best} {every} {value}"
    );
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
            for cell in best_moves(&board).best_cells() {
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
