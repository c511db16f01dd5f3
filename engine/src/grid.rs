//! The game on a board of any shape (m,n,k-games, tic-tac-toe's 3x3 included): a [`Shape`] (`rows` x `cols`, `k`
//! in a row wins), a [`Grid`] position on it, its rules, its symmetries and its text notation. This is the only
//! position the search knows; [`crate::Board`] is a view of the 3x3 board.

use super::bits::Bits;
use std::fmt;

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
    /// This side has a line.
    Won(Player),
    /// The board is full and nobody has won.
    Draw,
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

/// `one` or `many`, as the count `n` asks: "1 character", "2 characters".
pub(super) fn noun(n: usize, one: &'static str, many: &'static str) -> &'static str {
    if n == 1 {
        one
    } else {
        many
    }
}

/// The fewest rows or columns a board has.
const MIN_SIDE: usize = 3;
/// The most rows or columns a board has: 15 rows of 16 bits (the padding column included) fill 240 of 256.
const MAX_SIDE: usize = 15;

/// Which lines win: the choice Gomoku players make between free-style and standard (the Gomocup protocol's
/// `INFO rule` 0 and 1).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum Rule {
    /// `k` or more in a row wins: an overline (six or more when `k` is 5) wins too.
    #[default]
    Freestyle,
    /// Exactly `k` in a row wins; an overline does not, and the game goes on.
    Standard,
}

impl Rule {
    /// Both rules, free-style first.
    pub const ALL: [Rule; 2] = [Rule::Freestyle, Rule::Standard];

    /// The rule's name in lowercase, as URLs and the JS API spell it.
    pub const fn name(self) -> &'static str {
        match self {
            Rule::Freestyle => "freestyle",
            Rule::Standard => "standard",
        }
    }

    /// The rule named `name` (any case).
    pub fn from_name(name: &str) -> Option<Rule> {
        Rule::ALL
            .into_iter()
            .find(|rule| rule.name().eq_ignore_ascii_case(name.trim_ascii()))
    }
}

/// The size of a board, the length of a winning line, and whether a longer line wins too ([`Rule`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Shape {
    rows: u8,
    cols: u8,
    k: u8,
    exact: bool,
}

/// Why there is no board of that shape.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ShapeError {
    /// The number of rows is not 3 to 15.
    Rows(usize),
    /// The number of columns is not 3 to 15.
    Cols(usize),
    /// `k` is not 3 to the longer side.
    K {
        /// The `k` asked for.
        k: usize,
        /// The longer side of the board, the largest `k` it allows.
        longer_side: usize,
    },
}

impl fmt::Display for ShapeError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ShapeError::Rows(rows) => write!(
                f,
                "a board has {MIN_SIDE} to {MAX_SIDE} rows, this one has {rows}"
            ),
            ShapeError::Cols(cols) => write!(
                f,
                "a board has {MIN_SIDE} to {MAX_SIDE} columns, this one has {cols}"
            ),
            ShapeError::K { k, longer_side } => {
                write!(f, "k is 3 to the longer side ({longer_side}), not {k}")
            }
        }
    }
}

impl std::error::Error for ShapeError {}

impl Shape {
    /// Tic-tac-toe: 3 x 3, three in a row.
    pub const CLASSIC: Shape = Shape {
        rows: 3,
        cols: 3,
        k: 3,
        exact: false,
    };

    /// A board of `rows` x `cols` on which `k` in a row wins.
    ///
    /// # Errors
    /// [`ShapeError`] unless the rows and columns are 3 to 15 and `k` is 3 to the longer side.
    pub fn new(rows: usize, cols: usize, k: usize) -> Result<Shape, ShapeError> {
        if !(MIN_SIDE..=MAX_SIDE).contains(&rows) {
            return Err(ShapeError::Rows(rows));
        }
        if !(MIN_SIDE..=MAX_SIDE).contains(&cols) {
            return Err(ShapeError::Cols(cols));
        }
        let longer_side = rows.max(cols);
        if !(3..=longer_side).contains(&k) {
            return Err(ShapeError::K { k, longer_side });
        }
        // In range, so each fits in a byte.
        Ok(Shape {
            rows: rows as u8,
            cols: cols as u8,
            k: k as u8,
            exact: false,
        })
    }

