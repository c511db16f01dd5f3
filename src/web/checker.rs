//! The JS API's `check(bot, options)` run in a page: a [`BotCheck`] fed the bot's answers one position at a time,
//! the bot's Promises awaited, and the page given its turn between batches, so that no task of the check runs
//! longer than a few milliseconds (besides the bot's own answers). The check resolves with its report as a
//! plain object, or rejects with an `Error` that names the position and what went wrong.

use super::js::{error_text, object};
use crate::api::check::{BotCheck, BotReport, CheckError, Example, Reply};
use crate::engine::Board;
use js_sys::{Array, Function, Promise};
use std::cell::RefCell;
use std::collections::VecDeque;
use std::rc::Rc;
use wasm_bindgen::prelude::*;
use wasm_bindgen::JsCast;

/// How long one batch of the bot's answers may take before the page gets its turn: well under the 50 ms that make
/// a long task, with room for the bot's own time on a slower phone.
const BATCH_MS: f64 = 8.0;

#[wasm_bindgen]
extern "C" {
    /// The global `setTimeout`, of a page or a worker.
    #[wasm_bindgen(js_name = setTimeout)]
    fn set_timeout(handler: &JsValue, delay: i32);

    /// Any value the bot answered, seen with its `then`, which may throw (a Proxy's trap, a getter).
    type MaybeThenable;
    #[wasm_bindgen(method, getter, catch)]
    fn then(this: &MaybeThenable) -> Result<JsValue, JsValue>;

    /// A promise, whose `then` takes plain functions (js-sys's takes closures that Rust owns, which would have to
    /// outlive a check that may be dropped before the bot answers).
    #[wasm_bindgen(extends = Promise)]
    type Settling;
    #[wasm_bindgen(method, js_name = then)]
    fn settle(this: &Settling, on_fulfilled: &JsValue, on_rejected: &JsValue);
}

/// A check under way.
struct Checker {
    check: BotCheck,
    bot: Function,
    /// The positions wanted now, not yet asked.
    queue: VecDeque<Board>,
    resolve: Function,
    reject: Function,
    /// Whether the promise is settled: nothing more is asked.
    settled: bool,
    /// When the batch under way began, by `Date.now()`: a bot's Promise that resolves at once answers in the same
    /// task, so the batch is timed across the answers awaited too, and ended by a task of its own.
    batch_started: f64,
}

/// What the bot answered: at once, or later.
enum BotAnswer {
    Now(Reply),
    Later(Promise),
}

/// Checks `bot` with `check`: a Promise of its report.
pub fn start(check: BotCheck, bot: Function) -> Promise {
    Promise::new(&mut |resolve, reject| {
        let checker = Rc::new(RefCell::new(Checker {
            check: check.clone(),
            bot: bot.clone(),
            queue: VecDeque::new(),
            resolve,
            reject,
            settled: false,
            batch_started: 0.0,
        }));
        // The first batch in a task of its own: `check` returns its Promise at once.
        later(checker);
    })
}

/// Runs the next batch of `checker` in a task of its own.
fn later(checker: Rc<RefCell<Checker>>) {
    let next = Closure::once_into_js(move || {
        checker.borrow_mut().batch_started = js_sys::Date::now();
        pump(&checker);
    });
    set_timeout(&next, 0);
}

/// Asks the bot about the positions wanted, one after the other, until the check is over, an answer is awaited,
/// or the batch has had its time; then the next batch is scheduled.
fn pump(checker: &Rc<RefCell<Checker>>) {
    loop {
        let Some((position, bot)) = checker.borrow_mut().next_position() else {
            return;
        };
        // No borrow while the bot runs: it is the page's code.
        match ask(&bot, position) {
            BotAnswer::Now(reply) => {
                if !checker.borrow_mut().take(position, reply) {
                    return;
                }
            }
            BotAnswer::Later(promise) => {
                await_answer(checker, position, &promise);
                return;
            }
        }
        let started = checker.borrow().batch_started;
        if js_sys::Date::now() - started >= BATCH_MS {
            later(checker.clone());
            return;
        }
    }
}

/// Feeds the bot's answer to `promise` about `position` to `checker` when it settles, then goes on.
fn await_answer(checker: &Rc<RefCell<Checker>>, position: Board, promise: &Promise) {
    let answered = {
        let checker = checker.clone();
        Closure::<dyn FnMut(JsValue)>::new(move |value: JsValue| {
            let reply = match reply_of(&value) {
                BotAnswer::Now(reply) => reply,
                // A promise resolves to no thenable: it adopts it.
                BotAnswer::Later(_) => Reply::Other("a thenable".to_owned()),
            };
            if checker.borrow_mut().take(position, reply) {
                pump(&checker);
            }
        })
        .into_js_value()
    };
    let refused = {
        let checker = checker.clone();
        Closure::<dyn FnMut(JsValue)>::new(move |error: JsValue| {
            let reply = Reply::Threw(error_text(&error));
            if checker.borrow_mut().take(position, reply) {
                pump(&checker);
            }
        })
        .into_js_value()
    };
    #[expect(
        clippy::disallowed_methods,
        reason = "a Promise is a `Settling`, which only declares `then` with plain functions"
    )]
    promise
        .unchecked_ref::<Settling>()
        .settle(&answered, &refused);
}

