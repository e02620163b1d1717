//! Lines that are each one draw (`audit --single`): a lottery's or a
//! draft's drawn order, any number of items, judged alone.

use crate::{BOM, Base, LineCounts, LineError, ReadError, next_line, split_numbers};

/// The most items of one draw [`parse_draw`] reads: any such draw fits in
/// [`MAX_LINE_BYTES`](crate::MAX_LINE_BYTES).
pub const MAX_DRAW_ITEMS: usize = 100_000;

/// One line as a single draw (a lottery's drawn order): a permutation of
/// `0..n` or `1..=n` for any `n` in `2..=`[`MAX_DRAW_ITEMS`], numbered from
/// 0 when it holds 0 and from 1 when it holds `n`. Returns the items
/// 0-based, and the numbering.
///
/// # Errors
/// [`LineError`]: not numbers, too few or many items, no numbering, an
/// item out of range or twice.
pub fn parse_draw(line: &[u8]) -> Result<(Vec<u32>, Base), LineError> {
    let line = line.strip_suffix(b"\r").unwrap_or(line);
    let mut values = Vec::new();
    split_numbers(line, &mut values)?;
    let n = values.len();
    if !(2..=MAX_DRAW_ITEMS).contains(&n) {
        return Err(LineError::DrawSize(n));
    }
    let base = if values.contains(&0) {
        Base::Zero
    } else if values.contains(&(n as u64)) {
        Base::One
    } else {
        return Err(LineError::NoBase(n));
    };
    let first = base.first();
    let mut seen = vec![false; n];
    values
        .into_iter()
        .map(|v| {
            let item = v.wrapping_sub(first);
            if v < first || item >= n as u64 {
                return Err(LineError::OutOfRange { value: v, base, n });
            }
            if std::mem::replace(&mut seen[item as usize], true) {
                return Err(LineError::Duplicate(v));
            }
            Ok(item as u32)
        })
        .collect::<Result<Vec<u32>, LineError>>()
        .map(|draw| (draw, base))
}

/// Reads every line of `input` as one draw ([`parse_draw`]) and hands
/// each to `each` with its 1-based line number, as every reader of decks
/// reads lines ([`next_line`]): the byte-order mark of the first line
/// dropped; lines starting with `#` (after blanks) skipped as comments,
/// where a draw's file says where it comes from; an invalid line counted
/// and skipped with `skip_invalid`, and the end of the read without.
/// Returns the lines read, the draws among them and the lines skipped.
///
/// # Errors
/// [`ReadError::Line`] at the first invalid line (without `skip_invalid`)
/// or at one with no end ([`LineError::Endless`]); [`ReadError::NoDraws`]
/// when no line is a draw; [`ReadError::Io`] when reading fails.
pub fn read_draws(
    input: &mut impl std::io::BufRead,
    skip_invalid: bool,
    mut each: impl FnMut(u64, &[u32], Base),
) -> Result<LineCounts, ReadError> {
    let mut counts = LineCounts::default();
    let mut line = Vec::new();
    while let Some(read) = next_line(input, &mut line, skip_invalid)? {
        counts.lines += 1;
        let bad = |error| ReadError::Line {
            line: counts.lines,
            error,
        };
        match read {
            Ok(()) => {}
            Err(e) if skip_invalid && !e.ends_the_read() => {
                counts.invalid(counts.lines, &e);
                if let Some(line) = counts.overrun() {
                    return Err(ReadError::TooManyInvalid { line });
                }
                continue;
            }
            Err(e) => return Err(bad(e)),
        }
        let text = match counts.lines {
            1 => line.strip_prefix(BOM).unwrap_or(&line),
            _ => &line,
        };
        if text.trim_ascii_start().starts_with(b"#") {
            continue;
        }
        match parse_draw(text) {
            Ok((draw, base)) => {
                counts.deck();
                each(counts.lines, &draw, base);
            }
            Err(e) if skip_invalid => {
                counts.invalid(counts.lines, &e);
                if let Some(line) = counts.overrun() {
                    return Err(ReadError::TooManyInvalid { line });
                }
            }
            Err(e) => return Err(bad(e)),
        }
    }
    if counts.decks == 0 {
        return Err(ReadError::NoDraws);
    }
    Ok(counts)
}
