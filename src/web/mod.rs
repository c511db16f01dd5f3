//! The DOM layer: renders a [`Game`] into an element of the page with `web-sys`, and turns clicks into moves.
//!
//! State lives in one `Rc<RefCell<App>>` per mounted game; every change goes through [`App::render`], which
//! only updates text, attributes and classes of elements built once. Listeners are delegated to the game's root
//! element (one for clicks, one for changes) and removed when the game is destroyed, so several games can live on
//! one page and none touches anything outside its own element.

pub mod panic;
mod view;

use crate::engine::{Level, Player};
use crate::game::{Game, Phase};
use crate::settings::{query_pairs, Mode, Settings};
use crate::tally::Tally;
use std::cell::RefCell;
use std::rc::Rc;
use view::View;
use wasm_bindgen::prelude::*;
use wasm_bindgen::JsCast;
use web_sys::{Element, Event, EventTarget, HtmlInputElement, HtmlSelectElement, Storage};

/// Where the tally is kept between visits.
const TALLY_KEY: &str = "tictactoe-tally";

thread_local! {
    /// Every game on the page, by number. A game stays until `destroy()`, even when JavaScript lets go of its
    /// handle: the page still shows it and people still play it.
    static GAMES: RefCell<Vec<(u32, Mounted)>> = const { RefCell::new(Vec::new()) };
}

/// A game mounted in the page, as JavaScript holds it.
#[wasm_bindgen]
pub struct GameHandle {
    id: u32,
}

#[wasm_bindgen]
impl GameHandle {
    /// Starts a new game with the same settings (nothing once the game is destroyed).
    #[wasm_bindgen(js_name = newGame)]
    pub fn new_game(&self) {
        let app = GAMES.with(|games| {
            let games = games.borrow();
            games
                .iter()
                .find(|(id, _)| *id == self.id)
                .map(|(_, mounted)| mounted.app.clone())
        });
        if let Some(app) = app {
            let settings = *app.borrow().game.settings();
            App::restart(&app, settings);
        }
    }

    /// Removes the game from the page, with its listeners and any pending computer move.
    pub fn destroy(&self) {
        let removed = GAMES.with(|games| {
            let mut games = games.borrow_mut();
            let index = games.iter().position(|(id, _)| *id == self.id);
            index.map(|index| games.remove(index))
        });
        // Dropped here, outside the borrow: dropping removes listeners and elements.
        drop(removed);
    }
}

/// Mounts a game into `element`, with the settings of the page's URL (`?human=O&delay=0`).
///
/// A setting that is not understood is explained above the board and its default used.
#[wasm_bindgen(js_name = mountPage)]
pub fn mount_page(element: JsValue) -> Result<GameHandle, JsError> {
    let element: Element = element
        .dyn_into()
        .map_err(|_| JsError::new("mountPage needs a DOM element to render the game into"))?;
    let search = web_sys::window()
        .ok_or_else(|| JsError::new("mountPage needs a browser window"))?
        .location()
        .search()
        .unwrap_or_default();
    let pairs = query_pairs(&search);
    let (settings, problems) =
        Settings::from_pairs(pairs.iter().map(|(n, v)| (n.as_str(), v.as_str())));
    mount(&element, settings, &problems)
}

/// Mounts a game into `element` (replacing what it held) with `settings`, showing `problems` above the board.
pub fn mount(
    element: &Element,
    settings: Settings,
    problems: &[String],
) -> Result<GameHandle, JsError> {
    panic::install_hook();
    let view =
        View::build(element, problems).map_err(|_| JsError::new("the game could not be drawn"))?;
    let storage = local_storage();
    let tally = storage
        .as_ref()
        .and_then(|storage| storage.get_item(TALLY_KEY).ok().flatten())
        .map_or_else(Tally::default, |text| Tally::from_text(&text));
    let app = Rc::new(RefCell::new(App {
        game: Game::new(settings, random_seed()),
        view,
        tally,
        storage,
        timer: None,
        timer_callback: None,
    }));
    let mounted =
        Mounted::new(app).map_err(|_| JsError::new("the game could not listen to clicks"))?;
    element.replace_children_with_node_1(&mounted.app.borrow().view.root);
    App::update(&mounted.app);
    let id = mounted.app.borrow().view.id;
    GAMES.with(|games| games.borrow_mut().push((id, mounted)));
    Ok(GameHandle { id })
}

