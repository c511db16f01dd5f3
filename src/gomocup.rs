//! The Gomocup (piskvork) protocol: a [`Brain`] takes one line from the manager and returns the lines to answer,
//! and the binary `pbrain-minimax` only moves lines between it and standard input and output. Pure and
//! deterministic: the search sits behind [`Searcher`], so tests give it a fake one, and nothing here reads a clock
//! or the terminal. The rules played (free-style, or standard after `INFO rule 1`), every command and every error
//! are in `docs/gomocup.md`.

use crate::engine::{
    Clock, Engine, Forced, ForcedKind, Grid, Limits, Outcome, Player, Rule, Score, Shape, Status,
};
use std::io::{self, BufRead};

/// The longest line taken: longer ones are answered with an error (the protocol's lines are a few bytes, an
/// `INFO folder` path a few hundred).
pub const MAX_LINE_BYTES: usize = 4096;

/// The time per move when the manager sends no `INFO timeout_turn`: the page's default.
pub const DEFAULT_TURN_MS: u64 = 1000;

/// `INFO time_left` says this when the match has no time limit.
const UNLIMITED_MS: i64 = 2_147_483_647;

/// Moves the rest of a match is planned for when only the match time is limited: a Gomoku game rarely gives a
/// side more, and planning for more would play the first moves too fast.
const MOVES_TO_PLAN: u64 = 25;

/// The longest line the engine plays for: Gomoku's five.
const GOMOKU_K: usize = 5;

/// The `rule` bit of the protocol that makes exactly five win (standard Gomoku); free-style is none of the bits.
const EXACTLY_FIVE: u32 = 1;

/// The `rule` bits of the protocol the brain does not play: continuous game, renju, caro.
const RULE_NAMES: [(u32, &str); 3] = [(2, "continuous game"), (4, "renju"), (8, "caro")];

/// What the search found for one move, as much as the protocol needs.
#[derive(Clone, Debug, PartialEq)]
pub struct Choice {
    /// The cell to play (numbered row by row, `y * columns + x`); `None` only when the game is over.
    pub cell: Option<usize>,
    /// What the search concluded for the side to move.
    pub verdict: Score,
    /// A forced win the search found, for the side to move or (when every move loses) its opponent.
    pub forced: Option<Forced>,
}

/// The seam between the protocol and the search: tests use a searcher that answers at once and always alike.
pub trait Searcher {
    /// The move for the side to move of `grid`, searched within about `time_ms` milliseconds.
    fn search(&mut self, grid: &Grid, time_ms: u32) -> Choice;
}

/// The engine's own search, [`Engine::think`], on the caller's clock (natively `InstantClock`). One engine serves
/// every move, so that each search starts with what the searches of the moves before it found.
pub struct EngineSearcher<C> {
    engine: Engine,
    clock: C,
}

impl<C: Clock> EngineSearcher<C> {
    /// A searcher that times itself with `clock`.
    pub fn new(clock: C) -> EngineSearcher<C> {
        EngineSearcher {
            engine: Engine::new(),
            clock,
        }
    }
}

impl<C: Clock> Searcher for EngineSearcher<C> {
    fn search(&mut self, grid: &Grid, time_ms: u32) -> Choice {
        let limits = Limits {
            time_ms,
            ..Limits::default()
        };
        let thought = self.engine.think(grid, limits, &mut self.clock);
        Choice {
            cell: thought.best,
            verdict: thought.verdict,
            forced: thought.forced,
        }
    }
}

/// Reads one line of input into `line` (without its end of line), keeping at most [`MAX_LINE_BYTES`] + 1 bytes of
/// it so that an endless line costs no memory: a line longer than the limit comes back longer than the limit, and
/// [`Brain::handle`] refuses it. `Ok(false)` at the end of the input.
///
/// # Errors
/// Whatever error reading `reader` returns.
pub fn read_line<R: BufRead>(reader: &mut R, line: &mut Vec<u8>) -> io::Result<bool> {
    line.clear();
    let mut read_any = false;
    loop {
        let buffer = reader.fill_buf()?;
        if buffer.is_empty() {
            return Ok(read_any);
        }
        read_any = true;
        let (taken, ended) = match buffer.iter().position(|&byte| byte == b'\n') {
            Some(end) => (end, true),
            None => (buffer.len(), false),
        };
        let room = (MAX_LINE_BYTES + 1).saturating_sub(line.len());
        line.extend_from_slice(&buffer[..taken.min(room)]);
        reader.consume(if ended { taken + 1 } else { taken });
        if ended {
            return Ok(true);
        }
    }
}

/// The time limits the manager sent with `INFO`, and the time each move is given from them.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct TimeControl {
    /// `timeout_turn`: milliseconds a move may take, 0 for as fast as possible; `None` until sent.
    pub turn_ms: Option<u64>,
    /// `time_left`: milliseconds left for the whole match (negative once over); `None` until sent.
    pub left_ms: Option<i64>,
}

impl TimeControl {
    /// Milliseconds the search gets for the next move, when `empty_cells` cells are empty: the turn's time and a
    /// share of the match's time left, whichever is less, each less a margin for what the search does not count
    /// (reading the command, starting and ending the search, the pipe).
    pub fn budget_ms(self, empty_cells: usize) -> u32 {
        let turn = self.turn_ms.unwrap_or(DEFAULT_TURN_MS);
        let mut budget = turn.saturating_sub(margin_ms(turn));
        if let Some(left) = self.left_ms.filter(|&left| left < UNLIMITED_MS) {
            // This side plays about half of the empty cells at most.
            let moves = (empty_cells as u64).div_ceil(2).clamp(1, MOVES_TO_PLAN);
            let share = u64::try_from(left).unwrap_or(0) / moves;
            budget = budget.min(share.saturating_sub(margin_ms(share)));
        }
        u32::try_from(budget).unwrap_or(u32::MAX)
    }
}

