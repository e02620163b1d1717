//! The promises of the guide's "How reports are written" and "Exit codes
//! and standard output", tried as a user would break them: folders that are
//! not ours, runs killed at every step of the swap and at random instants,
//! two runs at once, full and vanished disks, closed pipes, tiny budgets,
//! odd input.

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

use crate::common::{
    TINY_SUITE, cmd, fails_with, fails_with_input, json, json_with_input, report_json,
};

fn bin() -> PathBuf {
    assert_cmd::cargo::cargo_bin!("shuffle-audit").to_path_buf()
}

/// A tiny suite run (a fraction of a second): Fisher–Yates on 3 cards,
/// `seed` told apart in report.json.
fn tiny(out: &Path, seed: u64) -> Command {
    suite(
        out,
        seed,
        &["--decks", "3", "--exact-up-to", "3", "--shuffles", "2000"],
        "fisher-yates",
    )
}

/// A suite run into `out` with `seed`, the deck and budget flags `args`,
/// and `algorithms`; no large decks.
fn suite(out: &Path, seed: u64, args: &[&str], algorithms: &str) -> Command {
    let mut c = Command::new(bin());
    c.args(args)
        .args(["--large-decks", "none", "--algorithms", algorithms])
        .args(["--seed", &seed.to_string(), "--out"])
        .arg(out)
        .stdout(Stdio::null())
        .stderr(Stdio::piped());
    c
}

fn run_ok(mut c: Command) {
    let out = c.output().unwrap();
    assert!(
        out.status.success(),
        "{:?}: {}",
        out.status,
        String::from_utf8_lossy(&out.stderr)
    );
}

/// Every file, link and folder under `dir`, with its bytes (a link's
/// target, `<dir>` for a folder), skipping the report's own entries when
/// `only_foreign`.
fn snapshot(dir: &Path, only_foreign: bool) -> BTreeMap<String, Vec<u8>> {
    let ours: Vec<String> = if only_foreign {
        manifest(dir).unwrap_or_default()
    } else {
        Vec::new()
    };
    let mut out = BTreeMap::new();
    fn walk(
        dir: &Path,
        rel: &str,
        ours: &[String],
        only_foreign: bool,
        out: &mut BTreeMap<String, Vec<u8>>,
    ) {
        for e in std::fs::read_dir(dir).unwrap() {
            let e = e.unwrap();
            let name = e.file_name().to_string_lossy().into_owned();
            let path = if rel.is_empty() {
                name
            } else {
                format!("{rel}/{name}")
            };
            if only_foreign && (ours.contains(&path) || path == ".shuffle-audit-manifest.json") {
                continue;
            }
            let kind = e.file_type().unwrap();
            if kind.is_symlink() {
                let t = std::fs::read_link(e.path()).unwrap();
                out.insert(path, format!("-> {}", t.display()).into_bytes());
            } else if kind.is_dir() {
                walk(&e.path(), &path, ours, only_foreign, out);
                if !only_foreign || !ours.iter().any(|f| f.starts_with(&format!("{path}/"))) {
                    out.insert(path, b"<dir>".to_vec());
                }
            } else {
                out.insert(path, std::fs::read(e.path()).unwrap());
            }
        }
    }
    walk(dir, "", &ours, only_foreign, &mut out);
    out
}

fn manifest(dir: &Path) -> Option<Vec<String>> {
    let text = std::fs::read_to_string(dir.join(".shuffle-audit-manifest.json")).ok()?;
    let v: serde_json::Value = serde_json::from_str(&text).unwrap();
    Some(
        v["files"]
            .as_array()
            .unwrap()
            .iter()
            .map(|f| f.as_str().unwrap().to_string())
            .collect(),
    )
}

/// The report at `out` is complete (its manifest's every file is there and
/// report.json parses): returns its seed.
fn complete_report_seed(out: &Path) -> u64 {
    let files = manifest(out).unwrap_or_else(|| panic!("no manifest in {}", out.display()));
    assert!(files.contains(&"report.json".to_string()), "{files:?}");
    for f in &files {
        assert!(out.join(f).is_file(), "{f} of the manifest is missing");
    }
    report_json(out)["settings"]["seed"].as_u64().unwrap()
}

