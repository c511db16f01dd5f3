//! The oracles the engine is checked against, each written once and apart from the engine: a plain 3x3 board
//! of nine cells with its own eight lines and its own scores, the textbook minimax (to the end of the game or to a
//! depth), the 3x3 game as the textbook's alpha-beta sees it (the search itself is the library's one
//! [`alpha_beta_search`], which the practice's abstract trees use too), and the walk over every reachable position.
//!
//! A file, not a library module, so that the library (and the page) carries no test code: each test crate
//! includes it with `#[path = "common/oracle.rs"] mod oracle;`, and `benches/engine.rs`, which times the engine
//! against the textbook minimax, with `#[path = "../tests/common/oracle.rs"]`. The engine's types appear only
//! where an oracle's answer is compared with the engine's: a position to start from, the trace's events.
#![allow(
    dead_code,
    reason = "each test crate that includes the oracles uses some of them"
)]

use std::collections::HashSet;
use tictactoe::engine::{Board, Bound, Grid, StepEvent, StepKind};
use tictactoe::panels::textbook::{alpha_beta_search, GameTree};

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

/// A 3x3 position as the blog posts write it: nine cells, each `b'X'`, `b'O'` or `b'.'`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Cells(pub [u8; 9]);

impl Cells {
    /// The cells of `board`, read from its notation.
    pub fn of(board: Board) -> Cells {
        let mut cells = [b'.'; 9];
        cells.copy_from_slice(board.to_string().as_bytes());
        Cells(cells)
    }

    /// The marks on the board.
    pub fn marks(&self) -> i32 {
        self.0.iter().filter(|&&cell| cell != b'.').count() as i32
    }

    /// The side to move: X unless X has more marks.
    pub fn mover(&self) -> u8 {
        let xs = self.0.iter().filter(|&&cell| cell == b'X').count();
        if xs * 2 > self.marks() as usize {
            b'O'
        } else {
            b'X'
        }
    }

    /// The side with three in a row, if any.
    pub fn winner(&self) -> Option<u8> {
        LINES.iter().find_map(|&[a, b, c]| {
            let mark = self.0[a];
            (mark != b'.' && mark == self.0[b] && mark == self.0[c]).then_some(mark)
        })
    }

    /// The empty cells, in increasing order.
    pub fn empty(&self) -> Vec<usize> {
        (0..9).filter(|&cell| self.0[cell] == b'.').collect()
    }

    /// The position after the side to move plays `cell`.
    pub fn play(&self, cell: usize) -> Cells {
        let mut next = *self;
        next.0[cell] = self.mover();
        next
    }
}

/// Textbook minimax in negamax form, `depth` plies deep: every move in cell order, no pruning, no memory. A game
/// won with `n` marks on the board is worth `10 - n` to its winner and `n - 10` to its loser; a draw, and a game
/// still open at the horizon, 0. The score is for the side to move; `nodes` counts every position visited, this
/// one included.
pub fn minimax(cells: &Cells, depth: u32, nodes: &mut u64) -> i32 {
    *nodes += 1;
    if cells.winner().is_some() {
        // The side that just moved has won.
        return cells.marks() - 10;
    }
    if depth == 0 {
        return 0;
    }
    let mut best = None;
    for cell in 0..9 {
        if cells.0[cell] == b'.' {
            let score = -minimax(&cells.play(cell), depth - 1, nodes);
            best = Some(best.map_or(score, |best: i32| best.max(score)));
        }
    }
    // A full board without a line is a draw.
    best.unwrap_or(0)
}

/// Every legal move of `cells` with its minimax score for the side that plays it, looking `depth` plies ahead
/// (the move itself included).
pub fn move_scores(cells: &Cells, depth: u32) -> Vec<(usize, i32)> {
    if cells.winner().is_some() {
        return Vec::new();
    }
    cells
        .empty()
        .into_iter()
        .map(|cell| (cell, -minimax(&cells.play(cell), depth - 1, &mut 0)))
        .collect()
}

