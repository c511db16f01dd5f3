//! One game's update: a [`Message`] changes the game's [`State`], then the view draws it. An [`App`] owns the state
//! with what it needs of the page: its elements, its listeners, its timers, the browser's storage for the tally
//! and, on a bigger board, its searches in a worker. What the update asks of the world outside the state (focus,
//! the clipboard) comes back as an [`Effect`], which the runtime carries out once the update is over.

use super::host::Host;
use super::listener::Listener;
use super::mailbox::Mailbox;
use super::message::Message;
use super::searches::Searches;
use super::timer::{PageClock, Timeout};
use super::view::View;
use super::{js, read};
use crate::api::wire::Query;
use crate::engine::{think, think_moves, Clock, Grid, Limits, Thought};
use crate::game::tally::Tally;
use crate::game::{move_focus, Game};
use crate::panels::practice::{Asked, PracticeControl};
use crate::settings::{Change, Name, Practice, Settings};
use crate::state::{Clip, PanelBox, Played, Problem, Search, State, Topic};
use web_sys::{Element, HtmlElement, Storage, Window};

/// Where the tally is kept between visits.
pub const TALLY_KEY: &str = "tictactoe-tally";

/// The event a game dispatches on the window when it has kept the tally, for the page's other games.
pub const TALLY_STORED: &str = "tictactoe-tally";

/// How long after a change the search statistics are measured: past the next paint and the computer's answer
/// when it plays at once, since measuring takes milliseconds that must not hold up either.
const STATS_PAUSE_MS: u32 = 50;

/// How long one task times searches for the statistics panel before the page draws and answers clicks again:
/// with the drawing that follows, a task stays under the 50 ms that make a long task on a phone, which is about
/// four times slower than a laptop.
const MEASURE_BUDGET_MS: f64 = 6.0;

/// The pause between two moves of a replay on the board.
const REPLAY_PAUSE_MS: u32 = 800;

/// The longest the computer thinks on the page's own thread, when no worker can search for it: the page must
/// not freeze, so it plays a shallower move instead.
const PAGE_THINK_MS: u32 = 100;

/// Why a search runs on the page when the browser refused to start its worker.
const WORKER_REFUSED: &str = "the page would not start a worker";

/// What an update asks of the world outside the game's state, done once the update is over.
pub enum Effect {
    /// Move focus to this element of the game, scrolled into view if it is not (`true`), or where it is.
    Focus(HtmlElement, bool),
    /// Bring this element of the game (a panel just switched on) into view.
    Reveal(Element),
    /// Copy this text (Share's link, a snippet) to the clipboard, then tell the game whether it worked
    /// ([`Message::Copied`]).
    Copy(Clip, String),
}

/// What an update asks for once the state is drawn.
enum Request {
    /// Focus on the board's tab stop.
    FocusCell,
    /// Focus on the game tree's focused node: scrolled into view (`true`) when a key moved it; where it is when
    /// a click did, in the list or in the picture above it (which is hidden from assistive technology, and which
    /// the page would otherwise jump away from).
    FocusTreeNode(bool),
    /// Copy this text to the clipboard.
    Copy(Clip, String),
    /// Bring the panel just switched on into view, where it opened out of sight.
    Reveal(PanelBox),
}

/// One game on the page: its state, its elements, its timers, its storage and its searches.
pub struct App {
    state: State,
    storage: Option<Storage>,
    view: View,
    host: Host,
    mailbox: Mailbox,
    /// Turns the events on the game's elements into messages; removed with the game.
    _listener: Listener,
    /// Hears another game of the site keep its tally (in another tab or frame, or on this page), where storage is
    /// allowed; removed with the game.
    _storage_listener: Option<Listener>,
    /// The computer's answer, after its pause.
    computer: Option<Timeout>,
    /// The next statistics measurement.
    stats: Option<Timeout>,
    /// Whether this update measured a statistic: the next one follows at once.
    measured: bool,
    /// The step panel's next step, while it runs.
    step_tick: Option<Timeout>,
    /// The next slice of the step panel's pseudocode, while lines are left to work out.
    code: Option<Timeout>,
    /// The replay's next move, while it plays.
    replay_tick: Option<Timeout>,
    /// On a bigger board, the searches in a worker: the computer's, and every move's verdict for the scores.
    searches: Searches,
}

