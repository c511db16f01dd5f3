//! The panels that show how minimax thinks: each move's score (in a list; the squares show them
//! too), the line of best play after a chosen move ("why this move"), the search statistics, the game tree, the
//! step-through, and a bigger board's panels. They are built the first time one is shown (most visits never open
//! them); their switches are drawn by `switches.rs`. What they say is computed in [`crate::thinking`] and
//! [`crate::tree`]; this module only draws it.

use super::beyond_view::BeyondView;
use super::dom::{
    add, add_button, add_control, set_attribute, set_hidden, set_optional_attribute, set_text,
    set_unavailable,
};
use super::step_view::StepView;
use super::tree_view::TreeView;
use crate::beyond::Beyond;
use crate::engine::{Board, Variant, CELLS};
use crate::explain::MoveScore;
use crate::game::Game;
use crate::stepper::Stepper;
use crate::thinking::{self, Replay, StatsColumn, Thinking};
use std::cell::OnceCell;
use web_sys::{Element, HtmlButtonElement, HtmlElement, ShadowRoot};

/// The panels, once one has been shown.
pub struct Panels {
    /// Where the panels go.
    panels_box: Element,
    /// The game's number, for the panels' ids.
    game: u32,
    /// The game's shadow root, where the tree looks for focus.
    shadow: ShadowRoot,
    /// The panels, built the first time one of them is shown.
    built: OnceCell<Built>,
}

/// The panels' elements: move scores (with "why"), search statistics, the game tree, stepping through
/// alpha-beta, and the bigger boards' panels.
struct Built {
    scores_panel: Element,
    scores_title: Element,
    scores_note: Element,
    score_buttons: Vec<HtmlButtonElement>,
    why_box: Element,
    why_title: Element,
    why_moves: Vec<Element>,
    why_end: Element,
    replay_step: HtmlButtonElement,
    replay_play: HtmlButtonElement,
    replay_clear: HtmlButtonElement,
    stats_panel: Element,
    /// Per variant: the "this position" and "computer's last move" cells.
    stats_cells: Vec<[Element; 2]>,
    tree: TreeView,
    step: StepView,
    /// The panels of a bigger board, built the first time one is shown.
    beyond: OnceCell<BeyondView>,
}

impl Panels {
    /// The panels, to be built into `panels_box` when one is first shown, for game number `game`, whose shadow
    /// root is `shadow`.
    pub fn new(panels_box: &Element, shadow: &ShadowRoot, game: u32) -> Panels {
        Panels {
            panels_box: panels_box.clone(),
            game,
            shadow: shadow.clone(),
            built: OnceCell::new(),
        }
    }

    /// The panels on a bigger board: its own, and none of the 3x3 board's.
    fn render_beyond(&self, game: &Game, beyond: &Beyond) {
        let display = game.settings().display;
        let any =
            display.scores || display.stats || display.tree || display.step || display.horizon;
        set_hidden(&self.panels_box, !any);
        if any {
            let built = self.built();
            built.hide_classic();
            built
                .beyond
                .get_or_init(|| BeyondView::build(&self.panels_box))
                .render(game, beyond, display);
        }
    }

    /// The panels, built now if they were not.
    fn built(&self) -> &Built {
        self.built
            .get_or_init(|| Built::build(&self.panels_box, &self.shadow, self.game))
    }

    /// The game tree's node at `path`, if it is drawn.
    pub fn tree_node(&self, path: &[usize]) -> Option<HtmlElement> {
        self.built.get()?.tree.node(path)
    }

    /// Shows the panels for `game`, `thinking` (on the 3x3 board) and `beyond` (on a bigger one);
    /// `scores` are the 3x3 board's move scores, when they are shown (the board's squares show them too).
    pub fn render(&self, game: &Game, thinking: &Thinking, beyond: &Beyond, scores: &[MoveScore]) {
        let display = game.settings().display;
        let Some(board) = game.classic() else {
            self.render_beyond(game, beyond);
            return;
        };

        let any = display.scores || display.stats || display.tree || display.step;
        // With no panel open, the game alone: on a wide screen it does not make room for them.
        set_hidden(&self.panels_box, !any);
        let built = if any {
            Some(self.built())
        } else {
            self.built.get()
        };
        let Some(built) = built else {
            return;
        };
        if let Some(beyond) = built.beyond.get() {
            beyond.hide();
        }
        set_hidden(&built.scores_panel, !display.scores);
        if display.scores {
            built.render_scores(board, scores, thinking);
        }
        set_hidden(&built.stats_panel, !display.stats);
        if display.stats {
            built.render_stats(board, thinking);
        }
        let stepper = thinking.step.as_ref().filter(|_| display.step);
        set_hidden(&built.step.panel, stepper.is_none());
        if let Some(stepper) = stepper {
            built.step.render(
                stepper,
                thinking.step_running,
                thinking.step_heard,
                thinking.step_speed,
            );
        }
        set_hidden(&built.tree.panel, !display.tree);
        if display.tree {
            let current = stepper.map(Stepper::path);
            built
                .tree
                .render(&thinking.tree, &thinking.preview, current.as_deref());
        }
    }
}

