//! The pseudocode beside the step-through: Russell and Norvig's listing, one element a line (`data-pseudo-line`),
//! the line that makes the event on show marked (`aria-current="step"`) with the variables' values beside it,
//! the pruning test in numbers at a cut, and the lines run on the way from the event before, each in a sentence.
//! What it says comes from [`crate::panels::steps::pseudocode`] through the [`Stepper`]; this module only draws it.

use super::dom::{add, set_attribute, set_hidden, set_optional_attribute, set_text, toggle_class};
use crate::panels::steps::pseudocode::{Happening, LISTING};
use crate::panels::steps::Stepper;
use crate::panels::words::group_digits;
use std::cell::RefCell;
use std::ops::Range;
use web_sys::Element;

/// The elements of the pseudocode.
pub struct PseudoView {
    /// Why the lines are not marked yet: they are being worked out.
    note: Element,
    /// One item a line of [`LISTING`], in order.
    lines: Vec<Element>,
    /// Beside each line, the variables' values when it is the line on show.
    values: Vec<Element>,
    sentence: Element,
    /// The pruning test in numbers, at a cut.
    condition: Element,
    trail_box: Element,
    trail: Element,
    /// The step on show and the lines on the way, as last drawn.
    drawn: RefCell<Option<(Range<usize>, usize)>>,
}

impl PseudoView {
    /// Builds the listing into `parent`.
    pub fn build(parent: &Element) -> PseudoView {
        let section = add(parent, "div", "ttt-pseudo", "");
        add(
            &section,
            "h3",
            "ttt-heading",
            "The pseudocode it runs (Russell and Norvig)",
        );
        let note = add(&section, "p", "ttt-note ttt-pseudo-progress", "");
        let list = add(&section, "ol", "ttt-pseudo-lines", "");
        set_attribute(
            &list,
            "aria-label",
            "ALPHA-BETA-SEARCH, MAX-VALUE and MIN-VALUE",
        );
        let mut lines = Vec::with_capacity(LISTING.len());
        let mut values = Vec::with_capacity(LISTING.len());
        for line in &LISTING {
            let item = add(&list, "li", "", "");
            set_attribute(&item, "data-pseudo-line", &line.number.to_string());
            set_attribute(&item, "data-indent", &line.indent.to_string());
            // The symbols (←, α, −∞) are read out badly: a screen reader gets the line in words.
            let code = add(&item, "code", "", line.text);
            set_attribute(&code, "aria-hidden", "true");
            add(&item, "span", "ttt-sr", line.spoken);
            values.push(add(&item, "span", "ttt-pseudo-values", ""));
            lines.push(item);
        }
        let condition = add(&section, "p", "ttt-pseudo-condition", "");
        set_attribute(&condition, "data-pseudo-condition", "");
        let sentence = add(&section, "p", "ttt-pseudo-sentence", "");
        let trail_box = add(&section, "div", "", "");
        add(
            &trail_box,
            "p",
            "ttt-note",
            "The lines run since the step before:",
        );
        let trail = add(&trail_box, "ol", "ttt-pseudo-trail", "");
        PseudoView {
            note,
            lines,
            values,
            sentence,
            condition,
            trail_box,
            trail,
            drawn: RefCell::new(None),
        }
    }

    /// Shows the lines of the event `stepper` is at, once worked out; `live` when the sentence is to be heard
    /// (as the step panel's own sentence is).
    pub fn render(&self, stepper: &Stepper, live: bool) {
        set_attribute(
            &self.sentence,
            "aria-live",
            if live { "polite" } else { "off" },
        );
        let lines = stepper.lines();
        let Some((trail, at)) = lines.clone() else {
            // The count of events worked out moves on: drawn each time.
            self.render_waiting(stepper);
            *self.drawn.borrow_mut() = None;
            return;
        };
        if *self.drawn.borrow() == lines {
            return;
        }
        set_hidden(&self.note, true);
        let code = stepper.code();
        let step = code.steps()[at];
        let ran: Vec<u8> = code.steps()[trail.clone()]
            .iter()
            .map(|step| step.line)
            .collect();
        let beside: String = code
            .variables(at)
            .iter()
            .map(|(name, value)| format!("{name} = {value}"))
            .collect::<Vec<_>>()
            .join(", ");
        for ((line, item), values) in LISTING.iter().zip(&self.lines).zip(&self.values) {
            let current = line.number == step.line;
            set_optional_attribute(item, "aria-current", current.then_some("step"));
            toggle_class(
                item,
                "ttt-pseudo-ran",
                !current && ran.contains(&line.number),
            );
            set_text(values, if current { &beside } else { "" });
        }
        set_text(&self.sentence, &code.sentence(at));
        // At a cut, the test that skips the actions left, in numbers ("v = +3 ≥ β = +1: the other replies here are
        // skipped."): the sentence after its line's number.
        let cut = matches!(step.happening, Happening::Test { reached: true, left } if left > 0);
        let condition = if cut {
            code.sentence(at)
                .split_once(": ")
                .map(|(_, rest)| rest.to_owned())
        } else {
            None
        };
        set_hidden(&self.condition, condition.is_none());
        set_text(&self.condition, condition.as_deref().unwrap_or_default());
        self.trail.set_text_content(None);
        for index in trail.clone() {
            add(&self.trail, "li", "", &code.sentence(index));
        }
        set_hidden(&self.trail_box, trail.is_empty());
        *self.drawn.borrow_mut() = lines;
    }

    /// While the lines of the event on show are being worked out: says so, and marks no line.
    fn render_waiting(&self, stepper: &Stepper) {
        let code = stepper.code();
        set_hidden(&self.note, false);
        set_text(
            &self.note,
            &format!(
                "Working out the pseudocode's lines: the search's first {} events of {} so far (from an empty board \
                 the listing runs 167,916 lines, worked out a little at a time so that the page stays responsive).",
                group_digits(code.events_shown() as u64),
                group_digits(code.events().len() as u64)
            ),
        );
        for (item, values) in self.lines.iter().zip(&self.values) {
            set_optional_attribute(item, "aria-current", None);
            toggle_class(item, "ttt-pseudo-ran", false);
            set_text(values, "");
        }
        set_text(&self.sentence, "");
        set_hidden(&self.condition, true);
        set_hidden(&self.trail_box, true);
    }
}
