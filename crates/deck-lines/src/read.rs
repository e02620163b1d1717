//! Reading a whole input line by line: each line read as every reader
//! reads it ([`next_line`]), the deck size and numbering settled by the
//! first lines ([`settle`]), and the decks handed on in order.

use crate::*;

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
    /// [`MAX_INVALID_RUN`] invalid lines in a row, the last at line
    /// `line`, with no deck among them: skipping stops there.
    #[error(
        "skipped lines {} to {line}, {MAX_INVALID_RUN} invalid lines in a row with no deck among them, and stopped: this does not look like decks, one per line",
        line + 1 - MAX_INVALID_RUN
    )]
    TooManyInvalid {
        /// 1-based number of the line that made the run too long.
        line: u64,
    },
    /// No valid deck at all.
    #[error("no decks in the input{0}")]
    NoDecks(String),
    /// No draw at all ([`read_draws`]).
    #[error("no draws in the input")]
    NoDraws,
    /// Reading failed.
    #[error("reading the input: {0}")]
    Io(#[from] std::io::Error),
}

/// How a line was read.
#[derive(Clone, Copy, Debug)]
pub(crate) enum Read {
    /// All of it is in the buffer.
    Whole,
    /// Longer than [`MAX_LINE_BYTES`]: dropped unread; whether it held a
    /// carriage return other than one just before its `\n` (a `\r\n`
    /// line end), in what was read of it.
    TooLong { carriage_return: bool },
    /// No line end in [`MAX_SKIPPED_LINE_BYTES`]: the read stops.
    Endless,
}

impl Read {
    /// The line `bytes[..len]`, read so, as a deck: `parser`'s answer for a
    /// whole line ([`DeckParser::parse_in`]), the error of one too long.
    pub(crate) fn parse<'p>(
        self,
        parser: &'p mut DeckParser,
        bytes: &[u8],
        len: usize,
    ) -> Result<&'p [u8], LineError> {
        match self.error() {
            None => parser.parse_in(bytes, len),
            Some(e) => Err(e),
        }
    }

    /// The error of a line read so, if it is one.
    fn error(self) -> Option<LineError> {
        match self {
            Read::Whole => None,
            Read::TooLong {
                carriage_return: true,
            } => Some(LineError::CarriageReturn),
            Read::TooLong {
                carriage_return: false,
            } => Some(LineError::TooLong),
            Read::Endless => Some(LineError::Endless),
        }
    }

    /// Whether the read stops at this line: a line with no end in sight,
    /// or, when bad lines are not skipped, a line too long (left unread
    /// past what was kept).
    pub(crate) fn stops(self, skip_invalid: bool) -> bool {
        match self {
            Read::Whole => false,
            Read::TooLong { .. } => !skip_invalid,
            Read::Endless => true,
        }
    }
}

/// Reads one line into `line` (without its `\n`), keeping at most
/// [`MAX_LINE_BYTES`] of it (and the `\r` of a `\r\n` line end): `None` at
/// the end of the input. A longer line is [`Read::TooLong`]: with `skip`,
/// the rest of it is skipped, up to [`MAX_SKIPPED_LINE_BYTES`]
/// ([`Read::Endless`] past them); without, it is left unread, for the read
/// stops there.
pub(crate) fn read_line(
    input: &mut impl std::io::BufRead,
    line: &mut Vec<u8>,
    skip: bool,
) -> std::io::Result<Option<Read>> {
    // Room for the `\r` of a `\r\n` line end after the longest line.
    const KEEP: usize = MAX_LINE_BYTES + 1;
    let mut any = false;
    loop {
        let buf = match input.fill_buf() {
            Ok(b) => b,
            Err(e) if e.kind() == std::io::ErrorKind::Interrupted => continue,
            Err(e) => return Err(e),
        };
        if buf.is_empty() {
            return Ok(any.then(|| whole_or_one_over(line)));
        }
        any = true;
        let (chunk, done) = match memchr::memchr(b'\n', buf) {
            Some(i) => (&buf[..i], Some(i + 1)),
            None => (buf, None),
        };
        let used = done.unwrap_or(buf.len());
        if line.len() + chunk.len() <= KEEP {
            line.extend_from_slice(chunk);
            input.consume(used);
            if done.is_none() {
                continue;
            }
            return Ok(Some(whole_or_one_over(line)));
        }
        let (mut pending_cr, mut carriage_return) = (false, false);
        note_carriage_returns(line, &mut pending_cr, &mut carriage_return);
        note_carriage_returns(chunk, &mut pending_cr, &mut carriage_return);
        let skipped = (line.len() + used) as u64;
        line.clear();
        input.consume(used);
        if done.is_none() && skip {
            let most = MAX_SKIPPED_LINE_BYTES.saturating_sub(skipped);
            if skip_line(input, &mut pending_cr, &mut carriage_return, most)?.is_none() {
                return Ok(Some(Read::Endless));
            }
        }
        return Ok(Some(Read::TooLong { carriage_return }));
    }
}

