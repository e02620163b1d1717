//! Properties every registered algorithm must have, whatever the seed.

use algorithms::Shuffle;
use algorithms::registry::REGISTRY;
use proptest::prelude::*;
use rand::SeedableRng;
use rand_xoshiro::Xoshiro256PlusPlus;

proptest! {
    #![proptest_config(ProptestConfig::with_cases(64))]

    /// Every algorithm returns a permutation of its input.
    #[test]
    fn every_algorithm_returns_a_permutation(n in 0usize..=64, seed in any::<u64>()) {
        for entry in REGISTRY {
            let mut rng = Xoshiro256PlusPlus::seed_from_u64(seed);
            let mut deck: Vec<u32> = (0..n as u32).map(|c| c * 7 + 3).collect();
            entry.algorithm.shuffle(&mut deck, &mut rng);
            let mut sorted = deck.clone();
            sorted.sort_unstable();
            let expected: Vec<u32> = (0..n as u32).map(|c| c * 7 + 3).collect();
            prop_assert_eq!(sorted, expected, "{} at n = {}", entry.id, n);
        }
    }

    /// Algorithms move positions, never look at card values: the same draws
    /// rearrange any deck as they rearrange `0..n`.
    #[test]
    fn algorithms_ignore_card_values(n in 1usize..=20, seed in any::<u64>()) {
        for entry in REGISTRY {
            let mut identity: Vec<usize> = (0..n).collect();
            entry.algorithm.shuffle(&mut identity, &mut Xoshiro256PlusPlus::seed_from_u64(seed));
            let cards: Vec<char> = "zyxwvutsrqponmlkjihgfedcba".chars().take(n).collect();
            let mut deck = cards.clone();
            entry.algorithm.shuffle(&mut deck, &mut Xoshiro256PlusPlus::seed_from_u64(seed));
            let via_positions: Vec<char> = identity.iter().map(|&i| cards[i]).collect();
            prop_assert_eq!(deck, via_positions, "{}", entry.id);
        }
    }
}
