//! "Check your own minimax" against bots written here: a perfect one, one that always plays the lowest empty
//! cell, one that wins slowly, random ones, an inconsistent one, and answers that are no cell. Each report is
//! held to a walk of every line of the game written apart from the check (the oracle's own rules and scores,
//! every line played out rather than each position once): the positions asked, the shortest lost game, and each
//! kind of mistake.

#[path = "common/oracle.rs"]
mod oracle;

use oracle::Cells;
use std::cell::RefCell;
use std::collections::{HashMap, HashSet};
use tictactoe::api::check::{
    check_bot, BadReply, BotCheck, BotReport, CheckError, CheckOptions, Example, Reply,
};
use tictactoe::engine::{analyze, best_moves, Board, Outcome, Player, Rng};

fn board(text: &str) -> Board {
    text.parse().unwrap()
}

fn options(side: Player) -> CheckOptions {
    CheckOptions {
        side,
        ..CheckOptions::default()
    }
}

/// The board of `cells`.
fn board_of(cells: &Cells) -> Board {
    std::str::from_utf8(&cells.0).unwrap().parse().unwrap()
}

/// What a walk of every line of the game finds, the bot playing `answers` as `side`.
#[derive(Debug, Default)]
struct Walk {
    /// The positions where the bot is to move and the game goes on.
    asked: HashSet<Board>,
    /// Every game the bot loses, as the cells played.
    lost: Vec<Vec<usize>>,
}

/// Walks every line from the empty board: every reply of the opponent, the bot's answer from `answers` at its
/// turns, with the oracle's rules.
fn walk(side: Player, answers: &HashMap<Board, usize>) -> Walk {
    fn go(
        cells: Cells,
        line: &mut Vec<usize>,
        bot: u8,
        answers: &HashMap<Board, usize>,
        found: &mut Walk,
    ) {
        if let Some(winner) = cells.winner() {
            if winner != bot {
                found.lost.push(line.clone());
            }
            return;
        }
        if cells.empty().is_empty() {
            return;
        }
        let moves = if cells.mover() == bot {
            let position = board_of(&cells);
            found.asked.insert(position);
            vec![answers[&position]]
        } else {
            cells.empty()
        };
        for cell in moves {
            line.push(cell);
            go(cells.play(cell), line, bot, answers, found);
            line.pop();
        }
    }
    let mut found = Walk::default();
    go(
        Cells([b'.'; 9]),
        &mut Vec::new(),
        side.symbol() as u8,
        answers,
        &mut found,
    );
    found
}

/// Checks `bot` as `side`, and holds the report to the walk: the same positions asked, the shortest lost game
/// found by trying every line, each mistake counted from the oracle's minimax scores.
fn checked(side: Player, bot: impl Fn(Board) -> usize) -> BotReport {
    let answers = RefCell::new(HashMap::new());
    let calls = RefCell::new(0);
    let report = check_bot(options(side), |position| {
        *calls.borrow_mut() += 1;
        let cell = bot(position);
        answers.borrow_mut().insert(position, cell);
        Reply::from(cell)
    })
    .expect("the bot's answers are cells");
    let answers = answers.into_inner();
    assert_eq!(
        calls.into_inner(),
        answers.len(),
        "each position asked once"
    );
    let walk = walk(side, &answers);
    assert_eq!(
        walk.asked,
        answers.keys().copied().collect(),
        "the positions reachable, and no other"
    );
    assert_eq!(report.positions, walk.asked.len());
    let shortest = walk
        .lost
        .iter()
        .min_by_key(|line| (line.len(), (*line).clone()))
        .cloned();
    assert_eq!(report.losing_line, shortest);
    assert_eq!(report.never_loses, walk.lost.is_empty());
    assert_eq!(mistakes(&report), mistakes_by_the_oracle(&answers));
    report
}

/// The counts of a report's kinds of mistake.
fn mistakes(report: &BotReport) -> (usize, usize, usize) {
    (report.missed_wins, report.slow_wins, report.lost_draws)
}

