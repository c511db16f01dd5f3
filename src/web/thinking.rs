//! The panels that show how minimax thinks: the switches, each move's score (on the squares and in a list), the
//! line of best play after a chosen move ("why this move"), and the search statistics. The switches are built with
//! the game, the panels the first time one is shown (85 of a game's 179 elements, which most visits never open);
//! all are rendered from the game and [`Thinking`].

use super::dom::{
    add, checkbox, radio_group, remove_attribute, set_attribute, set_hidden, toggle_class, value,
};
use super::tree::{TreeState, TreeView};
use crate::engine::{Board, Scoring, Variant, CELLS};
use crate::explain::{
    group_digits, line_in_words, millis, move_scores, outcome_words, signed, MoveScore,
};
use crate::game::{cell_name, Game};
use crate::prelude::*;
use crate::text::{cat, number};
use core::cell::OnceCell;
use wasm_bindgen::UnwrapThrowExt;
use web_sys::{Element, HtmlInputElement};

/// Nodes and time of one search.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Measured {
    /// Positions visited.
    pub nodes: u64,
    /// Time taken, in microseconds.
    pub micros: u64,
}

/// Search statistics of a position: one [`Measured`] per [`Variant`], in [`Variant::ALL`] order, once measured.
pub type Stats = (Board, [Option<Measured>; 4]);

/// Which column of the statistics a measurement is for.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum StatsColumn {
    /// The position on the board.
    Now,
    /// The position the computer last moved from.
    Last,
}

/// What the thinking panels show besides the game itself.
pub struct Thinking {
    /// The move whose line of best play is shown.
    pub why: Option<usize>,
    /// The game tree's state.
    pub tree: TreeState,
    /// The node previewed in the tree (its path from the root).
    pub preview: Vec<usize>,
    /// Statistics of the current position, once measured.
    pub stats_now: Option<Stats>,
    /// Statistics of the position the computer last moved from, once measured.
    pub stats_last: Option<Stats>,
    /// The position the computer last moved from.
    pub computer_moved_from: Option<Board>,
    /// Plain minimax at a position with moves is timed one first move per task (from the empty board it is one
    /// search of 549,946 positions, 25 ms here and four times that on a phone, too long to keep clicks and
    /// paints waiting): for which column and position, how many first moves are timed, and their sum.
    plain_so_far: Option<(StatsColumn, Board, usize, Measured)>,
}

impl Thinking {
    /// Nothing chosen, for a game at `board`.
    pub fn new(board: Board) -> Thinking {
        Thinking {
            why: None,
            tree: TreeState::new(board),
            preview: Vec::new(),
            stats_now: None,
            stats_last: None,
            computer_moved_from: None,
            plain_so_far: None,
        }
    }

    /// Follows the game to `board`: a new position closes what was about the old one.
    pub fn follow(&mut self, board: Board) {
        if self.tree.root != board {
            let alpha_beta = self.tree.alpha_beta;
            self.tree = TreeState::new(board);
            self.tree.alpha_beta = alpha_beta;
            self.why = None;
            self.preview.clear();
        }
    }

    /// Whether a statistic is missing for what is on show.
    pub fn stats_stale(&self, board: Board) -> bool {
        self.next_measurement(board).is_some()
    }

    /// The next search to time, one at a time: the first variant not yet measured at `board`, the position on
    /// the board, then at the position the computer last moved from. `None` when all are known.
    pub fn next_measurement(&self, board: Board) -> Option<(StatsColumn, Board, usize)> {
        let missing = |stats: &Option<Stats>, at: Board| match stats {
            Some((known, measured)) if *known == at => measured.iter().position(Option::is_none),
            _ => Some(0),
        };
        if let Some(variant) = missing(&self.stats_now, board) {
            return Some((StatsColumn::Now, board, variant));
        }
        let from = self.computer_moved_from?;
        missing(&self.stats_last, from).map(|variant| (StatsColumn::Last, from, variant))
    }

    /// The position to search next for variant number `variant` at `at`, for `column`: `at` itself, or, for plain
    /// minimax, the position after the next first move to time (see [`Thinking::record`]).
    pub fn next_search(&self, column: StatsColumn, at: Board, variant: usize) -> Board {
        let mut moves = at.legal_mask();
        if Variant::ALL[variant] != Variant::PlainMinimax || moves == 0 {
            return at;
        }
        // The first moves in cell order: drop those already timed.
        for _ in 0..self.plain_timed(column, at).0 {
            moves &= moves.wrapping_sub(1);
        }
        match moves {
            0 => at,
            _ => at.play(moves.trailing_zeros() as usize),
        }
    }

