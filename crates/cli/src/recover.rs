//! `shuffle-audit recover`: the state of V8's `Math.random()` (node,
//! Chrome) read back from the decks a Fisher–Yates loop dealt with it,
//! and the decks it deals next.

use crate::args::{DeckArg, STANDARD_DECK};
use crate::range::within;
use algorithms::{MAX_DECK, MIN_DECK};
use anyhow::{Context, Result, bail};
use clap::Args;
use deck_lines::{Base, DeckParser, ReadError};
use report::{Provenance, Standalone};
use std::io::Read;
use std::time::Instant;
use studies::math_random::{Seen, draws_of_tail, fisher_yates_draws};

/// The most bytes read from the decks' input: a few decks are all it takes.
const MAX_INPUT_BYTES: u64 = 1 << 20;

/// The most decks predicted.
const MAX_NEXT: usize = 1_000;

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
    #[arg(long, default_value_t = 1)]
    next: usize,
    /// The most states and predictions listed.
    #[arg(long, default_value_t = 5)]
    cap: usize,
    #[command(flatten)]
    threads: crate::args::Threads,
    #[command(flatten)]
    json: crate::args::Json,
}

/// `recover`'s validated plan: every refusal is here.
struct RecoverPlan {
    seen: Seen,
    decks: usize,
    under_way: Vec<u8>,
    first: u8,
    next: usize,
}

/// The decks of `text`, one per line (blank lines skipped), 0-based, and
/// the numbering they hold: read as `audit` reads decks
/// ([`deck_lines::read_decks`]), every line checked, the first bad one
/// refused with its number.
fn read_decks(
    name: &str,
    text: &[u8],
    deck: Option<usize>,
    base: Option<Base>,
) -> Result<(Vec<Vec<u8>>, Option<Base>)> {
    // Decks of numbers only: a shoe of one deck is read without looking
    // for a decklist.
    let mut parser = DeckParser::shoe(deck, base, 1).skipping_blank_lines();
    let mut decks = Vec::new();
    match deck_lines::read_decks(text, &mut parser, false, |deck| decks.push(deck.to_vec())) {
        // No deck: the cards may all be in --seen.
        Ok(_) | Err(ReadError::NoDecks(_)) => Ok((decks, parser.base())),
        Err(ReadError::Line { line, error }) => bail!("{name}, line {line}: {error}"),
        Err(e) => bail!("{name}: {e}"),
    }
}

fn plan(args: &RecoverArgs) -> Result<RecoverPlan> {
    if let Some(d) = args.deck.cards {
        within("deck size", d, MIN_DECK..=MAX_DECK)?;
    }
    let next = within("--next", args.next, 1..=MAX_NEXT)?;
    within("--cap", args.cap, 1..=usize::MAX)?;
    let (decks, base) = match &args.input {
        None => (Vec::new(), args.base),
        Some(input) => {
            let name = if input == "-" {
                "standard input"
            } else {
                input.as_str()
            };
            let reader: Box<dyn Read> = if input == "-" {
                Box::new(std::io::stdin())
            } else {
                Box::new(std::fs::File::open(input).with_context(|| format!("opening {input}"))?)
            };
            let mut text = Vec::new();
            reader
                .take(MAX_INPUT_BYTES + 1)
                .read_to_end(&mut text)
                .with_context(|| format!("reading {name}"))?;
            if text.len() as u64 > MAX_INPUT_BYTES {
                bail!(
                    "{name}: more than {MAX_INPUT_BYTES} bytes: recover reads a few decks, not a log of them"
                );
            }
            read_decks(name, &text, args.deck.cards, args.base)?
        }
    };
    let n = decks.first().map_or(args.deck.or_standard(), Vec::len);
    let numbering = base.unwrap_or(Base::Zero);
    let first = numbering.first() as u8;
    let under_way = match &args.seen {
        None => Vec::new(),
        Some(text) => {
            let under_way = deck_lines::SeenCards {
                deck: n,
                base: numbering,
                names: None,
                names_elsewhere: false,
            }
            .parse(text)?;
            if under_way.is_empty() {
                bail!(
                    "--seen lists no card: give the cards of the deal under way, a[n-1] first: \"12 40 3\""
                );
            }
            if under_way.len() >= n {
                bail!(
                    "--seen lists {} cards: a deal under way shows fewer than the deck's {n}; give a whole deck as a line of DECKS",
                    under_way.len()
                );
            }
            under_way
        }
    };
    if decks.is_empty() && under_way.is_empty() {
        bail!(
            "no cards given: give the decks dealt (DECKS, a file or -) or the cards of a deal under way (--seen)"
        );
    }
    let mut draws: Vec<Vec<u32>> = decks
        .iter()
        .map(|d| fisher_yates_draws(d).expect("the parser gives decks"))
        .collect();
    if !under_way.is_empty() {
        draws.push(draws_of_tail(n, &under_way).expect("checked above"));
    }
    Ok(RecoverPlan {
        seen: Seen {
            n,
            decks: draws,
            under_way: !under_way.is_empty(),
        },
        decks: decks.len(),
        under_way,
        first,
        next,
    })
}

pub(crate) fn run(args: &RecoverArgs) -> Result<u8> {
    let p = plan(args)?;
    let start = Instant::now();
    let request = engine::recover::Request {
        seen: p.seen,
        decks: p.decks,
        under_way: p.under_way,
        base: p.first,
        next: p.next,
        cap: args.cap,
    };
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
