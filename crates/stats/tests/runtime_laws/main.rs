//! The comparator sorts' laws against the runtimes they model, by
//! statistics: SpiderMonkey 102 (`js102`), OpenJDK (`java`), CPython
//! (`python3`), Mono (`mono`), libstdc++ (`g++`) and Go (`go`) sort with a
//! random comparator and count, and the counts must fit the model.
//!
//! - On 3 to 8 cards, the runtime's histogram of the `n!` orders from
//!   10^6 sorts against the exact law: Pearson's chi-square, cells pooled
//!   (adjacent ranks) to at least [`CHI_SQUARE_MIN_EXPECTED`] expected
//!   counts.
//! - Above, on both sides of each switch-over in the runtime's source,
//!   where the card of each starting position ends in the runtime's decks
//!   and in the model's (sampled, fixed seed), row by row: a chi-square
//!   test of homogeneity of the two samples, adjacent places pooled to at
//!   least 10 expected counts. For Java and .NET, the sorts that throw are
//!   counted apart, and their rate compared the same way (a 2 × 2 table);
//!   for libstdc++, the sorts that read outside the array.
//!
//! Every test of a file runs at `α = 0.01` shared by Bonferroni among all
//! its tests, so a faithful model fails a run with probability at most
//! 0.01 (the seeds are fixed: a run is the same on every machine). Each
//! check also tests the runtime's counts against a neighbouring model it
//! must reject, at `p < 10^-6`: a test that cannot tell models apart would
//! pass anything.
//!
//! `#[ignore]`d: the README's test command skips them, `.ci/run` runs
//! them; each skips with one line when its runtime is absent. Each prints
//! its table (`--nocapture`).

use algorithms::registry;
use algorithms::{DotNetIntroSort, JavaComparator, JavaTimSort, Shuffle, Throwing};
use rand::SeedableRng;
use rand_xoshiro::Xoshiro256PlusPlus;
use stats::hypothesis::battery::pool;
use stats::hypothesis::fit::{
    CHI_SQUARE_MIN_EXPECTED, clopper_pearson, ln_chi2_sf, pearson_expected,
};
use stats::law::perm::rank;
use stats::{Limits, TestName, exact_distribution};
use std::process::Command;

/// The family's false-positive rate: every test of a file shares it.
const ALPHA: f64 = 0.01;
/// How small a neighbouring model's p-value must be: the margin by which
/// the test tells the models apart.
const REJECT_BELOW: f64 = 1e-6;
/// Sorts per histogram of orders.
const SORTS: u64 = 1_000_000;
/// The runtimes' seed.
const SEED: u64 = 1;

/// Where the runtime programs are.
fn program(name: &str) -> String {
    format!("{}/tests/runtimes/{name}", env!("CARGO_MANIFEST_DIR"))
}

/// The runtime's version line, or `None` (with one line on stderr) when it
/// is not installed.
fn version(runtime: &str, flag: &str) -> Option<String> {
    match Command::new(runtime).arg(flag).output() {
        Ok(o) if o.status.success() => {
            let text = [o.stdout, o.stderr].concat();
            let text = String::from_utf8_lossy(&text);
            Some(text.lines().next().unwrap_or("").trim().to_string())
        }
        _ => {
            eprintln!("skipped: `{runtime}` is not installed");
            None
        }
    }
}

/// Runs `runtime args`, which must succeed; its standard output.
fn run(runtime: &str, args: &[String]) -> String {
    let out = Command::new(runtime)
        .args(args)
        .output()
        .unwrap_or_else(|e| panic!("{runtime} runs: {e}"));
    assert!(
        out.status.success(),
        "{runtime} {args:?}: {}",
        String::from_utf8_lossy(&out.stderr)
    );
    String::from_utf8(out.stdout).expect("UTF-8")
}

