//! What a check runs, and what it promises before it runs.

use super::bound::Band;
use stats::law::perm::factorial;

/// The largest deck whose arrangements are counted one by one (`8!` =
/// 40,320 counters).
pub const MAX_ARRANGEMENT_CARDS: usize = 8;

/// Arrangements are counted only when a fair shuffle deals each at least
/// this many times on average: with fewer, no count could leave its band
/// and the test would spend part of the false-failure budget for nothing.
pub const MIN_EXPECTED_PER_ARRANGEMENT: f64 = 100.0;

/// The most deals of one deck size the repeats test keeps: a fingerprint
/// and the deck itself each, about 0.6 GB at 52 cards.
pub const MAX_REPEAT_SHUFFLES: u64 = stats::hypothesis::collision::COLLISION_MAX_DECKS;

/// The probability of noticing a bias that [`Guarantee`] promises.
pub const DETECTION_POWER: f64 = 0.999;

/// The false-failure probability of a default check.
pub const DEFAULT_FALSE_FAILURE: f64 = 1e-6;

/// A deck size and how many shuffles of it a check makes.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Deck {
    /// Cards, `2..=255`.
    pub cards: usize,
    /// Shuffles, `>= 1`.
    pub shuffles: u64,
}

/// The default plan: small decks for the arrangement tests, 13 and 52 cards
/// for the card games, a million 52-card deals for repeated decks.
pub const DEFAULT_DECKS: [Deck; 7] = [
    Deck {
        cards: 2,
        shuffles: 100_000,
    },
    Deck {
        cards: 3,
        shuffles: 100_000,
    },
    Deck {
        cards: 4,
        shuffles: 100_000,
    },
    Deck {
        cards: 5,
        shuffles: 100_000,
    },
    Deck {
        cards: 6,
        shuffles: 100_000,
    },
    Deck {
        cards: 13,
        shuffles: 100_000,
    },
    Deck {
        cards: 52,
        shuffles: 1_000_000,
    },
];

/// What a test looks at.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum TestKind {
    /// Where each card ends: `n²` cells, each `1/n` for a fair shuffle.
    Positions,
    /// How often each arrangement comes up: `n!` cells, each `1/n!`.
    Arrangements,
    /// Whether any deck is dealt twice: a fair shuffle of `n` cards repeats
    /// one among `N` deals with probability at most `C(N, 2) / n!`.
    Repeats,
}

impl TestKind {
    /// A short name.
    pub fn name(self) -> &'static str {
        match self {
            TestKind::Positions => "positions",
            TestKind::Arrangements => "arrangements",
            TestKind::Repeats => "repeats",
        }
    }
}

/// One test of a plan, with its share of the false-failure budget and what
/// it is certain to notice.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Guarantee {
    /// The deck.
    pub deck: Deck,
    /// The test.
    pub kind: TestKind,
    /// Cells counted (`n²`, `n!`; 1 for repeats).
    pub cells: u64,
    /// The test's share of the false-failure budget: a fair shuffle fails it
    /// with at most this probability.
    pub false_failure: f64,
    /// The band every cell's count must lie in (not for repeats).
    pub band: Option<Band>,
    /// A cell whose probability is `(1 + above)` times the fair one is
    /// noticed with probability at least [`DETECTION_POWER`].
    pub detects_above: Option<f64>,
    /// A cell whose probability is `(1 − below)` times the fair one is
    /// noticed with probability at least [`DETECTION_POWER`].
    pub detects_below: Option<f64>,
    /// Repeats only: a shuffle that can deal at most this many different
    /// decks repeats one with probability at least [`DETECTION_POWER`].
    pub detects_decks_up_to: Option<f64>,
}

/// A plan: the tests a check runs, decided before any shuffle.
#[derive(Clone, Debug, PartialEq)]
pub struct Plan {
    /// Every test, deck by deck.
    pub tests: Vec<Guarantee>,
    /// The false-failure probability of the whole check (the sum of the
    /// tests' shares: a union bound, true whatever the tests' dependence).
    pub false_failure: f64,
    /// The seed of the generator handed to the shuffle.
    pub seed: u64,
}

