//! The elements of one game, built once, and the render that draws a game's [`State`] into them.
//!
//! Render is a function of the state: it sets texts, attributes, classes and control states on the elements
//! built here (the problem notices and the game tree's list alone are built again, when what they show changed).
//! Nothing here parses HTML: every outside text is set with `textContent` or as an attribute value.

use super::disclosure::{Disclosure, Under};
use super::dom::{
    add, add_button, add_control, add_input, add_typed, create, game_id, radio_group,
    set_attribute, set_hidden, set_optional_attribute, set_score_data, set_text, set_unavailable,
    toggle_class,
};
use super::host::Host;
use super::panels::Panels;
use super::panic;
use super::switches::Switches;
use crate::engine::{Level, Player, Rule, Score, Shape};
use crate::game::{column_letter, Phase};
use crate::panels::embed::Snippet;
use crate::settings::{
    level_label, shape_label, Group, Mode, Name, Theme, BOARD_PRESETS, RULE_BOARD, THINK_RANGE_MS,
};
use crate::squares::{squares, Square};
use crate::state::{PanelBox, Problem, Share, State};
use std::cell::{Cell, RefCell};
use std::sync::atomic::{AtomicU32, Ordering};
use wasm_bindgen::JsCast;
use web_sys::{
    Document, Element, HtmlButtonElement, HtmlElement, HtmlInputElement, HtmlSelectElement,
    HtmlTextAreaElement,
};

/// Gives each game a number of its own, for its radio groups' names and its element ids.
static GAMES_MOUNTED: AtomicU32 = AtomicU32::new(0);

/// The elements of one game.
pub struct View {
    /// The game's own element, the only child of its shadow root.
    pub root: Element,
    panic_notice: Element,
    problems_box: Element,
    /// The problems the notices show.
    problems_drawn: RefCell<Vec<Problem>>,
    status: Element,
    /// The board's frame (with the board's size and its coordinates), the board's element, and its squares in
    /// cell order, built again when the board changes size.
    frame: HtmlElement,
    board: HtmlElement,
    /// The coordinates along a bigger board's left edge (row numbers) and bottom edge (column letters).
    rows_axis: Element,
    cols_axis: Element,
    cells: RefCell<Vec<HtmlButtonElement>>,
    /// The squares as they were last drawn: a render draws again only those that changed.
    drawn: RefCell<Vec<Square>>,
    /// The board the squares were built for.
    shape: Cell<Shape>,
    undo: HtmlButtonElement,
    hint: HtmlButtonElement,
    /// The hint in words, under the buttons.
    hint_line: Element,
    share: ShareBox,
    /// The Embed box, and the button that opens it.
    embed: EmbedBox,
    controls: GameControls,
    /// The switches of the panels that show how minimax thinks.
    switches: Switches,
    /// What the panels' column says while no panel is open.
    panels_note: Element,
    /// The panels themselves.
    panels: Panels,
    /// The move history's list, and its buttons so far (one for the start and one per move, added as the game
    /// grows).
    history_list: Element,
    history: RefCell<Vec<HtmlButtonElement>>,
    tally: Element,
    /// The tally's Reset button, hidden where no tally is shown.
    reset_tally: HtmlButtonElement,
    /// The "Settings" disclosure of a game in a post, which holds the controls not in view.
    disclosure: Disclosure,
    /// The game's own page, whose heading and title name the game on the board (`None` for a game in a post).
    page: Option<Page>,
    /// The theme drawn (`None` before the first render).
    theme: Cell<Option<Theme>>,
}

/// The game's own page: its heading and its document, whose title names the game on the board.
struct Page {
    heading: Element,
    document: Document,
}

impl Page {
    /// The page of `document`, whose first `<h1>` is its heading; `None` if it has none.
    fn of(document: &Document) -> Option<Page> {
        let heading = document.query_selector("h1").ok().flatten()?;
        Some(Page {
            heading,
            document: document.clone(),
        })
    }

    /// Names the page `title` ("Gomoku against minimax"), in its heading and its title.
    fn render(&self, title: &str) {
        if self.document.title() != title {
            self.document.set_title(title);
            self.heading.set_text_content(Some(title));
        }
    }

    /// Gives the page the game's colours (style.css reads `data-theme` on its root element).
    fn theme(&self, theme: Theme) {
        if let Some(root) = self.document.document_element() {
            set_attribute(&root, "data-theme", theme.name());
        }
    }
}

