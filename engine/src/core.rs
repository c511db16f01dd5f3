//! The one search loop: negamax with alpha-beta, a transposition table, tactics and an evaluation, over a
//! [`Grid`] of any shape, watched by whoever asks. `search.rs` drives it: the depths, the clock, the answers.

use super::bits::Bits;
use super::clock::Clock;
use super::grid::{Grid, Player};
use super::lines::Lines;
use super::ordering::Ordering;
use super::score::{DECISIVE, INFINITY, WIN};
use super::settings::{Config, Memory, Scoring};
use super::table::{Entry, EntryBound, KeyedTable, Keys, COMPLETE, NO_MOVE};
use super::tactics::{Tactics, Windows};
use super::threats::{ForcedKind, ThreatLimits, ThreatWin, Threats};
use std::ops::ControlFlow;

/// Nodes between two looks at the clock: often enough to stop within a millisecond or two (a node with its
/// pattern update costs a few microseconds), rarely enough to cost nothing. A threat search at a node looks at the
/// clock itself, as it begins and every few dozen of its own positions.
const CLOCK_EVERY: u64 = 256;
/// The most fours in a row the search for continuous fours at a node tries.
const NODE_FOURS: u32 = 12;
/// The most positions the search for continuous fours at a node visits.
const NODE_FOURS_POSITIONS: u64 = 400;
/// The most attacking moves the search for fours and threes at a node tries before continuous fours.
const NODE_THREATS: u32 = 3;
/// The most positions the search for fours and threes at a node visits.
const NODE_THREATS_POSITIONS: u64 = 3_000;
/// A root move about to become the best (the move most likely played) has a search for the opponent's win by
/// fours and threes after it with larger limits than a node's, once a move: a win the smaller search misses there
/// loses the game (a browser game was lost to one that takes 5,794 positions searched alone, over 25,000 after
/// the searches before it in the same move). Its positions follow the search's time, so that a short move does
/// not spend most of its time on them: 100,000 at a second (against Rapfi, 45% where 30,000 scored 42%; many of
/// the wins that start after the engine's move take more than 30,000: `docs/gomoku.md`).
const BEST_MOVE_THREATS: u32 = 10;
const BEST_MOVE_THREATS_PER_MS: f64 = 100.0;
const BEST_MOVE_THREATS_POSITIONS: u64 = 100_000;
/// Moves tried at full depth before late move reductions start.
const FULL_DEPTH_MOVES: u32 = 3;
/// The shallowest depth at which a move is reduced.
const REDUCTION_FROM_DEPTH: u32 = 3;
/// The shallowest depth at which a node without a move from the table first searches itself two plies shallower
/// (internal iterative deepening), to have one.
const INTERNAL_DEEPENING_FROM: u32 = 5;
/// One ply above the horizon, what a quiet move may gain beyond the estimate of [`Lines::quiet_gain`] (about one
/// and a half open threes' weight in `weights.txt`): a move whose estimate falls short of alpha by more is not
/// searched.
const FUTILITY_MARGIN: i32 = 120;
/// The most positions the threat search visits for the opponent's win at a node, with [`Config::defence`].
const DEFENCE_POSITIONS: u64 = 3_000;

/// Keeps only the first `most` of `moves`, the node being quiet ([`Config::quiet_moves`]); whether it left some
/// out.
fn keep_first(most: Option<usize>, moves: &mut Vec<usize>) -> bool {
    match most {
        Some(most) if moves.len() > most => {
            moves.truncate(most);
            true
        }
        _ => false,
    }
}

/// What the root of a search is asked. The loop searches the root like any other node, with this policy.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Root {
    /// The root's score and one best move: alpha-beta at the root too, tactics included.
    Best,
    /// Every move of the best score: each move after the first is searched with a window just below the best so
    /// far, so that a result inside it is exact (a tie is found) and one at its floor is worse.
    Ties,
    /// Every move's exact score: each move with the full window.
    Each,
}

/// What a search tells whoever watches it run: the step-by-step trace of `trace.rs` is one, so that it shows
/// the engine's own loop rather than a copy of it. Every method does nothing unless overridden.
///
/// Everything is in the loop's negamax terms: a window `(alpha, beta)` and scores are from the point of view of
/// the side to move at `position`, with `alpha < beta` whenever a position is entered with pruning on. The
/// infinities of a full window are `-INFINITY` and `INFINITY`, which no score reaches.
pub(crate) trait Observer {
    /// The search enters `position` with the window `(alpha, beta)`, before it looks at anything, the
    /// transposition table included.
    fn visit(&mut self, _position: &Grid, _alpha: i32, _beta: i32) {}

    /// At `position`, the score of the child just searched, `best` (the best so far), reached `beta` (or is a
    /// win with the next move, when the search stops there) while moves remain: the search tries none of them.
    /// `alpha` is the node's alpha before that child, which does not raise it. Not called when the child was the
    /// position's last move: nothing is skipped.
    fn cut(&mut self, _position: &Grid, _alpha: i32, _beta: i32, _best: i32) {}

    /// `position`'s score is final: `score` (a finished game's score, a remembered one, or the best of the
    /// children searched). `alpha` is the node's alpha as it ended: raised by each child that improved on it,
    /// except one that caused a cut-off.
    fn leave(&mut self, _position: &Grid, _alpha: i32, _beta: i32, _score: i32) {}
}

