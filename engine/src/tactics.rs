//! What the search knows about a [`Grid`] without the patterns: its candidate moves and their order, the forced
//! replies to a threat, and whether the game is drawn whatever is played (the evaluation is the patterns', in
//! `lines.rs`). The search loop itself is in `core.rs`.
//!
//! Everything here counts *windows*: the `k` consecutive cells of a row, a column or a diagonal. A window
//! holding marks of one side only is still open to that side, and the more of its marks it holds the closer
//! that side is to a line; a window holding both sides' marks is dead. Three such counts make a four, an open
//! three or a block of either visible to the move order without naming any pattern, on any `k`.

use super::bits::Bits;
use super::grid::{Grid, Player, Shape, Symmetry};
use super::lines::Lines;
use super::ordering::Ordering;
use super::settings::{Config, Order};
use std::cell::RefCell;

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
        /// Whether moves were left out (far from every mark, or not a four when the opponent threatens).
        narrowed: bool,
        /// Whether the moves were narrowed to the fours, the opponent threatening to win.
        to_threats: bool,
    },
}

/// The weight of an open window holding `stones` marks of one side, by how many it still lacks: each mark
/// closer to a line is worth eight times more, so one window a move from a line outweighs many far ones.
const fn window_weight(stones: usize, k: usize) -> i64 {
    if stones == 0 {
        return 0;
    }
    match k.saturating_sub(stones) {
        0 => 1 << 15,
        1 => 1 << 12,
        2 => 1 << 9,
        3 => 1 << 6,
        4 => 1 << 3,
        _ => 1,
    }
}

/// Boards with more windows than this find those holding marks by shifting the marks, rather than by trying
/// every window: on 15 x 15 most of the 572 windows are empty, on 4 x 4 all 10 are worth a look.
const SPARSE_FROM_WINDOWS: usize = 48;

/// The longest line a board has: a window holds at most this many cells.
const MAX_K: usize = 15;

/// One window: its cells as a mask and as a list.
#[derive(Clone, Copy, Default)]
struct Window {
    cells: Bits,
    /// The word of `cells` that holds them all, or 4 when they span words: a small board's windows are counted
    /// in one word rather than four.
    word: u8,
    /// The cells' bits, the first `len` of `bits`, to walk them without a scan of the mask.
    len: u8,
    bits: [u8; MAX_K],
    /// The cells on the board just before and just after the window: under the standard rule a line filling the
    /// window wins only while neither holds a stone of the same side.
    beyond: Bits,
}

impl Window {
    /// How many of `stones` the window holds.
    // Two of these per window and node: worth inlining even where the code is built for size.
    #[inline(always)]
    fn count(&self, stones: Bits) -> u32 {
        match self.word {
            word @ 0..=3 => {
                let word = usize::from(word);
                (stones.0[word] & self.cells.0[word]).count_ones()
            }
            _ => (stones & self.cells).count(),
        }
    }

    /// Whether `stones` fill the window: a line.
    #[inline(always)]
    fn filled_by(&self, stones: Bits) -> bool {
        match self.word {
            word @ 0..=3 => {
                let word = usize::from(word);
                stones.0[word] & self.cells.0[word] == self.cells.0[word]
            }
            _ => stones & self.cells == self.cells,
        }
    }

    /// The bits of the window's cells.
    fn bits(&self) -> &[u8] {
        &self.bits[..usize::from(self.len)]
    }
}

