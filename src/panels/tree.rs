//! The game tree panel's state and words, without the page: which nodes are open and on show, the node that has
//! focus, the keys of the WAI-ARIA tree pattern, the `data-path` text of a node, each node's label and the
//! preview's caption. The DOM layer only draws what this module decides. Pure Rust, tested natively.

use crate::engine::{
    alpha_beta_trace, node_searches, tree_children_searched, Board, NodeSearch, Player, Score,
    Scoring, Status, StepEvent, TreeNode, CELLS,
};
use crate::game::square_name;
use crate::panels::steps::cut_reason;
use crate::panels::words::{after, Convention, Note};
use std::cell::RefCell;
use std::fmt;

/// What the tree shows.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TreeState {
    /// The position at the root: the game's current position.
    pub root: Board,
    /// The paths (moves from the root) of the opened nodes.
    pub expanded: Vec<Vec<usize>>,
    /// Whether nodes alpha-beta never searches are marked.
    pub alpha_beta: bool,
    /// The node that is the tree's tab stop.
    pub focus: Vec<usize>,
    /// What working out the nodes found, kept for the next time.
    memo: Memo,
}

/// Work that the tree's drawings share while its root stays the same: alpha-beta's trace from the root, and the
/// children (with their exact values) of each node opened. It is not part of what the tree shows: trees that
/// differ only in it are equal, and a copy starts without it.
#[derive(Default)]
struct Memo(RefCell<Remembered>);

#[derive(Default)]
struct Remembered {
    /// The root the rest was worked out for.
    root: Option<Board>,
    trace: Option<Vec<StepEvent>>,
    /// Each opened node's children, by its path, none of them marked pruned.
    children: Vec<(Vec<usize>, Vec<TreeNode>)>,
}

impl Remembered {
    /// Forgets what was found for another root than `root`.
    fn keep_for(&mut self, root: Board) {
        if self.root != Some(root) {
            *self = Remembered {
                root: Some(root),
                ..Remembered::default()
            };
        }
    }
}

impl Clone for Memo {
    fn clone(&self) -> Memo {
        Memo::default()
    }
}

impl PartialEq for Memo {
    fn eq(&self, _: &Memo) -> bool {
        true
    }
}

impl Eq for Memo {}

impl fmt::Debug for Memo {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("Memo")
    }
}

/// A node on show in the tree, with what its item says and where it stands.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct VisibleNode {
    /// The moves from the root to the node; its level in the tree is their number.
    pub path: Vec<usize>,
    /// The move and its value.
    pub node: TreeNode,
    /// Its place among its siblings, from 1 (`aria-posinset`).
    pub position_in_set: usize,
    /// How many siblings it has, itself included (`aria-setsize`).
    pub set_size: usize,
    /// Its words: see [`node_label`].
    pub label: String,
    /// Its value in short, for its picture: "X wins in 3 (+3)".
    pub value: String,
    /// Its value for MAX, the side to move at the root.
    pub score: Score,
    /// The position after its move.
    pub position: Board,
    /// Whether it is open (`aria-expanded`); `None` when the game ends with its move, so it has no children.
    pub open: Option<bool>,
    /// Whether it is the tree's tab stop: the focused node, or the first one when the focused node is not on show.
    pub tab_stop: bool,
    /// Why alpha-beta skips some of its children, when pruning is marked and the search cut off here (see
    /// [`cut_reason`]).
    pub cut: Option<String>,
}

/// A key of the WAI-ARIA tree pattern, as [`TreeState::press`] takes it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum TreeKey {
    /// The next node on show.
    Down,
    /// The node on show before.
    Up,
    /// The first node.
    Home,
    /// The last node on show.
    End,
    /// Opens a closed node, or moves to the first child of an open one.
    Right,
    /// Closes an open node, or moves to the parent of a closed one.
    Left,
    /// Opens or closes the node (Enter or Space).
    Toggle,
}

impl TreeKey {
    /// The tree key of a `KeyboardEvent`'s `key` ("ArrowDown", "Enter", " "…), `None` for any other key.
    pub fn from_key(key: &str) -> Option<TreeKey> {
        Some(match key {
            "ArrowDown" => TreeKey::Down,
            "ArrowUp" => TreeKey::Up,
            "Home" => TreeKey::Home,
            "End" => TreeKey::End,
            "ArrowRight" => TreeKey::Right,
            "ArrowLeft" => TreeKey::Left,
            "Enter" | " " => TreeKey::Toggle,
            _ => return None,
        })
    }
}

