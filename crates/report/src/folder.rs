//! The one writer of report folders: a report is built beside its folder
//! and swapped in whole, under a lock, replacing only what the tool wrote.
//!
//! # Guarantees
//! - **Only our files.** Every report folder holds a manifest
//!   ([`MANIFEST`]) listing the files that run wrote. A later run replaces
//!   exactly those; every other file, folder or link under the folder (a
//!   `calibration.md`, a `.git/`, a note inside `figures/`) is moved into the
//!   new report unchanged (renamed, so its bytes, times and links are the
//!   same). A folder that is not empty and has no manifest is not ours and
//!   is refused before any work is done.
//! - **One run at a time.** [`ReportFolder::open`] takes an exclusive lock
//!   (`.NAME.shuffle-audit.lock` beside the folder, holding the owner's
//!   process id) before anything is computed; a second run into the same
//!   folder is refused at once, naming that process. The operating system
//!   releases the lock when its process ends, however it ends.
//! - **Old or new, never neither.** The new report is built in
//!   `.NAME.shuffle-audit-PID.new` beside the folder. To commit, the files
//!   that are not ours are moved into it, then the two folders are exchanged
//!   in one atomic system call (`renameat2(RENAME_EXCHANGE)` on Linux,
//!   `renameatx_np(RENAME_SWAP)` on macOS), and the old report is deleted
//!   file by file from its manifest. Killed at any instant (Ctrl-C, SIGTERM,
//!   SIGKILL, power loss aside), the folder holds one complete report, old
//!   or new; files that are not ours may sit in the hidden folder until the
//!   next run, which moves them back before it computes anything and
//!   removes what the interrupted run left. Where the file system cannot
//!   exchange folders, the swap is two renames, and a run killed between
//!   them leaves the folder briefly absent: the next run puts the complete
//!   report back.
//! - **Failures keep the old report.** A failed write (full, unwritable or
//!   vanished disk) discards the new report and leaves the old one as it was.

use crate::ReportError;
use crate::files::OutputFile;
use serde::{Deserialize, Serialize};
use std::fs::{self, File};
use std::io::{self, Read, Write};
use std::path::{Component, Path, PathBuf};
use thiserror::Error;

/// The file that records what a report wrote, inside the report folder.
pub const MANIFEST: &str = ".shuffle-audit-manifest.json";

/// Why a report folder cannot be opened or committed. Each message names
/// the folder or file and what would make it work.
#[derive(Debug, Error)]
pub enum FolderError {
    /// The folder holds files and no manifest: it is not a report of ours.
    #[error(
        "{} is not a report folder of shuffle-audit ({why}): choose a new or empty folder",
        folder.display()
    )]
    Foreign {
        /// The folder.
        folder: PathBuf,
        /// What is missing or wrong.
        why: String,
    },
    /// Another run holds the lock.
    #[error(
        "{} is in use by {}: wait for it to finish or choose another folder",
        folder.display(),
        pid.map_or_else(|| "another shuffle-audit run".to_string(), |p| format!("process {p} (another shuffle-audit run)"))
    )]
    InUse {
        /// The folder.
        folder: PathBuf,
        /// The process that holds it, when it could be read.
        pid: Option<u32>,
    },
    /// A file where the folder should be.
    #[error("{} is a file, not a folder: choose a folder", path.display())]
    NotAFolder {
        /// The path.
        path: PathBuf,
    },
    /// The folder is the current folder or holds it.
    #[error(
        "{} holds the current folder, and a report replaces its folder as a whole: run from outside it or choose another folder",
        folder.display()
    )]
    HoldsCurrentFolder {
        /// The folder.
        folder: PathBuf,
    },
    /// The folder is a mount point (or the root), which cannot be renamed.
    #[error(
        "{} is a mount point, and a report replaces its folder by renaming it: choose a folder inside it",
        folder.display()
    )]
    MountPoint {
        /// The folder.
        folder: PathBuf,
    },
    /// A symbolic link to nothing.
    #[error(
        "{} is a symbolic link to {}, which does not exist: create that folder or choose another",
        link.display(),
        target.display()
    )]
    DanglingLink {
        /// The link.
        link: PathBuf,
        /// Where it points.
        target: PathBuf,
    },
    /// A file that is not ours stands where the new report writes one.
    #[error(
        "{} was not written by shuffle-audit and the new report writes a file of that name: move it away and run again (the old report is unchanged)",
        path.display()
    )]
    Clash {
        /// The file.
        path: PathBuf,
    },
    /// A file to write names a path outside the folder.
    #[error("{path:?} is not a plain relative path inside the report folder")]
    OutsideFolder {
        /// The path asked for.
        path: String,
    },
    /// A file system operation failed.
    #[error("{what} {}: {cause}", path.display())]
    Io {
        /// What was being done (`"writing"`, `"moving"`, …).
        what: &'static str,
        /// The path it was done to.
        path: PathBuf,
        /// The underlying error (in the message, so one line says all).
        cause: io::Error,
    },
}

