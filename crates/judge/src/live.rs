//! A live run of decks (the `play` page): each deck bet on as it comes, and
//! the run stopped the first time the evidence reaches `1/α`.

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
