//! The "Practise alpha-beta" panel's state, without the page: the exercise on show, the reader's answers (a typo
//! said by its field), the last check, and what the panel draws of each node. Pure Rust, tested natively. The
//! exercise follows the game, and each sheet left is kept for the visit ([`Practising::follow`]).

use super::{
    Asked, Checked, Exercise, Field, MistakeKind, NotPractisable, Number, PracticeNode, Verdict,
};
use crate::engine::Board;
use crate::panels::search_tree::{
    AbstractTree, NodeId, SearchTree, TreeShapeError, WrittenTreeError,
};
use crate::panels::words::{values_are, Note};
use std::fmt;

/// The most sheets kept for the visit besides the one on show: enough for a game's worth of undoing.
const KEPT: usize = 12;

/// What the panel is asked to practise on.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Subject {
    /// The position on the board: `None` on a board bigger than 3x3.
    Position(Option<Board>),
    /// The abstract tree of this shape.
    Tree {
        /// Levels of moves below the root.
        depth: u32,
        /// Children of each inner node.
        branching: u32,
        /// The seed of the leaves.
        seed: u64,
    },
    /// A teacher's tree, as written (`leaves=`).
    Written(String),
}

/// Why the panel has no exercise to show.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Unavailable {
    /// The position on the board is too early, or the game is over there.
    Position(NotPractisable),
    /// The board is bigger than 3x3.
    BiggerBoard,
    /// The abstract tree's shape is not one (the settings take only shapes that are).
    Shape(TreeShapeError),
    /// The teacher's tree is not one: where it breaks.
    Written(WrittenTreeError),
}

impl fmt::Display for Unavailable {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Unavailable::Position(why) => why.fmt(f),
            Unavailable::BiggerBoard => f.write_str(
                "Practice on the board is on the 3x3 board, whose game trees get small enough to work through by \
                 hand. Practise on a tree.",
            ),
            Unavailable::Shape(why) => write!(f, "There is no practice tree to show: {why}."),
            Unavailable::Written(why) => write!(f, "The tree written out cannot be drawn: {why}."),
        }
    }
}

/// What the panel's buttons ask for.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum PracticeControl {
    /// Judge every answer.
    Check,
    /// Fill every answer in, and step through the search.
    Solution,
    /// Another abstract tree of the same shape, from another seed.
    NewTree,
    /// Practise on an abstract tree instead (the position cannot be practised on).
    AbstractTree,
    /// One level more of the position's tree.
    Deeper,
    /// One level less of the position's tree.
    Shallower,
}

impl PracticeControl {
    /// Every control.
    pub const ALL: [PracticeControl; 6] = [
        PracticeControl::Check,
        PracticeControl::Solution,
        PracticeControl::NewTree,
        PracticeControl::AbstractTree,
        PracticeControl::Deeper,
        PracticeControl::Shallower,
    ];

    /// The control's name, as its button's `data-practice` spells it.
    pub const fn name(self) -> &'static str {
        match self {
            PracticeControl::Check => "check",
            PracticeControl::Solution => "solution",
            PracticeControl::NewTree => "new-tree",
            PracticeControl::AbstractTree => "abstract-tree",
            PracticeControl::Deeper => "deeper",
            PracticeControl::Shallower => "shallower",
        }
    }

    /// The control named `name` (see [`PracticeControl::name`]).
    pub fn from_name(name: &str) -> Option<PracticeControl> {
        PracticeControl::ALL
            .into_iter()
            .find(|control| control.name() == name)
    }
}

/// One exercise with what the panel shows around it.
#[derive(Clone, Debug)]
pub struct Sheet {
    exercise: Exercise,
    /// The last check, less what it said of the nodes whose answers changed since.
    checked: Option<Checked>,
    /// Whether answers changed since the last check.
    changed: bool,
    /// Text typed into a field that is not a number, with the sentence that says why.
    typos: Vec<(NodeId, Field, String)>,
    /// Each node "Show this node" filled in, with the sentence that says why its answers are what they are.
    shown: Vec<(NodeId, String)>,
    /// Whether "Solution" filled every answer in.
    solved: bool,
}