    /// How many first moves of plain minimax at `at` are timed for `column`, and their sum with one node for `at`
    /// itself (none timed yet: one node, no time). Inlined into its two callers, as it was written before it was
    /// shared: a call of its own made the module 19 bytes heavier gzipped.
    #[inline(always)]
    fn plain_timed(&self, column: StatsColumn, at: Board) -> (usize, Measured) {
        match self.plain_so_far {
            Some((known_column, known, timed, sum)) if (known_column, known) == (column, at) => {
                (timed, sum)
            }
            _ => (
                0,
                Measured {
                    nodes: 1,
                    micros: 0,
                },
            ),
        }
    }

    /// Keeps what the search [`Thinking::next_search`] gave measured, for variant number `variant` at `at` in
    /// `column`. Plain minimax at a position with moves is measured as the sum over its first moves (each search
    /// counting the position it starts from) and one node for `at` itself, which is what one search from `at`
    /// visits; it is known once every first move is timed.
    pub fn record(&mut self, column: StatsColumn, at: Board, variant: usize, measured: Measured) {
        let moves = at.legal_mask().count_ones() as usize;
        let measured = if Variant::ALL[variant] == Variant::PlainMinimax && moves > 0 {
            let (timed, sum) = self.plain_timed(column, at);
            let timed = timed + 1;
            let sum = Measured {
                nodes: sum.nodes + measured.nodes,
                micros: sum.micros + measured.micros,
            };
            if timed < moves {
                self.plain_so_far = Some((column, at, timed, sum));
                return;
            }
            self.plain_so_far = None;
            sum
        } else {
            measured
        };
        let stats = match column {
            StatsColumn::Now => &mut self.stats_now,
            StatsColumn::Last => &mut self.stats_last,
        };
        let known = match stats {
            Some((known, measured)) if *known == at => measured,
            _ => &mut stats.insert((at, [None; 4])).1,
        };
        known[variant] = Some(measured);
    }
}

/// The thinking switches, and the panels once one has been shown.
pub struct ThinkingView {
    scores_switch: HtmlInputElement,
    tree_switch: HtmlInputElement,
    stats_switch: HtmlInputElement,
    scoring_group: Element,
    scoring_inputs: Vec<HtmlInputElement>,
    /// Where the panels go.
    panels_box: Element,
    /// The game's number, for the panels' ids.
    game: u32,
    /// The panels, built the first time one of them is shown: most games never open them, and they are most of
    /// the game's elements (a quicker start, a smaller page).
    panels: OnceCell<Panels>,
}

/// The three panels' elements: move scores (with "why"), search statistics, and the game tree.
struct Panels {
    scores_panel: Element,
    scores_title: Element,
    score_buttons: Vec<Element>,
    why_box: Element,
    why_title: Element,
    why_moves: Vec<Element>,
    why_end: Element,
    stats_panel: Element,
    /// Per variant: the "this position" and "computer's last move" cells.
    stats_cells: Vec<[Element; 2]>,
    tree: TreeView,
}

impl ThinkingView {
    /// Builds the switches into `controls` and the panels into `panels`, for game number `game`.
    pub fn build(controls: &Element, panels: &Element, game: u32) -> ThinkingView {
        let switches = add(controls, "fieldset", "ttt-choice", "");
        add(&switches, "legend", "", "Show how minimax thinks");
        let scores_switch = checkbox(&switches, "scores", "Move scores");
        let tree_switch = checkbox(&switches, "tree", "Game tree");
        let stats_switch = checkbox(&switches, "stats", "Search statistics");

        let (scoring_group, scoring_inputs) = radio_group(
            controls,
            game,
            "scoring",
            "Scores",
            &[
                ("depth", "Depth-aware: 10 minus marks"),
                ("plain", "Plain: +1, 0, -1"),
            ],
        );
        set_attribute(&scoring_group, "class", "ttt-choice ttt-scoring");
        add(
            &scoring_group,
            "p",
            "ttt-note",
            "Plain scores rate a win five moves away as high as a win now, so a minimax that keeps the first of equal moves can win later than it could; depth-aware scores prefer the quickest win and the slowest loss.",
        );

        ThinkingView {
            scores_switch,
            tree_switch,
            stats_switch,
            scoring_group,
            scoring_inputs,
            panels_box: panels.clone(),
            game,
            panels: OnceCell::new(),
        }
    }

