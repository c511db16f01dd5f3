//! A look inside the search, for a panel that shows how minimax thinks: how many positions each refinement of
//! minimax visits, the line of best play, the game tree one level at a time with the branches alpha-beta
//! prunes, and what goes wrong with plain +1/0/-1 scores.
//!
//! From the empty board, a full search for the value and one best move (root included) visits:
//!
//! | [`Variant`] | nodes |
//! |---|---|
//! | plain minimax | 549,946 |
//! | alpha-beta, increasing cell order | 20,866 |
//! | alpha-beta, wins, blocks, centre, corners, edges first | 2,096 |
//! | the same with a transposition table (the engine's search) | 948 |
//!
//! Nothing here is timed: the engine runs on the page as WebAssembly, where the page times each call.
//!
//! Unless said otherwise, scores are the engine's depth-aware ones (see [`super::search`]): from the point of
//! view of the side to move, a game ending with `n` marks is worth `10 - n` to its winner, `n - 10` to its loser,
//! and 0 when drawn.

use super::board::{Board, Player, CELLS};
pub use super::negamax::Scoring;
use super::negamax::{classic_score, Order, Settings, INFINITY};
use super::search::{analyze, best_moves, search_root, search_with, Value, ENGINE, FULL_DEPTH};
use super::trace::{alpha_beta_trace, node_searches, NodeSearch};

/// The number of positions textbook minimax visits to score `board`: every move of every position to the end
/// of every game, no pruning and no memory, `board` itself included. From the empty board it is 549,946, every
/// node of the game tree.
pub fn plain_minimax_nodes(board: Board) -> u64 {
    search_root(board, Settings::plain_minimax()).2
}

/// How many positions plain minimax visits from `board` ([`plain_minimax_nodes`]), counted without searching: every
/// path of the game tree is visited, so the count from a position is one plus the counts from its children, the
/// same wherever the position is reached, and each position is counted once (at most 5,478 of them) instead of
/// once a path (549,946 from the empty board). For a panel that quotes the count without timing the search.
pub fn game_tree_size(board: Board) -> u64 {
    /// Each position's place among the 3^9 ways to fill the squares.
    fn index(board: Board) -> usize {
        (0..CELLS).fold(0, |index, cell| {
            index * 3
                + match board.get(cell) {
                    None => 0,
                    Some(Player::X) => 1,
                    Some(Player::O) => 2,
                }
        })
    }
    /// The size from `board`; `known` holds the sizes found so far (0 for not yet).
    fn count(board: Board, known: &mut [u64]) -> u64 {
        let at = index(board);
        if known[at] == 0 {
            known[at] = if board.winner().is_some() {
                1
            } else {
                1 + board
                    .legal_moves()
                    .map(|cell| count(board.play(cell), known))
                    .sum::<u64>()
            };
        }
        known[at]
    }
    count(board, &mut vec![0; 3_usize.pow(CELLS as u32)])
}

/// One of the searches the panel compares, from textbook minimax to the engine's own search. They all find the
/// same value; they differ in how many positions they visit to find it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Variant {
    /// Every move of every position, no pruning, no memory.
    PlainMinimax,
    /// Alpha-beta pruning, moves tried in increasing cell order.
    AlphaBeta,
    /// Alpha-beta with move ordering: winning moves first, then moves that block the opponent's win, then the
    /// centre, the corners and the edges.
    AlphaBetaOrdered,
    /// The engine's search: alpha-beta with that move ordering, a transposition table (each position with three
    /// or more empty cells is remembered for the rest of the call, since many move orders reach it), and a stop
    /// as soon as a position's win with the next move is found, which no other move can beat. (The engine's
    /// [`best_moves`] and [`analyze`] also skip mirror-image moves at the root; this variant does not.)
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

