//! What the panels say about the computer's searches where it cannot always search to the end (a board bigger
//! than 3x3): whether a value is proved or an estimate at a depth, how deep it looked, how many positions it saw,
//! what its transposition table and move ordering saved, and the forced wins its threat search found. Pure Rust,
//! tested natively; the searches run in a worker, and this module only keeps and words what they found.

use crate::engine::{Forced, ForcedKind, Grid, Limits, Outcome, Player, Score, Scoring, Thought};
use crate::game::{square_name, Phase};
use crate::panels::words::{counted, group_digits, outcome_words, Convention, Note};

/// What the searches in the worker have found so far.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct SearchResults {
    /// The computer's last search: the position it searched, and what it found.
    pub last: Option<(Grid, Thought)>,
    /// Every move's verdict at a position, for the scores on the squares.
    pub scores: Option<Scored>,
    /// Why the last search could not run in a worker, if it could not.
    pub trouble: Option<String>,
}

/// Every move's verdict at a position, as a search within some limits found them.
#[derive(Clone, Debug, PartialEq)]
pub struct Scored {
    /// The position whose moves were scored.
    pub position: Grid,
    /// How long and how deep the search looked.
    pub limits: Limits,
    /// Each legal move and its verdict.
    pub moves: Vec<(usize, Score)>,
}

impl SearchResults {
    /// The verdicts of the moves at `position`, if they have been found within `limits` (another time or depth,
    /// or the evaluation switched, gives other estimates).
    pub fn scores_at(&self, position: &Grid, limits: Limits) -> Option<&[(usize, Score)]> {
        self.scores
            .as_ref()
            .filter(|scored| scored.position == *position && scored.limits == limits)
            .map(|scored| scored.moves.as_slice())
    }

    /// The rest of the forced win the computer's last search found, from `board`, the position its move made
    /// (the opponent's win, when every move lost, starts there too): the moves to replay on the board. `None`
    /// when the search found none, or the game has moved on from that position.
    pub fn forced_line(&self, board: &Grid) -> Option<Vec<usize>> {
        let (searched, thought) = self.last.as_ref()?;
        let (forced, best) = (thought.forced.as_ref()?, thought.best?);
        if searched.try_play(best).ok()? != *board {
            return None;
        }
        let line = if forced.winner == searched.to_move() {
            // The computer's own win: its first move is the one it played.
            forced
                .line
                .split_first()
                .filter(|(first, _)| **first == best)?
                .1
        } else {
            &forced.line
        };
        (!line.is_empty()).then(|| line.to_vec())
    }
}

/// Milliseconds as a whole number, its digits grouped as every count's: "900 ms", "3,001 ms". (Whole numbers,
/// not `{:.0}`: a float's formatting brings the standard library's float printing into the module, which none
/// of the game's texts needs.)
fn milliseconds(ms: f64) -> String {
    format!("{} ms", group_digits(ms.max(0.0).round() as u64))
}

/// Whether a search of `depth` plies from `position` goes to the end of the game: a search told to go there is
/// given every empty square as its depth, though most of its lines end sooner.
fn to_the_end(position: &Grid, depth: u32) -> bool {
    depth as usize >= position.empty_cells()
}

/// "1 move", "3 moves".
fn moves_word(plies: u32) -> String {
    if plies == 1 {
        "1 move".to_owned()
    } else {
        format!("{plies} moves")
    }
}

/// What a verdict for `mover` (the side to move where it was found) says, in words: "a draw with best play",
/// "X wins in 7 moves with best play", "best guess: X is better", "best guess: even".
pub fn verdict_words(verdict: &Score, mover: Player) -> String {
    match verdict {
        Score::Proved(value) => match value.outcome {
            Outcome::Draw => "a draw with best play".to_owned(),
            Outcome::Win => format!(
                "{} wins in {} with best play",
                mover,
                moves_word(value.plies)
            ),
            Outcome::Loss => format!(
                "{} wins in {} with best play",
                mover.opponent(),
                moves_word(value.plies)
            ),
        },
        Score::Estimate(_) => outcome_words(*verdict, mover),
    }
}

