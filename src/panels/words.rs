//! Minimax's thinking in words, one way for every board and every panel: values are MAX's, MAX being the side to
//! move where the panel starts ([`Convention`]); a move's value in words and numbers ("X wins in 3 (+3)"), a
//! position's moves best first, and the line of best play after a move. A move's score is the engine's [`Score`]
//! on every board; the plain +1/0/−1 is a way of writing it ([`Scoring`]), not another score.

use crate::engine::{
    analyze, principal_variation, Board, Grid, Outcome, Player, Score, Scoring, Status, Value,
};
use crate::game::square_name;
use std::cmp::Reverse;

/// What a panel says as it opens: at most two sentences, the rest one click away under "More about …" (the DOM
/// layer draws it as a paragraph and a closed disclosure).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Note {
    /// What it says at once: at most two sentences.
    pub opening: String,
    /// What the rest is about, in the disclosure's summary: "More about {about}".
    pub about: &'static str,
    /// The rest, a paragraph each; with none, there is no disclosure.
    pub more: Vec<String>,
}

impl Note {
    /// `opening`, with `more` about `about` one click away.
    pub fn new(opening: impl Into<String>, about: &'static str, more: &[&str]) -> Note {
        Note {
            opening: opening.into(),
            about,
            more: more.iter().map(|&paragraph| paragraph.to_owned()).collect(),
        }
    }

    /// The disclosure's summary: "More about move scores".
    pub fn summary(&self) -> String {
        format!("More about {}", self.about)
    }
}

/// The panels' one sign convention: each value is MAX's, MAX being the side to move in the position the panel
/// starts from (the position on the board), so + is good for MAX and − for the other side, whoever moves at the
/// node the value is written at.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Convention {
    /// MAX: the side whose values the panel gives.
    pub max: Player,
    /// The board's cells, which count a proved value's points: a win ending with `n` marks on the board is worth
    /// `cells + 1 − n` (`10 − n` on the 3x3 board).
    cells: u32,
    /// How proved values are counted: the points of depth-aware scores, or the plain +1, 0, −1.
    pub scoring: Scoring,
}

/// The convention in the words every panel says it with, for `max` the side to move where the panel starts: "Values
/// are MAX's: X moves here, so + is good for X, − for O."; on an abstract tree, which has no sides, "Values are
/// MAX's: MAX moves at the root, so + is good for MAX, − for MIN."
pub fn values_are(max: Option<Player>) -> String {
    match max {
        Some(max) => format!(
            "Values are MAX's: {max} moves here, so + is good for {max}, − for {}.",
            max.opponent()
        ),
        None => {
            "Values are MAX's: MAX moves at the root, so + is good for MAX, − for MIN.".to_owned()
        }
    }
}

impl Convention {
    /// The convention of a panel that starts at `root`, its proved values counted by `scoring`.
    pub fn at(root: &Grid, scoring: Scoring) -> Convention {
        Convention {
            max: root.to_move(),
            // At most 225 cells.
            cells: root.shape().cells() as u32,
            scoring,
        }
    }

    /// The convention in words (see [`values_are`]).
    pub fn sentence(self) -> String {
        values_are(Some(self.max))
    }

    /// How a proved value's number is counted, in a sentence: "A win that ends with n marks on the board is worth
    /// 10 − n, a loss n − 10, a draw 0.", or plain scores' +1, 0, −1.
    pub fn points_rule(self) -> String {
        match self.scoring {
            Scoring::DepthAware => format!(
                "A win that ends with n marks on the board is worth {0} − n, a loss n − {0}, a draw 0, so a quicker \
                 win is worth more and a later loss costs less.",
                self.cells + 1
            ),
            Scoring::Plain => "Plain scores: a win is +1, a draw 0 and a loss −1, however long the game lasts."
                .to_owned(),
        }
    }

    /// `score`, a move's score at `position` for the side that plays it there, as MAX's: turned round when MAX's
    /// opponent plays it.
    pub fn for_max(self, position: &Grid, score: Score) -> Score {
        if position.to_move() == self.max {
            return score;
        }
        match score {
            Score::Proved(value) => Score::Proved(Value {
                outcome: value.outcome.opposite(),
                ..value
            }),
            Score::Estimate(estimate) => Score::Estimate(-estimate),
        }
    }

