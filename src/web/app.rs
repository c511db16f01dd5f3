//! One game's state and its one [`App::update`]: a [`Message`] changes the state, then the view draws it all.
//! What the update asks of the world outside the state (focus, the clipboard) comes back as an [`Effect`], which
//! the runtime carries out once the update is over.

use super::host::Host;
use super::message::Message;
use super::timer::Timeout;
use super::view::View;
use super::worker::{moves_from, thought_from, Query, Search};
use super::{Listener, Mailbox};
use crate::beyond::{Beyond, Scored};
use crate::engine::{search_stats, think, think_moves, Board, Clock, Grid, Limits, Variant};
use crate::game::{move_focus, Game, Phase};
use crate::settings::Settings;
use crate::tally::Tally;
use crate::thinking::{Measured, Thinking};
use web_sys::{HtmlElement, Storage, Window};

/// How long after a change the search statistics are measured: past the next paint and the computer's answer
/// when it plays at once, since measuring takes milliseconds that must not hold up either.
const STATS_PAUSE_MS: u32 = 50;

/// How long one task times searches for the statistics panel before the page draws and answers clicks again:
/// with the drawing that follows, a task stays under the 50 ms that make a long task on a phone, which is about
/// four times slower than a laptop.
const MEASURE_BUDGET_MS: f64 = 6.0;

/// The pause between two moves of a replay on the board.
const REPLAY_PAUSE_MS: u32 = 800;

/// Where the tally is kept between visits.
pub const TALLY_KEY: &str = "tictactoe-tally";

/// What an update asks of the world outside the game's state, done once the update is over.
pub enum Effect {
    /// Move focus to this element of the game, scrolled into view if it is not (`true`), or where it is.
    Focus(HtmlElement, bool),
    /// Copy this link to the clipboard, then tell the game whether it worked ([`Message::Copied`]).
    Copy(String),
}

/// What an update asks for once the state is drawn.
enum Request {
    /// Focus on the board's tab stop.
    FocusCell,
    /// Focus on the game tree's focused node: scrolled into view (`true`) when a key moved it; where it is when
    /// a click did, in the list or in the picture above it (which is hidden from assistive technology, and which
    /// the page would otherwise jump away from).
    FocusTreeNode(bool),
    /// Copy this link to the clipboard.
    Copy(String),
}

/// The last link Share made.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Share {
    /// The link to the game as it stood.
    pub url: String,
    /// Whether it reached the clipboard (`None` while the browser has not said).
    pub copied: Option<bool>,
}

/// Everything one game on the page is: its state, its elements, its pending timers.
pub struct App {
    /// The game itself.
    pub game: Game,
    /// What the thinking panels show besides the game.
    pub thinking: Thinking,
    /// What the searches on a bigger board found.
    pub beyond: Beyond,
    /// Wins, draws and losses so far.
    pub tally: Tally,
    /// The square that is the board's one tab stop (roving tabindex).
    pub focus_cell: usize,
    /// The last link made by Share.
    pub share: Option<Share>,
    /// Settings that were not understood, each with its sentence, shown above the board.
    pub problems: Vec<(String, String)>,
    /// A value typed into a setting's field that was not taken: the setting's name and why, shown by the field.
    pub typo: Option<(String, String)>,
    storage: Option<Storage>,
    /// The page a shared link opens: this page, or the game's own page for a game embedded elsewhere.
    share_base: String,
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
    /// The step panel's next step, while it runs.
    step_tick: Option<Timeout>,
    /// The replay's next move, while it plays.
    replay_tick: Option<Timeout>,
    /// The computer's search on a bigger board, in a worker.
    search: Option<Running>,
    /// The search for every move's verdict on a bigger board (the scores).
    appraisal: Option<Running>,
}

/// A search running in a worker, with what it was asked: it is kept while the same is wanted.
struct Running {
    position: Grid,
    query: Query,
    _search: Search,
}