/// Why a plan cannot be made.
#[derive(Clone, Debug, PartialEq, thiserror::Error)]
pub enum PlanError {
    /// A deck size outside `2..=255`.
    #[error(
        "deck of {0} cards is not allowed: use {min}..={max} (a deck of 0 or 1 card has one arrangement)",
        min = algorithms::MIN_DECK,
        max = algorithms::MAX_DECK
    )]
    Cards(usize),
    /// No shuffles.
    #[error("0 shuffles of {0} cards is not allowed: use 1 or more")]
    Shuffles(usize),
    /// The same deck size twice.
    #[error("deck of {0} cards is listed twice: list each size once")]
    Duplicate(usize),
    /// No deck.
    #[error("a check needs at least one deck size")]
    NoDeck,
    /// A false-failure probability outside `(0, 1)`.
    #[error("false-failure probability {0} is not allowed: use a value strictly between 0 and 1")]
    FalseFailure(f64),
}

/// Whether the repeats test runs on a deck: only where a fair shuffle's
/// chance of a repeat, `C(N, 2) / n!`, is a small part of the budget
/// (`budget_per_test / 1000`), so the test costs nothing in false failures
/// that matters and a single repeat is damning.
fn repeats_bound(deck: Deck) -> f64 {
    let pairs = deck.shuffles as f64 * (deck.shuffles as f64 - 1.0) / 2.0;
    // ln n! by summing logs: exact enough, and finite for 255 cards.
    let ln_fact: f64 = (2..=deck.cards).map(|k| (k as f64).ln()).sum();
    (pairs.ln() - ln_fact).exp()
}

fn counts_arrangements(deck: Deck) -> bool {
    deck.cards <= MAX_ARRANGEMENT_CARDS
        && deck.shuffles as f64 / factorial(deck.cards) as f64 >= MIN_EXPECTED_PER_ARRANGEMENT
}

impl Plan {
    /// The plan for these decks, sharing `false_failure` among its tests.
    ///
    /// # Errors
    /// [`PlanError`] for a deck or a probability out of range.
    pub fn new(decks: &[Deck], false_failure: f64, seed: u64) -> Result<Plan, PlanError> {
        if !(false_failure > 0.0 && false_failure < 1.0) {
            return Err(PlanError::FalseFailure(false_failure));
        }
        if decks.is_empty() {
            return Err(PlanError::NoDeck);
        }
        for (i, d) in decks.iter().enumerate() {
            if !(algorithms::MIN_DECK..=algorithms::MAX_DECK).contains(&d.cards) {
                return Err(PlanError::Cards(d.cards));
            }
            if d.shuffles == 0 {
                return Err(PlanError::Shuffles(d.cards));
            }
            if decks[..i].iter().any(|e| e.cards == d.cards) {
                return Err(PlanError::Duplicate(d.cards));
            }
        }
        // The repeats test may run where its bound is below a thousandth of
        // the smallest share any test can get (three tests per deck).
        let smallest_share = false_failure / (3 * decks.len()) as f64;
        let mut kinds = Vec::new();
        for &d in decks {
            kinds.push((d, TestKind::Positions));
            if counts_arrangements(d) {
                kinds.push((d, TestKind::Arrangements));
            }
            if d.shuffles <= MAX_REPEAT_SHUFFLES && repeats_bound(d) <= smallest_share / 1000.0 {
                kinds.push((d, TestKind::Repeats));
            }
        }
        let share = false_failure / kinds.len() as f64;
        let tests = kinds
            .into_iter()
            .map(|(deck, kind)| Guarantee::new(deck, kind, share))
            .collect();
        Ok(Plan {
            tests,
            false_failure,
            seed,
        })
    }

    /// The tests of one deck size.
    pub fn tests_of(&self, cards: usize) -> impl Iterator<Item = &Guarantee> {
        self.tests.iter().filter(move |g| g.deck.cards == cards)
    }

    /// The decks, in the order given.
    pub fn decks(&self) -> Vec<Deck> {
        let mut decks: Vec<Deck> = Vec::new();
        for g in &self.tests {
            if decks.last() != Some(&g.deck) {
                decks.push(g.deck);
            }
        }
        decks
    }

