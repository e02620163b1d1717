//! `shuffle-audit audit`: tests decks that another program dealt, read one
//! per line from a file or standard input.

use crate::args::{AlphaArg, DeckArg};
use crate::range::{family_level, within};
use algorithms::{MAX_DECK, MIN_DECK};
use anyhow::{Context, Result};
use clap::Args;
use deck_lines::VOTE_LINES;
use deck_lines::{Base, Decklist, ReadError};
use report::{Provenance, Standalone};
use report_folder::ReportFolder;
use stats::hypothesis::shoe::MAX_SHOE_DECKS;
use std::io::BufReader;
use std::time::Instant;

mod read;
mod stream;

use engine::audit::{AuditError, Audited};
use read::read;
use stream::{follow, single};

#[derive(Debug, Args)]
#[command(
    mut_arg("deck", |a| a.help(format!(
        "Cards per deck (default: the length of most of the first {VOTE_LINES} lines; lines of another length are invalid)"
    ))),
    mut_arg("alpha", |a| a.help(format!(
        "Family-wise false-alarm probability: exit 1 when the smallest Bonferroni-adjusted p-value of all the tests is below it, so a fair source is flagged with probability at most ALPHA. Standards ask for 0.05 (95 % confidence) or 0.01 (99 %); the default, {}, flags a fair source about once in {} audits ({} with --single); at least {}, the smallest p-value the tests mean",
        report::fmt::fmt_level(judge::grade::AUDIT_ALPHA),
        report::fmt::fmt_count((1.0 / judge::grade::AUDIT_ALPHA).round() as u64),
        report::fmt::fmt_level(judge::single::SINGLE_ALPHA),
        report::fmt::fmt_level(judge::grade::SMALLEST_LEVEL),
    ))),
)]
pub(crate) struct AuditArgs {
    /// File of decks, one per line (`-` for standard input): integers
    /// separated by spaces or commas, or a JSON array, cards numbered from
    /// 0 or from 1. Lines whose cards are names or repeat (`Forest Island
    /// Forest Opt ...`) are decklists.
    #[arg(value_name = "FILE")]
    input: String,
    #[command(flatten)]
    deck: DeckArg,
    /// Card numbering: 0 or 1 (default: the one most of the first lines
    /// are valid decks in: a 0-based deck holds 0, a 1-based one holds n).
    #[arg(long, value_name = "0|1", value_parser = parse_base)]
    base: Option<Base>,
    #[arg(long, help = format!(
        "Count invalid lines and go on, instead of stopping at the first (up to {} in a row with no deck among them: then the input is not decks, and the read stops)",
        deck_lines::MAX_INVALID_RUN
    ))]
    skip_invalid: bool,
    #[command(flatten)]
    alpha: AlphaArg,
    /// The decks are not in the order they were dealt (sorted, merged from
    /// several tables): skip the tests of consecutive decks.
    #[arg(long)]
    unordered: bool,
    /// Also write certificate.md and certificate.json to this folder (new,
    /// empty, or written by an earlier audit): the input's SHA-256, the
    /// command, every test with its level, and the verdict.
    #[arg(long, value_name = "DIR")]
    out: Option<std::path::PathBuf>,
    /// Watch an endless stream (a production log through a pipe): stop
    /// with exit 1 at the first line where the evidence of bias reaches
    /// 1/ALPHA (see --monitor for what that guarantees); at the end of
    /// input, exit 0 with the evidence reached. Give --deck and --base to
    /// start at the first line. Decks of distinct cards only: decklists
    /// and shoes are refused. One thread reads and judges the lines in
    /// order (no --threads).
    #[arg(long, conflicts_with_all = ["unordered", "out", "shoe", "threads"])]
    follow: bool,
    /// With --follow: `detect` watches for a change: a fair stream runs at
    /// least 1/ALPHA decks on average before a false alarm, and a shuffle
    /// that breaks after any history (a month of fair deals) is caught
    /// about as fast as on a fresh stream. `test` is one test of the whole
    /// stream, for a finite audit: a false alarm with probability at most
    /// ALPHA however long it runs, but a late break is caught slowly.
    #[arg(long, value_enum, default_value_t = MonitorMode::Detect, requires = "follow")]
    monitor: MonitorMode,
    /// Each line is a shoe of K decks shuffled together: every card of a
    /// deck appears K times (a 6-deck shoe of 52-card decks: 312 cards,
    /// 0..51 six times each). --deck then gives the cards of one deck.
    /// Tested: each value at each position, descents, repeats of a value,
    /// repeated shoes, and consecutive shoes; 1 is a plain deck.
    #[arg(long, value_name = "K")]
    shoe: Option<usize>,
    /// Read each line as a decklist with these cards, each with its copies
    /// (`Forest:9,Island:8,Bolt:4`), instead of the composition most of the
    /// first lines have. Lines whose cards are names, or repeat, are read
    /// as decklists without it.
    #[arg(long, value_name = "NAME:COPIES,...", value_parser = parse_composition, conflicts_with_all = ["shoe", "base", "follow"])]
    composition: Option<Decklist>,
    /// A named group of a decklist's cards (`land=Forest,Island,Mountain`),
    /// tested for clumping (cards of the group side by side) and for its
    /// cards in the opening hand, each against its exact law. Repeat for
    /// several groups.
    #[arg(long, value_name = "NAME=CARD,...", value_parser = parse_group, conflicts_with_all = ["shoe", "follow"])]
    group: Vec<(String, Vec<String>)>,
    #[arg(long, value_name = "HAND", conflicts_with_all = ["shoe", "follow"], help = format!(
        "The opening hand of a decklist, in cards: the first HAND cards of each deck (default {}, or one card fewer than the deck)",
        judge::decklist::DEFAULT_HAND
    ))]
    hand: Option<usize>,
    #[arg(long, conflicts_with_all = ["shoe", "composition", "group", "hand", "follow", "unordered", "out", "deck", "base", "threads"], help = format!(
        "Each line is one draw (a lottery's or a draft's drawn order: a permutation of 0..n or 1..n, any n up to {}), judged alone against the order its items were listed in: Spearman's rho, Kendall's tau, runs up and down, the longest increasing run. Lines starting with # are comments. The level defaults to {} here. One thread reads and judges the draws (no --threads)",
        report::fmt::fmt_count(deck_lines::MAX_DRAW_ITEMS as u64),
        report::fmt::fmt_level(judge::single::SINGLE_ALPHA)
    ))]
    single: bool,
    #[command(flatten)]
    threads: crate::args::Threads,
    #[command(flatten)]
    json: crate::args::Json,
}

