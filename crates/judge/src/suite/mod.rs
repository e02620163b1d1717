//! The default run, decided here: what it runs (the standard plan, and a
//! quick one), its stages in order, and what each concludes. The command
//! line builds a [`Suite`] from its flags and calls [`run`]; the report
//! renders the [`SuiteResults`].
//!
//! Every case keeps its own laws and counts, for whatever renders it, and
//! progress is reported through one callback ([`Progress`]).

mod stages;

pub use stages::{Case, Judged, exact_stage, exact_stage_bytes, sampled_stage};

use crate::cases::{CaseScale, all as all_cases};
use crate::decklist::{DECKLIST, DecklistStudy, MODEL, POWER};
use crate::grade::AUDIT_ALPHA;
use crate::lesson::{PATH_TREE, PathTree};
use crate::recovery::Pinning;
use crate::riffle::{RIFFLE_MODELS, RiffleStudy};
use algorithms::Entry;
use algorithms::registry::REGISTRY;
use serde::{Deserialize, Serialize};
use stats::law::markov::MarkovError;
use stats::{ExactDistribution, ExactError};
use studies::math_random::ReadbackRow;

/// Power asked of a first seed when deciding whether the budget should
/// have caught a known bias; the level is that of a `biased` grade split
/// over the run's tests ([`crate::grade::detection_level`]). It is also
/// what `power` and `scaling` plan for unless told otherwise. A check
/// ([`crate::check::DETECTION_POWER`]) promises more, for one test of a
/// user's shuffle rather than a report's many.
pub const DEFAULT_POWER: f64 = 0.99;

/// The level at which a report states how many shuffles the position test
/// needs on a large deck (one test, no Bonferroni: the level a reader
/// testing their own shuffle would pick).
pub const EXACT_POSITIONS_ALPHA: f64 = 1e-6;

/// The seed every command samples with unless told otherwise, the
/// standard suite's included.
pub const DEFAULT_SEED: u64 = 1;

/// The exact stage's path budget per case in the standard suite: every
/// tree of 6 cards or fewer that fits in a few seconds.
pub const SUITE_MAX_PATHS: u64 = 100_000_000;

/// Riffles per deck in the suite's riffle study: `1..=RIFFLE_MAX`.
pub const RIFFLE_MAX: u32 = 10;

/// The riffle study samples this share of a large deck's shuffles for
/// each number of riffles and model: a tenth.
const RIFFLE_SHARE: u64 = 10;

/// Generators drawn per row of the report's study of `Math.random()` read
/// back from dealt cards.
pub const READBACK_TRIALS: u64 = 100;

/// The deck of that study: a standard deck.
pub const READBACK_DECK: usize = 52;

/// What the default run does, validated by its caller; the document of
/// the run records it as its settings.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct SuitePlan {
    /// Small deck sizes: sampled with the permutation histogram.
    pub decks: Vec<usize>,
    /// The small decks also enumerated exactly.
    pub exact_decks: Vec<usize>,
    /// Large deck sizes: sampled with the position matrix only.
    pub large_decks: Vec<usize>,
    /// Shuffles per small deck.
    pub shuffles: u64,
    /// Shuffles per large deck.
    pub large_shuffles: u64,
    /// The seed of every sampled case (a second seed confirms a suspicious one).
    pub seed: u64,
    /// Runs per sampled case (seeds `seed`, `seed + 1`, …); above 1, each
    /// case has a two-level test.
    #[serde(default = "one")]
    pub repeat: u64,
    /// The path budget of each exact case; larger trees are skipped.
    pub max_paths: u64,
}

fn one() -> u64 {
    1
}

/// The two sizes of the default run.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Scale {
    /// The standard suite, what `reports/` holds.
    Standard,
    /// A version of a few seconds (`--quick`): decks 3..=6 (exact up to
    /// 5), 52; ten times fewer shuffles; the famous cases on slices of
    /// their seed spaces.
    Quick,
}

impl SuitePlan {
    /// The plan of a run at `scale`, before any flag changes it.
    pub fn of(scale: Scale) -> Self {
        let (decks, exact_up_to, large_decks, shuffles, large_shuffles) = match scale {
            Scale::Standard => (3..=8, 6, vec![52, 54], 2_000_000, 1_000_000),
            Scale::Quick => (3..=6, 5, vec![52], 200_000, 100_000),
        };
        SuitePlan {
            exact_decks: decks.clone().filter(|&d| d <= exact_up_to).collect(),
            decks: decks.collect(),
            large_decks,
            shuffles,
            large_shuffles,
            seed: DEFAULT_SEED,
            repeat: 1,
            max_paths: SUITE_MAX_PATHS,
        }
    }

    /// The largest deck enumerated exactly (0 when none is).
    pub fn exact_up_to(&self) -> usize {
        self.exact_decks.iter().copied().max().unwrap_or(0)
    }

