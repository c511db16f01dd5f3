//! A change of one setting, typed, with its text form both ways (`"level=hard"`): read once, where the text comes
//! in (a URL, an attribute, an option, a control), so that the game only ever sees typed changes, or a
//! [`SettingError`] saying which setting refused what and why.

use super::controls::Controls;
use super::error::SettingError;
use super::layout::{is_board, Layout};
use super::name::{Name, UnknownName};
use crate::engine::{Level, Player, Rule, Scoring};
use std::fmt;
use std::str::FromStr;

/// The computer's pause before it answers, when nothing else is asked for.
pub const DEFAULT_DELAY_MS: u32 = 350;

/// The longest pause that may be asked for.
pub const MAX_DELAY_MS: u32 = 10_000;

/// The computer's time per move on a board it cannot search to the end at once, when nothing else is asked for.
pub const DEFAULT_THINK_MS: u32 = 1_000;

/// The shortest and longest times per move that may be asked for.
pub const THINK_RANGE_MS: (u32, u32) = (10, 60_000);

/// Who the person plays against.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Mode {
    /// The computer plays the other side.
    Computer,
    /// Two people take turns on the same device.
    Friend,
}

impl Mode {
    /// The mode's name, as URLs spell it.
    pub const fn name(self) -> &'static str {
        match self {
            Mode::Computer => "computer",
            Mode::Friend => "friend",
        }
    }

    /// The mode named `name` (any case).
    pub fn from_name(name: &str) -> Option<Mode> {
        [Mode::Computer, Mode::Friend]
            .into_iter()
            .find(|mode| mode.name().eq_ignore_ascii_case(name.trim_ascii()))
    }
}

/// The game's colours.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum Theme {
    /// Light or dark as the reader's system says.
    #[default]
    Auto,
    /// Light whatever the system says (a light blog read on a dark system).
    Light,
    /// Dark whatever the system says (a dark blog read on a light system).
    Dark,
}

impl Theme {
    /// The theme's name, as URLs spell it.
    pub const fn name(self) -> &'static str {
        match self {
            Theme::Auto => "auto",
            Theme::Light => "light",
            Theme::Dark => "dark",
        }
    }

    /// The theme named `name` (any case).
    pub fn from_name(name: &str) -> Option<Theme> {
        [Theme::Auto, Theme::Light, Theme::Dark]
            .into_iter()
            .find(|theme| theme.name().eq_ignore_ascii_case(name.trim_ascii()))
    }
}

/// A panel that shows how minimax thinks, shown or hidden by a switch of its own.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Panel {
    /// Each empty square shows the value of playing there.
    Scores,
    /// The game tree from the current position.
    Tree,
    /// Node counts and times of each search.
    Stats,
    /// Alpha-beta from the current position, one step at a time.
    Step,
    /// On a bigger board, the depth the search reached at each iteration.
    Horizon,
}

impl Panel {
    /// Every panel with a switch.
    pub const ALL: [Panel; 5] = [
        Panel::Scores,
        Panel::Tree,
        Panel::Stats,
        Panel::Step,
        Panel::Horizon,
    ];

    /// The setting that shows it.
    pub const fn name(self) -> Name {
        match self {
            Panel::Scores => Name::Scores,
            Panel::Tree => Name::Tree,
            Panel::Stats => Name::Stats,
            Panel::Step => Name::Step,
            Panel::Horizon => Name::Horizon,
        }
    }
}

/// What the "Practise alpha-beta" panel practises on, if it is shown: `practice=0`, `1` or `tree`.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum Practice {
    /// The panel is hidden.
    #[default]
    Hidden,
    /// The position on the board (`practice=1`).
    Position,
    /// An exam-style abstract tree (`practice=tree`), of the shape [`PracticeTree`] says.
    Tree,
}

impl Practice {
    /// The value as URLs write it: `0`, `1` or `tree`.
    pub const fn value(self) -> &'static str {
        match self {
            Practice::Hidden => "0",
            Practice::Position => "1",
            Practice::Tree => "tree",
        }
    }

    /// `value` as a choice: a switch word (on is the position on the board) or `tree` (any case).
    pub fn from_value(value: &str) -> Option<Practice> {
        if value.trim_ascii().eq_ignore_ascii_case("tree") {
            return Some(Practice::Tree);
        }
        switch(value).map(|on| {
            if on {
                Practice::Position
            } else {
                Practice::Hidden
            }
        })
    }
}

