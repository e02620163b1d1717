//! The `shuffle-audit` binary, end to end.

use predicates::prelude::*;
use serde_json::Value;

use crate::common::{cmd, fails_with, json, report_json};

#[test]
fn help_and_version() {
    cmd()
        .arg("--help")
        .assert()
        .success()
        .stdout(predicate::str::contains("exact"));
    // Every subcommand documents its own options.
    for (sub, flag) in [
        ("list", "--json"),
        ("exact", "--deck"),
        ("suite", "--repeat"),
        ("sample", "--histogram"),
        ("power", "--alpha"),
        ("audit", "--skip-invalid"),
        ("deal", "--format"),
        ("riffle", "--max"),
    ] {
        cmd()
            .args([sub, "--help"])
            .assert()
            .success()
            .stdout(predicate::str::contains(flag));
    }
    cmd()
        .args(["help", "power"])
        .assert()
        .success()
        .stdout(predicate::str::contains("--alpha"));
    // The default command is the suite: its options are the top level's.
    cmd()
        .arg("--help")
        .assert()
        .success()
        .stdout(predicate::str::contains("--quick").and(predicate::str::contains("--repeat")));
    cmd()
        .arg("--version")
        .assert()
        .success()
        .stdout(predicate::str::starts_with("shuffle-audit "));
}

#[test]
fn list_prints_every_algorithm() {
    cmd()
        .arg("list")
        .assert()
        .success()
        .stdout(predicate::str::contains("naive-swap").and(predicate::str::contains("gsr-riffle")));
    let out = cmd()
        .args(["list", "--json"])
        .assert()
        .success()
        .get_output()
        .stdout
        .clone();
    let list: Vec<Value> = serde_json::from_slice(&out).unwrap();
    let ids: Vec<&str> = list.iter().map(|a| a["id"].as_str().unwrap()).collect();
    let registry: Vec<&str> = algorithms::registry::REGISTRY
        .iter()
        .map(|e| e.id)
        .collect();
    assert_eq!(ids, registry, "list shows the registry, in its order");
    let naive = list.iter().find(|a| a["id"] == "naive-swap").unwrap();
    assert_eq!(naive["expected"], "biased");
    assert_eq!(naive["exact"], true);
    // People read the document's title; programs get its file.
    assert!(
        naive["source"]
            .as_str()
            .unwrap()
            .contains("chinaxmly, cnblogs 2012"),
        "{}",
        naive["source"]
    );
    assert_eq!(naive["sources"][0]["document"], "004_bc98dc84b49fccfb.txt");
    let fy = list.iter().find(|a| a["id"] == "fisher-yates").unwrap();
    assert_eq!(fy["expected"], "uniform");
}

#[test]
fn exact_prints_the_textbook_distribution() {
    cmd()
        .args(["exact", "--algorithm", "naive-swap", "--deck", "3"])
        .assert()
        .success()
        .stdout(predicate::str::contains("27 paths").and(predicate::str::contains("biased")));
    let out = cmd()
        .args([
            "exact",
            "--algorithm",
            "naive-swap",
            "--deck",
            "3",
            "--json",
        ])
        .assert()
        .success()
        .get_output()
        .stdout
        .clone();
    let doc: Value = serde_json::from_slice(&out).unwrap();
    assert_eq!(doc["algorithm"], "naive-swap");
    assert_eq!(doc["deck"], 3);
    assert_eq!(doc["support"], 6);
    assert_eq!(doc["denominator"], "27");
    let weights: Vec<&str> = doc["permutation_weights"]
        .as_array()
        .unwrap()
        .iter()
        .map(|w| w.as_str().unwrap())
        .collect();
    assert_eq!(weights, ["4", "5", "5", "5", "4", "4"]);
    let probs: Vec<f64> = doc["permutations"]
        .as_array()
        .unwrap()
        .iter()
        .map(|p| p.as_f64().unwrap())
        .collect();
    assert_eq!(probs[0], 4.0 / 27.0);
    assert_eq!(doc["position_matrix"][1][0].as_f64().unwrap(), 10.0 / 27.0);
    assert!((doc["total_variation"].as_f64().unwrap() - 1.0 / 18.0).abs() < 1e-15);
    assert_eq!(doc["identity_probability"].as_f64().unwrap(), 4.0 / 27.0);
    assert_eq!(doc["max_probability"].as_f64().unwrap(), 5.0 / 27.0);
    assert_eq!(doc["min_probability"].as_f64().unwrap(), 4.0 / 27.0);
}

