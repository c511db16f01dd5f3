//! The panels that show how minimax thinks, one stack for every board, each showing what the position allows:
//! move scores, search statistics, the game tree, the practice (`practice_view.rs`) and the step-through. They are
//! built the first time one is shown, since most visits never open them. What they say is computed in
//! [`crate::panels`]; this module only draws it.

use super::dom::{
    add, add_button, add_control, set_attribute, set_hidden, set_optional_attribute,
    set_score_data, set_text, set_unavailable,
};
use super::note_view::NoteView;
use super::practice_view::PracticeView;
use super::step_view::StepView;
use super::tree_view::TreeView;
use crate::engine::{Score, Variant, CELLS};
use crate::game::Game;
use crate::panels::scores::{self, Replay, ScoreLine, Why};
use crate::panels::search_report::{self, SearchResults};
use crate::panels::statistics::{self, StatsColumn};
use crate::panels::thinking::Thinking;
use crate::panels::words::Convention;
use crate::state::{PanelBox, State};
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

/// The panels' elements, in the order a reader meets them.
struct Built {
    scores: ScoresPanel,
    stats: StatsPanel,
    practice: PracticeView,
    step: StepView,
    tree: TreeView,
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

    /// The game tree's node at `path`, if it is drawn.
    pub fn tree_node(&self, path: &[usize]) -> Option<HtmlElement> {
        self.built.get()?.tree.node(path)
    }

    /// The element of `panel`, once the panels are built.
    pub fn element(&self, panel: PanelBox) -> Option<Element> {
        let built = self.built.get()?;
        Some(
            match panel {
                PanelBox::Scores => &built.scores.panel,
                PanelBox::Stats => &built.stats.panel,
                PanelBox::Practice => &built.practice.panel,
                PanelBox::Step => &built.step.panel,
                PanelBox::Tree => &built.tree.panel,
            }
            .clone(),
        )
    }

    /// Shows the panels `state`'s settings ask for; `scores` are the move scores, when they are shown and known
    /// (the board's squares show them too).
    pub fn render(&self, state: &State, scores: Option<&[(usize, Score)]>) {
        let game = &state.game;
        let display = game.settings().display;
        let at_once = game.searchable_at_once();
        let any = !state.shown_panels().is_empty();
        set_hidden(&self.panels_box, !any);
        let built = if any {
            self.built
                .get_or_init(|| Built::build(&self.panels_box, &self.shadow, self.game))
        } else {
            match self.built.get() {
                Some(built) => built,
                None => return,
            }
        };
        let thinking = &state.thinking;
        built.scores.render(game, thinking, scores);
        built.stats.render(state);
        built.practice.render(state);
        // Where the whole tree cannot be searched at once, the step panel shows the practice's abstract tree, and
        // nothing else.
        let stepper = thinking
            .step
            .as_ref()
            .filter(|stepper| display.step && (at_once.is_some() || stepper.board().is_none()));
        set_hidden(&built.step.panel, !display.step);
        match (display.step, stepper) {
            (true, Some(stepper)) => built.step.render(
                stepper,
                thinking.step_running,
                thinking.step_heard,
                thinking.step_speed,
            ),
            (true, None) if at_once.is_none() => {
                built.step.render_note(&search_report::step_on_3x3())
            }
            _ => {}
        }
        set_hidden(&built.tree.panel, !display.tree);
        if display.tree {
            match at_once {
                Some(_) => {
                    let current = thinking.step_path_on_board().filter(|_| display.step);
                    let tree = &thinking.tree;
                    built
                        .tree
                        .render(tree, &thinking.preview, current.as_deref());
                }
                None => {
                    let board = game.board();
                    let moves = state.found.scores_at(&board, game.scoring_limits());
                    built.tree.render_one_move_deep(&board, moves);
                }
            }
        }
    }
}

impl Built {
    /// Builds the panels, hidden, into `panels`, for game number `game`.
    fn build(panels: &Element, shadow: &ShadowRoot, game: u32) -> Built {
        Built {
            scores: ScoresPanel::build(panels),
            stats: StatsPanel::build(panels),
            practice: PracticeView::build(panels, game),
            step: StepView::build(panels, game),
            tree: TreeView::build(panels, shadow, game),
        }
    }
}

