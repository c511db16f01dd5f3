//! The DOM layer: renders a [`Game`] into an element of the page with `web-sys`, and turns clicks into moves.
//!
//! State lives in one `Rc<RefCell<App>>` per mounted game; every change goes through `App::render`, which
//! only updates text, attributes and classes of elements built once (the game tree alone is drawn again from its
//! state). Listeners are delegated to the game's root element (clicks, changes, keys, focus and pointer for the
//! tree's preview) and removed when the game is destroyed, so several games can live on one page and none
//! touches anything outside its own element.

use crate::prelude::*;
mod alloc;
mod api;
mod dom;
pub mod panic;
mod style;
mod thinking;
mod timer;
mod tree;
mod view;

pub use api::GameHandle;

use crate::engine::{Level, Player};
use crate::game::{Game, Phase};
use crate::settings::{Mode, Settings};
use crate::tally::Tally;
use crate::text::cat;
use ::alloc::rc::Rc;
use core::cell::RefCell;
use thinking::{Measured, Thinking};
use timer::Timer;
use view::View;
use wasm_bindgen::prelude::*;
use wasm_bindgen::JsCast;
use web_sys::{Element, Event, ShadowRoot, ShadowRootInit, ShadowRootMode, Storage};

#[wasm_bindgen]
extern "C" {
    /// The glue module's `import.meta`.
    type ImportMeta;
    #[wasm_bindgen(thread_local_v2, js_namespace = import, js_name = meta)]
    static IMPORT_META: ImportMeta;
}

/// The address of the game's own page, `index.html` next to the module's JS glue (whichever page imported it).
fn game_page_url() -> String {
    let url = IMPORT_META.with(|meta| dom::text_property(meta, "url"));
    crate::text::beside(&url, "index.html")
}

/// How long after a change the search statistics are measured: past the next paint and the computer's answer
/// when it plays at once, since measuring takes milliseconds (textbook minimax from an early position, and
/// repeated runs for the coarse clock) that must not hold up either.
const STATS_PAUSE_MS: i32 = 50;

/// Where the tally is kept between visits.
const TALLY_KEY: &str = "tictactoe-tally";

#[global_allocator]
static ALLOCATOR: alloc::SizeClasses = alloc::SizeClasses::new();

/// Every game on the page, by number. A game stays until `destroy()`, even when JavaScript lets go of its
/// handle: the page still shows it and people still play it.
static GAMES: crate::Local<RefCell<Vec<(u32, Mounted)>>> = crate::Local(RefCell::new(Vec::new()));

/// Runs `f` with the game numbered `id`, if it is still on the page.
fn with_game<T>(id: u32, f: impl FnOnce(&Rc<RefCell<App>>) -> T) -> Option<T> {
    let app = GAMES.with(|games| {
        let games = games.borrow();
        games
            .iter()
            .find(|(known, _)| *known == id)
            .map(|(_, mounted)| mounted.app.clone())
    });
    app.as_ref().map(f)
}

/// Whether the game is in the middle of an update. Its updates move focus and so fire events, and a listener of
/// the page can call back into the game from them (`newGame()` on `focusin`, say): such a call must wait.
fn busy(app: &Rc<RefCell<App>>) -> bool {
    app.try_borrow_mut().is_err()
}

/// Runs `f` from a timeout, once the task that is running is over.
fn later(f: impl Fn() + 'static) {
    if let Some(window) = dom::window() {
        let callback = Closure::<dyn Fn()>::new(f).into_js_value();
        dom::set_timeout(&window, callback.unchecked_ref(), 0);
    }
}

/// Starts the game numbered `id` again with its settings (nothing if it is gone), right after its update if it
/// is in the middle of one.
fn new_game(id: u32) {
    with_game(id, |app| {
        if busy(app) {
            later(move || new_game(id));
            return;
        }
        let settings = *app.borrow().game.settings();
        App::restart(app, settings);
    });
}

