//! A match manager for Gomocup brains, to measure engines against each other through the protocol: it starts two
//! engine commands as child processes, plays games of free-style Gomoku (five or more in a row wins), or of
//! standard Gomoku with `--rule standard` (exactly five wins), from openings generated from a seed or read from a
//! file, each opening twice with the colours swapped, checks every move, and prints a W-D-L table, an Elo estimate
//! with its 95% error and each engine's worst time per move. A brain that crashes, answers late or plays an illegal
//! move loses that game, and the reason is kept. Timed, so not a test.
//!
//! ```text
//! cargo run --release --example match -- --first CMD --second CMD [--openings 50] [--stones 2] [--box 7]
//!     [--seed 1] [--size 15] [--rule freestyle] [--time-ms 1000] [--tolerance-ms 1000] [--start-ms 10000]
//!     [--games-out FILE] [--info "KEY VALUE"]...
//! cargo run --release --example match -- --first CMD --second CMD --openings-file FILE [...]
//! ```
//!
//! A command is split on spaces (no quoting). See `docs/gomocup.md` for the output.

#[cfg(not(target_arch = "wasm32"))]
fn main() {
    if let Err(problem) = native::main() {
        eprintln!("match: {problem}");
        std::process::exit(2);
    }
}

/// The manager starts processes and reads a clock, which wasm32 has not; it does nothing there, so that
/// `--all-targets` builds pass.
#[cfg(target_arch = "wasm32")]
fn main() {}

#[cfg(not(target_arch = "wasm32"))]
mod native {
    use std::fmt::Write as _;
    use std::io::{BufRead, BufReader, Write};
    use std::process::{Child, ChildStdin, Command, Stdio};
    use std::sync::mpsc::{self, Receiver, RecvTimeoutError};
    use std::thread;
    use std::time::{Duration, Instant};

    /// Five in a row wins: or more under free-style Gomoku, exactly five under the standard rule.
    const FIVE: usize = 5;

    /// What `INFO time_left` says when the match has no time limit.
    const UNLIMITED_MS: u64 = 2_147_483_647;

    /// The settings of a match, from the command line.
    #[derive(Clone, Debug, PartialEq)]
    pub struct Settings {
        pub first: String,
        pub second: String,
        pub openings: usize,
        pub stones: usize,
        /// The openings' stones lie in the central `square` x `square` cells.
        pub square: usize,
        pub seed: u64,
        /// Openings read from this file instead of generated: one a line, its moves `x,y` apart by spaces.
        pub openings_file: Option<String>,
        pub size: usize,
        /// Only exactly five wins (`--rule standard`, the protocol's `INFO rule 1`).
        pub exact: bool,
        pub time_ms: u64,
        pub tolerance_ms: u64,
        pub start_ms: u64,
        pub games_out: Option<String>,
        /// More `INFO` lines for both engines (`--info "max_node 30000"`), sent after the manager's own.
        pub info: Vec<String>,
    }

    impl Settings {
        /// The settings `args` ask for, the defaults for the rest.
        pub fn parse(args: &[String]) -> Result<Settings, String> {
            let mut settings = Settings {
                first: String::new(),
                second: String::new(),
                openings: 50,
                stones: 2,
                square: 7,
                seed: 1,
                openings_file: None,
                size: 15,
                exact: false,
                time_ms: 1000,
                tolerance_ms: 1000,
                start_ms: 10_000,
                games_out: None,
                info: Vec::new(),
            };
            let mut generated = false;
            let mut args = args.iter();
            while let Some(flag) = args.next() {
                generated |= ["--openings", "--stones", "--box", "--seed"].contains(&flag.as_str());
                let value = args.next().ok_or(format!("{flag} needs a value"))?;
                let number = || {
                    value
                        .parse::<u64>()
                        .map_err(|_| format!("{flag} takes a number, not {value}"))
                };
                match flag.as_str() {
                    "--first" => settings.first.clone_from(value),
                    "--second" => settings.second.clone_from(value),
                    "--openings" => settings.openings = number()? as usize,
                    "--stones" => settings.stones = number()? as usize,
                    "--box" => settings.square = number()? as usize,
                    "--seed" => settings.seed = number()?,
                    "--openings-file" => settings.openings_file = Some(value.clone()),
                    "--size" => settings.size = number()? as usize,
                    "--time-ms" => settings.time_ms = number()?,
                    "--tolerance-ms" => settings.tolerance_ms = number()?,
                    "--start-ms" => settings.start_ms = number()?,
                    "--games-out" => settings.games_out = Some(value.clone()),
                    "--info" => settings.info.push(value.clone()),
                    "--rule" => {
                        settings.exact = match value.as_str() {
                            "standard" => true,
                            "freestyle" => false,
                            _ => {
                                return Err(format!("--rule is standard or freestyle, not {value}"))
                            }
                        }
                    }
                    _ => return Err(format!("unknown option {flag}")),
                }
            }
            if settings.first.trim().is_empty() || settings.second.trim().is_empty() {
                return Err("--first and --second name the two engines' commands".to_owned());
            }
            settings.checked(generated)
        }

