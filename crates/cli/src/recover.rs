//! `shuffle-audit recover`: the state of V8's `Math.random()` (node,
//! Chrome) read back from the decks a Fisher–Yates loop dealt with it,
//! and the decks it deals next.

use crate::args::{DeckArg, STANDARD_DECK};
use crate::range::within;
use algorithms::{MAX_DECK, MIN_DECK};
use anyhow::{Context, Result};
use clap::Args;
use deck_lines::Base;
use report::{Provenance, Standalone};
use std::io::Read;
use std::time::Instant;

#[derive(Debug, Args)]
#[command(
    mut_arg("deck", |a| a.help(format!("Cards per deck, {MIN_DECK}..={MAX_DECK}, when only --seen is given (default {STANDARD_DECK}); the decks read set it otherwise"))),
)]
pub(crate) struct RecoverArgs {
    /// The decks dealt, in the order dealt, one per line (the array after
    /// the loop, its first element first: "39,43,42,…" as a.join(',')
    /// prints it, or a JSON array), from a file or - (standard input).
    #[arg(value_name = "DECKS")]
    input: Option<String>,
    #[command(flatten)]
    deck: DeckArg,
    /// Cards of a deal under way after those decks, in the order a.pop()
    /// deals them (the array's last element first), separated by spaces or
    /// commas: the loop fixes the end of the array first, so these are its
    /// first draws.
    #[arg(long, allow_hyphen_values = true)]
    seen: Option<String>,
    /// Card numbering: 0 or 1 (default: what the decks read hold, else 0).
    #[arg(long, value_name = "0|1", value_parser = crate::audit::parse_base)]
    base: Option<Base>,
    /// Decks to predict after the cards given, dealt back to back: 1..=1000.
    #[arg(long, default_value_t = engine::recover::DEFAULT_NEXT)]
    next: usize,
    /// The most states and predictions listed.
    #[arg(long, default_value_t = engine::recover::DEFAULT_CAP)]
    cap: usize,
    #[command(flatten)]
    threads: crate::args::Threads,
    #[command(flatten)]
    json: crate::args::Json,
}

/// `recover`'s request: the flags checked here, the cards given read and
/// checked by the engine ([`engine::recover::request`]).
fn plan(args: &RecoverArgs) -> Result<engine::recover::Request> {
    if let Some(d) = args.deck.cards {
        within("deck size", d, MIN_DECK..=MAX_DECK)?;
    }
    let next = within("--next", args.next, 1..=engine::recover::MAX_NEXT)?;
    let cap = within("--cap", args.cap, 1..=usize::MAX)?;
    let decks: Option<(String, Box<dyn Read>)> = match args.input.as_deref() {
        None => None,
        Some("-") => Some(("standard input".into(), Box::new(std::io::stdin()))),
        Some(path) => Some((
            path.into(),
            Box::new(std::fs::File::open(path).with_context(|| format!("opening {path}"))?),
        )),
    };
    Ok(engine::recover::request(engine::recover::Given {
        decks,
        seen: args.seen.clone(),
        deck: args.deck.cards,
        standard: STANDARD_DECK,
        base: args.base,
        next,
        cap,
    })?)
}

pub(crate) fn run(args: &RecoverArgs) -> Result<u8> {
    let request = plan(args)?;
    let start = Instant::now();
    let outcome =
        crate::common::with_threads(args.threads.count, || engine::recover::run(request))?;
    let code = outcome.exit_code();
    let report = Standalone::new(
        outcome.report,
        Provenance::new(crate::common::command_line()),
        Some(start.elapsed().as_secs_f64()),
    );
    crate::output::print(&report, args.json.on)?;
    Ok(code)
}
