//! Documents of the commands that sample or read decks, as their `--json`
//! prints them: `sample`, `audit` (decks, shoes and `--follow`), `power`,
//! `scaling`, `riffle`, `predict` and `guess`. They hold the judge's
//! decisions and render none of their own.

use judge::grade::{Audited, Confirmation, Decision, Finding, Grade, Level};
use judge::positions::DivergenceInfo;
use judge::riffle::RiffleStudy;
use serde::{Deserialize, Serialize};
use stats::hypothesis::audit::{Effect, Lag1Run, PowerPlan, Repeated, Skipped};
use stats::hypothesis::battery::StatisticSummary;
use stats::hypothesis::collision::CollisionSummary;
use stats::hypothesis::fit::TestResult;

/// Effect sizes: the run's ([`Effect`]), and the exact distance when the
/// algorithm's law is known.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct EffectInfo {
    /// The sampled effect sizes.
    #[serde(flatten)]
    pub sampled: Effect,
    /// The exact total variation distance, when the algorithm is enumerable.
    #[serde(skip_serializing_if = "Option::is_none", default)]
    pub exact_total_variation: Option<f64>,
}

/// `shuffle-audit sample --json`.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct SampleReport {
    /// Algorithm id.
    pub algorithm: String,
    /// Number of cards.
    pub deck: usize,
    /// Shuffles per run.
    pub shuffles: u64,
    /// The seed of the first run.
    pub seed: u64,
    /// The generator and seeding scheme.
    pub rng: String,
    /// Worker threads (the counts do not depend on it).
    pub threads: usize,
    /// The registry's expected verdict.
    pub expected: judge::Expectation,
    /// `position_matrix[card][position]`: counts of the first run.
    pub position_matrix: Vec<Vec<u64>>,
    /// Counts of each arrangement in lexicographic order (first run; decks of
    /// up to 6 cards).
    #[serde(skip_serializing_if = "Option::is_none", default)]
    pub permutation_counts: Option<Vec<u64>>,
    /// A sort that may throw (Java's TimSort): how often it threw in as
    /// many runs from the same seed; the counts are those of the decks
    /// given no throw.
    #[serde(skip_serializing_if = "Option::is_none", default)]
    pub throws: Option<crate::Throws>,
    /// The first run's tests.
    pub tests: Vec<TestResult>,
    /// Tests not run, with reasons.
    pub skipped_tests: Vec<Skipped>,
    /// Estimated total variation distance (histogram only).
    #[serde(skip_serializing_if = "Option::is_none", default)]
    pub total_variation: Option<f64>,
    /// The battery of the first run, when no histogram was kept.
    #[serde(skip_serializing_if = "Option::is_none", default)]
    pub battery: Option<Vec<StatisticSummary>>,
    /// The collision test's counts, when it ran.
    #[serde(skip_serializing_if = "Option::is_none", default)]
    pub collisions: Option<CollisionSummary>,
    /// Effect sizes.
    pub effect: EffectInfo,
    /// `log10` of the smallest Bonferroni-adjusted p-value over all tests of
    /// the first run (and the two-level tests with `--repeat`).
    pub log10_min_adjusted_p: f64,
    /// `"no bias shown"`, `"unusual"`, `"suspicious"` or `"biased"` (README,
    /// "Verdicts").
    pub verdict: Grade,
    /// When no bias is shown: the total variation distance from fair below
    /// which no test of this many samples shows a bias 99 times in 100 at
    /// level 0.01 ([`judge::grade::no_test_shows_below`]); larger biases
    /// can pass too.
    #[serde(skip_serializing_if = "Option::is_none", default)]
    pub no_test_shows_below: Option<f64>,
    /// The second seed's run, when the first was suspicious.
    #[serde(skip_serializing_if = "Option::is_none", default)]
    pub confirmation: Option<Confirmation>,
    /// The two-level test, with `--repeat`.
    #[serde(skip_serializing_if = "Option::is_none", default)]
    pub repeat: Option<Repeated>,
}

