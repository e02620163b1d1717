//! The folder writer's promises, each by a run that breaks it.

use super::*;

fn write(path: &Path, text: &str) {
    fs::create_dir_all(path.parent().unwrap()).unwrap();
    fs::write(path, text).unwrap();
}

/// A run that writes `files` into `out` through the folder and commits.
fn run(out: &Path, files: &[(&str, &str)]) -> Result<Vec<String>, FolderError> {
    let folder = ReportFolder::open(out, Kind::Report)?;
    for (rel, text) in files {
        folder.write(rel, text.as_bytes())?;
    }
    folder.commit()
}

#[test]
fn the_writer_keeps_every_file_inside_the_folder() {
    let tmp = tempfile::tempdir().unwrap();
    let out = tmp.path().join("r");
    let folder = ReportFolder::open(&out, Kind::Report).unwrap();
    for bad in ["../x", "/etc/x", "a//b", "./a", "", MANIFEST] {
        let e = folder.write(bad, b"x").unwrap_err();
        assert!(
            matches!(e, FolderError::OutsideFolder { .. }),
            "{bad:?}: {e}"
        );
    }
    folder.write("a/b.txt", b"x").unwrap();
    folder.commit().unwrap();
    assert_eq!(tree(&out), [("a/b.txt".to_string(), "x".to_string())]);
    assert!(!tmp.path().join("x").exists());
}

fn tree(dir: &Path) -> Vec<(String, String)> {
    let mut out: Vec<_> = list_files(dir)
        .unwrap()
        .into_iter()
        .map(|f| {
            let text = fs::read_to_string(dir.join(&f)).unwrap();
            (f, text)
        })
        .collect();
    out.sort();
    out
}

#[test]
fn a_new_report_replaces_only_its_own_files() {
    let tmp = tempfile::tempdir().unwrap();
    let out = tmp.path().join("r");
    run(&out, &[("a.json", "1"), ("figures/x/old.png", "1")]).unwrap();
    let m = Manifest::read(&out).unwrap().unwrap();
    assert_eq!(m.files, ["a.json", "figures/x/old.png"]);
    // Things that are not ours, at every depth.
    write(&out.join("notes.txt"), "mine");
    write(&out.join(".git/HEAD"), "ref");
    write(&out.join("figures/x/mine.txt"), "also mine");
    write(&out.join("figures/mine/deep.txt"), "deep");
    run(&out, &[("a.json", "2"), ("b.md", "2")]).unwrap();
    assert_eq!(
        tree(&out),
        [
            (".git/HEAD", "ref"),
            ("a.json", "2"),
            ("b.md", "2"),
            ("figures/mine/deep.txt", "deep"),
            ("figures/x/mine.txt", "also mine"),
            ("notes.txt", "mine"),
        ]
        .map(|(a, b)| (a.to_string(), b.to_string()))
    );
    assert_eq!(
        Manifest::read(&out).unwrap().unwrap().files,
        ["a.json", "b.md"]
    );
    let names: Vec<_> = fs::read_dir(tmp.path())
        .unwrap()
        .map(|e| e.unwrap().file_name())
        .collect();
    assert_eq!(names, ["r"], "leftovers beside the report");
}

#[cfg(unix)]
#[test]
fn foreign_and_odd_folders_are_refused_before_any_work() {
    let tmp = tempfile::tempdir().unwrap();
    let out = tmp.path().join("r");
    write(&out.join("report.json"), "{}");
    let err = ReportFolder::open(&out, Kind::Report)
        .unwrap_err()
        .to_string();
    assert!(
        err.contains("is not a report folder") && err.contains("/r "),
        "{err}"
    );
    assert!(err.contains(MANIFEST), "{err}");
    // A manifest that lists a path outside the folder is not ours.
    write(
        &out.join(MANIFEST),
        r#"{"written_by":"shuffle-audit","version":"0","files":["../x"]}"#,
    );
    let err = ReportFolder::open(&out, Kind::Report)
        .unwrap_err()
        .to_string();
    assert!(err.contains("not a path inside it"), "{err}");
    let file = tmp.path().join("f");
    write(&file, "x");
    assert!(matches!(
        ReportFolder::open(&file, Kind::Report),
        Err(FolderError::NotAFolder { .. })
    ));
    let link = tmp.path().join("dangling");
    std::os::unix::fs::symlink(tmp.path().join("nowhere"), &link).unwrap();
    assert!(matches!(
        ReportFolder::open(&link, Kind::Report),
        Err(FolderError::DanglingLink { .. })
    ));
    // Nothing was created or changed by any of these.
    assert_eq!(tree(&out), [("report.json".to_string(), "{}".to_string())]);
    assert!(out.join(MANIFEST).is_file());
    assert!(!tmp.path().join("nowhere").exists());
}

