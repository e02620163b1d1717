//! Decks already in memory, one row per deck (a numpy array, a JavaScript
//! typed array or array of arrays): each row checked as `audit` checks a
//! line ([`deck_lines::deck_of_row`]) and counted on every worker with the
//! counts `audit` keeps ([`DeckTally`]), with no text in between but the
//! one hashed for the input's SHA-256 when it is asked for.

use algorithms::{MAX_DECK, MIN_DECK};
use deck_lines::{Base, LineError};
use rayon::prelude::*;
use sha2::{Digest, Sha256};
use stats::hypothesis::audit::{DeckCounts, DeckTally};
use std::collections::BTreeMap;
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::{Condvar, Mutex};

/// Decks a worker counts at a time.
const ROWS_PER_PIECE: usize = 1 << 14;

/// A card value of any integer type; negative ones are never cards.
pub trait Card: Copy + Send + Sync {
    /// The value, or `None` below 0.
    fn value(self) -> Option<u64>;
}

macro_rules! unsigned {
    ($($t:ty),*) => {$(impl Card for $t {
        #[inline]
        fn value(self) -> Option<u64> {
            Some(u64::from(self))
        }
    })*};
}
macro_rules! signed {
    ($($t:ty),*) => {$(impl Card for $t {
        #[inline]
        fn value(self) -> Option<u64> {
            u64::try_from(self).ok()
        }
    })*};
}
unsigned!(u8, u16, u32, u64);
signed!(i8, i16, i32, i64);

/// The value a card that is no card (below 0) is checked as: never a card.
#[inline]
fn value_of<T: Card>(card: T) -> u64 {
    card.value().unwrap_or(u64::MAX)
}

/// Decks held as rows, each row one deck in the order dealt.
pub trait Rows: Sync {
    /// Rows.
    fn rows(&self) -> usize;
    /// Cards in a row (the first row's, where rows may differ).
    fn cards(&self) -> usize;
    /// Checks row `r` as a deck of `out.len()` cards numbered from `base`
    /// and writes it, 0-based, into `out` ([`deck_lines::deck_of_row`]).
    ///
    /// # Errors
    /// Why the row is not a deck, as `audit` says it of a line.
    fn deck(&self, r: usize, base: Base, out: &mut [u8]) -> Result<(), LineError>;
    /// Row `r`'s values (one that is no card as `u64::MAX`), for the
    /// numbering the first row shows.
    fn values(&self, r: usize) -> Vec<u64>;
}

/// Rows in one slice, deck after deck: `cards[r * deck + position]`.
#[derive(Clone, Copy, Debug)]
pub struct RowMajor<'a, T> {
    /// The cards.
    pub cards: &'a [T],
    /// Cards per deck (at least 1).
    pub deck: usize,
}

impl<T: Card> Rows for RowMajor<'_, T> {
    fn rows(&self) -> usize {
        self.cards.len() / self.deck.max(1)
    }

    fn cards(&self) -> usize {
        self.deck
    }

    fn deck(&self, r: usize, base: Base, out: &mut [u8]) -> Result<(), LineError> {
        let row = &self.cards[r * self.deck..(r + 1) * self.deck];
        deck_lines::deck_of_row(row.iter().map(|&c| value_of(c)), base, out)
    }

    fn values(&self, r: usize) -> Vec<u64> {
        self.cards[r * self.deck..(r + 1) * self.deck]
            .iter()
            .map(|&c| value_of(c))
            .collect()
    }
}

/// Rows each a vector of its own, which may differ in length.
impl<T: Card> Rows for [Vec<T>] {
    fn rows(&self) -> usize {
        self.len()
    }

    fn cards(&self) -> usize {
        self.first().map_or(0, Vec::len)
    }

    fn deck(&self, r: usize, base: Base, out: &mut [u8]) -> Result<(), LineError> {
        deck_lines::deck_of_row(self[r].iter().map(|&c| value_of(c)), base, out)
    }

    fn values(&self, r: usize) -> Vec<u64> {
        self[r].iter().map(|&c| value_of(c)).collect()
    }
}

/// Decks counted from rows.
#[derive(Clone, Debug)]
pub struct CountedRows {
    /// The counts.
    pub counts: DeckCounts,
    /// Cards per deck.
    pub deck: usize,
    /// Decks.
    pub decks: u64,
    /// The numbering of the rows' values.
    pub base: Base,
    /// The SHA-256 of the rows as `audit` reads them from text, and its
    /// bytes ([`deck_lines::write_deck`]), when asked for.
    pub digest: Option<(String, u64)>,
}

