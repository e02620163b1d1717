//! `exact` and `sample`: the registry's algorithms, their exact laws and
//! their sampled counts, as `shuffle-audit exact` and `sample` give them
//! ([`engine::exact`], [`engine::sample`]), with the report's heatmap.
//! The requests are checked, and refused in the package's names, by the
//! engine ([`engine::exact::plan`], [`engine::sample::request`]).

use crate::{documents, refused};
use algorithms::registry::Entry;
use napi::bindgen_prelude::{BigInt, Buffer, Float64Array};
use napi_derive::napi;
use report::Standalone;
use report::sampled::SampleReport;
use stats::law::exact::ExactDistribution;
use stats::law::markov::ExactPositionLaw;
use std::time::Instant;

/// One algorithm of the registry.
#[napi(object)]
#[derive(Debug)]
pub struct AlgorithmInfo {
    /// Its id (`fisher-yates`).
    pub id: String,
    /// Its name.
    pub name: String,
    /// What it does and whether it is fair, in one line.
    pub summary: String,
}

/// Every algorithm `exact` and `sample` know, in the command line's order.
#[napi]
pub fn algorithms() -> Vec<AlgorithmInfo> {
    algorithms::registry::REGISTRY
        .iter()
        .map(|e| AlgorithmInfo {
            id: e.id.into(),
            name: e.name.into(),
            summary: e.summary.into(),
        })
        .collect()
}

/// The registry's entry of `id`.
fn entry(id: &str) -> napi::Result<&'static Entry> {
    algorithms::registry::find(id).map_err(|e| refused(e.to_string()))
}

/// `work` on a pool of `threads` threads, or on the global pool (one per
/// core) when `None`.
fn on_threads<T: Send>(threads: Option<u32>, work: impl FnOnce() -> T + Send) -> napi::Result<T> {
    match threads {
        None => Ok(work()),
        Some(t) => rayon::ThreadPoolBuilder::new()
            .num_threads(t as usize)
            .build()
            .map(|pool| pool.install(work))
            .map_err(|e| refused(format!("cannot start {t} threads: {e}"))),
    }
}

/// How `exact` is run: the caller's options, checked in JavaScript.
#[napi(object)]
#[derive(Debug)]
pub struct ExactOptions {
    /// Threads (one per core when absent).
    pub threads: Option<u32>,
    /// The memory limit, in bytes, beside the system's.
    pub max_memory: Option<f64>,
    /// The call, as the document's provenance records it.
    pub command: String,
}

/// What an exact computation gave.
#[derive(Debug)]
enum Law {
    /// The whole law.
    Whole(ExactDistribution),
    /// The position matrix alone, by the Markov chain.
    Positions(ExactPositionLaw),
}

/// An exact law, rendered, with its numbers.
#[napi]
#[derive(Debug)]
pub struct NativeExact {
    law: Law,
    id: &'static str,
    json: String,
    text: String,
    uniform: bool,
}

#[napi]
impl NativeExact {
    /// `shuffle-audit exact --json`'s document.
    #[napi(getter)]
    pub fn json(&self) -> String {
        self.json.clone()
    }

    /// What `shuffle-audit exact` prints.
    #[napi(getter)]
    pub fn text(&self) -> String {
        self.text.clone()
    }

    /// Whether the law is exactly uniform (the position matrix's, when
    /// that is all that is known).
    #[napi(getter)]
    pub fn uniform(&self) -> bool {
        self.uniform
    }

    /// `positions[card][position]`: the probability that `card` ends at
    /// `position`, each correctly rounded.
    #[napi]
    pub fn positions(&self) -> Vec<Vec<f64>> {
        match &self.law {
            Law::Whole(l) => l.position_matrix(),
            Law::Positions(p) => p.rounded().rows(),
        }
    }

    /// The probability of each arrangement (`a[position] = card`) in
    /// lexicographic order, correctly rounded; `null` when only the
    /// position matrix is known.
    #[napi]
    pub fn arrangements(&self) -> Option<Float64Array> {
        match &self.law {
            Law::Whole(l) => Some(Float64Array::new(l.probabilities())),
            Law::Positions(_) => None,
        }
    }

