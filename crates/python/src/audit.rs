//! `audit`: decks dealt elsewhere, from an array or a file, tested as
//! `shuffle-audit audit` tests them; and `Counts`, the audit's counts of a
//! piece of a stream, kept, pickled and merged in order.

use crate::decks::{Decks, base_of, not_integers};
use algorithms::{MAX_DECK, MIN_DECK};
use deck_lines::{Base, LineCounts};
use engine::audit::CountedRows;
use engine::audit::{AuditError, Audited};
use numpy::{PyArray1, PyArrayMethods};
use pyo3::exceptions::{PyTypeError, PyValueError};
use pyo3::prelude::*;
use pyo3::types::{PyBytes, PyDict, PyList};
use report::sampled::{AuditReport, InputInfo};
use report::{Provenance, Standalone};
use stats::hypothesis::audit::{CountsState, DeckCounts, Lag1State, ObservedState};
use std::time::Instant;

/// An audit's document, rendered.
#[pyclass(module = "shuffle_audit._native", frozen)]
pub(crate) struct NativeAudit {
    /// `shuffle-audit audit --json`'s document.
    #[pyo3(get)]
    json: String,
    /// What `shuffle-audit audit` prints.
    #[pyo3(get)]
    text: String,
    /// The certificate, as HTML.
    #[pyo3(get)]
    html: String,
    /// What it found, in one sentence.
    #[pyo3(get)]
    finding: String,
    /// Whether bias is shown at the level (exit code 1).
    #[pyo3(get)]
    bias_shown: bool,
    /// The input's name.
    #[pyo3(get)]
    source: String,
    /// Decks tested.
    #[pyo3(get)]
    decks: u64,
    /// Cards per deck.
    #[pyo3(get)]
    deck: usize,
}

impl NativeAudit {
    fn of(
        outcome: engine::audit::Outcome<AuditReport>,
        provenance: Provenance,
        seconds: f64,
    ) -> PyResult<NativeAudit> {
        let bias_shown = outcome.exit_code() == engine::exit::BIAS;
        let report = outcome.report;
        let finding = report.finding_words().to_string();
        let source = report.input.source.clone();
        let (decks, deck) = (report.input.decks, report.input.deck);
        let doc = Standalone::new(report, provenance, Some(seconds));
        let (json, text) = crate::rendered(&doc)?;
        let html = report::html::markdown(&report::certificate::markdown(&doc));
        Ok(NativeAudit {
            json,
            text,
            html,
            finding,
            bias_shown,
            source,
            decks,
            deck,
        })
    }
}

/// The level, checked.
fn level(alpha: f64) -> PyResult<f64> {
    judge::grade::family_level(alpha).map_err(|allowed| {
        PyValueError::new_err(format!(
            "alpha={} is not a family-wise level: give {allowed}",
            judge::words::as_typed(alpha)
        ))
    })
}

/// The audit of counted decks, as `audit` makes it.
fn judged(
    name: &str,
    input: InputInfo,
    counts: DeckCounts,
    alpha: f64,
) -> PyResult<engine::audit::Outcome<AuditReport>> {
    engine::audit::decks(engine::audit::Decks {
        name: name.to_string(),
        input,
        counts,
        alpha,
    })
    .map_err(|e| PyValueError::new_err(e.to_string()))
}

/// `audit(decks)` of a 2-D integer array: the rows as `audit` reads them
/// from a file `numpy.savetxt(f, decks, fmt="%d")` writes (its SHA-256
/// and bytes are the input's).
#[pyfunction]
#[pyo3(signature = (decks, *, name, base, alpha, ordered, threads, command))]
#[allow(clippy::too_many_arguments)]
pub(crate) fn audit_array(
    py: Python<'_>,
    decks: &Bound<'_, PyAny>,
    name: String,
    base: Option<u8>,
    alpha: f64,
    ordered: bool,
    threads: Option<usize>,
    command: String,
) -> PyResult<NativeAudit> {
    let alpha = level(alpha)?;
    let given = base_of(base)?;
    let start = Instant::now();
    let decks: Decks<'_> = decks.extract().map_err(|_| not_integers("decks"))?;
    let CountedRows {
        counts,
        deck,
        decks,
        base,
        digest,
    } = decks.count(py, given, ordered, true, threads)?;
    let (sha256, bytes) = digest.expect("asked for");
    let input = InputInfo {
        source: name.clone(),
        lines: decks,
        decks,
        deck,
        base: Some(base),
        base_detected: given.is_none(),
        invalid: Vec::new(),
        sha256: Some(sha256),
        bytes,
        ordered,
    };
    let outcome = py.detach(|| judged(&name, input, counts, alpha))?;
    NativeAudit::of(
        outcome,
        crate::provenance(&command, threads),
        start.elapsed().as_secs_f64(),
    )
}

