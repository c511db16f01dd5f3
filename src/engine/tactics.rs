//! What the search knows about a [`Grid`]: its candidate moves and their order, the forced replies to a
//! threat, the evaluation of open lines, and the board's symmetries. The search loop itself is in `negamax.rs`.
//!
//! Everything here counts *windows*: the `k` consecutive cells of a row, a column or a diagonal. A window
//! holding marks of one side only is still open to that side, and the more of its marks it holds the closer
//! that side is to a line; a window holding both sides' marks is dead. Three such counts make a four, an open
//! three or a block of either visible to the move order without naming any pattern, on any `k`.

use super::bits::Bits;
use super::board::Player;
use super::grid::{Grid, Shape};
use super::negamax::{KeyedTable, Order, Position, Settings, Tactics, EVAL_LIMIT};

/// The four directions of a line, as (rows, columns) per step.
const DIRECTIONS: [(isize, isize); 4] = [(0, 1), (1, 0), (1, 1), (1, -1)];

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

/// A rotation or reflection of a board: `(row, col, rows, cols)` to the image's `(row, col)`.
type Symmetry = fn(usize, usize, usize, usize) -> (usize, usize);

/// What an empty cell means to both sides, from the windows through it.
struct CellWindows {
    /// The most marks of the side to move in a window through the cell that the opponent has not entered.
    mine: usize,
    /// The same for the opponent.
    theirs: usize,
    /// The windows' weights after a move here: those it extends for the side to move, plus those it takes from
    /// the opponent.
    weight: i64,
}

/// A cell's state along a line.
#[derive(Clone, Copy, PartialEq, Eq)]
enum State {
    Empty,
    Mine,
    Theirs,
    Off,
}

/// The windows through the empty cell at `(row, col)`.
fn cell_windows(shape: Shape, mine: Bits, theirs: Bits, row: usize, col: usize) -> CellWindows {
    let k = shape.k();
    let mut found = CellWindows {
        mine: 0,
        theirs: 0,
        weight: 0,
    };
    for (dr, dc) in DIRECTIONS {
        // The 2k - 1 cells centred on this one along the line, and running counts of each state.
        let mut counts = [[0u8; 3]; 30];
        for t in 0..2 * k - 1 {
            let offset = t as isize - (k as isize - 1);
            let (r, c) = (row as isize + offset * dr, col as isize + offset * dc);
            let state =
                if r < 0 || c < 0 || r >= shape.rows() as isize || c >= shape.cols() as isize {
                    State::Off
                } else {
                    // In range, so not negative.
                    let bit = shape.bit_of(r as usize * shape.cols() + c as usize);
                    if mine.contains(bit) {
                        State::Mine
                    } else if theirs.contains(bit) {
                        State::Theirs
                    } else {
                        State::Empty
                    }
                };
            counts[t + 1] = counts[t];
            match state {
                State::Mine => counts[t + 1][0] += 1,
                State::Theirs => counts[t + 1][1] += 1,
                State::Off => counts[t + 1][2] += 1,
                State::Empty => {}
            }
        }
        for start in 0..k {
            let count = |i: usize| usize::from(counts[start + k][i] - counts[start][i]);
            if count(2) > 0 {
                continue;
            }
            let (m, t) = (count(0), count(1));
            if t == 0 {
                found.mine = found.mine.max(m);
                found.weight += window_weight(m + 1, k);
            }
            if m == 0 {
                found.theirs = found.theirs.max(t);
                found.weight += window_weight(t + 1, k);
            }
        }
    }
    found
}

impl Grid {
    /// The moves worth trying: every empty cell, or on a large board those within `radius` cells (in any
    /// direction) of a mark, and the centre of an empty board.
    fn candidates(&self, radius: Option<u32>) -> Bits {
        let empty = self.empty_bits();
        let Some(radius) = radius else {
            return empty;
        };
        let shape = self.shape();
        let marks = self.stones(Player::X) | self.stones(Player::O);
        if marks.is_empty() {
            let centre = shape.rows() / 2 * shape.cols() + shape.cols() / 2;
            return Bits::bit(shape.bit_of(centre));
        }
        let all = shape.all();
        let mut near = marks;
        for _ in 0..radius {
            // A step sideways from the edge lands in the padding column, which `all` leaves out.
            near = (near | near.up(1) | near.down(1)) & all;
            near = (near | near.up(shape.stride()) | near.down(shape.stride())) & all;
        }
        near & empty
    }

    /// Whether `player` could still make a line: only in a window free of the other side's marks, and only if
    /// its moves left can fill the window's empty cells. A necessary condition, so when it fails for both sides
    /// the game is a draw whatever is played.
    fn can_still_win(&self, player: Player) -> bool {
        let shape = self.shape();
        let k = shape.k();
        let empty = shape.cells() - self.marks();
        // The side to move has the odd move out.
        let moves_left = if self.to_move() == player {
            empty.div_ceil(2)
        } else {
            empty / 2
        };
        let free = shape.all().minus(self.stones(player.opponent()));
        if moves_left >= k {
            return shape.has_line(free);
        }
        let mine = self.stones(player);
        shape.steps().into_iter().any(|step| {
            free.run_starts(step, k).iter().any(|start| {
                let held = (0..k).filter(|j| mine.contains(start + j * step)).count();
                held + moves_left >= k
            })
        })
    }

