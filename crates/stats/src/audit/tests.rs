//! Policies, grades and analyses, each against what a run then does.

use super::*;
use crate::collision::Fingerprints;
use crate::sample::sample;

#[test]
fn the_planned_tests_are_the_tests_a_run_applies() {
    // One policy: whether the histogram is kept, and so how many tests
    // a run applies (the Bonferroni factor power plans use), is what
    // `run` and `Observed` then do, on both sides of each threshold.
    let fy = algorithms::registry::find("fisher-yates")
        .unwrap()
        .algorithm;
    for (deck, shuffles) in [
        (3, 29),
        (3, 30),
        (5, 600),
        (6, 3_599),
        (6, 3_600),
        (9, 5_000),
        (12, 5_000),
        (52, 20_000),
    ] {
        let keep = keeps_histogram(deck, shuffles);
        assert_eq!(
            keep,
            deck <= MAX_HISTOGRAM_DECK && shuffles as f64 >= 5.0 * factorial(deck) as f64,
            "{deck} {shuffles}"
        );
        let sampled = run(&fy, deck, shuffles, 1, keep, &|_| {});
        assert_eq!(sampled.histogram.is_some(), keep, "{deck} {shuffles}");
        let ran = sampled.analysis.tests.len();
        assert_eq!(ran, tests_planned(deck, shuffles), "{deck} {shuffles}");
        let mut observed = Observed::new(deck);
        let mut rng = crate::sample::chunk_rng(7, 0);
        let mut d: Vec<u8> = (0..deck as u8).collect();
        for _ in 0..shuffles {
            algorithms::Shuffle::shuffle(&fy, &mut d, &mut rng);
            observed.observe(&d);
        }
        let read = observed.into_run();
        assert_eq!(read.histogram.is_some(), keep, "{deck} {shuffles}");
        assert_eq!(read.analysis.tests.len(), ran, "{deck} {shuffles}");
        assert_eq!(
            detection_level(deck, shuffles),
            BIASED_BELOW / ran as f64,
            "{deck} {shuffles}"
        );
    }
}

#[test]
fn grades_follow_the_thresholds() {
    assert_eq!(Grade::of_log10(-2.0), Grade::Uniform);
    assert_eq!(Grade::of_log10(-3.5), Grade::Unusual);
    assert_eq!(Grade::of_log10(-7.0), Grade::Suspicious);
    assert_eq!(Grade::of_log10(-13.0), Grade::Biased);
    assert_eq!(adjusted_log10(&[-5.0, -1.0, -2.0]), -5.0 + 3f64.log10());
    assert_eq!(adjusted_log10(&[-0.1, -0.2]), 0.0);
}

#[test]
fn a_suspicious_run_needs_confirmation() {
    let run = |l: f64| Analysis {
        tests: Vec::new(),
        skipped: Vec::new(),
        effect: Effect {
            position_z: Vec::new(),
            row_tests: Vec::new(),
            max_relative_deviation: 0.0,
            max_abs_z: 0.0,
            z_bonferroni_01: 0.0,
            total_variation: None,
            total_variation_noise_floor: None,
        },
        log10_min_adjusted_p: l,
    };
    assert_eq!(verdict(-8.0, Some(&run(-4.0))), Grade::Biased);
    assert_eq!(verdict(-8.0, Some(&run(-1.0))), Grade::Suspicious);
    assert_eq!(verdict(-8.0, None), Grade::Suspicious);
    assert_eq!(verdict(-20.0, None), Grade::Biased);
    // Only a suspicious first run is confirmed or not: a second seed
    // never changes another grade.
    assert_eq!(verdict(-2.0, Some(&run(-30.0))), Grade::Uniform);
    assert_eq!(verdict(-4.0, Some(&run(-30.0))), Grade::Unusual);
}

#[test]
fn too_few_shuffles_skip_the_permutation_tests_and_say_how_many() {
    let mut h = Histogram::new(4);
    h.counts[0] = 50;
    let a = Analysis::new(&h.positions(), Some(&h), None, None);
    assert_eq!(a.tests.len(), 1);
    assert_eq!(a.skipped.len(), 2);
    assert!(
        a.skipped[0].reason.contains("at least 120 shuffles"),
        "{}",
        a.skipped[0].reason
    );
}

#[test]
fn audits_grade_and_repeat() {
    let fy = &algorithms::registry::find("fisher-yates")
        .unwrap()
        .algorithm;
    let a = audit(fy, 4, 20_000, 3, 5, true, &|_| {});
    assert_eq!(a.grade, Grade::Uniform);
    let rep = a.repeated.unwrap();
    assert_eq!(rep.seeds, vec![3, 4, 5, 6, 7]);
    assert_eq!(rep.ks.len(), 3);
    assert!(rep.p_values.iter().all(|(_, v)| v.len() == 5));
    let naive = &algorithms::registry::find("naive-swap").unwrap().algorithm;
    let a = audit(naive, 5, 200_000, 1, 1, true, &|_| {});
    assert_eq!(a.grade, Grade::Biased);
    assert!(a.confirmation.is_none());
}

