//! From random words to cards: the exact bias of each way of turning a
//! `B`-bit random word into an index `0..k`, per draw and for a whole
//! Fisher–Yates shuffle of `n` cards.
//!
//! A generator gives `B` random bits; a shuffle needs an index below `k`.
//! Unless `k` divides `2^B`, no reduction of one word can be exactly
//! uniform: some results get one word more than others. The methods:
//!
//! - **modulo**, `rand() % k`: the low results get the extra words;
//! - **multiply-shift**, `(k · w) >> B`: the extra words spread across
//!   `0..k`;
//! - **C's double scaling**, `(int)(k * rand() / (RAND_MAX + 1.0))`: the
//!   same as multiply-shift while `k · w < 2^53`; past that, the rounded
//!   product moves results, and from 54 bits (at 52 cards) it rounds the
//!   top words up to `k` itself, an index past the end of the deck;
//! - **JavaScript's** `Math.floor(Math.random() * k)`: a double in `[0, 1)`
//!   holds 53 bits, so from a wider word only the top 53 count;
//! - **rejection**: redraw words at or above `k · floor(2^B / k)`, then
//!   `% k`: exactly uniform, at the cost of a redraw now and then.
//!
//! The shuffle is Durstenfeld's Fisher–Yates (`for i = n − 1 … 1: swap(i,
//! draw(i + 1))`), whose deck is determined by its draws one to one, so
//! its law is the product of the draws' laws ([`ProductLaw`]); its
//! position matrix comes exactly from the one-card Markov chain
//! ([`exact_position_law`]), in whole numbers.

use algorithms::{Draw, MAX_UNIT_DOUBLE_BITS, SwapShuffle, Transposition};
use num_bigint::{BigInt, BigUint, Sign};
use num_traits::{One, Zero};
use stats::hypothesis::audit::{PowerPlan, position_plan};
use stats::law::fraction::{Fraction, ratio_to_f64};
use stats::law::markov::{MarkovError, ProductLaw, exact_position_law};

/// The narrowest and widest words [`bias`] takes.
pub const BITS: std::ops::RangeInclusive<u32> = 8..=64;

/// A way of turning a random word into an index below `k`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[cfg_attr(
    feature = "serde",
    derive(serde::Serialize, serde::Deserialize),
    serde(rename_all = "kebab-case")
)]
pub enum Mapping {
    /// `w % k`.
    Modulo,
    /// `(k · w) >> B`, in whole numbers.
    MultiplyShift,
    /// `(int)(k * w / (RAND_MAX + 1.0))`, in doubles.
    CDouble,
    /// `Math.floor(Math.random() * k)`, `Math.random()` the top 53 bits.
    JsDouble,
    /// Redraw words at or above `k · floor(2^B / k)`, then `w % k`.
    Rejection,
}

impl Mapping {
    /// Every method, in the order tables list them.
    pub const ALL: [Mapping; 5] = [
        Mapping::Modulo,
        Mapping::MultiplyShift,
        Mapping::CDouble,
        Mapping::JsDouble,
        Mapping::Rejection,
    ];