    /// Every deck, small then large.
    pub fn all_decks(&self) -> impl Iterator<Item = usize> + '_ {
        self.decks.iter().chain(&self.large_decks).copied()
    }

    /// Shuffles of one deck size.
    pub fn shuffles_of(&self, deck: usize) -> u64 {
        if self.decks.contains(&deck) {
            self.shuffles
        } else {
            self.large_shuffles
        }
    }

    /// Shuffles sampled per algorithm, all runs included (confirmations
    /// aside).
    pub fn shuffles_per_algorithm(&self) -> u64 {
        (self.decks.len() as u64 * self.shuffles
            + self.large_decks.len() as u64 * self.large_shuffles)
            * self.repeat
    }
}

/// A default run, validated by its caller: the plan, the algorithms it
/// runs, and its scale.
#[derive(Clone, Debug)]
pub struct Suite {
    /// What is run on each algorithm.
    pub plan: SuitePlan,
    /// The algorithms, in the order the report lists them.
    pub entries: Vec<&'static Entry>,
    /// The scale the plan was made at; it also sets the famous cases'.
    pub scale: Scale,
}

/// The riffle study a run makes: on its first large deck, when it has at
/// most [`studies::riffle::MAX_RIFFLE_DECK`] cards and a riffle of
/// [`RIFFLE_MODELS`] is among the algorithms run.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct RifflePlan {
    /// Cards.
    pub deck: usize,
    /// Riffles per deck, `1..=max`.
    pub max: u32,
    /// Decks sampled per number of riffles and model.
    pub shuffles: u64,
}

impl Suite {
    /// The riffle study of this run, if it makes one.
    pub fn riffle_plan(&self) -> Option<RifflePlan> {
        let &deck = self.plan.large_decks.first()?;
        let riffles = self
            .entries
            .iter()
            .any(|e| RIFFLE_MODELS.iter().any(|(id, _)| *id == e.id));
        (riffles && deck <= studies::riffle::MAX_RIFFLE_DECK).then(|| RifflePlan {
            deck,
            max: RIFFLE_MAX,
            shuffles: (self.plan.large_shuffles / RIFFLE_SHARE).max(1),
        })
    }

    /// Whether the run has every algorithm the famous cases port: a run of
    /// the whole registry does.
    pub fn has_cases(&self) -> bool {
        REGISTRY
            .iter()
            .all(|e| self.entries.iter().any(|x| x.id == e.id))
    }

    /// Generators drawn for each row of the study of `Math.random()` read
    /// back from dealt cards ([`ReadbackRow::study`]).
    pub fn readback_trials(&self) -> u64 {
        match self.scale {
            Scale::Standard => READBACK_TRIALS,
            Scale::Quick => 8,
        }
    }

    /// How far the famous cases' searches go at this run's scale.
    pub fn case_scale(&self) -> CaseScale {
        match self.scale {
            Scale::Standard => CaseScale::full(),
            Scale::Quick => CaseScale::quick(),
        }
    }
}

/// A stage of the default run: the judge's ([`run`]) in the order they
/// run, then the report's (`report::documents`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Stage {
    /// Exact laws by enumeration (small decks).
    ExactLaws,
    /// Sampling every algorithm on every deck, and judging it.
    Sampling,
    /// The riffle study.
    Riffles,
    /// What a few cards give away, per seeded shuffle, and the teacher's
    /// tree of paths.
    Seeding,
    /// The famous cases beside their published figures.
    Cases,
    /// The decklist riffled from list order, by exact laws.
    Decklist,
    /// The runtimes' sorts with a random comparator, side by side.
    Sorting,
    /// The figures of every case, of the riffle study, of the famous cases
    /// and of the calibration sweep.
    Figures,
    /// The slides and the figures of the teacher's tree.
    Headline,
}

impl Stage {
    /// What the stage does, in a few words.
    pub fn label(self) -> &'static str {
        match self {
            Stage::ExactLaws => "exact laws",
            Stage::Sampling => "sampling",
            Stage::Riffles => "riffle study",
            Stage::Seeding => "seeding",
            Stage::Cases => "famous cases",
            Stage::Decklist => "decklist study",
            Stage::Sorting => "runtime sorts",
            Stage::Figures => "figures",
            Stage::Headline => "headline",
        }
    }
}

/// What the run has done since it last said.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Progress {
    /// One exact law computed (or skipped).
    ExactLaw,
    /// This many more shuffles sampled.
    Shuffles(u64),
    /// This many more decks riffled for the riffle study.
    Riffled(u64),
    /// One algorithm's figures drawn.
    Figures,
    /// A stage is over.
    Done(Stage),
}

/// An exact law, or why it was not computed (the tree is too large, or
/// cannot be walked).
pub type ExactLaw = Result<ExactDistribution, String>;

