//! Reading shuffled decks that another program wrote, one per line, so
//! that any shuffle in any language can be audited:
//! `node my-shuffle.js | shuffle-audit audit -`.
//!
//! A line is a deck listed by position: integers separated by whitespace
//! and/or commas (`3 0 2 1`, `3,0,2,1`, `3, 0, 2, 1`), or a JSON array of
//! integers (`[3,0,2,1]`). Cards are numbered from 0 or from 1; the first
//! deck read says which (it holds 0 or it holds `n`), and every line after
//! it must agree. A trailing `\r` is ignored. Every line is checked: each
//! card `0..n` exactly once, nothing else; or, for a shoe of `K` decks
//! ([`DeckParser::shoe`]), each card of a deck `K` times.
//!
//! Decks whose cards repeat (decklists: `Forest Island Forest Bolt …`)
//! need no option: when most of the first lines name their cards, or hold
//! a card more than once, the lines are decklists ([`Decklist`]), and the
//! composition most of those lines have (each card with its copies) is the
//! one every line must have; or it is given ([`DeckParser::decklist`]).
//! Cards are numbers or names: one word each on a line of words; names
//! that may hold spaces on a line separated by commas or tabs, in double
//! quotes when they hold a comma (CSV's quoting); any string of a JSON
//! array, escapes decoded by a JSON parser ([`split_names`] reads a list
//! of names separated by commas the same way). A line whose
//! names cannot be read one way only, that holds a card not in the list,
//! or a card more often than the list has it, is an error naming the
//! line.

#![deny(missing_docs)]

mod base;
mod decklist;
mod draws;
mod hashing;
mod items;
mod line;
mod parallel;
mod read;
mod rows;
mod seen;
mod simd;

use algorithms::{MAX_DECK, MIN_DECK};
pub use base::Base;
use decklist::DecklistReader;
pub use decklist::{
    Decklist, DecklistError, MAX_DECKLIST_CARDS, MAX_DECKLIST_VALUES, quote_name, shown_name,
    split_names,
};
pub use draws::{MAX_DRAW_ITEMS, parse_draw, read_draws};
pub use hashing::Hashing;
pub(crate) use items::{blank, split_numbers};
pub use line::{
    InvalidLines, InvalidRuns, LineCounts, LineError, LineKind, MAX_INVALID_RUN, MAX_LINE_BYTES,
    MAX_SKIPPED_LINE_BYTES,
};
pub use parallel::{Tally, count_parallel};
pub(crate) use read::{BOM, Read, no_decks, note_carriage_returns, skip_line};
pub use read::{ReadError, Settled, VOTE_LINES, next_line, read_decks, read_decks_until, settle};
pub use rows::{base_of_row, deck_of_row, write_deck, write_line};
pub use seen::{SeenCards, SeenError};
use thiserror::Error;

