//! What a sampled run's tests show: its grade, a decision at a stated
//! level, and where an audit's evidence lies.
//!
//! # Grades
//! Each run applies `m` tests; the smallest p-value is Bonferroni-adjusted,
//! `p_adj = min(1, m · p_min)` ([`stats::hypothesis::audit::adjusted_log10`]), and
//! graded:
//!
//! | grade | `p_adj` | meaning |
//! |---|---|---|
//! | uniform | ≥ 1e-3 | no evidence of bias |
//! | unusual | 1e-6 ..< 1e-3 | worth a second look; expected about once in a thousand runs of a fair shuffle |
//! | suspicious | 1e-12 ..< 1e-6 | a second, independent seed is run: if it gives `p_adj < 1e-3` too, the verdict is *biased* |
//! | biased | < 1e-12 | biased on the first seed |
//!
//! For a uniform shuffle `P(p_adj < t) <= t`, so a run calls a fair shuffle
//! biased with probability at most `1e-12 + 1e-6 · 1e-3 ≈ 1e-9`, and unusual
//! or worse with probability at most 1e-3.
//!
//! ```
//! use judge::grade::{Grade, verdict};
//! // p_adj = 1e-7 is suspicious alone; without a second seed it stays so.
//! assert_eq!(Grade::of_log10(-7.0), Grade::Suspicious);
//! assert_eq!(verdict(-7.0, None), Grade::Suspicious);
//! assert!(Grade::of_log10(-13.0).shows_bias());
//! ```

use crate::words::{self, Words};
use algorithms::Algorithm;
use serde::{Deserialize, Serialize};
use stats::hypothesis::audit::{Analysis, AuditPlan, Lag1Run, Run, SampleAudit};
use stats::hypothesis::fit::TestResult;

/// Below this Bonferroni-adjusted p-value a run is at least *unusual*.
pub const UNUSUAL_BELOW: f64 = 1e-3;
/// Below this, *suspicious*: a second seed decides.
pub const SUSPICIOUS_BELOW: f64 = 1e-6;
/// Below this, *biased* on the first seed.
pub const BIASED_BELOW: f64 = 1e-12;
/// A suspicious run is confirmed biased when the second seed's adjusted
/// p-value is below this.
pub const CONFIRM_BELOW: f64 = 1e-3;
/// The level one test must reach for a run of `shuffles` decks of `deck`
/// cards to be graded biased: [`BIASED_BELOW`] over [`tests_planned`](stats::hypothesis::audit::tests_planned)
/// (Bonferroni). Power plans ask for this level; `shuffles = u64::MAX`
/// gives that of a run large enough for every test.
pub fn detection_level(deck: usize, shuffles: u64) -> f64 {
    BIASED_BELOW / stats::hypothesis::audit::tests_planned(deck, shuffles).max(1) as f64
}

/// The level and power of the floor a summary states for a law known
/// only by its distance from uniform (a sort by random keys): a test at
/// level 0.01 that calls the bias 99 times in 100.
pub const FLOOR_LEVEL: f64 = 0.01;

/// The fewest shuffles any test at level `alpha` needs to reach `power`
/// against a law at total variation distance `tv` from uniform: `n`
/// shuffles move the probability of any event by at most `n · tv`, and a
/// test must move it by `power − alpha`. `None` for a law at distance 0.
pub fn any_test_needs_at_least(tv: f64, alpha: f64, power: f64) -> Option<f64> {
    (tv > 0.0).then(|| (power - alpha) / tv)
}

/// The smallest bias `shuffles` decks can show: no test at level
/// [`FLOOR_LEVEL`] calls a law at a total variation distance below this
/// from uniform biased [`crate::suite::DEFAULT_POWER`] of the time
/// (the bound of [`any_test_needs_at_least`], read the other way). What a
/// sample that shows no bias says beside its verdict: a bias this small
/// passes any test of that many decks, and larger ones can pass the
/// audit's tests too.
///
/// ```
/// // 20,000 decks: below TV 4.9e-5 no test sees a bias 99 times in 100.
/// assert_eq!(judge::grade::no_test_shows_below(20_000), 0.98 / 20_000.0);
/// ```
pub fn no_test_shows_below(shuffles: u64) -> f64 {
    (crate::suite::DEFAULT_POWER - FLOOR_LEVEL) / shuffles.max(1) as f64
}