/// The link Share makes, and whether it was copied.
struct ShareBox {
    panel: Element,
    link: HtmlInputElement,
    note: Element,
}

/// Who plays whom, how well, and on which board.
struct GameControls {
    /// The board control with its label.
    board_group: Element,
    board_select: HtmlSelectElement,
    /// The board control's last choice, which names a board of no preset (one a URL asked for).
    other_board: Element,
    /// The computer's time per move (it matters on a bigger board only).
    think: ThinkControl,
    mode_group: Element,
    mode_inputs: Vec<HtmlInputElement>,
    side_group: Element,
    side_inputs: Vec<HtmlInputElement>,
    level_group: Element,
    level_select: HtmlSelectElement,
    /// The level select's options, in the order of `Level::ALL`: the deepest is named by the board.
    level_options: Vec<Element>,
    level_note: Element,
}

/// The buttons of the row of actions under the board that the game changes or moves.
struct Actions {
    /// Undo, which the game turns on and off.
    undo: HtmlButtonElement,
    /// Hint, which the game turns on and off; it may wait under a post's Settings.
    hint: HtmlButtonElement,
    /// Share, which may wait under a post's Settings.
    share: HtmlButtonElement,
    /// Embed, which opens and closes its box; it waits with Share.
    embed: HtmlButtonElement,
}

/// The row of actions under the board.
fn build_actions(play: &Element) -> Actions {
    let row = add(play, "div", "ttt-actions", "");
    let action =
        |text: &str, name: &str| add_control(&row, "ttt-button", text, "data-action", name);
    action("New game", "new-game");
    let undo = action("Undo", "undo");
    let hint = action("Hint", "hint");
    let share = action("Share", "share");
    let embed = action("Embed", "embed");
    Actions {
        undo,
        hint,
        share,
        embed,
    }
}

impl View {
    /// Builds the game's elements in `host`'s document (not yet attached); on the game's own page (`page`), its
    /// heading and title name the game on the board.
    pub fn build(host: &Host, page: bool) -> View {
        let id = GAMES_MOUNTED.fetch_add(1, Ordering::Relaxed);
        let root = build_root(&host.document);
        let play = add(&root, "div", "ttt-play", "");
        let panic_notice = build_panic_notice(&play);
        let problems_box = add(&play, "div", "ttt-problems", "");
        set_hidden(&problems_box, true);
        let status = add_status_line(&play, "ttt-status");
        let (frame, board, rows_axis, cols_axis) = build_board(&play);
        let actions = build_actions(&play);
        let hint_line = add_status_line(&play, "ttt-hint-line");
        let share = ShareBox::build(&play);
        let embed = EmbedBox::build(&play, &actions.embed, id);
        // The board comes first, the controls under it: on a phone the game is what the page opens on.
        let controls_box = add(&play, "div", "ttt-controls", "");
        let controls = GameControls::build(&controls_box, id);
        // The panels' column (their switches, a note while none is open, the panels), then the moves and the
        // tally, are the game root's own: in this order on a phone, which is the order of the Tab key and of a
        // screen reader; on a wide screen the column is beside the play from the start and the moves and the tally
        // sit under the play (see panels.css).
        let aside = add(&root, "div", "ttt-aside", "");
        let switches = Switches::build(&aside, id);
        let panels_note = add(&aside, "p", "ttt-note ttt-aside-note", "");
        let panels = Panels::new(&add(&aside, "div", "ttt-panels", ""), &host.shadow, id);
        let (history_box, history_list) = build_history(&root, id);
        let (tally_box, tally, reset_tally) = build_tally(&root);
        let disclosure = build_disclosure(
            &play,
            &actions,
            (&share, &embed),
            (&controls_box, &controls),
            (&switches, &panels_note),
            [&history_box, &tally_box],
        );
        let Actions { undo, hint, .. } = actions;
        View {
            root,
            panic_notice,
            problems_box,
            problems_drawn: RefCell::new(Vec::new()),
            status,
            frame,
            board,
            rows_axis,
            cols_axis,
            cells: RefCell::new(Vec::new()),
            drawn: RefCell::new(Vec::new()),
            // No board has no rows: the first render builds the squares.
            shape: Cell::new(Shape::CLASSIC),
            undo,
            hint,
            hint_line,
            share,
            embed,
            controls,
            switches,
            panels_note,
            panels,
            history_list,
            history: RefCell::new(Vec::new()),
            tally,
            reset_tally,
            disclosure,
            page: page.then(|| Page::of(&host.document)).flatten(),
            theme: Cell::new(None),
        }
        .with_squares(Shape::CLASSIC)
    }

