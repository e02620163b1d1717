//! A decklist shuffled the way players shuffle it: from list order, a few
//! riffles. The teaching model of `audit --group`: the exact laws of a
//! group listed first (the lands) after `k` riffles, beside the uniform
//! shuffle's, and how many logged games each test needs to show the
//! difference.

use num_bigint::BigUint;
use serde::{Deserialize, Serialize};
use stats::hypothesis::shoe::law;
use stats::law::fraction;

/// The opening hand of a decklist unless `--hand` says otherwise: a
/// collectible card game's seven.
pub const DEFAULT_HAND: usize = 7;

/// The opening hand of a decklist of `cards` cards: `given`, or
/// [`DEFAULT_HAND`] and one card fewer than the deck at most.
pub fn opening_hand(cards: usize, given: Option<usize>) -> usize {
    given.unwrap_or(DEFAULT_HAND.min(cards - 1))
}

/// The decklist of the study: 60 cards, 17 lands listed first, the
/// opening hand (a constructed deck of a collectible card game).
pub const DECKLIST: Decklist = Decklist {
    cards: 60,
    group: 17,
    hand: DEFAULT_HAND,
};

/// The study's decklist as `deal --composition` takes it: 17 lands listed
/// first, then eleven spells.
pub const EXAMPLE_LIST: &str = "Forest:9,Island:8,Llanowar-Elves:4,Giant-Growth:4,Counterspell:4,Opt:4,Brainstorm:4,Lightning-Bolt:4,Shock:4,Duress:4,Ponder:4,Thoughtseize:4,Fatal-Push:3";

/// Tests in the family of `audit --group` on decklists read in order with
/// one group: value × position, opening hand, descents, repeats, the
/// group's pairs and hand, collisions, and the two of consecutive decks.
/// Each test's share of the level is `alpha / DECKLIST_FAMILY`.
pub const DECKLIST_FAMILY: usize = 9;

/// The registry's model of a player's shuffle: three riffles.
pub const MODEL: &str = "gsr-riffle-3";

/// The power `decks_to_catch` is for.
pub const POWER: f64 = 0.9;

/// Riffles from list order in the study: one to four.
pub const RIFFLES: std::ops::RangeInclusive<u32> = 1..=4;

/// A decklist's sizes.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Decklist {
    /// Cards, `P`.
    pub cards: usize,
    /// Cards of the group listed first, `a`.
    pub group: usize,
    /// Cards in the opening hand, `H`.
    pub hand: usize,
}

/// A statistic's exact law under one shuffle, and what it takes to see it.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct LawFigures {
    /// `law[s]`: the probability of `s`, correctly rounded.
    pub law: Vec<f64>,
    /// The exact mean, correctly rounded.
    pub mean: f64,
    /// The exact total variation distance from the uniform shuffle's law.
    pub total_variation: f64,
    /// The fewest decks with which the statistic's test (cells pooled as
    /// the audit pools them) rejects at the family's share of the level
    /// with the study's power; absent for the uniform shuffle.
    #[serde(skip_serializing_if = "Option::is_none", default)]
    pub decks_to_catch: Option<f64>,
}

/// One shuffle of the study.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct DecklistRow {
    /// Gilbert–Shannon–Reeds riffles from list order; absent for the
    /// uniform shuffle.
    #[serde(skip_serializing_if = "Option::is_none", default)]
    pub riffles: Option<u32>,
    /// The group's adjacent pairs (clumping).
    pub pairs: LawFigures,
    /// The group's cards in the opening hand.
    pub hand: LawFigures,
}

/// The study: the uniform shuffle, then 1 to 4 riffles.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct DecklistStudy {
    /// The decklist.
    pub decklist: Decklist,
    /// The family-wise level of the audit.
    pub alpha: f64,
    /// Tests in the audit's family ([`DECKLIST_FAMILY`]).
    pub family: usize,
    /// The probability of catching the shuffle `decks_to_catch` is for.
    pub power: f64,
    /// The uniform shuffle first, then each number of riffles.
    pub rows: Vec<DecklistRow>,
}

/// Probabilities, mean and the distance from `fair` of a law given as
/// whole counts (`None` for the fair law itself), and the decks its test
/// needs at `share` of the level for `power`.
fn figures(counts: &[BigUint], fair: Option<&[BigUint]>, share: f64, power: f64) -> LawFigures {
    let law = fraction::probabilities(counts);
    let (total_variation, decks_to_catch) = match fair {
        None => (0.0, None),
        Some(fair) => (
            fraction::total_variation(counts, fair),
            stats::hypothesis::audit::decks_for_power(
                &fraction::probabilities(fair),
                &law,
                share,
                power,
            ),
        ),
    };
    LawFigures {
        mean: fraction::mean(counts),
        law,
        total_variation,
        decks_to_catch,
    }
}

/// The study of `decklist` at the audit's level `alpha` (each test's share
/// `alpha / DECKLIST_FAMILY`) and `power`.
pub fn study(decklist: Decklist, alpha: f64, power: f64) -> DecklistStudy {
    let Decklist { cards, group, hand } = decklist;
    let share = alpha / DECKLIST_FAMILY as f64;
    let fair_pairs = law::group_pairs(group, cards);
    let fair_hand = law::hand(group, cards, hand);
    let mut rows = vec![DecklistRow {
        riffles: None,
        pairs: figures(&fair_pairs, None, share, power),
        hand: figures(&fair_hand, None, share, power),
    }];
    for k in RIFFLES {
        rows.push(DecklistRow {
            riffles: Some(k),
            pairs: figures(
                &law::riffled_group_pairs(k, group, cards),
                Some(&fair_pairs),
                share,
                power,
            ),
            hand: figures(
                &law::riffled_group_hand(k, group, cards, hand),
                Some(&fair_hand),
                share,
                power,
            ),
        });
    }
    DecklistStudy {
        decklist,
        alpha,
        family: DECKLIST_FAMILY,
        power,
        rows,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_uniform_shuffle_has_the_closed_form_means_and_riffles_approach_it() {
        let s = study(DECKLIST, 1e-6, POWER);
        // The example list is the study's decklist, lands first.
        let counts: Vec<usize> = EXAMPLE_LIST
            .split(',')
            .map(|e| e.rsplit_once(':').unwrap().1.parse().unwrap())
            .collect();
        assert_eq!(counts.iter().sum::<usize>(), DECKLIST.cards);
        assert_eq!(counts[0] + counts[1], DECKLIST.group);
        // The model the registry deals is among the rows.
        let model = algorithms::registry::find(MODEL).unwrap();
        assert!(RIFFLES.contains(&model.algorithm.times));
        let fair = &s.rows[0];
        // a (a − 1) / P = 17 · 16 / 60 and H a / P = 7 · 17 / 60.
        assert_eq!(fair.pairs.mean, 272.0 / 60.0);
        assert_eq!(fair.hand.mean, 119.0 / 60.0);
        assert_eq!(fair.pairs.total_variation, 0.0);
        // Each riffle more is closer to uniform, and takes more decks to
        // catch.
        for w in s.rows[1..].windows(2) {
            for (a, b) in [(&w[0].pairs, &w[1].pairs), (&w[0].hand, &w[1].hand)] {
                assert!(a.total_variation > b.total_variation, "{a:?} {b:?}");
                assert!(a.decks_to_catch.unwrap() < b.decks_to_catch.unwrap());
            }
        }
        // Each law sums to 1 (to rounding).
        for r in &s.rows {
            for l in [&r.pairs.law, &r.hand.law] {
                assert!((l.iter().sum::<f64>() - 1.0).abs() < 1e-12);
            }
        }
    }
}