impl TreeState {
    /// A closed tree of `root`.
    pub fn new(root: Board) -> TreeState {
        TreeState {
            root,
            expanded: Vec::new(),
            alpha_beta: false,
            focus: Vec::new(),
            memo: Memo::default(),
        }
    }

    /// Whether `other` shows the same nodes, marked the same way: it may differ only in the node that has focus,
    /// so that a page moves the tab stop instead of drawing the tree again.
    pub fn same_nodes(&self, other: &TreeState) -> bool {
        (self.root, &self.expanded, self.alpha_beta)
            == (other.root, &other.expanded, other.alpha_beta)
    }

    /// The node that is the tab stop among `shown` (the paths on show): the focused node, or the first one when
    /// the focused node is not on show (as [`TreeState::visible`] marks it).
    pub fn tab_stop<'a>(&self, shown: &'a [Vec<usize>]) -> Option<&'a Vec<usize>> {
        shown
            .iter()
            .find(|path| **path == self.focus)
            .or(shown.first())
    }

    /// Every node on show, in reading order: depth-first through the opened nodes.
    pub fn visible(&self) -> Vec<VisibleNode> {
        let mut nodes = Vec::new();
        let searched = self.alpha_beta.then(|| self.searched());
        self.collect(self.root, &[], searched.as_ref(), &mut nodes);
        let paths: Vec<Vec<usize>> = nodes.iter().map(|node| node.path.clone()).collect();
        if let Some(stop) = self.tab_stop(&paths) {
            for node in &mut nodes {
                node.tab_stop = node.path == *stop;
            }
        }
        nodes
    }

    /// What alpha-beta from the root does at the root and at each open node: the node's children it searches
    /// and where it cuts. One search, traced, for the whole tree.
    fn searched(&self) -> Searched {
        let mut paths = vec![Vec::new()];
        paths.extend(self.expanded.iter().cloned());
        let mut memo = self.memo.0.borrow_mut();
        memo.keep_for(self.root);
        let trace = memo
            .trace
            .get_or_insert_with(|| alpha_beta_trace(&self.root));
        let found = node_searches(trace, &paths);
        Searched { paths, found }
    }

    /// The children of the node at `path`, each marked pruned when `search` (what alpha-beta did at the node)
    /// did not visit it.
    fn children(&self, path: &[usize], search: Option<&NodeSearch>) -> Vec<TreeNode> {
        let mut memo = self.memo.0.borrow_mut();
        memo.keep_for(self.root);
        let known = memo.children.iter().find(|(known, _)| known == path);
        let mut children = match known {
            Some((_, children)) => children.clone(),
            None => {
                let children = tree_children_searched(&self.root, path, None);
                memo.children.push((path.to_vec(), children.clone()));
                children
            }
        };
        if let Some(search) = search {
            for child in &mut children {
                child.pruned = !search.searched.contains(&child.cell);
            }
        }
        children
    }

    /// Adds the children of the node at `path` (whose position is `position`) to `out`, each followed by its own
    /// children when it is open; with `searched`, marks what alpha-beta prunes.
    fn collect(
        &self,
        position: Board,
        path: &[usize],
        searched: Option<&Searched>,
        out: &mut Vec<VisibleNode>,
    ) {
        let search = searched.map(|searched| searched.at(path));
        let children = self.children(path, search.as_ref());
        let set_size = children.len();
        for (index, node) in children.into_iter().enumerate() {
            let mut child = path.to_vec();
            child.push(node.cell);
            let next = position.play(node.cell);
            let open = (!next.is_over()).then(|| self.is_open(&child));
            let cut = searched
                .map(|searched| searched.at(&child))
                .and_then(|search| search.cut.map(|cut| (cut, last_searched(&search.searched))))
                .map(|(cut, reply)| cut_reason(self.root.to_move(), &cut, reply));
            let (convention, score) = (self.convention(), Score::Proved(node.value));
            out.push(VisibleNode {
                path: child.clone(),
                node,
                position_in_set: index + 1,
                set_size,
                label: node_label(convention, position, &node, self.alpha_beta),
                value: convention.value(&position, score),
                score: convention.for_max(&position, score),
                position: next,
                open,
                tab_stop: false,
                cut,
            });
            if open == Some(true) {
                self.collect(next, &child, searched, out);
            }
        }
    }

    /// How the tree writes its values: MAX's, MAX moving at the root, with the depth-aware scores the engine plays
    /// by.
    pub fn convention(&self) -> Convention {
        Convention::at(&self.root, Scoring::DepthAware)
    }

    /// The path of every node on show, in reading order (see [`TreeState::visible`]).
    pub fn visible_paths(&self) -> Vec<Vec<usize>> {
        self.visible().into_iter().map(|node| node.path).collect()
    }

    /// Opens or closes the node at `path` (a node whose move ends the game stays as it is). Closing a node closes
    /// what was open under it, and takes focus out of it.
    pub fn toggle(&mut self, path: &[usize]) {
        if let Some(index) = self.expanded.iter().position(|open| open == path) {
            self.expanded.remove(index);
            self.expanded.retain(|open| !open.starts_with(path));
            if self.focus.starts_with(path) {
                self.focus = path.to_vec();
            }
        } else if !after(self.root, path).is_over() {
            self.expanded.push(path.to_vec());
        }
    }

    /// Opens the ancestors of the node at `path`, so that it is on show (the step panel shows where its search is).
    pub fn reveal(&mut self, path: &[usize]) {
        for end in 1..path.len() {
            if !self.is_open(&path[..end]) {
                self.toggle(&path[..end]);
            }
        }
    }

    /// Whether the node at `path` is open.
    pub fn is_open(&self, path: &[usize]) -> bool {
        self.expanded.iter().any(|open| open == path)
    }

    /// The path a node's `data-path` holds (see [`encode_path`]), if it is a legal sequence of moves from the
    /// root: a page can change the attribute, so a cell off the board or already taken, a move after the game
    /// ended, or anything that is not a list of whole numbers gives `None`. The empty text is the root's path.
    pub fn parse_path(&self, text: &str) -> Option<Vec<usize>> {
        if text.is_empty() {
            return Some(Vec::new());
        }
        let path = text
            .split(',')
            .map(|cell| cell.parse().ok())
            .collect::<Option<Vec<usize>>>()?;
        self.is_playable(&path).then_some(path)
    }

    /// Whether `path` is a line of play from the root: each move on an empty square, none after the game ended.
    pub fn is_playable(&self, path: &[usize]) -> bool {
        self.board_after(path).is_some()
    }

    /// The position after the moves of `path` from the root, if they can be played.
    pub fn board_after(&self, path: &[usize]) -> Option<Board> {
        path.iter()
            .try_fold(self.root, |position, &cell| position.try_play(cell).ok())
    }

    /// Handles `key` pressed on the node at `path` as the WAI-ARIA tree pattern says: opens and closes nodes, and
    /// gives the node to focus next, which becomes [`TreeState::focus`]. That is the same node when the key is the
    /// tree's but leads nowhere (Down on the last node), so the page knows to keep the key from scrolling it;
    /// `None` when the key does nothing here (Right on a node that cannot open, Left on a closed top-level node,
    /// or a node that is not on show).
    pub fn press(&mut self, path: &[usize], key: TreeKey) -> Option<Vec<usize>> {
        let visible = self.visible_paths();
        let index = visible.iter().position(|shown| shown == path)?;
        let leaf = after(self.root, path).is_over();
        let open = self.is_open(path);
        let target = match key {
            TreeKey::Down => visible.get(index + 1).cloned(),
            TreeKey::Up => index.checked_sub(1).map(|before| visible[before].clone()),
            TreeKey::Home => visible.first().cloned(),
            TreeKey::End => visible.last().cloned(),
            // To the first child.
            TreeKey::Right if open => visible.get(index + 1).cloned(),
            TreeKey::Right | TreeKey::Toggle if !leaf => {
                self.toggle(path);
                None
            }
            TreeKey::Left if open => {
                self.toggle(path);
                None
            }
            TreeKey::Left if path.len() > 1 => Some(path[..path.len() - 1].to_vec()),
            _ => return None,
        };
        let target = target.unwrap_or_else(|| path.to_vec());
        self.focus = target.clone();
        Some(target)
    }
}

