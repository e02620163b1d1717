//! Studies built on the statistics, each answering one question a reader
//! asks after a verdict, exactly where mathematics allows.
//!
//! - [`riffle`]: how many riffle shuffles mix a deck (Bayer–Diaconis), and
//!   what a sample of riffled decks shows.
//! - [`scaling`]: how much bias each way of turning a random word into a
//!   card index leaves, per draw and per deck.
//! - [`predict`]: which small seeds deal a deck that starts with the cards
//!   seen.
//! - [`math_random`]: the state of V8's `Math.random()`, read back from
//!   the decks a Fisher–Yates loop dealt.
//! - [`guess`]: what a bias is worth to a card player who guesses each card
//!   before it is turned.
#![deny(missing_docs)]

pub mod guess;
pub mod math_random;
pub mod predict;
pub mod riffle;
pub mod scaling;
