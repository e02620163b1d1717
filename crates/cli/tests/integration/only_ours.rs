//! The tool touches only what it made: a planted link or a file of someone
//! else's at any name it uses beside or inside `--out` (or beside a
//! `--table`) is refused with one line naming it and left byte for byte;
//! a folder holding one kind of document is never replaced by the other;
//! what an interrupted run of its own left is cleaned up by the next; a
//! file-size limit and a closed standard output are errors, not silence.

use std::os::unix::fs::symlink;
use std::path::Path;
use std::process::{Command, Output, Stdio};
use std::time::{Duration, Instant};

use crate::common::bin;

fn run(args: &[&str], dir: &Path) -> Output {
    Command::new(bin())
        .args(args)
        .current_dir(dir)
        .stdin(Stdio::null())
        .output()
        .unwrap()
}

/// Exit 2, one line on standard error containing every one of `texts`,
/// nothing on standard output.
fn refused(o: &Output, texts: &[&str]) {
    let err = String::from_utf8_lossy(&o.stderr);
    assert_eq!(o.status.code(), Some(2), "{err}");
    assert_eq!(err.lines().count(), 1, "{err}");
    for t in texts {
        assert!(err.contains(t), "{err:?} lacks {t:?}");
    }
    assert!(o.stdout.is_empty());
}

/// Decks for `audit`: 2,000 fair ones of 4 cards.
fn decks(dir: &Path) -> String {
    let o = run(
        &["deal", "-a", "fisher-yates", "-d", "4", "-n", "2000"],
        dir,
    );
    assert!(o.status.success());
    std::fs::write(dir.join("d.txt"), o.stdout).unwrap();
    "d.txt".into()
}

/// A tiny suite run into `rep`.
fn suite(out: &str) -> Vec<&str> {
    let mut args = vec!["suite"];
    args.extend(crate::common::TINY_SUITE);
    args.extend(["--algorithms", "fisher-yates", "--out", out]);
    args
}

#[test]
fn a_planted_link_at_any_name_beside_or_inside_the_folder_is_refused_and_left_alone() {
    let names = [
        ".rep.shuffle-audit.lock",
        ".rep.shuffle-audit-7.new",
        ".rep.shuffle-audit-4294967295.old",
        "rep/.shuffle-audit-manifest.json",
    ];
    for name in names {
        for command in ["audit", "suite"] {
            let tmp = tempfile::tempdir().unwrap();
            let dir = tmp.path();
            let input = decks(dir);
            let args = if command == "audit" {
                vec!["audit", input.as_str(), "--out", "rep"]
            } else {
                suite("rep")
            };
            std::fs::write(dir.join("v"), "the user's data\n").unwrap();
            std::fs::create_dir_all(dir.join("rep")).unwrap();
            symlink(dir.join("v"), dir.join(name)).unwrap();
            let o = run(&args, dir);
            refused(&o, &[name.rsplit('/').next().unwrap()]);
            assert_eq!(
                std::fs::read_to_string(dir.join("v")).unwrap(),
                "the user's data\n",
                "{command}, {name}"
            );
            assert!(
                std::fs::symlink_metadata(dir.join(name))
                    .unwrap()
                    .is_symlink(),
                "{command}, {name}: the link is gone"
            );
            // Nothing else was made beside the folder.
            let mut beside: Vec<_> = std::fs::read_dir(dir)
                .unwrap()
                .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
                .collect();
            beside.sort();
            let mut expected = vec!["d.txt".to_string(), "rep".into(), "v".into()];
            if !name.starts_with("rep/") {
                expected.push(name.to_string());
            }
            expected.sort();
            assert_eq!(beside, expected, "{command}, {name}");
        }
    }
}

