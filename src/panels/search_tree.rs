//! The trees a reader practises alpha-beta on and steps through: a 3x3 position, or an abstract tree drawn from a
//! seed or written by a teacher. A node is named by its [`NodeId`], the path of actions from the root. Both kinds
//! are searched by the same alpha-beta ([`SearchTree::trace`]), and a seed gives the same tree on every machine,
//! for as long as links carry it ([`AbstractTree::new`]).

use crate::engine::{alpha_beta_trace, analyze, Board, Bound, Outcome, Rng, Score, Scoring, Value};
use crate::game::square_name;
use crate::panels::number::Number;
use crate::panels::textbook::{alpha_beta_search, tree_events, GameTree, TreeEvent};
use crate::panels::words::Convention;
use std::collections::HashMap;
use std::fmt;
use std::ops::RangeInclusive;
use std::str::FromStr;

/// A node of an abstract tree: a leaf and its value for MAX, or an inner node and its children, in the order
/// alpha-beta tries them.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum Branch {
    /// A leaf: the tree gives its value.
    Leaf(Bound),
    /// An inner node: its children.
    Inner(Vec<Branch>),
}

impl Branch {
    /// The node at `path` below this one, if there is one.
    fn at(&self, path: &[usize]) -> Option<&Branch> {
        path.iter().try_fold(self, |node, &place| match node {
            Branch::Inner(children) => children.get(place),
            Branch::Leaf(_) => None,
        })
    }

    /// The leaves below this node (itself, if it is one).
    fn leaves(&self) -> usize {
        match self {
            Branch::Leaf(_) => 1,
            Branch::Inner(children) => children.iter().map(Branch::leaves).sum(),
        }
    }

    /// The levels below this node: 0 for a leaf.
    fn depth(&self) -> usize {
        match self {
            Branch::Leaf(_) => 0,
            Branch::Inner(children) => 1 + children.iter().map(Branch::depth).max().unwrap_or(0),
        }
    }
}

/// Where an abstract tree comes from.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Origin {
    /// Drawn from a seed in an exam's shape: every inner node has `branching` children, every leaf is `depth`
    /// levels below the root.
    Drawn {
        /// Levels of moves below the root.
        depth: u32,
        /// Children of each inner node.
        branching: u32,
        /// The seed the leaves are drawn from.
        seed: u64,
    },
    /// Written out by a teacher (`leaves=`), in any shape the picture holds.
    Written,
}

/// A game tree that is not a game: MAX at the root, the levels taking turns, each leaf's value given.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct AbstractTree {
    /// The root, an inner node.
    root: Branch,
    origin: Origin,
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
    /// The depths a drawn practice tree may have: levels of moves below the root.
    pub const DEPTHS: RangeInclusive<u32> = 2..=4;
    /// The numbers of children an inner node of a drawn tree may have.
    pub const BRANCHINGS: RangeInclusive<u32> = 2..=4;
    /// The leaves' values of a drawn tree.
    pub const LEAF_VALUES: RangeInclusive<i32> = -9..=9;
    /// The most leaves a written tree may have: as many as a picture a reader can work on holds.
    pub const MOST_LEAVES: usize = 81;
    /// The most levels below the root a written tree may have.
    pub const MOST_LEVELS: usize = 6;
    /// The most children a node of a written tree may have.
    pub const MOST_CHILDREN: usize = 9;

    /// The tree `depth` levels deep with `branching` children to every inner node, its leaves drawn from `seed`.
    ///
    /// The leaves are integers from -9 to 9, drawn left to right, depth first, by SplitMix64 (the engine's [`Rng`])
    /// seeded with `seed`: leaf value = `Rng::below(19) - 9`. The generator is integer arithmetic only, so a seed
    /// gives the same tree on every machine, and a link with `depth`, `branching` and `seed` shares one exercise.
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
        // Left to right, depth first: a link's seed must keep giving the tree it gave.
        fn grow(levels: u32, branching: u32, draw: &mut dyn FnMut() -> i32) -> Branch {
            if levels == 0 {
                return Branch::Leaf(Bound::Finite(draw()));
            }
            Branch::Inner(
                (0..branching)
                    .map(|_| grow(levels - 1, branching, draw))
                    .collect(),
            )
        }
        let mut draw = || *AbstractTree::LEAF_VALUES.start() + rng.below(span) as i32;
        Ok(AbstractTree {
            root: grow(depth, branching, &mut draw),
            origin: Origin::Drawn {
                depth,
                branching,
                seed,
            },
        })
    }

    /// Where the tree comes from.
    pub fn origin(&self) -> Origin {
        self.origin
    }

    /// The tree in a few words, for the panels: "the practice tree (3 levels, 2 children a node, seed 7)", "your
    /// tree (2 levels, 9 leaves)".
    pub fn describe(&self) -> String {
        match self.origin {
            Origin::Drawn {
                depth,
                branching,
                seed,
            } => format!(
                "the practice tree ({depth} levels, {branching} children a node, seed {seed})"
            ),
            Origin::Written => format!(
                "your tree ({} levels, {} leaves)",
                self.root.depth(),
                self.root.leaves()
            ),
        }
    }

    /// Whether `path` leads from the root to a node of the tree.
    pub fn contains(&self, path: &[usize]) -> bool {
        self.root.at(path).is_some()
    }

    /// The value for MAX of the leaf at `path`; `None` for an inner node or a path off the tree.
    pub fn leaf_value(&self, path: &[usize]) -> Option<Bound> {
        match self.root.at(path)? {
            Branch::Leaf(value) => Some(*value),
            Branch::Inner(_) => None,
        }
    }

    /// The number of children of the node at `path`: 0 at a leaf and off the tree.
    pub fn children(&self, path: &[usize]) -> usize {
        match self.root.at(path) {
            Some(Branch::Inner(children)) => children.len(),
            _ => 0,
        }
    }
}

