//! The alpha-beta exercise against its trace: a reader who answers what the trace says is right everywhere, on
//! every reachable position with at most five empty squares and on abstract trees of every shape; each wrong
//! answer is one mistake, at its node, explained by the event that decides it; and the sentences read as the
//! panel shows them.

#[path = "common/oracle.rs"]
mod oracle;

use std::collections::{HashMap, HashSet};
use tictactoe::engine::{Board, Bound, StepKind};
use tictactoe::panels::practice::{
    AnswerError, Asked, Exercise, Field, Mistake, MistakeKind, NotPractisable, Number, Progress,
    Verdict,
};
use tictactoe::panels::search_tree::{AbstractTree, NodeId};

fn board(text: &str) -> Board {
    text.parse().unwrap()
}

fn id(text: &str) -> NodeId {
    text.parse().unwrap()
}

fn number(text: &str) -> Option<Number> {
    Some(text.parse().unwrap())
}

/// The paths of the nodes alpha-beta visits in `exercise`.
fn visited(exercise: &Exercise) -> HashSet<Vec<usize>> {
    exercise
        .trace()
        .iter()
        .filter(|event| event.kind == StepKind::Visit)
        .map(|event| event.path.clone())
        .collect()
}

/// Answers everything as the trace says: each visit's α and β, each return's value, each skipped branch marked.
fn answer_as_the_trace_says(exercise: &mut Exercise) {
    let asked: HashMap<NodeId, Vec<Field>> = exercise
        .nodes()
        .into_iter()
        .map(|node| (node.id, node.fields))
        .collect();
    for event in exercise.trace().to_vec() {
        let node = NodeId(event.path.clone());
        let fields = &asked[&node];
        let mut give = |field: Field, bound: Bound| {
            if fields.contains(&field) {
                exercise.answer(&node, field, Some(Number(bound))).unwrap();
            }
        };
        match event.kind {
            StepKind::Visit => {
                give(Field::Alpha, event.alpha);
                give(Field::Beta, event.beta);
            }
            StepKind::Return => give(Field::Value, event.value.unwrap()),
            StepKind::Cut => {}
        }
    }
    let visited = visited(exercise);
    for node in asked.keys() {
        if let Some((_, parent)) = node.path().split_last() {
            if visited.contains(parent) && !visited.contains(node.path()) {
                exercise.mark_pruned(node, true).unwrap();
            }
        }
    }
}

/// Every reachable position still being played with at most five empty squares.
fn practisable_positions() -> Vec<Board> {
    oracle::reachable()
        .into_iter()
        .filter(|board| board.marks() >= 4 && !board.is_over())
        .collect()
}

fn abstract_trees() -> Vec<AbstractTree> {
    let mut trees = Vec::new();
    for depth in AbstractTree::DEPTHS {
        for branching in AbstractTree::BRANCHINGS {
            for seed in [0, 1, 2, 37, u64::MAX] {
                trees.push(AbstractTree::new(depth, branching, seed).unwrap());
            }
        }
    }
    trees
}

/// Every exercise the tests check: each practisable position in the harder mode (the other asks the same less α
/// and β), and each abstract tree in both modes.
fn every_exercise() -> Vec<Exercise> {
    let mut exercises: Vec<Exercise> = practisable_positions()
        .into_iter()
        .map(|position| Exercise::on_position(position, Asked::ValuesAndWindows).unwrap())
        .collect();
    for mode in [Asked::Values, Asked::ValuesAndWindows] {
        for tree in abstract_trees() {
            exercises.push(Exercise::on_tree(tree, mode));
        }
    }
    exercises
}

