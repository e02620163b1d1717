//! The battery of large-deck statistics in practice: sampled counts agree
//! with exact laws (the null for uniform shuffles, the exact law pushed
//! through the statistic for biased ones), uniform shuffles pass at 52
//! cards, and shuffles whose defect is known by construction are caught.

use algorithms::registry::{REGISTRY, find};
use stats::hypothesis::battery::{self, Battery, Statistic};
use stats::hypothesis::fit::pearson_expected;
use stats::law::perm::unrank;
use stats::sample::sample;
use stats::{Limits, exact_distribution};

fn battery_of(id: &str, n: usize, shuffles: u64, seed: u64) -> Battery {
    let entry = find(id).unwrap();
    sample(
        &entry.algorithm,
        n,
        shuffles,
        seed,
        || Battery::new(n),
        &|_| {},
    )
}

/// For every enumerable algorithm on 6 cards, each statistic's sampled
/// counts against its exact law, obtained by summing the exact law of the
/// arrangements over the value the statistic takes on each. Pearson's test
/// on cells pooled to 5 expected; 5 tests per algorithm, each at 1e-4, so a
/// false alarm somewhere in the ~27 algorithms has probability at most
/// 27 · 5 · 1e-4 = 0.0135 for this fixed seed (it passes; a wrong
/// accumulator or a wrong statistic fails by hundreds of orders of
/// magnitude at 50,000 shuffles).
#[test]
fn sampled_statistics_follow_the_exact_laws_of_every_algorithm() {
    let n = 6;
    let mut deck = Vec::new();
    let mut checked = 0;
    for entry in REGISTRY.iter().filter(|e| e.exact.is_enumerable()) {
        let mut limits = Limits::for_exact(entry.exact);
        limits.max_paths = 50_000_000;
        let Ok(law) = exact_distribution(&entry.algorithm, n, &limits) else {
            continue;
        };
        if !law.is_complete() {
            continue;
        }
        let counts = battery_of(entry.id, n, 50_000, 11);
        for s in Statistic::ALL {
            let mut pushed = vec![0.0; n + 1];
            for r in 0..law.arrangements() {
                unrank(r, n, &mut deck);
                pushed[s.of(&deck)] += law.probability(r);
            }
            let (c, p) = battery::pool(counts.of(s), &pushed, counts.total(), 5.0);
            let t = pearson_expected(s.test_name(), &c, &p);
            assert!(
                t.p_value > 1e-4,
                "{} {}: chi2 {} df {} p {:e} (counts {:?}, law {:?})",
                entry.id,
                s.name(),
                t.statistic,
                t.df,
                t.p_value,
                counts.of(s),
                pushed
            );
            if law.is_uniform() {
                let null = battery::null(s, n);
                for (a, b) in pushed.iter().zip(&null) {
                    assert!((a - b).abs() < 1e-12, "{} {}", entry.id, s.name());
                }
            }
        }
        checked += 1;
    }
    assert!(checked >= 20, "only {checked} algorithms checked");
}

/// Uniform shuffles of 52 and 54 cards pass every test of the battery:
/// 4 algorithms × 2 decks × 5 tests, each at 1e-4: family-wise false-alarm
/// rate at most 4e-3 for these fixed seeds.
#[test]
fn uniform_shuffles_pass_the_battery_on_real_decks() {
    for id in [
        "fisher-yates",
        "rand-shuffle",
        "poker-fixed",
        "splice-shuffle",
    ] {
        for n in [52, 54] {
            let b = battery_of(id, n, 100_000, 5);
            for t in battery::tests(&b) {
                assert!(
                    t.p_value > 1e-4,
                    "{id} n={n} {}: chi2 {} df {} p {:e}",
                    t.name,
                    t.statistic,
                    t.df,
                    t.p_value
                );
                assert!(t.df >= 3.0, "{id} {}: df {}", t.name, t.df);
            }
        }
    }
}

/// Defects known by construction, caught with a margin of hundreds of
/// orders of magnitude at 20,000 shuffles of 52 cards:
/// - Sattolo's algorithm (and the seeds' three "Fisher–Yates" that are
///   Sattolo) deals single 52-cycles only: never a fixed point (a uniform
///   shuffle has none with probability 0.368) and always one cycle.
/// - 52 swaps of two random positions leave a card untouched with
///   probability (50/52)^52 ≈ 0.130, about 6.8 fixed points per deck where a
///   uniform shuffle has 1 on average.
#[test]
fn the_battery_catches_known_defects_on_52_cards() {
    for id in ["sattolo", "blog-fisher-yates", "blog-knuth-durstenfeld"] {
        let b = battery_of(id, 52, 20_000, 3);
        assert_eq!(b.of(Statistic::FixedPoints)[0], 20_000, "{id}");
        assert_eq!(b.of(Statistic::Cycles)[1], 20_000, "{id}");
        let tests = battery::tests(&b);
        for name in ["fixed-points-chi2", "cycles-chi2"] {
            let t = tests.iter().find(|t| t.name == name).unwrap();
            assert!(t.log10_p < -300.0, "{id} {name}: log10 p {}", t.log10_p);
        }
    }
    let b = battery_of("random-pairs-swap", 52, 20_000, 3);
    let fixed = b.of(Statistic::FixedPoints);
    let mean = fixed
        .iter()
        .enumerate()
        .map(|(k, &c)| k as f64 * c as f64)
        .sum::<f64>()
        / 20_000.0;
    assert!((5.0..9.0).contains(&mean), "mean fixed points {mean}");
    let t = &battery::tests(&b)[0];
    assert_eq!(t.name, "fixed-points-chi2");
    assert!(t.log10_p < -300.0, "log10 p {}", t.log10_p);
}
