//! `sample`, `power` and `riffle`: sampled verdicts, the same counts on
//! every path and thread count, the power of each test and the riffle
//! study.

use serde_json::Value;

use crate::common::{cmd, fails_with, json, report_json};

#[test]
fn sample_calls_the_naive_swap_biased_and_shows_no_bias_in_fisher_yates() {
    let naive = json(&[
        "sample",
        "-a",
        "naive-swap",
        "-d",
        "5",
        "-n",
        "300000",
        "--json",
    ]);
    assert_eq!(naive["verdict"], "biased");
    assert_eq!(naive["shuffles"], 300000);
    assert!(naive["rng"].as_str().unwrap().contains("xoshiro256++"));
    let names: Vec<&str> = naive["tests"]
        .as_array()
        .unwrap()
        .iter()
        .map(|t| t["name"].as_str().unwrap())
        .collect();
    assert_eq!(
        names,
        ["permutation-chi2", "permutation-g", "position-chi2"]
    );
    for t in naive["tests"].as_array().unwrap() {
        for key in ["statistic", "df", "p_value", "log10_p"] {
            assert!(t.get(key).is_some(), "{key} missing");
        }
    }
    let rows = naive["position_matrix"].as_array().unwrap();
    for row in rows {
        assert_eq!(
            row.as_array()
                .unwrap()
                .iter()
                .map(|c| c.as_u64().unwrap())
                .sum::<u64>(),
            300000
        );
    }
    let exact = naive["effect"]["exact_total_variation"].as_f64().unwrap();
    let (tv, _, _) = naive_swap_law(5);
    assert!((exact - tv).abs() < 1e-12, "{exact} vs {tv}");
    let fy = json(&[
        "sample",
        "-a",
        "fisher-yates",
        "-d",
        "5",
        "-n",
        "300000",
        "--json",
    ]);
    // A sample proves nothing fair: no bias shown, at how many shuffles.
    assert_eq!(fy["verdict"], "no bias shown");
    assert_eq!(fy["no_test_shows_below"], 0.98 / 300_000.0);
    assert!(naive.get("no_test_shows_below").is_none());
}

/// A sampled test that does not reject claims nothing more, in every
/// renderer: `fisher-yates-mod15` is biased by construction (exact TV
/// 5.5e-5 on 8 cards), far too little for 20,000 shuffles. Text, JSON, the
/// report's Markdown, summary and browsable page say "no bias shown" and
/// never "uniform" of it.
#[test]
fn a_sample_that_shows_no_bias_says_so_and_nothing_more_in_every_renderer() {
    let args = [
        "sample",
        "-a",
        "fisher-yates-mod15",
        "-d",
        "8",
        "-n",
        "20000",
    ];
    let text = String::from_utf8(
        cmd()
            .args(args)
            .assert()
            .success()
            .get_output()
            .stdout
            .clone(),
    )
    .unwrap();
    assert!(
        text.contains("verdict: NO BIAS SHOWN at 20,000 shuffles  (")
            && text.contains(
                "\n  not a proof of fairness: on 20,000 shuffles no test shows a bias below a \
                 total variation distance of 4.9e-5 from fair 99 times in 100 at level 0.01"
            )
            && !text.to_lowercase().contains("uniform  ("),
        "{text}"
    );
    let mut with_json = args.to_vec();
    with_json.push("--json");
    let doc = json(&with_json);
    assert_eq!(doc["verdict"], "no bias shown");
    // A biased sample says nothing of the kind.
    let naive = String::from_utf8(
        cmd()
            .args(["sample", "-a", "naive-swap", "-d", "8", "-n", "20000"])
            .assert()
            .code(0)
            .get_output()
            .stdout
            .clone(),
    )
    .unwrap();
    assert!(
        naive.contains("verdict: BIASED  (") && !naive.contains("not a proof"),
        "{naive}"
    );
    // The report: sampled only (no exact law on 8 cards).
    let dir = tempfile::tempdir().unwrap();
    let out = dir.path().join("r");
    cmd()
        .args([
            "--algorithms",
            "fisher-yates-mod15",
            "--decks",
            "8",
            "--shuffles",
            "20000",
            "--large-decks",
            "none",
            "--out",
        ])
        .arg(&out)
        .assert()
        .success();
    let page = std::fs::read_to_string(out.join("algorithms/fisher-yates-mod15.md")).unwrap();
    assert!(page.contains("**Verdict: no bias shown.**"), "{page}");
    assert!(
        page.contains("*no bias shown at 20,000 shuffles* on 8 cards is not a proof of fairness"),
        "{page}"
    );
    let readme = std::fs::read_to_string(out.join("README.md")).unwrap();
    assert!(!readme.contains("### Fair"), "{readme}");
    let json = report_json(&out);
    let a = &json["algorithms"][0];
    assert_eq!(a["verdict"], "no bias shown");
    assert_eq!(a["cases"][0]["sampled"]["verdict"], "no bias shown");
    let html = std::fs::read_to_string(out.join("index.html")).unwrap();
    assert!(
        html.contains("\"verdict\":\"no bias shown\"") && !html.contains("\"verdict\":\"uniform\""),
        "the browsable page's data"
    );
}

