//! The exact law of one algorithm on one deck: `shuffle-audit exact --json`,
//! and the exact position matrix of the Markov chain.

use algorithms::registry::Entry;
use judge::LawFindings;
use judge::method::LawMethod;
use judge::{ExactVerdict, Expectation};
use serde::{Deserialize, Serialize};
use stats::law::markov::ExactPositionLaw;
use stats::{ExactDistribution, Fraction, Method};

/// Lower and upper bounds.
#[derive(Clone, Copy, Debug, PartialEq, Serialize, Deserialize)]
pub struct Bounds {
    /// Lower bound.
    pub lower: f64,
    /// Upper bound.
    pub upper: f64,
}

/// `exact --json` lists every arrangement's probability (`permutations`,
/// `permutation_weights`) up to this deck (3,628,800 of each); above it, the
/// document is the summary alone, and `exact --table` writes the whole law
/// to a file.
pub const TABLE_IN_JSON_UP_TO: usize = 10;

/// How many arrangements sharing an extreme probability are listed.
pub const EXTREMES_LISTED: usize = 12;

/// The arrangements that share an extreme probability.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct ExtremeArrangements {
    /// How many arrangements have it.
    pub count: u64,
    /// The first of them in lexicographic order (at most
    /// [`EXTREMES_LISTED`]), as card numbers by position.
    pub first: Vec<String>,
    /// Their lexicographic ranks (0 is the identity).
    pub ranks: Vec<u64>,
}

/// One arrangement and its probability.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct RankedArrangement {
    /// Its lexicographic rank (0 is the identity).
    pub rank: u64,
    /// Card numbers by position.
    pub arrangement: String,
    /// Its weight over `denominator`, a decimal string.
    pub weight: String,
    /// Its probability, correctly rounded.
    pub probability: f64,
}

/// Counts of paths, when every path is equally likely (decimal strings).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct PathCounts {
    /// Every path.
    pub total: String,
    /// The paths that end in the identity.
    pub identity: String,
    /// The paths to each most likely arrangement.
    pub largest: String,
    /// The paths to each least likely arrangement.
    pub smallest: String,
}

/// Arrangements whose probability a second method recounted, and found the
/// same.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Recounted {
    /// `"meeting-in-the-middle"`: the paths of the first half of the steps
    /// walked forward, those of the second half backward from the
    /// arrangement, and the pairs that meet counted.
    pub method: String,
    /// Paths of the first half (walked once) and of the second (per
    /// arrangement).
    pub half_paths: [u64; 2],
    /// The arrangements recounted: the identity, the first most likely and
    /// the first least likely.
    pub arrangements: Vec<String>,
}