/// Reads the next line of `input` into `line` as every reader of decks
/// does: its `\n` dropped, at most [`MAX_LINE_BYTES`] kept (and the `\r`
/// of a `\r\n` line end). `None` at the end of the input; the error of a
/// line too long ([`LineError::TooLong`], or [`LineError::CarriageReturn`]
/// when one is seen inside it), whose rest is skipped with `skip_invalid`
/// and left unread without (the caller stops there); and
/// [`LineError::Endless`] for one with no end in
/// [`MAX_SKIPPED_LINE_BYTES`], which ends any read.
///
/// # Errors
/// When reading fails.
pub fn next_line(
    input: &mut impl std::io::BufRead,
    line: &mut Vec<u8>,
    skip_invalid: bool,
) -> std::io::Result<Option<Result<(), LineError>>> {
    line.clear();
    Ok(read_line(input, line, skip_invalid)?.map(|read| read.error().map_or(Ok(()), Err)))
}

/// A line read to its end: whole, unless it is one byte over
/// [`MAX_LINE_BYTES`] and that byte is not the `\r` of a `\r\n` line end.
fn whole_or_one_over(line: &mut Vec<u8>) -> Read {
    if line.len() <= MAX_LINE_BYTES || line.last() == Some(&b'\r') {
        return Read::Whole;
    }
    let (mut pending, mut carriage_return) = (false, false);
    note_carriage_returns(line, &mut pending, &mut carriage_return);
    line.clear();
    Read::TooLong { carriage_return }
}

/// Skips the rest of a line too long to keep, its `\n` included, noting
/// its carriage returns as [`note_carriage_returns`] does; returns the
/// bytes skipped, or `None` when `most` bytes went by without a line end.
pub(crate) fn skip_line(
    input: &mut impl std::io::BufRead,
    pending: &mut bool,
    inside: &mut bool,
    most: u64,
) -> std::io::Result<Option<u64>> {
    let mut skipped = 0;
    loop {
        if skipped > most {
            return Ok(None);
        }
        let buf = match input.fill_buf() {
            Ok(b) => b,
            Err(e) if e.kind() == std::io::ErrorKind::Interrupted => continue,
            Err(e) => return Err(e),
        };
        if buf.is_empty() {
            return Ok(Some(skipped));
        }
        let (part, done) = match memchr::memchr(b'\n', buf) {
            Some(i) => (&buf[..i], Some(i + 1)),
            None => (buf, None),
        };
        note_carriage_returns(part, pending, inside);
        let used = done.unwrap_or(buf.len());
        input.consume(used);
        skipped += used as u64;
        if done.is_some() {
            return Ok(Some(skipped));
        }
    }
}

/// Notes the carriage returns of the next `bytes` of a line: `inside` once
/// one is followed by more of the line; `pending` when the last byte is one
/// (which a `\n` next makes a `\r\n` line end).
pub(crate) fn note_carriage_returns(bytes: &[u8], pending: &mut bool, inside: &mut bool) {
    let Some((&last, rest)) = bytes.split_last() else {
        return;
    };
    *inside = *inside || *pending || rest.contains(&b'\r');
    *pending = last == b'\r';
}

/// Lines read ahead to settle the deck size and numbering by a vote
/// ([`DeckParser::vote`]) when they are not given.
pub const VOTE_LINES: usize = 1000;
/// Bytes read ahead at most for the vote, whatever the number of lines.
const VOTE_BYTES: usize = 4 << 20;

/// The UTF-8 byte-order mark some Windows tools put at the start of a file.
pub(crate) const BOM: &[u8] = b"\xEF\xBB\xBF";

/// Reads every line of `input`, parses it with `parser` and hands each
/// valid deck to `observe`. The deck size and numbering not fixed in
/// `parser` are settled first by a vote of the first [`VOTE_LINES`] lines
/// (see [`DeckParser::vote`]). A UTF-8 byte-order mark at the start is
/// ignored. With `skip_invalid`, bad lines are counted in the result, up
/// to [`MAX_INVALID_RUN`] in a row; without, the first one ends the read
/// with its number and reason.
/// Memory stays bounded: one line at a time, at most [`MAX_LINE_BYTES`]
/// of it, and at most 4 MiB read ahead for the vote.
///
/// # Errors
/// [`ReadError`]: a bad line, too many in a row, no valid deck at all, or
/// an I/O error.
pub fn read_decks(
    input: impl std::io::BufRead,
    parser: &mut DeckParser,
    skip_invalid: bool,
    mut observe: impl FnMut(&[u8]),
) -> Result<LineCounts, ReadError> {
    read_decks_until(input, parser, skip_invalid, |_, deck| {
        observe(deck);
        std::ops::ControlFlow::Continue(())
    })
}

