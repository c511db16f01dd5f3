//! The "Step through the search" panel's state and words, without the page: alpha-beta on a position or on the
//! practice's abstract tree, one trace event at a time, with the pseudocode's lines for each event. The game tree's
//! picture explains its cuts with the same [`cut_reason`] from the same trace, so it prunes exactly what the steps
//! skip.

pub mod pseudocode;

use crate::engine::{move_between, Board, Bound, Player, Status, StepEvent, StepKind};
use crate::game::square_name;
use crate::panels::number::bound_words;
use crate::panels::search_tree::{tree_size, SearchTree};
use crate::panels::steps::pseudocode::Pseudocode;
use crate::panels::textbook::TreeEvent;
use crate::panels::words::{group_digits, signed, values_are, Note};
use std::ops::Range;

/// Alpha-beta on one tree (a position, or the practice's abstract tree), and the event the reader has stepped to.
///
/// The reader steps an event at a time, and the pseudocode shows the line that runs each event with the lines run
/// on the way from the event before ([`Stepper::lines`]): stepping line by line would take 167,916 presses from the
/// empty board instead of 46,588, for lines (v ← MAX(v, …), α ← MAX(α, v)) whose effect the next event shows anyway.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Stepper {
    /// The tree, its trace (every event, in order, each node named by its path; never empty: the root is always
    /// visited and returned), and the pseudocode that runs it, worked out a slice at a time.
    code: Pseudocode,
    /// The event on show.
    at: usize,
    /// Positions (nodes) plain minimax visits from the root, for comparison.
    plain: u64,
    /// Positions alpha-beta visits from the root: counted once, since the panel shows it at every step and the
    /// search from the empty board has 46,588 events.
    visited: usize,
}

/// The step panel's controls.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum StepControl {
    /// One event on.
    Forward,
    /// One event back.
    Back,
    /// On to the return of the node being searched.
    Finish,
    /// Step by itself, or pause.
    Run,
    /// Back to the first event.
    Restart,
}

impl StepControl {
    /// Every control, in the panel's order.
    pub const ALL: [StepControl; 5] = [
        StepControl::Forward,
        StepControl::Back,
        StepControl::Finish,
        StepControl::Run,
        StepControl::Restart,
    ];

    /// The control's name, as its button's `data-step` spells it.
    pub const fn name(self) -> &'static str {
        match self {
            StepControl::Forward => "forward",
            StepControl::Back => "back",
            StepControl::Finish => "finish",
            StepControl::Run => "run",
            StepControl::Restart => "restart",
        }
    }

    /// The control named `name` (see [`StepControl::name`]).
    pub fn from_name(name: &str) -> Option<StepControl> {
        StepControl::ALL
            .into_iter()
            .find(|control| control.name() == name)
    }
}

/// How the step panel's run control advances: one step each tick, this many milliseconds apart.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Speed {
    /// A step a second, to read each sentence.
    Slow,
    /// Three steps a second.
    Medium,
    /// Twenty steps a second, to watch the window move.
    Fast,
}

impl Speed {
    /// Every speed, slowest first, as the control lists them.
    pub const ALL: [Speed; 3] = [Speed::Slow, Speed::Medium, Speed::Fast];

    /// The milliseconds between two steps.
    pub const fn interval_ms(self) -> u32 {
        match self {
            Speed::Slow => 1000,
            Speed::Medium => 333,
            Speed::Fast => 50,
        }
    }

    /// The speed's name, as the control's value spells it.
    pub const fn name(self) -> &'static str {
        match self {
            Speed::Slow => "slow",
            Speed::Medium => "medium",
            Speed::Fast => "fast",
        }
    }

    /// The speed's words, as the control shows them.
    pub const fn label(self) -> &'static str {
        match self {
            Speed::Slow => "Slow (1 step a second)",
            Speed::Medium => "Medium (3 a second)",
            Speed::Fast => "Fast (20 a second)",
        }
    }

    /// The speed named `name` (see [`Speed::name`]).
    pub fn from_name(name: &str) -> Option<Speed> {
        Speed::ALL.into_iter().find(|speed| speed.name() == name)
    }
}

impl Stepper {
    /// The search of `root`, at its first event: the root's visit.
    pub fn new(root: Board) -> Stepper {
        Stepper::on(SearchTree::whole(root))
    }

