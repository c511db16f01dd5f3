//! What the page asks its search worker and what the worker answers (also what `think()` resolves to), as plain
//! values written and read here, so that the round trip is tested natively; the web layer only copies a [`Plain`]
//! to and from JavaScript.

use crate::engine::{
    Forced, ForcedKind, Grid, Iteration, Limits, Outcome, Player, Score, Thought, Value,
};

/// A value made of plain data, as `postMessage` copies it: what a JavaScript object holds, without functions.
#[derive(Clone, Debug, PartialEq)]
pub enum Plain {
    Null,
    Bool(bool),
    Number(f64),
    Text(String),
    List(Vec<Plain>),
    /// An object's properties, in order.
    Object(Vec<(String, Plain)>),
}

impl Plain {
    fn object<const N: usize>(properties: [(&str, Plain); N]) -> Plain {
        Plain::Object(
            properties
                .map(|(name, value)| (name.to_owned(), value))
                .to_vec(),
        )
    }

    /// Adds `more` properties to an object (to nothing else).
    fn with(mut self, more: impl IntoIterator<Item = (&'static str, Plain)>) -> Plain {
        if let Plain::Object(properties) = &mut self {
            properties.extend(
                more.into_iter()
                    .map(|(name, value)| (name.to_owned(), value)),
            );
        }
        self
    }

    /// The property `name` of an object; `None` for a missing property or something other than an object.
    fn get(&self, name: &str) -> Option<&Plain> {
        match self {
            Plain::Object(properties) => properties
                .iter()
                .find(|(key, _)| key == name)
                .map(|(_, value)| value),
            _ => None,
        }
    }

    fn number(&self, name: &str) -> Option<f64> {
        match self.get(name)? {
            Plain::Number(number) => Some(*number),
            _ => None,
        }
    }

    /// A count or a cell: a whole number that is not negative.
    fn whole(&self, name: &str) -> Option<u64> {
        let number = self.number(name)?;
        (number >= 0.0 && number.fract() == 0.0).then_some(number as u64)
    }

    fn flag(&self, name: &str) -> Option<bool> {
        match self.get(name)? {
            Plain::Bool(flag) => Some(*flag),
            _ => None,
        }
    }

    fn text(&self, name: &str) -> Option<&str> {
        match self.get(name)? {
            Plain::Text(text) => Some(text),
            _ => None,
        }
    }

    fn list(&self, name: &str) -> Option<&[Plain]> {
        match self.get(name)? {
            Plain::List(items) => Some(items),
            _ => None,
        }
    }
}

impl From<bool> for Plain {
    fn from(flag: bool) -> Plain {
        Plain::Bool(flag)
    }
}

impl From<u32> for Plain {
    fn from(number: u32) -> Plain {
        Plain::Number(number.into())
    }
}

impl From<u64> for Plain {
    // Counts of positions stay far below 2^53, where a JavaScript number is exact.
    #[expect(clippy::cast_precision_loss, reason = "counts stay below 2^53")]
    fn from(number: u64) -> Plain {
        Plain::Number(number as f64)
    }
}

impl From<usize> for Plain {
    fn from(number: usize) -> Plain {
        Plain::from(number as u64)
    }
}

impl From<f64> for Plain {
    fn from(number: f64) -> Plain {
        Plain::Number(number)
    }
}

impl From<&str> for Plain {
    fn from(text: &str) -> Plain {
        Plain::Text(text.to_owned())
    }
}

impl<T: Into<Plain>> From<Option<T>> for Plain {
    fn from(value: Option<T>) -> Plain {
        value.map_or(Plain::Null, Into::into)
    }
}

/// What a worker is asked to search for.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Query {
    /// How long and how deep.
    pub limits: Limits,
    /// Every legal move's verdict (for the scores on the squares) rather than the best move.
    pub moves: bool,
}

/// The worker's request: `position`, the options of `thinkNow` for `query` on its board, and `sentAt`, when it
/// was sent by the clock page and worker share (the worker takes the time the request waited from the search's).
pub fn request(position: &Grid, query: Query, sent_at: f64) -> Plain {
    let limits = query.limits;
    let options = Plain::object([
        ("k", position.shape().k().into()),
        ("rule", position.shape().rule().name().into()),
        ("timeMs", limits.time_ms.into()),
        ("depth", limits.max_depth.into()),
        ("evaluation", limits.evaluation.into()),
        ("moves", query.moves.into()),
    ]);
    Plain::object([
        ("position", position.to_string().as_str().into()),
        ("options", options),
        ("sentAt", sent_at.into()),
    ])
}

