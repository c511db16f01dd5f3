//! How a game moves from the play module to the full module (see [`crate::handover`] for why).
//!
//! The play module's side: a game that asks for what only the full module has (a thinking panel, a bigger board)
//! asks for the full module, which is imported and initialised once per page. Till it comes, the game plays on
//! here (or, when its settings asked for it before it was drawn, waits). When it comes, the game is handed over:
//! the full module's `resume` draws it in the same shadow root, as it stood, and from then on the game's handle
//! here sends what JavaScript asks of it (`newGame`, `set`, `destroy`) to the full module's handle. Should the
//! full module not come, the game says why and plays on here without what needed it.
//!
//! The full module's side: `resume`, which takes a game over.

#[cfg(not(feature = "full"))]
pub use play::*;

#[cfg(not(feature = "full"))]
mod play {
    use super::super::api::error_text;
    use super::super::app::{random_seed, App};
    use super::super::dom::set_attribute;
    use super::super::host::{Host, HANDED_OVER};
    use super::super::js::beside_glue;
    use super::super::message::Message;
    use super::super::{game_page_url, new_runtime, Body, GameHandle, Runtime, Source};
    use crate::game::Game;
    use crate::handover::Handover;
    use crate::settings::Settings;
    use js_sys::Array;
    use std::rc::Rc;
    use wasm_bindgen::prelude::*;
    use web_sys::Element;

    /// The full module's JavaScript glue, beside the play module's.
    const FULL_GLUE: &str = "tictactoe.js";

    #[wasm_bindgen(inline_js = "let full;
export function loadFull(url, arrived, failed) {
  full ??= import(url).then(async (module) => {
    await module.default();
    return module;
  });
  full.then(arrived, (error) => {
    full = undefined;
    failed(error);
  });
}")]
    extern "C" {
        /// Imports the full module's glue from `url` and initialises its module, once per page; then calls
        /// `arrived` with the glue's exports, or `failed` with why it could not. After a failure the next call
        /// tries again (a module that arrived but could not start is fetched again; the browser keeps a glue it
        /// could not import as failed, for the page's life).
        #[wasm_bindgen(js_name = loadFull)]
        fn load_full(url: &str, arrived: &JsValue, failed: &JsValue);
    }

    #[wasm_bindgen]
    extern "C" {
        /// The full module's glue's exports.
        #[wasm_bindgen(is_type_of = JsValue::is_object)]
        type FullModule;
        /// The full module's `resume` (see `super::full::resume`), which takes a game over and returns its handle.
        #[wasm_bindgen(method, catch)]
        fn resume(
            this: &FullModule,
            element: &Element,
            holder: &Element,
            source: &str,
            state: &str,
            problems: &Array,
        ) -> Result<FullGame, JsValue>;

        /// A game's handle in the full module.
        #[derive(Clone)]
        pub type FullGame;
        #[wasm_bindgen(method, catch, js_name = newGame)]
        fn new_game(this: &FullGame) -> Result<(), JsValue>;
        #[wasm_bindgen(method, catch)]
        fn destroy(this: &FullGame) -> Result<(), JsValue>;
        #[wasm_bindgen(method, catch)]
        fn set(this: &FullGame, name: &str, value: Option<String>) -> Result<(), JsValue>;
    }

    /// A game of the play module that is not played here.
    pub enum Away {
        /// Its settings asked for the full module before it was drawn: it waits for it, and what JavaScript asks
        /// of it meanwhile waits too.
        Waiting(Box<Waiting>),
        /// Played by the full module, in the same place: what JavaScript asks of it goes there.
        Moved(FullGame),
    }

    /// A game waiting for the full module before it is drawn.
    pub struct Waiting {
        /// Where it goes (taken when it is drawn; given back to the page if it never is).
        host: Option<Host>,
        settings: Settings,
        problems: Vec<(String, String)>,
        /// What JavaScript asked of it meanwhile, in order.
        held: Vec<Message>,
    }