/// The shape of the practice's abstract tree, as a link shares it: its depth, its branching and the seed of its
/// leaves (the tree itself is drawn by [`crate::panels::search_tree::AbstractTree::new`], which takes the same ranges).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct PracticeTree {
    /// Levels of moves below the root, in [`PracticeTree::DEPTHS`].
    pub depth: u32,
    /// Children of each inner node, in [`PracticeTree::BRANCHINGS`].
    pub branching: u32,
    /// The seed of the leaves' values.
    pub seed: u64,
}

impl PracticeTree {
    /// The depths a practice tree may have.
    pub const DEPTHS: std::ops::RangeInclusive<u32> = 2..=4;
    /// The branchings a practice tree may have.
    pub const BRANCHINGS: std::ops::RangeInclusive<u32> = 2..=4;
}

impl Default for PracticeTree {
    /// Three levels, two children a node: fifteen nodes, an exercise that fits a phone's screen and has cuts at
    /// both kinds of node.
    fn default() -> PracticeTree {
        PracticeTree {
            depth: 3,
            branching: 2,
            seed: 0,
        }
    }
}

/// A change of one setting.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Change {
    /// The side the person plays against the computer.
    Human(Player),
    /// Against the computer or a friend.
    Mode(Mode),
    /// How far ahead the computer looks.
    Level(Level),
    /// The position the game starts from, as written: it is judged on the board it is played on (see
    /// [`Layout`]).
    Position(Layout),
    /// The computer's pause before it answers, in milliseconds (0 to [`MAX_DELAY_MS`]).
    Delay(u32),
    /// A panel shown or hidden.
    Show(Panel, bool),
    /// Depth-aware or plain scores.
    Scoring(Scoring),
    /// A board of `rows` by `cols`, each 3 to 15, with its default k.
    Board {
        /// Rows, top to bottom.
        rows: usize,
        /// Columns, left to right.
        cols: usize,
    },
    /// How many in a row win: the board it is played on takes it or not (3 to its longer side).
    K(usize),
    /// Whether a line longer than k wins (free-style) or only exactly k (standard).
    Rule(Rule),
    /// The computer's time per move, in milliseconds (in [`THINK_RANGE_MS`]).
    Think(u32),
    /// Whether a search that stops before the end evaluates the positions at its horizon.
    Eval(bool),
    /// What the "Practise alpha-beta" panel practises on, if it is shown.
    Practice(Practice),
    /// The depth of the practice's abstract tree (in [`PracticeTree::DEPTHS`]).
    Depth(u32),
    /// The branching of the practice's abstract tree (in [`PracticeTree::BRANCHINGS`]).
    Branching(u32),
    /// The seed of the practice's abstract tree.
    Seed(u64),
    /// The groups of controls a game in a post keeps in view.
    Controls(Controls),
    /// The game's colours.
    Theme(Theme),
    /// A teacher's own tree, as written (its spaces left out): whether it is a tree is the practice's to say, where
    /// it shows the tree or where it breaks.
    Leaves(String),
    /// The setting goes back to its default.
    Reset(Name),
}

/// A setting as read where its text came in: the change it asks for, or why it is not understood.
pub type Reading = Result<Change, SettingError>;

/// `value` as a switch: `1`, `true`, `yes`, `on` or `0`, `false`, `no`, `off` (any case).
pub fn switch(value: &str) -> Option<bool> {
    match value.trim_ascii().to_ascii_lowercase().as_str() {
        "1" | "true" | "yes" | "on" => Some(true),
        "0" | "false" | "no" | "off" => Some(false),
        _ => None,
    }
}

/// A board in the text of the `board` setting: `ROWSxCOLS`, each 3 to 15 (`x` or `X`).
fn parse_board(value: &str) -> Option<(usize, usize)> {
    let (rows, cols) = value.trim_ascii().split_once(['x', 'X'])?;
    let side = |text: &str| text.parse::<usize>().ok();
    let (rows, cols) = (side(rows)?, side(cols)?);
    is_board(rows, cols).then_some((rows, cols))
}

/// A whole number of milliseconds in `range`.
fn milliseconds(value: &str, range: std::ops::RangeInclusive<u32>) -> Option<u32> {
    value
        .trim_ascii()
        .parse::<u32>()
        .ok()
        .filter(|ms| range.contains(ms))
}

