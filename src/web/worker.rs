//! The computer's search on a bigger board, in a Web Worker: the page stays responsive while the computer thinks.
//!
//! A [`Searcher`] is one worker that has loaded this same module (the page hands it the module's compiled code and
//! the address of its JavaScript glue, so nothing is downloaded or compiled again) and searches one position at a
//! time, for as many searches as its owner asks: a search starts at once, without a new worker or a new instance
//! of the module. A search that is no longer wanted (New game, Undo, a changed setting, a game taken off the page)
//! is stopped by dropping its searcher, which ends the worker; its owner starts a fresh one, which loads the
//! module while nobody waits.
//!
//! The worker (`www/worker.js`) answers with the plain object that the JS API's `think()` resolves to;
//! [`thought_from`] and [`moves_from`] read it back for the game.

use super::js::{beside_glue, error_text, glue_url, object};
use crate::engine::{
    Forced, ForcedKind, Grid, Iteration, Limits, Outcome, Player, Score, Thought, Value,
};
use js_sys::{Array, Object};
use std::cell::RefCell;
use std::rc::Rc;
use wasm_bindgen::prelude::*;
use wasm_bindgen::JsCast;
use web_sys::{Blob, BlobPropertyBag, MessageEvent, Url, Worker, WorkerOptions, WorkerType};

/// What a worker is asked to search for.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Query {
    /// How long and how deep.
    pub limits: Limits,
    /// Every legal move's verdict (for the scores on the squares) rather than the best move.
    pub moves: bool,
}

/// Who waits for a searcher's answer, and whether its worker failed.
#[derive(Default)]
struct Pending {
    /// The caller of the search under way, if any.
    answer: Option<Box<dyn FnOnce(JsValue)>>,
    /// Why the worker cannot search, once it has failed (it then answers every search with that at once).
    failed: Option<String>,
}

/// One worker with the module loaded, searching one position at a time; dropping it ends the worker, and any search
/// under way with it.
pub struct Searcher {
    worker: Worker,
    pending: Rc<RefCell<Pending>>,
    /// Hear the worker's answers and its failure; kept alive as long as the worker.
    _answer: Closure<dyn Fn(MessageEvent)>,
    _failure: Closure<dyn Fn(web_sys::Event)>,
}

/// Why a worker stopped answering, when the browser does not say.
const WORKER_FAILED: &str =
    "the worker did not start (the page's Content-Security-Policy may forbid workers)";

impl Searcher {
    /// A new worker, loading the module.
    ///
    /// # Errors
    /// The browser's exception when it refuses to start a worker (a page whose Content-Security-Policy forbids it,
    /// say).
    pub fn new() -> Result<Searcher, JsValue> {
        let worker = new_worker()?;
        let pending = Rc::new(RefCell::new(Pending::default()));
        let on_answer = {
            let pending = pending.clone();
            Closure::<dyn Fn(MessageEvent)>::new(move |event: MessageEvent| {
                // Taken before it is called: the caller may start the next search at once.
                let answer = pending.borrow_mut().answer.take();
                if let Some(answer) = answer {
                    answer(event.data());
                }
            })
        };
        let on_failure = {
            let pending = pending.clone();
            Closure::<dyn Fn(web_sys::Event)>::new(move |_| {
                let answer = {
                    let mut pending = pending.borrow_mut();
                    pending.failed = Some(WORKER_FAILED.to_owned());
                    pending.answer.take()
                };
                if let Some(answer) = answer {
                    answer(error_object(WORKER_FAILED));
                }
            })
        };
        worker.set_onmessage(Some(function(on_answer.as_ref())));
        worker.set_onerror(Some(function(on_failure.as_ref())));
        let start = object(&[
            ("glue", glue_url().into()),
            ("module", wasm_bindgen::module()),
        ]);
        worker.post_message(&start)?;
        Ok(Searcher {
            worker,
            pending,
            _answer: on_answer,
            _failure: on_failure,
        })
    }

    /// Whether a search is under way.
    pub fn is_busy(&self) -> bool {
        self.pending.borrow().answer.is_some()
    }

