//! `recover`: V8's `Math.random()` state read back from the decks a
//! Fisher–Yates loop dealt with it, and the decks it deals next.

use judge::recovery::StateRecovery;
use report::sampled::RecoverReport;
use studies::math_random::Seen;

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
}