fn io_err(what: &'static str, path: &Path) -> impl FnOnce(io::Error) -> FolderError + use<> {
    let path = path.to_path_buf();
    move |cause| FolderError::Io { what, path, cause }
}

/// The manifest: who wrote the folder and which files are theirs.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Manifest {
    /// Always `"shuffle-audit"`.
    pub written_by: String,
    /// The version of the tool that wrote the folder.
    pub version: String,
    /// The files written, relative to the folder, `/`-separated, sorted.
    pub files: Vec<String>,
}

impl Manifest {
    /// Reads `dir`'s manifest: `Ok(None)` when there is none, an error
    /// naming what is wrong when it is not one of ours or lists a path
    /// outside the folder.
    fn read(dir: &Path) -> Result<Option<Manifest>, String> {
        let path = dir.join(MANIFEST);
        let text = match fs::read_to_string(&path) {
            Ok(t) => t,
            Err(e) if e.kind() == io::ErrorKind::NotFound => return Ok(None),
            Err(e) => return Err(format!("its {MANIFEST} cannot be read: {e}")),
        };
        let mut m: Manifest = serde_json::from_str(&text)
            .map_err(|e| format!("its {MANIFEST} is not a manifest: {e}"))?;
        if m.written_by != "shuffle-audit" {
            return Err(format!("its {MANIFEST} was written by {:?}", m.written_by));
        }
        if let Some(bad) = m.files.iter().find(|f| !is_plain_relative(f)) {
            return Err(format!(
                "its {MANIFEST} lists {bad:?}, which is not a path inside it"
            ));
        }
        m.files.sort();
        Ok(Some(m))
    }

    fn contains(&self, rel: &str) -> bool {
        self.files.binary_search_by(|f| f.as_str().cmp(rel)).is_ok()
    }

    /// Whether some listed file lies under the folder `rel`.
    fn holds_under(&self, rel: &str) -> bool {
        let prefix = format!("{rel}/");
        let i = self.files.partition_point(|f| f.as_str() < prefix.as_str());
        self.files.get(i).is_some_and(|f| f.starts_with(&prefix))
    }
}

/// `a/b/c`: relative, only plain names (no `..`, no root, nothing empty).
fn is_plain_relative(p: &str) -> bool {
    !p.is_empty()
        && !p.contains('\\')
        && Path::new(p)
            .components()
            .all(|c| matches!(c, Component::Normal(_)))
        && p.split('/').all(|s| !s.is_empty() && s != "." && s != "..")
}