    /// The view with the squares of a board of `shape`.
    fn with_squares(self, shape: Shape) -> View {
        self.build_squares(shape);
        self
    }

    /// Builds the squares of a board of `shape` in place of the ones there were, with its coordinates.
    fn build_squares(&self, shape: Shape) {
        self.board.set_text_content(None);
        let frame = &self.frame;
        let style = frame.style();
        let long = shape.rows().max(shape.cols());
        for (property, value) in [
            ("--ttt-rows", shape.rows()),
            ("--ttt-cols", shape.cols()),
            ("--ttt-long", long),
        ] {
            style
                .set_property(property, &value.to_string())
                .unwrap_or_else(|_| unreachable!("a custom property takes any value"));
        }
        // Past 5 a side the squares are drawn closer together, their marks smaller.
        toggle_class(frame, "ttt-big", long > 5);
        let coordinates = shape != Shape::CLASSIC;
        toggle_class(frame, "ttt-coordinates", coordinates);
        for axis in [&self.rows_axis, &self.cols_axis] {
            axis.set_text_content(None);
        }
        if coordinates {
            for row in (1..=shape.rows()).rev() {
                add(&self.rows_axis, "span", "", &row.to_string());
            }
            for col in 0..shape.cols() {
                add(&self.cols_axis, "span", "", &column_letter(col).to_string());
            }
        }
        let cells = (0..shape.cells())
            .map(|cell| {
                let button = add_button(&self.board, "ttt-cell", "");
                set_attribute(&button, "data-cell", &cell.to_string());
                // Where it is, for a square a touch marks to grow towards the board's middle.
                let style = button.style();
                for (property, value) in [
                    ("--ttt-row", cell / shape.cols()),
                    ("--ttt-col", cell % shape.cols()),
                ] {
                    style
                        .set_property(property, &value.to_string())
                        .unwrap_or_else(|_| unreachable!("a custom property takes any value"));
                }
                button
            })
            .collect();
        *self.cells.borrow_mut() = cells;
        // New squares show nothing yet: every one is drawn.
        self.drawn.borrow_mut().clear();
        self.shape.set(shape);
    }

    /// Draws `state`: every text, attribute, class and control state that depends on it.
    pub fn render(&self, state: &State) {
        let theme = state.game.settings().theme;
        if self.theme.replace(Some(theme)) != Some(theme) {
            set_attribute(&self.root, "data-theme", theme.name());
            if let Some(page) = &self.page {
                page.theme(theme);
            }
        }
        if let Some(page) = &self.page {
            page.render(&state.title());
        }
        if self.shape.get() != state.game.shape() {
            self.build_squares(state.game.shape());
        }
        let scores = state.move_scores();
        self.render_board(state, scores.as_deref());
        self.render_problems(&state.problems);
        self.controls.render(state);
        self.share.render(state.share.as_ref());
        self.embed.render(state);
        self.render_history(state);
        let key = state.game.tally_key();
        let tally = key.map_or_else(
            || "The tally counts games on the 3x3 board.".to_owned(),
            |key| state.tally.sentence(key),
        );
        // Only when it changes: the tally is a live region, which a screen reader may read again at each write.
        set_text(&self.tally, &tally);
        set_hidden(&self.reset_tally, key.is_none());
        self.switches.render(&state.game);
        let note = state.panels_note();
        set_hidden(&self.panels_note, note.is_none());
        set_text(&self.panels_note, note.unwrap_or_default());
        self.panels.render(state, scores.as_deref());
        self.disclosure.render(state.controls_in_view());
    }

    /// The notices above the board (settings that were not understood, what the game says of the page), built
    /// again when they change.
    fn render_problems(&self, problems: &[Problem]) {
        if *self.problems_drawn.borrow() == problems {
            return;
        }
        self.problems_box.set_text_content(None);
        // Empty, it takes no room, and no gap above the status line.
        set_hidden(&self.problems_box, problems.is_empty());
        for problem in problems {
            let notice = add(&self.problems_box, "p", "ttt-notice", &problem.sentence);
            set_attribute(&notice, "role", "alert");
        }
        *self.problems_drawn.borrow_mut() = problems.to_vec();
    }

