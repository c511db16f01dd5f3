//! The elements of one game, built once with `web-sys`, and how a [`Game`] is shown in them.
//!
//! Nothing here parses HTML: every outside text is set with `textContent` or as an attribute value.

use super::panic;
use crate::engine::{Player, CELLS};
use crate::game::Game;
use std::sync::atomic::{AtomicU32, Ordering};
use wasm_bindgen::{JsCast, JsValue};
use web_sys::{Document, Element, HtmlInputElement};

/// Gives each game's radio group a name of its own, so two games on a page do not share one.
static GAMES_MOUNTED: AtomicU32 = AtomicU32::new(0);

/// The elements of one game.
pub struct View {
    /// A number no other game on the page has.
    pub id: u32,
    /// The game's own element, inside the element it was mounted in.
    pub root: Element,
    status: Element,
    cells: Vec<Element>,
    side_inputs: [HtmlInputElement; 2],
    panic_notice: Element,
}

/// Creates a `tag` element with `class`.
fn element(document: &Document, tag: &str, class: &str) -> Result<Element, JsValue> {
    let element = document.create_element(tag)?;
    if !class.is_empty() {
        element.set_class_name(class);
    }
    Ok(element)
}

/// Creates a `tag` element with `class` and `text`, appended to `parent`.
fn append_text(parent: &Element, tag: &str, class: &str, text: &str) -> Result<Element, JsValue> {
    let document = parent.owner_document().ok_or("no document")?;
    let child = element(&document, tag, class)?;
    child.set_text_content(Some(text));
    parent.append_child(&child)?;
    Ok(child)
}

/// Sets an attribute whose name is one of this module's constants, which cannot fail.
fn set_attribute(element: &Element, name: &str, value: &str) {
    element
        .set_attribute(name, value)
        .expect("attribute names here are valid");
}

/// Adds or removes a class whose name is one of this module's constants, which cannot fail.
fn toggle_class(element: &Element, class: &str, on: bool) {
    element
        .class_list()
        .toggle_with_force(class, on)
        .expect("class names here are valid");
}

impl View {
    /// Builds the game's elements for `host`'s document (not yet attached), with `problems` listed on top.
    pub fn build(host: &Element, problems: &[String]) -> Result<View, JsValue> {
        let document = host.owner_document().ok_or("no document")?;
        let game_number = GAMES_MOUNTED.fetch_add(1, Ordering::Relaxed);
        let root = element(&document, "div", "ttt")?;

        let panic_notice = element(&document, "div", "ttt-notice ttt-panic")?;
        panic_notice.set_attribute("role", "alert")?;
        panic_notice.set_attribute("hidden", "")?;
        root.append_child(&panic_notice)?;

        for problem in problems {
            let notice = append_text(&root, "p", "ttt-notice", problem)?;
            notice.set_attribute("role", "alert")?;
        }

        let sides = element(&document, "fieldset", "ttt-sides")?;
        append_text(&sides, "legend", "", "You play")?;
        let side_inputs = [
            Self::side_input(&sides, game_number, Player::X, "X, you move first")?,
            Self::side_input(&sides, game_number, Player::O, "O, the computer opens")?,
        ];
        root.append_child(&sides)?;

        let status = append_text(&root, "p", "ttt-status", "")?;
        status.set_attribute("role", "status")?;

        let board = element(&document, "div", "ttt-board")?;
        board.set_attribute("role", "group")?;
        board.set_attribute("aria-label", "Board")?;
        let cells = (0..CELLS)
            .map(|cell| {
                let button = element(&document, "button", "ttt-cell")?;
                button.set_attribute("type", "button")?;
                button.set_attribute("data-cell", &cell.to_string())?;
                board.append_child(&button)?;
                Ok(button)
            })
            .collect::<Result<Vec<_>, JsValue>>()?;
        root.append_child(&board)?;

        let actions = element(&document, "div", "ttt-actions")?;
        let new_game = append_text(&actions, "button", "ttt-button", "New game")?;
        new_game.set_attribute("type", "button")?;
        new_game.set_attribute("data-action", "new-game")?;
        root.append_child(&actions)?;

        panic::register(&panic_notice);
        Ok(View {
            id: game_number,
            root,
            status,
            cells,
            side_inputs,
            panic_notice,
        })
    }

    /// A labelled radio button choosing the person's side.
    fn side_input(
        parent: &Element,
        game_number: u32,
        side: Player,
        text: &str,
    ) -> Result<HtmlInputElement, JsValue> {
        let label = append_text(parent, "label", "ttt-side", "")?;
        let document = parent.owner_document().ok_or("no document")?;
        let input: HtmlInputElement = document.create_element("input")?.unchecked_into();
        input.set_type("radio");
        input.set_name(&format!("ttt-side-{game_number}"));
        input.set_value(&side.to_string());
        input.set_attribute("data-setting", "human")?;
        label.append_child(&input)?;
        append_text(&label, "span", "", text)?;
        Ok(input)
    }

    /// Shows `game`: every text, attribute and class that depends on it.
    pub fn render(&self, game: &Game) {
        let board = game.board();
        self.status.set_text_content(Some(&game.status_text()));
        for (cell, button) in self.cells.iter().enumerate() {
            let mark = board.get(cell);
            button.set_text_content(mark.map(|player| player.symbol().to_string()).as_deref());
            set_attribute(button, "aria-label", &game.cell_label(cell));
            let disabled = if game.is_playable(cell) {
                "false"
            } else {
                "true"
            };
            set_attribute(button, "aria-disabled", disabled);
            toggle_class(button, "ttt-x", mark == Some(Player::X));
            toggle_class(button, "ttt-o", mark == Some(Player::O));
            toggle_class(button, "ttt-win", game.is_winning_cell(cell));
        }
        for input in &self.side_inputs {
            input.set_checked(input.value() == game.human().to_string());
        }
    }

    /// Takes the game's elements out of the page.
    pub fn remove(&self) {
        panic::unregister(&self.panic_notice);
        self.root.remove();
    }
}
