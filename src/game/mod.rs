//! One game as the page plays it: who is who, whose turn it is, the moves so far, undo, hint, and what the page
//! says. Pure Rust, so the DOM layer only renders what this module decides, and all of it is tested natively.

pub mod tally;

use crate::engine::{
    best_move_at, best_moves, Board, Grid, Level, Limits, Player, Rng, Shape, Status,
};
use crate::game::tally::{GameResult, TallyKey};
use crate::settings::{level_label, Mode, Settings};

/// How many times the computer's time per move the scores of every move may take on a bigger board.
pub const SCORING_TIME_FACTOR: u32 = 3;

/// What the game is waiting for.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Phase {
    /// A person may play (the person, or either friend in friend mode).
    HumanToMove,
    /// The computer is about to answer; clicks wait.
    ComputerToMove,
    /// The game has ended.
    Over(Status),
}

/// A game, with its moves so far.
#[derive(Clone, Debug)]
pub struct Game {
    settings: Settings,
    /// Every move played from the start position, in order.
    moves: Vec<usize>,
    /// How many of `moves` the board shows: less than all after a jump back in the history.
    shown: usize,
    /// The cells marked by the last hint, until the position changes.
    hint: Vec<usize>,
    /// Whether this game's result has gone into the tally.
    counted: bool,
    /// What the status line says first, until the position changes again.
    news: News,
    rng: Rng,
}

/// What just happened that the board alone does not say, for the status line to say first (it is a live region,
/// and a screen reader hears a change of its words, not the same words again).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum News {
    /// Nothing more than the last move.
    None,
    /// Undo took back this many moves: without it, the move before them would be said as if just played.
    Undone(usize),
    /// A new game began (New game, or a setting that starts one): without it, "Your turn" said again is silence.
    NewGame,
}

/// `cell` of a board of `shape` in words: "row 2, column 3" on the 3x3 board; on a bigger one its coordinates,
/// as Gomoku and chess write them: the column's letter from the left, the row's number from the bottom ("h8" is
/// 15x15's centre).
pub fn square_name(shape: Shape, cell: usize) -> String {
    let (row, col) = (cell / shape.cols(), cell % shape.cols());
    if shape == Shape::CLASSIC {
        format!("row {}, column {}", row + 1, col + 1)
    } else {
        format!("{}{}", column_letter(col), shape.rows() - row)
    }
}

/// The letter of a bigger board's column `col` (counted from 0 at the left): "a" to "o".
pub fn column_letter(col: usize) -> char {
    char::from(b'a' + u8::try_from(col).expect("a board has at most 15 columns"))
}

/// The name of the game played on a board of `shape`: "Tic-tac-toe" on 3x3, "Gomoku" on 15x15 with five in a
/// row, "4x4 tic-tac-toe" where the line spans the board, and "Four in a row on 5x5" for the others.
pub fn game_name(shape: Shape) -> String {
    let (rows, cols, k) = (shape.rows(), shape.cols(), shape.k());
    match (rows, cols, k) {
        (3, 3, 3) => "Tic-tac-toe".to_owned(),
        (15, 15, 5) => "Gomoku".to_owned(),
        _ if rows == cols && k == rows => format!("{rows}x{cols} tic-tac-toe"),
        _ => {
            let count = match k {
                3 => "Three".to_owned(),
                4 => "Four".to_owned(),
                5 => "Five".to_owned(),
                _ => k.to_string(),
            };
            format!("{count} in a row on {rows}x{cols}")
        }
    }
}

/// A key that moves focus across the board: one tab stop for the whole board, the arrows between squares.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum BoardKey {
    /// One square left, staying in the row.
    Left,
    /// One square right, staying in the row.
    Right,
    /// One square up, staying in the column.
    Up,
    /// One square down, staying in the column.
    Down,
    /// The first square of the row.
    RowStart,
    /// The last square of the row.
    RowEnd,
    /// The board's first square, top left.
    First,
    /// The board's last square, bottom right.
    Last,
}

impl BoardKey {
    /// The board key of a `KeyboardEvent`'s `key` ("ArrowLeft", "Home"…) pressed with Control (`ctrl`) or
    /// without, `None` for any other key. As in a WAI-ARIA grid, which a 15x15 board is in all but name, Home and
    /// End keep to the row and Control+Home and Control+End go to the board's corners.
    pub fn from_key(key: &str, ctrl: bool) -> Option<BoardKey> {
        Some(match (key, ctrl) {
            ("ArrowLeft", false) => BoardKey::Left,
            ("ArrowRight", false) => BoardKey::Right,
            ("ArrowUp", false) => BoardKey::Up,
            ("ArrowDown", false) => BoardKey::Down,
            ("Home", false) => BoardKey::RowStart,
            ("End", false) => BoardKey::RowEnd,
            ("Home", true) => BoardKey::First,
            ("End", true) => BoardKey::Last,
            _ => return None,
        })
    }
}

/// The square of a board of `shape` that `key` moves focus to from `from`. The arrows stop at the board's edges
/// rather than wrap; a `from` off the board counts as the last square, so the answer is always a square.
pub fn move_focus(shape: Shape, from: usize, key: BoardKey) -> usize {
    let (cols, last) = (shape.cols(), shape.cells() - 1);
    let from = from.min(last);
    let (row, column) = (from / cols, from % cols);
    match key {
        BoardKey::Left => row * cols + column.saturating_sub(1),
        BoardKey::Right => row * cols + (column + 1).min(cols - 1),
        BoardKey::Up => row.saturating_sub(1) * cols + column,
        BoardKey::Down => (row + 1).min(shape.rows() - 1) * cols + column,
        BoardKey::RowStart => row * cols,
        BoardKey::RowEnd => row * cols + cols - 1,
        BoardKey::First => 0,
        BoardKey::Last => last,
    }
}