impl App {
    /// `game` in `host`, its elements built, showing `problems` above the board; Share's links open `share_base`;
    /// an `embedded` game (in a post) keeps only its author's `controls` in view, and a game on its own `page`
    /// names the page after the game on its board.
    pub fn new(
        host: Host,
        game: Game,
        problems: Vec<Problem>,
        share_base: String,
        embedded: bool,
        page: bool,
        mailbox: Mailbox,
    ) -> App {
        let view = View::build(&host, page);
        host.shadow.replace_children_with_node_1(&view.root);
        let listener = Listener::game(&view.root, mailbox.clone());
        let storage = host.window.local_storage().ok().flatten();
        // Another tab or frame of the site causes a `storage` event when it keeps its tally, another game on the
        // page a TALLY_STORED (`storage` comes only from elsewhere): the game shows the tally as it now stands.
        let storage_listener = storage.is_some().then(|| {
            let kinds = &["storage", TALLY_STORED];
            Listener::new(
                &host.window,
                kinds,
                |_| Some(Message::TallyStored),
                mailbox.clone(),
            )
        });
        let mut app = App {
            state: State::new(game, problems, share_base, embedded),
            storage,
            view,
            host,
            mailbox,
            _listener: listener,
            _storage_listener: storage_listener,
            computer: None,
            stats: None,
            measured: false,
            step_tick: None,
            code: None,
            replay_tick: None,
            searches: Searches::default(),
        };
        app.reload_tally();
        app.settle();
        app.view.render(&app.state);
        app
    }

    /// The game's settings.
    pub fn settings(&self) -> Settings {
        self.state.game.settings().clone()
    }

    /// Changes the state as `message` says, then draws it.
    pub fn update(&mut self, message: Message) -> Option<Effect> {
        // Whether the game has focus: a change made from outside (an attribute, the JS API) may take the focused
        // element off the page or hide it, and focus would fall to the page's body.
        let had_focus = self.host.shadow.active_element().is_some();
        let shown = self.state.shown_panels();
        let request = self.apply(message);
        self.settle();
        self.view.render(&self.state);
        let lost = had_focus
            && self.host.shadow.active_element().is_none_or(|element| {
                !element.is_connected() || element.closest("[hidden]").ok().flatten().is_some()
            });
        let request = request.or_else(|| lost.then_some(Request::FocusCell));
        // A panel the reader switched on from the game's own controls (the game has focus: not a page's script).
        let opened = (had_focus && !lost)
            .then(|| self.state.shown_panels())
            .and_then(|now| now.into_iter().find(|panel| !shown.contains(panel)));
        let request = request.or_else(|| opened.map(Request::Reveal));
        // The elements to focus exist once the state is drawn.
        match request? {
            Request::FocusCell => Some(Effect::Focus(self.view.cell(self.state.focus_cell), true)),
            Request::FocusTreeNode(scroll) => self
                .view
                .tree_node(&self.state.thinking.tree.focus)
                .map(|node| Effect::Focus(node, scroll)),
            Request::Copy(clip, text) => Some(Effect::Copy(clip, text)),
            Request::Reveal(panel) => self.view.to_reveal(panel).map(Effect::Reveal),
        }
    }

