//! The engine for authors who want numbers in their prose (`bestMove` and `analyze` on 3x3, `think` and
//! `thinkNow` on any board), and `check` for a bot of their own (run by `checker.rs`); authors import it as
//! `tictactoe.js`. As in `mount.rs`, a bad argument throws a JS `Error` with a sentence, nothing here panics, and
//! every call into JavaScript that can throw is caught.

use super::checker;
use super::js::{error_text, from_js, object, random_seed, to_js};
use super::mount::option_entries;
use super::worker::SearchWorker;
use crate::api::analysis::best_outcome_cells;
use crate::api::check::{BotCheck, CheckOptions};
use crate::api::wire::{self, Query};
use crate::engine::{
    analyze as analyze_board, best_move_at, think as think_about, think_moves, Board, Engine, Grid,
    Level, Limits, Player, Rng, Rule, Shape, Status,
};
use crate::settings::{grid_from_text, quote, THINK_RANGE_MS};
use js_sys::{Array, Function, Promise};
use std::cell::RefCell;
use wasm_bindgen::prelude::*;

/// `position` as a board, or an `Error` naming `function`.
fn position_argument(position: &JsValue, function: &str) -> Result<Board, JsError> {
    let text = position.as_string().ok_or_else(|| {
        JsError::new(&format!(
            "{function}: the position must be a string of 9 characters such as \"X...O....\""
        ))
    })?;
    // The rows form of the 3x3 board ("X.O/.X./O..") is the same position: read as a board, written as nine cells.
    let cells = if text.contains('/') {
        let grid = grid_from_text(&text, None)
            .map_err(|error| JsError::new(&format!("{function}: {error}")))?;
        if grid.shape() != Shape::CLASSIC {
            return Err(JsError::new(&format!(
                "{function}: answers for the 3x3 board, and this position is {}x{}: think() answers for any board",
                grid.shape().rows(),
                grid.shape().cols()
            )));
        }
        grid.to_string()
    } else {
        text
    };
    cells
        .parse::<Board>()
        .map_err(|error| JsError::new(&format!("{function}: {}", error.message())))
}

thread_local! {
    /// Chooses among equally good moves for `bestMove`, seeded on first use.
    static RNG: RefCell<Option<Rng>> = const { RefCell::new(None) };
}

/// The cell (0 to 8) the engine plays in `position` at `level` (default `"unbeatable"`), chosen at random among
/// moves it cannot tell apart.
///
/// Throws an `Error` for a malformed or impossible position, a finished game, or an unknown level.
#[wasm_bindgen(js_name = bestMove)]
pub fn best_move(position: JsValue, level: JsValue) -> Result<u32, JsError> {
    let board = position_argument(&position, "bestMove")?;
    let level = if level.is_undefined() || level.is_null() {
        Level::Unbeatable
    } else {
        level
            .as_string()
            .and_then(|name| Level::from_name(&name))
            .ok_or_else(|| {
                JsError::new(
                    "bestMove: the level must be \"easy\", \"medium\", \"hard\" or \"unbeatable\"",
                )
            })?
    };
    let over = match board.status() {
        Status::Won(winner) => Some(format!("{} has won", winner.name())),
        Status::Draw => Some("it is a draw".to_owned()),
        Status::InProgress => None,
    };
    if let Some(why) = over {
        return Err(JsError::new(&format!(
            "bestMove: the game is over in {} ({why}), so there is no move to play",
            board.notation()
        )));
    }
    let cell = RNG.with(|rng| {
        let mut rng = rng.borrow_mut();
        let rng = rng.get_or_insert_with(|| Rng::new(random_seed()));
        best_move_at(&board, level, rng)
    });
    cell.map(|cell| cell as u32)
        .ok_or_else(|| JsError::new("bestMove: there is no move to play"))
}