impl Game {
    /// A new game with `settings`; `seed` fixes the computer's choices among equal moves.
    pub fn new(settings: Settings, seed: u64) -> Game {
        Game {
            settings,
            moves: Vec::new(),
            shown: 0,
            hint: Vec::new(),
            counted: false,
            news: News::None,
            rng: Rng::new(seed),
        }
    }

    /// The game's settings.
    pub fn settings(&self) -> &Settings {
        &self.settings
    }

    /// The position on the board.
    pub fn board(&self) -> Grid {
        self.position_after(self.shown)
    }

    /// The position on the board when its whole game tree can be searched at once, every line to the end in a
    /// few milliseconds on the page: what needs the whole tree asks for it (the computer's move without a worker,
    /// the Hint, the exact move scores and each move's line of best play, plain minimax's statistics, the full
    /// game tree, the step-through and the practice on the position). `None` where the tree is far too big,
    /// which is on every board bigger than 3x3.
    pub fn searchable_at_once(&self) -> Option<Board> {
        self.board().to_classic()
    }

    /// The board the game is played on.
    pub fn shape(&self) -> Shape {
        self.settings.shape
    }

    /// The position after the first `count` moves.
    fn position_after(&self, count: usize) -> Grid {
        self.moves[..count]
            .iter()
            .fold(self.settings.start, |board, &cell| board.play(cell))
    }

    /// Whether playing with `settings` takes a new game: who plays whom, how well or from where changed (the
    /// level counts in the tally, so a game is played at one). The pause, the time per move (the computer's
    /// search starts again with it) and what is shown of minimax's thinking change the game as it stands.
    pub fn needs_restart(&self, settings: &Settings) -> bool {
        let now = &self.settings;
        (now.human, now.mode, now.level, now.start)
            != (
                settings.human,
                settings.mode,
                settings.level,
                settings.start,
            )
    }

    /// Takes `settings` for the game as it stands: only the pause and the display may differ (see
    /// [`Game::needs_restart`]).
    pub fn adjust(&mut self, settings: Settings) {
        debug_assert!(!self.needs_restart(&settings));
        self.settings = settings;
    }

    /// The settings of New game: these, but from the empty board when the game starts from a finished position
    /// (a link to a game's end), where a game would start over.
    pub fn new_game_settings(&self) -> Settings {
        let mut settings = self.settings.clone();
        if settings.start.is_over() {
            settings.start = Grid::empty(settings.start.shape());
        }
        settings
    }

    /// Starts again from the start position with `settings`.
    pub fn restart(&mut self, settings: Settings) {
        self.settings = settings;
        self.moves.clear();
        self.shown = 0;
        self.hint.clear();
        self.news = News::NewGame;
        self.counted = false;
    }

    /// Whether the side to move in `board` is played by a person.
    fn is_human_turn(&self, board: &Grid) -> bool {
        self.settings.mode == Mode::Friend || board.to_move() == self.settings.human
    }

    /// What the game is waiting for.
    pub fn phase(&self) -> Phase {
        let board = self.board();
        match board.status() {
            Status::InProgress if self.is_human_turn(&board) => Phase::HumanToMove,
            Status::InProgress => Phase::ComputerToMove,
            over => Phase::Over(over),
        }
    }

    /// Plays `cell` for whoever is to move, dropping any moves after the shown position.
    fn play(&mut self, cell: usize) {
        self.moves.truncate(self.shown);
        self.moves.push(cell);
        self.shown = self.moves.len();
        self.hint.clear();
        self.news = News::None;
    }

    /// A person plays `cell` if it is a person's turn and the cell is empty; returns whether a mark was
    /// placed. Anything else (a filled cell, a finished game, the computer's turn, no such cell) changes nothing.
    pub fn play_human(&mut self, cell: usize) -> bool {
        if !self.is_playable(cell) {
            return false;
        }
        self.play(cell);
        true
    }

    /// The computer plays its move if it is its turn where the whole tree is searched at once, in a few
    /// milliseconds; returns the cell it played. Elsewhere the search takes its time in a worker, and
    /// [`Game::play_found`] plays what it found.
    pub fn play_computer(&mut self) -> Option<usize> {
        if self.phase() != Phase::ComputerToMove {
            return None;
        }
        if let Some(cell) = self.recorded_reply() {
            // Back in the history, the computer answers as it did then: looking back drops no move.
            self.shown += 1;
            self.hint.clear();
            self.news = News::None;
            return Some(cell);
        }
        let board = self.searchable_at_once()?;
        let cell = best_move_at(&board, self.settings.level, &mut self.rng)?;
        self.play(cell);
        Some(cell)
    }

    /// The position the computer last moved from, of those the board's moves went through: `None` with a friend,
    /// and before the computer's first move (or once it is undone, or a new game starts).
    pub fn computer_moved_from(&self) -> Option<Grid> {
        if self.settings.mode == Mode::Friend {
            return None;
        }
        let computer = self.settings.human.opponent();
        (0..self.shown)
            .rev()
            .map(|index| self.position_after(index))
            .find(|position| position.to_move() == computer)
    }

    /// The computer's reply that the history holds for the position shown, when the person went back to a
    /// position where the computer is to move: it is played again, rather than searched for anew (on easy and
    /// medium it would often differ, and the later moves would be lost to a look back).
    pub fn recorded_reply(&self) -> Option<usize> {
        let recorded = self.moves.get(self.shown).copied();
        recorded.filter(|_| self.phase() == Phase::ComputerToMove)
    }

    /// Plays `cell`, the move a search found for the computer in `position`, if the computer is still to move
    /// there; returns whether it was played (a search that answers after the game moved on changes nothing).
    pub fn play_found(&mut self, position: &Grid, cell: usize) -> bool {
        let board = self.board();
        let playable = self.phase() == Phase::ComputerToMove
            && board == *position
            && cell < self.shape().cells()
            && board.get(cell).is_none();
        if playable {
            self.play(cell);
        }
        playable
    }