/// How `path` is read, as `shuffle-audit audit FILE` reads it: plain
/// decks only (decklists and shoes are left to the command line), judged
/// at the audit's default level unless the caller says.
fn lines_of(
    path: &str,
    deck: Option<usize>,
    base: Option<Base>,
    ordered: bool,
    skip_invalid: bool,
) -> PyResult<(engine::audit::Lines, std::fs::File)> {
    if let Some(d) = deck
        && !(MIN_DECK..=MAX_DECK).contains(&d)
    {
        return Err(PyValueError::new_err(format!(
            "deck={d}: a deck holds {MIN_DECK}..={MAX_DECK} cards"
        )));
    }
    let file = std::fs::File::open(path).map_err(|e| crate::io_error(path, &e))?;
    // A directory opens on Unix and fails at its first read.
    if file.metadata().is_ok_and(|m| m.is_dir()) {
        return Err(pyo3::exceptions::PyIsADirectoryError::new_err(format!(
            "{path}: is a directory: give a file of one deck per line"
        )));
    }
    let request = engine::audit::Lines {
        deck,
        base,
        skip_invalid,
        ordered,
        ..engine::audit::Lines::decks(path, true)
    };
    Ok((request, file))
}

/// An audit's error, in the words of the command line with the keywords
/// of Python.
fn audit_error(path: &str, skip_invalid: bool, e: AuditError) -> PyErr {
    match e {
        AuditError::Read(deck_lines::ReadError::Io(e)) => crate::io_error(path, &e),
        AuditError::Read(e) => {
            let hint = match e {
                deck_lines::ReadError::Line { .. } if !skip_invalid => {
                    " (skip_invalid=True counts bad lines instead)"
                }
                _ => "",
            };
            PyValueError::new_err(format!("{path}: {e}{hint}"))
        }
        e @ AuditError::Decklists { .. } => PyValueError::new_err(format!(
            "{path}: {e}: audit decklists and shoes with the command line, shuffle-audit audit"
        )),
        e @ AuditError::TooFew(_) => PyValueError::new_err(e.to_string()),
        e => PyValueError::new_err(format!("{path}: {e}")),
    }
}

/// Reads, counts and judges `path` on the current rayon pool, as
/// `shuffle-audit audit FILE` does ([`engine::audit::run`]).
fn audit_path(
    path: &str,
    deck: Option<usize>,
    base: Option<Base>,
    ordered: bool,
    skip_invalid: bool,
    alpha: f64,
    stop: &crate::Stop,
) -> PyResult<engine::audit::Outcome<AuditReport>> {
    let (request, file) = lines_of(path, deck, base, ordered, skip_invalid)?;
    let request = engine::audit::Lines { alpha, ..request };
    let file = crate::Stoppable { inner: file, stop };
    let read = engine::audit::run(&request, file, &|_, _| {})
        .map_err(|e| audit_error(path, skip_invalid, e))?;
    match read.audited {
        Audited::Decks(outcome) => Ok(*outcome),
        Audited::Repeated(_) => unreachable!("decklists and shoes are refused"),
    }
}

/// `audit(path)`: the file as `shuffle-audit audit FILE` audits it.
#[pyfunction]
#[pyo3(signature = (path, *, deck, base, alpha, ordered, skip_invalid, threads, command))]
#[allow(clippy::too_many_arguments)]
pub(crate) fn audit_file(
    py: Python<'_>,
    path: String,
    deck: Option<usize>,
    base: Option<u8>,
    alpha: f64,
    ordered: bool,
    skip_invalid: bool,
    threads: Option<usize>,
    command: String,
) -> PyResult<NativeAudit> {
    let alpha = level(alpha)?;
    let given = base_of(base)?;
    let start = Instant::now();
    let work =
        |stop: &crate::Stop| audit_path(&path, deck, given, ordered, skip_invalid, alpha, stop);
    let outcome = crate::on_threads(py, threads, work)??;
    NativeAudit::of(
        outcome,
        crate::provenance(&command, threads),
        start.elapsed().as_secs_f64(),
    )
}

