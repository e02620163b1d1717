//! The registry's description of an algorithm, as documents give it.

use algorithms::registry::{Entry, Exact, Expected};
use serde::{Deserialize, Serialize};

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
            fix: defect.map(|d| d.fix()),
            exact: e.exact.is_enumerable(),
            exact_method: e.exact.into(),
            exact_note,
            passes: e.algorithm.times,
            summary: e.summary.into(),
        }
    }
}

/// A source document as a reader finds it: a seed document's short title
/// (`"The JavaScript Shuffle"`), or a published reference as the registry
/// names it.
pub fn document_name(document: &str) -> &str {
    algorithms::registry::document(document).map_or(document, |d| d.short)
}

/// The sources of an entry on one line, each document by its title:
/// `"title: location; …"`.
pub fn source_line(e: &Entry) -> String {
    e.sources
        .iter()
        .map(|s| format!("{}: {}", document_name(s.document), s.location))
        .collect::<Vec<_>>()
        .join("; ")
}
