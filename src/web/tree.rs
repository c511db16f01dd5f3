//! The game tree panel: an ARIA `tree` of the moves from the current position, each with its exact value, opened
//! one level at a time down to the end of the game; the line of best play marked; optionally, the branches that
//! alpha-beta (moves tried in cell order) cuts off; and a preview of the board at the node under the pointer or
//! focus.
//!
//! The list is drawn from [`TreeState`] alone (cleared and built again when the state changes, never from HTML
//! text), and focus is put back on the node that had it.

use super::dom::{add, game_id, query_selector, set_attribute, set_hidden, toggle_class};
use crate::engine::{tree_children_along, Board, Player, TreeNode, CELLS};
use crate::explain::{after, depth_aware_score, outcome_words, signed};
use crate::game::cell_name;
use crate::prelude::*;
use crate::text::{cat, number, push_number};
use wasm_bindgen::JsCast;
use web_sys::{Element, HtmlInputElement};

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
}

impl TreeState {
    /// A closed tree of `root`.
    pub fn new(root: Board) -> TreeState {
        TreeState {
            root,
            expanded: Vec::new(),
            alpha_beta: false,
            focus: Vec::new(),
        }
    }

    /// The path of every node on show, in reading order: depth-first through the opened nodes.
    pub fn visible_paths(&self) -> Vec<Vec<usize>> {
        let mut paths = Vec::new();
        for (path, _, _) in self.visible_in_sets() {
            paths.push(path);
        }
        paths
    }

    /// [`TreeState::visible`], with each node's place among its siblings: (position from 1, how many).
    fn visible_in_sets(&self) -> Vec<(Vec<usize>, TreeNode, (usize, usize))> {
        let mut out = Vec::new();
        self.collect(&[], &mut out);
        out
    }

    fn collect(&self, path: &[usize], out: &mut Vec<(Vec<usize>, TreeNode, (usize, usize))>) {
        let children = tree_children_along(self.root, path, self.alpha_beta);
        let count = children.len();
        for (index, node) in children.into_iter().enumerate() {
            let mut child = path.to_vec();
            child.push(node.cell);
            let open = self.expanded.contains(&child);
            out.push((child.clone(), node, (index + 1, count)));
            if open {
                self.collect(&child, out);
            }
        }
    }

    /// Opens or closes the node at `path` (a leaf stays as it is).
    pub fn toggle(&mut self, path: &[usize]) {
        if let Some(index) = self.expanded.iter().position(|open| open == path) {
            // Closing a node closes what was open under it, and takes focus out of it.
            self.expanded.remove(index);
            self.expanded.retain(|open| !open.starts_with(path));
            if self.focus.starts_with(path) {
                self.focus = path.to_vec();
            }
        } else if !after(self.root, path).is_over() {
            self.expanded.push(path.to_vec());
        }
    }

    /// Whether the node at `path` is open.
    pub fn is_open(&self, path: &[usize]) -> bool {
        self.expanded.iter().any(|open| open == path)
    }
}

/// `data-path` of a node: its moves from the root, as "4,0,8".
fn path_attribute(path: &[usize]) -> String {
    let mut attribute = String::new();
    for (index, cell) in path.iter().enumerate() {
        if index > 0 {
            attribute.push(',');
        }
        push_number(&mut attribute, *cell as u64);
    }
    attribute
}

/// The path in a node's `data-path`.
pub fn parse_path(text: &str) -> Option<Vec<usize>> {
    if text.is_empty() {
        return Some(Vec::new());
    }
    let mut path = Vec::new();
    for part in crate::text::split(text, b',') {
        path.push(
            crate::text::parse_number(part)
                .map(|cell| cell as usize)
                .filter(|cell| *cell < CELLS)?,
        );
    }
    Some(path)
}

/// The elements of the tree panel.
pub struct TreeView {
    /// The panel, shown when the tree is asked for.
    pub panel: Element,
    list: Element,
    alpha_beta: HtmlInputElement,
    preview_cells: Vec<Element>,
    preview_caption: Element,
    /// The state the list was last drawn from.
    drawn: core::cell::RefCell<Option<TreeState>>,
}

impl TreeView {
    /// Builds the panel (hidden) for game number `game`.
    pub fn build(panels: &Element, game: u32) -> TreeView {
        let panel = add(panels, "div", "ttt-panel ttt-tree-panel", "");
        set_hidden(&panel, true);
        let title = add(&panel, "p", "ttt-heading", "Game tree");
        let title_id = game_id(game, "tree-title");
        set_attribute(&title, "id", &title_id);
        add(
            &panel,
            "p",
            "ttt-note",
            "Each move with its value for the side that plays it. Open a move (Enter, or the right arrow) to see the replies; the best moves are marked \"best\".",
        );

        let label = add(&panel, "label", "ttt-option", "");
        let alpha_beta: HtmlInputElement = add(&label, "input", "", "").unchecked_into();
        set_attribute(&alpha_beta, "type", "checkbox");
        set_attribute(&alpha_beta, "data-tree", "alpha-beta");
        add(
            &label,
            "span",
            "",
            "Mark what alpha-beta prunes (moves tried row by row from the top left)",
        );

        let list = add(&panel, "ul", "ttt-tree", "");
        set_attribute(&list, "role", "tree");
        set_attribute(&list, "aria-labelledby", &title_id);

        let preview = add(&panel, "figure", "ttt-preview", "");
        let mini = add(&preview, "div", "ttt-mini", "");
        set_attribute(&mini, "aria-hidden", "true");
        let mut preview_cells = Vec::with_capacity(CELLS);
        for _ in 0..CELLS {
            preview_cells.push(add(&mini, "span", "", ""));
        }
        let preview_caption = add(&preview, "figcaption", "ttt-note", "");

        TreeView {
            panel,
            list,
            alpha_beta,
            preview_cells,
            preview_caption,
            drawn: core::cell::RefCell::new(None),
        }
    }

