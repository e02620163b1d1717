//! The counts of a stretch of plain decks as plain numbers
//! ([`CountsState`]), so that a stretch counted in one process can be kept
//! (pickled, sent to another machine) and appended in another: what an
//! audit spread over many workers merges in input order.

use super::counts::DeckCounts;
use super::lag::Lag1;
use super::run::Observed;
use crate::hypothesis::battery::Battery;
use crate::hypothesis::collision::Fingerprints;
use crate::law::perm::factorial;
use crate::sample::{Histogram, MAX_HISTOGRAM_DECK, Positions};

/// The counts of a stretch of plain decks, field by field.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct CountsState {
    /// Cards per deck.
    pub deck: usize,
    /// The decks alone.
    pub decks: ObservedState,
    /// The decks against the one before each, when they were counted in
    /// the order they were dealt.
    pub lag1: Option<Lag1State>,
}

/// The counts of decks alone ([`Observed`]).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ObservedState {
    /// The position matrix, `counts[card * deck + position]`.
    pub positions: Vec<u64>,
    /// The arrangements' counts by lexicographic rank (`deck!` of them, up
    /// to [`MAX_HISTOGRAM_DECK`] cards).
    pub histogram: Option<Vec<u64>>,
    /// The battery's counts, `deck + 1` per statistic.
    pub battery: [Vec<u64>; 5],
    /// The fingerprints of the first decks, in the order counted.
    pub prints: Vec<u128>,
    /// How many fingerprints these counts keep at most.
    pub prints_up_to: u64,
}

/// The counts of consecutive decks ([`Lag1`]).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Lag1State {
    /// The stretch's first deck and its last (none before a deck).
    pub ends: Option<(Vec<u8>, Vec<u8>)>,
    /// The moves between consecutive decks, counted as decks.
    pub moves: ObservedState,
    /// The contingency table, `counts[card before * deck + card after]`.
    pub contingency: Vec<u64>,
}

/// Counts that no stretch of decks gives.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("not the counts of a stretch of decks of {deck} cards: {what}")]
pub struct StateError {
    /// Cards per deck, as the counts say.
    pub deck: usize,
    /// What is wrong.
    pub what: String,
}

impl DeckCounts {
    /// These counts as plain numbers ([`DeckCounts::from_state`] reads them
    /// back). Counts sharing a histogram with other stretches of a read
    /// give its counts, so take the state of a read's whole counts.
    pub fn state(&self) -> CountsState {
        match self {
            DeckCounts::Alone(o) => CountsState {
                deck: o.deck(),
                decks: o.state(),
                lag1: None,
            },
            DeckCounts::Stream(s) => CountsState {
                deck: s.decks().deck(),
                decks: s.decks().state(),
                lag1: Some(s.lag1().state()),
            },
        }
    }

    /// Counts from their [state](DeckCounts::state), each checked: every
    /// length from the deck size, every table's total the decks', each end
    /// deck a permutation.
    ///
    /// # Errors
    /// [`StateError`] naming the first thing that no stretch of decks gives.
    pub fn from_state(state: CountsState) -> Result<DeckCounts, StateError> {
        let n = state.deck;
        let bad = |what: String| StateError { deck: n, what };
        if !(algorithms::MIN_DECK..=algorithms::MAX_DECK).contains(&n) {
            return Err(bad(format!(
                "a deck holds {}..={} cards",
                algorithms::MIN_DECK,
                algorithms::MAX_DECK
            )));
        }
        let decks = Observed::from_state(n, state.decks).map_err(|w| bad(format!("decks: {w}")))?;
        Ok(match state.lag1 {
            None => DeckCounts::Alone(Box::new(decks)),
            Some(lag) => {
                let pairs_expected = decks.decks().saturating_sub(1);
                let lag1 = Lag1::from_state(n, lag).map_err(|w| bad(format!("lag 1: {w}")))?;
                if lag1.pairs() != pairs_expected || lag1.has_ends() != (decks.decks() > 0) {
                    return Err(bad(format!(
                        "{} decks but {} consecutive pairs",
                        decks.decks(),
                        lag1.pairs()
                    )));
                }
                DeckCounts::Stream(Box::new(super::ObservedStream::of_parts(decks, lag1)))
            }
        })
    }

