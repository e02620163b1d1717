//! Exact laws: what a shuffle does to a small deck (or to one card of any
//! deck), computed as whole numbers and fractions rather than sampled.

pub mod exact;
pub mod fair;
pub mod fraction;
pub mod markov;
pub mod merge;
pub mod perm;
