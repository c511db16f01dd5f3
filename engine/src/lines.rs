//! Pattern knowledge, for boards of any `k`: for each empty cell, each side and each of the four lines through the
//! cell, the [`Pattern`] a stone of that side there would make in that line, kept up to date as stones are placed
//! and taken back ([`Lines`]); from them, by side, the cells where it completes a line, makes a four, wins with
//! its next move or makes a threat, and a running evaluation.

use super::bits::Bits;
use super::grid::{Grid, Player, Shape};
use super::score::EVAL_LIMIT;
use super::table::stone_key;
use std::cell::RefCell;
use std::collections::HashMap;
use std::sync::OnceLock;

/// What a stone of one side on an empty cell would make in one line through it, weakest first.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub(crate) enum Pattern {
    /// Every window of `k` through the cell holds a stone of the other side: nothing can be made here.
    #[default]
    Dead,
    /// A free window, and nothing more.
    One,
    /// Two more stones would make a four.
    Two,
    /// Two more stones would make an open four.
    OpenTwo,
    /// One more stone would make a four.
    Three,
    /// One more stone would make an open four.
    OpenThree,
    /// One cell completes the line next move.
    Four,
    /// Two or more cells complete the line next move: the other side cannot stop both.
    OpenFour,
    /// The stone completes a line of `k` (or more).
    Five,
}

/// The patterns by their number, as the tables keep them.
const PATTERNS: [Pattern; 9] = [
    Pattern::Dead,
    Pattern::One,
    Pattern::Two,
    Pattern::OpenTwo,
    Pattern::Three,
    Pattern::OpenThree,
    Pattern::Four,
    Pattern::OpenFour,
    Pattern::Five,
];

/// The cells of a line around the cell a pattern is asked for: the `2k - 1` of the windows through it, and under
/// the standard rule one more at each end, since a stone there would make the window's line an overline.
const fn reach(k: usize, exact: bool) -> usize {
    k - 1 + exact as usize
}

/// One line's cells around the cell asked about (see [`classify`]), to count its open windows.
#[derive(Clone, Copy)]
struct Neighbourhood {
    k: usize,
    exact: bool,
    /// The other side's stones and the cells off the board.
    blocked: u32,
    /// The bit of the cell asked about.
    centre: usize,
}

impl Neighbourhood {
    /// The windows of `k` through the centre still open to the side when it holds `stones`, and their number.
    fn open(self, stones: u32) -> ([u32; 16], usize) {
        let (k, mut open, mut count) = (self.k, [0u32; 16], 0);
        for start in self.centre + 1 - k..=self.centre {
            let window = ((1u32 << k) - 1) << start;
            let ends = if self.exact {
                1u32 << (start - 1) | 1 << (start + k)
            } else {
                0
            };
            if window & self.blocked == 0 && ends & stones == 0 {
                open[count] = window;
                count += 1;
            }
        }
        (open, count)
    }

    /// The cells that complete an open window of `stones`, each a window one stone short.
    fn completions(self, stones: u32) -> u32 {
        let (open, count) = self.open(stones);
        open[..count]
            .iter()
            .filter(|&&window| (stones & window).count_ones() as usize == self.k - 1)
            .fold(0, |cells, &window| cells | (window & !stones))
    }
}

/// The pattern a stone on the centre of a neighbourhood makes, the neighbourhood being `2 reach + 1` cells of one
/// line as bits (see [`reach`]), the centre at bit `reach`: `own` the side's stones, `blocked` the other side's
/// stones and the cells off the board. The plain definition, which the tables are built from. With `exact` (the
/// standard rule) a window is open only while the cells just beyond its ends hold none of the side's stones: a
/// line filling it would be longer than `k`.
fn classify(k: usize, exact: bool, own: u32, blocked: u32) -> Pattern {
    let centre_bit = reach(k, exact);
    let centre = 1u32 << centre_bit;
    let width = 2 * centre_bit + 1;
    let around = Neighbourhood {
        k,
        exact,
        blocked,
        centre: centre_bit,
    };
    let completions = |stones: u32| around.completions(stones);
    let stones = own | centre;
    let (open, count) = around.open(stones);
    let open = &open[..count];
    if open.is_empty() {
        return Pattern::Dead;
    }
    if open.iter().any(|&window| window & !stones == 0) {
        return Pattern::Five;
    }
    match completions(stones).count_ones() {
        0 => {}
        1 => return Pattern::Four,
        _ => return Pattern::OpenFour,
    }
    let empty = open.iter().fold(0, |cells, &window| cells | window) & !stones;
    let bits = |set: u32| (0..width).filter(move |&bit| set >> bit & 1 != 0);
    // One stone more, then two: the first number of completions of two or more names the open pattern.
    let mut closed = false;
    for extra in bits(empty) {
        match completions(stones | 1 << extra).count_ones() {
            0 => {}
            1 => closed = true,
            _ => return Pattern::OpenThree,
        }
    }
    if closed {
        return Pattern::Three;
    }
    for first in bits(empty) {
        for second in bits(empty).filter(|&second| second > first) {
            match completions(stones | 1 << first | 1 << second).count_ones() {
                0 => {}
                1 => closed = true,
                _ => return Pattern::OpenTwo,
            }
        }
    }
    if closed {
        Pattern::Two
    } else {
        Pattern::One
    }
}

/// The longest `k` whose neighbourhoods are all classified ahead, in a table of `3^(2k - 1)` bytes (19,683 for
/// k = 5, built in a few milliseconds); a longer `k` classifies each neighbourhood when first met.
const TABLE_MAX_K: usize = 5;

/// The tables of [`classify`] by rule (free-style, standard) and `k`, built on first use and shared: the pattern
/// of every neighbourhood by its ternary index, and the ternary value of every neighbourhood's bits (see
/// [`ternary`]). The standard rule's neighbourhoods are two cells wider (177,147 of them for k = 5).
type Table = (Vec<Pattern>, Vec<u32>);
static TABLES: [[OnceLock<Table>; TABLE_MAX_K + 1]; 2] =
    [const { [const { OnceLock::new() }; TABLE_MAX_K + 1] }; 2];

