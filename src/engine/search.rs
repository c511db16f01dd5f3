//! Minimax in negamax form with alpha-beta pruning and depth-aware scores.
//!
//! A score is always from the point of view of the side to move. A game that ends with `n` marks on the board is
//! worth `10 - n` to its winner and `n - 10` to its loser (the classic "+10 minus depth", counted from the empty
//! board so that a score does not depend on where the search started); a draw is worth 0. A quicker win is
//! therefore worth more, and a later loss costs less, which makes the engine take the fastest win and delay a loss.
//!
//! Moves are tried in increasing cell order (0, 1, ..., 8); alpha-beta's node counts below depend on that order.

use super::board::{Board, CELLS};
use super::rng::Rng;
use std::cmp::Ordering;

/// A bound above every score: no game is worth more than 5 (a win with five marks down).
const INFINITY: i8 = 10;

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
    /// The value of a score found for a position with `marks` marks on it.
    fn from_score(score: i8, marks: u32) -> Value {
        let end = |magnitude: i8| 10 - u32::from(magnitude.unsigned_abs()) - marks;
        match score.cmp(&0) {
            Ordering::Greater => Value {
                outcome: Outcome::Win,
                plies: end(score),
            },
            Ordering::Less => Value {
                outcome: Outcome::Loss,
                plies: end(score),
            },
            Ordering::Equal => Value {
                outcome: Outcome::Draw,
                plies: CELLS as u32 - marks,
            },
        }
    }

    /// A number that orders values as the side to move prefers them.
    fn rank(self) -> i64 {
        let plies = i64::from(self.plies);
        match self.outcome {
            Outcome::Win => 100 - plies,
            Outcome::Draw => 0,
            Outcome::Loss => plies - 100,
        }
    }
}

impl Ord for Value {
    fn cmp(&self, other: &Value) -> Ordering {
        self.rank().cmp(&other.rank())
    }
}

impl PartialOrd for Value {
    fn partial_cmp(&self, other: &Value) -> Option<Ordering> {
        Some(self.cmp(other))
    }
}

/// How far ahead the computer looks: the depth parameter of the classic minimax write-ups.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Level {
    /// One ply: its own move. It takes a win it can make at once, and nothing more.
    Easy,
    /// Two plies: its move and the reply. It also blocks a win the opponent could make at once.
    Medium,
    /// Four plies: it sees a fork coming, its own or the opponent's, but not every trap.
    Hard,
    /// To the end of the game. It never loses.
    Unbeatable,
}

impl Level {
    /// Every level, weakest first.
    pub const ALL: [Level; 4] = [Level::Easy, Level::Medium, Level::Hard, Level::Unbeatable];

    /// Plies the search looks ahead, the move itself included.
    pub const fn depth(self) -> u32 {
        match self {
            Level::Easy => 1,
            Level::Medium => 2,
            Level::Hard => 4,
            Level::Unbeatable => FULL_DEPTH,
        }
    }

    /// The level's name in lowercase, as URLs and the JS API spell it.
    pub const fn name(self) -> &'static str {
        match self {
            Level::Easy => "easy",
            Level::Medium => "medium",
            Level::Hard => "hard",
            Level::Unbeatable => "unbeatable",
        }
    }

    /// The level named `name` (any case).
    pub fn from_name(name: &str) -> Option<Level> {
        Level::ALL
            .into_iter()
            .find(|level| level.name().eq_ignore_ascii_case(name.trim()))
    }

    /// One sentence for players on what the level does.
    pub const fn description(self) -> &'static str {
        match self {
            Level::Easy => {
                "Easy looks one move ahead: it takes a win when it has one, and blocks nothing."
            }
            Level::Medium => "Medium looks two moves ahead: it takes a win and blocks yours.",
            Level::Hard => {
                "Hard looks four moves ahead: it sees a fork coming, but not every trap."
            }
            Level::Unbeatable => "Unbeatable searches to the end of the game: it never loses.",
        }
    }
}

