//! `shuffle-audit power`: from the exact law, how many shuffles it takes
//! to detect the bias.

use crate::args::Budget;
use crate::args::{AlgorithmArg, AlphaArg, DeckArg, PowerArg};
use crate::common::{PASS, command_line, find, limits_for, with_threads};
use crate::range::{NotAllowed, strictly_between_0_and_1, within};
use algorithms::registry::Entry;
use anyhow::{Context, Result, bail};
use clap::Args;
use judge::method::{NoPowerMethod, PowerBasis, PowerMethod, power_method};
use report::{Provenance, Standalone};
use stats::law::markov::MAX_MARKOV_DECK;
use stats::sample::MAX_HISTOGRAM_DECK;
use stats::{Limits, MAX_EXACT_DECK, exact_distribution_with};

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
    let report = match method {
        PowerMethod::Enumeration => power_by_enumeration(entry, args, alpha)?,
        PowerMethod::MarkovChain(swaps) => power_by_markov_chain(entry, &swaps, args, alpha)?,
    };
    let report = Standalone::new(report, Provenance::new(command_line()), None);
    crate::output::print(&report, args.json.on)?;
    Ok(PASS)
}

fn power_by_enumeration(
    entry: &algorithms::Entry,
    args: &PowerArgs,
    alpha: f64,
) -> Result<report::sampled::PowerReport> {
    let limits = limits_for(entry, args.budget.max_paths, Limits::default().max_paths);
    let what = format!("enumerating {} on {} cards", entry.id, args.deck.required());
    let law = with_threads(args.budget.threads.count, || {
        crate::common::while_working(&what, |progress| {
            exact_distribution_with(&entry.algorithm, args.deck.required(), &limits, progress)
        })
    })?
    .with_context(|| what.clone())?;
    if !law.is_complete() {
        bail!(
            "{} on {} cards has unexplored mass {:.2e}: power needs the complete law",
            entry.id,
            args.deck.required(),
            law.unexplored_mass()
        );
    }
    let plans = stats::hypothesis::audit::power_plan(&law, alpha, args.power.value);
    Ok(report::sampled::PowerReport {
        total_variation: Some(law.total_variation().lower),
        tests: plans,
        ..power_report(entry, args, alpha, PowerBasis::Enumeration)
    })
}

/// The fields every power report shares; the method fills in the rest.
fn power_report(
    entry: &algorithms::Entry,
    args: &PowerArgs,
    alpha: f64,
    method: PowerBasis,
) -> report::sampled::PowerReport {
    report::sampled::PowerReport {
        algorithm: entry.id.into(),
        deck: args.deck.required(),
        alpha,
        power: args.power.value,
        method,
        total_variation: None,
        divergence: None,
        tests: Vec::new(),
    }
}

fn power_by_markov_chain(
    entry: &algorithms::Entry,
    swaps: &algorithms::SwapShuffle,
    args: &PowerArgs,
    alpha: f64,
) -> Result<report::sampled::PowerReport> {
    let what = || {
        format!(
            "the position matrix of {} on {} cards",
            entry.id,
            args.deck.required()
        )
    };
    let law = with_threads(args.budget.threads.count, || -> Result<_> {
        let estimate = judge::pace::Estimate {
            unit: "rows",
            units: swaps.n as u128,
            seconds_each: stats::law::markov::seconds_per_row(swaps).with_context(what)?,
            workers: crate::common::workers(),
        };
        let bar = crate::common::before_long_job(
            &format!("{} by the Markov chain", what()),
            "--deck",
            estimate,
        )?;
        let law = stats::law::markov::position_law_with(swaps, &|k| {
            if let Some(b) = &bar {
                b.inc(k);
            }
        });
        if let Some(b) = bar {
            b.finish_and_clear();
        }
        law.with_context(what)
    })??;
    let plan = law.position_plan(alpha, args.power.value);
    Ok(report::sampled::PowerReport {
        divergence: stats::law::markov::ProductLaw::of(swaps)
            .map(|p| judge::positions::DivergenceInfo::of(&p, alpha, args.power.value)),
        tests: vec![plan],
        ..power_report(entry, args, alpha, PowerBasis::MarkovChain)
    })
}