/// The same counts, from the oracle's minimax scores of every move of each position asked.
fn mistakes_by_the_oracle(answers: &HashMap<Board, usize>) -> (usize, usize, usize) {
    let (mut missed, mut slow, mut lost) = (0, 0, 0);
    for (&position, &cell) in answers {
        let scores = oracle::move_scores(&Cells::of(position), 9);
        let best = scores.iter().map(|&(_, score)| score).max().unwrap();
        let played = scores.iter().find(|&&(move_, _)| move_ == cell).unwrap().1;
        missed += usize::from(best > 0 && played <= 0);
        slow += usize::from(best > 0 && played > 0 && played < best);
        lost += usize::from(best == 0 && played < 0);
    }
    (missed, slow, lost)
}

/// The engine's move: the lowest of its best moves.
fn perfect(position: Board) -> usize {
    best_moves(&position).best_cells()[0]
}

fn lowest_empty_cell(position: Board) -> usize {
    position.legal_moves().next().unwrap()
}

/// Keeps every win, by its slowest way, and else plays the best move.
fn slow_winner(position: Board) -> usize {
    let analysis = analyze(&position);
    analysis
        .values()
        .filter(|(_, value)| value.outcome == Outcome::Win)
        .max_by_key(|(_, value)| value.plies)
        .map_or_else(|| perfect(position), |(cell, _)| cell)
}

#[test]
fn a_perfect_bot_never_loses_and_misses_nothing() {
    // The counts of a walk of the game apart from the check (and from this test's: a Python script's minimax).
    for (side, positions) in [(Player::X, 81), (Player::O, 426)] {
        let report = checked(side, perfect);
        assert!(report.never_loses && report.losing_line.is_none());
        assert_eq!(mistakes(&report), (0, 0, 0));
        assert_eq!(report.positions, positions, "{side:?}");
        assert_eq!(report.examples, Default::default());
        assert_eq!(
            report.sentences(),
            [format!(
                "It never loses: checked against every reply at every turn, {positions} positions asked."
            )]
        );
    }
}

#[test]
fn the_lowest_empty_cell_loses_and_its_shortest_lost_game_is_found() {
    // As X: X 0, O 1, X 2, O 4, X 3, and O 7 wins down the middle column: O's third move, the soonest O can win.
    let report = checked(Player::X, lowest_empty_cell);
    assert!(!report.never_loses);
    assert_eq!(report.losing_line, Some(vec![0, 1, 2, 4, 3, 7]));
    assert_eq!((report.positions, mistakes(&report)), (74, (22, 3, 5)));
    // As O: X 0, O 1, X 3, O 2, X 6, X's column on its third move.
    let as_o = checked(Player::O, lowest_empty_cell);
    assert_eq!(as_o.losing_line, Some(vec![0, 1, 3, 2, 6]));
    assert_eq!((as_o.positions, mistakes(&as_o)), (158, (26, 1, 39)));
    // Its first forced win thrown away: X 0, O 1, and X plays 2 where 3, 4 or 6 wins.
    assert_eq!(
        report.examples.missed_wins[0],
        Example {
            position: board("XO......."),
            bot_move: 2,
            best_moves: vec![3, 4, 6]
        }
    );
    assert_eq!(
        report.sentences(),
        [
            "It can lose: the shortest game it loses is 6 moves long, cells 0, 1, 2, 4, 3, 7 (0 to 8, row by row); \
             74 positions asked.",
            "In 22 positions, it had a forced win and played a move that does not keep it.",
            "In 3 positions, it kept a forced win, but a faster one was there.",
            "In 5 positions, it could at least draw and played a move that loses.",
        ]
    );
}

#[test]
fn a_slow_winner_keeps_its_wins_but_not_the_fastest() {
    let report = checked(Player::X, slow_winner);
    assert!(report.never_loses);
    assert_eq!((report.missed_wins, report.lost_draws), (0, 0));
    assert!(report.slow_wins > 0);
    let Example {
        position,
        bot_move,
        best_moves,
    } = &report.examples.slow_wins[0];
    assert!(!best_moves.contains(bot_move), "{position}");
    assert_eq!(report.examples.slow_wins.len(), report.slow_wins.min(3));
}

#[test]
fn random_bots_are_judged_on_their_answers() {
    for seed in 0..6 {
        for side in [Player::X, Player::O] {
            let rng = RefCell::new(Rng::new(seed));
            let report = checked(side, |position| {
                let moves: Vec<usize> = position.legal_moves().collect();
                moves[rng.borrow_mut().below(moves.len())]
            });
            assert!(report.positions > 0);
        }
    }
}

