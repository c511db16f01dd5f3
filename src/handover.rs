//! A game on its way from the play module to the full module, as text.
//!
//! A first visit loads the play module, which plays the 3x3 game; the panels that show minimax's thinking and
//! the bigger boards are in the full module, loaded when a game first asks for them. The play module then hands
//! the game over: the full module draws it in the same place, as it stood, and the person plays on. The two
//! modules share no memory, so the game crosses as text: its own text form (see [`Game`]'s `Display`), then
//! what the page showed of it, here.

use crate::game::{Game, GameTextError};
use crate::tally::Tally;
use std::fmt;

/// The attributes that name the game's elements that can hold focus: a square, a setting's control (with its
/// value, for one radio button of a group), a button of the game's actions, the board's control and a step of
/// the move history.
const FOCUS_ATTRIBUTES: [&str; 5] = [
    "data-cell",
    "data-setting",
    "data-action",
    "data-board",
    "data-jump",
];

/// The element of the game that had focus, named as the game's own attributes name it, so that the full module
/// gives focus to its own element of that name: `data-setting` `scores` is the Move scores switch.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct FocusKey {
    attribute: &'static str,
    value: String,
    /// A radio button's value, which tells it from the others of its group.
    radio: Option<String>,
}

/// Whether `text` could be one of the game's own names or values: lower-case letters, digits, `-`, and the
/// sides' `X` and `O`. Anything else did not come from the game (a page may edit an open shadow root), and a
/// name of the game's never needs quoting in a selector.
fn is_name(text: &str) -> bool {
    !text.is_empty()
        && text.bytes().all(|b| {
            b.is_ascii_lowercase() || b.is_ascii_digit() || b == b'-' || b == b'X' || b == b'O'
        })
}

impl FocusKey {
    /// The element whose attribute `attribute` is `value` (and, for a radio button, whose value is `radio`), if
    /// that attribute names the game's elements and both are names the game gives.
    pub fn new(attribute: &str, value: &str, radio: Option<&str>) -> Option<FocusKey> {
        let attribute = FOCUS_ATTRIBUTES
            .into_iter()
            .find(|&known| known == attribute)?;
        // `data-board` marks its control without a value.
        let value_ok = value.is_empty() && attribute == "data-board" || is_name(value);
        (value_ok && radio.is_none_or(is_name)).then(|| FocusKey {
            attribute,
            value: value.to_owned(),
            radio: radio.map(str::to_owned),
        })
    }

    /// The attributes a focusable element of the game is named by, in the order they are looked for.
    pub fn attributes() -> &'static [&'static str] {
        &FOCUS_ATTRIBUTES
    }

    /// The CSS selector of the element: `[data-setting="mode"][value="friend"]`.
    pub fn selector(&self) -> String {
        let mut selector = format!("[{}=\"{}\"]", self.attribute, self.value);
        if let Some(radio) = &self.radio {
            selector.push_str(&format!("[value=\"{radio}\"]"));
        }
        selector
    }
}

impl fmt::Display for FocusKey {
    /// `data-setting:mode:friend`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}:{}", self.attribute, self.value)?;
        match &self.radio {
            Some(radio) => write!(f, ":{radio}"),
            None => Ok(()),
        }
    }
}

/// What Share showed: its link, and whether the link reached the clipboard (`None` while the browser had not
/// said).
pub type ShareShown = Option<bool>;

/// A game as the play module hands it over.
#[derive(Clone, Debug)]
pub struct Handover {
    /// The game: settings, moves, what the page says of it.
    pub game: Game,
    /// The square that is the board's tab stop.
    pub focus_cell: usize,
    /// The element that had focus, if the game had it.
    pub focus: Option<FocusKey>,
    /// Share's link on show, if it was.
    pub share: Option<ShareShown>,
    /// The tally, when it is kept for the visit only (no storage, or a storage that refused it): the full module
    /// could not read it back from the storage.
    pub tally: Option<Tally>,
}

impl fmt::Display for Handover {
    /// The game's text form, then `cell` (the board's tab stop, when not the first square), `focus` (see
    /// [`FocusKey`]), `share` (`shown`, `copied` or `not-copied`) and `tally` (its stored form, when it is kept for
    /// the visit only).
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let mut parts = vec![self.game.to_string()];
        if self.focus_cell != 0 {
            parts.push(format!("cell={}", self.focus_cell));
        }
        if let Some(focus) = &self.focus {
            parts.push(format!("focus={focus}"));
        }
        match self.share {
            None => {}
            Some(None) => parts.push("share=shown".to_owned()),
            Some(Some(true)) => parts.push("share=copied".to_owned()),
            Some(Some(false)) => parts.push("share=not-copied".to_owned()),
        }
        if let Some(tally) = &self.tally {
            parts.push(format!("tally={}", tally.to_text()));
        }
        parts.retain(|part| !part.is_empty());
        f.write_str(&parts.join("&"))
    }
}