    /// The same board under `rule` (a new shape is free-style).
    pub const fn with_rule(self, rule: Rule) -> Shape {
        Shape {
            exact: matches!(rule, Rule::Standard),
            ..self
        }
    }

    /// Which lines win.
    pub const fn rule(self) -> Rule {
        if self.exact {
            Rule::Standard
        } else {
            Rule::Freestyle
        }
    }

    /// Whether only exactly `k` in a row wins ([`Rule::Standard`]).
    pub(crate) const fn exact(self) -> bool {
        self.exact
    }

    /// Rows, top to bottom.
    pub const fn rows(self) -> usize {
        self.rows as usize
    }

    /// Columns, left to right.
    pub const fn cols(self) -> usize {
        self.cols as usize
    }

    /// Marks in a row that win (or more).
    pub const fn k(self) -> usize {
        self.k as usize
    }

    /// Cells on the board, `rows * cols`; they are numbered row by row from the top left.
    pub const fn cells(self) -> usize {
        self.rows() * self.cols()
    }

    /// Bits per row in the bitboards: the columns and one padding bit.
    pub(crate) const fn stride(self) -> usize {
        self.cols() + 1
    }

    /// The bit of `cell`.
    pub(crate) const fn bit_of(self, cell: usize) -> usize {
        cell / self.cols() * self.stride() + cell % self.cols()
    }

    /// The cell of bit `bit` (never a padding bit).
    pub(crate) const fn cell_of(self, bit: usize) -> usize {
        bit / self.stride() * self.cols() + bit % self.stride()
    }

    /// The bit shifts of the four directions of a line: along a row, down a column, down-right, down-left.
    pub(crate) const fn steps(self) -> [usize; 4] {
        let stride = self.stride();
        [1, stride, stride + 1, stride - 1]
    }

    /// Every cell of the board as bits (no padding bit).
    pub(crate) const fn all(self) -> Bits {
        let row = Bits([(1 << self.cols()) - 1, 0, 0, 0]);
        let mut all = Bits::EMPTY;
        let mut r = 0;
        while r < self.rows() {
            let shifted = row.up(r * self.stride());
            all = Bits([
                all.0[0] | shifted.0[0],
                all.0[1] | shifted.0[1],
                all.0[2] | shifted.0[2],
                all.0[3] | shifted.0[3],
            ]);
            r += 1;
        }
        all
    }

    /// Whether a side holding `stones` has a winning line: `k` or more in a row, or exactly `k` under the
    /// standard rule.
    pub(crate) const fn has_line(self, stones: Bits) -> bool {
        let steps = self.steps();
        let mut i = 0;
        while i < 4 {
            if !self.line_starts(stones, steps[i]).is_empty() {
                return true;
            }
            i += 1;
        }
        false
    }

    /// Where the winning lines of `stones` in the direction `step` start: every run of `k` (the runs of an
    /// overline included, free-style), or under the standard rule the runs of exactly `k`, with no stone of the
    /// same side just before or just after.
    const fn line_starts(self, stones: Bits, step: usize) -> Bits {
        let starts = stones.run_starts(step, self.k());
        if !self.exact || starts.is_empty() {
            return starts;
        }
        // A padding bit is never a stone, so a row's end needs no check of its own.
        let before = stones.up(step);
        let after = stones.down(self.k() * step);
        starts.minus(Bits([
            before.0[0] | after.0[0],
            before.0[1] | after.0[1],
            before.0[2] | after.0[2],
            before.0[3] | after.0[3],
        ]))
    }

