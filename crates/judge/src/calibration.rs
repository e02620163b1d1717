//! Calibration on fair input: how often each test of `audit` rejects
//! decks that a uniform shuffle dealt, at sizes on both sides of every
//! point where the family changes, and whether that rate is the level.
//!
//! A point of the sweep is a deck size and a number of decks. One
//! repetition deals that many decks with the suite's Fisher–Yates (seed
//! `s` deals what `shuffle-audit deal -a fisher-yates -s s` prints), counts
//! them in order as `audit` counts decks it reads
//! ([`ObservedStream`]), and records
//! each test's p-value and the family's smallest adjusted one. Over `R`
//! repetitions the rejections of a test at level `α` are `Binomial(R, α)`
//! when the test is exact; a test is *in its band* when its count lies in
//! that law's central band at a tail small enough that a calibrated sweep
//! fails anywhere with probability at most [`SWEEP_FALSE_FAILURE`]. The
//! whole family (`audit --alpha A` exits 1) must reject at most at rate
//! `A` (Bonferroni is conservative): its count must not exceed the band's
//! top.

use algorithms::Shuffle;
use rayon::prelude::*;
use stats::sample::{CHUNK, Sampler, chunk_rng};
use stats::test::audit::ObservedStream;
use stats::test::hypothesis::binomial_band;
use stats::test::test_name::TestName;

/// The levels each test is measured at.
pub const LEVELS: [f64; 2] = [0.01, 0.05];

/// The probability that a sweep of calibrated tests fails somewhere:
/// shared by its checks (Bonferroni), each side of each band.
pub const SWEEP_FALSE_FAILURE: f64 = 1e-3;

/// A point of the sweep: `decks` fair decks of `deck` cards, read in order.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Point {
    /// Cards per deck.
    pub deck: usize,
    /// Decks per repetition.
    pub decks: u64,
}

/// What one repetition at a point gives: each test's `log10 p`, and the
/// family's smallest Bonferroni-adjusted `log10 p` (what `audit --alpha`
/// decides on).
#[derive(Clone, Debug, PartialEq)]
pub struct Outcome {
    /// Each test run, with its `log10 p`.
    pub tests: Vec<(TestName, f64)>,
    /// `log10` of the family's smallest adjusted p-value.
    pub family: f64,
}

/// One repetition: `point.decks` decks dealt by Fisher–Yates with `seed`,
/// counted in order and tested as `audit` tests decks it reads.
pub fn repetition(point: Point, seed: u64) -> Outcome {
    let fy = &algorithms::registry::find("fisher-yates")
        .expect("registered")
        .algorithm;
    let identity: Vec<u8> = (0..point.deck as u8).collect();
    let mut deck = identity.clone();
    let mut counts = ObservedStream::new(point.deck);
    for c in 0..point.decks.div_ceil(CHUNK) {
        let mut src = Sampler::new(chunk_rng(seed, c));
        for _ in 0..CHUNK.min(point.decks - c * CHUNK) {
            deck.clone_from(&identity);
            fy.shuffle(&mut deck, &mut src);
            counts.observe(&deck);
        }
    }
    let (run, lag1) = counts.into_runs();
    let audited = crate::grade::of_decks(run, Some(lag1));
    let audit = &audited.audit;
    Outcome {
        tests: audit
            .first
            .analysis
            .tests
            .iter()
            .chain(audit.lag1.iter().flat_map(|l| l.tests.iter()))
            .map(|t| (t.name, t.log10_p))
            .collect(),
        family: audit.log10_min_adjusted_p,
    }
}

/// Rejections of one test (or of the family) at each of [`LEVELS`].
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Rejections {
    /// The test's name, or `"family"`.
    pub name: String,
    /// Repetitions in which the test ran.
    pub runs: u64,
    /// Of them, those with `p < α`, for each α of [`LEVELS`].
    pub rejected: [u64; 2],
}

/// What `reps` repetitions at a point gave.
#[derive(Clone, Debug, PartialEq)]
pub struct PointRates {
    /// The point.
    pub point: Point,
    /// Repetitions (seeds `first_seed..first_seed + reps`).
    pub reps: u64,
    /// The first seed.
    pub first_seed: u64,
    /// Each test, in the order the family lists them.
    pub tests: Vec<Rejections>,
    /// The whole family: `audit --alpha α` exits 1.
    pub family: Rejections,
}