/// Keeps `running` while it searches what is `wanted` at `board`; stops it (its worker with it) when anything
/// else is wanted, and starts what is wanted if nothing runs. The answer comes to `mailbox` as the message
/// `answer` makes of it. Returns whether the browser refused to start a worker.
fn keep_search(
    running: &mut Option<Running>,
    board: &Grid,
    wanted: Option<Query>,
    mailbox: &Mailbox,
    answer: fn(Grid, wasm_bindgen::JsValue) -> Message,
) -> bool {
    let same = |running: &Running| wanted == Some(running.query) && running.position == *board;
    if !running.as_ref().is_some_and(same) {
        *running = None;
    }
    let Some(query) = wanted.filter(|_| running.is_none()) else {
        return false;
    };
    let (mailbox, position) = (mailbox.clone(), *board);
    match Search::start(board, query, move |found| {
        mailbox.send(answer(position, found))
    }) {
        Ok(search) => {
            *running = Some(Running {
                position,
                query,
                _search: search,
            });
            false
        }
        Err(_) => true,
    }
}

/// The clock of a search on the page's own thread: the browser's `performance.now()`.
struct PageClock<'a>(Option<&'a web_sys::Performance>);

impl Clock for PageClock<'_> {
    fn now_ms(&mut self) -> f64 {
        self.0
            .map_or_else(js_sys::Date::now, web_sys::Performance::now)
    }
}

/// The longest the computer thinks on the page's own thread, when no worker can search for it: the page must
/// not freeze, so it plays a shallower move instead.
const PAGE_THINK_MS: u32 = 100;

/// Why a search runs on the page when the browser refused to start its worker.
const WORKER_REFUSED: &str = "the page would not start a worker";

impl App {
    /// A game with `settings` in `host`, its elements built; `problems` are settings that were not understood.
    pub fn new(
        host: Host,
        settings: Settings,
        problems: Vec<(String, String)>,
        share_base: String,
        mailbox: Mailbox,
    ) -> App {
        let view = View::build(&host);
        host.shadow.replace_children_with_node_1(&view.root);
        let listener = Listener::game(&view.root, mailbox.clone());
        let storage = host.window.local_storage().ok().flatten();
        let storage_listener = storage
            .is_some()
            .then(|| Listener::storage(&host.window, mailbox.clone()));
        let tally = stored_tally(storage.as_ref()).unwrap_or_default();
        let game = Game::new(settings, random_seed());
        let thinking = Thinking::new(game.classic().unwrap_or(Board::EMPTY));
        let mut app = App {
            game,
            thinking,
            beyond: Beyond::default(),
            tally,
            focus_cell: 0,
            share: None,
            problems,
            typo: None,
            storage,
            share_base,
            view,
            host,
            mailbox,
            _listener: listener,
            _storage_listener: storage_listener,
            computer: None,
            stats: None,
            step_tick: None,
            replay_tick: None,
            search: None,
            appraisal: None,
        };
        app.settle(false);
        app.view.render(&app);
        app
    }

    /// Changes the state as `message` says, then draws it.
    pub fn update(&mut self, message: Message) -> Option<Effect> {
        let measured = matches!(message, Message::MeasureStats);
        // Whether the game has focus: a change made from outside (an attribute, the JS API) may take the focused
        // element off the page or hide it, and focus would fall to the page's body.
        let had_focus = self.host.shadow.active_element().is_some();
        let request = self.apply(message);
        self.settle(measured);
        self.view.render(self);
        let lost = had_focus
            && self.host.shadow.active_element().is_none_or(|element| {
                !element.is_connected() || element.closest("[hidden]").ok().flatten().is_some()
            });
        let request = request.or_else(|| lost.then_some(Request::FocusCell));
        // The elements to focus exist once the state is drawn.
        match request? {
            Request::FocusCell => Some(Effect::Focus(self.view.cell(self.focus_cell), true)),
            Request::FocusTreeNode(scroll) => self
                .view
                .tree_node(&self.thinking.tree.focus)
                .map(|node| Effect::Focus(node, scroll)),
            Request::Copy(url) => Some(Effect::Copy(url)),
        }
    }

    /// Shows the link to this game and asks for it to be copied.
    fn start_share(&mut self) -> Request {
        let url = self.share_url();
        self.share = Some(Share {
            url: url.clone(),
            copied: None,
        });
        Request::Copy(url)
    }

