//! Calibration on fair input: how often each test rejects input that a
//! uniform shuffle dealt, at sizes on both sides of every point where a
//! family of tests changes, and whether that rate is the level.
//!
//! A point of the sweep ([`Sweep`]) is a kind of input and its size: decks
//! of distinct cards as `audit` reads them, shoes and decklists, one draw
//! for `audit --single`, or `sample --repeat`'s runs. One repetition deals
//! fair input with the suite's Fisher–Yates (seed `s` deals what
//! `shuffle-audit deal -a fisher-yates -s s` prints), counts it as the tool
//! counts it ([`ObservedStream`], [`ShoeCounts`]), and records each test's
//! p-value and the family's smallest adjusted one. Over `R`
//! repetitions the rejections of a test at level `α` are `Binomial(R, α)`
//! when the test is exact; a test is *in its band* when its count lies in
//! that law's central band at a tail small enough that a calibrated sweep
//! fails anywhere with probability at most [`SWEEP_FALSE_FAILURE`]. The
//! whole family (`audit --alpha A` exits 1) must reject at most at rate
//! `A` (Bonferroni is conservative): its count must not exceed the band's
//! top.

use algorithms::Shuffle;
use rayon::prelude::*;
use serde::{Deserialize, Serialize};
use stats::hypothesis::audit::{AuditPlan, ObservedStream, keeps_histogram};
use stats::hypothesis::fit::TestResult;
use stats::hypothesis::fit::binomial_band;
use stats::hypothesis::shoe::{Composition, ShoeCounts};
use stats::hypothesis::single::Laws;
use stats::sample::{CHUNK, Sampler, chunk_rng};

/// The levels each test is measured at.
pub const LEVELS: [f64; 2] = [0.01, 0.05];

/// The probability that a sweep of calibrated tests fails somewhere:
/// shared by its checks (Bonferroni), each side of each band.
pub const SWEEP_FALSE_FAILURE: f64 = 1e-3;

/// The probability at which a miscalibrated test must fall above its band
/// for the sweep to catch it ("caught at").
pub const CAUGHT_POWER: f64 = 0.95;

/// A point of the sweep: `decks` fair decks of `deck` cards, read in order.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
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
    /// Each test run, by name, with its `log10 p`.
    pub tests: Vec<(String, f64)>,
    /// `log10` of the family's smallest adjusted p-value.
    pub family: f64,
}

impl Outcome {
    /// The outcome of a family of tests and its smallest adjusted
    /// `log10 p`.
    fn of<'a>(tests: impl Iterator<Item = &'a TestResult>, family: f64) -> Outcome {
        Outcome {
            tests: tests.map(|t| (t.name.to_string(), t.log10_p)).collect(),
            family,
        }
    }
}

/// The suite's Fisher–Yates, which deals every fair input of the sweep.
fn fisher_yates() -> &'static algorithms::Algorithm {
    &algorithms::registry::find("fisher-yates")
        .expect("registered")
        .algorithm
}

/// What a sweep measures at one point: the input `audit` (or `sample`)
/// reads, and how it is tested.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case", tag = "kind")]
pub enum Sweep {
    /// Decks of distinct cards, read in order: `audit FILE`.
    Decks(Point),
    /// Decks whose cards repeat, read in order: value `i` held `counts[i]`
    /// times (a shoe when the counts are equal, `audit --shoe K`; a
    /// decklist otherwise, whose opening `hand` is tested too).
    Repeated {
        /// Copies of each value.
        counts: Vec<usize>,
        /// The opening hand tested (decklists: 7 cards unless `--hand`).
        hand: Option<usize>,
        /// Decks per repetition.
        decks: u64,
    },
    /// One draw of `items` items: `audit --single`.
    Single {
        /// Items drawn.
        items: usize,
    },
    /// `sample -a fisher-yates --repeat R`: `repeat` runs of `decks`
    /// decks, each test's p-values tested for uniformity (KS).
    Repeat {
        /// Cards per deck.
        deck: usize,
        /// Decks per run.
        decks: u64,
        /// Runs.
        repeat: u64,
    },
}