/// The exact value of one legal move.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct MoveValue {
    /// The cell played, 0 to 8.
    pub cell: usize,
    /// The value of playing it, for the side that plays it.
    pub value: Value,
}

/// The exact value of every legal move of a position.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Analysis {
    /// One entry per legal move, in cell order.
    pub moves: Vec<MoveValue>,
    /// Positions the search visited, the root included.
    pub nodes: u64,
}

impl Analysis {
    /// The best value among the moves, if there is a move.
    pub fn best_value(&self) -> Option<Value> {
        self.moves.iter().map(|entry| entry.value).max()
    }

    /// The cells whose moves have the best value, in cell order.
    pub fn best_cells(&self) -> Vec<usize> {
        let best = self.best_value();
        self.moves
            .iter()
            .filter(|entry| Some(entry.value) == best)
            .map(|entry| entry.cell)
            .collect()
    }
}

/// The moves the engine considers best, found with as little search as it can.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct BestMoves {
    /// Every move of the best value, in cell order; empty when the game is over.
    pub cells: Vec<usize>,
    /// Their value, for the side to move; `None` when the game is over.
    pub value: Option<Value>,
    /// Positions the search visited, the root included.
    pub nodes: u64,
}

/// Plies to the end of any game: a search this deep is a full search.
pub const FULL_DEPTH: u32 = CELLS as u32;

/// The negamax score of `board` for the side to move, searched within `(alpha, beta)` and `depth` plies deep.
///
/// Fail-soft: a result at or below `alpha` is an upper bound, one at or above `beta` a lower bound, and one
/// strictly between them exact. A position still open at the search's horizon scores 0, like a draw: the
/// search cannot tell it apart from one.
fn negamax(board: Board, mut alpha: i8, beta: i8, depth: u32, nodes: &mut u64) -> i8 {
    *nodes += 1;
    let marks = board.marks() as i8;
    if board.winner().is_some() {
        // Only the side that just moved can have won, so the side to move has lost.
        return marks - 10;
    }
    let mut empty = board.legal_mask();
    if empty == 0 || depth == 0 {
        return 0;
    }
    let mut best = -INFINITY;
    while empty != 0 {
        let bit = empty & empty.wrapping_neg();
        empty &= empty - 1;
        let score = -negamax(board.play_unchecked(bit), -beta, -alpha, depth - 1, nodes);
        if score > best {
            best = score;
            if score > alpha {
                alpha = score;
                if alpha >= beta {
                    break;
                }
            }
        }
    }
    best
}

/// The exact value of `board` for the side to move, and the nodes visited to find it.
pub fn evaluate(board: Board) -> (Value, u64) {
    let mut nodes = 0;
    let score = negamax(board, -INFINITY, INFINITY, FULL_DEPTH, &mut nodes);
    (Value::from_score(score, board.marks()), nodes)
}

/// The exact value of every legal move: each move is searched with its own full window, so no value is a bound.
pub fn analyze(board: Board) -> Analysis {
    let mut nodes = 1;
    let moves = board
        .legal_moves()
        .map(|cell| {
            let score = -negamax(
                board.play(cell),
                -INFINITY,
                INFINITY,
                FULL_DEPTH,
                &mut nodes,
            );
            MoveValue {
                cell,
                value: Value::from_score(score, board.marks()),
            }
        })
        .collect();
    Analysis { moves, nodes }
}

/// Every move of the best value, with alpha-beta at the root too: a move is searched only to learn whether it
/// is at least as good as the best so far, which is enough to find every tie exactly.
pub fn best_moves(board: Board) -> BestMoves {
    best_moves_within(board, FULL_DEPTH)
}

