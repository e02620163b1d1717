//! The sampler against the exact laws, and the verdicts in practice: biased
//! algorithms are caught when the power computation says the budget can
//! catch them, uniform ones are not called biased.

use algorithms::registry::{REGISTRY, find};
use algorithms::{Entry, Expected};
use judge::grade::{Grade, detection_level};
use stats::hypothesis::audit::{Analysis, power_plan};
use stats::hypothesis::fit::{binomial_band, bonferroni_z, pearson_expected};
use stats::sample::{Histogram, sample};
use stats::{ExactDistribution, Limits, exact_distribution};

fn law(entry: &Entry, n: usize, max_paths: u64) -> Option<ExactDistribution> {
    let mut limits = Limits::for_exact(entry.exact);
    limits.max_paths = max_paths;
    entry
        .exact
        .is_enumerable()
        .then(|| exact_distribution(&entry.algorithm, n, &limits).ok())
        .flatten()
}

fn histogram(entry: &Entry, n: usize, shuffles: u64, seed: u64) -> Histogram {
    sample(
        &entry.algorithm,
        n,
        shuffles,
        seed,
        || Histogram::new(n),
        &|_| {},
    )
}

/// Sampled counts agree with the exact law: the permutation histogram by a
/// chi-square goodness-of-fit test against the exact probabilities, and
/// every position cell within its Bonferroni band. Family-wise false-alarm
/// rate 0.001 per check.
#[test]
fn sampled_counts_agree_with_the_exact_law() {
    for (id, n) in [
        ("naive-swap", 5),
        ("coin-merge-sort", 5),
        ("gsr-riffle", 4),
        ("sattolo", 5),
        ("fisher-yates-mod15", 4),
        ("random-pairs-swap", 4),
    ] {
        let entry = find(id).unwrap();
        let exact = law(entry, n, 1_000_000_000).unwrap();
        let shuffles = 400_000;
        let h = histogram(entry, n, shuffles, 11);
        let fit = pearson_expected(
            stats::TestName::PERMUTATION_CHI2,
            &h.counts,
            &exact.probabilities(),
        );
        assert!(
            fit.p_value > 0.001,
            "{id}: histogram differs from the exact law: {fit:?}"
        );
        let p = h.positions();
        let limit = bonferroni_z(n * n, 0.001);
        for (cell, (&o, &q)) in p
            .counts
            .iter()
            .zip(exact.position_matrix().iter().flatten())
            .enumerate()
        {
            let sd = (shuffles as f64 * q * (1.0 - q)).sqrt();
            let z = if sd > 0.0 {
                (o as f64 - shuffles as f64 * q) / sd
            } else {
                o as f64
            };
            assert!(
                z.abs() < limit,
                "{id}: cell {cell}: {o} vs {:.1} expected (z = {z:.2})",
                shuffles as f64 * q
            );
        }
    }
}

/// Budget per case in the default test run.
const BUDGET: u64 = 1_000_000;

#[test]
fn biased_algorithms_are_caught_when_the_budget_allows() {
    let checked = caught_when_the_budget_allows(6, BUDGET);
    // The test cannot pass by skipping: the textbook defects are large
    // enough for the budget on every deck (the naive swap needs 4,856
    // shuffles on 4 cards, Sattolo's off-by-one never deals the identity),
    // so they must have been checked on every deck.
    must_have_checked(&checked, 6);
}

/// The cases that must be among `checked` on decks 3..=max_deck.
fn must_have_checked(checked: &[(&str, usize)], max_deck: usize) {
    for id in [
        "naive-swap",
        "alt-naive-shuffle",
        "sattolo",
        "blog-fisher-yates",
    ] {
        for n in 3..=max_deck {
            assert!(
                checked.contains(&(id, n)),
                "{id} on {n} cards was skipped; checked: {checked:?}"
            );
        }
    }
}

/// Heavy: decks of 3 to 8 cards with the `sample` command's default budget
/// of 10^7 shuffles, about 5 minutes on 2 cores in release: run by
/// `scripts/test-heavy.sh`, not by CI.
#[test]
#[ignore = "about 5 minutes in release: scripts/test-heavy.sh"]
fn biased_algorithms_are_caught_on_3_to_8_cards_with_the_default_budget() {
    let checked = caught_when_the_budget_allows(8, 10_000_000);
    must_have_checked(&checked, 8);
}

/// Every biased algorithm on 3..=max_deck cards whose exact law says
/// `budget / 2` shuffles detect it with probability 0.99 is graded biased on
/// the first seed (seed 1). Returns the cases checked, `(id, deck)`.
fn caught_when_the_budget_allows(max_deck: usize, budget: u64) -> Vec<(&'static str, usize)> {
    let mut notes = String::new();
    let mut checked = Vec::new();
    for entry in REGISTRY
        .iter()
        .filter(|e| matches!(e.expected, Expected::Biased(_)))
    {
        for n in 3..=max_deck {
            // Power needs the complete law (not the bounds of a cut walk).
            let Some(exact) = law(entry, n, 50_000_000).filter(|l| l.is_complete()) else {
                continue;
            };
            // The level a run of this budget must reach to be graded
            // biased on the first seed.
            let needed = power_plan(&exact, detection_level(n, budget), 0.99)
                .iter()
                .filter_map(|p| p.shuffles)
                .fold(f64::INFINITY, f64::min);
            if needed * 2.0 > budget as f64 {
                notes += &format!("{} n={n}: needs {needed:.3e} shuffles\n", entry.id);
                continue;
            }
            let h = histogram(entry, n, budget, 1);
            let a = Analysis::new(&h.positions(), Some(&h), None, None);
            assert_eq!(
                Grade::of_run(&a),
                Grade::Biased,
                "{} at n = {n}: needs {needed:.0} shuffles, got {budget}, log10 p_adj = {:.2}",
                entry.id,
                a.log10_min_adjusted_p
            );
            checked.push((entry.id, n));
        }
    }
    println!("beyond the test budget:\n{notes}");
    checked
}

/// 20 seeds for every uniform algorithm: none is called biased, and the
/// number called unusual or worse (probability <= 1e-3 each) stays within
/// the 99.9 % upper bound of Binomial(runs, 1e-3).
#[test]
fn uniform_algorithms_are_not_called_biased() {
    let n = 5;
    let shuffles = 200_000;
    let mut runs = 0u64;
    let mut flagged = Vec::new();
    for entry in REGISTRY.iter().filter(|e| e.expected == Expected::Uniform) {
        for seed in 1..=20 {
            let h = histogram(entry, n, shuffles, seed);
            let a = Analysis::new(&h.positions(), Some(&h), None, None);
            runs += 1;
            assert_ne!(Grade::of_run(&a), Grade::Biased, "{} seed {seed}", entry.id);
            if Grade::of_run(&a) != Grade::NoBiasShown {
                flagged.push(format!(
                    "{} seed {seed}: {}",
                    entry.id,
                    Grade::of_run(&a).label()
                ));
            }
        }
    }
    let (_, hi) = binomial_band(runs, 1e-3, 5e-4);
    assert!(
        flagged.len() as u64 <= hi,
        "{} of {runs} runs flagged (bound {hi}): {flagged:?}",
        flagged.len()
    );
}
