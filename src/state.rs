//! One game on the page as plain data: the game, the tally, the board's focus, Share's link, the problems shown
//! above the board, a typo by the time field, and what the thinking panels show. The DOM layer owns a [`State`]
//! with its elements, timers, storage and worker, changes it in its update and draws it in its render; every
//! decision that needs none of those is made here. Pure Rust, tested natively.

use crate::engine::{Board, Clock, Grid, Limits, Score, Thought};
use crate::game::tally::Tally;
use crate::game::{game_name, square_name, Game, Phase};
use crate::panels::embed::{self, Snippet};
use crate::panels::practice::{Practising, Subject};
use crate::panels::scores::Replay;
use crate::panels::search_report::{Scored, SearchResults};
use crate::panels::search_tree::SearchTree;
use crate::panels::thinking::Thinking;
use crate::panels::tree::TreeKey;
use crate::panels::words::exact_scores;
use crate::settings::{
    reading_name, Change, Controls, Group, Name, Panel, Practice, Reading, SettingError, Settings,
};

/// The last link Share made.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Share {
    /// The link to the game as it stood.
    pub url: String,
    /// Whether it reached the clipboard (`None` while the browser has not said).
    pub copied: Option<bool>,
}

/// What the reader asked to copy: Share's link, or a snippet of the Embed box.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Clip {
    /// The link to the game.
    Link,
    /// A snippet that embeds the game in a post.
    Snippet(Snippet),
}

/// The Embed box, while it is open: the snippet last copied, as it was, and whether it reached the clipboard
/// (`None` while the browser has not said).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Embed {
    /// The snippet, its text when copied, and the clipboard's answer.
    pub copied: Option<(Snippet, String, Option<bool>)>,
}

/// What a problem shown above the board is about.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Topic {
    /// A setting's value that was not understood: a later change of that setting takes the problem back.
    Setting(Name),
    /// The page's `embed` parameter, which is not a setting of the game.
    Embed,
    /// The tally, which the browser's storage could not keep.
    Tally,
}

/// A sentence shown above the board, and what it is about.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Problem {
    /// What it is about.
    pub topic: Topic,
    /// What it says.
    pub sentence: String,
}

impl Problem {
    /// `sentence`, about `topic`.
    pub fn new(topic: Topic, sentence: impl Into<String>) -> Problem {
        Problem {
            topic,
            sentence: sentence.into(),
        }
    }

    /// The problems `Settings::read` found, each about its setting.
    pub fn of_settings(problems: Vec<(Name, String)>) -> Vec<Problem> {
        problems
            .into_iter()
            .map(|(name, sentence)| Problem::new(Topic::Setting(name), sentence))
            .collect()
    }
}

/// A value typed into a setting's own field that the setting does not take, said by that field.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Typo {
    /// The setting whose field it was typed into.
    pub name: Name,
    /// Why it was not taken.
    pub sentence: String,
}

/// A search a game on a bigger board wants from a worker.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Search {
    /// The computer's move, within these limits.
    Computer(Limits),
    /// Every move's verdict, for the move scores on the squares, within these limits.
    Scores(Limits),
}

/// A panel in the panels' column, in the order a reader meets them.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum PanelBox {
    /// The move scores.
    Scores,
    /// The search statistics, and a bigger board's last search with its horizon.
    Stats,
    /// Practise alpha-beta.
    Practice,
    /// The step-through.
    Step,
    /// The game tree.
    Tree,
}

/// Whether a change began a new game (the computer's pause then starts again).
#[must_use]
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Played {
    /// The game goes on as it stands.
    On,
    /// A new game began.
    Anew,
}

/// Everything one game on the page shows.
#[derive(Clone, Debug)]
pub struct State {
    /// The game itself.
    pub game: Game,
    /// Wins, draws and losses so far.
    pub tally: Tally,
    /// The square that is the board's one tab stop (roving tabindex).
    pub focus_cell: usize,
    /// The square a touch marked on a board whose squares are smaller than a finger, and the position it was
    /// marked in: a second tap there plays it.
    aim: Option<(usize, Grid)>,
    /// The last link made by Share.
    pub share: Option<Share>,
    /// The Embed box, while open.
    pub embed: Option<Embed>,
    /// What is shown above the board: settings that were not understood, and what the game says of the page.
    pub problems: Vec<Problem>,
    /// A value typed into the computer's time per move (a bigger board's setting) that was not taken.
    pub typo: Option<Typo>,
    /// What the thinking panels show besides the game.
    pub thinking: Thinking,
    /// What the searches on a bigger board found.
    pub found: SearchResults,
    /// The "Practise alpha-beta" panel.
    pub practice: Practising,
    /// The page a shared link opens: this page, or the game's own page for a game embedded elsewhere.
    share_base: String,
    /// Whether the game is in a post (a `<tic-tac-toe>`, `mount`, an iframe's `?embed=1`) rather than on the
    /// game's own page: it then keeps only the controls its author lists in view.
    embedded: bool,
}

