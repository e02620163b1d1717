//! The cases a law decides: the EU browser ballot's engines' sorts,
//! Bostock's sort matrix and Laravel's `Arr::shuffle`, each beside its
//! published figure.

use super::*;

/// The items on the EU ballot's first screen.
pub const BALLOT_ITEMS: usize = 5;

/// The exact law of one engine's sort on the ballot's 5 items.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct BallotLaw {
    /// The registered algorithm.
    pub algorithm: String,
    /// `matrix[item][position]`: the probability (a fraction) that the
    /// item listed `item`-th ends at `position`.
    pub matrix: Vec<Vec<String>>,
    /// The same, rounded.
    pub rounded: Vec<Vec<f64>>,
    /// The exact total variation distance from uniform, rounded.
    pub total_variation: f64,
}

/// The EU browser ballot of 2010 (browserchoice.eu): five browsers ordered
/// by `array.sort(function (a, b) { return 0.5 - Math.random(); })`. The
/// published figures (DSL.sk; Rob Weir, "Doing the Microsoft Shuffle",
/// 2010) are from Internet Explorer 8, whose JScript sort is not modelled;
/// the laws here are those of the engines' sorts that are.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Ballot {
    /// One law per modelled engine.
    pub laws: Vec<BallotLaw>,
}

impl Ballot {
    pub(super) fn compute() -> Self {
        let laws = [
            "sort-random-v8-legacy",
            "sort-random-v8-timsort",
            "sort-random-spidermonkey",
        ]
        .iter()
        .map(|id| {
            let law = exact_law(id, BALLOT_ITEMS);
            let weights = law.position_weights();
            BallotLaw {
                algorithm: (*id).into(),
                matrix: fractions(&weights, law.denominator),
                rounded: weights
                    .iter()
                    .map(|row| {
                        row.iter()
                            .map(|&w| stats::law::fraction::ratio_to_f64(w, law.denominator))
                            .collect()
                    })
                    .collect(),
                total_variation: law.total_variation().lower,
            }
        })
        .collect();
        Ballot { laws }
    }
}

/// Runs in Bostock's matrix.
pub const BOSTOCK_RUNS: u64 = 10_000;

/// Cards in Bostock's matrix.
pub const BOSTOCK_DECK: usize = 60;

/// Mike Bostock, "Visualizing Algorithms" (2014): the matrix of
/// `array.sort(function () { return Math.random() - .5; })` on 60 cards,
/// 10,000 runs, drawn in the reader's browser (Chrome's then: V8's legacy
/// sort). His counts were drawn, not published, so the suite's matrix is
/// set beside his picture, not tested against his numbers.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Bostock {
    /// The registered algorithm: `sort-random-v8-legacy`.
    pub algorithm: String,
    /// Cards.
    pub deck: usize,
    /// Sorts.
    pub shuffles: u64,
    /// The sampling seed.
    pub seed: u64,
    /// `counts[card][position]`.
    pub counts: Vec<Vec<u64>>,
    /// The same for Fisher–Yates, as many shuffles and the same seed: what
    /// a fair shuffle's noise looks like at this size.
    pub control: Vec<Vec<u64>>,
    /// `log10` of the position test's p-value against a fair shuffle.
    pub log10_p: f64,
    /// The largest relative deviation of a cell from `shuffles / deck`.
    pub largest_deviation: f64,
    /// The cell of that deviation, `(card, position)` from 1.
    pub largest_cell: (usize, usize),
}

impl Bostock {
    pub(super) fn compute(shuffles: u64, seed: u64) -> Self {
        let id = "sort-random-v8-legacy";
        let deck = BOSTOCK_DECK;
        let positions = |id: &str| -> stats::sample::Positions {
            stats::sample::sample(
                &find(id).expect("a registered id").algorithm,
                deck,
                shuffles,
                seed,
                || stats::sample::Positions::new(deck),
                &|_| {},
            )
        };
        let p = positions(id);
        let control = positions("fisher-yates");
        let test = stats::hypothesis::fit::position_test(&p.counts, deck, shuffles);
        let expected = shuffles as f64 / deck as f64;
        let (k, dev) = p
            .counts
            .iter()
            .map(|&c| c as f64 / expected - 1.0)
            .enumerate()
            .max_by(|a, b| a.1.abs().total_cmp(&b.1.abs()))
            .unwrap_or((0, 0.0));
        Bostock {
            algorithm: id.into(),
            deck,
            shuffles,
            seed,
            counts: p.counts.chunks(deck).map(<[u64]>::to_vec).collect(),
            control: control.counts.chunks(deck).map(<[u64]>::to_vec).collect(),
            log10_p: test.log10_p,
            largest_deviation: dev,
            largest_cell: (k / deck + 1, k % deck + 1),
        }
    }
}

