//! The pseudocode beside the step-through: Russell and Norvig's ALPHA-BETA-SEARCH, MAX-VALUE and MIN-VALUE as
//! numbered lines ([`LISTING`]), and alpha-beta on a tree as those lines run, one [`PseudoStep`] a line. The trace
//! decides where the search goes; the variables are worked out by the lines themselves, and `tests/pseudocode.rs`
//! holds them equal to the trace's.

use crate::engine::{Bound, StepKind};
use crate::panels::number::bound_words;
use crate::panels::search_tree::SearchTree;
use crate::panels::textbook::TreeEvent;

/// One line of the pseudocode.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct PseudoLine {
    /// Its number, from 1: a page's `data-pseudo-line`.
    pub number: u8,
    /// How many levels it is indented.
    pub indent: u8,
    /// The line as the textbook writes it.
    pub text: &'static str,
    /// The line in words a screen reader says well.
    pub spoken: &'static str,
}

const fn line(number: u8, indent: u8, text: &'static str, spoken: &'static str) -> PseudoLine {
    PseudoLine {
        number,
        indent,
        text,
        spoken,
    }
}

/// Russell and Norvig's alpha-beta, line by line: the third edition's, fail-soft as the engine's trace (a node
/// returns v, the best value it saw, not the bound), with `s` for the state.
// One row a line of pseudocode, as the listing reads.
#[rustfmt::skip]
pub const LISTING: [PseudoLine; 19] = [
    line(1, 0, "function ALPHA-BETA-SEARCH(s) returns an action", "function alpha-beta search of s, returns an action"),
    line(2, 1, "v ← MAX-VALUE(s, −∞, +∞)", "v gets max-value of s, with alpha minus infinity and beta plus infinity"),
    line(3, 1, "return the action in ACTIONS(s) with value v", "return the action of s whose value is v"),
    line(4, 0, "function MAX-VALUE(s, α, β) returns a utility value", "function max-value of s, alpha and beta, returns a value"),
    line(5, 1, "if TERMINAL-TEST(s) then return UTILITY(s)", "if s is terminal, return its utility"),
    line(6, 1, "v ← −∞", "v gets minus infinity"),
    line(7, 1, "for each a in ACTIONS(s) do", "for each action a of s"),
    line(8, 2, "v ← MAX(v, MIN-VALUE(RESULT(s, a), α, β))", "v gets the larger of v and min-value of the result of a, with alpha and beta"),
    line(9, 2, "if v ≥ β then return v", "if v is at least beta, return v"),
    line(10, 2, "α ← MAX(α, v)", "alpha gets the larger of alpha and v"),
    line(11, 1, "return v", "return v"),
    line(12, 0, "function MIN-VALUE(s, α, β) returns a utility value", "function min-value of s, alpha and beta, returns a value"),
    line(13, 1, "if TERMINAL-TEST(s) then return UTILITY(s)", "if s is terminal, return its utility"),
    line(14, 1, "v ← +∞", "v gets plus infinity"),
    line(15, 1, "for each a in ACTIONS(s) do", "for each action a of s"),
    line(16, 2, "v ← MIN(v, MAX-VALUE(RESULT(s, a), α, β))", "v gets the smaller of v and max-value of the result of a, with alpha and beta"),
    line(17, 2, "if v ≤ α then return v", "if v is at most alpha, return v"),
    line(18, 2, "β ← MIN(β, v)", "beta gets the smaller of beta and v"),
    line(19, 1, "return v", "return v"),
];