/// A test hook: with `SHUFFLE_AUDIT_KILL_AT_STEP=K` in the environment,
/// the process sends itself SIGKILL (no destructors, no clean-up) at the
/// K-th step of committing or recovering a folder, so the CLI's tests can
/// interrupt a run at every instant of the swap.
fn step() {
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

/// An exclusive lock on a report folder, held for the life of the value;
/// its file is removed on release.
#[derive(Debug)]
struct Lock {
    path: PathBuf,
    file: Option<File>,
}

impl Lock {
    fn take(path: PathBuf, folder: &Path) -> Result<Lock, FolderError> {
        'again: loop {
            let mut file = fs::OpenOptions::new()
                .read(true)
                .write(true)
                .create(true)
                .truncate(false)
                .open(&path)
                .map_err(io_err("creating the lock", &path))?;
            match file.try_lock() {
                Ok(()) => {}
                Err(fs::TryLockError::WouldBlock) => {
                    // The holder writes its process id just after locking:
                    // give it a moment to appear. A holder that finishes
                    // meanwhile removes the file: then try again.
                    let mut pid = None;
                    for _ in 0..100 {
                        let mut text = String::new();
                        match File::open(&path).and_then(|mut f| f.read_to_string(&mut text)) {
                            Err(e) if e.kind() == io::ErrorKind::NotFound => continue 'again,
                            _ => {}
                        }
                        pid = text.trim().parse().ok();
                        if pid.is_some() {
                            break;
                        }
                        std::thread::sleep(std::time::Duration::from_millis(2));
                    }
                    return Err(FolderError::InUse {
                        folder: folder.to_path_buf(),
                        pid,
                    });
                }
                Err(fs::TryLockError::Error(e)) => {
                    return Err(FolderError::Io {
                        what: "locking",
                        path,
                        cause: e,
                    });
                }
            }
            // The holder before us may have removed the file after we
            // opened it: then we hold a lock on a file nobody else will
            // open, and must try again.
            if !same_file(&file, &path) {
                continue;
            }
            file.set_len(0)
                .and_then(|()| file.write_all(format!("{}\n", std::process::id()).as_bytes()))
                .and_then(|()| file.flush())
                .map_err(io_err("writing the lock", &path))?;
            return Ok(Lock {
                path,
                file: Some(file),
            });
        }
    }
}

impl Drop for Lock {
    fn drop(&mut self) {
        // Removed while still held, so a waiting opener sees it is stale.
        let _ = fs::remove_file(&self.path);
        drop(self.file.take());
    }
}

#[cfg(unix)]
fn same_file(file: &File, path: &Path) -> bool {
    use std::os::unix::fs::MetadataExt;
    match (file.metadata(), fs::metadata(path)) {
        (Ok(a), Ok(b)) => a.dev() == b.dev() && a.ino() == b.ino(),
        _ => false,
    }
}

#[cfg(not(unix))]
fn same_file(_file: &File, path: &Path) -> bool {
    path.exists()
}

/// A report folder opened for writing: locked, recovered from any
/// interrupted run, with an empty staging folder to write the new report
/// into. Dropped without [`ReportFolder::commit`], it discards the new
/// report and leaves the old one as it was.
#[derive(Debug)]
pub struct ReportFolder {
    target: PathBuf,
    staging: PathBuf,
    warnings: Vec<String>,
    committed: bool,
    _lock: Lock,
}

/// What the parent folder and the folder's own name are, once resolved.
fn resolve(out: &Path) -> Result<(PathBuf, String), FolderError> {
    // A symbolic link is followed: the report goes where it points and the
    // link stays.
    let target = match fs::symlink_metadata(out) {
        Ok(m) if m.file_type().is_symlink() => {
            fs::canonicalize(out).map_err(|_| FolderError::DanglingLink {
                link: out.to_path_buf(),
                target: fs::read_link(out).unwrap_or_default(),
            })?
        }
        Ok(_) => fs::canonicalize(out).map_err(io_err("resolving", out))?,
        Err(e) if e.kind() == io::ErrorKind::NotFound => {
            let name = out.file_name().ok_or_else(|| FolderError::NotAFolder {
                path: out.to_path_buf(),
            })?;
            let parent = match out.parent() {
                Some(p) if !p.as_os_str().is_empty() => p,
                _ => Path::new("."),
            };
            fs::create_dir_all(parent).map_err(io_err("creating", parent))?;
            fs::canonicalize(parent)
                .map_err(io_err("resolving", parent))?
                .join(name)
        }
        Err(e) => {
            return Err(FolderError::Io {
                what: "reading",
                path: out.to_path_buf(),
                cause: e,
            });
        }
    };
    let name = target
        .file_name()
        .map(|n| n.to_string_lossy().into_owned())
        .ok_or_else(|| FolderError::MountPoint {
            folder: out.to_path_buf(),
        })?;
    Ok((target, name))
}

