#![cfg(not(target_arch = "wasm32"))]
//! The game on bigger boards: the notation, the rules against a plainly written scan, and the search within a
//! time against known results of m,n,k-games (the project's FACTS) and against the exact search of the 3x3 board.
//!
//! Run with `--nocapture` to see the proofs' times and node counts.

#[path = "common/oracle.rs"]
mod oracle;

use std::collections::HashSet;
use tictactoe::engine::{
    analyze, evaluate, think, think_moves, Board, Grid, InstantClock, Limits, Outcome,
    ParseGridError, Player, Rng, Score, Shape, ShapeError, Status, SteppingClock, StoppedClock,
    Thought, Value,
};

fn shape(rows: usize, cols: usize, k: usize) -> Shape {
    Shape::new(rows, cols, k).unwrap()
}

fn grid(text: &str, shape: Shape) -> Grid {
    Grid::parse(text, shape).unwrap_or_else(|error| panic!("{text}: {error}"))
}

/// A game of random moves from `grid`, every position on the way included, the last one over.
fn random_game(mut grid: Grid, rng: &mut Rng) -> Vec<Grid> {
    let mut positions = vec![grid];
    while !grid.is_over() {
        let moves: Vec<usize> = grid.legal_moves().collect();
        grid = grid.play(moves[rng.below(moves.len())]);
        positions.push(grid);
    }
    positions
}

/// A random shape: rows and columns 3 to 15, k 3 to the longer side (mostly small, so that lines happen).
fn random_shape(rng: &mut Rng) -> Shape {
    let rows = 3 + rng.below(13);
    let cols = 3 + rng.below(13);
    let k = 3 + rng.below(rows.max(cols).min(7) - 2);
    shape(rows, cols, k)
}

#[test]
fn shapes_are_3_to_15_with_k_3_to_the_longer_side() {
    assert_eq!(Shape::CLASSIC, shape(3, 3, 3));
    let s = shape(4, 7, 7);
    assert_eq!((s.rows(), s.cols(), s.k(), s.cells()), (4, 7, 7, 28));
    assert!(Shape::new(15, 15, 15).is_ok());
    assert!(Shape::new(3, 15, 15).is_ok());
    assert_eq!(Shape::new(2, 4, 3), Err(ShapeError::Rows(2)));
    assert_eq!(Shape::new(16, 4, 3), Err(ShapeError::Rows(16)));
    assert_eq!(Shape::new(4, 2, 3), Err(ShapeError::Cols(2)));
    assert_eq!(Shape::new(4, 20, 3), Err(ShapeError::Cols(20)));
    assert_eq!(
        Shape::new(4, 3, 2),
        Err(ShapeError::K {
            k: 2,
            longer_side: 4
        })
    );
    assert_eq!(
        Shape::new(3, 4, 7),
        Err(ShapeError::K {
            k: 7,
            longer_side: 4
        })
    );
    assert_eq!(
        ShapeError::Rows(20).to_string(),
        "a board has 3 to 15 rows, this one has 20"
    );
    assert_eq!(
        ShapeError::K {
            k: 7,
            longer_side: 4
        }
        .to_string(),
        "k is 3 to the longer side (4), not 7"
    );
}

#[test]
fn notation_round_trips_on_many_shapes() {
    let mut rng = Rng::new(11);
    for _ in 0..200 {
        let s = random_shape(&mut rng);
        for position in random_game(Grid::empty(s), &mut rng) {
            let text = position.to_string();
            assert_eq!(Grid::parse(&text, s), Ok(position), "{text} on {s}");
            assert_eq!(text.matches('/').count(), s.rows() - 1);
        }
    }
    let s = shape(3, 4, 3);
    assert_eq!(grid("x-o_/..../....", s).to_string(), "X.O./..../....");
    // The classic board keeps Board's nine characters, and reads rows too.
    let classic = grid("X...O....", Shape::CLASSIC);
    assert_eq!(classic.to_string(), "X...O....");
    assert_eq!(grid("X../.O./...", Shape::CLASSIC), classic);
    assert_eq!(
        classic.to_classic(),
        Some("X...O....".parse::<Board>().unwrap())
    );
    assert_eq!(Grid::from("X...O....".parse::<Board>().unwrap()), classic);
    assert_eq!(grid("X.../..../....", s).to_classic(), None);
}

