//! The check's two promises, measured over many seeds: a fair shuffle fails
//! no more often than the plan's false-failure probability, and a bias at
//! the promised detection floor is caught at least as often as promised.
//!
//! Both run small plans at large levels, where the rates can be seen; the
//! derivation (Chernoff–Hoeffding bands and a union bound) is the same at
//! any level and any budget.

use rand::RngExt;
use rand::seq::SliceRandom;
use shuffle_check::{Check, CheckRng, DETECTION_POWER, Deck, TestKind};

fn fair(deck: &mut [u32], rng: &mut CheckRng) {
    deck.shuffle(rng);
}

/// How many of the seeds `0..seeds` the check fails `shuffle` with.
fn failures<F: Fn(&mut [u32], &mut CheckRng) + Copy>(
    check: &Check,
    seeds: u64,
    shuffle: F,
) -> usize {
    (0..seeds)
        .filter(|&s| check.clone().seed(s).run(shuffle).is_err())
        .count()
}

fn small(p: f64) -> Check {
    Check::with_decks(&[
        Deck {
            cards: 3,
            shuffles: 600,
        },
        Deck {
            cards: 4,
            shuffles: 2_400,
        },
        Deck {
            cards: 7,
            shuffles: 700,
        },
    ])
    .unwrap()
    .false_failure(p)
    .unwrap()
}

#[test]
fn a_fair_shuffle_fails_no_more_often_than_the_budget() {
    // At a budget of 0.3 over 1,000 seeds, a check that kept its promise
    // fails at most 300 times on average; more than 346 has probability
    // below 1e-3 even at the promised rate (binomial tail), so the test
    // itself fails spuriously less than once in a thousand.
    let seeds = 1_000;
    let budget = 0.3;
    let check = small(budget);
    let failures = failures(&check, seeds, fair);
    assert!(
        failures <= 346,
        "{failures} of {seeds} fair runs failed at budget {budget}"
    );
}

#[test]
fn a_bias_at_the_detection_floor_is_caught_as_promised() {
    // Fisher–Yates, then with probability r card 0 is moved to position 0:
    // P(card 0 at 0) = 1/n + r(1 − 1/n) = (1 + δ)/n for r = δ/(n − 1).
    let check = small(1e-3);
    let g = check
        .plan()
        .tests
        .iter()
        .find(|g| g.deck.cards == 7 && g.kind == TestKind::Positions)
        .unwrap();
    let delta = g
        .detects_above
        .expect("the floor exists at 700 shuffles of 7 cards");
    let r = delta / 6.0;
    let card_zero_home = |r: f64| {
        move |deck: &mut [u32], rng: &mut CheckRng| {
            deck.shuffle(rng);
            if rng.random::<f64>() < r {
                let at = deck.iter().position(|&c| c == 0).unwrap();
                deck.swap(0, at);
            }
        }
    };
    let biased = card_zero_home(r);
    // The promise is ≥ 0.999 per run; over 400 seeds more than 4 misses has
    // probability below 1e-3 at the promised rate.
    let seeds = 400;
    let missed = seeds as usize - failures(&check, seeds, biased);
    assert!(
        missed <= 4,
        "a +{delta:.3} cell at 7 cards was missed {missed} times in {seeds}; promised power {DETECTION_POWER}"
    );
    // And the bias is a real one: well below the floor, it goes unseen.
    let faint = card_zero_home(r / 20.0);
    let caught = failures(&check, seeds, faint);
    assert!(
        caught < seeds as usize / 10,
        "a bias 20 times below the floor was caught {caught} times"
    );
}

#[test]
fn the_same_seed_gives_the_same_verdict_and_another_seed_may_differ() {
    // A shuffle that reads nothing but the generator it is given is
    // reproducible: the same failure text, twice.
    let naive = |deck: &mut [u32], rng: &mut CheckRng| {
        for i in 0..deck.len() {
            let j = rng.random_range(0..deck.len());
            deck.swap(i, j);
        }
    };
    let check = Check::new();
    let a = check.run(naive).unwrap_err().to_string();
    let b = check.run(naive).unwrap_err().to_string();
    assert_eq!(a, b);
    let c = check.clone().seed(1).run(naive).unwrap_err().to_string();
    assert_ne!(a, c, "the seed must reach the generator");
}
