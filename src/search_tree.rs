//! The trees a reader practises alpha-beta on and steps through: a 3x3 position, or an exam-style abstract tree
//! drawn from a seed. Either way a node is named by its [`NodeId`], the path of actions from the root (cells on a
//! board, places among siblings in an abstract tree), and the tree gives its alpha-beta trace as
//! [`TreeEvent`]s, its actions, and the words that name its nodes in sentences.
//!
//! A position's trace is the engine's own ([`alpha_beta_trace`]: moves in cell order, depth-aware scores). An
//! abstract tree is not a game position, and the engine's loop searches only a `Grid`, so its trace is the
//! library's one textbook search ([`alpha_beta_search`]), the very search that `tests/trace.rs` proves the
//! engine's trace equal to on every position with six empty squares or fewer: the two kinds of tree are
//! searched the same way, and nothing is searched twice over.
//!
//! An abstract tree's leaves are integers from -9 to 9, drawn left to right, depth first, by SplitMix64 (the
//! engine's [`Rng`]) seeded with the tree's seed: leaf value = `Rng::below(19) - 9`. The generator is integer
//! arithmetic only, so a seed gives the same tree on every machine, and a link with `depth`, `branching` and
//! `seed` shares one exercise.

use crate::engine::{alpha_beta_trace, Board, Rng};
use crate::game::square_name;
use crate::textbook::{alpha_beta_search, tree_events, GameTree, TreeEvent};
use std::collections::HashMap;
use std::fmt;
use std::ops::RangeInclusive;
use std::str::FromStr;

/// An exam-style game tree: every inner node has the same number of children, every leaf is at the same depth,
/// and the leaves' values come from a seed (see the module's documentation).
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct AbstractTree {
    depth: u32,
    branching: u32,
    seed: u64,
    /// The leaves' values for MAX, left to right.
    leaves: Vec<i32>,
}

/// Why an abstract tree cannot be drawn.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum TreeShapeError {
    /// The depth is not 2 to 4.
    Depth(u32),
    /// The branching is not 2 to 4.
    Branching(u32),
}

impl fmt::Display for TreeShapeError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let (what, found, range) = match self {
            TreeShapeError::Depth(depth) => ("depth", depth, AbstractTree::DEPTHS),
            TreeShapeError::Branching(branching) => {
                ("branching", branching, AbstractTree::BRANCHINGS)
            }
        };
        write!(
            f,
            "a practice tree's {what} is {} to {}, not {found}",
            range.start(),
            range.end()
        )
    }
}

impl std::error::Error for TreeShapeError {}

impl AbstractTree {
    /// The depths a practice tree may have: levels of moves below the root.
    pub const DEPTHS: RangeInclusive<u32> = 2..=4;
    /// The numbers of children an inner node may have.
    pub const BRANCHINGS: RangeInclusive<u32> = 2..=4;
    /// The leaves' values.
    pub const LEAF_VALUES: RangeInclusive<i32> = -9..=9;

    /// The tree `depth` levels deep with `branching` children to every inner node, its leaves drawn from `seed`.
    ///
    /// # Errors
    /// [`TreeShapeError`] if the depth or the branching is not 2 to 4.
    pub fn new(depth: u32, branching: u32, seed: u64) -> Result<AbstractTree, TreeShapeError> {
        if !AbstractTree::DEPTHS.contains(&depth) {
            return Err(TreeShapeError::Depth(depth));
        }
        if !AbstractTree::BRANCHINGS.contains(&branching) {
            return Err(TreeShapeError::Branching(branching));
        }
        let mut rng = Rng::new(seed);
        let span =
            (AbstractTree::LEAF_VALUES.end() - AbstractTree::LEAF_VALUES.start() + 1) as usize;
        let leaves = (0..branching.pow(depth))
            .map(|_| *AbstractTree::LEAF_VALUES.start() + rng.below(span) as i32)
            .collect();
        Ok(AbstractTree {
            depth,
            branching,
            seed,
            leaves,
        })
    }

    /// Levels of moves below the root.
    pub fn depth(&self) -> u32 {
        self.depth
    }

    /// Children of each inner node.
    pub fn branching(&self) -> u32 {
        self.branching
    }

    /// The seed the leaves were drawn from.
    pub fn seed(&self) -> u64 {
        self.seed
    }

    /// Whether `path` leads from the root to a node of the tree.
    pub fn contains(&self, path: &[usize]) -> bool {
        path.len() <= self.depth as usize
            && path.iter().all(|&place| place < self.branching as usize)
    }

