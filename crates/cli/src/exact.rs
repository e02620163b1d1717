//! `shuffle-audit exact`: the exact law of one algorithm on one deck, or
//! the exact position matrix of a swap-based one on a real deck.

use crate::args::Budget;
use crate::args::{AlgorithmArg, DeckArg};
use crate::common::{command_line, find, with_threads};
use anyhow::Result;
use clap::Args;
use judge::method::{ExactPlan, Requested};
use report::{Provenance, Standalone};
use stats::law::markov::exact::MAX_EXACT_MARKOV_DECK;
use stats::law::merge::MAX_MERGE_DECK;
use std::time::Instant;

#[derive(Debug, Args)]
#[command(mut_arg("deck", |a| a.required(true).help(format!(
    "Number of cards: 1..={} by brute force, 1..={MAX_MERGE_DECK} by state merging ({MAX_MERGE_DECK} only when asked for: minutes and 12 GB), 1..={MAX_EXACT_MARKOV_DECK} by the Markov chain (position matrix only)",
    stats::MAX_EXACT_DECK
))))]
pub(crate) struct ExactArgs {
    #[command(flatten)]
    algorithm: AlgorithmArg,
    #[command(flatten)]
    deck: DeckArg,
    /// How to compute the law: `auto` picks the cheapest method that applies
    /// (state merging and the Markov chain need a swap-based shuffle) and
    /// the output says which.
    #[arg(long, value_enum, default_value_t = ExactMethod::Auto)]
    method: ExactMethod,
    #[command(flatten)]
    json: crate::args::Json,
    /// Also write every arrangement's exact weight to a new file, streamed:
    /// `*.csv` (rank, arrangement, weight) or `*.bin` (little-endian
    /// integers in lexicographic order). Never replaces a file.
    #[arg(long, value_name = "FILE")]
    table: Option<std::path::PathBuf>,
    #[command(flatten)]
    budget: Budget,
    #[command(flatten)]
    memory: crate::args::MaxMemory,
}

/// The exact methods `exact --method` can force.
#[derive(Clone, Copy, Debug, PartialEq, Eq, clap::ValueEnum)]
enum ExactMethod {
    /// The whole law by the cheaper of brute force and state merging where
    /// one applies, else the Markov chain.
    Auto,
    /// Walk every path (any enumerable algorithm, up to 10 cards).
    BruteForce,
    /// Carry one weight per arrangement from step to step (swap-based
    /// shuffles, up to 12 cards; `auto` stops at 11).
    StateMerging,
    /// Carry one card's position from step to step: the exact position
    /// matrix, not the whole law (swap-based shuffles, up to 256 cards).
    MarkovChain,
}

pub(crate) fn run(args: &ExactArgs) -> Result<u8> {
    let entry = find(&args.algorithm.id)?;
    let plan = engine::exact::plan(&engine::exact::Asked {
        entry,
        deck: args.deck.required(),
        requested: match args.method {
            ExactMethod::Auto => Requested::Auto,
            ExactMethod::BruteForce => Requested::BruteForce,
            ExactMethod::StateMerging => Requested::StateMerging,
            ExactMethod::MarkovChain => Requested::MarkovChain,
        },
        threads: with_threads(args.budget.threads.count, rayon::current_num_threads)?,
        max_memory: args.memory.bytes,
        json: args.json.on,
        names: engine::exact::Names::COMMAND_LINE,
    })?;
    let mut table = None;
    if let Some(path) = &args.table {
        if matches!(plan, ExactPlan::Chain(_)) {
            let max = stats::law::merge::MAX_MERGE_DECK;
            anyhow::bail!(
                "--table needs the whole law, and the Markov chain gives the position matrix only: {}",
                if args.deck.required() <= max {
                    format!(
                        "at {} cards ask for it with --method state-merging",
                        args.deck.required()
                    )
                } else {
                    format!("state merging gives it up to {max} cards")
                }
            );
        }
        // Reserved now, before the law is computed: a bad name or folder
        // is refused before any work.
        table = Some(report::table::PendingTable::reserve(path)?);
    }
    let limits = engine::exact::limits(entry, args.budget.max_paths);
    let start = Instant::now();
    let deck = args.deck.required();
    let request = engine::exact::Request {
        entry,
        deck,
        plan,
        limits,
    };
    let outcome = with_threads(args.budget.threads.count, || {
        crate::common::while_working(
            &format!("computing {} on {deck} cards exactly", entry.id),
            |progress| engine::exact::run(request, progress),
        )
    })??;
    let code = outcome.exit_code();
    let seconds = start.elapsed().as_secs_f64();
    let (mut document, law) = match outcome {
        engine::exact::Outcome::Chain { report, .. } => {
            let report = Standalone::new(*report, Provenance::new(command_line()), Some(seconds));
            crate::output::print(&report, args.json.on)?;
            return Ok(code);
        }
        engine::exact::Outcome::Law { report, law } => (*report, law),
    };
    if let Some(table) = table {
        document.table = Some(table.write(&law)?);
    }
    let report = Standalone::new(document, Provenance::new(command_line()), Some(seconds));
    crate::output::print(&report, args.json.on)?;
    Ok(code)
}
