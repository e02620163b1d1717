//! The whole exact law as a file, streamed: `shuffle-audit exact --table`.
//! At 12 cards the law has 479,001,600 weights, too many for a JSON
//! document; the file holds them one per arrangement, in lexicographic
//! order, over the document's `denominator`.
//!
//! The file is reserved before any work ([`PendingTable::reserve`]): its
//! name checked free, its folder writable, and a temporary file
//! (`.NAME.shuffle-audit-PID.tmp`, created new and locked while it is
//! written) made beside it. It is then written, flushed to disk, and linked
//! to the name, which fails if anything has taken the name meanwhile: a
//! table never replaces a file, and an interrupted write leaves no partial
//! table under the name. A temporary file that a killed run of this user
//! left (a regular file of theirs at such a name that no live run holds
//! locked) is removed by the next run that writes the same table; anything
//! else at such a name is refused and left alone.

use report_folder::own;
use serde::{Deserialize, Serialize};
use stats::ExactDistribution;
use std::fs::File;
use std::io::{BufWriter, Write};
use std::path::{Path, PathBuf};
use thiserror::Error;

/// How a table is written, from its file name's extension.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum TableFormat {
    /// `.csv`: `rank,arrangement,weight`, one line per arrangement.
    Csv,
    /// `.bin`: each weight as a little-endian unsigned integer of
    /// `width_bytes` bytes (8 when every weight fits, else 16), nothing else.
    Binary,
}

/// Why a table cannot be written.
#[derive(Debug, Error)]
pub enum TableError {
    /// The name has no extension the table knows.
    #[error(
        "table file {0}: name it *.csv (one line per arrangement) or *.bin (little-endian weights)"
    )]
    Extension(PathBuf),
    /// Something already has the name.
    #[error("table file {0} exists: shuffle-audit does not replace files; choose another name")]
    Exists(PathBuf),
    /// The table is too large for the file-size limit of this process.
    #[error(
        "writing table file {0}: the file would exceed this process's file-size limit (ulimit -f): raise it or choose the binary format (*.bin), which is smaller"
    )]
    TooLarge(PathBuf),
    /// Something the tool did not make stands at the temporary name.
    #[error(
        "{path} is {what}, which shuffle-audit did not make, at the name of a table's temporary file: it was left untouched; remove it or choose another name"
    )]
    NotOurs {
        /// What stands there.
        path: PathBuf,
        /// What it is.
        what: &'static str,
    },
    /// Writing failed; nothing was left under the name.
    #[error("writing table file {path}: {cause}")]
    Io {
        /// The table's name.
        path: PathBuf,
        /// The cause (in the message: one line says all).
        cause: std::io::Error,
    },
}

/// What a table file holds, for the document that announces it.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct TableFile {
    /// The path as given.
    pub path: String,
    /// `"csv"` or `"binary"`.
    pub format: TableFormat,
    /// Rows (CSV) or weights (binary): `n!`.
    pub arrangements: u64,
    /// Binary only: bytes per weight.
    #[serde(skip_serializing_if = "Option::is_none", default)]
    pub width_bytes: Option<u8>,
    /// Bytes written.
    pub bytes: u64,
}

impl TableFormat {
    /// The format named by `path`'s extension, when `path` is free: checked
    /// before any work is done.
    ///
    /// # Errors
    /// [`TableError::Extension`] or [`TableError::Exists`].
    pub fn for_new_file(path: &Path) -> Result<Self, TableError> {
        let format = match path.extension().and_then(|e| e.to_str()) {
            Some("csv") => TableFormat::Csv,
            Some("bin") => TableFormat::Binary,
            _ => return Err(TableError::Extension(path.to_path_buf())),
        };
        if path.symlink_metadata().is_ok() {
            return Err(TableError::Exists(path.to_path_buf()));
        }
        Ok(format)
    }
}

/// A table file reserved before any work: its name free, its temporary
/// file created and locked. Dropped without [`PendingTable::write`], it
/// removes the temporary file.
#[derive(Debug)]
pub struct PendingTable {
    path: PathBuf,
    format: TableFormat,
    tmp: PathBuf,
    file: Option<File>,
}

/// `path`'s folder and file name.
fn folder_and_name(path: &Path) -> (&Path, String) {
    let dir = match path.parent() {
        Some(d) if !d.as_os_str().is_empty() => d,
        _ => Path::new("."),
    };
    let name = path
        .file_name()
        .map(|n| n.to_string_lossy().into_owned())
        .unwrap_or_default();
    (dir, name)
}

