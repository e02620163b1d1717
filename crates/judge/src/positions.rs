//! The comparison of a run's position counts with the exact position
//! matrix of a swap-based shuffle (`stats::law::markov`): what the matrix says,
//! how many shuffles it takes to see, and whether the run contradicts it.

use serde::{Deserialize, Serialize};

/// The family-wise level below which a sampled position matrix disagrees
/// with the exact one: its most surprising cell's exact binomial p-value,
/// times the `n²` cells (Bonferroni), below this.
pub const POSITIONS_FAMILY_ALPHA: f64 = 1e-6;

/// Whether a sampled cell, tested against the exact position matrix,
/// contradicts it.
pub fn positions_disagree(cell: &stats::law::markov::CellTest) -> bool {
    cell.family_p < POSITIONS_FAMILY_ALPHA
}

/// One cell of an exact position matrix.
#[derive(Clone, Copy, Debug, PartialEq, Serialize, Deserialize)]
pub struct CellInfo {
    /// The card, by its starting position.
    pub card: usize,
    /// Where it ends.
    pub position: usize,
    /// The exact probability.
    pub probability: f64,
    /// `n p - 1`.
    pub relative_deviation: f64,
}

impl CellInfo {
    fn of(c: stats::law::markov::Cell, deck: usize) -> Self {
        CellInfo {
            card: c.card,
            position: c.position,
            probability: c.probability,
            relative_deviation: c.relative_deviation(deck),
        }
    }
}

/// A sampled cell tested against the exact position matrix, and whether
/// it contradicts it.
#[derive(Clone, Copy, Debug, PartialEq, Serialize, Deserialize)]
pub struct CellTestInfo {
    /// The test of the cell.
    #[serde(flatten)]
    pub cell: stats::law::markov::CellTest,
    /// Whether `family_p` is below
    /// [`POSITIONS_FAMILY_ALPHA`]:
    /// the samples contradict the exact matrix.
    pub disagrees: bool,
}

impl From<stats::law::markov::CellTest> for CellTestInfo {
    fn from(cell: stats::law::markov::CellTest) -> Self {
        CellTestInfo {
            cell,
            disagrees: positions_disagree(&cell),
        }
    }
}

/// The exact position matrix of a swap-based shuffle on a deck too large
/// to enumerate (`stats::law::markov`), and what it says about this run.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct ExactPositionsInfo {
    /// `"markov-chain"`.
    pub method: String,
    /// The most likely cell.
    pub max_cell: CellInfo,
    /// The least likely cell.
    pub min_cell: CellInfo,
    /// Expected cards left where they started (1 for a uniform shuffle).
    pub expected_fixed_points: f64,
    /// The position test's noncentrality per shuffle.
    pub noncentrality_per_shuffle: f64,
    /// The level of `shuffles_to_detect`.
    pub alpha: f64,
    /// The power of `shuffles_to_detect`.
    pub power: f64,
    /// Shuffles the position test needs at `alpha` with `power` (absent when
    /// the matrix is flat).
    #[serde(skip_serializing_if = "Option::is_none", default)]
    pub shuffles_to_detect: Option<f64>,
    /// The probability that the position test rejects at `alpha` with this
    /// run's number of shuffles.
    pub power_at_this_run: f64,
    /// The largest `|count - N p| / sqrt(N p (1 - p))` of this run's
    /// position counts against the exact matrix (`f64::MAX` for a count
    /// the exact matrix makes impossible). Descriptive: the comparison is
    /// decided by `against_exact`.
    pub largest_z_against_exact: f64,
    /// The cell this run's counts stray furthest from the exact matrix in,
    /// by an exact binomial test (valid at any number of shuffles); its
    /// `family_p` below [`POSITIONS_FAMILY_ALPHA`] is a disagreement. A
    /// default run compares about 30 cases, so a false alarm anywhere in
    /// it has probability below 1e-4.
    pub against_exact: CellTestInfo,
    /// The exact divergences of the whole law, for sequential selections.
    #[serde(skip_serializing_if = "Option::is_none", default)]
    pub divergence: Option<DivergenceInfo>,
}