#[test]
fn exact_picks_the_cheaper_method_and_both_agree() {
    let run = |args: &[&str]| {
        let mut all = vec!["exact", "--json"];
        all.extend_from_slice(args);
        json(&all)
    };
    // The naive swap: 7^7 = 823,543 paths, 7! x 7 x 7 pulls: merging.
    let auto = run(&["-a", "naive-swap", "-d", "7"]);
    assert_eq!(auto["method"], "state-merging");
    assert_eq!(auto["states"], 5040);
    assert_eq!(auto["steps"], 7);
    assert_eq!(auto["paths"], 823_543);
    let brute = run(&["-a", "naive-swap", "-d", "7", "--method", "brute-force"]);
    assert_eq!(brute["method"], "brute-force");
    assert!(brute.get("states").is_none());
    for key in ["permutation_weights", "denominator", "total_variation"] {
        assert_eq!(auto[key], brute[key], "{key}");
    }
    // Fisher-Yates: 7! paths, fewer than merging's pulls: brute force.
    assert_eq!(
        run(&["-a", "fisher-yates", "-d", "7"])["method"],
        "brute-force"
    );
    cmd()
        .args(["exact", "-a", "naive-swap", "-d", "8"])
        .assert()
        .success()
        .stdout(predicate::str::contains(
            "state-merging, 16777216 paths merged into 40320 arrangements over 8 steps",
        ));
}

#[test]
fn exact_is_the_same_on_one_and_two_threads() {
    let run = |t: &str| {
        let out = cmd()
            .args([
                "exact",
                "-a",
                "coin-merge-sort",
                "-d",
                "6",
                "--json",
                "--threads",
                t,
            ])
            .assert()
            .success()
            .get_output()
            .stdout
            .clone();
        let doc: Value = serde_json::from_slice(&out).unwrap();
        doc["permutation_weights"].clone()
    };
    assert_eq!(run("1"), run("2"));
}

#[test]
fn bad_input_is_one_line_and_exit_2() {
    fails_with(
        &["exact", "-a", "coin-merge-sort", "-d", "0"],
        "deck size 0 is not allowed: use 1 or more cards",
    );
    fails_with(
        &["exact", "-a", "coin-merge-sort", "-d", "11"],
        "coin-merge-sort has no exact method at 11 cards: brute force walks it up to 10 cards",
    );
    fails_with(
        &[
            "exact",
            "-a",
            "naive-swap",
            "-d",
            "11",
            "--method",
            "brute-force",
        ],
        "deck size 11 is not allowed for exact enumeration: use 1..=10",
    );
    fails_with(
        &[
            "exact",
            "-a",
            "naive-swap",
            "-d",
            "13",
            "--method",
            "state-merging",
        ],
        "deck size 13 is not allowed for exact enumeration: use 1..=12",
    );
    // 144^12 paths need 128-bit weights, which state merging holds up to
    // 11 cards: refused before any work.
    fails_with(
        &[
            "exact",
            "-a",
            "random-pairs-swap",
            "-d",
            "12",
            "--method",
            "state-merging",
        ],
        "exact weights on 12 cards need more than 64 bits (the draws' totals multiply past 2^64): state merging takes such shuffles up to 11 cards",
    );
    fails_with(
        &[
            "exact",
            "-a",
            "naive-swap",
            "-d",
            "12",
            "--table",
            "law.json",
        ],
        "--table needs the whole law, and the Markov chain gives the position matrix only: at 12 cards ask for it with --method state-merging",
    );
    fails_with(
        &[
            "exact",
            "-a",
            "naive-swap",
            "-d",
            "13",
            "--table",
            "law.csv",
        ],
        "the Markov chain gives the position matrix only: state merging gives it up to 12 cards",
    );
    fails_with(
        &[
            "exact",
            "-a",
            "gsr-riffle",
            "-d",
            "4",
            "--method",
            "state-merging",
        ],
        "--method state-merging needs a swap-based shuffle, and gsr-riffle is not one",
    );
    fails_with(
        &["exact", "-a", "naive-swap", "-d", "5", "--method", "fast"],
        "invalid value 'fast'",
    );
    fails_with(
        &["exact", "-a", "naive-swp", "-d", "3"],
        "unknown algorithm id \"naive-swp\"; did you mean naive-swap",
    );
    fails_with(
        &[
            "exact",
            "-a",
            "naive-swap",
            "-d",
            "10",
            "--method",
            "brute-force",
        ],
        "over the budget",
    );
    fails_with(
        &[
            "exact",
            "-a",
            "naive-swap",
            "-d",
            "7",
            "--method",
            "brute-force",
            "--max-paths",
            "1000",
        ],
        "over the budget of 1.000e3",
    );
    fails_with(
        &["exact", "-a", "rand-shuffle", "-d", "3"],
        "rand-shuffle cannot be enumerated exactly",
    );
    fails_with(
        &["exact", "-a", "naive-swap", "-d", "3", "--threads", "0"],
        "thread count 0 is not allowed",
    );
    fails_with(
        &["exact", "-a", "naive-swap", "-d", "three"],
        "invalid value 'three'",
    );
    fails_with(&["frobnicate"], "unrecognized subcommand");
    fails_with(&["--decks", "0-3"], "deck size 0 is not allowed");
    fails_with(&["--decks", "x"], "deck sizes \"x\" are not understood");
    fails_with(&["--large-decks", "5"], "large deck size 5 is not allowed");
    fails_with(
        &["--large-decks", "fifty"],
        "large deck size \"fifty\" is not a number",
    );
    fails_with(&["--exact-up-to", "11"], "--exact-up-to 11 is not allowed");
    fails_with(
        &["--shuffles", "0"],
        "--shuffles 0 is too few to test decks of 8 cards: the position test needs at least 40",
    );
    fails_with(
        &["--large-shuffles", "269"],
        "--large-shuffles 269 is too few to test decks of 54 cards: the position test needs at least 270",
    );
    fails_with(&["--repeat", "-1"], "'-1'");
    fails_with(
        &["--threads", "0", "--quick"],
        "thread count 0 is not allowed",
    );
    fails_with(&["suite", "--seed", "x"], "invalid value 'x'");
    fails_with(
        &["--out", "/dev/null"],
        "/dev/null is a file, not a folder: choose a folder",
    );
    fails_with(&["--quick", "sample"], "cannot be used with '--quick'");
    fails_with(
        &["--algorithms", "fisher-yate"],
        "did you mean fisher-yates",
    );
}