/// The audit's counts of a piece of a stream of decks: merged in the
/// order the pieces came (`a + b`, `Counts.merge`), they are the counts
/// of one pass over the whole stream, the decks across each seam paired
/// as `cat` would pair them; `.audit()` tests them.
#[pyclass(module = "shuffle_audit._native")]
#[derive(Clone)]
pub(crate) struct Counts {
    counts: DeckCounts,
    base: Base,
    /// The lines read, valid and invalid (an array's rows are all decks).
    lines: LineCounts,
}

#[pymethods]
impl Counts {
    /// Counts the rows of a 2-D integer array (one deck per row).
    #[new]
    #[pyo3(signature = (decks, *, base = None, ordered = true, threads = None))]
    fn new(
        py: Python<'_>,
        decks: &Bound<'_, PyAny>,
        base: Option<u8>,
        ordered: bool,
        threads: Option<usize>,
    ) -> PyResult<Counts> {
        let decks: Decks<'_> = decks.extract().map_err(|_| not_integers("Counts(decks)"))?;
        let counted = decks.count(py, base_of(base)?, ordered, false, threads)?;
        Ok(Counts {
            counts: counted.counts.into_owned(),
            base: counted.base,
            lines: LineCounts {
                lines: counted.decks,
                decks: counted.decks,
                invalid: Vec::new(),
                runs: Default::default(),
            },
        })
    }

    /// Counts the decks of a file as `shuffle-audit audit FILE` reads it.
    #[staticmethod]
    #[pyo3(signature = (path, *, deck = None, base = None, ordered = true, skip_invalid = false, threads = None))]
    fn read(
        py: Python<'_>,
        path: String,
        deck: Option<usize>,
        base: Option<u8>,
        ordered: bool,
        skip_invalid: bool,
        threads: Option<usize>,
    ) -> PyResult<Counts> {
        let base = base_of(base)?;
        let read = crate::on_threads(py, threads, |stop| {
            let (request, file) = lines_of(&path, deck, base, ordered, skip_invalid)?;
            let file = crate::Stoppable { inner: file, stop };
            engine::audit::count(&request, file, &|_, _| {})
                .map_err(|e| audit_error(&path, skip_invalid, e))
        })??;
        Ok(Counts {
            counts: read.counts.into_owned(),
            base: read.base,
            lines: read.lines,
        })
    }

    /// Lines read (decks and invalid lines).
    #[getter]
    fn lines(&self) -> u64 {
        self.lines.lines
    }

    /// Cards per deck.
    #[getter]
    fn deck(&self) -> usize {
        self.counts.deck()
    }

    /// Decks counted.
    #[getter]
    fn decks(&self) -> u64 {
        self.counts.decks()
    }

    /// Whether the decks were counted in order (each against the one
    /// before it).
    #[getter]
    fn ordered(&self) -> bool {
        self.counts.ordered()
    }

    /// The numbering of the decks' values: 0 or 1.
    #[getter]
    fn base(&self) -> u64 {
        self.base.first()
    }

    /// These counts followed by `later`'s (the decks that came right
    /// after), as one pass over both counts them.
    fn __add__(&self, py: Python<'_>, later: PyRef<'_, Counts>) -> PyResult<Counts> {
        let mut merged = self.clone();
        merged.append(py, &later)?;
        Ok(merged)
    }

    /// The counts of `pieces` in order (at least one).
    #[staticmethod]
    fn merge(py: Python<'_>, pieces: &Bound<'_, PyAny>) -> PyResult<Counts> {
        let mut merged: Option<Counts> = None;
        for piece in pieces.try_iter()? {
            let piece = piece?;
            let piece = piece.cast::<Counts>().map_err(|_| {
                PyTypeError::new_err("Counts.merge takes Counts, in the order of their pieces")
            })?;
            let piece = piece.borrow();
            match &mut merged {
                None => merged = Some(piece.clone()),
                Some(m) => m.append(py, &piece)?,
            }
        }
        merged.ok_or_else(|| PyValueError::new_err("Counts.merge of no pieces"))
    }

