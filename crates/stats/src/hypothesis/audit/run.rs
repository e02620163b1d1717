//! Sampling runs: one seed's counts and analysis, the seed of the run that
//! confirms a suspicious one, what repeated runs record, and decks read
//! from elsewhere ([`Observed`]).

use super::{Analysis, MIN_EXPECTED, Skipped, keeps_histogram, min_shuffles_for_histogram};
use crate::hypothesis::battery::Battery;
use crate::hypothesis::collision::{self, COLLISION_MAX_DECKS, Collisions, Fingerprints};
use crate::hypothesis::fit::TestResult;
use crate::hypothesis::name::TestName;
use crate::sample::{
    Accumulator, Histogram, MAX_HISTOGRAM_DECK, Positions, SharedHistogram, sample, splitmix64,
};
use algorithms::Algorithm;

/// One sampled run and what its counts say.
#[derive(Clone, Debug, PartialEq)]
pub struct Run {
    /// Its seed.
    pub seed: u64,
    /// The position matrix.
    pub positions: Positions,
    /// The permutation histogram, when kept.
    pub histogram: Option<Histogram>,
    /// The battery's counts, when no histogram was kept.
    pub battery: Option<Battery>,
    /// Repeats among the first [`COLLISION_MAX_DECKS`] decks, when the
    /// battery ran and the collision test fits the deck size.
    pub collisions: Option<Collisions>,
    /// Tests and effect sizes.
    pub analysis: Analysis,
}

/// Samples one run: `shuffles` shuffles of `deck` cards with `seed`, with
/// the permutation histogram when `histogram` (and `deck <= 10`), the
/// battery and the collision test otherwise. The collision test compares
/// the first [`COLLISION_MAX_DECKS`] decks of the run: in the same pass when
/// that is all of them, else by shuffling those decks a second time (the
/// same decks: chunk `c` of a seed is always the same).
pub fn run(
    algorithm: &Algorithm,
    deck: usize,
    shuffles: u64,
    seed: u64,
    histogram: bool,
    progress: &(dyn Fn(u64) + Sync),
) -> Run {
    let (positions, histogram, battery, collisions) = if histogram && deck <= MAX_HISTOGRAM_DECK {
        let h = sample(
            algorithm,
            deck,
            shuffles,
            seed,
            || Histogram::new(deck),
            progress,
        );
        (h.positions(), Some(h), None, None)
    } else if deck >= 2 {
        let decks = shuffles.min(COLLISION_MAX_DECKS);
        let fits = collision::unfit(deck, decks).is_none();
        let (positions, battery, collisions) = if fits && decks == shuffles {
            // Every deck's fingerprint fits: one pass counts everything.
            let ((positions, battery), prints) = sample(
                algorithm,
                deck,
                shuffles,
                seed,
                || {
                    (
                        (Positions::new(deck), Battery::new(deck)),
                        Fingerprints::default(),
                    )
                },
                progress,
            );
            (positions, battery, Some(prints.collisions(deck)))
        } else {
            let (positions, battery) = sample(
                algorithm,
                deck,
                shuffles,
                seed,
                || (Positions::new(deck), Battery::new(deck)),
                progress,
            );
            let collisions = fits.then(|| {
                sample(algorithm, deck, decks, seed, Fingerprints::default, &|_| {})
                    .collisions(deck)
            });
            (positions, battery, collisions)
        };
        (positions, None, Some(battery), collisions)
    } else {
        let positions = sample(
            algorithm,
            deck,
            shuffles,
            seed,
            || Positions::new(deck),
            progress,
        );
        (positions, None, None, None)
    };
    let analysis = Analysis::new(
        &positions,
        histogram.as_ref(),
        battery.as_ref(),
        collisions.as_ref(),
    );
    Run {
        seed,
        positions,
        histogram,
        battery,
        collisions,
        analysis,
    }
}