/// One sentence on a search of `position`: "Searched to the end: 139,744 positions; proved: a draw with best
/// play." or "Looked 6 moves ahead, 180,000 positions; best guess: X is better." (A search proves a forced win
/// short of the end, "Looked 2 moves ahead, …; proved: X wins in 3 moves", when a threat cannot be stopped.)
/// A forced win the threat search found follows in a sentence of its own ([`forced_sentence`]); when the
/// threat search found it before any deepening, that sentence is all there is to say, since nothing else was
/// searched.
pub fn search_sentence(position: &Grid, thought: &Thought) -> String {
    let forced = thought
        .forced
        .as_ref()
        .map(|forced| forced_sentence(position, forced));
    match forced {
        Some(forced) if thought.iterations.is_empty() => forced,
        Some(forced) => format!("{} {forced}", deepening_sentence(position, thought)),
        None => deepening_sentence(position, thought),
    }
}

/// What the deepening search of `position` found, in a sentence (see [`search_sentence`]).
fn deepening_sentence(position: &Grid, thought: &Thought) -> String {
    let words = verdict_words(&thought.verdict, position.to_move());
    let positions = counted(thought.nodes, "position", "positions");
    if to_the_end(position, thought.depth) {
        format!("Searched to the end: {positions}; proved: {words}.")
    } else {
        let proved = if matches!(thought.verdict, Score::Proved(_)) {
            "proved: "
        } else {
            ""
        };
        format!(
            "Looked {} ahead, {positions}; {proved}{words}.",
            moves_word(thought.depth)
        )
    }
}

/// How a forced win goes, in words.
fn forced_how(kind: ForcedKind) -> &'static str {
    match kind {
        ForcedKind::Fours => "by continuous fours",
        ForcedKind::FoursAndThrees => "by fours and threes",
    }
}

/// The threat search's forced win, found at `position`, in a sentence: "Forced win found by continuous fours: X
/// wins within 9 moves, 1,240 positions." for the side to move; for its opponent, when every move loses, "Forced
/// win found for O by fours and threes, which X cannot stop: O wins within 11 moves after X's move, 2,301
/// positions." The moves are plies, as everywhere in the panels, and a bound: the threat search finds a win that
/// holds against every defence, not always the quickest one. The positions are the threat search's own.
pub fn forced_sentence(position: &Grid, forced: &Forced) -> String {
    let (mover, winner) = (position.to_move(), forced.winner);
    let how = forced_how(forced.kind);
    let (moves, positions) = (
        moves_word(forced.plies),
        counted(forced.positions, "position", "positions"),
    );
    if winner == mover {
        format!("Forced win found {how}: {winner} wins within {moves}, {positions}.")
    } else {
        format!(
            "Forced win found for {winner} {how}, which {mover} cannot stop: {winner} wins within {moves} after \
             {mover}'s move, {positions}."
        )
    }
}

/// What the search panel says when no search of the computer's is among the moves on the board: that it is
/// searching, while it is; else that it has not searched yet (before its first move, or after an undo).
pub fn no_search_sentence(phase: Phase) -> &'static str {
    if phase == Phase::ComputerToMove {
        "The computer is searching…"
    } else {
        "The computer has not played a move on the board yet."
    }
}

/// The names of the search statistics, in the order [`statistics`] gives them.
pub const STATISTICS: [&str; 8] = [
    "Depth reached",
    "Positions searched",
    "Time",
    "Positions per second",
    "Answered by the transposition table",
    "Cut-offs made by the first move tried",
    "Stopped by the clock",
    "Positions of the threat search",
];

/// The rows of the search statistics of `position`: a name (of [`STATISTICS`]) and a value in words.
pub fn statistics(position: &Grid, thought: &Thought) -> Vec<(&'static str, String)> {
    let seconds = thought.elapsed_ms / 1000.0;
    let per_second = if seconds > 0.0 {
        group_digits((thought.nodes as f64 / seconds) as u64)
    } else {
        "—".to_owned()
    };
    let first = match (thought.first_move_cutoffs * 100).checked_div(thought.cutoffs) {
        Some(percent) => format!("{percent}% of {}", group_digits(thought.cutoffs)),
        None => "no cut-offs".to_owned(),
    };
    let depth = if to_the_end(position, thought.depth) {
        "the end of the game".to_owned()
    } else {
        moves_word(thought.depth)
    };
    let values = [
        depth,
        group_digits(thought.nodes),
        milliseconds(thought.elapsed_ms),
        per_second,
        group_digits(thought.table_hits),
        first,
        if thought.timed_out { "yes" } else { "no" }.to_owned(),
        group_digits(thought.threat_nodes),
    ];
    STATISTICS.into_iter().zip(values).collect()
}

