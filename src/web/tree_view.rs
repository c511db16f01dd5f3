//! The game tree panel: the tree drawn as a picture (each node a small board joined to its parent, the line of
//! best play bold, what alpha-beta prunes faded and dashed, each cut with its reason), and, in step with it, an
//! ARIA `tree` of the moves from the current position for keyboards and screen readers, each with its exact
//! value, opened one level at a time down to the end of the game; and a preview of the board at the node under
//! the pointer or focus. What it shows comes from [`TreeState`]; the picture and the list are built again only
//! when that state changes.

use super::dom::{add, add_input, add_typed, game_id, set_attribute, toggle_class};
use crate::engine::{Board, Player, CELLS};
use crate::tree::{board_text, encode_path, preview_caption, TreeState, VisibleNode};
use std::cell::RefCell;
use web_sys::{Element, HtmlElement, HtmlInputElement, ShadowRoot};

/// The elements of the tree panel.
pub struct TreeView {
    /// The panel, shown when the tree is asked for.
    pub panel: Element,
    list: Element,
    alpha_beta: HtmlInputElement,
    /// The tree as a picture, for the eye (the list says the same to assistive technology).
    picture: Element,
    /// The picture's nodes, the root's (an empty path) first, by path.
    picture_nodes: RefCell<Vec<(Vec<usize>, Element)>>,
    /// The node the step panel's search is at, as last drawn.
    current: RefCell<Option<Vec<usize>>>,
    preview_cells: Vec<Element>,
    preview_caption: Element,
    /// The state the list was last drawn from.
    drawn: RefCell<Option<TreeState>>,
    /// The drawn nodes, by path.
    nodes: RefCell<Vec<(Vec<usize>, HtmlElement)>>,
    /// The game's shadow root, where focus is looked for.
    shadow: ShadowRoot,
}

impl TreeView {
    /// Builds the panel (hidden) into `panels`, for game number `game`.
    pub fn build(panels: &Element, shadow: &ShadowRoot, game: u32) -> TreeView {
        let panel = add(panels, "div", "ttt-panel ttt-tree-panel", "");
        super::dom::set_hidden(&panel, true);
        let title = add(&panel, "p", "ttt-heading", "Game tree");
        let title_id = game_id(game, "tree-title");
        title.set_id(&title_id);
        add(
            &panel,
            "p",
            "ttt-note",
            "Each move with its value for the side that plays it. Open a move (Enter, or the right arrow) to see the replies; the best moves are marked \"best\".",
        );

        let label = add(&panel, "label", "ttt-option", "");
        let alpha_beta = add_input(&label, "checkbox");
        set_attribute(&alpha_beta, "data-tree", "alpha-beta");
        add(
            &label,
            "span",
            "",
            "Mark what alpha-beta prunes (moves tried row by row from the top left)",
        );

        let picture = add(&panel, "div", "ttt-picture", "");
        set_attribute(&picture, "aria-hidden", "true");
        let list = add(&panel, "ul", "ttt-tree", "");
        set_attribute(&list, "role", "tree");
        set_attribute(&list, "aria-labelledby", &title_id);

        let preview = add(&panel, "figure", "ttt-preview", "");
        let mini = add(&preview, "div", "ttt-mini", "");
        set_attribute(&mini, "aria-hidden", "true");
        let preview_cells = (0..CELLS).map(|_| add(&mini, "span", "", "")).collect();
        let preview_caption = add(&preview, "figcaption", "ttt-note", "");

        TreeView {
            panel,
            list,
            alpha_beta,
            picture,
            picture_nodes: RefCell::new(Vec::new()),
            current: RefCell::new(None),
            preview_cells,
            preview_caption,
            drawn: RefCell::new(None),
            nodes: RefCell::new(Vec::new()),
            shadow: shadow.clone(),
        }
    }

    /// Shows `state`: draws the picture and the list again if the state changed since last time, marks the node
    /// the step panel's search is at (`current`, its path), then previews `preview`.
    pub fn render(&self, state: &TreeState, preview: &[usize], current: Option<&[usize]>) {
        self.alpha_beta.set_checked(state.alpha_beta);
        let redrawn = self.drawn.borrow().as_ref() != Some(state);
        if redrawn {
            self.draw(state);
            *self.drawn.borrow_mut() = Some(state.clone());
        }
        if redrawn || self.current.borrow().as_deref() != current {
            self.mark_current(current);
            self.scroll_to(current.unwrap_or(&state.focus));
        }
        self.show_preview(state, preview);
    }

    /// Scrolls the picture sideways so that the node at `path` (or the root, when it is not drawn) is in the middle:
    /// the node the search is at, or the one last opened, rather than the tree's left edge.
    fn scroll_to(&self, path: &[usize]) {
        let nodes = self.picture_nodes.borrow();
        let Some((_, node)) = nodes
            .iter()
            .find(|(drawn, _)| drawn == path)
            .or(nodes.first())
        else {
            return;
        };
        let (frame, target) = (
            self.picture.get_bounding_client_rect(),
            node.get_bounding_client_rect(),
        );
        let middle = target.left() + target.width() / 2.0 - frame.left() - frame.width() / 2.0;
        self.picture
            .set_scroll_left(self.picture.scroll_left() + middle as i32);
    }

    /// Marks the node at `current` in the picture and the list (`ttt-step-at`), and only that one.
    fn mark_current(&self, current: Option<&[usize]>) {
        let is_current = |path: &[usize]| current == Some(path);
        for (path, element) in self.picture_nodes.borrow().iter() {
            toggle_class(element, "ttt-step-at", is_current(path));
        }
        for (path, item) in self.nodes.borrow().iter() {
            toggle_class(item, "ttt-step-at", is_current(path));
        }
        *self.current.borrow_mut() = current.map(<[usize]>::to_vec);
    }

