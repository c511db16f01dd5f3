//! The one search loop: negamax with alpha-beta, a transposition table, tactics and an evaluation, generic over
//! the position searched and over whoever watches it. Every search of the engine is this loop with other
//! [`Settings`]: the 3x3 engine's (heuristic order, a table of finished searches, a stop at the quickest win),
//! the textbook alpha-beta that the step trace watches (cell order, nothing else), plain minimax (no pruning),
//! the +1/0/-1 scores of many write-ups, and the search for bigger boards (tactics, evaluation, a clock) that
//! `deep.rs` deepens iteratively.
//!
//! What is particular to a game (its moves in a good order, the forced replies to a threat, its evaluation, its
//! symmetries, how its positions are remembered) is behind [`Position`]: [`super::board::Board`] and
//! [`super::grid::Grid`] are the two. What a caller may watch is an [`Observer`], whose methods do nothing unless
//! overridden; a search that nobody watches only tests that there is no observer.
//!
//! Scores are from the side to move's point of view. A game won with `n` marks on the board is worth `WIN - n`
//! to the winner (counted from the empty board, so a score does not depend on where the search started and the
//! table can share it between paths): a quicker win is worth more and a later loss costs less. Evaluations stay
//! within `EVAL_LIMIT`, far below any proved score, so the two never mix. The 3x3 engine states the same scores
//! as `10 - n` ([`classic_score`]).
//!
//! Node counts are the positions the loop entered, a position answered from the table included.

use super::deep::Clock;
use std::ops::ControlFlow;

/// A win with `n` marks on the board scores `WIN - n`.
pub(crate) const WIN: i32 = 1_000_000;
/// Scores at or beyond this are proved wins (losses below its negation): no board has 1,000 cells.
pub(crate) const DECISIVE: i32 = WIN - 1_000;
/// An evaluation stays within this, far from any proved score.
pub(crate) const EVAL_LIMIT: i32 = 500_000;
// An evaluation is never taken for a proof.
const _: () = assert!(EVAL_LIMIT < DECISIVE);
/// Beyond every score: the ends of a full window.
pub(crate) const INFINITY: i32 = WIN + 1;
/// Nodes between two looks at the clock: often enough to stop within a millisecond, rarely enough to cost nothing.
const CLOCK_EVERY: u64 = 1024;

/// The score `score` as the 3x3 engine states it: a win with `n` marks on the board `10 - n`, a loss `n - 10`;
/// other scores (a draw, an evaluation, a plain +1 or -1) unchanged.
pub(crate) fn classic_score(score: i32) -> i8 {
    let classic = if score >= DECISIVE {
        score - (WIN - 10)
    } else if score <= -DECISIVE {
        score + (WIN - 10)
    } else {
        score
    };
    // A 3x3 score lies within -10 to 10.
    classic.clamp(-127, 127) as i8
}

/// The core's score for a 3x3 engine's `score` ([`classic_score`] the other way).
pub(crate) fn from_classic_score(score: i8) -> i32 {
    let score = i32::from(score);
    match score {
        0 => 0,
        1.. => score + (WIN - 10),
        _ => score - (WIN - 10),
    }
}

/// How a search scores the end of a game.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Scoring {
    /// The engine's scores: a quicker win is worth more (`10 - n` for a win with `n` marks on the board).
    DepthAware,
    /// The plain scores of many write-ups: +1 for a win, 0 for a draw, -1 for a loss, however long it takes. A
    /// win in five moves then looks as good as a win at once, so a search that keeps the first of equal moves can
    /// dawdle.
    Plain,
}

/// The order in which a search tries the moves of a position.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Order {
    /// Increasing cell order, as the textbooks write the loop.
    Cells,
    /// The position's own idea of the best moves first (see [`Position::tactics`]).
    Heuristic,
}

