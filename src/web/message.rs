//! Everything that can happen to a game, as one typed [`Message`], and the decoding of DOM events into messages.
//! What an event says (its target, the game's `data-*` attributes, its controls' state) is checked here, since a
//! page can edit an open shadow root: the update never sees a cell off the board, and a control's value arrives as
//! a typed setting change or the refusal that says why it is none.

use super::read;
use super::realm::{self, AnyKeyboardEvent};
use crate::engine::{Grid, Score, Thought, CELLS};
use crate::game::BoardKey;
use crate::panels::embed::Snippet;
use crate::panels::practice::{Field, Number, ParseNumberError, PracticeControl};
use crate::panels::scores::ReplayControl;
use crate::panels::search_tree::NodeId;
use crate::panels::steps::{Speed, StepControl};
use crate::panels::tree::TreeKey;
use crate::settings::{Change, Name, Reading};
use crate::state::Clip;
use wasm_bindgen::JsCast;
use web_sys::{Element, Event, KeyboardEvent};

/// The most squares a board has (15 by 15): a cell number read from the page is checked against it here, and
/// against the game's own board by the update.
const MOST_CELLS: usize = 225;

/// One thing that happens to a game.
#[derive(Clone, Debug)]
pub enum Message {
    /// A square was chosen (a click, Enter or Space, a tap on a square as big as a finger).
    Play(usize),
    /// A square smaller than a finger was tapped: the first tap marks it, a second plays it.
    Tap(usize),
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
    /// The Embed button: its box of snippets opens or closes.
    Embed,
    /// A Copy button of the Embed box.
    CopySnippet(Snippet),
    /// The clipboard answered a copy: whether the link or the snippet is there.
    Copied(Clip, bool),
    /// The Reset tally button.
    ResetTally,
    /// A setting changed from a control, an attribute or JavaScript (or the refusal of a value not understood).
    Set(Reading),
    /// The `board`, `k` and `position` attributes of a `<tic-tac-toe>`, one of which changed, read together (the
    /// attributes that are there).
    SetBoard(Vec<Reading>),
    /// "Mark what alpha-beta prunes" was switched.
    AlphaBeta(bool),
    /// A move was chosen in the scores list, to see why.
    Why(usize),
    /// A node of the game tree was clicked: it opens or closes (its moves from the tree's root).
    TreeToggle(Vec<usize>),
    /// A key of the WAI-ARIA tree pattern on a node of the game tree.
    TreeKey(Vec<usize>, TreeKey),
    /// The pointer or focus is on a node of the game tree: its board is previewed.
    Preview(Vec<usize>),
    /// A control of the step panel.
    Step(StepControl),
    /// The step panel, running, takes its next step.
    StepTick,
    /// The step panel's speed was chosen.
    StepSpeed(Speed),
    /// The step panel goes back to the position on the board, from the practice's abstract tree.
    StepOnBoard,
    /// Time to work out more lines of the step panel's pseudocode.
    PrepareCode,
    /// Text typed into a field of the practice's node: a number, nothing, or why it is not a number.
    PracticeAnswer(NodeId, Field, Result<Option<Number>, String>),
    /// A practice node's "pruned" mark was ticked or unticked.
    PracticePruned(NodeId, bool),
    /// "Also ask for α and β" was switched.
    PracticeWindows(bool),
    /// "Show" on a practice node: its answers filled in.
    PracticeShow(NodeId),
    /// A button of the practice panel.
    Practice(PracticeControl),
    /// A control of the "why" line's replay on the board.
    Replay(ReplayControl),
    /// The replay, playing, shows its next move.
    ReplayTick,
    /// The computer's pause is over: it plays.
    ComputerTurn,
    /// The board control chose a board: its rows and columns, then its k, as the option's value says them
    /// ("4x4/4").
    Board(Vec<Reading>),
    /// A worker answered the computer's search of this position: what it found, or why it could not search.
    Found(Grid, Result<Thought, String>),
    /// A worker answered the search for every move's verdict at this position, or said why it could not.
    Appraised(Grid, Result<Vec<(usize, Score)>, String>),
    /// A value typed into a control (the computer's time per move): as [`Message::Set`], but a value the setting
    /// does not take is a typo, which leaves the setting and the game as they were.
    Typed(Reading),
    /// Time to measure the next search statistic.
    MeasureStats,
    /// A game of the site kept the tally: in another tab or frame (a `storage` event), or on this page (the
    /// game's own `tictactoe-tally` event, which this game's own saves dispatch too).
    TallyStored,
    /// The game leaves the page (`destroy()`).
    Destroy,
}