/// The seconds one shuffle of a [`run`] of `shuffles` takes on one
/// thread, with the counts that run keeps (the permutation histogram, or
/// the position matrix and the battery), measured now
/// ([`crate::sample::seconds_per_shuffle`]).
pub fn seconds_per_shuffle(
    algorithm: &Algorithm,
    deck: usize,
    shuffles: u128,
    histogram: bool,
) -> f64 {
    use crate::sample::seconds_per_shuffle as measured;
    if histogram && deck <= MAX_HISTOGRAM_DECK {
        measured(algorithm, deck, shuffles, || Histogram::new(deck))
    } else if deck >= 2 {
        measured(algorithm, deck, shuffles, || {
            (Positions::new(deck), Battery::new(deck))
        })
    } else {
        measured(algorithm, deck, shuffles, || Positions::new(deck))
    }
}

/// Counts of decks that come from outside (a file of shuffles another
/// program dealt): everything any test might need, kept until the number
/// of decks is known.
///
/// Counts of consecutive stretches of the input merge in input order
/// ([`Observed::append`]): reading in parallel gives the counts of reading
/// in one pass, on any number of threads.
#[derive(Clone, Debug)]
pub struct Observed {
    positions: Positions,
    histogram: Option<Arrangements>,
    battery: Battery,
    /// Fingerprints of the first decks, for the collision test.
    prints: Fingerprints,
    /// How many decks' fingerprints to keep at most.
    prints_up_to: u64,
}

impl Observed {
    /// Empty counts for decks of `deck` cards (2..=255): the position
    /// matrix, the battery, a histogram up to [`MAX_HISTOGRAM_DECK`] cards,
    /// and fingerprints of the first [`COLLISION_MAX_DECKS`] decks (with a
    /// histogram, of the decks read before it has enough to be used): at
    /// most 128 MiB, whatever the input's length.
    pub fn new(deck: usize) -> Self {
        Self::after(deck, 0)
    }

    /// [`Observed::new`] for the decks that come after `before` others
    /// (whose counts these will be [appended](Observed::append) to): the
    /// fingerprints only of decks the collision test may still need.
    pub fn after(deck: usize, before: u64) -> Self {
        Self::sharing(deck, before, None)
    }

    /// [`Observed::after`] counting the arrangements into `shared` (for
    /// decks of up to [`MAX_HISTOGRAM_DECK`] cards), which the counts of
    /// every stretch of the read share: one histogram in memory whatever
    /// the number of workers.
    ///
    /// # Panics
    /// When `shared` counts decks of another size.
    pub fn sharing(deck: usize, before: u64, shared: Option<&SharedHistogram>) -> Self {
        // Whether the histogram is used is decided by the number of decks
        // read ([`keeps_histogram`]), known only at the end.
        let histogram = (deck <= MAX_HISTOGRAM_DECK).then(|| match shared {
            Some(s) => {
                assert_eq!(s.counted_deck(), deck, "a shared histogram of another deck");
                Arrangements::Shared(s.clone())
            }
            None => Arrangements::Own(Histogram::new(deck)),
        });
        let prints_up_to = if histogram.is_some() {
            min_shuffles_for_histogram(deck).min(COLLISION_MAX_DECKS)
        } else {
            COLLISION_MAX_DECKS
        };
        Observed {
            positions: Positions::new(deck),
            histogram,
            battery: Battery::new(deck),
            prints: Fingerprints::default(),
            prints_up_to: prints_up_to.saturating_sub(before),
        }
    }

    /// Cards per deck.
    pub fn deck(&self) -> usize {
        self.positions.deck
    }

    /// Decks counted.
    pub fn decks(&self) -> u64 {
        self.positions.total()
    }

    /// The same counts with a histogram of their own
    /// ([`DeckCounts::into_owned`](super::DeckCounts::into_owned)).
    pub fn into_owned(self) -> Observed {
        Observed {
            histogram: self.histogram.map(|h| match h {
                Arrangements::Shared(s) => Arrangements::Own(s.counted()),
                own => own,
            }),
            ..self
        }
    }

