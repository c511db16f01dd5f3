//! The "Practise alpha-beta" panel: what to practise on and how deep, the harder mode's switch, the tree drawn as
//! the game tree is (a field for each inner node's value, a "pruned" mark on each branch), the last check's
//! explanations, and a bar with Check, Solution and the score. What it shows comes from [`crate::panels::practice`].
//! The tree's elements are built again only when the exercise changes; a render then writes only what changed, and
//! never a field's text that the reader may be typing into.

use super::dom::{
    add, add_control, add_input, add_typed, game_id, radio_group, set_attribute, set_hidden,
    set_optional_attribute, set_text, set_unavailable, toggle_class,
};
use super::note_view::NoteView;
use super::tree_picture::add_small_board;
use crate::panels::number::bound_words;
use crate::panels::practice::{
    Asked, Field, NodeView, PracticeControl, Sheet, Unavailable, Verdict,
};
use crate::panels::search_tree::SearchTree;
use crate::settings::{Name, Practice, PracticeTree};
use crate::state::State;
use std::cell::RefCell;
use web_sys::{Element, HtmlAnchorElement, HtmlButtonElement, HtmlInputElement, HtmlSelectElement};

/// The elements of the panel.
pub struct PracticeView {
    /// The panel, shown when practice is asked for.
    pub panel: Element,
    /// What to do, and the convention of the values.
    intro: NoteView,
    subject_inputs: Vec<HtmlInputElement>,
    shape: ShapeControls,
    written: WrittenControls,
    levels: LevelControls,
    windows: HtmlInputElement,
    /// Why there is no exercise, and the way to one.
    why_not: Element,
    tree_instead: HtmlButtonElement,
    /// The exercise: the picture, the explanations, the bar.
    body: Element,
    picture: Element,
    notes: Element,
    score: Element,
    typos: Element,
    /// The exercise the tree was built for, and its nodes as drawn.
    built: RefCell<Option<(SearchTree, Asked)>>,
    nodes: RefCell<Vec<PracticeCard>>,
    /// The explanations as last drawn.
    drawn_notes: RefCell<Vec<String>>,
}

/// The drawn tree's depth, branching and seed, and "New tree".
struct ShapeControls {
    group: Element,
    depth: HtmlSelectElement,
    branching: HtmlSelectElement,
    seed: HtmlInputElement,
    /// Under the seed's field: why a value typed there was not taken.
    seed_note: Element,
}

/// The field a teacher writes a tree in, and the link to it.
struct WrittenControls {
    group: Element,
    field: HtmlInputElement,
    link: HtmlAnchorElement,
    /// The setting the field last showed.
    drawn: RefCell<Option<String>>,
}

/// How deep a position's tree goes, and the buttons that change it.
struct LevelControls {
    group: Element,
    line: Element,
    fewer: HtmlButtonElement,
    more: HtmlButtonElement,
}

/// One node's elements, and what they were last drawn from.
struct PracticeCard {
    view: NodeView,
    item: Element,
    fields: Vec<(Field, HtmlInputElement)>,
    pruned: Option<BranchMark>,
    show: Option<HtmlButtonElement>,
    verdict: Element,
    /// The id of the bar's line that says what was typed and not taken: a field with a typo is described by it.
    typos: String,
}

/// The "pruned" mark on the branch into a node, and its verdict: ✓ or ✗ to the eye, the word to a screen reader
/// (the head stays one line wide).
struct BranchMark {
    input: HtmlInputElement,
    verdict: Element,
    symbol: Element,
    word: Element,
}

