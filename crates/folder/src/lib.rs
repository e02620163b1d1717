//! The one writer of report folders: a report is built beside its folder
//! and swapped in whole, under a lock, replacing only what the tool wrote.
//! It knows files as paths and bytes; what they hold, and in which format,
//! is the report's business.
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

#![deny(missing_docs)]

mod atomic;
mod error;
mod kind;
mod lock;
mod manifest;
pub mod own;
mod tree;

pub use error::FolderError;
use error::io_err;
pub use kind::Kind;
use lock::Lock;
pub use manifest::{MANIFEST, Manifest};
use manifest::{is_plain_relative, ours};
use std::fs;
use std::io;
use std::path::{Path, PathBuf};
use tree::{dispose, exchange, foreign_entries, list_files, move_entry, recover, step};

/// A report folder opened for writing: locked, recovered from any
/// interrupted run, with an empty staging folder to write the new report
/// into. Dropped without [`ReportFolder::commit`], it discards the new
/// report and leaves the old one as it was.
#[derive(Debug)]
pub struct ReportFolder {
    kind: Kind,
    target: PathBuf,
    staging: PathBuf,
    warnings: Vec<String>,
    committed: bool,
    /// The manifest of the report the folder held when it was opened.
    previous: Option<Manifest>,
    _lock: Lock,
}

/// What the parent folder and the folder's own name are, once resolved.
fn resolve(out: &Path) -> Result<(PathBuf, String), FolderError> {
    // A symbolic link is followed: the report goes where it points and the
    // link stays.
    let target = match fs::symlink_metadata(out) {
        Ok(m) if m.file_type().is_symlink() => fs::canonicalize(out).map_err(|e| {
            if e.kind() == io::ErrorKind::NotFound {
                FolderError::DanglingLink {
                    link: out.to_path_buf(),
                    target: fs::read_link(out).unwrap_or_default(),
                }
            } else {
                // A loop of links, a folder that cannot be searched: as
                // the system says.
                io_err("resolving", out)(e)
            }
        })?,
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
    /// Opens `out` for a new document of `kind`, before any work is done:
    /// refuses a folder that is not ours or holds the other kind, the
    /// current folder, a mount point, one another run holds, or anything
    /// the tool did not make at the names it uses beside the folder (a
    /// planted link); takes the lock; puts back what an interrupted run
    /// left; creates the empty staging folder.
    ///
    /// # Errors
    /// [`FolderError`], naming the folder or the name refused.
    pub fn open(out: &Path, kind: Kind) -> Result<ReportFolder, FolderError> {
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
        let previous = ours(&target, out)?;
        if let Some(holds) = previous.as_ref().map(Manifest::kind)
            && holds != kind
        {
            return Err(FolderError::OtherKind {
                folder: out.to_path_buf(),
                holds,
                writes: kind,
            });
        }
        let staging = parent.join(format!(".{name}.shuffle-audit-{}.new", std::process::id()));
        // A new folder: creating it fails if anything, a link included,
        // has the name.
        fs::create_dir(&staging).map_err(|e| {
            if e.kind() == io::ErrorKind::AlreadyExists {
                own::not_ours(
                    &staging,
                    "something",
                    "the name of this run's staging folder",
                )
            } else {
                io_err("creating", &staging)(e)
            }
        })?;
        Ok(ReportFolder {
            kind,
            target,
            staging,
            warnings,
            committed: false,
            previous,
            _lock: lock,
        })
    }

    /// The files of the report the folder held when it was opened, as its
    /// manifest lists them, each path with its bytes: what a rerun compares
    /// its own files with. A listed file that is gone, or is not a plain
    /// file (a link put in its place), is left out, so it counts as
    /// changed.
    ///
    /// # Errors
    /// [`FolderError::Io`] naming a file that is there and cannot be read.
    pub fn previous(&self) -> Result<Vec<(String, Vec<u8>)>, FolderError> {
        let mut out = Vec::new();
        for rel in self.previous.iter().flat_map(|m| &m.files) {
            let path = self.target.join(rel);
            match own::read_bytes_no_follow(&path) {
                Ok(Some(bytes)) => out.push((rel.clone(), bytes)),
                Ok(None) | Err(own::Refused::Gone | own::Refused::NotOurs(_)) => {}
                Err(own::Refused::Io(e)) => return Err(io_err("reading", &path)(e)),
            }
        }
        Ok(out)
    }

    /// The folder the new report's files are written into until
    /// [`commit`](Self::commit).
    pub fn path(&self) -> &Path {
        &self.staging
    }

    /// Writes one file of the new report, atomically, into the staging
    /// folder (creating its subfolders): `path` relative to the folder,
    /// with `/` separators.
    ///
    /// # Errors
    /// [`FolderError::OutsideFolder`] for a path that is not plain and
    /// relative (`..`, absolute, empty parts); [`FolderError::Io`] naming
    /// the file.
    pub fn write(&self, path: &str, bytes: &[u8]) -> Result<(), FolderError> {
        if !is_plain_relative(path) || path == MANIFEST {
            return Err(FolderError::OutsideFolder {
                path: path.to_string(),
            });
        }
        atomic::write_atomic(&self.staging.join(path), bytes)
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
            document: Some(self.kind),
            files: list_files(&self.staging)?,
        };
        let text = serde_json::to_string_pretty(&manifest).expect("strings serialize") + "\n";
        // Whole or absent: a staging folder killed with half a manifest
        // would be neither a build to discard nor a report to restore.
        atomic::write_atomic(&self.staging.join(MANIFEST), text.as_bytes())?;
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

#[cfg(test)]
mod tests;
