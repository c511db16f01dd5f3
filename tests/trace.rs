//! The alpha-beta step trace against the textbook: every reachable position, the empty board included, traced by
//! the engine and by Russell and Norvig's MAX-VALUE/MIN-VALUE (the library's one textbook search, on the
//! oracle's 3x3 game: its own lines, its own scores), plus a few traces checked by hand.

#[path = "common/oracle.rs"]
mod oracle;

use tictactoe::engine::{
    alpha_beta_trace, evaluate, plain_minimax_nodes, Board, Bound, Grid, Outcome, StepEvent,
    StepKind,
};
use tictactoe::panels::textbook::{alpha_beta_search, tree_events};

fn board(text: &str) -> Board {
    text.parse().unwrap()
}

/// The engine's exact depth-aware score of `board` for the side to move.
fn exact_score(board: Board) -> i32 {
    let (value, _) = evaluate(&board);
    let end = (board.marks() + value.plies as usize) as i32;
    match value.outcome {
        Outcome::Win => 10 - end,
        Outcome::Draw => 0,
        Outcome::Loss => end - 10,
    }
}

fn event(
    kind: StepKind,
    position: &str,
    alpha: Bound,
    beta: Bound,
    value: Option<i32>,
) -> StepEvent {
    StepEvent {
        kind,
        position: Grid::from(board(position)),
        alpha,
        beta,
        value,
    }
}

#[test]
fn the_trace_is_the_textbooks_at_every_reachable_position() {
    let positions = oracle::reachable();
    assert_eq!(positions.len(), 5_478);
    let (mut visits, mut cuts, mut plain) = (0, 0, 0);
    for &position in &positions {
        let trace = alpha_beta_trace(&position);
        assert_eq!(trace, oracle::alpha_beta(position).events, "{position}");
        // The same events with each node named by its path, as the practice and the pseudocode read them.
        assert_eq!(
            tree_events(&trace),
            alpha_beta_search(&oracle::Textbook::from(position)),
            "{position}"
        );
        let first = trace.first().expect("a trace starts with the root's visit");
        assert_eq!(
            (first.kind, first.position, first.alpha, first.beta),
            (StepKind::Visit, *position, Bound::NegInf, Bound::PosInf)
        );
        let last = trace.last().expect("a trace ends with the root's return");
        assert_eq!(
            (last.kind, last.position),
            (StepKind::Return, *position),
            "{position}"
        );
        assert_eq!(last.value, Some(exact_score(position)), "{position}");
        let count = |kind| trace.iter().filter(|e| e.kind == kind).count() as u64;
        // Every node entered returns once.
        assert_eq!(
            count(StepKind::Visit),
            count(StepKind::Return),
            "{position}"
        );
        let nodes = plain_minimax_nodes(&position);
        assert!(count(StepKind::Visit) <= nodes, "{position}");
        visits += count(StepKind::Visit);
        cuts += count(StepKind::Cut);
        plain += nodes;
    }
    // Totals over those positions: they change only if the search or the order of moves does.
    assert_eq!((visits, cuts, plain), (310_611, 61_050, 2_126_493));
}

#[test]
fn a_finished_game_is_one_visit_and_one_return() {
    // X has won with five marks on the board, and O, to move, is MAX: a loss in five, -5.
    use Bound::{NegInf, PosInf};
    assert_eq!(
        alpha_beta_trace(&board("XXXOO....")),
        [
            event(StepKind::Visit, "XXXOO....", NegInf, PosInf, None),
            event(StepKind::Return, "XXXOO....", NegInf, PosInf, Some(-5)),
        ]
    );
    // A full board with no line is a draw.
    assert_eq!(
        alpha_beta_trace(&board("XOXXOOOXX")),
        [
            event(StepKind::Visit, "XOXXOOOXX", NegInf, PosInf, None),
            event(StepKind::Return, "XOXXOOOXX", NegInf, PosInf, Some(0)),
        ]
    );
}

#[test]
fn one_move_left_raises_alpha_at_the_root() {
    // X plays the last square for a draw; the root, a MAX node, raises its alpha to the draw.
    use Bound::{Finite, NegInf, PosInf};
    assert_eq!(
        alpha_beta_trace(&board("XOXXOOOX.")),
        [
            event(StepKind::Visit, "XOXXOOOX.", NegInf, PosInf, None),
            event(StepKind::Visit, "XOXXOOOXX", NegInf, PosInf, None),
            event(StepKind::Return, "XOXXOOOXX", NegInf, PosInf, Some(0)),
            event(StepKind::Return, "XOXXOOOX.", Finite(0), PosInf, Some(0)),
        ]
    );
}

#[test]
fn a_cut_skips_the_children_left() {
    // X O X      X (MAX) to move. Cells 4 and 5 each win at once with seven marks: 3. After 6, O (MIN) wins at
    // O . .      once in 4, with eight marks: -2, which is at or below alpha = 3, since X already has 3 elsewhere,
    // . O X      so O's other reply (cell 5) cannot change X's choice and is skipped.
    use Bound::{Finite, NegInf, PosInf};
    let visit = |position, alpha| event(StepKind::Visit, position, alpha, PosInf, None);
    let ret =
        |position, alpha, value| event(StepKind::Return, position, alpha, PosInf, Some(value));
    assert_eq!(
        alpha_beta_trace(&board("XOXO...OX")),
        [
            visit("XOXO...OX", NegInf),
            visit("XOXOX..OX", NegInf),
            ret("XOXOX..OX", NegInf, 3),
            visit("XOXO.X.OX", Finite(3)),
            ret("XOXO.X.OX", Finite(3), 3),
            visit("XOXO..XOX", Finite(3)),
            visit("XOXOO.XOX", Finite(3)),
            ret("XOXOO.XOX", Finite(3), -2),
            event(StepKind::Cut, "XOXO..XOX", Finite(3), PosInf, Some(-2)),
            ret("XOXO..XOX", Finite(3), -2),
            ret("XOXO...OX", Finite(3), 3),
        ]
    );
    assert_eq!(exact_score(board("XOXO...OX")), 3);
    // Without pruning the search would also visit O's reply in 5 and X's last move after it.
    assert_eq!(plain_minimax_nodes(&board("XOXO...OX")), 7);
}
#[test]
fn no_cut_when_the_child_that_reaches_the_bound_is_the_last() {
    // X O X      O (MAX) to move wins at once in 7, with eight marks: 2. After 8, X's only move, 7, fills the
    // O O X      board for a draw: 0, at or below alpha = 2, but no reply is left to skip, so there is no cut.
    // X . .      A MIN node that stops on its bound returns before lowering its beta.
    use Bound::{Finite, NegInf, PosInf};
    let visit = |position, alpha| event(StepKind::Visit, position, alpha, PosInf, None);
    let ret =
        |position, alpha, value| event(StepKind::Return, position, alpha, PosInf, Some(value));
    assert_eq!(
        alpha_beta_trace(&board("XOXOOXX..")),
        [
            visit("XOXOOXX..", NegInf),
            visit("XOXOOXXO.", NegInf),
            ret("XOXOOXXO.", NegInf, 2),
            visit("XOXOOXX.O", Finite(2)),
            visit("XOXOOXXXO", Finite(2)),
            ret("XOXOOXXXO", Finite(2), 0),
            ret("XOXOOXX.O", Finite(2), 0),
            ret("XOXOOXX..", Finite(2), 2),
        ]
    );
}