    /// What `message` changes in the state, and what it asks for once the state is drawn.
    fn apply(&mut self, message: Message) -> Option<Request> {
        let state = &mut self.state;
        let played = match message {
            Message::Play(cell) => {
                state.play(cell);
                Played::On
            }
            Message::Tap(cell) => {
                state.tap(cell);
                Played::On
            }
            Message::BoardKey(from, key) => {
                state.focus_cell = move_focus(state.game.shape(), from, key);
                return Some(Request::FocusCell);
            }
            Message::Jump(_) | Message::Undo | Message::NewGame | Message::ComputerTurn => {
                self.computer = None;
                self.apply_to_game(message);
                Played::On
            }
            Message::Hint => {
                state.game.show_hint();
                Played::On
            }
            Message::Share => return Some(Request::Copy(Clip::Link, state.start_share())),
            Message::Embed => {
                state.toggle_embed();
                Played::On
            }
            Message::CopySnippet(snippet) => {
                let text = state.start_copy(snippet)?;
                return Some(Request::Copy(Clip::Snippet(snippet), text));
            }
            Message::Copied(clip, copied) => {
                state.copied(clip, copied);
                Played::On
            }
            Message::ResetTally => {
                self.reset_tally();
                Played::On
            }
            Message::TallyStored => {
                self.reload_tally();
                Played::On
            }
            Message::Set(reading) => state.set(&reading),
            Message::SetBoard(readings) => state.set_board_together(&readings),
            Message::Board(readings) => state.choose_board(&readings),
            Message::Typed(reading) => state.typed(&reading),
            // The runtime takes the game off the page.
            Message::Destroy => Played::On,
            message @ (Message::Practice(_)
            | Message::PracticeAnswer(..)
            | Message::PracticePruned(..)
            | Message::PracticeShow(_)
            | Message::PracticeWindows(_)) => self.apply_to_practice(message),
            // The thinking panels' messages and the searches' answers.
            message => return self.apply_panels(message),
        };
        // A new game starts the computer's pause again.
        if played == Played::Anew {
            self.computer = None;
        }
        None
    }

    /// What a message that moves the game along its history, or plays the computer's move, changes (the
    /// computer's pause is over or cancelled).
    fn apply_to_game(&mut self, message: Message) {
        let game = &mut self.state.game;
        match message {
            Message::Jump(step) => {
                game.jump(step);
            }
            Message::Undo => {
                game.undo();
            }
            Message::NewGame => {
                let settings = game.new_game_settings();
                self.state.restart(settings);
            }
            Message::ComputerTurn => {
                game.play_computer();
            }
            _ => {}
        }
    }

    /// What a message for the thinking panels, or a search's answer, changes. A tree path is checked against the
    /// tree's position: a page may have edited the `data-path` it came from.
    fn apply_panels(&mut self, message: Message) -> Option<Request> {
        let state = &mut self.state;
        match message {
            Message::AlphaBeta(on) => state.thinking.tree.alpha_beta = on,
            Message::Why(cell) => state.thinking.choose_why(cell),
            Message::TreeToggle(path) => {
                return state
                    .toggle_tree_node(path)
                    .then_some(Request::FocusTreeNode(false))
            }
            Message::TreeKey(path, key) => {
                return state
                    .press_tree_key(&path, key)
                    .then_some(Request::FocusTreeNode(true))
            }
            Message::Preview(path) => state.preview_tree_node(path),
            Message::Found(position, answer) => self.found(&position, answer),
            Message::Appraised(position, answer) => {
                let limits = self.searches.answered().map(|query| query.limits);
                state.appraised(position, limits, answer);
            }
            Message::MeasureStats => {
                self.stats = None;
                self.measured = true;
                let mut clock = PageClock::of(&self.host.module_window);
                state.measure_stats(&mut clock, MEASURE_BUDGET_MS);
            }
            message => self.apply_to_steps(message),
        }
        None
    }

    /// What a message about the step panel or the replay on the board changes. After a step, the game tree, when
    /// shown, opens down to the node the search is at.
    fn apply_to_steps(&mut self, message: Message) {
        let stepped = !matches!(message, Message::Replay(_) | Message::ReplayTick);
        let thinking = &mut self.state.thinking;
        match message {
            Message::Step(control) => thinking.press_step(control),
            Message::StepTick => {
                self.step_tick = None;
                thinking.step_tick();
            }
            Message::StepSpeed(speed) => {
                thinking.step_speed = speed;
                // The next step comes at the new pace.
                self.step_tick = None;
            }
            Message::StepOnBoard => thinking.step_on_board(self.state.game.searchable_at_once()),
            Message::PrepareCode => {
                self.code = None;
                let mut clock = PageClock::of(&self.host.module_window);
                thinking.prepare_code(&mut clock, MEASURE_BUDGET_MS);
            }
            Message::Replay(control) => {
                let line = self.state.replay_line();
                self.state.thinking.press_replay(line, control);
            }
            Message::ReplayTick => {
                self.replay_tick = None;
                thinking.replay_tick();
            }
            _ => return,
        }
        if stepped {
            self.state.reveal_step();
        }
    }