    /// The bits of every winning line within `stones` (see [`Shape::has_line`]).
    fn line_bits(self, stones: Bits) -> Bits {
        let mut cells = Bits::EMPTY;
        for step in self.steps() {
            let starts = self.line_starts(stones, step);
            for j in 0..self.k() {
                cells |= starts.up(j * step);
            }
        }
        cells
    }
}

impl fmt::Display for Shape {
    /// "4x4, k=3": rows by columns; ", exactly" after it under the standard rule.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}x{}, k={}", self.rows, self.cols, self.k)?;
        if self.exact {
            write!(f, ", exactly")?;
        }
        Ok(())
    }
}

/// A position on a board of any [`Shape`]: which cells hold an X and which an O.
///
/// Every `Grid` that [`Grid::parse`], [`Grid::play`] or [`Grid::try_play`] hands out is reachable in a real game.
///
/// The rules are tic-tac-toe's: X moves first, the sides take turns, and the first side with `k` or more of its
/// marks in a row, a column or a diagonal wins (free-style: six in a row also wins when `k` is 5). A full board
/// without a line is a draw. Under Gomoku's standard rule ([`Rule::Standard`], a setting of the [`Shape`]) only
/// exactly `k` in a row wins: six or more (an overline) does not, and the game goes on.
///
/// Cells are numbered row by row from the top left, `0` to `cells() - 1`. The notation writes the rows from the
/// top, separated by `/`, with `X`, `O` and `.`:
///
/// ```
/// use engine::{Grid, Player, Shape};
/// let shape = Shape::new(4, 4, 3).unwrap();
/// let grid = Grid::parse("..../.X../..O./....", shape).unwrap();
/// assert_eq!(grid.to_move(), Player::X);
/// assert_eq!(grid.get(5), Some(Player::X));
/// assert_eq!(grid.to_string(), "..../.X../..O./....");
/// // The classic board keeps the nine-character notation of `Board`.
/// assert_eq!(Grid::parse("X...O....", Shape::CLASSIC).unwrap().to_string(), "X...O....");
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Grid {
    shape: Shape,
    /// The marks on the board, both sides', kept by each move: the search asks for them (and for the side to
    /// move, which they give) at every node.
    marks: u8,
    x: Bits,
    o: Bits,
}

/// A rotation or reflection of the board, named by a number: bit 0 reverses the rows, bit 1 the columns, and
/// bit 2 first swaps rows and columns (on a square board only). The eight are every
/// symmetry of a square board, and the four without the swap every symmetry of the others: k in a row is k in
/// a row in a mirror.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Symmetry(u8);

impl Symmetry {
    /// How many symmetries boards of `shape` have.
    pub(crate) fn count(shape: Shape) -> usize {
        if shape.rows() == shape.cols() {
            8
        } else {
            4
        }
    }

    /// The symmetry numbered `index` (below [`Symmetry::count`]).
    pub(crate) fn numbered(index: usize) -> Symmetry {
        // In range: below 8.
        Symmetry(index as u8)
    }

    /// The symmetries of boards of `shape`, the identity first.
    #[cfg(test)]
    pub(crate) fn all(shape: Shape) -> impl Iterator<Item = Symmetry> {
        // In range: at most 8.
        (0..Symmetry::count(shape) as u8).map(Symmetry)
    }

    /// The bits that each symmetry, by its number, takes the bit `bit` of a board of `shape` to: the search's
    /// table of them (see `Keys`). The four symmetries that only a square board has leave it where it is on any
    /// other.
    pub(crate) fn images_of_bit(shape: Shape, bit: usize) -> [u8; 8] {
        let cell = shape.cell_of(bit);
        std::array::from_fn(|index| {
            let image = if index < Symmetry::count(shape) {
                Symmetry::numbered(index).image(shape, cell)
            } else {
                cell
            };
            // Bits are below 256.
            shape.bit_of(image) as u8
        })
    }