/// The written form, which `leaves=` takes: each inner node its children in parentheses, separated by commas,
/// each leaf its value: "((3,12,8),(2,4,6),(14,5,2))", Russell and Norvig's figure. Infinities are "inf" and
/// "-inf".
impl fmt::Display for AbstractTree {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fn write(branch: &Branch, f: &mut fmt::Formatter<'_>) -> fmt::Result {
            match branch {
                Branch::Leaf(value) => write!(f, "{value}"),
                Branch::Inner(children) => {
                    f.write_str("(")?;
                    for (index, child) in children.iter().enumerate() {
                        if index > 0 {
                            f.write_str(",")?;
                        }
                        write(child, f)?;
                    }
                    f.write_str(")")
                }
            }
        }
        write(&self.root, f)
    }
}

/// Why a written tree is not one: where it breaks, and what was expected there.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum WrittenTreeError {
    /// The text breaks at character `at` (from 1), after `before`: `expected` was wanted, `found` came.
    Breaks {
        /// The character, counted from 1.
        at: usize,
        /// The text before it.
        before: String,
        /// What may come there.
        expected: &'static str,
        /// What came: a character, or "the end".
        found: String,
    },
    /// The tree is bigger than a picture holds.
    TooBig(String),
    /// A single value: no move to search.
    NoMoves,
}

impl fmt::Display for WrittenTreeError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            WrittenTreeError::Breaks {
                at,
                before,
                expected,
                found,
            } => write!(
                f,
                "it breaks at character {at}, after \"{}\": {expected} was expected, not {found}",
                before.escape_default()
            ),
            WrittenTreeError::TooBig(why) => f.write_str(why),
            WrittenTreeError::NoMoves => f.write_str(
                "a tree is its root's children in parentheses, such as ((3,12,8),(2,4,6),(14,5,2)): a single value has \
                 no move to search",
            ),
        }
    }
}

impl std::error::Error for WrittenTreeError {}

/// Reads a written tree, a character at a time.
struct Reader<'t> {
    text: &'t str,
    /// The byte where reading is.
    at: usize,
}