impl Change {
    /// The setting `name` set to `value`, as a URL, an attribute or an option writes it (spaces around it do not
    /// matter; the words of a choice or a switch are read in any case).
    ///
    /// # Errors
    /// [`SettingError`] when `value` is none of the values the setting takes. A k or a position is checked
    /// against the board only when it is applied.
    pub fn parse(name: Name, value: &str) -> Reading {
        match name {
            Name::Human | Name::Mode | Name::Level | Name::Delay | Name::Think => {
                parse_play(name, value)
            }
            Name::Practice | Name::Depth | Name::Branching | Name::Seed => {
                parse_practice(name, value)
            }
            Name::Position => Ok(Change::Position(Layout::from(value))),
            Name::Board => parse_board(value)
                .map(|(rows, cols)| Change::Board { rows, cols })
                .ok_or_else(|| SettingError::board(value)),
            Name::K => value
                .trim_ascii()
                .parse::<usize>()
                .map(Change::K)
                .map_err(|_| SettingError::k(value)),
            Name::Rule => Rule::from_name(value).map(Change::Rule).ok_or_else(|| {
                SettingError::takes(
                    name,
                    value,
                    "it must be freestyle (k or more in a row wins) or standard (exactly k)",
                    "k or more in a row win (free-style).",
                )
            }),
            Name::Controls => Controls::from_words(value)
                .map(Change::Controls)
                .ok_or_else(|| {
                    SettingError::takes(
                        name,
                        value,
                        "it must be all, or groups of controls from board, opponent, side, level, panels, moves, \
                         tally, hint and share, separated by spaces or commas",
                        "The game shows its usual controls.",
                    )
                }),
            Name::Leaves => Ok(Change::Leaves(
                value.chars().filter(|c| !c.is_whitespace()).collect(),
            )),
            Name::Theme => Theme::from_name(value).map(Change::Theme).ok_or_else(|| {
                SettingError::takes(
                    name,
                    value,
                    "it must be auto, light or dark",
                    "The game follows the system's light or dark theme.",
                )
            }),
            _ => parse_display(name, value),
        }
    }

    /// The setting it changes.
    pub fn name(&self) -> Name {
        match self {
            Change::Human(_) => Name::Human,
            Change::Mode(_) => Name::Mode,
            Change::Level(_) => Name::Level,
            Change::Position(_) => Name::Position,
            Change::Delay(_) => Name::Delay,
            Change::Show(panel, _) => panel.name(),
            Change::Scoring(_) => Name::Scoring,
            Change::Board { .. } => Name::Board,
            Change::K(_) => Name::K,
            Change::Rule(_) => Name::Rule,
            Change::Think(_) => Name::Think,
            Change::Eval(_) => Name::Eval,
            Change::Practice(_) => Name::Practice,
            Change::Depth(_) => Name::Depth,
            Change::Branching(_) => Name::Branching,
            Change::Seed(_) => Name::Seed,
            Change::Controls(_) => Name::Controls,
            Change::Theme(_) => Name::Theme,
            Change::Leaves(_) => Name::Leaves,
            Change::Reset(name) => *name,
        }
    }
}

/// Who plays whom, how well and how fast.
fn parse_play(name: Name, value: &str) -> Reading {
    let refused = |expected, default| SettingError::takes(name, value, expected, default);
    let text = value.trim_ascii();
    match name {
        Name::Human => match text {
            "X" | "x" => Ok(Change::Human(Player::X)),
            "O" | "o" => Ok(Change::Human(Player::O)),
            _ => Err(refused("it must be X or O", "You play X.")),
        },
        Name::Delay => milliseconds(text, 0..=MAX_DELAY_MS)
            .map(Change::Delay)
            .ok_or_else(|| {
                refused(
                    "it must be a whole number of milliseconds from 0 to 10000",
                    "The computer waits 350 ms.",
                )
            }),
        Name::Mode => Mode::from_name(text)
            .map(Change::Mode)
            .ok_or_else(|| refused("it must be computer or friend", "You play the computer.")),
        Name::Level => Level::from_name(text).map(Change::Level).ok_or_else(|| {
            refused(
                "it must be easy, medium, hard or unbeatable",
                "The level is unbeatable.",
            )
        }),
        _ => milliseconds(text, THINK_RANGE_MS.0..=THINK_RANGE_MS.1)
            .map(Change::Think)
            .ok_or_else(|| {
                refused(
                    "it must be a whole number of milliseconds from 10 to 60000",
                    "The computer thinks for 1000 ms a move.",
                )
            }),
    }
}

