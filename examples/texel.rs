//! Learns the evaluation's weights from games (Texel's tuning method): every quiet position of the games that
//! `examples/match.rs --games-out` wrote, labelled with the game's result for the side to move, and the weights
//! of `engine/src/weights.txt` fitted by logistic regression so that `1 / (1 + e^(-K * evaluation))` predicts
//! that result. Prints a new `weights.txt`.
//!
//! ```text
//! cargo run --release --example texel -- GAMES.tsv... [--from-ply 6] [--ridge 0.05] > engine/src/weights.txt
//! ```
//!
//! The evaluation is linear in the weights: a side's total is its features (`engine::evaluation_features`, the
//! patterns of its empty cells) weighted, and the side to move's evaluation is its total times `to_move`
//! hundredths less the opponent's. So the fit is a logistic regression on 11 numbers (`to_move` is kept): first
//! the scale `K` alone with the weights as they are (Texel's first step), then the weights by Newton's method,
//! each pulled towards its old value by a ridge (`--ridge`, relative to the old value), so that a feature the
//! quiet positions never show (a five) keeps its weight. A position is quiet when neither side can complete a
//! line and the side to move cannot make a four: the evaluation is not asked about the others, which the search
//! settles. Deterministic: the same games give the same weights.

#[cfg(not(target_arch = "wasm32"))]
fn main() {
    if let Err(problem) = native::main() {
        eprintln!("texel: {problem}");
        std::process::exit(2);
    }
}

/// Reads files, which wasm32 does not.
#[cfg(target_arch = "wasm32")]
fn main() {}

#[cfg(not(target_arch = "wasm32"))]
mod native {
    use tictactoe::engine::{
        evaluation_features, evaluation_weights, Grid, Player, Rule, Shape, EVALUATION_FEATURES,
    };

    /// The number of features.
    const N: usize = EVALUATION_FEATURES.len();
    /// Features' places: a five to complete, a four, an open four.
    const FIVE: usize = 7;
    const FOUR: usize = 5;
    const OPEN_FOUR: usize = 6;

    /// One quiet position: its features for the side to move (its own times `to_move` less the opponent's) and
    /// the game's result for that side (1 a win, 1/2 a draw, 0 a loss).
    struct Sample {
        x: [f64; N],
        y: f64,
    }

    pub fn main() -> Result<(), String> {
        let args: Vec<String> = std::env::args().skip(1).collect();
        let option = |name: &str| {
            args.iter()
                .position(|arg| arg == name)
                .and_then(|at| args.get(at + 1))
        };
        let from_ply: usize = option("--from-ply")
            .map_or(Ok(6), |v| v.parse())
            .map_err(|_| "--from-ply")?;
        let ridge: f64 = option("--ridge")
            .map_or(Ok(0.05), |v| v.parse())
            .map_err(|_| "--ridge")?;
        let standard = option("--rule").is_some_and(|rule| rule == "standard");
        let files: Vec<&String> = args
            .iter()
            .enumerate()
            .filter(|&(at, arg)| {
                !arg.starts_with("--") && (at == 0 || !args[at - 1].starts_with("--"))
            })
            .map(|(_, arg)| arg)
            .collect();
        let rule = if standard {
            Rule::Standard
        } else {
            Rule::Freestyle
        };
        let shape = Shape::new(15, 15, 5)
            .map_err(|e| e.to_string())?
            .with_rule(rule);
        let to_move = f64::from(evaluation_weights().to_move) / 100.0;
        let mut samples = Vec::new();
        let mut games = 0;
        for file in &files {
            let text = std::fs::read_to_string(file).map_err(|e| format!("{file}: {e}"))?;
            for line in text.lines().skip(1) {
                games += usize::from(read_game(line, shape, from_ply, to_move, &mut samples)?);
            }
        }
        if samples.is_empty() {
            return Err(
                "no quiet positions: name files that match.rs --games-out wrote".to_owned(),
            );
        }
        let old: [f64; N] = evaluation_weights().features.map(f64::from);
        let k = fit_scale(&samples, &old);
        let before = loss(&samples, &old, k);
        let new = fit_weights(&samples, &old, k, ridge);
        let after = loss(&samples, &new, k);
        print_weights(
            &new,
            (games, samples.len(), from_ply, ridge),
            k,
            (before, after),
        );
        Ok(())
    }

    /// Adds the quiet positions of one game line to `samples`; whether the line was a game with a result.
    fn read_game(
        line: &str,
        shape: Shape,
        from_ply: usize,
        to_move: f64,
        samples: &mut Vec<Sample>,
    ) -> Result<bool, String> {
        let fields: Vec<&str> = line.split('\t').collect();
        let (Some(&first), Some(&result), Some(&moves)) =
            (fields.get(2), fields.get(3), fields.get(5))
        else {
            return Ok(false);
        };
        // The first player's result.
        let first_result = match (result, first) {
            ("draw", _) => 0.5,
            ("A won", "A") | ("B won", "B") => 1.0,
            ("A won", "B") | ("B won", "A") => 0.0,
            _ => return Ok(false),
        };
        let mut grid = Grid::empty(shape);
        for (ply, point) in moves.split_whitespace().enumerate() {
            let (x, y) = point.split_once(',').ok_or(format!("bad move {point}"))?;
            let cell = |n: &str| n.parse::<usize>().map_err(|_| format!("bad move {point}"));
            grid = grid
                .try_play(cell(y)? * 15 + cell(x)?)
                .map_err(|e| format!("{point}: {e:?}"))?;
            if grid.is_over() {
                break;
            }
            if ply + 1 < from_ply {
                continue;
            }
            let mover = grid.to_move();
            let features = evaluation_features(&grid);
            let (mine, theirs) = (
                features[mover as usize],
                features[mover.opponent() as usize],
            );
            let quiet = mine[FIVE] + theirs[FIVE] + mine[FOUR] + mine[OPEN_FOUR] == 0;
            if quiet {
                let y = if mover == Player::X {
                    first_result
                } else {
                    1.0 - first_result
                };
                let x =
                    std::array::from_fn(|f| to_move * f64::from(mine[f]) - f64::from(theirs[f]));
                samples.push(Sample { x, y });
            }
        }
        Ok(true)
    }