/// What alpha-beta from the tree's root does at the root and at its open nodes, by path.
struct Searched {
    paths: Vec<Vec<usize>>,
    found: Vec<NodeSearch>,
}

impl Searched {
    /// What the search does at the node of `path`; at a node not asked about (a closed one), nothing.
    fn at(&self, path: &[usize]) -> NodeSearch {
        self.paths
            .iter()
            .position(|wanted| wanted == path)
            .map(|index| self.found[index].clone())
            .unwrap_or_default()
    }
}

/// The last of the children in `searched` (in the order the search tried them): where it cut, the one that
/// caused the cut.
fn last_searched(searched: &[usize]) -> usize {
    searched.last().copied().unwrap_or_default()
}

/// A node's `data-path`: its moves from the root, as "4,0,8" (the root's is empty).
pub fn encode_path(path: &[usize]) -> String {
    path.iter()
        .map(usize::to_string)
        .collect::<Vec<_>>()
        .join(",")
}

/// A small board as the tree's picture draws it: three lines of three characters, a space for an empty square
/// ("XO \n X \nO  "), split around the square of the move just played (`last`) so that it can be marked: the text
/// before it, its mark, and the text after it (with no `last`, all the text is before).
pub fn board_text(position: Board, last: Option<usize>) -> (String, Option<char>, String) {
    let mut parts = (String::new(), None, String::new());
    for cell in 0..CELLS {
        if cell > 0 && cell % 3 == 0 {
            let text = if parts.1.is_some() {
                &mut parts.2
            } else {
                &mut parts.0
            };
            text.push('\n');
        }
        let mark = position.get(cell).map_or(' ', Player::symbol);
        if last == Some(cell) {
            parts.1 = Some(mark);
        } else if parts.1.is_some() {
            parts.2.push(mark);
        } else {
            parts.0.push(mark);
        }
    }
    parts
}

