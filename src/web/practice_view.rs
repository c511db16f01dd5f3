//! The "Practise alpha-beta" panel: what to practise on (the position on the board, or an abstract tree of a
//! shape and seed), the harder mode's switch, and the tree as a nested list, each node a labelled group with its
//! fields, its "pruned" mark and "Show this node", the check's verdict and sentences under it; then Check,
//! Solution and the score. What it shows comes from [`crate::practice`]; this module only draws it. The tree's
//! elements are built again only when the exercise changes (another tree, or the harder mode); a render then
//! writes only what changed in each node, and never a field's text that the reader may be typing into.

use super::dom::{
    add, add_control, add_input, add_typed, game_id, radio_group, set_attribute, set_hidden,
    set_optional_attribute, set_text, toggle_class,
};
use super::note_view::NoteView;
use crate::explain::signed;
use crate::practice::{Field, Mode, NodeView, PracticeControl, Unavailable, Verdict};
use crate::search_tree::SearchTree;
use crate::settings::{Name, Practice, PracticeTree, Settings};
use crate::state::State;
use std::cell::RefCell;
use web_sys::{Element, HtmlButtonElement, HtmlInputElement, HtmlSelectElement};

/// The elements of the panel.
pub struct PracticeView {
    /// The panel, shown when practice is asked for.
    pub panel: Element,
    game: u32,
    /// What to do, and the convention of the values.
    intro: NoteView,
    subject_inputs: Vec<HtmlInputElement>,
    shape: ShapeControls,
    windows: HtmlInputElement,
    /// Why there is no exercise, and the way to one.
    why_not: Element,
    tree_instead: HtmlButtonElement,
    /// The exercise: the tree, the buttons and the score.
    body: Element,
    tree: Element,
    score: Element,
    /// The exercise the tree was built for, and its nodes as drawn.
    built: RefCell<Option<(SearchTree, Mode)>>,
    nodes: RefCell<Vec<DrawnNode>>,
}

/// The abstract tree's depth, branching and seed, and "New tree".
struct ShapeControls {
    group: Element,
    depth: HtmlSelectElement,
    branching: HtmlSelectElement,
    seed: HtmlInputElement,
    /// Under the seed's field: why a value typed there was not taken.
    seed_note: Element,
}