#[test]
fn every_parse_error_says_why() {
    let s = shape(3, 4, 3);
    let cases: &[(&str, Shape, ParseGridError)] = &[
        ("X..", Shape::CLASSIC, ParseGridError::WrongLength(3)),
        (
            "..../....",
            s,
            ParseGridError::WrongRowCount {
                expected: 3,
                found: 2,
            },
        ),
        (
            "..../...../....",
            s,
            ParseGridError::WrongRowLength {
                row: 1,
                expected: 4,
                found: 5,
            },
        ),
        (
            "..../.é../....",
            s,
            ParseGridError::UnknownCharacter {
                found: 'é',
                row: 1,
                column: 1,
            },
        ),
        ("O.../..../....", s, ParseGridError::OAheadOfX),
        ("XX../..../....", s, ParseGridError::XTooFarAhead),
        ("XXX./OOO./....", s, ParseGridError::TwoWinners),
        (
            "XXX./OO../O...",
            s,
            ParseGridError::WinnerDidNotMoveLast(Player::X),
        ),
        (
            "OOO./XX../XX..",
            s,
            ParseGridError::WinnerDidNotMoveLast(Player::O),
        ),
        // Two lines of X that share no mark: no single move made both.
        (
            "XXX../OO.../...../XXX../OO.O.",
            shape(5, 5, 3),
            ParseGridError::LinesNotFromOneMove(Player::X),
        ),
    ];
    for (text, s, expected) in cases {
        assert_eq!(Grid::parse(text, *s), Err(*expected), "{text}");
        let message = expected.to_string();
        assert!(message.len() > 20 && !message.ends_with('.'), "{message}");
    }
    // Free-style: a line of six made by one move in its middle is reachable.
    assert!(Grid::parse("XXXXXX./OOO.OO./......./......./.......", shape(5, 7, 5)).is_ok());
}

#[test]
fn parse_errors_say_where_in_words() {
    assert_eq!(
        ParseGridError::UnknownCharacter {
            found: '\u{7}',
            row: 0,
            column: 2
        }
        .to_string(),
        "row 1, column 3 holds the control character U+0007: use X, O, or . (or - or _) for an empty cell"
    );
    // Rows and columns counted from 1, as the squares' names count them.
    assert_eq!(
        Grid::parse("XO./..?/...", Shape::CLASSIC)
            .unwrap_err()
            .to_string(),
        "row 2, column 3 holds '?': use X, O, or . (or - or _) for an empty cell"
    );
    assert_eq!(
        Grid::parse("XO./.../....", Shape::CLASSIC)
            .unwrap_err()
            .to_string(),
        "the board has 3 columns, but row 3 has 4 characters"
    );
}

/// The winner by a plain scan of every cell in every direction: a run of `k` or more marks of one side.
fn plain_winner(grid: &Grid) -> (Option<Player>, Vec<usize>) {
    let s = grid.shape();
    let (rows, cols, k) = (s.rows() as isize, s.cols() as isize, s.k() as isize);
    let mut winner = None;
    let mut cells = HashSet::new();
    for r in 0..rows {
        for c in 0..cols {
            for (dr, dc) in [(0, 1), (1, 0), (1, 1), (1, -1)] {
                let Some(player) = grid.get((r * cols + c) as usize) else {
                    continue;
                };
                let line: Vec<usize> = (0..k)
                    .map(|i| (r + i * dr, c + i * dc))
                    .take_while(|&(rr, cc)| rr >= 0 && cc >= 0 && rr < rows && cc < cols)
                    .map(|(rr, cc)| (rr * cols + cc) as usize)
                    .take_while(|&cell| grid.get(cell) == Some(player))
                    .collect();
                if line.len() == k as usize {
                    winner = Some(player);
                    cells.extend(line);
                }
            }
        }
    }
    let mut cells: Vec<usize> = cells.into_iter().collect();
    cells.sort_unstable();
    (winner, cells)
}

