//! `shuffle-audit audit` on decks dealt by `shuffle-audit deal`: files
//! written by Rust, so the tests need no other language.

use serde_json::Value;
use std::path::{Path, PathBuf};

mod common;
use common::{cmd, fails_with_input as fails};

/// Deals `decks` decks of `algorithm` into a file in `dir` and returns its
/// path.
fn deal(dir: &Path, algorithm: &str, deck: usize, decks: u64, extra: &[&str]) -> PathBuf {
    let out = cmd()
        .args(["deal", "-a", algorithm, "-d", &deck.to_string()])
        .args(["-n", &decks.to_string()])
        .args(extra)
        .assert()
        .success()
        .get_output()
        .stdout
        .clone();
    assert_eq!(
        out.iter().filter(|&&b| b == b'\n').count() as u64,
        decks,
        "one line per deck"
    );
    let path = dir.join(format!("{algorithm}-{deck}-{decks}-{}.txt", extra.join("")));
    std::fs::write(&path, out).unwrap();
    path
}

fn audit_json(path: &Path, extra: &[&str], code: i32) -> Value {
    let out = cmd()
        .arg("audit")
        .arg(path)
        .arg("--json")
        .args(extra)
        .assert()
        .code(code)
        .get_output()
        .stdout
        .clone();
    serde_json::from_slice(&out).unwrap()
}

#[test]
fn audit_of_dealt_decks_equals_sample_and_gates_a_ci_job() {
    let dir = tempfile::tempdir().unwrap();
    // The same seed deals the decks `sample` counts: identical statistics.
    let naive = deal(dir.path(), "naive-swap", 6, 40_000, &[]);
    let doc = audit_json(&naive, &[], 1);
    let sample: Value = serde_json::from_slice(
        &cmd()
            .args([
                "sample",
                "-a",
                "naive-swap",
                "-d",
                "6",
                "-n",
                "40000",
                "--json",
            ])
            .assert()
            .success()
            .get_output()
            .stdout,
    )
    .unwrap();
    assert_eq!(doc["result"]["tests"], sample["tests"]);
    assert_eq!(doc["result"]["position_matrix"], sample["position_matrix"]);
    assert_eq!(doc["result"]["verdict"], "biased");
    assert_eq!(doc["input"]["decks"], 40_000);
    assert_eq!(doc["input"]["base"], "0-based");
    assert_eq!(doc["schema_version"], 6);
    // A fair shuffle passes: exit 0.
    let fy = deal(dir.path(), "fisher-yates", 6, 40_000, &[]);
    let doc = audit_json(&fy, &[], 0);
    assert_eq!(doc["result"]["verdict"], "uniform");
    let text = cmd()
        .arg("audit")
        .arg(&fy)
        .assert()
        .code(0)
        .get_output()
        .stdout
        .clone();
    let text = String::from_utf8(text).unwrap();
    assert!(
        text.contains("40,000 decks of 6 cards (0-based, detected"),
        "{text}"
    );
    assert!(text.ends_with("exit 0: no evidence of bias\n"), "{text}");
}

#[test]
fn one_based_json_from_stdin() {
    let dir = tempfile::tempdir().unwrap();
    let path = deal(
        dir.path(),
        "fisher-yates",
        5,
        3_000,
        &["--base", "1", "--format", "json"],
    );
    let first = std::fs::read_to_string(&path).unwrap();
    assert!(first.starts_with('['), "{first}");
    let out = cmd()
        .args(["audit", "-", "--json"])
        .write_stdin(std::fs::read(&path).unwrap())
        .assert()
        .code(0)
        .get_output()
        .stdout
        .clone();
    let doc: Value = serde_json::from_slice(&out).unwrap();
    assert_eq!(doc["input"]["base"], "1-based");
    assert_eq!(doc["input"]["base_detected"], true);
    assert_eq!(doc["input"]["source"], "-");
    assert_eq!(doc["result"]["algorithm"], "standard input");
    // Given the wrong numbering, the first deck is out of range.
    fails(
        &["audit", path.to_str().unwrap(), "--base", "0"],
        b"",
        "line 1: card 5 is out of range: a 0-based deck of 5 cards holds 0..=4",
    );
}

