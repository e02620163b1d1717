//! Policies and analyses, each against what a run then does.

use super::*;
use crate::hypothesis::collision::Fingerprints;
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
    }
}

#[test]
fn the_family_is_adjusted_by_bonferroni() {
    assert_eq!(adjusted_log10(&[-5.0, -1.0, -2.0]), -5.0 + 3f64.log10());
    assert_eq!(adjusted_log10(&[-0.1, -0.2]), 0.0);
    assert_eq!(adjusted_log10(&[]), 0.0);
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
fn stretches_sharing_their_histograms_give_the_counts_of_one_pass() {
    // Decks and their moves counted in three stretches into shared
    // histograms, appended in order: the run and the lag-1 run of one pass.
    let deck = 5;
    let fy = &algorithms::registry::find("fisher-yates")
        .unwrap()
        .algorithm;
    let mut rng = crate::sample::chunk_rng(11, 0);
    let mut d: Vec<u8> = (0..deck as u8).collect();
    let decks: Vec<Vec<u8>> = (0..2_000)
        .map(|i| {
            // Now and then the same deck twice: the moves are not uniform.
            if i % 7 != 0 {
                algorithms::Shuffle::shuffle(fy, &mut d, &mut rng);
            }
            d.clone()
        })
        .collect();
    let mut one = ObservedStream::new(deck);
    decks.iter().for_each(|d| one.observe(d));
    let shared = StreamHistograms::new(deck).unwrap();
    let mut parts: Vec<ObservedStream> = [0, 700, 1_300]
        .iter()
        .zip([700, 1_300, 2_000])
        .map(|(&a, b)| {
            let mut part = ObservedStream::sharing(deck, a as u64, Some(&shared));
            decks[a..b].iter().for_each(|d| part.observe(d));
            part
        })
        .collect();
    let mut whole = parts.remove(0);
    for part in parts {
        whole.append(part);
    }
    let (run, lag) = whole.into_runs();
    let (want, want_lag) = one.into_runs();
    assert!(run.histogram.is_some());
    assert_eq!(run.histogram, want.histogram);
    assert_eq!(run.analysis, want.analysis);
    assert_eq!(lag.tests, want_lag.tests);
}
