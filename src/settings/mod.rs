//! What a page or a URL can ask of a game: the settings, and the changes to them that URLs, attributes, options and
//! controls ask for, each read once where its text comes in ([`Change::parse`]), with a clear sentence for every
//! value that is not understood ([`SettingError`]). Pure Rust, tested natively.

mod change;
mod controls;
mod error;
mod layout;
mod name;
mod quote;

use change::switch;
pub use change::{
    Change, Mode, Panel, ParseChangeError, Practice, PracticeTree, Reading, Theme,
    DEFAULT_DELAY_MS, DEFAULT_THINK_MS, MAX_DELAY_MS, THINK_RANGE_MS,
};
pub use controls::{Controls, Group};
pub use error::SettingError;
pub use layout::{default_k, grid_from_text, Form, Layout};
pub use name::{in_reading_order, Name, UnknownName};
pub use quote::quote;

use crate::engine::{Grid, Level, Player, Rule, Scoring, Shape};

/// The boards the board control offers: rows, columns and how many in a row win.
pub const BOARD_PRESETS: [(usize, usize, usize); 6] = [
    (3, 3, 3),
    (4, 4, 4),
    (4, 4, 3),
    (5, 5, 4),
    (7, 7, 5),
    (15, 15, 5),
];

/// The board the board control offers under either rule (free-style or standard), as Gomoku sites do.
pub const RULE_BOARD: (usize, usize, usize) = (15, 15, 5);

/// A board's name as people say it: "3x3, 3 in a row", "15x15, 5 in a row (Gomoku)", "15x15, standard Gomoku"
/// (exactly five wins), short enough for the board control on a 320 px screen.
pub fn shape_label(shape: Shape) -> String {
    let gomoku = (shape.rows(), shape.cols(), shape.k()) == RULE_BOARD;
    let (exactly, named) = match (shape.rule(), gomoku) {
        (Rule::Freestyle, true) => ("", " (Gomoku)"),
        (Rule::Freestyle, false) => ("", ""),
        (Rule::Standard, true) => {
            return format!("{}x{}, standard Gomoku", shape.rows(), shape.cols())
        }
        (Rule::Standard, false) => ("exactly ", ""),
    };
    format!(
        "{}x{}, {exactly}{} in a row{named}",
        shape.rows(),
        shape.cols(),
        shape.k()
    )
}

/// A level's name as labels show it: "Easy", "Medium", "Hard", "Unbeatable".
pub const fn level_label(level: Level) -> &'static str {
    match level {
        Level::Easy => "Easy",
        Level::Medium => "Medium",
        Level::Hard => "Hard",
        Level::Unbeatable => "Unbeatable",
    }
}

/// Which of minimax's thinking the game shows, and with which scores.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Display {
    /// Each empty square shows the value of playing there.
    pub scores: bool,
    /// The game tree from the current position.
    pub tree: bool,
    /// Node counts and times of each search.
    pub stats: bool,
    /// Alpha-beta from the current position, one step at a time.
    pub step: bool,
    /// On a bigger board, the depth the search reached at each iteration (its horizon).
    pub horizon: bool,
    /// Depth-aware or plain scores.
    pub scoring: Scoring,
    /// The "Practise alpha-beta" panel, and what it practises on.
    pub practice: Practice,
}

impl Default for Display {
    fn default() -> Display {
        Display {
            scores: false,
            tree: false,
            stats: false,
            step: false,
            horizon: false,
            scoring: Scoring::DepthAware,
            practice: Practice::Hidden,
        }
    }
}

impl Display {
    /// Whether `panel` is shown.
    pub fn shows(&self, panel: Panel) -> bool {
        match panel {
            Panel::Scores => self.scores,
            Panel::Tree => self.tree,
            Panel::Stats => self.stats,
            Panel::Step => self.step,
            Panel::Horizon => self.horizon,
        }
    }

    /// Shows or hides `panel`.
    pub fn show(&mut self, panel: Panel, shown: bool) {
        let switch = match panel {
            Panel::Scores => &mut self.scores,
            Panel::Tree => &mut self.tree,
            Panel::Stats => &mut self.stats,
            Panel::Step => &mut self.step,
            Panel::Horizon => &mut self.horizon,
        };
        *switch = shown;
    }
}

/// The settings of a game.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Settings {
    /// The side the person plays against the computer.
    pub human: Player,
    /// The computer's pause before it answers, in milliseconds.
    pub delay_ms: u32,
    /// Against the computer or a friend.
    pub mode: Mode,
    /// How far ahead the computer looks.
    pub level: Level,
    /// The board: its rows, columns, and how many in a row win.
    pub shape: Shape,
    /// The position the game starts from, on that board.
    pub start: Grid,
    /// The computer's time per move, in milliseconds, where it cannot search to the end at once.
    pub think_ms: u32,
    /// Whether a search that stops before the end of the game evaluates the positions at its horizon (off, it
    /// counts them all as even and wanders, which is the point a reader may want to see).
    pub evaluation: bool,
    /// What the game shows of minimax's thinking.
    pub display: Display,
    /// The shape of the practice's abstract tree (shown with `practice=tree`).
    pub practice_tree: PracticeTree,
    /// The groups of controls a game in a post keeps in view (see [`Controls::in_view`]).
    pub controls: Controls,
    /// The game's colours.
    pub theme: Theme,
    /// A teacher's own tree, as written (`leaves=`), for the practice on a tree and the step-through.
    pub leaves: Option<String>,
}

