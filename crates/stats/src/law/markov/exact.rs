//! The position matrix of a swap-based shuffle in whole numbers: the same
//! one-card Markov chain as [`super::position_law`], carried as integer
//! weights over the product of the draws' totals, so every cell is an exact
//! [`Fraction`] (`shuffle-audit exact -d 52` prints them).
//!
//! A step exchanges positions `a` and `b`, drawn independently with integer
//! weights `A_q / T_a` and `B_q / T_b`. Over the new denominator `T_a T_b`
//! a card's weight at `q` becomes
//! `w_q ((T_a − A_q)(T_b − B_q) + A_q B_q) + B_q (S_A − w_q A_q) + A_q (S_B − w_q B_q)`
//! with `S_A = Σ_p w_p A_p`: it stays when neither position is `q` or both
//! are, and arrives from `p` when one is `p` and the other `q`. Positions
//! no slot can take only scale by `T_a T_b`. Every term is non-negative.

use super::{MarkovError, PositionLaw};
use crate::law::fraction::Fraction;
use algorithms::{Slot, SwapShuffle};
use num_bigint::BigUint;
use num_integer::Integer;
use num_traits::{One, Zero};
use rayon::prelude::*;

/// The largest deck [`exact_position_law`] accepts. The weights of `n`
/// cards after `n` steps have about `n log2 n` bits (twice that when both
/// positions are drawn) and the work is `n³` big-integer products: random
/// pairs, whose steps draw both positions, take about 4 s at 256 cards on
/// 2 cores (`time shuffle-audit exact -a random-pairs-swap -d 256`), 52
/// cards about 0.02 s.
pub const MAX_EXACT_MARKOV_DECK: usize = 256;

/// The exact position matrix of a swap-based shuffle.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ExactPositionLaw {
    /// Number of cards.
    pub deck: usize,
    /// Random transpositions the chain went through.
    pub steps: usize,
    /// Row-major: `weights[card * deck + position] / denominator` is the
    /// probability that `card` ends at `position`.
    pub weights: Vec<BigUint>,
    /// The common denominator, reduced (no factor common to it and every
    /// weight).
    pub denominator: BigUint,
}

/// One step's slot weights, dense over the positions any slot can take.
struct Step {
    /// Positions either slot can take, with `A_q`, `B_q`, and the
    /// coefficient of staying `(T_a − A_q)(T_b − B_q) + A_q B_q`.
    touched: Vec<(usize, BigUint, BigUint, BigUint)>,
    /// `T_a T_b`: what every other position's weight is multiplied by.
    scale: BigUint,
}

fn dense(slot: Slot, n: usize) -> Vec<u128> {
    let mut w = vec![0; n];
    for (p, weight) in slot.weights() {
        w[p] = weight;
    }
    w
}

fn prepare(swaps: &SwapShuffle) -> Result<Vec<Step>, MarkovError> {
    let n = swaps.n;
    swaps
        .steps
        .iter()
        .map(|step| {
            super::within_deck(step, n)?;
            let (a, b) = (dense(step.a, n), dense(step.b, n));
            let (ta, tb) = (
                BigUint::from(step.a.total_weight()),
                BigUint::from(step.b.total_weight()),
            );
            let touched = (0..n)
                .filter(|&q| a[q] > 0 || b[q] > 0)
                .map(|q| {
                    let (aq, bq) = (BigUint::from(a[q]), BigUint::from(b[q]));
                    let stay = (&ta - &aq) * (&tb - &bq) + &aq * &bq;
                    (q, aq, bq, stay)
                })
                .collect();
            Ok(Step {
                touched,
                scale: ta * tb,
            })
        })
        .collect()
}

/// Pushes one card's weights through one step.
fn advance(row: &mut [BigUint], step: &Step) {
    let mut sa = BigUint::zero();
    let mut sb = BigUint::zero();
    for (q, aq, bq, _) in &step.touched {
        sa += &row[*q] * aq;
        sb += &row[*q] * bq;
    }
    let mut touched = step.touched.iter().peekable();
    for (q, w) in row.iter_mut().enumerate() {
        match touched.peek() {
            Some((p, aq, bq, stay)) if *p == q => {
                let kept = &*w * stay;
                let from_a = bq * (&sa - &*w * aq);
                let from_b = aq * (&sb - &*w * bq);
                *w = kept + from_a + from_b;
                touched.next();
            }
            _ => {
                if !step.scale.is_one() {
                    *w *= &step.scale;
                }
            }
        }
    }
}

/// Bytes the exact position matrix of `swaps` holds at its peak, beyond
/// the program itself: its `n²` whole numbers, each at most as long as the
/// product of the draws' totals, twice while they are reduced.
pub fn peak_bytes(swaps: &SwapShuffle) -> u64 {
    let n = swaps.n as u64;
    let bits: u64 = swaps
        .draws()
        .map(|d| 128 - u64::from(d.total_weight().leading_zeros()))
        .sum();
    2 * n * n * (32 + bits.div_ceil(64) * 8)
}

