//! `recover`: V8's `Math.random()` state read back from the decks a
//! Fisher–Yates loop dealt with it, and the decks it deals next.

use deck_lines::{Base, DeckParser, ReadError, SeenCards, SeenError};
use judge::recovery::StateRecovery;
use report::sampled::RecoverReport;
use std::io::Read;
use studies::math_random::{Seen, draws_of_tail, fisher_yates_draws};

/// The most bytes read from the decks' input: a few decks are all it takes.
pub const MAX_INPUT_BYTES: u64 = 1 << 20;

/// The most decks predicted after the cards given.
pub const MAX_NEXT: usize = 1_000;

/// Decks predicted after the cards given, unless asked for more.
pub const DEFAULT_NEXT: usize = 1;

/// The most states and predictions listed, unless asked otherwise.
pub const DEFAULT_CAP: usize = 5;

/// What a front end gives `recover`, as it was given.
#[derive(Debug)]
pub struct Given<R> {
    /// The decks dealt, one per line, and the input's name in messages.
    pub decks: Option<(String, R)>,
    /// The cards of a deal under way (`--seen`), as typed.
    pub seen: Option<String>,
    /// Cards per deck, when given.
    pub deck: Option<usize>,
    /// Cards per deck when neither `deck` nor the decks say.
    pub standard: usize,
    /// Card numbering, when given.
    pub base: Option<Base>,
    /// Decks to predict after the cards given.
    pub next: usize,
    /// The most states and predictions listed.
    pub cap: usize,
}

/// Why the cards given cannot be read back.
#[derive(Debug, thiserror::Error)]
pub enum GivenError {
    /// The decks' input could not be read.
    #[error("reading {name}")]
    Io {
        /// The input.
        name: String,
        /// Why.
        #[source]
        error: std::io::Error,
    },
    /// More than [`MAX_INPUT_BYTES`].
    #[error(
        "{name}: more than {MAX_INPUT_BYTES} bytes: recover reads a few decks, not a log of them"
    )]
    TooLarge {
        /// The input.
        name: String,
    },
    /// A line is not a deck.
    #[error("{name}, line {line}: {error}")]
    Line {
        /// The input.
        name: String,
        /// The line, from 1.
        line: u64,
        /// Why.
        error: deck_lines::LineError,
    },
    /// The read failed otherwise.
    #[error("{name}: {error}")]
    Read {
        /// The input.
        name: String,
        /// Why.
        error: ReadError,
    },
    /// `--seen` is not cards of the deck.
    #[error(transparent)]
    Seen(#[from] SeenError),
    /// `--seen` lists no card.
    #[error(
        "--seen lists no card: give the cards of the deal under way, a[n-1] first: \"12 40 3\""
    )]
    SeenNone,
    /// `--seen` lists a whole deck or more.
    #[error(
        "--seen lists {seen} cards: a deal under way shows fewer than the deck's {deck}; give a whole deck as a line of DECKS"
    )]
    SeenWhole {
        /// Cards listed.
        seen: usize,
        /// Cards per deck.
        deck: usize,
    },
    /// Neither decks nor `--seen`.
    #[error(
        "no cards given: give the decks dealt (DECKS, a file or -) or the cards of a deal under way (--seen)"
    )]
    NoCards,
}

/// The decks of `text`, one per line (blank lines skipped), 0-based, and
/// the numbering they hold: read as `audit` reads decks
/// ([`deck_lines::read_decks`]), every line checked, the first bad one
/// refused with its number.
fn read_decks(
    name: &str,
    text: &[u8],
    deck: Option<usize>,
    base: Option<Base>,
) -> Result<(Vec<Vec<u8>>, Option<Base>), GivenError> {
    // Decks of numbers only: a shoe of one deck is read without looking
    // for a decklist.
    let mut parser = DeckParser::shoe(deck, base, 1).skipping_blank_lines();
    let mut decks = Vec::new();
    match deck_lines::read_decks(text, &mut parser, false, |deck| decks.push(deck.to_vec())) {
        // No deck: the cards may all be in --seen.
        Ok(_) | Err(ReadError::NoDecks(_)) => Ok((decks, parser.base())),
        Err(ReadError::Line { line, error }) => Err(GivenError::Line {
            name: name.to_string(),
            line,
            error,
        }),
        Err(error) => Err(GivenError::Read {
            name: name.to_string(),
            error,
        }),
    }
}

