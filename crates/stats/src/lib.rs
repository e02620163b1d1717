//! The statistics of shuffles: exact laws, the parallel sampler, and the
//! tests that turn counts into p-values. It computes; it decides nothing
//! (the `judge` crate does).
//!
//! - [`law`]: exact laws of small and swap-based shuffles, as whole numbers
//!   and fractions.
//! - [`sample`]: the parallel sampling engine and what it counts.
//! - [`hypothesis`]: the hypothesis tests of counts, decks, shoes and
//!   streams, with their p-values, and the counts of decks read from
//!   outside.
//!
//! [`exact_distribution`] computes the true law of any algorithm of the
//! `algorithms` crate on a small deck, as exact integers over a common
//! denominator: the probability of each of the `n!` arrangements, the
//! position matrix, and the distance from uniform.
#![deny(missing_docs)]

pub mod error;
pub mod hypothesis;
pub mod law;
pub mod sample;

pub use error::{ExactError, OutOfMemory};
pub use hypothesis::name::{Test, TestName};
pub use law::exact::{
    ExactDistribution, Limits, MAX_EXACT_DECK, Method, Progress, Stage, TvBounds,
    exact_distribution, exact_distribution_with,
};
pub use law::fraction::Fraction;
