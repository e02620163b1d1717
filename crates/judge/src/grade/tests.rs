//! Grades and decisions, each against the runs they judge.

use super::*;
use stats::hypothesis::audit::ObservedStream;
use stats::hypothesis::audit::{
    Effect, MIN_EXPECTED, Observed, run, tests_planned, two_level_min_expected,
};
use stats::hypothesis::collision::COLLISION_TEST;

/// [`audit`] of `algorithm` with this plan, no progress.
fn grade_audit(
    algorithm: &Algorithm,
    deck: usize,
    shuffles: u64,
    seed: u64,
    repeat: u64,
    histogram: bool,
) -> Audited {
    audit(
        algorithm,
        &AuditPlan {
            deck,
            shuffles,
            seed,
            repeat,
            histogram,
        },
        &|_| {},
    )
}

#[test]
fn the_grade_at_a_level_shows_bias_exactly_when_the_level_does() {
    let levels = [0.5, 0.05, 0.01, 1e-3, 1e-4, AUDIT_ALPHA, 1e-9, 1e-12, 1e-15];
    for alpha in levels {
        for tenths in -200..=0 {
            let log10_p = f64::from(tenths) / 10.0;
            let grade = Grade::at_level(log10_p, alpha);
            let level = Level::decide(alpha, 7, log10_p);
            assert_eq!(
                grade.shows_bias(),
                level.bias_shown,
                "alpha {alpha}, p 10^{log10_p}: {grade:?}"
            );
            // The grade never says more than the fixed scale does.
            assert!(grade <= Grade::of_log10(log10_p).max(Grade::Suspicious));
        }
    }
    // At the default level the two scales are one.
    for tenths in -200..=0 {
        let log10_p = f64::from(tenths) / 10.0;
        assert_eq!(
            Grade::at_level(log10_p, AUDIT_ALPHA),
            Grade::of_log10(log10_p)
        );
    }
    // A family of no tests shows nothing, at any level.
    let d = Decision::of_family(0.5, f64::INFINITY, [], []);
    assert_eq!((d.grade, d.level.bias_shown), (Grade::NoBiasShown, false));
}

#[test]
fn grades_follow_the_thresholds() {
    assert_eq!(Grade::of_log10(-2.0), Grade::NoBiasShown);
    assert_eq!(Grade::of_log10(-3.5), Grade::Unusual);
    assert_eq!(Grade::of_log10(-7.0), Grade::Suspicious);
    assert_eq!(Grade::of_log10(-13.0), Grade::Biased);
}

#[test]
fn the_detection_level_is_the_biased_line_over_the_tests_a_run_applies() {
    for (deck, shuffles) in [(3, 29), (3, 30), (6, 3_600), (9, 5_000), (52, 20_000)] {
        assert_eq!(
            detection_level(deck, shuffles),
            BIASED_BELOW / tests_planned(deck, shuffles) as f64,
            "{deck} {shuffles}"
        );
    }
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
    assert_eq!(verdict(-2.0, Some(&run(-30.0))), Grade::NoBiasShown);
    assert_eq!(verdict(-4.0, Some(&run(-30.0))), Grade::Unusual);
}

#[test]
fn audits_grade_and_repeat() {
    let fy = &algorithms::registry::find("fisher-yates")
        .unwrap()
        .algorithm;
    let a = grade_audit(fy, 4, 20_000, 3, 5, true);
    assert_eq!(a.grade, Grade::NoBiasShown);
    let rep = a.audit.repeated.unwrap();
    assert_eq!(rep.seeds, vec![3, 4, 5, 6, 7]);
    assert_eq!(rep.ks.len(), 3);
    assert!(rep.p_values.iter().all(|v| v.values.len() == 5));
    let naive = &algorithms::registry::find("naive-swap").unwrap().algorithm;
    let a = grade_audit(naive, 5, 200_000, 1, 1, true);
    assert_eq!(a.grade, Grade::Biased);
    assert!(a.audit.confirmation.is_none());
}

