//! The DOM layer in a real browser (headless Chromium through wasm-bindgen-test): mounting, clicks, the
//! computer's answer, several games on one page, destroying a game, outside edits of the game's attributes, and
//! the panic notice. (Calls from a page's listener during an update need real focus events: e2e/embed.test.mjs.)
#![cfg(target_arch = "wasm32")]

use tictactoe::engine::Player;
use tictactoe::settings::{Name, Settings};
use tictactoe::state::{Problem, Topic};
use tictactoe::web::{panic, GameHandle, Source};
use wasm_bindgen::JsCast;
use wasm_bindgen_futures::JsFuture;
use wasm_bindgen_test::*;
use web_sys::{Element, HtmlElement, ShadowRoot};

fn mount(host: &Element, settings: Settings, problems: Vec<Problem>) -> Result<GameHandle, String> {
    // The game page itself, every control in view.
    tictactoe::web::mount(host.as_ref(), settings, problems, Source::Page, false)
}

wasm_bindgen_test_configure!(run_in_browser);

fn document() -> web_sys::Document {
    web_sys::window().unwrap().document().unwrap()
}

/// A fresh element in the page to mount a game into.
fn host() -> Element {
    let host = document().create_element("div").unwrap();
    document().body().unwrap().append_child(&host).unwrap();
    host
}

fn mount_in(host: &Element, human: Player, delay_ms: u32) -> GameHandle {
    let settings = Settings {
        human,
        delay_ms,
        ..Settings::default()
    };
    mount(host, settings, Vec::new()).unwrap()
}

/// The game's shadow root inside `host`.
fn shadow(host: &Element) -> ShadowRoot {
    host.shadow_root()
        .expect("the game renders into a shadow root")
}

fn cells(host: &Element) -> Vec<String> {
    let buttons = shadow(host).query_selector_all("[data-cell]").unwrap();
    (0..buttons.length())
        .map(|i| buttons.item(i).unwrap().text_content().unwrap_or_default())
        .collect()
}

fn cell(host: &Element, index: usize) -> HtmlElement {
    shadow(host)
        .query_selector(&format!("[data-cell=\"{index}\"]"))
        .unwrap()
        .unwrap()
        .dyn_into()
        .unwrap()
}

fn status(host: &Element) -> String {
    shadow(host)
        .query_selector("[role=status]")
        .unwrap()
        .unwrap()
        .text_content()
        .unwrap()
}

/// Waits `ms` milliseconds, letting timers run.
async fn sleep(ms: i32) {
    let promise = js_sys::Promise::new(&mut |resolve, _| {
        web_sys::window()
            .unwrap()
            .set_timeout_with_callback_and_timeout_and_arguments_0(&resolve, ms)
            .unwrap();
    });
    JsFuture::from(promise).await.unwrap();
}

#[wasm_bindgen_test]
fn mounting_replaces_the_host_content_with_a_board() {
    let host = host();
    host.set_text_content(Some("Loading…"));
    let game = mount_in(&host, Player::X, 0);
    assert_eq!(cells(&host), vec![String::new(); 9]);
    assert_eq!(status(&host), "Your turn: you play X.");
    // What the host held stays in its light DOM, unseen behind the shadow root.
    assert_eq!(host.text_content().unwrap(), "Loading…");
    let first = cell(&host, 0);
    assert_eq!(first.tag_name(), "BUTTON");
    assert_eq!(
        first.get_attribute("aria-label").unwrap(),
        "Row 1, column 1, empty"
    );
    game.destroy();
}

#[wasm_bindgen_test]
async fn a_click_places_a_mark_and_the_computer_answers_after_its_delay() {
    let host = host();
    let game = mount_in(&host, Player::X, 30);
    cell(&host, 4).click();
    assert_eq!(cells(&host)[4], "X");
    assert_eq!(status(&host), "Computer's turn (O): thinking…");
    assert_eq!(
        cells(&host).iter().filter(|c| *c == "O").count(),
        0,
        "not before the delay"
    );
    sleep(80).await;
    assert_eq!(cells(&host).iter().filter(|c| *c == "O").count(), 1);
    let said = status(&host);
    assert!(
        said.starts_with("O played row ") && said.ends_with(". Your turn: you play X."),
        "{said}"
    );
    assert_eq!(
        cell(&host, 4).get_attribute("aria-label").unwrap(),
        "Row 2, column 2, X"
    );
    game.destroy();
}

