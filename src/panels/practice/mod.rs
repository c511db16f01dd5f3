//! "Practise alpha-beta": the exercise's state and its checking, without the page. The reader works alpha-beta
//! out by hand on a 3x3 position or an abstract tree: each visited node's value, the branches it prunes, and, in
//! the harder mode, α and β. Every answer is read off the tree's trace ([`SearchTree::trace`]): nothing here
//! computes a value the trace does not state.

mod sheet;
mod words;

pub use crate::panels::number::{Number, ParseNumberError};
pub use sheet::{NodeView, PracticeControl, Practising, Sheet, Subject, Unavailable};

use crate::engine::{Board, Bound, Status, StepKind};
use crate::game::square_name;
use crate::panels::search_tree::{AbstractTree, NodeId, SearchTree};
use crate::panels::textbook::TreeEvent;
use std::collections::HashMap;
use std::fmt;

/// What the exercise asks at each visited node.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Asked {
    /// Values and pruned branches.
    Values,
    /// Values, pruned branches, and α and β at each visit of a node with children.
    ValuesAndWindows,
}

/// An answer a node can be given a number for.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Field {
    /// The value the node returns.
    Value,
    /// α as the node is visited.
    Alpha,
    /// β as the node is visited.
    Beta,
}

impl Field {
    /// Every field, in the order a node shows them.
    pub const ALL: [Field; 3] = [Field::Value, Field::Alpha, Field::Beta];

    /// The field's name, as a page's `data-field` spells it: `value`, `alpha` or `beta`.
    pub const fn name(self) -> &'static str {
        match self {
            Field::Value => "value",
            Field::Alpha => "alpha",
            Field::Beta => "beta",
        }
    }

    /// The field named `name` (see [`Field::name`]).
    pub fn from_name(name: &str) -> Option<Field> {
        Field::ALL.into_iter().find(|field| field.name() == name)
    }

    /// The field's symbol in sentences: "v", "α" or "β".
    pub const fn symbol(self) -> &'static str {
        match self {
            Field::Value => "v",
            Field::Alpha => "α",
            Field::Beta => "β",
        }
    }
}

/// What the reader has said of one node.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct Answer {
    /// The value the node returns.
    pub value: Option<Number>,
    /// α as it is visited.
    pub alpha: Option<Number>,
    /// β as it is visited.
    pub beta: Option<Number>,
    /// Whether the branch into the node is skipped. A node marked pruned has no numbers.
    pub pruned: bool,
}

impl Answer {
    /// The number given for `field`.
    pub fn get(&self, field: Field) -> Option<Number> {
        match field {
            Field::Value => self.value,
            Field::Alpha => self.alpha,
            Field::Beta => self.beta,
        }
    }

    fn set(&mut self, field: Field, number: Option<Number>) {
        match field {
            Field::Value => self.value = number,
            Field::Alpha => self.alpha = number,
            Field::Beta => self.beta = number,
        }
    }

    /// Whether any number is given.
    fn has_numbers(&self) -> bool {
        Field::ALL.iter().any(|&field| self.get(field).is_some())
    }
}

/// Why a position cannot be practised on.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum NotPractisable {
    /// The game is over: there is nothing to search.
    GameOver,
}

impl fmt::Display for NotPractisable {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            NotPractisable::GameOver => f.write_str(
                "The game is over here: there is no search to practise on. Start a new game, or practise on a \
                 tree.",
            ),
        }
    }
}

impl std::error::Error for NotPractisable {}

/// Why an answer was not taken.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum AnswerError {
    /// The tree has no such node.
    NoSuchNode(NodeId),
    /// The tree gives this node's value (an abstract tree's leaf).
    GivenValue(NodeId),
    /// α and β are asked only in the harder mode, at nodes with children.
    NotAsked(NodeId, Field),
    /// The root is always searched.
    RootPruned,
}

impl fmt::Display for AnswerError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            AnswerError::NoSuchNode(node) => write!(f, "this tree has no node \"{node}\""),
            AnswerError::GivenValue(node) => {
                write!(f, "node {node} is a leaf: the tree gives its value")
            }
            AnswerError::NotAsked(node, field) => write!(
                f,
                "{} is not asked at node \"{node}\": α and β are asked in the harder mode, at nodes with children",
                field.symbol()
            ),
            AnswerError::RootPruned => f.write_str("the root is always searched: it cannot be pruned"),
        }
    }
}