    /// The audit of these counts, as `shuffle-audit audit` of the whole
    /// stream gives it (the input's SHA-256 is not recorded: the pieces
    /// were never read as one).
    #[pyo3(signature = (*, name, alpha, command))]
    fn audit(
        &self,
        py: Python<'_>,
        name: String,
        alpha: f64,
        command: String,
    ) -> PyResult<NativeAudit> {
        let alpha = level(alpha)?;
        let start = Instant::now();
        let input = InputInfo {
            source: name.clone(),
            lines: self.lines.lines,
            decks: self.counts.decks(),
            deck: self.counts.deck(),
            base: Some(self.base),
            base_detected: true,
            invalid: self.lines.invalid.clone(),
            sha256: None,
            bytes: 0,
            ordered: self.counts.ordered(),
        };
        let counts = self.counts.clone();
        let outcome = py.detach(|| judged(&name, input, counts, alpha))?;
        NativeAudit::of(
            outcome,
            crate::provenance(&command, None),
            start.elapsed().as_secs_f64(),
        )
    }

    /// The counts as plain Python values and numpy arrays (what a pickle
    /// holds).
    fn state<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyDict>> {
        let s = self.counts.state();
        let d = PyDict::new(py);
        d.set_item("version", 1)?;
        d.set_item("deck", s.deck)?;
        d.set_item("base", self.base.first())?;
        d.set_item("lines", self.lines.lines)?;
        d.set_item(
            "invalid",
            serde_json::to_string(&self.lines.invalid).expect("invalid lines serialize"),
        )?;
        d.set_item("decks", observed_dict(py, &s.decks)?)?;
        match &s.lag1 {
            None => d.set_item("lag1", py.None())?,
            Some(l) => {
                let lag = PyDict::new(py);
                match &l.ends {
                    None => lag.set_item("ends", py.None())?,
                    Some((first, last)) => {
                        lag.set_item("ends", (PyBytes::new(py, first), PyBytes::new(py, last)))?
                    }
                }
                lag.set_item("moves", observed_dict(py, &l.moves)?)?;
                lag.set_item("contingency", PyArray1::from_slice(py, &l.contingency))?;
                d.set_item("lag1", lag)?;
            }
        }
        Ok(d)
    }

    /// Counts from their [`state`](Counts::state), each table checked.
    #[staticmethod]
    fn from_state(state: &Bound<'_, PyDict>) -> PyResult<Counts> {
        let version: u32 = item(state, "version")?.extract()?;
        if version != 1 {
            return Err(PyValueError::new_err(format!(
                "counts of state version {version}: this version of shuffle_audit reads version 1"
            )));
        }
        let deck: usize = item(state, "deck")?.extract()?;
        let base = base_of(Some(item(state, "base")?.extract()?))?.expect("given");
        let decks = observed_state(&item(state, "decks")?)?;
        let lag1 = item(state, "lag1")?;
        let lag1 = if lag1.is_none() {
            None
        } else {
            let lag = lag1.cast::<PyDict>()?;
            let ends = item(lag, "ends")?;
            let ends = if ends.is_none() {
                None
            } else {
                Some(ends.extract::<(Vec<u8>, Vec<u8>)>()?)
            };
            Some(Lag1State {
                ends,
                moves: observed_state(&item(lag, "moves")?)?,
                contingency: u64s(&item(lag, "contingency")?)?,
            })
        };
        let counts = DeckCounts::from_state(CountsState { deck, decks, lag1 })
            .map_err(|e| PyValueError::new_err(e.to_string()))?;
        let invalid: String = item(state, "invalid")?.extract()?;
        let invalid: Vec<deck_lines::InvalidLines> = serde_json::from_str(&invalid)
            .map_err(|e| PyValueError::new_err(format!("counts state: invalid lines: {e}")))?;
        let lines = LineCounts {
            lines: item(state, "lines")?.extract()?,
            decks: counts.decks(),
            invalid,
            // Runs of invalid lines bound a read; a restored count reads
            // no more.
            runs: Default::default(),
        };
        if lines.lines < lines.decks + lines.invalid_total() {
            return Err(PyValueError::new_err(
                "counts state: fewer lines than decks and invalid lines",
            ));
        }
        Ok(Counts {
            counts,
            base,
            lines,
        })
    }

    fn __repr__(&self) -> String {
        format!(
            "Counts({} decks of {} cards, {}-based, {})",
            judge::words::count(self.counts.decks()),
            self.counts.deck(),
            self.base.first(),
            if self.counts.ordered() {
                "in order"
            } else {
                "unordered"
            }
        )
    }
}

