//! `shuffle-audit audit`: tests decks that another program dealt, read one
//! per line from a file or standard input.

use crate::args::{AlgorithmArg, AlphaArg, DeckArg, SeedArg};
use crate::common::{BIAS, PASS};
use crate::range::{strictly_between_0_and_1, within};
use algorithms::registry::Entry;
use anyhow::{Context, Result, bail};
use clap::Args;
use deck_lines::VOTE_LINES;
use deck_lines::{Base, DeckParser, Decklist, ReadError, Settled};
use judge::grade::Decision;
use report::files::OutputFile;
use report::folder::ReportFolder;
use report::sampled::{AuditReport, InputInfo, SampleReport, ShoeAuditReport};
use report::{Provenance, Standalone};
use sha2::{Digest, Sha256};
use stats::hypothesis::audit::{DeckCounts, DeckTally};
use stats::hypothesis::shoe::{Composition, Group, MAX_SHOE_DECKS, Shoe, ShoeCounts};
use stats::sample::MAX_SAMPLE_DECK;
use std::io::BufReader;
use std::time::Instant;

#[derive(Debug, Args)]
#[command(
    mut_arg("deck", |a| a.help(format!(
        "Cards per deck (default: the length of most of the first {VOTE_LINES} lines; lines of another length are invalid)"
    ))),
    mut_arg("alpha", |a| a.help(format!(
        "Family-wise false-alarm probability: exit 1 when the smallest Bonferroni-adjusted p-value of all the tests is below it, so a fair source is flagged with probability at most ALPHA. Standards ask for 0.05 (95 % confidence) or 0.01 (99 %); the default, {}, flags a fair source about once in {} audits ({} with --single)",
        report::fmt::fmt_level(judge::grade::AUDIT_ALPHA),
        report::fmt::fmt_count((1.0 / judge::grade::AUDIT_ALPHA).round() as u64),
        report::fmt::fmt_level(judge::single::SINGLE_ALPHA),
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
    /// Count invalid lines and go on, instead of stopping at the first.
    #[arg(long)]
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

fn parse_composition(s: &str) -> Result<Decklist, String> {
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
        within("deck size", d, 2..=MAX_SAMPLE_DECK)?;
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
    strictly_between_0_and_1("--alpha", alpha, "family-wise level")?;
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
        .map(|out| ReportFolder::open(out, report::folder::Kind::Certificate))
        .transpose()?;
    let start = Instant::now();
    let name = plan.name();
    let source = plan.open()?;
    let reader = BufReader::with_capacity(1 << 16, Hashing::new(source));
    let mut parser = match (&args.composition, plan.copies) {
        (Some(list), _) => DeckParser::decklist(list.clone()),
        (None, 1) => DeckParser::new(plan.deck, plan.base),
        (None, copies) => DeckParser::shoe(plan.deck.map(|d| d * copies), plan.base, copies),
    };
    let settled = deck_lines::settle(reader, &mut parser, args.skip_invalid)
        .map_err(|e| read_error(name, args.skip_invalid, e))?;
    let read = Read {
        args,
        plan: &plan,
        folder,
        start,
    };
    if parser.decklist_read().is_some() || plan.copies > 1 {
        return repeated(read, parser, settled);
    }
    if !args.group.is_empty() || args.hand.is_some() {
        // Numbered decks with a group: each card once, named by its number.
        let (Some(n), Some(base)) = (parser.deck(), parser.base()) else {
            bail!(
                "{name}: --group and --hand need the deck size and numbering, and the first lines settle neither (give --deck and --base)"
            );
        };
        let spec = (0..n as u64)
            .map(|c| format!("{}:1", c + base.first()))
            .collect::<Vec<_>>()
            .join(",");
        let list = Decklist::parse(&spec).expect("numbers 0..=255 each once");
        return repeated(read, DeckParser::decklist(list), settled);
    }
    decks(read, parser, settled)
}

/// What every audit of a whole input carries from its start.
struct Read<'a> {
    args: &'a AuditArgs,
    plan: &'a AuditPlan<'a>,
    folder: Option<ReportFolder>,
    start: Instant,
}

type Input = BufReader<Hashing<Box<dyn std::io::Read + Send>>>;

/// An audit of plain decks: every card once.
fn decks(read: Read<'_>, mut parser: DeckParser, settled: Settled<Input>) -> Result<u8> {
    let Read {
        args,
        plan,
        folder,
        start,
    } = read;
    let name = plan.name();
    // The arrangements' histograms are shared by every stretch of the
    // read, whatever the workers.
    let decks = DeckTally::new(!args.unordered);
    let tally = deck_lines::Tally {
        new: |deck: &[u8], before| decks.counts(deck, before),
        observe: DeckCounts::observe,
        append: DeckCounts::append,
    };
    let (decks, counts, input, threads) = count(args, plan, settled, &mut parser, &tally)?;
    let (sha256, bytes) = input.into_inner().finish();
    let deck = parser.deck().expect("known after a deck");
    let base = parser.base().expect("known after a deck");
    let (first, lag1) = decks.into_runs();
    judge::grade::enough_to_test(
        judge::grade::Budgeted::Read(name.to_string()),
        counts.decks,
        deck,
    )?;
    let audit = judge::grade::of_decks(first, lag1);
    let decision = Decision::of_audit(&audit.audit, plan.alpha);
    let mut result = SampleReport::of_audit(
        name,
        judge::Expectation::Unknown,
        &audit,
        counts.decks,
        "none: the decks were read from the input",
        None,
    );
    // The counts do not depend on the threads: provenance names them.
    result.threads = 0;
    // Read decks are graded at the stated level, as the exit code is.
    result.verdict = decision.grade;
    let report = AuditReport {
        input: InputInfo {
            source: args.input.clone(),
            lines: counts.lines,
            decks: counts.decks,
            deck,
            base: Some(base),
            base_detected: plan.base.is_none(),
            invalid: counts.invalid,
            sha256,
            bytes,
            ordered: !args.unordered,
        },
        result,
        lag1: audit.audit.lag1.clone(),
        level: decision.level,
        finding: decision.finding,
    };
    let report = Standalone::new(
        report,
        Provenance {
            threads: Some(threads),
            ..Provenance::new(crate::common::command_line())
        },
        Some(start.elapsed().as_secs_f64()),
    );
    certify(folder, &report, || report::certificate::markdown(&report))?;
    conclude(&report, args.json.on, decision.level.bias_shown)
}

/// Reads and counts the rest of a settled input on `--threads` workers
/// ([`deck_lines::count_parallel`]), with a progress bar on a terminal once
/// the read takes more than two seconds. Returns the counts, the lines',
/// the input read, and the workers.
fn count<A, N, O, M>(
    args: &AuditArgs,
    plan: &AuditPlan<'_>,
    settled: Settled<Input>,
    parser: &mut DeckParser,
    tally: &deck_lines::Tally<N, O, M>,
) -> Result<(A, deck_lines::LineCounts, Input, usize)>
where
    A: Send,
    N: Fn(&[u8], u64) -> A + Sync,
    O: Fn(&mut A, &[u8]) + Sync,
    M: Fn(&mut A, A) + Sync,
{
    let size = plan
        .file
        .and_then(|path| std::fs::metadata(path).ok())
        .filter(std::fs::Metadata::is_file)
        .map(|m| m.len());
    let bar = ReadProgress::new(size);
    let progress = |bytes| bar.show(bytes);
    let counted = crate::common::with_threads(args.threads.count, || {
        deck_lines::count_parallel(settled, parser, tally, &progress)
            .map(|(counts, lines, input)| (counts, lines, input, rayon::current_num_threads()))
    })?;
    bar.finish();
    counted.map_err(|e| read_error(plan.name(), args.skip_invalid, e))
}

/// The bytes an audit has read, shown on standard error when it is a
/// terminal and the read has taken more than two seconds.
struct ReadProgress {
    size: Option<u64>,
    start: Instant,
    bar: std::sync::Mutex<Option<indicatif::ProgressBar>>,
    terminal: bool,
}

impl ReadProgress {
    /// Progress of a read of `size` bytes (unknown for a pipe).
    fn new(size: Option<u64>) -> Self {
        use std::io::IsTerminal;
        ReadProgress {
            size,
            start: Instant::now(),
            bar: std::sync::Mutex::new(None),
            terminal: std::io::stderr().is_terminal(),
        }
    }

    /// Shows `bytes` read so far.
    fn show(&self, bytes: u64) {
        if !self.terminal || self.start.elapsed() < std::time::Duration::from_secs(2) {
            return;
        }
        let mut bar = self.bar.lock().unwrap_or_else(|e| e.into_inner());
        let bar = bar.get_or_insert_with(|| {
            let (bar, template) = match self.size {
                Some(size) => (
                    indicatif::ProgressBar::new(size),
                    "{elapsed_precise} [{wide_bar}] {binary_bytes}/{binary_total_bytes} read",
                ),
                None => (
                    indicatif::ProgressBar::new_spinner(),
                    "{elapsed_precise} {binary_bytes} read",
                ),
            };
            if let Ok(style) = indicatif::ProgressStyle::with_template(template) {
                bar.set_style(style.progress_chars("=> "));
            }
            // Shown late: its clock starts with the read.
            bar.with_elapsed(self.start.elapsed())
        });
        bar.set_position(bytes);
    }

    /// Clears the bar, if it was shown.
    fn finish(&self) {
        if let Some(bar) = self.bar.lock().unwrap_or_else(|e| e.into_inner()).take() {
            bar.finish_and_clear();
        }
    }
}

/// Prints the report and gives the exit code of its verdict, whatever
/// happens to standard output (a closed pipe is not a pass).
fn conclude<D: report::export::Document>(report: &D, json: bool, bias_shown: bool) -> Result<u8> {
    crate::output::print(report, json)?;
    Ok(if bias_shown { BIAS } else { PASS })
}

/// Writes the certificate (`markdown` and the document as JSON) to the
/// folder of `--out`, whole, before the verdict is printed.
fn certify<D: report::export::Document>(
    folder: Option<ReportFolder>,
    report: &D,
    markdown: impl FnOnce() -> String,
) -> Result<()> {
    if let Some(folder) = folder {
        folder.write(&OutputFile::text("certificate.md", markdown()))?;
        folder.write(&OutputFile::text(
            "certificate.json",
            serde_json::to_string_pretty(report)? + "\n",
        ))?;
        for warning in folder.commit()? {
            crate::output::warn(&warning);
        }
    }
    Ok(())
}

/// An audit of decks whose cards repeat: shoes (`--shoe K`, `K > 1`) and
/// decklists, tested with the statistics that have exact laws for any
/// composition ([`stats::hypothesis::shoe`]).
fn repeated(read: Read<'_>, mut parser: DeckParser, settled: Settled<Input>) -> Result<u8> {
    let Read {
        args,
        plan,
        folder,
        start,
    } = read;
    let name = plan.name();
    let list = parser.decklist_read().cloned();
    let groups = resolve_groups(name, &args.group, list.as_ref())?;
    let counts_of = |composition: Composition| -> Result<ShoeCounts> {
        let cards = composition.cards();
        let counts = ShoeCounts::new(composition, !args.unordered);
        if list.is_none() {
            return Ok(counts);
        }
        let hand = judge::decklist::opening_hand(cards, args.hand);
        counts
            .with_hand(hand, groups.clone())
            .with_context(|| name.to_string())
    };
    let template: Option<ShoeCounts> = match (&list, parser.deck()) {
        (Some(list), _) => Some(counts_of(
            Composition::new(list.counts().to_vec())
                .with_context(|| format!("{name}: the decklist"))?,
        )?),
        (None, Some(cards)) => Some(counts_of(
            Shoe::new(cards / plan.copies, plan.copies)
                .with_context(|| format!("{name}: the shoe"))?
                .composition(),
        )?),
        // Settled by the first valid line: counted from it.
        (None, None) => None,
    };
    let copies = plan.copies;
    let tally = deck_lines::Tally {
        new: |cards: &[u8], before| {
            let counts = template.clone().unwrap_or_else(|| {
                let shoe = Shoe::new(cards.len() / copies, copies).expect("the parser checked it");
                ShoeCounts::new(shoe.composition(), !args.unordered)
            });
            counts.after(before)
        },
        observe: ShoeCounts::observe,
        append: ShoeCounts::append,
    };
    let (counts, lines, input, threads) = count(args, plan, settled, &mut parser, &tally)?;
    let (sha256, bytes) = input.into_inner().finish();
    // Refused before the tests' exact laws are computed (seconds for the
    // largest shoes).
    judge::grade::enough_repeated(name, counts.shoes(), counts.composition())?;
    let run = counts.into_run();
    let input = InputInfo {
        source: args.input.clone(),
        lines: lines.lines,
        decks: lines.decks,
        deck: run.composition.values(),
        base: parser.base().filter(|_| list.is_none()),
        base_detected: match list {
            Some(_) => args.composition.is_none(),
            None => plan.base.is_none(),
        },
        invalid: lines.invalid,
        sha256,
        bytes,
        ordered: !args.unordered,
    };
    let report = Standalone::new(
        ShoeAuditReport::new(
            input,
            &run,
            list.map(|l| l.names()),
            Decision::of_shoes(&run, plan.alpha),
        ),
        Provenance {
            threads: Some(threads),
            ..Provenance::new(crate::common::command_line())
        },
        Some(start.elapsed().as_secs_f64()),
    );
    certify(folder, &report, || {
        report::certificate::shoe_markdown(&report)
    })?;
    conclude(&report, args.json.on, report.document.level.bias_shown)
}

/// The groups of `--group`, their cards found in the decklist.
fn resolve_groups(
    name: &str,
    groups: &[(String, Vec<String>)],
    list: Option<&Decklist>,
) -> Result<Vec<Group>> {
    let Some(list) = list else {
        return Ok(Vec::new());
    };
    groups
        .iter()
        .map(|(group, cards)| {
            let values = cards
                .iter()
                .map(|card| {
                    list.value_of(card).ok_or_else(|| {
                        anyhow::anyhow!(
                            "{name}: --group {group}: card {card:?} is not in the decklist, whose cards are {}",
                            list.names().join(", ")
                        )
                    })
                })
                .collect::<Result<Vec<_>>>()?;
            // Named twice: said by name (the judge's check sees values).
            if let Some(twice) = cards
                .iter()
                .enumerate()
                .find(|&(i, _)| values[..i].contains(&values[i]))
                .map(|(_, card)| card)
            {
                anyhow::bail!("{name}: --group {group}: card {twice:?} is named twice");
            }
            Ok(Group {
                name: group.clone(),
                values,
            })
        })
        .collect()
}

/// `audit --single`: each line one draw, judged alone
/// ([`judge::single`]); exit 1 when a draw departs from a uniform draw.
fn single(args: &AuditArgs, plan: &AuditPlan<'_>) -> Result<u8> {
    let start = Instant::now();
    let name = plan.name();
    let mut reader = BufReader::with_capacity(1 << 16, Hashing::new(plan.open()?));
    let mut judge = judge::single::DrawJudge::new(plan.alpha);
    let mut draws = Vec::new();
    let counts = deck_lines::read_draws(&mut reader, args.skip_invalid, |line, draw, base| {
        draws.push(report::sampled::SingleDraw {
            line,
            base,
            verdict: judge.judge(draw),
        });
    })
    .map_err(|e| read_error(name, args.skip_invalid, e))?;
    let (sha256, bytes) = reader.into_inner().finish();
    let report = Standalone::new(
        report::sampled::SingleAuditReport {
            source: args.input.clone(),
            lines: counts.lines,
            invalid: counts.invalid,
            sha256,
            bytes,
            power: judge::single::SINGLE_POWER,
            draws,
        },
        Provenance::new(crate::common::command_line()),
        Some(start.elapsed().as_secs_f64()),
    );
    conclude(&report, args.json.on, report.document.bias_shown())
}

/// `audit --follow`: bets on every deck as it comes ([`stats::hypothesis::follow`]),
/// stops at the first line where the evidence reaches `1/alpha`.
fn follow(args: &AuditArgs, plan: &AuditPlan<'_>) -> Result<u8> {
    use std::io::IsTerminal;
    use std::ops::ControlFlow;
    let start = Instant::now();
    let name = plan.name();
    let source = plan.open()?;
    // Lines as they come: a small buffer, so a slow stream is judged
    // line by line.
    let reader = BufReader::with_capacity(1 << 12, source);
    let status = std::io::stderr().is_terminal().then(|| {
        let bar = indicatif::ProgressBar::new_spinner();
        bar.enable_steady_tick(std::time::Duration::from_millis(250));
        bar
    });
    let mut parser = DeckParser::new(plan.deck, plan.base);
    let mut monitor: Option<stats::hypothesis::follow::Monitor> = None;
    let mut alarm_line = None;
    let threshold = judge::grade::log10_threshold(plan.alpha);
    let mut shown = Instant::now();
    let mut settled = deck_lines::settle(reader, &mut parser, args.skip_invalid)
        .map_err(|e| read_error(name, args.skip_invalid, e))?;
    // The monitor's laws are those of decks of distinct cards: decklists
    // (names, or cards that repeat, as shoes have) are refused before any
    // line is judged.
    if let Some(list) = parser.decklist_read() {
        bail!(
            "{name}: the lines are decklists ({} cards, {} distinct: names, or cards that repeat): --follow watches decks of distinct numbered cards; audit decklists and shoes without --follow",
            list.cards(),
            list.counts().len()
        );
    }
    let counts = settled.read_until(&mut parser, |line, deck| {
        let m = monitor.get_or_insert_with(|| {
            stats::hypothesis::follow::Monitor::new(deck.len(), args.monitor.into())
        });
        m.observe(deck);
        // The status line: at most five times a second, however fast or
        // slow the lines come.
        if let Some(bar) = &status
            && shown.elapsed() >= std::time::Duration::from_millis(200)
        {
            shown = Instant::now();
            bar.set_message(format!(
                "{line} lines, evidence 10^{:.2} (alarm at 10^{threshold:.2})",
                m.log10_evidence()
            ));
        }
        if judge::grade::alarm(m, plan.alpha) {
            alarm_line = Some(line);
            ControlFlow::Break(())
        } else {
            ControlFlow::Continue(())
        }
    });
    if let Some(bar) = status {
        bar.finish_and_clear();
    }
    let counts = counts.map_err(|e| read_error(name, args.skip_invalid, e))?;
    let m = monitor.expect("read_decks fails without a deck");
    let report = Standalone::new(
        report::sampled::FollowReport {
            source: args.input.clone(),
            lines: counts.lines,
            decks: counts.decks,
            invalid: counts.invalid,
            deck: parser.deck().expect("known after a deck"),
            finding: judge::follow::FollowFinding::of(&m, plan.alpha, alarm_line),
        },
        Provenance::new(crate::common::command_line()),
        Some(start.elapsed().as_secs_f64()),
    );
    conclude(&report, args.json.on, report.document.finding.bias_shown())
}

/// A reader that computes the SHA-256 of every byte read through it.
struct Hashing<R> {
    inner: R,
    hasher: Sha256,
    bytes: u64,
}

impl<R> Hashing<R> {
    fn new(inner: R) -> Self {
        Hashing {
            inner,
            hasher: Sha256::new(),
            bytes: 0,
        }
    }

    /// The digest in lowercase hexadecimal, and the number of bytes.
    fn finish(self) -> (String, u64) {
        let digest = self.hasher.finalize();
        let hex = digest.iter().map(|b| format!("{b:02x}")).collect();
        (hex, self.bytes)
    }
}

impl<R: std::io::Read> std::io::Read for Hashing<R> {
    fn read(&mut self, buf: &mut [u8]) -> std::io::Result<usize> {
        let k = self.inner.read(buf)?;
        self.hasher.update(&buf[..k]);
        self.bytes += k as u64;
        Ok(k)
    }
}

#[derive(Debug, Args)]
#[command(
    mut_arg("deck", |a| a.required_unless_present("composition").help(format!(
        "Number of cards, 2..={MAX_SAMPLE_DECK} (with --composition, its cards)"
    ))),
    mut_arg("seed", |a| a.help("Seed: the same seed deals the decks `sample` counts, in order")),
)]
pub(crate) struct DealArgs {
    #[command(flatten)]
    algorithm: AlgorithmArg,
    #[command(flatten)]
    deck: DeckArg,
    /// Deal a decklist: the cards in this order (`Forest:9,Island:8,...`,
    /// each name as often as its copies) are the deck the algorithm
    /// shuffles, as a player shuffles the list as it was written; the
    /// lines name the cards.
    #[arg(long, value_name = "NAME:COPIES,...", value_parser = parse_composition, conflicts_with_all = ["base", "format"])]
    composition: Option<Decklist>,
    /// Decks to deal.
    #[arg(long, short = 'n')]
    decks: u64,
    #[command(flatten)]
    seed: SeedArg,
    /// Number cards from 0 or from 1.
    #[arg(long, value_name = "0|1", value_parser = parse_base, default_value = "0")]
    base: Base,
    /// Line format: `plain` (`3 0 2 1`), `comma` (`3,0,2,1`) or `json` (`[3,0,2,1]`).
    #[arg(long, value_enum, default_value_t = Format::Plain)]
    format: Format,
    /// Shuffle each deck from the previous one instead of from the ordered
    /// deck, as a dealer who reshuffles the last deck does. The decks then
    /// depend on one another, which `audit`'s tests of consecutive decks
    /// look for; a shuffle that mixes leaves each deck close to uniform on
    /// its own after the first few, so the tests of single decks may see
    /// nothing.
    #[arg(long)]
    from_previous: bool,
}