/// What the practice panel practises on, and the shape of its abstract tree.
fn parse_practice(name: Name, value: &str) -> Reading {
    let refused = |expected, default| SettingError::takes(name, value, expected, default);
    let text = value.trim_ascii();
    let in_range = |range: std::ops::RangeInclusive<u32>| {
        text.parse::<u32>()
            .ok()
            .filter(|number| range.contains(number))
    };
    match name {
        Name::Practice => Practice::from_value(text)
            .map(Change::Practice)
            .ok_or_else(|| {
                refused(
                    "it must be 1 (the position on the board), tree (an abstract tree) or 0 (hidden)",
                    "It is hidden.",
                )
            }),
        Name::Depth => in_range(PracticeTree::DEPTHS)
            .map(Change::Depth)
            .ok_or_else(|| {
                refused(
                    "it must be 2, 3 or 4, the levels of moves below the practice tree's root",
                    "The tree is 3 levels deep.",
                )
            }),
        Name::Branching => in_range(PracticeTree::BRANCHINGS)
            .map(Change::Branching)
            .ok_or_else(|| {
                refused(
                    "it must be 2, 3 or 4, the children of each node of the practice tree",
                    "Each node has 2 children.",
                )
            }),
        // Digits only: `u64::from_str` takes a leading "+", which no link writes.
        _ => text
            .bytes()
            .all(|byte| byte.is_ascii_digit())
            .then(|| text.parse::<u64>().ok())
            .flatten()
            .map(Change::Seed)
            .ok_or_else(|| {
                refused(
                    "it must be a whole number from 0 to 18446744073709551615",
                    "The tree of seed 0 is used.",
                )
            }),
    }
}

/// What the panels show, and how the engine counts.
fn parse_display(name: Name, value: &str) -> Reading {
    let refused = |expected, default| SettingError::takes(name, value, expected, default);
    match name {
        Name::Eval => switch(value).map(Change::Eval).ok_or_else(|| {
            refused(
                "it must be 1 (evaluate) or 0 (count every unfinished position as even)",
                "Positions are evaluated.",
            )
        }),
        Name::Scoring => match value.trim_ascii().to_ascii_lowercase().as_str() {
            "depth" => Ok(Change::Scoring(Scoring::DepthAware)),
            "plain" => Ok(Change::Scoring(Scoring::Plain)),
            _ => Err(refused(
                "it must be depth or plain",
                "Scores are depth-aware.",
            )),
        },
        _ => {
            let panel = Panel::ALL
                .into_iter()
                .find(|panel| panel.name() == name)
                .unwrap_or_else(|| unreachable!("every other setting is a panel's switch"));
            switch(value)
                .map(|on| Change::Show(panel, on))
                .ok_or_else(|| refused("it must be 1 (shown) or 0 (hidden)", "It is hidden."))
        }
    }
}

/// A switch's value as URLs write it.
fn switch_text(on: bool) -> &'static str {
    if on {
        "1"
    } else {
        "0"
    }
}

impl Change {
    /// The value as a URL or an attribute writes it ("hard", "X...O....", "1"); a reset has none.
    pub fn value(&self) -> String {
        match self {
            Change::Human(player) => player.name().to_owned(),
            Change::Mode(mode) => mode.name().to_owned(),
            Change::Level(level) => level.name().to_owned(),
            Change::Position(layout) => layout.to_string(),
            Change::Delay(ms) | Change::Think(ms) => ms.to_string(),
            Change::Show(_, on) | Change::Eval(on) => switch_text(*on).to_owned(),
            Change::Scoring(Scoring::DepthAware) => "depth".to_owned(),
            Change::Scoring(Scoring::Plain) => "plain".to_owned(),
            Change::Board { rows, cols } => format!("{rows}x{cols}"),
            Change::K(k) => k.to_string(),
            Change::Rule(rule) => rule.name().to_owned(),
            Change::Practice(practice) => practice.value().to_owned(),
            Change::Depth(number) | Change::Branching(number) => number.to_string(),
            Change::Seed(seed) => seed.to_string(),
            Change::Controls(controls) => controls.to_string(),
            Change::Theme(theme) => theme.name().to_owned(),
            Change::Leaves(text) => text.clone(),
            Change::Reset(_) => String::new(),
        }
    }
}

impl fmt::Display for Change {
    /// `name=value`, as a URL writes it (a reset is the name alone).
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Change::Reset(name) => write!(f, "{name}"),
            _ => write!(f, "{}={}", self.name(), self.value()),
        }
    }
}

