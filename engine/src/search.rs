//! The engine's searches of any board, and the one driver they share: what a search asks of its root (one best
//! move, every best move, every move's score), how deep it goes (a fixed depth, or deeper and deeper until a
//! proof, a maximum depth or the caller's clock stops it), and what it answers. Every search is the one loop of
//! `core.rs`.

use super::bits::Bits;
use super::clock::{Clock, StoppedClock};
use super::core::{Core, NodeCounts, Root, RootRecord};
use super::grid::{Grid, Player, Shape};
use super::lines::Lines;
use super::rng::Rng;
use super::score::{Outcome, Score, Value, DECISIVE, INFINITY, WIN};
use super::settings::{Config, Scoring};
use super::table::KeyedTable;
use super::tactics::with_windows;
use super::threats::{ForcedKind, ThreatLimits, ThreatWin, Threats};

/// How far ahead the computer looks: the depth parameter of the classic minimax write-ups.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Level {
    /// One ply: its own move. It takes a win it can make at once, and nothing more.
    Easy,
    /// Two plies: its move and the reply. It also blocks a win the opponent could make at once.
    Medium,
    /// Four plies: it sees a fork coming, its own or the opponent's, but not every trap.
    Hard,
    /// To the end of the game. It never loses.
    Unbeatable,
}

impl Level {
    /// Every level, weakest first.
    pub const ALL: [Level; 4] = [Level::Easy, Level::Medium, Level::Hard, Level::Unbeatable];

    /// Plies the search looks ahead, the move itself included ([`FULL_DEPTH`] for unbeatable).
    pub const fn depth(self) -> u32 {
        match self {
            Level::Easy => 1,
            Level::Medium => 2,
            Level::Hard => 4,
            Level::Unbeatable => FULL_DEPTH,
        }
    }

    /// The level's name in lowercase, as URLs and the JS API spell it.
    pub const fn name(self) -> &'static str {
        match self {
            Level::Easy => "easy",
            Level::Medium => "medium",
            Level::Hard => "hard",
            Level::Unbeatable => "unbeatable",
        }
    }

    /// The level named `name` (any case).
    pub fn from_name(name: &str) -> Option<Level> {
        Level::ALL
            .into_iter()
            .find(|level| level.name().eq_ignore_ascii_case(name.trim_ascii()))
    }

    /// One sentence for players on what the level does.
    pub const fn description(self) -> &'static str {
        match self {
            Level::Easy => {
                "Easy looks one move ahead: it takes a win when it has one, and does not look for yours (it blocks one only by chance)."
            }
            Level::Medium => "Medium looks two moves ahead: it takes a win and blocks yours.",
            Level::Hard => {
                "Hard looks four moves ahead: it sees a fork coming, but not every trap."
            }
            Level::Unbeatable => "Unbeatable searches to the end of the game: it never loses.",
        }
    }
}

/// The most cells of a board on which [`Level::Unbeatable`] earns its name: from the empty board (and so from
/// every position of the game) [`think`] within its default second reaches the end of the game and proves its
/// move, natively and in a browser (4 x 4 with four in a row, the hardest of them, in about 30,000 positions).
/// Beyond it a search may still prove a move near the end of a game, or a forced win, and says so in its verdict.
pub const PROVED_UP_TO_CELLS: usize = 16;

/// A depth that goes to the end of any game: a search this deep is a full search.
pub const FULL_DEPTH: u32 = u32::MAX;

/// What a search of a position's moves found: the moves and their scores, and what the search took. Every
/// search of moves answers with one: [`analyze`] and [`analyze_with`](crate::analyze_with) (every legal move, proved), [`best_moves`]
/// and [`best_moves_within`] (the best moves only), [`think_moves`] (every legal move within limits).
#[derive(Clone, Debug, PartialEq)]
pub struct Report {
    /// The moves and their scores for the side that plays them, in cell order; empty when the game is over.
    pub moves: Vec<(usize, Score)>,
    /// The depth the moves were searched to, unless proved before, in plies, the move included.
    pub depth: u32,
    /// Positions the search visited, the root included.
    pub nodes: u64,
    /// Milliseconds the search took, by the clock it was given.
    pub elapsed_ms: f64,
    /// Whether the time ran out before every move was proved (or searched to the maximum depth).
    pub timed_out: bool,
}

impl Report {
    /// The best score among the moves, if there is a move.
    pub fn best_score(&self) -> Option<Score> {
        self.moves.iter().map(|&(_, score)| score).max()
    }

    /// The best score, if it is proved.
    pub fn best_value(&self) -> Option<Value> {
        self.best_score().and_then(Score::value)
    }

    /// The cells whose moves have the best score, in cell order.
    pub fn best_cells(&self) -> Vec<usize> {
        let best = self.best_score();
        self.moves
            .iter()
            .filter(|&&(_, score)| Some(score) == best)
            .map(|&(cell, _)| cell)
            .collect()
    }

    /// The moves whose scores are proved, with their values, in cell order: every move of [`analyze`].
    pub fn values(&self) -> impl Iterator<Item = (usize, Value)> + '_ {
        self.moves
            .iter()
            .filter_map(|&(cell, score)| Some((cell, score.value()?)))
    }

    /// The value of playing `cell`, if it is among the moves and proved.
    pub fn value_of(&self, cell: usize) -> Option<Value> {
        self.moves
            .iter()
            .find(|&&(moved, _)| moved == cell)
            .and_then(|&(_, score)| score.value())
    }

    /// A search's report from what it found and the counts it took.
    pub(crate) fn of(found: Found, nodes: u64, elapsed_ms: f64) -> Report {
        Report {
            moves: found.moves,
            depth: found.depth,
            nodes,
            elapsed_ms,
            timed_out: found.timed_out,
        }
    }
}

/// How long and how deep a search may go, and whether it evaluates positions at its horizon.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Limits {
    /// Milliseconds the search may take; it always completes depth 1, so that there is a move.
    pub time_ms: u32,
    /// The deepest iteration, in plies; `None` to go on until the time is up or the result is proved.
    pub max_depth: Option<u32>,
    /// Whether a position still open at the horizon is evaluated by its open lines. Without, it scores 0 like a
    /// draw, and a depth-limited search wanders aimlessly (on purpose: it shows what the evaluation is for).
    pub evaluation: bool,
}

impl Default for Limits {
    /// One second, no maximum depth, evaluation on.
    fn default() -> Limits {
        Limits {
            time_ms: 1000,
            max_depth: None,
            evaluation: true,
        }
    }
}