    /// The search of `tree`, at its first event: the root's visit. Its pseudocode is not worked out yet (see
    /// [`Stepper::prepare`]).
    pub fn on(tree: SearchTree) -> Stepper {
        let events = tree.trace();
        let visited = visits_in(&events);
        let plain = match &tree {
            SearchTree::Position(root, _) => tree_size(*root),
            SearchTree::Abstract(_) => tree.nodes().len() as u64,
        };
        Stepper {
            code: Pseudocode::start(tree, events),
            at: 0,
            plain,
            visited,
        }
    }

    /// The tree searched.
    pub fn tree(&self) -> &SearchTree {
        self.code.tree()
    }

    /// The position the search starts from, on a board; `None` for an abstract tree.
    pub fn board(&self) -> Option<Board> {
        self.tree().position(&[])
    }

    fn events(&self) -> &[TreeEvent] {
        self.code.events()
    }

    /// MAX: the side to move at the root (X on the empty board).
    pub fn max(&self) -> Player {
        self.board().map_or(Player::X, |board| board.to_move())
    }

    /// What the panel says as it opens: where the search starts and the convention its values follow, the rest
    /// one click away. At a finished game nobody is to move, so it says that the search only scores it.
    pub fn intro(&self) -> Note {
        let SearchTree::Abstract(tree) = self.tree() else {
            return self.board_intro();
        };
        Note::new(
            format!(
                "Alpha-beta as the textbook writes it, on {}. {}",
                tree.describe(),
                values_are(None)
            ),
            "the step-through",
            &["The levels take turns, the leaves' values are given, and children are tried in order, child 0 first."],
        )
    }

    fn board_intro(&self) -> Note {
        let max = self.max();
        let over = self
            .board()
            .is_some_and(|root| root.status() != Status::InProgress);
        let opening = if over {
            format!(
                "Alpha-beta as the textbook writes it, from the position on the board: the game is over there, so \
                 the search returns its score at once. Its value is MAX's, {max}'s, whose turn it would be."
            )
        } else {
            format!(
                "Alpha-beta as the textbook writes it, from the position on the board. {}",
                values_are(Some(max))
            )
        };
        Note::new(
            opening,
            "the step-through",
            &[
                "A win with n marks on the board is worth 10 − n to MAX, a loss n − 10, a draw 0.",
                "Moves are tried row by row from the top left. Each step is one event of the search: a visit, a \
                 return, or a cut.",
            ],
        )
    }

    /// The event on show.
    pub fn event(&self) -> &TreeEvent {
        &self.events()[self.at]
    }

    /// The event on show as the engine's trace gives it, with its node's position, on a board; `None` in an
    /// abstract tree.
    pub fn board_event(&self) -> Option<StepEvent> {
        let event = self.event();
        let position = self.position()?;
        Some(StepEvent {
            kind: event.kind,
            position: *position,
            alpha: event.alpha,
            beta: event.beta,
            // A position's values are scores: only a teacher's tree gives a leaf an infinity.
            value: event.value.and_then(Bound::finite),
        })
    }

    /// The position at the node of the event on show, on a board.
    pub fn position(&self) -> Option<Board> {
        self.tree().position(&self.event().path)
    }

    /// The event on show, counted from 1, and how many events the search has.
    pub fn progress(&self) -> (usize, usize) {
        (self.at + 1, self.events().len())
    }

    /// Whether the reader is at the first event.
    pub fn at_start(&self) -> bool {
        self.at == 0
    }

    /// Whether the reader is at the last event: the root's value is known.
    pub fn at_end(&self) -> bool {
        self.at + 1 == self.events().len()
    }

    /// One event on; `false` at the end.
    pub fn step(&mut self) -> bool {
        if self.at_end() {
            return false;
        }
        self.at += 1;
        true
    }

    /// One event back; `false` at the start.
    pub fn back(&mut self) -> bool {
        if self.at_start() {
            return false;
        }
        self.at -= 1;
        true
    }

    /// Back to the root's visit.
    pub fn restart(&mut self) {
        self.at = 0;
    }

