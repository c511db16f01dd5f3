//! The engine's analysis as the JS API presents it. Pure Rust, tested natively.

use crate::engine::{Outcome, Report, Score, Scoring};
use crate::panels::words::best_first;

/// The cells whose moves have the best outcome (every winning move if there is one, else every drawing move,
/// else every move), the better first among equals: the quickest win, the slowest loss; then cell order.
pub fn best_outcome_cells(analysis: &Report) -> Vec<usize> {
    let best_outcome: Option<Outcome> = analysis.best_value().map(|value| value.outcome);
    // The panels' order of moves is the one wanted here: plain scores rank the moves of one outcome alike, and
    // the better value comes first among them.
    let best: Vec<(usize, Score)> = analysis
        .moves
        .iter()
        .copied()
        .filter(|&(_, score)| score.value().map(|value| value.outcome) == best_outcome)
        .collect();
    best_first(&best, Scoring::Plain)
        .into_iter()
        .map(|(cell, ..)| cell)
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::{analyze, Board};

    fn cells(position: &str) -> Vec<usize> {
        best_outcome_cells(&analyze(&position.parse::<Board>().unwrap()))
    }

    #[test]
    fn every_win_quickest_first() {
        // 8 wins at once; 1, 3, 5 and 7 win in three plies.
        assert_eq!(cells("X.O.X.O.."), [8, 1, 3, 5, 7]);
    }

    #[test]
    fn every_loss_slowest_first() {
        // O is lost: 8 loses in four plies, the rest in two.
        assert_eq!(cells("X..OX...."), [8, 1, 2, 5, 6, 7]);
    }

    #[test]
    fn draws_in_cell_order_and_nothing_when_over() {
        assert_eq!(cells("........."), (0..9).collect::<Vec<_>>());
        assert!(cells("XXXOO....").is_empty());
    }
}