/// The part of a time limit kept back: 30 ms and 5%, never more than half of it. The engine's own clock ends a
/// search within a few milliseconds of its time natively; the rest is for the process and the pipe.
fn margin_ms(limit: u64) -> u64 {
    (30 + limit / 20).min(limit / 2)
}

/// The line of `k` or more that wins on a board of `rows` x `cols`: Gomoku's five, or the shorter side on a board
/// too small for five.
pub fn line_to_win(rows: usize, cols: usize) -> usize {
    rows.min(cols).min(GOMOKU_K)
}

/// Whose stone stands on a cell, seen from the brain.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Stone {
    /// The brain's own (field 1 of `BOARD`).
    Own,
    /// The opponent's (field 2).
    Theirs,
}

/// The board of the match being played.
#[derive(Clone, Debug)]
struct Match {
    shape: Shape,
    stones: Vec<Option<Stone>>,
}

/// A `BOARD` being read: the stones so far, and the first line that was wrong, if any.
#[derive(Clone, Debug)]
struct BoardInput {
    stones: Vec<Option<Stone>>,
    lines: usize,
    problem: Option<String>,
}

/// One brain: the protocol's state between lines (the board, the time limits, a `BOARD` being read, what is to be
/// said before the next answer) around a [`Searcher`].
#[derive(Debug)]
pub struct Brain<S> {
    searcher: S,
    game: Option<Match>,
    /// The rule of the match (`INFO rule`), which a manager may send before or after `START`.
    rule: Rule,
    time: TimeControl,
    board: Option<BoardInput>,
    /// Said as `MESSAGE` lines before the next answer: the manager reads nothing after an `INFO`, so a problem with
    /// one is told with the next command that has an answer, as the protocol asks.
    notes: Vec<String>,
    ended: bool,
}

impl<S: Searcher> Brain<S> {
    /// A brain that has no board yet (the manager sends `START` first), with the default time per move.
    pub fn new(searcher: S) -> Brain<S> {
        Brain {
            searcher,
            game: None,
            rule: Rule::Freestyle,
            time: TimeControl::default(),
            board: None,
            notes: Vec::new(),
            ended: false,
        }
    }

    /// Whether `END` was received: the binary stops reading, and any later line is answered with nothing.
    pub fn is_ended(&self) -> bool {
        self.ended
    }

    /// The time limits received so far.
    pub fn time_control(&self) -> TimeControl {
        self.time
    }

    /// The answer to one line from the manager (without its end of line), one protocol line per element; empty
    /// for `INFO`, `END`, an empty line and the lines of a `BOARD` before `DONE`. Never panics, whatever the bytes.
    pub fn handle(&mut self, raw: &[u8]) -> Vec<String> {
        if self.ended {
            return Vec::new();
        }
        let decoded = decode(raw);
        if self.board.is_some() {
            return self.board_line(decoded);
        }
        let line = match decoded {
            Ok(line) => line,
            Err(problem) => return self.answer(vec![format!("ERROR {problem}")]),
        };
        if line.is_empty() {
            return Vec::new();
        }
        let (word, rest) = match line.split_once(char::is_whitespace) {
            Some((word, rest)) => (word, rest.trim()),
            None => (line.as_str(), ""),
        };
        let word = word.to_ascii_uppercase();
        if word == "INFO" {
            self.info(rest);
            return Vec::new();
        }
        let answer = self.command(&word, rest);
        self.answer(answer)
    }

    /// `answer` after the notes waiting to be said.
    fn answer(&mut self, answer: Vec<String>) -> Vec<String> {
        if answer.is_empty() {
            return answer;
        }
        let mut lines: Vec<String> = self
            .notes
            .drain(..)
            .map(|note| format!("MESSAGE {note}"))
            .collect();
        lines.extend(answer);
        lines
    }

    /// The answer to a command other than `INFO` and the lines of a `BOARD`.
    fn command(&mut self, word: &str, rest: &str) -> Vec<String> {
        match word {
            "START" => self.start(rest, false),
            "RECTSTART" => self.start(rest, true),
            "END" => {
                self.ended = true;
                Vec::new()
            }
            "ABOUT" => vec![about()],
            "RESTART" | "BEGIN" | "TURN" | "BOARD" | "TAKEBACK" if self.game.is_none() => {
                vec![format!("ERROR {word} before START: there is no board yet")]
            }
            "RESTART" => {
                if let Some(game) = &mut self.game {
                    game.stones.fill(None);
                }
                vec!["OK".to_owned()]
            }
            "BEGIN" => self.begin(),
            "TURN" => self.turn(rest),
            "BOARD" => {
                let cells = self.game.as_ref().map_or(0, |game| game.shape.cells());
                self.board = Some(BoardInput {
                    stones: vec![None; cells],
                    lines: 0,
                    problem: None,
                });
                Vec::new()
            }
            "TAKEBACK" => self.take_back(rest),
            "DONE" => vec!["ERROR DONE without BOARD".to_owned()],
            _ => vec![format!(
                "UNKNOWN {} is not a command this brain knows",
                shown(word)
            )],
        }
    }