    /// Whether focus is inside the list.
    fn has_focus(&self) -> bool {
        self.shadow
            .active_element()
            .is_some_and(|active| self.list.contains(Some(&active)))
    }

    fn draw(&self, state: &TreeState) {
        // Focus was in the tree: it goes back to the focused node once the list is drawn again.
        let had_focus = self.has_focus();
        self.list.set_text_content(None);
        let nodes = state.visible();
        // A flat list of tree items whose levels and places among their siblings say the shape (the ARIA way
        // for a flat DOM), so each item's name is its own line and not its descendants' too.
        let mut focused = None;
        let mut drawn = Vec::with_capacity(nodes.len());
        for node in &nodes {
            let item: HtmlElement = add_typed(&self.list, "li", "ttt-node", &node.label);
            if let (Some(true), Some(cut)) = (node.open, &node.cut) {
                add(
                    &item,
                    "span",
                    "ttt-node-cut",
                    &format!("Alpha-beta cuts here: {cut}"),
                );
            }
            set_attribute(&item, "role", "treeitem");
            set_attribute(&item, "data-path", &encode_path(&node.path));
            set_attribute(&item, "aria-level", &node.path.len().to_string());
            set_attribute(&item, "aria-posinset", &node.position_in_set.to_string());
            set_attribute(&item, "aria-setsize", &node.set_size.to_string());
            set_attribute(&item, "tabindex", if node.tab_stop { "0" } else { "-1" });
            toggle_class(&item, "ttt-pv", node.node.on_principal_variation);
            toggle_class(&item, "ttt-pruned", state.alpha_beta && node.node.pruned);
            set_attribute(&item, "data-outcome", node.node.value.outcome.as_str());
            if let Some(open) = node.open {
                set_attribute(&item, "aria-expanded", if open { "true" } else { "false" });
            }
            if node.tab_stop {
                focused = Some(item.clone());
            }
            drawn.push((node.path.clone(), item));
        }
        *self.nodes.borrow_mut() = drawn;
        if let (true, Some(item)) = (had_focus, focused) {
            let _ = item.focus();
        }
        self.draw_picture(state, &nodes);
    }

    /// Draws the tree as nested lists of small boards, which the stylesheet joins with lines: the root, then
    /// each node on show under its parent. (Never inlined, so that the size report can say what the picture
    /// weighs.)
    #[inline(never)]
    fn draw_picture(&self, state: &TreeState, nodes: &[VisibleNode]) {
        self.picture.set_text_content(None);
        let top = add(&self.picture, "ul", "ttt-pic", "");
        let root = add(&top, "li", "", "");
        let root_node = picture_node(&root, state.root, None, "Now");
        let mut drawn = vec![(Vec::new(), root_node)];
        // The list that takes the children of the last node drawn at each level, the root's first.
        let mut lists = vec![add(&root, "ul", "", "")];
        for node in nodes {
            let level = node.path.len();
            lists.truncate(level);
            let Some(parent) = lists.last() else {
                continue;
            };
            let item = add(parent, "li", "", "");
            let element =
                picture_node(&item, node.position, node.path.last().copied(), &node.value);
            set_attribute(&element, "data-path", &encode_path(&node.path));
            toggle_class(&element, "ttt-pv", node.node.on_principal_variation);
            if state.alpha_beta && node.node.pruned {
                set_attribute(&element, "data-pruned", "");
            }
            if node.open == Some(true) {
                if let Some(cut) = &node.cut {
                    add(&item, "p", "ttt-pic-cut", cut);
                }
                lists.push(add(&item, "ul", "", ""));
            }
            drawn.push((node.path.clone(), element));
        }
        *self.picture_nodes.borrow_mut() = drawn;
    }

    /// The element of the node at `path`, if it is drawn.
    pub fn node(&self, path: &[usize]) -> Option<HtmlElement> {
        let nodes = self.nodes.borrow();
        let (_, item) = nodes.iter().find(|(drawn, _)| drawn == path)?;
        Some(item.clone())
    }

    fn show_preview(&self, state: &TreeState, path: &[usize]) {
        let board = state.board_after(path).unwrap_or(state.root);
        for (cell, element) in self.preview_cells.iter().enumerate() {
            element.set_text_content(Some(board.get(cell).map_or("", Player::name)));
            toggle_class(element, "ttt-last", path.last() == Some(&cell));
        }
        self.preview_caption
            .set_text_content(Some(&preview_caption(state.root, path)));
    }
}

/// A node of the picture in `item`: `position` as a small board, the square of `last` (the move just played)
/// marked, and `words` under it; `data-position` holds the position in the notation.
#[inline(never)]
fn picture_node(item: &Element, position: Board, last: Option<usize>, words: &str) -> Element {
    let node = add(item, "div", "ttt-pic-node", "");
    set_attribute(&node, "data-position", &position.notation());
    // Text, not an element a square: a tree of hundreds of nodes stays quick to lay out.
    let (before, mark, after) = board_text(position, last);
    let board = add(&node, "span", "ttt-pic-board", &before);
    if let Some(mark) = mark {
        add(&board, "mark", "", mark.encode_utf8(&mut [0; 4]));
        let _ = board.append_with_str_1(&after);
    }
    add(&node, "span", "ttt-pic-value", words);
    node
}
