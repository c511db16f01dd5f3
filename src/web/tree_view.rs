//! The game tree panel: the tree as a picture (`tree_picture.rs`) and, in step with it, an ARIA `tree` of the moves
//! from the current position for keyboards and screen readers, each with its exact value, opened one level at a
//! time; and a preview of the board at the node under the pointer or focus. What it shows comes from
//! [`TreeState`]; the picture and the list are built again only when that state changes.

use super::dom::{
    add, add_input, add_typed, game_id, set_attribute, set_hidden, set_optional_attribute,
    set_score_data, set_text, toggle_class,
};
use super::note_view::NoteView;
use super::tree_picture::TreePicture;
use crate::engine::{Grid, Player, Score, Scoring, CELLS};
use crate::panels::search_report::{self, TREE_HEADING};
use crate::panels::tree::{encode_path, preview_caption, tree_note, TreeState, VisibleNode};
use crate::panels::words::Convention;
use std::cell::RefCell;
use web_sys::{
    Element, HtmlElement, HtmlInputElement, ScrollIntoViewOptions, ScrollLogicalPosition,
    ShadowRoot,
};

/// The elements of the tree panel.
pub struct TreeView {
    /// The panel, shown when the tree is asked for.
    pub panel: Element,
    title: Element,
    /// The tree of the 3x3 board: everything under the title but the bigger boards' list.
    body: Element,
    /// A bigger board's tree, one move deep.
    one_move_deep: OneMoveDeep,
    list: Element,
    alpha_beta: HtmlInputElement,
    /// The tree as a picture, for the eye (the list says the same to assistive technology).
    picture: TreePicture,
    preview_cells: Vec<Element>,
    preview_caption: Element,
    /// How to read the tree, or why there is none.
    note: NoteView,
    /// The state the list was last drawn from.
    drawn: RefCell<Option<TreeState>>,
    /// The list's items, in the list's order.
    nodes: RefCell<Vec<DrawnItem>>,
    /// The game's shadow root, where focus is looked for.
    shadow: ShadowRoot,
}

/// One item of the list and what it was last drawn from, so that a redrawing changes only what changed.
struct DrawnItem {
    node: VisibleNode,
    /// Whether it was drawn as pruned.
    pruned: bool,
    item: HtmlElement,
}

impl TreeView {
    /// Builds the panel (hidden) into `panels`, for game number `game`.
    pub fn build(panels: &Element, shadow: &ShadowRoot, game: u32) -> TreeView {
        let panel = add(panels, "div", "ttt-panel ttt-tree-panel", "");
        set_hidden(&panel, true);
        let title = add(&panel, "h2", "ttt-heading", "Game tree");
        let title_id = game_id(game, "tree-title");
        title.set_id(&title_id);
        let body = add(&panel, "div", "", "");
        let note = NoteView::build(&body);

        let label = add(&body, "label", "ttt-option", "");
        let alpha_beta = add_input(&label, "checkbox");
        set_attribute(&alpha_beta, "data-tree", "alpha-beta");
        add(
            &label,
            "span",
            "",
            "Mark what alpha-beta prunes (moves tried row by row from the top left)",
        );

        let picture = TreePicture::build(&body);
        let list = add(&body, "ul", "ttt-tree", "");
        set_attribute(&list, "role", "tree");
        set_attribute(&list, "aria-labelledby", &title_id);

        let preview = add(&body, "figure", "ttt-preview", "");
        let mini = add(&preview, "div", "ttt-mini", "");
        set_attribute(&mini, "aria-hidden", "true");
        let preview_cells = (0..CELLS).map(|_| add(&mini, "span", "", "")).collect();
        let preview_caption = add(&preview, "figcaption", "ttt-note", "");

        let one_move_deep = OneMoveDeep::build(&panel);
        TreeView {
            panel,
            title,
            body,
            one_move_deep,
            list,
            alpha_beta,
            picture,
            preview_cells,
            preview_caption,
            note,
            drawn: RefCell::new(None),
            nodes: RefCell::new(Vec::new()),
            shadow: shadow.clone(),
        }
    }

