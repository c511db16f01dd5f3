//! The engine's analysis as the JS API presents it. Pure Rust, tested natively.

use crate::engine::{Analysis, Outcome};
use crate::prelude::*;

/// The cells whose moves have the best outcome (every winning move if there is one, else every drawing move,
/// else every move), the better first among equals: the quickest win, the slowest loss; then cell order.
pub fn best_outcome_cells(analysis: &Analysis) -> Vec<usize> {
    let best_outcome: Option<Outcome> = analysis.best_value().map(|value| value.outcome);
    let mut best = Vec::new();
    for entry in &analysis.moves {
        if Some(entry.value.outcome) == best_outcome {
            best.push((entry.value, entry.cell));
        }
    }
    sort_moves(&mut best, |a, b| (b.0, a.1) < (a.0, b.1));
    let mut cells = Vec::with_capacity(best.len());
    for (_, cell) in best {
        cells.push(cell);
    }
    cells
}

/// Sorts a short list (a position has at most nine moves) so that `before(a, b)` holds for no `b` after an `a`,
/// keeping equal items in their order. An insertion sort: as quick as any for nine items, and a fraction of the
/// standard library's sort in the wasm module (each type it sorts took another 2 KB there).
pub fn sort_moves<T>(items: &mut [T], before: impl Fn(&T, &T) -> bool) {
    for sorted in 1..items.len() {
        let mut at = sorted;
        while at > 0 && before(&items[at], &items[at - 1]) {
            items.swap(at, at - 1);
            at -= 1;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::{analyze, Board};

    fn cells(position: &str) -> Vec<usize> {
        best_outcome_cells(&analyze(position.parse::<Board>().unwrap()))
    }

    #[test]
    fn sort_moves_is_stable_and_matches_the_standard_sort() {
        // Every order of a list with ties, against the standard library's stable sort.
        let items = [(3, 'a'), (1, 'b'), (3, 'c'), (2, 'd'), (1, 'e')];
        for seed in 0..120u32 {
            let mut list = items.to_vec();
            let mut state = seed;
            for at in (1..list.len()).rev() {
                list.swap(at, (state as usize) % (at + 1));
                state /= (at + 1) as u32;
            }
            let mut expected = list.clone();
            expected.sort_by_key(|item| item.0);
            sort_moves(&mut list, |a, b| a.0 < b.0);
            assert_eq!(list, expected);
        }
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
