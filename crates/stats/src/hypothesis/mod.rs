//! Hypothesis tests of shuffled decks: from counts, single decks, shoes and
//! streams to p-values, each against a null law known exactly or in its
//! limit.
//!
//! - [`fit`]: goodness of fit (Pearson, G, exact multinomial, Kolmogorov–
//!   Smirnov), the p-values every other module refers to.
//! - [`audit`]: which tests apply to a run's counts, and their family.
//! - [`battery`], [`statistic`]: statistics of one deck with exact laws.
//! - [`collision`]: repeated decks, against the birthday problem.
//! - [`shoe`]: decks whose cards repeat (shoes and decklists).
//! - [`single`]: one permutation drawn once.
//! - [`follow`]: an endless stream, watched deck by deck.
//! - [`name`]: the tests' names as typed values.

pub mod audit;
pub mod battery;
pub mod collision;
pub mod fit;
pub mod follow;
pub mod name;
pub mod shoe;
pub mod single;
pub mod statistic;
