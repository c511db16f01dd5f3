//! The pseudocode against the trace: on every reachable 3x3 position with at most six empty squares and on
//! abstract trees of every shape, each event of the trace is one step, at the line that runs it, with the trace's
//! α, β and value; the lines run in the listing's order; each test of v against the bound decides what the trace
//! does next; and a returning node names the child whose value it returns.

#[path = "common/oracle.rs"]
mod oracle;

use tictactoe::engine::StepKind;
use tictactoe::panels::search_tree::{AbstractTree, SearchTree};
use tictactoe::panels::steps::pseudocode::{Happening, Pseudocode, LISTING};
use tictactoe::panels::textbook::TreeEvent;

/// Every tree the tests run: each reachable position with six empty squares or fewer, and abstract trees.
fn trees() -> Vec<SearchTree> {
    let mut trees: Vec<SearchTree> = oracle::reachable()
        .into_iter()
        .filter(|board| board.marks() >= 3)
        .map(SearchTree::whole)
        .collect();
    for depth in AbstractTree::DEPTHS {
        for branching in AbstractTree::BRANCHINGS {
            for seed in [0, 1, 2, 37, u64::MAX] {
                let tree = AbstractTree::new(depth, branching, seed).unwrap();
                trees.push(SearchTree::Abstract(tree));
            }
        }
    }
    trees
}

/// The line each kind of event runs at, and the step there: a visit enters the function, a cut is the test that
/// skips, a return is a terminal test, a test that returns, or the last line.
fn assert_each_event_is_its_step(code: &Pseudocode) {
    let events = code.events();
    let shown: Vec<usize> = code
        .steps()
        .iter()
        .filter_map(|step| step.event.map(|event| event as usize))
        .collect();
    assert_eq!(
        shown,
        (0..events.len()).collect::<Vec<_>>(),
        "every event once, in order"
    );
    for (index, event) in events.iter().enumerate() {
        let at = code.step_of_event(index);
        let step = &code.steps()[at];
        assert_eq!(code.path(at), &event.path[..]);
        let base = if event.at_max_node() { 4 } else { 12 };
        let expected = match (event.kind, step.happening) {
            (StepKind::Visit, Happening::Enter) => base,
            (StepKind::Return, Happening::Terminal) => base + 1,
            (
                StepKind::Cut,
                Happening::Test {
                    reached: true,
                    left,
                },
            ) if left > 0 => base + 5,
            (StepKind::Return, Happening::ReturnAtBound) => base + 5,
            (StepKind::Return, Happening::Return) => base + 7,
            other => panic!("event {index}: {other:?}"),
        };
        assert_eq!(step.line, expected, "event {index}");
        assert_eq!(
            (step.alpha, step.beta),
            (event.alpha, event.beta),
            "event {index}"
        );
        let v = event.value;
        if event.kind != StepKind::Visit {
            assert_eq!(step.v, v, "event {index}");
        }
    }
}

/// The lines run as the listing says, each call returning to the line that made it; each test's outcome decides
/// the next line; the loop takes the actions of s in order.
fn assert_the_lines_run_in_order(code: &Pseudocode, tree: &SearchTree) {
    let steps = code.steps();
    // The line each open call returns to: 2 for the root's MAX-VALUE, 8 or 16 for the others.
    let mut callers: Vec<u8> = Vec::new();
    let mut next_action = Vec::new();
    for (at, pair) in steps.windows(2).enumerate() {
        let (step, next) = (&pair[0], &pair[1]);
        let allowed: Vec<u8> = match (step.line, step.happening) {
            (1, _) => vec![2],
            (2, Happening::CallRoot) => {
                callers.push(2);
                vec![4]
            }
            (2, Happening::RootValue) => vec![3],
            (4 | 12, _) => vec![step.line + 1],
            (5 | 13, Happening::NotTerminal) => vec![step.line + 1],
            (6 | 14, _) => {
                next_action.push(0);
                vec![step.line + 1]
            }
            (7 | 15, Happening::NextAction { index, count }) => {
                let expected = next_action.last_mut().expect("in a loop");
                assert_eq!(index, *expected, "step {at}");
                *expected += 1;
                let actions = tree.actions(code.path(at));
                assert_eq!(usize::from(count), actions.len());
                assert_eq!(
                    step.action.map(usize::from),
                    actions.get(usize::from(index)).copied()
                );
                vec![step.line + 1]
            }
            (7 | 15, Happening::NoActionLeft) => vec![step.line + 4],
            (8 | 16, Happening::Call) => {
                callers.push(step.line);
                vec![if step.line == 8 { 12 } else { 4 }]
            }
            (8 | 16, Happening::Combine { .. }) => vec![step.line + 1],
            (9 | 17, Happening::Test { reached: true, .. }) => {
                assert_eq!(next.happening, Happening::ReturnAtBound, "step {at}");
                vec![step.line]
            }
            (9 | 17, Happening::Test { reached: false, .. }) => vec![step.line + 1],
            (10 | 18, _) => vec![step.line - 3],
            // A return: to the caller's line.
            (5 | 9 | 11 | 13 | 17 | 19, _) => {
                if step.line != 5 && step.line != 13 {
                    next_action.pop();
                }
                vec![callers.pop().expect("a caller")]
            }
            other => panic!("step {at}: {other:?}"),
        };
        assert!(
            allowed.contains(&next.line),
            "step {at}: {step:?} then {next:?}"
        );
    }
    assert_eq!(steps.last().map(|step| step.line), Some(3));
    assert!(callers.is_empty() && next_action.is_empty());
}

