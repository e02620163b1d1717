//! One run of the live page (`shuffle-audit play`): the decks a browser
//! sent, counted and bet on as `audit` counts and the monitor bets, with a
//! fair control beside them. The page's server (crate `live`) is its
//! front end.

use judge::live::{LiveFinding, alarmed, finding};
use stats::hypothesis::follow::Monitor;
use stats::sample::Positions;

/// Where the evidence curve takes a point: every deck up to this, then
/// each time the decks grow by [`CURVE_GROWTH`].
const CURVE_EVERY_DECK_UP_TO: u64 = 64;
/// The growth between two points of the evidence curve past the first
/// decks: evenly spaced in log-deck space, [`curve_points`] in all.
const CURVE_GROWTH: f64 = 1.05;

/// The deck after `t` at which the evidence curve takes its next point.
fn next_point(t: u64) -> u64 {
    if t < CURVE_EVERY_DECK_UP_TO {
        t + 1
    } else {
        ((t as f64 * CURVE_GROWTH).ceil() as u64).max(t + 1)
    }
}

/// The most points the evidence curve of a run of `decks` decks holds,
/// however its decks are batched: the origin, the points of the grid up
/// to `decks`, the alarm's point and the latest deck's (356 at 10^8
/// decks).
pub fn curve_points(decks: u64) -> usize {
    let mut t = 1;
    let mut grid = 0;
    while t <= decks {
        grid += 1;
        t = next_point(t);
    }
    grid + 3
}

/// The most decks one run counts, unless the server is told otherwise.
pub const DECKS_PER_SESSION: u64 = 100_000_000;

/// A batch of decks the server refuses, whole.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum BatchError {
    /// Not whole decks.
    #[error("a batch of {bytes} bytes is not whole decks of {deck} cards (one byte a card)")]
    Length {
        /// Its bytes.
        bytes: usize,
        /// Cards per deck.
        deck: usize,
    },
    /// A card out of range.
    #[error("deck {deck} of the batch holds card {card}: the cards of a deck of {n} are 0 to {last}", last = n - 1)]
    Card {
        /// The deck, from 1.
        deck: usize,
        /// The card.
        card: u8,
        /// Cards per deck.
        n: usize,
    },
    /// A card twice.
    #[error("deck {deck} of the batch holds card {card} twice: a deck holds each card 0 to {last} once", last = n - 1)]
    Twice {
        /// The deck, from 1.
        deck: usize,
        /// The card.
        card: u8,
        /// Cards per deck.
        n: usize,
    },
    /// Past the run's bound.
    #[error("the run has reached its {0} decks: start a new run")]
    TooManyDecks(u64),
    /// The run stopped at an alarm.
    #[error("the run stopped at deck {0}, where the evidence reached 1/alpha: start a new run")]
    Stopped(u64),
}

/// The seed of the fair control's Fisher–Yates decks; batch `b` of a
/// session draws its decks from stream `(seed, b)`.
pub const CONTROL_SEED: u64 = 1;

/// One run.
#[derive(Debug)]
pub struct Session {
    /// Cards per deck.
    pub deck: usize,
    /// The example it runs, if the reader picked one and kept its code.
    pub example: Option<&'static str>,
    /// The exact position matrix of that example's algorithm, on decks
    /// small enough to count.
    pub exact: Option<Vec<Vec<f64>>>,
    alpha: f64,
    positions: Positions,
    control: Positions,
    monitor: Monitor,
    alarm_deck: Option<u64>,
    /// After the alarm, the decks are still counted (not bet on) until
    /// the run holds this many: the reader sees the pattern the alarm
    /// found. 0 stops at the alarm.
    until: u64,
    /// Decks counted: those bet on, and those after the alarm.
    counted: u64,
    batches: u64,
    /// The curve's points on its grid, and the alarm's.
    curve: Vec<(u64, f64)>,
    next_point: u64,
    /// The last batch refused, and why.
    pub refused: Option<String>,
}

impl Session {
    /// A run of decks of `deck` cards judged at `alpha`.
    pub fn new(
        deck: usize,
        example: Option<&'static str>,
        exact: Option<Vec<Vec<f64>>>,
        alpha: f64,
    ) -> Self {
        Self::going_on(deck, example, exact, alpha, 0)
    }

