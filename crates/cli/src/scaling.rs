//! `shuffle-audit scaling`: the exact bias of each way of turning a
//! random word into an index, per draw and for a whole shuffle.

use crate::args::{AlphaArg, DeckArg, PowerArg, STANDARD_DECK};
use crate::range::{family_level, within};
use algorithms::{MAX_DECK, MIN_DECK};
use anyhow::Result;
use clap::Args;
use report::{Provenance, Standalone};
use std::time::Instant;

#[derive(Debug, Args)]
#[command(
    mut_arg("deck", |a| a.help(format!("Number of cards, {MIN_DECK}..={MAX_DECK} (default {STANDARD_DECK})"))),
    mut_arg("alpha", |a| a.help(format!(
        "Level for the shuffles a test needs (family-wise, as `audit`'s; default {})",
        report::fmt::fmt_level(judge::grade::AUDIT_ALPHA)
    ))),
    mut_arg("power", |a| a.help("Probability of detection for the shuffles a test needs (above ALPHA, below 1)")),
)]
pub(crate) struct ScalingArgs {
    /// Bits of each random word, 8..=64 (C's rand() on Windows: 15; most
    /// generators: 32 or 64; Math.random(): 53).
    #[arg(long, short)]
    bits: u32,
    #[command(flatten)]
    deck: DeckArg,
    #[command(flatten)]
    alpha: AlphaArg,
    #[command(flatten)]
    power: PowerArg,
    #[command(flatten)]
    json: crate::args::Json,
}

pub(crate) fn run(args: &ScalingArgs) -> Result<u8> {
    let bits = within("--bits", args.bits, studies::scaling::BITS)?;
    let deck = within("deck size", args.deck.or_standard(), MIN_DECK..=MAX_DECK)?;
    let alpha = family_level("--alpha", args.alpha.or(judge::grade::AUDIT_ALPHA))?;
    let power = crate::range::power_above_level(args.power.value, alpha)?;
    let start = Instant::now();
    let outcome = engine::scaling::run(engine::scaling::Request {
        bits,
        deck,
        alpha,
        power,
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