/// A seed for the computer's choice among equal moves.
fn random_seed() -> u64 {
    (js_sys::Math::random() * 2f64.powi(53)) as u64
}

/// The page's `localStorage`, if it has one and lets this page use it (sandboxed frames and some privacy
/// settings do not: then the tally lives in memory only).
fn local_storage() -> Option<Storage> {
    web_sys::window()?.local_storage().ok().flatten()
}

/// One game's state, and the elements that show it.
struct App {
    game: Game,
    view: View,
    tally: Tally,
    storage: Option<Storage>,
    /// The pending computer move's `setTimeout` id.
    timer: Option<i32>,
    /// The function the timer calls: the mounted game's `timer` closure.
    timer_callback: Option<js_sys::Function>,
}

impl App {
    /// Counts a finished game, renders, then asks for the computer's move if it is its turn.
    fn update(app: &Rc<RefCell<App>>) {
        let mut this = app.borrow_mut();
        if let Some((key, result)) = this.game.take_result() {
            this.tally.record(key, result);
            this.save_tally();
        }
        this.render();
        if this.game.phase() == Phase::ComputerToMove && this.timer.is_none() {
            this.schedule_computer();
        }
    }

    fn schedule_computer(&mut self) {
        let (Some(window), Some(callback)) = (web_sys::window(), self.timer_callback.as_ref())
        else {
            return;
        };
        let delay = i32::try_from(self.game.settings().delay_ms).unwrap_or(i32::MAX);
        self.timer = window
            .set_timeout_with_callback_and_timeout_and_arguments_0(callback, delay)
            .ok();
    }

    fn cancel_computer(&mut self) {
        if let (Some(id), Some(window)) = (self.timer.take(), web_sys::window()) {
            window.clear_timeout_with_handle(id);
        }
    }

    /// Keeps the tally for the next visit, where storage is allowed; a full or refused storage only means the
    /// tally is not kept.
    fn save_tally(&self) {
        if let Some(storage) = &self.storage {
            let _ = storage.set_item(TALLY_KEY, &self.tally.to_text());
        }
    }

    fn restart(app: &Rc<RefCell<App>>, settings: Settings) {
        {
            let mut this = app.borrow_mut();
            this.cancel_computer();
            this.game.restart(settings);
        }
        App::update(app);
    }

    /// Changes the game with `change` after cancelling any pending computer move, then updates the page.
    fn change(app: &Rc<RefCell<App>>, change: impl FnOnce(&mut App)) {
        {
            let mut this = app.borrow_mut();
            this.cancel_computer();
            change(&mut this);
        }
        App::update(app);
    }

    fn render(&self) {
        self.view.render(&self.game, &self.tally);
    }

    /// Handles a click anywhere in the game.
    fn on_click(app: &Rc<RefCell<App>>, event: &Event) {
        let Some(target) = event.target().and_then(|t| t.dyn_into::<Element>().ok()) else {
            return;
        };
        if let Ok(Some(cell)) = target.closest("[data-cell]") {
            let index = cell
                .get_attribute("data-cell")
                .and_then(|i| i.parse::<usize>().ok());
            let played = index.is_some_and(|cell| app.borrow_mut().game.play_human(cell));
            if played {
                App::update(app);
            }
        } else if let Ok(Some(button)) = target.closest("[data-jump]") {
            let step = button
                .get_attribute("data-jump")
                .and_then(|s| s.parse::<usize>().ok());
            if let Some(step) = step {
                App::change(app, |this| {
                    this.game.jump(step);
                });
            }
        } else if let Ok(Some(button)) = target.closest("[data-action]") {
            match button.get_attribute("data-action").as_deref() {
                Some("new-game") => {
                    let settings = *app.borrow().game.settings();
                    App::restart(app, settings);
                }
                Some("undo") => App::change(app, |this| {
                    this.game.undo();
                }),
                Some("hint") => {
                    app.borrow_mut().game.show_hint();
                    App::update(app);
                }
                Some("reset-tally") => {
                    let mut this = app.borrow_mut();
                    this.tally.reset();
                    this.save_tally();
                    this.render();
                }
                _ => {}
            }
        }
    }