/// `reps` repetitions at `point`, seeds `first_seed..first_seed + reps`,
/// in parallel: the same on any number of threads.
pub fn rates(point: Point, reps: u64, first_seed: u64) -> PointRates {
    let outcomes: Vec<Outcome> = (0..reps)
        .into_par_iter()
        .map(|r| repetition(point, first_seed + r))
        .collect();
    let below = |log10_p: f64| LEVELS.map(|a| u64::from(log10_p < a.log10()));
    let mut tests: Vec<Rejections> = Vec::new();
    let mut family = Rejections {
        name: "family".into(),
        runs: reps,
        rejected: [0; 2],
    };
    for o in &outcomes {
        for (name, log10_p) in &o.tests {
            let name = name.to_string();
            let i = match tests.iter().position(|t| t.name == name) {
                Some(i) => i,
                None => {
                    tests.push(Rejections {
                        name,
                        runs: 0,
                        rejected: [0; 2],
                    });
                    tests.len() - 1
                }
            };
            tests[i].runs += 1;
            for (r, b) in tests[i].rejected.iter_mut().zip(below(*log10_p)) {
                *r += b;
            }
        }
        for (r, b) in family.rejected.iter_mut().zip(below(o.family)) {
            *r += b;
        }
    }
    PointRates {
        point,
        reps,
        first_seed,
        tests,
        family,
    }
}

/// Whether a count of rejections is what a calibrated test gives.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Calibrated {
    /// Within the band.
    Yes,
    /// Fewer rejections than the band allows: the test is conservative
    /// (it loses power, it does not call fair shuffles biased).
    Conservative,
    /// More than the band allows: the test calls fair shuffles biased too
    /// often.
    TooMany,
}

/// One check of a sweep: a count of rejections at a level, its band and
/// what it says.
#[derive(Clone, Debug, PartialEq)]
pub struct Check {
    /// The level.
    pub alpha: f64,
    /// Rejections out of `runs`.
    pub rejected: u64,
    /// Runs.
    pub runs: u64,
    /// The band a calibrated count lies in.
    pub band: (u64, u64),
    /// Whether it does.
    pub calibrated: Calibrated,
    /// The smallest factor `f` such that a test rejecting at `f · α` is
    /// caught (above the band) with probability at least 0.95.
    pub detects: f64,
}

/// The check of `rejected` rejections in `runs` at level `alpha`, one of
/// `checks` checks of a sweep; `one_sided` for the family, which may
/// reject less often than `alpha` but not more.
pub fn check(rejected: u64, runs: u64, alpha: f64, checks: usize, one_sided: bool) -> Check {
    let tail = SWEEP_FALSE_FAILURE / (2 * checks.max(1)) as f64;
    let band = binomial_band(runs, alpha, tail);
    let calibrated = if rejected > band.1 {
        Calibrated::TooMany
    } else if rejected < band.0 && !one_sided {
        Calibrated::Conservative
    } else {
        Calibrated::Yes
    };
    Check {
        alpha,
        rejected,
        runs,
        band,
        calibrated,
        detects: detectable_factor(runs, alpha, band.1),
    }
}