    impl Drop for Waiting {
        fn drop(&mut self) {
            if let Some(host) = &self.host {
                host.release();
            }
        }
    }

    /// A game whose settings ask for the full module from the start, in `host`: it shows that it is loading, and
    /// is drawn once the full module comes.
    pub fn wait(
        host: Host,
        settings: Settings,
        problems: Vec<(String, String)>,
        source: Source,
    ) -> GameHandle {
        // The page's own "Loading" line is in the element's content, which the shadow root hides.
        if let Ok(line) = host.document.create_element("p") {
            // (Its class tells other games that a game is here: see `host::shows_game`.)
            line.set_class_name("ttt-loading");
            line.set_text_content(Some("Loading the game…"));
            host.shadow.replace_children_with_node_1(&line);
        }
        let element = host.element.clone();
        let runtime = new_runtime(&element, source, |_| {
            Body::Away(Away::Waiting(Box::new(Waiting {
                host: Some(host),
                settings,
                problems,
                held: Vec::new(),
            })))
        });
        ask(&runtime);
        GameHandle(runtime.mailbox())
    }

    /// Asks for the full module once the game here needs it (a panel switched on, a bigger board chosen).
    pub fn ask_when_needed(runtime: &Rc<Runtime>) {
        let needed = matches!(&*runtime.body.borrow(), Body::Here(app) if app.needs_full());
        if needed && !runtime.asked.get() {
            ask(runtime);
        }
    }

    /// Asks for the full module: it comes to the game as [`Message::FullArrived`], or [`Message::FullFailed`].
    fn ask(runtime: &Rc<Runtime>) {
        runtime.asked.set(true);
        let mailbox = runtime.mailbox();
        let arrived = {
            let mailbox = mailbox.clone();
            Closure::<dyn Fn(JsValue)>::new(move |module| {
                mailbox.send(Message::FullArrived(module));
            })
            .into_js_value()
        };
        let failed = Closure::<dyn Fn(JsValue)>::new(move |error: JsValue| {
            mailbox.send(Message::FullFailed(error_text(&error)));
        })
        .into_js_value();
        load_full(&beside_glue(FULL_GLUE), &arrived, &failed);
    }

    /// Takes `message` where the game is: `None` when that is done here (the full module's arrival or failure, a
    /// message for a game that waits or has moved), else the message for the game's own update.
    pub fn route(runtime: &Rc<Runtime>, message: Message) -> Option<Message> {
        match message {
            Message::FullArrived(module) => {
                arrive(runtime, &module);
                None
            }
            Message::FullFailed(reason) => {
                // Asked again, it fails again at once, and says so again.
                runtime.asked.set(false);
                Some(fail(runtime, reason))
            }
            message => {
                let mut body = runtime.body.borrow_mut();
                match &mut *body {
                    Body::Away(Away::Moved(full)) => {
                        // Not borrowed while the full module runs: whatever it causes may reach this page's games.
                        let full = full.clone();
                        drop(body);
                        forward(&full, &runtime.host, &message);
                        // Destroyed there, the game leaves this page's list too.
                        matches!(message, Message::Destroy).then_some(message)
                    }
                    Body::Away(Away::Waiting(waiting)) if !matches!(message, Message::Destroy) => {
                        waiting.held.push(message);
                        None
                    }
                    _ => Some(message),
                }
            }
        }
    }

    /// Sends what JavaScript asked of a game to its handle in the full module. That handle throws only for what
    /// this module's handle has already checked.
    fn forward(full: &FullGame, host: &Element, message: &Message) {
        let _ = match message {
            Message::NewGame => full.new_game(),
            Message::Destroy => full.destroy(),
            Message::Set(name, value) => full.set(name, value.clone()),
            // The full module's handle reads the element's board, k and position itself, as this one did.
            Message::SetBoard(_) => full.set("board", host.get_attribute("board")),
            _ => Ok(()),
        };
    }

