//! What a bias is worth to a card player: the expected number of cards
//! guessed right when going through the deck, guessing each card before it
//! is turned over and seeing it after (complete feedback), by a player who
//! knows the shuffle and plays the best strategy.
//!
//! Against a fair deck the best a player can do at each step is any
//! unseen card, right with probability `1 / (cards left)`: `H_n = 1 + 1/2 +
//! ⋯ + 1/n` in all (4.538 for 52 cards). Knowing the law `P` of the deck,
//! the best guess after a prefix is the most likely next card, right with
//! probability `max_c P(prefix · c) / P(prefix)`, so the best expected score
//! is `Σ_t Σ_(prefixes of t cards) max_c P(prefix · c)`
//! ([`expected_correct`]): exact, from the whole law.

use algorithms::{Algorithm, Seeded, Shuffle};
use num_bigint::BigUint;
use rayon::prelude::*;
use stats::law::exact::ExactDistribution;
use stats::law::fraction::Fraction;
use stats::law::perm::factorial;
use std::ops::Range;

/// `H_n`: the expected score of any strategy against a fair deck of `n`.
pub fn harmonic(n: usize) -> f64 {
    (1..=n).rev().map(|k| 1.0 / k as f64).sum()
}

/// `H_n` exactly.
pub fn harmonic_exact(n: usize) -> Fraction {
    let l = (1..=n as u128).fold(1u128, |l, k| l / num_integer::gcd(l, k) * k);
    Fraction::new((1..=n as u128).map(|k| l / k).sum::<u128>(), l)
}

/// The best strategy's expected score against the exact law `law`
/// (arrangements in lexicographic order), exactly; `None` when paths were
/// cut and the law is incomplete.
pub fn expected_correct(law: &ExactDistribution) -> Option<Fraction> {
    if !law.is_complete() {
        return None;
    }
    let n = law.deck;
    // The arrangements starting with a prefix of t cards form a block of
    // (n − t)! consecutive ranks, split by the next card into n − t blocks
    // of (n − t − 1)!.
    let mut total: u128 = 0;
    for t in 0..n {
        let block = factorial(n - t) as usize;
        let sub = factorial(n - t - 1) as usize;
        for b in law.weights.chunks(block) {
            total += b
                .chunks(sub)
                .map(|s| s.iter().sum::<u128>())
                .max()
                .unwrap_or(0);
        }
    }
    Some(Fraction::new(total, law.denominator))
}

/// The best strategy's expected score against a shuffle whose deck is a
/// function of a seed drawn uniformly from `seeds`, exactly: every seed's
/// deck is dealt and the decks sorted, so that the seeds sharing a prefix
/// are consecutive. Memory: `n` bytes per seed.
pub fn seeded_expected_correct(seeded: Seeded, n: usize, seeds: Range<u64>) -> Fraction {
    let identity: Vec<u8> = (0..n as u8).collect();
    let mut decks: Vec<Vec<u8>> = seeds
        .clone()
        .into_par_iter()
        .map(|seed| {
            let mut d = identity.clone();
            seeded.deal(seed, &mut d);
            d
        })
        .collect();
    decks.par_sort_unstable();
    let mut total: u64 = 0;
    for t in 0..n {
        let mut i = 0;
        while i < decks.len() {
            // The run of decks sharing the first t cards of deck i, and
            // within it the longest run sharing t + 1.
            let mut j = i;
            let mut best = 0u64;
            while j < decks.len() && decks[j][..t] == decks[i][..t] {
                let mut k = j;
                while k < decks.len() && decks[k][..=t] == decks[j][..=t] {
                    k += 1;
                }
                best = best.max((k - j) as u64);
                j = k;
            }
            total += best;
            i = j;
        }
    }
    Fraction::new(BigUint::from(total), BigUint::from(decks.len() as u64))
}

/// A strategy built from a position matrix `m[card * n + position]` (the
/// probability that a card ends at a position): at each position, guess
/// the unseen card most likely to be there.
#[derive(Clone, Debug)]
pub struct PositionStrategy {
    n: usize,
    /// For each position, the cards from most to least likely there.
    order: Vec<Vec<u8>>,
}

impl PositionStrategy {
    /// The strategy of the matrix `m` of `n` cards.
    pub fn new(n: usize, m: &[f64]) -> Self {
        let order = (0..n)
            .map(|p| {
                let mut cards: Vec<u8> = (0..n as u8).collect();
                // Most likely first; the lower card first on ties.
                cards.sort_by(|&a, &b| {
                    m[b as usize * n + p]
                        .total_cmp(&m[a as usize * n + p])
                        .then(a.cmp(&b))
                });
                cards
            })
            .collect();
        PositionStrategy { n, order }
    }

    /// The cards it guesses right on `deck`.
    pub fn play(&self, deck: &[u8]) -> u32 {
        let mut seen = [false; 256];
        let mut right = 0;
        for (p, &card) in deck.iter().enumerate() {
            let guess = self.order[p]
                .iter()
                .copied()
                .find(|&c| !seen[c as usize])
                .expect("an unseen card is left");
            right += u32::from(guess == card);
            seen[card as usize] = true;
        }
        right
    }

    /// The number of cards.
    pub fn deck(&self) -> usize {
        self.n
    }
}