/// Which positions the transposition table remembers.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Memory {
    /// None: every position is searched each time it is reached.
    Off,
    /// Only positions searched to every end of the game (depth at least their empty cells) with at least this
    /// many empty cells: a search with a fixed horizon never mixes its scores with exact ones, and positions
    /// nearer the end cost about as much to search again as to look up.
    Complete {
        /// The fewest empty cells of a remembered position.
        from_empty_cells: u32,
    },
    /// Every position, with the depth it was searched to: iterative deepening reuses each iteration's scores
    /// and best moves in the next.
    Deepening,
}

/// What a search may vary. Each switch is exact (none changes a proved result), but each changes which positions
/// are visited, so the node counts that the panels quote depend on them.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Settings {
    /// How the end of a game scores.
    pub(crate) scoring: Scoring,
    /// The order of the moves.
    pub(crate) order: Order,
    /// Alpha-beta pruning; without it, plain minimax that visits every move of every position.
    pub(crate) pruning: bool,
    /// The transposition table's policy.
    pub(crate) memory: Memory,
    /// Below the root, stop as soon as a move wins at once: no move can beat it. (The root tries every move, as
    /// the 3x3 engine's quoted node counts were measured.)
    pub(crate) stop_at_quickest_win: bool,
    /// Answer from the tactics before trying any move: a win at once, a loss to two threats, the one block.
    pub(crate) tactics: bool,
    /// Cut a window to what the number of marks allows: nothing beats a win with the next move, nothing is worse
    /// than a loss after the opponent's.
    pub(crate) mate_distance_bounds: bool,
    /// Call a position a draw as soon as neither side can complete a line.
    pub(crate) dead_draws: bool,
    /// Evaluate open positions at the horizon (and order quiet moves by what they do to the open lines).
    pub(crate) evaluation: bool,
    /// Try only moves within this many cells of a mark (all moves when `None`).
    pub(crate) neighbourhood: Option<u32>,
    /// The table holds about `1 << table_bits` entries, where the position's table has a choice.
    pub(crate) table_bits: u32,
}

impl Settings {
    /// Textbook alpha-beta: moves in cell order, depth-aware scores, nothing else.
    pub(crate) const fn alpha_beta() -> Settings {
        Settings {
            scoring: Scoring::DepthAware,
            order: Order::Cells,
            pruning: true,
            memory: Memory::Off,
            stop_at_quickest_win: false,
            tactics: false,
            mate_distance_bounds: false,
            dead_draws: false,
            evaluation: false,
            neighbourhood: None,
            table_bits: 0,
        }
    }

    /// Textbook minimax: alpha-beta without the pruning.
    pub(crate) const fn plain_minimax() -> Settings {
        Settings {
            pruning: false,
            ..Settings::alpha_beta()
        }
    }
}

/// What a position's tactics say before any move is searched.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Tactics {
    /// The side to move completes a line in this cell.
    Win(usize),
    /// The opponent completes a line in two or more cells and the side to move in none: it loses after the
    /// opponent's next move. The cell is one of the opponent's, to block for form's sake.
    Lost(usize),
    /// Search the moves listed, best first. `narrowed` when they are not every legal move.
    Search {
        /// Whether moves were left out (far from every mark).
        narrowed: bool,
    },
}

/// What a table entry knows of its position's score.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub(crate) enum Bound {
    /// An unused entry.
    #[default]
    Unused,
    /// The score is exact.
    Exact,
    /// The true score is at least this (the search failed high).
    Lower,
    /// The true score is at most this (the search failed low).
    Upper,
}

/// The depth of an entry whose search reached every end of the game below it: good for any depth.
pub(crate) const COMPLETE: u8 = u8::MAX;
/// No move in an entry.
pub(crate) const NO_MOVE: u16 = u16::MAX;

/// One position's entry in a table.
#[derive(Clone, Copy, Debug, Default)]
pub(crate) struct Entry {
    /// The position's key.
    pub(crate) key: u64,
    /// Its score, or a bound on it.
    pub(crate) score: i32,
    /// The best move found, or [`NO_MOVE`].
    pub(crate) best: u16,
    /// The depth searched, or [`COMPLETE`].
    pub(crate) depth: u8,
    /// What `score` is.
    pub(crate) bound: Bound,
}