/// Removes the game numbered `id` from the page, with its listeners and any pending computer move (right after
/// its update if it is in the middle of one).
fn destroy(id: u32) {
    if with_game(id, busy) == Some(true) {
        later(move || destroy(id));
        return;
    }
    let removed = GAMES.with(|games| {
        let mut games = games.borrow_mut();
        let index = games.iter().position(|(known, _)| *known == id);
        index.map(|index| games.remove(index))
    });
    // Dropped here, outside the borrow: dropping removes listeners and elements.
    drop(removed);
}

/// The shadow root a game in `element` renders into: the element's own (made if it has none), or, for an element
/// that cannot have one, that of a `<div>` added inside it (returned too, to be removed with the game).
fn shadow_root_for(element: &Element) -> Result<(ShadowRoot, Option<Element>), JsValue> {
    if let Some(shadow) = element.shadow_root() {
        return Ok((shadow, None));
    }
    let init = ShadowRootInit::new(ShadowRootMode::Open);
    if let Ok(shadow) = element.attach_shadow(&init) {
        return Ok((shadow, None));
    }
    let document = element.owner_document().ok_or("no document")?;
    let wrapper = dom::create(&document, "div");
    dom::append(element, &wrapper);
    Ok((wrapper.attach_shadow(&init)?, Some(wrapper)))
}

/// Mounts a game into `element` with `settings`, showing `problems` above the board.
///
/// The game lives in a shadow root of `element` (or of a `<div>` inside it), so the page's styles and the game's
/// do not touch each other; what `element` held stays, unseen, and shows again when the game is destroyed.
///
/// # Errors
/// When `element` already shows a game, or the game cannot be drawn there.
pub fn mount(
    element: &Element,
    settings: Settings,
    problems: &[String],
) -> Result<GameHandle, JsError> {
    panic::install_hook();
    let taken = GAMES.with(|games| {
        games
            .borrow()
            .iter()
            .any(|(_, mounted)| &mounted.host == element)
    });
    if taken {
        return Err(JsError::new(
            "this element already shows a game: destroy() that game first",
        ));
    }
    let cannot_draw = |_| JsError::new("the game could not be drawn in this element");
    let (shadow, wrapper) = shadow_root_for(element).map_err(cannot_draw)?;
    style::adopt(&shadow).map_err(cannot_draw)?;
    let view = View::build(element, problems);
    let storage = local_storage();
    let tally = storage
        .as_ref()
        .and_then(|storage| storage.get_item(TALLY_KEY).ok().flatten())
        .map_or_else(Tally::default, |text| Tally::from_text(&text));
    let game = Game::new(settings, random_seed());
    let thinking = Thinking::new(game.board());
    let app = Rc::new(RefCell::new(App {
        game,
        thinking,
        stats: Timer::default(),
        view,
        tally,
        storage,
        computer: Timer::default(),
        share_base: game_page_url(),
        share: None,
        focus_cell: 0,
    }));
    let mounted = Mounted::new(app, element.clone(), wrapper);
    shadow.replace_children_with_node_1(&mounted.app.borrow().view.root);
    App::update(&mounted.app);
    let id = mounted.app.borrow().view.id;
    GAMES.with(|games| games.borrow_mut().push((id, mounted)));
    Ok(GameHandle::new(id))
}

/// A seed for the computer's choice among equal moves.
fn random_seed() -> u64 {
    (js_sys::Math::random() * 9_007_199_254_740_992.0) as u64
}

/// The page's `localStorage`, if it has one and lets this page use it (sandboxed frames and some privacy
/// settings do not: then the tally lives in memory only).
fn local_storage() -> Option<Storage> {
    dom::window()?.local_storage().ok().flatten()
}

/// One game's state, and the elements that show it.
struct App {
    game: Game,
    /// What the thinking panels show besides the game.
    thinking: Thinking,
    /// The statistics measurement, a few frames after a change.
    stats: Timer,
    view: View,
    tally: Tally,
    storage: Option<Storage>,
    /// The computer's answer, after its pause.
    computer: Timer,
    /// The page a shared link opens: this page, or the game's own page for a game embedded elsewhere.
    share_base: String,
    /// The last link made by Share, and whether it reached the clipboard (`None` while trying).
    share: Option<(String, Option<bool>)>,
    /// The square that is the board's one tab stop (roving tabindex).
    focus_cell: usize,
}