impl Default for Settings {
    fn default() -> Settings {
        Settings {
            human: Player::X,
            delay_ms: DEFAULT_DELAY_MS,
            mode: Mode::Computer,
            level: Level::Unbeatable,
            shape: Shape::CLASSIC,
            start: Grid::empty(Shape::CLASSIC),
            think_ms: DEFAULT_THINK_MS,
            evaluation: true,
            display: Display::default(),
            practice_tree: PracticeTree::default(),
            controls: Controls::DEFAULT,
            theme: Theme::Auto,
            leaves: None,
        }
    }
}

/// The settings `pairs` name (a URL's parameters, an element's attributes), each read as [`Change::parse`] reads
/// it. Names this game does not use are left out, since pages and links add their own.
pub fn read_pairs(pairs: &[(String, String)]) -> Vec<Reading> {
    pairs
        .iter()
        .filter_map(|(name, value)| Some(Change::parse(name.parse().ok()?, value)))
        .collect()
}

/// The setting a reading is about.
pub fn reading_name(reading: &Reading) -> Name {
    match reading {
        Ok(change) => change.name(),
        Err(error) => error.name(),
    }
}

/// The board that `readings` with a position in rows form and no board play on: the position's own, so that
/// `?position=..../.X../..O./....` is a 4x4 game. `None` when a board is given (even one not understood), the
/// position is the 3x3 board's 9 characters, or its size is no board's (its own sentence then says why).
fn implied_board(readings: &[Reading]) -> Option<(usize, usize)> {
    let named = |wanted: Name| {
        readings
            .iter()
            .find(|reading| reading_name(reading) == wanted)
    };
    if named(Name::Board).is_some() {
        return None;
    }
    match named(Name::Position)? {
        Ok(Change::Position(layout)) => layout.implied_board(),
        _ => None,
    }
}

impl Settings {
    /// Reads `readings` (a URL's parameters, an element's attributes) in reading order: the board first, then
    /// how many in a row, then the rest, so that a position is read on the board they ask for. A value that is not
    /// understood is reported in a sentence meant for the person reading the page, and the default is used
    /// instead; each problem comes with its setting's name, so that a later change of that setting can take its
    /// sentence back.
    pub fn read(readings: &[Reading]) -> (Settings, Vec<(Name, String)>) {
        let mut settings = Settings::default();
        if let Some((rows, cols)) = implied_board(readings) {
            settings.take_implied_board(rows, cols);
        }
        let problems = in_reading_order(readings, |reading| Some(reading_name(reading)))
            .filter_map(|reading| {
                let error = settings.apply_reading(reading).err()?;
                Some((error.name(), error.with_default(settings.shape)))
            })
            .collect();
        (settings, problems)
    }

    /// Plays on the board of `rows` by `cols` that [`Layout::implied_board`] found, which has 3 to 15 of each.
    pub fn take_implied_board(&mut self, rows: usize, cols: usize) {
        self.set_board(rows, cols)
            .unwrap_or_else(|_| unreachable!("an implied board has 3 to 15 rows and columns"));
    }

    /// Takes the board, k and position that `readings` give (the `board`, `k` and `position` attributes of an
    /// element), read together as when a page loads with them: a board given wins over a position's own, and a k
    /// and a position are read on that board. The other settings stay. Returns a sentence for each value not
    /// understood, with its setting's name.
    pub fn set_board_together(&mut self, readings: &[Reading]) -> Vec<(Name, String)> {
        let (read, problems) = Settings::read(readings);
        self.shape = read.shape;
        self.start = read.start;
        problems
    }

    /// Applies `reading`: its change, or the refusal it is.
    ///
    /// # Errors
    /// [`SettingError`] when the value was not understood where it was read, or is not one the settings take (a k
    /// or a position that does not fit the board); the settings keep their values.
    pub fn apply_reading(&mut self, reading: &Reading) -> Result<(), SettingError> {
        match reading {
            Ok(change) => self.apply(change),
            Err(error) => Err(error.clone()),
        }
    }

    /// Applies `change` to a game that is running, as [`Settings::apply`] does, except that a position written for
    /// another board moves the game to that board (with its default k): on a live game the position is the newest
    /// word, where in a URL or a set of attributes read at once a `board` given wins.
    ///
    /// # Errors
    /// [`SettingError`] when the change does not fit the settings; they keep their values.
    pub fn apply_live(&mut self, change: &Change) -> Result<(), SettingError> {
        let here = (self.shape.rows(), self.shape.cols());
        let elsewhere = match change {
            Change::Position(layout) => layout
                .size()
                .filter(|&(rows, cols)| (rows, cols) != here && layout::is_board(rows, cols)),
            _ => None,
        };
        let Some((rows, cols)) = elsewhere else {
            return self.apply(change);
        };
        let mut moved = self.clone();
        moved.take_implied_board(rows, cols);
        moved.apply(change)?;
        *self = moved;
        Ok(())
    }