    /// Where `cell` of a board of `shape` goes.
    pub(crate) fn image(self, shape: Shape, cell: usize) -> usize {
        let (row, col) = (cell / shape.cols(), cell % shape.cols());
        let (row, col) = match self.0 & 4 {
            0 => (row, col),
            _ => (col, row),
        };
        // The swap makes the rows columns: reversed after it, they count the other side.
        let (rows, cols) = match self.0 & 4 {
            0 => (shape.rows(), shape.cols()),
            _ => (shape.cols(), shape.rows()),
        };
        let row = if self.0 & 1 != 0 { rows - 1 - row } else { row };
        let col = if self.0 & 2 != 0 { cols - 1 - col } else { col };
        row * shape.cols() + col
    }

    /// `grid` with each mark moved where this symmetry takes it.
    #[cfg(test)]
    pub(crate) fn apply(self, grid: &Grid) -> Grid {
        let shape = grid.shape();
        (0..shape.cells())
            .filter_map(|cell| grid.get(cell).map(|player| (cell, player)))
            .fold(Grid::empty(shape), |mirror, (cell, player)| {
                mirror.with_stone(player, shape.bit_of(self.image(shape, cell)))
            })
    }

    /// The symmetry that undoes this one. A quarter turn (a swap, then one reversal) is undone by the other quarter
    /// turn; every other symmetry undoes itself.
    pub(crate) fn inverse(self) -> Symmetry {
        match self.0 {
            5 | 6 => Symmetry(self.0 ^ 3),
            _ => self,
        }
    }
}

impl Grid {
    /// The empty board of `shape`.
    pub const fn empty(shape: Shape) -> Grid {
        Grid {
            shape,
            marks: 0,
            x: Bits::EMPTY,
            o: Bits::EMPTY,
        }
    }

    /// The board's shape.
    pub fn shape(&self) -> Shape {
        self.shape
    }

    /// The side whose turn it is (X when the counts are equal).
    pub fn to_move(&self) -> Player {
        // X moves first, so an odd number of marks means X has the extra one.
        if self.marks % 2 == 1 {
            Player::O
        } else {
            Player::X
        }
    }

    /// How many marks are on the board.
    pub fn marks(&self) -> usize {
        usize::from(self.marks)
    }

    /// How many squares are empty: the depth of a search to the end of the game.
    pub fn empty_cells(&self) -> usize {
        self.shape().cells() - self.marks()
    }

    /// The mark on `cell`, if any.
    ///
    /// # Panics
    /// If there is no such cell (`cell >= shape().cells()`).
    pub fn get(&self, cell: usize) -> Option<Player> {
        assert!(
            cell < self.shape.cells(),
            "no cell {cell} on a {}",
            self.shape
        );
        let bit = self.shape.bit_of(cell);
        if self.x.contains(bit) {
            Some(Player::X)
        } else if self.o.contains(bit) {
            Some(Player::O)
        } else {
            None
        }
    }

    /// The side with `k` or more in a row, if any.
    pub fn winner(&self) -> Option<Player> {
        if self.shape.has_line(self.x) {
            Some(Player::X)
        } else if self.shape.has_line(self.o) {
            Some(Player::O)
        } else {
            None
        }
    }

    /// The stones of the side that moved last: only that side can have a line, which is all a search asks of a
    /// position it reaches.
    pub(crate) fn last_movers_stones(&self) -> Bits {
        self.stones(self.to_move().opponent())
    }

    /// Whether the game is over and how it ended.
    pub fn status(&self) -> Status {
        match self.winner() {
            Some(player) => Status::Won(player),
            None if self.marks() == self.shape.cells() => Status::Draw,
            None => Status::InProgress,
        }
    }

    /// Whether the game has ended.
    pub fn is_over(&self) -> bool {
        self.status() != Status::InProgress
    }

    /// The cells of the winner's lines of `k` or more (all of them, if the last move made several), in
    /// increasing order; empty if nobody has won.
    pub fn winning_cells(&self) -> Vec<usize> {
        match self.winner() {
            Some(player) => self
                .shape
                .line_bits(self.stones(player))
                .iter()
                .map(|bit| self.shape.cell_of(bit))
                .collect(),
            None => Vec::new(),
        }
    }