/// The histogram of `count a0 a1 … a(n-1)` lines, by lexicographic rank.
fn histogram(text: &str, n: usize) -> Vec<u64> {
    let mut counts = vec![0u64; (1..=n).product()];
    for line in text.lines() {
        let mut fields = line.split(' ');
        let count: u64 = fields.next().unwrap().parse().unwrap();
        let order: Vec<u8> = fields.map(|t| t.parse().unwrap()).collect();
        assert_eq!(order.len(), n, "{line}");
        counts[rank(&order)] += count;
    }
    counts
}

/// The throws and the position matrix (row: card, column: place) of a
/// `positions` run.
fn positions(text: &str, n: usize) -> (u64, Vec<Vec<u64>>) {
    let mut lines = text.lines();
    let throws = lines
        .next()
        .and_then(|l| l.strip_prefix("throws "))
        .expect("a first line `throws k`")
        .parse()
        .unwrap();
    let rows: Vec<Vec<u64>> = lines
        .map(|l| l.split(' ').map(|t| t.parse().unwrap()).collect())
        .collect();
    assert_eq!(rows.len(), n);
    (throws, rows)
}

/// The p-value of `counts` against the exact law of `id` on `n` cards,
/// cells pooled to [`CHI_SQUARE_MIN_EXPECTED`]; with the pooled cells.
fn fit(id: &str, counts: &[u64], n: usize) -> (f64, f64, usize) {
    let entry = registry::find(id).unwrap();
    let law = exact_distribution(&entry.algorithm, n, &Limits::for_exact(entry.exact))
        .unwrap_or_else(|e| panic!("{id} on {n} cards: {e}"));
    let p: Vec<f64> = (0..counts.len()).map(|r| law.probability(r)).collect();
    let total = counts.iter().sum();
    let (counts, p) = pool(counts, &p, total, CHI_SQUARE_MIN_EXPECTED);
    let t = pearson_expected(TestName::PERMUTATION_CHI2, &counts, &p);
    (t.statistic, t.p_value, counts.len())
}

/// Pearson's chi-square of homogeneity of two samples' counts over the same
/// cells, adjacent cells pooled until each expects at least 10 in both
/// samples; `(statistic, degrees of freedom, p)`.
fn homogeneity(a: &[u64], b: &[u64]) -> (f64, usize, f64) {
    let (na, nb) = (a.iter().sum::<u64>() as f64, b.iter().sum::<u64>() as f64);
    let share = |x: f64| x.min(1.0 - x);
    let mut cells: Vec<(u64, u64)> = Vec::new();
    let mut open = (0u64, 0u64);
    for (&x, &y) in a.iter().zip(b) {
        open = (open.0 + x, open.1 + y);
        let pooled = (open.0 + open.1) as f64 / (na + nb);
        if share(na / (na + nb)) * pooled * (na + nb) >= 10.0 {
            cells.push(open);
            open = (0, 0);
        }
    }
    match cells.last_mut() {
        Some(last) => *last = (last.0 + open.0, last.1 + open.1),
        None => cells.push(open),
    }
    let x2: f64 = cells
        .iter()
        .map(|&(x, y)| {
            let p = (x + y) as f64 / (na + nb);
            let (ea, eb) = (na * p, nb * p);
            (x as f64 - ea).powi(2) / ea + (y as f64 - eb).powi(2) / eb
        })
        .sum();
    let df = cells.len() - 1;
    let p = if df == 0 {
        1.0
    } else {
        ln_chi2_sf(x2, df as f64).exp()
    };
    (x2, df, p)
}

/// A rate `k / n` in percent with its Clopper–Pearson 95 % interval.
fn interval(k: u64, n: u64) -> String {
    let (lower, upper) = clopper_pearson(k, n, 0.95);
    format!(
        "{:.3} % [{:.3}, {:.3}]",
        100.0 * k as f64 / n as f64,
        100.0 * lower,
        100.0 * upper
    )
}

/// The runtime's arguments for a histogram of `n` cards.
type Args<'a> = dyn Fn(usize) -> Vec<String> + 'a;

