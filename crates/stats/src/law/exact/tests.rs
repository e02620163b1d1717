use super::*;
use crate::law::perm::factorial;

#[test]
fn an_exact_law_reports_its_walk_then_its_compositions_each_to_its_total() {
    // Seven riffles of 6 cards: one pass walked (2^6 cuts, each
    // interleaving drawn card by card), then composed six times, each
    // summing 720 arrangements over the pass's 58 (2^6 - 6).
    let alg = &algorithms::registry::find("gsr-riffle").unwrap().algorithm;
    let reports = std::sync::Mutex::new(Vec::new());
    let law = exact_distribution_with(alg, 6, &Limits::default(), &|p| {
        reports.lock().unwrap().push(p);
    })
    .unwrap();
    let reports = reports.into_inner().unwrap();
    let walk = Stage::Walk { compositions: 6 };
    let compose = Stage::Compose { passes: 7 };
    assert_eq!((reports[0].stage, reports[0].done), (walk, 0));
    let walked: Vec<_> = reports.iter().filter(|p| p.stage == walk).collect();
    let composed: Vec<_> = reports.iter().filter(|p| p.stage == compose).collect();
    assert_eq!(walked.len() + composed.len(), reports.len());
    assert!(reports[walked.len()..].iter().all(|p| p.stage == compose));
    let paths = walked.iter().map(|p| p.done).max().unwrap();
    assert_eq!(paths, law.paths + law.cut_paths);
    let last = composed.last().unwrap();
    assert_eq!((composed[0].done, composed[0].total), (0, 720 * 58 * 6));
    assert_eq!((last.done, last.total), (720 * 58 * 6, 720 * 58 * 6));
}

#[test]
fn riffles_sampled_at_once_have_the_law_of_the_riffles_one_by_one() {
    // What the sampler runs for the GSR riffle (one 2^k-shuffle) against
    // the law of k riffles, each walked and composed: equal fractions
    // on every arrangement (Bayer and Diaconis).
    use algorithms::{GsrRiffle, GsrRiffles, Kernel};
    for n in 1..=5 {
        for k in 1..=3 {
            let at_once =
                walk(&GsrRiffles { times: k }, n, &Limits::default(), &|_| {}, 0).unwrap();
            let alg = Algorithm {
                kernel: Kernel::GsrRiffle(GsrRiffle),
                times: k,
            };
            let one_by_one = exact_distribution(&alg, n, &Limits::default()).unwrap();
            assert!(at_once.is_complete() && one_by_one.is_complete());
            for r in 0..factorial(n) as usize {
                assert_eq!(
                    at_once.probability_exact(r),
                    one_by_one.probability_exact(r),
                    "{n} cards, {k} riffles, arrangement {r}"
                );
            }
        }
    }
}
use algorithms::registry::find;

fn law(id: &str, n: usize) -> ExactDistribution {
    let entry = find(id).unwrap();
    exact_distribution(&entry.algorithm, n, &Limits::for_exact(entry.exact)).unwrap()
}

#[test]
fn naive_swap_on_three_cards_is_the_textbook_27_paths() {
    let d = law("naive-swap", 3);
    assert_eq!(d.denominator, 27);
    assert_eq!(d.weights, vec![4, 5, 5, 5, 4, 4]);
    assert_eq!(d.paths, 27);
    assert_eq!(
        d.position_weights(),
        vec![vec![9, 9, 9], vec![10, 8, 9], vec![8, 10, 9]]
    );
    assert!(!d.is_uniform());
    let tv = d.total_variation();
    // |4/27 - 1/6| * 3 + |5/27 - 1/6| * 3, halved = 1/18
    assert!((tv.lower - 1.0 / 18.0).abs() < 1e-15, "{tv:?}");
}

#[test]
fn extreme_ranks_are_the_ends_of_the_sorted_law() {
    // Ties everywhere (the naive swap's few distinct weights) and
    // k above the number of arrangements.
    for (id, n) in [
        ("naive-swap", 3),
        ("naive-swap", 6),
        ("random-pairs-swap", 5),
    ] {
        let d = law(id, n);
        let mut sorted: Vec<usize> = (0..d.arrangements()).collect();
        sorted.sort_by(|&a, &b| d.weights[b].cmp(&d.weights[a]).then(a.cmp(&b)));
        for k in [1, 5, 7, 1000] {
            let (most, least) = d.extreme_ranks(k);
            let k = k.min(sorted.len());
            assert_eq!(most, sorted[..k], "{id} {n} {k}");
            assert_eq!(least, sorted[sorted.len() - k..], "{id} {n} {k}");
        }
        let (count, first) = d.ranks_of_weight(d.max_weight(), 2);
        let all: Vec<usize> = sorted
            .iter()
            .copied()
            .filter(|&r| d.weights[r] == d.max_weight())
            .collect();
        assert_eq!(count as usize, all.len());
        assert_eq!(first, all[..all.len().min(2)]);
    }
}