/// Every window of a board's shape, and the scratch space of the tactics and the search, so that a node counts
/// each window holding marks once, with two population counts, instead of walking the lines through every
/// candidate cell, and allocates nothing; with the cells and symmetries of the board as tables. Worked out once for a shape and kept for the next
/// search of the same shape (see [`with_windows`]): working them out costs more than a search of the 3x3 board.
/// What is by bit is in arrays of 256, which a bit indexes without a check.
pub(crate) struct Windows {
    /// The shape the windows are of; `None` before the first position.
    shape: Option<Shape>,
    /// Every cell of the board.
    all: Bits,
    /// For each direction of [`Shape::steps`], the bits where a window starts.
    starts: [Bits; 4],
    /// Every window.
    list: Vec<Window>,
    /// For each direction and start, the window's index in `list`.
    by_start: Box<[[u16; 256]; 4]>,
    /// By bit, where the windows through the cell are listed in `through` (from, to).
    through_at: Box<[(u16, u16); 256]>,
    /// The windows through each cell, by their index in `list`, cell after cell (see `through_at`).
    through: Vec<u16>,
    /// Whether the windows holding marks are found by shifts (see [`SPARSE_FROM_WINDOWS`]).
    sparse: bool,
    /// Whether only exactly `k` in a row wins (see [`Window::beyond`]).
    exact: bool,
    /// By bit, the cell; and by cell, the bit (a division saved in each).
    cell_of: Box<[u8; 256]>,
    bit_of: Box<[u8; 256]>,
    /// By bit, the bit each symmetry of the board (see [`Symmetry`]) takes it to; the bit itself for the four
    /// that only a square board has, on any other.
    images: Box<[[u8; 8]; 256]>,
    /// By bit, the weight of the windows through the cell while they are all empty: each is open to both sides.
    base: Box<[i64; 256]>,
    /// By bit, how near the cell is to the centre: larger nearer, never negative.
    centrality: Box<[u64; 256]>,
    /// Scratch, by bit: what the last tactics' windows holding marks change of `base`.
    change: Box<[i64; 256]>,
    /// Whether `change` holds the last tactics' counts, to be cleared before the next.
    spread: bool,
    /// Scratch: the last tactics' windows holding marks (their indices in `list`), with the marks of the side to
    /// move and of the opponent.
    holding: Vec<(u16, u8, u8)>,
    /// Scratch: the candidates with their order (see [`Grid::tactics`]).
    order: Vec<u64>,
    /// Scratch of the search: its move lists, one per ply, reused so that a node allocates nothing.
    lists: Vec<Vec<usize>>,
    /// The weight of a window open to one side, by its marks (see [`window_weight`]).
    weights: [i64; MAX_K + 1],
}

impl Default for Windows {
    /// No board's yet.
    fn default() -> Windows {
        Windows {
            shape: None,
            all: Bits::EMPTY,
            starts: [Bits::EMPTY; 4],
            list: Vec::new(),
            by_start: Box::new([[0; 256]; 4]),
            through_at: Box::new([(0, 0); 256]),
            through: Vec::new(),
            sparse: false,
            exact: false,
            cell_of: Box::new([0; 256]),
            bit_of: Box::new([0; 256]),
            images: Box::new([[0; 8]; 256]),
            base: Box::new([0; 256]),
            centrality: Box::new([0; 256]),
            change: Box::new([0; 256]),
            spread: false,
            holding: Vec::new(),
            order: Vec::new(),
            lists: Vec::new(),
            weights: [0; MAX_K + 1],
        }
    }
}

impl Windows {
    /// The windows of `shape`.
    fn new(shape: Shape) -> Windows {
        let k = shape.k();
        let all = shape.all();
        let mut windows = Windows {
            shape: Some(shape),
            all,
            exact: shape.exact(),
            weights: std::array::from_fn(|stones| window_weight(stones, k)),
            ..Windows::default()
        };
        for (direction, step) in shape.steps().into_iter().enumerate() {
            // A window that would cross the padding column or leave the board does not start in `all`'s runs.
            let starts = all.run_starts(step, k);
            windows.starts[direction] = starts;
            for start in starts.iter() {
                let mut window = Window {
                    // At most 15 cells, on bits below 240.
                    len: k as u8,
                    ..Window::default()
                };
                for j in 0..k {
                    let bit = start + j * step;
                    window.cells = window.cells.with(bit);
                    window.bits[j] = bit as u8;
                    windows.base[bit] += 2 * window_weight(1, k);
                }
                // The padding column and the bits past the board are in no `all`.
                window.beyond =
                    (window.cells.up(step) | window.cells.down(step)).minus(window.cells) & all;
                let words = window.cells.0.iter().filter(|&&word| word != 0).count();
                window.word = match window.cells.0.iter().position(|&word| word != 0) {
                    Some(word) if words == 1 => word as u8,
                    _ => 4,
                };
                // Fewer than 4 x 240 windows.
                windows.by_start[direction][start] = windows.list.len() as u16;
                windows.list.push(window);
            }
        }
        windows.sparse = windows.list.len() > SPARSE_FROM_WINDOWS;
        for bit in all.iter() {
            // At most 4 x 15 windows through a cell, fewer than 1,024 windows.
            let from = windows.through.len() as u16;
            let through =
                (0..windows.list.len()).filter(|&index| windows.list[index].cells.contains(bit));
            windows.through.extend(through.map(|index| index as u16));
            windows.through_at[bit] = (from, windows.through.len() as u16);
            let cell = shape.cell_of(bit);
            // Cells and bits are below 256.
            windows.cell_of[bit] = cell as u8;
            windows.bit_of[cell] = bit as u8;
            windows.images[bit] = Symmetry::images_of_bit(shape, bit);
            let (row, col) = (cell / shape.cols(), cell % shape.cols());
            let off = (2 * row).abs_diff(shape.rows() - 1) + (2 * col).abs_diff(shape.cols() - 1);
            windows.centrality[bit] = (shape.rows() + shape.cols() - off) as u64;
        }
        windows
    }

