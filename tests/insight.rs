//! The look inside the search that the panels show, on the 3x3 board: the node counts of each refinement of
//! minimax, the line of best play, the game tree with alpha-beta's pruning (against the oracles' textbook
//! alpha-beta), and plain +1/0/-1 scores against depth-aware ones.

#[path = "common/oracle.rs"]
mod oracle;

use tictactoe::engine::{
    all_search_stats, alpha_beta_trace, analyze, analyze_with, best_moves, evaluate,
    game_tree_size, node_searches, plain_minimax_nodes, principal_variation, search_stats,
    tree_children, tree_children_along, tree_children_searched, Board, Outcome, Score, Scoring,
    Value, Variant,
};

fn board(text: &str) -> Board {
    text.parse().unwrap()
}

fn reachable_positions() -> Vec<Board> {
    oracle::reachable()
}

#[test]
fn node_counts_from_the_empty_board() {
    // The last two follow the move ordering and the table's policy, and change with them.
    let nodes = all_search_stats(&Board::EMPTY).map(|entry| entry.nodes);
    assert_eq!(nodes, [549_946, 20_866, 1_628, 270]);
}

#[test]
fn the_game_tree_size_is_what_plain_minimax_visits_everywhere() {
    for position in reachable_positions() {
        assert_eq!(
            game_tree_size(&position),
            plain_minimax_nodes(&position),
            "{position}"
        );
    }
    assert_eq!(game_tree_size(&Board::EMPTY), 549_946);
}

#[test]
fn plain_minimax_visits_every_node_of_the_game_tree() {
    assert_eq!(plain_minimax_nodes(&Board::EMPTY), 549_946);
    let stats = search_stats(&Board::EMPTY, Variant::PlainMinimax);
    assert_eq!(stats.nodes, 549_946);
    assert_eq!(stats.value.outcome, Outcome::Draw);
    // A finished game is one node.
    assert_eq!(plain_minimax_nodes(&board("XXXOO....")), 1);
}

#[test]
fn plain_minimax_counts_add_up_over_the_first_moves() {
    // The page times plain minimax one first move at a time and adds the counts up, with one node for the
    // position itself: that must be what one search from the position counts, everywhere.
    for position in reachable_positions().into_iter().filter(|p| !p.is_over()) {
        let parts: u64 = position
            .legal_moves()
            .map(|cell| search_stats(&position.play(cell), Variant::PlainMinimax).nodes)
            .sum();
        let whole = search_stats(&position, Variant::PlainMinimax).nodes;
        assert_eq!(1 + parts, whole, "{position}");
    }
}

#[test]
fn every_variant_finds_the_same_value_and_a_best_move_everywhere() {
    for position in reachable_positions() {
        let (value, _) = evaluate(&position);
        let best = best_moves(&position).best_cells();
        let stats = all_search_stats(&position);
        for entry in stats {
            assert_eq!(entry.value, value, "{position} {:?}", entry.variant);
            match entry.best_cell {
                Some(cell) => assert!(best.contains(&cell), "{position} {:?}", entry.variant),
                None => assert!(position.is_over()),
            }
        }
        // Each refinement visits no more positions than the one before it, except that ordering is a bet.
        assert!(stats[1].nodes <= stats[0].nodes, "{position}");
        assert!(stats[3].nodes <= stats[2].nodes, "{position}");
    }
    let from_empty = all_search_stats(&Board::EMPTY).map(|entry| entry.nodes);
    assert!(from_empty[1] < from_empty[0] / 10, "{from_empty:?}");
    assert!(from_empty[2] < from_empty[1], "{from_empty:?}");
    assert!(from_empty[3] < from_empty[2], "{from_empty:?}");
}

#[test]
fn the_principal_variation_ends_the_game_as_its_value_says() {
    for position in reachable_positions() {
        let analysis = analyze(&position);
        let mut cases: Vec<(Option<usize>, Option<Value>)> = vec![(None, analysis.best_value())];
        cases.extend(
            analysis
                .values()
                .map(|(cell, value)| (Some(cell), Some(value))),
        );
        for (first_move, value) in cases {
            let line = principal_variation(&position, first_move);
            let Some(value) = value else {
                assert!(line.is_empty() && position.is_over());
                continue;
            };
            if let Some(cell) = first_move {
                assert_eq!(line[0], cell);
            }
            let mut end = position;
            for &cell in &line {
                end = end.try_play(cell).expect("a legal line");
            }
            assert!(end.is_over(), "{position} {first_move:?}: {line:?}");
            assert_eq!(line.len() as u32, value.plies, "{position} {first_move:?}");
            let mover = position.to_move();
            let outcome = match end.winner() {
                None => Outcome::Draw,
                Some(winner) if winner == mover => Outcome::Win,
                Some(_) => Outcome::Loss,
            };
            assert_eq!(
                outcome, value.outcome,
                "{position} {first_move:?}: {line:?}"
            );
        }
    }
    // An illegal first move gives no line.
    assert!(principal_variation(&board("X........"), Some(0)).is_empty());
    assert!(principal_variation(&Board::EMPTY, Some(9)).is_empty());
}