#[test]
fn answers_read_off_the_trace_are_all_right_and_the_solution_is_those_answers() {
    let exercises = every_exercise();
    // 5,144 reachable positions with four marks or more, less the 958 finished games; 45 trees in both modes.
    let positions = practisable_positions().len();
    assert_eq!(positions, 4_186);
    assert_eq!(exercises.len(), positions + 2 * 45);
    let (mut asked, mut cuts) = (0, 0);
    for mut exercise in exercises {
        let mut solved = exercise.clone();
        answer_as_the_trace_says(&mut exercise);
        let checked = exercise.check();
        let name = format!("{:?}", exercise.tree());
        assert_eq!(checked.mistakes, [], "{name}");
        assert_eq!((checked.score.wrong, checked.score.left), (0, 0), "{name}");
        assert!(checked
            .verdicts
            .iter()
            .all(|(_, verdict)| *verdict == Verdict::Right));
        assert!(checked
            .branches
            .iter()
            .all(|(_, verdict)| *verdict == Verdict::Right));
        // The nodes that ask something are the visited ones, less the leaves, whose values are given.
        let visited = visited(&exercise);
        let nodes = exercise.nodes();
        let visited_leaves = nodes
            .iter()
            .filter(|node| node.given.is_some() && visited.contains(node.id.path()))
            .count();
        assert_eq!(
            checked.score.right,
            visited.len() - visited_leaves,
            "{name}"
        );
        asked += checked.score.right;
        cuts += exercise
            .trace()
            .iter()
            .filter(|event| event.kind == StepKind::Cut)
            .count();
        // "Solution" fills in the same answers, all shown.
        solved.solution();
        for (mine, theirs) in nodes.iter().zip(solved.nodes()) {
            assert_eq!(mine.answer, theirs.answer, "{name} {}", mine.id);
        }
        let shown = solved.check();
        assert_eq!(shown.mistakes, []);
        assert_eq!(
            shown.score,
            Progress {
                right: 0,
                wrong: 0,
                left: 0,
                shown: checked.score.right
            }
        );
    }
    // Totals over every exercise: they change only if the trace or what is asked does.
    assert_eq!((asked, cuts), (42_531, 13_364));
}

/// The event a mistake names, which must be the one that decides it.
fn assert_decided_by_its_event(exercise: &Exercise, mistake: &Mistake) {
    let event = &exercise.trace()[mistake.event];
    let node = mistake.node.path();
    let expected = match &mistake.kind {
        MistakeKind::Value => (StepKind::Return, node.to_vec()),
        MistakeKind::Alpha | MistakeKind::Beta => (StepKind::Visit, node.to_vec()),
        MistakeKind::MissedCut => (StepKind::Cut, node.to_vec()),
        MistakeKind::WrongCut(child) => (StepKind::Visit, child.path().to_vec()),
        MistakeKind::NeverReached => {
            assert!(node.starts_with(&event.path) && node.len() > event.path.len());
            (StepKind::Cut, event.path.clone())
        }
    };
    assert_eq!((event.kind, event.path.clone()), expected, "{mistake:?}");
}

/// A number that is not `number`.
fn another(number: Number) -> Number {
    Number(match number.0 {
        Bound::Finite(value) => Bound::Finite(value + 1),
        Bound::NegInf | Bound::PosInf => Bound::Finite(0),
    })
}

/// Makes each number of `exercise` (answered as the trace says) wrong alone: one mistake each, at its node. The
/// kinds of mistake seen go to `seen`.
fn each_number_wrong(exercise: &Exercise, seen: &mut HashSet<String>) {
    let total = exercise.check().score.right;
    for node in exercise.nodes() {
        for &field in &node.fields {
            let Some(right) = node.answer.get(field) else {
                continue;
            };
            let mut wrong = exercise.clone();
            wrong.answer(&node.id, field, Some(another(right))).unwrap();
            let checked = wrong.check();
            let [mistake] = &checked.mistakes[..] else {
                panic!("{} {field:?}: {:?}", node.id, checked.mistakes);
            };
            assert_eq!(mistake.node, node.id);
            assert_decided_by_its_event(&wrong, mistake);
            let you = format!(" — you wrote {} = {}.", field.symbol(), another(right));
            assert!(mistake.sentence.ends_with(&you), "{}", mistake.sentence);
            assert!(checked
                .verdicts
                .contains(&(node.id.clone(), Verdict::Wrong)));
            assert_eq!((checked.score.right, checked.score.wrong), (total - 1, 1));
            seen.insert(format!("{:?}", mistake.kind));
        }
    }
}

