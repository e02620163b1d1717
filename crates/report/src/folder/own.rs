//! What the tool may touch beside and inside a report folder: only what it
//! made.
//!
//! Every file it creates is created new (`O_CREAT | O_EXCL`): never
//! through a symbolic link (a link at the name, even to nothing, is an
//! existing name) and never over a file that is there. What an earlier,
//! interrupted run left (a lock, a staging folder) is taken back only when
//! it is what that run would have made: a real file or folder, not a link,
//! owned by the user running the tool, opened without following links
//! (`O_NOFOLLOW`) and checked to be the same file that was looked at.
//! Anything else at one of the tool's names is refused, naming it, and left
//! as it was.

use super::error::FolderError;
use std::fs::{self, File, OpenOptions};
use std::io;
use std::path::Path;

/// What stands at a name the tool uses, when it is not what the tool makes.
pub(crate) fn not_ours(path: &Path, what: &'static str, role: &'static str) -> FolderError {
    FolderError::NotOurs {
        path: path.to_path_buf(),
        what,
        role,
    }
}

/// Opening options that never follow a symbolic link at the last name.
fn no_follow(options: &mut OpenOptions) -> &mut OpenOptions {
    #[cfg(any(target_os = "linux", target_os = "android", target_vendor = "apple"))]
    {
        use std::os::unix::fs::OpenOptionsExt;
        options.custom_flags(rustix::fs::OFlags::NOFOLLOW.bits() as i32);
    }
    options
}

/// Creates `path` as a new file for reading and writing: fails with
/// [`io::ErrorKind::AlreadyExists`] when anything, a link included, has the
/// name.
pub(crate) fn create_new(path: &Path) -> io::Result<File> {
    OpenOptions::new()
        .read(true)
        .write(true)
        .create_new(true)
        .open(path)
}

/// Why something that stands at one of the tool's names cannot be taken
/// back as the tool's own.
pub(crate) enum Refused {
    /// Nothing is there (any more).
    Gone,
    /// It is not what the tool makes: a link, another kind of file, another
    /// user's.
    NotOurs(&'static str),
    /// It could not be looked at.
    Io(io::Error),
}

impl From<io::Error> for Refused {
    fn from(e: io::Error) -> Self {
        if e.kind() == io::ErrorKind::NotFound {
            Refused::Gone
        } else if is_link_error(&e) {
            Refused::NotOurs("a symbolic link")
        } else {
            Refused::Io(e)
        }
    }
}

/// The error `O_NOFOLLOW` gives for a link (`ELOOP`).
fn is_link_error(e: &io::Error) -> bool {
    #[cfg(any(target_os = "linux", target_os = "android", target_vendor = "apple"))]
    {
        e.raw_os_error() == Some(rustix::io::Errno::LOOP.raw_os_error())
    }
    #[cfg(not(any(target_os = "linux", target_os = "android", target_vendor = "apple")))]
    {
        let _ = e;
        false
    }
}

/// Whether `meta` is what this tool makes: a regular file (`folder`
/// false) or a folder, owned by the user running it.
pub(crate) fn made_by_us(meta: &fs::Metadata, folder: bool) -> Result<(), &'static str> {
    let kind = meta.file_type();
    if kind.is_symlink() {
        return Err("a symbolic link");
    }
    if folder && !kind.is_dir() {
        return Err("not a folder");
    }
    if !folder && !kind.is_file() {
        return Err("not a regular file");
    }
    #[cfg(any(target_os = "linux", target_os = "android", target_vendor = "apple"))]
    {
        use std::os::unix::fs::MetadataExt;
        if meta.uid() != rustix::process::geteuid().as_raw() {
            return Err("owned by another user");
        }
        // A second name for some file (a hard link) is not a file the
        // tool made at this name.
        if !folder && meta.nlink() != 1 {
            return Err("a file with other names (a hard link)");
        }
    }
    Ok(())
}

/// Opens an existing regular file for reading and writing, without
/// following a link, and checks it is the tool's kind of file (see
/// [`made_by_us`]).
pub(crate) fn open_ours(path: &Path) -> Result<File, Refused> {
    made_by_us(&fs::symlink_metadata(path)?, false).map_err(Refused::NotOurs)?;
    let file = no_follow(OpenOptions::new().read(true).write(true)).open(path)?;
    // Checked again on what was opened: the name may have changed hands
    // between the look and the open.
    made_by_us(&file.metadata()?, false).map_err(Refused::NotOurs)?;
    Ok(file)
}

/// Reads a file without following a link at its name: `Ok(None)` when
/// there is none, `Err(Refused::NotOurs)` for a link or anything that is
/// not a regular file.
pub(crate) fn read_no_follow(path: &Path) -> Result<Option<String>, Refused> {
    use std::io::Read;
    let mut file = match no_follow(OpenOptions::new().read(true)).open(path) {
        Ok(f) => f,
        Err(e) if e.kind() == io::ErrorKind::NotFound => return Ok(None),
        Err(e) => return Err(e.into()),
    };
    if !file.metadata()?.file_type().is_file() {
        return Err(Refused::NotOurs("not a regular file"));
    }
    let mut text = String::new();
    file.read_to_string(&mut text)?;
    Ok(Some(text))
}

/// Whether the open `file` is still the one at `path`.
#[cfg(unix)]
pub(crate) fn same_file(file: &File, path: &Path) -> bool {
    use std::os::unix::fs::MetadataExt;
    match (file.metadata(), fs::symlink_metadata(path)) {
        (Ok(a), Ok(b)) => a.dev() == b.dev() && a.ino() == b.ino(),
        _ => false,
    }
}

#[cfg(not(unix))]
pub(crate) fn same_file(_file: &File, path: &Path) -> bool {
    path.exists()
}