impl SampleReport {
    /// The verdict in the words the command line prints: "biased", or "no
    /// bias shown at N shuffles" and what that leaves open (the smallest
    /// bias this many shuffles could show), never a claim of fairness.
    pub fn finding_words(&self) -> String {
        let words = judge::grade::verdict_words(self.verdict, self.shuffles, "shuffle");
        if self.verdict == Grade::NoBiasShown {
            format!(
                "{words} ({})",
                judge::grade::no_bias_shown_leaves_open(self.shuffles, "shuffle")
            )
        } else {
            words
        }
    }

    /// The document of an audit of `entry` (`shuffles` per run), `threads`
    /// 0 (the command sets it; `report.json` gives it in its provenance).
    pub fn new(
        entry: &algorithms::Entry,
        audit: &Audited,
        shuffles: u64,
        rng: &str,
        exact_total_variation: Option<f64>,
    ) -> Self {
        Self::of_audit(
            entry.id,
            entry.expected.into(),
            audit,
            shuffles,
            rng,
            exact_total_variation,
        )
    }

    /// The report of an audit of something that may not be in the registry
    /// (decks read from a file): its name and expected verdict are given.
    pub fn of_audit(
        algorithm: &str,
        expected: judge::Expectation,
        audit: &Audited,
        shuffles: u64,
        rng: &str,
        exact_total_variation: Option<f64>,
    ) -> Self {
        let (grade, confirmed, audit) = (audit.grade, audit.confirmation.clone(), &audit.audit);
        let first = &audit.first;
        let a = &first.analysis;
        let n = first.positions.deck;
        SampleReport {
            algorithm: algorithm.into(),
            deck: n,
            shuffles,
            seed: first.seed,
            rng: rng.into(),
            threads: 0,
            expected,
            position_matrix: first.positions.rows(),
            permutation_counts: first
                .histogram
                .as_ref()
                .filter(|_| n <= 6)
                .map(|h| h.counts.clone()),
            throws: None,
            tests: a.tests.clone(),
            skipped_tests: a.skipped.clone(),
            total_variation: a.effect.total_variation,
            battery: first
                .battery
                .as_ref()
                .map(stats::hypothesis::battery::Battery::summary),
            collisions: first
                .collisions
                .as_ref()
                .map(stats::hypothesis::collision::Collisions::summary),
            effect: EffectInfo {
                sampled: a.effect.clone(),
                exact_total_variation,
            },
            log10_min_adjusted_p: audit.log10_min_adjusted_p,
            verdict: grade,
            no_test_shows_below: (grade == Grade::NoBiasShown)
                .then(|| judge::grade::no_test_shows_below(shuffles)),
            confirmation: confirmed,
            repeat: audit.repeated.clone(),
        }
    }
}

/// What `shuffle-audit audit` read.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct InputInfo {
    /// The file, or `"-"` for standard input.
    pub source: String,
    /// Lines read.
    pub lines: u64,
    /// Valid decks among them (the `shuffles` of `result`).
    pub decks: u64,
    /// Cards per deck.
    pub deck: usize,
    /// `"0-based"` or `"1-based"`; absent for decklists, whose cards are
    /// names (or numbers used as names).
    #[serde(skip_serializing_if = "Option::is_none", default)]
    pub base: Option<deck_lines::Base>,
    /// Whether the numbering was detected (from the first deck) rather than given.
    pub base_detected: bool,
    /// Invalid lines by kind (only with `--skip-invalid`; otherwise the first
    /// one is an error).
    pub invalid: Vec<deck_lines::InvalidLines>,
    /// The SHA-256 of every byte read, in lowercase hexadecimal: the input
    /// a certificate speaks of. Absent for counts merged from pieces (the
    /// Python package's `Counts`), whose bytes were never read as one.
    #[serde(skip_serializing_if = "Option::is_none", default)]
    pub sha256: Option<String>,
    /// Bytes read.
    pub bytes: u64,
    /// Whether the decks were taken to be in the order they were dealt
    /// (the tests of consecutive decks ran); `false` with `--unordered`.
    pub ordered: bool,
}

impl InputInfo {
    /// The input's SHA-256, or why there is none: what the text and the
    /// certificate say of it.
    pub fn digest(&self) -> &str {
        self.sha256
            .as_deref()
            .unwrap_or("not recorded: counts merged from pieces read apart")
    }
}

