//! "Check your own minimax": the JS API's `check(bot, options)` for the 3x3 game, without the page. The bot plays
//! `X` or `O` against every line of the opponent, and each answer is judged against the engine's exact values
//! ([`analyze`]). [`BotCheck`] is a state machine so that a page can await a bot that returns a Promise and stay
//! responsive; [`check_bot`] drives it for a bot written in Rust.

use crate::engine::{analyze, Board, Outcome, Player};
use crate::game::square_name;
use std::collections::{HashMap, HashSet};
use std::fmt;

/// How many examples of each kind a report keeps.
pub const EXAMPLES: usize = 3;

/// What `check` is asked to do.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct CheckOptions {
    /// The side the bot plays (the JS API's `options.side`, `"X"` by default).
    pub side: Player,
    /// Whether to ask every position a second time, once the walk is done, and fail on a different answer. A bot
    /// asked once a position cannot be caught answering one position two ways; without this, a bot that picks at
    /// random among equal moves is judged on its first answers.
    pub ask_twice: bool,
}

impl Default for CheckOptions {
    /// The bot plays X, and is asked once a position.
    fn default() -> CheckOptions {
        CheckOptions {
            side: Player::X,
            ask_twice: false,
        }
    }
}

/// What the bot gave for one position, as the page's binding reads it.
#[derive(Clone, Debug, PartialEq)]
pub enum Reply {
    /// A number (a JS number: it may be 4.5, -1 or NaN).
    Number(f64),
    /// Something that is not a number, described for the error: `the string "4"`, `undefined`.
    Other(String),
    /// The bot threw (or its Promise was rejected) with this message.
    Threw(String),
}

impl From<usize> for Reply {
    /// A cell as the bot's answer.
    fn from(cell: usize) -> Reply {
        Reply::Number(cell as f64)
    }
}

/// What was wrong with the bot's answer.
#[derive(Clone, Debug, PartialEq)]
pub enum BadReply {
    /// It answered something that is not a number (described).
    NotANumber(String),
    /// It answered a number that is not a whole number (NaN and the infinities included).
    NotAWholeNumber(f64),
    /// It answered a whole number that is not a cell, 0 to 8.
    NoSuchCell(f64),
    /// It answered a cell that is taken.
    Occupied(usize),
    /// It answered the position two ways: first this cell, then that one.
    Inconsistent {
        /// The first answer.
        first: usize,
        /// The later one.
        then: usize,
    },
    /// It threw, with this message.
    Threw(String),
    /// The position was not asked about (a caller's mistake, not the bot's).
    NotAsked,
}

/// The bot's answer at `position` could not be used.
#[derive(Clone, Debug, PartialEq)]
pub struct CheckError {
    /// The position the bot was asked about.
    pub position: Board,
    /// What went wrong.
    pub problem: BadReply,
}

impl fmt::Display for CheckError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let position = self.position;
        write!(f, "At {position} ({} to move), ", position.to_move().name())?;
        match &self.problem {
            BadReply::NotANumber(what) => write!(
                f,
                "the bot answered {what}, which is not a number: a bot answers with a cell from 0 to 8."
            ),
            BadReply::NotAWholeNumber(number) => write!(
                f,
                "the bot answered {}, which is not a cell: cells are whole numbers from 0 to 8.",
                js_number(*number)
            ),
            BadReply::NoSuchCell(number) => write!(
                f,
                "the bot answered {}, but cells are 0 to 8.",
                js_number(*number)
            ),
            BadReply::Occupied(cell) => write!(
                f,
                "the bot answered {cell}, but {} is taken by {}.",
                square_name(position.shape(), *cell),
                position.get(*cell).map_or("", Player::name)
            ),
            BadReply::Inconsistent { first, then } => write!(
                f,
                "the bot answered {first}, then {then}: a bot must answer the same position the same way."
            ),
            BadReply::Threw(message) => write!(f, "the bot threw an error: {message}"),
            BadReply::NotAsked => f.write_str("the check has not asked the bot about this position."),
        }
    }
}

impl std::error::Error for CheckError {}

