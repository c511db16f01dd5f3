//! Russell and Norvig's alpha-beta, written once, over any [`GameTree`]: the search that `tests/trace.rs` holds
//! the engine's trace equal to, and the search of the practice's abstract trees, which the engine's loop (it knows
//! only a `Grid`) cannot search. It is not a second engine: it has no rules and no scores of its own, a tree gives
//! them, and every panel on a real position shows the engine's trace.

use crate::engine::{walk_trace, Bound, StepEvent, StepKind};

/// A game tree as the textbook sees it: a root, the actions of each node, the node each action leads to, and the
/// utility of each terminal node for MAX, the side to move at the root. MAX and MIN take turns.
pub trait GameTree {
    /// A node of the tree: a state, in the textbook's words.
    type Node;

    /// The node the search starts from, where MAX is to move.
    fn root(&self) -> Self::Node;

    /// ACTIONS(s): the actions of `node`, each a number (a cell, or a child's place among its siblings), in the
    /// order the search tries them. Empty at a terminal node.
    fn actions(&self, node: &Self::Node) -> Vec<usize>;

    /// RESULT(s, a): the node `action` leads to from `node`.
    fn result(&self, node: &Self::Node, action: usize) -> Self::Node;

    /// TERMINAL-TEST(s) and UTILITY(s) in one: the value of `node` for MAX if the game ends there, `None` if it
    /// goes on. A teacher's tree may give a leaf −∞ or +∞.
    fn utility(&self, node: &Self::Node) -> Option<Bound>;
}

/// One event of alpha-beta, in the textbook's MAX/MIN terms, at the node reached by `path` from the root.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct TreeEvent {
    /// What happened: a visit, a cut or a return (see [`StepKind`]).
    pub kind: StepKind,
    /// The actions from the root to the node (empty at the root).
    pub path: Vec<usize>,
    /// The node's alpha, as [`StepEvent::alpha`] says.
    pub alpha: Bound,
    /// The node's beta, as [`StepEvent::beta`] says.
    pub beta: Bound,
    /// The node's value for MAX on a return and a cut; `None` on a visit.
    pub value: Option<Bound>,
}

impl TreeEvent {
    /// Whether the event's node is a MAX node: MAX moves at the root, and the sides take turns.
    pub fn at_max_node(&self) -> bool {
        self.path.len() % 2 == 0
    }
}

/// The engine's trace ([`crate::engine::alpha_beta_trace`]) as [`TreeEvent`]s: the same events, each node named by
/// the cells played from the trace's root.
pub fn tree_events(trace: &[StepEvent]) -> Vec<TreeEvent> {
    let mut events = Vec::with_capacity(trace.len());
    walk_trace(trace, &mut |event, path| {
        events.push(TreeEvent {
            kind: event.kind,
            path: path.to_vec(),
            alpha: event.alpha,
            beta: event.beta,
            value: event.value.map(Bound::Finite),
        });
    });
    events
}

/// ALPHA-BETA-SEARCH of `tree` from its root, with MAX-VALUE and MIN-VALUE as the textbook writes them: every
/// visit, cut and return, in order. The first event visits the root with the window (-inf, +inf); the last returns
/// the root's value.
///
/// It is fail-soft (a node's value is the best of the children it saw): a node tries its actions in the order
/// [`GameTree::actions`] gives, and stops at the first child whose value reaches beta (at a MAX node) or alpha (at
/// a MIN node). Its events are the engine's trace's, each node named by its path of actions from the root, as
/// [`tree_events`] names the engine's: the two compare event for event, and the panels read either the same way.
pub fn alpha_beta_search<T: GameTree>(tree: &T) -> Vec<TreeEvent> {
    let mut search = AlphaBetaRun {
        tree,
        path: Vec::new(),
        events: Vec::new(),
    };
    search.value(&tree.root(), Bound::NegInf, Bound::PosInf);
    search.events
}

/// The search under way: the tree, the path to the node being searched, and the events so far.
struct AlphaBetaRun<'t, T: GameTree> {
    tree: &'t T,
    path: Vec<usize>,
    events: Vec<TreeEvent>,
}