impl std::error::Error for AnswerError {}

/// Right or wrong: a page's `data-verdict`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Verdict {
    /// Everything answered is right.
    Right,
    /// Something answered is wrong.
    Wrong,
}

impl Verdict {
    /// The verdict as `data-verdict` spells it: `right` or `wrong`.
    pub const fn as_str(self) -> &'static str {
        match self {
            Verdict::Right => "right",
            Verdict::Wrong => "wrong",
        }
    }
}

/// What a mistake is about.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum MistakeKind {
    /// The node's value.
    Value,
    /// α at its visit.
    Alpha,
    /// β at its visit.
    Beta,
    /// The node cuts, and some of the children it skips are not marked pruned.
    MissedCut,
    /// This child of the node is marked pruned, but the node searches it.
    WrongCut(NodeId),
    /// The node is given a number, but alpha-beta never reaches it.
    NeverReached,
}

/// One mistake, explained by the event of the trace that decides it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Mistake {
    /// The node whose answer it is.
    pub node: NodeId,
    /// What is wrong.
    pub kind: MistakeKind,
    /// The index in the trace of the event that decides it, for a step-through to open on.
    pub event: usize,
    /// The event in a sentence, and what the reader said: "At this node β = +1 when … — you marked them as
    /// searched."
    pub sentence: String,
}

/// The score: the nodes the reader answered, right and wrong, and those left; blanks are not mistakes.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Progress {
    /// Nodes that ask something, answered completely and right (shown ones apart).
    pub right: usize,
    /// Nodes answered with a mistake: a node that asks something, answered completely, or one alpha-beta never
    /// reaches, given a number.
    pub wrong: usize,
    /// Nodes that ask something and are not answered completely yet.
    pub left: usize,
    /// Nodes whose answers were shown.
    pub shown: usize,
}

impl Progress {
    /// The nodes answered, right or wrong.
    pub fn answered(&self) -> usize {
        self.right + self.wrong
    }
}

/// "9 answered: 7 right, 2 wrong; 6 to go", and ", 2 shown" when answers were shown.
impl fmt::Display for Progress {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "{} answered: {} right, {} wrong; {} to go",
            self.answered(),
            self.right,
            self.wrong,
            self.left
        )?;
        if self.shown > 0 {
            write!(f, ", {} shown", self.shown)?;
        }
        Ok(())
    }
}

/// What "Check" found.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Checked {
    /// Every answered node's verdict, in the tree's order (a node marked pruned is judged as a branch).
    pub verdicts: Vec<(NodeId, Verdict)>,
    /// The branches judged: each child of an answered node that is marked pruned or that alpha-beta skips.
    pub branches: Vec<(NodeId, Verdict)>,
    /// Every mistake, in the tree's order.
    pub mistakes: Vec<Mistake>,
    /// The score.
    pub score: Progress,
}

/// What "Show this node" showed.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Revealed {
    /// The node whose answers were filled in: the node asked about, or, for a node alpha-beta never reaches, the
    /// node whose cut skips it.
    pub node: NodeId,
    /// Why its answers are what they are, in a sentence.
    pub sentence: String,
}

/// What a panel shows of one node.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PracticeNode {
    /// Its name, for `data-node`.
    pub id: NodeId,
    /// Whether MAX moves there.
    pub max: bool,
    /// Its position, on a board: `data-position`. Two lines of play can reach one position, which is then two nodes
    /// of the tree that alpha-beta may visit with different windows: the node's name is its `id`.
    pub position: Option<Board>,
    /// Its value, when the tree gives it (a leaf's).
    pub given: Option<Bound>,
    /// Whether it has children.
    pub has_children: bool,
    /// Which of its fields take a number (whatever alpha-beta does there: the page must not give that away).
    pub fields: Vec<Field>,
    /// What the reader has said of it.
    pub answer: Answer,
    /// Whether a branch above it is marked pruned, which takes it out of the reader's search.
    pub covered: bool,
    /// Whether its answers were shown.
    pub shown: bool,
    /// Its words for a screen reader: "node 0.2, a MIN node" or "O in row 3, column 1, a MAX node".
    pub label: String,
}