/// `bits` read as base-3 digits, each bit a digit 1: with [`ternary`] of the blocked cells doubled, the index of
/// a neighbourhood whose cells are empty (0), own (1) or blocked (2).
fn ternary(bits: u32) -> u32 {
    (0..32)
        .rev()
        .fold(0, |value, bit| value * 3 + (bits >> bit & 1))
}

/// The table of every neighbourhood for `k` and the rule, by its ternary index.
fn build_table(k: usize, exact: bool) -> Vec<Pattern> {
    let cells = 2 * reach(k, exact) + 1;
    let size = 3usize.pow(cells as u32);
    (0..size)
        .map(|index| {
            let (mut own, mut blocked, mut rest) = (0u32, 0u32, index);
            for bit in 0..cells {
                match rest % 3 {
                    1 => own |= 1 << bit,
                    2 => blocked |= 1 << bit,
                    _ => {}
                }
                rest /= 3;
            }
            // The centre is empty whenever a pattern is asked for.
            if (own | blocked) >> reach(k, exact) & 1 != 0 {
                return Pattern::Dead;
            }
            classify(k, exact, own, blocked)
        })
        .collect()
}

thread_local! {
    /// The neighbourhoods classified for a `k` without a table, by `k`, the rule and `own | blocked << 32`.
    static MEMO: RefCell<HashMap<(usize, bool, u64), Pattern>> = RefCell::new(HashMap::new());
}

/// [`classify`] for one `k`: from its table when it has one, else from the memo.
#[derive(Clone, Copy)]
struct Classes {
    k: usize,
    /// The standard rule (see [`classify`]).
    exact: bool,
    /// The table and the ternary values of `k` (see [`TABLES`]); `None` beyond [`TABLE_MAX_K`].
    table: Option<(&'static [Pattern], &'static [u32])>,
}

impl Classes {
    /// The classes of `k` under the rule, its table built if not yet.
    fn of(k: usize, exact: bool) -> Classes {
        let table = (k <= TABLE_MAX_K).then(|| {
            let (table, ternaries) = TABLES[usize::from(exact)][k].get_or_init(|| {
                let ternaries = (0..1u32 << (2 * reach(k, exact) + 1))
                    .map(ternary)
                    .collect();
                (build_table(k, exact), ternaries)
            });
            (&table[..], &ternaries[..])
        });
        Classes { k, exact, table }
    }

    /// Both sides' patterns, X's then O's, at the centre of a neighbourhood (see [`classify`]) holding the
    /// stones `x` and `o` and the cells off the board `outside`.
    #[inline]
    fn patterns(self, x: u32, o: u32, outside: u32) -> [Pattern; 2] {
        let Some((table, ternaries)) = self.table else {
            return [(x, o), (o, x)].map(|(own, other)| self.memo_pattern(own, other | outside));
        };
        // The three sets do not meet, so the ternary value of a union is the sum of theirs.
        let (x, o, outside) = (
            ternaries[x as usize],
            ternaries[o as usize],
            ternaries[outside as usize],
        );
        [x + 2 * (o + outside), o + 2 * (x + outside)].map(|index| table[index as usize])
    }

    /// The pattern of the neighbourhood `own`, `blocked` of a `k` without a table, from the memo.
    fn memo_pattern(self, own: u32, blocked: u32) -> Pattern {
        let (k, exact) = (self.k, self.exact);
        let key = u64::from(own) | u64::from(blocked) << 32;
        MEMO.with(|memo| match memo.try_borrow_mut() {
            Ok(mut memo) => *memo
                .entry((k, exact, key))
                .or_insert_with(|| classify(k, exact, own, blocked)),
            Err(_) => classify(k, exact, own, blocked),
        })
    }
}

/// The features of a cell's worth to a side (see `worth`), whose weights are data (`weights.txt`): what a
/// pattern in one line adds, for each pattern above `Pattern::Dead`, weakest first; then what is added to a cell
/// where the side makes two fours or an open four (it wins with its next move but one), a four and an open three
/// (a win unless the four's reply makes a four), or two open threes.
pub const EVALUATION_FEATURES: [&str; FEATURES] = [
    "one",
    "two",
    "open_two",
    "three",
    "open_three",
    "four",
    "open_four",
    "five",
    "double_four",
    "four_three",
    "double_three",
];
/// The number of [`EVALUATION_FEATURES`].
const FEATURES: usize = 11;
/// The first of the three features of a cell's combination of patterns.
const DOUBLE_FOUR: usize = 8;
const FOUR_THREE: usize = 9;
const DOUBLE_THREE: usize = 10;

/// The evaluation's weights, one `name value` line each (`#` starts a comment): see `docs/gomoku.md` for how they
/// were learned and the commands that learn them again.
const WEIGHTS_FILE: &str = include_str!("weights.txt");

/// The evaluation's weights: what each of [`EVALUATION_FEATURES`] adds to a side's total, and what the side to
/// move's total counts in hundredths of the opponent's (`to_move`): its cells are its to take first.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Weights {
    pub features: [i32; FEATURES],
    pub to_move: i32,
}

/// The evaluation's weights, as `weights.txt` gives them.
pub fn evaluation_weights() -> Weights {
    static WEIGHTS: OnceLock<Weights> = OnceLock::new();
    *WEIGHTS.get_or_init(|| {
        parse_weights(WEIGHTS_FILE).unwrap_or_else(|problem| panic!("weights.txt: {problem}"))
    })
}

/// How many of each of [`EVALUATION_FEATURES`] the empty cells of `grid` hold for X and for O (in that order): a
/// side's total in the evaluation is their sum weighted by [`evaluation_weights`]. For learning the weights.
pub fn evaluation_features(grid: &Grid) -> [[u32; FEATURES]; 2] {
    let lines = Lines::new(grid);
    [lines.features(Player::X), lines.features(Player::O)]
}