#[test]
fn sample_counts_do_not_depend_on_the_sampling_path() {
    // Every path this processor runs, forced, against the scalar sampler:
    // a swap-based shuffle the vector paths take and a partial last chunk,
    // and 52 cards, whose battery the AVX-512 path computes in a register
    // where the processor has VBMI.
    let run = |algorithm: &str, deck: &str, path: &str| {
        cmd()
            .args([
                "sample",
                "-a",
                algorithm,
                "-d",
                deck,
                "-n",
                if deck == "52" { "20001" } else { "300001" },
                "-s",
                "3",
                "--json",
                "--sampling-path",
                path,
            ])
            .output()
            .unwrap()
    };
    for (algorithm, deck) in [
        ("naive-swap", "7"),
        ("fisher-yates", "7"),
        ("naive-swap", "52"),
    ] {
        let scalar: serde_json::Value =
            serde_json::from_slice(&run(algorithm, deck, "scalar").stdout).unwrap();
        let mut compared = 0;
        for path in ["auto", "avx2", "avx512"] {
            let out = run(algorithm, deck, path);
            let err = String::from_utf8_lossy(&out.stderr);
            if err.contains("is not available on this processor") {
                assert_eq!(out.status.code(), Some(2));
                continue;
            }
            let other: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
            for key in ["position_matrix", "permutation_counts", "tests", "verdict"] {
                assert_eq!(
                    other[key], scalar[key],
                    "{algorithm}, {deck}, {path}: {key}"
                );
            }
            compared += 1;
        }
        assert!(compared >= 1, "auto always runs");
    }
    fails_with(
        &[
            "sample",
            "-a",
            "fisher-yates",
            "-d",
            "5",
            "--sampling-path",
            "sse2",
        ],
        "--sampling-path \"sse2\" is not a sampling path: use auto, scalar",
    );
}

#[test]
fn sample_counts_do_not_depend_on_threads() {
    let one = json(&[
        "sample",
        "-a",
        "coin-merge-sort",
        "-d",
        "6",
        "-n",
        "200001",
        "-s",
        "9",
        "--json",
        "--threads",
        "1",
    ]);
    let two = json(&[
        "sample",
        "-a",
        "coin-merge-sort",
        "-d",
        "6",
        "-n",
        "200001",
        "-s",
        "9",
        "--json",
        "--threads",
        "2",
    ]);
    assert_eq!(one["position_matrix"], two["position_matrix"]);
    assert_eq!(one["permutation_counts"], two["permutation_counts"]);
    assert_eq!(one["threads"], 1);
    assert_eq!(two["threads"], 2);
}

#[test]
fn sample_repeat_adds_two_level_tests() {
    let doc = json(&[
        "sample",
        "-a",
        "fisher-yates",
        "-d",
        "4",
        "-n",
        "5000",
        "--repeat",
        "4",
        "--json",
    ]);
    assert_eq!(doc["repeat"]["seeds"], serde_json::json!([1, 2, 3, 4]));
    assert_eq!(doc["repeat"]["ks"].as_array().unwrap().len(), 3);
    assert_eq!(
        doc["repeat"]["p_values"][0]["values"]
            .as_array()
            .unwrap()
            .len(),
        4
    );
}