/// Files and folders a user keeps in a report folder: at the top, inside
/// the report's own folders, binary, a link.
fn add_foreign_files(out: &Path) {
    let w = |rel: &str, bytes: &[u8]| {
        let p = out.join(rel);
        std::fs::create_dir_all(p.parent().unwrap()).unwrap();
        std::fs::write(p, bytes).unwrap();
    };
    w("calibration.md", b"kept\n");
    w("src/main.rs", b"fn main() {}\n");
    w(".git/HEAD", b"ref: refs/heads/main\n");
    w(".git/objects/ab/cdef", &[0u8, 159, 146, 150, 255]);
    w(
        "mynotes/lecture 1.txt",
        "naïve swap: n^n paths\n".as_bytes(),
    );
    w("figures/fisher-yates/my-annotations.txt", b"mine\n");
    std::os::unix::fs::symlink("src", out.join("code")).unwrap();
}

fn names_beside(out: &Path) -> Vec<String> {
    let mut v: Vec<String> = std::fs::read_dir(out.parent().unwrap())
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .collect();
    v.sort();
    v
}

#[test]
fn files_that_are_not_ours_survive_byte_for_byte() {
    let dir = tempfile::tempdir().unwrap();
    let out = dir.path().join("r");
    // The lesson's naive swap and Fisher–Yates: the report has a headline
    // figure.
    run_ok(suite(
        &out,
        1,
        &["--decks", "3", "--exact-up-to", "3", "--shuffles", "2000"],
        "alt-naive-shuffle,fisher-yates",
    ));
    assert!(out.join("headline.png").is_file());
    add_foreign_files(&out);
    let foreign = snapshot(&out, true);
    assert_eq!(
        foreign.len(),
        12,
        "{:?}",
        foreign.keys().collect::<Vec<_>>()
    );
    // Fisher–Yates alone: no headline, no naive swap.
    run_ok(tiny(&out, 2));
    assert_eq!(snapshot(&out, true), foreign);
    assert!(
        !out.join("headline.png").exists(),
        "a stale headline.png stayed"
    );
    assert!(!out.join("figures/naive-swap").exists());
    assert_eq!(complete_report_seed(&out), 2);
    assert_eq!(names_beside(&out), ["r"], "leftovers beside the report");
}

#[test]
fn a_folder_that_is_not_ours_is_refused_before_any_work() {
    let dir = tempfile::tempdir().unwrap();
    let out = dir.path().join("r");
    std::fs::create_dir(&out).unwrap();
    // A report folder of an older version: report.json, no manifest.
    std::fs::write(out.join("report.json"), "{}").unwrap();
    add_foreign_files(&out);
    let before = snapshot(&out, false);
    let started = Instant::now();
    // 10^11 shuffles: the refusal must come before any of them.
    cmd()
        .args(["--shuffles", "100000000000", "--algorithms", "naive-swap"])
        .arg("--out")
        .arg(&out)
        .timeout(Duration::from_secs(60))
        .assert()
        .code(2)
        .stdout("")
        .stderr(predicates::str::contains(format!(
            "{} is not a report folder of shuffle-audit (it is not empty and has no .shuffle-audit-manifest.json): choose a new or empty folder",
            out.display()
        )));
    assert!(started.elapsed() < Duration::from_secs(30));
    assert_eq!(snapshot(&out, false), before);
    assert_eq!(names_beside(&out), ["r"]);
}