#[test]
fn two_level_tests_leave_out_p_values_too_discrete_for_the_runs() {
    let fy = &algorithms::registry::find("fisher-yates")
        .unwrap()
        .algorithm;
    // 15 shuffles of 3 cards: 5 expected per position cell, 2.5 per
    // arrangement. Before the gate, 2,000 runs made the KS test of the
    // position p-values call Fisher–Yates biased (p = 2.7e-11).
    let a = audit(fy, 3, 15, 1, 2000, true, &|_| {});
    let rep = a.repeated.as_ref().unwrap();
    assert!(rep.ks.is_empty(), "{:?}", rep.ks);
    assert_eq!(rep.skipped.len(), 1);
    assert_eq!(rep.skipped[0].name, "ks-position-chi2");
    assert!(
        rep.skipped[0].reason.contains("need 44.7"),
        "{}",
        rep.skipped[0].reason
    );
    assert_ne!(a.grade, Grade::Biased);
    // 150 shuffles: 50 per position cell clears √2000, 25 per
    // arrangement does not; the position KS runs and passes (its p-value
    // is uniform: below 1e-3 once in a thousand).
    let a = audit(fy, 3, 150, 1, 2000, true, &|_| {});
    let rep = a.repeated.as_ref().unwrap();
    let names: Vec<_> = rep.ks.iter().map(|t| t.name).collect();
    assert_eq!(names, ["ks-position-chi2"]);
    assert_eq!(rep.p_values.len(), 1);
    assert!(rep.ks[0].p_value > 1e-3, "{:?}", rep.ks[0]);
    assert_eq!(rep.skipped.len(), 2);
    // The gate keeps the power: the naive swap's position p-values
    // (3 cards, 150 shuffles, 2,000 runs) are nowhere near uniform.
    let naive = &algorithms::registry::find("naive-swap").unwrap().algorithm;
    let a = audit(naive, 3, 150, 1, 2000, true, &|_| {});
    let ks = &a.repeated.as_ref().unwrap().ks[0];
    assert!(ks.log10_p < BIASED_BELOW.log10(), "{ks:?}");
    assert_eq!(a.grade, Grade::Biased);
    assert_eq!(two_level_min_expected(4), MIN_EXPECTED);
    assert_eq!(two_level_min_expected(100), 10.0);
}

#[test]
fn large_decks_get_the_battery_and_the_collision_test() {
    let fy = &algorithms::registry::find("fisher-yates")
        .unwrap()
        .algorithm;
    let a = audit(fy, 52, 50_000, 11, 3, false, &|_| {});
    let first = &a.first;
    let names: Vec<_> = first
        .analysis
        .tests
        .iter()
        .map(|t| t.name.as_str())
        .collect();
    assert_eq!(
        names,
        [
            "position-chi2",
            "fixed-points-chi2",
            "cycles-chi2",
            "descents-chi2",
            "rising-sequences-chi2",
            "successions-chi2",
            COLLISION_TEST.as_str()
        ]
    );
    assert!(first.histogram.is_none());
    assert_eq!(first.battery.as_ref().unwrap().total(), 50_000);
    let c = first.collisions.unwrap();
    assert_eq!((c.decks, c.pairs, c.distinct), (50_000, 0, 50_000));
    assert_eq!(a.grade, Grade::Uniform);
    // Every continuous test has its own second level; the collision test none.
    let rep = a.repeated.unwrap();
    let ks: Vec<_> = rep.ks.iter().map(|t| t.name).collect();
    assert_eq!(ks.len(), 6);
    assert!(
        ks.iter()
            .all(|n| n.two_level && n.as_str().starts_with("ks-")),
        "{ks:?}"
    );
    // 12 cards: 4.8e8 arrangements, too few for the Poisson approximation.
    let a = run(fy, 12, 10_000, 1, false, &|_| {}).analysis;
    assert_eq!(a.tests.len(), 6);
    assert_eq!(a.skipped[0].name, COLLISION_TEST);
    assert!(a.skipped[0].reason.contains("12! arrangements are too few"));
}

#[test]
fn collisions_counted_in_the_run_are_those_of_its_decks() {
    // The run counts fingerprints in its single pass; a separate pass
    // over the same seed (what runs beyond COLLISION_MAX_DECKS use) must
    // see the same decks.
    let alg = &algorithms::registry::find("fisher-yates-seed-seconds")
        .unwrap()
        .algorithm;
    let r = run(alg, 30, 70_000, 4, false, &|_| {});
    let again = sample(alg, 30, 70_000, 4, Fingerprints::default, &|_| {}).collisions(30);
    assert_eq!(r.collisions, Some(again));
    assert!(again.pairs > 0);
}