/// What a grade says of `count` samples (`unit`: "shuffle", "deck",
/// "shoe"), as the verdict line prints it: the grade's words, and for
/// [`Grade::NoBiasShown`] the sample it was not shown at, so that no
/// renderer turns a test that did not reject into a claim of fairness.
///
/// ```
/// use judge::grade::{Grade, verdict_words};
/// assert_eq!(verdict_words(Grade::NoBiasShown, 20_000, "shuffle"), "no bias shown at 20,000 shuffles");
/// assert_eq!(verdict_words(Grade::Biased, 20_000, "shuffle"), "biased");
/// ```
pub fn verdict_words(grade: Grade, count: u64, unit: &str) -> String {
    match grade {
        Grade::NoBiasShown => format!(
            "{} at {} {unit}{}",
            grade.label(),
            crate::words::count(count),
            if count == 1 { "" } else { "s" }
        ),
        _ => grade.label().to_string(),
    }
}

/// What a sample that shows no bias leaves open, in one sentence: the
/// smallest bias its size lets any test show ([`no_test_shows_below`]),
/// and that larger ones can pass too.
pub fn no_bias_shown_leaves_open(count: u64, unit: &str) -> String {
    format!(
        "not a proof of fairness: on {} {unit}s no test shows a bias below a total variation \
         distance of {:.1e} from fair {:.0} times in 100 at level {}, and larger biases can pass \
         these tests too",
        crate::words::count(count),
        no_test_shows_below(count),
        100.0 * crate::suite::DEFAULT_POWER,
        crate::words::level(FLOOR_LEVEL)
    )
}

/// `log10(1/alpha)`: the evidence against a fair shuffle at which a
/// watched stream or a live run stops ([`alarm`]).
pub fn log10_threshold(alpha: f64) -> f64 {
    -alpha.log10()
}

/// Whether a followed stream's evidence against fairness has reached
/// `1/alpha`: an alarm. By Ville's inequality a fair stream raises one
/// with probability at most `alpha` however long it is watched (see
/// [`stats::hypothesis::follow::Mode`] for what each mode guarantees).
pub fn alarm(monitor: &stats::hypothesis::follow::Monitor, alpha: f64) -> bool {
    monitor.ln_evidence() >= -alpha.ln()
}

/// `log10` of the smallest p-value the tests' reference laws mean: below
/// 10^-300 the chi-square and normal approximations of a statistic's law
/// err by far more than the p-value itself, so reports print such a
/// p-value as the bound "< 10^-300".
pub const SMALLEST_MEANT_LOG10_P: f64 = -300.0;

/// The smallest family-wise level a decision is made at,
/// 10^[`SMALLEST_MEANT_LOG10_P`]: a level below it would rest on p-values
/// that mean nothing. [`family_level`] refuses the rest.
pub const SMALLEST_LEVEL: f64 = 1e-300;

/// `alpha` when a decision can be made at it: from [`SMALLEST_LEVEL`] up
/// to, not including, 1. Otherwise what is allowed, in words, for the
/// caller's one-line refusal.
///
/// ```
/// use judge::grade::family_level;
/// assert_eq!(family_level(1e-6), Ok(1e-6));
/// assert!(family_level(5e-324).unwrap_err().contains("1e-300"));
/// assert!(family_level(1.0).is_err() && family_level(f64::NAN).is_err());
/// ```
pub fn family_level(alpha: f64) -> Result<f64, String> {
    if (SMALLEST_LEVEL..1.0).contains(&alpha) {
        Ok(alpha)
    } else {
        Err(format!(
            "a level from {} up to 1, 1 excluded (below it a decision would rest on p-values under 10^{}, which the tests' reference laws do not mean)",
            words::level(SMALLEST_LEVEL),
            SMALLEST_MEANT_LOG10_P
        ))
    }
}