    /// Calls `visit` with each window holding any of `marks` (and perhaps, on a small board, none), and its index.
    fn each_holding(&self, marks: Bits, mut visit: impl FnMut(usize, &Window)) {
        let Some(shape) = self.shape else {
            return;
        };
        let list = &self.list[..];
        if !self.sparse {
            for (index, window) in list.iter().enumerate() {
                if window.count(marks) > 0 {
                    visit(index, window);
                }
            }
            return;
        }
        let k = shape.k();
        for (direction, step) in shape.steps().into_iter().enumerate() {
            // The starts up to k - 1 steps back from a mark, by doubling the reach covered.
            let mut near = marks;
            let mut reach = 1;
            while reach < k {
                let more = reach.min(k - reach);
                near |= near.down(more * step);
                reach += more;
            }
            for start in (near & self.starts[direction]).iter() {
                let index = usize::from(self.by_start[direction][start]);
                visit(index, &list[index]);
            }
        }
    }

    /// Clears what the last tactics spread over the cells of their windows.
    fn clear_spread(&mut self) {
        if self.spread {
            let list = &self.list[..];
            for &(index, ..) in &self.holding {
                for &bit in list[usize::from(index)].bits() {
                    self.change[usize::from(bit)] = 0;
                }
            }
            self.spread = false;
        }
    }
}

impl Grid {
    /// The moves worth trying: every empty cell (of `all`, the board), or on a large board those within `radius`
    /// cells (in any direction) of a mark, and the centre of an empty board.
    fn candidates(&self, all: Bits, radius: Option<u32>) -> Bits {
        let marks = self.stones(Player::X) | self.stones(Player::O);
        let empty = all.minus(marks);
        let Some(radius) = radius else {
            return empty;
        };
        let shape = self.shape();
        if marks.is_empty() {
            let centre = shape.rows() / 2 * shape.cols() + shape.cols() / 2;
            return Bits::bit(shape.bit_of(centre));
        }
        let mut near = marks;
        for _ in 0..radius {
            // A step sideways from the edge lands in the padding column, which `all` leaves out.
            near = (near | near.up(1) | near.down(1)) & all;
            near = (near | near.up(shape.stride()) | near.down(shape.stride())) & all;
        }
        near & empty
    }