/// Turns round each mark on a child of a node of `exercise` (answered as the trace says) with a number given:
/// one mistake each, at the parent. The kinds of mistake seen go to `seen`.
fn each_mark_turned(exercise: &Exercise, seen: &mut HashSet<String>) {
    let nodes = exercise.nodes();
    let answered: HashSet<&NodeId> = nodes
        .iter()
        .filter(|node| !node.covered && node.answer.value.is_some())
        .map(|node| &node.id)
        .collect();
    for node in &nodes {
        let Some((_, parent)) = node.id.path().split_last() else {
            continue;
        };
        if !answered.contains(&NodeId(parent.to_vec())) {
            continue;
        }
        let mut turned = exercise.clone();
        turned.mark_pruned(&node.id, !node.answer.pruned).unwrap();
        let checked = turned.check();
        let [mistake] = &checked.mistakes[..] else {
            panic!("{} turned: {:?}", node.id, checked.mistakes);
        };
        assert_eq!(mistake.node.path(), parent);
        assert_decided_by_its_event(&turned, mistake);
        let kind = format!("{:?}", mistake.kind);
        seen.insert(kind.split('(').next().unwrap_or_default().to_owned());
    }
}

#[test]
fn each_wrong_answer_is_one_mistake_explained_by_the_event_that_decides_it() {
    // Every tree, and every 40th practisable position: each answer made wrong alone, then each mark turned round.
    let mut exercises: Vec<Exercise> = practisable_positions()
        .into_iter()
        .step_by(40)
        .map(|position| Exercise::on_position(position, Asked::ValuesAndWindows).unwrap())
        .collect();
    exercises.extend(
        abstract_trees()
            .into_iter()
            .map(|tree| Exercise::on_tree(tree, Asked::ValuesAndWindows)),
    );
    let mut seen = HashSet::new();
    for mut exercise in exercises {
        answer_as_the_trace_says(&mut exercise);
        each_number_wrong(&exercise, &mut seen);
        each_mark_turned(&exercise, &mut seen);
    }
    let mut seen: Vec<String> = seen.into_iter().collect();
    seen.sort();
    assert_eq!(seen, ["Alpha", "Beta", "MissedCut", "Value", "WrongCut"]);
}

#[test]
fn a_missed_cut_is_explained_in_numbers_as_the_step_panel_says_it() {
    // X O X      X (MAX) to move: 4 and 5 win at once (+3 each). After 6, O's reply in 4 wins (−2), at or below
    // O . .      α = +3: O's other reply, in 5, is skipped.
    // . O X
    let mut exercise = Exercise::on_position(board("XOXO...OX"), Asked::Values).unwrap();
    for (node, value) in [("6", "-2"), ("6.5", "0")] {
        exercise
            .answer(&id(node), Field::Value, number(value))
            .unwrap();
    }
    let checked = exercise.check();
    let sentences: Vec<(String, &MistakeKind, &str)> = checked
        .mistakes
        .iter()
        .map(|mistake| {
            (
                mistake.node.to_string(),
                &mistake.kind,
                mistake.sentence.as_str(),
            )
        })
        .collect();
    assert_eq!(
        sentences,
        [
            (
                "6".to_owned(),
                &MistakeKind::MissedCut,
                "At this node α = +3 when the reply in row 2, column 2 returns −2: v = −2 ≤ α = +3, so the other \
                 replies here are skipped — you marked it as searched."
            ),
            (
                "6.5".to_owned(),
                &MistakeKind::NeverReached,
                "Alpha-beta never reaches this node: at the node above, α = +3 when the reply in row 2, column 2 \
                 returns −2: v = −2 ≤ α = +3, so the other replies there are skipped, this branch among them — you \
                 answered it as searched."
            ),
        ]
    );
    assert_eq!(
        checked.verdicts,
        [(id("6"), Verdict::Wrong), (id("6.5"), Verdict::Wrong)]
    );
    assert_eq!(checked.branches, [(id("6.5"), Verdict::Wrong)]);
    // The root and 6 ask their values (the wins are leaves, their values given): 6 is answered with a mistake, the
    // root not yet, and 6.5, never reached, is answered all the same. Blanks are not mistakes.
    let score = checked.score;
    assert_eq!(
        (score.right, score.wrong, score.left, score.shown),
        (0, 2, 1, 0)
    );
    assert_eq!(score.to_string(), "2 answered: 0 right, 2 wrong; 1 to go");
    // Marked, the branch is right and the node under it is out of the reader's search.
    exercise.mark_pruned(&id("6.5"), true).unwrap();
    let checked = exercise.check();
    assert_eq!(checked.mistakes, []);
    assert_eq!(checked.branches, [(id("6.5"), Verdict::Right)]);
    assert_eq!(
        checked.score.to_string(),
        "1 answered: 1 right, 0 wrong; 1 to go"
    );
    assert_eq!(
        exercise.answer_of(&id("6.5")).unwrap().value,
        None,
        "marking clears it"
    );
}

