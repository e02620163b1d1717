use super::*;
use crate::law::perm::next_permutation;
use num_traits::ToPrimitive;

/// Every permutation of `n`, in lexicographic order.
fn all(n: usize) -> Vec<Vec<u32>> {
    let mut p: Vec<u8> = (0..n as u8).collect();
    let mut out = vec![p.iter().map(|&v| u32::from(v)).collect()];
    while next_permutation(&mut p) {
        out.push(p.iter().map(|&v| u32::from(v)).collect());
    }
    out
}

fn counts(law: Vec<BigUint>) -> Vec<u64> {
    law.into_iter().map(|c| c.to_u64().unwrap()).collect()
}

#[test]
fn every_law_equals_counting_every_permutation() {
    for n in 2..=9 {
        let perms = all(n);
        let top = n * (n * n - 1) / 3;
        let (mut d, mut inv, mut runs, mut longest) = (
            vec![0u64; top + 1],
            vec![0u64; n * (n - 1) / 2 + 1],
            vec![0u64; n],
            vec![0u64; n + 1],
        );
        for p in &perms {
            d[p.iter()
                .enumerate()
                .map(|(i, &v)| (i as i64 - i64::from(v)).pow(2) as usize)
                .sum::<usize>()] += 1;
            inv[count_inversions(p) as usize] += 1;
            runs[count_runs(p)] += 1;
            longest[longest_run(p)] += 1;
        }
        assert_eq!(counts(spearman_law(n)), d, "spearman {n}");
        assert_eq!(counts(kendall_law(n)), inv, "kendall {n}");
        assert_eq!(counts(runs_law(n)), runs, "runs {n}");
        for l in 1..=n + 1 {
            let shorter: u64 = longest[..l].iter().sum();
            assert_eq!(
                runs_shorter_than(n, l).to_u64().unwrap(),
                shorter,
                "longest < {l} of {n}"
            );
        }
    }
}

#[test]
fn exact_p_values_are_the_share_of_permutations_as_extreme() {
    // Every permutation of 7 (n ≤ 10: every test exact): each p-value is
    // the share of the 5,040 permutations whose statistic is at least as
    // far from the mean (at least as long, for the longest run).
    let perms = all(7);
    let stats: Vec<Vec<DrawTest>> = perms.iter().map(|p| tests(p)).collect();
    for (k, s) in DrawStatistic::ALL.iter().enumerate() {
        for (p, t) in perms.iter().zip(&stats).step_by(97) {
            let t = &t[k];
            assert_eq!(t.method, DrawMethod::Exact);
            let far = |u: &DrawTest| match s {
                DrawStatistic::LongestRun => u.value >= t.value,
                _ => {
                    let mean = t.null_mean.unwrap();
                    (u.value - mean).abs() >= (t.value - mean).abs() - 1e-12
                }
            };
            let share = stats.iter().filter(|u| far(&u[k])).count() as f64 / 5040.0;
            assert!(
                (t.p_value - share).abs() < 1e-12,
                "{s:?} {p:?}: {} vs {share}",
                t.p_value
            );
        }
    }
}

#[test]
fn the_normal_limits_take_over_from_the_exact_laws_smoothly() {
    // Permutations at the largest exact sizes with a mild trend (the
    // ranks of i + noise, the noise 4n wide from a fixed LCG: τ about 0.2):
    // the exact p-values and the normal limits agree to 5 % of their
    // logarithm (or 0.05).
    let trend = |n: usize| {
        let mut x = 12345u64;
        let keys: Vec<u64> = (0..n as u64)
            .map(|i| {
                x = x
                    .wrapping_mul(6364136223846793005)
                    .wrapping_add(1442695040888963407);
                i + (x >> 33) % (4 * n as u64)
            })
            .collect();
        let mut order: Vec<usize> = (0..n).collect();
        order.sort_by_key(|&i| (keys[i], i));
        let mut draw = vec![0u32; n];
        for (rank, &i) in order.iter().enumerate() {
            draw[i] = rank as u32;
        }
        draw
    };
    let close = |exact: &DrawTest, limit: &DrawTest| {
        assert_eq!(exact.method, DrawMethod::Exact);
        let tolerance = (0.05 * limit.log10_p.abs()).max(0.05);
        assert!(
            (exact.log10_p - limit.log10_p).abs() < tolerance,
            "{exact:?} {limit:?}"
        );
    };
    let n = KENDALL_EXACT_UP_TO;
    let draw = trend(n);
    let exact = kendall(&Laws::new(draw.len()), &draw);
    assert!(exact.log10_p < -2.0, "a trend: {exact:?}");
    let nn = n as f64;
    let sd = (2.0 * (2.0 * nn + 5.0) / (9.0 * nn * (nn - 1.0))).sqrt();
    close(
        &exact,
        &normal(
            DrawStatistic::KendallTau,
            exact.value,
            Some(0.0),
            exact.value / sd,
        ),
    );
    let n = EXACT_UP_TO;
    let draw = trend(n);
    let exact = runs(&Laws::new(draw.len()), &draw);
    let nn = n as f64;
    let (mean, sd) = ((2.0 * nn - 1.0) / 3.0, ((16.0 * nn - 29.0) / 90.0).sqrt());
    close(
        &exact,
        &normal(
            DrawStatistic::RunsUpDown,
            exact.value,
            Some(mean),
            (exact.value - mean) / sd,
        ),
    );
    // One past, the limits serve.
    let methods: Vec<DrawMethod> = tests(&trend(EXACT_UP_TO + 1))
        .iter()
        .map(|t| t.method)
        .collect();
    assert_eq!(methods, [DrawMethod::Normal; 4]);
}

