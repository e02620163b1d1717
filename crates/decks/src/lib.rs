//! Reading shuffled decks that another program wrote, one per line, so
//! that any shuffle in any language can be audited:
//! `node my-shuffle.js | shuffle-audit audit -`.
//!
//! A line is a deck listed by position: integers separated by whitespace
//! and/or commas (`3 0 2 1`, `3,0,2,1`, `3, 0, 2, 1`), or a JSON array of
//! integers (`[3,0,2,1]`). Cards are numbered from 0 or from 1; the first
//! deck read says which (it holds 0 or it holds `n`), and every line after
//! it must agree. A trailing `\r` is ignored. Every line is checked: each
//! card `0..n` exactly once, nothing else.

#![deny(missing_docs)]

use thiserror::Error;

/// Whether cards are numbered from 0 or from 1.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Base {
    /// Cards `0..n`.
    Zero,
    /// Cards `1..=n`.
    One,
}

impl Base {
    /// `"0-based"` or `"1-based"`.
    pub fn label(self) -> &'static str {
        match self {
            Base::Zero => "0-based",
            Base::One => "1-based",
        }
    }

    fn first(self) -> u64 {
        match self {
            Base::Zero => 0,
            Base::One => 1,
        }
    }
}

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
    /// A JSON array that does not close, or text after it.
    #[error("malformed JSON array: {0}")]
    Json(&'static str),
    /// Fewer or more cards than the deck has.
    #[error("{got} cards, expected {want} (the deck size {origin})")]
    WrongLength {
        /// Cards on the line.
        got: usize,
        /// The deck size.
        want: usize,
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
    #[error("a deck of {0} cards: decks of 2..=255 cards can be audited")]
    DeckSize(usize),
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
    /// A line longer than [`MAX_LINE_BYTES`] (it is skipped unread).
    #[error("line longer than {MAX_LINE_BYTES} bytes: no deck of 2..=255 cards needs that many")]
    TooLong,
}

/// The longest line read; the rest of a longer line is skipped without
/// being kept, so memory stays bounded whatever the input.
pub const MAX_LINE_BYTES: usize = 1 << 20;

/// Reads decks line by line, learning the deck size and numbering from the
/// first valid line (unless given) and holding every later line to them.
#[derive(Clone, Debug)]
pub struct DeckParser {
    deck: Option<usize>,
    deck_origin: &'static str,
    base: Option<Base>,
    values: Vec<u64>,
    out: Vec<u8>,
    seen: [u64; 4],
}

impl DeckParser {
    /// A parser; `deck` and `base` fix the deck size and numbering instead
    /// of learning them from the first deck.
    pub fn new(deck: Option<usize>, base: Option<Base>) -> Self {
        DeckParser {
            deck,
            deck_origin: if deck.is_some() { "given" } else { "not known" },
            base,
            values: Vec::with_capacity(64),
            out: Vec::with_capacity(64),
            seen: [0; 4],
        }
    }

    /// The deck size, once known.
    pub fn deck(&self) -> Option<usize> {
        self.deck
    }

    /// The numbering, once known.
    pub fn base(&self) -> Option<Base> {
        self.base
    }

    /// Settles the deck size and numbering that were not given by a vote of
    /// `lines` (the first lines of the input): the most common length among
    /// lines that list 2..=255 numbers (the earliest on a tie), then the
    /// numbering most of the lines of that length are valid decks in. A few
    /// stray lines at the top then count as invalid instead of deciding
    /// for the thousands after them. Lines that vote for nothing change
    /// nothing.
    pub fn vote<'a>(&mut self, lines: impl IntoIterator<Item = &'a [u8]>) {
        let mut values = Vec::new();
        let mut parsed: Vec<Vec<u64>> = Vec::new();
        for line in lines {
            let line = line.strip_suffix(b"\r").unwrap_or(line);
            values.clear();
            if split_numbers(line, &mut values).is_err() {
                continue;
            }
            if (2..=255).contains(&values.len()) {
                parsed.push(values.clone());
            }
        }
        if self.deck.is_none() {
            let mut tally: Vec<(usize, usize)> = Vec::new(); // (length, votes), first seen first
            for v in &parsed {
                match tally.iter_mut().find(|(len, _)| *len == v.len()) {
                    Some(t) => t.1 += 1,
                    None => tally.push((v.len(), 1)),
                }
            }
            // max_by_key keeps the last maximum: reversed, the earliest wins.
            self.deck = tally
                .iter()
                .rev()
                .max_by_key(|(_, votes)| *votes)
                .map(|&(len, _)| len);
            self.deck_origin = "of most of the first lines";
        }
        let Some(n) = self.deck else { return };
        if self.base.is_none() {
            let is_deck = |v: &[u64], first: u64| {
                let mut seen = vec![false; n];
                v.iter().all(|&x| {
                    let Some(c) = x.checked_sub(first).filter(|&c| c < n as u64) else {
                        return false;
                    };
                    !std::mem::replace(&mut seen[c as usize], true)
                })
            };
            let of_length = parsed.iter().filter(|v| v.len() == n);
            let zero = of_length.clone().filter(|v| is_deck(v, 0)).count();
            let one = of_length.filter(|v| is_deck(v, 1)).count();
            if zero + one > 0 {
                self.base = Some(if one > zero { Base::One } else { Base::Zero });
            }
        }
    }

    /// Parses one line (without its `\n`) into a 0-based deck
    /// (`deck[position] = card`). The first valid line fixes what was not
    /// given; an invalid one fixes nothing.
    pub fn parse(&mut self, line: &[u8]) -> Result<&[u8], LineError> {
        let line = line.strip_suffix(b"\r").unwrap_or(line);
        self.values.clear();
        split_numbers(line, &mut self.values)?;
        let n = self.values.len();
        let want = match self.deck {
            Some(d) => d,
            None if (2..=255).contains(&n) => {
                self.deck_origin = "of the first deck";
                n
            }
            None => return Err(LineError::DeckSize(n)),
        };
        if n != want {
            return Err(LineError::WrongLength {
                got: n,
                want,
                origin: self.deck_origin,
            });
        }
        let base = match self.base {
            Some(b) => b,
            None => {
                if self.values.contains(&0) {
                    Base::Zero
                } else if self.values.contains(&(n as u64)) {
                    Base::One
                } else {
                    return Err(LineError::NoBase(n));
                }
            }
        };
        let first = base.first();
        self.seen = [0; 4];
        self.out.clear();
        for &v in &self.values {
            let card = v.wrapping_sub(first);
            if v < first || card >= n as u64 {
                return Err(LineError::OutOfRange { value: v, base, n });
            }
            let (word, bit) = ((card >> 6) as usize, 1u64 << (card & 63));
            if self.seen[word] & bit != 0 {
                return Err(LineError::Duplicate(v));
            }
            self.seen[word] |= bit;
            self.out.push(card as u8);
        }
        self.deck = Some(want);
        self.base = Some(base);
        Ok(&self.out)
    }
}