#[test]
fn failed_runs_write_nothing() {
    let dir = tempfile::tempdir().unwrap();
    let out = dir.path().join("reports");
    cmd()
        .args(["--decks", "0-3", "--out"])
        .arg(&out)
        .assert()
        .code(2);
    cmd()
        .args(["--algorithms", "nope", "--out"])
        .arg(&out)
        .assert()
        .code(2);
    assert!(!out.exists(), "a failed run created {}", out.display());
}

/// A small suite run into `out`.
fn small_suite(out: &std::path::Path) -> assert_cmd::assert::Assert {
    cmd()
        .args([
            "--decks",
            "3-4",
            "--large-decks",
            "12",
            "--shuffles",
            "20000",
            "--large-shuffles",
            "5000",
            "--algorithms",
            "naive-swap,fisher-yates,rand-shuffle",
            "--out",
        ])
        .arg(out)
        .assert()
}

#[test]
fn suite_writes_parsable_reports() {
    let dir = tempfile::tempdir().unwrap();
    let out = dir.path().join("reports");
    small_suite(&out).success().stdout(
        predicate::str::contains("naive-swap")
            .and(predicate::str::contains("biased"))
            .and(predicate::str::contains("Report:")),
    );
    let json = report_json(&out);
    assert_eq!(json["schema_version"], report::SCHEMA_VERSION);
    assert_eq!(json["settings"]["decks"], serde_json::json!([3, 4]));
    assert_eq!(json["settings"]["large_decks"], serde_json::json!([12]));
    assert_eq!(json["algorithms"].as_array().unwrap().len(), 3);
    // Where the time went, in run.json beside the report (report.json
    // holds only what a rerun reproduces): every stage once, in order,
    // adding up to no more than the wall time; one sampling share per
    // algorithm.
    let run: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(out.join("run.json")).unwrap()).unwrap();
    assert_eq!(run["command"], json["provenance"]["command"]);
    assert_eq!(run["date"].as_str().map(str::len), Some(20));
    let t = &run["timings"];
    let stages: Vec<&str> = t["stages"]
        .as_array()
        .unwrap()
        .iter()
        .map(|s| s["stage"].as_str().unwrap())
        .collect();
    assert_eq!(
        stages,
        [
            "exact-laws",
            "sampling",
            "riffles",
            "seeding",
            "cases",
            "decklist",
            "figures",
            "headline"
        ]
    );
    let staged: f64 = t["stages"]
        .as_array()
        .unwrap()
        .iter()
        .map(|s| s["seconds"].as_f64().unwrap())
        .sum();
    let wall = run["wall_seconds"].as_f64().unwrap();
    assert!(staged > 0.0 && staged <= wall, "{staged} of {wall}");
    let sampling = t["sampling"].as_array().unwrap();
    assert_eq!(sampling.len(), 3);
    // Algorithms are judged side by side: each one's time lies within the
    // stage's, though their sum may not.
    let stage = t["stages"][1]["seconds"].as_f64().unwrap();
    assert!(sampling.iter().all(|a| {
        let s = a["seconds"].as_f64().unwrap();
        s > 0.0 && s <= stage
    }));
    assert!(
        sampling
            .windows(2)
            .all(|w| w[0]["seconds"].as_f64() >= w[1]["seconds"].as_f64())
    );
    let readme = std::fs::read_to_string(out.join("README.md")).unwrap();
    // The page says where the times are, and holds none itself.
    assert!(
        readme.contains("`run.json` beside this page") && !readme.contains("slowest to sample"),
        "{readme}"
    );
    let naive = &json["algorithms"][0];
    assert_eq!(naive["info"]["id"], "naive-swap");
    assert_eq!(naive["agrees"], true);
    assert_eq!(naive["verdict"], "biased");
    assert_eq!(naive["cases"][0]["exact"]["permutation_weights"][0], "4");
    assert_eq!(naive["cases"][0]["sampled"]["shuffles"], 20000);
    assert_eq!(naive["cases"][2]["deck"], 12);
    assert!(naive["cases"][2]["exact"].is_null());
    // No riffle among the algorithms: no riffle study.
    assert!(json.get("riffles").is_none());
    for key in ["git_commit", "rustc", "crates", "command", "version"] {
        assert!(
            !json["provenance"][key].is_null(),
            "provenance.{key} missing"
        );
    }
    for key in ["date", "threads", "wall_seconds"] {
        assert!(!run[key].is_null(), "run.{key} missing");
    }
    let md = std::fs::read_to_string(out.join("algorithms/naive-swap.md")).unwrap();
    assert!(
        md.starts_with("# Naive swap") && md.contains("| 3 | brute-force | 27 |"),
        "{md}"
    );
    let md = std::fs::read_to_string(out.join("README.md")).unwrap();
    assert!(md.contains("](algorithms/naive-swap.md)"), "{md}");
    // The headline is the lesson's naive swap beside Fisher–Yates: this
    // run has the forward naive swap only.
    assert!(!md.contains("](headline.png)"), "a headline in {md}");
    // Every file the report names exists, and the PNGs decode.
    for case in json["algorithms"]
        .as_array()
        .unwrap()
        .iter()
        .flat_map(|a| a["cases"].as_array().unwrap())
    {
        for f in case["files"].as_array().into_iter().flatten() {
            let path = out.join(f.as_str().unwrap());
            assert!(path.is_file(), "{} is missing", path.display());
        }
    }
    let csv = std::fs::read_to_string(out.join("data/naive-swap/positions-n3.csv")).unwrap();
    assert!(
        csv.starts_with("card,position_0,position_1,position_2\n0,"),
        "{csv}"
    );
    let schema = std::fs::read_to_string(out.join("SCHEMA.md")).unwrap();
    assert!(schema.contains("permutation_weights"));
    let leftovers: Vec<_> = std::fs::read_dir(dir.path())
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .filter(|n| n.starts_with('.'))
        .collect();
    assert!(
        leftovers.is_empty(),
        "temporary folders left: {leftovers:?}"
    );
}

