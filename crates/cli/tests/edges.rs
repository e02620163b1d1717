//! Small decisions at the edges, each as a user meets it: a refusal with
//! one line that names the value and what is allowed, or a figure that
//! says what it rests on.

mod common;
use common::{cmd, fails_with, fails_with_input};

#[test]
fn a_sampled_guessing_score_rests_on_enough_decks_for_its_interval() {
    // One deck gives a standard deviation of 0: a 99 % interval of zero
    // width. Refused before any work.
    fails_with(
        &["guess", "-a", "naive-swap", "-n", "1"],
        "--shuffles 1 is not allowed: use 1000 or more (the 99 % confidence interval of a sampled score rests on them)",
    );
}

#[test]
fn a_power_at_or_below_the_level_is_refused() {
    // A test that ignores the shuffles detects with probability alpha:
    // such a power needs no shuffles at all ("0" beside the figures).
    for args in [
        &["scaling", "--bits", "15", "--power", "1e-10"][..],
        &[
            "power",
            "-a",
            "naive-swap",
            "-d",
            "5",
            "--alpha",
            "0.01",
            "--power",
            "0.005",
        ],
    ] {
        let level = if args[0] == "scaling" { "1e-6" } else { "0.01" };
        fails_with(
            args,
            &format!("is not allowed: use a probability above the level {level} and below 1"),
        );
    }
}

#[test]
fn a_negative_level_is_named_as_a_level() {
    fails_with(
        &["scaling", "--bits", "15", "--alpha", "-0.5"],
        "--alpha -0.5 is not allowed: use a level strictly between 0 and 1",
    );
    fails_with(
        &["power", "-a", "naive-swap", "-d", "5", "--power", "-1"],
        "--power -1 is not allowed",
    );
}

#[cfg(unix)]
#[test]
fn a_loop_of_links_is_called_a_loop() {
    let tmp = tempfile::tempdir().unwrap();
    std::os::unix::fs::symlink(tmp.path().join("b"), tmp.path().join("a")).unwrap();
    std::os::unix::fs::symlink(tmp.path().join("a"), tmp.path().join("b")).unwrap();
    let a = tmp.path().join("a");
    fails_with_input(
        &["audit", "-", "--out", a.to_str().unwrap()],
        b"",
        "Too many levels of symbolic links",
    );
    fails_with(
        &["audit", a.to_str().unwrap()],
        "Too many levels of symbolic links",
    );
}

#[test]
fn a_system_error_is_said_once() {
    let tmp = tempfile::tempdir().unwrap();
    let table = tmp.path().join("no/such/folder/t.csv");
    let out = cmd()
        .args(["exact", "-a", "naive-swap", "-d", "3", "--table"])
        .arg(&table)
        .output()
        .unwrap();
    let err = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(2), "{err}");
    assert_eq!(err.matches("No such file or directory").count(), 1, "{err}");
}

#[test]
fn follow_says_which_lines_it_skipped() {
    let mut input = b"0 1 2 3\n\n0 1 1 3\n".to_vec();
    for _ in 0..50 {
        input.extend_from_slice(b"3 1 0 2\n0 2 3 1\n");
    }
    let out = cmd()
        .args([
            "audit",
            "-",
            "--follow",
            "--skip-invalid",
            "--monitor",
            "test",
        ])
        .write_stdin(input)
        .output()
        .unwrap();
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(
        text.contains("skipped 1 empty-line line(s); the first, line 2")
            && text.contains(
                "skipped 1 duplicate-card line(s); the first, line 3: card 1 appears twice"
            ),
        "{text}"
    );
}

#[test]
fn a_partial_run_never_replaces_the_full_report_unasked() {
    // Without --out, only the standard suite writes reports/: a quick or
    // partial run is refused before any work, saying how to write it.
    let tmp = tempfile::tempdir().unwrap();
    for args in [
        &["--quick"][..],
        &["--algorithms", "naive-swap", "--seed", "1"],
        &["suite", "--decks", "3", "--large-decks", "none"],
        &["--seed", "2"],
    ] {
        let out = cmd().args(args).current_dir(tmp.path()).output().unwrap();
        let err = String::from_utf8_lossy(&out.stderr);
        assert_eq!(out.status.code(), Some(2), "{args:?}: {err}");
        assert_eq!(err.lines().count(), 1, "{err}");
        assert!(
            err.contains("makes this run other than the standard suite")
                && err.contains("--out reports to replace the full report"),
            "{err}"
        );
        assert!(!tmp.path().join("reports").exists(), "{args:?}");
    }
    // With --out it runs.
    cmd()
        .args([
            "--quick",
            "--algorithms",
            "fisher-yates",
            "--large-decks",
            "none",
            "--out",
            "q",
        ])
        .current_dir(tmp.path())
        .assert()
        .success();
    assert!(tmp.path().join("q/report.json").is_file());
}

#[test]
fn a_heatmap_depends_only_on_the_counts_it_shows() {
    // The README's promise: the naive swap's heatmap from a run of it and
    // the fair control is the full run's, byte for byte, whatever else
    // the full run holds.
    let tmp = tempfile::tempdir().unwrap();
    let run = |algorithms: &str, out: &str| {
        cmd()
            .args(common::TINY_SUITE)
            .args(["--algorithms", algorithms, "--out", out])
            .current_dir(tmp.path())
            .assert()
            .success();
        std::fs::read(
            tmp.path()
                .join(out)
                .join("figures/naive-swap/positions-n3.png"),
        )
        .unwrap()
    };
    let two = run("naive-swap,fisher-yates", "two");
    let more = run(
        "blog-fisher-yates,naive-swap,fisher-yates,coin-merge-sort",
        "more",
    );
    assert!(
        two == more,
        "the heatmap changed with the algorithms beside it"
    );
}