/// The move scores' panel: its heading, its note (the convention, and whether the values are proved), then the
/// moves best first (each a
/// button that shows why, where a move's line of best play can be shown), and the line of best play after the one
/// chosen, with its replay.
struct ScoresPanel {
    panel: Element,
    title: Element,
    note: NoteView,
    list: Element,
    /// Each line of the list: its item, its button (where a move's line can be shown) and its text (elsewhere).
    lines: Vec<(Element, HtmlButtonElement, Element)>,
    why_box: Element,
    why_title: Element,
    why_moves: Vec<Element>,
    why_end: Element,
    replay: ReplayButtons,
}

impl ScoresPanel {
    fn build(panels: &Element) -> ScoresPanel {
        let panel = add(panels, "div", "ttt-panel ttt-scores", "");
        set_hidden(&panel, true);
        // Each panel starts with a heading (level 2, the game being a part of its page): a screen reader's way
        // from panel to panel. Not live regions: the status line alone speaks for each move.
        let title = add(&panel, "h2", "ttt-heading", "");
        let note = NoteView::build(&panel);
        let list = add(&panel, "ol", "ttt-score-list", "");
        let lines = (0..scores::LISTED_MOVES)
            .map(|_| {
                let item = add(&list, "li", "", "");
                let button = add_button(&item, "ttt-step", "");
                let text = add(&item, "span", "", "");
                (item, button, text)
            })
            .collect();
        let why_box = add(&panel, "div", "ttt-why", "");
        set_hidden(&why_box, true);
        let why_title = add(&why_box, "h3", "ttt-heading", "");
        let why_list = add(&why_box, "ol", "", "");
        let why_moves = (0..CELLS).map(|_| add(&why_list, "li", "", "")).collect();
        let why_end = add(&why_box, "p", "ttt-why-end", "");
        set_attribute(&why_end, "role", "status");
        let replay = ReplayButtons::build(&why_box);
        ScoresPanel {
            panel,
            title,
            note,
            list,
            lines,
            why_box,
            why_title,
            why_moves,
            why_end,
            replay,
        }
    }

    /// The move scores at the position on the board, `scores` once known, in the words of the panels'
    /// convention; and, where a move's line of best play can be shown, the chosen move's.
    fn render(&self, game: &Game, thinking: &Thinking, scores: Option<&[(usize, Score)]>) {
        let shown = game.settings().display.scores;
        set_hidden(&self.panel, !shown);
        if !shown {
            return;
        }
        let board = game.board();
        let convention = Convention::at(&board, game.settings().display.scoring);
        let explained = game.searchable_at_once();
        set_text(&self.title, &scores::scores_title(&board));
        let note = scores::scores_note(convention, &board, scores, explained.is_some());
        self.note.render(note.as_ref());
        let moves = scores.unwrap_or_default();
        let lines = scores::score_lines(convention, &board, moves, thinking.why);
        self.render_lines(&lines, explained.is_some());
        let why = explained.and_then(|board| {
            scores::why_panel(board, moves, thinking.why, thinking.replay.as_ref())
        });
        self.render_why(why.as_ref(), thinking.replay.as_ref());
    }

    /// The moves best first: buttons that show why where a move's line can be shown (`explained`), text elsewhere.
    fn render_lines(&self, lines: &[ScoreLine], explained: bool) {
        set_hidden(&self.list, lines.is_empty());
        for (index, (item, button, text)) in self.lines.iter().enumerate() {
            let line = lines.get(index);
            set_hidden(item, line.is_none());
            let Some(line) = line else {
                continue;
            };
            set_hidden(button, !explained);
            set_hidden(text, explained);
            let words: &Element = if explained { button } else { text };
            set_text(words, &line.label);
            set_attribute(item, "data-move", &line.cell.to_string());
            set_score_data(item, Some(&line.score));
            set_attribute(button, "data-why", &line.cell.to_string());
            let pressed = if line.chosen { "true" } else { "false" };
            set_attribute(button, "aria-pressed", pressed);
        }
    }

