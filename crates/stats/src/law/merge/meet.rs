//! The weight of the paths to one arrangement, by meeting in the middle: a
//! check of state merging that shares none of its machinery (no ranks, no
//! merged steps, no tables).
//!
//! The steps are split in two halves. Every path of the first half is
//! walked forward from the identity, and the arrangement it reaches is
//! counted, with its weight, in a hash map keyed by the packed cards. Every
//! path of the second half is walked backward from the target (a
//! transposition undoes itself, so the steps are undone in reverse order),
//! and each arrangement it reaches is looked up: the paths to the target
//! are the pairs that meet. Work is about the square root of the paths
//! (`2 · 12^6` for the naive swap on 12 cards instead of `12^12`).

use crate::law::exact::ExactDistribution;
use crate::law::fraction::Fraction;
use crate::law::perm::unrank;
use algorithms::{SwapShuffle, Transposition};
use rayon::prelude::*;
use std::collections::HashMap;

/// The most paths either half may have.
pub const MAX_HALF_PATHS: u64 = 1 << 26;

/// Cards packed 4 bits each (decks of up to 16 cards).
fn pack(deck: &[u8]) -> u64 {
    deck.iter()
        .enumerate()
        .fold(0u64, |key, (p, &c)| key | u64::from(c) << (4 * p))
}

/// A step's outcomes: `(position, position, weight)`, as the draws give them
/// (the same pair may come twice; equal positions leave the deck as it is).
fn outcomes(step: &Transposition) -> Vec<(usize, usize, u128)> {
    let (a, b) = (step.a.weights(), step.b.weights());
    a.iter()
        .flat_map(|&(pa, wa)| b.iter().map(move |&(pb, wb)| (pa, pb, wa * wb)))
        .collect()
}

/// Walks every path of `steps` from `deck`, calling `leaf` with each deck
/// reached and the path's weight. `steps` run in the order given.
fn walk(
    steps: &[Vec<(usize, usize, u128)>],
    deck: &mut [u8],
    weight: u128,
    leaf: &mut dyn FnMut(&[u8], u128),
) {
    let Some((first, rest)) = steps.split_first() else {
        leaf(deck, weight);
        return;
    };
    for &(i, j, w) in first {
        deck.swap(i, j);
        walk(rest, deck, weight * w, leaf);
        deck.swap(i, j);
    }
}

/// The paths of a swap-based shuffle split in two halves, the first
/// walked: ready to count the paths to any arrangement.
#[derive(Debug)]
pub struct Meeting {
    n: usize,
    /// The arrangements the first half reaches (packed), with the weight of
    /// the paths reaching each.
    reached: HashMap<u64, u128>,
    /// The second half's steps, last first.
    back: Vec<Vec<(usize, usize, u128)>>,
    /// Paths walked per recount: the first half's and the second's.
    half_paths: (u64, u64),
}

impl Meeting {
    /// Walks the first half of `swaps`. `None` when a half would walk more
    /// than [`MAX_HALF_PATHS`] paths, or for a deck of more than 16 cards.
    pub fn new(swaps: &SwapShuffle) -> Option<Self> {
        let n = swaps.n;
        if n > 16 {
            return None;
        }
        let steps: Vec<_> = swaps.steps.iter().map(outcomes).collect();
        let h = split(&steps);
        let half_paths = (paths(&steps[..h])?, paths(&steps[h..])?);
        let mut reached: HashMap<u64, u128> = HashMap::new();
        let mut deck: Vec<u8> = (0..n as u8).collect();
        walk(&steps[..h], &mut deck, 1, &mut |d, w| {
            *reached.entry(pack(d)).or_insert(0) += w;
        });
        let back = steps[h..].iter().rev().cloned().collect();
        Some(Meeting {
            n,
            reached,
            back,
            half_paths,
        })
    }

    /// Paths walked for each recount: the first half's (once, by
    /// [`Meeting::new`]) and the second half's (per target).
    pub fn half_paths(&self) -> (u64, u64) {
        self.half_paths
    }

