//! Alpha-beta one step at a time, as the textbook writes it, for a page that lets a reader step through the
//! search and watch alpha and beta change.

use super::clock::StoppedClock;
use super::core::{Core, Observer, Root, RootRecord};
use super::grid::{Grid, Player};
use super::score::{Score, INFINITY};
use super::settings::Config;
use super::tactics::with_windows;
use std::fmt;

/// One end of an alpha-beta window: minus infinity, a score, or plus infinity.
///
/// Bounds compare as numbers do, with the infinities below and above every score.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Bound {
    /// Below every score: the alpha of a window nothing has raised yet.
    NegInf,
    /// A score, from MAX's side.
    Finite(i32),
    /// Above every score: the beta of a window nothing has lowered yet.
    PosInf,
}

impl Bound {
    /// The score, when the bound is one.
    pub const fn finite(self) -> Option<i32> {
        match self {
            Bound::Finite(value) => Some(value),
            Bound::NegInf | Bound::PosInf => None,
        }
    }

    /// The bound a core's window end `value` stands for on a board of `cells` cells (the core writes the
    /// infinities as `±INFINITY`), a score in the write-ups' points.
    fn from_core(value: i32, cells: u32) -> Bound {
        if value <= -INFINITY {
            Bound::NegInf
        } else if value >= INFINITY {
            Bound::PosInf
        } else {
            Bound::Finite(Score::points_of(value, cells))
        }
    }
}

/// `-inf`, `inf`, or the score as an integer: the form of the page's `data-step-alpha` and `data-step-beta`.
impl fmt::Display for Bound {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Bound::NegInf => f.write_str("-inf"),
            Bound::Finite(value) => write!(f, "{value}"),
            Bound::PosInf => f.write_str("inf"),
        }
    }
}

/// What happens at one step of the search.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum StepKind {
    /// A node is entered, with the alpha and beta it was given.
    Visit,
    /// A node's value is final and passes to its parent; a finished game's value is its score.
    Return,
    /// A node's value has just reached beta (at a MAX node) or alpha (at a MIN node) while it still has children
    /// left to try: those children are skipped. Never when the child that reached the bound was the last one.
    Cut,
}

impl StepKind {
    /// The kind in lowercase, as the page's `data-step-event` spells it: `visit`, `return` or `cut`.
    pub const fn as_str(self) -> &'static str {
        match self {
            StepKind::Visit => "visit",
            StepKind::Return => "return",
            StepKind::Cut => "cut",
        }
    }
}

impl fmt::Display for StepKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

/// One event of the trace, in the textbook's MAX/MIN terms (see [`alpha_beta_trace`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct StepEvent {
    /// What happened.
    pub kind: StepKind,
    /// The node it happened at.
    pub position: Grid,
    /// The node's alpha: as given on a `visit`; on a `return`, raised (at a MAX node) by each child's value
    /// that did not cause a cut; on a `cut`, as it was before the child that caused it.
    pub alpha: Bound,
    /// The node's beta, likewise: as given, then lowered at a MIN node by each child's value that did not cause
    /// a cut.
    pub beta: Bound,
    /// The node's value, from MAX's side, on a `return` and a `cut`; `None` on a `visit`.
    pub value: Option<i32>,
}

