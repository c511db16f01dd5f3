//! The JS API's 3x3 answers (`analyze`, `bestMove`) as the module computes them, checked natively at every
//! reachable position: the best moves it lists, the move each level plays, and the rows form of a position.
//! (`e2e/embed.test.mjs` checks on a few positions that the release wasm answers as the native code does.)

#[path = "common/oracle.rs"]
mod oracle;

use tictactoe::api::analysis::best_outcome_cells;
use tictactoe::engine::{analyze, best_move_at, best_moves_within, Board, Level, Outcome, Rng};
use tictactoe::settings::grid_from_text;

#[test]
fn best_moves_are_every_move_of_the_best_outcome_the_quickest_win_or_slowest_loss_first() {
    for board in oracle::reachable() {
        let analysis = analyze(&board);
        let Some(best) = analysis.best_value() else {
            assert!(board.is_over(), "{board}");
            assert!(best_outcome_cells(&analysis).is_empty(), "{board}");
            continue;
        };
        let mut expected: Vec<(i64, usize)> = analysis
            .values()
            .filter(|(_, value)| value.outcome == best.outcome)
            .map(|(cell, value)| {
                let plies = i64::from(value.plies);
                let rank = match best.outcome {
                    Outcome::Win => plies,
                    Outcome::Draw => 0,
                    Outcome::Loss => -plies,
                };
                (rank, cell)
            })
            .collect();
        expected.sort_unstable();
        let expected: Vec<usize> = expected.into_iter().map(|(_, cell)| cell).collect();
        assert_eq!(best_outcome_cells(&analysis), expected, "{board}");
    }
}

#[test]
fn each_level_plays_a_move_its_depth_finds_best_whatever_the_seed() {
    let mut rng = Rng::new(35);
    let mut calls = 0;
    for board in oracle::reachable().into_iter().filter(|b| !b.is_over()) {
        for level in Level::ALL {
            let best = best_moves_within(&board, level.depth()).best_cells();
            for _ in 0..3 {
                let cell =
                    best_move_at(&board, level, &mut rng).expect("an open position has a move");
                assert!(
                    best.contains(&cell),
                    "{board} {}: {cell} not in {best:?}",
                    level.name()
                );
                calls += 1;
            }
        }
    }
    assert_eq!(calls, (5_478 - 958) * Level::ALL.len() * 3);
}

#[test]
fn a_position_in_rows_is_the_same_position() {
    for board in oracle::reachable() {
        let text = board.to_string();
        let rows = format!("{}/{}/{}", &text[0..3], &text[3..6], &text[6..9]);
        let grid = grid_from_text(&rows, None).expect("a reachable position in rows");
        assert_eq!(grid.to_string().parse::<Board>(), Ok(board), "{rows}");
    }
}