/// The strategy's score on `shuffles` decks of `algorithm` dealt with
/// `seed` (the chunked generator of [`stats::sample`]): the mean and the
/// half-width of its 99 % confidence interval (normal, from the sample
/// variance). The same for any number of threads. `progress` is called
/// after each chunk with its number of decks.
pub fn sampled_score(
    algorithm: &Algorithm,
    strategy: &PositionStrategy,
    shuffles: u64,
    seed: u64,
    progress: &(dyn Fn(u64) + Sync),
) -> (f64, f64) {
    use stats::sample::{CHUNK, Sampler, chunk_rng, scratch_deck};
    let n = strategy.deck();
    let identity: Vec<u8> = (0..n as u8).collect();
    let (sum, squares): (u64, u64) = (0..shuffles.div_ceil(CHUNK))
        .into_par_iter()
        .map(|c| {
            let mut src = Sampler::new(chunk_rng(seed, c));
            let mut d = scratch_deck(&identity);
            let (mut s, mut q) = (0u64, 0u64);
            let decks = CHUNK.min(shuffles - c * CHUNK);
            for _ in 0..decks {
                d.clone_from(&identity);
                algorithm.shuffle(&mut d, &mut src);
                let r = u64::from(strategy.play(&d));
                s += r;
                q += r * r;
            }
            progress(decks);
            (s, q)
        })
        .reduce(|| (0, 0), |a, b| (a.0 + b.0, a.1 + b.1));
    let k = shuffles as f64;
    let mean = sum as f64 / k;
    let var = (squares as f64 / k - mean * mean).max(0.0) * k / (k - 1.0).max(1.0);
    (mean, 2.575_829_303_548_901 * (var / k).sqrt())
}

#[cfg(test)]
mod tests {
    use super::*;
    use algorithms::registry::find;
    use stats::law::exact::{Limits, exact_distribution};

    fn law(id: &str, n: usize) -> ExactDistribution {
        exact_distribution(&find(id).unwrap().algorithm, n, &Limits::default()).unwrap()
    }

    #[test]
    fn a_fair_deck_gives_the_harmonic_number() {
        for n in 2..=7 {
            assert_eq!(
                expected_correct(&law("fisher-yates", n)).unwrap(),
                harmonic_exact(n),
                "{n}"
            );
        }
        assert_eq!(harmonic_exact(3).to_string(), "11/6");
        assert!((harmonic(52) - 4.538_043_950_0).abs() < 1e-9);
    }

    #[test]
    fn the_naive_swap_on_three_cards_by_hand() {
        // ABC 4, ACB 5, BAC 5, BCA 5, CAB 4, CBA 4 (of 27). First card:
        // B, 10 of 27. Second: after A, C (5); after B, either (5); after
        // C, either (4): 14 of 27. Third: always right, 27 of 27.
        // (10 + 14 + 27) / 27 = 17/9.
        assert_eq!(
            expected_correct(&law("naive-swap", 3)).unwrap().to_string(),
            "17/9"
        );
        // Sattolo on 3 cards deals 120 or 201 (the two 3-cycles), half
        // each: the first card is a coin toss (1/2), then the other two
        // are known (1 + 1): 5/2.
        assert_eq!(
            expected_correct(&law("sattolo", 3)).unwrap().to_string(),
            "5/2"
        );
    }

    #[test]
    fn the_position_strategy_scores_what_it_should() {
        // Fair: any strategy scores H_n on average; the 99 % interval
        // covers it (fixed seed; it would miss 1 time in 100).
        let fy = find("fisher-yates").unwrap().algorithm;
        let flat = vec![1.0 / 52.0; 52 * 52];
        let s = PositionStrategy::new(52, &flat);
        let (mean, hw) = sampled_score(&fy, &s, 200_000, 3, &|_| {});
        assert!((mean - harmonic(52)).abs() <= hw, "{mean} ± {hw}");
        // The naive swap at 52 cards, with its exact position matrix: the
        // lower end of the interval is above H_52.
        let swaps = find("naive-swap")
            .unwrap()
            .algorithm
            .swap_shuffle(52)
            .unwrap();
        let m = stats::law::markov::position_law(&swaps).unwrap();
        let s = PositionStrategy::new(52, &m.matrix);
        let naive = find("naive-swap").unwrap().algorithm;
        let (mean, hw) = sampled_score(&naive, &s, 200_000, 3, &|_| {});
        assert!(mean - hw > harmonic(52) + 0.1, "{mean} ± {hw}");
        // On a small deck the strategy cannot beat the best one.
        let small = stats::law::markov::position_law(
            &find("naive-swap")
                .unwrap()
                .algorithm
                .swap_shuffle(5)
                .unwrap(),
        )
        .unwrap();
        let s = PositionStrategy::new(5, &small.matrix);
        let best = expected_correct(&law("naive-swap", 5)).unwrap().to_f64();
        let (mean, hw) = sampled_score(&naive, &s, 200_000, 4, &|_| {});
        assert!(mean - hw <= best, "{mean} ± {hw} vs {best}");
    }

    #[test]
    fn a_seed_of_the_day_gives_the_deck_away() {
        // After a few cards the second is known and every card after it:
        // exact over the 86,400 seconds.
        let s = find("poker-fixed-time")
            .unwrap()
            .algorithm
            .seeded()
            .unwrap();
        let e = seeded_expected_correct(s, 52, s.seeds()).to_f64();
        assert!(e > 46.0 && e < 49.0, "{e}");
        // On 3 cards the 86,400 seeds give the law the enumerator gives.
        let small = seeded_expected_correct(s, 3, s.seeds());
        assert_eq!(
            small,
            expected_correct(&law("poker-fixed-time", 3)).unwrap()
        );
    }
}