/// A run killed at every step of committing (SIGKILL from the hook, one
/// step later each time) leaves a complete report, old then new; the next
/// run puts every foreign file back and leaves nothing beside the folder.
#[test]
fn killed_at_every_step_of_the_swap_one_complete_report_remains() {
    let dir = tempfile::tempdir().unwrap();
    let out = dir.path().join("r");
    run_ok(tiny(&out, 1));
    add_foreign_files(&out);
    let foreign = snapshot(&out, true);
    let (mut old, mut new) = (0, 0);
    for step in 1.. {
        assert!(step < 200, "the run never finished");
        // Seed 1 and 2 alternate as old and new after each recovery.
        let before = complete_report_seed(&out);
        let next = 3 - before;
        let mut c = tiny(&out, next);
        c.env("SHUFFLE_AUDIT_KILL_AT_STEP", step.to_string());
        let status = c.status().unwrap();
        if status.success() {
            assert_eq!(complete_report_seed(&out), next);
            assert_eq!(snapshot(&out, true), foreign);
            break;
        }
        assert_eq!(
            std::os::unix::process::ExitStatusExt::signal(&status),
            Some(9),
            "step {step}: {status:?}"
        );
        match complete_report_seed(&out) {
            s if s == before => old += 1,
            s if s == next => new += 1,
            s => panic!("step {step}: seed {s}"),
        }
        // The next run recovers first: all foreign files back, nothing left.
        let recovering = complete_report_seed(&out);
        run_ok(tiny(&out, 3 - recovering));
        assert_eq!(snapshot(&out, true), foreign, "after step {step}");
        assert_eq!(names_beside(&out), ["r"], "after step {step}");
    }
    // Killed both before the exchange (old report) and after (new one).
    assert!(old >= 7 && new >= 5, "old {old}, new {new}");
}

/// SIGINT, SIGTERM and SIGKILL at instants spread over whole runs.
#[test]
fn signals_at_any_instant_leave_one_complete_report() {
    let dir = tempfile::tempdir().unwrap();
    let out = dir.path().join("r");
    let longer = |seed: u64| {
        suite(
            &out,
            seed,
            &[
                "--decks",
                "3-5",
                "--exact-up-to",
                "5",
                "--shuffles",
                "20000",
            ],
            "fisher-yates",
        )
    };
    let started = Instant::now();
    run_ok(longer(1));
    let whole = started.elapsed();
    add_foreign_files(&out);
    let foreign = snapshot(&out, true);
    let signals = ["INT", "TERM", "KILL"];
    for i in 0..15u32 {
        let seed = complete_report_seed(&out);
        let mut child = longer(seed + 1).spawn().unwrap();
        std::thread::sleep(whole.mul_f64(f64::from(i) / 12.0));
        let _ = Command::new("kill")
            .args([
                &format!("-{}", signals[i as usize % 3]),
                &child.id().to_string(),
            ])
            .status();
        let _ = child.wait().unwrap();
        let now = complete_report_seed(&out);
        assert!(now == seed || now == seed + 1, "instant {i}: seed {now}");
        run_ok(longer(now + 1));
        assert_eq!(snapshot(&out, true), foreign, "instant {i}");
        assert_eq!(names_beside(&out), ["r"], "instant {i}");
    }
}

/// A child process killed when the value goes, a failed assertion included.
struct KillOnDrop(std::process::Child);

impl Drop for KillOnDrop {
    fn drop(&mut self) {
        let _ = self.0.kill();
        let _ = self.0.wait();
    }
}

/// A run into `out` that would take hours (10^11 shuffles of 8 cards),
/// once it holds the folder's lock. Its SIGINT is the default (it ends the
/// process), even when the tests run in a background job, whose children
/// inherit SIGINT ignored.
#[allow(unsafe_code)] // `pre_exec`, to restore SIGINT in the child
fn endless_run(out: &Path) -> KillOnDrop {
    let mut command = Command::new(bin());
    // SAFETY: `signal` is async-signal-safe, as `pre_exec` requires.
    unsafe {
        std::os::unix::process::CommandExt::pre_exec(&mut command, || {
            libc::signal(libc::SIGINT, libc::SIG_DFL);
            Ok(())
        });
    }
    let run = KillOnDrop(
        command
            .args([
                "--decks",
                "8",
                "--large-decks",
                "none",
                "--shuffles",
                "100000000000",
            ])
            .args(["--algorithms", "naive-swap", "--out"])
            .arg(out)
            .stdout(Stdio::null())
            .stderr(Stdio::null())
            .spawn()
            .unwrap(),
    );
    let name = out.file_name().unwrap().to_string_lossy();
    let lock = out.with_file_name(format!(".{name}.shuffle-audit.lock"));
    let waited = Instant::now();
    while std::fs::read_to_string(&lock).map_or(true, |t| t.trim() != run.0.id().to_string()) {
        assert!(waited.elapsed() < Duration::from_secs(60), "no lock taken");
        std::thread::sleep(Duration::from_millis(10));
    }
    run
}

