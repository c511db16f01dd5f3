//! Where a game lives in a page: the element a page hands over, checked, and the shadow root the game draws in, so
//! that the page's styles and the game's leave each other alone. An element that already has a shadow root of
//! someone else's is refused: its content is not the game's to replace.

use js_sys::WeakSet;
use wasm_bindgen::prelude::*;
use web_sys::{Document, Element, ShadowRoot, ShadowRootInit, ShadowRootMode, Window};

thread_local! {
    /// The shadow roots the game made: a game mounted again into the same element draws in its own root again.
    static OWN_ROOTS: WeakSet<ShadowRoot> = WeakSet::new_typed();
}

/// The place a game draws in.
pub struct Host {
    /// The element the page handed over.
    pub element: Element,
    /// Its document, which a window shows.
    pub document: Document,
    /// That window (the page's, or a same-origin frame's): its storage, and its events between games.
    pub window: Window,
    /// The window of the page that loaded the module, whose timers and clock the game uses. A frame's window may
    /// come to show a page of another origin, whose timers a call cannot reach (it throws), and stops its own with
    /// its frame; the game's own go on until it is destroyed.
    pub module_window: Window,
    /// The shadow root the game draws in.
    pub shadow: ShadowRoot,
    /// The `<div>` added to hold the shadow root, for an element that cannot hold one: removed with the game.
    pub wrapper: Option<Element>,
}

/// Whether `element` shows a game, of this module's or of another copy of it (a page may load the module from two
/// addresses, and each copy keeps a list of its own games only): its shadow root, or that of a `<div>` a game
/// added inside it, holds a game's root element.
pub fn shows_game(element: &Element) -> bool {
    let holds_game = |holder: &Element| {
        holder
            .shadow_root()
            .and_then(|shadow| shadow.first_element_child())
            .is_some_and(|first| first.class_list().contains("ttt"))
    };
    holds_game(element)
        || std::iter::successors(element.first_element_child(), Element::next_element_sibling)
            .any(|child| child.local_name() == "div" && holds_game(&child))
}

/// The namespace of HTML elements.
const HTML: &str = "http://www.w3.org/1999/xhtml";

/// Elements that may hold a shadow root, besides custom elements (the DOM standard's list).
const SHADOW_HOSTS: [&str; 18] = [
    "article",
    "aside",
    "blockquote",
    "body",
    "div",
    "footer",
    "h1",
    "h2",
    "h3",
    "h4",
    "h5",
    "h6",
    "header",
    "main",
    "nav",
    "p",
    "section",
    "span",
];

/// HTML elements whose content a browser does not draw as a page's (void, replaced, text-only and form
/// elements), or that would put the game's buttons inside a control of their own: a game drawn there would not show,
/// or not work.
const NO_GAME_INSIDE: [&str; 37] = [
    "a", "area", "audio", "base", "br", "button", "canvas", "col", "colgroup", "datalist", "embed",
    "frameset", "head", "hr", "iframe", "img", "input", "label", "link", "meta", "meter",
    "noscript", "object", "option", "optgroup", "param", "picture", "progress", "script", "select",
    "source", "style", "template", "textarea", "title", "video", "wbr",
];

/// Why the game cannot be drawn inside `element`, if it cannot.
fn unusable(element: &Element) -> Option<String> {
    let name = element.local_name();
    if element.namespace_uri().as_deref() != Some(HTML) {
        return Some(format!("<{name}> is not an HTML element"));
    }
    NO_GAME_INSIDE
        .contains(&name.as_str())
        .then(|| format!("<{name}> does not show a game inside it"))
}

/// Whether `element` is one the DOM standard lets hold a shadow root.
fn may_hold_shadow_root(element: &Element) -> bool {
    let name = element.local_name();
    let html = element.namespace_uri().as_deref() == Some(HTML);
    html && (name.contains('-') || SHADOW_HOSTS.contains(&name.as_str()))
}

/// Checks `value` as the element to mount a game into, for `function`, and makes the shadow root the game draws
/// in.
///
/// # Errors
/// A sentence naming `function` when `value` is not an element, is one that would not show the game, is in a
/// document no window shows, or already has a shadow root that is not the game's.
pub fn prepare(value: &JsValue, function: &str) -> Result<Host, String> {
    let element = super::realm::element(value).ok_or_else(|| {
        format!("{function}: the first argument must be a DOM element to render the game into")
    })?;
    if let Some(reason) = unusable(&element) {
        return Err(format!(
            "{function}: {reason}: mount the game into a <div> or another element that shows its content"
        ));
    }
    let (document, window, module_window) = windows(&element, function)?;
    let (shadow, wrapper) = shadow_root_for(&element, &document, function)?;
    Ok(Host {
        element,
        document,
        window,
        module_window,
        shadow,
        wrapper,
    })
}

/// `element`'s document, the window that shows it, and the window of the page that loaded the module.
///
/// # Errors
/// A sentence naming `function` when the element has no document that a window shows, or the module runs in no
/// page (a worker).
fn windows(element: &Element, function: &str) -> Result<(Document, Window, Window), String> {
    let document = element
        .owner_document()
        .ok_or_else(|| format!("{function}: the element has no document"))?;
    let window = document.default_view().ok_or_else(|| {
        format!(
            "{function}: the element's document is not shown in a window (a document made with \
             createHTMLDocument or an XML document): mount the game into an element of the page"
        )
    })?;
    let module_window = web_sys::window()
        .ok_or_else(|| format!("{function}: a game is mounted from a page, not from a worker"))?;
    Ok((document, window, module_window))
}

/// The shadow root a game in `element` draws in, and the wrapper made to hold it, if any. An element that can hold
/// a shadow root gets one of the game's own (kept for the next game mounted there); any other gets a `<div>` inside
/// it that holds one.
fn shadow_root_for(
    element: &Element,
    document: &Document,
    function: &str,
) -> Result<(ShadowRoot, Option<Element>), String> {
    let taken = || {
        format!(
            "{function}: the element already has a shadow root of its own, which the game would hide: mount \
             the game into an element inside it, or into another element"
        )
    };
    if let Some(shadow) = element.shadow_root() {
        return if OWN_ROOTS.with(|own| own.has(&shadow)) {
            Ok((shadow, None))
        } else {
            Err(taken())
        };
    }
    let init = ShadowRootInit::new(ShadowRootMode::Open);
    if may_hold_shadow_root(element) {
        // It may hold one and shows none: a closed one is there.
        let shadow = element.attach_shadow(&init).map_err(|_| taken())?;
        OWN_ROOTS.with(|own| own.add(&shadow));
        return Ok((shadow, None));
    }
    let cannot = |_| format!("{function}: the game cannot be drawn inside this element");
    let wrapper = document.create_element("div").map_err(cannot)?;
    // Marked, so that the game's font follows the element's --ttt-font (game.css).
    wrapper
        .set_attribute("data-ttt-wrapper", "")
        .map_err(cannot)?;
    let shadow = wrapper.attach_shadow(&init).map_err(cannot)?;
    element.append_child(&wrapper).map_err(cannot)?;
    Ok((shadow, Some(wrapper)))
}

impl Host {
    /// Takes the game out of the page: the wrapper goes; the element's own shadow root shows the element's content
    /// again (through a `<slot>`), as before the game.
    pub fn release(&self) {
        match &self.wrapper {
            Some(wrapper) => wrapper.remove(),
            None => {
                if let Ok(slot) = self.document.create_element("slot") {
                    self.shadow.replace_children_with_node_1(&slot);
                }
            }
        }
    }
}
