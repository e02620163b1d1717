//! Serializable report types and writers for `shuffle-audit`.
//!
//! The JSON documents are described in `reports/SCHEMA.md`; every type here
//! derives both `Serialize` and `Deserialize`, and the tests check that what
//! is written parses back.
#![deny(missing_docs)]

mod exact;
pub mod export;
pub mod figures;
pub mod files;
pub mod fmt;
pub mod folder;
pub mod markdown;
pub mod sampled;
mod suite;
pub mod text;
mod write;

use algorithms::registry::{Entry, Exact, Expected};
use serde::{Deserialize, Serialize};

pub use exact::{Bounds, ChainCell, ExactChainReport, ExactReport};
pub use suite::{SUITE_PERMUTATIONS_UP_TO, SuiteAlgorithm, SuiteCase, SuiteReport, SuiteSettings};
pub use write::{ReportError, write_atomic};

/// The version of the JSON documents' layout; bumped on any breaking change.
pub const SCHEMA_VERSION: u32 = 5;

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
    /// The git commit the tool was built from, or `"unknown"`.
    pub git_commit: String,
    /// `rustc --version` of the compiler that built it.
    pub rustc: String,
    /// Locked versions of the crates that decide the numbers, `name=version`.
    pub crates: Vec<String>,
    /// The command line that produced the document.
    pub command: String,
    /// When the run started, UTC, RFC 3339.
    pub date: String,
    /// Worker threads (results do not depend on it).
    #[serde(skip_serializing_if = "Option::is_none", default)]
    pub threads: Option<usize>,
    /// Wall time of the whole run, in seconds.
    #[serde(skip_serializing_if = "Option::is_none", default)]
    pub wall_seconds: Option<f64>,
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
            date: utc_now(),
            threads: None,
            wall_seconds: None,
        }
    }
}

/// The current time, UTC, as `YYYY-MM-DDTHH:MM:SSZ`.
fn utc_now() -> String {
    let secs = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(0, |d| d.as_secs());
    rfc3339(secs)
}

/// Seconds since 1970 as an RFC 3339 UTC timestamp (Howard Hinnant's
/// days-to-civil conversion).
fn rfc3339(secs: u64) -> String {
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

/// One source of an algorithm.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct SourceInfo {
    /// The seed document's file name, or `"reference"`.
    pub document: String,
    /// The function, code block or passage.
    pub location: String,
}

/// One registry entry, as `shuffle-audit list --json` prints it.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct AlgorithmInfo {
    /// Stable id.
    pub id: String,
    /// Human-readable name.
    pub name: String,
    /// The sources, joined: `"document: location; …"`.
    pub source: String,
    /// The sources, one object each.
    pub sources: Vec<SourceInfo>,
    /// `"uniform"` or `"biased"`, from exact enumeration.
    pub expected: judge::Expectation,
    /// The kind of mistake that biases it, a kebab-case id (absent when
    /// uniform).
    #[serde(skip_serializing_if = "Option::is_none", default)]
    pub defect: Option<String>,
    /// Why that mistake is biased (absent when uniform).
    #[serde(skip_serializing_if = "Option::is_none", default)]
    pub expected_reason: Option<String>,
    /// How to mend that mistake (absent when uniform).
    #[serde(skip_serializing_if = "Option::is_none", default)]
    pub fix: Option<String>,
    /// Whether it can be enumerated exactly.
    pub exact: bool,
    /// `"full"`, `"mass-bound"` or `"none"`.
    pub exact_method: judge::method::Enumeration,
    /// Why it cannot be enumerated (absent when it can).
    #[serde(skip_serializing_if = "Option::is_none", default)]
    pub exact_note: Option<String>,
    /// How many passes the algorithm makes (7 for the riffles).
    pub passes: u32,
    /// Its guarantee or defect, in one sentence.
    pub summary: String,
}

