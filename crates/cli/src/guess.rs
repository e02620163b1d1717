//! `shuffle-audit guess`: what a bias is worth to a card player who knows
//! the shuffle: the cards guessed right, going through the deck.

use crate::args::{AlgorithmArg, DeckArg, STANDARD_DECK, SeedArg};
use crate::range::{at_least, within};
use algorithms::{MAX_DECK, MIN_DECK};
use anyhow::Result;
use clap::Args;
use judge::guess::MIN_SCORED;
use report::{Provenance, Standalone};
use std::time::Instant;

#[derive(Debug, Args)]
#[command(
    mut_arg("deck", |a| a.help(format!("Number of cards, {MIN_DECK}..={MAX_DECK} (default {STANDARD_DECK})"))),
    mut_arg("seed", |a| a.help("Seed of the decks it is scored on (a matrix that must be sampled is sampled with the next seed)"))
)]
pub(crate) struct GuessArgs {
    #[command(flatten)]
    algorithm: AlgorithmArg,
    #[command(flatten)]
    deck: DeckArg,
    /// Decks the strategy is scored on, where no exact figure is possible
    /// (1000 or more).
    #[arg(long, short = 'n', default_value_t = 1_000_000)]
    shuffles: u64,
    #[command(flatten)]
    seed: SeedArg,
    #[command(flatten)]
    threads: crate::args::Threads,
    #[command(flatten)]
    json: crate::args::Json,
}

pub(crate) fn run(args: &GuessArgs) -> Result<u8> {
    let entry = crate::common::find(&args.algorithm.id)?;
    let n = within("deck size", args.deck.or_standard(), MIN_DECK..=MAX_DECK)?;
    let shuffles = at_least("--shuffles", args.shuffles, MIN_SCORED)
        .map_err(|e| e.because("the 99 % confidence interval of a sampled score rests on them"))?;
    let start = Instant::now();
    let request = engine::guess::Request {
        entry,
        deck: n,
        shuffles,
        seed: args.seed.value,
    };
    let outcome = crate::common::with_threads(args.threads.count, || -> Result<_> {
        let sampling = match engine::guess::start(request) {
            engine::guess::Start::Exact(outcome) => return Ok(outcome),
            engine::guess::Start::Sampling(sampling) => sampling,
        };
        let bar = crate::common::before_long_job(
            &if sampling.samples_its_matrix() {
                format!(
                    "sampling a position matrix on {shuffles} decks of {n} cards and scoring its strategy on as many"
                )
            } else {
                format!("scoring a strategy on {shuffles} decks of {n} cards")
            },
            "--shuffles",
            sampling.estimate(crate::common::workers()),
        )?;
        let tick = |k: u64| {
            if let Some(b) = &bar {
                b.inc(k);
            }
        };
        let outcome = sampling.run(&tick);
        if let Some(b) = bar {
            b.finish_and_clear();
        }
        Ok(outcome)
    })??;
    let code = outcome.exit_code();
    let report = Standalone::new(
        outcome.report,
        Provenance::new(crate::common::command_line()),
        Some(start.elapsed().as_secs_f64()),
    );
    crate::output::print(&report, args.json.on)?;
    Ok(code)
}
