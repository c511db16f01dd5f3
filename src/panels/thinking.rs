//! What the panels that show how minimax thinks hold between one event and the next: the move whose line of best
//! play is shown and its replay, the game tree's state, the step-through, and the statistics measured a budget at
//! a time. What they say is in [`super::scores`] and [`super::statistics`]; the DOM layer only draws it.

use crate::engine::{Board, Clock};
use crate::panels::scores::{Replay, ReplayControl};
use crate::panels::search_tree::SearchTree;
use crate::panels::statistics::{measured_text, Measured, Stats, StatsColumn, Timing};
use crate::panels::steps::{Speed, StepControl, Stepper};
use crate::panels::tree::TreeState;

/// What the thinking panels show besides the game itself.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Thinking {
    /// The move whose line of best play is shown.
    pub why: Option<usize>,
    /// The game tree's state.
    pub tree: TreeState,
    /// The node previewed in the tree (its path from the root).
    pub preview: Vec<usize>,
    /// Statistics of the current position, once measured.
    pub stats_now: Option<Stats>,
    /// Statistics of the position the computer last moved from, once measured.
    pub stats_last: Option<Stats>,
    /// The position the computer last moved from.
    pub computer_moved_from: Option<Board>,
    /// Alpha-beta from the current position, one step at a time, once the step panel has been shown there.
    pub step: Option<Stepper>,
    /// Whether the step panel steps by itself.
    pub step_running: bool,
    /// Whether the reader has pressed a step control at this position: until then the step's sentence, which
    /// changes with every move of the game, is not read out.
    pub step_heard: bool,
    /// How fast it steps by itself.
    pub step_speed: Speed,
    /// The "why" move's line of best play, replayed on the board.
    pub replay: Option<Replay>,
    /// Whether the tree panel is shown, as last followed (see [`Thinking::show_tree`]).
    tree_shown: bool,
    /// Whether the step panel is shown, as last followed (see [`Thinking::show_step`]).
    step_shown: bool,
    /// The search being timed, until its samples are all taken (see [`Thinking::measure`]).
    timing: Option<Timing>,
}

impl Thinking {
    /// Nothing chosen, for a game at `board`.
    pub fn new(board: Board) -> Thinking {
        Thinking {
            why: None,
            tree: TreeState::new(board),
            preview: Vec::new(),
            stats_now: None,
            stats_last: None,
            computer_moved_from: None,
            step: None,
            step_running: false,
            step_heard: false,
            step_speed: Speed::Medium,
            replay: None,
            tree_shown: false,
            step_shown: false,
            timing: None,
        }
    }

    /// Follows the tree panel being shown or hidden: when it opens while the step panel is on, the tree opens
    /// down to the node the search is at, as each step does while both are shown.
    pub fn show_tree(&mut self, shown: bool) {
        let path = self.step_path_on_board().filter(|_| self.step_shown);
        if let (true, false, Some(path)) = (shown, self.tree_shown, path) {
            self.tree.reveal(&path);
        }
        self.tree_shown = shown;
    }

    /// The path of the node the step panel's search is at, when it searches the position the game tree shows
    /// (and not the practice's abstract tree, say).
    pub fn step_path_on_board(&self) -> Option<Vec<usize>> {
        self.step
            .as_ref()
            .filter(|stepper| stepper.board() == Some(self.tree.root))
            .map(Stepper::path)
    }

    /// Opens the step panel's search on `tree` (the solution of a practice), at its first event, unless it is
    /// on that tree already: then it stays where the reader is.
    pub fn step_through(&mut self, tree: SearchTree) {
        if self
            .step
            .as_ref()
            .is_none_or(|stepper| *stepper.tree() != tree)
        {
            self.step = Some(Stepper::on(tree));
            self.step_running = false;
        }
        self.step_heard = true;
    }

    /// Takes the step panel back to the position on the board (`None` on a bigger board, where the panel says why
    /// it has nothing to step through), at its first event, from another tree.
    pub fn step_on_board(&mut self, board: Option<Board>) {
        if self.step.as_ref().and_then(Stepper::board) != board {
            self.step = board.map(Stepper::new);
            self.step_running = false;
        }
    }