    /// Handles a change of a setting's control: a new game with the new setting.
    fn on_change(app: &Rc<RefCell<App>>, event: &Event) {
        let Some(target) = event.target().and_then(|t| t.dyn_into::<Element>().ok()) else {
            return;
        };
        let value = if let Some(input) = target.dyn_ref::<HtmlInputElement>() {
            if !input.checked() {
                return;
            }
            input.value()
        } else if let Some(select) = target.dyn_ref::<HtmlSelectElement>() {
            select.value()
        } else {
            return;
        };
        let mut settings = *app.borrow().game.settings();
        match target.get_attribute("data-setting").as_deref() {
            Some("human") => settings.human = if value == "O" { Player::O } else { Player::X },
            Some("mode") => settings.mode = Mode::from_name(&value).unwrap_or(Mode::Computer),
            Some("level") => settings.level = Level::from_name(&value).unwrap_or(Level::Unbeatable),
            _ => return,
        }
        App::restart(app, settings);
    }

    /// The computer's pause is over: it plays.
    fn on_timer(app: &Rc<RefCell<App>>) {
        {
            let mut this = app.borrow_mut();
            this.timer = None;
            this.game.play_computer();
        }
        App::update(app);
    }
}

/// An event listener that is removed when dropped.
struct Listener {
    target: EventTarget,
    kind: &'static str,
    callback: Closure<dyn FnMut(Event)>,
}

impl Listener {
    fn new(
        target: &EventTarget,
        kind: &'static str,
        callback: Closure<dyn FnMut(Event)>,
    ) -> Result<Listener, JsValue> {
        target.add_event_listener_with_callback(kind, callback.as_ref().unchecked_ref())?;
        Ok(Listener {
            target: target.clone(),
            kind,
            callback,
        })
    }
}

impl Drop for Listener {
    fn drop(&mut self) {
        // Removing a listener that is attached cannot fail; there is nothing to do if it somehow does.
        let _ = self
            .target
            .remove_event_listener_with_callback(self.kind, self.callback.as_ref().unchecked_ref());
    }
}

/// A game in the page: its state and everything that must go when it goes.
struct Mounted {
    app: Rc<RefCell<App>>,
    _listeners: [Listener; 2],
    _timer: Closure<dyn FnMut()>,
}

impl Mounted {
    fn new(app: Rc<RefCell<App>>) -> Result<Mounted, JsValue> {
        let root: EventTarget = app.borrow().view.root.clone().into();
        let click = {
            let app = app.clone();
            Listener::new(
                &root,
                "click",
                Closure::new(move |event: Event| App::on_click(&app, &event)),
            )?
        };
        let change = {
            let app = app.clone();
            Listener::new(
                &root,
                "change",
                Closure::new(move |event: Event| App::on_change(&app, &event)),
            )?
        };
        let timer: Closure<dyn FnMut()> = {
            let app = app.clone();
            Closure::new(move || App::on_timer(&app))
        };
        app.borrow_mut().timer_callback =
            Some(timer.as_ref().unchecked_ref::<js_sys::Function>().clone());
        Ok(Mounted {
            app,
            _listeners: [click, change],
            _timer: timer,
        })
    }
}

impl Drop for Mounted {
    fn drop(&mut self) {
        let mut app = self.app.borrow_mut();
        app.cancel_computer();
        app.timer_callback = None;
        app.view.remove();
    }
}