/// The weights a text in the form of `weights.txt` gives, or what is wrong with it.
fn parse_weights(text: &str) -> Result<Weights, String> {
    let mut weights = [None; FEATURES];
    let mut to_move = None;
    for line in text
        .lines()
        .map(|line| line.split('#').next().unwrap_or("").trim())
    {
        if line.is_empty() {
            continue;
        }
        let (name, value) = line
            .split_once(char::is_whitespace)
            .ok_or(format!("{line:?} is not `name value`"))?;
        let value = value
            .trim()
            .parse::<i32>()
            .map_err(|_| format!("{value:?} is not a whole number"))?;
        if name == "to_move" {
            // Below 100 the side to move would count less than the side that waits.
            if !(100..=400).contains(&value) {
                return Err(format!("to_move {value} is not 100 to 400"));
            }
            to_move = Some(value);
            continue;
        }
        let feature = EVALUATION_FEATURES
            .iter()
            .position(|&known| known == name)
            .ok_or(format!("no feature is called {name:?}"))?;
        // A weight past a hundred thousand would let a position's sum pass the evaluation's limit.
        if !(0..=100_000).contains(&value) {
            return Err(format!("{name} {value} is not 0 to 100000"));
        }
        weights[feature] = Some(value);
    }
    let mut features = [0; FEATURES];
    for (feature, weight) in weights.iter().enumerate() {
        features[feature] =
            weight.ok_or(format!("no weight for {}", EVALUATION_FEATURES[feature]))?;
    }
    Ok(Weights {
        features,
        to_move: to_move.ok_or("no weight for to_move")?,
    })
}

/// A side's patterns at one cell, summed up.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
struct Worth {
    value: i32,
    five: bool,
    four: bool,
    win: bool,
    threat: bool,
}

/// How many of each of [`EVALUATION_FEATURES`] a side's stone on a cell would make, from its `patterns` in the
/// four lines.
fn features(patterns: [Pattern; 4]) -> [u32; FEATURES] {
    let mut counts = [0; FEATURES];
    for pattern in patterns.into_iter().filter(|&p| p != Pattern::Dead) {
        counts[pattern as usize - 1] += 1;
    }
    let fours = counts[Pattern::Four as usize - 1] + counts[Pattern::OpenFour as usize - 1];
    let open_threes = counts[Pattern::OpenThree as usize - 1];
    if counts[Pattern::OpenFour as usize - 1] > 0 || fours >= 2 {
        counts[DOUBLE_FOUR] = 1;
    } else if fours == 1 && open_threes >= 1 {
        counts[FOUR_THREE] = 1;
    } else if open_threes >= 2 {
        counts[DOUBLE_THREE] = 1;
    }
    counts
}

/// What a side's stone on a cell would make, from its `patterns` in the four lines, with the features' `weights`.
fn worth(patterns: [Pattern; 4], weights: &[i32; FEATURES]) -> Worth {
    let count = |pattern: Pattern| patterns.iter().filter(|&&p| p >= pattern).count();
    let fours = patterns
        .iter()
        .filter(|&&p| p == Pattern::Four || p == Pattern::OpenFour)
        .count();
    let open_threes = patterns
        .iter()
        .filter(|&&p| p == Pattern::OpenThree)
        .count();
    let open_four = patterns.contains(&Pattern::OpenFour);
    let value = features(patterns)
        .iter()
        .zip(weights)
        .map(|(&count, &weight)| count as i32 * weight)
        .sum();
    let win = open_four || fours >= 2;
    Worth {
        value,
        five: patterns.contains(&Pattern::Five),
        four: fours > 0,
        win,
        threat: fours > 0 || open_threes > 0 || count(Pattern::Three) >= 2,
    }
}

/// The flags of a packed [`Worth`] (see [`WORTHS`]): by bit, a five, a four, a win, a threat.
const WORTH_FLAGS: u32 = 4;

/// Every [`Worth`] by the four patterns of a cell (each a digit of a base-9 number, the first direction's the
/// highest), packed as its value above the four flag bits: a cell's worth is one lookup at each move.
static WORTHS: OnceLock<Vec<u32>> = OnceLock::new();

/// The table of [`WORTHS`].
fn worths() -> &'static [u32] {
    WORTHS.get_or_init(|| {
        let weights = evaluation_weights().features;
        (0..PATTERNS.len().pow(4))
            .map(|index| {
                let patterns = std::array::from_fn(|direction| {
                    PATTERNS[index / PATTERNS.len().pow(3 - direction as u32) % PATTERNS.len()]
                });
                let worth = worth(patterns, &weights);
                // Values are far below 2^28.
                (worth.value as u32) << WORTH_FLAGS
                    | u32::from(worth.five)
                    | u32::from(worth.four) << 1
                    | u32::from(worth.win) << 2
                    | u32::from(worth.threat) << 3
            })
            .collect()
    })
}

/// Both sides' patterns at one cell, a byte each (the pattern's number): X's four directions in the low four
/// bytes, the first direction lowest, then O's. One word, so that a cell's patterns are read and written whole:
/// a read of them just after a write of one byte would wait for that write.
#[derive(Clone, Copy, PartialEq, Eq)]
struct CellPatterns(u64);

impl CellPatterns {
    /// Every pattern [`Pattern::Dead`], as on a taken cell.
    const DEAD: CellPatterns = CellPatterns(0);

    /// The byte of `side`'s pattern in `direction`.
    const fn shift(side: usize, direction: usize) -> u32 {
        8 * (4 * side + direction) as u32
    }

    /// `side`'s patterns, by direction.
    fn side(self, side: usize) -> [Pattern; 4] {
        std::array::from_fn(|direction| {
            PATTERNS[(self.0 >> Self::shift(side, direction) & 0xff) as usize]
        })
    }