/// What a step does, with what its sentence needs.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Happening {
    /// ALPHA-BETA-SEARCH(s) starts (line 1).
    Start,
    /// It calls MAX-VALUE on the root (line 2).
    CallRoot,
    /// MAX-VALUE or MIN-VALUE is entered with s, α and β (line 4 or 12): a `visit` event.
    Enter,
    /// The game is over at s (a leaf), so the function returns its utility (line 5 or 13): a `return` event.
    Terminal,
    /// The game goes on at s (line 5 or 13).
    NotTerminal,
    /// v starts at −∞ or +∞ (line 6 or 14).
    Initial,
    /// The loop takes its next action a (line 7 or 15), the `index`th of `count`, from 0.
    NextAction {
        /// Its place among the actions of s, from 0.
        index: u8,
        /// How many actions s has.
        count: u8,
    },
    /// The loop has no action left (line 7 or 15).
    NoActionLeft,
    /// The function calls the other one on RESULT(s, a) (line 8 or 16).
    Call,
    /// The call returned `child`: v takes the better of v (which was `before`) and it (line 8 or 16).
    Combine {
        /// The value the call returned.
        child: Bound,
        /// v before.
        before: Bound,
    },
    /// The test of line 9 or 17: whether v `reached` β (at MAX) or α (at MIN), with `left` actions not yet tried.
    /// With both, it is a `cut` event.
    Test {
        /// Whether v reached the bound.
        reached: bool,
        /// The actions of s after a.
        left: u8,
    },
    /// The function returns v at its bound (line 9 or 17): a `return` event.
    ReturnAtBound,
    /// α (at MAX) or β (at MIN) takes v if v is better (line 10 or 18); it was `before`.
    Narrow {
        /// α or β before.
        before: Bound,
    },
    /// The function returns v after its last action (line 11 or 19): a `return` event.
    Return,
    /// ALPHA-BETA-SEARCH has the root's value (line 2).
    RootValue,
    /// ALPHA-BETA-SEARCH returns the action of that value (line 3).
    Choose,
}

/// One line run: the line, the variables as they are once it has run, and the event of the trace it shows. Small
/// (the search from the empty board runs 167,916 lines), so indices are `u32` and actions `u8`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct PseudoStep {
    /// The line's number in [`LISTING`].
    pub line: u8,
    /// The node s of the function running: the index in the trace of its `visit` (lines 1 to 3: the root's).
    pub node: u32,
    /// v; `None` before the function sets it.
    pub v: Option<Bound>,
    /// α.
    pub alpha: Bound,
    /// β.
    pub beta: Bound,
    /// a, the action of the loop; `None` outside it.
    pub action: Option<u8>,
    /// The index in the trace of the event this step shows, if it shows one.
    pub event: Option<u32>,
    /// At a return (and at lines 2 and 3), the action whose value v is: the first child that gave v its value.
    pub chosen: Option<u8>,
    /// What the step does.
    pub happening: Happening,
}

/// Alpha-beta on one tree as the pseudocode runs it.
///
/// The steps restate a trace ([`TreeEvent`]s: the engine's for a position, the textbook search's for an abstract
/// tree): every event of the trace is one step (a visit is the line that enters MAX-VALUE or MIN-VALUE, a cut the
/// test that skips the actions left, a return the line that returns), and the steps between events are the lines
/// the listing runs between them. The trace decides which children are searched and where the search cuts. The
/// variables are worked out by the lines themselves, from the leaves' utilities up (v ← MAX(v, …),
/// α ← MAX(α, v)…), so that they show the lines at work; `tests/pseudocode.rs` holds them equal to the trace's α,
/// β and values at every event, and the lines' tests to the trace's choices, on every reachable 3x3 position with
/// six empty squares or fewer and on abstract trees.
///
/// The steps can be worked out a slice at a time ([`Pseudocode::start`], then [`Pseudocode::build`]): from the
/// empty board the listing runs 167,916 lines, more than a page can work out in one task without holding up its
/// clicks and paints. [`Pseudocode::new`] works them all out at once.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Pseudocode {
    tree: SearchTree,
    events: Vec<TreeEvent>,
    steps: Vec<PseudoStep>,
    /// For each event of the trace shown so far, the step that shows it.
    event_steps: Vec<usize>,
    /// Where the listing is, while steps are left to work out; `None` once every step is there.
    machine: Option<Machine>,
}

impl Pseudocode {
    /// The steps of the pseudocode on `tree`, whose alpha-beta trace is `events` ([`SearchTree::trace`]).
    pub fn new(tree: SearchTree, events: Vec<TreeEvent>) -> Pseudocode {
        let mut code = Pseudocode::start(tree, events);
        code.build(usize::MAX);
        code
    }

    /// The pseudocode on `tree`, whose trace is `events`, with no step worked out yet: [`Pseudocode::build`]
    /// works them out.
    pub fn start(tree: SearchTree, events: Vec<TreeEvent>) -> Pseudocode {
        let event_steps = vec![0; events.len()];
        Pseudocode {
            tree,
            events,
            steps: Vec::new(),
            event_steps,
            machine: Some(Machine {
                next: 0,
                calls: Vec::new(),
                resume: Resume::Start,
            }),
        }
    }