/// The family-wise level `audit` decides at unless `--alpha` says: the
/// *suspicious* line, so that its exit code is 1 exactly when the grade is
/// suspicious or biased.
pub const AUDIT_ALPHA: f64 = SUSPICIOUS_BELOW;

/// A decision at a stated family-wise level: bias is shown when the
/// smallest Bonferroni-adjusted p-value of the family is below `alpha`,
/// that is when one of the `tests` has `p < alpha / tests`. A fair source
/// is flagged with probability at most `alpha`, whatever the dependence
/// between the tests.
#[derive(Clone, Copy, Debug, PartialEq, Serialize, Deserialize)]
pub struct Level {
    /// The family-wise level.
    pub alpha: f64,
    /// The tests of the family.
    pub tests: usize,
    /// The level each test is held to: `alpha / tests`.
    pub per_test: f64,
    /// Whether bias is shown at this level.
    pub bias_shown: bool,
}

impl Level {
    /// The decision at `alpha` (in `(0, 1)`) of a family of `tests` tests
    /// whose smallest adjusted p-value has `log10` `log10_min_adjusted_p`.
    pub fn decide(alpha: f64, tests: usize, log10_min_adjusted_p: f64) -> Level {
        Level {
            alpha,
            tests,
            per_test: alpha / tests.max(1) as f64,
            bias_shown: tests > 0 && log10_min_adjusted_p < alpha.log10(),
        }
    }

    /// Whether a test of the family is below its share of the level: its
    /// Bonferroni-adjusted p-value, reckoned in `log10` as
    /// [`stats::hypothesis::audit::adjusted_log10`] reckons the family's
    /// smallest, is below `alpha`. So the family's smallest test is
    /// rejected exactly when [`Level::decide`] shows bias, at any level
    /// (`alpha / tests` itself may underflow).
    pub fn rejects(&self, log10_p: f64) -> bool {
        (log10_p + (self.tests.max(1) as f64).log10()).min(0.0) < self.alpha.log10()
    }

    /// The level in words, as every report states it beside its tests:
    /// `1e-6 family-wise over 8 tests (Bonferroni: 1.250e-7 each; tests
    /// below it are marked *)`.
    pub fn words(&self) -> Words {
        Words::new().plain(format!(
            "{} family-wise over {} tests (Bonferroni: {:.3e} each; tests below it are marked *)",
            words::level(self.alpha),
            self.tests,
            self.per_test
        ))
    }
}

/// What a stream or an audit that showed nothing concludes, with its exit
/// code: `exit 0: no evidence of bias at level 1e-6`.
pub fn no_evidence(alpha: f64) -> Words {
    Words::new().plain(format!(
        "exit 0: no evidence of bias at level {}",
        words::level(alpha)
    ))
}

/// Where an audit's tests fall below their share of a level: among the
/// tests of the decks alone, among the tests of consecutive decks.
///
/// The tests of consecutive decks hold when the decks are independent
/// *and* uniform: decks that are independent but biased fail them too (the
/// next deck in the last one's order is then not uniform either). Only
/// when the decks alone pass does a failure between decks say that one
/// deck depends on the last.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Finding {
    /// No test below its share of the level.
    NoneShown,
    /// Tests of the decks alone fail, more strongly than the tests between
    /// decks (which a bias of the decks alone makes fail too).
    DecksBiased,
    /// Consecutive decks fail, more strongly than single decks do (if
    /// those fail at all): the decks depend on one another.
    DecksDependent,
}

/// The smallest `log10 p` of `tests` (`+∞` for none).
fn smallest_log10_p<'a>(tests: impl IntoIterator<Item = &'a TestResult>) -> f64 {
    tests
        .into_iter()
        .map(|t| t.log10_p)
        .fold(f64::INFINITY, f64::min)
}