impl State {
    /// `game`, with `problems` to show above the board; Share's links open `share_base`. An `embedded` game (in a
    /// post) keeps in view only the controls its `controls` setting lists.
    pub fn new(game: Game, problems: Vec<Problem>, share_base: String, embedded: bool) -> State {
        State {
            thinking: Thinking::new(game.searchable_at_once().unwrap_or(Board::EMPTY)),
            game,
            tally: Tally::default(),
            focus_cell: 0,
            aim: None,
            share: None,
            embed: None,
            problems,
            typo: None,
            found: SearchResults::default(),
            practice: Practising::default(),
            share_base,
            embedded,
        }
    }

    /// The name of the page that shows the game: "Gomoku against minimax".
    pub fn title(&self) -> String {
        format!("{} against minimax", game_name(self.game.shape()))
    }

    /// The status line: the game's, or the square a touch marked, in as few words (two lines on a phone, which
    /// the status line keeps room for: the board below does not move).
    pub fn status_text(&self) -> String {
        match self.aimed() {
            Some(cell) => format!(
                "{} marked: tap it again to play {} there.",
                square_name(self.game.shape(), cell),
                self.game.board().to_move().name()
            ),
            None => self.game.status_text(),
        }
    }

    /// A person played `cell` (a click, a key).
    pub fn play(&mut self, cell: usize) {
        self.focus_cell = cell;
        self.aim = None;
        self.game.play_human(cell);
    }

    /// A touch on `cell` of a board whose squares are smaller than a finger: the first marks it, large, and a
    /// second on the same square plays it, so that a finger that lands a square off plays nothing.
    pub fn tap(&mut self, cell: usize) {
        if self.aimed() == Some(cell) {
            self.play(cell);
        } else if self.game.is_playable(cell) {
            self.focus_cell = cell;
            self.aim = Some((cell, self.game.board()));
        }
    }

    /// The square a touch marked, waiting for its second tap.
    pub fn aimed(&self) -> Option<usize> {
        self.aim.map(|(cell, _)| cell)
    }

    /// The panels shown, in their order.
    pub fn shown_panels(&self) -> Vec<PanelBox> {
        let display = self.game.settings().display;
        // The horizon is a deepening search's: where the whole tree is searched at once, every search goes to the
        // end.
        let horizon = display.horizon && self.game.searchable_at_once().is_none();
        [
            (PanelBox::Scores, display.scores),
            (PanelBox::Stats, display.stats || horizon),
            (PanelBox::Practice, display.practice != Practice::Hidden),
            (PanelBox::Step, display.step),
            (PanelBox::Tree, display.tree),
        ]
        .into_iter()
        .filter_map(|(panel, shown)| shown.then_some(panel))
        .collect()
    }

