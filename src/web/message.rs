//! Everything that can happen to a game, as one typed [`Message`], and the decoding of DOM events into messages.
//!
//! Decoding reads what an event says: its target, the game's `data-*` attributes and its controls' state. What
//! it reads is checked there (a page can edit the attributes of an open shadow root), so the update never sees a
//! cell number off the board. (The update reads the DOM only to keep focus in the game, and the render only its
//! own controls' values, which it sets.)

use super::realm::{self, AnyKeyboardEvent};
#[cfg(feature = "full")]
use crate::engine::{Grid, CELLS};
use crate::game::BoardKey;
#[cfg(feature = "full")]
use crate::handover::{FocusKey, ShareShown};
#[cfg(feature = "full")]
use crate::stepper::{Speed, StepControl};
#[cfg(feature = "full")]
use crate::thinking::ReplayControl;
#[cfg(feature = "full")]
use crate::tree::TreeKey;
use wasm_bindgen::JsCast;
use web_sys::{Element, Event, KeyboardEvent};

/// The most squares a board has (15 by 15): a cell number read from the page is checked against it here, and
/// against the game's own board by the update.
const MOST_CELLS: usize = 225;

/// One thing that happens to a game.
#[derive(Clone, Debug)]
pub enum Message {
    /// A square was chosen (click, tap, Enter or Space).
    Play(usize),
    /// An arrow key, Home or End (Control+Home, Control+End) on the board: focus moves across it.
    BoardKey(usize, BoardKey),
    /// A step of the move history was chosen: back to the position after that many moves.
    Jump(usize),
    /// The New game button, or `newGame()` from JavaScript.
    NewGame,
    /// The Undo button.
    Undo,
    /// The Hint button.
    Hint,
    /// The Share button.
    Share,
    /// The clipboard answered Share's copy: whether the link is there.
    Copied(bool),
    /// The Reset tally button.
    ResetTally,
    /// A setting, from a control, an attribute or JavaScript, as `Settings::set` reads it (`None`: back to its
    /// default).
    Set(String, Option<String>),
    /// The `board`, `k` and `position` attributes of a `<tic-tac-toe>`, one of which changed, as
    /// `Settings::set_board_together` reads them (the attributes that are there).
    SetBoard(Vec<(String, String)>),
    /// "Mark what alpha-beta prunes" was switched.
    #[cfg(feature = "full")]
    AlphaBeta(bool),
    /// A move was chosen in the scores list, to see why.
    #[cfg(feature = "full")]
    Why(usize),
    /// A node of the game tree was clicked: it opens or closes (its moves from the tree's root).
    #[cfg(feature = "full")]
    TreeToggle(Vec<usize>),
    /// A key of the WAI-ARIA tree pattern on a node of the game tree.
    #[cfg(feature = "full")]
    TreeKey(Vec<usize>, TreeKey),
    /// The pointer or focus is on a node of the game tree: its board is previewed.
    #[cfg(feature = "full")]
    Preview(Vec<usize>),
    /// A control of the step panel.
    #[cfg(feature = "full")]
    Step(StepControl),
    /// The step panel, running, takes its next step.
    #[cfg(feature = "full")]
    StepTick,
    /// The step panel's speed was chosen.
    #[cfg(feature = "full")]
    StepSpeed(Speed),
    /// A control of the "why" line's replay on the board.
    #[cfg(feature = "full")]
    Replay(ReplayControl),
    /// The replay, playing, shows its next move.
    #[cfg(feature = "full")]
    ReplayTick,
    /// The computer's pause is over: it plays.
    ComputerTurn,
    /// The board control chose a board: its rows, columns and k, as the option's value says it ("4x4/4").
    Board(String),
    /// A worker answered the computer's search of this position (the object `think()` resolves to).
    #[cfg(feature = "full")]
    Found(Grid, wasm_bindgen::JsValue),
    /// A worker answered the search for every move's verdict at this position.
    #[cfg(feature = "full")]
    Appraised(Grid, wasm_bindgen::JsValue),
    /// A value typed into a control (the computer's time per move): as [`Message::Set`], but a value the setting
    /// does not take is a typo, which leaves the setting and the game as they were.
    #[cfg(feature = "full")]
    Typed(String, String),
    /// Time to measure the next search statistic.
    #[cfg(feature = "full")]
    MeasureStats,
    /// A game of the site kept the tally: in another tab or frame (a `storage` event), or on this page (the
    /// [`super::TALLY_STORED`] event, which this game's own saves dispatch too).
    TallyStored,
    /// The game leaves the page (`destroy()`).
    Destroy,
    /// (Play module) The full module came: its glue's exports, with its module initialised.
    #[cfg(not(feature = "full"))]
    FullArrived(wasm_bindgen::JsValue),
    /// (Play module) The full module could not be loaded, or refused the game: why.
    #[cfg(not(feature = "full"))]
    FullFailed(String),
    /// (Full module) The play module handed the game over: what the page showed of it besides the game itself.
    #[cfg(feature = "full")]
    Resumed {
        /// The board's tab stop.
        focus_cell: usize,
        /// The element that had focus, if the game had it.
        focus: Option<FocusKey>,
        /// Share's link on show, if it was.
        share: Option<ShareShown>,
        /// The tally, when the play module kept it for the visit only.
        tally: Option<crate::tally::Tally>,
    },
}

/// The events a game listens to on its root element: the game tree's nodes are previewed on focus and hover.
#[cfg(feature = "full")]
pub const EVENTS: &[&str] = &["click", "change", "keydown", "focusin", "mouseover"];

