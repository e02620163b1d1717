//! An audit of a whole input of deck lines: read with deck-lines' one
//! reader (the first lines settle the deck, the numbering and whether the
//! lines are decklists), counted on the rayon pool's workers, tested and
//! judged.

use super::{Decks, Outcome, Repeated};
use deck_lines::{Base, DeckParser, Decklist, Hashing, LineCounts, ReadError, Settled};
use judge::grade::{TooFew, TooFewRepeated};
use report::sampled::{AuditReport, InputInfo, ShoeAuditReport};
use stats::hypothesis::audit::{DeckCounts, DeckTally};
use stats::hypothesis::shoe::{Composition, Group, Shoe, ShoeCounts, ShoeError};
use std::io::BufReader;

/// How an input of deck lines is read and audited.
#[derive(Clone, Debug)]
pub struct Lines {
    /// The input as messages name it.
    pub name: String,
    /// The file, or `"-"` for standard input.
    pub source: String,
    /// Cards per deck, when given (per deck of a shoe: a shoe of `copies`
    /// decks holds `copies` times as many).
    pub deck: Option<usize>,
    /// Card numbering, when given.
    pub base: Option<Base>,
    /// Decks per shoe: 1 for plain decks.
    pub copies: usize,
    /// The decklist each line is read against, when given.
    pub composition: Option<Decklist>,
    /// Named groups of a decklist's cards, tested for clumping and in the
    /// opening hand.
    pub groups: Vec<(String, Vec<String>)>,
    /// The opening hand of a decklist, in cards, when given.
    pub hand: Option<usize>,
    /// Whether bad lines are counted and skipped.
    pub skip_invalid: bool,
    /// Whether the lines are in the order dealt (the tests of consecutive
    /// decks run).
    pub ordered: bool,
    /// The family-wise level.
    pub alpha: f64,
    /// Whether lines the first lines settle as decklists (names, or cards
    /// that repeat) are refused ([`AuditError::Decklists`]): decks only.
    pub decks_only: bool,
}

impl Lines {
    /// Plain decks (no shoe, decklist, group or hand) named `name`, read
    /// as `audit FILE` reads them: the deck and numbering settled by the
    /// first lines, bad lines refused, in the order dealt, at the judge's
    /// default level; decklists refused when `decks_only`.
    pub fn decks(name: &str, decks_only: bool) -> Lines {
        Lines {
            name: name.to_string(),
            source: name.to_string(),
            deck: None,
            base: None,
            copies: 1,
            composition: None,
            groups: Vec::new(),
            hand: None,
            skip_invalid: false,
            ordered: true,
            alpha: judge::grade::AUDIT_ALPHA,
            decks_only,
        }
    }
}

/// What an audit of an input found.
#[derive(Clone, Debug, PartialEq)]
pub enum Audited {
    /// Plain decks: every card once.
    Decks(Box<Outcome<AuditReport>>),
    /// Decks whose cards repeat: shoes and decklists.
    Repeated(Box<Outcome<ShoeAuditReport>>),
}

impl Audited {
    /// 1 when the audit shows bias at its level, 0 when it does not.
    pub fn exit_code(&self) -> u8 {
        match self {
            Audited::Decks(o) => o.exit_code(),
            Audited::Repeated(o) => o.exit_code(),
        }
    }
}

/// An audit of a whole input, and the workers that counted it.
#[derive(Clone, Debug, PartialEq)]
pub struct Read {
    /// What the audit found.
    pub audited: Audited,
    /// The workers that counted the lines (the counts do not depend on
    /// them).
    pub threads: usize,
}

