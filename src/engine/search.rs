//! Minimax in negamax form with alpha-beta pruning and depth-aware scores.
//!
//! A score is always from the point of view of the side to move. A game that ends with `n` marks on the board is
//! worth `10 - n` to its winner and `n - 10` to its loser (the classic "+10 minus depth", counted from the empty
//! board so that a score does not depend on where the search started); a draw is worth 0. A quicker win is
//! therefore worth more, and a later loss costs less, which makes the engine take the fastest win and delay a loss.
//!
//! The engine's search adds three things to alpha-beta, none of which changes a result:
//! - move ordering: a winning move first, then a move that blocks the opponent's win, then the centre, the
//!   corners and the edges, so that the best move tends to come first and cut the most;
//! - a transposition table: the score (or bound) of each position searched to the end of the game, kept for the
//!   length of one call, since the same position is reached by many move orders (there are only 5,478);
//! - symmetry at the root: when a rotation or reflection leaves the position unchanged, moves that it maps onto
//!   each other have the same value, and only one of them is searched (three of the nine on the empty board).
//!
//! The search can be watched without being copied: [`Searcher::negamax_observed`] reports each position it
//! enters, each cut-off and each score to a [`SearchObserver`], which is how [`super::trace`] shows alpha-beta
//! step by step. The engine's own searches pass [`Unobserved`], whose calls compile to nothing.
//!
//! Node counts (`nodes` in the results) are the positions the search visited, the root included; a position
//! answered from the table counts as visited. They depend on the move order; [`super::insight`] compares them
//! with plain minimax and with alpha-beta in increasing cell order.

use super::board::{Board, Player, CELLS, FULL, LINE_MASKS};
use super::rng::Rng;
use std::cmp::Ordering;
use std::sync::LazyLock;

/// A bound above every score: no game is worth more than 5 (a win with five marks down).
pub(crate) const INFINITY: i8 = 10;

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

/// The order in which a search tries the moves of a position.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum MoveOrder {
    /// Increasing cell order, 0 to 8.
    Cells,
    /// Winning moves first, then moves that block the opponent's win, then centre, corners and edges.
    WinsBlocksCentreCornersEdges,
}

impl MoveOrder {
    /// The cells of `empty` (a mask of the legal moves of `board`) in this order, as one-bit masks; the first
    /// `count` entries are used.
    fn arrange(self, tables: &Tables, board: Board, empty: u16) -> ([u16; CELLS], usize) {
        let mut moves = [0u16; CELLS];
        let mut count = 0;
        match self {
            MoveOrder::Cells => {
                let mut rest = empty;
                while rest != 0 {
                    moves[count] = rest & rest.wrapping_neg();
                    rest &= rest - 1;
                    count += 1;
                }
            }
            MoveOrder::WinsBlocksCentreCornersEdges => {
                let mover = board.to_move();
                let wins = tables.completing_cells(board.mask(mover), empty);
                let blocks = tables.completing_cells(board.mask(mover.opponent()), empty) & !wins;
                for class in [wins, blocks, empty & !(wins | blocks)] {
                    // Bit k of the rank mask is the k-th cell of the order.
                    let mut ranks = tables.in_order_of_preference[usize::from(class)];
                    while ranks != 0 {
                        moves[count] = 1 << CENTRE_CORNERS_EDGES[ranks.trailing_zeros() as usize];
                        ranks &= ranks - 1;
                        count += 1;
                    }
                }
            }
        }
        (moves, count)
    }
}

/// The fewest empty cells of a position the transposition table remembers.
const REMEMBER_FROM_EMPTY_CELLS: u32 = 3;

/// Entries in the transposition table: one for each way of filling the nine cells with X, O or nothing.
const TABLE_SIZE: usize = 19_683;

/// What a transposition-table entry knows about its position's score.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Bound {
    /// The position has not been searched.
    Unknown = 0,
    /// The score is exact.
    Exact = 1,
    /// The true score is at least this (the search failed high).
    Lower = 2,
    /// The true score is at most this (the search failed low).
    Upper = 3,
}

/// One position's entry in the transposition table, packed in a byte so that a fresh table is all zero bytes
/// (which the allocator hands out cheaply): the bound in the low two bits, the score plus 16 above them.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Entry(u8);

impl Entry {
    const fn new(score: i8, bound: Bound) -> Entry {
        Entry(((score + 16) as u8) << 2 | bound as u8)
    }

    const fn score(self) -> i8 {
        (self.0 >> 2) as i8 - 16
    }

    const fn bound(self) -> Bound {
        match self.0 & 3 {
            0 => Bound::Unknown,
            1 => Bound::Exact,
            2 => Bound::Lower,
            _ => Bound::Upper,
        }
    }
}

