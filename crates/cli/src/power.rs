//! `shuffle-audit power`: from the exact law, how many shuffles it takes
//! to detect the bias.

use crate::common::{Budget, PASS, command_line, find, limits_for, with_threads};
use crate::range::{NotAllowed, strictly_between_0_and_1, within};
use algorithms::registry::Entry;
use anyhow::{Context, Result, bail};
use clap::Args;
use judge::method::{NoPowerMethod, PowerBasis, PowerMethod, power_method};
use report::{Provenance, Standalone};
use stats::{Limits, MAX_EXACT_DECK, exact_distribution};

#[derive(Debug, Args)]
pub(crate) struct PowerArgs {
    /// Algorithm id (see `shuffle-audit list`).
    #[arg(long, short)]
    algorithm: String,
    /// Number of cards: 2..=10 for any enumerable algorithm (every test),
    /// up to 4096 for a swap-based one (the position test, from its exact
    /// position matrix).
    #[arg(long, short)]
    deck: usize,
    /// Significance level (default: the level at which one run is graded
    /// biased, 1e-12 over its tests: 3 with a permutation histogram, up to
    /// 10 cards; 7 with the battery and the collision test above).
    #[arg(long, allow_negative_numbers = true, value_parser = crate::range::parse_real)]
    alpha: Option<f64>,
    /// Probability of detection wanted (above the level, below 1).
    #[arg(long, default_value_t = 0.99, allow_negative_numbers = true, value_parser = crate::range::parse_real)]
    power: f64,
    #[command(flatten)]
    json: crate::common::Json,
    #[command(flatten)]
    budget: Budget,
}

/// `power`'s validated plan: the level, and the exact law it rests on.
struct PowerCommandPlan {
    entry: &'static Entry,
    alpha: f64,
    method: PowerMethod,
}

fn plan_power(args: &PowerArgs) -> Result<PowerCommandPlan> {
    let entry = find(&args.algorithm)?;
    // The level of a run large enough for every test at this deck size.
    let alpha = args
        .alpha
        .unwrap_or_else(|| judge::grade::detection_level(args.deck, u64::MAX));
    strictly_between_0_and_1("--alpha", alpha, "level")?;
    crate::range::power_above_level(args.power, alpha)?;
    // Small decks: the whole law, every test. Larger decks: the exact
    // position matrix of a swap-based shuffle, the position test.
    let method = match power_method(entry, args.deck) {
        Ok(m) => m,
        Err(NoPowerMethod::NotEnumerable(why)) => bail!(
            "{} cannot be enumerated exactly, so its power cannot be computed: {why}",
            entry.id
        ),
        Err(NoPowerMethod::TooLarge { max }) => {
            return Err(
                NotAllowed::new("deck size", args.deck, format!("2..={max}"))
                    .purpose(format!("power of {}", entry.id))
                    .into(),
            );
        }
    };
    if method == PowerMethod::Enumeration {
        within("deck size", args.deck, 2..=MAX_EXACT_DECK).map_err(|e| e.purpose("power"))?;
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
    let law = with_threads(args.budget.threads.count, || {
        exact_distribution(&entry.algorithm, args.deck, &limits)
    })?
    .with_context(|| format!("enumerating {} on {} cards", entry.id, args.deck))?;
    if !law.is_complete() {
        bail!(
            "{} on {} cards has unexplored mass {:.2e}: power needs the complete law",
            entry.id,
            args.deck,
            law.unexplored_mass()
        );
    }
    let plans = stats::hypothesis::audit::power_plan(&law, alpha, args.power);
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
        deck: args.deck,
        alpha,
        power: args.power,
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
    let law = with_threads(args.budget.threads.count, || {
        stats::law::markov::position_law(swaps)
    })?
    .with_context(|| format!("the position matrix of {} on {} cards", entry.id, args.deck))?;
    let plan = law.position_plan(alpha, args.power);
    Ok(report::sampled::PowerReport {
        divergence: stats::law::markov::ProductLaw::of(swaps)
            .map(|p| judge::positions::DivergenceInfo::of(&p, alpha, args.power)),
        tests: vec![plan],
        ..power_report(entry, args, alpha, PowerBasis::MarkovChain)
    })
}