/// Why rows could not be counted.
#[derive(Debug, thiserror::Error)]
pub enum RowsError {
    /// No row, or rows of a size no deck has.
    #[error(
        "{rows} decks of {cards} cards: give one deck per row, {MIN_DECK}..={MAX_DECK} cards each, and at least one row"
    )]
    Shape {
        /// Rows.
        rows: usize,
        /// Cards in the first.
        cards: usize,
    },
    /// A row that is not a deck.
    #[error("row {row}: {why}")]
    Row {
        /// Its index.
        row: usize,
        /// Why, as `audit` says it of a line.
        why: LineError,
    },
    /// `stop` said so before the last row was counted.
    #[error("the count was stopped")]
    Stopped,
}

/// Pieces a worker may count ahead of the first piece not yet taken in:
/// the text and counts waiting are at most this many pieces (about 2.4 MB
/// of text each at 52 cards).
const AHEAD: usize = 8;

/// What the workers share: the next piece to take, the pieces taken in,
/// and whether to stop.
struct Shared {
    next: AtomicUsize,
    taken_in: Mutex<usize>,
    moved: Condvar,
    stopping: AtomicBool,
}

/// Counts every row of `rows`, in order, numbered from `base` (detected
/// from the first row when `None`): each worker of the current rayon pool
/// takes the next piece of rows as it is free, and a thread of its own
/// takes the pieces in, in order, appending their counts and, with
/// `digest`, hashing the lines `audit` would read for them, which the
/// workers write. No worker runs more than a few pieces ahead of the
/// first not yet taken in (memory: about 20 MB of text at 52 cards).
/// `stop` is asked before each piece.
///
/// # Errors
/// [`RowsError`] for no row, a deck size out of range, a row that is not
/// a deck (the first in order), or a count `stop` ended.
pub fn count_rows<R: Rows + ?Sized>(
    rows: &R,
    base: Option<Base>,
    ordered: bool,
    digest: bool,
    stop: &(dyn Fn() -> bool + Sync),
) -> Result<CountedRows, RowsError> {
    let (count, n) = (rows.rows(), rows.cards());
    if !(MIN_DECK..=MAX_DECK).contains(&n) || count == 0 {
        return Err(RowsError::Shape {
            rows: count,
            cards: n,
        });
    }
    let base = match base {
        Some(b) => b,
        None => deck_lines::base_of_row(&rows.values(0))
            .map_err(|why| RowsError::Row { row: 0, why })?,
    };
    let tally = DeckTally::new(ordered);
    let pieces = count.div_ceil(ROWS_PER_PIECE);
    // A piece's counts and, with `digest`, its text.
    let piece = |p: usize, mut text: Vec<u8>| -> Result<(DeckCounts, Vec<u8>), RowsError> {
        let start = p * ROWS_PER_PIECE;
        let end = (start + ROWS_PER_PIECE).min(count);
        let mut deck = vec![0u8; n];
        text.clear();
        let mut counts = None;
        for r in start..end {
            rows.deck(r, base, &mut deck)
                .map_err(|why| RowsError::Row { row: r, why })?;
            counts
                .get_or_insert_with(|| tally.counts(&deck, start as u64))
                .observe(&deck);
            if digest {
                deck_lines::write_deck(&deck, base, &mut text);
            }
        }
        Ok((counts.expect("a piece has a row"), text))
    };
    let shared = Shared {
        next: AtomicUsize::new(0),
        taken_in: Mutex::new(0),
        moved: Condvar::new(),
        stopping: AtomicBool::new(false),
    };
    // Text buffers hashed already, for the next pieces to write into.
    let spare: Mutex<Vec<Vec<u8>>> = Mutex::new(Vec::new());
    let (send, done) =
        std::sync::mpsc::channel::<(usize, Result<(DeckCounts, Vec<u8>), RowsError>)>();
    std::thread::scope(|scope| {
        // Takes the pieces in, in order, as they come.
        let taking_in = scope.spawn(|| {
            let mut waiting = BTreeMap::new();
            let mut all: Option<DeckCounts> = None;
            let mut hasher = Sha256::new();
            let mut bytes = 0u64;
            let mut first = 0;
            for (p, counted) in done {
                waiting.insert(p, counted);
                while let Some(counted) = waiting.remove(&first) {
                    let (counts, text) = match counted {
                        Ok(c) => c,
                        Err(e) => {
                            shared.stopping.store(true, Ordering::Relaxed);
                            shared.moved.notify_all();
                            return Err(e);
                        }
                    };
                    match &mut all {
                        Some(a) => a.append(counts),
                        None => all = Some(counts),
                    }
                    if digest {
                        hasher.update(&text);
                        bytes += text.len() as u64;
                        spare.lock().expect("no panic holds it").push(text);
                    }
                    first += 1;
                    *shared.taken_in.lock().expect("no panic holds it") = first;
                    shared.moved.notify_all();
                }
            }
            if first < pieces {
                return Err(RowsError::Stopped);
            }
            let digest = digest.then(|| {
                let hex: String = hasher
                    .finalize()
                    .iter()
                    .map(|b| format!("{b:02x}"))
                    .collect();
                (hex, bytes)
            });
            Ok((all.expect("at least one row"), digest))
        });
        let workers = rayon::current_num_threads().max(1);
        (0..workers).into_par_iter().for_each_with(send, |send, _| {
            loop {
                let p = shared.next.fetch_add(1, Ordering::Relaxed);
                if p >= pieces {
                    return;
                }
                // Wait while this piece is too far ahead of the first not
                // yet taken in.
                let mut taken_in = shared.taken_in.lock().expect("no panic holds it");
                while p >= *taken_in + AHEAD && !shared.stopping.load(Ordering::Relaxed) {
                    taken_in = shared.moved.wait(taken_in).expect("no panic holds it");
                }
                drop(taken_in);
                if shared.stopping.load(Ordering::Relaxed) || stop() {
                    shared.stopping.store(true, Ordering::Relaxed);
                    return;
                }
                let text = if digest {
                    spare
                        .lock()
                        .expect("no panic holds it")
                        .pop()
                        .unwrap_or_default()
                } else {
                    Vec::new()
                };
                if send.send((p, piece(p, text))).is_err() {
                    return;
                }
            }
        });
        let (counts, digest) = taking_in.join().expect("taking in does not panic")?;
        Ok(CountedRows {
            counts,
            deck: n,
            decks: count as u64,
            base,
            digest,
        })
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn rows_in_one_slice_and_as_vectors_count_and_hash_alike() {
        let decks: Vec<Vec<i64>> = vec![vec![1, 2, 3], vec![3, 1, 2], vec![2, 3, 1]];
        let flat: Vec<u16> = decks.iter().flatten().map(|&c| c as u16).collect();
        let never = || false;
        let a = count_rows(decks.as_slice(), None, true, true, &never).unwrap();
        let b = count_rows(
            &RowMajor {
                cards: &flat,
                deck: 3,
            },
            None,
            true,
            true,
            &never,
        )
        .unwrap();
        assert_eq!(a.base, Base::One);
        assert_eq!((a.decks, a.deck), (3, 3));
        assert_eq!(a.digest, b.digest);
        // The text hashed is the one `audit` reads: "1 2 3\n3 1 2\n2 3 1\n".
        assert_eq!(a.digest.as_ref().unwrap().1, 18);
        assert_eq!(format!("{:?}", a.counts), format!("{:?}", b.counts));
    }

    #[test]
    fn a_row_that_is_no_deck_is_named_by_its_index() {
        let decks: Vec<Vec<i64>> = vec![vec![0, 1, 2], vec![0, 0, 2], vec![-1, 1, 2]];
        let never = || false;
        match count_rows(decks.as_slice(), None, true, false, &never) {
            Err(RowsError::Row { row: 1, .. }) => {}
            other => panic!("{other:?}"),
        }
        let short: Vec<Vec<i64>> = vec![vec![0, 1, 2], vec![0, 1]];
        assert!(matches!(
            count_rows(short.as_slice(), None, true, false, &never),
            Err(RowsError::Row { row: 1, .. })
        ));
        let none: Vec<Vec<i64>> = Vec::new();
        assert!(matches!(
            count_rows(none.as_slice(), None, true, false, &never),
            Err(RowsError::Shape { rows: 0, .. })
        ));
    }

    /// Many pieces, taken by 1 and by 3 workers, come in in order: the same
    /// counts, and the SHA-256 of the whole text in order.
    #[test]
    fn pieces_come_in_in_order_on_any_number_of_workers() {
        let n = 5;
        let rows = 7 * ROWS_PER_PIECE + 123;
        let mut cards = Vec::with_capacity(rows * n);
        let mut text = Vec::new();
        for r in 0..rows {
            // A deck that depends on its row, so that order matters.
            let mut deck: Vec<u8> = (0..n as u8).collect();
            deck.rotate_left(r % n);
            deck.swap(0, (r / n) % n);
            deck_lines::write_deck(&deck, Base::Zero, &mut text);
            cards.extend_from_slice(&deck);
        }
        let whole: String = Sha256::digest(&text)
            .iter()
            .map(|b| format!("{b:02x}"))
            .collect();
        let on = |threads: usize| {
            let pool = rayon::ThreadPoolBuilder::new()
                .num_threads(threads)
                .build()
                .unwrap();
            let never = || false;
            pool.install(|| {
                count_rows(
                    &RowMajor {
                        cards: &cards,
                        deck: n,
                    },
                    None,
                    true,
                    true,
                    &never,
                )
                .unwrap()
            })
        };
        let (one, three) = (on(1), on(3));
        assert_eq!(one.digest, Some((whole, text.len() as u64)));
        assert_eq!(one.digest, three.digest);
        assert_eq!(format!("{:?}", one.counts), format!("{:?}", three.counts));
        // Asked to stop, it stops.
        let stop = || true;
        assert!(matches!(
            count_rows(
                &RowMajor {
                    cards: &cards,
                    deck: n
                },
                None,
                true,
                true,
                &stop
            ),
            Err(RowsError::Stopped)
        ));
    }
}