#[test]
fn a_second_opener_is_refused_with_the_holders_pid() {
    let tmp = tempfile::tempdir().unwrap();
    let out = tmp.path().join("r");
    let first = ReportFolder::open(&out, Kind::Report).unwrap();
    let err = ReportFolder::open(&out, Kind::Report).unwrap_err();
    assert!(
        matches!(err, FolderError::InUse { pid: Some(p), .. } if p == std::process::id()),
        "{err}"
    );
    assert!(
        err.to_string()
            .contains(&format!("in use by process {}", std::process::id())),
        "{err}"
    );
    drop(first);
    // Released, and the lock file with it.
    assert!(!tmp.path().join(".r.shuffle-audit.lock").exists());
    ReportFolder::open(&out, Kind::Report)
        .unwrap()
        .commit()
        .unwrap();
    assert!(out.join(MANIFEST).is_file());
}

#[test]
fn a_failed_run_leaves_the_old_report_and_nothing_else() {
    let tmp = tempfile::tempdir().unwrap();
    let out = tmp.path().join("r");
    run(&out, &[("a.json", "1")]).unwrap();
    write(&out.join("notes.txt"), "mine");
    let before = tree(&out);
    {
        let folder = ReportFolder::open(&out, Kind::Report).unwrap();
        write(&folder.path().join("a.json"), "2");
        // Dropped without commit: a write failed.
    }
    assert_eq!(tree(&out), before);
    // A clash is found before anything moves.
    run(&out, &[("a.json", "2"), ("notes.txt", "theirs")])
        .map(|_| ())
        .unwrap_err();
    assert_eq!(tree(&out), before);
    let names: Vec<_> = fs::read_dir(tmp.path())
        .unwrap()
        .map(|e| e.unwrap().file_name())
        .collect();
    assert_eq!(names, ["r"]);
}

#[test]
fn recovery_finishes_what_a_killed_swap_left() {
    let tmp = tempfile::tempdir().unwrap();
    let out = tmp.path().join("r");
    run(&out, &[("a.json", "old")]).unwrap();
    // Killed after carrying a file that is not ours into the new report,
    // before the exchange.
    let new = tmp.path().join(".r.shuffle-audit-4294967295.new");
    write(&new.join("a.json"), "new");
    write(
        &new.join(MANIFEST),
        r#"{"written_by":"shuffle-audit","version":"0","files":["a.json"]}"#,
    );
    write(&new.join("notes/mine.txt"), "mine");
    // Killed between the renames of a swap without exchange: the folder
    // is missing and its report sits aside.
    let other = tmp.path().join("q");
    run(&other, &[("a.json", "q")]).unwrap();
    let aside = tmp.path().join(".q.shuffle-audit-4294967295.old");
    fs::rename(&other, &aside).unwrap();
    // A partial build without a manifest.
    write(
        &tmp.path().join(".r.shuffle-audit-7.new/figures/x.png"),
        "x",
    );
    run(&out, &[("a.json", "newest")]).unwrap();
    assert_eq!(
        tree(&out),
        [("a.json", "newest"), ("notes/mine.txt", "mine")]
            .map(|(a, b)| (a.to_string(), b.to_string()))
    );
    ReportFolder::open(&other, Kind::Report).unwrap();
    assert_eq!(tree(&other), [("a.json".to_string(), "q".to_string())]);
    let mut names: Vec<_> = fs::read_dir(tmp.path())
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .collect();
    names.sort();
    assert_eq!(names, ["q", "r"]);
}