/// Scores `board` with `variant`: a search of the whole game from `board` with a full window at the root, which
/// finds the position's value and one best move (the first that reaches it in the variant's move order; later
/// moves are searched only to show they are no better). Counts every position visited, `board` included.
pub fn search_stats(board: Board, variant: Variant) -> SearchStats {
    let settings = match variant {
        Variant::PlainMinimax => Settings::plain_minimax(),
        Variant::AlphaBeta => Settings::alpha_beta(),
        Variant::AlphaBetaOrdered => Settings {
            order: Order::Heuristic,
            ..Settings::alpha_beta()
        },
        Variant::AlphaBetaOrderedWithTable => ENGINE,
    };
    let (score, best_cell, nodes) = search_root(board, settings);
    SearchStats {
        variant,
        value: Value::from_score(score, board.marks()),
        best_cell,
        nodes,
    }
}

/// [`search_stats`] for every variant, in the order of [`Variant::ALL`].
pub fn all_search_stats(board: Board) -> [SearchStats; 4] {
    Variant::ALL.map(|variant| search_stats(board, variant))
}

/// The line of best play from `board` to the end of the game, as the cells played in turn: `first_move` if
/// given, then for each side in turn the lowest-numbered of its best moves (see [`best_moves`]).
///
/// The line ends the game with the outcome and in the number of plies of its first move's [`Value`] (as
/// [`analyze`] gives it), or of the position's value without `first_move`. It is empty when the game is over or
/// when `first_move` is not a legal move.
pub fn principal_variation(board: Board, first_move: Option<usize>) -> Vec<usize> {
    let mut line = Vec::new();
    let mut position = board;
    if let Some(cell) = first_move {
        match position.try_play(cell) {
            Ok(next) => {
                line.push(cell);
                position = next;
            }
            Err(_) => return line,
        }
    }
    while let Some(&cell) = best_moves(position).cells.first() {
        line.push(cell);
        position = position.play(cell);
    }
    line
}

/// One child in the game tree: a legal move of the position being expanded.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct TreeNode {
    /// The cell played, 0 to 8.
    pub cell: usize,
    /// The exact value of the move for the side that plays it, as [`analyze`] gives it.
    pub value: Value,
    /// Whether the move is a best move, so lies on a principal variation (a line of best play).
    pub on_principal_variation: bool,
    /// Whether alpha-beta never searches this child; see [`tree_children_along`] for exactly which search.
    /// Always `false` when the tree is asked for without alpha-beta.
    pub pruned: bool,
}