/// The events a game listens to on its root element.
#[cfg(not(feature = "full"))]
pub const EVENTS: &[&str] = &["click", "change", "keydown"];

/// What `event` asks of the game, if anything. A key the game handles has its default action prevented.
pub fn decode(event: &Event) -> Option<Message> {
    // (The game may be in a frame's document: its elements and events are checked in any window's terms.)
    let target = realm::element(event.target()?.as_ref())?;
    match event.type_().as_str() {
        "click" => click(&target),
        "change" => change(&target),
        "keydown" => {
            let keyboard: &KeyboardEvent = event.dyn_ref::<AnyKeyboardEvent>()?.as_ref();
            let message = key(&target, keyboard)?;
            event.prevent_default();
            Some(message)
        }
        #[cfg(feature = "full")]
        _ => tree_path(&closest(&target, "[data-path]")?).map(Message::Preview),
        #[cfg(not(feature = "full"))]
        _ => None,
    }
}

/// The nearest of `element` and its ancestors that matches `selector`, one of the game's own.
fn closest(element: &Element, selector: &str) -> Option<Element> {
    element.closest(selector).ok().flatten()
}

/// A cell number in `attribute` of `element`, if it could name a square of a board (whether it is one of this
/// game's is for the update to say).
fn cell_in(element: &Element, attribute: &str) -> Option<usize> {
    element
        .get_attribute(attribute)?
        .parse()
        .ok()
        .filter(|cell| *cell < MOST_CELLS)
}

/// The moves from the tree's root in a node's `data-path` ("4,0,8"): squares of the board, at most nine. Whether
/// they can be played from the tree's root is for the tree's state to say.
#[cfg(feature = "full")]
fn tree_path(item: &Element) -> Option<Vec<usize>> {
    let text = item.get_attribute("data-path")?;
    if text.is_empty() {
        return Some(Vec::new());
    }
    let path: Vec<usize> = text
        .split(',')
        .map(|part| part.parse().ok().filter(|cell| *cell < CELLS))
        .collect::<Option<_>>()?;
    (path.len() <= CELLS).then_some(path)
}

fn click(target: &Element) -> Option<Message> {
    if let Some(cell) = closest(target, "[data-cell]") {
        return cell_in(&cell, "data-cell").map(Message::Play);
    }
    #[cfg(feature = "full")]
    if let Some(message) = panel_click(target) {
        return Some(message);
    }
    if let Some(button) = closest(target, "[data-jump]") {
        let step = button.get_attribute("data-jump")?.parse().ok()?;
        return Some(Message::Jump(step));
    }
    let action = closest(target, "[data-action]")?.get_attribute("data-action")?;
    match action.as_str() {
        "new-game" => Some(Message::NewGame),
        "undo" => Some(Message::Undo),
        "hint" => Some(Message::Hint),
        "share" => Some(Message::Share),
        "reset-tally" => Some(Message::ResetTally),
        _ => None,
    }
}

/// A click on a control of the thinking panels (full module).
#[cfg(feature = "full")]
fn panel_click(target: &Element) -> Option<Message> {
    if let Some(button) = closest(target, "[data-why]") {
        return cell_in(&button, "data-why").map(Message::Why);
    }
    // A node of the game tree, in its list or its picture.
    if let Some(item) = closest(target, "[data-path]") {
        return tree_path(&item).map(Message::TreeToggle);
    }
    if let Some(button) = closest(target, "[data-step]") {
        let name = button.get_attribute("data-step")?;
        return StepControl::from_name(&name).map(Message::Step);
    }
    let button = closest(target, "[data-replay]")?;
    let name = button.get_attribute("data-replay")?;
    ReplayControl::from_name(&name).map(Message::Replay)
}

fn change(target: &Element) -> Option<Message> {
    if let Some(select) = realm::select(target) {
        #[cfg(feature = "full")]
        if select.has_attribute("data-step-speed") {
            return Speed::from_name(&select.value()).map(Message::StepSpeed);
        }
        if select.has_attribute("data-board") {
            return Some(Message::Board(select.value()));
        }
        let name = select.get_attribute("data-setting")?;
        return Some(Message::Set(name, Some(select.value())));
    }
    let input = realm::input(target)?;
    #[cfg(feature = "full")]
    if input.get_attribute("data-tree").as_deref() == Some("alpha-beta") {
        return Some(Message::AlphaBeta(input.checked()));
    }
    let name = input.get_attribute("data-setting")?;
    match input.type_().as_str() {
        "checkbox" => {
            let on = if input.checked() { "1" } else { "0" };
            Some(Message::Set(name, Some(on.to_owned())))
        }
        // A radio button's change is its becoming checked.
        "radio" if input.checked() => Some(Message::Set(name, Some(input.value()))),
        #[cfg(feature = "full")]
        "number" => Some(Message::Typed(name, input.value())),
        _ => None,
    }
}

fn key(target: &Element, event: &KeyboardEvent) -> Option<Message> {
    if event.alt_key() || event.meta_key() {
        return None;
    }
    let key = event.key();
    if event.ctrl_key() && !target.has_attribute("data-cell") {
        return None;
    }
    #[cfg(feature = "full")]
    if target.get_attribute("role").as_deref() == Some("treeitem") {
        let path = tree_path(target)?;
        return TreeKey::from_key(&key).map(|key| Message::TreeKey(path, key));
    }
    if target.has_attribute("data-cell") {
        // From the square the key was pressed on, wherever focus came from (a click, a screen reader's cursor).
        let from = cell_in(target, "data-cell")?;
        return BoardKey::from_key(&key, event.ctrl_key()).map(|key| Message::BoardKey(from, key));
    }
    None
}
