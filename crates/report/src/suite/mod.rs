//! The default run's document, `reports/report.json`, and every file of
//! its folder, assembled from the judge's results ([`documents`]).

mod assemble;

pub use assemble::{Documents, documents};

use crate::algorithm::AlgorithmInfo;
use crate::document::Provenance;
use crate::exact::ExactReport;
use crate::sampled;
use judge::lesson::{FAIR_CONTROL, PathTree};
use judge::positions::ExactPositionsInfo;
use judge::{Disagreement, Verdict};
use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;

/// The default run keeps per-arrangement probabilities for decks up to this
/// size (24 arrangements); `shuffle-audit exact --json` always has them.
pub const SUITE_PERMUTATIONS_UP_TO: usize = 4;

/// One algorithm on one deck in the default run.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct SuiteCase {
    /// Number of cards.
    pub deck: usize,
    /// The exact law, when it was computed.
    #[serde(skip_serializing_if = "Option::is_none", default)]
    pub exact: Option<ExactReport>,
    /// The sampled audit, when it was run.
    #[serde(skip_serializing_if = "Option::is_none", default)]
    pub sampled: Option<sampled::SampleReport>,
    /// The exact position matrix, for a swap-based shuffle on a deck too
    /// large to enumerate.
    #[serde(skip_serializing_if = "Option::is_none", default)]
    pub exact_positions: Option<ExactPositionsInfo>,
    /// Shuffles a first seed needs to call the bias at this deck size with
    /// probability 0.99 (from the exact law or the exact position matrix;
    /// absent when unknown or fair).
    #[serde(skip_serializing_if = "Option::is_none", default)]
    pub shuffles_to_detect: Option<f64>,
    /// What was not computed, and why.
    #[serde(skip_serializing_if = "Vec::is_empty", default)]
    pub skipped: Vec<String>,
    /// Figures and data files of this case, relative to the report folder.
    #[serde(skip_serializing_if = "Vec::is_empty", default)]
    pub files: Vec<String>,
}

/// All decks of one algorithm in the default run.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct SuiteAlgorithm {
    /// The registry entry.
    pub info: AlgorithmInfo,
    /// Over every deck: [`Verdict::of`].
    pub verdict: Verdict,
    /// Whether every verdict agrees with the registry's expectation.
    pub agrees: bool,
    /// Each disagreement.
    #[serde(skip_serializing_if = "Vec::is_empty", default)]
    pub disagreements: Vec<Disagreement>,
    /// One case per deck size.
    pub cases: Vec<SuiteCase>,
}

impl SuiteAlgorithm {
    /// The document of a judged algorithm (its case files not yet written).
    pub fn of(j: &judge::suite::Judged, rng: &str) -> Self {
        let cases = j
            .cases
            .iter()
            .map(|c| {
                let mut skipped = Vec::new();
                let exact = match (&c.exact, &c.exact_findings) {
                    (Some(Ok(law)), Some(findings)) => {
                        let r = ExactReport::new(j.entry, law, findings);
                        Some(if c.deck > SUITE_PERMUTATIONS_UP_TO {
                            r.without_permutations()
                        } else {
                            r
                        })
                    }
                    (Some(Err(why)), _) => {
                        skipped.push(format!("exact: {why}"));
                        None
                    }
                    _ => None,
                };
                let mut sampled = sampled::SampleReport::new(
                    j.entry,
                    &c.audit,
                    c.shuffles,
                    rng,
                    exact.as_ref().map(|e| e.total_variation),
                );
                // The matrices are in the case's CSV and figures.
                sampled.effect.sampled.position_z.clear();
                sampled.effect.sampled.row_tests.clear();
                SuiteCase {
                    deck: c.deck,
                    exact,
                    exact_positions: c.positions.as_ref().map(|(_, info)| info.clone()),
                    sampled: Some(sampled),
                    shuffles_to_detect: c.shuffles_to_detect,
                    skipped,
                    files: Vec::new(),
                }
            })
            .collect();
        SuiteAlgorithm {
            info: AlgorithmInfo::from(j.entry),
            verdict: j.verdict,
            agrees: j.disagreements.is_empty(),
            disagreements: j.disagreements.clone(),
            cases,
        }
    }

    /// The smallest `log10` adjusted p-value over the sampled cases.
    pub fn worst_log10_p(&self) -> Option<f64> {
        self.cases
            .iter()
            .filter_map(|c| c.sampled.as_ref())
            .map(|s| s.log10_min_adjusted_p)
            .reduce(f64::min)
    }

    /// The decks whose position heatmaps the algorithm's page shows: the
    /// largest small deck that was both enumerated and sampled (the exact
    /// law beside the samples), else the largest small deck sampled; and
    /// the first large deck sampled.
    pub fn page_heatmap_decks(&self, plan: &judge::suite::SuitePlan) -> Vec<usize> {
        let sampled = |c: &&SuiteCase| c.sampled.is_some();
        let small = self
            .cases
            .iter()
            .filter(sampled)
            .rfind(|c| c.exact.is_some() && plan.decks.contains(&c.deck))
            .or_else(|| {
                self.cases
                    .iter()
                    .filter(sampled)
                    .rfind(|c| plan.decks.contains(&c.deck))
            });
        let large = self
            .cases
            .iter()
            .filter(sampled)
            .find(|c| plan.large_decks.contains(&c.deck));
        small.into_iter().chain(large).map(|c| c.deck).collect()
    }