    /// What a message of the practice panel changes. Its answers are read at the edge; a node a page edited into
    /// one of its attributes is none of the tree's, and changes nothing.
    fn apply_to_practice(&mut self, message: Message) -> Played {
        let state = &mut self.state;
        if let Message::PracticeWindows(on) = message {
            let mode = if on {
                Asked::ValuesAndWindows
            } else {
                Asked::Values
            };
            state.practice.set_mode(mode);
            return Played::On;
        }
        if let Message::Practice(control) = message {
            return match control {
                PracticeControl::Solution => state.practice_solution(),
                // Another tree of the same shape: its seed is in Share's link, like the others.
                PracticeControl::NewTree => {
                    let _ = state.set(&Ok(Change::Reset(Name::Leaves)));
                    state.set(&Ok(Change::Seed(js::random_seed())))
                }
                PracticeControl::AbstractTree => state.set(&Ok(Change::Practice(Practice::Tree))),
                PracticeControl::Deeper | PracticeControl::Shallower => {
                    state
                        .practice
                        .change_levels(control == PracticeControl::Deeper);
                    Played::On
                }
                PracticeControl::Check => {
                    if let Some(sheet) = state.practice.sheet_mut() {
                        sheet.check();
                    }
                    Played::On
                }
            };
        }
        let Some(sheet) = state.practice.sheet_mut() else {
            return Played::On;
        };
        match message {
            Message::PracticeAnswer(node, field, typed) => sheet.answer(&node, field, typed),
            Message::PracticePruned(node, pruned) => sheet.mark_pruned(&node, pruned),
            Message::PracticeShow(node) => sheet.reveal(&node),
            _ => {}
        }
        Played::On
    }

    /// The worker's answer for the computer at `position`: its move is played. A worker that failed is
    /// replaced by a short search on the page's own thread, so the game goes on.
    fn found(&mut self, position: &Grid, answer: Result<Thought, String>) {
        self.searches.answered();
        let thought = match answer {
            Ok(thought) => thought,
            Err(trouble) => {
                self.state.found.trouble = Some(trouble);
                self.on_page(think, position, self.state.game.limits())
            }
        };
        self.state.play_found(position, thought);
    }

    /// Resets the tally on show: a bigger board shows none (its button is hidden, but a page can click it).
    fn reset_tally(&mut self) {
        if let Some(key) = self.state.game.tally_key() {
            // From the tally as stored now, as a result is added: another tab's results for other levels stay.
            self.reload_tally();
            self.state.tally.reset(key);
            self.save_tally();
        }
    }

    /// What follows any change: the state follows the game, a finished game is counted, the worker's searches
    /// follow the position where its whole tree cannot be searched at once, and the timers (the computer's answer,
    /// the statistics, the step panel, the replay) are kept while due.
    fn settle(&mut self) {
        self.state.settle();
        if let Some((key, result)) = self.state.game.take_result() {
            // Added to the tally as stored now, not as this game read it when it began: other games of this
            // site (another on the page, another tab) count into the same store.
            self.reload_tally();
            self.state.tally.record(key, result);
            self.save_tally();
        }
        if self.state.game.searchable_at_once().is_none() {
            self.settle_searches();
        }
        self.settle_timers();
    }

    /// Keeps each timer while it is due (right after a measurement, the next one follows at once).
    fn settle_timers(&mut self) {
        let timers = Timers {
            window: &self.host.module_window,
            mailbox: &self.mailbox,
        };
        let state = &self.state;
        let delay = if std::mem::take(&mut self.measured) {
            0
        } else {
            STATS_PAUSE_MS
        };
        timers.keep(&mut self.stats, state.stats_due(), delay, || {
            Message::MeasureStats
        });
        let thinking = &state.thinking;
        let running = thinking.step.is_some() && thinking.step_running;
        let pace = thinking.step_speed.interval_ms();
        timers.keep(&mut self.step_tick, running, pace, || Message::StepTick);
        timers.keep(&mut self.code, thinking.code_due(), 0, || {
            Message::PrepareCode
        });
        let playing = thinking
            .replay
            .as_ref()
            .is_some_and(|replay| replay.playing);
        timers.keep(&mut self.replay_tick, playing, REPLAY_PAUSE_MS, || {
            Message::ReplayTick
        });
        let delay = state.game.settings().delay_ms;
        timers.keep(&mut self.computer, state.computer_due(), delay, || {
            Message::ComputerTurn
        });
    }