    /// What the panels' column beside the board says while it shows no panel (on a screen wide enough for the
    /// column, which is there from the start, so that a panel switched on moves nothing): where the switches are.
    pub fn panels_note(&self) -> Option<&'static str> {
        if !self.shown_panels().is_empty() {
            return None;
        }
        Some(if self.controls_in_view().contains(Group::Panels) {
            "Switch on a panel above to watch minimax think: it opens here, beside the board."
        } else {
            "Settings has the switches of the panels that show how minimax thinks: each opens here, beside the \
             board."
        })
    }

    /// The groups of controls in view; the others are under the "Settings" disclosure (see
    /// [`Controls::in_view`]).
    pub fn controls_in_view(&self) -> Controls {
        self.game.settings().controls.in_view(self.embedded)
    }

    /// The move scores the squares and the scores panel show, each move's score for the side to move, when they
    /// are shown and known: found at once where the whole tree is searched at once, else once the worker's search
    /// has answered.
    pub fn move_scores(&self) -> Option<Vec<(usize, Score)>> {
        let game = &self.game;
        if !game.settings().display.scores {
            return None;
        }
        match game.searchable_at_once() {
            Some(board) => Some(exact_scores(&board)),
            None => self
                .found
                .scores_at(&game.board(), game.scoring_limits())
                .map(<[_]>::to_vec),
        }
    }

    /// The line a replay control starts from the position on the board: the chosen move's "why" line where the
    /// whole tree is searched at once, else the rest of the computer's forced win (see [`SearchResults::forced_line`]).
    pub fn replay_line(&self) -> Option<Replay> {
        let board = self.game.board();
        match self.game.searchable_at_once() {
            Some(at_once) => self.thinking.why_replay(at_once),
            None => self
                .found
                .forced_line(&board)
                .map(|line| Replay::along(board, line)),
        }
    }

    /// A link that reopens the game as it stands.
    pub fn share_url(&self) -> String {
        let query = self.game.settings().to_query(&self.game.board());
        if query.is_empty() {
            self.share_base.clone()
        } else {
            format!("{}?{query}", self.share_base)
        }
    }

    /// Shows the link to this game; returns it, to be copied.
    pub fn start_share(&mut self) -> String {
        let url = self.share_url();
        self.share = Some(Share {
            url: url.clone(),
            copied: None,
        });
        url
    }

    /// Opens the Embed box, or closes it.
    pub fn toggle_embed(&mut self) {
        self.embed = match self.embed {
            Some(_) => None,
            None => Some(Embed::default()),
        };
    }

    /// The code of `snippet` that puts the game, as it stands, into a post.
    pub fn snippet(&self, snippet: Snippet) -> String {
        // The folder of the game's page: an iframe opens it, and the element's script lies in it.
        let site = self
            .share_base
            .strip_suffix("index.html")
            .unwrap_or(&self.share_base);
        let settings = self.game.settings();
        embed::snippet(snippet, site, &self.title(), settings, &self.game.board())
    }

    /// Copies `snippet`: returns its text, to be copied, which the Embed box says is on its way.
    pub fn start_copy(&mut self, snippet: Snippet) -> Option<String> {
        let text = self.snippet(snippet);
        let embed = self.embed.as_mut()?;
        embed.copied = Some((snippet, text.clone(), None));
        Some(text)
    }

    /// The clipboard said whether `clip` reached it.
    pub fn copied(&mut self, clip: Clip, copied: bool) {
        match clip {
            Clip::Link => {
                if let Some(share) = &mut self.share {
                    share.copied = Some(copied);
                }
            }
            Clip::Snippet(snippet) => {
                let copy = self.embed.as_mut().and_then(|embed| embed.copied.as_mut());
                if let Some((on_its_way, _, answer)) = copy {
                    if *on_its_way == snippet {
                        *answer = Some(copied);
                    }
                }
            }
        }
    }

    /// A new game with `settings`.
    pub fn restart(&mut self, settings: Settings) {
        self.game.restart(settings);
        self.share = None;
        self.typo = None;
    }

    /// Plays on with `settings`: a new game where they change the game itself, the same game otherwise.
    pub fn play_on_with(&mut self, settings: Settings) -> Played {
        if self.game.needs_restart(&settings) {
            self.restart(settings);
            Played::Anew
        } else {
            self.game.adjust(settings);
            Played::On
        }
    }

    /// Takes back what was said about the settings `names` (a problem above the board, a typo by a field): they
    /// are being set again.
    pub fn forget_problems(&mut self, names: &[Name]) {
        self.problems.retain(|problem| match problem.topic {
            Topic::Setting(name) => !names.contains(&name),
            Topic::Embed | Topic::Tally => true,
        });
        self.typo = None;
    }

    /// A setting changed from a control, an attribute or JavaScript, as a live game takes it (see
    /// [`Settings::apply_live`]). A value that is not understood, or does not fit the board, is explained above the
    /// board and the setting's default used, as when the game was mounted.
    pub fn set(&mut self, reading: &Reading) -> Played {
        let (name, mut settings, applied) = self.apply_live(reading);
        if let Err(error) = applied {
            let sentence = error.with_default(settings.shape);
            settings.reset(name);
            self.problems
                .push(Problem::new(Topic::Setting(name), sentence));
        }
        self.play_on_with(settings)
    }

    /// The setting `reading` names, and the game's settings with `reading` applied as a live game takes it (or the
    /// error that stopped it); what was said of that setting before is forgotten.
    fn apply_live(&mut self, reading: &Reading) -> (Name, Settings, Result<(), SettingError>) {
        let name = reading_name(reading);
        let mut settings = self.game.settings().clone();
        self.forget_problems(&[name]);
        let applied = match reading {
            Ok(change) => settings.apply_live(change),
            Err(error) => Err(error.clone()),
        };
        (name, settings, applied)
    }

    /// The board control's choice: its board, then how many in a row on it, each set as [`State::set`] sets it;
    /// the board's tab stop goes back to its first square.
    pub fn choose_board(&mut self, readings: &[Reading]) -> Played {
        let mut played = Played::On;
        for reading in readings {
            if self.set(reading) == Played::Anew {
                played = Played::Anew;
            }
        }
        self.focus_cell = 0;
        played
    }

    /// The board, k and position read together (a `<tic-tac-toe>`'s attributes), each value not understood
    /// explained above the board.
    pub fn set_board_together(&mut self, readings: &[Reading]) -> Played {
        let mut settings = self.game.settings().clone();
        let problems = settings.set_board_together(readings);
        self.forget_problems(&[Name::Board, Name::K, Name::Rule, Name::Position]);
        self.problems.extend(Problem::of_settings(problems));
        self.play_on_with(settings)
    }

    /// A value typed into a setting's own field (the computer's time per move): set as [`State::set`] sets it,
    /// unless the setting does not take it, which is said by the field while the setting and the game stay as
    /// they were (a typo should not cost a game).
    pub fn typed(&mut self, reading: &Reading) -> Played {
        let (name, settings, applied) = self.apply_live(reading);
        match applied {
            Ok(()) => self.play_on_with(settings),
            Err(error) => {
                let sentence = error.typed(settings.shape);
                self.typo = Some(Typo { name, sentence });
                Played::On
            }
        }
    }

    /// What follows any change, in the state itself: a link on show follows the game, the board keeps a tab stop,
    /// and the panels that need the whole tree follow the position and the settings.
    pub fn settle(&mut self) {
        // A link on show follows the game, so that it never opens a position the game has left; whether the old
        // one reached the clipboard no longer says anything about it.
        let url = self.share.as_ref().map(|_| self.share_url());
        if let (Some(share), Some(url)) = (&mut self.share, url) {
            if share.url != url {
                share.url = url;
                share.copied = None;
            }
        }
        // Likewise a snippet copied: once the game moves on, what was copied is not what the box shows.
        let copied = self
            .embed
            .as_ref()
            .and_then(|embed| embed.copied.as_ref())
            .map(|(snippet, text, _)| (*snippet, text.clone()));
        if let Some((snippet, text)) = copied {
            if self.snippet(snippet) != text {
                if let Some(embed) = &mut self.embed {
                    embed.copied = None;
                }
            }
        }
        // A board that shrank leaves no square at the keyboard's old place: the board keeps a tab stop.
        if self.focus_cell >= self.game.shape().cells() {
            self.focus_cell = 0;
        }
        // A mark waits for its second tap only in the position it was made in, while that tap would play it.
        let board = self.game.board();
        self.aim = self
            .aim
            .filter(|&(cell, on)| on == board && self.game.is_playable(cell));
        self.open_step_on_leaves();
        match self.game.searchable_at_once() {
            Some(board) => self.follow_position(board),
            None => {
                let step = self.game.settings().display.step;
                self.thinking.show_step(step, None);
                // A forced win replayed on the board is of the position it was found at.
                let board = self.game.board();
                if self
                    .thinking
                    .replay
                    .as_ref()
                    .is_some_and(|replay| replay.from != board)
                {
                    self.thinking.replay = None;
                }
            }
        }
        if let Some(subject) = self.practice_subject() {
            self.practice.follow(subject);
        }
    }

    /// What the practice panel is asked to practise on, as the settings say; `None` while it is hidden.
    pub fn practice_subject(&self) -> Option<Subject> {
        let settings = self.game.settings();
        match settings.display.practice {
            Practice::Hidden => None,
            Practice::Position => Some(Subject::Position(self.game.searchable_at_once())),
            // A teacher's tree when one is written out; a drawn one of the shape and seed asked otherwise.
            Practice::Tree => Some(match &settings.leaves {
                Some(text) => Subject::Written(text.clone()),
                None => {
                    let tree = settings.practice_tree;
                    Subject::Tree {
                        depth: tree.depth,
                        branching: tree.branching,
                        seed: tree.seed,
                    }
                }
            }),
        }
    }

    /// The practice panel's "Solution": every answer filled in, and the step panel opened on its tree, at its
    /// first event (or where the reader is, when it shows that tree already).
    pub fn practice_solution(&mut self) -> Played {
        let Some(sheet) = self.practice.sheet_mut() else {
            return Played::On;
        };
        sheet.solution();
        let tree = sheet.tree().clone();
        self.thinking.step_through(tree);
        self.set(&Ok(Change::Show(Panel::Step, true)))
    }

    /// The step panel opens on the teacher's tree when one is written out (`leaves=`, on any board), rather than on
    /// the position: as it opens only, so that "Back to the game's position" stays there.
    fn open_step_on_leaves(&mut self) {
        let settings = self.game.settings();
        let opening = settings.display.step && !self.thinking.step_shown();
        let written = settings
            .leaves
            .as_deref()
            .and_then(|text| text.parse().ok());
        if let (true, Some(tree)) = (opening, written) {
            self.thinking.step_through(SearchTree::Abstract(tree));
        }
    }

    /// The panels that need the whole tree follow `board`, the position on the board, and the settings: the statistics of the
    /// computer's last move, the step panel, the tree and the replay.
    fn follow_position(&mut self, board: Board) {
        let thinking = &mut self.thinking;
        thinking.follow(board);
        // Whatever changed the position (a reply, an undo, a new game, a look back), the statistics of the
        // computer's last move are those of a move the board's game made.
        thinking.computer_moved_from = self
            .game
            .computer_moved_from()
            .and_then(|from| from.to_classic());
        let display = self.game.settings().display;
        thinking.show_step(display.step, Some(board));
        thinking.show_tree(display.tree);
        if !display.scores {
            thinking.replay = None;
        }
    }

    /// Whether the computer plays after its pause, without a worker: where the whole tree is searched at once, or
    /// where the history holds its reply (see [`Game::recorded_reply`]).
    pub fn computer_due(&self) -> bool {
        self.game.phase() == Phase::ComputerToMove
            && (self.game.searchable_at_once().is_some() || self.game.recorded_reply().is_some())
    }

    /// Whether a statistic of plain minimax and its refinements, which need the whole tree, is missing while the
    /// statistics are shown.
    pub fn stats_due(&self) -> bool {
        self.game.settings().display.stats
            && self
                .game
                .searchable_at_once()
                .is_some_and(|board| self.thinking.stats_stale(board))
    }

    /// What the worker should be searching where the whole tree cannot be searched at once: the computer's move
    /// when it is to move, else every move's verdict when the scores or the tree show them, a person is to move and
    /// they are not known yet.
    pub fn wanted_search(&self) -> Option<Search> {
        let game = &self.game;
        let phase = game.phase();
        if phase == Phase::ComputerToMove && game.recorded_reply().is_none() {
            return Some(Search::Computer(game.limits()));
        }
        // The move scores on the squares and the game tree one move deep show the same verdicts.
        let display = game.settings().display;
        let limits = game.scoring_limits();
        ((display.scores || display.tree)
            && phase == Phase::HumanToMove
            && self.found.scores_at(&game.board(), limits).is_none())
        .then_some(Search::Scores(limits))
    }

    /// The search for the computer at `position` found `thought`: its move is played, if the game is still there.
    pub fn play_found(&mut self, position: &Grid, thought: Thought) {
        if let Some(cell) = thought.best {
            if self.game.play_found(position, cell) {
                self.found.last = Some((*position, thought));
            }
        }
    }

    /// The worker's answer with every move's verdict at `position`, for the scores on a bigger board, from the
    /// search asked within `limits` (`None` when none was under way: the answer is for nothing on show). Why the
    /// search could not run is kept, to be said.
    pub fn appraised(
        &mut self,
        position: Grid,
        limits: Option<Limits>,
        answer: Result<Vec<(usize, Score)>, String>,
    ) {
        match (answer, limits) {
            (Ok(moves), Some(limits)) => {
                self.found.scores = Some(Scored {
                    position,
                    limits,
                    moves,
                });
            }
            (Err(trouble), _) => self.found.trouble = Some(trouble),
            (Ok(_), None) => {}
        }
    }

    /// A node of the game tree was clicked: it opens or closes and takes the tree's focus. Returns whether it
    /// did: a page may have edited the path to one the tree does not have.
    pub fn toggle_tree_node(&mut self, path: Vec<usize>) -> bool {
        let tree = &mut self.thinking.tree;
        if path.is_empty() || !tree.is_playable(&path) {
            return false;
        }
        tree.toggle(&path);
        tree.focus = path;
        true
    }

    /// A key of the tree pattern on the node at `path`: returns whether focus moved (to the node the tree now
    /// previews).
    pub fn press_tree_key(&mut self, path: &[usize], key: TreeKey) -> bool {
        let thinking = &mut self.thinking;
        if !thinking.tree.is_playable(path) {
            return false;
        }
        match thinking.tree.press(path, key) {
            Some(preview) => {
                thinking.preview = preview;
                true
            }
            None => false,
        }
    }

    /// The node at `path` is previewed, if the tree has it.
    pub fn preview_tree_node(&mut self, path: Vec<usize>) {
        if self.thinking.tree.is_playable(&path) {
            self.thinking.preview = path;
        }
    }

    /// After a step of the step panel, the game tree, when shown, opens down to the node the search is at (when
    /// it searches the position on the board).
    pub fn reveal_step(&mut self) {
        let thinking = &mut self.thinking;
        if let (true, Some(path)) = (
            self.game.settings().display.tree,
            thinking.step_path_on_board(),
        ) {
            thinking.tree.reveal(&path);
        }
    }

    /// Times the search statistics that are missing, with `clock`, for `budget_ms` milliseconds (see
    /// [`Thinking::measure`]): plain minimax and its refinements, where the whole tree is searched at once.
    pub fn measure_stats(&mut self, clock: &mut dyn Clock, budget_ms: f64) {
        if let Some(board) = self.game.searchable_at_once() {
            self.thinking.measure(board, clock, budget_ms);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::{Player, Shape, SteppingClock, StoppedClock};
    use crate::settings::{read_pairs, Change};

    /// The game a page at `query` (`name=value&...`, as `URLSearchParams` reads it) mounts, settled.
    fn page(query: &str) -> State {
        mounted(query, false)
    }

    /// The game mounted with the settings `query` gives, in a post (`embedded`) or on the game's own page, settled.
    fn mounted(query: &str, embedded: bool) -> State {
        let pairs: Vec<(String, String)> = query
            .split('&')
            .filter(|part| !part.is_empty())
            .map(|part| {
                let (name, value) = part.split_once('=').unwrap_or((part, ""));
                (name.to_owned(), value.to_owned())
            })
            .collect();
        let (settings, problems) = Settings::read(&read_pairs(&pairs));
        let mut state = State::new(
            Game::new(settings, 7),
            Problem::of_settings(problems),
            "https://example.com/tictactoe/".to_owned(),
            embedded,
        );
        state.settle();
        state
    }

    #[test]
    fn a_game_in_a_post_keeps_in_view_what_its_author_lists_and_the_game_page_everything() {
        use crate::settings::Group;
        let in_view = |query: &str, embedded: bool| {
            let state = mounted(query, embedded);
            assert!(state.problems.is_empty(), "{query}: {:?}", state.problems);
            state.controls_in_view().groups().collect::<Vec<_>>()
        };
        // In a post, by default, only the game itself: every group waits under Settings.
        assert_eq!(in_view("", true), []);
        assert!(mounted("", true).controls_in_view().needs_disclosure());
        assert_eq!(
            in_view("controls=level side", true),
            [Group::Side, Group::Level]
        );
        assert_eq!(in_view("controls=all", true), Group::ALL);
        assert!(!mounted("controls=all", true)
            .controls_in_view()
            .needs_disclosure());
        // The game page shows everything, whatever a link lists.
        for query in ["", "controls=level", "controls=all"] {
            assert_eq!(in_view(query, false), Group::ALL, "{query}");
        }
        // A change from an attribute or `set` takes effect in the game as it stands; a bad word is explained above
        // the board and the default used.
        let mut state = mounted("level=hard", true);
        assert!(state.game.play_human(4));
        assert_eq!(state.set(&reading("controls=moves")), Played::On);
        assert_eq!(
            state.controls_in_view().groups().collect::<Vec<_>>(),
            [Group::Moves]
        );
        assert_eq!(state.game.moves().len(), 1, "the game goes on");
        let _ = state.set(&reading("controls=moves levels"));
        assert_eq!(topics(&state), [Topic::Setting(Name::Controls)]);
        assert_eq!(
            state.problems[0].sentence,
            "controls=\"moves levels\" is not understood: it must be all, or groups of controls from board, \
             opponent, side, level, panels, moves, tally, hint and share, separated by spaces or commas. The game \
             shows its usual controls."
        );
        assert_eq!(state.controls_in_view(), Controls::DEFAULT);
        let _ = state.set(&reading("controls=all"));
        assert!(state.problems.is_empty());
        // Share's link carries the controls when they are set, and only then.
        assert_eq!(
            state.share_url(),
            "https://example.com/tictactoe/?level=hard&position=....X....&controls=all"
        );
        assert!(!mounted("", true).share_url().contains("controls"));
    }

    /// The change `text` (`name=value`) asks for, read.
    fn reading(text: &str) -> Reading {
        let (name, value) = text.split_once('=').expect("name=value");
        Change::parse(name.parse().unwrap(), value)
    }

    fn topics(state: &State) -> Vec<Topic> {
        state.problems.iter().map(|problem| problem.topic).collect()
    }

    #[test]
    fn a_board_k_or_time_not_understood_is_explained_and_the_default_used() {
        let state = page("board=20x20&k=9&think=5");
        assert_eq!(
            topics(&state),
            [Name::Board, Name::K, Name::Think].map(Topic::Setting)
        );
        let sentences: Vec<&str> = state
            .problems
            .iter()
            .map(|problem| problem.sentence.as_str())
            .collect();
        assert!(sentences[0].starts_with("board=\"20x20\" is not understood"));
        assert!(sentences[1].starts_with("k=\"9\" is not understood: on a 3x3 board it must be 3"));
        assert!(sentences[2].starts_with("think=\"5\" is not understood"));
        assert_eq!(state.game.shape(), Shape::CLASSIC);
        assert_eq!(*state.game.settings(), Settings::default());
    }

    #[test]
    fn a_change_takes_back_what_was_said_of_its_setting_and_nothing_else() {
        let mut state = page("human=Z&level=hard");
        state.problems.push(Problem::new(Topic::Embed, "embed"));
        state.problems.push(Problem::new(Topic::Tally, "tally"));
        assert_eq!(
            state.set(&reading("level=easy")),
            Played::Anew,
            "another level is another game"
        );
        assert_eq!(
            topics(&state),
            [Topic::Setting(Name::Human), Topic::Embed, Topic::Tally]
        );
        // A value not understood is explained, and the setting's default used.
        assert_eq!(state.set(&reading("level=impossible")), Played::Anew);
        assert_eq!(
            state.game.settings().level,
            crate::engine::Level::Unbeatable
        );
        assert_eq!(
            state.problems.last().unwrap().topic,
            Topic::Setting(Name::Level)
        );
        assert!(state
            .problems
            .last()
            .unwrap()
            .sentence
            .ends_with("The level is unbeatable."));
        // Set again, it is taken back; so is the human's problem, by a reset.
        let reset = Ok(Change::Reset(Name::Human));
        assert_eq!(state.set(&reset), Played::On, "the person plays X already");
        assert_eq!(state.set(&reading("level=hard")), Played::Anew);
        assert_eq!(topics(&state), [Topic::Embed, Topic::Tally]);
    }

    #[test]
    fn what_is_shown_changes_the_game_as_it_stands() {
        let mut state = page("delay=0");
        state.game.play_human(4);
        assert_eq!(state.set(&reading("scores=1")), Played::On);
        assert_eq!(state.set(&reading("delay=900")), Played::On);
        assert_eq!(state.game.moves(), [4]);
        assert_eq!(state.game.settings().delay_ms, 900);
        assert_eq!(state.set(&reading("human=O")), Played::Anew);
        assert!(state.game.moves().is_empty());
    }

    #[test]
    fn a_touch_on_a_small_square_marks_it_and_a_second_plays_it() {
        let mut state = page("board=15x15&mode=friend");
        state.tap(112);
        assert_eq!(state.aimed(), Some(112));
        assert_eq!(state.game.moves(), []);
        assert_eq!(
            state.status_text(),
            "h8 marked: tap it again to play X there."
        );
        // Another square moves the mark; the same square again plays it.
        state.tap(113);
        assert_eq!((state.aimed(), state.focus_cell), (Some(113), 113));
        state.tap(113);
        assert_eq!(state.game.moves(), [113]);
        assert_eq!(state.aimed(), None);
        assert_eq!(state.status_text(), "X played i8. O to move.");
        // A taken square is not marked; a mark goes with the position it was made in.
        state.tap(113);
        assert_eq!(state.aimed(), None);
        state.tap(0);
        assert_eq!(state.aimed(), Some(0));
        assert!(state.game.undo());
        state.settle();
        assert_eq!(state.aimed(), None);
        // A click plays at once, and takes a mark away.
        state.tap(1);
        state.play(2);
        assert_eq!((state.game.moves(), state.aimed()), (&[2][..], None));
    }

    #[test]
    fn the_page_is_named_after_the_game_on_its_board() {
        assert_eq!(page("").title(), "Tic-tac-toe against minimax");
        assert_eq!(page("board=15x15").title(), "Gomoku against minimax");
        assert_eq!(page("board=4x4").title(), "4x4 tic-tac-toe against minimax");
        assert_eq!(
            page("board=5x5&k=4").title(),
            "Four in a row on 5x5 against minimax"
        );
    }

    #[test]
    fn a_typo_in_the_time_per_move_is_said_by_its_field_and_costs_nothing() {
        let mut state = page("board=7x7&think=300");
        state.game.play_human(24);
        assert_eq!(state.typed(&reading("think=5")), Played::On);
        assert_eq!(
            state.typo,
            Some(Typo {
                name: Name::Think,
                sentence: "\"5\" is not understood: it must be a whole number of milliseconds from 10 to 60000. \
                           Nothing changed."
                    .to_owned()
            })
        );
        assert!(state.problems.is_empty(), "nothing above the board");
        assert_eq!(state.game.settings().think_ms, 300);
        assert_eq!(state.game.moves(), [24]);
        // A time it takes clears the sentence, and the game goes on with it.
        assert_eq!(state.typed(&reading("think=400")), Played::On);
        assert_eq!(state.typo, None);
        assert_eq!(state.game.settings().think_ms, 400);
        assert_eq!(state.game.moves(), [24]);
    }

    #[test]
    fn the_board_control_plays_its_board_and_k_from_the_first_square() {
        let mut state = page("");
        state.focus_cell = 8;
        let choice = [reading("board=5x5"), reading("k=4")];
        assert_eq!(state.choose_board(&choice), Played::Anew);
        assert_eq!(state.game.shape(), Shape::new(5, 5, 4).unwrap());
        assert_eq!(state.focus_cell, 0);
        // A k that a page edited into the option is explained on the board it was read for.
        let edited = [reading("board=4x4"), reading("k=three")];
        let _ = state.choose_board(&edited);
        assert_eq!(state.game.shape(), Shape::new(4, 4, 4).unwrap());
        assert_eq!(
            state.problems[0].sentence,
            "k=\"three\" is not understood: it must be a number from 3 to 4, the board's longer side. The \
             board's default is used."
        );
    }

    #[test]
    fn an_elements_board_k_and_position_are_read_together() {
        let mut state = page("level=easy&k=9");
        let together = [
            reading("position=X...O...."),
            reading("k=5"),
            reading("board=7x7"),
        ];
        assert_eq!(state.set_board_together(&together), Played::Anew);
        assert_eq!(state.game.shape(), Shape::new(7, 7, 5).unwrap());
        assert_eq!(topics(&state), [Topic::Setting(Name::Position)]);
        assert_eq!(state.game.settings().level, crate::engine::Level::Easy);
    }

    #[test]
    fn shares_link_reopens_the_game_and_follows_it() {
        let mut state = page("level=hard&delay=0");
        assert_eq!(
            state.share_url(),
            "https://example.com/tictactoe/?level=hard&delay=0"
        );
        state.game.play_human(0);
        let url = state.start_share();
        assert_eq!(
            url,
            "https://example.com/tictactoe/?level=hard&delay=0&position=X........"
        );
        state.copied(Clip::Link, true);
        assert_eq!(state.share.as_ref().unwrap().copied, Some(true));
        // The link follows the game; whether the old one was copied says nothing of the new one.
        state.game.play_computer();
        state.settle();
        let share = state.share.as_ref().unwrap();
        assert_ne!(share.url, url);
        assert_eq!(share.copied, None);
        // A new game takes the link away.
        state.restart(state.game.settings().clone());
        assert_eq!(state.share, None);
        assert_eq!(page("").share_url(), "https://example.com/tictactoe/");
    }

    #[test]
    fn embed_gives_the_game_as_it_stands_and_says_what_was_copied_until_it_moves_on() {
        let mut state = page("board=7x7&level=hard&delay=0&mode=friend");
        assert_eq!(
            state.start_copy(Snippet::Element),
            None,
            "the box is closed"
        );
        state.toggle_embed();
        state.game.play_human(24);
        let element = state.start_copy(Snippet::Element).unwrap();
        assert_eq!(
            element,
            "<script type=\"module\" src=\"https://example.com/tictactoe/tic-tac-toe.js\"></script>\n\
             <tic-tac-toe mode=\"friend\" level=\"hard\" delay=\"0\" board=\"7x7\" \
             position=\"......./......./......./...X.../......./......./.......\"></tic-tac-toe>"
        );
        let iframe = state.snippet(Snippet::Iframe);
        assert!(iframe.starts_with(
            "<iframe src=\"https://example.com/tictactoe/?embed=1&amp;mode=friend&amp;level=hard&amp;delay=0&amp;\
             board=7x7&amp;position=......./......./......./...X.../......./......./.......\" \
             title=\"Five in a row on 7x7 against minimax\""
        ));
        // The answer is for the snippet on its way; another's is not.
        state.copied(Clip::Snippet(Snippet::Iframe), true);
        let copied = |state: &State| state.embed.as_ref().unwrap().copied.clone();
        assert_eq!(
            copied(&state),
            Some((Snippet::Element, element.clone(), None))
        );
        state.copied(Clip::Snippet(Snippet::Element), true);
        assert_eq!(
            copied(&state),
            Some((Snippet::Element, element, Some(true)))
        );
        // A move makes another snippet: what was copied is no longer what the box shows.
        state.game.play_human(25);
        state.settle();
        assert_eq!(copied(&state), None);
        state.toggle_embed();
        assert_eq!(state.embed, None);
    }

    #[test]
    fn a_board_that_shrank_keeps_a_tab_stop() {
        let mut state = page("board=5x5");
        state.focus_cell = 24;
        let _ = state.set(&Ok(Change::Reset(Name::Board)));
        state.settle();
        assert_eq!(state.focus_cell, 0);
    }

    #[test]
    fn the_squares_show_the_scores_the_panels_know() {
        let mut state = page("");
        assert_eq!(state.move_scores(), None);
        let _ = state.set(&reading("scores=1"));
        let exact = state.move_scores().unwrap();
        assert_eq!(exact.len(), 9);
        assert!(exact.iter().all(|(_, score)| score.is_proved()));
        // A bigger board shows verdicts once its search has answered, at the limits they were asked for.
        let mut state = page("board=4x4&scores=1");
        assert_eq!(state.move_scores(), None);
        let Some(Search::Scores(limits)) = state.wanted_search() else {
            panic!("the scores want a search");
        };
        let board = state.game.board();
        let moves = crate::engine::think_moves(&board, limits, &mut StoppedClock).moves;
        state.appraised(board, Some(limits), Ok(moves));
        assert_eq!(state.move_scores().map(|moves| moves.len()), Some(16));
        assert_eq!(state.wanted_search(), None, "known already");
        // An answer for no search on show is for nothing; why a search failed is kept, to be said.
        state.appraised(board, None, Err("no worker".to_owned()));
        assert_eq!(state.found.trouble.as_deref(), Some("no worker"));
    }

    #[test]
    fn a_bigger_board_asks_its_worker_for_the_computers_move_and_plays_it() {
        let mut state = page("board=4x4&human=O");
        assert!(!state.computer_due(), "a worker searches on a bigger board");
        let Some(Search::Computer(limits)) = state.wanted_search() else {
            panic!("the computer opens");
        };
        let board = state.game.board();
        let thought = crate::engine::think(&board, limits, &mut StoppedClock);
        state.play_found(&board, thought);
        assert_eq!(state.game.moves().len(), 1);
        assert_eq!(state.game.board().to_move(), Player::O);
        assert!(state.found.last.is_some());
        assert_eq!(
            state.wanted_search(),
            None,
            "the person is to move, no scores shown"
        );
        // On the 3x3 board the computer plays after its pause, on the page.
        assert!(page("human=O").computer_due());
    }

    #[test]
    fn an_edited_tree_path_is_refused() {
        let mut state = page("tree=1");
        assert!(!state.toggle_tree_node(vec![4, 4]), "a square played twice");
        assert!(
            !state.toggle_tree_node(Vec::new()),
            "the root does not close"
        );
        assert!(state.toggle_tree_node(vec![4]));
        assert_eq!(state.thinking.tree.focus, [4]);
        state.preview_tree_node(vec![9]);
        assert!(state.thinking.preview.is_empty());
    }

    #[test]
    fn the_practice_follows_the_settings_and_its_solution_opens_the_steps_on_its_tree() {
        let mut state = page("practice=1&position=XOXXOO...&mode=friend");
        let sheet = state
            .practice
            .sheet()
            .expect("five empty squares: practised on");
        assert_eq!(
            *sheet.tree(),
            crate::panels::search_tree::SearchTree::whole("XOXXOO...".parse().unwrap())
        );
        assert_eq!(state.practice_solution(), Played::On);
        state.settle();
        assert!(state.game.settings().display.step, "the step panel opens");
        let stepper = state.thinking.step.as_ref().unwrap();
        assert_eq!(stepper.board(), state.game.searchable_at_once());
        // The abstract tree of a link, on any board; its solution is stepped through there too.
        let mut state = page("board=7x7&practice=tree&depth=2&branching=3&seed=1");
        assert_eq!(state.practice.sheet().unwrap().nodes().len(), 13);
        let _ = state.practice_solution();
        state.settle();
        let stepper = state.thinking.step.as_ref().unwrap();
        assert!(stepper.board().is_none());
        assert!(
            state.thinking.code_due(),
            "its pseudocode is worked out while shown"
        );
        // Practice on the board is on the 3x3 board only.
        let _ = state.set(&Ok(Change::Practice(Practice::Position)));
        state.settle();
        assert_eq!(
            state.practice.unavailable(),
            Some(&crate::panels::practice::Unavailable::BiggerBoard)
        );
    }

    #[test]
    fn the_statistics_are_measured_a_budget_at_a_time_until_none_is_missing() {
        let mut state = page("stats=1");
        assert!(state.stats_due());
        let mut clock = SteppingClock::new(0.1);
        let mut tasks = 0;
        while state.stats_due() {
            state.measure_stats(&mut clock, 6.0);
            tasks += 1;
            assert!(tasks < 1_000, "the measurements come to an end");
        }
        assert!(
            tasks > 1,
            "plain minimax from the empty board takes several tasks"
        );
        let (_, measured) = state.thinking.stats_now.unwrap();
        assert!(measured.iter().all(Option::is_some));
        assert!(!page("").stats_due(), "not while the statistics are hidden");
    }
}