    /// `START size` or `RECTSTART width,height`: a new empty board.
    fn start(&mut self, rest: &str, rectangular: bool) -> Vec<String> {
        let size = if rectangular {
            parse_pair(rest).map(|(width, height)| (height, width))
        } else {
            parse_number(rest).map(|side| (side, side))
        };
        // A refused size leaves no board: the manager may not go on as if the old one were still there.
        self.game = None;
        self.board = None;
        let (rows, cols) = match size {
            Ok(size) => size,
            Err(problem) => return vec![format!("ERROR bad board size: {problem}")],
        };
        let k = line_to_win(rows, cols);
        let shape = match Shape::new(rows, cols, k) {
            Ok(shape) => shape.with_rule(self.rule),
            Err(problem) => {
                return vec![format!(
                    "ERROR unsupported board {cols}x{rows}: {problem} (this brain plays 3 to 15 per side)"
                )]
            }
        };
        self.game = Some(Match {
            shape,
            stones: vec![None; shape.cells()],
        });
        let mut answer = Vec::new();
        if k < GOMOKU_K {
            answer.push(format!(
                "MESSAGE a {cols}x{rows} board is too small for five: {k} in a row wins"
            ));
        }
        answer.push("OK".to_owned());
        answer
    }

    /// `BEGIN`: the first move of the match, on the empty board.
    fn begin(&mut self) -> Vec<String> {
        let empty = self
            .game
            .as_ref()
            .is_some_and(|game| game.stones.iter().all(Option::is_none));
        if !empty {
            return vec!["ERROR BEGIN needs an empty board: send RESTART first".to_owned()];
        }
        self.reply()
    }

    /// `TURN x,y`: the opponent's move, then the brain's.
    fn turn(&mut self, rest: &str) -> Vec<String> {
        let Some(game) = &mut self.game else {
            return Vec::new();
        };
        let (own, theirs) = game.counts();
        if own != theirs && own != theirs + 1 {
            return vec![format!(
                "ERROR bad TURN: not the opponent's turn, with {own} own stones and {theirs} of the opponent's"
            )];
        }
        match game.empty_cell(rest) {
            Ok(cell) => game.stones[cell] = Some(Stone::Theirs),
            Err(problem) => return vec![format!("ERROR bad TURN: {problem}")],
        }
        self.reply()
    }

    /// `TAKEBACK x,y`: the stone on that cell is taken off.
    fn take_back(&mut self, rest: &str) -> Vec<String> {
        let Some(game) = &mut self.game else {
            return Vec::new();
        };
        let cell = match game.cell(rest) {
            Ok(cell) => cell,
            Err(problem) => return vec![format!("ERROR bad TAKEBACK: {problem}")],
        };
        if game.stones[cell].take().is_none() {
            return vec![format!("ERROR bad TAKEBACK: {} is empty", shown(rest))];
        }
        vec!["OK".to_owned()]
    }

    /// One line while a `BOARD` is read: a stone, `DONE` or `END` (any other command is a wrong line, reported at
    /// `DONE`: answering it at once would be taken for the answer to the `BOARD`).
    fn board_line(&mut self, decoded: Result<String, String>) -> Vec<String> {
        let line = match decoded {
            Ok(line) if line.is_empty() => return Vec::new(),
            Ok(line) => line,
            Err(problem) => {
                if let Some(board) = &mut self.board {
                    board.lines += 1;
                }
                self.board_problem(problem);
                return Vec::new();
            }
        };
        if line.eq_ignore_ascii_case("END") {
            self.ended = true;
            return Vec::new();
        }
        if line.eq_ignore_ascii_case("DONE") {
            return self.board_done();
        }
        if let Some(board) = &mut self.board {
            board.lines += 1;
        }
        let Some(game) = &self.game else {
            return Vec::new();
        };
        let stone = game.board_stone(&line);
        let Some(board) = &mut self.board else {
            return Vec::new();
        };
        match stone {
            Ok((cell, _)) if board.stones[cell].is_some() => {
                self.board_problem(format!("{} is given twice", shown(&line)));
            }
            Ok((cell, stone)) => board.stones[cell] = Some(stone),
            Err(problem) => self.board_problem(problem),
        }
        Vec::new()
    }

    /// Keeps the first problem of the `BOARD` being read, to answer at `DONE` (the manager reads no answer before).
    fn board_problem(&mut self, problem: String) {
        if let Some(board) = &mut self.board {
            if board.problem.is_none() {
                board.problem = Some(format!("BOARD line {}: {problem}", board.lines));
            }
        }
    }

    /// `DONE`: the board read becomes the position (unless a line was wrong), and the brain moves.
    fn board_done(&mut self) -> Vec<String> {
        let Some(board) = self.board.take() else {
            return Vec::new();
        };
        if let Some(problem) = board.problem {
            return self.answer(vec![format!("ERROR {problem}; the board is unchanged")]);
        }
        if let Some(game) = &mut self.game {
            game.stones = board.stones;
        }
        let answer = self.reply();
        self.answer(answer)
    }

