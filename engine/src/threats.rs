//! Threat-space search: a win by continuous fours (VCF) or by fours and threes (VCT) for one side, the attacker,
//! searched over threats only, beside the main loop of `core.rs`; exact on any board and any `k`. [`Threats`]
//! describes how it works.

use super::bits::Bits;
use super::clock::Clock;
use super::grid::{Player, Shape};
use super::lines::Lines;
use std::cmp::Reverse;

/// How a forced win goes.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum ForcedKind {
    /// By continuous fours (VCF): every attacking move makes a four, which has one reply.
    Fours,
    /// By fours and threes (VCT): some attacking moves are threes (or other quiet threats), which have a few
    /// replies, every one of them answered.
    FoursAndThrees,
}

/// What a threat search may spend.
#[derive(Clone, Copy, Debug, PartialEq)]
pub(crate) struct ThreatLimits {
    /// The most fours in a row searched for a win by continuous fours.
    pub(crate) fours: u32,
    /// The most attacking moves (threes and fours, before continuous fours take over) of a win by threats.
    pub(crate) threats: u32,
    /// The most positions a call visits.
    pub(crate) nodes: u64,
    /// The clock's time at which a call stops.
    pub(crate) deadline_ms: f64,
}

/// A forced win found.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct ThreatWin {
    /// By fours only, or by fours and threes.
    pub(crate) kind: ForcedKind,
    /// Plies from the position to the completed line at most, the attacker's first move included, against the
    /// defence that lasts longest.
    pub(crate) plies: u32,
    /// A game along the win, as bits: the attacker's moves and the defender's replies, to the completed line.
    pub(crate) line: Vec<usize>,
}

/// The answer of one node.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Step {
    /// The attacker wins within this many plies, its move at the node included; its first move is on top of
    /// the line stack.
    Win(u32),
    /// No win within the depth searched.
    Fail,
    /// The positions or the time ran out: nothing is known.
    Abort,
}

/// Mixed into a position's key by question and attacker, so that the four questions share a table.
const SALTS: [[u64; 2]; 2] = [
    [0x9E6C_63D0_676A_9A99, 0x2F4B_9D1E_5A3C_7B11],
    [0xD1B5_4A32_D192_ED03, 0x8CB9_2BA7_2F3D_8DD7],
];

/// One remembered answer.
#[derive(Clone, Copy, Debug, Default)]
struct Slot {
    key: u64,
    /// The depth searched: a failure holds for any depth up to it, a win for any depth from it.
    depth: u8,
    /// The win's plies, or 0 for a failure.
    plies: u16,
    /// The win's first move.
    first: u8,
}

/// The table has `1 << MEMORY_BITS` slots (16 bytes each), or on a board of at most `SMALL_BOARD_CELLS` cells
/// (whose searches are short) `1 << SMALL_MEMORY_BITS`.
const MEMORY_BITS: u32 = 16;
const SMALL_MEMORY_BITS: u32 = 10;
const SMALL_BOARD_CELLS: usize = 36;
/// Positions between two looks at the clock (a position costs about a microsecond; a look, a few dozen
/// nanoseconds). Each call also looks once as it begins: the search calls it at many nodes, and a call begun after
/// the deadline must not first search up to this many positions.
const CLOCK_EVERY: u64 = 64;
/// The most fours a search by threats tries for continuous fours at each of its nodes, and after a defender's
/// pass: a threat is a threat when fours win soon.
const FOURS_IN_THREATS: u32 = 8;
/// A walk along a win ends after this many plies, however long the win.
const LONGEST_LINE: usize = 120;