#[wasm_bindgen_test]
async fn two_games_on_a_page_play_independently() {
    let (first_host, second_host) = (host(), host());
    let first = mount_in(&first_host, Player::X, 0);
    let second = mount_in(&second_host, Player::O, 0);
    cell(&first_host, 0).click();
    sleep(20).await;
    assert_eq!(
        cells(&first_host).iter().filter(|c| !c.is_empty()).count(),
        2
    );
    // The second game only has the computer's opening move.
    assert_eq!(
        cells(&second_host).iter().filter(|c| !c.is_empty()).count(),
        1
    );
    // Their side choices are separate radio groups.
    let names: Vec<String> = [&first_host, &second_host]
        .iter()
        .map(|host| {
            shadow(host)
                .query_selector("input[type=radio]")
                .unwrap()
                .unwrap()
                .get_attribute("name")
                .unwrap()
        })
        .collect();
    assert_ne!(names[0], names[1]);
    first.destroy();
    second.destroy();
}

#[wasm_bindgen_test]
async fn destroy_removes_the_game_its_listeners_and_its_pending_move() {
    let host = host();
    let game = mount_in(&host, Player::X, 20);
    let button = cell(&host, 4);
    button.click();
    game.destroy();
    assert!(shadow(&host).query_selector(".ttt").unwrap().is_none());
    assert!(!game.is_on_page());
    sleep(60).await;
    // The pending computer move was cancelled, and clicks on the old elements do nothing.
    assert_eq!(button.text_content().unwrap(), "X");
    let root = button.closest(".ttt").unwrap().unwrap();
    assert_eq!(root.query_selector_all(".ttt-o").unwrap().length(), 0);
    let first: HtmlElement = root
        .query_selector("[data-cell=\"0\"]")
        .unwrap()
        .unwrap()
        .dyn_into()
        .unwrap();
    first.click();
    assert_eq!(first.text_content().unwrap(), "");
    // The element can take a new game once the old one is gone, and only then.
    let again = mount_in(&host, Player::X, 0);
    assert!(mount(&host, Settings::default(), Vec::new()).is_err());
    // Destroyed on the person's turn, where a live listener would play the click.
    cell(&host, 4).click();
    sleep(20).await;
    assert!(status(&host).ends_with("Your turn: you play X."));
    let empty = (0..9)
        .map(|index| cell(&host, index))
        .find(|square| square.text_content().unwrap().is_empty())
        .unwrap();
    again.destroy();
    empty.click();
    assert_eq!(empty.text_content().unwrap(), "");
    // Destroying twice, or using a destroyed game, is harmless.
    game.destroy();
    game.new_game();
}

#[wasm_bindgen_test]
fn new_game_from_the_handle_starts_over() {
    let host = host();
    let game = mount_in(&host, Player::X, 10_000);
    cell(&host, 0).click();
    game.new_game();
    assert_eq!(cells(&host), vec![String::new(); 9]);
    assert_eq!(status(&host), "New game. Your turn: you play X.");
    game.destroy();
}

#[wasm_bindgen_test]
fn problems_are_listed_above_the_board_as_text() {
    let host = host();
    let problem = "human=\"<b>Z</b>\" is not understood".to_owned();
    let problems = vec![Problem::new(Topic::Setting(Name::Human), problem.clone())];
    let game = mount(&host, Settings::default(), problems).unwrap();
    let notice = shadow(&host)
        .query_selector(".ttt-notice:not([hidden])")
        .unwrap()
        .unwrap();
    assert_eq!(notice.text_content().unwrap(), problem);
    assert_eq!(notice.get_attribute("role").unwrap(), "alert");
    assert!(
        shadow(&host).query_selector("b").unwrap().is_none(),
        "markup stays text"
    );
    game.destroy();
}

