//! The elements of one game, built once with `web-sys`, and how a [`Game`] is shown in them.
//!
//! Nothing here parses HTML: every outside text is set with `textContent` or as an attribute value. Lists that
//! grow (the move history) use a fixed set of elements, since a game has at most nine moves.

use super::dom::{
    append_button, append_text, element, radio_group, set_attribute, set_hidden, set_unavailable,
    toggle_class,
};
use super::panic;
use super::thinking::ThinkingView;
use crate::engine::{Level, Player, CELLS};
use crate::game::{Game, Phase};
use crate::settings::{level_label, Mode};
use crate::tally::{Tally, TallyKey};
use std::sync::atomic::{AtomicU32, Ordering};
use wasm_bindgen::{JsCast, JsValue};
use web_sys::{Element, HtmlInputElement, HtmlSelectElement};

/// Gives each game a number of its own, for its radio groups' names and its element ids.
static GAMES_MOUNTED: AtomicU32 = AtomicU32::new(0);

/// The elements of one game.
pub struct View {
    /// A number no other game on the page has.
    pub id: u32,
    /// The game's own element, inside the element it was mounted in.
    pub root: Element,
    mode_inputs: Vec<HtmlInputElement>,
    side_group: Element,
    side_inputs: Vec<HtmlInputElement>,
    level_group: Element,
    level_select: HtmlSelectElement,
    level_note: Element,
    status: Element,
    cells: Vec<Element>,
    undo: Element,
    hint: Element,
    history: Vec<Element>,
    tally: Element,
    /// The panels that show how minimax thinks.
    pub thinking: ThinkingView,
    share_box: Element,
    share_link: HtmlInputElement,
    share_note: Element,
    panic_notice: Element,
}

impl View {
    /// Builds the game's elements for `host`'s document (not yet attached), with `problems` listed on top.
    pub fn build(host: &Element, problems: &[String]) -> Result<View, JsValue> {
        let document = host.owner_document().ok_or("no document")?;
        let id = GAMES_MOUNTED.fetch_add(1, Ordering::Relaxed);
        let root = element(&document, "div", "ttt")?;

        let panic_notice = element(&document, "div", "ttt-notice ttt-panic")?;
        panic_notice.set_attribute("role", "alert")?;
        panic_notice.set_attribute("hidden", "")?;
        root.append_child(&panic_notice)?;

        for problem in problems {
            let notice = append_text(&root, "p", "ttt-notice", problem)?;
            notice.set_attribute("role", "alert")?;
        }

        let controls = element(&document, "div", "ttt-controls")?;
        let (_, mode_inputs) = radio_group(
            &controls,
            id,
            "mode",
            "Opponent",
            &[("computer", "Computer"), ("friend", "A friend")],
        )?;
        let (side_group, side_inputs) = radio_group(
            &controls,
            id,
            "human",
            "You play",
            &[("X", "X, you start"), ("O", "O, computer starts")],
        )?;

        let level_group = element(&document, "div", "ttt-level")?;
        let difficulty = append_text(&level_group, "label", "", "Difficulty ")?;
        let level_select: HtmlSelectElement = document.create_element("select")?.unchecked_into();
        level_select.set_attribute("data-setting", "level")?;
        for level in Level::ALL {
            let option = append_text(&level_select, "option", "", level_label(level))?;
            option.set_attribute("value", level.name())?;
        }
        difficulty.append_child(&level_select)?;
        let level_note = append_text(&level_group, "p", "ttt-note", "")?;
        let note_id = format!("ttt-{id}-level-note");
        level_note.set_id(&note_id);
        level_select.set_attribute("aria-describedby", &note_id)?;
        controls.append_child(&level_group)?;
        let panels = element(&document, "div", "ttt-panels")?;
        let thinking = ThinkingView::build(&controls, &panels, id)?;

        let status = append_text(&root, "p", "ttt-status", "")?;
        status.set_attribute("role", "status")?;

        let board = element(&document, "div", "ttt-board")?;
        board.set_attribute("role", "group")?;
        board.set_attribute("aria-label", "Board")?;
        let cells = (0..CELLS)
            .map(|cell| append_button(&board, "ttt-cell", "", ("data-cell", &cell.to_string())))
            .collect::<Result<Vec<_>, JsValue>>()?;
        root.append_child(&board)?;

        let actions = element(&document, "div", "ttt-actions")?;
        append_button(
            &actions,
            "ttt-button",
            "New game",
            ("data-action", "new-game"),
        )?;
        let undo = append_button(&actions, "ttt-button", "Undo", ("data-action", "undo"))?;
        let hint = append_button(&actions, "ttt-button", "Hint", ("data-action", "hint"))?;
        append_button(&actions, "ttt-button", "Share", ("data-action", "share"))?;
        root.append_child(&actions)?;

        let share_box = element(&document, "div", "ttt-share")?;
        share_box.set_attribute("hidden", "")?;
        let share_label = append_text(&share_box, "label", "", "Link to this game ")?;
        let share_link: HtmlInputElement = document.create_element("input")?.unchecked_into();
        share_link.set_type("text");
        share_link.set_read_only(true);
        share_label.append_child(&share_link)?;
        let share_note = append_text(&share_box, "p", "ttt-note", "")?;
        share_note.set_attribute("role", "status")?;
        root.append_child(&share_box)?;
        // The board comes first, the controls under it: on a phone the game is what the page opens on.
        root.append_child(&controls)?;
        root.append_child(&panels)?;

        let history_box = element(&document, "div", "ttt-history")?;
        let history_title = append_text(&history_box, "p", "ttt-heading", "Moves")?;
        let title_id = format!("ttt-{id}-history");
        history_title.set_id(&title_id);
        let list = element(&document, "ol", "")?;
        list.set_attribute("aria-labelledby", &title_id)?;
        let history = (0..=CELLS)
            .map(|step| {
                let item = append_text(&list, "li", "", "")?;
                append_button(&item, "ttt-step", "", ("data-jump", &step.to_string()))
            })
            .collect::<Result<Vec<_>, JsValue>>()?;
        history_box.append_child(&list)?;
        root.append_child(&history_box)?;

        let tally_box = element(&document, "div", "ttt-tally")?;
        let tally = append_text(&tally_box, "p", "", "")?;
        append_button(
            &tally_box,
            "ttt-button ttt-small",
            "Reset tally",
            ("data-action", "reset-tally"),
        )?;
        root.append_child(&tally_box)?;

        panic::register(&panic_notice);
        Ok(View {
            id,
            root,
            mode_inputs,
            side_group,
            side_inputs,
            level_group,
            level_select,
            level_note,
            status,
            cells,
            undo,
            hint,
            history,
            tally,
            thinking,
            share_box,
            share_link,
            share_note,
            panic_notice,
        })
    }

