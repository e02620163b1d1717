//! Exact enumeration and statistics of shuffle distributions.
//!
//! [`exact::exact_distribution`] computes the true law of any algorithm of
//! the `algorithms` crate on a small deck, as exact integers over a common
//! denominator: the probability of each of the `n!` arrangements, the
//! position matrix, and the distance from uniform.
#![deny(missing_docs)]

pub mod audit;
pub mod battery;
pub mod collision;
pub mod error;
pub mod exact;
pub mod fair;
pub mod follow;
pub mod fraction;
pub mod guess;
pub mod hypothesis;
pub mod markov;
pub mod merge;
pub mod perm;
pub mod predict;
pub mod riffle;
pub mod sample;
pub mod scaling;
pub mod shoe;
pub mod statistic;
pub mod test_name;

pub use error::{ExactError, OutOfMemory};
pub use exact::{ExactDistribution, Limits, MAX_EXACT_DECK, Method, TvBounds, exact_distribution};
pub use fraction::Fraction;
pub use test_name::{Test, TestName};
