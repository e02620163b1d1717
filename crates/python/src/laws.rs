//! `exact` and `sample`: the registry's algorithms, their exact laws and
//! their sampled counts, as `shuffle-audit exact` and `sample` give them,
//! with the report's heatmap.

use ::algorithms::registry::Entry;
use numpy::{PyArray1, PyArray2};
use pyo3::exceptions::{PyMemoryError, PyOverflowError, PyValueError};
use pyo3::prelude::*;
use pyo3::types::PyBytes;
use report::Standalone;
use report::sampled::SampleReport;
use stats::law::exact::ExactDistribution;
use stats::law::markov::ExactPositionLaw;
use std::time::Instant;

/// The registry's entry of `id`.
fn entry(id: &str) -> PyResult<&'static Entry> {
    ::algorithms::registry::find(id).map_err(|e| PyValueError::new_err(e.to_string()))
}

/// Every algorithm of the registry: `(id, name, summary)`.
#[pyfunction]
pub(crate) fn algorithms() -> Vec<(&'static str, &'static str, &'static str)> {
    ::algorithms::registry::REGISTRY
        .iter()
        .map(|e| (e.id, e.name, e.summary))
        .collect()
}

/// What an exact computation gave.
enum Law {
    /// The whole law.
    Whole(ExactDistribution),
    /// The position matrix alone, by the Markov chain.
    Positions(ExactPositionLaw),
}

/// An exact law, rendered, with its numbers.
#[pyclass(module = "shuffle_audit._native", frozen)]
pub(crate) struct NativeExact {
    law: Law,
    id: &'static str,
    /// `shuffle-audit exact --json`'s document.
    #[pyo3(get)]
    json: String,
    /// What `shuffle-audit exact` prints.
    #[pyo3(get)]
    text: String,
    /// Whether the law is uniform.
    #[pyo3(get)]
    uniform: bool,
}

#[pymethods]
impl NativeExact {
    /// Cards.
    #[getter]
    fn deck(&self) -> usize {
        match &self.law {
            Law::Whole(l) => l.deck,
            Law::Positions(p) => p.deck,
        }
    }

    /// `positions[card, position]`: the probability that `card` ends at
    /// `position`, each correctly rounded.
    fn positions<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyArray2<f64>>> {
        let rows = match &self.law {
            Law::Whole(l) => l.position_matrix(),
            Law::Positions(p) => p.rounded().rows(),
        };
        Ok(PyArray2::from_vec2(py, &rows)?)
    }

    /// The whole law's weights, by lexicographic rank of the arrangement
    /// (`a[position] = card`), over [`denominator`](Self::denominator), as
    /// Python integers; `None` when only the position matrix is known.
    fn weights(&self) -> Option<Vec<u128>> {
        match &self.law {
            Law::Whole(l) => Some(l.weights.clone()),
            Law::Positions(_) => None,
        }
    }

    /// The position matrix's weights over the denominator.
    fn position_weights(&self) -> Option<Vec<Vec<u128>>> {
        match &self.law {
            Law::Whole(l) => Some(l.position_weights()),
            Law::Positions(_) => None,
        }
    }

    /// The common denominator of the weights.
    fn denominator(&self) -> Option<u128> {
        match &self.law {
            Law::Whole(l) => Some(l.denominator),
            Law::Positions(_) => None,
        }
    }

    /// The probability of each arrangement, correctly rounded.
    fn arrangements<'py>(&self, py: Python<'py>) -> Option<Bound<'py, PyArray1<f64>>> {
        match &self.law {
            Law::Whole(l) => Some(PyArray1::from_vec(py, l.probabilities())),
            Law::Positions(_) => None,
        }
    }

    /// The report's heatmap of the law, as PNG bytes.
    fn heatmap<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyBytes>> {
        let Law::Whole(law) = &self.law else {
            return Err(PyValueError::new_err(
                "the heatmap of a law known by its position matrix alone is not drawn: sample it, or ask for a deck brute force or state merging reaches",
            ));
        };
        let png = py
            .detach(|| report::files::position_png(self.id, law.deck, None, Some(law)))
            .map_err(|e| PyValueError::new_err(e.to_string()))?;
        Ok(PyBytes::new(py, &png))
    }
}