/// Why a stage stopped.
#[derive(Debug, thiserror::Error)]
pub enum SuiteError {
    /// The enumerator failed for a reason other than the budget.
    #[error("enumerating {algorithm} on {deck} cards")]
    Exact {
        /// Algorithm id.
        algorithm: &'static str,
        /// Cards.
        deck: usize,
        /// What failed.
        #[source]
        source: ExactError,
    },
    /// The exact position matrix could not be computed.
    #[error("the position matrix of {algorithm} on {deck} cards")]
    Positions {
        /// Algorithm id.
        algorithm: &'static str,
        /// Cards.
        deck: usize,
        /// What failed.
        #[source]
        source: MarkovError,
    },
    /// The runtimes' sorts could not be set side by side.
    #[error(transparent)]
    Sorting(#[from] crate::sorting::SortingError),
    /// The teacher's tree of paths could not be walked.
    #[error("every path of {algorithm} on {deck} cards")]
    Paths {
        /// Algorithm id.
        algorithm: &'static str,
        /// Cards.
        deck: usize,
        /// What failed.
        #[source]
        source: ExactError,
    },
}

/// Everything the default run computed and decided, for the report to
/// render.
#[derive(Debug)]
pub struct SuiteResults {
    /// What was run.
    pub plan: SuitePlan,
    /// Each algorithm over every deck, in the order of [`Suite::entries`].
    pub judged: Vec<Judged>,
    /// How many riffles make a deck look shuffled ([`Suite::riffle_plan`]).
    pub riffles: Option<RiffleStudy>,
    /// Every path of the lesson's naive swap on 3 cards, when it ran
    /// ([`PATH_TREE`]).
    pub paths: Option<PathTree>,
    /// For each seeded shuffle run and each large deck: how many seen
    /// cards single out its deck.
    pub seeding: Vec<Pinning>,
    /// How many cards give node's `Math.random()` away, when the run has
    /// every algorithm ([`Suite::has_cases`]).
    pub readback: Vec<ReadbackRow>,
    /// The famous cases, when the run has every algorithm
    /// ([`Suite::has_cases`]).
    pub cases: Vec<crate::cases::Case>,
    /// The decklist study, when the run has its model ([`MODEL`]).
    pub decklist: Option<DecklistStudy>,
    /// The runtimes' sorts side by side, when the run has all of them,
    /// the fair control and the large deck.
    pub sorting: Option<crate::sorting::SortingStudy>,
}

impl SuiteResults {
    /// Whether every algorithm's verdicts agree with the registry.
    pub fn all_agree(&self) -> bool {
        self.judged.iter().all(|j| j.disagreements.is_empty())
    }
}

/// Runs every stage of `suite` on the current thread pool, in order,
/// telling `progress` what is done.
///
/// # Errors
/// As [`exact_stage`] and [`sampled_stage`], and when the teacher's path
/// tree cannot be walked.
pub fn run(
    suite: &Suite,
    progress: &(dyn Fn(Progress) + Sync),
) -> Result<SuiteResults, SuiteError> {
    let Suite { plan, entries, .. } = suite;
    let exact = exact_stage(entries, plan, progress)?;
    progress(Progress::Done(Stage::ExactLaws));
    let judged = sampled_stage(entries, plan, exact, progress)?;
    progress(Progress::Done(Stage::Sampling));
    let riffles = suite.riffle_plan().map(|r| {
        crate::riffle::study(r.deck, r.max, r.shuffles, plan.seed, &|k| {
            progress(Progress::Riffled(k));
        })
    });
    progress(Progress::Done(Stage::Riffles));
    let seeding = entries
        .iter()
        .filter_map(|e| Some((e.id, e.algorithm.seeded()?)))
        .flat_map(|(id, seeded)| {
            plan.large_decks
                .iter()
                .map(move |&deck| Pinning::of(id, seeded, deck))
        })
        .collect();
    let (tree, deck) = PATH_TREE;
    let paths = entries
        .iter()
        .find(|e| e.id == tree)
        .map(|entry| {
            PathTree::of(entry, deck).map_err(|source| SuiteError::Paths {
                algorithm: entry.id,
                deck,
                source,
            })
        })
        .transpose()?;
    let readback = if suite.has_cases() {
        ReadbackRow::study(READBACK_DECK, suite.readback_trials(), plan.seed)
    } else {
        Vec::new()
    };
    progress(Progress::Done(Stage::Seeding));
    let cases = if suite.has_cases() {
        all_cases(&suite.case_scale(), plan.seed)
    } else {
        Vec::new()
    };
    progress(Progress::Done(Stage::Cases));
    let decklist = entries
        .iter()
        .any(|e| e.id == MODEL)
        .then(|| crate::decklist::study(DECKLIST, AUDIT_ALPHA, POWER));
    progress(Progress::Done(Stage::Decklist));
    let sorting = crate::sorting::study(&judged, plan)?;
    progress(Progress::Done(Stage::Sorting));
    Ok(SuiteResults {
        plan: plan.clone(),
        judged,
        riffles,
        paths,
        seeding,
        readback,
        cases,
        decklist,
        sorting,
    })
}