#[test]
fn two_level_tests_leave_out_p_values_too_discrete_for_the_runs() {
    let fy = &algorithms::registry::find("fisher-yates")
        .unwrap()
        .algorithm;
    // 15 shuffles of 3 cards: 5 expected per position cell, 2.5 per
    // arrangement. Before the gate, 2,000 runs made the KS test of the
    // position p-values call Fisher–Yates biased (p = 2.7e-11).
    let a = grade_audit(fy, 3, 15, 1, 2000, true);
    let rep = a.audit.repeated.as_ref().unwrap();
    assert!(rep.ks.is_empty(), "{:?}", rep.ks);
    assert_eq!(rep.skipped.len(), 1);
    assert_eq!(rep.skipped[0].name, "ks-position-chi2");
    assert!(
        rep.skipped[0].reason.contains("need 223.6"),
        "{}",
        rep.skipped[0].reason
    );
    assert_ne!(a.grade, Grade::Biased);
    // 690 shuffles: 230 per position cell clears 5 √2000, 115 per
    // arrangement does not; the position KS runs and passes (its p-value
    // is uniform: below 1e-3 once in a thousand).
    let a = grade_audit(fy, 3, 690, 1, 2000, true);
    let rep = a.audit.repeated.as_ref().unwrap();
    let names: Vec<_> = rep.ks.iter().map(|t| t.name).collect();
    assert_eq!(names, ["ks-position-chi2"]);
    assert_eq!(rep.p_values.len(), 1);
    assert!(rep.ks[0].p_value > 1e-3, "{:?}", rep.ks[0]);
    assert_eq!(rep.skipped.len(), 2);
    // The gate keeps the power: the naive swap's position p-values
    // (3 cards, 690 shuffles, 2,000 runs) are nowhere near uniform.
    let naive = &algorithms::registry::find("naive-swap").unwrap().algorithm;
    let a = grade_audit(naive, 3, 690, 1, 2000, true);
    let ks = &a.audit.repeated.as_ref().unwrap().ks[0];
    assert!(ks.log10_p < BIASED_BELOW.log10(), "{ks:?}");
    assert_eq!(a.grade, Grade::Biased);
    assert_eq!(two_level_min_expected(1), MIN_EXPECTED);
    assert_eq!(two_level_min_expected(100), 50.0);
}