    /// Shows `state`: draws the picture and the list again if the state changed since last time, marks the node
    /// the step panel's search is at (`current`, its path), then previews `preview`.
    pub fn render(&self, state: &TreeState, preview: &[usize], current: Option<&[usize]>) {
        set_text(&self.title, "Game tree");
        set_hidden(&self.body, false);
        set_hidden(&self.one_move_deep.section, true);
        self.alpha_beta.set_checked(state.alpha_beta);
        self.note.render(Some(&tree_note(state.root)));
        let drawn = self.drawn.borrow().clone();
        let redrawn = !drawn.as_ref().is_some_and(|drawn| drawn.same_nodes(state));
        if redrawn {
            let same_root = drawn.as_ref().is_some_and(|drawn| drawn.root == state.root);
            self.draw(state, same_root);
        } else if drawn.is_some_and(|drawn| drawn.focus != state.focus) {
            // Only the focus moved (an arrow key): the tab stop follows, nothing is drawn again.
            self.move_tab_stop(state);
        }
        *self.drawn.borrow_mut() = Some(state.clone());
        if self.picture.mark(current, &state.focus, redrawn) {
            for drawn in self.nodes.borrow().iter() {
                let at = current == Some(&drawn.node.path[..]);
                toggle_class(&drawn.item, "ttt-step-at", at);
                // Said too, since the picture that shows it is hidden from assistive technology.
                set_optional_attribute(&drawn.item, "aria-current", at.then_some("step"));
            }
        }
        self.show_preview(state, preview);
    }

    /// Shows a bigger board's tree, one move deep at `board`: why only so deep, then each move and the value its
    /// search found (`moves`, once found).
    pub fn render_one_move_deep(&self, board: &Grid, moves: Option<&[(usize, Score)]>) {
        set_text(&self.title, TREE_HEADING);
        set_hidden(&self.body, true);
        set_hidden(&self.one_move_deep.section, false);
        self.one_move_deep.render(board, moves);
    }

    /// Makes the node [`TreeState::tab_stop`] names the list's one tab stop.
    fn move_tab_stop(&self, state: &TreeState) {
        let mut nodes = self.nodes.borrow_mut();
        let shown: Vec<Vec<usize>> = nodes.iter().map(|drawn| drawn.node.path.clone()).collect();
        let stop = state.tab_stop(&shown);
        for drawn in nodes.iter_mut() {
            let tab_stop = Some(&drawn.node.path) == stop;
            if tab_stop != drawn.node.tab_stop {
                set_attribute(&drawn.item, "tabindex", if tab_stop { "0" } else { "-1" });
                drawn.node.tab_stop = tab_stop;
            }
        }
    }

    /// Whether focus is inside the list.
    fn has_focus(&self) -> bool {
        self.shadow
            .active_element()
            .is_some_and(|active| self.list.contains(Some(&active)))
    }

    /// Draws the list and the picture of `state`. With the `same_root` as last time, the items of nodes still
    /// on show are kept and only what changed in them is written: opening a node in a tree of hundreds adds its
    /// children, and the browser lays out and shapes the text of those alone.
    fn draw(&self, state: &TreeState, same_root: bool) {
        // Focus was in the tree: it goes to the focused node once the list is drawn again.
        let had_focus = self.has_focus();
        let mut old = self.nodes.take();
        if !same_root {
            self.list.set_text_content(None);
            old.clear();
        }
        let nodes = state.visible();
        // A flat list of tree items whose levels and places among their siblings say the shape (the ARIA way
        // for a flat DOM), so each item's name is its own line and not its descendants' too.
        let mut drawn: Vec<DrawnItem> = Vec::with_capacity(nodes.len());
        for node in &nodes {
            let pruned = state.alpha_beta && node.node.pruned;
            let kept = old
                .iter()
                .position(|item| item.node.path == node.path)
                .map(|index| old.swap_remove(index));
            let item = match kept {
                Some(kept) => {
                    fill(&kept.item, Some((&kept.node, kept.pruned)), node, pruned);
                    kept.item
                }
                None => {
                    let item = self.new_item(drawn.last().map(|previous| &previous.item));
                    fill(&item, None, node, pruned);
                    item
                }
            };
            drawn.push(DrawnItem {
                node: node.clone(),
                pruned,
                item,
            });
        }
        // What is left went with the subtree of a node that closed.
        for gone in old {
            gone.item.remove();
        }
        self.picture.draw(state, &nodes);
        if had_focus {
            if let Some(stop) = drawn.iter().find(|item| item.node.tab_stop) {
                let _ = stop.item.focus();
                // The picture above the list may have grown by a level: the focused node stays in view (focus
                // scrolls only to a node it moves to).
                let options = ScrollIntoViewOptions::new();
                options.set_block(ScrollLogicalPosition::Nearest);
                stop.item
                    .scroll_into_view_with_scroll_into_view_options(&options);
            }
        }
        *self.nodes.borrow_mut() = drawn;
    }

    /// A new, empty item of the list, placed after `previous` (first, when there is none): the items keep the
    /// order of the nodes on show.
    fn new_item(&self, previous: Option<&HtmlElement>) -> HtmlElement {
        let item: HtmlElement = add_typed(&self.list, "li", "ttt-node", "");
        let next = match previous {
            Some(previous) => previous.next_sibling(),
            None => self.list.first_child(),
        };
        if next.as_ref() != Some(item.as_ref()) {
            let _ = self.list.insert_before(&item, next.as_ref());
        }
        item
    }

