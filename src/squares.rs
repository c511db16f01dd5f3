//! How each square of the board looks and what it says: its mark or its score, its accessible name, and the
//! marks of a replayed line, put together from the game and the panels in one place. The DOM layer draws a
//! square again only when this changed, which keeps a click on a 15x15 board to the few squares it changed.
//! Pure Rust, tested natively.

use crate::engine::{Player, Score};
use crate::explain::MoveScore;
use crate::game::{Game, Phase};
use crate::report;
use crate::thinking::{self, Replay};

/// What a square's value says, in the attributes a page (or a test) can read: `data-outcome` and `data-plies`
/// for an exact value, `data-estimate` for an estimate.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ScoreData {
    /// An exact value: the outcome for the side that plays there, and the plies to the end.
    Exact(&'static str, u32),
    /// An estimate at the depth the search reached (positive: good for the side that plays there).
    Estimate(i32),
}

impl ScoreData {
    /// What a bigger board's verdict says: proved values are exact, the others estimates.
    pub fn of(verdict: &Score) -> ScoreData {
        match verdict {
            Score::Proved(value) => ScoreData::Exact(value.outcome.as_str(), value.plies),
            Score::Estimate(estimate) => ScoreData::Estimate(*estimate),
        }
    }
}

/// One square as it is drawn. The default is how a new square's button starts: no text, mark, class or data.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Square {
    /// What the square shows: its mark, its score, a replayed mark, or nothing.
    pub text: String,
    /// Its accessible name.
    pub label: String,
    /// Whether it is the board's one tab stop.
    pub tab_stop: bool,
    /// Marked by a first touch, large, for a second to play it (on squares smaller than a finger).
    pub aimed: bool,
    /// Whether a click would place no mark now.
    pub unavailable: bool,
    /// The mark on it.
    pub mark: Option<Player>,
    /// The last move the board shows.
    pub last: bool,
    /// Part of the winning line.
    pub winning: bool,
    /// Marked by the hint.
    pub hinted: bool,
    /// Its score, when the scores are shown and it has one.
    pub score: Option<ScoreData>,
    /// A best move, by the scores shown.
    pub best: bool,
    /// A replayed move on it (of the 3x3 board's "why" line, or of a forced win): the side and its number in the
    /// line.
    pub replayed: Option<(Player, usize)>,
    /// Its shade in a bigger board's heat map of the scores (see [`report::heat`]).
    pub heat: Option<u8>,
    /// A bigger board's score in words, shown when the pointer rests on the square.
    pub tip: Option<String>,
}