#[test]
fn winner_detection_matches_a_plain_scan() {
    let mut rng = Rng::new(5);
    let mut wins = 0;
    for _ in 0..400 {
        let s = random_shape(&mut rng);
        for position in random_game(Grid::empty(s), &mut rng) {
            let (winner, cells) = plain_winner(&position);
            assert_eq!(position.winner(), winner, "{position} on {s}");
            assert_eq!(position.winning_cells(), cells, "{position} on {s}");
            let status = match winner {
                Some(player) => Status::Won(player),
                None if position.marks() == s.cells() => Status::Draw,
                None => Status::InProgress,
            };
            assert_eq!(position.status(), status);
            wins += usize::from(winner.is_some());
        }
    }
    assert!(wins > 300, "{wins}");
}

#[test]
fn lines_on_every_edge_and_none_through_the_padding() {
    let s = shape(5, 6, 3);
    let cases = [
        // Along the top, bottom, left and right edges, and both diagonals into the corners.
        ("XXX.../OO..../....../....../......", Some(Player::X)),
        ("....../....../....../OO..../...XXX", Some(Player::X)),
        ("X...../X.O.../X.O.../....../......", Some(Player::X)),
        ("....OX/.....X/.....X/....O./......", Some(Player::X)),
        ("X...../.X..../..X.../....../OO....", Some(Player::X)),
        ("....../....../...X../O...X./O....X", Some(Player::X)),
        ("....../....../...X../..X.../OX..O.", Some(Player::X)),
        // The end of one row and the start of the next: no line in any direction.
        ("....XX/X...../....O./....O./......", None),
        (".....X/X...../X...../OO..../O.....", None),
        ("....../.....X/....X./X...../OOO...", Some(Player::O)),
    ];
    for (text, expected) in cases {
        let position = grid(text, s);
        assert_eq!(position.winner(), expected, "{text}");
        assert_eq!(position.winner(), plain_winner(&position).0, "{text}");
    }
    // Free-style: six in a row wins with k = 5.
    let s = shape(5, 7, 5);
    let before = grid("XXX.XX./OOO.OO./......./......./.......", s);
    let after = before.play(3);
    assert_eq!(after.status(), Status::Won(Player::X));
    assert_eq!(after.winning_cells(), [0, 1, 2, 3, 4, 5]);
}

#[test]
fn moves_follow_the_rules() {
    let s = shape(4, 5, 4);
    let position = grid("XX.../OO.../...../.....", s);
    assert_eq!(position.to_move(), Player::X);
    assert_eq!(position.legal_moves().count(), 16);
    assert_eq!(
        position.try_play(20),
        Err(tictactoe::engine::IllegalMove::NoSuchCell {
            cell: 20,
            cells: 20
        })
    );
    assert_eq!(
        position
            .try_play(20)
            .map(|_| ())
            .map_err(|error| error.to_string()),
        Err("there is no cell 20: cells are 0 to 19".to_string())
    );
    assert_eq!(
        position.try_play(5),
        Err(tictactoe::engine::IllegalMove::Occupied(5))
    );
    let won = position.play(2).play(7).play(3);
    assert_eq!(won.status(), Status::Won(Player::X));
    assert_eq!(won.legal_moves().count(), 0);
    assert_eq!(
        won.try_play(4),
        Err(tictactoe::engine::IllegalMove::GameOver)
    );
}

/// `think` with all the time in the world.
fn prove(position: &Grid) -> Thought {
    let limits = Limits {
        time_ms: u32::MAX,
        ..Limits::default()
    };
    think(position, limits, &mut InstantClock::new())
}