/// The events of alpha-beta searching `position` to the end of the game, in order (the search and the events
/// are described below). The first event visits `position` with the window (-inf, +inf);
/// the last returns its value, the position's exact depth-aware score for the side to move. A finished game gives
/// one `visit` and one `return`.
///
/// The textbook is Russell and Norvig's MAX-VALUE/MIN-VALUE, fail-soft: a node's value is the best of the
/// children it saw, and it stops as soon as that value reaches beta at a MAX node or alpha at a MIN node. MAX is
/// the side to move at the trace's root, and every value is a depth-aware score from MAX's side: a MAX win that
/// ends with `n` marks on the board is worth `10 - n` (on the 3x3 board; `cells + 1 - n` on any), a MAX loss
/// `n - 10`, a draw 0. Moves are tried in cell order, row by row from the top left, with no transposition table
/// and no other ordering; the root's window is (-infinity, +infinity). The search goes to the end of the game,
/// which the 3x3 board (or a bigger one near its end) allows.
///
/// The trace is not a second alpha-beta: it watches the engine's one search loop (`core.rs`, with
/// `Config::alpha_beta`: moves in cell order, no table, no stop at the quickest win) and only restates what
/// it sees. That search is negamax: its scores are from the side to move, and each ply hands its child the window
/// negated and swapped. At a MAX node its window and scores are the textbook's; at a MIN node the textbook's alpha
/// is minus the core's beta, its beta minus the core's alpha, and its value minus the core's score. The two loops
/// make the same decisions: the core cuts when a child's score reaches its beta, which is the textbook's "value
/// reaches beta" at a MAX node and "value reaches alpha" at a MIN node. The core's scores are stated in the
/// write-ups' points (`Score::points_of`); its infinities are `±INFINITY`, which no score reaches, so they stand
/// for the textbook's infinities exactly.
pub fn alpha_beta_trace(position: &Grid) -> Vec<StepEvent> {
    let mut trace = Trace {
        max: position.to_move(),
        cells: position.shape().cells() as u32,
        events: Vec::new(),
    };
    let depth = position.empty_cells() as u32;
    with_windows(position.shape(), |windows| {
        Core::new(
            Config::alpha_beta(),
            windows,
            &mut StoppedClock,
            Some(&mut trace),
        )
        .negamax(
            position,
            (-INFINITY, INFINITY),
            depth,
            &mut RootRecord::new(Root::Best),
        )
    });
    trace.events
}

/// What the search of a trace did at one node of the game tree, the node being named by its path (the cells
/// played from the trace's root).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct NodeSearch {
    /// Whether the search visited the node at all.
    pub visited: bool,
    /// The node's children the search visited, by their cells, in the order it visited them.
    pub searched: Vec<usize>,
    /// The cut the search made at the node, if it made one: the children after the one that caused it are the
    /// ones it skipped.
    pub cut: Option<StepEvent>,
}

/// What the search traced in `events` (from [`alpha_beta_trace`]) did at the node of each of `paths`: whether it
/// visited it, which of its children it visited, and where it cut. A path the search never reached, or that is
/// not a line of play, gives the default: not visited, nothing searched. One pass over the trace, so that a
/// tree of many open nodes costs one search.
pub fn node_searches(events: &[StepEvent], paths: &[Vec<usize>]) -> Vec<NodeSearch> {
    let mut found = vec![NodeSearch::default(); paths.len()];
    let trie = PathTrie::new(paths);
    // The trie node of each node on the path to the event's node (`None` below the paths asked about).
    let mut on_path: Vec<Option<usize>> = Vec::new();
    walk_trace(events, &mut |event, path| match event.kind {
        StepKind::Visit => {
            let (parent, node) = match path.split_last() {
                None => (None, Some(0)),
                Some((&cell, above)) => {
                    let parent = on_path.get(above.len()).copied().flatten();
                    (parent, parent.and_then(|parent| trie.child(parent, cell)))
                }
            };
            if let (Some(parent), Some(&cell)) = (parent.and_then(|at| trie.asked(at)), path.last())
            {
                found[parent].searched.push(cell);
            }
            if let Some(asked) = node.and_then(|at| trie.asked(at)) {
                found[asked].visited = true;
            }
            on_path.truncate(path.len());
            on_path.push(node);
        }
        StepKind::Cut => {
            if let Some(asked) = on_path
                .get(path.len())
                .copied()
                .flatten()
                .and_then(|at| trie.asked(at))
            {
                found[asked].cut = Some(*event);
            }
        }
        StepKind::Return => {}
    });
    found
}

/// The paths asked about, as a tree of their moves, so that a walk of the trace finds each in one step a move.
struct PathTrie {
    /// The trie's nodes, the root's path first.
    nodes: Vec<TrieNode>,
}

/// One path of moves in a [`PathTrie`].
#[derive(Default)]
struct TrieNode {
    /// The node's children: the cell played, and the child's index.
    children: Vec<(usize, usize)>,
    /// The index of the path asked about that ends here, if one does.
    asked: Option<usize>,
}

