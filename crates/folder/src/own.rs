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
pub fn create_new(path: &Path) -> io::Result<File> {
    OpenOptions::new()
        .read(true)
        .write(true)
        .create_new(true)
        .open(path)
}

/// Why something that stands at one of the tool's names cannot be taken
/// back as the tool's own.
#[derive(Debug)]
pub enum Refused {
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
pub fn made_by_us(meta: &fs::Metadata, folder: bool) -> Result<(), &'static str> {
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
pub fn open_ours(path: &Path) -> Result<File, Refused> {
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
    read_bytes_no_follow(path)?
        .map(|bytes| {
            String::from_utf8(bytes)
                .map_err(|e| Refused::Io(io::Error::new(io::ErrorKind::InvalidData, e)))
        })
        .transpose()
}

/// [`read_no_follow`] for bytes.
pub(crate) fn read_bytes_no_follow(path: &Path) -> Result<Option<Vec<u8>>, Refused> {
    use std::io::Read;
    let mut file = match no_follow(OpenOptions::new().read(true)).open(path) {
        Ok(f) => f,
        Err(e) if e.kind() == io::ErrorKind::NotFound => return Ok(None),
        Err(e) => return Err(e.into()),
    };
    if !file.metadata()?.file_type().is_file() {
        return Err(Refused::NotOurs("not a regular file"));
    }
    let mut bytes = Vec::new();
    file.read_to_end(&mut bytes)?;
    Ok(Some(bytes))
}

/// Whether the open `file` is still the one at `path`.
#[cfg(unix)]
pub fn same_file(file: &File, path: &Path) -> bool {
    use std::os::unix::fs::MetadataExt;
    match (file.metadata(), fs::symlink_metadata(path)) {
        (Ok(a), Ok(b)) => a.dev() == b.dev() && a.ino() == b.ino(),
        _ => false,
    }
}

#[cfg(not(unix))]
pub fn same_file(_file: &File, path: &Path) -> bool {
    path.exists()
}

/// The longest wait for the lock of a process that is exiting: the system
/// releases its locks when it has closed its files, a moment after the
/// signal that ended it.
pub const EXITING_HOLDER_WAIT: std::time::Duration = std::time::Duration::from_secs(5);

/// Takes the lock on `file`, held by process `pid`, if that process is
/// gone or exiting (killed, and not yet done closing its files): waits for
/// the system to release it, at most [`EXITING_HOLDER_WAIT`]. Whether the
/// lock was taken; `false` at once when the holder is alive and well.
///
/// Without this, a run started the moment another is killed (`timeout -s
/// KILL` returns before the killed process has closed its files) finds
/// the lock still held and leaves the killed run's files behind.
pub fn lock_once_its_holder_exits(file: &File, pid: u32) -> io::Result<bool> {
    if !exiting(pid) {
        return Ok(false);
    }
    let start = std::time::Instant::now();
    loop {
        match file.try_lock() {
            Ok(()) => return Ok(true),
            Err(fs::TryLockError::WouldBlock) if start.elapsed() < EXITING_HOLDER_WAIT => {
                std::thread::sleep(std::time::Duration::from_millis(5));
            }
            Err(fs::TryLockError::WouldBlock) => return Ok(false),
            Err(fs::TryLockError::Error(e)) => return Err(e),
        }
    }
}

/// Whether process `pid` is gone, a zombie, or exiting (its `PF_EXITING`
/// flag, set as it starts to exit), as Linux's `/proc/PID/stat` says, or
/// killed and not yet scheduled to exit (`SIGKILL` pending, as
/// `/proc/PID/status` says: on a loaded machine a killed process may wait
/// its turn to run before it starts to exit); elsewhere nothing is known,
/// and `false`.
fn exiting(pid: u32) -> bool {
    if !cfg!(target_os = "linux") {
        return false;
    }
    if kill_pending(pid) {
        return true;
    }
    const PF_EXITING: u64 = 0x4;
    let stat = match fs::read_to_string(format!("/proc/{pid}/stat")) {
        Ok(s) => s,
        Err(e) => return e.kind() == io::ErrorKind::NotFound,
    };
    // After the command name, in parentheses: state, ppid, pgrp, session,
    // tty, tpgid, flags.
    let Some((_, fields)) = stat.rsplit_once(')') else {
        return false;
    };
    let fields: Vec<&str> = fields.split_whitespace().collect();
    let state = fields.first().copied().unwrap_or("");
    let flags: u64 = fields.get(6).and_then(|f| f.parse().ok()).unwrap_or(0);
    matches!(state, "Z" | "X" | "x") || flags & PF_EXITING != 0
}

/// Whether `SIGKILL` is pending for process `pid`, for its main thread
/// (`SigPnd`) or the whole process (`ShdPnd`), as `/proc/PID/status` says.
fn kill_pending(pid: u32) -> bool {
    fs::read_to_string(format!("/proc/{pid}/status")).is_ok_and(|s| kill_in(&s))
}

/// Whether a `/proc/PID/status` text has `SIGKILL` (signal 9, bit 8) in
/// its pending masks.
fn kill_in(status: &str) -> bool {
    const SIGKILL_BIT: u64 = 1 << (9 - 1);
    status.lines().any(|line| {
        ["SigPnd:", "ShdPnd:"].iter().any(|key| {
            line.strip_prefix(key)
                .and_then(|mask| u64::from_str_radix(mask.trim(), 16).ok())
                .is_some_and(|mask| mask & SIGKILL_BIT != 0)
        })
    })
}

#[cfg(test)]
mod pending_tests {
    use super::*;

    #[test]
    fn a_pending_kill_is_read_from_either_mask_and_nothing_else() {
        let status = |sig: &str, shd: &str| {
            format!(
                "Name:\tshuffle-audit\nSigQ:\t0/95\nSigPnd:\t{sig}\nShdPnd:\t{shd}\nSigBlk:\t0000000000000100\n"
            )
        };
        assert!(kill_in(&status("0000000000000100", "0000000000000000")));
        assert!(kill_in(&status("0000000000000000", "0000000000000100")));
        // SIGTERM (bit 14) pending, SIGKILL only blocked: not killed.
        assert!(!kill_in(&status("0000000000004000", "0000000000000000")));
        // This process: alive, nothing pending.
        assert!(!kill_pending(std::process::id()));
    }
}