/// Checks the children of every node of `root`'s tree down to `max_depth` against the paths the textbook's
/// alpha-beta visits, reading what the engine's search did at all of them from one trace, as the tree panel does.
fn check_pruning(root: Board, max_depth: usize) {
    let visited = oracle::alpha_beta(root).visited;
    assert_eq!(
        visited.len() as u64,
        search_stats(&root, Variant::AlphaBeta).nodes,
        "{root}"
    );
    let mut paths = vec![Vec::new()];
    let mut next = 0;
    while next < paths.len() {
        let path: Vec<usize> = paths[next].clone();
        next += 1;
        let position = path
            .iter()
            .fold(root, |position, &cell| position.play(cell));
        if path.len() < max_depth {
            paths.extend(
                position
                    .legal_moves()
                    .map(|cell| [path.as_slice(), &[cell]].concat()),
            );
        }
    }
    let searches = node_searches(&alpha_beta_trace(&root), &paths);
    for (path, search) in paths.iter().zip(&searches) {
        let position = path
            .iter()
            .fold(root, |position, &cell| position.play(cell));
        let children = tree_children_searched(&root, path, Some(search));
        assert_eq!(
            children.iter().map(|c| c.cell).collect::<Vec<_>>(),
            position.legal_moves().collect::<Vec<_>>()
        );
        for child in children {
            let child_path = [path.as_slice(), &[child.cell]].concat();
            assert_eq!(
                child.pruned,
                !visited.contains(&child_path),
                "{root} {child_path:?}"
            );
        }
    }
}

#[test]
fn pruning_flags_match_a_separate_alpha_beta() {
    check_pruning(Board::EMPTY, 3);
    for position in reachable_positions() {
        match position.marks() {
            1 | 2 => check_pruning(position, 2),
            5.. => check_pruning(position, 9),
            _ => {}
        }
        // The root's own children are never pruned with a full window.
        assert!(tree_children(&position, true).iter().all(|c| !c.pruned));
    }
    // From the empty board, alpha-beta prunes two plies down already (after X in 0 and O in 1, say).
    let root = Board::EMPTY;
    let pruned_after_two: Vec<(usize, usize)> = (0..9)
        .flat_map(|first| {
            tree_children_along(&root, &[first], true)
                .into_iter()
                .filter(|c| c.pruned)
                .map(move |c| (first, c.cell))
        })
        .collect();
    assert!(!pruned_after_two.is_empty());
    // A cut-off at an ancestor prunes every child below it; without alpha-beta nothing is pruned.
    let (first, second) = pruned_after_two[0];
    let below = tree_children_along(&root, &[first, second], true);
    assert!(!below.is_empty() && below.iter().all(|c| c.pruned));
    assert!(tree_children_along(&root, &[first, second], false)
        .iter()
        .all(|c| !c.pruned));
    // Illegal paths have no children.
    assert!(tree_children_along(&root, &[4, 4], true).is_empty());
}

#[test]
fn tree_values_and_principal_variation_flags() {
    let children = tree_children(&board("X.O.X.O.."), false);
    let best: Vec<usize> = children
        .iter()
        .filter(|c| c.on_principal_variation)
        .map(|c| c.cell)
        .collect();
    assert_eq!(best, [8]);
    assert_eq!(
        children.iter().find(|c| c.cell == 8).unwrap().value,
        Value {
            outcome: Outcome::Win,
            plies: 1
        }
    );
}

#[test]
fn plain_scores_cannot_tell_a_quick_win_from_a_slow_one() {
    // X wins at once in cell 8; every other move also wins, two plies later.
    let position = board("X.O.X.O..");
    let plain = analyze_with(&position, Scoring::Plain);
    assert!(
        plain
            .moves
            .iter()
            .all(|&(_, score)| score == Score::Estimate(1)),
        "{plain:?}"
    );
    assert_eq!(plain.best_cells(), [1, 3, 5, 7, 8]);
    let depth_aware = analyze_with(&position, Scoring::DepthAware);
    assert_eq!(depth_aware.best_cells(), [8]);
    // In the write-ups' points: 10 - n for a win with n marks.
    let score_of = |cell| depth_aware.value_of(cell).unwrap().points(4, 9);
    assert_eq!(score_of(8), 5);
    assert_eq!(score_of(1), 3);
}

#[test]
fn scored_analysis_agrees_with_the_engine_everywhere() {
    for position in reachable_positions() {
        let analysis = analyze(&position);
        let plain = analyze_with(&position, Scoring::Plain);
        let depth_aware = analyze_with(&position, Scoring::DepthAware);
        assert_eq!(
            depth_aware.best_cells(),
            analysis.best_cells(),
            "{position}"
        );
        for (((cell, exact), plain), depth_aware) in
            analysis.values().zip(&plain.moves).zip(&depth_aware.moves)
        {
            // The plain search finds the signs of the exact values, the depth-aware one the values themselves.
            let sign = Score::Estimate(exact.sign());
            assert_eq!(*plain, (cell, sign), "{position} {cell}");
            assert_eq!(
                *depth_aware,
                (cell, Score::Proved(exact)),
                "{position} {cell}"
            );
        }
    }
}
