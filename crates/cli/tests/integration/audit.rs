//! `shuffle-audit audit` on decks dealt by `shuffle-audit deal`: files
//! written by Rust, so the tests need no other language.

use serde_json::Value;
use std::path::{Path, PathBuf};

use crate::common::{cmd, fails_with_input as fails};

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

/// What `audit` prints for people on `path`, exiting with `code`.
fn audit_text(path: &Path, extra: &[&str], code: i32) -> String {
    let out = cmd()
        .arg("audit")
        .arg(path)
        .args(extra)
        .assert()
        .code(code)
        .get_output()
        .stdout
        .clone();
    String::from_utf8(out).unwrap()
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
    assert_eq!(doc["schema_version"], report::SCHEMA_VERSION);
    // A fair shuffle passes: exit 0.
    let fy = deal(dir.path(), "fisher-yates", 6, 40_000, &[]);
    let doc = audit_json(&fy, &[], 0);
    assert_eq!(doc["result"]["verdict"], "no bias shown");
    assert_eq!(doc["result"]["no_test_shows_below"], 0.98 / 40_000.0);
    let text = audit_text(&fy, &[], 0);
    assert!(
        text.contains("verdict: NO BIAS SHOWN at 40,000 decks")
            && text.contains("not a proof of fairness: on 40,000 decks no test shows a bias below a total variation distance of 2.4e-5"),
        "{text}"
    );
    assert!(
        text.contains("40,000 decks of 6 cards (0-based, detected"),
        "{text}"
    );
    assert!(
        text.ends_with("exit 0: no evidence of bias at level 1e-6\n"),
        "{text}"
    );
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
    let out = audit_text(&path, &["--skip-invalid"], 0);
    assert!(
        out.contains("skipped 1 duplicate-card line(s); the first, line 2: card 3 appears twice"),
        "{out}"
    );
}