    /// The full module came: the game is handed over to it.
    fn arrive(runtime: &Rc<Runtime>, module: &JsValue) {
        let Some(module) = module.dyn_ref::<FullModule>() else {
            return;
        };
        let mut body = runtime.body.replace(Body::Gone);
        let Some(leaving) = leaving(runtime, &mut body) else {
            *runtime.body.borrow_mut() = body;
            return;
        };
        match resume_in(module, runtime, &leaving) {
            Ok(full) => {
                // The full module's game is in the game's place now: this one leaves it to it.
                match body {
                    Body::Here(app) => app.leave(),
                    Body::Away(Away::Waiting(mut waiting)) => waiting.host = None,
                    _ => {}
                }
                for message in &leaving.held {
                    forward(&full, &runtime.host, message);
                }
                *runtime.body.borrow_mut() = Body::Away(Away::Moved(full));
            }
            Err(error) => {
                // What JavaScript asked of a waiting game still waits, for the game drawn here after all.
                if let Body::Away(Away::Waiting(waiting)) = &mut body {
                    waiting.held = leaving.held;
                }
                *runtime.body.borrow_mut() = body;
                let reason = format!("it refused the game: {}", error_text(&error));
                runtime.mailbox().send(Message::FullFailed(reason));
            }
        }
    }

    /// A game on its way from the play module to the full module.
    struct Leaving {
        handover: Handover,
        /// The settings that were not understood, with their sentences.
        problems: Vec<(String, String)>,
        /// The element that holds the game's shadow root.
        holder: Element,
        /// What JavaScript asked of the game while it waited.
        held: Vec<Message>,
    }

    /// The game in `body`, on its way out; `None` for a game that does not go (one whose panel was switched off
    /// meanwhile asks again later).
    fn leaving(runtime: &Runtime, body: &mut Body) -> Option<Leaving> {
        match body {
            Body::Here(app) if !app.needs_full() => {
                runtime.asked.set(false);
                None
            }
            Body::Here(app) => {
                let (handover, problems) = app.handover();
                Some(Leaving {
                    handover,
                    problems,
                    holder: app.holder(),
                    held: Vec::new(),
                })
            }
            Body::Away(Away::Waiting(waiting)) => waiting.holder().map(|holder| {
                let (handover, problems) = waiting.handover();
                Leaving {
                    handover,
                    problems,
                    holder,
                    held: std::mem::take(&mut waiting.held),
                }
            }),
            _ => None,
        }
    }

    /// Asks the full module `module` to take `leaving` over; marks the game as handed over meanwhile (the mark
    /// stays only if it is taken).
    fn resume_in(
        module: &FullModule,
        runtime: &Runtime,
        leaving: &Leaving,
    ) -> Result<FullGame, JsValue> {
        let mark = leaving
            .holder
            .shadow_root()
            .and_then(|shadow| shadow.first_element_child());
        if let Some(mark) = &mark {
            set_attribute(mark, HANDED_OVER, "");
        }
        let problems: Array = leaving
            .problems
            .iter()
            .map(|(name, text)| Array::of2(&JsValue::from_str(name), &JsValue::from_str(text)))
            .collect();
        let resumed = module.resume(
            &runtime.host,
            &leaving.holder,
            runtime.source.function(),
            &leaving.handover.to_string(),
            &problems,
        );
        if let (Err(_), Some(mark)) = (&resumed, &mark) {
            let _ = mark.remove_attribute(HANDED_OVER);
        }
        resumed
    }

    /// The full module did not come: a waiting game is drawn here after all, and the game says why (see
    /// [`App::apply`]'s [`Message::FullFailed`]) and plays on without what needed the full module.
    fn fail(runtime: &Rc<Runtime>, reason: String) -> Message {
        let body = runtime.body.replace(Body::Gone);
        let Body::Away(Away::Waiting(mut waiting)) = body else {
            *runtime.body.borrow_mut() = body;
            return Message::FullFailed(reason);
        };
        if let Some(host) = waiting.host.take() {
            let game = Game::new(waiting.settings.without_full_module(), random_seed());
            let problems = std::mem::take(&mut waiting.problems);
            let app = App::new(host, game, problems, game_page_url(), runtime.mailbox());
            *runtime.body.borrow_mut() = Body::Here(Box::new(app));
            runtime.queue.borrow_mut().extend(waiting.held.drain(..));
        }
        Message::FullFailed(reason)
    }