    /// The cells the side to move may play, in increasing order; none once the game is over.
    pub fn legal_moves(&self) -> impl Iterator<Item = usize> {
        let empty = if self.is_over() {
            Bits::EMPTY
        } else {
            self.empty_bits()
        };
        let shape = self.shape;
        empty.iter().map(move |bit| shape.cell_of(bit))
    }

    /// The position after the side to move plays `cell`.
    ///
    /// # Errors
    /// [`IllegalMove`] if there is no such cell, it is taken, or the game is over.
    pub fn try_play(&self, cell: usize) -> Result<Grid, IllegalMove> {
        if cell >= self.shape.cells() {
            return Err(IllegalMove::NoSuchCell {
                cell,
                cells: self.shape.cells(),
            });
        }
        if self.is_over() {
            return Err(IllegalMove::GameOver);
        }
        let bit = self.shape.bit_of(cell);
        if (self.x | self.o).contains(bit) {
            return Err(IllegalMove::Occupied(cell));
        }
        Ok(self.with_stone(self.to_move(), bit))
    }

    /// The position after the side to move plays `cell`.
    ///
    /// # Panics
    /// If the move is illegal; see [`Grid::try_play`].
    pub fn play(&self, cell: usize) -> Grid {
        match self.try_play(cell) {
            Ok(grid) => grid,
            Err(error) => panic!("illegal move {cell} on {self}: {error}"),
        }
    }

    /// The position written in `text` on a board of `shape`: rows from the top separated by `/`, each cell `X`,
    /// `O`, or `.`, `-` or `_` for an empty one, in either case. On the 3 x 3 board the nine cells may also be
    /// written without separators, as [`Board`](crate::Board) writes them.
    ///
    /// Only a position some game reaches parses: X has as many marks as O or one more; at most one side has a
    /// line; a side with a line made the last move; and removing one of its marks leaves it without a line (one
    /// move made every line it has).
    ///
    /// # Errors
    /// [`ParseGridError`] saying what is wrong.
    pub fn parse(text: &str, shape: Shape) -> Result<Grid, ParseGridError> {
        let grid = Grid::marked(text, shape)?;
        grid.check_reachable()?;
        Ok(grid)
    }

    /// The marks written in `text`, whether or not a game reaches them.
    fn marked(text: &str, shape: Shape) -> Result<Grid, ParseGridError> {
        let rows: Vec<Vec<char>> = if shape == Shape::CLASSIC && !text.contains('/') {
            let cells: Vec<char> = text.chars().collect();
            if cells.len() != shape.cells() {
                return Err(ParseGridError::WrongLength(cells.len()));
            }
            cells.chunks(shape.cols()).map(<[char]>::to_vec).collect()
        } else {
            text.split('/').map(|row| row.chars().collect()).collect()
        };
        if rows.len() != shape.rows() {
            return Err(ParseGridError::WrongRowCount {
                expected: shape.rows(),
                found: rows.len(),
            });
        }
        let mut grid = Grid::empty(shape);
        for (row, cells) in rows.iter().enumerate() {
            if cells.len() != shape.cols() {
                return Err(ParseGridError::WrongRowLength {
                    row,
                    expected: shape.cols(),
                    found: cells.len(),
                });
            }
            for (column, &found) in cells.iter().enumerate() {
                let bit = shape.bit_of(row * shape.cols() + column);
                match found {
                    'X' | 'x' => grid = grid.with_stone(Player::X, bit),
                    'O' | 'o' => grid = grid.with_stone(Player::O, bit),
                    '.' | '-' | '_' => {}
                    _ => {
                        return Err(ParseGridError::UnknownCharacter { found, row, column });
                    }
                }
            }
        }
        Ok(grid)
    }