    /// How near `cell` is to the centre: larger nearer, never negative.
    fn centrality(&self, cell: usize) -> u64 {
        let shape = self.shape();
        let (row, col) = (cell / shape.cols(), cell % shape.cols());
        let off = (2 * row).abs_diff(shape.rows() - 1) + (2 * col).abs_diff(shape.cols() - 1);
        (shape.rows() + shape.cols() - off) as u64
    }
}

impl Position for Grid {
    type Table = KeyedTable;

    fn key(&self) -> u64 {
        Grid::key(self)
    }

    fn marks(&self) -> u32 {
        Grid::marks(self) as u32
    }

    fn empty_cells(&self) -> u32 {
        (self.shape().cells() - Grid::marks(self)) as u32
    }

    fn cells(&self) -> u32 {
        self.shape().cells() as u32
    }

    fn lost(&self) -> bool {
        self.shape()
            .has_line(self.stones(self.to_move().opponent()))
    }

    fn drawn(&self) -> bool {
        !self.can_still_win(Player::X) && !self.can_still_win(Player::O)
    }

    fn is_legal(&self, cell: usize) -> bool {
        cell < self.shape().cells() && self.get(cell).is_none() && !self.is_over()
    }

    fn play(&self, cell: usize) -> Grid {
        self.play_bit(self.shape().bit_of(cell))
    }

    fn tactics(&self, settings: &Settings, moves: &mut Vec<usize>) -> Tactics {
        moves.clear();
        let shape = self.shape();
        let mover = self.to_move();
        let (mine, theirs) = (self.stones(mover), self.stones(mover.opponent()));
        let candidates = self.candidates(settings.neighbourhood);
        // A cell that completes a line lies next to a mark, so it is always a candidate.
        let mut threats = 0;
        let mut threat = 0;
        let mut order = [0u64; 256];
        for bit in candidates.iter() {
            let cell = shape.cell_of(bit);
            let (row, col) = (cell / shape.cols(), cell % shape.cols());
            let windows = cell_windows(shape, mine, theirs, row, col);
            if settings.tactics && windows.mine + 1 >= shape.k() {
                return Tactics::Win(cell);
            }
            if settings.tactics && windows.theirs + 1 >= shape.k() {
                threats += 1;
                threat = cell;
            }
            // Without the evaluation, quiet moves are told apart by nothing but the centre.
            let weight = if settings.evaluation {
                windows.weight as u64
            } else {
                0
            };
            order[cell] = weight << 8 | self.centrality(cell);
            moves.push(cell);
        }
        match threats {
            0 => {
                // Best first; among equals the lower cell, so that runs repeat.
                if settings.order == Order::Heuristic {
                    moves.sort_unstable_by(|a, b| order[*b].cmp(&order[*a]).then(a.cmp(b)));
                }
                Tactics::Search {
                    narrowed: candidates != self.empty_bits(),
                }
            }
            // Any other move loses at once.
            1 => {
                moves.clear();
                moves.push(threat);
                Tactics::Search { narrowed: false }
            }
            _ => Tactics::Lost(threat),
        }
    }

    fn far_moves(&self, settings: &Settings, moves: &mut Vec<usize>) {
        let far = self
            .empty_bits()
            .minus(self.candidates(settings.neighbourhood));
        moves.extend(far.iter().map(|bit| self.shape().cell_of(bit)));
    }

    fn evaluate(&self) -> i32 {
        let shape = self.shape();
        let k = shape.k();
        let all = shape.all();
        let (x, o) = (self.stones(Player::X), self.stones(Player::O));
        let mut score: i64 = 0;
        for step in shape.steps() {
            // Windows that fit on the board, start by start; only those holding marks of one side count.
            let mut x_near = Bits::EMPTY;
            let mut o_near = Bits::EMPTY;
            for j in 0..k {
                x_near |= x.down(j * step);
                o_near |= o.down(j * step);
            }
            let starts = all.run_starts(step, k);
            let count = |stones: Bits, start: usize| {
                (0..k).filter(|j| stones.contains(start + j * step)).count()
            };
            for start in (starts & x_near).minus(o_near).iter() {
                score += window_weight(count(x, start), k);
            }
            for start in (starts & o_near).minus(x_near).iter() {
                score -= window_weight(count(o, start), k);
            }
        }
        if self.to_move() == Player::O {
            score = -score;
        }
        // In range after the clamp.
        score.clamp(-i64::from(EVAL_LIMIT), i64::from(EVAL_LIMIT)) as i32
    }