/// The events a game listens to on its root element: the game tree's nodes are previewed on focus and hover.
pub const EVENTS: &[&str] = &["click", "change", "keydown", "focusin", "mouseover"];

/// What `event` asks of the game, if anything. A key the game handles has its default action prevented.
pub fn decode(event: &Event) -> Option<Message> {
    // (The game may be in a frame's document: its elements and events are checked in any window's terms.)
    let target = realm::element(event.target()?.as_ref())?;
    match event.type_().as_str() {
        "click" => click(event, &target),
        "change" => change(&target),
        "keydown" => {
            let keyboard: &KeyboardEvent = event.dyn_ref::<AnyKeyboardEvent>()?.as_ref();
            let message = key(&target, keyboard)?;
            event.prevent_default();
            Some(message)
        }
        _ => tree_path(&closest(&target, "[data-path]")?).map(Message::Preview),
    }
}

/// The smallest square a finger hits reliably, in CSS pixels (WCAG's and the platforms' touch target).
const FINGER_PX: f64 = 44.0;

/// Whether the click `event` on `square` came from a touch (or a pen) on a square smaller than a finger. A mouse's,
/// a key's (no pointer) and a script's clicks play at once.
fn by_finger(event: &Event, square: &Element) -> bool {
    let touch = realm::pointer_type(event).is_some_and(|kind| kind == "touch" || kind == "pen");
    touch && square.get_bounding_client_rect().width() < FINGER_PX
}

/// The nearest of `element` and its ancestors that matches `selector`, one of the game's own.
fn closest(element: &Element, selector: &str) -> Option<Element> {
    element.closest(selector).ok().flatten()
}

/// A cell number in `attribute` of `element`, if it could name a square of a board (whether it is one of this
/// game's is for the update to say).
fn cell_in(element: &Element, attribute: &str) -> Option<usize> {
    read::attribute(element, attribute)?
        .parse()
        .ok()
        .filter(|cell| *cell < MOST_CELLS)
}

/// The moves from the tree's root in a node's `data-path` ("4,0,8"): squares of the board, at most nine. Whether
/// they can be played from the tree's root is for the tree's state to say.
fn tree_path(item: &Element) -> Option<Vec<usize>> {
    let text = read::attribute(item, "data-path")?;
    if text.is_empty() {
        return Some(Vec::new());
    }
    let path: Vec<usize> = text
        .split(',')
        .map(|part| part.parse().ok().filter(|cell| *cell < CELLS))
        .collect::<Option<_>>()?;
    (path.len() <= CELLS).then_some(path)
}

fn click(event: &Event, target: &Element) -> Option<Message> {
    if let Some(square) = closest(target, "[data-cell]") {
        let cell = cell_in(&square, "data-cell")?;
        return Some(if by_finger(event, &square) {
            Message::Tap(cell)
        } else {
            Message::Play(cell)
        });
    }
    if let Some(message) = panel_click(target) {
        return Some(message);
    }
    if let Some(button) = closest(target, "[data-copy]") {
        let name = read::attribute(&button, "data-copy")?;
        return Snippet::from_name(&name).map(Message::CopySnippet);
    }
    if let Some(button) = closest(target, "[data-jump]") {
        let step = read::attribute(&button, "data-jump")?.parse().ok()?;
        return Some(Message::Jump(step));
    }
    let action = read::attribute(&closest(target, "[data-action]")?, "data-action")?;
    match action.as_str() {
        "new-game" => Some(Message::NewGame),
        "undo" => Some(Message::Undo),
        "hint" => Some(Message::Hint),
        "share" => Some(Message::Share),
        "embed" => Some(Message::Embed),
        "reset-tally" => Some(Message::ResetTally),
        _ => None,
    }
}

