//! A set of cells of a board of up to 15 x 15 as one 256-bit bitboard, with the set operations and shifts the
//! rules and the search need.

use std::ops::{BitAnd, BitAndAssign, BitOr, BitOrAssign, BitXor};

/// A set of bit positions, 0 to 255.
///
/// Bit `row * (cols + 1) + col` stands for a cell: each row has one more bit than the board has columns, the
/// padding column, which never holds a stone. A shift by one of the four line directions (1, `cols + 1`,
/// `cols + 2`, `cols`) moves every cell onto its neighbour in that direction, and a cell on the edge lands in a
/// padding bit (or off the end) instead of wrapping onto the far side of the next row. 15 rows of 16 bits fit in
/// 256.
///
/// These masks never leave the engine: callers see cells numbered row by row without padding.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub(crate) struct Bits(pub(crate) [u64; 4]);

impl Bits {
    /// The empty set.
    pub(crate) const EMPTY: Bits = Bits([0; 4]);

    /// The set holding only `index`.
    pub(crate) const fn bit(index: usize) -> Bits {
        let mut words = [0; 4];
        words[index / 64] = 1 << (index % 64);
        Bits(words)
    }

    /// Whether `index` is in the set.
    pub(crate) const fn contains(self, index: usize) -> bool {
        self.0[index / 64] >> (index % 64) & 1 != 0
    }

    /// The set with `index` added.
    pub(crate) const fn with(self, index: usize) -> Bits {
        let mut words = self.0;
        words[index / 64] |= 1 << (index % 64);
        Bits(words)
    }

    /// Adds `index` to the set, in place.
    #[inline]
    pub(crate) fn insert(&mut self, index: usize) {
        self.0[index / 64] |= 1 << (index % 64);
    }

    /// Takes `index` out of the set, in place.
    #[inline]
    pub(crate) fn remove(&mut self, index: usize) {
        self.0[index / 64] &= !(1 << (index % 64));
    }

    /// The set with `index` taken out.
    pub(crate) const fn without(self, index: usize) -> Bits {
        let mut words = self.0;
        words[index / 64] &= !(1 << (index % 64));
        Bits(words)
    }

    /// How many positions the set holds.
    pub(crate) const fn count(self) -> u32 {
        self.0[0].count_ones()
            + self.0[1].count_ones()
            + self.0[2].count_ones()
            + self.0[3].count_ones()
    }

    /// Whether the set is empty.
    pub(crate) const fn is_empty(self) -> bool {
        self.0[0] | self.0[1] | self.0[2] | self.0[3] == 0
    }

    /// The positions of `self` that are not in `other`.
    pub(crate) const fn minus(self, other: Bits) -> Bits {
        Bits([
            self.0[0] & !other.0[0],
            self.0[1] & !other.0[1],
            self.0[2] & !other.0[2],
            self.0[3] & !other.0[3],
        ])
    }

    /// Every position moved `n` down (bit `i` takes bit `i + n`); what falls below 0 is lost.
    pub(crate) const fn down(self, n: usize) -> Bits {
        let (words, bits) = (n / 64, n % 64);
        let mut out = [0; 4];
        let mut i = 0;
        while i + words < 4 {
            let source = i + words;
            out[i] = self.0[source] >> bits;
            if bits > 0 && source + 1 < 4 {
                out[i] |= self.0[source + 1] << (64 - bits);
            }
            i += 1;
        }
        Bits(out)
    }

    /// Every position moved `n` up (bit `i + n` takes bit `i`); what passes 255 is lost.
    pub(crate) const fn up(self, n: usize) -> Bits {
        let (words, bits) = (n / 64, n % 64);
        let mut out = [0; 4];
        let mut i = words;
        while i < 4 {
            let source = i - words;
            out[i] = self.0[source] << bits;
            if bits > 0 && source >= 1 {
                out[i] |= self.0[source - 1] >> (64 - bits);
            }
            i += 1;
        }
        Bits(out)
    }

    /// The positions `i` such that `i`, `i + step`, ... `i + (length - 1) * step` are all in the set: where the
    /// runs of `length` or more in that direction start (a run of six holds two runs of five).
    pub(crate) const fn run_starts(self, step: usize, length: usize) -> Bits {
        let mut runs = self;
        let mut found = 1;
        // Each round lengthens the runs found by one.
        while found < length && !runs.is_empty() {
            let next = runs.down(step);
            runs = Bits([
                runs.0[0] & next.0[0],
                runs.0[1] & next.0[1],
                runs.0[2] & next.0[2],
                runs.0[3] & next.0[3],
            ]);
            found += 1;
        }
        runs
    }