/// Reads decks line by line, learning the deck size and numbering from the
/// first valid line (unless given) and holding every later line to them.
#[derive(Clone, Debug)]
pub struct DeckParser {
    deck: Option<usize>,
    deck_origin: &'static str,
    base: Option<Base>,
    values: Vec<u64>,
    /// Scratch of the fast path: the line, padded, and its numbers.
    fast_bytes: Vec<u8>,
    fast_values: Vec<u8>,
    fast_wide: Vec<u16>,
    /// Whether the fast path reads sixteen bytes at a time.
    simd: bool,
    out: Vec<u8>,
    seen: [u64; 4],
    /// Copies of each card a line holds: 1 for a deck, `K` for a shoe of
    /// `K` decks.
    copies: usize,
    held: [u8; 256],
    /// The decklist lines are checked against, once known.
    decklist: Option<DecklistReader>,
    /// Whether the vote may find that the lines are decklists.
    detect: bool,
    /// Why the first lines, though most name cards, are not a decklist
    /// ([`decklist::why_not`]): said with a line that is not numbers.
    not_a_decklist: Option<String>,
    /// Whether the readers pass over blank lines
    /// ([`DeckParser::skipping_blank_lines`]).
    skip_blank: bool,
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
            fast_bytes: Vec::new(),
            fast_values: Vec::new(),
            fast_wide: Vec::new(),
            simd: simd::available(),
            out: Vec::with_capacity(64),
            seen: [0; 4],
            copies: 1,
            held: [0; 256],
            decklist: None,
            detect: true,
            not_a_decklist: None,
            skip_blank: false,
        }
    }

    /// The same parser, its readers ([`read_decks`], [`count_parallel`])
    /// passing over blank lines (empty, or spaces only), as a few decks
    /// pasted by hand are separated: such a line is counted in
    /// [`LineCounts::lines`], neither a deck nor an invalid line. Without
    /// it a blank line is invalid ([`LineError::Empty`]), as a log should
    /// have none.
    pub fn skipping_blank_lines(self) -> Self {
        DeckParser {
            skip_blank: true,
            ..self
        }
    }

    /// Whether the readers pass over blank lines.
    pub(crate) fn skips_blank_lines(&self) -> bool {
        self.skip_blank
    }

    /// A parser of decks whose cards repeat as `list` says: each line holds
    /// its cards (numbers or names), each as often as the list has copies
    /// of it.
    pub fn decklist(list: Decklist) -> Self {
        DeckParser {
            deck: Some(list.cards()),
            deck_origin: "given",
            decklist: Some(DecklistReader::new(list)),
            detect: false,
            not_a_decklist: None,
            ..DeckParser::new(None, None)
        }
    }

    /// The decklist the lines are read against: given, or found by the
    /// vote (the lines hold names, or cards more than once).
    pub fn decklist_read(&self) -> Option<&Decklist> {
        self.decklist.as_ref().map(|d| &d.list)
    }

    /// A parser of shoes of `copies` decks (at least 1): each line holds
    /// `copies` times each card of a deck of 2..=255 cards, so its length
    /// (`deck`, when given) is `copies` times that. With 1, decks.
    ///
    /// # Panics
    /// With more than 255 copies.
    pub fn shoe(deck: Option<usize>, base: Option<Base>, copies: usize) -> Self {
        assert!(copies <= 255, "a shoe of {copies} decks");
        DeckParser {
            copies: copies.max(1),
            detect: false,
            not_a_decklist: None,
            ..DeckParser::new(deck, base)
        }
    }

    /// Whether a line of `len` numbers has the length of a deck or shoe.
    fn fits(&self, len: usize) -> bool {
        len.is_multiple_of(self.copies) && (MIN_DECK..=MAX_DECK).contains(&(len / self.copies))
    }

    fn unit(&self) -> &'static str {
        if self.copies == 1 { "deck" } else { "shoe" }
    }

    /// Whether every line is now read alike: the deck size and numbering
    /// are known, or the lines are decklists. Then [`DeckParser::parse`]
    /// gives each line the same answer wherever it is read, and lines can
    /// be parsed by clones of the parser in any order.
    pub fn settled(&self) -> bool {
        self.decklist.is_some() || (self.deck.is_some() && self.base.is_some())
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
    pub fn vote<'a>(&mut self, lines: impl IntoIterator<Item = &'a [u8]> + Clone) {
        if self.decklist.is_some() {
            return;
        }
        if self.detect {
            self.detect = false;
            if let Some(list) = decklist::vote(lines.clone()) {
                if self.deck.is_none() {
                    self.deck = Some(list.cards());
                    self.deck_origin = "of most of the first lines";
                }
                self.decklist = Some(DecklistReader::new(list));
                return;
            }
            self.not_a_decklist = decklist::why_not(lines.clone());
        }
        let mut values = Vec::new();
        let mut parsed: Vec<Vec<u64>> = Vec::new();
        for line in lines {
            let line = line.strip_suffix(b"\r").unwrap_or(line);
            values.clear();
            if split_numbers(line, &mut values).is_err() {
                continue;
            }
            if self.fits(values.len()) {
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
            let (values, copies) = (n / self.copies, self.copies);
            let is_deck = |v: &[u64], first: u64| {
                let mut held = vec![0usize; values];
                v.iter().all(|&x| {
                    let Some(c) = x.checked_sub(first).filter(|&c| c < values as u64) else {
                        return false;
                    };
                    held[c as usize] += 1;
                    held[c as usize] <= copies
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
        self.parse_in(line, line.len())
    }

    /// [`DeckParser::parse`] of the line `bytes[..len]`, whose end
    /// (`bytes[len]`, when there) is its `\n` or `\r`: the fast path reads
    /// the bytes after the line (parsing none of them) instead of copying
    /// the line.
    pub(crate) fn parse_in(&mut self, bytes: &[u8], len: usize) -> Result<&[u8], LineError> {
        let line = &bytes[..len];
        let line = line.strip_suffix(b"\r").unwrap_or(line);
        if let Some(reader) = &mut self.decklist {
            let want = self.deck.unwrap_or(reader.list.cards());
            reader.parse(line, &mut self.out, (want, self.deck_origin))?;
            return Ok(&self.out);
        }
        if let (Some(n), Some(base)) = (self.deck, self.base)
            && self.fast(bytes, line.len(), n, base.first())
        {
            return Ok(&self.out);
        }
        self.parse_numbers(line)
    }

    /// [`DeckParser::parse`] of a line of numbers (its `\r` end dropped)
    /// without the fast path: every line, and the reason a line is not a
    /// deck.
    fn parse_numbers(&mut self, line: &[u8]) -> Result<&[u8], LineError> {
        self.values.clear();
        split_numbers(line, &mut self.values).map_err(|e| match (e, &self.not_a_decklist) {
            (LineError::NotANumber { token }, Some(why)) => LineError::NotADecklist {
                token,
                why: why.clone(),
            },
            (e, _) => e,
        })?;
        let n = self.values.len();
        let want = match self.deck {
            Some(d) => d,
            None if self.fits(n) => {
                self.deck_origin = "of the first deck";
                n
            }
            None if self.copies == 1 => return Err(LineError::DeckSize(n)),
            None => {
                return Err(LineError::ShoeSize {
                    cards: n,
                    copies: self.copies,
                });
            }
        };
        if n != want {
            return Err(LineError::WrongLength {
                got: n,
                want,
                unit: self.unit(),
                origin: self.deck_origin,
            });
        }
        // The cards of one deck: 0..values (or 1..=values).
        let values = n / self.copies;
        let base = match self.base {
            Some(b) => b,
            None => {
                if self.values.contains(&0) {
                    Base::Zero
                } else if self.values.contains(&(values as u64)) {
                    Base::One
                } else {
                    return Err(LineError::NoBase(values));
                }
            }
        };
        let first = base.first();
        self.out.clear();
        if self.copies == 1 {
            self.seen = [0; 4];
        } else {
            self.held = [0; 256];
        }
        for &v in &self.values {
            let card = v.wrapping_sub(first);
            if v < first || card >= values as u64 {
                return Err(LineError::OutOfRange {
                    value: v,
                    base,
                    n: values,
                });
            }
            if self.copies == 1 {
                let (word, bit) = ((card >> 6) as usize, 1u64 << (card & 63));
                if self.seen[word] & bit != 0 {
                    return Err(LineError::Duplicate(v));
                }
                self.seen[word] |= bit;
            } else {
                let held = &mut self.held[card as usize];
                if usize::from(*held) == self.copies {
                    return Err(LineError::TooManyCopies {
                        value: v,
                        copies: self.copies,
                    });
                }
                *held += 1;
            }
            self.out.push(card as u8);
        }
        self.deck = Some(want);
        self.base = Some(base);
        Ok(&self.out)
    }
}

/// The longest line [`DeckParser::parse`] reads by its fast path: a shoe
/// of 312 cards takes about 900 bytes.
const FAST_LINE_BYTES: usize = 4096;

/// `0x01` in every byte of a word.
const ONES: u64 = 0x0101_0101_0101_0101;
/// `0x80` in every byte of a word.
const HIGH: u64 = 0x8080_8080_8080_8080;

/// Bit 7 of each byte of `w` that equals `c`.
#[inline(always)]
fn bytes_equal(w: u64, c: u8) -> u64 {
    let x = w ^ (ONES * u64::from(c));
    !(((x & !HIGH) + !HIGH) | x) & HIGH
}

/// Bit 7 of each byte of `w` that is an ASCII digit, when every byte of
/// `w` is below `0x80` (then no sum carries into the next byte; the caller
/// refuses other words).
#[inline(always)]
fn ascii_digits(w: u64) -> u64 {
    w.wrapping_add(ONES * 0x50) & !w.wrapping_add(ONES * 0x46) & HIGH
}

/// The bits 7 of a word's bytes as 8 bits, byte `j` to bit `j`.
#[inline(always)]
fn byte_mask(m: u64) -> u64 {
    (m >> 7).wrapping_mul(0x0102_0408_1020_4080) >> 56
}

impl DeckParser {
    /// The common line (`bytes[..len]`) of a settled parser of decks or
    /// shoes, read sixteen bytes at a time (module `simd`, numbers of one or two
    /// digits) or eight (numbers of up to three): numbers separated by
    /// spaces, tabs or commas, `n` of them, each card (numbered from
    /// `first`) as often as a deck or shoe holds it. Leaves the deck in
    /// `out` and returns `true`; returns `false` for any other line, which
    /// the general path then reads (and names what is wrong with it).
    /// Every line it takes, the general path reads as the same deck.
    #[inline]
    fn fast(&mut self, bytes: &[u8], len: usize, n: usize, first: u64) -> bool {
        if len > FAST_LINE_BYTES {
            return false;
        }
        debug_assert!(bytes.get(len).is_none_or(|b| !b.is_ascii_digit()));
        // The line is read in whole vectors and a few bytes more: in place
        // when the bytes after it are there, else padded with spaces.
        let body = len.next_multiple_of(16);
        let mut padded = std::mem::take(&mut self.fast_bytes);
        let in_place = self.simd && bytes.len() >= body + simd::TAIL;
        if !in_place {
            padded.clear();
            padded.extend_from_slice(&bytes[..len]);
            padded.resize(body + simd::TAIL, b' ');
        }
        let source = if in_place { bytes } else { &padded };
        let simd = if self.simd {
            // Sized once: the numbers land here, then the deck's in `out`.
            let values = &mut self.fast_values;
            if values.len() < FAST_LINE_BYTES / 2 + 16 {
                values.resize(FAST_LINE_BYTES / 2 + 16, 0);
            }
            // SAFETY: `self.simd` is `simd::available()`.
            #[allow(unsafe_code)]
            unsafe {
                simd::numbers(source, len, first as u8, values)
            }
        } else {
            None
        };
        let ok = match simd {
            Some(k) => {
                self.out.clear();
                self.out.extend_from_slice(&self.fast_values[..k]);
                k == n && self.distinct(n)
            }
            None => {
                if in_place {
                    padded.clear();
                    padded.extend_from_slice(&bytes[..len]);
                    padded.resize(body + simd::TAIL, b' ');
                }
                let mut read = std::mem::take(&mut self.fast_wide);
                read.clear();
                let ok = numbers(&padded[..len.next_multiple_of(8) + 8], |v| read.push(v))
                    && read.len() == n
                    && self.cards(read.iter().map(|&v| u32::from(v)), n, first);
                self.fast_wide = read;
                ok
            }
        };
        self.fast_bytes = padded;
        ok
    }

    /// Whether the `n` cards in `out` are each a card of the deck, each as
    /// often as a deck or shoe holds it. Cards are told apart at the end
    /// (`n` cards in range, `n` distinct, or each as often as a shoe has
    /// it): nothing carries from one card to the next.
    #[inline]
    fn distinct(&self, n: usize) -> bool {
        let copies = self.copies;
        let cards = (n / copies) as u32;
        let mut ok = true;
        if copies == 1 && cards <= 64 {
            let mut seen = 0u64;
            for &c in &self.out {
                ok &= u32::from(c) < cards;
                seen |= 1 << (c & 63);
            }
            ok && seen.count_ones() == n as u32
        } else if copies == 1 {
            let mut seen = [0u64; 4];
            for &c in &self.out {
                ok &= u32::from(c) < cards;
                seen[usize::from(c >> 6)] |= 1 << (c & 63);
            }
            ok && seen.iter().map(|s| s.count_ones()).sum::<u32>() == n as u32
        } else {
            let mut held = [0u8; 256];
            for &c in &self.out {
                ok &= u32::from(c) < cards;
                held[usize::from(c)] = held[usize::from(c)].wrapping_add(1);
            }
            ok && held[..cards as usize]
                .iter()
                .all(|&h| usize::from(h) == copies)
        }
    }

    /// The deck of `n` numbers read by the fast path, less `first`, into
    /// `out`: [`DeckParser::distinct`].
    #[inline]
    fn cards(&mut self, numbers: impl Iterator<Item = u32>, n: usize, first: u64) -> bool {
        self.out.clear();
        let mut ok = true;
        for v in numbers {
            let c = v.wrapping_sub(first as u32);
            ok &= c < 256;
            self.out.push(c as u8);
        }
        ok && self.distinct(n)
    }
}

/// The numbers of a padded line ([`DeckParser::fast`]; a multiple of 8
/// bytes and 8 more), given to `number` in order: `false` when the line
/// holds anything but numbers of at most three digits and separators (some
/// numbers may have been given by then).
#[inline(always)]
fn numbers(bytes: &[u8], mut number: impl FnMut(u16)) -> bool {
    // First, where numbers start, 64 bytes to a mask: eight bytes at a
    // time, no branch on the bytes.
    let mut starts = [0u64; FAST_LINE_BYTES / 64 + 1];
    // Whether the byte before the word was a digit.
    let mut carry = 0u64;
    let mut ok = true;
    let body = &bytes[..bytes.len() - 8];
    for (wi, word) in body.chunks_exact(8).enumerate() {
        let w = u64::from_le_bytes(word.try_into().expect("8 bytes"));
        let digits = byte_mask(ascii_digits(w));
        let separators =
            byte_mask(bytes_equal(w, b' ') | bytes_equal(w, b',') | bytes_equal(w, b'\t'));
        ok &= w & HIGH == 0 && digits | separators == 0xFF;
        starts[wi / 8] |= (digits & !((digits << 1) | carry)) << (8 * (wi % 8));
        carry = digits >> 7;
    }
    if !ok {
        return false;
    }
    // Then each number, from its first four bytes (the padding follows the
    // line).
    for (si, &mask) in starts[..body.len().div_ceil(64)].iter().enumerate() {
        let mut mask = mask;
        while mask != 0 {
            let i = si * 64 + mask.trailing_zeros() as usize;
            mask &= mask - 1;
            let four: [u8; 4] = bytes[i..i + 4].try_into().expect("padded");
            // A digit's byte xor '0' is its value, any other byte's is 10
            // or more.
            let [d0, d1, d2, d3] = four.map(|b| u32::from(b ^ b'0'));
            let two = u32::from(d1 < 10);
            let three = two & u32::from(d2 < 10);
            ok &= three & u32::from(d3 < 10) == 0;
            // Without a branch: 1, 2 or 3 digits.
            let value = d0 + two * (9 * d0 + d1);
            let value = value + three * (9 * value + d2);
            number(value as u16);
        }
    }
    ok
}

#[cfg(test)]
mod tests;