impl ReportFolder {
    /// Opens `out` for a new report, before any work is done: refuses a
    /// folder that is not ours, the current folder, a mount point, or one
    /// another run holds; takes the lock; puts back what an interrupted
    /// run left; creates the empty staging folder.
    ///
    /// # Errors
    /// [`FolderError`], naming the folder.
    pub fn open(out: &Path) -> Result<ReportFolder, FolderError> {
        let (target, name) = resolve(out)?;
        let parent = target.parent().expect("an absolute path with a name");
        match fs::symlink_metadata(&target) {
            Ok(m) if !m.is_dir() => {
                return Err(FolderError::NotAFolder {
                    path: out.to_path_buf(),
                });
            }
            Ok(m) => {
                if let Ok(cwd) = std::env::current_dir().and_then(fs::canonicalize)
                    && cwd.starts_with(&target)
                {
                    return Err(FolderError::HoldsCurrentFolder {
                        folder: out.to_path_buf(),
                    });
                }
                if is_mount_point(&m, parent) {
                    return Err(FolderError::MountPoint {
                        folder: out.to_path_buf(),
                    });
                }
            }
            Err(_) => {}
        }
        let lock = Lock::take(parent.join(format!(".{name}.shuffle-audit.lock")), out)?;
        let mut warnings = Vec::new();
        recover(parent, &name, &target, &mut warnings)?;
        // Checked under the lock, after recovery: the folder is now as the
        // last complete run left it.
        ours(&target, out)?;
        let staging = parent.join(format!(".{name}.shuffle-audit-{}.new", std::process::id()));
        fs::create_dir(&staging).map_err(io_err("creating", &staging))?;
        Ok(ReportFolder {
            target,
            staging,
            warnings,
            committed: false,
            _lock: lock,
        })
    }

    /// The folder the new report's files are written into until
    /// [`commit`](Self::commit).
    pub fn path(&self) -> &Path {
        &self.staging
    }

    /// Writes one file of the new report, atomically, into the staging
    /// folder (creating its subfolders).
    ///
    /// # Errors
    /// [`FolderError::OutsideFolder`] for a path that is not plain and
    /// relative (`..`, absolute, empty parts); [`FolderError::Io`] naming
    /// the file.
    pub fn write(&self, file: &OutputFile) -> Result<(), FolderError> {
        if !is_plain_relative(&file.path) || file.path == MANIFEST {
            return Err(FolderError::OutsideFolder {
                path: file.path.clone(),
            });
        }
        let path = self.staging.join(&file.path);
        crate::write_atomic(&path, &file.bytes).map_err(|e| match e {
            ReportError::Io { path, cause } => FolderError::Io {
                what: "writing",
                path,
                cause,
            },
            other => FolderError::Io {
                what: "writing",
                path,
                cause: io::Error::other(other.to_string()),
            },
        })
    }

    /// Makes the staged report the folder's: writes its manifest, moves the
    /// files that are not ours into it, exchanges the two folders and
    /// deletes the old report. Returns the warnings of the whole run: what
    /// could not be tidied (a leftover folder that still holds files that
    /// are not ours, with nowhere free to put them back), one line each.
    ///
    /// # Errors
    /// [`FolderError`]; the old report is then unchanged.
    pub fn commit(mut self) -> Result<Vec<String>, FolderError> {
        let manifest = Manifest {
            written_by: "shuffle-audit".into(),
            version: env!("CARGO_PKG_VERSION").into(),
            files: list_files(&self.staging)?,
        };
        let text = serde_json::to_string_pretty(&manifest).expect("strings serialize") + "\n";
        let path = self.staging.join(MANIFEST);
        File::create(&path)
            .and_then(|mut f| f.write_all(text.as_bytes()).and_then(|()| f.sync_all()))
            .map_err(io_err("writing", &path))?;
        step();
        let old = match fs::symlink_metadata(&self.target) {
            Ok(_) => ours(&self.target, &self.target)?,
            Err(_) => None,
        };
        if let Ok(m) = fs::metadata(&self.target) {
            let _ = fs::set_permissions(&self.staging, m.permissions());
        }
        let Some(old_manifest) = old else {
            // Absent or empty: one rename, which replaces an empty folder
            // atomically.
            fs::rename(&self.staging, &self.target)
                .map_err(io_err("moving the new report to", &self.target))?;
            self.committed = true;
            step();
            return Ok(std::mem::take(&mut self.warnings));
        };
        let foreign = foreign_entries(&self.target, &old_manifest)?;
        if let Some(clash) = foreign
            .iter()
            .find(|rel| fs::symlink_metadata(self.staging.join(rel)).is_ok())
        {
            return Err(FolderError::Clash {
                path: self.target.join(clash),
            });
        }
        let mut moved = Vec::new();
        let mut result = Ok(());
        for rel in &foreign {
            result = move_entry(&self.target, &self.staging, rel);
            if result.is_err() {
                break;
            }
            moved.push(rel.as_str());
            step();
        }
        let result = result.and_then(|()| exchange(&self.target, &self.staging));
        let old_place = match result {
            Ok(p) => p,
            Err(e) => {
                // Put back what was moved; the old report was never touched.
                for rel in moved.iter().rev() {
                    let _ = move_entry(&self.staging, &self.target, rel);
                }
                return Err(e);
            }
        };
        self.committed = true;
        step();
        // The new report is in place whatever happens now: a failure to
        // remove the old one is a warning (the next run tries again).
        if let Err(e) = dispose(&old_place, &self.target, &mut self.warnings) {
            self.warnings.push(format!(
                "the old report could not be removed from {}: {e}",
                old_place.display()
            ));
        }
        Ok(std::mem::take(&mut self.warnings))
    }
}