#[test]
fn suite_refuses_a_folder_that_is_not_a_report() {
    let dir = tempfile::tempdir().unwrap();
    std::fs::write(dir.path().join("notes.txt"), "mine").unwrap();
    cmd()
        .args(["--quick", "--algorithms", "fisher-yates", "--out"])
        .arg(dir.path())
        .assert()
        .code(2)
        .stderr(predicate::str::contains(
            "is not a report folder of shuffle-audit",
        ));
    assert_eq!(
        std::fs::read_to_string(dir.path().join("notes.txt")).unwrap(),
        "mine"
    );
}

#[test]
fn suite_repeat_adds_two_level_tests_and_their_figures() {
    let dir = tempfile::tempdir().unwrap();
    let out = dir.path().join("r");
    cmd()
        .args([
            "--decks",
            "4",
            "--exact-up-to",
            "4",
            "--large-decks",
            "none",
            "--shuffles",
            "5000",
            "--repeat",
            "4",
            "--algorithms",
            "fisher-yates",
            "--out",
        ])
        .arg(&out)
        .assert()
        .success();
    let json = report_json(&out);
    assert_eq!(json["settings"]["repeat"], 4);
    let case = &json["algorithms"][0]["cases"][0];
    assert_eq!(case["sampled"]["repeat"]["runs"], 4);
    assert_eq!(
        case["sampled"]["repeat"]["seeds"],
        serde_json::json!([1, 2, 3, 4])
    );
    let files: Vec<&str> = case["files"]
        .as_array()
        .unwrap()
        .iter()
        .map(|f| f.as_str().unwrap())
        .collect();
    for f in [
        "figures/fisher-yates/pvalues-n4.png",
        "figures/fisher-yates/pvalues-n4.svg",
        "figures/fisher-yates/positions-n4.png",
        "figures/fisher-yates/permutations-n4.png",
        "data/fisher-yates/exact-positions-n4.csv",
        "data/fisher-yates/permutations-n4.csv",
    ] {
        assert!(files.contains(&f), "{f} not in {files:?}");
        assert!(out.join(f).is_file(), "{f} missing");
    }
    let md = std::fs::read_to_string(out.join("README.md")).unwrap();
    assert!(md.contains("run 4 times (seeds 1 to 4)"), "{md}");
    let page = std::fs::read_to_string(out.join("algorithms/fisher-yates.md")).unwrap();
    assert!(
        page.contains("(../figures/fisher-yates/pvalues-n4.png)"),
        "{page}"
    );
    // The exact columns of the permutation CSV: 1/24 each for Fisher–Yates.
    let csv = std::fs::read_to_string(out.join("data/fisher-yates/permutations-n4.csv")).unwrap();
    assert!(
        csv.starts_with(
            "rank,arrangement,count,exact_weight,exact_denominator,exact_probability\n0,0 1 2 3,"
        ),
        "{csv}"
    );
    assert!(
        csv.lines()
            .skip(1)
            .all(|l| l.ends_with(",1,24,0.041666666666666664")),
        "{csv}"
    );
    fails_with(
        &["--repeat", "0"],
        "--repeat 0 is not allowed: use 1 or more",
    );
}