/// One iteration of the deepening search, a point on its horizon: every search the clock allowed, so that the
/// iterations add up to the whole search.
#[derive(Clone, Debug, PartialEq)]
pub struct Iteration {
    /// Plies searched (every empty square, for a search to the end of the game).
    pub depth: u32,
    /// Positions this iteration visited.
    pub nodes: u64,
    /// Milliseconds this iteration took.
    pub ms: f64,
    /// The best move it found; `None` when the clock stopped it.
    pub best: Option<usize>,
    /// What it concluded; `None` when the clock stopped it first (what it finished stays in the transposition
    /// table for the iterations after it).
    pub verdict: Option<Score>,
}

/// What [`think`] found, and how.
#[derive(Clone, Debug, PartialEq)]
pub struct Thought {
    /// The move to play; `None` only when the game is over.
    pub best: Option<usize>,
    /// `Proved` when the search reached every end of the game or found a forced win or loss.
    pub verdict: Score,
    /// The deepest completed iteration, in plies.
    pub depth: u32,
    /// Positions visited, over all iterations (a table hit counts as a visit).
    pub nodes: u64,
    /// Milliseconds the search took.
    pub elapsed_ms: f64,
    /// Each iteration, the last one stopped by the clock included.
    pub iterations: Vec<Iteration>,
    /// Positions answered from the transposition table.
    pub table_hits: u64,
    /// Positions whose search stopped early because a move was good enough (a beta cut-off).
    pub cutoffs: u64,
    /// Of those, how many the first move tried caused: the share says how good the move order is.
    pub first_move_cutoffs: u64,
    /// The principal variation, read from the table: the best move and the best replies to it.
    pub line: Vec<usize>,
    /// Whether the time ran out before a proof (or before the maximum depth).
    pub timed_out: bool,
    /// A forced win the threat search found: the side to move's, whose first move is `best`; or, when every move
    /// loses (the verdict a sure loss), the opponent's after `best`.
    pub forced: Option<Forced>,
    /// Positions the threat search visited, at the root and inside the search (not counted in `nodes`).
    pub threat_nodes: u64,
}

impl Thought {
    /// Who wins for sure, for the side to move, when the search knows: the proved outcome, or a win or loss it
    /// found for sure without knowing how soon (see [`Score::sure_outcome`]).
    pub fn sure_outcome(&self) -> Option<Outcome> {
        self.verdict.sure_outcome()
    }
}

/// A forced win that the threat search found: a sequence of fours (each with one reply), or of fours and threes
/// (with every reply that could stop a three answered), that ends in a line of `k` whatever the other side does.
/// `plies` is an upper bound: the win may come sooner.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Forced {
    /// The side that wins.
    pub winner: Player,
    /// By continuous fours, or by fours and threes.
    pub kind: ForcedKind,
    /// Plies to the completed line at most, from the position searched (from the position after `best`, when
    /// the opponent wins), against the longest defence.
    pub plies: u32,
    /// Positions the threat search visited to find it.
    pub positions: u64,
    /// A game along the win, as cells: the winner's moves and the other side's replies, to the completed line.
    pub line: Vec<usize>,
}

/// The exact value of every legal move of `position`: each move is searched with its own full window, so no
/// value is a bound (a move whose result mirrors an earlier move's, by a symmetry of the board, takes that move's
/// value). The search goes to the end of the game: on a large board, ask [`think_moves`] within limits instead.
pub fn analyze(position: &Grid) -> Report {
    let (found, nodes) = search_to(position, Config::exact(position), Root::Each, true);
    Report::of(found, nodes, 0.0)
}

/// Every move of the best value, with alpha-beta at the root too: a move is searched only to learn whether it
/// is at least as good as the best so far, which is enough to find every tie exactly.
pub fn best_moves(position: &Grid) -> Report {
    best_moves_within(position, FULL_DEPTH)
}

/// Every move that looks best to a search `depth` plies deep (the move itself is the first ply), which takes
/// a win it sees within that many plies and avoids a loss it sees, but cannot tell apart positions whose result
/// lies beyond its horizon (they score 0, like a draw): the textbooks' depth-limited minimax, choice for choice.
/// With [`FULL_DEPTH`] this is [`best_moves`].
pub fn best_moves_within(position: &Grid, depth: u32) -> Report {
    let (found, nodes) = with_driver(
        position,
        Config::exact(position),
        &mut StoppedClock,
        |driver| {
            let found = driver.search(position, Root::Ties, Depth::Fixed(depth), true);
            (found, driver.counts().nodes)
        },
    );
    let mut report = Report::of(found, nodes, 0.0);
    // Of the others, the search learned only that they are worse.
    let best = report.best_score();
    report.moves.retain(|&(_, score)| Some(score) == best);
    report
}

/// The move the engine plays: a best move, chosen at random among equals with `rng`. `None` when the game is
/// over.
pub fn best_move(position: &Grid, rng: &mut Rng) -> Option<usize> {
    best_move_at(position, Level::Unbeatable, rng)
}

/// The move the engine plays at `level`: one that looks best at the level's depth, chosen at random among
/// those it cannot tell apart. `None` when the game is over.
pub fn best_move_at(position: &Grid, level: Level, rng: &mut Rng) -> Option<usize> {
    let best = best_moves_within(position, level.depth()).best_cells();
    if best.is_empty() {
        return None;
    }
    Some(best[rng.below(best.len())])
}

/// The exact value of `position` for the side to move, and the nodes visited to find it.
pub fn evaluate(position: &Grid) -> (Value, u64) {
    let (found, nodes) = search_to(position, Config::exact(position), Root::Best, true);
    let value = found
        .score
        .value()
        .expect("a search to the end of the game proves its result");
    (value, nodes)
}

/// The best move for the side to move of `position` and what is known about it, searched within `limits`, by a
/// new [`Engine`] (that remembers nothing of earlier searches).
pub fn think(position: &Grid, limits: Limits, clock: &mut dyn Clock) -> Thought {
    Engine::new().think(position, limits, clock)
}

/// The engine of a game: [`think`] with a memory. It keeps the transposition table of its searches and the
/// threat search's table from one call to the next, so that the search of each move starts with what the
/// searches of the moves before it found. Positions are remembered for what they are, whatever game reached them,
/// so one engine may think about any positions in any order; it forgets when the board, or whether positions are
/// evaluated, changes (and on [`Engine::forget`]).
#[derive(Default)]
pub struct Engine {
    /// The table, and the board and evaluation it was filled for.
    table: Option<(Shape, bool, KeyedTable)>,
    threats: Threats,
}

impl Engine {
    /// An engine that remembers nothing yet.
    pub fn new() -> Engine {
        Engine::default()
    }