/// What the panel draws of one node.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct NodeView {
    /// The node, its fields and the reader's answers.
    pub node: PracticeNode,
    /// The last check's verdict on its answers (its numbers and the marks on its children).
    pub verdict: Option<Verdict>,
    /// The last check's verdict on the branch into it: marked pruned, or skipped by alpha-beta.
    pub branch: Option<Verdict>,
    /// What was typed into a field that is not a number, said by that field.
    pub typos: Vec<(Field, String)>,
    /// Each mistake of the last check at this node, explained, then why its answers are what they are, when
    /// they were shown.
    pub notes: Vec<String>,
}

impl Sheet {
    fn new(exercise: Exercise) -> Sheet {
        Sheet {
            exercise,
            checked: None,
            changed: false,
            typos: Vec::new(),
            shown: Vec::new(),
            solved: false,
        }
    }

    /// The tree practised on.
    pub fn tree(&self) -> &SearchTree {
        self.exercise.tree()
    }

    /// What is asked.
    pub fn mode(&self) -> Asked {
        self.exercise.mode()
    }

    /// Takes what was typed into `field` of `node`: a number, nothing (`None` clears the field), or a typo's
    /// sentence (`Err`), which clears the field's answer too, so that Check judges what the field shows. An
    /// answer the node does not ask for (a page may have edited the field) changes nothing.
    pub fn answer(&mut self, node: &NodeId, field: Field, typed: Result<Option<Number>, String>) {
        let number = typed.as_ref().ok().copied().flatten();
        if self.exercise.answer(node, field, number).is_err() {
            return;
        }
        self.typos
            .retain(|(typo_node, typo_field, _)| (typo_node, *typo_field) != (node, field));
        if let Err(sentence) = typed {
            self.typos.push((node.clone(), field, sentence));
        }
        self.forget_check_of(std::slice::from_ref(node));
    }

    /// Marks the branch into `node` pruned, or not (a page may have edited the mark: the root's changes nothing).
    pub fn mark_pruned(&mut self, node: &NodeId, pruned: bool) {
        if self.exercise.mark_pruned(node, pruned).is_err() {
            return;
        }
        // A branch marked pruned has no numbers, so no typos either.
        if pruned {
            self.typos.retain(|(typo_node, _, _)| typo_node != node);
        }
        // The mark belongs to the parent's answer, and it is a branch of its own.
        let parent = NodeId(node.path()[..node.path().len() - 1].to_vec());
        self.forget_check_of(&[node.clone(), parent]);
    }

    /// Takes out of the last check what it said of `nodes`, whose answers changed: its verdicts would judge
    /// answers no longer there.
    fn forget_check_of(&mut self, nodes: &[NodeId]) {
        self.solved = false;
        let Some(checked) = &mut self.checked else {
            return;
        };
        self.changed = true;
        checked.verdicts.retain(|(node, _)| !nodes.contains(node));
        checked.branches.retain(|(node, _)| !nodes.contains(node));
        checked.mistakes.retain(|mistake| {
            let child = match &mistake.kind {
                MistakeKind::WrongCut(child) => Some(child),
                _ => None,
            };
            !nodes.contains(&mistake.node) && child.is_none_or(|child| !nodes.contains(child))
        });
    }

    /// "Check": every answered node's verdict, every mistake explained, and the score.
    pub fn check(&mut self) {
        self.checked = Some(self.exercise.check());
        self.changed = false;
        self.solved = false;
    }

    /// "Show this node": fills in the answers of `node` (or of the node whose cut skips it) and says why.
    pub fn reveal(&mut self, node: &NodeId) {
        let Ok(revealed) = self.exercise.reveal(node) else {
            return;
        };
        let filled = revealed.node.clone();
        self.typos.retain(|(typo_node, _, _)| *typo_node != filled);
        self.shown.retain(|(shown, _)| *shown != filled);
        self.shown.push((filled.clone(), revealed.sentence));
        // Its children's marks are filled in too: they belong to its answer.
        let mut changed = vec![filled.clone()];
        changed.extend(
            self.tree()
                .actions(filled.path())
                .into_iter()
                .map(|action| NodeId([filled.path(), &[action]].concat())),
        );
        self.forget_check_of(&changed);
    }

