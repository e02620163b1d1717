//! Why a line is not a deck, and the count of such lines by kind.

use crate::base::Base;
use algorithms::{MAX_DECK, MIN_DECK};
use thiserror::Error;

/// Why a line is not a deck.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum LineError {
    /// Nothing on the line.
    #[error("empty line")]
    Empty,
    /// A token that is not a non-negative integer.
    #[error("{token:?} is not a number: a deck lists cards as non-negative integers")]
    NotANumber {
        /// The token, shortened to 40 characters.
        token: String,
    },
    /// A whole number too large for any card (past `2^64 − 1`).
    #[error(
        "card {token} is out of range: a deck holds {MIN_DECK}..={MAX_DECK} cards, numbered from 0 or 1"
    )]
    TooLarge {
        /// The number, shortened to 40 characters.
        token: String,
    },
    /// A token that is not a number, in lines that name cards but cannot
    /// be a decklist.
    #[error("{token:?} is not a number, and the lines are not a decklist: {why}")]
    NotADecklist {
        /// The token, shortened to 40 characters.
        token: String,
        /// Why they are not a decklist.
        why: String,
    },
    /// A JSON array that does not close, or text after it.
    #[error("malformed JSON array: {0}")]
    Json(&'static str),
    /// Fewer or more cards than the deck has.
    #[error("{got} cards, expected {want} (the {unit} size {origin})")]
    WrongLength {
        /// Cards on the line.
        got: usize,
        /// The deck size.
        want: usize,
        /// `"deck"`, or `"shoe"` when each card appears several times.
        unit: &'static str,
        /// Where the deck size came from: `"given"`, `"of most of the
        /// first lines"` or `"of the first deck"`.
        origin: &'static str,
    },
    /// A carriage return inside a line: the input ends its lines with CR
    /// alone (classic Mac OS), so every deck runs into the next.
    #[error(
        "a carriage return (\\r) inside the line: the input seems to end its lines with \\r alone; end them with \\n or \\r\\n (for example: tr '\\r' '\\n')"
    )]
    CarriageReturn,
    /// A deck size the suite cannot count.
    #[error("a deck of {0} cards: decks of {MIN_DECK}..={MAX_DECK} cards can be audited")]
    DeckSize(usize),
    /// A draw of too few or too many items.
    #[error("a draw of {0} items: draws of 2..={max} items can be tested", max = crate::MAX_DRAW_ITEMS)]
    DrawSize(usize),
    /// A line that cannot be a shoe of `copies` decks.
    #[error(
        "{cards} cards cannot be a shoe of {copies} decks: it holds {copies} x {MIN_DECK}..={MAX_DECK} cards"
    )]
    ShoeSize {
        /// Cards on the line.
        cards: usize,
        /// Decks in the shoe.
        copies: usize,
    },
    /// A card outside the numbering.
    #[error("card {value} is out of range: a {base} deck of {n} cards holds {lo}..={hi}", base = base.label(), lo = base.first(), hi = base.first() + *n as u64 - 1)]
    OutOfRange {
        /// The value.
        value: u64,
        /// The numbering.
        base: Base,
        /// The deck size.
        n: usize,
    },
    /// A deck that holds neither 0 nor `n` cannot be numbered.
    #[error("cannot tell whether cards are numbered from 0 or 1: the deck holds neither 0 nor {0}")]
    NoBase(usize),
    /// A card listed twice.
    #[error("card {0} appears twice")]
    Duplicate(u64),
    /// A card listed more often than a shoe has copies of it.
    #[error(
        "card {value} appears more than {copies} times: a shoe of {copies} decks holds each card {copies} times"
    )]
    TooManyCopies {
        /// The card.
        value: u64,
        /// Decks in the shoe.
        copies: usize,
    },
    /// A card that is not in the decklist.
    #[error(
        "card {card:?} is not in the decklist (its {values} distinct cards are those of most of the first lines, or of --composition)"
    )]
    NotInDecklist {
        /// The card, shortened to 40 characters.
        card: String,
        /// Distinct cards in the decklist.
        values: usize,
    },
    /// A card more often than the decklist holds it.
    #[error("card {card:?} appears more than {copies} times: the decklist holds {copies}")]
    ExtraCopy {
        /// The card, shortened to 40 characters.
        card: String,
        /// Its copies in the decklist.
        copies: usize,
    },
    /// A token that cannot name a card.
    #[error(
        "{token:?} cannot name a card: a card is a non-negative integer or a name in UTF-8 without control characters (a JSON string may hold any)"
    )]
    BadName {
        /// The token, shortened to 40 characters.
        token: String,
    },
    /// Card names that cannot be read one way only: a quote or a
    /// separator where the name syntax allows none.
    #[error(
        "{0} (names are separated by commas or tabs, and may then hold spaces; a name in double quotes may hold commas, with \"\" for a quote; or write a JSON array)"
    )]
    Names(&'static str),
    /// A line starting with `[` that is not a JSON array of cards.
    #[error("malformed JSON array: {0}")]
    JsonSyntax(String),
    /// A line longer than [`MAX_LINE_BYTES`] (it is skipped unread).
    #[error(
        "line longer than {MAX_LINE_BYTES} bytes: no deck of {MIN_DECK}..={MAX_DECK} cards needs that many"
    )]
    TooLong,
    /// No line end in [`MAX_SKIPPED_LINE_BYTES`]: the read stops, even
    /// when bad lines are skipped.
    #[error(
        "no line end in {MAX_SKIPPED_LINE_BYTES} bytes: this is not lines of decks (a line longer than {MAX_LINE_BYTES} bytes is skipped up to that many)"
    )]
    Endless,
}