#[test]
fn fisher_yates_is_exactly_uniform() {
    for n in 1..=7 {
        let d = law("fisher-yates", n);
        assert!(d.is_uniform(), "n = {n}");
        assert_eq!(d.paths, factorial(n));
        assert_eq!(d.total_variation().upper, 0.0);
    }
}

#[test]
fn sattolo_reaches_only_cycles() {
    for n in 2..=6 {
        let d = law("sattolo", n);
        assert_eq!(d.support() as u64, factorial(n - 1), "n = {n}");
        assert_eq!(d.identity_probability(), 0.0);
    }
}

#[test]
fn rand_mod_weights_enter_the_law() {
    // fisher-yates-mod15 at n = 3: j = w % 3 (weights 10923, 10923, 10922 of 32768),
    // then w % 2 (uniform). P(identity) = P(j=2 at i=2) * P(j=1 at i=1) = 10922/32768 / 2.
    let d = law("fisher-yates-mod15", 3);
    let p = d.identity_probability();
    assert_eq!(p, 10922.0 / 32768.0 / 2.0);
    assert!(!d.is_uniform());
}

#[test]
fn rejection_loops_are_solved_in_closed_form() {
    for id in ["redraw-on-empty", "redraw-flags"] {
        for n in 1..=5 {
            let d = law(id, n);
            assert!(d.is_uniform(), "{id} n = {n}");
            assert_eq!(d.cut_paths, 0);
        }
    }
}

#[test]
fn gsr_riffle_matches_bayer_diaconis() {
    // P(identity after k riffles) = C(2^k + n - 1, n) / 2^(nk); for n = 3, k = 7:
    // C(130, 3) / 2^21 = 357760 / 2097152.
    let d = law("gsr-riffle", 3);
    assert_eq!(d.method, Method::RepeatedComposition { passes: 7 });
    assert!(d.is_complete());
    assert_eq!(d.identity_probability(), 357_760.0 / 2_097_152.0);
    // 021 has two rising sequences: C(2^7 + 3 - 2, 3) / 2^21; 210 has three.
    assert_eq!(d.probability(1), 349_504.0 / 2_097_152.0);
    assert_eq!(d.probability(5), 341_376.0 / 2_097_152.0);
}

#[test]
fn rounding_down_keeps_lower_bounds() {
    let law = ExactDistribution {
        deck: 2,
        weights: vec![1, 1],
        denominator: 3,
        paths: 2,
        cut_paths: 1,
        method: Method::BruteForce,
    };
    let r = round_down(&law, 4);
    // floor(16 / 3) = 5 of 16 each.
    assert_eq!((r.weights.clone(), r.denominator), (vec![5, 5], 16));
    assert!(r.probability(0) <= law.probability(0));
    let big = ExactDistribution {
        weights: vec![u128::MAX - 1, 0],
        denominator: u128::MAX,
        ..law
    };
    assert_eq!(round_down(&big, 8).weights, vec![255, 0]);
}

#[test]
fn wide_draws_and_budgets_are_refused() {
    let keys = find("random-keys-32").unwrap();
    let e = exact_distribution(&keys.algorithm, 3, &Limits::default()).unwrap_err();
    assert!(matches!(e, ExactError::TooWide { .. }), "{e}");
    let swap = find("naive-swap").unwrap();
    let e = exact_distribution(&swap.algorithm, 10, &Limits::default()).unwrap_err();
    assert!(matches!(e, ExactError::TooManyPaths { .. }), "{e}");
    let e = exact_distribution(&swap.algorithm, 0, &Limits::default()).unwrap_err();
    assert_eq!(
        e.to_string(),
        "deck size 0 is not allowed for exact enumeration: use 1..=10"
    );
}

#[test]
fn thread_count_does_not_change_the_law() {
    let entry = find("coin-merge-sort").unwrap();
    let run = |threads| {
        rayon::ThreadPoolBuilder::new()
            .num_threads(threads)
            .build()
            .unwrap()
            .install(|| exact_distribution(&entry.algorithm, 6, &Limits::default()).unwrap())
    };
    assert_eq!(run(1), run(4));
}