    /// The chosen move's line of best play, if there is one, with `replay` on the board.
    fn render_why(&self, why: Option<&Why>, replay: Option<&Replay>) {
        set_hidden(&self.why_box, why.is_none());
        let Some(why) = why else {
            return;
        };
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
        self.replay.render(replay);
    }
}

/// The statistics panel: on the 3x3 board a table with a row per refinement of minimax, a column for the position
/// on the board and one for the position the computer last moved from; on a bigger board the computer's last
/// search, its statistics and its horizon.
struct StatsPanel {
    panel: Element,
    title: Element,
    /// The 3x3 board's table and its notes.
    variants: Element,
    /// Per variant: the "this position" and "computer's last move" cells.
    cells: Vec<[Element; 2]>,
    /// A bigger board's last search.
    search: Element,
    sentence: Element,
    /// The replay on the board of the forced win the search found: where it is, and its controls.
    forced: Element,
    forced_status: Element,
    forced_replay: ReplayButtons,
    trouble: Element,
    table: Element,
    /// The statistics' value cells, in the order of [`search_report::statistics`].
    values: Vec<Element>,
    horizon_box: Element,
    horizon: Element,
}

impl StatsPanel {
    fn build(panels: &Element) -> StatsPanel {
        let panel = add(panels, "div", "ttt-panel ttt-stats", "");
        set_hidden(&panel, true);
        let title = add(&panel, "h2", "ttt-heading", "");
        let variants = add(&panel, "div", "ttt-variants", "");
        let cells = build_variants(&variants);
        let search = add(&panel, "div", "ttt-search", "");
        let sentence = add(&search, "p", "ttt-search-sentence", "");
        let trouble = add(&search, "p", "ttt-note", "");
        let forced = add(&search, "div", "ttt-forced", "");
        set_hidden(&forced, true);
        let forced_status = add(&forced, "p", "ttt-note", "");
        set_attribute(&forced_status, "role", "status");
        let forced_replay = ReplayButtons::build(&forced);
        let table = add(&search, "table", "", "");
        add(&table, "caption", "ttt-note", "Search statistics");
        let body = add(&table, "tbody", "", "");
        let values = search_report::STATISTICS
            .iter()
            .map(|name| {
                let row = add(&body, "tr", "", "");
                set_attribute(&add(&row, "th", "", name), "scope", "row");
                add(&row, "td", "", "")
            })
            .collect();
        let horizon_box = add(&search, "div", "ttt-horizon", "");
        add(
            &horizon_box,
            "h3",
            "ttt-heading",
            "The horizon: iterative deepening, one depth at a time",
        );
        let horizon = add(&horizon_box, "ol", "", "");
        StatsPanel {
            panel,
            title,
            variants,
            cells,
            search,
            sentence,
            forced,
            forced_status,
            forced_replay,
            trouble,
            table,
            values,
            horizon_box,
            horizon,
        }
    }

    fn render(&self, state: &State) {
        let (game, thinking, found) = (&state.game, &state.thinking, &state.found);
        let display = game.settings().display;
        // Plain minimax's count needs the whole tree: elsewhere the panel shows the computer's last search.
        let at_once = game.searchable_at_once();
        let shown = display.stats || (display.horizon && at_once.is_none());
        set_hidden(&self.panel, !shown);
        if !shown {
            return;
        }
        set_hidden(&self.variants, at_once.is_none());
        set_hidden(&self.search, at_once.is_some());
        match at_once {
            Some(board) => {
                set_text(&self.title, "Search statistics");
                for (variant, cells) in self.cells.iter().enumerate() {
                    for (cell, column) in cells.iter().zip([StatsColumn::Now, StatsColumn::Last]) {
                        let text = thinking.stats_cell_text(board, column, variant);
                        cell.set_text_content(Some(&text));
                    }
                }
            }
            None => {
                set_text(&self.title, "The computer's last search");
                self.render_search(game, found);
                self.render_forced(state.replay_line().is_some(), thinking.replay.as_ref());
            }
        }
    }