/// The integers of a line, plain or as a JSON array, into `out`.
fn split_numbers(line: &[u8], out: &mut Vec<u64>) -> Result<(), LineError> {
    let trimmed = line.trim_ascii();
    if trimmed.is_empty() {
        return Err(LineError::Empty);
    }
    let body = if let Some(rest) = trimmed.strip_prefix(b"[") {
        rest.strip_suffix(b"]")
            .ok_or(LineError::Json("no closing ] at the end of the line"))?
    } else {
        trimmed
    };
    let json = body.len() != trimmed.len();
    let mut i = 0;
    let bytes = body;
    let mut expect_value = true;
    while i < bytes.len() {
        let b = bytes[i];
        if b.is_ascii_digit() {
            if !expect_value && json {
                return Err(LineError::Json("two numbers without a comma"));
            }
            let start = i;
            let mut v: u64 = 0;
            while i < bytes.len() && bytes[i].is_ascii_digit() {
                v = match v
                    .checked_mul(10)
                    .and_then(|v| v.checked_add(u64::from(bytes[i] - b'0')))
                {
                    Some(v) => v,
                    None => return Err(not_a_number(&bytes[start..])),
                };
                i += 1;
            }
            if i < bytes.len() && !is_separator(bytes[i]) {
                return Err(not_a_number(&bytes[start..]));
            }
            out.push(v);
            expect_value = false;
        } else if b == b',' {
            if json && expect_value {
                return Err(LineError::Json("a comma without a number before it"));
            }
            expect_value = true;
            i += 1;
        } else if b == b'\r' {
            // A line's own `\r\n` end is gone by now: this one splits decks.
            return Err(LineError::CarriageReturn);
        } else if b.is_ascii_whitespace() {
            i += 1;
        } else {
            return Err(not_a_number(&bytes[i..]));
        }
    }
    if json && expect_value && !out.is_empty() {
        return Err(LineError::Json("a comma after the last number"));
    }
    if out.is_empty() {
        return Err(if json {
            LineError::Json("an empty array")
        } else {
            LineError::Empty
        });
    }
    Ok(())
}

