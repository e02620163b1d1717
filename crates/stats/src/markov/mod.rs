//! Exact position matrices of swap-based shuffles, for any deck size, and
//! exact divergences of the shuffles whose law is a product of their draws.
//!
//! # Method
//! In a swap-based shuffle ([`SwapShuffle`]) each step exchanges two
//! positions chosen independently of the cards, so one card's position
//! moves as a Markov chain: from `p` it goes to `b` when the step's first
//! position is `p`, to `a` when its second is, and stays otherwise. Pushing
//! the start distribution of every card through the steps gives the exact
//! position matrix in `O(n)` work per card and step, `O(n^3)` in all (1000
//! cards in well under a second on 2 cores; rows run in parallel). The
//! probabilities are computed in `f64` from the draws' exact integer
//! weights: no sampling noise, only rounding (below 1e-13 at 1000 cards;
//! the tests compare with exact enumeration on small decks).
//!
//! A *sequential selection* (Fisher–Yates from either end, Sattolo, and the
//! seeds' variants of them; [`SwapShuffle::is_sequential_selection`]) maps
//! distinct draw sequences to distinct decks, so the probability of a deck
//! is the product of its draws' probabilities. Divergences from the uniform
//! law then factorise over the draws and are exact for any deck:
//! [`ProductLaw`].

pub mod exact;
mod product;

pub use exact::{ExactPositionLaw, MAX_EXACT_MARKOV_DECK, exact_position_law, proves_uniform};
pub use product::ProductLaw;

use crate::audit::{PowerPlan, position_noncentrality, position_plan};
use crate::hypothesis::{binomial_two_sided, chi2_critical, noncentral_chi2_sf};
use algorithms::{Slot, SwapShuffle};
use rayon::prelude::*;
use thiserror::Error;

/// The largest deck [`position_law`] accepts: `O(n^3)` work, about 69 times
/// that of 1000 cards (0.2–0.5 s on 2 cores, `scripts/bench-markov.sh`).
pub const MAX_MARKOV_DECK: usize = 4096;

/// Relative deviations from `1/n` at or below this are rounding, not bias:
/// see [`PositionLaw::is_flat`].
pub const FLAT_TOLERANCE: f64 = 1e-9;

/// Why a position law cannot be computed.
#[derive(Debug, Error, Clone, PartialEq, Eq)]
pub enum MarkovError {
    /// The deck is outside the sizes allowed.
    #[error("deck size {deck} is not allowed for the exact position matrix: use 1..={max}")]
    DeckSize {
        /// The size asked for.
        deck: usize,
        /// The largest size allowed.
        max: usize,
    },
    /// A step names a position past the end of the deck (a bug in a
    /// description).
    #[error("a step of the shuffle reaches position {position} of a {deck}-card deck")]
    OutOfDeck {
        /// The position.
        position: usize,
        /// The deck size.
        deck: usize,
    },
}

/// The exact position matrix of a shuffle: `probability(card, position)`.
#[derive(Clone, Debug, PartialEq)]
pub struct PositionLaw {
    /// Number of cards.
    pub deck: usize,
    /// Row-major: `matrix[card * deck + position]`.
    pub matrix: Vec<f64>,
    /// Random transpositions the chain went through.
    pub steps: usize,
}

/// A sampled cell tested against an exact position matrix.
#[derive(Clone, Copy, Debug, PartialEq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct CellTest {
    /// The card.
    pub card: usize,
    /// Its position.
    pub position: usize,
    /// How often the samples put it there.
    pub count: u64,
    /// How often the exact law expects it: `N p`.
    pub expected: f64,
    /// The exact two-sided binomial p-value of `count`.
    pub p_value: f64,
    /// `p_value` times the number of cells (Bonferroni), at most 1.
    pub family_p: f64,
}

/// One cell of a position matrix.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Cell {
    /// The card (its starting position).
    pub card: usize,
    /// Where it ends.
    pub position: usize,
    /// The probability.
    pub probability: f64,
}

impl Cell {
    /// `(p - 1/n) / (1/n)`: how far the cell is from uniform, relative.
    pub fn relative_deviation(&self, deck: usize) -> f64 {
        self.probability * deck as f64 - 1.0
    }
}