    /// On to the `return` of the innermost node still being searched: the node just visited, the node that has
    /// just cut, or the parent of the node that has just returned. `false` at the end.
    pub fn finish_node(&mut self) -> bool {
        // Later visits and returns pair up; the first return without its visit is the open node's.
        let mut depth = 0_usize;
        for (index, event) in self.events().iter().enumerate().skip(self.at + 1) {
            match event.kind {
                StepKind::Visit => depth += 1,
                StepKind::Return if depth == 0 => {
                    self.at = index;
                    return true;
                }
                StepKind::Return => depth -= 1,
                StepKind::Cut => {}
            }
        }
        false
    }

    /// The actions from the root to the node of the event on show (empty at the root): cells on a board.
    pub fn path(&self) -> Vec<usize> {
        self.event().path.clone()
    }

    /// The positions visited so far (the event on show included) and in the whole search.
    pub fn visits(&self) -> (usize, usize) {
        (visits_in(&self.events()[..=self.at]), self.visited)
    }

    /// The counters under the controls: "Step 12 of 97. Positions visited: 5 of 41 (plain minimax: 236)."
    pub fn counters(&self) -> String {
        let (step, steps) = self.progress();
        let (visited, total) = self.visits();
        let what = match self.tree() {
            SearchTree::Position(..) => "Positions",
            SearchTree::Abstract(_) => "Nodes",
        };
        format!(
            "Step {} of {}. {what} visited so far: {} of alpha-beta's {} (plain minimax visits {}).",
            group_digits(step as u64),
            group_digits(steps as u64),
            group_digits(visited as u64),
            group_digits(total as u64),
            group_digits(self.plain),
        )
    }

    /// The child whose return caused the cut on show: the event before a cut is that child's return.
    fn cut_child(&self) -> usize {
        self.at
            .checked_sub(1)
            .and_then(|before| self.events()[before].path.last().copied())
            .unwrap_or_default()
    }

    /// One sentence for what has just happened.
    pub fn sentence(&self) -> String {
        match self.board_event() {
            Some(event) => self.board_sentence(&event),
            None => self.tree_sentence(),
        }
    }

    /// [`Stepper::sentence`] on a board, `event` being the event on show with its position.
    fn board_sentence(&self, event: &StepEvent) -> String {
        let max = self.max();
        let position = event.position;
        let mover = position.to_move();
        let role = if mover == max { "MAX" } else { "MIN" };
        let path = &self.event().path;
        let node = match path.split_last() {
            None => "the starting position".to_owned(),
            Some((&cell, _)) => format!(
                "{} in {}",
                mover.opponent().name(),
                square_name(position.shape(), cell)
            ),
        };
        let value = event.value.map_or_else(String::new, signed);
        match event.kind {
            StepKind::Visit if position.is_over() => format!(
                "Visit {node}: the game is over here (α = {}, β = {}).",
                bound_words(event.alpha),
                bound_words(event.beta),
            ),
            StepKind::Visit => format!(
                "Visit {node}: {} to move, a {role} node, with α = {} and β = {}.",
                mover.name(),
                bound_words(event.alpha),
                bound_words(event.beta),
            ),
            StepKind::Return if position.is_over() => {
                let marks = position.marks();
                match position.winner() {
                    Some(winner) if winner == max => format!(
                        "Return {value}: {} has won with {marks} marks on the board, worth 10 - {marks} = {value} to {}.",
                        winner.name(),
                        max.name()
                    ),
                    Some(winner) => format!(
                        "Return {value}: {} has won with {marks} marks on the board, worth {marks} - 10 = {value} to {}.",
                        winner.name(),
                        max.name()
                    ),
                    None => format!("Return {value}: the board is full, a draw."),
                }
            }
            StepKind::Return if path.is_empty() => format!(
                "Return {value}: the search is over, and {value} is the starting position's value for {}.",
                max.name()
            ),
            StepKind::Return if mover == max => format!(
                "Return {value}: the highest value among {}'s moves searched here.",
                mover.name()
            ),
            StepKind::Return => format!(
                "Return {value}: the lowest value for {} among {}'s replies searched here.",
                max.name(),
                mover.name()
            ),
            StepKind::Cut => format!("Cut: {}", cut_reason(max, event, self.cut_child())),
        }
    }

