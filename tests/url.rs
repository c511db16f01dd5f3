//! Hostile URL parameters, as the page reads them once the browser has decoded the query: each value the game does
//! not take is explained in a short sentence that quotes it (never taken, the default kept), and nothing else is
//! said. (`e2e/robust.test.mjs` opens the page with the queries whose decoding or markup needs a browser.)

use tictactoe::settings::{embed_from_pairs, read_pairs, Settings};

/// The sentences the page shows above the board for a query's decoded `name=value` pairs.
fn sentences(query: &[(&str, &str)]) -> Vec<String> {
    let pairs: Vec<(String, String)> = query
        .iter()
        .map(|&(name, value)| (name.to_owned(), value.to_owned()))
        .collect();
    let (_, problems) = Settings::read(&read_pairs(&pairs));
    let (_, embed) = embed_from_pairs(&pairs);
    problems
        .into_iter()
        .map(|(_, sentence)| sentence)
        .chain(embed)
        .collect()
}

#[test]
fn hostile_values_are_explained_briefly_each_once_and_never_taken() {
    let long = "X".repeat(8000);
    let cases: &[(&[(&str, &str)], usize)] = &[
        (&[("human", &long)], 1),
        (&[("human", "<script>window.pwned=1</script>")], 1),
        (&[("level", "<img src=x onerror=\"window.pwned=1\">")], 1),
        (&[("position", "<svg onload=window.pwned=1>")], 1),
        // Impossible positions; a finished game, which a link may show; an empty one, the empty board.
        (&[("position", "XXXOO.O..")], 1),
        (&[("position", "XXXXXXXXX")], 1),
        (&[("position", "XXXOO....")], 0),
        (&[("position", "")], 0),
        (&[("delay", "1e999")], 1),
        (&[("delay", "-0")], 1),
        (&[("delay", "0x10")], 1),
        (&[("mode", "\0")], 1),
        (&[("mode", "friend"), ("mode", "robot")], 1),
        (&[("mode[]", "friend")], 0),
        (&[("level", "UNBEATABLE")], 0),
        (&[("embed", "\"><b>")], 1),
        (&[("", ""), ("", ""), ("human", "")], 1),
        (&[("scores", "1"), ("tree", "yes"), ("unknown", "1")], 0),
        (&[("human", "O"), ("human", "X"), ("human", "Q")], 1),
    ];
    for (query, expected) in cases {
        let said = sentences(query);
        assert_eq!(said.len(), *expected, "{query:?}: {said:?}");
        for sentence in &said {
            assert!(sentence.chars().count() < 400, "{query:?}: {sentence}");
            assert!(
                sentence.contains(" is not understood"),
                "{query:?}: {sentence}"
            );
        }
    }
    // A value too long to quote whole is cut after forty characters.
    let said = sentences(&[("human", &long)]);
    assert!(
        said[0].starts_with(&format!("human=\"{}…\"", "X".repeat(40))),
        "{said:?}"
    );
}
