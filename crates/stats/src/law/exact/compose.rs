//! Laws of an algorithm applied `k` times: one pass's law composed with
//! itself, exactly when complete, and rounded down (a lower bound of every
//! probability) when paths were cut.

use super::{ExactDistribution, Limits};
use crate::error::ExactError;
use crate::law::perm::{compose, rank, unrank};
use rayon::prelude::*;

/// The denominator exponent incomplete laws are rounded to before composing.
pub(super) const ROUNDED_LOG2: u32 = 60;

/// The law with every weight rounded down to a multiple of `2^-bits`: a
/// lower bound of every probability, over the denominator `2^bits`.
pub(super) fn round_down(law: &ExactDistribution, bits: u32) -> ExactDistribution {
    let d = law.denominator;
    let weights = law
        .weights
        .iter()
        .map(|&w| {
            // floor(w * 2^bits / d) by binary long division, with w <= d and no overflow.
            let (mut q, mut r) = (0u128, w);
            for _ in 0..bits {
                q <<= 1;
                if r >= d - r {
                    r -= d - r;
                    q |= 1;
                } else {
                    r <<= 1;
                }
            }
            q
        })
        .collect();
    let mut rounded = ExactDistribution {
        weights,
        denominator: 1u128 << bits,
        ..law.clone()
    };
    reduce(&mut rounded);
    rounded
}

/// The law of `second` applied after `first`.
pub(super) fn compose_laws(
    first: &ExactDistribution,
    second: &ExactDistribution,
    limits: &Limits,
) -> Result<ExactDistribution, ExactError> {
    let n = first.deck;
    let overflow = || ExactError::Overflow { deck: n };
    let support = |law: &ExactDistribution| -> Vec<(Vec<u8>, u128)> {
        let mut out = Vec::new();
        for (r, &w) in law.weights.iter().enumerate() {
            if w > 0 {
                let mut a = Vec::new();
                unrank(r, n, &mut a);
                out.push((a, w));
            }
        }
        out
    };
    let (a_support, b_support) = (support(first), support(second));
    let products = a_support.len() as f64 * b_support.len() as f64;
    if products > limits.max_paths as f64 {
        return Err(ExactError::TooManyPaths {
            needed: products,
            budget: limits.max_paths as f64,
        });
    }
    let denominator = first
        .denominator
        .checked_mul(second.denominator)
        .ok_or_else(overflow)?;
    let chunks: Vec<Result<Vec<u128>, ExactError>> = a_support
        .par_chunks(64)
        .map(|chunk| {
            let mut weights = vec![0u128; first.arrangements()];
            let mut out = vec![0u8; n];
            for (a, wa) in chunk {
                for (b, wb) in &b_support {
                    compose(a, b, &mut out);
                    let w = wa.checked_mul(*wb).ok_or_else(overflow)?;
                    let slot = &mut weights[rank(&out)];
                    *slot = slot.checked_add(w).ok_or_else(overflow)?;
                }
            }
            Ok(weights)
        })
        .collect();
    let mut weights = vec![0u128; first.arrangements()];
    for chunk in chunks {
        for (w, c) in weights.iter_mut().zip(chunk?) {
            *w = w.checked_add(c).ok_or_else(overflow)?;
        }
    }
    let mut law = ExactDistribution {
        weights,
        denominator,
        ..first.clone()
    };
    reduce(&mut law);
    Ok(law)
}

/// The greatest common divisor.
pub(super) fn gcd(mut a: u128, mut b: u128) -> u128 {
    while b != 0 {
        (a, b) = (b, a % b);
    }
    a
}

/// Divides the weights and the denominator by their greatest common divisor.
pub(crate) fn reduce(law: &mut ExactDistribution) {
    let g = law.weights.iter().fold(law.denominator, |g, &w| gcd(g, w));
    if g > 1 {
        law.denominator /= g;
        for w in &mut law.weights {
            *w /= g;
        }
    }
}
