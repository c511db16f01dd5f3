//! What each panel shows, without the page: the words every panel shares ([`words`], [`number`]), the scores
//! ([`scores`]), the statistics ([`statistics`]) and the state they keep between events ([`thinking`]), the search report of a bigger board ([`search_report`]), the game tree
//! ([`tree`]), the step-through with its pseudocode ([`steps`]) over a [`search_tree`] searched by the
//! [`textbook`]'s alpha-beta, the exercise ([`practice`]) and the Embed box ([`embed`]).

pub mod embed;
pub mod number;
pub mod practice;
pub mod scores;
pub mod search_report;
pub mod search_tree;
pub mod statistics;
pub mod steps;
pub mod textbook;
pub mod thinking;
pub mod tree;
pub mod words;