/// Ctrl-C in the middle of the computation leaves the previous report
/// byte for byte; the next run clears what the interrupted one left.
#[test]
fn ctrl_c_while_computing_leaves_the_previous_report() {
    let dir = tempfile::tempdir().unwrap();
    let out = dir.path().join("r");
    run_ok(tiny(&out, 1));
    add_foreign_files(&out);
    let before = snapshot(&out, false);
    let mut run = endless_run(&out);
    let staging = dir
        .path()
        .join(format!(".r.shuffle-audit-{}.new", run.0.id()));
    // The lock is taken first, the staging folder made just after it.
    let waited = Instant::now();
    while !staging.is_dir() {
        assert!(
            waited.elapsed() < Duration::from_secs(60),
            "no staging folder beside the lock"
        );
        std::thread::sleep(Duration::from_millis(10));
    }
    std::thread::sleep(Duration::from_millis(200));
    let killed = Command::new("kill")
        .args(["-INT", &run.0.id().to_string()])
        .status()
        .unwrap();
    assert!(killed.success());
    let interrupted = Instant::now();
    let status = loop {
        if let Some(status) = run.0.try_wait().unwrap() {
            break status;
        }
        assert!(
            interrupted.elapsed() < Duration::from_secs(60),
            "the run went on for a minute after SIGINT"
        );
        std::thread::sleep(Duration::from_millis(10));
    };
    assert!(!status.success(), "the run was not interrupted");
    assert_eq!(snapshot(&out, false), before);
    run_ok(tiny(&out, 2));
    assert_eq!(names_beside(&out), ["r"]);
}

#[test]
fn a_second_run_into_a_busy_folder_stops_at_once_naming_the_first() {
    let dir = tempfile::tempdir().unwrap();
    let out = dir.path().join("r");
    run_ok(tiny(&out, 1));
    let before = snapshot(&out, false);
    let mut first = endless_run(&out);
    // By another spelling of the same folder.
    let other = dir.path().join(".").join("r").join("..").join("r");
    cmd()
        .arg("--out")
        .arg(&other)
        .args(["--algorithms", "fisher-yates", "--quick"])
        .timeout(Duration::from_secs(60))
        .assert()
        .code(2)
        .stderr(predicates::str::contains(format!(
            "is in use by process {} (another shuffle-audit run)",
            first.0.id()
        )));
    first.0.kill().unwrap();
    first.0.wait().unwrap();
    assert_eq!(snapshot(&out, false), before);
    run_ok(tiny(&out, 2));
    assert_eq!(names_beside(&out), ["r"]);
}

#[test]
fn concurrent_runs_never_clash() {
    let dir = tempfile::tempdir().unwrap();
    let out = dir.path().join("r");
    for trial in 0..6 {
        let a = tiny(&out, 1).spawn().unwrap();
        let b = tiny(&out, 2).spawn().unwrap();
        let mut succeeded = 0;
        for child in [a, b] {
            let o = child.wait_with_output().unwrap();
            let err = String::from_utf8_lossy(&o.stderr);
            if o.status.success() {
                succeeded += 1;
            } else {
                assert_eq!(o.status.code(), Some(2), "trial {trial}: {err}");
                assert!(err.contains("is in use by process"), "trial {trial}: {err}");
                assert_eq!(err.lines().count(), 1, "{err}");
            }
        }
        assert!(succeeded >= 1, "trial {trial}");
        complete_report_seed(&out);
        assert_eq!(names_beside(&out), ["r"], "trial {trial}");
    }
}

