//! The lock that lets one run at a time write a report folder.

use super::error::{FolderError, io_err};
use super::own::{self, Refused};
use std::fs::{self, File};
use std::io::{self, Read, Seek, Write};
use std::path::{Path, PathBuf};

/// What the lock is, as a refusal names it.
const ROLE: &str = "the name of the folder's lock";

/// An exclusive lock on a report folder, held for the life of the value;
/// its file is removed on release.
#[derive(Debug)]
pub(super) struct Lock {
    path: PathBuf,
    file: Option<File>,
}

impl Lock {
    /// Takes the lock at `path` for `folder`. The file is created new; an
    /// existing one is taken only when an earlier run of this user left it
    /// (a regular file, not a link, holding nothing but a process id) and no
    /// process holds it. Anything else at the name is refused and left
    /// untouched.
    pub(super) fn take(path: PathBuf, folder: &Path) -> Result<Lock, FolderError> {
        loop {
            let (mut file, created) = match own::create_new(&path) {
                Ok(f) => (f, true),
                Err(e) if e.kind() == io::ErrorKind::AlreadyExists => match own::open_ours(&path) {
                    Ok(f) => (f, false),
                    // Its holder finished and removed it meanwhile.
                    Err(Refused::Gone) => continue,
                    Err(Refused::NotOurs(what)) => return Err(own::not_ours(&path, what, ROLE)),
                    Err(Refused::Io(e)) => return Err(io_err("opening the lock", &path)(e)),
                },
                Err(e) => return Err(io_err("creating the lock", &path)(e)),
            };
            match file.try_lock() {
                Ok(()) => {}
                Err(fs::TryLockError::WouldBlock) => {
                    let pid = holder(&mut file);
                    // A holder killed a moment ago lets go once its files
                    // are closed.
                    let freed = match pid {
                        Some(pid) => own::lock_once_its_holder_exits(&file, pid)
                            .map_err(io_err("locking", &path))?,
                        None => false,
                    };
                    if !freed {
                        return Err(FolderError::InUse {
                            folder: folder.to_path_buf(),
                            pid,
                        });
                    }
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
            if !own::same_file(&file, &path) {
                continue;
            }
            // A file left by a run that was killed holds its process id and
            // nothing else; one that holds anything else is not a lock.
            if !created && !is_process_id(&read_all(&mut file).map_err(io_err("reading", &path))?) {
                return Err(own::not_ours(
                    &path,
                    "a file that is not a lock of shuffle-audit",
                    ROLE,
                ));
            }
            file.set_len(0)
                .and_then(|()| file.rewind())
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

/// The first bytes of `file` (a lock holds a few).
fn read_all(file: &mut File) -> io::Result<Vec<u8>> {
    let mut bytes = Vec::new();
    file.rewind()?;
    file.take(64).read_to_end(&mut bytes)?;
    Ok(bytes)
}

/// A process id and a line end, or nothing (a run killed between creating
/// its lock and writing to it).
fn is_process_id(bytes: &[u8]) -> bool {
    match bytes.strip_suffix(b"\n") {
        Some(digits) => {
            !digits.is_empty() && digits.len() <= 20 && digits.iter().all(u8::is_ascii_digit)
        }
        None => bytes.is_empty(),
    }
}

/// The process id the holder of `file` wrote: it writes it just after
/// locking, so give it a moment to appear.
fn holder(file: &mut File) -> Option<u32> {
    for _ in 0..100 {
        if let Ok(bytes) = read_all(file)
            && let Some(pid) = std::str::from_utf8(&bytes)
                .ok()
                .and_then(|t| t.trim().parse().ok())
        {
            return Some(pid);
        }
        std::thread::sleep(std::time::Duration::from_millis(2));
    }
    None
}

impl Drop for Lock {
    fn drop(&mut self) {
        // Removed while still held, so a waiting opener sees it is stale;
        // only if the name is still our file.
        if let Some(file) = &self.file
            && own::same_file(file, &self.path)
        {
            let _ = fs::remove_file(&self.path);
        }
        drop(self.file.take());
    }
}

#[cfg(test)]
mod tests {
    use super::is_process_id;

    #[test]
    fn a_lock_holds_a_process_id_or_nothing() {
        for good in [&b""[..], b"1\n", b"4294967295\n"] {
            assert!(is_process_id(good), "{good:?}");
        }
        for bad in [&b"\n"[..], b"12", b"data\n", b"1 2\n", b"-1\n", b"12\n\n"] {
            assert!(!is_process_id(bad), "{bad:?}");
        }
    }
}