#[test]
fn a_cut_at_a_max_node_of_an_abstract_tree() {
    let mut exercise =
        Exercise::on_tree(AbstractTree::new(3, 2, 5).unwrap(), Asked::ValuesAndWindows);
    exercise
        .answer(&id("1.1"), Field::Value, number("+9"))
        .unwrap();
    exercise
        .answer(&id("1.1"), Field::Alpha, number("−5"))
        .unwrap();
    exercise
        .answer(&id("1.1"), Field::Beta, number("+inf"))
        .unwrap();
    let checked = exercise.check();
    let sentences: Vec<&str> = checked
        .mistakes
        .iter()
        .map(|mistake| mistake.sentence.as_str())
        .collect();
    assert_eq!(
        sentences,
        [
            "This node is visited with α = −5 and β = −2, the window of the node above when it gets here (the \
             children before this one lowered β from +∞ to −2) — you wrote β = +∞.",
            "At this node β = −2 when child 1.1.0 returns +9: v = +9 ≥ β = −2, so the other children here are \
             skipped — you marked it as searched.",
        ]
    );
    let shown = exercise.reveal(&id("1.1.1")).unwrap();
    assert_eq!(shown.node, id("1.1"), "the node whose cut skips it");
    assert_eq!(
        shown.sentence,
        "Alpha-beta never reaches this node: at the node above, β = −2 when child 1.1.0 returns +9: v = +9 ≥ β = \
         −2, so the other children there are skipped, this branch among them."
    );
    assert!(exercise.answer_of(&id("1.1.1")).unwrap().pruned);
    assert_eq!(exercise.answer_of(&id("1.1")).unwrap().beta, number("-2"));
    assert_eq!(exercise.check().mistakes, []);
    assert_eq!(
        exercise.check().score.to_string(),
        "0 answered: 0 right, 0 wrong; 6 to go, 1 shown"
    );
    let root = exercise.reveal(&NodeId::ROOT).unwrap();
    assert_eq!(
        root.sentence,
        "MAX-VALUE returns v = −2 here, the highest of the values its children returned: −5 and −2."
    );
}

#[test]
fn a_position_is_practised_on_a_lesson_sized_tree_cut_where_it_fits() {
    // The tree is cut as deep as it goes with at most 30 values to find; the positions at the cut are leaves,
    // their values given, and a deeper cut asks more.
    for (position, levels, asked) in [
        ("X.O.X...O", (3, 5), 17),
        ("XO.X.O...", (4, 5), 30),
        (".........", (2, 9), 10),
        ("X...O....", (3, 7), 27),
        ("XOXXOO...", (3, 3), 5),
    ] {
        let exercise = Exercise::on_position(board(position), Asked::Values).unwrap();
        assert_eq!(exercise.levels(), Some(levels), "{position}");
        assert_eq!(exercise.values_asked(), asked, "{position}");
        let deeper = Exercise::at_levels(board(position), levels.0 + 1, Asked::Values).unwrap();
        assert!(
            levels.0 == levels.1 || deeper.values_asked() > 30,
            "{position}"
        );
        // Every leaf shows its value, and asks nothing: inner nodes alone have fields.
        for node in exercise.nodes() {
            assert_eq!(
                node.given.is_some(),
                !node.has_children,
                "{position} {}",
                node.id
            );
            assert_eq!(
                node.fields.is_empty(),
                !node.has_children,
                "{position} {}",
                node.id
            );
        }
    }
    // On the empty board the cut is two moves down: each leaf is worth its position's value with best play, for
    // X. X in a corner, then O beside it, is a win for X ending with 7 marks on the board (+3); O in the centre
    // draws.
    let empty = Exercise::on_position(Board::EMPTY, Asked::Values).unwrap();
    let given = |path: &str| {
        empty
            .nodes()
            .into_iter()
            .find(|node| node.id == id(path))
            .unwrap()
            .given
    };
    assert_eq!(
        (given("0.1"), given("0.4")),
        (Some(Bound::Finite(3)), Some(Bound::Finite(0)))
    );
    assert_eq!(
        Exercise::on_position(board("XXXOO...."), Asked::Values).unwrap_err(),
        NotPractisable::GameOver
    );
}