#[test]
fn sample_without_histogram_and_beyond_it() {
    let doc = json(&[
        "sample",
        "-a",
        "fisher-yates",
        "-d",
        "14",
        "-n",
        "10000",
        "--json",
    ]);
    // The position test and the battery; 14! arrangements are too few for
    // the collision test's Poisson approximation, which says so.
    assert_eq!(doc["tests"].as_array().unwrap().len(), 6);
    assert_eq!(doc["battery"].as_array().unwrap().len(), 5);
    assert_eq!(doc["battery"][0]["counts"].as_array().unwrap().len(), 15);
    assert_eq!(doc["skipped_tests"][0]["name"], "collisions-poisson");
    assert!(doc.get("collisions").is_none());
    assert!(doc.get("permutation_counts").is_none());
    let doc = json(&[
        "sample",
        "-a",
        "fisher-yates",
        "-d",
        "52",
        "-n",
        "10000",
        "--json",
    ]);
    assert_eq!(doc["tests"].as_array().unwrap().len(), 7);
    assert_eq!(doc["collisions"]["decks"], 10000);
    assert_eq!(doc["collisions"]["pairs"], 0);
    // 100 shuffles of 5 cards cannot give 120 arrangements 5 decks each
    // (600 needed): by default the run keeps the battery instead of a
    // histogram whose tests could not run; --histogram keeps it anyway and
    // says what the permutation tests would need.
    let names = |doc: &serde_json::Value, key: &str| -> Vec<String> {
        doc[key]
            .as_array()
            .unwrap()
            .iter()
            .map(|t| t["name"].as_str().unwrap().to_string())
            .collect()
    };
    let args = [
        "sample",
        "-a",
        "fisher-yates",
        "-d",
        "5",
        "-n",
        "100",
        "--json",
    ];
    let doc = json(&args);
    let tests = names(&doc, "tests");
    assert!(tests.contains(&"position-chi2".to_string()), "{tests:?}");
    assert!(
        tests.contains(&"fixed-points-chi2".to_string()),
        "{tests:?}"
    );
    assert!(
        !tests.iter().any(|t| t.starts_with("permutation")),
        "{tests:?}"
    );
    let doc = json(&[&args[..], &["--histogram"]].concat());
    let skipped = doc["skipped_tests"].as_array().unwrap();
    assert_eq!(
        names(&doc, "skipped_tests"),
        ["permutation-chi2", "permutation-g"]
    );
    assert!(
        skipped[0]["reason"]
            .as_str()
            .unwrap()
            .contains("at least 600 shuffles")
    );
}

/// The naive swap's exact law on `n` cards, by brute force over its `n^n`
/// paths, written here apart from the library: `for i in 0..n`, swap card
/// `i` with card `r_i`, each `r_i` uniform on `0..n` (004's
/// `Poker::Shuffle`, wrong version). Returns the total variation distance
/// from uniform and the two noncentralities per shuffle of the power
/// computation: `Σ (p − u)² / u` over the `n!` decks (permutation test)
/// and `(n−1)/n · Σ (P − 1/n)² · n` over the position cells.
fn naive_swap_law(n: usize) -> (f64, f64, f64) {
    let paths = n.pow(n as u32);
    let mut decks = std::collections::HashMap::<Vec<usize>, usize>::new();
    let mut cells = vec![0usize; n * n];
    for path in 0..paths {
        let mut deck: Vec<usize> = (0..n).collect();
        let mut rest = path;
        for i in 0..n {
            deck.swap(i, rest % n);
            rest /= n;
        }
        for (position, &card) in deck.iter().enumerate() {
            cells[card * n + position] += 1;
        }
        *decks.entry(deck).or_default() += 1;
    }
    let arrangements: usize = (1..=n).product();
    let u = 1.0 / arrangements as f64;
    let p = |c: usize| c as f64 / paths as f64;
    let unseen = (arrangements - decks.len()) as f64;
    let tv = 0.5 * (decks.values().map(|&c| (p(c) - u).abs()).sum::<f64>() + unseen * u);
    let delta_permutations =
        (decks.values().map(|&c| (p(c) - u).powi(2)).sum::<f64>() + unseen * u * u) / u;
    let cell = 1.0 / n as f64;
    let delta_positions = (n as f64 - 1.0) / n as f64
        * cells
            .iter()
            .map(|&c| (p(c) - cell).powi(2) / cell)
            .sum::<f64>();
    (tv, delta_permutations, delta_positions)
}

/// `shuffles × noncentrality` of a power JSON's test: the noncentrality a
/// test needs, the same for every law at one level, power and df.
fn needed_noncentrality(test: &Value) -> f64 {
    test["shuffles"].as_f64().unwrap() * test["noncentrality_per_shuffle"].as_f64().unwrap()
}

