//! Documents as bytes: each command's document is exported in the format
//! asked for, JSON (its serde form, the schema in `reports/SCHEMA.md`) or
//! text for people. The command writes the bytes; nothing here prints.

use crate::algorithm::AlgorithmInfo;
use crate::document::Standalone;
use crate::exact::{ExactChainReport, ExactReport};
use crate::sampled::{
    AuditReport, FollowReport, GuessReport, PowerReport, PredictReport, RecoverReport,
    RiffleReport, SampleReport, ScalingReport, ShoeAuditReport,
};
use crate::suite::SuiteReport;
use crate::text;
use serde::Serialize;

/// A document a command prints.
pub trait Document: Serialize {
    /// The document for people: what the command prints without `--json`,
    /// with ANSI colours when `colour` is set and the format has any.
    fn text(&self, colour: bool) -> String;
}

/// How a document is exported.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Format {
    /// One pretty-printed JSON document and a newline.
    Json,
    /// Text for people.
    Text {
        /// Whether to colour it (a terminal that accepts colours).
        colour: bool,
    },
}

impl Format {
    /// `doc` in this format.
    ///
    /// # Errors
    /// A value JSON cannot hold (a map with keys that are not strings):
    /// a bug in the document's type.
    pub fn export<D: Document + ?Sized>(self, doc: &D) -> Result<Vec<u8>, serde_json::Error> {
        Ok(match self {
            Format::Json => {
                let mut out = serde_json::to_vec_pretty(doc)?;
                out.push(b'\n');
                out
            }
            Format::Text { colour } => doc.text(colour).into_bytes(),
        })
    }
}

impl Document for [AlgorithmInfo] {
    fn text(&self, _: bool) -> String {
        text::list(self)
    }
}

impl Document for Standalone<ExactReport> {
    fn text(&self, _: bool) -> String {
        text::exact(self)
    }
}

impl Document for Standalone<ExactChainReport> {
    fn text(&self, _: bool) -> String {
        text::exact_chain(self)
    }
}

impl Document for Standalone<SampleReport> {
    fn text(&self, _: bool) -> String {
        text::sample(self)
    }
}

impl Document for Standalone<AuditReport> {
    fn text(&self, _: bool) -> String {
        text::audit(self)
    }
}

impl Document for Standalone<ShoeAuditReport> {
    fn text(&self, _: bool) -> String {
        text::shoe_audit(self)
    }
}

impl Document for Standalone<crate::sampled::SingleAuditReport> {
    fn text(&self, _: bool) -> String {
        text::sampled::single_audit(self)
    }
}

impl Document for Standalone<PowerReport> {
    fn text(&self, _: bool) -> String {
        text::power(self)
    }
}

impl Document for Standalone<RiffleReport> {
    fn text(&self, _: bool) -> String {
        text::riffle(self)
    }
}

impl Document for Standalone<ScalingReport> {
    fn text(&self, _: bool) -> String {
        text::scaling(self)
    }
}

impl Document for Standalone<PredictReport> {
    fn text(&self, _: bool) -> String {
        text::predict(self)
    }
}

impl Document for Standalone<RecoverReport> {
    fn text(&self, _: bool) -> String {
        text::recover(self)
    }
}

impl Document for Standalone<judge::cases::Case> {
    /// The case's page, as the report writes it, with the seconds the run took.
    fn text(&self, _: bool) -> String {
        let mut page = crate::markdown::cases::page(&self.document);
        if let Some(s) = self.seconds {
            page += &format!("\n({s:.1} s, {})\n", self.provenance.tool);
        }
        page
    }
}

impl Document for Standalone<GuessReport> {
    fn text(&self, _: bool) -> String {
        text::guess(self)
    }
}

impl Document for Standalone<FollowReport> {
    fn text(&self, _: bool) -> String {
        text::follow(self)
    }
}

impl Document for SuiteReport {
    fn text(&self, colour: bool) -> String {
        text::suite(self, colour)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use algorithms::registry::REGISTRY;

    #[test]
    fn json_is_the_serde_form_and_text_the_text_form() {
        let infos: Vec<AlgorithmInfo> = REGISTRY.iter().map(AlgorithmInfo::from).collect();
        let json = Format::Json.export(infos.as_slice()).unwrap();
        let back: serde_json::Value = serde_json::from_slice(&json).unwrap();
        assert_eq!(back, serde_json::to_value(&infos).unwrap());
        assert_eq!(json.last(), Some(&b'\n'));
        let text = Format::Text { colour: false }
            .export(infos.as_slice())
            .unwrap();
        assert_eq!(text, text::list(&infos).into_bytes());
    }
}
