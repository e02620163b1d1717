//! `shuffle-audit deal`: decks dealt by a registered algorithm, one per
//! line, the input `audit` reads.

use crate::args::{AlgorithmArg, DeckArg, SeedArg};
use crate::audit::{parse_base, parse_composition};
use crate::range::within;
use algorithms::registry::Entry;
use algorithms::{MAX_DECK, MIN_DECK};
use anyhow::{Result, bail};
use clap::Args;
use deck_lines::{Base, Decklist};

#[derive(Debug, Args)]
#[command(
    mut_arg("deck", |a| a.required_unless_present("composition").help(format!(
        "Number of cards, {MIN_DECK}..={MAX_DECK} (with --composition, its cards)"
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
    within("deck size", deck, MIN_DECK..=MAX_DECK)?;
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
    let request = engine::deal::Request {
        entry,
        deck,
        decks: args.decks,
        seed: args.seed.value,
        from_previous: args.from_previous,
    };
    // Lines go out 64 KiB at a time; dealing stops when standard output
    // stops taking them (a reader that closed the pipe, as `| head` does).
    let mut out = Vec::with_capacity(1 << 16);
    let mut open_pipe = true;
    let outcome = engine::deal::run(request, |deck| {
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
            open_pipe = crate::output::emit_bytes(&out);
            out.clear();
            if !open_pipe {
                return std::ops::ControlFlow::Break(());
            }
        }
        std::ops::ControlFlow::Continue(())
    });
    if open_pipe {
        crate::output::emit_bytes(&out);
    }
    Ok(outcome.exit_code())
}
