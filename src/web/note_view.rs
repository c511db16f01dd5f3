//! A panel's note as it opens: its opening sentences in a paragraph, and the rest in a native `<details>`
//! disclosure, "More about …", closed until the reader opens it (the keyboard opens it with Enter or Space, and a
//! screen reader says whether it is expanded). What it says is a [`Note`], worked out in plain Rust; this module
//! only draws it, each text with `textContent`.

use super::dom::{add, set_hidden, set_text};
use crate::panels::words::Note;
use std::cell::RefCell;
use web_sys::Element;

/// The elements of a note.
pub struct NoteView {
    opening: Element,
    more: Element,
    summary: Element,
    /// The paragraphs the disclosure holds, as last drawn.
    drawn: RefCell<Vec<String>>,
}

impl NoteView {
    /// An empty note appended to `parent`: its paragraph, then its disclosure, closed.
    pub fn build(parent: &Element) -> NoteView {
        let opening = add(parent, "p", "ttt-note", "");
        let more = add(parent, "details", "ttt-more", "");
        let summary = add(&more, "summary", "", "");
        set_hidden(&more, true);
        NoteView {
            opening,
            more,
            summary,
            drawn: RefCell::new(Vec::new()),
        }
    }

    /// Shows `note`, or nothing. The disclosure stays open or closed as the reader left it.
    pub fn render(&self, note: Option<&Note>) {
        set_hidden(&self.opening, note.is_none());
        let more = note.map_or(&[][..], |note| note.more.as_slice());
        set_hidden(&self.more, more.is_empty());
        let Some(note) = note else {
            return;
        };
        set_text(&self.opening, &note.opening);
        set_text(&self.summary, &note.summary());
        if self.drawn.borrow().as_slice() != more {
            // The paragraphs follow the summary.
            while let Some(paragraph) = self.summary.next_element_sibling() {
                paragraph.remove();
            }
            for paragraph in more {
                add(&self.more, "p", "", paragraph);
            }
            *self.drawn.borrow_mut() = more.to_vec();
        }
    }
}