    /// Forgets every position searched.
    pub fn forget(&mut self) {
        self.table = None;
        self.threats.forget();
    }

    /// The best move for the side to move of `position` and what is known about it, searched within `limits`.
    ///
    /// First the threat search looks for a forced win of the side to move (continuous fours, then fours and
    /// threes) in a share of the time: a win it finds is played at once where the board is too large to prove
    /// its length, and proved exactly where it is 5 plies or less. Otherwise the deepening search runs, with the
    /// threat search at its nodes, for the time left.
    pub fn think(&mut self, position: &Grid, limits: Limits, clock: &mut dyn Clock) -> Thought {
        let settings = deepening(position, limits, Root::Best);
        let shape = position.shape();
        let table = match self.table.take() {
            Some((kept, evaluation, table)) if kept == shape && evaluation == limits.evaluation => {
                table
            }
            _ => KeyedTable::with_bits(settings.table_bits),
        };
        let threats = std::mem::take(&mut self.threats);
        with_windows(shape, |windows| {
            let core = Core::new(settings, windows, clock, None).with_memory(table, threats);
            let mut driver = Driver::new(core);
            let thought = driver.think(position, limits);
            let (table, threats) = driver.core.into_memory();
            self.threats = threats;
            self.table = Some((shape, limits.evaluation, table));
            thought
        })
    }
}

/// The shares of a move's time the threat search at the root may take for continuous fours, then for fours and
/// threes: on a large board; on a small one, where the deepening soon proves what there is, a tenth of those.
const ROOT_FOURS_SHARE: f64 = 0.1;
const ROOT_THREATS_SHARE: f64 = 0.3;
const SMALL_BOARD_SHARE: f64 = 0.1;
/// The most fours in a row, and the most attacking moves of fours and threes, the root's threat search tries.
const ROOT_FOURS: u32 = 40;
const ROOT_THREATS: u32 = 10;
/// The most positions the root's threat search visits for continuous fours, then for fours and threes, whatever
/// the time.
const ROOT_FOURS_POSITIONS: u64 = 100_000;
const ROOT_THREATS_POSITIONS: u64 = 300_000;
/// The positions of the root's first look for continuous fours, which the clock does not stop (a millisecond or
/// two).
const SURE_FOURS_POSITIONS: u64 = 1_000;
/// A forced win of at most this many plies found at the root is the quickest there is (see [`Driver::think`]).
const EXACT_FORCED_PLIES: u32 = 5;

/// [`Engine::think`] on a driver.
impl Driver<'_> {
    /// See [`Engine::think`].
    fn think(&mut self, position: &Grid, limits: Limits) -> Thought {
        let start_ms = self.core.now_ms();
        let threat_nodes = self.core.threat_nodes();
        let forced = self.root_forced_win(position, position.to_move(), limits, start_ms);
        let mut thought = match forced {
            Some(forced) if forced.plies <= EXACT_FORCED_PLIES => {
                self.forced_thought(position, forced, true)
            }
            // Too far off to prove its length: play it.
            Some(forced) if position.empty_cells() as u32 > PROOF_ATTEMPT_EMPTY_CELLS => {
                self.forced_thought(position, forced, false)
            }
            forced => {
                let elapsed = (self.core.now_ms() - start_ms).max(0.0);
                let limits = Limits {
                    time_ms: limits.time_ms.saturating_sub(elapsed as u32),
                    ..limits
                };
                let thought = self.deepening_thought(position, limits);
                match forced {
                    // The deepening did not prove the win: play the forced one.
                    Some(forced) if !thought.verdict.is_proved() => {
                        self.forced_thought(position, forced, false)
                    }
                    _ => thought,
                }
            }
        };
        if thought.verdict.sure_outcome() == Some(Outcome::Loss) {
            thought.forced = self.opponents_win(position, thought.best, limits, start_ms);
        }
        thought.elapsed_ms = self.core.now_ms() - start_ms;
        thought.threat_nodes = self.core.threat_nodes() - threat_nodes;
        thought
    }

    /// The deepening search of `position` within `limits`.
    fn deepening_thought(&mut self, position: &Grid, limits: Limits) -> Thought {
        let found = self.search(position, Root::Best, Depth::Within(limits), true);
        let line = self.core.principal_variation(position, found.best);
        Thought {
            best: found.best,
            verdict: found.score,
            depth: found.depth,
            nodes: self.core.counts().nodes,
            elapsed_ms: self.elapsed_ms(),
            iterations: found.iterations,
            table_hits: self.core.counts().table_hits,
            cutoffs: self.core.counts().cutoffs,
            first_move_cutoffs: self.core.counts().first_move_cutoffs,
            line,
            timed_out: found.timed_out,
            forced: None,
            threat_nodes: 0,
        }
    }

    /// The thought of playing the side to move's `forced` win, its length `exact` or a bound.
    fn forced_thought(&mut self, position: &Grid, forced: Forced, exact: bool) -> Thought {
        let raw = WIN - (position.marks() + forced.plies as usize) as i32;
        Thought {
            best: forced.line.first().copied(),
            verdict: score_of(position, raw, exact),
            depth: 0,
            nodes: self.core.counts().nodes,
            elapsed_ms: 0.0,
            iterations: Vec::new(),
            table_hits: self.core.counts().table_hits,
            cutoffs: self.core.counts().cutoffs,
            first_move_cutoffs: self.core.counts().first_move_cutoffs,
            line: forced.line.clone(),
            timed_out: false,
            forced: Some(forced),
            threat_nodes: 0,
        }
    }

    /// A forced win of `attacker`, to move in `position` (whose turn it need not be), by continuous fours and
    /// else by fours and threes, each the quickest of its kind, within shares of `limits`' time from `start_ms`.
    fn root_forced_win(
        &mut self,
        position: &Grid,
        attacker: Player,
        limits: Limits,
        start_ms: f64,
    ) -> Option<Forced> {
        // A search without the evaluation, or to a set depth, shows what depth alone does: no threat search at
        // the root either.
        if position.is_over() || !limits.evaluation || limits.max_depth.is_some() {
            return None;
        }
        let mut lines = Lines::new(position);
        let shape = position.shape();
        let small = if self.core.settings().threats_before_the_end {
            1.0
        } else {
            SMALL_BOARD_SHARE
        };
        let time_ms = f64::from(limits.time_ms) * small;
        let nodes = self.core.threat_nodes();
        let mut threat_limits = ThreatLimits {
            fours: ROOT_FOURS,
            threats: ROOT_THREATS,
            nodes: ROOT_FOURS_POSITIONS,
            deadline_ms: start_ms + time_ms * ROOT_FOURS_SHARE,
        };
        // A first look for continuous fours ignores the clock: a short win by fours is then played however
        // late the search starts (on a busy machine the fours' share of the time can be gone before they
        // begin). The table keeps what it found for the timed look after it.
        let sure = ThreatLimits {
            nodes: SURE_FOURS_POSITIONS,
            deadline_ms: f64::INFINITY,
            ..threat_limits
        };
        let mut win = self
            .core
            .forced_win(&mut lines, attacker, ForcedKind::Fours, sure)
            .or_else(|| {
                self.core
                    .forced_win(&mut lines, attacker, ForcedKind::Fours, threat_limits)
            });
        if win.is_none() {
            threat_limits.deadline_ms =
                start_ms + time_ms * (ROOT_FOURS_SHARE + ROOT_THREATS_SHARE);
            threat_limits.nodes = ROOT_THREATS_POSITIONS;
            win = self.core.forced_win(
                &mut lines,
                attacker,
                ForcedKind::FoursAndThrees,
                threat_limits,
            );
        }
        let ThreatWin { kind, plies, line } = win?;
        Some(Forced {
            winner: attacker,
            kind,
            plies,
            positions: self.core.threat_nodes() - nodes,
            line: line.into_iter().map(|bit| shape.cell_of(bit)).collect(),
        })
    }

    /// The opponent's forced win after the side to move plays `best`, when the search found that every move
    /// loses: what the engine cannot stop.
    fn opponents_win(
        &mut self,
        position: &Grid,
        best: Option<usize>,
        limits: Limits,
        start_ms: f64,
    ) -> Option<Forced> {
        let after = position.try_play(best?).ok()?;
        self.root_forced_win(&after, after.to_move(), limits, start_ms)
    }
}

