//! The search for a board of any shape: the one search loop ([`Core`], in `negamax.rs`) deepened iteratively
//! within the caller's time, with a transposition table, threat-aware move ordering and an evaluation at the
//! horizon. [`Grid`] is the position searched (its knowledge is in `tactics.rs`); everything a caller may vary
//! (evaluation on or off, the depth, the time) is a parameter.
//!
//! Three rules answer a position without trying every move, and each is exact:
//! - a side that can complete a line now wins with its next move, the quickest win there is;
//! - a side that cannot, facing two cells where the opponent completes a line, loses after the opponent's next
//!   move, whatever it plays, and facing one such cell has only one move that does not lose at once;
//! - a position where neither side has a window of `k` cells free of the other's marks is a draw.
//!
//! On large boards the moves tried are those within two cells of a mark. That is a guess only until it
//! matters: when every nearby move of a position loses, the far ones are searched too before the position is
//! called lost, so a proved loss (and the win it proves for the other side) holds on the whole board.

use super::grid::Grid;
use super::negamax::{
    Core, Memory, Order, Position, Scoring, Settings, Table, Tactics, DECISIVE, INFINITY, NO_MOVE,
    WIN,
};
use super::search::{Outcome, Value};

/// The caller's clock, in milliseconds from any fixed origin: natively `std::time::Instant`, in the browser
/// `Date.now()`; the engine itself reads no clock.
pub trait Clock {
    /// Milliseconds since the clock's origin.
    fn now_ms(&mut self) -> f64;
}

/// A clock on `std::time::Instant`, for native callers and tests (the browser has no `Instant`).
#[cfg(not(target_arch = "wasm32"))]
#[derive(Clone, Copy, Debug)]
pub struct InstantClock {
    origin: std::time::Instant,
}

#[cfg(not(target_arch = "wasm32"))]
impl InstantClock {
    /// A clock whose origin is now.
    pub fn new() -> InstantClock {
        InstantClock {
            origin: std::time::Instant::now(),
        }
    }
}

#[cfg(not(target_arch = "wasm32"))]
impl Default for InstantClock {
    fn default() -> InstantClock {
        InstantClock::new()
    }
}

#[cfg(not(target_arch = "wasm32"))]
impl Clock for InstantClock {
    fn now_ms(&mut self) -> f64 {
        self.origin.elapsed().as_secs_f64() * 1000.0
    }
}

/// A clock that never moves: the search stops only at its maximum depth or a proof, so that a run repeats
/// exactly (tests, teaching).
#[derive(Clone, Copy, Debug, Default)]
pub struct StoppedClock;