    /// The game tree panel, if it has been built.
    pub fn tree(&self) -> Option<&TreeView> {
        self.panels.get().map(|panels| &panels.tree)
    }

    /// Shows the panels for `game` and `thinking`; `cells` are the board's buttons, which get their scores.
    pub fn render(&self, game: &Game, thinking: &Thinking, cells: &[Element]) {
        let display = game.settings().display;
        let board = game.board();
        self.scores_switch.set_checked(display.scores);
        self.tree_switch.set_checked(display.tree);
        self.stats_switch.set_checked(display.stats);
        let scoring_name = match display.scoring {
            Scoring::DepthAware => "depth",
            Scoring::Plain => "plain",
        };
        for input in &self.scoring_inputs {
            input.set_checked(value(input) == scoring_name);
        }
        set_hidden(&self.scoring_group, !display.scores);

        let scores = if display.scores {
            move_scores(board, display.scoring)
        } else {
            Vec::new()
        };
        self.render_cells(cells, &scores);

        let shown = display.scores || display.stats || display.tree;
        let panels = if shown {
            Some(
                self.panels
                    .get_or_init(|| Panels::build(&self.panels_box, self.game)),
            )
        } else {
            self.panels.get()
        };
        let Some(panels) = panels else {
            return;
        };
        set_hidden(&panels.scores_panel, !display.scores);
        if display.scores {
            panels.render_scores(board, &scores, thinking.why);
        }

        set_hidden(&panels.stats_panel, !display.stats);
        if display.stats {
            panels.render_stats(board, thinking);
        }

        set_hidden(&panels.tree.panel, !display.tree);
        if display.tree {
            panels.tree.render(&thinking.tree, &thinking.preview);
        }
    }

    /// Shows the statistics measured so far (nothing before the panels are built).
    pub fn render_stats(&self, board: Board, thinking: &Thinking) {
        if let Some(panels) = self.panels.get() {
            panels.render_stats(board, thinking);
        }
    }

    /// Puts each empty square's score on its button (`data-outcome`, `data-plies`, words in the square).
    fn render_cells(&self, cells: &[Element], scores: &[MoveScore]) {
        for (cell, button) in cells.iter().enumerate() {
            let score = scores.iter().find(|entry| entry.cell == cell);
            match score {
                Some(entry) => {
                    set_attribute(button, "data-outcome", entry.value.outcome.as_str());
                    set_attribute(button, "data-plies", &number(entry.value.plies.into()));
                    // The name holds the visible words as they are (label in name), then "best move".
                    let words = cat(&[&outcome_words(entry.value), " ", &signed(entry.score)]);
                    button.set_text_content(Some(&words));
                    let mut label = button.get_attribute("aria-label").unwrap_or_default();
                    label.push_str(", score ");
                    label.push_str(&words);
                    if entry.best {
                        label.push_str(", best move");
                    }
                    set_attribute(button, "aria-label", &label);
                }
                None => {
                    remove_attribute(button, "data-outcome");
                    remove_attribute(button, "data-plies");
                }
            }
            toggle_class(button, "ttt-scored", score.is_some());
            toggle_class(button, "ttt-best", score.is_some_and(|entry| entry.best));
        }
    }
}

impl Panels {
    /// Builds the panels, hidden, into `panels`, for game number `game`.
    fn build(panels: &Element, game: u32) -> Panels {
        let scores_panel = add(panels, "div", "ttt-panel ttt-scores", "");
        set_hidden(&scores_panel, true);
        let scores_title = add(&scores_panel, "p", "ttt-heading", "");
        add(
            &scores_panel,
            "p",
            "ttt-note",
            "Choose a move to see why: the line of best play that follows it.",
        );
        let list = add(&scores_panel, "ol", "ttt-score-list", "");
        let mut score_buttons = Vec::with_capacity(CELLS);
        for _ in 0..CELLS {
            let button = add(&add(&list, "li", "", ""), "button", "ttt-step", "");
            set_attribute(&button, "type", "button");
            score_buttons.push(button);
        }
        let why_box = add(&scores_panel, "div", "ttt-why", "");
        set_hidden(&why_box, true);
        let why_title = add(&why_box, "p", "ttt-heading", "");
        let why_list = add(&why_box, "ol", "", "");
        let mut why_moves = Vec::with_capacity(CELLS);
        for _ in 0..CELLS {
            why_moves.push(add(&why_list, "li", "", ""));
        }
        let why_end = add(&why_box, "p", "ttt-why-end", "");
        set_attribute(&why_end, "role", "status");

        let stats_panel = add(panels, "div", "ttt-panel ttt-stats", "");
        set_hidden(&stats_panel, true);
        let table = add(&stats_panel, "table", "", "");
        add(
            &table,
            "caption",
            "ttt-heading",
            "Positions visited by each search",
        );
        let head_row = add(&add(&table, "thead", "", ""), "tr", "", "");
        for label in ["Search", "This position", "Computer's last move"] {
            set_attribute(&add(&head_row, "th", "", label), "scope", "col");
        }
        let body = add(&table, "tbody", "", "");
        let mut stats_cells = Vec::with_capacity(Variant::ALL.len());
        for variant in Variant::ALL {
            let row = add(&body, "tr", "", "");
            let name = add(&row, "th", "", variant.name());
            set_attribute(&name, "scope", "row");
            set_attribute(&name, "title", variant.description());
            stats_cells.push([add(&row, "td", "", ""), add(&row, "td", "", "")]);
        }
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

        let tree = TreeView::build(panels, game);

        Panels {
            scores_panel,
            scores_title,
            score_buttons,
            why_box,
            why_title,
            why_moves,
            why_end,
            stats_panel,
            stats_cells,
            tree,
        }
    }

