//! Minimax in negamax form with alpha-beta pruning and depth-aware scores, for the 3x3 board.
//!
//! A score is always from the point of view of the side to move. A game that ends with `n` marks on the board is
//! worth `10 - n` to its winner and `n - 10` to its loser (the classic "+10 minus depth", counted from the empty
//! board so that a score does not depend on where the search started); a draw is worth 0. A quicker win is
//! therefore worth more, and a later loss costs less, which makes the engine take the fastest win and delay a loss.
//!
//! The search is the one loop of [`super::negamax`], with [`Board`] as its position (the rules and knowledge of
//! the 3x3 board are here: move order, symmetries, a table of every position) and the settings of [`ENGINE`],
//! which adds three things to alpha-beta, none of which changes a result:
//! - move ordering: a winning move first, then a move that blocks the opponent's win, then the centre, the
//!   corners and the edges, so that the best move tends to come first and cut the most;
//! - a transposition table: the score (or bound) of each position searched to the end of the game, kept for the
//!   length of one call, since the same position is reached by many move orders (there are only 5,478);
//! - symmetry at the root: when a rotation or reflection leaves the position unchanged, moves that it maps onto
//!   each other have the same value, and only one of them is searched (three of the nine on the empty board).
//!
//! The loop's own scores count a win as `WIN - n`; this module states them as `10 - n` at its edges
//! ([`classic_score`]).
//!
//! Node counts (`nodes` in the results) are the positions the search visited, the root included; a position
//! answered from the table counts as visited. They depend on the move order; [`super::insight`] compares them
//! with plain minimax and with alpha-beta in increasing cell order.

