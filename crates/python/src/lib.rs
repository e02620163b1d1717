//! The native half of the Python package `shuffle_audit`
//! (`python/shuffle_audit`): the workspace's readers, counts, judge and
//! renderers behind a few functions and classes. It decides nothing of its
//! own: every verdict is the judge's, every sentence the report's, every
//! JSON document the one the command line prints for the same input.

use pyo3::exceptions::{PyOSError, PyValueError};
use pyo3::prelude::*;

mod audit;
mod check;
mod decks;
mod laws;

/// What a document gives Python: its JSON as the command line prints it,
/// its text as the command line prints it without `--json`, and HTML for a
/// notebook.
fn rendered<D: report::export::Document>(doc: &D) -> PyResult<(String, String)> {
    let json = report::export::Format::Json
        .export(doc)
        .map_err(|e| PyValueError::new_err(format!("the document has no JSON: {e}")))?;
    let text = report::export::Format::Text { colour: false }
        .export(doc)
        .map_err(|e| PyValueError::new_err(format!("the document has no text: {e}")))?;
    Ok((
        String::from_utf8(json).expect("JSON is UTF-8"),
        String::from_utf8(text).expect("text is UTF-8"),
    ))
}

/// The provenance of a document made from Python by `command` on
/// `threads` workers (the machine's when `None`), as [`on_threads`] runs
/// it.
fn provenance(command: &str, threads: Option<usize>) -> report::Provenance {
    report::Provenance {
        threads: Some(threads.unwrap_or_else(rayon::current_num_threads)),
        ..report::Provenance::new(command)
    }
}

/// Why `path` could not be read, as the exception Python raises for it:
/// `FileNotFoundError`, `PermissionError`, `IsADirectoryError`, else
/// `OSError`, each naming the path.
fn io_error(path: &str, e: &std::io::Error) -> PyErr {
    use pyo3::exceptions::{PyFileNotFoundError, PyIsADirectoryError, PyPermissionError};
    use std::io::ErrorKind;
    let message = format!("{path}: {e}");
    match e.kind() {
        ErrorKind::NotFound => PyFileNotFoundError::new_err(message),
        ErrorKind::PermissionDenied => PyPermissionError::new_err(message),
        ErrorKind::IsADirectory => PyIsADirectoryError::new_err(message),
        _ => PyOSError::new_err(message),
    }
}

/// Runs `work` without the interpreter's lock, on `threads` workers (the
/// machine's when `None`).
fn on_threads<T: Send>(
    py: Python<'_>,
    threads: Option<usize>,
    work: impl FnOnce() -> T + Send,
) -> PyResult<T> {
    py.detach(|| match threads {
        None => Ok(work()),
        Some(0) => Err(PyValueError::new_err(
            "threads=0: give 1 or more, or None for one per core",
        )),
        Some(t) => rayon::ThreadPoolBuilder::new()
            .num_threads(t)
            .build()
            .map(|pool| pool.install(work))
            .map_err(|e| PyOSError::new_err(format!("cannot start {t} threads: {e}"))),
    })
}

/// The module `shuffle_audit._native`.
#[pymodule]
fn _native(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add("AUDIT_ALPHA", judge::grade::AUDIT_ALPHA)?;
    m.add("DEFAULT_FALSE_FAILURE", judge::check::DEFAULT_FALSE_FAILURE)?;
    m.add("DETECTION_POWER", judge::check::DETECTION_POWER)?;
    m.add("VERSION", env!("CARGO_PKG_VERSION"))?;
    m.add_function(wrap_pyfunction!(audit::audit_array, m)?)?;
    m.add_function(wrap_pyfunction!(audit::audit_file, m)?)?;
    m.add_class::<audit::Counts>()?;
    m.add_class::<audit::NativeAudit>()?;
    m.add_function(wrap_pyfunction!(laws::exact, m)?)?;
    m.add_function(wrap_pyfunction!(laws::sample, m)?)?;
    m.add_function(wrap_pyfunction!(laws::algorithms, m)?)?;
    m.add_class::<laws::NativeExact>()?;
    m.add_class::<laws::NativeSample>()?;
    m.add_function(wrap_pyfunction!(check::check, m)?)?;
    Ok(())
}
