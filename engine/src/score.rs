//! What a position is worth: [`Score`], the one score type, with its views as methods.

use std::cmp::Ordering;

/// A win with `n` marks on the board scores `WIN - n` inside the search.
pub(crate) const WIN: i32 = 1_000_000;
/// Scores at or beyond this are proved wins (losses below its negation): no board has 1,000 cells.
pub(crate) const DECISIVE: i32 = WIN - 1_000;
/// An evaluation stays within this, far from any proved score.
pub(crate) const EVAL_LIMIT: i32 = 500_000;
// An evaluation is never taken for a proof.
const _: () = assert!(EVAL_LIMIT < DECISIVE);
/// Beyond every score: the ends of a full window.
pub(crate) const INFINITY: i32 = WIN + 1;

/// Who wins a position under best play, from the point of view of the side to move.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Outcome {
    /// The side to move wins.
    Win,
    /// Nobody wins.
    Draw,
    /// The side to move loses.
    Loss,
}

impl Outcome {
    /// The outcome in lowercase: `win`, `draw` or `loss`.
    pub const fn as_str(self) -> &'static str {
        match self {
            Outcome::Win => "win",
            Outcome::Draw => "draw",
            Outcome::Loss => "loss",
        }
    }

    /// The outcome for the other side.
    pub const fn opposite(self) -> Outcome {
        match self {
            Outcome::Win => Outcome::Loss,
            Outcome::Draw => Outcome::Draw,
            Outcome::Loss => Outcome::Win,
        }
    }
}

/// The exact minimax value of a position or of a move: the outcome under best play, and how many plies
/// (single moves) from now until the game ends, counting the move itself when it is a move's value.
///
/// Values of the same position compare as the side to move prefers them: a win beats a draw beats a loss, a
/// quicker win beats a slower one, and a slower loss beats a quicker one.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Value {
    /// Who wins under best play.
    pub outcome: Outcome,
    /// Plies until the game ends under best play.
    pub plies: u32,
}

impl Value {
    /// The value of the move that led to this position, for the side that made it: the other outcome, one ply
    /// later.
    pub const fn for_mover(self) -> Value {
        Value {
            outcome: self.outcome.opposite(),
            plies: self.plies + 1,
        }
    }

    /// The value in the write-ups' points, for a position with `marks` marks on a board of `cells` cells: a game
    /// that ends with `n` marks is worth `cells + 1 - n` to its winner (`10 - n` on the 3x3 board), `n - cells -
    /// 1` to its loser, and 0 when drawn.
    pub const fn points(self, marks: u32, cells: u32) -> i32 {
        let margin = cells as i32 + 1 - (marks + self.plies) as i32;
        match self.outcome {
            Outcome::Win => margin,
            Outcome::Draw => 0,
            Outcome::Loss => -margin,
        }
    }

    /// The plain score of many write-ups: +1 for a win, 0 for a draw, -1 for a loss, however long it takes.
    pub const fn sign(self) -> i32 {
        match self.outcome {
            Outcome::Win => 1,
            Outcome::Draw => 0,
            Outcome::Loss => -1,
        }
    }
}

impl Ord for Value {
    /// As the side prefers them: see [`Score`]'s order.
    fn cmp(&self, other: &Value) -> Ordering {
        Score::Proved(*self).cmp(&Score::Proved(*other))
    }
}

impl PartialOrd for Value {
    fn partial_cmp(&self, other: &Value) -> Option<Ordering> {
        Some(self.cmp(other))
    }
}

impl Ord for Score {
    fn cmp(&self, other: &Score) -> Ordering {
        self.order_key().cmp(&other.order_key())
    }
}

impl PartialOrd for Score {
    fn partial_cmp(&self, other: &Score) -> Option<Ordering> {
        Some(self.cmp(other))
    }
}

