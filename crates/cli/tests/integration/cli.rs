//! The `shuffle-audit` binary, end to end.

use predicates::prelude::*;
use serde_json::Value;

use crate::common::{cmd, fails_with, json};

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
