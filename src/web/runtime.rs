//! The games on the page, each behind a small runtime: its [`App`], the messages waiting for it, and whether an
//! update is running. What an update asks of the world outside (focus, the clipboard) is done here, once the
//! update is over; a message that arrives while an update runs (a focus event the render caused, `newGame()` from
//! a page's listener of one) waits in the game's queue and runs next.

use super::app::{App, Effect};
use super::host::{self, Host};
use super::mailbox::{Mailbox, Post};
use super::message::Message;
use super::{js, panic, read, style};
use crate::game::Game;
use crate::settings::{Name, Reading, Settings};
use crate::state::{Clip, Problem};
use std::cell::{Cell, RefCell};
use std::rc::{Rc, Weak};
use wasm_bindgen::prelude::*;
use wasm_bindgen::JsCast;
use web_sys::Element;

thread_local! {
    /// Every game on the page. A game stays until it is destroyed, even when JavaScript lets go of its handle:
    /// the page still shows it and people still play it.
    static GAMES: RefCell<Vec<Rc<Runtime>>> = const { RefCell::new(Vec::new()) };
}

/// How a game's settings were given: which function mounted it, and so how a bad value is reported.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Source {
    /// `mount(element, options)`: a bad value throws an `Error`.
    Options,
    /// The page's URL (`mountPage`): a bad value is explained above the board.
    Page,
    /// A `<tic-tac-toe>`'s attributes (`mountElement`): as the page's URL, and its board, k and position are read
    /// together.
    Element,
}

impl Source {
    /// The function that mounts a game from this source, as its errors name it.
    pub fn function(self) -> &'static str {
        match self {
            Source::Options => "mount",
            Source::Page => "mountPage",
            Source::Element => "mountElement",
        }
    }
}

/// One game on the page: where it is in its life, the messages waiting for it, and whether an update is running.
struct Runtime {
    /// The element the game was mounted into.
    host: Element,
    body: RefCell<Body>,
    queue: RefCell<Vec<Message>>,
    running: Cell<bool>,
}

/// Where a game is in its life.
enum Body {
    /// Played here.
    Here(Box<App>),
    /// Taken off the page.
    Gone,
}

impl Post for Runtime {
    fn post(self: Rc<Self>, message: Message) {
        self.send(message);
    }
}

impl Runtime {
    /// Runs `message` now, or, while an update runs, right after it.
    fn send(self: &Rc<Self>, message: Message) {
        self.queue.borrow_mut().push(message);
        if self.running.replace(true) {
            return;
        }
        while let Some(message) = self.next_message() {
            self.run(message);
        }
        self.running.set(false);
    }

    /// Runs one message: the game's update, then what it asked for outside its state.
    fn run(self: &Rc<Self>, message: Message) {
        if matches!(message, Message::Destroy) {
            self.destroy();
            return;
        }
        let effect = match &mut *self.body.borrow_mut() {
            Body::Here(app) => app.update(message),
            Body::Gone => None,
        };
        // Outside the update: focus fires events, whose messages wait in the queue.
        match effect {
            Some(Effect::Focus(element, scroll)) => focus(&element, scroll),
            Some(Effect::Copy(clip, text)) => self.copy(clip, &text),
            Some(Effect::Reveal(element)) => reveal(&element),
            None => {}
        }
    }

    fn next_message(&self) -> Option<Message> {
        let mut queue = self.queue.borrow_mut();
        // A few messages at most wait at a time: taking the first from a vector is as good as a deque.
        (!queue.is_empty()).then(|| queue.remove(0))
    }

    /// Takes the game off the page: its listeners, timers and elements go with its state.
    fn destroy(self: &Rc<Self>) {
        GAMES.with(|games| games.borrow_mut().retain(|game| !Rc::ptr_eq(game, self)));
        self.queue.borrow_mut().clear();
        let body = self.body.replace(Body::Gone);
        drop(body);
    }

    /// Copies `text`, the `clip` asked for, to the clipboard where the browser allows it (secure contexts,
    /// frames that may), and tells the game whether it worked; where it does not, the text is there to copy by
    /// hand.
    fn copy(self: &Rc<Self>, clip: Clip, text: &str) {
        let weak: Weak<Runtime> = Rc::downgrade(self);
        let mailbox = Mailbox::new(weak);
        let clipboard = web_sys::window()
            .map(|window| window.navigator().clipboard())
            .filter(|clipboard| !clipboard.is_undefined());
        let Some(clipboard) = clipboard else {
            mailbox.send(Message::Copied(clip, false));
            return;
        };
        // Each answer is a function that JavaScript frees once it lets go of it, after the promise settles.
        let answer = |copied: bool| {
            let mailbox = mailbox.clone();
            Closure::<dyn Fn()>::new(move || mailbox.send(Message::Copied(clip, copied)))
                .into_js_value()
        };
        #[expect(
            clippy::disallowed_methods,
            reason = "a promise is a `Written`, which only declares `then` with plain functions"
        )]
        let written = clipboard.write_text(text).unchecked_into::<Written>();
        written.then(&answer(true), &answer(false));
    }
}

#[wasm_bindgen]
extern "C" {
    /// The promise `Clipboard.writeText` gives, whose `then` takes plain functions (js-sys's takes closures
    /// that Rust owns, which a destroyed game would drop before the browser answers).
    #[wasm_bindgen(extends = js_sys::Promise)]
    type Written;
    #[wasm_bindgen(method)]
    fn then(this: &Written, on_fulfilled: &JsValue, on_rejected: &JsValue);
}