    /// Whether the step panel is shown with lines of its pseudocode still to work out.
    pub fn code_due(&self) -> bool {
        self.step_shown
            && self
                .step
                .as_ref()
                .is_some_and(|stepper| !stepper.code().is_built())
    }

    /// Works out the step panel's pseudocode for `budget_ms` milliseconds of `clock`, a slice of lines at a time:
    /// from the empty board it is 167,916 lines, which take longer than a task may (see [`crate::panels::steps::pseudocode`]).
    pub fn prepare_code(&mut self, clock: &mut dyn Clock, budget_ms: f64) {
        /// Lines worked out between two readings of the clock: a fraction of a millisecond.
        const SLICE: usize = 2_000;
        let Some(stepper) = &mut self.step else {
            return;
        };
        let start = clock.now_ms();
        while !stepper.prepare(SLICE) && clock.now_ms() - start < budget_ms {}
    }

    /// Follows whether the step panel is shown, at `board` (`None` on a bigger board). Shown, it steps through
    /// alpha-beta from `board`: from the first event the first time, and where the reader left it when it was
    /// hidden and shown again at the same position (a new position starts it again, see [`Thinking::follow`]).
    /// Hidden, it stops running.
    pub fn show_step(&mut self, shown: bool, board: Option<Board>) {
        self.step_shown = shown;
        if !shown {
            self.step_running = false;
        } else if let (None, Some(board)) = (&self.step, board) {
            let stepper = Stepper::new(board);
            if self.tree_shown && self.tree.root == board {
                self.tree.reveal(&stepper.path());
            }
            self.step = Some(stepper);
        }
    }

    /// Whether the step panel is shown, as last followed.
    pub fn step_shown(&self) -> bool {
        self.step_shown
    }

    /// Follows the game to `board`: a new position closes what was about the old one (the tree keeps whether it
    /// marks what alpha-beta prunes).
    pub fn follow(&mut self, board: Board) {
        if self.tree.root != board {
            let alpha_beta = self.tree.alpha_beta;
            self.tree = TreeState::new(board);
            self.tree.alpha_beta = alpha_beta;
            self.why = None;
            self.preview.clear();
            self.step = None;
            self.step_running = false;
            self.step_heard = false;
            self.replay = None;
        }
    }

    /// A control of the step panel pressed. Run runs (from the start, when the search is over) or pauses; any
    /// other control pauses a run, then does what it says.
    pub fn press_step(&mut self, control: StepControl) {
        let Some(stepper) = &mut self.step else {
            return;
        };
        self.step_heard = true;
        if control == StepControl::Run {
            self.step_running = !self.step_running;
            if self.step_running && stepper.at_end() {
                stepper.restart();
            }
            return;
        }
        self.step_running = false;
        match control {
            StepControl::Forward => {
                stepper.step();
            }
            StepControl::Back => {
                stepper.back();
            }
            StepControl::Finish => {
                stepper.finish_node();
            }
            StepControl::Restart | StepControl::Run => stepper.restart(),
        }
    }

    /// The run's next step; it stops at the end of the search.
    pub fn step_tick(&mut self) {
        if let (true, Some(stepper)) = (self.step_running, &mut self.step) {
            stepper.step();
            self.step_running = !stepper.at_end();
        }
    }

    /// A control of a replay on the board pressed: of `line`, the replay a control starts (the "why" line on the
    /// 3x3 board, a forced win on a bigger one), or `None` when there is nothing to replay. The replay on show
    /// goes on while it is of that line.
    pub fn press_replay(&mut self, line: Option<Replay>, control: ReplayControl) {
        let Some(line) = line else {
            self.replay = None;
            return;
        };
        let replay = match &mut self.replay {
            Some(replay) if replay.from == line.from && replay.line == line.line => replay,
            other => other.insert(line),
        };
        match control {
            ReplayControl::Step => {
                replay.playing = false;
                replay.step();
            }
            ReplayControl::Play => {
                replay.playing = !replay.playing;
                if replay.playing && replay.at_end() {
                    replay.shown = 0;
                }
            }
            ReplayControl::Clear => self.replay = None,
        }
    }