    /// The decks too small for their positions test to notice even a
    /// shuffle that does nothing, each with the fewest shuffles that would.
    pub fn too_small(&self) -> Vec<TooSmall> {
        self.tests
            .iter()
            .filter(|g| g.kind == TestKind::Positions && !g.notices_nothing_done())
            .map(|g| TooSmall {
                deck: g.deck,
                fewest: g.fewest_to_notice_nothing_done(),
            })
            .collect()
    }

    /// Every shuffle the plan makes.
    pub fn shuffles(&self) -> u64 {
        self.decks().iter().map(|d| d.shuffles).sum()
    }
}

/// A deck whose shuffles are too few for its positions test to notice even
/// a shuffle that does nothing: every card left where it is, so each
/// card's own place holds `n` times its fair share.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct TooSmall {
    /// The deck, with the shuffles asked for.
    pub deck: Deck,
    /// The fewest shuffles of that deck at which its positions test, at
    /// the same share of the budget, notices a shuffle that does nothing
    /// with probability at least [`DETECTION_POWER`].
    pub fewest: u64,
}

impl std::fmt::Display for TooSmall {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(
            f,
            "{} shuffles of {} cards cannot notice even a shuffle that does nothing (every card left where it is) with probability {DETECTION_POWER}; {} can",
            self.deck.shuffles, self.deck.cards, self.fewest
        )
    }
}

impl Guarantee {
    /// Whether this positions test notices a shuffle that does nothing:
    /// a cell at `n` times its fair probability.
    fn notices_nothing_done(&self) -> bool {
        self.detects_above
            .is_some_and(|above| above <= (self.deck.cards - 1) as f64)
    }

    /// The fewest shuffles at which this positions test, at its share,
    /// notices a shuffle that does nothing: doubling, then bisection
    /// (the smallest cell it notices shrinks as shuffles grow).
    fn fewest_to_notice_nothing_done(&self) -> u64 {
        let notices = |shuffles: u64| {
            let deck = Deck {
                cards: self.deck.cards,
                shuffles,
            };
            Guarantee::new(deck, TestKind::Positions, self.false_failure).notices_nothing_done()
        };
        let mut high = self.deck.shuffles.max(1);
        while !notices(high) {
            high *= 2;
        }
        let mut low = high / 2;
        while low + 1 < high {
            let mid = low + (high - low) / 2;
            if notices(mid) {
                high = mid;
            } else {
                low = mid;
            }
        }
        high
    }