/// The threat search, with its table and its counts. Its own small search beside the main loop of `core.rs`,
/// since it asks another
/// question (can the attacker force a line, yes or no?) over another set of moves: the attacker's moves that make
/// a four or a threat, and for each of them exactly the defender's moves that could stop it.
///
/// Everything is exact, on any board and any `k`: a win it claims is a win against every defence.
/// - **Continuous fours.** A four leaves the defender one move that does not lose at once: the cell that
///   completes the attacker's line (unless the defender completes one of its own first, which ends the search as
///   a failure). So the search is a line: a four, its one reply, the next four..., and it wins when a move makes
///   two cells that complete a line (an open four, or two fours) while the defender has none. A four of the
///   defender's, made by a forced reply, must be blocked next, and only a block that is itself a four goes on.
/// - **Fours and threes.** A quiet move (no four) is a *threat* when, were the defender to pass, the attacker would
///   win by continuous fours: that is Thomsen's lambda-search of order 2. The defender's replies are then every
///   move that could change that win of the attacker's, its *relevance zone*: the cells of the winning line (the
///   attacker's fours, the forced replies and the completing cells), and every cell where the defender would make
///   a four or a five with the stones it has and those the forced replies give it. Any other reply leaves the same
///   line winning: it takes no cell the line needs, cannot complete a line of the defender's, and cannot give the
///   defender a four the line did not already answer. So every reply outside the zone loses to that line, and
///   only those inside are searched.
///
/// Allis's threat-space search (Allis, van den Herik and Huntjens, "Go-Moku and threat-space search", 1993)
/// searches the attacker's threats with their gain and cost squares and checks the defences afterwards; here the
/// defences are part of the search, as in lambda-search (Thomsen, 2000), so that what it finds needs no check.
///
/// The search remembers, by position and attacker, the wins it found (with their first move and length) and the
/// depths at which it found none, in a table kept between calls.
pub(crate) struct Threats {
    memory: Vec<Slot>,
    /// The board the table's positions are on: bits name other cells on another.
    shape: Option<Shape>,
    /// Positions visited, over every call.
    pub(crate) nodes: u64,
    /// The node count at which the current call stops.
    stop_at: u64,
    deadline_ms: f64,
    /// Whether the clock stopped the last call.
    pub(crate) timed_out: bool,
    /// The line of the win being found, last move first.
    line: Vec<usize>,
}

impl Default for Threats {
    fn default() -> Threats {
        Threats::new()
    }
}

impl Threats {
    /// A search with an empty table (allocated on first use).
    pub(crate) fn new() -> Threats {
        Threats {
            memory: Vec::new(),
            shape: None,
            nodes: 0,
            stop_at: u64::MAX,
            deadline_ms: f64::INFINITY,
            timed_out: false,
            line: Vec::new(),
        }
    }

    /// Forgets every remembered answer.
    pub(crate) fn forget(&mut self) {
        self.memory.clear();
    }

    /// Whether `attacker`, to move in `lines`, wins by continuous fours within `limits`: how many plies at most.
    /// The first found, not the shortest.
    pub(crate) fn fours_win(
        &mut self,
        lines: &mut Lines,
        attacker: Player,
        limits: ThreatLimits,
        clock: &mut dyn Clock,
    ) -> Option<u32> {
        self.begin(lines, limits, clock);
        if let Some(plies) = Threats::win_in_three(lines, attacker) {
            return Some(plies);
        }
        match self.fours(lines, attacker, limits.fours, clock) {
            Step::Win(plies) => Some(plies),
            Step::Fail | Step::Abort => None,
        }
    }

    /// The attacker's win with its next move but one that the patterns show without a move played: a cell where
    /// it makes an open four or two fours, the defender completing no line, or completing one only there. The
    /// search by fours would find it as its first move (it tries such cells first) at the cost of playing it;
    /// at the horizon most of its wins are these. `None` when there is none (or a five at once, which the
    /// search reports as a win in one).
    fn win_in_three(lines: &Lines, attacker: Player) -> Option<u32> {
        let blocks = lines.fives(attacker.opponent());
        let cells = match blocks.count() {
            0 => lines.wins(attacker),
            1 => blocks & lines.wins(attacker),
            _ => Bits::EMPTY,
        };
        (lines.fives(attacker).is_empty() && !cells.is_empty()).then_some(3)
    }

    /// Whether `attacker`, to move in `lines`, wins by fours and threes within `limits`: how many plies at most.
    pub(crate) fn threats_win(
        &mut self,
        lines: &mut Lines,
        attacker: Player,
        limits: ThreatLimits,
        clock: &mut dyn Clock,
    ) -> Option<u32> {
        self.begin(lines, limits, clock);
        match self.threats(lines, attacker, limits.threats, limits.fours, clock) {
            Step::Win(plies) => Some(plies),
            Step::Fail | Step::Abort => None,
        }
    }

