//! How each square of the board looks and what it says: its mark or its score, its accessible name, and the
//! marks of a replayed line, put together from the game and the panels in one place, the same way on every board.
//! The DOM layer draws a square again only when this changed, which keeps a click on a 15x15 board to the few
//! squares it changed. Pure Rust, tested natively.

use crate::engine::{Grid, Outcome, Player, Score};
use crate::game::Game;
use crate::panels::scores::Replay;
use crate::panels::words::{best_first, Convention};

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
    /// Whether it is taken, so that no click places a mark there. (While it is not a person's turn, the whole
    /// board is unavailable: one attribute on the board says so, not one change on each square.)
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
    pub score: Option<Score>,
    /// A best move, by the scores shown.
    pub best: bool,
    /// A replayed move on it (of the 3x3 board's "why" line, or of a forced win): the side and its number in the
    /// line.
    pub replayed: Option<(Player, usize)>,
    /// Its shade in the heat map of the scores (see [`heat`]).
    pub heat: Option<u8>,
    /// Its score in words, shown when the pointer rests on the square.
    pub tip: Option<String>,
}

/// The most columns a board has whose squares still show their scores in words: on more, the words would not fit
/// a phone's squares, and the colours of the heat map say it alone (the words stay in each square's name and
/// tooltip, and the panel lists the best moves).
pub const WORDS_UP_TO_COLUMNS: usize = 7;

/// The heat map's shades, from the worst move for the side to move, MAX (0), to the best (`HEAT_SHADES - 1`).
pub const HEAT_SHADES: u8 = 9;

/// Each scored move's shade in the heat map: a proved win is the hottest, a proved loss the coldest, a proved draw
/// the middle, and estimates lie between a draw and either end by where they stand among the moves' estimates
/// (an estimate is a guess at a depth, so no estimate is as hot as a proved win). In the order of `moves`.
pub fn heat(moves: &[(usize, Score)]) -> Vec<u8> {
    let middle = HEAT_SHADES / 2;
    let estimates = moves.iter().filter_map(|(_, score)| match score {
        Score::Estimate(estimate) => Some(i64::from(*estimate)),
        Score::Proved(_) => None,
    });
    // The largest estimate away from even sets the scale: each side of even has three shades.
    let reach = estimates.map(i64::abs).max().unwrap_or(0).max(1);
    moves
        .iter()
        .map(|(_, score)| match score {
            Score::Proved(value) => match value.outcome {
                Outcome::Win => HEAT_SHADES - 1,
                Outcome::Draw => middle,
                Outcome::Loss => 0,
            },
            Score::Estimate(estimate) => {
                let steps = i64::from(middle) - 1;
                // In range: |estimate| <= reach, so the offset is at most `steps` either way.
                let offset = (i64::from(*estimate) * steps
                    + reach / 2 * i64::from(estimate.signum()))
                    / reach;
                (i64::from(middle) + offset) as u8
            }
        })
        .collect()
}