#[test]
fn bad_input_is_one_line_and_exit_2() {
    fails(&["audit", "-"], b"", "no decks in the input (it is empty)");
    // Given the size and numbering, lines are numbered decks.
    fails(
        &["audit", "-", "--skip-invalid", "--deck", "2", "--base", "0"],
        b"a b\nc d\n",
        "no decks in the input: 2 invalid line(s), the first (line 1): \"a\" is not a number",
    );
    // Without, names are a decklist's cards.
    fails(
        &["audit", "-", "--skip-invalid"],
        b"a b\nc d\n",
        "standard input: 1 decklists of 2 cards are too few to test: a chi-square test needs two cells of 5 expected, so at least 10",
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

/// The names and `log10` p-values of a list of tests in a document.
fn tests_of(list: &Value) -> Vec<(String, f64)> {
    list.as_array()
        .unwrap()
        .iter()
        .map(|t| {
            (
                t["name"].as_str().unwrap().to_string(),
                t["log10_p"].as_f64().unwrap(),
            )
        })
        .collect()
}

#[test]
fn a_reshuffled_last_deck_passes_alone_and_fails_between_deals() {
    // Each deck is the last one shuffled again by the naive swap: every
    // deck alone is close to uniform (the naive swap's chain mixes), so
    // the tests of single decks pass; each deck in the order of the last
    // one has the naive swap's law (TV 0.098 at 6 cards), which the tests
    // of consecutive decks see.
    let dir = tempfile::tempdir().unwrap();
    let path = deal(dir.path(), "naive-swap", 6, 20_000, &["--from-previous"]);
    let doc = audit_json(&path, &[], 1);
    let decks = tests_of(&doc["result"]["tests"]);
    assert_eq!(decks.len(), 3);
    assert!(decks.iter().all(|(_, l)| *l > -3.0), "{decks:?}");
    let lag = tests_of(&doc["lag1"]["tests"]);
    let names: Vec<&str> = lag.iter().map(|(n, _)| n.as_str()).collect();
    assert_eq!(
        names,
        [
            "lag1-permutation-chi2",
            "lag1-permutation-g",
            "lag1-position-chi2",
            "lag1-contingency-chi2"
        ]
    );
    assert!(lag[0].1 < -24.0, "{lag:?}");
    assert_eq!(doc["lag1"]["pairs"], 19_999);
    assert_eq!(doc["level"]["tests"], 7);
    assert_eq!(doc["level"]["bias_shown"], true);
    assert_eq!(doc["result"]["verdict"], "biased");
    assert_eq!(doc["input"]["ordered"], true);
    // Told the decks are not in the order dealt, the audit tests them one
    // at a time and sees nothing.
    let doc = audit_json(&path, &["--unordered"], 0);
    assert!(doc.get("lag1").is_none());
    assert_eq!(doc["level"]["tests"], 3);
    assert_eq!(doc["input"]["ordered"], false);
    // A fair shuffle of the last deck is as good as a fresh one.
    let fy = deal(dir.path(), "fisher-yates", 6, 20_000, &["--from-previous"]);
    let doc = audit_json(&fy, &[], 0);
    assert_eq!(doc["level"]["bias_shown"], false);
}

#[test]
fn alpha_sets_the_level_the_exit_code_follows() {
    // 600 naive swaps of 8 cards: the smallest adjusted p-value is
    // 10^-3.77 (1.7e-4), over 13 tests: not shown at the default 1e-6,
    // shown at 0.01 (7.7e-4 per test), not at 1e-4.
    let dir = tempfile::tempdir().unwrap();
    let path = deal(dir.path(), "naive-swap", 8, 600, &[]);
    let doc = audit_json(&path, &[], 0);
    let p = doc["result"]["log10_min_adjusted_p"].as_f64().unwrap();
    assert!((-4.0..-3.0).contains(&p), "{p}");
    assert_eq!(doc["level"]["alpha"], 1e-6);
    assert_eq!(doc["level"]["tests"], 13);
    let doc = audit_json(&path, &["--alpha", "0.01"], 1);
    assert_eq!(doc["level"]["bias_shown"], true);
    let per_test = doc["level"]["per_test"].as_f64().unwrap();
    assert!((per_test - 0.01 / 13.0).abs() < 1e-15, "{per_test}");
    audit_json(&path, &["--alpha", "1e-4"], 0);
    let text = audit_text(&path, &["--alpha", "0.01"], 1);
    assert!(
        text.ends_with(
            "exit 1: bias shown at level 0.01: suspicious (a fair shuffle does this at most once in 100 audits): audit a second, independent file to confirm\n"
        ),
        "{text}"
    );
    // The verdict word agrees with the exit code at every level: uniform
    // on the fixed scale's own terms (p_adj 1.7e-4 is unusual), suspicious
    // where the level shows bias.
    assert!(text.contains("\nverdict: SUSPICIOUS "), "{text}");
    assert_eq!(doc["result"]["verdict"], "suspicious");
    let stricter = audit_text(&path, &["--alpha", "1e-4"], 0);
    assert!(stricter.contains("\nverdict: UNUSUAL "), "{stricter}");
    assert!(
        text.contains("level: 0.01 family-wise over 13 tests (Bonferroni: 7.692e-4 each"),
        "{text}"
    );
    // The tests below their share are marked: those of the document.
    let below = tests_of(&doc["result"]["tests"])
        .into_iter()
        .chain(tests_of(&doc["lag1"]["tests"]))
        .filter(|(_, l)| *l < per_test.log10())
        .count();
    assert_eq!(below, 3);
    assert_eq!(
        text.lines().filter(|l| l.ends_with(" *")).count(),
        below,
        "{text}"
    );
    for bad in ["0", "1", "1.5", "-0.05", "NaN", "5e-324", "1e-301"] {
        fails(
            &["audit", "-", "--alpha", bad],
            b"",
            &format!(
                "--alpha {bad} is not allowed: use a level from 1e-300 up to 1, 1 excluded (below it a decision would rest on p-values under 10^-300"
            ),
        );
    }
}

/// At the smallest level allowed, with p-values far below it, one decision
/// gives the exit code, the verdict, the last line and every JSON field.
#[test]
fn the_smallest_level_decides_one_way_in_every_output() {
    let dir = tempfile::tempdir().unwrap();
    let path = deal(dir.path(), "naive-swap", 6, 200_000, &[]);
    let doc = audit_json(&path, &["--alpha", "1e-300"], 1);
    assert!(doc["result"]["log10_min_adjusted_p"].as_f64().unwrap() < -300.0);
    assert_eq!(doc["level"]["bias_shown"], true);
    assert_eq!(doc["finding"], "decks-biased");
    assert_eq!(doc["result"]["verdict"], "biased");
    let text = audit_text(&path, &["--alpha", "1e-300"], 1);
    assert!(text.contains("\nverdict: BIASED "), "{text}");
    assert!(
        text.trim_end()
            .lines()
            .last()
            .unwrap()
            .starts_with("exit 1: bias shown at level 1e-300"),
        "{text}"
    );
    // The tests below their share are the ones marked, and there are some.
    assert!(
        text.lines().filter(|l| l.ends_with(" *")).count() >= 3,
        "{text}"
    );
}

#[test]
fn out_writes_a_certificate_that_names_its_input() {
    use sha2::Digest;
    let dir = tempfile::tempdir().unwrap();
    let path = deal(dir.path(), "fisher-yates", 5, 3_000, &[]);
    let bytes = std::fs::read(&path).unwrap();
    let sha: String = sha2::Sha256::digest(&bytes)
        .iter()
        .map(|b| format!("{b:02x}"))
        .collect();
    let cert = dir.path().join("cert");
    let printed = audit_json(
        &path,
        &["--alpha", "0.05", "--out", cert.to_str().unwrap()],
        0,
    );
    let json: Value =
        serde_json::from_str(&std::fs::read_to_string(cert.join("certificate.json")).unwrap())
            .unwrap();
    assert_eq!(json["input"]["sha256"], sha.as_str());
    assert_eq!(json["input"]["bytes"], bytes.len() as u64);
    assert_eq!(json["input"], printed["input"]);
    assert_eq!(json["level"], printed["level"]);
    let command = json["provenance"]["command"].as_str().unwrap();
    assert_eq!(
        command,
        format!(
            "shuffle-audit audit {} --json --alpha 0.05 --out {}",
            path.display(),
            cert.display()
        )
    );
    let md = std::fs::read_to_string(cert.join("certificate.md")).unwrap();
    assert!(md.contains(&sha), "{md}");
    assert!(
        md.contains("**No bias shown at the 0.05 level** (exit 0)"),
        "{md}"
    );
    // One row per test of the family, each with its share of the level.
    let rows = md.lines().filter(|l| l.starts_with("| `")).count();
    assert_eq!(rows as u64, json["level"]["tests"].as_u64().unwrap());
    assert_eq!(rows, 7);
    assert_eq!(md.matches("| 7.143e-3 | pass |").count(), 7, "{md}");
    // The same bytes from standard input: the same digest.
    let out = cmd()
        .args(["audit", "-", "--json"])
        .write_stdin(bytes.clone())
        .assert()
        .code(0)
        .get_output()
        .stdout
        .clone();
    let doc: Value = serde_json::from_slice(&out).unwrap();
    assert_eq!(doc["input"]["sha256"], sha.as_str());
    // A second audit into the same folder replaces the certificate.
    audit_json(&path, &["--out", cert.to_str().unwrap()], 0);
    let md = std::fs::read_to_string(cert.join("certificate.md")).unwrap();
    assert!(md.contains("at the 1e-6 level"), "{md}");
    // A folder that is not an audit's is refused before reading, and left
    // as it was; bad input writes no certificate at all.
    let foreign = dir.path().join("foreign");
    std::fs::create_dir(&foreign).unwrap();
    std::fs::write(foreign.join("notes.txt"), "mine").unwrap();
    fails(
        &[
            "audit",
            path.to_str().unwrap(),
            "--out",
            foreign.to_str().unwrap(),
        ],
        b"",
        "is not a report folder of shuffle-audit",
    );
    let left: Vec<_> = std::fs::read_dir(&foreign).unwrap().collect();
    assert_eq!(left.len(), 1);
    let fresh = dir.path().join("fresh");
    fails(
        &["audit", "-", "--out", fresh.to_str().unwrap()],
        b"0 1 2\n0 1 1\n",
        "line 2: card 1 appears twice",
    );
    assert!(!fresh.exists());
    let strays: Vec<String> = std::fs::read_dir(dir.path())
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .filter(|n| n.starts_with('.'))
        .collect();
    assert!(strays.is_empty(), "{strays:?}");
}

#[test]
fn follow_stops_at_the_line_where_the_evidence_suffices() {
    let dir = tempfile::tempdir().unwrap();
    // The naive swap on 6 cards: the alarm at α = 1e-6 rings within
    // 20,000 decks (2,886 with this seed), and reading stops there.
    let naive = deal(dir.path(), "naive-swap", 6, 50_000, &[]);
    let doc = audit_json(&naive, &["--follow"], 1);
    let line = doc["alarm_line"].as_u64().unwrap();
    assert!(line < 20_000, "{line}");
    assert_eq!(doc["lines"], line);
    assert!(doc["log10_evidence"].as_f64().unwrap() >= 6.0);
    assert_eq!(doc["log10_threshold"], 6.0);
    assert_eq!(doc["mode"], "detect");
    let test = audit_json(&naive, &["--follow", "--monitor", "test"], 1);
    assert_eq!(test["mode"], "test");
    assert_eq!(test["evidence_since"], 1);
    let text = audit_text(&naive, &["--follow"], 1);
    assert!(
        text.replace(',', "")
            .contains(&format!("line {line}: evidence 10^")),
        "{text}"
    );
    assert!(text.ends_with("exit 1: bias shown\n"), "{text}");
    // Every deck reshuffled from the last one: only the tests of
    // consecutive decks can see it, and they do.
    let carried = deal(dir.path(), "naive-swap", 6, 50_000, &["--from-previous"]);
    audit_json(&carried, &["--follow"], 1);
    // A fair stream reaches the end: exit 0, the evidence below 10^6.
    let fair = deal(dir.path(), "fisher-yates", 6, 50_000, &[]);
    let doc = audit_json(&fair, &["--follow", "--deck", "6", "--base", "0"], 0);
    assert!(doc.get("alarm_line").is_none());
    assert_eq!(doc["lines"], 50_000);
    assert!(doc["log10_evidence"].as_f64().unwrap() < 6.0);
    // Refusals.
    fails(
        &["audit", "-", "--follow", "--out", "x"],
        b"",
        "the argument '--follow' cannot be used with '--out <DIR>'",
    );
    fails(
        &["audit", "-", "--follow", "--threads", "2"],
        b"",
        "the argument '--follow' cannot be used with '--threads <N>'",
    );
    fails(
        &["audit", "-", "--single", "--threads", "2"],
        b"",
        "the argument '--single' cannot be used with '--threads <N>'",
    );
    fails(
        &["audit", "-", "--follow"],
        b"0 1 2\n0 1 1\n",
        "line 2: card 1 appears twice",
    );
    fails(
        &["audit", "-", "--monitor", "test"],
        b"",
        "the following required arguments were not provided: --follow",
    );
}

#[test]
fn follow_never_prints_nan_and_the_ordered_deck_is_decisive_at_any_size() {
    // The ordered deck's descents have probability 1/n!, below a double's
    // range from 171 cards on: it rings at line 1, in both modes.
    for n in [2usize, 170, 171, 178, 200, 255] {
        let ordered: Vec<String> = (0..n).map(|c| c.to_string()).collect();
        let input = format!("{}\n", ordered.join(" ")).repeat(3);
        for mode in ["detect", "test"] {
            let args = ["audit", "-", "--follow", "--monitor", mode];
            let out = cmd()
                .args(args)
                .write_stdin(input.clone())
                .output()
                .unwrap();
            let text = String::from_utf8_lossy(&out.stdout);
            assert!(!text.contains("NaN"), "{n}: {text}");
            if n >= 20 {
                assert_eq!(out.status.code(), Some(1), "{n}: {text}");
                assert!(text.contains("line 1: evidence 10^"), "{n}: {text}");
            }
        }
    }
}

#[test]
fn an_input_with_no_line_end_ends_the_read_at_once_or_after_64_mib_skipped() {
    // /dev/zero never ends and holds no line end: every reader stops, at
    // the first line over the limit, or with --skip-invalid after 64 MiB
    // of it skipped.
    for mode in [&[][..], &["--single"], &["--follow", "--deck", "4"]] {
        for skip in [false, true] {
            let mut args = vec!["audit", "/dev/zero"];
            args.extend(mode);
            if skip {
                args.push("--skip-invalid");
            }
            let mut command = cmd();
            command
                .args(&args)
                .timeout(std::time::Duration::from_secs(60));
            let err = crate::common::refusal(command);
            let why = if skip {
                "error: /dev/zero: line 1: no line end in 67108864 bytes: this is not lines of decks"
            } else {
                "error: /dev/zero: line 1: line longer than 1048576 bytes"
            };
            assert!(err.starts_with(why), "{args:?}: {err}");
        }
    }
}

#[test]
fn skipping_stops_after_ten_thousand_bad_lines_in_a_row() {
    // `yes '' | audit --skip-invalid` once read forever and said nothing.
    // Every reader stops at the line that makes 10,000 bad lines in a row,
    // with exit 2, one line and nothing on standard output.
    let run = 10_000;
    for (head, mode) in [
        (0, &[][..]),
        (0, &["--threads", "1"]),
        (3, &[]),
        (3, &["--single"]),
        (3, &["--follow", "--deck", "4"]),
    ] {
        let script = format!(
            "{{ yes '3 1 0 2' | head -n {head}; yes ''; }} | timeout 60 \"$0\" audit - --skip-invalid {}",
            mode.join(" ")
        );
        let out = std::process::Command::new("sh")
            .arg("-c")
            .arg(&script)
            .arg(crate::common::bin())
            .output()
            .unwrap();
        let err = String::from_utf8_lossy(&out.stderr);
        assert_eq!(out.status.code(), Some(2), "{script}: {err}");
        assert!(out.stdout.is_empty(), "{script}");
        assert_eq!(
            err,
            format!(
                "error: standard input: skipped lines {} to {}, {run} invalid lines in a row with no deck among them, and stopped: this does not look like decks, one per line\n",
                head + 1,
                head + run
            ),
            "{script}"
        );
    }
}
