//! What a search may vary: [`Settings`], the switches of the one search loop, and the settings of each search
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
pub(crate) struct Settings {
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
    /// Evaluate open positions at the horizon. Without, they score 0 like a draw, as in the textbooks'
    /// depth-limited minimax, and the horizon is kept exactly: a loss to two threats, which the tactics see a
    /// ply early, is not taken for one at the last ply.
    pub(crate) evaluation: bool,
    /// Try only moves within this many cells of a mark (all moves when `None`).
    pub(crate) neighbourhood: Option<u32>,
    /// The table holds at most `1 << table_bits` entries.
    pub(crate) table_bits: u32,
}

/// Boards with more cells than this try only moves near the marks.
const NEIGHBOURHOOD_FROM_CELLS: usize = 36;
/// The largest table: 2^20 entries of 16 bytes.
const MAX_TABLE_BITS: u32 = 20;

/// A table no larger than the positions of `grid`'s board need (about 3^cells), from 2^10 to 2^20 entries.
fn table_bits(grid: &Grid) -> u32 {
    // log2(3^cells), with log2(3) = 1.58496... in whole numbers.
    let bits = (grid.shape().cells() as u32 * 1_585).div_ceil(1_000);
    bits.clamp(10, MAX_TABLE_BITS)
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

    /// Alpha-beta with the moves in [`Order::Weighted`].
    pub(crate) const fn ordered() -> Settings {
        Settings {
            order: Order::Weighted,
            ..Settings::alpha_beta()
        }
    }

    /// [`Settings::ordered`] with a table of finished searches for `grid`'s board, and a stop at the quickest
    /// win.
    pub(crate) fn ordered_with_table(grid: &Grid) -> Settings {
        Settings {
            memory: Memory::Complete {
                from_empty_cells: 3,
            },
            stop_at_quickest_win: true,
            table_bits: table_bits(grid),
            ..Settings::ordered()
        }
    }

    /// The engine's search of a fixed depth, with 0 at the horizon as in the textbooks: every shortcut, a table
    /// of the positions searched to the end, and every move (a guess about far ones would be no proof).
    pub(crate) fn exact(grid: &Grid) -> Settings {
        Settings {
            stop_at_quickest_win: false,
            tactics: true,
            mate_distance_bounds: true,
            dead_draws: true,
            ..Settings::ordered_with_table(grid)
        }
    }

    /// The settings of a search within a time on `grid`'s board: every shortcut, the evaluation if asked (and
    /// then the move order it gives), the neighbourhood on large boards, and a table of every position.
    pub(crate) fn deepening(grid: &Grid, evaluation: bool) -> Settings {
        let cells = grid.shape().cells();
        Settings {
            order: if evaluation {
                Order::Weighted
            } else {
                Order::Central
            },
            memory: Memory::Deepening,
            evaluation,
            neighbourhood: (cells > NEIGHBOURHOOD_FROM_CELLS).then_some(2),
            ..Settings::exact(grid)
        }
    }
}