/// What the trace says of one node of the tree.
#[derive(Clone, Debug)]
struct TracedNode {
    id: NodeId,
    /// Its position, on a board.
    position: Option<Board>,
    /// Its words for a screen reader (see [`PracticeNode::label`]).
    label: String,
    parent: Option<usize>,
    /// Its children, in the order of their actions.
    children: Vec<usize>,
    /// The events at the node: its visit, its cut, its return.
    visit: Option<usize>,
    cut: Option<usize>,
    ret: Option<usize>,
}

impl TracedNode {
    fn visited(&self) -> bool {
        self.visit.is_some()
    }
}

/// One exercise: the tree, its trace, and the reader's answers.
#[derive(Clone, Debug)]
pub struct Exercise {
    tree: SearchTree,
    mode: Asked,
    events: Vec<TreeEvent>,
    /// Every node, depth first, each before its children.
    nodes: Vec<TracedNode>,
    index: HashMap<NodeId, usize>,
    answers: Vec<Answer>,
    shown: Vec<bool>,
}

impl Exercise {
    /// The most values an exercise on a position asks for, as it opens: a lesson's worth, which fits a screen.
    pub const MOST_VALUES: usize = 30;

    /// The exercise on the 3x3 position `board`, its tree cut as deep as it can be while alpha-beta visits at most
    /// [`Exercise::MOST_VALUES`] nodes with moves below them (each asks a value); the positions at the cut are
    /// leaves, their values given. One level is always there, however many values that asks.
    ///
    /// # Errors
    /// [`NotPractisable::GameOver`] when the game is over: there is nothing to search.
    pub fn on_position(board: Board, mode: Asked) -> Result<Exercise, NotPractisable> {
        let mut exercise = Exercise::at_levels(board, 1, mode)?;
        for levels in 2..=(9 - board.marks()) as u32 {
            let deeper = Exercise::new(SearchTree::Position(board, levels), mode);
            if deeper.values_asked() > Exercise::MOST_VALUES {
                break;
            }
            exercise = deeper;
        }
        Ok(exercise)
    }

    /// The exercise on the 3x3 position `board` cut `levels` moves below it (at least 1; the number of its empty
    /// squares or more is the whole tree).
    ///
    /// # Errors
    /// [`NotPractisable::GameOver`] when the game is over.
    pub fn at_levels(board: Board, levels: u32, mode: Asked) -> Result<Exercise, NotPractisable> {
        if board.status() != Status::InProgress {
            return Err(NotPractisable::GameOver);
        }
        let levels = levels.clamp(1, (9 - board.marks()) as u32);
        Ok(Exercise::new(SearchTree::Position(board, levels), mode))
    }

    /// How many nodes ask for a value: those alpha-beta visits that have moves below them.
    pub fn values_asked(&self) -> usize {
        (0..self.nodes.len())
            .filter(|&at| self.nodes[at].visited() && self.fields(at).contains(&Field::Value))
            .count()
    }

    /// On a position: the levels its tree is cut at, and the most it can have (the whole tree).
    pub fn levels(&self) -> Option<(u32, u32)> {
        match &self.tree {
            SearchTree::Position(board, levels) => Some((*levels, (9 - board.marks()) as u32)),
            SearchTree::Abstract(_) => None,
        }
    }

    /// The exercise on the abstract tree `tree`.
    pub fn on_tree(tree: AbstractTree, mode: Asked) -> Exercise {
        Exercise::new(SearchTree::Abstract(tree), mode)
    }

    fn new(tree: SearchTree, mode: Asked) -> Exercise {
        let events = tree.trace();
        let ids = tree.nodes_with_positions();
        let index: HashMap<NodeId, usize> = ids
            .iter()
            .enumerate()
            .map(|(at, (id, _))| (id.clone(), at))
            .collect();
        let parent_of = |id: &NodeId| {
            id.0.split_last()
                .map(|(_, above)| index[&NodeId(above.to_vec())])
        };
        let mut nodes: Vec<TracedNode> = ids
            .iter()
            .map(|(id, position)| TracedNode {
                id: id.clone(),
                position: *position,
                label: label(&tree, id, parent_of(id).and_then(|parent| ids[parent].1)),
                parent: parent_of(id),
                children: Vec::new(),
                visit: None,
                cut: None,
                ret: None,
            })
            .collect();
        for at in 0..nodes.len() {
            if let Some(parent) = nodes[at].parent {
                nodes[parent].children.push(at);
            }
        }
        for (at, event) in events.iter().enumerate() {
            let node = &mut nodes[index[&NodeId(event.path.clone())]];
            let slot = match event.kind {
                StepKind::Visit => &mut node.visit,
                StepKind::Cut => &mut node.cut,
                StepKind::Return => &mut node.ret,
            };
            *slot = Some(at);
        }
        let count = nodes.len();
        Exercise {
            tree,
            mode,
            events,
            nodes,
            index,
            answers: vec![Answer::default(); count],
            shown: vec![false; count],
        }
    }