#[test]
fn a_report_and_a_certificate_never_replace_each_other() {
    let tmp = tempfile::tempdir().unwrap();
    let dir = tmp.path();
    let input = decks(dir);
    let o = run(&suite("rep"), dir);
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    let files = std::fs::read_dir(dir.join("rep")).unwrap().count();
    let o = run(&["audit", &input, "--out", "rep"], dir);
    refused(
        &o,
        &[
            "rep holds a suite report of shuffle-audit and this run writes an audit certificate",
            "nothing was changed",
        ],
    );
    assert_eq!(std::fs::read_dir(dir.join("rep")).unwrap().count(), files);
    let o = run(&["audit", &input, "--out", "cert"], dir);
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    let certificate = std::fs::read(dir.join("cert/certificate.json")).unwrap();
    refused(
        &run(&suite("cert"), dir),
        &["cert holds an audit certificate of shuffle-audit and this run writes a suite report"],
    );
    assert_eq!(
        std::fs::read(dir.join("cert/certificate.json")).unwrap(),
        certificate
    );
    // Each kind still replaces its own.
    let o = run(&["audit", &input, "--out", "cert"], dir);
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
}

/// Files beside `t.csv` in `dir`, other than the decks.
fn beside_table(dir: &Path) -> Vec<String> {
    let mut names: Vec<_> = std::fs::read_dir(dir)
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .filter(|n| n.contains("t.csv"))
        .collect();
    names.sort();
    names
}

#[test]
fn a_killed_table_write_is_cleaned_up_by_the_next_run() {
    let tmp = tempfile::tempdir().unwrap();
    let dir = tmp.path();
    // Killed (SIGKILL: no clean-up) while it writes: its temporary file
    // stays, and no table.
    let mut child = Command::new(bin())
        .args(["exact", "-a", "naive-swap", "-d", "10", "--table", "t.csv"])
        .current_dir(dir)
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .spawn()
        .unwrap();
    let tmp_name = format!(".t.csv.shuffle-audit-{}.tmp", child.id());
    let start = Instant::now();
    while std::fs::metadata(dir.join(&tmp_name)).map_or(0, |m| m.len()) == 0 {
        assert!(
            start.elapsed() < Duration::from_secs(120),
            "no table written"
        );
        assert!(
            child.try_wait().unwrap().is_none(),
            "ended before it was killed"
        );
        std::thread::sleep(Duration::from_millis(5));
    }
    child.kill().unwrap();
    child.wait().unwrap();
    assert_eq!(beside_table(dir), [tmp_name]);
    // A planted link at such a name is refused and kept, and so is the
    // user's file behind it; the killed run's file is not touched then.
    std::fs::write(dir.join("v"), "mine\n").unwrap();
    symlink(dir.join("v"), dir.join(".t.csv.shuffle-audit-5.tmp")).unwrap();
    let o = run(
        &["exact", "-a", "naive-swap", "-d", "3", "--table", "t.csv"],
        dir,
    );
    refused(&o, &[".t.csv.shuffle-audit-5.tmp is a symbolic link"]);
    assert_eq!(std::fs::read_to_string(dir.join("v")).unwrap(), "mine\n");
    std::fs::remove_file(dir.join(".t.csv.shuffle-audit-5.tmp")).unwrap();
    // The next run removes what the killed one left, and writes the table.
    let o = run(
        &["exact", "-a", "naive-swap", "-d", "3", "--table", "t.csv"],
        dir,
    );
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    assert_eq!(beside_table(dir), ["t.csv"]);
    assert_eq!(
        std::fs::read_to_string(dir.join("t.csv"))
            .unwrap()
            .lines()
            .count(),
        7
    );
}

#[test]
fn a_file_size_limit_is_an_error_and_leaves_nothing() {
    let tmp = tempfile::tempdir().unwrap();
    let o = Command::new("bash")
        .arg("-c")
        .arg("ulimit -f 100; exec \"$0\" exact -a naive-swap -d 8 --table t.csv")
        .arg(bin())
        .current_dir(tmp.path())
        .output()
        .unwrap();
    refused(&o, &["t.csv", "file-size limit"]);
    assert!(beside_table(tmp.path()).is_empty());
}