    /// The `candidates` in the order they are searched: by cell, or best first by the evaluation's weights and
    /// then by how central they are.
    fn order_moves(
        &self,
        windows: &mut Windows,
        candidates: Bits,
        settings: &Config,
        moves: &mut Vec<usize>,
    ) {
        if settings.order == Order::Cells {
            moves.extend(
                candidates
                    .iter()
                    .map(|bit| usize::from(windows.cell_of[bit])),
            );
            return;
        }
        let weigh = settings.order == Order::Weighted;
        if weigh {
            self.spread(windows);
        }
        let mut order = std::mem::take(&mut windows.order);
        order.clear();
        for bit in candidates.iter() {
            // Without the evaluation, quiet moves are told apart by nothing but the centre.
            let weight = if weigh {
                windows.base[bit] + windows.change[bit]
            } else {
                0
            };
            // Best first, and among equals the lower cell, so that runs repeat: the weight, the centrality and the
            // cell's complement in one number, whose complement sorts in that order.
            let cell = windows.cell_of[bit];
            order.push(
                !((weight as u64) << 16 | windows.centrality[bit] << 8 | u64::from(255 - cell)),
            );
        }
        order.sort_unstable();
        moves.extend(order.iter().map(|&key| 255 - (!key & 0xff) as usize));
        windows.order = order;
    }
}

impl Grid {
    /// Spreads the weights of the windows holding marks, which the tactics just counted, over their cells: what
    /// each changes of a cell's order (see [`Windows`]).
    fn spread(&self, windows: &mut Windows) {
        let list = &windows.list[..];
        let weight = windows.weights;
        let k = self.shape().k();
        for &(index, m, t) in &windows.holding {
            let (m, t) = (usize::from(m), usize::from(t));
            // Open to the side to move, to the opponent, or to neither.
            let open = match (m, t) {
                (_, 0) => weight[m + 1],
                (0, _) => weight[t + 1],
                _ => 0,
            };
            // A move that completes a line, then one that blocks the opponent's, before any other (the tactics,
            // when on, answer both before any order is needed).
            let first = if m + 1 >= k && t == 0 {
                WIN_FIRST
            } else if t + 1 >= k && m == 0 {
                BLOCK_FIRST
            } else {
                0
            };
            let change = open - 2 * weight[1] + first;
            // A taken cell's entries are never read: no need to skip it.
            for &bit in list[usize::from(index)].bits() {
                windows.change[usize::from(bit)] += change;
            }
        }
        windows.spread = true;
    }
}

/// What a move that completes a line adds to its weight in [`Order::Weighted`]: more than all of a cell's windows
/// weigh (at most 4 x 15 windows of at most 2^15 each, twice).
const WIN_FIRST: i64 = 1 << 24;
/// What a move that blocks the opponent's line adds, less than [`WIN_FIRST`] and more than any window's weight.
const BLOCK_FIRST: i64 = 1 << 23;

thread_local! {
    /// The windows of the last board searched, kept for the next search.
    static KEPT: RefCell<Windows> = RefCell::new(Windows::default());
}

/// Runs `search` with the windows of `shape`'s board: those of the last search when it searched the same shape
/// (the computer's moves in a game), else worked out afresh. A search within a search gets windows of its own.
pub(crate) fn with_windows<R>(shape: Shape, search: impl FnOnce(&mut Windows) -> R) -> R {
    KEPT.with(|kept| match kept.try_borrow_mut() {
        Ok(mut windows) => {
            if windows.shape != Some(shape) {
                *windows = Windows::new(shape);
            }
            search(&mut windows)
        }
        Err(_) => search(&mut Windows::new(shape)),
    })
}

impl Windows {
    /// Whether `stones` fill `window` with a winning line: under the standard rule, not when it is part of a
    /// longer one.
    fn wins(&self, window: &Window, stones: Bits) -> bool {
        window.filled_by(stones) && (!self.exact || (stones & window.beyond).is_empty())
    }

    /// Whether `stones` fill a window: a line.
    pub(crate) fn line(&self, stones: Bits) -> bool {
        self.list.iter().any(|window| self.wins(window, stones))
    }

    /// Whether `stones` make a line through the cell at `bit`.
    pub(crate) fn line_through(&self, stones: Bits, bit: usize) -> bool {
        let (from, to) = self.through_at[bit];
        self.through[usize::from(from)..usize::from(to)]
            .iter()
            .any(|&index| self.wins(&self.list[usize::from(index)], stones))
    }