    /// The kebab-case label.
    pub fn label(self) -> &'static str {
        match self {
            Mapping::Modulo => "modulo",
            Mapping::MultiplyShift => "multiply-shift",
            Mapping::CDouble => "c-double",
            Mapping::JsDouble => "js-double",
            Mapping::Rejection => "rejection",
        }
    }

    /// The code it stands for.
    pub fn code(self) -> &'static str {
        match self {
            Mapping::Modulo => "rand() % k",
            Mapping::MultiplyShift => "(k * w) >> B",
            Mapping::CDouble => "(int)(k * rand() / (RAND_MAX + 1.0))",
            Mapping::JsDouble => "Math.floor(Math.random() * k)",
            Mapping::Rejection => "do w = rand(); while (w >= k * (2^B / k)); w % k",
        }
    }

    /// The bits of a `bits`-bit word the method uses.
    pub fn bits_used(self, bits: u32) -> u32 {
        match self {
            Mapping::JsDouble => bits.min(MAX_UNIT_DOUBLE_BITS),
            _ => bits,
        }
    }

    /// The draw of an index below `k` from a `bits`-bit word, or the
    /// number of words it maps past the end (`k` itself).
    pub fn draw(self, bits: u32, k: u64) -> Result<Draw, PastTheEnd> {
        let draw = match self {
            Mapping::Modulo => Draw::WordMod { bits, k },
            Mapping::MultiplyShift => Draw::WordScale { bits, k },
            Mapping::CDouble => Draw::WordDouble { bits, k },
            Mapping::JsDouble => Draw::UnitDouble {
                bits: self.bits_used(bits),
                k,
            },
            Mapping::Rejection => Draw::WordReject { bits, k },
        };
        let words = draw.total_weight() - (0..k).map(|r| draw.weight(r)).sum::<u128>();
        if words > 0 {
            return Err(PastTheEnd { k, words });
        }
        Ok(draw)
    }
}

/// A method that maps some words to `k` itself: an index past the end.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct PastTheEnd {
    /// The draw's `k`.
    pub k: u64,
    /// The words mapped to `k` (a decimal string).
    #[cfg_attr(feature = "serde", serde(with = "decimal"))]
    pub words: u128,
}

/// One draw's bias: its results' weights out of the words behind them.
#[derive(Clone, Debug, PartialEq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct DrawBias {
    /// The number of results.
    pub k: u64,
    /// The fewest and the most words behind one result (decimal strings:
    /// up to 2^64).
    #[cfg_attr(feature = "serde", serde(with = "decimal"))]
    pub min_words: u128,
    /// See `min_words`.
    #[cfg_attr(feature = "serde", serde(with = "decimal"))]
    pub max_words: u128,
    /// The words behind all results (`2^B`, the accepted ones for
    /// rejection).
    #[cfg_attr(feature = "serde", serde(with = "decimal"))]
    pub words: u128,
    /// How many results get the most words.
    pub results_at_max: u64,
    /// `max |k · p_r − 1|`, exactly, rounded once.
    pub max_relative_deviation: f64,
    /// Total variation distance from uniform, exactly, rounded once.
    pub total_variation: f64,
    /// Raw words drawn per result on average (1 except for rejection).
    pub words_per_draw: f64,
}

impl DrawBias {
    /// The bias of `draw` (a reduced draw with `k` results).
    pub fn of(draw: Draw) -> DrawBias {
        let k = draw.outcomes();
        let total = draw.total_weight();
        let weights: Vec<u128> = (0..k as u64).map(|r| draw.weight(r)).collect();
        let min_words = *weights.iter().min().expect("k >= 1");
        let max_words = *weights.iter().max().expect("k >= 1");
        let dev = |w: u128| (k * w).abs_diff(total);
        let worst = dev(min_words).max(dev(max_words));
        let spread: u128 = weights.iter().map(|&w| dev(w)).sum();
        let bits = draw.word_bits().expect("a reduced draw");
        DrawBias {
            k: k as u64,
            min_words,
            max_words,
            words: total,
            results_at_max: weights.iter().filter(|&&w| w == max_words).count() as u64,
            max_relative_deviation: ratio_to_f64(worst, total),
            total_variation: ratio_to_f64(spread, 2 * k * total),
            words_per_draw: ratio_to_f64(1u128 << bits, total),
        }
    }
}