    /// How many moves would be taken back by [`Game::undo`], from the end of the game: the person's last move
    /// and the computer's reply (only the person's if the computer has not answered yet), or one move with a
    /// friend. 0 if none.
    fn undo_count(&self) -> usize {
        let end = self.moves.len();
        if self.settings.mode == Mode::Friend {
            return end.min(1);
        }
        let human = self.settings.human;
        // The person's moves are those made when the person was to move.
        (0..end)
            .rev()
            .find(|&index| self.position_after(index).to_move() == human)
            .map_or(0, |index| end - index)
    }

    /// Whether there is a move to take back.
    pub fn can_undo(&self) -> bool {
        self.undo_count() > 0
    }

    /// Takes back the person's last move and the computer's reply (one move with a friend) at the end of the
    /// game, also while the board shows an earlier position of it, which then stays on show (a look back loses
    /// nothing but what Undo takes back); returns whether anything changed.
    pub fn undo(&mut self) -> bool {
        let count = self.undo_count();
        if count == 0 {
            return false;
        }
        let end = self.moves.len() - count;
        self.moves.truncate(end);
        self.news = News::Undone(count);
        if self.shown > end {
            self.shown = end;
            self.hint.clear();
        }
        true
    }

    /// Every move played so far, shown or not, in order.
    pub fn moves(&self) -> &[usize] {
        &self.moves
    }

    /// How many moves the board shows (the history's current step).
    pub fn shown(&self) -> usize {
        self.shown
    }

    /// The square of the last move the board shows, if a move was played: the computer's reply, once it has
    /// answered, which on a 15x15 board is otherwise hard to find.
    pub fn last_move(&self) -> Option<usize> {
        let index = self.shown.checked_sub(1)?;
        self.moves.get(index).copied()
    }

    /// Shows the position after the first `count` moves; the later moves stay in the history until a move is
    /// played from there. Returns whether it changed anything.
    pub fn jump(&mut self, count: usize) -> bool {
        if count > self.moves.len() || count == self.shown {
            return false;
        }
        self.shown = count;
        self.hint.clear();
        self.news = News::None;
        true
    }

    /// Move `index` of the history in words: "X: row 2, column 3"; empty when there is no such move.
    pub fn move_label(&self, index: usize) -> String {
        let Some(&cell) = self.moves.get(index) else {
            return String::new();
        };
        let mover = self.position_after(index).to_move();
        format!("{}: {}", mover.name(), square_name(self.shape(), cell))
    }

    /// Marks the best moves for the side to move (as unbeatable play would choose them), without playing one.
    /// Returns whether there is a hint to show: where the whole tree is searched at once, so the search is instant.
    pub fn show_hint(&mut self) -> bool {
        let Some(board) = self.searchable_at_once() else {
            return false;
        };
        if self.phase() != Phase::HumanToMove {
            return false;
        }
        self.hint = best_moves(&board).best_cells();
        // The hint is the news now: an Undo said again with it would be old news.
        self.news = News::None;
        true
    }

    /// Whether the hint marks `cell`.
    pub fn is_hinted(&self, cell: usize) -> bool {
        self.hint.contains(&cell)
    }

    /// The finished game's result for the tally, once per game: `None` while playing, after it was taken, on a
    /// board other than 3x3, and for a game that started over (a link to a finished position): nobody played it.
    pub fn take_result(&mut self) -> Option<(TallyKey, GameResult)> {
        let Phase::Over(status) = self.phase() else {
            return None;
        };
        let key = self.tally_key()?;
        if self.counted || self.moves.is_empty() {
            return None;
        }
        self.counted = true;
        let winner_side = match self.settings.mode {
            Mode::Computer => self.settings.human,
            Mode::Friend => Player::X,
        };
        let result = match status {
            Status::Won(winner) if winner == winner_side => GameResult::Win,
            Status::Won(_) => GameResult::Loss,
            _ => GameResult::Draw,
        };
        Some((key, result))
    }

    /// The tally this game counts in: who plays whom, at which level. `None` on a board other than 3x3: the
    /// tally is the 3x3 game's, whose levels it counts, so a bigger board neither counts in it nor resets it.
    pub fn tally_key(&self) -> Option<TallyKey> {
        let settings = &self.settings;
        (settings.shape == Shape::CLASSIC).then(|| TallyKey::new(settings.mode, settings.level))
    }

    /// The hint in words, for a line of its own under the buttons (a live region, so that a screen reader hears
    /// it): "Hint: the best move is row 2, column 2." or "Hint: the best moves are row 1, column 1; row 1, column
    /// 3; and row 3, column 1." (semicolons, since a square's name has a comma). Four or more are counted rather
    /// than named, and each square's own name says it is a best move. Not in the status line: above the board,
    /// its extra lines pushed the board and the Hint button down under the finger that had just pressed it.
    pub fn hint_text(&self) -> Option<String> {
        let names: Vec<String> = self
            .hint
            .iter()
            .map(|&cell| square_name(self.shape(), cell))
            .collect();
        let empty = self.board().empty_cells();
        Some(match names.as_slice() {
            [] => return None,
            [one] => format!("Hint: the best move is {one}."),
            [first, second] => format!("Hint: the best moves are {first} and {second}."),
            [first, second, third] => {
                format!("Hint: the best moves are {first}; {second}; and {third}.")
            }
            all if all.len() == empty => "Hint: every move is as good as any other.".to_owned(),
            many => format!(
                "Hint: {} moves are equally good, each marked best.",
                many.len()
            ),
        })
    }