    /// The quickest win of `kind` that `attacker`, to move in `lines`, has within `limits` (the depths tried one
    /// after the other), with a game along it.
    pub(crate) fn forced_win(
        &mut self,
        lines: &mut Lines,
        attacker: Player,
        kind: ForcedKind,
        limits: ThreatLimits,
        clock: &mut dyn Clock,
    ) -> Option<ThreatWin> {
        self.begin(lines, limits, clock);
        let deepest = match kind {
            ForcedKind::Fours => limits.fours,
            ForcedKind::FoursAndThrees => limits.threats,
        };
        for depth in 1..=deepest {
            let step = match kind {
                ForcedKind::Fours => self.fours(lines, attacker, depth, clock),
                ForcedKind::FoursAndThrees => {
                    self.threats(lines, attacker, depth, limits.fours, clock)
                }
            };
            match step {
                Step::Win(plies) => {
                    let line = self.walk(lines, attacker, kind, depth, limits.fours, clock);
                    // A walk the clock cut before its first move gives no move to play: as if none were found.
                    return (!line.is_empty()).then_some(ThreatWin { kind, plies, line });
                }
                Step::Abort => return None,
                Step::Fail => {}
            }
        }
        None
    }

    /// Sets up a call within `limits` on the board of `lines`.
    fn begin(&mut self, lines: &Lines, limits: ThreatLimits, clock: &mut dyn Clock) {
        let shape = lines.shape();
        if self.memory.is_empty() || self.shape != Some(shape) {
            // A table for a small board's positions, or for a large board's.
            let bits = if shape.cells() <= SMALL_BOARD_CELLS {
                SMALL_MEMORY_BITS
            } else {
                MEMORY_BITS
            };
            self.memory = vec![Slot::default(); 1 << bits];
            self.shape = Some(shape);
        }
        self.stop_at = self.nodes.saturating_add(limits.nodes);
        self.deadline_ms = limits.deadline_ms;
        self.timed_out = limits.deadline_ms.is_finite() && clock.now_ms() >= limits.deadline_ms;
        self.line.clear();
    }

    /// Counts a position: whether the call must stop (out of positions or of time).
    fn tick(&mut self, clock: &mut dyn Clock) -> bool {
        self.nodes += 1;
        if self.nodes >= self.stop_at || self.timed_out {
            return true;
        }
        if self.nodes % CLOCK_EVERY == 0 && clock.now_ms() >= self.deadline_ms {
            self.timed_out = true;
        }
        self.timed_out
    }

    /// The table's key of `lines` with `attacker` to move, for a win of `kind`: the two searches' answers are
    /// kept apart.
    fn key(lines: &Lines, attacker: Player, kind: ForcedKind) -> u64 {
        lines.key() ^ SALTS[kind as usize][attacker as usize]
    }

    /// What the table knows of `key` searched `depth` deep: a failure searched at least as deep, or a win found
    /// no deeper (whose first move it pushes on the line).
    fn recall(&mut self, key: u64, depth: u32) -> Option<Step> {
        let slot = self.memory[key as usize & (self.memory.len() - 1)];
        if slot.key != key {
            return None;
        }
        if slot.plies == 0 {
            (u32::from(slot.depth) >= depth).then_some(Step::Fail)
        } else if u32::from(slot.depth) <= depth {
            self.line.push(usize::from(slot.first));
            Some(Step::Win(u32::from(slot.plies)))
        } else {
            None
        }
    }

    /// Remembers `step`, found for `key` searched `depth` deep (an abort is not remembered).
    fn remember(&mut self, key: u64, depth: u32, step: Step) {
        let (plies, first) = match step {
            Step::Win(plies) => match self.line.last() {
                // Bits are below 256; a line is far shorter than 65,535 plies.
                Some(&first) => (plies.min(u32::from(u16::MAX)) as u16, first as u8),
                None => return,
            },
            Step::Fail => (0, 0),
            Step::Abort => return,
        };
        let index = key as usize & (self.memory.len() - 1);
        self.memory[index] = Slot {
            key,
            depth: depth.min(u32::from(u8::MAX)) as u8,
            plies,
            first,
        };
    }

    /// What both searches decide first: a stop by the clock, the attacker's line completed at once (a win), or
    /// two cells where the defender completes one, which no move blocks both of (a failure). Otherwise the
    /// defender's completing cell, if there is one, which the attacker must take.
    fn start(
        &mut self,
        lines: &Lines,
        attacker: Player,
        clock: &mut dyn Clock,
    ) -> Result<Bits, Step> {
        if self.tick(clock) {
            return Err(Step::Abort);
        }
        if let Some(five) = lines.fives(attacker).first() {
            self.line.push(five);
            return Err(Step::Win(1));
        }
        let blocks = lines.fives(attacker.opponent());
        if blocks.count() >= 2 {
            return Err(Step::Fail);
        }
        Ok(blocks)
    }