#[test]
fn power_says_how_many_shuffles() {
    let doc = json(&["power", "-a", "naive-swap", "-d", "4", "--json"]);
    assert_eq!(doc["method"], "enumeration");
    let tests = doc["tests"].as_array().unwrap();
    assert_eq!(tests.len(), 2);
    // The noncentralities are those of the law enumerated apart.
    let (_, d_perm, d_pos) = naive_swap_law(4);
    for (t, want) in tests.iter().zip([d_perm, d_pos]) {
        let got = t["noncentrality_per_shuffle"].as_f64().unwrap();
        assert!(
            (got - want).abs() < 1e-12 * want,
            "{}: {got} vs {want}",
            t["name"]
        );
    }
    // At one level and df, shuffles × noncentrality is the same for every
    // law (the noncentrality the test needs), where the shuffles are many
    // enough that rounding up to a whole shuffle does not show: the 15-bit
    // `rand() % k` Fisher–Yates on 4 cards needs, in both tests, what the
    // naive swap needs, to the 0.1 % the search stops at.
    let mod15 = json(&["power", "-a", "fisher-yates-mod15", "-d", "4", "--json"]);
    for (t, u) in tests.iter().zip(mod15["tests"].as_array().unwrap()) {
        let (a, b) = (needed_noncentrality(t), needed_noncentrality(u));
        assert!((a / b - 1.0).abs() < 2e-3, "{}: {a} vs {b}", t["name"]);
    }
    let doc = json(&["power", "-a", "fisher-yates", "-d", "4", "--json"]);
    assert!(doc["tests"][0].get("shuffles").is_none());
    // The 15-bit rand() % k bias on 5 cards: the same needed noncentrality
    // as the naive swap's position test (df 16), so about 10^10 shuffles
    // (docs/report.md's "10^10 to 7·10^10 on 3 to 6 cards").
    let mod15 = json(&["power", "-a", "fisher-yates-mod15", "-d", "5", "--json"]);
    let naive5 = json(&["power", "-a", "naive-swap", "-d", "5", "--json"]);
    let (a, b) = (
        needed_noncentrality(&mod15["tests"][1]),
        needed_noncentrality(&naive5["tests"][1]),
    );
    assert!((a / b - 1.0).abs() < 2e-3, "{a} vs {b}");
    let n = mod15["tests"]
        .as_array()
        .unwrap()
        .iter()
        .map(|t| t["shuffles"].as_f64().unwrap())
        .fold(f64::INFINITY, f64::min);
    assert!((1e10..7e10).contains(&n), "{n}");
}

#[test]
fn power_reaches_real_decks_through_the_position_matrix() {
    let doc = json(&[
        "power",
        "-a",
        "fisher-yates-mod15",
        "-d",
        "52",
        "--alpha",
        "1e-6",
        "--json",
    ]);
    assert_eq!(doc["method"], "markov-chain");
    assert!(doc.get("total_variation").is_none());
    let tests = doc["tests"].as_array().unwrap();
    assert_eq!(tests.len(), 1);
    assert_eq!(tests[0]["name"], "position-chi2");
    assert_eq!(tests[0]["df"], 2601.0);
    let position = tests[0]["shuffles"].as_f64().unwrap();
    let d = &doc["divergence"];
    let any_test = d["any_test_needs_at_least"].as_f64().unwrap();
    // No test beats the bound that holds for every test.
    assert!(any_test < position, "{any_test} vs {position}");
    let [lo, hi] = [0, 1].map(|i| d["total_variation_bounds"][i].as_f64().unwrap());
    assert!(0.0 < lo && lo < hi && hi < 1.0);
    // The naive swap is not a product of its draws, and far more biased.
    let doc = json(&["power", "-a", "naive-swap", "-d", "52", "--json"]);
    assert!(doc.get("divergence").is_none());
    assert!(doc["tests"][0]["shuffles"].as_f64().unwrap() < 1e4);
    // Fisher-Yates: exactly uniform, no number of shuffles.
    let doc = json(&["power", "-a", "fisher-yates", "-d", "1000", "--json"]);
    assert!(doc["tests"][0].get("shuffles").is_none());
    assert!(doc["divergence"].get("any_test_needs_at_least").is_none());
}

#[test]
fn sample_and_power_bad_input() {
    fails_with(
        &["sample", "-a", "naive-swap", "-d", "1"],
        "deck size 1 is not allowed for sampling: use 2..=255",
    );
    fails_with(
        &["sample", "-a", "naive-swap", "-d", "256"],
        "deck size 256 is not allowed",
    );
    fails_with(
        &["sample", "-a", "naive-swap", "-d", "5", "-n", "0"],
        "--shuffles 0 is too few to test decks of 5 cards: the position test needs at least 25 (5 per cell)",
    );
    fails_with(
        &["sample", "-a", "naive-swap", "-d", "5", "--repeat", "0"],
        "--repeat 0 is not allowed",
    );
    fails_with(
        &["sample", "-a", "naive-swap", "-d", "11", "--histogram"],
        "--histogram is available for decks of at most 10 cards",
    );
    fails_with(
        &["sample", "-a", "naive-swp", "-d", "5"],
        "did you mean naive-swap",
    );
    fails_with(
        &["power", "-a", "rand-shuffle", "-d", "4"],
        "cannot be enumerated exactly",
    );
    fails_with(
        &["power", "-a", "naive-swap", "-d", "4", "--alpha", "2"],
        "--alpha 2 is not allowed",
    );
    fails_with(
        &["power", "-a", "naive-swap", "-d", "4", "--power", "1"],
        "--power 1 is not allowed",
    );
    fails_with(
        &["power", "-a", "naive-swap", "-d", "1"],
        "deck size 1 is not allowed for power",
    );
    fails_with(
        &["power", "-a", "gsr-riffle", "-d", "52"],
        "deck size 52 is not allowed for power of gsr-riffle: use 2..=10",
    );
    fails_with(
        &["power", "-a", "naive-swap", "-d", "5000"],
        "deck size 5000 is not allowed for power of naive-swap: use 2..=4096",
    );
}