    fn render_board(&self, state: &State, scores: Option<&[(usize, Score)]>) {
        let game = &state.game;
        let squares = squares(
            game,
            state.focus_cell,
            state.aimed(),
            scores,
            state.thinking.replay.as_ref(),
        );
        let mut drawn = self.drawn.borrow_mut();
        // The board's tab stop first, while the page's layout is as it was drawn: the square just clicked has
        // focus, and a focused element whose tabindex changes makes the browser lay the page out at once to
        // check that it can still be focused, which after other changes took 28 ms on a 15x15 board.
        for ((cell, button), square) in self.cells.borrow().iter().enumerate().zip(&squares) {
            if drawn
                .get(cell)
                .is_none_or(|before| before.tab_stop != square.tab_stop)
            {
                button.set_tab_index(if square.tab_stop { 0 } else { -1 });
            }
        }
        set_text(&self.status, &state.status_text());
        set_text(&self.hint_line, &game.hint_text().unwrap_or_default());
        // While the computer searches in its worker, the board says so to everyone (a spinner for the eyes,
        // aria-busy for screen readers).
        let thinking = game.phase() == Phase::ComputerToMove && !state.computer_due();
        toggle_class(&self.board, "ttt-thinking", thinking);
        set_optional_attribute(&self.board, "aria-busy", thinking.then_some("true"));
        // No square can be played until it is a person's turn: said once, on the board (a group whose focusable
        // squares it disables), where saying it on each square made the browser style all 225 again each move.
        set_unavailable(&self.board, game.phase() != Phase::HumanToMove);
        for ((cell, button), square) in self.cells.borrow().iter().enumerate().zip(&squares) {
            draw_square(button, drawn.get(cell), square);
        }
        *drawn = squares;
        set_unavailable(&self.undo, !game.can_undo());
        set_unavailable(&self.hint, game.phase() != Phase::HumanToMove);
        // A hint is the exact best moves, which need the whole tree: elsewhere the move scores say what the search
        // knows.
        let hint = game.searchable_at_once().is_some();
        set_hidden(&self.hint, !hint);
        set_hidden(&self.hint_line, !hint);
    }

    fn render_history(&self, state: &State) {
        let game = &state.game;
        let moves = game.moves().len();
        let mut history = self.history.borrow_mut();
        while history.len() <= moves {
            let button = add_button(&add(&self.history_list, "li", "", ""), "ttt-step", "");
            set_attribute(&button, "data-jump", &history.len().to_string());
            history.push(button);
        }
        for (step, button) in history.iter().enumerate() {
            if let Some(item) = button.parent_element() {
                set_hidden(&item, step > moves);
            }
            if step > moves {
                continue;
            }
            let text = if step == 0 {
                "Start".to_owned()
            } else {
                format!("{step}. {}", game.move_label(step - 1))
            };
            button.set_text_content(Some(&text));
            let current = (step == game.shown()).then_some("step");
            set_optional_attribute(button, "aria-current", current);
        }
    }

    /// The button of `cell` (the last square's, for a number past the board).
    pub fn cell(&self, cell: usize) -> HtmlElement {
        let cells = self.cells.borrow();
        let last = cells.len() - 1;
        cells[cell.min(last)].clone().into()
    }

    /// The game tree's node at `path`, if it is drawn.
    pub fn tree_node(&self, path: &[usize]) -> Option<HtmlElement> {
        self.panels.tree_node(path)
    }

    /// The element of `panel`, just switched on, to bring into view where the panels lie under the board (a
    /// phone's layout): there it opened out of sight. `None` where they are beside the board, in view already.
    pub fn to_reveal(&self, panel: PanelBox) -> Option<Element> {
        let element = self.panels.element(panel)?;
        let beside = element.get_bounding_client_rect().left()
            >= self.frame.get_bounding_client_rect().right();
        (!beside).then_some(element)
    }

