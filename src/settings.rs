//! What a page or a URL can ask of a game, read from `name=value` pairs with a clear sentence for every value
//! that is not understood. Pure Rust, tested natively.

use crate::engine::{Board, Grid, Level, Player, Scoring, Shape};
use std::fmt;

/// The computer's pause before it answers, when nothing else is asked for.
pub const DEFAULT_DELAY_MS: u32 = 350;

/// The longest pause that may be asked for.
pub const MAX_DELAY_MS: u32 = 10_000;

/// The computer's time per move on a board it cannot search to the end at once, when nothing else is asked for.
pub const DEFAULT_THINK_MS: u32 = 1_000;

/// The shortest and longest times per move that may be asked for.
pub const THINK_RANGE_MS: (u32, u32) = (10, 60_000);

/// The boards the board control offers: rows, columns and how many in a row win.
pub const BOARD_PRESETS: [(usize, usize, usize); 6] = [
    (3, 3, 3),
    (4, 4, 4),
    (4, 4, 3),
    (5, 5, 4),
    (7, 7, 5),
    (15, 15, 5),
];

/// Where the setting `name` comes when several are read at once: the board first, then how many in a row, then
/// the rest, so that a position is read on the board the settings ask for, wherever they say it.
fn reading_rank(name: &str) -> u8 {
    match name {
        "board" => 0,
        "k" => 1,
        _ => 2,
    }
}

/// `items` (settings, each named by `name`) in the order they are read: the board first, then how many in a
/// row, then the rest in the order given.
pub fn in_reading_order<'a, T>(
    items: &'a [T],
    name: impl Fn(&T) -> &str + Copy + 'a,
) -> impl Iterator<Item = &'a T> {
    (0..=2).flat_map(move |rank| {
        items
            .iter()
            .filter(move |item| reading_rank(name(item)) == rank)
    })
}

/// How many in a row win on a board of `rows` by `cols` when `k` is not given: the shorter side, at most five.
pub fn default_k(rows: usize, cols: usize) -> usize {
    rows.min(cols).min(5)
}

/// A board's name as people say it: "3x3, 3 in a row", "15x15, 5 in a row (Gomoku)".
pub fn shape_label(shape: Shape) -> String {
    let gomoku = if (shape.rows(), shape.cols(), shape.k()) == (15, 15, 5) {
        " (Gomoku)"
    } else {
        ""
    };
    format!(
        "{}x{}, {} in a row{gomoku}",
        shape.rows(),
        shape.cols(),
        shape.k()
    )
}

/// `text` as a position on a board of `shape`, or the sentence that says why it is not one. The 3x3 board's
/// 9-character form is read as it always was, with the same sentences.
fn parse_position(text: &str, shape: Shape) -> Result<Grid, String> {
    if shape == Shape::CLASSIC && !text.contains('/') {
        return text
            .parse::<Board>()
            .map(Grid::from)
            .map_err(|error| error.message());
    }
    Grid::parse(text, shape).map_err(|error| error.to_string())
}

/// A position of any board in the notation (rows separated by `/`, or the 9 characters of the 3x3 board), on a
/// board of that many rows and columns with `k` in a row to win (`None`: the board's default, [`default_k`]).
///
/// # Errors
/// A sentence saying what is wrong with the text or with `k`.
pub fn grid_from_text(text: &str, k: Option<usize>) -> Result<Grid, String> {
    let text = text.trim_ascii();
    let Some((rows, cols)) = position_size(text) else {
        return Err(format!(
            "a position is 9 characters such as \"X...O....\", or rows separated by / such as \"..../.X../..O./....\", not {}",
            quote(text)
        ));
    };
    if !(3..=15).contains(&rows) || !(3..=15).contains(&cols) {
        return Err(format!(
            "a board has 3 to 15 rows and 3 to 15 columns, this position is {rows}x{cols} (rows x columns)"
        ));
    }
    let k = k.unwrap_or_else(|| default_k(rows, cols));
    let shape = Shape::new(rows, cols, k).map_err(|error| error.to_string())?;
    parse_position(text, shape)
}

/// How many rows and columns a position in rows form has ("..../.X../..O./....": 4 and 4, counting the first
/// row); `None` for text without a `/`.
fn rows_form_size(text: &str) -> Option<(usize, usize)> {
    let mut rows = text.split('/');
    let cols = rows.next()?.chars().count();
    text.contains('/').then(|| (rows.count() + 1, cols))
}

/// The rows and columns of the board a position is written for: its rows form's, or 3 and 3 for the 3x3 board's
/// 9 characters; `None` for text that is neither.
fn position_size(text: &str) -> Option<(usize, usize)> {
    rows_form_size(text).or_else(|| (text.chars().count() == 9).then_some((3, 3)))
}

/// The board (`ROWSxCOLS`) that settings giving a `position` in rows form but no `board` play on: the
/// position's own, so that `?position=..../.X../..O./....` is a 4x4 game. `None` when a board is given, the
/// position is the 3x3 board's 9 characters, or its size is no board's (its own sentence then says why).
pub fn implied_board(board_given: bool, position: Option<&str>) -> Option<String> {
    let (rows, cols) = rows_form_size(position?.trim_ascii()).filter(|_| !board_given)?;
    board_name(rows, cols)
}

/// The `board` setting's text for a board of `rows` and `cols` ("4x4"), if there is such a board.
fn board_name(rows: usize, cols: usize) -> Option<String> {
    let sides = 3..=15;
    (sides.contains(&rows) && sides.contains(&cols)).then(|| format!("{rows}x{cols}"))
}

