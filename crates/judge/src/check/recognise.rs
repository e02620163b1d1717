//! Which known mistake a failing shuffle looks like.
//!
//! The catalogue is the registry of shuffle-audit: every biased algorithm
//! there names its [`Defect`]. A failing shuffle resembles an algorithm
//! when its position counts agree with that algorithm's exact position law
//! at every deck size checked that the law is known for (by the Markov
//! chain for swap-based algorithms, by enumeration on up to
//! [`MAX_ENUMERATED_CARDS`] cards for the others). Where no law agrees, two
//! signatures still point at a mistake or a family of them: no card ever
//! staying in its place, and cards moving less far than a fair shuffle
//! moves them. Repeated decks point at a small seed.
//!
//! Recognition only explains a failure; it never decides one.

use super::Counts;
use super::bound::Band;
use super::finding::Finding;
use algorithms::registry::REGISTRY;
use algorithms::{Defect, Exact, Expected};
use stats::law::exact::{Limits, exact_distribution};
use std::collections::HashMap;
use std::sync::{Arc, Mutex, OnceLock};

/// Algorithms that are not swap-based are enumerated on decks of up to
/// this many cards.
pub const MAX_ENUMERATED_CARDS: usize = 6;

/// Paths an enumeration may walk before recognition gives the law up.
const MAX_RECOGNITION_PATHS: u64 = 300_000;

/// The probability that the counts of a shuffle that *is* a catalogued
/// algorithm disagree with its law at one deck size (a union bound over
/// the cells): how often a true resemblance is missed there.
pub const MISS_PROBABILITY: f64 = 1e-3;

/// A known mistake a failing shuffle resembles, and why it is thought so.
#[derive(Clone, Debug, PartialEq)]
pub struct Resemblance {
    /// The mistakes it points at (one when a law agrees; a family for a
    /// signature).
    pub defects: Vec<Defect>,
    /// What points at them.
    pub evidence: Evidence,
}

/// Why a failing shuffle is thought to make a mistake.
#[derive(Clone, Debug, PartialEq)]
pub enum Evidence {
    /// Its position counts agree with the exact position law of these
    /// registry algorithms at these deck sizes.
    SameLaw {
        /// Registry ids.
        algorithms: Vec<&'static str>,
        /// Deck sizes where the law was known and agreed.
        decks: Vec<usize>,
    },
    /// No card ever stayed in its place, at any deck size checked.
    NoFixedPoints,
    /// Cards moved less far than a fair shuffle moves them, at this deck
    /// size (Spearman's footrule).
    StaysNear {
        /// Places a card moved on average.
        moved: f64,
        /// Places a fair shuffle moves a card on average, `(n² − 1)/(3n)`.
        fair: f64,
        /// The deck size.
        cards: usize,
    },
    /// Decks repeated as if the shuffle could deal only about this many.
    Repeats {
        /// `C(N, 2) / pairs`: the number of equally likely decks that would
        /// repeat as often.
        as_if_decks: f64,
        /// The deck size.
        cards: usize,
    },
}

