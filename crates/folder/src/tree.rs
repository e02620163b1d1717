//! Moving files and folders between the report folder, its staging
//! folder and what an interrupted run left: each step a rename, each
//! interruption recoverable.

use super::error::{FolderError, io_err};
use super::manifest::{MANIFEST, Manifest};
use super::own;
use std::fs;
use std::io;
use std::path::{Path, PathBuf};

/// A test hook: with `SHUFFLE_AUDIT_KILL_AT_STEP=K` in the environment,
/// the process sends itself SIGKILL (no destructors, no clean-up) at the
/// K-th step of committing or recovering a folder, so the CLI's tests can
/// interrupt a run at every instant of the swap.
pub(super) fn step() {
    use std::sync::OnceLock;
    use std::sync::atomic::{AtomicU64, Ordering};
    static ABORT_AT: OnceLock<Option<u64>> = OnceLock::new();
    static STEPS: AtomicU64 = AtomicU64::new(0);
    let at = ABORT_AT.get_or_init(|| {
        std::env::var("SHUFFLE_AUDIT_KILL_AT_STEP")
            .ok()
            .and_then(|v| v.parse().ok())
    });
    if let Some(at) = *at
        && STEPS.fetch_add(1, Ordering::SeqCst) + 1 == at
    {
        #[cfg(any(target_os = "linux", target_os = "android", target_vendor = "apple"))]
        let _ =
            rustix::process::kill_process(rustix::process::getpid(), rustix::process::Signal::KILL);
        std::process::abort();
    }
}

/// Every regular file under `dir`, relative, `/`-separated, sorted.
pub(super) fn list_files(dir: &Path) -> Result<Vec<String>, FolderError> {
    fn walk(dir: &Path, rel: &str, out: &mut Vec<String>) -> Result<(), FolderError> {
        for entry in fs::read_dir(dir).map_err(io_err("reading", dir))? {
            let entry = entry.map_err(io_err("reading", dir))?;
            let name = entry.file_name().to_string_lossy().into_owned();
            let path = rel_join(rel, &name);
            let kind = entry
                .file_type()
                .map_err(io_err("reading", &entry.path()))?;
            if kind.is_dir() {
                walk(&entry.path(), &path, out)?;
            } else if path != MANIFEST {
                out.push(path);
            }
        }
        Ok(())
    }
    let mut out = Vec::new();
    walk(dir, "", &mut out)?;
    out.sort();
    Ok(out)
}

fn rel_join(rel: &str, name: &str) -> String {
    if rel.is_empty() {
        name.to_string()
    } else {
        format!("{rel}/{name}")
    }
}

/// The entries under `dir` that `manifest` does not list, outermost
/// first: a file, link or folder not listed is foreign as a whole; a
/// folder holding listed files is looked into.
pub(super) fn foreign_entries(dir: &Path, manifest: &Manifest) -> Result<Vec<String>, FolderError> {
    fn walk(dir: &Path, rel: &str, m: &Manifest, out: &mut Vec<String>) -> Result<(), FolderError> {
        let mut entries = fs::read_dir(dir)
            .map_err(io_err("reading", dir))?
            .collect::<Result<Vec<_>, _>>()
            .map_err(io_err("reading", dir))?;
        entries.sort_by_key(fs::DirEntry::file_name);
        for entry in entries {
            let name = entry.file_name().to_string_lossy().into_owned();
            let path = rel_join(rel, &name);
            if path == MANIFEST {
                continue;
            }
            let kind = entry
                .file_type()
                .map_err(io_err("reading", &entry.path()))?;
            if kind.is_file() && m.contains(&path) {
                continue;
            }
            if kind.is_dir() && m.holds_under(&path) {
                walk(&entry.path(), &path, m, out)?;
                continue;
            }
            out.push(path);
        }
        Ok(())
    }
    let mut out = Vec::new();
    walk(dir, "", manifest, &mut out)?;
    Ok(out)
}

/// Renames `from/rel` to `to/rel`, creating the folders above it in `to`.
pub(super) fn move_entry(from: &Path, to: &Path, rel: &str) -> Result<(), FolderError> {
    let dest = to.join(rel);
    if let Some(p) = dest.parent() {
        fs::create_dir_all(p).map_err(io_err("creating", p))?;
    }
    let src = from.join(rel);
    fs::rename(&src, &dest).map_err(io_err("moving", &src))
}

/// Swaps two folders in one step where the system can; else in two
/// renames, through `.NAME.shuffle-audit-PID.old`, which [`recover`]
/// completes if the run is killed between them. Returns where the old
/// folder now is.
pub(super) fn exchange(target: &Path, staging: &Path) -> Result<PathBuf, FolderError> {
    #[cfg(any(target_os = "linux", target_os = "android", target_vendor = "apple"))]
    {
        use rustix::fs::{CWD, RenameFlags, renameat_with};
        match renameat_with(CWD, target, CWD, staging, RenameFlags::EXCHANGE) {
            Ok(()) => return Ok(staging.to_path_buf()),
            Err(e)
                if e == rustix::io::Errno::INVAL
                    || e == rustix::io::Errno::NOSYS
                    || e == rustix::io::Errno::NOTSUP => {}
            Err(e) => {
                return Err(FolderError::Io {
                    what: "exchanging the new report with",
                    path: target.to_path_buf(),
                    cause: e.into(),
                });
            }
        }
    }
    let aside = staging.with_extension("old");
    // A rename replaces what has the name: nothing may.
    if fs::symlink_metadata(&aside).is_ok() {
        return Err(own::not_ours(
            &aside,
            "something",
            "the name this run moves the old report to",
        ));
    }
    fs::rename(target, &aside).map_err(io_err("moving aside", target))?;
    step();
    if let Err(e) = fs::rename(staging, target) {
        let _ = fs::rename(&aside, target);
        return Err(io_err("moving the new report to", target)(e));
    }
    step();
    Ok(aside)
}