        /// The settings if they hold together (`generated`: an option of the generated openings was given).
        fn checked(self, generated: bool) -> Result<Settings, String> {
            if generated && self.openings_file.is_some() {
                return Err(
                    "--openings-file replaces --openings, --stones, --box and --seed".to_owned(),
                );
            }
            if !(FIVE..=100).contains(&self.size) || self.stones > 8 {
                return Err("--size is 5 to 100 and --stones at most 8".to_owned());
            }
            // Enough cells for the stones, with room to differ.
            if self.square * self.square < self.stones + 2 {
                return Err(
                    "--box holds the stones: its square has at least 2 more cells".to_owned(),
                );
            }
            Ok(self)
        }
    }

    /// A small generator (SplitMix64): the openings of a seed are the same on every machine.
    pub struct SplitMix(pub u64);

    impl SplitMix {
        pub fn next(&mut self) -> u64 {
            self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
            let mut z = self.0;
            z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
            z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
            z ^ (z >> 31)
        }

        pub fn below(&mut self, n: usize) -> usize {
            (self.next() % n as u64) as usize
        }
    }

    /// A move, `(x, y)`: x the column, y the row, from 0.
    pub type Point = (usize, usize);

    /// `count` different openings of `stones` stones each (first player, second, first...) in the central
    /// `square` x `square` cells of a `size` x `size` board, the same for the same seed.
    pub fn openings(
        seed: u64,
        count: usize,
        (stones, square): (usize, usize),
        size: usize,
    ) -> Vec<Vec<Point>> {
        let mut random = SplitMix(seed);
        let span = size.min(square);
        let low = (size - span) / 2;
        let mut found: Vec<Vec<Point>> = Vec::with_capacity(count);
        // Small boards have few openings: give up on uniqueness after many tries rather than loop for ever.
        let mut tries = 0;
        while found.len() < count {
            let mut opening: Vec<Point> = Vec::with_capacity(stones);
            while opening.len() < stones {
                let point = (low + random.below(span), low + random.below(span));
                if !opening.contains(&point) {
                    opening.push(point);
                }
            }
            tries += 1;
            if !found.contains(&opening) || tries > 100 * count {
                found.push(opening);
            }
        }
        found
    }

    /// The openings of a file's `text`, one a line: its moves `x,y` (first player, second, first...) apart by
    /// spaces, as `--games-out` writes a game's; blank lines and what follows a `#` are left out. Each must be
    /// legal on a `size` x `size` board and leave the game open.
    pub fn read_openings(text: &str, size: usize, exact: bool) -> Result<Vec<Vec<Point>>, String> {
        let mut found = Vec::new();
        for (index, line) in text.lines().enumerate() {
            let at = |problem: String| format!("line {}: {problem}", index + 1);
            let line = line.split('#').next().unwrap_or_default();
            let mut board = Board::with_rule(size, exact);
            let mut opening = Vec::new();
            for word in line.split_whitespace() {
                let point =
                    parse_move(word).ok_or_else(|| at(format!("{word} is not a move x,y")))?;
                if let Some(problem) = board.illegal(point) {
                    return Err(at(problem));
                }
                board.place(point, opening.len() % 2);
                if board.wins(point) {
                    return Err(at(format!("{word} ends the game")));
                }
                opening.push(point);
            }
            if board.is_full() {
                return Err(at("the board is full".to_owned()));
            }
            if !opening.is_empty() {
                found.push(opening);
            }
        }
        if found.is_empty() {
            return Err("no openings in the file".to_owned());
        }
        Ok(found)
    }

    /// The board a game is refereed on: who has each cell.
    #[derive(Clone, Debug)]
    pub struct Board {
        size: usize,
        cells: Vec<Option<usize>>,
        /// Only exactly five wins.
        exact: bool,
    }

    impl Board {
        /// An empty free-style board.
        pub fn new(size: usize) -> Board {
            Board {
                size,
                cells: vec![None; size * size],
                exact: false,
            }
        }

        /// An empty board where only exactly five wins, if `exact`.
        pub fn with_rule(size: usize, exact: bool) -> Board {
            Board {
                exact,
                ..Board::new(size)
            }
        }

        /// Why `side` may not play `point`, if it may not.
        pub fn illegal(&self, point: Point) -> Option<String> {
            let (x, y) = point;
            if x >= self.size || y >= self.size {
                return Some(format!("{x},{y} is off the board"));
            }
            self.cells[y * self.size + x].map(|_| format!("{x},{y} is taken"))
        }

        /// Puts `side`'s stone on `point` (legal: see [`Board::illegal`]).
        pub fn place(&mut self, point: Point, side: usize) {
            self.cells[point.1 * self.size + point.0] = Some(side);
        }

        /// The longest line of the stone on `point` through it, in any of the four directions.
        #[cfg(test)]
        pub fn run_through(&self, point: Point) -> usize {
            self.runs_through(point).into_iter().max().unwrap_or(1)
        }