#[test]
fn sample_calls_the_naive_swap_biased_and_fisher_yates_uniform() {
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
    assert_eq!(fy["verdict"], "uniform");
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
fn a_reader_that_stops_early_is_not_an_error() {
    use std::io::Read;
    use std::process::{Command, Stdio};
    let mut child = Command::new(assert_cmd::cargo::cargo_bin!("shuffle-audit"))
        .args(["exact", "-a", "fisher-yates", "-d", "8", "--json"])
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let mut first = [0u8; 16];
    child.stdout.take().unwrap().read_exact(&mut first).unwrap(); // then the pipe closes
    let out = child.wait_with_output().unwrap();
    assert!(
        out.status.success(),
        "{:?}: {}",
        out.status,
        String::from_utf8_lossy(&out.stderr)
    );
    assert!(out.stderr.is_empty());
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

#[test]
fn suite_with_a_riffle_adds_the_riffle_study() {
    let dir = tempfile::tempdir().unwrap();
    let out = dir.path().join("reports");
    cmd()
        .args([
            "--decks",
            "3",
            "--large-decks",
            "20",
            "--shuffles",
            "3000",
            "--large-shuffles",
            "20000",
            "--algorithms",
            "gsr-riffle",
            "--out",
        ])
        .arg(&out)
        .assert()
        .success();
    let json = report_json(&out);
    let r = &json["riffles"];
    assert_eq!(r["deck"], 20);
    assert_eq!(r["shuffles"], 2000, "a tenth of the large decks' shuffles");
    assert_eq!(r["max_riffles"], 10);
    assert_eq!(r["models"].as_array().unwrap().len(), 2);
    assert_eq!(r["models"][0]["rows"].as_array().unwrap().len(), 10);
    assert!(r.get("provenance").is_none());
    let figure = image::open(out.join(r["figure"].as_str().unwrap())).unwrap();
    assert_eq!(figure.width(), 3 * 460);
    assert!(out.join("figures/riffles.svg").is_file());
    let md = std::fs::read_to_string(out.join("riffles.md")).unwrap();
    assert!(md.starts_with("# Riffles: how many are enough?"), "{md}");
    let front = std::fs::read_to_string(out.join("README.md")).unwrap();
    assert!(front.contains("](riffles.md)"), "{front}");
    assert!(md.contains("| 7 | "), "{md}");
}