impl LineError {
    /// Whether this error ends the read even when bad lines are skipped:
    /// a line with no end in sight.
    pub fn ends_the_read(&self) -> bool {
        matches!(self, LineError::Endless)
    }
}

/// The longest line read; the rest of a longer line is skipped without
/// being kept, so memory stays bounded whatever the input.
pub const MAX_LINE_BYTES: usize = 1 << 20;

/// The most bytes of one line skipped when bad lines are skipped: past
/// them with no line end, the read stops ([`LineError::Endless`]).
pub const MAX_SKIPPED_LINE_BYTES: u64 = 64 << 20;

/// How many lines of each kind a read found, and where the first of each
/// invalid kind was.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct LineCounts {
    /// Lines read (the final newline does not start another).
    pub lines: u64,
    /// Valid decks.
    pub decks: u64,
    /// Invalid lines by kind, in the order their kinds first appeared.
    pub invalid: Vec<InvalidLines>,
    /// The invalid lines in a row at each end of these lines, and where
    /// [`MAX_INVALID_RUN`] of them in a row were first reached.
    pub runs: InvalidRuns,
}

/// The most invalid lines in a row, with no deck among them, that a read
/// skipping bad lines skips: the next one stops it
/// ([`ReadError::TooManyInvalid`](crate::ReadError::TooManyInvalid)).
/// Ten times the lines read ahead for the vote
/// ([`VOTE_LINES`](crate::VOTE_LINES)): an input of decks with bad lines
/// here and there never comes near it, and one that is not decks at all
/// (`yes ''`, a binary file, another format) is told so at once instead
/// of being read to its end, or forever.
pub const MAX_INVALID_RUN: u64 = 10_000;

/// The invalid lines in a row at each end of a stretch of lines: enough
/// to find, when stretches counted apart are appended in order, the line
/// at which [`MAX_INVALID_RUN`] in a row were first reached, as one pass
/// over them all would.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct InvalidRuns {
    /// Invalid lines before the stretch's first deck (all its lines when
    /// it has none).
    pub leading: u64,
    /// Invalid lines after its last deck (all its lines when it has none).
    pub trailing: u64,
    /// The line (from 1, in the stretch) at which [`MAX_INVALID_RUN`]
    /// invalid lines in a row were first reached, counting only the
    /// stretch's own lines.
    pub overrun: Option<u64>,
}

/// The kind of a [`LineError`], without its details.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(
    feature = "serde",
    derive(serde::Serialize, serde::Deserialize),
    serde(rename_all = "kebab-case")
)]
pub enum LineKind {
    /// [`LineError::Empty`].
    EmptyLine,
    /// [`LineError::NotANumber`].
    NotANumber,
    /// [`LineError::Json`].
    MalformedJson,
    /// [`LineError::WrongLength`].
    WrongLength,
    /// [`LineError::DeckSize`].
    DeckSize,
    /// [`LineError::OutOfRange`].
    OutOfRange,
    /// [`LineError::NoBase`].
    NoBase,
    /// [`LineError::Duplicate`].
    DuplicateCard,
    /// [`LineError::TooManyCopies`].
    TooManyCopies,
    /// [`LineError::NotInDecklist`].
    NotInDecklist,
    /// [`LineError::BadName`].
    BadName,
    /// [`LineError::TooLong`].
    LineTooLong,
    /// [`LineError::CarriageReturn`].
    CarriageReturn,
}