/// A number as JavaScript writes it: "4.5", "NaN", "Infinity".
fn js_number(number: f64) -> String {
    if number.is_nan() {
        "NaN".to_owned()
    } else if number.is_infinite() {
        if number > 0.0 {
            "Infinity"
        } else {
            "-Infinity"
        }
        .to_owned()
    } else {
        number.to_string()
    }
}

/// One position the bot was asked about, with its move and the best moves.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Example {
    /// The position.
    pub position: Board,
    /// The bot's move.
    pub bot_move: usize,
    /// The moves of the best value there (the fastest win), in cell order.
    pub best_moves: Vec<usize>,
}

/// The first few positions of each kind of mistake, in the order the bot was asked about them.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Examples {
    /// Forced wins thrown away.
    pub missed_wins: Vec<Example>,
    /// Wins kept, but not the fastest.
    pub slow_wins: Vec<Example>,
    /// Draws thrown away: the bot could at least draw, and played a move that loses.
    pub lost_draws: Vec<Example>,
}

/// What the check found.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct BotReport {
    /// Whether no line of the opponent beats the bot.
    pub never_loses: bool,
    /// The shortest game the bot loses, as the cells played from the empty board (the first in cell order of
    /// the shortest), or `None`.
    pub losing_line: Option<Vec<usize>>,
    /// Positions the bot reached with a forced win, where it played a move that does not keep it.
    pub missed_wins: usize,
    /// Positions where it kept a forced win, but a faster one existed.
    pub slow_wins: usize,
    /// Positions where it could at least draw, and played a move that loses.
    pub lost_draws: usize,
    /// The distinct positions the bot was asked about.
    pub positions: usize,
    /// The first few of each kind, up to [`EXAMPLES`].
    pub examples: Examples,
}

impl BotReport {
    /// The report in words, one sentence each: the verdict, then each kind of mistake found.
    pub fn sentences(&self) -> Vec<String> {
        let asked = counted(self.positions, "position");
        let mut sentences = vec![match &self.losing_line {
            None => format!("It never loses: checked against every reply at every turn, {asked} asked."),
            Some(line) => format!(
                "It can lose: the shortest game it loses is {} long, cells {} (0 to 8, row by row); {asked} asked.",
                counted(line.len(), "move"),
                line.iter()
                    .map(usize::to_string)
                    .collect::<Vec<_>>()
                    .join(", "),
            ),
        }];
        for (count, what) in [
            (
                self.missed_wins,
                "had a forced win and played a move that does not keep it",
            ),
            (
                self.slow_wins,
                "kept a forced win, but a faster one was there",
            ),
            (
                self.lost_draws,
                "could at least draw and played a move that loses",
            ),
        ] {
            if count > 0 {
                sentences.push(format!("In {}, it {what}.", counted(count, "position")));
            }
        }
        sentences
    }
}

/// "1 position", "523 positions".
fn counted(count: usize, noun: &str) -> String {
    if count == 1 {
        format!("1 {noun}")
    } else {
        format!("{count} {noun}s")
    }
}

/// How one answer of the bot compares with the best.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Judgement {
    /// As good as the best, or nothing better was there to have.
    Fine,
    MissedWin,
    SlowWin,
    LostDraw,
}

/// Where the check is.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Stage {
    /// Walking the game: the bot is asked about the positions of one ply.
    Walking,
    /// Asking every position again ([`CheckOptions::ask_twice`]).
    AskingAgain,
    /// Done: the report is ready.
    Done,
}