    /// The computer's last search on a bigger board: its sentence, the statistics and the horizon as shown.
    fn render_search(&self, game: &Game, found: &SearchResults) {
        let display = game.settings().display;
        set_hidden(&self.table, !display.stats);
        set_hidden(&self.horizon_box, !display.horizon);
        set_hidden(&self.trouble, found.trouble.is_none());
        if let Some(trouble) = &found.trouble {
            let text = format!(
                "The search could not run in the background: {trouble}. The computer thinks for a moment on the \
                 page itself instead, and plays what a shallower search finds."
            );
            set_text(&self.trouble, &text);
        }
        // The search of the computer's last move on the board: an undo or a look back in the history leaves none.
        let last = found
            .last
            .as_ref()
            .filter(|(position, _)| Some(*position) == game.computer_moved_from());
        let Some((position, thought)) = last else {
            set_text(
                &self.sentence,
                search_report::no_search_sentence(game.phase()),
            );
            for value in &self.values {
                set_text(value, "—");
            }
            // No depths to list: the sentence above says why, and a heading over nothing would not.
            set_hidden(&self.horizon_box, true);
            return;
        };
        set_text(
            &self.sentence,
            &search_report::search_sentence(position, thought),
        );
        for (cell, (_, value)) in self
            .values
            .iter()
            .zip(search_report::statistics(position, thought))
        {
            set_text(cell, &value);
        }
        self.horizon.set_text_content(None);
        for line in search_report::horizon(position, thought) {
            add(&self.horizon, "li", "", &line);
        }
    }

    /// The controls of the replay of the forced win on the board, when the last search found one from the
    /// position on the board (`offered`), with `replay` the one on show.
    fn render_forced(&self, offered: bool, replay: Option<&Replay>) {
        set_hidden(&self.forced, !offered);
        if !offered {
            return;
        }
        set_text(
            &self.forced_status,
            &replay.map_or_else(String::new, Replay::progress),
        );
        self.forced_replay.render(replay);
    }
}

/// The controls of a line replayed on the board (the 3x3 board's "why" line, a bigger board's forced win): a
/// move more, play or pause, and clear; each names its control in `data-replay`.
struct ReplayButtons {
    step: HtmlButtonElement,
    play: HtmlButtonElement,
    clear: HtmlButtonElement,
}

impl ReplayButtons {
    fn build(parent: &Element) -> ReplayButtons {
        let actions = add(parent, "div", "ttt-actions", "");
        let control = |text: &str, name: &str| {
            add_control(&actions, "ttt-button ttt-small", text, "data-replay", name)
        };
        ReplayButtons {
            step: control("Next move on the board", "step"),
            play: control("Play on the board", "play"),
            clear: control("Clear the marks", "clear"),
        }
    }

    /// The buttons' words for `replay`, the replay on show.
    fn render(&self, replay: Option<&Replay>) {
        let step = replay.map_or("Next move on the board", Replay::step_label);
        self.step.set_text_content(Some(step));
        let playing = replay.is_some_and(|replay| replay.playing);
        let play = if playing {
            "Pause"
        } else {
            "Play on the board"
        };
        self.play.set_text_content(Some(play));
        set_unavailable(&self.clear, replay.is_none_or(|replay| replay.shown == 0));
    }
}

/// The table of plain minimax and its refinements, after its note, into `parent`; the cells to fill in.
fn build_variants(parent: &Element) -> Vec<[Element; 2]> {
    NoteView::build(parent).render(Some(&statistics::stats_note()));
    let table = add(parent, "table", "", "");
    add(
        &table,
        "caption",
        "ttt-note",
        "Positions each search visits, and its median time in this browser",
    );
    let head_row = add(&add(&table, "thead", "", ""), "tr", "", "");
    for label in ["Search", "This position", "Computer's last move"] {
        set_attribute(&add(&head_row, "th", "", label), "scope", "col");
    }
    let body = add(&table, "tbody", "", "");
    let cells = Variant::ALL
        .iter()
        .map(|variant| {
            let row = add(&body, "tr", "", "");
            let name = add(&row, "th", "", variant.name());
            set_attribute(&name, "scope", "row");
            set_attribute(&name, "title", variant.description());
            [add(&row, "td", "", ""), add(&row, "td", "", "")]
        })
        .collect();
    cells
}
