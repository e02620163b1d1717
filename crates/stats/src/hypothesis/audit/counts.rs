//! The counts of plain decks read from outside (`audit`), kept until their
//! number is known: each deck alone ([`Observed`]), or also each against
//! the one before it ([`ObservedStream`]) when the decks are in the order
//! they were dealt. The counts of decks whose cards repeat are
//! [`crate::hypothesis::shoe::ShoeCounts`].

use super::{Lag1Run, Observed, ObservedStream, Run, StreamHistograms};
use crate::sample::{MAX_HISTOGRAM_DECK, SharedHistogram};
use std::sync::OnceLock;

/// The counts of one stretch of a read of plain decks.
#[derive(Clone, Debug)]
pub enum DeckCounts {
    /// Each deck alone: the decks are not in the order they were dealt.
    Alone(Box<Observed>),
    /// Each deck alone and against the one before it.
    Stream(Box<ObservedStream>),
}

impl DeckCounts {
    /// Counts the next deck.
    #[inline]
    pub fn observe(&mut self, deck: &[u8]) {
        match self {
            DeckCounts::Alone(o) => o.observe(deck),
            DeckCounts::Stream(s) => s.observe(deck),
        }
    }

    /// Adds the counts of the stretch that came right after this one in
    /// the input.
    ///
    /// # Panics
    /// When the two stretches were counted by different [`DeckTally`]s
    /// (one ordered, one not).
    pub fn append(&mut self, later: DeckCounts) {
        match (self, later) {
            (DeckCounts::Alone(a), DeckCounts::Alone(b)) => a.append(*b),
            (DeckCounts::Stream(a), DeckCounts::Stream(b)) => a.append(*b),
            _ => panic!("one kind of counts per read"),
        }
    }

    /// The decks' run, and the tests of consecutive decks when the decks
    /// were counted in order.
    pub fn into_runs(self) -> (Run, Option<Lag1Run>) {
        match self {
            DeckCounts::Alone(o) => (o.into_run(), None),
            DeckCounts::Stream(s) => {
                let (run, lag1) = s.into_runs();
                (run, Some(lag1))
            }
        }
    }
}

/// What every stretch of one read of plain decks shares: whether the
/// decks are in the order they were dealt, and the arrangements'
/// histograms (8 `n!` bytes each, 29 MB at 10 cards), made at the first
/// deck, whose size the read keeps, so that memory does not grow with the
/// workers.
#[derive(Debug)]
pub struct DeckTally {
    ordered: bool,
    alone: OnceLock<Option<SharedHistogram>>,
    stream: OnceLock<Option<StreamHistograms>>,
}

impl DeckTally {
    /// The tally of a read whose decks are `ordered` as they were dealt
    /// (or not: the tests of consecutive decks are then not counted).
    pub fn new(ordered: bool) -> Self {
        DeckTally {
            ordered,
            alone: OnceLock::new(),
            stream: OnceLock::new(),
        }
    }

    /// Empty counts of the stretch of the input after `before` decks, of
    /// decks as long as `deck`.
    pub fn counts(&self, deck: &[u8], before: u64) -> DeckCounts {
        let n = deck.len();
        if self.ordered {
            let shared = self.stream.get_or_init(|| StreamHistograms::new(n));
            DeckCounts::Stream(Box::new(ObservedStream::sharing(
                n,
                before,
                shared.as_ref(),
            )))
        } else {
            let shared = self
                .alone
                .get_or_init(|| (n <= MAX_HISTOGRAM_DECK).then(|| SharedHistogram::new(n)));
            DeckCounts::Alone(Box::new(Observed::sharing(n, before, shared.as_ref())))
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// 600 decks of 5 cards, each a rotation of the one before.
    fn decks() -> Vec<Vec<u8>> {
        let mut deck: Vec<u8> = (0..5).collect();
        (0..600)
            .map(|_| {
                deck.rotate_left(2);
                deck.clone()
            })
            .collect()
    }

    #[test]
    fn stretches_appended_in_order_count_what_one_pass_counts() {
        for ordered in [false, true] {
            let decks = decks();
            let whole = DeckTally::new(ordered);
            let mut one = whole.counts(&decks[0], 0);
            decks.iter().for_each(|d| one.observe(d));
            let split = DeckTally::new(ordered);
            let mut first = split.counts(&decks[0], 0);
            decks[..250].iter().for_each(|d| first.observe(d));
            let mut second = split.counts(&decks[250], 250);
            decks[250..].iter().for_each(|d| second.observe(d));
            first.append(second);
            let (a, a_lag) = one.into_runs();
            let (b, b_lag) = first.into_runs();
            assert_eq!(a_lag.is_some(), ordered);
            assert_eq!(
                format!("{:?}", (a.analysis, a_lag)),
                format!("{:?}", (b.analysis, b_lag))
            );
        }
    }
}