/// [`read_decks`] that `observe` can stop: it is given each valid deck
/// with its line number, and reading ends when it returns
/// [`ControlFlow::Break`](std::ops::ControlFlow::Break) (the counts are
/// then those of the lines read so far).
///
/// # Errors
/// As [`read_decks`].
pub fn read_decks_until(
    input: impl std::io::BufRead,
    parser: &mut DeckParser,
    skip_invalid: bool,
    observe: impl FnMut(u64, &[u8]) -> std::ops::ControlFlow<()>,
) -> Result<LineCounts, ReadError> {
    settle(input, parser, skip_invalid)?.read_until(parser, observe)
}

/// An input whose first lines were read ahead to settle what the parser
/// was not given ([`settle`]); [`Settled::read_until`] reads them, then
/// the rest.
#[derive(Debug)]
pub struct Settled<R> {
    pub(crate) input: R,
    pub(crate) ahead: std::collections::VecDeque<(Vec<u8>, Read)>,
    /// Whether no line was read yet (its byte-order mark is dropped).
    pub(crate) first: bool,
    /// Whether bad lines are counted and skipped; if not, the first ends
    /// the read.
    pub(crate) skip_invalid: bool,
}

/// Reads the first [`VOTE_LINES`] lines of `input` ahead (at most 4 MiB)
/// when the deck size or numbering is not given, and settles them in
/// `parser` by their vote ([`DeckParser::vote`]): then the caller knows
/// whether the lines are decks or decklists
/// ([`DeckParser::decklist_read`]) before any deck is counted. With
/// `skip_invalid`, the read counts bad lines and goes on; without, the
/// first ends it (and a line too long is not read to its end).
///
/// # Errors
/// [`ReadError::Io`].
pub fn settle<R: std::io::BufRead>(
    input: R,
    parser: &mut DeckParser,
    skip_invalid: bool,
) -> Result<Settled<R>, ReadError> {
    let mut settled = Settled {
        input,
        ahead: Default::default(),
        first: true,
        skip_invalid,
    };
    if parser.deck.is_none() || parser.base.is_none() {
        let mut bytes = 0;
        let mut line = Vec::new();
        while settled.ahead.len() < VOTE_LINES && bytes < VOTE_BYTES {
            let Some(read) = settled.next(&mut line)? else {
                break;
            };
            bytes += line.len();
            settled.ahead.push_back((std::mem::take(&mut line), read));
            if read.stops(skip_invalid) {
                // Nothing after this line is read.
                break;
            }
        }
        parser.vote(
            settled
                .ahead
                .iter()
                .filter(|(_, r)| matches!(r, Read::Whole))
                .map(|(l, _)| l.as_slice()),
        );
    }
    Ok(settled)
}

impl<R> Settled<R> {
    /// The input, after the read.
    pub fn into_inner(self) -> R {
        self.input
    }
}

impl<R: std::io::BufRead> Settled<R> {
    /// The next line of the input into `line`, without the byte-order mark
    /// of the first.
    pub(crate) fn next(&mut self, line: &mut Vec<u8>) -> std::io::Result<Option<Read>> {
        line.clear();
        let read = read_line(&mut self.input, line, self.skip_invalid)?;
        if std::mem::take(&mut self.first)
            && let Some(rest) = line.strip_prefix(BOM)
        {
            *line = rest.to_vec();
        }
        Ok(read)
    }

    /// Reads every line, the ones read ahead first, as
    /// [`read_decks_until`] does.
    ///
    /// # Errors
    /// As [`read_decks`].
    pub fn read_until(
        &mut self,
        parser: &mut DeckParser,
        mut observe: impl FnMut(u64, &[u8]) -> std::ops::ControlFlow<()>,
    ) -> Result<LineCounts, ReadError> {
        let skip_invalid = self.skip_invalid;
        let mut counts = LineCounts::default();
        let mut line = Vec::with_capacity(256);
        loop {
            let read = if let Some((l, r)) = self.ahead.pop_front() {
                line = l;
                r
            } else {
                let Some(r) = self.next(&mut line)? else {
                    break;
                };
                r
            };
            counts.lines += 1;
            let skip_blank = parser.skips_blank_lines();
            match read.parse(parser, &line, line.len()) {
                Ok(deck) => {
                    counts.deck();
                    if observe(counts.lines, deck).is_break() {
                        break;
                    }
                }
                Err(error) if skip_blank && blank(&line, &error) => {}
                Err(error) if skip_invalid && !error.ends_the_read() => {
                    counts.invalid(counts.lines, &error);
                    if let Some(line) = counts.overrun() {
                        return Err(ReadError::TooManyInvalid { line });
                    }
                }
                Err(error) => {
                    return Err(ReadError::Line {
                        line: counts.lines,
                        error,
                    });
                }
            }
        }
        if counts.decks == 0 {
            return Err(no_decks(&counts));
        }
        Ok(counts)
    }
}

/// The error of a read that found no deck, saying what it found instead.
pub(crate) fn no_decks(counts: &LineCounts) -> ReadError {
    let why = match counts.invalid.first() {
        Some(l) => format!(
            ": {} invalid line(s), the first (line {}): {}",
            l.count, l.first_line, l.message
        ),
        None => " (it is empty)".into(),
    };
    ReadError::NoDecks(why)
}
