//! Exact laws of swap-based shuffles by merging paths that meet.
//!
//! # Method
//! Brute force walks every path of the choice tree: `n^n` for the naive
//! swap, 10^10 at 10 cards. But after each step, paths that reached the same
//! arrangement behave alike from then on, so it is enough to carry one exact
//! integer weight per arrangement from step to step. With the weights of all
//! `n!` arrangements indexed by lexicographic rank, a step that swaps
//! positions `i` and `j` with weight `w` gives each arrangement `d` the
//! weight `w · old[d ∘ (i j)]` (a transposition is its own inverse), so every
//! arrangement pulls its weight from its predecessors: no two threads write
//! the same cell, and the result does not depend on the thread count. Steps
//! of the same transposition are merged first (the random-pairs swap's
//! `n^2` draws become `n(n-1)/2 + 1` transpositions).
//!
//! Work is `n!` times the number of distinct transpositions per step, times
//! the steps; memory is two arrays of `n!` 128-bit weights (116 MB at 10
//! cards, 1.3 GB at 11). Weights are exact `u128`, over the product of the
//! draws' totals, reduced at the end.

use crate::error::ExactError;
use crate::exact::{ExactDistribution, Method};
use crate::perm::{factorial, next_permutation, rank, unrank};
use algorithms::SwapShuffle;
use rayon::prelude::*;
use std::collections::BTreeMap;

/// The largest deck state merging accepts: `11!` = 39,916,800 arrangements,
/// two arrays of 640 MB.
pub const MAX_MERGE_DECK: usize = 11;

/// Arrangements per parallel chunk (each chunk unranks its first
/// arrangement once and steps through the rest in order).
const CHUNK: usize = 1 << 14;

/// One step with its transpositions merged: `(i, j, weight)` with `i <= j`
/// (`i == j` is the identity).
fn merged_step(step: &algorithms::Transposition) -> Vec<(usize, usize, u128)> {
    let mut by_pair: BTreeMap<(usize, usize), u128> = BTreeMap::new();
    for (pa, wa) in step.a.weights() {
        for (pb, wb) in step.b.weights() {
            let key = if pa == pb {
                (0, 0)
            } else {
                (pa.min(pb), pa.max(pb))
            };
            *by_pair.entry(key).or_insert(0) += wa * wb;
        }
    }
    by_pair.into_iter().map(|((i, j), w)| (i, j, w)).collect()
}

/// Whether state merging costs less than walking every path: it pulls each
/// of the `n!` arrangements through each outcome of each step, where brute
/// force walks the product of the outcomes. The naive swap merges from 5
/// cards on; Fisher–Yates, whose `n!` paths are all distinct decks, never.
pub fn cheaper_than_brute_force(swaps: &SwapShuffle) -> bool {
    let n = swaps.n;
    // No steps (0 or 1 card): nothing to merge.
    if n > MAX_MERGE_DECK || swaps.steps.is_empty() {
        return false;
    }
    let pulls = factorial(n) as f64 * swaps.steps.iter().map(|t| t.outcomes() as f64).sum::<f64>();
    pulls < swaps.paths() as f64
}