    /// The brain's move in the current position, played on its board: any messages, then `x,y`.
    fn reply(&mut self) -> Vec<String> {
        let Some(game) = &self.game else {
            return Vec::new();
        };
        let grid = match game.grid() {
            Ok(grid) => grid,
            Err(problem) => return vec![format!("ERROR {problem}")],
        };
        let budget = self.time.budget_ms(grid.empty_cells());
        let choice = self.searcher.search(&grid, budget);
        let cell = match choice.cell {
            Some(cell) if cell < grid.shape().cells() && grid.get(cell).is_none() => cell,
            _ => return vec!["ERROR the search found no move".to_owned()],
        };
        let Some(game) = &mut self.game else {
            return Vec::new();
        };
        game.stones[cell] = Some(Stone::Own);
        let cols = grid.shape().cols();
        let mut answer: Vec<String> = verdict_message(&choice, grid.to_move())
            .into_iter()
            .collect();
        answer.push(format!("{},{}", cell % cols, cell / cols));
        answer
    }

    /// `INFO key value`: kept, or noted for later when it cannot be honoured; unknown keys are ignored, as the
    /// protocol asks.
    fn info(&mut self, rest: &str) {
        let (key, value) = match rest.split_once(char::is_whitespace) {
            Some((key, value)) => (key.to_ascii_lowercase(), value.trim()),
            None => (rest.to_ascii_lowercase(), ""),
        };
        let number = || value.parse::<i64>();
        match key.as_str() {
            "timeout_turn" => match number() {
                Ok(ms) => self.time.turn_ms = Some(u64::try_from(ms).unwrap_or(0)),
                Err(_) => self.note_bad_info(&key, value),
            },
            "time_left" => match number() {
                Ok(ms) => self.time.left_ms = Some(ms),
                Err(_) => self.note_bad_info(&key, value),
            },
            "rule" => match value.parse::<u32>() {
                Ok(rule) => self.rule(rule),
                Err(_) => self.note_bad_info(&key, value),
            },
            // The match's time counts only through `time_left`, which the manager must send when the match is
            // timed; the memory the engine takes (a table of at most 2^20 entries) is not configurable.
            _ => {}
        }
    }

    /// `INFO rule`: free-style (0) or standard (1, exactly five wins), for the board of the match and the boards
    /// started after it; any other rule is told, and its bit 1 kept, since refusing to move would only lose the
    /// game.
    fn rule(&mut self, rule: u32) {
        self.rule = if rule & EXACTLY_FIVE != 0 {
            Rule::Standard
        } else {
            Rule::Freestyle
        };
        if let Some(game) = &mut self.game {
            game.shape = game.shape.with_rule(self.rule);
        }
        if rule & !EXACTLY_FIVE == 0 {
            return;
        }
        let names: Vec<&str> = RULE_NAMES
            .iter()
            .filter(|(bit, _)| rule & bit != 0)
            .map(|&(_, name)| name)
            .collect();
        let names = if names.is_empty() {
            format!("rule {rule}")
        } else {
            names.join(", ")
        };
        let played = match self.rule {
            Rule::Freestyle => "free-style, five or more in a row wins",
            Rule::Standard => "standard, exactly five in a row wins",
        };
        self.notes.push(format!(
            "rule {rule} ({names}) is not supported: this brain plays {played}"
        ));
    }

    /// Notes an `INFO` value that is not a number.
    fn note_bad_info(&mut self, key: &str, value: &str) {
        self.notes
            .push(format!("INFO {key} {} ignored: not a number", shown(value)));
    }
}

impl Match {
    /// How many stones the brain and its opponent have on the board.
    fn counts(&self) -> (usize, usize) {
        let count = |side| {
            self.stones
                .iter()
                .filter(|&&stone| stone == Some(side))
                .count()
        };
        (count(Stone::Own), count(Stone::Theirs))
    }

    /// The cell written `x,y` in `text`.
    fn cell(&self, text: &str) -> Result<usize, String> {
        let (x, y) = parse_pair(text)?;
        let (cols, rows) = (self.shape.cols(), self.shape.rows());
        if x >= cols || y >= rows {
            return Err(format!(
                "{x},{y} is off the board (x 0 to {}, y 0 to {})",
                cols - 1,
                rows - 1
            ));
        }
        Ok(y * cols + x)
    }

    /// The cell written `x,y` in `text`, which must be empty.
    fn empty_cell(&self, text: &str) -> Result<usize, String> {
        let cell = self.cell(text)?;
        if self.stones[cell].is_some() {
            return Err(format!("{} is already taken", shown(text)));
        }
        Ok(cell)
    }

    /// The stone a `BOARD` line `x,y,field` puts on a cell.
    fn board_stone(&self, line: &str) -> Result<(usize, Stone), String> {
        let Some((at, field)) = line.rsplit_once(',') else {
            return Err(format!("{} is not x,y,field", shown(line)));
        };
        let cell = self.cell(at)?;
        match field.trim() {
            "1" => Ok((cell, Stone::Own)),
            "2" => Ok((cell, Stone::Theirs)),
            "3" => Err(
                "field 3 (continuous game) is not supported: this brain plays free-style"
                    .to_owned(),
            ),
            other => Err(format!(
                "field {} is not 1 (own stone) or 2 (opponent's)",
                shown(other)
            )),
        }
    }

