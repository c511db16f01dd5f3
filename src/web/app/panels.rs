//! The thinking panels' part of a game's update: their state and timers (move scores and why, the search
//! statistics, the game tree, the step-through, the replay on the board), and on a bigger board the searches in
//! workers, for the computer's move and for the move scores.

use super::super::mailbox::Mailbox;
use super::super::message::Message;
use super::super::timer::Timeout;
use super::super::worker::{moves_from, thought_from, Query, Searcher};
use super::{App, Request, Timers};
use crate::beyond::{Beyond, Scored};
use crate::engine::{
    search_stats, think, think_moves, Board, Clock, Grid, Limits, Thought, Variant, Verdict,
};
use crate::explain::{move_scores, MoveScore};
use crate::game::{Game, Phase};
use crate::settings::{reading_name, Name, Reading};
use crate::squares::Scores;
use crate::thinking::{Measured, Thinking};

/// How long after a change the search statistics are measured: past the next paint and the computer's answer
/// when it plays at once, since measuring takes milliseconds that must not hold up either.
const STATS_PAUSE_MS: u32 = 50;

/// How long one task times searches for the statistics panel before the page draws and answers clicks again:
/// with the drawing that follows, a task stays under the 50 ms that make a long task on a phone, which is about
/// four times slower than a laptop.
const MEASURE_BUDGET_MS: f64 = 6.0;

/// The pause between two moves of a replay on the board.
const REPLAY_PAUSE_MS: u32 = 800;

/// The thinking panels' part of a game's state.
pub struct Panels {
    /// A value typed into the computer's time per move (a bigger board's setting) that was not taken: the setting's
    /// name and why, shown by the field.
    pub typo: Option<(Name, String)>,
    /// What the thinking panels show besides the game.
    pub thinking: Thinking,
    /// What the searches on a bigger board found.
    pub beyond: Beyond,
    /// The next statistics measurement.
    stats: Option<Timeout>,
    /// Whether this update measured a statistic: the next one follows at once.
    measured: bool,
    /// The step panel's next step, while it runs.
    step_tick: Option<Timeout>,
    /// The replay's next move, while it plays.
    replay_tick: Option<Timeout>,
    /// On a bigger board, the searches in a worker: the computer's, and every move's verdict for the scores.
    searches: Searches,
}

impl Panels {
    /// The 3x3 board's exact move scores, when they are shown (empty otherwise).
    pub fn exact_scores(&self, game: &Game) -> Vec<MoveScore> {
        let display = game.settings().display;
        let classic = game.classic().filter(|_| display.scores);
        classic.map_or_else(Vec::new, |board| move_scores(board, display.scoring))
    }

    /// What the squares show of the move scores: the 3x3 board's `exact` ones (with a replay's marks), a bigger
    /// board's verdicts once its search has answered, or nothing.
    pub fn scores<'a>(&'a self, game: &Game, exact: &'a [MoveScore]) -> Scores<'a> {
        if !game.settings().display.scores {
            return Scores::None;
        }
        match game.classic() {
            Some(_) => Scores::Exact(exact, self.thinking.replay.as_ref()),
            None => self
                .beyond
                .scores_at(&game.board(), game.scoring_limits())
                .map_or(Scores::None, Scores::Verdicts),
        }
    }

    /// Nothing shown yet, for `game`.
    pub fn new(game: &Game) -> Panels {
        Panels {
            typo: None,
            thinking: Thinking::new(game.classic().unwrap_or(Board::EMPTY)),
            beyond: Beyond::default(),
            stats: None,
            measured: false,
            step_tick: None,
            replay_tick: None,
            searches: Searches::default(),
        }
    }
}

/// A bigger board's searches: the game's worker, kept between searches so that each starts at once, and what it
/// is searching.
#[derive(Default)]
struct Searches {
    searcher: Option<Searcher>,
    /// The position and the query under way.
    running: Option<(Grid, Query)>,
}

