//! What the search learns about move order as it goes, beside what the patterns say of each move: the *killer
//! moves* of each ply (quiet moves that caused a cut-off in a sibling position, likely to cut here too) and the
//! *history* of each side's moves (how often and how deep a move cut off anywhere). Both are the textbook
//! heuristics of alpha-beta engines (Schaeffer's history heuristic, 1989); they change the order only, never a
//! result. Sized once, so that a node allocates nothing.

/// No killer in a slot.
const NO_KILLER: u16 = u16::MAX;

/// The most a move's history adds to its order: about a three's worth in the patterns' weights (see
/// `tactics.rs`), so that the history tells quiet moves apart without outranking a threat.
pub(crate) const HISTORY_BONUS: u64 = 16;

/// The killers by ply and the history by side and bit (see the module's documentation).
pub(crate) struct Ordering {
    /// By ply: the two latest quiet moves, as cells, that cut off at that ply.
    killers: Vec<[u16; 2]>,
    /// By side and bit: the sum of `depth * depth` over the cut-offs the move caused.
    history: Box<[[u64; 256]; 2]>,
    /// The largest history, to scale the others to [`HISTORY_BONUS`].
    most: u64,
}

impl Default for Ordering {
    fn default() -> Ordering {
        Ordering {
            killers: Vec::new(),
            history: Box::new([[0; 256]; 2]),
            most: 0,
        }
    }
}

impl Ordering {
    /// The killers of `ply`, as cells (none yet: `None`).
    pub(crate) fn killers(&self, ply: usize) -> [Option<usize>; 2] {
        let slots = self.killers.get(ply).copied().unwrap_or([NO_KILLER; 2]);
        slots.map(|cell| (cell != NO_KILLER).then_some(usize::from(cell)))
    }

    /// What the history adds to the order of the move of `side` on `bit`: up to [`HISTORY_BONUS`].
    pub(crate) fn bonus(&self, side: usize, bit: usize) -> u64 {
        self.history[side][bit] * HISTORY_BONUS / (self.most + 1)
    }

    /// Notes that the quiet move of `side` to `cell` (on `bit`) cut off `depth` plies deep, `ply` plies below the
    /// root.
    pub(crate) fn cut(&mut self, ply: usize, side: usize, (cell, bit): (usize, usize), depth: u32) {
        if self.killers.len() <= ply {
            self.killers.resize(ply + 1, [NO_KILLER; 2]);
        }
        // Cells are below 256.
        let cell = cell as u16;
        let slots = &mut self.killers[ply];
        if slots[0] != cell {
            *slots = [cell, slots[0]];
        }
        let depth = u64::from(depth);
        let history = &mut self.history[side][bit];
        *history += depth * depth;
        self.most = self.most.max(*history);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn killers_keep_the_two_latest_and_history_grows_with_depth() {
        let mut ordering = Ordering::default();
        assert_eq!(ordering.killers(3), [None, None]);
        ordering.cut(3, 0, (10, 11), 2);
        ordering.cut(3, 0, (10, 11), 2);
        assert_eq!(
            ordering.killers(3),
            [Some(10), None],
            "a killer is kept once"
        );
        ordering.cut(3, 0, (20, 22), 4);
        ordering.cut(3, 0, (30, 33), 1);
        assert_eq!(ordering.killers(3), [Some(30), Some(20)]);
        assert_eq!(ordering.bonus(0, 22), 16 * 16 / 17);
        assert_eq!(ordering.bonus(1, 22), 0, "by side");
        assert!(ordering.bonus(0, 11) < ordering.bonus(0, 22));
    }
}