fn proved(outcome: Outcome, thought: &Thought) -> bool {
    matches!(thought.verdict, Score::Proved(Value { outcome: o, .. }) if o == outcome)
}

fn report(name: &str, thought: &Thought) {
    println!(
        "{name}: {:?} in {:.0} ms, {} nodes, depth {}, table hits {}, cut-offs {} ({} by the first move), line {:?}",
        thought.verdict,
        thought.elapsed_ms,
        thought.nodes,
        thought.depth,
        thought.table_hits,
        thought.cutoffs,
        thought.first_move_cutoffs,
        thought.line
    );
}

#[test]
fn known_results_of_small_boards() {
    let cases = [
        (Shape::CLASSIC, Outcome::Draw),
        (shape(4, 3, 3), Outcome::Win),
        (shape(3, 4, 3), Outcome::Win),
        (shape(4, 4, 3), Outcome::Win),
        (shape(4, 4, 4), Outcome::Draw),
    ];
    for (s, outcome) in cases {
        let thought = prove(&Grid::empty(s));
        report(&s.to_string(), &thought);
        assert!(proved(outcome, &thought), "{s}: {:?}", thought.verdict);
        assert!(!thought.timed_out);
        assert!(thought.best.is_some());
    }
}

#[test]
fn mirror_images_share_the_table_so_the_4x4_proof_visits_half_as_many_positions() {
    let thought = prove(&Grid::empty(shape(4, 4, 4)));
    assert!(proved(Outcome::Draw, &thought));
    // With a table entry for each position apart from its mirror images, the proof visited 61,767 positions.
    assert!(thought.nodes < 40_000, "{} positions", thought.nodes);
    // Depths 1 and 2, then one search straight to the end of the game, which proves the draw: three iterations
    // that add up to the whole search.
    let depths: Vec<u32> = thought.iterations.iter().map(|i| i.depth).collect();
    assert_eq!(depths, [1, 2, 16]);
    assert_eq!(
        thought.iterations[2].verdict.as_ref(),
        Some(&thought.verdict)
    );
    let nodes: u64 = thought.iterations.iter().map(|i| i.nodes).sum();
    assert_eq!(nodes, thought.nodes);
}

#[test]
fn five_by_four_with_four_in_a_row_is_a_draw() {
    let thought = prove(&Grid::empty(shape(5, 4, 4)));
    report("5x4, k=4", &thought);
    assert!(proved(Outcome::Draw, &thought), "{:?}", thought.verdict);
}

#[test]
fn the_search_within_a_time_agrees_with_the_exact_search_on_every_3x3_position() {
    let boards = oracle::reachable();
    assert_eq!(boards.len(), 5_478);
    for board in boards {
        let thought = think(&board, Limits::default(), &mut StoppedClock);
        let analysis = analyze(&board);
        let expected = match analysis.best_value() {
            Some(value) => value,
            None => evaluate(&board).0,
        };
        assert_eq!(thought.verdict, Score::Proved(expected), "{board}");
        if let Some(best) = thought.best {
            assert!(analysis.best_cells().contains(&best), "{board}: {best}");
        }
    }
}

#[test]
fn every_move_has_a_verdict() {
    let position = Grid::empty(shape(4, 3, 3));
    let verdicts = think_moves(&position, Limits::default(), &mut StoppedClock).moves;
    assert_eq!(verdicts.len(), 12);
    let best = prove(&position);
    let best_verdict = best.verdict;
    let Score::Proved(best_value) = best_verdict else {
        panic!("{best_verdict:?}")
    };
    for (cell, verdict) in &verdicts {
        let Score::Proved(value) = verdict else {
            panic!("{cell}: {verdict:?}")
        };
        // No move is better than the best, and the best move's value is the position's.
        assert!(*value <= best_value, "{cell}: {value:?}");
        let after = prove(&position.play(*cell));
        let Score::Proved(reply) = after.verdict else {
            panic!()
        };
        assert_eq!(reply.plies + 1, value.plies, "{cell}");
    }
    assert!(verdicts
        .iter()
        .any(|(_, verdict)| *verdict == Score::Proved(best_value)));
    // Mirror-image cells share a verdict.
    assert_eq!(verdicts[0].1, verdicts[11].1);
}

