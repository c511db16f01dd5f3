//! What a search may vary: [`Config`], the switches of the one search loop, and the settings of each search
//! the engine runs. Each switch is exact (none changes a proved result), but each changes which positions are
//! visited, so the node counts that the panels quote depend on them.

use super::grid::Grid;

/// How a search scores the end of a game.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Scoring {
    /// The engine's scores: a quicker win is worth more (`10 - n` for a win with `n` marks on the 3x3 board).
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
    /// The cells nearest the centre first: all a search without the evaluation knows of quiet moves.
    Central,
    /// A move that completes a line first, then one that blocks the opponent's, then by what each does to the
    /// open lines through it (on the 3x3 board: the centre, the corners, the edges), then the centre.
    Weighted,
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

/// The switches of the one search loop.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Config {
    /// How the end of a game scores.
    pub(crate) scoring: Scoring,
    /// The order of the moves.
    pub(crate) order: Order,
    /// Alpha-beta pruning; without it, plain minimax that visits every move of every position.
    pub(crate) pruning: bool,
    /// The transposition table's policy.
    pub(crate) memory: Memory,
    /// Below the root, stop as soon as a move wins at once: no move can beat it.
    pub(crate) stop_at_quickest_win: bool,
    /// Answer from the tactics before trying any move: a win at once, a loss to two threats, the one block.
    pub(crate) tactics: bool,
    /// Cut a window to what the number of marks allows: nothing beats a win with the next move, nothing is worse
    /// than a loss after the opponent's.
    pub(crate) mate_distance_bounds: bool,
    /// Call a position a draw as soon as neither side can complete a line.
    pub(crate) dead_draws: bool,
    /// Evaluate open positions at the horizon, by the patterns (so only with [`Config::patterns`]). Without,
    /// they score 0 like a draw, as in the textbooks' depth-limited minimax, and the horizon is kept exactly: a loss to two threats, which the tactics see a
    /// ply early, is not taken for one at the last ply.
    pub(crate) evaluation: bool,
    /// Try only moves within this many cells of a mark (all moves when `None`).
    pub(crate) neighbourhood: Option<u32>,
    /// With the patterns: in a node whose moves no threat narrowed, try only the first few in the order, fewer
    /// near the horizon (see [`QuietMoves`]; the others only if they all lose). The pattern order's first few
    /// hold the good moves of a quiet node, and the depth the rest would cost is worth more (see
    /// `docs/gomoku.md`).
    pub(crate) quiet_moves: Option<QuietMoves>,
    /// The table holds at most `1 << table_bits` entries.
    pub(crate) table_bits: u32,
    /// Keep each cell's patterns move by move (see `lines.rs`) and take the move order, the evaluation and the
    /// forced replies from them, instead of counting windows at each node.
    pub(crate) patterns: bool,
    /// With the patterns: when the opponent threatens to win with its next move but one (an open three, say),
    /// try only the moves that make a four or stop it first, and the others only if they all lose.
    pub(crate) threat_moves: bool,
    /// With the threat moves: a position at the horizon where the opponent has an open three (a cell where it
    /// makes an open four or two fours) and the side to move cannot complete a line is searched one ply more
    /// (narrowed to the moves that make a four or stop it) instead of evaluated, up to this many plies past the
    /// iteration's depth. The evaluation counts an open three at the horizon as most of a win for the side that
    /// made it, where one block answers it.
    pub(crate) horizon_threes: Option<u32>,
    /// With the patterns: look for a win by continuous fours for the side to move at every position where it has
    /// a four to make, and by fours and threes this many plies below the root and less (0: none). A win found
    /// cuts the search where it beats beta, and scores a position at the horizon.
    pub(crate) threats: Option<u32>,
    /// With [`Config::threats`]: use the threat search in every iteration, not only in a search to the end of
    /// the game. A win it finds has a bound for its distance, so an iteration that used it cannot take a win
    /// within its depth for the quickest; on a small board the shallow iterations do without it, so that they
    /// still prove such wins, and the search to the end uses it.
    pub(crate) threats_before_the_end: bool,
    /// Principal variation search: each move after the first is searched with a null window first, and again
    /// with the whole window only if it might be better.
    pub(crate) pvs: bool,
    /// Late move reductions: with the patterns, a quiet move late in the order is searched a ply shallower first,
    /// and at full depth only if it then looks better than the best so far.
    pub(crate) reductions: bool,
    /// With the patterns: killer moves and the history heuristic in the order (`ordering.rs`), internal deepening
    /// where the table has no move, and aspiration windows at the root.
    pub(crate) learned_order: bool,
    /// With the patterns: one ply above the horizon, quiet moves (no threat made or stopped) are not searched
    /// when the position's evaluation with a margin cannot reach alpha.
    pub(crate) futility: bool,
    /// With the patterns: near the root, when the opponent would win by fours and threes if the side to move
    /// passed, only the moves that could stop that win (the cells of its line, the opponent's threats) and the
    /// side's own fours are searched first.
    pub(crate) defence: bool,
}

/// How many moves a quiet node tries first ([`Config::quiet_moves`]), by its depth.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct QuietMoves {
    /// A node this many plies above the horizon or fewer tries `near` moves; a node further from it, `far`.
    pub(crate) near_depth: u32,
    pub(crate) near: usize,
    pub(crate) far: usize,
}