/// A step, prepared once for every row.
enum Prepared {
    /// Exchange two fixed positions.
    Fixed(usize, usize),
    /// Exchange a fixed position with one drawn from `offset..offset + w.len()`.
    OneDrawn {
        fixed: usize,
        offset: usize,
        w: Vec<f64>,
    },
    /// Both drawn, independently, from the same law (dense probabilities).
    SameLaw { w: Vec<f64> },
    /// Both drawn: dense probabilities of each position.
    BothDrawn { wa: Vec<f64>, wb: Vec<f64> },
}

fn slot_probabilities(slot: Slot, n: usize) -> Vec<f64> {
    let mut w = vec![0.0; n];
    let total = slot.total_weight() as f64;
    for (p, weight) in slot.weights() {
        w[p] = weight as f64 / total;
    }
    w
}

/// Checks that a deck of `n` cards is in `1..=max`.
fn deck_up_to(n: usize, max: usize) -> Result<(), MarkovError> {
    if (1..=max).contains(&n) {
        Ok(())
    } else {
        Err(MarkovError::DeckSize { deck: n, max })
    }
}

/// Checks that both of a step's positions lie in a deck of `n` cards.
fn within_deck(step: &algorithms::Transposition, n: usize) -> Result<(), MarkovError> {
    for slot in [step.a, step.b] {
        let position = slot.max_position();
        if position >= n {
            return Err(MarkovError::OutOfDeck { position, deck: n });
        }
    }
    Ok(())
}

fn prepare(swaps: &SwapShuffle) -> Result<Vec<Prepared>, MarkovError> {
    let n = swaps.n;
    swaps
        .steps
        .iter()
        .map(|step| {
            within_deck(step, n)?;
            Ok(match (step.a, step.b) {
                (Slot::At(a), Slot::At(b)) => Prepared::Fixed(a, b),
                (Slot::At(fixed), drawn @ Slot::Drawn { draw, offset })
                | (drawn @ Slot::Drawn { draw, offset }, Slot::At(fixed)) => {
                    let total = drawn.total_weight() as f64;
                    let w = (0..draw.outcomes() as u64)
                        .map(|r| draw.weight(r) as f64 / total)
                        .collect();
                    Prepared::OneDrawn { fixed, offset, w }
                }
                (a, b) if a == b => Prepared::SameLaw {
                    w: slot_probabilities(a, n),
                },
                (a, b) => Prepared::BothDrawn {
                    wa: slot_probabilities(a, n),
                    wb: slot_probabilities(b, n),
                },
            })
        })
        .collect()
}

/// Pushes one card's position distribution `row` through one step.
#[inline]
fn advance(row: &mut [f64], step: &Prepared) {
    match step {
        Prepared::Fixed(a, b) => row.swap(*a, *b),
        Prepared::OneDrawn { fixed, offset, w } => {
            // The card at `fixed` goes to the drawn position; a card at a
            // drawn position q comes to `fixed` with probability w(q).
            let pa = row[*fixed];
            let mut to_fixed = 0.0;
            for (pq, &wq) in row[*offset..*offset + w.len()].iter_mut().zip(w) {
                to_fixed += *pq * wq;
                *pq += wq * (pa - *pq);
            }
            row[*fixed] = to_fixed;
        }
        Prepared::SameLaw { w } => {
            // The general case below with wa = wb = w: it stays with
            // probability 1 - 2w + 2w², arrives with 2 w(q) Σ_p P(p) w(p).
            let s: f64 = row.iter().zip(w).map(|(p, w)| p * w).sum();
            for (pq, &w) in row.iter_mut().zip(w) {
                *pq += 2.0 * w * (s - *pq);
            }
        }
        Prepared::BothDrawn { wa, wb } => {
            // From p to q != p: a = p and b = q, or b = p and a = q. It stays
            // when neither position is p or both are.
            let sa: f64 = row.iter().zip(wa).map(|(p, w)| p * w).sum();
            let sb: f64 = row.iter().zip(wb).map(|(p, w)| p * w).sum();
            for ((pq, &a), &b) in row.iter_mut().zip(wa).zip(wb) {
                let stay = 1.0 - a - b + 2.0 * a * b;
                *pq = *pq * stay + b * (sa - *pq * a) + a * (sb - *pq * b);
            }
        }
    }
}