/// Why a text is not a change: no setting has its name, or the setting does not take its value.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ParseChangeError {
    /// No setting is called that.
    Unknown(UnknownName),
    /// The setting does not take the value.
    Refused(SettingError),
}

impl FromStr for Change {
    type Err = ParseChangeError;

    /// `name=value` as [`Change::parse`] reads it, or a name alone: back to its default.
    fn from_str(text: &str) -> Result<Change, ParseChangeError> {
        let (name, value) = match text.split_once('=') {
            Some((name, value)) => (name, Some(value)),
            None => (text, None),
        };
        let name = name.parse::<Name>().map_err(ParseChangeError::Unknown)?;
        match value {
            Some(value) => Change::parse(name, value).map_err(ParseChangeError::Refused),
            None => Ok(Change::Reset(name)),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::Shape;

    #[test]
    fn a_change_reads_back_as_it_is_written() {
        for text in [
            "human=O",
            "mode=friend",
            "level=hard",
            "position=..../.X../..O./....",
            "position=",
            "delay=0",
            "scores=1",
            "tree=0",
            "stats=1",
            "step=1",
            "horizon=0",
            "scoring=plain",
            "scoring=depth",
            "board=4x5",
            "k=4",
            "think=250",
            "eval=0",
            "practice=1",
            "practice=tree",
            "practice=0",
            "depth=4",
            "branching=2",
            "seed=18446744073709551615",
            "controls=side,level,panels",
            "controls=all",
            "controls=",
            "level",
        ] {
            let change: Change = text.parse().unwrap();
            assert_eq!(change.to_string(), text);
        }
        assert_eq!("k".parse(), Ok(Change::Reset(Name::K)));
        assert_eq!("board=5X7".parse(), Ok(Change::Board { rows: 5, cols: 7 }));
    }

    #[test]
    fn a_value_is_read_in_any_case_with_spaces_around_it() {
        let read = |text: &str| text.parse::<Change>().unwrap().to_string();
        assert_eq!(read("human= o "), "human=O");
        assert_eq!(read("mode=Friend"), "mode=friend");
        assert_eq!(read("level=\tHARD\n"), "level=hard");
        assert_eq!(read("scores=Yes"), "scores=1");
        assert_eq!(read("eval=off"), "eval=0");
        assert_eq!(read("scoring=Plain"), "scoring=plain");
        assert_eq!(read("k= 4"), "k=4");
        assert_eq!(read("practice=Tree"), "practice=tree");
        assert_eq!(read("practice=on"), "practice=1");
        assert_eq!(read("seed= 7 "), "seed=7");
        assert_eq!(
            read("controls=Panels level  SIDE"),
            "controls=side,level,panels"
        );
        // A no-break space is not a space a link or an attribute gets by accident.
        assert!("level=\u{A0}hard".parse::<Change>().is_err());
    }

    #[test]
    fn a_value_not_taken_says_which_setting_and_why() {
        let refused = |text: &str| match text.parse::<Change>() {
            Err(ParseChangeError::Refused(error)) => error,
            other => panic!("{text}: {other:?}"),
        };
        let error = refused("think=5");
        assert_eq!(error.name(), Name::Think);
        assert_eq!(
            error.with_default(Shape::CLASSIC),
            "think=\"5\" is not understood: it must be a whole number of milliseconds from 10 to 60000. The \
             computer thinks for 1000 ms a move."
        );
        assert_eq!(refused("k=three").name(), Name::K);
        assert_eq!(refused("board=2x3").name(), Name::Board);
        assert_eq!(refused("delay=10001").name(), Name::Delay);
        for bad in [
            "practice=trees",
            "depth=1",
            "depth=5",
            "branching=5",
            "seed=-1",
            "seed=+1",
            "seed=18446744073709551616",
            "seed=7.5",
        ] {
            let error = refused(bad);
            assert_eq!(error.name().to_string(), bad.split('=').next().unwrap());
        }
        assert_eq!(
            refused("depth=5").with_default(Shape::CLASSIC),
            "depth=\"5\" is not understood: it must be 2, 3 or 4, the levels of moves below the practice tree's \
             root. The tree is 3 levels deep."
        );
        assert!(matches!(
            "embed=1".parse::<Change>(),
            Err(ParseChangeError::Unknown(_))
        ));
        // A k and a position are judged on their board, later.
        assert_eq!("k=99".parse(), Ok(Change::K(99)));
        assert!("position=QQ".parse::<Change>().is_ok());
    }
}
