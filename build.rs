//! Minifies the game's stylesheets (`src/web/game.css`, `src/web/panels.css` for the full module, and
//! `src/web/hover.css`, last in both) into `OUT_DIR`, for the wasm modules to embed: comments and layout whitespace
//! are only for people reading the source.

use std::{env, fs, path::Path};

/// `css` without comments and with whitespace only where it separates words: none around `{`, `}`, `;`, `,`, `>`
/// and parentheses, none after a colon (a space before one is a descendant combinator, and stays), and nothing
/// changed inside quoted strings.
fn minify(css: &str) -> String {
    let mut out = String::with_capacity(css.len());
    let mut chars = css.chars().peekable();
    let mut quote = None;
    let mut space = false;
    while let Some(c) = chars.next() {
        if let Some(open) = quote {
            out.push(c);
            if c == '\\' {
                out.extend(chars.next());
            } else if c == open {
                quote = None;
            }
            continue;
        }
        if c == '/' && chars.peek() == Some(&'*') {
            chars.next();
            let mut previous = ' ';
            for d in chars.by_ref() {
                if previous == '*' && d == '/' {
                    break;
                }
                previous = d;
            }
            space = true;
            continue;
        }
        if c.is_whitespace() {
            space = true;
            continue;
        }
        if space
            && !out.is_empty()
            && !out.ends_with(['{', '}', ';', ',', ':', '>', '('])
            && !"{};,>)".contains(c)
        {
            out.push(' ');
        }
        space = false;
        if c == '}' && out.ends_with(';') {
            out.pop();
        }
        if c == '"' || c == '\'' {
            quote = Some(c);
        }
        out.push(c);
    }
    out
}

fn main() {
    let out = env::var("OUT_DIR").expect("OUT_DIR");
    for name in ["game", "panels", "hover"] {
        let source = format!("src/web/{name}.css");
        println!("cargo:rerun-if-changed={source}");
        let css = fs::read_to_string(&source).expect("the game's stylesheets are in src/web");
        let minified = Path::new(&out).join(format!("{name}.min.css"));
        fs::write(minified, minify(&css)).expect("writing the minified stylesheet");
    }
}