    fn sigmoid(t: f64) -> f64 {
        1.0 / (1.0 + (-t).exp())
    }

    fn dot(a: &[f64; N], b: &[f64; N]) -> f64 {
        a.iter().zip(b).map(|(a, b)| a * b).sum()
    }

    /// The mean cross-entropy of the predictions with weights `w` and scale `k`.
    fn loss(samples: &[Sample], w: &[f64; N], k: f64) -> f64 {
        let total: f64 = samples
            .iter()
            .map(|s| {
                let p = sigmoid(k * dot(w, &s.x)).clamp(1e-12, 1.0 - 1e-12);
                -(s.y * p.ln() + (1.0 - s.y) * (1.0 - p).ln())
            })
            .sum();
        total / samples.len() as f64
    }

    /// The scale `K` that fits the weights `w` best, by a search over its logarithm.
    fn fit_scale(samples: &[Sample], w: &[f64; N]) -> f64 {
        let (mut low, mut high) = ((1e-6f64).ln(), (1.0f64).ln());
        for _ in 0..100 {
            let (a, b) = (low + (high - low) / 3.0, high - (high - low) / 3.0);
            if loss(samples, w, a.exp()) < loss(samples, w, b.exp()) {
                high = b;
            } else {
                low = a;
            }
        }
        ((low + high) / 2.0).exp()
    }

    /// The weights that minimise the cross-entropy at scale `k` plus `ridge` times the squared relative change of
    /// each weight from `old`, by Newton's method; rounded and at least 0.
    fn fit_weights(samples: &[Sample], old: &[f64; N], k: f64, ridge: f64) -> [f64; N] {
        let n = samples.len() as f64;
        let mut w = *old;
        for _ in 0..50 {
            let mut gradient = [0.0; N];
            let mut hessian = [[0.0; N]; N];
            for s in samples {
                let p = sigmoid(k * dot(&w, &s.x));
                let curvature = p * (1.0 - p) * k * k;
                for (i, row) in hessian.iter_mut().enumerate() {
                    gradient[i] += (p - s.y) * k * s.x[i] / n;
                    for (cell, x) in row.iter_mut().zip(&s.x) {
                        *cell += curvature * s.x[i] * x / n;
                    }
                }
            }
            for i in 0..N {
                let scale = old[i].max(1.0);
                gradient[i] += 2.0 * ridge * (w[i] - old[i]) / (scale * scale);
                hessian[i][i] += 2.0 * ridge / (scale * scale);
            }
            let step = solve(hessian, gradient);
            let mut largest: f64 = 0.0;
            for i in 0..N {
                w[i] = (w[i] - step[i]).max(0.0);
                largest = largest.max(step[i].abs());
            }
            if largest < 1e-3 {
                break;
            }
        }
        w.map(f64::round)
    }

    /// `x` with `a x = b`, by Gaussian elimination with partial pivoting (`a` is positive definite here).
    fn solve(mut a: [[f64; N]; N], mut b: [f64; N]) -> [f64; N] {
        for col in 0..N {
            let pivot = (col..N)
                .max_by(|&i, &j| a[i][col].abs().total_cmp(&a[j][col].abs()))
                .unwrap_or(col);
            a.swap(col, pivot);
            b.swap(col, pivot);
            for row in col + 1..N {
                let factor = a[row][col] / a[col][col];
                let pivot_row = a[col];
                for (cell, above) in a[row][col..].iter_mut().zip(&pivot_row[col..]) {
                    *cell -= factor * above;
                }
                b[row] -= factor * b[col];
            }
        }
        let mut x = [0.0; N];
        for row in (0..N).rev() {
            let rest: f64 = (row + 1..N).map(|c| a[row][c] * x[c]).sum();
            x[row] = (b[row] - rest) / a[row][row];
        }
        x
    }

    /// The new `weights.txt`, with how it was learned.
    fn print_weights(
        w: &[f64; N],
        (games, positions, from_ply, ridge): (usize, usize, usize, f64),
        k: f64,
        (before, after): (f64, f64),
    ) {
        println!("# The evaluation's weights (engine/src/lines.rs): what a pattern in one line adds to a cell's worth to a side,");
        println!("# and what a cell where the side makes two fours, a four and an open three, or two open threes adds.");
        println!("# Learned by `cargo run --release --example texel -- GAMES.tsv... --from-ply {from_ply} --ridge {ridge}`");
        println!("# from {positions} quiet positions of {games} games: scale K = {k:.6}, cross-entropy {before:.4} before, {after:.4} after.");
        for (name, weight) in EVALUATION_FEATURES.iter().zip(w) {
            println!("{name} {weight:.0}");
        }
        println!("# What the side to move's total counts, in hundredths of the opponent's: chosen by matches, kept by texel.");
        println!("to_move {}", evaluation_weights().to_move);
    }
}
