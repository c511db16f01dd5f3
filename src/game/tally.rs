//! The session's tally of results, per mode and level, and its text form for `localStorage`.

use crate::engine::Level;
use crate::settings::{level_label, Mode};

/// Which results a count belongs to: a level against the computer, or friend mode.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum TallyKey {
    /// Games against the computer at a level.
    Computer(Level),
    /// Games between two people.
    Friend,
}

impl TallyKey {
    /// The key for games of `mode` at `level`.
    pub fn new(mode: Mode, level: Level) -> TallyKey {
        match mode {
            Mode::Computer => TallyKey::Computer(level),
            Mode::Friend => TallyKey::Friend,
        }
    }

    const ALL: [TallyKey; 5] = [
        TallyKey::Computer(Level::Easy),
        TallyKey::Computer(Level::Medium),
        TallyKey::Computer(Level::Hard),
        TallyKey::Computer(Level::Unbeatable),
        TallyKey::Friend,
    ];

    fn name(self) -> &'static str {
        match self {
            TallyKey::Computer(level) => level.name(),
            TallyKey::Friend => "friend",
        }
    }
}

/// Counts of results. Against the computer: the person's wins, draws and losses. In friend mode: X's wins,
/// draws, and O's wins.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Counts {
    /// Games the person (or X, with a friend) won.
    pub wins: u32,
    /// Games drawn.
    pub draws: u32,
    /// Games the person lost (or O won, with a friend).
    pub losses: u32,
}

/// The tally of every mode and level.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Tally {
    counts: [Counts; 5],
}

/// Which side of the tally a finished game counts on.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum GameResult {
    /// The person won (or X, with a friend).
    Win,
    /// Nobody won.
    Draw,
    /// The person lost (or O won, with a friend).
    Loss,
}

impl Tally {
    fn index(key: TallyKey) -> usize {
        TallyKey::ALL
            .iter()
            .position(|known| *known == key)
            .expect("every key is in ALL")
    }

    /// The counts for `key`.
    pub fn get(&self, key: TallyKey) -> Counts {
        self.counts[Tally::index(key)]
    }

    /// The tally of `key` in a sentence, as the page shows it: "Tally at Unbeatable: you won 1, drew 2, lost 3."
    /// or "Tally with a friend: X won 1, O won 3, drawn 2."
    pub fn sentence(&self, key: TallyKey) -> String {
        let Counts {
            wins,
            draws,
            losses,
        } = self.get(key);
        match key {
            TallyKey::Friend => {
                format!("Tally with a friend: X won {wins}, O won {losses}, drawn {draws}.")
            }
            TallyKey::Computer(level) => format!(
                "Tally at {}: you won {wins}, drew {draws}, lost {losses}.",
                level_label(level)
            ),
        }
    }

    /// Counts one finished game.
    pub fn record(&mut self, key: TallyKey, result: GameResult) {
        let counts = &mut self.counts[Tally::index(key)];
        let count = match result {
            GameResult::Win => &mut counts.wins,
            GameResult::Draw => &mut counts.draws,
            GameResult::Loss => &mut counts.losses,
        };
        *count = count.saturating_add(1);
    }

    /// The counts of `key` (the tally on show) back to zero; the other levels' stay.
    pub fn reset(&mut self, key: TallyKey) {
        self.counts[Tally::index(key)] = Counts::default();
    }

    /// The text kept in `localStorage`: `easy=1,2,3;medium=...`.
    pub fn to_text(&self) -> String {
        TallyKey::ALL
            .iter()
            .zip(&self.counts)
            .map(|(key, counts)| {
                format!(
                    "{}={},{},{}",
                    key.name(),
                    counts.wins,
                    counts.draws,
                    counts.losses
                )
            })
            .collect::<Vec<_>>()
            .join(";")
    }

