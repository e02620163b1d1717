//! Shuffling a deck many times and counting what comes out.

use crate::CheckRng;
use judge::check::{Counts, Deck, Guarantee, NotAPermutation, Plan, TestKind};
use stats::law::perm::rank;

/// `C(g, 2)`.
fn pairs_among(g: usize) -> u64 {
    let g = g as u64;
    g * g.saturating_sub(1) / 2
}

/// Shuffles the deck of `deck.cards` cards `deck.shuffles` times, each time
/// from `0, 1, …, n-1`, with one generator seeded from `(seed, cards)`.
pub(crate) fn count<F>(plan: &Plan, deck: Deck, shuffle: &mut F) -> Result<Counts, NotAPermutation>
where
    F: FnMut(&mut [u32], &mut CheckRng),
{
    let n = deck.cards;
    let tests: Vec<&Guarantee> = plan.tests_of(n).collect();
    let has = |k: TestKind| tests.iter().any(|g| g.kind == k);
    let mut rng = stats::sample::chunk_rng(plan.seed, n as u64);
    let mut positions = vec![0u64; n * n];
    let mut arrangements = if has(TestKind::Arrangements) {
        vec![0u64; stats::law::perm::factorial(n) as usize]
    } else {
        Vec::new()
    };
    let repeats = has(TestKind::Repeats);
    // Decks by 128-bit fingerprint, with their index; decks of more than 16
    // cards are kept whole so that a shared fingerprint is checked card by
    // card (a repeat is then certain, not a hash's word).
    let mut prints: Vec<(u128, u32)> = Vec::new();
    let mut kept: Vec<u8> = Vec::new();
    if repeats {
        prints.reserve(deck.shuffles as usize);
        if n > 16 {
            kept.reserve(deck.shuffles as usize * n);
        }
    }
    let mut cards = vec![0u32; n];
    let mut bytes = vec![0u8; n];
    let mut seen = vec![0u64; n.div_ceil(64)];
    for s in 0..deck.shuffles {
        for (i, c) in cards.iter_mut().enumerate() {
            *c = i as u32;
        }
        shuffle(&mut cards, &mut rng);
        seen.fill(0);
        for (position, &card) in cards.iter().enumerate() {
            let c = card as usize;
            if c >= n || seen[c / 64] >> (c % 64) & 1 == 1 {
                return Err(NotAPermutation {
                    cards: n,
                    shuffle: s + 1,
                    deck: cards,
                });
            }
            seen[c / 64] |= 1 << (c % 64);
            positions[c * n + position] += 1;
            bytes[position] = card as u8;
        }
        if !arrangements.is_empty() {
            arrangements[rank(&bytes)] += 1;
        }
        if repeats {
            prints.push((stats::hypothesis::collision::fingerprint(&bytes), s as u32));
            if n > 16 {
                kept.extend_from_slice(&bytes);
            }
        }
    }
    let repeated_pairs = if repeats {
        prints.sort_unstable();
        let mut pairs = 0u64;
        for group in prints.chunk_by(|a, b| a.0 == b.0) {
            if n <= 16 {
                // The fingerprint is the deck itself.
                pairs += pairs_among(group.len());
                continue;
            }
            let deck_of = |i: u32| &kept[i as usize * n..(i as usize + 1) * n];
            let mut same: Vec<u32> = group.iter().map(|g| g.1).collect();
            same.sort_unstable_by(|&a, &b| deck_of(a).cmp(deck_of(b)));
            for equal in same.chunk_by(|&a, &b| deck_of(a) == deck_of(b)) {
                pairs += pairs_among(equal.len());
            }
        }
        pairs
    } else {
        0
    };
    Ok(Counts {
        deck,
        positions,
        arrangements,
        repeated_pairs,
    })
}
