//! The cards seen so far of a deal (`--seen` of `predict` and `recover`):
//! numbers, or names where the deck has them, separated by spaces or
//! commas, each once.

use crate::Base;
use thiserror::Error;

/// Why a list of cards seen is refused; each names the bad word.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum SeenError {
    /// A number outside the deck.
    #[error(
        "--seen: card {number} is out of range: a {first}-based deck of {deck} cards holds {first}..={top}",
        top = *deck as i64 - 1 + *first as i64
    )]
    OutOfRange {
        /// The number as read.
        number: i64,
        /// The first card's number.
        first: u64,
        /// Cards in the deck.
        deck: usize,
    },
    /// A word that names no card of a deck whose cards have names.
    #[error(
        "--seen: {word:?} is not a card: give a rank (A, 2..9, T or 10, J, Q, K) and a suit (C, D, H, S), \"JD\", or a number"
    )]
    NotACard {
        /// The word.
        word: String,
    },
    /// A word that is not a number, where cards are numbers only.
    #[error("--seen: {word:?} is not a card number{}", if *names_elsewhere { " (cards have names only in a deck of 52)" } else { "" })]
    NotANumber {
        /// The word.
        word: String,
        /// Whether the shuffle names its cards in another deck size.
        names_elsewhere: bool,
    },
    /// A card listed twice.
    #[error("--seen: card {word} appears twice")]
    Twice {
        /// The word that repeats a card.
        word: String,
    },
}

/// How the words of a `--seen` list name cards.
#[derive(Clone, Copy, Debug)]
pub struct SeenCards {
    /// Cards in the deck.
    pub deck: usize,
    /// Their numbering.
    pub base: Base,
    /// Reads a card's name (`"JD"`) as its 0-based number, where the
    /// deck's cards have names.
    pub names: Option<fn(&str) -> Option<u8>>,
    /// Whether the cards have names in another deck size (said when a
    /// word is not a number).
    pub names_elsewhere: bool,
}

impl SeenCards {
    /// The 0-based cards of `text`, in the order listed (none when it lists
    /// none: each command says what to give).
    ///
    /// ```
    /// use deck_lines::{Base, SeenCards};
    /// let cards = SeenCards { deck: 52, base: Base::One, names: None, names_elsewhere: false };
    /// assert_eq!(cards.parse("12, 40 3").unwrap(), vec![11, 39, 2]);
    /// assert_eq!(
    ///     cards.parse("1 53").unwrap_err().to_string(),
    ///     "--seen: card 53 is out of range: a 1-based deck of 52 cards holds 1..=52"
    /// );
    /// ```
    ///
    /// # Errors
    /// [`SeenError`] naming the first bad word.
    pub fn parse(&self, text: &str) -> Result<Vec<u8>, SeenError> {
        let first = self.base.first();
        let mut seen = Vec::new();
        for word in text.split([' ', ',']).filter(|w| !w.is_empty()) {
            let card = match word.parse::<i64>() {
                Ok(number) => {
                    let top = self.deck as i64 - 1 + first as i64;
                    if number < first as i64 || number > top {
                        return Err(SeenError::OutOfRange {
                            number,
                            first,
                            deck: self.deck,
                        });
                    }
                    (number - first as i64) as u8
                }
                Err(_) => match self.names {
                    Some(name) => name(word).ok_or_else(|| SeenError::NotACard {
                        word: word.to_string(),
                    })?,
                    None => {
                        return Err(SeenError::NotANumber {
                            word: word.to_string(),
                            names_elsewhere: self.names_elsewhere,
                        });
                    }
                },
            };
            if seen.contains(&card) {
                return Err(SeenError::Twice {
                    word: word.to_string(),
                });
            }
            seen.push(card);
        }
        Ok(seen)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn ace_of_spades(word: &str) -> Option<u8> {
        (word == "AS").then_some(0)
    }

    #[test]
    fn each_refusal_names_its_word() {
        let numbers = SeenCards {
            deck: 6,
            base: Base::Zero,
            names: None,
            names_elsewhere: true,
        };
        assert_eq!(numbers.parse(" 5,0  3 ").unwrap(), vec![5, 0, 3]);
        assert_eq!(numbers.parse(" , ").unwrap(), Vec::<u8>::new());
        assert_eq!(
            numbers.parse("1 6"),
            Err(SeenError::OutOfRange {
                number: 6,
                first: 0,
                deck: 6
            })
        );
        assert_eq!(
            numbers.parse("1 AS").unwrap_err().to_string(),
            "--seen: \"AS\" is not a card number (cards have names only in a deck of 52)"
        );
        assert_eq!(
            numbers.parse("2 3 2").unwrap_err().to_string(),
            "--seen: card 2 appears twice"
        );
        let named = SeenCards {
            names: Some(ace_of_spades),
            ..numbers
        };
        assert_eq!(named.parse("AS 1").unwrap(), vec![0, 1]);
        // A name and its number are the same card.
        assert_eq!(
            named.parse("AS 0").unwrap_err(),
            SeenError::Twice { word: "0".into() }
        );
        assert!(matches!(named.parse("♦3"), Err(SeenError::NotACard { word }) if word == "♦3"));
    }
}
