//! The promises of the guide's "How reports are written", tried as a user
//! would break them: folders that are not ours, runs killed at every step
//! of the swap and at random instants, two runs at once, full and vanished
//! disks (its "Exit codes and standard output" are `exit_codes`).

use std::collections::BTreeMap;
use std::path::Path;
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

use crate::common::{bin, cmd, fails_with, report_json};

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
pub(crate) fn complete_report_seed(out: &Path) -> u64 {
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
    // The lesson's altNaiveShuffle and Fisher–Yates: the report has a headline
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
    // Fisher–Yates alone: no headline, no altNaiveShuffle.
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
