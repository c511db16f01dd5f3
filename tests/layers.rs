//! The modules of a directory are layers: no module uses, directly or through others, a module that uses it.
//! Read from the sources, so that an import circle fails a test rather than waiting for a reviewer.
//!
//! [`module_uses`] reads a directory of modules (each `name.rs`, with the files of `name/` counted as `name`)
//! and what each uses of its siblings, and [`a_cycle`] finds a circle among them. Every folder of `src/` and
//! `engine/src/` is checked here, and so is that a type's name means one thing across both.

use std::collections::{BTreeMap, BTreeSet};
use std::path::Path;

/// What each module of `dir` uses of the others, by name: the sibling named by each path to one, `super::name`
/// from a module's own file (one `super::` more per directory below it) or `{crate_path}name` (for example
/// `crate::web::name`), in a `use` or in the code, before the module's tests (`#[cfg(test)]`). Comments do
/// not count; `mod.rs` or `lib.rs`, the parent that declares them all, is not one of the modules.
fn module_uses(dir: &Path, crate_path: &str) -> BTreeMap<String, BTreeSet<String>> {
    let mut uses = BTreeMap::new();
    let mut files = Vec::new();
    collect_files(dir, 0, &mut files);
    for (path, depth) in &files {
        let relative = path.strip_prefix(dir).expect("a file of the directory");
        let first = relative.components().next().expect("a file name");
        let name = first
            .as_os_str()
            .to_string_lossy()
            .trim_end_matches(".rs")
            .to_string();
        if name == "mod" || name == "lib" {
            continue;
        }
        let source = std::fs::read_to_string(path).expect("a readable source file");
        let sibling = "super::".repeat(depth + 1);
        let used: &mut BTreeSet<String> = uses.entry(name.clone()).or_default();
        for line in source
            .lines()
            .take_while(|line| !line.starts_with("#[cfg(test)]"))
        {
            let code = line.split("//").next().unwrap_or_default();
            for prefix in [sibling.as_str(), crate_path] {
                used.extend(named_after(code, prefix));
            }
        }
        used.remove(&name);
    }
    uses
}

/// Every `.rs` file under `dir`, with how many directories below it.
fn collect_files(dir: &Path, depth: usize, files: &mut Vec<(std::path::PathBuf, usize)>) {
    let mut entries: Vec<_> = std::fs::read_dir(dir)
        .expect("a readable directory")
        .map(|entry| entry.expect("a directory entry").path())
        .collect();
    entries.sort();
    for path in entries {
        if path.is_dir() {
            collect_files(&path, depth + 1, files);
        } else if path.extension().is_some_and(|extension| extension == "rs") {
            files.push((path, depth));
        }
    }
}

/// The module names that follow `prefix` in `code`: `prefix name::…`, or each first name of `prefix {a::…, b}`.
fn named_after(code: &str, prefix: &str) -> Vec<String> {
    let mut names = Vec::new();
    for (at, _) in code.match_indices(prefix) {
        // A longer path (`super::super::` where `super::` is asked) names another level.
        let before = &code[..at];
        if before.ends_with("super::")
            || before.ends_with(|c: char| c.is_alphanumeric() || c == '_')
        {
            continue;
        }
        let rest = &code[at + prefix.len()..];
        let items = match rest.strip_prefix('{') {
            Some(list) => list[..list.find('}').unwrap_or(list.len())]
                .split(',')
                .collect(),
            None => vec![rest],
        };
        for item in items {
            let name: String = item
                .trim()
                .chars()
                .take_while(|c| c.is_alphanumeric() || *c == '_')
                .collect();
            if !name.is_empty() && name != "super" && name != "self" {
                names.push(name);
            }
        }
    }
    names
}