impl From<Point> for Sweep {
    fn from(point: Point) -> Sweep {
        Sweep::Decks(point)
    }
}

impl Sweep {
    /// Decks (or items) dealt by one repetition: what it costs.
    pub fn cost(&self) -> u64 {
        match self {
            Sweep::Decks(p) => p.decks,
            Sweep::Repeated { decks, .. } => *decks,
            Sweep::Single { items } => (*items as u64).div_ceil(52),
            Sweep::Repeat { decks, repeat, .. } => decks * repeat,
        }
    }

    /// One repetition with `seed`: fair input, tested as the tool tests
    /// it.
    pub fn repetition(&self, seed: u64) -> Outcome {
        match self {
            Sweep::Decks(point) => repetition(*point, seed),
            Sweep::Repeated {
                counts,
                hand,
                decks,
            } => repeated(counts, *hand, *decks, seed),
            Sweep::Single { items } => single(&Laws::new(*items), seed),
            Sweep::Repeat {
                deck,
                decks,
                repeat,
            } => sampled(*deck, *decks, *repeat, seed),
        }
    }
}

/// Deals `decks` fair decks starting from `identity` (its cards in any
/// order), chunk by chunk as `deal` does, to `observe`.
fn deal(identity: &[u8], decks: u64, seed: u64, mut observe: impl FnMut(&[u8])) {
    let fy = fisher_yates();
    let mut deck = identity.to_vec();
    for c in 0..decks.div_ceil(CHUNK) {
        let mut src = Sampler::new(chunk_rng(seed, c));
        for _ in 0..CHUNK.min(decks - c * CHUNK) {
            deck.copy_from_slice(identity);
            fy.shuffle(&mut deck, &mut src);
            observe(&deck);
        }
    }
}

/// One repetition: `point.decks` decks dealt by Fisher–Yates with `seed`,
/// counted in order and tested as `audit` tests decks it reads.
pub fn repetition(point: Point, seed: u64) -> Outcome {
    let identity: Vec<u8> = (0..point.deck as u8).collect();
    let mut counts = ObservedStream::new(point.deck);
    deal(&identity, point.decks, seed, |d| counts.observe(d));
    let (run, lag1) = counts.into_runs();
    let audited = crate::grade::of_decks(run, Some(lag1));
    let audit = &audited.audit;
    Outcome::of(audit.family(), audit.log10_min_adjusted_p)
}

/// `decks` fair decks of the composition `counts`, counted in order as
/// `audit` counts shoes and decklists, the opening `hand` tested when
/// given.
fn repeated(counts: &[usize], hand: Option<usize>, decks: u64, seed: u64) -> Outcome {
    let identity: Vec<u8> = counts
        .iter()
        .enumerate()
        .flat_map(|(v, &k)| std::iter::repeat_n(v as u8, k))
        .collect();
    let composition = Composition::new(counts.to_vec()).expect("a composition");
    let mut shoes = ShoeCounts::new(composition, true);
    if let Some(hand) = hand {
        shoes = shoes.with_hand(hand, Vec::new()).expect("a hand");
    }
    deal(&identity, decks, seed, |d| shoes.observe(d));
    let run = shoes.into_run();
    Outcome::of(run.family(), run.log10_min_adjusted_p())
}

/// One fair draw of as many items as `laws` count, judged as `audit
/// --single` judges it.
fn single(laws: &Laws, seed: u64) -> Outcome {
    let fy = fisher_yates();
    let mut draw: Vec<u32> = (0..laws.items() as u32).collect();
    fy.shuffle(&mut draw, &mut Sampler::new(chunk_rng(seed, 0)));
    let (tests, family) = crate::single::family(laws, &draw);
    Outcome {
        tests: tests
            .iter()
            .map(|t| (t.statistic.label().to_string(), t.log10_p))
            .collect(),
        family,
    }
}