    /// Works out at least `lines` more steps (a few more: a line of the listing may make up to four), or all
    /// that are left; returns whether every step is there.
    pub fn build(&mut self, lines: usize) -> bool {
        let Some(mut machine) = self.machine.take() else {
            return true;
        };
        let target = self.steps.len().saturating_add(lines);
        let mut run = PseudocodeRun {
            tree: &self.tree,
            events: &self.events,
            steps: &mut self.steps,
            event_steps: &mut self.event_steps,
        };
        while run.steps.len() < target && machine.resume != Resume::Done {
            run.advance(&mut machine);
        }
        if machine.resume != Resume::Done {
            self.machine = Some(machine);
        }
        self.machine.is_none()
    }

    /// Whether every step is worked out.
    pub fn is_built(&self) -> bool {
        self.machine.is_none()
    }

    /// How many events of the trace have their step worked out: those before it, in order.
    pub fn events_shown(&self) -> usize {
        match &self.machine {
            None => self.events.len(),
            Some(machine) => machine.next,
        }
    }

    /// The tree.
    pub fn tree(&self) -> &SearchTree {
        &self.tree
    }

    /// The trace the steps restate.
    pub fn events(&self) -> &[TreeEvent] {
        &self.events
    }

    /// Every step, in order.
    pub fn steps(&self) -> &[PseudoStep] {
        &self.steps
    }

    /// The step that shows event `event` of the trace: where the pseudocode is when a step-through that goes an
    /// event at a time is at that event. (While steps are left to work out, only for an event before
    /// [`Pseudocode::events_shown`].)
    ///
    /// # Panics
    /// If the trace has no event `event`.
    pub fn step_of_event(&self, event: usize) -> usize {
        self.event_steps[event]
    }

    /// The last event of the trace shown at or before step `step`: where a step-through that goes an event at a
    /// time is while the pseudocode is at that step. `None` before the root's visit (lines 1 and 2).
    pub fn event_of_step(&self, step: usize) -> Option<usize> {
        self.steps[..=step]
            .iter()
            .rev()
            .find_map(|step| step.event)
            .map(|event| event as usize)
    }

    /// The path of the node s of step `step`.
    pub fn path(&self, step: usize) -> &[usize] {
        &self.events[self.steps[step].node as usize].path
    }

    /// The pruning test of step `step` in numbers, when it is one: "v = +3 ≥ β = +1", "v = 0 < β = +∞".
    pub fn condition(&self, step: usize) -> Option<String> {
        let step = &self.steps[step];
        let Happening::Test { reached, .. } = step.happening else {
            return None;
        };
        let v = bound_words(step.v.unwrap_or(Bound::NegInf));
        Some(match (step.line, reached) {
            (9, true) => format!("v = {v} ≥ β = {}", bound_words(step.beta)),
            (9, false) => format!("v = {v} < β = {}", bound_words(step.beta)),
            (_, true) => format!("v = {v} ≤ α = {}", bound_words(step.alpha)),
            (_, false) => format!("v = {v} > α = {}", bound_words(step.alpha)),
        })
    }

    /// The variables beside the line of step `step`, as the panel shows them: s, then v, α, β and a where they
    /// have a value.
    pub fn variables(&self, step: usize) -> Vec<(&'static str, String)> {
        let path = self.path(step);
        let step = &self.steps[step];
        let mut variables = vec![("s", self.tree.node_words(path))];
        if let Some(v) = step.v {
            variables.push(("v", bound_words(v)));
        }
        variables.push(("α", bound_words(step.alpha)));
        variables.push(("β", bound_words(step.beta)));
        if let Some(action) = step.action {
            variables.push(("a", self.tree.action_words(path, usize::from(action))));
        }
        variables
    }
}

/// A number of actions or an action, stored small: a 3x3 board has nine cells, an abstract tree four children.
fn small(count: usize) -> u8 {
    u8::try_from(count).unwrap_or(u8::MAX)
}

/// An index into a trace, stored small: the longest, from the empty 3x3 board, has 46,588 events.
fn index(at: usize) -> u32 {
    u32::try_from(at).unwrap_or(u32::MAX)
}

