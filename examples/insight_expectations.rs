//! Prints, as JSON, what the thinking panels must show for the positions (and tree paths) given as arguments,
//! from the native engine: the end-to-end tests compare the release build's panels with it (e2e/native.mjs).
//! For each: the node counts of the statistics, every move's line of best play, the tree's children along the
//! path, and the step panel's alpha-beta trace (each event as the page's `data-step-*` attributes write it, with
//! the path of moves from the position to the event's node).
//!
//! `cargo run --profile test --example insight_expectations -- ......... X...O..../4,0`
//! (a position, optionally `/` and the path of moves from it whose children the tree shows).

use tictactoe::engine::{
    all_search_stats, alpha_beta_trace, principal_variation, tree_children_along, Board, StepKind,
};

fn list(cells: &[usize]) -> String {
    let items: Vec<String> = cells.iter().map(usize::to_string).collect();
    format!("[{}]", items.join(","))
}

/// The step panel's events from `board`, each with the path of moves from `board` to its node.
fn trace(board: Board) -> Vec<String> {
    let mut nodes: Vec<(String, Vec<usize>)> = Vec::new();
    alpha_beta_trace(&board)
        .iter()
        .map(|event| {
            let position = event.position.to_string();
            if event.kind == StepKind::Visit {
                let mut path = nodes.last().map(|(_, path)| path.clone()).unwrap_or_default();
                if let Some((parent, _)) = nodes.last() {
                    let played = position.bytes().zip(parent.bytes()).position(|(now, then)| now != then);
                    path.push(played.expect("a child differs from its parent"));
                }
                nodes.push((position.clone(), path));
            }
            let path = nodes.last().map(|(_, path)| list(path)).unwrap_or_default();
            if event.kind == StepKind::Return {
                nodes.pop();
            }
            let value = event.value.map_or("null".to_owned(), |value| format!("\"{value}\""));
            format!(
                "{{\"event\":\"{}\",\"position\":\"{position}\",\"alpha\":\"{}\",\"beta\":\"{}\",\"value\":{value},\"path\":{path}}}",
                event.kind.as_str(),
                event.alpha,
                event.beta
            )
        })
        .collect()
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
            "\"{argument}\":{{\"stats\":[{}],\"lines\":{{{}}},\"children\":[{}],\"trace\":[{}]}}",
            stats.join(","),
            lines.join(","),
            children.join(","),
            trace(board).join(",")
        ));
    }
    println!("{{{}}}", entries.join(",\n"));
}