/// A board in the text of the `board` setting: `ROWSxCOLS`, each 3 to 15 (`x` or `X`).
fn parse_board(value: &str) -> Option<(usize, usize)> {
    let (rows, cols) = value.trim_ascii().split_once(['x', 'X'])?;
    let side = |text: &str| text.parse::<usize>().ok().filter(|n| (3..=15).contains(n));
    Some((side(rows)?, side(cols)?))
}

/// Who the person plays against.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Mode {
    /// The computer plays the other side.
    Computer,
    /// Two people take turns on the same device.
    Friend,
}

impl Mode {
    /// The mode's name, as URLs spell it.
    pub const fn name(self) -> &'static str {
        match self {
            Mode::Computer => "computer",
            Mode::Friend => "friend",
        }
    }

    /// The mode named `name` (any case).
    pub fn from_name(name: &str) -> Option<Mode> {
        [Mode::Computer, Mode::Friend]
            .into_iter()
            .find(|mode| mode.name().eq_ignore_ascii_case(name.trim_ascii()))
    }
}

/// A level's name as labels show it: "Easy", "Medium", "Hard", "Unbeatable".
pub const fn level_label(level: Level) -> &'static str {
    match level {
        Level::Easy => "Easy",
        Level::Medium => "Medium",
        Level::Hard => "Hard",
        Level::Unbeatable => "Unbeatable",
    }
}

/// Which of minimax's thinking the game shows, and with which scores.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Display {
    /// Each empty square shows the value of playing there.
    pub scores: bool,
    /// The game tree from the current position.
    pub tree: bool,
    /// Node counts and times of each search.
    pub stats: bool,
    /// Alpha-beta from the current position, one step at a time.
    pub step: bool,
    /// On a bigger board, the depth the search reached at each iteration (its horizon).
    pub horizon: bool,
    /// Depth-aware or plain +1/0/-1 scores.
    pub scoring: Scoring,
}

impl Default for Display {
    fn default() -> Display {
        Display {
            scores: false,
            tree: false,
            stats: false,
            step: false,
            horizon: false,
            scoring: Scoring::DepthAware,
        }
    }
}

/// `value` as a switch: `1`, `true`, `yes`, `on` or `0`, `false`, `no`, `off` (any case).
fn switch(value: &str) -> Option<bool> {
    match value.trim_ascii().to_ascii_lowercase().as_str() {
        "1" | "true" | "yes" | "on" => Some(true),
        "0" | "false" | "no" | "off" => Some(false),
        _ => None,
    }
}

/// The settings of a game.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Settings {
    /// The side the person plays against the computer.
    pub human: Player,
    /// The computer's pause before it answers, in milliseconds.
    pub delay_ms: u32,
    /// Against the computer or a friend.
    pub mode: Mode,
    /// How far ahead the computer looks.
    pub level: Level,
    /// The board: its rows, columns, and how many in a row win.
    pub shape: Shape,
    /// The position the game starts from, on that board.
    pub start: Grid,
    /// The computer's time per move, in milliseconds, where it cannot search to the end at once.
    pub think_ms: u32,
    /// Whether a search that stops before the end of the game evaluates the positions at its horizon (off, it
    /// counts them all as even and wanders, which is the point a reader may want to see).
    pub evaluation: bool,
    /// What the game shows of minimax's thinking.
    pub display: Display,
}

impl Default for Settings {
    fn default() -> Settings {
        Settings {
            human: Player::X,
            delay_ms: DEFAULT_DELAY_MS,
            mode: Mode::Computer,
            level: Level::Unbeatable,
            shape: Shape::CLASSIC,
            start: Grid::empty(Shape::CLASSIC),
            think_ms: DEFAULT_THINK_MS,
            evaluation: true,
            display: Display::default(),
        }
    }
}

/// The longest piece of an outside value quoted back in a message.
const QUOTE_LIMIT: usize = 40;

/// `value` as a message quotes it: in quotes, shortened if long.
pub fn quote(value: &str) -> String {
    let mut chars = value.chars();
    let mut quoted = String::from("\"");
    quoted.extend(chars.by_ref().take(QUOTE_LIMIT));
    if chars.next().is_some() {
        quoted.push('…');
    }
    quoted.push('"');
    quoted
}

impl Settings {
    /// Reads settings from `name=value` pairs (a URL's parameters, an element's attributes). A value that is
    /// not understood is reported in a sentence meant for the person reading the page, and the default is used
    /// instead; each problem comes with its setting's name, so that a later change of that setting can take its
    /// sentence back. Names this game does not use are ignored, since pages and links add their own.
    pub fn from_pairs(pairs: &[(String, String)]) -> (Settings, Vec<(String, String)>) {
        let mut settings = Settings::default();
        let given = |wanted: &str| {
            pairs
                .iter()
                .find(|(name, _)| name == wanted)
                .map(|(_, value)| value.as_str())
        };
        if let Some(board) = implied_board(given("board").is_some(), given("position")) {
            settings.set_implied_board(&board);
        }
        let problems = in_reading_order(pairs, |(name, _)| name)
            .filter_map(|(name, value)| {
                let problem = settings.set(name, value).err()?;
                Some((name.clone(), problem.with_default()))
            })
            .collect();
        (settings, problems)
    }