/// Every square of `game`'s board, in cell order, with `focus` the board's tab stop, `aim` the square a touch
/// marked, `scores` the moves' scores shown (each for the side to move, who is MAX) and the marks of `replay`, a
/// line replayed from the position on the board.
pub fn squares(
    game: &Game,
    focus: usize,
    aim: Option<usize>,
    scores: Option<&[(usize, Score)]>,
    replay: Option<&Replay>,
) -> Vec<Square> {
    // The board and its winning line, worked out once: the game replays its moves to find them.
    let board = game.board();
    let winning = board.winning_cells();
    let mover = board.to_move();
    let last = game.last_move();
    let marks = replay
        .filter(|replay| replay.from == board)
        .map_or_else(Vec::new, Replay::marks);
    let scored = ScoredBoard::of(game, scores.unwrap_or_default());
    (0..game.shape().cells())
        .map(|cell| {
            let mark = board.get(cell);
            let mut square = Square {
                text: mark.map_or_else(String::new, |mark| mark.name().to_owned()),
                label: game.label_on(&board, &winning, cell),
                tab_stop: cell == focus,
                aimed: aim == Some(cell),
                unavailable: mark.is_some(),
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
                scored.add(&mut square, cell);
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

/// The scores of a position's moves as its squares show them, worked out once for the whole board.
struct ScoredBoard<'a> {
    board: Grid,
    moves: &'a [(usize, Score)],
    convention: Convention,
    best: Vec<usize>,
    heat: Vec<u8>,
    /// Whether the squares have room for their words (see [`WORDS_UP_TO_COLUMNS`]).
    words: bool,
}

impl ScoredBoard<'_> {
    fn of<'a>(game: &Game, moves: &'a [(usize, Score)]) -> ScoredBoard<'a> {
        let board = game.board();
        let convention = Convention::at(&board, game.settings().display.scoring);
        let best = best_first(moves, convention.scoring)
            .into_iter()
            .filter(|&(.., best)| best)
            .map(|(cell, ..)| cell)
            .collect();
        ScoredBoard {
            board,
            moves,
            convention,
            best,
            heat: heat(moves),
            words: game.shape().cols() <= WORDS_UP_TO_COLUMNS,
        }
    }

    /// The words, name, data and shade of the score of `cell`, if it has one, on `square`. A proved value's words
    /// are coloured by its outcome; an estimate's number, and a square with no room for words, are shaded
    /// instead, and words with no room are in the square's name and tooltip only.
    fn add(&self, square: &mut Square, cell: usize) {
        let Some(index) = self.moves.iter().position(|&(scored, _)| scored == cell) else {
            return;
        };
        let (convention, board, score) = (self.convention, &self.board, self.moves[index].1);
        let best = self.best.contains(&cell);
        square.text = convention.square_words(board, score);
        square
            .label
            .push_str(&convention.square_label(board, score, best));
        square.score = Some(convention.for_max(board, score));
        square.tip = Some(square.text.clone());
        if !self.words || !score.is_proved() {
            square.heat = self.heat.get(index).copied();
        }
        // The ring and the word "best" need the room the words need.
        square.best = best && self.words;
        if !self.words {
            square.text.clear();
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::{Shape, Value};
    use crate::panels::scores::Replay;
    use crate::panels::words::exact_scores;
    use crate::settings::Settings;

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
        let squares = squares(&game, 4, None, None, None);
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
        assert!(squares(&game, 0, None, None, None)
            .iter()
            .all(|square| !square.last));
        assert!(game.play_human(4));
        let reply = game.play_computer().unwrap();
        let last = |game: &Game| -> Vec<usize> {
            let squares = squares(game, 0, None, None, None);
            (0..9).filter(|&cell| squares[cell].last).collect()
        };
        assert_eq!(last(&game), [reply]);
        let squares_now = squares(&game, 0, None, None, None);
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
        let scores = exact_scores(&game.board());
        let squares = squares(&game, 0, None, Some(&scores), None);
        let eight = &squares[8];
        assert_eq!(
            eight.score,
            Some(Score::Proved(Value {
                outcome: Outcome::Win,
                plies: 1
            }))
        );
        assert!(eight.best);
        assert_eq!(eight.text, "X wins in 1 +5");
        assert_eq!(
            eight.label,
            "Row 3, column 3, empty, score X wins in 1 +5, best move"
        );
        assert_eq!(eight.tip.as_deref(), Some("X wins in 1 +5"));
        // Proved values are coloured by their words, not shaded.
        assert!(squares.iter().all(|square| square.heat.is_none()));
        assert_eq!(squares[0].score, None);
        // Plain scores: every win is best, and scores +1.
        let mut plain = game.settings().clone();
        plain.display.scoring = crate::engine::Scoring::Plain;
        let mut plain_game = game.clone();
        plain_game.adjust(plain);
        let shown = squares_of(&plain_game, &scores);
        assert_eq!(shown[1].text, "X wins in 3 +1");
        let best: Vec<usize> = (0..9).filter(|&cell| shown[cell].best).collect();
        assert_eq!(best, [1, 3, 5, 7, 8]);
    }

    #[test]
    fn every_best_move_is_marked_and_only_those() {
        let marked = |position: &str| -> Vec<usize> {
            let game = game(position, Shape::CLASSIC);
            let shown = squares_of(&game, &exact_scores(&game.board()));
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
        let board = game.searchable_at_once().unwrap();
        let scores = exact_scores(&board);
        // X in row 1, column 2 wins in 3: X, then O, then X.
        let mut replay = Replay::new(board, 1);
        assert!(replay.step() && replay.step());
        let shown = squares(&game, 0, None, Some(&scores), Some(&replay));
        let plain = squares(&game, 0, None, Some(&scores), None);
        let unscored = squares(&game, 0, None, None, None);
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
        let squares = squares(&game, 0, None, Some(&moves), None);
        assert_eq!(squares.len(), 16);
        assert_eq!(squares[0].text, "draw 0");
        assert_eq!(
            squares[0].score,
            Some(Score::Proved(Value {
                outcome: Outcome::Draw,
                plies: 14
            }))
        );
        assert_eq!(squares[0].label, "a4, empty, score draw 0, best move");
        assert!(squares[0].best && squares[0].heat.is_none());
        assert_eq!(squares[3].text, "−40");
        assert_eq!(squares[3].score, Some(Score::Estimate(-40)));
        assert_eq!(
            squares[3].label,
            "d4, empty, estimate −40 (best guess: O is better)"
        );
        assert_eq!(squares[3].heat, Some(1), "an estimate is shaded");
        assert_eq!(squares[5].text, "X");
        assert_eq!(squares[1].score, None);
        // On a board too wide for words, every score is shaded, and its words are in its name and tooltip.
        let wide = Shape::new(15, 15, 5).unwrap();
        let gomoku = Game::new(
            Settings {
                shape: wide,
                start: Grid::empty(wide),
                ..Settings::default()
            },
            1,
        );
        let shown = squares_of(&gomoku, &moves);
        assert_eq!(shown[0].text, "");
        assert_eq!(shown[0].tip.as_deref(), Some("draw 0"));
        assert_eq!(shown[0].heat, Some(4));
        assert!(!shown[0].best, "no room for the ring's word");
        assert!(shown[0].label.ends_with("score draw 0, best move"));
    }

    /// The squares of `game` with `scores` shown.
    fn squares_of(game: &Game, scores: &[(usize, Score)]) -> Vec<Square> {
        squares(game, 0, None, Some(scores), None)
    }

    #[test]
    fn the_heat_map_runs_from_a_proved_loss_to_a_proved_win_with_estimates_between() {
        let proved = |outcome| Score::Proved(Value { outcome, plies: 3 });
        let moves = [
            (0, proved(Outcome::Win)),
            (1, proved(Outcome::Draw)),
            (2, proved(Outcome::Loss)),
            (3, Score::Estimate(300)),
            (4, Score::Estimate(-300)),
            (5, Score::Estimate(0)),
            (6, Score::Estimate(100)),
        ];
        assert_eq!(heat(&moves), [8, 4, 0, 7, 1, 4, 5]);
        // Only estimates: the largest either way sets the scale, and none is as hot as a proved win.
        let estimates: Vec<_> = (-3..=3).map(|n| (0, Score::Estimate(n * 40))).collect();
        assert_eq!(heat(&estimates), [1, 2, 3, 4, 5, 6, 7]);
        assert_eq!(heat(&[(0, Score::Estimate(0))]), [4]);
    }
}