/// Asks `bot` about `position`, in the notation.
fn ask(bot: &Function, position: Board) -> BotAnswer {
    match bot.call1(
        &JsValue::UNDEFINED,
        &JsValue::from_str(&position.notation()),
    ) {
        Ok(value) => reply_of(&value),
        Err(error) => BotAnswer::Now(Reply::Threw(error_text(&error))),
    }
}

/// What the bot's `value` says: a number, something else (described for the error), or a thenable to await.
fn reply_of(value: &JsValue) -> BotAnswer {
    if let Some(number) = value.as_f64() {
        return BotAnswer::Now(Reply::Number(number));
    }
    if value.is_object() || value.is_function() {
        #[expect(
            clippy::disallowed_methods,
            reason = "a `MaybeThenable` is any object: its one getter's answer is checked here"
        )]
        let then = value.unchecked_ref::<MaybeThenable>().then();
        match then {
            Ok(then) if then.is_function() => return BotAnswer::Later(Promise::resolve(value)),
            Ok(_) => {}
            Err(error) => return BotAnswer::Now(Reply::Threw(error_text(&error))),
        }
    }
    BotAnswer::Now(Reply::Other(describe(value)))
}

/// A value that is not a number, in words: `the string "4"`, `undefined`, `an object`.
fn describe(value: &JsValue) -> String {
    if let Some(text) = value.as_string() {
        return format!("the string {:?}", text);
    }
    if value.is_undefined() {
        return "undefined".to_owned();
    }
    if value.is_null() {
        return "null".to_owned();
    }
    if let Some(on) = value.as_bool() {
        return on.to_string();
    }
    match value.js_typeof().as_string().as_deref() {
        Some("bigint") => "a BigInt".to_owned(),
        Some("symbol") => "a symbol".to_owned(),
        Some("function") => "a function".to_owned(),
        _ if value.is_instance_of::<Array>() => "an array".to_owned(),
        _ => "an object".to_owned(),
    }
}

impl Checker {
    /// The next position to ask about, with the bot to ask; `None` once the check is settled (resolved here when
    /// nothing more is wanted).
    fn next_position(&mut self) -> Option<(Board, Function)> {
        if self.settled {
            return None;
        }
        if self.queue.is_empty() {
            self.queue = self.check.wanted().into();
        }
        match self.queue.pop_front() {
            Some(position) => Some((position, self.bot.clone())),
            None => {
                let report = self
                    .check
                    .report()
                    .expect("a check that wants nothing more has its report");
                self.settled = true;
                let _ = self
                    .resolve
                    .call1(&JsValue::UNDEFINED, &report_object(&report));
                None
            }
        }
    }

    /// Takes the bot's `reply` about `position`; whether the check goes on (a reply it cannot use rejects it).
    fn take(&mut self, position: Board, reply: Reply) -> bool {
        if self.settled {
            return false;
        }
        match self.check.answer(position, reply) {
            Ok(()) => true,
            Err(error) => {
                self.fail(&error);
                false
            }
        }
    }

    fn fail(&mut self, error: &CheckError) {
        self.settled = true;
        let error = js_sys::Error::new(&format!("check: {error}"));
        let _ = self.reject.call1(&JsValue::UNDEFINED, &error);
    }
}

/// `cells` as a JS array of numbers.
fn cells(cells: &[usize]) -> JsValue {
    cells
        .iter()
        .map(|&cell| JsValue::from(cell as u32))
        .collect::<Array>()
        .into()
}

/// `examples` as plain objects: `{ position, move, best }`.
fn examples(examples: &[Example]) -> JsValue {
    examples
        .iter()
        .map(|example| {
            JsValue::from(object(&[
                ("position", JsValue::from_str(&example.position.notation())),
                ("move", JsValue::from(example.bot_move as u32)),
                ("best", cells(&example.best_moves)),
            ]))
        })
        .collect::<Array>()
        .into()
}

/// The report as a plain object (see `check` in `engine_calls.rs`).
fn report_object(report: &BotReport) -> JsValue {
    let line = report.losing_line.as_deref().map_or(JsValue::NULL, cells);
    let sentences: Array = report
        .sentences()
        .iter()
        .map(|sentence| JsValue::from_str(sentence))
        .collect();
    let count = |count: usize| JsValue::from(count as u32);
    object(&[
        ("neverLoses", JsValue::from_bool(report.never_loses)),
        ("losingLine", line),
        ("missedWins", count(report.missed_wins)),
        ("slowWins", count(report.slow_wins)),
        ("lostDraws", count(report.lost_draws)),
        ("positions", count(report.positions)),
        (
            "examples",
            object(&[
                ("missedWins", examples(&report.examples.missed_wins)),
                ("slowWins", examples(&report.examples.slow_wins)),
                ("lostDraws", examples(&report.examples.lost_draws)),
            ])
            .into(),
        ),
        ("sentences", sentences.into()),
    ])
    .into()
}
