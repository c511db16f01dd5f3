//! The search statistics panel's figures, without the page: each refinement of minimax's positions on the 3x3
//! board, counted exactly and timed a budget at a time (a median of samples, in two significant digits).

use crate::engine::{search_stats, Board, Clock, Variant, CELLS};
use crate::panels::words::{counted, group_digits, Note};

/// Nodes and time of one search.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Measured {
    /// Positions visited.
    pub nodes: u64,
    /// The median time of one search, in nanoseconds, over [`SAMPLES`] samples.
    pub nanos: u64,
}

/// How many samples of a search's time are taken, whose median is shown: a browser's clock is coarse (0.1 ms),
/// and a page shares the processor with the rest of the machine, so one time alone is noise.
pub const SAMPLES: usize = 5;

/// A sample runs its search again until this many nanoseconds (2 ms) have passed, and takes the mean time of a
/// run: a quick search takes a few microseconds, far below the clock's grain.
pub const SAMPLE_NANOS: u64 = 2_000_000;

/// The most runs of a sample, however little time they take.
pub(super) const MOST_RUNS: u64 = 10_000;

/// A search being timed, across as many tasks as it takes: for which column, position and variant, the positions
/// one run visits, the samples so far, and the sample and the run under way.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(super) struct Timing {
    pub(super) column: StatsColumn,
    pub(super) at: Board,
    pub(super) variant: usize,
    /// Positions one run visits, once a run is over.
    pub(super) nodes: u64,
    /// The mean time of a run in each sample so far, in nanoseconds.
    pub(super) samples: Vec<u64>,
    /// The sample under way: its runs so far, and their time in nanoseconds.
    pub(super) runs: u64,
    pub(super) elapsed: u64,
    /// The run under way: how many of its pieces are searched, and the positions they visited.
    pub(super) piece: usize,
    pub(super) counted: u64,
}

/// Search statistics of a position: one [`Measured`] per [`Variant`], in [`Variant::ALL`] order, once measured.
pub type Stats = (Board, [Option<Measured>; 4]);

/// Which column of the statistics a measurement is for.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum StatsColumn {
    /// The position on the board.
    Now,
    /// The position the computer last moved from.
    Last,
}

/// Plain minimax is timed in searches from at most this many empty squares: one visits at most 13,700
/// positions, a few milliseconds on a phone, so a task can stop after any piece once it has used its time and
/// leave clicks and paints a turn. (From the empty board,
/// one search visits 549,946 positions, and one from each first move about 60,000: 25 and 3 ms on a laptop, four
/// times that on a phone.)
pub(super) const PIECE_EMPTY_CELLS: u32 = 7;

/// The pieces a search `variant` from `at` is timed in, in order, and how many positions lie above them. Plain
/// minimax's: `at` itself if it has at most [`PIECE_EMPTY_CELLS`] empty squares or the game is over there, else
/// the pieces of each position its moves lead to, in cell order, above which lie `at` and the positions in
/// between (each visited once by a search from `at`), so that the pieces' counts and these add up to that
/// search's. The others' searches take a few milliseconds at most: one piece, `at`.
pub(super) fn pieces(at: Board, variant: Variant) -> (Vec<Board>, u64) {
    if variant != Variant::PlainMinimax {
        return (vec![at], 0);
    }
    /// Adds the pieces of `at` to `pieces`; returns how many positions lie above them.
    fn split(at: Board, pieces: &mut Vec<Board>) -> u64 {
        if at.is_over() || (CELLS - at.marks()) as u32 <= PIECE_EMPTY_CELLS {
            pieces.push(at);
            return 0;
        }
        1 + at
            .legal_moves()
            .map(|cell| split(at.play(cell), pieces))
            .sum::<u64>()
    }
    let mut pieces = Vec::new();
    let above = split(at, &mut pieces);
    (pieces, above)
}

impl Timing {
    /// Nothing timed yet of variant number `variant` at `at`, for `column`.
    pub(super) fn new(column: StatsColumn, at: Board, variant: usize) -> Timing {
        Timing {
            column,
            at,
            variant,
            nodes: 0,
            samples: Vec::with_capacity(SAMPLES),
            runs: 0,
            elapsed: 0,
            piece: 0,
            counted: 0,
        }
    }

