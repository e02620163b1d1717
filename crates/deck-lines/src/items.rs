//! A line's items: its body (bare, or inside a JSON array), the numbers
//! in it and the separators between them.

use crate::LineError;

/// Whether `line`, refused with `error`, is blank (empty, or spaces only).
pub(crate) fn blank(line: &[u8], error: &LineError) -> bool {
    matches!(error, LineError::Empty) && line.trim_ascii().is_empty()
}

/// A line's body: its items, inside the brackets of a JSON array (`true`)
/// or bare (`false`).
pub(crate) fn line_body(line: &[u8]) -> Result<(&[u8], bool), LineError> {
    let trimmed = line.trim_ascii();
    if trimmed.is_empty() {
        return Err(LineError::Empty);
    }
    match trimmed.strip_prefix(b"[") {
        Some(rest) => Ok((
            rest.strip_suffix(b"]")
                .ok_or(LineError::Json("no closing ] at the end of the line"))?,
            true,
        )),
        None => Ok((trimmed, false)),
    }
}

/// The end of a line's items: a JSON array closes without a comma after
/// its last `item`, and a line holds one item at least.
pub(crate) fn end_of_items(
    json: bool,
    expect_value: bool,
    empty: bool,
    item: &'static str,
) -> Result<(), LineError> {
    if json && expect_value && !empty {
        return Err(LineError::Json(item));
    }
    if empty {
        return Err(if json {
            LineError::Json("an empty array")
        } else {
            LineError::Empty
        });
    }
    Ok(())
}

/// The integers of a line, plain or as a JSON array, into `out`.
pub(crate) fn split_numbers(line: &[u8], out: &mut Vec<u64>) -> Result<(), LineError> {
    let (body, json) = line_body(line)?;
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
                    None => {
                        // All digits: a number, too large for a card.
                        let digits = bytes[start..].iter().take_while(|b| b.is_ascii_digit());
                        let end = start + digits.count();
                        if bytes.get(end).is_none_or(|&b| is_separator(b) || b == b']') {
                            return Err(LineError::TooLarge {
                                token: String::from_utf8_lossy(&bytes[start..end])
                                    .chars()
                                    .take(40)
                                    .collect(),
                            });
                        }
                        return Err(not_a_number(&bytes[start..]));
                    }
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
    end_of_items(
        json,
        expect_value,
        out.is_empty(),
        "a comma after the last number",
    )
}

pub(crate) fn is_separator(b: u8) -> bool {
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
