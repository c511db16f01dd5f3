//! Minifies the game's stylesheet (`src/web/game.css`) into `OUT_DIR`, for the wasm module to embed: comments
//! and layout whitespace are only for people reading the source.

use std::{env, fs, path::Path};

/// `css` without comments and with whitespace only where it separates words.
fn minify(css: &str) -> String {
    let mut without_comments = String::with_capacity(css.len());
    let mut rest = css;
    while let Some(start) = rest.find("/*") {
        without_comments.push_str(&rest[..start]);
        rest = rest[start + 2..]
            .split_once("*/")
            .map_or("", |(_, after)| after);
    }
    without_comments.push_str(rest);
    let collapsed = without_comments
        .split_whitespace()
        .collect::<Vec<_>>()
        .join(" ");
    let mut out = collapsed;
    for token in ["{", "}", ";", ","] {
        out = out
            .replace(&format!(" {token}"), token)
            .replace(&format!("{token} "), token);
    }
    out.replace(";}", "}")
}

fn main() {
    let source = "src/web/game.css";
    println!("cargo:rerun-if-changed={source}");
    let css = fs::read_to_string(source).expect("src/web/game.css");
    let out = Path::new(&env::var("OUT_DIR").expect("OUT_DIR")).join("game.min.css");
    fs::write(out, minify(&css)).expect("writing the minified stylesheet");
}