    /// A run that, after its alarm, goes on counting decks until it holds
    /// `until` of them (the verdict stays the alarm's).
    pub fn going_on(
        deck: usize,
        example: Option<&'static str>,
        exact: Option<Vec<Vec<f64>>>,
        alpha: f64,
        until: u64,
    ) -> Self {
        Session {
            deck,
            example,
            exact,
            alpha,
            positions: Positions::new(deck),
            control: Positions::new(deck),
            monitor: Monitor::new(deck, judge::live::LIVE_MODE),
            alarm_deck: None,
            until,
            counted: 0,
            batches: 0,
            curve: vec![(0, 0.0)],
            next_point: 1,
            refused: None,
        }
    }

    /// Counts and bets on a batch of decks (`deck` bytes each, card `c` at
    /// position `p` as byte `p` of its deck), whole or not at all: a batch
    /// with one bad deck, or past the session's bound, changes nothing.
    /// The bets stop at the deck where the evidence reaches `1/α`; the
    /// decks after it are counted (not bet on) until the run holds the
    /// decks it was to go on to, and the rest are not. Returns the decks
    /// counted. A run holds at most `most` decks.
    ///
    /// # Errors
    /// [`BatchError`] naming the first bad deck, or the bound.
    pub fn add(&mut self, batch: &[u8], most: u64) -> Result<u64, BatchError> {
        let result = self.try_add(batch, most);
        self.refused = result.as_ref().err().map(ToString::to_string);
        result
    }

    fn try_add(&mut self, batch: &[u8], most: u64) -> Result<u64, BatchError> {
        if let Some(at) = self.alarm_deck
            && self.stopped()
        {
            return Err(BatchError::Stopped(at));
        }
        let n = self.deck;
        let decks = validate(batch, n)?;
        if self.decks() + decks > most {
            return Err(BatchError::TooManyDecks(most));
        }
        let mut counted = 0;
        for deck in batch.chunks_exact(n) {
            if self.alarm_deck.is_some() {
                // After the alarm: counted for the heatmap, not bet on.
                if self.counted >= self.until {
                    break;
                }
                stats::sample::Accumulator::observe(&mut self.positions, deck);
                self.counted += 1;
                counted += 1;
                continue;
            }
            stats::sample::Accumulator::observe(&mut self.positions, deck);
            self.monitor.observe(deck);
            self.counted += 1;
            counted += 1;
            let t = self.monitor.decks();
            let stop = alarmed(&self.monitor, self.alpha);
            if t >= self.next_point || stop {
                self.curve.push((t, self.monitor.log10_evidence()));
                self.next_point = next_point(t);
            }
            if stop {
                self.alarm_deck = Some(t);
            }
        }
        // The fair control: as many Fisher–Yates decks, from this batch's
        // own stream of the control seed.
        let fisher_yates = &algorithms::registry::find("fisher-yates")
            .expect("Fisher–Yates is registered")
            .algorithm;
        let control: Positions = stats::sample::sample(
            fisher_yates,
            n,
            counted,
            stats::sample::splitmix64(CONTROL_SEED ^ self.batches.rotate_left(32)),
            || Positions::new(n),
            &|_| {},
        );
        stats::sample::Accumulator::merge(&mut self.control, control);
        self.batches += 1;
        Ok(counted)
    }

    /// Decks counted, those after the alarm included.
    pub fn decks(&self) -> u64 {
        self.counted
    }

    /// Whether the run takes no more decks: its alarm has gone off, and
    /// it holds the decks it was to go on to.
    pub fn stopped(&self) -> bool {
        self.alarm_deck.is_some() && self.counted >= self.until
    }

    /// The decks the run goes on to after its alarm (0: it stops there).
    pub fn until(&self) -> u64 {
        self.until
    }

    /// The judge's finding on the decks so far.
    pub fn finding(&self) -> LiveFinding {
        finding(&self.monitor, self.alpha, self.alarm_deck)
    }

    /// The position counts, `[card][position]`.
    pub fn positions(&self) -> Vec<Vec<u64>> {
        self.positions.rows()
    }

    /// The fair control's position counts.
    pub fn control(&self) -> Vec<Vec<u64>> {
        self.control.rows()
    }

