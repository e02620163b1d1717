//! Reading and counting in parallel: one reader cuts the input into
//! blocks of whole lines, rayon's workers parse and count them, and the
//! counts of consecutive stretches merge in input order, so the result is
//! the one a single pass gives, on any number of threads.

use crate::line::{LineCounts, LineError, MAX_LINE_BYTES};
use crate::{BOM, DeckParser, Read, ReadError, Settled, note_carriage_returns};
use rayon::prelude::*;
use std::io::BufRead;

/// The bytes one read takes at most: a block, cut after its last line
/// end. Larger than [`MAX_LINE_BYTES`], so a block without a line end is
/// one line too long to keep.
const BLOCK_BYTES: usize = 2 << 20;

/// Blocks per worker in one batch: enough that the workers share a batch
/// evenly.
const BLOCKS_PER_THREAD: usize = 4;

/// The most blocks of one batch, whatever the number of workers (64 MiB).
const MAX_BATCH_BLOCKS: usize = 32;

/// What a decks' count is made of: `new(deck, before)` makes empty counts
/// for the decks that come after `before` others, the first of them
/// `deck`; `observe` counts one deck; `append(earlier, later)` adds the
/// counts of the decks that came right after, as if observed in order.
pub struct Tally<N, O, M> {
    /// Empty counts.
    pub new: N,
    /// Counts one deck.
    pub observe: O,
    /// Appends later counts to earlier ones.
    pub append: M,
}

impl<N, O, M> std::fmt::Debug for Tally<N, O, M> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Tally").finish_non_exhaustive()
    }
}

/// The bytes of a piece of work: lines are counted in pieces about this
/// long, so that the workers finish a batch at about the same time.
const PIECE_BYTES: usize = 128 << 10;

/// A piece of the input, in order.
enum Block {
    /// Whole lines, each ending with `\n` but perhaps the input's last.
    Lines(Vec<u8>),
    /// One line longer than a block, dropped as it was read, or left
    /// unread when the read stops at it: how it was read.
    TooLong(Read),
}

/// A piece of a block: whole lines, or a line too long to keep.
#[derive(Clone, Copy)]
enum Piece<'a> {
    Lines(&'a [u8]),
    TooLong(Read),
}

impl Block {
    /// The block in pieces of whole lines, about `size` bytes each.
    fn pieces(&self, size: usize) -> Vec<Piece<'_>> {
        match self {
            &Block::TooLong(read) => vec![Piece::TooLong(read)],
            Block::Lines(bytes) => {
                let mut pieces = Vec::new();
                let mut rest = bytes.as_slice();
                while rest.len() > size {
                    match memchr::memchr(b'\n', &rest[size..]) {
                        Some(i) => {
                            let (piece, after) = rest.split_at(size + i + 1);
                            pieces.push(Piece::Lines(piece));
                            rest = after;
                        }
                        None => break,
                    }
                }
                if !rest.is_empty() {
                    pieces.push(Piece::Lines(rest));
                }
                pieces
            }
        }
    }
}

/// The counts of a stretch of consecutive lines.
struct Part<A> {
    /// Lines and decks, line numbers from the stretch's start.
    counts: LineCounts,
    /// The first bad line (its number in the stretch) when bad lines stop
    /// the read: the lines after it are not counted.
    error: Option<(u64, LineError)>,
    /// The decks' counts, from the first deck on.
    decks: Option<A>,
}

impl<A> Part<A> {
    fn new() -> Self {
        Part {
            counts: LineCounts::default(),
            error: None,
            decks: None,
        }
    }

    /// Counts one line, read as `read`.
    #[inline]
    fn line<N, O, M>(
        &mut self,
        parser: &mut DeckParser,
        (bytes, len): (&[u8], usize),
        read: Read,
        skip_invalid: bool,
        (tally, before): (&Tally<N, O, M>, u64),
    ) where
        N: Fn(&[u8], u64) -> A,
        O: Fn(&mut A, &[u8]),
    {
        self.counts.lines += 1;
        let skip_blank = parser.skips_blank_lines();
        match read.parse(parser, bytes, len) {
            Ok(deck) => {
                self.counts.deck();
                let decks = self.decks.get_or_insert_with(|| (tally.new)(deck, before));
                (tally.observe)(decks, deck);
            }
            Err(e) if skip_blank && crate::blank(&bytes[..len], &e) => {}
            Err(e) if skip_invalid && !e.ends_the_read() => {
                self.counts.invalid(self.counts.lines, &e);
            }
            Err(e) => self.error = Some((self.counts.lines, e)),
        }
    }

