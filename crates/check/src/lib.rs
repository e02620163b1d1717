#![doc = include_str!("../README.md")]
#![deny(missing_docs)]

pub mod run;

pub use algorithms::Defect;
// The decisions are the judge's: the plan's bands, what falls outside them,
// and what a failure resembles.
pub use judge::check::{
    Counts, DEFAULT_DECKS, DEFAULT_FALSE_FAILURE, DETECTION_POWER, Deck, Evidence, Failure,
    Finding, Guarantee, NotAPermutation, Pass, Plan, PlanError, Resemblance, TestKind, bound,
    finding, plan, recognise,
};

/// The generator a check hands to the shuffle: xoshiro256++, seeded from
/// the check's seed and the deck size, so a check is reproducible.
pub type CheckRng = rand_xoshiro::Xoshiro256PlusPlus;

/// A fairness check of a shuffle function: deck sizes, shuffles of each, a
/// false-failure probability and a seed. [`Check::new`] is the default.
#[derive(Clone, Debug, PartialEq)]
pub struct Check {
    plan: Plan,
}

impl Default for Check {
    fn default() -> Self {
        Check::new()
    }
}

impl Check {
    /// The default check: [`DEFAULT_DECKS`], a false-failure probability of
    /// [`DEFAULT_FALSE_FAILURE`], seed 0.
    ///
    /// ```
    /// let check = shuffle_check::Check::new();
    /// assert_eq!(check.plan().seed, 0);
    /// assert!(!check.plan().decks().is_empty());
    /// ```
    pub fn new() -> Check {
        Check {
            plan: Plan::new(&DEFAULT_DECKS, DEFAULT_FALSE_FAILURE, 0)
                .expect("the default plan is valid"),
        }
    }

    /// A check of these deck sizes, each shuffled as many times as given.
    ///
    /// # Errors
    /// [`PlanError`] for a deck of fewer than 2 or more than 255 cards, no
    /// shuffles, a size listed twice, or no deck.
    pub fn with_decks(decks: &[Deck]) -> Result<Check, PlanError> {
        Ok(Check {
            plan: Plan::new(decks, DEFAULT_FALSE_FAILURE, 0)?,
        })
    }

    /// The same check with another seed.
    pub fn seed(self, seed: u64) -> Check {
        Check {
            plan: Plan { seed, ..self.plan },
        }
    }

    /// The same check with another false-failure probability.
    ///
    /// # Errors
    /// [`PlanError::FalseFailure`] unless `0 < p < 1`.
    pub fn false_failure(self, p: f64) -> Result<Check, PlanError> {
        Ok(Check {
            plan: Plan::new(&self.plan.decks(), p, self.plan.seed)?,
        })
    }

    /// What the check runs and what it promises.
    pub fn plan(&self) -> &Plan {
        &self.plan
    }

    /// When some deck of the plan has too few shuffles to notice even a
    /// shuffle that does nothing: the first such deck, and the fewest
    /// shuffles that make every one of them large enough (what a front end
    /// names when it refuses the check).
    pub fn too_small(&self) -> Option<(judge::check::plan::TooSmall, u64)> {
        let too_small = self.plan.too_small();
        let fewest = too_small.iter().map(|t| t.fewest).max()?;
        Some((too_small[0], fewest))
    }

    /// Shuffles every deck of the plan, each time from `0, 1, …, n-1`,
    /// and judges the counts.
    ///
    /// `shuffle` rearranges the slice it is given in place, drawing its
    /// randomness from the generator it is given (and from nowhere else, or
    /// the check is not reproducible).
    ///
    /// # Errors
    /// A [`Failure`] saying what a fair shuffle would almost never do, and
    /// which known mistake the shuffle looks like.
    ///
    /// ```
    /// use rand::RngExt;
    /// use shuffle_check::{Check, CheckRng, Deck};
    /// let check = Check::with_decks(&[Deck { cards: 4, shuffles: 50_000 }]).unwrap();
    /// // The naive swap: every card swapped with any card, itself included.
    /// let naive = |deck: &mut [u32], rng: &mut CheckRng| {
    ///     for i in 0..deck.len() {
    ///         let j = rng.random_range(0..deck.len());
    ///         deck.swap(i, j);
    ///     }
    /// };
    /// let failure = check.run(naive).unwrap_err();
    /// assert!(!failure.findings.is_empty());
    /// // Fisher–Yates passes.
    /// let fair = |deck: &mut [u32], rng: &mut CheckRng| {
    ///     for i in (1..deck.len()).rev() {
    ///         let j = rng.random_range(0..=i);
    ///         deck.swap(i, j);
    ///     }
    /// };
    /// assert!(check.run(fair).is_ok());
    /// ```
    pub fn run<F>(&self, mut shuffle: F) -> Result<Pass, Box<Failure>>
    where
        F: FnMut(&mut [u32], &mut CheckRng),
    {
        let never = self.try_run(|deck: &mut [u32], rng: &mut CheckRng| {
            shuffle(deck, rng);
            Ok::<(), std::convert::Infallible>(())
        });
        match never {
            Ok(outcome) => outcome,
            Err(never) => match never {},
        }
    }

    /// [`Check::run`] of a shuffle that can fail on its own (a function of
    /// another language that raised): its first error stops the check and
    /// is returned as the outer `Err`.
    ///
    /// # Errors
    /// The shuffle's error; inside, [`Check::run`]'s outcome.
    pub fn try_run<F, E>(&self, mut shuffle: F) -> Result<Result<Pass, Box<Failure>>, E>
    where
        F: FnMut(&mut [u32], &mut CheckRng) -> Result<(), E>,
    {
        let mut all = Vec::new();
        for deck in self.plan.decks() {
            match run::count(&self.plan, deck, &mut shuffle)? {
                Ok(c) => all.push(c),
                Err(e) => {
                    return Ok(Err(Box::new(Failure {
                        plan: self.plan.clone(),
                        not_a_permutation: Some(e),
                        findings: Vec::new(),
                        resembles: Vec::new(),
                    })));
                }
            }
        }
        Ok(judge::check::outcome(&self.plan, &all))
    }
}

/// Checks `shuffle` with the default [`Check`] and panics with the
/// explanation if it fails: one line in a `#[test]`.
///
/// # Panics
/// When the shuffle fails the check.
///
/// ```should_panic
/// use rand::RngExt;
/// // The off-by-one (Sattolo's algorithm): never leaves a card in place.
/// shuffle_check::assert_fair(|deck: &mut [u32], rng: &mut shuffle_check::CheckRng| {
///     for i in (1..deck.len()).rev() {
///         let j = rng.random_range(0..i);
///         deck.swap(i, j);
///     }
/// });
/// ```
#[track_caller]
pub fn assert_fair<F>(shuffle: F)
where
    F: FnMut(&mut [u32], &mut CheckRng),
{
    if let Err(failure) = Check::new().run(shuffle) {
        panic!("{failure}");
    }
}