/// The answer of a search that could not run: `{ error }`.
pub fn error(sentence: &str) -> Plain {
    Plain::object([("error", sentence.into())])
}

/// The sentence of an `{ error }` answer, if it is one.
pub fn error_of(answer: &Plain) -> Option<String> {
    answer.text("error").map(str::to_owned)
}

/// Cells as JavaScript gets them: a list of numbers.
pub fn cells(cells: &[usize]) -> Plain {
    Plain::List(cells.iter().map(|&cell| cell.into()).collect())
}

/// A verdict's properties: `proved`, and `outcome` and `plies` when proved, `estimate` when not.
fn verdict(verdict: &Score) -> Vec<(&'static str, Plain)> {
    match verdict {
        Score::Proved(value) => vec![
            ("proved", true.into()),
            ("outcome", value.outcome.as_str().into()),
            ("plies", value.plies.into()),
        ],
        Score::Estimate(score) => vec![
            ("proved", false.into()),
            ("estimate", f64::from(*score).into()),
        ],
    }
}

/// Every move's verdict: `{ moves: [{ cell, proved, outcome, plies, estimate }] }`.
pub fn moves(moves: &[(usize, Score)]) -> Plain {
    let list = moves
        .iter()
        .map(|(cell, score)| Plain::object([("cell", (*cell).into())]).with(verdict(score)))
        .collect();
    Plain::object([("moves", Plain::List(list))])
}

/// A forced win: `null`, or `{ winner, kind, plies, positions, line }`, `winner` `"X"` or `"O"`, `kind`
/// `"fours"` (continuous fours) or `"foursAndThrees"`.
fn forced(forced: Option<&Forced>) -> Plain {
    let Some(forced) = forced else {
        return Plain::Null;
    };
    let kind = match forced.kind {
        ForcedKind::Fours => "fours",
        ForcedKind::FoursAndThrees => "foursAndThrees",
    };
    Plain::object([
        ("winner", forced.winner.name().into()),
        ("kind", kind.into()),
        ("plies", forced.plies.into()),
        ("positions", forced.positions.into()),
        ("line", cells(&forced.line)),
    ])
}

/// What a search found: `move`, `proved`, `outcome` and `plies` (when proved) or `estimate` (when not), `depth`,
/// `nodes`, `timeMs`, `tableHits`, `cutoffs`, `firstMoveCutoffs`, `line`, `timedOut`, `iterations` (one per
/// search of the deepening: `depth`, its own `nodes` and `timeMs`, `move`, `stopped` (by the clock) and, when not
/// stopped, the verdict's), `forced` (a forced win found, see `forced`) and `threatNodes` (the threat search's
/// positions, not counted in `nodes`).
pub fn thought(thought: &Thought) -> Plain {
    let iterations = thought
        .iterations
        .iter()
        .map(|iteration| {
            let read = Plain::object([
                ("depth", iteration.depth.into()),
                ("nodes", iteration.nodes.into()),
                ("timeMs", iteration.ms.into()),
                ("move", iteration.best.into()),
                ("stopped", iteration.verdict.is_none().into()),
            ]);
            match &iteration.verdict {
                Some(score) => read.with(verdict(score)),
                None => read,
            }
        })
        .collect();
    Plain::object([("move", thought.best.into())])
        .with(verdict(&thought.verdict))
        .with([
            ("depth", thought.depth.into()),
            ("nodes", thought.nodes.into()),
            ("timeMs", thought.elapsed_ms.into()),
            ("tableHits", thought.table_hits.into()),
            ("cutoffs", thought.cutoffs.into()),
            ("firstMoveCutoffs", thought.first_move_cutoffs.into()),
            ("line", cells(&thought.line)),
            ("timedOut", thought.timed_out.into()),
            ("iterations", Plain::List(iterations)),
            ("forced", forced(thought.forced.as_ref())),
            ("threatNodes", thought.threat_nodes.into()),
        ])
}

/// Why an answer could not be read: it comes from this module's own code in the worker, so a property that is
/// missing or of the wrong type means the worker failed.
const NO_ANSWER: &str = "the search in the worker gave no answer";

/// An answer of the worker read back: what it found, or the sentence of why it could not search.
pub fn thought_from(answer: &Plain) -> Result<Thought, String> {
    if let Some(error) = error_of(answer) {
        return Err(error);
    }
    read_thought(answer).ok_or_else(|| NO_ANSWER.to_owned())
}