impl Clock for StoppedClock {
    fn now_ms(&mut self) -> f64 {
        0.0
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

/// What a search concluded about a position, for the side to move.
#[derive(Clone, Debug, PartialEq)]
pub enum Verdict {
    /// The exact value: the outcome under best play and plies to the end.
    Proved(Value),
    /// A guess from the evaluation at the horizon: 0 is even, positive is better for the side to move.
    Estimate(i32),
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
    pub verdict: Option<Verdict>,
}

/// What [`think`] found, and how.
#[derive(Clone, Debug, PartialEq)]
pub struct Thought {
    /// The move to play; `None` only when the game is over.
    pub best: Option<usize>,
    /// `Proved` when the search reached every end of the game or found a forced win or loss.
    pub verdict: Verdict,
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
}

/// The best move for the side to move of `grid` and what is known about it, searched within `limits`.
pub fn think(grid: &Grid, limits: Limits, clock: &mut dyn Clock) -> Thought {
    Core::new(Settings::for_grid(grid, limits.evaluation), clock).deepen(grid, limits)
}

/// Every legal move's verdict, for the side that plays it, in cell order: each move is searched in turn within
/// an equal share of the time left, and proved where the time allows. Mirror-image moves share one search.
///
/// Estimates are all made at one depth, the shallowest any move's search reached: an estimate that stops after
/// the opponent's reply and one that stops after the mover's next move judge the same position differently (the
/// evaluation's weight for the side to move makes up for the move in hand only roughly), so moves searched to
/// different depths would not compare.
pub fn think_moves(grid: &Grid, limits: Limits, clock: &mut dyn Clock) -> Vec<(usize, Verdict)> {
    let mut core = Core::new(Settings::for_grid(grid, limits.evaluation), clock);
    let start = core.clock.now_ms();
    let representative = grid.representatives();
    let searched: Vec<usize> = grid
        .legal_moves()
        .filter(|&cell| representative[cell] == cell)
        .collect();
    // Each searched move's verdict and the depth its search reached after the move.
    let mut found: Vec<(usize, Verdict, u32)> = Vec::with_capacity(searched.len());
    for (index, &cell) in searched.iter().enumerate() {
        let left = f64::from(limits.time_ms) - (core.clock.now_ms() - start);
        let share = (left / (searched.len() - index) as f64).max(0.0);
        let child = Limits {
            // In range: a share of a u32.
            time_ms: share as u32,
            // The move itself is the first ply.
            max_depth: limits.max_depth.map(|depth| depth.saturating_sub(1).max(1)),
            ..limits
        };
        let thought = core.deepen(&grid.play(cell), child);
        found.push((cell, for_mover(thought.verdict), thought.depth));
    }
    let estimated =
        |(_, verdict, _): &&(usize, Verdict, u32)| matches!(verdict, Verdict::Estimate(_));
    if let Some(common) = found
        .iter()
        .filter(estimated)
        .map(|(.., depth)| *depth)
        .min()
    {
        let to_common = Limits {
            time_ms: u32::MAX,
            max_depth: Some(common),
            ..limits
        };
        for (cell, verdict, depth) in &mut found {
            if matches!(verdict, Verdict::Estimate(_)) && *depth > common {
                // A fresh table: one filled by deeper searches would answer with their deeper estimates. The
                // search is bounded by its depth, which a search of this move already passed within its share.
                core.forget();
                *verdict = for_mover(core.deepen(&grid.play(*cell), to_common).verdict);
                *depth = common;
            }
        }
    }
    grid.legal_moves()
        .map(|cell| {
            // Every representative is a legal move, so it was searched.
            let (_, verdict, _) = found
                .iter()
                .find(|(searched, ..)| *searched == representative[cell])
                .expect("a move's representative is a legal move, searched");
            (cell, verdict.clone())
        })
        .collect()
}

/// The verdict of the position after a move, for the side that made it.
fn for_mover(verdict: Verdict) -> Verdict {
    match verdict {
        Verdict::Proved(value) => Verdict::Proved(Value {
            outcome: match value.outcome {
                Outcome::Win => Outcome::Loss,
                Outcome::Draw => Outcome::Draw,
                Outcome::Loss => Outcome::Win,
            },
            plies: value.plies + 1,
        }),
        Verdict::Estimate(score) => Verdict::Estimate(-score),
    }
}

/// The most empty cells at which a search tries once to go straight to the end of the game (see
/// [`Core::deepen`]): 5 x 5 boards and smaller, where that can succeed within seconds.
const PROOF_ATTEMPT_EMPTY_CELLS: u32 = 25;
/// Boards with more cells than this try only moves near the marks.
const NEIGHBOURHOOD_FROM_CELLS: usize = 36;
/// The largest table: 2^20 entries of 16 bytes.
const MAX_TABLE_BITS: u32 = 20;

impl Settings {
    /// The settings for `grid`'s board: every shortcut, the evaluation if asked, the neighbourhood on large
    /// boards, and a table no larger than the board's positions need (about 3^cells, up to 2^20 entries).
    pub(crate) fn for_grid(grid: &Grid, evaluation: bool) -> Settings {
        let cells = grid.shape().cells();
        // log2(3^cells), with log2(3) = 1.58496... in whole numbers.
        let table_bits = (cells as u32 * 1_585).div_ceil(1_000);
        Settings {
            scoring: Scoring::DepthAware,
            order: Order::Heuristic,
            pruning: true,
            memory: Memory::Deepening,
            stop_at_quickest_win: false,
            tactics: true,
            mate_distance_bounds: true,
            dead_draws: true,
            evaluation,
            neighbourhood: (cells > NEIGHBOURHOOD_FROM_CELLS).then_some(2),
            table_bits: table_bits.clamp(10, MAX_TABLE_BITS),
        }
    }
}

/// Iterative deepening: the drivers of the one loop for a search within the caller's time.
impl<P: Position> Core<'_, P> {
    /// Starts the clock and the counters of a search within `limits`.
    fn start(&mut self, limits: Limits) {
        self.start_ms = self.clock.now_ms();
        self.budget_ms = f64::from(limits.time_ms);
        self.settings.evaluation = limits.evaluation;
        self.stopped = false;
        self.nodes = 0;
        self.table_hits = 0;
        self.cutoffs = 0;
        self.first_move_cutoffs = 0;
    }

    /// A search straight to the end, `deepest` plies, with half the time left after `elapsed_ms`: whether it
    /// finished. A draw is proved only at the end of the game, and the iterations before it cost more than such a
    /// search (their horizon's scores all differ, so they cut less). If it runs out of time it is dropped, but the
    /// subtrees it finished stay in the table for the iterations that follow.
    fn attempt_proof(
        &mut self,
        root: &P,
        deepest: u32,
        elapsed_ms: f64,
        thought: &mut Thought,
    ) -> bool {
        let budget_ms = self.budget_ms;
        self.budget_ms = elapsed_ms + (budget_ms - elapsed_ms) / 2.0;
        let proved = self.iterate(root, deepest, thought);
        self.budget_ms = budget_ms;
        self.stopped = false;
        proved.is_some()
    }

    /// Iterative deepening from `root` within `limits` (the table is kept from earlier calls).
    pub(crate) fn deepen(&mut self, root: &P, limits: Limits) -> Thought {
        self.start(limits);
        let marks = root.marks();
        let mut thought = Thought {
            best: None,
            verdict: Verdict::Proved(value_of(0, marks, root.cells())),
            depth: 0,
            nodes: 0,
            elapsed_ms: 0.0,
            iterations: Vec::new(),
            table_hits: 0,
            cutoffs: 0,
            first_move_cutoffs: 0,
            line: Vec::new(),
            timed_out: false,
        };
        if root.lost() || root.empty_cells() == 0 {
            let score = if root.lost() { marks as i32 - WIN } else { 0 };
            thought.verdict = Verdict::Proved(value_of(score, marks, root.cells()));
            return thought;
        }
        let representative = root.representatives();
        self.root_searched = (0..representative.len())
            .map(|cell| representative[cell] == cell)
            .collect();
        let deepest = limits
            .max_depth
            .unwrap_or(u32::MAX)
            .clamp(1, root.empty_cells());
        let mut may_attempt_proof =
            deepest == root.empty_cells() && deepest <= PROOF_ATTEMPT_EMPTY_CELLS;
        let mut depth = 1;
        while depth <= deepest {
            // Depth 1 always completes, so that there is a move.
            self.may_stop = depth > 1;
            let Some(proved) = self.iterate(root, depth, &mut thought) else {
                thought.timed_out = true;
                break;
            };
            let elapsed_ms = self.clock.now_ms() - self.start_ms;
            if proved {
                break;
            }
            if elapsed_ms >= self.budget_ms && depth < deepest {
                thought.timed_out = true;
                break;
            }
            if may_attempt_proof
                && depth >= 2
                && depth < deepest
                && elapsed_ms < self.budget_ms / 2.0
            {
                may_attempt_proof = false;
                if self.attempt_proof(root, deepest, elapsed_ms, &mut thought) {
                    break;
                }
            }
            depth += 1;
        }
        self.finish(root, thought)
    }

    /// `thought` with the search's line of best play, time and counters.
    fn finish(&mut self, root: &P, mut thought: Thought) -> Thought {
        thought.line = self.principal_variation(root, thought.best);
        thought.nodes = self.nodes;
        thought.elapsed_ms = self.clock.now_ms() - self.start_ms;
        thought.table_hits = self.table_hits;
        thought.cutoffs = self.cutoffs;
        thought.first_move_cutoffs = self.first_move_cutoffs;
        thought
    }

    /// One iteration of the deepening, `depth` plies from `root`, recorded in `thought`: whether it proved the
    /// result, or `None` if the time ran out first (and then only `thought`'s list of iterations changes).
    fn iterate(&mut self, root: &P, depth: u32, thought: &mut Thought) -> Option<bool> {
        let (nodes, horizon, start_ms) = (self.nodes, self.horizon, self.clock.now_ms());
        self.root_best = None;
        let score = self.negamax(root, -INFINITY, INFINITY, depth, 0);
        let mut iteration = Iteration {
            depth,
            nodes: self.nodes - nodes,
            ms: self.clock.now_ms() - start_ms,
            best: None,
            verdict: None,
        };
        if self.stopped {
            thought.iterations.push(iteration);
            return None;
        }
        // Every leaf a finished game, or a forced win or loss found within this iteration's reach: nothing deeper
        // can change the score. The tactics see one ply past the horizon (a loss to two threats); a win or loss
        // further off came from the table, where a deeper search left it, and a quicker one may lie beyond this
        // horizon unseen: its outcome is sure, its distance is not.
        let in_reach = score.abs() >= DECISIVE
            && value_of(score, root.marks(), root.cells()).plies <= depth + 1;
        let proved = self.horizon == horizon || in_reach || depth >= root.empty_cells();
        let verdict = if proved {
            Verdict::Proved(value_of(score, root.marks(), root.cells()))
        } else {
            Verdict::Estimate(score)
        };
        iteration.best = self.root_best;
        iteration.verdict = Some(verdict.clone());
        thought.iterations.push(iteration);
        thought.best = self.root_best;
        thought.verdict = verdict;
        thought.depth = depth;
        Some(proved)
    }

    /// The best move and the best replies after it, as the table remembers them.
    fn principal_variation(&mut self, root: &P, best: Option<usize>) -> Vec<usize> {
        let mut line = Vec::new();
        let mut position = *root;
        let mut next = best;
        while let Some(cell) = next {
            if !position.is_legal(cell) || line.len() >= root.empty_cells() as usize {
                break;
            }
            line.push(cell);
            position = position.play(cell);
            if position.lost() || position.empty_cells() == 0 {
                break;
            }
            let (key, frame) = position.key();
            next = self
                .table
                .get(key)
                .and_then(|entry| {
                    (entry.best != NO_MOVE)
                        .then(|| position.own_cell(frame, usize::from(entry.best)))
                })
                .or_else(|| {
                    // Where the search stopped early, the tactics know the rest: the win, or the block.
                    position.prepare(&mut self.context);
                    match position.tactics(&mut self.context, &self.settings, &mut Vec::new()) {
                        Tactics::Win(cell) | Tactics::Lost(cell) => Some(cell),
                        Tactics::Search { .. } => None,
                    }
                });
        }
        line
    }
}

/// The value of `score` for a position with `marks` marks on a board of `cells` cells, when the score is exact.
fn value_of(score: i32, marks: u32, cells: u32) -> Value {
    let plies_to = |end: i32| (end as u32).saturating_sub(marks);
    if score >= DECISIVE {
        Value {
            outcome: Outcome::Win,
            plies: plies_to(WIN - score),
        }
    } else if score <= -DECISIVE {
        Value {
            outcome: Outcome::Loss,
            plies: plies_to(WIN + score),
        }
    } else {
        // A draw ends when the board is full.
        Value {
            outcome: Outcome::Draw,
            plies: cells - marks,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::grid::Shape;

    #[test]
    fn values_count_plies_from_the_position() {
        let win = |plies| Value {
            outcome: Outcome::Win,
            plies,
        };
        assert_eq!(value_of(WIN - 7, 4, 16), win(3));
        assert_eq!(
            value_of(-(WIN - 6), 4, 16),
            Value {
                outcome: Outcome::Loss,
                plies: 2
            }
        );
        assert_eq!(
            value_of(0, 4, 16),
            Value {
                outcome: Outcome::Draw,
                plies: 12
            }
        );
    }

    #[test]
    fn depth_one_always_completes_and_a_finished_game_has_no_move() {
        let shape = Shape::new(15, 15, 5).unwrap();
        let limits = Limits {
            time_ms: 0,
            ..Limits::default()
        };
        let thought = think(&Grid::empty(shape), limits, &mut StoppedClock);
        assert_eq!(thought.best, Some(112));
        let won = Grid::parse("XXX/OO./...", Shape::CLASSIC).unwrap();
        let over = think(&won, limits, &mut StoppedClock);
        assert_eq!(over.best, None);
        assert_eq!(
            over.verdict,
            Verdict::Proved(Value {
                outcome: Outcome::Loss,
                plies: 0
            })
        );
    }

    /// A clock that moves 1 ms each time it is read, so that a search stops at the same point on every run.
    struct TickClock(f64);

    impl Clock for TickClock {
        fn now_ms(&mut self) -> f64 {
            self.0 += 1.0;
            self.0
        }
    }

    #[test]
    fn a_win_proved_short_of_the_end_is_the_quickest() {
        // X wins in 9. A try to search to the end, stopped by the clock, left a win in 11 in the table, which
        // the next, shallower iteration took for a proof.
        let shape = Shape::new(5, 4, 4).unwrap();
        let grid = Grid::parse("O.../..../.X.O/X.../OX..", shape).unwrap();
        let exact = think(&grid, Limits::default(), &mut StoppedClock);
        let nine = Verdict::Proved(Value {
            outcome: Outcome::Win,
            plies: 9,
        });
        assert_eq!(exact.verdict, nine);
        let mut estimates = 0;
        for time_ms in 5..40 {
            let limits = Limits {
                time_ms,
                ..Limits::default()
            };
            let thought = think(&grid, limits, &mut TickClock(0.0));
            match thought.verdict {
                Verdict::Proved(_) => assert_eq!(thought.verdict, nine, "{time_ms} ms"),
                Verdict::Estimate(_) => estimates += 1,
            }
        }
        assert!(
            estimates > 0 && estimates < 35,
            "{estimates} of 35 budgets proved nothing"
        );
        // Each move's search shares one table: a sibling's deeper entries must not shorten a proof either.
        let grid = Grid::parse(".../.../.../..X", Shape::new(4, 3, 3).unwrap()).unwrap();
        let limits = Limits {
            max_depth: Some(7),
            ..Limits::default()
        };
        let shallow = think_moves(&grid, limits, &mut StoppedClock);
        let full = think_moves(&grid, Limits::default(), &mut StoppedClock);
        for ((cell, verdict), (_, exact)) in shallow.iter().zip(&full) {
            if matches!(verdict, Verdict::Proved(_)) {
                assert_eq!(verdict, exact, "cell {cell}");
            }
        }
    }

    #[test]
    fn a_maximum_depth_without_evaluation_wanders() {
        let shape = Shape::new(6, 6, 4).unwrap();
        let limits = Limits {
            time_ms: 1000,
            max_depth: Some(2),
            evaluation: false,
        };
        let thought = think(&Grid::empty(shape), limits, &mut StoppedClock);
        assert_eq!(thought.depth, 2);
        assert_eq!(thought.verdict, Verdict::Estimate(0));
        assert!(!thought.timed_out);
    }
}