    /// The replay of the chosen move's "why" line at `board`, if a move is chosen: what a replay control starts
    /// on the 3x3 board.
    pub fn why_replay(&self, board: Board) -> Option<Replay> {
        self.why.map(|cell| Replay::new(board, cell))
    }

    /// The replay's next move; it stops at the end of the line.
    pub fn replay_tick(&mut self) {
        if let Some(replay) = self.replay.as_mut().filter(|replay| replay.playing) {
            replay.step();
            replay.playing = !replay.at_end();
        }
    }

    /// Chooses (or, chosen again, puts away) the move whose line of best play is shown; a replay on the board of
    /// the line before goes.
    pub fn choose_why(&mut self, cell: usize) {
        self.why = (self.why != Some(cell)).then_some(cell);
        self.replay = None;
    }

    /// Whether a statistic is missing for what is on show.
    pub fn stats_stale(&self, board: Board) -> bool {
        self.next_measurement(board).is_some()
    }

    /// The next search to time, one at a time: the first variant not yet measured at `board`, the position on
    /// the board, then at the position the computer last moved from. `None` when all are known.
    pub fn next_measurement(&self, board: Board) -> Option<(StatsColumn, Board, usize)> {
        let missing = |stats: &Option<Stats>, at: Board| match stats {
            Some((known, measured)) if *known == at => measured.iter().position(Option::is_none),
            _ => Some(0),
        };
        if let Some(variant) = missing(&self.stats_now, board) {
            return Some((StatsColumn::Now, board, variant));
        }
        let from = self.computer_moved_from?;
        missing(&self.stats_last, from).map(|variant| (StatsColumn::Last, from, variant))
    }

    /// Times the statistics still missing at `board` with `clock` until `budget_ms` milliseconds have passed,
    /// one search at a time (see [`Thinking::next_measurement`]), each over as many tasks as it takes: a task
    /// stops once it has used its time, after the piece of search under way, so that clicks and paints get
    /// through between tasks. A search is known once [`SAMPLES`](super::statistics::SAMPLES) samples are taken, each at least [`SAMPLE_NANOS`](super::statistics::SAMPLE_NANOS)
    /// long; its time is their median.
    pub fn measure(&mut self, board: Board, clock: &mut dyn Clock, budget_ms: f64) {
        let deadline = clock.now_ms() + budget_ms;
        while let Some((column, at, variant)) = self.next_measurement(board) {
            let timing = match &mut self.timing {
                Some(timing)
                    if (timing.column, timing.at, timing.variant) == (column, at, variant) =>
                {
                    timing
                }
                other => other.insert(Timing::new(column, at, variant)),
            };
            if !timing.time(clock, deadline) {
                return;
            }
            let measured = timing.measured();
            self.timing = None;
            self.record(column, at, variant, measured);
        }
    }

    /// Keeps `measured`, the statistic of variant number `variant` at `at`, for `column`.
    fn record(&mut self, column: StatsColumn, at: Board, variant: usize, measured: Measured) {
        let stats = match column {
            StatsColumn::Now => &mut self.stats_now,
            StatsColumn::Last => &mut self.stats_last,
        };
        let known = match stats {
            Some((known, measured)) if *known == at => measured,
            _ => &mut stats.insert((at, [None; 4])).1,
        };
        known[variant] = Some(measured);
    }