#[test]
fn observed_decks_get_the_tests_their_number_allows() {
    use rand::SeedableRng;
    let mut rng = rand_xoshiro::Xoshiro256PlusPlus::seed_from_u64(9);
    let fy = algorithms::FisherYates;
    let mut counts = |n: usize, decks: u64| {
        let mut o = Observed::new(n);
        let mut d: Vec<u8> = Vec::new();
        for _ in 0..decks {
            d.clear();
            d.extend(0..n as u8);
            algorithms::Shuffle::shuffle(&fy, &mut d, &mut rng);
            o.observe(&d);
        }
        o.into_run()
    };
    // 4 cards, 200 decks: enough for the histogram (5 x 24 = 120).
    let r = counts(4, 200);
    assert!(r.histogram.is_some() && r.battery.is_none());
    assert_eq!(r.analysis.tests[0].name, "permutation-chi2");
    // 6 cards, 200 decks: too few (3600 needed); the battery instead.
    let r = counts(6, 200);
    assert!(r.histogram.is_none() && r.battery.is_some());
    assert_eq!(r.analysis.tests.len(), 6);
    // 52 cards: the battery and the collision test.
    let r = counts(52, 1000);
    assert_eq!(r.collisions.unwrap().decks, 1000);
    assert_eq!(r.analysis.grade(), Grade::Uniform);
}

#[test]
fn the_battery_catches_the_naive_swap_at_52_cards() {
    let naive = &algorithms::registry::find("naive-swap").unwrap().algorithm;
    let a = run(naive, 52, 100_000, 2, false, &|_| {}).analysis;
    assert_eq!(a.grade(), Grade::Biased);
    let cycles = a.tests.iter().find(|t| t.name == "cycles-chi2").unwrap();
    assert!(cycles.log10_p < -100.0, "{cycles:?}");
}

#[test]
fn row_views_single_out_the_cards_that_move_unevenly() {
    // Naive swap, 3 cards: card 0 ends anywhere with probability 9/27 each
    // (exactly uniform), cards 1 and 2 do not (10, 8, 9 and 8, 10, 9).
    let naive = &algorithms::registry::find("naive-swap").unwrap().algorithm;
    let a = run(naive, 3, 300_000, 5, true, &|_| {}).analysis;
    let rows = &a.effect.row_tests;
    assert_eq!(rows.len(), 3);
    assert!(rows.iter().all(|t| t.df == 2.0));
    // Family-wise 0.001 over 3 rows for card 0; cards 1 and 2 far beyond it.
    assert!(rows[0].p_value > 0.001 / 3.0, "{:?}", rows[0]);
    assert!(
        rows[1].log10_p < -10.0 && rows[2].log10_p < -10.0,
        "{rows:?}"
    );
    assert_eq!(a.effect.position_z.len(), 9);
}

#[test]
fn power_needs_more_shuffles_for_smaller_biases() {
    let loose = shuffles_for_power(10.0, 1e-3, 1e-6, 0.99);
    let tight = shuffles_for_power(10.0, 1e-4, 1e-6, 0.99);
    assert!((tight / loose - 10.0).abs() < 0.05, "{loose} {tight}");
    // 1 df, α = 0.05, power 0.8: λ = 7.849, so N = 7.849 / δ.
    let n = shuffles_for_power(1.0, 0.01, 0.05, 0.8);
    assert!((n - 785.0).abs() <= 1.0, "{n}");
}

#[test]
fn the_default_level_decides_as_the_grade_does() {
    // At AUDIT_ALPHA, bias is shown exactly when the grade is suspicious
    // or biased, on both sides of every threshold.
    for log10 in [-0.5, -2.9, -3.1, -5.9, -6.0, -6.1, -11.9, -12.1, -300.0] {
        let level = Level::decide(AUDIT_ALPHA, 7, log10);
        assert_eq!(
            level.bias_shown,
            Grade::of_log10(log10).shows_bias(),
            "{log10}"
        );
    }
    // At 0.05 over 10 tests: 0.005 per test; adjusted p 0.049 is shown,
    // 0.051 not; a test at p = 0.004 is rejected, one at 0.006 not.
    let l = Level::decide(0.05, 10, 0.049f64.log10());
    assert!(l.bias_shown);
    assert!((l.per_test - 0.005).abs() < 1e-15);
    assert!(!Level::decide(0.05, 10, 0.051f64.log10()).bias_shown);
    assert!(l.rejects(0.004f64.log10()) && !l.rejects(0.006f64.log10()));
    assert!(!Level::decide(0.05, 0, -20.0).bias_shown);
}