    /// [`Stepper::sentence`] in an abstract tree, whose values are MAX's.
    fn tree_sentence(&self) -> String {
        let tree = self.tree();
        let event = self.event();
        let path = &event.path[..];
        let node = tree.node_words(path);
        let leaf = tree.actions(path).is_empty();
        let value = event.value.map_or_else(String::new, bound_words);
        let (alpha, beta) = (bound_words(event.alpha), bound_words(event.beta));
        match event.kind {
            StepKind::Visit if leaf => format!("Visit {node}: a leaf (α = {alpha}, β = {beta})."),
            StepKind::Visit => {
                let role = if event.at_max_node() { "MAX" } else { "MIN" };
                format!("Visit {node}: a {role} node, with α = {alpha} and β = {beta}.")
            }
            StepKind::Return if leaf => {
                format!("Return {value}: the value the tree gives this leaf.")
            }
            StepKind::Return if path.is_empty() => format!(
                "Return {value}: the search is over, and {value} is the root's value for MAX."
            ),
            StepKind::Return if event.at_max_node() => {
                format!("Return {value}: the highest value among the children searched here.")
            }
            StepKind::Return => {
                format!("Return {value}: the lowest value among the children searched here.")
            }
            StepKind::Cut => {
                let child = tree.child_words(path, self.cut_child());
                if event.at_max_node() {
                    format!(
                        "Cut: {child} gives MAX at least {value} here, and MIN already holds MAX to β = {beta} \
                         elsewhere (v = {value} ≥ β = {beta}), so the other children here cannot change MIN's choice."
                    )
                } else {
                    format!(
                        "Cut: {child} holds MAX to at most {value} here, and MAX already has α = {alpha} \
                         elsewhere (v = {value} ≤ α = {alpha}), so the other children here cannot change MAX's choice."
                    )
                }
            }
        }
    }
}

/// The pseudocode beside the steps.
impl Stepper {
    /// The pseudocode, as far as it is worked out.
    pub fn code(&self) -> &Pseudocode {
        &self.code
    }

    /// Works out about `lines` more lines of the pseudocode; returns whether it is all there.
    pub fn prepare(&mut self, lines: usize) -> bool {
        self.code.build(lines)
    }

    /// The lines of the pseudocode for the event on show, once they are worked out: the steps run on the way
    /// from the event before (after the last event, on to the end of ALPHA-BETA-SEARCH), and the step shown as
    /// running, the one that makes the event (after the last event, the search's own return, line 3).
    pub fn lines(&self) -> Option<(Range<usize>, usize)> {
        let code = &self.code;
        let from = match self.at.checked_sub(1) {
            Some(before) => code.step_of_event(before) + 1,
            None => 0,
        };
        if self.at_end() {
            let last = code
                .steps()
                .len()
                .checked_sub(1)
                .filter(|_| code.is_built())?;
            return Some((from..last, last));
        }
        (self.at < code.events_shown()).then(|| {
            let step = code.step_of_event(self.at);
            (from..step, step)
        })
    }
}

impl Stepper {
    /// The action whose value the node on show returns, once it returns (at the end, the root's: the action the
    /// search chooses), as the pseudocode's lines work it out; `None` at a visit, a cut or a leaf.
    pub fn chosen(&self) -> Option<usize> {
        if self.event().kind != StepKind::Return {
            return None;
        }
        let (_, at) = self.lines()?;
        self.code.steps()[at].chosen.map(usize::from)
    }
}

/// How many of `events` enter a node.
fn visits_in(events: &[TreeEvent]) -> usize {
    events
        .iter()
        .filter(|event| event.kind == StepKind::Visit)
        .count()
}

/// What a side's score means to it: "a win", "a draw" or "a loss".
fn outcome(score: i32) -> &'static str {
    match score {
        1.. => "a win",
        0 => "a draw",
        _ => "a loss",
    }
}

