//! The game tree drawn as a picture, for the eye only (`aria-hidden`): the tree panel's list says the same to
//! assistive technology. Each node is a small board with its value; the line of best play is bold, what alpha-beta
//! prunes faded and dashed, each cut with its reason. The picture changes only where the tree did, so a large tree
//! is not built and laid out anew at each click; it is built anew when the tree's root changes.

use super::dom::{add, centre, set_attribute, set_optional_attribute, toggle_class};
use super::timer::Timeout;
use crate::engine::Board;
use crate::panels::tree::{board_text, encode_path, TreeState, VisibleNode};
use std::cell::{Cell, RefCell};
use web_sys::Element;

/// The picture of the game tree.
pub struct TreePicture {
    /// The element that holds it, and scrolls sideways when it is wider than the panel.
    element: Element,
    /// The position at the root of the tree drawn.
    root: Cell<Option<Board>>,
    /// The nodes drawn, the root's (an empty path) first, then in the order of the tree's list.
    nodes: RefCell<Vec<PictureNode>>,
    /// The node the step panel's search is at, as last marked.
    current: RefCell<Option<Vec<usize>>>,
    /// The node the picture last scrolled to.
    scrolled: RefCell<Vec<usize>>,
    /// The scroll waiting for the next frame.
    scroll: RefCell<Option<Timeout>>,
}

/// One node of the picture and its elements.
struct PictureNode {
    /// Its moves from the root.
    path: Vec<usize>,
    /// Its list item, which holds the node, the reason for a cut there, and its children.
    item: Element,
    /// The node: its small board and value.
    node: Element,
    /// Why alpha-beta cuts here, when it does and the node is open.
    cut: Option<Element>,
    /// The list of its children, when it is open.
    children: Option<Element>,
}

impl TreePicture {
    /// An empty picture in `panel`.
    pub fn build(panel: &Element) -> TreePicture {
        let element = add(panel, "div", "ttt-picture", "");
        set_attribute(&element, "aria-hidden", "true");
        // A scroller that overflows is a tab stop in Chromium: not this one, which assistive technology does not
        // see (the tree's list is the keyboard's way through the tree).
        set_attribute(&element, "tabindex", "-1");
        TreePicture {
            element,
            root: Cell::new(None),
            nodes: RefCell::new(Vec::new()),
            current: RefCell::new(None),
            scrolled: RefCell::new(Vec::new()),
            scroll: RefCell::new(None),
        }
    }

    /// Draws `nodes`, the nodes on show of `state`, changing only what changed since the last drawing. (Never
    /// inlined, so that the size report can say what the picture weighs.)
    #[inline(never)]
    pub fn draw(&self, state: &TreeState, nodes: &[VisibleNode]) {
        let mut old = self.nodes.take();
        if self.root.get() != Some(state.root) || old.is_empty() {
            old = vec![self.draw_root(state.root)];
            self.root.set(Some(state.root));
            *self.current.borrow_mut() = None;
        }
        let mut drawn: Vec<PictureNode> = Vec::with_capacity(nodes.len() + 1);
        let mut root = old.swap_remove(0);
        show_children(&mut root, !nodes.is_empty());
        drawn.push(root);
        for node in nodes {
            let Some((_, above)) = node.path.split_last() else {
                continue;
            };
            let existing = old.iter().position(|kept| kept.path == node.path);
            let mut kept = match existing {
                Some(index) => old.swap_remove(index),
                None => {
                    // Its parent is drawn and open: the nodes on show come parent first.
                    let Some(list) = drawn
                        .iter()
                        .rev()
                        .find(|parent| parent.path == above)
                        .and_then(|parent| parent.children.as_ref())
                    else {
                        continue;
                    };
                    new_node(list, node)
                }
            };
            let pruned = state.alpha_beta && node.node.pruned;
            set_optional_attribute(&kept.node, "data-pruned", pruned.then_some(""));
            let open = node.open == Some(true);
            show_cut(&mut kept, node.cut.as_deref().filter(|_| open));
            show_children(&mut kept, open);
            drawn.push(kept);
        }
        // What is left in `old` went with the subtree of a node that closed.
        *self.nodes.borrow_mut() = drawn;
    }

    /// Empties the picture and draws its root, the position on the board.
    fn draw_root(&self, root: Board) -> PictureNode {
        self.element.set_text_content(None);
        let top = add(&self.element, "ul", "ttt-pic", "");
        let item = add(&top, "li", "", "");
        let node = picture_node(&item, root, None, "Now");
        PictureNode {
            path: Vec::new(),
            item,
            node,
            cut: None,
            children: None,
        }
    }