/// The exact law of one algorithm on one deck: `shuffle-audit exact --json`.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct ExactReport {
    /// Algorithm id.
    pub algorithm: String,
    /// Number of cards.
    pub deck: usize,
    /// `"brute-force"`, `"repeated-composition"` or `"state-merging"`.
    pub method: LawMethod,
    /// Passes of the algorithm (7 for the riffles).
    pub passes: u32,
    /// Complete paths walked (of one pass when repeated); for state merging,
    /// the paths merged (what brute force would have walked).
    pub paths: u64,
    /// State merging: arrangements whose weights are carried from step to
    /// step (`n!`).
    #[serde(skip_serializing_if = "Option::is_none", default)]
    pub states: Option<u64>,
    /// State merging: random transpositions applied.
    #[serde(skip_serializing_if = "Option::is_none", default)]
    pub steps: Option<usize>,
    /// Paths cut by the probability bound (0 for a finite tree).
    pub cut_paths: u64,
    /// Probability mass of the cut paths.
    pub unexplored_mass: f64,
    /// The registry's expected verdict.
    pub expected: Expectation,
    /// The verdict this law supports.
    pub verdict: ExactVerdict,
    /// The known algorithm this law is exactly (`"sattolo"`), when the
    /// judge tells one.
    #[serde(skip_serializing_if = "Option::is_none", default)]
    pub resembles: Option<judge::resemble::Known>,
    /// Number of arrangements with positive probability (of `n!`).
    pub support: usize,
    /// Total variation distance from uniform (the lower bound when mass is
    /// unexplored).
    pub total_variation: f64,
    /// The same, exactly: a reduced fraction, `"4/5"`.
    pub total_variation_exact: Fraction,
    /// Bounds on the total variation distance (equal when nothing is unexplored).
    pub total_variation_bounds: Bounds,
    /// Probability of the arrangement `0, 1, …, n-1`.
    pub identity_probability: f64,
    /// The same, exactly.
    pub identity_probability_exact: Fraction,
    /// Largest probability of any arrangement.
    pub max_probability: f64,
    /// The same, exactly.
    pub max_probability_exact: Fraction,
    /// Smallest probability of any arrangement.
    pub min_probability: f64,
    /// The same, exactly.
    pub min_probability_exact: Fraction,
    /// The arrangements of largest probability.
    pub largest_arrangements: ExtremeArrangements,
    /// The arrangements of smallest probability.
    pub smallest_arrangements: ExtremeArrangements,
    /// The 5 most likely arrangements, most likely first (ties in
    /// lexicographic order).
    pub most_likely: Vec<RankedArrangement>,
    /// The 5 least likely, in the same order: the last is the least likely.
    pub least_likely: Vec<RankedArrangement>,
    /// State merging of a shuffle whose paths are all equally likely: the
    /// probabilities as counts of paths.
    #[serde(skip_serializing_if = "Option::is_none", default)]
    pub path_counts: Option<PathCounts>,
    /// The probabilities a second method recounted (state merging, where
    /// the halves are small enough).
    #[serde(skip_serializing_if = "Option::is_none", default)]
    pub recounted: Option<Recounted>,
    /// The file `--table` wrote the whole law to.
    #[serde(skip_serializing_if = "Option::is_none", default)]
    pub table: Option<crate::table::TableFile>,
    /// A sort that may throw (Java's TimSort): how likely it is to throw,
    /// exactly; the law is that of the decks given no throw.
    #[serde(skip_serializing_if = "Option::is_none", default)]
    pub throws: Option<crate::Throws>,
    /// The cards a player who knows this law guesses right on average,
    /// going through the deck and seeing each card after guessing it (the
    /// best strategy, exactly; `studies::guess`); absent when paths were
    /// cut. A fair deck gives `H_n`.
    #[serde(skip_serializing_if = "Option::is_none", default)]
    pub expected_correct: Option<f64>,
    /// The same, exactly.
    #[serde(skip_serializing_if = "Option::is_none", default)]
    pub expected_correct_exact: Option<Fraction>,
    /// The common denominator of every weight, as a decimal string.
    pub denominator: String,
    /// `position_matrix[card][position]`: probability that `card` ends at `position`.
    pub position_matrix: Vec<Vec<f64>>,
    /// The same as exact weights over `denominator`, decimal strings.
    pub position_weights: Vec<Vec<String>>,
    /// Probability of each arrangement (`a[position] = card`), in
    /// lexicographic order, up to [`TABLE_IN_JSON_UP_TO`] cards. Omitted
    /// from the default run's `report.json` for decks above
    /// [`SUITE_PERMUTATIONS_UP_TO`](crate::suite::SUITE_PERMUTATIONS_UP_TO) cards.
    #[serde(skip_serializing_if = "Option::is_none", default)]
    pub permutations: Option<Vec<f64>>,
    /// The same as exact weights over `denominator`, decimal strings.
    #[serde(skip_serializing_if = "Option::is_none", default)]
    pub permutation_weights: Option<Vec<String>>,
}

