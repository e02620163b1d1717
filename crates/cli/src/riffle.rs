//! `shuffle-audit riffle`: how many riffles make a deck look shuffled,
//! exactly (Bayer–Diaconis) and to each test of the battery.

use crate::args::{DeckArg, STANDARD_DECK, SeedArg};
use crate::range::{at_least_one, within};
use anyhow::Result;
use clap::Args;
use report::{Provenance, Standalone};
use std::time::Instant;
use studies::riffle::MAX_RIFFLE_DECK;

/// The most riffles per deck `riffle` samples.
const MAX_MAX: u32 = 30;

#[derive(Debug, Args)]
#[command(
    mut_arg("deck", |a| a.help(format!("Number of cards, 2..={MAX_RIFFLE_DECK} (default {STANDARD_DECK})"))),
    mut_arg("seed", |a| a.help("Seed of every sampled row"))
)]
pub(crate) struct RiffleArgs {
    #[command(flatten)]
    deck: DeckArg,
    #[arg(long, default_value_t = judge::suite::RIFFLE_MAX, help = format!("Riffles per deck, from 1 to this (at most {MAX_MAX})"))]
    max: u32,
    /// Sampled decks per number of riffles and model.
    #[arg(long, short = 'n', default_value_t = 100_000)]
    shuffles: u64,
    #[command(flatten)]
    seed: SeedArg,
    #[command(flatten)]
    threads: crate::args::Threads,
    #[command(flatten)]
    json: crate::args::Json,
}

/// `riffle`'s validated plan: every refusal is here.
struct RifflePlan {
    deck: usize,
    max: u32,
    shuffles: u64,
}

fn plan(args: &RiffleArgs) -> Result<RifflePlan> {
    Ok(RifflePlan {
        deck: within("deck size", args.deck.or_standard(), 2..=MAX_RIFFLE_DECK).map_err(|e| {
            e.purpose("riffles")
                .because("1/n! underflows a double above")
        })?,
        max: within("--max", args.max, 1..=MAX_MAX)?,
        shuffles: at_least_one("--shuffles", args.shuffles)?,
    })
}

pub(crate) fn run(args: &RiffleArgs) -> Result<u8> {
    let RifflePlan {
        deck,
        max,
        shuffles,
    } = plan(args)?;
    let start = Instant::now();
    let request = engine::riffle::Request {
        deck,
        max,
        shuffles,
        seed: args.seed.value,
    };
    let outcome = crate::common::with_threads(args.threads.count, || {
        let bar = crate::common::progress_bar(request.decks(), "riffled decks");
        let outcome = engine::riffle::run(request, &|k| {
            if let Some(b) = &bar {
                b.inc(k);
            }
        });
        if let Some(b) = bar {
            b.finish_and_clear();
        }
        outcome
    })?;
    let code = outcome.exit_code();
    let report = Standalone::new(
        outcome.report,
        Provenance::new(crate::common::command_line()),
        Some(start.elapsed().as_secs_f64()),
    );
    crate::output::print(&report, args.json.on)?;
    Ok(code)
}
