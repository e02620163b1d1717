//! Shuffling a deck many times and counting what comes out, with the
//! counters `audit` counts read decks with: the position matrix
//! ([`Positions`]), the arrangements ([`Histogram`]) and the decks'
//! fingerprints ([`Fingerprints`]).

use crate::CheckRng;
use judge::check::{Counts, Deck, Guarantee, NotAPermutation, Plan, TestKind};
use stats::hypothesis::collision::Fingerprints;
use stats::sample::{Accumulator, Histogram, Positions};

/// Shuffles the deck of `deck.cards` cards `deck.shuffles` times, each time
/// from `0, 1, …, n-1`, with one generator seeded from `(seed, cards)`.
/// A shuffle's own error (`E`) stops the count at once.
pub(crate) fn count<F, E>(
    plan: &Plan,
    deck: Deck,
    shuffle: &mut F,
) -> Result<Result<Counts, NotAPermutation>, E>
where
    F: FnMut(&mut [u32], &mut CheckRng) -> Result<(), E>,
{
    let n = deck.cards;
    let tests: Vec<&Guarantee> = plan.tests_of(n).collect();
    let has = |k: TestKind| tests.iter().any(|g| g.kind == k);
    let mut rng = stats::sample::chunk_rng(plan.seed, n as u64);
    let mut positions = Positions::new(n);
    let mut arrangements = has(TestKind::Arrangements).then(|| Histogram::new(n));
    let mut prints = has(TestKind::Repeats).then(Fingerprints::default);
    let mut cards = vec![0u32; n];
    let mut bytes = vec![0u8; n];
    let mut seen = vec![0u64; n.div_ceil(64)];
    for s in 0..deck.shuffles {
        for (i, c) in cards.iter_mut().enumerate() {
            *c = i as u32;
        }
        shuffle(&mut cards, &mut rng)?;
        seen.fill(0);
        for (position, &card) in cards.iter().enumerate() {
            let c = card as usize;
            if c >= n || seen[c / 64] >> (c % 64) & 1 == 1 {
                return Ok(Err(NotAPermutation {
                    cards: n,
                    shuffle: s + 1,
                    deck: cards,
                }));
            }
            seen[c / 64] |= 1 << (c % 64);
            bytes[position] = card as u8;
        }
        positions.observe(&bytes);
        if let Some(h) = &mut arrangements {
            h.observe(&bytes);
        }
        if let Some(p) = &mut prints {
            p.observe(&bytes);
        }
    }
    Ok(Ok(Counts {
        deck,
        positions: positions.counts,
        arrangements: arrangements.map_or_else(Vec::new, |h| h.counts),
        repeated_pairs: prints.map_or(0, |p| p.collisions(n).pairs),
    }))
}