impl PracticeView {
    /// Builds the panel (hidden) into `panels`, for game number `game`.
    #[inline(never)]
    pub fn build(panels: &Element, game: u32) -> PracticeView {
        let panel = add(panels, "div", "ttt-panel ttt-practice", "");
        set_hidden(&panel, true);
        let title = add(&panel, "h2", "ttt-heading", "Practise alpha-beta");
        let title_id = game_id(game, "practice-title");
        title.set_id(&title_id);
        set_attribute(&panel, "role", "region");
        set_attribute(&panel, "aria-labelledby", &title_id);
        let intro = NoteView::build(&panel);
        let (_, subject_inputs) = radio_group(
            &panel,
            &game_id(game, "practice-on"),
            Name::Practice,
            "Practise on",
            &[("1", "The position on the board"), ("tree", "A tree")],
        );
        let shape = ShapeControls::build(&panel, game);
        let written = WrittenControls::build(&panel, game);
        let levels = LevelControls::build(&panel);
        let label = add(&panel, "label", "ttt-option", "");
        let windows = add_input(&label, "checkbox");
        set_attribute(&windows, "data-practice-mode", "");
        add(&label, "span", "", "Also ask for α and β");
        let why_not = add(&panel, "p", "ttt-note", "");
        let tree_instead = control(&panel, "Practise on a tree", PracticeControl::AbstractTree);
        let body = add(&panel, "div", "ttt-practice-body", "");
        // The tree scrolls in the panel, both ways, and not the page: a focused field is scrolled into it.
        let picture = add(&body, "div", "ttt-ppicture", "");
        let notes = add(&body, "ol", "ttt-pnotes", "");
        set_attribute(&notes, "aria-label", "What the last check found");
        let bar = add(&body, "div", "ttt-pbar", "");
        control(&bar, "Check", PracticeControl::Check);
        control(&bar, "Solution", PracticeControl::Solution);
        let score = add(&bar, "p", "ttt-practice-score", "");
        set_attribute(&score, "role", "status");
        let typos = add(&bar, "p", "ttt-ptypos", "");
        set_attribute(&typos, "role", "alert");
        typos.set_id(&game_id(game, "practice-typos"));
        PracticeView {
            panel,
            intro,
            subject_inputs,
            shape,
            written,
            levels,
            windows,
            why_not,
            tree_instead,
            body,
            picture,
            notes,
            score,
            typos,
            built: RefCell::new(None),
            nodes: RefCell::new(Vec::new()),
            drawn_notes: RefCell::new(Vec::new()),
        }
    }

    /// Shows the practice of `state`, as its settings ask.
    #[inline(never)]
    pub fn render(&self, state: &State) {
        let settings = state.game.settings();
        let practice = settings.display.practice;
        set_hidden(&self.panel, practice == Practice::Hidden);
        if practice == Practice::Hidden {
            return;
        }
        for input in &self.subject_inputs {
            input.set_checked(input.value() == practice.value());
        }
        let on_tree = practice == Practice::Tree;
        self.shape
            .render(state, on_tree && settings.leaves.is_none());
        self.written.render(state, on_tree);
        let practising = &state.practice;
        self.intro.render(Some(&practising.intro()));
        self.windows
            .set_checked(practising.mode() == Asked::ValuesAndWindows);
        let unavailable = practising.unavailable();
        set_hidden(&self.why_not, unavailable.is_none());
        set_text(
            &self.why_not,
            &unavailable.map(Unavailable::to_string).unwrap_or_default(),
        );
        set_hidden(
            &self.tree_instead,
            !matches!(
                unavailable,
                Some(Unavailable::Position(_) | Unavailable::BiggerBoard)
            ),
        );
        let sheet = practising.sheet();
        self.levels.render(sheet);
        set_hidden(&self.body, sheet.is_none());
        if let Some(sheet) = sheet {
            self.render_sheet(sheet);
        }
    }

    /// Draws the exercise of `sheet`: its tree (built again when it is another), the explanations and the bar.
    fn render_sheet(&self, sheet: &Sheet) {
        let key = (sheet.tree().clone(), sheet.mode());
        let views = sheet.nodes();
        if self.built.borrow().as_ref() != Some(&key) {
            self.build_tree(&views);
            *self.built.borrow_mut() = Some(key);
        }
        let mut notes = Vec::new();
        for (drawn, view) in self.nodes.borrow_mut().iter_mut().zip(views) {
            notes.extend(
                view.notes
                    .iter()
                    .map(|note| format!("{}: {note}", view.node.label)),
            );
            drawn.draw(view);
        }
        if *self.drawn_notes.borrow() != notes {
            self.notes.set_text_content(None);
            for note in &notes {
                add(&self.notes, "li", "", note);
            }
            set_hidden(&self.notes, notes.is_empty());
            *self.drawn_notes.borrow_mut() = notes;
        }
        set_text(&self.score, &sheet.score_line());
        set_text(&self.typos, &sheet.typo_lines().join(" "));
    }