/// Reads what was given: the decks (at most [`MAX_INPUT_BYTES`]) and the
/// cards of a deal under way, checked, as the draws behind them.
///
/// # Errors
/// [`GivenError`] naming the bad input.
pub fn request<R: Read>(given: Given<R>) -> Result<Request, GivenError> {
    let (decks, base) = match given.decks {
        None => (Vec::new(), given.base),
        Some((name, reader)) => {
            let mut text = Vec::new();
            reader
                .take(MAX_INPUT_BYTES + 1)
                .read_to_end(&mut text)
                .map_err(|error| GivenError::Io {
                    name: name.clone(),
                    error,
                })?;
            if text.len() as u64 > MAX_INPUT_BYTES {
                return Err(GivenError::TooLarge { name });
            }
            read_decks(&name, &text, given.deck, given.base)?
        }
    };
    let n = decks
        .first()
        .map_or(given.deck.unwrap_or(given.standard), Vec::len);
    let numbering = base.unwrap_or(Base::Zero);
    let under_way = match &given.seen {
        None => Vec::new(),
        Some(text) => {
            let under_way = SeenCards {
                deck: n,
                base: numbering,
                names: None,
                names_elsewhere: false,
            }
            .parse(text)?;
            if under_way.is_empty() {
                return Err(GivenError::SeenNone);
            }
            if under_way.len() >= n {
                return Err(GivenError::SeenWhole {
                    seen: under_way.len(),
                    deck: n,
                });
            }
            under_way
        }
    };
    if decks.is_empty() && under_way.is_empty() {
        return Err(GivenError::NoCards);
    }
    let mut draws: Vec<Vec<u32>> = decks
        .iter()
        .map(|d| fisher_yates_draws(d).expect("the parser gives decks"))
        .collect();
    if !under_way.is_empty() {
        draws.push(draws_of_tail(n, &under_way).expect("checked above"));
    }
    Ok(Request {
        seen: Seen {
            n,
            decks: draws,
            under_way: !under_way.is_empty(),
        },
        decks: decks.len(),
        under_way,
        base: numbering.first() as u8,
        next: given.next,
        cap: given.cap,
    })
}

/// What `recover` is asked: the cards seen, already read and checked.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Request {
    /// The draws behind every card seen, the deal under way last.
    pub seen: Seen,
    /// Whole decks read.
    pub decks: usize,
    /// The cards of the deal under way, 0-based, in the order `a.pop()`
    /// deals them.
    pub under_way: Vec<u8>,
    /// The number of the first card in the input (0 or 1).
    pub base: u8,
    /// Decks to predict after the cards given.
    pub next: usize,
    /// The most states and predictions listed.
    pub cap: usize,
}

/// What `recover` found.
#[derive(Clone, Debug, PartialEq)]
pub struct Outcome {
    /// The judge's conclusion (the report carries it too, as
    /// `conclusion`, for its readers).
    pub verdict: StateRecovery,
    /// The document, its cards numbered as the input numbered them.
    pub report: RecoverReport,
}

impl Outcome {
    /// 0 when the cards to come are known, 1 when they are not (the
    /// verdict says whether more cards can tell), 2 when no state deals
    /// the cards.
    pub fn exit_code(&self) -> u8 {
        match self.verdict {
            StateRecovery::NoState => crate::exit::ERROR,
            StateRecovery::Known => crate::exit::PASS,
            StateRecovery::Several | StateRecovery::TooFewCards | StateRecovery::OutOfReach => {
                crate::exit::BIAS
            }
        }
    }
}