#[test]
fn riffle_prints_bayer_diaconis_and_what_the_tests_see() {
    let doc = json(&[
        "riffle",
        "--deck",
        "52",
        "--max",
        "8",
        "--shuffles",
        "3000",
        "--json",
    ]);
    let gsr = &doc["models"][0];
    assert_eq!(gsr["algorithm"], "gsr-riffle");
    let tv: Vec<f64> = gsr["rows"]
        .as_array()
        .unwrap()
        .iter()
        .map(|r| r["exact_total_variation"].as_f64().unwrap())
        .collect();
    // Bayer & Diaconis (1992), Table 1, to their three decimals.
    for (k, want) in [(5, 0.924), (6, 0.614), (7, 0.334), (8, 0.167)] {
        assert!((tv[k - 1] - want).abs() <= 5e-4, "k = {k}: {}", tv[k - 1]);
    }
    assert_eq!(doc["models"][1]["algorithm"], "blog-riffle");
    assert!(
        doc["models"][1]["rows"][0]
            .get("exact_total_variation")
            .is_none()
    );
    assert_eq!(gsr["riffles_needed"].as_array().unwrap().len(), 7);
    let text = cmd()
        .args(["riffle", "--max", "7", "--shuffles", "2000"])
        .assert()
        .success()
        .get_output()
        .stdout
        .clone();
    let text = String::from_utf8(text).unwrap();
    assert!(text.contains("0.334"), "{text}");
    assert!(
        text.contains("riffles before a test can no longer tell"),
        "{text}"
    );
    fails_with(
        &["riffle", "--deck", "171"],
        "deck size 171 is not allowed for riffles: use 2..=170",
    );
    fails_with(
        &["riffle", "--max", "0"],
        "--max 0 is not allowed: use 1..=30",
    );
    fails_with(
        &["riffle", "--shuffles", "0"],
        "--shuffles 0 is not allowed",
    );
}

/// Java's three-way sort throws on 64 cards: `sample` counts the throws in
/// as many sorts of the same seed, the same on 1 and 2 threads, with a
/// 95 % interval about as wide as the normal approximation's
/// (`2 · 1.96 · √(p(1 − p)/n)`); the text says it too.
#[test]
fn sample_counts_how_often_java_throws_the_same_on_any_thread_count() {
    let run = |threads: &str| {
        json(&[
            "sample",
            "-a",
            "sort-random-java-3way",
            "-d",
            "64",
            "-n",
            "20000",
            "--threads",
            threads,
            "--json",
        ])
    };
    let (one, two) = (run("1"), run("2"));
    let throws = &one["throws"];
    assert_eq!(throws, &two["throws"]);
    let thrown = throws["thrown"].as_u64().unwrap();
    assert_eq!(throws["runs"], 20000);
    assert!(thrown > 0 && thrown < 20000, "{throws}");
    let p = throws["probability"].as_f64().unwrap();
    assert_eq!(p, thrown as f64 / 20000.0);
    let [lo, hi] = [0, 1].map(|i| throws["interval_95"][i].as_f64().unwrap());
    assert!(lo < p && p < hi, "{throws}");
    let normal = 2.0 * 1.96 * (p * (1.0 - p) / 20000.0).sqrt();
    assert!(((hi - lo) / normal - 1.0).abs() < 0.1, "{throws}");
    let text = cmd()
        .args(["sample", "-a", "sort-random-java", "-d", "40", "-n", "5000"])
        .assert()
        .success()
        .get_output()
        .stdout
        .clone();
    let text = String::from_utf8(text).unwrap();
    assert!(text.contains("sorts; 95 % interval"), "{text}");
    let fair = json(&[
        "sample",
        "-a",
        "fisher-yates",
        "-d",
        "5",
        "-n",
        "5000",
        "--json",
    ]);
    assert!(fair.get("throws").is_none());
}