/// A node's words, `node` being a move of `position`: the move and its value in `convention`'s words, and its
/// marks ("O: row 1, column 2, X wins in 3 (+3), best, pruned by alpha-beta").
pub fn node_label(
    convention: Convention,
    position: Board,
    node: &TreeNode,
    alpha_beta: bool,
) -> String {
    let mut label = convention.move_words(&position, node.cell, Score::Proved(node.value));
    if node.on_principal_variation {
        label.push_str(", best");
    }
    if alpha_beta && node.pruned {
        label.push_str(", pruned by alpha-beta");
    }
    label
}

/// What the panel says above the tree from `root`: the convention its values follow (the step-through's, and
/// alpha-beta's reasons' too) and how to open a move, the rest one click away; or, once the game is over there,
/// why it shows nothing.
pub fn tree_note(root: Board) -> Note {
    if root.status() != Status::InProgress {
        return Note::new("The game is over here: there is no move to show.", "", &[]);
    }
    Note::new(
        format!(
            "{} Open a move (Enter, or the right arrow) to see the replies.",
            Convention::at(&root, Scoring::DepthAware).sentence()
        ),
        "the game tree",
        &[
            "Each move says who plays it, where, and its value: who wins and in how many moves, this one \
             included, and MAX's number, as the step-through counts it.",
            "The best moves are marked \"best\", and their line is bold in the picture. Marked, what alpha-beta \
             prunes is faded, and each cut says why in the same numbers.",
        ],
    )
}

