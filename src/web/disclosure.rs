//! The "Settings" disclosure of a game in a post: a native `<details>` (the keyboard opens it with Enter or Space,
//! a screen reader says whether it is expanded) that holds the groups of controls not in view. Each group's
//! elements are built once where the game page shows them, and moved under the disclosure or back as the state's
//! [`Controls`] say: listeners on the game's root and every element's state go with them.

use super::dom::{add, set_hidden};
use crate::settings::{Controls, Group};
use std::cell::Cell;
use web_sys::{Element, Node};

/// A place for an element: in `parent`, before `before` (at its end when `None`).
struct Place {
    parent: Element,
    before: Option<Element>,
}

impl Place {
    fn take(&self, element: &Element) {
        let before: Option<&Node> = self.before.as_ref().map(AsRef::as_ref);
        self.parent
            .insert_before(element, before)
            .unwrap_or_else(|_| unreachable!("a game's element moves within the game's elements"));
    }
}

/// An element of a group, with its place in view and its place under the disclosure.
struct Item {
    group: Group,
    element: Element,
    in_view: Place,
    under: Place,
}

/// The disclosure, and the elements it may hold.
pub struct Disclosure {
    details: Element,
    /// Under the summary: a row for the Hint and Share buttons, then their link, then the settings.
    actions: Element,
    body: Element,
    controls: Element,
    /// In the order they are laid out: each place's elements are put in it in this order.
    items: Vec<Item>,
    /// The groups in view as last drawn (`None` before the first render).
    drawn: Cell<Option<Controls>>,
}

/// Where an element goes under the disclosure.
#[derive(Clone, Copy)]
pub enum Under {
    /// In the row of buttons at its top.
    Actions,
    /// Under that row, before the settings (the link Share makes).
    BeforeSettings,
    /// Among the settings.
    Settings,
    /// After the settings (the moves, the tally).
    After,
}

impl Disclosure {
    /// The disclosure, closed, appended to `parent`.
    pub fn build(parent: &Element) -> Disclosure {
        let details = add(parent, "details", "ttt-settings", "");
        add(&details, "summary", "ttt-button", "Settings");
        let body = add(&details, "div", "ttt-settings-body", "");
        let actions = add(&body, "div", "ttt-actions", "");
        let controls = add(&body, "div", "ttt-controls", "");
        Disclosure {
            details,
            actions,
            body,
            controls,
            items: Vec::new(),
            drawn: Cell::new(None),
        }
    }

    /// Registers `element` of `group`, which is in its place in view, at the end of its parent; `under` says
    /// where it goes under the disclosure. Elements sharing a place are registered in their order.
    pub fn hold(&mut self, group: Group, element: &Element, under: Under) {
        self.hold_at(group, element, None, under);
    }

    /// Registers `element` of `group`, whose place in view is in its parent, before `before`.
    pub fn hold_before(&mut self, group: Group, element: &Element, before: &Element, under: Under) {
        self.hold_at(group, element, Some(before.clone()), under);
    }

    fn hold_at(&mut self, group: Group, element: &Element, before: Option<Element>, under: Under) {
        let parent = element
            .parent_element()
            .unwrap_or_else(|| unreachable!("a held element is built in its place in view"));
        let (under_parent, under_before) = match under {
            Under::Actions => (&self.actions, None),
            Under::BeforeSettings => (&self.body, Some(&self.controls)),
            Under::Settings => (&self.controls, None),
            Under::After => (&self.body, None),
        };
        self.items.push(Item {
            group,
            element: element.clone(),
            in_view: Place { parent, before },
            under: Place {
                parent: under_parent.clone(),
                before: under_before.cloned(),
            },
        });
    }

    /// Puts each group in view or under the disclosure as `in_view` says; the disclosure shows only while it holds
    /// something, and a row or box left empty takes no room.
    pub fn render(&self, in_view: Controls) {
        if self.drawn.get() == Some(in_view) {
            return;
        }
        for item in &self.items {
            let place = if in_view.contains(item.group) {
                &item.in_view
            } else {
                &item.under
            };
            place.take(&item.element);
        }
        for item in &self.items {
            for place in [&item.in_view.parent, &item.under.parent] {
                set_hidden(place, place.child_element_count() == 0);
            }
        }
        set_hidden(&self.details, !in_view.needs_disclosure());
        self.drawn.set(Some(in_view));
    }
}