/// The level of the test of published counts against an exact law: a
/// correct law fails it one time in a thousand.
pub const PUBLISHED_ALPHA: f64 = 1e-3;

/// One comparator of the Laravel case.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct LaravelRow {
    /// The comparator as written in PHP.
    pub comparator: String,
    /// The registered algorithm.
    pub algorithm: String,
    /// The published counts of each element coming first, `a` to `e`.
    pub published: Vec<u64>,
    /// Its exact law: each element's weight of coming first.
    pub weights: Vec<String>,
    /// The law's denominator.
    pub denominator: String,
    /// The expected counts in as many runs.
    pub expected: Vec<f64>,
    /// Pearson's X² (4 degrees of freedom).
    pub x2: f64,
    /// Its p-value.
    pub p_value: f64,
    /// X² of the counts against the other comparator's law.
    pub x2_other_law: f64,
}

/// Laravel, 2019 (laravel/framework pull request 27861): `Arr::shuffle`
/// with a seed sorted `['a', 'b', 'c', 'd', 'e']` by `usort` with a
/// random comparator; which element came first in 10^6 runs on PHP 7.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Laravel {
    /// The level of the test ([`PUBLISHED_ALPHA`]).
    pub alpha: f64,
    /// `rand(-1, 1)`, then `rand(0, 1)`.
    pub rows: Vec<LaravelRow>,
}

/// The counts of laravel/framework pull request 27861 (March 2019): which
/// of `a` … `e` came first in 10^6 runs of `usort` with `rand(-1, 1)`.
pub const LARAVEL_MINUS_ONE_TO_ONE: [u64; 5] = [564_137, 105_554, 281_362, 36_514, 12_433];
/// The same with `rand(0, 1)`.
pub const LARAVEL_ZERO_TO_ONE: [u64; 5] = [307_937, 204_875, 308_190, 116_441, 62_557];

impl Laravel {
    pub(super) fn compute() -> Self {
        let laws = [
            ("usort-rand-php7", "rand(-1, 1)", LARAVEL_MINUS_ONE_TO_ONE),
            ("usort-rand01-php7", "rand(0, 1)", LARAVEL_ZERO_TO_ONE),
        ]
        .map(|(id, comparator, published)| {
            let (weights, den) = first_element(id, 5);
            (id, comparator, published, weights, den)
        });
        let rows = laws
            .iter()
            .enumerate()
            .map(|(i, (id, comparator, published, weights, den))| {
                let (x2, p_value) = pearson(published, weights, *den);
                let other = &laws[1 - i];
                let total: u64 = published.iter().sum();
                LaravelRow {
                    comparator: (*comparator).into(),
                    algorithm: (*id).into(),
                    published: published.to_vec(),
                    weights: weights.iter().map(u128::to_string).collect(),
                    denominator: den.to_string(),
                    expected: weights
                        .iter()
                        .map(|&w| total as f64 * stats::law::fraction::ratio_to_f64(w, *den))
                        .collect(),
                    x2,
                    p_value,
                    x2_other_law: pearson(published, &other.3, other.4).0,
                }
            })
            .collect();
        Laravel {
            alpha: PUBLISHED_ALPHA,
            rows,
        }
    }

    /// Consistent when every set of counts passes against its own law.
    pub(super) fn standing(&self) -> CaseStanding {
        if self.rows.iter().all(|r| r.p_value >= self.alpha) {
            CaseStanding::Consistent
        } else {
            CaseStanding::Contradicted
        }
    }
}