/// `shuffle-audit audit --json`: decks read from a file, tested.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct AuditReport {
    /// What was read.
    pub input: InputInfo,
    /// The tests of the decks alone, as `sample --json` has them
    /// (`algorithm` is the input's name, `expected` `"unknown"`, `seed` 0
    /// and `rng` says the decks were read); its `log10_min_adjusted_p` and
    /// `verdict` are the whole family's, `lag1` included, the verdict graded at
    /// `level` so that it shows bias exactly when the exit code is 1.
    pub result: SampleReport,
    /// The tests of consecutive decks (absent with `--unordered`).
    #[serde(skip_serializing_if = "Option::is_none", default)]
    pub lag1: Option<Lag1Run>,
    /// The decision at the family-wise level (`--alpha`), which the exit
    /// code follows: 1 when `bias_shown`.
    pub level: Level,
    /// Where the tests below their share of the level are: among the
    /// decks alone, or only between consecutive decks.
    pub finding: Finding,
}

impl AuditReport {
    /// The document of an audit of plain decks read from elsewhere (the
    /// input as messages name it, `name`; what was read, `input`), their
    /// tests `audited` with the judge's `decision` at the family-wise
    /// level.
    pub fn new(name: &str, input: InputInfo, audited: &Audited, decision: Decision) -> AuditReport {
        let mut result = SampleReport::of_audit(
            name,
            judge::Expectation::Unknown,
            audited,
            input.decks,
            "none: the decks were read from the input",
            None,
        );
        // The counts do not depend on the threads: provenance names them.
        result.threads = 0;
        // Read decks are graded at the stated level, as the exit code is.
        result.verdict = decision.grade;
        AuditReport {
            input,
            result,
            lag1: audited.audit.lag1.clone(),
            level: decision.level,
            finding: decision.finding,
        }
    }

    /// What the audit found, with its exit code, in the judge's words
    /// ([`judge::grade::Finding::words`]).
    pub fn finding_words(&self) -> judge::words::Words {
        let p = |tests: &[stats::hypothesis::fit::TestResult]| -> Vec<f64> {
            tests.iter().map(|t| t.log10_p).collect()
        };
        let between = self.lag1.as_ref().map_or_else(Vec::new, |l| p(&l.tests));
        self.finding.words(
            &self.level,
            self.result.verdict,
            &p(&self.result.tests),
            &between,
            "deck",
        )
    }
}

/// `shuffle-audit audit --json` on decks whose cards repeat: shoes (`--shoe
/// K`) and decklists (names, or cards more than once), tested with the
/// statistics that have exact laws for any composition
/// ([`stats::hypothesis::shoe`]).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct ShoeAuditReport {
    /// What was read: `deck` is the distinct cards (the values), and
    /// `decks` the shoes or decklists read.
    pub input: InputInfo,
    /// A shoe's make-up: `values` cards per deck, `copies` decks.
    #[serde(skip_serializing_if = "Option::is_none", default)]
    pub shoe: Option<stats::hypothesis::shoe::Shoe>,
    /// A decklist's cards with their copies, in the order of the values.
    #[serde(skip_serializing_if = "Option::is_none", default)]
    pub decklist: Option<Vec<DecklistCard>>,
    /// Cards per shoe or decklist, `P`.
    pub cards: usize,
    /// The tests of single shoes or decklists.
    pub tests: Vec<TestResult>,
    /// Tests not run, with reasons.
    pub skipped_tests: Vec<Skipped>,
    /// `matrix[value][position]`: how often each value was at each
    /// position.
    pub value_position_matrix: Vec<Vec<u64>>,
    /// `max |O/E − 1|` over the value × position table (`E = N K_i / P`).
    pub max_relative_deviation: f64,
    /// Descents and repeats beside their exact laws.
    pub statistics: Vec<stats::hypothesis::shoe::ShoeStatisticSummary>,
    /// The opening hand tested (decklists), in cards.
    #[serde(skip_serializing_if = "Option::is_none", default)]
    pub hand: Option<usize>,
    /// The named groups (`--group`): clumping and the opening hand.
    #[serde(skip_serializing_if = "Vec::is_empty", default)]
    pub groups: Vec<GroupSummary>,
    /// The collision test's counts, when it ran.
    #[serde(skip_serializing_if = "Option::is_none", default)]
    pub collisions: Option<CollisionSummary>,
    /// The tests of consecutive shoes or decklists (absent with
    /// `--unordered`).
    #[serde(skip_serializing_if = "Option::is_none", default)]
    pub lag1: Option<stats::hypothesis::shoe::ShoeLagRun>,
    /// `log10` of the smallest Bonferroni-adjusted p-value of the family.
    pub log10_min_adjusted_p: f64,
    /// The grade of that p-value (README, "Verdicts").
    pub verdict: Grade,
    /// When no bias is shown: the total variation distance from fair below
    /// which no test of this many samples shows a bias 99 times in 100 at
    /// level 0.01 ([`judge::grade::no_test_shows_below`]); larger biases
    /// can pass too.
    #[serde(skip_serializing_if = "Option::is_none", default)]
    pub no_test_shows_below: Option<f64>,
    /// The decision at `--alpha`, which the exit code follows.
    pub level: Level,
    /// Where the tests below their share of the level are.
    pub finding: Finding,
}

