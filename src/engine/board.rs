//! The board, its text notation, and the rules of the game.
//!
//! Cells are numbered 0 to 8, row by row from the top-left:
//!
//! ```text
//!  0 | 1 | 2
//! ---+---+---
//!  3 | 4 | 5
//! ---+---+---
//!  6 | 7 | 8
//! ```
//!
//! The notation is those nine cells in that order, `X`, `O` or `.`:
//!
//! ```
//! use tictactoe::engine::{Board, Player};
//! let board: Board = "X.O.X...O".parse().unwrap();
//! assert_eq!(board.to_move(), Player::X);
//! assert_eq!(board.to_string(), "X.O.X...O");
//! ```

use std::fmt;
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

/// The same lines as bit masks over the cells.
pub(crate) const LINE_MASKS: [u16; 8] = {
    let mut masks = [0u16; 8];
    let mut i = 0;
    while i < 8 {
        masks[i] = 1 << LINES[i][0] | 1 << LINES[i][1] | 1 << LINES[i][2];
        i += 1;
    }
    masks
};

/// All nine cells as a mask.
pub(crate) const FULL: u16 = (1 << CELLS) - 1;

/// One of the two sides. X always moves first.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Player {
    /// The side that moves first.
    X,
    /// The side that moves second.
    O,
}

impl Player {
    /// The other side.
    pub const fn opponent(self) -> Player {
        match self {
            Player::X => Player::O,
            Player::O => Player::X,
        }
    }

    /// The mark as a string: "X" or "O".
    pub const fn name(self) -> &'static str {
        match self {
            Player::X => "X",
            Player::O => "O",
        }
    }

    /// The mark as one uppercase letter.
    pub const fn symbol(self) -> char {
        match self {
            Player::X => 'X',
            Player::O => 'O',
        }
    }
}

impl fmt::Display for Player {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// Where a game stands.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Status {
    /// Moves are left and nobody has won.
    InProgress,
    /// This side has three in a row.
    Won(Player),
    /// The board is full and nobody has won.
    Draw,
}

/// A position: which cells hold an X and which an O.
///
/// Every `Board` that the parser, [`Board::play`] or [`Board::try_play`] hands out is reachable in a real game.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct Board {
    x: u16,
    o: u16,
}

/// Why a move cannot be played.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum IllegalMove {
    /// The board has no cell of this index: `cell` is not below `cells`, the number of cells.
    NoSuchCell {
        /// The index asked for.
        cell: usize,
        /// How many cells the board has (9 on the 3x3 board).
        cells: usize,
    },
    /// The cell already holds a mark.
    Occupied(usize),
    /// Somebody has won or the board is full.
    GameOver,
}

impl fmt::Display for IllegalMove {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            IllegalMove::NoSuchCell { cell, cells } => {
                write!(f, "there is no cell {cell}: cells are 0 to {}", cells - 1)
            }
            IllegalMove::Occupied(cell) => write!(f, "cell {cell} is already taken"),
            IllegalMove::GameOver => f.write_str("the game is over"),
        }
    }
}

impl std::error::Error for IllegalMove {}

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
    /// O has more marks than X, but X moves first.
    OAheadOfX,
    /// X has two or more marks more than O, but the sides take turns.
    XTooFarAhead,
    /// Both sides have three in a row.
    TwoWinners,
    /// This side has three in a row but did not make the last move.
    WinnerDidNotMoveLast(Player),
}