    /// The position for the engine, the brain to move: the engine knows the side to move from the counts (the
    /// first player, X, moves when they are equal), so the brain is X with as many stones as the opponent and O
    /// with one fewer. Any other count, or a finished game, has no move to give.
    fn grid(&self) -> Result<Grid, String> {
        let (own, theirs) = self.counts();
        let me = if own == theirs {
            Player::X
        } else if own + 1 == theirs {
            Player::O
        } else {
            return Err(format!(
                "cannot move with {own} own stones and {theirs} of the opponent's: the side to move has as many \
                 as its opponent or one fewer"
            ));
        };
        let cols = self.shape.cols();
        let rows: Vec<String> = self
            .stones
            .chunks(cols)
            .map(|row| {
                row.iter()
                    .map(|stone| match stone {
                        None => '.',
                        Some(Stone::Own) => me.symbol(),
                        Some(Stone::Theirs) => me.opponent().symbol(),
                    })
                    .collect()
            })
            .collect();
        let grid = Grid::parse(&rows.join("/"), self.shape)
            .map_err(|problem| format!("no game reaches this position: {problem}"))?;
        match grid.status() {
            Status::InProgress => Ok(grid),
            Status::Won(player) if player == me => {
                Err("the game is over: this brain has won".to_owned())
            }
            Status::Won(_) => Err("the game is over: the opponent has won".to_owned()),
            Status::Draw => Err("the game is over: the board is full".to_owned()),
        }
    }
}

/// A line as text: bytes that are not UTF-8, or too many, are refused.
fn decode(raw: &[u8]) -> Result<String, String> {
    if raw.len() > MAX_LINE_BYTES {
        return Err(format!("line too long: more than {MAX_LINE_BYTES} bytes"));
    }
    match std::str::from_utf8(raw) {
        Ok(text) => Ok(text.trim().to_owned()),
        Err(_) => Err("line is not UTF-8 text".to_owned()),
    }
}

/// A number as the protocol writes it: decimal digits.
fn parse_number(text: &str) -> Result<usize, String> {
    let text = text.trim();
    if text.is_empty() {
        return Err("a number is missing".to_owned());
    }
    if !text.bytes().all(|byte| byte.is_ascii_digit()) {
        return Err(format!("{} is not a number", shown(text)));
    }
    text.parse()
        .map_err(|_| format!("{} is too large", shown(text)))
}

/// Two numbers separated by a comma, `x,y`.
fn parse_pair(text: &str) -> Result<(usize, usize), String> {
    match text.split_once(',') {
        Some((first, second)) => Ok((parse_number(first)?, parse_number(second)?)),
        None => Err(format!("{} is not two numbers x,y", shown(text))),
    }
}

/// Text from the manager quoted in an answer: at most 40 characters, control characters as `?`, so that the
/// answer stays one short line.
fn shown(text: &str) -> String {
    let mut quoted: String = text
        .chars()
        .take(40)
        .map(|c| if c.is_control() { '?' } else { c })
        .collect();
    if text.chars().nth(40).is_some() {
        quoted.push_str("...");
    }
    format!("'{quoted}'")
}

/// `ABOUT`'s answer.
fn about() -> String {
    format!(
        "name=\"minimax\", version=\"{}\", author=\"the tictactoe project\", country=\"n/a\"",
        env!("CARGO_PKG_VERSION")
    )
}

/// A `MESSAGE` saying what the search proved, if it proved anything: a result, or a forced win of `mover`'s or
/// of its opponent's.
fn verdict_message(choice: &Choice, mover: Player) -> Option<String> {
    let Score::Proved(value) = choice.verdict else {
        return choice
            .forced
            .as_ref()
            .map(|forced| forced_message(forced, mover));
    };
    let plies = value.plies;
    Some(match value.outcome {
        Outcome::Win => format!("MESSAGE proved win in {plies} plies"),
        Outcome::Loss => format!("MESSAGE proved loss in {plies} plies against best play"),
        Outcome::Draw => "MESSAGE proved draw".to_owned(),
    })
}

