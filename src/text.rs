//! The address of a file next to another, for links to the game's own page.

/// The address of `file` in the folder of `url` (an absolute URL): what `new URL(file, url)` gives for a plain
/// file name. A query or fragment of `url` may hold slashes, so the folder ends at the last one before them.
pub fn beside(url: &str, file: &str) -> String {
    let path = url.split(['?', '#']).next().unwrap_or(url);
    match path.rsplit_once('/') {
        Some((folder, _)) => format!("{folder}/{file}"),
        None => file.to_owned(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

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