/// One node's elements, and what they were last drawn from.
struct DrawnNode {
    view: NodeView,
    item: Element,
    fields: Vec<(Field, HtmlInputElement, Element)>,
    pruned: Option<(HtmlInputElement, Element)>,
    show: HtmlButtonElement,
    verdict: Element,
    notes: Element,
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
            &[
                ("1", "The position on the board"),
                ("tree", "An abstract tree"),
            ],
        );
        let shape = ShapeControls::build(&panel, game);
        let label = add(&panel, "label", "ttt-option", "");
        let windows = add_input(&label, "checkbox");
        set_attribute(&windows, "data-practice-mode", "");
        add(&label, "span", "", "Also ask for α and β");
        let why_not = add(&panel, "p", "ttt-note", "");
        let tree_instead = control(
            &panel,
            "Practise on an abstract tree",
            PracticeControl::AbstractTree,
        );
        let body = add(&panel, "div", "", "");
        let tree = add(&body, "ul", "ttt-ptree", "");
        set_attribute(&tree, "aria-label", "The tree to work out");
        let actions = add(&body, "div", "ttt-actions", "");
        control(&actions, "Check", PracticeControl::Check);
        control(&actions, "Solution", PracticeControl::Solution);
        let score = add(&body, "p", "ttt-practice-score", "");
        set_attribute(&score, "role", "status");
        PracticeView {
            panel,
            game,
            intro,
            subject_inputs,
            shape,
            windows,
            why_not,
            tree_instead,
            body,
            tree,
            score,
            built: RefCell::new(None),
            nodes: RefCell::new(Vec::new()),
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
        self.shape.render(state, practice == Practice::Tree);
        let practising = &state.practice;
        self.intro.render(Some(&practising.intro()));
        self.windows
            .set_checked(practising.mode() == Mode::ValuesAndWindows);
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
        set_hidden(&self.body, sheet.is_none());
        let Some(sheet) = sheet else {
            return;
        };
        let key = (sheet.tree().clone(), sheet.mode());
        let views = sheet.nodes();
        if self.built.borrow().as_ref() != Some(&key) {
            self.build_tree(&views);
            *self.built.borrow_mut() = Some(key);
        }
        for (drawn, view) in self.nodes.borrow_mut().iter_mut().zip(views) {
            drawn.draw(view);
        }
        set_text(&self.score, &sheet.score_line());
    }

    /// Builds the tree's nested list for the nodes `views`, depth first (each before its children), drawn in full
    /// by the render that follows.
    fn build_tree(&self, views: &[NodeView]) {
        self.tree.set_text_content(None);
        // The list each depth's nodes go into: the tree's own for the root, then each node's list of children.
        let mut lists = vec![self.tree.clone()];
        let mut drawn = Vec::with_capacity(views.len());
        for (index, view) in views.iter().enumerate() {
            let depth = view.node.id.path().len();
            lists.truncate(depth + 1);
            let node = DrawnNode::build(
                &lists[depth],
                view,
                &game_id(self.game, &format!("pn-{index}")),
            );
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

    /// Shows the tree's shape when an abstract tree is practised on (`shown`), with a typo in the seed's field.
    fn render(&self, state: &State, shown: bool) {
        set_hidden(&self.group, !shown);
        let Settings { practice_tree, .. } = *state.game.settings();
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

impl DrawnNode {
    /// The elements of the node `view` in `list`, their ids made from `id`.
    fn build(list: &Element, view: &NodeView, id: &str) -> DrawnNode {
        let node = &view.node;
        let item = add(list, "li", "ttt-pnode", "");
        set_attribute(&item, "data-node", &node.id.to_string());
        if let Some(position) = node.position {
            set_attribute(&item, "data-position", &position.to_string());
        }
        set_attribute(&item, "data-max", if node.max { "true" } else { "false" });
        let group = add(&item, "div", "ttt-pnode-row", "");
        set_attribute(&group, "role", "group");
        let name = add(&group, "span", "ttt-pnode-name", &node.label);
        let name_id = format!("{id}-name");
        name.set_id(&name_id);
        set_attribute(&group, "aria-labelledby", &name_id);
        if let Some(given) = node.given {
            add(
                &group,
                "span",
                "ttt-pnode-given",
                &format!("value {}", signed(given)),
            );
        }
        let fields = node
            .fields
            .iter()
            .map(|&field| {
                let (input, note) =
                    add_field(&group, view, field, &format!("{id}-{}", field.name()));
                (field, input, note)
            })
            .collect();
        let pruned = (!node.id.path().is_empty()).then(|| {
            let label = add(&group, "label", "ttt-option ttt-pruned-mark", "");
            let input = add_input(&label, "checkbox");
            set_attribute(&input, "data-pruned", "");
            set_attribute(&input, "data-node", &node.id.to_string());
            add(&label, "span", "", "pruned");
            let verdict = add(&label, "span", "ttt-branch-verdict", "");
            (input, verdict)
        });
        let show = add_control(
            &group,
            "ttt-button ttt-small",
            "Show this node",
            "data-show",
            &node.id.to_string(),
        );
        let verdict = add(&group, "span", "ttt-pnode-verdict", "");
        let notes = add(&group, "div", "ttt-pnode-notes", "");
        DrawnNode {
            view: view.clone(),
            item,
            fields,
            pruned,
            show,
            verdict,
            notes,
        }
        .drawn_first()
    }

    /// The node drawn in full from its view, as a new node's elements show nothing yet.
    fn drawn_first(mut self) -> DrawnNode {
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
        for (field, input, note) in &self.fields {
            let typo = view
                .typos
                .iter()
                .find(|(typo_field, _)| typo_field == field)
                .map(|(_, sentence)| sentence.as_str());
            // The field's text is written only when its answer changed (shown, filled in, cleared), never over a
            // typo: it stays for the reader to mend.
            let answer = node.answer.get(*field);
            if typo.is_none() && (all || answer != old.node.answer.get(*field)) {
                input.set_value(&answer.map(|number| number.to_string()).unwrap_or_default());
            }
            set_optional_attribute(input, "aria-invalid", typo.map(|_| "true"));
            set_text(note, typo.unwrap_or_default());
            set_hidden(note, typo.is_none());
            input.set_disabled(node.covered);
        }
        if let Some((input, verdict)) = &self.pruned {
            input.set_checked(node.answer.pruned);
            input.set_disabled(node.covered);
            set_optional_attribute(
                verdict,
                "data-branch-verdict",
                view.branch.map(Verdict::as_str),
            );
            set_text(verdict, view.branch.map_or("", verdict_words));
        }
        self.show.set_disabled(node.covered);
        toggle_class(&self.item, "ttt-covered", node.covered);
        toggle_class(&self.item, "ttt-shown", node.shown);
        set_optional_attribute(
            &self.item,
            "data-verdict",
            view.verdict.map(Verdict::as_str),
        );
        set_text(&self.verdict, view.verdict.map_or("", verdict_words));
        if all || view.notes != old.notes {
            self.notes.set_text_content(None);
            for note in &view.notes {
                add(&self.notes, "p", "", note);
            }
        }
    }
}

/// A labelled field for `field` of the node `view`, in `group`, and the note under it that says why a value typed
/// there was not taken (its id made from `id`).
fn add_field(
    group: &Element,
    view: &NodeView,
    field: Field,
    id: &str,
) -> (HtmlInputElement, Element) {
    let label = add(group, "label", "ttt-pfield", "");
    let words = match field {
        Field::Value => "value",
        Field::Alpha => "α",
        Field::Beta => "β",
    };
    add(&label, "span", "", words);
    let input = add_input(&label, "text");
    set_attribute(&input, "data-node", &view.node.id.to_string());
    set_attribute(&input, "data-field", field.name());
    set_attribute(&input, "autocomplete", "off");
    set_attribute(&input, "spellcheck", "false");
    set_attribute(&input, "size", "4");
    let note = add(group, "span", "ttt-typo", "");
    note.set_id(id);
    set_attribute(&note, "role", "alert");
    set_attribute(&input, "aria-describedby", id);
    (input, note)
}

/// A verdict in words, beside what it judges.
fn verdict_words(verdict: Verdict) -> &'static str {
    match verdict {
        Verdict::Right => "right",
        Verdict::Wrong => "wrong",
    }
}