        /// The line of the stone on `point` through it in each of the four directions.
        fn runs_through(&self, point: Point) -> [usize; 4] {
            let size = self.size as isize;
            let (x, y) = (point.0 as isize, point.1 as isize);
            let side = self.cells[point.1 * self.size + point.0];
            let same = |x: isize, y: isize| {
                (0..size).contains(&x)
                    && (0..size).contains(&y)
                    && self.cells[(y * size + x) as usize] == side
            };
            [(1, 0), (0, 1), (1, 1), (1, -1)].map(|(dx, dy)| {
                let count = |sign: isize| {
                    (1..)
                        .take_while(|&step| same(x + sign * step * dx, y + sign * step * dy))
                        .count()
                };
                1 + count(1) + count(-1)
            })
        }

        /// Whether the last move on `point` made five or more in a row (exactly five under the standard rule).
        pub fn wins(&self, point: Point) -> bool {
            let runs = self.runs_through(point);
            if self.exact {
                runs.contains(&FIVE)
            } else {
                runs.iter().any(|&run| run >= FIVE)
            }
        }

        pub fn is_full(&self) -> bool {
            self.cells.iter().all(Option::is_some)
        }
    }

    /// The Elo difference that scoring `score` (0 to 1) means: `-400 log10(1 / score - 1)`, infinite at 0 and 1.
    pub fn elo(score: f64) -> f64 {
        -400.0 * (1.0 / score - 1.0).log10()
    }

    /// The Elo estimate of `results` (1 a win, 0.5 a draw, 0 a loss, for one engine) and its 95% interval: the
    /// mean score plus and minus 1.96 standard errors (the standard deviation of the per-game results over the
    /// square root of the number of games), each bound turned into Elo (infinite where it passes 0% or 100%).
    /// `None` without games.
    pub fn elo_interval(results: &[f64]) -> Option<Interval> {
        if results.is_empty() {
            return None;
        }
        let n = results.len() as f64;
        let score = results.iter().sum::<f64>() / n;
        let variance = results.iter().map(|r| (r - score).powi(2)).sum::<f64>() / n;
        let error = 1.96 * variance.sqrt() / n.sqrt();
        Some(Interval {
            estimate: elo(score),
            low: elo((score - error).max(0.0)),
            high: elo((score + error).min(1.0)),
        })
    }

    /// An Elo estimate and its 95% interval.
    #[derive(Clone, Copy, Debug, PartialEq)]
    pub struct Interval {
        pub estimate: f64,
        pub low: f64,
        pub high: f64,
    }

    /// How a game ended, for the engine with the first stone.
    #[derive(Clone, Debug, PartialEq)]
    pub enum End {
        /// A side (0 first player, 1 second) won, and how: a five, or the other side's fault.
        Won(usize, String),
        /// The board is full.
        Draw,
    }

    /// An engine started for one game: its input, and its output's lines as they come.
    struct Engine {
        name: &'static str,
        child: Child,
        input: ChildStdin,
        lines: Receiver<String>,
    }

    impl Engine {
        fn start(command: &str, name: &'static str) -> Result<Engine, String> {
            let mut words = command.split_whitespace();
            let program = words.next().ok_or("an empty command")?;
            let mut child = Command::new(program)
                .args(words)
                .stdin(Stdio::piped())
                .stdout(Stdio::piped())
                .stderr(Stdio::null())
                .spawn()
                .map_err(|error| format!("could not start {command}: {error}"))?;
            let input = child.stdin.take().ok_or("no input pipe")?;
            let output = child.stdout.take().ok_or("no output pipe")?;
            let (sender, lines) = mpsc::channel();
            // A thread per engine reads its lines, so that the manager can wait for one with a deadline.
            thread::spawn(move || {
                for line in BufReader::new(output).split(b'\n').map_while(Result::ok) {
                    let line = String::from_utf8_lossy(&line).trim().to_owned();
                    if sender.send(line).is_err() {
                        break;
                    }
                }
            });
            Ok(Engine {
                name,
                child,
                input,
                lines,
            })
        }

        fn send(&mut self, text: &str) -> Result<(), String> {
            self.input
                .write_all(text.as_bytes())
                .and_then(|()| self.input.flush())
                .map_err(|_| "crashed (its input is closed)".to_owned())
        }

        /// The next line that is not a `MESSAGE` or `DEBUG`, within `wait`.
        fn answer(&mut self, wait: Duration) -> Result<String, String> {
            let deadline = Instant::now() + wait;
            loop {
                let left = deadline.saturating_duration_since(Instant::now());
                match self.lines.recv_timeout(left) {
                    Ok(line)
                        if line.is_empty()
                            || line.starts_with("MESSAGE")
                            || line.starts_with("DEBUG") => {}
                    Ok(line) => return Ok(line),
                    Err(RecvTimeoutError::Timeout) => {
                        return Err(format!("timed out (no answer in {} ms)", wait.as_millis()))
                    }
                    Err(RecvTimeoutError::Disconnected) => {
                        let status = self.child.try_wait().ok().flatten();
                        return Err(format!(
                            "crashed (exited{})",
                            status.map_or(String::new(), |s| format!(": {s}"))
                        ));
                    }
                }
            }
        }