/// The one search loop. Every search of the engine is this loop with other [`Config`] (the textbook alpha-beta
/// that the step trace watches, plain minimax, the +1/0/-1 scores of many write-ups, the engine's exact search,
/// the deepening search within a time) and a question for its root ([`Root`]): one best move, every best move, or
/// every move's score. The driver (`search.rs`) sets its budget, lends it the root's record for each search of the
/// root, and reads its counts.
///
/// What the game knows (its moves in a good order, the forced replies to a threat, its evaluation) is in
/// `tactics.rs`; how it remembers positions, in `table.rs`. What a caller may watch is an [`Observer`], whose
/// methods do nothing unless overridden; a search that nobody watches only tests that there is no observer.
///
/// Scores are the loop's numbers from the side to move's point of view (see `score.rs`). Node counts are the
/// positions the loop entered, the root and a position answered from the table included.
pub(crate) struct Core<'c> {
    settings: Config,
    clock: &'c mut dyn Clock,
    /// Whoever watches the search (the engine's own searches have nobody).
    observer: Option<&'c mut dyn Observer>,
    table: KeyedTable,
    /// The windows of the board searched, and the scratch space of the tactics and of the loop.
    windows: &'c mut Windows,
    /// The driver's record of the root, while the loop searches it (see [`Core::negamax`]).
    root: RootRecord,
    /// When the clock started, and the milliseconds the search may take from then.
    start_ms: f64,
    budget_ms: f64,
    /// Whether the clock may stop the search, and whether it has.
    may_stop: bool,
    stopped: bool,
    counts: NodeCounts,
    /// The patterns of the position searched, kept move by move ([`Config::patterns`]).
    lines: Option<Lines>,
    /// The threat search ([`Config::threats`]), with its table.
    threats: Threats,
    /// Whether this search uses the threat search ([`Config::threats_before_the_end`]).
    threats_on: bool,
    /// The ply below which a position at the horizon facing an open three is searched one ply more, in the
    /// iteration in progress (see [`Config::horizon_threes`]); 0 for none.
    horizon_threes_until: usize,
    /// The killers and the history ([`Config::learned_order`]).
    ordering: Ordering,
}

/// What the loop counts as it searches, over every search of a core.
#[derive(Clone, Copy, Debug, Default)]
pub(crate) struct NodeCounts {
    /// Positions entered, the root included; a position answered from the table counts.
    pub(crate) nodes: u64,
    /// Positions left open at the horizon (or answered from a depth-limited entry): while it does not grow, the
    /// search is reaching every end of the game.
    pub(crate) horizon: u64,
    pub(crate) table_hits: u64,
    pub(crate) cutoffs: u64,
    pub(crate) first_move_cutoffs: u64,
    /// Results that make a win's distance a bound rather than exact: a win found by the threat search, a
    /// reduced move, a node whose moves were narrowed to the threats. While it does not grow in an iteration, a
    /// win found within its depth is the quickest (see `search.rs`).
    pub(crate) inexact: u64,
    /// Nodes whose moves were narrowed to the defences against the opponent's win by threats
    /// ([`Config::defence`]).
    pub(crate) defended: u64,
}

/// What the root of a search is asked and what the loop found there: the driver's, lent to the loop for each
/// search of the root, which writes it at ply 0 only.
#[derive(Clone, Debug)]
pub(crate) struct RootRecord {
    /// What the root is asked.
    pub(crate) policy: Root,
    /// By cell, whether each move is searched (one per set of mirror-image moves, and not a move already
    /// proved); empty for all.
    pub(crate) searched: Vec<bool>,
    /// By cell, the score of each move searched (for the root's side) and whether its search reached every end
    /// of the game; empty when nobody reads them.
    pub(crate) scores: Vec<Option<(i32, bool)>>,
    /// The best move so far.
    pub(crate) best: Option<usize>,
    /// The first move whose search finished, and the best move's score, so that a search the clock stops can
    /// still change the move (see `search.rs`).
    pub(crate) first: Option<usize>,
    pub(crate) best_score: i32,
    /// The keys of the positions after the root moves checked for the opponent's win by fours and threes with
    /// larger limits (see [`Core::checked_root_move`]), each with the plies of the win found: once a search is
    /// enough, and a later iteration, which would search the move as before, needs what it found.
    pub(crate) checked: Vec<(u64, Option<u32>)>,
}

impl RootRecord {
    /// A root asked `policy`, every move searched, no score kept.
    pub(crate) fn new(policy: Root) -> RootRecord {
        RootRecord {
            policy,
            searched: Vec::new(),
            scores: Vec::new(),
            best: None,
            first: None,
            best_score: -INFINITY,
            checked: Vec::new(),
        }
    }
}

