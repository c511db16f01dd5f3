#![cfg(not(target_arch = "wasm32"))]
//! The Gomocup brain as a manager meets it: thousands of random, garbled and hostile lines, with a fake search and
//! with the engine's, none of which may make it panic or say anything outside the protocol; and the
//! `pbrain-minimax` binary itself, fed a session through a pipe.

use std::io::Write;
use std::process::{Command, Stdio};
use tictactoe::engine::{Grid, InstantClock, Score};
use tictactoe::gomocup::{Brain, Choice, EngineSearcher, Searcher, MAX_LINE_BYTES};

/// Plays the lowest empty cell at once.
struct FirstEmpty;

impl Searcher for FirstEmpty {
    fn search(&mut self, grid: &Grid, _time_ms: u32) -> Choice {
        Choice {
            cell: grid.legal_moves().next(),
            verdict: Score::Estimate(0),
            forced: None,
        }
    }
}

/// A small generator (xorshift64*), so that a failure repeats from its seed.
struct Random(u64);

impl Random {
    fn next(&mut self) -> u64 {
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        self.0.wrapping_mul(0x2545_F491_4F6C_DD1D)
    }

    fn below(&mut self, n: usize) -> usize {
        (self.next() % n as u64) as usize
    }

    /// A number a manager, or a broken one, might write: mostly on a 15 x 15 board, sometimes anything.
    fn number(&mut self) -> String {
        match self.below(10) {
            0 => "-1".to_owned(),
            1 => "99999999999999999999".to_owned(),
            2 => String::new(),
            3 => format!("{}", self.below(40)),
            _ => format!("{}", self.below(16)),
        }
    }
}

/// One line of input: a command, well-formed or not, a `BOARD` line, or garbage bytes.
fn random_line(random: &mut Random) -> Vec<u8> {
    let (a, b, c) = (random.number(), random.number(), random.number());
    let text = match random.below(32) {
        0 => format!("START {a}"),
        1 | 2 => format!("START {}", 5 + random.below(11)),
        3 => format!("RECTSTART {a},{b}"),
        4 => "BEGIN".to_owned(),
        5..=12 => format!("TURN {},{}", random.below(15), random.below(15)),
        13 => format!("TURN {a},{b}"),
        14 => "BOARD".to_owned(),
        15..=17 => format!("{a},{b},{}", random.below(5)),
        18 | 19 => "DONE".to_owned(),
        20 => format!("TAKEBACK {a},{b}"),
        21 => "RESTART".to_owned(),
        22 => {
            let keys = [
                "timeout_turn",
                "time_left",
                "rule",
                "max_memory",
                "game_type",
                "evaluate",
                "folder",
                "",
            ];
            format!("INFO {} {a}", keys[random.below(keys.len())])
        }
        23 => "ABOUT".to_owned(),
        24 => format!("  turn\t{a} , {b} {c} "),
        25 => [
            "PLAY 1,1",
            "SWAP2BOARD",
            "SUGGEST 2,2",
            "done",
            "board",
            "INFO rule",
        ][random.below(6)]
        .to_owned(),
        26 => format!("{a},{b}"),
        27 => "x".repeat(random.below(3 * MAX_LINE_BYTES)),
        _ => {
            let bytes: Vec<u8> = (0..random.below(40)).map(|_| random.next() as u8).collect();
            return bytes.into_iter().filter(|&byte| byte != b'\n').collect();
        }
    };
    text.into_bytes()
}

/// Whether `line` is something a brain may say: a move, `OK`, `ERROR`/`UNKNOWN`/`MESSAGE` with a message, or the
/// `ABOUT` line; one short line each.
fn is_protocol_line(line: &str) -> bool {
    let with_message = ["ERROR ", "UNKNOWN ", "MESSAGE "]
        .iter()
        .any(|word| line.starts_with(word) && line.len() > word.len());
    let is_move = line.split_once(',').is_some_and(|(x, y)| {
        x.parse::<usize>().is_ok_and(|x| x < 15) && y.parse::<usize>().is_ok_and(|y| y < 15)
    });
    let short = line.len() <= 300 && !line.contains(['\n', '\r']);
    short && (with_message || is_move || line == "OK" || line.starts_with("name=\"minimax\""))
}

/// Feeds `lines` random lines to brains made by `new_brain` (a new one after each `END`), checks every answer, and
/// counts the answers and the moves among them.
fn fuzz<S: Searcher>(
    seed: u64,
    lines: usize,
    mut new_brain: impl FnMut() -> Brain<S>,
) -> (usize, usize) {
    let mut random = Random(seed);
    let mut brain = new_brain();
    let (mut answers, mut moves) = (0, 0);
    for _ in 0..lines {
        let line = if random.below(200) == 0 {
            b"END".to_vec()
        } else {
            random_line(&mut random)
        };
        for answer in brain.handle(&line) {
            assert!(
                is_protocol_line(&answer),
                "{answer:?} to {:?}",
                String::from_utf8_lossy(&line)
            );
            answers += 1;
            moves += usize::from(answer.as_bytes()[0].is_ascii_digit());
        }
        if brain.is_ended() {
            assert!(brain.handle(b"ABOUT").is_empty(), "nothing after END");
            brain = new_brain();
        }
    }
    (answers, moves)
}

#[test]
fn garbled_input_never_breaks_the_brain() {
    let (answers, moves) = fuzz(0x5EED_0001, 30_000, || Brain::new(FirstEmpty));
    assert!(
        answers > 10_000 && moves > 1_000,
        "{answers} answers, {moves} moves"
    );
}