        /// Asks the engine to stop, and makes sure it does.
        fn stop(mut self) {
            let _ = self.send("END\n");
            let deadline = Instant::now() + Duration::from_millis(500);
            while Instant::now() < deadline {
                if matches!(self.child.try_wait(), Ok(Some(_))) {
                    return;
                }
                thread::sleep(Duration::from_millis(10));
            }
            let _ = self.child.kill();
            let _ = self.child.wait();
        }
    }

    /// A move as the protocol writes it, `x,y`.
    pub fn parse_move(line: &str) -> Option<Point> {
        let (x, y) = line.split_once(',')?;
        Some((x.trim().parse().ok()?, y.trim().parse().ok()?))
    }

    /// An engine's times for its moves: how many, the longest, and how many took longer than they were given.
    #[derive(Clone, Copy, Debug, Default)]
    struct Clocking {
        moves: usize,
        worst_ms: f64,
        over: usize,
    }

    impl Clocking {
        /// Counts an answer that took `took` milliseconds of the `given`.
        fn add(&mut self, took: f64, given: u64) {
            self.moves += 1;
            self.worst_ms = self.worst_ms.max(took);
            self.over += usize::from(took > given as f64);
        }
    }

    /// One game: the opening, the engines by colour (index 0 first player), what happened.
    struct Game {
        moves: Vec<Point>,
        /// Milliseconds each answer took, from the first move after the opening.
        times_ms: Vec<f64>,
        end: End,
    }

    /// Starts an engine and gives it the board and the rules.
    fn start_engine(
        settings: &Settings,
        command: &str,
        name: &'static str,
    ) -> Result<Engine, String> {
        let mut engine = Engine::start(command, name)?;
        engine.send(&format!("START {}\n", settings.size))?;
        let answer = engine.answer(Duration::from_millis(settings.start_ms))?;
        if answer != "OK" {
            return Err(format!("refused START {}: {answer}", settings.size));
        }
        let mut info = format!(
            "INFO timeout_turn {}\nINFO timeout_match 0\nINFO time_left {UNLIMITED_MS}\nINFO max_memory 0\n\
             INFO game_type 1\nINFO rule {}\n",
            settings.time_ms,
            u8::from(settings.exact)
        );
        for line in &settings.info {
            let _ = writeln!(info, "INFO {line}");
        }
        engine.send(&info)?;
        Ok(engine)
    }

    /// What to send an engine for its move: the whole board the first time it moves, the last move after that.
    fn request(moves: &[Point], side: usize, first_request: bool) -> String {
        if !first_request {
            let (x, y) = moves[moves.len() - 1];
            return format!("TURN {x},{y}\n");
        }
        if moves.is_empty() {
            return "BEGIN\n".to_owned();
        }
        let mut text = "BOARD\n".to_owned();
        for (index, (x, y)) in moves.iter().enumerate() {
            let field = if index % 2 == side { 1 } else { 2 };
            let _ = writeln!(text, "{x},{y},{field}");
        }
        text.push_str("DONE\n");
        text
    }

    /// The move in an engine's answer, if the answer is a move and the move is legal; else why not.
    fn judge(answer: Result<String, String>, board: &Board) -> Result<Point, String> {
        let line = answer?;
        let point = parse_move(&line).ok_or(format!("answered {line:?}"))?;
        match board.illegal(point) {
            Some(why) => Err(format!("played illegally: {why}")),
            None => Ok(point),
        }
    }

    /// Plays one game between `engines` (index 0 has the first stone) from `opening`.
    fn play(
        settings: &Settings,
        engines: &mut [Engine; 2],
        opening: &[Point],
        clocks: &mut [Clocking; 2],
    ) -> Game {
        let mut board = Board::with_rule(settings.size, settings.exact);
        for (index, &point) in opening.iter().enumerate() {
            board.place(point, index % 2);
        }
        let mut game = Game {
            moves: opening.to_vec(),
            times_ms: Vec::new(),
            end: End::Draw,
        };
        let mut asked = [false, false];
        let wait = Duration::from_millis(settings.time_ms + settings.tolerance_ms);
        loop {
            let side = game.moves.len() % 2;
            let name = engines[side].name;
            let sent = Instant::now();
            let request = request(&game.moves, side, !asked[side]);
            asked[side] = true;
            let answer = engines[side]
                .send(&request)
                .and_then(|()| engines[side].answer(wait));
            let took = sent.elapsed().as_secs_f64() * 1000.0;
            clocks[side].add(took, settings.time_ms);
            game.times_ms.push(took);
            let point = match judge(answer, &board) {
                Ok(point) => point,
                Err(why) => {
                    game.end = End::Won(1 - side, format!("{name} {why}"));
                    return game;
                }
            };
            board.place(point, side);
            game.moves.push(point);
            if board.wins(point) {
                game.end = End::Won(side, "five in a row".to_owned());
                return game;
            }
            if board.is_full() {
                return game;
            }
        }
    }