/// A whole shuffle's bias, exactly where it can be.
#[derive(Clone, Debug, PartialEq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct ShuffleBias {
    /// Kullback–Leibler divergence from uniform over the `n!` decks, nats.
    pub kl: f64,
    /// Pearson's χ² divergence from uniform over the `n!` decks.
    pub chi2: f64,
    /// Bounds on the total variation distance from uniform.
    pub total_variation_bounds: (f64, f64),
    /// `P(most likely deck) · n! − 1`, exactly, rounded once.
    pub max_deck_excess: f64,
    /// `1 − P(least likely deck) · n!`, exactly, rounded once.
    pub min_deck_shortfall: f64,
    /// `max |n · P(card at position) − 1|` over the position matrix,
    /// exactly, rounded once.
    pub position_max_relative_deviation: f64,
    /// The position test's plan: its noncentrality per shuffle (from the
    /// exact matrix) and the shuffles it needs.
    pub position_test: PowerPlan,
    /// The fewest shuffles any test needs (Hellinger bound); absent when
    /// the shuffle is exactly uniform and no number would do.
    #[cfg_attr(
        feature = "serde",
        serde(skip_serializing_if = "Option::is_none", default)
    )]
    pub any_test_needs: Option<f64>,
    /// Raw words drawn per shuffle on average.
    pub words_per_shuffle: f64,
}

/// One method's bias for a word width and a deck.
#[derive(Clone, Debug, PartialEq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct MappingBias {
    /// The method.
    pub mapping: Mapping,
    /// The bits of each word it uses.
    pub bits_used: u32,
    /// The first draw of the shuffle, `k = n`, unless it maps words past
    /// the end.
    #[cfg_attr(
        feature = "serde",
        serde(skip_serializing_if = "Option::is_none", default)
    )]
    pub first_draw: Option<DrawBias>,
    /// The largest `max |k · p_r − 1|` over the shuffle's draws, `k = 2 …
    /// n`, unless one maps words past the end.
    #[cfg_attr(
        feature = "serde",
        serde(skip_serializing_if = "Option::is_none", default)
    )]
    pub worst_draw_deviation: Option<f64>,
    /// The whole shuffle, unless a draw maps words past the end.
    #[cfg_attr(
        feature = "serde",
        serde(skip_serializing_if = "Option::is_none", default)
    )]
    pub shuffle: Option<ShuffleBias>,
    /// The shuffle's first draw (from `k = n` down) that maps words past
    /// the end, when one does: then there is no shuffle to speak of.
    #[cfg_attr(
        feature = "serde",
        serde(skip_serializing_if = "Option::is_none", default)
    )]
    pub past_the_end: Option<PastTheEnd>,
}

/// Durstenfeld's Fisher–Yates on `n` cards with `mapping` on `bits`-bit
/// words: `swap(i, draw(i + 1))` for `i = n − 1 … 1`.
pub fn fisher_yates(mapping: Mapping, bits: u32, n: usize) -> Result<SwapShuffle, PastTheEnd> {
    let steps = (1..n)
        .rev()
        .map(|i| {
            Ok(Transposition::with_drawn(
                i,
                mapping.draw(bits, i as u64 + 1)?,
                0,
            ))
        })
        .collect::<Result<_, _>>()?;
    Ok(SwapShuffle { n, steps })
}

/// Every method's bias for `bits`-bit words ([`BITS`]) and a deck of `n`
/// cards (2 … 255), the shuffles a test needs at level `alpha` with
/// probability `power`.
///
/// # Errors
/// [`MarkovError`] when the deck is outside what the exact position
/// matrix takes.
pub fn bias(bits: u32, n: usize, alpha: f64, power: f64) -> Result<Vec<MappingBias>, MarkovError> {
    Mapping::ALL
        .iter()
        .map(|&mapping| mapping_bias(mapping, bits, n, alpha, power))
        .collect()
}

