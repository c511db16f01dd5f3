//! Minimax's thinking in words, for the panels that show it: each move's value ("win in 3", "+7"), the line of
//! best play that follows a move, and the labels of the game tree. Pure Rust, tested natively.

use crate::engine::CELLS;
use crate::engine::{
    analyze, analyze_with, principal_variation, Board, Outcome, Scoring, Status, Value,
};
use crate::game::square_name;
use std::cmp::Reverse;

/// A move's value in words, for the side that plays it: "win in 3", "draw", "loses in 4".
pub fn outcome_words(value: Value) -> String {
    match value.outcome {
        Outcome::Win => format!("win in {}", value.plies),
        Outcome::Draw => "draw".to_owned(),
        Outcome::Loss => format!("loses in {}", value.plies),
    }
}

/// A score with its sign: "+7", "0", "−3", with the minus sign (U+2212) that the step panel's "−∞" has, so that
/// a panel's numbers read alike.
pub fn signed(score: i32) -> String {
    // `{:+}` would write zero as "+0".
    match score {
        1.. => format!("+{score}"),
        0 => "0".to_owned(),
        _ => format!("−{}", score.unsigned_abs()),
    }
}

/// A count with thousands separators: 549,946.
pub fn group_digits(count: u64) -> String {
    let digits = count.to_string();
    let mut out = String::with_capacity(digits.len() + digits.len() / 3);
    for (index, digit) in digits.chars().enumerate() {
        if index > 0 && (digits.len() - index) % 3 == 0 {
            out.push(',');
        }
        out.push(digit);
    }
    out
}

/// How many of something there are, in words: "1 node", "549,946 nodes".
pub fn counted(count: u64, one: &str, many: &str) -> String {
    format!(
        "{} {}",
        group_digits(count),
        if count == 1 { one } else { many }
    )
}

/// Microseconds as milliseconds with three decimals: 1234 is "1.234", 56 is "0.056". (Integer arithmetic, so a
/// large count is written exactly.)
pub fn millis(micros: u64) -> String {
    format!("{}.{:03}", micros / 1000, micros % 1000)
}

/// What the scores panel shows of one legal move.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct MoveScore {
    /// The cell, 0 to 8.
    pub cell: usize,
    /// The exact value for the side that plays it.
    pub value: Value,
    /// Its score under the scoring scheme shown.
    pub score: i32,
    /// Whether minimax with that scheme rates it best (with plain scores, slow wins tie with quick ones).
    pub best: bool,
}

/// Orders `moves` best first: the highest score, then the better value (the quicker win, the slower loss), then
/// cell order. The cell makes every key unique, so an unstable sort gives the one order there is.
pub fn best_first(moves: &mut [MoveScore]) {
    // One position's moves: saying so lets the compiler keep only the standard sort's path for short slices.
    assert!(moves.len() <= CELLS, "a position has at most nine moves");
    moves.sort_unstable_by_key(|entry| (Reverse(entry.score), Reverse(entry.value), entry.cell));
}

/// Every legal move of `board` with its exact value and its score under `scoring`, in cell order.
pub fn move_scores(board: Board, scoring: Scoring) -> Vec<MoveScore> {
    let analysis = analyze(&board);
    let plain = match scoring {
        Scoring::DepthAware => None,
        Scoring::Plain => Some(analyze_with(&board, Scoring::Plain)),
    };
    let mut scores: Vec<MoveScore> = analysis
        .moves
        .iter()
        .enumerate()
        .map(|(index, entry)| MoveScore {
            cell: entry.cell,
            value: entry.value,
            score: match &plain {
                None => entry.value.points(board.marks(), CELLS as u32),
                Some(plain) => plain.moves[index].score,
            },
            best: false,
        })
        .collect();
    let best = scores.iter().map(|entry| entry.score).max();
    for entry in &mut scores {
        entry.best = Some(entry.score) == best;
    }
    scores
}

