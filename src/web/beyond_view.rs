//! The panels on a board bigger than 3x3: the computer's last search (a sentence, its statistics and its
//! horizon), the title of the move scores, the game tree one move deep and why, and why the step-through stays
//! with the 3x3 board. What they say is computed in [`crate::beyond`]; this module only draws it.

use super::dom::{add, set_attribute, set_hidden, set_score_data};
use crate::beyond::{self, Beyond, STEP_ON_3X3, TREE_HEADING};
use crate::engine::{Grid, Score};
use crate::game::Game;
use crate::settings::Display;
use crate::squares::ScoreData;
use std::cell::RefCell;
use web_sys::Element;

/// A position of a bigger board and its moves' verdicts, as the game tree one move deep shows them.
type TreeDrawn = (Grid, Vec<(usize, Score)>);

/// The elements of the panels on a bigger board (hidden until shown).
pub struct BeyondView {
    search_panel: Element,
    sentence: Element,
    trouble: Element,
    table: Element,
    /// The statistics' value cells, in the order of [`beyond::statistics`].
    values: Vec<Element>,
    horizon_box: Element,
    horizon: Element,
    scores_panel: Element,
    scores_verdict: Element,
    tree_panel: Element,
    tree_note: Element,
    tree_status: Element,
    tree_list: Element,
    /// The position and moves the tree's list was last drawn from.
    tree_drawn: RefCell<Option<TreeDrawn>>,
    step_note: Element,
}

/// The move scores' panel, hidden, and its line that says whether they are proved.
fn build_scores_panel(panels: &Element) -> (Element, Element) {
    let scores_panel = add(panels, "div", "ttt-panel ttt-board-scores", "");
    set_hidden(&scores_panel, true);
    // Not live regions: on a bigger board the status line alone speaks for each move, where the panels'
    // progress ("Scoring every move…") would add four announcements more.
    add(&scores_panel, "h2", "ttt-heading", "Move scores");
    // Whether the values are proved or estimates, under the heading rather than as it: a heading is a title.
    let scores_verdict = add(&scores_panel, "p", "ttt-verdict", "");
    add(
        &scores_panel,
        "p",
        "ttt-note",
        "Each empty square shows the value of playing there for the side to move: win, draw or loss and in \
         how many moves (this one included) when proved; an estimate (+ good, − bad, ± even) where the clock \
         stopped the search first.",
    );
    (scores_panel, scores_verdict)
}

/// The game tree's panel, hidden, with its note, its status line and its list of moves.
fn build_tree_panel(panels: &Element) -> (Element, Element, Element, Element) {
    let tree_panel = add(panels, "div", "ttt-panel ttt-board-tree", "");
    set_hidden(&tree_panel, true);
    add(&tree_panel, "h2", "ttt-heading", TREE_HEADING);
    let tree_note = add(&tree_panel, "p", "ttt-note", "");
    let tree_status = add(&tree_panel, "p", "", "");
    let tree_list = add(&tree_panel, "ul", "ttt-board-tree-moves", "");
    set_attribute(&tree_list, "aria-label", TREE_HEADING);
    // It scrolls when long: a keyboard reaches it to scroll it.
    set_attribute(&tree_list, "tabindex", "0");
    (tree_panel, tree_note, tree_status, tree_list)
}

impl BeyondView {
    /// Builds the panels, hidden, into `panels`.
    pub fn build(panels: &Element) -> BeyondView {
        let (scores_panel, scores_verdict) = build_scores_panel(panels);

        let search_panel = add(panels, "div", "ttt-panel ttt-search", "");
        set_hidden(&search_panel, true);
        add(
            &search_panel,
            "h2",
            "ttt-heading",
            "The computer's last search",
        );
        let sentence = add(&search_panel, "p", "ttt-search-sentence", "");
        let trouble = add(&search_panel, "p", "ttt-note", "");
        set_hidden(&trouble, true);
        let table = add(&search_panel, "table", "", "");
        add(&table, "caption", "ttt-note", "Search statistics");
        let body = add(&table, "tbody", "", "");
        let values = beyond::STATISTICS
            .iter()
            .map(|name| {
                let row = add(&body, "tr", "", "");
                set_attribute(&add(&row, "th", "", name), "scope", "row");
                add(&row, "td", "", "")
            })
            .collect();
        let horizon_box = add(&search_panel, "div", "ttt-horizon", "");
        add(
            &horizon_box,
            "h3",
            "ttt-heading",
            "The horizon: iterative deepening, one depth at a time",
        );
        let horizon = add(&horizon_box, "ol", "", "");

        let (tree_panel, tree_note, tree_status, tree_list) = build_tree_panel(panels);

        let step_note = add(panels, "p", "ttt-panel ttt-note", STEP_ON_3X3);
        set_hidden(&step_note, true);
        BeyondView {
            search_panel,
            sentence,
            trouble,
            table,
            values,
            horizon_box,
            horizon,
            scores_panel,
            scores_verdict,
            tree_panel,
            tree_note,
            tree_status,
            tree_list,
            tree_drawn: RefCell::new(None),
            step_note,
        }
    }