    /// Whether the read stops within these lines: at a line that ends it,
    /// or at the last of too many invalid lines in a row.
    fn stops(&self) -> bool {
        self.error.is_some() || self.counts.overrun().is_some()
    }

    /// Counts the lines of a block.
    fn block<N, O, M>(
        &mut self,
        parser: &mut DeckParser,
        block: Piece<'_>,
        skip_invalid: bool,
        tally: (&Tally<N, O, M>, u64),
    ) where
        N: Fn(&[u8], u64) -> A,
        O: Fn(&mut A, &[u8]),
    {
        let bytes = match block {
            Piece::Lines(bytes) => bytes,
            Piece::TooLong(read) => {
                if !self.stops() {
                    self.line(parser, (&[], 0), read, skip_invalid, tally);
                }
                return;
            }
        };
        let mut rest = bytes;
        while !rest.is_empty() && !self.stops() {
            let (len, next) = match memchr::memchr(b'\n', rest) {
                Some(i) => (i, i + 1),
                None => (rest.len(), rest.len()),
            };
            let line = &rest[..len];
            // The `\r` of a `\r\n` line end is not the line's.
            let content = len - usize::from(line.last() == Some(&b'\r'));
            let read = if content > MAX_LINE_BYTES {
                Read::TooLong {
                    carriage_return: line[..len - 1].contains(&b'\r'),
                }
            } else {
                Read::Whole
            };
            // The line with what follows it: the parser may read past its
            // end instead of copying it.
            self.line(parser, (rest, len), read, skip_invalid, tally);
            rest = &rest[next..];
        }
    }

    /// Adds the counts of the stretch right after this one.
    fn append(&mut self, later: Part<A>, append: &impl Fn(&mut A, A)) {
        if self.stops() {
            // The read stops here: nothing after counts.
            return;
        }
        let offset = self.counts.lines;
        self.error = later.error.map(|(line, e)| (line + offset, e));
        self.counts.append(later.counts);
        match (&mut self.decks, later.decks) {
            (Some(a), Some(b)) => append(a, b),
            (None, b) => self.decks = b,
            (Some(_), None) => {}
        }
    }
}

/// Reads every line of a settled input ([`crate::settle`]) as
/// [`Settled::read_until`] does, and counts the valid decks with `tally`,
/// in parallel on the current rayon pool: the lines read ahead and any
/// before the parser knows the deck size and numbering one by one, the
/// rest in blocks of whole lines, each counted by a worker, the counts of
/// consecutive blocks appended in input order. The counts, the line
/// numbers and the first bad line are those of one pass, on any number of
/// threads. `progress` is told the bytes read so far and the lines'
/// counts up to them, after each batch of blocks.
///
/// Memory: three batches of blocks at most (one being read, one waiting,
/// one counted), each of 2 MiB times four per worker (at most 64 MiB),
/// and the counts of each part of a batch a worker takes.
///
/// Returns the counts (of at least one deck), the lines' counts and the
/// input, read to its end or, when a bad line stops the read, past it.
///
/// # Errors
/// As [`crate::read_decks`].
pub fn count_parallel<R, A, N, O, M>(
    settled: Settled<R>,
    parser: &mut DeckParser,
    tally: &Tally<N, O, M>,
    progress: &(dyn Fn(u64, &LineCounts) + Sync),
) -> Result<(A, LineCounts, R), ReadError>
where
    R: BufRead + Send,
    A: Send,
    N: Fn(&[u8], u64) -> A + Sync,
    O: Fn(&mut A, &[u8]) + Sync,
    M: Fn(&mut A, A) + Sync,
{
    count_in(Sizes::READ, settled, parser, tally, progress)
}

/// How the input is cut.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Sizes {
    /// The bytes of one read: more than [`MAX_LINE_BYTES`], unless every
    /// line is shorter than it (a block without a line end is one line too
    /// long to keep).
    pub(crate) block: usize,
    /// The bytes of a piece of work ([`PIECE_BYTES`]).
    pub(crate) piece: usize,
}

