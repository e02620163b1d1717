//! `shuffle-audit`: proves, with exact numbers, whether a card-shuffling
//! algorithm is fair.

use algorithms::registry::{self, Entry, REGISTRY};
use anyhow::{Context, Result};
use clap::{Args, Parser, Subcommand};
use report::AlgorithmInfo;
use stats::{Limits, MAX_EXACT_DECK};
use suite::SuiteArgs;

mod audit;
mod exact;
mod output;
mod power;
mod range;
mod riffle;
mod sample;
mod suite;
pub(crate) use output::{emit, warn};
use range::{NotAllowed, within};
use std::io::Write;
use std::process::ExitCode;

/// Audits card-shuffling algorithms: exact distributions on small decks,
/// verdicts a teacher can cite.
///
/// With no command, runs the standard suite and writes reports/.
#[derive(Debug, Parser)]
#[command(
    name = "shuffle-audit",
    version,
    args_conflicts_with_subcommands = true
)]
struct Cli {
    #[command(subcommand)]
    command: Option<Command>,
    #[command(flatten)]
    suite: SuiteArgs,
}

#[derive(Debug, Subcommand)]
enum Command {
    /// List every algorithm: id, expected verdict, whether it can be enumerated, source.
    List {
        /// Print a JSON array instead of a table.
        #[arg(long)]
        json: bool,
    },
    /// Compute the exact distribution of one algorithm on a small deck, or
    /// the exact position matrix of a swap-based one on a real deck.
    Exact(exact::ExactArgs),
    /// Run the standard suite and write reports (the default command).
    Suite(SuiteArgs),
    /// Shuffle many times, count, and test the counts for bias.
    Sample(sample::SampleArgs),
    /// From the exact law, how many shuffles it takes to detect the bias.
    Power(power::PowerArgs),
    /// Test decks dealt by any program, one per line from a file or `-`
    /// (stdin); exit 0 when no bias shows, 1 when one does, 2 on bad input.
    Audit(audit::AuditArgs),
    /// Deal decks with a registered algorithm and print them, one per line:
    /// the input `audit` reads.
    Deal(audit::DealArgs),
    /// Riffles: the exact distance from uniform after k Gilbert–Shannon–Reeds
    /// riffles (Bayer–Diaconis), and how many riffles each test needs before
    /// it can no longer tell, for the model and for the seed's riffleShuffle.
    Riffle(riffle::RiffleArgs),
}

#[derive(Debug, Args)]
pub(crate) struct Budget {
    /// Most paths one enumeration may walk before it is refused.
    #[arg(long, value_name = "PATHS")]
    pub(crate) max_paths: Option<u64>,
    /// Worker threads, 1..=1024 (default: one per core); results are the
    /// same on any number.
    #[arg(long, value_name = "N", value_parser = crate::parse_threads)]
    pub(crate) threads: Option<usize>,
}

/// Exit code: the result passes (no bias shown, every verdict as expected).
pub(crate) const PASS: u8 = 0;
/// Exit code: a bias was found, or a verdict disagrees with the registry.
pub(crate) const BIAS: u8 = 1;
/// Exit code: bad input or an error; nothing was decided.
pub(crate) const ERROR: u8 = 2;

fn main() -> ExitCode {
    let cli = match Cli::try_parse() {
        Ok(cli) => cli,
        Err(e) => {
            use clap::error::ErrorKind;
            if matches!(e.kind(), ErrorKind::DisplayHelp | ErrorKind::DisplayVersion) {
                let _ = e.print();
                return ExitCode::SUCCESS;
            }
            let _ = writeln!(std::io::stderr().lock(), "{}", one_line(&e.to_string()));
            return ExitCode::from(ERROR);
        }
    };
    let code = match run(cli) {
        Ok(code) => code,
        Err(e) => {
            output::error(&format!("{e:#}"));
            ERROR
        }
    };
    output::exit_code(code)
}

/// clap's message on one line: its text up to the usage, the lines it
/// spreads over (the list of missing arguments) joined, without the
/// usage and the hints.
fn one_line(text: &str) -> String {
    let mut parts = Vec::new();
    for line in text.lines() {
        let line = line.trim();
        if line.is_empty() || line.starts_with("Usage:") || line.starts_with("For more information")
        {
            break;
        }
        parts.push(line);
    }
    match parts.split_first() {
        None => "error: invalid arguments".into(),
        Some((first, [])) => (*first).to_string(),
        // A list (the missing arguments): after the heading, comma-separated.
        Some((first, rest)) => format!("{first} {}", rest.join(", ")),
    }
}

fn run(cli: Cli) -> Result<u8> {
    match cli.command {
        Some(Command::List { json }) => {
            let infos: Vec<AlgorithmInfo> = REGISTRY.iter().map(AlgorithmInfo::from).collect();
            output::print(infos.as_slice(), json)?;
            Ok(PASS)
        }
        Some(Command::Exact(args)) => exact::run(&args),
        Some(Command::Suite(args)) => suite::run(&args),
        Some(Command::Sample(args)) => sample::run(&args),
        Some(Command::Power(args)) => power::run(&args),
        Some(Command::Audit(args)) => audit::run(&args),
        Some(Command::Deal(args)) => audit::deal(&args),
        Some(Command::Riffle(args)) => riffle::run(&args),
        None => suite::run(&cli.suite),
    }
}

