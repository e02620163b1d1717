//! What every document carries: the schema's version, who wrote it and
//! how to run it again.

use judge::suite::Stage;
use serde::{Deserialize, Serialize};
use std::sync::Mutex;
use std::time::Instant;

/// The version of the JSON documents' layout; bumped on any breaking change.
pub const SCHEMA_VERSION: u32 = 9;

/// The schema of the JSON documents, written beside them as `SCHEMA.md`.
pub const SCHEMA_MD: &str = include_str!("../SCHEMA.md");

/// A document printed alone, as every command but the default run prints
/// one: the schema's version and who wrote it first, then the document's
/// own fields, then the wall time. Inside `report.json` the same documents
/// appear without it: the report carries one envelope for all of them.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Standalone<D> {
    /// [`SCHEMA_VERSION`].
    pub schema_version: u32,
    /// Who wrote it.
    pub provenance: Provenance,
    /// The document.
    #[serde(flatten)]
    pub document: D,
    /// Wall time of the command's work, in seconds (absent where the
    /// command does not time it).
    #[serde(skip_serializing_if = "Option::is_none", default)]
    pub seconds: Option<f64>,
}

impl<D> Standalone<D> {
    /// `document` in the envelope of this schema version.
    pub fn new(document: D, provenance: Provenance, seconds: Option<f64>) -> Self {
        Standalone {
            schema_version: SCHEMA_VERSION,
            provenance,
            document,
            seconds,
        }
    }
}

/// Who wrote a document, and how to run it again.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Provenance {
    /// Always `"shuffle-audit"`.
    pub tool: String,
    /// The tool's version.
    pub version: String,
    /// The last commit that changed the tool's source (`crates/`,
    /// `Cargo.toml`, `Cargo.lock`) in the checkout it was built from, or
    /// `"unknown"`: a commit of reports or documentation alone does not
    /// change it, so a rerun of the same code records the same commit.
    pub git_commit: String,
    /// `rustc --version` of the compiler that built it.
    pub rustc: String,
    /// Locked versions of the crates that decide the numbers, `name=version`.
    pub crates: Vec<String>,
    /// The command line that produced the document.
    pub command: String,
    /// When the run started, UTC, RFC 3339. A suite's `report.json` leaves
    /// it out, with the threads and the wall time: they are in `run.json`
    /// beside it ([`RunRecord`]).
    #[serde(skip_serializing_if = "Option::is_none", default)]
    pub date: Option<String>,
    /// Worker threads (results do not depend on it).
    #[serde(skip_serializing_if = "Option::is_none", default)]
    pub threads: Option<usize>,
    /// Wall time of the whole run, in seconds.
    #[serde(skip_serializing_if = "Option::is_none", default)]
    pub wall_seconds: Option<f64>,
    /// Where the wall time went (the suite only).
    #[serde(skip_serializing_if = "Option::is_none", default)]
    pub timings: Option<Timings>,
}

/// Where a suite run's wall time went, stage by stage and algorithm by
/// algorithm: what a change meant to make the run faster is measured
/// against. Varies from run to run; no result depends on it.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Timings {
    /// Each stage, in the order it ran.
    pub stages: Vec<StageTime>,
    /// The sampling stage per algorithm (with its exact position
    /// matrices), slowest first. Algorithms are sampled side by side when
    /// threads allow: these wall times overlap, and their sum can exceed
    /// the stage's.
    pub sampling: Vec<AlgorithmTime>,
}

/// How long one stage of the suite took.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct StageTime {
    /// The stage.
    pub stage: Stage,
    /// Wall time from its first shuffle to its verdict, in seconds.
    pub seconds: f64,
}

/// One algorithm's share of the sampling stage.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct AlgorithmTime {
    /// Its id.
    pub algorithm: String,
    /// Wall time from its first shuffle to its verdict, in seconds.
    pub seconds: f64,
}

impl Provenance {
    /// Provenance for this build of the tool and the given command line,
    /// dated now.
    pub fn new(command: impl Into<String>) -> Self {
        Provenance {
            tool: "shuffle-audit".into(),
            version: env!("CARGO_PKG_VERSION").into(),
            git_commit: env!("SHUFFLE_AUDIT_GIT_COMMIT").into(),
            rustc: env!("SHUFFLE_AUDIT_RUSTC").into(),
            crates: env!("SHUFFLE_AUDIT_CRATES")
                .split(',')
                .filter(|s| !s.is_empty())
                .map(String::from)
                .collect(),
            command: command.into(),
            date: Some(utc_now()),
            threads: None,
            wall_seconds: None,
            timings: None,
        }
    }
}

