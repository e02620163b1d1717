//! Decks whose cards repeat (decklists): cards as numbers or names, the
//! copies of each fixed by a composition that every line must have.

use crate::line::LineError;
use algorithms::{MAX_DECK, MIN_DECK};
use std::borrow::Cow;
use std::collections::HashMap;
use thiserror::Error;

/// The most cards a decklist line holds: a shoe of 8 decks of 255.
pub const MAX_DECKLIST_CARDS: usize = 8 * MAX_DECK;
/// The most distinct cards a decklist holds.
pub const MAX_DECKLIST_VALUES: usize = MAX_DECK;

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

    /// The card's name as the lines give it: its number's digits, or its
    /// name.
    fn name(&self) -> String {
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
    #[error(
        "{count} distinct card{}{}: a decklist holds {MIN_DECK}..={MAX_DECKLIST_VALUES}",
        if *count == 1 { "" } else { "s" },
        only.as_deref().map(|o| format!(" ({o})")).unwrap_or_default()
    )]
    Distinct {
        /// The distinct cards.
        count: usize,
        /// The one card and its copies, when there is one:
        /// `"Forest:9" with 1 copy`.
        only: Option<String>,
    },
    /// More cards than [`MAX_DECKLIST_CARDS`].
    #[error("{0} cards: a decklist holds at most {MAX_DECKLIST_CARDS}")]
    Cards(usize),
    /// A list whose names cannot be read one way only.
    #[error("{spec:?}: {error}")]
    Names {
        /// The list.
        spec: String,
        /// What cannot be read.
        error: LineError,
    },
    /// A name that is empty or holds a control character.
    #[error("card name {0:?}: a name is not empty and holds no control character")]
    Name(String),
}

impl Decklist {
    /// The composition `Forest:9,Island:8,Bolt:4` (`NAME:COPIES`, separated
    /// by commas): the cards and their copies, as `--composition` gives
    /// them. A name may hold spaces and colons (`Giant Growth:4`; the
    /// copies follow the last colon); a name in double quotes may hold
    /// commas (`"Fire, Ice":2`), as in a line of names (the [line syntax](crate)).
    ///
    /// # Errors
    /// [`DecklistError`] naming the bad entry.
    pub fn parse(spec: &str) -> Result<Decklist, DecklistError> {
        let mut fields = Vec::new();
        split_fields(spec.trim().as_bytes(), b',', true, &mut fields).map_err(|error| {
            DecklistError::Names {
                spec: spec.into(),
                error,
            }
        })?;
        let mut entries = Vec::new();
        for field in &fields {
            let entry = String::from_utf8_lossy(field);
            let (name, copies) = entry
                .rsplit_once(':')
                .ok_or_else(|| DecklistError::Entry(entry.to_string()))?;
            let copies: usize = copies
                .trim()
                .parse()
                .ok()
                .filter(|&c| c > 0)
                .ok_or_else(|| DecklistError::Entry(entry.to_string()))?;
            let name = name.trim();
            if name.is_empty() || name.chars().any(char::is_control) {
                return Err(DecklistError::Name(name.into()));
            }
            entries.push((Card::of(name.as_bytes()), copies));
        }
        Decklist::of(entries)
    }