    /// MAX's number for `score`, a move's score at `position` for the side that plays it: a proved value's points
    /// (or +1, 0, −1 with plain scores), an estimate as the search gave it.
    pub fn points(self, position: &Grid, score: Score) -> i32 {
        match self.for_max(position, score) {
            Score::Proved(value) => match self.scoring {
                // At most 225 marks.
                Scoring::DepthAware => value.points(position.marks() as u32, self.cells),
                Scoring::Plain => value.sign(),
            },
            Score::Estimate(estimate) => estimate,
        }
    }

    /// [`Convention::points`] written with its sign: "+3", "0", "−3"; an even estimate "±0", so that it is not
    /// read as a proved draw.
    pub fn number(self, position: &Grid, score: Score) -> String {
        match score {
            Score::Estimate(0) => "±0".to_owned(),
            _ => signed(self.points(position, score)),
        }
    }

    /// A move's value in words and MAX's number: "X wins in 3 (+3)", "draw (0)", "best guess: O is better
    /// (−35)".
    pub fn value(self, position: &Grid, score: Score) -> String {
        format!(
            "{} ({})",
            outcome_words(score, position.to_move()),
            self.number(position, score)
        )
    }

    /// A move in words, as the game tree and the lists of moves name it: who plays it, where, and its value ("O:
    /// row 3, column 3, X wins in 2 (+1)", "X: c3, draw (0)").
    pub fn move_words(self, position: &Grid, cell: usize, score: Score) -> String {
        format!(
            "{}: {}, {}",
            position.to_move(),
            square_name(position.shape(), cell),
            self.value(position, score)
        )
    }

    /// The words on a scored square: a proved value in words and number ("X wins in 3 +3", "draw 0"), an
    /// estimate by its number alone ("+120", "±0"), which is all a square has room for.
    pub fn square_words(self, position: &Grid, score: Score) -> String {
        match score {
            Score::Proved(_) => format!(
                "{} {}",
                outcome_words(score, position.to_move()),
                self.number(position, score)
            ),
            Score::Estimate(_) => self.number(position, score),
        }
    }

    /// What a scored square's accessible name adds to its square's name: its visible words as they are (the name
    /// holds the visible text), an estimate with what it means, and whether it is a best move: ", score X wins in
    /// 3 +3, best move", ", estimate +120 (best guess: X is better)".
    pub fn square_label(self, position: &Grid, score: Score, best: bool) -> String {
        let mut label = match score {
            Score::Proved(_) => format!(", score {}", self.square_words(position, score)),
            Score::Estimate(_) => format!(
                ", estimate {} ({})",
                self.number(position, score),
                outcome_words(score, position.to_move())
            ),
        };
        if best {
            label.push_str(", best move");
        }
        label
    }
}

