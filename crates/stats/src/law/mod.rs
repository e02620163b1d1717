//! Exact laws: what a shuffle does to a small deck (or to one card of any
//! deck), computed as whole numbers and fractions rather than sampled.

pub mod exact;
pub mod fair;
pub mod fraction;
pub mod markov;
pub mod merge;
pub mod perm;

use crate::error::{ExactError, OutOfMemory};

/// A table of `len` copies of `zero`, allocated fallibly: a refusal of the
/// system (out of memory, `ulimit -v`) is [`ExactError::OutOfMemory`],
/// naming the method's peak `need` and what was refused, not an abort.
pub(crate) fn table<T: Clone>(
    len: usize,
    zero: T,
    need: OutOfMemory,
) -> Result<Vec<T>, ExactError> {
    let mut v = Vec::new();
    v.try_reserve_exact(len).map_err(|_| {
        ExactError::OutOfMemory(OutOfMemory {
            refused: (len as u64).saturating_mul(std::mem::size_of::<T>() as u64),
            ..need
        })
    })?;
    v.resize(len, zero);
    Ok(v)
}