    fn representatives(&self) -> Vec<usize> {
        let shape = self.shape();
        let (rows, cols) = (shape.rows(), shape.cols());
        let mut symmetries: Vec<Symmetry> = vec![
            |r, c, rows, _| (rows - 1 - r, c),
            |r, c, _, cols| (r, cols - 1 - c),
            |r, c, rows, cols| (rows - 1 - r, cols - 1 - c),
        ];
        if rows == cols {
            symmetries.extend_from_slice(&[
                |r, c, _, _| (c, r),
                |r, c, rows, cols| (cols - 1 - c, rows - 1 - r),
                |r, c, rows, _| (c, rows - 1 - r),
                |r, c, _, cols| (cols - 1 - c, r),
            ]);
        }
        let mut representative: Vec<usize> = (0..shape.cells()).collect();
        for symmetry in symmetries {
            let image = |cell: usize| {
                let (r, c) = symmetry(cell / cols, cell % cols, rows, cols);
                r * cols + c
            };
            if (0..shape.cells()).all(|cell| self.get(cell) == self.get(image(cell))) {
                for (cell, slot) in representative.iter_mut().enumerate() {
                    *slot = (*slot).min(image(cell));
                }
            }
        }
        representative
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn grid(text: &str, rows: usize, cols: usize, k: usize) -> Grid {
        Grid::parse(text, Shape::new(rows, cols, k).unwrap()).unwrap()
    }

    fn settings(neighbourhood: Option<u32>) -> Settings {
        Settings {
            neighbourhood,
            ..Settings::for_grid(&Grid::empty(Shape::CLASSIC), true)
        }
    }

    #[test]
    fn tactics_find_the_win_the_block_and_the_double_threat() {
        let mut moves = Vec::new();
        // X completes the row at once.
        let win = grid("XXX../OO.../...../O....", 4, 5, 4);
        assert_eq!(win.tactics(&settings(None), &mut moves), Tactics::Win(3));
        // O to move must block cell 3; it has nothing better.
        let block = grid("XXX../OO.../...../.....", 4, 5, 4);
        let tactics = block.tactics(&settings(None), &mut moves);
        assert_eq!(
            (tactics, moves.as_slice()),
            (Tactics::Search { narrowed: false }, &[3][..])
        );
        // Two cells complete X's three: O is lost whatever it plays.
        let lost = grid(".XXX./OO.../...../.....", 4, 5, 4);
        assert!(matches!(
            lost.tactics(&settings(None), &mut moves),
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
        let Tactics::Search { narrowed } = position.tactics(&settings(Some(2)), &mut moves) else {
            panic!()
        };
        assert!(narrowed);
        // Within two cells of a corner mark: 3 x 3 less the mark, at each corner.
        assert_eq!(moves.len(), 16);
        position.far_moves(&settings(Some(2)), &mut moves);
        moves.sort_unstable();
        assert_eq!(moves, position.legal_moves().collect::<Vec<_>>());
        // The empty board: the centre.
        let empty = Grid::empty(Shape::new(7, 7, 5).unwrap());
        empty.tactics(&settings(Some(2)), &mut moves);
        assert_eq!(moves, [24]);
    }

    #[test]
    fn a_board_nobody_can_win_is_drawn() {
        // Every row, column and diagonal holds both marks.
        assert!(grid("XOX/XOO/OX.", 3, 3, 3).drawn());
        assert!(!grid("XO./.X./...", 3, 3, 3).drawn());
        // The last row is open to both, but each side has two moves left, not four.
        assert!(grid("XOXO/OXOX/OXOX/....", 4, 4, 4).drawn());
        assert!(!grid("XOXO/OXOX/OXOX/....", 4, 4, 3).drawn());
        assert!(!Grid::empty(Shape::new(5, 5, 4).unwrap()).drawn());
    }

    #[test]
    fn the_evaluation_favours_open_lines_and_turns_with_the_side() {
        let x_ahead = grid("...../.XX../..O../.....", 4, 5, 3);
        assert!(x_ahead.evaluate() < 0, "O to move, X better");
        assert!(x_ahead.play(0).evaluate() > 0, "X to move, X better");
        assert_eq!(Grid::empty(Shape::new(4, 5, 3).unwrap()).evaluate(), 0);
    }

    #[test]
    fn mirror_images_share_a_representative() {
        let empty = Grid::empty(Shape::CLASSIC);
        assert_eq!(empty.representatives(), [0, 1, 0, 1, 4, 1, 0, 1, 0]);
        // A 3 x 4 board has only the two reflections and the half turn.
        let wide = Grid::empty(Shape::new(3, 4, 3).unwrap());
        assert_eq!(wide.representatives(), [0, 1, 1, 0, 4, 5, 5, 4, 0, 1, 1, 0]);
        let off_centre = grid("X../.../...", 3, 3, 3);
        assert_eq!(off_centre.representatives(), [0, 1, 2, 1, 4, 5, 2, 5, 8]);
    }
}