/// How `deal` writes a deck.
#[derive(Clone, Copy, Debug, PartialEq, Eq, clap::ValueEnum)]
pub(crate) enum Format {
    /// Cards separated by spaces.
    Plain,
    /// Cards separated by commas.
    Comma,
    /// A JSON array.
    Json,
}

/// `deal`'s validated plan: every refusal is here.
struct DealPlan {
    entry: &'static Entry,
    /// Cards per deck.
    deck: usize,
    /// Each card as written on a line, by its place in the list
    /// (`0..deck`).
    names: Vec<String>,
    /// What separates the cards of a plain line: a space, or a comma and
    /// a space for names that hold spaces
    /// ([`Decklist::separator`](deck_lines::Decklist::separator)).
    separator: &'static str,
}

fn plan_deal(args: &DealArgs) -> Result<DealPlan> {
    let entry = crate::common::find(&args.algorithm.id)?;
    let deck = match (&args.composition, args.deck.cards) {
        (Some(list), Some(d)) if d != list.cards() => {
            bail!(
                "--deck {d} is not the {} cards of --composition",
                list.cards()
            )
        }
        (Some(list), _) => list.cards(),
        (None, Some(d)) => d,
        (None, None) => unreachable!("clap requires one"),
    };
    within("deck size", deck, 2..=MAX_SAMPLE_DECK)?;
    let (names, separator) = match &args.composition {
        Some(list) => {
            let names = list.names();
            let quoted = list.separator() != " ";
            let written: Vec<String> = list
                .listed()
                .into_iter()
                .map(|v| match quoted {
                    true => deck_lines::quote_name(&names[v]).into_owned(),
                    false => names[v].clone(),
                })
                .collect();
            (written, list.separator())
        }
        None => {
            let first = args.base.first() as usize;
            ((first..first + deck).map(|c| c.to_string()).collect(), " ")
        }
    };
    Ok(DealPlan {
        entry,
        deck,
        names,
        separator,
    })
}

