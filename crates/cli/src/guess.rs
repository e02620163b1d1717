//! `shuffle-audit guess`: what a bias is worth to a card player who knows
//! the shuffle: the cards guessed right, going through the deck.

use crate::common::PASS;
use crate::range::{at_least, within};
use anyhow::Result;
use clap::Args;
use report::sampled::GuessReport;
use report::{Provenance, Standalone};
use stats::guess::{
    PositionStrategy, expected_correct, harmonic, sampled_score, seeded_expected_correct,
};
use std::time::Instant;

/// The most seeds whose decks are all dealt for the exact figure.
const MAX_SEEDS: u64 = 1 << 20;
/// The largest deck whose law is enumerated for the exact figure.
const MAX_EXACT: usize = 8;
/// The fewest decks a sampled score is averaged over: its interval is a
/// normal one, which one deck (a standard deviation of 0) cannot give.
const MIN_SCORED: u64 = 1000;

#[derive(Debug, Args)]
pub(crate) struct GuessArgs {
    /// Algorithm id (see `shuffle-audit list`).
    #[arg(long, short)]
    algorithm: String,
    /// Number of cards, 2..=255.
    #[arg(long, short, default_value_t = 52)]
    deck: usize,
    /// Decks the strategy is scored on, where no exact figure is possible
    /// (1000 or more).
    #[arg(long, short = 'n', default_value_t = 1_000_000)]
    shuffles: u64,
    /// Seed of the decks it is scored on (a matrix that must be sampled
    /// is sampled with the next seed).
    #[arg(long, short, default_value_t = 1)]
    seed: u64,
    /// Worker threads, 1..=1024 (default: one per core); results are the
    /// same on any number.
    #[arg(long, value_name = "N", value_parser = crate::common::parse_threads)]
    threads: Option<usize>,
    /// Print one JSON document (schema in reports/SCHEMA.md).
    #[arg(long)]
    json: bool,
}

pub(crate) fn run(args: &GuessArgs) -> Result<u8> {
    let entry = crate::common::find(&args.algorithm)?;
    let n = within("deck size", args.deck, 2..=stats::sample::MAX_SAMPLE_DECK)?;
    let shuffles = at_least("--shuffles", args.shuffles, MIN_SCORED)
        .map_err(|e| e.because("the 99 % confidence interval of a sampled score rests on them"))?;
    let start = Instant::now();
    let fair = harmonic(n);
    let report = crate::common::with_threads(args.threads, || -> Result<GuessReport> {
        let exact = |method: &str, f: stats::Fraction| GuessReport {
            algorithm: entry.id.into(),
            deck: n,
            method: method.into(),
            expected_correct: f.to_f64(),
            expected_correct_exact: Some(f.to_string()),
            interval_99: None,
            fair,
            advantage: f.to_f64() - fair,
            shuffles: None,
            seed: None,
        };
        if let Some(seeded) = entry.algorithm.seeded() {
            let seeds = seeded.seeds();
            if seeds.end - seeds.start <= MAX_SEEDS {
                return Ok(exact("seeds", seeded_expected_correct(seeded, n, seeds)));
            }
        }
        if n <= MAX_EXACT
            && let Ok(law) = stats::exact_distribution(
                &entry.algorithm,
                n,
                &stats::Limits::for_exact(entry.exact),
            )
            && let Some(f) = expected_correct(&law)
        {
            return Ok(exact("exact-law", f));
        }
        let swaps = entry.algorithm.swap_shuffle(n);
        let (method, matrix) = match swaps.map(|s| stats::markov::position_law(&s)) {
            Some(Ok(law)) => ("position-matrix", law.matrix),
            _ => {
                let p = stats::sample::sample(
                    &entry.algorithm,
                    n,
                    shuffles,
                    args.seed.wrapping_add(1),
                    || stats::sample::Positions::new(n),
                    &|_| {},
                );
                let total = p.total() as f64;
                let m = p.counts.iter().map(|&c| c as f64 / total).collect();
                ("sampled-position-matrix", m)
            }
        };
        let strategy = PositionStrategy::new(n, &matrix);
        let (mean, hw) = sampled_score(&entry.algorithm, &strategy, shuffles, args.seed);
        Ok(GuessReport {
            algorithm: entry.id.into(),
            deck: n,
            method: method.into(),
            expected_correct: mean,
            expected_correct_exact: None,
            interval_99: Some((mean - hw, mean + hw)),
            fair,
            advantage: mean - hw - fair,
            shuffles: Some(shuffles),
            seed: Some(args.seed),
        })
    })??;
    let report = Standalone::new(
        report,
        Provenance::new(crate::common::command_line()),
        Some(start.elapsed().as_secs_f64()),
    );
    crate::output::print(&report, args.json)?;
    Ok(PASS)
}