    /// Plays one game with fresh processes: `first_is_a` says which command has the first stone.
    fn game(
        settings: &Settings,
        opening: &[Point],
        first_is_a: bool,
        clocks: &mut [Clocking; 2],
    ) -> Game {
        let (commands, names) = if first_is_a {
            ([&settings.first, &settings.second], ["A", "B"])
        } else {
            ([&settings.second, &settings.first], ["B", "A"])
        };
        let started = [0, 1].map(|side| start_engine(settings, commands[side], names[side]));
        let failed = started.iter().position(Result::is_err);
        match started {
            [Ok(first), Ok(second)] => {
                let mut engines = [first, second];
                let game = play(settings, &mut engines, opening, clocks);
                engines.into_iter().for_each(Engine::stop);
                game
            }
            [first, second] => {
                let failed = failed.unwrap_or(0);
                let why = [&first, &second][failed]
                    .as_ref()
                    .err()
                    .cloned()
                    .unwrap_or_default();
                [first, second].into_iter().flatten().for_each(Engine::stop);
                Game {
                    moves: opening.to_vec(),
                    times_ms: Vec::new(),
                    end: End::Won(1 - failed, format!("{} {why}", names[failed])),
                }
            }
        }
    }

    /// The result for engine A of a game where A had the first stone if `first_is_a`: 1, 0.5 or 0.
    fn score_for_a(end: &End, first_is_a: bool) -> f64 {
        match end {
            End::Draw => 0.5,
            End::Won(winner, _) if (*winner == 0) == first_is_a => 1.0,
            End::Won(..) => 0.0,
        }
    }

    /// Wins, draws and losses of A in `results`.
    fn wdl(results: &[f64]) -> (usize, usize, usize) {
        let count = |value: f64| results.iter().filter(|&&r| r == value).count();
        (count(1.0), count(0.5), count(0.0))
    }

    /// The score and the Elo with its error, in words.
    fn elo_line(results: &[f64]) -> String {
        let Some(Interval {
            estimate,
            low,
            high,
        }) = elo_interval(results)
        else {
            return "no games".to_owned();
        };
        let score = 100.0 * results.iter().sum::<f64>() / results.len() as f64;
        if low.is_finite() && high.is_finite() {
            // `+ 0.0`: not "-0" for an even score.
            return format!(
                "A scores {score:.1}%: Elo A - B = {:+.0} +/- {:.0} (95%: {low:+.0} to {high:+.0})",
                estimate + 0.0,
                (high - low) / 2.0
            );
        }
        if estimate.is_finite() {
            // The interval passes 0% or 100%: no symmetric error, only its bounds.
            return format!(
                "A scores {score:.1}%: Elo A - B = {estimate:+.0} (95%: {low:+.0} to {high:+.0})"
            );
        }
        let bound = elo(sweep_bound(results.len()));
        let (side, limit) = if estimate > 0.0 {
            ("A", format!("at least {bound:+.0}"))
        } else {
            ("B", format!("at most {:+.0}", -bound))
        };
        format!(
            "A scores {score:.1}%: {side} won every game; Elo A - B is {limit} (95%, one-sided)"
        )
    }

    /// The lowest score, with 95% confidence, of a side that won all of `games` games: the score `p` at which
    /// winning them all has a 5% chance, `p^games = 0.05` (the one-sided Clopper-Pearson bound).
    pub fn sweep_bound(games: usize) -> f64 {
        0.05f64.powf(1.0 / games as f64)
    }

    /// What was played: the games, the board and rule, the openings and the time.
    fn heading(settings: &Settings, openings: usize, games: usize) -> String {
        let openings = match &settings.openings_file {
            Some(path) => format!("{openings} openings from {path}"),
            None => format!(
                "{openings} openings of {} stones (seed {})",
                settings.stones, settings.seed
            ),
        };
        let rule = if settings.exact {
            "standard"
        } else {
            "free-style"
        };
        let size = settings.size;
        format!(
            "{games} games, {size}x{size} {rule}, {openings}, {} ms a move",
            settings.time_ms
        )
    }

    /// The match's openings: the file's, or those generated from the seed.
    fn match_openings(settings: &Settings) -> Result<Vec<Vec<Point>>, String> {
        let Some(path) = &settings.openings_file else {
            return Ok(openings(
                settings.seed,
                settings.openings,
                (settings.stones, settings.square),
                settings.size,
            ));
        };
        let text = std::fs::read_to_string(path)
            .map_err(|error| format!("could not read {path}: {error}"))?;
        read_openings(&text, settings.size, settings.exact)
            .map_err(|problem| format!("{path}: {problem}"))
    }