fn is_separator(b: u8) -> bool {
    b == b',' || b.is_ascii_whitespace()
}

/// The token starting at `from` (up to the next separator), for a message.
fn not_a_number(from: &[u8]) -> LineError {
    let end = from
        .iter()
        .position(|&b| is_separator(b))
        .unwrap_or(from.len());
    let token = String::from_utf8_lossy(&from[..end]);
    let token: String = token.chars().take(40).collect();
    LineError::NotANumber { token }
}

/// How many lines of each kind a read found, and where the first of each
/// invalid kind was.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct LineCounts {
    /// Lines read (the final newline does not start another).
    pub lines: u64,
    /// Valid decks.
    pub decks: u64,
    /// Invalid lines by reason: `(kind, count, first line number, message)`.
    pub invalid: Vec<(&'static str, u64, u64, String)>,
}

impl LineError {
    /// A short kebab-case name of the kind of error.
    pub fn kind(&self) -> &'static str {
        match self {
            LineError::Empty => "empty-line",
            LineError::NotANumber { .. } => "not-a-number",
            LineError::Json(_) => "malformed-json",
            LineError::WrongLength { .. } => "wrong-length",
            LineError::DeckSize(_) => "deck-size",
            LineError::OutOfRange { .. } => "out-of-range",
            LineError::NoBase(_) => "no-base",
            LineError::Duplicate(_) => "duplicate-card",
            LineError::TooLong => "line-too-long",
            LineError::CarriageReturn => "carriage-return",
        }
    }
}

impl LineCounts {
    /// Counts an invalid line `number` with error `e`.
    pub fn invalid(&mut self, number: u64, e: &LineError) {
        let kind = e.kind();
        match self.invalid.iter_mut().find(|(k, ..)| *k == kind) {
            Some(entry) => entry.1 += 1,
            None => self.invalid.push((kind, 1, number, e.to_string())),
        }
    }

    /// Invalid lines in all.
    pub fn invalid_total(&self) -> u64 {
        self.invalid.iter().map(|(_, c, ..)| c).sum()
    }
}