impl Reader<'_> {
    fn skip_spaces(&mut self) {
        let rest = &self.text[self.at..];
        self.at += rest.len() - rest.trim_start().len();
    }

    fn peek(&self) -> Option<char> {
        self.text[self.at..].chars().next()
    }

    /// The error of finding what is at the reader where `expected` was wanted.
    fn breaks(&self, expected: &'static str) -> WrittenTreeError {
        WrittenTreeError::Breaks {
            at: self.text[..self.at].chars().count() + 1,
            before: self.text[..self.at].to_owned(),
            expected,
            found: self
                .peek()
                .map_or_else(|| "the end".to_owned(), |c| format!("\"{c}\"")),
        }
    }

    /// A node: a parenthesised list of nodes, or a value.
    fn branch(&mut self, depth: usize) -> Result<Branch, WrittenTreeError> {
        self.skip_spaces();
        if self.peek() != Some('(') {
            return self.leaf();
        }
        if depth >= AbstractTree::MOST_LEVELS {
            return Err(WrittenTreeError::TooBig(format!(
                "a tree has at most {} levels below its root, and this one has more",
                AbstractTree::MOST_LEVELS
            )));
        }
        self.at += 1;
        let mut children = vec![self.branch(depth + 1)?];
        loop {
            self.skip_spaces();
            match self.peek() {
                Some(',') => {
                    self.at += 1;
                    children.push(self.branch(depth + 1)?);
                }
                Some(')') => {
                    self.at += 1;
                    break;
                }
                _ => return Err(self.breaks("\",\" or \")\"")),
            }
        }
        if children.len() > AbstractTree::MOST_CHILDREN {
            return Err(WrittenTreeError::TooBig(format!(
                "a node has at most {} children, and one of this tree's has {}",
                AbstractTree::MOST_CHILDREN,
                children.len()
            )));
        }
        Ok(Branch::Inner(children))
    }

    /// A leaf's value: a whole number, or an infinity.
    fn leaf(&mut self) -> Result<Branch, WrittenTreeError> {
        let rest = &self.text[self.at..];
        let end = rest
            .find(|c: char| c == ',' || c == '(' || c == ')' || c.is_whitespace())
            .unwrap_or(rest.len());
        match rest[..end].parse::<Number>() {
            Ok(number) if end > 0 => {
                self.at += end;
                Ok(Branch::Leaf(number.0))
            }
            _ => Err(self.breaks("a value (a whole number, inf or -inf) or \"(\"")),
        }
    }
}

impl FromStr for AbstractTree {
    type Err = WrittenTreeError;

    /// A tree written as [`AbstractTree`]'s `Display` writes it, with spaces anywhere between its parts.
    fn from_str(text: &str) -> Result<AbstractTree, WrittenTreeError> {
        let mut reader = Reader { text, at: 0 };
        let root = reader.branch(0)?;
        reader.skip_spaces();
        if reader.at < text.len() {
            return Err(reader.breaks("the end"));
        }
        if let Branch::Leaf(_) = root {
            return Err(WrittenTreeError::NoMoves);
        }
        if root.leaves() > AbstractTree::MOST_LEAVES {
            return Err(WrittenTreeError::TooBig(format!(
                "a tree has at most {} leaves, and this one has {}",
                AbstractTree::MOST_LEAVES,
                root.leaves()
            )));
        }
        Ok(AbstractTree {
            root,
            origin: Origin::Written,
        })
    }
}

impl GameTree for AbstractTree {
    /// A node is its path from the root.
    type Node = Vec<usize>;

    fn root(&self) -> Vec<usize> {
        Vec::new()
    }

    fn actions(&self, path: &Vec<usize>) -> Vec<usize> {
        (0..self.children(path)).collect()
    }

    fn result(&self, path: &Vec<usize>, place: usize) -> Vec<usize> {
        let mut child = path.clone();
        child.push(place);
        child
    }

    fn utility(&self, path: &Vec<usize>) -> Option<Bound> {
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

/// The game tree of a 3x3 position cut `levels` moves below it: a position there whose game goes on is a leaf,
/// worth its value with best play (the engine's, in points, from MAX's side), as a depth-limited search scores the
/// positions at its horizon, but exact.
struct CutPosition {
    root: Board,
    levels: usize,
}

impl GameTree for CutPosition {
    /// A position, and how many moves below the root it lies.
    type Node = (Board, usize);

    fn root(&self) -> (Board, usize) {
        (self.root, 0)
    }

    fn actions(&self, &(board, depth): &(Board, usize)) -> Vec<usize> {
        if depth < self.levels {
            board.legal_moves().collect()
        } else {
            Vec::new()
        }
    }

    fn result(&self, &(board, depth): &(Board, usize), cell: usize) -> (Board, usize) {
        (board.play(cell), depth + 1)
    }

    fn utility(&self, &(board, depth): &(Board, usize)) -> Option<Bound> {
        (board.is_over() || depth >= self.levels).then(|| Bound::Finite(worth(self.root, board)))
    }
}

/// The value of `position` with best play, in points, for MAX, the side to move at `root`: a finished game's
/// score, or the engine's exact value of the position.
fn worth(root: Board, position: Board) -> i32 {
    let convention = Convention::at(&root.into(), Scoring::DepthAware);
    let grid = position.into();
    let score = match position.winner() {
        // The last mover won: the value of its move, which ended the game.
        Some(_) => Score::Proved(Value {
            outcome: Outcome::Loss,
            plies: 0,
        }),
        None if position.is_over() => Score::Proved(Value {
            outcome: Outcome::Draw,
            plies: 0,
        }),
        None => {
            let best = analyze(&grid).best_value();
            Score::Proved(best.unwrap_or(Value {
                outcome: Outcome::Draw,
                plies: 0,
            }))
        }
    };
    convention.points(&grid, score)
}

/// A tree alpha-beta searches for a reader: a 3x3 position, or an abstract tree.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum SearchTree {
    /// The game tree of a 3x3 position, to `levels` moves below it: at the number of its empty squares or more,
    /// to the end of the game, which the engine searches; fewer, the positions at the cut are leaves whose values
    /// are given (see `CutPosition`).
    Position(Board, u32),
    /// An exam-style tree drawn from a seed, or a teacher's.
    Abstract(AbstractTree),
}

impl SearchTree {
    /// The whole game tree of `board`, to the end of the game.
    pub fn whole(board: Board) -> SearchTree {
        SearchTree::Position(board, (9 - board.marks()) as u32)
    }