    /// "Solution": every answer filled in from the trace. The check goes: its verdicts were of the reader's answers.
    pub fn solution(&mut self) {
        self.exercise.solution();
        self.typos.clear();
        self.shown.clear();
        self.checked = None;
        self.changed = false;
        self.solved = true;
    }

    /// The score line: "9 answered: 7 right, 2 wrong; 6 to go." once checked, saying so when answers changed
    /// since; what the solution did once it is filled in; before the first check, how many values are asked.
    pub fn score_line(&self) -> String {
        match (&self.checked, self.solved) {
            (_, true) => "The solution is filled in: the step-through below runs it.".to_owned(),
            (Some(checked), false) if self.changed => format!(
                "{} at the last check; answers have changed since.",
                checked.score
            ),
            (Some(checked), false) => format!("{}.", checked.score),
            (None, false) => format!(
                "Nothing checked yet; {} to go.",
                self.exercise.values_asked()
            ),
        }
    }

    /// What was typed and not taken, each with the node it was typed at: "X in row 2, column 1, a MIN node: \"abc\"
    /// is not a number: type …". The panel says it in a line of its own, away from the tree, so that nothing in
    /// the tree moves when it comes (the reader's next click lands where it was aimed).
    pub fn typo_lines(&self) -> Vec<String> {
        let nodes = self.exercise.nodes();
        self.typos
            .iter()
            .map(|(node, _, sentence)| {
                let label = nodes
                    .iter()
                    .find(|view| view.id == *node)
                    .map_or("", |view| &view.label);
                format!("{label}: {sentence}")
            })
            .collect()
    }

    /// How deep the position's tree on show is cut, and what that asks: "3 of 5 levels: 17 values to find."; `None`
    /// for an abstract tree.
    pub fn levels_line(&self) -> Option<String> {
        let (levels, most) = self.exercise.levels()?;
        let asked = self.exercise.values_asked();
        let values = if asked == 1 { "value" } else { "values" };
        Some(if levels == most {
            format!("The whole tree, {levels} levels: {asked} {values} to find.")
        } else {
            format!(
                "{levels} of {most} levels, the positions below given their values: {asked} {values} to find."
            )
        })
    }

    /// On a position: the levels its tree is cut at, and the most it can have.
    pub fn levels(&self) -> Option<(u32, u32)> {
        self.exercise.levels()
    }

    /// Every node as the panel draws it, depth first, each before its children.
    pub fn nodes(&self) -> Vec<NodeView> {
        let verdict_of = |list: &[(NodeId, Verdict)], id: &NodeId| {
            list.iter()
                .find(|(node, _)| node == id)
                .map(|(_, verdict)| *verdict)
        };
        self.exercise
            .nodes()
            .into_iter()
            .map(|node| {
                let id = &node.id;
                let checked = self.checked.as_ref();
                let mut notes: Vec<String> = checked
                    .map(|checked| {
                        checked
                            .mistakes
                            .iter()
                            .filter(|mistake| mistake.node == *id)
                            .map(|mistake| mistake.sentence.clone())
                            .collect()
                    })
                    .unwrap_or_default();
                notes.extend(
                    self.shown
                        .iter()
                        .filter(|(shown, _)| shown == id)
                        .map(|(_, sentence)| sentence.clone()),
                );
                NodeView {
                    verdict: checked.and_then(|checked| verdict_of(&checked.verdicts, id)),
                    branch: checked.and_then(|checked| verdict_of(&checked.branches, id)),
                    typos: self
                        .typos
                        .iter()
                        .filter(|(typo_node, _, _)| typo_node == id)
                        .map(|(_, field, sentence)| (*field, sentence.clone()))
                        .collect(),
                    notes,
                    node,
                }
            })
            .collect()
    }

    /// The same exercise asking what `mode` asks, with the numbers and marks given so far.
    fn in_mode(&self, mode: Asked) -> Sheet {
        self.remade(mode, self.exercise.levels().map(|(levels, _)| levels))
    }

