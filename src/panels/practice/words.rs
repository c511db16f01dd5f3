//! The exercise's sentences: for each answer, the event of the trace that decides it, in the words of the step
//! panel ("v = +3 ≥ β = +1, so the other replies here are skipped"). Values, α and β are MAX's, as in the trace.

use super::{Exercise, Field};
use crate::engine::{Bound, Player};
use crate::panels::number::bound_words;

impl Exercise {
    /// Whether the node at `path` is a MAX node.
    fn is_max(path: &[usize]) -> bool {
        path.len() % 2 == 0
    }

    /// The value node `at` returned (it was visited).
    fn returned(&self, at: usize) -> Bound {
        self.nodes[at]
            .ret
            .and_then(|ret| self.events[ret].value)
            .unwrap_or(Bound::Finite(0))
    }

    /// The children of node `at` that alpha-beta searched, in order.
    fn searched(&self, at: usize) -> Vec<usize> {
        self.nodes[at]
            .children
            .iter()
            .copied()
            .filter(|&child| self.nodes[child].visited())
            .collect()
    }

    /// Why `field` of visited node `at` is what the trace says.
    pub(super) fn why(&self, at: usize, field: Field) -> String {
        match field {
            Field::Value => self.why_value(at),
            Field::Alpha | Field::Beta => self.why_window(at),
        }
    }

    /// Why visited node `at` returns its value: the game's end, a leaf's given value, the best of its children, or
    /// the child whose value reached the bound.
    fn why_value(&self, at: usize) -> String {
        let path = self.nodes[at].id.path();
        let value = self.returned(at);
        if self.nodes[at].children.is_empty() {
            return self.why_leaf(path, value);
        }
        let max = Exercise::is_max(path);
        let function = if max { "MAX-VALUE" } else { "MIN-VALUE" };
        let searched = self.searched(at);
        let ret = &self.events[self.nodes[at].ret.unwrap_or_default()];
        let (reached, condition) = reached(max, value, ret.alpha, ret.beta);
        let last = searched.last().copied().unwrap_or_default();
        if reached {
            let skipped = if self.nodes[at].cut.is_some() {
                format!(
                    ", so the other {} here are skipped",
                    self.tree.children_word(path)
                )
            } else {
                String::new()
            };
            return format!(
                "{function} returns v = {} here as soon as {} returns {}: {condition}{skipped}",
                bound_words(value),
                self.tree
                    .child_words(path, *self.nodes[last].id.path().last().unwrap_or(&0)),
                bound_words(value),
            );
        }
        let values: Vec<String> = searched
            .iter()
            .map(|&child| bound_words(self.returned(child)))
            .collect();
        format!(
            "{function} returns v = {} here, the {} of the values its {} returned: {}",
            bound_words(value),
            if max { "highest" } else { "lowest" },
            self.tree.children_word(path),
            in_words(&values),
        )
    }

    /// Why the leaf at `path` is worth `value`.
    fn why_leaf(&self, path: &[usize], value: Bound) -> String {
        let Some(position) = self.tree.position(path) else {
            return format!(
                "This leaf's value is {}, as the tree gives it",
                bound_words(value)
            );
        };
        let max = self
            .tree
            .position(&[])
            .map_or(Player::X, |root| root.to_move());
        let marks = position.marks();
        match position.winner() {
            Some(winner) if winner == max => format!(
                "The game is over here: {} has won with {marks} marks on the board, worth 10 − {marks} = {} to {}",
                winner.name(),
                bound_words(value),
                max.name()
            ),
            Some(winner) => format!(
                "The game is over here: {} has won with {marks} marks on the board, worth {marks} − 10 = {} to {}",
                winner.name(),
                bound_words(value),
                max.name()
            ),
            None => "The game is over here, a draw: 0".to_owned(),
        }
    }

    /// Why visited node `at` has the window it has: its parent's window when it gets there.
    fn why_window(&self, at: usize) -> String {
        let node = &self.nodes[at];
        let visit = &self.events[node.visit.unwrap_or_default()];
        let window = format!(
            "α = {} and β = {}",
            bound_words(visit.alpha),
            bound_words(visit.beta)
        );
        let Some(parent) = node.parent else {
            return format!("The search starts here with {window}, the widest window there is");
        };
        let above = &self.events[self.nodes[parent].visit.unwrap_or_default()];
        let mut changes = Vec::new();
        if above.alpha != visit.alpha {
            changes.push(format!(
                "raised α from {} to {}",
                bound_words(above.alpha),
                bound_words(visit.alpha)
            ));
        }
        if above.beta != visit.beta {
            changes.push(format!(
                "lowered β from {} to {}",
                bound_words(above.beta),
                bound_words(visit.beta)
            ));
        }
        let since = if changes.is_empty() {
            String::new()
        } else {
            format!(
                " (the {} before this one {})",
                self.tree.children_word(self.nodes[parent].id.path()),
                changes.join(" and ")
            )
        };
        format!("This node is visited with {window}, the window of the node above when it gets here{since}")
    }