    /// The table, the Elo and the clocks, for the README or an issue.
    fn report(
        settings: &Settings,
        openings: usize,
        results: &[(bool, f64)],
        reasons: &[String],
        clocks: &[Clocking; 2],
    ) {
        let all: Vec<f64> = results.iter().map(|&(_, r)| r).collect();
        let split = |first: bool| -> Vec<f64> {
            results
                .iter()
                .filter(|&&(f, _)| f == first)
                .map(|&(_, r)| r)
                .collect()
        };
        println!("A: {}\nB: {}", settings.first, settings.second);
        println!("{}\n", heading(settings, openings, all.len()));
        println!("| A plays | games | A won | drawn | A lost |\n|---|---|---|---|---|");
        for (label, games) in [
            ("first", split(true)),
            ("second", split(false)),
            ("both", all.clone()),
        ] {
            let (w, d, l) = wdl(&games);
            println!("| {label} | {} | {w} | {d} | {l} |", games.len());
        }
        println!("\n{}", elo_line(&all));
        for (side, name) in [(0, "A"), (1, "B")] {
            let clock = clocks[side];
            if clock.moves == 0 {
                println!("{name}: no moves");
                continue;
            }
            println!(
                "{name}: {} moves, the longest {:.0} ms (overshoot {:+.0} ms of the {} ms given), {} over the time given",
                clock.moves,
                clock.worst_ms,
                clock.worst_ms - settings.time_ms as f64,
                settings.time_ms,
                clock.over
            );
        }
        let faults: Vec<&String> = reasons
            .iter()
            .filter(|r| !r.ends_with("five in a row"))
            .collect();
        if !faults.is_empty() {
            println!("\nGames lost by a fault:");
            faults.iter().for_each(|why| println!("- {why}"));
        }
    }

    pub fn main() -> Result<(), String> {
        let args: Vec<String> = std::env::args().skip(1).collect();
        let settings = Settings::parse(&args)?;
        let openings = match_openings(&settings)?;
        let mut results: Vec<(bool, f64)> = Vec::new();
        let mut reasons: Vec<String> = Vec::new();
        let mut clocks = [Clocking::default(); 2];
        let mut record = "game\topening\tfirst\tresult\treason\tmoves\tms\n".to_owned();
        for (number, opening) in openings.iter().enumerate() {
            for first_is_a in [true, false] {
                // Clocks by engine, not by colour.
                let swap = |[a, b]: [Clocking; 2]| if first_is_a { [a, b] } else { [b, a] };
                let mut by_colour = swap(clocks);
                let game = game(&settings, opening, first_is_a, &mut by_colour);
                clocks = swap(by_colour);
                let score = score_for_a(&game.end, first_is_a);
                let result = match &game.end {
                    End::Won(..) if score == 1.0 => "A won",
                    End::Won(..) => "B won",
                    End::Draw => "draw",
                };
                let why = match &game.end {
                    End::Won(_, why) => why.clone(),
                    End::Draw => "board full".to_owned(),
                };
                let first = if first_is_a { "A" } else { "B" };
                let number_played = results.len() + 1;
                eprintln!(
                    "game {number_played}: opening {number}, {first} first: {result} ({why}), {} moves",
                    game.moves.len()
                );
                let moves: Vec<String> =
                    game.moves.iter().map(|(x, y)| format!("{x},{y}")).collect();
                let times: Vec<String> =
                    game.times_ms.iter().map(|ms| format!("{ms:.0}")).collect();
                let _ = writeln!(
                    record,
                    "{number_played}\t{number}\t{first}\t{result}\t{why}\t{}\t{}",
                    moves.join(" "),
                    times.join(" ")
                );
                results.push((first_is_a, score));
                reasons.push(why);
            }
        }
        report(&settings, openings.len(), &results, &reasons, &clocks);
        if let Some(path) = &settings.games_out {
            std::fs::write(path, record)
                .map_err(|error| format!("could not write {path}: {error}"))?;
        }
        Ok(())
    }

    #[cfg(test)]
    mod tests {
        use super::*;

        #[test]
        fn five_or_more_in_a_row_wins_in_every_direction() {
            for (dx, dy) in [(1, 0), (0, 1), (1, 1), (1, -1)] {
                let mut board = Board::new(15);
                let line: Vec<Point> = (0..6)
                    .map(|i| ((3 + i * dx) as usize, (8 + i * dy) as usize))
                    .collect();
                for &point in &line[..4] {
                    board.place(point, 0);
                }
                assert!(!board.wins(line[3]), "four is not five");
                board.place(line[5], 0);
                assert!(!board.wins(line[5]), "a gap");
                board.place(line[4], 0);
                assert!(
                    board.wins(line[4]),
                    "six through the gap: free-style wins with an overline"
                );
                assert_eq!(board.run_through(line[0]), 6);
            }
        }

        #[test]
        fn under_the_standard_rule_exactly_five_wins() {
            let mut board = Board::with_rule(15, true);
            for x in [0, 1, 2, 3, 5] {
                board.place((x, 0), 0);
            }
            board.place((4, 0), 0);
            assert!(!board.wins((4, 0)), "six is no win");
            for x in [0, 1, 2, 4] {
                board.place((x, 2), 1);
            }
            board.place((3, 2), 1);
            assert!(board.wins((3, 2)), "five is");
            assert!(Settings::parse(&["--rule".to_owned(), "renju".to_owned()]).is_err());
        }