    /// For each cell of `position`'s board, the lowest cell a symmetry of the position (a rotation or
    /// reflection that leaves it as it is) maps it to: moves with the same representative lead to mirror images
    /// of one position, so they have the same value, and a search needs to try only one of them.
    pub(crate) fn representatives(&self, position: &Grid) -> Vec<usize> {
        let cells = position.shape().cells();
        let mut representative: Vec<usize> = (0..cells).collect();
        for symmetry in 1..Symmetry::count(position.shape()) {
            let image = |bit: usize| usize::from(self.images[bit][symmetry]);
            // A symmetry maps the cells one to one: it leaves the position as it is if it takes each stone onto
            // a stone of the same side.
            let keeps = |stones: Bits| stones.iter().all(|bit| stones.contains(image(bit)));
            if keeps(position.stones(Player::X)) && keeps(position.stones(Player::O)) {
                for (cell, slot) in representative.iter_mut().enumerate() {
                    let mirror = usize::from(self.cell_of[image(self.bit_of(cell))]);
                    *slot = (*slot).min(mirror);
                }
            }
        }
        representative
    }

    /// The move list of the search's node `ply` plies below its root, to fill (see [`Grid::tactics`]) and give
    /// back.
    pub(crate) fn take_list(&mut self, ply: usize) -> Vec<usize> {
        if self.lists.len() <= ply {
            self.lists.resize_with(ply + 1, Vec::new);
        }
        std::mem::take(&mut self.lists[ply])
    }

    /// Gives back the move list taken for `ply` ([`Windows::take_list`]), to be reused.
    pub(crate) fn give_back_list(&mut self, ply: usize, list: Vec<usize>) {
        self.lists[ply] = list;
    }

    /// The cell of `bit` (see [`Shape::cell_of`]), without a division.
    pub(crate) fn cell_of(&self, bit: usize) -> usize {
        usize::from(self.cell_of[bit])
    }

    /// The bit of `cell` (see [`Shape::bit_of`]), without a division.
    pub(crate) fn bit_of(&self, cell: usize) -> usize {
        usize::from(self.bit_of[cell])
    }

    /// The bits that the symmetries of the board take the bit `bit` to (see [`Windows::images`]).
    pub(crate) fn images(&self, bit: usize) -> &[u8; 8] {
        &self.images[bit]
    }
}

impl Grid {
    /// Whether neither side can still make a line: a side can only in a window free of the other side's marks,
    /// and only if its moves left can fill the window's empty cells. A necessary condition, so when it fails for
    /// both sides the game is a draw whatever is played.
    pub(crate) fn drawn(&self, windows: &Windows) -> bool {
        let k = self.shape().k() as u32;
        let empty = self.empty_cells() as u32;
        // The side to move has the odd move out.
        let (x_left, o_left) = match self.to_move() {
            Player::X => (empty.div_ceil(2), empty / 2),
            Player::O => (empty / 2, empty.div_ceil(2)),
        };
        let (x, o) = (self.stones(Player::X), self.stones(Player::O));
        !windows.list.iter().any(|window| {
            let (xs, os) = (window.count(x), window.count(o));
            (os == 0 && xs + x_left >= k) || (xs == 0 && os + o_left >= k)
        })
    }

