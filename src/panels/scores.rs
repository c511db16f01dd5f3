//! The move scores panel and "why this move", without the page: their titles and notes, each move's line best
//! first, and the replay of the line of best play after a chosen move.

use crate::engine::{principal_variation, Board, Grid, Player, Score};
use crate::game::square_name;
use crate::panels::search_report::scores_verdict;
use crate::panels::words::{best_first, line_in_words, Convention, Note};

/// The scores panel's title at `position`, the position on the board.
pub fn scores_title(position: &Grid) -> String {
    if position.is_over() {
        "Move scores: the game is over.".to_owned()
    } else {
        format!("Move scores for {}, best first", position.to_move().name())
    }
}

/// The scores panel's note under its title at `position`, whose values follow `convention`: the convention, then
/// how to see why a move scores as it does where a move's line of best play can be shown (`explained`), else
/// whether the values of `moves` are proved or estimates (or that they are being searched for); none once the
/// game is over.
pub fn scores_note(
    convention: Convention,
    position: &Grid,
    moves: Option<&[(usize, Score)]>,
    explained: bool,
) -> Option<Note> {
    if position.is_over() {
        return None;
    }
    let second = match moves {
        None => "Scoring every move…",
        Some(_) if explained => "Choose a move to see why: the line of best play that follows it.",
        Some(moves) => scores_verdict(moves),
    };
    let mut more = vec![
        "\"X wins in 3\" counts the moves of both sides to the end of the game, this one included."
            .to_owned(),
        convention.points_rule(),
    ];
    if !explained {
        more.push(format!(
            "Each square is coloured by its value, green good for {} and red bad; a square too small for words \
             keeps them in its name and tooltip, and the best moves are listed here. An estimate is a value at the \
             depth the clock allowed: + good, − bad, ± even.",
            convention.max
        ));
    }
    Some(Note {
        opening: format!("{} {second}", convention.sentence()),
        about: "move scores",
        more,
    })
}

/// The note of the choice of scoring, beside the switches.
pub fn scoring_note() -> Note {
    Note::new(
        "Plain scores rate a win five moves away as high as a win now, so a minimax that keeps the first of equal \
         moves can win later than it could.",
        "scoring",
        &[
            "Depth-aware scores prefer the quickest win and the slowest loss. They count the marks on the board at \
             the end, not the moves from here (the write-ups' \"10 minus depth\"), so that a position is worth the \
             same wherever a search starts; the two rank moves alike.",
            "The choice is for the move scores: the game tree and the step-through keep the depth-aware scores the \
             engine plays by.",
        ],
    )
}

/// How many moves the scores panel lists, best first: every move of the 3x3 board, the best of a bigger one.
pub const LISTED_MOVES: usize = 9;

/// One move in the scores panel's list: a button that shows why, where a move's line can be shown.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ScoreLine {
    /// The move's cell (`data-why`, `data-move`).
    pub cell: usize,
    /// What the line says: "row 1, column 2: X wins in 3 (+3), best".
    pub label: String,
    /// Its score for MAX, whose data the line carries.
    pub score: Score,
    /// Whether its line of best play is the one shown (`aria-pressed`).
    pub chosen: bool,
}

/// The scores panel's list at `position`: its scored `moves` best first (see [`best_first`]), at most
/// [`LISTED_MOVES`], in `convention`'s words, `why` being the move whose line is shown.
pub fn score_lines(
    convention: Convention,
    position: &Grid,
    moves: &[(usize, Score)],
    why: Option<usize>,
) -> Vec<ScoreLine> {
    best_first(moves, convention.scoring)
        .into_iter()
        .take(LISTED_MOVES)
        .map(|(cell, score, best)| {
            let mut label = format!(
                "{}: {}",
                square_name(position.shape(), cell),
                convention.value(position, score)
            );
            if best {
                label.push_str(", best");
            }
            ScoreLine {
                cell,
                label,
                score: convention.for_max(position, score),
                chosen: why == Some(cell),
            }
        })
        .collect()
}

/// The controls of the "why" line's replay on the board.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ReplayControl {
    /// One more move on the board (or, after the last, none).
    Step,
    /// Play the line on by itself, or pause.
    Play,
    /// Take the marks off the board.
    Clear,
}

