//! Prints, as JSON, what the thinking panels must show for the positions (and tree paths) given as arguments,
//! from the native engine: the end-to-end tests compare the release build's panels with it.
//!
//! `cargo run --release --example insight_expectations -- ......... X...O..../4,0`
//! (a position, optionally `/` and the path of moves from it whose children the tree shows).

use tictactoe::engine::{all_search_stats, principal_variation, tree_children_along, Board};

fn list(cells: &[usize]) -> String {
    let items: Vec<String> = cells.iter().map(usize::to_string).collect();
    format!("[{}]", items.join(","))
}

fn main() {
    let mut entries = Vec::new();
    for argument in std::env::args().skip(1) {
        let (position, path) = argument.split_once('/').unwrap_or((&argument, ""));
        let board: Board = position.parse().expect("a position");
        let path: Vec<usize> = path
            .split(',')
            .filter(|p| !p.is_empty())
            .map(|p| p.parse().expect("a cell"))
            .collect();
        let stats: Vec<String> = all_search_stats(&board)
            .iter()
            .map(|s| s.nodes.to_string())
            .collect();
        let lines: Vec<String> = board
            .legal_moves()
            .map(|cell| {
                format!(
                    "\"{cell}\":{}",
                    list(&principal_variation(&board, Some(cell)))
                )
            })
            .collect();
        let children: Vec<String> = tree_children_along(&board, &path, true)
            .iter()
            .map(|node| {
                format!(
                    "{{\"cell\":{},\"pruned\":{},\"best\":{}}}",
                    node.cell, node.pruned, node.on_principal_variation
                )
            })
            .collect();
        entries.push(format!(
            "\"{argument}\":{{\"stats\":[{}],\"lines\":{{{}}},\"children\":[{}]}}",
            stats.join(","),
            lines.join(","),
            children.join(",")
        ));
    }
    println!("{{{}}}", entries.join(",\n"));
}
