//! Decks given as rows of numbers (an array another program holds rather
//! than lines of text), checked as a line of numbers is: every card in
//! the numbering, none twice, the errors worded as a line's.

use crate::base::Base;
use crate::line::LineError;

/// The numbering of a deck of `row.len()` cards: 0-based when it holds 0,
/// 1-based when it holds `n` (a valid deck holds one of them, never both).
///
/// # Errors
/// [`LineError::NoBase`] when it holds neither.
pub fn base_of_row(row: &[u64]) -> Result<Base, LineError> {
    let n = row.len() as u64;
    if row.contains(&0) {
        Ok(Base::Zero)
    } else if row.contains(&n) {
        Ok(Base::One)
    } else {
        Err(LineError::NoBase(row.len()))
    }
}

/// Checks that `row` is a deck of `out.len()` cards numbered from `base`
/// and writes it, 0-based, into `out` (`out[position] = card`).
///
/// # Errors
/// [`LineError::WrongLength`], [`LineError::OutOfRange`] or
/// [`LineError::Duplicate`], as for a line.
pub fn deck_of_row(
    row: impl ExactSizeIterator<Item = u64>,
    base: Base,
    out: &mut [u8],
) -> Result<(), LineError> {
    let n = out.len();
    if row.len() != n {
        return Err(LineError::WrongLength {
            got: row.len(),
            want: n,
            unit: "deck",
            origin: "of the first deck",
        });
    }
    let mut seen = [0u64; 4];
    let first = base.first();
    for (slot, value) in out.iter_mut().zip(row) {
        let card = value.wrapping_sub(first);
        if value < first || card >= n as u64 {
            return Err(LineError::OutOfRange { value, base, n });
        }
        let (word, bit) = (card as usize / 64, card % 64);
        if seen[word] >> bit & 1 == 1 {
            return Err(LineError::Duplicate(value));
        }
        seen[word] |= 1 << bit;
        *slot = card as u8;
    }
    Ok(())
}

/// Appends the numbers of a row as the line `audit` reads for it: the
/// numbers in decimal separated by single spaces, then `\n` (what
/// `numpy.savetxt(f, decks, fmt="%d")` writes).
pub fn write_line(values: impl IntoIterator<Item = u64>, out: &mut Vec<u8>) {
    for (i, v) in values.into_iter().enumerate() {
        if i > 0 {
            out.push(b' ');
        }
        if v < 1000 {
            if v >= 100 {
                out.push(b'0' + (v / 100) as u8);
            }
            if v >= 10 {
                out.push(b'0' + (v / 10 % 10) as u8);
            }
            out.push(b'0' + (v % 10) as u8);
        } else {
            out.extend_from_slice(v.to_string().as_bytes());
        }
    }
    out.push(b'\n');
}

/// Appends a deck (`deck[position] = card`, 0-based) as the line `audit`
/// reads for it numbered from `base`: what [`write_line`] writes for its
/// numbers, from a table of the 257 numbers a card can be.
///
/// # Panics
/// If `deck` holds more than 256 cards (a deck holds 2..=255).
pub fn write_deck(deck: &[u8], base: Base, out: &mut Vec<u8>) {
    assert!(deck.len() <= 256, "a deck of {} cards", deck.len());
    /// Each number 0..=256 in decimal, space after: its bytes, then its length.
    static NUMBERS: [([u8; 4], u8); 257] = {
        let mut table = [([0u8; 4], 0u8); 257];
        let mut v = 0;
        while v < 257 {
            let (digits, len) = match v {
                0..=9 => ([b'0' + v as u8, b' ', 0, 0], 2),
                10..=99 => ([b'0' + (v / 10) as u8, b'0' + (v % 10) as u8, b' ', 0], 3),
                _ => (
                    [
                        b'0' + (v / 100) as u8,
                        b'0' + (v / 10 % 10) as u8,
                        b'0' + (v % 10) as u8,
                        b' ',
                    ],
                    4,
                ),
            };
            table[v] = (digits, len);
            v += 1;
        }
        table
    };
    let first = base.first() as usize;
    // Each number is copied as its whole 4-byte entry (one store) into a
    // line on the stack, and the line appended at once.
    let mut line = [0u8; 4 * 256];
    let mut end = 0;
    for &card in deck {
        let (digits, len) = &NUMBERS[card as usize + first];
        line[end..end + 4].copy_from_slice(digits);
        end += *len as usize;
    }
    if end == 0 {
        out.push(b'\n');
    } else {
        line[end - 1] = b'\n';
        out.extend_from_slice(&line[..end]);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::DeckParser;

    #[test]
    fn a_row_is_read_as_its_line_is() {
        let rows: [&[u64]; 6] = [
            &[2, 0, 1],
            &[3, 1, 2],
            &[0, 0, 1],
            &[1, 2, 4],
            &[5, 6, 7],
            &[0, 1],
        ];
        for row in rows {
            let mut line = Vec::new();
            let text: Vec<String> = row.iter().map(u64::to_string).collect();
            line.extend_from_slice(text.join(" ").as_bytes());
            let mut parser = DeckParser::new(Some(3), None);
            let from_line = parser.parse(&line).map(<[u8]>::to_vec);
            let mut out = [0u8; 3];
            let from_row = base_of_row(row)
                .and_then(|b| deck_of_row(row.iter().copied(), b, &mut out).map(|()| out.to_vec()));
            match (&from_line, &from_row) {
                (Ok(a), Ok(b)) => assert_eq!(a, b, "{row:?}"),
                (Err(_), Err(_)) => {}
                _ => panic!("{row:?}: line {from_line:?}, row {from_row:?}"),
            }
        }
    }

    #[test]
    fn a_deck_is_written_as_its_numbers_are() {
        for base in [Base::Zero, Base::One] {
            for deck in [
                vec![0u8, 1],
                (0..=254).rev().collect(),
                vec![9, 10, 99, 100],
            ] {
                let mut by_table = b"before ".to_vec();
                write_deck(&deck, base, &mut by_table);
                let mut by_numbers = b"before ".to_vec();
                write_line(
                    deck.iter().map(|&c| u64::from(c) + base.first()),
                    &mut by_numbers,
                );
                assert_eq!(by_table, by_numbers, "{base:?} {deck:?}");
            }
        }
    }

    #[test]
    fn a_deck_written_as_a_line_reads_back() {
        for base in [Base::Zero, Base::One] {
            let deck: Vec<u8> = (0..=254).rev().collect();
            let mut line = Vec::new();
            write_line(deck.iter().map(|&c| u64::from(c) + base.first()), &mut line);
            assert_eq!(line.last(), Some(&b'\n'));
            let mut parser = DeckParser::new(Some(255), Some(base));
            assert_eq!(parser.parse(&line[..line.len() - 1]).unwrap(), &deck[..]);
        }
        let mut line = Vec::new();
        write_line([3, 1, 20, 1000, 12345], &mut line);
        assert_eq!(line, b"3 1 20 1000 12345\n");
    }
}
