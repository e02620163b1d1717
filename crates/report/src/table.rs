//! The whole exact law as a file, streamed: `shuffle-audit exact --table`.
//! At 12 cards the law has 479,001,600 weights, too many for a JSON
//! document; the file holds them one per arrangement, in lexicographic
//! order, over the document's `denominator`.
//!
//! The file is written beside its final name (`.NAME.shuffle-audit-PID.tmp`),
//! flushed to disk, then linked to the name, which fails if anything has
//! taken the name meanwhile: a table never replaces a file, and an
//! interrupted write leaves no partial table under the name.

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
    /// Writing failed; nothing was left under the name.
    #[error("writing table file {path}: {source}")]
    Io {
        /// The table's name.
        path: PathBuf,
        /// The cause.
        source: std::io::Error,
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

/// Writes every weight of `law` to a new file at `path`.
///
/// # Errors
/// As [`TableFormat::for_new_file`], or [`TableError::Io`] (the temporary
/// file is removed).
pub fn write_table(path: &Path, law: &ExactDistribution) -> Result<TableFile, TableError> {
    let format = TableFormat::for_new_file(path)?;
    let io = |source| TableError::Io {
        path: path.to_path_buf(),
        source,
    };
    let dir = match path.parent() {
        Some(d) if !d.as_os_str().is_empty() => d,
        _ => Path::new("."),
    };
    let name = path
        .file_name()
        .map(|n| n.to_string_lossy().into_owned())
        .unwrap_or_default();
    let tmp = dir.join(format!(".{name}.shuffle-audit-{}.tmp", std::process::id()));
    let width: u8 = if law.max_weight() <= u128::from(u64::MAX) {
        8
    } else {
        16
    };
    let written = (|| -> std::io::Result<u64> {
        let file = File::options().write(true).create_new(true).open(&tmp)?;
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
                    stats::perm::next_permutation(&mut a);
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
        // Linking fails if the name was taken meanwhile: never replaced.
        std::fs::hard_link(&tmp, path)?;
        Ok(bytes)
    })();
    let _ = std::fs::remove_file(&tmp);
    let bytes = written.map_err(|e| {
        if e.kind() == std::io::ErrorKind::AlreadyExists && path.symlink_metadata().is_ok() {
            TableError::Exists(path.to_path_buf())
        } else {
            io(e)
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
