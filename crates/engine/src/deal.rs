//! `deal`: decks dealt by a registered algorithm from a seed, the decks
//! `sample` counts, in order.

use algorithms::{Entry, Shuffle};
use stats::sample::{CHUNK, Sampler, chunk_rng};
use std::ops::ControlFlow;

/// What `deal` is asked, checked.
#[derive(Clone, Copy, Debug)]
pub struct Request {
    /// The algorithm.
    pub entry: &'static Entry,
    /// Cards per deck.
    pub deck: usize,
    /// Decks to deal.
    pub decks: u64,
    /// Seed: the same seed deals the decks `sample` counts, in order.
    pub seed: u64,
    /// Whether each deck is shuffled from the one before instead of from
    /// the ordered deck.
    pub from_previous: bool,
}

/// What `deal` did.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Outcome {
    /// Decks dealt, up to the one at which the caller stopped.
    pub dealt: u64,
}

impl Outcome {
    /// Always 0: `deal` deals; it decides nothing.
    pub fn exit_code(&self) -> u8 {
        crate::exit::PASS
    }
}

/// Deals `request`'s decks, 0-based, handing each to `each` in order
/// until it breaks or all are dealt.
pub fn run(request: Request, mut each: impl FnMut(&[u8]) -> ControlFlow<()>) -> Outcome {
    let identity: Vec<u8> = (0..request.deck as u8).collect();
    let mut deck = identity.clone();
    let mut dealt = 0;
    for c in 0..request.decks.div_ceil(CHUNK) {
        let mut src = Sampler::new(chunk_rng(request.seed, c));
        for _ in 0..CHUNK.min(request.decks - c * CHUNK) {
            if !request.from_previous {
                deck.clone_from(&identity);
            }
            request.entry.algorithm.shuffle(&mut deck, &mut src);
            dealt += 1;
            if each(&deck).is_break() {
                return Outcome { dealt };
            }
        }
    }
    Outcome { dealt }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn request(decks: u64, from_previous: bool) -> Request {
        Request {
            entry: algorithms::registry::find("fisher-yates").unwrap(),
            deck: 6,
            decks,
            seed: 9,
            from_previous,
        }
    }

    #[test]
    fn decks_are_dealt_in_order_across_chunks_until_the_caller_stops() {
        let mut all = Vec::new();
        let done = run(request(CHUNK + 3, false), |d| {
            all.push(d.to_vec());
            ControlFlow::Continue(())
        });
        assert_eq!(done.dealt, CHUNK + 3);
        assert_eq!(all.len() as u64, CHUNK + 3);
        // Each chunk starts from its own generator: the first deck of the
        // second chunk is the first deck of its own.
        let mut src = Sampler::new(chunk_rng(9, 1));
        let mut d: Vec<u8> = (0..6).collect();
        request(1, false).entry.algorithm.shuffle(&mut d, &mut src);
        assert_eq!(all[CHUNK as usize], d);
        // A caller that stops after 5 decks gets 5, the same 5.
        let mut first = Vec::new();
        let stopped = run(request(CHUNK + 3, false), |d| {
            first.push(d.to_vec());
            if first.len() == 5 {
                ControlFlow::Break(())
            } else {
                ControlFlow::Continue(())
            }
        });
        assert_eq!((stopped.dealt, &first[..]), (5, &all[..5]));
        // From the previous deck: the second deck is the first shuffled again.
        let mut chained = Vec::new();
        run(request(2, true), |d| {
            chained.push(d.to_vec());
            ControlFlow::Continue(())
        });
        let mut src = Sampler::new(chunk_rng(9, 0));
        let mut d: Vec<u8> = (0..6).collect();
        let fy = request(1, false).entry.algorithm;
        fy.shuffle(&mut d, &mut src);
        fy.shuffle(&mut d, &mut src);
        assert_eq!(chained[1], d);
    }
}