/// Deletes a report folder that is not (or no longer) at its place:
/// files that are not ours go back to `target` where the name is free,
/// then the files its manifest lists and the folders they leave empty. A
/// folder without a manifest was never given a file that is not ours,
/// and goes whole. Anything that cannot be put back stays, with a warning.
pub(super) fn dispose(
    dir: &Path,
    target: &Path,
    warnings: &mut Vec<String>,
) -> Result<(), FolderError> {
    let manifest = match Manifest::read(dir) {
        Ok(Some(m)) => m,
        Ok(None) => {
            fs::remove_dir_all(dir).map_err(io_err("removing", dir))?;
            step();
            return Ok(());
        }
        Err(why) => {
            warnings.push(format!(
                "{} was left by an interrupted run and is kept: {why}",
                dir.display()
            ));
            return Ok(());
        }
    };
    let mut kept = Vec::new();
    for rel in foreign_entries(dir, &manifest)? {
        if fs::symlink_metadata(target.join(&rel)).is_ok() {
            kept.push(rel);
            continue;
        }
        move_entry(dir, target, &rel)?;
        step();
    }
    let mut folders = std::collections::BTreeSet::new();
    for rel in &manifest.files {
        let path = dir.join(rel);
        match fs::remove_file(&path) {
            Ok(()) => step(),
            Err(e) if e.kind() == io::ErrorKind::NotFound => {}
            Err(e) => {
                return Err(FolderError::Io {
                    what: "removing",
                    path,
                    cause: e,
                });
            }
        }
        let mut p = Path::new(rel.as_str()).parent();
        while let Some(f) = p.filter(|f| !f.as_os_str().is_empty()) {
            folders.insert(f.to_path_buf());
            p = f.parent();
        }
    }
    // Deepest first; a folder that still holds something is kept.
    for f in folders.iter().rev() {
        let _ = fs::remove_dir(dir.join(f));
    }
    if kept.is_empty() {
        fs::remove_file(dir.join(MANIFEST)).map_err(io_err("removing", &dir.join(MANIFEST)))?;
        step();
        fs::remove_dir(dir).map_err(io_err("removing", dir))?;
    } else {
        warnings.push(format!(
            "{} was left by an interrupted run and is kept: it holds {} that {} also holds ({}, …)",
            dir.display(),
            if kept.len() == 1 {
                "a file".to_string()
            } else {
                format!("{} files", kept.len())
            },
            target.display(),
            kept[0]
        ));
    }
    Ok(())
}

/// Puts back what runs killed during a swap left beside `target` (its
/// lock is held): a missing folder gets its complete report back, files
/// that are not ours return to it, and the leftover folders go.
pub(super) fn recover(
    parent: &Path,
    name: &str,
    target: &Path,
    warnings: &mut Vec<String>,
) -> Result<(), FolderError> {
    let prefix = format!(".{name}.shuffle-audit-");
    let mut leftovers = Vec::new();
    let entries = fs::read_dir(parent).map_err(io_err("reading", parent))?;
    for entry in entries.flatten() {
        let file_name = entry.file_name().to_string_lossy().into_owned();
        let Some(rest) = file_name.strip_prefix(&prefix) else {
            continue;
        };
        let Some((pid, kind)) = rest.split_once('.') else {
            continue;
        };
        if pid.is_empty() || !pid.bytes().all(|b| b.is_ascii_digit()) {
            continue;
        }
        if kind != "new" && kind != "old" {
            continue;
        }
        // What an interrupted run of this user left is a folder of theirs;
        // anything else at such a name (a planted link) is refused, as it
        // is, before anything is moved.
        let path = entry.path();
        let meta = fs::symlink_metadata(&path).map_err(io_err("reading", &path))?;
        own::made_by_us(&meta, true).map_err(|what| {
            own::not_ours(
                &path,
                what,
                "a name where an interrupted run leaves its report",
            )
        })?;
        leftovers.push((kind == "new", path));
    }
    if leftovers.is_empty() {
        return Ok(());
    }
    // Killed between the two renames of a swap without exchange: a
    // complete report (one with a manifest) goes back in place, the new
    // one first.
    if fs::symlink_metadata(target).is_err() {
        leftovers.sort_by_key(|(new, _)| !*new);
        if let Some(i) = leftovers
            .iter()
            .position(|(_, p)| matches!(Manifest::read(p), Ok(Some(_))))
        {
            let (_, p) = leftovers.remove(i);
            fs::rename(&p, target).map_err(io_err("restoring", &p))?;
            step();
        }
    }
    for (_, p) in leftovers {
        dispose(&p, target, warnings)?;
    }
    Ok(())
}