fn mapping_bias(
    mapping: Mapping,
    bits: u32,
    n: usize,
    alpha: f64,
    power: f64,
) -> Result<MappingBias, MarkovError> {
    let (first_draw, worst_draw_deviation, shuffle, past_the_end) =
        match fisher_yates(mapping, bits, n) {
            Ok(swaps) => {
                // Its draws, from k = n down to 2.
                let biases: Vec<DrawBias> = swaps.draws().map(DrawBias::of).collect();
                let worst = biases
                    .iter()
                    .map(|b| b.max_relative_deviation)
                    .fold(0.0, f64::max);
                let shuffle = shuffle_bias(&swaps, &biases, alpha, power)?;
                (biases.into_iter().next(), Some(worst), Some(shuffle), None)
            }
            Err(e) => (
                mapping.draw(bits, n as u64).ok().map(DrawBias::of),
                None,
                None,
                Some(e),
            ),
        };
    Ok(MappingBias {
        mapping,
        bits_used: mapping.bits_used(bits),
        first_draw,
        worst_draw_deviation,
        shuffle,
        past_the_end,
    })
}

fn shuffle_bias(
    swaps: &SwapShuffle,
    draws: &[DrawBias],
    alpha: f64,
    power: f64,
) -> Result<ShuffleBias, MarkovError> {
    let n = swaps.n;
    let product = ProductLaw::of(swaps).expect("Fisher–Yates is a sequential selection");
    // The most likely deck takes the most likely result of every draw:
    // P · n! = Π k · max_w / W; the least likely, the least likely ones.
    let (mut top, mut bottom, mut den) = (BigUint::one(), BigUint::one(), BigUint::one());
    for d in draws {
        top *= BigUint::from(u128::from(d.k) * d.max_words);
        bottom *= BigUint::from(u128::from(d.k) * d.min_words);
        den *= BigUint::from(d.words);
    }
    let max_deck_excess = Fraction::new(&top - &den, den.clone()).to_f64();
    let min_deck_shortfall = Fraction::new(&den - &bottom, den).to_f64();
    let law = exact_position_law(swaps)?;
    let d = BigInt::from_biguint(Sign::Plus, law.denominator.clone());
    let (mut worst, mut squares) = (BigUint::zero(), BigUint::zero());
    for w in &law.weights {
        let diff = (BigInt::from_biguint(Sign::Plus, w.clone()) * n) - &d;
        let diff = diff.magnitude();
        squares += diff * diff;
        if *diff > worst {
            worst = diff.clone();
        }
    }
    let position_max_relative_deviation = Fraction::new(worst, law.denominator.clone()).to_f64();
    // The position test's noncentrality per shuffle,
    // (n − 1)/n · Σ (P − 1/n)² · n = (n − 1)/n · Σ (n W − D)² / (n D²).
    let per_cell = Fraction::new(
        squares,
        &law.denominator * &law.denominator * BigUint::from(n),
    )
    .to_f64();
    let delta = (n as f64 - 1.0) / n as f64 * per_cell;
    Ok(ShuffleBias {
        kl: product.kl,
        chi2: product.chi2,
        total_variation_bounds: product.tv_bounds(),
        max_deck_excess,
        min_deck_shortfall,
        position_max_relative_deviation,
        position_test: position_plan(n, delta, alpha, power),
        any_test_needs: Some(product.shuffles_any_test_needs(alpha, power))
            .filter(|n| n.is_finite()),
        words_per_shuffle: draws.iter().map(|d| d.words_per_draw).sum(),
    })
}

/// Whole numbers up to 2^128 as decimal strings (JSON numbers lose them
/// past 2^53).
#[cfg(feature = "serde")]
mod decimal {
    use serde::{Deserialize, Deserializer, Serializer, de::Error};

    pub(super) fn serialize<S: Serializer>(v: &u128, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_str(&v.to_string())
    }

