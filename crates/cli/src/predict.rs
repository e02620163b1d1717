//! `shuffle-audit predict`: for a shuffle reseeded from a small seed for
//! every deal, every seed whose deck starts with the cards seen.

use crate::args::{AlgorithmArg, DeckArg, STANDARD_DECK};
use crate::range::within;
use algorithms::{MAX_DECK, MIN_DECK};
use anyhow::{Result, bail};
use clap::Args;
use report::{Provenance, Standalone};
use std::ops::Range;
use std::time::Instant;

#[derive(Debug, Args)]
#[command(
    mut_arg("deck", |a| a.help(format!("Number of cards, {MIN_DECK}..={MAX_DECK} (default {STANDARD_DECK})"))),
)]
pub(crate) struct PredictArgs {
    #[command(flatten)]
    algorithm: AlgorithmArg,
    #[command(flatten)]
    deck: DeckArg,
    /// The cards seen, in the order dealt (the deck's first positions),
    /// separated by spaces or commas: "12 40 3 27 8"; for a deck whose
    /// cards have names (freecell), names as well: "JD 2D 9H".
    #[arg(long, allow_hyphen_values = true)]
    seen: String,
    /// Card numbering of --seen and of the decks printed: 0 or 1.
    #[arg(long, value_name = "0|1", value_parser = crate::audit::parse_base, default_value = "0")]
    base: deck_lines::Base,
    /// Seeds to search, A..B (B excluded), within 0..4294967296 (Java's:
    /// 0..2^63); Unix times in seconds for the time-seeded shuffles, in
    /// milliseconds for Java's. Default: the shuffle's own seeds (the day
    /// it models for the time-seeded ones; for .NET's tick count, the first
    /// day after the machine started).
    #[arg(long, value_name = "A..B")]
    seeds: Option<String>,
    /// The most seeds listed with their decks.
    #[arg(long, default_value_t = 20)]
    cap: usize,
    /// Search even a range estimated to take over an hour (the estimate
    /// times the range's first seeds on this machine).
    #[arg(long)]
    force: bool,
    #[command(flatten)]
    threads: crate::args::Threads,
    #[command(flatten)]
    json: crate::args::Json,
}

/// `predict`'s validated plan: every refusal is here.
struct PredictPlan {
    seeded: algorithms::Seeded,
    id: &'static str,
    deck: usize,
    seen: Vec<u8>,
    first: u8,
    /// Whether the cards have names (a 52-card FreeCell deal).
    named: bool,
    seeds: Range<u64>,
}

fn plan(args: &PredictArgs) -> Result<PredictPlan> {
    let entry = crate::common::find(&args.algorithm.id)?;
    let Some(seeded) = entry.algorithm.seeded() else {
        let ids: Vec<&str> = algorithms::registry::REGISTRY
            .iter()
            .filter(|e| e.algorithm.seeded().is_some())
            .map(|e| e.id)
            .collect();
        bail!(
            "{} draws more than one seed, so its decks cannot be predicted from a seed: use one of {}",
            entry.id,
            ids.join(", ")
        );
    };
    let deck = within("deck size", args.deck.or_standard(), MIN_DECK..=MAX_DECK)?;
    let first = args.base.first() as u8;
    let named = seeded.card_names() && deck == 52;
    let seen = deck_lines::SeenCards {
        deck,
        base: args.base,
        names: named.then_some(algorithms::published::parse_card_name as fn(&str) -> Option<u8>),
        names_elsewhere: seeded.card_names(),
    }
    .parse(&args.seen)?;
    if seen.is_empty() {
        bail!("--seen lists no card: give the cards dealt so far, \"12 40 3\"");
    }
    let seeds = match &args.seeds {
        None => seeded.default_search(),
        Some(text) => parse_seeds(text, seeded.seed_end())?,
    };
    Ok(PredictPlan {
        seeded,
        id: entry.id,
        deck,
        seen,
        first,
        named,
        seeds,
    })
}

/// `A..B` within `0..end`, `A < B`.
fn parse_seeds(text: &str, end: u64) -> Result<Range<u64>> {
    let bad = || {
        anyhow::anyhow!(
            "--seeds {text:?} is not a range of seeds: use A..B (B excluded) with 0 <= A < B <= {end}"
        )
    };
    let (a, b) = text.split_once("..").ok_or_else(bad)?;
    let a: u64 = a.trim().parse().map_err(|_| bad())?;
    let b: u64 = b.trim().parse().map_err(|_| bad())?;
    if a >= b || b > end {
        return Err(bad());
    }
    Ok(a..b)
}

