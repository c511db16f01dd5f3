//! Why a setting's value was refused, as a sentence for the person reading the page.

use super::name::Name;
use super::quote::quote;
use crate::engine::Shape;

/// The sentence for `value` of the parameter `name` that is not understood: `level="x" is not understood: it must
/// be ... .`
pub fn not_understood(name: &str, value: &str, expected: &str) -> String {
    format!("{name}={}", verdict(value, expected))
}

/// `"x" is not understood: it must be ... .`
fn verdict(value: &str, expected: &str) -> String {
    format!("{} is not understood: {expected}.", quote(value))
}

/// A setting's value that is not one it takes: which setting, the value as it came, and why.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SettingError {
    name: Name,
    value: String,
    why: Refusal,
}

/// Why a value was refused.
#[derive(Clone, Debug, PartialEq, Eq)]
enum Refusal {
    /// It is none of the values the setting takes, on any board: what it takes, and what is used instead.
    Takes {
        expected: &'static str,
        default: &'static str,
    },
    /// It is not a k the board takes: what a board takes depends on its sides, so the sentence is made for the
    /// board the value was read on.
    K,
    /// It is not a position on the board it was read on (the engine's sentence).
    Position(String),
}

impl SettingError {
    /// `value` of setting `name` is not one it takes: it takes what `expected` says, and `default` says what is
    /// used instead.
    pub(super) fn takes(
        name: Name,
        value: &str,
        expected: &'static str,
        default: &'static str,
    ) -> SettingError {
        SettingError {
            name,
            value: value.to_owned(),
            why: Refusal::Takes { expected, default },
        }
    }

    /// `value` is not a board: `ROWSxCOLS`, each from 3 to 15.
    pub(super) fn board(value: &str) -> SettingError {
        SettingError::takes(
            Name::Board,
            value,
            "it must be ROWSxCOLS, each from 3 to 15, such as 4x4",
            "The board is 3x3.",
        )
    }

    /// `value` is not a k the board takes.
    pub(super) fn k(value: &str) -> SettingError {
        SettingError {
            name: Name::K,
            value: value.to_owned(),
            why: Refusal::K,
        }
    }

    /// `value` is not a position on the board, for the reason `sentence` gives.
    pub(super) fn position(value: &str, sentence: String) -> SettingError {
        SettingError {
            name: Name::Position,
            value: value.to_owned(),
            why: Refusal::Position(sentence),
        }
    }

    /// The setting that refused the value.
    pub fn name(&self) -> Name {
        self.name
    }

    /// The sentence, `level="x" is not understood: ...`, for a value read on a board of `shape` (the board decides
    /// what a k may be).
    pub fn message(&self, shape: Shape) -> String {
        format!("{}={}", self.name, self.verdict(shape))
    }

    /// The sentence, followed by what is used instead.
    pub fn with_default(&self, shape: Shape) -> String {
        let default = match &self.why {
            Refusal::Takes { default, .. } => default,
            Refusal::K => "The board's default is used.",
            Refusal::Position(_) => "The game starts from the empty board.",
        };
        format!("{} {default}", self.message(shape))
    }

    /// The sentence for a value typed into the setting's own field, which needs no name and changes nothing:
    /// `"5" is not understood: ... Nothing changed.`
    pub fn typed(&self, shape: Shape) -> String {
        format!("{} Nothing changed.", self.verdict(shape))
    }

    /// What was wrong with the value: `"5" is not understood: ...`.
    fn verdict(&self, shape: Shape) -> String {
        match &self.why {
            Refusal::Takes { expected, .. } => verdict(&self.value, expected),
            Refusal::K => verdict(&self.value, &k_expected(shape)),
            Refusal::Position(sentence) => verdict(&self.value, sentence),
        }
    }
}

/// What the k of a board of `shape` may be.
fn k_expected(shape: Shape) -> String {
    let longer = shape.rows().max(shape.cols());
    if longer == 3 {
        "on a 3x3 board it must be 3 (a bigger board takes board=, such as board=4x4)".to_owned()
    } else {
        format!("it must be a number from 3 to {longer}, the board's longer side")
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn what_a_k_may_be_is_said_in_the_terms_of_its_board() {
        let error = SettingError::k("three");
        assert_eq!(
            error.with_default(Shape::CLASSIC),
            "k=\"three\" is not understood: on a 3x3 board it must be 3 (a bigger board takes board=, such as \
             board=4x4). The board's default is used."
        );
        assert_eq!(
            error.message(Shape::new(4, 5, 4).unwrap()),
            "k=\"three\" is not understood: it must be a number from 3 to 5, the board's longer side."
        );
        assert_eq!(error.name(), Name::K);
    }
}