#[wasm_bindgen_test]
fn a_panic_is_shown_in_every_game_with_a_way_to_start_again() {
    let (host, other_host) = (host(), host());
    let game = mount_in(&host, Player::X, 0);
    let other = mount_in(&other_host, Player::O, 0);
    let notice = shadow(&host).query_selector(".ttt-panic").unwrap().unwrap();
    let other_notice = shadow(&other_host)
        .query_selector(".ttt-panic")
        .unwrap()
        .unwrap();
    assert!(notice.has_attribute("hidden"));
    assert!(other_notice.has_attribute("hidden"));
    panic::show("index out of bounds");
    assert!(!notice.has_attribute("hidden"));
    assert!(!other_notice.has_attribute("hidden"), "every game says so");
    assert_eq!(other_notice.text_content(), notice.text_content());
    let text = notice.text_content().unwrap();
    assert!(
        text.starts_with("The game stopped on an internal error: index out of bounds."),
        "{text}"
    );
    let link = notice.query_selector("a").unwrap().unwrap();
    assert_eq!(link.text_content().unwrap(), "Reload to start a new game");
    // The link reloads the page the game is on, query and all.
    let here = web_sys::window().unwrap().location().href().unwrap();
    assert!(here.starts_with("http"), "{here}");
    assert_eq!(link.get_attribute("href").unwrap(), here);
    game.destroy();
    other.destroy();
}

#[wasm_bindgen_test]
fn an_element_that_cannot_hold_a_shadow_root_gets_one_inside() {
    let host = document().create_element("ul").unwrap();
    document().body().unwrap().append_child(&host).unwrap();
    let game = mount_in(&host, Player::X, 0);
    let wrapper = host.first_element_child().unwrap();
    assert_eq!(cells(&wrapper).len(), 9);
    game.destroy();
    assert_eq!(
        host.child_element_count(),
        0,
        "the added element goes with the game"
    );
}

#[wasm_bindgen_test]
fn the_games_styles_are_adopted_not_inlined() {
    let host = host();
    let game = mount_in(&host, Player::X, 0);
    assert_eq!(shadow(&host).adopted_style_sheets().length(), 1);
    assert!(shadow(&host).query_selector("style").unwrap().is_none());
    let style = web_sys::window()
        .unwrap()
        .get_computed_style(&cell(&host, 0))
        .unwrap()
        .unwrap();
    assert_eq!(style.get_property_value("cursor").unwrap(), "pointer");
    game.destroy();
}

#[wasm_bindgen_test]
fn a_destroyed_game_shows_what_its_element_held_again() {
    let host = host();
    host.set_text_content(Some("Before the game"));
    let game = mount_in(&host, Player::X, 0);
    game.destroy();
    // The element's own content is shown through a slot of the game's shadow root.
    let slot = shadow(&host).query_selector("slot").unwrap();
    assert!(slot.is_some(), "a slot shows the element's content again");
    assert_eq!(host.text_content().unwrap(), "Before the game");
}

#[wasm_bindgen_test]
fn an_edited_square_number_is_checked() {
    let host = host();
    let game = mount(&host, Settings::default(), Vec::new()).unwrap();
    let square = cell(&host, 0);
    square.set_attribute("data-cell", "99").unwrap();
    square.click();
    assert_eq!(cells(&host), vec![String::new(); 9]);
    let notice = shadow(&host).query_selector(".ttt-panic").unwrap().unwrap();
    assert!(notice.has_attribute("hidden"), "no panic");
    cell(&host, 4).click();
    assert_eq!(cells(&host)[4], "X", "the game still plays");
    game.destroy();
}

#[wasm_bindgen_test]
fn edited_tree_paths_are_checked() {
    let host = host();
    let settings = Settings {
        display: tictactoe::settings::Display {
            tree: true,
            ..Default::default()
        },
        ..Settings::default()
    };
    let game = mount(&host, settings, Vec::new()).unwrap();
    let node: HtmlElement = shadow(&host)
        .query_selector("[role=treeitem]")
        .unwrap()
        .unwrap()
        .dyn_into()
        .unwrap();
    node.set_attribute("data-path", "4,4").unwrap();
    node.click();
    node.set_attribute("data-path", "9").unwrap();
    node.click();
    let notice = shadow(&host).query_selector(".ttt-panic").unwrap().unwrap();
    assert!(notice.has_attribute("hidden"), "no panic");
    // The game still plays.
    cell(&host, 4).click();
    assert_eq!(cells(&host)[4], "X");
    game.destroy();
}