    /// The moves to try, in `moves` (cleared first) in the settings' order, and with [`Config::tactics`] what
    /// the tactics say; without, always [`Tactics::Search`]. With them, [`Tactics::Search`] means that no legal
    /// move completes a line (the far ones included): the search loop then never asks a child whether it is lost.
    ///
    /// A cell completes a line where a window holds `k - 1` marks of one side and none of the other, and an
    /// empty window through a cell adds as much to its order whoever moves: so only the windows holding marks
    /// are counted, and the empty ones are in `base`.
    pub(crate) fn tactics(
        &self,
        windows: &mut Windows,
        settings: &Config,
        moves: &mut Vec<usize>,
    ) -> Tactics {
        moves.clear();
        windows.clear_spread();
        let shape = self.shape();
        let k = shape.k();
        let mover = self.to_move();
        let (mine, theirs) = (self.stones(mover), self.stones(mover.opponent()));
        let taken = mine | theirs;
        let candidates = self.candidates(windows.all, settings.neighbourhood);
        let weigh = settings.order == Order::Weighted;
        let mut holding = std::mem::take(&mut windows.holding);
        holding.clear();
        let (mut wins, mut threats) = (Bits::EMPTY, Bits::EMPTY);
        if settings.tactics || weigh {
            windows.each_holding(taken, |index, window| {
                let (m, t) = (window.count(mine), window.count(theirs));
                if t == 0 && m as usize + 1 >= k {
                    wins |= window.cells;
                }
                if m == 0 && t as usize + 1 >= k {
                    threats |= window.cells;
                }
                // Fewer than 1,024 windows of at most 15 cells.
                holding.push((index as u16, m as u8, t as u8));
            });
        }
        windows.holding = holding;
        // A cell that completes a line lies next to a mark, so it is always a candidate.
        let (mut wins, mut threats) = (wins.minus(taken), threats.minus(taken));
        if shape.exact() {
            // Under the standard rule a cell completes a window only if that makes no overline.
            let completes = |stones: Bits, bit: usize| shape.has_line(stones.with(bit));
            wins = wins
                .iter()
                .filter(|&bit| completes(mine, bit))
                .fold(Bits::EMPTY, Bits::with);
            threats = (threats.iter().filter(|&bit| completes(theirs, bit)))
                .fold(Bits::EMPTY, Bits::with);
        }
        if settings.tactics {
            if let Some(bit) = wins.iter().next() {
                return Tactics::Win(usize::from(windows.cell_of[bit]));
            }
            match threats.count() {
                0 => {}
                // Any other move loses at once.
                1 => {
                    moves.extend(threats.iter().map(|bit| usize::from(windows.cell_of[bit])));
                    return Tactics::Search {
                        narrowed: false,
                        to_threats: false,
                    };
                }
                // The last, as a scan in cell order would name it.
                _ => {
                    if let Some(bit) = threats.iter().last() {
                        return Tactics::Lost(usize::from(windows.cell_of[bit]));
                    }
                }
            }
        }
        self.order_moves(windows, candidates, settings, moves);
        Tactics::Search {
            narrowed: candidates != windows.all.minus(taken),
            to_threats: false,
        }
    }

    /// Appends to `moves` the legal moves it does not hold: those that [`Grid::tactics`] or
    /// [`Grid::pattern_tactics`] left out.
    pub(crate) fn far_moves(&self, windows: &Windows, moves: &mut Vec<usize>) {
        let listed = moves.iter().fold(Bits::EMPTY, |listed, &cell| {
            listed.with(windows.bit_of(cell))
        });
        let far = self.empty_bits().minus(listed);
        moves.extend(far.iter().map(|bit| usize::from(windows.cell_of[bit])));
    }