    /// Continuous fours for `attacker`, to move, with at most `depth` fours.
    fn fours(
        &mut self,
        lines: &mut Lines,
        attacker: Player,
        depth: u32,
        clock: &mut dyn Clock,
    ) -> Step {
        let blocks = match self.start(lines, attacker, clock) {
            Ok(blocks) => blocks,
            Err(step) => return step,
        };
        let candidates = if blocks.is_empty() {
            lines.fours(attacker)
        } else {
            // The defender completes a line next unless this cell is taken: only a four there goes on.
            blocks & lines.fours(attacker)
        };
        if depth == 0 || candidates.is_empty() {
            return Step::Fail;
        }
        let key = Threats::key(lines, attacker, ForcedKind::Fours);
        // Only failures are remembered here: a win must leave its whole line, which a search by threats reads.
        if self.recall(key, depth) == Some(Step::Fail) {
            return Step::Fail;
        }
        // Moves that win outright first: they end the search.
        let wins = candidates & lines.wins(attacker);
        for bit in wins.iter().chain(candidates.minus(wins).iter()) {
            lines.place(attacker, bit);
            let step = self.after_four(lines, attacker, depth, clock);
            lines.take_back(attacker, bit);
            match step {
                Step::Win(plies) => {
                    self.line.push(bit);
                    return Step::Win(plies + 1);
                }
                Step::Abort => return Step::Abort,
                Step::Fail => {}
            }
        }
        self.remember(key, depth, Step::Fail);
        Step::Fail
    }

    /// The defender's forced reply to the attacker's four just played, and continuous fours after it.
    fn after_four(
        &mut self,
        lines: &mut Lines,
        attacker: Player,
        depth: u32,
        clock: &mut dyn Clock,
    ) -> Step {
        let completions = lines.fives(attacker);
        match completions.count() {
            0 => Step::Fail,
            1 => self.forced_reply(
                lines,
                attacker,
                completions,
                clock,
                |search, lines, clock| search.fours(lines, attacker, depth - 1, clock),
            ),
            _ => self.unstoppable(completions),
        }
    }

    /// Two or more cells complete the attacker's line and the defender completes none: it blocks one, the attacker
    /// completes another.
    fn unstoppable(&mut self, completions: Bits) -> Step {
        let mut cells = completions.iter();
        let (block, five) = (cells.next(), cells.next());
        if let (Some(block), Some(five)) = (block, five) {
            self.line.push(five);
            self.line.push(block);
        }
        Step::Win(2)
    }

    /// The defender blocks the one cell of `completions`, then `next` searches on: its win, one ply longer.
    fn forced_reply(
        &mut self,
        lines: &mut Lines,
        attacker: Player,
        completions: Bits,
        clock: &mut dyn Clock,
        next: impl FnOnce(&mut Threats, &mut Lines, &mut dyn Clock) -> Step,
    ) -> Step {
        let Some(block) = completions.first() else {
            return Step::Fail;
        };
        let defender = attacker.opponent();
        lines.place(defender, block);
        let step = next(self, lines, clock);
        lines.take_back(defender, block);
        match step {
            Step::Win(plies) => {
                self.line.push(block);
                Step::Win(plies + 1)
            }
            other => other,
        }
    }

    /// Fours and threes for `attacker`, to move, with at most `depth` attacking moves before continuous fours (of
    /// at most `fours`) finish.
    fn threats(
        &mut self,
        lines: &mut Lines,
        attacker: Player,
        depth: u32,
        fours: u32,
        clock: &mut dyn Clock,
    ) -> Step {
        let blocks = match self.start(lines, attacker, clock) {
            Ok(blocks) => blocks,
            Err(step) => return step,
        };
        let key = Threats::key(lines, attacker, ForcedKind::FoursAndThrees);
        if let Some(step) = self.recall(key, depth) {
            return step;
        }
        let step = self.threats_search(lines, attacker, (depth, fours), blocks, clock);
        self.remember(key, depth, step);
        step
    }

