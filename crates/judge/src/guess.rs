//! What a bias is worth to a card player who knows the shuffle: the cards
//! guessed right going through the deck, by the most exact method the
//! algorithm and deck allow, decided here.
//!
//! ```
//! let entry = algorithms::registry::find("naive-swap").unwrap();
//! let g = judge::guess::guess(entry, 3, 1_000, 1);
//! // 3 cards are enumerated: the best strategy's score, exactly.
//! assert_eq!(g.method, judge::guess::Method::ExactLaw);
//! assert!(g.advantage > 0.0);
//! ```

use algorithms::Entry;
use serde::{Deserialize, Serialize};
use studies::guess::{
    PositionStrategy, expected_correct, harmonic, sampled_score, seeded_expected_correct,
};

/// The most seeds whose decks are all dealt for the exact figure.
pub const MAX_SEEDS: u64 = 1 << 20;
/// The largest deck whose law is enumerated for the exact figure.
pub const MAX_EXACT: usize = 8;
/// The fewest decks a sampled score is averaged over: its interval is a
/// normal one, which one deck (a standard deviation of 0) cannot give.
pub const MIN_SCORED: u64 = 1000;

/// How a score was obtained.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Method {
    /// The best strategy, from the enumerated law.
    ExactLaw,
    /// The best strategy, from the deck of every seed.
    Seeds,
    /// A strategy built from the exact position matrix, its score sampled.
    PositionMatrix,
    /// A strategy built from a position matrix sampled with another seed,
    /// its score sampled.
    SampledPositionMatrix,
}

/// `shuffle-audit guess --json`: the expected number of cards a player
/// who knows the shuffle guesses right, against a fair deck's `H_n`.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Guess {
    /// Algorithm id.
    pub algorithm: String,
    /// Number of cards.
    pub deck: usize,
    /// How the figure was obtained.
    pub method: Method,
    /// The expected number of cards guessed right.
    pub expected_correct: f64,
    /// The same as a reduced fraction, when exact.
    #[serde(skip_serializing_if = "Option::is_none", default)]
    pub expected_correct_exact: Option<String>,
    /// The 99 % confidence interval of a sampled score.
    #[serde(skip_serializing_if = "Option::is_none", default)]
    pub interval_99: Option<(f64, f64)>,
    /// A fair deck's score, `H_n`.
    pub fair: f64,
    /// `expected_correct − fair` (for a sampled score, the lower end of
    /// the interval minus `fair`: a lower bound on what the best strategy
    /// gains).
    pub advantage: f64,
    /// Decks the score was sampled on, and their seed.
    #[serde(skip_serializing_if = "Option::is_none", default)]
    pub shuffles: Option<u64>,
    /// See `shuffles`.
    #[serde(skip_serializing_if = "Option::is_none", default)]
    pub seed: Option<u64>,
}

/// The best strategy's exact score on `law` (the cards guessed right on
/// average, going through the deck and seeing each card after guessing
/// it); `None` when the law is not complete (paths were cut).
pub fn exact_score(law: &stats::ExactDistribution) -> Option<stats::Fraction> {
    expected_correct(law)
}

/// The score of `entry` on `deck` cards, by the first method that
/// applies: every seed's deck (a seeded shuffle of at most [`MAX_SEEDS`]
/// seeds), the enumerated law (up to [`MAX_EXACT`] cards), else a strategy
/// from the exact position matrix (a swap shuffle) or from one sampled
/// with `seed + 1`, scored on `shuffles` decks of `seed` (at least
/// [`MIN_SCORED`], which the caller checks).
pub fn guess(entry: &Entry, deck: usize, shuffles: u64, seed: u64) -> Guess {
    let fair = harmonic(deck);
    let exact = |method: Method, f: stats::Fraction| Guess {
        algorithm: entry.id.into(),
        deck,
        method,
        expected_correct: f.to_f64(),
        expected_correct_exact: Some(f.to_string()),
        interval_99: None,
        fair,
        advantage: f.to_f64() - fair,
        shuffles: None,
        seed: None,
    };
    if let Some(seeded) = entry.algorithm.seeded() {
        let seeds = seeded.seeds();
        if seeds.end - seeds.start <= MAX_SEEDS {
            return exact(Method::Seeds, seeded_expected_correct(seeded, deck, seeds));
        }
    }
    if deck <= MAX_EXACT
        && let Ok(law) = stats::exact_distribution(
            &entry.algorithm,
            deck,
            &stats::Limits::for_exact(entry.exact),
        )
        && let Some(f) = expected_correct(&law)
    {
        return exact(Method::ExactLaw, f);
    }
    let swaps = entry.algorithm.swap_shuffle(deck);
    let (method, matrix) = match swaps.map(|s| stats::law::markov::position_law(&s)) {
        Some(Ok(law)) => (Method::PositionMatrix, law.matrix),
        _ => {
            let p = stats::sample::sample(
                &entry.algorithm,
                deck,
                shuffles,
                seed.wrapping_add(1),
                || stats::sample::Positions::new(deck),
                &|_| {},
            );
            let total = p.total() as f64;
            let m = p.counts.iter().map(|&c| c as f64 / total).collect();
            (Method::SampledPositionMatrix, m)
        }
    };
    let strategy = PositionStrategy::new(deck, &matrix);
    let (mean, hw) = sampled_score(&entry.algorithm, &strategy, shuffles, seed);
    Guess {
        algorithm: entry.id.into(),
        deck,
        method,
        expected_correct: mean,
        expected_correct_exact: None,
        interval_99: Some((mean - hw, mean + hw)),
        fair,
        advantage: mean - hw - fair,
        shuffles: Some(shuffles),
        seed: Some(seed),
    }
}