    /// These patterns with X's and O's in `direction` replaced by `patterns`.
    fn with(self, direction: usize, patterns: [Pattern; 2]) -> CellPatterns {
        let (x, o) = (Self::shift(0, direction), Self::shift(1, direction));
        let kept = self.0 & !(0xff << x | 0xff << o);
        CellPatterns(kept | (patterns[0] as u64) << x | (patterns[1] as u64) << o)
    }

    /// `side`'s four patterns as one word.
    fn side_word(self, side: usize) -> u32 {
        (self.0 >> Self::shift(side, 0)) as u32
    }

    /// The index of `side`'s patterns in [`WORTHS`].
    fn worth_index(self, side: usize) -> usize {
        let [first, second, third, fourth] = self.side_word(side).to_le_bytes();
        let digits = PATTERNS.len();
        ((usize::from(first) * digits + usize::from(second)) * digits + usize::from(third)) * digits
            + usize::from(fourth)
    }
}

/// Lines of one direction on a board: at most 15 rows or columns, or 29 diagonals.
const MAX_LINES: usize = 32;
/// A line's cell at place `p` is bit `PAD + p` of its words, so that the neighbourhood of any cell (up to 14
/// places either side) is one shift away, with the places before the line's start as bits too.
const PAD: usize = 16;
/// The four directions of a line as (rows, columns) steps, in the order of [`Shape::steps`].
const DIRECTIONS: [(usize, isize); 4] = [(0, 1), (1, 0), (1, 1), (1, -1)];

/// The patterns of every empty cell of a position, for both sides, kept up to date move by move. Sides are
/// indexed by `Player as usize`.
///
/// Patterns follow `k`: they are counted in the windows of `k` cells through the cell that hold none of the other
/// side's stones (and stay on the board). A stone there makes a *five* when it fills such a window (six or more in
/// a row win too: free-style); a *four* when one more stone would (one cell completes it), an *open four* when two
/// or more cells would; an *open three* when one more stone could make an open four, a *three* when it could make a
/// four; an *open two* and a *two* likewise two stones away. On 15 x 15 with k = 5 these are Gomoku's words; on
/// 4 x 4 with k = 4 a four is two in a row with the other two cells free.
///
/// A line's pattern at a cell depends only on the `2k - 1` cells centred on it, so a move changes the patterns of
/// the cells within `k - 1` of it along its four lines and of nothing else: [`Lines::place`] and
/// [`Lines::take_back`] work those out again, from a table of every such neighbourhood for `k` up to 5 (19,683 of
/// them for k = 5) and from a memo of those met for a longer `k`.
#[derive(Clone)]
pub(crate) struct Lines {
    shape: Shape,
    classes: Classes,
    /// By direction and bit: the line through the cell in that direction, and the cell's place on it.
    place: Box<[[(u8, u8); 256]; 4]>,
    /// By direction and line: the bits of its cells in order (as many as [`Lines::outside`] leaves open).
    cells: Box<[[[u8; 16]; MAX_LINES]; 4]>,
    /// By side, direction and line: the side's stones on the line (see [`PAD`]).
    stones: [[[u64; MAX_LINES]; 4]; 2],
    /// By direction and line: every bit that is not one of its cells, which blocks like a stone.
    outside: [[u64; MAX_LINES]; 4],
    /// By bit: both sides' pattern in each direction; [`Pattern::Dead`] on a taken cell.
    patterns: Box<[CellPatterns; 256]>,
    /// By bit and side: the cell's worth, packed (see [`WORTHS`]); 0 on a taken cell.
    worths: Box<[[u32; 2]; 256]>,
    /// The table of [`WORTHS`].
    table: &'static [u32],
    /// What the side to move's total counts, in hundredths (see [`Weights`]).
    to_move: i64,
    /// By side: the sum of its `values`.
    totals: [i64; 2],
    /// The empty cells.
    empty: Bits,
    /// The position's Zobrist key (see [`stone_key`]).
    key: u64,
    /// By side, the cells where it completes a line.
    fives: [Bits; 2],
    /// By side, the cells where it makes a four or an open four.
    fours: [Bits; 2],
    /// By side, the cells where it makes an open four or two fours: a win with its next move but one.
    wins: [Bits; 2],
    /// By side, the cells where it makes a four, an open three or two threes.
    threats: [Bits; 2],
    /// What each stone placed and not yet taken back changed, last on top, so that taking it back restores that
    /// instead of working the patterns out again (see [`Lines::take_back`]).
    undo: Vec<Undo>,
    /// The cells' patterns and worths as they were before each placed stone changed them, the stones' in order.
    saved: Vec<SavedCell>,
}

/// What [`Lines::place`] keeps to undo a stone: the sets and totals before it, and where its cells begin in
/// [`Lines::saved`].
#[derive(Clone, Copy)]
struct Undo {
    bit: u8,
    saved_from: u32,
    totals: [i64; 2],
    sets: [[Bits; 2]; 4],
}

/// A cell's patterns and worth before a stone changed them.
#[derive(Clone, Copy)]
struct SavedCell {
    bit: u8,
    patterns: CellPatterns,
    worths: [u32; 2],
}

impl Lines {
    /// The patterns of `grid`.
    pub(crate) fn new(grid: &Grid) -> Lines {
        let shape = grid.shape();
        let mut lines = Lines::blank(shape);
        for bit in shape.all().iter() {
            lines.refresh_cell(bit);
        }
        for player in [Player::X, Player::O] {
            for bit in grid.stones(player).iter() {
                lines.place(player, bit);
            }
        }
        // The position's own stones are never taken back.
        lines.undo.clear();
        lines.saved.clear();
        lines
    }

