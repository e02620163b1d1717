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
//! The first steps reach few arrangements (one, then `n`, then at most
//! `n^2`…), so they are carried as a sorted list of the arrangements
//! reached, each pushing its weight to its successors, until the list
//! would cost more than a pass over all `n!`; only the later steps pull
//! over the whole array (`pull`, which finds each predecessor's rank from
//! the arrangement's own in a few table lookups).
//!
//! Weights are exact integers over the product of the draws' totals,
//! reduced at the end: 64-bit where that product fits (the naive swap's
//! `n^n` does up to 15 cards), else 128-bit. Memory is two arrays of `n!`
//! weights: 0.6 GB at 11 cards and 7.7 GB at 12 with 64-bit weights, whose
//! law is then held as 128-bit weights (7.7 GB more while it is converted).
//! [`meet::weight_to`] recounts the paths to any one arrangement by a
//! second method that shares none of this.

mod meet;
mod pull;

pub use meet::{Disagreement, MAX_HALF_PATHS, Meeting, recount, weight_to};

use crate::error::{ExactError, OutOfMemory};
use crate::law::exact::{ExactDistribution, Method};
use crate::law::perm::{factorial, rank, unrank};
use crate::law::table;
use algorithms::SwapShuffle;
use pull::Pull;
use rayon::prelude::*;
use std::collections::BTreeMap;

/// The largest deck state merging accepts: `12!` = 479,001,600
/// arrangements, when the weights fit in 64 bits (two arrays of 3.8 GB).
pub const MAX_MERGE_DECK: usize = 12;

/// The largest deck state merging accepts when the weights need 128 bits
/// (`11!` arrangements, two arrays of 640 MB).
pub const MAX_WIDE_MERGE_DECK: usize = 11;

/// The list of reached arrangements gives way to the whole array when a
/// step would push more than `n! / PUSH_SHARE` weights: pushing one
/// (unrank, rank, sort) costs a few dozen times a pull.
const PUSH_SHARE: usize = 32;

/// [`merge`]'s choice of when to stop pushing, in production.
const PUSH_UNTIL: PushUntil = PushUntil::Share(PUSH_SHARE);

/// When [`merge`] stops pushing from the list of reached arrangements and
/// pulls over the whole array.
#[derive(Clone, Copy, Debug)]
enum PushUntil {
    /// When a step would push more than `n! / share` weights.
    Share(usize),
    /// After this many steps (tests force each way with it).
    #[cfg(test)]
    Steps(usize),
}

/// An exact weight: 64 bits where the totals fit, else 128.
pub(crate) trait Weight:
    Copy + Send + Sync + std::ops::Add<Output = Self> + std::ops::Mul<Output = Self> + 'static
{
    /// Zero.
    const ZERO: Self;
    /// One.
    const ONE: Self;
    /// `w`, which the caller knows fits.
    fn from_u128(w: u128) -> Self;
    /// The weight as 128 bits.
    fn into_u128(self) -> u128;
}

impl Weight for u64 {
    const ZERO: Self = 0;
    const ONE: Self = 1;
    fn from_u128(w: u128) -> Self {
        u64::try_from(w).expect("the caller checked that the weights fit in 64 bits")
    }
    fn into_u128(self) -> u128 {
        u128::from(self)
    }
}

impl Weight for u128 {
    const ZERO: Self = 0;
    const ONE: Self = 1;
    fn from_u128(w: u128) -> Self {
        w
    }
    fn into_u128(self) -> u128 {
        self
    }
}

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
/// [`ExactError::DeckSize`] outside `1..=`[`MAX_MERGE_DECK`],
/// [`ExactError::WideWeights`] above [`MAX_WIDE_MERGE_DECK`] cards when the
/// product of the draws' totals exceeds 64 bits, or
/// [`ExactError::Overflow`] when it exceeds 128 bits (15-bit draws on 9
/// cards or more).
pub fn merged_distribution(swaps: &SwapShuffle) -> Result<ExactDistribution, ExactError> {
    let n = swaps.n;
    if !(1..=MAX_MERGE_DECK).contains(&n) {
        return Err(ExactError::DeckSize {
            deck: n,
            max: MAX_MERGE_DECK,
        });
    }
    let denominator = swaps
        .steps
        .iter()
        .try_fold(1u128, |d, step| {
            d.checked_mul(step.a.total_weight() * step.b.total_weight())
        })
        .ok_or(ExactError::Overflow { deck: n })?;
    let steps: Vec<_> = swaps.steps.iter().map(merged_step).collect();
    let weights = if u64::try_from(denominator).is_ok() {
        merge::<u64>(n, &steps, PUSH_UNTIL)?
    } else if n <= MAX_WIDE_MERGE_DECK {
        merge::<u128>(n, &steps, PUSH_UNTIL)?
    } else {
        return Err(ExactError::WideWeights {
            deck: n,
            max: MAX_WIDE_MERGE_DECK,
        });
    };
    let mut law = ExactDistribution {
        deck: n,
        weights,
        denominator,
        paths: swaps.paths(),
        cut_paths: 0,
        method: Method::StateMerging {
            steps: swaps.steps.len(),
        },
    };
    crate::law::exact::reduce(&mut law);
    Ok(law)
}

