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

/// How often a call that runs without the interpreter's lock looks for a
/// signal (Ctrl-C) Python has received.
const SIGNAL_POLL: std::time::Duration = std::time::Duration::from_millis(50);

/// Set when Python asked the running call to stop (Ctrl-C, or any signal
/// whose handler raised): the work looks at it where it reports progress.
#[derive(Debug, Default)]
pub(crate) struct Stop(std::sync::atomic::AtomicBool);

/// The unwinding payload of work stopped by [`Stop::here`]: the call
/// raises the signal's exception instead.
struct Stopped;

impl Stop {
    /// Whether the call was asked to stop.
    pub(crate) fn asked(&self) -> bool {
        self.0.load(std::sync::atomic::Ordering::Relaxed)
    }

    /// Ends the work at once when asked, by unwinding to [`on_threads`]
    /// (through rayon, which carries it to its caller): for the progress
    /// callbacks of work that has no other way to stop. It prints nothing.
    pub(crate) fn here(&self) {
        if self.asked() {
            std::panic::resume_unwind(Box::new(Stopped));
        }
    }
}

/// A reader that fails once the call is asked to stop: a file's audit
/// ends at its next read.
pub(crate) struct Stoppable<'a, R> {
    pub(crate) inner: R,
    pub(crate) stop: &'a Stop,
}

impl<R: std::io::Read> std::io::Read for Stoppable<'_, R> {
    fn read(&mut self, buf: &mut [u8]) -> std::io::Result<usize> {
        if self.stop.asked() {
            return Err(std::io::Error::other("stopped by a signal"));
        }
        self.inner.read(buf)
    }
}

/// Runs `work` without the interpreter's lock, on `threads` workers (the
/// machine's when `None`), while this thread looks for signals every
/// [`SIGNAL_POLL`]: on Ctrl-C the work is told to stop ([`Stop`]), and the
/// call raises `KeyboardInterrupt` once it has.
fn on_threads<T: Send>(
    py: Python<'_>,
    threads: Option<usize>,
    work: impl FnOnce(&Stop) -> T + Send,
) -> PyResult<T> {
    let pool = match threads {
        None => None,
        Some(0) => {
            return Err(PyValueError::new_err(
                "threads=0: give 1 or more, or None for one per core",
            ));
        }
        Some(t) => Some(
            rayon::ThreadPoolBuilder::new()
                .num_threads(t)
                .build()
                .map_err(|e| PyOSError::new_err(format!("cannot start {t} threads: {e}")))?,
        ),
    };
    let stop = Stop::default();
    let caller = std::thread::current();
    std::thread::scope(|scope| {
        let stop = &stop;
        let running = scope.spawn(move || {
            let done = match &pool {
                None => work(stop),
                Some(pool) => pool.install(|| work(stop)),
            };
            caller.unpark();
            done
        });
        while !running.is_finished() {
            py.detach(|| std::thread::park_timeout(SIGNAL_POLL));
            if let Err(signal) = py.check_signals() {
                stop.0.store(true, std::sync::atomic::Ordering::Relaxed);
                // Finished or stopped, the work's result is dropped.
                let _ = py.detach(|| running.join());
                return Err(signal);
            }
        }
        match running.join() {
            Ok(done) => Ok(done),
            Err(panic) => std::panic::resume_unwind(panic),
        }
    })
}

/// The module `shuffle_audit._native`.
#[pymodule]
fn _native(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add("AUDIT_ALPHA", judge::grade::AUDIT_ALPHA)?;
    m.add("DEFAULT_FALSE_FAILURE", judge::check::DEFAULT_FALSE_FAILURE)?;
    m.add("DETECTION_POWER", judge::check::DETECTION_POWER)?;
    m.add("DEFAULT_SEED", judge::suite::DEFAULT_SEED)?;
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