    /// The exact total variation distance on the largest deck enumerated.
    pub fn largest_exact(&self) -> Option<&ExactReport> {
        self.cases.iter().rev().find_map(|c| c.exact.as_ref())
    }
}

/// Which files a default run writes.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum FileSet {
    /// What the pages show and the data behind it: the committed report.
    /// Each algorithm's heatmaps of the decks its page shows
    /// ([`crate::SuiteAlgorithm::page_heatmap_decks`]), its permutation
    /// figures, SVG twins of the figures drawn as bars or lines that stay
    /// small, the sampled counts, the exact laws of enumerated decks, and
    /// permutation CSVs up to [`crate::files::CSV_PERMUTATIONS_UP_TO`] cards.
    #[default]
    Pages,
    /// Also every deck's heatmap, the SVG twin of every figure, the exact
    /// position matrices of large decks, and permutation CSVs up to
    /// [`crate::files::CSV_PERMUTATIONS_ALL_UP_TO`] cards (`--all-files`).
    All,
}

/// What the default run was asked to do.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct SuiteSettings {
    /// The plan it ran.
    #[serde(flatten)]
    pub plan: judge::suite::SuitePlan,
    /// The generator and seeding scheme.
    pub rng: String,
    /// Which files were written: `"pages"` (what the pages show) or
    /// `"all"` (`--all-files`).
    #[serde(default)]
    pub files: FileSet,
}

/// The default run's document: `reports/report.json`.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct SuiteReport {
    /// [`SCHEMA_VERSION`](crate::document::SCHEMA_VERSION).
    pub schema_version: u32,
    /// Who wrote it.
    pub provenance: Provenance,
    /// What was run.
    pub settings: SuiteSettings,
    /// The headline figure, relative to the report folder: the naive swap
    /// beside Fisher–Yates.
    #[serde(skip_serializing_if = "Option::is_none", default)]
    pub headline: Option<String>,
    /// The off-by-one's slide, relative to the report folder.
    #[serde(skip_serializing_if = "Option::is_none", default)]
    pub off_by_one_slide: Option<String>,
    /// The drawn tree of [`paths`](Self::paths), relative to the report
    /// folder.
    #[serde(skip_serializing_if = "Option::is_none", default)]
    pub path_figure: Option<String>,
    /// The bar chart of how often each of the tree's arrangements came up,
    /// on an axis of its own, relative to the report folder.
    #[serde(skip_serializing_if = "Option::is_none", default)]
    pub path_bars: Option<String>,
    /// One entry per algorithm run.
    pub algorithms: Vec<SuiteAlgorithm>,
    /// How many riffles make a deck look shuffled (when the run has a
    /// large deck and a riffle among its algorithms).
    #[serde(skip_serializing_if = "Option::is_none", default)]
    pub riffles: Option<sampled::RiffleReport>,
    /// Every path of the naive swap on 3 cards, for the teacher's page
    /// (when the naive swap ran).
    #[serde(skip_serializing_if = "Option::is_none", default)]
    pub paths: Option<PathTree>,
    /// For each seeded shuffle run and each large deck: how many seen
    /// cards single out its deck (`shuffle-audit predict`).
    #[serde(skip_serializing_if = "Vec::is_empty", default)]
    pub seeding: Vec<judge::recovery::Pinning>,
    /// How many cards of node's Fisher–Yates deals give `Math.random()`'s
    /// state away (`shuffle-audit recover`), when the run has every
    /// algorithm.
    #[serde(skip_serializing_if = "Vec::is_empty", default)]
    pub readback: Vec<studies::math_random::ReadbackRow>,
    /// The famous cases, each beside its published figure (when the run
    /// has every algorithm they port).
    #[serde(skip_serializing_if = "Vec::is_empty", default)]
    pub cases: Vec<judge::cases::Case>,
    /// A decklist riffled from list order, beside a uniform shuffle: the
    /// exact laws of its lands' clumping and opening hand (when the run
    /// has the registry's few-riffles model).
    #[serde(skip_serializing_if = "Option::is_none", default)]
    pub decklist: Option<judge::decklist::DecklistStudy>,
    /// The runtimes' sorts with a random comparator side by side (when
    /// the run has all of them, the fair control and a deck of 52).
    #[serde(skip_serializing_if = "Option::is_none", default)]
    pub sorting: Option<judge::sorting::SortingStudy>,
}

impl SuiteReport {
    /// Whether every algorithm's verdicts agree with the registry.
    pub fn all_agree(&self) -> bool {
        self.algorithms.iter().all(|a| a.agrees)
    }
}

/// The fair control's sampled cases by deck, when it ran.
pub fn fair_controls(algorithms: &[SuiteAlgorithm]) -> BTreeMap<usize, &sampled::SampleReport> {
    algorithms
        .iter()
        .filter(|a| a.info.id == FAIR_CONTROL)
        .flat_map(|a| &a.cases)
        .filter_map(|c| Some((c.deck, c.sampled.as_ref()?)))
        .collect()
}

/// The fair control drawn beside algorithm `id`'s `case`: the control's
/// sample on that deck, when it is another algorithm's and as many
/// shuffles were dealt.
pub fn fair_control<'a>(
    controls: &BTreeMap<usize, &'a sampled::SampleReport>,
    id: &str,
    case: &SuiteCase,
) -> Option<&'a sampled::SampleReport> {
    let shuffles = case.sampled.as_ref()?.shuffles;
    controls
        .get(&case.deck)
        .copied()
        .filter(|c| id != FAIR_CONTROL && c.shuffles == shuffles)
}