impl App {
    /// Counts a finished game, renders, then asks for the computer's move if it is its turn.
    fn update(app: &Rc<RefCell<App>>) {
        let mut this = app.borrow_mut();
        if let Some((key, result)) = this.game.take_result() {
            this.tally.record(key, result);
            this.save_tally();
        }
        let board = this.game.board();
        this.thinking.follow(board);
        this.render();
        if this.game.phase() == Phase::ComputerToMove {
            let delay = i32::try_from(this.game.settings().delay_ms).unwrap_or(i32::MAX);
            this.computer.schedule(delay);
        }
        if this.game.settings().display.stats && this.thinking.stats_stale(board) {
            this.stats.schedule(STATS_PAUSE_MS);
        }
    }

    /// Times the search `variant` of `board`. The browser's clock is coarse (0.1 ms or worse), so a quick search
    /// is run again until 2 ms have passed, and the mean taken.
    fn measure(board: crate::engine::Board, variant: crate::engine::Variant) -> Measured {
        let performance = dom::window().and_then(|window| window.performance());
        let now = || performance.as_ref().map_or(0.0, |p| p.now());
        let start = now();
        let mut runs = 0u32;
        let nodes = loop {
            let stats = crate::engine::search_stats(board, variant);
            runs += 1;
            if now() - start >= 2.0 || runs >= 10_000 {
                break stats.nodes;
            }
        };
        Measured {
            nodes,
            micros: ((now() - start) * 1000.0 / f64::from(runs)) as u64,
        }
    }

    /// The statistics timer: times the next search that is missing, shows it, and comes back for the next one.
    /// One search per task, and plain minimax one first move per task (from the empty board it takes 25 ms, more
    /// on a phone), so that clicks and paints get through between them.
    fn on_stats(app: &Rc<RefCell<App>>) {
        let mut this = app.borrow_mut();
        this.stats.fired();
        let board = this.game.board();
        if let Some((column, at, variant)) = this.thinking.next_measurement(board) {
            let search = this.thinking.next_search(column, at, variant);
            let measured = App::measure(search, crate::engine::Variant::ALL[variant]);
            this.thinking.record(column, at, variant, measured);
            // Only the statistics change.
            this.view.thinking.render_stats(board, &this.thinking);
        }
        if this.game.settings().display.stats && this.thinking.stats_stale(board) {
            this.stats.schedule(0);
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
            this.computer.cancel();
            this.game.restart(settings);
            this.share = None;
        }
        App::update(app);
    }

    /// Changes the game with `change` after cancelling any pending computer move, then updates the page.
    fn change(app: &Rc<RefCell<App>>, change: impl FnOnce(&mut App)) {
        {
            let mut this = app.borrow_mut();
            this.computer.cancel();
            change(&mut this);
        }
        App::update(app);
    }

    fn render(&self) {
        self.view.render(&self.game, &self.tally, self.focus_cell);
        self.view
            .thinking
            .render(&self.game, &self.thinking, self.view.cells());
        self.view.render_share(self.share.as_ref());
    }

    /// Makes a link to the game as it stands, shows it, and copies it to the clipboard where the browser allows.
    fn share(app: &Rc<RefCell<App>>) {
        let url = {
            let this = app.borrow();
            let query = this.game.settings().to_query(this.game.board());
            if query.is_empty() {
                this.share_base.clone()
            } else {
                cat(&[&this.share_base, "?", &query])
            }
        };
        app.borrow_mut().share = Some((url.clone(), None));
        app.borrow().render();
        let copied = |app: Rc<RefCell<App>>, success: bool| {
            move |_: JsValue| {
                if let Some((_, copied)) = app.borrow_mut().share.as_mut() {
                    *copied = Some(success);
                }
                app.borrow().render();
            }
        };
        // The Clipboard API exists only in secure contexts, and frames may be refused it: then the link is there
        // to copy by hand.
        let clipboard = dom::window()
            .map(|window| window.navigator())
            .map(|navigator| dom::property(&navigator, "clipboard"))
            .filter(|clipboard| clipboard.is_object())
            .map(|clipboard| clipboard.unchecked_into::<web_sys::Clipboard>());
        match clipboard {
            Some(clipboard) => {
                // `Fn` closures, like the game's others (one kind of closure in the glue), freed when JavaScript
                // lets go of them.
                let on_copied =
                    Closure::<dyn Fn(JsValue)>::new(copied(app.clone(), true)).into_js_value();
                let on_refused =
                    Closure::<dyn Fn(JsValue)>::new(copied(app.clone(), false)).into_js_value();
                dom::then(&clipboard.write_text(&url), &on_copied, &on_refused);
            }
            None => copied(app.clone(), false)(JsValue::UNDEFINED),
        }
    }