/// The exact position matrix of a swap-based shuffle, by the one-card
/// Markov chain in whole numbers.
///
/// # Errors
/// [`MarkovError`] when the deck is empty or larger than
/// [`MAX_EXACT_MARKOV_DECK`], or a step leaves the deck.
pub fn exact_position_law(swaps: &SwapShuffle) -> Result<ExactPositionLaw, MarkovError> {
    let n = swaps.n;
    super::deck_up_to(n, MAX_EXACT_MARKOV_DECK)?;
    let steps = prepare(swaps)?;
    let denominator = steps.iter().fold(BigUint::one(), |d, step| d * &step.scale);
    let mut weights = vec![BigUint::zero(); n * n];
    weights
        .par_chunks_mut(n)
        .enumerate()
        .for_each(|(card, row)| {
            row[card] = BigUint::one();
            for step in &steps {
                advance(row, step);
            }
        });
    let g = weights.iter().fold(denominator.clone(), |g, w| g.gcd(w));
    let (weights, denominator) = if g.is_one() {
        (weights, denominator)
    } else {
        (
            weights.into_par_iter().map(|w| w / &g).collect(),
            denominator / &g,
        )
    };
    Ok(ExactPositionLaw {
        deck: n,
        steps: steps.len(),
        weights,
        denominator,
    })
}

/// Whether `swaps` is proved uniform as a whole, in whole numbers: a
/// sequential selection ([`SwapShuffle::is_sequential_selection`]: distinct
/// draw sequences give distinct decks) whose draws are each exactly uniform
/// and have `2, 3, …, n` outcomes, so each of the `n!` decks comes from one
/// sequence of probability `1/n!`.
pub fn proves_uniform(swaps: &SwapShuffle) -> bool {
    if !swaps.is_sequential_selection() {
        return false;
    }
    let mut ks: Vec<u128> = Vec::new();
    for draw in swaps.draws() {
        let k = draw.outcomes();
        let total = draw.total_weight();
        if (0..k as u64).any(|r| draw.weight(r) * k != total) {
            return false;
        }
        if k > 1 {
            ks.push(k);
        }
    }
    ks.sort_unstable();
    ks.into_iter().eq(2..=swaps.n as u128)
}

impl ExactPositionLaw {
    /// `P(card ends at position)`, exactly.
    pub fn probability_exact(&self, card: usize, position: usize) -> Fraction {
        Fraction::new(
            self.weights[card * self.deck + position].clone(),
            self.denominator.clone(),
        )
    }

    /// The matrix with each cell correctly rounded to `f64`.
    pub fn rounded(&self) -> PositionLaw {
        let matrix = self
            .weights
            .par_iter()
            .map(|w| Fraction::new(w.clone(), self.denominator.clone()).to_f64())
            .collect();
        PositionLaw {
            deck: self.deck,
            matrix,
            steps: self.steps,
        }
    }

    /// The cells (row-major) holding the largest and the smallest weight,
    /// the first on ties.
    pub fn extreme_cells(&self) -> (usize, usize) {
        let (mut max, mut min) = (0, 0);
        for (i, w) in self.weights.iter().enumerate() {
            if *w > self.weights[max] {
                max = i;
            }
            if *w < self.weights[min] {
                min = i;
            }
        }
        (max, min)
    }

    /// The expected number of cards that end where they started (the
    /// trace), exactly.
    pub fn expected_fixed_points(&self) -> Fraction {
        let trace: BigUint = (0..self.deck)
            .map(|i| &self.weights[i * self.deck + i])
            .sum();
        Fraction::new(trace, self.denominator.clone())
    }