/// Every legal move's score, for the side that plays it, in cell order, searched within `limits`: the moves are
/// searched together one depth at a time, each proved where the time allows, and the estimates are those of the
/// last depth every move finished. Mirror-image moves share one search.
///
/// Estimates are all made at one depth: an estimate that stops after the opponent's reply and one that stops
/// after the mover's next move judge the same position differently (the evaluation's weight for the side to move
/// makes up for the move in hand only roughly), so moves searched to different depths would not compare.
pub fn think_moves(position: &Grid, limits: Limits, clock: &mut dyn Clock) -> Report {
    let settings = deepening(position, limits, Root::Each);
    with_driver(position, settings, clock, |driver| {
        let found = driver.search(position, Root::Each, Depth::Within(limits), true);
        Report::of(found, driver.counts().nodes, driver.elapsed_ms())
    })
}

/// The settings of a deepening search of `position` within `limits` for `root`. The heuristics whose results
/// depend on the window and on what earlier searches learned (the learned order, futility pruning, the defence's
/// narrowing) play only in the engine's own moves ([`Root::Best`] within a time): a search to a set depth, or of
/// every move's score, gives each move the same estimate however it is asked, as the panels compare them.
fn deepening(position: &Grid, limits: Limits, root: Root) -> Config {
    let settings = Config::deepening(position, limits.evaluation);
    if root == Root::Best && limits.max_depth.is_none() {
        return settings;
    }
    Config {
        learned_order: false,
        futility: false,
        defence: false,
        ..settings
    }
}