    /// Handles a click anywhere in the game.
    fn on_click(app: &Rc<RefCell<App>>, event: &Event) {
        let Some(target) = event.target().and_then(|t| t.dyn_into::<Element>().ok()) else {
            return;
        };
        if let Some(cell) = dom::closest(&target, "[data-cell]") {
            let index = cell
                .get_attribute("data-cell")
                .and_then(|i| crate::text::parse_number(&i))
                .map(|i| i as usize);
            if let Some(cell) = index {
                let mut this = app.borrow_mut();
                // The square clicked is the board's tab stop from now on.
                this.focus_cell = cell;
                let played = this.game.play_human(cell);
                drop(this);
                if played {
                    App::update(app);
                } else {
                    app.borrow().render();
                }
            }
        } else if let Some(button) = dom::closest(&target, "[data-why]") {
            let cell = button
                .get_attribute("data-why")
                .and_then(|c| crate::text::parse_number(&c))
                .map(|c| c as usize);
            let mut this = app.borrow_mut();
            this.thinking.why = if this.thinking.why == cell {
                None
            } else {
                cell
            };
            this.render();
        } else if let Some(item) = dom::closest(&target, "[role=treeitem]") {
            let path = item
                .get_attribute("data-path")
                .and_then(|p| tree::parse_path(&p));
            if let Some(path) = path {
                let mut this = app.borrow_mut();
                this.thinking.tree.toggle(&path);
                this.thinking.tree.focus = path;
                this.render();
            }
        } else if let Some(button) = dom::closest(&target, "[data-jump]") {
            let step = button
                .get_attribute("data-jump")
                .and_then(|s| crate::text::parse_number(&s))
                .map(|s| s as usize);
            if let Some(step) = step {
                App::change(app, |this| {
                    this.game.jump(step);
                });
            }
        } else if let Some(button) = dom::closest(&target, "[data-action]") {
            match button.get_attribute("data-action").as_deref() {
                Some("new-game") => {
                    let settings = *app.borrow().game.settings();
                    App::restart(app, settings);
                }
                Some("undo") => App::change(app, |this| {
                    this.game.undo();
                }),
                Some("share") => App::share(app),
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

    /// Handles a change of a control: a new game for who plays whom and how well; the thinking panels change
    /// without one.
    fn on_change(app: &Rc<RefCell<App>>, event: &Event) {
        let Some(target) = event.target().and_then(|t| t.dyn_into::<Element>().ok()) else {
            return;
        };
        // The game's controls are inputs (checkboxes and radio buttons, which are checked or not) and a select (no
        // such state: its choice is made).
        let checked = dom::checked(&target);
        if target.get_attribute("data-tree").as_deref() == Some("alpha-beta") {
            let on = checked == Some(true);
            let mut this = app.borrow_mut();
            this.thinking.tree.alpha_beta = on;
            this.render();
            return;
        }
        let (value, checked) = (dom::value(&target), checked.unwrap_or(true));
        let mut settings = *app.borrow().game.settings();
        let name = target.get_attribute("data-setting").unwrap_or_default();
        if matches!(name.as_str(), "scores" | "tree" | "stats" | "scoring") {
            let mut display = settings.display;
            match name.as_str() {
                "scores" => display.scores = checked,
                "tree" => display.tree = checked,
                "stats" => display.stats = checked,
                _ if checked => {
                    display.scoring = if value == "plain" {
                        crate::engine::Scoring::Plain
                    } else {
                        crate::engine::Scoring::DepthAware
                    }
                }
                _ => return,
            }
            app.borrow_mut().game.set_display(display);
            App::update(app);
            return;
        }
        if !checked {
            return;
        }
        match name.as_str() {
            "human" => settings.human = if value == "O" { Player::O } else { Player::X },
            "mode" => settings.mode = Mode::from_name(&value).unwrap_or(Mode::Computer),
            "level" => settings.level = Level::from_name(&value).unwrap_or(Level::Unbeatable),
            _ => return,
        }
        App::restart(app, settings);
    }

    /// Shows, in the tree's preview, the node under the pointer or focus.
    fn on_preview(app: &Rc<RefCell<App>>, event: &Event) {
        let item = event
            .target()
            .and_then(|t| t.dyn_into::<Element>().ok())
            .and_then(|target| dom::closest(&target, "[role=treeitem]"));
        let Some(path) = item
            .and_then(|item| item.get_attribute("data-path"))
            .and_then(|p| tree::parse_path(&p))
        else {
            return;
        };
        let mut this = app.borrow_mut();
        if this.thinking.preview != path {
            // Only the preview changes: the rest of the game stays as it is drawn.
            if let Some(tree) = this.view.thinking.tree() {
                tree.render(&this.thinking.tree, &path);
            }
            this.thinking.preview = path;
        }
    }

    /// Moves through the game tree with the keys of the WAI-ARIA tree pattern.
    fn on_tree_key(app: &Rc<RefCell<App>>, event: &web_sys::KeyboardEvent, path: Vec<usize>) {
        let mut this = app.borrow_mut();
        let visible = this.thinking.tree.visible_paths();
        let Some(index) = visible.iter().position(|p| *p == path) else {
            return;
        };
        let leaf = crate::explain::after(this.thinking.tree.root, &path).is_over();
        let open = this.thinking.tree.is_open(&path);
        let target = match dom::text_property(event, "key").as_str() {
            "ArrowDown" => visible.get(index + 1).cloned(),
            "ArrowUp" => index.checked_sub(1).map(|i| visible[i].clone()),
            "Home" => visible.first().cloned(),
            "End" => visible.last().cloned(),
            "ArrowRight" if !leaf && !open => {
                this.thinking.tree.toggle(&path);
                Some(path.clone())
            }
            "ArrowRight" if open => visible.get(index + 1).cloned(),
            "ArrowLeft" if open => {
                this.thinking.tree.toggle(&path);
                Some(path.clone())
            }
            "ArrowLeft" if path.len() > 1 => Some(path[..path.len() - 1].to_vec()),
            "Enter" | " " if !leaf => {
                this.thinking.tree.toggle(&path);
                Some(path.clone())
            }
            _ => return,
        };
        event.prevent_default();
        if let Some(target) = target {
            this.thinking.tree.focus = target.clone();
            this.thinking.preview = target.clone();
            this.render();
            let node = this
                .view
                .thinking
                .tree()
                .and_then(|tree| tree.node(&target));
            drop(this);
            if let Some(node) = node {
                dom::focus(&node);
            }
        }
    }

    /// Moves focus across the board with the arrow keys (and Home, End), one tab stop for the whole board.
    fn on_keydown(app: &Rc<RefCell<App>>, event: &Event) {
        // A `keydown` event is a `KeyboardEvent`; one a script makes as a plain `Event` reads as no key (its
        // properties are undefined: an empty key, no modifier).
        let event = event.unchecked_ref::<web_sys::KeyboardEvent>();
        let target = event.target().and_then(|t| t.dyn_into::<Element>().ok());
        let tree_path = target
            .as_ref()
            .filter(|target| target.get_attribute("role").as_deref() == Some("treeitem"))
            .and_then(|item| item.get_attribute("data-path"))
            .and_then(|p| tree::parse_path(&p));
        if let Some(path) = tree_path {
            App::on_tree_key(app, event, path);
            return;
        }
        let on_cell = target.is_some_and(|target| target.get_attribute("data-cell").is_some());
        if !on_cell || event.alt_key() || event.ctrl_key() || event.meta_key() {
            return;
        }
        let from = app.borrow().focus_cell;
        let (row, column) = (from / 3, from % 3);
        let to = match dom::text_property(event, "key").as_str() {
            "ArrowLeft" => row * 3 + column.saturating_sub(1),
            "ArrowRight" => row * 3 + (column + 1).min(2),
            "ArrowUp" => row.saturating_sub(1) * 3 + column,
            "ArrowDown" => (row + 1).min(2) * 3 + column,
            "Home" => 0,
            "End" => 8,
            _ => return,
        };
        event.prevent_default();
        let mut this = app.borrow_mut();
        this.focus_cell = to;
        this.render();
        let cell = this.view.cell(to);
        drop(this);
        dom::focus(&cell);
    }

    /// The computer's pause is over: it plays.
    fn on_timer(app: &Rc<RefCell<App>>) {
        {
            let mut this = app.borrow_mut();
            this.computer.fired();
            let before = this.game.board();
            if this.game.play_computer().is_some() {
                this.thinking.computer_moved_from = Some(before);
            }
        }
        App::update(app);
    }
}

/// The events the game listens to on its root element: clicks, changes, keys, and focus and pointer for the
/// tree's preview.
const EVENTS: [&str; 5] = ["click", "change", "keydown", "focusin", "mouseover"];

/// A game in the page: its state and everything that must go when it goes.
struct Mounted {
    app: Rc<RefCell<App>>,
    /// The element the game was mounted into.
    host: Element,
    /// The `<div>` added to hold the game's shadow root, if the host could not hold one.
    wrapper: Option<Element>,
    /// The one listener of every event in [`EVENTS`], on the game's root element. A `Fn`, not a `FnMut`: it is
    /// called again while it runs when a handler moves focus (`focusin`).
    listener: Closure<dyn Fn(Event)>,
    _timer: Closure<dyn Fn()>,
    _stats: Closure<dyn Fn()>,
}

impl Mounted {
    fn new(app: Rc<RefCell<App>>, host: Element, wrapper: Option<Element>) -> Mounted {
        let listener: Closure<dyn Fn(Event)> = {
            let app = app.clone();
            Closure::new(move |event: Event| {
                // An event that arrives while the game is updating itself is one the update fired (focus it moved)
                // or one a page's listener of those dispatched: no person's input, and nothing to do then.
                if busy(&app) {
                    return;
                }
                match dom::text_property(&event, "type").as_str() {
                    "click" => App::on_click(&app, &event),
                    "change" => App::on_change(&app, &event),
                    "keydown" => App::on_keydown(&app, &event),
                    _ => App::on_preview(&app, &event),
                }
            })
        };
        let timer: Closure<dyn Fn()> = {
            let app = app.clone();
            Closure::new(move || App::on_timer(&app))
        };
        let stats: Closure<dyn Fn()> = {
            let app = app.clone();
            Closure::new(move || App::on_stats(&app))
        };
        {
            let mut this = app.borrow_mut();
            this.computer
                .set_callback(timer.as_ref().unchecked_ref::<js_sys::Function>().clone());
            this.stats
                .set_callback(stats.as_ref().unchecked_ref::<js_sys::Function>().clone());
        }
        let mounted = Mounted {
            app,
            host,
            wrapper,
            listener,
            _timer: timer,
            _stats: stats,
        };
        for kind in EVENTS {
            let root = &mounted.app.borrow().view.root;
            dom::listen(root, kind, mounted.listener.as_ref().unchecked_ref(), true);
        }
        mounted
    }
}

impl Drop for Mounted {
    fn drop(&mut self) {
        let mut app = self.app.borrow_mut();
        for kind in EVENTS {
            dom::listen(
                &app.view.root,
                kind,
                self.listener.as_ref().unchecked_ref(),
                false,
            );
        }
        app.computer.detach();
        app.stats.detach();
        app.view.remove();
        if let Some(wrapper) = &self.wrapper {
            wrapper.remove();
        }
    }
}