impl ExactReport {
    /// Bytes the document of a law on `deck` cards holds beside the law, at
    /// most: up to [`TABLE_IN_JSON_UP_TO`] cards, each arrangement's
    /// probability (8 bytes) and weight in decimal (a string of 24 bytes
    /// and its at most 39 digits, 48 bytes with the allocator's header),
    /// and in JSON, printed whole before it is written, both again as
    /// lines (at most 47 and 30 bytes); above it, nothing per arrangement.
    pub fn document_bytes(deck: usize, json: bool) -> u64 {
        if deck > TABLE_IN_JSON_UP_TO {
            return 0;
        }
        let per_arrangement = 8 + 24 + 48 + if json { 47 + 30 } else { 0 };
        stats::law::perm::factorial(deck) * per_arrangement
    }

    /// The document of `law`, computed for `entry`, with what the judge
    /// made of it ([`LawFindings::of`]).
    pub fn new(entry: &Entry, law: &ExactDistribution, findings: &LawFindings) -> Self {
        let n = law.deck;
        let tv = law.total_variation();
        let label = |r: usize| crate::arrangement::arrangement_label(r, n);
        let extreme = |w: u128| {
            let (count, first) = law.ranks_of_weight(w, EXTREMES_LISTED);
            ExtremeArrangements {
                count,
                first: first.iter().map(|&r| label(r)).collect(),
                ranks: first.into_iter().map(|r| r as u64).collect(),
            }
        };
        let ranked = |r: usize| RankedArrangement {
            rank: r as u64,
            arrangement: label(r),
            weight: law.weights[r].to_string(),
            probability: law.probability(r),
        };
        let (most, least) = law.extreme_ranks(5);
        let (max, min) = (law.max_weight(), law.min_weight());
        let path_counts = match (law.method, entry.algorithm.swap_shuffle(n)) {
            (Method::StateMerging { .. }, Some(swaps))
                if swaps.paths_equally_likely()
                    && law.is_complete()
                    && law.paths < u64::MAX
                    && u128::from(law.paths) % law.denominator == 0 =>
            {
                // Each path has probability 1 / paths, so a weight w over
                // D is w · paths / D paths (D divides paths).
                let per = u128::from(law.paths) / law.denominator;
                let count = |w: u128| (w * per).to_string();
                Some(PathCounts {
                    total: law.paths.to_string(),
                    identity: count(law.weights[0]),
                    largest: count(max),
                    smallest: count(min),
                })
            }
            _ => None,
        };
        let table = n <= TABLE_IN_JSON_UP_TO;
        let passes = match law.method {
            Method::BruteForce | Method::StateMerging { .. } => 1,
            Method::RepeatedComposition { passes } => passes,
        };
        ExactReport {
            algorithm: entry.id.into(),
            deck: law.deck,
            method: law.method.into(),
            passes,
            paths: law.paths,
            states: matches!(law.method, Method::StateMerging { .. })
                .then(|| stats::law::perm::factorial(law.deck)),
            steps: match law.method {
                Method::StateMerging { steps } => Some(steps),
                _ => None,
            },
            cut_paths: law.cut_paths,
            unexplored_mass: law.unexplored_mass(),
            expected: entry.expected.into(),
            verdict: findings.verdict,
            resembles: findings.resembles,
            support: law.support(),
            total_variation: tv.lower,
            total_variation_bounds: Bounds {
                lower: tv.lower,
                upper: tv.upper,
            },
            total_variation_exact: tv.lower_exact,
            identity_probability: law.identity_probability(),
            identity_probability_exact: law.probability_exact(0),
            max_probability: stats::law::fraction::ratio_to_f64(max, law.denominator),
            max_probability_exact: Fraction::new(max, law.denominator),
            min_probability: stats::law::fraction::ratio_to_f64(min, law.denominator),
            min_probability_exact: Fraction::new(min, law.denominator),
            largest_arrangements: extreme(max),
            smallest_arrangements: extreme(min),
            most_likely: most.into_iter().map(ranked).collect(),
            least_likely: least.into_iter().map(ranked).collect(),
            path_counts,
            recounted: None,
            throws: None,
            table: None,
            expected_correct: findings.guess.as_ref().map(Fraction::to_f64),
            expected_correct_exact: findings.guess.clone(),
            denominator: law.denominator.to_string(),
            position_matrix: law.position_matrix(),
            position_weights: law
                .position_weights()
                .into_iter()
                .map(|row| row.into_iter().map(|w| w.to_string()).collect())
                .collect(),
            permutations: table.then(|| law.probabilities()),
            permutation_weights: table.then(|| law.weights.iter().map(|w| w.to_string()).collect()),
        }
    }