/// Bytes state merging holds at its peak for `swaps`, beyond the program
/// itself: two tables of `n!` weights (64-bit where the product of the
/// draws' totals fits, else 128-bit) while it pulls, then one beside the
/// law's 128-bit weights; after it, the law beside [`Meeting`]'s map of the
/// first half's arrangements (80 bytes an entry at most, with the hash
/// table's slack), for the recount.
pub fn peak_bytes(swaps: &SwapShuffle) -> u64 {
    let n = swaps.n.min(MAX_MERGE_DECK);
    let size = factorial(n);
    let narrow = swaps
        .steps
        .iter()
        .try_fold(1u128, |d, step| {
            d.checked_mul(step.a.total_weight() * step.b.total_weight())
        })
        .is_some_and(|d| u64::try_from(d).is_ok());
    let width = if narrow { 8 } else { 16 };
    let merging = size * (2 * width).max(width + 16);
    let recount = size * 16 + meet::first_half_paths(swaps).min(size) * 80;
    merging.max(recount)
}

/// The weights of all `n!` arrangements after `steps`, from the identity:
/// reached arrangements pushed while they are few, then the whole array
/// pulled. Every weight fits `W` (the caller checked the total does).
///
/// # Errors
/// [`ExactError::OutOfMemory`] when the system refuses one of its tables:
/// two of `n!` weights of `W` while pulling, then the `n!` weights of 128
/// bits it returns beside one of them.
fn merge<W: Weight>(
    n: usize,
    steps: &[Vec<(usize, usize, u128)>],
    until: PushUntil,
) -> Result<Vec<u128>, ExactError> {
    let size = factorial(n) as usize;
    let width = std::mem::size_of::<W>() as u64;
    let need = OutOfMemory {
        method: "state merging",
        deck: n,
        arrangements: size as u64,
        peak: size as u64 * (2 * width).max(width + 16),
        refused: 0,
    };
    let steps: Vec<Vec<(usize, usize, W)>> = steps
        .iter()
        .map(|s| s.iter().map(|&(i, j, w)| (i, j, W::from_u128(w))).collect())
        .collect();
    let mut reached: Vec<(usize, W)> = vec![(0, W::ONE)];
    let mut done = 0;
    let push_more = |done: usize, reached: usize| match until {
        PushUntil::Share(share) => reached * steps[done].len() <= size / share,
        #[cfg(test)]
        PushUntil::Steps(k) => done < k,
    };
    while done < steps.len() && push_more(done, reached.len()) {
        reached = push(n, &reached, &steps[done]);
        done += 1;
    }
    let mut old = table(size, W::ZERO, need)?;
    for (r, w) in reached {
        old[r] = w;
    }
    if done < steps.len() {
        let mut new = table(size, W::ZERO, need)?;
        for step in &steps[done..] {
            Pull::new(n, step).step(&old, &mut new);
            std::mem::swap(&mut old, &mut new);
        }
    }
    let mut weights = table(size, 0u128, need)?;
    weights
        .par_iter_mut()
        .zip(old.par_iter())
        .for_each(|(to, &w)| *to = w.into_u128());
    Ok(weights)
}