    /// The status line: whose turn it is, or the result in plain words.
    pub fn status_text(&self) -> String {
        let human = self.settings.human;
        let to_move = self.board().to_move();
        // Where the last move shown went, said first for whoever cannot see the board: "O played row 1,
        // column 3. "; with the computer, only its own moves (a person knows where they played).
        // After Undo, what it took back instead, numbered as in the list of moves (which says whose they were),
        // so that a second Undo is news too: "Undone: moves 3 and 4. ".
        let first = self.moves.len() + 1;
        let last_move = match (self.news, self.last_move()) {
            (News::NewGame, _) => "New game. ".to_owned(),
            (News::Undone(1), _) => format!("Undone: move {first}. "),
            (News::Undone(_), _) => format!("Undone: moves {first} and {}. ", first + 1),
            (_, Some(cell)) if self.settings.mode == Mode::Friend || to_move == human => {
                format!(
                    "{} played {}. ",
                    to_move.opponent().name(),
                    square_name(self.shape(), cell)
                )
            }
            _ => String::new(),
        };
        match (self.settings.mode, self.phase()) {
            (Mode::Friend, Phase::Over(Status::Won(winner))) => {
                format!("{last_move}{} wins.", winner.name())
            }
            (Mode::Friend, Phase::Over(_)) => format!("{last_move}Draw."),
            (Mode::Friend, _) => format!("{last_move}{} to move.", to_move.name()),
            (_, Phase::HumanToMove) => {
                format!("{last_move}Your turn: you play {}.", human.name())
            }
            (_, Phase::ComputerToMove) => {
                format!("Computer's turn ({}): thinking…", to_move.name())
            }
            (_, Phase::Over(status)) => {
                let result = match status {
                    Status::Won(winner) if winner == human => "You win.",
                    Status::Won(_) => "Computer wins.",
                    _ => "Draw.",
                };
                format!("{last_move}{result}")
            }
        }
    }

    /// Whether `cell` is part of the winning line.
    pub fn is_winning_cell(&self, cell: usize) -> bool {
        self.board().winning_cells().contains(&cell)
    }

    /// The accessible name of a cell's button: where it is, what it holds, and what marks it; empty when there is
    /// no such cell (a number from outside, past the board's last cell).
    pub fn cell_label(&self, cell: usize) -> String {
        let board = self.board();
        self.label_on(&board, &board.winning_cells(), cell)
    }

    /// [`Game::cell_label`] of `cell` on `board` (the game's board) whose winning line is `winning`: for a
    /// caller that names every square, which works those two out once.
    pub fn label_on(&self, board: &Grid, winning: &[usize], cell: usize) -> String {
        if cell >= self.shape().cells() {
            return String::new();
        }
        // `square_name`'s words, starting a sentence here ("Row 2, column 3" on 3x3; "h8" stays as it is written).
        let name = square_name(self.shape(), cell);
        let mut label = match name.strip_prefix('r') {
            Some(rest) => format!("R{rest}, "),
            None => format!("{name}, "),
        };
        match board.get(cell) {
            Some(player) => label.push(player.symbol()),
            None => label.push_str("empty"),
        }
        if self.last_move() == Some(cell) {
            label.push_str(", last move");
        }
        if winning.contains(&cell) {
            label.push_str(", part of the winning line");
        }
        if self.is_hinted(cell) {
            label.push_str(", hint: a best move");
        }
        label
    }

    /// Whether a click on `cell` would place a mark now.
    pub fn is_playable(&self, cell: usize) -> bool {
        cell < self.shape().cells()
            && self.phase() == Phase::HumanToMove
            && self.board().get(cell).is_none()
    }

    /// How long and how deep the computer searches on a bigger board: its time per move, the level's depth
    /// (none for unbeatable), and whether it evaluates positions at its horizon.
    pub fn limits(&self) -> Limits {
        let settings = &self.settings;
        Limits {
            time_ms: settings.think_ms,
            max_depth: (settings.level != Level::Unbeatable).then(|| settings.level.depth()),
            evaluation: settings.evaluation,
        }
    }

    /// How long and how deep the scores of every move are searched on a bigger board: as the computer searches,
    /// with [`SCORING_TIME_FACTOR`] times its time, which the moves share (a share long enough to search to the
    /// end gives a proved value instead of an estimate).
    pub fn scoring_limits(&self) -> Limits {
        let limits = self.limits();
        Limits {
            time_ms: limits.time_ms.saturating_mul(SCORING_TIME_FACTOR),
            ..limits
        }
    }

    /// What the level control calls `level` on this game's board. The deepest level is unbeatable only where the
    /// computer searches every line to the end; on a bigger board it is named by what it is, its time per move.
    pub fn level_label(&self, level: Level) -> String {
        let settings = &self.settings;
        if settings.shape == Shape::CLASSIC || level != Level::Unbeatable {
            return level_label(level).to_owned();
        }
        format!("Strongest, {} ms a move", settings.think_ms)
    }

