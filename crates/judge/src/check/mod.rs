//! What a `shuffle-check` run's counts show: the bands a fair shuffle's
//! counts stay in ([`plan`], [`bound`]), the counts outside them
//! ([`finding`]), and the known mistake a failing shuffle resembles
//! ([`recognise`]). The `shuffle-check` crate shuffles and counts; this
//! module decides.
//!
//! ```
//! use judge::check::{Counts, Plan, outcome};
//!
//! // Three cards, each ending at each position exactly a third of the time.
//! let plan = Plan::new(&[judge::check::Deck { cards: 3, shuffles: 3_000 }], 1e-6, 0).unwrap();
//! let deck = plan.decks()[0];
//! let counts = Counts {
//!     deck,
//!     positions: vec![1_000; 9],
//!     arrangements: vec![500; 6],
//!     repeated_pairs: 0,
//! };
//! assert!(outcome(&plan, &[counts]).is_ok());
//!
//! // No card ever ends where it started, and only the two cycles come up:
//! // Sattolo's algorithm, caught and named.
//! let counts = Counts {
//!     deck,
//!     positions: vec![0, 1_500, 1_500, 1_500, 0, 1_500, 1_500, 1_500, 0],
//!     arrangements: vec![0, 0, 0, 1_500, 1_500, 0],
//!     repeated_pairs: 0,
//! };
//! let failure = outcome(&plan, &[counts]).unwrap_err();
//! assert!(failure.defects().contains(&algorithms::Defect::SingleCycle));
//! ```

pub mod bound;
pub mod finding;
pub mod plan;
pub mod recognise;

pub use bound::Band;
pub use finding::Finding;
pub use plan::{
    DEFAULT_DECKS, DEFAULT_FALSE_FAILURE, DETECTION_POWER, Deck, Guarantee, Plan, PlanError,
    TestKind,
};
pub use recognise::{Evidence, Resemblance};

use algorithms::Defect;

mod text;
pub use text::Advised;

/// What a deck size's shuffles produced.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Counts {
    /// The deck.
    pub deck: Deck,
    /// `positions[card * n + position]`: how often each card ended at each
    /// position, starting from the deck `0, 1, …, n-1` every time.
    pub positions: Vec<u64>,
    /// How often each arrangement came up, by lexicographic rank (empty
    /// when the plan does not count them).
    pub arrangements: Vec<u64>,
    /// Pairs of identical decks (0 when the plan does not look for them).
    pub repeated_pairs: u64,
}

/// A shuffle that did not return a rearrangement of the deck it was given.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct NotAPermutation {
    /// Cards in the deck.
    pub cards: usize,
    /// Which shuffle of that deck (from 1).
    pub shuffle: u64,
    /// What it returned.
    pub deck: Vec<u32>,
}

impl std::fmt::Display for NotAPermutation {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let n = self.cards;
        let mut seen = vec![0usize; n];
        let mut strangers = Vec::new();
        for &c in &self.deck {
            match seen.get_mut(c as usize) {
                Some(s) => *s += 1,
                None => strangers.push(c),
            }
        }
        write!(
            f,
            "shuffle {} of the deck 0..{} returned something that is not a rearrangement of it",
            self.shuffle, n
        )?;
        let missing: Vec<usize> = (0..n).filter(|&c| seen[c] == 0).collect();
        let twice: Vec<usize> = (0..n).filter(|&c| seen[c] > 1).collect();
        if !missing.is_empty() {
            write!(f, "; missing cards {}", list(&missing))?;
        }
        if !twice.is_empty() {
            write!(f, "; cards more than once {}", list(&twice))?;
        }
        if !strangers.is_empty() {
            write!(f, "; cards that were not in the deck {}", list(&strangers))?;
        }
        Ok(())
    }
}

fn list<T: std::fmt::Display>(items: &[T]) -> String {
    let shown: Vec<String> = items.iter().take(8).map(T::to_string).collect();
    let more = if items.len() > 8 {
        format!(" and {} more", items.len() - 8)
    } else {
        String::new()
    };
    format!("{}{more}", shown.join(", "))
}

/// A shuffle that passed: no count left its band.
#[derive(Clone, Debug, PartialEq)]
pub struct Pass {
    /// The plan it passed.
    pub plan: Plan,
}

/// A shuffle that failed, with what gave it away.
#[derive(Clone, Debug, PartialEq)]
pub struct Failure {
    /// The plan it failed.
    pub plan: Plan,
    /// Set when the shuffle lost, duplicated or invented a card: nothing
    /// else was judged.
    pub not_a_permutation: Option<NotAPermutation>,
    /// The most surprising count of each failed test.
    pub findings: Vec<Finding>,
    /// Known mistakes it looks like, most specific first.
    pub resembles: Vec<Resemblance>,
}

impl Failure {
    /// The defects recognised, in order, without repeats.
    pub fn defects(&self) -> Vec<Defect> {
        let mut out: Vec<Defect> = Vec::new();
        for r in &self.resembles {
            for d in &r.defects {
                if !out.contains(d) {
                    out.push(*d);
                }
            }
        }
        out
    }
}

impl std::error::Error for Failure {}

/// Judges the counts of every deck of `plan`: a [`Pass`] when every count
/// is inside its band, otherwise a [`Failure`] with each test's most
/// surprising count and the mistakes the counts resemble.
pub fn outcome(plan: &Plan, counts: &[Counts]) -> Result<Pass, Box<Failure>> {
    let findings: Vec<Finding> = counts
        .iter()
        .flat_map(|c| finding::findings(plan, c))
        .collect();
    if findings.is_empty() {
        return Ok(Pass { plan: plan.clone() });
    }
    let resembles = recognise::recognise(counts, &findings);
    Err(Box::new(Failure {
        plan: plan.clone(),
        not_a_permutation: None,
        findings,
        resembles,
    }))
}