    /// Whether the worker has failed, and answers every search with why.
    pub fn has_failed(&self) -> bool {
        self.pending.borrow().failed.is_some()
    }

    /// Searches `position` as `query` asks. `answer` gets the worker's plain object (see [`thought_object`], or
    /// `{ moves }` for every move's verdict), or an `{ error }` object when the worker could not search: at once
    /// when it had failed before. A search asked of a busy searcher replaces the one under way, whose caller
    /// hears nothing (drop the searcher instead to stop that search at once).
    pub fn search(&self, position: &Grid, query: Query, answer: impl FnOnce(JsValue) + 'static) {
        let failed = self.pending.borrow().failed.clone();
        if let Some(failed) = failed {
            answer(error_object(&failed));
            return;
        }
        // When it was asked, by the clock page and worker share: the worker's search takes the time the request
        // waited (for a new worker to start) from its own.
        let request = object(&[
            ("position", position.to_string().into()),
            ("options", options_object(position, query).into()),
            ("sentAt", js_sys::Date::now().into()),
        ]);
        if let Err(error) = self.worker.post_message(&request) {
            let why = error_text(&error);
            self.pending.borrow_mut().failed = Some(why.clone());
            answer(error_object(&why));
            return;
        }
        self.pending.borrow_mut().answer = Some(Box::new(answer));
    }
}

impl Drop for Searcher {
    fn drop(&mut self) {
        self.worker.set_onmessage(None);
        self.worker.set_onerror(None);
        self.worker.terminate();
    }
}

/// The `{ error }` object a worker answers when it cannot search.
fn error_object(sentence: &str) -> JsValue {
    object(&[("error", sentence.into())]).into()
}

/// A closure's JavaScript function.
fn function(value: &JsValue) -> &js_sys::Function {
    value.dyn_ref().expect("a closure is a function")
}

/// A module worker running `worker.js`, which sits beside the glue. A page of another origin (a blog that loads
/// the `<tic-tac-toe>` element from the game's site) may not start a worker from the game's address, but may
/// start one of its own that imports it, which is what the second try does.
fn new_worker() -> Result<Worker, JsValue> {
    let options = WorkerOptions::new();
    options.set_type(WorkerType::Module);
    let script = beside_glue("worker.js");
    Worker::new_with_options(&script, &options).or_else(|_| {
        // The address as a JavaScript string literal, quoted by JSON.
        let quoted = js_sys::JSON::stringify(&JsValue::from_str(&script))?;
        let source = Array::of1(&js_sys::JsString::from("import ").concat(&quoted).into());
        let bag = BlobPropertyBag::new();
        bag.set_type("text/javascript");
        let blob = Blob::new_with_str_sequence_and_options(&source, &bag)?;
        let address = Url::create_object_url_with_blob(&blob)?;
        let worker = Worker::new_with_options(&address, &options);
        Url::revoke_object_url(&address)?;
        worker
    })
}

/// The options object of `thinkNow` for `request` on `position`'s board.
fn options_object(position: &Grid, request: Query) -> Object {
    let limits = request.limits;
    let depth = limits.max_depth.map_or(JsValue::NULL, JsValue::from);
    object(&[
        ("k", JsValue::from(position.shape().k() as u32)),
        ("rule", JsValue::from(position.shape().rule().name())),
        ("timeMs", JsValue::from(limits.time_ms)),
        ("depth", depth),
        ("evaluation", JsValue::from(limits.evaluation)),
        ("moves", JsValue::from(request.moves)),
    ])
}

/// One move's verdict as `thinkNow` with `moves: true` lists it: `cell` and the verdict's properties.
pub fn move_object(cell: usize, verdict: &Score) -> Object {
    let mut properties = vec![("cell", JsValue::from(cell as u32))];
    properties.extend(verdict_properties(verdict));
    object(&properties)
}