    /// The lines of an empty board of `shape`, before any pattern is worked out.
    fn blank(shape: Shape) -> Lines {
        let mut lines = Lines {
            shape,
            classes: Classes::of(shape.k(), shape.exact()),
            place: Box::new([[(0, 0); 256]; 4]),
            cells: Box::new([[[0; 16]; MAX_LINES]; 4]),
            stones: [[[0; MAX_LINES]; 4]; 2],
            outside: [[u64::MAX; MAX_LINES]; 4],
            patterns: Box::new([CellPatterns::DEAD; 256]),
            worths: Box::new([[0; 2]; 256]),
            table: worths(),
            to_move: i64::from(evaluation_weights().to_move),
            totals: [0; 2],
            empty: shape.all(),
            key: 0,
            fives: [Bits::EMPTY; 2],
            fours: [Bits::EMPTY; 2],
            wins: [Bits::EMPTY; 2],
            threats: [Bits::EMPTY; 2],
            undo: Vec::new(),
            saved: Vec::new(),
        };
        let (rows, cols) = (shape.rows() as isize, shape.cols() as isize);
        for (direction, &(dr, dc)) in DIRECTIONS.iter().enumerate() {
            let mut line = 0;
            for cell in 0..shape.cells() {
                let (row, col) = (
                    (cell / shape.cols()) as isize,
                    (cell % shape.cols()) as isize,
                );
                let (before_row, before_col) = (row - dr as isize, col - dc);
                if before_row >= 0 && before_col >= 0 && before_col < cols {
                    continue;
                }
                // A line starts here: walk it.
                let (mut r, mut c, mut length) = (row, col, 0);
                while r < rows && c >= 0 && c < cols {
                    let bit = shape.bit_of((r * cols + c) as usize);
                    // At most 32 lines of at most 15 cells.
                    lines.place[direction][bit] = (line as u8, length as u8);
                    lines.cells[direction][line][length] = bit as u8;
                    length += 1;
                    r += dr as isize;
                    c += dc;
                }
                lines.outside[direction][line] = !(((1u64 << length) - 1) << PAD);
                line += 1;
            }
        }
        lines
    }

    /// Puts a stone of `player` on the empty cell at `bit`, keeping what it changes for [`Lines::take_back`].
    pub(crate) fn place(&mut self, player: Player, bit: usize) {
        self.undo.push(Undo {
            // Bits are below 256.
            bit: bit as u8,
            saved_from: self.saved.len() as u32,
            totals: self.totals,
            sets: [self.fives, self.fours, self.wins, self.threats],
        });
        self.set_stone(player, bit, true);
        self.refresh_around(bit);
    }

    /// Takes back the stone of `player` on the cell at `bit`, the last one placed and not yet taken back (the
    /// search plays and takes back its moves in that order): what its placing changed is put back as it was,
    /// which costs a copy of those cells rather than working their patterns out again.
    ///
    /// # Panics
    /// If `bit` is not the last stone placed.
    pub(crate) fn take_back(&mut self, player: Player, bit: usize) {
        let undo = self.undo.pop().expect("a stone to take back");
        assert_eq!(
            usize::from(undo.bit),
            bit,
            "stones are taken back last first"
        );
        self.set_stone(player, bit, false);
        for cell in self.saved.drain(undo.saved_from as usize..).rev() {
            let bit = usize::from(cell.bit);
            self.patterns[bit] = cell.patterns;
            self.worths[bit] = cell.worths;
        }
        self.totals = undo.totals;
        [self.fives, self.fours, self.wins, self.threats] = undo.sets;
    }

    /// Adds or removes the stone of `player` at `bit` in the words of its four lines and in the empty cells.
    fn set_stone(&mut self, player: Player, bit: usize, stone: bool) {
        let side = player as usize;
        for direction in 0..4 {
            let (line, place) = self.place[direction][bit];
            let word = &mut self.stones[side][direction][usize::from(line)];
            let mask = 1u64 << (PAD + usize::from(place));
            if stone {
                *word |= mask;
            } else {
                *word &= !mask;
            }
        }
        if stone {
            self.empty.remove(bit);
        } else {
            self.empty.insert(bit);
        }
        self.key ^= stone_key(player, bit);
    }

    /// Works out again the patterns of the empty cells within `k - 1` of `bit` along its four lines (`k` under the
    /// standard rule: see [`reach`]), the patterns and worth of each one that changes kept before (for
    /// [`Lines::take_back`]). The stone's own cell has none left.
    fn refresh_around(&mut self, bit: usize) {
        self.save(bit);
        self.clear(bit);
        let reach = reach(self.shape.k(), self.shape.exact());
        for direction in 0..4 {
            let (line, place) = self.place[direction][bit];
            let (line, place) = (usize::from(line), usize::from(place));
            // The empty cells of the line within reach, as bits of its words (a stone's cell has no patterns,
            // before the move or after).
            let taken = self.stones[0][direction][line]
                | self.stones[1][direction][line]
                | self.outside[direction][line];
            let around = ((1u64 << (2 * reach + 1)) - 1) << (PAD + place - reach);
            let mut empty = around & !taken;
            while empty != 0 {
                let at = empty.trailing_zeros() as usize - PAD;
                empty &= empty - 1;
                let cell = usize::from(self.cells[direction][line][at]);
                let (old, line_patterns) =
                    (self.patterns[cell], self.line_patterns(direction, line, at));
                let new = old.with(direction, line_patterns);
                // A cell is met once, in the one line it shares with the stone: one left as it was needs no copy.
                if new != old {
                    self.save(cell);
                    self.settle(cell, new);
                }
            }
        }
    }

    /// Keeps the patterns and worth of the cell at `bit` as they are, for [`Lines::take_back`].
    fn save(&mut self, bit: usize) {
        self.saved.push(SavedCell {
            // Bits are below 256.
            bit: bit as u8,
            patterns: self.patterns[bit],
            worths: self.worths[bit],
        });
    }

    /// Works out the patterns of the empty cell at `bit` in every direction.
    fn refresh_cell(&mut self, bit: usize) {
        let mut patterns = CellPatterns::DEAD;
        for direction in 0..4 {
            let (line, place) = self.place[direction][bit];
            let line_patterns =
                self.line_patterns(direction, usize::from(line), usize::from(place));
            patterns = patterns.with(direction, line_patterns);
        }
        self.settle(bit, patterns);
    }