    /// The tree.
    pub fn tree(&self) -> &SearchTree {
        &self.tree
    }

    /// What is asked.
    pub fn mode(&self) -> Asked {
        self.mode
    }

    /// Alpha-beta's events on the tree, which decide every answer: for a step-through of the solution.
    pub fn trace(&self) -> &[TreeEvent] {
        &self.events
    }

    fn at(&self, node: &NodeId) -> Result<usize, AnswerError> {
        self.index
            .get(node)
            .copied()
            .ok_or_else(|| AnswerError::NoSuchNode(node.clone()))
    }

    /// The fields of node `at` that take a number.
    fn fields(&self, at: usize) -> Vec<Field> {
        let path = self.nodes[at].id.path();
        let mut fields = Vec::new();
        if self.tree.given_value(path).is_none() {
            fields.push(Field::Value);
        }
        if self.mode == Asked::ValuesAndWindows && !self.nodes[at].children.is_empty() {
            fields.extend([Field::Alpha, Field::Beta]);
        }
        fields
    }

    /// Whether a strict ancestor of node `at` is marked pruned.
    fn covered(&self, at: usize) -> bool {
        let mut above = self.nodes[at].parent;
        while let Some(node) = above {
            if self.answers[node].pruned {
                return true;
            }
            above = self.nodes[node].parent;
        }
        false
    }

    /// Gives `node` the number `number` for `field` (`None` clears it); a node given a number is no longer marked
    /// pruned.
    ///
    /// # Errors
    /// [`AnswerError`] when the tree has no such node or the node does not ask that field.
    pub fn answer(
        &mut self,
        node: &NodeId,
        field: Field,
        number: Option<Number>,
    ) -> Result<(), AnswerError> {
        let at = self.at(node)?;
        if !self.fields(at).contains(&field) {
            return Err(match field {
                Field::Value => AnswerError::GivenValue(node.clone()),
                _ => AnswerError::NotAsked(node.clone(), field),
            });
        }
        let answer = &mut self.answers[at];
        answer.set(field, number);
        if number.is_some() {
            answer.pruned = false;
        }
        Ok(())
    }

    /// Marks the branch into `node` pruned, or not; a node marked pruned loses its numbers.
    ///
    /// # Errors
    /// [`AnswerError`] when the tree has no such node, or it is the root.
    pub fn mark_pruned(&mut self, node: &NodeId, pruned: bool) -> Result<(), AnswerError> {
        let at = self.at(node)?;
        if at == 0 {
            return Err(AnswerError::RootPruned);
        }
        let answer = &mut self.answers[at];
        if pruned {
            *answer = Answer {
                pruned: true,
                ..Answer::default()
            };
        } else {
            answer.pruned = false;
        }
        Ok(())
    }

    /// What the reader has said of `node`.
    pub fn answer_of(&self, node: &NodeId) -> Option<Answer> {
        self.index.get(node).map(|&at| self.answers[at])
    }

    /// Every node as a panel shows it, depth first, each before its children.
    pub fn nodes(&self) -> Vec<PracticeNode> {
        (0..self.nodes.len())
            .map(|at| {
                let node = &self.nodes[at];
                let path = node.id.path();
                PracticeNode {
                    id: node.id.clone(),
                    max: path.len() % 2 == 0,
                    position: node.position,
                    given: self.tree.given_value(path),
                    has_children: !node.children.is_empty(),
                    fields: self.fields(at),
                    answer: self.answers[at],
                    covered: self.covered(at),
                    shown: self.shown[at],
                    label: node.label.clone(),
                }
            })
            .collect()
    }
}

/// The words of node `id` of `tree` for a screen reader, `above` being its parent's position on a board: "node
/// 0.2, a MIN node", "O in row 3, column 1, a MAX node".
fn label(tree: &SearchTree, id: &NodeId, above: Option<Board>) -> String {
    let path = id.path();
    let role = if path.len() % 2 == 0 {
        "a MAX node"
    } else {
        "a MIN node"
    };
    match (above, path.last()) {
        (Some(above), Some(&cell)) => {
            format!(
                "{} in {}, {role}",
                above.to_move().name(),
                square_name(above.shape(), cell)
            )
        }
        _ => format!("{}, {role}", tree.node_words(path)),
    }
}