    /// The value for MAX of the leaf at `path`; `None` for an inner node or a path off the tree.
    pub fn leaf_value(&self, path: &[usize]) -> Option<i32> {
        if path.len() != self.depth as usize || !self.contains(path) {
            return None;
        }
        let index = path
            .iter()
            .fold(0, |index, &place| index * self.branching as usize + place);
        Some(self.leaves[index])
    }
}

impl GameTree for AbstractTree {
    /// A node is its path from the root.
    type Node = Vec<usize>;

    fn root(&self) -> Vec<usize> {
        Vec::new()
    }

    fn actions(&self, path: &Vec<usize>) -> Vec<usize> {
        if path.len() < self.depth as usize {
            (0..self.branching as usize).collect()
        } else {
            Vec::new()
        }
    }

    fn result(&self, path: &Vec<usize>, place: usize) -> Vec<usize> {
        let mut child = path.clone();
        child.push(place);
        child
    }

    fn utility(&self, path: &Vec<usize>) -> Option<i32> {
        self.leaf_value(path)
    }
}

/// The positions of the game tree of `board`, itself included, as the engine's `game_tree_size` counts them (plain
/// minimax's 549,946 from the empty board), counted a position at a time: a position that several lines reach has
/// the same subtree on each, so its count is worked out once. From the empty board that is the 5,478 positions
/// there are rather than the 549,946 nodes, a fraction of a millisecond rather than a task long enough to hold up
/// a page that opens the step panel or the practice there.
pub fn tree_size(board: Board) -> u64 {
    fn size(board: Board, known: &mut HashMap<Board, u64>) -> u64 {
        if let Some(&count) = known.get(&board) {
            return count;
        }
        let below: u64 = if board.is_over() {
            0
        } else {
            board
                .legal_moves()
                .map(|cell| size(board.play(cell), known))
                .sum()
        };
        known.insert(board, 1 + below);
        1 + below
    }
    size(board, &mut HashMap::new())
}

/// A node of a [`SearchTree`]: the actions from the root (cells on a board, places among siblings in an abstract
/// tree, from 0), written "0.2.1" for a page's `data-node`; the root's is empty.
#[derive(Clone, Debug, Default, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct NodeId(pub Vec<usize>);

impl NodeId {
    /// The root.
    pub const ROOT: NodeId = NodeId(Vec::new());

    /// The actions from the root.
    pub fn path(&self) -> &[usize] {
        &self.0
    }
}

impl fmt::Display for NodeId {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for (index, action) in self.0.iter().enumerate() {
            if index > 0 {
                f.write_str(".")?;
            }
            write!(f, "{action}")?;
        }
        Ok(())
    }
}

/// Why a text is not a node's name.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ParseNodeIdError(pub String);

impl fmt::Display for ParseNodeIdError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "\"{}\" is not a node: a node is its path from the root, whole numbers joined by dots (\"0.2.1\"), and \
             the root's is empty",
            self.0.escape_default()
        )
    }
}

impl std::error::Error for ParseNodeIdError {}

impl FromStr for NodeId {
    type Err = ParseNodeIdError;

    /// Whole numbers joined by dots; the empty text is the root. Whether the node is in a tree is the tree's to
    /// say.
    fn from_str(text: &str) -> Result<NodeId, ParseNodeIdError> {
        if text.is_empty() {
            return Ok(NodeId::ROOT);
        }
        text.split('.')
            .map(|part| {
                // `usize::from_str` takes a leading "+", which no path writes.
                part.bytes()
                    .all(|byte| byte.is_ascii_digit())
                    .then(|| part.parse().ok())
                    .flatten()
            })
            .collect::<Option<Vec<usize>>>()
            .map(NodeId)
            .ok_or_else(|| ParseNodeIdError(text.to_owned()))
    }
}

/// A tree alpha-beta searches for a reader: a 3x3 position, or an abstract tree.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum SearchTree {
    /// The game tree of a 3x3 position, searched by the engine to the end of the game.
    Position(Board),
    /// An exam-style tree drawn from a seed.
    Abstract(AbstractTree),
}

impl SearchTree {
    /// Alpha-beta's events from the root: the engine's trace for a position, the textbook search for an
    /// abstract tree (see the module's documentation).
    pub fn trace(&self) -> Vec<TreeEvent> {
        match self {
            SearchTree::Position(board) => tree_events(&alpha_beta_trace(board)),
            SearchTree::Abstract(tree) => alpha_beta_search(tree),
        }
    }

    /// The position at the node of `path`, on a board; `None` in an abstract tree, or when `path` is not a line
    /// of play.
    pub fn position(&self, path: &[usize]) -> Option<Board> {
        match self {
            SearchTree::Position(board) => path
                .iter()
                .try_fold(*board, |position, &cell| position.try_play(cell).ok()),
            SearchTree::Abstract(_) => None,
        }
    }

