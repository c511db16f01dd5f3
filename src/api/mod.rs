//! What the JS API answers, without the page: the 3x3 board's analysis ([`analysis`]), the check of a reader's
//! bot ([`check`]), and the search worker's messages, which are also `think()`'s answer ([`wire`]).

pub mod analysis;
pub mod check;
pub mod wire;