/// The verdict's properties: `proved`, and `outcome` and `plies` when proved, `estimate` when not.
fn verdict_properties(verdict: &Score) -> Vec<(&'static str, JsValue)> {
    match verdict {
        Score::Proved(value) => vec![
            ("proved", true.into()),
            ("outcome", value.outcome.as_str().into()),
            ("plies", value.plies.into()),
        ],
        Score::Estimate(score) => vec![("proved", false.into()), ("estimate", (*score).into())],
    }
}

/// Cells as JavaScript gets them: an array of numbers.
pub fn cells_array(cells: &[usize]) -> Array {
    cells
        .iter()
        .map(|&cell| JsValue::from(cell as u32))
        .collect()
}

/// A cell as JavaScript gets it: a number, or `null` for none.
fn cell_value(cell: Option<usize>) -> JsValue {
    cell.map_or(JsValue::NULL, |cell| JsValue::from(cell as u32))
}

/// A forced win as JavaScript gets it: `null`, or `{ winner, kind, plies, positions, line }`, `winner` `"X"` or
/// `"O"`, `kind` `"fours"` (continuous fours) or `"foursAndThrees"`.
fn forced_value(forced: Option<&Forced>) -> JsValue {
    let Some(forced) = forced else {
        return JsValue::NULL;
    };
    let kind = match forced.kind {
        ForcedKind::Fours => "fours",
        ForcedKind::FoursAndThrees => "foursAndThrees",
    };
    object(&[
        ("winner", forced.winner.name().into()),
        ("kind", kind.into()),
        ("plies", forced.plies.into()),
        ("positions", (forced.positions as f64).into()),
        ("line", cells_array(&forced.line).into()),
    ])
    .into()
}

/// What a search found, as the plain object `think()` resolves to: `move`, `proved`, `outcome` and `plies` (when
/// proved) or `estimate` (when not), `depth`, `nodes`, `timeMs`, `tableHits`, `cutoffs`, `firstMoveCutoffs`,
/// `line`, `timedOut`, `iterations` (one per search of the deepening: `depth`, its own `nodes` and `timeMs`,
/// `move`, `stopped` (by the clock) and, when not stopped, the verdict's), `forced` (a forced win found, see
/// [`forced_value`]) and `threatNodes` (the threat search's positions, not counted in `nodes`).
pub fn thought_object(thought: &Thought) -> Object {
    let iterations: Array = thought
        .iterations
        .iter()
        .map(|iteration| {
            let mut properties = vec![
                ("depth", iteration.depth.into()),
                ("nodes", (iteration.nodes as f64).into()),
                ("timeMs", iteration.ms.into()),
                ("move", cell_value(iteration.best)),
                ("stopped", iteration.verdict.is_none().into()),
            ];
            if let Some(verdict) = &iteration.verdict {
                properties.extend(verdict_properties(verdict));
            }
            object(&properties)
        })
        .collect();
    let mut properties = vec![("move", cell_value(thought.best))];
    properties.extend(verdict_properties(&thought.verdict));
    properties.extend([
        ("depth", thought.depth.into()),
        ("nodes", (thought.nodes as f64).into()),
        ("timeMs", thought.elapsed_ms.into()),
        ("tableHits", (thought.table_hits as f64).into()),
        ("cutoffs", (thought.cutoffs as f64).into()),
        (
            "firstMoveCutoffs",
            (thought.first_move_cutoffs as f64).into(),
        ),
        ("line", cells_array(&thought.line).into()),
        ("timedOut", thought.timed_out.into()),
        ("iterations", iterations.into()),
        ("forced", forced_value(thought.forced.as_ref())),
        ("threatNodes", (thought.threat_nodes as f64).into()),
    ]);
    object(&properties)
}