/// Writes `decks` decks of `algorithm` to standard output, one per line:
/// the input `audit` reads, dealt by a registered algorithm.
pub(crate) fn deal(args: &DealArgs) -> Result<u8> {
    use algorithms::Shuffle;
    use stats::sample::{CHUNK, Sampler, chunk_rng};
    let DealPlan {
        entry,
        deck,
        names,
        separator,
    } = plan_deal(args)?;
    let (open, sep, close) = match args.format {
        Format::Plain => ("", separator, ""),
        Format::Comma => ("", ",", ""),
        Format::Json => ("[", ",", "]"),
    };
    let identity: Vec<u8> = (0..deck as u8).collect();
    let mut deck = identity.clone();
    // Lines go out 64 KiB at a time; dealing stops when standard output
    // stops taking them (a reader that closed the pipe, as `| head` does).
    let mut out = Vec::with_capacity(1 << 16);
    for c in 0..args.decks.div_ceil(CHUNK) {
        let mut src = Sampler::new(chunk_rng(args.seed.value, c));
        for _ in 0..CHUNK.min(args.decks - c * CHUNK) {
            if !args.from_previous {
                deck.clone_from(&identity);
            }
            entry.algorithm.shuffle(&mut deck, &mut src);
            out.extend_from_slice(open.as_bytes());
            for (i, &card) in deck.iter().enumerate() {
                if i > 0 {
                    out.extend_from_slice(sep.as_bytes());
                }
                out.extend_from_slice(names[usize::from(card)].as_bytes());
            }
            out.extend_from_slice(close.as_bytes());
            out.push(b'\n');
            if out.len() >= (1 << 16) - 1024 {
                if !crate::output::emit_bytes(&out) {
                    return Ok(PASS);
                }
                out.clear();
            }
        }
    }
    crate::output::emit_bytes(&out);
    Ok(PASS)
}