    /// Whether every cell is exactly `1/n`.
    pub fn is_uniform(&self) -> bool {
        let n = self.deck;
        // w / D = 1/n for every cell: n w = D.
        self.weights.iter().all(|w| w * n == self.denominator)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::law::exact::{Limits, exact_distribution};
    use algorithms::registry::{REGISTRY, find};
    use num_bigint::BigUint;

    #[test]
    fn the_whole_number_chain_equals_enumeration_exactly() {
        // Every swap-based algorithm of the registry on 1..=6 cards: the
        // chain's fractions equal the whole law's position weights over its
        // denominator, cell by cell, as fractions. The whole law comes by
        // walking every path where that is cheap, else by state merging
        // (weights carried over all n! arrangements), both independent of
        // the chain.
        let mut checked = 0;
        for entry in REGISTRY {
            for n in 1..=6 {
                let Some(swaps) = entry.algorithm.swap_shuffle(n) else {
                    continue;
                };
                let law = match exact_distribution(&entry.algorithm, n, &Limits::default()) {
                    Ok(law) => law,
                    Err(_) => crate::law::merge::merged_distribution(&swaps).unwrap(),
                };
                let chain = exact_position_law(&swaps).unwrap();
                for (card, row) in law.position_weights().into_iter().enumerate() {
                    for (position, weight) in row.into_iter().enumerate() {
                        assert_eq!(
                            chain.probability_exact(card, position),
                            Fraction::new(weight, law.denominator),
                            "{} n {n} card {card} position {position}",
                            entry.id
                        );
                    }
                }
                checked += 1;
            }
        }
        let swap_based = REGISTRY
            .iter()
            .filter(|e| e.algorithm.swap_shuffle(6).is_some())
            .count();
        assert_eq!(checked, 6 * swap_based);
    }

    #[test]
    fn the_naive_swap_on_three_cards_matches_hand_counting() {
        // The 27 equally likely paths of the naive swap on 3 cards, by
        // hand: the first swap sends card 0 anywhere (9 paths each) and the
        // last step leaves position 2 uniform; card 1 ends at 0, 1, 2 in 10,
        // 8, 9 paths and card 2 in 8, 10, 9.
        let swaps = find("naive-swap")
            .unwrap()
            .algorithm
            .swap_shuffle(3)
            .unwrap();
        let law = exact_position_law(&swaps).unwrap();
        assert_eq!(law.denominator, BigUint::from(27u32));
        let rows: Vec<Vec<String>> = (0..3)
            .map(|c| {
                (0..3)
                    .map(|p| law.probability_exact(c, p).to_string())
                    .collect()
            })
            .collect();
        assert_eq!(
            rows,
            [
                ["1/3", "1/3", "1/3"],
                ["10/27", "8/27", "1/3"],
                ["8/27", "10/27", "1/3"]
            ]
        );
    }

    #[test]
    fn at_52_cards_the_float_chain_is_the_exact_one_rounded() {
        // The f64 chain (used for power at up to 4096 cards) against the
        // exact one: every cell within the 1e-13 relative rounding the
        // float chain documents, and the exact rows and columns sum to 1
        // exactly.
        for id in [
            "naive-swap",
            "random-pairs-swap",
            "fisher-yates",
            "poker-fixed-rand15",
        ] {
            let swaps = find(id).unwrap().algorithm.swap_shuffle(52).unwrap();
            let exact = exact_position_law(&swaps).unwrap();
            let float = super::super::position_law(&swaps).unwrap();
            let rounded = exact.rounded();
            for (f, r) in float.matrix.iter().zip(&rounded.matrix) {
                assert!((f - r).abs() <= 1e-13 * r, "{id}: {f} vs {r}");
            }
            let n = 52;
            for i in 0..n {
                let row: BigUint = (0..n).map(|j| &exact.weights[i * n + j]).sum();
                let column: BigUint = (0..n).map(|j| &exact.weights[j * n + i]).sum();
                assert_eq!(row, exact.denominator, "{id} row {i}");
                assert_eq!(column, exact.denominator, "{id} column {i}");
            }
            assert_eq!(exact.is_uniform(), id == "fisher-yates", "{id}");
        }
    }

    #[test]
    fn uniformity_is_proved_only_for_exact_sequential_selections() {
        // Proved where the enumeration finds the whole law uniform, at every
        // deck it reaches; never for a biased one; and Fisher–Yates and the
        // corrected Poker::Shuffle with ideal draws at 52 cards.
        for entry in REGISTRY {
            for n in 2..=6 {
                let Some(swaps) = entry.algorithm.swap_shuffle(n) else {
                    continue;
                };
                if !proves_uniform(&swaps) {
                    continue;
                }
                let law = crate::law::merge::merged_distribution(&swaps).unwrap();
                assert!(law.is_uniform(), "{} n {n}", entry.id);
            }
        }
        for (id, proved) in [
            ("fisher-yates", true),
            ("poker-fixed", true),
            ("poker-fixed-rand15", false),
            ("sattolo", false),
            ("naive-swap", false),
        ] {
            let swaps = find(id).unwrap().algorithm.swap_shuffle(52).unwrap();
            assert_eq!(proves_uniform(&swaps), proved, "{id}");
        }
    }

    #[test]
    fn decks_past_the_limit_are_refused() {
        let swaps = find("naive-swap")
            .unwrap()
            .algorithm
            .swap_shuffle(MAX_EXACT_MARKOV_DECK + 1)
            .unwrap();
        assert_eq!(
            exact_position_law(&swaps),
            Err(MarkovError::DeckSize {
                deck: MAX_EXACT_MARKOV_DECK + 1,
                max: MAX_EXACT_MARKOV_DECK
            })
        );
    }
}