#[wasm_bindgen]
extern "C" {
    /// The object [`thought_object`] makes (one iteration of it has the same properties but the totals), read
    /// back with typed getters. Any object is one: a property it lacks reads as `None`. Text and arrays are read
    /// as they come and checked (a page could give every object an `error` that is a number, say).
    #[wasm_bindgen(is_type_of = JsValue::is_object)]
    type ThoughtObject;
    #[wasm_bindgen(method, getter, js_name = error)]
    fn error_value(this: &ThoughtObject) -> JsValue;
    #[wasm_bindgen(method, getter, js_name = move)]
    fn best_move(this: &ThoughtObject) -> Option<f64>;
    #[wasm_bindgen(method, getter)]
    fn proved(this: &ThoughtObject) -> Option<bool>;
    #[wasm_bindgen(method, getter, js_name = outcome)]
    fn outcome_value(this: &ThoughtObject) -> JsValue;
    #[wasm_bindgen(method, getter)]
    fn plies(this: &ThoughtObject) -> Option<f64>;
    #[wasm_bindgen(method, getter)]
    fn estimate(this: &ThoughtObject) -> Option<f64>;
    #[wasm_bindgen(method, getter)]
    fn depth(this: &ThoughtObject) -> Option<f64>;
    #[wasm_bindgen(method, getter)]
    fn nodes(this: &ThoughtObject) -> Option<f64>;
    #[wasm_bindgen(method, getter, js_name = timeMs)]
    fn time_ms(this: &ThoughtObject) -> Option<f64>;
    #[wasm_bindgen(method, getter, js_name = tableHits)]
    fn table_hits(this: &ThoughtObject) -> Option<f64>;
    #[wasm_bindgen(method, getter)]
    fn cutoffs(this: &ThoughtObject) -> Option<f64>;
    #[wasm_bindgen(method, getter, js_name = firstMoveCutoffs)]
    fn first_move_cutoffs(this: &ThoughtObject) -> Option<f64>;
    #[wasm_bindgen(method, getter, js_name = timedOut)]
    fn timed_out(this: &ThoughtObject) -> Option<bool>;
    #[wasm_bindgen(method, getter)]
    fn stopped(this: &ThoughtObject) -> Option<bool>;
    #[wasm_bindgen(method, getter, js_name = line)]
    fn line_value(this: &ThoughtObject) -> JsValue;
    #[wasm_bindgen(method, getter, js_name = iterations)]
    fn iterations_value(this: &ThoughtObject) -> JsValue;
    #[wasm_bindgen(method, getter, js_name = moves)]
    fn moves_value(this: &ThoughtObject) -> JsValue;
    #[wasm_bindgen(method, getter, js_name = forced)]
    fn forced_value(this: &ThoughtObject) -> JsValue;
    #[wasm_bindgen(method, getter, js_name = threatNodes)]
    fn threat_nodes(this: &ThoughtObject) -> Option<f64>;
    /// A forced win's side, kind and positions, in `{ forced: { winner, kind, positions, ... } }`.
    #[wasm_bindgen(method, getter, js_name = winner)]
    fn winner_value(this: &ThoughtObject) -> JsValue;
    #[wasm_bindgen(method, getter, js_name = kind)]
    fn kind_value(this: &ThoughtObject) -> JsValue;
    #[wasm_bindgen(method, getter)]
    fn positions(this: &ThoughtObject) -> Option<f64>;
    /// A move's cell, in `{ moves: [{ cell, ... }] }`.
    #[wasm_bindgen(method, getter)]
    fn cell(this: &ThoughtObject) -> Option<f64>;
}

impl ThoughtObject {
    fn error(&self) -> Option<String> {
        self.error_value().as_string()
    }

    fn outcome(&self) -> Option<String> {
        self.outcome_value().as_string()
    }

    fn line(&self) -> Option<Array> {
        self.line_value().dyn_into().ok()
    }

    fn iterations(&self) -> Option<Array> {
        self.iterations_value().dyn_into().ok()
    }

    fn moves(&self) -> Option<Array> {
        self.moves_value().dyn_into().ok()
    }
}

/// `value` as an object the worker made, read with the getters above.
fn answer_object(value: &JsValue) -> Option<&ThoughtObject> {
    value.dyn_ref()
}

/// The sentence of a worker's `{ error }` answer, if it is one.
pub fn answer_error(value: &JsValue) -> Option<String> {
    answer_object(value)?.error()
}

