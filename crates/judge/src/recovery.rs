//! What a seed search or a read-back of a generator's state concludes:
//! whether the cards seen pin the deck down, and how many cards it takes.

use algorithms::Seeded;
use studies::predict::{COUNTED_SEEDS_UP_TO, expected_other_seeds, pinned_shares};

/// The other seeds that may fit on average for the cards seen to single a
/// deal out: at most one time in 100 another seed fits (Markov's
/// inequality).
pub const PINNED_BELOW: f64 = 0.01;

/// How many seen cards single out a deck among `seeds` seeds, on average:
/// the fewest `s` with [`expected_other_seeds`] below [`PINNED_BELOW`], so that
/// another seed fits with probability at most 1 % (Markov's inequality).
pub fn cards_to_pin_down(seeds: u64, deck: usize) -> usize {
    (1..=deck)
        .find(|&s| expected_other_seeds(seeds, deck, s) < PINNED_BELOW)
        .unwrap_or(deck)
}

/// How many seen cards single out the deck of a seeded shuffle.
#[derive(Clone, Debug, PartialEq, serde::Serialize, serde::Deserialize)]
pub struct Pinning {
    /// The registered shuffle.
    pub algorithm: String,
    /// How many seeds it draws from.
    pub seeds: u64,
    /// Number of cards.
    pub deck: usize,
    /// The fewest seen cards after which another seed fits with
    /// probability below 1 % ([`cards_to_pin_down`]).
    pub cards_to_pin_down: usize,
    /// For `s = 1, 2, …` up to `cards_to_pin_down`: the other seeds that
    /// fit `s` seen cards on average ([`expected_other_seeds`]).
    pub expected_other_seeds: Vec<f64>,
    /// For `s = 1, 2, …` up to `cards_to_pin_down`, counted over every
    /// seed (spaces of at most [`COUNTED_SEEDS_UP_TO`] seeds): the share of
    /// seeds whose first `s` cards no other seed deals.
    #[serde(skip_serializing_if = "Option::is_none", default)]
    pub pinned_share: Option<Vec<f64>>,
}

impl Pinning {
    /// The figures of `seeded` (registered as `algorithm`) on `deck` cards.
    pub fn of(algorithm: &str, seeded: Seeded, deck: usize) -> Pinning {
        let seeds = seeded.seeds();
        let count = seeds.end - seeds.start;
        let s = cards_to_pin_down(count, deck);
        Pinning {
            algorithm: algorithm.into(),
            seeds: count,
            deck,
            cards_to_pin_down: s,
            expected_other_seeds: (1..=s)
                .map(|k| expected_other_seeds(count, deck, k))
                .collect(),
            pinned_share: (count <= COUNTED_SEEDS_UP_TO)
                .then(|| pinned_shares(seeded, deck, seeds, s)),
        }
    }
}

/// What a search of a shuffle's seeds for the cards seen concludes; in
/// JSON, its name in snake case (`"known"`, `"no_seed"`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Recovery {
    /// No seed in the range deals these cards: another algorithm, deck
    /// size or range of seeds.
    NoSeed,
    /// One seed fits: the rest of the deck is known.
    Known,
    /// Several seeds fit: more cards are needed to tell them apart.
    Several,
}

impl Recovery {
    /// The conclusion of a search that found `matches` seeds.
    ///
    /// ```
    /// use judge::recovery::Recovery;
    /// assert_eq!(Recovery::of(1), Recovery::Known);
    /// assert_eq!(Recovery::of(3), Recovery::Several);
    /// ```
    pub fn of(matches: u64) -> Recovery {
        match matches {
            0 => Recovery::NoSeed,
            1 => Recovery::Known,
            _ => Recovery::Several,
        }
    }
}

