//! Decks whose cards repeat (decklists): cards as numbers or names, the
//! copies of each fixed by a composition that every line must have.

use crate::is_separator;
use crate::line::LineError;
use std::collections::HashMap;
use thiserror::Error;

/// The most cards a decklist line holds: a shoe of 8 decks of 255.
pub const MAX_DECKLIST_CARDS: usize = 8 * 255;
/// The most distinct cards a decklist holds.
pub const MAX_DECKLIST_VALUES: usize = 255;

/// A card of a decklist line: a number, or a name (`Forest`).
#[derive(Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
enum Card {
    /// Numbers sort first, by value.
    Number(u64),
    /// Then names, by their bytes.
    Name(Vec<u8>),
}

impl Card {
    fn of(token: &[u8]) -> Card {
        if !token.is_empty() && token.iter().all(u8::is_ascii_digit) {
            // Leading zeros name the same card; more than 19 digits stay a
            // name rather than overflow.
            if let Ok(v) = std::str::from_utf8(token).expect("digits").parse() {
                return Card::Number(v);
            }
        }
        Card::Name(token.to_vec())
    }

    fn label(&self) -> String {
        match self {
            Card::Number(v) => v.to_string(),
            Card::Name(n) => String::from_utf8_lossy(n).into_owned(),
        }
    }
}

/// The cards of a deck whose cards repeat, each with its copies: values
/// `0..V` in the order of their names (numbers first, by value; then
/// names, by their bytes), so that the numbering does not depend on any
/// deck read.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Decklist {
    cards: Vec<Card>,
    counts: Vec<usize>,
    index: HashMap<Card, u8>,
    /// The values in the order the list gave them (by name for a list
    /// read from the lines).
    order: Vec<u8>,
}

/// A composition that cannot be read or used.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum DecklistError {
    /// An entry of `--composition` that is not `NAME:COPIES`.
    #[error("{0:?} is not NAME:COPIES (for example Forest:9)")]
    Entry(String),
    /// A card listed twice.
    #[error("card {0:?} is listed twice")]
    Twice(String),
    /// Fewer than 2 or more than 255 distinct cards.
    #[error("{0} distinct cards: a decklist holds 2..={MAX_DECKLIST_VALUES}")]
    Distinct(usize),
    /// More cards than [`MAX_DECKLIST_CARDS`].
    #[error("{0} cards: a decklist holds at most {MAX_DECKLIST_CARDS}")]
    Cards(usize),
    /// A name the lines could not hold.
    #[error("card name {0:?}: a name is one token, without spaces, commas, brackets or quotes")]
    Name(String),
}

impl Decklist {
    /// The composition `Forest:9,Island:8,Bolt:4` (`NAME:COPIES`, separated
    /// by commas): the cards and their copies, as `--composition` gives
    /// them.
    ///
    /// # Errors
    /// [`DecklistError`] naming the bad entry.
    pub fn parse(spec: &str) -> Result<Decklist, DecklistError> {
        let mut entries = Vec::new();
        for entry in spec.split(',').map(str::trim) {
            let (name, copies) = entry
                .rsplit_once(':')
                .ok_or_else(|| DecklistError::Entry(entry.into()))?;
            let copies: usize = copies
                .trim()
                .parse()
                .ok()
                .filter(|&c| c > 0)
                .ok_or_else(|| DecklistError::Entry(entry.into()))?;
            let name = name.trim();
            if name.is_empty()
                || name
                    .bytes()
                    .any(|b| is_separator(b) || b"[]\"".contains(&b) || b.is_ascii_control())
            {
                return Err(DecklistError::Name(name.into()));
            }
            entries.push((Card::of(name.as_bytes()), copies));
        }
        Decklist::of(entries)
    }

