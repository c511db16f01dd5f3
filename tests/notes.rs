//! Each panel opens with at most two sentences, the rest one click away: the opening of every panel's note (move
//! scores, the choice of scoring, search statistics, game tree, step-through, practice) on the 3x3 board, a bigger
//! board and an abstract tree, counted; and every panel that gives values says the convention in the same words.

use tictactoe::engine::{
    think, Board, Grid, Limits, Outcome, Player, Score, Scoring, Shape, SteppingClock, Value,
};
use tictactoe::panels::practice::{Practising, Subject};
use tictactoe::panels::scores::{scores_note, scoring_note};
use tictactoe::panels::search_report::{search_sentence, step_on_3x3, tree_depth_note};
use tictactoe::panels::search_tree::{AbstractTree, SearchTree};
use tictactoe::panels::statistics::stats_note;
use tictactoe::panels::steps::Stepper;
use tictactoe::panels::tree::tree_note;
use tictactoe::panels::words::{exact_scores, values_are, Convention, Note};

/// How many sentences `text` has: each ends with a full stop, a question or an exclamation mark, or an ellipsis,
/// before a space or the end of the text.
fn sentences(text: &str) -> usize {
    let chars: Vec<char> = text.chars().collect();
    chars
        .iter()
        .enumerate()
        .filter(|&(index, mark)| {
            matches!(mark, '.' | '?' | '!' | '…')
                && chars.get(index + 1).is_none_or(|next| next.is_whitespace())
        })
        .count()
}

fn board(text: &str) -> Board {
    text.parse().unwrap()
}

/// Every panel's note, named, on the positions and trees a reader meets.
fn notes() -> Vec<(String, Note)> {
    let mut notes = Vec::new();
    let mut add = |name: &str, note: Note| notes.push((name.to_owned(), note));
    let big = Grid::empty(Shape::new(7, 7, 5).unwrap());
    for (name, position) in [
        ("3x3", board("X.O.X.O..")),
        ("3x3, O to move", board("X........")),
    ] {
        for scoring in [Scoring::DepthAware, Scoring::Plain] {
            let convention = Convention::at(&position, scoring);
            add(
                &format!("move scores, {name}, {scoring:?}"),
                scores_note(convention, &position, Some(&exact_scores(&position)), true).unwrap(),
            );
        }
        add(&format!("game tree, {name}"), tree_note(position));
        add(
            &format!("step-through, {name}"),
            Stepper::new(position).intro(),
        );
    }
    let convention = Convention::at(&big, Scoring::DepthAware);
    let draw = Score::Proved(Value {
        outcome: Outcome::Draw,
        plies: 49,
    });
    for (name, moves) in [
        ("searching", None),
        ("estimates", Some(&[(0, draw), (1, Score::Estimate(3))][..])),
        ("proved", Some(&[(0, draw)][..])),
    ] {
        let note = scores_note(convention, &big, moves, false).unwrap();
        add(&format!("move scores, 7x7, {name}"), note);
    }
    add("game tree, 7x7", tree_depth_note(&big).unwrap());
    add("game tree, over", tree_note(board("XXXOO....")));
    add(
        "step-through, over",
        Stepper::new(board("XXXOO....")).intro(),
    );
    let tree = SearchTree::Abstract(AbstractTree::new(3, 2, 7).unwrap());
    add("step-through, abstract tree", Stepper::on(tree).intro());
    add("step-through, 7x7", step_on_3x3());
    add("scoring", scoring_note());
    add("search statistics", stats_note());
    let mut practising = Practising::default();
    add("practice, none yet", practising.intro());
    practising.follow(Subject::Position(Some(board("XOXXOO..."))));
    add("practice, position", practising.intro());
    practising.follow(Subject::Tree {
        depth: 3,
        branching: 2,
        seed: 7,
    });
    add("practice, abstract tree", practising.intro());
    notes
}

#[test]
fn the_sentence_count_sees_each_sentence_and_no_more() {
    assert_eq!(sentences("One. Two, 10 − n. Three (also -inf)."), 3);
    assert_eq!(
        sentences("Values are MAX's: X moves here, so + is good for X, − for O."),
        1
    );
    assert_eq!(sentences("Scoring every move…"), 1);
    assert_eq!(sentences("0.37 ms, v = +3 ≥ β"), 0);
}

#[test]
fn each_panel_opens_with_at_most_two_sentences_and_the_rest_one_click_away() {
    for (name, note) in notes() {
        let count = sentences(&note.opening);
        assert!(
            (1..=2).contains(&count),
            "{name}: {count} sentences: {}",
            note.opening
        );
        if !note.more.is_empty() {
            assert!(note.summary().starts_with("More about "), "{name}");
            assert!(!note.about.is_empty(), "{name}");
        }
    }
}

#[test]
fn every_panel_that_gives_values_says_the_convention_in_the_same_words() {
    for (name, note) in notes() {
        if name.contains("over")
            || ["scoring", "search statistics", "step-through, 7x7"].contains(&name.as_str())
        {
            continue;
        }
        let said = [Some(Player::X), Some(Player::O), None].map(values_are);
        assert!(
            said.iter()
                .any(|words| note.opening.contains(words.as_str())),
            "{name}: {}",
            note.opening
        );
    }
}

#[test]
fn a_bigger_boards_statistics_open_with_the_search_in_at_most_two_sentences() {
    let position = Grid::empty(Shape::new(7, 7, 5).unwrap());
    let limits = Limits {
        time_ms: 200,
        ..Limits::default()
    };
    let sentence = search_sentence(
        &position,
        &think(&position, limits, &mut SteppingClock::new(1.0)),
    );
    assert!((1..=2).contains(&sentences(&sentence)), "{sentence}");
}