#[test]
fn laws_counted_once_test_every_draw_as_counting_afresh_does() {
    // 12 items: Spearman by its normal limit, the others exact; the
    // longest run's memo is asked twice for the same length.
    let laws = Laws::new(12);
    let draws: [Vec<u32>; 3] = [
        (0..12).map(|i| (i * 5 + 3) % 12).collect(),
        (0..12).rev().collect(),
        (0..12).map(|i| (i * 7 + 1) % 12).collect(),
    ];
    for draw in draws.iter().chain(draws.iter()) {
        assert_eq!(laws.tests(draw), tests(draw));
    }
    assert_eq!(laws.items(), 12);
}

/// Permutations of `n` whose increasing runs are all shorter than `l`,
/// built item by item (the state: the rank of the last item among those
/// placed and the length of the run it ends): a count that shares nothing
/// with the generating function of [`runs_shorter_than`].
fn runs_shorter_than_by_ranks(n: usize, l: usize) -> BigUint {
    if l <= 1 {
        return BigUint::zero();
    }
    // state[j][len − 1]: the last item has rank j among those placed and
    // ends a run of length len.
    let mut state = vec![vec![BigUint::zero(); l - 1]; 1];
    state[0][0] = BigUint::one();
    for k in 1..n {
        let mut next = vec![vec![BigUint::zero(); l - 1]; k + 1];
        for (j, row) in state.iter().enumerate() {
            for (len, c) in row.iter().enumerate() {
                // The next item takes rank j2 in 0..=k: above j (j2 > j)
                // lengthens the run, at or below starts a new one.
                for (j2, slot) in next.iter_mut().enumerate() {
                    if j2 > j {
                        if len + 1 < l - 1 {
                            slot[len + 1] += c;
                        }
                    } else {
                        slot[0] += c;
                    }
                }
            }
        }
        state = next;
    }
    state.iter().flatten().sum()
}

#[test]
fn the_longest_run_law_by_its_generating_function_equals_a_count_by_ranks() {
    for n in 1..=30 {
        for l in 1..=n + 1 {
            assert_eq!(
                runs_shorter_than(n, l),
                runs_shorter_than_by_ranks(n, l),
                "n {n}, l {l}"
            );
        }
    }
    // Every permutation's runs are shorter than n + 1; only the
    // decreasing one has runs all shorter than 2.
    let factorial = (1..=400u32).fold(BigUint::from(1u8), |f, k| f * k);
    assert_eq!(runs_shorter_than(400, 401), factorial);
    assert_eq!(runs_shorter_than(400, 2), BigUint::from(1u8));
}

#[test]
fn the_shortest_run_caught_counted_down_from_its_bound_is_the_first_counted_up() {
    for n in 2..=60 {
        let laws = Laws::new(n);
        let total = factorial(n);
        for level in [0.5, 0.1, 0.01, 1e-3, 2.5e-4, 1e-6, 1e-12, 1e-80] {
            let first = (2..=n).find(|&l| {
                let tail = &total - runs_shorter_than(n, l);
                Fraction::new(tail, total.clone()).to_f64() <= level
            });
            assert_eq!(
                laws.detectable(DrawStatistic::LongestRun, level, 0.9),
                first.map(|l| l as f64),
                "n {n}, level {level}"
            );
        }
    }
}