/// Every move's verdict, as the worker answered a request for `moves`.
pub fn moves_from(value: &JsValue) -> Result<Vec<(usize, Score)>, String> {
    let failed = || "the search in the worker gave no answer".to_owned();
    let object = answer_object(value).ok_or_else(failed)?;
    if let Some(error) = object.error() {
        return Err(error);
    }
    object
        .moves()
        .ok_or_else(failed)?
        .iter()
        .map(|entry| {
            let entry = answer_object(&entry)?;
            Some((entry.cell()? as usize, verdict_from(entry)?))
        })
        .collect::<Option<Vec<_>>>()
        .ok_or_else(failed)
}

/// An answer of the worker: what it found, or the sentence of why it could not search.
pub type Answer = Result<Thought, String>;

/// The verdict of an object made by [`thought_object`].
fn verdict_from(object: &ThoughtObject) -> Option<Score> {
    if object.proved()? {
        let outcome = match object.outcome()?.as_str() {
            "win" => Outcome::Win,
            "draw" => Outcome::Draw,
            _ => Outcome::Loss,
        };
        Some(Score::Proved(Value {
            outcome,
            plies: object.plies()? as u32,
        }))
    } else {
        Some(Score::Estimate(object.estimate()? as i32))
    }
}

/// A cell read back: `None` for `null`.
fn cell_from(object: &ThoughtObject) -> Option<usize> {
    object.best_move().map(|cell| cell as usize)
}

/// The worker's answer, read back. The object comes from this module's own code in the worker, so a property
/// that is missing means the worker failed, which the answer says.
pub fn thought_from(value: &JsValue) -> Answer {
    let failed = || "the search in the worker gave no answer".to_owned();
    let object = answer_object(value).ok_or_else(failed)?;
    if let Some(error) = object.error() {
        return Err(error);
    }
    let iterations = object
        .iterations()
        .ok_or_else(failed)?
        .iter()
        .map(|iteration| {
            let iteration = answer_object(&iteration)?;
            let verdict = if iteration.stopped()? {
                None
            } else {
                Some(verdict_from(iteration)?)
            };
            Some(Iteration {
                depth: iteration.depth()? as u32,
                nodes: iteration.nodes()? as u64,
                ms: iteration.time_ms()?,
                best: cell_from(iteration),
                verdict,
            })
        })
        .collect::<Option<Vec<_>>>()
        .ok_or_else(failed)?;
    let line = cells_from(object).ok_or_else(failed)?;
    let forced = forced_from(object).ok_or_else(failed)?;
    let read = || {
        Some(Thought {
            best: cell_from(object),
            verdict: verdict_from(object)?,
            depth: object.depth()? as u32,
            nodes: object.nodes()? as u64,
            elapsed_ms: object.time_ms()?,
            iterations,
            table_hits: object.table_hits()? as u64,
            cutoffs: object.cutoffs()? as u64,
            first_move_cutoffs: object.first_move_cutoffs()? as u64,
            line,
            timed_out: object.timed_out()?,
            forced,
            threat_nodes: object.threat_nodes()? as u64,
        })
    };
    read().ok_or_else(failed)
}

/// The `line` of an object made by [`thought_object`] (or of its `forced`), read back.
fn cells_from(object: &ThoughtObject) -> Option<Vec<usize>> {
    object
        .line()?
        .iter()
        .map(|cell| cell.as_f64().map(|cell| cell as usize))
        .collect()
}

/// The `forced` of an object made by [`thought_object`], read back: `Some(None)` for `null`, `None` if it is
/// not what [`forced_value`] makes.
fn forced_from(object: &ThoughtObject) -> Option<Option<Forced>> {
    let value = object.forced_value();
    if value.is_null() {
        return Some(None);
    }
    let forced = answer_object(&value)?;
    let winner = match forced.winner_value().as_string()?.as_str() {
        "X" => Player::X,
        _ => Player::O,
    };
    let kind = match forced.kind_value().as_string()?.as_str() {
        "fours" => ForcedKind::Fours,
        _ => ForcedKind::FoursAndThrees,
    };
    Some(Some(Forced {
        winner,
        kind,
        plies: forced.plies()? as u32,
        positions: forced.positions()? as u64,
        line: cells_from(forced)?,
    }))
}