/// The words of the steps, for the panel and for screen readers.
impl Pseudocode {
    /// What step `step` does, in a sentence that starts with its line: "Line 9: v = +3 ≥ β = +1: the other
    /// replies here are skipped."
    pub fn sentence(&self, step: usize) -> String {
        let at = &self.steps[step];
        let path = self.path(step);
        let function = match (at.line, path.len() % 2) {
            (1..=3, _) => "ALPHA-BETA-SEARCH",
            (_, 0) => "MAX-VALUE",
            _ => "MIN-VALUE",
        };
        let words = match at.happening {
            Happening::Start => format!(
                "ALPHA-BETA-SEARCH starts from {}, where {} is MAX.",
                self.tree.node_words(&[]),
                self.tree.max_name()
            ),
            Happening::CallRoot => format!(
                "it calls MAX-VALUE on {} with α = −∞ and β = +∞.",
                self.tree.node_words(&[])
            ),
            Happening::Enter => format!(
                "{function} is called on s = {}, with α = {} and β = {}.",
                self.tree.node_words(path),
                bound_words(at.alpha),
                bound_words(at.beta)
            ),
            Happening::Terminal => format!(
                "{}, so {function} returns UTILITY(s) = {}.",
                self.over(path),
                value_words(at.v)
            ),
            Happening::NotTerminal => format!("{}.", self.goes_on(path)),
            Happening::Initial => format!("v ← {}.", value_words(at.v)),
            _ => self.loop_sentence(step, function),
        };
        format!("Line {}: {words}", at.line)
    }

    /// [`Pseudocode::sentence`] of a step of the loop or of the end of the search, after "Line n: ".
    fn loop_sentence(&self, step: usize, function: &str) -> String {
        let at = &self.steps[step];
        let path = self.path(step);
        let action = |action: Option<u8>| {
            action.map_or_else(String::new, |action| {
                self.tree.action_words(path, usize::from(action))
            })
        };
        let child = |action: Option<u8>| {
            action.map_or_else(String::new, |action| {
                self.tree.child_words(path, usize::from(action))
            })
        };
        let max = path.len() % 2 == 0;
        let (bound, better) = if max { ("α", "MAX") } else { ("β", "MIN") };
        match at.happening {
            Happening::NextAction { index, count } => format!(
                "a = {}, the {} of the {count} actions of s.",
                action(at.action),
                ordinal(index, count)
            ),
            Happening::NoActionLeft => "no action of s is left.".to_owned(),
            Happening::Call => format!(
                "{function} calls {} on RESULT(s, a), with α = {} and β = {}.",
                if max { "MIN-VALUE" } else { "MAX-VALUE" },
                bound_words(at.alpha),
                bound_words(at.beta)
            ),
            Happening::Combine { child, before } => format!(
                "the call returned {}, so v ← {better}({}, {}) = {}.",
                bound_words(child),
                bound_words(before),
                bound_words(child),
                value_words(at.v)
            ),
            Happening::Test { reached, left } => self.test_sentence(step, reached, left),
            Happening::ReturnAtBound | Happening::Return => format!(
                "{function} returns v = {}, the value of {}.",
                value_words(at.v),
                child(at.chosen)
            ),
            Happening::Narrow { before } => {
                let now = if max { at.alpha } else { at.beta };
                let same = if now == before { ", unchanged" } else { "" };
                let (before, v, now) = (bound_words(before), value_words(at.v), bound_words(now));
                format!("{bound} ← {better}({before}, {v}) = {now}{same}.")
            }
            Happening::RootValue => format!(
                "v ← {}, the value of {} for {}.",
                value_words(at.v),
                self.tree.node_words(&[]),
                self.tree.max_name()
            ),
            Happening::Choose => format!(
                "the search returns the action with value {}, {}.",
                value_words(at.v),
                child(at.chosen)
            ),
            _ => String::new(),
        }
    }

    /// [`Pseudocode::sentence`] of the test of line 9 or 17, after "Line n: ".
    fn test_sentence(&self, step: usize, reached: bool, left: u8) -> String {
        let condition = self.condition(step).unwrap_or_default();
        match (reached, left) {
            (true, 0) => format!("{condition}, with no action left to skip."),
            (true, _) => format!(
                "{condition}: the other {} here are skipped.",
                self.tree.children_word(self.path(step))
            ),
            (false, _) => format!("{condition}: the search goes on."),
        }
    }