/// What a search tells whoever watches it run: the step-by-step trace of [`super::trace`] is one, so that it
/// shows the engine's own loop rather than a copy of it. Every method does nothing unless overridden.
///
/// Everything is in the search's negamax terms: a window `(alpha, beta)` and scores are from the point of view of
/// the side to move at `board`, with `alpha < beta` whenever a position is entered. The infinities of a full
/// window are `-INFINITY` and `INFINITY`, which no score reaches.
pub(crate) trait SearchObserver {
    /// The search enters `board` with the window `(alpha, beta)`, before it looks at anything, the
    /// transposition table included.
    fn visit(&mut self, _board: Board, _alpha: i8, _beta: i8) {}

    /// At `board`, the score of the child just searched, `best` (the best so far), reached `beta` (or is a win
    /// with the next move, when the searcher stops there) while moves remain: the search tries none of them.
    /// `alpha` is the node's alpha before that child, which does not raise it. Not called when the child was the
    /// position's last move: nothing is skipped.
    fn cut(&mut self, _board: Board, _alpha: i8, _beta: i8, _best: i8) {}

    /// `board`'s score is final: `score` (a finished game's score, a remembered one, or the best of the children
    /// searched). `alpha` is the node's alpha as it ended: raised by each child that improved on it, except one
    /// that caused a cut-off.
    fn leave(&mut self, _board: Board, _alpha: i8, _beta: i8, _score: i8) {}
}

/// The observer of the engine's own searches, which watches nothing.
pub(crate) struct Unobserved;

impl SearchObserver for Unobserved {}

/// A negamax alpha-beta search with depth-aware scores, an order of moves, and optionally a transposition table.
///
/// The table remembers, for every position searched to the end of the game, its score or a bound on it. Scores
/// count marks from the empty board, so they do not depend on the path to a position and a remembered score is
/// valid wherever the position recurs. Only searches that reach every end of the game (depth at least the
/// number of empty cells) read or write the table, so depth-limited searches never mix with full ones. Positions
/// with fewer than [`REMEMBER_FROM_EMPTY_CELLS`] empty cells are not remembered: searching them again is about as
/// cheap as looking them up, and a search that starts among them never allocates the table.
pub(crate) struct Searcher {
    tables: &'static Tables,
    order: MoveOrder,
    remember: bool,
    /// Empty until the first position is remembered, then [`TABLE_SIZE`] entries.
    table: Vec<u8>,
    stop_at_quickest_win: bool,
    /// Positions visited so far; a position answered from the table counts as visited.
    pub(crate) nodes: u64,
}

impl Searcher {
    /// A searcher trying moves in `order`, with a transposition table if `remember` is set. With
    /// `stop_at_quickest_win` it stops searching a position as soon as it finds a win with the next move, which
    /// no other move can beat (with wins tried first, such a position costs one child).
    pub(crate) fn new(order: MoveOrder, remember: bool, stop_at_quickest_win: bool) -> Searcher {
        Searcher {
            tables: tables(),
            order,
            remember,
            table: Vec::new(),
            stop_at_quickest_win,
            nodes: 0,
        }
    }

    /// The engine's searcher: heuristic move order, a transposition table, and a stop at the quickest win.
    pub(crate) fn engine() -> Searcher {
        Searcher::new(MoveOrder::WinsBlocksCentreCornersEdges, true, true)
    }

    fn table_index(&self, board: Board) -> usize {
        let x = self.tables.ternary[usize::from(board.mask(Player::X))];
        let o = self.tables.ternary[usize::from(board.mask(Player::O))];
        usize::from(x) + 2 * usize::from(o)
    }

    /// The negamax score of `board` for the side to move, searched within `(alpha, beta)` and `depth` plies
    /// deep.
    ///
    /// Fail-soft: a result at or below `alpha` is an upper bound, one at or above `beta` a lower bound, and one
    /// strictly between them exact. A position still open at the search's horizon scores 0, like a draw: the
    /// search cannot tell it apart from one.
    pub(crate) fn negamax(&mut self, board: Board, alpha: i8, beta: i8, depth: u32) -> i8 {
        self.negamax_observed(board, alpha, beta, depth, &mut Unobserved)
    }