impl QuietMoves {
    /// The most moves a quiet node `depth` plies above the horizon tries.
    pub(crate) fn at(self, depth: u32) -> usize {
        if depth <= self.near_depth {
            self.near
        } else {
            self.far
        }
    }
}

/// Boards with more cells than this try only moves near the marks.
const NEIGHBOURHOOD_FROM_CELLS: usize = 36;
/// The most moves a quiet node of a search within a time on a large board tries ([`Config::quiet_moves`]): 5 at
/// the horizon's last two plies, 16 above them (the root among them). Near the horizon a late move has too little
/// depth left to show a worth the patterns missed. Above it, against Rapfi at 30,000 positions a move, 6, 8, 12, 14,
/// 16, 20 and 24 scored 21%, 29%, 39%, 44%, 43%, 36% and 37%, although self-play had measured 8 best: likely because
/// the moves that Rapfi's attacks call for are not always among the pattern order's first 8, and both sides of a
/// self-play share its blind spots (`docs/gomoku.md`).
const QUIET_MOVES: QuietMoves = QuietMoves {
    near_depth: 2,
    near: 5,
    far: 16,
};
/// How deep below the root a search within a time on a large board looks for wins by fours and threes.
const THREATS_PLIES: u32 = 1;
/// How many plies past an iteration's depth a search on a large board answers open threes at the horizon (see
/// [`Config::horizon_threes`]): 2, which scored above 4 against Rapfi in each of four rounds (29.4% of 500 games
/// against 25.8% of 700, about 1.4 standard errors) and even in self-play; 8 scored no better than 4
/// (`docs/gomoku.md`).
const HORIZON_THREE_PLIES: u32 = 2;
/// The largest table: 2^20 entries of 16 bytes.
const MAX_TABLE_BITS: u32 = 20;

/// A table no larger than the positions of `grid`'s board need (about 3^cells), from 2^10 to 2^20 entries.
fn table_bits(grid: &Grid) -> u32 {
    // log2(3^cells), with log2(3) = 1.58496... in whole numbers.
    let bits = (grid.shape().cells() as u32 * 1_585).div_ceil(1_000);
    bits.clamp(10, MAX_TABLE_BITS)
}

impl Config {
    /// Textbook alpha-beta: moves in cell order, depth-aware scores, nothing else.
    pub(crate) const fn alpha_beta() -> Config {
        Config {
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
            quiet_moves: None,
            table_bits: 0,
            patterns: false,
            threat_moves: false,
            threats: None,
            threats_before_the_end: false,
            pvs: false,
            reductions: false,
            learned_order: false,
            futility: false,
            defence: false,
            horizon_threes: None,
        }
    }

    /// Textbook minimax: alpha-beta without the pruning.
    pub(crate) const fn plain_minimax() -> Config {
        Config {
            pruning: false,
            ..Config::alpha_beta()
        }
    }

    /// Alpha-beta with the moves in [`Order::Weighted`].
    pub(crate) const fn ordered() -> Config {
        Config {
            order: Order::Weighted,
            ..Config::alpha_beta()
        }
    }

    /// [`Config::ordered`] with a table of finished searches for `grid`'s board, and a stop at the quickest
    /// win.
    pub(crate) fn ordered_with_table(grid: &Grid) -> Config {
        Config {
            memory: Memory::Complete {
                from_empty_cells: 3,
            },
            stop_at_quickest_win: true,
            table_bits: table_bits(grid),
            ..Config::ordered()
        }
    }

    /// The engine's search of a fixed depth, with 0 at the horizon as in the textbooks: every shortcut, a table
    /// of the positions searched to the end, and every move (a guess about far ones would be no proof).
    pub(crate) fn exact(grid: &Grid) -> Config {
        Config {
            stop_at_quickest_win: false,
            tactics: true,
            mate_distance_bounds: true,
            dead_draws: true,
            ..Config::ordered_with_table(grid)
        }
    }

    /// The settings of a search within a time on `grid`'s board: every shortcut, the evaluation if asked (and
    /// then the move order it gives), the neighbourhood on large boards, and a table of every position. With the
    /// evaluation, the patterns give the order and the evaluation and the threat search looks for wins by
    /// continuous fours (in the search to the end, on a small board); on large boards also for wins by fours and
    /// threes near the root, in every iteration, with the threat moves, principal variation search, reductions
    /// and the first few moves of a quiet node only.
    pub(crate) fn deepening(grid: &Grid, evaluation: bool) -> Config {
        let cells = grid.shape().cells();
        let large = evaluation && cells > NEIGHBOURHOOD_FROM_CELLS;
        Config {
            patterns: evaluation,
            threat_moves: large,
            horizon_threes: large.then_some(HORIZON_THREE_PLIES),
            threats: evaluation.then_some(if large { THREATS_PLIES } else { 0 }),
            threats_before_the_end: large,
            pvs: large,
            reductions: large,
            learned_order: large,
            futility: large,
            defence: large,
            order: if evaluation {
                Order::Weighted
            } else {
                Order::Central
            },
            memory: Memory::Deepening,
            evaluation,
            neighbourhood: (cells > NEIGHBOURHOOD_FROM_CELLS).then_some(2),
            quiet_moves: large.then_some(QUIET_MOVES),
            ..Config::exact(grid)
        }
    }
}