impl ExactPositionsInfo {
    /// The summary of `law` for a run whose position counts are `counts`
    /// (rows by card) from `shuffles` shuffles.
    pub fn new(
        law: &stats::law::markov::PositionLaw,
        product: Option<&stats::law::markov::ProductLaw>,
        counts: &[Vec<u64>],
        shuffles: u64,
        alpha: f64,
        power: f64,
    ) -> Self {
        let n = law.deck;
        let big_n = shuffles as f64;
        let mut largest_z: f64 = 0.0;
        for (card, row) in counts.iter().enumerate() {
            for (position, &c) in row.iter().enumerate() {
                let p = law.probability(card, position);
                let sd = (big_n * p * (1.0 - p)).sqrt();
                let off = (c as f64 - big_n * p).abs();
                if sd > 0.0 {
                    largest_z = largest_z.max(off / sd);
                } else if off > 0.5 {
                    // A count in a cell the law makes impossible (or
                    // certain): no sampling noise explains it. f64::MAX
                    // stands for infinity, which JSON cannot hold.
                    largest_z = f64::MAX;
                }
            }
        }
        let plan = law.position_plan(alpha, power);
        ExactPositionsInfo {
            method: "markov-chain".into(),
            max_cell: CellInfo::of(law.max_cell(), n),
            min_cell: CellInfo::of(law.min_cell(), n),
            expected_fixed_points: law.expected_fixed_points(),
            noncentrality_per_shuffle: plan.noncentrality_per_shuffle,
            alpha,
            power,
            shuffles_to_detect: plan.shuffles,
            power_at_this_run: if plan.shuffles.is_some() {
                law.position_power_at(big_n, alpha)
            } else {
                alpha
            },
            largest_z_against_exact: largest_z,
            against_exact: CellTestInfo::from(law.furthest_cell(counts, shuffles)),
            divergence: product.map(|p| DivergenceInfo::of(p, alpha, power)),
        }
    }
}

/// Divergences from uniform of a law that is a product of its draws
/// (`stats::law::markov::ProductLaw`), and what they imply for any test.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct DivergenceInfo {
    /// Pearson's χ² divergence over all `n!` decks.
    pub chi2: f64,
    /// Kullback–Leibler divergence, nats.
    pub kl: f64,
    /// `ln` of the Bhattacharyya coefficient.
    pub ln_bhattacharyya: f64,
    /// Bounds `[lower, upper]` on the total variation distance.
    pub total_variation_bounds: [f64; 2],
    /// Fewer shuffles than this cannot give any test the requested power at
    /// the requested level (absent when the law is exactly uniform).
    #[serde(skip_serializing_if = "Option::is_none", default)]
    pub any_test_needs_at_least: Option<f64>,
}

impl DivergenceInfo {
    /// The divergences of `law`, with the any-test bound at `alpha`, `power`.
    pub fn of(law: &stats::law::markov::ProductLaw, alpha: f64, power: f64) -> Self {
        let (lo, hi) = law.tv_bounds();
        DivergenceInfo {
            chi2: law.chi2,
            kl: law.kl,
            ln_bhattacharyya: law.ln_bhattacharyya,
            total_variation_bounds: [lo, hi],
            any_test_needs_at_least: Some(law.shuffles_any_test_needs(alpha, power))
                .filter(|n| n.is_finite()),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn exact_positions_flag_counts_the_law_makes_impossible() {
        let swaps = algorithms::registry::find("sattolo")
            .unwrap()
            .algorithm
            .swap_shuffle(4)
            .unwrap();
        let law = stats::law::markov::position_law(&swaps).unwrap();
        // Sattolo never leaves a card in place: 1/3 off the diagonal.
        let mut counts = vec![vec![100u64; 4]; 4];
        for (i, row) in counts.iter_mut().enumerate() {
            row[i] = 0;
        }
        let fair = ExactPositionsInfo::new(&law, None, &counts, 300, 1e-6, 0.99);
        assert!(
            fair.largest_z_against_exact < 1e-9,
            "{}",
            fair.largest_z_against_exact
        );
        counts[0][0] = 1;
        counts[0][1] = 99;
        assert!(!fair.against_exact.disagrees);
        let odd = ExactPositionsInfo::new(&law, None, &counts, 300, 1e-6, 0.99);
        assert_eq!(odd.largest_z_against_exact, f64::MAX);
        assert!(odd.against_exact.disagrees);
        assert_eq!(
            (odd.against_exact.cell.card, odd.against_exact.cell.position),
            (0, 0)
        );
    }
}