    /// The same counts with histograms of their own: counts that shared a
    /// histogram with the other stretches of a read become counts that
    /// append to any others (of the same kind and deck).
    pub fn into_owned(self) -> DeckCounts {
        match self {
            DeckCounts::Alone(o) => DeckCounts::Alone(Box::new(o.into_owned())),
            DeckCounts::Stream(s) => DeckCounts::Stream(Box::new(s.into_owned())),
        }
    }

    /// Cards per deck.
    pub fn deck(&self) -> usize {
        match self {
            DeckCounts::Alone(o) => o.deck(),
            DeckCounts::Stream(s) => s.decks().deck(),
        }
    }

    /// Decks counted.
    pub fn decks(&self) -> u64 {
        match self {
            DeckCounts::Alone(o) => o.decks(),
            DeckCounts::Stream(s) => s.decks().decks(),
        }
    }

    /// Whether the decks were counted in order, each against the one
    /// before it.
    pub fn ordered(&self) -> bool {
        matches!(self, DeckCounts::Stream(_))
    }
}

/// Checks that `counts` is an `n × n` table whose rows each sum to
/// `total`, and returns `total` (that of the first row).
fn square(n: usize, counts: &[u64], what: &str) -> Result<u64, String> {
    if counts.len() != n * n {
        return Err(format!("{what} has {} cells, not {n}²", counts.len()));
    }
    let total: u64 = counts[..n].iter().sum();
    for (i, row) in counts.chunks(n).enumerate() {
        if row.iter().sum::<u64>() != total {
            return Err(format!("{what}: row {i} sums to another total than row 0"));
        }
    }
    for column in 0..n {
        if (0..n).map(|r| counts[r * n + column]).sum::<u64>() != total {
            return Err(format!(
                "{what}: column {column} sums to another total than row 0"
            ));
        }
    }
    Ok(total)
}

/// Whether `deck` is a permutation of `0..n`.
fn is_permutation(n: usize, deck: &[u8]) -> bool {
    let mut seen = vec![false; n];
    deck.len() == n
        && deck
            .iter()
            .all(|&c| (c as usize) < n && !std::mem::replace(&mut seen[c as usize], true))
}

impl Observed {
    pub(super) fn state(&self) -> ObservedState {
        let (positions, histogram, battery, prints, prints_up_to) = self.parts();
        ObservedState {
            positions: positions.counts.clone(),
            histogram,
            battery: battery.counts.clone(),
            prints: prints.iter().copied().collect(),
            prints_up_to,
        }
    }

    pub(super) fn from_state(n: usize, s: ObservedState) -> Result<Observed, String> {
        let decks = square(n, &s.positions, "the position matrix")?;
        for (i, counts) in s.battery.iter().enumerate() {
            if counts.len() != n + 1 {
                return Err(format!(
                    "statistic {i} has {} counts, not {}",
                    counts.len(),
                    n + 1
                ));
            }
            if counts.iter().sum::<u64>() != decks {
                return Err(format!("statistic {i} counts another number of decks"));
            }
        }
        match (&s.histogram, n <= MAX_HISTOGRAM_DECK) {
            (Some(h), true) => {
                if h.len() as u64 != factorial(n) {
                    return Err(format!("the histogram has {} counts, not {n}!", h.len()));
                }
                if h.iter().sum::<u64>() != decks {
                    return Err("the histogram counts another number of decks".into());
                }
            }
            (None, false) => {}
            (Some(_), false) => {
                return Err(format!("a histogram above {MAX_HISTOGRAM_DECK} cards"));
            }
            (None, true) => return Err("no histogram".into()),
        }
        if s.prints.len() as u64 > decks.min(s.prints_up_to) {
            return Err(format!(
                "{} fingerprints of {decks} decks, {} kept at most",
                s.prints.len(),
                s.prints_up_to
            ));
        }
        Ok(Observed::of_parts(
            Positions {
                deck: n,
                counts: s.positions,
            },
            s.histogram.map(|counts| Histogram { deck: n, counts }),
            Battery {
                deck: n,
                counts: s.battery,
            },
            Fingerprints::from_vec(s.prints),
            s.prints_up_to,
        ))
    }
}