    /// Resets the tally on show: a bigger board shows none (its button is hidden, but a page can click it).
    fn reset_tally(&mut self) {
        if let Some(key) = self.game.tally_key() {
            // From the tally as stored now, as a result is added: another tab's results for other levels stay.
            self.reload_tally();
            self.tally.reset(key);
            self.save_tally();
        }
    }

    /// What `message` changes in the state, and what it asks for once the state is drawn.
    fn apply(&mut self, message: Message) -> Option<Request> {
        match message {
            Message::Play(cell) => {
                self.focus_cell = cell;
                self.game.play_human(cell);
            }
            Message::BoardKey(from, key) => {
                self.focus_cell = move_focus(self.game.shape(), from, key);
                return Some(Request::FocusCell);
            }
            Message::Jump(step) => {
                self.computer = None;
                self.game.jump(step);
            }
            Message::NewGame => self.restart(self.game.new_game_settings()),
            Message::Undo => {
                self.computer = None;
                self.game.undo();
            }
            Message::Hint => {
                self.game.show_hint();
            }
            Message::Share => return Some(self.start_share()),
            Message::Copied(copied) => {
                if let Some(share) = &mut self.share {
                    share.copied = Some(copied);
                }
            }
            Message::ResetTally => self.reset_tally(),
            Message::TallyStored => self.reload_tally(),
            Message::Set(name, value) => self.set(&name, value.as_deref()),
            Message::SetBoard(pairs) => self.set_board(&pairs),
            Message::Typed(name, value) => self.typed(&name, &value),
            Message::Board(choice) => self.choose_board(&choice),
            Message::AlphaBeta(_)
            | Message::Why(_)
            | Message::TreeToggle(_)
            | Message::TreeKey(..)
            | Message::Preview(_) => return self.apply_to_panels(message),
            Message::Step(_)
            | Message::StepTick
            | Message::StepSpeed(_)
            | Message::Replay(_)
            | Message::ReplayTick => self.apply_to_steps(message),
            Message::ComputerTurn => {
                self.computer = None;
                self.game.play_computer();
            }
            Message::Found(position, answer) => self.found(&position, &answer),
            Message::Appraised(position, answer) => self.appraised(position, &answer),
            Message::MeasureStats => {
                self.stats = None;
                self.measure_next();
            }
            // The runtime takes the game off the page.
            Message::Destroy => {}
        }
        None
    }

    /// What a message about the thinking panels changes in them. A tree path is checked against the tree's
    /// position: a page may have edited the `data-path` it came from.
    fn apply_to_panels(&mut self, message: Message) -> Option<Request> {
        let thinking = &mut self.thinking;
        match message {
            Message::AlphaBeta(on) => thinking.tree.alpha_beta = on,
            Message::Why(cell) => thinking.choose_why(cell),
            Message::TreeToggle(path) if !path.is_empty() && thinking.tree.is_playable(&path) => {
                thinking.tree.toggle(&path);
                thinking.tree.focus = path;
                return Some(Request::FocusTreeNode(false));
            }
            Message::TreeKey(path, key) if thinking.tree.is_playable(&path) => {
                thinking.preview = thinking.tree.press(&path, key)?;
                return Some(Request::FocusTreeNode(true));
            }
            Message::Preview(path) if thinking.tree.is_playable(&path) => thinking.preview = path,
            _ => {}
        }
        None
    }