    /// Whether some game reaches this position (see [`Grid::parse`]), and if not, why not.
    fn check_reachable(&self) -> Result<(), ParseGridError> {
        let shape = self.shape;
        let (xs, os) = (self.x.count(), self.o.count());
        if os > xs {
            return Err(ParseGridError::OAheadOfX);
        }
        if xs > os + 1 {
            return Err(ParseGridError::XTooFarAhead);
        }
        let (x_won, o_won) = (shape.has_line(self.x), shape.has_line(self.o));
        if x_won && o_won {
            return Err(ParseGridError::TwoWinners);
        }
        if let Some(winner) = self.winner() {
            // The winner made the last move: X if X is a mark ahead, O if the counts are equal.
            if self.to_move() != winner.opponent() {
                return Err(ParseGridError::WinnerDidNotMoveLast(winner));
            }
            let stones = self.stones(winner);
            let one_move_made_it = shape
                .line_bits(stones)
                .iter()
                .any(|bit| !shape.has_line(stones.without(bit)));
            if !one_move_made_it {
                return Err(ParseGridError::LinesNotFromOneMove(winner));
            }
        }
        Ok(())
    }

    /// `player`'s stones as bits.
    pub(crate) const fn stones(&self, player: Player) -> Bits {
        match player {
            Player::X => self.x,
            Player::O => self.o,
        }
    }

    /// The empty cells as bits.
    pub(crate) const fn empty_bits(&self) -> Bits {
        self.shape.all().minus(Bits([
            self.x.0[0] | self.o.0[0],
            self.x.0[1] | self.o.0[1],
            self.x.0[2] | self.o.0[2],
            self.x.0[3] | self.o.0[3],
        ]))
    }

    /// The position with a stone of `player` added on the empty cell at `bit`.
    pub(crate) fn with_stone(mut self, player: Player, bit: usize) -> Grid {
        self.place(player, bit);
        self
    }

    /// Puts a stone of `player` on the empty cell at `bit`, for the search, which takes it back after.
    pub(crate) fn place(&mut self, player: Player, bit: usize) {
        match player {
            Player::X => self.x.insert(bit),
            Player::O => self.o.insert(bit),
        }
        // At most 225 cells.
        self.marks += 1;
    }

    /// Takes back the stone of `player` that [`Grid::place`] put on the cell at `bit`.
    pub(crate) fn take_back(&mut self, player: Player, bit: usize) {
        match player {
            Player::X => self.x.remove(bit),
            Player::O => self.o.remove(bit),
        }
        self.marks -= 1;
    }
}

impl fmt::Display for Grid {
    /// On the 3 x 3 board the nine cells as [`Board`](crate::Board) writes them ("X...O...."); on any other, the rows from the
    /// top separated by `/` ("..../.X../..O./....").
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let mut text = String::with_capacity(self.shape.cells() + self.shape.rows());
        for cell in 0..self.shape.cells() {
            if cell > 0 && cell % self.shape.cols() == 0 && self.shape != Shape::CLASSIC {
                text.push('/');
            }
            text.push(self.get(cell).map_or('.', Player::symbol));
        }
        f.write_str(&text)
    }
}

/// Why a text is not a position on a board of the shape given.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ParseGridError {
    /// On the 3 x 3 board, a text without `/` that does not have nine characters.
    WrongLength(usize),
    /// The text does not have one row (separated by `/`) per row of the board.
    WrongRowCount {
        /// The board's rows.
        expected: usize,
        /// The rows in the text.
        found: usize,
    },
    /// A row of the text does not have one character per column.
    WrongRowLength {
        /// The row, counted from 0 at the top.
        row: usize,
        /// The board's columns.
        expected: usize,
        /// The characters in that row of the text.
        found: usize,
    },
    /// A character other than `X`, `O`, `.`, `-` or `_` (either case).
    UnknownCharacter {
        /// The character found.
        found: char,
        /// Its row, counted from 0 at the top.
        row: usize,
        /// Its column, counted from 0 at the left.
        column: usize,
    },
    /// O has more marks than X, but X moves first.
    OAheadOfX,
    /// X has two or more marks more than O, but the sides take turns.
    XTooFarAhead,
    /// Both sides have a line.
    TwoWinners,
    /// This side has a line but did not make the last move.
    WinnerDidNotMoveLast(Player),
    /// This side's lines do not share a mark, so no single last move made them all.
    LinesNotFromOneMove(Player),
}