    /// [`Threats::threats`] past its table: continuous fours first (cheaper, and a win by threats too), then each
    /// attacking move (the block of `blocks`, if the defender has a four) best first.
    fn threats_search(
        &mut self,
        lines: &mut Lines,
        attacker: Player,
        (depth, fours): (u32, u32),
        blocks: Bits,
        clock: &mut dyn Clock,
    ) -> Step {
        match self.fours(lines, attacker, fours.min(FOURS_IN_THREATS), clock) {
            Step::Fail => {}
            step => return step,
        }
        if depth == 0 {
            return Step::Fail;
        }
        let candidates = if blocks.is_empty() {
            lines.threats(attacker)
        } else {
            blocks
        };
        // Quiet threats before fours, each best first. Continuous fours from here have just failed, so a four
        // now wins only as the start of a longer attack, which quiet threats start more often: on the puzzles
        // (`the_puzzles_wins_by_threes_are_found_in_few_positions`) this order visits a fifth fewer positions.
        let fours_here = lines.fours(attacker);
        let mut order: Vec<(bool, i32, usize)> = candidates
            .iter()
            .map(|bit| (fours_here.contains(bit), -lines.value(bit, attacker), bit))
            .collect();
        order.sort_unstable();
        for (_, _, bit) in order {
            lines.place(attacker, bit);
            let step = self.after_threat(lines, attacker, (depth, fours), clock);
            lines.take_back(attacker, bit);
            match step {
                Step::Win(plies) => {
                    self.line.push(bit);
                    return Step::Win(plies + 1);
                }
                Step::Abort => return Step::Abort,
                Step::Fail => {}
            }
        }
        Step::Fail
    }

    /// The defender to move after the attacker's move: the forced reply to a four, or every reply in the zone of
    /// a quiet threat; the attacker's win against the reply that lasts longest.
    fn after_threat(
        &mut self,
        lines: &mut Lines,
        attacker: Player,
        (depth, fours): (u32, u32),
        clock: &mut dyn Clock,
    ) -> Step {
        let completions = lines.fives(attacker);
        match completions.count() {
            0 => self.quiet_threat(lines, attacker, (depth, fours), clock),
            1 => self.forced_reply(
                lines,
                attacker,
                completions,
                clock,
                |search, lines, clock| search.threats(lines, attacker, depth - 1, fours, clock),
            ),
            _ => self.unstoppable(completions),
        }
    }

    /// The defender to move after a quiet move of the attacker's: a threat if the attacker, moving again, wins by
    /// continuous fours; then each reply in that win's zone must lose to fours and threes too.
    fn quiet_threat(
        &mut self,
        lines: &mut Lines,
        attacker: Player,
        (depth, fours): (u32, u32),
        clock: &mut dyn Clock,
    ) -> Step {
        let mark = self.line.len();
        let pass_plies = match self.fours(lines, attacker, fours.min(FOURS_IN_THREATS), clock) {
            Step::Win(plies) => plies,
            other => return other,
        };
        let mut pass = self.line.split_off(mark);
        pass.reverse();
        let defender = attacker.opponent();
        let mut longest: Option<(u32, usize, Vec<usize>)> = None;
        // The replies best for the defender first: one reply that holds ends the node, and those that build
        // most for the defender (fours and threes of its own, which the attacker's next threats must answer)
        // hold most often. On the puzzles this order visits a fifth of the positions the zone's order did.
        let mut replies = Threats::zone(lines, attacker, &pass);
        replies.sort_by_cached_key(|&bit| Reverse(lines.value(bit, defender)));
        for reply in replies {
            lines.place(defender, reply);
            let step = self.threats(lines, attacker, depth - 1, fours, clock);
            lines.take_back(defender, reply);
            match step {
                Step::Win(plies) => {
                    let line = self.line.split_off(mark);
                    if longest.as_ref().is_none_or(|&(most, ..)| plies > most) {
                        longest = Some((plies, reply, line));
                    }
                }
                other => {
                    self.line.truncate(mark);
                    return other;
                }
            }
        }
        let Some((plies, reply, line)) = longest else {
            return Step::Fail;
        };
        self.line.extend(line);
        self.line.push(reply);
        // A reply outside the zone loses to the attacker's fours as they were found.
        Step::Win(plies.max(pass_plies) + 1)
    }