/// Finds a forced win within the default second and checks it is proved.
fn finds_the_win(text: &str, s: Shape, plies: u32) -> Thought {
    let position = grid(text, s);
    let thought = think(&position, Limits::default(), &mut InstantClock::new());
    report(&format!("{s} {text}"), &thought);
    assert_eq!(
        thought.verdict,
        Score::Proved(Value {
            outcome: Outcome::Win,
            plies
        }),
        "{text}"
    );
    // The line is a game that ends in that win.
    let mut end = position;
    for &cell in &thought.line {
        end = end.play(cell);
    }
    assert_eq!(end.winner(), Some(position.to_move()), "{:?}", thought.line);
    thought
}

#[test]
fn finds_forced_wins_on_large_boards() {
    let s = shape(7, 7, 5);
    // An open three: X makes an open four and wins on the move after next.
    finds_the_win(
        ".....O./......./......./.XXX.../......./..O...O/.......",
        s,
        3,
    );
    // A four-three: a four that O must block, and a three that then becomes an open four.
    finds_the_win(
        "O..O..O/...X.../...X.../...X.../.XX..../......./O.....O",
        s,
        5,
    );
    let s = shape(15, 15, 5);
    let four_three = [
        "O.............O",
        "...............",
        "...............",
        "...............",
        "...............",
        ".......X.......",
        ".......X.......",
        "...OXXX........",
        "...............",
        "...............",
        "...............",
        "...............",
        "...............",
        "...............",
        "O.............O",
    ]
    .join("/");
    let thought = finds_the_win(&four_three, s, 5);
    assert_eq!(thought.best, Some(7 * 15 + 7));
}

#[test]
fn a_search_with_the_evaluation_beats_one_without() {
    let s = shape(7, 7, 4);
    let limits = |evaluation| Limits {
        time_ms: u32::MAX,
        max_depth: Some(2),
        evaluation,
    };
    let mut evaluation_wins = 0;
    for evaluation_plays in [Player::X, Player::O] {
        let mut position = Grid::empty(s);
        while !position.is_over() {
            let thought = think(
                &position,
                limits(position.to_move() == evaluation_plays),
                &mut StoppedClock,
            );
            position = position.play(thought.best.unwrap());
        }
        println!(
            "evaluation as {evaluation_plays}: {position} {:?}",
            position.status()
        );
        assert_ne!(
            position.winner(),
            Some(evaluation_plays.opponent()),
            "{position}"
        );
        evaluation_wins += usize::from(position.winner() == Some(evaluation_plays));
    }
    assert!(evaluation_wins >= 1);
}

#[test]
fn stops_when_the_time_is_up() {
    let s = shape(15, 15, 5);
    let position = grid(
        &[
            "...............",
            "...............",
            "...............",
            "...............",
            "...............",
            "...............",
            "......OX.......",
            ".......X.......",
            "........O......",
            "...............",
            "...............",
            "...............",
            "...............",
            "...............",
            "...............",
        ]
        .join("/"),
        s,
    );
    let thought = think(
        &position,
        Limits {
            time_ms: 200,
            ..Limits::default()
        },
        &mut InstantClock::new(),
    );
    report("15x15 opening, 200 ms", &thought);
    assert!(thought.timed_out);
    assert!(matches!(thought.verdict, Score::Estimate(_)));
    assert!(thought.depth >= 2, "{}", thought.depth);
    assert!(thought.elapsed_ms < 1_000.0, "{}", thought.elapsed_ms);
    // One finished iteration a depth, then the one the clock stopped, if it stopped one: together they are the
    // whole search.
    let finished = thought
        .iterations
        .iter()
        .take_while(|iteration| iteration.verdict.is_some())
        .count();
    assert_eq!(finished as u32, thought.depth);
    assert!(thought.iterations.len() <= finished + 1);
    assert!(thought.iterations[finished..]
        .iter()
        .all(|stopped| stopped.depth == thought.depth + 1 && stopped.best.is_none()));
    let nodes: u64 = thought
        .iterations
        .iter()
        .map(|iteration| iteration.nodes)
        .sum();
    assert_eq!(nodes, thought.nodes);
    assert_eq!(thought.line.first().copied(), thought.best);
    let empty = think(&Grid::empty(s), Limits::default(), &mut InstantClock::new());
    assert_eq!(empty.best, Some(7 * 15 + 7));
}