impl Finding {
    /// What an audit found, with its exit code, in one sentence: at
    /// `level`, with the grade its decks have at that level, about decks
    /// (or shoes: `unit`); `alone` and `between` are the `log10` p-values
    /// of the tests of single units and of consecutive ones (none when
    /// those were not tested).
    pub fn words(
        self,
        level: &Level,
        grade: Grade,
        alone: &[f64],
        between: &[f64],
        unit: &str,
    ) -> Words {
        let alone_fails = alone.iter().any(|&p| level.rejects(p));
        let between_fails = between.iter().any(|&p| level.rejects(p));
        let alpha = words::level(level.alpha);
        let shown = format!("exit 1: bias shown at level {alpha}");
        match self {
            Finding::NoneShown => no_evidence(level.alpha),
            Finding::DecksDependent if alone_fails => Words::new().plain(format!(
                "{shown}: consecutive {unit}s are not independent (a {unit} depends on the one before it); the tests of single {unit}s fail too, more weakly, which the dependence alone causes (they hold only for independent {unit}s), so whether each {unit} alone is uniform is not shown"
            )),
            Finding::DecksDependent => Words::new().plain(format!(
                "{shown}: each {unit} alone looks uniform, but consecutive {unit}s are not independent (a {unit} depends on the one before it)"
            )),
            Finding::DecksBiased => {
                let mut w = Words::new().plain(shown);
                if grade == Grade::Suspicious {
                    w = w.plain(format!(
                        ": suspicious (a fair shuffle does this at most once in {} audits): audit a second, independent file to confirm",
                        words::count((1.0 / level.alpha).round() as u64)
                    ));
                }
                if between_fails {
                    w = w.plain(format!(
                        "; the tests of consecutive {unit}s fail too, more weakly, which a bias of the {unit}s alone causes (they hold only for {unit}s that are independent and uniform)"
                    ));
                }
                w
            }
        }
    }
}

impl Finding {
    /// What the tests of single decks (`alone`) and of consecutive ones
    /// (`between`) show at `level`.
    ///
    /// The tests of consecutive decks hold for decks that are independent
    /// *and* uniform, and the tests of single decks assume independent
    /// decks. Which failure explains the other:
    /// - For independent decks, a deck written in the order of the one
    ///   before is the composition of two independent arrangements, whose
    ///   distance from uniform is at most either's and of the second order
    ///   in their bias: a bias of single decks shows far more weakly
    ///   between decks (the naive swap on 52 cards: 10^-26582 alone,
    ///   10^-12 between).
    /// - Dependent decks skew the tests of single decks too, even when
    ///   every deck alone is uniform: a card that tends to stay where it
    ///   was makes the position counts vary more than independent decks'
    ///   (a deck that is the last one with 26 random transpositions:
    ///   10^-210 alone, 10^-1468980 between).
    ///
    /// So the finding is [`Finding::DecksDependent`] when the tests between
    /// decks fail and their smallest p-value is below the single decks'
    /// (the dependence is the stronger evidence: the single decks'
    /// failures may come from it alone), [`Finding::DecksBiased`] when
    /// single decks fail otherwise.
    pub fn of_tests<'a>(
        alone: impl IntoIterator<Item = &'a TestResult>,
        between: impl IntoIterator<Item = &'a TestResult>,
        level: &Level,
    ) -> Finding {
        let alone = smallest_log10_p(alone);
        let between = smallest_log10_p(between);
        if level.rejects(between) && between < alone {
            Finding::DecksDependent
        } else if level.rejects(alone) {
            Finding::DecksBiased
        } else {
            Finding::NoneShown
        }
    }

    /// The kebab-case label.
    pub fn label(self) -> &'static str {
        match self {
            Finding::NoneShown => "none-shown",
            Finding::DecksBiased => "decks-biased",
            Finding::DecksDependent => "decks-dependent",
        }
    }
}