/// The exact value of every legal move of `position`: `{ toMove, moves: [{ cell, outcome, plies }], bestMoves,
/// nodes }`. `outcome` is `"win"`, `"draw"` or `"loss"` for the side to move, `plies` counts plies to the end of
/// the game under best play (a move that wins at once has 1). `bestMoves` are the cells with the best outcome,
/// the fastest win or the slowest loss first. A finished game has no moves.
///
/// Throws an `Error` for a malformed or impossible position.
#[wasm_bindgen]
pub fn analyze(position: JsValue) -> Result<JsValue, JsError> {
    let board = position_argument(&position, "analyze")?;
    let analysis = analyze_board(&board);
    let moves: Array = analysis
        .values()
        .map(|(cell, value)| {
            object(&[
                ("cell", JsValue::from(cell as u32)),
                ("outcome", JsValue::from_str(value.outcome.as_str())),
                ("plies", JsValue::from(value.plies)),
            ])
        })
        .collect();
    Ok(object(&[
        ("toMove", JsValue::from_str(board.to_move().name())),
        ("moves", moves.into()),
        (
            "bestMoves",
            to_js(&wire::cells(&best_outcome_cells(&analysis))),
        ),
        ("nodes", JsValue::from(analysis.nodes as f64)),
    ])
    .into())
}

/// The options object of `think` and `thinkNow`, read: `k`, `rule`, `timeMs`, `depth`, `evaluation` and `moves`.
struct ThinkOptions {
    k: Option<usize>,
    /// Free-style (the default) or standard: exactly k in a row wins.
    rule: Rule,
    limits: Limits,
    /// Every move's verdict rather than the best move's.
    moves: bool,
}

/// A whole number option in `range`, or an `Error` naming `function`.
fn whole_option(
    function: &str,
    name: &str,
    value: &JsValue,
    range: (u32, u32),
) -> Result<u32, JsError> {
    value
        .as_f64()
        .filter(|n| n.fract() == 0.0 && (f64::from(range.0)..=f64::from(range.1)).contains(n))
        .map(|n| n as u32)
        .ok_or_else(|| {
            JsError::new(&format!(
                "{function}: option {name} must be a whole number from {} to {}",
                range.0, range.1
            ))
        })
}

/// Reads `think`'s options (`undefined` or `null`: every default).
fn think_options(function: &str, options: &JsValue) -> Result<ThinkOptions, JsError> {
    let mut read = ThinkOptions {
        k: None,
        rule: Rule::Freestyle,
        limits: Limits::default(),
        moves: false,
    };
    let Some(entries) = option_entries(function, options, "{ k: 4, timeMs: 1000 }")? else {
        return Ok(read);
    };
    for (name, value) in entries {
        match name.as_str() {
            // Set to `undefined` or `null`, an option is as if it were not given: its default (as `mount`'s).
            "k" | "rule" | "timeMs" | "depth" | "evaluation" | "moves"
                if value.is_undefined() || value.is_null() => {}
            "k" => read.k = Some(whole_option(function, "k", &value, (3, 15))? as usize),
            "rule" => {
                read.rule = value
                    .as_string()
                    .and_then(|name| Rule::from_name(&name))
                    .ok_or_else(|| {
                        JsError::new(&format!(
                            "{function}: option rule must be \"freestyle\" or \"standard\""
                        ))
                    })?;
            }
            "timeMs" => read.limits.time_ms = whole_option(function, "timeMs", &value, THINK_RANGE_MS)?,
            "depth" => read.limits.max_depth = Some(whole_option(function, "depth", &value, (1, 225))?),
            "evaluation" | "moves" => {
                let on = value.as_bool().ok_or_else(|| {
                    JsError::new(&format!("{function}: option {name} must be true or false"))
                })?;
                if name == "evaluation" {
                    read.limits.evaluation = on;
                } else {
                    read.moves = on;
                }
            }
            _ => {
                return Err(JsError::new(&format!(
                    "{function}: unknown option {}: the options are k, rule, timeMs, depth, evaluation and moves",
                    quote(&name)
                )))
            }
        }
    }
    Ok(read)
}