    fn new(deck: Deck, kind: TestKind, share: f64) -> Guarantee {
        let n = deck.cards;
        let (cells, p) = match kind {
            TestKind::Positions => ((n * n) as u64, 1.0 / n as f64),
            TestKind::Arrangements => (factorial(n) as u64, 1.0 / factorial(n) as f64),
            TestKind::Repeats => {
                let pairs = deck.shuffles as f64 * (deck.shuffles as f64 - 1.0) / 2.0;
                return Guarantee {
                    deck,
                    kind,
                    cells: 1,
                    false_failure: repeats_bound(deck),
                    band: None,
                    detects_above: None,
                    detects_below: None,
                    // A shuffle dealing at most D decks deals no repeat with
                    // probability at most that of D equally likely decks
                    // (the no-repeat probability is Schur-concave), which is
                    // at most exp(−C(N, 2)/D): below 1 − power once
                    // D <= C(N, 2) / ln(1/(1 − power)).
                    detects_decks_up_to: Some(pairs / -(1.0 - DETECTION_POWER).ln()),
                };
            }
        };
        // Each cell, each side: the share over both sides of every cell.
        let band = Band::chernoff(deck.shuffles, p, share / (2 * cells) as f64);
        Guarantee {
            deck,
            kind,
            cells,
            false_failure: share,
            band: Some(band),
            detects_above: band.detects_above(DETECTION_POWER),
            detects_below: band.detects_below(DETECTION_POWER),
            detects_decks_up_to: None,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The default plan sees a shuffle that does nothing on every deck; one
    /// shuffle never does, and the fewest that do are just enough: at that
    /// many the identity's counts (every shuffle on the diagonal) fall
    /// outside the band, one fewer they do not.
    #[test]
    fn too_few_shuffles_to_see_a_shuffle_that_does_nothing_are_named() {
        let plan = Plan::new(&DEFAULT_DECKS, DEFAULT_FALSE_FAILURE, 0).unwrap();
        assert!(plan.too_small().is_empty());
        for cards in [3, 5, 13, 52] {
            let small = [Deck { cards, shuffles: 1 }];
            let plan = Plan::new(&small, DEFAULT_FALSE_FAILURE, 0).unwrap();
            let too = plan.too_small();
            assert_eq!(too.len(), 1, "{cards} cards");
            let fewest = too[0].fewest;
            let band = |shuffles| {
                let d = [Deck { cards, shuffles }];
                let p = Plan::new(&d, DEFAULT_FALSE_FAILURE, 0).unwrap();
                p.tests[0].band.unwrap()
            };
            assert!(!band(fewest).accepts(fewest), "{cards} cards, {fewest}");
            assert!(
                band(fewest - 1).accepts(fewest - 1),
                "{cards} cards, {fewest}"
            );
            let enough = [Deck {
                cards,
                shuffles: fewest,
            }];
            assert!(
                Plan::new(&enough, DEFAULT_FALSE_FAILURE, 0)
                    .unwrap()
                    .too_small()
                    .is_empty()
            );
        }
    }

    #[test]
    fn the_shares_add_up_to_the_budget_and_repeats_stay_far_below_theirs() {
        let plan = Plan::new(&DEFAULT_DECKS, DEFAULT_FALSE_FAILURE, 0).unwrap();
        let cell_tests: Vec<_> = plan
            .tests
            .iter()
            .filter(|g| g.kind != TestKind::Repeats)
            .collect();
        let share = plan.false_failure / plan.tests.len() as f64;
        for g in &cell_tests {
            assert_eq!(g.false_failure, share);
        }
        let repeats: Vec<_> = plan
            .tests
            .iter()
            .filter(|g| g.kind == TestKind::Repeats)
            .collect();
        // 52 cards, a million deals: C(10^6, 2)/52! ≈ 6.2e-57.
        assert_eq!(repeats.len(), 1);
        assert_eq!(repeats[0].deck.cards, 52);
        assert!(repeats[0].false_failure < 1e-56 && repeats[0].false_failure > 1e-58);
        let total: f64 = plan.tests.iter().map(|g| g.false_failure).sum();
        assert!(total <= plan.false_failure);
        // Arrangements for 2..=6 cards (6! = 720: 139 per arrangement).
        let arrangements: Vec<usize> = plan
            .tests
            .iter()
            .filter(|g| g.kind == TestKind::Arrangements)
            .map(|g| g.deck.cards)
            .collect();
        assert_eq!(arrangements, [2, 3, 4, 5, 6]);
    }

    #[test]
    fn bad_plans_are_refused_naming_the_value() {
        let d = |cards, shuffles| Deck { cards, shuffles };
        assert_eq!(
            Plan::new(&[d(1, 10)], 1e-6, 0).unwrap_err().to_string(),
            "deck of 1 cards is not allowed: use 2..=255 (a deck of 0 or 1 card has one arrangement)"
        );
        assert_eq!(
            Plan::new(&[d(256, 10)], 1e-6, 0),
            Err(PlanError::Cards(256))
        );
        assert_eq!(Plan::new(&[d(5, 0)], 1e-6, 0), Err(PlanError::Shuffles(5)));
        assert_eq!(
            Plan::new(&[d(5, 9), d(5, 9)], 1e-6, 0),
            Err(PlanError::Duplicate(5))
        );
        assert_eq!(Plan::new(&[], 1e-6, 0), Err(PlanError::NoDeck));
        for bad in [0.0, 1.0, -1.0, f64::NAN] {
            assert!(matches!(
                Plan::new(&[d(5, 9)], bad, 0),
                Err(PlanError::FalseFailure(_))
            ));
        }
    }
}
