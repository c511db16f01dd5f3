//! The names of the settings, as URLs, attributes and options spell them, and the order in which settings given
//! together are read.

use super::quote::quote;
use std::fmt;
use std::str::FromStr;

/// A setting's name: what a URL parameter, an attribute of `<tic-tac-toe>` or an option of `mount` is called.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Name {
    /// The side the person plays against the computer.
    Human,
    /// Against the computer or a friend.
    Mode,
    /// How far ahead the computer looks.
    Level,
    /// The position the game starts from.
    Position,
    /// The computer's pause before it answers.
    Delay,
    /// The move scores panel.
    Scores,
    /// The game tree panel.
    Tree,
    /// The search statistics panel.
    Stats,
    /// The step-through of alpha-beta.
    Step,
    /// Depth-aware or plain scores.
    Scoring,
    /// The board's rows and columns.
    Board,
    /// How many in a row win.
    K,
    /// Whether more than that many in a row win too (free-style) or not (standard).
    Rule,
    /// The computer's time per move on a bigger board.
    Think,
    /// Whether positions at the search's horizon are evaluated.
    Eval,
    /// The depth each iteration of a bigger board's search reached.
    Horizon,
    /// The "Practise alpha-beta" panel, and what it practises on.
    Practice,
    /// The levels of the practice's abstract tree.
    Depth,
    /// The children of each inner node of the practice's abstract tree.
    Branching,
    /// The seed the practice's abstract tree's leaves are drawn from.
    Seed,
    /// The groups of controls a game in a post keeps in view (the rest are under "Settings").
    Controls,
    /// The game's colours: the system's, light or dark.
    Theme,
    /// A teacher's own tree, written out, to practise alpha-beta on and step through.
    Leaves,
}

impl Name {
    /// Every setting, in the order the JS API lists them.
    pub const ALL: [Name; 23] = [
        Name::Human,
        Name::Mode,
        Name::Level,
        Name::Position,
        Name::Delay,
        Name::Scores,
        Name::Tree,
        Name::Stats,
        Name::Step,
        Name::Scoring,
        Name::Board,
        Name::K,
        Name::Rule,
        Name::Think,
        Name::Eval,
        Name::Horizon,
        Name::Practice,
        Name::Depth,
        Name::Branching,
        Name::Seed,
        Name::Controls,
        Name::Theme,
        Name::Leaves,
    ];

    /// The name as URLs, attributes and options spell it.
    pub const fn as_str(self) -> &'static str {
        match self {
            Name::Human => "human",
            Name::Mode => "mode",
            Name::Level => "level",
            Name::Position => "position",
            Name::Delay => "delay",
            Name::Scores => "scores",
            Name::Tree => "tree",
            Name::Stats => "stats",
            Name::Step => "step",
            Name::Scoring => "scoring",
            Name::Board => "board",
            Name::K => "k",
            Name::Rule => "rule",
            Name::Think => "think",
            Name::Eval => "eval",
            Name::Horizon => "horizon",
            Name::Practice => "practice",
            Name::Depth => "depth",
            Name::Branching => "branching",
            Name::Seed => "seed",
            Name::Controls => "controls",
            Name::Theme => "theme",
            Name::Leaves => "leaves",
        }
    }

    /// Where the setting comes when several are read at once: the board first, then how many in a row and the
    /// rule, then the rest, so that a position is read on the board the settings ask for, wherever they say it.
    const fn reading_rank(self) -> u8 {
        match self {
            Name::Board => 0,
            Name::K | Name::Rule => 1,
            _ => 2,
        }
    }

    /// Every name, joined for a sentence: "human, mode, level, ...".
    pub fn listed() -> String {
        Name::ALL.map(Name::as_str).join(", ")
    }
}

impl fmt::Display for Name {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

/// A name that is no setting's.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct UnknownName(pub String);

impl fmt::Display for UnknownName {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "unknown setting {}: the settings are {}",
            quote(&self.0),
            Name::listed()
        )
    }
}

impl std::error::Error for UnknownName {}

impl FromStr for Name {
    type Err = UnknownName;

    /// The setting spelt `text`, exactly (pages and links add names of their own, which are not settings).
    fn from_str(text: &str) -> Result<Name, UnknownName> {
        Name::ALL
            .into_iter()
            .find(|name| name.as_str() == text)
            .ok_or_else(|| UnknownName(text.to_owned()))
    }
}

/// `items` in the order settings are read: the board first, then how many in a row, then the rest (names that are
/// no setting's among them) in the order given. `name` says which setting an item is, if any.
pub fn in_reading_order<'a, T>(
    items: &'a [T],
    name: impl Fn(&T) -> Option<Name> + Copy + 'a,
) -> impl Iterator<Item = &'a T> {
    let rank = move |item: &T| name(item).map_or(2, Name::reading_rank);
    (0..=2).flat_map(move |wanted| items.iter().filter(move |item| rank(item) == wanted))
}

#[cfg(test)]
mod tests {
    use super::*;

    /// `<tic-tac-toe>` watches an attribute for every setting: one left out of its list would be read when the
    /// element is mounted and never again when it changes.
    #[test]
    fn the_element_watches_every_setting() {
        let script = include_str!("../../www/tic-tac-toe.js");
        let list = &script[script.find("const ATTRIBUTES = [").expect("the list")..];
        let list = &list[..list.find("];").expect("its end")];
        let watched: Vec<&str> = list.split('"').skip(1).step_by(2).collect();
        let names: Vec<&str> = Name::ALL.iter().map(|name| name.as_str()).collect();
        assert_eq!(watched, names);
    }

    #[test]
    fn names_read_back_as_they_are_written_and_nothing_else() {
        for name in Name::ALL {
            assert_eq!(name.to_string().parse::<Name>(), Ok(name));
        }
        // Exactly as URLs spell them: another case or a space is a page's own name.
        for other in ["Level", " level", "utm_source", "embed", ""] {
            assert_eq!(other.parse::<Name>(), Err(UnknownName(other.to_owned())));
        }
        assert_eq!(
            Name::listed(),
            "human, mode, level, position, delay, scores, tree, stats, step, scoring, board, k, rule, think, eval, \
             horizon, practice, depth, branching, seed, controls, theme, leaves"
        );
    }

    #[test]
    fn the_board_is_read_first_then_k_then_the_rest_in_their_order() {
        let given = ["position", "utm", "k", "level", "board", "k"];
        let read: Vec<&str> = in_reading_order(&given, |name| name.parse().ok())
            .copied()
            .collect();
        assert_eq!(read, ["board", "k", "k", "position", "utm", "level"]);
    }
}