/// Why the search may skip the children left at `cut` (a `cut` event of a search whose MAX is `max`), the child
/// in `reply` having caused it, in one sentence: "X already has a draw elsewhere (α = 0), and the reply in row 1,
/// column 2 gives O at least a draw (0 for X), so O's other replies here cannot change X's choice." Values are
/// MAX's, as α and β are, and say so: the reply's own label in the tree gives its value from its side.
pub fn cut_reason(max: Player, cut: &StepEvent, reply: usize) -> String {
    let mover = cut.position.to_move();
    let value = cut.value.unwrap_or_default();
    let square = square_name(cut.position.shape(), reply);
    if mover == max {
        // A MAX node whose value reached beta: MIN can already hold MAX to beta by another move above.
        let min = max.opponent();
        let (elsewhere, here) = match cut.beta {
            Bound::Finite(beta) => (outcome_beside(-beta, -value), outcome_here(value, beta)),
            Bound::NegInf => ("a win", outcome(value)),
            Bound::PosInf => ("a loss", outcome(value)),
        };
        format!(
            "{} already has {elsewhere} elsewhere (β = {}), and the move in {square} gives {} at least {here} ({} for {}), so {}'s other moves here cannot change {}'s choice.",
            min.name(),
            bound_words(cut.beta),
            max.name(),
            signed(value),
            max.name(),
            max.name(),
            min.name(),
        )
    } else {
        // A MIN node whose value fell to alpha: MAX can already get alpha by another move above.
        let (elsewhere, here) = match cut.alpha {
            Bound::Finite(alpha) => (outcome_beside(alpha, value), outcome_here(-value, -alpha)),
            Bound::NegInf => ("a loss", outcome(-value)),
            Bound::PosInf => ("a win", outcome(-value)),
        };
        format!(
            "{} already has {elsewhere} elsewhere (α = {}), and the reply in {square} gives {} at least {here} ({} for {}), so {}'s other replies here cannot change {}'s choice.",
            max.name(),
            bound_words(cut.alpha),
            mover.name(),
            signed(value),
            max.name(),
            mover.name(),
            max.name(),
        )
    }
}

/// The move whose search caused the cut at `events[at]`: the event before a cut is that child's return.
pub fn cut_reply(events: &[StepEvent], at: usize) -> usize {
    let child = at
        .checked_sub(1)
        .map_or(events[at].position, |before| events[before].position);
    move_between(&events[at].position, &child)
}

/// [`outcome`] of `score`, told apart from `other` (the other side of the cut, for the same player) when both are
/// wins or both losses: the scores count the moves, so a higher one is "a faster win" or "a slower loss". Without
/// it, a cut between two wins would read as no reason at all.
fn outcome_beside(score: i32, other: i32) -> &'static str {
    if score == 0 || score == other || score.signum() != other.signum() {
        return outcome(score);
    }
    match (score > 0, score > other) {
        (true, true) => "a faster win",
        (true, false) => "a slower win",
        (false, true) => "a slower loss",
        (false, false) => "a faster loss",
    }
}