#[test]
fn five_by_five_with_four_in_a_row_is_a_draw() {
    // C. Y. Lee's result: about 12 million positions, 10 s here; the clock only has to be long enough.
    let thought = think(
        &Grid::empty(shape(5, 5, 4)),
        Limits {
            time_ms: 600_000,
            ..Limits::default()
        },
        &mut InstantClock::new(),
    );
    report("5x5, k=4", &thought);
    assert!(
        matches!(thought.verdict, Score::Proved(value) if value.outcome == Outcome::Draw),
        "{:?}",
        thought.verdict
    );
    for iteration in &thought.iterations {
        println!(
            "  depth {}: {} nodes, {:.0} ms, {:?}",
            iteration.depth, iteration.nodes, iteration.ms, iteration.verdict
        );
    }
}

#[test]
fn every_move_is_estimated_at_one_depth() {
    let s = shape(7, 7, 5);
    let position = grid(
        ".......\n.......\n..XO...\n...X...\n....O..\n.......\n......."
            .replace('\n', "/")
            .as_str(),
        s,
    );
    let limits = Limits {
        time_ms: 40,
        ..Limits::default()
    };
    let verdicts = think_moves(&position, limits, &mut SteppingClock::new(0.05)).moves;
    let estimates: Vec<(usize, i32)> = verdicts
        .iter()
        .filter_map(|(cell, verdict)| match verdict {
            Score::Estimate(score) => Some((*cell, *score)),
            Score::Proved(_) => None,
        })
        .collect();
    assert!(estimates.len() > 10, "{verdicts:?}");
    // The estimates are those of searches of every move to one depth after it, the same for all.
    let at_depth = |cell: usize, depth: u32| {
        let limits = Limits {
            time_ms: u32::MAX,
            max_depth: Some(depth),
            ..Limits::default()
        };
        match think(&position.play(cell), limits, &mut StoppedClock).verdict {
            Score::Estimate(score) => Some(-score),
            Score::Proved(_) => None,
        }
    };
    let common = (1..=4).find(|&depth| {
        estimates
            .iter()
            .all(|&(cell, score)| at_depth(cell, depth) == Some(score))
    });
    assert!(common.is_some(), "{estimates:?}");
}

/// The odd-even effect of a depth limit: a search that stops after its own move and one that stops after the
/// opponent's reply each favour the side that moved last, so without a word for whose turn it is their verdicts
/// alternate with the depth. Over positions of seeded games on 9x9 with five in a row, each depth from 1 to 4
/// should mostly agree with the one before about which side is better (without the side to move counted, 42 of
/// these 108 pairs agreed; with it, all 108).
#[test]
fn a_deeper_search_mostly_agrees_about_who_is_better() {
    let board = shape(9, 9, 5);
    let mut rng = Rng::new(7);
    let (mut agree, mut pairs) = (0, 0);
    for _ in 0..3 {
        let centre = 4 * 9 + 4;
        let mut position = Grid::empty(board).play(centre);
        position = position.play(centre + [1, 9, 10, 8][rng.below(4)]);
        for _ in 0..12 {
            let mut signs = Vec::new();
            let mut best = None;
            for depth in 1..=4 {
                let limits = Limits {
                    time_ms: u32::MAX,
                    max_depth: Some(depth),
                    ..Limits::default()
                };
                let thought = think(&position, limits, &mut StoppedClock);
                best = thought.best;
                match thought.verdict {
                    Score::Estimate(score) => signs.push(score.signum()),
                    Score::Proved(_) => break,
                }
            }
            for pair in signs.windows(2) {
                pairs += 1;
                agree += usize::from(pair[0] == pair[1]);
            }
            match best {
                Some(cell) if !position.play(cell).is_over() => position = position.play(cell),
                _ => break,
            }
        }
    }
    assert!(pairs >= 60, "{pairs} pairs of depths");
    assert!(agree * 4 >= pairs * 3, "{agree} of {pairs} pairs agree");
    println!("{agree} of {pairs} pairs of depths agree");
}