/// A `MESSAGE` on a forced win: "forced win by continuous fours within 9 plies (1240 positions)", or "forced loss:
/// the opponent wins by fours and threes within 11 plies after this move".
fn forced_message(forced: &Forced, mover: Player) -> String {
    let how = match forced.kind {
        ForcedKind::Fours => "by continuous fours",
        ForcedKind::FoursAndThrees => "by fours and threes",
    };
    let plies = forced.plies;
    if forced.winner == mover {
        format!(
            "MESSAGE forced win {how} within {plies} plies ({} positions)",
            forced.positions
        )
    } else {
        format!("MESSAGE forced loss: the opponent wins {how} within {plies} plies after this move")
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::Value;

    /// Plays the lowest empty cell at once, or what it was told to, and remembers what it was asked.
    #[derive(Debug, Default)]
    struct Fake {
        /// The positions and budgets it was asked about, the position as `Grid` writes it.
        asked: Vec<(String, u32)>,
        /// Played instead of the lowest empty cell, with this verdict, when set.
        answer: Option<Choice>,
    }

    impl Searcher for Fake {
        fn search(&mut self, grid: &Grid, time_ms: u32) -> Choice {
            self.asked.push((grid.to_string(), time_ms));
            self.answer.clone().unwrap_or(Choice {
                cell: grid.legal_moves().next(),
                verdict: Score::Estimate(0),
                forced: None,
            })
        }
    }

    fn brain() -> Brain<Fake> {
        Brain::new(Fake::default())
    }

    /// The answers to `lines`, one after the other, all in one list.
    fn session(brain: &mut Brain<Fake>, lines: &[&str]) -> Vec<String> {
        lines
            .iter()
            .flat_map(|line| brain.handle(line.as_bytes()))
            .collect()
    }

    fn said(brain: &mut Brain<Fake>, lines: &[&str]) -> String {
        session(brain, lines).join("\n")
    }

    #[test]
    fn about_names_the_brain_in_the_recommended_form() {
        let answer = said(&mut brain(), &["ABOUT"]);
        assert!(
            answer.starts_with("name=\"minimax\", version=\""),
            "{answer}"
        );
        assert!(answer.contains("author=\"") && answer.contains("country=\""));
    }

    #[test]
    fn start_takes_3_to_15_per_side_and_refuses_others() {
        assert_eq!(said(&mut brain(), &["START 15"]), "OK");
        assert_eq!(said(&mut brain(), &["start 5"]), "OK");
        for bad in [
            "START 20",
            "START 2",
            "START 0",
            "START",
            "START x",
            "START -5",
            "START 99999999999999999999999",
        ] {
            let answer = said(&mut brain(), &[bad]);
            assert!(answer.starts_with("ERROR "), "{bad}: {answer}");
        }
        assert!(said(&mut brain(), &["START 20"]).contains("3 to 15 rows, this one has 20"));
    }

    #[test]
    fn a_refused_start_leaves_no_board() {
        let mut brain = brain();
        let answer = said(&mut brain, &["START 15", "START 20", "BEGIN"]);
        assert!(
            answer.ends_with("ERROR BEGIN before START: there is no board yet"),
            "{answer}"
        );
    }

    #[test]
    fn boards_too_small_for_five_play_the_shorter_side_and_say_so() {
        assert_eq!(line_to_win(15, 15), 5);
        assert_eq!(line_to_win(4, 9), 4);
        assert_eq!(line_to_win(3, 3), 3);
        let answer = said(&mut brain(), &["START 4"]);
        assert_eq!(
            answer,
            "MESSAGE a 4x4 board is too small for five: 4 in a row wins\nOK"
        );
    }

    #[test]
    fn rectstart_is_width_then_height() {
        let mut brain = brain();
        assert_eq!(
            said(&mut brain, &["RECTSTART 9,4"]),
            "MESSAGE a 9x4 board is too small for five: 4 in a row wins\nOK"
        );
        assert!(said(&mut brain, &["TURN 3,8"]).starts_with("ERROR bad TURN: 3,8 is off the board"));
        assert_eq!(said(&mut brain, &["TURN 8,3"]), "0,0");
        let (position, _) = &brain.searcher.asked[0];
        assert_eq!(position, "........./........./........./........X");
    }

    #[test]
    fn moves_are_x_then_y_with_x_the_column() {
        let mut brain = brain();
        brain.searcher.answer = Some(Choice {
            cell: Some(2 * 15 + 11),
            verdict: Score::Estimate(3),
            forced: None,
        });
        assert_eq!(said(&mut brain, &["START 15", "BEGIN"]), "OK\n11,2");
    }

    #[test]
    fn commands_before_start_are_errors() {
        for command in ["BEGIN", "TURN 1,1", "BOARD", "RESTART", "TAKEBACK 1,1"] {
            let answer = said(&mut brain(), &[command]);
            assert!(
                answer.starts_with("ERROR ") && answer.contains("before START"),
                "{answer}"
            );
        }
    }

    #[test]
    fn the_brain_is_first_after_begin_and_second_after_turn() {
        let mut brain = brain();
        assert_eq!(
            said(&mut brain, &["START 5", "BEGIN", "TURN 2,2"]),
            "OK\n0,0\n1,0"
        );
        assert_eq!(brain.searcher.asked[0].0, "...../...../...../...../.....");
        assert_eq!(brain.searcher.asked[1].0, "X..../...../..O../...../.....");
        let mut second = self::brain();
        assert_eq!(said(&mut second, &["START 5", "TURN 2,2"]), "OK\n0,0");
        assert_eq!(second.searcher.asked[0].0, "...../...../..X../...../.....");
    }

    #[test]
    fn bad_turns_are_errors_and_change_nothing() {
        let mut brain = brain();
        session(&mut brain, &["START 5", "BEGIN"]);
        for (turn, why) in [
            ("TURN 0,0", "'0,0' is already taken"),
            ("TURN 5,0", "5,0 is off the board (x 0 to 4, y 0 to 4)"),
            ("TURN 7", "'7' is not two numbers x,y"),
            ("TURN a,b", "'a' is not a number"),
            ("TURN -1,3", "'-1' is not a number"),
            ("TURN 1,", "a number is missing"),
            ("TURN 99999999999999999999999,1", "is too large"),
        ] {
            let answer = said(&mut brain, &[turn]);
            assert!(
                answer.starts_with("ERROR bad TURN: ") && answer.contains(why),
                "{turn}: {answer}"
            );
        }
        assert_eq!(said(&mut brain, &["TURN 1,1"]), "1,0");
    }

    #[test]
    fn board_sets_the_position_in_any_order_and_the_brain_moves() {
        let mut brain = brain();
        let answer = session(
            &mut brain,
            &["START 5", "BOARD", "2,2,2", "1,1,1", "3,3,2", "DONE"],
        );
        assert_eq!(answer, ["OK", "0,0"]);
        // One stone fewer than the opponent: the brain is the second player, O.
        assert_eq!(brain.searcher.asked[0].0, "...../.O.../..X../...X./.....");
        let answer = session(&mut brain, &["RESTART", "BOARD", "1,1,1", "2,2,2", "DONE"]);
        assert_eq!(answer, ["OK", "0,0"]);
        assert_eq!(brain.searcher.asked[1].0, "...../.X.../..O../...../.....");
    }

    #[test]
    fn a_wrong_board_line_is_told_at_done_and_leaves_the_board_as_it_was() {
        for (line, why) in [
            (
                "2,2,3",
                "BOARD line 2: field 3 (continuous game) is not supported",
            ),
            (
                "2,2,7",
                "BOARD line 2: field '7' is not 1 (own stone) or 2 (opponent's)",
            ),
            ("1,1,2", "BOARD line 2: '1,1,2' is given twice"),
            ("9,9,1", "BOARD line 2: 9,9 is off the board"),
            ("garbage", "BOARD line 2: 'garbage' is not x,y,field"),
            ("TURN 1,1", "BOARD line 2: 'TURN 1' is not two numbers x,y"),
        ] {
            let mut brain = brain();
            let lines = [
                "START 5", "TURN 4,4", "BOARD", "1,1,1", line, "0,1,2", "DONE",
            ];
            let answer = session(&mut brain, &lines);
            assert_eq!(answer[..2], ["OK", "0,0"]);
            assert_eq!(answer.len(), 3, "{answer:?}");
            assert!(
                answer[2].starts_with(&format!("ERROR {why}")),
                "{line}: {answer:?}"
            );
            assert!(answer[2].ends_with("; the board is unchanged"));
            assert_eq!(
                said(&mut brain, &["TURN 1,0"]),
                "2,0",
                "the board before BOARD"
            );
        }
    }

    #[test]
    fn a_board_the_brain_cannot_move_in_is_an_error() {
        let cases = [
            (
                &["1,1,1", "2,2,1"][..],
                "cannot move with 2 own stones and 0 of the opponent's",
            ),
            (
                &[
                    "0,0,2", "1,0,2", "2,0,2", "3,0,2", "4,0,2", "0,1,1", "1,1,1", "2,1,1", "0,3,1",
                ][..],
                "the game is over: the opponent has won",
            ),
            (
                &[
                    "0,0,2", "1,0,2", "2,0,2", "3,0,2", "4,0,2", "0,2,2", "1,2,2", "2,2,2",
                    "3,2,2", "4,2,2", "0,1,1", "1,1,1", "2,1,1", "3,1,1", "0,3,1", "1,3,1",
                    "2,3,1", "3,3,1", "0,4,1",
                ][..],
                "no game reaches this position",
            ),
        ];
        for (stones, why) in cases {
            let mut brain = brain();
            let mut lines = vec!["START 5", "BOARD"];
            lines.extend(stones);
            lines.push("DONE");
            let answer = said(&mut brain, &lines);
            assert!(
                answer.starts_with("OK\nERROR ") && answer.contains(why),
                "{answer}"
            );
            assert!(brain.searcher.asked.is_empty());
        }
    }

    #[test]
    fn done_without_board_and_unknown_commands_are_answered() {
        let mut brain = brain();
        assert_eq!(said(&mut brain, &["DONE"]), "ERROR DONE without BOARD");
        assert_eq!(
            said(&mut brain, &["SWAP2BOARD"]),
            "UNKNOWN 'SWAP2BOARD' is not a command this brain knows"
        );
        assert_eq!(said(&mut brain, &["", "   "]), "");
    }

    #[test]
    fn takeback_removes_a_stone() {
        let mut brain = brain();
        assert_eq!(
            said(&mut brain, &["START 5", "BEGIN", "TURN 1,1"]),
            "OK\n0,0\n1,0"
        );
        assert_eq!(
            said(&mut brain, &["TAKEBACK 1,0", "TAKEBACK 1,1"]),
            "OK\nOK"
        );
        assert!(
            said(&mut brain, &["TAKEBACK 1,1"]).starts_with("ERROR bad TAKEBACK: '1,1' is empty")
        );
        assert!(said(&mut brain, &["TAKEBACK 1"]).starts_with("ERROR bad TAKEBACK: "));
        assert_eq!(said(&mut brain, &["TURN 3,3"]), "1,0");
        assert_eq!(brain.searcher.asked[2].0, "X..../...../...../...O./.....");
    }

    #[test]
    fn a_turn_out_of_turn_is_refused() {
        let mut brain = brain();
        session(&mut brain, &["START 5", "TURN 0,0", "TAKEBACK 1,0"]);
        let answer = said(&mut brain, &["TURN 2,2"]);
        assert!(
            answer.starts_with("ERROR bad TURN: not the opponent's turn"),
            "{answer}"
        );
    }

    #[test]
    fn info_answers_nothing_and_sets_the_time() {
        let mut brain = brain();
        let lines = [
            "INFO timeout_turn 500",
            "INFO time_left 2147483647",
            "INFO max_memory 83886080",
            "INFO game_type 1",
            "INFO folder C:\\x",
            "INFO",
            "INFO evaluate 3,4",
        ];
        assert!(session(&mut brain, &lines).is_empty());
        assert_eq!(said(&mut brain, &["START 15", "BEGIN"]), "OK\n0,0");
        assert_eq!(brain.searcher.asked[0].1, 445);
        assert_eq!(brain.time_control().turn_ms, Some(500));
    }

    #[test]
    fn an_unsupported_rule_is_told_before_the_next_answer_and_its_five_kept() {
        let mut brain = brain();
        assert!(
            session(
                &mut brain,
                &[
                    "START 15",
                    "INFO rule 4",
                    "INFO rule 0",
                    "INFO timeout_turn x"
                ]
            )
            .len()
                == 1
        );
        let answer = session(&mut brain, &["BEGIN"]);
        assert_eq!(
            answer,
            [
                "MESSAGE rule 4 (renju) is not supported: this brain plays free-style, five or more in a row wins",
                "MESSAGE INFO timeout_turn 'x' ignored: not a number",
                "0,0"
            ]
        );
        assert_eq!(said(&mut brain, &["TURN 5,5"]), "1,0", "said once");
        assert!(said(&mut brain, &["INFO rule 3", "ABOUT"]).contains(
            "rule 3 (continuous game) is not supported: this brain plays standard, exactly five in a row wins"
        ));
    }

    #[test]
    fn the_time_per_move_follows_the_turn_and_the_match() {
        let time = |turn_ms, left_ms| TimeControl { turn_ms, left_ms };
        assert_eq!(
            time(None, None).budget_ms(225),
            920,
            "the default 1000 ms less 80"
        );
        assert_eq!(time(Some(0), None).budget_ms(225), 0, "as fast as possible");
        assert_eq!(
            time(Some(40), None).budget_ms(225),
            20,
            "at most half kept back"
        );
        assert_eq!(time(Some(5000), Some(2_147_483_647)).budget_ms(225), 4720);
        assert_eq!(
            time(Some(5000), Some(10_000)).budget_ms(225),
            350,
            "a 25th of 10 s, less 50"
        );
        assert_eq!(
            time(Some(5000), Some(8000)).budget_ms(3),
            3770,
            "2 moves left: 4 s each, less 230"
        );
        assert_eq!(time(Some(5000), Some(-30)).budget_ms(225), 0, "out of time");
        assert_eq!(time(Some(u64::MAX), None).budget_ms(225), u32::MAX);
    }

    #[test]
    fn a_proved_result_is_told() {
        let mut brain = brain();
        let proved = |outcome, plies| Choice {
            cell: Some(12),
            verdict: Score::Proved(Value { outcome, plies }),
            forced: None,
        };
        brain.searcher.answer = Some(proved(Outcome::Win, 9));
        assert_eq!(
            said(&mut brain, &["START 5", "BEGIN"]),
            "OK\nMESSAGE proved win in 9 plies\n2,2"
        );
        brain.searcher.answer = Some(Choice {
            cell: Some(13),
            ..proved(Outcome::Loss, 4)
        });
        assert_eq!(
            said(&mut brain, &["TURN 0,0"]),
            "MESSAGE proved loss in 4 plies against best play\n3,2"
        );
        assert_eq!(
            said(&mut brain, &["TURN 0,1"]),
            "ERROR the search found no move",
            "13 is taken"
        );
        brain.searcher.answer = Some(proved(Outcome::Draw, 20));
        assert_eq!(
            said(&mut brain, &["RESTART", "BEGIN"]),
            "OK\nMESSAGE proved draw\n2,2"
        );
        // A forced win that is sure, its length a bound: the brain's own, then the opponent's.
        let forced = |winner| Choice {
            cell: Some(12),
            verdict: Score::Estimate(999_000),
            forced: Some(Forced {
                winner,
                kind: ForcedKind::Fours,
                plies: 9,
                positions: 1240,
                line: vec![12, 13, 14],
            }),
        };
        brain.searcher.answer = Some(forced(Player::X));
        assert_eq!(
            said(&mut brain, &["RESTART", "BEGIN"]),
            "OK\nMESSAGE forced win by continuous fours within 9 plies (1240 positions)\n2,2"
        );
        brain.searcher.answer = Some(Choice {
            cell: Some(13),
            ..forced(Player::O)
        });
        assert_eq!(
            said(&mut brain, &["TURN 0,0"]),
            "MESSAGE forced loss: the opponent wins by continuous fours within 9 plies after this move\n3,2"
        );
    }

    #[test]
    fn end_ends_and_nothing_is_said_after() {
        let mut brain = brain();
        assert_eq!(said(&mut brain, &["START 15", "END"]), "OK");
        assert!(brain.is_ended());
        assert_eq!(said(&mut brain, &["ABOUT", "BEGIN"]), "");
        let mut reading = self::brain();
        assert_eq!(
            said(&mut reading, &["START 15", "BOARD", "1,1,1", "END"]),
            "OK"
        );
        assert!(reading.is_ended());
    }

    #[test]
    fn bytes_that_are_not_text_and_overlong_lines_are_errors() {
        let mut brain = brain();
        assert_eq!(
            brain.handle(b"\xff\xfe START 15"),
            ["ERROR line is not UTF-8 text"]
        );
        let long = vec![b'A'; MAX_LINE_BYTES + 1];
        assert_eq!(
            brain.handle(&long),
            ["ERROR line too long: more than 4096 bytes"]
        );
        session(&mut brain, &["START 5", "BOARD"]);
        assert!(brain.handle(b"1,1,\xff").is_empty());
        assert_eq!(
            brain.handle(b"DONE"),
            ["ERROR BOARD line 1: line is not UTF-8 text; the board is unchanged"]
        );
    }

    #[test]
    fn read_line_bounds_a_line_and_takes_any_end_of_line() {
        let mut input: &[u8] = b"START 15\r\nBEGIN\n\nlast";
        let mut line = Vec::new();
        let mut lines = Vec::new();
        while read_line(&mut input, &mut line).expect("a slice reads") {
            lines.push(String::from_utf8(line.clone()).expect("text"));
        }
        assert_eq!(lines, ["START 15\r", "BEGIN", "", "last"]);
        let endless = vec![b'7'; 100_000];
        let mut input = std::io::BufReader::with_capacity(64, &endless[..]);
        assert!(read_line(&mut input, &mut line).expect("a slice reads"));
        assert_eq!(line.len(), MAX_LINE_BYTES + 1);
        assert!(!read_line(&mut input, &mut line).expect("a slice reads"));
    }
}