    /// Whether `path` leads from the root to a node of the tree.
    pub fn contains(&self, path: &[usize]) -> bool {
        match self {
            SearchTree::Position(_) => self.position(path).is_some(),
            SearchTree::Abstract(tree) => tree.contains(path),
        }
    }

    /// The actions of the node at `path`, in the order alpha-beta tries them: empty at a leaf (a finished game)
    /// and off the tree.
    pub fn actions(&self, path: &[usize]) -> Vec<usize> {
        match self {
            SearchTree::Position(_) => self
                .position(path)
                .map(|position| position.legal_moves().collect())
                .unwrap_or_default(),
            SearchTree::Abstract(tree) if tree.contains(path) => tree.actions(&path.to_vec()),
            SearchTree::Abstract(_) => Vec::new(),
        }
    }

    /// The value an abstract tree gives its leaf at `path`, which the reader is shown; `None` elsewhere (a
    /// finished game's score is the reader's to work out).
    pub fn given_value(&self, path: &[usize]) -> Option<i32> {
        match self {
            SearchTree::Position(_) => None,
            SearchTree::Abstract(tree) => tree.leaf_value(path),
        }
    }

    /// Every node of the tree, depth first, each before its children, children in the order of their actions.
    pub fn nodes(&self) -> Vec<NodeId> {
        self.nodes_with_positions()
            .into_iter()
            .map(|(id, _)| id)
            .collect()
    }

    /// [`SearchTree::nodes`], each with its position on a board: one walk down the tree, no line replayed.
    pub fn nodes_with_positions(&self) -> Vec<(NodeId, Option<Board>)> {
        let mut nodes = Vec::new();
        let mut stack = vec![(Vec::new(), self.position(&[]))];
        while let Some((path, position)) = stack.pop() {
            let actions = match (self, position) {
                (SearchTree::Position(_), Some(board)) => board.legal_moves().collect(),
                _ => self.actions(&path),
            };
            for &action in actions.iter().rev() {
                let mut child = path.clone();
                child.push(action);
                stack.push((child, position.map(|board| board.play(action))));
            }
            nodes.push((NodeId(path), position));
        }
        nodes
    }