impl fmt::Display for ParseGridError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        const EMPTY_CELLS: &str = "use X, O, or . (or - or _) for an empty cell";
        match self {
            ParseGridError::WrongLength(n) => write!(
                f,
                "a 3x3 position has 9 cells (or 3 rows separated by '/'), this one has {n} {}",
                noun(*n, "character", "characters")
            ),
            ParseGridError::WrongRowCount { expected, found } => write!(
                f,
                "the board has {expected} rows, separated by '/', but the text has {found} {}",
                noun(*found, "row", "rows")
            ),
            ParseGridError::WrongRowLength {
                row,
                expected,
                found,
            } => write!(
                f,
                "the board has {expected} columns, but row {} has {found} {}",
                row + 1,
                noun(*found, "character", "characters")
            ),
            // Rows and columns counted from 1, as the squares' names count them. A control character is named
            // by its code: as itself it would not show.
            ParseGridError::UnknownCharacter { found, row, column } if found.is_control() => {
                write!(
                    f,
                    "row {}, column {} holds the control character U+{:04X}: {EMPTY_CELLS}",
                    row + 1,
                    column + 1,
                    u32::from(*found)
                )
            }
            ParseGridError::UnknownCharacter { found, row, column } => write!(
                f,
                "row {}, column {} holds '{found}': {EMPTY_CELLS}",
                row + 1,
                column + 1
            ),
            ParseGridError::OAheadOfX => f.write_str("O has more marks than X, but X moves first"),
            ParseGridError::XTooFarAhead => {
                f.write_str("X has two or more marks more than O, but the players take turns")
            }
            ParseGridError::TwoWinners => {
                f.write_str("both X and O have a winning line, which no game can reach")
            }
            ParseGridError::WinnerDidNotMoveLast(player) => write!(
                f,
                "{} has a winning line but {} moved after that, which no game can reach",
                player.name(),
                player.opponent().name()
            ),
            ParseGridError::LinesNotFromOneMove(player) => write!(
                f,
                "{} has winning lines that no single last move made, which no game can reach",
                player.name()
            ),
        }
    }
}

impl std::error::Error for ParseGridError {}

#[cfg(test)]
mod tests {
    use super::*;

    fn shape(rows: usize, cols: usize, k: usize) -> Shape {
        Shape::new(rows, cols, k).unwrap()
    }

    #[test]
    fn bits_and_cells_correspond() {
        let s = shape(4, 7, 4);
        assert_eq!(s.all().count(), 28);
        for cell in 0..s.cells() {
            assert_eq!(s.cell_of(s.bit_of(cell)), cell);
            assert!(s.all().contains(s.bit_of(cell)));
        }
        // The padding column is outside the board.
        assert!(!s.all().contains(7));
        assert_eq!(shape(15, 15, 5).all().count(), 225);
    }

    #[test]
    fn lines_do_not_wrap_through_the_padding_column() {
        let s = shape(5, 5, 3);
        // The end of one row and the start of the next are not a line.
        let grid = Grid {
            x: Bits::EMPTY
                .with(s.bit_of(3))
                .with(s.bit_of(4))
                .with(s.bit_of(5)),
            ..Grid::empty(s)
        };
        assert_eq!(grid.winner(), None);
        // Down-left from the left edge.
        let grid = Grid {
            x: Bits::EMPTY
                .with(s.bit_of(6))
                .with(s.bit_of(10))
                .with(s.bit_of(14)),
            ..Grid::empty(s)
        };
        assert_eq!(grid.winner(), None);
    }