impl From<&Entry> for AlgorithmInfo {
    fn from(e: &Entry) -> Self {
        let exact_note = match e.exact {
            Exact::No(why) => Some(why.to_owned()),
            Exact::Full | Exact::MassBound => None,
        };
        let defect = match e.expected {
            Expected::Uniform => None,
            Expected::Biased(d) => Some(d),
        };
        AlgorithmInfo {
            id: e.id.into(),
            name: e.name.into(),
            source: source_line(e),
            sources: e
                .sources
                .iter()
                .map(|s| SourceInfo {
                    document: s.document.into(),
                    location: s.location.into(),
                })
                .collect(),
            expected: e.expected.into(),
            defect: defect.map(|d| d.id().into()),
            expected_reason: defect.map(|d| d.reason().into()),
            fix: defect.map(|d| d.fix().into()),
            exact: e.exact.is_enumerable(),
            exact_method: e.exact.into(),
            exact_note,
            passes: e.algorithm.times,
            summary: e.summary.into(),
        }
    }
}

/// The sources of an entry on one line: `"document: location; …"`.
pub fn source_line(e: &Entry) -> String {
    e.sources
        .iter()
        .map(|s| format!("{}: {}", s.document, s.location))
        .collect::<Vec<_>>()
        .join("; ")
}

#[cfg(test)]
mod tests {
    use super::*;
    use algorithms::registry::{REGISTRY, find};
    use judge::{Disagreement, ExactVerdict, Verdict};
    use stats::{Limits, exact_distribution};

    #[test]
    fn timestamps_are_rfc3339_utc() {
        assert_eq!(rfc3339(0), "1970-01-01T00:00:00Z");
        assert_eq!(rfc3339(951_782_400), "2000-02-29T00:00:00Z");
        assert_eq!(rfc3339(1_795_000_000), "2026-11-18T11:06:40Z");
        assert_eq!(rfc3339(4_107_542_399), "2100-02-28T23:59:59Z");
    }

    #[test]
    fn provenance_knows_its_build() {
        let p = Provenance::new("x");
        assert!(p.rustc.starts_with("rustc "), "{}", p.rustc);
        assert!(
            p.crates.iter().any(|c| c.starts_with("rand_xoshiro=")),
            "{:?}",
            p.crates
        );
        assert_eq!(p.date.len(), 20);
    }

    #[test]
    fn list_json_has_the_documented_fields() {
        let infos: Vec<AlgorithmInfo> = REGISTRY.iter().map(AlgorithmInfo::from).collect();
        let json = serde_json::to_value(&infos).unwrap();
        for item in json.as_array().unwrap() {
            for key in ["id", "source", "expected", "exact"] {
                assert!(item.get(key).is_some(), "{key} missing in {item}");
            }
        }
        let back: Vec<AlgorithmInfo> = serde_json::from_value(json).unwrap();
        assert_eq!(back, infos);
    }

    /// Every key that appears in a document.
    fn keys(v: &serde_json::Value, out: &mut std::collections::BTreeSet<String>) {
        match v {
            serde_json::Value::Object(m) => {
                for (k, x) in m {
                    out.insert(k.clone());
                    keys(x, out);
                }
            }
            serde_json::Value::Array(a) => a.iter().for_each(|x| keys(x, out)),
            _ => {}
        }
    }

    /// An exact position summary with every optional field present.
    fn exact_positions_fixture() -> judge::positions::ExactPositionsInfo {
        let swaps = find("fisher-yates-mod15")
            .unwrap()
            .algorithm
            .swap_shuffle(5)
            .unwrap();
        let law = stats::markov::position_law(&swaps).unwrap();
        let product = stats::markov::ProductLaw::of(&swaps).unwrap();
        let counts = vec![vec![20u64; 5]; 5];
        judge::positions::ExactPositionsInfo::new(&law, Some(&product), &counts, 100, 1e-6, 0.99)
    }