impl ReplayControl {
    /// The control named `name`, as its button's `data-replay` spells it: `step`, `play` or `clear`.
    pub fn from_name(name: &str) -> Option<ReplayControl> {
        Some(match name {
            "step" => ReplayControl::Step,
            "play" => ReplayControl::Play,
            "clear" => ReplayControl::Clear,
            _ => return None,
        })
    }
}

/// A line of play replayed on the board as numbered marks without changing the game: the line of best play after
/// a move of the 3x3 board (its "why" line), or a forced win a bigger board's search found.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Replay {
    /// The position the line starts from.
    pub from: Grid,
    /// The line: the chosen move, then best play to the end of the game; or the moves of a forced win.
    pub line: Vec<usize>,
    /// How many of its moves are on the board.
    pub shown: usize,
    /// Whether it plays on by itself.
    pub playing: bool,
}

impl Replay {
    /// The line of best play after `cell` at `board`, none of it shown yet.
    pub fn new(board: Board, cell: usize) -> Replay {
        Replay::along(Grid::from(board), principal_variation(&board, Some(cell)))
    }

    /// The moves `line` from `from`, none of them shown yet.
    pub fn along(from: Grid, line: Vec<usize>) -> Replay {
        Replay {
            from,
            line,
            shown: 0,
            playing: false,
        }
    }

    /// One more move on the board, or, when all are, back to none: `false` when it went back.
    pub fn step(&mut self) -> bool {
        if self.shown < self.line.len() {
            self.shown += 1;
            true
        } else {
            self.shown = 0;
            false
        }
    }

    /// Whether every move of the line is on the board.
    pub fn at_end(&self) -> bool {
        self.shown == self.line.len()
    }

    /// The marks on show: each move's cell, its player and its number in the line, from 1.
    pub fn marks(&self) -> Vec<(usize, Player, usize)> {
        let mut player = self.from.to_move();
        let mut marks = Vec::with_capacity(self.shown);
        for (index, &cell) in self.line.iter().take(self.shown).enumerate() {
            marks.push((cell, player, index + 1));
            player = player.opponent();
        }
        marks
    }

    /// Where the replay is, in words, for a status line that is heard at each step: "Move 3 of 9 on the board:
    /// X, row 8, column 7." (the last adds "X completes a line." when the line ends the game there), or "" when
    /// no move is shown.
    pub fn progress(&self) -> String {
        let Some(&(cell, player, number)) = self.marks().last() else {
            return String::new();
        };
        let mut words = format!(
            "Move {number} of {} on the board: {}, {}.",
            self.line.len(),
            player.name(),
            square_name(self.from.shape(), cell)
        );
        let end = self
            .line
            .iter()
            .fold(self.from, |board, &cell| board.play(cell));
        if self.at_end() && end.winner() == Some(player) {
            words.push_str(&format!(" {} completes a line.", player.name()));
        }
        words
    }

    /// What the replay's step button says next.
    pub fn step_label(&self) -> &'static str {
        if self.at_end() {
            "Replay from the start"
        } else {
            "Next move on the board"
        }
    }
}

/// The "why this move" panel: the line of best play after a chosen move.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Why {
    /// "Why: X plays row 1, column 2, then best play" (the moves that follow start with that one).
    pub title: String,
    /// One "O: row 3, column 1" a move, the chosen one first.
    pub moves: Vec<String>,
    /// How it ends: "X wins after 3 moves.", "Draw after 1 move."; during a replay on the board, after the move
    /// shown last: "Move 2 of 3 on the board (O: row 3, column 1). X wins after 3 moves.".
    pub end: String,
    /// The index in `moves` of the move a replay on the board shows last.
    pub current: Option<usize>,
}

