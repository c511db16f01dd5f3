//! Where a search remembers positions: a transposition table keyed by Zobrist hashing, in which a position and
//! its rotations and reflections share one entry (they have the same value).
//!
//! A position's [`Keys`] are the exclusive or of a random number per stone, one set of keys for each symmetry of
//! the board, kept up to date move by move by the search; the least of them is the key the table files the
//! position under, and the symmetry that gave it names the entry's cells (its best move) for every mirror image.

use super::grid::{Grid, Player, Shape, Symmetry};
use std::sync::LazyLock;

/// Random keys for Zobrist hashing, one per side and bit: a position's key is the exclusive or of its stones'
/// keys, so a move updates it with one exclusive or. Fixed (SplitMix64 from a constant) so that runs repeat, and
/// computed on first use rather than at compile time: the page downloads the loop instead of 4 KB of random
/// numbers, which do not compress.
fn zobrist() -> &'static [[u64; 256]; 2] {
    static KEYS: LazyLock<[[u64; 256]; 2]> = LazyLock::new(|| {
        let mut keys = [[0; 256]; 2];
        let mut state: u64 = 0x5EED_0F6A_3E00;
        for i in 0..512 {
            state = state.wrapping_add(0x9E37_79B9_7F4A_7C15);
            let mut z = state;
            z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
            z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
            keys[i / 256][i % 256] = z ^ (z >> 31);
        }
        keys
    });
    &KEYS
}

/// The Zobrist key of a stone of `player` on the cell at `bit`: a position's own key (the first of its [`Keys`]) is
/// the exclusive or of its stones' keys.
pub(crate) fn stone_key(player: Player, bit: usize) -> u64 {
    zobrist()[player as usize][bit]
}

/// The Zobrist keys of a position as each symmetry of its board sees it (those the shape has; see
/// [`Symmetry`]): the first is the position's own key.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub(crate) struct Keys([u64; 8]);

impl Keys {
    /// The keys of `grid`, counted stone by stone, `images` giving what the symmetries make of a bit (see
    /// [`Symmetry::images_of_bit`]; the search has a table of them).
    pub(crate) fn of(grid: &Grid, images: impl Fn(usize) -> [u8; 8]) -> Keys {
        let mut keys = Keys::default();
        for player in [Player::X, Player::O] {
            for bit in grid.stones(player).iter() {
                keys = keys.with_stone(player, &images(bit));
            }
        }
        keys
    }

    /// The keys after `player` puts a stone on the empty cell whose bit each symmetry takes to `images` (see
    /// [`Symmetry::images_of_bit`]; a symmetry the board lacks gives a key that is never read).
    pub(crate) fn with_stone(mut self, player: Player, images: &[u8; 8]) -> Keys {
        let keys = &zobrist()[player as usize];
        for (key, &image) in self.0.iter_mut().zip(images) {
            *key ^= keys[usize::from(image)];
        }
        self
    }

    /// The key that the position shares with its rotations and reflections on a board of `shape`, and the
    /// symmetry that takes it to the one of them whose own key that is.
    pub(crate) fn shared(&self, shape: Shape) -> (u64, Symmetry) {
        let least = (1..Symmetry::count(shape)).fold(0, |least, index| {
            if self.0[index] < self.0[least] {
                index
            } else {
                least
            }
        });
        (self.0[least], Symmetry::numbered(least))
    }
}

/// What a table entry knows of its position's score.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub(crate) enum EntryBound {
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
    /// The best move found, as the entry's symmetry names it, or [`NO_MOVE`].
    pub(crate) best: u16,
    /// The depth searched, or [`COMPLETE`].
    pub(crate) depth: u8,
    /// What `score` is.
    pub(crate) bound: EntryBound,
}

/// A transposition table of a power-of-two size, indexed by the low bits of the key and checked with the whole
/// key; a new entry replaces the old one in its slot. It is empty until the first entry, then starts small and
/// doubles whenever half its slots are in use, up to the size it was made with: a search that visits hundreds of
/// positions neither fills nor walks memory it does not need (one that starts near the end of the game may
/// never allocate it), and one that visits millions gets them all.
pub(crate) struct KeyedTable {
    entries: Vec<Entry>,
    /// Slots in use.
    used: usize,
    /// The most slots the table grows to.
    limit: usize,
}