    /// The evidence curve: `(decks, log10 evidence)`, from `(0, 0)` to
    /// the latest deck bet on, at most [`curve_points`] of the run's decks
    /// long whatever the batches.
    pub fn curve(&self) -> Vec<(u64, f64)> {
        let mut curve = self.curve.clone();
        let bet = self.monitor.decks();
        if curve.last().is_some_and(|&(t, _)| t != bet) {
            curve.push((bet, self.monitor.log10_evidence()));
        }
        curve
    }
}

/// Checks that `batch` is whole decks of `n` cards, each holding every
/// card `0 … n−1` once; the number of decks.
///
/// # Errors
/// [`BatchError`] naming the first bad deck and card.
pub fn validate(batch: &[u8], n: usize) -> Result<u64, BatchError> {
    if batch.is_empty() || !batch.len().is_multiple_of(n) {
        return Err(BatchError::Length {
            bytes: batch.len(),
            deck: n,
        });
    }
    let mut seen = [0u32; 256];
    for (i, deck) in batch.chunks_exact(n).enumerate() {
        let stamp = i as u32 + 1;
        for &card in deck {
            if card as usize >= n {
                return Err(BatchError::Card {
                    deck: i + 1,
                    card,
                    n,
                });
            }
            if std::mem::replace(&mut seen[card as usize], stamp) == stamp {
                return Err(BatchError::Twice {
                    deck: i + 1,
                    card,
                    n,
                });
            }
        }
    }
    Ok((batch.len() / n) as u64)
}