    /// "The game is over at s" on a board, "s is a leaf" in an abstract tree.
    fn over(&self, path: &[usize]) -> &'static str {
        match self.tree.position(path) {
            Some(_) => "the game is over at s",
            None => "s is a leaf",
        }
    }

    /// "The game goes on at s" on a board, "s is not a leaf" in an abstract tree.
    fn goes_on(&self, path: &[usize]) -> &'static str {
        match self.tree.position(path) {
            Some(_) => "the game goes on at s",
            None => "s is not a leaf",
        }
    }
}

/// v in words: "−∞" before any child returned, else the value.
fn value_words(v: Option<Bound>) -> String {
    v.map_or_else(String::new, bound_words)
}

/// The place of the `index`th of `count` actions: "first", "second", …, "last".
fn ordinal(index: u8, count: u8) -> &'static str {
    const PLACES: [&str; 9] = [
        "first", "second", "third", "fourth", "fifth", "sixth", "seventh", "eighth", "ninth",
    ];
    if index + 1 == count && count > 1 {
        "last"
    } else {
        PLACES.get(usize::from(index)).copied().unwrap_or("next")
    }
}

/// Where the listing is between two slices of [`Pseudocode::build`]: the next event of the trace, the calls of
/// MAX-VALUE and MIN-VALUE under way (the innermost last), and what comes next. The recursion of the textbook's
/// functions is kept in `calls`, so that the run can stop after any line and go on later.
#[derive(Clone, Debug, PartialEq, Eq)]
struct Machine {
    next: usize,
    calls: Vec<Call>,
    resume: Resume,
}

/// A call of MAX-VALUE or MIN-VALUE under way, in its loop over the actions of s.
#[derive(Clone, Debug, PartialEq, Eq)]
struct Call {
    frame: Frame,
    /// ACTIONS(s), in the order they are tried.
    actions: Vec<usize>,
    /// The function's first line: 4 (MAX-VALUE) or 12 (MIN-VALUE).
    base: u8,
}

/// What the run does next.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Resume {
    /// ALPHA-BETA-SEARCH starts (lines 1 and 2).
    Start,
    /// MAX-VALUE (`max`) or MIN-VALUE is called on the node the trace visits next, with α and β.
    Enter {
        alpha: Bound,
        beta: Bound,
        max: bool,
    },
    /// The innermost call is at the top of its loop (line 7 or 15).
    Loop,
    /// The innermost call returned `value` to its caller (ALPHA-BETA-SEARCH, when no call is left), `chosen`
    /// being the action that gave it its value.
    Returned { value: Bound, chosen: Option<usize> },
    /// ALPHA-BETA-SEARCH has returned: every step is there.
    Done,
}

/// The pseudocode running over a trace: the tree, the trace, and the steps so far.
struct PseudocodeRun<'r> {
    tree: &'r SearchTree,
    events: &'r [TreeEvent],
    steps: &'r mut Vec<PseudoStep>,
    event_steps: &'r mut Vec<usize>,
}

/// The variables of one call of MAX-VALUE or MIN-VALUE.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Frame {
    /// The index of its node's visit.
    node: usize,
    max: bool,
    v: Option<Bound>,
    alpha: Bound,
    beta: Bound,
    action: Option<usize>,
    chosen: Option<usize>,
}

impl Frame {
    /// The frame of ALPHA-BETA-SEARCH on the root: the window (−∞, +∞), nothing chosen.
    const ROOT: Frame = Frame {
        node: 0,
        max: true,
        v: None,
        alpha: Bound::NegInf,
        beta: Bound::PosInf,
        action: None,
        chosen: None,
    };

    /// The value the function returns: v, which is a number once an action's value is in.
    fn value(&self) -> Bound {
        self.v.unwrap_or(Bound::Finite(0))
    }
}