/// The children of `board` in the game tree, one per legal move in cell order (none when the game is over).
///
/// This is [`tree_children_along`] with `board` as the root and an empty path: `pruned` refers to an alpha-beta
/// search of `board` itself with a full window. Such a search never prunes a child of its own root (no score
/// reaches a window's upper end of +infinity), so every `pruned` is `false` here; to show pruning below the
/// first level, expand children with [`tree_children_along`], keeping the root of the displayed tree.
pub fn tree_children(board: Board, alpha_beta: bool) -> Vec<TreeNode> {
    tree_children_along(board, &[], alpha_beta)
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
pub fn tree_children_along(root: Board, path: &[usize], alpha_beta: bool) -> Vec<TreeNode> {
    let search = alpha_beta.then(|| {
        let paths = [path.to_vec()];
        node_searches(&alpha_beta_trace(root), &paths)[0]
    });
    tree_children_searched(root, path, search.as_ref())
}

/// [`tree_children_along`], with what the search did at the node of `path` given ([`node_searches`] of `root`'s
/// trace): a child is `pruned` when that search did not visit it; with `None`, nothing is pruned.
pub fn tree_children_searched(
    root: Board,
    path: &[usize],
    search: Option<&NodeSearch>,
) -> Vec<TreeNode> {
    let mut position = root;
    for &cell in path {
        match position.try_play(cell) {
            Ok(next) => position = next,
            Err(_) => return Vec::new(),
        }
    }
    let searched = search.map_or(position.legal_mask(), |search| search.searched);
    let analysis = analyze(position);
    let best = analysis.best_value();
    analysis
        .moves
        .iter()
        .map(|entry| TreeNode {
            cell: entry.cell,
            value: entry.value,
            on_principal_variation: Some(entry.value) == best,
            pruned: searched & (1 << entry.cell) == 0,
        })
        .collect()
}

/// The score of one legal move under some [`Scoring`].
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ScoredMove {
    /// The cell played, 0 to 8.
    pub cell: usize,
    /// Its exact score for the side that plays it.
    pub score: i8,
}

/// The exact score of every legal move under some [`Scoring`].
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ScoredAnalysis {
    /// One entry per legal move, in cell order.
    pub moves: Vec<ScoredMove>,
    /// Positions the search visited, the root included.
    pub nodes: u64,
}

impl ScoredAnalysis {
    /// The cells whose moves have the highest score, in cell order.
    pub fn best_cells(&self) -> Vec<usize> {
        let best = self.moves.iter().map(|entry| entry.score).max();
        self.moves
            .iter()
            .filter(|entry| Some(entry.score) == best)
            .map(|entry| entry.cell)
            .collect()
    }
}

/// The exact score of every legal move of `board` under `scoring`, each move searched with its own full window
/// (alpha-beta, moves in increasing cell order, no table). With [`Scoring::DepthAware`] the scores are the
/// engine's, and rank moves as [`analyze`] does.
pub fn analyze_with(board: Board, scoring: Scoring) -> ScoredAnalysis {
    let settings = Settings {
        scoring,
        ..Settings::alpha_beta()
    };
    search_with(settings, |core| {
        core.count_root();
        let moves = board
            .legal_moves()
            .map(|cell| {
                let child = board.play(cell);
                ScoredMove {
                    cell,
                    score: classic_score(-core.negamax(&child, -INFINITY, INFINITY, FULL_DEPTH, 1)),
                }
            })
            .collect();
        ScoredAnalysis {
            moves,
            nodes: core.nodes(),
        }
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::Outcome;
    use std::collections::HashSet;

    fn board(text: &str) -> Board {
        text.parse().unwrap()
    }

    fn reachable_positions() -> Vec<Board> {
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

    #[test]
    fn node_counts_from_the_empty_board() {
        // The last two follow the move ordering and the table's policy, and change with them.
        let nodes = all_search_stats(Board::EMPTY).map(|entry| entry.nodes);
        assert_eq!(nodes, [549_946, 20_866, 2_096, 948]);
    }

    #[test]
    fn the_game_tree_size_is_what_plain_minimax_visits_everywhere() {
        for position in reachable_positions() {
            assert_eq!(
                game_tree_size(position),
                plain_minimax_nodes(position),
                "{position}"
            );
        }
        assert_eq!(game_tree_size(Board::EMPTY), 549_946);
    }

    #[test]
    fn plain_minimax_visits_every_node_of_the_game_tree() {
        assert_eq!(plain_minimax_nodes(Board::EMPTY), 549_946);
        let stats = search_stats(Board::EMPTY, Variant::PlainMinimax);
        assert_eq!(stats.nodes, 549_946);
        assert_eq!(stats.value.outcome, Outcome::Draw);
        // A finished game is one node.
        assert_eq!(plain_minimax_nodes(board("XXXOO....")), 1);
    }

    #[test]
    fn plain_minimax_counts_add_up_over_the_first_moves() {
        // The page times plain minimax one first move at a time and adds the counts up, with one node for the
        // position itself: that must be what one search from the position counts, everywhere.
        for position in reachable_positions().into_iter().filter(|p| !p.is_over()) {
            let parts: u64 = position
                .legal_moves()
                .map(|cell| search_stats(position.play(cell), Variant::PlainMinimax).nodes)
                .sum();
            let whole = search_stats(position, Variant::PlainMinimax).nodes;
            assert_eq!(1 + parts, whole, "{position}");
        }
    }

    #[test]
    fn every_variant_finds_the_same_value_and_a_best_move_everywhere() {
        for position in reachable_positions() {
            let (value, _) = crate::engine::evaluate(position);
            let best = best_moves(position).cells;
            let stats = all_search_stats(position);
            for entry in stats {
                assert_eq!(entry.value, value, "{position} {:?}", entry.variant);
                match entry.best_cell {
                    Some(cell) => assert!(best.contains(&cell), "{position} {:?}", entry.variant),
                    None => assert!(position.is_over()),
                }
            }
            // Each refinement visits no more positions than the one before it, except that ordering is a bet.
            assert!(stats[1].nodes <= stats[0].nodes, "{position}");
            assert!(stats[3].nodes <= stats[2].nodes, "{position}");
        }
        let from_empty = all_search_stats(Board::EMPTY).map(|entry| entry.nodes);
        assert!(from_empty[1] < from_empty[0] / 10, "{from_empty:?}");
        assert!(from_empty[2] < from_empty[1], "{from_empty:?}");
        assert!(from_empty[3] < from_empty[2], "{from_empty:?}");
    }

    #[test]
    fn the_principal_variation_ends_the_game_as_its_value_says() {
        for position in reachable_positions() {
            let analysis = analyze(position);
            let mut cases: Vec<(Option<usize>, Option<Value>)> =
                vec![(None, analysis.best_value())];
            cases.extend(analysis.moves.iter().map(|m| (Some(m.cell), Some(m.value))));
            for (first_move, value) in cases {
                let line = principal_variation(position, first_move);
                let Some(value) = value else {
                    assert!(line.is_empty() && position.is_over());
                    continue;
                };
                if let Some(cell) = first_move {
                    assert_eq!(line[0], cell);
                }
                let mut end = position;
                for &cell in &line {
                    end = end.try_play(cell).expect("a legal line");
                }
                assert!(end.is_over(), "{position} {first_move:?}: {line:?}");
                assert_eq!(line.len() as u32, value.plies, "{position} {first_move:?}");
                let mover = position.to_move();
                let outcome = match end.winner() {
                    None => Outcome::Draw,
                    Some(winner) if winner == mover => Outcome::Win,
                    Some(_) => Outcome::Loss,
                };
                assert_eq!(
                    outcome, value.outcome,
                    "{position} {first_move:?}: {line:?}"
                );
            }
        }
        // An illegal first move gives no line.
        assert!(principal_variation(board("X........"), Some(0)).is_empty());
        assert!(principal_variation(Board::EMPTY, Some(9)).is_empty());
    }

    /// Textbook alpha-beta in max/min form (fail-hard, moves in increasing cell order, full window at the root),
    /// written apart from the engine: records the path of every position it visits.
    fn visited_paths(root: Board) -> HashSet<Vec<usize>> {
        fn max_min(
            board: Board,
            maximizer: crate::engine::Player,
            mut alpha: i32,
            mut beta: i32,
            path: &mut Vec<usize>,
            visited: &mut HashSet<Vec<usize>>,
        ) -> i32 {
            visited.insert(path.clone());
            if let Some(winner) = board.winner() {
                let magnitude = 10 - board.marks() as i32;
                return if winner == maximizer {
                    magnitude
                } else {
                    -magnitude
                };
            }
            if board.is_over() {
                return 0;
            }
            let maximizing = board.to_move() == maximizer;
            for cell in board.legal_moves() {
                path.push(cell);
                let score = max_min(board.play(cell), maximizer, alpha, beta, path, visited);
                path.pop();
                if maximizing {
                    alpha = alpha.max(score);
                } else {
                    beta = beta.min(score);
                }
                if alpha >= beta {
                    break;
                }
            }
            if maximizing {
                alpha
            } else {
                beta
            }
        }
        let mut visited = HashSet::new();
        max_min(
            root,
            root.to_move(),
            -100,
            100,
            &mut Vec::new(),
            &mut visited,
        );
        visited
    }

    /// Checks the children of every node of `root`'s tree down to `max_depth` against `visited`.
    fn check_pruning(root: Board, path: &mut Vec<usize>, max_depth: usize) {
        let visited = visited_paths(root);
        assert_eq!(
            visited.len() as u64,
            search_stats(root, Variant::AlphaBeta).nodes,
            "{root}"
        );
        fn walk(
            root: Board,
            position: Board,
            path: &mut Vec<usize>,
            max_depth: usize,
            visited: &HashSet<Vec<usize>>,
        ) {
            let children = tree_children_along(root, path, true);
            assert_eq!(
                children.iter().map(|c| c.cell).collect::<Vec<_>>(),
                position.legal_moves().collect::<Vec<_>>()
            );
            for child in children {
                path.push(child.cell);
                assert_eq!(child.pruned, !visited.contains(path), "{root} {path:?}");
                if path.len() < max_depth {
                    walk(root, position.play(child.cell), path, max_depth, visited);
                }
                path.pop();
            }
        }
        walk(root, root, path, max_depth, &visited);
    }

    #[test]
    fn pruning_flags_match_a_separate_alpha_beta() {
        check_pruning(Board::EMPTY, &mut Vec::new(), 3);
        for position in reachable_positions() {
            match position.marks() {
                1 | 2 => check_pruning(position, &mut Vec::new(), 2),
                5.. => check_pruning(position, &mut Vec::new(), 9),
                _ => {}
            }
            // The root's own children are never pruned with a full window.
            assert!(tree_children(position, true).iter().all(|c| !c.pruned));
        }
        // From the empty board, alpha-beta prunes two plies down already (after X in 0 and O in 1, say).
        let root = Board::EMPTY;
        let pruned_after_two: Vec<(usize, usize)> = (0..9)
            .flat_map(|first| {
                tree_children_along(root, &[first], true)
                    .into_iter()
                    .filter(|c| c.pruned)
                    .map(move |c| (first, c.cell))
            })
            .collect();
        assert!(!pruned_after_two.is_empty());
        // A cut-off at an ancestor prunes every child below it; without alpha-beta nothing is pruned.
        let (first, second) = pruned_after_two[0];
        let below = tree_children_along(root, &[first, second], true);
        assert!(!below.is_empty() && below.iter().all(|c| c.pruned));
        assert!(tree_children_along(root, &[first, second], false)
            .iter()
            .all(|c| !c.pruned));
        // Illegal paths have no children.
        assert!(tree_children_along(root, &[4, 4], true).is_empty());
    }

    #[test]
    fn tree_values_and_principal_variation_flags() {
        let children = tree_children(board("X.O.X.O.."), false);
        let best: Vec<usize> = children
            .iter()
            .filter(|c| c.on_principal_variation)
            .map(|c| c.cell)
            .collect();
        assert_eq!(best, [8]);
        assert_eq!(
            children.iter().find(|c| c.cell == 8).unwrap().value,
            Value {
                outcome: Outcome::Win,
                plies: 1
            }
        );
    }

    #[test]
    fn plain_scores_cannot_tell_a_quick_win_from_a_slow_one() {
        // X wins at once in cell 8; every other move also wins, two plies later.
        let position = board("X.O.X.O..");
        let plain = analyze_with(position, Scoring::Plain);
        assert!(plain.moves.iter().all(|m| m.score == 1), "{plain:?}");
        assert_eq!(plain.best_cells(), [1, 3, 5, 7, 8]);
        let depth_aware = analyze_with(position, Scoring::DepthAware);
        assert_eq!(depth_aware.best_cells(), [8]);
        let score_of = |cell| {
            depth_aware
                .moves
                .iter()
                .find(|m| m.cell == cell)
                .unwrap()
                .score
        };
        assert_eq!(score_of(8), 5);
        assert_eq!(score_of(1), 3);
    }

    #[test]
    fn scored_analysis_agrees_with_the_engine_everywhere() {
        for position in reachable_positions() {
            let analysis = analyze(position);
            let plain = analyze_with(position, Scoring::Plain);
            let depth_aware = analyze_with(position, Scoring::DepthAware);
            assert_eq!(
                depth_aware.best_cells(),
                analysis.best_cells(),
                "{position}"
            );
            for ((exact, plain), depth_aware) in analysis
                .moves
                .iter()
                .zip(&plain.moves)
                .zip(&depth_aware.moves)
            {
                let sign = match exact.value.outcome {
                    Outcome::Win => 1,
                    Outcome::Draw => 0,
                    Outcome::Loss => -1,
                };
                assert_eq!(plain.score, sign, "{position} {}", exact.cell);
                assert_eq!(
                    Value::from_score(depth_aware.score, position.marks()),
                    exact.value
                );
            }
        }
    }
}