/// The exact position matrix of `algorithm` on `deck` cards, by the
/// fastest exact method the judge has for it: the one-card Markov chain
/// for a swap-based shuffle, else the cheaper of state merging and the
/// walk of every path ([`judge::method::exact_plan`]).
pub fn exact_matrix(algorithm: &str, deck: usize) -> Option<Vec<Vec<f64>>> {
    use judge::method::{ExactPlan, Requested, exact_plan};
    let entry = algorithms::registry::find(algorithm).ok()?;
    if let Ok(ExactPlan::Chain(swaps)) = exact_plan(entry, deck, Requested::MarkovChain) {
        let law = stats::law::markov::exact_position_law(&swaps)
            .ok()?
            .rounded();
        return Some(law.matrix.chunks(deck).map(<[f64]>::to_vec).collect());
    }
    let law = match exact_plan(entry, deck, Requested::Auto).ok()? {
        ExactPlan::Merge(swaps) => stats::law::merge::merged_distribution(&swaps).ok()?,
        _ => stats::exact_distribution(&entry.algorithm, deck, &stats::Limits::default()).ok()?,
    };
    law.is_complete().then(|| law.position_matrix())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_batch_is_whole_decks_each_a_permutation() {
        assert_eq!(validate(&[0, 1, 2, 2, 0, 1], 3), Ok(2));
        assert_eq!(
            validate(&[0, 1, 2, 2, 0], 3).unwrap_err().to_string(),
            "a batch of 5 bytes is not whole decks of 3 cards (one byte a card)"
        );
        assert_eq!(
            validate(&[0, 1, 2, 2, 0, 0], 3).unwrap_err().to_string(),
            "deck 2 of the batch holds card 0 twice: a deck holds each card 0 to 2 once"
        );
        assert_eq!(
            validate(&[0, 1, 3], 3).unwrap_err().to_string(),
            "deck 1 of the batch holds card 3: the cards of a deck of 3 are 0 to 2"
        );
    }

    #[test]
    fn a_bad_batch_changes_nothing_and_a_stopped_run_takes_no_more() {
        let limits = DECKS_PER_SESSION;
        let mut s = Session::new(3, None, None, 1e-3);
        assert_eq!(s.add(&[0, 1, 2, 2, 1, 0], limits), Ok(2));
        assert!(s.add(&[0, 1, 2, 1, 1, 0], limits).is_err());
        assert_eq!(s.decks(), 2);
        assert_eq!(s.positions()[0], vec![1, 0, 1]);
        assert_eq!(
            s.refused.as_deref(),
            Some("deck 2 of the batch holds card 1 twice: a deck holds each card 0 to 2 once")
        );
        // The same deck over and over: the run stops, and the rest of the
        // batch is not counted.
        let same: Vec<u8> = [0u8, 1, 2].repeat(1_000);
        let counted = s.add(&same, limits).unwrap();
        assert!(counted < 1_000, "{counted}");
        let f = s.finding();
        assert_eq!(f.verdict, judge::live::LiveVerdict::Biased);
        assert_eq!(f.alarm_deck, Some(s.decks()));
        assert_eq!(s.curve().last().unwrap().0, s.decks());
        assert_eq!(
            s.add(&[0, 1, 2], limits).unwrap_err(),
            BatchError::Stopped(s.decks())
        );
        // The control counted as many decks.
        let total: u64 = s.control()[0].iter().sum();
        assert_eq!(total, s.decks());
    }

    #[test]
    fn after_the_alarm_a_run_goes_on_counting_to_its_decks_and_keeps_its_verdict() {
        let limits = DECKS_PER_SESSION;
        let mut s = Session::going_on(3, None, None, 1e-3, 2_500);
        let same: Vec<u8> = [2u8, 0, 1].repeat(1_000);
        assert_eq!(s.add(&same, limits), Ok(1_000));
        assert!(!s.stopped());
        let at = s
            .finding()
            .alarm_deck
            .expect("the same deck every time alarms");
        assert!(at < 100, "{at}");
        // Counted on, not bet on: the verdict, its evidence and the curve
        // stay the alarm's.
        let evidence = s.finding().log10_evidence;
        assert_eq!(s.add(&same, limits), Ok(1_000));
        assert_eq!(s.add(&same, limits), Ok(500), "counted up to 2,500");
        assert_eq!(s.decks(), 2_500);
        assert!(s.stopped());
        let f = s.finding();
        assert_eq!(f.alarm_deck, Some(at));
        assert_eq!(f.decks, at);
        assert_eq!(f.log10_evidence, evidence);
        assert_eq!(s.curve().last().unwrap().0, at);
        assert_eq!(s.positions()[2], vec![2_500, 0, 0]);
        let control: u64 = s.control()[0].iter().sum();
        assert_eq!(control, 2_500);
        assert_eq!(s.add(&same, limits), Err(BatchError::Stopped(at)));
    }

    #[test]
    fn the_curve_is_bounded_in_log_deck_space_whatever_the_batches() {
        // 100,000 batches of one deck each: the curve keeps its grid.
        let limits = DECKS_PER_SESSION;
        let mut s = Session::new(4, None, None, 1e-9);
        let mut seed = 0x9e37_79b9_7f4a_7c15_u64;
        for _ in 0..100_000 {
            let mut deck = [0u8, 1, 2, 3];
            for i in (1..4).rev() {
                seed ^= seed << 13;
                seed ^= seed >> 7;
                seed ^= seed << 17;
                deck.swap(i, (seed % (i as u64 + 1)) as usize);
            }
            s.add(&deck, limits).unwrap();
        }
        assert_eq!(s.finding().alarm_deck, None, "a fair run at alpha 1e-9");
        let curve = s.curve();
        assert!(curve.len() <= curve_points(100_000), "{}", curve.len());
        assert_eq!(curve.first(), Some(&(0, 0.0)));
        assert_eq!(
            curve.last().unwrap().0,
            100_000,
            "it ends at the latest deck"
        );
        // Evenly spaced in log decks past the first 64: each step at most
        // the growth, rounded up to a whole deck.
        for w in curve.windows(2).filter(|w| w[0].0 >= 64) {
            assert!(
                w[1].0 <= (w[0].0 as f64 * CURVE_GROWTH).ceil() as u64,
                "{w:?}"
            );
        }
        // The grid's count, by its rule: 64 decks one by one, then 5% steps.
        assert_eq!(curve_points(64), 67);
        assert_eq!(curve_points(100_000_000), 356);
    }

    #[test]
    fn a_session_holds_at_most_its_decks() {
        let limits = 3;
        let mut s = Session::new(3, None, None, 1e-3);
        assert_eq!(s.add(&[0, 1, 2, 2, 1, 0], limits), Ok(2));
        assert_eq!(
            s.add(&[0, 1, 2, 2, 1, 0], limits).unwrap_err().to_string(),
            "the run has reached its 3 decks: start a new run"
        );
    }
}