impl PseudocodeRun<'_> {
    /// The event the trace is at, if it is of `kind`: taken, and its index given.
    fn take(&self, machine: &mut Machine, kind: StepKind) -> Option<usize> {
        let at = machine.next;
        let taken = self.events.get(at).is_some_and(|event| event.kind == kind);
        machine.next += usize::from(taken);
        taken.then_some(at)
    }

    fn push(&mut self, frame: &Frame, line: u8, happening: Happening, event: Option<usize>) {
        if let Some(event) = event {
            self.event_steps[event] = self.steps.len();
        }
        self.steps.push(PseudoStep {
            line,
            node: index(frame.node),
            v: frame.v,
            alpha: frame.alpha,
            beta: frame.beta,
            action: frame.action.map(small),
            event: event.map(index),
            chosen: frame.chosen.map(small),
            happening,
        });
    }

    /// One move of the run: a few lines, up to the next place it can stop.
    fn advance(&mut self, machine: &mut Machine) {
        match machine.resume {
            Resume::Start => {
                self.push(&Frame::ROOT, 1, Happening::Start, None);
                self.push(&Frame::ROOT, 2, Happening::CallRoot, None);
                machine.resume = Resume::Enter {
                    alpha: Bound::NegInf,
                    beta: Bound::PosInf,
                    max: true,
                };
            }
            Resume::Enter { alpha, beta, max } => self.enter(machine, alpha, beta, max),
            Resume::Loop => self.loop_head(machine),
            Resume::Returned { value, chosen } => self.returned(machine, value, chosen),
            Resume::Done => {}
        }
    }

    /// MAX-VALUE (`max`) or MIN-VALUE is called with α and β on the node the trace visits next: lines 4 to 6 (12
    /// to 14), or the return of a terminal node's utility.
    fn enter(&mut self, machine: &mut Machine, alpha: Bound, beta: Bound, max: bool) {
        let node = machine.next;
        let visit = self.take(machine, StepKind::Visit);
        let path = self
            .events
            .get(node)
            .map_or(&[][..], |event| &event.path[..]);
        let actions = self.tree.actions(path);
        let base = if max { 4 } else { 12 };
        let mut frame = Frame {
            node,
            max,
            v: None,
            alpha,
            beta,
            action: None,
            chosen: None,
        };
        self.push(&frame, base, Happening::Enter, visit);
        if actions.is_empty() {
            let ret = self.take(machine, StepKind::Return);
            let utility = ret
                .and_then(|ret| self.events[ret].value)
                .unwrap_or(Bound::Finite(0));
            frame.v = Some(utility);
            self.push(&frame, base + 1, Happening::Terminal, ret);
            machine.resume = Resume::Returned {
                value: utility,
                chosen: None,
            };
            return;
        }
        self.push(&frame, base + 1, Happening::NotTerminal, None);
        frame.v = Some(if max { Bound::NegInf } else { Bound::PosInf });
        self.push(&frame, base + 2, Happening::Initial, None);
        machine.calls.push(Call {
            frame,
            actions,
            base,
        });
        machine.resume = Resume::Loop;
    }

    /// The top of the innermost call's loop (line 7 or 15): the next action the trace visits, and the call on
    /// its result; or, with none left, the return of line 11 or 19.
    fn loop_head(&mut self, machine: &mut Machine) {
        let upcoming = self.events.get(machine.next).map(|event| event.kind);
        let Some(mut call) = machine.calls.pop() else {
            machine.resume = Resume::Done;
            return;
        };
        let base = call.base;
        if upcoming == Some(StepKind::Visit) {
            let action = self.events[machine.next]
                .path
                .last()
                .copied()
                .unwrap_or_default();
            let index = call
                .actions
                .iter()
                .position(|&a| a == action)
                .unwrap_or_default();
            call.frame.action = Some(action);
            let next = Happening::NextAction {
                index: small(index),
                count: small(call.actions.len()),
            };
            self.push(&call.frame, base + 3, next, None);
            self.push(&call.frame, base + 4, Happening::Call, None);
            machine.resume = Resume::Enter {
                alpha: call.frame.alpha,
                beta: call.frame.beta,
                max: !call.frame.max,
            };
            machine.calls.push(call);
            return;
        }
        call.frame.action = None;
        self.push(&call.frame, base + 3, Happening::NoActionLeft, None);
        let ret = self.take(machine, StepKind::Return);
        self.push(&call.frame, base + 7, Happening::Return, ret);
        machine.resume = Resume::Returned {
            value: call.frame.value(),
            chosen: call.frame.chosen,
        };
    }

    /// A call returned `value` to the innermost call under way, at line 8 or 16 (or, with none left, to
    /// ALPHA-BETA-SEARCH at line 2, `chosen` being the root's action of that value).
    fn returned(&mut self, machine: &mut Machine, value: Bound, chosen: Option<usize>) {
        let Some(mut call) = machine.calls.pop() else {
            let mut frame = Frame {
                v: Some(value),
                chosen,
                ..Frame::ROOT
            };
            self.push(&frame, 2, Happening::RootValue, None);
            frame.action = chosen;
            self.push(&frame, 3, Happening::Choose, None);
            machine.resume = Resume::Done;
            return;
        };
        let index = call
            .actions
            .iter()
            .position(|&a| Some(a) == call.frame.action)
            .unwrap_or_default();
        let left = call.actions.len() - index - 1;
        let base = call.base;
        if self.combine_and_test(machine, &mut call.frame, value, left, base) {
            machine.resume = Resume::Returned {
                value: call.frame.value(),
                chosen: call.frame.chosen,
            };
            return;
        }
        let frame = &mut call.frame;
        let before = if frame.max {
            let before = frame.alpha;
            frame.alpha = before.max(frame.v.unwrap_or(Bound::NegInf));
            before
        } else {
            let before = frame.beta;
            frame.beta = before.min(frame.v.unwrap_or(Bound::PosInf));
            before
        };
        self.push(&call.frame, base + 6, Happening::Narrow { before }, None);
        machine.calls.push(call);
        machine.resume = Resume::Loop;
    }

    /// Lines 8 and 9 (16 and 17 at MIN) once the call on a's result returned `child`, with `left` actions after a:
    /// v takes the better of v and `child`, and the test of v against the bound. Whether the function returned
    /// there.
    fn combine_and_test(
        &mut self,
        machine: &mut Machine,
        frame: &mut Frame,
        child: Bound,
        left: usize,
        base: u8,
    ) -> bool {
        let before = frame.v.unwrap_or(Bound::NegInf);
        let better = if frame.max {
            child > before
        } else {
            child < before
        };
        if better {
            frame.v = Some(child);
            frame.chosen = frame.action;
        }
        self.push(frame, base + 4, Happening::Combine { child, before }, None);
        let v = frame.v.unwrap_or(Bound::NegInf);
        let reached = if frame.max {
            v >= frame.beta
        } else {
            v <= frame.alpha
        };
        let cut = self.take(machine, StepKind::Cut);
        let test = Happening::Test {
            reached,
            left: small(left),
        };
        self.push(frame, base + 5, test, cut);
        // The trace decides: a cut, or a return after the last action; the tests hold the lines to it.
        let returned = reached && (cut.is_some() || left == 0);
        if returned {
            let ret = self.take(machine, StepKind::Return);
            self.push(frame, base + 5, Happening::ReturnAtBound, ret);
        }
        returned
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::panels::search_tree::AbstractTree;

    #[test]
    fn worked_out_a_slice_at_a_time_the_steps_are_those_worked_out_at_once() {
        let trees = [
            SearchTree::whole("X...O....".parse().unwrap()),
            SearchTree::whole("XOXXOO...".parse().unwrap()),
            SearchTree::whole("XXXOO....".parse().unwrap()),
            SearchTree::Abstract(AbstractTree::new(3, 3, 7).unwrap()),
        ];
        for tree in trees {
            let whole = Pseudocode::new(tree.clone(), tree.trace());
            assert!(whole.is_built());
            assert_eq!(whole.events_shown(), whole.events().len());
            for slice in [1, 2, 7, 100] {
                let mut code = Pseudocode::start(tree.clone(), tree.trace());
                assert_eq!((code.steps().len(), code.events_shown()), (0, 0));
                let mut slices = 0;
                while !code.build(slice) {
                    slices += 1;
                    // Every event shown so far has its step (the last event comes a few lines before the end).
                    let shown = code.events_shown();
                    assert!(shown <= code.events().len());
                    if let Some(last) = shown.checked_sub(1) {
                        let step = code.steps()[code.step_of_event(last)];
                        assert_eq!(step.event, Some(index(last)));
                    }
                }
                assert_eq!(code, whole, "{tree:?} in slices of {slice}");
                assert!(
                    slices >= whole.steps().len() / (slice + 4),
                    "{slices} slices"
                );
            }
        }
    }
}