/// The blog posts' `find_best_move`: the first move in cell order of the best minimax score to the end of the
/// game, counting in `nodes` every position visited, the root included.
pub fn best_move(cells: &Cells, nodes: &mut u64) -> Option<usize> {
    *nodes += 1;
    if cells.winner().is_some() {
        return None;
    }
    let mut best: Option<(i32, usize)> = None;
    for cell in cells.empty() {
        let score = -minimax(&cells.play(cell), 9, nodes);
        if best.is_none_or(|(best_score, _)| score > best_score) {
            best = Some((score, cell));
        }
    }
    best.map(|(_, cell)| cell)
}

/// What a score in points says for a side at a position with `marks` marks: +1, 0 or -1 for a win, a draw or a
/// loss, and the plies until the game ends (a draw ends on a full board).
pub fn outcome(points: i32, marks: i32) -> (i32, u32) {
    let end = match points {
        0 => 9,
        _ => 10 - points.abs(),
    };
    (points.signum(), (end - marks) as u32)
}

/// Every position reachable from the empty board, the empty board included, each once, in the order a walk of
/// the game (depth first, moves in cell order) first reaches them.
pub fn reachable() -> Vec<Board> {
    fn walk(board: Board, seen: &mut HashSet<Board>, order: &mut Vec<Board>) {
        if seen.insert(board) {
            order.push(board);
            for cell in board.legal_moves() {
                walk(board.play(cell), seen, order);
            }
        }
    }
    let mut order = Vec::new();
    walk(Board::EMPTY, &mut HashSet::new(), &mut order);
    order
}

/// What the textbook's alpha-beta did from a position.
pub struct AlphaBeta {
    /// Its events, in the engine's trace's form.
    pub events: Vec<StepEvent>,
    /// The path (cells played from the root) of every position it visited.
    pub visited: HashSet<Vec<usize>>,
}

/// The 3x3 game as the textbook's alpha-beta sees it, with the oracle's own rules and scores: the utility of a
/// finished game for MAX, the side to move at the root, is `10 - n` for a MAX win with `n` marks on the board,
/// `n - 10` for a MAX loss, 0 for a draw; actions are the empty cells in increasing order.
pub struct Textbook {
    /// The position the search starts from.
    pub root: Cells,
    /// MAX, as a mark.
    pub max: u8,
}

impl Textbook {
    /// The game from `board`, MAX being the side to move there.
    pub fn from(board: Board) -> Textbook {
        let root = Cells::of(board);
        Textbook {
            root,
            max: root.mover(),
        }
    }
}

impl GameTree for Textbook {
    type Node = Cells;

    fn root(&self) -> Cells {
        self.root
    }

    fn actions(&self, cells: &Cells) -> Vec<usize> {
        if cells.winner().is_some() {
            Vec::new()
        } else {
            cells.empty()
        }
    }

    fn result(&self, cells: &Cells, cell: usize) -> Cells {
        cells.play(cell)
    }

    fn utility(&self, cells: &Cells) -> Option<Bound> {
        let score = match cells.winner() {
            Some(winner) if winner == self.max => Some(10 - cells.marks()),
            Some(_) => Some(cells.marks() - 10),
            None => cells.empty().is_empty().then_some(0),
        };
        score.map(Bound::Finite)
    }
}

/// Russell and Norvig's ALPHA-BETA-SEARCH from `board`, MAX being the side to move: the library's one textbook
/// search ([`alpha_beta_search`]: MAX-VALUE and MIN-VALUE, fail-soft, the root's window (-infinity, +infinity))
/// on the oracle's own game ([`Textbook`]), each event's node given as its position.
pub fn alpha_beta(board: Board) -> AlphaBeta {
    let events = alpha_beta_search(&Textbook::from(board));
    let visited = events
        .iter()
        .filter(|event| event.kind == StepKind::Visit)
        .map(|event| event.path.clone())
        .collect();
    let events = events
        .into_iter()
        .map(|event| {
            let position = event
                .path
                .iter()
                .fold(board, |board, &cell| board.play(cell));
            StepEvent {
                kind: event.kind,
                position: Grid::from(position),
                alpha: event.alpha,
                beta: event.beta,
                value: event.value.and_then(Bound::finite),
            }
        })
        .collect();
    AlphaBeta { events, visited }
}
