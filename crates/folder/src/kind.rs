//! What a report folder holds, which its manifest records and its errors
//! name.

use serde::{Deserialize, Serialize};

/// The kind of document a folder holds: a run writes one kind and never
/// replaces a folder of the other.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Kind {
    /// The suite's report (`shuffle-audit suite --out`).
    Report,
    /// An audit's certificate (`shuffle-audit audit --out`).
    Certificate,
}

impl Kind {
    /// The kind, as a sentence names it.
    pub fn described(self) -> &'static str {
        match self {
            Kind::Report => "a suite report of shuffle-audit",
            Kind::Certificate => "an audit certificate of shuffle-audit",
        }
    }
}