    /// The weight, over the product of the draws' totals, of the paths
    /// that end in `target` (`target[position] = card`), from the identity.
    ///
    /// # Panics
    /// When `target` is not an arrangement of `0..n`.
    pub fn weight_to(&self, target: &[u8]) -> u128 {
        let n = self.n;
        assert_eq!(
            target.len(),
            n,
            "the target has {} cards, not {n}",
            target.len()
        );
        let mut seen = vec![false; n];
        for &c in target {
            assert!(
                (c as usize) < n && !std::mem::replace(&mut seen[c as usize], true),
                "the target is not an arrangement of 0..{n}"
            );
        }
        // Backward from the target: undo the last step first.
        let Some((last, earlier)) = self.back.split_first() else {
            return self.reached.get(&pack(target)).copied().unwrap_or(0);
        };
        last.par_iter()
            .map(|&(i, j, w)| {
                let mut deck = target.to_vec();
                deck.swap(i, j);
                let mut sum = 0u128;
                walk(earlier, &mut deck, w, &mut |d, w| {
                    if let Some(&first) = self.reached.get(&pack(d)) {
                        sum += first * w;
                    }
                });
                sum
            })
            .sum()
    }
}

/// Where the steps are split: the split that makes the larger half
/// smallest (the earlier on ties), in logarithms of the paths.
fn split(steps: &[Vec<(usize, usize, u128)>]) -> usize {
    let ln: Vec<f64> = steps.iter().map(|s| (s.len() as f64).ln()).collect();
    let total: f64 = ln.iter().sum();
    let larger = |h: usize| {
        let first: f64 = ln[..h].iter().sum();
        first.max(total - first)
    };
    (0..=steps.len())
        .min_by(|&a, &b| larger(a).total_cmp(&larger(b)).then(a.cmp(&b)))
        .unwrap_or(0)
}

/// The paths of `steps`, when at most [`MAX_HALF_PATHS`].
fn paths(steps: &[Vec<(usize, usize, u128)>]) -> Option<u64> {
    steps
        .iter()
        .map(|x| x.len() as u64)
        .try_fold(1u64, u64::checked_mul)
        .filter(|&p| p <= MAX_HALF_PATHS)
}

/// The paths of the first half [`Meeting::new`] walks for `swaps` (an
/// upper bound of the arrangements its map holds), 0 when it walks none.
pub(super) fn first_half_paths(swaps: &SwapShuffle) -> u64 {
    if swaps.n > 16 {
        return 0;
    }
    let steps: Vec<_> = swaps.steps.iter().map(outcomes).collect();
    let h = split(&steps);
    match (paths(&steps[..h]), paths(&steps[h..])) {
        (Some(first), Some(_)) => first,
        _ => 0,
    }
}

/// [`Meeting::weight_to`] for one target: `None` where [`Meeting::new`]
/// gives none.
pub fn weight_to(swaps: &SwapShuffle, target: &[u8]) -> Option<u128> {
    Some(Meeting::new(swaps)?.weight_to(target))
}

/// State merging and meeting in the middle gave an arrangement different
/// probabilities: a bug in one of them.
#[derive(Clone, Debug, PartialEq, thiserror::Error)]
#[error(
    "state merging gives the arrangement of rank {rank} probability {merged}, meeting in the middle {met}: one of the two methods is wrong"
)]
pub struct Disagreement {
    /// The arrangement's lexicographic rank.
    pub rank: usize,
    /// Its probability by state merging.
    pub merged: Fraction,
    /// Its probability by meeting in the middle.
    pub met: Fraction,
}

/// Recounts, by meeting in the middle, the probabilities that `law` (the
/// law of `swaps`) gives the arrangements of rank `ranks`: the paths each
/// half walks when every one agrees, `None` when the halves are too large
/// to walk.
///
/// # Errors
/// The first [`Disagreement`].
pub fn recount(
    swaps: &SwapShuffle,
    law: &ExactDistribution,
    ranks: &[usize],
) -> Result<Option<(u64, u64)>, Disagreement> {
    let Some(meeting) = Meeting::new(swaps) else {
        return Ok(None);
    };
    let total: u128 = swaps
        .steps
        .iter()
        .map(|t| t.a.total_weight() * t.b.total_weight())
        .product();
    let mut target = Vec::with_capacity(swaps.n);
    for &rank in ranks {
        unrank(rank, swaps.n, &mut target);
        let met = Fraction::new(meeting.weight_to(&target), total);
        let merged = law.probability_exact(rank);
        if met != merged {
            return Err(Disagreement { rank, merged, met });
        }
    }
    Ok(Some(meeting.half_paths()))
}
