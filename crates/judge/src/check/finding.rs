//! What a check found: each count a fair shuffle would almost never give.

use super::Counts;
use super::bound::Band;
use super::plan::{Deck, Plan, TestKind};
use stats::law::perm::unrank;

/// One count outside what a fair shuffle gives, the most surprising of its
/// test.
#[derive(Clone, Debug, PartialEq)]
pub enum Finding {
    /// A card ended at a position too often or too rarely.
    Position {
        /// The deck.
        deck: Deck,
        /// The card (its starting position).
        card: usize,
        /// Where it ended.
        position: usize,
        /// How often.
        count: u64,
        /// What a fair shuffle's count stays in.
        band: Band,
        /// Cells of this deck outside their band (this one included).
        cells_outside: usize,
    },
    /// An arrangement came up too often or too rarely.
    Arrangement {
        /// The deck.
        deck: Deck,
        /// The arrangement, `arrangement[position] = card`.
        arrangement: Vec<u8>,
        /// How often.
        count: u64,
        /// What a fair shuffle's count stays in.
        band: Band,
        /// Arrangements outside their band (this one included).
        cells_outside: usize,
    },
    /// Decks dealt more than once.
    Repeats {
        /// The deck.
        deck: Deck,
        /// Pairs of identical decks.
        pairs: u64,
        /// The probability that a fair shuffle repeats any deck at all.
        fair_chance: f64,
    },
}

impl Finding {
    /// The deck the finding is about.
    pub fn deck(&self) -> Deck {
        match self {
            Finding::Position { deck, .. }
            | Finding::Arrangement { deck, .. }
            | Finding::Repeats { deck, .. } => *deck,
        }
    }
}

/// The most surprising cell outside its band, and how many are outside.
fn worst(counts: &[u64], band: &Band) -> Option<(usize, usize)> {
    let mut outside = 0;
    let mut best: Option<(usize, f64)> = None;
    for (i, &c) in counts.iter().enumerate() {
        if band.accepts(c) {
            continue;
        }
        outside += 1;
        let s = band.surprise(c);
        if best.is_none_or(|(_, b)| s > b) {
            best = Some((i, s));
        }
    }
    best.map(|(i, _)| (i, outside))
}

/// The findings of one deck's counts under the plan's tests.
pub(super) fn findings(plan: &Plan, counts: &Counts) -> Vec<Finding> {
    let deck = counts.deck;
    let n = deck.cards;
    let mut findings = Vec::new();
    for g in plan.tests_of(n) {
        match g.kind {
            TestKind::Positions => {
                let band = g.band.expect("cell tests have a band");
                if let Some((i, outside)) = worst(&counts.positions, &band) {
                    findings.push(Finding::Position {
                        deck,
                        card: i / n,
                        position: i % n,
                        count: counts.positions[i],
                        band,
                        cells_outside: outside,
                    });
                }
            }
            TestKind::Arrangements => {
                let band = g.band.expect("cell tests have a band");
                if let Some((r, outside)) = worst(&counts.arrangements, &band) {
                    let mut arrangement = Vec::with_capacity(n);
                    unrank(r, n, &mut arrangement);
                    findings.push(Finding::Arrangement {
                        deck,
                        arrangement,
                        count: counts.arrangements[r],
                        band,
                        cells_outside: outside,
                    });
                }
            }
            TestKind::Repeats => {
                if counts.repeated_pairs > 0 {
                    findings.push(Finding::Repeats {
                        deck,
                        pairs: counts.repeated_pairs,
                        fair_chance: g.false_failure,
                    });
                }
            }
        }
    }
    findings
}
