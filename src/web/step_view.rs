//! The "Step through the search" panel: alpha-beta from the current position (or on the practice's abstract
//! tree) one event at a time, the node of the event on a small board (or named, in an abstract tree), α, β and
//! the node's value beside it, the child chosen when a node returns, one sentence for what just happened, the
//! controls, the counters and the pseudocode (`pseudo_view.rs`). What it says comes from [`Stepper`]; this
//! module only draws it.

use super::dom::{add, add_control, add_typed, game_id, set_attribute, set_optional_attribute};
use super::dom::{set_hidden, set_text, set_unavailable, toggle_class};
use super::note_view::NoteView;
use super::pseudo_view::PseudoView;
use crate::engine::{Board, StepKind, CELLS};
use crate::panels::number::bound_words;
use crate::panels::search_tree::NodeId;
use crate::panels::steps::{Speed, StepControl, Stepper};
use crate::panels::words::Note;
use web_sys::{Element, HtmlButtonElement, HtmlSelectElement};

/// The elements of the step panel.
pub struct StepView {
    /// The panel, shown when stepping is asked for.
    pub panel: Element,
    intro: NoteView,
    /// Back to the position on the board, from the practice's abstract tree.
    on_board: HtmlButtonElement,
    /// Everything under the introduction: hidden on a board bigger than 3x3, where the introduction says why.
    body: Element,
    /// The element that describes the event on show, with its `data-step-*` attributes.
    now: Element,
    mini_box: Element,
    mini: Vec<Element>,
    /// The node of the event on show in words, in an abstract tree (in place of the small board).
    node: Element,
    alpha: Element,
    beta: Element,
    value: Element,
    /// The child whose value a returning node returns, with its term.
    chosen: [Element; 2],
    sentence: Element,
    controls: StepControls,
    counters: Element,
    pseudo: PseudoView,
}

/// The step controls, and the speed of a run.
struct StepControls {
    step: HtmlButtonElement,
    back: HtmlButtonElement,
    finish: HtmlButtonElement,
    run: HtmlButtonElement,
    restart: HtmlButtonElement,
    speed: HtmlSelectElement,
}

impl StepControls {
    fn build(body: &Element) -> StepControls {
        let controls = add(body, "div", "ttt-actions", "");
        let control = |text: &str, control: StepControl| {
            add_control(&controls, "ttt-button", text, "data-step", control.name())
        };
        let step = control("Step", StepControl::Forward);
        let back = control("Step back", StepControl::Back);
        let finish = control("Finish this node", StepControl::Finish);
        let run = control("Run", StepControl::Run);
        let restart = control("Restart", StepControl::Restart);
        let speed_label = add(body, "label", "ttt-level", "Speed ");
        let speed: HtmlSelectElement = add_typed(&speed_label, "select", "", "");
        set_attribute(&speed, "data-step-speed", "");
        for choice in Speed::ALL {
            let option = add(&speed, "option", "", choice.label());
            set_attribute(&option, "value", choice.name());
        }
        StepControls {
            step,
            back,
            finish,
            run,
            restart,
            speed,
        }
    }

    /// Each control as available at `stepper`'s event, `running` or not, at `speed`.
    fn render(&self, stepper: &Stepper, running: bool, speed: Speed) {
        set_unavailable(&self.step, stepper.at_end());
        set_unavailable(&self.finish, stepper.at_end());
        set_unavailable(&self.back, stepper.at_start());
        set_unavailable(&self.restart, stepper.at_start());
        self.run
            .set_text_content(Some(if running { "Pause" } else { "Run" }));
        self.speed.set_value(speed.name());
    }
}

impl StepView {
    /// Builds the panel (hidden) into `panels`, for game number `game`. (This and [`StepView::render`] are never
    /// inlined, so that the size report can say what the step panel weighs.)
    #[inline(never)]
    pub fn build(panels: &Element, game: u32) -> StepView {
        let panel = add(panels, "div", "ttt-panel ttt-step-panel", "");
        set_hidden(&panel, true);
        let title = add(&panel, "h2", "ttt-heading", "Step through alpha-beta");
        let title_id = game_id(game, "step-title");
        title.set_id(&title_id);
        set_attribute(&panel, "role", "region");
        set_attribute(&panel, "aria-labelledby", &title_id);
        let intro = NoteView::build(&panel);
        let on_board = add_control(
            &panel,
            "ttt-button ttt-small",
            "Back to the game's position",
            "data-step-source",
            "board",
        );
        let body = add(&panel, "div", "", "");

        let now = add(&body, "div", "ttt-step-now", "");
        let mini_box = add(&now, "div", "ttt-mini", "");
        set_attribute(&mini_box, "aria-hidden", "true");
        let mini = (0..CELLS).map(|_| add(&mini_box, "span", "", "")).collect();
        let node = add(&now, "p", "ttt-step-node", "");
        let window = add(&now, "dl", "ttt-window", "");
        let term = |name: &str| {
            add(&window, "dt", "", name);
            add(&window, "dd", "", "")
        };
        let alpha = term("α");
        let beta = term("β");
        let value = term("value");
        let chosen_term = add(&window, "dt", "", "chosen");
        let chosen = [chosen_term, add(&window, "dd", "", "")];
        let sentence = add(&body, "p", "ttt-step-sentence", "");
        set_attribute(&sentence, "aria-live", "polite");
        let controls = StepControls::build(&body);
        let counters = add(&body, "p", "ttt-note ttt-step-count", "");
        let pseudo = PseudoView::build(&body);
        StepView {
            panel,
            intro,
            on_board,
            body,
            now,
            mini_box,
            mini,
            node,
            alpha,
            beta,
            value,
            chosen,
            sentence,
            controls,
            counters,
            pseudo,
        }
    }