/// `exact(algorithm, deck)`: the fastest exact method the judge has for
/// it ([`engine::exact::plan`]), as `shuffle-audit exact -a ALGORITHM -d DECK`;
/// refused with `MemoryError` before any table is allocated where its
/// estimated peak exceeds the least memory limit (`max_memory`, the
/// system's), as `--max-memory`.
#[pyfunction]
#[pyo3(signature = (algorithm, deck, *, threads, max_memory, command))]
pub(crate) fn exact(
    py: Python<'_>,
    algorithm: &str,
    deck: usize,
    threads: Option<usize>,
    max_memory: Option<u64>,
    command: String,
) -> PyResult<NativeExact> {
    let entry = entry(algorithm)?;
    let plan = engine::exact::plan(&engine::exact::Asked {
        entry,
        deck,
        requested: judge::method::Requested::Auto,
        threads: threads.unwrap_or_else(rayon::current_num_threads),
        max_memory,
        json: true,
        names: engine::exact::Names {
            deck: "deck",
            method: "method",
            max_memory: "max_memory",
        },
    })
    .map_err(|refused| match refused {
        engine::exact::Refused::Memory(why) => PyMemoryError::new_err(why),
        engine::exact::Refused::NoMethod(why) => PyValueError::new_err(why),
    })?;
    let start = Instant::now();
    let limits = engine::exact::limits(entry, None);
    let request = engine::exact::Request {
        entry,
        deck,
        plan,
        limits,
    };
    let outcome = crate::on_threads(py, threads, |stop| {
        engine::exact::run(request, &|_| stop.here())
    })?
    .map_err(|e| PyOverflowError::new_err(engine::with_causes(&e)))?;
    let seconds = Some(start.elapsed().as_secs_f64());
    let provenance = crate::provenance(&command, threads);
    let uniform = outcome.uniform();
    let (law, (json, text)) = match outcome {
        engine::exact::Outcome::Chain { report, law } => {
            let doc = Standalone::new(*report, provenance, seconds);
            (Law::Positions(law), crate::rendered(&doc)?)
        }
        engine::exact::Outcome::Law { report, law } => {
            let doc = Standalone::new(*report, provenance, seconds);
            (Law::Whole(law), crate::rendered(&doc)?)
        }
    };
    Ok(NativeExact {
        law,
        id: entry.id,
        json,
        text,
        uniform,
    })
}

/// Sampled counts, tested, rendered.
#[pyclass(module = "shuffle_audit._native", frozen)]
pub(crate) struct NativeSample {
    report: SampleReport,
    /// `shuffle-audit sample --json`'s document.
    #[pyo3(get)]
    json: String,
    /// What `shuffle-audit sample` prints.
    #[pyo3(get)]
    text: String,
}

#[pymethods]
impl NativeSample {
    /// `positions[card, position]`: how often `card` ended at `position`.
    fn positions<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyArray2<u64>>> {
        Ok(PyArray2::from_vec2(py, &self.report.position_matrix)?)
    }

    /// How often each arrangement came up, by lexicographic rank, when the
    /// histogram was kept.
    fn arrangements<'py>(&self, py: Python<'py>) -> Option<Bound<'py, PyArray1<u64>>> {
        self.report
            .permutation_counts
            .as_ref()
            .map(|c| PyArray1::from_slice(py, c))
    }

    /// Whether the tests show bias.
    #[getter]
    fn bias_shown(&self) -> bool {
        self.report.verdict.shows_bias()
    }

    /// The verdict, as the report labels it.
    #[getter]
    fn verdict(&self) -> &'static str {
        self.report.verdict.label()
    }

    /// The verdict in the words the command line prints: "biased", or "no
    /// bias shown at N shuffles" and what that leaves open (the smallest
    /// bias this many shuffles could show), never a claim of fairness.
    #[getter]
    fn finding(&self) -> String {
        self.report.finding_words()
    }

    /// The report's heatmap of the counts, as PNG bytes (with the exact
    /// panel where the law is cheap).
    fn heatmap<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyBytes>> {
        let r = &self.report;
        let png = py
            .detach(|| {
                let law = ::algorithms::registry::find(&r.algorithm)
                    .ok()
                    .and_then(|e| judge::method::cheap_exact_law(e, r.deck));
                report::files::position_png(&r.algorithm, r.deck, Some(r), law.as_ref())
            })
            .map_err(|e| PyValueError::new_err(e.to_string()))?;
        Ok(PyBytes::new(py, &png))
    }
}

/// `sample(algorithm, deck, shuffles, seed)`: as `shuffle-audit sample -a
/// ALGORITHM -d DECK -n SHUFFLES --seed SEED`.
#[pyfunction]
#[pyo3(signature = (algorithm, deck, shuffles, seed, *, threads, command))]
pub(crate) fn sample(
    py: Python<'_>,
    algorithm: &str,
    deck: usize,
    shuffles: u64,
    seed: u64,
    threads: Option<usize>,
    command: String,
) -> PyResult<NativeSample> {
    let request = engine::sample::request(&engine::sample::Asked {
        entry: entry(algorithm)?,
        deck,
        shuffles,
        seed,
        repeat: 1,
        histogram: None,
        names: engine::sample::Names {
            deck: "deck",
            shuffles: "shuffles",
            repeat: "repeat",
            histogram: "histogram",
        },
    })
    .map_err(|refused| PyValueError::new_err(refused.0))?;
    let start = Instant::now();
    let outcome = crate::on_threads(py, threads, |stop| {
        engine::sample::run(request, &|_| stop.here())
    })?;
    let seconds = Some(start.elapsed().as_secs_f64());
    let report = outcome.report;
    let doc = Standalone::new(report, crate::provenance(&command, threads), seconds);
    let (json, text) = crate::rendered(&doc)?;
    Ok(NativeSample {
        report: doc.document,
        json,
        text,
    })
}
