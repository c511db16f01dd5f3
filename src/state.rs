//! What one game on the page shows besides the game itself, as plain data: the problems shown above the board.

use crate::settings::Name;

/// What a problem shown above the board is about.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Topic {
    /// A setting's value that was not understood: a later change of that setting takes the problem back.
    Setting(Name),
    /// The page's `embed` parameter, which is not a setting of the game.
    Embed,
    /// The tally, which the browser's storage could not keep.
    Tally,
}

/// A sentence shown above the board, and what it is about.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Problem {
    /// What it is about.
    pub topic: Topic,
    /// What it says.
    pub sentence: String,
}

impl Problem {
    /// `sentence`, about `topic`.
    pub fn new(topic: Topic, sentence: impl Into<String>) -> Problem {
        Problem {
            topic,
            sentence: sentence.into(),
        }
    }

    /// The problems `Settings::read` found, each about its setting.
    pub fn of_settings(problems: Vec<(Name, String)>) -> Vec<Problem> {
        problems
            .into_iter()
            .map(|(name, sentence)| Problem::new(Topic::Setting(name), sentence))
            .collect()
    }
}
