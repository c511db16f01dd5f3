//! Building the game's texts: numbers in decimal, written out rather than with `format!` and `to_string`, whose
//! formatting machinery costs the wasm module several kilobytes, and pieces joined with [`cat`]. Used by the
//! engine's messages and every layer above it, so it depends on nothing.

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

/// `number` in decimal.
pub fn number(number: u64) -> String {
    let mut out = String::new();
    push_number(&mut out, number);
    out
}

#[cfg(test)]
mod tests {
    use super::*;

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
}