/// A card of a decklist and its copies.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct DecklistCard {
    /// The card as the lines name it.
    pub name: String,
    /// Its copies in each deck.
    pub copies: usize,
}

/// A named group's clumping and opening hand.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct GroupSummary {
    /// The group's name.
    pub name: String,
    /// Its cards' names.
    pub members: Vec<String>,
    /// Its cards in a deck, `a` (the copies of its members).
    pub cards: usize,
    /// Adjacent pairs of its cards against their exact law (`0..a`).
    pub pairs: stats::hypothesis::shoe::Fit,
    /// Its cards in the opening hand against the hypergeometric law
    /// (`0..=H`).
    pub hand: stats::hypothesis::shoe::Fit,
}

impl ShoeAuditReport {
    /// The document of `run`, for the decks `input` describes (with the
    /// cards' `names`, value by value, for a decklist), with the judge's
    /// `decision`.
    pub fn new(
        input: InputInfo,
        run: &stats::hypothesis::shoe::ShoeRun,
        names: Option<Vec<String>>,
        decision: Decision,
    ) -> Self {
        let rows = |flat: &[u64], width: usize| flat.chunks(width).map(<[u64]>::to_vec).collect();
        let p = run.composition.cards();
        let input_decks = input.decks;
        let name_of = |v: usize| match &names {
            Some(n) => n[v].clone(),
            None => v.to_string(),
        };
        ShoeAuditReport {
            input,
            shoe: names.is_none().then(|| run.shoe()).flatten(),
            decklist: names.as_ref().map(|n| {
                n.iter()
                    .zip(run.composition.counts())
                    .map(|(name, &copies)| DecklistCard {
                        name: name.clone(),
                        copies,
                    })
                    .collect()
            }),
            cards: p,
            tests: run.tests.clone(),
            skipped_tests: run.skipped.clone(),
            value_position_matrix: rows(&run.value_position, p),
            max_relative_deviation: run.max_relative_deviation,
            statistics: run.statistics.clone(),
            hand: run.hand,
            groups: run
                .groups
                .iter()
                .map(|g| GroupSummary {
                    name: g.group.name.clone(),
                    members: g.group.values.iter().map(|&v| name_of(v)).collect(),
                    cards: g.cards,
                    pairs: g.pairs.clone(),
                    hand: g.hand.clone(),
                })
                .collect(),
            collisions: run.collisions.as_ref().map(|c| c.summary()),
            lag1: run.lag1.clone(),
            log10_min_adjusted_p: run.log10_min_adjusted_p(),
            verdict: decision.grade,
            no_test_shows_below: (decision.grade == Grade::NoBiasShown)
                .then(|| judge::grade::no_test_shows_below(input_decks)),
            level: decision.level,
            finding: decision.finding,
        }
    }

