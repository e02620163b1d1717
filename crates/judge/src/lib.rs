//! Every verdict of shuffle-audit, decided once, as typed values.
//!
//! The statistics (`stats`, `studies`) compute laws, counts and p-values;
//! this crate turns them into verdicts, grades, findings and conclusions,
//! worded once ([`words`]), and compares those with what the registry
//! expects. It owns the default run: its plan and its stages, each calling
//! the statistics ([`suite::run`]). Reports render its types and never
//! decide; the command line parses, plans and calls it, and
//! `shuffle-check` counts and calls it.
//!
//! - [`ExactVerdict`]: what an exact law (or an exact position matrix)
//!   shows.
//! - [`grade`]: what a sampled run shows ([`Grade`]), whether a second
//!   seed is run to confirm it, a decision at a stated level and where an
//!   audit's evidence lies.
//! - [`Verdict`]: one algorithm over every deck of a run.
//! - [`cases`]: the famous shuffle failures, each figure beside the
//!   published one, and how the two stand.
//! - [`decklist`]: a decklist riffled a few times from list order,
//!   beside a uniform shuffle, by exact laws.
//! - [`check`]: what a `shuffle-check` run's counts show, and which known
//!   mistake a failing shuffle resembles.
//! - [`Disagreement`]: a verdict that contradicts the registry's
//!   expectation, or samples that contradict an exact law.
//! - [`fair`]: the band a fair shuffle's figures stay within, and the
//!   level it is drawn at.
//! - [`follow`]: a stream watched deck by deck (`audit --follow`), and
//!   where it stands.
//! - [`guess`]: which method scores a card player's guesses, and what
//!   the score concludes.
//! - [`lesson`]: which algorithms the teaching pages compare, the fair
//!   control beside every heatmap, and the tree of paths a teacher draws.
//! - [`live`]: a live run of decks (the `play` page), stopped when its
//!   evidence reaches `1/α`.
//! - [`recovery`]: whether the cards seen pin a small-seed shuffle's deck
//!   down.
//! - [`resemble`]: which known algorithm an exact law is, told exactly.
//! - [`single`]: one draw (a lottery's order) judged alone by its rank
//!   statistics.
//! - [`sorting`]: the runtimes' sorts with a random comparator side by
//!   side, and which is the worst and the best on a large deck.
//! - [`words`]: every finding, verdict and guarantee worded once, as typed
//!   sentences each format renders.
//! - [`method`]: which exact method answers a question, and which exact
//!   law a power plan rests on, decided before any work.
//! - [`memory`]: whether an exact computation fits the memory it may
//!   take, decided before it allocates.
//! - [`suite`]: the default run: its standard plan, its stages in order,
//!   each case keeping its own laws and counts, and everything it
//!   concludes, for the report to render.
#![deny(missing_docs)]

pub mod calibration;
pub mod cases;
pub mod check;
pub mod decklist;
pub mod disagreement;
pub mod fair;
pub mod follow;
pub mod grade;
pub mod guess;
pub mod lesson;
pub mod live;
pub mod memory;
pub mod method;
pub mod pace;
pub mod positions;
pub mod recovery;
pub mod resemble;
pub mod riffle;
pub mod single;
pub mod sorting;
pub mod suite;
pub mod verdict;
pub mod words;

pub use disagreement::Disagreement;
pub use grade::Grade;
pub use verdict::{ExactVerdict, Expectation, LawFindings, Standing, Verdict};