/// Where a search remembers positions: each game keeps them its own way.
pub(crate) trait Table {
    /// A table of about `1 << bits` entries (where the table has a choice).
    fn with_bits(bits: u32) -> Self;
    /// The entry of the position with `key`, if remembered.
    fn get(&self, key: u64) -> Option<Entry>;
    /// Remembers `entry`, in place of what its slot held.
    fn put(&mut self, entry: Entry);
}

/// A transposition table of a power-of-two size, indexed by the low bits of the key and checked with the whole
/// key; a new entry replaces the old one in its slot. It starts small and doubles whenever half its slots are in
/// use, up to the size it was made with: a search that visits tens of thousands of positions neither fills nor
/// walks megabytes it does not need, and one that visits millions gets them all.
pub(crate) struct KeyedTable {
    entries: Vec<Entry>,
    /// Slots in use.
    used: usize,
    /// The most slots the table grows to.
    limit: usize,
}

/// A [`KeyedTable`] starts with `1 << FIRST_TABLE_BITS` slots (or its limit, if smaller).
const FIRST_TABLE_BITS: u32 = 14;

impl Table for KeyedTable {
    fn with_bits(bits: u32) -> KeyedTable {
        let limit = 1 << bits;
        KeyedTable {
            entries: vec![Entry::default(); limit.min(1 << FIRST_TABLE_BITS)],
            used: 0,
            limit,
        }
    }

    fn get(&self, key: u64) -> Option<Entry> {
        let entry = self.entries[self.slot(key)];
        (entry.bound != Bound::Unused && entry.key == key).then_some(entry)
    }

    fn put(&mut self, entry: Entry) {
        let slot = self.slot(entry.key);
        if self.entries[slot].bound == Bound::Unused {
            self.used += 1;
        }
        self.entries[slot] = entry;
        if self.used * 2 > self.entries.len() && self.entries.len() < self.limit {
            self.grow();
        }
    }
}

impl KeyedTable {
    fn slot(&self, key: u64) -> usize {
        // The mask keeps the index below the length, a power of two.
        (key as usize) & (self.entries.len() - 1)
    }

    /// Doubles the slots. Each entry moves to the slot its key now names: the two slots an old one becomes are
    /// told apart by one more bit of the key, so no two entries meet and every entry is kept.
    fn grow(&mut self) {
        let doubled = vec![Entry::default(); self.entries.len() * 2];
        let old = std::mem::replace(&mut self.entries, doubled);
        for entry in old.into_iter().filter(|entry| entry.bound != Bound::Unused) {
            let slot = self.slot(entry.key);
            self.entries[slot] = entry;
        }
    }
}

