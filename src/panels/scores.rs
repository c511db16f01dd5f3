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