/// The caption of the preview of the node at `path` from `root`: the moves that lead there ("Preview after X row
/// 2, column 2, then O row 1, column 1"), or a word on the preview at the root. A path that is not a legal
/// sequence of moves previews the root, as [`after`] does.
pub fn preview_caption(root: Board, path: &[usize]) -> String {
    let mut moves = Vec::with_capacity(path.len());
    let mut position = root;
    for &cell in path {
        let Ok(next) = position.try_play(cell) else {
            moves.clear();
            break;
        };
        moves.push(format!(
            "{} {}",
            position.to_move().name(),
            square_name(root.shape(), cell)
        ));
        position = next;
    }
    if moves.is_empty() {
        "Preview: the current position. Point at or focus a move to see the board after it."
            .to_owned()
    } else {
        format!("Preview after {}", moves.join(", then "))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::StepKind;
    use std::collections::HashMap;

    fn board(text: &str) -> Board {
        text.parse().unwrap()
    }

    /// X to move with three cells left: 6 wins at once, 7 and 8 lead on.
    const SMALL: &str = "XOXXOO...";

    fn paths(state: &TreeState) -> Vec<String> {
        state
            .visible_paths()
            .iter()
            .map(|path| encode_path(path))
            .collect()
    }

    fn strings(paths: &[&str]) -> Vec<String> {
        paths.iter().map(|path| path.to_string()).collect()
    }

    #[test]
    fn the_note_says_why_a_finished_game_has_no_tree() {
        assert_eq!(
            tree_note(Board::EMPTY).opening,
            "Values are MAX's: X moves here, so + is good for X, − for O. Open a move (Enter, or the right arrow) \
             to see the replies."
        );
        assert_eq!(
            tree_note(Board::EMPTY).summary(),
            "More about the game tree"
        );
        let o_to_move: Board = "X........".parse().unwrap();
        assert!(tree_note(o_to_move)
            .opening
            .starts_with("Values are MAX's: O moves here"));
        let won: Board = "XXXOO....".parse().unwrap();
        assert!(TreeState::new(won).visible().is_empty());
        assert_eq!(
            tree_note(won).opening,
            "The game is over here: there is no move to show."
        );
        assert!(tree_note(won).more.is_empty());
        let drawn: Board = "XOXXOOOXX".parse().unwrap();
        assert!(tree_note(drawn)
            .opening
            .starts_with("The game is over here"));
    }

    #[test]
    fn visible_nodes_with_their_place_label_and_state() {
        let mut state = TreeState::new(board(SMALL));
        assert_eq!(paths(&state), ["6", "7", "8"]);
        state.toggle(&[7]);
        let shown = state.visible();
        let rows: Vec<_> = shown
            .iter()
            .map(|node| {
                (
                    encode_path(&node.path),
                    node.position_in_set,
                    node.set_size,
                    node.open,
                    node.tab_stop,
                    node.label.as_str(),
                )
            })
            .collect();
        let row = |path: &str, place, size, open, tab_stop, label| {
            (path.to_owned(), place, size, open, tab_stop, label)
        };
        assert_eq!(
            rows,
            [
                row(
                    "6",
                    1,
                    3,
                    None,
                    true,
                    "X: row 3, column 1, X wins in 1 (+3), best"
                ),
                row("7", 2, 3, Some(true), false, "X: row 3, column 2, draw (0)"),
                row(
                    "7,6",
                    1,
                    2,
                    Some(false),
                    false,
                    "O: row 3, column 1, draw (0), best"
                ),
                row(
                    "7,8",
                    2,
                    2,
                    Some(false),
                    false,
                    "O: row 3, column 3, X wins in 2 (+1)"
                ),
                row(
                    "8",
                    3,
                    3,
                    Some(false),
                    false,
                    "X: row 3, column 3, O wins in 2 (−2)"
                ),
            ]
        );
    }

    /// The nodes down to three levels below `root` whose value alpha-beta's step-through finds exactly (strictly
    /// inside the window the node was visited with) and not 0: each path, its value for MAX, and the sentence the
    /// step-through says as it returns it.
    fn exact_returns(root: Board) -> Vec<(Vec<usize>, i32, String)> {
        use crate::engine::Bound;
        use crate::panels::steps::Stepper;
        let inside = |value: i32, (alpha, beta): (Bound, Bound)| {
            let above = match alpha {
                Bound::NegInf => true,
                Bound::Finite(alpha) => alpha < value,
                Bound::PosInf => false,
            };
            let below = match beta {
                Bound::NegInf => false,
                Bound::Finite(beta) => value < beta,
                Bound::PosInf => true,
            };
            above && below
        };
        let mut stepper = Stepper::new(root);
        let (mut windows, mut exact) = (HashMap::new(), Vec::new());
        loop {
            let event = stepper.event().clone();
            match (event.kind, event.value) {
                (StepKind::Visit, _) => {
                    windows.insert(event.path.clone(), (event.alpha, event.beta));
                }
                (StepKind::Return, Some(Bound::Finite(value)))
                    if (1..=3).contains(&event.path.len())
                        && value != 0
                        && inside(value, windows[&event.path]) =>
                {
                    exact.push((event.path.clone(), value, stepper.sentence()));
                }
                _ => {}
            }
            if !stepper.step() {
                break;
            }
        }
        exact
    }

    #[test]
    fn a_nodes_value_is_the_step_throughs_in_sign_and_words_whoever_moves_there() {
        use crate::panels::words::signed;
        // O to move at the root, so O is MAX in the tree as in the step-through; X replies at the children and O
        // moves again at the grandchildren. Where alpha-beta's value is exact, the tree gives the same number,
        // sign included, and the step-through says it.
        let root = board("X........");
        let exact = exact_returns(root);
        let mut state = TreeState::new(root);
        assert_eq!(state.convention().max, Player::O);
        for (path, ..) in &exact {
            state.reveal(&[path.as_slice(), &[0]].concat());
        }
        let shown = state.visible();
        for depth in 1..=3 {
            assert!(
                exact.iter().any(|(path, ..)| path.len() == depth),
                "depth {depth}"
            );
        }
        for (path, value, sentence) in &exact {
            let node = shown.iter().find(|node| node.path == *path).unwrap();
            let number = format!("({})", signed(*value));
            assert!(
                node.label.contains(&number),
                "{path:?}: {} / {number}",
                node.label
            );
            assert!(node.value.ends_with(&number), "{path:?}: {}", node.value);
            assert!(
                sentence.starts_with(&format!("Return {}", signed(*value))),
                "{sentence}"
            );
        }
        // X's reply is written as X's win where it wins, a negative number for O.
        let reply = shown.iter().find(|node| node.path == [1, 4]).unwrap();
        assert_eq!(reply.label, "X: row 2, column 2, X wins in 5 (−3), best");
    }

    #[test]
    fn the_tab_stop_is_the_focused_node_while_on_show() {
        let mut state = TreeState::new(board(SMALL));
        state.toggle(&[7]);
        // The focused node is the tab stop while it is on show; else the first node is.
        let tab_stops = |state: &TreeState| {
            state
                .visible()
                .into_iter()
                .filter(|node| node.tab_stop)
                .map(|node| node.path)
                .collect::<Vec<_>>()
        };
        state.focus = vec![7, 8];
        assert_eq!(tab_stops(&state), [vec![7, 8]]);
        state.focus = vec![8, 6];
        assert_eq!(tab_stops(&state), [vec![6]]);
        assert!(TreeState::new(board("XXXOO....")).visible().is_empty());
    }

    #[test]
    fn labels_mark_what_alpha_beta_prunes_when_asked() {
        // After X takes the centre, alpha-beta in cell order searches only O's first reply (row 1, column 1).
        let mut state = TreeState::new(Board::EMPTY);
        state.toggle(&[4]);
        let plain = state.visible();
        state.alpha_beta = true;
        let marked = state.visible();
        assert_eq!(
            marked[6].label,
            "O: row 1, column 2, X wins in 6 (+3), pruned by alpha-beta"
        );
        for (plain, marked) in plain.iter().zip(&marked) {
            let expected = if marked.node.pruned {
                format!("{}, pruned by alpha-beta", plain.label)
            } else {
                plain.label.clone()
            };
            assert_eq!(marked.label, expected);
        }
    }

    #[test]
    fn the_keys_move_through_open_and_close_the_tree() {
        use TreeKey::*;
        let mut state = TreeState::new(board(SMALL));
        let mut press = |path: &[usize], key| {
            let target = state.press(path, key);
            if let Some(target) = &target {
                assert_eq!(&state.focus, target, "focus follows");
            }
            (target, paths(&state))
        };
        assert_eq!(
            press(&[6], Down),
            (Some(vec![7]), strings(&["6", "7", "8"]))
        );
        // Right opens a closed node and stays on it, then goes to its first child.
        let open_seven = strings(&["6", "7", "7,6", "7,8", "8"]);
        assert_eq!(press(&[7], Right), (Some(vec![7]), open_seven));
        assert_eq!(press(&[7], Right).0, Some(vec![7, 6]));
        assert_eq!(press(&[7, 6], Down).0, Some(vec![7, 8]));
        assert_eq!(press(&[7, 8], Down).0, Some(vec![8]));
        assert_eq!(press(&[8], Down).0, Some(vec![8]), "nowhere further: stays");
        assert_eq!(press(&[8], Up).0, Some(vec![7, 8]));
        assert_eq!(press(&[6], Up).0, Some(vec![6]), "nowhere further: stays");
        assert_eq!(press(&[7, 8], Home).0, Some(vec![6]));
        assert_eq!(press(&[6], End).0, Some(vec![8]));
        // A move that ends the game neither opens nor closes, and Left on a closed top node does nothing.
        assert_eq!(press(&[6], Right).0, None);
        assert_eq!(press(&[6], Toggle).0, None);
        assert_eq!(press(&[6], Left).0, None);
        assert_eq!(press(&[8], Left).0, None);
        // Left on a closed child goes to its parent; on an open node it closes it.
        assert_eq!(press(&[7, 8], Left).0, Some(vec![7]));
        assert_eq!(
            press(&[7], Left),
            (Some(vec![7]), strings(&["6", "7", "8"]))
        );
        // A node that is not on show takes no key.
        assert_eq!(press(&[7, 6], Down).0, None);
        // Enter or Space opens and closes.
        let open_eight = strings(&["6", "7", "8", "8,6", "8,7"]);
        assert_eq!(press(&[8], Toggle), (Some(vec![8]), open_eight));
        assert_eq!(press(&[8, 6], Toggle).0, Some(vec![8, 6]));
        assert_eq!(press(&[8, 6], Down).0, Some(vec![8, 6, 7]));
        // Closing an ancestor of the focused node takes focus out of the closed subtree.
        assert_eq!(
            press(&[8], Toggle),
            (Some(vec![8]), strings(&["6", "7", "8"]))
        );
        assert!(!state.is_open(&[8, 6]));
        assert_eq!(state.focus, [8]);
    }

    #[test]
    fn paths_are_encoded_and_only_legal_ones_read_back() {
        let state = TreeState::new(Board::EMPTY);
        assert_eq!(encode_path(&[4, 0, 8]), "4,0,8");
        assert_eq!(encode_path(&[]), "");
        assert_eq!(state.parse_path("4,0,8"), Some(vec![4, 0, 8]));
        assert_eq!(state.parse_path(""), Some(vec![]));
        for bad in [
            "9",
            "99",
            "4,4",
            "4,,0",
            ",4",
            "4,",
            "a",
            "-1",
            " 4",
            "4 ",
            "4;0",
            "0,3,1,4,2,5",
        ] {
            assert_eq!(state.parse_path(bad), None, "{bad:?}");
        }
        // X has won after 0,3,1,4,2: no move follows.
        assert_eq!(state.parse_path("0,3,1,4,2"), Some(vec![0, 3, 1, 4, 2]));
        let later = TreeState::new(board("X...O...."));
        assert_eq!(later.parse_path("4"), None, "taken at the root");
        assert_eq!(later.parse_path("1,2"), Some(vec![1, 2]));
    }

    #[test]
    fn preview_captions() {
        assert_eq!(
            preview_caption(Board::EMPTY, &[]),
            "Preview: the current position. Point at or focus a move to see the board after it."
        );
        assert_eq!(
            preview_caption(Board::EMPTY, &[4, 0]),
            "Preview after X row 2, column 2, then O row 1, column 1"
        );
        assert_eq!(
            preview_caption(Board::EMPTY, &[4, 4]),
            preview_caption(Board::EMPTY, &[])
        );
    }

    #[test]
    fn keys_of_the_tree_pattern() {
        for (key, expected) in [
            ("ArrowDown", TreeKey::Down),
            ("ArrowUp", TreeKey::Up),
            ("Home", TreeKey::Home),
            ("End", TreeKey::End),
            ("ArrowRight", TreeKey::Right),
            ("ArrowLeft", TreeKey::Left),
            ("Enter", TreeKey::Toggle),
            (" ", TreeKey::Toggle),
        ] {
            assert_eq!(TreeKey::from_key(key), Some(expected), "{key:?}");
        }
        for key in ["Tab", "Spacebar", "arrowdown", "a", ""] {
            assert_eq!(TreeKey::from_key(key), None, "{key:?}");
        }
    }

    #[test]
    fn closing_a_node_closes_its_subtree_and_takes_focus_out() {
        let mut state = TreeState::new(Board::EMPTY);
        state.toggle(&[4]);
        state.toggle(&[4, 0]);
        state.focus = vec![4, 0, 8];
        assert!(state.is_open(&[4]) && state.is_open(&[4, 0]));
        state.toggle(&[4]);
        assert!(!state.is_open(&[4]) && !state.is_open(&[4, 0]));
        assert_eq!(state.focus, [4]);
        assert_eq!(state.visible().len(), 9);
        // A node whose move ends the game does not open.
        let mut won = TreeState::new(board("XX.OO...."));
        won.toggle(&[2]);
        assert!(!won.is_open(&[2]));
    }

    /// Every path alpha-beta's trace from `root` visits.
    fn traced_paths(root: Board) -> std::collections::HashSet<Vec<usize>> {
        let mut visited = std::collections::HashSet::new();
        crate::engine::walk_trace(&alpha_beta_trace(&root), &mut |event, path| {
            if event.kind == crate::engine::StepKind::Visit {
                visited.insert(path.to_vec());
            }
        });
        visited
    }

    #[test]
    fn pruned_nodes_are_exactly_the_children_the_trace_skips() {
        for (root, depth) in [
            (Board::EMPTY, 3),
            (board("X...O...."), 4),
            (board(SMALL), 3),
        ] {
            let visited = traced_paths(root);
            let mut state = TreeState::new(root);
            state.alpha_beta = true;
            // Open every node down to `depth`, pruned or not.
            for _ in 1..depth {
                for node in state.visible() {
                    if node.open == Some(false) && node.path.len() < depth {
                        state.toggle(&node.path);
                    }
                }
            }
            let shown = state.visible();
            assert!(shown.iter().any(|node| node.path.len() == depth));
            for node in &shown {
                assert_eq!(
                    node.node.pruned,
                    !visited.contains(&node.path),
                    "{root} {:?}",
                    node.path
                );
                // A cut is explained exactly where an open node's children are partly searched.
                let children: Vec<_> = shown
                    .iter()
                    .filter(|child| {
                        child.path.len() == node.path.len() + 1
                            && child.path.starts_with(&node.path)
                    })
                    .collect();
                let partly = !node.node.pruned && children.iter().any(|child| child.node.pruned);
                assert_eq!(node.cut.is_some(), partly, "{root} {:?}", node.path);
            }
        }
    }

    #[test]
    fn cut_reasons_are_the_steppers() {
        let mut state = TreeState::new(board(SMALL));
        state.alpha_beta = true;
        state.toggle(&[7]);
        let seven = &state.visible()[1];
        assert_eq!(seven.path, [7]);
        assert_eq!(
            seven.cut.as_deref(),
            Some("X already has a win elsewhere (α = +3), and the reply in row 3, column 1 gives O at least a draw (0 for X), so O's other replies here cannot change X's choice.")
        );
        state.alpha_beta = false;
        assert!(state
            .visible()
            .iter()
            .all(|node| node.cut.is_none() && !node.node.pruned));
    }

    #[test]
    fn every_cut_reason_names_the_reply_the_step_panel_names() {
        // From X...O....: cuts where more than one reply was searched before the cut, two levels down.
        let root = board("X...O....");
        let events = crate::engine::alpha_beta_trace(&root);
        let mut steppers = HashMap::new();
        let mut at = 0;
        crate::engine::walk_trace(&events, &mut |event, path| {
            if event.kind == StepKind::Cut {
                let reply = crate::panels::steps::cut_reply(&events, at);
                steppers.insert(path.to_vec(), cut_reason(root.to_move(), event, reply));
            }
            at += 1;
        });
        let mut state = TreeState::new(root);
        state.alpha_beta = true;
        for first in state.visible_paths() {
            state.toggle(&first);
        }
        let shown: Vec<_> = state
            .visible()
            .into_iter()
            .filter_map(|node| Some((node.path, node.cut?)))
            .collect();
        assert!(shown.len() > 5, "{}", shown.len());
        for (path, reason) in shown {
            assert_eq!(steppers.get(&path), Some(&reason), "{path:?}");
        }
    }

    #[test]
    fn reveal_opens_the_ancestors_of_a_node() {
        let mut state = TreeState::new(Board::EMPTY);
        state.reveal(&[4, 0, 8]);
        assert!(state.is_open(&[4]) && state.is_open(&[4, 0]) && !state.is_open(&[4, 0, 8]));
        assert!(state.visible_paths().contains(&vec![4, 0, 8]));
        state.reveal(&[]);
        state.reveal(&[2]);
        assert_eq!(state.expanded.len(), 2);
    }

    #[test]
    fn small_boards_as_text_split_at_the_last_move() {
        let position = board("XO..X.O..");
        assert_eq!(
            board_text(position, Some(4)),
            ("XO \n ".to_owned(), Some('X'), " \nO  ".to_owned())
        );
        assert_eq!(
            board_text(position, None),
            ("XO \n X \nO  ".to_owned(), None, String::new())
        );
        assert_eq!(
            board_text(position, Some(0)),
            (String::new(), Some('X'), "O \n X \nO  ".to_owned())
        );
    }

    #[test]
    fn what_the_tree_remembers_changes_nothing_it_shows() {
        let mut state = TreeState::new(Board::EMPTY);
        state.alpha_beta = true;
        state.toggle(&[4]);
        let first = state.visible();
        assert_eq!(state.visible(), first, "shown again from what it remembers");
        state.toggle(&[4, 0]);
        // A copy remembers nothing, and is equal all the same.
        let copy = state.clone();
        assert_eq!(copy, state);
        assert_eq!(state.visible(), copy.visible());
        state.alpha_beta = false;
        assert!(state.visible().iter().all(|node| !node.node.pruned));
        // Another root: what was found for the old one does not apply.
        state.root = board("X...O....");
        state.expanded = vec![vec![2]];
        let mut fresh = TreeState::new(board("X...O...."));
        fresh.expanded = vec![vec![2]];
        assert_eq!(state.visible(), fresh.visible());
        state.alpha_beta = true;
        fresh.alpha_beta = true;
        assert_eq!(state.visible(), fresh.visible());
    }

    #[test]
    fn a_new_focus_keeps_the_same_nodes_and_moves_the_tab_stop() {
        let mut state = TreeState::new(board(SMALL));
        state.toggle(&[7]);
        let before = state.clone();
        state.press(&[6], TreeKey::Down);
        assert!(
            state.same_nodes(&before) && state != before,
            "only the focus moved"
        );
        let shown = state.visible_paths();
        assert_eq!(state.tab_stop(&shown), Some(&vec![7]));
        state.focus = vec![8, 6];
        assert_eq!(
            state.tab_stop(&shown),
            Some(&vec![6]),
            "not on show: the first node"
        );
        assert_eq!(state.tab_stop(&[]), None);
        state.toggle(&[8]);
        assert!(!state.same_nodes(&before), "a node opened");
        let mut marked = before.clone();
        marked.alpha_beta = true;
        assert!(!marked.same_nodes(&before), "pruning marked");
    }
}