        #[test]
        fn the_other_side_and_the_edge_break_a_line() {
            let mut board = Board::new(15);
            for x in 0..4 {
                board.place((x, 0), 1);
            }
            board.place((4, 0), 0);
            assert!(!board.wins((3, 0)) && !board.wins((4, 0)));
            assert_eq!(board.illegal((4, 0)), Some("4,0 is taken".to_owned()));
            assert_eq!(
                board.illegal((15, 0)),
                Some("15,0 is off the board".to_owned())
            );
            assert_eq!(board.illegal((5, 0)), None);
        }

        #[test]
        fn a_full_board_is_seen() {
            let mut board = Board::new(5);
            for y in 0..5 {
                for x in 0..5 {
                    assert!(!board.is_full());
                    board.place((x, y), (x / 2 + y) % 2);
                }
            }
            assert!(board.is_full());
        }

        #[test]
        fn elo_follows_the_score_and_its_spread() {
            assert!(elo(0.5).abs() < 1e-9);
            assert!((elo(0.75) - 190.85).abs() < 0.01, "{}", elo(0.75));
            assert!((elo(0.25) + 190.85).abs() < 0.01);
            assert!(elo(1.0).is_infinite() && elo(0.0).is_infinite());
            // 10 wins, 10 draws, 10 losses: 50%, standard deviation sqrt(1/6), error 1.96 * 0.408 / sqrt(30).
            let even: Vec<f64> = [1.0, 0.5, 0.0].repeat(10);
            let even = elo_interval(&even).expect("games");
            assert!(even.estimate.abs() < 1e-9);
            let error = 1.96 * (1.0f64 / 6.0).sqrt() / 30f64.sqrt();
            assert!(
                (even.high - elo(0.5 + error)).abs() < 1e-9 && (even.low + even.high).abs() < 1e-9
            );
            assert!((even.high - 104.56).abs() < 0.01, "{even:?}");
            assert_eq!(elo_interval(&[]), None);
            // 20 wins of 20: a true score below 86.1% (+317 Elo) would do that less than once in 20.
            assert!((sweep_bound(20) - 0.8609).abs() < 1e-4);
            assert!(
                (elo(sweep_bound(20)) - 316.64).abs() < 0.01,
                "{}",
                elo(sweep_bound(20))
            );
            // 17 wins of 20: 85%, the interval's top passes 100%.
            let mostly: Vec<f64> = [vec![1.0; 17], vec![0.0; 3]].concat();
            let mostly = elo_interval(&mostly).expect("games");
            assert!(
                (mostly.estimate - 301.33).abs() < 0.01 && mostly.high.is_infinite(),
                "{mostly:?}"
            );
            assert!(
                (mostly.low - elo(0.85 - 1.96 * (0.85f64 * 0.15).sqrt() / 20f64.sqrt())).abs()
                    < 1e-9
            );
            let all_draws = elo_interval(&[0.5; 8]).expect("games");
            let all_draws = all_draws.high - all_draws.low;
            assert!(all_draws.abs() < 1e-9, "no spread, no error");
        }

        #[test]
        fn openings_repeat_from_their_seed_and_differ() {
            let first = openings(7, 50, (3, 7), 15);
            assert_eq!(first, openings(7, 50, (3, 7), 15));
            assert_ne!(first, openings(8, 50, (3, 7), 15));
            for (index, opening) in first.iter().enumerate() {
                assert_eq!(opening.len(), 3);
                assert!(opening
                    .iter()
                    .all(|&(x, y)| (4..11).contains(&x) && (4..11).contains(&y)));
                assert!(!opening[1..].contains(&opening[0]) && opening[1] != opening[2]);
                assert!(!first[..index].contains(opening), "opening {index} repeats");
            }
            assert_eq!(openings(1, 3, (2, 7), 5).len(), 3);
            for opening in openings(7, 20, (3, 3), 15) {
                assert!(opening
                    .iter()
                    .all(|&(x, y)| (6..9).contains(&x) && (6..9).contains(&y)));
            }
        }

        #[test]
        fn openings_are_read_from_a_file_or_refused_with_the_line() {
            let text = "# balanced\n7,7 8,8 6,6\n\n 7,6 8,6  # a comment\n";
            assert_eq!(
                read_openings(text, 15, false),
                Ok(vec![vec![(7, 7), (8, 8), (6, 6)], vec![(7, 6), (8, 6)]])
            );
            let refused = |text: &str| read_openings(text, 15, false).unwrap_err();
            assert_eq!(refused("7,7\n8,8 x"), "line 2: x is not a move x,y");
            assert_eq!(refused("7,7 7,7"), "line 1: 7,7 is taken");
            assert_eq!(refused("15,0"), "line 1: 15,0 is off the board");
            let five = "0,0 0,1 1,0 1,1 2,0 2,1 3,0 3,1 4,0";
            assert_eq!(refused(five), "line 1: 4,0 ends the game");
            assert_eq!(refused("# none\n\n"), "no openings in the file");
            assert!(read_openings("0,0 0,1 0,2 0,3 0,4", 5, false).is_ok());
            let full = "0,0 1,0 2,0 3,0 0,1 1,1 2,1 3,1 0,2 1,2 2,2 3,2 0,3 1,3 2,3 3,3";
            assert!(read_openings(full, 4, false).is_err());
        }