/// `one` or `many`, as the count `n` asks: "1 character", "2 characters".
pub(super) fn noun(n: usize, one: &'static str, many: &'static str) -> &'static str {
    if n == 1 {
        one
    } else {
        many
    }
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
            ParseBoardError::OAheadOfX => f.write_str("O has more marks than X, but X moves first"),
            ParseBoardError::XTooFarAhead => {
                f.write_str("X has two or more marks more than O, but the players take turns")
            }
            ParseBoardError::TwoWinners => {
                f.write_str("both X and O have three in a row, which no game can reach")
            }
            ParseBoardError::WinnerDidNotMoveLast(player) => write!(
                f,
                "{} has three in a row but {} moved after that, which no game can reach",
                player.name(),
                player.opponent().name()
            ),
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
    pub const EMPTY: Board = Board { x: 0, o: 0 };

    /// The position in the notation [`str::parse`] reads: "X.O.X...O", row by row (what `Display` writes).
    pub fn notation(self) -> String {
        (0..CELLS)
            .map(|cell| self.get(cell).map_or('.', Player::symbol))
            .collect()
    }

    /// The mark on `cell`, if any.
    ///
    /// # Panics
    /// If `cell` is not 0 to 8.
    pub fn get(self, cell: usize) -> Option<Player> {
        assert!(cell < CELLS, "no cell {cell}");
        let bit = 1 << cell;
        if self.x & bit != 0 {
            Some(Player::X)
        } else if self.o & bit != 0 {
            Some(Player::O)
        } else {
            None
        }
    }

    /// How many marks are on the board.
    pub const fn marks(self) -> u32 {
        (self.x | self.o).count_ones()
    }

    /// The side whose turn it is (X when the counts are equal).
    pub const fn to_move(self) -> Player {
        if self.x.count_ones() > self.o.count_ones() {
            Player::O
        } else {
            Player::X
        }
    }

    /// The cells holding `player`'s marks as a mask (bit `i` for cell `i`).
    pub(crate) const fn mask(self, player: Player) -> u16 {
        match player {
            Player::X => self.x,
            Player::O => self.o,
        }
    }

    const fn has_line(mask: u16) -> bool {
        let mut i = 0;
        while i < LINE_MASKS.len() {
            if mask & LINE_MASKS[i] == LINE_MASKS[i] {
                return true;
            }
            i += 1;
        }
        false
    }

    /// The side with three in a row, if any.
    pub const fn winner(self) -> Option<Player> {
        if Board::has_line(self.x) {
            Some(Player::X)
        } else if Board::has_line(self.o) {
            Some(Player::O)
        } else {
            None
        }
    }

    /// The cells of the winner's line (the first one in [`LINES`] order if a move made two at once).
    pub fn winning_line(self) -> Option<[usize; 3]> {
        let winner = self.winner()?;
        let mask = self.mask(winner);
        LINE_MASKS
            .iter()
            .position(|line| mask & line == *line)
            .map(|index| LINES[index])
    }

    /// Whether the game is over and how it ended.
    pub const fn status(self) -> Status {
        match self.winner() {
            Some(player) => Status::Won(player),
            None if self.x | self.o == FULL => Status::Draw,
            None => Status::InProgress,
        }
    }

    /// Whether the game has ended.
    pub const fn is_over(self) -> bool {
        !matches!(self.status(), Status::InProgress)
    }

    /// The empty cells as a mask (bit `i` for cell `i`), none once the game is over.
    pub const fn legal_mask(self) -> u16 {
        if self.is_over() {
            0
        } else {
            !(self.x | self.o) & FULL
        }
    }

    /// The cells the side to move may play, in increasing order; none once the game is over.
    pub fn legal_moves(self) -> impl Iterator<Item = usize> {
        let mask = self.legal_mask();
        (0..CELLS).filter(move |cell| mask & (1 << cell) != 0)
    }

    /// The board after the side to move plays `cell`.
    ///
    /// # Panics
    /// If the move is illegal; see [`Board::try_play`].
    pub fn play(self, cell: usize) -> Board {
        match self.try_play(cell) {
            Ok(board) => board,
            Err(error) => panic!("illegal move on {self}: {error}"),
        }
    }

    /// The board after the side to move plays `cell`.
    ///
    /// # Errors
    /// [`IllegalMove`] if `cell` is not 0 to 8, is taken, or the game is over.
    pub fn try_play(self, cell: usize) -> Result<Board, IllegalMove> {
        if cell >= CELLS {
            return Err(IllegalMove::NoSuchCell { cell, cells: CELLS });
        }
        if self.is_over() {
            return Err(IllegalMove::GameOver);
        }
        let bit = 1 << cell;
        if (self.x | self.o) & bit != 0 {
            return Err(IllegalMove::Occupied(cell));
        }
        Ok(self.play_unchecked(bit))
    }

    /// The board with X on the cells of the mask `x` and O on those of `o`, which the caller knows a game can
    /// reach (a reachable position of another type, say).
    pub(crate) const fn from_masks(x: u16, o: u16) -> Board {
        Board { x, o }
    }

    /// Plays the cell given as a one-bit mask, for the search's inner loop. The caller checks legality.
    pub(crate) const fn play_unchecked(self, bit: u16) -> Board {
        match self.to_move() {
            Player::X => Board {
                x: self.x | bit,
                o: self.o,
            },
            Player::O => Board {
                x: self.x,
                o: self.o | bit,
            },
        }
    }
}

impl FromStr for Board {
    type Err = ParseBoardError;

    fn from_str(text: &str) -> Result<Board, ParseBoardError> {
        let length = text.chars().count();
        if length != CELLS {
            return Err(ParseBoardError::WrongLength(length));
        }
        let mut board = Board::EMPTY;
        for (cell, found) in text.chars().enumerate() {
            match found {
                'X' | 'x' => board.x |= 1 << cell,
                'O' | 'o' => board.o |= 1 << cell,
                '.' | '-' | '_' => {}
                _ => return Err(ParseBoardError::UnknownCharacter { found, cell }),
            }
        }
        let (xs, os) = (board.x.count_ones(), board.o.count_ones());
        if os > xs {
            return Err(ParseBoardError::OAheadOfX);
        }
        if xs > os + 1 {
            return Err(ParseBoardError::XTooFarAhead);
        }
        let (x_won, o_won) = (Board::has_line(board.x), Board::has_line(board.o));
        if x_won && o_won {
            return Err(ParseBoardError::TwoWinners);
        }
        // The winner made the last move: X if X is a mark ahead, O if the counts are equal.
        let last_mover = board.to_move().opponent();
        if x_won && last_mover != Player::X {
            return Err(ParseBoardError::WinnerDidNotMoveLast(Player::X));
        }
        if o_won && last_mover != Player::O {
            return Err(ParseBoardError::WinnerDidNotMoveLast(Player::O));
        }
        Ok(board)
    }
}

impl fmt::Display for Board {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.notation())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

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
        let cases: &[(&str, ParseBoardError)] = &[
            ("", ParseBoardError::WrongLength(0)),
            ("X.O", ParseBoardError::WrongLength(3)),
            ("..........", ParseBoardError::WrongLength(10)),
            // Characters, not bytes: two, three and four bytes each.
            ("éééééééééé", ParseBoardError::WrongLength(10)),
            ("✗✗✗", ParseBoardError::WrongLength(3)),
            ("X.O😀", ParseBoardError::WrongLength(4)),
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
            ("O........", ParseBoardError::OAheadOfX),
            ("XX.......", ParseBoardError::XTooFarAhead),
            ("XXXOOO...", ParseBoardError::TwoWinners),
            (
                "XXXOO.O..",
                ParseBoardError::WinnerDidNotMoveLast(Player::X),
            ),
            (
                "OOOXX.X.X",
                ParseBoardError::WinnerDidNotMoveLast(Player::O),
            ),
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
            ParseBoardError::WinnerDidNotMoveLast(Player::X).to_string(),
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
    }
}
