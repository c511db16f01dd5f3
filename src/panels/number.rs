//! A value or a window's end written out: what the reader types into the practice, what a teacher writes as a
//! tree's leaf, and how every panel writes one ("+3", "0", "−3", "+∞", "−∞").

use crate::engine::Bound;
use crate::panels::words::signed;
use std::fmt;
use std::str::FromStr;

/// A value or a bound as the reader typed it: a whole number or an infinity.
///
/// It reads "+3", "-2", "0", "−3" (with the Unicode minus the panels write), "inf", "+inf", "-inf", "∞", "+∞" and
/// "−∞", with spaces around and in any case; it writes what the panels write: "+3", "0", "−3", "+∞", "−∞".
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Number(pub Bound);

/// Why a text is not a [`Number`].
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ParseNumberError {
    /// Nothing was typed.
    Empty,
    /// Something that is neither a whole number nor an infinity (the text, trimmed).
    NotANumber(String),
}

impl fmt::Display for ParseNumberError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        const FORMS: &str = "a whole number such as +3, −2 or 0, or −∞ or +∞ (also -inf and inf)";
        match self {
            ParseNumberError::Empty => write!(f, "nothing was typed: type {FORMS}"),
            ParseNumberError::NotANumber(text) => {
                write!(
                    f,
                    "\"{}\" is not a number: type {FORMS}",
                    text.escape_default()
                )
            }
        }
    }
}

impl std::error::Error for ParseNumberError {}

impl FromStr for Number {
    type Err = ParseNumberError;

    fn from_str(text: &str) -> Result<Number, ParseNumberError> {
        let trimmed = text.trim();
        if trimmed.is_empty() {
            return Err(ParseNumberError::Empty);
        }
        let not_a_number = || ParseNumberError::NotANumber(trimmed.to_owned());
        // The sign first: "+", "-", or the minus sign (U+2212) of the panels' own numbers.
        let (negative, magnitude) = match trimmed.chars().next() {
            Some('-' | '−') => (
                true,
                &trimmed[trimmed.chars().next().map_or(0, char::len_utf8)..],
            ),
            Some('+') => (false, &trimmed[1..]),
            _ => (false, trimmed),
        };
        if magnitude == "∞" || magnitude.eq_ignore_ascii_case("inf") {
            return Ok(Number(if negative {
                Bound::NegInf
            } else {
                Bound::PosInf
            }));
        }
        // Digits only: `i32::from_str` would take a second sign.
        if magnitude.is_empty() || !magnitude.bytes().all(|byte| byte.is_ascii_digit()) {
            return Err(not_a_number());
        }
        let value: i32 = magnitude.parse().map_err(|_| not_a_number())?;
        Ok(Number(Bound::Finite(if negative { -value } else { value })))
    }
}

/// A bound in the panels' words: "−∞", "+3", "0", "+∞".
pub fn bound_words(bound: Bound) -> String {
    match bound {
        Bound::NegInf => "−∞".to_owned(),
        Bound::Finite(value) => signed(value),
        Bound::PosInf => "+∞".to_owned(),
    }
}

impl fmt::Display for Number {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&bound_words(self.0))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use Bound::{Finite, NegInf, PosInf};

    #[test]
    fn reads_the_ways_a_reader_writes_a_number() {
        for (text, expected) in [
            ("+3", Finite(3)),
            ("3", Finite(3)),
            ("-2", Finite(-2)),
            ("−3", Finite(-3)),
            ("0", Finite(0)),
            ("-0", Finite(0)),
            (" 12 ", Finite(12)),
            ("inf", PosInf),
            ("+inf", PosInf),
            ("INF", PosInf),
            ("∞", PosInf),
            ("+∞", PosInf),
            ("-inf", NegInf),
            ("−inf", NegInf),
            ("-∞", NegInf),
            ("−∞", NegInf),
        ] {
            assert_eq!(text.parse(), Ok(Number(expected)), "{text:?}");
        }
    }

    #[test]
    fn refuses_anything_else_and_says_what_to_type() {
        assert_eq!("".parse::<Number>(), Err(ParseNumberError::Empty));
        assert_eq!("  ".parse::<Number>(), Err(ParseNumberError::Empty));
        for bad in [
            "+",
            "-",
            "−",
            "--3",
            "+-3",
            "3.5",
            "1e3",
            "three",
            "infinity",
            "∞∞",
            "- 3",
            "3-",
            "0x10",
            "99999999999",
        ] {
            assert_eq!(
                bad.parse::<Number>(),
                Err(ParseNumberError::NotANumber(bad.to_owned())),
                "{bad:?}"
            );
        }
        assert_eq!(
            "three".parse::<Number>().unwrap_err().to_string(),
            "\"three\" is not a number: type a whole number such as +3, −2 or 0, or −∞ or +∞ (also -inf and inf)"
        );
    }

    #[test]
    fn writes_what_the_panels_write_and_reads_it_back() {
        for bound in [NegInf, Finite(-3), Finite(0), Finite(7), PosInf] {
            let text = Number(bound).to_string();
            assert_eq!(text.parse(), Ok(Number(bound)), "{text}");
        }
        assert_eq!(Number(Finite(-3)).to_string(), "−3");
        assert_eq!(Number(PosInf).to_string(), "+∞");
    }
}