    /// Both sides' patterns, X's then O's, at the empty cell at place `at` of `line` in `direction`.
    fn line_patterns(&self, direction: usize, line: usize, at: usize) -> [Pattern; 2] {
        let reach = reach(self.shape.k(), self.shape.exact());
        let shift = PAD + at - reach;
        let mask = (1u64 << (2 * reach + 1)) - 1;
        // The neighbourhood has at most 31 bits.
        let window = |word: u64| (word >> shift & mask) as u32;
        self.classes.patterns(
            window(self.stones[0][direction][line]),
            window(self.stones[1][direction][line]),
            window(self.outside[direction][line]),
        )
    }

    /// Gives the empty cell at `bit` its `patterns`, and brings its worth and its place in the sets in line with
    /// them.
    fn settle(&mut self, bit: usize, patterns: CellPatterns) {
        let before = std::mem::replace(&mut self.patterns[bit], patterns);
        for side in 0..2 {
            // A cell's worth to a side follows its patterns for that side: the same patterns, the same worth.
            if patterns.side_word(side) != before.side_word(side) {
                self.set_worth(bit, side, self.table[patterns.worth_index(side)]);
            }
        }
    }

    /// Takes every pattern, worth and set from the cell at `bit`, which a stone has just taken.
    fn clear(&mut self, bit: usize) {
        self.patterns[bit] = CellPatterns::DEAD;
        for side in 0..2 {
            self.set_worth(bit, side, 0);
        }
    }

    /// Gives the cell at `bit` the packed worth `new` to `side` (see [`WORTHS`]), in the side's total and sets too.
    fn set_worth(&mut self, bit: usize, side: usize, new: u32) {
        let old = self.worths[bit][side];
        if new == old {
            return;
        }
        self.worths[bit][side] = new;
        self.totals[side] += i64::from(new >> WORTH_FLAGS) - i64::from(old >> WORTH_FLAGS);
        let changed = (new ^ old) & ((1 << WORTH_FLAGS) - 1);
        if changed == 0 {
            return;
        }
        // The flag changed: so did the cell's membership, one bit of one word of each set.
        let (word, mask) = (bit / 64, 1u64 << (bit % 64));
        let flip = |flag: u32| if changed >> flag & 1 != 0 { mask } else { 0 };
        self.fives[side].0[word] ^= flip(0);
        self.fours[side].0[word] ^= flip(1);
        self.wins[side].0[word] ^= flip(2);
        self.threats[side].0[word] ^= flip(3);
    }

    /// The empty cells.
    pub(crate) fn empty(&self) -> Bits {
        self.empty
    }

    /// The position's Zobrist key: the exclusive or of its stones' [`stone_key`]s.
    pub(crate) fn key(&self) -> u64 {
        self.key
    }

    /// The cells where `player` completes a line.
    pub(crate) fn fives(&self, player: Player) -> Bits {
        self.fives[player as usize]
    }

    /// The cells where `player` makes a four or an open four (a line that one more stone completes).
    pub(crate) fn fours(&self, player: Player) -> Bits {
        self.fours[player as usize]
    }

    /// The cells where `player` makes an open four or two fours: unless the other side completes a line first,
    /// `player` then completes one with its next move.
    pub(crate) fn wins(&self, player: Player) -> Bits {
        self.wins[player as usize]
    }

    /// The cells where `player` makes a four, an open three, or two threes.
    pub(crate) fn threats(&self, player: Player) -> Bits {
        self.threats[player as usize]
    }

    /// `player`'s patterns at the cell at `bit`, by direction.
    #[cfg(test)]
    pub(crate) fn patterns(&self, bit: usize, player: Player) -> [Pattern; 4] {
        self.patterns[bit].side(player as usize)
    }

    /// The cell at `bit`'s worth to `player`: what its patterns there add up to.
    pub(crate) fn value(&self, bit: usize, player: Player) -> i32 {
        // Values are far below 2^28.
        (self.worths[bit][player as usize] >> WORTH_FLAGS) as i32
    }

    /// The evaluation for `mover`, the side to move: the worth of its cells, which it can take first, less the
    /// opponent's.
    pub(crate) fn evaluate(&self, mover: Player) -> i32 {
        let mine = self.totals[mover as usize];
        let theirs = self.totals[mover.opponent() as usize];
        let score = mine * self.to_move / 100 - theirs;
        // In range after the clamp.
        score.clamp(-i64::from(EVAL_LIMIT), i64::from(EVAL_LIMIT)) as i32
    }

    /// An estimate of the score, for `mover`, of its quiet move on `bit` once the opponent is to move and the
    /// position is evaluated (see [`Lines::evaluate`], whose weights it follows): the side's cells lose the one
    /// taken and gain about twice its worth around it, the opponent's lose what it was worth to them.
    pub(crate) fn quiet_gain(&self, mover: Player, bit: usize) -> i32 {
        let (mine, theirs) = (
            self.totals[mover as usize] + i64::from(self.value(bit, mover)),
            self.totals[mover.opponent() as usize] - i64::from(self.value(bit, mover.opponent())),
        );
        // The opponent moves next: its cells count more, as in the evaluation.
        let score = mine - theirs * self.to_move / 100;
        score.clamp(-i64::from(EVAL_LIMIT), i64::from(EVAL_LIMIT)) as i32
    }

    /// How many of each of [`EVALUATION_FEATURES`] the empty cells hold for `player`: its evaluation's total
    /// is their sum weighted by [`evaluation_weights`].
    pub(crate) fn features(&self, player: Player) -> [u32; FEATURES] {
        let mut counts = [0; FEATURES];
        for bit in self.empty.iter() {
            for (count, feature) in counts
                .iter_mut()
                .zip(features(self.patterns[bit].side(player as usize)))
            {
                *count += feature;
            }
        }
        counts
    }

