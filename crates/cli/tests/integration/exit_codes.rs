//! The promises of the guide's "Exit codes and standard output", tried as
//! a user would break them: closed pipes, tiny budgets, levels anywhere in
//! (0, 1), every refusal in one line naming what is wrong, and odd input.

use std::path::Path;
use std::process::{Command, Stdio};

use crate::common::{
    TINY_SUITE, bin, cmd, fails_with, fails_with_input, json, json_with_input, report_json,
};
use crate::promises::complete_report_seed;

/// Runs `args` with its standard output closed before it writes, and
/// returns the exit code and standard error.
fn with_stdout_closed(args: &[&str]) -> (Option<i32>, String) {
    let mut child = Command::new(bin())
        .args(args)
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    drop(child.stdout.take());
    let o = child.wait_with_output().unwrap();
    (
        o.status.code(),
        String::from_utf8_lossy(&o.stderr).into_owned(),
    )
}

fn dealt(dir: &Path, id: &str, deck: &str, decks: &str) -> String {
    let out = cmd()
        .args(["deal", "-a", id, "-d", deck, "-n", decks])
        .assert()
        .success()
        .get_output()
        .stdout
        .clone();
    let path = dir.join(format!("{id}-{deck}.txt"));
    std::fs::write(&path, out).unwrap();
    path.to_str().unwrap().to_string()
}

#[test]
fn the_exit_code_follows_the_verdict_whatever_happens_to_stdout() {
    let dir = tempfile::tempdir().unwrap();
    let biased = dealt(dir.path(), "naive-swap", "6", "40000");
    let fair = dealt(dir.path(), "fisher-yates", "6", "40000");
    for json in [true, false] {
        let flag = if json { "--json" } else { "--skip-invalid" };
        assert_eq!(
            with_stdout_closed(&["audit", &biased, flag]),
            (Some(1), String::new()),
            "a closed pipe must not turn biased into a pass"
        );
        assert_eq!(
            with_stdout_closed(&["audit", &fair, flag]),
            (Some(0), String::new())
        );
    }
    // As a shell pipeline sees it: `audit … | head -c 100` in bash with
    // pipefail reports the audit's code.
    let piped = Command::new("bash")
        .arg("-c")
        .arg("set -o pipefail; \"$0\" audit \"$1\" --json | head -c 100 >/dev/null")
        .arg(bin())
        .arg(&biased)
        .status()
        .unwrap();
    assert_eq!(piped.code(), Some(1));
    // A full disk on stdout: said on stderr; a pass becomes 2, a bias stays 1.
    for (file, code) in [(&biased, 1), (&fair, 2)] {
        let o = Command::new(bin())
            .args(["audit", file, "--json"])
            .stdout(
                std::fs::OpenOptions::new()
                    .write(true)
                    .open("/dev/full")
                    .unwrap(),
            )
            .output()
            .unwrap();
        let err = String::from_utf8_lossy(&o.stderr);
        assert_eq!(o.status.code(), Some(code), "{err}");
        assert!(
            err.contains("error: writing to standard output: No space left on device"),
            "{err}"
        );
    }
    // The suite: report written, exit code from agreement, nothing said.
    let out = dir.path().join("r");
    let mut args = TINY_SUITE.to_vec();
    args.extend(["--algorithms", "naive-swap", "--out", out.to_str().unwrap()]);
    let (code, err) = with_stdout_closed(&args);
    assert_eq!((code, err), (Some(0), String::new()));
    complete_report_seed(&out);
    // deal stops when its reader does, however many decks were asked.
    let (code, err) = with_stdout_closed(&[
        "deal",
        "-a",
        "fisher-yates",
        "-d",
        "52",
        "-n",
        "1000000000000",
    ]);
    assert_eq!((code, err), (Some(0), String::new()));
}

#[test]
fn tiny_budgets_are_refused_and_small_ones_never_cry_wolf() {
    fails_with(
        &["sample", "-a", "fisher-yates", "-d", "5", "-n", "1"],
        "--shuffles 1 is too few to test decks of 5 cards: the position test needs at least 25 (5 per cell)",
    );
    for n in ["1", "10", "259"] {
        fails_with(
            &["--large-shuffles", n, "--large-decks", "52"],
            &format!(
                "--large-shuffles {n} is too few to test decks of 52 cards: the position test needs at least 260"
            ),
        );
    }
    // The smallest budgets allowed: the comparisons with the exact
    // matrices are exact binomial tails, so correct shuffles agree.
    let dir = tempfile::tempdir().unwrap();
    for (i, n) in ["260", "261", "300", "500"].iter().enumerate() {
        let out = dir.path().join(format!("r{i}"));
        cmd()
            .args(["--decks", "3", "--exact-up-to", "3", "--large-decks", "52"])
            .args(["--shuffles", "15", "--large-shuffles", n])
            .args([
                "--algorithms",
                "fisher-yates,naive-swap,sattolo,random-pairs-swap,blog-fisher-yates",
                "--out",
            ])
            .arg(&out)
            .assert()
            .success();
        for a in report_json(&out)["algorithms"].as_array().unwrap() {
            assert_eq!(a["agrees"], true, "{n} shuffles: {}", a["disagreements"]);
        }
    }
    // The smallest budget, run 2,000 times: the two-level test leaves out
    // p-values too discrete for that many runs instead of calling
    // Fisher–Yates biased.
    let out = dir.path().join("repeat");
    cmd()
        .args([
            "--decks",
            "3",
            "--exact-up-to",
            "3",
            "--large-decks",
            "none",
        ])
        .args(["--shuffles", "15", "--repeat", "2000"])
        .args(["--algorithms", "fisher-yates,blog-fisher-yates", "--out"])
        .arg(&out)
        .assert()
        .success();
    let json = report_json(&out);
    let fy = &json["algorithms"][0];
    assert_eq!(fy["verdict"], "uniform");
    let repeat = &fy["cases"][0]["sampled"]["repeat"];
    assert_eq!(repeat["ks_skipped"][0]["name"], "ks-position-chi2");
}