/// The grade of a run.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Grade {
    /// No bias shown: the tests did not reject at this many decks. This
    /// claims nothing more: a sample never proves a shuffle fair, and a
    /// bias too small for the sample passes (see [`no_test_shows_below`]).
    #[serde(rename = "no bias shown")]
    NoBiasShown,
    /// A small adjusted p-value, within what fair shuffles produce now and then.
    Unusual,
    /// A very small adjusted p-value not confirmed by a second seed.
    Suspicious,
    /// Biased: on the first seed, or suspicious and confirmed by a second.
    Biased,
}

impl Grade {
    /// The label every renderer prints (kebab-case but for
    /// `"no bias shown"`, which is words).
    pub fn label(self) -> &'static str {
        match self {
            Grade::NoBiasShown => "no bias shown",
            Grade::Unusual => "unusual",
            Grade::Suspicious => "suspicious",
            Grade::Biased => "biased",
        }
    }

    /// Whether this grade is evidence of bias (suspicious or biased): what
    /// makes a command exit 1.
    pub fn shows_bias(self) -> bool {
        matches!(self, Grade::Suspicious | Grade::Biased)
    }

    /// The grade of a family decided at the level `alpha` (`audit
    /// --alpha`): the scale above with its *suspicious* line moved to
    /// `alpha`, so that the grade shows bias exactly when the
    /// [`Level`] does and the verdict word never disagrees with the exit
    /// code. *Biased* needs `p_adj` below both [`BIASED_BELOW`] and
    /// `alpha`; *unusual* is what lies between `alpha` and
    /// [`UNUSUAL_BELOW`] (nothing when `alpha` is above it). At the
    /// default level, [`AUDIT_ALPHA`], this is the fixed scale
    /// ([`Grade::of_log10`]).
    ///
    /// ```
    /// use judge::grade::Grade;
    /// // p_adj = 0.004: uniform on the fixed scale, bias shown at 0.05.
    /// assert_eq!(Grade::at_level(0.004f64.log10(), 0.05), Grade::Suspicious);
    /// // p_adj = 1e-7: suspicious on the fixed scale, not shown at 1e-9.
    /// assert_eq!(Grade::at_level(-7.0, 1e-9), Grade::Unusual);
    /// ```
    pub fn at_level(log10_p_adj: f64, alpha: f64) -> Grade {
        let level = alpha.log10();
        if log10_p_adj < BIASED_BELOW.log10().min(level) {
            Grade::Biased
        } else if log10_p_adj < level {
            Grade::Suspicious
        } else if log10_p_adj < UNUSUAL_BELOW.log10() {
            Grade::Unusual
        } else {
            Grade::NoBiasShown
        }
    }

    /// The grade of one run's smallest adjusted p-value (given as log10),
    /// before any confirmation.
    pub fn of_log10(log10_p_adj: f64) -> Grade {
        Grade::at_level(log10_p_adj, SUSPICIOUS_BELOW)
    }
}
/// The verdict of an audit whose smallest adjusted p-value (over every
/// test of the first seed, two-level tests included) has `log10`
/// `log10_min_adjusted_p`, with the second seed's analysis when the first
/// was suspicious: a suspicious run confirmed below [`CONFIRM_BELOW`] is
/// biased. [`audit`] decides with this and nothing else.
pub fn verdict(log10_min_adjusted_p: f64, second: Option<&Analysis>) -> Grade {
    match (Grade::of_log10(log10_min_adjusted_p), second) {
        (Grade::Suspicious, Some(s)) if s.log10_min_adjusted_p < CONFIRM_BELOW.log10() => {
            Grade::Biased
        }
        (g, _) => g,
    }
}

/// What too few decks to test are: a budget flag's value, or decks read
/// from a named input.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Budgeted {
    /// A flag setting the decks dealt (`--shuffles`).
    Flag(&'static str),
    /// Decks read from this input.
    Read(String),
}

/// Decks too few for the position test, the one every run applies: no
/// verdict can rest on them.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("{}", self.message())]
pub struct TooFew {
    /// Where the decks come from.
    pub what: Budgeted,
    /// How many there are.
    pub decks: u64,
    /// Cards per deck.
    pub deck: usize,
    /// The fewest the position test needs
    /// ([`stats::hypothesis::audit::min_shuffles_to_test`]).
    pub needed: u64,
}