use super::board::{Board, Player, CELLS, FULL, LINE_MASKS};
use super::deep::StoppedClock;
use super::negamax::{
    classic_score, from_classic_score, Bound, Core, Entry, Memory, Order, Position, Settings,
    Table, Tactics, COMPLETE, INFINITY, NO_MOVE,
};
use super::rng::Rng;
use std::cmp::Ordering;
use std::sync::LazyLock;

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
    pub(crate) fn from_score(score: i8, marks: u32) -> Value {
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
            .find(|level| level.name().eq_ignore_ascii_case(name.trim_ascii()))
    }

    /// One sentence for players on what the level does.
    pub const fn description(self) -> &'static str {
        match self {
            Level::Easy => {
                "Easy looks one move ahead: it takes a win when it has one, and does not look for yours (it blocks one only by chance)."
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

/// Cells the heuristic order tries first when nothing else tells them apart: the centre, then the corners, then
/// the edges (the centre lies on four lines, a corner on three, an edge on two).
const CENTRE_CORNERS_EDGES: [usize; CELLS] = [4, 0, 2, 6, 8, 1, 3, 5, 7];

/// Lookups by a mask of cells (`1 << CELLS` entries each) that spare the search's inner loop some work. Computed
/// on the first search rather than at compile time: the page downloads the few lines that compute them instead of
/// the tables themselves, and computing them takes microseconds, once.
struct Tables {
    /// The same cells as ranks in [`CENTRE_CORNERS_EDGES`] (bit `k` set when the `k`-th cell of that order is in
    /// the mask), so that its set bits, lowest first, list the cells in that order.
    in_order_of_preference: [u16; 1 << CELLS],
    /// Whether the mask holds a whole line: a lookup instead of eight tests in the inner loop.
    holds_line: [bool; 1 << CELLS],
    /// The cells outside the mask that would complete a line with two of its cells.
    completions: [u16; 1 << CELLS],
    /// The mask read as a base-3 number whose digit is 1 at each cell of the mask: with it, a position's index in
    /// the transposition table is `ternary[x] + 2 * ternary[o]`, below 3^9.
    ternary: [u16; 1 << CELLS],
}

impl Tables {
    fn new() -> Tables {
        let mut tables = Tables {
            in_order_of_preference: [0; 1 << CELLS],
            holds_line: [false; 1 << CELLS],
            completions: [0; 1 << CELLS],
            ternary: [0; 1 << CELLS],
        };
        for mask in 0..1u16 << CELLS {
            let index = usize::from(mask);
            for (rank, &cell) in CENTRE_CORNERS_EDGES.iter().enumerate() {
                if mask & (1 << cell) != 0 {
                    tables.in_order_of_preference[index] |= 1 << rank;
                }
            }
            for line in LINE_MASKS {
                match (mask & line).count_ones() {
                    3 => tables.holds_line[index] = true,
                    2 => tables.completions[index] |= line & !mask,
                    _ => {}
                }
            }
            let mut weight = 1;
            for cell in 0..CELLS {
                if mask & (1 << cell) != 0 {
                    tables.ternary[index] += weight;
                }
                weight *= 3;
            }
        }
        tables
    }

    /// The empty cells (of `empty`) that complete a line of `mine`: where `mine` wins at once.
    fn completing_cells(&self, mine: u16, empty: u16) -> u16 {
        self.completions[usize::from(mine)] & empty
    }
}

/// The search's [`Tables`], computed on first use.
fn tables() -> &'static Tables {
    static TABLES: LazyLock<Tables> = LazyLock::new(Tables::new);
    &TABLES
}

/// The cells of `empty` (a mask of empty cells of `board`) in `order`, into `moves`.
fn arrange(board: Board, empty: u16, order: Order, moves: &mut Vec<usize>) {
    let mut push_cells = |mut rest: u16| {
        while rest != 0 {
            moves.push(rest.trailing_zeros() as usize);
            rest &= rest - 1;
        }
    };
    match order {
        Order::Cells => push_cells(empty),
        Order::Heuristic => {
            let tables = tables();
            let mover = board.to_move();
            let wins = tables.completing_cells(board.mask(mover), empty);
            let blocks = tables.completing_cells(board.mask(mover.opponent()), empty) & !wins;
            for class in [wins, blocks, empty & !(wins | blocks)] {
                // Bit k of the rank mask is the k-th cell of the order.
                let mut ranks = tables.in_order_of_preference[usize::from(class)];
                while ranks != 0 {
                    moves.push(CENTRE_CORNERS_EDGES[ranks.trailing_zeros() as usize]);
                    ranks &= ranks - 1;
                }
            }
        }
    }
}

/// The settings of the engine's own search: alpha-beta with the order of wins, blocks, centre, corners and edges,
/// a table of the positions with three or more empty cells searched to the end of the game (searching the others
/// again is about as cheap as looking them up, and a search that starts among them never allocates the table),
/// and a stop at the quickest win, which no other move can beat (with wins tried first, such a position costs one
/// child).
pub(crate) const ENGINE: Settings = Settings {
    order: Order::Heuristic,
    memory: Memory::Complete {
        from_empty_cells: 3,
    },
    stop_at_quickest_win: true,
    ..Settings::alpha_beta()
};

/// Entries in the 3x3 table: one for each way of filling the nine cells with X, O or nothing.
const TABLE_SIZE: usize = 19_683;

/// The 3x3 board's transposition table: one byte per way of filling the cells, indexed by the position's key
/// (below 3^9, so no two positions share a slot), empty until the first position is remembered. A byte holds
/// the bound in its low two bits and the score, as `10 - n`, plus 16 above them, so that a fresh table is all
/// zero bytes (which the allocator hands out cheaply). It keeps only complete entries, which is all the 3x3
/// searches remember.
pub(crate) struct ClassicTable {
    entries: Vec<u8>,
}

impl Table for ClassicTable {
    fn with_bits(_bits: u32) -> ClassicTable {
        ClassicTable {
            entries: Vec::new(),
        }
    }

    fn get(&self, key: u64) -> Option<Entry> {
        let byte = *self.entries.get(key as usize)?;
        let bound = match byte & 3 {
            0 => return None,
            1 => Bound::Exact,
            2 => Bound::Lower,
            _ => Bound::Upper,
        };
        Some(Entry {
            key,
            score: from_classic_score((byte >> 2) as i8 - 16),
            best: NO_MOVE,
            depth: COMPLETE,
            bound,
        })
    }

    fn put(&mut self, entry: Entry) {
        if entry.depth != COMPLETE {
            return;
        }
        if self.entries.is_empty() {
            self.entries = vec![0; TABLE_SIZE];
        }
        let bound = match entry.bound {
            Bound::Unused => 0,
            Bound::Exact => 1,
            Bound::Lower => 2,
            Bound::Upper => 3,
        };
        // A 3x3 score lies within -10 to 10, so the byte holds it.
        self.entries[entry.key as usize] = ((classic_score(entry.score) + 16) as u8) << 2 | bound;
    }
}

impl Position for Board {
    type Table = ClassicTable;
    /// Nine cells need no windows worked out in advance: the lookup tables cover them.
    type Context = ();
    /// Every position has a slot of its own, and so does each of its mirror images: nine cells make few.
    type Frame = ();

    fn prepare(&self, _context: &mut ()) {}

    fn key(&self) -> (u64, ()) {
        let tables = tables();
        let x = tables.ternary[usize::from(self.mask(Player::X))];
        let o = tables.ternary[usize::from(self.mask(Player::O))];
        (u64::from(x) + 2 * u64::from(o), ())
    }

    fn entry_cell(&self, _: (), cell: usize) -> usize {
        cell
    }

    fn own_cell(&self, _: (), cell: usize) -> usize {
        cell
    }

    fn marks(&self) -> u32 {
        Board::marks(*self)
    }

    fn empty_cells(&self) -> u32 {
        CELLS as u32 - Board::marks(*self)
    }

    fn cells(&self) -> u32 {
        CELLS as u32
    }

    fn lost(&self) -> bool {
        // Only the side that just moved can have won.
        tables().holds_line[usize::from(self.mask(self.to_move().opponent()))]
    }

    fn drawn(&self, _context: &()) -> bool {
        // Every line holds both marks.
        let (x, o) = (self.mask(Player::X), self.mask(Player::O));
        LINE_MASKS
            .iter()
            .all(|&line| line & x != 0 && line & o != 0)
    }

    fn is_legal(&self, cell: usize) -> bool {
        cell < CELLS && self.legal_mask() & (1 << cell) != 0
    }

    fn play(&self, cell: usize) -> Board {
        self.play_unchecked(1 << cell)
    }

    fn tactics(&self, _context: &mut (), settings: &Settings, moves: &mut Vec<usize>) -> Tactics {
        moves.clear();
        let mover = self.to_move();
        let (mine, theirs) = (self.mask(mover), self.mask(mover.opponent()));
        let empty = !(mine | theirs) & FULL;
        if settings.tactics {
            let tables = tables();
            let wins = tables.completing_cells(mine, empty);
            if wins != 0 {
                return Tactics::Win(wins.trailing_zeros() as usize);
            }
            let threats = tables.completing_cells(theirs, empty);
            match threats.count_ones() {
                0 => {}
                // Any other move loses at once.
                1 => {
                    moves.push(threats.trailing_zeros() as usize);
                    return Tactics::Search { narrowed: false };
                }
                _ => return Tactics::Lost(threats.trailing_zeros() as usize),
            }
        }
        arrange(*self, empty, settings.order, moves);
        Tactics::Search { narrowed: false }
    }

    fn far_moves(&self, _context: &(), _settings: &Settings, _moves: &mut Vec<usize>) {}

    fn evaluate(&self, _context: &()) -> i32 {
        0
    }

    fn evaluate_after(&self, _context: &(), _cell: usize) -> Option<i32> {
        None
    }

    fn representatives(&self) -> Vec<usize> {
        representatives(*self).to_vec()
    }
}

/// The eight symmetries of the board, rotations and reflections: entry `i` of each is where cell `i` goes.
const SYMMETRIES: [[u8; CELLS]; 8] = [
    [0, 1, 2, 3, 4, 5, 6, 7, 8],
    [2, 5, 8, 1, 4, 7, 0, 3, 6],
    [8, 7, 6, 5, 4, 3, 2, 1, 0],
    [6, 3, 0, 7, 4, 1, 8, 5, 2],
    [2, 1, 0, 5, 4, 3, 8, 7, 6],
    [8, 5, 2, 7, 4, 1, 6, 3, 0],
    [6, 7, 8, 3, 4, 5, 0, 1, 2],
    [0, 3, 6, 1, 4, 7, 2, 5, 8],
];

/// The image of a mask of cells under a symmetry.
fn map_cells(mask: u16, symmetry: &[u8; CELLS]) -> u16 {
    let mut image = 0;
    for (cell, &to) in symmetry.iter().enumerate() {
        if mask & (1 << cell) != 0 {
            image |= 1 << to;
        }
    }
    image
}

/// For each cell, the lowest cell that a symmetry of `board` leaving it unchanged maps it to. Moves to cells
/// with the same representative lead to mirror images of one position, so they have the same value, and the
/// root of a search needs to search only one of them.
fn representatives(board: Board) -> [usize; CELLS] {
    let mut representative: [usize; CELLS] = std::array::from_fn(|cell| cell);
    let (x, o) = (board.mask(Player::X), board.mask(Player::O));
    for symmetry in &SYMMETRIES[1..] {
        if map_cells(x, symmetry) == x && map_cells(o, symmetry) == o {
            for (cell, &to) in symmetry.iter().enumerate() {
                representative[cell] = representative[cell].min(usize::from(to));
            }
        }
    }
    representative
}

/// A search of the 3x3 board with `settings`, which reads no clock.
pub(crate) fn search_with<R>(settings: Settings, run: impl FnOnce(&mut Core<'_, Board>) -> R) -> R {
    let mut clock = StoppedClock;
    run(&mut Core::new(settings, &mut clock))
}

/// A full-window search of `board` to the end of the game with `settings`, the root counted as a node: its score
/// (as `10 - n`), the first move in the settings' order that reaches it (`None` when the game is over), and the
/// nodes visited.
pub(crate) fn search_root(board: Board, settings: Settings) -> (i8, Option<usize>, u64) {
    search_with(settings, |core| {
        let score = core.negamax(&board, -INFINITY, INFINITY, FULL_DEPTH, 0);
        (classic_score(score), core.root_best(), core.nodes())
    })
}

/// The exact value of `board` for the side to move, and the nodes visited to find it.
pub fn evaluate(board: Board) -> (Value, u64) {
    let (score, _, nodes) = search_root(board, ENGINE);
    (Value::from_score(score, board.marks()), nodes)
}

/// The exact value of every legal move: each move is searched with its own full window, so no value is a bound
/// (a move whose result mirrors an earlier move's, by a symmetry of the board, takes that move's value).
pub fn analyze(board: Board) -> Analysis {
    search_with(ENGINE, |core| {
        core.count_root();
        let representative = representatives(board);
        let mut scores = [0; CELLS];
        let mut moves = Vec::with_capacity(CELLS);
        for cell in board.legal_moves() {
            // A representative is never above its cell, so in cell order it is scored first.
            scores[cell] = if representative[cell] == cell {
                let child = board.play(cell);
                classic_score(-core.negamax(&child, -INFINITY, INFINITY, FULL_DEPTH, 1))
            } else {
                scores[representative[cell]]
            };
            moves.push(MoveValue {
                cell,
                value: Value::from_score(scores[cell], board.marks()),
            });
        }
        Analysis {
            moves,
            nodes: core.nodes(),
        }
    })
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
    search_with(ENGINE, |core| {
        core.count_root();
        let mut best = -INFINITY;
        // The representatives (see `representatives`) of the best moves so far.
        let mut best_representatives = 0u16;
        let representative = representatives(board);
        let mut moves = Vec::with_capacity(CELLS);
        arrange(board, board.legal_mask(), ENGINE.order, &mut moves);
        for cell in moves {
            if representative[cell] != cell {
                continue;
            }
            // A window just below the best so far: a result inside it is exact, one at its floor is worse.
            let alpha = if best_representatives == 0 {
                -INFINITY
            } else {
                best - 1
            };
            let child = board.play_unchecked(1 << cell);
            let score = -core.negamax(&child, -INFINITY, -alpha, depth - 1, 1);
            if best_representatives == 0 || score > best {
                best = score;
                best_representatives = 1 << cell;
            } else if score == best {
                best_representatives |= 1 << cell;
            }
        }
        let cells: Vec<usize> = board
            .legal_moves()
            .filter(|&cell| best_representatives & (1 << representative[cell]) != 0)
            .collect();
        let value =
            (!cells.is_empty()).then(|| Value::from_score(classic_score(best), board.marks()));
        BestMoves {
            cells,
            value,
            nodes: core.nodes(),
        }
    })
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
    use crate::engine::negamax::Scoring;
    use crate::engine::LINES;

    fn board(text: &str) -> Board {
        text.parse().unwrap()
    }

    #[test]
    fn the_tables_say_what_their_masks_hold() {
        let tables = tables();
        let mut indices = std::collections::HashSet::new();
        for mask in 0..1u16 << CELLS {
            let index = usize::from(mask);
            let cells: Vec<usize> = (0..CELLS).filter(|cell| mask & (1 << cell) != 0).collect();
            let line_of = |line: &[usize; 3]| line.iter().all(|cell| cells.contains(cell));
            assert_eq!(
                tables.holds_line[index],
                LINES.iter().any(line_of),
                "{mask:09b}"
            );
            let completing: Vec<usize> = (0..CELLS)
                .filter(|cell| !cells.contains(cell))
                .filter(|cell| {
                    LINES.iter().any(|line| {
                        line.contains(cell)
                            && line.iter().filter(|c| cells.contains(c)).count() == 2
                    })
                })
                .collect();
            let completions = tables.completions[index];
            assert_eq!(
                completing,
                (0..CELLS)
                    .filter(|c| completions & (1 << c) != 0)
                    .collect::<Vec<_>>()
            );
            let ranks = tables.in_order_of_preference[index];
            let in_order: Vec<usize> = (0..CELLS)
                .filter(|rank| ranks & (1 << rank) != 0)
                .map(|rank| CENTRE_CORNERS_EDGES[rank])
                .collect();
            let expected: Vec<usize> = CENTRE_CORNERS_EDGES
                .into_iter()
                .filter(|c| cells.contains(c))
                .collect();
            assert_eq!(in_order, expected);
            let ternary: usize = cells.iter().map(|&cell| 3usize.pow(cell as u32)).sum();
            assert_eq!(usize::from(tables.ternary[index]), ternary);
            indices.insert(ternary);
        }
        assert_eq!(indices.len(), 1 << CELLS);
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

    /// Every position reachable from `board`, `board` included.
    fn positions_from(board: Board, seen: &mut std::collections::HashSet<Board>) {
        if seen.insert(board) {
            for cell in board.legal_moves() {
                positions_from(board.play(cell), seen);
            }
        }
    }

    /// Textbook depth-limited negamax: every move in cell order, no pruning, no memory; a position open at the
    /// horizon scores 0.
    fn plain_negamax(board: Board, depth: u32) -> i8 {
        if board.winner().is_some() {
            return board.marks() as i8 - 10;
        }
        if board.is_over() || depth == 0 {
            return 0;
        }
        board
            .legal_moves()
            .map(|cell| -plain_negamax(board.play(cell), depth - 1))
            .max()
            .unwrap()
    }

    #[test]
    fn every_depth_limited_choice_matches_plain_minimax() {
        let mut positions = std::collections::HashSet::new();
        positions_from(Board::EMPTY, &mut positions);
        for board in positions.into_iter().filter(|board| !board.is_over()) {
            for depth in 1..=FULL_DEPTH {
                let scores: Vec<(usize, i8)> = board
                    .legal_moves()
                    .map(|cell| (cell, -plain_negamax(board.play(cell), depth - 1)))
                    .collect();
                let best = scores.iter().map(|&(_, score)| score).max().unwrap();
                let expected: Vec<usize> = scores
                    .iter()
                    .filter(|&&(_, score)| score == best)
                    .map(|&(cell, _)| cell)
                    .collect();
                let found = best_moves_within(board, depth);
                assert_eq!(found.cells, expected, "{board} depth {depth}");
                assert_eq!(
                    found.value,
                    Some(Value::from_score(best, board.marks())),
                    "{board} depth {depth}"
                );
            }
        }
    }

    #[test]
    fn the_table_the_ordering_and_symmetry_save_most_of_the_search() {
        // Alpha-beta alone, in cell order, visits 20,866 nodes from the empty board; with ordering, 2,096.
        assert!(best_moves(Board::EMPTY).nodes < 1_000);
        assert!(analyze(Board::EMPTY).nodes < 1_000);
        assert!(evaluate(Board::EMPTY).1 < 1_500);
    }

    #[test]
    fn every_setting_of_the_core_finds_the_same_score() {
        // The grid's shortcuts, on the 3x3 board: each is exact, so only the node counts may differ.
        let shortcuts = Settings {
            tactics: true,
            mate_distance_bounds: true,
            dead_draws: true,
            ..ENGINE
        };
        let plain = Settings {
            scoring: Scoring::Plain,
            ..Settings::alpha_beta()
        };
        let mut positions = std::collections::HashSet::new();
        positions_from(Board::EMPTY, &mut positions);
        for board in positions {
            let (score, best, nodes) = search_root(board, ENGINE);
            for settings in [Settings::alpha_beta(), Settings::plain_minimax(), shortcuts] {
                let (other, other_best, other_nodes) = search_root(board, settings);
                assert_eq!(other, score, "{board} {settings:?}");
                assert_eq!(other_best.is_some(), best.is_some(), "{board} {settings:?}");
                if settings == shortcuts {
                    assert!(other_nodes <= nodes, "{board}");
                }
            }
            assert_eq!(search_root(board, plain).0, score.signum(), "{board}");
        }
    }

    #[test]
    fn mirror_image_moves_share_a_representative() {
        assert_eq!(representatives(Board::EMPTY), [0, 1, 0, 1, 4, 1, 0, 1, 0]);
        // X in the corner: only the diagonal through it is a symmetry.
        assert_eq!(
            representatives(board("X........")),
            [0, 1, 2, 1, 4, 5, 2, 5, 8]
        );
        assert_eq!(
            representatives(board("XO.......")),
            [0, 1, 2, 3, 4, 5, 6, 7, 8]
        );
    }
}
