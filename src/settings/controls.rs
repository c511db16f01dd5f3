//! Which of a game's controls are in view and which wait under its "Settings" disclosure: the `controls` setting
//! (`controls="level side panels"`, `controls=all`), read once where its text comes in, and the groups a game
//! shows as a plain function of it and of where the game is. A game in a blog post shows what a reader of the post
//! needs (the status, the board, New game and Undo, the panels the author switched on); the game's own page keeps
//! every control in view.

use std::fmt;

/// A group of controls that a game shows in view or under its "Settings" disclosure. The status line, the board,
/// New game, Undo and the panels switched on are always in view: they are the game.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Group {
    /// The board control (its size and how many in a row).
    Board,
    /// Against the computer or a friend (the `mode` setting).
    Opponent,
    /// The side the person plays (the `human` setting).
    Side,
    /// Difficulty, and the computer's time per move on a bigger board.
    Level,
    /// The switches of the panels that show how minimax thinks, and the scoring.
    Panels,
    /// The list of moves, to go back to any of them.
    Moves,
    /// The tally of wins, draws and losses, with its Reset.
    Tally,
    /// The Hint button.
    Hint,
    /// The Share button, and the link it makes.
    Share,
}

impl Group {
    /// Every group, in the order the game lays them out and a link writes them.
    pub const ALL: [Group; 9] = [
        Group::Hint,
        Group::Share,
        Group::Board,
        Group::Opponent,
        Group::Side,
        Group::Level,
        Group::Panels,
        Group::Moves,
        Group::Tally,
    ];

    /// The group's word in the `controls` setting.
    pub const fn word(self) -> &'static str {
        match self {
            Group::Board => "board",
            Group::Opponent => "opponent",
            Group::Side => "side",
            Group::Level => "level",
            Group::Panels => "panels",
            Group::Moves => "moves",
            Group::Tally => "tally",
            Group::Hint => "hint",
            Group::Share => "share",
        }
    }

    /// The group `word` names (any case), if any.
    fn from_word(word: &str) -> Option<Group> {
        Group::ALL
            .into_iter()
            .find(|group| group.word().eq_ignore_ascii_case(word))
    }

    const fn bit(self) -> u16 {
        1 << self as u16
    }
}

/// The `controls` setting: the groups an author keeps in view. None listed (the setting absent or empty) is the
/// default of where the game is: nothing more than the game in a post, everything on the game's own page.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct Controls(u16);

impl Controls {
    /// No group listed: the default of where the game is.
    pub const DEFAULT: Controls = Controls(0);

    /// Every group in view, as the game's own page shows them (`controls=all`).
    pub const ALL: Controls = Controls((1 << Group::ALL.len()) - 1);

    /// The groups `groups` lists.
    pub fn of(groups: &[Group]) -> Controls {
        Controls(groups.iter().fold(0, |bits, group| bits | group.bit()))
    }

    /// Whether `group` is among them.
    pub const fn contains(self, group: Group) -> bool {
        self.0 & group.bit() != 0
    }

    /// The groups listed, in [`Group::ALL`]'s order.
    pub fn groups(self) -> impl Iterator<Item = Group> {
        Group::ALL
            .into_iter()
            .filter(move |group| self.contains(*group))
    }

    /// The setting's words: groups separated by spaces or commas (a URL writes `controls=level,side` or
    /// `controls=level+side`), each in any case, or `all`. Nothing at all is the default. `None` when a word is
    /// none of these: the whole value is refused, as any setting's value is, so that a typo does not quietly
    /// leave a group under Settings.
    pub fn from_words(text: &str) -> Option<Controls> {
        let mut controls = Controls::DEFAULT;
        for word in text
            .split(|c: char| c == ',' || c.is_ascii_whitespace())
            .filter(|word| !word.is_empty())
        {
            controls.0 |= if word.eq_ignore_ascii_case("all") {
                Controls::ALL.0
            } else {
                Group::from_word(word)?.bit()
            };
        }
        Some(controls)
    }

    /// The groups a game shows in view, the others being under its "Settings" disclosure: in a post (`embedded`:
    /// the custom element, `mount`, an iframe's `?embed=1`) those listed, none by default; on the game's own page,
    /// every one, whatever is listed (a shared link may carry a post's `controls` to the page).
    pub const fn in_view(self, embedded: bool) -> Controls {
        if embedded {
            self
        } else {
            Controls::ALL
        }
    }

    /// Whether some group is not in view, and so a "Settings" disclosure holds it.
    pub const fn needs_disclosure(self) -> bool {
        self.0 != Controls::ALL.0
    }
}

impl fmt::Display for Controls {
    /// As a link writes it: `all`, or the groups in [`Group::ALL`]'s order joined by commas (nothing for the
    /// default).
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if *self == Controls::ALL {
            return f.write_str("all");
        }
        let words: Vec<&str> = self.groups().map(Group::word).collect();
        f.write_str(&words.join(","))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn words_are_read_in_any_order_and_case_with_spaces_or_commas() {
        let read = |text: &str| Controls::from_words(text);
        assert_eq!(
            read("level side panels"),
            Some(Controls::of(&[Group::Level, Group::Side, Group::Panels]))
        );
        assert_eq!(read(" Side,LEVEL "), read("level side"));
        assert_eq!(read("level,, side\tmoves"), read("moves side level"));
        assert_eq!(read("all"), Some(Controls::ALL));
        assert_eq!(read("ALL moves"), Some(Controls::ALL));
        for nothing in ["", " ", ",", " , "] {
            assert_eq!(read(nothing), Some(Controls::DEFAULT), "{nothing:?}");
        }
        for group in Group::ALL {
            assert_eq!(read(group.word()), Some(Controls::of(&[group])));
        }
        assert_eq!(Controls::of(&Group::ALL), Controls::ALL);
    }

    #[test]
    fn a_word_that_is_no_group_refuses_the_whole_value() {
        for bad in [
            "levels",
            "level sid",
            "mode",
            "difficulty",
            "level;side",
            "none",
            "\u{A0}level",
        ] {
            assert_eq!(Controls::from_words(bad), None, "{bad:?}");
        }
    }

    #[test]
    fn written_out_they_read_back_the_same() {
        assert_eq!(Controls::ALL.to_string(), "all");
        assert_eq!(Controls::DEFAULT.to_string(), "");
        let some = Controls::of(&[Group::Tally, Group::Level, Group::Side]);
        assert_eq!(some.to_string(), "side,level,tally");
        assert_eq!(Controls::from_words(&some.to_string()), Some(some));
    }

    #[test]
    fn a_post_shows_what_is_listed_and_the_game_page_shows_everything() {
        // In a post, by default, nothing but the game: every group is under Settings.
        let default = Controls::DEFAULT.in_view(true);
        assert!(Group::ALL.iter().all(|group| !default.contains(*group)));
        assert!(default.needs_disclosure());
        // Listed groups come into view; the rest stay under Settings.
        let listed = Controls::of(&[Group::Level, Group::Side]).in_view(true);
        assert_eq!(
            listed.groups().collect::<Vec<_>>(),
            [Group::Side, Group::Level]
        );
        assert!(listed.needs_disclosure());
        // All of them: no disclosure at all, as on the game page.
        assert!(!Controls::ALL.in_view(true).needs_disclosure());
        // The game's own page keeps every control in view, whatever a link lists.
        for controls in [
            Controls::DEFAULT,
            Controls::of(&[Group::Hint]),
            Controls::ALL,
        ] {
            assert_eq!(controls.in_view(false), Controls::ALL);
            assert!(!controls.in_view(false).needs_disclosure());
        }
    }
}