    /// The statistics table's cell for variant number `variant` in `column`, with `board` on the board: the
    /// measurement ("1,234 positions, 0.120 ms"), "timing…" while it is being measured, or "no move yet" in the
    /// computer's column before the computer has moved. (The waiting words are no wider than "positions,": a
    /// table cell is never narrower than its longest word, and on a 320 px phone "measuring…" made the table
    /// wider than its panel until the numbers came.)
    pub fn stats_cell_text(&self, board: Board, column: StatsColumn, variant: usize) -> String {
        let (stats, at) = match column {
            StatsColumn::Now => (&self.stats_now, Some(board)),
            StatsColumn::Last => (&self.stats_last, self.computer_moved_from),
        };
        let measured = stats
            .as_ref()
            .filter(|(known, _)| Some(*known) == at)
            .and_then(|(_, measured)| measured[variant]);
        match (measured, at) {
            (Some(measured), _) => measured_text(measured),
            (None, Some(_)) => "timing…".to_owned(),
            (None, None) => "no move yet".to_owned(),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::{search_stats, SteppingClock, Variant};
    use crate::panels::scores::*;
    use crate::panels::statistics::*;
    use crate::panels::words::group_digits;

    fn board(text: &str) -> Board {
        text.parse().unwrap()
    }

    /// Measures everything `thinking` asks for at `board`, as the page does, one task of 6 ms at a time on
    /// `clock`; returns how many tasks it took. No task goes on past its budget but to end the piece under way.
    fn measure_all(thinking: &mut Thinking, board: Board, clock: &mut Steady) -> usize {
        let mut tasks = 0;
        while thinking.stats_stale(board) {
            let (start, reads) = (clock.now, clock.reads);
            thinking.measure(board, clock, 6.0);
            // The budget, the piece under way and the clock's readings around them, and a pause of the machine if
            // there was one.
            let paused = (reads < clock.jump && clock.jump <= clock.reads).then_some(clock.by);
            let most = 6.0 + 3.0 * clock.step + paused.unwrap_or_default();
            assert!(
                clock.now - start <= most + 1e-9,
                "a task of {} ms",
                clock.now - start
            );
            tasks += 1;
            assert!(tasks < 10_000, "the measurements come to an end");
        }
        tasks
    }

    /// A clock that moves on `step` milliseconds each time it is read, except that the reading numbered `jump`
    /// (from 1) also finds `by` more milliseconds gone, as when another program took the processor for a while.
    struct Steady {
        now: f64,
        step: f64,
        reads: usize,
        jump: usize,
        by: f64,
    }

    impl Steady {
        fn new(step: f64) -> Steady {
            Steady {
                now: 0.0,
                step,
                reads: 0,
                jump: 0,
                by: 0.0,
            }
        }
    }

    impl Clock for Steady {
        fn now_ms(&mut self) -> f64 {
            self.reads += 1;
            self.now += self.step;
            if self.reads == self.jump {
                self.now += self.by;
            }
            self.now
        }
    }

    #[test]
    fn the_tree_opens_down_to_the_step_when_it_is_shown_after_stepping() {
        let start = board("X...O....");
        let mut thinking = Thinking::new(start);
        thinking.show_step(true, Some(start));
        for _ in 0..8 {
            thinking.press_step(StepControl::Forward);
        }
        let path = thinking.step.as_ref().unwrap().path();
        assert!(path.len() >= 3, "{path:?}");
        thinking.show_tree(false);
        assert!(!thinking.tree.visible_paths().contains(&path));
        thinking.show_tree(true);
        assert!(thinking.tree.visible_paths().contains(&path));
        // Shown already: a later update leaves alone what the reader closed.
        thinking.tree.toggle(&path[..1]);
        thinking.show_tree(true);
        assert!(!thinking.tree.is_open(&path[..1]));
    }

    #[test]
    fn the_step_panel_hidden_and_shown_again_goes_on_where_the_reader_left_it() {
        let start = board("X...O....");
        let mut thinking = Thinking::new(start);
        thinking.show_step(true, Some(start));
        for _ in 0..5 {
            thinking.press_step(StepControl::Forward);
        }
        thinking.press_step(StepControl::Run);
        assert!(thinking.step_running);
        let progress = |thinking: &Thinking| thinking.step.as_ref().map(Stepper::progress);
        let left_at = progress(&thinking);
        assert_eq!(left_at.map(|(step, _)| step), Some(6));
        // Hidden, it stops running; the tree shown meanwhile does not open down to a step no one sees.
        thinking.show_step(false, Some(start));
        assert!(!thinking.step_running);
        thinking.show_tree(true);
        assert!(thinking.tree.expanded.is_empty());
        thinking.show_step(true, Some(start));
        assert_eq!(progress(&thinking), left_at);
        // Another position: the search starts again from there.
        thinking.show_step(false, Some(start));
        let next = start.play(1);
        thinking.follow(next);
        thinking.show_step(true, Some(next));
        assert_eq!(progress(&thinking).map(|(step, _)| step), Some(1));
        assert_eq!(thinking.step.as_ref().and_then(Stepper::board), Some(next));
    }

    #[test]
    fn the_pseudocode_is_worked_out_a_budget_at_a_time_while_the_step_panel_is_shown() {
        let mut thinking = Thinking::new(Board::EMPTY);
        assert!(!thinking.code_due(), "no step panel, nothing to work out");
        thinking.show_step(true, Some(Board::EMPTY));
        let mut tasks = 0;
        while thinking.code_due() {
            // Five readings of the clock a task: four slices of lines before 3.5 ms have passed.
            thinking.prepare_code(&mut SteppingClock::new(1.0), 3.5);
            tasks += 1;
        }
        let code = thinking.step.as_ref().unwrap().code();
        assert_eq!(code.steps().len(), 167_916);
        assert_eq!(tasks, 167_916_usize.div_ceil(4 * 2_000));
        thinking.show_step(false, Some(Board::EMPTY));
        thinking.step = Some(Stepper::new(Board::EMPTY));
        assert!(!thinking.code_due(), "hidden: nothing to work out");
    }

    #[test]
    fn the_step_panel_steps_through_a_practice_tree_then_back_on_the_board() {
        let start = board("X...O....");
        let mut thinking = Thinking::new(start);
        thinking.tree.alpha_beta = true;
        thinking.show_tree(true);
        thinking.show_step(true, Some(start));
        let tree =
            SearchTree::Abstract(crate::panels::search_tree::AbstractTree::new(2, 2, 3).unwrap());
        thinking.step_through(tree.clone());
        thinking.press_step(StepControl::Forward);
        let stepper = thinking.step.as_ref().unwrap();
        assert_eq!((stepper.tree(), stepper.progress().0), (&tree, 2));
        // Its nodes are not the game tree's: the game tree does not open down to them.
        assert_eq!(thinking.step_path_on_board(), None);
        // Opened on the same tree again, it stays where the reader is.
        thinking.step_through(tree);
        assert_eq!(thinking.step.as_ref().unwrap().progress().0, 2);
        thinking.step_on_board(Some(start));
        assert_eq!(thinking.step.as_ref().and_then(Stepper::board), Some(start));
        assert_eq!(thinking.step_path_on_board(), Some(Vec::new()));
        // A move of the game takes the steps to the new position, whatever they showed.
        thinking.step_through(SearchTree::Abstract(
            crate::panels::search_tree::AbstractTree::new(2, 2, 4).unwrap(),
        ));
        thinking.follow(start.play(1));
        assert!(thinking.step.is_none());
    }

    #[test]
    fn statistics_count_every_position_and_time_a_search_over_five_samples() {
        let start = board("X........");
        let mut thinking = Thinking::new(start);
        assert!(thinking.stats_stale(start));
        assert_eq!(
            thinking.next_measurement(start),
            Some((StatsColumn::Now, start, 0))
        );
        // The clock moves 0.1 ms a reading, and a piece of search is read once: a quick search's run takes 0.1
        // ms, twenty of them a sample; plain minimax with eight empty squares is one piece per first move, 0.8
        // ms a run, three runs a sample.
        let mut clock = Steady::new(0.1);
        let tasks = measure_all(&mut thinking, start, &mut clock);
        assert!(tasks > 1, "{tasks} tasks");
        let (known, measured) = thinking.stats_now.unwrap();
        assert_eq!(known, start);
        for (variant, measured) in Variant::ALL.into_iter().zip(measured) {
            let expected = search_stats(&start, variant).nodes;
            assert_eq!(measured.unwrap().nodes, expected, "{variant:?}");
        }
        assert_eq!(measured[0].unwrap().nanos, 800_000);
        assert_eq!(measured[1].unwrap().nanos, 100_000);
        assert_eq!(
            thinking.stats_cell_text(start, StatsColumn::Now, 0),
            format!(
                "{} positions, 0.80 ms",
                group_digits(measured[0].unwrap().nodes)
            )
        );
        assert_eq!(
            thinking.stats_cell_text(start, StatsColumn::Last, 0),
            "no move yet"
        );
        // The computer moved from `start`: the position on the board first, then the computer's column.
        let now = start.play(1).play(8);
        thinking.computer_moved_from = Some(start);
        thinking.stats_last = None;
        assert_eq!(
            thinking.next_measurement(now),
            Some((StatsColumn::Now, now, 0))
        );
        assert_eq!(
            thinking.stats_cell_text(now, StatsColumn::Now, 1),
            "timing…"
        );
        measure_all(&mut thinking, now, &mut clock);
        for variant in 0..4 {
            for column in [StatsColumn::Now, StatsColumn::Last] {
                let text = thinking.stats_cell_text(now, column, variant);
                assert!(
                    text.ends_with(" ms") && text.contains(" positions, "),
                    "{text}"
                );
            }
        }
    }

    #[test]
    fn a_time_is_the_median_of_its_samples_so_a_pause_of_the_machine_does_not_count() {
        // A finished game: every search is one position, a run one reading of the clock, 0.1 ms. The 30th
        // reading, in plain minimax's second sample, finds the machine was busy elsewhere for 50 ms.
        let over = board("XXXOO....");
        let mut thinking = Thinking::new(over);
        let mut clock = Steady {
            jump: 30,
            by: 50.0,
            ..Steady::new(0.1)
        };
        measure_all(&mut thinking, over, &mut clock);
        let measured = thinking.stats_now.unwrap().1;
        assert!(measured.iter().all(|measured| *measured
            == Some(Measured {
                nodes: 1,
                nanos: 100_000
            })));
        assert_eq!(
            thinking.stats_cell_text(over, StatsColumn::Now, 0),
            "1 position, 0.10 ms"
        );
    }

    #[test]
    fn plain_minimax_from_the_empty_board_counts_549_946_positions_in_pieces_over_several_tasks() {
        let mut thinking = Thinking::new(Board::EMPTY);
        // 72 pieces a run, 7.2 ms: a run is a sample, longer than a task.
        let tasks = measure_all(&mut thinking, Board::EMPTY, &mut Steady::new(0.1));
        assert!(tasks >= 5 * 72 / 60, "{tasks} tasks");
        let measured = thinking.stats_now.unwrap().1[0].unwrap();
        assert_eq!(measured.nodes, 549_946);
        assert_eq!(measured.nanos, 7_200_000);
        assert_eq!(measured_text(measured), "549,946 positions, 7.2 ms");
    }

    #[test]
    fn following_the_game_closes_what_was_about_the_old_position() {
        let mut thinking = Thinking::new(Board::EMPTY);
        thinking.why = Some(4);
        thinking.preview = vec![4];
        thinking.tree.alpha_beta = true;
        thinking.tree.toggle(&[4]);
        thinking.follow(Board::EMPTY);
        assert_eq!(thinking.why, Some(4), "the same position keeps all");
        let next = Board::EMPTY.play(4);
        thinking.follow(next);
        assert_eq!((thinking.why, thinking.preview.len()), (None, 0));
        assert_eq!(thinking.tree.root, next);
        assert!(thinking.tree.expanded.is_empty());
        assert!(thinking.tree.alpha_beta, "kept");
    }

    #[test]
    fn a_new_position_or_another_why_puts_the_replay_and_the_steps_away() {
        let mut thinking = Thinking::new(Board::EMPTY);
        thinking.choose_why(4);
        thinking.replay = Some(Replay::new(Board::EMPTY, 4));
        thinking.step = Some(Stepper::new(Board::EMPTY));
        thinking.step_running = true;
        thinking.follow(Board::EMPTY);
        assert!(
            thinking.replay.is_some() && thinking.step.is_some(),
            "same position"
        );
        thinking.choose_why(0);
        assert_eq!((thinking.why, thinking.replay.is_none()), (Some(0), true));
        thinking.choose_why(0);
        assert_eq!(thinking.why, None);
        thinking.follow(Board::EMPTY.play(4));
        assert!(thinking.step.is_none() && !thinking.step_running);
    }

    #[test]
    fn the_steps_are_heard_once_the_reader_steps_until_the_game_moves_on() {
        let mut thinking = Thinking::new(Board::EMPTY);
        thinking.show_step(true, Some(Board::EMPTY));
        assert!(
            !thinking.step_heard,
            "a new position's first step is not news"
        );
        thinking.press_step(StepControl::Forward);
        assert!(thinking.step_heard);
        thinking.follow(Board::EMPTY);
        assert!(thinking.step_heard, "same position");
        thinking.follow(Board::EMPTY.play(4));
        thinking.show_step(true, Some(Board::EMPTY.play(4)));
        assert!(!thinking.step_heard, "the game moved on");
    }

    #[test]
    fn step_controls_run_pause_and_step() {
        let board: Board = "XOXXOO...".parse().unwrap();
        let mut thinking = Thinking::new(board);
        thinking.press_step(StepControl::Forward);
        assert!(thinking.step.is_none(), "no stepper, nothing to press");
        thinking.step = Some(Stepper::new(board));
        let at = |thinking: &Thinking| thinking.step.as_ref().unwrap().progress().0;
        thinking.press_step(StepControl::Run);
        assert!(thinking.step_running);
        thinking.step_tick();
        thinking.step_tick();
        assert_eq!(at(&thinking), 3);
        // A control pressed by hand pauses the run, then does what it says.
        thinking.press_step(StepControl::Back);
        assert_eq!((thinking.step_running, at(&thinking)), (false, 2));
        thinking.step_tick();
        assert_eq!(at(&thinking), 2, "paused: the ticks do nothing");
        thinking.press_step(StepControl::Finish);
        thinking.press_step(StepControl::Restart);
        assert_eq!(at(&thinking), 1);
        // Run to the end: it stops there, and Run again starts over.
        thinking.press_step(StepControl::Run);
        while thinking.step_running {
            thinking.step_tick();
        }
        assert!(thinking.step.as_ref().unwrap().at_end());
        thinking.press_step(StepControl::Run);
        assert_eq!((thinking.step_running, at(&thinking)), (true, 1));
        thinking.press_step(StepControl::Run);
        assert!(!thinking.step_running);
        for control in StepControl::ALL {
            assert_eq!(StepControl::from_name(control.name()), Some(control));
        }
        assert_eq!(StepControl::from_name("Run"), None);
    }

    #[test]
    fn replay_controls_step_play_and_clear() {
        let board = Board::EMPTY.play(0).play(4);
        let mut thinking = Thinking::new(board);
        thinking.press_replay(thinking.why_replay(board), ReplayControl::Step);
        assert!(
            thinking.replay.is_none(),
            "no move chosen: nothing to replay"
        );
        thinking.choose_why(8);
        thinking.press_replay(thinking.why_replay(board), ReplayControl::Step);
        let shown = |thinking: &Thinking| thinking.replay.as_ref().map(|replay| replay.shown);
        assert_eq!(shown(&thinking), Some(1));
        thinking.press_replay(thinking.why_replay(board), ReplayControl::Play);
        while thinking.replay.as_ref().unwrap().playing {
            thinking.replay_tick();
        }
        let length = thinking.replay.as_ref().unwrap().line.len();
        assert_eq!(
            shown(&thinking),
            Some(length),
            "played to the end, then stopped"
        );
        thinking.press_replay(thinking.why_replay(board), ReplayControl::Play);
        assert_eq!(shown(&thinking), Some(0), "played again from the start");
        thinking.press_replay(thinking.why_replay(board), ReplayControl::Clear);
        assert_eq!(shown(&thinking), None);
        for (name, control) in [
            ("step", ReplayControl::Step),
            ("play", ReplayControl::Play),
            ("clear", ReplayControl::Clear),
        ] {
            assert_eq!(ReplayControl::from_name(name), Some(control));
        }
        assert_eq!(ReplayControl::from_name("Step"), None);
    }
}