/// `position` on its board (with `k` in a row to win, under the options' rule), or an `Error` naming `function`;
/// a finished game is an error too, since there is nothing to search.
fn grid_argument(
    function: &str,
    position: &JsValue,
    options: &ThinkOptions,
) -> Result<Grid, JsError> {
    let text = position.as_string().ok_or_else(|| {
        JsError::new(&format!(
            "{function}: the position must be a string such as \"..../.X../..O./....\""
        ))
    })?;
    let problem = |error: String| JsError::new(&format!("{function}: {error}"));
    let grid = grid_from_text(&text, options.k).map_err(|error| problem(error.to_string()))?;
    // Read again on the rule's board: a line that is no win under it does not end the game.
    let grid = match options.rule {
        Rule::Freestyle => grid,
        Rule::Standard => Grid::parse(&grid.to_string(), grid.shape().with_rule(Rule::Standard))
            .map_err(|error| problem(error.to_string()))?,
    };
    if grid.is_over() {
        return Err(JsError::new(&format!(
            "{function}: the game is over in {grid}, so there is nothing to search"
        )));
    }
    Ok(grid)
}

/// The clock of a search in JavaScript: `Date.now()`, which workers have too.
struct DateClock;

impl crate::engine::Clock for DateClock {
    fn now_ms(&mut self) -> f64 {
        js_sys::Date::now()
    }
}

/// Searches `position` of any board, here and now, and returns what it found (see `think`). It holds the thread
/// for up to `timeMs`: on a page, call `think`, which searches in a worker; `thinkNow` is for workers and tests.
/// With `moves: true` it answers `{ moves: [{ cell, proved, outcome, plies, estimate }] }`, every legal move's
/// verdict, instead.
///
/// Throws an `Error` for a malformed, impossible or finished position, or an option not understood.
#[wasm_bindgen(js_name = thinkNow)]
pub fn think_now(position: JsValue, options: JsValue) -> Result<JsValue, JsError> {
    let options = think_options("thinkNow", &options)?;
    let grid = grid_argument("thinkNow", &position, &options)?;
    if options.moves {
        let moves = think_moves(&grid, options.limits, &mut DateClock).moves;
        return Ok(to_js(&wire::moves(&moves)));
    }
    let thought = ENGINE.with(|engine| match engine.try_borrow_mut() {
        Ok(mut engine) => engine.think(&grid, options.limits, &mut DateClock),
        Err(_) => think_about(&grid, options.limits, &mut DateClock),
    });
    Ok(to_js(&wire::thought(&thought)))
}

thread_local! {
    /// The engine of `thinkNow`'s searches, which keeps what they found for the next (in a worker, the next move
    /// of the game it searches for).
    static ENGINE: RefCell<Engine> = RefCell::new(Engine::new());
}

thread_local! {
    /// The workers of `think`'s searches, kept between calls so that a search starts at once, without a new worker
    /// or a new instance of the module.
    static SEARCHERS: RefCell<Vec<SearchWorker>> = const { RefCell::new(Vec::new()) };
}

/// The most idle workers kept for later calls of `think`; a page that asked for many searches at once keeps no
/// more than this once they are done.
const IDLE_KEPT: usize = 2;

/// Searches `position` of any board in a Web Worker, so the page never waits, and resolves to what the search
/// found: `{ move, proved, outcome, plies, estimate, depth, nodes, timeMs, tableHits, cutoffs,
/// firstMoveCutoffs, line, timedOut, iterations }`. `position` is rows separated by `/` ("..../.X../..O./....")
/// or the 9 characters of the 3x3 board; `options` has any of `k` (how many in a row win: the shorter side, at
/// most 5, by default), `timeMs` (the time to think, 10 to 60000, default 1000), `depth` (the deepest to look,
/// in plies), `evaluation` (`false`: positions at the horizon count as even) and `moves` (see `thinkNow`).
/// `proved` says whether the search reached every end of the game: then `outcome` (`"win"`, `"draw"` or
/// `"loss"` for the side to move) and `plies` are exact; otherwise `estimate` is the evaluation at `depth`
/// (positive: the side to move is better).
///
/// Throws an `Error` for a malformed, impossible or finished position, or an option not understood; the promise
/// rejects when the browser cannot start a worker.
#[wasm_bindgen]
pub fn think(position: JsValue, options: JsValue) -> Result<Promise, JsError> {
    let options = think_options("think", &options)?;
    let grid = grid_argument("think", &position, &options)?;
    let request = Query {
        limits: options.limits,
        moves: options.moves,
    };
    SEARCHERS.with(|searchers| {
        let mut searchers = searchers.borrow_mut();
        // A failed worker is not asked again (a later call tries a new one); idle ones beyond a few are ended.
        let mut idle = 0;
        searchers.retain(|searcher| {
            if searcher.has_failed() {
                return false;
            }
            if searcher.is_busy() {
                return true;
            }
            idle += 1;
            idle <= IDLE_KEPT
        });
        let free = match searchers.iter().position(|searcher| !searcher.is_busy()) {
            Some(free) => free,
            None => {
                let searcher = SearchWorker::new().map_err(|error| {
                    JsError::new(&format!(
                        "think: the browser would not start a worker: {}",
                        error_text(&error)
                    ))
                })?;
                searchers.push(searcher);
                searchers.len() - 1
            }
        };
        let searcher = &searchers[free];
        Ok(Promise::new(&mut |resolve, reject| {
            searcher.search(&grid, request, move |answer| {
                let _ = match wire::error_of(&from_js(&answer)) {
                    Some(message) => reject.call1(
                        &JsValue::NULL,
                        &JsError::new(&format!("think: {message}")).into(),
                    ),
                    None => resolve.call1(&JsValue::NULL, &answer),
                };
            });
        }))
    })
}