impl Counts {
    /// Whether `later` can follow these counts.
    fn check(&self, later: &Counts) -> PyResult<()> {
        if later.counts.deck() != self.counts.deck()
            || later.counts.ordered() != self.counts.ordered()
            || later.base != self.base
        {
            return Err(PyValueError::new_err(format!(
                "cannot merge {} with {}: the pieces of one stream have one deck size, numbering and order",
                self.__repr__(),
                later.__repr__()
            )));
        }
        Ok(())
    }

    /// Appends `later`'s counts: the decks that came right after these.
    fn append(&mut self, py: Python<'_>, later: &Counts) -> PyResult<()> {
        self.check(later)?;
        let counts = later.counts.clone();
        py.detach(|| self.counts.append(counts));
        self.lines.append(later.lines.clone());
        Ok(())
    }
}

/// `d[key]`, or the error naming the missing key.
fn item<'py>(d: &Bound<'py, PyDict>, key: &str) -> PyResult<Bound<'py, PyAny>> {
    d.get_item(key)?
        .ok_or_else(|| PyValueError::new_err(format!("counts state without {key:?}")))
}

/// A 1-D array (or sequence) of counts.
fn u64s(v: &Bound<'_, PyAny>) -> PyResult<Vec<u64>> {
    let Ok(a) = v.cast::<PyArray1<u64>>() else {
        return v.extract();
    };
    match a.to_vec() {
        Ok(counts) => Ok(counts),
        // An array rebuilt from a message's bytes (Dask's, for one) may be
        // misaligned: an aligned copy is read instead.
        Err(_) => {
            let numpy = v.py().import("numpy")?;
            let aligned = numpy
                .call_method1("ascontiguousarray", (v,))?
                .call_method0("copy")?;
            Ok(aligned.cast::<PyArray1<u64>>()?.to_vec()?)
        }
    }
}

fn observed_dict<'py>(py: Python<'py>, s: &ObservedState) -> PyResult<Bound<'py, PyDict>> {
    let d = PyDict::new(py);
    d.set_item("positions", PyArray1::from_slice(py, &s.positions))?;
    match &s.histogram {
        None => d.set_item("histogram", py.None())?,
        Some(h) => d.set_item("histogram", PyArray1::from_slice(py, h))?,
    }
    let battery = PyList::empty(py);
    for counts in &s.battery {
        battery.append(PyArray1::from_slice(py, counts))?;
    }
    d.set_item("battery", battery)?;
    // Written straight into the bytes object Python keeps.
    let prints = PyBytes::new_with(py, 16 * s.prints.len(), |bytes| {
        for (slot, print) in bytes.chunks_exact_mut(16).zip(&s.prints) {
            slot.copy_from_slice(&print.to_le_bytes());
        }
        Ok(())
    })?;
    d.set_item("prints", prints)?;
    d.set_item("prints_up_to", s.prints_up_to)?;
    Ok(d)
}

fn observed_state(v: &Bound<'_, PyAny>) -> PyResult<ObservedState> {
    let d = v.cast::<PyDict>()?;
    let histogram = item(d, "histogram")?;
    let battery: Vec<Bound<'_, PyAny>> = item(d, "battery")?.extract()?;
    let battery: Vec<Vec<u64>> = battery.iter().map(u64s).collect::<PyResult<_>>()?;
    let battery: [Vec<u64>; 5] = battery
        .try_into()
        .map_err(|_| PyValueError::new_err("counts state: the battery has 5 statistics"))?;
    let prints = item(d, "prints")?;
    let prints: &[u8] = prints.cast::<PyBytes>()?.as_bytes();
    if !prints.len().is_multiple_of(16) {
        return Err(PyValueError::new_err(
            "counts state: fingerprints are 16 bytes each",
        ));
    }
    Ok(ObservedState {
        positions: u64s(&item(d, "positions")?)?,
        histogram: if histogram.is_none() {
            None
        } else {
            Some(u64s(&histogram)?)
        },
        battery,
        prints: prints
            .chunks_exact(16)
            .map(|c| u128::from_le_bytes(c.try_into().expect("16 bytes")))
            .collect(),
        prints_up_to: item(d, "prints_up_to")?.extract()?,
    })
}