        #[test]
        fn the_openings_files_hold_balanced_openings_and_none_twice() {
            let files = [
                (include_str!("balanced-openings.txt"), 50),
                (include_str!("tuning-openings.txt"), 136),
                (include_str!("validation-openings.txt"), 221),
            ];
            let mut seen = std::collections::HashSet::new();
            for (text, count) in files {
                // Each opening's comment is Rapfi's value of it, within 60 of even.
                let lines = text
                    .lines()
                    .filter(|line| !line.starts_with('#') && !line.is_empty());
                for line in lines {
                    let value = line
                        .split('#')
                        .nth(1)
                        .map(|value| value.trim().parse::<i32>());
                    assert!(matches!(value, Some(Ok(v)) if v.abs() <= 60), "{line}");
                }
                let openings = read_openings(text, 15, false).expect("openings");
                assert_eq!(openings.len(), count);
                for opening in openings {
                    // The same stones of each colour, in any order, are the same opening.
                    let mut sides: [Vec<Point>; 2] = [Vec::new(), Vec::new()];
                    for (ply, &point) in opening.iter().enumerate() {
                        sides[ply % 2].push(point);
                    }
                    sides.iter_mut().for_each(|side| side.sort_unstable());
                    assert!(seen.insert(sides), "{opening:?} twice");
                }
            }
        }

        #[test]
        fn the_first_request_is_the_board_seen_from_the_engine() {
            let moves = [(7, 7), (8, 8), (6, 6)];
            assert_eq!(
                request(&moves, 1, true),
                "BOARD\n7,7,2\n8,8,1\n6,6,2\nDONE\n"
            );
            assert_eq!(request(&moves[..2], 0, true), "BOARD\n7,7,1\n8,8,2\nDONE\n");
            assert_eq!(request(&moves, 1, false), "TURN 6,6\n");
            assert_eq!(request(&[], 0, true), "BEGIN\n");
        }

        #[test]
        fn an_answer_is_a_legal_move_or_the_reason_it_loses() {
            let mut board = Board::new(15);
            board.place((7, 7), 0);
            assert_eq!(judge(Ok("8,7".to_owned()), &board), Ok((8, 7)));
            assert_eq!(
                judge(Ok("7,7".to_owned()), &board),
                Err("played illegally: 7,7 is taken".to_owned())
            );
            assert_eq!(
                judge(Ok("15,0".to_owned()), &board),
                Err("played illegally: 15,0 is off the board".to_owned())
            );
            assert_eq!(
                judge(Ok("ERROR no".to_owned()), &board),
                Err("answered \"ERROR no\"".to_owned())
            );
            assert_eq!(
                judge(Err("timed out".to_owned()), &board),
                Err("timed out".to_owned())
            );
        }

        #[test]
        fn moves_and_settings_are_read() {
            assert_eq!(parse_move("7,8"), Some((7, 8)));
            assert_eq!(parse_move(" 7 , 8 "), Some((7, 8)));
            assert_eq!(parse_move("ERROR x"), None);
            assert_eq!(parse_move("-1,2"), None);
            let args: Vec<String> = ["--first", "a b", "--second", "c", "--time-ms", "200"]
                .map(str::to_owned)
                .to_vec();
            let settings = Settings::parse(&args).expect("valid");
            assert_eq!(
                (settings.first.as_str(), settings.time_ms, settings.openings),
                ("a b", 200, 50)
            );
            assert!(Settings::parse(&args[..2]).is_err());
            assert!(Settings::parse(&["--size".to_owned()]).is_err());
            let boxed = |square: &str| {
                let mut with_box = args.clone();
                with_box.extend(["--box".to_owned(), square.to_owned()]);
                Settings::parse(&with_box).map(|settings| settings.square)
            };
            assert_eq!(boxed("3"), Ok(3));
            assert!(
                boxed("1").is_err(),
                "no room for two stones and another opening"
            );
            let mut from_file = args.clone();
            from_file.extend(["--openings-file".to_owned(), "o.txt".to_owned()]);
            let read = Settings::parse(&from_file).expect("valid");
            assert_eq!(read.openings_file.as_deref(), Some("o.txt"));
            from_file.extend(["--seed".to_owned(), "2".to_owned()]);
            assert_eq!(
                Settings::parse(&from_file),
                Err("--openings-file replaces --openings, --stones, --box and --seed".to_owned())
            );
        }
    }
}
