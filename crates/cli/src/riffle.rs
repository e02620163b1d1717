//! `shuffle-audit riffle`: how many riffles make a deck look shuffled,
//! exactly (Bayer–Diaconis) and to each test of the battery.

use crate::PASS;
use crate::range::{at_least_one, within};
use anyhow::Result;
use clap::Args;
use report::Provenance;
use report::sampled::{RiffleModel, RiffleReport};

use stats::riffle::{MAX_RIFFLE_DECK, TELLS_BELOW, sample_riffles};
use stats::sample::RNG_NAME;
use std::time::Instant;

/// The most riffles per deck `riffle` samples.
const MAX_MAX: u32 = 30;

#[derive(Debug, Args)]
pub(crate) struct RiffleArgs {
    /// Number of cards, 2..=170.
    #[arg(long, short, default_value_t = 52)]
    deck: usize,
    /// Riffles per deck, from 1 to this (at most 30).
    #[arg(long, default_value_t = 10)]
    max: u32,
    /// Sampled decks per number of riffles and model.
    #[arg(long, short = 'n', default_value_t = 100_000)]
    shuffles: u64,
    /// Seed of every sampled row.
    #[arg(long, short, default_value_t = 1)]
    seed: u64,
    /// Worker threads, 1..=1024 (default: one per core); results are the
    /// same on any number.
    #[arg(long, value_name = "N", value_parser = crate::parse_threads)]
    threads: Option<usize>,
    /// Print one JSON document (schema in reports/SCHEMA.md).
    #[arg(long)]
    json: bool,
}

/// Samples both riffle models on `deck` cards, `1..=max` riffles,
/// `shuffles` decks each, with a progress bar on a terminal.
pub(crate) fn study(deck: usize, max: u32, shuffles: u64, seed: u64) -> Result<RiffleReport> {
    let models = [
        ("gsr-riffle", "one Gilbert-Shannon-Reeds riffle per pass"),
        ("blog-riffle", "one riffleShuffle of 003 per pass"),
    ]
    .iter()
    .map(|&(id, name)| Ok((crate::find(id)?, name)))
    .collect::<Result<Vec<_>>>()?;
    let bar = crate::progress_bar(
        shuffles * models.len() as u64 * u64::from(max),
        "riffled decks",
    );
    let tick = |k: u64| {
        if let Some(b) = &bar {
            b.inc(k);
        }
    };
    let models = models
        .iter()
        .map(|&(entry, name)| {
            let runs = sample_riffles(entry.algorithm.kernel, deck, max, shuffles, seed, &tick);
            RiffleModel::new(entry, name, &runs)
        })
        .collect();
    if let Some(b) = bar {
        b.finish_and_clear();
    }
    Ok(RiffleReport {
        schema_version: None,
        provenance: None,
        deck,
        max_riffles: max,
        shuffles,
        seed,
        rng: RNG_NAME.into(),
        tells_below: TELLS_BELOW,
        models,
        random_keys: report::sampled::RandomKeysInfo::of(deck),
        figure: None,
        seconds: None,
    })
}

pub(crate) fn run(args: &RiffleArgs) -> Result<u8> {
    within("deck size", args.deck, 2..=MAX_RIFFLE_DECK).map_err(|e| {
        e.purpose("riffles")
            .because("1/n! underflows a double above")
    })?;
    within("--max", args.max, 1..=MAX_MAX)?;
    at_least_one("--shuffles", args.shuffles)?;
    let start = Instant::now();
    let mut report = crate::with_threads(args.threads, || {
        study(args.deck, args.max, args.shuffles, args.seed)
    })??;
    report.schema_version = Some(report::SCHEMA_VERSION);
    report.provenance = Some(Provenance::new(crate::command_line()));
    report.seconds = Some(start.elapsed().as_secs_f64());
    if args.json {
        crate::emit(&(serde_json::to_string_pretty(&report)? + "\n"));
    } else {
        crate::emit(&report::text::riffle(&report));
    }
    Ok(PASS)
}