    /// Builds the tree's picture for the nodes `views`, depth first (each before its children), drawn in full by
    /// the render that follows.
    fn build_tree(&self, views: &[NodeView]) {
        self.picture.set_text_content(None);
        let top = add(&self.picture, "ul", "ttt-ptree", "");
        set_attribute(&top, "aria-label", "The tree to work out");
        // The list each depth's nodes go into: the top one for the root, then each node's list of children.
        let mut lists = vec![top];
        let mut drawn = Vec::with_capacity(views.len());
        for view in views {
            let depth = view.node.id.path().len();
            lists.truncate(depth + 1);
            let node = PracticeCard::build(&lists[depth], view, &self.typos.id());
            if view.node.has_children {
                lists.push(add(&node.item, "ul", "", ""));
            }
            drawn.push(node);
        }
        *self.nodes.borrow_mut() = drawn;
    }
}

/// A button of the panel, named by its `data-practice`.
fn control(parent: &Element, text: &str, control: PracticeControl) -> HtmlButtonElement {
    add_control(parent, "ttt-button", text, "data-practice", control.name())
}

impl ShapeControls {
    fn build(panel: &Element, game: u32) -> ShapeControls {
        let group = add(panel, "div", "ttt-pshape", "");
        let select = |text: &str, setting: Name, range: std::ops::RangeInclusive<u32>| {
            let label = add(&group, "label", "ttt-setting", text);
            let select: HtmlSelectElement = add_typed(&label, "select", "", "");
            set_attribute(&select, "data-setting", setting.as_str());
            for number in range {
                let option = add(&select, "option", "", &number.to_string());
                set_attribute(&option, "value", &number.to_string());
            }
            select
        };
        let depth = select("Depth ", Name::Depth, PracticeTree::DEPTHS);
        let branching = select(
            "Children a node ",
            Name::Branching,
            PracticeTree::BRANCHINGS,
        );
        let seed_box = add(&group, "div", "ttt-setting", "");
        let label = add(&seed_box, "label", "", "Seed ");
        let seed = add_input(&label, "text");
        set_attribute(&seed, "data-setting", Name::Seed.as_str());
        set_attribute(&seed, "inputmode", "numeric");
        set_attribute(&seed, "autocomplete", "off");
        let seed_note = add(&seed_box, "p", "ttt-note", "");
        let note_id = game_id(game, "seed-note");
        seed_note.set_id(&note_id);
        set_attribute(&seed, "aria-describedby", &note_id);
        set_attribute(&seed_note, "role", "alert");
        control(&group, "New tree", PracticeControl::NewTree);
        ShapeControls {
            group,
            depth,
            branching,
            seed,
            seed_note,
        }
    }

    /// Shows the drawn tree's shape when one is practised on (`shown`), with a typo in the seed's field.
    fn render(&self, state: &State, shown: bool) {
        set_hidden(&self.group, !shown);
        let practice_tree = state.game.settings().practice_tree;
        self.depth.set_value(&practice_tree.depth.to_string());
        self.branching
            .set_value(&practice_tree.branching.to_string());
        let typo = state.typo.as_ref().filter(|typo| typo.name == Name::Seed);
        // A typo stays in the field, to be mended.
        let seed = practice_tree.seed.to_string();
        if typo.is_none() && self.seed.value() != seed {
            self.seed.set_value(&seed);
        }
        set_optional_attribute(&self.seed, "aria-invalid", typo.map(|_| "true"));
        set_text(&self.seed_note, typo.map_or("", |typo| &typo.sentence));
    }
}

impl WrittenControls {
    /// The field, its button and the link, in `panel`, for game number `game`.
    fn build(panel: &Element, game: u32) -> WrittenControls {
        let group = add(panel, "div", "ttt-pwritten", "");
        let label = add(&group, "label", "ttt-setting", "Your own tree ");
        let field = add_input(&label, "text");
        set_attribute(&field, "data-setting", Name::Leaves.as_str());
        set_attribute(&field, "autocomplete", "off");
        set_attribute(&field, "spellcheck", "false");
        set_attribute(&field, "placeholder", "((3,12,8),(2,4,6),(14,5,2))");
        let hint = add(
            &group,
            "p",
            "ttt-note",
            "Each node's children in parentheses, each leaf its value (a whole number, inf or -inf): Russell and \
             Norvig's figure is ((3,12,8),(2,4,6),(14,5,2)).",
        );
        let hint_id = game_id(game, "leaves-hint");
        hint.set_id(&hint_id);
        set_attribute(&field, "aria-describedby", &hint_id);
        add_control(
            &group,
            "ttt-button ttt-small",
            "Draw this tree",
            "data-practice-leaves",
            "",
        );
        let link: HtmlAnchorElement = add_typed(&group, "a", "ttt-plink", "Link to this tree");
        WrittenControls {
            group,
            field,
            link,
            drawn: RefCell::new(None),
        }
    }