    /// Takes the board, k and position that `pairs` give (the `board`, `k` and `position` attributes of an
    /// element), read together as when a page loads with them: a board given wins over a position's own, and a k
    /// and a position are read on that board. The other settings stay. Returns a sentence for each value not
    /// understood, with its setting's name.
    pub fn set_board_together(&mut self, pairs: &[(String, String)]) -> Vec<(String, String)> {
        let (read, problems) = Settings::from_pairs(pairs);
        self.shape = read.shape;
        self.start = read.start;
        problems
    }

    /// Plays on `board`, a board [`implied_board`] found: one of 3 to 15 rows and columns, which the `board`
    /// setting always takes.
    pub fn set_implied_board(&mut self, board: &str) {
        self.set("board", board)
            .unwrap_or_else(|_| unreachable!("an implied board has 3 to 15 rows and columns"));
    }

    /// Sets `name` on a game that is running, as [`Settings::set`] does, except that a `position` written for
    /// another board moves the game to that board (with its default k): on a live game the position is the
    /// newest word, where in a URL or a set of attributes read at once a `board` given wins.
    ///
    /// # Errors
    /// [`SettingError`] when `value` is not one the setting takes; the settings keep their values.
    pub fn set_live(&mut self, name: &str, value: &str) -> Result<(), SettingError> {
        let here = (self.shape.rows(), self.shape.cols());
        let elsewhere = position_size(value.trim_ascii())
            .filter(|&size| name == "position" && size != here)
            .and_then(|(rows, cols)| board_name(rows, cols));
        let Some(board) = elsewhere else {
            return self.set(name, value);
        };
        let mut moved = *self;
        moved.set_implied_board(&board);
        moved.set(name, value)?;
        *self = moved;
        Ok(())
    }

    /// Whether `name` is a setting's name.
    pub fn is_known(name: &str) -> bool {
        SETTING_NAMES.contains(&name)
    }

    /// Sets the setting `name` to `value`. Unknown names are ignored (see [`Settings::is_known`]).
    ///
    /// # Errors
    /// [`SettingError`] when `value` is not one the setting takes; the setting keeps its value.
    pub fn set(&mut self, name: &str, value: &str) -> Result<(), SettingError> {
        let outcome = match name {
            "human" | "delay" | "mode" | "level" | "think" => {
                self.set_play(name, value.trim_ascii())
            }
            "position" => self.set_position(value.trim_ascii()),
            "board" => self.set_board(value),
            "k" => self.set_k(value.trim_ascii()),
            "scores" | "tree" | "stats" | "step" | "horizon" | "eval" | "scoring" => {
                self.set_display(name, value)
            }
            _ => Ok(()),
        };
        outcome.map_err(|Refusal { expected, default }| SettingError {
            name: name.to_owned(),
            value: value.to_owned(),
            expected,
            default,
        })
    }

    /// Who plays whom, how well and how fast.
    fn set_play(&mut self, name: &str, value: &str) -> Result<(), Refusal> {
        match name {
            "human" => match value {
                "X" | "x" => self.human = Player::X,
                "O" | "o" => self.human = Player::O,
                _ => return Err(Refusal::new("it must be X or O", "You play X.")),
            },
            "delay" => match value.parse::<u32>() {
                Ok(ms) if ms <= MAX_DELAY_MS => self.delay_ms = ms,
                _ => {
                    return Err(Refusal::new(
                        "it must be a whole number of milliseconds from 0 to 10000",
                        "The computer waits 350 ms.",
                    ))
                }
            },
            "mode" => {
                self.mode = Mode::from_name(value).ok_or_else(|| {
                    Refusal::new("it must be computer or friend", "You play the computer.")
                })?;
            }
            "level" => {
                self.level = Level::from_name(value).ok_or_else(|| {
                    Refusal::new(
                        "it must be easy, medium, hard or unbeatable",
                        "The level is unbeatable.",
                    )
                })?;
            }
            "think" => match value.parse::<u32>() {
                Ok(ms) if (THINK_RANGE_MS.0..=THINK_RANGE_MS.1).contains(&ms) => self.think_ms = ms,
                _ => {
                    return Err(Refusal::new(
                        "it must be a whole number of milliseconds from 10 to 60000",
                        "The computer thinks for 1000 ms a move.",
                    ))
                }
            },
            _ => {}
        }
        Ok(())
    }

    /// The position the game starts from, on the board it is played on.
    fn set_position(&mut self, value: &str) -> Result<(), Refusal> {
        // No position at all is the empty board, as when the setting is not given ("?position=").
        self.start = if value.is_empty() {
            Grid::empty(self.shape)
        } else {
            parse_position(value, self.shape).map_err(|expected| Refusal {
                expected,
                default: "The game starts from the empty board.",
            })?
        };
        Ok(())
    }

    fn set_board(&mut self, value: &str) -> Result<(), Refusal> {
        let (rows, cols) = parse_board(value).ok_or_else(|| {
            Refusal::new(
                "it must be ROWSxCOLS, each from 3 to 15, such as 4x4",
                "The board is 3x3.",
            )
        })?;
        // The same board keeps its k and its position; another takes its own default k (a `k` read after it, as
        // in a URL, sets another).
        if (rows, cols) != (self.shape.rows(), self.shape.cols()) {
            let shape = Shape::new(rows, cols, default_k(rows, cols))
                .unwrap_or_else(|_| unreachable!("the default k fits every board of 3 to 15"));
            self.set_shape(shape);
        }
        Ok(())
    }

