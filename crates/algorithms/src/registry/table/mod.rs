//! The registry's rows: every algorithm of the suite, seeds first, in
//! document order. The rows are kept in three files, one per kind, and
//! joined here when the crate is compiled.

use super::entry::Entry;

mod reference;
mod seeds;
mod sorts;

/// The three files' rows, in registry order.
const PARTS: &[&[Entry]] = &[seeds::ROWS, reference::ROWS, sorts::ROWS];

/// How many rows the parts hold together.
const COUNT: usize = {
    let mut count = 0;
    let mut part = 0;
    while part < PARTS.len() {
        count += PARTS[part].len();
        part += 1;
    }
    count
};

/// The parts' rows, one after the other.
const fn join<const N: usize>(parts: &[&[Entry]]) -> [Entry; N] {
    let mut rows = [parts[0][0]; N];
    let mut at = 0;
    let mut part = 0;
    while part < parts.len() {
        let mut row = 0;
        while row < parts[part].len() {
            rows[at] = parts[part][row];
            at += 1;
            row += 1;
        }
        part += 1;
    }
    rows
}

static ROWS: [Entry; COUNT] = join(PARTS);

/// Every algorithm of the suite, seeds first, in document order.
pub static REGISTRY: &[Entry] = &ROWS;

/// The sorts that runtimes ship, run with a random comparator: the last
/// part's rows.
pub fn runtime_sorts() -> &'static [Entry] {
    &ROWS[COUNT - sorts::ROWS.len()..]
}
