//! A look inside the search, for a panel that shows how minimax thinks: how many positions each refinement of
//! minimax visits, the line of best play, the game tree one level at a time with the branches alpha-beta
//! prunes, and what goes wrong with plain +1/0/-1 scores.

use super::core::Root;
use super::grid::Grid;
use super::score::Value;
use super::search::{analyze, best_moves, search_to, Found, Report};

use super::settings::{Config, Scoring};
use super::trace::{alpha_beta_trace, node_searches, NodeSearch};
use std::collections::HashMap;

/// The number of positions textbook minimax visits to score `position`: every move of every position to the end
/// of every game, no pruning and no memory, `position` itself included. From the empty 3x3 board it is 549,946,
/// every node of the game tree.
pub fn plain_minimax_nodes(position: &Grid) -> u64 {
    run(position, Config::plain_minimax(), Root::Best).1
}

/// How many positions plain minimax visits from `position` ([`plain_minimax_nodes`]), counted without
/// searching: every path of the game tree is visited, so the count from a position is one plus the counts from
/// its children, the same wherever the position is reached, and each position is counted once (at most 5,478 of
/// them on the 3x3 board) instead of once a path (549,946 from the empty board). For a panel that quotes the
/// count without timing the search.
pub fn game_tree_size(position: &Grid) -> u64 {
    /// The size from `position`; `known` holds the sizes found so far.
    fn count(position: Grid, known: &mut HashMap<Grid, u64>) -> u64 {
        if let Some(&size) = known.get(&position) {
            return size;
        }
        let size = if position.winner().is_some() {
            1
        } else {
            1 + position
                .legal_moves()
                .map(|cell| count(position.play(cell), known))
                .sum::<u64>()
        };
        known.insert(position, size);
        size
    }
    count(*position, &mut HashMap::new())
}

/// A search of `position` to the end of the game with `settings`, its root asked `root`, mirror-image moves
/// searched apart: what it found and the nodes it visited.
fn run(position: &Grid, settings: Config, root: Root) -> (Found, u64) {
    search_to(position, settings, root, false)
}

/// One of the searches the panel compares, from textbook minimax to the engine's own search. They all find the
/// same value; they differ in how many positions they visit to find it.
///
/// From the empty 3x3 board, a full search for the value and one best move (root included) visits:
///
/// | [`Variant`] | nodes |
/// |---|---|
/// | plain minimax | 549,946 |
/// | alpha-beta, increasing cell order | 20,866 |
/// | alpha-beta, wins, blocks, then by open lines (centre, corners, edges) | 1,628 |
/// | the same with a transposition table shared by mirror images | 270 |
///
/// The engine's own search ([`best_moves`]) visits 158: it also answers forced moves without a search, calls a
/// draw as soon as no line can be made, and skips mirror-image moves at the root.
///
/// Nothing here is timed: the engine runs on the page as WebAssembly, where the page times each call.
///
/// Unless said otherwise, scores are the engine's depth-aware ones (see [`Score`](crate::Score)): from the point of view of
/// the side to move, a game ending with `n` marks is worth `10 - n` to its winner on the 3x3 board (`cells + 1 -
/// n` on any), `n - 10` to its loser, and 0 when drawn. Every function takes a position of any board and searches
/// to the end of the game: the figures are those of complete searches, which the 3x3 board (or a bigger one near
/// its end) allows; on a large board [`super::search::think`] and [`super::search::think_moves`] search within
/// limits.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Variant {
    /// Every move of every position, no pruning, no memory.
    PlainMinimax,
    /// Alpha-beta pruning, moves tried in increasing cell order.
    AlphaBeta,
    /// Alpha-beta with move ordering: winning moves first, then moves that block the opponent's win, then the
    /// centre, the corners and the edges.
    AlphaBetaOrdered,
    /// Alpha-beta with that move ordering, a transposition table (each position with three or more empty cells
    /// is remembered for the rest of the call, since many move orders reach it, and shares its entry with its
    /// mirror images), and a stop as soon as a position's win with the next move is found, which no other move
    /// can beat. (The engine's own [`best_moves`] and [`analyze`] also answer forced moves without a search, call
    /// a draw as soon as no line can be made, and skip mirror-image moves at the root.)
    AlphaBetaOrderedWithTable,
}

