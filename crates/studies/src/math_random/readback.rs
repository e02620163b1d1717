//! How many cards give a deal away, over generators drawn at random: the
//! report's study of [`draws_to_predict`].

use super::{Fit, draws_to_predict, mean_pinned_bits};
use algorithms::{V8MathRandom, V8ToDouble};
use rayon::prelude::*;

/// Where in its cache the generator stands when the first deal begins.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(rename_all = "kebab-case"))]
pub enum Start {
    /// A fresh process: the first deal's first call refills the cache.
    Fresh,
    /// Anywhere: `1..=64` numbers of a refill left, each as likely (a game
    /// that has called `Math.random()` before).
    Anywhere,
}

/// How many draws give the third deal away, over generators drawn at
/// random ([`draws_to_predict`] with `through` 2).
#[derive(Clone, Debug, PartialEq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct ReadbackRow {
    /// Where the first deal begins in the cache.
    pub start: Start,
    /// The bits of each double (52: node 20; 53: V8 13.7).
    pub double_bits: u32,
    /// Cards per deck.
    pub deck: usize,
    /// The seed of the states drawn: trial `t`'s state is the first two
    /// words of `stats::sample::chunk_state(seed, t)` (the second made
    /// odd, so never zero), its place in the cache (for
    /// [`Start::Anywhere`]) `1 +` the third modulo 64.
    pub seed: u64,
    /// The bits a deck pins on average ([`mean_pinned_bits`]).
    pub pinned_bits_per_deck: f64,
    /// For each trial, the draws needed; `None` when even the first two
    /// deals leave the third open.
    pub needed: Vec<Option<usize>>,
}

impl ReadbackRow {
    /// `trials` generators drawn from `seed`, each dealt from `start` with
    /// doubles of `to_double`.
    pub fn measure(
        start: Start,
        to_double: V8ToDouble,
        deck: usize,
        trials: u64,
        seed: u64,
    ) -> Self {
        let needed = (0..trials)
            .into_par_iter()
            .map(|t| {
                let [a, b, c, _] = stats::sample::chunk_state(seed, t);
                let state = (a, b | 1);
                let left = match start {
                    Start::Fresh => V8MathRandom::CACHE,
                    Start::Anywhere => 1 + (c % V8MathRandom::CACHE as u64) as usize,
                };
                let fit = Fit {
                    double_bits: to_double.bits(),
                    state,
                    left,
                    gaps: Vec::new(),
                };
                draws_to_predict(&fit.generator(), deck, 2)
            })
            .collect();
        ReadbackRow {
            start,
            double_bits: to_double.bits(),
            deck,
            seed,
            pinned_bits_per_deck: mean_pinned_bits(to_double, deck),
            needed,
        }
    }

    /// The report's rows: a fresh process and anywhere in the cache, for
    /// node 20's doubles then V8 13.7's, `trials` generators each.
    pub fn study(deck: usize, trials: u64, seed: u64) -> Vec<ReadbackRow> {
        V8ToDouble::ALL
            .iter()
            .flat_map(|&t| [Start::Fresh, Start::Anywhere].map(|s| (s, t)))
            .map(|(s, t)| ReadbackRow::measure(s, t, deck, trials, seed))
            .collect()
    }

    /// The share of trials whose third deal the first two gave away.
    pub fn known_share(&self) -> f64 {
        self.known().count() as f64 / self.needed.len() as f64
    }

    /// The mean draws needed, over the trials known within two deals.
    pub fn mean(&self) -> f64 {
        let (sum, count) = self.known().fold((0, 0), |(s, c), t| (s + t, c + 1));
        sum as f64 / count as f64
    }

    /// The fewest and the most draws needed, over the trials known.
    pub fn range(&self) -> Option<(usize, usize)> {
        Some((self.known().min()?, self.known().max()?))
    }

    /// The share of trials whose third deal the first deal alone, or part
    /// of it, gave away.
    pub fn within_one_deal(&self) -> f64 {
        let one = self.deck - 1;
        self.known().filter(|&t| t <= one).count() as f64 / self.needed.len() as f64
    }

    fn known(&self) -> impl Iterator<Item = usize> + '_ {
        self.needed.iter().flatten().copied()
    }
}