    /// The exercise on the same position cut `levels` moves below it (or the same abstract tree), asking what
    /// `mode` asks, with the numbers and marks given so far at the nodes it still has.
    fn remade(&self, mode: Asked, levels: Option<u32>) -> Sheet {
        let exercise = match (self.tree(), levels) {
            (SearchTree::Position(board, _), Some(levels)) => {
                Exercise::at_levels(*board, levels, mode)
                    .unwrap_or_else(|_| unreachable!("the position was practised on already"))
            }
            (SearchTree::Position(board, _), None) => Exercise::on_position(*board, mode)
                .unwrap_or_else(|_| unreachable!("the position was practised on already")),
            (SearchTree::Abstract(tree), _) => Exercise::on_tree(tree.clone(), mode),
        };
        let mut sheet = Sheet::new(exercise);
        for node in self.exercise.nodes() {
            if node.answer.pruned {
                let _ = sheet.exercise.mark_pruned(&node.id, true);
            }
            for field in Field::ALL {
                if let Some(number) = node.answer.get(field) {
                    // Without α and β, those answers go.
                    let _ = sheet.exercise.answer(&node.id, field, Some(number));
                }
            }
        }
        sheet
    }
}

/// The panel: what it asks, the sheet on show (or why there is none), and the sheets left this visit.
#[derive(Clone, Debug)]
pub struct Practising {
    mode: Asked,
    current: Option<(Subject, Result<Sheet, Unavailable>)>,
    /// Sheets of the trees left, the newest last.
    kept: Vec<Sheet>,
}

impl Default for Practising {
    /// Values and pruned branches asked, nothing on show yet.
    fn default() -> Practising {
        Practising {
            mode: Asked::Values,
            current: None,
            kept: Vec::new(),
        }
    }
}

impl Practising {
    /// What is asked: values and pruned branches, and α and β in the harder mode.
    pub fn mode(&self) -> Asked {
        self.mode
    }

    /// The sheet on show.
    pub fn sheet(&self) -> Option<&Sheet> {
        self.current.as_ref()?.1.as_ref().ok()
    }

    /// The sheet on show, to answer on.
    pub fn sheet_mut(&mut self) -> Option<&mut Sheet> {
        self.current.as_mut()?.1.as_mut().ok()
    }

    /// Why no sheet is on show, when the panel was asked for one.
    pub fn unavailable(&self) -> Option<&Unavailable> {
        self.current.as_ref()?.1.as_ref().err()
    }

    /// What the panel says as it opens: what to do, and the convention of the tree on show (MAX is the side to
    /// move at its root on a board), the rest one click away.
    pub fn intro(&self) -> Note {
        let max = self
            .sheet()
            .and_then(|sheet| sheet.tree().position(&[]))
            .map(|root| root.to_move());
        Note::new(
            format!(
                "Work alpha-beta out by hand: type the value each node the search visits returns, tick \"pruned\" \
                 on each branch it skips, then press Check. {}",
                values_are(max)
            ),
            "the practice",
            &[
                "The values are the step-through's: on a board a win with n marks on it is worth 10 − n to MAX, a \
                 loss n − 10, a draw 0.",
                "Children are tried in order: row by row from the top left on a board, child 0 first in a tree.",
                "Numbers are whole, or −∞ and +∞ (also -inf and inf).",
            ],
        )
    }