    /// Takes the game's elements out of the page.
    pub fn remove(&self) {
        panic::unregister(&self.panic_notice);
        // A named radio button keeps its place in its shadow root's radio group after it leaves the page
        // (Chromium 156), and with it every element of the game, for as long as the shadow root lives: a game
        // mounted again into the same element reuses that root. Without its name it belongs to no group.
        if let Ok(named) = self.root.query_selector_all("input[type=radio][name]") {
            for index in 0..named.length() {
                if let Some(radio) = named
                    .get(index)
                    .and_then(|node| node.dyn_into::<HtmlInputElement>().ok())
                {
                    radio.set_name("");
                }
            }
        }
        self.root.remove();
    }
}

/// Draws `square` on `button`, which shows `before` (nothing yet, when `None`): only what differs is set, so a
/// move on a 15x15 board touches the few squares it changed. A new button has no text, class or data, as the
/// default square says: only its label and availability are set, and what differs from that default (a new 15x15
/// board would otherwise make some 2,900 DOM calls that change nothing). Its tab stop is drawn before, by
/// `render_board`.
fn draw_square(button: &HtmlButtonElement, before: Option<&Square>, square: &Square) {
    let new = before.is_none();
    let blank = Square::default();
    let before = before.unwrap_or(&blank);
    let changed = |field: fn(&Square) -> bool| field(before) != field(square);
    if before.text != square.text {
        button.set_text_content(Some(&square.text));
    }
    if new || before.label != square.label {
        set_attribute(button, "aria-label", &square.label);
    }
    if new || changed(|square| square.unavailable) {
        set_unavailable(button, square.unavailable);
    }
    if before.mark != square.mark {
        toggle_class(button, "ttt-x", square.mark == Some(Player::X));
        toggle_class(button, "ttt-o", square.mark == Some(Player::O));
    }
    if changed(|square| square.last) {
        toggle_class(button, "ttt-last", square.last);
    }
    if changed(|square| square.aimed) {
        toggle_class(button, "ttt-aimed", square.aimed);
    }
    if changed(|square| square.winning) {
        toggle_class(button, "ttt-win", square.winning);
    }
    if changed(|square| square.hinted) {
        toggle_class(button, "ttt-hint", square.hinted);
    }
    if changed(|square| square.best) {
        toggle_class(button, "ttt-best", square.best);
    }
    if before.score != square.score {
        toggle_class(button, "ttt-scored", square.score.is_some());
        set_score_data(button, square.score.as_ref());
    }
    if before.heat != square.heat {
        let heat = square.heat.map(|heat| heat.to_string());
        set_optional_attribute(button, "data-heat", heat.as_deref());
    }
    if before.tip != square.tip {
        set_optional_attribute(button, "title", square.tip.as_deref());
    }
    if before.replayed != square.replayed {
        let (mark, number) = match square.replayed {
            Some((player, number)) => (Some(player.name()), Some(number.to_string())),
            None => (None, None),
        };
        set_optional_attribute(button, "data-replay-mark", mark);
        set_optional_attribute(button, "data-replay-number", number.as_deref());
    }
}

/// The "Settings" disclosure of a game in a post, after the controls in `play`: it may hold the Hint and Share
/// buttons of `actions`, Share's link, the `controls` (in `controls_box`), the `switches` (at the top of the
/// panels' column, before its `note`), the moves and the tally (`after`), each group where the game page shows it
/// until the render moves it.
fn build_disclosure(
    play: &Element,
    actions: &Actions,
    (share, embed): (&ShareBox, &EmbedBox),
    (controls_box, controls): (&Element, &GameControls),
    (switches, note): (&Switches, &Element),
    after: [&Element; 2],
) -> Disclosure {
    let mut disclosure = Disclosure::build(play);
    disclosure.hold(Group::Hint, &actions.hint, Under::Actions);
    disclosure.hold(Group::Share, &actions.share, Under::Actions);
    disclosure.hold(Group::Share, &actions.embed, Under::Actions);
    // Share's link and Embed's snippets show under the buttons, above the controls.
    for panel in [&share.panel, &embed.panel] {
        disclosure.hold_before(Group::Share, panel, controls_box, Under::BeforeSettings);
    }
    for (group, element) in [
        (Group::Board, &controls.board_group),
        (Group::Level, &controls.think.group),
        (Group::Opponent, &controls.mode_group),
        (Group::Side, &controls.side_group),
        (Group::Level, &controls.level_group),
    ] {
        disclosure.hold(group, element, Under::Settings);
    }
    disclosure.hold_before(Group::Panels, switches.element(), note, Under::Settings);
    let [moves, tally] = after;
    disclosure.hold(Group::Moves, moves, Under::After);
    disclosure.hold(Group::Tally, tally, Under::After);
    disclosure
}