impl<'c> Core<'c> {
    /// A core with `settings` for positions on the board of `windows` (see [`super::tactics::with_windows`]),
    /// reading `clock` (which only a search within a time looks at), reporting to `observer` if any.
    pub(crate) fn new(
        settings: Config,
        windows: &'c mut Windows,
        clock: &'c mut dyn Clock,
        observer: Option<&'c mut dyn Observer>,
    ) -> Core<'c> {
        debug_assert!(
            settings.patterns || !settings.evaluation,
            "the evaluation is the patterns': a search that evaluates keeps them"
        );
        Core {
            settings,
            clock,
            observer,
            table: KeyedTable::with_bits(settings.table_bits),
            windows,
            root: RootRecord::new(Root::Best),
            start_ms: 0.0,
            budget_ms: 0.0,
            may_stop: false,
            stopped: false,
            counts: NodeCounts::default(),
            lines: None,
            threats: Threats::new(),
            threats_on: false,
            horizon_threes_until: 0,
            ordering: Ordering::default(),
        }
    }

    /// The core with the memory of earlier searches: their table and the threat search's.
    pub(crate) fn with_memory(self, table: KeyedTable, threats: Threats) -> Core<'c> {
        Core {
            table,
            threats,
            ..self
        }
    }

    /// The memory of its searches, for the next core: the table and the threat search's.
    pub(crate) fn into_memory(self) -> (KeyedTable, Threats) {
        (self.table, self.threats)
    }

    /// Forgets every position the table remembers.
    pub(crate) fn forget(&mut self) {
        self.table = KeyedTable::with_bits(self.settings.table_bits);
    }

    pub(crate) fn settings(&self) -> &Config {
        &self.settings
    }

    pub(crate) fn windows(&self) -> &Windows {
        self.windows
    }

    pub(crate) fn counts(&self) -> NodeCounts {
        self.counts
    }

    /// Positions the threat search visited, over every search of the core.
    pub(crate) fn threat_nodes(&self) -> u64 {
        self.threats.nodes
    }

    pub(crate) fn now_ms(&mut self) -> f64 {
        self.clock.now_ms()
    }

    /// The search may take `budget_ms` from `start_ms` (the threat searches too); the loop stops at its end only
    /// once allowed to (see [`Core::allow_stop`]).
    pub(crate) fn set_budget(&mut self, start_ms: f64, budget_ms: f64) {
        self.start_ms = start_ms;
        self.budget_ms = budget_ms;
    }

    /// Whether the clock may stop the search: not before it has a move.
    pub(crate) fn allow_stop(&mut self, may_stop: bool) {
        self.may_stop = may_stop;
    }

    /// Whether the clock stopped the search; a search stopped returns a meaningless number, to be dropped.
    pub(crate) fn stopped(&self) -> bool {
        self.stopped
    }

    /// Lets the search go on after a stop, with the budget set since.
    pub(crate) fn resume(&mut self) {
        self.stopped = false;
    }

    /// A forced win of `attacker` in `lines` of `kind`, by the threat search within `limits`.
    pub(crate) fn forced_win(
        &mut self,
        lines: &mut Lines,
        attacker: Player,
        kind: ForcedKind,
        limits: ThreatLimits,
    ) -> Option<ThreatWin> {
        self.threats
            .forced_win(lines, attacker, kind, limits, &mut *self.clock)
    }

    /// The negamax score of the root `position` within `(alpha, beta)`, `depth` plies deep, asked and recorded in
    /// `root` (lent to the loop for this search); fail-soft (a score at or below `alpha` is an upper bound, at or
    /// above `beta` a lower bound, one strictly between them exact). A position still open at the horizon scores
    /// its evaluation, or 0 like a draw without one. Returns 0 once the time is up: the caller then drops the
    /// search.
    pub(crate) fn negamax(
        &mut self,
        position: &Grid,
        (alpha, beta): (i32, i32),
        depth: u32,
        root: &mut RootRecord,
    ) -> i32 {
        std::mem::swap(&mut self.root, root);
        let score = self.search_root(position, (alpha, beta), depth);
        std::mem::swap(&mut self.root, root);
        score
    }

    /// [`Core::negamax`], with the root's record in place.
    fn search_root(&mut self, position: &Grid, (alpha, beta): (i32, i32), depth: u32) -> i32 {
        let keys = if self.settings.memory == Memory::Off {
            Keys::default()
        } else {
            Keys::of(position, |bit| *self.windows.images(bit))
        };
        let arrival = Arrival {
            may_be_lost: true,
            last: None,
        };
        let at = At { depth, ply: 0 };
        if self.settings.patterns {
            self.lines = Some(Lines::new(position));
        }
        self.threats_on = self.settings.threats.is_some()
            && (self.settings.threats_before_the_end || depth >= position.empty_cells() as u32);
        self.horizon_threes_until = self
            .settings
            .horizon_threes
            .map_or(0, |plies| (depth + plies) as usize);
        // The search plays and takes back its moves on one board.
        let mut position = *position;
        self.node(&mut position, &keys, alpha, beta, at, arrival)
    }

    /// [`Core::negamax`], with the position's keys and what the parent knows of it.
    fn node(
        &mut self,
        position: &mut Grid,
        keys: &Keys,
        mut alpha: i32,
        beta: i32,
        at: At,
        arrival: Arrival,
    ) -> i32 {
        self.counts.nodes += 1;
        if self.may_stop && self.counts.nodes % CLOCK_EVERY == 0 {
            self.stopped = self.clock.now_ms() - self.start_ms >= self.budget_ms;
        }
        if self.stopped {
            return 0;
        }
        if let Some(observer) = &mut self.observer {
            observer.visit(position, alpha, beta);
        }
        // Every way out of the node leaves `score`, so that the observer hears of each score exactly once.
        let score = self.score(position, keys, &mut alpha, beta, at, arrival);
        if let Some(observer) = &mut self.observer {
            observer.leave(position, alpha, beta, score);
        }
        score
    }

    /// A node's score: settled without a search where its marks, the horizon or the table settle it, else searched.
    fn score(
        &mut self,
        position: &mut Grid,
        keys: &Keys,
        alpha: &mut i32,
        beta: i32,
        at: At,
        arrival: Arrival,
    ) -> i32 {
        let marks = position.marks() as i32;
        let lost = || match arrival.last {
            Some(bit) => self
                .windows
                .line_through(position.last_movers_stones(), bit),
            None => self.windows.line(position.last_movers_stones()),
        };
        if arrival.may_be_lost && lost() {
            // The terminal score, written once.
            return match self.settings.scoring {
                Scoring::DepthAware => marks - WIN,
                Scoring::Plain => -1,
            };
        }
        let empty_cells = position.empty_cells() as u32;
        // The root is searched even when dead drawn, so that there is a move.
        if empty_cells == 0
            || (self.settings.dead_draws && at.ply > 0 && position.drawn(self.windows))
        {
            return 0;
        }
        let at = match at.depth {
            0 if self.faces_an_open_three(position, at) => At { depth: 1, ..at },
            0 => return self.horizon_score(position, keys, (*alpha, beta), at),
            _ => at,
        };
        // No position is worth more than a win with the next move, or less than a loss after the opponent's.
        let ceiling = WIN - (marks + 1);
        let floor = -(WIN - (marks + 2));
        if self.settings.mate_distance_bounds {
            if ceiling <= *alpha {
                return ceiling;
            }
            if floor >= beta {
                return floor;
            }
        }
        // A root asked for more than its best move has no one score to remember.
        let remember =
            self.remembers(at.depth, empty_cells) && (at.ply > 0 || self.root.policy == Root::Best);
        let table_move = if remember {
            match self.probe(position, keys, *alpha, beta, at) {
                ControlFlow::Break(score) => return score,
                ControlFlow::Continue(cell) => cell,
            }
        } else {
            None
        };
        let node = NodeState {
            narrowed: false,
            to_threats: false,
            checked: false,
            at,
            remember,
            ceiling,
            floor,
        };
        self.expand(position, keys, node, table_move, alpha, beta)
    }

    /// The moves of a node that nothing settled before: the tactics' answer where they find one (a win with the
    /// next move, or a loss to two threats, scored `node.ceiling` or `node.floor`), else the loop over the moves,
    /// the table's move first.
    fn expand(
        &mut self,
        position: &mut Grid,
        keys: &Keys,
        node: NodeState,
        table_move: Option<usize>,
        alpha: &mut i32,
        beta: i32,
    ) -> i32 {
        let ply = node.at.ply;
        let table_move = match table_move {
            None => self.deepened_move(position, keys, node, *alpha, beta),
            table_move => table_move,
        };
        if self.stopped {
            return 0;
        }
        let mut moves = self.windows.take_list(ply);
        // A root asked for every move's score tries every move, whatever the tactics would say.
        let settings = if ply == 0 && self.root.policy != Root::Best {
            Config {
                tactics: false,
                neighbourhood: None,
                quiet_moves: None,
                ..self.settings
            }
        } else {
            self.settings
        };
        let ordering = settings.learned_order.then_some(&self.ordering);
        let tactics = match &self.lines {
            Some(lines) => {
                position.pattern_tactics(lines, self.windows, (&settings, ordering), &mut moves)
            }
            None => position.tactics(self.windows, &settings, &mut moves),
        };
        let score = match tactics {
            Tactics::Win(cell) => self.settled(position, keys, node, node.ceiling, cell),
            // The loss comes after the opponent's next move: a search without the evaluation keeps to its
            // horizon, where every move scores 0, as the textbook's depth-limited minimax does.
            Tactics::Lost(cell) if node.at.depth < 2 && !settings.evaluation => {
                if ply == 0 {
                    self.root.best = Some(cell);
                }
                self.counts.horizon += 1;
                0
            }
            Tactics::Lost(cell) => self.settled(position, keys, node, node.floor, cell),
            Tactics::Search {
                narrowed,
                to_threats,
            } => match self.threat_cut(position, keys, node, beta) {
                Some(score) => score,
                None => {
                    let defended = self.defend(position, node, &mut moves);
                    let (narrowed, to_threats) = (narrowed || defended, to_threats || defended);
                    self.order_first(position, ply, table_move, &mut moves);
                    let most = settings.quiet_moves.map(|quiet| quiet.at(node.at.depth));
                    let kept_first = !to_threats && keep_first(most, &mut moves);
                    let checked = settings.tactics;
                    let node = NodeState {
                        narrowed: narrowed || kept_first,
                        to_threats,
                        checked,
                        ..node
                    };
                    self.search_moves(position, keys, &mut moves, node, alpha, beta)
                }
            },
        };
        self.windows.give_back_list(ply, moves);
        score
    }

    /// A win by threats for the side to move below the root (see [`Config::threats`]) that beats `beta`: its
    /// score, a lower bound (the win may come sooner), remembered as one and proved to the end of the game.
    fn threat_cut(
        &mut self,
        position: &Grid,
        keys: &Keys,
        node: NodeState,
        beta: i32,
    ) -> Option<i32> {
        if node.at.ply == 0 {
            return None;
        }
        let plies = self.threat_win(position, node.at.ply)?;
        let score = WIN - (position.marks() as i32 + plies as i32);
        if score < beta {
            return None;
        }
        self.counts.inexact += 1;
        if node.remember {
            self.store(position, keys, score, None, COMPLETE, EntryBound::Lower);
        }
        Some(score)
    }

    /// Plies to a win by continuous fours for the side to move of `position`, `ply` plies below the root, or by
    /// fours and threes near enough the root (see [`Config::threats`]); `None` if the threat search finds none
    /// within its limits. Stops the search if the clock runs out meanwhile.
    fn threat_win(&mut self, position: &Grid, ply: usize) -> Option<u32> {
        let threat_plies = self.settings.threats.filter(|_| self.threats_on)?;
        let lines = self.lines.as_mut()?;
        let mover = position.to_move();
        // Even in the first iteration, which always completes, a threat search stops with the clock: it then
        // finds nothing, and the iteration goes on without it.
        let mut limits = ThreatLimits {
            fours: NODE_FOURS,
            threats: NODE_THREATS,
            nodes: NODE_FOURS_POSITIONS,
            deadline_ms: self.start_ms + self.budget_ms,
        };
        let clock = &mut *self.clock;
        let (mut found, mut timed_out) = (None, false);
        if !lines.fours(mover).is_empty() {
            found = self.threats.fours_win(lines, mover, limits, clock);
            timed_out = self.threats.timed_out;
        }
        let near_root = u32::try_from(ply).is_ok_and(|ply| ply <= threat_plies);
        if found.is_none() && near_root && !lines.threats(mover).is_empty() {
            limits.nodes = NODE_THREATS_POSITIONS;
            found = self.threats.threats_win(lines, mover, limits, clock);
            timed_out |= self.threats.timed_out;
        }
        if timed_out && self.may_stop {
            self.stopped = true;
        }
        found
    }

    /// The score of a position still open at the horizon: its evaluation, or 0 like a draw without one. With the
    /// patterns: a win with the next move, or a loss to two fours, exactly; the evaluation where it reaches beta
    /// and the opponent has no four (a lower bound, as a quiescence search stands pat); a win by continuous fours
    /// as a win (its distance a bound); the one block of an opponent's four played first, since the position is
    /// not quiet; else the evaluation.
    fn horizon_score(
        &mut self,
        position: &mut Grid,
        keys: &Keys,
        window: (i32, i32),
        at: At,
    ) -> i32 {
        let marks = position.marks() as i32;
        let mover = position.to_move();
        // The evaluation is the patterns' (every search that evaluates keeps them): without them, 0 like a draw.
        let Some(lines) = &self.lines else {
            self.counts.horizon += 1;
            return 0;
        };
        let (wins, threats) = (lines.fives(mover), lines.fives(mover.opponent()));
        let (ceiling, floor) = (WIN - (marks + 1), -(WIN - (marks + 2)));
        if !wins.is_empty() {
            return ceiling;
        }
        if threats.count() >= 2 {
            return floor;
        }
        // Standing pat: where the opponent has no four to block and the evaluation already reaches beta, the
        // position cuts off as it is. A win by fours could only raise a score that cuts already, and looking for
        // one is most of what the horizon costs.
        let evaluation = lines.evaluate(mover);
        if threats.is_empty() && evaluation >= window.1 {
            self.counts.horizon += 1;
            return evaluation;
        }
        if let Some(plies) = self.threat_win(position, usize::MAX) {
            self.counts.horizon += 1;
            self.counts.inexact += 1;
            return WIN - (marks + plies as i32);
        }
        if let Some(bit) = threats.first() {
            let node = NodeState {
                narrowed: false,
                to_threats: false,
                // The side to move completes no line: the block does not either.
                checked: true,
                at,
                remember: false,
                ceiling,
                floor,
            };
            let cell = self.windows.cell_of(bit);
            return self.child(position, keys, cell, node, window, 0);
        }
        self.counts.horizon += 1;
        evaluation
    }

    /// Whether `position`, at the horizon, is searched one ply more ([`Config::horizon_threes`]): the opponent has
    /// an open three, the side to move no line to complete, and the ply is within the iteration's allowance.
    fn faces_an_open_three(&self, position: &Grid, at: At) -> bool {
        let Some(lines) = &self.lines else {
            return false;
        };
        let mover = position.to_move();
        at.ply < self.horizon_threes_until
            && lines.fives(mover).is_empty()
            && !lines.wins(mover.opponent()).is_empty()
    }

    /// Whether a node `depth` plies deep with `empty_cells` left is looked up in the table and stored in it.
    fn remembers(&self, depth: u32, empty_cells: u32) -> bool {
        match self.settings.memory {
            Memory::Off => false,
            Memory::Complete { from_empty_cells } => {
                depth >= empty_cells && empty_cells >= from_empty_cells
            }
            Memory::Deepening => true,
        }
    }

    /// What the table knows of `position`: a score that settles the node within `(alpha, beta)` at its depth,
    /// or else the best move it remembers, to be tried first.
    fn probe(
        &mut self,
        position: &Grid,
        keys: &Keys,
        alpha: i32,
        beta: i32,
        at: At,
    ) -> ControlFlow<i32, Option<usize>> {
        let shape = position.shape();
        let (key, frame) = keys.shared(shape);
        let Some(entry) = self.table.get(key) else {
            return ControlFlow::Continue(None);
        };
        let deep_enough = entry.depth == COMPLETE || u32::from(entry.depth) >= at.depth;
        let usable = match entry.bound {
            EntryBound::Exact => true,
            EntryBound::Lower => entry.score >= beta,
            EntryBound::Upper => entry.score <= alpha,
            EntryBound::Unused => false,
        };
        // The root is always searched, so that it names a move.
        if at.ply > 0 && deep_enough && usable {
            self.counts.table_hits += 1;
            if entry.depth != COMPLETE {
                self.counts.horizon += 1;
            }
            return ControlFlow::Break(entry.score);
        }
        ControlFlow::Continue(
            (entry.best != NO_MOVE).then(|| frame.inverse().image(shape, usize::from(entry.best))),
        )
    }

    /// The exact `score` of a position its tactics settle, with `cell` to play: remembered, so that the
    /// principal variation runs to the end of the game.
    fn settled(
        &mut self,
        position: &Grid,
        keys: &Keys,
        node: NodeState,
        score: i32,
        cell: usize,
    ) -> i32 {
        if node.at.ply == 0 {
            self.root.best = Some(cell);
        }
        if node.remember {
            self.store(
                position,
                keys,
                score,
                Some(cell),
                COMPLETE,
                EntryBound::Exact,
            );
        }
        score
    }

    /// The loop over the moves of a position, in the order given; raises `alpha` with each child that improves on
    /// it, except one that causes a cut-off. At the root, each move's window is the root policy's.
    fn search_moves(
        &mut self,
        position: &mut Grid,
        keys: &Keys,
        moves: &mut Vec<usize>,
        node: NodeState,
        alpha: &mut i32,
        beta: i32,
    ) -> i32 {
        let original_alpha = *alpha;
        let horizon = self.counts.horizon;
        let mut best = -INFINITY;
        let mut best_move = None;
        let mut widened = !node.narrowed;
        let (mut next, mut tried) = (0, 0);
        loop {
            if next == moves.len() {
                // Every move tried loses: before calling the position lost, try the others.
                if !widened && best <= -DECISIVE {
                    widened = true;
                    position.far_moves(self.windows, moves);
                    continue;
                }
                break;
            }
            let cell = moves[next];
            next += 1;
            if let Some(bound) = self.futile(position, cell, node, (*alpha, tried)) {
                best = best.max(bound);
                continue;
            }
            let window = match node.at.ply {
                0 if self.root.searched.get(cell) == Some(&false) => continue,
                0 => self.root_window(original_alpha, *alpha, beta, best),
                _ => (*alpha, beta),
            };
            tried += 1;
            let before = self.counts.horizon;
            let mut score = self.search_child(position, keys, cell, node, window, tried);
            if node.at.ply == 0 && score > *alpha && !self.stopped {
                score = self.checked_root_move(position, cell, score);
            }
            if self.stopped {
                return 0;
            }
            if node.at.ply == 0 {
                self.record_root(cell, score, self.counts.horizon == before, score > best);
            }
            if score > best {
                best = score;
                best_move = Some(cell);
                if score > *alpha {
                    let left = next < moves.len();
                    if self.cuts_off(position, node, (*alpha, beta), score, (cell, tried, left)) {
                        break;
                    }
                    *alpha = score;
                }
            }
        }
        // Moves left out could do better than a result short of a win: it is not the end of the game's.
        if !widened && best.abs() < DECISIVE {
            self.counts.horizon += 1;
        }
        if node.remember {
            let (searched, window) = ((best, best_move), (original_alpha, beta));
            let complete = self.counts.horizon == horizon;
            self.store_searched(position, keys, node, searched, window, complete);
        }
        best
    }

    /// The score of the root move to `cell`, searched to `score`, which would make it the best so far: before it
    /// is, the opponent's win by fours and threes after it is looked for with the larger limits of
    /// [`BEST_MOVE_THREATS`], once a move. If there is one, the move loses (its distance a bound).
    fn checked_root_move(&mut self, position: &Grid, cell: usize, score: i32) -> i32 {
        if score.abs() >= DECISIVE || self.settings.threats.is_none() || !self.threats_on {
            return score;
        }
        let Some(lines) = self.lines.as_mut() else {
            return score;
        };
        let (mover, bit) = (position.to_move(), self.windows.bit_of(cell));
        lines.place(mover, bit);
        let key = lines.key();
        let known = self
            .root
            .checked
            .iter()
            .find(|&&(checked, _)| checked == key);
        let found = if let Some(&(_, found)) = known {
            found
        } else if lines.threats(mover.opponent()).is_empty() {
            None
        } else {
            let limits = ThreatLimits {
                fours: NODE_FOURS,
                threats: BEST_MOVE_THREATS,
                nodes: ((self.budget_ms * BEST_MOVE_THREATS_PER_MS) as u64)
                    .clamp(NODE_THREATS_POSITIONS, BEST_MOVE_THREATS_POSITIONS),
                deadline_ms: self.start_ms + self.budget_ms,
            };
            let clock = &mut *self.clock;
            // Depth by depth, as at the root: straight to the deepest, the search spent its positions deep in
            // the first threats and missed wins a few positions long.
            let found = self
                .threats
                .forced_win(
                    lines,
                    mover.opponent(),
                    ForcedKind::FoursAndThrees,
                    limits,
                    clock,
                )
                .map(|win| win.plies);
            if self.threats.timed_out && self.may_stop {
                self.stopped = true;
            } else {
                self.root.checked.push((key, found));
            }
            found
        };
        lines.take_back(mover, bit);
        let Some(plies) = found else {
            return score;
        };
        // A win of the threat search is not the end of the game's search.
        self.counts.horizon += 1;
        self.counts.inexact += 1;
        -(WIN - (position.marks() as i32 + 1 + plies as i32))
    }

    /// Whether the move to `cell` is left out by futility pruning ([`Config::futility`]): one ply above the
    /// horizon, in a node not narrowed to threats, a quiet move (it makes no threat and stops none) whose
    /// estimate with [`FUTILITY_MARGIN`] cannot reach `alpha`, after `tried` moves were searched. Returns that
    /// bound, the most the move is taken to score.
    fn futile(
        &mut self,
        position: &Grid,
        cell: usize,
        node: NodeState,
        (alpha, tried): (i32, u32),
    ) -> Option<i32> {
        // The first move is always searched, so that the node has a move.
        let frontier = node.at.depth == 1 && node.at.ply > 0 && tried > 0;
        if !self.settings.futility || !frontier || node.to_threats {
            return None;
        }
        let lines = self.lines.as_ref()?;
        let mover = position.to_move();
        let bit = self.windows.bit_of(cell);
        if (lines.threats(mover) | lines.threats(mover.opponent())).contains(bit) {
            return None;
        }
        let bound = lines.quiet_gain(mover, bit).saturating_add(FUTILITY_MARGIN);
        if bound > alpha {
            return None;
        }
        // The move's own result is not known: the node's is not the end of the game's.
        self.counts.horizon += 1;
        self.counts.inexact += 1;
        Some(bound)
    }

    /// Notes that the move to `cell` cut the node off at beta: a quiet one becomes a killer of its ply, and any
    /// adds to the history ([`Config::learned_order`]).
    fn learn_cut(&mut self, position: &Grid, cell: usize, node: NodeState) {
        if !self.settings.learned_order {
            return;
        }
        let Some(lines) = &self.lines else {
            return;
        };
        let mover = position.to_move();
        let bit = self.windows.bit_of(cell);
        let threat = (lines.threats(mover) | lines.threats(mover.opponent())).contains(bit);
        if !threat {
            self.ordering
                .cut(node.at.ply, mover as usize, (cell, bit), node.at.depth);
        }
    }

    /// With [`Config::learned_order`], where the table has no move for a node `INTERNAL_DEEPENING_FROM` plies deep
    /// or more: the best move of a search two plies shallower (internal iterative deepening), which leaves it in
    /// the table.
    fn deepened_move(
        &mut self,
        position: &mut Grid,
        keys: &Keys,
        node: NodeState,
        alpha: i32,
        beta: i32,
    ) -> Option<usize> {
        let deep = node.at.depth >= INTERNAL_DEEPENING_FROM && node.at.ply > 0;
        if !self.settings.learned_order || !node.remember || !deep {
            return None;
        }
        let shallower = NodeState {
            at: At {
                depth: node.at.depth - 2,
                ..node.at
            },
            ..node
        };
        self.expand(position, keys, shallower, None, &mut alpha.clone(), beta);
        self.remembered_move(position, keys)
    }

    /// Puts the table's move first among `moves` (the best of the last iteration: the principal variation), then
    /// with [`Config::learned_order`] the killers of `ply`.
    fn order_first(
        &self,
        position: &Grid,
        ply: usize,
        table_move: Option<usize>,
        moves: &mut Vec<usize>,
    ) {
        let mut first = 0;
        if let Some(index) = table_move.and_then(|cell| moves.iter().position(|&m| m == cell)) {
            let cell = moves.remove(index);
            moves.insert(0, cell);
            first = 1;
        }
        if self.settings.learned_order {
            self.killers_first(position, ply, first, moves);
        }
    }

    /// Moves the killers of `ply` among `moves` up to just after the threats (and the `first` moves already
    /// placed): a threat is tried before a quiet move whatever cut off elsewhere.
    fn killers_first(&self, position: &Grid, ply: usize, first: usize, moves: &mut [usize]) {
        let Some(lines) = &self.lines else {
            return;
        };
        let mover = position.to_move();
        let threats = lines.threats(mover) | lines.threats(mover.opponent());
        let mut to = first
            + moves[first..]
                .iter()
                .take_while(|&&cell| threats.contains(self.windows.bit_of(cell)))
                .count();
        for killer in self.ordering.killers(ply).into_iter().flatten() {
            if let Some(from) = moves[to..].iter().position(|&cell| cell == killer) {
                moves[to..=to + from].rotate_right(1);
                to += 1;
            }
        }
    }

    /// With [`Config::defence`], near the root: when the opponent would win by fours and threes were the side to
    /// move to pass, keeps among `moves` only those that could stop that win: the cells of its line, the cells of
    /// the opponent's threats, and the side's own fours. Whether it narrowed them (the others are searched only if
    /// all of these lose).
    fn defend(&mut self, position: &Grid, node: NodeState, moves: &mut Vec<usize>) -> bool {
        let near_root = self
            .settings
            .threats
            .is_some_and(|plies| node.at.ply as u32 <= plies);
        if !self.settings.defence
            || !near_root
            || (node.at.ply == 0 && self.root.policy != Root::Best)
        {
            return false;
        }
        let Some(lines) = self.lines.as_mut() else {
            return false;
        };
        let mover = position.to_move();
        let opponent = mover.opponent();
        if lines.threats(opponent).is_empty() {
            return false;
        }
        let limits = ThreatLimits {
            fours: NODE_FOURS,
            threats: NODE_THREATS,
            nodes: DEFENCE_POSITIONS,
            deadline_ms: self.start_ms + self.budget_ms,
        };
        let clock = &mut *self.clock;
        let found =
            self.threats
                .forced_win(lines, opponent, ForcedKind::FoursAndThrees, limits, clock);
        if self.threats.timed_out && self.may_stop {
            self.stopped = true;
        }
        let Some(win) = found else {
            return false;
        };
        let line = win
            .line
            .iter()
            .fold(Bits::EMPTY, |line, &bit| line.with(bit));
        let defences = line | lines.threats(opponent) | lines.fours(mover);
        let windows = &*self.windows;
        let kept = |cell: &usize| defences.contains(windows.bit_of(*cell));
        let count = moves.iter().filter(|cell| kept(cell)).count();
        // Nothing to narrow, or nothing left: the moves stay as they were.
        if count == 0 || count == moves.len() {
            return false;
        }
        moves.retain(kept);
        self.counts.defended += 1;
        true
    }

    /// The window a root move is searched with, the root's own being `(original_alpha, beta)` and raised to
    /// `alpha` so far, with `best` the best score so far (see [`Root`]).
    fn root_window(&self, original_alpha: i32, alpha: i32, beta: i32, best: i32) -> (i32, i32) {
        match self.root.policy {
            Root::Best => (alpha, beta),
            Root::Ties if best > -INFINITY => ((best - 1).max(original_alpha), beta),
            Root::Ties | Root::Each => (original_alpha, beta),
        }
    }

    /// Notes a root move's `score` and whether its search reached every end of the game (`complete`), and the
    /// move as the best so far if it `improves` on the others.
    fn record_root(&mut self, cell: usize, score: i32, complete: bool, improves: bool) {
        self.root.first.get_or_insert(cell);
        if improves {
            self.root.best = Some(cell);
            self.root.best_score = score;
        }
        if let Some(slot) = self.root.scores.get_mut(cell) {
            *slot = Some((score, complete));
        }
    }

    /// The score of the move to `cell`, the `tried`-th of the node, within `(alpha, beta)`. With principal
    /// variation search a move after the first is searched with a null window first (a quiet late one a ply
    /// shallower, with reductions, and again at full depth if it may be better than alpha), and again with the
    /// whole window only if it may be better than alpha. In a node searched with a null window, that window is
    /// the whole one, and most nodes are: that is where reductions save the most.
    fn search_child(
        &mut self,
        position: &mut Grid,
        keys: &Keys,
        cell: usize,
        node: NodeState,
        (alpha, beta): (i32, i32),
        tried: u32,
    ) -> i32 {
        let null_window =
            self.settings.pvs && tried > 1 && (node.at.ply > 0 || self.root.policy == Root::Best);
        if !null_window {
            return self.child(position, keys, cell, node, (alpha, beta), 0);
        }
        let reduction = u32::from(self.reduces(position, cell, node, tried));
        let mut score = self.child(position, keys, cell, node, (alpha, alpha + 1), reduction);
        if reduction > 0 && score > alpha && !self.stopped {
            score = self.child(position, keys, cell, node, (alpha, alpha + 1), 0);
        }
        if beta - alpha > 1 && score > alpha && score < beta && !self.stopped {
            score = self.child(position, keys, cell, node, (alpha, beta), 0);
        }
        score
    }

    /// Whether the move to `cell`, the `tried`-th of the node, is searched a ply shallower first: with
    /// [`Config::reductions`], a move late in the order, deep enough in the search, that makes no threat and
    /// stops none (by the patterns), in a node whose moves were not narrowed to the threats.
    fn reduces(&mut self, position: &Grid, cell: usize, node: NodeState, tried: u32) -> bool {
        if !self.settings.reductions
            || tried <= FULL_DEPTH_MOVES
            || node.at.depth < REDUCTION_FROM_DEPTH
            || node.to_threats
        {
            return false;
        }
        let Some(lines) = &self.lines else {
            return false;
        };
        let mover = position.to_move();
        let bit = self.windows.bit_of(cell);
        let quiet = !(lines.threats(mover) | lines.threats(mover.opponent())).contains(bit);
        if quiet {
            self.counts.inexact += 1;
        }
        quiet
    }

    /// The score of the child of `position` where `cell` is played, from `position`'s side, searched within
    /// `(alpha, beta)`, `reduction` plies shallower than the node's depth calls for (never below the horizon).
    fn child(
        &mut self,
        position: &mut Grid,
        keys: &Keys,
        cell: usize,
        node: NodeState,
        (alpha, beta): (i32, i32),
        reduction: u32,
    ) -> i32 {
        let depth = node.at.depth.saturating_sub(1 + reduction);
        let bit = self.windows.bit_of(cell);
        let player = position.to_move();
        let arrival = Arrival {
            // With the tactics, a move that completes a line was played before any search: this one does not.
            may_be_lost: !node.checked,
            last: Some(bit),
        };
        let child_keys = if self.settings.memory == Memory::Off {
            *keys
        } else {
            keys.with_stone(player, self.windows.images(bit))
        };
        let at = At {
            depth,
            ply: node.at.ply + 1,
        };
        if let Some(lines) = self.lines.as_mut() {
            lines.place(player, bit);
        }
        position.place(player, bit);
        let score = -self.node(position, &child_keys, -beta, -alpha, at, arrival);
        position.take_back(player, bit);
        if let Some(lines) = self.lines.as_mut() {
            lines.take_back(player, bit);
        }
        score
    }

    /// Whether a `score` that has just raised the node's best above `alpha` ends its loop: a cut-off at `beta`, or
    /// the quickest win there is. The move to `cell`, the `tried`-th searched, caused it (a cut teaches the order:
    /// see [`Core::learn_cut`]), and moves are `left` or not; the observer hears of a cut only when it skips some.
    fn cuts_off(
        &mut self,
        position: &Grid,
        node: NodeState,
        (alpha, beta): (i32, i32),
        score: i32,
        (cell, tried, left): (usize, u32, bool),
    ) -> bool {
        let cut = self.settings.pruning && score >= beta;
        let quickest =
            self.settings.stop_at_quickest_win && node.at.ply > 0 && score == node.ceiling;
        if cut {
            self.counts.cutoffs += 1;
            if tried == 1 {
                self.counts.first_move_cutoffs += 1;
            }
            self.learn_cut(position, cell, node);
        }
        if cut || quickest {
            // Alpha is left as it was, as the textbook's MAX-VALUE returns before raising it: nothing reads it
            // after the loop but the observer.
            if let Some(observer) = self.observer.as_mut().filter(|_| left) {
                observer.cut(position, alpha, beta, score);
            }
        }
        cut || quickest
    }

    /// Remembers a searched node's `best` score and move, as a bound where the window `(alpha, beta)` cut it
    /// short, and as `complete` when nothing below it stopped at the horizon.
    fn store_searched(
        &mut self,
        position: &Grid,
        keys: &Keys,
        node: NodeState,
        (best, best_move): (i32, Option<usize>),
        (alpha, beta): (i32, i32),
        complete: bool,
    ) {
        let bound = if best <= alpha {
            EntryBound::Upper
        } else if best >= beta {
            EntryBound::Lower
        } else {
            EntryBound::Exact
        };
        let depth = if complete {
            COMPLETE
        } else {
            node.at.depth.min(u32::from(COMPLETE) - 1) as u8
        };
        self.store(position, keys, best, best_move, depth, bound);
    }

    /// Remembers `position`'s `score` and best move, except that a complete exact score is never traded for a
    /// bound on the same position.
    fn store(
        &mut self,
        position: &Grid,
        keys: &Keys,
        score: i32,
        best: Option<usize>,
        depth: u8,
        bound: EntryBound,
    ) {
        let shape = position.shape();
        let (key, frame) = keys.shared(shape);
        let entry = Entry {
            key,
            score,
            // Cells are below 256.
            best: best.map_or(NO_MOVE, |cell| frame.image(shape, cell) as u16),
            depth,
            bound,
        };
        if entry.bound != EntryBound::Exact {
            if let Some(old) = self.table.get(entry.key) {
                if old.bound == EntryBound::Exact && old.depth == COMPLETE {
                    return;
                }
            }
        }
        self.table.put(entry);
    }

    /// The best move the table remembers for `position`, whose keys are `keys`.
    fn remembered_move(&self, position: &Grid, keys: &Keys) -> Option<usize> {
        let shape = position.shape();
        let (key, frame) = keys.shared(shape);
        let entry = self.table.get(key)?;
        (entry.best != NO_MOVE).then(|| frame.inverse().image(shape, usize::from(entry.best)))
    }

    /// The best move and the best replies after it, as the table remembers them; where the search stopped
    /// early, the tactics know the rest (the win, or the block).
    pub(crate) fn principal_variation(&mut self, root: &Grid, best: Option<usize>) -> Vec<usize> {
        let mut line = Vec::new();
        let mut position = *root;
        let mut next = best;
        while let Some(cell) = next {
            let Ok(after) = position.try_play(cell) else {
                break;
            };
            line.push(cell);
            position = after;
            if position.is_over() {
                break;
            }
            let keys = Keys::of(&position, |bit| *self.windows.images(bit));
            next = self.remembered_move(&position, &keys).or_else(|| {
                let mut moves = Vec::new();
                match position.tactics(self.windows, &self.settings, &mut moves) {
                    Tactics::Win(cell) | Tactics::Lost(cell) => Some(cell),
                    Tactics::Search { .. } => None,
                }
            });
        }
        line
    }
}

/// Where a node is: how deep the search below it goes, and how far below the root it is.
#[derive(Clone, Copy)]
struct At {
    depth: u32,
    ply: usize,
}

/// What a parent knows of a child before the core enters it, so that the child need not work it out.
#[derive(Clone, Copy)]
struct Arrival {
    /// Whether the move may have completed a line: not when the parent's tactics found no move that does (see
    /// [`Grid::tactics`]).
    may_be_lost: bool,
    /// The bit of the move, through which a line it made would run; `None` at the root.
    last: Option<usize>,
}

/// What the move loop needs to know of its node.
#[derive(Clone, Copy)]
struct NodeState {
    /// Whether moves were left out (see [`Tactics::Search`]).
    narrowed: bool,
    /// Whether the moves were narrowed to the threats: to the fours, or to the defences of [`Core::defend`].
    to_threats: bool,
    /// Whether the tactics found that no move completes a line, so that no child need ask.
    checked: bool,
    at: At,
    /// Whether the node's result is remembered.
    remember: bool,
    /// A win with the next move: the best any move can do.
    ceiling: i32,
    /// A loss after the opponent's next move: the worst any move can do.
    floor: i32,
}