    /// Who MAX is, in words: "X" on a board, "MAX" in an abstract tree.
    pub fn max_name(&self) -> &'static str {
        match self {
            SearchTree::Position(board) => board.to_move().name(),
            SearchTree::Abstract(_) => "MAX",
        }
    }

    /// The node at `path` in words: "the root" (or "the starting position"), "X in row 3, column 1" (the last
    /// move, as the step panel says), or "node 0.2.1".
    pub fn node_words(&self, path: &[usize]) -> String {
        match (self, path.split_last()) {
            (SearchTree::Position(_), None) => "the starting position".to_owned(),
            (SearchTree::Abstract(_), None) => "the root".to_owned(),
            (SearchTree::Position(root), Some((&cell, before))) => {
                let mover = self
                    .position(before)
                    .map_or("", |position| position.to_move().name());
                format!("{mover} in {}", square_name(root.shape(), cell))
            }
            (SearchTree::Abstract(_), Some(_)) => format!("node {}", NodeId(path.to_vec())),
        }
    }

    /// The child `action` of the node at `parent` in words, as a sentence about the parent names it: "the move in
    /// row 2, column 3" at a MAX node, "the reply in row 2, column 3" at a MIN node, "child 0.2.1" in an abstract
    /// tree.
    pub fn child_words(&self, parent: &[usize], action: usize) -> String {
        match self {
            SearchTree::Position(root) if parent.len() % 2 == 0 => {
                format!("the move in {}", square_name(root.shape(), action))
            }
            SearchTree::Position(root) => {
                format!("the reply in {}", square_name(root.shape(), action))
            }
            SearchTree::Abstract(_) => {
                let mut child = parent.to_vec();
                child.push(action);
                format!("child {}", NodeId(child))
            }
        }
    }

    /// What the children of the node at `parent` are called, for "the other …": "moves" at a MAX node and
    /// "replies" at a MIN node on a board, "children" in an abstract tree.
    pub fn children_word(&self, parent: &[usize]) -> &'static str {
        match self {
            SearchTree::Position(_) if parent.len() % 2 == 0 => "moves",
            SearchTree::Position(_) => "replies",
            SearchTree::Abstract(_) => "children",
        }
    }

    /// An action of the node at `parent` in words, as the pseudocode's `a`: "row 2, column 3", or "0.2.1" (the
    /// child it leads to).
    pub fn action_words(&self, parent: &[usize], action: usize) -> String {
        match self {
            SearchTree::Position(root) => square_name(root.shape(), action),
            SearchTree::Abstract(_) => {
                let mut child = parent.to_vec();
                child.push(action);
                NodeId(child).to_string()
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::StepKind;

    #[test]
    fn a_seed_gives_the_same_leaves_on_every_machine() {
        // Fixed here so that a change to the generator, which would change every shared link's tree, fails.
        let tree = AbstractTree::new(2, 3, 1).unwrap();
        let leaves: Vec<i32> = (0..3)
            .flat_map(|first| (0..3).map(move |second| [first, second]))
            .map(|path| tree.leaf_value(&path).unwrap())
            .collect();
        assert_eq!(leaves, [1, 5, 9, -1, -1, 5, 7, 0, -4]);
        assert_eq!(AbstractTree::new(2, 3, 1).unwrap(), tree);
        assert_ne!(AbstractTree::new(2, 3, 2).unwrap(), tree);
        // Every value from -9 to 9 turns up, and no other.
        let big = AbstractTree::new(4, 4, 7).unwrap();
        let mut seen: Vec<i32> = big.leaves.clone();
        seen.sort_unstable();
        seen.dedup();
        assert_eq!(seen, (-9..=9).collect::<Vec<_>>());
    }

    #[test]
    fn shapes_outside_the_exam_range_are_refused_with_a_reason() {
        assert_eq!(AbstractTree::new(1, 3, 0), Err(TreeShapeError::Depth(1)));
        assert_eq!(AbstractTree::new(5, 3, 0), Err(TreeShapeError::Depth(5)));
        assert_eq!(
            AbstractTree::new(3, 5, 0),
            Err(TreeShapeError::Branching(5))
        );
        assert_eq!(
            TreeShapeError::Branching(5).to_string(),
            "a practice tree's branching is 2 to 4, not 5"
        );
    }

    #[test]
    fn the_tree_size_is_the_engines_count() {
        use crate::engine::game_tree_size;
        for position in [
            ".........",
            "X........",
            "X...O....",
            "XOXXOO...",
            "XXXOO....",
        ] {
            let board: Board = position.parse().unwrap();
            assert_eq!(tree_size(board), game_tree_size(&board), "{position}");
        }
        assert_eq!(tree_size(Board::EMPTY), 549_946);
    }

    #[test]
    fn node_ids_read_back_what_they_write() {
        for path in [vec![], vec![0], vec![0, 2, 1], vec![4, 0, 8]] {
            let id = NodeId(path);
            assert_eq!(id.to_string().parse::<NodeId>(), Ok(id.clone()));
        }
        assert_eq!(NodeId(vec![0, 2, 1]).to_string(), "0.2.1");
        for bad in [".", "0.", ".0", "0..1", "a", "+1", "-1", " 0", "0,1"] {
            assert!(bad.parse::<NodeId>().is_err(), "{bad:?}");
        }
    }

    #[test]
    fn trees_list_their_nodes_and_name_them() {
        let tree = SearchTree::Abstract(AbstractTree::new(2, 2, 0).unwrap());
        let ids: Vec<String> = tree.nodes().iter().map(NodeId::to_string).collect();
        assert_eq!(ids, ["", "0", "0.0", "0.1", "1", "1.0", "1.1"]);
        assert_eq!(tree.node_words(&[1, 0]), "node 1.0");
        assert_eq!(tree.child_words(&[1], 0), "child 1.0");
        assert!(!tree.contains(&[2]) && !tree.contains(&[0, 0, 0]));
        let board = SearchTree::Position("XOXXOO...".parse().unwrap());
        // The root, X's three moves, O's four replies, and X's last move after three of them (O wins after 8, 7).
        assert_eq!(board.nodes().len(), 1 + 3 + 4 + 3);
        assert_eq!(board.node_words(&[7, 6]), "O in row 3, column 1");
        assert_eq!(board.child_words(&[7], 6), "the reply in row 3, column 1");
        assert_eq!(board.child_words(&[], 6), "the move in row 3, column 1");
        assert_eq!(board.actions(&[6]), Vec::<usize>::new(), "X has won");
        assert_eq!(board.actions(&[0]), Vec::<usize>::new(), "off the tree");
    }

    #[test]
    fn an_abstract_tree_is_searched_by_the_textbook() {
        let tree = AbstractTree::new(3, 2, 42).unwrap();
        let events = SearchTree::Abstract(tree.clone()).trace();
        assert_eq!(events, alpha_beta_search(&tree));
        let first = &events[0];
        assert_eq!((first.kind, first.path.len()), (StepKind::Visit, 0));
    }
}