    /// Shows the field when a tree is practised on (`shown`), the teacher's tree in it, and the link to it.
    fn render(&self, state: &State, shown: bool) {
        set_hidden(&self.group, !shown);
        let leaves = state.game.settings().leaves.as_deref();
        // Written only when the setting changed, never over what the reader is typing.
        if self.drawn.borrow().as_deref() != leaves {
            self.field.set_value(leaves.unwrap_or_default());
            *self.drawn.borrow_mut() = leaves.map(str::to_owned);
        }
        set_hidden(&self.link, leaves.is_none());
        if leaves.is_some() {
            self.link.set_href(&state.share_url());
        }
    }
}

impl LevelControls {
    fn build(panel: &Element) -> LevelControls {
        let group = add(panel, "div", "ttt-plevels", "");
        let line = add(&group, "p", "ttt-note", "");
        set_attribute(&line, "role", "status");
        let fewer = control(&group, "Fewer levels", PracticeControl::Shallower);
        let more = control(&group, "More levels", PracticeControl::Deeper);
        LevelControls {
            group,
            line,
            fewer,
            more,
        }
    }

    /// Says how deep the position's tree of `sheet` goes; hidden for an abstract tree.
    fn render(&self, sheet: Option<&Sheet>) {
        let levels = sheet.and_then(Sheet::levels);
        set_hidden(&self.group, levels.is_none());
        let Some((levels, most)) = levels else {
            return;
        };
        set_text(
            &self.line,
            &sheet.and_then(Sheet::levels_line).unwrap_or_default(),
        );
        set_unavailable(&self.fewer, levels <= 1);
        set_unavailable(&self.more, levels >= most);
    }
}

impl PracticeCard {
    /// The elements of the node `view` in `list`; `typos` is the id of the line that says what was not taken.
    fn build(list: &Element, view: &NodeView, typos: &str) -> PracticeCard {
        let node = &view.node;
        let id = node.id.to_string();
        let item = add(list, "li", "ttt-pnode", "");
        set_attribute(&item, "data-node", &id);
        if let Some(position) = node.position {
            set_attribute(&item, "data-position", &position.to_string());
        }
        set_attribute(&item, "data-max", if node.max { "true" } else { "false" });
        // The node's head, its branch's mark over its card, as wide in every node: the lines between them
        // meet at the middle of a head.
        let head = add(&item, "div", "ttt-phead", "");
        let pruned = (!node.id.path().is_empty()).then(|| add_prune_mark(&head, view));
        let card = add(&head, "div", "ttt-pic-node ttt-pcard", "");
        match node.position {
            Some(position) => {
                let last = node.id.path().last().copied();
                add_small_board(&card, position, last);
            }
            None => {
                let role = add(&card, "span", "ttt-prole", if node.max { "▲" } else { "▽" });
                set_attribute(&role, "aria-hidden", "true");
            }
        }
        if let Some(given) = node.given {
            add(&card, "span", "ttt-pic-value", &bound_words(given));
        }
        let fields = node
            .fields
            .iter()
            .map(|&field| (field, add_field(&card, view, field)))
            .collect();
        let show = (!node.fields.is_empty()).then(|| {
            let show = add_control(&card, "ttt-pshow", "Show", "data-show", &id);
            set_attribute(
                &show,
                "aria-label",
                &format!("Show the answers at {}", node.label),
            );
            show
        });
        let verdict = add(&card, "span", "ttt-pnode-verdict", "");
        PracticeCard {
            view: view.clone(),
            item,
            fields,
            pruned,
            show,
            verdict,
            typos: typos.to_owned(),
        }
        .drawn_first()
    }