/// The horizon: one line per iteration of the deepening, what the search saw at that depth, with that
/// iteration's own positions and time, so that the lines add up to the whole search; the search straight to the
/// end of the game it may try is one of them, and so is the iteration the clock stopped. The threat search's own
/// positions (at the root and at the search's leaves, counted apart) come first, in a line of their own, with what
/// it found. `position` is the position searched (its board names the squares).
pub fn horizon(position: &Grid, thought: &Thought) -> Vec<String> {
    let shape = position.shape();
    let threats = (thought.threat_nodes > 0).then(|| {
        let found = thought.forced.as_ref().map_or_else(
            || "no forced win found".to_owned(),
            |forced| {
                format!(
                    "a forced win {} for {}",
                    forced_how(forced.kind),
                    forced.winner.name()
                )
            },
        );
        format!(
            "Threat search, fours and threes: {}; {found}",
            counted(thought.threat_nodes, "position", "positions")
        )
    });
    let depths = thought.iterations.iter().map(|iteration| {
        let depth = if to_the_end(position, iteration.depth) {
            "To the end of the game".to_owned()
        } else {
            format!("Depth {}", iteration.depth)
        };
        let work = format!(
            "{} in {}",
            counted(iteration.nodes, "position", "positions"),
            milliseconds(iteration.ms)
        );
        let Some(verdict) = &iteration.verdict else {
            return format!("{depth}: stopped by the clock after {work}");
        };
        let best = iteration
            .best
            .map_or_else(|| "no move".to_owned(), |cell| square_name(shape, cell));
        let words = verdict_words(verdict, position.to_move());
        format!("{depth}: {work}; best move {best}; {words}")
    });
    threats.into_iter().chain(depths).collect()
}

/// The sentence under the scores' heading on a bigger board: whether every value is proved.
pub fn scores_verdict(moves: &[(usize, Score)]) -> &'static str {
    if moves
        .iter()
        .all(|(_, verdict)| matches!(verdict, Score::Proved(_)))
    {
        "Every move's value is proved: the search reached the end of the game."
    } else {
        "Scores marked +, − or ± are estimates at the depth the clock allowed; the others are proved."
    }
}

/// The heading of the game tree on a bigger board.
pub const TREE_HEADING: &str = "Game tree, one move deep";

/// Why the game tree on a bigger board is shown one move deep, after the convention its values follow: how long
/// the game from `position` can still last and in how many orders of play, and what the value shown for each move
/// is; nothing once the game is over (the panel says it has no moves).
pub fn tree_depth_note(position: &Grid) -> Option<Note> {
    if position.is_over() {
        return None;
    }
    let empty = position.shape().cells() - position.marks();
    let orders = match empty {
        0..=1 => "1 order".to_owned(),
        2 => "2 × 1 orders".to_owned(),
        3 => "3 × 2 × 1 orders".to_owned(),
        _ => format!("{empty} × {} × … × 1 orders", empty - 1),
    };
    let convention = Convention::at(position, Scoring::DepthAware).sentence();
    // Said of the board's whole game, which is true of every bigger board, rather than of what is left, which
    // near the end is small.
    Some(Note {
        opening: format!(
            "{convention} A bigger board's tree is shown one move deep, each move with the value its own search found."
        ),
        about: "the tree one move deep",
        more: vec![
            format!(
                "From here the game can last {} more, in up to {orders} of play: the whole game from the empty \
                 board is far more than a screen could hold.",
                moves_word(empty as u32)
            ),
            "A value is proved when its search reached every end of the game, else an estimate at the depth its \
             clock allowed."
                .to_owned(),
        ],
    })
}