    /// The level's one-sentence description, on this game's board.
    pub fn level_description(&self) -> String {
        let settings = &self.settings;
        if settings.shape == Shape::CLASSIC || settings.level != Level::Unbeatable {
            return settings.level.description().to_owned();
        }
        format!(
            "Strongest searches as deep as its time allows ({} ms a move), to the end of the game where it can: \
             there it proves its moves, and the search panel says so. Elsewhere it plays its best guess, which a \
             stronger player can beat.",
            settings.think_ms
        )
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn game(human: Player) -> Game {
        Game::new(
            Settings {
                human,
                ..Settings::default()
            },
            1,
        )
    }

    fn friends() -> Game {
        Game::new(
            Settings {
                mode: Mode::Friend,
                ..Settings::default()
            },
            1,
        )
    }

    fn from(position: &str, mode: Mode) -> Game {
        Game::new(
            Settings {
                mode,
                start: Grid::parse(position, Shape::CLASSIC).unwrap(),
                ..Settings::default()
            },
            1,
        )
    }

    #[test]
    fn a_new_time_per_move_or_pause_plays_on_and_a_new_level_starts_again() {
        let game = game(Player::X);
        let now = game.settings().clone();
        let longer = Settings {
            think_ms: now.think_ms * 2,
            delay_ms: 0,
            ..now.clone()
        };
        assert!(
            !game.needs_restart(&longer),
            "the search starts again, the game stays"
        );
        let harder = Settings {
            level: Level::Easy,
            ..now
        };
        assert!(game.needs_restart(&harder), "a game counts at one level");
    }

    #[test]
    fn turns_and_refusals() {
        let mut game = game(Player::X);
        assert_eq!(game.phase(), Phase::HumanToMove);
        assert_eq!(game.status_text(), "Your turn: you play X.");
        assert!(game.play_human(4));
        assert_eq!(game.phase(), Phase::ComputerToMove);
        assert_eq!(game.status_text(), "Computer's turn (O): thinking…");
        // The person cannot play while the computer is about to, nor on a filled cell.
        assert!(!game.play_human(0));
        let computer = game.play_computer().unwrap();
        assert_ne!(computer, 4);
        assert!(!game.play_human(4));
        assert!(!game.play_human(computer));
        assert!(!game.play_human(9));
        assert_eq!(game.board().marks(), 2);
        assert_eq!(game.play_computer(), None);
    }

    #[test]
    fn the_computer_opens_when_the_person_plays_o() {
        let mut game = game(Player::O);
        assert_eq!(game.phase(), Phase::ComputerToMove);
        assert!(!game.play_human(0));
        let reply = game.play_computer().expect("the computer opens");
        // The status says where the computer played, for whoever cannot see the board.
        assert_eq!(
            game.status_text(),
            format!(
                "X played {}. Your turn: you play O.",
                square_name(Shape::CLASSIC, reply)
            )
        );
    }

    #[test]
    fn results_in_plain_words_once_each_for_the_tally() {
        let mut won = from("XX.OO....", Mode::Computer);
        assert!(won.play_human(2));
        assert_eq!(won.status_text(), "You win.");
        assert_eq!(
            won.take_result(),
            Some((TallyKey::Computer(Level::Unbeatable), GameResult::Win))
        );
        assert_eq!(won.take_result(), None, "counted once");
        assert!(!won.play_human(5));
        let lost = Game::new(
            Settings {
                human: Player::O,
                start: Grid::parse("XX.OO....", Shape::CLASSIC).unwrap(),
                ..Settings::default()
            },
            1,
        );
        let mut lost = lost;
        assert_eq!(lost.play_computer(), Some(2));
        // The computer's winning move is said, as its other replies are.
        assert_eq!(
            lost.status_text(),
            "X played row 1, column 3. Computer wins."
        );
        assert_eq!(lost.take_result().unwrap().1, GameResult::Loss);
        let mut draw = from("XOXXOOOX.", Mode::Computer);
        assert!(draw.play_human(8));
        assert_eq!(draw.status_text(), "Draw.");
        assert_eq!(draw.take_result().unwrap().1, GameResult::Draw);
    }

    #[test]
    fn a_new_game_starts_where_the_link_does_unless_the_game_is_over_there() {
        let puzzle = from("X.O.X.O..", Mode::Computer);
        assert_eq!(puzzle.new_game_settings(), *puzzle.settings());
        let mut ended = from("XXXOO....", Mode::Computer);
        let settings = ended.new_game_settings();
        assert_eq!(settings.start, Grid::empty(Shape::CLASSIC));
        assert_eq!(settings.level, ended.settings().level);
        ended.restart(settings);
        assert_eq!(ended.phase(), Phase::HumanToMove);
        // Said until the first move, for whoever cannot see the board clear.
        assert_eq!(ended.status_text(), "New game. Your turn: you play X.");
        assert!(ended.play_human(4));
        assert!(!ended.status_text().starts_with("New game"));
        let big = Shape::new(4, 4, 3).unwrap();
        let over = Game::new(
            Settings {
                start: Grid::parse("XXX./OO../..../....", big).unwrap(),
                ..Settings::default()
            },
            1,
        );
        assert_eq!(over.new_game_settings().start, Grid::empty(big));
    }

    #[test]
    fn back_in_the_history_the_computer_answers_as_it_did_then() {
        let mut game = Game::new(
            Settings {
                level: Level::Easy,
                ..Settings::default()
            },
            7,
        );
        for cell in [4, 0, 8, 2, 6] {
            if game.play_human(cell) {
                game.play_computer();
            }
        }
        let moves = game.moves().to_vec();
        assert!(moves.len() >= 4);
        // Back to just after the person's first move: the computer is to move, and answers as before.
        assert!(game.jump(1));
        assert_eq!(game.phase(), Phase::ComputerToMove);
        assert_eq!(game.recorded_reply(), Some(moves[1]));
        assert_eq!(game.play_computer(), Some(moves[1]));
        assert_eq!(game.moves(), &moves[..], "every later move is still there");
        assert_eq!(game.shown(), 2);
        // Playing on from there, by the person, is what drops the later moves.
        let free = (0..9)
            .find(|&cell| game.board().get(cell).is_none())
            .unwrap();
        assert!(game.play_human(free));
        assert_eq!(game.moves().len(), 3);
        assert_eq!(game.recorded_reply(), None);
    }

    #[test]
    fn the_position_the_computer_last_moved_from_follows_undo_and_new_games() {
        let mut game = from("X...O....", Mode::Computer);
        assert_eq!(game.computer_moved_from(), None);
        assert!(game.play_human(8));
        let before_reply = game.board();
        game.play_computer();
        assert_eq!(game.computer_moved_from(), Some(before_reply));
        assert!(game.undo());
        assert_eq!(game.computer_moved_from(), None, "the reply is undone");
        assert!(game.play_human(8));
        game.play_computer();
        game.restart(game.settings().clone());
        assert_eq!(game.computer_moved_from(), None, "a new game");
        let friends = from("X...O....", Mode::Friend);
        assert_eq!(friends.computer_moved_from(), None);
    }

    #[test]
    fn on_a_bigger_board_the_deepest_level_is_named_by_its_time_not_unbeatable() {
        // 4x4 with 3 in a row is a win for X: there the deepest level, playing O, can lose.
        let game = Game::new(
            Settings {
                shape: Shape::new(4, 4, 3).unwrap(),
                think_ms: 250,
                ..Settings::default()
            },
            1,
        );
        let description = game.level_description();
        assert!(description.contains("proves its moves"), "{description}");
        assert!(description.contains("250 ms a move"), "{description}");
        for words in ["never loses", "Unbeatable", "perfect"] {
            assert!(!description.contains(words), "{description}");
        }
        assert_eq!(
            game.level_label(Level::Unbeatable),
            "Strongest, 250 ms a move"
        );
        assert_eq!(game.level_label(Level::Hard), "Hard");
        let classic = Game::new(Settings::default(), 1);
        assert_eq!(classic.level_label(Level::Unbeatable), "Unbeatable");
        assert!(classic.level_description().contains("never loses"));
    }

    #[test]
    fn a_game_that_starts_over_is_not_counted_however_often_it_starts() {
        // A shared link to a finished game, opened, reloaded or started again: nobody played a move.
        for position in ["XXXOO....", "XOXXOOOXX"] {
            let mut over = from(position, Mode::Computer);
            assert!(matches!(over.phase(), Phase::Over(_)));
            assert_eq!(over.take_result(), None, "{position}");
            over.restart(over.settings().clone());
            assert_eq!(over.take_result(), None, "{position} started again");
        }
    }

    #[test]
    fn friends_alternate_with_no_computer() {
        let mut game = friends();
        assert_eq!(game.status_text(), "X to move.");
        assert!(game.play_human(0));
        assert_eq!(game.phase(), Phase::HumanToMove);
        assert_eq!(game.play_computer(), None);
        // Each player hears where the other played.
        assert_eq!(game.status_text(), "X played row 1, column 1. O to move.");
        for cell in [3, 1, 4, 2] {
            assert!(game.play_human(cell));
        }
        assert_eq!(game.board().to_string(), "XXXOO....");
        assert_eq!(game.status_text(), "X played row 1, column 3. X wins.");
        assert_eq!(
            game.take_result(),
            Some((TallyKey::Friend, GameResult::Win))
        );
    }

    #[test]
    fn undo_takes_back_the_persons_move_and_the_reply() {
        let mut game = game(Player::X);
        assert!(!game.can_undo());
        game.play_human(4);
        game.play_computer();
        game.play_human(8 - game.moves()[1]);
        game.play_computer();
        let after_first_round = game.position_after(2);
        assert!(game.undo());
        assert_eq!(game.board(), after_first_round);
        assert_eq!(game.moves().len(), 2);
        assert!(game.undo());
        assert_eq!(game.searchable_at_once(), Some(Board::EMPTY));
        assert!(!game.undo());
        // Before the computer answers, only the person's move goes.
        game.play_human(0);
        assert!(game.undo());
        assert_eq!(game.searchable_at_once(), Some(Board::EMPTY));
    }

    #[test]
    fn undo_as_o_keeps_the_computers_opening() {
        let mut game = game(Player::O);
        game.play_computer();
        assert!(!game.can_undo());
        let opening = game.board();
        let free = opening.legal_moves().next().unwrap();
        game.play_human(free);
        game.play_computer();
        assert!(game.undo());
        assert_eq!(game.board(), opening);
    }

    #[test]
    fn undo_with_a_friend_takes_one_move() {
        let mut game = friends();
        game.play_human(0);
        game.play_human(4);
        assert!(game.undo());
        assert_eq!(game.board().to_string(), "X........");
        assert_eq!(game.status_text(), "Undone: move 2. O to move.");
        game.play_human(8);
        assert_eq!(game.status_text(), "O played row 3, column 3. X to move.");
    }

    #[test]
    fn the_status_says_what_undo_took_back_until_the_position_changes() {
        let mut alone = game(Player::X);
        let mut game = game(Player::X);
        game.play_human(4);
        game.play_computer();
        game.play_human(8 - game.moves()[1]);
        game.play_computer();
        assert!(game.undo());
        assert_eq!(
            game.status_text(),
            "Undone: moves 3 and 4. Your turn: you play X."
        );
        // A second Undo is news too: its words differ, so the live region speaks.
        assert!(game.undo());
        assert_eq!(
            game.status_text(),
            "Undone: moves 1 and 2. Your turn: you play X."
        );
        // A hint, a look back or a new move ends the news.
        game.play_human(4);
        game.play_computer();
        assert!(game.undo());
        assert!(game.show_hint());
        assert_eq!(game.status_text(), "Your turn: you play X.");
        assert!(game.hint_text().unwrap().starts_with("Hint: "));
        game.play_human(4);
        game.play_computer();
        game.play_human(8 - game.moves()[1]);
        game.play_computer();
        assert!(game.undo());
        assert!(game.jump(1));
        assert_eq!(game.status_text(), "Computer's turn (O): thinking…");
        game.play_computer();
        assert!(game.status_text().starts_with("O played row "));
        // The person's move alone, when the computer has not answered.
        alone.play_human(0);
        assert!(alone.undo());
        assert_eq!(
            alone.status_text(),
            "Undone: move 1. Your turn: you play X."
        );
        // While looking back, the number is the game's last move, not the one the board shows.
        let mut game = friends();
        for cell in [4, 0, 8] {
            game.play_human(cell);
        }
        assert!(game.jump(1));
        assert!(game.undo());
        assert_eq!(game.status_text(), "Undone: move 3. O to move.");
    }

    #[test]
    fn history_jumps_and_playing_on_drops_later_moves() {
        let mut game = friends();
        for cell in [4, 0, 8] {
            game.play_human(cell);
        }
        assert_eq!(game.move_label(0), "X: row 2, column 2");
        assert_eq!(game.move_label(1), "O: row 1, column 1");
        assert!(game.jump(1));
        assert_eq!(game.board().to_string(), "....X....");
        assert_eq!(game.moves().len(), 3, "later moves kept while looking back");
        assert!(game.jump(3));
        assert_eq!(game.board().to_string(), "O...X...X");
        assert!(game.jump(1));
        assert!(game.play_human(2));
        assert_eq!(game.moves(), [4, 2]);
        assert_eq!(game.board().to_string(), "..O.X....");
        assert!(!game.jump(3), "dropped moves are gone");
        assert!(game.jump(0));
        assert_eq!(game.searchable_at_once(), Some(Board::EMPTY));
    }

    #[test]
    fn undo_while_looking_back_takes_back_the_last_move_of_the_game_only() {
        let mut game = friends();
        for cell in [4, 0, 8, 2, 1] {
            game.play_human(cell);
        }
        assert!(game.jump(2));
        assert!(game.undo());
        assert_eq!(game.moves(), [4, 0, 8, 2], "only the last move goes");
        assert_eq!(
            game.board().to_string(),
            "O...X....",
            "the look back stays on show"
        );
        // Against the computer: the person's last move and its reply, from the end of the game.
        let mut game = Game::new(Settings::default(), 7);
        for cell in [4, 0, 8, 2, 6, 1] {
            if game.play_human(cell) {
                game.play_computer();
            }
        }
        let moves = game.moves().to_vec();
        assert!(moves.len() >= 6, "{moves:?}");
        assert!(game.jump(1));
        assert!(game.undo());
        assert_eq!(game.moves(), &moves[..moves.len() - 2]);
        assert_eq!(game.shown(), 1);
        // Undo until the game is back where the board is: then the board goes back too.
        while !game.moves().is_empty() {
            assert!(game.undo());
        }
        assert_eq!(game.shown(), 0);
        assert!(!game.undo());
    }

    #[test]
    fn hint_marks_the_best_moves_until_the_position_changes() {
        let mut game = from("X.O.X.O..", Mode::Computer);
        assert!(game.show_hint());
        assert!(game.is_hinted(8));
        assert!(!game.is_hinted(1), "a slower win is not the best move");
        assert_eq!(
            game.cell_label(8),
            "Row 3, column 3, empty, hint: a best move"
        );
        assert_eq!(game.moves().len(), 0, "a hint plays nothing");
        assert_eq!(
            game.hint_text().unwrap(),
            "Hint: the best move is row 3, column 3."
        );
        assert_eq!(game.status_text(), "Your turn: you play X.");
        game.play_human(1);
        assert!(!game.is_hinted(8));
        assert_eq!(game.hint_text(), None);
        // Several best moves, as a screen reader hears them: named up to three, counted beyond.
        let hint = |position: &str| {
            let mut game = from(position, Mode::Friend);
            assert!(game.show_hint());
            game.hint_text().unwrap()
        };
        assert_eq!(
            hint("........."),
            "Hint: every move is as good as any other."
        );
        assert!(hint("XO.......").contains(" and "));
        assert_eq!(
            hint("....X...."),
            "Hint: 4 moves are equally good, each marked best."
        );
        assert!(!game.show_hint(), "no hint on the computer's turn");
    }

    #[test]
    fn a_start_position_sets_who_moves() {
        let mut game = from("X...O....", Mode::Computer);
        assert_eq!(game.status_text(), "Your turn: you play X.");
        let o_to_move = from("X........", Mode::Computer);
        assert_eq!(o_to_move.phase(), Phase::ComputerToMove);
        game.restart(game.settings().clone());
        assert_eq!(game.board().to_string(), "X...O....");
    }

    #[test]
    fn levels_play_at_their_depth() {
        // Easy takes a win it sees but does not block: here O can win at once in 2 and X has no win.
        let position: Board = "OO.XX....".parse().unwrap();
        assert_eq!(position.to_move(), Player::X);
        let mut easy = Game::new(
            Settings {
                human: Player::O,
                level: Level::Easy,
                start: position.into(),
                ..Settings::default()
            },
            3,
        );
        assert_eq!(easy.play_computer(), Some(5), "X wins at once in 5");
        // O threatens 2 and X has no win: medium always blocks, easy cannot see the threat.
        let blocking: Board = "OO.X...X.".parse().unwrap();
        let computer_at = |level, seed| {
            let settings = Settings {
                human: Player::O,
                level,
                start: blocking.into(),
                ..Settings::default()
            };
            Game::new(settings, seed).play_computer().unwrap()
        };
        assert!((0..20).all(|seed| computer_at(Level::Medium, seed) == 2));
        assert!((0..20).any(|seed| computer_at(Level::Easy, seed) != 2));
    }

    #[test]
    fn squares_are_named_by_row_and_column_on_3x3_and_by_coordinates_on_bigger_boards() {
        assert_eq!(square_name(Shape::CLASSIC, 5), "row 2, column 3");
        let gomoku = Shape::new(15, 15, 5).unwrap();
        assert_eq!(square_name(gomoku, 112), "h8");
        assert_eq!(square_name(gomoku, 0), "a15");
        assert_eq!(square_name(gomoku, 224), "o1");
        let wide = Shape::new(3, 7, 3).unwrap();
        assert_eq!(square_name(wide, 20), "g1");
        assert_eq!(square_name(wide, 0), "a3");
    }

    #[test]
    fn games_are_named_by_their_boards() {
        let name = |rows, cols, k| game_name(Shape::new(rows, cols, k).unwrap());
        assert_eq!(name(3, 3, 3), "Tic-tac-toe");
        assert_eq!(name(15, 15, 5), "Gomoku");
        assert_eq!(name(4, 4, 4), "4x4 tic-tac-toe");
        assert_eq!(name(4, 4, 3), "Three in a row on 4x4");
        assert_eq!(name(7, 7, 5), "Five in a row on 7x7");
        assert_eq!(name(10, 12, 6), "6 in a row on 10x12");
    }

    #[test]
    fn cell_labels_say_where_and_what() {
        let game = from("XXXOO....", Mode::Friend);
        assert_eq!(
            game.cell_label(2),
            "Row 1, column 3, X, part of the winning line"
        );
        assert_eq!(game.cell_label(4), "Row 2, column 2, O");
        assert_eq!(game.cell_label(8), "Row 3, column 3, empty");
        assert!(game.is_winning_cell(1) && !game.is_winning_cell(3));
    }

    #[test]
    fn a_cell_or_step_off_the_board_is_refused_without_a_panic() {
        let mut game = from("X...O....", Mode::Computer);
        for cell in [9, 99, usize::MAX] {
            assert!(!game.play_human(cell), "{cell}");
            assert!(!game.is_playable(cell), "{cell}");
            assert!(!game.is_hinted(cell), "{cell}");
            assert!(!game.is_winning_cell(cell), "{cell}");
            assert_eq!(game.cell_label(cell), "", "{cell}");
            assert!(!game.jump(cell), "{cell}");
            assert_eq!(game.move_label(cell), "", "{cell}");
        }
        assert!(game.show_hint());
        assert!(!game.is_hinted(99));
        let mut won = from("XXXOO....", Mode::Friend);
        assert_eq!(won.cell_label(99), "");
        assert!(!won.is_winning_cell(99));
        assert!(!won.play_human(99));
        assert_eq!(won.board().to_string(), "XXXOO....");
    }

    #[test]
    fn arrows_move_focus_across_the_board_and_stop_at_its_edges() {
        let keys = [
            ("ArrowLeft", false),
            ("ArrowRight", false),
            ("ArrowUp", false),
            ("ArrowDown", false),
            ("Home", false),
            ("End", false),
            ("Home", true),
            ("End", true),
        ];
        let moves = |shape: Shape, from: usize| {
            keys.map(|(key, ctrl)| move_focus(shape, from, BoardKey::from_key(key, ctrl).unwrap()))
        };
        // Left, right, up, down, home, end, control+home, control+end.
        let classic = |from| moves(Shape::CLASSIC, from);
        assert_eq!(classic(0), [0, 1, 0, 3, 0, 2, 0, 8]);
        assert_eq!(classic(4), [3, 5, 1, 7, 3, 5, 0, 8]);
        assert_eq!(classic(2), [1, 2, 2, 5, 0, 2, 0, 8]);
        assert_eq!(classic(6), [6, 7, 3, 6, 6, 8, 0, 8]);
        assert_eq!(classic(8), [7, 8, 5, 8, 6, 8, 0, 8]);
        assert_eq!(classic(99), classic(8));
        for key in ["Enter", " ", "Tab", "arrowleft", "PageDown", ""] {
            assert_eq!(BoardKey::from_key(key, false), None, "{key:?}");
        }
        // Control with an arrow is the browser's or the screen reader's, not the board's.
        assert_eq!(BoardKey::from_key("ArrowLeft", true), None);
        // A board of 4 rows and 6 columns.
        let wide = |from| moves(Shape::new(4, 6, 4).unwrap(), from);
        assert_eq!(wide(0), [0, 1, 0, 6, 0, 5, 0, 23]);
        assert_eq!(wide(11), [10, 11, 5, 17, 6, 11, 0, 23]);
        assert_eq!(wide(23), [22, 23, 17, 23, 18, 23, 0, 23]);
        assert_eq!(wide(500), wide(23));
    }

    #[test]
    fn a_bigger_board_is_played_with_moves_the_search_found() {
        let settings = Settings {
            shape: Shape::new(4, 4, 4).unwrap(),
            start: Grid::empty(Shape::new(4, 4, 4).unwrap()),
            human: Player::O,
            ..Settings::default()
        };
        let mut game = Game::new(settings, 1);
        assert_eq!(game.phase(), Phase::ComputerToMove);
        assert_eq!(game.searchable_at_once(), None);
        // The computer's move comes from a search elsewhere: the game itself does not search.
        assert_eq!(game.play_computer(), None);
        let empty = game.board();
        assert!(!game.play_found(&empty, 16), "no such cell");
        assert!(game.play_found(&empty, 5));
        assert!(
            !game.play_found(&empty, 6),
            "an answer to a position gone by"
        );
        assert_eq!(game.board().to_string(), "..../.X../..../....");
        assert!(!game.play_human(5), "taken");
        assert!(!game.play_human(16), "off the board");
        assert!(game.play_human(15));
        assert_eq!(game.move_label(1), "O: d1");
        assert_eq!(game.cell_label(15), "d1, O, last move");
        assert_eq!(game.cell_label(5), "b3, X");
        assert!(!game.show_hint(), "hints are for the 3x3 board");
        assert!(game.level_description().contains("1000 ms a move"));
        // O's four in the last column, after X's moves elsewhere, ends the game: not in the 3x3 tally.
        for (x, o) in [(0, 7), (1, 11), (4, 3)] {
            let position = game.board();
            assert!(game.play_found(&position, x));
            assert!(game.play_human(o));
        }
        assert_eq!(game.phase(), Phase::Over(Status::Won(Player::O)));
        assert_eq!(game.take_result(), None);
        assert!(game.undo());
        assert_eq!(game.board().to_string(), "XX../XX.O/...O/...O");
    }
}