#[test]
fn depth_one_always_completes_and_a_finished_game_has_no_move() {
    let limits = Limits {
        time_ms: 0,
        ..Limits::default()
    };
    let thought = think(&Grid::empty(shape(15, 15, 5)), limits, &mut StoppedClock);
    assert_eq!(thought.best, Some(112));
    let won = grid("XXX/OO./...", Shape::CLASSIC);
    let over = think(&won, limits, &mut StoppedClock);
    assert_eq!(over.best, None);
    assert_eq!(
        over.verdict,
        Score::Proved(Value {
            outcome: Outcome::Loss,
            plies: 0
        })
    );
    let moves = think_moves(&won, limits, &mut StoppedClock);
    assert!(moves.moves.is_empty() && !moves.timed_out);
}

#[test]
fn a_win_proved_short_of_the_end_is_the_quickest() {
    // X wins in 9. A try to search to the end, stopped by the clock, left a win in 11 in the table, which
    // the next, shallower iteration took for a proof.
    let position = grid("O.../..../.X.O/X.../OX..", shape(5, 4, 4));
    let exact = think(&position, Limits::default(), &mut StoppedClock);
    let nine = Score::Proved(Value {
        outcome: Outcome::Win,
        plies: 9,
    });
    assert_eq!(exact.verdict, nine);
    // Budgets from too short to prove anything to long enough (the clock ticks at each look: the threat search
    // and the search to the end that the engine tries early both look at it).
    let (mut estimates, mut budgets) = (0, 0);
    for time_ms in (5..1200).step_by(30) {
        budgets += 1;
        let limits = Limits {
            time_ms,
            ..Limits::default()
        };
        let thought = think(&position, limits, &mut SteppingClock::new(1.0));
        match thought.verdict {
            Score::Proved(_) => assert_eq!(thought.verdict, nine, "{time_ms} ms"),
            Score::Estimate(_) => estimates += 1,
        }
    }
    assert!(
        estimates > 0 && estimates < budgets,
        "{estimates} of {budgets} budgets proved nothing"
    );
    // The moves' searches share one table: a sibling's deeper entries must not shorten a proof either.
    let position = grid(".../.../.../..X", shape(4, 3, 3));
    let limits = Limits {
        max_depth: Some(7),
        ..Limits::default()
    };
    let shallow = think_moves(&position, limits, &mut StoppedClock).moves;
    let full = think_moves(&position, Limits::default(), &mut StoppedClock).moves;
    for ((cell, score), (_, exact)) in shallow.iter().zip(&full) {
        assert!(exact.is_proved(), "cell {cell}: {exact:?}");
        if score.is_proved() {
            assert_eq!(score, exact, "cell {cell}");
        }
    }
}

#[test]
fn a_maximum_depth_without_evaluation_wanders() {
    let limits = Limits {
        time_ms: 1000,
        max_depth: Some(2),
        evaluation: false,
    };
    let thought = think(&Grid::empty(shape(6, 6, 4)), limits, &mut StoppedClock);
    assert_eq!(thought.depth, 2);
    assert_eq!(thought.verdict, Score::Estimate(0));
    assert!(!thought.timed_out);
}