    fn set_k(&mut self, value: &str) -> Result<(), Refusal> {
        let shape = value
            .parse::<usize>()
            .ok()
            .and_then(|k| Shape::new(self.shape.rows(), self.shape.cols(), k).ok())
            .ok_or_else(|| {
                let longer = self.shape.rows().max(self.shape.cols());
                let expected = if longer == 3 {
                    "on a 3x3 board it must be 3 (a bigger board takes board=, such as board=4x4)"
                        .to_owned()
                } else {
                    format!("it must be a number from 3 to {longer}, the board's longer side")
                };
                Refusal {
                    expected,
                    default: "The board's default is used.",
                }
            })?;
        self.set_shape(shape);
        Ok(())
    }

    /// What the panels show, and how the engine counts.
    fn set_display(&mut self, name: &str, value: &str) -> Result<(), Refusal> {
        match name {
            "eval" => {
                self.evaluation = switch(value).ok_or_else(|| {
                    Refusal::new(
                        "it must be 1 (evaluate) or 0 (count every unfinished position as even)",
                        "Positions are evaluated.",
                    )
                })?;
            }
            "scoring" => {
                self.display.scoring = match value.trim_ascii().to_ascii_lowercase().as_str() {
                    "depth" => Scoring::DepthAware,
                    "plain" => Scoring::Plain,
                    _ => {
                        return Err(Refusal::new(
                            "it must be depth or plain",
                            "Scores are depth-aware.",
                        ))
                    }
                }
            }
            _ => {
                let on = switch(value).ok_or_else(|| {
                    Refusal::new("it must be 1 (shown) or 0 (hidden)", "It is hidden.")
                })?;
                let shown = match name {
                    "scores" => &mut self.display.scores,
                    "tree" => &mut self.display.tree,
                    "stats" => &mut self.display.stats,
                    "horizon" => &mut self.display.horizon,
                    _ => &mut self.display.step,
                };
                *shown = on;
            }
        }
        Ok(())
    }
}

/// Why a setting refused a value: what it takes, and what the game does instead.
struct Refusal {
    expected: String,
    default: &'static str,
}

impl Refusal {
    fn new(expected: &str, default: &'static str) -> Self {
        Refusal {
            expected: expected.to_owned(),
            default,
        }
    }
}

impl Settings {
    /// Plays on `shape`: the start position stays if it is on that board, else the game starts from its empty
    /// board.
    pub fn set_shape(&mut self, shape: Shape) {
        if self.shape != shape {
            self.shape = shape;
            self.start = Grid::empty(shape);
        }
    }

    /// Puts the setting `name` back to its default (unknown names are ignored, as [`Settings::set`] ignores them).
    pub fn reset(&mut self, name: &str) {
        let default = Settings::default();
        match name {
            "human" => self.human = default.human,
            "delay" => self.delay_ms = default.delay_ms,
            "mode" => self.mode = default.mode,
            "level" => self.level = default.level,
            "position" => self.start = Grid::empty(self.shape),
            "board" => self.set_shape(default.shape),
            "k" => {
                let (rows, cols) = (self.shape.rows(), self.shape.cols());
                let shape = Shape::new(rows, cols, default_k(rows, cols))
                    .unwrap_or_else(|_| unreachable!("the default k fits every board of 3 to 15"));
                self.set_shape(shape);
            }
            "think" => self.think_ms = default.think_ms,
            "eval" => self.evaluation = default.evaluation,
            "horizon" => self.display.horizon = default.display.horizon,
            "scores" => self.display.scores = default.display.scores,
            "tree" => self.display.tree = default.display.tree,
            "stats" => self.display.stats = default.display.stats,
            "step" => self.display.step = default.display.step,
            "scoring" => self.display.scoring = default.display.scoring,
            _ => {}
        }
    }

    /// URL parameters that reopen a game with these settings at `position` (empty when all are defaults and the
    /// board is empty). Only what differs from the defaults is written.
    pub fn to_query(&self, position: &Grid) -> String {
        let mut query = String::new();
        let mut part = |name: &str, value: &str| {
            if !query.is_empty() {
                query.push('&');
            }
            query.push_str(name);
            query.push('=');
            query.push_str(value);
        };
        // Who plays whom is kept in a game between friends too, for when the link's reader plays the computer.
        if self.mode != Mode::Computer {
            part("mode", self.mode.name());
        }
        if self.human != Player::X {
            part("human", self.human.name());
        }
        if self.level != Level::Unbeatable {
            part("level", self.level.name());
        }
        if self.delay_ms != DEFAULT_DELAY_MS {
            part("delay", &self.delay_ms.to_string());
        }
        let shape = self.shape;
        if shape != Shape::CLASSIC {
            part("board", &format!("{}x{}", shape.rows(), shape.cols()));
            if shape.k() != default_k(shape.rows(), shape.cols()) {
                part("k", &shape.k().to_string());
            }
        }
        if self.think_ms != DEFAULT_THINK_MS {
            part("think", &self.think_ms.to_string());
        }
        if !self.evaluation {
            part("eval", "0");
        }
        if *position != Grid::empty(shape) {
            part("position", &position.to_string());
        }
        for (name, on) in [
            ("scores", self.display.scores),
            ("tree", self.display.tree),
            ("stats", self.display.stats),
            ("step", self.display.step),
            ("horizon", self.display.horizon),
        ] {
            if on {
                part(name, "1");
            }
        }
        if self.display.scoring == Scoring::Plain {
            part("scoring", "plain");
        }
        query
    }
}