/// The histogram checks of one runtime: for each `(id, runtime args for n,
/// neighbour)`, the runtime's orders on 3 to 8 cards fit `id`'s exact law
/// and not the neighbour's.
fn fit_orders(runtime: &str, version: &str, checks: &[(&str, &Args, &str)]) {
    let sizes = 3..=8usize;
    let tests = checks.len() * sizes.clone().count();
    let alpha = ALPHA / tests as f64;
    println!(
        "{version}: {SORTS} sorts a size, seed {SEED}; α = {ALPHA} over {tests} fits, {alpha:.1e} each"
    );
    println!("model | cards | pooled cells | X² | p | neighbour | neighbour's p");
    let mut failures = Vec::new();
    for &(id, args, neighbour) in checks {
        for n in sizes.clone() {
            let counts = histogram(&run(runtime, &args(n)), n);
            assert_eq!(counts.iter().sum::<u64>(), SORTS);
            let (x2, p, cells) = fit(id, &counts, n);
            let (_, q, _) = fit(neighbour, &counts, n);
            println!("{id} | {n} | {cells} | {x2:.1} | {p:.4} | {neighbour} | {q:.1e}");
            if p < alpha {
                failures.push(format!("{id} on {n} cards: p = {p:.2e} < {alpha:.1e}"));
            }
            if q >= REJECT_BELOW {
                failures.push(format!(
                    "{neighbour} on {n} cards not rejected: p = {q:.2e}"
                ));
            }
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

/// The position checks: for each `(sizes, sorts, runtime args for n, model,
/// neighbour)`, the rows of the runtime's position matrix are homogeneous
/// with the model's and not with the neighbour's; the throws too.
struct Positions<'a> {
    sizes: &'a [usize],
    sorts: u64,
    args: &'a dyn Fn(usize, u64) -> Vec<String>,
    /// The model's sort of a deck: `false` when it throws.
    model: &'a dyn Fn(&mut Vec<u32>, &mut Xoshiro256PlusPlus) -> bool,
    name: &'a str,
}

/// The model's throws and position matrix from `sorts` decks of `n` cards.
fn sample(
    model: &dyn Fn(&mut Vec<u32>, &mut Xoshiro256PlusPlus) -> bool,
    n: usize,
    sorts: u64,
    seed: u64,
) -> (u64, Vec<Vec<u64>>) {
    let mut rng = Xoshiro256PlusPlus::seed_from_u64(seed);
    let mut rows = vec![vec![0u64; n]; n];
    let mut throws = 0;
    for _ in 0..sorts {
        let mut deck: Vec<u32> = (0..n as u32).collect();
        if !model(&mut deck, &mut rng) {
            throws += 1;
            continue;
        }
        for (place, &card) in deck.iter().enumerate() {
            rows[card as usize][place] += 1;
        }
    }
    (throws, rows)
}

fn check_positions(runtime: &str, version: &str, checks: &[Positions]) {
    let tests: usize = checks
        .iter()
        .map(|c| c.sizes.iter().map(|&n| n + 1).sum::<usize>())
        .sum();
    let alpha = ALPHA / tests as f64;
    println!(
        "{version}: seed {SEED}, model seed 7; α = {ALPHA} over {tests} tests, {alpha:.1e} each"
    );
    println!(
        "model | cards | sorts | smallest row p | throws: runtime | model | p | uniform's smallest row p"
    );
    let fair = |d: &mut Vec<u32>, r: &mut Xoshiro256PlusPlus| {
        algorithms::FisherYates.shuffle(d, r);
        true
    };
    let mut failures = Vec::new();
    for c in checks {
        for &n in c.sizes {
            let (throws, rows) = positions(&run(runtime, &(c.args)(n, c.sorts)), n);
            let (model_throws, model_rows) = sample(c.model, n, c.sorts, 7);
            let (_, fair_rows) = sample(&fair, n, c.sorts, 7);
            let smallest = |other: &[Vec<u64>]| {
                rows.iter()
                    .zip(other)
                    .map(|(a, b)| homogeneity(a, b).2)
                    .fold(1.0f64, f64::min)
            };
            let p = smallest(&model_rows);
            let q = smallest(&fair_rows);
            let (_, _, pt) = homogeneity(
                &[throws, c.sorts - throws],
                &[model_throws, c.sorts - model_throws],
            );
            println!(
                "{} | {n} | {} | {p:.4} | {} | {} | {pt:.4} | {q:.1e}",
                c.name,
                c.sorts,
                interval(throws, c.sorts),
                interval(model_throws, c.sorts)
            );
            if p < alpha {
                failures.push(format!("{} on {n} cards: a row's p = {p:.2e}", c.name));
            }
            if pt < alpha {
                failures.push(format!("{} on {n} cards: throws' p = {pt:.2e}", c.name));
            }
            if q >= REJECT_BELOW {
                failures.push(format!("uniform on {n} cards not rejected: p = {q:.2e}"));
            }
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

#[test]
#[ignore = "runs js102"]
fn spidermonkey_102_fits_js102() {
    let Some(version) = version("js102", "--version") else {
        return;
    };
    let script = program("sort_counts.js");
    let orders = |n: usize| {
        vec![
            script.clone(),
            "perms".into(),
            n.to_string(),
            SORTS.to_string(),
            SEED.to_string(),
        ]
    };
    fit_orders(
        "js102",
        &version,
        &[(
            "sort-random-spidermonkey-102",
            &orders,
            "sort-random-v8-timsort",
        )],
    );
    let decks = |n: usize, sorts: u64| {
        vec![
            script.clone(),
            "positions".into(),
            n.to_string(),
            sorts.to_string(),
            SEED.to_string(),
        ]
    };
    let model = |d: &mut Vec<u32>, r: &mut Xoshiro256PlusPlus| {
        algorithms::SpiderMonkey102Sort.shuffle(d, r);
        true
    };
    check_positions(
        "js102",
        &version,
        &[Positions {
            sizes: &[23, 24, 25, 27, 28, 29, 31, 32, 33, 52, 64, 65, 100],
            sorts: 100_000,
            args: &decks,
            model: &model,
            name: "sort-random-spidermonkey-102",
        }],
    );
}

#[test]
#[ignore = "runs java"]
fn java_timsort_fits_java() {
    let Some(version) = version("java", "-version") else {
        return;
    };
    let script = program("SortCounts.java");
    let orders = |comparator: &'static str| {
        let script = script.clone();
        move |n: usize| {
            vec![
                script.clone(),
                comparator.into(),
                "perms".into(),
                n.to_string(),
                SORTS.to_string(),
                SEED.to_string(),
            ]
        }
    };
    let (two, three) = (orders("nextBoolean"), orders("nextInt3"));
    fit_orders(
        "java",
        &version,
        &[
            ("sort-random-java", &two, "sort-random-spidermonkey-102"),
            ("sort-random-java-3way", &three, "sort-random-java"),
        ],
    );
    let decks = |comparator: &'static str| {
        let script = script.clone();
        move |n: usize, sorts: u64| {
            vec![
                script.clone(),
                comparator.into(),
                "positions".into(),
                n.to_string(),
                sorts.to_string(),
                SEED.to_string(),
            ]
        }
    };
    let (two, three) = (decks("nextBoolean"), decks("nextInt3"));
    let model = |comparator| {
        move |d: &mut Vec<u32>, r: &mut Xoshiro256PlusPlus| {
            JavaTimSort { comparator }
                .try_shuffle(d.as_mut_slice(), r)
                .is_ok()
        }
    };
    let (two_model, three_model) = (
        model(JavaComparator::NextBoolean),
        model(JavaComparator::NextInt3),
    );
    let sizes = [31, 32, 33, 63, 64, 65, 100];
    check_positions(
        "java",
        &version,
        &[
            Positions {
                sizes: &sizes,
                sorts: 100_000,
                args: &two,
                model: &two_model,
                name: "sort-random-java",
            },
            Positions {
                sizes: &sizes,
                sorts: 100_000,
                args: &three,
                model: &three_model,
                name: "sort-random-java-3way",
            },
            Positions {
                sizes: &[1000],
                sorts: 10_000,
                args: &two,
                model: &two_model,
                name: "sort-random-java",
            },
            Positions {
                sizes: &[1000],
                sorts: 10_000,
                args: &three,
                model: &three_model,
                name: "sort-random-java-3way",
            },
        ],
    );
}

#[test]
#[ignore = "runs python3"]
fn cpython_sort_fits_python3() {
    let Some(version) = version("python3", "--version") else {
        return;
    };
    let script = program("sort_counts.py");
    let orders = |n: usize| {
        vec![
            script.clone(),
            "perms".into(),
            n.to_string(),
            SORTS.to_string(),
            SEED.to_string(),
        ]
    };
    fit_orders(
        "python3",
        &version,
        &[(
            "sort-random-cpython",
            &orders,
            "sort-random-spidermonkey-102",
        )],
    );
    let decks = |n: usize, sorts: u64| {
        vec![
            script.clone(),
            "positions".into(),
            n.to_string(),
            sorts.to_string(),
            SEED.to_string(),
        ]
    };
    let model = |d: &mut Vec<u32>, r: &mut Xoshiro256PlusPlus| {
        algorithms::CPythonSort.shuffle(d, r);
        true
    };
    // Both sides of 64 (one run by binary insertion below, merged runs
    // above) and of 128 (three runs and more: powersort's merges).
    check_positions(
        "python3",
        &version,
        &[Positions {
            sizes: &[63, 64, 65, 127, 128, 129],
            sorts: 100_000,
            args: &decks,
            model: &model,
            name: "sort-random-cpython",
        }],
    );
}

/// `SortCounts.cs` compiled with `mcs` into a folder of its own; the
/// program's path, or `None` (with one line on stderr) when `mcs` or
/// `mono` is not installed.
fn mono_program(dir: &std::path::Path) -> Option<String> {
    let version = version("mcs", "--version");
    version.as_ref()?;
    std::fs::create_dir_all(dir).unwrap();
    let exe = dir.join("SortCounts.exe");
    run(
        "mcs",
        &[format!("-out:{}", exe.display()), program("SortCounts.cs")],
    );
    Some(exe.display().to_string())
}

#[test]
#[ignore = "runs mono"]
fn dotnet_sort_fits_mono() {
    let Some(version) = version("mono", "--version") else {
        return;
    };
    let dir = std::env::temp_dir().join(format!("dotnet-sort-counts-{}", std::process::id()));
    let Some(exe) = mono_program(&dir) else {
        return;
    };
    let orders = |n: usize| {
        vec![
            exe.clone(),
            "perms".into(),
            n.to_string(),
            SORTS.to_string(),
            SEED.to_string(),
        ]
    };
    fit_orders(
        "mono",
        &version,
        &[("sort-random-dotnet", &orders, "sort-random-java-3way")],
    );
    let decks = |n: usize, sorts: u64| {
        vec![
            exe.clone(),
            "positions".into(),
            n.to_string(),
            sorts.to_string(),
            SEED.to_string(),
        ]
    };
    let model = |d: &mut Vec<u32>, r: &mut Xoshiro256PlusPlus| {
        DotNetIntroSort::MONO
            .try_shuffle(d.as_mut_slice(), r)
            .is_ok()
    };
    // Both sides of 16 (insertion sort alone up to it, partitions above),
    // of 33 (two partitions that can each be split) and a deck of 1000,
    // where the depth limit can be reached.
    check_positions(
        "mono",
        &version,
        &[
            Positions {
                sizes: &[15, 16, 17, 18, 32, 33, 34, 52, 100],
                sorts: 100_000,
                args: &decks,
                model: &model,
                name: "sort-random-dotnet",
            },
            Positions {
                sizes: &[1000],
                sorts: 10_000,
                args: &decks,
                model: &model,
                name: "sort-random-dotnet",
            },
        ],
    );
    std::fs::remove_dir_all(&dir).unwrap();
}

mod compiled;