/// What a search found a position (or a move) worth, for one side: proved, or estimated at the horizon.
///
/// Scores are ordered as the side prefers them: a proved win above everything, the quickest the highest; then
/// estimates and draws by their worth, a draw worth 0 and above an estimate of 0; a proved loss below
/// everything, the slowest the highest.
///
/// A score is for one side: the side to move in a position, or, for a move, the side that plays it. It is proved
/// (the game's result under best play, [`Value`]) or estimated (the evaluation at the horizon of a search that
/// could not reach every end of the game). Its views:
/// - depth-aware, from either side: a quicker win is worth more and a later loss costs less; [`Score::for_mover`]
///   turns a position's score into the score of the move that led to it, for the side that made it;
/// - the write-ups' points ([`Value::points`]): a win ending with `n` marks on the board is worth `10 - n` on the
///   3x3 board (`cells + 1 - n` on any board), a loss `n - 10`, a draw 0;
/// - the plain +1, 0, -1 of many write-ups ([`Value::sign`]), which cannot tell a quick win from a slow one.
///
/// Inside the engine the search loop keeps a score as one `i32` from the side to move's point of view, counted
/// from the empty board so that it does not depend on where the search started (the transposition table shares
/// it between paths) and so that negating it gives the other side's score: a game won with `n` marks on the
/// board is `WIN - n` for the winner and `n - WIN` for the loser, a draw 0, and an estimate lies within
/// `EVAL_LIMIT`, far below any proved score, so that the two never mix. `Score::from_search` and
/// `Score::points_of` read that number; nothing else does.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Score {
    /// The exact value: the outcome under best play and plies to the end.
    Proved(Value),
    /// A guess from the evaluation at the horizon: 0 is even, positive is better for the side.
    Estimate(i32),
}

impl Score {
    /// What orders scores (see `Ord`): the kind of result, its worth within that kind, whether proved, and last
    /// how soon a draw ends, which only tells apart draws that are otherwise equal.
    fn order_key(self) -> (u8, i64, bool, i64) {
        match self {
            Score::Proved(Value {
                outcome: Outcome::Win,
                plies,
            }) => (2, -i64::from(plies), true, 0),
            Score::Proved(Value {
                outcome: Outcome::Loss,
                plies,
            }) => (0, i64::from(plies), true, 0),
            Score::Proved(Value {
                outcome: Outcome::Draw,
                plies,
            }) => (1, 0, true, -i64::from(plies)),
            Score::Estimate(estimate) => (1, i64::from(estimate), false, 0),
        }
    }

    /// The score of the move that led to this position, for the side that made it: the proved value turned
    /// round one ply later (see [`Value::for_mover`]), or the estimate negated.
    pub const fn for_mover(self) -> Score {
        match self {
            Score::Proved(value) => Score::Proved(value.for_mover()),
            Score::Estimate(estimate) => Score::Estimate(-estimate),
        }
    }

    /// The exact value, if the score is proved.
    pub const fn value(self) -> Option<Value> {
        match self {
            Score::Proved(value) => Some(value),
            Score::Estimate(_) => None,
        }
    }

    /// Whether the score is proved.
    pub const fn is_proved(self) -> bool {
        matches!(self, Score::Proved(_))
    }

    /// Who wins for sure, when the score says: a proved score's outcome, or an estimate that is a win or a loss
    /// found for sure without knowing how soon (by the threat search, say, or from a deeper search's result). A
    /// draw is sure only when proved.
    pub const fn sure_outcome(self) -> Option<Outcome> {
        match self {
            Score::Proved(value) => Some(value.outcome),
            Score::Estimate(estimate) if estimate >= DECISIVE => Some(Outcome::Win),
            Score::Estimate(estimate) if estimate <= -DECISIVE => Some(Outcome::Loss),
            Score::Estimate(_) => None,
        }
    }

    /// +1, 0 or -1: the proved value's [`Value::sign`], or the estimate's sign (which side it favours).
    pub const fn sign(self) -> i32 {
        match self {
            Score::Proved(value) => value.sign(),
            Score::Estimate(estimate) => estimate.signum(),
        }
    }

    /// The score of a search's result `raw` (the loop's number, see [`Score`]) for the side to
    /// move of a position with `marks` marks on a board of `cells` cells, `proved` or not. (A forced win that a
    /// search found beyond its horizon is sure, but not how soon: not proved, it stays the loop's number.)
    pub(crate) fn from_search(raw: i32, proved: bool, marks: u32, cells: u32) -> Score {
        let plies_to = |end: i32| (end as u32).saturating_sub(marks);
        if !proved {
            Score::Estimate(raw)
        } else if raw >= DECISIVE {
            Score::Proved(Value {
                outcome: Outcome::Win,
                plies: plies_to(WIN - raw),
            })
        } else if raw <= -DECISIVE {
            Score::Proved(Value {
                outcome: Outcome::Loss,
                plies: plies_to(WIN + raw),
            })
        } else {
            // A draw ends when the board is full.
            Score::Proved(Value {
                outcome: Outcome::Draw,
                plies: cells - marks,
            })
        }
    }

