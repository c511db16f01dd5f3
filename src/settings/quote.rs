//! An outside value quoted back in a sentence.

/// The longest piece of an outside value quoted back in a message.
const QUOTE_LIMIT: usize = 40;

/// `value` as a message quotes it: in quotes, shortened if long.
pub fn quote(value: &str) -> String {
    let mut chars = value.chars();
    let mut quoted = String::from("\"");
    quoted.extend(chars.by_ref().take(QUOTE_LIMIT));
    if chars.next().is_some() {
        quoted.push('…');
    }
    quoted.push('"');
    quoted
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn quotes_are_cut_after_forty_characters() {
        assert_eq!(quote(""), "\"\"");
        assert_eq!(quote(&"é".repeat(40)), format!("\"{}\"", "é".repeat(40)));
        assert_eq!(quote(&"é".repeat(41)), format!("\"{}…\"", "é".repeat(40)));
    }
}