    /// The board's shape.
    pub(crate) fn shape(&self) -> Shape {
        self.shape
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::Rng;

    fn shape(rows: usize, cols: usize, k: usize) -> Shape {
        Shape::new(rows, cols, k).unwrap()
    }

    /// The evaluation of `text` (rows separated by `/`) with `k` in a row, for the side to move.
    fn evaluation(text: &str, rows: usize, cols: usize, k: usize) -> i32 {
        let position = Grid::parse(text, shape(rows, cols, k)).unwrap();
        Lines::new(&position).evaluate(position.to_move())
    }

    #[test]
    fn the_evaluation_favours_open_lines_and_turns_with_the_side() {
        assert!(
            evaluation("...../.XX../..O../.....", 4, 5, 3) < 0,
            "O to move, X better"
        );
        assert!(
            evaluation("O..../.XX../..O../.....", 4, 5, 3) > 0,
            "X to move, X better"
        );
        // Nothing on the board: the side to move takes the first cell.
        assert!(evaluation("...../...../...../.....", 4, 5, 3) > 0);
    }

    #[test]
    fn between_equal_marks_the_side_to_move_is_ahead() {
        // O's marks are X's turned half a turn, then mirrored: the lines are alike, and only the move tells the
        // sides apart.
        assert!(evaluation("X.../.X../..O./...O", 4, 4, 3) > 0, "X to move");
        assert!(evaluation("...../.X.O./.....", 3, 5, 3) > 0, "X to move");
    }

    /// The pattern of a row written as text, `.` empty, `X` own, `O` blocked, with `*` the cell asked about.
    fn row_pattern(text: &str, k: usize) -> Pattern {
        rule_pattern(text, k, false)
    }

    /// [`row_pattern`] under the standard rule if `exact`.
    fn rule_pattern(text: &str, k: usize, exact: bool) -> Pattern {
        let centre = text.find('*').unwrap();
        let reach = reach(k, exact);
        let (mut own, mut blocked) = (0, 0);
        for offset in 0..2 * reach + 1 {
            let at = (centre + offset).checked_sub(reach);
            match at.and_then(|at| text.as_bytes().get(at)) {
                Some(b'X') => own |= 1 << offset,
                Some(b'.' | b'*') => {}
                _ => blocked |= 1 << offset,
            }
        }
        classify(k, exact, own, blocked)
    }

    #[test]
    fn under_the_standard_rule_an_overline_is_no_five() {
        let cases = [
            ("..XX*XX..", Pattern::Five),
            // Six in a row does not win: the cell makes nothing in that line.
            ("XXX*XX", Pattern::Dead),
            (".XXX*XX.", Pattern::Dead),
            // A four whose completing cell would make six is no four.
            (".X.XX*..", Pattern::Four),
            ("XX.XX*.", Pattern::Dead),
            ("X.XX*..", Pattern::Four),
            // An open three one of whose ends would make an overline is a plain three.
            ("X.XX*...", Pattern::Four),
            ("..XX*...", Pattern::OpenThree),
            (".XX*..X", Pattern::Three),
        ];
        for (text, pattern) in cases {
            assert_eq!(rule_pattern(text, 5, true), pattern, "{text}");
        }
        // Free-style, the same rows.
        assert_eq!(rule_pattern("XXX*XX", 5, false), Pattern::Five);
        assert_eq!(rule_pattern("XX.XX*.", 5, false), Pattern::Four);
        assert_eq!(rule_pattern(".XX*..X", 5, false), Pattern::OpenThree);
    }

    #[test]
    fn gomoku_shapes_have_their_names() {
        let cases = [
            ("..XX*XX..", Pattern::Five),
            ("..XX*X..", Pattern::OpenFour),
            ("..XXX*..", Pattern::OpenFour),
            ("OXXX*..", Pattern::Four),
            (".X.X*X.X.", Pattern::OpenFour),
            ("..XX*...", Pattern::OpenThree),
            ("..X.*X...", Pattern::OpenThree),
            ("OXX*...", Pattern::Three),
            ("...*X...", Pattern::OpenTwo),
            ("O*X...", Pattern::Two),
            ("...*....", Pattern::One),
            ("O..*.O", Pattern::Dead),
            // Six in a row wins too.
            ("XXX*XX", Pattern::Five),
        ];
        for (text, pattern) in cases {
            assert_eq!(row_pattern(text, 5), pattern, "{text}");
        }
        // Shapes follow k: with three in a row, two is a four.
        assert_eq!(row_pattern(".X*.", 3), Pattern::OpenFour);
        assert_eq!(row_pattern("OX*.", 3), Pattern::Four);
        assert_eq!(row_pattern("..*..", 3), Pattern::OpenThree);
        assert_eq!(row_pattern("X*", 3), Pattern::Dead);
        // The table agrees with the plain definition for every neighbourhood.
        for (k, exact) in (3..=TABLE_MAX_K).flat_map(|k| [(k, false), (k, true)]) {
            let classifier = Classes::of(k, exact);
            let width = 2 * reach(k, exact) + 1;
            for own in 0..1u32 << width {
                for blocked in [0, 1, 1 << (width - 1), 0b1010_1010 & ((1 << width) - 1)] {
                    let (own, blocked) = (own & !blocked & !(1 << reach(k, exact)), blocked);
                    let expected = classify(k, exact, own, blocked);
                    // The blocked cells split between the other side's stones and the board's edge.
                    let (other, outside) = (blocked & 0x5555_5555, blocked & !0x5555_5555);
                    assert_eq!(classifier.patterns(own, other, outside)[0], expected);
                    assert_eq!(classifier.patterns(other, own, outside)[1], expected);
                }
            }
        }
    }

    /// The patterns of `grid` counted plainly: for each empty cell, side and direction, the neighbourhood read off
    /// the board cell by cell.
    fn plain_patterns(grid: &Grid) -> Vec<[[Pattern; 4]; 2]> {
        let s = grid.shape();
        let reach = reach(s.k(), s.exact()) as isize;
        (0..s.cells())
            .map(|cell| {
                let (row, col) = ((cell / s.cols()) as isize, (cell % s.cols()) as isize);
                std::array::from_fn(|side| {
                    let player = [Player::X, Player::O][side];
                    std::array::from_fn(|direction| {
                        if grid.get(cell).is_some() {
                            return Pattern::Dead;
                        }
                        let (dr, dc) = DIRECTIONS[direction];
                        let (mut own, mut blocked) = (0, 0);
                        for offset in 0..2 * reach + 1 {
                            let (r, c) = (
                                row + (offset - reach) * dr as isize,
                                col + (offset - reach) * dc,
                            );
                            let on_board =
                                r >= 0 && c >= 0 && r < s.rows() as isize && c < s.cols() as isize;
                            match on_board.then(|| grid.get((r * s.cols() as isize + c) as usize)) {
                                Some(Some(p)) if p == player => own |= 1 << offset,
                                Some(None) => {}
                                _ => blocked |= 1 << offset,
                            }
                        }
                        classify(s.k(), s.exact(), own, blocked)
                    })
                })
            })
            .collect()
    }

    #[test]
    fn patterns_kept_move_by_move_are_the_patterns_of_the_position() {
        let mut rng = Rng::new(11);
        for s in [
            shape(15, 15, 5),
            shape(7, 9, 4),
            shape(6, 5, 4),
            shape(3, 3, 3),
            shape(9, 9, 6),
            shape(8, 12, 7),
            shape(15, 15, 5).with_rule(crate::Rule::Standard),
            shape(9, 9, 4).with_rule(crate::Rule::Standard),
        ] {
            for _ in 0..3 {
                let mut grid = Grid::empty(s);
                let mut lines = Lines::new(&grid);
                let mut played = Vec::new();
                while !grid.is_over() && played.len() < 40 {
                    let legal: Vec<usize> = grid.legal_moves().collect();
                    let cell = legal[rng.below(legal.len())];
                    let player = grid.to_move();
                    lines.place(player, s.bit_of(cell));
                    grid = grid.play(cell);
                    played.push((player, cell));
                    // Now and then take a move back.
                    if rng.below(4) == 0 {
                        let (player, cell) = played.pop().unwrap();
                        lines.take_back(player, s.bit_of(cell));
                        grid = Grid::empty(s);
                        for &(_, cell) in &played {
                            grid = grid.play(cell);
                        }
                    }
                    check(&lines, &grid);
                }
            }
        }
    }

    #[test]
    fn the_weights_are_data_and_the_features_add_up_to_the_evaluation() {
        assert_eq!(parse_weights(WEIGHTS_FILE), Ok(evaluation_weights()));
        assert!(parse_weights("one 1")
            .unwrap_err()
            .starts_with("no weight for two"));
        assert!(parse_weights("six 1").unwrap_err().contains("six"));
        assert!(parse_weights("to_move 99")
            .unwrap_err()
            .contains("100 to 400"));
        let without_to_move: String = WEIGHTS_FILE
            .lines()
            .filter(|line| !line.starts_with("to_move"))
            .map(|line| format!("{line}\n"))
            .collect();
        assert_eq!(
            parse_weights(&without_to_move),
            Err("no weight for to_move".to_owned())
        );
        let weights = evaluation_weights().features;
        let mut rng = Rng::new(5);
        let s = shape(15, 15, 5);
        let mut grid = Grid::empty(s);
        for _ in 0..30 {
            let legal: Vec<usize> = grid.legal_moves().collect();
            grid = grid.play(legal[rng.below(legal.len())]);
            if grid.is_over() {
                break;
            }
            let lines = Lines::new(&grid);
            for (side, player) in [Player::X, Player::O].into_iter().enumerate() {
                let features = evaluation_features(&grid)[side];
                let weighted: i64 = (features.iter().zip(weights))
                    .map(|(&count, weight)| i64::from(count) * i64::from(weight))
                    .sum();
                let total: i64 = lines
                    .empty()
                    .iter()
                    .map(|bit| i64::from(lines.value(bit, player)))
                    .sum();
                assert_eq!(weighted, total);
            }
        }
    }

    /// Fails unless `lines` hold the patterns, sets and totals of `grid`, as counted afresh and plainly.
    fn check(lines: &Lines, grid: &Grid) {
        let s = grid.shape();
        let fresh = Lines::new(grid);
        let plain = plain_patterns(grid);
        let weights = evaluation_weights().features;
        for (cell, plain) in plain.iter().enumerate() {
            let bit = s.bit_of(cell);
            for (side, player) in [Player::X, Player::O].into_iter().enumerate() {
                assert_eq!(lines.patterns(bit, player), plain[side], "{grid} {cell}");
                assert_eq!(lines.value(bit, player), fresh.value(bit, player));
                // The worth and the sets as the plain patterns make them (all dead on a taken cell, so no worth),
                // not only as a fresh build does: a wrong update could be wrong the same way in both.
                let worth = worth(plain[side], &weights);
                let kept = (
                    lines.fives(player).contains(bit),
                    lines.fours(player).contains(bit),
                    lines.wins(player).contains(bit),
                    lines.threats(player).contains(bit),
                );
                assert_eq!(
                    (lines.value(bit, player), kept),
                    (
                        worth.value,
                        (worth.five, worth.four, worth.win, worth.threat)
                    ),
                    "{grid} {cell}"
                );
            }
        }
        for player in [Player::X, Player::O] {
            assert_eq!(lines.fives(player), fresh.fives(player));
            assert_eq!(lines.fours(player), fresh.fours(player));
            assert_eq!(lines.wins(player), fresh.wins(player));
            assert_eq!(lines.threats(player), fresh.threats(player));
            assert_eq!(lines.evaluate(player), fresh.evaluate(player));
            // A five cell is where the side completes a line.
            for bit in lines.fives(player).iter() {
                let cell = s.cell_of(bit);
                let mut after = *grid;
                after.place(player, bit);
                assert!(s.has_line(after.stones(player)), "{grid} {cell}");
            }
        }
        assert_eq!(lines.empty(), grid.empty_bits());
    }
}