    /// Puts on show the sheet of `subject`: the one on show if it is that, one kept from earlier in the visit,
    /// or a new one. The sheet on show before is kept.
    ///
    /// The exercise follows the game: a move played, undone or looked back at puts the exercise of the new
    /// position on show, as every other panel follows the position on the board, and as Share's link, which
    /// carries the position, reopens it. Each sheet left is kept, so that Undo, or a step back in the moves, brings
    /// the answers given there back. An exercise that stayed on the position it was started on would leave a panel
    /// about a board no longer in front of the reader, and a link that opens another exercise than the one on show.
    pub fn follow(&mut self, subject: Subject) {
        if self
            .current
            .as_ref()
            .is_some_and(|(current, _)| *current == subject)
        {
            return;
        }
        if let Some((_, Ok(sheet))) = self.current.take() {
            self.kept.push(sheet);
            if self.kept.len() > KEPT {
                self.kept.remove(0);
            }
        }
        let tree = match &subject {
            Subject::Position(None) => Err(Unavailable::BiggerBoard),
            Subject::Position(Some(board)) => Ok(SearchTree::whole(*board)),
            Subject::Tree {
                depth,
                branching,
                seed,
            } => AbstractTree::new(*depth, *branching, *seed)
                .map(SearchTree::Abstract)
                .map_err(Unavailable::Shape),
            Subject::Written(text) => text
                .parse::<AbstractTree>()
                .map(SearchTree::Abstract)
                .map_err(Unavailable::Written),
        };
        let sheet = tree.and_then(|tree| self.sheet_of(tree));
        self.current = Some((subject, sheet));
    }

    /// The sheet of `tree` in the panel's mode: kept from earlier (a position's at the levels it was left at), or
    /// new.
    fn sheet_of(&mut self, tree: SearchTree) -> Result<Sheet, Unavailable> {
        let same = |sheet: &Sheet| match (sheet.tree(), &tree) {
            (SearchTree::Position(left, _), SearchTree::Position(board, _)) => left == board,
            (left, tree) => left == tree,
        };
        if let Some(at) = self.kept.iter().position(same) {
            let sheet = self.kept.remove(at);
            return Ok(if sheet.mode() == self.mode {
                sheet
            } else {
                sheet.in_mode(self.mode)
            });
        }
        let exercise = match tree {
            SearchTree::Position(board, _) => {
                Exercise::on_position(board, self.mode).map_err(Unavailable::Position)?
            }
            SearchTree::Abstract(tree) => Exercise::on_tree(tree, self.mode),
        };
        Ok(Sheet::new(exercise))
    }

    /// One level more (`deeper`) or less of the position's tree on show, which keeps its numbers and marks at the
    /// nodes it still has.
    pub fn change_levels(&mut self, deeper: bool) {
        let mode = self.mode;
        if let Some((_, Ok(sheet))) = &mut self.current {
            if let Some((levels, most)) = sheet.exercise.levels() {
                let wanted = if deeper { levels + 1 } else { levels - 1 };
                if (1..=most).contains(&wanted) {
                    *sheet = sheet.remade(mode, Some(wanted));
                }
            }
        }
    }