    /// [`Searcher::negamax`], reporting each position it enters, each cut-off and each score to `observer` (see
    /// [`SearchObserver`] for what each call means). The loop is the same one: with [`Unobserved`] the calls
    /// compile to nothing.
    pub(crate) fn negamax_observed<O: SearchObserver>(
        &mut self,
        board: Board,
        mut alpha: i8,
        beta: i8,
        depth: u32,
        observer: &mut O,
    ) -> i8 {
        self.nodes += 1;
        observer.visit(board, alpha, beta);
        // Every way out of the node leaves this block, so that the observer hears of each score exactly once.
        let score = 'node: {
            let mover = board.to_move();
            let (mine, theirs) = (board.mask(mover), board.mask(mover.opponent()));
            let marks = (mine | theirs).count_ones() as i8;
            if self.tables.holds_line[usize::from(theirs)] {
                // Only the side that just moved can have won, so the side to move has lost.
                break 'node marks - 10;
            }
            let empty = !(mine | theirs) & FULL;
            if empty == 0 || depth == 0 {
                break 'node 0;
            }
            let empty_cells = empty.count_ones();
            let remembered =
                self.remember && depth >= empty_cells && empty_cells >= REMEMBER_FROM_EMPTY_CELLS;
            let index = self.table_index(board);
            if remembered && !self.table.is_empty() {
                let entry = Entry(self.table[index]);
                let score = entry.score();
                match entry.bound() {
                    Bound::Exact => break 'node score,
                    Bound::Lower if score >= beta => break 'node score,
                    Bound::Upper if score <= alpha => break 'node score,
                    _ => {}
                }
            }
            let original_alpha = alpha;
            let (moves, count) = self.order.arrange(self.tables, board, empty);
            // Winning with the next move is the best any position can do.
            let quickest_win = 9 - marks;
            let mut best = -INFINITY;
            for (tried, &bit) in moves[..count].iter().enumerate() {
                let score = -self.negamax_observed(
                    board.play_unchecked(bit),
                    -beta,
                    -alpha,
                    depth - 1,
                    observer,
                );
                if score > best {
                    best = score;
                    if score > alpha {
                        if score >= beta || (self.stop_at_quickest_win && score == quickest_win) {
                            // Alpha is left as it was, as the textbook's MAX-VALUE returns before raising it:
                            // nothing reads it after the loop but the observer.
                            if tried + 1 < count {
                                observer.cut(board, alpha, beta, best);
                            }
                            break;
                        }
                        alpha = score;
                    }
                }
            }
            if remembered {
                if self.table.is_empty() {
                    self.table = vec![0; TABLE_SIZE];
                }
                let table = &mut self.table;
                let bound = if best <= original_alpha {
                    Bound::Upper
                } else if best >= beta {
                    Bound::Lower
                } else {
                    Bound::Exact
                };
                // An exact score is never traded for a bound.
                if Entry(table[index]).bound() != Bound::Exact {
                    table[index] = Entry::new(best, bound).0;
                }
            }
            best
        };
        observer.leave(board, alpha, beta, score);
        score
    }

    /// A full-window search of `board` to the end of the game, the root counted as a node: its score and the
    /// first move in this searcher's order that reaches it (`None` when the game is over).
    pub(crate) fn search_root(&mut self, board: Board) -> (i8, Option<usize>) {
        self.nodes += 1;
        let empty = board.legal_mask();
        if empty == 0 {
            let score = if board.winner().is_some() {
                board.marks() as i8 - 10
            } else {
                0
            };
            return (score, None);
        }
        let (moves, count) = self.order.arrange(self.tables, board, empty);
        let mut best = -INFINITY;
        let mut best_cell = None;
        for &bit in &moves[..count] {
            let score = -self.negamax(board.play_unchecked(bit), -INFINITY, -best, FULL_DEPTH);
            if score > best {
                best = score;
                best_cell = Some(bit.trailing_zeros() as usize);
            }
        }
        (best, best_cell)
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

/// The exact value of `board` for the side to move, and the nodes visited to find it.
pub fn evaluate(board: Board) -> (Value, u64) {
    let mut searcher = Searcher::engine();
    let (score, _) = searcher.search_root(board);
    (Value::from_score(score, board.marks()), searcher.nodes)
}

/// The exact value of every legal move: each move is searched with its own full window, so no value is a bound
/// (a move whose result mirrors an earlier move's, by a symmetry of the board, takes that move's value).
pub fn analyze(board: Board) -> Analysis {
    let mut searcher = Searcher::engine();
    searcher.nodes = 1;
    let representative = representatives(board);
    let mut scores = [0; CELLS];
    let mut moves = Vec::with_capacity(CELLS);
    for cell in board.legal_moves() {
        // A representative is never above its cell, so in cell order it is scored first.
        scores[cell] = if representative[cell] == cell {
            -searcher.negamax(board.play(cell), -INFINITY, INFINITY, FULL_DEPTH)
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
        nodes: searcher.nodes,
    }
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
    let mut searcher = Searcher::engine();
    searcher.nodes = 1;
    let mut best = -INFINITY;
    // The representatives (see `representatives`) of the best moves so far.
    let mut best_representatives = 0u16;
    let representative = representatives(board);
    let (moves, count) =
        MoveOrder::WinsBlocksCentreCornersEdges.arrange(searcher.tables, board, board.legal_mask());
    for &bit in &moves[..count] {
        let cell = bit.trailing_zeros() as usize;
        if representative[cell] != cell {
            continue;
        }
        // A window just below the best so far: a result inside it is exact, one at its floor is worse.
        let alpha = if best_representatives == 0 {
            -INFINITY
        } else {
            best - 1
        };
        let score = -searcher.negamax(board.play_unchecked(bit), -INFINITY, -alpha, depth - 1);
        if best_representatives == 0 || score > best {
            best = score;
            best_representatives = bit;
        } else if score == best {
            best_representatives |= bit;
        }
    }
    let cells: Vec<usize> = board
        .legal_moves()
        .filter(|&cell| best_representatives & (1 << representative[cell]) != 0)
        .collect();
    let value = (!cells.is_empty()).then(|| Value::from_score(best, board.marks()));
    BestMoves {
        cells,
        value,
        nodes: searcher.nodes,
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