/// `--monitor`: what the alarm of `--follow` guarantees.
#[derive(Clone, Copy, Debug, PartialEq, Eq, clap::ValueEnum)]
pub(crate) enum MonitorMode {
    /// A change detector (average run length to a false alarm ≥ 1/ALPHA).
    Detect,
    /// One test of the whole stream (false alarm ≤ ALPHA).
    Test,
}

impl From<MonitorMode> for stats::hypothesis::follow::Mode {
    fn from(m: MonitorMode) -> Self {
        match m {
            MonitorMode::Detect => stats::hypothesis::follow::Mode::Detect,
            MonitorMode::Test => stats::hypothesis::follow::Mode::Test,
        }
    }
}

pub(crate) fn parse_composition(s: &str) -> Result<Decklist, String> {
    Decklist::parse(s).map_err(|e| e.to_string())
}

/// `NAME=CARD,CARD,…`, the cards named as in a line of names separated
/// by commas ([`deck_lines::split_names`]).
fn parse_group(s: &str) -> Result<(String, Vec<String>), String> {
    let not_a_group =
        || format!("{s:?} is not NAME=CARD,CARD,... (for example land=Forest,Island)");
    let (name, cards) = s.split_once('=').ok_or_else(not_a_group)?;
    let cards = deck_lines::split_names(cards).map_err(|e| format!("{}: {e}", not_a_group()))?;
    if name.trim().is_empty() {
        return Err(not_a_group());
    }
    Ok((name.trim().to_string(), cards))
}

pub(crate) fn parse_base(s: &str) -> Result<Base, String> {
    match s {
        "0" => Ok(Base::Zero),
        "1" => Ok(Base::One),
        _ => Err(format!("{s:?} is not a numbering: use 0 or 1")),
    }
}

/// `audit`'s validated plan: every refusal made before a line is read.
struct AuditPlan<'a> {
    /// The file, or `None` for standard input.
    file: Option<&'a str>,
    /// Cards per deck, when given.
    deck: Option<usize>,
    /// Card numbering, when given.
    base: Option<Base>,
    /// The family-wise level.
    alpha: f64,
    /// Decks per shoe: 1 for plain decks.
    copies: usize,
}

impl AuditPlan<'_> {
    /// The input as messages name it.
    fn name(&self) -> &str {
        self.file.unwrap_or("standard input")
    }

    /// The input, unbuffered.
    fn open(&self) -> Result<Box<dyn std::io::Read + Send>> {
        Ok(match self.file {
            None => Box::new(std::io::stdin()),
            Some(path) => {
                Box::new(std::fs::File::open(path).with_context(|| format!("opening {path}"))?)
            }
        })
    }
}