/// Runs `search` on a driver of a core with `settings` for `position`'s board, reading `clock`.
fn with_driver<R>(
    position: &Grid,
    settings: Config,
    clock: &mut dyn Clock,
    search: impl FnOnce(&mut Driver<'_>) -> R,
) -> R {
    with_windows(position.shape(), |windows| {
        search(&mut Driver::new(Core::new(settings, windows, clock, None)))
    })
}

/// A search of `position` to the end of the game with `settings`, its root asked `root`, with or without
/// `mirrors` (see [`Driver::search`]): what it found and the nodes it visited.
pub(crate) fn search_to(
    position: &Grid,
    settings: Config,
    root: Root,
    mirrors: bool,
) -> (Found, u64) {
    with_driver(position, settings, &mut StoppedClock, |driver| {
        let found = driver.search(position, root, Depth::Fixed(FULL_DEPTH), mirrors);
        (found, driver.counts().nodes)
    })
}

/// How deep a search goes.
#[derive(Clone, Copy, Debug)]
pub(crate) enum Depth {
    /// This many plies (at most to the end of the game), one search, no clock.
    Fixed(u32),
    /// Iterative deepening within the limits, reading the clock.
    Within(Limits),
}

/// What a search found, for the side to move at its root.
#[derive(Clone, Debug)]
pub(crate) struct Found {
    /// The root's score ([`Root::Best`]), or the best move's (the others).
    pub(crate) score: Score,
    /// A best move; `None` when the game is over.
    pub(crate) best: Option<usize>,
    /// Every legal move and its score for the side that plays it, in cell order ([`Root::Ties`] and
    /// [`Root::Each`]; for ties, a move's score is exact only when it is the best).
    pub(crate) moves: Vec<(usize, Score)>,
    /// The deepest depth completed.
    pub(crate) depth: u32,
    /// Each iteration, the last one stopped by the clock included.
    pub(crate) iterations: Vec<Iteration>,
    /// Whether the time ran out first.
    pub(crate) timed_out: bool,
    /// Whether the search had a fixed depth, whose results are taken as they are, as proved.
    fixed: bool,
    /// The loop's number for the root after the last iteration completed ([`Root::Best`]).
    raw: i32,
    /// The legal moves at the root, each with the move searched for it (itself, or its representative among
    /// mirror-image moves).
    searched_for: Vec<(usize, usize)>,
    /// By cell, each searched move's result so far for the root's side, and whether it is proved.
    by_cell: Vec<Option<(i32, bool)>>,
}

/// How the deepening spends its time on a large board: it starts no new iteration once it has used
/// [`Pace::share`] of its time. An iteration costs several times the one before it, so one started late is cut
/// short by the clock and wasted; and a best move that has held for several iterations with a steady score is
/// seldom overturned by one more (engines of chess and Gomoku stop early on a stable best move, and spend more when
/// it changes or the score drops). The clock stops an iteration in progress only at the whole budget.
#[derive(Clone, Copy, Debug, Default)]
struct Pace {
    /// The best move and the root's number of the last iteration.
    last: Option<(Option<usize>, i32)>,
    /// Iterations in a row whose best move was the one before's.
    stable: u32,
}

/// From this depth on, a stable best move may stop the deepening early.
const STABLE_FROM_DEPTH: u32 = 4;
/// Iterations in a row with the same best move that make it stable.
const STABLE_ITERATIONS: u32 = 3;
/// The share of the time after which a stable best move is played.
const STABLE_SHARE: f64 = 0.35;
/// The share after which no new iteration starts while the best move is neither stable nor in doubt.
const STEADY_SHARE: f64 = 0.6;
/// A drop of the root's score by more than this (a little less than an open three's weight in `weights.txt`)
/// since the last iteration puts the best move in doubt, as a change of the best move does: the whole time may
/// then be spent.
const SCORE_DROP: i32 = 60;

impl Pace {
    /// The share of its time after which the deepening starts no iteration past `depth`, whose best move was
    /// `best` and root's number `raw`.
    fn share(&mut self, depth: u32, best: Option<usize>, raw: i32) -> f64 {
        let (changed, dropped) = match self.last {
            Some((last_best, last_raw)) => (last_best != best, raw < last_raw - SCORE_DROP),
            None => (true, false),
        };
        self.last = Some((best, raw));
        self.stable = if changed { 0 } else { self.stable + 1 };
        if changed || dropped {
            1.0
        } else if self.stable >= STABLE_ITERATIONS && depth >= STABLE_FROM_DEPTH {
            STABLE_SHARE
        } else {
            STEADY_SHARE
        }
    }
}

/// The half-width of the root's aspiration window (see [`Driver::root_search`]), in the evaluation's units: about two
/// open threes.
const ASPIRATION: i32 = 150;
/// The shallowest iteration that uses an aspiration window.
const ASPIRATION_FROM_DEPTH: u32 = 3;

/// The most empty cells at which a search tries once to go straight to the end of the game (see
/// [`Driver::search`]): 5 x 5 boards and smaller, where that can succeed within seconds.
const PROOF_ATTEMPT_EMPTY_CELLS: u32 = 25;

/// The root driver: every search of the engine is one of these, on the one loop of `core.rs`. It owns what the
/// root is asked and what it learned there (lent to the loop for each search of the root), and the budget.
///
/// Scores are depth-aware (see [`Score`]): a quicker win is worth more and a later loss costs less, which makes
/// the engine take the fastest win and delay a loss. A search to the end of the game gives exact values; one
/// that stops at a horizon scores the positions left open there with 0, like a draw (the levels, as the
/// textbooks' depth-limited minimax does), or with the evaluation of their open lines (a search within a time).
///
/// Four rules answer a position without trying every move, and each is exact:
/// - a side that can complete a line now wins with its next move, the quickest win there is;
/// - a side that cannot, facing two cells where the opponent completes a line, loses after the opponent's next
///   move, whatever it plays, and facing one such cell has only one move that does not lose at once;
/// - a position where neither side has a window of `k` cells free of the other's marks is a draw;
/// - mirror images have the same value: a position and its rotations and reflections share a table entry, and
///   of the moves at the root that a symmetry of the position maps onto each other only one is searched.
///
/// Within a time on large boards the moves tried are those within two cells of a mark. That is a guess only
/// until it matters: when every nearby move of a position loses, the far ones are searched too before the
/// position is called lost, so a proved loss (and the win it proves for the other side) holds on the whole board.
///
/// Node counts (`nodes` in the results) are the positions the search visited, the root included; a position
/// answered from the table counts as visited. They depend on the move order; `variants.rs` compares them with
/// plain minimax and with alpha-beta in increasing cell order.
struct Driver<'c> {
    core: Core<'c>,
    root: RootRecord,
    /// When the search started, and the milliseconds it may take from then.
    start_ms: f64,
    budget_ms: f64,
    /// The root's alpha in its last search, whose window may be an aspiration's (see [`Driver::root_search`]).
    alpha: i32,
}

impl<'c> Driver<'c> {
    fn new(core: Core<'c>) -> Driver<'c> {
        Driver {
            core,
            root: RootRecord::new(Root::Best),
            start_ms: 0.0,
            budget_ms: 0.0,
            alpha: -INFINITY,
        }
    }

    /// The loop's counts, over every search of the driver.
    fn counts(&self) -> NodeCounts {
        self.core.counts()
    }

    fn elapsed_ms(&mut self) -> f64 {
        self.core.now_ms() - self.start_ms
    }

    fn set_budget(&mut self, budget_ms: f64) {
        self.budget_ms = budget_ms;
        self.core.set_budget(self.start_ms, budget_ms);
    }
}

/// The driver's searches: the depths, the deepening and the answers.
impl Driver<'_> {
    /// Searches `root` for what `root_policy` asks, as deep as `depth` says; with `mirrors`, moves at the root
    /// that a symmetry of the position maps onto each other share one search.
    ///
    /// Within limits, the depth grows one ply at a time until the result is proved, the maximum depth is done,
    /// or the time is up; depth 1 always completes, so that there is a move. On boards of at most
    /// [`PROOF_ATTEMPT_EMPTY_CELLS`] empty cells it also tries once, early, to go straight to the end with half
    /// the time left: a draw is proved only at the end of the game, and the iterations before it cost more than
    /// such a search (their horizon's scores all differ, so they cut less). A try that runs out of time is
    /// dropped, but the subtrees it finished stay in the table for the iterations that follow.
    fn search(&mut self, root: &Grid, root_policy: Root, depth: Depth, mirrors: bool) -> Found {
        let mut found = self.start(root, root_policy, depth, mirrors);
        let empty_cells = root.empty_cells() as u32;
        match depth {
            Depth::Fixed(depth) => {
                self.iterate(root, depth.clamp(1, empty_cells.max(1)), &mut found);
            }
            // A finished game needs no search.
            Depth::Within(_) if found.searched_for.is_empty() => {}
            Depth::Within(limits) => self.deepen(root, limits, &mut found),
        }
        found.every_move(root, self.root.policy, self.core.settings().scoring);
        found
    }