    /// Applies `change`.
    ///
    /// # Errors
    /// [`SettingError`] when a k or a position does not fit the board (or a board made in code has sides that
    /// are not 3 to 15); the settings keep their values.
    pub fn apply(&mut self, change: &Change) -> Result<(), SettingError> {
        match change {
            Change::Human(player) => self.human = *player,
            Change::Mode(mode) => self.mode = *mode,
            Change::Level(level) => self.level = *level,
            Change::Delay(ms) => self.delay_ms = *ms,
            Change::Think(ms) => self.think_ms = *ms,
            Change::Eval(on) => self.evaluation = *on,
            Change::Scoring(scoring) => self.display.scoring = *scoring,
            Change::Show(panel, shown) => self.display.show(*panel, *shown),
            Change::Practice(practice) => self.display.practice = *practice,
            Change::Depth(depth) => self.practice_tree.depth = *depth,
            Change::Branching(branching) => self.practice_tree.branching = *branching,
            Change::Seed(seed) => self.practice_tree.seed = *seed,
            Change::Controls(controls) => self.controls = *controls,
            Change::Theme(theme) => self.theme = *theme,
            Change::Leaves(text) => self.leaves = Some(text.clone()),
            Change::Position(layout) => {
                self.start = layout
                    .on(self.shape)
                    .map_err(|sentence| SettingError::position(layout.written(), sentence))?;
            }
            Change::Board { rows, cols } => self.set_board(*rows, *cols)?,
            Change::K(k) => {
                let shape = Shape::new(self.shape.rows(), self.shape.cols(), *k)
                    .map_err(|_| SettingError::k(&k.to_string()))?;
                self.set_shape(shape.with_rule(self.shape.rule()));
            }
            Change::Rule(rule) => self.set_shape(self.shape.with_rule(*rule)),
            Change::Reset(name) => self.reset(*name),
        }
        Ok(())
    }

    /// Plays on a board of `rows` by `cols`. The same board keeps its k, its rule and its position; another takes
    /// its own default k and free-style (a `k` or a `rule` read after it, as in a URL, sets another).
    fn set_board(&mut self, rows: usize, cols: usize) -> Result<(), SettingError> {
        if (rows, cols) != (self.shape.rows(), self.shape.cols()) {
            let shape = Shape::new(rows, cols, default_k(rows, cols))
                .map_err(|_| SettingError::board(&format!("{rows}x{cols}")))?;
            self.set_shape(shape);
        }
        Ok(())
    }

    /// Plays on `shape`: the start position stays if it is on that board, else the game starts from its empty
    /// board.
    pub fn set_shape(&mut self, shape: Shape) {
        if self.shape != shape {
            self.shape = shape;
            self.start = Grid::empty(shape);
        }
    }

    /// Puts the setting `name` back to its default.
    pub fn reset(&mut self, name: Name) {
        let default = Settings::default();
        match name {
            Name::Human => self.human = default.human,
            Name::Delay => self.delay_ms = default.delay_ms,
            Name::Mode => self.mode = default.mode,
            Name::Level => self.level = default.level,
            Name::Position => self.start = Grid::empty(self.shape),
            Name::Board => self.set_shape(default.shape),
            Name::K => {
                let (rows, cols) = (self.shape.rows(), self.shape.cols());
                let shape = Shape::new(rows, cols, default_k(rows, cols))
                    .unwrap_or_else(|_| unreachable!("the default k fits every board of 3 to 15"));
                self.set_shape(shape.with_rule(self.shape.rule()));
            }
            Name::Rule => self.set_shape(self.shape.with_rule(Rule::Freestyle)),
            Name::Think => self.think_ms = default.think_ms,
            Name::Eval => self.evaluation = default.evaluation,
            Name::Scoring => self.display.scoring = default.display.scoring,
            Name::Practice => self.display.practice = default.display.practice,
            Name::Depth => self.practice_tree.depth = default.practice_tree.depth,
            Name::Branching => self.practice_tree.branching = default.practice_tree.branching,
            Name::Seed => self.practice_tree.seed = default.practice_tree.seed,
            Name::Controls => self.controls = default.controls,
            Name::Theme => self.theme = default.theme,
            Name::Leaves => self.leaves = None,
            Name::Scores | Name::Tree | Name::Stats | Name::Step | Name::Horizon => {
                for panel in Panel::ALL.into_iter().filter(|panel| panel.name() == name) {
                    self.display.show(panel, default.display.shows(panel));
                }
            }
        }
    }

