//! Why a report folder cannot be opened or committed.

use std::io;
use std::path::{Path, PathBuf};
use thiserror::Error;

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
    /// Something the tool did not make stands at a name it uses beside or
    /// inside the folder (a planted link, another user's file): refused,
    /// and left as it was.
    #[error(
        "{} is {what}, which shuffle-audit did not make, at {role}: it was left untouched; remove it or choose another folder",
        path.display()
    )]
    NotOurs {
        /// What stands there.
        path: PathBuf,
        /// What it is (`"a symbolic link"`, …).
        what: &'static str,
        /// What the tool uses the name for.
        role: &'static str,
    },
    /// The folder holds a document of another kind than the run writes
    /// (a suite's report, an audit's certificate).
    #[error(
        "{} holds {} and this run writes {}, which would replace it: choose another folder (nothing was changed)",
        folder.display(),
        holds.described(),
        writes.described()
    )]
    OtherKind {
        /// The folder.
        folder: PathBuf,
        /// What it holds.
        holds: super::kind::Kind,
        /// What the run writes.
        writes: super::kind::Kind,
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

pub(super) fn io_err(
    what: &'static str,
    path: &Path,
) -> impl FnOnce(io::Error) -> FolderError + use<> {
    let path = path.to_path_buf();
    move |cause| FolderError::Io { what, path, cause }
}