#[test]
fn a_positions_nodes_are_named_by_their_moves() {
    let labels: Vec<String> = Exercise::on_position(board("XOXXOO..."), Asked::Values)
        .unwrap()
        .nodes()
        .into_iter()
        .take(3)
        .map(|node| node.label)
        .collect();
    assert_eq!(
        labels,
        [
            "the starting position, a MAX node",
            "X in row 3, column 1, a MIN node",
            "X in row 3, column 2, a MIN node"
        ]
    );
}

#[test]
fn nodes_are_named_by_their_paths_since_one_position_can_be_two_nodes() {
    // A position reached by two lines is two nodes of the tree, and alpha-beta can visit them with different
    // windows and return different values: `data-position` names a board, `data-node` the node.
    let mut differing = 0;
    for position in practisable_positions()
        .into_iter()
        .filter(|board| board.marks() == 4)
    {
        let exercise = Exercise::on_position(position, Asked::ValuesAndWindows).unwrap();
        let mut seen = std::collections::HashMap::new();
        for event in exercise
            .trace()
            .iter()
            .filter(|event| event.kind == StepKind::Return)
        {
            let at = exercise
                .tree()
                .position(&event.path)
                .expect("a node of the tree");
            let facts = (event.alpha, event.beta, event.value);
            if seen.insert(at, facts).is_some_and(|before| before != facts) {
                differing += 1;
            }
        }
    }
    assert!(differing > 0);
}

#[test]
fn answers_that_do_not_fit_the_node_are_refused() {
    let mut easy = Exercise::on_tree(AbstractTree::new(2, 2, 0).unwrap(), Asked::Values);
    assert_eq!(
        easy.answer(&id("0.1"), Field::Value, number("3")),
        Err(AnswerError::GivenValue(id("0.1")))
    );
    assert_eq!(
        easy.answer(&id("0"), Field::Alpha, number("3")),
        Err(AnswerError::NotAsked(id("0"), Field::Alpha))
    );
    assert_eq!(
        easy.answer(&id("2"), Field::Value, number("3")),
        Err(AnswerError::NoSuchNode(id("2")))
    );
    assert_eq!(
        easy.mark_pruned(&NodeId::ROOT, true),
        Err(AnswerError::RootPruned)
    );
    let mut hard = Exercise::on_position(board("XOXXOO..."), Asked::ValuesAndWindows).unwrap();
    assert_eq!(
        hard.answer(&id("6"), Field::Beta, number("0")),
        Err(AnswerError::NotAsked(id("6"), Field::Beta)),
        "X has won: no children, no window asked"
    );
    assert_eq!(
        hard.answer(&id("6"), Field::Value, number("+3")),
        Err(AnswerError::GivenValue(id("6"))),
        "a finished game's score is given, as every leaf's"
    );
    assert!(hard.answer(&id("7"), Field::Beta, number("inf")).is_ok());
    for error in [
        AnswerError::NoSuchNode(id("2")),
        AnswerError::GivenValue(id("0.1")),
        AnswerError::NotAsked(id("0"), Field::Alpha),
        AnswerError::RootPruned,
    ] {
        assert!(!error.to_string().is_empty());
    }
    assert_eq!(
        AnswerError::NotAsked(id("0"), Field::Alpha).to_string(),
        "α is not asked at node \"0\": α and β are asked in the harder mode, at nodes with children"
    );
    for field in Field::ALL {
        assert_eq!(Field::from_name(field.name()), Some(field));
    }
}