    /// The changes that take the default settings to these, at `position`, in the order a shared link writes
    /// them: who plays whom (kept in a game between friends too, for when the link's reader plays the computer),
    /// the board, the search, the position, then the panels, the practice, and the controls in view. An abstract tree's depth,
    /// branching and seed are written whenever it is practised on, defaults or not, so that a teacher's link
    /// gives the same exercise whatever later versions take as defaults.
    pub fn changes(&self, position: &Grid) -> Vec<Change> {
        let default = Settings::default();
        let shape = self.shape;
        let k = default_k(shape.rows(), shape.cols());
        let board = Change::Board {
            rows: shape.rows(),
            cols: shape.cols(),
        };
        let mut changes = vec![
            (self.mode != default.mode).then_some(Change::Mode(self.mode)),
            (self.human != default.human).then_some(Change::Human(self.human)),
            (self.level != default.level).then_some(Change::Level(self.level)),
            (self.delay_ms != default.delay_ms).then_some(Change::Delay(self.delay_ms)),
            (shape != default.shape).then_some(board),
            (shape != default.shape && shape.k() != k).then_some(Change::K(shape.k())),
            (shape.rule() != Rule::Freestyle).then_some(Change::Rule(shape.rule())),
            (self.think_ms != default.think_ms).then_some(Change::Think(self.think_ms)),
            (self.evaluation != default.evaluation).then_some(Change::Eval(self.evaluation)),
            (*position != Grid::empty(shape)).then(|| Change::Position(Layout::from(position))),
        ];
        changes.extend(Panel::ALL.map(|panel| {
            let shown = self.display.shows(panel);
            (shown != default.display.shows(panel)).then_some(Change::Show(panel, shown))
        }));
        let scoring = self.display.scoring;
        changes.push((scoring != default.display.scoring).then_some(Change::Scoring(scoring)));
        let practice = self.display.practice;
        changes.push((practice != Practice::Hidden).then_some(Change::Practice(practice)));
        // A teacher's tree goes with the link whole; a drawn one by its shape and seed.
        if let Some(text) = &self.leaves {
            changes.push(Some(Change::Leaves(text.clone())));
        } else if practice == Practice::Tree {
            let tree = self.practice_tree;
            changes.extend([
                Some(Change::Depth(tree.depth)),
                Some(Change::Branching(tree.branching)),
                Some(Change::Seed(tree.seed)),
            ]);
        }
        // A post's choice of controls goes with its link, for the post's own readers to share the game they see.
        let controls = self.controls;
        changes.push((controls != default.controls).then_some(Change::Controls(controls)));
        // A post's colours go with it too.
        changes.push((self.theme != default.theme).then_some(Change::Theme(self.theme)));
        changes.into_iter().flatten().collect()
    }

    /// URL parameters that reopen a game with these settings at `position`: the [`Settings::changes`] written out
    /// (empty when all are defaults and the board is empty).
    pub fn to_query(&self, position: &Grid) -> String {
        let changes: Vec<String> = self
            .changes(position)
            .iter()
            .map(Change::to_string)
            .collect();
        changes.join("&")
    }
}