    /// The document with the arrangements a second method recounted.
    pub fn recounted(mut self, recounted: Recounted) -> Self {
        self.recounted = Some(recounted);
        self
    }

    /// The document with how likely the sort is to throw.
    pub fn with_throws(mut self, throws: crate::Throws) -> Self {
        self.throws = Some(throws);
        self
    }

    /// The report without the per-arrangement arrays (for compact summaries).
    pub fn without_permutations(mut self) -> Self {
        self.permutations = None;
        self.permutation_weights = None;
        self
    }
}

/// One cell of an exact position matrix.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct ChainCell {
    /// The card (its starting position).
    pub card: usize,
    /// Where it ends.
    pub position: usize,
    /// The probability, correctly rounded.
    pub probability: f64,
    /// The same, exactly.
    pub probability_exact: Fraction,
    /// `n p − 1`: how far from uniform, relative.
    pub relative_deviation: f64,
}

/// The exact position matrix of a swap-based shuffle on a deck too large to
/// enumerate: `shuffle-audit exact --json` with method `markov-chain`.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct ExactChainReport {
    /// Algorithm id.
    pub algorithm: String,
    /// Number of cards.
    pub deck: usize,
    /// `"markov-chain"`.
    pub method: LawMethod,
    /// Random transpositions the chain went through.
    pub steps: usize,
    /// The registry's expected verdict.
    pub expected: Expectation,
    /// `biased` when a cell is not `1/n`, `uniform` when the shuffle is a
    /// sequential selection with uniform draws (proved uniform as a whole),
    /// else `positions-uniform`.
    pub verdict: ExactVerdict,
    /// The most likely cell (the first in row-major order on ties).
    pub largest_cell: ChainCell,
    /// The least likely cell.
    pub smallest_cell: ChainCell,
    /// The expected number of cards that end where they started.
    pub expected_fixed_points: f64,
    /// The same, exactly.
    pub expected_fixed_points_exact: Fraction,
    /// The common denominator of every weight, reduced, as a decimal string.
    pub denominator: String,
    /// `position_matrix[card][position]`, each correctly rounded.
    pub position_matrix: Vec<Vec<f64>>,
    /// The same as exact weights over `denominator`, decimal strings.
    pub position_weights: Vec<Vec<String>>,
}

impl ExactChainReport {
    /// The document of `law`, computed for `entry`, with the verdict the
    /// judge gave it ([`ExactVerdict::of_positions`]).
    pub fn new(entry: &Entry, law: &ExactPositionLaw, verdict: ExactVerdict) -> Self {
        let n = law.deck;
        let rounded = law.rounded();
        let cell = |i: usize| {
            let probability = rounded.matrix[i];
            ChainCell {
                card: i / n,
                position: i % n,
                probability,
                probability_exact: law.probability_exact(i / n, i % n),
                relative_deviation: probability * n as f64 - 1.0,
            }
        };
        let (max, min) = law.extreme_cells();
        let fixed = law.expected_fixed_points();
        ExactChainReport {
            algorithm: entry.id.into(),
            deck: n,
            method: LawMethod::MarkovChain,
            steps: law.steps,
            expected: entry.expected.into(),
            verdict,
            largest_cell: cell(max),
            smallest_cell: cell(min),
            expected_fixed_points: fixed.to_f64(),
            expected_fixed_points_exact: fixed,
            denominator: law.denominator.to_string(),
            position_matrix: rounded.rows(),
            position_weights: law
                .weights
                .chunks(n)
                .map(|row| row.iter().map(ToString::to_string).collect())
                .collect(),
        }
    }
}
