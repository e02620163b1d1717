//! The repository's own code stays readable file by file: no source file
//! over [`MOST_LINES`] lines (a file that grows past it holds two jobs and
//! is split along them).

use std::path::{Path, PathBuf};

/// The most lines a source file may hold.
const MOST_LINES: usize = 700;

/// The folders of the repository that hold code.
const CODE: [&str; 4] = ["crates", "python", "scripts", "fuzz"];

/// The kinds of files that are code.
const EXTENSIONS: [&str; 4] = ["rs", "py", "js", "mjs"];

fn root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../..")
}

/// Every code file under `dir`, build output and environments left out.
fn code_files(dir: &Path, out: &mut Vec<PathBuf>) {
    for entry in std::fs::read_dir(dir).unwrap() {
        let entry = entry.unwrap();
        let path = entry.path();
        let name = entry.file_name();
        let name = name.to_string_lossy();
        let kind = entry.file_type().unwrap();
        if kind.is_dir() {
            if !(name == "target" || name.starts_with('.') || name == "__pycache__") {
                code_files(&path, out);
            }
        } else if kind.is_file()
            && path
                .extension()
                .is_some_and(|e| EXTENSIONS.iter().any(|x| e == *x))
        {
            out.push(path);
        }
    }
}

#[test]
fn no_source_file_is_over_700_lines() {
    let root = root();
    let mut files = Vec::new();
    for dir in CODE {
        code_files(&root.join(dir), &mut files);
    }
    assert!(
        files.len() > 300,
        "found only {} code files: is {} the repository?",
        files.len(),
        root.display()
    );
    let mut long: Vec<String> = files
        .iter()
        .filter_map(|f| {
            let lines = std::fs::read_to_string(f).unwrap().lines().count();
            let name = f.strip_prefix(&root).unwrap_or(f);
            (lines > MOST_LINES).then(|| format!("{} ({lines} lines)", name.display()))
        })
        .collect();
    long.sort();
    assert!(
        long.is_empty(),
        "over {MOST_LINES} lines: {}",
        long.join(", ")
    );
}