    #[test]
    fn winning_cells_cover_every_line_of_k_or_more() {
        let s = shape(6, 6, 4);
        // X's last move in the corner of an L makes a row and a column of four.
        let grid = Grid::parse("XXXX../X...../X...../X...../OOO.../OOO...", s).unwrap();
        assert_eq!(grid.winner(), Some(Player::X));
        assert_eq!(grid.winning_cells(), [0, 1, 2, 3, 6, 12, 18]);
    }

    #[test]
    fn under_the_standard_rule_exactly_k_wins() {
        let standard = shape(7, 7, 4).with_rule(Rule::Standard);
        assert_eq!(standard.rule(), Rule::Standard);
        assert_eq!(Rule::from_name(" Standard"), Some(Rule::Standard));
        // X has five in a row on the top row: an overline of four in a row, no win; free-style, a win.
        let six = "XXXXX../OOO..../O....../......./......./......./.......";
        let grid = Grid::parse(six, standard).unwrap();
        assert_eq!(grid.status(), Status::InProgress);
        assert!(grid.winning_cells().is_empty());
        let free = Grid::parse(six, shape(7, 7, 4)).unwrap();
        assert_eq!(free.status(), Status::Won(Player::X));
        // Exactly four, with a gap after it, wins under both.
        let four = "XXXX.X./OOO..../O....../......./......./......./.......";
        let grid = Grid::parse(four, standard).unwrap();
        assert_eq!(grid.status(), Status::Won(Player::X));
        assert_eq!(grid.winning_cells(), vec![0, 1, 2, 3]);
        // Down a diagonal, X's stone on 24 joins 0, 8, 16 and 32, 40 into six: no win.
        let mut grid = Grid::empty(standard);
        for cell in [0, 1, 8, 2, 16, 3, 32, 6, 40, 5, 24] {
            grid = grid.play(cell);
        }
        assert_eq!(grid.status(), Status::InProgress, "{grid}");
    }

    fn mirrored(grid: &Grid, symmetry: Symmetry) -> Grid {
        symmetry.apply(grid)
    }

    #[test]
    fn symmetries_move_cells_about_keep_lines_and_undo_each_other() {
        let mut rng = crate::Rng::new(7);
        for s in [
            shape(4, 4, 4),
            shape(5, 3, 3),
            shape(3, 7, 3),
            shape(6, 6, 4),
        ] {
            let symmetries: Vec<Symmetry> = Symmetry::all(s).collect();
            assert_eq!(symmetries.len(), if s.rows() == s.cols() { 8 } else { 4 });
            assert!((0..s.cells()).all(|cell| symmetries[0].image(s, cell) == cell));
            for &symmetry in &symmetries {
                let mut images: Vec<usize> =
                    (0..s.cells()).map(|cell| symmetry.image(s, cell)).collect();
                for (cell, &image) in images.iter().enumerate() {
                    assert_eq!(symmetry.inverse().image(s, image), cell);
                }
                images.sort_unstable();
                assert!(images.iter().copied().eq(0..s.cells()), "every cell once");
            }
            // A corner goes to every corner and only to corners.
            let mut corners: Vec<usize> = symmetries
                .iter()
                .map(|symmetry| symmetry.image(s, 0))
                .collect();
            corners.sort_unstable();
            corners.dedup();
            assert_eq!(
                corners,
                [0, s.cols() - 1, s.cells() - s.cols(), s.cells() - 1]
            );
            // Games played at random end alike in every mirror: a line is a line.
            for _ in 0..50 {
                let mut grid = Grid::empty(s);
                while !grid.is_over() {
                    for &symmetry in &symmetries {
                        let mirror = mirrored(&grid, symmetry);
                        assert_eq!(mirror.status(), grid.status());
                    }
                    let legal: Vec<usize> = grid.legal_moves().collect();
                    grid = grid.play(legal[rng.below(legal.len())]);
                }
                for &symmetry in &symmetries {
                    assert_eq!(mirrored(&grid, symmetry).status(), grid.status());
                }
            }
        }
    }
}