    pub(super) fn deserialize<'de, D: Deserializer<'de>>(d: D) -> Result<u128, D::Error> {
        String::deserialize(d)?.parse().map_err(D::Error::custom)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The law of Durstenfeld's Fisher–Yates on `n` cards with `mapping`
    /// on `bits`-bit words, by running it on every sequence of words (the
    /// accepted ones for rejection): counts of each deck, and the number
    /// of sequences.
    fn brute_force(mapping: Mapping, bits: u32, n: usize) -> (Vec<(Vec<u8>, u64)>, u64) {
        let draws: Vec<Draw> = (1..n)
            .rev()
            .map(|i| mapping.draw(bits, i as u64 + 1).unwrap())
            .collect();
        let words = 1u64 << bits;
        let mut counts: std::collections::BTreeMap<Vec<u8>, u64> = Default::default();
        let mut total = 0;
        let mut seq = vec![0u64; draws.len()];
        'outer: loop {
            if draws.iter().zip(&seq).all(|(d, &w)| d.accepts(w)) {
                let mut deck: Vec<u8> = (0..n as u8).collect();
                for (step, (d, &w)) in draws.iter().zip(&seq).enumerate() {
                    let i = n - 1 - step;
                    deck.swap(i, d.reduce(w) as usize);
                }
                *counts.entry(deck).or_default() += 1;
                total += 1;
            }
            for w in seq.iter_mut() {
                *w += 1;
                if *w < words {
                    continue 'outer;
                }
                *w = 0;
            }
            break;
        }
        (counts.into_iter().collect(), total)
    }

    #[test]
    fn the_exact_figures_match_running_the_shuffle_on_every_word_sequence() {
        for (bits, n) in [(8u32, 3usize), (5, 4)] {
            for mapping in Mapping::ALL {
                let b = mapping_bias(mapping, bits, n, 0.01, 0.5).unwrap();
                let s = b.shuffle.as_ref().unwrap();
                let (decks, total) = brute_force(mapping, bits, n);
                let fact = (1..=n as u64).product::<u64>() as f64;
                let ps: Vec<f64> = decks
                    .iter()
                    .map(|(_, c)| *c as f64 / total as f64)
                    .collect();
                let kl: f64 = ps.iter().map(|p| p * (p * fact).ln()).sum();
                let chi2: f64 = ps.iter().map(|p| (p * fact - 1.0).powi(2)).sum::<f64>() / fact;
                let close = |a: f64, b: f64| (a - b).abs() <= 1e-9 * b.abs().max(1e-300) + 1e-15;
                let what = format!("{} {bits} bits {n} cards", mapping.label());
                assert_eq!(decks.len() as f64, fact, "{what}: every deck dealt");
                assert!(close(s.kl, kl), "{what}: KL {} vs {kl}", s.kl);
                assert!(close(s.chi2, chi2), "{what}: χ² {} vs {chi2}", s.chi2);
                let max = ps.iter().copied().fold(0.0, f64::max) * fact - 1.0;
                let min = 1.0 - ps.iter().copied().fold(1.0, f64::min) * fact;
                assert!(
                    close(s.max_deck_excess, max),
                    "{what}: {} vs {max}",
                    s.max_deck_excess
                );
                assert!(close(s.min_deck_shortfall, min), "{what}");
                // The position matrix.
                let mut cells = vec![0u64; n * n];
                for (deck, c) in &decks {
                    for (pos, &card) in deck.iter().enumerate() {
                        cells[card as usize * n + pos] += c;
                    }
                }
                let worst = cells
                    .iter()
                    .map(|&c| (c as f64 * n as f64 / total as f64 - 1.0).abs())
                    .fold(0.0, f64::max);
                assert!(close(s.position_max_relative_deviation, worst), "{what}");
                let words: f64 = (2..=n as u64)
                    .map(|k| {
                        let d = mapping.draw(bits, k).unwrap();
                        (1u64 << bits) as f64 / d.total_weight() as f64
                    })
                    .sum();
                assert!(close(s.words_per_shuffle, words), "{what}");
            }
        }
    }