    /// Shows `game` and `tally`: every text, attribute and class that depends on them.
    pub fn render(&self, game: &Game, tally: &Tally, focus_cell: usize) {
        let settings = game.settings();
        let board = game.board();
        let friend = settings.mode == Mode::Friend;
        for input in &self.mode_inputs {
            input.set_checked(input.value() == settings.mode.name());
        }
        for input in &self.side_inputs {
            input.set_checked(input.value() == settings.human.to_string());
        }
        set_hidden(&self.side_group, friend);
        set_hidden(&self.level_group, friend);
        self.level_select.set_value(settings.level.name());
        self.level_note
            .set_text_content(Some(game.level_description()));

        self.status.set_text_content(Some(&game.status_text()));
        for (cell, button) in self.cells.iter().enumerate() {
            let mark = board.get(cell);
            button.set_text_content(mark.map(|player| player.symbol().to_string()).as_deref());
            set_attribute(button, "aria-label", &game.cell_label(cell));
            set_attribute(
                button,
                "tabindex",
                if cell == focus_cell { "0" } else { "-1" },
            );
            set_unavailable(button, !game.is_playable(cell));
            toggle_class(button, "ttt-x", mark == Some(Player::X));
            toggle_class(button, "ttt-o", mark == Some(Player::O));
            toggle_class(button, "ttt-win", game.is_winning_cell(cell));
            toggle_class(button, "ttt-hint", game.is_hinted(cell));
        }
        set_unavailable(&self.undo, !game.can_undo());
        set_unavailable(&self.hint, game.phase() != Phase::HumanToMove);

        let moves = game.moves().len();
        for (step, button) in self.history.iter().enumerate() {
            let item = button
                .parent_element()
                .expect("each step is in its list item");
            set_hidden(&item, step > moves);
            if step > moves {
                continue;
            }
            let text = if step == 0 {
                "Start".to_owned()
            } else {
                format!("{step}. {}", game.move_label(step - 1))
            };
            button.set_text_content(Some(&text));
            let current = step == game.shown();
            if current {
                set_attribute(button, "aria-current", "step");
            } else {
                let _ = button.remove_attribute("aria-current");
            }
        }

        let key = TallyKey::new(settings.mode, settings.level);
        let counts = tally.get(key);
        let text = match key {
            TallyKey::Friend => format!(
                "Tally with a friend: X won {}, drawn {}, O won {}.",
                counts.wins, counts.draws, counts.losses
            ),
            TallyKey::Computer(level) => format!(
                "Tally at {}: you won {}, drew {}, lost {}.",
                level_label(level),
                counts.wins,
                counts.draws,
                counts.losses
            ),
        };
        self.tally.set_text_content(Some(&text));
    }

    /// The board's buttons, in cell order.
    pub fn cells(&self) -> &[Element] {
        &self.cells
    }

    /// The button of `cell`.
    pub fn cell(&self, cell: usize) -> web_sys::HtmlElement {
        self.cells[cell].clone().unchecked_into()
    }

    /// Shows the last shared link, and whether it was copied (`None`: not yet known).
    pub fn render_share(&self, share: Option<&(String, Option<bool>)>) {
        set_hidden(&self.share_box, share.is_none());
        let Some((url, copied)) = share else {
            return;
        };
        if self.share_link.value() != *url {
            self.share_link.set_value(url);
        }
        let note = match copied {
            None => "",
            Some(true) => "Copied to the clipboard.",
            Some(false) => "Copy it from the box above.",
        };
        self.share_note.set_text_content(Some(note));
    }

    /// Takes the game's elements out of the page.
    pub fn remove(&self) {
        panic::unregister(&self.panic_notice);
        self.root.remove();
    }
}