/// One step on the list of reached arrangements (rank, weight), sorted by
/// rank: each pushes its weight to its successors, and the weights pushed
/// to the same arrangement are added (in any order: the sums are exact).
fn push<W: Weight>(
    n: usize,
    reached: &[(usize, W)],
    moves: &[(usize, usize, W)],
) -> Vec<(usize, W)> {
    let mut pushed: Vec<(usize, W)> = reached
        .par_iter()
        .flat_map_iter(|&(r, w)| {
            let mut d = Vec::with_capacity(n);
            unrank(r, n, &mut d);
            moves.iter().map(move |&(i, j, m)| {
                d.swap(i, j);
                let to = rank(&d);
                d.swap(i, j);
                (to, m * w)
            })
        })
        .collect();
    pushed.par_sort_unstable_by_key(|&(r, _)| r);
    let mut merged: Vec<(usize, W)> = Vec::with_capacity(pushed.len());
    for (r, w) in pushed {
        match merged.last_mut() {
            Some(last) if last.0 == r => last.1 = last.1 + w,
            _ => merged.push((r, w)),
        }
    }
    merged
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::law::exact::{Limits, exact_distribution};
    use crate::law::perm::next_permutation;
    use algorithms::registry::{REGISTRY, find};

    /// The plain state merging this module started as: every step pulls
    /// over the whole array, ranking each predecessor from scratch, in
    /// 128 bits. The reference the list, the table lookups and the 64-bit
    /// weights are checked against.
    fn plain_merge(swaps: &SwapShuffle) -> Vec<u128> {
        let n = swaps.n;
        let size = factorial(n) as usize;
        let mut old = vec![0u128; size];
        old[0] = 1;
        for step in &swaps.steps {
            let moves = merged_step(step);
            let mut new = vec![0u128; size];
            let mut d: Vec<u8> = (0..n as u8).collect();
            for cell in new.iter_mut() {
                for &(i, j, w) in &moves {
                    d.swap(i, j);
                    *cell += w * old[rank(&d)];
                    d.swap(i, j);
                }
                next_permutation(&mut d);
            }
            old = new;
        }
        old
    }

    fn swap_based(n: usize) -> impl Iterator<Item = (&'static str, SwapShuffle)> {
        REGISTRY
            .iter()
            .filter_map(move |e| Some((e.id, e.algorithm.swap_shuffle(n)?)))
    }

    #[test]
    fn pushing_pulling_and_both_give_the_plain_merge() {
        // Every swap-based algorithm on 2..=8 cards: all steps pushed, all
        // pulled, half and half, one pushed, and the production mix, with
        // 64-bit weights where the total fits and 128-bit always.
        let mut checked = 0;
        for n in 2..=8 {
            for (id, swaps) in swap_based(n) {
                let plain = plain_merge(&swaps);
                let steps: Vec<_> = swaps.steps.iter().map(merged_step).collect();
                let fits64 = plain.iter().sum::<u128>() <= u128::from(u64::MAX);
                for until in [
                    PushUntil::Steps(0),
                    PushUntil::Steps(1),
                    PushUntil::Steps(n / 2),
                    PushUntil::Steps(n),
                    PUSH_UNTIL,
                ] {
                    let wide = merge::<u128>(n, &steps, until).unwrap();
                    assert_eq!(wide, plain, "{id} on {n} cards, 128 bits, {until:?}");
                    if fits64 {
                        let narrow = merge::<u64>(n, &steps, until).unwrap();
                        assert_eq!(narrow, plain, "{id} on {n} cards, 64 bits, {until:?}");
                    }
                }
                checked += 1;
            }
        }
        // Every swap-based algorithm of the registry, on each of the 7 decks.
        let algorithms = swap_based(3).count();
        assert!(algorithms >= 10, "{algorithms} swap-based algorithms");
        assert_eq!(checked, algorithms * 7);
    }

    #[test]
    fn meeting_in_the_middle_counts_every_arrangement_as_merging_does() {
        // Every arrangement of 6 cards, for every swap-based algorithm.
        for (id, swaps) in swap_based(6) {
            let law = plain_merge(&swaps);
            let mut d: Vec<u8> = (0..6).collect();
            let mut met = 0;
            for &w in &law {
                if let Some(m) = weight_to(&swaps, &d) {
                    assert_eq!(m, w, "{id}: {d:?}");
                    met += 1;
                }
                next_permutation(&mut d);
            }
            assert_eq!(met, law.len(), "{id}");
        }
    }

    #[test]
    fn meeting_in_the_middle_agrees_at_9_cards() {
        // The naive swap on 9 cards: the identity, the most likely
        // arrangement, and 50 arrangements spread over the ranks.
        let swaps = find("naive-swap")
            .unwrap()
            .algorithm
            .swap_shuffle(9)
            .unwrap();
        let steps: Vec<_> = swaps.steps.iter().map(merged_step).collect();
        let law = merge::<u64>(9, &steps, PUSH_UNTIL).unwrap();
        let largest = (0..law.len())
            .max_by_key(|&r| (law[r], std::cmp::Reverse(r)))
            .unwrap();
        let mut d = Vec::new();
        for r in (0..law.len()).step_by(law.len() / 50).chain([0, largest]) {
            unrank(r, 9, &mut d);
            assert_eq!(weight_to(&swaps, &d), Some(law[r]), "rank {r}");
        }
        assert_eq!(law[largest], 6879);
    }

    #[test]
    fn merging_gives_the_brute_force_law_for_every_swap_based_algorithm() {
        let mut checked = 0;
        let mut expected = 0;
        for entry in REGISTRY {
            // Brute force walks (n^2)^n paths for the random-pairs swap.
            let largest = if entry.id == "random-pairs-swap" {
                5
            } else {
                7
            };
            expected += (1..=largest)
                .filter(|&n| entry.algorithm.swap_shuffle(n).is_some())
                .count();
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
        // Every swap-based algorithm on every deck it shuffles, none left
        // out by a failure to merge.
        assert!(checked >= 80, "{checked}");
        assert_eq!(checked, expected);
    }

    /// The naive swap on `n` cards, its merged law, and the factor that
    /// turns the law's weights into counts of the `n^n` paths.
    fn naive_law(n: usize) -> (SwapShuffle, ExactDistribution, u128) {
        let swaps = find("naive-swap")
            .unwrap()
            .algorithm
            .swap_shuffle(n)
            .unwrap();
        let law = merged_distribution(&swaps).unwrap();
        let paths = (n as u128).pow(n as u32);
        assert_eq!(paths % law.denominator, 0);
        let scale = paths / law.denominator;
        (swaps, law, scale)
    }

    /// The naive swap's path counts: weights over `n^n`.
    fn naive_counts(n: usize) -> Vec<u128> {
        let (_, law, scale) = naive_law(n);
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

    /// The naive swap's law at `n` cards, checked three ways: the paths
    /// back to the identity are the involutions of `n` (OEIS A000085); the
    /// position matrix equals the Markov chain's, computed without the
    /// arrangements; and the identity and the most and least likely
    /// arrangements have the same counts by meeting in the middle. Prints
    /// the largest and smallest counts and where they are.
    fn naive_swap_checked(n: usize, involutions: u128) -> (u128, u128) {
        let (swaps, law, scale) = naive_law(n);
        assert_eq!(law.weights[0] * scale, involutions);
        let chain = crate::law::markov::exact_position_law(&swaps).unwrap();
        for (card, row) in law.position_weights().into_iter().enumerate() {
            for (position, w) in row.into_iter().enumerate() {
                assert_eq!(
                    chain.probability_exact(card, position),
                    crate::Fraction::new(w, law.denominator),
                    "card {card} position {position}"
                );
            }
        }
        let (largest, smallest) = (law.max_weight(), law.min_weight());
        let (_, most) = law.ranks_of_weight(largest, 1);
        let (_, least) = law.ranks_of_weight(smallest, 1);
        let ranks = [0, most[0], least[0]];
        assert!(recount(&swaps, &law, &ranks).unwrap().is_some());
        let label = |r| {
            let mut a = Vec::new();
            unrank(r, n, &mut a);
            format!("{a:?}")
        };
        println!(
            "naive swap, {n} cards: identity {involutions} paths, largest {} at {}, smallest {} at {}",
            largest * scale,
            label(most[0]),
            smallest * scale,
            label(least[0])
        );
        (largest * scale, smallest * scale)
    }

    #[test]
    #[ignore = "10! arrangements x 10 steps: about 2 s in release mode (scripts/bench-merge.sh)"]
    fn naive_swap_at_10_cards_matches_the_published_sequences() {
        // OEIS A000085(10) and A192053(10).
        assert_eq!(naive_swap_checked(10, 9496).0, 25118);
    }

    /// Past A192053's published terms: the three checks, the extremes on
    /// either side of the mean `n^n / n!`, and every arrangement reached
    /// (the naive swap reaches all `n!`: its paths include Fisher–Yates's).
    fn beyond_published(n: usize, involutions: u128) {
        let (largest, smallest) = naive_swap_checked(n, involutions);
        let (paths, arrangements) = ((n as u128).pow(n as u32), u128::from(factorial(n)));
        assert!(largest * arrangements > paths, "{largest}");
        assert!(smallest * arrangements < paths, "{smallest}");
        assert!(smallest >= 1, "{smallest}");
    }

    #[test]
    #[ignore = "11! arrangements x 11 steps: about 10 s and 1 GB in release mode (scripts/bench-merge.sh)"]
    fn naive_swap_at_11_cards_is_checked_three_ways() {
        // OEIS A000085(11); A192053's published terms stop at 10 cards.
        beyond_published(11, 35696);
    }

    #[test]
    #[ignore = "12! arrangements x 12 steps: about 6 minutes and 12 GB in release mode: scripts/bench-merge.sh and scripts/test-heavy.sh, not CI"]
    fn naive_swap_at_12_cards_is_checked_three_ways() {
        // OEIS A000085(12).
        beyond_published(12, 140152);
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
            .swap_shuffle(13)
            .unwrap();
        assert_eq!(
            merged_distribution(&swaps).unwrap_err().to_string(),
            "deck size 13 is not allowed for exact enumeration: use 1..=12"
        );
        let swaps = find("random-pairs-swap")
            .unwrap()
            .algorithm
            .swap_shuffle(12)
            .unwrap();
        assert_eq!(
            merged_distribution(&swaps).unwrap_err(),
            ExactError::WideWeights { deck: 12, max: 11 }
        );
    }
}