    /// Shows the event `stepper` is at; `running` when it steps by itself at `speed`, `heard` once the reader
    /// has pressed a step control at this position.
    #[inline(never)]
    pub fn render(&self, stepper: &Stepper, running: bool, heard: bool, speed: Speed) {
        set_hidden(&self.body, false);
        set_hidden(&self.on_board, stepper.board().is_some());
        let event = stepper.event();
        self.intro.render(Some(&stepper.intro()));
        set_attribute(&self.now, "data-step-event", event.kind.as_str());
        set_attribute(
            &self.now,
            "data-step-node",
            &NodeId(event.path.clone()).to_string(),
        );
        set_attribute(&self.now, "data-step-alpha", &event.alpha.to_string());
        set_attribute(&self.now, "data-step-beta", &event.beta.to_string());
        let value = event.value.map(|value| value.to_string());
        set_optional_attribute(&self.now, "data-step-value", value.as_deref());
        self.draw_node(stepper);
        self.alpha.set_text_content(Some(&bound_words(event.alpha)));
        self.beta.set_text_content(Some(&bound_words(event.beta)));
        let value_words = match (event.kind, event.value) {
            (StepKind::Visit, _) | (_, None) => "none yet".to_owned(),
            (_, Some(value)) => bound_words(value),
        };
        self.value.set_text_content(Some(&value_words));
        toggle_class(&self.now, "ttt-step-cut", event.kind == StepKind::Cut);
        set_text(&self.sentence, &stepper.sentence());
        // Spoken when the reader steps: not a tick's sentence while it runs (it would drown a screen reader; it
        // speaks again on pause), nor the first step of each new position of the game.
        let live = heard && !running;
        set_attribute(
            &self.sentence,
            "aria-live",
            if live { "polite" } else { "off" },
        );
        self.controls.render(stepper, running, speed);
        self.counters.set_text_content(Some(&stepper.counters()));
        self.pseudo.render(stepper, live);
    }

    /// The node of the event on show: its position on the small board (the child chosen there, once it returns,
    /// ringed with its mark), or its name in an abstract tree; and the chosen child in words.
    fn draw_node(&self, stepper: &Stepper) {
        let event = stepper.event();
        let position = stepper.position();
        let chosen = stepper.chosen();
        let notation = position.map(|position| position.to_string());
        set_optional_attribute(&self.now, "data-step-position", notation.as_deref());
        let chosen_text = chosen.map(|action| action.to_string());
        set_optional_attribute(&self.now, "data-step-chosen", chosen_text.as_deref());
        set_hidden(&self.mini_box, position.is_none());
        set_hidden(&self.node, position.is_some());
        match position {
            Some(position) => self.draw_mini(position, event.path.last().copied(), chosen),
            None => {
                let role = if event.at_max_node() { "MAX" } else { "MIN" };
                let words = stepper.tree().node_words(&event.path);
                set_text(&self.node, &format!("{words}, a {role} node"));
            }
        }
        let words = chosen.map(|action| stepper.tree().child_words(&event.path, action));
        for element in &self.chosen {
            set_hidden(element, words.is_none());
        }
        set_text(&self.chosen[1], words.as_deref().unwrap_or_default());
    }

    /// Shows only `note`, which says why there is nothing to step through here (a board bigger than 3x3).
    pub fn render_note(&self, note: &Note) {
        self.intro.render(Some(note));
        set_hidden(&self.body, true);
        set_hidden(&self.on_board, true);
    }

    /// `position` on the small board, the move that led there (`last`) outlined, and the `chosen` move ringed,
    /// with the mark of the side that would play it.
    fn draw_mini(&self, position: Board, last: Option<usize>, chosen: Option<usize>) {
        for (cell, element) in self.mini.iter().enumerate() {
            let mark = match position.get(cell) {
                Some(player) => player.name(),
                None if chosen == Some(cell) => position.to_move().name(),
                None => "",
            };
            element.set_text_content(Some(mark));
            toggle_class(element, "ttt-last", last == Some(cell));
            toggle_class(element, "ttt-chosen", chosen == Some(cell));
        }
    }
}