/// Checking, showing and the solution.
impl Exercise {
    /// Whether node `at` asks something: it is visited and has a field.
    fn asks(&self, at: usize) -> bool {
        self.nodes[at].visited() && !self.fields(at).is_empty()
    }

    /// The right number for `field` at visited node `at`, as the trace says it.
    fn truth(&self, at: usize, field: Field) -> Option<Number> {
        let node = &self.nodes[at];
        match field {
            Field::Value => node.ret.and_then(|ret| self.events[ret].value).map(Number),
            Field::Alpha => node.visit.map(|visit| Number(self.events[visit].alpha)),
            Field::Beta => node.visit.map(|visit| Number(self.events[visit].beta)),
        }
    }

    /// Gives every answered node its verdict and explains every mistake, each with the event of the trace that
    /// decides it.
    ///
    /// What is asked, and how it is judged:
    /// - A node alpha-beta visits asks for its value (the value it returns), unless the tree gives it (an abstract
    ///   tree's leaves); in the harder mode a visited node with children also asks for α and β as it is visited.
    /// - The reader marks a node pruned to say that the branch into it is skipped. The marks on a node's children
    ///   belong to that node's answer: it is right when every child it skips is marked and no child it searches
    ///   is. A node under a branch the reader marked pruned is out of the reader's search, and its answers are
    ///   ignored.
    /// - A node is right when everything it asks is answered and right; a node with some answers, all right, gets
    ///   the verdict "right" but counts only once complete. A node alpha-beta never reaches asks nothing; a value
    ///   entered there is a mistake.
    /// - The score ([`Progress`]) counts the nodes that ask something, shown answers apart.
    pub fn check(&self) -> Checked {
        let mut checked = Checked {
            verdicts: Vec::new(),
            branches: Vec::new(),
            mistakes: Vec::new(),
            score: Progress {
                right: 0,
                wrong: 0,
                left: 0,
                shown: 0,
            },
        };
        for at in 0..self.nodes.len() {
            let complete = self
                .fields(at)
                .iter()
                .all(|&field| self.answers[at].get(field).is_some());
            if self.asks(at) {
                if self.shown[at] {
                    checked.score.shown += 1;
                } else if !complete || self.covered(at) {
                    checked.score.left += 1;
                }
            }
            if self.covered(at) {
                continue;
            }
            let before = checked.mistakes.len();
            let answered = if self.nodes[at].visited() {
                self.check_visited(at, &mut checked)
            } else {
                self.check_unreached(at, &mut checked)
            };
            let right = checked.mistakes.len() == before;
            if answered {
                let verdict = if right {
                    Verdict::Right
                } else {
                    Verdict::Wrong
                };
                checked.verdicts.push((self.nodes[at].id.clone(), verdict));
            }
            let judged = self.asks(at) && complete && !self.shown[at];
            if judged && right {
                checked.score.right += 1;
            } else if (judged || !self.nodes[at].visited()) && answered && !right {
                checked.score.wrong += 1;
            }
        }
        checked
    }

    /// Checks visited node `at`'s numbers and the marks on its children: whether it has any answer.
    fn check_visited(&self, at: usize, checked: &mut Checked) -> bool {
        let node = &self.nodes[at];
        for field in self.fields(at) {
            let (Some(given), Some(truth)) = (self.answers[at].get(field), self.truth(at, field))
            else {
                continue;
            };
            if given != truth {
                let (kind, event) = match field {
                    Field::Value => (MistakeKind::Value, node.ret),
                    Field::Alpha => (MistakeKind::Alpha, node.visit),
                    Field::Beta => (MistakeKind::Beta, node.visit),
                };
                checked.mistakes.push(Mistake {
                    node: node.id.clone(),
                    kind,
                    event: event.unwrap_or_default(),
                    sentence: format!(
                        "{} — you wrote {} = {given}.",
                        self.why(at, field),
                        field.symbol()
                    ),
                });
            }
        }
        let marked = node
            .children
            .iter()
            .any(|&child| self.answers[child].pruned);
        let answered = self.answers[at].has_numbers() || marked;
        self.check_marks(at, answered, checked);
        answered
    }