    #[test]
    fn schema_documents_every_field() {
        let entry = find("blog-riffle").unwrap();
        let mut limits = Limits::for_exact(entry.exact);
        limits.max_paths = 10_000_000;
        let law = exact_distribution(&entry.algorithm, 2, &limits).unwrap();
        let exact = Standalone::new(
            ExactReport::new(entry, &law, ExactVerdict::of(&law)),
            Provenance::new("test"),
            Some(0.0),
        );
        let fy = find("fisher-yates").unwrap();
        let audit = stats::audit::audit(&fy.algorithm, 4, 2_000, 1, 1, true, &|_| {});
        let mut case_sample = sampled::SampleReport::new(fy, &audit, 2_000, "rng", None);
        case_sample.effect.position_z.clear();
        let mut provenance = Provenance::new("test");
        provenance.threads = Some(2);
        provenance.wall_seconds = Some(1.0);
        let suite = SuiteReport {
            schema_version: SCHEMA_VERSION,
            provenance,
            settings: SuiteSettings {
                plan: judge::suite::SuitePlan {
                    decks: vec![2, 3],
                    exact_decks: vec![2],
                    large_decks: vec![52],
                    shuffles: 10,
                    large_shuffles: 10,
                    seed: 1,
                    repeat: 1,
                    max_paths: 1,
                },
                rng: "rng".into(),
            },
            headline: Some("headline.png".into()),
            algorithms: vec![SuiteAlgorithm {
                info: AlgorithmInfo::from(find("rand-shuffle").unwrap()),
                verdict: Verdict::Uniform,
                agrees: false,
                disagreements: vec![Disagreement::SampledBiased { deck: 3 }],
                cases: vec![
                    SuiteCase {
                        deck: 2,
                        exact: Some(ExactReport::new(entry, &law, ExactVerdict::of(&law))),
                        exact_positions: None,
                        sampled: Some(case_sample),
                        shuffles_to_detect: Some(1.0),
                        skipped: vec![],
                        files: vec!["a.png".into()],
                    },
                    SuiteCase {
                        deck: 3,
                        exact: None,
                        exact_positions: Some(exact_positions_fixture()),
                        sampled: None,
                        shuffles_to_detect: None,
                        skipped: vec!["why".into()],
                        files: vec![],
                    },
                ],
            }],
            riffles: None,
        };
        // The closing table: aligned, coloured only when asked.
        let plain = text::suite(&suite, false);
        assert!(!plain.contains('\x1b'), "{plain}");
        assert!(plain.contains("<- disagrees with the registry"), "{plain}");
        let coloured = text::suite(&suite, true);
        assert!(
            coloured.contains("\x1b[32muniform   \x1b[0m"),
            "{coloured:?}"
        );
        assert!(coloured.contains("\x1b[1m<- disagrees"), "{coloured:?}");
        let strip = coloured
            .replace("\x1b[32m", "")
            .replace("\x1b[1m", "")
            .replace("\x1b[0m", "");
        assert_eq!(strip, plain, "escapes shift the columns");
        // The default run's document parses back into the same document
        // (a test's smallest expected count, `min_expected`, decides
        // which two-level tests can run and is not part of it).
        let text = serde_json::to_string_pretty(&suite).unwrap();
        let back: SuiteReport = serde_json::from_str(&text).unwrap();
        assert_eq!(serde_json::to_string_pretty(&back).unwrap(), text);
        let mut all = std::collections::BTreeSet::new();
        keys(&serde_json::to_value(&exact).unwrap(), &mut all);
        keys(&serde_json::to_value(&suite).unwrap(), &mut all);
        // The sampling documents, with every optional part present.
        let fy = find("fisher-yates").unwrap();
        let audit = stats::audit::audit(&fy.algorithm, 4, 2_000, 1, 2, true, &|_| {});
        let mut sampled = Standalone::new(
            sampled::SampleReport::new(fy, &audit, 2_000, "rng", Some(0.0)),
            Provenance::new("t"),
            Some(0.0),
        );
        sampled.document.threads = 1;
        let text = serde_json::to_string(&sampled).unwrap();
        let back = serde_json::from_str::<Standalone<sampled::SampleReport>>(&text).unwrap();
        assert_eq!(serde_json::to_string(&back).unwrap(), text);
        let sampled = &mut sampled.document;
        sampled.confirmation = Some(sampled::RunInfo::new(9, &audit.first.analysis));
        sampled.skipped_tests.push(stats::audit::Skipped {
            name: stats::TestName::COLLISIONS,
            reason: "y".into(),
        });
        keys(&serde_json::to_value(&*sampled).unwrap(), &mut all);
        // A large deck: the battery and collisions (seconds of a day repeat).
        let seeded = find("fisher-yates-seed-seconds").unwrap();
        let audit = stats::audit::audit(&seeded.algorithm, 30, 2_000, 1, 1, false, &|_| {});
        let large = sampled::SampleReport::new(seeded, &audit, 2_000, "rng", None);
        keys(&serde_json::to_value(&large).unwrap(), &mut all);
        // `audit --json`, with invalid lines.
        let read = sampled::AuditReport {
            input: sampled::InputInfo {
                source: "-".into(),
                lines: 2_001,
                decks: 2_000,
                deck: 30,
                base: "0-based".into(),
                base_detected: true,
                invalid: vec![sampled::InvalidLines {
                    kind: "empty-line".into(),
                    count: 1,
                    first_line: 7,
                    message: "empty line".into(),
                }],
            },
            result: large,
        };
        let read = Standalone::new(read, Provenance::new("t"), Some(0.0));
        let text = serde_json::to_string(&read).unwrap();
        let back = serde_json::from_str::<Standalone<sampled::AuditReport>>(&text).unwrap();
        assert_eq!(serde_json::to_string(&back).unwrap(), text);
        keys(&serde_json::to_value(&read).unwrap(), &mut all);
        // `riffle --json`, with a figure as inside `report.json`.
        let riffle = Standalone::new(
            sampled::RiffleReport {
                study: judge::riffle::study(8, 2, 500, 1, &|_| {}),
                figure: Some("figures/riffles.png".into()),
            },
            Provenance::new("t"),
            Some(0.0),
        );
        let text = serde_json::to_string(&riffle).unwrap();
        let back = serde_json::from_str::<Standalone<sampled::RiffleReport>>(&text).unwrap();
        assert_eq!(serde_json::to_string(&back).unwrap(), text);
        keys(&serde_json::to_value(&riffle).unwrap(), &mut all);
        let naive = find("naive-swap").unwrap();
        let law = exact_distribution(&naive.algorithm, 3, &Limits::default()).unwrap();
        let power = sampled::PowerReport {
            algorithm: "naive-swap".into(),
            deck: 3,
            alpha: 0.01,
            power: 0.9,
            method: judge::method::PowerBasis::Enumeration,
            total_variation: Some(0.0),
            divergence: exact_positions_fixture().divergence,
            tests: stats::audit::power_plan(&law, 0.01, 0.9),
        };
        keys(&serde_json::to_value(&power).unwrap(), &mut all);
        let swaps = naive.algorithm.swap_shuffle(12).unwrap();
        let chain = ExactChainReport::new(
            naive,
            &stats::markov::exact_position_law(&swaps).unwrap(),
            ExactVerdict::Biased,
        );
        keys(&serde_json::to_value(&chain).unwrap(), &mut all);
        keys(
            &serde_json::to_value(AlgorithmInfo::from(entry)).unwrap(),
            &mut all,
        );
        for key in &all {
            assert!(
                SCHEMA_MD.contains(&format!("`{key}`")),
                "SCHEMA.md does not document `{key}`"
            );
        }
        for key in [
            "expected_reason",
            "exact_note",
            "confirmation",
            "repeat",
            "ks",
            "exact_total_variation",
            "permutation_counts",
            "battery",
            "null_mean",
            "collisions",
            "log10_effective_decks",
            "base_detected",
            "first_line",
            "exact_total_variation",
            "riffles_needed",
            "tells_below",
            "random_keys",
        ] {
            assert!(all.contains(key), "{key} was not exercised");
        }
    }

    #[test]
    fn exact_report_round_trips_and_keeps_exact_weights() {
        let entry = find("naive-swap").unwrap();
        let law = exact_distribution(&entry.algorithm, 3, &Limits::default()).unwrap();
        let report = Standalone::new(
            ExactReport::new(entry, &law, ExactVerdict::of(&law)),
            Provenance::new("test"),
            Some(0.0),
        );
        let text = serde_json::to_string(&report).unwrap();
        let back: Standalone<ExactReport> = serde_json::from_str(&text).unwrap();
        assert_eq!(back, report);
        let back = back.document;
        assert_eq!(
            back.permutation_weights.unwrap(),
            ["4", "5", "5", "5", "4", "4"]
        );
        assert_eq!(back.denominator, "27");
        assert_eq!(back.verdict, ExactVerdict::Biased);
        assert_eq!(back.position_weights[1], ["10", "8", "9"]);
    }
}