/// Every move that looks best to a search `depth` plies deep (the move itself is the first ply), which takes
/// a win it sees within that many plies and avoids a loss it sees, but cannot tell apart positions whose result
/// lies beyond its horizon. With [`FULL_DEPTH`] this is [`best_moves`]. The value is what the search saw.
pub fn best_moves_within(board: Board, depth: u32) -> BestMoves {
    let depth = depth.clamp(1, FULL_DEPTH);
    let mut nodes = 1;
    let mut best = -INFINITY;
    let mut cells = Vec::new();
    for cell in board.legal_moves() {
        // A window just below the best so far: a result inside it is exact, one at its floor is worse.
        let alpha = if cells.is_empty() {
            -INFINITY
        } else {
            best - 1
        };
        let score = -negamax(board.play(cell), -INFINITY, -alpha, depth - 1, &mut nodes);
        if cells.is_empty() || score > best {
            best = score;
            cells.clear();
            cells.push(cell);
        } else if score == best {
            cells.push(cell);
        }
    }
    let value = (!cells.is_empty()).then(|| Value::from_score(best, board.marks()));
    BestMoves {
        cells,
        value,
        nodes,
    }
}

/// The move the engine plays: a best move, chosen at random among equals with `rng`. `None` when the game is
/// over.
pub fn best_move(board: Board, rng: &mut Rng) -> Option<usize> {
    best_move_at(board, Level::Unbeatable, rng)
}

/// The move the engine plays at `level`: one that looks best at the level's depth, chosen at random among
/// those it cannot tell apart. `None` when the game is over.
pub fn best_move_at(board: Board, level: Level, rng: &mut Rng) -> Option<usize> {
    let best = best_moves_within(board, level.depth());
    if best.cells.is_empty() {
        return None;
    }
    Some(best.cells[rng.below(best.cells.len())])
}

#[cfg(test)]
mod tests {
    use super::*;

    fn board(text: &str) -> Board {
        text.parse().unwrap()
    }

    #[test]
    fn the_empty_board_is_a_draw_in_nine() {
        let (value, _) = evaluate(Board::EMPTY);
        assert_eq!(
            value,
            Value {
                outcome: Outcome::Draw,
                plies: 9
            }
        );
    }

    fn value_of(analysis: &Analysis, cell: usize) -> Value {
        analysis
            .moves
            .iter()
            .find(|m| m.cell == cell)
            .unwrap()
            .value
    }

    #[test]
    fn takes_the_fastest_win() {
        // X wins at once in cell 8; every other move also wins, two plies later.
        let position = board("X.O.X.O..");
        let analysis = analyze(position);
        let win = |plies| Value {
            outcome: Outcome::Win,
            plies,
        };
        assert_eq!(value_of(&analysis, 8), win(1));
        for cell in [1, 3, 5, 7] {
            assert_eq!(value_of(&analysis, cell), win(3));
        }
        assert_eq!(best_moves(position).cells, [8]);
        assert_eq!(best_moves(position).value, Some(win(1)));
    }

    #[test]
    fn delays_a_loss() {
        // O is lost: blocking in 8 loses in four plies, anything else in two.
        let position = board("X..OX....");
        let analysis = analyze(position);
        let loss = |plies| Value {
            outcome: Outcome::Loss,
            plies,
        };
        assert_eq!(value_of(&analysis, 8), loss(4));
        for cell in [1, 2, 5, 6, 7] {
            assert_eq!(value_of(&analysis, cell), loss(2));
        }
        assert_eq!(best_moves(position).cells, [8]);
    }

    #[test]
    fn value_order() {
        let win = |plies| Value {
            outcome: Outcome::Win,
            plies,
        };
        let loss = |plies| Value {
            outcome: Outcome::Loss,
            plies,
        };
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
    fn seeded_choice_is_repeatable() {
        let picks = |seed| {
            let mut rng = Rng::new(seed);
            (0..20)
                .map(|_| best_move(Board::EMPTY, &mut rng).unwrap())
                .collect::<Vec<_>>()
        };
        assert_eq!(picks(7), picks(7));
        // Every cell of the empty board draws, so a fair choice visits several of them.
        let mut seen = picks(7);
        seen.sort_unstable();
        seen.dedup();
        assert!(seen.len() > 3, "{seen:?}");
    }
}