/// The position law of a registry algorithm on `n` cards, if known cheaply;
/// computed once per process (every failing check compares its counts with
/// the same laws).
fn law(entry: &algorithms::Entry, n: usize) -> Option<Arc<Vec<f64>>> {
    type Laws = Mutex<HashMap<(&'static str, usize), Option<Arc<Vec<f64>>>>>;
    static LAWS: OnceLock<Laws> = OnceLock::new();
    let laws = LAWS.get_or_init(Laws::default);
    if let Some(known) = laws.lock().ok()?.get(&(entry.id, n)) {
        return known.clone();
    }
    let computed = compute_law(entry, n).map(Arc::new);
    laws.lock().ok()?.insert((entry.id, n), computed.clone());
    computed
}

/// The position law of a registry algorithm on `n` cards, if known cheaply.
fn compute_law(entry: &algorithms::Entry, n: usize) -> Option<Vec<f64>> {
    if let Some(swaps) = entry.algorithm.swap_shuffle(n) {
        return stats::law::markov::position_law(&swaps)
            .ok()
            .map(|l| l.matrix);
    }
    if n > MAX_ENUMERATED_CARDS || entry.exact != Exact::Full {
        return None;
    }
    let limits = Limits {
        max_paths: MAX_RECOGNITION_PATHS,
        ..Limits::for_exact(entry.exact)
    };
    let law = exact_distribution(&entry.algorithm, n, &limits).ok()?;
    Some(law.position_matrix().concat())
}

/// Whether the counts agree with the law `q` (row-major, `card * n +
/// position`): every cell inside its Chernoff band at a shared level of
/// [`MISS_PROBABILITY`].
fn agrees(counts: &Counts, q: &[f64]) -> bool {
    let trials = counts.deck.shuffles;
    let side = MISS_PROBABILITY / (2 * q.len()) as f64;
    counts.positions.iter().zip(q).all(|(&c, &p)| {
        // The float chain leaves ~1e-17 where the exact value is 0 or 1.
        if p < 1e-12 {
            c == 0
        } else if p > 1.0 - 1e-12 {
            c == trials
        } else {
            Band::chernoff(trials, p, side).accepts(c)
        }
    })
}

/// The footrule summed over every deal: `Σ count(i, j)·|i − j|`.
fn footrule(c: &Counts) -> f64 {
    let n = c.deck.cards;
    c.positions
        .iter()
        .enumerate()
        .map(|(k, &count)| count as f64 * (k / n).abs_diff(k % n) as f64)
        .sum()
}

fn fixed_points(c: &Counts) -> u64 {
    let n = c.deck.cards;
    (0..n).map(|i| c.positions[i * n + i]).sum()
}

/// The mistakes the failing counts resemble, most specific first.
pub(super) fn recognise(all: &[Counts], findings: &[Finding]) -> Vec<Resemblance> {
    // A law can only be told from a fair shuffle's where the positions
    // themselves failed: elsewhere a nearly uniform law "agrees" as well
    // as the uniform one does.
    let failed: Vec<usize> = findings
        .iter()
        .filter(|f| matches!(f, Finding::Position { .. }))
        .map(|f| f.deck().cards)
        .collect();
    let mut found: Vec<Resemblance> = Vec::new();
    for entry in REGISTRY {
        let Expected::Biased(defect) = entry.expected else {
            continue;
        };
        let mut decks = Vec::new();
        let mut all_agree = true;
        for c in all {
            let Some(q) = law(entry, c.deck.cards) else {
                continue;
            };
            if !agrees(c, &q) {
                all_agree = false;
                break;
            }
            decks.push(c.deck.cards);
        }
        if !all_agree || !decks.iter().any(|d| failed.contains(d)) {
            continue;
        }
        match found.iter_mut().find(|r| r.defects == [defect]) {
            Some(Resemblance {
                evidence:
                    Evidence::SameLaw {
                        algorithms,
                        decks: d,
                    },
                ..
            }) => {
                algorithms.push(entry.id);
                d.retain(|x| decks.contains(x));
            }
            _ => found.push(Resemblance {
                defects: vec![defect],
                evidence: Evidence::SameLaw {
                    algorithms: vec![entry.id],
                    decks,
                },
            }),
        }
    }
    for f in findings {
        if let Finding::Repeats { deck, pairs, .. } = f {
            let n = deck.shuffles as f64;
            found.push(Resemblance {
                defects: vec![Defect::FewSeeds],
                evidence: Evidence::Repeats {
                    as_if_decks: n * (n - 1.0) / 2.0 / *pairs as f64,
                    cards: deck.cards,
                },
            });
        }
    }
    if found
        .iter()
        .any(|r| matches!(r.evidence, Evidence::SameLaw { .. }))
    {
        return found;
    }
    if all.iter().all(|c| fixed_points(c) == 0) {
        found.push(Resemblance {
            defects: vec![Defect::SingleCycle],
            evidence: Evidence::NoFixedPoints,
        });
        return found;
    }
    // Spearman's footrule, the total distance cards move, has mean
    // (n² − 1)/3 and variance (n + 1)(2n² + 7)/45 per deal under a fair
    // shuffle (Diaconis and Graham, "Spearman's footrule as a measure of
    // disarray", J. R. Stat. Soc. B 1977): six standard errors below is no
    // chance (the normal tail there is 1e-9).
    if let Some((c, moved, fair)) = all
        .iter()
        .filter(|c| failed.contains(&c.deck.cards))
        .filter_map(|c| {
            let n = c.deck.cards as f64;
            let deals = c.deck.shuffles as f64;
            let moved = footrule(c) / deals;
            let fair = (n * n - 1.0) / 3.0;
            let sd = ((n + 1.0) * (2.0 * n * n + 7.0) / 45.0).sqrt();
            ((fair - moved) / sd * deals.sqrt() > 6.0).then_some((c, moved, fair))
        })
        .max_by_key(|(c, ..)| c.deck.cards)
    {
        let n = c.deck.cards as f64;
        found.push(Resemblance {
            defects: vec![
                Defect::RandomComparator,
                Defect::TiedKeys,
                Defect::RandomTranspositions,
                Defect::TooFewRiffles,
                Defect::BrokenRiffle,
            ],
            evidence: Evidence::StaysNear {
                moved: moved / n,
                fair: fair / n,
                cards: c.deck.cards,
            },
        });
    }
    found
}