    /// [`Grid::tactics`] from `lines`, the patterns of this position: the same answers (a win at once, a loss to
    /// two fours, the one block), and the moves best first by what they make and what they stop (see
    /// `lines.rs`). With [`Config::threat_moves`], when the opponent threatens to win with its next move but one
    /// (an open three, a cell for two fours), only the moves that make a four or take a cell of the opponent's
    /// fours: those are the defences, and with the side's own fours the only moves that do not lose at once
    /// (the others come if all of these lose). With `ordering`, a move's history adds to its weight (see
    /// `ordering.rs`).
    pub(crate) fn pattern_tactics(
        &self,
        lines: &Lines,
        windows: &mut Windows,
        (settings, ordering): (&Config, Option<&Ordering>),
        moves: &mut Vec<usize>,
    ) -> Tactics {
        moves.clear();
        windows.clear_spread();
        let mover = self.to_move();
        let opponent = mover.opponent();
        let cell_of = |bit: usize| usize::from(windows.cell_of[bit]);
        if let Some(bit) = lines.fives(mover).first() {
            return Tactics::Win(cell_of(bit));
        }
        let threats = lines.fives(opponent);
        match threats.count() {
            0 => {}
            1 => {
                moves.extend(threats.iter().map(cell_of));
                return Tactics::Search {
                    narrowed: false,
                    to_threats: false,
                };
            }
            _ => {
                if let Some(bit) = threats.iter().last() {
                    return Tactics::Lost(cell_of(bit));
                }
            }
        }
        let to_threats = settings.threat_moves && !lines.wins(opponent).is_empty();
        let candidates = if to_threats {
            lines.fours(mover) | lines.fours(opponent)
        } else {
            self.candidates(windows.all, settings.neighbourhood)
        };
        let mut order = std::mem::take(&mut windows.order);
        order.clear();
        for bit in candidates.iter() {
            // What the move makes counts a little more than what it stops: the side to move is a move ahead.
            let weight =
                i64::from(lines.value(bit, mover)) * 5 / 4 + i64::from(lines.value(bit, opponent));
            let learned = ordering.map_or(0, |ordering| ordering.bonus(mover as usize, bit));
            let weight = weight as u64 + learned;
            let cell = windows.cell_of[bit];
            order.push(!(weight << 16 | windows.centrality[bit] << 8 | u64::from(255 - cell)));
        }
        order.sort_unstable();
        moves.extend(order.iter().map(|&key| 255 - (!key & 0xff) as usize));
        windows.order = order;
        Tactics::Search {
            narrowed: candidates != lines.empty(),
            to_threats,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn grid(text: &str, rows: usize, cols: usize, k: usize) -> Grid {
        Grid::parse(text, Shape::new(rows, cols, k).unwrap()).unwrap()
    }

    /// The windows of `position`'s board.
    fn windows(position: &Grid) -> Windows {
        Windows::new(position.shape())
    }

    fn drawn(position: Grid) -> bool {
        position.drawn(&windows(&position))
    }

    fn settings(neighbourhood: Option<u32>) -> Config {
        Config {
            neighbourhood,
            ..Config::deepening(&Grid::empty(Shape::CLASSIC), true)
        }
    }

    #[test]
    fn tactics_find_the_win_the_block_and_the_double_threat() {
        let mut moves = Vec::new();
        // X completes the row at once.
        let win = grid("XXX../OO.../...../O....", 4, 5, 4);
        assert_eq!(
            win.tactics(&mut windows(&win), &settings(None), &mut moves),
            Tactics::Win(3)
        );
        // O to move must block cell 3; it has nothing better.
        let block = grid("XXX../OO.../...../.....", 4, 5, 4);
        let tactics = block.tactics(&mut windows(&block), &settings(None), &mut moves);
        assert_eq!(
            (tactics, moves.as_slice()),
            (
                Tactics::Search {
                    narrowed: false,
                    to_threats: false,
                },
                &[3][..],
            )
        );
        // Two cells complete X's three: O is lost whatever it plays.
        let lost = grid(".XXX./OO.../...../.....", 4, 5, 4);
        assert!(matches!(
            lost.tactics(&mut windows(&lost), &settings(None), &mut moves),
            Tactics::Lost(0 | 4)
        ));
    }

    #[test]
    fn the_neighbourhood_and_the_far_moves_cover_the_board() {
        let position = grid(
            "X....../......./......./......./......./......./......O",
            7,
            7,
            5,
        );
        let mut moves = Vec::new();
        let Tactics::Search { narrowed, .. } =
            position.tactics(&mut windows(&position), &settings(Some(2)), &mut moves)
        else {
            panic!()
        };
        assert!(narrowed);
        // Within two cells of a corner mark: 3 x 3 less the mark, at each corner.
        assert_eq!(moves.len(), 16);
        position.far_moves(&windows(&position), &mut moves);
        moves.sort_unstable();
        assert_eq!(moves, position.legal_moves().collect::<Vec<_>>());
        // The empty board: the centre.
        let empty = Grid::empty(Shape::new(7, 7, 5).unwrap());
        empty.tactics(&mut windows(&empty), &settings(Some(2)), &mut moves);
        assert_eq!(moves, [24]);
    }

    #[test]
    fn a_board_nobody_can_win_is_drawn() {
        // Every row, column and diagonal holds both marks.
        assert!(drawn(grid("XOX/XOO/OX.", 3, 3, 3)));
        assert!(!drawn(grid("XO./.X./...", 3, 3, 3)));
        // The last row is open to both, but each side has two moves left, not four.
        assert!(drawn(grid("XOXO/OXOX/OXOX/....", 4, 4, 4)));
        assert!(!drawn(grid("XOXO/OXOX/OXOX/....", 4, 4, 3)));
        assert!(!drawn(Grid::empty(Shape::new(5, 5, 4).unwrap())));
    }

    /// The weight of `cell` for the move order, counted plainly: every window through it on the board, open to
    /// the side to move (worth its marks and one more) or to the opponent (the same).
    fn plain_weight(position: &Grid, cell: usize) -> i64 {
        let shape = position.shape();
        let (rows, cols, k) = (
            shape.rows() as isize,
            shape.cols() as isize,
            shape.k() as isize,
        );
        let (row, col) = (cell as isize / cols, cell as isize % cols);
        let mover = position.to_move();
        let mut weight = 0;
        for (dr, dc) in [(0, 1), (1, 0), (1, 1), (1, -1)] {
            for back in 0..k {
                let cells: Vec<(isize, isize)> = (0..k)
                    .map(|j| (row + (j - back) * dr, col + (j - back) * dc))
                    .collect();
                if cells
                    .iter()
                    .any(|&(r, c)| r < 0 || c < 0 || r >= rows || c >= cols)
                {
                    continue;
                }
                let count = |player| {
                    cells
                        .iter()
                        .filter(|&&(r, c)| position.get((r * cols + c) as usize) == Some(player))
                        .count()
                };
                let (m, t) = (count(mover), count(mover.opponent()));
                if t == 0 {
                    weight += window_weight(m + 1, k as usize);
                }
                if m == 0 {
                    weight += window_weight(t + 1, k as usize);
                }
            }
        }
        weight
    }

    #[test]
    fn the_order_matches_a_plain_count() {
        let mut rng = crate::Rng::new(3);
        // Fewer games on the larger boards, whose plain count is slow.
        let shapes = [
            (4, 4, 4, 30),
            (5, 4, 3, 30),
            (7, 7, 5, 6),
            (9, 8, 4, 3),
            (15, 15, 5, 1),
        ];
        for (rows, cols, k, games) in shapes {
            let settings =
                Config::deepening(&Grid::empty(Shape::new(rows, cols, k).unwrap()), true);
            for _ in 0..games {
                let mut position = Grid::empty(Shape::new(rows, cols, k).unwrap());
                let mut moves = Vec::new();
                while !position.is_over() {
                    let mut windows = windows(&position);
                    if let Tactics::Search { .. } =
                        position.tactics(&mut windows, &settings, &mut moves)
                    {
                        if moves.len() > 1 {
                            let weights: Vec<i64> = moves
                                .iter()
                                .map(|&cell| plain_weight(&position, cell))
                                .collect();
                            assert!(
                                weights.windows(2).all(|pair| pair[0] >= pair[1]),
                                "{position}"
                            );
                        }
                    }
                    let legal: Vec<usize> = position.legal_moves().collect();
                    position = position.play(legal[rng.below(legal.len())]);
                }
            }
        }
    }

    #[test]
    fn mirror_images_share_a_representative() {
        let empty = Grid::empty(Shape::CLASSIC);
        assert_eq!(
            Windows::new(Shape::CLASSIC).representatives(&empty),
            [0, 1, 0, 1, 4, 1, 0, 1, 0]
        );
        // A 3 x 4 board has only the two reflections and the half turn.
        let wide = Grid::empty(Shape::new(3, 4, 3).unwrap());
        assert_eq!(
            windows(&wide).representatives(&wide),
            [0, 1, 1, 0, 4, 5, 5, 4, 0, 1, 1, 0]
        );
        // X in the corner: only the diagonal through it is a symmetry.
        let corner = Grid::parse("X........", Shape::CLASSIC).unwrap();
        assert_eq!(
            windows(&corner).representatives(&corner),
            [0, 1, 2, 1, 4, 5, 2, 5, 8]
        );
        let none = Grid::parse("XO.......", Shape::CLASSIC).unwrap();
        assert_eq!(
            windows(&none).representatives(&none),
            [0, 1, 2, 3, 4, 5, 6, 7, 8]
        );
    }
}