impl Drop for ReportFolder {
    fn drop(&mut self) {
        if self.committed {
            return;
        }
        if !self.staging.join(MANIFEST).exists() {
            // Before commit: only our files are in the staging folder.
            let _ = fs::remove_dir_all(&self.staging);
        } else if self.target.exists() {
            // A commit that failed and could not put everything back: what
            // is not ours goes back to the folder, only ours is deleted,
            // and what cannot be placed stays for the next run.
            let _ = dispose(&self.staging, &self.target, &mut Vec::new());
        }
        // Without the folder (a swap without exchange that failed twice),
        // the staging folder is the complete report: the next run puts it
        // in place.
    }
}

#[cfg(unix)]
fn is_mount_point(m: &fs::Metadata, parent: &Path) -> bool {
    use std::os::unix::fs::MetadataExt;
    fs::metadata(parent).is_ok_and(|p| p.dev() != m.dev())
}

#[cfg(not(unix))]
fn is_mount_point(_m: &fs::Metadata, _parent: &Path) -> bool {
    false
}

/// `Ok(Some(manifest))` for a report folder of ours, `Ok(None)` for an
/// empty one, [`FolderError::Foreign`] otherwise. `shown` is the name the
/// user gave.
fn ours(target: &Path, shown: &Path) -> Result<Option<Manifest>, FolderError> {
    let foreign = |why: String| FolderError::Foreign {
        folder: shown.to_path_buf(),
        why,
    };
    let mut entries = match fs::read_dir(target) {
        Ok(e) => e,
        Err(e) if e.kind() == io::ErrorKind::NotFound => return Ok(None),
        Err(e) => {
            return Err(FolderError::Io {
                what: "reading",
                path: shown.to_path_buf(),
                cause: e,
            });
        }
    };
    if entries.next().is_none() {
        return Ok(None);
    }
    match Manifest::read(target) {
        Ok(Some(m)) => Ok(Some(m)),
        Ok(None) => Err(foreign(format!("it is not empty and has no {MANIFEST}"))),
        Err(why) => Err(foreign(why)),
    }
}

/// Every regular file under `dir`, relative, `/`-separated, sorted.
fn list_files(dir: &Path) -> Result<Vec<String>, FolderError> {
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
fn foreign_entries(dir: &Path, manifest: &Manifest) -> Result<Vec<String>, FolderError> {
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
fn move_entry(from: &Path, to: &Path, rel: &str) -> Result<(), FolderError> {
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
fn exchange(target: &Path, staging: &Path) -> Result<PathBuf, FolderError> {
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
fn dispose(dir: &Path, target: &Path, warnings: &mut Vec<String>) -> Result<(), FolderError> {
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
fn recover(
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
        if (kind == "new" || kind == "old") && entry.path().is_dir() {
            leftovers.push((kind == "new", entry.path()));
        }
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

#[cfg(test)]
mod tests {
    use super::*;

    fn write(path: &Path, text: &str) {
        fs::create_dir_all(path.parent().unwrap()).unwrap();
        fs::write(path, text).unwrap();
    }

    /// A run that writes `files` into `out` and commits.
    fn run(out: &Path, files: &[(&str, &str)]) -> Result<Vec<String>, FolderError> {
        let folder = ReportFolder::open(out)?;
        for (rel, text) in files {
            write(&folder.path().join(rel), text);
        }
        folder.commit()
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
}