    fn render_scores(&self, board: Board, scores: &[MoveScore], why: Option<usize>) {
        let title = if scores.is_empty() {
            "Move scores: the game is over.".to_owned()
        } else {
            cat(&["Move scores for ", board.to_move().name(), ", best first"])
        };
        self.scores_title.set_text_content(Some(&title));
        let mut ordered: Vec<&MoveScore> = scores.iter().collect();
        crate::analysis::sort_moves(&mut ordered, |a, b| {
            (b.score, b.value, a.cell) < (a.score, a.value, b.cell)
        });
        for (index, button) in self.score_buttons.iter().enumerate() {
            let item = button.parent_element().unwrap_throw();
            let Some(entry) = ordered.get(index) else {
                set_hidden(&item, true);
                continue;
            };
            set_hidden(&item, false);
            let mut label = cat(&[
                &cell_name(entry.cell),
                ": ",
                &outcome_words(entry.value),
                " (",
                &signed(entry.score),
                ")",
            ]);
            if entry.best {
                label.push_str(", best");
            }
            button.set_text_content(Some(&label));
            set_attribute(button, "data-why", &number(entry.cell as u64));
            let chosen = why == Some(entry.cell);
            set_attribute(
                button,
                "aria-pressed",
                if chosen { "true" } else { "false" },
            );
        }
        let chosen = why.filter(|cell| scores.iter().any(|entry| entry.cell == *cell));
        set_hidden(&self.why_box, chosen.is_none());
        if let Some(cell) = chosen {
            let (moves, end) = line_in_words(board, cell);
            self.why_title.set_text_content(Some(&cat(&[
                "Why: if ",
                board.to_move().name(),
                " plays ",
                &cell_name(cell),
                ", best play continues",
            ])));
            for (index, item) in self.why_moves.iter().enumerate() {
                set_hidden(item, index >= moves.len());
                if let Some(text) = moves.get(index) {
                    item.set_text_content(Some(text));
                }
            }
            let plies = moves.len();
            let unit = if plies == 1 { " move." } else { " moves." };
            self.why_end.set_text_content(Some(&cat(&[
                &end,
                " after ",
                &number(plies as u64),
                unit,
            ])));
        }
    }

    /// Shows the statistics measured so far at `board` and at the position the computer last moved from (the
    /// rest are being measured, one search at a time).
    pub fn render_stats(&self, board: Board, thinking: &Thinking) {
        let show = |stats: Option<&Stats>, at: Option<Board>, column: usize, missing: &str| {
            let measured = stats.filter(|(known, _)| Some(*known) == at);
            for (row, cells) in self.stats_cells.iter().enumerate() {
                let text = match measured.and_then(|(_, measured)| measured[row]) {
                    Some(measured) => cat(&[
                        &group_digits(measured.nodes),
                        " nodes, ",
                        &millis(measured.micros),
                        " ms",
                    ]),
                    None => missing.to_owned(),
                };
                cells[column].set_text_content(Some(&text));
            }
        };
        show(thinking.stats_now.as_ref(), Some(board), 0, "measuring…");
        let from = thinking.computer_moved_from;
        let last_missing = if from.is_some() {
            "measuring…"
        } else {
            "no move yet"
        };
        show(thinking.stats_last.as_ref(), from, 1, last_missing);
    }
}