    /// The lowest position in the set, if any.
    pub(crate) fn first(self) -> Option<usize> {
        self.iter().next()
    }

    /// The positions in the set, lowest first.
    pub(crate) fn iter(self) -> BitsIter {
        BitsIter {
            rest: self,
            word: 0,
        }
    }
}

/// The positions of a [`Bits`], lowest first.
pub(crate) struct BitsIter {
    rest: Bits,
    word: usize,
}

impl Iterator for BitsIter {
    type Item = usize;

    #[inline]
    fn next(&mut self) -> Option<usize> {
        while self.word < 4 {
            let word = &mut self.rest.0[self.word];
            if *word != 0 {
                let bit = word.trailing_zeros() as usize;
                *word &= *word - 1;
                return Some(self.word * 64 + bit);
            }
            self.word += 1;
        }
        None
    }
}

impl BitAnd for Bits {
    type Output = Bits;
    #[inline]
    fn bitand(self, other: Bits) -> Bits {
        Bits([
            self.0[0] & other.0[0],
            self.0[1] & other.0[1],
            self.0[2] & other.0[2],
            self.0[3] & other.0[3],
        ])
    }
}

impl BitOr for Bits {
    type Output = Bits;
    #[inline]
    fn bitor(self, other: Bits) -> Bits {
        Bits([
            self.0[0] | other.0[0],
            self.0[1] | other.0[1],
            self.0[2] | other.0[2],
            self.0[3] | other.0[3],
        ])
    }
}

impl BitXor for Bits {
    type Output = Bits;
    #[inline]
    fn bitxor(self, other: Bits) -> Bits {
        Bits([
            self.0[0] ^ other.0[0],
            self.0[1] ^ other.0[1],
            self.0[2] ^ other.0[2],
            self.0[3] ^ other.0[3],
        ])
    }
}

impl BitAndAssign for Bits {
    #[inline]
    fn bitand_assign(&mut self, other: Bits) {
        *self = *self & other;
    }
}

impl BitOrAssign for Bits {
    #[inline]
    fn bitor_assign(&mut self, other: Bits) {
        *self = *self | other;
    }
}

#[cfg(test)]
mod tests {
    use super::Bits;

    fn set(indices: &[usize]) -> Bits {
        indices.iter().fold(Bits::EMPTY, |bits, &i| bits.with(i))
    }

    #[test]
    fn shifts_cross_words_both_ways() {
        let bits = set(&[0, 63, 64, 130, 255]);
        assert_eq!(bits.up(1), set(&[1, 64, 65, 131]));
        assert_eq!(bits.down(1), set(&[62, 63, 129, 254]));
        assert_eq!(bits.up(70), set(&[70, 133, 134, 200]));
        assert_eq!(bits.down(130), set(&[0, 125]));
        assert_eq!(bits.down(256), Bits::EMPTY);
        for n in 0..256 {
            assert_eq!(
                bits.up(n).iter().collect::<Vec<_>>(),
                bits.iter()
                    .map(|i| i + n)
                    .filter(|&i| i < 256)
                    .collect::<Vec<_>>()
            );
            assert_eq!(
                bits.down(n).iter().collect::<Vec<_>>(),
                bits.iter()
                    .filter(|&i| i >= n)
                    .map(|i| i - n)
                    .collect::<Vec<_>>()
            );
        }
    }

    #[test]
    fn runs_and_counts() {
        let row = set(&[10, 11, 12, 13, 14, 15]);
        assert_eq!(row.run_starts(1, 5), set(&[10, 11]));
        assert_eq!(row.run_starts(1, 7), Bits::EMPTY);
        assert_eq!(set(&[60, 76, 92]).run_starts(16, 3), set(&[60]));
        assert_eq!(row.count(), 6);
        assert!(!row.contains(9) && row.contains(10));
        assert_eq!(row.without(10).minus(set(&[15])), set(&[11, 12, 13, 14]));
        assert_eq!(row ^ set(&[10, 200]), set(&[11, 12, 13, 14, 15, 200]));
    }
}