    impl Waiting {
        /// The game as the full module is to draw it: not begun yet.
        fn handover(&self) -> (Handover, Vec<(String, String)>) {
            let handover = Handover {
                game: Game::new(self.settings, 0),
                focus_cell: 0,
                focus: None,
                share: None,
                tally: None,
            };
            (handover, self.problems.clone())
        }

        /// The element that holds the game's shadow root (while the game has its host).
        fn holder(&self) -> Option<Element> {
            self.host.as_ref().map(Host::holder)
        }
    }
}

#[cfg(feature = "full")]
mod full {
    use super::super::api::handle_object;
    use super::super::app::random_seed;
    use super::super::host;
    use super::super::message::Message;
    use super::super::realm;
    use super::super::{free_host, panic, start, style_host, Source};
    use crate::handover::Handover;
    use js_sys::Array;
    use wasm_bindgen::prelude::*;
    use wasm_bindgen::JsCast;

    /// Takes over a game that the play module hands over (not for pages: the play module calls it, see
    /// `super::play`). `element` is the element the game was mounted into, `holder` the element that holds its
    /// shadow root (`element`, or the `<div>` the game added inside it), `source` the play module's function that
    /// mounted it (`"mountPage"` or `"mountElement"`), `state` the game's handover text (see
    /// [`crate::handover::Handover`]) and `problems` the settings not understood, as `[name, sentence]` pairs.
    /// Returns the game's handle, as `mountPage` and `mountElement` do.
    ///
    /// Throws an `Error` for anything but a game the play module is handing over.
    #[wasm_bindgen]
    pub fn resume(
        element: JsValue,
        holder: JsValue,
        source: JsValue,
        state: JsValue,
        problems: JsValue,
    ) -> Result<JsValue, JsError> {
        panic::install_hook();
        let fail = |what: &str| JsError::new(&format!("resume: {what}"));
        let source = match source.as_string().as_deref() {
            Some("mountPage") => Source::Page,
            Some("mountElement") => Source::Element,
            _ => return Err(fail("the source must be \"mountPage\" or \"mountElement\"")),
        };
        let state = state
            .as_string()
            .ok_or_else(|| fail("the game's state must be a string"))?;
        let handover =
            Handover::from_text(&state, random_seed()).map_err(|error| fail(&error.to_string()))?;
        let problems = problem_pairs(&problems).ok_or_else(|| {
            fail("the problems must be an array of [name, sentence] pairs of strings")
        })?;
        let holder = realm::element(&holder)
            .ok_or_else(|| fail("the holder must be the element that holds the game"))?;
        let host = free_host(&element, "resume", |element, function| {
            host::take_over(element, &holder, function)
        })
        .map_err(|error| JsError::new(&error))?;
        // The host is the play module's game's: should styling fail, it stays as it is, for that game.
        style_host(&host, "resume").map_err(|error| JsError::new(&error))?;
        let Handover {
            game,
            focus_cell,
            focus,
            share,
            tally,
        } = handover;
        let handle = start(host, game, problems, source);
        handle.send(Message::Resumed {
            focus_cell,
            focus,
            share,
            tally,
        });
        Ok(handle_object(handle, source))
    }

    /// `[name, sentence]` pairs of strings, read from an array of them.
    fn problem_pairs(value: &JsValue) -> Option<Vec<(String, String)>> {
        value
            .dyn_ref::<Array>()?
            .iter()
            .map(|pair| {
                let pair = pair.dyn_into::<Array>().ok()?;
                Some((pair.get(0).as_string()?, pair.get(1).as_string()?))
            })
            .collect()
    }
}