/// A read error as one line naming the input; a bad line says how to go
/// on past it.
fn read_error(name: &str, skip_invalid: bool, e: ReadError) -> anyhow::Error {
    match e {
        ReadError::Line { .. } if !skip_invalid => {
            anyhow::anyhow!("{name}: {e} (--skip-invalid counts bad lines instead)")
        }
        e => anyhow::anyhow!("{name}: {e}"),
    }
}

fn plan(args: &AuditArgs) -> Result<AuditPlan<'_>> {
    if let Some(d) = args.deck.cards {
        within("deck size", d, MIN_DECK..=MAX_DECK)?;
    }
    let copies = match args.shoe {
        Some(k) => within("--shoe (decks per shoe)", k, 1..=MAX_SHOE_DECKS)?,
        None => 1,
    };
    let alpha = args.alpha.or(if args.single {
        judge::single::SINGLE_ALPHA
    } else {
        judge::grade::AUDIT_ALPHA
    });
    family_level("--alpha", alpha)?;
    Ok(AuditPlan {
        file: (args.input != "-").then_some(args.input.as_str()),
        deck: args.deck.cards,
        base: args.base,
        alpha,
        copies,
    })
}

pub(crate) fn run(args: &AuditArgs) -> Result<u8> {
    let plan = plan(args)?;
    if args.follow {
        return follow(args, &plan);
    }
    if args.single {
        return single(args, &plan);
    }
    // Locked and checked before any line is read: a folder that is not
    // ours, or that another audit is writing, is refused now.
    let folder = args
        .out
        .as_deref()
        .map(|out| ReportFolder::open(out, report_folder::Kind::Certificate))
        .transpose()?;
    let start = Instant::now();
    let request = engine::audit::Lines {
        name: plan.name().to_string(),
        source: args.input.clone(),
        deck: plan.deck,
        base: plan.base,
        copies: plan.copies,
        composition: args.composition.clone(),
        groups: args.group.clone(),
        hand: args.hand,
        skip_invalid: args.skip_invalid,
        ordered: !args.unordered,
        alpha: plan.alpha,
        decks_only: false,
    };
    let read = read(args, &plan, &request)?;
    let exit = read.audited.exit_code();
    let provenance = Provenance {
        threads: Some(read.threads),
        ..Provenance::new(crate::common::command_line())
    };
    let seconds = Some(start.elapsed().as_secs_f64());
    match read.audited {
        Audited::Decks(outcome) => {
            let report = Standalone::new(outcome.report, provenance, seconds);
            certify(folder, &report, || report::certificate::markdown(&report))?;
            conclude(&report, args.json.on, exit)
        }
        Audited::Repeated(outcome) => {
            let report = Standalone::new(outcome.report, provenance, seconds);
            certify(folder, &report, || {
                report::certificate::shoe_markdown(&report)
            })?;
            conclude(&report, args.json.on, exit)
        }
    }
}

/// An audit's error as one line naming the input (the decks too few name
/// it already); a bad line says how to go on past it.
fn audit_error(name: &str, skip_invalid: bool, e: AuditError) -> anyhow::Error {
    match e {
        AuditError::Read(e) => read_error(name, skip_invalid, e),
        e @ (AuditError::TooFew(_) | AuditError::TooFewRepeated(_)) => anyhow::Error::new(e),
        e => anyhow::Error::new(e).context(name.to_string()),
    }
}

/// Prints the report and gives the exit code of its verdict, `exit`,
/// whatever happens to standard output (a closed pipe is not a pass).
fn conclude<D: report::export::Document>(report: &D, json: bool, exit: u8) -> Result<u8> {
    crate::output::print(report, json)?;
    Ok(exit)
}

/// Writes the certificate (`markdown` and the document as JSON) to the
/// folder of `--out`, whole, before the verdict is printed.
fn certify<D: report::export::Document>(
    folder: Option<ReportFolder>,
    report: &D,
    markdown: impl FnOnce() -> String,
) -> Result<()> {
    if let Some(folder) = folder {
        folder.write("certificate.md", markdown().as_bytes())?;
        folder.write(
            "certificate.json",
            (serde_json::to_string_pretty(report)? + "\n").as_bytes(),
        )?;
        for warning in folder.commit()? {
            crate::output::warn(&warning);
        }
    }
    Ok(())
}