/// The exact position matrix of a swap-based shuffle, by the one-card
/// Markov chain.
///
/// # Errors
/// [`MarkovError`] when the deck is empty or larger than
/// [`MAX_MARKOV_DECK`], or a step leaves the deck.
pub fn position_law(swaps: &SwapShuffle) -> Result<PositionLaw, MarkovError> {
    let n = swaps.n;
    deck_up_to(n, MAX_MARKOV_DECK)?;
    let steps = prepare(swaps)?;
    let mut matrix = vec![0.0; n * n];
    matrix
        .par_chunks_mut(n)
        .enumerate()
        .for_each(|(card, row)| {
            row[card] = 1.0;
            for step in &steps {
                advance(row, step);
            }
        });
    Ok(PositionLaw {
        deck: n,
        matrix,
        steps: steps.len(),
    })
}

/// The position matrix with every cell the exact value correctly rounded
/// ([`exact_position_law`]) up to [`MAX_EXACT_MARKOV_DECK`] cards, and the
/// float chain ([`position_law`], rounding below 1e-13) above.
///
/// # Errors
/// As [`position_law`].
pub fn rounded_position_law(swaps: &SwapShuffle) -> Result<PositionLaw, MarkovError> {
    if swaps.n <= MAX_EXACT_MARKOV_DECK {
        exact_position_law(swaps).map(|law| law.rounded())
    } else {
        position_law(swaps)
    }
}

impl PositionLaw {
    /// `P(card ends at position)`.
    pub fn probability(&self, card: usize, position: usize) -> f64 {
        self.matrix[card * self.deck + position]
    }

    /// The matrix as rows (one per card), as [`crate::ExactDistribution::position_matrix`] gives it.
    pub fn rows(&self) -> Vec<Vec<f64>> {
        self.matrix.chunks(self.deck).map(<[f64]>::to_vec).collect()
    }