/// An error of a whole read: a bad line (when not skipping) or an I/O error.
#[derive(Debug, Error)]
pub enum ReadError {
    /// Line `line` is not a deck.
    #[error("line {line}: {error}")]
    Line {
        /// 1-based line number.
        line: u64,
        /// Why.
        error: LineError,
    },
    /// No valid deck at all.
    #[error("no decks in the input{0}")]
    NoDecks(String),
    /// Reading failed.
    #[error("reading the input: {0}")]
    Io(#[from] std::io::Error),
}

/// How a line was read.
#[derive(Clone, Copy, Debug)]
enum Read {
    /// All of it is in the buffer.
    Whole,
    /// Longer than [`MAX_LINE_BYTES`]: dropped unread; whether it held a
    /// carriage return.
    TooLong { carriage_return: bool },
}

/// Reads one line into `line` (without its `\n`), keeping at most
/// [`MAX_LINE_BYTES`] of it: `None` at the end of the input.
fn read_line(
    input: &mut impl std::io::BufRead,
    line: &mut Vec<u8>,
) -> std::io::Result<Option<Read>> {
    let mut any = false;
    let mut whole = true;
    let mut carriage_return = false;
    loop {
        let buf = match input.fill_buf() {
            Ok(b) => b,
            Err(e) if e.kind() == std::io::ErrorKind::Interrupted => continue,
            Err(e) => return Err(e),
        };
        if buf.is_empty() {
            return Ok(any.then_some(if whole {
                Read::Whole
            } else {
                Read::TooLong { carriage_return }
            }));
        }
        any = true;
        let (chunk, done) = match buf.iter().position(|&b| b == b'\n') {
            Some(i) => (&buf[..i], Some(i + 1)),
            None => (buf, None),
        };
        if whole && line.len() + chunk.len() <= MAX_LINE_BYTES {
            line.extend_from_slice(chunk);
        } else {
            if whole {
                carriage_return = line.contains(&b'\r');
            }
            whole = false;
            carriage_return = carriage_return || chunk.contains(&b'\r');
            line.clear();
        }
        let used = done.unwrap_or(buf.len());
        input.consume(used);
        if done.is_some() {
            return Ok(Some(if whole {
                Read::Whole
            } else {
                Read::TooLong { carriage_return }
            }));
        }
    }
}

/// Lines read ahead to settle the deck size and numbering by a vote
/// ([`DeckParser::vote`]) when they are not given.
pub const VOTE_LINES: usize = 1000;
/// Bytes read ahead at most for the vote, whatever the number of lines.
const VOTE_BYTES: usize = 4 << 20;

/// The UTF-8 byte-order mark some Windows tools put at the start of a file.
const BOM: &[u8] = b"\xEF\xBB\xBF";

/// Reads every line of `input`, parses it with `parser` and hands each
/// valid deck to `observe`. The deck size and numbering not fixed in
/// `parser` are settled first by a vote of the first [`VOTE_LINES`] lines
/// (see [`DeckParser::vote`]). A UTF-8 byte-order mark at the start is
/// ignored. With `skip_invalid`, bad lines are counted in the result;
/// without, the first one ends the read with its number and reason.
/// Memory stays bounded: one line at a time, at most [`MAX_LINE_BYTES`]
/// of it, and at most 4 MiB read ahead for the vote.
///
/// # Errors
/// [`ReadError`]: a bad line, no valid deck at all, or an I/O error.
pub fn read_decks(
    mut input: impl std::io::BufRead,
    parser: &mut DeckParser,
    skip_invalid: bool,
    mut observe: impl FnMut(&[u8]),
) -> Result<LineCounts, ReadError> {
    let mut counts = LineCounts::default();
    let mut line = Vec::with_capacity(256);
    let mut next = |line: &mut Vec<u8>, first: bool| -> std::io::Result<Option<Read>> {
        line.clear();
        let read = read_line(&mut input, line)?;
        if first && let Some(rest) = line.strip_prefix(BOM) {
            *line = rest.to_vec();
        }
        Ok(read)
    };
    // The lines read ahead for the vote, then the rest as they come.
    let mut ahead: std::collections::VecDeque<(Vec<u8>, Read)> = Default::default();
    if parser.deck.is_none() || parser.base.is_none() {
        let mut bytes = 0;
        while ahead.len() < VOTE_LINES && bytes < VOTE_BYTES {
            let Some(read) = next(&mut line, ahead.is_empty())? else {
                break;
            };
            bytes += line.len();
            ahead.push_back((std::mem::take(&mut line), read));
        }
        parser.vote(
            ahead
                .iter()
                .filter(|(_, r)| matches!(r, Read::Whole))
                .map(|(l, _)| l.as_slice()),
        );
    }
    let mut first = ahead.is_empty();
    loop {
        let read = if let Some((l, r)) = ahead.pop_front() {
            line = l;
            r
        } else {
            let Some(r) = next(&mut line, first)? else {
                break;
            };
            r
        };
        first = false;
        counts.lines += 1;
        let parsed = match read {
            Read::Whole => parser.parse(&line),
            Read::TooLong {
                carriage_return: true,
            } => Err(LineError::CarriageReturn),
            Read::TooLong {
                carriage_return: false,
            } => Err(LineError::TooLong),
        };
        match parsed {
            Ok(deck) => {
                counts.decks += 1;
                observe(deck);
            }
            Err(error) if skip_invalid => counts.invalid(counts.lines, &error),
            Err(error) => {
                return Err(ReadError::Line {
                    line: counts.lines,
                    error,
                });
            }
        }
    }
    if counts.decks == 0 {
        let why = match counts.invalid.first() {
            Some((_, n, first, msg)) => {
                format!(": {n} invalid line(s), the first (line {first}): {msg}")
            }
            None => " (it is empty)".into(),
        };
        return Err(ReadError::NoDecks(why));
    }
    Ok(counts)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn parse(lines: &[&str]) -> Result<Vec<Vec<u8>>, (usize, LineError)> {
        let mut p = DeckParser::new(None, None);
        let mut out = Vec::new();
        for (i, l) in lines.iter().enumerate() {
            out.push(p.parse(l.as_bytes()).map_err(|e| (i + 1, e))?.to_vec());
        }
        Ok(out)
    }

    #[test]
    fn plain_comma_and_json_lines_read_alike() {
        let want = vec![vec![2u8, 0, 3, 1]; 6];
        let got = parse(&[
            "2 0 3 1",
            "2,0,3,1",
            " 2, 0 ,3,1 \r",
            "[2,0,3,1]",
            "[ 2, 0, 3, 1 ]",
            "2\t0\t3\t1",
        ])
        .unwrap();
        assert_eq!(got, want);
    }

    #[test]
    fn the_first_deck_sets_the_numbering() {
        assert_eq!(parse(&["3 1 4 2", "1 2 3 4"]).unwrap()[0], vec![2, 0, 3, 1]);
        let mut p = DeckParser::new(None, None);
        p.parse(b"3 1 4 2").unwrap();
        assert_eq!((p.base(), p.deck()), (Some(Base::One), Some(4)));
        // Once 1-based, a 0 is out of range.
        assert_eq!(
            p.parse(b"0 1 2 3").unwrap_err(),
            LineError::OutOfRange {
                value: 0,
                base: Base::One,
                n: 4
            }
        );
        assert_eq!(
            DeckParser::new(None, None).parse(b"5 6 7").unwrap_err(),
            LineError::NoBase(3)
        );
    }

    #[test]
    fn every_kind_of_bad_line_is_named() {
        let cases: &[(&str, &str)] = &[
            ("", "empty line"),
            ("   ", "empty line"),
            ("1 2 x", "\"x\" is not a number"),
            ("1 2 3x", "\"3x\" is not a number"),
            ("1 -2 0", "\"-2\" is not a number"),
            ("0 1 99999999999999999999999", "is not a number"),
            ("[0,1,2", "no closing ]"),
            ("[0,,1,2]", "a comma without a number"),
            ("[0 1 2]", "two numbers without a comma"),
            ("[0,1,2,]", "a comma after the last number"),
            ("[]", "an empty array"),
            ("0 1 1", "card 1 appears twice"),
            (
                "0 1 3",
                "card 3 is out of range: a 0-based deck of 3 cards holds 0..=2",
            ),
            ("0", "a deck of 1 cards"),
        ];
        for (line, want) in cases {
            let e = DeckParser::new(None, None)
                .parse(line.as_bytes())
                .unwrap_err();
            assert!(e.to_string().contains(want), "{line:?}: {e}");
        }
        let mut p = DeckParser::new(None, None);
        p.parse(b"0 1 2").unwrap();
        assert_eq!(
            p.parse(b"0 1 2 3").unwrap_err().to_string(),
            "4 cards, expected 3 (the deck size of the first deck)"
        );
    }

    #[test]
    fn a_read_stops_at_the_first_bad_line_or_counts_them_all() {
        let text = "0 1 2\n2 1 0\n2 2 0\n1 0 2\nfoo\n\n2 0 1";
        let mut seen = 0;
        let e = read_decks(
            text.as_bytes(),
            &mut DeckParser::new(None, None),
            false,
            |_| seen += 1,
        )
        .unwrap_err();
        assert_eq!(e.to_string(), "line 3: card 2 appears twice");
        assert_eq!(seen, 2);
        let mut decks = Vec::new();
        let c = read_decks(
            text.as_bytes(),
            &mut DeckParser::new(None, None),
            true,
            |d| decks.push(d.to_vec()),
        )
        .unwrap();
        assert_eq!((c.lines, c.decks, c.invalid_total()), (7, 4, 3));
        assert_eq!(c.invalid[0].0, "duplicate-card");
        assert_eq!((c.invalid[1].0, c.invalid[1].2), ("not-a-number", 5));
        assert_eq!((c.invalid[2].0, c.invalid[2].2), ("empty-line", 6));
        assert_eq!(decks[3], vec![2, 0, 1]);
        // Nothing valid: an error, empty input included.
        let e = read_decks(
            "x\n".as_bytes(),
            &mut DeckParser::new(None, None),
            true,
            |_| {},
        )
        .unwrap_err();
        assert!(
            e.to_string()
                .starts_with("no decks in the input: 1 invalid"),
            "{e}"
        );
        let e = read_decks(
            "".as_bytes(),
            &mut DeckParser::new(None, None),
            true,
            |_| {},
        )
        .unwrap_err();
        assert_eq!(e.to_string(), "no decks in the input (it is empty)");
    }

    #[test]
    fn an_endless_line_is_skipped_without_being_kept() {
        let mut text = vec![b'1'; MAX_LINE_BYTES + 10];
        text.extend_from_slice(b"\n0 1 2\n1 0 2");
        let mut decks = Vec::new();
        // A small buffer, so the long line arrives in many pieces.
        let input = std::io::BufReader::with_capacity(7, text.as_slice());
        let c = read_decks(input, &mut DeckParser::new(None, None), true, |d| {
            decks.push(d.to_vec())
        })
        .unwrap();
        assert_eq!((c.lines, c.decks), (3, 2));
        assert_eq!(c.invalid[0].0, "line-too-long");
        assert_eq!(decks, [vec![0, 1, 2], vec![1, 0, 2]]);
        let input = std::io::BufReader::with_capacity(7, text.as_slice());
        let e = read_decks(input, &mut DeckParser::new(None, None), false, |_| {}).unwrap_err();
        assert!(e.to_string().starts_with("line 1: line longer than"), "{e}");
    }

    fn read_all(text: &[u8], skip: bool) -> Result<(LineCounts, Vec<Vec<u8>>), ReadError> {
        let mut decks = Vec::new();
        let c = read_decks(text, &mut DeckParser::new(None, None), skip, |d| {
            decks.push(d.to_vec())
        })?;
        Ok((c, decks))
    }

    #[test]
    fn a_byte_order_mark_at_the_start_is_ignored() {
        let (c, decks) = read_all(b"\xEF\xBB\xBF2 0 1\r\n0 1 2\r\n", false).unwrap();
        assert_eq!((c.lines, c.decks), (2, 2));
        assert_eq!(decks[0], [2, 0, 1]);
        // Only at the start: inside the file it is not a number.
        let e = read_all(b"2 0 1\n\xEF\xBB\xBF0 1 2\n", false).unwrap_err();
        assert!(e.to_string().starts_with("line 2: "), "{e}");
    }

    #[test]
    fn lines_ended_by_a_carriage_return_alone_are_named() {
        // Classic Mac OS line ends: one line for the reader.
        let e = read_all(b"2 0 1\r0 1 2\r1 2 0\r", false).unwrap_err();
        assert!(
            e.to_string()
                .starts_with("line 1: a carriage return (\\r) inside the line"),
            "{e}"
        );
        let e = read_all(b"2 0 1\r0 1 2\r1 2 0\r", true).unwrap_err();
        assert!(e.to_string().contains("carriage return"), "{e}");
        // So long that the line is dropped unread: still named.
        let big = "3 1 0 2\r".repeat(MAX_LINE_BYTES / 8 + 10);
        let e = read_all(big.as_bytes(), false).unwrap_err();
        assert!(e.to_string().contains("carriage return"), "{e}");
        // \r\n is fine.
        assert_eq!(read_all(b"2 0 1\r\n", false).unwrap().0.decks, 1);
    }

    #[test]
    fn the_majority_of_the_first_lines_sets_the_deck_size() {
        // Three stray short lines, then 200 good decks of 5.
        let mut text = String::from("0 1\n1 0\n2 0 1\n");
        for i in 0..200u8 {
            let d = [i % 5, (i + 1) % 5, (i + 2) % 5, (i + 3) % 5, (i + 4) % 5];
            text += &format!("{} {} {} {} {}\n", d[0], d[1], d[2], d[3], d[4]);
        }
        let (c, decks) = read_all(text.as_bytes(), true).unwrap();
        assert_eq!((c.lines, c.decks, c.invalid_total()), (203, 200, 3));
        assert_eq!(c.invalid[0].0, "wrong-length");
        assert!(
            c.invalid[0]
                .3
                .contains("2 cards, expected 5 (the deck size of most of the first lines)"),
            "{:?}",
            c.invalid
        );
        assert_eq!(decks[0], [0, 1, 2, 3, 4]);
        // Without skipping, the stray line is the one named.
        let e = read_all(text.as_bytes(), false).unwrap_err();
        assert!(
            e.to_string().starts_with("line 1: 2 cards, expected 5"),
            "{e}"
        );
        // The numbering too: two 1-based strays, then 0-based decks of 3.
        let text = "3 1 2\n1 3 2\n0 1 2\n2 1 0\n1 0 2\n";
        let (c, _) = read_all(text.as_bytes(), true).unwrap();
        assert_eq!((c.decks, c.invalid_total()), (3, 2));
        assert_eq!(c.invalid[0].0, "out-of-range");
        // A tie goes to the earliest length.
        let mut p = DeckParser::new(None, None);
        p.vote([&b"0 1 2"[..], b"0 1", b"1 0", b"2 1 0"]);
        assert_eq!((p.deck(), p.base()), (Some(3), Some(Base::Zero)));
        // A given size is kept; the vote only settles the numbering.
        let mut p = DeckParser::new(Some(2), None);
        p.vote([&b"0 1 2"[..], b"2 1", b"1 2", b"4 5 6"]);
        assert_eq!((p.deck(), p.base()), (Some(2), Some(Base::One)));
    }

    #[test]
    fn decks_of_255_cards_are_read_and_256_refused() {
        let line: Vec<String> = (0..255).rev().map(|c| c.to_string()).collect();
        let d = parse(&[&line.join(" ")]).unwrap();
        assert_eq!(d[0][0], 254);
        let line: Vec<String> = (0..256).map(|c| c.to_string()).collect();
        assert_eq!(
            parse(&[&line.join(",")]).unwrap_err().1,
            LineError::DeckSize(256)
        );
    }

    proptest::proptest! {
        /// Any valid file, in any mix of formats and spacing, reads back as
        /// the decks written, with the numbering detected.
        #[test]
        fn valid_files_round_trip(
            n in 2usize..40,
            one_based in proptest::bool::ANY,
            lines in proptest::collection::vec(
                (proptest::collection::vec(0u32..1000, 40), 0u8..3, 0u8..4),
                1..30,
            ),
            crlf in proptest::bool::ANY,
        ) {
            let base = u64::from(one_based);
            let mut decks = Vec::new();
            let mut text = String::new();
            for (keys, format, pad) in &lines {
                // A permutation from random keys (ties broken by position).
                let mut deck: Vec<u8> = (0..n as u8).collect();
                deck.sort_by_key(|&c| (keys[c as usize], c));
                let cards: Vec<String> =
                    deck.iter().map(|&c| (u64::from(c) + base).to_string()).collect();
                let space = " ".repeat(*pad as usize);
                let line = match format {
                    0 => cards.join(&format!("{space} ")),
                    1 => cards.join(&format!("{space},")),
                    _ => format!("{space}[{}]{space}", cards.join(&format!(",{space}"))),
                };
                text.push_str(&line);
                text.push_str(if crlf { "\r\n" } else { "\n" });
                decks.push(deck);
            }
            let mut p = DeckParser::new(None, None);
            let mut got = Vec::new();
            let c = read_decks(text.as_bytes(), &mut p, false, |d| got.push(d.to_vec())).unwrap();
            proptest::prop_assert_eq!(c.decks, lines.len() as u64);
            proptest::prop_assert_eq!(got, decks);
            proptest::prop_assert_eq!(p.base(), Some(if one_based { Base::One } else { Base::Zero }));
        }

        /// Whatever the bytes, a line either fails with a reason or reads
        /// as a permutation of `0..n`.
        #[test]
        fn any_bytes_parse_to_a_permutation_or_an_error(
            bytes in proptest::collection::vec(proptest::prelude::any::<u8>(), 0..200),
        ) {
            let mut p = DeckParser::new(None, None);
            if let Ok(d) = p.parse(&bytes) {
                let mut sorted = d.to_vec();
                sorted.sort_unstable();
                proptest::prop_assert_eq!(sorted, (0..d.len() as u8).collect::<Vec<_>>());
            }
        }
    }
}
