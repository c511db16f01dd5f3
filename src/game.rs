//! One game as the page plays it: who is who, whose turn it is, what the page says. Pure Rust, so the DOM layer
//! only renders what this module decides, and all of it is tested natively.

use crate::engine::{best_move, Board, Player, Rng, Status, CELLS};

/// The computer's pause before it answers, when nothing else is asked for.
pub const DEFAULT_DELAY_MS: u32 = 350;

/// The longest pause that may be asked for.
pub const MAX_DELAY_MS: u32 = 10_000;

/// The settings a page (or a URL) can give a game.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Settings {
    /// The side the person plays; the computer plays the other.
    pub human: Player,
    /// The computer's pause before it answers, in milliseconds.
    pub delay_ms: u32,
}

impl Default for Settings {
    fn default() -> Settings {
        Settings {
            human: Player::X,
            delay_ms: DEFAULT_DELAY_MS,
        }
    }
}

/// The longest piece of an outside value quoted back in a message.
const QUOTE_LIMIT: usize = 40;

/// `value` as a message quotes it: in quotes, shortened if long.
fn quote(value: &str) -> String {
    let mut quoted: String = value.chars().take(QUOTE_LIMIT).collect();
    if value.chars().count() > QUOTE_LIMIT {
        quoted.push('…');
    }
    format!("\"{quoted}\"")
}

impl Settings {
    /// Reads settings from `name=value` pairs (a URL's parameters). A value that is not understood is reported
    /// in a sentence meant for the person reading the page, and the default is used instead. Names this game
    /// does not use are ignored, since pages and links add their own parameters.
    pub fn from_pairs<'a>(
        pairs: impl IntoIterator<Item = (&'a str, &'a str)>,
    ) -> (Settings, Vec<String>) {
        let mut settings = Settings::default();
        let mut problems = Vec::new();
        for (name, value) in pairs {
            match name {
                "human" => match value.trim() {
                    "X" | "x" => settings.human = Player::X,
                    "O" | "o" => settings.human = Player::O,
                    _ => problems.push(format!(
                        "human={} is not understood: it must be X or O. You play X.",
                        quote(value)
                    )),
                },
                "delay" => match value.trim().parse::<u32>() {
                    Ok(ms) if ms <= MAX_DELAY_MS => settings.delay_ms = ms,
                    _ => problems.push(format!(
                        "delay={} is not understood: it must be a whole number of milliseconds from 0 to \
                         {MAX_DELAY_MS}. The computer waits {DEFAULT_DELAY_MS} ms.",
                        quote(value)
                    )),
                },
                _ => {}
            }
        }
        (settings, problems)
    }
}

/// Splits a URL's query (with or without its leading `?`) into decoded `name=value` pairs, in order.
pub fn query_pairs(query: &str) -> Vec<(String, String)> {
    query
        .trim_start_matches('?')
        .split('&')
        .filter(|part| !part.is_empty())
        .map(|part| {
            let (name, value) = part.split_once('=').unwrap_or((part, ""));
            (percent_decode(name), percent_decode(value))
        })
        .collect()
}

/// Decodes `+` and `%XX` as forms do; bytes that are not UTF-8 become U+FFFD.
fn percent_decode(text: &str) -> String {
    let bytes = text.as_bytes();
    let mut decoded = Vec::with_capacity(bytes.len());
    let mut i = 0;
    while i < bytes.len() {
        let hex = |at: usize| bytes.get(at).and_then(|b| (*b as char).to_digit(16));
        match bytes[i] {
            b'+' => decoded.push(b' '),
            b'%' => match (hex(i + 1), hex(i + 2)) {
                (Some(high), Some(low)) => {
                    decoded.push((high * 16 + low) as u8);
                    i += 2;
                }
                _ => decoded.push(b'%'),
            },
            byte => decoded.push(byte),
        }
        i += 1;
    }
    String::from_utf8_lossy(&decoded).into_owned()
}

/// What the game is waiting for.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Phase {
    /// The person may play.
    HumanToMove,
    /// The computer is about to answer; clicks wait.
    ComputerToMove,
    /// The game has ended.
    Over(Status),
}