/// Every move's verdict, as the worker answered a request for `moves`.
pub fn moves_from(answer: &Plain) -> Result<Vec<(usize, Score)>, String> {
    if let Some(error) = error_of(answer) {
        return Err(error);
    }
    let read = |entry: &Plain| Some((entry.whole("cell")? as usize, verdict_from(entry)?));
    answer
        .list("moves")
        .and_then(|moves| moves.iter().map(read).collect())
        .ok_or_else(|| NO_ANSWER.to_owned())
}

fn read_thought(answer: &Plain) -> Option<Thought> {
    let iterations = answer
        .list("iterations")?
        .iter()
        .map(|iteration| {
            Some(Iteration {
                depth: iteration.whole("depth")? as u32,
                nodes: iteration.whole("nodes")?,
                ms: iteration.number("timeMs")?,
                best: cell_from(iteration, "move")?,
                verdict: if iteration.flag("stopped")? {
                    None
                } else {
                    Some(verdict_from(iteration)?)
                },
            })
        })
        .collect::<Option<Vec<_>>>()?;
    Some(Thought {
        best: cell_from(answer, "move")?,
        verdict: verdict_from(answer)?,
        depth: answer.whole("depth")? as u32,
        nodes: answer.whole("nodes")?,
        elapsed_ms: answer.number("timeMs")?,
        iterations,
        table_hits: answer.whole("tableHits")?,
        cutoffs: answer.whole("cutoffs")?,
        first_move_cutoffs: answer.whole("firstMoveCutoffs")?,
        line: cells_from(answer.list("line")?)?,
        timed_out: answer.flag("timedOut")?,
        forced: forced_from(answer.get("forced")?)?,
        threat_nodes: answer.whole("threatNodes")?,
    })
}

/// A cell or `null`: `Some(None)` for `null`, `None` for anything else but a cell.
fn cell_from(object: &Plain, name: &str) -> Option<Option<usize>> {
    match object.get(name)? {
        Plain::Null => Some(None),
        _ => Some(Some(object.whole(name)? as usize)),
    }
}

fn cells_from(list: &[Plain]) -> Option<Vec<usize>> {
    list.iter()
        .map(|cell| match cell {
            Plain::Number(cell) if *cell >= 0.0 && cell.fract() == 0.0 => Some(*cell as usize),
            _ => None,
        })
        .collect()
}

fn verdict_from(object: &Plain) -> Option<Score> {
    if !object.flag("proved")? {
        return Some(Score::Estimate(object.number("estimate")? as i32));
    }
    let outcome = match object.text("outcome")? {
        "win" => Outcome::Win,
        "draw" => Outcome::Draw,
        "loss" => Outcome::Loss,
        _ => return None,
    };
    Some(Score::Proved(Value {
        outcome,
        plies: object.whole("plies")? as u32,
    }))
}