    /// `"shoe"` or `"decklist"`: what one line holds.
    pub fn unit(&self) -> &'static str {
        if self.decklist.is_some() {
            "decklist"
        } else {
            "shoe"
        }
    }

    /// What the lines held, for people: `2,000 shoes of 6 decks of 52
    /// cards (312 cards each)`, or `500 decklists of 60 cards, 20 distinct
    /// (Forest x9, Island x8, …)` naming at most `listed` cards (all with
    /// `None`).
    pub fn holds(&self, listed: Option<usize>) -> String {
        let decks = crate::fmt::fmt_count(self.input.decks);
        match (&self.decklist, self.shoe) {
            (Some(list), _) => {
                let shown = listed.unwrap_or(list.len()).min(list.len());
                let mut names: Vec<String> = list[..shown]
                    .iter()
                    .map(|c| format!("{} x{}", deck_lines::shown_name(&c.name), c.copies))
                    .collect();
                if shown < list.len() {
                    names.push(format!("{} more", list.len() - shown));
                }
                format!(
                    "{decks} decklists of {} cards, {} distinct ({})",
                    self.cards,
                    list.len(),
                    names.join(", ")
                )
            }
            (None, Some(shoe)) => format!(
                "{decks} shoes of {} decks of {} cards ({} cards each)",
                shoe.copies(),
                shoe.values(),
                self.cards
            ),
            (None, None) => format!("{decks} decks of {} cards", self.cards),
        }
    }

    /// Every test of the family: single shoes, then consecutive ones.
    pub fn family(&self) -> impl Iterator<Item = &TestResult> {
        self.tests
            .iter()
            .chain(self.lag1.iter().flat_map(|l| l.tests.iter()))
    }
}

/// `shuffle-audit riffle --json`, and the `riffles` of `report.json`: the
/// judge's [`RiffleStudy`] in the document envelope.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct RiffleReport {
    /// The study.
    #[serde(flatten)]
    pub study: RiffleStudy,
    /// The figure, relative to the report folder (inside `report.json`).
    #[serde(skip_serializing_if = "Option::is_none", default)]
    pub figure: Option<String>,
}

/// `shuffle-audit power --json`.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct PowerReport {
    /// Algorithm id.
    pub algorithm: String,
    /// Number of cards.
    pub deck: usize,
    /// Significance level.
    pub alpha: f64,
    /// Requested power.
    pub power: f64,
    /// How the law was computed: `"enumeration"` (every path, decks up to
    /// 10 cards) or `"markov-chain"` (the exact position matrix of a
    /// swap-based shuffle, any deck up to 4096 cards).
    pub method: judge::method::PowerBasis,
    /// Exact total variation distance of the law (enumeration only).
    #[serde(skip_serializing_if = "Option::is_none", default)]
    pub total_variation: Option<f64>,
    /// Exact divergences of the whole law, for sequential selections on
    /// decks too large to enumerate.
    #[serde(skip_serializing_if = "Option::is_none", default)]
    pub divergence: Option<DivergenceInfo>,
    /// The floor (enumeration only): the fewest decks with which the most
    /// powerful test, the likelihood ratio that knows this law, rejects
    /// at `alpha` with probability `power`
    /// ([`stats::hypothesis::audit::likelihood_ratio_decks`]); no test
    /// needs fewer.
    #[serde(skip_serializing_if = "Option::is_none", default)]
    pub likelihood_ratio_decks: Option<f64>,
    /// One plan per test.
    pub tests: Vec<PowerPlan>,
}

/// `shuffle-audit scaling --json`: every way of turning a random word into
/// an index, its exact bias per draw and for a whole Fisher–Yates shuffle.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct ScalingReport {
    /// Bits of each random word.
    pub bits: u32,
    /// Number of cards.
    pub deck: usize,
    /// The level the shuffles needed are computed at.
    pub alpha: f64,
    /// The probability of detection they are computed for.
    pub power: f64,
    /// One entry per method.
    pub methods: Vec<studies::scaling::MappingBias>,
}