    /// Shows `state`: draws the list again if the state changed since last time, then previews `preview`.
    pub fn render(&self, state: &TreeState, preview: &[usize]) {
        self.alpha_beta.set_checked(state.alpha_beta);
        if self.drawn.borrow().as_ref() != Some(state) {
            self.draw(state);
            *self.drawn.borrow_mut() = Some(state.clone());
        }
        self.show_preview(state.root, preview);
    }

    fn draw(&self, state: &TreeState) {
        // Focus was in the tree: it goes back to the focused node once the list is drawn again.
        let had_focus = self
            .list
            .get_root_node()
            // The game's shadow root once it is on the page; before, the list's own root, whose `activeElement` is
            // undefined (`None`).
            .unchecked_into::<web_sys::ShadowRoot>()
            .active_element()
            .is_some_and(|active| self.list.contains(Some(&active)));
        self.list.set_text_content(None);
        let visible = state.visible_in_sets();
        let focus = if visible.iter().any(|(path, _, _)| *path == state.focus) {
            state.focus.clone()
        } else {
            visible
                .first()
                .map(|(path, _, _)| path.clone())
                .unwrap_or_default()
        };
        // A flat list of tree items whose levels and places among their siblings say the shape (the ARIA way
        // for a flat DOM), so each item's name is its own line and not its descendants' too.
        let mut focused = None;
        for (path, node, (position_in_set, set_size)) in &visible {
            let position = after(state.root, &path[..path.len() - 1]);
            let label = node_label(position, node, state.alpha_beta);
            let item = add(&self.list, "li", "ttt-node", &label);
            set_attribute(&item, "role", "treeitem");
            set_attribute(&item, "data-path", &path_attribute(path));
            set_attribute(&item, "aria-level", &number(path.len() as u64));
            set_attribute(&item, "aria-posinset", &number(*position_in_set as u64));
            set_attribute(&item, "aria-setsize", &number(*set_size as u64));
            set_attribute(&item, "tabindex", if *path == focus { "0" } else { "-1" });
            toggle_class(&item, "ttt-pv", node.on_principal_variation);
            toggle_class(&item, "ttt-pruned", state.alpha_beta && node.pruned);
            set_attribute(&item, "data-outcome", node.value.outcome.as_str());
            if !after(state.root, path).is_over() {
                let open = state.is_open(path);
                set_attribute(&item, "aria-expanded", if open { "true" } else { "false" });
            }
            if *path == focus {
                focused = Some(item);
            }
        }
        if let (true, Some(item)) = (had_focus, focused) {
            super::dom::focus(&item);
        }
    }

    /// The element of the node at `path`, if it is drawn.
    pub fn node(&self, path: &[usize]) -> Option<Element> {
        let selector = cat(&["[data-path=\"", &path_attribute(path), "\"]"]);
        query_selector(&self.list, &selector)
    }

    fn show_preview(&self, root: Board, path: &[usize]) {
        let board = after(root, path);
        for (cell, element) in self.preview_cells.iter().enumerate() {
            element.set_text_content(Some(board.get(cell).map_or("", Player::name)));
            let last = path.last() == Some(&cell);
            toggle_class(element, "ttt-last", last);
        }
        let caption = if path.is_empty() {
            "Preview: the current position. Point at or focus a move to see the board after it."
                .to_owned()
        } else {
            let mut caption = String::from("Preview after ");
            let mut position = root;
            for (index, &cell) in path.iter().enumerate() {
                if index > 0 {
                    caption.push_str(", then ");
                }
                caption.push_str(position.to_move().name());
                caption.push(' ');
                caption.push_str(&cell_name(cell));
                position = position.play(cell);
            }
            caption
        };
        self.preview_caption.set_text_content(Some(&caption));
    }
}

/// A node's words: the move, its value in words and score, and its marks.
fn node_label(position: Board, node: &TreeNode, alpha_beta: bool) -> String {
    let mut label = cat(&[
        position.to_move().name(),
        ": ",
        &cell_name(node.cell),
        ", ",
        &outcome_words(node.value),
        " (",
        &signed(depth_aware_score(node.value, position.marks())),
        ")",
    ]);
    if node.on_principal_variation {
        label.push_str(", best");
    }
    if alpha_beta && node.pruned {
        label.push_str(", pruned by alpha-beta");
    }
    label
}