    /// The whole law's weights over [`denominator`](Self::denominator), by
    /// lexicographic rank of the arrangement; `null` when only the
    /// position matrix is known.
    #[napi]
    pub fn weights(&self) -> Option<Vec<BigInt>> {
        match &self.law {
            Law::Whole(l) => Some(l.weights.iter().map(|&w| BigInt::from(w)).collect()),
            Law::Positions(_) => None,
        }
    }

    /// `[card][position]`: the position matrix's weights over the
    /// denominator; `null` when only the rounded matrix is known.
    #[napi]
    pub fn position_weights(&self) -> Option<Vec<Vec<BigInt>>> {
        match &self.law {
            Law::Whole(l) => Some(
                l.position_weights()
                    .into_iter()
                    .map(|row| row.into_iter().map(BigInt::from).collect())
                    .collect(),
            ),
            Law::Positions(_) => None,
        }
    }

    /// The common denominator of the weights.
    #[napi]
    pub fn denominator(&self) -> Option<BigInt> {
        match &self.law {
            Law::Whole(l) => Some(BigInt::from(l.denominator)),
            Law::Positions(_) => None,
        }
    }

    /// The report's heatmap of the law, as PNG bytes.
    #[napi]
    pub fn heatmap(&self) -> napi::Result<Buffer> {
        let Law::Whole(law) = &self.law else {
            return Err(refused(
                "the heatmap of a law known by its position matrix alone is not drawn: sample it, or ask for a deck brute force or state merging reaches".into(),
            ));
        };
        report::files::position_png(self.id, law.deck, None, Some(law))
            .map(Buffer::from)
            .map_err(|e| refused(e.to_string()))
    }
}

/// The names `exact`'s refusals give what it was given.
const EXACT_NAMES: engine::exact::Names = engine::exact::Names {
    deck: "deck",
    method: "options.method",
    max_memory: "options.maxMemory",
};