    /// Alpha-beta's events from the root: the engine's trace ([`alpha_beta_trace`]: moves in cell order,
    /// depth-aware scores) for a position searched to the end, the textbook search ([`alpha_beta_search`]) for one
    /// cut short and for an abstract tree. Those are not game positions the engine's loop can search (it knows only
    /// a `Grid`), and the textbook search is the very one `tests/trace.rs` proves the engine's trace equal to on
    /// every position with six empty squares or fewer: both kinds of tree are searched the same way.
    pub fn trace(&self) -> Vec<TreeEvent> {
        match self {
            SearchTree::Position(board, levels) if *levels >= (9 - board.marks()) as u32 => {
                tree_events(&alpha_beta_trace(board))
            }
            SearchTree::Position(board, levels) => alpha_beta_search(&CutPosition {
                root: *board,
                levels: *levels as usize,
            }),
            SearchTree::Abstract(tree) => alpha_beta_search(tree),
        }
    }

    /// The position at the node of `path`, on a board; `None` in an abstract tree, or when `path` is not a line
    /// of play.
    pub fn position(&self, path: &[usize]) -> Option<Board> {
        match self {
            SearchTree::Position(board, levels) if path.len() <= *levels as usize => path
                .iter()
                .try_fold(*board, |position, &cell| position.try_play(cell).ok()),
            SearchTree::Position(..) | SearchTree::Abstract(_) => None,
        }
    }

    /// Whether `path` leads from the root to a node of the tree.
    pub fn contains(&self, path: &[usize]) -> bool {
        match self {
            SearchTree::Position(..) => self.position(path).is_some(),
            SearchTree::Abstract(tree) => tree.contains(path),
        }
    }

    /// The actions of the node at `path`, in the order alpha-beta tries them: empty at a leaf (a finished game, a
    /// position at the cut) and off the tree.
    pub fn actions(&self, path: &[usize]) -> Vec<usize> {
        match self {
            SearchTree::Position(_, levels) if path.len() < *levels as usize => self
                .position(path)
                .map(|position| position.legal_moves().collect())
                .unwrap_or_default(),
            SearchTree::Position(..) => Vec::new(),
            SearchTree::Abstract(tree) => tree.actions(&path.to_vec()),
        }
    }

    /// The value of the leaf at `path`, which the reader is shown: a finished game's score, the value of a
    /// position at the cut, an abstract tree's leaf; `None` at an inner node and off the tree.
    pub fn given_value(&self, path: &[usize]) -> Option<Bound> {
        match self {
            SearchTree::Position(board, _) => {
                let position = self.position(path)?;
                self.actions(path)
                    .is_empty()
                    .then(|| Bound::Finite(worth(*board, position)))
            }
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
                (SearchTree::Position(_, levels), Some(board)) if path.len() < *levels as usize => {
                    board.legal_moves().collect()
                }
                (SearchTree::Position(..), _) => Vec::new(),
                (SearchTree::Abstract(tree), _) => tree.actions(&path),
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
            SearchTree::Position(board, _) => board.to_move().name(),
            SearchTree::Abstract(_) => "MAX",
        }
    }