/// Checks a bot of your own against every line of play: `bot` is a function from a position (the 9 characters,
/// such as `"X...O...."`) to a cell from 0 to 8, or to a Promise of one. It plays the side `options.side` (`"X"`
/// by default) against every reply at every turn, the bot's own choice at each of its turns, and resolves to a
/// report: `{ neverLoses, losingLine, missedWins, slowWins, lostDraws, positions, examples: { missedWins,
/// slowWins, lostDraws }, sentences }`. `losingLine` is the shortest game the bot loses, as the cells played from
/// the empty board, or `null`; each example is `{ position, move, best }`.
///
/// The bot is asked about each position once, then once more at the end, to check that it answers the same
/// (`options.askTwice: false` asks once, for a bot that breaks ties at random). Between batches of answers the
/// page gets its turn. The Promise rejects with an `Error` naming the position when the bot throws (or its Promise
/// rejects), answers something other than an empty cell's number, or answers a position two ways.
///
/// Throws an `Error` at once for a bot that is not a function, or an option not understood.
#[wasm_bindgen]
pub fn check(bot: JsValue, options: JsValue) -> Result<Promise, JsError> {
    if !bot.is_function() {
        return Err(JsError::new(
            "check: the bot must be a function that takes a position (9 characters, such as \"X...O....\") and \
             returns a cell from 0 to 8, or a Promise of one",
        ));
    }
    #[expect(
        clippy::disallowed_methods,
        reason = "typeof says function (of any window: `dyn_into` would ask this window's `Function` class)"
    )]
    let bot: Function = bot.unchecked_into();
    let options = check_options(&options)?;
    Ok(checker::start(BotCheck::new(options), bot))
}

/// Reads `check`'s options: `side` and `askTwice` (`undefined` or `null`: every default).
fn check_options(options: &JsValue) -> Result<CheckOptions, JsError> {
    // The bot is asked each position a second time by default: an inconsistent answer is an error to report.
    let mut read = CheckOptions {
        side: Player::X,
        ask_twice: true,
    };
    let Some(entries) = option_entries("check", options, "{ side: \"O\" }")? else {
        return Ok(read);
    };
    for (name, value) in entries {
        match name.as_str() {
            "side" | "askTwice" if value.is_undefined() || value.is_null() => {}
            "side" => {
                read.side = match value.as_string().as_deref().map(str::trim) {
                    Some("X" | "x") => Player::X,
                    Some("O" | "o") => Player::O,
                    _ => {
                        return Err(JsError::new(
                            "check: option side must be \"X\" or \"O\", the side the bot plays",
                        ))
                    }
                };
            }
            "askTwice" => {
                read.ask_twice = value
                    .as_bool()
                    .ok_or_else(|| JsError::new("check: option askTwice must be true or false"))?;
            }
            _ => {
                return Err(JsError::new(&format!(
                    "check: unknown option {}: the options are side and askTwice",
                    quote(&name)
                )))
            }
        }
    }
    Ok(read)
}