/// Whether the game page is embedded (`embed=1` in its URL: the compact layout of an iframe), read from its
/// `name=value` pairs with the switch words of the other settings (`1`, `true`, `yes`, `on` or `0`, `false`, `no`,
/// `off`, any case). The last `embed` that is understood wins; without one the whole page is shown. Each value
/// that is not understood gets a sentence, as [`Settings::from_pairs`] gives them.
pub fn embed_from_pairs(pairs: &[(String, String)]) -> (bool, Vec<String>) {
    let mut embedded = false;
    let mut problems = Vec::new();
    for (name, value) in pairs.iter().filter(|(name, _)| name == "embed") {
        match switch(value) {
            Some(on) => embedded = on,
            None => problems.push(
                SettingError {
                    name: name.clone(),
                    value: value.clone(),
                    expected: "it must be 1 (embedded) or 0 (the whole page)".to_owned(),
                    default: "The whole page is shown.",
                }
                .with_default(),
            ),
        }
    }
    (embedded, problems)
}

/// The names [`Settings::set`] understands.
pub const SETTING_NAMES: [&str; 15] = [
    "human", "mode", "level", "position", "delay", "scores", "tree", "stats", "step", "scoring",
    "board", "k", "think", "eval", "horizon",
];

/// A setting's value that is not understood.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SettingError {
    name: String,
    value: String,
    expected: String,
    default: &'static str,
}

impl fmt::Display for SettingError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}={}", self.name, self.verdict())
    }
}

impl SettingError {
    /// The sentence: `level="x" is not understood: ...` (its `Display`).
    pub fn message(&self) -> String {
        self.to_string()
    }

    /// The sentence, followed by what is used instead.
    pub fn with_default(&self) -> String {
        format!("{self} {}", self.default)
    }

    /// The sentence for a value typed into the setting's own field, which needs no name and changes nothing:
    /// `"5" is not understood: ... Nothing changed.`
    pub fn typed(&self) -> String {
        format!("{} Nothing changed.", self.verdict())
    }