/// A write that fails (the file-size limit stands in for a full disk, as
/// it fails writes the same way; the staging folder removed mid-run for a
/// vanished disk) keeps the old report as it was and leaves nothing.
#[test]
fn a_full_or_vanished_disk_keeps_the_old_report() {
    let dir = tempfile::tempdir().unwrap();
    let out = dir.path().join("r");
    run_ok(tiny(&out, 1));
    add_foreign_files(&out);
    let before = snapshot(&out, false);
    // Files over 40 KiB cannot be written (SIGXFSZ ignored, so the write
    // fails with EFBIG instead of killing the process).
    let full = Command::new("sh")
        .arg("-c")
        .arg("ulimit -f 80; trap '' XFSZ; exec \"$0\" \"$@\"")
        .arg(bin())
        .args([
            "--decks",
            "3-6",
            "--exact-up-to",
            "4",
            "--large-decks",
            "none",
        ])
        .args([
            "--shuffles",
            "2000",
            "--algorithms",
            "fisher-yates,naive-swap",
            "--out",
        ])
        .arg(&out)
        .output()
        .unwrap();
    let err = String::from_utf8_lossy(&full.stderr);
    assert_eq!(full.status.code(), Some(2), "{err}");
    assert!(
        err.starts_with("error: ") && err.contains("File too large"),
        "{err}"
    );
    assert_eq!(err.lines().count(), 1, "{err}");
    assert_eq!(snapshot(&out, false), before);
    assert_eq!(names_beside(&out), ["r"]);

    // The disk under the hidden folder vanishes while the run computes:
    // its path now leads nowhere a folder can be made.
    let child = Command::new(bin())
        .args([
            "--decks",
            "3-7",
            "--large-decks",
            "none",
            "--shuffles",
            "3000000",
        ])
        .args(["--algorithms", "fisher-yates", "--out"])
        .arg(&out)
        .stdout(Stdio::null())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let id = child.id();
    let staging = dir.path().join(format!(".r.shuffle-audit-{id}.new"));
    let waited = Instant::now();
    while !staging.exists() {
        assert!(waited.elapsed() < Duration::from_secs(60), "never started");
        std::thread::sleep(Duration::from_millis(5));
    }
    std::fs::remove_dir_all(&staging).unwrap();
    std::fs::write(&staging, "not a folder").unwrap();
    let o = child.wait_with_output().unwrap();
    let err = String::from_utf8_lossy(&o.stderr);
    assert_eq!(o.status.code(), Some(2), "{err}");
    assert!(err.contains(&format!(".r.shuffle-audit-{id}.new")), "{err}");
    assert_eq!(err.lines().count(), 1, "{err}");
    assert_eq!(snapshot(&out, false), before);
    std::fs::remove_file(&staging).unwrap(); // the test's own stand-in
    assert_eq!(names_beside(&out), ["r"]);
}

#[test]
fn odd_folders_are_decided_before_any_work() {
    let dir = tempfile::tempdir().unwrap();
    let out = dir.path().join("r");
    run_ok(tiny(&out, 1));
    // `--out .` from inside the report: refused, with 10^11 shuffles asked.
    cmd()
        .current_dir(&out)
        .args([
            "--out",
            ".",
            "--shuffles",
            "100000000000",
            "--algorithms",
            "naive-swap",
        ])
        .timeout(Duration::from_secs(60))
        .assert()
        .code(2)
        .stderr(predicates::str::contains(
            ". holds the current folder, and a report replaces its folder as a whole",
        ));
    cmd()
        .current_dir(out.join("figures"))
        .args(["--out", "..", "--algorithms", "naive-swap"])
        .timeout(Duration::from_secs(60))
        .assert()
        .code(2)
        .stderr(predicates::str::contains("holds the current folder"));
    // A symbolic link to a folder is followed and stays a link.
    let real = dir.path().join("real");
    let link = dir.path().join("link");
    std::fs::create_dir(&real).unwrap();
    std::os::unix::fs::symlink(&real, &link).unwrap();
    run_ok(tiny(&link, 1));
    run_ok(tiny(&link, 2));
    assert!(
        std::fs::symlink_metadata(&link)
            .unwrap()
            .file_type()
            .is_symlink()
    );
    assert_eq!(complete_report_seed(&real), 2);
    // A link to nothing is refused, and nothing is created.
    let dangling = dir.path().join("dangling");
    std::os::unix::fs::symlink(dir.path().join("nowhere"), &dangling).unwrap();
    fails_with(
        &["--out", dangling.to_str().unwrap(), "--quick"],
        "which does not exist: create that folder or choose another",
    );
    assert!(!dir.path().join("nowhere").exists());
}

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
