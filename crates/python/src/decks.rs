//! Decks from a numpy array: each row one deck, checked and counted by the
//! engine as `audit` checks a line and counts it ([`count_rows`]), read in
//! place (no copy of the array) whatever its integer type and strides.

use deck_lines::{Base, LineError};
use engine::audit::{Card, CountedRows, RowMajor, Rows, RowsError, count_rows};
use numpy::PyReadonlyArray2;
use numpy::ndarray::ArrayView2;
use pyo3::exceptions::{PyTypeError, PyValueError};
use pyo3::prelude::*;

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

impl Decks<'_> {
    /// Counts every row, in order, on the current rayon pool.
    pub(crate) fn count(
        &self,
        py: Python<'_>,
        base: Option<Base>,
        ordered: bool,
        digest: bool,
        threads: Option<usize>,
    ) -> PyResult<CountedRows> {
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

/// An array seen through its strides: a layout other than numpy's usual C
/// order, read row by row.
struct Strided<'a, T>(ArrayView2<'a, T>);

impl<T: Card> Rows for Strided<'_, T> {
    fn rows(&self) -> usize {
        self.0.nrows()
    }

    fn cards(&self) -> usize {
        self.0.ncols()
    }

    fn deck(&self, r: usize, base: Base, out: &mut [u8]) -> Result<(), LineError> {
        let values = self.0.row(r);
        deck_lines::deck_of_row(
            values.iter().map(|&v| v.value().unwrap_or(u64::MAX)),
            base,
            out,
        )
    }

    fn values(&self, r: usize) -> Vec<u64> {
        self.0
            .row(r)
            .iter()
            .map(|&v| v.value().unwrap_or(u64::MAX))
            .collect()
    }
}

/// Counts the rows of `view` by the engine ([`count_rows`]): in place when
/// they lie in one slice, through the strides otherwise.
fn count<T: Card>(
    view: ArrayView2<'_, T>,
    base: Option<Base>,
    ordered: bool,
    digest: bool,
    stop: &crate::Stop,
) -> PyResult<CountedRows> {
    let asked = || stop.asked();
    let counted = match view.as_slice() {
        Some(cards) => {
            let rows = RowMajor {
                cards,
                deck: view.ncols(),
            };
            count_rows(&rows, base, ordered, digest, &asked)
        }
        None => count_rows(&Strided(view), base, ordered, digest, &asked),
    };
    counted.map_err(|e| match e {
        RowsError::Shape { .. } => PyValueError::new_err(format!("an array of {e}")),
        e @ RowsError::Row { .. } => PyValueError::new_err(e.to_string()),
        RowsError::Stopped => {
            // Ends the call with the signal's exception.
            stop.here();
            PyValueError::new_err("the count was stopped")
        }
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