    /// The node drawn in full from its view, as a new node's elements show nothing yet.
    fn drawn_first(mut self) -> PracticeCard {
        let view = self.view.clone();
        self.write(&view, true);
        self.view = view;
        self
    }

    /// Draws `view`, writing only what differs from what is drawn.
    fn draw(&mut self, view: NodeView) {
        if view != self.view {
            self.write(&view, false);
            self.view = view;
        }
    }

    /// Writes what `view` says where it differs from the view drawn (everything, when `all`).
    fn write(&self, view: &NodeView, all: bool) {
        let (old, node) = (&self.view, &view.node);
        for (field, input) in &self.fields {
            let has_typo =
                |view: &NodeView| view.typos.iter().any(|(typo_field, _)| typo_field == field);
            let typo = has_typo(view);
            // The field's text is written only when its answer changed (shown, filled in, cleared) or a typo went
            // without one (the branch was marked pruned), never over a typo: it stays for the reader to mend (the
            // bar says what is wrong with it).
            let answer = node.answer.get(*field);
            if !typo && (all || answer != old.node.answer.get(*field) || has_typo(old)) {
                input.set_value(&answer.map(|number| number.to_string()).unwrap_or_default());
            }
            set_optional_attribute(input, "aria-invalid", typo.then_some("true"));
            set_optional_attribute(input, "aria-describedby", typo.then_some(&self.typos));
            input.set_disabled(node.covered);
        }
        if let Some(mark) = &self.pruned {
            mark.input.set_checked(node.answer.pruned);
            mark.input.set_disabled(node.covered);
            set_optional_attribute(
                &mark.verdict,
                "data-branch-verdict",
                view.branch.map(Verdict::as_str),
            );
            let symbol = match view.branch {
                Some(Verdict::Right) => "✓",
                Some(Verdict::Wrong) => "✗",
                None => "",
            };
            set_text(&mark.symbol, symbol);
            set_text(&mark.word, view.branch.map_or("", verdict_words));
        }
        if let Some(show) = &self.show {
            show.set_disabled(node.covered);
        }
        toggle_class(&self.item, "ttt-covered", node.covered);
        toggle_class(&self.item, "ttt-shown", node.shown);
        set_optional_attribute(
            &self.item,
            "data-verdict",
            view.verdict.map(Verdict::as_str),
        );
        set_text(&self.verdict, view.verdict.map_or("", verdict_words));
    }
}

/// The "pruned" mark on the branch into the node `view`, in its `head`, and the mark's verdict.
fn add_prune_mark(head: &Element, view: &NodeView) -> BranchMark {
    let label = add(head, "label", "ttt-prune", "");
    let input = add_input(&label, "checkbox");
    set_attribute(&input, "data-pruned", "");
    set_attribute(&input, "data-node", &view.node.id.to_string());
    set_attribute(
        &input,
        "aria-label",
        &format!("Pruned: the branch to {}", view.node.label),
    );
    add(&label, "span", "", "pruned");
    let verdict = add(&label, "span", "ttt-branch-verdict", "");
    let symbol = add(&verdict, "span", "", "");
    set_attribute(&symbol, "aria-hidden", "true");
    let word = add(&verdict, "span", "ttt-sr", "");
    BranchMark {
        input,
        verdict,
        symbol,
        word,
    }
}

/// The field for `field` at the node `view`, in its `card`, named by the node for a screen reader.
fn add_field(card: &Element, view: &NodeView, field: Field) -> HtmlInputElement {
    let input = add_input(card, "text");
    set_attribute(&input, "data-node", &view.node.id.to_string());
    set_attribute(&input, "data-field", field.name());
    set_attribute(&input, "autocomplete", "off");
    set_attribute(&input, "spellcheck", "false");
    set_attribute(&input, "size", "3");
    let words = match field {
        Field::Value => "value",
        Field::Alpha => "α",
        Field::Beta => "β",
    };
    set_attribute(
        &input,
        "placeholder",
        if field == Field::Value { "?" } else { words },
    );
    set_attribute(
        &input,
        "aria-label",
        &format!("{}: {words}", view.node.label),
    );
    input
}

/// A verdict in words, beside what it judges.
fn verdict_words(verdict: Verdict) -> &'static str {
    match verdict {
        Verdict::Right => "right",
        Verdict::Wrong => "wrong",
    }
}