/// A position the [`Core`] can search: the game's rules and its knowledge, the loop's nothing.
pub(crate) trait Position: Copy {
    /// How the game remembers its positions.
    type Table: Table;
    /// What a search works out once about the board and reuses at every node (for a [`super::grid::Grid`], every
    /// window of its shape), along with scratch space, so that a node neither recomputes nor allocates it.
    type Context: Default;
    /// How a position's cells map to those of the table entry it shares with others (a symmetry of the board).
    type Frame: Copy;
    /// Makes `context` fit this position's board; called on entering every position, so it must cost next to
    /// nothing when the context already fits.
    fn prepare(&self, context: &mut Self::Context);
    /// The key the table remembers the position by, which tells it apart from every other position the table
    /// may hold except those that a symmetry of the board makes of it (they have the same value), and the map
    /// of its cells to the entry's.
    fn key(&self) -> (u64, Self::Frame);
    /// `cell` of this position as the entry of `frame` names it.
    fn entry_cell(&self, frame: Self::Frame, cell: usize) -> usize;
    /// The cell that the entry of `frame` names `cell`, as this position names it.
    fn own_cell(&self, frame: Self::Frame, cell: usize) -> usize;
    /// Marks on the board.
    fn marks(&self) -> u32;
    /// Empty cells.
    fn empty_cells(&self) -> u32;
    /// Cells on the board.
    fn cells(&self) -> u32;
    /// Whether the side to move has lost: the last move made a line.
    fn lost(&self) -> bool;
    /// Whether the game is a draw whatever is played: no line can be completed any more.
    fn drawn(&self, context: &Self::Context) -> bool;
    /// Whether `cell` is a legal move.
    fn is_legal(&self, cell: usize) -> bool;
    /// The position after the side to move plays the legal `cell`.
    fn play(&self, cell: usize) -> Self;
    /// The moves to try, in `moves` (cleared first) in the settings' order, and with [`Settings::tactics`] what
    /// the tactics say; without, always [`Tactics::Search`]. With them, [`Tactics::Search`] means that no legal
    /// move completes a line (the far ones included): the core then never asks a child whether it is lost.
    fn tactics(
        &self,
        context: &mut Self::Context,
        settings: &Settings,
        moves: &mut Vec<usize>,
    ) -> Tactics;
    /// Appends to `moves` the legal moves that [`Position::tactics`] left out.
    fn far_moves(&self, context: &Self::Context, settings: &Settings, moves: &mut Vec<usize>);
    /// The evaluation for the side to move, within `EVAL_LIMIT`.
    fn evaluate(&self, context: &Self::Context) -> i32;
    /// The evaluation of the position after the side to move plays `cell`, the same as [`Position::evaluate`]
    /// would give, when the last [`Position::tactics`] (of this position) worked it out on the way; `None` if not.
    fn evaluate_after(&self, context: &Self::Context, cell: usize) -> Option<i32>;
    /// For each cell, the lowest cell a symmetry of the position maps it to: moves with the same
    /// representative have the same value.
    fn representatives(&self) -> Vec<usize>;
}

/// What a search tells whoever watches it run: the step-by-step trace of [`super::trace`] is one, so that it
/// shows the engine's own loop rather than a copy of it. Every method does nothing unless overridden.
///
/// Everything is in the core's negamax terms: a window `(alpha, beta)` and scores are from the point of view of
/// the side to move at `position`, with `alpha < beta` whenever a position is entered with pruning on. The
/// infinities of a full window are `-INFINITY` and `INFINITY`, which no score reaches.
pub(crate) trait Observer<P> {
    /// The search enters `position` with the window `(alpha, beta)`, before it looks at anything, the
    /// transposition table included.
    fn visit(&mut self, _position: &P, _alpha: i32, _beta: i32) {}

    /// At `position`, the score of the child just searched, `best` (the best so far), reached `beta` (or is a
    /// win with the next move, when the search stops there) while moves remain: the search tries none of them.
    /// `alpha` is the node's alpha before that child, which does not raise it. Not called when the child was the
    /// position's last move: nothing is skipped.
    fn cut(&mut self, _position: &P, _alpha: i32, _beta: i32, _best: i32) {}

    /// `position`'s score is final: `score` (a finished game's score, a remembered one, or the best of the
    /// children searched). `alpha` is the node's alpha as it ended: raised by each child that improved on it,
    /// except one that caused a cut-off.
    fn leave(&mut self, _position: &P, _alpha: i32, _beta: i32, _score: i32) {}
}

