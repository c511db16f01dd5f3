//! A game's searches on a bigger board, in a worker: the computer's move and every move's verdict for the scores.
//! The worker is kept between searches, so that each starts at once; a search no longer wanted is stopped with
//! its worker, and a fresh one loads the module while nobody waits. The answers come back to the game decoded
//! into typed messages.

use super::js::from_js;
use super::mailbox::Mailbox;
use super::message::Message;
use super::worker::SearchWorker;
use crate::api::wire::{moves_from, thought_from, Query};
use crate::engine::Grid;

/// A bigger board's searches: the game's worker, and what it is searching.
#[derive(Default)]
pub struct Searches {
    searcher: Option<SearchWorker>,
    /// The position and the query under way.
    running: Option<(Grid, Query)>,
}

impl Searches {
    /// Keeps the search of what is `wanted` at `board` going: the one under way if it is that one, else a new one.
    /// A search under way that is no longer wanted is stopped at once: its worker ends, and a fresh one loads the
    /// module while nobody waits. The answer comes to `mailbox`, decoded. Returns `false` when the browser refused
    /// to start a worker.
    pub fn keep(&mut self, board: &Grid, wanted: Option<Query>, mailbox: &Mailbox) -> bool {
        let job = wanted.map(|query| (*board, query));
        if self.running.is_some() && self.running != job {
            self.running = None;
            self.searcher = None;
        }
        let searcher = match &self.searcher {
            Some(searcher) => searcher,
            None => match SearchWorker::new() {
                Ok(searcher) => self.searcher.insert(searcher),
                Err(_) => return false,
            },
        };
        let Some((position, query)) = job.filter(|_| self.running.is_none()) else {
            return true;
        };
        let mailbox = mailbox.clone();
        searcher.search(&position, query, move |answer| {
            let answer = from_js(&answer);
            mailbox.send(if query.moves {
                Message::Appraised(position, moves_from(&answer))
            } else {
                Message::Found(position, thought_from(&answer))
            });
        });
        self.running = job;
        true
    }

    /// The search under way answered: it is over. Returns what it was asked.
    pub fn answered(&mut self) -> Option<Query> {
        self.running.take().map(|(_, query)| query)
    }
}
