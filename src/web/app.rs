//! One game's state and its one [`App::update`]: a [`Message`] changes the state, then the view draws it all.
//! What the update asks of the world outside the state (focus, the clipboard) comes back as an [`Effect`], which
//! the runtime carries out once the update is over. The thinking panels' part of the state and of the update, with
//! the searches on a bigger board, is in [`panels`].

mod panels;

use super::host::Host;
use super::listener::Listener;
use super::mailbox::Mailbox;
use super::message::Message;
use super::read;
use super::timer::Timeout;
use super::view::View;
use crate::game::{move_focus, Game, Phase};
use crate::settings::{reading_name, Name, Reading, Settings};
use crate::state::{Problem, Topic};
use crate::tally::Tally;
use web_sys::{HtmlElement, Storage, Window};

/// Where the tally is kept between visits.
pub const TALLY_KEY: &str = "tictactoe-tally";

/// The event a game dispatches on the window when it has kept the tally, for the page's other games.
pub const TALLY_STORED: &str = "tictactoe-tally";

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
    /// The thinking panels' state and timers, and the searches on a bigger board.
    pub panels: panels::Panels,
    /// Wins, draws and losses so far.
    pub tally: Tally,
    /// The square that is the board's one tab stop (roving tabindex).
    pub focus_cell: usize,
    /// The last link made by Share.
    pub share: Option<Share>,
    /// What is shown above the board: settings that were not understood, and what the game says of the page.
    pub problems: Vec<Problem>,
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
}

impl App {
    /// `game` in `host`, its elements built, showing `problems` above the board.
    pub fn new(
        host: Host,
        game: Game,
        problems: Vec<Problem>,
        share_base: String,
        mailbox: Mailbox,
    ) -> App {
        let view = View::build(&host);
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
            panels: panels::Panels::new(&game),
            game,
            tally: Tally::default(),
            focus_cell: 0,
            share: None,
            problems,
            storage,
            share_base,
            view,
            host,
            mailbox,
            _listener: listener,
            _storage_listener: storage_listener,
            computer: None,
        };
        app.reload_tally();
        app.settle();
        app.view.render(&app);
        app
    }

    /// Changes the state as `message` says, then draws it.
    pub fn update(&mut self, message: Message) -> Option<Effect> {
        // Whether the game has focus: a change made from outside (an attribute, the JS API) may take the focused
        // element off the page or hide it, and focus would fall to the page's body.
        let had_focus = self.host.shadow.active_element().is_some();
        let request = self.apply(message);
        self.settle();
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
                .tree_node(&self.panels.thinking.tree.focus)
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
            Message::Set(reading) => self.set(&reading),
            Message::SetBoard(readings) => self.set_board(&readings),
            Message::Board(readings) => self.choose_board(&readings),
            Message::ComputerTurn => {
                self.computer = None;
                self.game.play_computer();
            }
            // The runtime takes the game off the page.
            Message::Destroy => {}
            // The thinking panels' messages and the searches' answers.
            message => return self.apply_panels(message),
        }
        None
    }

    /// The board control's choice: its board, then how many in a row on it.
    fn choose_board(&mut self, readings: &[Reading]) {
        for reading in readings {
            self.set(reading);
        }
        self.focus_cell = 0;
    }

    /// A new game with `settings`.
    fn restart(&mut self, settings: Settings) {
        self.computer = None;
        self.game.restart(settings);
        self.share = None;
        self.panels.typo = None;
    }

    /// A setting changed from a control, an attribute or JavaScript, as a live game takes it (see
    /// `Settings::apply_live`). A value that is not understood, or does not fit the board, is explained above the
    /// board and the setting's default used, as when the game was mounted.
    fn set(&mut self, reading: &Reading) {
        let name = reading_name(reading);
        let mut settings = *self.game.settings();
        self.forget_problems(&[name]);
        let applied = match reading {
            Ok(change) => settings.apply_live(change),
            Err(error) => Err(error.clone()),
        };
        if let Err(error) = applied {
            let sentence = error.with_default(settings.shape);
            settings.reset(name);
            self.problems
                .push(Problem::new(Topic::Setting(name), sentence));
        }
        self.play_on_with(settings);
    }

    /// The board, k and position read together (a `<tic-tac-toe>`'s attributes), each value not understood
    /// explained above the board.
    fn set_board(&mut self, readings: &[Reading]) {
        let mut settings = *self.game.settings();
        let problems = settings.set_board_together(readings);
        self.forget_problems(&[Name::Board, Name::K, Name::Position]);
        self.problems.extend(Problem::of_settings(problems));
        self.play_on_with(settings);
    }

    /// Takes back what was said about the settings `names` (a problem above the board, a typo by a field): they
    /// are being set again.
    fn forget_problems(&mut self, names: &[Name]) {
        self.problems.retain(|problem| match problem.topic {
            Topic::Setting(name) => !names.contains(&name),
            Topic::Embed | Topic::Tally => true,
        });
        self.panels.typo = None;
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
    /// answer (and the statistics) is scheduled when due.
    fn settle(&mut self) {
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
        self.settle_thinking();
        let timers = Timers {
            window: &self.host.module_window,
            mailbox: &self.mailbox,
        };
        // On a bigger board the computer's move comes from a worker, unless the history holds it (see
        // `Game::recorded_reply`).
        let computer_due = self.game.phase() == Phase::ComputerToMove
            && (self.game.classic().is_some() || self.game.recorded_reply().is_some());
        let delay = self.game.settings().delay_ms;
        timers.keep(&mut self.computer, computer_due, delay, || {
            Message::ComputerTurn
        });
    }

    /// The tally as stored now, where storage is allowed: other games of this site (another on the page, another
    /// tab) count into the same store, and a tally removed there counts nothing. A storage that cannot be read
    /// (a page or an extension may have replaced it) leaves the tally for the visit only, and the game says so.
    fn reload_tally(&mut self) {
        let Some(storage) = &self.storage else {
            return;
        };
        match read::stored_text(storage, TALLY_KEY) {
            Ok(text) => self.tally = Tally::from_text(&text.unwrap_or_default()),
            Err(reason) => {
                self.storage = None;
                let sentence = format!("The tally is kept for this visit only: {reason}.");
                self.problems.push(Problem::new(Topic::Tally, sentence));
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
        if storage.set_item(TALLY_KEY, &self.tally.to_text()).is_err() {
            self.storage = None;
            return;
        }
        if let Ok(stored) = web_sys::Event::new(TALLY_STORED) {
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