/// The "why" panel for move `why` of `board`, whose scored moves are `scores`; `None` (the panel hidden) when no
/// move is chosen or the chosen one is not among them.
pub fn why_panel(
    board: Board,
    scores: &[(usize, Score)],
    why: Option<usize>,
    replay: Option<&Replay>,
) -> Option<Why> {
    let cell = why.filter(|cell| scores.iter().any(|&(scored, _)| scored == *cell))?;
    let (moves, end) = line_in_words(board, cell);
    let unit = if moves.len() == 1 { "move" } else { "moves" };
    let mut end = format!("{end} after {} {unit}.", moves.len());
    // The move a replay last put on the board, said first: the end is a live region, so each step is heard.
    let current = replay
        .filter(|replay| replay.from == Grid::from(board) && replay.shown > 0)
        .map(|replay| replay.shown - 1);
    if let Some(index) = current {
        end = format!(
            "Move {} of {} on the board ({}). {end}",
            index + 1,
            moves.len(),
            moves[index]
        );
    }
    Some(Why {
        title: format!(
            "Why: {} plays {}, then best play",
            board.to_move().name(),
            square_name(board.shape(), cell)
        ),
        end,
        current,
        moves,
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::{Grid, Scoring};
    use crate::panels::words::exact_scores;

    fn board(text: &str) -> Board {
        text.parse().unwrap()
    }

    #[test]
    fn the_scores_panel_best_first_on_every_board() {
        let position = board("X.O.X.O..");
        let scores = exact_scores(&position);
        let depth = Convention::at(&position, Scoring::DepthAware);
        assert_eq!(scores_title(&position), "Move scores for X, best first");
        assert_eq!(
            scores_title(&board("XXXOO....")),
            "Move scores: the game is over."
        );
        let lines = score_lines(depth, &position, &scores, Some(1));
        let labels: Vec<&str> = lines.iter().map(|line| line.label.as_str()).collect();
        assert_eq!(
            labels,
            [
                "row 3, column 3: X wins in 1 (+5), best",
                "row 1, column 2: X wins in 3 (+3)",
                "row 2, column 1: X wins in 3 (+3)",
                "row 2, column 3: X wins in 3 (+3)",
                "row 3, column 2: X wins in 3 (+3)",
            ]
        );
        let chosen: Vec<(usize, bool)> =
            lines.iter().map(|line| (line.cell, line.chosen)).collect();
        assert_eq!(
            chosen,
            [(8, false), (1, true), (3, false), (5, false), (7, false)]
        );
        // Plain scores tie; the better value still comes first.
        let plain = Convention::at(&position, Scoring::Plain);
        let plain = score_lines(plain, &position, &scores, None);
        assert_eq!(plain[0].label, "row 3, column 3: X wins in 1 (+1), best");
        assert_eq!(plain[1].label, "row 1, column 2: X wins in 3 (+1), best");
        // Losing moves: the slowest loss first, each MAX's (here O's) number.
        let lost = board("X..OX....");
        let o = Convention::at(&lost, Scoring::DepthAware);
        let losing = score_lines(o, &lost, &exact_scores(&lost), None);
        assert_eq!(losing[0].label, "row 3, column 3: X wins in 4 (−3), best");
        assert_eq!(losing[1].label, "row 1, column 2: X wins in 2 (−5)");
        // A bigger board's verdicts, in the same words: the best of them.
        let big = Grid::empty(crate::engine::Shape::new(4, 4, 4).unwrap());
        let on_big = Convention::at(&big, Scoring::DepthAware);
        let moves: Vec<(usize, Score)> = (0..16)
            .map(|cell| (cell, Score::Estimate(cell as i32 - 8)))
            .collect();
        let lines = score_lines(on_big, &big, &moves, None);
        assert_eq!(lines.len(), LISTED_MOVES);
        assert_eq!(lines[0].label, "d1: best guess: X is better (+7), best");
        assert_eq!(lines[7].label, "a2: best guess: even (±0)");
        assert_eq!(lines[8].label, "d3: best guess: O is better (−1)");
    }

    #[test]
    fn the_scores_note_says_the_convention_first_and_the_rest_one_click_away() {
        let position = board("X.O.X.O..");
        let scores = exact_scores(&position);
        let depth = Convention::at(&position, Scoring::DepthAware);
        // The convention, then how to see why, while there is a move to choose.
        let note = scores_note(depth, &position, Some(&scores), true).unwrap();
        assert_eq!(
            note.opening,
            "Values are MAX's: X moves here, so + is good for X, − for O. Choose a move to see why: the line of \
             best play that follows it."
        );
        assert_eq!(note.summary(), "More about move scores");
        assert!(
            note.more[1].starts_with("A win that ends with n marks on the board is worth 10 − n")
        );
        assert_eq!(scores_note(depth, &board("XXXOO...."), None, true), None);
        let plain = Convention::at(&position, Scoring::Plain);
        let plain = scores_note(plain, &position, Some(&scores), true).unwrap();
        assert!(plain.more[1].starts_with("Plain scores"));
        // A bigger board says whether its values are proved, once its search has answered.
        let big = Grid::empty(crate::engine::Shape::new(4, 4, 4).unwrap());
        let on_big = Convention::at(&big, Scoring::DepthAware);
        let opening = |moves: Option<&[(usize, Score)]>| {
            scores_note(on_big, &big, moves, false).unwrap().opening
        };
        assert_eq!(
            opening(None),
            "Values are MAX's: X moves here, so + is good for X, − for O. Scoring every move…"
        );
        assert!(opening(Some(&[(0, Score::Estimate(3))]))
            .ends_with(" are estimates at the depth the clock allowed; the others are proved."));
        let note = scores_note(on_big, &big, Some(&[]), false).unwrap();
        assert!(note.more[1].contains("17 − n"), "{note:?}");
        assert!(note.more[2].contains("estimate"), "{note:?}");
    }

    #[test]
    fn why_this_move_in_words() {
        let position = board("X.O.X.O..");
        let scores = exact_scores(&position);
        let why = why_panel(position, &scores, Some(1), None).unwrap();
        assert_eq!(why.title, "Why: X plays row 1, column 2, then best play");
        assert_eq!(why.moves.len(), 3);
        assert_eq!(why.moves[0], "X: row 1, column 2");
        assert_eq!(why.end, "X wins after 3 moves.");
        let quick = why_panel(position, &scores, Some(8), None).unwrap();
        assert_eq!(quick.moves, ["X: row 3, column 3"]);
        assert_eq!(quick.end, "X wins after 1 move.");
        let draw = why_panel(Board::EMPTY, &exact_scores(&Board::EMPTY), Some(4), None);
        assert_eq!(draw.unwrap().end, "Draw after 9 moves.");
        assert_eq!(why_panel(position, &scores, None, None), None);
        assert_eq!(why_panel(position, &scores, Some(0), None), None, "taken");
        assert_eq!(why_panel(position, &scores, Some(99), None), None);
        assert_eq!(why.current, None);
        // A replay on the board: the move it shows last is marked and said.
        let mut replay = Replay::new(position, 1);
        replay.step();
        replay.step();
        let replayed = why_panel(position, &scores, Some(1), Some(&replay)).unwrap();
        assert_eq!(replayed.current, Some(1));
        assert_eq!(
            replayed.end,
            format!(
                "Move 2 of 3 on the board ({}). X wins after 3 moves.",
                why.moves[1]
            )
        );
        replay.step();
        replay.step();
        let again = why_panel(position, &scores, Some(1), Some(&replay)).unwrap();
        assert_eq!((again.current, again.end), (None, why.end), "back to none");
    }

    #[test]
    fn a_replay_shows_the_line_one_move_at_a_time_and_starts_again() {
        // X to move: row 1, column 3 wins at once; row 3, column 3 lets O block and the game goes on.
        let board: Board = "XX.OO....".parse().unwrap();
        let mut replay = Replay::new(board, 8);
        assert_eq!(replay.line, principal_variation(&board, Some(8)));
        assert_eq!(replay.line[0], 8);
        assert!(replay.marks().is_empty());
        assert_eq!(replay.step_label(), "Next move on the board");
        assert!(replay.step());
        assert!(replay.step());
        assert_eq!(
            replay.marks(),
            [(8, Player::X, 1), (replay.line[1], Player::O, 2)]
        );
        while replay.step() {}
        assert_eq!(replay.shown, 0, "after the last move, back to none");
        while !replay.at_end() {
            replay.step();
        }
        assert_eq!(replay.step_label(), "Replay from the start");
        let end = replay
            .line
            .iter()
            .fold(board, |position, &cell| position.play(cell));
        assert!(end.is_over(), "the line plays to the end of the game");
    }

    #[test]
    fn a_replay_says_where_it_is_on_any_board() {
        use crate::engine::Shape;
        let shape = Shape::new(7, 7, 4).unwrap();
        // X has three in a row on the top row: X, O, X make the four.
        let from = Grid::parse(
            "XXX..../OO...../......./......./......./......./O......",
            shape,
        )
        .unwrap();
        let mut replay = Replay::along(from, vec![3]);
        assert_eq!(replay.progress(), "");
        replay.step();
        assert_eq!(
            replay.progress(),
            "Move 1 of 1 on the board: X, d7. X completes a line."
        );
        let mut longer = Replay::along(from, vec![4, 3, 5]);
        longer.step();
        longer.step();
        assert_eq!(longer.progress(), "Move 2 of 3 on the board: O, d7.");
        assert_eq!(longer.marks(), vec![(4, Player::X, 1), (3, Player::O, 2)]);
    }
}
