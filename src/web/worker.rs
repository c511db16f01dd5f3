//! The computer's search on a bigger board, in a Web Worker, so that the page stays responsive while it thinks. A
//! search no longer wanted is stopped by dropping its [`SearchWorker`], which ends the worker. The worker
//! (`www/worker.js`) answers with the plain object that `think()` resolves to, written and read by
//! [`crate::api::wire`].

use super::js::{beside_glue, error_text, glue_url, object, to_js};
use crate::api::wire::{self, Query};
use crate::engine::Grid;
use js_sys::Array;
use std::cell::RefCell;
use std::rc::Rc;
use wasm_bindgen::prelude::*;
use wasm_bindgen::JsCast;
use web_sys::{Blob, BlobPropertyBag, MessageEvent, Url, Worker, WorkerOptions, WorkerType};

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
///
/// The page hands the worker the module's compiled code and the address of its JavaScript glue, so nothing is
/// downloaded or compiled again, and each search starts at once in the same instance. A search no longer wanted
/// (New game, Undo, a changed setting, a game taken off the page) is stopped by dropping the worker; its owner
/// starts a fresh one, which loads the module while nobody waits.
pub struct SearchWorker {
    worker: Worker,
    pending: Rc<RefCell<Pending>>,
    /// Hear the worker's answers and its failure; kept alive as long as the worker.
    _answer: Closure<dyn Fn(MessageEvent)>,
    _failure: Closure<dyn Fn(web_sys::Event)>,
}

/// Why a worker stopped answering, when the browser does not say.
const WORKER_FAILED: &str =
    "the worker did not start (the page's Content-Security-Policy may forbid workers)";

impl SearchWorker {
    /// A new worker, loading the module.
    ///
    /// # Errors
    /// The browser's exception when it refuses to start a worker (a page whose Content-Security-Policy forbids it,
    /// say).
    pub fn new() -> Result<SearchWorker, JsValue> {
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
        Ok(SearchWorker {
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

    /// Searches `position` as `query` asks. `answer` gets the worker's plain object (see [`wire::thought`], or
    /// [`wire::moves`] for every move's verdict), or an `{ error }` object when the worker could not search: at once
    /// when it had failed before. A search asked of a busy searcher replaces the one under way, whose caller
    /// hears nothing (drop the searcher instead to stop that search at once).
    pub fn search(&self, position: &Grid, query: Query, answer: impl FnOnce(JsValue) + 'static) {
        let failed = self.pending.borrow().failed.clone();
        if let Some(failed) = failed {
            answer(error_object(&failed));
            return;
        }
        let request = to_js(&wire::request(position, query, js_sys::Date::now()));
        if let Err(error) = self.worker.post_message(&request) {
            let why = error_text(&error);
            self.pending.borrow_mut().failed = Some(why.clone());
            answer(error_object(&why));
            return;
        }
        self.pending.borrow_mut().answer = Some(Box::new(answer));
    }
}

impl Drop for SearchWorker {
    fn drop(&mut self) {
        self.worker.set_onmessage(None);
        self.worker.set_onerror(None);
        self.worker.terminate();
    }
}

/// The `{ error }` object a worker answers when it cannot search.
fn error_object(sentence: &str) -> JsValue {
    to_js(&wire::error(sentence))
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