    /// Marks the node at `current` (`ttt-step-at`), the node the step panel's search is at, and only that one;
    /// then scrolls the picture to it, or to `focus` (the tree's focused node, which the keyboard moves) when the
    /// search is not shown. Says whether the mark moved: not when neither the picture (`redrawn`) nor `current`
    /// changed.
    pub fn mark(&self, current: Option<&[usize]>, focus: &[usize], redrawn: bool) -> bool {
        let marked = redrawn || self.current.borrow().as_deref() != current;
        if marked {
            for drawn in self.nodes.borrow().iter() {
                toggle_class(&drawn.node, "ttt-step-at", current == Some(&drawn.path[..]));
            }
            *self.current.borrow_mut() = current.map(<[usize]>::to_vec);
        }
        let target = current.unwrap_or(focus);
        if marked || *self.scrolled.borrow() != target {
            self.scroll_to(target);
            *self.scrolled.borrow_mut() = target.to_vec();
        }
        marked
    }

    /// Scrolls the picture sideways so that the node at `path` (or the root, when it is not drawn) is in the
    /// middle, before the browser next paints. Not at once: measuring in the middle of an update would lay the
    /// page out there and then, and on a game's first drawing that is the whole page, inside the task that built
    /// it.
    fn scroll_to(&self, path: &[usize]) {
        let nodes = self.nodes.borrow();
        let Some(target) = nodes
            .iter()
            .find(|drawn| drawn.path == path)
            .or(nodes.first())
        else {
            return;
        };
        let (frame, node) = (self.element.clone(), target.node.clone());
        let window = frame
            .owner_document()
            .and_then(|document| document.default_view());
        *self.scroll.borrow_mut() =
            window.and_then(|window| Timeout::frame(&window, move || centre(&frame, &node)));
    }
}

/// A new node for `node` at the end of `list`, its parent's list of children.
fn new_node(list: &Element, node: &VisibleNode) -> PictureNode {
    let item = add(list, "li", "", "");
    let element = picture_node(&item, node.position, node.path.last().copied(), &node.value);
    set_attribute(&element, "data-path", &encode_path(&node.path));
    toggle_class(&element, "ttt-pv", node.node.on_principal_variation);
    PictureNode {
        path: node.path.clone(),
        item,
        node: element,
        cut: None,
        children: None,
    }
}

/// Shows `reason` for a cut under `drawn`, above its children, or takes it away (`None`).
fn show_cut(drawn: &mut PictureNode, reason: Option<&str>) {
    match (reason, &drawn.cut) {
        (Some(reason), None) => {
            drawn.cut = Some(add(&drawn.item, "p", "ttt-pic-cut", reason));
            // The children's list stays last.
            if let Some(children) = &drawn.children {
                let _ = drawn.item.append_child(children);
            }
        }
        (None, Some(cut)) => {
            cut.remove();
            drawn.cut = None;
        }
        _ => {}
    }
}

/// Gives `drawn` an (empty) list for its children when it is `open`, or takes its list away, and with it the
/// subtree drawn in it.
fn show_children(drawn: &mut PictureNode, open: bool) {
    match (open, &drawn.children) {
        (true, None) => drawn.children = Some(add(&drawn.item, "ul", "", "")),
        (false, Some(children)) => {
            children.remove();
            drawn.children = None;
        }
        _ => {}
    }
}

/// A node of the picture in `item`: `position` as a small board, the square of `last` (the move just played)
/// marked, and `words` under it; `data-position` holds the position in the notation.
fn picture_node(item: &Element, position: Board, last: Option<usize>, words: &str) -> Element {
    let node = add(item, "div", "ttt-pic-node", "");
    set_attribute(&node, "data-position", &position.notation());
    add_small_board(&node, position, last);
    add(&node, "span", "ttt-pic-value", words);
    node
}

/// `position` as a small board in `parent`, the square of `last` (the move just played) marked: text, not an
/// element a square, so that a tree of hundreds of nodes stays quick to lay out.
pub fn add_small_board(parent: &Element, position: Board, last: Option<usize>) -> Element {
    let (before, mark, after) = board_text(position, last);
    let board = add(parent, "span", "ttt-pic-board", &before);
    if let Some(mark) = mark {
        add(&board, "mark", "", mark.encode_utf8(&mut [0; 4]));
        let _ = board.append_with_str_1(&after);
    }
    board
}