/// Why an input could not be audited. Each message leaves out the input's
/// name, which the front end puts first (the decks too few name it
/// already).
#[derive(Debug, thiserror::Error)]
pub enum AuditError {
    /// A line refused, too many in a row, no deck, or the input unread.
    #[error(transparent)]
    Read(#[from] ReadError),
    /// Decks too few for the position test.
    #[error(transparent)]
    TooFew(#[from] TooFew),
    /// Shoes or decklists too few for their tests.
    #[error(transparent)]
    TooFewRepeated(#[from] TooFewRepeated),
    /// Decklists where only decks are taken.
    #[error(
        "the lines are decklists ({cards} cards, {distinct} distinct: names, or cards that repeat)"
    )]
    Decklists {
        /// Cards per line.
        cards: usize,
        /// Distinct cards among them.
        distinct: usize,
    },
    /// Groups or a hand asked of numbered decks whose size and numbering
    /// the first lines do not settle.
    #[error(
        "--group and --hand need the deck size and numbering, and the first lines settle neither (give --deck and --base)"
    )]
    GroupNeedsDeck,
    /// A group names a card the decklist does not hold.
    #[error("--group {group}: card {card:?} is not in the decklist, whose cards are {cards}")]
    NotInDecklist {
        /// The group.
        group: String,
        /// The card.
        card: String,
        /// The decklist's cards, shown as a line shows them.
        cards: String,
    },
    /// A group names a card twice.
    #[error("--group {group}: card {card:?} is named twice")]
    NamedTwice {
        /// The group.
        group: String,
        /// The card.
        card: String,
    },
    /// The decklist read cannot be tested.
    #[error("the decklist")]
    Decklist(#[source] ShoeError),
    /// The shoe read cannot be tested.
    #[error("the shoe")]
    Shoe(#[source] ShoeError),
    /// The groups or the hand do not fit the decklist.
    #[error(transparent)]
    Groups(ShoeError),
}

/// The input as it is read: buffered, every byte hashed.
type Input<R> = BufReader<Hashing<R>>;

/// Reads the lines of `input` (unbuffered; its bytes are hashed as they
/// are read) as `request` says, on the current rayon pool, counts them and
/// judges them; `progress` is told the bytes read and the lines' counts as
/// the read goes.
///
/// # Errors
/// [`AuditError`].
pub fn run<R: std::io::Read + Send>(
    request: &Lines,
    input: R,
    progress: &(dyn Fn(u64, &LineCounts) + Sync),
) -> Result<Read, AuditError> {
    let reader = BufReader::with_capacity(1 << 16, Hashing::new(input));
    let mut parser = match (&request.composition, request.copies) {
        (Some(list), _) => DeckParser::decklist(list.clone()),
        (None, 1) => DeckParser::new(request.deck, request.base),
        (None, copies) => DeckParser::shoe(request.deck.map(|d| d * copies), request.base, copies),
    };
    let settled = deck_lines::settle(reader, &mut parser, request.skip_invalid)?;
    if request.decks_only
        && let Some(list) = parser.decklist_read()
    {
        return Err(AuditError::Decklists {
            cards: list.cards(),
            distinct: list.counts().len(),
        });
    }
    if parser.decklist_read().is_some() || request.copies > 1 {
        return repeated(request, parser, settled, progress);
    }
    if !request.groups.is_empty() || request.hand.is_some() {
        // Numbered decks with a group: each card once, named by its number.
        let (Some(n), Some(base)) = (parser.deck(), parser.base()) else {
            return Err(AuditError::GroupNeedsDeck);
        };
        let spec = (0..n as u64)
            .map(|c| format!("{}:1", c + base.first()))
            .collect::<Vec<_>>()
            .join(",");
        let list = Decklist::parse(&spec).expect("numbers 0..=255 each once");
        return repeated(request, DeckParser::decklist(list), settled, progress);
    }
    decks(request, parser, settled, progress)
}

/// The input's description, from what was read.
fn info(
    request: &Lines,
    lines: LineCounts,
    deck: usize,
    base: Option<Base>,
    base_detected: bool,
    (sha256, bytes): (String, u64),
) -> InputInfo {
    InputInfo {
        source: request.source.clone(),
        lines: lines.lines,
        decks: lines.decks,
        deck,
        base,
        base_detected,
        invalid: lines.invalid,
        sha256: Some(sha256),
        bytes,
        ordered: request.ordered,
    }
}

/// Plain decks counted: the counts, the lines', and what the input was.
#[derive(Clone, Debug)]
pub struct Counted {
    /// The decks' counts, ready to merge with others or to test.
    pub counts: DeckCounts,
    /// The lines read: decks and invalid lines.
    pub lines: LineCounts,
    /// Cards per deck.
    pub deck: usize,
    /// The numbering the decks hold.
    pub base: Base,
    /// The SHA-256 of every byte read, in lowercase hexadecimal, and the
    /// bytes.
    pub digest: (String, u64),
    /// The workers that counted them.
    pub threads: usize,
}

/// Reads and counts the plain decks of `input` as `request` says, on the
/// current rayon pool, without testing them: decklists and shoes are
/// refused ([`AuditError::Decklists`]).
///
/// # Errors
/// [`AuditError::Read`] and [`AuditError::Decklists`].
pub fn count<R: std::io::Read + Send>(
    request: &Lines,
    input: R,
    progress: &(dyn Fn(u64, &LineCounts) + Sync),
) -> Result<Counted, AuditError> {
    let reader = BufReader::with_capacity(1 << 16, Hashing::new(input));
    let mut parser = DeckParser::new(request.deck, request.base);
    let settled = deck_lines::settle(reader, &mut parser, request.skip_invalid)?;
    if let Some(list) = parser.decklist_read() {
        return Err(AuditError::Decklists {
            cards: list.cards(),
            distinct: list.counts().len(),
        });
    }
    count_settled(request, parser, settled, progress)
}

/// Counts the rest of a settled input of plain decks.
fn count_settled<R: std::io::Read + Send>(
    request: &Lines,
    mut parser: DeckParser,
    settled: Settled<Input<R>>,
    progress: &(dyn Fn(u64, &LineCounts) + Sync),
) -> Result<Counted, AuditError> {
    // The arrangements' histograms are shared by every stretch of the
    // read, whatever the workers.
    let tally = DeckTally::new(request.ordered);
    let tally = deck_lines::Tally {
        new: |deck: &[u8], before| tally.counts(deck, before),
        observe: DeckCounts::observe,
        append: DeckCounts::append,
    };
    let (counts, lines, input) =
        deck_lines::count_parallel(settled, &mut parser, &tally, progress)?;
    Ok(Counted {
        counts,
        lines,
        deck: parser.deck().expect("known after a deck"),
        base: parser.base().expect("known after a deck"),
        digest: input.into_inner().finish(),
        threads: rayon::current_num_threads(),
    })
}

/// An audit of plain decks: every card once.
fn decks<R: std::io::Read + Send>(
    request: &Lines,
    parser: DeckParser,
    settled: Settled<Input<R>>,
    progress: &(dyn Fn(u64, &LineCounts) + Sync),
) -> Result<Read, AuditError> {
    let counted = count_settled(request, parser, settled, progress)?;
    let input = info(
        request,
        counted.lines,
        counted.deck,
        Some(counted.base),
        request.base.is_none(),
        counted.digest,
    );
    let outcome = super::decks(Decks {
        name: request.name.clone(),
        input,
        counts: counted.counts,
        alpha: request.alpha,
    })?;
    Ok(Read {
        audited: Audited::Decks(Box::new(outcome)),
        threads: counted.threads,
    })
}

/// An audit of decks whose cards repeat: shoes (`copies > 1`) and
/// decklists, tested with the statistics that have exact laws for any
/// composition ([`stats::hypothesis::shoe`]).
fn repeated<R: std::io::Read + Send>(
    request: &Lines,
    mut parser: DeckParser,
    settled: Settled<Input<R>>,
    progress: &(dyn Fn(u64, &LineCounts) + Sync),
) -> Result<Read, AuditError> {
    let list = parser.decklist_read().cloned();
    let groups = resolve_groups(&request.groups, list.as_ref())?;
    let counts_of = |composition: Composition| -> Result<ShoeCounts, AuditError> {
        let cards = composition.cards();
        let counts = ShoeCounts::new(composition, request.ordered);
        if list.is_none() {
            return Ok(counts);
        }
        let hand = judge::decklist::opening_hand(cards, request.hand);
        counts
            .with_hand(hand, groups.clone())
            .map_err(AuditError::Groups)
    };
    let copies = request.copies;
    let template: Option<ShoeCounts> = match (&list, parser.deck()) {
        (Some(list), _) => Some(counts_of(
            Composition::new(list.counts().to_vec()).map_err(AuditError::Decklist)?,
        )?),
        (None, Some(cards)) => Some(counts_of(
            Shoe::new(cards / copies, copies)
                .map_err(AuditError::Shoe)?
                .composition(),
        )?),
        // Settled by the first valid line: counted from it.
        (None, None) => None,
    };
    let tally = deck_lines::Tally {
        new: |cards: &[u8], before| {
            let counts = template.clone().unwrap_or_else(|| {
                let shoe = Shoe::new(cards.len() / copies, copies).expect("the parser checked it");
                ShoeCounts::new(shoe.composition(), request.ordered)
            });
            counts.after(before)
        },
        observe: ShoeCounts::observe,
        append: ShoeCounts::append,
    };
    let (counts, lines, input) =
        deck_lines::count_parallel(settled, &mut parser, &tally, progress)?;
    let threads = rayon::current_num_threads();
    let input = info(
        request,
        lines,
        counts.composition().values(),
        parser.base().filter(|_| list.is_none()),
        match list {
            Some(_) => request.composition.is_none(),
            None => request.base.is_none(),
        },
        input.into_inner().finish(),
    );
    let outcome = super::repeated(Repeated {
        name: request.name.clone(),
        input,
        counts,
        names: list.map(|l| l.names()),
        alpha: request.alpha,
    })?;
    Ok(Read {
        audited: Audited::Repeated(Box::new(outcome)),
        threads,
    })
}

/// The groups asked for, their cards found in the decklist.
fn resolve_groups(
    groups: &[(String, Vec<String>)],
    list: Option<&Decklist>,
) -> Result<Vec<Group>, AuditError> {
    let Some(list) = list else {
        return Ok(Vec::new());
    };
    groups
        .iter()
        .map(|(group, cards)| {
            let values = cards
                .iter()
                .map(|card| {
                    list.value_of(card)
                        .ok_or_else(|| AuditError::NotInDecklist {
                            group: group.clone(),
                            card: card.clone(),
                            cards: list
                                .names()
                                .iter()
                                .map(|n| deck_lines::shown_name(n))
                                .collect::<Vec<_>>()
                                .join(", "),
                        })
                })
                .collect::<Result<Vec<_>, _>>()?;
            // Named twice: said by name (the judge's check sees values).
            if let Some(twice) = cards
                .iter()
                .enumerate()
                .find(|&(i, _)| values[..i].contains(&values[i]))
                .map(|(_, card)| card)
            {
                return Err(AuditError::NamedTwice {
                    group: group.clone(),
                    card: twice.clone(),
                });
            }
            Ok(Group {
                name: group.clone(),
                values,
            })
        })
        .collect()
}