impl Default for KeyedTable {
    /// The smallest table, of one entry: a placeholder for a table taken out to be kept.
    fn default() -> KeyedTable {
        KeyedTable::with_bits(0)
    }
}

/// A [`KeyedTable`] starts with a 64th of the slots it may grow to, and at least `1 << FIRST_TABLE_BITS` (or its
/// limit, if smaller): enough for a search of the 3x3 board, cheap to fill, and for a large board a start that
/// does not lose many entries before the first doubling.
const FIRST_TABLE_BITS: u32 = 6;

impl KeyedTable {
    /// A table of at most `1 << bits` entries.
    pub(crate) fn with_bits(bits: u32) -> KeyedTable {
        KeyedTable {
            entries: Vec::new(),
            used: 0,
            limit: 1 << bits,
        }
    }

    /// The entry of the position with `key`, if remembered.
    pub(crate) fn get(&self, key: u64) -> Option<Entry> {
        let entry = self.entries.get(self.slot(key))?;
        (entry.bound != EntryBound::Unused && entry.key == key).then_some(*entry)
    }

    /// Remembers `entry`, in place of what its slot held.
    pub(crate) fn put(&mut self, entry: Entry) {
        if self.entries.is_empty() {
            let first = (self.limit >> 6).max(1 << FIRST_TABLE_BITS).min(self.limit);
            self.entries = vec![Entry::default(); first];
        }
        let slot = self.slot(entry.key);
        if self.entries[slot].bound == EntryBound::Unused {
            self.used += 1;
        }
        self.entries[slot] = entry;
        if self.used * 2 > self.entries.len() && self.entries.len() < self.limit {
            self.grow();
        }
    }

    fn slot(&self, key: u64) -> usize {
        // The mask keeps the index below the length, a power of two (and an empty table's at 0, which it lacks).
        (key as usize) & self.entries.len().saturating_sub(1)
    }

    /// Doubles the slots. Each entry moves to the slot its key now names: the two slots an old one becomes are
    /// told apart by one more bit of the key, so no two entries meet and every entry is kept.
    fn grow(&mut self) {
        let doubled = vec![Entry::default(); self.entries.len() * 2];
        let old = std::mem::replace(&mut self.entries, doubled);
        for entry in old
            .into_iter()
            .filter(|entry| entry.bound != EntryBound::Unused)
        {
            let slot = self.slot(entry.key);
            self.entries[slot] = entry;
        }
    }
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
            bound: EntryBound::Lower,
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
            bound: EntryBound::Exact,
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

    /// The keys of `grid`.
    fn keys(grid: &Grid) -> Keys {
        Keys::of(grid, |bit| Symmetry::images_of_bit(grid.shape(), bit))
    }

    #[test]
    fn mirror_images_share_a_key_and_name_their_cells_through_it() {
        let s = Shape::new(4, 4, 4).unwrap();
        let grid = Grid::parse("X.../.O../..X./....", s).unwrap();
        let (key, frame) = keys(&grid).shared(s);
        for symmetry in Symmetry::all(s) {
            let mirror = symmetry.apply(&grid);
            let (mirror_key, mirror_frame) = keys(&mirror).shared(s);
            assert_eq!(mirror_key, key);
            // A move the entry names through the grid's frame, named again through the mirror's, is the same
            // move up to a symmetry: the two positions after it share a key too. (The grid is symmetric about
            // its diagonal, so it need not be the same cell.)
            for cell in grid.legal_moves() {
                let named = mirror_frame.inverse().image(s, frame.image(s, cell));
                assert_eq!(
                    keys(&mirror.play(named)).shared(s).0,
                    keys(&grid.play(cell)).shared(s).0
                );
            }
        }
        // Another position, even with the same marks elsewhere, has another key.
        let other = Grid::parse("X.../..O./..X./....", s).unwrap();
        assert_ne!(keys(&other).shared(s).0, key);
        // Keys kept move by move are the keys of the marks: O plays 15, then X 3.
        let after = grid.play(15).play(3);
        let images = |cell| Symmetry::images_of_bit(s, s.bit_of(cell));
        let kept = keys(&grid)
            .with_stone(Player::O, &images(15))
            .with_stone(Player::X, &images(3));
        assert_eq!(kept, keys(&after));
    }
}