    /// What separates the names of a line that the [line syntax](crate) reads
    /// back as these cards: a space when every name is one word without
    /// quotes, else a comma and a space (each name then written with
    /// [`quote_name`]).
    pub fn separator(&self) -> &'static str {
        // A line that starts with `[` is a JSON array: a name that starts
        // with one is written quoted, after a comma.
        let word = |c: &Card| match c {
            Card::Number(_) => true,
            Card::Name(n) => {
                n.first() != Some(&b'[')
                    && !n
                        .iter()
                        .any(|&b| b.is_ascii_whitespace() || b"\",".contains(&b))
            }
        };
        if self.cards.iter().all(word) {
            " "
        } else {
            ", "
        }
    }

    fn of(entries: Vec<(Card, usize)>) -> Result<Decklist, DecklistError> {
        let given: Vec<Card> = entries.iter().map(|e| e.0.clone()).collect();
        let mut entries = entries;
        entries.sort();
        if let Some(w) = entries.windows(2).find(|w| w[0].0 == w[1].0) {
            return Err(DecklistError::Twice(w[0].0.name()));
        }
        if !(MIN_DECK..=MAX_DECKLIST_VALUES).contains(&entries.len()) {
            return Err(DecklistError::Distinct {
                count: entries.len(),
                only: match entries.as_slice() {
                    [(card, copies)] => Some(format!(
                        "{:?} with {copies} cop{}",
                        card.name(),
                        if *copies == 1 { "y" } else { "ies" }
                    )),
                    _ => None,
                },
            });
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
    fn of_line(tokens: &[Cow<'_, [u8]>]) -> Result<Decklist, DecklistError> {
        let mut copies: HashMap<Card, usize> = HashMap::new();
        for t in tokens {
            *copies.entry(Card::of(t)).or_default() += 1;
        }
        let mut entries: Vec<(Card, usize)> = copies.into_iter().collect();
        entries.sort();
        Decklist::of(entries)
    }

    /// The cards' names as the lines give them, value by value: what a
    /// JSON document carries and a line is written with. Text shows each
    /// with [`shown_name`].
    pub fn names(&self) -> Vec<String> {
        self.cards.iter().map(Card::name).collect()
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
        tokens: &[Cow<'_, [u8]>],
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
                    card: shorten(&card.name()),
                    values: self.counts.len(),
                });
            };
            let h = &mut held[usize::from(v)];
            *h += 1;
            if *h > self.counts[usize::from(v)] {
                return Err(LineError::ExtraCopy {
                    card: shorten(&card.name()),
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

/// The cards of a decklist line, as written (a name, or a number's
/// digits). The syntax, one way only:
///
/// - a line starting with `[` is a JSON array of strings and non-negative
///   integers, read by a JSON parser: a string may hold any character,
///   escapes included (`"\u00c6ther"`, `"say \"hi\""`);
/// - a line holding a comma (outside double quotes) has its cards
///   separated by commas, and a line holding a tab but no comma by tabs:
///   a name may then hold spaces (`Giant Growth, Forest`), spaces around
///   a name are not part of it, and a name in double quotes may hold
///   commas and tabs, with `""` for a quote (`"Fire, Ice"`), as CSV has
///   it;
/// - any other line has its cards separated by whitespace, and a name is
///   one word.
///
/// A name outside JSON holds no control character; a quote outside a
/// quoted name, an empty name between two separators, or a quoted name
/// that does not close is an error, never a guess.
pub(crate) fn split_tokens<'a>(
    line: &'a [u8],
    out: &mut Vec<Cow<'a, [u8]>>,
) -> Result<(), LineError> {
    out.clear();
    let body = line.trim_ascii();
    if body.contains(&b'\r') {
        return Err(LineError::CarriageReturn);
    }
    if body.first() == Some(&b'[') {
        return split_json(body, out);
    }
    match delimiter(body) {
        Some(d) => split_fields(body, d, false, out)?,
        None => {
            for word in body
                .split(u8::is_ascii_whitespace)
                .filter(|w| !w.is_empty())
            {
                if word.contains(&b'"') {
                    return Err(LineError::Names(
                        "a quote in a line of names separated by spaces: quotes are read only where names are separated by commas or tabs",
                    ));
                }
                out.push(Cow::Borrowed(plain_name(word)?));
            }
        }
    }
    if out.is_empty() {
        return Err(LineError::Empty);
    }
    Ok(())
}

/// The separator of a line's cards: a comma if one stands outside double
/// quotes, else a tab if one does, else none (whitespace).
fn delimiter(body: &[u8]) -> Option<u8> {
    let (mut quoted, mut tab) = (false, false);
    for &b in body {
        match b {
            b'"' => quoted = !quoted,
            b',' if !quoted => return Some(b','),
            b'\t' if !quoted => tab = true,
            _ => {}
        }
    }
    tab.then_some(b'\t')
}

/// The fields of `body` separated by `d`, CSV-style: spaces around a
/// field are dropped, a field in double quotes may hold `d`, with `""`
/// for a quote. With `suffix`, text after the closing quote is part of
/// the field (`"Fire, Ice":2` is `Fire, Ice:2`); without, an error.
pub(crate) fn split_fields<'a>(
    body: &'a [u8],
    d: u8,
    suffix: bool,
    out: &mut Vec<Cow<'a, [u8]>>,
) -> Result<(), LineError> {
    let blank = |b: u8| b != d && b.is_ascii_whitespace();
    let mut i = 0;
    loop {
        while i < body.len() && blank(body[i]) {
            i += 1;
        }
        let field = if body.get(i) == Some(&b'"') {
            let mut name = Vec::new();
            i += 1;
            loop {
                match body.get(i) {
                    None => {
                        return Err(LineError::Names("a quoted name that does not close"));
                    }
                    Some(b'"') if body.get(i + 1) == Some(&b'"') => {
                        name.push(b'"');
                        i += 2;
                    }
                    Some(b'"') => {
                        i += 1;
                        break;
                    }
                    Some(&c) => {
                        name.push(c);
                        i += 1;
                    }
                }
            }
            let start = i;
            while i < body.len() && body[i] != d {
                i += 1;
            }
            let tail = body[start..i].trim_ascii();
            match (suffix, tail.contains(&b'"')) {
                (true, false) => name.extend_from_slice(tail),
                _ if tail.is_empty() => {}
                _ => {
                    return Err(LineError::Names(
                        "text after a quoted name, before the next separator",
                    ));
                }
            }
            plain_name(&name)?;
            Cow::Owned(name)
        } else {
            let start = i;
            while i < body.len() && body[i] != d {
                i += 1;
            }
            let name = body[start..i].trim_ascii_end();
            if name.contains(&b'"') {
                return Err(LineError::Names(
                    "a quote inside a name: put the whole name in quotes and double the quotes inside it",
                ));
            }
            if name.is_empty() {
                return Err(LineError::Names(
                    "an empty name between two separators, or a separator at the end of the line",
                ));
            }
            Cow::Borrowed(plain_name(name)?)
        };
        out.push(field);
        if i >= body.len() {
            return Ok(());
        }
        i += 1;
    }
}

/// A name outside JSON: non-empty UTF-8 without control characters.
fn plain_name(name: &[u8]) -> Result<&[u8], LineError> {
    match std::str::from_utf8(name) {
        Ok(s) if !s.is_empty() && !s.chars().any(char::is_control) => Ok(name),
        _ => Err(LineError::BadName {
            token: shorten(&String::from_utf8_lossy(name)),
        }),
    }
}

/// The cards of a JSON array, read by a JSON parser: strings (any
/// character, escapes decoded) and non-negative integers.
fn split_json<'a>(body: &'a [u8], out: &mut Vec<Cow<'a, [u8]>>) -> Result<(), LineError> {
    let items: Vec<serde_json::Value> =
        serde_json::from_slice(body).map_err(|e| LineError::JsonSyntax(e.to_string()))?;
    if items.is_empty() {
        return Err(LineError::Json("an empty array"));
    }
    for item in items {
        let card = match &item {
            serde_json::Value::String(s) if !s.is_empty() => s.clone().into_bytes(),
            serde_json::Value::Number(n) if n.is_u64() => n.to_string().into_bytes(),
            other => {
                return Err(LineError::BadName {
                    token: shorten(&other.to_string()),
                });
            }
        };
        out.push(Cow::Owned(card));
    }
    Ok(())
}

/// The names of a list separated by commas (`Forest, Giant Growth,
/// "Fire, Ice"`), read as a line of names separated by commas is
/// (the [line syntax](crate)): for options that list cards.
///
/// # Errors
/// A [`LineError`] naming what cannot be read.
pub fn split_names(list: &str) -> Result<Vec<String>, LineError> {
    let mut fields = Vec::new();
    split_fields(list.trim().as_bytes(), b',', false, &mut fields)?;
    Ok(fields
        .iter()
        .map(|f| String::from_utf8_lossy(f).into_owned())
        .collect())
}

/// A name as a field of a line the [line syntax](crate) reads back as that name:
/// bare when it holds no comma, quote, tab or space at either end and does
/// not start with `[` (which would make the line a JSON array), else in
/// double quotes with its quotes doubled. For names separated by commas
/// ([`Decklist::separator`]).
pub fn quote_name(name: &str) -> Cow<'_, str> {
    let bare = !name.is_empty()
        && !name.contains([',', '"', '\t'])
        && !name.starts_with('[')
        && name.trim() == name;
    if bare {
        Cow::Borrowed(name)
    } else {
        Cow::Owned(format!("\"{}\"", name.replace('"', "\"\"")))
    }
}

/// A card's name as text shows it, one way for each name: bare when it
/// holds only printable characters other than whitespace, `\`, `"` and
/// `,` (which a list of names separates them with), else as a JSON string
/// (in double quotes, with `\\`, `\"`, `\n` and `\u` escapes). A bare
/// name never starts with a quote, so two different names never show
/// alike: `a\nb` typed with a backslash shows as `"a\\nb"`, a name with
/// a line break as `"a\nb"`.
pub fn shown_name(name: &str) -> Cow<'_, str> {
    let bare = !name.is_empty()
        && !name
            .chars()
            .any(|c| c.is_control() || c.is_whitespace() || matches!(c, '\\' | '"' | ','));
    if bare {
        Cow::Borrowed(name)
    } else {
        Cow::Owned(serde_json::to_string(name).expect("a string serializes"))
    }
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
/// Why `lines`, most of which name cards (hold a token that is not a
/// number), are not a decklist: a line of one card is no deck, and a
/// decklist holds 2..=255 distinct cards. `None` when most lines are
/// numbers, or nothing is found to say.
pub(crate) fn why_not<'a>(lines: impl IntoIterator<Item = &'a [u8]>) -> Option<String> {
    let mut tokens = Vec::new();
    let (mut lines_seen, mut named, mut single) = (0usize, 0usize, 0usize);
    let mut distinct = None;
    for line in lines {
        let line = line.strip_suffix(b"\r").unwrap_or(line);
        if split_tokens(line, &mut tokens).is_err() || tokens.is_empty() {
            continue;
        }
        lines_seen += 1;
        if tokens
            .iter()
            .all(|t| !t.is_empty() && t.iter().all(u8::is_ascii_digit))
        {
            continue;
        }
        named += 1;
        if tokens.len() == 1 {
            single += 1;
        } else if distinct.is_none()
            && let Err(DecklistError::Distinct { count, .. }) = Decklist::of_line(&tokens)
        {
            distinct = Some(count);
        }
    }
    if 2 * named <= lines_seen {
        return None;
    }
    if 2 * single > named {
        return Some(format!(
            "most of the first lines name one card, and a deck holds {MIN_DECK}..={MAX_DECKLIST_VALUES} cards"
        ));
    }
    distinct.map(|count| {
        format!("the first lines name {count} distinct cards, and a decklist holds {MIN_DECK}..={MAX_DECKLIST_VALUES}")
    })
}

pub(crate) fn vote<'a>(lines: impl IntoIterator<Item = &'a [u8]>) -> Option<Decklist> {
    let mut tokens = Vec::new();
    // (length, votes), first seen first; and the lists of each length.
    let mut lengths: Vec<(usize, usize)> = Vec::new();
    let mut lists: Vec<(usize, Option<Decklist>)> = Vec::new();
    for line in lines {
        let line = line.strip_suffix(b"\r").unwrap_or(line);
        if split_tokens(line, &mut tokens).is_err()
            || !(MIN_DECK..=MAX_DECKLIST_CARDS).contains(&tokens.len())
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