/// A line of `class` at the end of `parent` that is a live region: a screen reader hears what is written in it.
fn add_status_line(parent: &Element, class: &str) -> Element {
    let line = add(parent, "p", class, "");
    set_attribute(&line, "role", "status");
    line
}

/// The notice, in `play`, that a panic shows in every game (hidden until then).
fn build_panic_notice(play: &Element) -> Element {
    let notice = add(play, "div", "ttt-notice ttt-panic", "");
    set_attribute(&notice, "role", "alert");
    set_hidden(&notice, true);
    panic::register(&notice);
    notice
}

/// The game's own element, in `document` (not yet attached).
fn build_root(document: &Document) -> Element {
    let root = create(document, "div");
    root.set_class_name("ttt");
    // English, read from the top left, on a page of any language and direction: a right-to-left page would
    // mirror the board, and a screen reader would read the words in the page's language.
    set_attribute(&root, "lang", "en");
    set_attribute(&root, "dir", "ltr");
    root
}

/// The board, in `play`, in a frame with its coordinates along its left edge (row numbers) and its bottom edge
/// (column letters), which are for the eye: each square's name says them.
fn build_board(play: &Element) -> (HtmlElement, HtmlElement, Element, Element) {
    let frame: HtmlElement = add_typed(play, "div", "ttt-board-frame", "");
    let rows_axis = add(&frame, "div", "ttt-axis ttt-rows", "");
    let board: HtmlElement = add_typed(&frame, "div", "ttt-board", "");
    set_attribute(&board, "role", "group");
    set_attribute(&board, "aria-label", "Board");
    let cols_axis = add(&frame, "div", "ttt-axis ttt-cols", "");
    for axis in [&rows_axis, &cols_axis] {
        set_attribute(axis, "aria-hidden", "true");
    }
    (frame, board, rows_axis, cols_axis)
}

/// The tally's box, its sentence and its Reset button.
fn build_tally(root: &Element) -> (Element, Element, HtmlButtonElement) {
    let tally_box = add(root, "div", "ttt-tally", "");
    let tally = add(&tally_box, "p", "", "");
    // Heard when it changes: a result counted, another level's tally, and Reset tally, whose button alone says
    // nothing of what it did.
    set_attribute(&tally, "role", "status");
    let reset_tally = add_control(
        &tally_box,
        "ttt-button ttt-small",
        "Reset tally",
        "data-action",
        "reset-tally",
    );
    (tally_box, tally, reset_tally)
}

/// The move history's box, and its list, empty: the render adds a button for the start and one for each move.
fn build_history(root: &Element, game: u32) -> (Element, Element) {
    let history_box = add(root, "div", "ttt-history", "");
    let title = add(&history_box, "h2", "ttt-heading", "Moves");
    let title_id = game_id(game, "history");
    title.set_id(&title_id);
    let list = add(&history_box, "ol", "", "");
    set_attribute(&list, "aria-labelledby", &title_id);
    (history_box, list)
}

impl ShareBox {
    fn build(root: &Element) -> ShareBox {
        let panel = add(root, "div", "ttt-share", "");
        set_hidden(&panel, true);
        let label = add(&panel, "label", "", "Link to this game ");
        let link: HtmlInputElement = add_typed(&label, "input", "", "");
        link.set_type("text");
        link.set_read_only(true);
        let note = add(&panel, "p", "ttt-note", "");
        set_attribute(&note, "role", "status");
        ShareBox { panel, link, note }
    }

    /// Shows the last shared link, and whether it was copied.
    fn render(&self, share: Option<&Share>) {
        set_hidden(&self.panel, share.is_none());
        let Some(share) = share else {
            set_text(&self.note, "");
            return;
        };
        if self.link.value() != share.url {
            self.link.set_value(&share.url);
        }
        let note = match share.copied {
            None => "",
            Some(true) => "Copied to the clipboard.",
            Some(false) => "Copy it from the box above.",
        };
        set_text(&self.note, note);
    }
}

