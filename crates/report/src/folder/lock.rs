//! The lock that lets one run at a time write a report folder.

use super::error::{FolderError, io_err};
use std::fs::{self, File};
use std::io::{self, Read, Write};
use std::path::{Path, PathBuf};

/// An exclusive lock on a report folder, held for the life of the value;
/// its file is removed on release.
#[derive(Debug)]
pub(super) struct Lock {
    path: PathBuf,
    file: Option<File>,
}

impl Lock {
    pub(super) fn take(path: PathBuf, folder: &Path) -> Result<Lock, FolderError> {
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