impl Lag1 {
    pub(super) fn state(&self) -> Lag1State {
        let (moves, contingency) = self.tables();
        Lag1State {
            ends: self.ends().map(|(a, b)| (a.to_vec(), b.to_vec())),
            moves: moves.state(),
            contingency: contingency.counts.clone(),
        }
    }

    pub(super) fn from_state(n: usize, s: Lag1State) -> Result<Lag1, String> {
        let pairs = square(n, &s.contingency, "the contingency table")?;
        let moves = Observed::from_state(n, s.moves).map_err(|w| format!("moves: {w}"))?;
        if moves.decks() != pairs {
            return Err("the moves and the contingency table count other pairs".into());
        }
        if let Some((first, last)) = &s.ends {
            if !is_permutation(n, first) || !is_permutation(n, last) {
                return Err("an end deck is not a permutation".into());
            }
        } else if pairs > 0 {
            return Err("pairs without a first deck".into());
        }
        Ok(Lag1::of_parts(
            n,
            s.ends,
            moves,
            Positions {
                deck: n,
                counts: s.contingency,
            },
        ))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::hypothesis::audit::DeckTally;

    /// `count` decks of `n` cards from a fixed generator, as bytes.
    fn decks(n: usize, count: usize) -> Vec<Vec<u8>> {
        let mut rng = crate::sample::chunk_rng(7, n as u64);
        (0..count)
            .map(|_| {
                let mut d: Vec<u8> = (0..n as u8).collect();
                for i in (1..n).rev() {
                    let j = rand::RngExt::random_range(&mut rng, 0..=i);
                    d.swap(i, j);
                }
                d
            })
            .collect()
    }

    fn count(tally: &DeckTally, decks: &[Vec<u8>], before: u64) -> DeckCounts {
        let mut c = tally.counts(&decks[0], before);
        decks.iter().for_each(|d| c.observe(d));
        c
    }

    #[test]
    fn pieces_kept_as_state_and_read_back_append_to_what_one_pass_counts() {
        for (n, ordered) in [(5, true), (5, false), (12, true), (12, false)] {
            let all = decks(n, 700);
            let one = count(&DeckTally::new(ordered), &all, 0).into_owned();
            // Three pieces, each counted by a tally of its own (as in
            // three processes), each through its state.
            let mut merged: Option<DeckCounts> = None;
            for piece in [&all[..1], &all[1..300], &all[300..]] {
                let c = count(&DeckTally::new(ordered), piece, 0).into_owned();
                let back = DeckCounts::from_state(c.state()).expect("a real state");
                assert_eq!(back.state(), c.state());
                match &mut merged {
                    Some(m) => m.append(back),
                    None => merged = Some(back),
                }
            }
            let merged = merged.expect("three pieces");
            assert_eq!(merged.decks(), 700);
            assert_eq!(merged.state().decks.positions, one.state().decks.positions);
            let (a, a_lag) = one.into_runs();
            let (b, b_lag) = merged.into_runs();
            assert_eq!(
                format!("{:?}", (a.analysis, a_lag)),
                format!("{:?}", (b.analysis, b_lag)),
                "{n} cards, ordered {ordered}"
            );
        }
    }

    #[test]
    fn a_state_no_decks_give_is_refused_with_what_is_wrong() {
        let c = count(&DeckTally::new(true), &decks(5, 50), 0).into_owned();
        let good = c.state();
        // Each state is `good` spoiled one way; its refusal names `words`.
        let refused = |spoil: &dyn Fn(&mut CountsState), words: &str| {
            let mut s = good.clone();
            spoil(&mut s);
            let e = DeckCounts::from_state(s).unwrap_err();
            assert!(e.to_string().contains(words), "{e}: not {words:?}");
        };
        refused(&|s| s.decks.positions[0] += 1, "position matrix");
        refused(&|s| s.decks.histogram = None, "no histogram");
        refused(
            &|s| {
                let ends = s.lag1.as_mut().unwrap().ends.as_mut().unwrap();
                ends.0[0] = 4;
                ends.0[1] = 4;
            },
            "permutation",
        );
        refused(&|s| s.deck = 6, "");
        refused(&|s| s.decks.battery[2].push(0), "statistic 2");
    }
}