    /// The element of the node at `path`, if it is drawn.
    pub fn node(&self, path: &[usize]) -> Option<HtmlElement> {
        let nodes = self.nodes.borrow();
        let drawn = nodes.iter().find(|drawn| drawn.node.path == path)?;
        Some(drawn.item.clone())
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

/// A bigger board's game tree, one move deep: the full tree is far too big to draw, and each move's value comes
/// from its own search, proved or an estimate.
struct OneMoveDeep {
    section: Element,
    note: NoteView,
    status: Element,
    list: Element,
    /// The position and moves the list was last drawn from.
    drawn: RefCell<Option<MovesAt>>,
}

/// A position of a bigger board and its moves' values, as the tree one move deep shows them.
type MovesAt = (Grid, Vec<(usize, Score)>);

impl OneMoveDeep {
    fn build(panel: &Element) -> OneMoveDeep {
        let section = add(panel, "div", "", "");
        set_hidden(&section, true);
        let note = NoteView::build(&section);
        let status = add(&section, "p", "", "");
        let list = add(&section, "ul", "ttt-board-tree-moves", "");
        set_attribute(&list, "aria-label", TREE_HEADING);
        // It scrolls when long: a keyboard reaches it to scroll it.
        set_attribute(&list, "tabindex", "0");
        OneMoveDeep {
            section,
            note,
            status,
            list,
            drawn: RefCell::new(None),
        }
    }

    /// The list is drawn again only when the position or the moves changed.
    fn render(&self, board: &Grid, moves: Option<&[(usize, Score)]>) {
        let status = if board.is_over() {
            "The game is over: the tree has no moves."
        } else if moves.is_none() {
            "Searching every move…"
        } else {
            ""
        };
        self.status.set_text_content(Some(status));
        let wanted = (*board, moves.unwrap_or_default().to_vec());
        if self.drawn.borrow().as_ref() == Some(&wanted) {
            return;
        }
        self.note
            .render(search_report::tree_depth_note(board).as_ref());
        self.list.set_text_content(None);
        // The same words as the 3x3 tree's, in the same convention: values are MAX's, MAX moving here.
        let convention = Convention::at(board, Scoring::DepthAware);
        for &(cell, score) in &wanted.1 {
            let words = convention.move_words(board, cell, score);
            let item = add(&self.list, "li", "", &words);
            set_attribute(&item, "data-move", &cell.to_string());
            set_score_data(&item, Some(&convention.for_max(board, score)));
        }
        *self.drawn.borrow_mut() = Some(wanted);
    }
}

/// Writes `node` into its list `item`, `pruned` or not; with `old` (the node it was drawn from, and whether as
/// pruned), only what differs from it.
fn fill(item: &HtmlElement, old: Option<(&VisibleNode, bool)>, node: &VisibleNode, pruned: bool) {
    let shown_cut = |node: &VisibleNode| node.cut.clone().filter(|_| node.open == Some(true));
    let old_node = old.map(|(old, _)| old);
    if old_node.is_none_or(|old| old.label != node.label || shown_cut(old) != shown_cut(node)) {
        item.set_text_content(Some(&node.label));
        if let Some(cut) = shown_cut(node) {
            add(
                item,
                "span",
                "ttt-node-cut",
                &format!("Alpha-beta cuts here: {cut}"),
            );
        }
    }
    if old.is_none() {
        // A node's path, level and place among its siblings are the same as long as it is on show.
        set_attribute(item, "role", "treeitem");
        set_attribute(item, "data-path", &encode_path(&node.path));
        let level = node.path.len().to_string();
        set_attribute(item, "aria-level", &level);
        // The flat list is drawn as a tree: each level further in (see game.css).
        item.style()
            .set_property("--ttt-level", &level)
            .unwrap_or_else(|_| unreachable!("a custom property takes any value"));
        set_attribute(item, "aria-posinset", &node.position_in_set.to_string());
        set_attribute(item, "aria-setsize", &node.set_size.to_string());
    }
    if old_node.is_none_or(|old| old.tab_stop != node.tab_stop) {
        set_attribute(item, "tabindex", if node.tab_stop { "0" } else { "-1" });
    }
    if old_node.is_none_or(|old| old.node != node.node) {
        toggle_class(item, "ttt-pv", node.node.on_principal_variation);
        set_score_data(item, Some(&node.score));
    }
    if old.is_none_or(|(_, was_pruned)| was_pruned != pruned) {
        toggle_class(item, "ttt-pruned", pruned);
    }
    if old_node.is_none_or(|old| old.open != node.open) {
        if let Some(open) = node.open {
            set_attribute(item, "aria-expanded", if open { "true" } else { "false" });
        }
    }
}
