//! `shuffle-audit case`: one famous shuffle failure, its published figure
//! beside the suite's, computed now; the page the report shows.

use crate::args::SeedArg;
use crate::common::{BIAS, PASS};
use anyhow::Result;
use clap::Args;
use judge::cases::{CaseScale, CaseStanding};
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
    let case = crate::common::with_threads(args.threads.count, || {
        judge::cases::run(&args.id, &CaseScale::full(), args.seed.value)
    })??;
    let contradicted = case.standing == CaseStanding::Contradicted;
    let doc = Standalone::new(
        case,
        Provenance::new(crate::common::command_line()),
        Some(start.elapsed().as_secs_f64()),
    );
    crate::output::print(&doc, args.json.on)?;
    Ok(if contradicted { BIAS } else { PASS })
}