#[test]
fn an_inconsistent_bot_is_caught_when_asked_twice() {
    // It plays the lowest empty cell, then the highest, then the lowest…
    let calls = RefCell::new(0);
    let flipping = |position: Board| {
        *calls.borrow_mut() += 1;
        let moves: Vec<usize> = position.legal_moves().collect();
        Reply::from(if *calls.borrow() % 2 == 1 {
            moves[0]
        } else {
            moves[moves.len() - 1]
        })
    };
    let once = check_bot(options(Player::X), flipping);
    assert!(once.is_ok(), "asked once a position, it cannot be caught");
    let twice = CheckOptions {
        ask_twice: true,
        ..CheckOptions::default()
    };
    *calls.borrow_mut() = 0;
    let error = check_bot(twice, flipping).unwrap_err();
    // Asked again once the walk is done, some position gets its other answer.
    assert!(
        matches!(error.problem, BadReply::Inconsistent { .. }),
        "{error}"
    );
    let BadReply::Inconsistent { first, then } = error.problem else {
        unreachable!()
    };
    assert_ne!(first, then);
    assert!(error.to_string().ends_with(&format!(
        "the bot answered {first}, then {then}: a bot must answer the same position the same way."
    )));
    // A consistent bot asked twice gives the report it gives when asked once.
    let perfect_twice = check_bot(twice, |position| Reply::from(perfect(position))).unwrap();
    assert_eq!(perfect_twice, checked(Player::X, perfect));
}

#[test]
fn answers_that_are_no_empty_cell_stop_the_check_and_name_the_position() {
    let at = board("X...O....");
    let cases = [
        (Reply::Other("the string \"4\"".to_owned()), "the bot answered the string \"4\", which is not a number: a bot answers with a cell from 0 to 8."),
        (Reply::Number(4.5), "the bot answered 4.5, which is not a cell: cells are whole numbers from 0 to 8."),
        (Reply::Number(f64::NAN), "the bot answered NaN, which is not a cell: cells are whole numbers from 0 to 8."),
        (Reply::Number(f64::INFINITY), "the bot answered Infinity, which is not a cell: cells are whole numbers from 0 to 8."),
        (Reply::Number(9.0), "the bot answered 9, but cells are 0 to 8."),
        (Reply::Number(-1.0), "the bot answered -1, but cells are 0 to 8."),
        (Reply::Number(4.0), "the bot answered 4, but row 2, column 2 is taken by O."),
        (Reply::Number(0.0), "the bot answered 0, but row 1, column 1 is taken by X."),
        (Reply::Threw("no move found".to_owned()), "the bot threw an error: no move found"),
    ];
    for (reply, message) in cases {
        // Fine everywhere but at `at`, where X is to move after X 0, O 4.
        let bot = |position: Board| {
            if position == at {
                reply.clone()
            } else {
                Reply::from(position.legal_moves().next().unwrap())
            }
        };
        let error: CheckError = check_bot(options(Player::X), bot).unwrap_err();
        assert_eq!(error.position, at);
        assert_eq!(
            error.to_string(),
            format!("At X...O.... (X to move), {message}")
        );
    }
}

#[test]
fn the_check_asks_one_ply_at_a_time_and_takes_answers_in_any_order() {
    let mut check = BotCheck::new(options(Player::O));
    // O moves second: first every opening of X.
    let first = check.wanted();
    assert_eq!(first.len(), 9);
    assert_eq!(first[0], board("X........"));
    // A position not asked about, and a report before the end, are refused.
    assert_eq!(
        check
            .answer(board("XO......."), Reply::from(2))
            .unwrap_err()
            .problem,
        BadReply::NotAsked
    );
    assert_eq!(check.report(), None);
    let mut plies = 0;
    loop {
        let mut wanted = check.wanted();
        if wanted.is_empty() {
            break;
        }
        plies += 1;
        // Backwards, with a repeated answer: the order does not matter, and the same answer twice is no error.
        wanted.reverse();
        for &position in &wanted {
            check
                .answer(position, Reply::from(perfect(position)))
                .unwrap();
            check
                .answer(position, Reply::from(perfect(position)))
                .unwrap();
            assert_eq!(
                check.answer(position, Reply::from(9)).unwrap_err().problem,
                BadReply::NoSuchCell(9.0)
            );
        }
    }
    assert_eq!(plies, 4, "O moves 4 times, or fewer");
    assert_eq!(check.report(), Some(checked(Player::O, perfect)));
}
