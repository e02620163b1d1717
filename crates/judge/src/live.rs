//! A live run of decks (the `play` page): each deck bet on as it comes, and
//! the run stopped the first time the evidence reaches `1/α`.

use crate::words::{self, Words};
use serde::{Deserialize, Serialize};
use stats::hypothesis::follow::{Mode, Monitor};

/// The level of the live page unless `--alpha` says otherwise: a false
/// alarm at most one run in a thousand.
pub const LIVE_ALPHA: f64 = 1e-3;

/// How the live page's monitor bets: one sequential test of the run, so
/// its alarm is false with probability at most `α` however long the run
/// goes and however often the page looks ([`Mode::Test`]). A run starts
/// fresh each time the reader presses run, so there is no history for a
/// change detector to forget.
pub const LIVE_MODE: Mode = Mode::Test;

/// Where a live run stands.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum LiveVerdict {
    /// Decks have come and the evidence is below `1/α`: nothing shown yet.
    Watching,
    /// The evidence reached `1/α` at [`LiveFinding::alarm_deck`]: biased,
    /// with probability at most `α` that a fair shuffle did this.
    Biased,
}

/// What a live run shows, decided from its monitor.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct LiveFinding {
    /// The decision.
    pub verdict: LiveVerdict,
    /// Decks bet on.
    pub decks: u64,
    /// The level.
    pub alpha: f64,
    /// `log10` of the evidence against a fair shuffle (`+∞` after a deck a
    /// fair shuffle never deals, written as `null` in JSON).
    pub log10_evidence: f64,
    /// `log10(1/α)`, where the run stops.
    pub log10_threshold: f64,
    /// The deck at which the evidence reached `1/α`.
    pub alarm_deck: Option<u64>,
    /// What the evidence is most about (a card's position, a statistic of
    /// the battery, the deck before).
    pub strongest: String,
}

/// The finding of `monitor` at level `alpha`; `alarm_deck` is the deck at
/// which [`alarmed`] first held, if it has.
pub fn finding(monitor: &Monitor, alpha: f64, alarm_deck: Option<u64>) -> LiveFinding {
    LiveFinding {
        verdict: if alarm_deck.is_some() {
            LiveVerdict::Biased
        } else {
            LiveVerdict::Watching
        },
        decks: monitor.decks(),
        alpha,
        log10_evidence: monitor.log10_evidence(),
        log10_threshold: crate::grade::log10_threshold(alpha),
        alarm_deck,
        strongest: monitor.strongest(),
    }
}

impl LiveFinding {
    /// The live page's finding, in words: where the run stands, what the
    /// evidence is about, and what the alarm guarantees.
    pub fn words(&self) -> Words {
        let f = self;
        let threshold = format!("10^{:.0}", f.log10_threshold);
        Words::new().plain(match (f.verdict, f.alarm_deck) {
            (LiveVerdict::Biased, Some(at)) => {
                let what = if f.log10_evidence.is_finite() {
                    format!("the evidence reached 10^{:.2}", f.log10_evidence)
                } else {
                    "a deck no fair shuffle deals came up".to_string()
                };
                format!(
                    "Biased: after {} decks {what}, past 1/α = {threshold} (strongest: {}). A fair \
                     shuffle stops a run like this with probability at most {}.",
                    words::count(at),
                    f.strongest,
                    words::level(f.alpha)
                )
            }
            _ if f.decks == 0 => "No decks yet.".to_string(),
            // Far below 1: the decks have bet against bias and won.
            _ if f.log10_evidence < -1.0 => format!(
                "No evidence of bias in {} decks: the evidence against a fair shuffle is {}, far \
                 below 1 (the decks look like a fair shuffle's); the run stops if it reaches 1/α = \
                 {threshold}. A fair shuffle's evidence stays below it with probability at least \
                 {}, however long the run.",
                words::count(f.decks),
                evidence(f.log10_evidence),
                1.0 - f.alpha
            ),
            _ => format!(
                "No bias shown yet in {} decks: the evidence is {}; the run stops if it reaches \
                 1/α = {threshold}. A fair shuffle's evidence stays below it with probability at \
                 least {}, however long the run.",
                words::count(f.decks),
                evidence(f.log10_evidence),
                1.0 - f.alpha
            ),
        })
    }

    /// What a run did after its alarm at `alarm_deck`: went on counting to
    /// `decks` to show the pattern, the verdict unchanged.
    pub fn after_alarm(alarm_deck: u64, decks: u64) -> Words {
        Words::new().plain(format!(
            "The run went on to {} decks after the alarm at deck {}, counted and not bet on, so \
             that the pattern shows; the verdict is the alarm's.",
            words::count(decks),
            words::count(alarm_deck)
        ))
    }
}

/// `10^e` as the live page writes evidence: `10^-101` far from 1,
/// `10^0.42` near it.
fn evidence(e: f64) -> String {
    if e.abs() >= 10.0 {
        format!("10^{e:.0}")
    } else {
        format!("10^{e:.2}")
    }
}

/// Whether the run must stop after the deck just bet on: the audit's own
/// alarm ([`crate::grade::alarm`]).
pub fn alarmed(monitor: &Monitor, alpha: f64) -> bool {
    crate::grade::alarm(monitor, alpha)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_deck_dealt_over_and_over_stops_the_run_and_a_fair_one_does_not() {
        // The same deck of 6 every time: the whole-arrangement channel
        // alone multiplies the evidence by about 720 per deck once learnt.
        let mut m = Monitor::new(6, LIVE_MODE);
        let mut alarm = None;
        for t in 1..=50u64 {
            m.observe(&[0, 1, 2, 3, 4, 5]);
            if alarmed(&m, LIVE_ALPHA) {
                alarm = Some(t);
                break;
            }
        }
        let f = finding(&m, LIVE_ALPHA, alarm);
        assert_eq!(f.verdict, LiveVerdict::Biased);
        assert!(f.alarm_deck.unwrap() < 10, "{f:?}");
        assert!(f.log10_evidence >= 3.0);
        assert_eq!(f.log10_threshold, 3.0);
        // 2,000 Fisher–Yates decks (seed 1): a fair run reaches 1/α with
        // probability at most α, and this one stays below it.
        let mut m = Monitor::new(6, LIVE_MODE);
        let mut draw = stats::sample::Sampler::new(stats::sample::chunk_rng(1, 0));
        for t in 0..2_000 {
            let mut deck = [0u8, 1, 2, 3, 4, 5];
            for i in (1..6).rev() {
                deck.swap(i, draw.bounded(i as u64 + 1) as usize);
            }
            m.observe(&deck);
            assert!(!alarmed(&m, LIVE_ALPHA), "deck {t}");
        }
        assert_eq!(finding(&m, LIVE_ALPHA, None).verdict, LiveVerdict::Watching);
    }
}