/// Reads the state back from `request`'s cards (on the current rayon
/// pool) and predicts the cards to come.
pub fn run(request: Request) -> Outcome {
    let mut search = studies::math_random::recover(&request.seen, request.next, request.cap);
    let verdict = StateRecovery::of(&search);
    for c in search
        .predictions
        .iter_mut()
        .flat_map(|p| p.decks.iter_mut())
        .flatten()
    {
        *c += request.base;
    }
    Outcome {
        verdict,
        report: RecoverReport {
            deck: request.seen.n,
            decks: request.decks,
            seen: request.under_way.iter().map(|c| c + request.base).collect(),
            base: request.base,
            next: request.next,
            cap: request.cap,
            search,
            conclusion: verdict,
        },
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use algorithms::V8MathRandom;
    use studies::math_random::{fisher_yates_deal, fisher_yates_draws};

    fn request(decks: &[Vec<u8>], base: u8) -> Request {
        Request {
            seen: Seen {
                n: decks[0].len(),
                decks: decks
                    .iter()
                    .map(|d| fisher_yates_draws(d).unwrap())
                    .collect(),
                under_way: false,
            },
            decks: decks.len(),
            under_way: Vec::new(),
            base,
            next: 1,
            cap: 5,
        }
    }

    #[test]
    fn the_outcome_s_exit_code_follows_the_judge_s_conclusion() {
        let mut g = V8MathRandom::random_seed(5).unwrap();
        let deals: Vec<Vec<u8>> = (0..3).map(|_| fisher_yates_deal(&mut g, 52)).collect();
        // Two deals back to back: the third is known, numbered from 1.
        let known = run(request(&deals[..2], 1));
        assert_eq!(known.verdict, StateRecovery::Known);
        assert_eq!(known.exit_code(), crate::exit::PASS);
        let third: Vec<u8> = deals[2].iter().map(|c| c + 1).collect();
        assert_eq!(known.report.search.predictions[0].decks, vec![third]);
        // One fresh deal leaves the place in the cache open.
        let open = run(request(&deals[..1], 0));
        assert_ne!(open.verdict, StateRecovery::Known);
        assert_eq!(open.exit_code(), crate::exit::BIAS);
        // A deal reversed: no state deals it.
        let reversed: Vec<u8> = deals[0].iter().rev().copied().collect();
        let none = run(request(&[reversed], 0));
        assert_eq!(none.verdict, StateRecovery::NoState);
        assert_eq!(none.exit_code(), crate::exit::ERROR);
    }

    fn given(decks: Option<&str>, seen: Option<&str>) -> Result<Request, GivenError> {
        super::request(Given {
            decks: decks.map(|t| ("decks.txt".to_string(), t.as_bytes())),
            seen: seen.map(str::to_string),
            deck: None,
            standard: 52,
            base: None,
            next: 1,
            cap: 5,
        })
    }

    #[test]
    fn the_cards_given_are_read_checked_and_named_when_bad() {
        let mut g = V8MathRandom::random_seed(5).unwrap();
        let line = |d: Vec<u8>| {
            d.iter()
                .map(|c| (c + 1).to_string())
                .collect::<Vec<_>>()
                .join(",")
        };
        let (a, b) = (
            line(fisher_yates_deal(&mut g, 20)),
            line(fisher_yates_deal(&mut g, 20)),
        );
        // Two decks numbered from 1, a blank line between them.
        let r = given(Some(&format!("{a}\n\n{b}\n")), Some("3 1")).unwrap();
        assert_eq!((r.seen.n, r.decks, r.base), (20, 2, 1));
        assert_eq!(r.under_way, vec![2, 0]);
        assert_eq!(r.seen.decks.len(), 3);
        assert!(r.seen.under_way);
        let bad =
            |decks: Option<&str>, seen: Option<&str>| given(decks, seen).unwrap_err().to_string();
        assert_eq!(
            bad(Some(&format!("{a}\n1,2,3\n")), None),
            "decks.txt, line 2: 3 cards, expected 20 (the deck size of most of the first lines)"
        );
        assert_eq!(
            bad(None, None),
            "no cards given: give the decks dealt (DECKS, a file or -) or the cards of a deal under way (--seen)"
        );
        assert!(bad(Some(&a), Some(&a.replace(',', " "))).starts_with("--seen lists 20 cards"));
        let big = "1 ".repeat(MAX_INPUT_BYTES as usize / 2 + 1);
        assert!(bad(Some(&big), None).ends_with("recover reads a few decks, not a log of them"));
    }
}