    /// Asks what `mode` asks from now on; the sheet on show keeps its numbers and marks.
    pub fn set_mode(&mut self, mode: Asked) {
        self.mode = mode;
        if let Some((_, Ok(sheet))) = &mut self.current {
            if sheet.mode() != mode {
                *sheet = sheet.in_mode(mode);
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn id(text: &str) -> NodeId {
        text.parse().unwrap()
    }

    fn number(text: &str) -> Result<Option<Number>, String> {
        Ok(Some(text.parse().unwrap()))
    }

    /// The practice on the tree of the example link: depth 3, branching 2, seed 7.
    fn tree_practice() -> Practising {
        let mut practising = Practising::default();
        practising.follow(Subject::Tree {
            depth: 3,
            branching: 2,
            seed: 7,
        });
        practising
    }

    fn node<'a>(views: &'a [NodeView], text: &str) -> &'a NodeView {
        views
            .iter()
            .find(|view| view.node.id == id(text))
            .expect("a node of the tree")
    }

    #[test]
    fn a_check_judges_the_answers_and_forgets_what_it_said_of_those_changed_since() {
        let mut practising = tree_practice();
        let sheet = practising.sheet_mut().unwrap();
        let root_value = sheet.exercise.trace().last().unwrap().value.unwrap();
        sheet.answer(&NodeId::ROOT, Field::Value, number(&root_value.to_string()));
        sheet.answer(&id("0"), Field::Value, number("+9"));
        sheet.answer(
            &id("1"),
            Field::Value,
            Err("\"x\" is not a number".to_owned()),
        );
        assert_eq!(
            sheet.score_line(),
            format!(
                "Nothing checked yet; {} to go.",
                sheet.exercise.values_asked()
            )
        );
        sheet.check();
        let views = sheet.nodes();
        assert_eq!(node(&views, "").verdict, Some(Verdict::Right));
        assert_eq!(
            node(&views, "1").typos,
            [(Field::Value, "\"x\" is not a number".to_owned())]
        );
        assert_eq!(
            node(&views, "1").node.answer.value,
            None,
            "a typo clears the field"
        );
        let score = sheet.score_line();
        assert!(score.contains(" right, "), "{score}");
        // Node 0 is answered, right or wrong: its verdict is the check's, and it goes once the value changes.
        assert!(node(&views, "0").verdict.is_some());
        sheet.answer(&id("0"), Field::Value, Ok(None));
        let views = sheet.nodes();
        assert_eq!(node(&views, "0").verdict, None);
        assert_eq!(
            node(&views, "").verdict,
            Some(Verdict::Right),
            "the others stay"
        );
        assert!(sheet
            .score_line()
            .ends_with("at the last check; answers have changed since."));
        // A typo mended is forgotten.
        sheet.answer(&id("1"), Field::Value, Ok(None));
        assert!(sheet.nodes().iter().all(|view| view.typos.is_empty()));
    }

    #[test]
    fn a_wrong_mark_is_explained_at_the_node_it_belongs_to_and_show_this_node_fills_it_in() {
        let mut practising = tree_practice();
        let sheet = practising.sheet_mut().unwrap();
        // The first child is always searched: marking it pruned is a mistake of the root's answer.
        sheet.mark_pruned(&id("0"), true);
        sheet.check();
        let views = sheet.nodes();
        assert_eq!(node(&views, "").verdict, Some(Verdict::Wrong));
        assert_eq!(node(&views, "0").branch, Some(Verdict::Wrong));
        assert!(
            node(&views, "").notes[0].starts_with("Child 0 is searched: it is the first"),
            "{:?}",
            node(&views, "").notes
        );
        assert!(node(&views, "0.0").node.covered);
        // Shown, the root's answers are filled in, its mark taken back, and why is said.
        sheet.reveal(&NodeId::ROOT);
        let views = sheet.nodes();
        assert!(!node(&views, "0").node.answer.pruned);
        assert!(node(&views, "").node.shown);
        assert_eq!(
            node(&views, "").verdict,
            None,
            "what the check said of it is gone"
        );
        assert_eq!(node(&views, "").notes.len(), 1);
        assert!(node(&views, "").notes[0].starts_with("MAX-VALUE returns v = "));
        // The root is not a branch: a page's edited mark changes nothing.
        sheet.mark_pruned(&NodeId::ROOT, true);
        assert!(!sheet.nodes()[0].node.answer.pruned);
    }

    #[test]
    fn the_solution_fills_everything_in_and_says_so() {
        let mut practising = tree_practice();
        let sheet = practising.sheet_mut().unwrap();
        sheet.answer(&id("0"), Field::Value, Err("typo".to_owned()));
        sheet.check();
        sheet.solution();
        assert_eq!(
            sheet.score_line(),
            "The solution is filled in: the step-through below runs it."
        );
        let views = sheet.nodes();
        assert!(views
            .iter()
            .all(|view| view.typos.is_empty() && view.verdict.is_none()));
        assert!(node(&views, "").node.answer.value.is_some());
        // Checked now, the filled-in answers are all right, and all shown.
        sheet.check();
        assert!(
            sheet
                .score_line()
                .starts_with("0 answered: 0 right, 0 wrong; 0 to go, "),
            "{}",
            sheet.score_line()
        );
    }

    #[test]
    fn the_exercise_follows_the_game_and_brings_a_position_left_back_with_its_answers() {
        let mut practising = Practising::default();
        let first: Board = "XOXXOO...".parse().unwrap();
        practising.follow(Subject::Position(Some(first)));
        let sheet = practising.sheet_mut().unwrap();
        sheet.answer(&NodeId::ROOT, Field::Value, number("+3"));
        // Another position: its own exercise, lesson-sized however early.
        practising.follow(Subject::Position(Some(Board::EMPTY)));
        assert_eq!(
            practising.sheet().unwrap().tree(),
            &SearchTree::Position(Board::EMPTY, 2)
        );
        // Undone: the answers are back.
        practising.follow(Subject::Position(Some(first)));
        let root = &practising.sheet().unwrap().nodes()[0];
        assert_eq!(root.node.answer.value, Some("+3".parse().unwrap()));
        // A bigger board has no position to practise on; an abstract tree is independent of the game.
        practising.follow(Subject::Position(None));
        assert_eq!(practising.unavailable(), Some(&Unavailable::BiggerBoard));
        practising.follow(Subject::Tree {
            depth: 2,
            branching: 2,
            seed: 1,
        });
        assert_eq!(practising.sheet().unwrap().nodes().len(), 7);
    }

    #[test]
    fn a_teachers_tree_is_practised_as_written_and_a_broken_one_says_where_with_no_tree_in_its_place(
    ) {
        let mut practising = Practising::default();
        practising.follow(Subject::Written("((3,12,8),(2,4,6),(14,5,2))".to_owned()));
        let sheet = practising.sheet().unwrap();
        assert_eq!(sheet.nodes().len(), 13);
        assert_eq!(
            sheet.exercise.values_asked(),
            4,
            "the root and its three MIN nodes"
        );
        practising.follow(Subject::Written("((3,12,8),(2,4,6),(14,5,2)".to_owned()));
        assert!(practising.sheet().is_none());
        assert_eq!(
            practising.unavailable().unwrap().to_string(),
            "The tree written out cannot be drawn: it breaks at character 27, after \"((3,12,8),(2,4,6),(14,5,2)\": \
             \",\" or \")\" was expected, not the end."
        );
    }

    #[test]
    fn a_position_goes_a_level_deeper_or_shallower_and_keeps_the_answers_it_still_asks() {
        let mut practising = Practising::default();
        let board: Board = "X.O.X...O".parse().unwrap();
        practising.follow(Subject::Position(Some(board)));
        let levels = |practising: &Practising| practising.sheet().unwrap().exercise.levels();
        assert_eq!(levels(&practising), Some((3, 5)));
        practising
            .sheet_mut()
            .unwrap()
            .answer(&NodeId::ROOT, Field::Value, number("+6"));
        practising.change_levels(true);
        assert_eq!(levels(&practising), Some((4, 5)));
        let root = &practising.sheet().unwrap().nodes()[0];
        assert_eq!(root.node.answer.value, Some("+6".parse().unwrap()));
        practising.change_levels(true);
        practising.change_levels(true);
        assert_eq!(
            levels(&practising),
            Some((5, 5)),
            "the whole tree is as deep as it goes"
        );
        for _ in 0..6 {
            practising.change_levels(false);
        }
        assert_eq!(levels(&practising), Some((1, 5)));
    }

    #[test]
    fn the_harder_mode_asks_for_alpha_and_beta_and_keeps_the_answers_given() {
        let mut practising = tree_practice();
        let sheet = practising.sheet_mut().unwrap();
        sheet.answer(&id("0"), Field::Value, number("2"));
        sheet.mark_pruned(&id("1.1"), true);
        practising.set_mode(Asked::ValuesAndWindows);
        let views = practising.sheet().unwrap().nodes();
        assert_eq!(
            node(&views, "0").node.fields,
            [Field::Value, Field::Alpha, Field::Beta]
        );
        assert_eq!(node(&views, "0").node.answer.value, "2".parse().ok());
        assert!(node(&views, "1.1").node.answer.pruned);
        let sheet = practising.sheet_mut().unwrap();
        sheet.answer(&id("0"), Field::Alpha, number("-inf"));
        practising.set_mode(Asked::Values);
        let views = practising.sheet().unwrap().nodes();
        assert_eq!(node(&views, "0").node.fields, [Field::Value]);
        assert_eq!(node(&views, "0").node.answer.alpha, None);
    }

    #[test]
    fn controls_by_name() {
        for control in PracticeControl::ALL {
            assert_eq!(PracticeControl::from_name(control.name()), Some(control));
        }
        assert_eq!(PracticeControl::from_name("Check"), None);
    }
}