impl Searches {
    /// Keeps the search of what is `wanted` at `board` going: the one under way if it is that one, else a new one.
    /// A search under way that is no longer wanted is stopped at once: its worker ends, and a fresh one loads the
    /// module while nobody waits. The answer comes to `mailbox`, decoded. Returns `false` when the browser refused
    /// to start a worker.
    fn keep(&mut self, board: &Grid, wanted: Option<Query>, mailbox: &Mailbox) -> bool {
        let job = wanted.map(|query| (*board, query));
        if self.running.is_some() && self.running != job {
            self.running = None;
            self.searcher = None;
        }
        let searcher = match &self.searcher {
            Some(searcher) => searcher,
            None => match Searcher::new() {
                Ok(searcher) => self.searcher.insert(searcher),
                Err(_) => return false,
            },
        };
        let Some((position, query)) = job.filter(|_| self.running.is_none()) else {
            return true;
        };
        let mailbox = mailbox.clone();
        searcher.search(&position, query, move |answer| {
            mailbox.send(if query.moves {
                Message::Appraised(position, moves_from(&answer))
            } else {
                Message::Found(position, thought_from(&answer))
            });
        });
        self.running = job;
        true
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
    /// What a message for the panels, or a search's answer, changes.
    pub(super) fn apply_panels(&mut self, message: Message) -> Option<Request> {
        match message {
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
            Message::Typed(reading) => self.typed(&reading),
            Message::Found(position, answer) => self.found(&position, answer),
            Message::Appraised(position, answer) => self.appraised(position, answer),
            Message::MeasureStats => {
                self.panels.stats = None;
                self.panels.measured = true;
                self.measure_next();
            }
            _ => {}
        }
        None
    }

    /// A value typed into a setting's own field: set as [`App::set`] sets it, unless the setting does not take
    /// it, which is explained by the field while the setting and the game stay as they were (a typo should not
    /// cost a game).
    fn typed(&mut self, reading: &Reading) {
        let name = reading_name(reading);
        let mut settings = *self.game.settings();
        self.forget_problems(&[name]);
        let applied = match reading {
            Ok(change) => settings.apply_live(change),
            Err(error) => Err(error.clone()),
        };
        match applied {
            Ok(()) => self.play_on_with(settings),
            Err(error) => self.panels.typo = Some((name, error.typed(settings.shape))),
        }
    }

    /// What follows any change, for the panels and the searches: the panels follow the position (on the 3x3
    /// board) or the searches in workers do (on a bigger one), and the statistics, the step panel and the replay
    /// keep their timers while due (right after a measurement, the next one follows at once).
    pub(super) fn settle_thinking(&mut self) {
        let classic = self.game.classic();
        if let Some(board) = classic {
            self.panels.thinking.follow(board);
            // Whatever changed the position (a reply, an undo, a new game, a look back), the statistics of the
            // computer's last move are those of a move the board's game made.
            self.panels.thinking.computer_moved_from = self
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
        let panels = &mut self.panels;
        let stats_due = self.game.settings().display.stats
            && classic.is_some_and(|board| panels.thinking.stats_stale(board));
        let delay = if std::mem::take(&mut panels.measured) {
            0
        } else {
            STATS_PAUSE_MS
        };
        timers.keep(&mut panels.stats, stats_due, delay, || {
            Message::MeasureStats
        });
        let running = panels.thinking.step.is_some() && panels.thinking.step_running;
        let pace = panels.thinking.step_speed.interval_ms();
        timers.keep(&mut panels.step_tick, running, pace, || Message::StepTick);
        let playing = panels
            .thinking
            .replay
            .as_ref()
            .is_some_and(|replay| replay.playing);
        timers.keep(&mut panels.replay_tick, playing, REPLAY_PAUSE_MS, || {
            Message::ReplayTick
        });
    }

    /// What a message about the thinking panels changes in them. A tree path is checked against the tree's
    /// position: a page may have edited the `data-path` it came from.
    fn apply_to_panels(&mut self, message: Message) -> Option<Request> {
        let thinking = &mut self.panels.thinking;
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
        let thinking = &mut self.panels.thinking;
        let stepped = !matches!(message, Message::Replay(_) | Message::ReplayTick);
        match message {
            Message::Step(control) => thinking.press_step(control),
            Message::StepTick => {
                self.panels.step_tick = None;
                thinking.step_tick();
            }
            Message::StepSpeed(speed) => {
                thinking.step_speed = speed;
                // The next step comes at the new pace.
                self.panels.step_tick = None;
            }
            Message::Replay(control) => {
                if let Some(board) = self.game.classic() {
                    thinking.press_replay(board, control);
                }
            }
            Message::ReplayTick => {
                self.panels.replay_tick = None;
                thinking.replay_tick();
            }
            _ => {}
        }
        let tree = self.game.settings().display.tree;
        if let (true, true, Some(stepper)) = (stepped, tree, &thinking.step) {
            thinking.tree.reveal(&stepper.path());
        }
    }

    /// The worker's answer with every move's verdict at `position`, for the scores on a bigger board.
    fn appraised(&mut self, position: Grid, answer: Result<Vec<(usize, Verdict)>, String>) {
        let limits = self
            .panels
            .searches
            .running
            .take()
            .map(|(_, query)| query.limits);
        match (answer, limits) {
            (Ok(moves), Some(limits)) => {
                self.panels.beyond.scores = Some(Scored {
                    position,
                    limits,
                    moves,
                });
            }
            (Err(trouble), _) => self.panels.beyond.trouble = Some(trouble),
            (Ok(_), None) => {}
        }
    }

    /// The worker's answer for the computer at `position`: its move is played. A worker that failed is
    /// replaced by a short search on the page's own thread, so the game goes on.
    fn found(&mut self, position: &Grid, answer: Result<Thought, String>) {
        self.panels.searches.running = None;
        let thought = match answer {
            Ok(thought) => thought,
            Err(trouble) => {
                self.panels.beyond.trouble = Some(trouble);
                self.on_page(think, position, self.game.limits())
            }
        };
        if let Some(cell) = thought.best {
            if self.game.play_found(position, cell) {
                self.panels.beyond.last = Some((*position, thought));
            }
        }
    }

    /// On a bigger board, the search in the game's worker follows the game: the computer's when it is to move,
    /// the scores' when they are shown and a person is to move. A search for a position no longer on the board
    /// stops at once (its worker with it, replaced by a fresh one).
    ///
    /// Once a worker has failed (a page whose Content-Security-Policy forbids workers fails each one a moment
    /// after it starts), no other is started: each failure would start the next, without end. The searches then
    /// run briefly on the page itself.
    fn settle_searches(&mut self) {
        let board = self.game.board();
        let phase = self.game.phase();
        let computer = (phase == Phase::ComputerToMove && self.game.recorded_reply().is_none())
            .then_some(Query {
                limits: self.game.limits(),
                moves: false,
            });
        let scoring = Query {
            limits: self.game.scoring_limits(),
            moves: true,
        };
        // The move scores on the squares and the game tree one move deep show the same verdicts.
        let display = self.game.settings().display;
        let scores = ((display.scores || display.tree)
            && phase == Phase::HumanToMove
            && self
                .panels
                .beyond
                .scores_at(&board, scoring.limits)
                .is_none())
        .then_some(scoring);
        let wanted = computer.or(scores);
        let workers = self.panels.beyond.trouble.is_none()
            && self.panels.searches.keep(&board, wanted, &self.mailbox);
        if workers {
            return;
        }
        self.panels.searches = Searches::default();
        if computer.is_some() {
            // No worker: the answer comes next, from a short search on the page's thread.
            let refused = Err(WORKER_REFUSED.to_owned());
            self.mailbox.send(Message::Found(board, refused));
        } else if scores.is_some() {
            self.panels.beyond.scores = Some(Scored {
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
        let thinking = &mut self.panels.thinking;
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
            let Some((column, at, variant)) = self.panels.thinking.next_measurement(board) else {
                return;
            };
            let searches = self.panels.thinking.next_searches(column, at, variant);
            let variant_kind = Variant::ALL[variant];
            let (searched, measured) = match searches[..] {
                [only] => (1, measure(&now, only, variant_kind)),
                _ => measure_pieces(&now, &searches, variant_kind, start),
            };
            self.panels
                .thinking
                .record(column, at, variant, searched, measured);
        }
    }
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