/// The smallest factor `f` (to 0.01) such that `Binomial(runs, f · alpha)`
/// exceeds `top` with probability at least 0.95.
pub fn detectable_factor(runs: u64, alpha: f64, top: u64) -> f64 {
    use statrs::distribution::{Binomial, DiscreteCDF};
    let caught = |f: f64| {
        let p = (f * alpha).min(1.0);
        Binomial::new(p, runs).map_or(true, |b| b.sf(top) >= 0.95)
    };
    let (mut lo, mut hi) = (1.0f64, 1.0 / alpha);
    if !caught(hi) {
        return f64::INFINITY;
    }
    while hi - lo > 0.005 {
        let mid = 0.5 * (lo + hi);
        if caught(mid) {
            hi = mid;
        } else {
            lo = mid;
        }
    }
    (hi * 100.0).ceil() / 100.0
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_repetition_is_the_audit_of_the_decks_deal_prints() {
        // 5 cards, 600 decks (the histogram needs 600 = 5 x 5!): the
        // permutation tests of single decks; the 599 pairs are one too few
        // for them, so the battery tests the pairs.
        let o = repetition(
            Point {
                deck: 5,
                decks: 600,
            },
            1,
        );
        let names: Vec<String> = o.tests.iter().map(|t| t.0.to_string()).collect();
        assert_eq!(
            names,
            [
                "permutation-chi2",
                "permutation-g",
                "position-chi2",
                "lag1-position-chi2",
                "lag1-fixed-points-chi2",
                "lag1-cycles-chi2",
                "lag1-descents-chi2",
                "lag1-rising-sequences-chi2",
                "lag1-successions-chi2",
                "lag1-contingency-chi2"
            ]
        );
        let smallest = o.tests.iter().map(|t| t.1).fold(f64::INFINITY, f64::min);
        assert!((o.family - (smallest + 10f64.log10()).min(0.0)).abs() < 1e-12);
        // The same seed, the same outcome.
        assert_eq!(
            o,
            repetition(
                Point {
                    deck: 5,
                    decks: 600
                },
                1
            )
        );
    }

    /// Every test at `point`, over `reps` repetitions from seed 1, not
    /// above its band, and the whole family at most at its level. The
    /// bands share a false failure of at most 1e-3 over the checks of
    /// one call (the seeds are fixed: the outcome is too).
    fn assert_calibrated(point: Point, reps: u64) -> PointRates {
        let r = rates(point, reps, 1);
        let checks = (r.tests.len() + 1) * LEVELS.len();
        for (t, family) in r
            .tests
            .iter()
            .map(|t| (t, false))
            .chain([(&r.family, true)])
        {
            for (i, &alpha) in LEVELS.iter().enumerate() {
                let c = check(t.rejected[i], t.runs, alpha, checks, family);
                assert_ne!(
                    c.calibrated,
                    Calibrated::TooMany,
                    "{point:?} {}: {c:?}",
                    t.name
                );
            }
        }
        r
    }

    #[test]
    fn small_decks_are_calibrated_on_both_sides_of_each_switch() {
        // 3 cards: the fewest decks audit tests (15), the battery's last
        // size (29), the permutation tests' first (30) and their pairs'
        // (31); 5 cards the same about 600.
        for decks in [15, 29, 30, 31] {
            assert_calibrated(Point { deck: 3, decks }, 4000);
        }
        for decks in [25, 599, 600, 601] {
            assert_calibrated(Point { deck: 5, decks }, 1000);
        }
        // The switch is where the tests say: 29 decks of 3 cards run the
        // battery, and leave out what cannot reject there.
        let r = rates(Point { deck: 3, decks: 29 }, 1, 1);
        let names: Vec<&str> = r.tests.iter().map(|t| t.name.as_str()).collect();
        assert!(!names.contains(&"descents-chi2"), "{names:?}");
        assert!(names.contains(&"successions-chi2"), "{names:?}");
    }

    #[test]
    #[ignore = "about a minute on 2 cores: the switches of 7 and 8 cards, 52 cards at the fewest decks"]
    fn larger_decks_are_calibrated_at_their_switches() {
        for decks in [25_199, 25_200] {
            assert_calibrated(Point { deck: 7, decks }, 1000);
        }
        for decks in [201_599, 201_600] {
            assert_calibrated(Point { deck: 8, decks }, 300);
        }
        for decks in [260, 1_040] {
            assert_calibrated(Point { deck: 52, decks }, 4000);
        }
    }

    #[test]
    fn bands_catch_a_rate_half_again_the_level_with_enough_runs() {
        // 20,000 runs at 0.01, one check: the band holds 200 ± 4.4 sd;
        // a rate of 1.5 % is caught.
        let c = check(200, 20_000, 0.01, 1, false);
        assert_eq!(c.calibrated, Calibrated::Yes);
        assert!(c.detects <= 1.5, "{c:?}");
        assert_eq!(
            check(c.band.1 + 1, 20_000, 0.01, 1, false).calibrated,
            Calibrated::TooMany
        );
        assert_eq!(
            check(c.band.0 - 1, 20_000, 0.01, 1, false).calibrated,
            Calibrated::Conservative
        );
        // The family may be conservative.
        assert_eq!(check(0, 20_000, 0.01, 1, true).calibrated, Calibrated::Yes);
        // Few runs detect only a large factor.
        assert!(check(5, 500, 0.01, 100, false).detects > 3.0);
    }
}