/// The longest search `predict` starts without `--force`.
const LONGEST_SEARCH_SECONDS: f64 = 3600.0;

/// The seeds timed for the estimate of a search's time.
const TIMED_SEEDS: u64 = 1 << 18;

/// Refuses a search estimated to take over [`LONGEST_SEARCH_SECONDS`],
/// before it starts: the first [`TIMED_SEEDS`] seeds of the range are
/// timed on one thread, and the rest taken to go as fast on each worker.
fn refuse_a_search_too_long(p: &PredictPlan, threads: usize) -> Result<()> {
    let total = p.seeds.end - p.seeds.start;
    if total <= TIMED_SEEDS.saturating_mul(threads as u64) {
        return Ok(());
    }
    let rate =
        studies::predict::seeds_per_second(p.seeded, p.deck, &p.seen, p.seeds.clone(), TIMED_SEEDS)
            * threads as f64;
    let seconds = total as f64 / rate;
    if seconds > LONGEST_SEARCH_SECONDS {
        bail!(
            "--seeds {}..{}: {} seeds would take {} on {threads} thread{} ({} seeds a second, timed on the first {}); a search over an hour needs --force, or narrow the range",
            p.seeds.start,
            p.seeds.end,
            report::fmt::fmt_count(total),
            about(seconds),
            if threads == 1 { "" } else { "s" },
            report::fmt::fmt_count(rate.round() as u64),
            report::fmt::fmt_count(TIMED_SEEDS),
        );
    }
    Ok(())
}

/// A long time in words: "about 3.2 hours", "about 53,000 years".
fn about(seconds: f64) -> String {
    const UNITS: [(f64, &str); 4] = [
        (365.25 * 86_400.0, "year"),
        (86_400.0, "day"),
        (3_600.0, "hour"),
        (60.0, "minute"),
    ];
    let (size, unit) = UNITS
        .into_iter()
        .find(|&(size, _)| seconds >= size)
        .unwrap_or((1.0, "second"));
    let x = seconds / size;
    // Two significant figures.
    let digits = x.log10().floor() as i32;
    let step = 10f64.powi(digits - 1);
    let rounded = (x / step).round() * step;
    let s = if rounded == 1.0 { "" } else { "s" };
    if rounded >= 100.0 {
        format!("about {} {unit}{s}", report::fmt::fmt_count(rounded as u64))
    } else {
        format!("about {} {unit}{s}", (rounded * 10.0).round() / 10.0)
    }
}

pub(crate) fn run(args: &PredictArgs) -> Result<u8> {
    let p = plan(args)?;
    if !args.force {
        let threads = crate::common::with_threads(args.threads.count, rayon::current_num_threads)?;
        refuse_a_search_too_long(&p, threads)?;
    }
    let start = Instant::now();
    let bar = crate::common::progress_bar(p.seeds.end - p.seeds.start, "seeds");
    let request = engine::predict::Request {
        seeded: p.seeded,
        id: p.id.into(),
        deck: p.deck,
        seen: p.seen,
        base: p.first,
        named: p.named,
        seeds: p.seeds,
        cap: args.cap,
    };
    let outcome = crate::common::with_threads(args.threads.count, || {
        engine::predict::run(request, &|k| {
            if let Some(b) = &bar {
                b.inc(k);
            }
        })
    })?;
    if let Some(b) = bar {
        b.finish_and_clear();
    }
    let code = outcome.exit_code();
    let report = Standalone::new(
        outcome.report,
        Provenance::new(crate::common::command_line()),
        Some(start.elapsed().as_secs_f64()),
    );
    crate::output::print(&report, args.json.on)?;
    Ok(code)
}

#[cfg(test)]
mod tests {
    use super::about;

    #[test]
    fn long_times_are_said_in_their_unit_to_two_figures() {
        assert_eq!(about(45.0), "about 45 seconds");
        assert_eq!(about(3_600.0 * 3.24), "about 3.2 hours");
        assert_eq!(about(86_400.0 * 9.96), "about 10 days");
        assert_eq!(about(365.25 * 86_400.0 * 53_123.0), "about 53,000 years");
        assert_eq!(about(61.0), "about 1 minute");
        assert_eq!(about(0.5), "about 0.5 seconds");
    }
}