impl Sizes {
    /// The sizes `audit` reads with.
    pub(crate) const READ: Sizes = Sizes {
        block: BLOCK_BYTES,
        piece: PIECE_BYTES,
    };
}

/// [`count_parallel`], cut as `sizes` says.
pub(crate) fn count_in<R, A, N, O, M>(
    sizes: Sizes,
    settled: Settled<R>,
    parser: &mut DeckParser,
    tally: &Tally<N, O, M>,
    progress: &(dyn Fn(u64, &LineCounts) + Sync),
) -> Result<(A, LineCounts, R), ReadError>
where
    R: BufRead + Send,
    A: Send,
    N: Fn(&[u8], u64) -> A + Sync,
    O: Fn(&mut A, &[u8]) + Sync,
    M: Fn(&mut A, A) + Sync,
{
    let mut settled = settled;
    let skip_invalid = settled.skip_invalid;
    let mut total = Part::new();
    let mut line = Vec::with_capacity(256);
    // One by one: the lines read ahead, then those before the parser is
    // settled (its first valid deck fixes what the vote did not).
    while !total.stops() {
        let read = if let Some((l, r)) = settled.ahead.pop_front() {
            line = l;
            r
        } else if !parser.settled() {
            match settled.next(&mut line)? {
                Some(r) => r,
                None => break,
            }
        } else {
            break;
        };
        total.line(parser, (&line, line.len()), read, skip_invalid, (tally, 0));
    }
    let Settled { input, first, .. } = settled;
    let input = if !total.stops() {
        let parser = &*parser;
        let threads = rayon::current_num_threads();
        let blocks = (threads * BLOCKS_PER_THREAD).clamp(2, MAX_BATCH_BLOCKS);
        std::thread::scope(|scope| {
            let (send, batches) = std::sync::mpsc::sync_channel(1);
            // Counted blocks go back to the reader, to be read into again.
            let (recycle, free) = std::sync::mpsc::channel();
            let reading = Reading {
                first,
                blocks,
                size: sizes.block,
                skip_invalid,
            };
            let reader = scope.spawn(move || read_blocks(input, reading, &send, &free));
            let mut read = 0;
            for batch in batches {
                let (batch, bytes): (Vec<Block>, u64) = batch?;
                let before = total.counts.decks;
                let pieces: Vec<Piece<'_>> =
                    batch.iter().flat_map(|b| b.pieces(sizes.piece)).collect();
                let part = pieces
                    .into_par_iter()
                    .fold(
                        || (parser.clone(), Part::new()),
                        |(mut parser, mut part), block| {
                            if !part.stops() {
                                part.block(&mut parser, block, skip_invalid, (tally, before));
                            }
                            (parser, part)
                        },
                    )
                    .map(|(_, part)| part)
                    .reduce(Part::new, |mut a, b| {
                        a.append(b, &tally.append);
                        a
                    });
                total.append(part, &tally.append);
                for block in batch {
                    if let Block::Lines(buf) = block {
                        let _ = recycle.send(buf);
                    }
                }
                read += bytes;
                progress(read, &total.counts);
                if total.stops() {
                    // Dropping the receiver stops the reader.
                    break;
                }
            }
            reader.join().expect("the reader does not panic")
        })?
    } else {
        input
    };
    // Whichever stops the read first: a line that ends it, or the last of
    // too many invalid lines in a row (both, counted apart, may be set).
    match (total.error, total.counts.overrun()) {
        (Some((line, error)), overrun) if overrun.is_none_or(|o| line < o) => {
            return Err(ReadError::Line { line, error });
        }
        (_, Some(line)) => return Err(ReadError::TooManyInvalid { line }),
        _ => {}
    }
    match total.decks {
        Some(decks) => Ok((decks, total.counts, input)),
        None => Err(crate::no_decks(&total.counts)),
    }
}

/// How the reader reads.
#[derive(Clone, Copy, Debug)]
struct Reading {
    /// Whether the first block is the input's first (its byte-order mark
    /// is dropped).
    first: bool,
    /// Blocks per batch.
    blocks: usize,
    /// Bytes per block at most.
    size: usize,
    /// Whether a line too long is skipped (up to
    /// [`crate::MAX_SKIPPED_LINE_BYTES`]) for the read to go on; if not,
    /// the read stops at it.
    skip_invalid: bool,
}