/// `shuffle-audit predict --json`: the seeds whose deck starts with the
/// cards seen, and their decks.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct PredictReport {
    /// Algorithm id.
    pub algorithm: String,
    /// Number of cards.
    pub deck: usize,
    /// The cards seen, in the order dealt, numbered from `base`.
    pub seen: Vec<u8>,
    /// The first card's number in `seen` and the decks (absent: 0).
    #[serde(skip_serializing_if = "is_zero", default)]
    pub base: u8,
    /// Whether the cards have names (`"JD"`: FreeCell's numbering, rank
    /// times 4 plus suit from the Ace of Clubs), which the text shows.
    #[serde(skip_serializing_if = "std::ops::Not::not", default)]
    pub card_names: bool,
    /// Whether the seeds are Unix times in seconds (`time(0)`).
    pub unix_seconds: bool,
    /// Whether the seeds are Unix times in milliseconds (Java's
    /// `System.currentTimeMillis()`).
    #[serde(skip_serializing_if = "std::ops::Not::not", default)]
    pub unix_milliseconds: bool,
    /// The search: `seeds` (`start`, `end`: searched, end excluded),
    /// `matches` (how many seeds fit), `found` (the first `cap`, with
    /// their decks, numbered from `base`).
    pub search: studies::predict::Search,
    /// The most seeds listed.
    pub cap: usize,
    /// How many cards seen single a deal out among the seeds searched: the
    /// fewest with which another seed fits less than once in 100 on
    /// average ([`judge::recovery::cards_to_pin_down`]).
    pub cards_to_pin_down: usize,
    /// The judge's conclusion, which the exit code follows.
    pub conclusion: judge::recovery::Recovery,
}

/// `shuffle-audit recover --json`: the state of V8's `Math.random()` read
/// back from decks node dealt, and the decks to come.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct RecoverReport {
    /// Cards per deck.
    pub deck: usize,
    /// Whole decks read.
    pub decks: usize,
    /// The cards seen of a deal under way (`--seen`), in the order
    /// `a.pop()` deals them, numbered from `base`.
    #[serde(skip_serializing_if = "Vec::is_empty", default)]
    pub seen: Vec<u8>,
    /// The first card's number (absent: 0).
    #[serde(skip_serializing_if = "is_zero", default)]
    pub base: u8,
    /// The decks predicted after the cards given (`--next`).
    pub next: usize,
    /// The most states and predictions listed.
    pub cap: usize,
    /// The search, its predicted decks numbered from `base`.
    pub search: studies::math_random::StateSearch,
    /// The judge's conclusion, which the exit code follows.
    pub conclusion: judge::recovery::StateRecovery,
}

fn is_zero(x: &u8) -> bool {
    *x == 0
}

/// `shuffle-audit guess --json`: the judge's [`Guess`](judge::guess::Guess),
/// serialized as it is.
pub use judge::guess::Guess as GuessReport;

/// `shuffle-audit audit --follow --json`: a stream watched deck by deck.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct FollowReport {
    /// The file, or `"-"` for standard input.
    pub source: String,
    /// Lines read (up to the alarm, when one rang).
    pub lines: u64,
    /// Valid decks among them.
    pub decks: u64,
    /// Invalid lines skipped, by kind (with `--skip-invalid`).
    pub invalid: Vec<deck_lines::InvalidLines>,
    /// Cards per deck.
    pub deck: usize,
    /// Where the stream stands.
    #[serde(flatten)]
    pub finding: judge::follow::FollowFinding,
}

/// `shuffle-audit audit --single --json`: each line one draw (a lottery's
/// drawn order), judged alone.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct SingleAuditReport {
    /// The file, or `"-"` for standard input.
    pub source: String,
    /// Lines read.
    pub lines: u64,
    /// Invalid lines by kind (only with `--skip-invalid`).
    pub invalid: Vec<deck_lines::InvalidLines>,
    /// The SHA-256 of every byte read.
    pub sha256: String,
    /// Bytes read.
    pub bytes: u64,
    /// The power the detectable departures are stated at.
    pub power: f64,
    /// Each valid line's draw.
    pub draws: Vec<SingleDraw>,
}

/// One line's draw and its verdict.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct SingleDraw {
    /// Its line number (from 1).
    pub line: u64,
    /// `"0-based"` or `"1-based"`, as its values say.
    pub base: deck_lines::Base,
    /// The verdict: tests, detectable departures, level.
    #[serde(flatten)]
    pub verdict: judge::single::DrawVerdict,
}

impl SingleAuditReport {
    /// Whether a draw shows bias at its level: the exit code follows.
    pub fn bias_shown(&self) -> bool {
        self.draws.iter().any(|d| d.verdict.level.bias_shown)
    }
}