/// A forced win read back: `Some(None)` for `null`.
fn forced_from(value: &Plain) -> Option<Option<Forced>> {
    if *value == Plain::Null {
        return Some(None);
    }
    let winner = match value.text("winner")? {
        "X" => Player::X,
        "O" => Player::O,
        _ => return None,
    };
    let kind = match value.text("kind")? {
        "fours" => ForcedKind::Fours,
        "foursAndThrees" => ForcedKind::FoursAndThrees,
        _ => return None,
    };
    Some(Some(Forced {
        winner,
        kind,
        plies: value.whole("plies")? as u32,
        positions: value.whole("positions")?,
        line: cells_from(value.list("line")?)?,
    }))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::{think, think_moves, Shape, StoppedClock};
    use crate::settings::grid_from_text;

    fn position(text: &str) -> Grid {
        grid_from_text(text, None).expect("a position")
    }

    /// Answers of every kind: proved (3x3), estimated, with a stopped iteration, with a forced win.
    fn thoughts() -> Vec<Thought> {
        let at = |text: &str, depth: u32| {
            let limits = Limits {
                max_depth: Some(depth),
                ..Limits::default()
            };
            think(&position(text), limits, &mut StoppedClock)
        };
        let mut thoughts = vec![at("X...O....", 9), at("..../.X../..O./....", 3)];
        // A stopped iteration and a time in milliseconds that is not whole.
        let mut stopped = thoughts[1].clone();
        stopped.iterations.push(Iteration {
            depth: 4,
            nodes: 17,
            ms: 0.25,
            best: None,
            verdict: None,
        });
        stopped.elapsed_ms = 12.5;
        // A forced win, as the threat search reports one.
        let mut forced = thoughts[1].clone();
        forced.forced = Some(Forced {
            winner: Player::O,
            kind: ForcedKind::FoursAndThrees,
            plies: 7,
            positions: 1_240,
            line: vec![5, 6, 9, 10],
        });
        thoughts.push(stopped);
        thoughts.push(forced);
        thoughts
    }

    #[test]
    fn a_thought_comes_back_as_it_went() {
        let thoughts = thoughts();
        assert!(thoughts
            .iter()
            .any(|t| matches!(t.verdict, Score::Proved(_))));
        assert!(thoughts
            .iter()
            .any(|t| matches!(t.verdict, Score::Estimate(_))));
        assert!(
            thoughts.iter().any(|t| t.forced.is_some()),
            "a forced win among them"
        );
        for sent in thoughts {
            assert_eq!(thought_from(&thought(&sent)), Ok(sent));
        }
    }

    #[test]
    fn every_moves_verdict_comes_back_as_it_went() {
        for text in ["X...O....", "..../.X../..O./...."] {
            let limits = Limits {
                max_depth: Some(3),
                ..Limits::default()
            };
            let sent = think_moves(&position(text), limits, &mut StoppedClock).moves;
            assert!(!sent.is_empty());
            assert_eq!(moves_from(&moves(&sent)), Ok(sent));
        }
    }

    #[test]
    fn the_answer_has_the_names_think_documents() {
        let names = |plain: &Plain| match plain {
            Plain::Object(properties) => properties
                .iter()
                .map(|(name, _)| name.clone())
                .collect::<Vec<_>>(),
            _ => Vec::new(),
        };
        let proved = thought(&thoughts()[0]);
        assert_eq!(
            names(&proved),
            [
                "move",
                "proved",
                "outcome",
                "plies",
                "depth",
                "nodes",
                "timeMs",
                "tableHits",
                "cutoffs",
                "firstMoveCutoffs",
                "line",
                "timedOut",
                "iterations",
                "forced",
                "threatNodes"
            ]
        );
        assert_eq!(proved.get("outcome"), Some(&Plain::Text("draw".to_owned())));
        let estimated = thought(&thoughts()[1]);
        assert!(estimated.get("estimate").is_some() && estimated.get("outcome").is_none());
        let request = request(
            &position("..../.X../..O./...."),
            Query {
                limits: Limits::default(),
                moves: true,
            },
            5.0,
        );
        assert_eq!(names(&request), ["position", "options", "sentAt"]);
        let options = request.get("options").expect("options");
        assert_eq!(
            names(options),
            ["k", "rule", "timeMs", "depth", "evaluation", "moves"]
        );
        assert_eq!(options.get("k"), Some(&Plain::Number(4.0)));
        assert_eq!(
            options.get("rule"),
            Some(&Plain::Text("freestyle".to_owned()))
        );
        assert_eq!(options.get("depth"), Some(&Plain::Null));
        assert_eq!(Shape::CLASSIC.k(), 3);
    }

    #[test]
    fn an_error_or_a_broken_answer_is_a_sentence() {
        let sentence = "the worker did not start";
        assert_eq!(thought_from(&error(sentence)), Err(sentence.to_owned()));
        assert_eq!(moves_from(&error(sentence)), Err(sentence.to_owned()));
        let whole = thought(&thoughts()[0]);
        let Plain::Object(properties) = &whole else {
            panic!("an object")
        };
        // Each property missing, or of the wrong type, makes the answer unreadable rather than wrong.
        for index in 0..properties.len() {
            let mut missing = properties.clone();
            missing.remove(index);
            assert_eq!(
                thought_from(&Plain::Object(missing)),
                Err(NO_ANSWER.to_owned()),
                "{index}"
            );
            let mut wrong = properties.clone();
            wrong[index].1 = Plain::Text("?".to_owned());
            assert_eq!(
                thought_from(&Plain::Object(wrong)),
                Err(NO_ANSWER.to_owned()),
                "{index}"
            );
        }
        for broken in [Plain::Null, Plain::Number(1.0), Plain::List(Vec::new())] {
            assert_eq!(thought_from(&broken), Err(NO_ANSWER.to_owned()));
            assert_eq!(moves_from(&broken), Err(NO_ANSWER.to_owned()));
        }
        let negative = Plain::object([(
            "moves",
            Plain::List(vec![Plain::object([("cell", (-1.0).into())])]),
        )]);
        assert_eq!(moves_from(&negative), Err(NO_ANSWER.to_owned()));
    }
}