/// The statistics panel (hidden): a table with a row per search variant, a column for the position on the board
/// and one for the position the computer last moved from; and the cells to fill in.
fn build_stats(panels: &Element) -> (Element, Vec<[Element; 2]>) {
    let stats_panel = add(panels, "div", "ttt-panel ttt-stats", "");
    set_hidden(&stats_panel, true);
    add(&stats_panel, "h2", "ttt-heading", "Search statistics");
    let table = add(&stats_panel, "table", "", "");
    add(
        &table,
        "caption",
        "ttt-note",
        "Positions visited by each search",
    );
    let head_row = add(&add(&table, "thead", "", ""), "tr", "", "");
    for label in ["Search", "This position", "Computer's last move"] {
        set_attribute(&add(&head_row, "th", "", label), "scope", "col");
    }
    let body = add(&table, "tbody", "", "");
    let stats_cells = Variant::ALL
        .iter()
        .map(|variant| {
            let row = add(&body, "tr", "", "");
            let name = add(&row, "th", "", variant.name());
            set_attribute(&name, "scope", "row");
            set_attribute(&name, "title", variant.description());
            [add(&row, "td", "", ""), add(&row, "td", "", "")]
        })
        .collect();
    let notes = add(&stats_panel, "ul", "ttt-note", "");
    for variant in Variant::ALL {
        add(&notes, "li", "", variant.description());
    }
    add(
        &notes,
        "li",
        "",
        "Alpha-beta tries moves in cell order (row by row from the top left); every search finds the same value.",
    );
    (stats_panel, stats_cells)
}

impl Built {
    /// Builds the panels, hidden, into `panels`, for game number `game`.
    fn build(panels: &Element, shadow: &ShadowRoot, game: u32) -> Built {
        let scores_panel = add(panels, "div", "ttt-panel ttt-scores", "");
        set_hidden(&scores_panel, true);
        // Each panel starts with a heading (level 2, the game being a part of its page): a screen reader's way
        // from panel to panel.
        let scores_title = add(&scores_panel, "h2", "ttt-heading", "");
        let scores_note = add(&scores_panel, "p", "ttt-note", "");
        let list = add(&scores_panel, "ol", "ttt-score-list", "");
        let score_buttons = (0..CELLS)
            .map(|_| add_button(&add(&list, "li", "", ""), "ttt-step", ""))
            .collect();
        let why_box = add(&scores_panel, "div", "ttt-why", "");
        set_hidden(&why_box, true);
        let why_title = add(&why_box, "h3", "ttt-heading", "");
        let why_list = add(&why_box, "ol", "", "");
        let why_moves = (0..CELLS).map(|_| add(&why_list, "li", "", "")).collect();
        let why_end = add(&why_box, "p", "ttt-why-end", "");
        set_attribute(&why_end, "role", "status");
        let replay_box = add(&why_box, "div", "ttt-actions", "");
        let replay = |text: &str, name: &str| {
            add_control(
                &replay_box,
                "ttt-button ttt-small",
                text,
                "data-replay",
                name,
            )
        };
        let replay_step = replay("Next move on the board", "step");
        let replay_play = replay("Play on the board", "play");
        let replay_clear = replay("Clear the marks", "clear");

        let (stats_panel, stats_cells) = build_stats(panels);

        Built {
            scores_panel,
            scores_title,
            scores_note,
            score_buttons,
            why_box,
            why_title,
            why_moves,
            why_end,
            replay_step,
            replay_play,
            replay_clear,
            stats_panel,
            stats_cells,
            step: StepView::build(panels, game),
            tree: TreeView::build(panels, shadow, game),
            beyond: OnceCell::new(),
        }
    }

    /// Hides the panels of the 3x3 board (the game is on a bigger one).
    fn hide_classic(&self) {
        for panel in [
            &self.scores_panel,
            &self.stats_panel,
            &self.step.panel,
            &self.tree.panel,
        ] {
            set_hidden(panel, true);
        }
    }

    fn render_scores(&self, board: Board, scores: &[MoveScore], thinking: &Thinking) {
        let why = thinking.why;
        self.scores_title
            .set_text_content(Some(&thinking::scores_title(board, scores)));
        let note = thinking::scores_note(scores);
        set_hidden(&self.scores_note, note.is_none());
        self.scores_note.set_text_content(note);
        let lines = thinking::score_lines(scores, why);
        for (index, button) in self.score_buttons.iter().enumerate() {
            let line = lines.get(index);
            if let Some(item) = button.parent_element() {
                set_hidden(&item, line.is_none());
            }
            let Some(line) = line else {
                continue;
            };
            button.set_text_content(Some(&line.label));
            set_attribute(button, "data-why", &line.cell.to_string());
            let pressed = if line.chosen { "true" } else { "false" };
            set_attribute(button, "aria-pressed", pressed);
        }
        let why = thinking::why_panel(board, scores, why, thinking.replay.as_ref());
        set_hidden(&self.why_box, why.is_none());
        if let Some(why) = why {
            self.why_title.set_text_content(Some(&why.title));
            for (index, item) in self.why_moves.iter().enumerate() {
                let text = why.moves.get(index);
                set_hidden(item, text.is_none());
                let current = why.current == Some(index);
                set_optional_attribute(item, "aria-current", current.then_some("step"));
                if let Some(text) = text {
                    item.set_text_content(Some(text));
                }
            }
            set_text(&self.why_end, &why.end);
            let replay = thinking.replay.as_ref();
            let step = replay.map_or("Next move on the board", Replay::step_label);
            self.replay_step.set_text_content(Some(step));
            let playing = replay.is_some_and(|replay| replay.playing);
            let play = if playing {
                "Pause"
            } else {
                "Play on the board"
            };
            self.replay_play.set_text_content(Some(play));
            set_unavailable(
                &self.replay_clear,
                replay.is_none_or(|replay| replay.shown == 0),
            );
        }
    }

    /// Shows the statistics measured so far at `board` and at the position the computer last moved from (the
    /// rest are being measured, one search at a time).
    fn render_stats(&self, board: Board, thinking: &Thinking) {
        for (variant, cells) in self.stats_cells.iter().enumerate() {
            for (cell, column) in cells.iter().zip([StatsColumn::Now, StatsColumn::Last]) {
                cell.set_text_content(Some(&thinking.stats_cell_text(board, column, variant)));
            }
        }
    }
}
