//! `shuffle-audit scaling`: the exact bias of each way of turning a
//! random word into an index, per draw and for a whole shuffle.

use crate::common::PASS;
use crate::range::{strictly_between_0_and_1, within};
use anyhow::Result;
use clap::Args;
use report::sampled::ScalingReport;
use report::{Provenance, Standalone};
use stats::sample::MAX_SAMPLE_DECK;
use std::time::Instant;

#[derive(Debug, Args)]
pub(crate) struct ScalingArgs {
    /// Bits of each random word, 8..=64 (C's rand() on Windows: 15; most
    /// generators: 32 or 64; Math.random(): 53).
    #[arg(long, short)]
    bits: u32,
    /// Number of cards, 2..=255.
    #[arg(long, short, default_value_t = 52)]
    deck: usize,
    /// Level for the shuffles a test needs (family-wise, as `audit`'s).
    #[arg(long, default_value_t = judge::grade::AUDIT_ALPHA, allow_negative_numbers = true, value_parser = crate::range::parse_real)]
    alpha: f64,
    /// Probability of detection for the shuffles a test needs (above
    /// ALPHA, below 1).
    #[arg(long, default_value_t = 0.99, allow_negative_numbers = true, value_parser = crate::range::parse_real)]
    power: f64,
    #[command(flatten)]
    json: crate::common::Json,
}

pub(crate) fn run(args: &ScalingArgs) -> Result<u8> {
    let bits = within("--bits", args.bits, studies::scaling::BITS)?;
    let deck = within("deck size", args.deck, 2..=MAX_SAMPLE_DECK)?;
    let alpha = strictly_between_0_and_1("--alpha", args.alpha, "level")?;
    let power = crate::range::power_above_level(args.power, alpha)?;
    let start = Instant::now();
    let methods = studies::scaling::bias(bits, deck, alpha, power)?;
    let report = Standalone::new(
        ScalingReport {
            bits,
            deck,
            alpha,
            power,
            methods,
        },
        Provenance::new(crate::common::command_line()),
        Some(start.elapsed().as_secs_f64()),
    );
    crate::output::print(&report, args.json.on)?;
    Ok(PASS)
}