/// A click on a control of the thinking panels.
fn panel_click(target: &Element) -> Option<Message> {
    if let Some(button) = closest(target, "[data-why]") {
        return cell_in(&button, "data-why").map(Message::Why);
    }
    // A node of the game tree, in its list or its picture.
    if let Some(item) = closest(target, "[data-path]") {
        return tree_path(&item).map(Message::TreeToggle);
    }
    if let Some(button) = closest(target, "[data-step]") {
        let name = read::attribute(&button, "data-step")?;
        return StepControl::from_name(&name).map(Message::Step);
    }
    if closest(target, "[data-step-source]").is_some() {
        return Some(Message::StepOnBoard);
    }
    if let Some(button) = closest(target, "[data-show]") {
        return node_in(&button).map(Message::PracticeShow);
    }
    // "Draw this tree": the field beside it, read here, is the teacher's tree.
    if let Some(button) = closest(target, "[data-practice-leaves]") {
        let field = button
            .parent_element()?
            .query_selector("input[data-setting]")
            .ok()
            .flatten()?;
        let text = realm::input(&field)?.value();
        return Some(Message::Set(Change::parse(Name::Leaves, &text)));
    }
    if let Some(button) = closest(target, "[data-practice]") {
        let name = read::attribute(&button, "data-practice")?;
        return PracticeControl::from_name(&name).map(Message::Practice);
    }
    let button = closest(target, "[data-replay]")?;
    let name = read::attribute(&button, "data-replay")?;
    ReplayControl::from_name(&name).map(Message::Replay)
}

/// The practice node named by `element`'s `data-node` or `data-show` ("0.2.1"); whether the tree has it is for the
/// exercise to say.
fn node_in(element: &Element) -> Option<NodeId> {
    read::attribute(element, "data-node")
        .or_else(|| read::attribute(element, "data-show"))?
        .parse()
        .ok()
}

/// A change of a practice panel's own control: a node's field or mark, or the harder mode's switch.
fn practice_change(input: &web_sys::HtmlInputElement) -> Option<Message> {
    if input.has_attribute("data-practice-mode") {
        return Some(Message::PracticeWindows(input.checked()));
    }
    if input.has_attribute("data-pruned") {
        return Some(Message::PracticePruned(node_in(input)?, input.checked()));
    }
    let field = Field::from_name(&read::attribute(input, "data-field")?)?;
    // Read here, once: the update sees a number, nothing, or the sentence that says what to type.
    let typed = match input.value().parse::<Number>() {
        Ok(number) => Ok(Some(number)),
        Err(ParseNumberError::Empty) => Ok(None),
        Err(error) => Err(error.to_string()),
    };
    Some(Message::PracticeAnswer(node_in(input)?, field, typed))
}

/// The setting a control changes, named by its `data-setting` (a name a page put there is no setting's).
fn setting_of(control: &Element) -> Option<Name> {
    read::attribute(control, "data-setting")?.parse().ok()
}

fn change(target: &Element) -> Option<Message> {
    if let Some(select) = realm::select(target) {
        if select.has_attribute("data-step-speed") {
            return Speed::from_name(&select.value()).map(Message::StepSpeed);
        }
        if select.has_attribute("data-board") {
            return Some(Message::Board(board_choice(&select.value())));
        }
        let name = setting_of(&select)?;
        return Some(Message::Set(Change::parse(name, &select.value())));
    }
    let input = realm::input(target)?;
    if read::attribute(&input, "data-tree").as_deref() == Some("alpha-beta") {
        return Some(Message::AlphaBeta(input.checked()));
    }
    let Some(name) = setting_of(&input) else {
        return practice_change(&input);
    };
    match input.type_().as_str() {
        // A switch's value when on is its `value`: "on" unless set (the practice's says what to practise on).
        "checkbox" => {
            let on = if input.checked() {
                input.value()
            } else {
                "0".to_owned()
            };
            Some(Message::Set(Change::parse(name, &on)))
        }
        // A radio button's change is its becoming checked.
        "radio" if input.checked() => Some(Message::Set(Change::parse(name, &input.value()))),
        "number" | "text" => Some(Message::Typed(Change::parse(name, &input.value()))),
        _ => None,
    }
}

/// The board control's choice, "4x4/4": the board, then how many in a row on it (a page may have left the k out).
fn board_choice(choice: &str) -> Vec<Reading> {
    let mut parts = choice.split('/');
    let mut readings = vec![Change::parse(Name::Board, parts.next().unwrap_or(""))];
    if let Some(k) = parts.next().filter(|k| !k.is_empty()) {
        readings.push(Change::parse(Name::K, k));
    }
    // Each choice names its rule, so that leaving the standard board goes back to free-style.
    readings.push(Change::parse(
        Name::Rule,
        parts.next().unwrap_or("freestyle"),
    ));
    readings
}

fn key(target: &Element, event: &KeyboardEvent) -> Option<Message> {
    if event.alt_key() || event.meta_key() {
        return None;
    }
    let key = event.key();
    if event.ctrl_key() && !target.has_attribute("data-cell") {
        return None;
    }
    if read::attribute(target, "role").as_deref() == Some("treeitem") {
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