    /// Sets the driver up for a search of `root` (see [`Driver::search`]) and the answer it starts from: the score
    /// of a finished game, and no move.
    fn start(&mut self, root: &Grid, root_policy: Root, depth: Depth, mirrors: bool) -> Found {
        self.start_ms = self.core.now_ms();
        self.set_budget(match depth {
            Depth::Fixed(_) => f64::INFINITY,
            Depth::Within(limits) => f64::from(limits.time_ms),
        });
        let cells = root.shape().cells();
        let representative = if mirrors {
            self.core.windows().representatives(root)
        } else {
            (0..cells).collect()
        };
        self.root = RootRecord {
            searched: (0..cells)
                .map(|cell| representative[cell] == cell)
                .collect(),
            scores: match root_policy {
                Root::Best => Vec::new(),
                Root::Ties | Root::Each => vec![None; cells],
            },
            ..RootRecord::new(root_policy)
        };
        let lost = self.core.windows().line(root.last_movers_stones());
        let over = if lost { root.marks() as i32 - WIN } else { 0 };
        // A game that nobody has won is over only when the board is full: its legal moves are its empty cells.
        let legal = if lost { Bits::EMPTY } else { root.empty_bits() };
        Found {
            score: score_of(root, over, true),
            best: None,
            moves: Vec::new(),
            depth: 0,
            iterations: Vec::new(),
            timed_out: false,
            fixed: matches!(depth, Depth::Fixed(_)),
            raw: 0,
            searched_for: legal
                .iter()
                .map(|bit| root.shape().cell_of(bit))
                .map(|cell| (cell, representative[cell]))
                .collect(),
            by_cell: vec![None; cells],
        }
    }

    /// Iterative deepening from `root` within `limits`, recorded in `found`.
    fn deepen(&mut self, root: &Grid, limits: Limits, found: &mut Found) {
        let empty_cells = root.empty_cells() as u32;
        let deepest = limits.max_depth.unwrap_or(u32::MAX).clamp(1, empty_cells);
        let mut may_attempt_proof = deepest == empty_cells && deepest <= PROOF_ATTEMPT_EMPTY_CELLS;
        let mut depth = 1;
        let mut pace = Pace::default();
        while depth <= deepest {
            // Depth 1 always completes, so that there is a move.
            self.core.allow_stop(depth > 1);
            let Some(proved) = self.iterate(root, depth, found) else {
                found.timed_out = true;
                break;
            };
            let elapsed_ms = self.core.now_ms() - self.start_ms;
            if proved {
                break;
            }
            // On a large board an iteration whose best move is the last ones' and whose score holds is worth less
            // time than one that changed its mind (see [`Pace`]).
            let share =
                if self.core.settings().threats_before_the_end && self.root.policy == Root::Best {
                    pace.share(depth, found.best, found.raw)
                } else {
                    1.0
                };
            if elapsed_ms >= self.budget_ms * share && depth < deepest {
                found.timed_out = true;
                break;
            }
            if may_attempt_proof
                && depth >= 2
                && depth < deepest
                && elapsed_ms < self.budget_ms / 2.0
            {
                may_attempt_proof = false;
                if self.attempt_proof(root, deepest, elapsed_ms, found) {
                    break;
                }
            }
            depth += 1;
        }
    }

    /// A search straight to the end, `deepest` plies, with half the time left after `elapsed_ms`: whether it
    /// proved the result. If it runs out of time it is dropped; a search of every move then forgets the table,
    /// whose deeper entries would answer the next iterations with deeper estimates than theirs (see
    /// [`think_moves`]).
    fn attempt_proof(
        &mut self,
        root: &Grid,
        deepest: u32,
        elapsed_ms: f64,
        found: &mut Found,
    ) -> bool {
        let budget_ms = self.budget_ms;
        self.set_budget(elapsed_ms + (budget_ms - elapsed_ms) / 2.0);
        let proved = self.iterate(root, deepest, found);
        self.set_budget(budget_ms);
        self.core.resume();
        if proved.is_none() && self.root.policy == Root::Each {
            self.core.forget();
        }
        proved == Some(true)
    }

    /// One search of `root`, `depth` plies deep, recorded in `found`: whether it proved the result (every move's,
    /// for a search of every move), or `None` if the time ran out first (and then only the list of iterations
    /// and the moves it proved change).
    fn iterate(&mut self, root: &Grid, depth: u32, found: &mut Found) -> Option<bool> {
        let (nodes, horizon, inexact) = (
            self.core.counts().nodes,
            self.core.counts().horizon,
            self.core.counts().inexact,
        );
        let start_ms = self.core.now_ms();
        self.root.best = None;
        self.root.scores.fill(None);
        let guess = (found.depth > 0 && found.raw.abs() < DECISIVE).then_some(found.raw);
        let raw = self.root_search(root, depth, guess);
        let mut iteration = Iteration {
            depth,
            nodes: self.core.counts().nodes - nodes,
            ms: self.core.now_ms() - start_ms,
            best: None,
            verdict: None,
        };
        let quickest = self.core.counts().inexact == inexact;
        let every_move_proved = self.keep_moves(root, depth, quickest, found);
        if self.core.stopped() {
            self.keep_better_move(found);
            found.iterations.push(iteration);
            return None;
        }
        let proved = match self.root.policy {
            Root::Best => {
                let complete = self.core.counts().horizon == horizon;
                let proved = found.fixed || proves(root, raw, depth, complete, quickest);
                found.score = score_of(root, raw, proved);
                found.best = self.root.best;
                found.raw = raw;
                proved
            }
            Root::Ties | Root::Each => {
                found.settle_best(root);
                every_move_proved
            }
        };
        iteration.best = found.best;
        iteration.verdict = Some(found.score);
        found.iterations.push(iteration);
        found.depth = depth;
        Some(proved)
    }

    /// The root's number, `depth` plies deep: with [`Config::learned_order`], a search of the best move from depth
    /// [`ASPIRATION_FROM_DEPTH`] on looks first within [`ASPIRATION`] of the last iteration's `guess` (an
    /// aspiration window, which cuts more), and again with the window opened on the side it fell out of.
    fn root_search(&mut self, root: &Grid, depth: u32, guess: Option<i32>) -> i32 {
        let aspire = self.core.settings().learned_order
            && self.root.policy == Root::Best
            && depth >= ASPIRATION_FROM_DEPTH;
        self.root.first = None;
        self.alpha = -INFINITY;
        let Some(guess) = guess.filter(|_| aspire) else {
            return self
                .core
                .negamax(root, (-INFINITY, INFINITY), depth, &mut self.root);
        };
        let (mut alpha, mut beta) = (guess - ASPIRATION, guess + ASPIRATION);
        loop {
            self.root.first = None;
            self.alpha = alpha;
            let raw = self
                .core
                .negamax(root, (alpha, beta), depth, &mut self.root);
            if self.core.stopped() {
                return raw;
            }
            if raw <= alpha {
                alpha = -INFINITY;
            } else if raw >= beta {
                beta = INFINITY;
            } else {
                return raw;
            }
        }
    }