impl PathTrie {
    fn new(paths: &[Vec<usize>]) -> PathTrie {
        let mut trie = PathTrie {
            nodes: vec![TrieNode::default()],
        };
        for (asked, path) in paths.iter().enumerate() {
            let mut at = 0;
            for &cell in path {
                at = trie.child(at, cell).unwrap_or_else(|| {
                    trie.nodes.push(TrieNode::default());
                    let new = trie.nodes.len() - 1;
                    trie.nodes[at].children.push((cell, new));
                    new
                });
            }
            trie.nodes[at].asked = Some(asked);
        }
        trie
    }

    fn child(&self, at: usize, cell: usize) -> Option<usize> {
        self.nodes[at]
            .children
            .iter()
            .find(|&&(child, _)| child == cell)
            .map(|&(_, node)| node)
    }

    fn asked(&self, at: usize) -> Option<usize> {
        self.nodes[at].asked
    }
}

/// The path (cells played from the trace's root) of the node that each event of `events` happens at, in order:
/// `walk_trace` calls `f` with each event and its node's path.
pub fn walk_trace(events: &[StepEvent], f: &mut dyn FnMut(&StepEvent, &[usize])) {
    let mut boards: Vec<Grid> = Vec::new();
    let mut path = Vec::new();
    for event in events {
        if event.kind == StepKind::Visit {
            if let Some(&parent) = boards.last() {
                path.push(move_between(&parent, &event.position));
            }
            boards.push(event.position);
        }
        f(event, &path);
        if event.kind == StepKind::Return {
            boards.pop();
            path.pop();
        }
    }
}

/// The cell that `child` has taken and `parent` has not: the move from one to the other.
pub fn move_between(parent: &Grid, child: &Grid) -> usize {
    (0..parent.shape().cells())
        .find(|&cell| parent.get(cell).is_none() && child.get(cell).is_some())
        .unwrap_or_default()
}

/// The observer that restates the core's negamax events in the textbook's terms.
struct Trace {
    /// The side to move at the root: MAX.
    max: Player,
    /// The cells of the board, which the points count from.
    cells: u32,
    events: Vec<StepEvent>,
}

impl Trace {
    /// Records an event given in the core's terms (window and score from the side to move at `position`).
    fn record(
        &mut self,
        kind: StepKind,
        position: Grid,
        (alpha, beta): (i32, i32),
        value: Option<i32>,
    ) {
        // At a MIN node the core's window and score are MIN's, the textbook's negated: negating swaps the ends.
        let (alpha, beta, value) = if position.to_move() == self.max {
            (alpha, beta, value)
        } else {
            (-beta, -alpha, value.map(|value| -value))
        };
        self.events.push(StepEvent {
            kind,
            position,
            alpha: Bound::from_core(alpha, self.cells),
            beta: Bound::from_core(beta, self.cells),
            value: value.map(|value| Score::points_of(value, self.cells)),
        });
    }
}

impl Observer for Trace {
    fn visit(&mut self, position: &Grid, alpha: i32, beta: i32) {
        self.record(StepKind::Visit, *position, (alpha, beta), None);
    }

    fn cut(&mut self, position: &Grid, alpha: i32, beta: i32, best: i32) {
        self.record(StepKind::Cut, *position, (alpha, beta), Some(best));
    }

    fn leave(&mut self, position: &Grid, alpha: i32, beta: i32, score: i32) {
        self.record(StepKind::Return, *position, (alpha, beta), Some(score));
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn bounds_print_as_the_page_writes_them_and_compare_as_numbers() {
        let bounds = [
            Bound::NegInf,
            Bound::Finite(-5),
            Bound::Finite(0),
            Bound::Finite(3),
            Bound::PosInf,
        ];
        let text: Vec<String> = bounds.iter().map(Bound::to_string).collect();
        assert_eq!(text, ["-inf", "-5", "0", "3", "inf"]);
        assert!(bounds.windows(2).all(|pair| pair[0] < pair[1]));
        assert_eq!(Bound::from_core(-INFINITY, 9), Bound::NegInf);
        assert_eq!(Bound::from_core(INFINITY, 9), Bound::PosInf);
        assert_eq!(Bound::from_core(0, 9), Bound::Finite(0));
    }

    #[test]
    fn kinds_print_as_the_page_writes_them() {
        let kinds = [StepKind::Visit, StepKind::Return, StepKind::Cut].map(|kind| kind.to_string());
        assert_eq!(kinds, ["visit", "return", "cut"]);
    }
}