/// The child a returning node names: the first whose value is the node's (the one that gave v its value).
fn assert_returns_name_their_child(code: &Pseudocode) {
    let events = code.events();
    for (index, event) in events.iter().enumerate() {
        if event.kind != StepKind::Return {
            continue;
        }
        let first_of_value = events.iter().find(|child: &&TreeEvent| {
            child.kind == StepKind::Return
                && child.path.len() == event.path.len() + 1
                && child.path.starts_with(&event.path)
                && child.value == event.value
        });
        let step = &code.steps()[code.step_of_event(index)];
        assert_eq!(
            step.chosen.map(usize::from),
            first_of_value.and_then(|child| child.path.last().copied()),
            "event {index}"
        );
    }
}

#[test]
fn the_pseudocode_runs_as_the_trace_goes_on_every_small_position_and_abstract_tree() {
    let trees = trees();
    // 5,396 positions (as tests/trace.rs counts them) and 45 abstract trees.
    assert_eq!(trees.len(), 5_396 + 45);
    let mut steps = 0;
    for tree in trees {
        let code = Pseudocode::new(tree.clone(), tree.trace());
        assert_each_event_is_its_step(&code);
        assert_the_lines_run_in_order(&code, &tree);
        assert_returns_name_their_child(&code);
        steps += code.steps().len();
    }
    // The steps over all of them: they change only if the trace or the listing does.
    assert_eq!(steps, 1_450_725);
}

#[test]
fn the_steps_read_as_sentences_beside_their_lines() {
    let tree = SearchTree::whole("XOXO...OX".parse().unwrap());
    let code = Pseudocode::new(tree.clone(), tree.trace());
    let sentences: Vec<String> = (0..code.steps().len())
        .map(|at| code.sentence(at))
        .collect();
    assert_eq!(
        sentences[..12],
        [
            "Line 1: ALPHA-BETA-SEARCH starts from the starting position, where X is MAX.",
            "Line 2: it calls MAX-VALUE on the starting position with α = −∞ and β = +∞.",
            "Line 4: MAX-VALUE is called on s = the starting position, with α = −∞ and β = +∞.",
            "Line 5: the game goes on at s.",
            "Line 6: v ← −∞.",
            "Line 7: a = row 2, column 2, the first of the 3 actions of s.",
            "Line 8: MAX-VALUE calls MIN-VALUE on RESULT(s, a), with α = −∞ and β = +∞.",
            "Line 12: MIN-VALUE is called on s = X in row 2, column 2, with α = −∞ and β = +∞.",
            "Line 13: the game is over at s, so MIN-VALUE returns UTILITY(s) = +3.",
            "Line 8: the call returned +3, so v ← MAX(−∞, +3) = +3.",
            "Line 9: v = +3 < β = +∞: the search goes on.",
            "Line 10: α ← MAX(−∞, +3) = +3.",
        ]
    );
    let cut = code.step_of_event(8);
    assert_eq!(code.condition(cut).as_deref(), Some("v = −2 ≤ α = +3"));
    assert_eq!(
        sentences[cut],
        "Line 17: v = −2 ≤ α = +3: the other replies here are skipped."
    );
    assert_eq!(
        sentences[cut + 1],
        "Line 17: MIN-VALUE returns v = −2, the value of the reply in row 2, column 2."
    );
    assert_eq!(
        sentences[sentences.len() - 2..],
        [
            "Line 2: v ← +3, the value of the starting position for X.",
            "Line 3: the search returns the action with value +3, the move in row 2, column 2.",
        ]
    );
    let variables: Vec<String> = code
        .variables(cut)
        .into_iter()
        .map(|(name, value)| format!("{name} = {value}"))
        .collect();
    assert_eq!(
        variables,
        [
            "s = X in row 3, column 1",
            "v = −2",
            "α = +3",
            "β = +∞",
            "a = row 2, column 2"
        ]
    );
}

#[test]
fn every_step_has_a_sentence_on_its_line() {
    let mut seen = std::collections::HashSet::new();
    for tree in trees()
        .into_iter()
        .filter(|tree| tree.actions(&[]).len() <= 4)
    {
        let code = Pseudocode::new(tree.clone(), tree.trace());
        for at in 0..code.steps().len() {
            let sentence = code.sentence(at);
            let line = code.steps()[at].line;
            assert!(
                sentence.starts_with(&format!("Line {line}: ")),
                "{sentence}"
            );
            assert!(sentence.ends_with('.') && sentence.len() > 12, "{sentence}");
            seen.insert(line);
        }
    }
    assert_eq!(seen.len(), LISTING.len(), "every line runs somewhere");
    let numbers: Vec<u8> = LISTING.iter().map(|line| line.number).collect();
    assert_eq!(numbers, (1..=19).collect::<Vec<_>>());
}