    /// The defender's replies that could stop `pass`, the attacker's win by continuous fours after a pass (its
    /// fours, the forced replies, the block and the completed line), in `lines` as they are before the pass: the
    /// cells of that line, then every cell where the defender makes a four or a five with its stones and the
    /// forced replies (see [`Threats`]).
    fn zone(lines: &mut Lines, attacker: Player, pass: &[usize]) -> Vec<usize> {
        let defender = attacker.opponent();
        // The forced replies are the odd plies, before the last block and the completed line.
        let replies: Vec<usize> = pass
            .iter()
            .enumerate()
            .filter(|&(ply, _)| ply % 2 == 1 && ply + 2 < pass.len())
            .map(|(_, &bit)| bit)
            .collect();
        for &bit in &replies {
            lines.place(defender, bit);
        }
        let mut counters = lines.fours(defender) | lines.fives(defender);
        for &bit in replies.iter().rev() {
            lines.take_back(defender, bit);
        }
        let mut zone = pass.to_vec();
        for &bit in pass {
            counters.remove(bit);
        }
        zone.extend((counters & lines.empty()).iter());
        zone
    }

    /// A game along the win of `kind` just found for `attacker` (within `depth`, fours of at most `fours`): the
    /// attacker's winning moves, found again through the table, and the defender's replies, the forced one or the
    /// one whose loss is slowest, to the completed line.
    fn walk(
        &mut self,
        lines: &mut Lines,
        attacker: Player,
        kind: ForcedKind,
        depth: u32,
        fours: u32,
        clock: &mut dyn Clock,
    ) -> Vec<usize> {
        let defender = attacker.opponent();
        let mut line = Vec::new();
        let mut played: Vec<(Player, usize)> = Vec::new();
        let mut depth = depth;
        while line.len() < LONGEST_LINE {
            self.line.clear();
            let step = match kind {
                ForcedKind::Fours => self.fours(lines, attacker, depth, clock),
                ForcedKind::FoursAndThrees => self.threats(lines, attacker, depth, fours, clock),
            };
            let Some(&bit) = self.line.last().filter(|_| matches!(step, Step::Win(_))) else {
                break;
            };
            line.push(bit);
            if lines.fives(attacker).contains(bit) {
                break;
            }
            lines.place(attacker, bit);
            played.push((attacker, bit));
            let Some(reply) = self.slowest_reply(lines, attacker, kind, depth, fours, clock) else {
                break;
            };
            line.push(reply);
            lines.place(defender, reply);
            played.push((defender, reply));
            depth = depth.saturating_sub(1).max(1);
        }
        for &(player, bit) in played.iter().rev() {
            lines.take_back(player, bit);
        }
        line
    }