impl TooFew {
    fn message(&self) -> String {
        let (decks, deck, needed) = (self.decks, self.deck, self.needed);
        let needs = format!("the position test needs at least {needed} (5 per cell)");
        match &self.what {
            Budgeted::Flag(flag) => {
                format!("{flag} {decks} is too few to test decks of {deck} cards: {needs}")
            }
            Budgeted::Read(name) => {
                format!("{name}: {decks} decks of {deck} cards are too few to test: {needs}")
            }
        }
    }
}

/// Whether `decks` decks of `deck` cards can be tested: the one rule
/// `sample`, `audit` and the suite refuse a budget by.
///
/// # Errors
/// [`TooFew`] naming the decks and the fewest the position test needs.
pub fn enough_to_test(what: Budgeted, decks: u64, deck: usize) -> Result<(), TooFew> {
    let needed = stats::hypothesis::audit::min_shuffles_to_test(deck);
    if decks < needed {
        return Err(TooFew {
            what,
            decks,
            deck,
            needed,
        });
    }
    Ok(())
}

/// The fewest decklists the audit of decklists tests: the chi-square
/// tests of its statistics need two cells of 5 expected at least.
pub const MIN_DECKLISTS: u64 = 10;

/// Shoes or decklists too few to test.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("{name}: {decks} {what} are too few to test: {rule}")]
pub struct TooFewRepeated {
    /// The input.
    pub name: String,
    /// How many there are.
    pub decks: u64,
    /// What they are (`6 shoes of 6 decks of 52 cards`).
    pub what: String,
    /// The rule, with the fewest it needs.
    pub rule: String,
}

/// Whether `decks` decks of `composition` can be tested: a shoe of several
/// decks needs the value × position test (5 expected per cell, before its
/// exact laws are computed); any other deck whose cards repeat needs
/// [`MIN_DECKLISTS`], the tests that need more being skipped with their
/// reason.
///
/// # Errors
/// [`TooFewRepeated`] naming the decks and the fewest needed.
pub fn enough_repeated(
    name: &str,
    decks: u64,
    composition: &stats::hypothesis::shoe::Composition,
) -> Result<(), TooFewRepeated> {
    let shoe = composition.shoe().filter(|_| composition.unit() == "shoe");
    let (what, needed, rule) = match shoe {
        Some(shoe) => {
            let needed = stats::hypothesis::shoe::min_shoes_to_test(composition);
            (
                format!(
                    "shoes of {} decks of {} cards",
                    shoe.copies(),
                    shoe.values()
                ),
                needed,
                format!("the value x position test needs at least {needed} (5 per cell)"),
            )
        }
        None => (
            format!("decklists of {} cards", composition.cards()),
            MIN_DECKLISTS,
            format!("a chi-square test needs two cells of 5 expected, so at least {MIN_DECKLISTS}"),
        ),
    };
    if decks < needed {
        return Err(TooFewRepeated {
            name: name.to_string(),
            decks,
            what,
            rule,
        });
    }
    Ok(())
}

/// A sampled audit and its grade.
#[derive(Clone, Debug, PartialEq)]
pub struct Audited {
    /// The runs, their tests and the family's smallest adjusted p-value.
    pub audit: SampleAudit,
    /// The verdict.
    pub grade: Grade,
    /// The confirmation run alone, when one ran.
    pub confirmation: Option<Confirmation>,
}

/// The second seed's run of a suspicious audit, graded alone.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Confirmation {
    /// The seed.
    pub seed: u64,
    /// Its tests.
    pub tests: Vec<TestResult>,
    /// `log10` of its smallest Bonferroni-adjusted p-value.
    pub log10_min_adjusted_p: f64,
    /// Its grade alone.
    pub grade: Grade,
}

impl Grade {
    /// The grade of one run alone.
    pub fn of_run(analysis: &Analysis) -> Grade {
        Grade::of_log10(analysis.log10_min_adjusted_p)
    }
}