/// Scrolls the page so that `element`, one of the game's, is in view from its top.
fn reveal(element: &Element) {
    let options = web_sys::ScrollIntoViewOptions::new();
    options.set_block(web_sys::ScrollLogicalPosition::Start);
    element.scroll_into_view_with_scroll_into_view_options(&options);
}

/// Moves focus to one of the game's elements.
fn focus(element: &web_sys::HtmlElement, scroll: bool) {
    let options = web_sys::FocusOptions::new();
    options.set_prevent_scroll(!scroll);
    // Focusing an element of the game's own cannot fail; a page that has moved on just keeps its focus.
    let _ = element.focus_with_options(&options);
}

/// A game on the page, as Rust code holds it (the JS API wraps it in an object with methods). It does not keep
/// the game alive: once the game is destroyed, its calls do nothing.
#[derive(Clone)]
pub struct GameHandle(Weak<Runtime>);

impl GameHandle {
    /// Where the game's messages go.
    fn mailbox(&self) -> Mailbox {
        let weak: Weak<Runtime> = self.0.clone();
        Mailbox::new(weak)
    }

    /// Starts a new game with the same settings (nothing once the game is destroyed).
    pub fn new_game(&self) {
        self.mailbox().send(Message::NewGame);
    }

    /// Removes the game from the page, with its listeners and any pending computer move. Calling it again does
    /// nothing.
    pub fn destroy(&self) {
        self.mailbox().send(Message::Destroy);
    }

    /// Changes a setting as `reading` says (read from an option or an attribute). A value that is not understood
    /// is explained above the board and the default used.
    pub fn set(&self, reading: Reading) {
        self.mailbox().send(Message::Set(reading));
    }

    /// Reads the board, k, rule and position together from the attributes of the element the game was mounted into
    /// (a `<tic-tac-toe>` one of whose three changed), as a page that loads with them reads them.
    pub fn set_board_from_attributes(&self) {
        let Some(runtime) = self.0.upgrade() else {
            return;
        };
        let readings = read::setting_attributes(
            &runtime.host,
            &[Name::Board, Name::K, Name::Rule, Name::Position],
        );
        self.mailbox().send(Message::SetBoard(readings));
    }

    /// The game's settings now; `None` once it is destroyed, or while it is busy with an update (a call from a
    /// listener of its own events), when they are about to change.
    pub fn settings(&self) -> Option<Settings> {
        let runtime = self.0.upgrade()?;
        let body = runtime.body.try_borrow().ok()?;
        match &*body {
            Body::Here(app) => Some(app.settings()),
            Body::Gone => None,
        }
    }

    /// Whether the game is still on the page.
    pub fn is_on_page(&self) -> bool {
        self.0
            .upgrade()
            .is_some_and(|runtime| !matches!(*runtime.body.borrow(), Body::Gone))
    }
}

/// Mounts a game into `element` (checked as `host::prepare` says) with `settings`, showing `problems` above the
/// board; `source` says how the settings were given. A game mounted by `mount` or a `<tic-tac-toe>` is in a post,
/// and so is the game page's when `embedded` (`?embed=1`): it keeps only its author's `controls` in view.
///
/// The game lives in a shadow root of `element` (or of a `<div>` inside it), so the page's styles and the game's
/// do not touch each other; what `element` held stays, unseen, and shows again when the game is destroyed.
///
/// # Errors
/// A sentence naming the source's function when `element` already shows a game or cannot show one.
pub fn mount(
    element: &JsValue,
    settings: Settings,
    problems: Vec<Problem>,
    source: Source,
    embedded: bool,
) -> Result<GameHandle, String> {
    panic::install_hook();
    let function = source.function();
    let host = free_host(element, function)?;
    if let Err(error) = style_host(&host, function) {
        // Made for this game, the host is given back to the page.
        host.release();
        return Err(error);
    }
    let game = Game::new(settings, js::random_seed());
    let runtime = Rc::new_cyclic(|weak: &Weak<Runtime>| {
        let mailbox = Mailbox::new(weak.clone());
        Runtime {
            host: host.element.clone(),
            body: RefCell::new(Body::Here(Box::new(App::new(
                host,
                game,
                problems,
                game_page_url(),
                embedded || source != Source::Page,
                source == Source::Page,
                mailbox,
            )))),
            queue: RefCell::new(Vec::new()),
            running: Cell::new(false),
        }
    });
    GAMES.with(|games| games.borrow_mut().push(runtime.clone()));
    Ok(GameHandle(Rc::downgrade(&runtime)))
}

/// The host [`host::prepare`] makes of `element` for `function`, unless the element already shows a game (see
/// [`host::shows_game`]).
fn free_host(element: &JsValue, function: &str) -> Result<Host, String> {
    let taken = |host: &Element| {
        GAMES.with(|games| games.borrow().iter().any(|game| &game.host == host))
            || host::shows_game(host)
    };
    let refused =
        || format!("{function}: this element already shows a game: destroy() that game first");
    if element.dyn_ref::<Element>().is_some_and(taken) {
        return Err(refused());
    }
    let host = host::prepare(element, function)?;
    if GAMES.with(|games| games.borrow().iter().any(|game| game.host == host.element)) {
        return Err(refused());
    }
    Ok(host)
}

/// Gives `host`'s shadow root the game's stylesheet.
///
/// # Errors
/// A sentence naming `function` when the browser cannot style the game.
fn style_host(host: &Host, function: &str) -> Result<(), String> {
    style::adopt(&host.shadow, &host.document, &host.window).map_err(|_| {
        format!("{function}: this browser cannot style the game (no constructable stylesheets)")
    })
}

/// The address of the game's own page, `index.html` next to the module's JS glue (whichever page imported it).
fn game_page_url() -> String {
    js::beside_glue("index.html")
}