/// Who comes out ahead after a move `mover` plays, whose score for `mover` is `score`, in words that name the side
/// and so read the same under any convention: "X wins in 3", "draw", "O wins in 2" (the moves counted to the end of
/// the game, this one included), or an estimate's "best guess: X is better", "best guess: even".
pub fn outcome_words(score: Score, mover: Player) -> String {
    match score {
        Score::Proved(value) => match value.outcome {
            Outcome::Win => format!("{mover} wins in {}", value.plies),
            Outcome::Draw => "draw".to_owned(),
            Outcome::Loss => format!("{} wins in {}", mover.opponent(), value.plies),
        },
        Score::Estimate(0) => "best guess: even".to_owned(),
        Score::Estimate(estimate) if estimate > 0 => format!("best guess: {mover} is better"),
        Score::Estimate(_) => format!("best guess: {} is better", mover.opponent()),
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

/// Every legal move of `position` with its exact value as a proved score, for the side that plays it, in cell
/// order: a search to the end of the game, for a position whose whole tree is searched at once.
pub fn exact_scores(position: &Grid) -> Vec<(usize, Score)> {
    analyze(position).moves
}

/// `score` as `scoring` ranks it among a position's moves: a draw counts as even, as an estimate of 0 does, and
/// plain scores do not tell a quick win (or loss) from a slow one.
fn ranked(score: Score, scoring: Scoring) -> Score {
    match score {
        Score::Proved(Value {
            outcome: Outcome::Draw,
            ..
        }) => Score::Estimate(0),
        Score::Proved(value) if scoring == Scoring::Plain => {
            Score::Proved(Value { plies: 0, ..value })
        }
        _ => score,
    }
}

/// `moves`, a position's moves with their scores for the side to move, best first under `scoring`: among equals
/// the better value still comes first (plain scores tie a slow win with a quick one), then cell order. Each with
/// whether it is a best move under `scoring`.
pub fn best_first(moves: &[(usize, Score)], scoring: Scoring) -> Vec<(usize, Score, bool)> {
    let top = moves.iter().map(|&(_, score)| ranked(score, scoring)).max();
    let mut ordered: Vec<(usize, Score, bool)> = moves
        .iter()
        .map(|&(cell, score)| (cell, score, Some(ranked(score, scoring)) == top))
        .collect();
    ordered.sort_by_key(|&(cell, score, _)| {
        (
            Reverse(ranked(score, scoring)),
            Reverse(ranked(score, Scoring::DepthAware)),
            cell,
        )
    });
    ordered
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
    use crate::engine::Shape;

    fn board(text: &str) -> Board {
        text.parse().unwrap()
    }

    fn proved(outcome: Outcome, plies: u32) -> Score {
        Score::Proved(Value { outcome, plies })
    }

    /// The scores of `position`'s moves, by cell.
    fn score_of(position: Board, cell: usize) -> Score {
        exact_scores(&position)
            .into_iter()
            .find(|&(scored, _)| scored == cell)
            .unwrap()
            .1
    }

    #[test]
    fn values_in_words_and_numbers_from_maxs_side() {
        let position = board("X.O.X.O..");
        let depth = Convention::at(&position, Scoring::DepthAware);
        // X wins with the fifth mark on the board: 10 - 5; three plies later, with seven marks down: 10 - 7.
        assert_eq!(
            depth.value(&position, score_of(position, 8)),
            "X wins in 1 (+5)"
        );
        assert_eq!(
            depth.value(&position, score_of(position, 1)),
            "X wins in 3 (+3)"
        );
        let plain = Convention::at(&position, Scoring::Plain);
        assert_eq!(
            plain.value(&position, score_of(position, 1)),
            "X wins in 3 (+1)"
        );
        // O to move and lost: O's moves are MAX's, and MAX is O.
        let lost = board("X..OX....");
        let o = Convention::at(&lost, Scoring::DepthAware);
        assert_eq!(o.max, Player::O);
        assert_eq!(o.value(&lost, score_of(lost, 8)), "X wins in 4 (−3)");
        assert_eq!(o.value(&lost, score_of(lost, 1)), "X wins in 2 (−5)");
        assert_eq!(
            o.value(&Board::EMPTY, score_of(Board::EMPTY, 4)),
            "draw (0)"
        );
        assert_eq!(signed(0), "0");
        assert_eq!(signed(i32::MIN), "−2147483648");
    }

    #[test]
    fn a_reply_of_the_other_side_is_written_from_maxs_side_too() {
        // X is MAX at the root; after X's move, O's reply that loses in 2 for O is +1 for X.
        let root = board("XOXXOO...");
        let max = Convention::at(&root, Scoring::DepthAware);
        let after_x = root.play(7);
        let reply = score_of(after_x, 8);
        assert_eq!(reply, proved(Outcome::Loss, 2));
        assert_eq!(max.points(&after_x, reply), 1);
        assert_eq!(max.value(&after_x, reply), "X wins in 2 (+1)");
        assert_eq!(
            max.move_words(&after_x, 8, reply),
            "O: row 3, column 3, X wins in 2 (+1)"
        );
        // From O's own side it would be −1: the same move, the other convention.
        let o = Convention::at(&after_x, Scoring::DepthAware);
        assert_eq!(o.value(&after_x, reply), "X wins in 2 (−1)");
        // Estimates turn round too.
        assert_eq!(
            max.for_max(&after_x, Score::Estimate(40)),
            Score::Estimate(-40)
        );
        assert_eq!(max.number(&after_x, Score::Estimate(0)), "±0");
    }

    #[test]
    fn the_convention_in_the_same_words_for_every_side_and_tree() {
        assert_eq!(
            Convention::at(&Board::EMPTY, Scoring::DepthAware).sentence(),
            "Values are MAX's: X moves here, so + is good for X, − for O."
        );
        assert_eq!(
            values_are(Some(Player::O)),
            "Values are MAX's: O moves here, so + is good for O, − for X."
        );
        assert_eq!(
            values_are(None),
            "Values are MAX's: MAX moves at the root, so + is good for MAX, − for MIN."
        );
    }

    #[test]
    fn squares_say_proved_values_in_words_and_estimates_in_numbers() {
        let position = board("X.O.X.O..");
        let max = Convention::at(&position, Scoring::DepthAware);
        let eight = score_of(position, 8);
        assert_eq!(max.square_words(&position, eight), "X wins in 1 +5");
        assert_eq!(
            max.square_label(&position, eight, true),
            ", score X wins in 1 +5, best move"
        );
        let empty = Convention::at(&Board::EMPTY, Scoring::DepthAware);
        let draw = score_of(Board::EMPTY, 0);
        assert_eq!(empty.square_words(&Board::EMPTY, draw), "draw 0");
        let big = Grid::empty(Shape::new(4, 4, 4).unwrap());
        let on_big = Convention::at(&big, Scoring::DepthAware);
        assert_eq!(on_big.square_words(&big, Score::Estimate(120)), "+120");
        assert_eq!(on_big.square_words(&big, Score::Estimate(0)), "±0");
        assert_eq!(on_big.square_words(&big, Score::Estimate(-35)), "−35");
        assert_eq!(
            on_big.square_label(&big, Score::Estimate(-35), false),
            ", estimate −35 (best guess: O is better)"
        );
        assert_eq!(
            on_big.square_label(&big, Score::Estimate(0), false),
            ", estimate ±0 (best guess: even)"
        );
        // A proved value on a bigger board counts its board's cells: a win with 9 marks on 4x4 is 17 - 9.
        assert_eq!(
            on_big.square_words(&big, proved(Outcome::Win, 9)),
            "X wins in 9 +8"
        );
        assert_eq!(
            on_big.move_words(&big, 6, proved(Outcome::Draw, 16)),
            "X: c3, draw (0)"
        );
    }

    #[test]
    fn moves_best_first_quickest_win_first_slowest_loss_last_estimates_between() {
        let moves = [
            (0, proved(Outcome::Loss, 2)),
            (1, Score::Estimate(-50)),
            (2, proved(Outcome::Win, 7)),
            (3, proved(Outcome::Draw, 9)),
            (4, Score::Estimate(80)),
            (5, proved(Outcome::Win, 3)),
            (6, proved(Outcome::Loss, 6)),
        ];
        let ordered = best_first(&moves, Scoring::DepthAware);
        let cells: Vec<usize> = ordered.iter().map(|&(cell, ..)| cell).collect();
        assert_eq!(cells, [5, 2, 4, 3, 1, 6, 0]);
        let best: Vec<usize> = ordered
            .iter()
            .filter(|&&(.., best)| best)
            .map(|&(cell, ..)| cell)
            .collect();
        assert_eq!(best, [5]);
        // Plain scores tie every win; the better value still comes first.
        let plain = best_first(&moves, Scoring::Plain);
        let best: Vec<usize> = plain
            .iter()
            .filter(|&&(.., best)| best)
            .map(|&(cell, ..)| cell)
            .collect();
        assert_eq!(best, [5, 2]);
        assert_eq!(plain[0].0, 5);
    }

    #[test]
    fn plain_scores_rate_a_slow_win_as_high_as_a_quick_one() {
        let position = board("X.O.X.O..");
        let moves = exact_scores(&position);
        let plain = Convention::at(&position, Scoring::Plain);
        assert!(moves
            .iter()
            .all(|&(_, score)| plain.points(&position, score) == 1));
        let best = |scoring| {
            best_first(&moves, scoring)
                .into_iter()
                .filter(|&(.., best)| best)
                .count()
        };
        assert_eq!(best(Scoring::Plain), 5);
        assert_eq!(best(Scoring::DepthAware), 1);
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
