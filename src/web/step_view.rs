//! The "Step through the search" panel: alpha-beta from the current position one event at a time, the node of
//! the event on a small board, α, β and the node's value beside it, one sentence for what just happened, the
//! controls and the counters. What it says comes from [`Stepper`]; this module only draws it.

use super::dom::{add, add_control, add_typed, game_id, set_attribute, set_optional_attribute};
use super::dom::{set_hidden, set_text, set_unavailable, toggle_class};
use crate::engine::{Bound, Grid, Player, StepKind, CELLS};
use crate::stepper::{bound_words, Speed, StepControl, Stepper};
use web_sys::{Element, HtmlButtonElement, HtmlSelectElement};

/// The elements of the step panel.
pub struct StepView {
    /// The panel, shown when stepping is asked for.
    pub panel: Element,
    intro: Element,
    /// Everything under the introduction: hidden on a board bigger than 3x3, where the introduction says why.
    body: Element,
    /// The element that describes the event on show, with its `data-step-*` attributes.
    now: Element,
    mini: Vec<Element>,
    alpha: Element,
    beta: Element,
    value: Element,
    sentence: Element,
    step: HtmlButtonElement,
    back: HtmlButtonElement,
    finish: HtmlButtonElement,
    run: HtmlButtonElement,
    restart: HtmlButtonElement,
    speed: HtmlSelectElement,
    counters: Element,
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
        let intro = add(&panel, "p", "ttt-note", "");
        let body = add(&panel, "div", "", "");

        let now = add(&body, "div", "ttt-step-now", "");
        let mini_box = add(&now, "div", "ttt-mini", "");
        set_attribute(&mini_box, "aria-hidden", "true");
        let mini = (0..CELLS).map(|_| add(&mini_box, "span", "", "")).collect();
        let window = add(&now, "dl", "ttt-window", "");
        let term = |name: &str| {
            add(&window, "dt", "", name);
            add(&window, "dd", "", "")
        };
        let alpha = term("α");
        let beta = term("β");
        let value = term("value");
        let sentence = add(&body, "p", "ttt-step-sentence", "");
        set_attribute(&sentence, "aria-live", "polite");

        let controls = add(&body, "div", "ttt-actions", "");
        let control = |text: &str, control: StepControl| {
            add_control(&controls, "ttt-button", text, "data-step", control.name())
        };
        let step = control("Step", StepControl::Forward);
        let back = control("Step back", StepControl::Back);
        let finish = control("Finish this node", StepControl::Finish);
        let run = control("Run", StepControl::Run);
        let restart = control("Restart", StepControl::Restart);
        let speed_label = add(&body, "label", "ttt-level", "Speed ");
        let speed: HtmlSelectElement = add_typed(&speed_label, "select", "", "");
        set_attribute(&speed, "data-step-speed", "");
        for choice in Speed::ALL {
            let option = add(&speed, "option", "", choice.label());
            set_attribute(&option, "value", choice.name());
        }
        let counters = add(&body, "p", "ttt-note", "");
        StepView {
            panel,
            intro,
            body,
            now,
            mini,
            alpha,
            beta,
            value,
            sentence,
            step,
            back,
            finish,
            run,
            restart,
            speed,
            counters,
        }
    }

    /// Shows the event `stepper` is at; `running` when it steps by itself at `speed`, `heard` once the reader
    /// has pressed a step control at this position.
    #[inline(never)]
    pub fn render(&self, stepper: &Stepper, running: bool, heard: bool, speed: Speed) {
        set_hidden(&self.body, false);
        let event = stepper.event();
        self.intro.set_text_content(Some(&stepper.intro()));
        set_attribute(&self.now, "data-step-event", event.kind.as_str());
        let position = stepper.position();
        let notation = position.map(|position| position.to_string());
        set_optional_attribute(&self.now, "data-step-position", notation.as_deref());
        set_attribute(&self.now, "data-step-alpha", &event.alpha.to_string());
        set_attribute(&self.now, "data-step-beta", &event.beta.to_string());
        let value = event.value.map(|value| value.to_string());
        set_optional_attribute(&self.now, "data-step-value", value.as_deref());
        if let Some(position) = position {
            self.draw_mini(&position, stepper.path().last().copied());
        }
        self.alpha.set_text_content(Some(&bound_words(event.alpha)));
        self.beta.set_text_content(Some(&bound_words(event.beta)));
        let value_words = match (event.kind, event.value) {
            (StepKind::Visit, _) | (_, None) => "none yet".to_owned(),
            (_, Some(value)) => bound_words(Bound::Finite(value)),
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
        set_unavailable(&self.step, stepper.at_end());
        set_unavailable(&self.finish, stepper.at_end());
        set_unavailable(&self.back, stepper.at_start());
        set_unavailable(&self.restart, stepper.at_start());
        self.run
            .set_text_content(Some(if running { "Pause" } else { "Run" }));
        self.speed.set_value(speed.name());
        self.counters.set_text_content(Some(&stepper.counters()));
    }

    /// Shows only `note`, which says why there is nothing to step through here (a board bigger than 3x3).
    pub fn render_note(&self, note: &str) {
        set_text(&self.intro, note);
        set_hidden(&self.body, true);
    }

    fn draw_mini(&self, position: &Grid, last: Option<usize>) {
        for (cell, element) in self.mini.iter().enumerate() {
            element.set_text_content(Some(position.get(cell).map_or("", Player::name)));
            toggle_class(element, "ttt-last", last == Some(cell));
        }
    }
}