    /// Hides every panel of a bigger board (the game is on the 3x3 board).
    pub fn hide(&self) {
        for panel in [
            &self.search_panel,
            &self.scores_panel,
            &self.tree_panel,
            &self.step_note,
        ] {
            set_hidden(panel, true);
        }
    }

    /// The game tree one move deep at `board`: why only so deep, then each move and the value its search found
    /// (`moves`, once found). The list is drawn again only when the position or the moves changed.
    fn render_tree(&self, board: &Grid, moves: Option<&[(usize, Score)]>) {
        let status = if board.is_over() {
            "The game is over: the tree has no moves."
        } else if moves.is_none() {
            "Searching every move…"
        } else {
            ""
        };
        self.tree_status.set_text_content(Some(status));
        let wanted = (*board, moves.unwrap_or_default().to_vec());
        if self.tree_drawn.borrow().as_ref() == Some(&wanted) {
            return;
        }
        self.tree_note
            .set_text_content(Some(&beyond::tree_depth_note(board)));
        self.tree_list.set_text_content(None);
        for (cell, verdict) in &wanted.1 {
            let item = add(
                &self.tree_list,
                "li",
                "",
                &beyond::tree_move_words(board, *cell, verdict),
            );
            set_attribute(&item, "data-move", &cell.to_string());
            set_score_data(&item, Some(&ScoreData::of(verdict)));
        }
        *self.tree_drawn.borrow_mut() = Some(wanted);
    }

    /// Shows what `display` asks for of the searches on `game`'s bigger board.
    pub fn render(&self, game: &Game, beyond: &Beyond, display: Display) {
        set_hidden(&self.step_note, !display.step);
        set_hidden(&self.scores_panel, !display.scores);
        set_hidden(&self.tree_panel, !display.tree);
        let board = game.board();
        let moves = beyond.scores_at(&board, game.scoring_limits());
        if display.scores {
            let verdict = if board.is_over() {
                "The game is over: no move is left to score."
            } else {
                match moves {
                    Some(moves) => beyond::scores_verdict(moves),
                    None => "Scoring every move…",
                }
            };
            self.scores_verdict.set_text_content(Some(verdict));
        }
        if display.tree {
            self.render_tree(&board, moves);
        }
        let shown = display.stats || display.horizon;
        set_hidden(&self.search_panel, !shown);
        if !shown {
            return;
        }
        set_hidden(&self.table, !display.stats);
        set_hidden(&self.horizon_box, !display.horizon);
        set_hidden(&self.trouble, beyond.trouble.is_none());
        if let Some(trouble) = &beyond.trouble {
            let text = format!(
                "The search could not run in the background: {trouble}. The computer thinks for a moment on the \
                 page itself instead, and plays what a shallower search finds."
            );
            self.trouble.set_text_content(Some(&text));
        }
        // The search of the computer's last move on the board: an undo or a look back in the history leaves none.
        let last = beyond
            .last
            .as_ref()
            .filter(|(position, _)| Some(*position) == game.computer_moved_from());
        let Some((position, thought)) = last else {
            self.sentence
                .set_text_content(Some(beyond::no_search_sentence(game.phase())));
            for value in &self.values {
                value.set_text_content(Some("—"));
            }
            // No depths to list: the sentence above says why, and a heading over nothing would not.
            set_hidden(&self.horizon_box, true);
            return;
        };
        self.sentence
            .set_text_content(Some(&beyond::search_sentence(position, thought)));
        for (cell, (_, value)) in self
            .values
            .iter()
            .zip(beyond::statistics(position, thought))
        {
            cell.set_text_content(Some(&value));
        }
        self.horizon.set_text_content(None);
        for line in beyond::horizon(position, thought) {
            add(&self.horizon, "li", "", &line);
        }
    }
}