impl PendingTable {
    /// Reserves a table at `path`, before any work is done: checks the
    /// extension and that the name is free, removes the temporary files an
    /// interrupted run of this user left for the same name, and creates
    /// this run's, locked while it is written.
    ///
    /// # Errors
    /// [`TableError::Extension`], [`TableError::Exists`],
    /// [`TableError::NotOurs`] for something else at a temporary name, or
    /// [`TableError::Io`] (a missing or unwritable folder).
    pub fn reserve(path: &Path) -> Result<PendingTable, TableError> {
        let format = TableFormat::for_new_file(path)?;
        let io = |cause| TableError::Io {
            path: path.to_path_buf(),
            cause,
        };
        let (dir, name) = folder_and_name(path);
        remove_leftovers(dir, &name, path)?;
        let tmp = dir.join(format!(".{name}.shuffle-audit-{}.tmp", std::process::id()));
        let file = own::create_new(&tmp).map_err(|e| {
            if e.kind() == std::io::ErrorKind::AlreadyExists {
                TableError::NotOurs {
                    path: tmp.clone(),
                    what: "something",
                }
            } else {
                io(e)
            }
        })?;
        let pending = PendingTable {
            path: path.to_path_buf(),
            format,
            tmp,
            file: Some(file),
        };
        // Held until the table is linked or the process ends, however it
        // ends: what proves a leftover's writer is gone.
        if let Some(f) = &pending.file {
            f.lock().map_err(io)?;
        }
        Ok(pending)
    }

    /// Writes every weight of `law` to the table and links it to its name.
    ///
    /// # Errors
    /// [`TableError::Exists`] if the name was taken meanwhile,
    /// [`TableError::TooLarge`] past the process's file-size limit,
    /// [`TableError::Io`]; the temporary file is removed.
    pub fn write(mut self, law: &ExactDistribution) -> Result<TableFile, TableError> {
        let path = self.path.clone();
        let format = self.format;
        let file = self.file.take().expect("written once");
        let width: u8 = if law.max_weight() <= u128::from(u64::MAX) {
            8
        } else {
            16
        };
        let written = (|| -> std::io::Result<u64> {
            let bytes = write_weights(file, format, width, law)?;
            // Linking fails if the name was taken meanwhile: never replaced.
            std::fs::hard_link(&self.tmp, &path)?;
            Ok(bytes)
        })();
        let bytes = written.map_err(|e| {
            if e.kind() == std::io::ErrorKind::AlreadyExists && path.symlink_metadata().is_ok() {
                TableError::Exists(path.clone())
            } else if e.kind() == std::io::ErrorKind::FileTooLarge {
                TableError::TooLarge(path.clone())
            } else {
                TableError::Io {
                    path: path.clone(),
                    cause: e,
                }
            }
        })?;
        Ok(TableFile {
            path: path.display().to_string(),
            format,
            arrangements: law.weights.len() as u64,
            width_bytes: (format == TableFormat::Binary).then_some(width),
            bytes,
        })
    }
}

impl Drop for PendingTable {
    fn drop(&mut self) {
        // Ours: created new by `reserve`; linked to its name or not, this
        // name goes.
        let _ = std::fs::remove_file(&self.tmp);
    }
}

/// Writes the weights to `file` and flushes it to disk: the bytes written.
fn write_weights(
    file: File,
    format: TableFormat,
    width: u8,
    law: &ExactDistribution,
) -> std::io::Result<u64> {
    let mut out = BufWriter::with_capacity(1 << 20, file);
    let mut bytes = 0u64;
    match format {
        TableFormat::Csv => {
            let head = b"rank,arrangement,weight\n";
            out.write_all(head)?;
            bytes += head.len() as u64;
            let mut a: Vec<u8> = (0..law.deck as u8).collect();
            let mut line = String::new();
            for (r, w) in law.weights.iter().enumerate() {
                use std::fmt::Write as _;
                line.clear();
                let _ = write!(line, "{r},");
                for (i, c) in a.iter().enumerate() {
                    let _ = write!(line, "{}{c}", if i > 0 { " " } else { "" });
                }
                let _ = writeln!(line, ",{w}");
                out.write_all(line.as_bytes())?;
                bytes += line.len() as u64;
                stats::law::perm::next_permutation(&mut a);
            }
        }
        TableFormat::Binary => {
            for &w in &law.weights {
                let le = w.to_le_bytes();
                out.write_all(&le[..usize::from(width)])?;
            }
            bytes = law.weights.len() as u64 * u64::from(width);
        }
    }
    let file = out.into_inner().map_err(|e| e.into_error())?;
    file.sync_all()?;
    Ok(bytes)
}