#[test]
fn large_decks_get_the_battery_and_the_collision_test() {
    let fy = &algorithms::registry::find("fisher-yates")
        .unwrap()
        .algorithm;
    let a = grade_audit(fy, 52, 50_000, 11, 3, false);
    let first = &a.audit.first;
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
    assert_eq!(a.grade, Grade::NoBiasShown);
    // Every continuous test has its own second level; the collision test none.
    let rep = a.audit.repeated.unwrap();
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
fn observed_decks_get_the_tests_their_number_allows() {
    let mut rng = stats::sample::chunk_rng(9, 0);
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
    assert_eq!(Grade::of_run(&r.analysis), Grade::NoBiasShown);
}

#[test]
fn the_battery_catches_the_naive_swap_at_52_cards() {
    let naive = &algorithms::registry::find("naive-swap").unwrap().algorithm;
    let a = run(naive, 52, 100_000, 2, false, &|_| {}).analysis;
    assert_eq!(Grade::of_run(&a), Grade::Biased);
    let cycles = a.tests.iter().find(|t| t.name == "cycles-chi2").unwrap();
    assert!(cycles.log10_p < -100.0, "{cycles:?}");
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

/// `decks` decks of `deck` cards: the first shuffled by Fisher–Yates
/// from the ordered deck, each next one either shuffled afresh by
/// `algorithm` (`carry = false`) or the previous deck shuffled again.
fn stream(algorithm: &str, deck: usize, decks: u64, seed: u64, carry: bool) -> Audited {
    let fy = algorithms::registry::find("fisher-yates")
        .unwrap()
        .algorithm;
    let alg = algorithms::registry::find(algorithm).unwrap().algorithm;
    let mut rng = stats::sample::chunk_rng(seed, 0);
    let identity: Vec<u8> = (0..deck as u8).collect();
    let mut d = identity.clone();
    algorithms::Shuffle::shuffle(&fy, &mut d, &mut rng);
    let mut s = ObservedStream::new(deck);
    s.observe(&d);
    for _ in 1..decks {
        if !carry {
            d.clone_from(&identity);
        }
        algorithms::Shuffle::shuffle(&alg, &mut d, &mut rng);
        s.observe(&d);
    }
    let (run, lag1) = s.into_runs();
    of_decks(run, Some(lag1))
}

/// A lazy dealer's stream: each deck the one before with `swaps`
/// random transpositions (two uniform positions each, possibly the
/// same), from a uniform first deck, so every deck alone is uniform.
fn lazy(deck: usize, decks: u64, swaps: usize, seed: u64) -> Audited {
    use rand::RngExt;
    let fy = algorithms::registry::find("fisher-yates")
        .unwrap()
        .algorithm;
    let mut rng = stats::sample::chunk_rng(seed, 0);
    let mut d: Vec<u8> = (0..deck as u8).collect();
    algorithms::Shuffle::shuffle(&fy, &mut d, &mut rng);
    let mut s = ObservedStream::new(deck);
    s.observe(&d);
    for _ in 1..decks {
        for _ in 0..swaps {
            let (i, j) = (rng.random_range(0..deck), rng.random_range(0..deck));
            d.swap(i, j);
        }
        s.observe(&d);
    }
    let (run, lag1) = s.into_runs();
    of_decks(run, Some(lag1))
}

#[test]
fn a_biased_shuffle_of_the_last_deck_passes_the_deck_tests_and_fails_lag1() {
    // Each deck is the one before shuffled again by a shuffle that is
    // not uniform: the first deck is uniform, and a uniform deck
    // shuffled by anything stays uniform, so every deck alone is
    // uniform and the deck tests have nothing to see. The next deck in
    // the last deck's order has the shuffle's own law: the naive swap
    // at 6 cards (TV 0.098 from uniform) and seven GSR riffles at 52
    // (TV 0.334). A fair source fed the same way (Fisher–Yates of the
    // last deck) passes.
    for (alg, deck, decks) in [("naive-swap", 6usize, 20_000u64), ("gsr-riffle", 52, 4_000)] {
        let a = stream(alg, deck, decks, 7, true);
        let decks_alone = a.audit.first.analysis.log10_min_adjusted_p;
        // Deck tests: above the "unusual" line (a fair run falls below
        // it with probability ≤ 1e-3).
        assert!(
            decks_alone > UNUSUAL_BELOW.log10(),
            "{alg}: decks alone {decks_alone}"
        );
        // Lag 1: far below the "biased" line, with margin.
        let lag = a.audit.lag1.as_ref().unwrap().log10_min_adjusted_p();
        assert!(lag < 2.0 * BIASED_BELOW.log10(), "{alg}: lag 1 {lag}");
        assert_eq!(a.grade, Grade::Biased, "{alg}");
        let fair = stream("fisher-yates", deck, decks, 7, true);
        assert!(
            fair.audit.log10_min_adjusted_p > UNUSUAL_BELOW.log10(),
            "fisher-yates carried over: {}",
            fair.audit.log10_min_adjusted_p
        );
    }
}

#[test]
fn findings_say_where_the_bias_shows_and_agree_with_the_level() {
    let cases = [
        // Fresh Fisher–Yates decks: nothing.
        ("fisher-yates", 6, 20_000, false, Finding::NoneShown),
        // The naive swap of the last deck: only between decks.
        ("naive-swap", 6, 20_000, true, Finding::DecksDependent),
        // Fresh naive swaps: the decks alone (and the tests between
        // decks too, since the decks are not uniform).
        ("naive-swap", 6, 20_000, false, Finding::DecksBiased),
    ];
    for (alg, deck, decks, carry, want) in cases {
        let a = stream(alg, deck, decks, 5, carry);
        let d = Decision::of_audit(&a.audit, 0.01);
        let (level, f) = (d.level, d.finding);
        assert_eq!(f, want, "{alg} carry {carry}");
        assert_eq!(level.bias_shown, f != Finding::NoneShown, "{alg}");
    }
}

#[test]
fn a_dependent_stream_is_called_dependent_even_when_single_decks_fail_too() {
    // 2, 26 and 52 transpositions per deal, 52 cards, 20,000 decks:
    // the single decks' position test fails too (10^-11623, 10^-210,
    // 10^-27 in one run: the counts of a card that tends to stay put
    // vary more than independent decks'), the tests between decks far
    // more strongly.
    for swaps in [2, 26, 52] {
        let a = lazy(52, 20_000, swaps, 9);
        assert_eq!(
            Decision::of_audit(&a.audit, 1e-6).finding,
            Finding::DecksDependent,
            "{swaps} swaps"
        );
    }
    // Independent biased decks on 52 cards: biased, though the tests
    // between decks fail as well.
    let a = stream("naive-swap", 52, 200_000, 9, false);
    let lag1 = a.audit.lag1.as_ref().unwrap().log10_min_adjusted_p();
    assert!(lag1 < -6.0 - (a.audit.family().count() as f64).log10());
    assert_eq!(
        Decision::of_audit(&a.audit, 1e-6).finding,
        Finding::DecksBiased
    );
}

/// One decision: the family's smallest test is rejected exactly when the
/// level shows bias, at every level a decision is made at (down to 10^-300,
/// where `alpha / tests` is still a number) and every family size, with
/// the smallest p-value on both sides of the line and on it.
#[test]
fn the_smallest_test_is_rejected_exactly_when_the_level_shows_bias() {
    let mut checked = 0;
    for alpha in [0.5, 0.05, 0.01, 1e-6, 1e-30, 1e-299, SMALLEST_LEVEL] {
        for tests in [1usize, 2, 7, 13, 1000, 1 << 20] {
            let line = alpha.log10() - (tests as f64).log10();
            for log10_p in [
                line - 1e-9,
                line,
                line + 1e-9,
                line - 5.0,
                -2000.0,
                f64::NEG_INFINITY,
                0.0,
            ] {
                let adjusted = stats::hypothesis::audit::adjusted_log10(&vec![log10_p; tests]);
                let level = Level::decide(alpha, tests, adjusted);
                assert_eq!(
                    level.rejects(log10_p),
                    level.bias_shown,
                    "alpha {alpha}, {tests} tests, log10 p {log10_p}"
                );
                checked += 1;
            }
        }
    }
    assert_eq!(checked, 7 * 6 * 7);
    // Below the floor a level is refused, not decided at.
    assert!(family_level(5e-324).is_err() && family_level(1e-301).is_err());
    assert_eq!(family_level(SMALLEST_LEVEL), Ok(SMALLEST_LEVEL));
    assert_eq!(SMALLEST_LEVEL.log10(), SMALLEST_MEANT_LOG10_P);
}