    /// Runs the search's pieces, timed with `clock`, until its samples are all taken (`true`) or the clock has
    /// passed `deadline` (`false`; the next task goes on from there): no piece starts after it.
    pub(super) fn time(&mut self, clock: &mut dyn Clock, deadline: f64) -> bool {
        let variant = Variant::ALL[self.variant];
        let (pieces, above) = pieces(self.at, variant);
        let mut from = clock.now_ms();
        while self.samples.len() < SAMPLES {
            if from >= deadline {
                return false;
            }
            self.counted += search_stats(&pieces[self.piece], variant).nodes;
            self.piece += 1;
            let now = clock.now_ms();
            // Nanoseconds: the clock's milliseconds, to a precision it does not have.
            self.elapsed += ((now - from) * 1e6).round() as u64;
            from = now;
            if self.piece == pieces.len() {
                self.nodes = above + std::mem::take(&mut self.counted);
                self.piece = 0;
                self.runs += 1;
                // A clock that stands still ends a sample too, if much later.
                if self.elapsed >= SAMPLE_NANOS || self.runs >= MOST_RUNS {
                    self.samples.push(self.elapsed / self.runs);
                    (self.elapsed, self.runs) = (0, 0);
                }
            }
        }
        true
    }

    /// The positions one run visits and the median of the samples' times.
    pub(super) fn measured(&self) -> Measured {
        let mut samples = self.samples.clone();
        samples.sort_unstable();
        Measured {
            nodes: self.nodes,
            nanos: samples.get(samples.len() / 2).copied().unwrap_or_default(),
        }
    }
}

/// A measurement in words, the positions first: "549,946 positions, 25 ms" (see [`significant_ms`]).
pub fn measured_text(measured: Measured) -> String {
    format!(
        "{}, {}",
        counted(measured.nodes, "position", "positions"),
        significant_ms(measured.nanos)
    )
}

/// Nanoseconds as milliseconds to two significant digits, all a median of a few runs in a browser can tell:
/// "25 ms", "0.37 ms", "1.2 ms", "550 ms". (Integer arithmetic: a float's formatting brings the standard
/// library's float printing into the module, which none of the game's texts needs.)
pub fn significant_ms(nanos: u64) -> String {
    if nanos == 0 {
        return "0 ms".to_owned();
    }
    // The two leading digits, rounded, and the power of ten of the last one.
    let (mut scale, mut power) = (1, 0);
    while nanos / scale >= 100 {
        (scale, power) = (scale * 10, power + 1);
    }
    let mut digits = (nanos + scale / 2) / scale;
    if digits >= 100 {
        (digits, scale, power) = (digits / 10, scale * 10, power + 1);
    }
    // Milliseconds are a million nanoseconds: as many digits after the point as the power is short of six.
    let decimals = 6_usize.saturating_sub(power);
    if decimals == 0 {
        return format!("{} ms", group_digits(digits * scale / 1_000_000));
    }
    let text = format!("{digits:0>width$}", width = decimals + 1);
    let (whole, fraction) = text.split_at(text.len() - decimals);
    format!("{whole}.{fraction} ms")
}

/// The note of the statistics of the searches that need the whole tree: what they compare, and the rest one
/// click away.
pub fn stats_note() -> Note {
    let mut more: Vec<String> = Variant::ALL
        .iter()
        .map(|variant| variant.description().to_owned())
        .collect();
    more.push("Alpha-beta tries moves in cell order, row by row from the top left.".to_owned());
    Note {
        opening: "Every search finds the same value; they differ in the positions they visit. A time is the median \
                  of repeated runs in this browser."
            .to_owned(),
        about: "the searches",
        more,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn times_are_written_to_two_significant_digits() {
        for (nanos, text) in [
            (366_000, "0.37 ms"),
            (2_800_000, "2.8 ms"),
            (25_300_000, "25 ms"),
            (1_234_000, "1.2 ms"),
            (549_000_000, "550 ms"),
            (9_960_000, "10 ms"),
            (99_950, "0.10 ms"),
            (8_100, "0.0081 ms"),
            (5, "0.000005 ms"),
            (0, "0 ms"),
            (1_234_000_000_000, "1,200,000 ms"),
        ] {
            assert_eq!(significant_ms(nanos), text, "{nanos}");
        }
    }

    #[test]
    fn plain_minimax_pieces_are_small_and_add_up_to_one_search_everywhere() {
        let mut positions = vec![Board::EMPTY];
        let mut split = 0;
        while let Some(at) = positions.pop() {
            let (pieces, above) = pieces(at, Variant::PlainMinimax);
            let whole = search_stats(&at, Variant::PlainMinimax).nodes;
            let parts: u64 = pieces
                .iter()
                .map(|&piece| search_stats(&piece, Variant::PlainMinimax).nodes)
                .sum();
            assert_eq!(above + parts, whole, "{at}");
            for piece in &pieces {
                assert!(piece.is_over() || (CELLS - piece.marks()) as u32 <= PIECE_EMPTY_CELLS);
            }
            // Positions with more empty squares than a piece's are split; their children are checked too.
            if pieces != [at] {
                split += 1;
                positions.extend(at.legal_moves().map(|cell| at.play(cell)));
            }
        }
        // The empty board and its nine first moves.
        assert_eq!(split, 10);
    }
}