/// The scores the squares show, if any: the 3x3 board's exact ones, or a bigger board's verdicts.
#[derive(Clone, Copy, Debug)]
pub enum Scores<'a> {
    /// No scores shown.
    None,
    /// The 3x3 board's exact scores.
    Exact(&'a [MoveScore]),
    /// A bigger board's verdicts, proved or estimated.
    Verdicts(&'a [(usize, Score)]),
}

/// Every square of `game`'s board, in cell order, with `focus` the board's tab stop, `aim` the square a touch
/// marked, `scores` shown and the marks of `replay`, a line replayed from the position on the board.
pub fn squares(
    game: &Game,
    focus: usize,
    aim: Option<usize>,
    scores: Scores<'_>,
    replay: Option<&Replay>,
) -> Vec<Square> {
    // The board and its winning line, worked out once: the game replays its moves to find them.
    let board = game.board();
    let winning = board.winning_cells();
    let mover = board.to_move();
    let human_to_move = game.phase() == Phase::HumanToMove;
    let last = game.last_move();
    let marks = replay
        .filter(|replay| replay.from == board)
        .map_or_else(Vec::new, Replay::marks);
    let heat = match scores {
        Scores::Verdicts(moves) => report::heat(moves),
        _ => Vec::new(),
    };
    let words = game.shape().cols() <= report::WORDS_UP_TO_COLUMNS;
    (0..game.shape().cells())
        .map(|cell| {
            let mark = board.get(cell);
            let mut square = Square {
                text: mark.map_or_else(String::new, |mark| mark.name().to_owned()),
                label: game.label_on(&board, &winning, cell),
                tab_stop: cell == focus,
                aimed: aim == Some(cell),
                unavailable: !(human_to_move && mark.is_none()),
                mark,
                last: last == Some(cell),
                winning: winning.contains(&cell),
                hinted: game.is_hinted(cell),
                score: None,
                best: false,
                replayed: marks
                    .iter()
                    .find(|(marked, ..)| *marked == cell)
                    .map(|&(_, player, number)| (player, number)),
                heat: None,
                tip: None,
            };
            // The scores are those of the game's position: while a replayed line shows other marks, they would
            // be read as the scores of the board on show, which they are not.
            if marks.is_empty() {
                add_score(&mut square, cell, scores, mover);
            }
            if let Scores::Verdicts(moves) = scores {
                if let Some(index) = moves.iter().position(|(scored, _)| *scored == cell) {
                    square.heat = heat.get(index).copied();
                    square.tip = Some(square.text.clone());
                    if !words {
                        square.text.clear();
                    }
                }
            }
            // The mark to come, on the face of a square a touch marked.
            if square.aimed {
                square.text = mover.name().to_owned();
                square.label.push_str(", marked: tap again to play here");
            }
            // A replayed mark is on the face and in the name: the move's number and its side.
            if let Some((player, number)) = square.replayed {
                square.text = player.name().to_owned();
                square
                    .label
                    .push_str(&format!(", replayed move {number}: {}", player.name()));
            }
            square
        })
        .collect()
}

/// `scores`' words, name and data for the square of `cell`, if they score it, with `mover` to play.
fn add_score(square: &mut Square, cell: usize, scores: Scores<'_>, mover: Player) {
    match scores {
        Scores::Exact(moves) => {
            if let Some(entry) = moves.iter().find(|entry| entry.cell == cell) {
                // The name holds the visible words as they are, then "best move".
                square.text = thinking::square_words(entry);
                square.label.push_str(&thinking::square_label_suffix(entry));
                square.score = Some(ScoreData::Exact(
                    entry.value.outcome.as_str(),
                    entry.value.plies,
                ));
                square.best = entry.best;
            }
        }
        Scores::Verdicts(moves) => {
            if let Some((_, verdict)) = moves.iter().find(|(scored, _)| *scored == cell) {
                square.text = report::square_words(verdict);
                square
                    .label
                    .push_str(&report::square_label_suffix(verdict, mover));
                square.score = Some(ScoreData::of(verdict));
            }
        }
        Scores::None => {}
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::{Grid, Outcome, Scoring, Shape, Value};
    use crate::explain::move_scores;
    use crate::settings::Settings;
    use crate::thinking::Replay;

    fn game(position: &str, shape: Shape) -> Game {
        let settings = Settings {
            shape,
            start: Grid::parse(position, shape).unwrap(),
            ..Settings::default()
        };
        Game::new(settings, 1)
    }

    #[test]
    fn a_square_says_its_mark_and_where_it_is() {
        let game = game("X...O....", Shape::CLASSIC);
        let squares = squares(&game, 4, None, Scores::None, None);
        assert_eq!(squares.len(), 9);
        assert_eq!(squares[0].text, "X");
        assert_eq!(squares[0].label, "Row 1, column 1, X");
        assert!(squares[0].unavailable);
        assert_eq!(squares[1].text, "");
        assert!(!squares[1].unavailable);
        assert!(squares[4].tab_stop && !squares[0].tab_stop);
        assert_eq!(squares[4].mark, Some(Player::O));
        assert!(squares.iter().all(|square| square.score.is_none()));
    }

    #[test]
    fn the_last_move_on_the_board_is_marked_and_named() {
        let mut game = game(".........", Shape::CLASSIC);
        assert!(squares(&game, 0, None, Scores::None, None)
            .iter()
            .all(|square| !square.last));
        assert!(game.play_human(4));
        let reply = game.play_computer().unwrap();
        let last = |game: &Game| -> Vec<usize> {
            let squares = squares(game, 0, None, Scores::None, None);
            (0..9).filter(|&cell| squares[cell].last).collect()
        };
        assert_eq!(last(&game), [reply]);
        let squares_now = squares(&game, 0, None, Scores::None, None);
        assert!(squares_now[reply].label.ends_with(", O, last move"));
        assert!(!squares_now[4].label.contains("last move"));
        // Looking back at the position after X's move: X's move is the last on the board.
        assert!(game.jump(1));
        assert_eq!(last(&game), [4]);
        assert!(game.jump(0));
        assert_eq!(last(&game), Vec::<usize>::new());
    }

    #[test]
    fn exact_scores_and_a_replayed_line_on_the_3x3_board() {
        let game = game("X.O.X.O..", Shape::CLASSIC);
        let board = game.classic().unwrap();
        let scores = move_scores(board, Scoring::DepthAware);
        let squares = squares(&game, 0, None, Scores::Exact(&scores), None);
        let eight = &squares[8];
        assert_eq!(eight.score, Some(ScoreData::Exact("win", 1)));
        assert!(eight.best);
        let entry = scores.iter().find(|entry| entry.cell == 8).unwrap();
        assert_eq!(eight.text, thinking::square_words(entry));
        assert!(eight.label.starts_with("Row 3, column 3, empty, score "));
        assert!(eight.label.ends_with(", best move"));
        assert_eq!(squares[0].score, None);
    }

    #[test]
    fn every_best_move_is_marked_and_only_those() {
        let marked = |position: &str| -> Vec<usize> {
            let game = game(position, Shape::CLASSIC);
            let scores = move_scores(game.classic().unwrap(), Scoring::DepthAware);
            let shown = squares(&game, 0, None, Scores::Exact(&scores), None);
            (0..9).filter(|&cell| shown[cell].best).collect()
        };
        // On the empty board all nine moves draw, so all nine are best.
        assert_eq!(marked("........."), (0..9).collect::<Vec<_>>());
        // After X in a corner, O's one move that draws is the centre.
        assert_eq!(marked("X........"), [4]);
    }

    #[test]
    fn a_replayed_line_shows_its_marks_and_no_scores() {
        let game = game("X.O.X.O..", Shape::CLASSIC);
        let board = game.classic().unwrap();
        let scores = move_scores(board, Scoring::DepthAware);
        // X in row 1, column 2 wins in 3: X, then O, then X.
        let mut replay = Replay::new(board, 1);
        assert!(replay.step() && replay.step());
        let shown = squares(&game, 0, None, Scores::Exact(&scores), Some(&replay));
        let plain = squares(&game, 0, None, Scores::Exact(&scores), None);
        let unscored = squares(&game, 0, None, Scores::None, None);
        let marks = replay.marks();
        assert_eq!(marks.len(), 2);
        for &(cell, player, number) in &marks {
            assert_eq!(shown[cell].text, player.name());
            assert_eq!(
                shown[cell].label,
                format!(
                    "{}, replayed move {number}: {}",
                    unscored[cell].label,
                    player.name()
                )
            );
        }
        // The other squares show the game as it is, without the scores of its position: with other marks on
        // the board they would be read as the scores of the board on show.
        for cell in (0..9).filter(|cell| marks.iter().all(|mark| mark.0 != *cell)) {
            assert_eq!(shown[cell].label, unscored[cell].label);
            assert_eq!(shown[cell].text, unscored[cell].text);
            assert!(shown[cell].score.is_none() && !shown[cell].best);
        }
        assert!(plain
            .iter()
            .any(|square| square.score.is_some() && !square.text.is_empty()));
    }

    #[test]
    fn verdicts_on_a_bigger_board() {
        let shape = Shape::new(4, 4, 4).unwrap();
        let game = game("..../.X../..O./....", shape);
        let draw = Score::Proved(Value {
            outcome: Outcome::Draw,
            plies: 14,
        });
        let moves = [(0, draw), (3, Score::Estimate(-40))];
        let squares = squares(&game, 0, None, Scores::Verdicts(&moves), None);
        assert_eq!(squares.len(), 16);
        assert_eq!(squares[0].text, "draw");
        assert_eq!(squares[0].score, Some(ScoreData::Exact("draw", 14)));
        assert_eq!(squares[0].label, "a4, empty, proved: a draw with best play");
        assert_eq!(squares[3].text, "−40");
        assert_eq!(squares[3].score, Some(ScoreData::Estimate(-40)));
        assert_eq!(squares[5].text, "X");
        assert_eq!(squares[1].score, None);
    }
}
