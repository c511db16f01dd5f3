//! The play module's part of a game's update: when the game asks for what only the full module has, it is handed
//! over (see `super::super::handover`); should the full module not come, the game says why and plays on without.

use super::super::realm;
use super::App;
use crate::handover::{FocusKey, Handover};
use web_sys::Element;

impl App {
    /// Whether the game asks for what only the full module has: a thinking panel, or a bigger board.
    pub fn needs_full(&self) -> bool {
        self.game.settings().needs_full_module()
    }

    /// The game as the full module is to take it over, with the settings that were not understood.
    pub fn handover(&self) -> (Handover, Vec<(String, String)>) {
        // Focus on an element the full module cannot name (Share's link, say) goes to the board's tab stop.
        let focus = self.host.shadow.active_element().and_then(|element| {
            focus_key(&element)
                .or_else(|| FocusKey::new("data-cell", &self.focus_cell.to_string(), None))
        });
        let handover = Handover {
            game: self.game.clone(),
            focus_cell: self.focus_cell,
            focus,
            share: self.share.as_ref().map(|share| share.copied),
            // Kept for the visit only, the tally goes with the game: the full module could not read it back.
            tally: self.storage.is_none().then(|| self.tally.clone()),
        };
        (handover, self.problems.clone())
    }

    /// The element that holds the game's shadow root.
    pub fn holder(&self) -> Element {
        self.host.holder()
    }

    /// Leaves the game's place to the full module, which has drawn the game there.
    pub fn leave(mut self) {
        self.handed_over = true;
    }

    /// The full module could not come: the game says why, above the board, and plays on without what needs it.
    pub(super) fn full_failed(&mut self, reason: &str) {
        let sentence = format!(
            "The thinking panels and the bigger boards could not be loaded ({reason}). The game plays on \
             without them: switch one on again to try again, or reload the page."
        );
        self.problems.retain(|(name, _)| name != FULL_MODULE);
        self.problems.push((FULL_MODULE.to_owned(), sentence));
        let settings = self.game.settings().without_full_module();
        self.play_on_with(settings);
    }
}

/// The name a problem with the full module is kept under among the settings' problems.
const FULL_MODULE: &str = "full module";

/// The name of one of the game's elements that can hold focus, if `element` is one.
fn focus_key(element: &Element) -> Option<FocusKey> {
    let radio = realm::input(element)
        .filter(|input| input.type_() == "radio")
        .map(|input| input.value());
    FocusKey::attributes().iter().find_map(|&attribute| {
        let value = element.get_attribute(attribute)?;
        FocusKey::new(attribute, &value, radio.as_deref())
    })
}