    fn cells(&self) -> impl Iterator<Item = Cell> + '_ {
        self.matrix.iter().enumerate().map(|(i, &p)| Cell {
            card: i / self.deck,
            position: i % self.deck,
            probability: p,
        })
    }

    /// The most likely cell (the first in row-major order on ties).
    pub fn max_cell(&self) -> Cell {
        self.cells()
            .reduce(|m, c| if c.probability > m.probability { c } else { m })
            .expect("a deck has at least one card")
    }

    /// The cell of sampled `counts` (rows by card) from `shuffles` shuffles
    /// that this law explains worst, by an exact two-sided binomial test
    /// per cell (each cell's count is Binomial(`shuffles`, p)), with its
    /// p-value Bonferroni-adjusted over the `n²` cells. Exact at any
    /// number of shuffles; a count in a cell the law makes impossible gives
    /// p = 0.
    pub fn furthest_cell(&self, counts: &[Vec<u64>], shuffles: u64) -> CellTest {
        let mut worst: Option<CellTest> = None;
        for (card, row) in counts.iter().enumerate() {
            for (position, &count) in row.iter().enumerate() {
                let p = self.probability(card, position).clamp(0.0, 1.0);
                let p_value = binomial_two_sided(count, shuffles, p);
                if worst.as_ref().is_none_or(|w| p_value < w.p_value) {
                    worst = Some(CellTest {
                        card,
                        position,
                        count,
                        expected: shuffles as f64 * p,
                        p_value,
                        family_p: 0.0,
                    });
                }
            }
        }
        let mut w = worst.expect("a deck has at least one card");
        w.family_p = (w.p_value * (self.deck * self.deck) as f64).min(1.0);
        w
    }

    /// The least likely cell (the first in row-major order on ties).
    pub fn min_cell(&self) -> Cell {
        self.cells()
            .reduce(|m, c| if c.probability < m.probability { c } else { m })
            .expect("a deck has at least one card")
    }

    /// The expected number of cards that end where they started: the trace.
    pub fn expected_fixed_points(&self) -> f64 {
        (0..self.deck).map(|i| self.probability(i, i)).sum()
    }

    /// The largest `|row sum - 1|` or `|column sum - 1|`: rounding only,
    /// since every row and column of a position matrix sums to 1.
    pub fn rounding_error(&self) -> f64 {
        let n = self.deck;
        let rows = self.matrix.chunks(n).map(|r| r.iter().sum::<f64>());
        let columns = (0..n).map(|j| (0..n).map(|i| self.probability(i, j)).sum::<f64>());
        rows.chain(columns)
            .map(|s| (s - 1.0).abs())
            .fold(0.0, f64::max)
    }

    /// The position test's noncentrality per shuffle,
    /// `(n-1)/n · Σ (p - 1/n)² / (1/n)`, as [`crate::audit::power_plan`]
    /// defines it.
    pub fn noncentrality_per_shuffle(&self) -> f64 {
        position_noncentrality(self.deck, self.matrix.iter().copied())
    }

    /// Whether every cell is `1/n` up to rounding: no cell deviates by more
    /// than [`FLAT_TOLERANCE`] relative. The chain's rounding stays below
    /// 1e-13 at 1000 cards; the smallest real deviation of the registry's
    /// algorithms at 52 cards, 15-bit arithmetic, is about 1e-3.
    pub fn is_flat(&self) -> bool {
        let n = self.deck as f64;
        self.matrix
            .iter()
            .all(|p| (p * n - 1.0).abs() <= FLAT_TOLERANCE)
    }

    /// The position test's plan: how many shuffles it needs to reject at
    /// level `alpha` with probability `power` (noncentral chi-square with
    /// `(n-1)^2` degrees of freedom). A flat matrix ([`Self::is_flat`]) has
    /// noncentrality 0 and no number of shuffles.
    pub fn position_plan(&self, alpha: f64, power: f64) -> PowerPlan {
        let delta = if self.is_flat() {
            0.0
        } else {
            self.noncentrality_per_shuffle()
        };
        position_plan(self.deck, delta, alpha, power)
    }

    /// The probability that the position test rejects at level `alpha` after
    /// `shuffles` shuffles (same approximation as [`Self::position_plan`]).
    pub fn position_power_at(&self, shuffles: f64, alpha: f64) -> f64 {
        let df = ((self.deck - 1) * (self.deck - 1)) as f64;
        if df == 0.0 {
            return 0.0;
        }
        let c = chi2_critical(df, alpha);
        noncentral_chi2_sf(c, df, shuffles * self.noncentrality_per_shuffle())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::exact::{Limits, exact_distribution};
    use algorithms::registry::{REGISTRY, find};

    fn swaps(id: &str, n: usize) -> SwapShuffle {
        find(id).unwrap().algorithm.swap_shuffle(n).unwrap()
    }

    #[test]
    fn the_chain_gives_the_enumerated_matrix_for_every_swap_based_algorithm() {
        let mut checked = Vec::new();
        for entry in REGISTRY {
            // Two draws per step: (n^2)^n paths, 2.2e9 at 6 cards.
            let largest = if entry.id == "random-pairs-swap" {
                5
            } else {
                6
            };
            for n in 1..=largest {
                let Some(s) = entry.algorithm.swap_shuffle(n) else {
                    continue;
                };
                let chain = position_law(&s).unwrap();
                let law = exact_distribution(&entry.algorithm, n, &Limits::for_exact(entry.exact))
                    .unwrap();
                for (card, row) in law.position_matrix().iter().enumerate() {
                    for (position, &e) in row.iter().enumerate() {
                        let c = chain.probability(card, position);
                        assert!(
                            (c - e).abs() < 1e-13,
                            "{} on {n} cards, card {card} at {position}: chain {c}, enumeration {e}",
                            entry.id
                        );
                    }
                }
                checked.push((entry.id, n));
            }
        }
        // Every registered swap-based shuffle, on every deck it was meant to
        // be checked on (read from the registry, not counted by hand).
        let swap_based: Vec<&str> = REGISTRY
            .iter()
            .filter(|e| e.algorithm.swap_shuffle(3).is_some())
            .map(|e| e.id)
            .collect();
        assert!(swap_based.contains(&"naive-swap") && swap_based.contains(&"fisher-yates"));
        for id in &swap_based {
            let largest = if *id == "random-pairs-swap" { 5 } else { 6 };
            for n in 1..=largest {
                assert!(checked.contains(&(id, n)), "{id} on {n} cards not checked");
            }
        }
        assert_eq!(checked.len(), 6 * swap_based.len() - 1);
    }

    #[test]
    fn fisher_yates_is_flat_and_sattolo_moves_every_card_at_1000_cards() {
        let fy = position_law(&swaps("fisher-yates", 1000)).unwrap();
        assert!(fy.is_flat());
        assert_eq!(fy.position_plan(1e-6, 0.99).shuffles, None);
        let worst = fy
            .matrix
            .iter()
            .map(|p| (p * 1000.0 - 1.0).abs())
            .fold(0.0, f64::max);
        assert!(worst < 1e-10, "relative deviation {worst}");
        assert!(fy.rounding_error() < 1e-12);
        let sattolo = position_law(&swaps("sattolo", 1000)).unwrap();
        assert_eq!(sattolo.expected_fixed_points(), 0.0);
        // Off the diagonal, Sattolo's cycles are flat: 1/(n-1).
        assert!((sattolo.probability(0, 1) * 999.0 - 1.0).abs() < 1e-10);
    }

    #[test]
    fn the_naive_swap_at_52_cards_is_far_from_flat() {
        let law = position_law(&swaps("naive-swap", 52)).unwrap();
        assert!(law.rounding_error() < 1e-14);
        // Cells 20 % above and below 1/52; sampling 200,000 decks (next test)
        // sees them, so the position test needs far fewer than 10^5.
        assert!(
            law.max_cell().relative_deviation(52) > 0.2,
            "{:?}",
            law.max_cell()
        );
        assert!(
            law.min_cell().relative_deviation(52) < -0.2,
            "{:?}",
            law.min_cell()
        );
        assert!(law.position_plan(1e-6, 0.99).shuffles.unwrap() < 1e5);
    }

    #[test]
    fn sampled_positions_fall_in_the_exact_band() {
        // 200,000 naive swaps of 52 cards: each count is Binomial(N, p) with
        // the exact p. A count outside N p ± 5.5 sd has probability 3.8e-8
        // per cell, 1e-4 for the 2,704 cells together.
        use crate::sample::{Positions, sample};
        let n = 52;
        let shuffles = 200_000u64;
        let law = position_law(&swaps("naive-swap", n)).unwrap();
        let entry = find("naive-swap").unwrap();
        let counts: Positions = sample(
            &entry.algorithm,
            n,
            shuffles,
            3,
            || Positions::new(n),
            &|_| {},
        );
        let mut worst: f64 = 0.0;
        for card in 0..n {
            for position in 0..n {
                let p = law.probability(card, position);
                let mean = shuffles as f64 * p;
                let sd = (mean * (1.0 - p)).sqrt();
                let c = counts.counts[card * n + position] as f64;
                worst = worst.max((c - mean).abs() / sd);
            }
        }
        assert!(worst < 5.5, "a cell is {worst:.2} sd from its exact mean");
        // And the band is tight enough to tell the chain from uniform: the
        // same counts lie far outside the uniform band somewhere.
        let u = 1.0 / n as f64;
        let sd_u = (shuffles as f64 * u * (1.0 - u)).sqrt();
        let off_uniform = counts
            .counts
            .iter()
            .map(|&c| (c as f64 - shuffles as f64 * u).abs() / sd_u)
            .fold(0.0, f64::max);
        assert!(off_uniform > 20.0, "{off_uniform}");
    }

    #[test]
    fn the_furthest_cell_test_holds_at_any_sample_size() {
        use crate::sample::{Positions, sample};
        let n = 52;
        let naive = position_law(&swaps("naive-swap", n)).unwrap();
        let fair = position_law(&swaps("fisher-yates", n)).unwrap();
        let counts = |id: &str, shuffles: u64, seed: u64| {
            let entry = find(id).unwrap();
            sample(
                &entry.algorithm,
                n,
                shuffles,
                seed,
                || Positions::new(n),
                &|_| {},
            )
            .counts
            .chunks(n)
            .map(<[u64]>::to_vec)
            .collect::<Vec<_>>()
        };
        // A handful of shuffles cannot disagree with the right law: the
        // exact tail of one count of 1 where p = 1/52 is 2/52, times 2,704
        // cells (a normal z would call it 7.1 sd and cry wolf).
        for shuffles in 1..=10 {
            for (id, law) in [("fisher-yates", &fair), ("naive-swap", &naive)] {
                let t = law.furthest_cell(&counts(id, shuffles, 1), shuffles);
                assert_eq!(t.family_p, 1.0, "{id}, {shuffles} shuffles: {t:?}");
            }
        }
        // 100,000 naive swaps: against their own law the family-wise p is
        // uniform (it falls below 1e-4 with probability at most 1e-4);
        // against the uniform law it is crushing.
        let shuffles = 100_000;
        let c = counts("naive-swap", shuffles, 2);
        let own = naive.furthest_cell(&c, shuffles);
        assert!(own.family_p > 1e-4, "{own:?}");
        let wrong = fair.furthest_cell(&c, shuffles);
        assert!(wrong.family_p < 1e-50, "{wrong:?}");
        // A count the law makes impossible: Sattolo never leaves a card put.
        let sattolo = position_law(&swaps("sattolo", 4)).unwrap();
        let mut odd = vec![vec![100u64; 4]; 4];
        for (i, row) in odd.iter_mut().enumerate() {
            row[i] = 0;
        }
        assert_eq!(sattolo.furthest_cell(&odd, 300).family_p, 1.0);
        odd[2][2] = 1;
        let t = sattolo.furthest_cell(&odd, 300);
        assert_eq!((t.card, t.position, t.count, t.family_p), (2, 2, 1, 0.0));
    }

    /// The position matrix by walking every draw sequence of `swaps`.
    fn brute_matrix(swaps: &SwapShuffle) -> Vec<f64> {
        let n = swaps.n;
        let draws: Vec<algorithms::Draw> = swaps.draws().collect();
        let mut matrix = vec![0.0; n * n];
        let mut script = vec![0u64; draws.len()];
        loop {
            let p: f64 = draws
                .iter()
                .zip(&script)
                .map(|(d, &r)| d.weight(r) as f64 / d.total_weight() as f64)
                .product();
            if p > 0.0 {
                let mut deck: Vec<usize> = (0..n).collect();
                swaps.apply(&mut deck, &mut algorithms::Scripted::new(script.clone()));
                for (position, &card) in deck.iter().enumerate() {
                    matrix[card * n + position] += p;
                }
            }
            // Odometer over the results of every draw.
            let mut i = draws.len();
            loop {
                if i == 0 {
                    return matrix;
                }
                i -= 1;
                script[i] += 1;
                if (script[i] as u128) < draws[i].outcomes() {
                    break;
                }
                script[i] = 0;
            }
        }
    }

    #[test]
    fn steps_with_two_different_draws_follow_the_general_formula() {
        use algorithms::{Draw, Transposition};
        let a = Slot::Drawn {
            draw: Draw::Below(3),
            offset: 0,
        };
        let b = Slot::Drawn {
            draw: Draw::WordMod { bits: 2, k: 3 },
            offset: 1,
        };
        let swaps = SwapShuffle {
            n: 4,
            steps: vec![
                Transposition { a, b },
                Transposition::with_drawn(3, Draw::Below(4), 0),
                Transposition { a: b, b: a },
                Transposition {
                    a: Slot::At(0),
                    b: Slot::At(2),
                },
            ],
        };
        let chain = position_law(&swaps).unwrap();
        let brute = brute_matrix(&swaps);
        for (c, b) in chain.matrix.iter().zip(&brute) {
            assert!((c - b).abs() < 1e-14, "chain {c}, brute force {b}");
        }
        assert!(chain.rounding_error() < 1e-14);
    }

    #[test]
    fn bad_decks_are_named() {
        let e = position_law(&SwapShuffle {
            n: 0,
            steps: Vec::new(),
        })
        .unwrap_err();
        assert_eq!(
            e.to_string(),
            "deck size 0 is not allowed for the exact position matrix: use 1..=4096"
        );
        let mut s = swaps("naive-swap", 5);
        s.n = 4;
        assert_eq!(
            position_law(&s).unwrap_err(),
            MarkovError::OutOfDeck {
                position: 4,
                deck: 4
            }
        );
    }
}
