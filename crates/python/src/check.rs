//! `assert_fair`'s check: a Python shuffle function run through
//! `shuffle-check`'s plan, bands and recognition of known mistakes.

use algorithms::defect::Language;
use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;
use pyo3::types::{PyDict, PyList};
use shuffle_check::{Check, CheckRng, Deck};

/// Checks `shuffle` (called with a list `[0, 1, …, n-1]`, it rearranges it
/// in place and returns `None`, or returns the shuffled sequence) on each
/// `(cards, shuffles)` of `decks`. Returns `passed`, the plan's guarantee
/// or the failure in words, and the known mistakes it resembles (ids).
/// Unless `allow_small_sample`, a plan too small to notice even a shuffle
/// that does nothing is refused before any call, naming the fewest
/// shuffles that would.
#[pyfunction]
#[pyo3(signature = (shuffle, decks, *, seed, false_failure, allow_small_sample))]
pub(crate) fn check<'py>(
    py: Python<'py>,
    shuffle: &Bound<'py, PyAny>,
    decks: Vec<(usize, u64)>,
    seed: u64,
    false_failure: f64,
    allow_small_sample: bool,
) -> PyResult<Bound<'py, PyDict>> {
    let decks: Vec<Deck> = decks
        .into_iter()
        .map(|(cards, shuffles)| Deck { cards, shuffles })
        .collect();
    let check = Check::with_decks(&decks)
        .and_then(|c| c.false_failure(false_failure))
        .map_err(|e| PyValueError::new_err(e.to_string()))?
        .seed(seed);
    if !allow_small_sample && let Some((first, fewest)) = check.too_small() {
        return Err(PyValueError::new_err(format!(
            "{first}: give decks={fewest} or more, or allow_small_sample=True to check this few"
        )));
    }
    // The check hands each call the fresh deck 0..n: made into a list once
    // per size, each call gets a copy of it (one call into CPython) rather
    // than a list built card by card.
    let mut fresh: Option<Bound<'py, PyList>> = None;
    let outcome = check.try_run(|deck: &mut [u32], _: &mut CheckRng| -> PyResult<()> {
        let in_order = deck.iter().enumerate().all(|(i, &c)| c as usize == i);
        let list = match &fresh {
            Some(f) if in_order && f.len() == deck.len() => f.get_slice(0, deck.len()),
            _ => {
                let f = PyList::new(py, deck.iter().copied())?;
                let list = f.get_slice(0, deck.len());
                if in_order {
                    fresh = Some(f);
                }
                list
            }
        };
        let returned = shuffle.call1((&list,))?;
        if returned.is_none() {
            // Shuffled in place: the list's items read back one by one, with
            // no vector in between (the check's own cost per call).
            let deck_len = deck.len();
            if list.len() != deck_len {
                return Err(wrong_length(deck_len, list.len()));
            }
            for (slot, item) in deck.iter_mut().zip(list.iter()) {
                *slot = item.extract().map_err(|_| {
                    PyValueError::new_err(format!(
                        "the shuffle left {} in the list: it may only rearrange the cards 0..{} it is given",
                        item.repr().map_or_else(|_| "an object".into(), |r| r.to_string()),
                        deck_len
                    ))
                })?;
            }
        } else {
            let shuffled: Vec<u32> = returned.extract().map_err(|_| {
                pyo3::exceptions::PyTypeError::new_err(
                    "the shuffle returned something that is not a sequence of the cards: return None (after shuffling the list in place) or the shuffled cards",
                )
            })?;
            if shuffled.len() != deck.len() {
                return Err(wrong_length(deck.len(), shuffled.len()));
            }
            deck.copy_from_slice(&shuffled);
        }
        Ok(())
    })?;
    let out = PyDict::new(py);
    match outcome {
        Ok(pass) => {
            out.set_item("passed", true)?;
            out.set_item("words", pass.to_string())?;
            out.set_item("resembles", Vec::<&str>::new())?;
        }
        Err(failure) => {
            out.set_item("passed", false)?;
            out.set_item("words", failure.advising(Language::Python).to_string())?;
            let defects: Vec<&str> = failure.defects().into_iter().map(|d| d.id()).collect();
            out.set_item("resembles", defects)?;
        }
    }
    out.set_item("plan", check.plan().to_string())?;
    Ok(out)
}

/// The error for a shuffle that gave back another number of cards.
fn wrong_length(given: usize, back: usize) -> PyErr {
    PyValueError::new_err(format!(
        "the shuffle was given {given} cards and gave back {back}: a shuffle rearranges the cards it is given"
    ))
}