    /// With [`Config::learned_order`], after an iteration of the best move that the clock stopped: its best move
    /// if the last iteration's best was searched first and another move's search then finished with a better score
    /// (one above the root's alpha, so exact or a lower bound, not a fail-low's bound). Engines keep such a move:
    /// the iteration saw it beat the move the last one chose.
    fn keep_better_move(&mut self, found: &mut Found) {
        if !self.core.settings().learned_order
            || self.root.policy != Root::Best
            || found.best.is_none()
        {
            return;
        }
        let searched_last_best = self.root.first == found.best;
        if searched_last_best && self.root.best != found.best && self.root.best_score > self.alpha {
            found.best = self.root.best;
        }
    }

    /// Keeps in `found` what the last search of `depth` plies found of each move at the root (only its proofs, if
    /// the clock stopped it): a proved move is not searched again. `quickest` when the wins it found within its
    /// depth are the quickest (see [`proves`]). Whether every move searched is now proved.
    fn keep_moves(&mut self, root: &Grid, depth: u32, quickest: bool, found: &mut Found) -> bool {
        for cell in 0..self.root.scores.len() {
            let Some((raw, complete)) = self.root.scores[cell] else {
                continue;
            };
            let proved = found.fixed || proves(root, raw, depth, complete, quickest);
            if proved || !self.core.stopped() {
                found.by_cell[cell] = Some((raw, proved));
            }
            if proved {
                self.root.searched[cell] = false;
            }
        }
        found
            .searched_for
            .iter()
            .all(|&(_, searched)| found.by_cell[searched].is_some_and(|(_, proved)| proved))
    }
}

impl Found {
    /// Fills in every legal move of `root` with its score, a mirror-image move with its representative's; none
    /// for a search of the root's best move. Plain scores (+1, 0, -1) say nothing of how soon the game ends, so
    /// they are no proved value: they are kept as they are, as estimates.
    fn every_move(&mut self, root: &Grid, root_policy: Root, scoring: Scoring) {
        if root_policy == Root::Best {
            return;
        }
        for &(cell, searched) in &self.searched_for {
            if let Some((raw, proved)) = self.by_cell[searched] {
                let score = match scoring {
                    Scoring::DepthAware => score_of(root, raw, proved),
                    Scoring::Plain => Score::Estimate(raw),
                };
                self.moves.push((cell, score));
            }
        }
    }

    /// Takes the best of the moves searched so far as the best move, and its score as the position's.
    fn settle_best(&mut self, root: &Grid) {
        let best = (0..self.by_cell.len())
            .filter_map(|cell| self.by_cell[cell].map(|(raw, proved)| (cell, raw, proved)))
            .min_by_key(|&(cell, raw, _)| (std::cmp::Reverse(raw), cell));
        if let Some((cell, raw, proved)) = best {
            self.best = Some(cell);
            self.score = score_of(root, raw, proved);
        }
    }
}

/// Whether a search of `root` `depth` plies deep that found `raw` proved it: its search reached every end of
/// the game (`complete`, or a search as deep as the empty cells), or `raw` is a forced win or loss within its
/// reach, found by a search that saw every quicker one (`quickest`: no win from the threat search, no reduced
/// move). The tactics see one ply past the horizon (a loss to two threats); a win or loss further off came from
/// the table, where a deeper search left it, and a quicker one may lie beyond this horizon unseen: its outcome is
/// sure, its distance is not.
fn proves(root: &Grid, raw: i32, depth: u32, complete: bool, quickest: bool) -> bool {
    let in_reach = quickest
        && raw.abs() >= DECISIVE
        && score_of(root, raw, true)
            .value()
            .is_some_and(|value| value.plies <= depth + 1);
    complete || in_reach || depth >= root.empty_cells() as u32
}