#[cfg(unix)]
#[test]
fn a_symlinked_folder_keeps_its_link() {
    let tmp = tempfile::tempdir().unwrap();
    let real = tmp.path().join("real");
    let link = tmp.path().join("link");
    fs::create_dir(&real).unwrap();
    std::os::unix::fs::symlink(&real, &link).unwrap();
    run(&link, &[("a.json", "1")]).unwrap();
    run(&link, &[("a.json", "2")]).unwrap();
    assert!(
        fs::symlink_metadata(&link)
            .unwrap()
            .file_type()
            .is_symlink()
    );
    assert_eq!(fs::read_to_string(real.join("a.json")).unwrap(), "2");
}

#[test]
fn manifest_paths_must_stay_inside() {
    for good in ["a", "a/b.png", ".x/y"] {
        assert!(is_plain_relative(good), "{good}");
    }
    for bad in ["", "/a", "../a", "a/../b", "a//b", "./a", "a\\b", "a/"] {
        assert!(!is_plain_relative(bad), "{bad}");
    }
}

/// A file of the test's own, and what it holds.
#[cfg(unix)]
fn victim(dir: &Path) -> (PathBuf, &'static [u8]) {
    let path = dir.join("victim.txt");
    let bytes: &[u8] = b"the user's data\n";
    fs::write(&path, bytes).unwrap();
    (path, bytes)
}

#[cfg(unix)]
#[test]
fn a_planted_link_at_any_name_of_ours_is_refused_and_left_alone() {
    use std::os::unix::fs::symlink;
    let pid = std::process::id();
    // Beside the folder: the lock, this run's staging folder, and an
    // interrupted run's folders; inside it: the manifest.
    for name in [
        ".r.shuffle-audit.lock".to_string(),
        format!(".r.shuffle-audit-{pid}.new"),
        ".r.shuffle-audit-123.new".to_string(),
        ".r.shuffle-audit-123.old".to_string(),
        format!("r/{MANIFEST}"),
    ] {
        let tmp = tempfile::tempdir().unwrap();
        let (file, bytes) = victim(tmp.path());
        let out = tmp.path().join("r");
        fs::create_dir(&out).unwrap();
        let link = tmp.path().join(&name);
        symlink(&file, &link).unwrap();
        let err = ReportFolder::open(&out, Kind::Report).unwrap_err();
        let text = err.to_string();
        assert!(
            text.contains(&link.display().to_string()) || text.contains("is a symbolic link"),
            "{name}: {text}"
        );
        assert_eq!(fs::read(&file).unwrap(), bytes, "{name}");
        assert!(fs::symlink_metadata(&link).unwrap().is_symlink(), "{name}");
    }
}

#[cfg(unix)]
#[test]
fn a_planted_file_inside_the_staging_folder_is_never_written_through() {
    use std::os::unix::fs::symlink;
    let tmp = tempfile::tempdir().unwrap();
    let (file, bytes) = victim(tmp.path());
    let out = tmp.path().join("r");
    let folder = ReportFolder::open(&out, Kind::Report).unwrap();
    // The temporary name `write` uses for a.json, and the manifest's.
    let pid = std::process::id();
    symlink(&file, folder.path().join(format!(".a.json.tmp-{pid}"))).unwrap();
    let err = folder.write("a.json", b"x").unwrap_err();
    assert!(err.to_string().contains("File exists"), "{err}");
    fs::remove_file(folder.path().join(format!(".a.json.tmp-{pid}"))).unwrap();
    folder.write("a.json", b"x").unwrap();
    symlink(&file, folder.path().join(format!(".{MANIFEST}.tmp-{pid}"))).unwrap();
    folder.commit().unwrap_err();
    assert_eq!(fs::read(&file).unwrap(), bytes);
    assert!(!out.exists());
}