    /// What a message about the step panel or the replay on the board changes. After a step, the game tree, when
    /// shown, opens down to the node the search is at. (Never inlined, so that the size report can say what the
    /// step panel weighs.)
    #[inline(never)]
    fn apply_to_steps(&mut self, message: Message) {
        let thinking = &mut self.thinking;
        let stepped = !matches!(message, Message::Replay(_) | Message::ReplayTick);
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
            Message::Replay(control) => {
                if let Some(board) = self.game.classic() {
                    thinking.press_replay(board, control);
                }
            }
            Message::ReplayTick => {
                self.replay_tick = None;
                thinking.replay_tick();
            }
            _ => {}
        }
        let tree = self.game.settings().display.tree;
        if let (true, true, Some(stepper)) = (stepped, tree, &thinking.step) {
            thinking.tree.reveal(&stepper.path());
        }
    }

    /// The board control's choice, "4x4/4": the board, then how many in a row on it.
    fn choose_board(&mut self, choice: &str) {
        let (board, k) = choice.split_once('/').unwrap_or((choice, ""));
        self.set("board", Some(board));
        if !k.is_empty() {
            self.set("k", Some(k));
        }
        self.focus_cell = 0;
    }

    /// The worker's answer with every move's verdict at `position`, for the scores on a bigger board.
    fn appraised(&mut self, position: Grid, answer: &wasm_bindgen::JsValue) {
        let limits = self.appraisal.take().map(|running| running.query.limits);
        match (moves_from(answer), limits) {
            (Ok(moves), Some(limits)) => {
                self.beyond.scores = Some(Scored {
                    position,
                    limits,
                    moves,
                });
            }
            (Err(trouble), _) => self.beyond.trouble = Some(trouble),
            (Ok(_), None) => {}
        }
    }

    /// The worker's answer for the computer at `position`: its move is played. A worker that failed is
    /// replaced by a short search on the page's own thread, so the game goes on.
    fn found(&mut self, position: &Grid, answer: &wasm_bindgen::JsValue) {
        self.search = None;
        let thought = match thought_from(answer) {
            Ok(thought) => thought,
            Err(trouble) => {
                self.beyond.trouble = Some(trouble);
                self.on_page(think, position, self.game.limits())
            }
        };
        if let Some(cell) = thought.best {
            if self.game.play_found(position, cell) {
                self.beyond.last = Some((*position, thought));
            }
        }
    }

    /// A new game with `settings`.
    fn restart(&mut self, settings: Settings) {
        self.computer = None;
        self.game.restart(settings);
        self.share = None;
        self.typo = None;
    }

    /// Sets the setting `name` as `Settings::set` reads `value` (`None`: its default). A value that is not
    /// understood is explained above the board and the default used, as when the game was mounted.
    fn set(&mut self, name: &str, value: Option<&str>) {
        let mut settings = *self.game.settings();
        self.forget_problems(&[name]);
        match value.map(|value| settings.set_live(name, value)) {
            Some(Ok(())) => {}
            None => settings.reset(name),
            Some(Err(problem)) => {
                settings.reset(name);
                self.problems
                    .push((name.to_owned(), problem.with_default()));
            }
        }
        self.play_on_with(settings);
    }

    /// The board, k and position read together (a `<tic-tac-toe>`'s attributes), each value not understood
    /// explained above the board.
    fn set_board(&mut self, pairs: &[(String, String)]) {
        let mut settings = *self.game.settings();
        let problems = settings.set_board_together(pairs);
        self.forget_problems(&["board", "k", "position"]);
        self.problems.extend(problems);
        self.play_on_with(settings);
    }

    /// A value typed into the control of setting `name`: set as [`App::set`] sets it, unless the setting does
    /// not take it, which is explained by the field while the setting and the game stay as they were (a typo
    /// should not cost a game).
    fn typed(&mut self, name: &str, value: &str) {
        let mut settings = *self.game.settings();
        self.forget_problems(&[name]);
        match settings.set_live(name, value) {
            Ok(()) => self.play_on_with(settings),
            Err(problem) => self.typo = Some((name.to_owned(), problem.typed())),
        }
    }

    /// Takes back what was said about the settings `names` (a problem above the board, a typo by a field): they
    /// are being set again.
    fn forget_problems(&mut self, names: &[&str]) {
        self.problems
            .retain(|(known, _)| !names.contains(&known.as_str()));
        self.typo = None;
    }

    /// Plays on with `settings`: a new game where they change the game itself, the same game otherwise.
    fn play_on_with(&mut self, settings: Settings) {
        if self.game.needs_restart(&settings) {
            self.restart(settings);
        } else {
            self.game.adjust(settings);
        }
    }

    /// What follows any change: a finished game is counted, the panels follow the position, and the computer's
    /// answer and the statistics are scheduled when due (`measured`: a statistic was just measured, so the next
    /// one follows at once).
    fn settle(&mut self, measured: bool) {
        // A link on show follows the game, so that it never opens a position the game has left; whether the old
        // one reached the clipboard no longer says anything about it.
        let url = self.share.as_ref().map(|_| self.share_url());
        if let (Some(share), Some(url)) = (&mut self.share, url) {
            if share.url != url {
                share.url = url;
                share.copied = None;
            }
        }
        if let Some((key, result)) = self.game.take_result() {
            // Added to the tally as stored now, not as this game read it when it began: other games of this
            // site (another on the page, another tab) count into the same store.
            self.reload_tally();
            self.tally.record(key, result);
            self.save_tally();
        }
        // A board that shrank leaves no square at the keyboard's old place: the board keeps a tab stop.
        if self.focus_cell >= self.game.shape().cells() {
            self.focus_cell = 0;
        }
        let classic = self.game.classic();
        if let Some(board) = classic {
            self.thinking.follow(board);
            // Whatever changed the position (a reply, an undo, a new game, a look back), the statistics of the
            // computer's last move are those of a move the board's game made.
            self.thinking.computer_moved_from = self
                .game
                .computer_moved_from()
                .and_then(|from| from.to_classic());
            self.settle_panels(board);
        } else {
            self.settle_searches();
        }
        let timers = Timers {
            window: &self.host.module_window,
            mailbox: &self.mailbox,
        };
        // On a bigger board the computer's move comes from a worker, unless the history holds it (see
        // `Game::recorded_reply`).
        let computer_due = self.game.phase() == Phase::ComputerToMove
            && (classic.is_some() || self.game.recorded_reply().is_some());
        let delay = self.game.settings().delay_ms;
        timers.keep(&mut self.computer, computer_due, delay, || {
            Message::ComputerTurn
        });
        let stats_due = self.game.settings().display.stats
            && classic.is_some_and(|board| self.thinking.stats_stale(board));
        let delay = if measured { 0 } else { STATS_PAUSE_MS };
        timers.keep(&mut self.stats, stats_due, delay, || Message::MeasureStats);
        let thinking = &self.thinking;
        let running = thinking.step.is_some() && thinking.step_running;
        let pace = thinking.step_speed.interval_ms();
        timers.keep(&mut self.step_tick, running, pace, || Message::StepTick);
        let playing = thinking
            .replay
            .as_ref()
            .is_some_and(|replay| replay.playing);
        timers.keep(&mut self.replay_tick, playing, REPLAY_PAUSE_MS, || {
            Message::ReplayTick
        });
    }

    /// On a bigger board, the searches in workers follow the game: the computer's when it is to move, the
    /// scores' when they are shown and a person is to move. A search for a position no longer on the board
    /// stops at once (its worker with it).
    ///
    /// Once a worker has failed (a page whose Content-Security-Policy forbids workers fails each one a moment
    /// after it starts), no other is started: each failure would start the next, without end. The searches then
    /// run briefly on the page itself.
    fn settle_searches(&mut self) {
        let board = self.game.board();
        let phase = self.game.phase();
        let limits = self.game.limits();
        let workers = self.beyond.trouble.is_none();
        let searched = phase == Phase::ComputerToMove && self.game.recorded_reply().is_none();
        let computer = searched.then_some(Query {
            limits,
            moves: false,
        });
        let failed = keep_search(
            &mut self.search,
            &board,
            computer.filter(|_| workers),
            &self.mailbox,
            Message::Found,
        );
        if failed || (searched && !workers) {
            // No worker: the answer comes at once, from a short search on the page's thread.
            let answer = super::worker::object(&[("error", WORKER_REFUSED.into())]);
            self.mailbox.send(Message::Found(board, answer.into()));
        }
        let scoring = Query {
            limits: self.game.scoring_limits(),
            moves: true,
        };
        // The move scores on the squares and the game tree one move deep show the same verdicts.
        let display = self.game.settings().display;
        let scores_due = (display.scores || display.tree)
            && phase == Phase::HumanToMove
            && self.beyond.scores_at(&board, scoring.limits).is_none();
        let scores = scores_due.then_some(scoring);
        let refused = keep_search(
            &mut self.appraisal,
            &board,
            scores.filter(|_| workers),
            &self.mailbox,
            Message::Appraised,
        );
        if scores_due && (refused || !workers) {
            self.beyond.scores = Some(Scored {
                position: board,
                limits: scoring.limits,
                moves: self.on_page(think_moves, &board, scoring.limits),
            });
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
        let performance = self.host.module_window.performance();
        search(position, limits, &mut PageClock(performance.as_ref()))
    }

    /// The step panel and the replay follow the settings and the position.
    fn settle_panels(&mut self, board: Board) {
        let display = self.game.settings().display;
        let thinking = &mut self.thinking;
        thinking.show_step(display.step, board);
        thinking.show_tree(display.tree);
        if !display.scores {
            thinking.replay = None;
        }
    }

    /// Times the search statistics that are missing, for a few milliseconds (see [`MEASURE_BUDGET_MS`]): the
    /// quick searches one by one, plain minimax from a position with many empty squares in pieces (from the
    /// empty board the whole search takes 25 ms, more on a phone), so clicks and paints get through.
    fn measure_next(&mut self) {
        let Some(board) = self.game.classic() else {
            return;
        };
        let performance = self.host.module_window.performance();
        let now = || performance.as_ref().map_or(0.0, |p| p.now());
        let start = now();
        while now() - start < MEASURE_BUDGET_MS {
            let Some((column, at, variant)) = self.thinking.next_measurement(board) else {
                return;
            };
            let searches = self.thinking.next_searches(column, at, variant);
            let variant_kind = Variant::ALL[variant];
            let (searched, measured) = match searches[..] {
                [only] => (1, measure(&now, only, variant_kind)),
                _ => measure_pieces(&now, &searches, variant_kind, start),
            };
            self.thinking
                .record(column, at, variant, searched, measured);
        }
    }

    /// The tally as stored now, where storage is allowed and holds one: other games of this site (another on
    /// the page, another tab) count into the same store.
    fn reload_tally(&mut self) {
        if let Some(stored) = stored_tally(self.storage.as_ref()) {
            self.tally = stored;
        }
    }

    /// Keeps the tally for the next visit and the site's other games, where storage is allowed. A full or refused
    /// storage leaves the tally for the visit only, from then on: read back from the storage, it would lose what
    /// the visit added.
    fn save_tally(&mut self) {
        let Some(storage) = &self.storage else {
            return;
        };
        if storage.set_item(TALLY_KEY, &self.tally.to_text()).is_err() {
            self.storage = None;
            return;
        }
        if let Ok(stored) = web_sys::Event::new(super::TALLY_STORED) {
            let _ = self.host.window.dispatch_event(&stored);
        }
    }

    /// A link that reopens the game as it stands.
    fn share_url(&self) -> String {
        let query = self.game.settings().to_query(&self.game.board());
        if query.is_empty() {
            self.share_base.clone()
        } else {
            format!("{}?{query}", self.share_base)
        }
    }
}