#[test]
fn large_decks_get_the_battery_and_reseeded_shuffles_are_caught() {
    let dir = tempfile::tempdir().unwrap();
    // 30,000 decks from 86,400 seeds: about 5,200 identical pairs.
    let seeded = deal(
        dir.path(),
        "fisher-yates-seed-seconds",
        52,
        30_000,
        &["--format", "comma"],
    );
    let doc = audit_json(&seeded, &[], 1);
    let tests: Vec<&str> = doc["result"]["tests"]
        .as_array()
        .unwrap()
        .iter()
        .map(|t| t["name"].as_str().unwrap())
        .collect();
    assert_eq!(tests.len(), 7, "{tests:?}");
    assert!(doc["result"]["collisions"]["pairs"].as_u64().unwrap() > 1000);
    let fy = deal(dir.path(), "fisher-yates", 52, 30_000, &[]);
    let doc = audit_json(&fy, &[], 0);
    assert_eq!(doc["result"]["collisions"]["pairs"], 0);
    assert_eq!(doc["result"]["battery"].as_array().unwrap().len(), 5);
}

#[test]
fn bad_lines_stop_the_audit_or_are_counted() {
    let dir = tempfile::tempdir().unwrap();
    let mut text = std::fs::read_to_string(deal(dir.path(), "fisher-yates", 4, 500, &[])).unwrap();
    text.insert_str(0, "0 1 2 3\n3 3 1 0\n");
    text.push_str("0 1 two 3\n\n0 1 2\n");
    let path = dir.path().join("bad.txt");
    std::fs::write(&path, &text).unwrap();
    let p = path.to_str().unwrap();
    fails(
        &["audit", p],
        b"",
        "line 2: card 3 appears twice (--skip-invalid counts bad lines instead)",
    );
    let doc = audit_json(&path, &["--skip-invalid"], 0);
    let input = &doc["input"];
    assert_eq!(input["lines"], 505);
    assert_eq!(input["decks"], 501);
    let kinds: Vec<(&str, u64, u64)> = input["invalid"]
        .as_array()
        .unwrap()
        .iter()
        .map(|k| {
            (
                k["kind"].as_str().unwrap(),
                k["count"].as_u64().unwrap(),
                k["first_line"].as_u64().unwrap(),
            )
        })
        .collect();
    assert_eq!(
        kinds,
        [
            ("duplicate-card", 1, 2),
            ("not-a-number", 1, 503),
            ("empty-line", 1, 504),
            ("wrong-length", 1, 505)
        ]
    );
    let out = cmd()
        .args(["audit", p, "--skip-invalid"])
        .assert()
        .code(0)
        .get_output()
        .stdout
        .clone();
    let out = String::from_utf8(out).unwrap();
    assert!(
        out.contains("skipped 1 duplicate-card line(s); the first, line 2: card 3 appears twice"),
        "{out}"
    );
}

#[test]
fn bad_input_is_one_line_and_exit_2() {
    fails(&["audit", "-"], b"", "no decks in the input (it is empty)");
    fails(
        &["audit", "-", "--skip-invalid"],
        b"a b\nc d\n",
        "no decks in the input: 2 invalid line(s), the first (line 1): \"a\" is not a number",
    );
    fails(
        &["audit", "-"],
        b"0 1 2\n2 1 0\n",
        "2 decks of 3 cards are too few to test: the position test needs at least 15",
    );
    fails(
        &["audit", "/nonexistent/decks.txt"],
        b"",
        "opening /nonexistent/decks.txt",
    );
    fails(
        &["audit", "-", "--base", "2"],
        b"",
        "\"2\" is not a numbering: use 0 or 1",
    );
    fails(
        &["audit", "-", "--deck", "1"],
        b"",
        "deck size 1 is not allowed: use 2..=255",
    );
    fails(
        &["audit", "-", "--deck", "4"],
        b"0 1 2\n",
        "line 1: 3 cards, expected 4",
    );
    fails(
        &["deal", "-a", "fisher-yates", "-d", "256", "-n", "1"],
        b"",
        "deck size 256 is not allowed",
    );
    fails(&["deal", "-a", "nope", "-d", "5", "-n", "1"], b"", "nope");
}