#[test]
fn power_at_any_level_in_zero_one_gives_a_figure() {
    let mut last = 0.0;
    for alpha in ["1e-6", "1e-20", "1e-100", "1e-300", "5e-324"] {
        let doc = json(&[
            "power",
            "-a",
            "naive-swap",
            "-d",
            "5",
            "--alpha",
            alpha,
            "--json",
        ]);
        let n = doc["tests"][1]["shuffles"].as_f64().unwrap();
        assert!(n.is_finite() && n > last, "{alpha}: {n}");
        last = n;
    }
    for id in ["sattolo", "random-pairs-swap", "fisher-yates-mod15"] {
        for alpha in ["1e-17", "1e-300"] {
            cmd()
                .args(["power", "-a", id, "-d", "52", "--alpha", alpha])
                .assert()
                .success();
            cmd()
                .args(["power", "-a", id, "-d", "5", "--alpha", alpha])
                .assert()
                .success();
        }
    }
}

#[test]
fn every_message_names_what_is_wrong() {
    fails_with(
        &["sample"],
        "error: the following required arguments were not provided: --algorithm <ALGORITHM>, --deck <DECK>",
    );
    fails_with(
        &["exact", "-a", "naive-swap"],
        "not provided: --deck <DECK>",
    );
    fails_with(&["audit"], "not provided: <FILE>");
    fails_with(
        &["--algorithms", "naive-swap,fisher-yates,naive-swap"],
        "--algorithms names naive-swap twice: name each algorithm once",
    );
    fails_with(
        &["sample", "-a", "fisher-yates", "-d", "255", "--histogram"],
        "255! = 3.4e504 counters of 8 bytes would take 2.7e505 bytes per thread",
    );
    fails_with(
        &["sample", "-a", "fisher-yates", "-d", "11", "--histogram"],
        "11! = 39916800 counters of 8 bytes would take 0.3 GB per thread",
    );
    for args in [
        &["--threads", "1000000", "--quick"][..],
        &[
            "sample",
            "-a",
            "fisher-yates",
            "-d",
            "5",
            "--threads",
            "1025",
        ],
        &[
            "exact",
            "-a",
            "fisher-yates",
            "-d",
            "5",
            "--threads",
            "1000000",
        ],
        &["riffle", "--threads", "99999999999"],
    ] {
        fails_with(args, "is not allowed: use 1..=1024");
    }
}

#[test]
fn audit_reads_what_windows_and_old_macs_write() {
    let dir = tempfile::tempdir().unwrap();
    let decks = std::fs::read(dealt(dir.path(), "fisher-yates", "52", "2000")).unwrap();
    // A byte-order mark and \r\n line ends (Windows tools).
    let mut windows = b"\xEF\xBB\xBF".to_vec();
    for line in decks.split(|&b| b == b'\n').filter(|l| !l.is_empty()) {
        windows.extend_from_slice(line);
        windows.extend_from_slice(b"\r\n");
    }
    let doc = json_with_input(&["audit", "-", "--json"], &windows);
    assert_eq!(doc["input"]["decks"], 2000);
    // \r alone (classic Mac OS): named, not read as one enormous deck.
    let mac: Vec<u8> = decks
        .iter()
        .map(|&b| if b == b'\n' { b'\r' } else { b })
        .collect();
    fails_with_input(
        &["audit", "-"],
        &mac,
        "standard input: line 1: a carriage return (\\r) inside the line: the input seems to end its lines with \\r alone",
    );
    // Three stray short lines at the top do not set the deck size.
    let mut strays = b"0 1\n1 0\n2 0 1\n".to_vec();
    strays.extend_from_slice(&decks);
    let doc = json_with_input(&["audit", "-", "--json", "--skip-invalid"], &strays);
    assert_eq!(doc["input"]["deck"], 52);
    assert_eq!(doc["input"]["decks"], 2000);
    assert_eq!(doc["input"]["invalid"][0]["kind"], "wrong-length");
    assert_eq!(doc["input"]["invalid"][0]["count"], 3);
    fails_with_input(
        &["audit", "-"],
        &strays,
        "standard input: line 1: 2 cards, expected 52 (the deck size of most of the first lines)",
    );
}