    /// Reads [`Tally::to_text`]'s text. Anything not understood (another program's data, a damaged value)
    /// counts as nothing rather than failing: a tally is not worth an error message.
    ///
    /// An entry is readable when its name is a key's and its counts are exactly three whole numbers, each as
    /// `str::parse::<u32>` reads it (ASCII digits, a `+` before them allowed; no sign `-`, no space, nothing
    /// above `u32::MAX`). An entry that is not readable counts as zero; the readable ones still load.
    pub fn from_text(text: &str) -> Tally {
        let mut tally = Tally::default();
        for part in text.split(';') {
            let Some((name, numbers)) = part.split_once('=') else {
                continue;
            };
            let Some(key) = TallyKey::ALL.into_iter().find(|key| key.name() == name) else {
                continue;
            };
            let parsed: Option<Vec<u32>> = numbers.split(',').map(|n| n.parse().ok()).collect();
            if let Some([wins, draws, losses]) = parsed.as_deref() {
                tally.counts[Tally::index(key)] = Counts {
                    wins: *wins,
                    draws: *draws,
                    losses: *losses,
                };
            }
        }
        tally
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn counts_per_mode_and_level_and_resets() {
        let mut tally = Tally::default();
        let hard = TallyKey::new(Mode::Computer, Level::Hard);
        let friend = TallyKey::new(Mode::Friend, Level::Easy);
        tally.record(hard, GameResult::Loss);
        tally.record(hard, GameResult::Draw);
        tally.record(friend, GameResult::Win);
        assert_eq!(
            tally.get(hard),
            Counts {
                wins: 0,
                draws: 1,
                losses: 1
            }
        );
        assert_eq!(tally.get(friend).wins, 1);
        assert_eq!(
            tally.get(TallyKey::Computer(Level::Easy)),
            Counts::default()
        );
        // Reset clears the tally on show, and only that one.
        tally.reset(hard);
        assert_eq!(tally.get(hard), Counts::default());
        assert_eq!(tally.get(friend).wins, 1);
        tally.reset(friend);
        assert_eq!(tally, Tally::default());
    }

    #[test]
    fn text_round_trip_and_damaged_text() {
        let mut tally = Tally::default();
        tally.record(TallyKey::Computer(Level::Unbeatable), GameResult::Draw);
        tally.record(TallyKey::Friend, GameResult::Loss);
        let text = tally.to_text();
        assert_eq!(
            text,
            "easy=0,0,0;medium=0,0,0;hard=0,0,0;unbeatable=0,1,0;friend=0,0,1"
        );
        assert_eq!(Tally::from_text(&text), tally);
        for damaged in ["", "garbage", "easy=1,2", "easy=a,b,c;;=;", "<b>=1,1,1"] {
            assert_eq!(Tally::from_text(damaged), Tally::default(), "{damaged}");
        }
        assert_eq!(
            Tally::from_text("hard=1,2,3;junk").get(TallyKey::Computer(Level::Hard)),
            Counts {
                wins: 1,
                draws: 2,
                losses: 3
            }
        );
    }

    #[test]
    fn an_entry_counts_only_when_it_holds_exactly_three_whole_numbers() {
        let easy = TallyKey::Computer(Level::Easy);
        let hard = TallyKey::Computer(Level::Hard);
        let unreadable = [
            "easy=1,x,2,3",
            "easy=1,2",
            "easy=1,2,3,4",
            "easy=-1,2,3",
            "easy= 1,2,3",
            "easy=1,2,3 ",
            "easy=1,,2,3",
            "easy=1.5,2,3",
            "easy=4294967296,0,0",
            "easy=",
        ];
        for text in unreadable {
            let tally = Tally::from_text(&format!("{text};hard=4,5,6"));
            assert_eq!(tally.get(easy), Counts::default(), "{text:?}");
            // The readable entry beside it still loads.
            assert_eq!(
                tally.get(hard),
                Counts {
                    wins: 4,
                    draws: 5,
                    losses: 6
                },
                "{text:?}"
            );
        }
        // Whole numbers as `str::parse::<u32>` reads them: a `+` and leading zeros are allowed.
        assert_eq!(
            Tally::from_text("easy=+1,007,4294967295").get(easy),
            Counts {
                wins: 1,
                draws: 7,
                losses: u32::MAX
            }
        );
    }

    #[test]
    fn the_tally_in_a_sentence() {
        let mut tally = Tally::default();
        let unbeatable = TallyKey::Computer(Level::Unbeatable);
        assert_eq!(
            tally.sentence(unbeatable),
            "Tally at Unbeatable: you won 0, drew 0, lost 0."
        );
        tally.record(unbeatable, GameResult::Win);
        for _ in 0..2 {
            tally.record(unbeatable, GameResult::Draw);
        }
        for _ in 0..3 {
            tally.record(unbeatable, GameResult::Loss);
        }
        assert_eq!(
            tally.sentence(unbeatable),
            "Tally at Unbeatable: you won 1, drew 2, lost 3."
        );
        tally.record(TallyKey::Friend, GameResult::Loss);
        assert_eq!(
            tally.sentence(TallyKey::Friend),
            "Tally with a friend: X won 0, O won 1, drawn 0."
        );
        assert_eq!(
            Tally::from_text("easy=12345,0,4294967295").sentence(TallyKey::Computer(Level::Easy)),
            "Tally at Easy: you won 12345, drew 0, lost 4294967295."
        );
    }
}
