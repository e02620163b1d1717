//! Shuffling a deck many times and counting what comes out.

use crate::CheckRng;
use crate::plan::{Deck, Guarantee, Plan, TestKind};
use stats::perm::rank;

/// What a deck size's shuffles produced.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Counts {
    /// The deck.
    pub deck: Deck,
    /// `positions[card * n + position]`: how often each card ended at each
    /// position, starting from the deck `0, 1, …, n-1` every time.
    pub positions: Vec<u64>,
    /// How often each arrangement came up, by lexicographic rank (empty
    /// when the plan does not count them).
    pub arrangements: Vec<u64>,
    /// Pairs of identical decks (0 when the plan does not look for them).
    pub repeated_pairs: u64,
}

/// A shuffle that did not return a rearrangement of the deck it was given.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct NotAPermutation {
    /// Cards in the deck.
    pub cards: usize,
    /// Which shuffle of that deck (from 1).
    pub shuffle: u64,
    /// What it returned.
    pub deck: Vec<u32>,
}

impl std::fmt::Display for NotAPermutation {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let n = self.cards;
        let mut seen = vec![0usize; n];
        let mut strangers = Vec::new();
        for &c in &self.deck {
            match seen.get_mut(c as usize) {
                Some(s) => *s += 1,
                None => strangers.push(c),
            }
        }
        write!(
            f,
            "shuffle {} of the deck 0..{} returned something that is not a rearrangement of it",
            self.shuffle, n
        )?;
        let missing: Vec<usize> = (0..n).filter(|&c| seen[c] == 0).collect();
        let twice: Vec<usize> = (0..n).filter(|&c| seen[c] > 1).collect();
        if !missing.is_empty() {
            write!(f, "; missing cards {}", list(&missing))?;
        }
        if !twice.is_empty() {
            write!(f, "; cards more than once {}", list(&twice))?;
        }
        if !strangers.is_empty() {
            write!(f, "; cards that were not in the deck {}", list(&strangers))?;
        }
        Ok(())
    }
}

fn list<T: std::fmt::Display>(items: &[T]) -> String {
    let shown: Vec<String> = items.iter().take(8).map(T::to_string).collect();
    let more = if items.len() > 8 {
        format!(" and {} more", items.len() - 8)
    } else {
        String::new()
    };
    format!("{}{more}", shown.join(", "))
}

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
        vec![0u64; stats::perm::factorial(n) as usize]
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
            prints.push((stats::collision::fingerprint(&bytes), s as u32));
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
