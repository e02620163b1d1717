//! The collision test on real decks: shuffles reseeded per deal from a
//! small seed repeat decks as the birthday problem of their seed space
//! predicts, and a real shuffle does not repeat any.

use algorithms::registry::find;
use judge::grade::Grade;
use stats::hypothesis::audit::run;
use stats::hypothesis::collision::{COLLISION_TEST, log10_effective_decks};

/// The default run's budget for 52 and 54 cards.
const DEFAULT_LARGE_SHUFFLES: u64 = 1_000_000;

fn collisions(
    id: &str,
    deck: usize,
    shuffles: u64,
) -> (stats::hypothesis::collision::Collisions, Grade, f64) {
    let r = run(
        &find(id).unwrap().algorithm,
        deck,
        shuffles,
        1,
        false,
        &|_| {},
    );
    let c = r.collisions.expect("the collision test fits 52 cards");
    let p = r
        .analysis
        .tests
        .iter()
        .find(|t| t.name == COLLISION_TEST)
        .unwrap()
        .log10_p;
    (c, Grade::of_run(&r.analysis), p)
}

#[test]
fn a_32_bit_seed_is_caught_within_the_default_budget() {
    // W ~ Poisson(C(N, 2) / 2^32) = Poisson(116.4): the test misses (W = 0)
    // with probability e^-116; one pair alone gives p ≈ 6e-57.
    let (c, grade, log10_p) = collisions("fisher-yates-seed32", 52, DEFAULT_LARGE_SHUFFLES);
    let lambda = 1e6 * (1e6 - 1.0) / 2.0 / 2f64.powi(32);
    // 5 standard deviations: a false failure about once in 1.7 million runs.
    assert!(
        (c.pairs as f64 - lambda).abs() < 5.0 * lambda.sqrt(),
        "{} pairs, expected {lambda:.1}",
        c.pairs
    );
    assert_eq!(grade, Grade::Biased);
    assert!(log10_p < -1000.0, "{log10_p}");
    let e = log10_effective_decks(&c).unwrap();
    // ln(2^32) ± ln(1 + 5 / sqrt(116)): within 0.17 in log10.
    assert!((e - 32.0 * 2f64.log10()).abs() < 0.17, "{e}");
}

#[test]
fn a_day_of_seconds_deals_86400_decks() {
    // N = 10^6 draws of 86,400 seeds: each seed about 11.6 times,
    // W = Σ C(g, 2) with mean C(N, 2) / 86400 = 5.787e6 and standard
    // deviation about 1.2e4 (0.2 %); 1 % is five of them.
    for id in ["fisher-yates-seed-seconds", "poker-fixed-time"] {
        let (c, grade, _) = collisions(id, 52, DEFAULT_LARGE_SHUFFLES);
        assert_eq!(grade, Grade::Biased, "{id}");
        assert!(c.distinct <= 86_400, "{id}: {} distinct", c.distinct);
        let e = 10f64.powf(log10_effective_decks(&c).unwrap());
        assert!((e / 86_400.0 - 1.0).abs() < 0.01, "{id}: {e}");
    }
}

#[test]
fn a_real_shuffle_repeats_nothing() {
    // λ = C(10^6, 2) / 52! = 6.2e-57: any pair would be a failure.
    for id in ["fisher-yates", "naive-swap"] {
        let (c, _, log10_p) = collisions(id, 52, DEFAULT_LARGE_SHUFFLES);
        assert_eq!((c.pairs, c.distinct), (0, DEFAULT_LARGE_SHUFFLES), "{id}");
        assert_eq!(log10_p, 0.0);
    }
}

#[test]
fn the_counts_do_not_depend_on_the_thread_count() {
    let one = rayon::ThreadPoolBuilder::new()
        .num_threads(1)
        .build()
        .unwrap()
        .install(|| collisions("fisher-yates-seed32", 54, 300_000));
    let two = rayon::ThreadPoolBuilder::new()
        .num_threads(2)
        .build()
        .unwrap()
        .install(|| collisions("fisher-yates-seed32", 54, 300_000));
    assert_eq!(one.0, two.0);
}
