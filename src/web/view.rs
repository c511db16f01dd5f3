//! The elements of one game, built once with `web-sys`, and how a [`Game`] is shown in them.
//!
//! Nothing here parses HTML: every outside text is set with `textContent` or as an attribute value. Lists that
//! grow (the move history) use a fixed set of elements, since a game has at most nine moves.

use super::dom::{
    add, add_button, create, game_id, radio_group, remove_attribute, set_attribute, set_hidden,
    set_unavailable, set_value, toggle_class, value,
};
use super::panic;
use super::thinking::ThinkingView;
use crate::engine::{Level, Player, CELLS};
use crate::game::{Game, Phase};
use crate::prelude::*;
use crate::settings::{level_label, Mode};
use crate::tally::{Tally, TallyKey};
use crate::text::{cat, number};
use core::sync::atomic::{AtomicU32, Ordering};
use wasm_bindgen::{JsCast, UnwrapThrowExt};
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
    pub fn build(host: &Element, problems: &[String]) -> View {
        let id = GAMES_MOUNTED.fetch_add(1, Ordering::Relaxed);
        let root = create(&host.owner_document().unwrap_throw(), "div");
        set_attribute(&root, "class", "ttt");

        let panic_notice = add(&root, "div", "ttt-notice ttt-panic", "");
        set_attribute(&panic_notice, "role", "alert");
        set_hidden(&panic_notice, true);
        for problem in problems {
            let notice = add(&root, "p", "ttt-notice", problem);
            set_attribute(&notice, "role", "alert");
        }

        let status = add(&root, "p", "ttt-status", "");
        set_attribute(&status, "role", "status");

        let board = add(&root, "div", "ttt-board", "");
        set_attribute(&board, "role", "group");
        set_attribute(&board, "aria-label", "Board");
        let mut cells = Vec::with_capacity(CELLS);
        for cell in 0..CELLS {
            cells.push(add_button(
                &board,
                "ttt-cell",
                "",
                ("data-cell", &number(cell as u64)),
            ));
        }

        let actions = add(&root, "div", "ttt-actions", "");
        add_button(
            &actions,
            "ttt-button",
            "New game",
            ("data-action", "new-game"),
        );
        let undo = add_button(&actions, "ttt-button", "Undo", ("data-action", "undo"));
        let hint = add_button(&actions, "ttt-button", "Hint", ("data-action", "hint"));
        add_button(&actions, "ttt-button", "Share", ("data-action", "share"));

        let share_box = add(&root, "div", "ttt-share", "");
        set_hidden(&share_box, true);
        let share_label = add(&share_box, "label", "", "Link to this game ");
        let share_link: HtmlInputElement = add(&share_label, "input", "", "").unchecked_into();
        set_attribute(&share_link, "type", "text");
        set_attribute(&share_link, "readonly", "");
        let share_note = add(&share_box, "p", "ttt-note", "");
        set_attribute(&share_note, "role", "status");

        // The board comes first, the controls under it: on a phone the game is what the page opens on.
        let controls = add(&root, "div", "ttt-controls", "");
        let (_, mode_inputs) = radio_group(
            &controls,
            id,
            "mode",
            "Opponent",
            &[("computer", "Computer"), ("friend", "A friend")],
        );
        let (side_group, side_inputs) = radio_group(
            &controls,
            id,
            "human",
            "You play",
            &[("X", "X, you start"), ("O", "O, computer starts")],
        );
        let level_group = add(&controls, "div", "ttt-level", "");
        let difficulty = add(&level_group, "label", "", "Difficulty ");
        let level_select: HtmlSelectElement = add(&difficulty, "select", "", "").unchecked_into();
        set_attribute(&level_select, "data-setting", "level");
        for level in Level::ALL {
            let option = add(&level_select, "option", "", level_label(level));
            set_attribute(&option, "value", level.name());
        }
        let level_note = add(&level_group, "p", "ttt-note", "");
        let note_id = game_id(id, "level-note");
        set_attribute(&level_note, "id", &note_id);
        set_attribute(&level_select, "aria-describedby", &note_id);
        let panels = add(&root, "div", "ttt-panels", "");
        let thinking = ThinkingView::build(&controls, &panels, id);

        let history_box = add(&root, "div", "ttt-history", "");
        let history_title = add(&history_box, "p", "ttt-heading", "Moves");
        let title_id = game_id(id, "history");
        set_attribute(&history_title, "id", &title_id);
        let list = add(&history_box, "ol", "", "");
        set_attribute(&list, "aria-labelledby", &title_id);
        let mut history = Vec::with_capacity(CELLS + 1);
        for step in 0..=CELLS {
            let item = add(&list, "li", "", "");
            history.push(add_button(
                &item,
                "ttt-step",
                "",
                ("data-jump", &number(step as u64)),
            ));
        }

        let tally_box = add(&root, "div", "ttt-tally", "");
        let tally = add(&tally_box, "p", "", "");
        add_button(
            &tally_box,
            "ttt-button ttt-small",
            "Reset tally",
            ("data-action", "reset-tally"),
        );

        panic::register(&panic_notice);
        View {
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
        }
    }

    /// Shows `game` and `tally`: every text, attribute and class that depends on them.
    pub fn render(&self, game: &Game, tally: &Tally, focus_cell: usize) {
        let settings = game.settings();
        let board = game.board();
        let friend = settings.mode == Mode::Friend;
        for input in &self.mode_inputs {
            input.set_checked(value(input) == settings.mode.name());
        }
        for input in &self.side_inputs {
            input.set_checked(value(input) == settings.human.name());
        }
        set_hidden(&self.side_group, friend);
        set_hidden(&self.level_group, friend);
        set_value(&self.level_select, settings.level.name());
        self.level_note
            .set_text_content(Some(game.level_description()));

        self.status.set_text_content(Some(&game.status_text()));
        for (cell, button) in self.cells.iter().enumerate() {
            let mark = board.get(cell);
            button.set_text_content(mark.map(Player::name));
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
            let item = button.parent_element().unwrap_throw();
            set_hidden(&item, step > moves);
            if step > moves {
                continue;
            }
            let text = if step == 0 {
                "Start".to_owned()
            } else {
                cat(&[&number(step as u64), ". ", &game.move_label(step - 1)])
            };
            button.set_text_content(Some(&text));
            let current = step == game.shown();
            if current {
                set_attribute(button, "aria-current", "step");
            } else {
                remove_attribute(button, "aria-current");
            }
        }

        let key = TallyKey::new(settings.mode, settings.level);
        let counts = tally.get(key);
        let text = match key {
            TallyKey::Friend => cat(&[
                "Tally with a friend: X won ",
                &number(counts.wins.into()),
                ", drawn ",
                &number(counts.draws.into()),
                ", O won ",
                &number(counts.losses.into()),
                ".",
            ]),
            TallyKey::Computer(level) => cat(&[
                "Tally at ",
                level_label(level),
                ": you won ",
                &number(counts.wins.into()),
                ", drew ",
                &number(counts.draws.into()),
                ", lost ",
                &number(counts.losses.into()),
                ".",
            ]),
        };
        self.tally.set_text_content(Some(&text));
    }

    /// The board's buttons, in cell order.
    pub fn cells(&self) -> &[Element] {
        &self.cells
    }

    /// The button of `cell`.
    pub fn cell(&self, cell: usize) -> Element {
        self.cells[cell].clone()
    }

    /// Shows the last shared link, and whether it was copied (`None`: not yet known).
    pub fn render_share(&self, share: Option<&(String, Option<bool>)>) {
        set_hidden(&self.share_box, share.is_none());
        let Some((url, copied)) = share else {
            return;
        };
        if value(&self.share_link) != *url {
            set_value(&self.share_link, url);
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