    #[test]
    fn thirty_two_bit_modulo_on_52_cards_by_hand() {
        // 2^32 = 52 · 82,595,524 + 48: 48 results get one word more. Those
        // are 4 / 2^32 above uniform (52 · 82,595,525 − 2^32 = 4), the
        // other four 48 / 2^32 below (2^32 − 52 · 82,595,524 = 48).
        let b = mapping_bias(Mapping::Modulo, 32, 52, 0.01, 0.5).unwrap();
        let d = b.first_draw.unwrap();
        assert_eq!(
            (d.min_words, d.max_words, d.results_at_max),
            (82_595_524, 82_595_525, 48)
        );
        assert_eq!(d.max_relative_deviation, 48.0 / 2f64.powi(32));
        assert_eq!(
            d.total_variation,
            (48.0 * 4.0 + 4.0 * 48.0) / (2.0 * 52.0 * 2f64.powi(32))
        );
        // Rejection is exactly uniform, at a cost of 2^32 / (52 · 82,595,524)
        // words for the first draw.
        let r = mapping_bias(Mapping::Rejection, 32, 52, 0.01, 0.5).unwrap();
        let s = r.shuffle.as_ref().unwrap();
        assert_eq!((s.kl, s.chi2, s.max_deck_excess), (0.0, 0.0, 0.0));
        assert_eq!(s.position_test.shuffles, None);
        assert_eq!(s.any_test_needs, None);
        let first = r.first_draw.unwrap();
        assert_eq!(first.words_per_draw, 2f64.powi(32) / (52.0 * 82_595_524.0));
    }

    #[test]
    fn fifteen_bit_modulo_is_the_registered_fisher_yates_mod15() {
        let reg = algorithms::registry::find("fisher-yates-mod15").unwrap();
        for n in [6usize, 52] {
            let swaps = reg.algorithm.swap_shuffle(n).unwrap();
            let ours = fisher_yates(Mapping::Modulo, 15, n).unwrap();
            let (a, b) = (
                ProductLaw::of(&swaps).unwrap(),
                ProductLaw::of(&ours).unwrap(),
            );
            assert_eq!((a.kl, a.chi2), (b.kl, b.chi2), "{n}");
        }
    }

    #[test]
    fn c_double_on_64_bit_words_runs_past_the_end_of_52_cards() {
        // The top 1,260 words give 52 (see the draw's own test).
        let b = mapping_bias(Mapping::CDouble, 64, 52, 0.01, 0.5).unwrap();
        assert_eq!(b.shuffle, None);
        assert_eq!(
            b.past_the_end,
            Some(PastTheEnd {
                k: 52,
                words: 1_260
            })
        );
        // At 53 bits it stays in range, and its bias is that of a 53-bit
        // multiply-shift wherever k w < 2^53 holds for every word.
        let b = mapping_bias(Mapping::CDouble, 53, 52, 0.01, 0.5).unwrap();
        assert!(b.shuffle.is_some() && b.past_the_end.is_none());
        let exact = mapping_bias(Mapping::MultiplyShift, 47, 52, 0.01, 0.5).unwrap();
        let c = mapping_bias(Mapping::CDouble, 47, 52, 0.01, 0.5).unwrap();
        assert_eq!(exact.shuffle.unwrap().kl, c.shuffle.unwrap().kl);
    }

    #[test]
    fn a_64_bit_word_leaves_a_bias_no_test_can_see() {
        // Modulo on 64-bit words, 52 cards: the worst draw is off by about
        // k / 2^64 ≈ 2.8e-18, and any test needs more than 10^30 shuffles.
        let b = mapping_bias(Mapping::Modulo, 64, 52, 0.01, 0.99).unwrap();
        let worst = b.worst_draw_deviation.unwrap();
        assert!(worst > 0.0 && worst < 3e-18, "{worst}");
        assert!(
            b.shuffle
                .as_ref()
                .unwrap()
                .position_test
                .shuffles
                .unwrap()
                .is_finite()
        );
        let s = b.shuffle.unwrap();
        assert!(s.kl > 0.0 && s.kl < 1e-33, "{}", s.kl);
        let any = s.any_test_needs.unwrap();
        assert!(any > 1e30, "{any}");
        assert!(s.position_max_relative_deviation > 0.0);
    }
}