/// The score of the search's `raw` for the side to move at `root`.
fn score_of(root: &Grid, raw: i32, proved: bool) -> Score {
    let (marks, cells) = (root.marks() as u32, root.shape().cells() as u32);
    Score::from_search(raw, proved, marks, cells)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::settings::QuietMoves;
    use crate::{Shape, SteppingClock, StoppedClock};

    /// The positions a search of `position` to `depth` with `settings` visits, for the engine's own move.
    fn nodes(position: &Grid, settings: Config, depth: u32) -> u64 {
        with_driver(position, settings, &mut StoppedClock, |driver| {
            driver.search(position, Root::Best, Depth::Fixed(depth), false);
            driver.counts().nodes
        })
    }

    /// A quiet 15x15 position of 8 stones: nobody threatens anything.
    fn quiet_large_board() -> Grid {
        let quiet = ".............../.............../.......O......./....X.O......../.....OX......../\
                     ....X..X......./....O........../.............../.............../.............../\
                     .............../.............../.............../.............../...............";
        Grid::parse(quiet, Shape::new(15, 15, 5).unwrap()).unwrap()
    }

    /// On 15x15 the moves searched are those near the stones: that leaves moves out but does not narrow them to
    /// the threats, so the reductions and the futility pruning run there.
    #[test]
    fn reductions_and_futility_prune_a_quiet_large_board() {
        let position = quiet_large_board();
        // Without the open threes answered at the horizon, whose extra plies would blur what is measured here.
        let all = Config {
            horizon_threes: None,
            ..Config::deepening(&position, true)
        };
        let pruned = nodes(&position, all, 5);
        let unreduced = nodes(
            &position,
            Config {
                reductions: false,
                ..all
            },
            5,
        );
        let no_futility = nodes(
            &position,
            Config {
                futility: false,
                ..all
            },
            5,
        );
        // 654 and 944 positions when written (681 without futility pruning).
        assert!(
            pruned < unreduced,
            "{pruned} positions, {unreduced} without reductions"
        );
        assert!(
            pruned < no_futility,
            "{pruned} positions, {no_futility} without futility pruning"
        );
    }

    /// However late the search starts (on a clock a second later at each look), a short win by continuous fours
    /// at the root is found and played: X's threes on row 14 and down column f meet at f14, which makes two fours
    /// (the e2e test's position).
    #[test]
    fn a_short_win_by_fours_is_found_on_a_clock_already_late() {
        let position = Grid::parse(
            ".............../.OXXX........../.....X........./.....X........./.....X........./\
             O..O.O........./...O.........../.............../.............../.............../\
             .............../.............../.............O./.............../...............",
            Shape::new(15, 15, 5).unwrap(),
        )
        .unwrap();
        let thought = think(
            &position,
            Limits::default(),
            &mut SteppingClock::new(1000.0),
        );
        let forced = thought.forced.expect("the win by fours");
        assert_eq!(forced.kind, ForcedKind::Fours);
        // f14: row 1 from the top, column 5.
        assert_eq!(thought.best, Some(20));
    }

    /// O's three on row 8 (f8 to h8) must be blocked, at e8 or at i8. After e8, O wins by fours and threes (in 11
    /// plies, by Rapfi at full strength), and after i8 X wins: the engine played e8 in a browser game before the
    /// root's first move had the larger search for the opponent's win (now every move about to become the best
    /// has it).
    #[test]
    fn the_best_move_is_checked_for_the_opponents_win_by_threes() {
        let position = Grid::parse(
            ".............../.............../.............../.............../.........X...../\
             ........X....../......O......../.....OOO.X...../........X....../.............../\
             .............../.............../.............../.............../...............",
            Shape::new(15, 15, 5).unwrap(),
        )
        .unwrap();
        let (e8, i8) = (7 * 15 + 4, 7 * 15 + 8);
        let thought = think(&position, Limits::default(), &mut SteppingClock::new(0.01));
        assert_eq!(thought.best, Some(i8), "not e8 ({e8}) but i8");
    }

    /// A balanced opening of the Rapfi matches, X (Black) to move. The engine played j6 here at 1000 ms, and O
    /// won by fours and threes (in 13 plies, by Rapfi at a million positions; the engine's own root search finds
    /// it in 23 plies after 3,001 positions), when only the first move of each iteration had the larger search
    /// for O's win. Every move about to become the best now has it, so the move played leaves O no such win.
    #[test]
    fn each_move_that_becomes_the_best_is_checked_for_the_opponents_win_by_threes() {
        let shape = Shape::new(15, 15, 5).unwrap();
        let position = Grid::parse(
            ".............../.............../.............../.............../.............../\
             ..........X..../.............../.............../.......O..X..../....O........../\
             ....O.....X..../.............../.............../.............../...............",
            shape,
        )
        .unwrap();
        let o_wins_after = |cell| {
            let after = position.try_play(cell).unwrap();
            think(&after, Limits::default(), &mut SteppingClock::new(0.01)).forced
        };
        let j6 = 9 * 15 + 9;
        assert!(o_wins_after(j6).is_some(), "O wins after j6");
        let thought = think(&position, Limits::default(), &mut SteppingClock::new(0.01));
        let best = thought.best.expect("a move");
        assert_eq!(o_wins_after(best), None, "O wins after cell {best}");
    }

    /// X makes an open three on row 8 with its root move. At depth 1 the position after it is at the horizon with
    /// O to move, and the evaluation there counts X's three as most of a win; with the open threes answered at the
    /// horizon, O's blocks are searched first, and the root's score is what X keeps after the best of them (1,107
    /// in 13 positions when written, where the evaluation gave 3,067 in 6).
    #[test]
    fn an_open_three_at_the_horizon_is_answered_before_it_is_evaluated() {
        let position = Grid::parse(
            "O............../.............../.............../.............../.............../\
             .............../.............../......XX......./.............../.............../\
             .............../.............../.............../.............../..............O",
            Shape::new(15, 15, 5).unwrap(),
        )
        .unwrap();
        let search = |settings: Config| {
            with_driver(&position, settings, &mut StoppedClock, |driver| {
                let found = driver.search(&position, Root::Best, Depth::Fixed(1), false);
                (found.raw, driver.counts().nodes)
            })
        };
        let answered = Config::deepening(&position, true);
        assert!(answered.horizon_threes.is_some());
        let (score, nodes) = search(answered);
        let (unanswered, fewer) = search(Config {
            horizon_threes: None,
            ..answered
        });
        assert!(
            score < unanswered,
            "{score} with the blocks searched, {unanswered} without"
        );
        assert!(nodes > fewer, "{nodes} positions, {fewer} without");
    }

    /// A position at the horizon whose evaluation already reaches beta stands on it: the side to move's win by
    /// continuous fours is looked for only where it could change the cut. X to move wins by fours in 5 here.
    #[test]
    fn the_horizon_stands_pat_where_the_evaluation_reaches_beta() {
        let position = Grid::parse(
            "O.............O/.............../.............../.............../.............../\
             .......X......./.......X......./...OXXX......../.............../.............../\
             .............../.............../.............../.............../O.............O",
            Shape::new(15, 15, 5).unwrap(),
        )
        .unwrap();
        let settings = Config::deepening(&position, true);
        let evaluation = Lines::new(&position).evaluate(Player::X);
        // The root searched to depth 0 is scored at the horizon, with the null window just below `beta`.
        let horizon = |beta: i32| {
            with_windows(position.shape(), |windows| {
                let mut clock = StoppedClock;
                let mut core = Core::new(settings, windows, &mut clock, None);
                core.set_budget(0.0, f64::INFINITY);
                let score = core.negamax(
                    &position,
                    (beta - 1, beta),
                    0,
                    &mut RootRecord::new(Root::Best),
                );
                (score, core.threat_nodes())
            })
        };
        assert_eq!(horizon(evaluation), (evaluation, 0));
        let (score, threat_nodes) = horizon(evaluation + 1);
        assert!(score > DECISIVE, "{score}: the win by fours");
        assert!(threat_nodes > 0);
    }

    #[test]
    fn a_quiet_node_of_a_large_board_tries_its_first_moves_only() {
        let position = quiet_large_board();
        // Without the open threes answered at the horizon, so that a move past the cap costs one position.
        let capped = Config {
            horizon_threes: None,
            ..Config::deepening(&position, true)
        };
        assert!(capped.quiet_moves.is_some());
        let every_move = Config {
            quiet_moves: None,
            ..capped
        };
        let (few, all) = (nodes(&position, capped, 5), nodes(&position, every_move, 5));
        // 1,980 and 6,832 positions (654 when 8 moves were tried above the horizon).
        assert!(few * 3 < all, "{few} positions, {all} with every move");
        // Near the horizon fewer: at depth 1 the root tries `near` moves, not `far`. The moves past `near` are
        // quiet here, a position each (a four would add the block of it at the horizon).
        let quiet = capped.quiet_moves.unwrap();
        assert!(quiet.near < quiet.far);
        let far_everywhere = Config {
            quiet_moves: Some(QuietMoves {
                near: quiet.far,
                ..quiet
            }),
            ..capped
        };
        let (near, far) = (
            nodes(&position, capped, 1),
            nodes(&position, far_everywhere, 1),
        );
        assert_eq!(far - near, (quiet.far - quiet.near) as u64);
        // A small board keeps every move: its searches prove.
        let small = Grid::empty(Shape::new(6, 6, 4).unwrap());
        assert_eq!(Config::deepening(&small, true).quiet_moves, None);
    }
}