    /// The counts, field by field, the histogram's counted.
    pub(super) fn parts(&self) -> (&Positions, Option<Vec<u64>>, &Battery, &Fingerprints, u64) {
        let histogram = self.histogram.as_ref().map(|h| match h {
            Arrangements::Own(h) => h.counts.clone(),
            Arrangements::Shared(s) => s.counted().counts,
        });
        (
            &self.positions,
            histogram,
            &self.battery,
            &self.prints,
            self.prints_up_to,
        )
    }

    /// Counts made of their fields (checked by the caller).
    pub(super) fn of_parts(
        positions: Positions,
        histogram: Option<Histogram>,
        battery: Battery,
        prints: Fingerprints,
        prints_up_to: u64,
    ) -> Observed {
        Observed {
            positions,
            histogram: histogram.map(Arrangements::Own),
            battery,
            prints,
            prints_up_to,
        }
    }

    /// Counts one deck (`deck[position] = card`, a permutation of `0..n`).
    #[inline]
    pub fn observe(&mut self, deck: &[u8]) {
        self.positions.observe(deck);
        self.battery.observe(deck);
        match &mut self.histogram {
            Some(Arrangements::Own(h)) => h.observe(deck),
            Some(Arrangements::Shared(h)) => h.observe(deck),
            None => {}
        }
        if (self.prints.len() as u64) < self.prints_up_to {
            self.prints.observe(deck);
        }
    }

    /// Adds the counts of the decks that came right after these in the
    /// input: the result is that of observing both in order.
    pub fn append(&mut self, later: Observed) {
        self.positions.merge(later.positions);
        self.battery.merge(later.battery);
        match (&mut self.histogram, later.histogram) {
            (Some(Arrangements::Own(h)), Some(Arrangements::Own(l))) => h.merge(l),
            // Both counted into the one histogram already.
            (Some(Arrangements::Shared(h)), Some(Arrangements::Shared(l))) => {
                assert!(h.is(&l), "stretches of one read share one histogram");
            }
            (None, None) => {}
            _ => panic!("stretches of one read count their arrangements alike"),
        }
        self.prints.append_up_to(later.prints, self.prints_up_to);
    }

    /// The run these decks make: the permutation tests when the histogram
    /// has at least [`MIN_EXPECTED`] decks per arrangement, the battery and
    /// (where it fits) the collision test otherwise; the position test
    /// always. Its seed is 0: the decks came from elsewhere.
    pub fn into_run(self) -> Run {
        let n = self.positions.deck;
        let total = self.positions.total();
        let kept = self.histogram.is_some();
        let full = kept && keeps_histogram(n, total);
        let (histogram, battery, collisions) = if full {
            let histogram = self.histogram.map(|h| match h {
                Arrangements::Own(h) => h,
                Arrangements::Shared(h) => h.counted(),
            });
            (histogram, None, None)
        } else {
            let decks = total.min(COLLISION_MAX_DECKS);
            let collisions = collision::unfit(n, decks)
                .is_none()
                .then(|| self.prints.collisions(n));
            (None, Some(self.battery), collisions)
        };
        let mut analysis = Analysis::new(
            &self.positions,
            histogram.as_ref(),
            battery.as_ref(),
            collisions.as_ref(),
        );
        if kept && !full {
            let needed = min_shuffles_for_histogram(n);
            for name in [TestName::PERMUTATION_CHI2, TestName::PERMUTATION_G] {
                analysis.skipped.insert(
                    0,
                    Skipped {
                        name,
                        reason: format!(
                            "needs {MIN_EXPECTED} expected per arrangement: at least {needed} decks ({MIN_EXPECTED} x {n}!), got {total}; the battery ran instead"
                        ),
                    },
                );
            }
        }
        Run {
            seed: 0,
            positions: self.positions,
            histogram,
            battery,
            collisions,
            analysis,
        }
    }
}

/// The arrangements' counts of [`Observed`]: its own, or a histogram the
/// stretches of one read share.
#[derive(Clone, Debug)]
enum Arrangements {
    Own(Histogram),
    Shared(SharedHistogram),
}