/// `exact(algorithm, deck)`: the fastest exact method the judge has for
/// it, as `shuffle-audit exact -a ALGORITHM -d DECK`; refused before any
/// table is allocated where its estimated peak exceeds the least memory
/// limit (`maxMemory`, the system's), as `--max-memory`.
#[napi]
pub fn exact(algorithm: String, deck: f64, options: ExactOptions) -> napi::Result<NativeExact> {
    let entry = entry(&algorithm)?;
    // A whole number of at most 2^53, checked in JavaScript.
    let deck = deck as usize;
    let threads = options
        .threads
        .map_or_else(rayon::current_num_threads, |t| t as usize);
    let plan = engine::exact::plan(&engine::exact::Asked {
        entry,
        deck,
        requested: judge::method::Requested::Auto,
        threads,
        // A whole number of bytes, checked in JavaScript.
        max_memory: options.max_memory.map(|b| b as u64),
        json: true,
        names: EXACT_NAMES,
    })
    .map_err(|e| refused(e.to_string()))?;
    let start = Instant::now();
    let request = engine::exact::Request {
        entry,
        deck,
        plan,
        limits: engine::exact::limits(entry, None),
    };
    let outcome = on_threads(options.threads, || engine::exact::run(request, &|_| {}))?
        .map_err(|e| refused(engine::with_causes(&e)))?;
    let seconds = Some(start.elapsed().as_secs_f64());
    let provenance = crate::provenance(&options.command, threads);
    let uniform = outcome.uniform();
    let (law, (json, text)) = match outcome {
        engine::exact::Outcome::Chain { report, law } => {
            let doc = Standalone::new(*report, provenance, seconds);
            (Law::Positions(law), documents(&doc)?)
        }
        engine::exact::Outcome::Law { report, law } => {
            let doc = Standalone::new(*report, provenance, seconds);
            (Law::Whole(law), documents(&doc)?)
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

/// The most worker threads `exact` and `sample` accept.
#[napi]
pub fn max_threads() -> u32 {
    engine::MAX_THREADS as u32
}

/// The seed `sample` deals from when none is given: the command line's
/// (`--seed`'s default).
#[napi]
pub fn default_seed() -> i64 {
    judge::suite::DEFAULT_SEED as i64
}

/// How `sample` is run: the caller's options, checked in JavaScript.
#[napi(object)]
#[derive(Debug)]
pub struct SampleOptions {
    /// Seed of the generator.
    pub seed: i64,
    /// Keep the permutation histogram (`true`) or not (`false`); absent:
    /// where the shuffles give each arrangement enough expected decks.
    pub histogram: Option<bool>,
    /// Threads (one per core when absent); the counts do not depend on it.
    pub threads: Option<u32>,
    /// The call, as the document's provenance records it.
    pub command: String,
}

/// Sampled counts, tested, rendered.
#[napi]
#[derive(Debug)]
pub struct NativeSample {
    report: SampleReport,
    json: String,
    text: String,
}

#[napi]
impl NativeSample {
    /// `shuffle-audit sample --json`'s document.
    #[napi(getter)]
    pub fn json(&self) -> String {
        self.json.clone()
    }

    /// What `shuffle-audit sample` prints.
    #[napi(getter)]
    pub fn text(&self) -> String {
        self.text.clone()
    }

    /// Whether the tests show bias: the judge's grade is suspicious or
    /// biased.
    #[napi(getter)]
    pub fn bias_shown(&self) -> bool {
        self.report.verdict.shows_bias()
    }

    /// The verdict in the words the command line prints, never a claim of
    /// fairness.
    #[napi(getter)]
    pub fn finding(&self) -> String {
        self.report.finding_words()
    }

    /// `positions[card][position]`: how often `card` ended at `position`
    /// (whole numbers: the shuffles are at most 2^53).
    #[napi]
    pub fn positions(&self) -> Vec<Vec<f64>> {
        let rows = &self.report.position_matrix;
        rows.iter()
            .map(|r| r.iter().map(|&c| c as f64).collect())
            .collect()
    }

    /// How often each arrangement came up, by lexicographic rank, when the
    /// histogram was kept; else `null`.
    #[napi]
    pub fn arrangements(&self) -> Option<Float64Array> {
        self.report
            .permutation_counts
            .as_ref()
            .map(|c| Float64Array::new(c.iter().map(|&n| n as f64).collect()))
    }

    /// The report's heatmap of the counts, as PNG bytes (with the exact
    /// panel where the law is cheap).
    #[napi]
    pub fn heatmap(&self) -> napi::Result<Buffer> {
        let r = &self.report;
        let law = algorithms::registry::find(&r.algorithm)
            .ok()
            .and_then(|e| judge::method::cheap_exact_law(e, r.deck));
        report::files::position_png(&r.algorithm, r.deck, Some(r), law.as_ref())
            .map(Buffer::from)
            .map_err(|e| refused(e.to_string()))
    }
}

/// `sample(algorithm, deck, shuffles)`: as `shuffle-audit sample -a
/// ALGORITHM -d DECK -n SHUFFLES --seed SEED`; the same seed gives the same
/// counts on any number of threads.
#[napi]
pub fn sample(
    algorithm: String,
    deck: f64,
    shuffles: f64,
    options: SampleOptions,
) -> napi::Result<NativeSample> {
    let seed = u64::try_from(options.seed).map_err(|_| {
        refused(format!(
            "options.seed: {}: give a whole number from 0",
            options.seed
        ))
    })?;
    let request = engine::sample::request(&engine::sample::Asked {
        entry: entry(&algorithm)?,
        // Whole numbers of at most 2^53, checked in JavaScript.
        deck: deck as usize,
        shuffles: shuffles as u64,
        seed,
        repeat: 1,
        histogram: options.histogram,
        names: engine::sample::Names {
            deck: "deck",
            shuffles: "shuffles",
            repeat: "repeat",
            histogram: "options.histogram",
        },
    })
    .map_err(|e| refused(e.to_string()))?;
    let start = Instant::now();
    let outcome = on_threads(options.threads, || engine::sample::run(request, &|_| {}))?;
    let seconds = Some(start.elapsed().as_secs_f64());
    let threads = outcome.report.threads;
    let doc = Standalone::new(
        outcome.report,
        crate::provenance(&options.command, threads),
        seconds,
    );
    let (json, text) = documents(&doc)?;
    Ok(NativeSample {
        report: doc.document,
        json,
        text,
    })
}
