//! Tic-tac-toe's 3x3 board as a view of a [`Grid`] of [`Shape::CLASSIC`], for code that only ever plays that
//! board (the panels that explain minimax, the JS API's `bestMove` and `analyze`): its notation, its lines, and
//! moves that stay on the 3x3 board.

use super::grid::{noun, Grid, IllegalMove, ParseGridError, Shape};
use std::fmt;
use std::ops::Deref;
use std::str::FromStr;

/// Number of cells on the board.
pub const CELLS: usize = 9;

/// The eight lines of three: rows, columns, then the two diagonals.
pub const LINES: [[usize; 3]; 8] = [
    [0, 1, 2],
    [3, 4, 5],
    [6, 7, 8],
    [0, 3, 6],
    [1, 4, 7],
    [2, 5, 8],
    [0, 4, 8],
    [2, 4, 6],
];

/// A position on the 3x3 board: a [`Grid`] of [`Shape::CLASSIC`].
///
/// Every `Board` that the parser, [`Board::play`] or [`Board::try_play`] hands out is reachable in a real game.
///
/// The engine itself searches the [`Grid`]; a `Board` dereferences to it, so a `&Board` goes wherever a `&Grid`
/// is asked for and has the grid's methods; its own are those that only the 3x3 board has (the notation of nine
/// characters, [`CELLS`], [`LINES`]) or that keep a board.
///
/// Cells are numbered 0 to 8, row by row from the top-left:
///
/// ```text
///  0 | 1 | 2
/// ---+---+---
///  3 | 4 | 5
/// ---+---+---
///  6 | 7 | 8
/// ```
///
/// The notation is those nine cells in that order, `X`, `O` or `.`:
///
/// ```
/// use engine::{Board, Player};
/// let board: Board = "X.O.X...O".parse().unwrap();
/// assert_eq!(board.to_move(), Player::X);
/// assert_eq!(board.to_string(), "X.O.X...O");
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Board(Grid);

impl Default for Board {
    /// The empty board.
    fn default() -> Board {
        Board::EMPTY
    }
}

impl Deref for Board {
    type Target = Grid;

    fn deref(&self) -> &Grid {
        &self.0
    }
}

impl From<Board> for Grid {
    fn from(board: Board) -> Grid {
        board.0
    }
}

impl Grid {
    /// The same position as a [`Board`], on the 3x3 board with three in a row; `None` on any other shape.
    pub fn to_classic(&self) -> Option<Board> {
        (self.shape() == Shape::CLASSIC).then_some(Board(*self))
    }
}

/// Why a text is not a board.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ParseBoardError {
    /// The text does not have nine characters.
    WrongLength(usize),
    /// A character other than `X`, `O`, `.`, `-` or `_` (either case) at this cell.
    UnknownCharacter {
        /// The character found.
        found: char,
        /// The cell it stands for, 0 to 8.
        cell: usize,
    },
    /// Nine cells that no game reaches, and why (as for any board).
    Unreachable(ParseGridError),
}

impl fmt::Display for ParseBoardError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        const EMPTY_CELLS: &str = "use X, O, or . (or - or _) for an empty cell";
        match self {
            ParseBoardError::WrongLength(n) => {
                write!(
                    f,
                    "a position has 9 cells, this one has {n} {}",
                    noun(*n, "character", "characters")
                )
            }
            // A control character is named by its code: as itself it would not show.
            ParseBoardError::UnknownCharacter { found, cell } if found.is_control() => write!(
                f,
                "cell {cell} holds the control character U+{:04X}: {EMPTY_CELLS}",
                u32::from(*found)
            ),
            ParseBoardError::UnknownCharacter { found, cell } => {
                write!(f, "cell {cell} holds '{found}': {EMPTY_CELLS}")
            }
            // A line is three in a row here: said so, as it always was.
            ParseBoardError::Unreachable(ParseGridError::TwoWinners) => {
                f.write_str("both X and O have three in a row, which no game can reach")
            }
            ParseBoardError::Unreachable(ParseGridError::WinnerDidNotMoveLast(player)) => write!(
                f,
                "{} has three in a row but {} moved after that, which no game can reach",
                player.name(),
                player.opponent().name()
            ),
            ParseBoardError::Unreachable(why) => why.fmt(f),
        }
    }
}

impl ParseBoardError {
    /// What is wrong, in a sentence (its `Display`).
    pub fn message(&self) -> String {
        self.to_string()
    }
}

impl std::error::Error for ParseBoardError {}

impl Board {
    /// The empty board.
    pub const EMPTY: Board = Board(Grid::empty(Shape::CLASSIC));

    /// The position in the notation [`str::parse`] reads: "X.O.X...O", row by row (what `Display` writes).
    pub fn notation(self) -> String {
        self.0.to_string()
    }

    /// The cells of the winner's line (the first one in [`LINES`] order if a move made two at once).
    pub fn winning_line(self) -> Option<[usize; 3]> {
        let winner = self.winner()?;
        LINES
            .into_iter()
            .find(|line| line.iter().all(|&cell| self.get(cell) == Some(winner)))
    }

    /// The board after the side to move plays `cell`.
    ///
    /// # Panics
    /// If the move is illegal; see [`Board::try_play`].
    pub fn play(self, cell: usize) -> Board {
        Board(self.0.play(cell))
    }

    /// The board after the side to move plays `cell`.
    ///
    /// # Errors
    /// [`IllegalMove`] if `cell` is not 0 to 8, is taken, or the game is over.
    pub fn try_play(self, cell: usize) -> Result<Board, IllegalMove> {
        self.0.try_play(cell).map(Board)
    }
}

impl FromStr for Board {
    type Err = ParseBoardError;