/// What the cut's own node gives the side that moves there, `score`, against `other`, what that side's opponent
/// already has elsewhere (from the same side): as [`outcome_beside`], but a value that just equals the bound is
/// "as fast a win" or "as slow a loss" ("at least as fast a win"), since "at least a win" alone would explain
/// nothing.
fn outcome_here(score: i32, other: i32) -> &'static str {
    match score {
        0 => outcome(score),
        _ if score == other && score > 0 => "as fast a win",
        _ if score == other => "as slow a loss",
        _ => outcome_beside(score, other),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::alpha_beta_trace;
    use crate::panels::search_tree::AbstractTree;

    fn board(text: &str) -> Board {
        text.parse().unwrap()
    }

    /// X to move with three squares left: 6 wins at once, so 7 and 8 are searched with α = +3.
    const SMALL: &str = "XOXXOO...";

    #[test]
    fn the_intro_names_max_or_says_the_game_is_over() {
        let playing = Stepper::new(board("X...O...."));
        assert_eq!(
            playing.intro().opening,
            "Alpha-beta as the textbook writes it, from the position on the board. Values are MAX's: X moves here, \
             so + is good for X, − for O."
        );
        let over = Stepper::new(board("XXXOO...."));
        assert!(over.intro().opening.contains("the game is over there"));
        assert!(!over.intro().opening.contains("moves here"));
    }

    #[test]
    fn steps_forward_and_back_through_every_event() {
        let mut stepper = Stepper::new(board(SMALL));
        let trace = alpha_beta_trace(&board(SMALL));
        assert!(stepper.at_start() && !stepper.at_end());
        assert!(!stepper.back(), "nothing before the first event");
        let mut seen = vec![stepper.board_event().unwrap()];
        while stepper.step() {
            seen.push(stepper.board_event().unwrap());
        }
        assert_eq!(seen, trace);
        assert!(stepper.at_end());
        assert_eq!(stepper.progress(), (trace.len(), trace.len()));
        let mut back = vec![stepper.board_event().unwrap()];
        while stepper.back() {
            back.push(stepper.board_event().unwrap());
        }
        back.reverse();
        assert_eq!(back, trace);
        stepper.step();
        stepper.step();
        stepper.restart();
        assert!(stepper.at_start());
    }

    #[test]
    fn paths_follow_the_search_down_and_up() {
        let mut stepper = Stepper::new(board(SMALL));
        let mut paths = vec![stepper.path()];
        while stepper.step() {
            paths.push(stepper.path());
        }
        let kinds: Vec<_> = alpha_beta_trace(&board(SMALL))
            .iter()
            .map(|event| event.kind.as_str())
            .collect();
        // The root; 6 wins at once; 7 leads to O's replies 6 and 8; O's 6 is a draw, which cuts at 7 (X already
        // has +3): O's 8 is skipped. Then 8 likewise.
        assert_eq!(
            kinds.iter().zip(&paths).take(9).collect::<Vec<_>>(),
            [
                (&"visit", &vec![]),
                (&"visit", &vec![6]),
                (&"return", &vec![6]),
                (&"visit", &vec![7]),
                (&"visit", &vec![7, 6]),
                (&"visit", &vec![7, 6, 8]),
                (&"return", &vec![7, 6, 8]),
                (&"return", &vec![7, 6]),
                (&"cut", &vec![7]),
            ]
        );
        assert_eq!(paths.last(), Some(&vec![]));
    }

    #[test]
    fn the_paths_are_those_of_a_walk_of_the_engines_trace_forward_back_and_after_finishing() {
        for root in [
            Board::EMPTY,
            board("X...O...."),
            board(SMALL),
            board("XXXOO...."),
        ] {
            let mut walked = Vec::new();
            crate::engine::walk_trace(&alpha_beta_trace(&root), &mut |_, path| {
                walked.push(path.to_vec());
            });
            let mut stepper = Stepper::new(root);
            let mut forward = vec![stepper.path()];
            while stepper.step() {
                forward.push(stepper.path());
            }
            assert_eq!(forward, walked, "{root}");
            let mut backward = vec![stepper.path()];
            while stepper.back() {
                backward.push(stepper.path());
            }
            backward.reverse();
            assert_eq!(forward, backward, "{root}");
            for _ in 0..5 {
                stepper.step();
            }
            stepper.finish_node();
            assert_eq!(stepper.path(), walked[stepper.at]);
        }
    }

    #[test]
    fn an_abstract_tree_is_stepped_through_with_its_nodes_in_words() {
        // Leaves 1 5 9, -1 -1 5, 7 0 -4: the second MIN node cuts after its first leaf, the third after its second.
        let tree = AbstractTree::new(2, 3, 1).unwrap();
        let mut stepper = Stepper::on(SearchTree::Abstract(tree.clone()));
        assert_eq!((stepper.board(), stepper.position()), (None, None));
        assert_eq!(stepper.board_event(), None);
        assert!(stepper.intro().opening.contains(
            "(2 levels, 3 children a node, seed 1). Values are MAX's: MAX moves at the root"
        ));
        assert_eq!(
            stepper.counters(),
            "Step 1 of 22. Nodes visited so far: 1 of alpha-beta's 10 (plain minimax visits 13)."
        );
        let mut sentences = vec![stepper.sentence()];
        while stepper.step() {
            sentences.push(stepper.sentence());
        }
        assert_eq!(
            sentences[..4],
            [
                "Visit the root: a MAX node, with α = −∞ and β = +∞.",
                "Visit node 0: a MIN node, with α = −∞ and β = +∞.",
                "Visit node 0.0: a leaf (α = −∞, β = +∞).",
                "Return +1: the value the tree gives this leaf.",
            ]
        );
        assert_eq!(
            sentences[8],
            "Return +1: the lowest value among the children searched here."
        );
        assert_eq!(
            sentences[12],
            "Cut: child 1.0 holds MAX to at most −1 here, and MAX already has α = +1 elsewhere (v = −1 ≤ α = \
             +1), so the other children here cannot change MAX's choice."
        );
        assert_eq!(
            sentences.last().unwrap(),
            "Return +1: the search is over, and +1 is the root's value for MAX."
        );
        assert_eq!(stepper.path(), Vec::<usize>::new());
        stepper.restart();
        for _ in 0..3 {
            stepper.step();
        }
        assert_eq!(stepper.path(), [0, 0]);
        assert!(stepper.finish_node());
        assert_eq!(
            (stepper.event().kind, stepper.path()),
            (StepKind::Return, vec![0])
        );
    }

    #[test]
    fn the_pseudocode_of_each_event_once_it_is_worked_out() {
        let mut stepper = Stepper::new(board(SMALL));
        assert_eq!(stepper.lines(), None, "nothing worked out yet");
        // A slice that gets past the root's visit: its lines are there, the later events' not yet.
        stepper.prepare(3);
        assert_eq!(stepper.lines(), Some((0..2, 2)));
        stepper.step();
        assert_eq!(stepper.lines(), None);
        while !stepper.prepare(5) {}
        let code = stepper.code().clone();
        // The root's visit comes after lines 1 and 2; each event after the lines run since the one before.
        stepper.restart();
        let (on_the_way, at) = stepper.lines().unwrap();
        let lines = |range: Range<usize>| -> Vec<u8> {
            code.steps()[range].iter().map(|step| step.line).collect()
        };
        assert_eq!((lines(on_the_way), code.steps()[at].line), (vec![1, 2], 4));
        stepper.step();
        let (on_the_way, at) = stepper.lines().unwrap();
        assert_eq!(
            (lines(on_the_way), code.steps()[at].line),
            (vec![5, 6, 7, 8], 12)
        );
        // After the root's return, on to the end of ALPHA-BETA-SEARCH: line 3 returns the chosen action, row 3,
        // column 1, which wins at once.
        while stepper.step() {}
        let (on_the_way, at) = stepper.lines().unwrap();
        assert_eq!(lines(on_the_way).last(), Some(&2));
        let step = code.steps()[at];
        assert_eq!((step.line, step.chosen), (3, Some(6)));
        assert_eq!(stepper.chosen(), Some(6));
        stepper.restart();
        assert_eq!(stepper.chosen(), None, "a visit");
        stepper.step();
        stepper.step();
        assert_eq!(
            (stepper.event().kind, stepper.path()),
            (StepKind::Return, vec![6])
        );
        assert_eq!(
            stepper.chosen(),
            None,
            "row 3, column 1 wins at once: a leaf"
        );
    }

    #[test]
    fn finish_node_goes_to_the_return_of_the_open_node() {
        let mut stepper = Stepper::new(board(SMALL));
        // From the root's visit: its own return, the end.
        assert!(stepper.finish_node());
        assert!(stepper.at_end());
        assert!(!stepper.finish_node());
        // From the visit of 7: the return of 7.
        stepper.restart();
        for _ in 0..3 {
            stepper.step();
        }
        assert_eq!(stepper.path(), [7]);
        assert!(stepper.finish_node());
        assert_eq!(
            (stepper.event().kind, stepper.path()),
            (StepKind::Return, vec![7])
        );
        // From the return of 7: the root's return, its parent.
        assert!(stepper.finish_node());
        assert!(stepper.at_end());
    }

    #[test]
    fn counters_compare_with_plain_minimax() {
        let mut stepper = Stepper::new(board(SMALL));
        let total = alpha_beta_trace(&board(SMALL))
            .iter()
            .filter(|event| event.kind == StepKind::Visit)
            .count();
        assert_eq!(stepper.visits(), (1, total));
        stepper.step();
        assert_eq!(stepper.visits(), (2, total));
        // Every position is visited once and returned once, and 4,856 of them cut: 2 x 20,866 + 4,856 events.
        let cuts = alpha_beta_trace(&Board::EMPTY)
            .iter()
            .filter(|event| event.kind == StepKind::Cut)
            .count();
        assert_eq!(cuts, 4_856);
        assert_eq!(
            Stepper::new(Board::EMPTY).counters(),
            "Step 1 of 46,588. Positions visited so far: 1 of alpha-beta's 20,866 (plain minimax visits 549,946)."
        );
    }

    #[test]
    fn sentences_say_what_just_happened() {
        let mut stepper = Stepper::new(board(SMALL));
        let mut sentences = vec![stepper.sentence()];
        while stepper.step() {
            sentences.push(stepper.sentence());
        }
        assert_eq!(
            &sentences[..9],
            [
                "Visit the starting position: X to move, a MAX node, with α = −∞ and β = +∞.",
                "Visit X in row 3, column 1: the game is over here (α = −∞, β = +∞).",
                "Return +3: X has won with 7 marks on the board, worth 10 - 7 = +3 to X.",
                "Visit X in row 3, column 2: O to move, a MIN node, with α = +3 and β = +∞.",
                "Visit O in row 3, column 1: X to move, a MAX node, with α = +3 and β = +∞.",
                "Visit X in row 3, column 3: the game is over here (α = +3, β = +∞).",
                "Return 0: the board is full, a draw.",
                "Return 0: the highest value among X's moves searched here.",
                "Cut: X already has a win elsewhere (α = +3), and the reply in row 3, column 1 gives O at least a draw (0 for X), so O's other replies here cannot change X's choice.",
            ]
        );
        assert_eq!(
            sentences.last().unwrap(),
            "Return +3: the search is over, and +3 is the starting position's value for X."
        );
    }

    /// Each cut of the search of `root`, with its reason.
    fn reasons(root: Board) -> Vec<(StepEvent, String)> {
        let events = alpha_beta_trace(&root);
        (0..events.len())
            .filter(|&at| events[at].kind == StepKind::Cut)
            .map(|at| {
                let reason = cut_reason(root.to_move(), &events[at], cut_reply(&events, at));
                (events[at], reason)
            })
            .collect()
    }

    #[test]
    fn cut_reasons_at_max_and_min_nodes() {
        let cuts = |root: Board| -> Vec<String> {
            reasons(root)
                .into_iter()
                .map(|(_, reason)| reason)
                .collect()
        };
        let from_empty = cuts(Board::EMPTY);
        assert!(from_empty.contains(&"X already has a draw elsewhere (α = 0), and the reply in row 1, column 2 gives O at least a draw (0 for X), so O's other replies here cannot change X's choice.".to_owned()));
        assert!(from_empty.contains(&"O already has a draw elsewhere (β = 0), and the move in row 1, column 3 gives X at least a draw (0 for X), so X's other moves here cannot change O's choice.".to_owned()));
        // The words follow the signs: O's reply that wins for O is "a win" for O.
        assert!(cuts(board("X...O...."))
            .iter()
            .any(|reason| reason.contains("gives O at least a win")));
    }

    #[test]
    fn a_cut_between_two_wins_says_which_is_faster() {
        let mut seen = 0;
        for root in [Board::EMPTY, board("X...O...."), board("XO.......")] {
            for (cut, reason) in reasons(root) {
                let value = cut.value.unwrap_or_default();
                // At a MIN node, MAX's win elsewhere against a slower one here: the words say so.
                if let (true, Bound::Finite(alpha)) =
                    (cut.position.to_move() != root.to_move(), cut.alpha)
                {
                    if alpha > value && value > 0 {
                        seen += 1;
                        assert!(
                            reason.contains("already has a faster win elsewhere"),
                            "{reason}"
                        );
                        assert!(reason.contains("at least a slower loss"), "{reason}");
                    }
                }
            }
        }
        assert!(seen > 0, "such cuts happen");
    }

    #[test]
    fn a_cut_at_a_value_equal_to_the_bound_says_as_fast_or_as_slow() {
        let mut seen = 0;
        for root in [board("XO.X.O..."), board("X...O....")] {
            let max = root.to_move();
            for (cut, reason) in reasons(root) {
                let value = cut.value.unwrap_or_default();
                let bound = if cut.position.to_move() == max {
                    cut.beta
                } else {
                    cut.alpha
                };
                if value != 0 && bound == Bound::Finite(value) {
                    seen += 1;
                    assert!(
                        reason.contains("at least as fast a win (")
                            || reason.contains("at least as slow a loss ("),
                        "{reason}"
                    );
                }
            }
        }
        assert!(seen > 0, "such cuts happen");
    }

    #[test]
    fn speeds_by_name() {
        for speed in Speed::ALL {
            assert_eq!(Speed::from_name(speed.name()), Some(speed));
        }
        assert_eq!(Speed::from_name("Fast"), None);
        assert!(Speed::ALL
            .windows(2)
            .all(|pair| pair[0].interval_ms() > pair[1].interval_ms()));
    }
}