impl Variant {
    /// Every variant, from the most work to the least.
    pub const ALL: [Variant; 4] = [
        Variant::PlainMinimax,
        Variant::AlphaBeta,
        Variant::AlphaBetaOrdered,
        Variant::AlphaBetaOrderedWithTable,
    ];

    /// A short name for the panel.
    pub const fn name(self) -> &'static str {
        match self {
            Variant::PlainMinimax => "minimax",
            Variant::AlphaBeta => "alpha-beta",
            Variant::AlphaBetaOrdered => "alpha-beta, ordered moves",
            Variant::AlphaBetaOrderedWithTable => "alpha-beta, ordered moves, transposition table",
        }
    }

    /// One sentence for players on what the variant does.
    pub const fn description(self) -> &'static str {
        match self {
            Variant::PlainMinimax => {
                "Minimax tries every move in every position to the end of every game."
            }
            Variant::AlphaBeta => {
                "Alpha-beta stops looking at a position once it is sure the opponent will avoid it."
            }
            Variant::AlphaBetaOrdered => {
                "Trying wins, blocks, the centre and the corners first finds good moves early, so more is pruned."
            }
            Variant::AlphaBetaOrderedWithTable => {
                "Remembering positions already searched avoids searching them again when moves arrive in another order."
            }
        }
    }
}

/// What one variant did to score a position.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct SearchStats {
    /// The search used.
    pub variant: Variant,
    /// The exact value of the position for the side to move (the same for every variant).
    pub value: Value,
    /// The first move, in the order the variant tries moves, that reaches that value; `None` when the game is
    /// over.
    pub best_cell: Option<usize>,
    /// Positions visited, the position itself included; for the table variant a position answered from the table
    /// counts as visited.
    pub nodes: u64,
}

/// Scores `position` with `variant`: a search of the whole game from `position` with a full window at the root,
/// which finds the position's value and one best move (the first that reaches it in the variant's move order;
/// later moves are searched only to show they are no better). Counts every position visited, `position`
/// included.
pub fn search_stats(position: &Grid, variant: Variant) -> SearchStats {
    let settings = match variant {
        Variant::PlainMinimax => Config::plain_minimax(),
        Variant::AlphaBeta => Config::alpha_beta(),
        Variant::AlphaBetaOrdered => Config::ordered(),
        Variant::AlphaBetaOrderedWithTable => Config::ordered_with_table(position),
    };
    let (found, nodes) = run(position, settings, Root::Best);
    SearchStats {
        variant,
        value: found
            .score
            .value()
            .expect("a search to the end of the game proves its result"),
        best_cell: found.best,
        nodes,
    }
}

/// [`search_stats`] for every variant, in the order of [`Variant::ALL`].
pub fn all_search_stats(position: &Grid) -> [SearchStats; 4] {
    Variant::ALL.map(|variant| search_stats(position, variant))
}

/// The line of best play from `position` to the end of the game, as the cells played in turn: `first_move` if
/// given, then for each side in turn the lowest-numbered of its best moves (see [`best_moves`]).
///
/// The line ends the game with the outcome and in the number of plies of its first move's [`Value`] (as
/// [`analyze`] gives it), or of the position's value without `first_move`. It is empty when the game is over or
/// when `first_move` is not a legal move.
pub fn principal_variation(position: &Grid, first_move: Option<usize>) -> Vec<usize> {
    let mut line = Vec::new();
    let mut position = *position;
    if let Some(cell) = first_move {
        match position.try_play(cell) {
            Ok(next) => {
                line.push(cell);
                position = next;
            }
            Err(_) => return line,
        }
    }
    while let Some(&cell) = best_moves(&position).best_cells().first() {
        line.push(cell);
        position = position.play(cell);
    }
    line
}