#[test]
fn a_table_in_a_missing_folder_is_refused_before_any_work() {
    let tmp = tempfile::tempdir().unwrap();
    let start = Instant::now();
    // 11 cards take seconds to compute; the refusal comes first.
    let o = run(
        &[
            "exact",
            "-a",
            "naive-swap",
            "-d",
            "11",
            "--table",
            "nodir/x.csv",
        ],
        tmp.path(),
    );
    refused(&o, &["nodir/x.csv", "No such file or directory"]);
    assert!(
        start.elapsed() < Duration::from_secs(3),
        "{:?}",
        start.elapsed()
    );
}

#[test]
fn a_closed_standard_output_is_an_error_not_a_pass() {
    let tmp = tempfile::tempdir().unwrap();
    let input = decks(tmp.path());
    let closed = |args: &str| in_shell(&format!("{args} >&-"), tmp.path());
    for args in [
        format!("audit {input}"),
        format!("audit {input} --json"),
        format!("audit {input} --follow --deck 4 --base 0"),
        suite("rep").join(" "),
    ] {
        refused(&closed(&args), &["standard output is closed"]);
    }
    // Nothing was written by the suite.
    assert!(!tmp.path().join("rep").exists());
    // /dev/null is a place to write to.
    assert_eq!(
        in_shell(&format!("audit {input} >/dev/null"), tmp.path())
            .status
            .code(),
        Some(0)
    );
}

/// `shuffle-audit ARGS REDIRECTIONS`, `line`, run by bash in `dir`.
fn in_shell(line: &str, dir: &Path) -> Output {
    Command::new("bash")
        .arg("-c")
        .arg(format!("exec \"$0\" {line}"))
        .arg(bin())
        .current_dir(dir)
        .output()
        .unwrap()
}

/// Fair and biased decks: `(file, the verdict's exit code)`.
fn fair_and_biased(dir: &Path) -> [(String, i32); 2] {
    let o = run(&["deal", "-a", "naive-swap", "-d", "4", "-n", "20000"], dir);
    assert!(o.status.success());
    std::fs::write(dir.join("biased.txt"), o.stdout).unwrap();
    [(decks(dir), 0), ("biased.txt".into(), 1)]
}

#[test]
fn standard_output_on_dev_null_for_reading_and_writing_gets_the_verdict() {
    // The shell's `1<>/dev/null` opens it for reading and writing, as
    // Rust's runtime does for a closed descriptor: the two are told apart.
    let tmp = tempfile::tempdir().unwrap();
    for (input, code) in fair_and_biased(tmp.path()) {
        for redirect in ["1<>/dev/null", ">/dev/null"] {
            let o = in_shell(&format!("audit {input} {redirect}"), tmp.path());
            assert_eq!(o.status.code(), Some(code), "{input} {redirect}: {o:?}");
            assert_eq!(o.stderr, b"", "{input} {redirect}");
        }
    }
}

#[test]
#[ignore = "needs python3; .ci/run runs it"]
fn a_python_caller_discarding_the_report_gets_the_verdict() {
    let tmp = tempfile::tempdir().unwrap();
    for (input, code) in fair_and_biased(tmp.path()) {
        // subprocess.DEVNULL is os.open(os.devnull, os.O_RDWR).
        let o = Command::new("python3")
            .arg("-c")
            .arg(
                "import subprocess, sys\n\
                 r = subprocess.run(sys.argv[1:], stdout=subprocess.DEVNULL)\n\
                 sys.exit(r.returncode)",
            )
            .args([bin().to_str().unwrap(), "audit", &input])
            .current_dir(tmp.path())
            .output()
            .expect("python3 runs");
        assert_eq!(o.status.code(), Some(code), "{input}: {o:?}");
        assert_eq!(o.stderr, b"", "{input}");
    }
}