/// The seed of the confirmation run of a run seeded with `seed`.
pub fn confirmation_seed(seed: u64) -> u64 {
    splitmix64(seed ^ 0xC0F1_2A70_5EED_0002)
}

/// The two-level test over repeated runs.
///
/// Serialized with `runs`, the number of runs, first.
#[derive(Clone, Debug, PartialEq)]
#[cfg_attr(
    feature = "serde",
    derive(serde::Serialize, serde::Deserialize),
    serde(into = "shape::Repeated", from = "shape::Repeated")
)]
pub struct Repeated {
    /// The runs' seeds (`seed`, `seed + 1`, …).
    pub seeds: Vec<u64>,
    /// For each first-level test whose p-values are continuous enough, its
    /// p-value in each run, in seed order.
    pub p_values: Vec<NamedValues>,
    /// One one-sided Kolmogorov–Smirnov test of each list, that its
    /// p-values are not smaller than uniform ones
    /// ([`ks_uniform_upper`](crate::hypothesis::fit::ks_uniform_upper)), in
    /// the order of `p_values`.
    pub ks: Vec<TestResult>,
    /// The KS tests not run, with reasons.
    pub skipped: Vec<Skipped>,
}

impl Repeated {
    /// Number of runs.
    pub fn runs(&self) -> u64 {
        self.seeds.len() as u64
    }
}

/// A test's p-values over runs.
#[derive(Clone, Debug, PartialEq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct NamedValues {
    /// The test.
    pub name: TestName,
    /// The values.
    pub values: Vec<f64>,
}

#[cfg(feature = "serde")]
mod shape {
    use super::{NamedValues, Skipped, TestResult};

    /// [`super::Repeated`] as documents have it.
    #[derive(Clone, serde::Serialize, serde::Deserialize)]
    pub(super) struct Repeated {
        runs: u64,
        seeds: Vec<u64>,
        p_values: Vec<NamedValues>,
        ks: Vec<TestResult>,
        #[serde(skip_serializing_if = "Vec::is_empty", default)]
        ks_skipped: Vec<Skipped>,
    }

    impl From<super::Repeated> for Repeated {
        fn from(r: super::Repeated) -> Self {
            Repeated {
                runs: r.runs(),
                seeds: r.seeds,
                p_values: r.p_values,
                ks: r.ks,
                ks_skipped: r.skipped,
            }
        }
    }

    impl From<Repeated> for super::Repeated {
        fn from(r: Repeated) -> Self {
            super::Repeated {
                seeds: r.seeds,
                p_values: r.p_values,
                ks: r.ks,
                skipped: r.ks_skipped,
            }
        }
    }
}

/// The smallest expected count per cell a chi-square test needs before
/// `repeat` runs of its p-values go through the one-sided
/// Kolmogorov–Smirnov test: `max(MIN_EXPECTED, 5 √repeat)`.
///
/// A chi-square statistic of counts takes values on a lattice whose steps
/// shrink as `1/E` with the smallest expected count `E`, and its
/// chi-square p-value, unlike an exact one, can put more than `u` below
/// `u` at a lattice point; the KS test over `R` runs resolves departures
/// of order `1/√R`, so `E` must grow like `√R`. The factor is measured by
/// the calibration sweep (`scripts/sweep.sh`) on the coarsest lattice the
/// tool tests, the position test of 3 cards, 19,000 fair audits a point:
/// with `R = 100` the one-sided test rejected 2.7 times the level at 0.01
/// at `E = 10` (`E = √R`, the rule before) and 1.36 times at `E = 30`,
/// and 1.04 times at `E = 50`; with `R = 20`, 1.7 times at `E = 5` and
/// 1.23 times at 0.05 at `E = 10`. `5 √R` is the rule whose switch the
/// sweep measures on both sides, at 20, 100 and 1,000 runs.
pub fn two_level_min_expected(repeat: u64) -> f64 {
    MIN_EXPECTED.max(5.0 * (repeat as f64).sqrt())
}