/// Why the step-through shows only the 3x3 board, as its panel says on a bigger one.
pub fn step_on_3x3() -> Note {
    Note::new(
        "The step-through shows the 3x3 board, whose search can be followed one event at a time.",
        "the step-through",
        &["A bigger board's search takes far more steps than anyone could follow (a 4x4 board's whole tree has \
           more than 10¹³ nodes): the search statistics show what the computer's search did, and its horizon, \
           depth by depth."],
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    use crate::engine::{Iteration, Shape, Value};

    fn thought(verdict: Score) -> Thought {
        Thought {
            best: Some(5),
            verdict,
            depth: 6,
            nodes: 180_000,
            elapsed_ms: 900.0,
            iterations: vec![
                Iteration {
                    depth: 1,
                    nodes: 16,
                    ms: 0.2,
                    best: Some(0),
                    verdict: Some(Score::Estimate(3)),
                },
                Iteration {
                    depth: 2,
                    nodes: 140,
                    ms: 1.4,
                    best: Some(5),
                    verdict: Some(verdict),
                },
                Iteration {
                    depth: 16,
                    nodes: 171_000,
                    ms: 450.0,
                    best: None,
                    verdict: None,
                },
                Iteration {
                    depth: 3,
                    nodes: 8_844,
                    ms: 3_001.4,
                    best: None,
                    verdict: None,
                },
            ],
            table_hits: 1_234,
            cutoffs: 400,
            first_move_cutoffs: 360,
            line: vec![5, 6],
            timed_out: true,
            forced: None,
            threat_nodes: 0,
        }
    }

    #[test]
    fn verdicts_in_words() {
        let win = |plies| {
            Score::Proved(Value {
                outcome: Outcome::Win,
                plies,
            })
        };
        let loss = |plies| {
            Score::Proved(Value {
                outcome: Outcome::Loss,
                plies,
            })
        };
        let draw = Score::Proved(Value {
            outcome: Outcome::Draw,
            plies: 16,
        });
        assert_eq!(verdict_words(&draw, Player::X), "a draw with best play");
        assert_eq!(
            verdict_words(&win(7), Player::O),
            "O wins in 7 moves with best play"
        );
        assert_eq!(
            verdict_words(&loss(1), Player::O),
            "X wins in 1 move with best play"
        );
        assert_eq!(
            verdict_words(&Score::Estimate(0), Player::X),
            "best guess: even"
        );
        assert_eq!(
            verdict_words(&Score::Estimate(40), Player::X),
            "best guess: X is better"
        );
        assert_eq!(
            verdict_words(&Score::Estimate(-40), Player::X),
            "best guess: O is better"
        );
        assert_eq!(
            scores_verdict(&[(0, draw), (1, win(3))]),
            "Every move's value is proved: the search reached the end of the game."
        );
        assert!(scores_verdict(&[(0, draw), (1, Score::Estimate(2))]).contains("estimates"));
    }

    #[test]
    fn the_tree_of_a_bigger_board_says_why_it_is_one_move_deep() {
        let shape = Shape::new(4, 4, 4).unwrap();
        let note = |position: &Grid| tree_depth_note(position).unwrap();
        let empty = note(&Grid::empty(shape));
        assert_eq!(
            empty.opening,
            "Values are MAX's: X moves here, so + is good for X, − for O. A bigger board's tree is shown one move \
             deep, each move with the value its own search found."
        );
        assert!(
            empty.more[0].starts_with("From here the game can last 16 moves more, in up to 16 × 15 × … × 1 orders of play"),
            "{empty:?}"
        );
        let late = Grid::parse("XOXO/OXOX/XOXO/X...", shape).unwrap();
        assert!(note(&late).more[0].contains("last 3 moves more, in up to 3 × 2 × 1 orders"));
        assert!(note(&late)
            .opening
            .starts_with("Values are MAX's: O moves here"));
        let last = Grid::parse("XXOO/OOXX/XXOO/OXX.", shape).unwrap();
        assert!(note(&last).more[0]
            .starts_with("From here the game can last 1 move more, in up to 1 order of play:"));
        // A finished game needs no reason: the panel says it has no moves.
        let won = Grid::parse("XXXX/OOO./..../....", shape).unwrap();
        assert!(won.is_over());
        assert_eq!(tree_depth_note(&won), None);
    }

    #[test]
    fn a_search_in_a_sentence_with_its_statistics_and_horizon() {
        let shape = Shape::new(4, 4, 4).unwrap();
        let position = Grid::empty(shape);
        let guess = thought(Score::Estimate(25));
        assert_eq!(
            search_sentence(&position, &guess),
            "Looked 6 moves ahead, 180,000 positions; best guess: X is better."
        );
        let proved = thought(Score::Proved(Value {
            outcome: Outcome::Draw,
            plies: 16,
        }));
        // Proved short of the end (a threat that cannot be stopped), it says how deep it looked, as the
        // statistics do.
        assert_eq!(
            search_sentence(&position, &proved),
            "Looked 6 moves ahead, 180,000 positions; proved: a draw with best play."
        );
        assert_eq!(
            search_sentence(
                &position,
                &Thought {
                    depth: 16,
                    ..proved.clone()
                }
            ),
            "Searched to the end: 180,000 positions; proved: a draw with best play."
        );
        let rows = statistics(&position, &guess);
        assert_eq!(rows[0], ("Depth reached", "6 moves".to_owned()));
        assert_eq!(rows[1], ("Positions searched", "180,000".to_owned()));
        assert_eq!(rows[2], ("Time", "900 ms".to_owned()));
        assert_eq!(rows[3], ("Positions per second", "200,000".to_owned()));
        assert_eq!(rows[4].1, "1,234");
        assert_eq!(rows[5].1, "90% of 400");
        assert_eq!(rows[6].1, "yes");
        assert_eq!(
            horizon(&position, &guess),
            [
                "Depth 1: 16 positions in 0 ms; best move a4; best guess: X is better",
                "Depth 2: 140 positions in 1 ms; best move b3; best guess: X is better",
                "To the end of the game: stopped by the clock after 171,000 positions in 450 ms",
                "Depth 3: stopped by the clock after 8,844 positions in 3,001 ms",
            ]
        );
        // A search that reached the end of the game says so, however many plies it was allowed.
        let to_the_end = Thought {
            depth: 16,
            ..proved
        };
        assert_eq!(
            statistics(&position, &to_the_end)[0].1,
            "the end of the game"
        );
        assert_eq!(
            statistics(&position.play(0), &to_the_end)[0].1,
            "the end of the game"
        );
        assert_eq!(statistics(&position.play(0), &guess)[0].1, "6 moves");
    }

    #[test]
    fn a_forced_win_of_the_threat_search_is_said_with_its_length_and_positions() {
        let position = Grid::empty(Shape::new(15, 15, 5).unwrap());
        let forced = |winner, kind, plies, positions| Forced {
            winner,
            kind,
            plies,
            positions,
            line: vec![112, 113],
        };
        let fours = forced(Player::X, ForcedKind::Fours, 9, 1_240);
        // Found before any deepening: the threat search's sentence is the whole story.
        let at_once = Thought {
            iterations: Vec::new(),
            depth: 0,
            forced: Some(fours.clone()),
            ..thought(Score::Estimate(999_000))
        };
        assert_eq!(
            search_sentence(&position, &at_once),
            "Forced win found by continuous fours: X wins within 9 moves, 1,240 positions."
        );
        // Played after a deepening that did not prove it: both are said.
        let after_deepening = Thought {
            forced: Some(fours),
            ..thought(Score::Estimate(25))
        };
        assert_eq!(
            search_sentence(&position, &after_deepening),
            "Looked 6 moves ahead, 180,000 positions; best guess: X is better. Forced win found by continuous \
             fours: X wins within 9 moves, 1,240 positions."
        );
        // The opponent's win, which every move of the side to move allows.
        let theirs = forced(Player::O, ForcedKind::FoursAndThrees, 1, 1);
        assert_eq!(
            forced_sentence(&position, &theirs),
            "Forced win found for O by fours and threes, which X cannot stop: O wins within 1 move after X's move, \
             1 position."
        );
        let rows = statistics(
            &position,
            &Thought {
                threat_nodes: 2_301,
                ..at_once
            },
        );
        assert_eq!(
            rows[7],
            ("Positions of the threat search", "2,301".to_owned())
        );
    }

    /// The position of `rows` (from the top, `X`, `O` and `.`) on 15x15.
    fn gomoku(rows: &[&str]) -> Grid {
        let mut text: Vec<String> = rows.iter().map(|row| format!("{row:.<15}")).collect();
        text.resize(15, ".".repeat(15));
        Grid::parse(&text.join("/"), Shape::new(15, 15, 5).unwrap()).unwrap()
    }

    /// A clock that moves 1 ms each time it is read, so that the searches end and repeat exactly.
    struct Ticks(f64);

    impl crate::engine::Clock for Ticks {
        fn now_ms(&mut self) -> f64 {
            self.0 += 1.0;
            self.0
        }
    }

    /// X to move has a three on the second row, blocked on the left, and one down the sixth column, blocked
    /// below: the cell where they meet makes two fours, which O cannot both block. A win by fours.
    fn x_wins_by_fours() -> Grid {
        gomoku(&[
            "",
            ".OXXX",
            ".....X",
            ".....X",
            ".....X",
            "O..O.O",
            "...O",
            "",
            "",
            "",
            "",
            "",
            ".............O",
        ])
    }

    /// O has an open four: whatever X plays, O completes its line next move.
    fn o_has_an_open_four() -> Grid {
        gomoku(&[
            "",
            "",
            "..OOOO",
            "",
            "X...X",
            "X...X",
            ".X",
            "",
            "",
            "",
            "",
            "",
            ".............O",
        ])
    }

    #[test]
    fn the_sentence_says_what_the_engine_found() {
        use crate::engine::think;
        let limits = Limits::default();
        let wins = x_wins_by_fours();
        let thought = think(&wins, limits, &mut Ticks(0.0));
        let forced = thought.forced.clone().expect("a forced win");
        assert_eq!(
            horizon(&wins, &thought)[0],
            format!(
                "Threat search, fours and threes: {}; a forced win by continuous fours for X",
                counted(thought.threat_nodes, "position", "positions")
            )
        );
        assert_eq!((forced.winner, forced.kind), (Player::X, ForcedKind::Fours));
        assert_eq!(
            search_sentence(&wins, &thought),
            format!(
                "Forced win found by continuous fours: X wins within {} moves, {}.",
                forced.plies,
                counted(forced.positions, "position", "positions")
            )
        );
        let lost = o_has_an_open_four();
        let thought = think(&lost, limits, &mut Ticks(0.0));
        assert_eq!(thought.sure_outcome(), Some(Outcome::Loss));
        let forced = thought.forced.clone().expect("the opponent's forced win");
        assert_eq!(forced.winner, Player::O);
        assert!(search_sentence(&lost, &thought).ends_with(&format!(
            "Forced win found for O by continuous fours, which X cannot stop: O wins within 1 move after X's \
             move, {}.",
            counted(forced.positions, "position", "positions")
        )));
    }

    #[test]
    fn the_forced_line_to_replay_goes_on_from_the_computers_move_to_the_winners_line() {
        use crate::engine::think;
        for (position, winner) in [
            (x_wins_by_fours(), Player::X),
            (o_has_an_open_four(), Player::O),
        ] {
            let thought = think(&position, Limits::default(), &mut Ticks(0.0));
            let after = position.play(thought.best.expect("a move"));
            let found = SearchResults {
                last: Some((position, thought)),
                ..SearchResults::default()
            };
            let line = found.forced_line(&after).expect("a line to replay");
            // Played out from the position on the board, it ends the game with the winner's line, at its end.
            let end = line.iter().fold(after, |board, &cell| {
                assert!(!board.is_over(), "{position}: the game ends before {cell}");
                board.play(cell)
            });
            assert_eq!(end.winner(), Some(winner), "{position}");
            // Once the game has moved on, there is nothing of it to replay.
            assert_eq!(found.forced_line(&after.play(line[0])), None);
            assert_eq!(found.forced_line(&position), None);
        }
        assert_eq!(
            SearchResults::default().forced_line(&x_wins_by_fours()),
            None
        );
    }

    #[test]
    fn scores_are_kept_for_their_position_only() {
        let shape = Shape::new(4, 4, 4).unwrap();
        let empty = Grid::empty(shape);
        let limits = Limits::default();
        let found = SearchResults {
            scores: Some(Scored {
                position: empty,
                limits,
                moves: vec![(0, Score::Estimate(1))],
            }),
            ..SearchResults::default()
        };
        assert_eq!(found.scores_at(&empty, limits).map(<[_]>::len), Some(1));
        assert_eq!(found.scores_at(&empty.play(0), limits), None);
        let without_evaluation = Limits {
            evaluation: false,
            ..limits
        };
        assert_eq!(found.scores_at(&empty, without_evaluation), None);
    }

    #[test]
    fn the_search_panel_says_the_computer_is_searching_while_it_is() {
        assert_eq!(
            no_search_sentence(Phase::ComputerToMove),
            "The computer is searching…"
        );
        assert_eq!(
            no_search_sentence(Phase::HumanToMove),
            "The computer has not played a move on the board yet."
        );
    }
}
