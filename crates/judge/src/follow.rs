//! A stream watched deck by deck (`audit --follow`): the alarm rings at
//! the first deck where the evidence against a fair shuffle reaches
//! `1/α`, and what the alarm guarantees depends on the monitor's mode.

use crate::words::{self, Words};
use serde::{Deserialize, Serialize};
use stats::hypothesis::follow::{Mode, Monitor};

/// Where a watched stream stands, decided from its monitor.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct FollowFinding {
    /// `--alpha`: in [`Mode::Test`], the false-alarm probability over the
    /// whole stream; in [`Mode::Detect`], one over the fewest fair decks a
    /// false alarm takes on average.
    pub alpha: f64,
    /// What the alarm guarantees.
    pub mode: Mode,
    /// `log10` of the evidence reached (in detect mode, the largest of the
    /// bettors'); infinite (`null` in JSON) when a deck had a feature a
    /// uniform shuffle never gives.
    pub log10_evidence: f64,
    /// The deck from which that evidence was gathered (1 in test mode).
    pub evidence_since: u64,
    /// Whether the last deck had a feature a uniform shuffle never gives.
    pub impossible: bool,
    /// `log10(1/alpha)`: the evidence that raises the alarm
    /// ([`crate::grade::log10_threshold`]).
    pub log10_threshold: f64,
    /// The line at which the alarm rang, when it did (exit 1).
    #[serde(skip_serializing_if = "Option::is_none", default)]
    pub alarm_line: Option<u64>,
    /// The channel with the most evidence.
    pub strongest: String,
    /// How many channels bet.
    pub channels: usize,
}

impl FollowFinding {
    /// The finding of `monitor` at level `alpha`; `alarm_line` is the
    /// line at which [`crate::grade::alarm`] first held, if it has.
    pub fn of(monitor: &Monitor, alpha: f64, alarm_line: Option<u64>) -> Self {
        FollowFinding {
            alpha,
            mode: monitor.mode(),
            log10_evidence: monitor.log10_evidence(),
            evidence_since: monitor.evidence_since(),
            impossible: monitor.impossible(),
            log10_threshold: crate::grade::log10_threshold(alpha),
            alarm_line,
            strongest: monitor.strongest(),
            channels: monitor.channels(),
        }
    }

    /// What the alarm guarantees, in one sentence: in detect mode, how
    /// long a fair stream runs before it on average; in test mode, how
    /// often a fair shuffle raises it at all.
    pub fn guarantee(&self) -> Words {
        Words::new().plain(match self.mode {
            Mode::Detect => format!(
                "a fair stream raises this alarm after {} decks or more on average (change detection)",
                words::large_count(1.0 / self.alpha)
            ),
            Mode::Test => format!(
                "a fair shuffle raises this alarm with probability at most {}, however long the stream runs",
                words::level(self.alpha)
            ),
        })
    }

    /// Whether bias was shown: the alarm rang.
    pub fn bias_shown(&self) -> bool {
        self.alarm_line.is_some()
    }
}
