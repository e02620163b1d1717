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
/// [`MIN_SCORED`], which the caller checks): [`exactly`], else
/// [`sampled`].
pub fn guess(entry: &Entry, deck: usize, shuffles: u64, seed: u64) -> Guess {
    exactly(entry, deck).unwrap_or_else(|| {
        let plan = Sampled::plan(entry, deck, shuffles);
        sampled(entry, plan, seed, &|_| {})
    })
}

/// The exact score of `entry` on `deck` cards, where it can be had: by
/// every seed's deck, or by the enumerated law.
pub fn exactly(entry: &Entry, deck: usize) -> Option<Guess> {
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
            return Some(exact(
                Method::Seeds,
                seeded_expected_correct(seeded, deck, seeds),
            ));
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
        return Some(exact(Method::ExactLaw, f));
    }
    None
}

/// A sampled score's plan: the position matrix its strategy is built
/// from, exact where the algorithm is a swap shuffle, and the decks it
/// deals.
#[derive(Clone, Debug, PartialEq)]
pub struct Sampled {
    deck: usize,
    shuffles: u64,
    /// The exact position matrix, row-major; `None`: sampled first.
    matrix: Option<Vec<f64>>,
}

impl Sampled {
    /// The plan for `shuffles` scored decks of `deck` cards.
    pub fn plan(entry: &Entry, deck: usize, shuffles: u64) -> Sampled {
        let matrix = entry
            .algorithm
            .swap_shuffle(deck)
            .and_then(|s| stats::law::markov::position_law(&s).ok())
            .map(|law| law.matrix);
        Sampled {
            deck,
            shuffles,
            matrix,
        }
    }

    /// The seconds one of its decks takes on one thread, measured now for
    /// its [`decks`](Self::decks) ([`stats::sample::seconds_each`]):
    /// a deck dealt and played by the strategy (of the exact matrix, or of
    /// a uniform one standing for the matrix still to be sampled).
    pub fn seconds_per_deck(&self, entry: &Entry) -> f64 {
        let n = self.deck;
        let uniform = vec![1.0 / n as f64; n * n];
        let strategy = PositionStrategy::new(n, self.matrix.as_ref().unwrap_or(&uniform));
        stats::sample::seconds_each(self.decks(), |decks| {
            std::hint::black_box(sampled_score(
                &entry.algorithm,
                &strategy,
                decks,
                0,
                &|_| {},
            ));
        })
    }

    /// Whether the position matrix is sampled before the score.
    pub fn samples_its_matrix(&self) -> bool {
        self.matrix.is_none()
    }

    /// The decks it deals: the scored ones, and as many again for the
    /// position matrix when it is sampled.
    pub fn decks(&self) -> u128 {
        let scored = u128::from(self.shuffles);
        if self.samples_its_matrix() {
            2 * scored
        } else {
            scored
        }
    }
}

/// The score of `entry` by `plan`: the strategy from its matrix (sampled
/// with `seed + 1` when not exact), scored on its decks dealt with `seed`.
/// `progress` is called with the decks dealt, [`Sampled::decks`] in all.
pub fn sampled(entry: &Entry, plan: Sampled, seed: u64, progress: &(dyn Fn(u64) + Sync)) -> Guess {
    let Sampled {
        deck,
        shuffles,
        matrix,
    } = plan;
    let fair = harmonic(deck);
    let (method, matrix) = match matrix {
        Some(m) => (Method::PositionMatrix, m),
        None => {
            let p = stats::sample::sample(
                &entry.algorithm,
                deck,
                shuffles,
                seed.wrapping_add(1),
                || stats::sample::Positions::new(deck),
                progress,
            );
            let total = p.total() as f64;
            let m = p.counts.iter().map(|&c| c as f64 / total).collect();
            (Method::SampledPositionMatrix, m)
        }
    };
    let strategy = PositionStrategy::new(deck, &matrix);
    let (mean, hw) = sampled_score(&entry.algorithm, &strategy, shuffles, seed, progress);
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