/// The line of best play after `first_move` in `board`, in words: one "X: row 1, column 3" per move, then how the
/// game ends ("X wins", "Draw").
pub fn line_in_words(board: Board, first_move: usize) -> (Vec<String>, String) {
    let line = principal_variation(&board, Some(first_move));
    let mut position = board;
    let mut moves = Vec::with_capacity(line.len());
    for cell in line {
        moves.push(format!(
            "{}: {}",
            position.to_move().name(),
            square_name(board.shape(), cell)
        ));
        position = position.play(cell);
    }
    let end = match position.status() {
        Status::Won(winner) => format!("{} wins", winner.name()),
        _ => "Draw".to_owned(),
    };
    (moves, end)
}

/// The position after playing `line` from `board` (stopping at an illegal move).
pub fn after(board: Board, line: &[usize]) -> Board {
    line.iter()
        .try_fold(board, |position, &cell| position.try_play(cell).ok())
        .unwrap_or(board)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn board(text: &str) -> Board {
        text.parse().unwrap()
    }

    #[test]
    fn values_in_words_and_numbers() {
        let scores = move_scores(board("X.O.X.O.."), Scoring::DepthAware);
        let eight = scores.iter().find(|m| m.cell == 8).unwrap();
        assert_eq!(outcome_words(eight.value), "win in 1");
        // X wins with the fifth mark on the board: 10 - 5.
        assert_eq!(signed(eight.score), "+5");
        let one = scores.iter().find(|m| m.cell == 1).unwrap();
        assert_eq!(outcome_words(one.value), "win in 3");
        // Three plies later, with seven marks down: 10 - 7.
        assert_eq!(signed(one.score), "+3");
        assert!(eight.best && !one.best);
        let losing = move_scores(board("X..OX...."), Scoring::DepthAware);
        let words: Vec<String> = losing.iter().map(|m| outcome_words(m.value)).collect();
        assert_eq!(
            words,
            [
                "loses in 2",
                "loses in 2",
                "loses in 2",
                "loses in 2",
                "loses in 2",
                "loses in 4"
            ]
        );
        assert_eq!(signed(losing[5].score), "−3");
        assert_eq!(signed(0), "0");
        assert_eq!(
            outcome_words(move_scores(Board::EMPTY, Scoring::DepthAware)[0].value),
            "draw"
        );
    }

    #[test]
    fn counts_with_separators() {
        assert_eq!(group_digits(549_946), "549,946");
        assert_eq!(group_digits(948), "948");
        assert_eq!(group_digits(1_000), "1,000");
        assert_eq!(group_digits(0), "0");
        assert_eq!(group_digits(1_234_567), "1,234,567");
        assert_eq!(counted(1, "node", "nodes"), "1 node");
        assert_eq!(counted(0, "node", "nodes"), "0 nodes");
        assert_eq!(
            counted(180_000, "position", "positions"),
            "180,000 positions"
        );
        assert_eq!(millis(1234), "1.234");
        assert_eq!(millis(56), "0.056");
        assert_eq!(millis(20_000), "20.000");
        assert_eq!(millis(5), "0.005");
        assert_eq!(signed(i32::MIN), "−2147483648");
    }

    #[test]
    fn plain_scores_rate_a_slow_win_as_high_as_a_quick_one() {
        let plain = move_scores(board("X.O.X.O.."), Scoring::Plain);
        assert!(plain.iter().all(|m| m.score == 1 && m.best));
        let depth = move_scores(board("X.O.X.O.."), Scoring::DepthAware);
        assert_eq!(depth.iter().filter(|m| m.best).count(), 1);
    }

    #[test]
    fn why_this_move_reaches_the_stated_end() {
        let (moves, end) = line_in_words(board("X.O.X.O.."), 1);
        assert_eq!(moves.len(), 3, "{moves:?}");
        assert_eq!(moves[0], "X: row 1, column 2");
        assert!(moves[1].starts_with("O: "));
        assert_eq!(end, "X wins");
        let (moves, end) = line_in_words(Board::EMPTY, 4);
        assert_eq!(moves.len(), 9);
        assert_eq!(end, "Draw");
        assert_eq!(after(Board::EMPTY, &[4, 0]).to_string(), "O...X....");
    }
}