/// The one search loop, over positions `P`; see the module's documentation.
pub(crate) struct Core<'c, P: Position> {
    pub(super) settings: Settings,
    pub(super) clock: &'c mut dyn Clock,
    /// Whoever watches the search (the engine's own searches have nobody).
    observer: Option<&'c mut dyn Observer<P>>,
    pub(super) table: P::Table,
    /// The position's context (see [`Position::Context`]).
    pub(super) context: P::Context,
    /// Move lists, one per ply, reused so that a node allocates nothing.
    lists: Vec<Vec<usize>>,
    /// At the root, whether each cell is searched (one per set of mirror-image moves); empty for all of them.
    pub(super) root_searched: Vec<bool>,
    /// The best move at the root so far.
    pub(super) root_best: Option<usize>,
    pub(super) start_ms: f64,
    pub(super) budget_ms: f64,
    /// Whether the clock may stop the search.
    pub(super) may_stop: bool,
    pub(super) stopped: bool,
    /// Positions entered, the root included; a position answered from the table counts.
    pub(super) nodes: u64,
    /// Positions left open at the horizon (or answered from a depth-limited entry): while it does not grow, the
    /// search is reaching every end of the game.
    pub(super) horizon: u64,
    pub(super) table_hits: u64,
    pub(super) cutoffs: u64,
    pub(super) first_move_cutoffs: u64,
}

impl<'c, P: Position> Core<'c, P> {
    /// An unobserved core with `settings`, reading `clock` (which only a deepening search looks at).
    pub(crate) fn new(settings: Settings, clock: &'c mut dyn Clock) -> Core<'c, P> {
        Core::with_observer(settings, clock, None)
    }

    /// A core with `settings`, reading `clock`, reporting to `observer`.
    pub(crate) fn observed(
        settings: Settings,
        clock: &'c mut dyn Clock,
        observer: &'c mut dyn Observer<P>,
    ) -> Core<'c, P> {
        Core::with_observer(settings, clock, Some(observer))
    }