    /// The defender's reply, in the walk along a win: the block of a four, or after a quiet threat the reply in
    /// its zone against which the attacker's win takes longest.
    fn slowest_reply(
        &mut self,
        lines: &mut Lines,
        attacker: Player,
        kind: ForcedKind,
        depth: u32,
        fours: u32,
        clock: &mut dyn Clock,
    ) -> Option<usize> {
        let completions = lines.fives(attacker);
        if let Some(block) = completions.first() {
            return Some(block);
        }
        if kind == ForcedKind::Fours {
            return None;
        }
        self.line.clear();
        let Step::Win(_) = self.fours(lines, attacker, fours.min(FOURS_IN_THREATS), clock) else {
            return None;
        };
        let mut pass = std::mem::take(&mut self.line);
        pass.reverse();
        let defender = attacker.opponent();
        let mut slowest = None;
        for reply in Threats::zone(lines, attacker, &pass) {
            lines.place(defender, reply);
            self.line.clear();
            let step = self.threats(lines, attacker, depth.saturating_sub(1), fours, clock);
            lines.take_back(defender, reply);
            if let Step::Win(plies) = step {
                if slowest.is_none_or(|(most, _)| plies > most) {
                    slowest = Some((plies, reply));
                }
            }
        }
        slowest.map(|(_, reply)| reply)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{evaluate, Grid, Outcome, Rng, Rule, Shape, StoppedClock};

    fn limits() -> ThreatLimits {
        ThreatLimits {
            fours: 20,
            threats: 4,
            nodes: 200_000,
            deadline_ms: f64::INFINITY,
        }
    }

    fn grid(rows: &[&str], k: usize) -> Grid {
        let shape = Shape::new(rows.len(), rows[0].len(), k).unwrap();
        Grid::parse(&rows.join("/"), shape).unwrap()
    }

    /// The win of `kind` for the side to move, checked as a game: the line alternates from the side to move,
    /// every move legal, and ends in its line.
    fn forced(position: &Grid, kind: ForcedKind) -> Option<ThreatWin> {
        let mut lines = Lines::new(position);
        let attacker = position.to_move();
        let mut threats = Threats::new();
        let found = threats.forced_win(&mut lines, attacker, kind, limits(), &mut StoppedClock);
        assert_eq!(
            lines.key(),
            Lines::new(position).key(),
            "the search put back every stone"
        );
        if let Some(win) = &found {
            let shape = position.shape();
            let mut end = *position;
            for &bit in &win.line {
                end = end.play(shape.cell_of(bit));
            }
            assert_eq!(end.winner(), Some(attacker), "{position}: {:?}", win.line);
            assert!(win.line.len() as u32 <= win.plies, "{win:?}");
        }
        found
    }

    #[test]
    fn continuous_fours_find_a_four_three() {
        // X: a four (row 7) that O must block, and a three (column 7) that then becomes an open four.
        let position = grid(
            &[
                "O.............O",
                "...............",
                "...............",
                "...............",
                "...............",
                ".......X.......",
                ".......X.......",
                "...OXXX........",
                "...............",
                "...............",
                "...............",
                "...............",
                "...............",
                "...............",
                "O.............O",
            ],
            5,
        );
        let win = forced(&position, ForcedKind::Fours).expect("a win by fours");
        assert_eq!(win.plies, 5);
        assert_eq!(position.shape().cell_of(win.line[0]), 7 * 15 + 7);
    }

    #[test]
    fn a_three_needs_threes_and_is_answered_by_every_defence() {
        // X's open three makes an open four next: a win in 3 by fours. Two separate twos need a three first.
        let open_three = grid(
            &[
                ".......", ".......", ".......", ".XXX...", ".......", "O.O.O..", ".......",
            ],
            5,
        );
        assert_eq!(
            forced(&open_three, ForcedKind::Fours).map(|w| w.plies),
            Some(3)
        );
        // Two twos crossing at an empty cell with room around: a double three there, which fours alone cannot win.
        let crossing = grid(
            &[
                "O.............O",
                "...............",
                "...............",
                "...............",
                "...............",
                ".......X.......",
                ".......X.......",
                ".....XX........",
                "...............",
                "...............",
                "...............",
                "...............",
                "...............",
                "...............",
                "O.............O",
            ],
            5,
        );
        assert!(forced(&crossing, ForcedKind::Fours).is_none());
        let win = forced(&crossing, ForcedKind::FoursAndThrees).expect("a win by threes");
        assert!(win.plies >= 5, "{win:?}");
    }

    #[test]
    fn a_win_in_three_is_read_from_the_patterns_without_a_move() {
        // X's open three makes an open four: the search by fours reports the win without visiting a position.
        let open_three = grid(
            &[
                ".......", ".......", ".......", ".XXX...", ".......", "O.O.O..", ".......",
            ],
            5,
        );
        let mut threats = Threats::new();
        let found = threats.fours_win(
            &mut Lines::new(&open_three),
            Player::X,
            limits(),
            &mut StoppedClock,
        );
        assert_eq!((found, threats.nodes), (Some(3), 0));
        // In random positions, under both rules, the patterns' answer is the search's by one four.
        let mut read = 0;
        for rule in [Rule::Freestyle, Rule::Standard] {
            let shape = Shape::new(15, 15, 5).unwrap().with_rule(rule);
            for position in random_positions(shape, 165, 300, 7) {
                let mut lines = Lines::new(&position);
                let attacker = position.to_move();
                if !lines.fives(attacker).is_empty() {
                    continue;
                }
                let mut search = Threats::new();
                search.begin(&lines, limits(), &mut StoppedClock);
                let by_search = match search.fours(&mut lines, attacker, 1, &mut StoppedClock) {
                    Step::Win(plies) => Some(plies),
                    Step::Fail | Step::Abort => None,
                };
                assert_eq!(
                    Threats::win_in_three(&lines, attacker),
                    by_search,
                    "{position}"
                );
                read += usize::from(by_search.is_some());
            }
        }
        assert!(read >= 50, "only {read} positions had a win in three");
    }

    /// Random positions of `shape` with `empty` empty cells, the game still on.
    fn random_positions(shape: Shape, empty: usize, count: usize, seed: u64) -> Vec<Grid> {
        let mut rng = Rng::new(seed);
        let mut positions = Vec::new();
        while positions.len() < count {
            let mut position = Grid::empty(shape);
            while !position.is_over() && position.empty_cells() > empty {
                let legal: Vec<usize> = position.legal_moves().collect();
                position = position.play(legal[rng.below(legal.len())]);
            }
            if !position.is_over() {
                positions.push(position);
            }
        }
        positions
    }

    /// Every win the threat searches claim in random positions of `shape` is a win of the full search, no
    /// quicker than the full search's; how many of the full search's wins each found.
    fn agrees_with_full_search(shape: Shape, empty: usize, count: usize, seed: u64) {
        let (mut wins, mut by_fours, mut by_threats) = (0, 0, 0);
        for position in random_positions(shape, empty, count, seed) {
            let (value, _) = evaluate(&position);
            let won = value.outcome == Outcome::Win;
            wins += usize::from(won);
            for kind in [ForcedKind::Fours, ForcedKind::FoursAndThrees] {
                let Some(win) = forced(&position, kind) else {
                    continue;
                };
                assert!(
                    won,
                    "{position}: {kind:?} claims {win:?}, the value is {value:?}"
                );
                assert!(value.plies <= win.plies, "{position}: {win:?} {value:?}");
                match kind {
                    ForcedKind::Fours => by_fours += 1,
                    ForcedKind::FoursAndThrees => by_threats += 1,
                }
            }
        }
        println!(
            "{shape}, {empty} empty: {wins} of {count} won; fours found {by_fours}, threats {by_threats}"
        );
    }

    #[test]
    fn every_claimed_win_is_a_win_on_small_boards() {
        agrees_with_full_search(Shape::new(5, 5, 4).unwrap(), 14, 60, 1);
        agrees_with_full_search(Shape::new(6, 5, 4).unwrap(), 14, 40, 2);
        agrees_with_full_search(Shape::new(7, 7, 5).unwrap(), 14, 30, 3);
        agrees_with_full_search(Shape::new(4, 4, 3).unwrap(), 10, 40, 4);
    }

    #[test]
    #[ignore = "minutes: many more positions, with more empty cells"]
    fn every_claimed_win_is_a_win_on_small_boards_at_length() {
        for seed in 10..14 {
            agrees_with_full_search(Shape::new(5, 5, 4).unwrap(), 17, 200, seed);
            agrees_with_full_search(Shape::new(6, 5, 4).unwrap(), 17, 200, seed);
            agrees_with_full_search(Shape::new(6, 6, 4).unwrap(), 18, 100, seed);
            agrees_with_full_search(Shape::new(7, 7, 5).unwrap(), 19, 100, seed);
            agrees_with_full_search(Shape::new(7, 6, 5).unwrap(), 18, 100, seed);
            agrees_with_full_search(Shape::new(5, 5, 3).unwrap(), 14, 100, seed);
        }
    }

    /// The 15x15 wins by fours and threes of `tests/puzzles.txt`: each is found, and the positions visited over
    /// all of them stay within a bound, which the order of the attacker's threats and of the defender's replies
    /// holds (307,691 positions; 1,930,590 with threats by their worth alone and replies in the zone's order).
    /// `--nocapture` prints each puzzle's count.
    #[test]
    fn the_puzzles_wins_by_threes_are_found_in_few_positions() {
        let shape = Shape::new(15, 15, 5).unwrap();
        let limits = ThreatLimits {
            fours: 40,
            threats: 10,
            nodes: 1_000_000,
            deadline_ms: f64::INFINITY,
        };
        let mut total = 0;
        for line in include_str!("../../tests/puzzles.txt").lines() {
            let fields: Vec<&str> = line.split('|').map(str::trim).collect();
            if fields.len() < 3 || fields[0] != "15 15 5" || fields[2] != "threes" {
                continue;
            }
            let position = Grid::parse(fields[1], shape).unwrap();
            let mut threats = Threats::new();
            let win = threats.forced_win(
                &mut Lines::new(&position),
                position.to_move(),
                ForcedKind::FoursAndThrees,
                limits,
                &mut StoppedClock,
            );
            println!(
                "{:?}: {} positions",
                win.as_ref().map(|win| win.plies),
                threats.nodes
            );
            assert!(win.is_some(), "{position}");
            total += threats.nodes;
        }
        assert!(total <= 400_000, "{total} positions");
    }
}