    /// Checks the marks on the children of visited node `at`: a child marked pruned must be skipped, and, once the
    /// node is `answered`, every child skipped must be marked.
    fn check_marks(&self, at: usize, answered: bool, checked: &mut Checked) {
        let node = &self.nodes[at];
        let (mut skipped, mut missed) = (0, 0);
        for &child in &node.children {
            let pruned = self.answers[child].pruned;
            let searched = self.nodes[child].visited();
            skipped += usize::from(!searched);
            missed += usize::from(!searched && !pruned);
            if pruned || (!searched && answered) {
                let verdict = if pruned != searched {
                    Verdict::Right
                } else {
                    Verdict::Wrong
                };
                checked
                    .branches
                    .push((self.nodes[child].id.clone(), verdict));
            }
            if pruned && searched {
                checked.mistakes.push(Mistake {
                    node: node.id.clone(),
                    kind: MistakeKind::WrongCut(self.nodes[child].id.clone()),
                    event: self.nodes[child].visit.unwrap_or_default(),
                    sentence: format!("{} — you marked it pruned.", self.why_searched(at, child)),
                });
            }
        }
        if let (true, true, Some(cut)) = (answered, missed > 0, node.cut) {
            let you = match (skipped, missed == skipped) {
                (1, _) => "you marked it as searched",
                (_, true) => "you marked them as searched",
                (_, false) => "you marked only some of them pruned",
            };
            checked.mistakes.push(Mistake {
                node: node.id.clone(),
                kind: MistakeKind::MissedCut,
                event: cut,
                sentence: format!("{} — {you}.", self.why_cut(at)),
            });
        }
    }

    /// Checks node `at`, which alpha-beta never reaches: any number given there is a mistake. Whether it has any
    /// answer (a mark on it is its parent's, judged there).
    fn check_unreached(&self, at: usize, checked: &mut Checked) -> bool {
        if !self.answers[at].has_numbers() {
            return false;
        }
        let cutter = self.cutter(at);
        checked.mistakes.push(Mistake {
            node: self.nodes[at].id.clone(),
            kind: MistakeKind::NeverReached,
            event: self.nodes[cutter].cut.unwrap_or_default(),
            sentence: format!(
                "{} — you answered it as searched.",
                self.why_never_reached(at, cutter)
            ),
        });
        true
    }

    /// The nearest visited ancestor of node `at` (which alpha-beta never reaches): the node whose cut skips the
    /// branch it is on.
    fn cutter(&self, at: usize) -> usize {
        let mut node = at;
        while !self.nodes[node].visited() {
            node = self.nodes[node].parent.unwrap_or_default();
        }
        node
    }

    /// Fills in the answers of `node` from the trace: its numbers and the marks on its children; for a node
    /// alpha-beta never reaches, those of the node whose cut skips it. It then counts as shown.
    ///
    /// # Errors
    /// [`AnswerError::NoSuchNode`] when the tree has no such node.
    pub fn reveal(&mut self, node: &NodeId) -> Result<Revealed, AnswerError> {
        let at = self.at(node)?;
        let target = self.cutter(at);
        self.fill(target);
        let sentence = if target == at {
            format!("{}.", self.why(at, Field::Value))
        } else {
            format!("{}.", self.why_never_reached(at, target))
        };
        Ok(Revealed {
            node: self.nodes[target].id.clone(),
            sentence,
        })
    }

    /// Fills in the answers of visited node `at` from the trace, and the marks on its children; it then counts
    /// as shown.
    fn fill(&mut self, at: usize) {
        for field in self.fields(at) {
            let truth = self.truth(at, field);
            self.answers[at].set(field, truth);
        }
        self.answers[at].pruned = false;
        for child in self.nodes[at].children.clone() {
            let skipped = !self.nodes[child].visited();
            if skipped {
                self.answers[child] = Answer::default();
            }
            self.answers[child].pruned = skipped;
        }
        self.shown[at] = true;
    }

    /// Fills in every answer from the trace, as [`Exercise::reveal`] on every visited node, and clears the
    /// answers under the pruned branches.
    pub fn solution(&mut self) {
        for at in 0..self.nodes.len() {
            if self.nodes[at].visited() {
                self.fill(at);
            } else if self.nodes[at]
                .parent
                .is_some_and(|parent| !self.nodes[parent].visited())
            {
                self.answers[at] = Answer::default();
            }
        }
    }
}