    /// On a bigger board, the search in the game's worker follows the game (see [`State::wanted_search`]). A
    /// search for a position no longer on the board stops at once (its worker with it, replaced by a fresh one).
    ///
    /// Once a worker has failed (a page whose Content-Security-Policy forbids workers fails each one a moment
    /// after it starts), no other is started: each failure would start the next, without end. The searches then
    /// run briefly on the page itself.
    fn settle_searches(&mut self) {
        let board = self.state.game.board();
        let wanted = self.state.wanted_search();
        let query = wanted.map(|search| match search {
            Search::Computer(limits) => Query {
                limits,
                moves: false,
            },
            Search::Scores(limits) => Query {
                limits,
                moves: true,
            },
        });
        let workers =
            self.state.found.trouble.is_none() && self.searches.keep(&board, query, &self.mailbox);
        if workers {
            return;
        }
        self.searches = Searches::default();
        match wanted {
            // No worker: the answer comes next, from a short search on the page's thread.
            Some(Search::Computer(_)) => {
                let refused = Err(WORKER_REFUSED.to_owned());
                self.mailbox.send(Message::Found(board, refused));
            }
            Some(Search::Scores(limits)) => {
                let moves = self.on_page(think_moves, &board, limits).moves;
                self.state.appraised(board, Some(limits), Ok(moves));
            }
            None => {}
        }
    }

    /// `search` of `position` on the page's own thread, for a moment at most, where no worker can search.
    fn on_page<T>(
        &self,
        search: fn(&Grid, Limits, &mut dyn Clock) -> T,
        position: &Grid,
        limits: Limits,
    ) -> T {
        let limits = Limits {
            time_ms: PAGE_THINK_MS.min(limits.time_ms),
            ..limits
        };
        search(
            position,
            limits,
            &mut PageClock::of(&self.host.module_window),
        )
    }

    /// The tally as stored now, where storage is allowed: other games of this site (another on the page, another
    /// tab) count into the same store, and a tally removed there counts nothing. A storage that cannot be read
    /// (a page or an extension may have replaced it) leaves the tally for the visit only, and the game says so.
    fn reload_tally(&mut self) {
        let Some(storage) = &self.storage else {
            return;
        };
        match read::stored_text(storage, TALLY_KEY) {
            Ok(text) => self.state.tally = Tally::from_text(&text.unwrap_or_default()),
            Err(reason) => {
                self.storage = None;
                let sentence = format!("The tally is kept for this visit only: {reason}.");
                self.state
                    .problems
                    .push(Problem::new(Topic::Tally, sentence));
            }
        }
    }

    /// Keeps the tally for the next visit and the site's other games, where storage is allowed. A full or refused
    /// storage leaves the tally for the visit only, from then on: read back from the storage, it would lose what
    /// the visit added.
    fn save_tally(&mut self) {
        let Some(storage) = &self.storage else {
            return;
        };
        if storage
            .set_item(TALLY_KEY, &self.state.tally.to_text())
            .is_err()
        {
            self.storage = None;
            return;
        }
        if let Ok(stored) = web_sys::Event::new(TALLY_STORED) {
            let _ = self.host.window.dispatch_event(&stored);
        }
    }
}

/// The game's timers: each sends a message to the game when it is due.
struct Timers<'a> {
    window: &'a Window,
    mailbox: &'a Mailbox,
}

impl Timers<'_> {
    /// Keeps `timer` while it is `due`, scheduling it (the message `message` gives, in `delay_ms` milliseconds)
    /// if it is not yet; cancels it when it is not due. (A function rather than a message: one kind of callback
    /// for every timer, with nothing to clone.)
    fn keep(
        &self,
        timer: &mut Option<Timeout>,
        due: bool,
        delay_ms: u32,
        message: fn() -> Message,
    ) {
        if !due {
            *timer = None;
        } else if timer.is_none() {
            let mailbox = self.mailbox.clone();
            *timer = Timeout::new(self.window, delay_ms, move || mailbox.send(message()));
        }
    }
}

impl Drop for App {
    fn drop(&mut self) {
        self.view.remove();
        self.host.release();
    }
}