#[cfg(unix)]
#[test]
fn a_stale_lock_of_ours_is_taken_and_anything_else_is_refused() {
    let tmp = tempfile::tempdir().unwrap();
    let out = tmp.path().join("r");
    let lock = tmp.path().join(".r.shuffle-audit.lock");
    // What a run killed with SIGKILL leaves: its process id, unlocked.
    for stale in ["4294967295\n", ""] {
        fs::write(&lock, stale).unwrap();
        ReportFolder::open(&out, Kind::Report)
            .unwrap()
            .commit()
            .unwrap();
        assert!(!lock.exists());
    }
    // A file of the user's at that name is not a lock.
    fs::write(&lock, "my notes\n").unwrap();
    let err = ReportFolder::open(&out, Kind::Report).unwrap_err();
    assert!(matches!(err, FolderError::NotOurs { .. }), "{err}");
    assert_eq!(fs::read_to_string(&lock).unwrap(), "my notes\n");
    // A second name for a file of the user's is not a lock either.
    fs::remove_file(&lock).unwrap();
    let (file, bytes) = victim(tmp.path());
    fs::write(&file, "4242\n").unwrap();
    fs::hard_link(&file, &lock).unwrap();
    let err = ReportFolder::open(&out, Kind::Report).unwrap_err();
    assert!(err.to_string().contains("hard link"), "{err}");
    assert_eq!(fs::read(&file).unwrap(), b"4242\n");
    let _ = bytes;
}

#[test]
fn a_folder_of_the_other_kind_is_refused_before_any_work() {
    let tmp = tempfile::tempdir().unwrap();
    let out = tmp.path().join("r");
    run(&out, &[("report.json", "{}"), ("README.md", "#")]).unwrap();
    let before = tree(&out);
    let err = ReportFolder::open(&out, Kind::Certificate).unwrap_err();
    assert_eq!(
        err.to_string(),
        format!(
            "{} holds a suite report of shuffle-audit and this run writes an audit certificate of shuffle-audit, which would replace it: choose another folder (nothing was changed)",
            out.display()
        )
    );
    assert_eq!(tree(&out), before);
    let cert = tmp.path().join("c");
    let folder = ReportFolder::open(&cert, Kind::Certificate).unwrap();
    folder.write("certificate.md", b"x").unwrap();
    folder.commit().unwrap();
    assert!(matches!(
        ReportFolder::open(&cert, Kind::Report),
        Err(FolderError::OtherKind { .. })
    ));
    // A manifest written before the kind was recorded: a certificate's
    // files make it a certificate.
    write(
        &cert.join(MANIFEST),
        r#"{"written_by":"shuffle-audit","version":"0","files":["certificate.json","certificate.md"]}"#,
    );
    assert!(matches!(
        ReportFolder::open(&cert, Kind::Report),
        Err(FolderError::OtherKind { .. })
    ));
    ReportFolder::open(&cert, Kind::Certificate).unwrap();
}

#[test]
fn a_rerun_sees_the_files_the_last_run_wrote_and_nothing_else() {
    let tmp = tempfile::tempdir().unwrap();
    let out = tmp.path().join("r");
    // A new folder holds no report.
    assert!(
        ReportFolder::open(&out, Kind::Report)
            .unwrap()
            .previous()
            .unwrap()
            .is_empty()
    );
    run(
        &out,
        &[("a.json", "1"), ("figures/x/p.png", "2"), ("b.md", "3")],
    )
    .unwrap();
    write(&out.join("notes.txt"), "mine");
    #[cfg(unix)]
    {
        // A listed file replaced by a link: left out, as if changed.
        fs::remove_file(out.join("b.md")).unwrap();
        std::os::unix::fs::symlink(out.join("notes.txt"), out.join("b.md")).unwrap();
    }
    let folder = ReportFolder::open(&out, Kind::Report).unwrap();
    let mut seen = folder.previous().unwrap();
    seen.sort();
    let mut expected = vec![
        ("a.json".to_string(), b"1".to_vec()),
        ("figures/x/p.png".to_string(), b"2".to_vec()),
    ];
    if cfg!(not(unix)) {
        expected.insert(1, ("b.md".to_string(), b"3".to_vec()));
    }
    assert_eq!(seen, expected);
}