/// The exact law of a swap-based shuffle, by state merging.
///
/// # Errors
/// [`ExactError::DeckSize`] outside `1..=`[`MAX_MERGE_DECK`], or
/// [`ExactError::Overflow`] when the product of the draws' totals exceeds
/// 128 bits (15-bit draws on 9 cards or more).
pub fn merged_distribution(swaps: &SwapShuffle) -> Result<ExactDistribution, ExactError> {
    let n = swaps.n;
    if !(1..=MAX_MERGE_DECK).contains(&n) {
        return Err(ExactError::DeckSize {
            deck: n,
            max: MAX_MERGE_DECK,
        });
    }
    let size = factorial(n) as usize;
    let mut old = vec![0u128; size];
    let mut new = vec![0u128; size];
    old[0] = 1;
    let mut denominator: u128 = 1;
    for step in &swaps.steps {
        let total = step.a.total_weight() * step.b.total_weight();
        denominator = denominator
            .checked_mul(total)
            .ok_or(ExactError::Overflow { deck: n })?;
        let moves = merged_step(step);
        new.par_chunks_mut(CHUNK)
            .enumerate()
            .for_each(|(c, chunk)| {
                let mut d = Vec::with_capacity(n);
                unrank(c * CHUNK, n, &mut d);
                for (k, cell) in chunk.iter_mut().enumerate() {
                    let mut sum = 0u128;
                    for &(i, j, w) in &moves {
                        let from = if i == j {
                            c * CHUNK + k
                        } else {
                            d.swap(i, j);
                            let r = rank(&d);
                            d.swap(i, j);
                            r
                        };
                        let p = old[from];
                        if p != 0 {
                            // Cannot overflow: the sum of all cells is the
                            // new denominator, checked above.
                            sum += w * p;
                        }
                    }
                    *cell = sum;
                    next_permutation(&mut d);
                }
            });
        std::mem::swap(&mut old, &mut new);
    }
    let mut law = ExactDistribution {
        deck: n,
        weights: old,
        denominator,
        paths: swaps.paths(),
        cut_paths: 0,
        method: Method::StateMerging {
            steps: swaps.steps.len(),
        },
    };
    crate::exact::reduce(&mut law);
    Ok(law)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::exact::{Limits, exact_distribution};
    use algorithms::registry::{REGISTRY, find};

    #[test]
    fn merging_gives_the_brute_force_law_for_every_swap_based_algorithm() {
        let mut checked = 0;
        for entry in REGISTRY {
            // Brute force walks (n^2)^n paths for the random-pairs swap.
            let largest = if entry.id == "random-pairs-swap" {
                5
            } else {
                7
            };
            for n in 1..=largest {
                let Some(swaps) = entry.algorithm.swap_shuffle(n) else {
                    continue;
                };
                let merged = merged_distribution(&swaps).unwrap();
                let brute =
                    exact_distribution(&entry.algorithm, n, &Limits::for_exact(entry.exact))
                        .unwrap();
                assert_eq!(
                    (merged.denominator, &merged.weights),
                    (brute.denominator, &brute.weights),
                    "{} on {n} cards",
                    entry.id
                );
                assert_eq!(merged.paths, brute.paths, "{} on {n} cards", entry.id);
                checked += 1;
            }
        }
        assert_eq!(checked, 13 * 7 - 2);
    }

    /// The naive swap's path counts: weights over `n^n`.
    fn naive_counts(n: usize) -> Vec<u128> {
        let swaps = find("naive-swap")
            .unwrap()
            .algorithm
            .swap_shuffle(n)
            .unwrap();
        let law = merged_distribution(&swaps).unwrap();
        let paths = (n as u128).pow(n as u32);
        assert_eq!(paths % law.denominator, 0);
        let scale = paths / law.denominator;
        law.weights.iter().map(|w| w * scale).collect()
    }

    #[test]
    fn naive_swap_counts_match_the_published_sequences() {
        // OEIS A000085 (involutions of n): paths that end in the identity.
        let involutions = [1u128, 2, 4, 10, 26, 76, 232, 764, 2620];
        // OEIS A192053: the largest number of paths to one arrangement.
        let largest = [1u128, 2, 5, 15, 47, 159, 543, 1931, 6879];
        for n in 1..=9 {
            let counts = naive_counts(n);
            assert_eq!(counts[0], involutions[n - 1], "identity at n = {n}");
            assert_eq!(
                *counts.iter().max().unwrap(),
                largest[n - 1],
                "largest at n = {n}"
            );
            assert_eq!(counts.iter().sum::<u128>(), (n as u128).pow(n as u32));
        }
    }

    #[test]
    #[ignore = "10! arrangements x 10 steps: about 5 s in release mode (scripts/bench-merge.sh)"]
    fn naive_swap_at_10_cards_matches_the_published_sequences() {
        let counts = naive_counts(10);
        assert_eq!(counts[0], 9496);
        assert_eq!(*counts.iter().max().unwrap(), 25118);
    }

    #[test]
    #[ignore = "11! arrangements x 11 steps: about 90 s and 1.3 GB in release mode (scripts/bench-merge.sh)"]
    fn naive_swap_at_11_cards_ends_in_the_identity_on_its_involutions() {
        let counts = naive_counts(11);
        // OEIS A000085(11); A192053's published terms stop at 10 cards.
        assert_eq!(counts[0], 35696);
        let largest = *counts.iter().max().unwrap();
        println!("naive swap, 11 cards: identity 35696 paths, largest count {largest}");
        assert!(largest > 25118 * 3, "{largest}");
    }

    #[test]
    fn merging_is_chosen_where_paths_meet() {
        let swaps = |id: &str, n| find(id).unwrap().algorithm.swap_shuffle(n).unwrap();
        // 4 cards: 256 paths against 24 x 16 pulls; 5 cards: 3125 paths
        // against 120 x 25.
        assert!(!cheaper_than_brute_force(&swaps("naive-swap", 4)));
        assert!(cheaper_than_brute_force(&swaps("naive-swap", 5)));
        assert!(cheaper_than_brute_force(&swaps("naive-swap", 10)));
        for n in 1..=10 {
            assert!(!cheaper_than_brute_force(&swaps("fisher-yates", n)), "{n}");
        }
    }

    #[test]
    fn counts_do_not_depend_on_the_thread_count() {
        let swaps = find("random-pairs-swap")
            .unwrap()
            .algorithm
            .swap_shuffle(8)
            .unwrap();
        let run = |threads| {
            rayon::ThreadPoolBuilder::new()
                .num_threads(threads)
                .build()
                .unwrap()
                .install(|| merged_distribution(&swaps).unwrap())
        };
        assert_eq!(run(1), run(2));
    }

    #[test]
    fn too_wide_and_too_large_are_errors() {
        let swaps = find("fisher-yates-mod15")
            .unwrap()
            .algorithm
            .swap_shuffle(10)
            .unwrap();
        assert_eq!(
            merged_distribution(&swaps).unwrap_err(),
            ExactError::Overflow { deck: 10 }
        );
        let swaps = find("naive-swap")
            .unwrap()
            .algorithm
            .swap_shuffle(12)
            .unwrap();
        assert_eq!(
            merged_distribution(&swaps).unwrap_err().to_string(),
            "deck size 12 is not allowed for exact enumeration: use 1..=11"
        );
    }
}
