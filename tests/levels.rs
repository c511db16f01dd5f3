//! The difficulty levels are really ordered: many seeded games between levels, and between each level and a
//! beginner (who takes a win, else blocks a threat, else plays at random), with the tables printed
//! (`cargo test --test levels -- --nocapture`).

#[path = "common/oracle.rs"]
mod oracle;

use oracle::LINES;
use tictactoe::engine::{best_move_at, Board, Level, Player, Rng, Status};

/// Games per pairing, half with each side moving first.
const GAMES: u32 = 2_000;

#[derive(Clone, Copy, Debug, PartialEq)]
enum Contender {
    Engine(Level),
    Beginner,
}

impl Contender {
    fn name(self) -> &'static str {
        match self {
            Contender::Engine(level) => level.name(),
            Contender::Beginner => "beginner",
        }
    }

    fn choose(self, board: Board, rng: &mut Rng) -> usize {
        match self {
            Contender::Engine(level) => best_move_at(&board, level, rng).unwrap(),
            Contender::Beginner => beginner_move(board, rng),
        }
    }
}

/// A cell that completes a line of `player`'s on `board`, if any.
fn completing_cell(board: Board, player: Player) -> Option<usize> {
    LINES.iter().find_map(|line| {
        let mine = line
            .iter()
            .filter(|&&c| board.get(c) == Some(player))
            .count();
        let empty: Vec<usize> = line
            .iter()
            .copied()
            .filter(|&c| board.get(c).is_none())
            .collect();
        (mine == 2 && empty.len() == 1).then(|| empty[0])
    })
}

/// A beginner: wins if it can, else blocks the opponent's win, else plays anywhere.
fn beginner_move(board: Board, rng: &mut Rng) -> usize {
    let me = board.to_move();
    completing_cell(board, me)
        .or_else(|| completing_cell(board, me.opponent()))
        .unwrap_or_else(|| {
            let moves: Vec<usize> = board.legal_moves().collect();
            moves[rng.below(moves.len())]
        })
}

/// Wins, draws and losses of `first` against `second`, each moving first in half of the games.
fn play(first: Contender, second: Contender, seed: u64) -> (u32, u32, u32) {
    let mut rng = Rng::new(seed);
    let (mut wins, mut draws, mut losses) = (0, 0, 0);
    for game in 0..GAMES {
        let first_is_x = game % 2 == 0;
        let mut board = Board::EMPTY;
        while !board.is_over() {
            let x_to_move = board.to_move() == Player::X;
            let mover = if x_to_move == first_is_x {
                first
            } else {
                second
            };
            board = board.play(mover.choose(board, &mut rng));
        }
        let first_side = if first_is_x { Player::X } else { Player::O };
        match board.status() {
            Status::Won(winner) if winner == first_side => wins += 1,
            Status::Won(_) => losses += 1,
            _ => draws += 1,
        }
    }
    (wins, draws, losses)
}

fn percent(count: u32) -> f64 {
    f64::from(count) * 100.0 / f64::from(GAMES)
}

#[test]
fn each_level_is_weaker_than_the_next() {
    println!(
        "\n{GAMES} games each, half with each side first; wins/draws/losses of the first named"
    );
    let mut seed = 1;
    let levels = Level::ALL.map(Contender::Engine);
    for pair in levels.windows(2) {
        let (weaker, stronger) = (pair[0], pair[1]);
        seed += 1;
        let (wins, draws, losses) = play(stronger, weaker, seed);
        println!(
            "{:>10} vs {:<10}: {:5.1}% won, {:5.1}% drawn, {:5.1}% lost",
            stronger.name(),
            weaker.name(),
            percent(wins),
            percent(draws),
            percent(losses)
        );
        assert!(
            wins > losses,
            "{} must beat {}",
            stronger.name(),
            weaker.name()
        );
        // Clearly: at least a tenth of all games more won than lost.
        assert!(
            wins - losses >= GAMES / 10,
            "{} vs {}",
            stronger.name(),
            weaker.name()
        );
    }
    // Unbeatable never loses, to any level.
    for level in Level::ALL {
        seed += 1;
        let (_, _, losses) = play(
            Contender::Engine(Level::Unbeatable),
            Contender::Engine(level),
            seed,
        );
        assert_eq!(losses, 0, "unbeatable lost to {}", level.name());
    }
}

#[test]
fn a_beginner_beats_easy_and_does_worse_against_each_stronger_level() {
    println!("\n{GAMES} games each against a beginner who takes wins and blocks threats");
    let mut beginner_wins = Vec::new();
    for (index, level) in Level::ALL.into_iter().enumerate() {
        let (wins, draws, losses) = play(
            Contender::Engine(level),
            Contender::Beginner,
            100 + index as u64,
        );
        println!(
            "{:>10} vs beginner  : {:5.1}% won, {:5.1}% drawn, {:5.1}% lost",
            level.name(),
            percent(wins),
            percent(draws),
            percent(losses)
        );
        beginner_wins.push(losses);
    }
    // Easy is beatable by a beginner: the beginner wins a good share of games.
    assert!(percent(beginner_wins[0]) >= 20.0, "{beginner_wins:?}");
    // Each level loses strictly less often than the one below it, and unbeatable never.
    assert!(
        beginner_wins.windows(2).all(|pair| pair[0] > pair[1]),
        "{beginner_wins:?}"
    );
    assert_eq!(beginner_wins[3], 0);
}

/// The most positions (the main loop's and the threat search's) a proof from the empty board of a board of at
/// most `PROVED_UP_TO_CELLS` cells may take: a budget that a native search meets within a small part of its
/// default second and the browser's within the second (4x4 with 4 in a row, the hardest, takes about 30,000).
const PROOF_BUDGET: u64 = 100_000;

/// Unbeatable earns its name on every board of at most `PROVED_UP_TO_CELLS` cells, every k: from the empty board
/// the deepening search proves its result within `PROOF_BUDGET` positions. Counted, not timed (on a clock that
/// never moves), so that a busy machine cannot fail it.
#[test]
fn unbeatable_proves_its_moves_on_small_boards() {
    use tictactoe::engine::{think, Grid, Limits, Shape, StoppedClock, PROVED_UP_TO_CELLS};
    for rows in 3..=PROVED_UP_TO_CELLS / 3 {
        for cols in 3..=PROVED_UP_TO_CELLS / rows {
            for k in 3..=rows.max(cols) {
                let shape = Shape::new(rows, cols, k).unwrap();
                let thought = think(&Grid::empty(shape), Limits::default(), &mut StoppedClock);
                assert!(
                    thought.verdict.is_proved(),
                    "{shape}: {:?}",
                    thought.verdict
                );
                let positions = thought.nodes + thought.threat_nodes;
                assert!(positions <= PROOF_BUDGET, "{shape}: {positions} positions");
            }
        }
    }
}
