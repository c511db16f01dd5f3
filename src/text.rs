//! Text helpers: [`beside`], the address of a file next to another, and a few thin wrappers of the standard
//! library that the DOM layer still calls until its rewrite (everything else uses the standard library directly).

/// The `parts` one after the other, as `parts.concat()` gives them.
///
/// Kept only for src/web until its rewrite; use the standard library instead.
pub fn cat(parts: &[&str]) -> String {
    parts.concat()
}

/// Appends `number` in decimal.
///
/// Kept only for src/web until its rewrite; use the standard library instead.
pub fn push_number(out: &mut String, number: u64) {
    out.push_str(&number.to_string());
}

/// The whole number `text` writes in decimal, as `text.parse::<u32>()` reads it.
///
/// Kept only for src/web until its rewrite; use the standard library instead.
pub fn parse_number(text: &str) -> Option<u32> {
    text.parse().ok()
}

/// The pieces of `text` between `separator`s (an ASCII character), as `text.split(separator)` gives them.
///
/// Kept only for src/web until its rewrite; use the standard library instead.
pub fn split(text: &str, separator: u8) -> impl Iterator<Item = &str> {
    text.split(char::from(separator))
}

/// `number` in decimal, as `number.to_string()` writes it.
///
/// Kept only for src/web until its rewrite; use the standard library instead.
pub fn number(number: u64) -> String {
    number.to_string()
}

/// The address of `file` in the folder of `url` (an absolute URL): what `new URL(file, url)` gives for a plain
/// file name. A query or fragment of `url` may hold slashes, so the folder ends at the last one before them.
pub fn beside(url: &str, file: &str) -> String {
    let path_end = url.find(['?', '#']).unwrap_or(url.len());
    let folder_end = url[..path_end].rfind('/').map_or(0, |slash| slash + 1);
    format!("{}{file}", &url[..folder_end])
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn splits_as_the_standard_split() {
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
        assert_eq!(
            beside("https://é.example/ü/a.js#/x", page),
            "https://é.example/ü/index.html"
        );
    }
}