/// The check of one bot, as a state machine: ask it what [`BotCheck::wanted`] says, feed it each answer with
/// [`BotCheck::answer`], until [`BotCheck::report`] has the report. Between two answers the caller may yield to
/// the page.
///
/// The game is walked one ply at a time, breadth first: the positions where the bot is to move after `n` marks
/// are asked together, each once however many lines reach it, in the order of the first line that reaches it
/// (lines compared cell by cell). So the first lost game found is the shortest one, and of the shortest the first
/// in that order; and the positions asked are exactly those reachable when the bot plays its own choices against
/// every reply.
#[derive(Clone, Debug)]
pub struct BotCheck {
    options: CheckOptions,
    phase: Stage,
    /// The positions of this ply where the bot is to move, each with the first line that reaches it.
    ply: Vec<(Board, Vec<usize>)>,
    /// The bot's answer for every position answered, and how it compares with the best.
    answers: HashMap<Board, (usize, Judgement)>,
    /// Every position asked, in order.
    asked: Vec<Board>,
    /// The positions answered a second time.
    asked_again: HashSet<Board>,
    /// The first lost game found: the shortest.
    losing_line: Option<Vec<usize>>,
}

impl BotCheck {
    /// A check of a bot with `options`, wanting the first positions.
    pub fn new(options: CheckOptions) -> BotCheck {
        let mut check = BotCheck {
            options,
            phase: Stage::Walking,
            ply: Vec::new(),
            answers: HashMap::new(),
            asked: Vec::new(),
            asked_again: HashSet::new(),
            losing_line: None,
        };
        let start = vec![(Board::EMPTY, Vec::new())];
        if options.side == Player::X {
            check.ask(start);
        } else {
            let replies = check.replies(&start);
            check.ask(replies);
        }
        check
    }

    /// Asks about `ply`, or moves on when there is nothing to ask.
    fn ask(&mut self, ply: Vec<(Board, Vec<usize>)>) {
        self.asked.extend(ply.iter().map(|(position, _)| *position));
        self.ply = ply;
        if self.ply.is_empty() {
            self.phase = if self.options.ask_twice {
                Stage::AskingAgain
            } else {
                Stage::Done
            };
        }
    }

    /// The positions the bot must be asked about now, in order, none already answered; empty once the report is
    /// ready.
    pub fn wanted(&self) -> Vec<Board> {
        match self.phase {
            Stage::Walking => self
                .ply
                .iter()
                .map(|(position, _)| *position)
                .filter(|position| !self.answers.contains_key(position))
                .collect(),
            Stage::AskingAgain => self
                .asked
                .iter()
                .copied()
                .filter(|position| !self.asked_again.contains(position))
                .collect(),
            Stage::Done => Vec::new(),
        }
    }

    /// Takes the bot's `reply` about `position`; once every position wanted is answered, moves on to the next
    /// ones.
    ///
    /// # Errors
    /// [`CheckError`] when the reply is not an empty cell's number, differs from an earlier answer for the same
    /// position, is the bot's error, or `position` was not asked about. The check is then over: its report would
    /// judge a bot it could not follow.
    pub fn answer(&mut self, position: Board, reply: Reply) -> Result<(), CheckError> {
        let error = |problem| CheckError { position, problem };
        let cell = playable_cell(position, reply).map_err(error)?;
        if let Some(&(first, _)) = self.answers.get(&position) {
            if first != cell {
                return Err(error(BadReply::Inconsistent { first, then: cell }));
            }
            if self.phase == Stage::AskingAgain {
                self.asked_again.insert(position);
                if self.asked_again.len() == self.asked.len() {
                    self.phase = Stage::Done;
                }
            }
            return Ok(());
        }
        let wanted =
            self.phase == Stage::Walking && self.ply.iter().any(|(asked, _)| *asked == position);
        if !wanted {
            return Err(error(BadReply::NotAsked));
        }
        self.answers.insert(position, (cell, judge(position, cell)));
        if self
            .ply
            .iter()
            .all(|(asked, _)| self.answers.contains_key(asked))
        {
            let ply = std::mem::take(&mut self.ply);
            let next = self.replies(&ply);
            self.ask(next);
        }
        Ok(())
    }