/// A circle of modules that use each other, each using the next and the last the first; `None` if there is none.
fn a_cycle(uses: &BTreeMap<String, BTreeSet<String>>) -> Option<Vec<String>> {
    /// Depth first from `module`, with `path` the modules being walked: a module met again on it closes a circle.
    fn walk(
        module: &str,
        uses: &BTreeMap<String, BTreeSet<String>>,
        path: &mut Vec<String>,
        done: &mut BTreeSet<String>,
    ) -> Option<Vec<String>> {
        if let Some(start) = path.iter().position(|on_path| on_path == module) {
            return Some(path[start..].to_vec());
        }
        if !done.insert(module.to_string()) {
            return None;
        }
        path.push(module.to_string());
        for next in uses.get(module).into_iter().flatten() {
            if let Some(cycle) = walk(next, uses, path, done) {
                return Some(cycle);
            }
        }
        path.pop();
        None
    }
    let mut done = BTreeSet::new();
    uses.keys()
        .find_map(|module| walk(module, uses, &mut Vec::new(), &mut done))
}

/// The modules of `dir` and what each uses (see [`module_uses`]), after failing if any of them use each other
/// in a circle.
fn assert_layers(dir: &str, crate_path: &str) -> BTreeMap<String, BTreeSet<String>> {
    let uses = module_uses(Path::new(dir), crate_path);
    if let Some(cycle) = a_cycle(&uses) {
        panic!("the modules of {dir} use each other in a circle: {cycle:?} (each uses the next, the last the first)");
    }
    uses
}

#[test]
fn the_engine_has_no_import_cycles() {
    let uses = assert_layers("engine/src", "crate::");
    // The reading found the modules and what they use: the loop uses the tactics, the driver the loop.
    assert!(uses.len() >= 10, "{uses:?}");
    assert!(uses["core"].contains("tactics"), "{uses:?}");
    assert!(uses["search"].contains("core"), "{uses:?}");
    // The threat search reads the patterns; the loop uses both.
    assert!(uses["threats"].contains("lines"), "{uses:?}");
    assert!(uses["core"].contains("threats"), "{uses:?}");
    assert!(uses["core"].contains("lines"), "{uses:?}");
}

#[test]
fn the_dom_layer_has_no_import_cycles() {
    let uses = assert_layers("src/web", "crate::web::");
    // The view draws the state and knows nothing of the app; the app owns the view.
    assert!(uses.len() >= 15, "{uses:?}");
    assert!(uses["app"].contains("view"), "{uses:?}");
    assert!(!uses["view"].contains("app"), "{uses:?}");
}

/// Every folder under `root` (itself included) with the path its modules are named by from elsewhere in the
/// crate: `crate::` for the root, `crate::a::b::` for `root/a/b`.
fn folders(root: &Path, crate_path: &str, found: &mut Vec<(std::path::PathBuf, String)>) {
    found.push((root.to_path_buf(), crate_path.to_string()));
    let mut entries: Vec<_> = std::fs::read_dir(root)
        .expect("a readable directory")
        .map(|entry| entry.expect("a directory entry").path())
        .filter(|path| path.is_dir())
        .collect();
    entries.sort();
    for dir in entries {
        let name = dir
            .file_name()
            .expect("a name")
            .to_string_lossy()
            .to_string();
        folders(&dir, &format!("{crate_path}{name}::"), found);
    }
}

#[test]
fn every_folder_has_no_import_cycles() {
    let mut found = Vec::new();
    folders(Path::new("src"), "crate::", &mut found);
    folders(Path::new("engine/src"), "crate::", &mut found);
    // src/bin holds programs, each a crate of its own.
    found.retain(|(dir, _)| !dir.ends_with("bin"));
    assert!(found.len() >= 5, "{found:?}");
    for (dir, crate_path) in &found {
        assert_layers(&dir.to_string_lossy(), crate_path);
    }
    // The reading found the crate's folders: the page's state composes the game and the panels, which know
    // nothing of it.
    let top = module_uses(Path::new("src"), "crate::");
    assert!(top["state"].contains("game"), "{top:?}");
    assert!(top["state"].contains("panels"), "{top:?}");
    assert!(!top["panels"].contains("state"), "{top:?}");
    let panels = module_uses(Path::new("src/panels"), "crate::panels::");
    assert!(panels["practice"].contains("search_tree"), "{panels:?}");
}