/// One child in the game tree: a legal move of the position being expanded.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct TreeNode {
    /// The cell played.
    pub cell: usize,
    /// The exact value of the move for the side that plays it, as [`analyze`] gives it.
    pub value: Value,
    /// Whether the move is a best move, so lies on a principal variation (a line of best play).
    pub on_principal_variation: bool,
    /// Whether alpha-beta never searches this child; see [`tree_children_along`] for exactly which search.
    /// Always `false` when the tree is asked for without alpha-beta.
    pub pruned: bool,
}

/// The children of `position` in the game tree, one per legal move in cell order (none when the game is over).
///
/// This is [`tree_children_along`] with `position` as the root and an empty path: `pruned` refers to an
/// alpha-beta search of `position` itself with a full window. Such a search never prunes a child of its own root
/// (no score reaches a window's upper end of +infinity), so every `pruned` is `false` here; to show pruning below
/// the first level, expand children with [`tree_children_along`], keeping the root of the displayed tree.
pub fn tree_children(position: &Grid, alpha_beta: bool) -> Vec<TreeNode> {
    tree_children_along(position, &[], alpha_beta)
}

/// The children of the position reached from `root` by playing the cells of `path` in turn, one per legal move
/// in cell order: so that a tree drawn from `root` can be expanded one node at a time.
///
/// With `alpha_beta`, a child is `pruned` when alpha-beta stepped through from `root` ([`alpha_beta_trace`]:
/// fail-soft, full window at `root`, moves in increasing cell order, no table) never visits it: the search cut
/// off at the position before reaching it, or never visited that position at all (a cut-off above it in
/// `path`, in which case every child is pruned). Without `alpha_beta`, nothing is pruned (plain minimax visits
/// everything). A tree with many open nodes reads them all from one trace with [`tree_children_searched`].
///
/// Empty when a cell of `path` is not a legal move, or the position reached is over.
pub fn tree_children_along(root: &Grid, path: &[usize], alpha_beta: bool) -> Vec<TreeNode> {
    let search = alpha_beta.then(|| {
        let paths = [path.to_vec()];
        node_searches(&alpha_beta_trace(root), &paths).swap_remove(0)
    });
    tree_children_searched(root, path, search.as_ref())
}

/// [`tree_children_along`], with what the search did at the node of `path` given ([`node_searches`] of `root`'s
/// trace): a child is `pruned` when that search did not visit it; with `None`, nothing is pruned.
pub fn tree_children_searched(
    root: &Grid,
    path: &[usize],
    search: Option<&NodeSearch>,
) -> Vec<TreeNode> {
    let mut position = *root;
    for &cell in path {
        match position.try_play(cell) {
            Ok(next) => position = next,
            Err(_) => return Vec::new(),
        }
    }
    let analysis = analyze(&position);
    let best = analysis.best_value();
    analysis
        .values()
        .map(|(cell, value)| TreeNode {
            cell,
            value,
            on_principal_variation: Some(value) == best,
            pruned: search.is_some_and(|search| !search.searched.contains(&cell)),
        })
        .collect()
}

/// The exact score of every legal move of `position` under `scoring`, each move searched with its own full window
/// (alpha-beta, moves in increasing cell order, no table). With [`Scoring::DepthAware`] the scores are the
/// engine's, and rank moves as [`analyze`] does; with [`Scoring::Plain`] each is an estimate of +1, 0 or -1, which
/// says who wins but not how soon (in the write-ups' points: see [`Value::points`] for the depth-aware ones).
pub fn analyze_with(position: &Grid, scoring: Scoring) -> Report {
    let settings = Config {
        scoring,
        ..Config::alpha_beta()
    };
    let (found, nodes) = run(position, settings, Root::Each);
    Report::of(found, nodes, 0.0)
}