    fn of(entries: Vec<(Card, usize)>) -> Result<Decklist, DecklistError> {
        let given: Vec<Card> = entries.iter().map(|e| e.0.clone()).collect();
        let mut entries = entries;
        entries.sort();
        if let Some(w) = entries.windows(2).find(|w| w[0].0 == w[1].0) {
            return Err(DecklistError::Twice(w[0].0.label()));
        }
        if !(2..=MAX_DECKLIST_VALUES).contains(&entries.len()) {
            return Err(DecklistError::Distinct(entries.len()));
        }
        let cards: usize = entries.iter().map(|e| e.1).sum();
        if cards > MAX_DECKLIST_CARDS {
            return Err(DecklistError::Cards(cards));
        }
        let index: HashMap<Card, u8> = entries
            .iter()
            .enumerate()
            .map(|(i, (c, _))| (c.clone(), i as u8))
            .collect();
        let order = given.iter().map(|c| index[c]).collect();
        let (cards, counts) = entries.into_iter().unzip();
        Ok(Decklist {
            cards,
            counts,
            index,
            order,
        })
    }

    /// The composition of one line's cards, if it is one.
    fn of_line(tokens: &[&[u8]]) -> Result<Decklist, DecklistError> {
        let mut copies: HashMap<Card, usize> = HashMap::new();
        for t in tokens {
            *copies.entry(Card::of(t)).or_default() += 1;
        }
        let mut entries: Vec<(Card, usize)> = copies.into_iter().collect();
        entries.sort();
        Decklist::of(entries)
    }

    /// The cards' names, value by value.
    pub fn names(&self) -> Vec<String> {
        self.cards.iter().map(Card::label).collect()
    }

    /// The value of each card of the list in its order: the entries of
    /// [`parse`](Decklist::parse) as given, each as often as its copies
    /// (`Forest:2,Bolt:1`: Forest, Forest, Bolt); a list read from the
    /// lines in the order of the names. A deck "in list order".
    pub fn listed(&self) -> Vec<usize> {
        self.order
            .iter()
            .flat_map(|&v| std::iter::repeat_n(usize::from(v), self.counts[usize::from(v)]))
            .collect()
    }

    /// The copies of each value.
    pub fn counts(&self) -> &[usize] {
        &self.counts
    }

    /// Cards in a deck.
    pub fn cards(&self) -> usize {
        self.counts.iter().sum()
    }

    /// The value named `name`, if the decklist holds it.
    pub fn value_of(&self, name: &str) -> Option<usize> {
        self.index
            .get(&Card::of(name.as_bytes()))
            .map(|&v| usize::from(v))
    }

    /// Whether every card appears once and the names are the numbers
    /// `first..first + V`: a plain numbered deck.
    fn is_numbered(&self) -> bool {
        self.counts.iter().all(|&k| k == 1)
            && self.cards.iter().all(|c| matches!(c, Card::Number(_)))
    }

    /// One line's cards as values into `out`, checked against the
    /// composition: an unknown card, or a card more often than its copies,
    /// is an error naming it (the length is checked before).
    fn values(
        &self,
        tokens: &[&[u8]],
        out: &mut Vec<u8>,
        held: &mut Vec<usize>,
    ) -> Result<(), LineError> {
        held.clear();
        held.resize(self.counts.len(), 0);
        out.clear();
        for t in tokens {
            let card = Card::of(t);
            let Some(&v) = self.index.get(&card) else {
                return Err(LineError::NotInDecklist {
                    card: shorten(&card.label()),
                    values: self.counts.len(),
                });
            };
            let h = &mut held[usize::from(v)];
            *h += 1;
            if *h > self.counts[usize::from(v)] {
                return Err(LineError::ExtraCopy {
                    card: shorten(&card.label()),
                    copies: self.counts[usize::from(v)],
                });
            }
            out.push(v);
        }
        Ok(())
    }
}

/// At most 40 characters of a card's name, for a message.
fn shorten(s: &str) -> String {
    s.chars().take(40).collect()
}