/// The Embed box: for each snippet, its code to copy and its Copy button, with a note of whether it was copied.
struct EmbedBox {
    /// The Embed button, which says whether the box is open.
    button: HtmlButtonElement,
    panel: Element,
    snippets: Vec<(Snippet, HtmlTextAreaElement, Element)>,
}

impl EmbedBox {
    /// The box, closed, in `play`, opened by `button`, for game number `game`.
    fn build(play: &Element, button: &HtmlButtonElement, game: u32) -> EmbedBox {
        let panel = add(play, "div", "ttt-embed", "");
        panel.set_id(&game_id(game, "embed"));
        set_attribute(button, "aria-controls", &panel.id());
        set_hidden(&panel, true);
        let heading = add(&panel, "h2", "ttt-heading", "Embed this game in a post");
        heading.set_id(&game_id(game, "embed-heading"));
        set_attribute(&panel, "role", "region");
        set_attribute(&panel, "aria-labelledby", &heading.id());
        let snippets = Snippet::ALL
            .into_iter()
            .map(|snippet| {
                let label = add(&panel, "label", "", snippet.label());
                let code: HtmlTextAreaElement = add_typed(&label, "textarea", "", "");
                code.set_read_only(true);
                code.set_rows(if snippet == Snippet::Iframe { 12 } else { 3 });
                set_attribute(&code, "spellcheck", "false");
                let row = add(&panel, "div", "ttt-embed-copy", "");
                let copy = add_control(
                    &row,
                    "ttt-button ttt-small",
                    "Copy",
                    "data-copy",
                    snippet.name(),
                );
                set_attribute(&copy, "aria-label", &format!("Copy: {}", snippet.label()));
                let note = add(&row, "p", "ttt-note", "");
                set_attribute(&note, "role", "status");
                (snippet, code, note)
            })
            .collect();
        EmbedBox {
            button: button.clone(),
            panel,
            snippets,
        }
    }

    /// Shows the snippets for the game as it stands while the box is open, and whether one was copied.
    fn render(&self, state: &State) {
        let open = state.embed.as_ref();
        set_attribute(
            &self.button,
            "aria-expanded",
            if open.is_some() { "true" } else { "false" },
        );
        set_hidden(&self.panel, open.is_none());
        let Some(embed) = open else {
            return;
        };
        for (snippet, code, note) in &self.snippets {
            let text = state.snippet(*snippet);
            if code.value() != text {
                code.set_value(&text);
            }
            let answer = embed
                .copied
                .as_ref()
                .filter(|(copied, ..)| copied == snippet)
                .and_then(|(.., answer)| *answer);
            let words = match answer {
                None => "",
                Some(true) => "Copied to the clipboard.",
                Some(false) => "Copy it from the box above.",
            };
            set_text(note, words);
        }
    }
}

impl GameControls {
    /// The board, opponent, side, level and time controls, in `controls`, for game number `game`.
    fn build(controls: &Element, game: u32) -> GameControls {
        let board_group = add(controls, "label", "ttt-setting", "Board ");
        let board_select: HtmlSelectElement = add_typed(&board_group, "select", "", "");
        set_attribute(&board_select, "data-board", "");
        for (rows, cols, k) in BOARD_PRESETS {
            let shape = Shape::new(rows, cols, k)
                .unwrap_or_else(|_| unreachable!("every preset is a board"));
            let rules: &[Rule] = if (rows, cols, k) == RULE_BOARD {
                &Rule::ALL
            } else {
                &[Rule::Freestyle]
            };
            for &rule in rules {
                let shape = shape.with_rule(rule);
                let option = add(&board_select, "option", "", &shape_label(shape));
                set_attribute(&option, "value", &board_choice(shape));
            }
        }
        let other_board = add(&board_select, "option", "", "");
        let radio = |setting: Name, legend: &str, choices: &[(&str, &str)]| {
            let id = game_id(game, setting.as_str());
            radio_group(controls, &id, setting, legend, choices)
        };
        let (mode_group, mode_inputs) = radio(
            Name::Mode,
            "Opponent",
            &[("computer", "Computer"), ("friend", "A friend")],
        );
        let (side_group, side_inputs) = radio(
            Name::Human,
            "You play",
            &[("X", "X, you start"), ("O", "O, computer starts")],
        );
        let level_group = add(controls, "div", "ttt-level", "");
        let difficulty = add(&level_group, "label", "", "Difficulty ");
        let level_select: HtmlSelectElement = add_typed(&difficulty, "select", "", "");
        set_attribute(&level_select, "data-setting", Name::Level.as_str());
        let level_options = Level::ALL
            .iter()
            .map(|level| {
                let option = add(&level_select, "option", "", level_label(*level));
                set_attribute(&option, "value", level.name());
                option
            })
            .collect();
        let level_note = add_note(&level_group, &level_select, &game_id(game, "level-note"));
        GameControls {
            board_group,
            board_select,
            other_board,
            think: ThinkControl::build(controls, game),
            mode_group,
            mode_inputs,
            side_group,
            side_inputs,
            level_group,
            level_select,
            level_options,
            level_note,
        }
    }