/// The tally kept in `storage`, where there is a storage that can be read (an empty tally where it holds none).
fn stored_tally(storage: Option<&Storage>) -> Option<Tally> {
    // No tally stored (never, or removed by another tab) counts nothing.
    let text = storage?.get_item(TALLY_KEY).ok()?.unwrap_or_default();
    Some(Tally::from_text(&text))
}

/// Times the search `variant` of `board` with the clock `now` (in milliseconds). The browser's clock is coarse
/// (0.1 ms or worse), so a quick search is run again until 2 ms have passed, and the mean taken.
fn measure(now: &dyn Fn() -> f64, board: Board, variant: Variant) -> Measured {
    let start = now();
    let mut runs = 0u32;
    let nodes = loop {
        let stats = search_stats(board, variant);
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

/// Times the searches `variant` of `pieces` one after the other, as one span, until the task that began at
/// `task_start` has used its budget (at least one piece); returns how many it searched and their sum.
fn measure_pieces(
    now: &dyn Fn() -> f64,
    pieces: &[Board],
    variant: Variant,
    task_start: f64,
) -> (usize, Measured) {
    let start = now();
    let mut nodes = 0;
    let mut searched = 0;
    for &piece in pieces {
        nodes += search_stats(piece, variant).nodes;
        searched += 1;
        if now() - task_start >= MEASURE_BUDGET_MS {
            break;
        }
    }
    let micros = ((now() - start) * 1000.0) as u64;
    (searched, Measured { nodes, micros })
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

/// A seed for the computer's choice among equal moves.
pub fn random_seed() -> u64 {
    (js_sys::Math::random() * 9_007_199_254_740_992.0) as u64
}