/// Whether the game page is embedded (`embed=1` in its URL: the compact layout of an iframe), read from its
/// `name=value` pairs with the switch words of the other settings (`1`, `true`, `yes`, `on` or `0`, `false`, `no`,
/// `off`, any case). The last `embed` that is understood wins; without one the whole page is shown. Each value
/// that is not understood gets a sentence, as [`Settings::read`] gives them.
pub fn embed_from_pairs(pairs: &[(String, String)]) -> (bool, Vec<String>) {
    let mut embedded = false;
    let mut problems = Vec::new();
    for (name, value) in pairs.iter().filter(|(name, _)| name == "embed") {
        match switch(value) {
            Some(on) => embedded = on,
            None => problems.push(format!(
                "{} The whole page is shown.",
                error::not_understood(name, value, "it must be 1 (embedded) or 0 (the whole page)")
            )),
        }
    }
    (embedded, problems)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The `name=value` pairs of a query written out plainly (the page reads them with `URLSearchParams`).
    fn query_pairs(query: &str) -> Vec<(String, String)> {
        query
            .trim_start_matches('?')
            .split('&')
            .filter(|part| !part.is_empty())
            .map(|part| {
                let (name, value) = part.split_once('=').unwrap_or((part, ""));
                (name.to_owned(), value.to_owned())
            })
            .collect()
    }

    fn parse(query: &str) -> (Settings, Vec<String>) {
        let (settings, problems) = Settings::read(&read_pairs(&query_pairs(query)));
        (
            settings,
            problems.into_iter().map(|(_, sentence)| sentence).collect(),
        )
    }

    #[test]
    fn an_empty_position_is_the_empty_board_and_a_short_one_is_counted_in_words() {
        for query in ["?position=", "?position=%20", "?board=15x15&position="] {
            let (settings, problems) = parse(&query.replace("%20", " "));
            assert_eq!(problems, Vec::<String>::new(), "{query}");
            assert_eq!(settings.start, Grid::empty(settings.shape), "{query}");
        }
        let (_, problems) = parse("?position=X");
        assert!(
            problems[0].contains("this one has 1 character."),
            "{problems:?}"
        );
        let (_, problems) = parse("?board=4x4&position=XX");
        assert!(
            problems[0].contains("but the text has 1 row."),
            "{problems:?}"
        );
    }

    /// The change `text` asks for (`name=value`), which must be one.
    fn change(text: &str) -> Change {
        text.parse().unwrap()
    }

    #[test]
    fn a_value_not_taken_is_explained_with_what_follows() {
        let mut settings = Settings::default();
        let problem = settings
            .apply_reading(&Change::parse(Name::Think, "5"))
            .unwrap_err();
        assert_eq!(settings, Settings::default(), "the setting keeps its value");
        let shape = settings.shape;
        assert!(problem
            .message(shape)
            .starts_with("think=\"5\" is not understood: "));
        assert!(problem
            .with_default(shape)
            .ends_with(" The computer thinks for 1000 ms a move."));
        // A k or a position that does not fit the board is refused as it is applied, and nothing changes.
        let problem = settings.apply(&change("k=4")).unwrap_err();
        assert_eq!(problem.name(), Name::K);
        let problem = settings.apply(&change("position=X")).unwrap_err();
        assert_eq!(problem.name(), Name::Position);
        assert_eq!(settings, Settings::default());
        // Typed into its own field, the value needs no setting's name.
        let problem = Change::parse(Name::Think, "5").unwrap_err();
        assert_eq!(
            problem.typed(shape),
            "\"5\" is not understood: it must be a whole number of milliseconds from 10 to 60000. Nothing changed."
        );
    }

    #[test]
    fn settings_from_a_url() {
        assert_eq!(parse(""), (Settings::default(), vec![]));
        let (settings, problems) =
            parse("?human=o&delay=0&utm_source=blog&mode=Friend&level=easy&position=x...o....");
        assert_eq!(
            settings,
            Settings {
                human: Player::O,
                delay_ms: 0,
                mode: Mode::Friend,
                level: Level::Easy,
                start: Grid::parse("X...O....", Shape::CLASSIC).unwrap(),
                ..Settings::default()
            }
        );
        assert!(problems.is_empty());
        let (settings, problems) =
            parse("scores=1&tree=true&stats=on&step=yes&scoring=Plain&horizon=1&eval=off");
        assert!(problems.is_empty());
        assert_eq!(
            settings.display,
            Display {
                scores: true,
                tree: true,
                stats: true,
                step: true,
                horizon: true,
                scoring: Scoring::Plain,
                practice: Practice::Hidden,
            }
        );
        assert!(!settings.evaluation);
        assert!(problems.is_empty());
        assert_eq!(parse("?human=O&delay=10000").0.delay_ms, 10_000);
        // Spaces around a value (`+` or `%20` in a link, or typed into an attribute) do not matter.
        let (settings, problems) = parse("?level= hard &human= O&delay=\t200\n&mode= friend");
        assert!(problems.is_empty(), "{problems:?}");
        assert_eq!(
            (
                settings.level,
                settings.human,
                settings.delay_ms,
                settings.mode
            ),
            (Level::Hard, Player::O, 200, Mode::Friend)
        );
        // A no-break space is not a space a link or an attribute gets by accident: it is a value not understood.
        let (settings, problems) = parse("?level=\u{A0}hard");
        assert_eq!(settings.level, Settings::default().level);
        assert_eq!(problems.len(), 1, "{problems:?}");
    }

    #[test]
    fn bad_settings_are_explained_and_use_the_default() {
        let cases: &[(&str, &str)] = &[
            ("human=Z", "it must be X or O. You play X."),
            ("human=", "it must be X or O"),
            ("human", "it must be X or O"),
            ("delay=-1", "from 0 to 10000. The computer waits 350 ms."),
            ("delay=abc", "from 0 to 10000"),
            ("delay=10001", "from 0 to 10000"),
            ("delay=1e3", "from 0 to 10000"),
            ("delay=99999999999999", "from 0 to 10000"),
            (
                "mode=robot",
                "it must be computer or friend. You play the computer.",
            ),
            (
                "level=impossible",
                "easy, medium, hard or unbeatable. The level is unbeatable.",
            ),
            (
                "position=XX",
                "a position has 9 cells, this one has 2 characters. The game starts",
            ),
            ("position=OO.......", "O has more marks than X"),
            (
                "position=XXXOO.O..",
                "X has three in a row but O moved after that",
            ),
        ];
        for (query, expected) in cases {
            let (settings, problems) = parse(query);
            assert_eq!(settings, Settings::default(), "{query}");
            assert_eq!(problems.len(), 1, "{query}");
            assert!(problems[0].contains(expected), "{query}: {}", problems[0]);
        }
        let (_, problems) = parse("human=<script>alert(1)</script>");
        assert_eq!(
            problems[0],
            "human=\"<script>alert(1)</script>\" is not understood: it must be X or O. You play X."
        );
        let (_, problems) = parse(&format!("delay={}", "9".repeat(100)));
        assert!(problems[0].contains(&format!("\"{}…\"", "9".repeat(40))));
    }

    #[test]
    fn a_shared_query_reopens_the_same_game() {
        let position = Grid::parse("X...O..X.", Shape::CLASSIC).unwrap();
        let settings = Settings {
            human: Player::O,
            delay_ms: 0,
            mode: Mode::Computer,
            level: Level::Hard,
            ..Settings::default()
        };
        let settings = Settings {
            display: Display {
                scores: true,
                tree: false,
                stats: true,
                step: true,
                horizon: false,
                scoring: Scoring::Plain,
                practice: Practice::Position,
            },
            theme: Theme::Dark,
            ..settings
        };
        let query = settings.to_query(&position);
        assert_eq!(
            query,
            "human=O&level=hard&delay=0&position=X...O..X.&scores=1&stats=1&step=1&scoring=plain&practice=1&theme=dark"
        );
        let (reopened, problems) = parse(&query);
        assert!(problems.is_empty());
        assert_eq!(
            reopened,
            Settings {
                start: position,
                ..settings.clone()
            }
        );
        let empty = Grid::empty(Shape::CLASSIC);
        assert_eq!(Settings::default().to_query(&empty), "");
        let friend = Settings {
            mode: Mode::Friend,
            ..Settings::default()
        };
        assert_eq!(friend.to_query(&empty), "mode=friend");
        let friends_of_a_hard_computer = Settings {
            mode: Mode::Friend,
            ..settings
        };
        assert!(friends_of_a_hard_computer
            .to_query(&empty)
            .starts_with("mode=friend&human=O&level=hard&"));
    }

    #[test]
    fn embed_takes_the_switch_words_and_the_last_one_understood_wins() {
        let embed = |query: &str| embed_from_pairs(&query_pairs(query));
        assert_eq!(embed(""), (false, vec![]));
        assert_eq!(embed("?level=hard"), (false, vec![]));
        for on in ["1", "true", "YES", "On", " 1 "] {
            assert_eq!(embed(&format!("?embed={on}")), (true, vec![]), "{on}");
        }
        for off in ["0", "False", "no", "OFF"] {
            assert_eq!(embed(&format!("?embed={off}")), (false, vec![]), "{off}");
        }
        assert_eq!(embed("?embed=1&embed=0"), (false, vec![]));
        assert_eq!(embed("?embed=0&embed=1"), (true, vec![]));
        let (embedded, problems) = embed("?embed=1&embed=maybe&embed=\"><b>");
        assert!(embedded, "a value not understood changes nothing");
        assert_eq!(
            problems,
            [
                "embed=\"maybe\" is not understood: it must be 1 (embedded) or 0 (the whole page). The whole page is shown.",
                r#"embed=""><b>" is not understood: it must be 1 (embedded) or 0 (the whole page). The whole page is shown."#,
            ]
        );
        // The settings take no notice of embed, and embed of them.
        assert_eq!(parse("?embed=maybe"), (Settings::default(), vec![]));
    }

    #[test]
    fn every_setting_goes_back_to_its_default() {
        let (mut settings, problems) = parse(
            "?human=O&delay=0&mode=friend&level=easy&scores=1&tree=1&stats=1&step=1&scoring=plain&board=4x5&k=3&think=50&position=X..../...../...../.....&eval=0&horizon=1&practice=tree&depth=4&branching=4&seed=9&controls=level&theme=dark&leaves=((1,2),(3,4))",
        );
        assert!(problems.is_empty(), "{problems:?}");
        for name in Name::ALL {
            assert_ne!(settings, Settings::default(), "before {name}");
            settings.reset(name);
        }
        assert_eq!(settings, Settings::default());
        // A reset is a change like any other.
        let mut settings = parse("?level=easy&scores=1").0;
        settings.apply(&change("level")).unwrap();
        settings.apply(&Change::Reset(Name::Scores)).unwrap();
        assert_eq!(settings, Settings::default());
    }

    #[test]
    fn a_practice_tree_is_shared_whole_and_its_ranges_are_the_trees() {
        use crate::panels::search_tree::AbstractTree;
        assert_eq!(PracticeTree::DEPTHS, AbstractTree::DEPTHS);
        assert_eq!(PracticeTree::BRANCHINGS, AbstractTree::BRANCHINGS);
        let (settings, problems) = parse("?practice=tree&depth=3&branching=2&seed=7");
        assert!(problems.is_empty(), "{problems:?}");
        assert_eq!(settings.display.practice, Practice::Tree);
        assert_eq!(
            settings.practice_tree,
            PracticeTree {
                depth: 3,
                branching: 2,
                seed: 7
            }
        );
        let empty = Grid::empty(Shape::CLASSIC);
        // Defaults or not, the tree's shape is written whenever the tree is practised on.
        assert_eq!(
            settings.to_query(&empty),
            "practice=tree&depth=3&branching=2&seed=7"
        );
        let (default_tree, _) = parse("?practice=tree");
        assert_eq!(
            default_tree.to_query(&empty),
            "practice=tree&depth=3&branching=2&seed=0"
        );
        // On the board, the tree's shape is not the exercise's: it is left out.
        let (on_board, _) = parse("?practice=1&depth=4");
        assert_eq!(on_board.to_query(&empty), "practice=1");
        // Values not understood are explained, and the defaults used.
        let (settings, problems) = parse("?practice=maybe&depth=9&branching=x&seed=-2");
        assert_eq!(problems.len(), 4, "{problems:?}");
        assert!(
            problems[0].ends_with("(hidden). It is hidden."),
            "{}",
            problems[0]
        );
        assert_eq!(settings, Settings::default());
    }

    #[test]
    fn a_board_of_any_size_with_its_k() {
        let (settings, problems) = parse("?position=..../.X../..O./....&k=3&board=4x4&think=250");
        assert!(problems.is_empty(), "{problems:?}");
        assert_eq!(settings.shape, Shape::new(4, 4, 3).unwrap());
        assert_eq!(settings.start.to_string(), "..../.X../..O./....");
        assert_eq!(settings.think_ms, 250);
        assert_eq!(
            settings.to_query(&settings.start),
            "board=4x4&k=3&think=250&position=..../.X../..O./...."
        );
        // Without k, the shorter side wins, at most five in a row.
        for (board, k) in [("4x4", 4), ("5X5", 5), ("15x15", 5), ("3x7", 3), ("7x4", 4)] {
            let (settings, problems) = parse(&format!("board={board}"));
            assert!(problems.is_empty(), "{problems:?}");
            assert_eq!(settings.shape.k(), k, "{board}");
            assert_eq!(settings.start, Grid::empty(settings.shape));
        }
        let (settings, _) = parse("board=15x15&k=5");
        assert_eq!(settings.to_query(&settings.start), "board=15x15");
        assert_eq!(shape_label(settings.shape), "15x15, 5 in a row (Gomoku)");
        // A change of board starts from its empty board.
        let mut settings = parse("position=X........").0;
        settings.apply(&change("board=4x4")).unwrap();
        assert_eq!(settings.start, Grid::empty(settings.shape));
        settings.apply(&change("k=3")).unwrap();
        assert_eq!(settings.shape.k(), 3);
        settings.reset(Name::K);
        assert_eq!(settings.shape.k(), 4);
        // The same board changes nothing: its k and its position stay.
        let mut settings = parse("board=4x4&k=3&position=..../.X../..O./....").0;
        settings.apply(&change("board=4x4")).unwrap();
        assert_eq!(settings.shape, Shape::new(4, 4, 3).unwrap());
        assert_eq!(settings.start.to_string(), "..../.X../..O./....");
        // Another board takes its own default k.
        let mut settings = parse("board=5x5&k=3").0;
        settings.apply(&change("board=15x15")).unwrap();
        assert_eq!(settings.shape, Shape::new(15, 15, 5).unwrap());
        for (rows, cols, k) in BOARD_PRESETS {
            let (settings, problems) = parse(&format!("board={rows}x{cols}&k={k}"));
            assert!(problems.is_empty(), "{problems:?}");
            let shape = settings.shape;
            assert_eq!((shape.rows(), shape.cols(), shape.k()), (rows, cols, k));
        }
    }

    #[test]
    fn the_rule_is_read_after_the_board_written_in_links_and_left_with_the_board() {
        // In any order, the rule is read after the board it is played on.
        let (settings, problems) = parse("rule=Standard&board=15x15");
        assert!(problems.is_empty(), "{problems:?}");
        assert_eq!(
            settings.shape,
            Shape::new(15, 15, 5).unwrap().with_rule(Rule::Standard)
        );
        assert_eq!(
            settings.to_query(&settings.start),
            "board=15x15&rule=standard"
        );
        assert_eq!(shape_label(settings.shape), "15x15, standard Gomoku");
        // Free-style is the default, and not written.
        let (settings, _) = parse("board=15x15&rule=freestyle");
        assert_eq!(settings.to_query(&settings.start), "board=15x15");
        // A k keeps the rule; another board goes back to free-style; a reset too.
        let mut settings = parse("board=15x15&rule=standard").0;
        settings.apply(&change("k=4")).unwrap();
        assert_eq!(settings.shape.rule(), Rule::Standard);
        settings.reset(Name::K);
        assert_eq!(settings.shape.rule(), Rule::Standard);
        settings.reset(Name::Rule);
        assert_eq!(settings.shape.rule(), Rule::Freestyle);
        settings.apply(&change("rule=standard")).unwrap();
        settings.apply(&change("board=7x7")).unwrap();
        assert_eq!(settings.shape, Shape::new(7, 7, 5).unwrap());
        // A rule not understood is explained and free-style played.
        let (settings, problems) = parse("board=15x15&rule=renju");
        assert_eq!(settings.shape.rule(), Rule::Freestyle);
        assert_eq!(problems.len(), 1);
        assert!(
            problems[0].starts_with("rule=\"renju\" is not understood"),
            "{problems:?}"
        );
    }

    #[test]
    fn a_board_k_and_position_read_together_as_at_a_load_keep_the_other_settings() {
        let pairs = |given: &[&str]| -> Vec<Reading> {
            given.iter().map(|text| Ok(change(text))).collect()
        };
        let mut settings =
            parse("level=easy&scores=1&board=4x4&k=3&position=..../.X../..O./....").0;
        // A 3x3 position on a 7x7 board is explained and the board kept, in any order.
        let problems =
            settings.set_board_together(&pairs(&["position=X...O....", "k=5", "board=7x7"]));
        assert_eq!(settings.shape, Shape::new(7, 7, 5).unwrap());
        assert_eq!(settings.start, Grid::empty(settings.shape));
        assert_eq!(problems.len(), 1);
        assert_eq!(problems[0].0, Name::Position);
        assert_eq!(
            (settings.level, settings.display.scores),
            (Level::Easy, true)
        );
        // A position alone brings its own board; nothing at all is the 3x3 board.
        assert!(settings
            .set_board_together(&pairs(&["position=..../.X../..O./...."]))
            .is_empty());
        assert_eq!(settings.start.to_string(), "..../.X../..O./....");
        assert!(settings.set_board_together(&[]).is_empty());
        assert_eq!(
            (settings.shape, settings.start),
            (Shape::CLASSIC, Grid::empty(Shape::CLASSIC))
        );
    }

    #[test]
    fn a_position_in_rows_form_without_a_board_says_which_board() {
        let (settings, problems) = parse("?position=..../.X../..O./....");
        assert!(problems.is_empty(), "{problems:?}");
        assert_eq!(settings.shape, Shape::new(4, 4, 4).unwrap());
        assert_eq!(settings.start.to_string(), "..../.X../..O./....");
        // k as given, wherever it stands; a 5x3 board of rows.
        let (settings, problems) = parse("k=3&position=...../..X../.....");
        assert!(problems.is_empty(), "{problems:?}");
        assert_eq!(settings.shape, Shape::new(3, 5, 3).unwrap());
        // The 3x3 board's rows and its 9 characters stay on the 3x3 board.
        for position in ["X../.O./...", "X...O...."] {
            let (settings, problems) = parse(&format!("position={position}"));
            assert!(problems.is_empty(), "{problems:?}");
            assert_eq!(settings.shape, Shape::CLASSIC);
        }
        // A board given wins: the position is read on it, and says when it does not fit.
        let (settings, problems) = parse("board=5x5&position=..../.X../..O./....");
        assert_eq!(settings.shape, Shape::new(5, 5, 5).unwrap());
        assert_eq!(problems.len(), 1, "{problems:?}");
        // No board has 16 rows: the position's own sentence says so, on the 3x3 board.
        let sixteen = ["..."; 16].join("/");
        let (settings, problems) = parse(&format!("position={sixteen}"));
        assert_eq!(settings.shape, Shape::CLASSIC);
        assert_eq!(problems.len(), 1, "{problems:?}");
        // A board given, even one not understood, wins over the position's.
        let (settings, problems) = parse("board=4&position=..../..../....");
        assert_eq!(settings.shape, Shape::CLASSIC);
        assert_eq!(problems.len(), 2, "{problems:?}");
        let (settings, _) = parse("position= ..../..../.... ");
        assert_eq!(settings.shape, Shape::new(3, 4, 3).unwrap());
    }

    #[test]
    fn on_a_live_game_a_position_of_another_board_moves_the_game_there() {
        let mut settings = Settings::default();
        settings
            .apply_live(&change("position=..../.X../..O./...."))
            .unwrap();
        assert_eq!(settings.shape, Shape::new(4, 4, 4).unwrap());
        assert_eq!(settings.start.to_string(), "..../.X../..O./....");
        // Back to the 3x3 board with its 9 characters.
        settings.apply_live(&change("position=X...O....")).unwrap();
        assert_eq!(settings.shape, Shape::CLASSIC);
        // A position that is not one leaves the board as it was, and says why in the other board's terms.
        let error = settings
            .apply_live(&change("position=..../.X../..O./..Q."))
            .unwrap_err();
        let message = error.message(settings.shape);
        assert!(message.contains('Q'), "{message}");
        assert_eq!(settings.shape, Shape::CLASSIC);
        // Another setting, or a position of this board, is set as ever.
        settings.apply_live(&change("level=easy")).unwrap();
        settings
            .apply_live(&change("position=X../.O./..."))
            .unwrap();
        assert_eq!(settings.shape, Shape::CLASSIC);
        let sixteen = format!("position={}", ["..."; 16].join("/"));
        assert!(settings.apply_live(&change(&sixteen)).is_err());
    }

    #[test]
    fn bad_boards_are_explained_and_use_the_default() {
        let cases: &[(&str, &str)] = &[
            (
                "board=2x3",
                "each from 3 to 15, such as 4x4. The board is 3x3.",
            ),
            ("board=16x16", "each from 3 to 15"),
            ("board=4", "each from 3 to 15"),
            ("board=4x4x4", "each from 3 to 15"),
            ("board=<b>x</b>", "each from 3 to 15"),
            (
                "k=4",
                "on a 3x3 board it must be 3 (a bigger board takes board=, such as board=4x4)",
            ),
            ("board=4x5&k=6", "from 3 to 5, the board's longer side"),
            ("board=4x4&k=2", "from 3 to 4"),
            ("k=three", "on a 3x3 board it must be 3"),
            (
                "think=5",
                "from 10 to 60000. The computer thinks for 1000 ms a move.",
            ),
            ("think=60001", "from 10 to 60000"),
            ("think=-1", "from 10 to 60000"),
            ("position=....", "The game starts from the empty board."),
            (
                "board=4x4&position=X........",
                "The game starts from the empty board.",
            ),
        ];
        for (query, expected) in cases {
            let (settings, problems) = parse(query);
            assert_eq!(problems.len(), 1, "{query}: {problems:?}");
            assert!(problems[0].contains(expected), "{query}: {}", problems[0]);
            assert_eq!(settings.start, Grid::empty(settings.shape), "{query}");
            assert_eq!(settings.think_ms, DEFAULT_THINK_MS, "{query}");
        }
        // A k the board does not take leaves the board's own.
        let (settings, _) = parse("board=4x5&k=6");
        assert_eq!(settings.shape, Shape::new(4, 5, 4).unwrap());
    }
}