    /// Nine cells, and nothing else: the rows form with `/` is [`Grid::parse`]'s.
    fn from_str(text: &str) -> Result<Board, ParseBoardError> {
        let length = text.chars().count();
        if length != CELLS {
            return Err(ParseBoardError::WrongLength(length));
        }
        if let Some(cell) = text.chars().position(|found| found == '/') {
            return Err(ParseBoardError::UnknownCharacter { found: '/', cell });
        }
        Grid::parse(text, Shape::CLASSIC)
            .map(Board)
            .map_err(|error| match error {
                ParseGridError::UnknownCharacter { found, row, column } => {
                    ParseBoardError::UnknownCharacter {
                        found,
                        cell: row * 3 + column,
                    }
                }
                other => ParseBoardError::Unreachable(other),
            })
    }
}

impl fmt::Display for Board {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.0.fmt(f)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::grid::{Player, Status};

    fn parse(text: &str) -> Result<Board, ParseBoardError> {
        text.parse()
    }

    #[test]
    fn notation_accepts_lowercase_and_other_blanks() {
        assert_eq!(parse("x-o_.....").unwrap().to_string(), "X.O......");
        assert_eq!(parse("_________").unwrap(), Board::EMPTY);
    }

    #[test]
    fn notation_rejections_say_why() {
        use ParseGridError::{OAheadOfX, TwoWinners, WinnerDidNotMoveLast, XTooFarAhead};
        let unreachable = ParseBoardError::Unreachable;
        let cases: &[(&str, ParseBoardError)] = &[
            ("", ParseBoardError::WrongLength(0)),
            ("X.O", ParseBoardError::WrongLength(3)),
            ("..........", ParseBoardError::WrongLength(10)),
            // Characters, not bytes: two, three and four bytes each.
            ("éééééééééé", ParseBoardError::WrongLength(10)),
            ("✗✗✗", ParseBoardError::WrongLength(3)),
            ("X.O😀", ParseBoardError::WrongLength(4)),
            // Rows are the grid's notation, not the board's.
            (
                "X../.../.",
                ParseBoardError::UnknownCharacter {
                    found: '/',
                    cell: 3,
                },
            ),
            (
                "....é....",
                ParseBoardError::UnknownCharacter {
                    found: 'é',
                    cell: 4,
                },
            ),
            (
                "........0",
                ParseBoardError::UnknownCharacter {
                    found: '0',
                    cell: 8,
                },
            ),
            (
                "<b>......",
                ParseBoardError::UnknownCharacter {
                    found: '<',
                    cell: 0,
                },
            ),
            ("O........", unreachable(OAheadOfX)),
            ("XX.......", unreachable(XTooFarAhead)),
            ("XXXOOO...", unreachable(TwoWinners)),
            ("XXXOO.O..", unreachable(WinnerDidNotMoveLast(Player::X))),
            ("OOOXX.X.X", unreachable(WinnerDidNotMoveLast(Player::O))),
        ];
        for (text, expected) in cases {
            assert_eq!(parse(text), Err(*expected), "{text:?}");
            assert!(!expected.to_string().is_empty());
        }
    }

    #[test]
    fn error_messages_name_the_problem() {
        assert_eq!(
            ParseBoardError::WrongLength(3).to_string(),
            "a position has 9 cells, this one has 3 characters"
        );
        assert_eq!(
            ParseBoardError::Unreachable(ParseGridError::WinnerDidNotMoveLast(Player::X))
                .to_string(),
            "X has three in a row but O moved after that, which no game can reach"
        );
        // A control character is named by its code point (four upper-case hex digits), never written out.
        for (found, code) in [
            ('\u{7}', "U+0007"),
            ('\u{9f}', "U+009F"),
            ('\u{1b}', "U+001B"),
        ] {
            let message = ParseBoardError::UnknownCharacter { found, cell: 2 }.to_string();
            assert!(
                message.starts_with("cell 2 holds the control character "),
                "{message}"
            );
            assert!(message.contains(code), "{message}");
            assert!(!message.contains(found), "{message}");
        }
    }

    #[test]
    fn a_double_line_by_the_last_mover_is_a_win() {
        // X completes a row and a column with one move in the corner.
        let board = parse("XXXOOXOOX").unwrap();
        assert_eq!(board.status(), Status::Won(Player::X));
        assert_eq!(board.winning_line(), Some([0, 1, 2]));
    }

    #[test]
    fn rules() {
        let board = parse("XO.XO....").unwrap();
        assert_eq!(board.to_move(), Player::X);
        assert_eq!(board.status(), Status::InProgress);
        assert_eq!(board.legal_moves().collect::<Vec<_>>(), [2, 5, 6, 7, 8]);
        let won = board.play(6);
        assert_eq!(won.status(), Status::Won(Player::X));
        assert_eq!(won.winning_line(), Some([0, 3, 6]));
        assert_eq!(won.legal_moves().count(), 0);
        assert_eq!(won.try_play(2), Err(IllegalMove::GameOver));
        assert_eq!(board.try_play(0), Err(IllegalMove::Occupied(0)));
        assert_eq!(
            board.try_play(9),
            Err(IllegalMove::NoSuchCell { cell: 9, cells: 9 })
        );
        assert_eq!(
            board.try_play(9).map_err(|error| error.to_string()),
            Err("there is no cell 9: cells are 0 to 8".to_string())
        );
        let draw = parse("XOXXOOOXX").unwrap();
        assert_eq!(draw.status(), Status::Draw);
        assert_eq!(draw.winning_line(), None);
        // The board is the grid of the classic shape, both ways.
        let grid = Grid::from(board);
        assert_eq!(grid.to_classic(), Some(board));
        assert_eq!(grid.shape(), Shape::CLASSIC);
        assert_eq!(Grid::empty(Shape::new(4, 4, 3).unwrap()).to_classic(), None);
    }
}