#[test]
fn a_circle_is_found_and_layers_are_not_one() {
    let graph = |edges: &[(&str, &str)]| {
        let mut uses: BTreeMap<String, BTreeSet<String>> = BTreeMap::new();
        for &(from, to) in edges {
            uses.entry(from.to_string())
                .or_default()
                .insert(to.to_string());
            uses.entry(to.to_string()).or_default();
        }
        uses
    };
    let layers = graph(&[("a", "b"), ("b", "c"), ("a", "c")]);
    assert_eq!(a_cycle(&layers), None);
    let circle = graph(&[("a", "b"), ("b", "c"), ("c", "a"), ("d", "a")]);
    let found = a_cycle(&circle).expect("a circle");
    assert_eq!(found.len(), 3, "{found:?}");
    // The reading of paths: a use list, a nested module's parent's siblings, a path in the code.
    assert_eq!(
        named_after("use super::{grid::Grid, score};", "super::"),
        ["grid", "score"]
    );
    assert_eq!(
        named_after("use super::super::js::x;", "super::"),
        Vec::<String>::new()
    );
    assert_eq!(
        named_after("use super::super::js::x;", "super::super::"),
        ["js"]
    );
    assert_eq!(
        named_after(
            "let a = crate::engine::table::Keys::of(g);",
            "crate::engine::"
        ),
        ["table"]
    );
}

/// The types `code` defines at the top of its file (a struct, an enum, a trait or a type alias, public or not),
/// by name; those inside a module or a function (indented) are not counted.
fn top_level_types(code: &str) -> Vec<String> {
    code.lines()
        .filter_map(|line| {
            let line = ["pub(crate) ", "pub(super) ", "pub "]
                .iter()
                .find_map(|visibility| line.strip_prefix(visibility))
                .unwrap_or(line);
            ["struct ", "enum ", "trait ", "type "]
                .iter()
                .find_map(|kind| line.strip_prefix(kind))
        })
        .map(|rest| {
            rest.chars()
                .take_while(|c| c.is_alphanumeric() || *c == '_')
                .collect()
        })
        .collect()
}

/// Every `.rs` file under `dir`.
fn rust_files(dir: &Path, files: &mut Vec<std::path::PathBuf>) {
    for entry in std::fs::read_dir(dir).expect("a readable directory") {
        let path = entry.expect("a directory entry").path();
        if path.is_dir() {
            rust_files(&path, files);
        } else if path.extension().is_some_and(|ext| ext == "rs") {
            files.push(path);
        }
    }
}

#[test]
fn each_type_name_means_one_thing() {
    assert_eq!(
        top_level_types(
            "pub struct A;\nstruct B<'a>(u8);\npub(crate) enum C {}\nmod m {\n    struct D;\n}"
        ),
        ["A", "B", "C"]
    );
    let mut files = Vec::new();
    rust_files(Path::new("src"), &mut files);
    rust_files(Path::new("engine/src"), &mut files);
    let mut defined: BTreeMap<String, Vec<String>> = BTreeMap::new();
    for file in &files {
        let code = std::fs::read_to_string(file).expect("a readable source");
        for name in top_level_types(&code) {
            defined
                .entry(name)
                .or_default()
                .push(file.to_string_lossy().to_string());
        }
    }
    assert!(
        defined.contains_key("Grid") && defined.contains_key("State"),
        "{defined:?}"
    );
    let twice: Vec<_> = defined
        .iter()
        .filter(|(_, files)| files.len() > 1)
        .collect();
    assert!(
        twice.is_empty(),
        "type names defined more than once: {twice:?}"
    );
}