/// Removes the temporary files of the table `name` in `dir` that a run of
/// this user left when it was killed: regular files of theirs, unlocked
/// (their writer is gone). Anything else at such a name is refused.
fn remove_leftovers(dir: &Path, name: &str, table: &Path) -> Result<(), TableError> {
    let io = |cause| TableError::Io {
        path: table.to_path_buf(),
        cause,
    };
    let prefix = format!(".{name}.shuffle-audit-");
    let entries = match std::fs::read_dir(dir) {
        Ok(e) => e,
        // A missing folder is found when the temporary file is created.
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => return Ok(()),
        Err(e) => return Err(io(e)),
    };
    for entry in entries {
        let entry = entry.map_err(io)?;
        let file_name = entry.file_name().to_string_lossy().into_owned();
        let Some(pid) = file_name
            .strip_prefix(&prefix)
            .and_then(|rest| rest.strip_suffix(".tmp"))
        else {
            continue;
        };
        if pid.is_empty() || !pid.bytes().all(|b| b.is_ascii_digit()) {
            continue;
        }
        let path = entry.path();
        let file = match own::open_ours(&path) {
            Ok(f) => f,
            Err(own::Refused::Gone) => continue,
            Err(own::Refused::NotOurs(what)) => return Err(TableError::NotOurs { path, what }),
            Err(own::Refused::Io(e)) => return Err(io(e)),
        };
        let locked = match file.try_lock() {
            // Its writer is gone (the system released its lock).
            Ok(()) => true,
            // Its writer is exiting, killed a moment ago: its lock goes
            // when its files are closed.
            Err(std::fs::TryLockError::WouldBlock) => match pid.parse() {
                Ok(pid) => own::lock_once_its_holder_exits(&file, pid).map_err(io)?,
                Err(_) => false,
            },
            Err(std::fs::TryLockError::Error(e)) => return Err(io(e)),
        };
        // Another run is writing it, or it changed hands: not ours to touch.
        if locked && own::same_file(&file, &path) {
            std::fs::remove_file(&path).map_err(io)?;
        }
    }
    Ok(())
}

/// Writes every weight of `law` to a new file at `path`: reserves it, then
/// writes it.
///
/// # Errors
/// As [`PendingTable::reserve`] and [`PendingTable::write`].
pub fn write_table(path: &Path, law: &ExactDistribution) -> Result<TableFile, TableError> {
    PendingTable::reserve(path)?.write(law)
}

#[cfg(test)]
mod tests {
    use super::*;
    use algorithms::registry::find;

    fn law() -> ExactDistribution {
        let e = find("naive-swap").unwrap();
        stats::exact_distribution(&e.algorithm, 3, &stats::Limits::default()).unwrap()
    }

    #[test]
    fn csv_and_binary_hold_every_weight_in_order() {
        let dir = tempfile::tempdir().unwrap();
        let law = law();
        let csv = dir.path().join("law.csv");
        let info = write_table(&csv, &law).unwrap();
        // The textbook 27 paths on 3 cards: 4, 5, 5, 5, 4, 4.
        assert_eq!(
            std::fs::read_to_string(&csv).unwrap(),
            "rank,arrangement,weight\n0,0 1 2,4\n1,0 2 1,5\n2,1 0 2,5\n3,1 2 0,5\n4,2 0 1,4\n5,2 1 0,4\n"
        );
        assert_eq!(info.bytes, std::fs::metadata(&csv).unwrap().len());
        let bin = dir.path().join("law.bin");
        let info = write_table(&bin, &law).unwrap();
        let bytes = std::fs::read(&bin).unwrap();
        assert_eq!((info.width_bytes, info.bytes), (Some(8), 48));
        let weights: Vec<u64> = bytes
            .chunks(8)
            .map(|c| u64::from_le_bytes(c.try_into().unwrap()))
            .collect();
        assert_eq!(weights, [4, 5, 5, 5, 4, 4]);
        // Nothing else was left in the folder.
        assert_eq!(std::fs::read_dir(dir.path()).unwrap().count(), 2);
    }

    #[test]
    fn a_taken_name_or_an_unknown_extension_is_refused_and_left_alone() {
        let dir = tempfile::tempdir().unwrap();
        let taken = dir.path().join("mine.csv");
        std::fs::write(&taken, "not yours").unwrap();
        let err = write_table(&taken, &law()).unwrap_err();
        assert!(matches!(err, TableError::Exists(_)), "{err}");
        assert_eq!(std::fs::read_to_string(&taken).unwrap(), "not yours");
        let err = write_table(&dir.path().join("law.json"), &law()).unwrap_err();
        assert_eq!(
            err.to_string(),
            format!(
                "table file {}: name it *.csv (one line per arrangement) or *.bin (little-endian weights)",
                dir.path().join("law.json").display()
            )
        );
        assert_eq!(std::fs::read_dir(dir.path()).unwrap().count(), 1);
    }
}