    /// The search's number `raw` in the write-ups' points on a board of `cells` cells (see [`Value::points`]):
    /// the same for every position, since both count the marks at the end. Other numbers (a draw, an estimate, a
    /// plain +1 or -1) are unchanged.
    pub(crate) const fn points_of(raw: i32, cells: u32) -> i32 {
        let offset = WIN - (cells as i32 + 1);
        if raw >= DECISIVE {
            raw - offset
        } else if raw <= -DECISIVE {
            raw + offset
        } else {
            raw
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn win(plies: u32) -> Value {
        Value {
            outcome: Outcome::Win,
            plies,
        }
    }

    fn loss(plies: u32) -> Value {
        Value {
            outcome: Outcome::Loss,
            plies,
        }
    }

    #[test]
    fn values_order_as_the_side_to_move_prefers_them() {
        let draw = Value {
            outcome: Outcome::Draw,
            plies: 4,
        };
        assert!(win(1) > win(3));
        assert!(win(5) > draw);
        assert!(draw > loss(6));
        assert!(loss(6) > loss(2));
    }

    #[test]
    fn scores_order_as_the_side_prefers_them_and_only_equal_ones_compare_equal() {
        let draw = |plies| {
            Score::Proved(Value {
                outcome: Outcome::Draw,
                plies,
            })
        };
        let best_first = [
            Score::Proved(win(1)),
            Score::Proved(win(7)),
            Score::Estimate(DECISIVE),
            Score::Estimate(30),
            draw(2),
            draw(4),
            Score::Estimate(0),
            Score::Estimate(-30),
            Score::Proved(loss(6)),
            Score::Proved(loss(2)),
        ];
        let mut sorted = best_first;
        sorted.sort_by(|a, b| b.cmp(a));
        assert_eq!(sorted, best_first);
        for (i, a) in best_first.iter().enumerate() {
            for (j, b) in best_first.iter().enumerate() {
                assert_eq!(a.cmp(b) == Ordering::Equal, i == j, "{a:?} {b:?}");
            }
        }
    }

    #[test]
    fn a_search_number_reads_as_plies_from_the_position() {
        let proved = |raw| Score::from_search(raw, true, 4, 16);
        assert_eq!(proved(WIN - 7), Score::Proved(win(3)));
        assert_eq!(proved(-(WIN - 6)), Score::Proved(loss(2)));
        let draw = Value {
            outcome: Outcome::Draw,
            plies: 12,
        };
        assert_eq!(proved(0), Score::Proved(draw));
        assert_eq!(Score::from_search(-40, false, 4, 16), Score::Estimate(-40));
    }

    #[test]
    fn points_count_ten_less_the_marks_at_the_end_on_the_3x3_board() {
        // X.O.X.O.. with X to move: a win at once ends with five marks, 5; a win two plies later, 3.
        assert_eq!(win(1).points(4, 9), 5);
        assert_eq!(win(3).points(4, 9), 3);
        assert_eq!(loss(2).points(5, 9), -3);
        assert_eq!(Score::points_of(WIN - 7, 9), 3);
        assert_eq!(Score::points_of(-(WIN - 5), 9), -5);
        assert_eq!(Score::points_of(0, 9), 0);
        assert_eq!(Score::points_of(-1, 9), -1);
        for marks in 0..9 {
            for plies in 1..=9 - marks {
                for value in [win(plies), loss(plies)] {
                    let raw = match value.outcome {
                        Outcome::Win => WIN - (marks + plies) as i32,
                        _ => (marks + plies) as i32 - WIN,
                    };
                    assert_eq!(Score::points_of(raw, 9), value.points(marks, 9));
                    assert_eq!(
                        Score::from_search(raw, true, marks, 9),
                        Score::Proved(value)
                    );
                }
            }
        }
    }

    #[test]
    fn the_movers_score_is_the_other_side_one_ply_later() {
        assert_eq!(Score::Proved(win(2)).for_mover(), Score::Proved(loss(3)));
        assert_eq!(Score::Estimate(30).for_mover(), Score::Estimate(-30));
        assert_eq!(Score::Proved(loss(3)).sign(), -1);
        assert_eq!(Score::Estimate(-30).sign(), -1);
        assert_eq!(Score::Estimate(0).value(), None);
        assert!(Score::Proved(win(1)).is_proved());
    }
}
