//! Building the game's texts: numbers in decimal, written out rather than with `format!` and `to_string`, whose
//! formatting machinery costs the wasm module several kilobytes, and pieces joined with [`cat`]. Used by the
//! engine's messages and every layer above it, so it depends on nothing.

use crate::prelude::*;
/// The `parts` one after the other: what `parts.concat()` gives, in a tenth of the code (the standard library's
/// `concat` is its general `join`, 1 KB of wasm).
pub fn cat(parts: &[&str]) -> String {
    let mut out = String::with_capacity(parts.iter().map(|part| part.len()).sum());
    for part in parts {
        out.push_str(part);
    }
    out
}

/// Appends `number` in decimal.
pub fn push_number(out: &mut String, number: u64) {
    let mut digits = [0u8; 20];
    let mut at = digits.len();
    let mut rest = number;
    loop {
        at -= 1;
        digits[at] = b'0' + (rest % 10) as u8;
        rest /= 10;
        if rest == 0 {
            break;
        }
    }
    for &digit in &digits[at..] {
        out.push(char::from(digit));
    }
}

/// The whole number `text` writes in decimal, as `text.parse::<u32>()` reads it (ASCII digits, a `+` before them
/// allowed), in a tenth of the code: `str::parse` is 0.3 KB of the wasm module.
pub fn parse_number(text: &str) -> Option<u32> {
    let digits = match text.as_bytes() {
        [b'+', rest @ ..] => rest,
        all => all,
    };
    if digits.is_empty() {
        return None;
    }
    let mut value: u32 = 0;
    for &byte in digits {
        let digit = byte.wrapping_sub(b'0');
        if digit > 9 {
            return None;
        }
        value = value.checked_mul(10)?.checked_add(digit.into())?;
    }
    Some(value)
}

/// `text` before the first `separator` and after it, or `None` when there is none: `split_once` for an ASCII
/// separator, without the standard library's character searcher (0.8 KB of the wasm module).
pub fn split_once(text: &str, separator: u8) -> Option<(&str, &str)> {
    debug_assert!(separator.is_ascii());
    let at = text.bytes().position(|byte| byte == separator)?;
    Some((text.get(..at)?, text.get(at + 1..)?))
}

/// The pieces of `text` between `separator`s, as `text.split(separator)` gives them, for an ASCII separator.
pub fn split(text: &str, separator: u8) -> impl Iterator<Item = &str> {
    let mut rest = Some(text);
    core::iter::from_fn(move || {
        let current = rest?;
        let (piece, after) = match split_once(current, separator) {
            Some((piece, after)) => (piece, Some(after)),
            None => (current, None),
        };
        rest = after;
        Some(piece)
    })
}

/// `number` in decimal.
pub fn number(number: u64) -> String {
    let mut out = String::new();
    push_number(&mut out, number);
    out
}

/// The address of `file` in the folder of `url` (an absolute URL): what `new URL(file, url)` gives for a plain
/// file name. A query or fragment of `url` may hold slashes, so the folder ends at the last one before them.
pub fn beside(url: &str, file: &str) -> String {
    // Bytes, not `str` slicing: that would bring the slicing panic's Unicode tables into the wasm module.
    let bytes = url.as_bytes();
    let path_end = bytes
        .iter()
        .position(|byte| matches!(byte, b'?' | b'#'))
        .unwrap_or(bytes.len());
    let folder_end = bytes[..path_end]
        .iter()
        .rposition(|byte| *byte == b'/')
        .map_or(0, |slash| slash + 1);
    let mut out = url.to_owned();
    out.truncate(folder_end);
    out.push_str(file);
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn splits_as_the_standard_split_and_split_once() {
        let texts = [
            "",
            "&",
            "&&",
            "a",
            "a&b",
            "&a&",
            "a=b=c",
            "é&ü=ß&",
            "x=1,2,3;y=",
            "🙂&🙂=🙂",
            "a&&b&",
        ];
        for text in texts {
            for separator in [b'&', b'=', b',', b';'] {
                let char = char::from(separator);
                assert_eq!(
                    split(text, separator).collect::<Vec<_>>(),
                    text.split(char).collect::<Vec<_>>(),
                    "{text:?} split at {char:?}",
                );
                assert_eq!(
                    split_once(text, separator),
                    text.split_once(char),
                    "{text:?}"
                );
            }
        }
    }

    #[test]
    fn numbers_read_as_str_parse_reads_them() {
        let texts = [
            "",
            "+",
            "-",
            "0",
            "7",
            "007",
            "+5",
            "++5",
            "-1",
            "-0",
            " 1",
            "1 ",
            "1a",
            "a1",
            "1.5",
            "1e3",
            "10000",
            "4294967295",
            "4294967296",
            "+4294967295",
            "99999999999",
            "٣",
            "５",
            "1,2",
        ];
        for text in texts {
            assert_eq!(parse_number(text), text.parse::<u32>().ok(), "{text:?}");
        }
        for n in (0..=u32::MAX).step_by(65_537) {
            assert_eq!(parse_number(&number(n.into())), Some(n));
        }
    }

    #[test]
    fn numbers_in_decimal_as_to_string_writes_them() {
        for n in [0, 1, 9, 10, 99, 100, 549_946, u64::from(u32::MAX), u64::MAX] {
            assert_eq!(number(n), n.to_string());
        }
        let mut text = String::from("n=");
        push_number(&mut text, 42);
        assert_eq!(text, "n=42");
    }

    #[test]
    fn cat_joins_as_concat_does() {
        assert_eq!(cat(&[]), "");
        assert_eq!(cat(&["", ""]), "");
        assert_eq!(cat(&["X", " wins"]), "X wins");
        let parts = ["Computer's turn (", "O", "): thinking…"];
        assert_eq!(cat(&parts), parts.concat());
    }

    #[test]
    fn beside_is_the_file_in_the_same_folder() {
        let page = "index.html";
        assert_eq!(
            beside("https://example.github.io/tictactoe/tictactoe.js", page),
            "https://example.github.io/tictactoe/index.html"
        );
        assert_eq!(
            beside("http://127.0.0.1:8080/tictactoe.js?v=1/2#a/b", page),
            "http://127.0.0.1:8080/index.html"
        );
        assert_eq!(
            beside("http://127.0.0.1:8080/a/", page),
            "http://127.0.0.1:8080/a/index.html"
        );
        assert_eq!(beside("tictactoe.js", page), "index.html");
    }
}
