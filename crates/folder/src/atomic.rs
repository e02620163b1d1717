//! Atomic file writes: a file is either all there or not changed.

use super::error::FolderError;
use std::io::Write;
use std::path::Path;

/// Writes `contents` to `path` atomically: into a temporary file in the same
/// folder, flushed to disk, then renamed over `path`. A failure at any step
/// leaves `path` as it was and removes the temporary file.
///
/// # Errors
/// [`FolderError::Io`] naming the path.
pub(super) fn write_atomic(path: &Path, contents: &[u8]) -> Result<(), FolderError> {
    let io = |cause| FolderError::Io {
        what: "writing",
        path: path.to_path_buf(),
        cause,
    };
    let dir = match path.parent() {
        Some(d) if !d.as_os_str().is_empty() => d,
        _ => Path::new("."),
    };
    std::fs::create_dir_all(dir).map_err(io)?;
    let name = path
        .file_name()
        .map(|n| n.to_string_lossy().into_owned())
        .unwrap_or_default();
    let tmp = dir.join(format!(".{name}.tmp-{}", std::process::id()));
    // Created new: never through a link, never over a file.
    let mut file = super::own::create_new(&tmp).map_err(io)?;
    let result = file
        .write_all(contents)
        .and_then(|()| file.sync_all())
        .and_then(|()| std::fs::rename(&tmp, path));
    if result.is_err() {
        // Ours to remove: this call created it.
        let _ = std::fs::remove_file(&tmp);
    }
    result.map_err(io)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn writes_then_replaces_and_leaves_no_temporary_file() {
        let dir = std::env::temp_dir().join(format!("report-write-{}", std::process::id()));
        let path = dir.join("a.json");
        write_atomic(&path, b"one").unwrap();
        write_atomic(&path, b"two").unwrap();
        assert_eq!(std::fs::read(&path).unwrap(), b"two");
        let names: Vec<_> = std::fs::read_dir(&dir)
            .unwrap()
            .map(|e| e.unwrap().file_name())
            .collect();
        assert_eq!(names.len(), 1, "{names:?}");
        std::fs::remove_dir_all(&dir).unwrap();
    }

    #[test]
    fn a_failed_write_names_the_path() {
        let err = write_atomic(Path::new("/proc/no/such/dir/x.json"), b"x").unwrap_err();
        assert!(
            err.to_string()
                .starts_with("writing /proc/no/such/dir/x.json"),
            "{err}"
        );
    }
}