impl LineKind {
    /// The kebab-case name.
    pub fn label(self) -> &'static str {
        match self {
            LineKind::EmptyLine => "empty-line",
            LineKind::NotANumber => "not-a-number",
            LineKind::MalformedJson => "malformed-json",
            LineKind::WrongLength => "wrong-length",
            LineKind::DeckSize => "deck-size",
            LineKind::OutOfRange => "out-of-range",
            LineKind::NoBase => "no-base",
            LineKind::DuplicateCard => "duplicate-card",
            LineKind::TooManyCopies => "too-many-copies",
            LineKind::NotInDecklist => "not-in-decklist",
            LineKind::BadName => "bad-name",
            LineKind::LineTooLong => "line-too-long",
            LineKind::CarriageReturn => "carriage-return",
        }
    }
}

impl std::fmt::Display for LineKind {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.pad(self.label())
    }
}

/// The invalid lines of one kind.
#[derive(Clone, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct InvalidLines {
    /// What is wrong with them.
    pub kind: LineKind,
    /// How many.
    pub count: u64,
    /// The first one's line number (from 1).
    pub first_line: u64,
    /// The first one's message.
    pub message: String,
}

impl LineError {
    /// The kind of error.
    pub fn kind(&self) -> LineKind {
        match self {
            LineError::Empty => LineKind::EmptyLine,
            LineError::NotANumber { .. } | LineError::NotADecklist { .. } => LineKind::NotANumber,
            LineError::Json(_) | LineError::JsonSyntax(_) => LineKind::MalformedJson,
            LineError::WrongLength { .. } => LineKind::WrongLength,
            LineError::DeckSize(_) | LineError::ShoeSize { .. } | LineError::DrawSize(_) => {
                LineKind::DeckSize
            }
            LineError::OutOfRange { .. } | LineError::TooLarge { .. } => LineKind::OutOfRange,
            LineError::NoBase(_) => LineKind::NoBase,
            LineError::Duplicate(_) => LineKind::DuplicateCard,
            LineError::TooManyCopies { .. } | LineError::ExtraCopy { .. } => {
                LineKind::TooManyCopies
            }
            LineError::NotInDecklist { .. } => LineKind::NotInDecklist,
            LineError::BadName { .. } | LineError::Names(_) => LineKind::BadName,
            LineError::TooLong | LineError::Endless => LineKind::LineTooLong,
            LineError::CarriageReturn => LineKind::CarriageReturn,
        }
    }
}

impl LineCounts {
    /// Counts an invalid line `number` with error `e`.
    pub fn invalid(&mut self, number: u64, e: &LineError) {
        if self.decks == 0 {
            self.runs.leading += 1;
        }
        self.runs.trailing += 1;
        if self.runs.trailing >= MAX_INVALID_RUN && self.runs.overrun.is_none() {
            self.runs.overrun = Some(number);
        }
        let kind = e.kind();
        match self.invalid.iter_mut().find(|l| l.kind == kind) {
            Some(lines) => lines.count += 1,
            None => self.invalid.push(InvalidLines {
                kind,
                count: 1,
                first_line: number,
                message: e.to_string(),
            }),
        }
    }

    /// Counts a valid deck.
    pub fn deck(&mut self) {
        self.decks += 1;
        self.runs.trailing = 0;
    }

    /// The line at which [`MAX_INVALID_RUN`] invalid lines in a row were
    /// first reached, if they were: a read skipping bad lines stops there.
    pub fn overrun(&self) -> Option<u64> {
        self.runs.overrun
    }

    /// Adds the counts of the lines that came right after these: line
    /// numbers of `later` follow these lines'.
    pub fn append(&mut self, later: LineCounts) {
        let offset = self.lines;
        let (before, after) = (self.runs, later.runs);
        // A run that ends these lines goes on into the later ones.
        let overrun = before.overrun.or_else(|| {
            if before.trailing + after.leading >= MAX_INVALID_RUN {
                Some(offset + (MAX_INVALID_RUN - before.trailing))
            } else {
                after.overrun.map(|l| l + offset)
            }
        });
        self.runs = InvalidRuns {
            leading: if self.decks == 0 {
                before.leading + after.leading
            } else {
                before.leading
            },
            trailing: if later.decks == 0 {
                before.trailing + after.trailing
            } else {
                after.trailing
            },
            overrun,
        };
        for l in later.invalid {
            match self.invalid.iter_mut().find(|m| m.kind == l.kind) {
                Some(m) => m.count += l.count,
                None => self.invalid.push(InvalidLines {
                    first_line: l.first_line + offset,
                    ..l
                }),
            }
        }
        self.lines += later.lines;
        self.decks += later.decks;
    }

    /// Invalid lines in all.
    pub fn invalid_total(&self) -> u64 {
        self.invalid.iter().map(|l| l.count).sum()
    }
}