impl<T: GameTree> AlphaBetaRun<'_, T> {
    fn record(&mut self, kind: StepKind, (alpha, beta): (Bound, Bound), value: Option<Bound>) {
        self.events.push(TreeEvent {
            kind,
            path: self.path.clone(),
            alpha,
            beta,
            value,
        });
    }

    /// MAX-VALUE at MAX's nodes (an even number of actions from the root), MIN-VALUE at MIN's: one function,
    /// since the two differ only in the direction of each comparison.
    fn value(&mut self, node: &T::Node, mut alpha: Bound, mut beta: Bound) -> Bound {
        self.record(StepKind::Visit, (alpha, beta), None);
        if let Some(utility) = self.tree.utility(node) {
            self.record(StepKind::Return, (alpha, beta), Some(utility));
            return utility;
        }
        let maximizing = self.path.len() % 2 == 0;
        let actions = self.tree.actions(node);
        // v starts at -infinity (MAX) or +infinity (MIN): every value beats it.
        let mut v: Option<Bound> = None;
        for (tried, &action) in actions.iter().enumerate() {
            self.path.push(action);
            let child = self.value(&self.tree.result(node, action), alpha, beta);
            self.path.pop();
            let best = match v {
                None => child,
                Some(v) if maximizing => v.max(child),
                Some(v) => v.min(child),
            };
            v = Some(best);
            let reached = if maximizing {
                best >= beta
            } else {
                best <= alpha
            };
            if reached {
                if tried + 1 < actions.len() {
                    self.record(StepKind::Cut, (alpha, beta), v);
                }
                self.record(StepKind::Return, (alpha, beta), v);
                return best;
            }
            if maximizing {
                alpha = alpha.max(best);
            } else {
                beta = beta.min(best);
            }
        }
        // A node that is not terminal has an action: a tree that says otherwise is scored as a draw.
        let value = v.unwrap_or(Bound::Finite(0));
        self.record(StepKind::Return, (alpha, beta), Some(value));
        value
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use Bound::{Finite, NegInf, PosInf};

    /// The textbook's own example (Russell and Norvig, figure 5.5): MAX at the root, three MIN nodes with the leaves
    /// 3 12 8, 2 4 6 and 14 5 2.
    struct Figure;

    const LEAVES: [[i32; 3]; 3] = [[3, 12, 8], [2, 4, 6], [14, 5, 2]];

    impl GameTree for Figure {
        type Node = Vec<usize>;

        fn root(&self) -> Vec<usize> {
            Vec::new()
        }

        fn actions(&self, node: &Vec<usize>) -> Vec<usize> {
            if node.len() < 2 {
                vec![0, 1, 2]
            } else {
                Vec::new()
            }
        }

        fn result(&self, node: &Vec<usize>, action: usize) -> Vec<usize> {
            let mut child = node.clone();
            child.push(action);
            child
        }

        fn utility(&self, node: &Vec<usize>) -> Option<Bound> {
            (node.len() == 2).then(|| Finite(LEAVES[node[0]][node[1]]))
        }
    }

    #[test]
    fn the_textbooks_figure_prunes_the_textbooks_leaves() {
        let events = alpha_beta_search(&Figure);
        let visited: Vec<Vec<usize>> = events
            .iter()
            .filter(|event| event.kind == StepKind::Visit && event.path.len() == 2)
            .map(|event| event.path.clone())
            .collect();
        // The second MIN node stops at its first leaf, 2, at or below alpha = 3: 4 and 6 are never looked at.
        assert_eq!(
            visited,
            [
                vec![0, 0],
                vec![0, 1],
                vec![0, 2],
                vec![1, 0],
                vec![2, 0],
                vec![2, 1],
                vec![2, 2]
            ]
        );
        let root = events.last().expect("the root returns last");
        assert_eq!((root.path.len(), root.value), (0, Some(Finite(3))));
        let cut = events
            .iter()
            .find(|event| event.kind == StepKind::Cut)
            .expect("one cut");
        assert_eq!(
            (cut.path.clone(), cut.alpha, cut.beta, cut.value),
            (vec![1], Finite(3), PosInf, Some(Finite(2)))
        );
        // The third MIN node's last leaf reaches alpha with nothing left to skip: a return, no cut.
        assert_eq!(
            events
                .iter()
                .filter(|event| event.kind == StepKind::Cut)
                .count(),
            1
        );
        let third = events
            .iter()
            .rfind(|event| event.kind == StepKind::Return && event.path == [2])
            .expect("the third MIN node returns");
        assert_eq!(
            (third.alpha, third.beta, third.value),
            (Finite(3), Finite(5), Some(Finite(2)))
        );
        assert!(events[0].at_max_node() && !cut.at_max_node());
        assert_eq!((events[0].alpha, events[0].beta), (NegInf, PosInf));
    }
}