/// The command line, for provenance: `shuffle-audit` and the arguments as
/// typed, quoted for a POSIX shell where needed.
pub(crate) fn command_line() -> String {
    std::iter::once("shuffle-audit".to_string())
        .chain(std::env::args().skip(1))
        .map(|a| {
            if a.is_empty() || a.contains(|c: char| c.is_whitespace() || "'\"$\\".contains(c)) {
                format!("'{}'", a.replace('\'', r"'\''"))
            } else {
                a
            }
        })
        .collect::<Vec<_>>()
        .join(" ")
}

/// The most worker threads a command starts: results do not depend on the
/// count, and more threads than cores only cost memory and start-up time.
pub(crate) const MAX_THREADS: usize = 1024;

/// Parses `--threads`: `1..=MAX_THREADS`.
pub(crate) fn parse_threads(text: &str) -> Result<usize, String> {
    let refused =
        || NotAllowed::new("thread count", text, format!("1..={MAX_THREADS}")).to_string();
    let n = text.trim().parse::<usize>().map_err(|_| refused())?;
    within("thread count", n, 1..=MAX_THREADS).map_err(|_| refused())
}

/// Runs `f` on a pool of `threads` workers (a count [`parse_threads`]
/// accepted), or on the global pool.
pub(crate) fn with_threads<T: Send>(
    threads: Option<usize>,
    f: impl FnOnce() -> T + Send,
) -> Result<T> {
    match threads {
        None => Ok(f()),
        Some(t) => Ok(rayon::ThreadPoolBuilder::new()
            .num_threads(t)
            .build()
            .context("starting the worker threads")?
            .install(f)),
    }
}

pub(crate) fn find(id: &str) -> Result<&'static Entry> {
    Ok(registry::find(id)?)
}

pub(crate) fn limits_for(entry: &Entry, max_paths: Option<u64>, default: u64) -> Limits {
    let mut limits = Limits::for_exact(entry.exact);
    limits.max_paths = max_paths.unwrap_or(default);
    limits
}

/// Whether to colour what goes to stdout: a terminal, and no `NO_COLOR`
/// (<https://no-color.org>: set and not empty turns colour off).
pub(crate) fn colour_stdout() -> bool {
    use std::io::IsTerminal;
    std::io::stdout().is_terminal() && std::env::var_os("NO_COLOR").is_none_or(|v| v.is_empty())
}

/// A progress bar on standard error when it is a terminal; none otherwise.
/// No colours are used, so `NO_COLOR` is honoured as it stands.
pub(crate) fn progress_bar(total: u64, unit: &str) -> Option<indicatif::ProgressBar> {
    use std::io::IsTerminal;
    if !std::io::stderr().is_terminal() {
        return None;
    }
    let bar = indicatif::ProgressBar::new(total);
    let template = format!(
        "{{elapsed_precise}} [{{wide_bar}}] {{human_pos}}/{{human_len}} {unit}, {{eta}} left"
    );
    let style = indicatif::ProgressStyle::with_template(&template)
        .ok()?
        .progress_chars("=> ");
    bar.set_style(style);
    Some(bar)
}

pub(crate) fn parse_decks(text: &str) -> Result<Vec<usize>> {
    let bad = || {
        anyhow::anyhow!(
            "deck sizes {text:?} are not understood: use a range like 3..=6 or 3-6, or a list like 3,5"
        )
    };
    let num = |s: &str| s.trim().parse::<usize>().map_err(|_| bad());
    let decks: Vec<usize> = if let Some((a, b)) = text.split_once("..=") {
        (num(a)?..=num(b)?).collect()
    } else if let Some((a, b)) = text.split_once("..") {
        (num(a)?..num(b)?).collect()
    } else if let Some((a, b)) = text.split_once('-') {
        (num(a)?..=num(b)?).collect()
    } else {
        text.split(',').map(num).collect::<Result<_>>()?
    };
    if decks.is_empty() {
        return Err(bad());
    }
    for &d in &decks {
        within("deck size", d, 1..=MAX_EXACT_DECK).map_err(|e| e.purpose("exact enumeration"))?;
    }
    Ok(decks)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn deck_lists_parse() {
        assert_eq!(parse_decks("3..=6").unwrap(), vec![3, 4, 5, 6]);
        assert_eq!(parse_decks("3..6").unwrap(), vec![3, 4, 5]);
        assert_eq!(parse_decks("2-4").unwrap(), vec![2, 3, 4]);
        assert_eq!(parse_decks("3,5").unwrap(), vec![3, 5]);
        assert!(
            parse_decks("0-3")
                .unwrap_err()
                .to_string()
                .contains("deck size 0")
        );
        assert!(parse_decks("x").is_err());
        assert!(parse_decks("5..3").is_err());
    }
}