#[test]
fn garbled_input_never_breaks_the_brain_with_the_engine() {
    // `timeout_turn 0` asks for a move as fast as possible: the engine's first iteration only.
    let (answers, moves) = fuzz(0x5EED_0002, 4_000, || {
        let mut brain = Brain::new(EngineSearcher::new(InstantClock::new()));
        brain.handle(b"INFO timeout_turn 0");
        brain
    });
    assert!(
        answers > 1_000 && moves > 100,
        "{answers} answers, {moves} moves"
    );
}

/// The binary's answers to `input`, written all at once and then closed.
fn run_binary(input: &[u8]) -> (String, bool) {
    let mut child = Command::new(env!("CARGO_BIN_EXE_pbrain-minimax"))
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .spawn()
        .expect("the binary starts");
    child
        .stdin
        .take()
        .expect("piped")
        .write_all(input)
        .expect("the brain reads its input");
    let output = child.wait_with_output().expect("the brain ends");
    (
        String::from_utf8(output.stdout).expect("text"),
        output.status.success(),
    )
}

#[test]
fn the_binary_plays_through_a_pipe_and_survives_garbage() {
    let mut input =
        b"START 15\r\nINFO timeout_turn 100\r\nINFO rule 4\r\nBEGIN\r\nTURN 0,0\r\n".to_vec();
    input.extend_from_slice(b"\xff\xfe\xfd\n");
    input.extend(std::iter::repeat_n(b'9', 100_000));
    input.extend_from_slice(
        b"\nTURN 7,7\nBOARD\n7,7,1\n7,8,2\nDONE\nTAKEBACK 7,8\nABOUT\nEND\nABOUT\n",
    );
    let (output, success) = run_binary(&input);
    assert!(success);
    let lines: Vec<&str> = output.lines().collect();
    assert_eq!(lines[0], "OK");
    assert!(lines[1].starts_with("MESSAGE rule 4 (renju) is not supported"));
    let moves = [lines[2], lines[3]];
    assert!(
        moves
            .iter()
            .all(|line| is_protocol_line(line) && line.contains(',')),
        "{lines:?}"
    );
    assert_eq!(lines[4], "ERROR line is not UTF-8 text");
    assert_eq!(lines[5], "ERROR line too long: more than 4096 bytes");
    assert!(
        lines[6] == "ERROR bad TURN: '7,7' is already taken" || lines[6].contains(','),
        "{lines:?}"
    );
    assert!(lines[7].contains(','), "the answer to BOARD: {lines:?}");
    assert_eq!(lines[8], "OK");
    assert!(lines[9].starts_with("name=\"minimax\""));
    assert_eq!(lines.len(), 10, "nothing after END: {lines:?}");
}

#[test]
fn the_binary_ends_at_the_end_of_its_input() {
    let (output, success) = run_binary(b"START 15\nBEGIN");
    assert!(success);
    assert_eq!(output.lines().count(), 2, "{output}");
}

/// The brain's answers to `lines`, one session with the engine's search as fast as it goes.
fn engine_session(lines: &[&str]) -> Vec<String> {
    let mut brain = Brain::new(EngineSearcher::new(InstantClock::new()));
    brain.handle(b"INFO timeout_turn 0");
    lines
        .iter()
        .flat_map(|line| brain.handle(line.as_bytes()))
        .collect()
}

#[test]
fn under_the_standard_rule_a_six_is_not_a_win() {
    // The brain's stones at 0..3 and 5 of the top row: the empty 4,0 makes six in a row. The opponent's five
    // stones are scattered along the bottom row.
    let board = [
        "BOARD", "0,0,1", "1,0,1", "2,0,1", "3,0,1", "5,0,1", "0,14,2", "2,14,2", "4,14,2",
        "6,14,2", "8,14,2", "DONE",
    ];
    let free: Vec<&str> = ["START 15", "INFO rule 0"]
        .into_iter()
        .chain(board)
        .collect();
    assert_eq!(
        engine_session(&free),
        ["OK", "MESSAGE proved win in 1 plies", "4,0"],
        "free-style: six wins"
    );
    let standard: Vec<&str> = ["START 15", "INFO rule 1"]
        .into_iter()
        .chain(board)
        .collect();
    let answer = engine_session(&standard);
    assert_eq!(answer[0], "OK");
    assert!(
        !answer
            .iter()
            .any(|line| line.contains("win") || line == "4,0"),
        "standard: six is no win, so no reason to play it: {answer:?}"
    );
    // The rule may come before START too. The opponent's TURN that makes six of its own is no win either: the
    // brain moves on. Free-style, the brain blocks that cell at once.
    let six = [
        "INFO rule 1",
        "START 15",
        "BOARD",
        "0,5,2",
        "1,5,2",
        "2,5,2",
        "4,5,2",
        "5,5,2",
        "0,9,1",
        "3,9,1",
        "6,9,1",
        "9,9,1",
        "12,9,1",
        "DONE",
        "TURN 3,5",
    ];
    let answer = engine_session(&six);
    assert!(
        !answer.iter().any(|line| line.starts_with("ERROR")),
        "{answer:?}"
    );
    assert!(
        answer.last().is_some_and(|line| line.contains(',')),
        "a move: {answer:?}"
    );
    let mut free = six;
    free[0] = "INFO rule 0";
    let answer = engine_session(&free);
    assert_eq!(answer[..2], ["OK", "3,5"], "{answer:?}");
}