    /// Why child `child` of visited node `at` is searched: it is the first, or the values before it left v short
    /// of the bound.
    pub(super) fn why_searched(&self, at: usize, child: usize) -> String {
        let path = self.nodes[at].id.path();
        let max = Exercise::is_max(path);
        let action = *self.nodes[child].id.path().last().unwrap_or(&0);
        let words = self.tree.child_words(path, action);
        let before: Vec<usize> = self
            .searched(at)
            .into_iter()
            .take_while(|&sibling| sibling != child)
            .collect();
        let Some(&previous) = before.last() else {
            return format!(
                "{} is searched: it is the first of the {} here, and the first is always searched",
                capitalized(&words),
                self.tree.children_word(path)
            );
        };
        let values = before.iter().map(|&sibling| self.returned(sibling));
        let v = if max { values.max() } else { values.min() }.unwrap_or(Bound::Finite(0));
        let visit = &self.events[self.nodes[child].visit.unwrap_or_default()];
        let condition = if max {
            format!("v = {} < β = {}", bound_words(v), bound_words(visit.beta))
        } else {
            format!("v = {} > α = {}", bound_words(v), bound_words(visit.alpha))
        };
        let previous = self
            .tree
            .child_words(path, *self.nodes[previous].id.path().last().unwrap_or(&0));
        format!(
            "{} is searched: after {previous} returned, {condition} at this node, so {} goes on",
            capitalized(&words),
            if max { "MAX-VALUE" } else { "MIN-VALUE" }
        )
    }

    /// The cut at visited node `at`, which has one: which child's value reached which bound. `here` is "here" for
    /// a sentence about the node itself, "there" for one about a node below it.
    fn cut_clause(&self, at: usize, here: &str) -> String {
        let path = self.nodes[at].id.path();
        let cut = &self.events[self.nodes[at].cut.unwrap_or_default()];
        let value = cut.value.unwrap_or(Bound::Finite(0));
        let max = Exercise::is_max(path);
        let (_, condition) = reached(max, value, cut.alpha, cut.beta);
        let bound = if max {
            format!("β = {}", bound_words(cut.beta))
        } else {
            format!("α = {}", bound_words(cut.alpha))
        };
        let last = self.searched(at).last().copied().unwrap_or_default();
        let child = self
            .tree
            .child_words(path, *self.nodes[last].id.path().last().unwrap_or(&0));
        format!(
            "{bound} when {child} returns {}: {condition}, so the other {} {here} are skipped",
            bound_words(value),
            self.tree.children_word(path)
        )
    }

    /// Why some children of visited node `at` are skipped: its cut.
    pub(super) fn why_cut(&self, at: usize) -> String {
        format!("At this node {}", self.cut_clause(at, "here"))
    }

    /// Why node `at` is never reached: the cut at `cutter`, the nearest node above it that alpha-beta visits.
    pub(super) fn why_never_reached(&self, at: usize, cutter: usize) -> String {
        let place = if self.nodes[at].parent == Some(cutter) {
            "the node above".to_owned()
        } else {
            self.tree.node_words(self.nodes[cutter].id.path())
        };
        format!(
            "Alpha-beta never reaches this node: at {place}, {}, this branch among them",
            self.cut_clause(cutter, "there")
        )
    }
}

/// Whether `value` reached the bound at a MAX node (`max`: value ≥ β) or a MIN node (value ≤ α), and the comparison
/// in numbers: "v = +3 ≥ β = +1", or "v = 0 < β = +∞" when it did not.
fn reached(max: bool, value: Bound, alpha: Bound, beta: Bound) -> (bool, String) {
    let v = bound_words(value);
    if max {
        let reached = value >= beta;
        let sign = if reached { "≥" } else { "<" };
        (reached, format!("v = {v} {sign} β = {}", bound_words(beta)))
    } else {
        let reached = value <= alpha;
        let sign = if reached { "≤" } else { ">" };
        (
            reached,
            format!("v = {v} {sign} α = {}", bound_words(alpha)),
        )
    }
}

/// A list in words: "+3", "+3 and 0", "+3, 0 and −2".
fn in_words(items: &[String]) -> String {
    match items.split_last() {
        None => String::new(),
        Some((last, [])) => last.clone(),
        Some((last, rest)) => format!("{} and {last}", rest.join(", ")),
    }
}

/// `text` with its first letter in upper case.
fn capitalized(text: &str) -> String {
    let mut chars = text.chars();
    chars.next().map_or_else(String::new, |first| {
        first.to_uppercase().chain(chars).collect()
    })
}
