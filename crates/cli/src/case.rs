//! `shuffle-audit case`: one famous shuffle failure, its published figure
//! beside the suite's, computed now; the page the report shows.

use crate::args::SeedArg;
use anyhow::Result;
use clap::Args;
use report::{Provenance, Standalone};
use std::time::Instant;

#[derive(Debug, Args)]
#[command(mut_arg("seed", |a| a.help("Seed of the sampled figures (Bostock's matrix)")))]
pub(crate) struct CaseArgs {
    /// The case.
    #[arg(value_parser = clap::builder::PossibleValuesParser::new(judge::cases::case_ids()))]
    id: String,
    #[command(flatten)]
    seed: SeedArg,
    #[command(flatten)]
    threads: crate::args::Threads,
    #[command(flatten)]
    json: crate::args::Json,
}

/// Exit 0 when the suite's figure reproduces or is consistent with the
/// published one, or there is nothing to compare; 1 when it contradicts it.
pub(crate) fn run(args: &CaseArgs) -> Result<u8> {
    let start = Instant::now();
    let outcome = crate::common::with_threads(args.threads.count, || {
        engine::case::run(&args.id, args.seed.value)
    })??;
    let code = outcome.exit_code();
    let doc = Standalone::new(
        outcome.report,
        Provenance::new(crate::common::command_line()),
        Some(start.elapsed().as_secs_f64()),
    );
    crate::output::print(&doc, args.json.on)?;
    Ok(code)
}
