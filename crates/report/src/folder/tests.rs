//! The folder writer's promises, each by a run that breaks it.

use super::*;

fn write(path: &Path, text: &str) {
    fs::create_dir_all(path.parent().unwrap()).unwrap();
    fs::write(path, text).unwrap();
}

/// A run that writes `files` into `out` through the folder and commits.
fn run(out: &Path, files: &[(&str, &str)]) -> Result<Vec<String>, FolderError> {
    let folder = ReportFolder::open(out)?;
    for (rel, text) in files {
        folder.write(&OutputFile::text(*rel, *text))?;
    }
    folder.commit()
}

#[test]
fn the_writer_keeps_every_file_inside_the_folder() {
    let tmp = tempfile::tempdir().unwrap();
    let out = tmp.path().join("r");
    let folder = ReportFolder::open(&out).unwrap();
    for bad in ["../x", "/etc/x", "a//b", "./a", "", MANIFEST] {
        let e = folder.write(&OutputFile::text(bad, "x")).unwrap_err();
        assert!(
            matches!(e, FolderError::OutsideFolder { .. }),
            "{bad:?}: {e}"
        );
    }
    folder.write(&OutputFile::text("a/b.txt", "x")).unwrap();
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
    let err = ReportFolder::open(&out).unwrap_err().to_string();
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
    let err = ReportFolder::open(&out).unwrap_err().to_string();
    assert!(err.contains("not a path inside it"), "{err}");
    let file = tmp.path().join("f");
    write(&file, "x");
    assert!(matches!(
        ReportFolder::open(&file),
        Err(FolderError::NotAFolder { .. })
    ));
    let link = tmp.path().join("dangling");
    std::os::unix::fs::symlink(tmp.path().join("nowhere"), &link).unwrap();
    assert!(matches!(
        ReportFolder::open(&link),
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
    let first = ReportFolder::open(&out).unwrap();
    let err = ReportFolder::open(&out).unwrap_err();
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
    ReportFolder::open(&out).unwrap().commit().unwrap();
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
        let folder = ReportFolder::open(&out).unwrap();
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
    ReportFolder::open(&other).unwrap();
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