/// A game between the person and the computer.
#[derive(Clone, Debug)]
pub struct Game {
    board: Board,
    human: Player,
    rng: Rng,
}

impl Game {
    /// A new game from the empty board; `seed` fixes the computer's choices among equal moves.
    pub fn new(human: Player, seed: u64) -> Game {
        Game {
            board: Board::EMPTY,
            human,
            rng: Rng::new(seed),
        }
    }

    /// The position on the board.
    pub fn board(&self) -> Board {
        self.board
    }

    /// The side the person plays.
    pub fn human(&self) -> Player {
        self.human
    }

    /// Starts again from the empty board, the person playing `human`.
    pub fn restart(&mut self, human: Player) {
        self.board = Board::EMPTY;
        self.human = human;
    }

    /// What the game is waiting for.
    pub fn phase(&self) -> Phase {
        match self.board.status() {
            Status::InProgress if self.board.to_move() == self.human => Phase::HumanToMove,
            Status::InProgress => Phase::ComputerToMove,
            over => Phase::Over(over),
        }
    }

    /// The person plays `cell` if it is their turn and the cell is empty; returns whether a mark was placed.
    /// Anything else (a filled cell, a finished game, the computer's turn, no such cell) changes nothing.
    pub fn play_human(&mut self, cell: usize) -> bool {
        if self.phase() != Phase::HumanToMove {
            return false;
        }
        match self.board.try_play(cell) {
            Ok(board) => {
                self.board = board;
                true
            }
            Err(_) => false,
        }
    }

    /// The computer plays its move if it is its turn; returns the cell it played.
    pub fn play_computer(&mut self) -> Option<usize> {
        if self.phase() != Phase::ComputerToMove {
            return None;
        }
        let cell = best_move(self.board, &mut self.rng)?;
        self.board = self.board.play(cell);
        Some(cell)
    }

    /// The status line: whose turn it is, or the result in plain words.
    pub fn status_text(&self) -> String {
        let human = self.human;
        match self.phase() {
            Phase::HumanToMove => format!("Your turn: you play {human}."),
            Phase::ComputerToMove => format!("Computer's turn ({}): thinking…", human.opponent()),
            Phase::Over(Status::Won(winner)) if winner == human => "You win".to_owned(),
            Phase::Over(Status::Won(_)) => "Computer wins".to_owned(),
            Phase::Over(_) => "Draw".to_owned(),
        }
    }

    /// Whether `cell` is part of the winning line.
    pub fn is_winning_cell(&self, cell: usize) -> bool {
        self.board
            .winning_line()
            .is_some_and(|line| line.contains(&cell))
    }

    /// The accessible name of a cell's button: where it is and what it holds.
    pub fn cell_label(&self, cell: usize) -> String {
        let content = match self.board.get(cell) {
            Some(player) => player.to_string(),
            None => "empty".to_owned(),
        };
        let place = format!("Row {}, column {}", cell / 3 + 1, cell % 3 + 1);
        if self.is_winning_cell(cell) {
            format!("{place}, {content}, part of the winning line")
        } else {
            format!("{place}, {content}")
        }
    }