/// What reading V8's `Math.random()` state back from dealt cards
/// concludes ([`studies::math_random::recover`]); in JSON, its name in
/// snake case (`"known"`, `"out_of_reach"`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum StateRecovery {
    /// No state of the generator deals these cards: not node's
    /// Fisher–Yates loop on `Math.random()`, another numbering, or decks
    /// not dealt in this order.
    NoState,
    /// Every state that fits deals the same cards to come: they are known.
    Known,
    /// The states that fit deal different cards to come: more cards tell
    /// them apart.
    Several,
    /// Too few cards to solve for the state: some cases keep more free
    /// bits than are tried, and more cards dealt after them add equations.
    TooFewCards,
    /// No state deals the decks back to back, and the first deck alone
    /// leaves more free bits than are tried, so the later decks cannot be
    /// looked for after other calls to `Math.random()`: more decks of this
    /// size do not decide, whether or not node dealt them.
    OutOfReach,
}

impl StateRecovery {
    /// The conclusion of `search`.
    pub fn of(search: &studies::math_random::StateSearch) -> StateRecovery {
        match (
            search.distinct_predictions,
            search.unresolved_free_bits,
            search.back_to_back,
        ) {
            (0, None, _) => StateRecovery::NoState,
            (1, None, _) => StateRecovery::Known,
            (0, Some(_), true) => StateRecovery::TooFewCards,
            (0, Some(_), false) => StateRecovery::OutOfReach,
            _ => StateRecovery::Several,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use algorithms::registry::find;

    #[test]
    fn the_cards_to_pin_down_follow_the_seed_space() {
        assert_eq!(cards_to_pin_down(86_400, 52), 5);
        // 52 · 51 ⋯ 48 = 3.1e8 < 100 · 8.64e7: six cards for a day of
        // milliseconds (another millisecond shares five 0.277 times on
        // average).
        assert_eq!(cards_to_pin_down(86_400_000, 52), 6);
        // 52 · 51 ⋯ 46 = 6.7e11 > 100 · 2^32: seven cards.
        assert_eq!(cards_to_pin_down(1 << 32, 52), 7);
        let seconds = find("fisher-yates-seed-seconds")
            .unwrap()
            .algorithm
            .seeded()
            .unwrap();
        let p = Pinning::of("fisher-yates-seed-seconds", seconds, 52);
        assert_eq!(p.cards_to_pin_down, 5);
        let shares = pinned_shares(seconds, 52, seconds.seeds(), 5);
        assert_eq!(p.pinned_share.as_deref(), Some(&shares[..]));
        let bits = find("fisher-yates-seed32")
            .unwrap()
            .algorithm
            .seeded()
            .unwrap();
        assert!(
            Pinning::of("fisher-yates-seed32", bits, 52)
                .pinned_share
                .is_none()
        );
    }

    #[test]
    fn the_state_is_known_only_when_every_case_is_resolved_and_agrees() {
        use studies::math_random::StateSearch;
        let apart = |distinct, unresolved, back_to_back| StateSearch {
            draws: 51,
            pinned_bits: 128,
            states: distinct,
            fits: Vec::new(),
            predictions: Vec::new(),
            distinct_predictions: distinct,
            unresolved_free_bits: unresolved,
            back_to_back,
        };
        let search = |distinct, unresolved| apart(distinct, unresolved, true);
        assert_eq!(StateRecovery::of(&search(0, None)), StateRecovery::NoState);
        assert_eq!(StateRecovery::of(&search(1, None)), StateRecovery::Known);
        assert_eq!(StateRecovery::of(&search(2, None)), StateRecovery::Several);
        // One prediction is not known while a case was left untried.
        assert_eq!(
            StateRecovery::of(&search(1, Some(20))),
            StateRecovery::Several
        );
        assert_eq!(
            StateRecovery::of(&search(0, Some(20))),
            StateRecovery::TooFewCards
        );
        // Read apart, an unresolved first deck is out of reach of more
        // decks; a contradiction or a found state is not.
        assert_eq!(
            StateRecovery::of(&apart(0, Some(20), false)),
            StateRecovery::OutOfReach
        );
        assert_eq!(
            StateRecovery::of(&apart(0, None, false)),
            StateRecovery::NoState
        );
        assert_eq!(
            StateRecovery::of(&apart(2, Some(20), false)),
            StateRecovery::Several
        );
    }
}