    /// The positions after the bot's answer at each position of `ply` and every reply of the opponent, in the
    /// order of their first lines, each once; a reply that wins for the opponent is a lost game, kept if it is
    /// the first. From the empty board when the opponent moves first (`ply` is then the empty board, unanswered).
    fn replies(&mut self, ply: &[(Board, Vec<usize>)]) -> Vec<(Board, Vec<usize>)> {
        let mut next = Vec::new();
        let mut seen = HashSet::new();
        let mut opened = HashSet::new();
        for (position, line) in ply {
            let (after, mut line) = match self.answers.get(position) {
                Some(&(cell, _)) => (position.play(cell), [&line[..], &[cell]].concat()),
                None => (*position, line.clone()),
            };
            if after.is_over() || !opened.insert(after) {
                continue;
            }
            line.push(0);
            for reply in after.legal_moves() {
                let reached = after.play(reply);
                *line.last_mut().expect("the reply's place") = reply;
                if reached.winner().is_some() {
                    self.losing_line.get_or_insert_with(|| line.clone());
                } else if !reached.is_over() && seen.insert(reached) {
                    next.push((reached, line.clone()));
                }
            }
        }
        next
    }

    /// The report, once every position wanted is answered; `None` until then.
    pub fn report(&self) -> Option<BotReport> {
        if self.phase != Stage::Done {
            return None;
        }
        let mut report = BotReport {
            never_loses: self.losing_line.is_none(),
            losing_line: self.losing_line.clone(),
            missed_wins: 0,
            slow_wins: 0,
            lost_draws: 0,
            positions: self.asked.len(),
            examples: Examples::default(),
        };
        for &position in &self.asked {
            let (cell, judgement) = self.answers[&position];
            let (count, examples) = match judgement {
                Judgement::Fine => continue,
                Judgement::MissedWin => (&mut report.missed_wins, &mut report.examples.missed_wins),
                Judgement::SlowWin => (&mut report.slow_wins, &mut report.examples.slow_wins),
                Judgement::LostDraw => (&mut report.lost_draws, &mut report.examples.lost_draws),
            };
            *count += 1;
            if examples.len() < EXAMPLES {
                examples.push(Example {
                    position,
                    bot_move: cell,
                    best_moves: analyze(&position).best_cells(),
                });
            }
        }
        Some(report)
    }
}

/// The cell `reply` names, if it is an empty cell of `position`.
fn playable_cell(position: Board, reply: Reply) -> Result<usize, BadReply> {
    let number = match reply {
        Reply::Number(number) => number,
        Reply::Other(what) => return Err(BadReply::NotANumber(what)),
        Reply::Threw(message) => return Err(BadReply::Threw(message)),
    };
    if !number.is_finite() || number.fract() != 0.0 {
        return Err(BadReply::NotAWholeNumber(number));
    }
    if !(0.0..=8.0).contains(&number) {
        return Err(BadReply::NoSuchCell(number));
    }
    // A whole number from 0 to 8.
    let cell = number as usize;
    match position.get(cell) {
        Some(_) => Err(BadReply::Occupied(cell)),
        None => Ok(cell),
    }
}

/// How playing `cell` at `position` compares with the best move there, by the engine's exact values.
fn judge(position: Board, cell: usize) -> Judgement {
    let analysis = analyze(&position);
    let (Some(best), Some(played)) = (analysis.best_value(), analysis.value_of(cell)) else {
        return Judgement::Fine;
    };
    match (best.outcome, played.outcome) {
        (Outcome::Win, Outcome::Win) if played.plies > best.plies => Judgement::SlowWin,
        (Outcome::Win, Outcome::Win) => Judgement::Fine,
        (Outcome::Win, _) => Judgement::MissedWin,
        (Outcome::Draw, Outcome::Loss) => Judgement::LostDraw,
        _ => Judgement::Fine,
    }
}

/// Checks `bot`, a function from a position to its reply, with `options`: the whole check in one call.
///
/// # Errors
/// The first [`CheckError`] the bot's answers give.
pub fn check_bot(
    options: CheckOptions,
    mut bot: impl FnMut(Board) -> Reply,
) -> Result<BotReport, CheckError> {
    let mut check = BotCheck::new(options);
    loop {
        let wanted = check.wanted();
        if wanted.is_empty() {
            break;
        }
        for position in wanted {
            check.answer(position, bot(position))?;
        }
    }
    Ok(check
        .report()
        .expect("a check that wants nothing more has its report"))
}