/// Audits `algorithm` as `plan` says, and grades it: when the runs are
/// suspicious, a second, independent seed is run and decides
/// ([`verdict`]).
pub fn audit(algorithm: &Algorithm, plan: &AuditPlan, progress: &(dyn Fn(u64) + Sync)) -> Audited {
    let mut audit = stats::hypothesis::audit::audit(algorithm, plan, progress);
    if Grade::of_log10(audit.log10_min_adjusted_p) == Grade::Suspicious {
        audit.confirm(algorithm, plan, progress);
    }
    let grade = verdict(
        audit.log10_min_adjusted_p,
        audit.confirmation.as_ref().map(|c| &c.analysis),
    );
    let confirmation = audit.confirmation.as_ref().map(|c| Confirmation {
        seed: c.seed,
        tests: c.analysis.tests.clone(),
        log10_min_adjusted_p: c.analysis.log10_min_adjusted_p,
        grade: Grade::of_run(&c.analysis),
    });
    Audited {
        audit,
        grade,
        confirmation,
    }
}

/// The grade of decks that came from outside
/// ([`SampleAudit::of_decks`]): decks read from a file cannot be dealt
/// again with another seed, so a suspicious run stays suspicious.
pub fn of_decks(run: Run, lag1: Option<Lag1Run>) -> Audited {
    let audit = SampleAudit::of_decks(run, lag1);
    let grade = verdict(audit.log10_min_adjusted_p, None);
    Audited {
        audit,
        grade,
        confirmation: None,
    }
}

/// What the tests of decks read from elsewhere show at a stated level:
/// the grade of the family's smallest adjusted p-value at that level
/// ([`Grade::at_level`]), the decision at `alpha` (which the exit code
/// follows, as the grade does) and where the failures lie.
#[derive(Clone, Copy, Debug, PartialEq, Serialize, Deserialize)]
pub struct Decision {
    /// The grade at the level (no confirmation: read decks cannot be
    /// dealt again); it shows bias exactly when `level` does.
    pub grade: Grade,
    /// The decision at the family-wise level.
    pub level: Level,
    /// Where the tests below their share of the level are.
    pub finding: Finding,
}

impl Decision {
    /// The decision at `alpha` on a family whose smallest adjusted p-value
    /// has `log10` `log10_min_adjusted_p`: the tests of single decks
    /// (`alone`) and of consecutive ones (`between`).
    pub fn of_family<'a>(
        alpha: f64,
        log10_min_adjusted_p: f64,
        alone: impl IntoIterator<Item = &'a TestResult> + Clone,
        between: impl IntoIterator<Item = &'a TestResult> + Clone,
    ) -> Decision {
        let tests = alone.clone().into_iter().count() + between.clone().into_iter().count();
        let level = Level::decide(alpha, tests, log10_min_adjusted_p);
        Decision {
            grade: match tests {
                0 => Grade::NoBiasShown,
                _ => Grade::at_level(log10_min_adjusted_p, alpha),
            },
            finding: Finding::of_tests(alone, between, &level),
            level,
        }
    }

    /// The decision at `alpha` on an audit of read decks.
    pub fn of_audit(audit: &SampleAudit, alpha: f64) -> Decision {
        Decision::of_family(
            alpha,
            audit.log10_min_adjusted_p,
            audit
                .first
                .analysis
                .tests
                .iter()
                .chain(audit.repeated.iter().flat_map(|r| r.ks.iter())),
            audit.lag1.iter().flat_map(|l| l.tests.iter()),
        )
    }

    /// The decision at `alpha` on a run of shoes.
    pub fn of_shoes(run: &stats::hypothesis::shoe::ShoeRun, alpha: f64) -> Decision {
        Decision::of_family(
            alpha,
            run.log10_min_adjusted_p(),
            run.tests.iter(),
            run.lag1.iter().flat_map(|l| l.tests.iter()),
        )
    }
}

#[cfg(test)]
mod tests;