    fn render(&self, state: &State) {
        let settings = state.game.settings();
        let shape = settings.shape;
        let preset = BOARD_PRESETS.contains(&(shape.rows(), shape.cols(), shape.k()))
            && (shape.rule() == Rule::Freestyle
                || (shape.rows(), shape.cols(), shape.k()) == RULE_BOARD);
        set_hidden(&self.other_board, preset);
        if !preset {
            self.other_board.set_text_content(Some(&shape_label(shape)));
            set_attribute(&self.other_board, "value", &board_choice(shape));
        }
        self.board_select.set_value(&board_choice(shape));
        self.think.render(state);
        for input in &self.mode_inputs {
            input.set_checked(input.value() == settings.mode.name());
        }
        for input in &self.side_inputs {
            input.set_checked(input.value() == settings.human.name());
        }
        let friend = settings.mode == Mode::Friend;
        set_hidden(&self.side_group, friend);
        set_hidden(&self.level_group, friend);
        for (option, level) in self.level_options.iter().zip(Level::ALL) {
            set_text(option, &state.game.level_label(level));
        }
        self.level_select.set_value(settings.level.name());
        self.level_note
            .set_text_content(Some(&state.game.level_description()));
    }
}

/// The computer's time per move, with the note that says why a value typed there was not taken.
struct ThinkControl {
    group: Element,
    input: HtmlInputElement,
    /// Under the field: why a value typed there was not taken.
    note: Element,
}

impl ThinkControl {
    /// The field, in `controls`, for game number `game`.
    fn build(controls: &Element, game: u32) -> ThinkControl {
        let group = add(controls, "div", "ttt-setting", "");
        let label = add(&group, "label", "", "Computer's time per move (ms) ");
        let input = add_input(&label, "number");
        set_attribute(&input, "data-setting", Name::Think.as_str());
        set_attribute(&input, "min", &THINK_RANGE_MS.0.to_string());
        set_attribute(&input, "max", &THINK_RANGE_MS.1.to_string());
        set_attribute(&input, "step", "10");
        // A typo is said where it was typed, and at once (an alert): above the board it would be out of a phone's view.
        let note = add_note(&group, &input, &game_id(game, "think-note"));
        set_attribute(&note, "role", "alert");
        ThinkControl { group, input, note }
    }

    /// Shows the field where the computer cannot search to the end at once, with the time and any typo.
    fn render(&self, state: &State) {
        let settings = state.game.settings();
        // The time per move matters where the computer cannot search to the end at once.
        set_hidden(
            &self.group,
            settings.shape == Shape::CLASSIC || settings.mode == Mode::Friend,
        );
        let think = settings.think_ms.to_string();
        if self.input.value() != think {
            self.input.set_value(&think);
        }
        let typo = state.typo.as_ref().filter(|typo| typo.name == Name::Think);
        set_optional_attribute(&self.input, "aria-invalid", typo.map(|_| "true"));
        set_text(&self.note, typo.map_or("", |typo| &typo.sentence));
    }
}

/// A note in `parent` that describes `control` (its `aria-describedby`), with the id `id`.
fn add_note(parent: &Element, control: &Element, id: &str) -> Element {
    let note = add(parent, "p", "ttt-note", "");
    note.set_id(id);
    set_attribute(control, "aria-describedby", id);
    note
}

/// The board control's value for a board: "4x4/4", and "15x15/5/standard" under the standard rule.
fn board_choice(shape: Shape) -> String {
    let board = format!("{}x{}/{}", shape.rows(), shape.cols(), shape.k());
    match shape.rule() {
        Rule::Freestyle => board,
        Rule::Standard => format!("{board}/standard"),
    }
}
