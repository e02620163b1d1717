//! Decks from a numpy array: each row one deck, checked as `audit` checks
//! a line ([`deck_lines::deck_of_row`]), counted on every worker with the
//! counts `audit` keeps ([`DeckTally`]), read in place (no copy of the
//! array) whatever its integer type and strides.

use algorithms::{MAX_DECK, MIN_DECK};
use deck_lines::{Base, LineError};
use numpy::PyReadonlyArray2;
use numpy::ndarray::ArrayView2;
use pyo3::exceptions::{PyTypeError, PyValueError};
use pyo3::prelude::*;
use rayon::prelude::*;
use sha2::{Digest, Sha256};
use stats::hypothesis::audit::{DeckCounts, DeckTally};
use std::sync::Mutex;

/// Decks a worker counts at a time.
const ROWS_PER_PIECE: usize = 1 << 14;

/// A 2-D integer array of decks, as numpy holds it.
#[derive(FromPyObject)]
pub(crate) enum Decks<'py> {
    U8(PyReadonlyArray2<'py, u8>),
    U16(PyReadonlyArray2<'py, u16>),
    U32(PyReadonlyArray2<'py, u32>),
    U64(PyReadonlyArray2<'py, u64>),
    I8(PyReadonlyArray2<'py, i8>),
    I16(PyReadonlyArray2<'py, i16>),
    I32(PyReadonlyArray2<'py, i32>),
    I64(PyReadonlyArray2<'py, i64>),
}

/// A card value of any integer type; negative ones are never cards.
pub(crate) trait Card: Copy + Send + Sync {
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

/// Decks counted from an array.
pub(crate) struct Counted {
    /// The counts.
    pub counts: DeckCounts,
    /// Cards per deck.
    pub deck: usize,
    /// Decks.
    pub decks: u64,
    /// The numbering of the array's values.
    pub base: Base,
    /// The SHA-256 of the rows as `audit` reads them from text, and its
    /// bytes ([`deck_lines::write_deck`]), when asked for.
    pub digest: Option<(String, u64)>,
}

/// A row that is not a deck.
pub(crate) struct BadRow {
    /// Its index in the array.
    pub row: usize,
    /// Why, as `audit` says it of a line.
    pub why: LineError,
}

impl From<BadRow> for PyErr {
    fn from(b: BadRow) -> PyErr {
        PyValueError::new_err(format!("row {}: {}", b.row, b.why))
    }
}

impl Decks<'_> {
    /// Counts every row, in order, on the current rayon pool.
    pub(crate) fn count(
        &self,
        py: Python<'_>,
        base: Option<Base>,
        ordered: bool,
        digest: bool,
        threads: Option<usize>,
    ) -> PyResult<Counted> {
        macro_rules! each {
            ($($v:ident),*) => {
                match self {
                    $(Decks::$v(a) => {
                        let view = a.as_array();
                        crate::on_threads(py, threads, |stop| count(view, base, ordered, digest, stop))?
                    })*
                }
            };
        }
        Ok(each!(U8, U16, U32, U64, I8, I16, I32, I64)?)
    }
}

/// The numbering of the first row, or the one given.
fn numbering<T: Card>(view: &ArrayView2<'_, T>, base: Option<Base>) -> Result<Base, BadRow> {
    if let Some(b) = base {
        return Ok(b);
    }
    let first: Vec<u64> = view
        .row(0)
        .iter()
        .map(|&v| v.value().unwrap_or(u64::MAX))
        .collect();
    deck_lines::base_of_row(&first).map_err(|why| BadRow { row: 0, why })
}

/// Counts the rows of `view` in pieces on every worker, appended in order;
/// with `digest`, each piece is also written as the lines `audit` would
/// read for it, and a thread of its own hashes them in order while the
/// workers count on (memory: at most three batches of text, about 15 MB a
/// worker at 52 cards).
fn count<T: Card>(
    view: ArrayView2<'_, T>,
    base: Option<Base>,
    ordered: bool,
    digest: bool,
    stop: &crate::Stop,
) -> PyResult<Counted> {
    let (rows, n) = view.dim();
    if !(MIN_DECK..=MAX_DECK).contains(&n) || rows == 0 {
        return Err(PyValueError::new_err(format!(
            "an array of {rows} decks of {n} cards: give one deck per row, {MIN_DECK}..={MAX_DECK} cards each, and at least one row"
        )));
    }
    let base = numbering(&view, base)?;
    let tally = DeckTally::new(ordered);
    let pieces = rows.div_ceil(ROWS_PER_PIECE);
    // Rows in one slice (numpy's usual C order) are read as slices, any
    // other layout through the array's strides.
    let contiguous = view.as_slice();
    // Text buffers hashed already, for the next pieces to write into.
    let spare: Mutex<Vec<Vec<u8>>> = Mutex::new(Vec::new());
    // A piece's counts and, with `digest`, its text.
    let piece = |p: usize| -> Result<(DeckCounts, Vec<u8>), BadRow> {
        let start = p * ROWS_PER_PIECE;
        let end = (start + ROWS_PER_PIECE).min(rows);
        let mut deck = vec![0u8; n];
        let mut text = if digest {
            spare
                .lock()
                .expect("no panic holds it")
                .pop()
                .unwrap_or_default()
        } else {
            Vec::new()
        };
        text.clear();
        let mut counts = None;
        for r in start..end {
            let checked = match contiguous {
                Some(all) => {
                    let row = &all[r * n..(r + 1) * n];
                    let values = row.iter().map(|&v| v.value().unwrap_or(u64::MAX));
                    deck_lines::deck_of_row(values, base, &mut deck)
                }
                None => {
                    let row = view.row(r);
                    let values = row.iter().map(|&v| v.value().unwrap_or(u64::MAX));
                    deck_lines::deck_of_row(values, base, &mut deck)
                }
            };
            checked.map_err(|why| BadRow { row: r, why })?;
            counts
                .get_or_insert_with(|| tally.counts(&deck, start as u64))
                .observe(&deck);
            if digest {
                deck_lines::write_deck(&deck, base, &mut text);
            }
        }
        Ok((counts.expect("a piece has a row"), text))
    };
    // A thread of its own hashes the pieces' text in order while the
    // workers count the next ones, and hands each buffer back.
    let batch = 2 * rayon::current_num_threads().max(1);
    let (send, texts) = std::sync::mpsc::sync_channel::<Vec<u8>>(2 * batch);
    let (all, digest) = std::thread::scope(|scope| {
        let hashing = digest.then(|| {
            let spare = &spare;
            scope.spawn(move || {
                let mut hasher = Sha256::new();
                let mut bytes = 0u64;
                for text in texts {
                    hasher.update(&text);
                    bytes += text.len() as u64;
                    spare.lock().expect("no panic holds it").push(text);
                }
                let hex: String = hasher
                    .finalize()
                    .iter()
                    .map(|b| format!("{b:02x}"))
                    .collect();
                (hex, bytes)
            })
        });
        let mut all: Option<DeckCounts> = None;
        let mut counting = || -> Result<(), BadRow> {
            for first in (0..pieces).step_by(batch) {
                if stop.asked() {
                    break;
                }
                let last = (first + batch).min(pieces);
                let counted: Vec<_> = (first..last).into_par_iter().map(piece).collect();
                for result in counted {
                    let (counts, text) = result?;
                    match &mut all {
                        Some(a) => a.append(counts),
                        None => all = Some(counts),
                    }
                    if digest {
                        send.send(text)
                            .expect("the hashing thread waits for every piece");
                    }
                }
            }
            Ok(())
        };
        let counted = counting();
        drop(send);
        let digest = hashing.map(|h| h.join().expect("hashing does not panic"));
        counted.map(|()| (all, digest))
    })?;
    // Stopped part way: the counts so far are not the array's.
    stop.here();
    Ok(Counted {
        counts: all.expect("at least one row"),
        deck: n,
        decks: rows as u64,
        base,
        digest,
    })
}

/// `base` as Python gives it: `None`, 0 or 1.
pub(crate) fn base_of(base: Option<u8>) -> PyResult<Option<Base>> {
    match base {
        None => Ok(None),
        Some(0) => Ok(Some(Base::Zero)),
        Some(1) => Ok(Some(Base::One)),
        Some(b) => Err(PyValueError::new_err(format!(
            "base={b} is not a numbering: use 0, 1 or None (detected from the first deck)"
        ))),
    }
}

/// The error for an array that is not of integers.
pub(crate) fn not_integers(what: &str) -> PyErr {
    PyTypeError::new_err(format!(
        "{what}: decks are a 2-D numpy array of integers (one deck per row), a list of lists of integers, or a path"
    ))
}