/// The reader: sends batches of `blocks` blocks of `size` bytes at most
/// (and the bytes read) until the input ends, an error, a line too long
/// that ends the read, or the receiver is gone; gives the input back.
fn read_blocks<R: BufRead>(
    mut input: R,
    reading: Reading,
    send: &std::sync::mpsc::SyncSender<std::io::Result<(Vec<Block>, u64)>>,
    free: &std::sync::mpsc::Receiver<Vec<u8>>,
) -> std::io::Result<R> {
    let Reading {
        mut first,
        blocks,
        size,
        skip_invalid,
    } = reading;
    let mut carry = Vec::new();
    let mut end = false;
    while !end {
        let mut batch = Vec::with_capacity(blocks);
        let mut bytes = 0;
        while batch.len() < blocks && !end {
            let buf = free.try_recv().unwrap_or_default();
            match next_block(
                &mut input,
                buf,
                &mut carry,
                &mut bytes,
                (size, skip_invalid),
            ) {
                Ok(Some(mut block)) => {
                    if let Block::TooLong(read) = block
                        && read.stops(skip_invalid)
                    {
                        // The read stops at this line.
                        end = true;
                    }
                    if std::mem::take(&mut first)
                        && let Block::Lines(b) = &mut block
                        && b.starts_with(BOM)
                    {
                        b.drain(..BOM.len());
                    }
                    batch.push(block);
                }
                Ok(None) => end = true,
                Err(e) => {
                    let _ = send.send(Err(e));
                    return Err(std::io::Error::other("reading stopped"));
                }
            }
        }
        if !batch.is_empty() && send.send(Ok((batch, bytes))).is_err() {
            break;
        }
    }
    Ok(input)
}

/// The next block of `size` bytes at most, read into `buf` (a block
/// counted before, or new): `carry` (the start of a line the last block
/// cut) and what follows, up to the last line end; `None` at the end of
/// the input. A block without a line end is a line too long, skipped to
/// its end with `skip` (up to [`crate::MAX_SKIPPED_LINE_BYTES`]), left
/// unread without.
fn next_block<R: BufRead>(
    input: &mut R,
    mut buf: Vec<u8>,
    carry: &mut Vec<u8>,
    bytes: &mut u64,
    (size, skip): (usize, bool),
) -> std::io::Result<Option<Block>> {
    // Only what the last use did not fill is zeroed.
    buf.resize(size, 0);
    let start = carry.len();
    buf[..start].copy_from_slice(carry);
    carry.clear();
    let mut len = start;
    while len < size {
        match input.read(&mut buf[len..]) {
            Ok(0) => break,
            Ok(k) => len += k,
            Err(e) if e.kind() == std::io::ErrorKind::Interrupted => continue,
            Err(e) => return Err(e),
        }
    }
    *bytes += (len - start) as u64;
    buf.truncate(len);
    if buf.is_empty() {
        return Ok(None);
    }
    if len < size {
        // The end of the input: the rest is whole lines.
        return Ok(Some(Block::Lines(buf)));
    }
    match memchr::memrchr(b'\n', &buf) {
        Some(i) => {
            carry.extend_from_slice(&buf[i + 1..]);
            buf.truncate(i + 1);
            Ok(Some(Block::Lines(buf)))
        }
        None => {
            // A block without a line end: one line longer than any kept.
            let (mut pending, mut carriage_return) = (false, false);
            note_carriage_returns(&buf, &mut pending, &mut carriage_return);
            if !skip {
                return Ok(Some(Block::TooLong(Read::TooLong { carriage_return })));
            }
            let most = crate::MAX_SKIPPED_LINE_BYTES.saturating_sub(len as u64);
            match crate::skip_line(input, &mut pending, &mut carriage_return, most)? {
                Some(skipped) => {
                    *bytes += skipped;
                    Ok(Some(Block::TooLong(Read::TooLong { carriage_return })))
                }
                None => Ok(Some(Block::TooLong(Read::Endless))),
            }
        }
    }
}