    /// The node at `path` in words: "the root" (or "the starting position"), "X in row 3, column 1" (the last
    /// move, as the step panel says), or "node 0.2.1".
    pub fn node_words(&self, path: &[usize]) -> String {
        match (self, path.split_last()) {
            (SearchTree::Position(..), None) => "the starting position".to_owned(),
            (SearchTree::Abstract(_), None) => "the root".to_owned(),
            (SearchTree::Position(root, _), Some((&cell, before))) => {
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
            SearchTree::Position(root, _) if parent.len() % 2 == 0 => {
                format!("the move in {}", square_name(root.shape(), action))
            }
            SearchTree::Position(root, _) => {
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
            SearchTree::Position(..) if parent.len() % 2 == 0 => "moves",
            SearchTree::Position(..) => "replies",
            SearchTree::Abstract(_) => "children",
        }
    }

    /// An action of the node at `parent` in words, as the pseudocode's `a`: "row 2, column 3", or "0.2.1" (the
    /// child it leads to).
    pub fn action_words(&self, parent: &[usize], action: usize) -> String {
        match self {
            SearchTree::Position(root, _) => square_name(root.shape(), action),
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
        assert_eq!(tree.to_string(), "((1,5,9),(-1,-1,5),(7,0,-4))");
        assert_eq!(AbstractTree::new(2, 3, 1).unwrap(), tree);
        assert_ne!(AbstractTree::new(2, 3, 2).unwrap(), tree);
        // Every value from -9 to 9 turns up, and no other.
        let big = AbstractTree::new(4, 4, 7).unwrap();
        let mut seen: Vec<Bound> = (0..256)
            .map(|leaf: usize| {
                (0..4)
                    .map(|level| leaf >> (2 * (3 - level)) & 3)
                    .collect::<Vec<_>>()
            })
            .map(|path| big.leaf_value(&path).unwrap())
            .collect();
        seen.sort_unstable();
        seen.dedup();
        assert_eq!(seen, (-9..=9).map(Bound::Finite).collect::<Vec<_>>());
    }

    #[test]
    fn a_teachers_tree_is_read_as_written_and_searched_by_the_textbook() {
        // Russell and Norvig's figure: three MIN nodes, nine leaves; 4 and 6 are pruned.
        let figure: AbstractTree = " ( (3, 12,8), (2,4,6),(14,5,2) ) ".parse().unwrap();
        assert_eq!(figure.to_string(), "((3,12,8),(2,4,6),(14,5,2))");
        assert_eq!(figure.origin(), Origin::Written);
        assert_eq!(figure.describe(), "your tree (2 levels, 9 leaves)");
        let events = SearchTree::Abstract(figure).trace();
        assert_eq!(events.last().unwrap().value, Some(Bound::Finite(3)));
        let leaves_seen = events
            .iter()
            .filter(|event| event.kind == StepKind::Visit && event.path.len() == 2)
            .count();
        assert_eq!(leaves_seen, 7);
        // Any shape, and infinities, written with the panels' signs too.
        let ragged: AbstractTree = "((inf,−2),-inf,((1),5))".parse().unwrap();
        assert_eq!(ragged.to_string(), "((inf,-2),-inf,((1),5))");
        assert_eq!(ragged.leaf_value(&[0, 0]), Some(Bound::PosInf));
        assert_eq!(ragged.leaf_value(&[1]), Some(Bound::NegInf));
        assert_eq!(ragged.children(&[2, 0]), 1);
    }

    #[test]
    fn a_written_tree_that_breaks_says_where() {
        let broken = |text: &str| text.parse::<AbstractTree>().unwrap_err().to_string();
        assert_eq!(
            broken("((3,12,8),(2,,6))"),
            "it breaks at character 14, after \"((3,12,8),(2,\": a value (a whole number, inf or -inf) or \"(\" \
             was expected, not \",\""
        );
        assert_eq!(
            broken("((3,12,8),(2,4,6)"),
            "it breaks at character 18, after \"((3,12,8),(2,4,6)\": \",\" or \")\" was expected, not the end"
        );
        assert_eq!(
            broken("((1,2)) x"),
            "it breaks at character 9, after \"((1,2)) \": the end was expected, not \"x\""
        );
        assert!(broken("7").starts_with("a tree is its root's children in parentheses"));
        assert!(broken("()").contains("at character 2"));
        let wide = format!("({})", ["1"; 10].join(","));
        assert_eq!(
            broken(&wide),
            "a node has at most 9 children, and one of this tree's has 10"
        );
        let deep = format!("{}1{}", "(".repeat(8), ")".repeat(8));
        assert!(broken(&deep).starts_with("a tree has at most 6 levels"));
        let many = format!("({})", ["(1,2,3,4,5,6,7,8,9)"; 9].join(","));
        assert!(many.parse::<AbstractTree>().is_ok(), "81 leaves");
        let more = format!(
            "({})",
            ["(1,2,3,4,5,6,7,8,9)"; 9]
                .join(",")
                .replacen("(1,", "(1,1,", 1)
        );
        assert_eq!(
            broken(&more),
            "a node has at most 9 children, and one of this tree's has 10"
        );
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
        let board = SearchTree::whole("XOXXOO...".parse().unwrap());
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