/// The tokens of a line: separated by whitespace and/or commas, or a JSON
/// array of numbers and of strings without escapes (`["Forest","Island"]`).
pub(crate) fn split_tokens<'a>(line: &'a [u8], out: &mut Vec<&'a [u8]>) -> Result<(), LineError> {
    out.clear();
    let (body, json) = crate::line_body(line)?;
    let mut i = 0;
    let mut expect_value = true;
    while i < body.len() {
        let b = body[i];
        if b == b',' {
            if json && expect_value {
                return Err(LineError::Json("a comma without a card before it"));
            }
            expect_value = true;
            i += 1;
        } else if b == b'\r' {
            return Err(LineError::CarriageReturn);
        } else if b.is_ascii_whitespace() {
            i += 1;
        } else {
            if json && !expect_value {
                return Err(LineError::Json("two cards without a comma"));
            }
            let token = if json && b == b'"' {
                let len = body[i + 1..]
                    .iter()
                    .position(|&c| c == b'"')
                    .ok_or(LineError::Json("a string that does not close"))?;
                let s = &body[i + 1..i + 1 + len];
                if s.contains(&b'\\') {
                    return Err(LineError::Json(
                        "a string with an escape (\\): card names are read as written",
                    ));
                }
                i += len + 2;
                s
            } else {
                let start = i;
                while i < body.len() && !is_separator(body[i]) {
                    i += 1;
                }
                &body[start..i]
            };
            if token.is_empty()
                || token
                    .iter()
                    .any(|&c| c.is_ascii_control() || b"[]\"".contains(&c))
                || std::str::from_utf8(token).is_err()
            {
                let shown: String = String::from_utf8_lossy(token).chars().take(40).collect();
                return Err(LineError::BadName { token: shown });
            }
            out.push(token);
            expect_value = false;
        }
    }
    crate::end_of_items(
        json,
        expect_value,
        out.is_empty(),
        "a comma after the last card",
    )
}

/// How a parser reads a decklist line, and learns the composition.
#[derive(Clone, Debug)]
pub(crate) struct DecklistReader {
    pub(crate) list: Decklist,
    held: Vec<usize>,
}

impl DecklistReader {
    pub(crate) fn new(list: Decklist) -> Self {
        DecklistReader {
            list,
            held: Vec::new(),
        }
    }

    /// One line's cards as values into `out`: `want` of them (the deck
    /// size, given or of the first lines), which must be the decklist's.
    pub(crate) fn parse(
        &mut self,
        line: &[u8],
        out: &mut Vec<u8>,
        (want, origin): (usize, &'static str),
    ) -> Result<(), LineError> {
        let mut tokens = Vec::new();
        split_tokens(line, &mut tokens)?;
        for (want, origin) in [(want, origin), (self.list.cards(), "of the decklist")] {
            if tokens.len() != want {
                return Err(LineError::WrongLength {
                    got: tokens.len(),
                    want,
                    unit: "decklist",
                    origin,
                });
            }
        }
        self.list.values(&tokens, out, &mut self.held)
    }
}

/// The decklist most of `lines` hold, if most of the lines of their most
/// common length are decklists (a name among the cards, or a card twice);
/// `None` when they are plain numbered decks (or nothing).
pub(crate) fn vote<'a>(lines: impl IntoIterator<Item = &'a [u8]>) -> Option<Decklist> {
    let mut tokens = Vec::new();
    // (length, votes), first seen first; and the lists of each length.
    let mut lengths: Vec<(usize, usize)> = Vec::new();
    let mut lists: Vec<(usize, Option<Decklist>)> = Vec::new();
    for line in lines {
        let line = line.strip_suffix(b"\r").unwrap_or(line);
        if split_tokens(line, &mut tokens).is_err()
            || !(2..=MAX_DECKLIST_CARDS).contains(&tokens.len())
        {
            continue;
        }
        match lengths.iter_mut().find(|(len, _)| *len == tokens.len()) {
            Some(t) => t.1 += 1,
            None => lengths.push((tokens.len(), 1)),
        }
        lists.push((tokens.len(), Decklist::of_line(&tokens).ok()));
    }
    // max_by_key keeps the last maximum: reversed, the earliest wins.
    let (len, votes) = *lengths.iter().rev().max_by_key(|(_, votes)| *votes)?;
    let mut tally: Vec<(&Decklist, usize)> = Vec::new();
    for list in lists
        .iter()
        .filter(|(l, _)| *l == len)
        .filter_map(|(_, d)| d.as_ref())
    {
        if list.is_numbered() {
            continue;
        }
        match tally.iter_mut().find(|(d, _)| *d == list) {
            Some(t) => t.1 += 1,
            None => tally.push((list, 1)),
        }
    }
    let decklists: usize = tally.iter().map(|t| t.1).sum();
    if 2 * decklists <= votes {
        return None;
    }
    tally
        .iter()
        .rev()
        .max_by_key(|(_, votes)| *votes)
        .map(|(d, _)| (*d).clone())
}