    /// What was wrong with the value: `"5" is not understood: ...`.
    fn verdict(&self) -> String {
        format!(
            "{} is not understood: {}.",
            quote(&self.value),
            self.expected
        )
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The `name=value` pairs of a query written out plainly (the page reads them with `URLSearchParams`).
    fn query_pairs(query: &str) -> Vec<(String, String)> {
        query
            .trim_start_matches('?')
            .split('&')
            .filter(|part| !part.is_empty())
            .map(|part| {
                let (name, value) = part.split_once('=').unwrap_or((part, ""));
                (name.to_owned(), value.to_owned())
            })
            .collect()
    }

    fn parse(query: &str) -> (Settings, Vec<String>) {
        let (settings, problems) = Settings::from_pairs(&query_pairs(query));
        (
            settings,
            problems.into_iter().map(|(_, sentence)| sentence).collect(),
        )
    }

    #[test]
    fn an_empty_position_is_the_empty_board_and_a_short_one_is_counted_in_words() {
        for query in ["?position=", "?position=%20", "?board=15x15&position="] {
            let (settings, problems) = parse(&query.replace("%20", " "));
            assert_eq!(problems, Vec::<String>::new(), "{query}");
            assert_eq!(settings.start, Grid::empty(settings.shape), "{query}");
        }
        let (_, problems) = parse("?position=X");
        assert!(
            problems[0].contains("this one has 1 character."),
            "{problems:?}"
        );
        let (_, problems) = parse("?board=4x4&position=XX");
        assert!(
            problems[0].contains("but the text has 1 row."),
            "{problems:?}"
        );
    }

    #[test]
    fn a_value_not_taken_is_explained_with_what_follows() {
        let mut settings = Settings::default();
        let problem = settings.set("think", "5").unwrap_err();
        assert_eq!(settings, Settings::default(), "the setting keeps its value");
        assert!(problem
            .message()
            .starts_with("think=\"5\" is not understood: "));
        assert!(problem
            .with_default()
            .ends_with(" The computer thinks for 1000 ms a move."));
        // Typed into its own field, the value needs no setting's name.
        assert_eq!(
            problem.typed(),
            "\"5\" is not understood: it must be a whole number of milliseconds from 10 to 60000. Nothing changed."
        );
    }

    #[test]
    fn settings_from_a_url() {
        assert_eq!(parse(""), (Settings::default(), vec![]));
        let (settings, problems) =
            parse("?human=o&delay=0&utm_source=blog&mode=Friend&level=easy&position=x...o....");
        assert_eq!(
            settings,
            Settings {
                human: Player::O,
                delay_ms: 0,
                mode: Mode::Friend,
                level: Level::Easy,
                start: Grid::parse("X...O....", Shape::CLASSIC).unwrap(),
                ..Settings::default()
            }
        );
        assert!(problems.is_empty());
        let (settings, problems) =
            parse("scores=1&tree=true&stats=on&step=yes&scoring=Plain&horizon=1&eval=off");
        assert!(problems.is_empty());
        assert_eq!(
            settings.display,
            Display {
                scores: true,
                tree: true,
                stats: true,
                step: true,
                horizon: true,
                scoring: Scoring::Plain
            }
        );
        assert!(!settings.evaluation);
        assert!(problems.is_empty());
        assert_eq!(parse("?human=O&delay=10000").0.delay_ms, 10_000);
        // Spaces around a value (`+` or `%20` in a link, or typed into an attribute) do not matter.
        let (settings, problems) = parse("?level= hard &human= O&delay=\t200\n&mode= friend");
        assert!(problems.is_empty(), "{problems:?}");
        assert_eq!(
            (
                settings.level,
                settings.human,
                settings.delay_ms,
                settings.mode
            ),
            (Level::Hard, Player::O, 200, Mode::Friend)
        );
        // A no-break space is not a space a link or an attribute gets by accident: it is a value not understood.
        let (settings, problems) = parse("?level=\u{A0}hard");
        assert_eq!(settings.level, Settings::default().level);
        assert_eq!(problems.len(), 1, "{problems:?}");
    }

    #[test]
    fn bad_settings_are_explained_and_use_the_default() {
        let cases: &[(&str, &str)] = &[
            ("human=Z", "it must be X or O. You play X."),
            ("human=", "it must be X or O"),
            ("human", "it must be X or O"),
            ("delay=-1", "from 0 to 10000. The computer waits 350 ms."),
            ("delay=abc", "from 0 to 10000"),
            ("delay=10001", "from 0 to 10000"),
            ("delay=1e3", "from 0 to 10000"),
            ("delay=99999999999999", "from 0 to 10000"),
            (
                "mode=robot",
                "it must be computer or friend. You play the computer.",
            ),
            (
                "level=impossible",
                "easy, medium, hard or unbeatable. The level is unbeatable.",
            ),
            (
                "position=XX",
                "a position has 9 cells, this one has 2 characters. The game starts",
            ),
            ("position=OO.......", "O has more marks than X"),
            (
                "position=XXXOO.O..",
                "X has three in a row but O moved after that",
            ),
        ];
        for (query, expected) in cases {
            let (settings, problems) = parse(query);
            assert_eq!(settings, Settings::default(), "{query}");
            assert_eq!(problems.len(), 1, "{query}");
            assert!(problems[0].contains(expected), "{query}: {}", problems[0]);
        }
        let (_, problems) = parse("human=<script>alert(1)</script>");
        assert_eq!(
            problems[0],
            "human=\"<script>alert(1)</script>\" is not understood: it must be X or O. You play X."
        );
        let (_, problems) = parse(&format!("delay={}", "9".repeat(100)));
        assert!(problems[0].contains(&format!("\"{}…\"", "9".repeat(40))));
    }

    #[test]
    fn quotes_are_cut_after_forty_characters() {
        assert_eq!(quote(""), "\"\"");
        assert_eq!(quote(&"é".repeat(40)), format!("\"{}\"", "é".repeat(40)));
        assert_eq!(quote(&"é".repeat(41)), format!("\"{}…\"", "é".repeat(40)));
    }

    #[test]
    fn a_shared_query_reopens_the_same_game() {
        let position = Grid::parse("X...O..X.", Shape::CLASSIC).unwrap();
        let settings = Settings {
            human: Player::O,
            delay_ms: 0,
            mode: Mode::Computer,
            level: Level::Hard,
            ..Settings::default()
        };
        let settings = Settings {
            display: Display {
                scores: true,
                tree: false,
                stats: true,
                step: true,
                horizon: false,
                scoring: Scoring::Plain,
            },
            ..settings
        };
        let query = settings.to_query(&position);
        assert_eq!(
            query,
            "human=O&level=hard&delay=0&position=X...O..X.&scores=1&stats=1&step=1&scoring=plain"
        );
        let (reopened, problems) = parse(&query);
        assert!(problems.is_empty());
        assert_eq!(
            reopened,
            Settings {
                start: position,
                ..settings
            }
        );
        let empty = Grid::empty(Shape::CLASSIC);
        assert_eq!(Settings::default().to_query(&empty), "");
        let friend = Settings {
            mode: Mode::Friend,
            ..Settings::default()
        };
        assert_eq!(friend.to_query(&empty), "mode=friend");
        let friends_of_a_hard_computer = Settings {
            mode: Mode::Friend,
            ..settings
        };
        assert!(friends_of_a_hard_computer
            .to_query(&empty)
            .starts_with("mode=friend&human=O&level=hard&"));
    }

    #[test]
    fn embed_takes_the_switch_words_and_the_last_one_understood_wins() {
        let embed = |query: &str| embed_from_pairs(&query_pairs(query));
        assert_eq!(embed(""), (false, vec![]));
        assert_eq!(embed("?level=hard"), (false, vec![]));
        for on in ["1", "true", "YES", "On", " 1 "] {
            assert_eq!(embed(&format!("?embed={on}")), (true, vec![]), "{on}");
        }
        for off in ["0", "False", "no", "OFF"] {
            assert_eq!(embed(&format!("?embed={off}")), (false, vec![]), "{off}");
        }
        assert_eq!(embed("?embed=1&embed=0"), (false, vec![]));
        assert_eq!(embed("?embed=0&embed=1"), (true, vec![]));
        let (embedded, problems) = embed("?embed=1&embed=maybe&embed=\"><b>");
        assert!(embedded, "a value not understood changes nothing");
        assert_eq!(
            problems,
            [
                "embed=\"maybe\" is not understood: it must be 1 (embedded) or 0 (the whole page). The whole page is shown.",
                r#"embed=""><b>" is not understood: it must be 1 (embedded) or 0 (the whole page). The whole page is shown."#,
            ]
        );
        // The settings take no notice of embed, and embed of them.
        assert_eq!(parse("?embed=maybe"), (Settings::default(), vec![]));
    }

    #[test]
    fn every_setting_goes_back_to_its_default() {
        let (mut settings, problems) = parse(
            "?human=O&delay=0&mode=friend&level=easy&scores=1&tree=1&stats=1&step=1&scoring=plain&board=4x5&k=3&think=50&position=X..../...../...../.....&eval=0&horizon=1",
        );
        assert!(problems.is_empty(), "{problems:?}");
        for name in SETTING_NAMES {
            assert_ne!(settings, Settings::default(), "before {name}");
            settings.reset(name);
        }
        assert_eq!(settings, Settings::default());
        settings.reset("unknown");
        assert_eq!(settings, Settings::default());
    }

    #[test]
    fn a_board_of_any_size_with_its_k() {
        let (settings, problems) = parse("?position=..../.X../..O./....&k=3&board=4x4&think=250");
        assert!(problems.is_empty(), "{problems:?}");
        assert_eq!(settings.shape, Shape::new(4, 4, 3).unwrap());
        assert_eq!(settings.start.to_string(), "..../.X../..O./....");
        assert_eq!(settings.think_ms, 250);
        assert_eq!(
            settings.to_query(&settings.start),
            "board=4x4&k=3&think=250&position=..../.X../..O./...."
        );
        // Without k, the shorter side wins, at most five in a row.
        for (board, k) in [("4x4", 4), ("5X5", 5), ("15x15", 5), ("3x7", 3), ("7x4", 4)] {
            let (settings, problems) = parse(&format!("board={board}"));
            assert!(problems.is_empty(), "{problems:?}");
            assert_eq!(settings.shape.k(), k, "{board}");
            assert_eq!(settings.start, Grid::empty(settings.shape));
        }
        let (settings, _) = parse("board=15x15&k=5");
        assert_eq!(settings.to_query(&settings.start), "board=15x15");
        assert_eq!(shape_label(settings.shape), "15x15, 5 in a row (Gomoku)");
        // A change of board starts from its empty board.
        let mut settings = parse("position=X........").0;
        settings.set("board", "4x4").unwrap();
        assert_eq!(settings.start, Grid::empty(settings.shape));
        settings.set("k", "3").unwrap();
        assert_eq!(settings.shape.k(), 3);
        settings.reset("k");
        assert_eq!(settings.shape.k(), 4);
        // The same board changes nothing: its k and its position stay.
        let mut settings = parse("board=4x4&k=3&position=..../.X../..O./....").0;
        settings.set("board", "4x4").unwrap();
        assert_eq!(settings.shape, Shape::new(4, 4, 3).unwrap());
        assert_eq!(settings.start.to_string(), "..../.X../..O./....");
        // Another board takes its own default k.
        let mut settings = parse("board=5x5&k=3").0;
        settings.set("board", "15x15").unwrap();
        assert_eq!(settings.shape, Shape::new(15, 15, 5).unwrap());
        for (rows, cols, k) in BOARD_PRESETS {
            let (settings, problems) = parse(&format!("board={rows}x{cols}&k={k}"));
            assert!(problems.is_empty(), "{problems:?}");
            let shape = settings.shape;
            assert_eq!((shape.rows(), shape.cols(), shape.k()), (rows, cols, k));
        }
    }

    #[test]
    fn a_board_k_and_position_read_together_as_at_a_load_keep_the_other_settings() {
        let pairs = |given: &[(&str, &str)]| -> Vec<(String, String)> {
            given
                .iter()
                .map(|&(name, value)| (name.to_owned(), value.to_owned()))
                .collect()
        };
        let mut settings =
            parse("level=easy&scores=1&board=4x4&k=3&position=..../.X../..O./....").0;
        // A 3x3 position on a 7x7 board is explained and the board kept, in any order.
        let problems = settings.set_board_together(&pairs(&[
            ("position", "X...O...."),
            ("k", "5"),
            ("board", "7x7"),
        ]));
        assert_eq!(settings.shape, Shape::new(7, 7, 5).unwrap());
        assert_eq!(settings.start, Grid::empty(settings.shape));
        assert_eq!(problems.len(), 1);
        assert_eq!(problems[0].0, "position");
        assert_eq!(
            (settings.level, settings.display.scores),
            (Level::Easy, true)
        );
        // A position alone brings its own board; nothing at all is the 3x3 board.
        assert!(settings
            .set_board_together(&pairs(&[("position", "..../.X../..O./....")]))
            .is_empty());
        assert_eq!(settings.start.to_string(), "..../.X../..O./....");
        assert!(settings.set_board_together(&[]).is_empty());
        assert_eq!(
            (settings.shape, settings.start),
            (Shape::CLASSIC, Grid::empty(Shape::CLASSIC))
        );
    }

    #[test]
    fn a_position_in_rows_form_without_a_board_says_which_board() {
        let (settings, problems) = parse("?position=..../.X../..O./....");
        assert!(problems.is_empty(), "{problems:?}");
        assert_eq!(settings.shape, Shape::new(4, 4, 4).unwrap());
        assert_eq!(settings.start.to_string(), "..../.X../..O./....");
        // k as given, wherever it stands; a 5x3 board of rows.
        let (settings, problems) = parse("k=3&position=...../..X../.....");
        assert!(problems.is_empty(), "{problems:?}");
        assert_eq!(settings.shape, Shape::new(3, 5, 3).unwrap());
        // The 3x3 board's rows and its 9 characters stay on the 3x3 board.
        for position in ["X../.O./...", "X...O...."] {
            let (settings, problems) = parse(&format!("position={position}"));
            assert!(problems.is_empty(), "{problems:?}");
            assert_eq!(settings.shape, Shape::CLASSIC);
        }
        // A board given wins: the position is read on it, and says when it does not fit.
        let (settings, problems) = parse("board=5x5&position=..../.X../..O./....");
        assert_eq!(settings.shape, Shape::new(5, 5, 5).unwrap());
        assert_eq!(problems.len(), 1, "{problems:?}");
        // No board has 16 rows: the position's own sentence says so, on the 3x3 board.
        let sixteen = ["..."; 16].join("/");
        let (settings, problems) = parse(&format!("position={sixteen}"));
        assert_eq!(settings.shape, Shape::CLASSIC);
        assert_eq!(problems.len(), 1, "{problems:?}");
        assert_eq!(implied_board(false, Some(&sixteen)), None);
        assert_eq!(implied_board(true, Some("..../....")), None);
        assert_eq!(
            implied_board(false, Some(" ..../..../.... ")),
            Some("3x4".to_owned())
        );
    }

    #[test]
    fn on_a_live_game_a_position_of_another_board_moves_the_game_there() {
        let mut settings = Settings::default();
        settings
            .set_live("position", "..../.X../..O./....")
            .unwrap();
        assert_eq!(settings.shape, Shape::new(4, 4, 4).unwrap());
        assert_eq!(settings.start.to_string(), "..../.X../..O./....");
        // Back to the 3x3 board with its 9 characters.
        settings.set_live("position", "X...O....").unwrap();
        assert_eq!(settings.shape, Shape::CLASSIC);
        // A position that is not one leaves the board as it was, and says why in the other board's terms.
        let error = settings
            .set_live("position", "..../.X../..O./..Q.")
            .unwrap_err();
        assert!(error.message().contains('Q'), "{}", error.message());
        assert_eq!(settings.shape, Shape::CLASSIC);
        // Another setting, or a position of this board, is set as ever.
        settings.set_live("level", "easy").unwrap();
        settings.set_live("position", "X../.O./...").unwrap();
        assert_eq!(settings.shape, Shape::CLASSIC);
        assert!(settings
            .set_live("position", &["..."; 16].join("/"))
            .is_err());
    }

    #[test]
    fn bad_boards_are_explained_and_use_the_default() {
        let cases: &[(&str, &str)] = &[
            (
                "board=2x3",
                "each from 3 to 15, such as 4x4. The board is 3x3.",
            ),
            ("board=16x16", "each from 3 to 15"),
            ("board=4", "each from 3 to 15"),
            ("board=4x4x4", "each from 3 to 15"),
            ("board=<b>x</b>", "each from 3 to 15"),
            (
                "k=4",
                "on a 3x3 board it must be 3 (a bigger board takes board=, such as board=4x4)",
            ),
            ("board=4x5&k=6", "from 3 to 5, the board's longer side"),
            ("board=4x4&k=2", "from 3 to 4"),
            ("k=three", "on a 3x3 board it must be 3"),
            (
                "think=5",
                "from 10 to 60000. The computer thinks for 1000 ms a move.",
            ),
            ("think=60001", "from 10 to 60000"),
            ("think=-1", "from 10 to 60000"),
            ("position=....", "The game starts from the empty board."),
            (
                "board=4x4&position=X........",
                "The game starts from the empty board.",
            ),
        ];
        for (query, expected) in cases {
            let (settings, problems) = parse(query);
            assert_eq!(problems.len(), 1, "{query}: {problems:?}");
            assert!(problems[0].contains(expected), "{query}: {}", problems[0]);
            assert_eq!(settings.start, Grid::empty(settings.shape), "{query}");
            assert_eq!(settings.think_ms, DEFAULT_THINK_MS, "{query}");
        }
        // A k the board does not take leaves the board's own.
        let (settings, _) = parse("board=4x5&k=6");
        assert_eq!(settings.shape, Shape::new(4, 5, 4).unwrap());
    }

    #[test]
    fn a_position_of_any_board_says_its_size() {
        let grid = grid_from_text(" ..../.X../..O./.... ", None).unwrap();
        assert_eq!(grid.shape(), Shape::new(4, 4, 4).unwrap());
        assert_eq!(grid.marks(), 2);
        let grid = grid_from_text("X...O....", None).unwrap();
        assert_eq!(grid.shape(), Shape::CLASSIC);
        let grid = grid_from_text("X..../...../.....", Some(3)).unwrap();
        assert_eq!(grid.shape(), Shape::new(3, 5, 3).unwrap());
        let wide = format!("{0}/{0}/{0}", ".".repeat(16));
        for (text, k, expected) in [
            ("X...", None, "a position is 9 characters"),
            ("", None, "a position is 9 characters"),
            (
                "../../..",
                None,
                "3 to 15 rows and 3 to 15 columns, this position is 3x2 (rows x columns)",
            ),
            (wide.as_str(), None, "is 3x16"),
            // Empty rows are rows of no column, not of a number without a noun.
            ("///", None, "this position is 4x0 (rows x columns)"),
            ("..../..../....", Some(9), "k"),
            ("..../..../..O.", None, "O"),
        ] {
            let error = grid_from_text(text, k).unwrap_err();
            assert!(error.contains(expected), "{text}: {error}");
        }
    }
}
