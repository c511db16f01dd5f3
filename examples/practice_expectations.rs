//! Prints, as JSON, what the practice and the pseudocode must show for the trees given as arguments, from the
//! library: the end-to-end tests compare the release build's exercise with it (e2e/native.mjs), so that the
//! browser tests need no alpha-beta of their own. For each tree: alpha-beta's events (each node named by its path
//! as the page's `data-node` writes it, "4.0"), every node's children, and the values given at its leaves.
//!
//! `cargo run --profile test --example practice_expectations -- XO.X.O... lesson:X.O.X...O tree:3,2,7`
//! (a 3x3 position's whole tree, as the step-through searches it; `lesson:` and a position for the exercise the
//! practice opens on it, cut at a depth; `tree:DEPTH,BRANCHING,SEED` for a drawn tree; `leaves:` and a nested list
//! for a tree written out).

use tictactoe::engine::Board;
use tictactoe::panels::practice::{Asked, Exercise};
use tictactoe::panels::search_tree::{AbstractTree, NodeId, SearchTree};

fn tree(argument: &str) -> SearchTree {
    let position = |text: &str| text.parse::<Board>().expect("a position");
    if let Some(shape) = argument.strip_prefix("tree:") {
        let numbers: Vec<u64> = shape
            .split(',')
            .map(|n| n.parse().expect("a number"))
            .collect();
        let [depth, branching, seed] = numbers[..] else {
            panic!("tree:DEPTH,BRANCHING,SEED, not {argument}");
        };
        SearchTree::Abstract(
            AbstractTree::new(depth as u32, branching as u32, seed).expect("a tree's shape"),
        )
    } else if let Some(leaves) = argument.strip_prefix("leaves:") {
        SearchTree::Abstract(leaves.parse().expect("a tree written out"))
    } else if let Some(board) = argument.strip_prefix("lesson:") {
        Exercise::on_position(position(board), Asked::Values)
            .expect("a game in progress")
            .tree()
            .clone()
    } else {
        SearchTree::whole(position(argument))
    }
}

fn main() {
    let mut entries = Vec::new();
    for argument in std::env::args().skip(1) {
        let tree = tree(&argument);
        let events: Vec<String> = tree
            .trace()
            .iter()
            .map(|event| {
                let value = event.value.map_or("null".to_owned(), |value| value.to_string());
                format!(
                    "{{\"event\":\"{}\",\"path\":\"{}\",\"alpha\":\"{}\",\"beta\":\"{}\",\"value\":{value}}}",
                    event.kind.as_str(),
                    NodeId(event.path.clone()),
                    event.alpha,
                    event.beta
                )
            })
            .collect();
        let nodes = tree.nodes();
        let children: Vec<String> = nodes
            .iter()
            .map(|node| {
                let below: Vec<String> = tree
                    .actions(node.path())
                    .into_iter()
                    .map(|action| {
                        let mut child = node.path().to_vec();
                        child.push(action);
                        format!("\"{}\"", NodeId(child))
                    })
                    .collect();
                format!("\"{node}\":[{}]", below.join(","))
            })
            .collect();
        let leaves: Vec<String> = nodes
            .iter()
            .filter_map(|node| {
                tree.given_value(node.path())
                    .map(|value| format!("\"{node}\":\"{value}\""))
            })
            .collect();
        entries.push(format!(
            "\"{argument}\":{{\"events\":[{}],\"children\":{{{}}},\"leaves\":{{{}}}}}",
            events.join(","),
            children.join(","),
            leaves.join(",")
        ));
    }
    println!("{{{}}}", entries.join(",\n"));
}