/// `sample -a fisher-yates -d deck --shuffles decks --repeat repeat` with
/// runs seeded `seed · repeat ..`: disjoint seeds across repetitions. The
/// family is the first level's, before any confirmation run (which can
/// only lower the rate of a verdict of bias).
fn sampled(deck: usize, decks: u64, repeat: u64, seed: u64) -> Outcome {
    let fy = fisher_yates();
    let plan = AuditPlan {
        deck,
        shuffles: decks,
        seed: seed * repeat,
        repeat,
        histogram: keeps_histogram(deck, decks),
    };
    let audit = stats::hypothesis::audit::audit(fy, &plan, &|_| {});
    Outcome::of(audit.family(), audit.log10_min_adjusted_p)
}

/// Rejections of one test (or of the family) at each of [`LEVELS`].
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Rejections {
    /// The test's name, or `"family"`.
    pub name: String,
    /// Repetitions in which the test ran.
    pub runs: u64,
    /// Of them, those with `p < α`, for each α of [`LEVELS`].
    pub rejected: [u64; 2],
}

/// What `reps` repetitions at a point gave.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct PointRates {
    /// The point.
    pub point: Sweep,
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
pub fn rates(point: impl Into<Sweep>, reps: u64, first_seed: u64) -> PointRates {
    let point = point.into();
    // A draw's laws are counted once for the point.
    let laws = match point {
        Sweep::Single { items } => Some(Laws::new(items)),
        _ => None,
    };
    let outcomes: Vec<Outcome> = (0..reps)
        .into_par_iter()
        .map(|r| match &laws {
            Some(laws) => single(laws, first_seed + r),
            None => point.repetition(first_seed + r),
        })
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
            let i = match tests.iter().position(|t| t.name == *name) {
                Some(i) => i,
                None => {
                    tests.push(Rejections {
                        name: name.clone(),
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
#[derive(Clone, Copy, Debug, PartialEq)]
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
    /// caught (above the band) with probability at least [`CAUGHT_POWER`].
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

/// The confidence of the interval each rate of rejection is shown with.
pub const INTERVAL_LEVEL: f64 = 0.95;

/// How closely a rate must be measured for the calibration page to claim
/// it: its [`INTERVAL_LEVEL`] interval within this many units of rate
/// (0.005: half a percentage point) either side of the level
/// `LEVELS[0]`, as [`claim_repetitions`] runs give.
pub const CLAIM_HALF_WIDTH: f64 = 0.005;

/// The fewest runs that measure a rate at `LEVELS[0]` to
/// ±[`CLAIM_HALF_WIDTH`]: the smallest `R` such that, at `R` runs and at
/// every number of runs above it, the Clopper–Pearson interval
/// ([`INTERVAL_LEVEL`]) of `round(α·R)` rejections, the count a calibrated
/// test expects, lies within `α ± CLAIM_HALF_WIDTH` ([`measured_closely`]).
/// Fixed before any count is seen, so which rows a claim covers never
/// depends on what they measured.
pub fn claim_repetitions() -> u64 {
    static ONCE: std::sync::OnceLock<u64> = std::sync::OnceLock::new();
    *ONCE.get_or_init(first_claimable)
}

/// Whether `runs` runs measure a calibrated rate at `LEVELS[0]` to
/// ±[`CLAIM_HALF_WIDTH`]: the Clopper–Pearson interval
/// ([`INTERVAL_LEVEL`]) of `round(α·runs)` rejections lies within
/// `α ± CLAIM_HALF_WIDTH`.
pub fn measured_closely(runs: u64) -> bool {
    let alpha = LEVELS[0];
    let k = (alpha * runs as f64).round() as u64;
    let (lo, hi) = stats::hypothesis::fit::clopper_pearson(k, runs, INTERVAL_LEVEL);
    lo >= alpha - CLAIM_HALF_WIDTH && hi <= alpha + CLAIM_HALF_WIDTH
}

/// [`claim_repetitions`], searched.
fn first_claimable() -> u64 {
    // The interval narrows as R grows, but not monotonically (the count is
    // rounded): the answer follows the last R that fails below a top far
    // beyond the first pass (a test checks that none fails up to 4 times
    // the answer).
    let top = 20_000;
    let last_failure = (1..top).rev().find(|&r| !measured_closely(r)).unwrap_or(0);
    last_failure + 1
}

/// Whether `runs` measure a rate closely enough for the page to claim it
/// ([`claim_repetitions`]).
pub fn claimable(runs: u64) -> bool {
    runs >= claim_repetitions()
}

/// The smallest factor `f` (to 0.01) such that `Binomial(runs, f · alpha)`
/// exceeds `top` with probability at least [`CAUGHT_POWER`].
pub fn detectable_factor(runs: u64, alpha: f64, top: u64) -> f64 {
    use statrs::distribution::{Binomial, DiscreteCDF};
    let caught = |f: f64| {
        let p = (f * alpha).min(1.0);
        Binomial::new(p, runs).map_or(true, |b| b.sf(top) >= CAUGHT_POWER)
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
    fn a_claimed_rate_is_measured_to_half_a_point_and_one_run_fewer_is_not() {
        let r = claim_repetitions();
        // The bound, read off the interval itself at the answer.
        let k = (0.01 * r as f64).round() as u64;
        let (lo, hi) = stats::hypothesis::fit::clopper_pearson(k, r, 0.95);
        assert!(lo >= 0.005 && hi <= 0.015, "{r}: {lo}..{hi}");
        assert!(!measured_closely(r - 1), "{r}");
        for runs in r..4 * r {
            assert!(measured_closely(runs), "{runs} of {r}");
        }
        // The normal approximation, 1.96² α(1 − α) / 0.005² = 1,521.2, is
        // a floor the exact interval (wider, skewed) must exceed.
        assert!(r > 1_522 && r < 19_000, "{r}");
        assert!(claimable(r) && !claimable(r - 1));
    }

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
    fn assert_calibrated(point: impl Into<Sweep>, reps: u64) -> PointRates {
        let point: Sweep = point.into();
        let r = rates(point.clone(), reps, 1);
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
    fn shoes_draws_and_repeated_runs_are_calibrated_at_their_edges() {
        // A shoe at the fewest decks its tests need; a decklist with a
        // single copy of some cards and its opening hand, the same.
        assert_calibrated(
            Sweep::Repeated {
                counts: vec![2; 3],
                hand: None,
                decks: 15,
            },
            4000,
        );
        assert_calibrated(
            Sweep::Repeated {
                counts: vec![17, 4, 4, 4, 4, 3, 1, 1, 1],
                hand: Some(7),
                decks: 195,
            },
            1000,
        );
        // A draw on both sides of Spearman's exact limit.
        for items in [10, 11] {
            assert_calibrated(Sweep::Single { items }, 4000);
        }
        // Two runs of 29 decks of 3 cards: the battery's p-values pile up
        // at 1, which a two-sided KS test calls bias.
        let r = assert_calibrated(
            Sweep::Repeat {
                deck: 3,
                decks: 29,
                repeat: 2,
            },
            4000,
        );
        assert!(r.tests.iter().any(|t| t.name.starts_with("ks-")), "{r:?}");
        assert_calibrated(
            Sweep::Repeat {
                deck: 3,
                decks: 15,
                repeat: 20,
            },
            2000,
        );
        // 68 decks of 3 cards: position cells expect 22.7, over 5 √20; the
        // position test's two-level twin runs, and keeps its level.
        let r = assert_calibrated(
            Sweep::Repeat {
                deck: 3,
                decks: 68,
                repeat: 20,
            },
            2000,
        );
        assert!(
            r.tests.iter().any(|t| t.name == "ks-position-chi2"),
            "{r:?}"
        );
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
        // A 52-card shoe by rank at its fewest decks, a draw past the
        // exact laws of Kendall and of the runs.
        assert_calibrated(
            Sweep::Repeated {
                counts: vec![4; 13],
                hand: None,
                decks: 65,
            },
            4000,
        );
        for items in [201, 401] {
            assert_calibrated(Sweep::Single { items }, 4000);
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
