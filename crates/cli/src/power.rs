//! `shuffle-audit power`: from the exact law, how many shuffles it takes
//! to detect the bias.

use crate::args::Budget;
use crate::args::{AlgorithmArg, AlphaArg, DeckArg, PowerArg};
use crate::common::{command_line, find, with_threads};
use crate::range::{NotAllowed, strictly_between_0_and_1, within};
use algorithms::registry::Entry;
use anyhow::{Result, bail};
use clap::Args;
use judge::method::{NoPowerMethod, PowerMethod, power_method};
use report::{Provenance, Standalone};
use stats::MAX_EXACT_DECK;
use stats::law::markov::MAX_MARKOV_DECK;
use stats::sample::MAX_HISTOGRAM_DECK;

#[derive(Debug, Args)]
#[command(
    mut_arg("deck", |a| a.required(true).help(format!(
        "Number of cards: 2..={MAX_EXACT_DECK} for any enumerable algorithm (every test), up to {MAX_MARKOV_DECK} for a swap-based one (the position test, from its exact position matrix)"
    ))),
    mut_arg("alpha", |a| a.help(format!(
        "Significance level (default: the level at which one run is graded biased, {} over its tests: {} with a permutation histogram, up to {MAX_HISTOGRAM_DECK} cards; {} with the battery and the collision test above)",
        report::fmt::fmt_level(judge::grade::BIASED_BELOW),
        stats::hypothesis::audit::tests_planned(MAX_HISTOGRAM_DECK, u64::MAX),
        stats::hypothesis::audit::tests_planned(crate::args::STANDARD_DECK, u64::MAX),
    )))
)]
pub(crate) struct PowerArgs {
    #[command(flatten)]
    algorithm: AlgorithmArg,
    #[command(flatten)]
    deck: DeckArg,
    #[command(flatten)]
    alpha: AlphaArg,
    #[command(flatten)]
    power: PowerArg,
    #[command(flatten)]
    json: crate::args::Json,
    #[command(flatten)]
    budget: Budget,
    #[command(flatten)]
    memory: crate::args::MaxMemory,
}

/// `power`'s validated plan: the level, and the exact law it rests on.
struct PowerCommandPlan {
    entry: &'static Entry,
    alpha: f64,
    method: PowerMethod,
}

fn plan_power(args: &PowerArgs) -> Result<PowerCommandPlan> {
    let entry = find(&args.algorithm.id)?;
    // The level of a run large enough for every test at this deck size.
    let alpha = args
        .alpha
        .value
        .unwrap_or_else(|| judge::grade::detection_level(args.deck.required(), u64::MAX));
    strictly_between_0_and_1("--alpha", alpha, "level")?;
    crate::range::power_above_level(args.power.value, alpha)?;
    // Small decks: the whole law, every test. Larger decks: the exact
    // position matrix of a swap-based shuffle, the position test.
    let method = match power_method(entry, args.deck.required()) {
        Ok(m) => m,
        Err(NoPowerMethod::NotEnumerable(why)) => bail!(
            "{} cannot be enumerated exactly, so its power cannot be computed: {why}",
            entry.id
        ),
        Err(NoPowerMethod::TooLarge { max }) => {
            return Err(
                NotAllowed::new("deck size", args.deck.required(), format!("2..={max}"))
                    .purpose(format!("power of {}", entry.id))
                    .into(),
            );
        }
    };
    if method == PowerMethod::Enumeration {
        within("deck size", args.deck.required(), 2..=MAX_EXACT_DECK)
            .map_err(|e| e.purpose("power"))?;
    }
    Ok(PowerCommandPlan {
        entry,
        alpha,
        method,
    })
}

pub(crate) fn run(args: &PowerArgs) -> Result<u8> {
    let PowerCommandPlan {
        entry,
        alpha,
        method,
    } = plan_power(args)?;
    // Refused before anything is allocated when the law does not fit.
    let threads = with_threads(args.budget.threads.count, rayon::current_num_threads)?;
    judge::memory::fits(
        method.words(),
        args.deck.required(),
        judge::memory::MemoryLimit::least(args.memory.bytes),
        |d| method.peak_bytes(entry, d, threads) + judge::memory::PROGRAM_BYTES,
    )?;
    let deck = args.deck.required();
    let request = engine::power::Request {
        entry,
        deck,
        alpha,
        power: args.power.value,
        method,
        limits: engine::exact::limits(entry, args.budget.max_paths),
    };
    let outcome = with_threads(args.budget.threads.count, || -> Result<_> {
        let bar = match request.estimate(crate::common::workers())? {
            Some(estimate) => crate::common::before_long_job(
                &format!(
                    "the position matrix of {} on {deck} cards by the Markov chain",
                    entry.id
                ),
                "--deck",
                estimate,
            )?,
            None => None,
        };
        let rows = |k: u64| {
            if let Some(b) = &bar {
                b.inc(k);
            }
        };
        let outcome = crate::common::while_working(
            &format!("enumerating {} on {deck} cards", entry.id),
            |progress| engine::power::run(request, progress, &rows),
        );
        if let Some(b) = bar {
            b.finish_and_clear();
        }
        Ok(outcome?)
    })??;
    let code = outcome.exit_code();
    let report = Standalone::new(outcome.report, Provenance::new(command_line()), None);
    crate::output::print(&report, args.json.on)?;
    Ok(code)
}