impl Handover {
    /// Reads a handover's text form (see its `Display`); `seed` is the game's (see [`Game::from_text`]).
    ///
    /// # Errors
    /// [`GameTextError`] for anything its text form does not say.
    pub fn from_text(text: &str, seed: u64) -> Result<Handover, GameTextError> {
        let mut game_parts = Vec::new();
        let (mut focus_cell, mut focus, mut share, mut tally) = (0, None, None, None);
        for part in text.split('&').filter(|part| !part.is_empty()) {
            match part.split_once('=') {
                Some(("cell", value)) => focus_cell = value.parse().map_err(|_| bad("cell"))?,
                Some(("focus", value)) => {
                    let mut pieces = value.split(':');
                    let (attribute, name) = (pieces.next(), pieces.next());
                    let radio = pieces.next();
                    focus = Some(
                        FocusKey::new(attribute.unwrap_or(""), name.unwrap_or(""), radio)
                            .filter(|_| pieces.next().is_none())
                            .ok_or_else(|| bad("focus"))?,
                    );
                }
                Some(("tally", value)) => tally = Some(Tally::from_text(value)),
                Some(("share", value)) => {
                    share = Some(match value {
                        "shown" => None,
                        "copied" => Some(true),
                        "not-copied" => Some(false),
                        _ => return Err(bad("share")),
                    });
                }
                _ => game_parts.push(part),
            }
        }
        let game = Game::from_text(&game_parts.join("&"), seed)?;
        if focus_cell >= game.shape().cells() {
            return Err(bad("cell"));
        }
        Ok(Handover {
            game,
            focus_cell,
            focus,
            share,
            tally,
        })
    }
}

/// The error for a part of a handover's text that is not understood.
fn bad(what: &str) -> GameTextError {
    GameTextError::new(&format!("the game's text is not understood: {what}"))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::settings::Settings;

    #[test]
    fn a_handover_reads_back_as_written() {
        let mut game = Game::new(Settings::default(), 1);
        assert!(game.play_human(4));
        game.play_computer();
        let mut tally = Tally::default();
        if let Some((key, result)) = Game::from_text("position=XX.OO....&moves=2", 1)
            .unwrap()
            .take_result()
        {
            tally.record(key, result);
        }
        for (focus, share) in [
            (None, None),
            (FocusKey::new("data-setting", "scores", None), Some(None)),
            (
                FocusKey::new("data-setting", "mode", Some("friend")),
                Some(Some(true)),
            ),
            (FocusKey::new("data-cell", "8", None), Some(Some(false))),
            (FocusKey::new("data-board", "", None), None),
            (FocusKey::new("data-action", "new-game", None), None),
            (FocusKey::new("data-setting", "human", Some("O")), None),
        ] {
            for tally in [None, Some(tally.clone())] {
                let handover = Handover {
                    game: game.clone(),
                    focus_cell: 7,
                    focus: focus.clone(),
                    share,
                    tally,
                };
                let text = handover.to_string();
                let read = Handover::from_text(&text, 5).unwrap_or_else(|e| panic!("{text}: {e}"));
                assert_eq!(read.to_string(), text);
                assert_eq!(read.game.to_string(), game.to_string());
                assert_eq!(
                    (read.focus_cell, &read.focus, read.share),
                    (7, &handover.focus, share)
                );
                assert_eq!(read.tally, handover.tally, "{text}");
            }
        }
        assert!(
            tally.to_text().contains("unbeatable=1,0,0"),
            "{}",
            tally.to_text()
        );
        assert_eq!(
            FocusKey::new("data-setting", "mode", Some("friend"))
                .unwrap()
                .selector(),
            "[data-setting=\"mode\"][value=\"friend\"]"
        );
        assert_eq!(
            FocusKey::new("data-board", "", None).unwrap().selector(),
            "[data-board=\"\"]"
        );
    }

    #[test]
    fn only_the_games_own_names_make_a_focus_key() {
        assert_eq!(
            FocusKey::new("id", "x", None),
            None,
            "not an attribute of the game's"
        );
        assert_eq!(
            FocusKey::new("data-setting", "a\"]", None),
            None,
            "not a name of the game's"
        );
        assert_eq!(FocusKey::new("data-setting", "", None), None);
        assert_eq!(FocusKey::new("data-setting", "mode", Some("a b")), None);
        for text in [
            "focus=id:x",
            "focus=data-cell:1:2:3",
            "cell=9",
            "cell=x",
            "share=maybe",
            "focus=",
        ] {
            assert!(Handover::from_text(text, 1).is_err(), "{text}");
        }
    }
}
