//! Laws of an algorithm applied `k` times: one pass's law composed with
//! itself, exactly when complete, and rounded down (a lower bound of every
//! probability) when paths were cut.

use super::{ExactDistribution, Limits, Work};
use crate::error::{ExactError, OutOfMemory};
use crate::law::perm::{factorial, next_permutation, rank, unrank};
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
        deck: law.deck,
        weights,
        denominator: 1u128 << bits,
        paths: law.paths,
        cut_paths: law.cut_paths,
        method: law.method,
    };
    reduce(&mut rounded);
    rounded
}

/// Arrangements of the output a task of [`compose_laws`] fills.
const CHUNK: usize = 4096;

/// Bytes [`compose_laws`] holds at its peak on `n` cards, at most: the
/// two laws it reads and the one it fills (`n!` weights of 16 bytes each),
/// and the smaller support's inverses (`n` bytes and a weight each). The
/// threads share all of it.
pub(crate) fn compose_bytes(n: usize) -> u64 {
    factorial(n) * (3 * 16 + n as u64 + 16)
}

/// The law of `second` applied after `first`: for every arrangement
/// `c = a ∘ b` (`c[i] = a[b[i]]`), the sum over the smaller of the two
/// supports of the products of the weights. Each output weight is summed
/// by one task into the one table, so the memory does not grow with the
/// threads and the law is the same on any count.
pub(super) fn compose_laws(
    first: &ExactDistribution,
    second: &ExactDistribution,
    limits: &Limits,
    work: &Work<'_>,
) -> Result<ExactDistribution, ExactError> {
    let n = first.deck;
    let overflow = || ExactError::Overflow { deck: n };
    let (a_size, b_size) = (first.support(), second.support());
    let products = a_size as f64 * b_size as f64;
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
    // Sum over the smaller support: over b, a = c ∘ b⁻¹; over a, b = a⁻¹ ∘ c.
    let over_b = b_size <= a_size;
    let (summed, looked_up) = if over_b {
        (second, first)
    } else {
        (first, second)
    };
    let mut inverses = Vec::new();
    let mut factors = Vec::new();
    let mut p = Vec::with_capacity(n);
    for (r, &w) in summed.weights.iter().enumerate() {
        if w > 0 {
            unrank(r, n, &mut p);
            let start = inverses.len();
            inverses.resize(start + n, 0u8);
            for (i, &x) in p.iter().enumerate() {
                inverses[start + x as usize] = i as u8;
            }
            factors.push(w);
        }
    }
    let need = OutOfMemory {
        method: "composing the passes",
        deck: n,
        arrangements: first.arrangements() as u64,
        peak: compose_bytes(n),
        refused: 0,
    };
    let mut weights = crate::law::table(first.arrangements(), 0u128, need)?;
    weights
        .par_chunks_mut(CHUNK)
        .enumerate()
        .try_for_each(|(k, chunk)| {
            let mut c = Vec::with_capacity(n);
            unrank(k * CHUNK, n, &mut c);
            let mut other = vec![0u8; n];
            let products = chunk.len() as u64 * factors.len() as u64;
            for slot in chunk {
                let mut sum = 0u128;
                for (inverse, &w) in inverses.chunks_exact(n.max(1)).zip(&factors) {
                    if over_b {
                        for (o, &j) in other.iter_mut().zip(inverse) {
                            *o = c[j as usize];
                        }
                    } else {
                        for (o, &x) in other.iter_mut().zip(&c) {
                            *o = inverse[x as usize];
                        }
                    }
                    let v = looked_up.weights[rank(&other)];
                    if v > 0 {
                        sum = v
                            .checked_mul(w)
                            .and_then(|x| sum.checked_add(x))
                            .ok_or_else(overflow)?;
                    }
                }
                *slot = sum;
                next_permutation(&mut c);
            }
            work.add(products);
            Ok(())
        })?;
    let mut law = ExactDistribution {
        deck: n,
        weights,
        denominator,
        paths: first.paths,
        cut_paths: first.cut_paths,
        method: first.method,
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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::law::exact::exact_distribution;
    use crate::law::perm::compose;
    use algorithms::registry::find;

    /// The composition by its definition: every pair of the supports.
    fn by_pairs(first: &ExactDistribution, second: &ExactDistribution) -> Vec<u128> {
        let n = first.deck;
        let mut weights = vec![0u128; first.arrangements()];
        let (mut a, mut b, mut c) = (Vec::new(), Vec::new(), vec![0u8; n]);
        for (ra, &wa) in first.weights.iter().enumerate() {
            for (rb, &wb) in second.weights.iter().enumerate() {
                unrank(ra, n, &mut a);
                unrank(rb, n, &mut b);
                compose(&a, &b, &mut c);
                weights[rank(&c)] += wa * wb;
            }
        }
        weights
    }

    #[test]
    fn composing_over_either_support_gives_the_pairs_sum() {
        // A small support (the top-to-random step, 4 of 24 arrangements on
        // four cards) on either side of a large one, so both sums run.
        let law = |id: &str, n| {
            let e = find(id).unwrap();
            exact_distribution(&e.algorithm, n, &Limits::for_exact(e.exact)).unwrap()
        };
        for n in 1..=5 {
            for (x, y) in [("naive-swap", "sattolo"), ("sattolo", "naive-swap")] {
                let (first, second) = (law(x, n), law(y, n));
                let composed =
                    compose_laws(&first, &second, &Limits::default(), &Work::quiet()).unwrap();
                let expected = by_pairs(&first, &second);
                let scale = first.denominator * second.denominator / composed.denominator;
                let got: Vec<u128> = composed.weights.iter().map(|w| w * scale).collect();
                assert_eq!(got, expected, "{x} then {y} on {n} cards");
            }
        }
    }
}