    fn with_observer(
        settings: Settings,
        clock: &'c mut dyn Clock,
        observer: Option<&'c mut dyn Observer<P>>,
    ) -> Core<'c, P> {
        Core {
            settings,
            clock,
            observer,
            table: P::Table::with_bits(settings.table_bits),
            context: P::Context::default(),
            lists: Vec::new(),
            root_searched: Vec::new(),
            root_best: None,
            start_ms: 0.0,
            budget_ms: 0.0,
            may_stop: false,
            stopped: false,
            nodes: 0,
            horizon: 0,
            table_hits: 0,
            cutoffs: 0,
            first_move_cutoffs: 0,
        }
    }

    /// Forgets every position the table remembers.
    pub(crate) fn forget(&mut self) {
        self.table = P::Table::with_bits(self.settings.table_bits);
    }

    /// Positions entered so far.
    pub(crate) fn nodes(&self) -> u64 {
        self.nodes
    }

    /// The best move at the root of the last search from `ply` 0 (`None` when the game was over).
    pub(crate) fn root_best(&self) -> Option<usize> {
        self.root_best
    }

    /// Counts a root that a caller searches move by move itself.
    pub(crate) fn count_root(&mut self) {
        self.nodes += 1;
    }

    /// The negamax score of `position` within `(alpha, beta)`, `depth` plies deep, `ply` plies below the root;
    /// fail-soft (a score at or below `alpha` is an upper bound, at or above `beta` a lower bound, one strictly
    /// between them exact). A position still open at the horizon scores its evaluation, or 0 like a draw without
    /// one. Returns 0 once the time is up: the caller then drops the search.
    pub(crate) fn negamax(
        &mut self,
        position: &P,
        alpha: i32,
        beta: i32,
        depth: u32,
        ply: usize,
    ) -> i32 {
        let arrival = Arrival {
            may_be_lost: true,
            evaluation: None,
        };
        self.node(position, alpha, beta, depth, ply, arrival)
    }

    /// [`Core::negamax`], with what the parent knows of `position`.
    fn node(
        &mut self,
        position: &P,
        mut alpha: i32,
        beta: i32,
        depth: u32,
        ply: usize,
        arrival: Arrival,
    ) -> i32 {
        self.nodes += 1;
        if self.may_stop && self.nodes % CLOCK_EVERY == 0 {
            self.stopped = self.clock.now_ms() - self.start_ms >= self.budget_ms;
        }
        if self.stopped {
            return 0;
        }
        if let Some(observer) = &mut self.observer {
            observer.visit(position, alpha, beta);
        }
        // Every way out of the node leaves `score`, so that the observer hears of each score exactly once.
        let score = self.score(position, &mut alpha, beta, depth, ply, arrival);
        if let Some(observer) = &mut self.observer {
            observer.leave(position, alpha, beta, score);
        }
        score
    }

    /// A node's score: settled without a search where its marks, the horizon or the table settle it, else searched.
    fn score(
        &mut self,
        position: &P,
        alpha: &mut i32,
        beta: i32,
        depth: u32,
        ply: usize,
        arrival: Arrival,
    ) -> i32 {
        let marks = position.marks() as i32;
        position.prepare(&mut self.context);
        if arrival.may_be_lost && position.lost() {
            // The terminal score, written once.
            return match self.settings.scoring {
                Scoring::DepthAware => marks - WIN,
                Scoring::Plain => -1,
            };
        }
        let empty_cells = position.empty_cells();
        // The root is searched even when dead drawn, so that there is a move.
        if empty_cells == 0
            || (self.settings.dead_draws && ply > 0 && position.drawn(&self.context))
        {
            return 0;
        }
        if depth == 0 {
            self.horizon += 1;
            return if self.settings.evaluation {
                arrival
                    .evaluation
                    .unwrap_or_else(|| position.evaluate(&self.context))
            } else {
                0
            };
        }
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
        let remember = self.remembers(depth, empty_cells);
        let table_move = if remember {
            match self.probe(position, *alpha, beta, depth, ply) {
                ControlFlow::Break(score) => return score,
                ControlFlow::Continue(cell) => cell,
            }
        } else {
            None
        };
        let node = Node {
            narrowed: false,
            depth,
            ply,
            remember,
            ceiling,
        };
        self.expand(position, node, floor, table_move, alpha, beta)
    }

    /// The moves of a node that nothing settled before: the tactics' answer where they find one (a win with the
    /// next move, or a loss to two threats, scored `node.ceiling` or `floor`), else the loop over the moves, the
    /// table's move first.
    fn expand(
        &mut self,
        position: &P,
        node: Node,
        floor: i32,
        table_move: Option<usize>,
        alpha: &mut i32,
        beta: i32,
    ) -> i32 {
        let (ply, remember) = (node.ply, node.remember);
        if self.lists.len() <= ply {
            self.lists.resize_with(ply + 1, Vec::new);
        }
        let mut moves = std::mem::take(&mut self.lists[ply]);
        let score = match position.tactics(&mut self.context, &self.settings, &mut moves) {
            Tactics::Win(cell) => self.settled(position, node.ceiling, cell, ply, remember),
            Tactics::Lost(cell) => self.settled(position, floor, cell, ply, remember),
            Tactics::Search { narrowed } => {
                // The table's move first: the best of the last iteration, the principal variation.
                if let Some(index) =
                    table_move.and_then(|cell| moves.iter().position(|&m| m == cell))
                {
                    let cell = moves.remove(index);
                    moves.insert(0, cell);
                }
                let node = Node { narrowed, ..node };
                self.search_moves(position, &mut moves, node, alpha, beta)
            }
        };
        self.lists[ply] = moves;
        score
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

    /// What the table knows of `position`: a score that settles the node within `(alpha, beta)` at `depth`, or
    /// else the best move it remembers, to be tried first.
    fn probe(
        &mut self,
        position: &P,
        alpha: i32,
        beta: i32,
        depth: u32,
        ply: usize,
    ) -> ControlFlow<i32, Option<usize>> {
        let (key, frame) = position.key();
        let Some(entry) = self.table.get(key) else {
            return ControlFlow::Continue(None);
        };
        let deep_enough = entry.depth == COMPLETE || u32::from(entry.depth) >= depth;
        let usable = match entry.bound {
            Bound::Exact => true,
            Bound::Lower => entry.score >= beta,
            Bound::Upper => entry.score <= alpha,
            Bound::Unused => false,
        };
        // The root is always searched, so that it names a move.
        if ply > 0 && deep_enough && usable {
            self.table_hits += 1;
            if entry.depth != COMPLETE {
                self.horizon += 1;
            }
            return ControlFlow::Break(entry.score);
        }
        ControlFlow::Continue(
            (entry.best != NO_MOVE).then(|| position.own_cell(frame, usize::from(entry.best))),
        )
    }

    /// The exact `score` of a position its tactics settle, with `cell` to play: remembered, so that the
    /// principal variation runs to the end of the game.
    fn settled(
        &mut self,
        position: &P,
        score: i32,
        cell: usize,
        ply: usize,
        remember: bool,
    ) -> i32 {
        if ply == 0 {
            self.root_best = Some(cell);
        }
        if remember {
            self.store(position, score, Some(cell), COMPLETE, Bound::Exact);
        }
        score
    }

    /// The loop over the moves of a position, in the order given; raises `alpha` with each child that improves on
    /// it, except one that causes a cut-off.
    fn search_moves(
        &mut self,
        position: &P,
        moves: &mut Vec<usize>,
        node: Node,
        alpha: &mut i32,
        beta: i32,
    ) -> i32 {
        let original_alpha = *alpha;
        let horizon = self.horizon;
        let mut best = -INFINITY;
        let mut best_move = None;
        let mut widened = !node.narrowed;
        let (mut next, mut tried) = (0, 0);
        loop {
            if next == moves.len() {
                // Every nearby move loses: before calling the position lost, try the far ones.
                if !widened && best <= -DECISIVE {
                    widened = true;
                    position.far_moves(&self.context, &self.settings, moves);
                    continue;
                }
                break;
            }
            let cell = moves[next];
            next += 1;
            if node.ply == 0 && self.root_searched.get(cell) == Some(&false) {
                continue;
            }
            tried += 1;
            let score = self.child(position, cell, node, *alpha, beta);
            if self.stopped {
                return 0;
            }
            if score > best {
                best = score;
                best_move = Some(cell);
                if node.ply == 0 {
                    self.root_best = Some(cell);
                }
                if score > *alpha {
                    if self.cuts_off(
                        position,
                        node,
                        (*alpha, beta),
                        score,
                        (tried, next < moves.len()),
                    ) {
                        break;
                    }
                    *alpha = score;
                }
            }
        }
        if node.remember {
            let complete = self.horizon == horizon;
            self.store_searched(
                position,
                node,
                (best, best_move),
                (original_alpha, beta),
                complete,
            );
        }
        best
    }

    /// The score of the child of `position` where `cell` is played, from `position`'s side.
    fn child(&mut self, position: &P, cell: usize, node: Node, alpha: i32, beta: i32) -> i32 {
        let arrival = Arrival {
            // With the tactics, a move that completes a line was played before any search: this one does not.
            may_be_lost: !self.settings.tactics,
            evaluation: if node.depth == 1 && self.settings.evaluation {
                position.evaluate_after(&self.context, cell)
            } else {
                None
            },
        };
        let child = position.play(cell);
        -self.node(&child, -beta, -alpha, node.depth - 1, node.ply + 1, arrival)
    }

    /// Whether a `score` that has just raised the node's best above `alpha` ends its loop: a cut-off at `beta`, or
    /// the quickest win there is. `tried` moves were searched and moves are `left` or not; the observer hears of
    /// a cut only when it skips some.
    fn cuts_off(
        &mut self,
        position: &P,
        node: Node,
        (alpha, beta): (i32, i32),
        score: i32,
        (tried, left): (u32, bool),
    ) -> bool {
        let cut = self.settings.pruning && score >= beta;
        let quickest = self.settings.stop_at_quickest_win && node.ply > 0 && score == node.ceiling;
        if cut {
            self.cutoffs += 1;
            if tried == 1 {
                self.first_move_cutoffs += 1;
            }
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
        position: &P,
        node: Node,
        (best, best_move): (i32, Option<usize>),
        (alpha, beta): (i32, i32),
        complete: bool,
    ) {
        let bound = if best <= alpha {
            Bound::Upper
        } else if best >= beta {
            Bound::Lower
        } else {
            Bound::Exact
        };
        let depth = if complete {
            COMPLETE
        } else {
            node.depth.min(u32::from(COMPLETE) - 1) as u8
        };
        self.store(position, best, best_move, depth, bound);
    }

    /// Remembers `position`'s `score` and best move, except that a complete exact score is never traded for a
    /// bound on the same position.
    fn store(&mut self, position: &P, score: i32, best: Option<usize>, depth: u8, bound: Bound) {
        let (key, frame) = position.key();
        let entry = Entry {
            key,
            score,
            // Cells are below 256.
            best: best.map_or(NO_MOVE, |cell| position.entry_cell(frame, cell) as u16),
            depth,
            bound,
        };
        if entry.bound != Bound::Exact {
            if let Some(old) = self.table.get(entry.key) {
                if old.bound == Bound::Exact && old.depth == COMPLETE {
                    return;
                }
            }
        }
        self.table.put(entry);
    }
}

/// What a parent knows of a child before the core enters it, so that the child need not work it out.
#[derive(Clone, Copy)]
struct Arrival {
    /// Whether the move may have completed a line: not when the parent's tactics found no move that does (see
    /// [`Position::tactics`]).
    may_be_lost: bool,
    /// The child's evaluation, if the parent's tactics worked it out (see [`Position::evaluate_after`]).
    evaluation: Option<i32>,
}

/// What the move loop needs to know of its node.
#[derive(Clone, Copy)]
struct Node {
    /// Whether moves were left out (see [`Tactics::Search`]).
    narrowed: bool,
    depth: u32,
    ply: usize,
    /// Whether the node's result is remembered.
    remember: bool,
    /// A win with the next move: the best any move can do.
    ceiling: i32,
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_keyed_table_keeps_what_it_is_given_by_key() {
        let mut table = KeyedTable::with_bits(4);
        assert!(table.get(0).is_none());
        let entry = Entry {
            key: 0x35,
            score: 7,
            best: 3,
            depth: 2,
            bound: Bound::Lower,
        };
        table.put(entry);
        assert_eq!(table.get(0x35).map(|e| e.score), Some(7));
        // Same slot, other key: not this position.
        assert!(table.get(0x45).is_none());
    }

    #[test]
    fn a_keyed_table_grows_to_its_limit_and_keeps_every_entry() {
        let mut table = KeyedTable::with_bits(FIRST_TABLE_BITS + 2);
        let entry = |key: u64| Entry {
            key,
            score: key as i32,
            best: 0,
            depth: 1,
            bound: Bound::Exact,
        };
        // Keys that all fit in distinct slots of the largest table.
        let count = 3 << FIRST_TABLE_BITS;
        for key in 0..count {
            table.put(entry(key * 7 % (4 << FIRST_TABLE_BITS)));
        }
        assert_eq!(
            table.entries.len(),
            4 << FIRST_TABLE_BITS,
            "grown to its limit, no further"
        );
        assert_eq!(table.used, count as usize);
        for key in 0..count {
            let key = key * 7 % (4 << FIRST_TABLE_BITS);
            assert_eq!(table.get(key).map(|e| e.score), Some(key as i32));
        }
    }

    #[test]
    fn classic_scores_count_ten_less_the_marks() {
        assert_eq!(classic_score(WIN - 7), 3);
        assert_eq!(classic_score(-(WIN - 5)), -5);
        assert_eq!(classic_score(0), 0);
        assert_eq!(classic_score(-1), -1);
        for score in -10..=10 {
            assert_eq!(classic_score(from_classic_score(score)), score);
        }
    }
}
