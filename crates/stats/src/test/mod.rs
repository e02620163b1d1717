//! Tests of shuffled decks: from counts, single decks, shoes and streams to
//! p-values, each against a null law known exactly or in its limit.

pub mod audit;
pub mod battery;
pub mod collision;
pub mod follow;
pub mod hypothesis;
pub mod shoe;
pub mod single;
pub mod statistic;
pub mod test_name;