    /// Whether a click on `cell` would place a mark now.
    pub fn is_playable(&self, cell: usize) -> bool {
        cell < CELLS && self.phase() == Phase::HumanToMove && self.board.get(cell).is_none()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn pairs(query: &str) -> (Settings, Vec<String>) {
        let pairs = query_pairs(query);
        Settings::from_pairs(pairs.iter().map(|(n, v)| (n.as_str(), v.as_str())))
    }

    #[test]
    fn settings_from_a_url() {
        assert_eq!(pairs(""), (Settings::default(), vec![]));
        let (settings, problems) = pairs("?human=o&delay=0&utm_source=blog");
        assert_eq!(
            settings,
            Settings {
                human: Player::O,
                delay_ms: 0
            }
        );
        assert!(problems.is_empty());
        assert_eq!(pairs("?human=O&delay=10000").0.delay_ms, 10_000);
    }

    #[test]
    fn bad_settings_are_explained_and_use_the_default() {
        for query in ["human=Z", "human=", "human", "human=%3Cb%3EX"] {
            let (settings, problems) = pairs(query);
            assert_eq!(settings.human, Player::X, "{query}");
            assert_eq!(problems.len(), 1, "{query}");
            assert!(problems[0].contains("it must be X or O"), "{query}");
        }
        for query in [
            "delay=-1",
            "delay=abc",
            "delay=10001",
            "delay=",
            "delay=1e3",
            "delay=99999999999999",
        ] {
            let (settings, problems) = pairs(query);
            assert_eq!(settings.delay_ms, DEFAULT_DELAY_MS, "{query}");
            assert_eq!(problems.len(), 1, "{query}");
            assert!(problems[0].contains("from 0 to 10000"), "{query}");
        }
        let (_, problems) = pairs("human=<script>alert(1)</script>");
        assert_eq!(
            problems[0],
            "human=\"<script>alert(1)</script>\" is not understood: it must be X or O. You play X."
        );
        let (_, problems) = pairs(&format!("delay={}", "9".repeat(100)));
        assert!(problems[0].contains(&format!("\"{}…\"", "9".repeat(40))));
    }

    #[test]
    fn query_decoding() {
        assert_eq!(
            query_pairs("?a=1+2&b=%41%zz&c&=d&&e=%F0%9F%98%80"),
            [
                ("a".to_owned(), "1 2".to_owned()),
                ("b".to_owned(), "A%zz".to_owned()),
                ("c".to_owned(), String::new()),
                (String::new(), "d".to_owned()),
                ("e".to_owned(), "😀".to_owned()),
            ]
        );
        assert_eq!(query_pairs("?x=%FF")[0].1, "\u{FFFD}");
    }

    #[test]
    fn turns_and_refusals() {
        let mut game = Game::new(Player::X, 1);
        assert_eq!(game.phase(), Phase::HumanToMove);
        assert_eq!(game.status_text(), "Your turn: you play X.");
        assert!(game.play_human(4));
        assert_eq!(game.phase(), Phase::ComputerToMove);
        assert_eq!(game.status_text(), "Computer's turn (O): thinking…");
        // The person cannot play while the computer is about to, nor on a filled cell.
        assert!(!game.play_human(0));
        let computer = game.play_computer().unwrap();
        assert_ne!(computer, 4);
        assert!(!game.play_human(4));
        assert!(!game.play_human(computer));
        assert!(!game.play_human(9));
        assert_eq!(game.board().marks(), 2);
        assert_eq!(game.play_computer(), None);
    }

    #[test]
    fn the_computer_opens_when_the_person_plays_o() {
        let mut game = Game::new(Player::O, 3);
        assert_eq!(game.phase(), Phase::ComputerToMove);
        assert!(!game.play_human(0));
        assert!(game.play_computer().is_some());
        assert_eq!(game.status_text(), "Your turn: you play O.");
    }

    #[test]
    fn results_in_plain_words() {
        let mut game = Game::new(Player::X, 0);
        game.board = "XXXOO....".parse().unwrap();
        assert_eq!(game.phase(), Phase::Over(Status::Won(Player::X)));
        assert_eq!(game.status_text(), "You win");
        assert!(!game.play_human(5));
        game.human = Player::O;
        assert_eq!(game.status_text(), "Computer wins");
        game.board = "XOXXOOOXX".parse().unwrap();
        assert_eq!(game.status_text(), "Draw");
        game.restart(Player::X);
        assert_eq!(game.board(), Board::EMPTY);
    }

    #[test]
    fn cell_labels_say_where_and_what() {
        let mut game = Game::new(Player::X, 0);
        assert_eq!(game.cell_label(0), "Row 1, column 1, empty");
        game.board = "XXXOO....".parse().unwrap();
        assert_eq!(
            game.cell_label(2),
            "Row 1, column 3, X, part of the winning line"
        );
        assert_eq!(game.cell_label(4), "Row 2, column 2, O");
        assert_eq!(game.cell_label(8), "Row 3, column 3, empty");
        assert!(game.is_winning_cell(1) && !game.is_winning_cell(3));
    }
}