/// What varies from one run of the suite to the next (when it ran, on how
/// many threads, how long it took), written to `run.json` beside
/// `report.json` and kept out of every page: the report itself holds only
/// what a rerun reproduces, so a rerun of unchanged code leaves a committed
/// report byte for byte as it was.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct RunRecord {
    /// [`SCHEMA_VERSION`].
    pub schema_version: u32,
    /// The command line, as in the report's provenance.
    pub command: String,
    /// When the run started, UTC, RFC 3339.
    pub date: String,
    /// Worker threads (results do not depend on it).
    #[serde(skip_serializing_if = "Option::is_none", default)]
    pub threads: Option<usize>,
    /// Wall time of the whole run, in seconds.
    #[serde(skip_serializing_if = "Option::is_none", default)]
    pub wall_seconds: Option<f64>,
    /// Where the wall time went.
    #[serde(skip_serializing_if = "Option::is_none", default)]
    pub timings: Option<Timings>,
}

impl Provenance {
    /// Moves what varies from run to run (date, threads, wall time and
    /// timings) out of this provenance into a [`RunRecord`].
    pub fn take_run(&mut self) -> RunRecord {
        RunRecord {
            schema_version: SCHEMA_VERSION,
            command: self.command.clone(),
            date: self.date.take().unwrap_or_default(),
            threads: self.threads.take(),
            wall_seconds: self.wall_seconds.take(),
            timings: self.timings.take(),
        }
    }
}

/// The suite's clock: when the run started, and how long each stage took,
/// laps taken as each stage ends ([`judge::suite::Progress::Done`]), from
/// any thread.
#[derive(Debug)]
pub struct RunClock {
    start: Instant,
    laps: Mutex<(Instant, Vec<StageTime>)>,
}

impl RunClock {
    /// A clock started now.
    pub fn start() -> Self {
        let now = Instant::now();
        RunClock {
            start: now,
            laps: Mutex::new((now, Vec::new())),
        }
    }

    /// `stage` ended now: its time is that since the last lap.
    pub fn lap(&self, stage: Stage) {
        let mut laps = self.laps.lock().unwrap_or_else(|e| e.into_inner());
        let now = Instant::now();
        let seconds = (now - laps.0).as_secs_f64();
        laps.0 = now;
        laps.1.push(StageTime { stage, seconds });
    }

    /// Each stage's time so far, in the order they ended.
    pub fn stages(&self) -> Vec<StageTime> {
        self.laps
            .lock()
            .unwrap_or_else(|e| e.into_inner())
            .1
            .clone()
    }

    /// Seconds since the run started.
    pub fn seconds(&self) -> f64 {
        self.start.elapsed().as_secs_f64()
    }
}

/// The current time, UTC, as `YYYY-MM-DDTHH:MM:SSZ`.
fn utc_now() -> String {
    let secs = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(0, |d| d.as_secs());
    rfc3339(secs)
}

/// Milliseconds since 1970 as an RFC 3339 UTC timestamp with its
/// milliseconds: `2012-10-10T11:53:20.123Z`.
pub(crate) fn rfc3339_millis(ms: u64) -> String {
    let secs = rfc3339(ms / 1000);
    format!("{}.{:03}Z", secs.trim_end_matches('Z'), ms % 1000)
}

/// Seconds since 1970 as an RFC 3339 UTC timestamp (Howard Hinnant's
/// days-to-civil conversion).
pub(crate) fn rfc3339(secs: u64) -> String {
    let days = (secs / 86_400) as i64;
    let rem = secs % 86_400;
    let z = days + 719_468;
    let era = z.div_euclid(146_097);
    let doe = z - era * 146_097;
    let yoe = (doe - doe / 1_460 + doe / 36_524 - doe / 146_096) / 365;
    let doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    let mp = (5 * doy + 2) / 153;
    let day = doy - (153 * mp + 2) / 5 + 1;
    let month = if mp < 10 { mp + 3 } else { mp - 9 };
    let year = yoe + era * 400 + i64::from(month <= 2);
    format!(
        "{year:04}-{month:02}-{day:02}T{:02}:{:02}:{:02}Z",
        rem / 3600,
        rem / 60 % 60,
        rem % 60
    )
}
