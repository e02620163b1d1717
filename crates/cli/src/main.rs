//! `shuffle-audit`: proves, with exact numbers, whether a card-shuffling
//! algorithm is fair.

use anyhow::Result;
use clap::{Parser, Subcommand};
use suite::SuiteArgs;

mod args;
mod audit;
mod case;
mod common;
mod deal;
mod exact;
mod guess;
mod output;
mod play;
mod power;
mod predict;
mod range;
#[cfg(test)]
mod readme;
mod recover;
mod riffle;
mod sample;
mod scaling;
mod suite;
use common::ERROR;
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
        #[command(flatten)]
        json: args::Json,
    },
    /// Compute the exact distribution of one algorithm on a small deck, or
    /// the exact position matrix of a swap-based one on a real deck. Its
    /// JSON lists every arrangement up to 10 cards; above, the summary alone.
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
    Deal(deal::DealArgs),
    /// Riffles: the exact distance from uniform after k Gilbert–Shannon–Reeds
    /// riffles (Bayer–Diaconis), and how many riffles each test needs before
    /// it can no longer tell, for the model and for riffleShuffle from "The
    /// JavaScript Shuffle".
    Riffle(riffle::RiffleArgs),
    /// The exact bias of turning a B-bit random word into an index below k
    /// by modulo, multiply-shift, C's and JavaScript's double scaling, and
    /// rejection: per draw and for a whole Fisher–Yates shuffle.
    Scaling(scaling::ScalingArgs),
    /// For a shuffle reseeded per deal from the clock or a 32-bit value:
    /// every seed whose deck starts with the cards seen, with the rest of
    /// its deck; exit 0 when one seed fits, 1 when several do, 2 when none.
    ///
    /// --algorithm names a registered shuffle whose only randomness is a
    /// per-deal seed (any other id is refused, naming them): planet-poker
    /// numbers its cards 1..52 (--base 1), as its Pascal code does;
    /// freecell's cards can be given by name, "JD 2D 9H", or by number, Ace
    /// of Clubs 0.
    Predict(predict::PredictArgs),
    /// For a card game that deals with Math.random() in node or Chrome (a
    /// Fisher–Yates loop, Math.floor(Math.random() * (i + 1))): the
    /// generator's state read back from the decks it dealt, without the
    /// seed, and the decks it deals next; exit 0 when the cards to come are
    /// known, 1 when several states still deal them differently or too
    /// few cards were given, 2 when no state deals these cards.
    Recover(recover::RecoverArgs),
    /// A famous shuffle failure (Planet Poker, the EU browser ballot,
    /// Bostock's matrix, Laravel, FreeCell, std::random_shuffle, .NET's
    /// tick count): its published figure beside the suite's, computed now;
    /// exit 0 unless the suite's figure contradicts the published one.
    Case(case::CaseArgs),
    /// What a bias is worth at the table: the cards a player who knows the
    /// shuffle guesses right going through the deck, against a fair deck's
    /// H_n (exact where the law is known, else a lower bound).
    Guess(guess::GuessArgs),
    /// The live page: paste a shuffle in JavaScript, run it in your browser,
    /// and watch the position matrix fill and the evidence against a fair
    /// shuffle rise, served on 127.0.0.1 until Ctrl-C.
    Play(play::PlayArgs),
}

fn main() -> ExitCode {
    if let Err(e) = output::guard_standard_output() {
        output::error(&format!("{e:#}"));
        return ExitCode::from(ERROR);
    }
    output::survive_file_size_limit();
    common::one_arena_under_an_address_space_limit();
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
            let outcome = engine::list::run();
            output::print(outcome.algorithms.as_slice(), json.on)?;
            Ok(outcome.exit_code())
        }
        Some(Command::Exact(args)) => exact::run(&args),
        Some(Command::Suite(args)) => suite::run(&args),
        Some(Command::Sample(args)) => sample::run(&args),
        Some(Command::Power(args)) => power::run(&args),
        Some(Command::Audit(args)) => audit::run(&args),
        Some(Command::Deal(args)) => deal::deal(&args),
        Some(Command::Riffle(args)) => riffle::run(&args),
        Some(Command::Scaling(args)) => scaling::run(&args),
        Some(Command::Predict(args)) => predict::run(&args),
        Some(Command::Recover(args)) => recover::run(&args),
        Some(Command::Case(args)) => case::run(&args),
        Some(Command::Guess(args)) => guess::run(&args),
        Some(Command::Play(args)) => play::run(&args),
        None => suite::run(&cli.suite),
    }
}
