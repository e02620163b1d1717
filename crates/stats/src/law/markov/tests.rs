use super::*;
use crate::law::exact::{Limits, exact_distribution};
use algorithms::registry::{REGISTRY, find};

fn swaps(id: &str, n: usize) -> SwapShuffle {
    find(id).unwrap().algorithm.swap_shuffle(n).unwrap()
}

#[test]
fn the_chain_gives_the_enumerated_matrix_for_every_swap_based_algorithm() {
    let mut checked = Vec::new();
    for entry in REGISTRY {
        // Two draws per step: (n^2)^n paths, 2.2e9 at 6 cards.
        let largest = if entry.id == "random-pairs-swap" {
            5
        } else {
            6
        };
        for n in 1..=largest {
            let Some(s) = entry.algorithm.swap_shuffle(n) else {
                continue;
            };
            let chain = position_law(&s).unwrap();
            let law =
                exact_distribution(&entry.algorithm, n, &Limits::for_exact(entry.exact)).unwrap();
            for (card, row) in law.position_matrix().iter().enumerate() {
                for (position, &e) in row.iter().enumerate() {
                    let c = chain.probability(card, position);
                    assert!(
                        (c - e).abs() < 1e-13,
                        "{} on {n} cards, card {card} at {position}: chain {c}, enumeration {e}",
                        entry.id
                    );
                }
            }
            checked.push((entry.id, n));
        }
    }
    // Every registered swap-based shuffle, on every deck it was meant to
    // be checked on (read from the registry, not counted by hand).
    let swap_based: Vec<&str> = REGISTRY
        .iter()
        .filter(|e| e.algorithm.swap_shuffle(3).is_some())
        .map(|e| e.id)
        .collect();
    assert!(swap_based.contains(&"naive-swap") && swap_based.contains(&"fisher-yates"));
    for id in &swap_based {
        let largest = if *id == "random-pairs-swap" { 5 } else { 6 };
        for n in 1..=largest {
            assert!(checked.contains(&(id, n)), "{id} on {n} cards not checked");
        }
    }
    assert_eq!(checked.len(), 6 * swap_based.len() - 1);
}

#[test]
fn fisher_yates_is_flat_and_sattolo_moves_every_card_at_1000_cards() {
    let fy = position_law(&swaps("fisher-yates", 1000)).unwrap();
    assert!(fy.is_flat());
    assert_eq!(fy.position_plan(1e-6, 0.99).shuffles, None);
    let worst = fy
        .matrix
        .iter()
        .map(|p| (p * 1000.0 - 1.0).abs())
        .fold(0.0, f64::max);
    assert!(worst < 1e-10, "relative deviation {worst}");
    assert!(fy.rounding_error() < 1e-12);
    let sattolo = position_law(&swaps("sattolo", 1000)).unwrap();
    assert_eq!(sattolo.expected_fixed_points(), 0.0);
    // Off the diagonal, Sattolo's cycles are flat: 1/(n-1).
    assert!((sattolo.probability(0, 1) * 999.0 - 1.0).abs() < 1e-10);
}

#[test]
fn the_naive_swap_at_52_cards_is_far_from_flat() {
    let law = position_law(&swaps("naive-swap", 52)).unwrap();
    assert!(law.rounding_error() < 1e-14);
    // Cells 20 % above and below 1/52; sampling 200,000 decks (next test)
    // sees them, so the position test needs far fewer than 10^5.
    assert!(
        law.max_cell().relative_deviation(52) > 0.2,
        "{:?}",
        law.max_cell()
    );
    assert!(
        law.min_cell().relative_deviation(52) < -0.2,
        "{:?}",
        law.min_cell()
    );
    assert!(law.position_plan(1e-6, 0.99).shuffles.unwrap() < 1e5);
}

#[test]
fn sampled_positions_fall_in_the_exact_band() {
    // 200,000 naive swaps of 52 cards: each count is Binomial(N, p) with
    // the exact p. A count outside N p ± 5.5 sd has probability 3.8e-8
    // per cell, 1e-4 for the 2,704 cells together.
    use crate::sample::{Positions, sample};
    let n = 52;
    let shuffles = 200_000u64;
    let law = position_law(&swaps("naive-swap", n)).unwrap();
    let entry = find("naive-swap").unwrap();
    let counts: Positions = sample(
        &entry.algorithm,
        n,
        shuffles,
        3,
        || Positions::new(n),
        &|_| {},
    );
    let mut worst: f64 = 0.0;
    for card in 0..n {
        for position in 0..n {
            let p = law.probability(card, position);
            let mean = shuffles as f64 * p;
            let sd = (mean * (1.0 - p)).sqrt();
            let c = counts.counts[card * n + position] as f64;
            worst = worst.max((c - mean).abs() / sd);
        }
    }
    assert!(worst < 5.5, "a cell is {worst:.2} sd from its exact mean");
    // And the band is tight enough to tell the chain from uniform: the
    // same counts lie far outside the uniform band somewhere.
    let u = 1.0 / n as f64;
    let sd_u = (shuffles as f64 * u * (1.0 - u)).sqrt();
    let off_uniform = counts
        .counts
        .iter()
        .map(|&c| (c as f64 - shuffles as f64 * u).abs() / sd_u)
        .fold(0.0, f64::max);
    assert!(off_uniform > 20.0, "{off_uniform}");
}

#[test]
fn the_furthest_cell_test_holds_at_any_sample_size() {
    use crate::sample::{Positions, sample};
    let n = 52;
    let naive = position_law(&swaps("naive-swap", n)).unwrap();
    let fair = position_law(&swaps("fisher-yates", n)).unwrap();
    let counts = |id: &str, shuffles: u64, seed: u64| {
        let entry = find(id).unwrap();
        sample(
            &entry.algorithm,
            n,
            shuffles,
            seed,
            || Positions::new(n),
            &|_| {},
        )
        .counts
        .chunks(n)
        .map(<[u64]>::to_vec)
        .collect::<Vec<_>>()
    };
    // A handful of shuffles cannot disagree with the right law: the
    // exact tail of one count of 1 where p = 1/52 is 2/52, times 2,704
    // cells (a normal z would call it 7.1 sd and cry wolf).
    for shuffles in 1..=10 {
        for (id, law) in [("fisher-yates", &fair), ("naive-swap", &naive)] {
            let t = law.furthest_cell(&counts(id, shuffles, 1), shuffles);
            assert_eq!(t.family_p, 1.0, "{id}, {shuffles} shuffles: {t:?}");
        }
    }
    // 100,000 naive swaps: against their own law the family-wise p is
    // uniform (it falls below 1e-4 with probability at most 1e-4);
    // against the uniform law it is crushing.
    let shuffles = 100_000;
    let c = counts("naive-swap", shuffles, 2);
    let own = naive.furthest_cell(&c, shuffles);
    assert!(own.family_p > 1e-4, "{own:?}");
    let wrong = fair.furthest_cell(&c, shuffles);
    assert!(wrong.family_p < 1e-50, "{wrong:?}");
    // A count the law makes impossible: Sattolo never leaves a card put.
    let sattolo = position_law(&swaps("sattolo", 4)).unwrap();
    let mut odd = vec![vec![100u64; 4]; 4];
    for (i, row) in odd.iter_mut().enumerate() {
        row[i] = 0;
    }
    assert_eq!(sattolo.furthest_cell(&odd, 300).family_p, 1.0);
    odd[2][2] = 1;
    let t = sattolo.furthest_cell(&odd, 300);
    assert_eq!((t.card, t.position, t.count, t.family_p), (2, 2, 1, 0.0));
}

/// The position matrix by walking every draw sequence of `swaps`.
fn brute_matrix(swaps: &SwapShuffle) -> Vec<f64> {
    let n = swaps.n;
    let draws: Vec<algorithms::Draw> = swaps.draws().collect();
    let mut matrix = vec![0.0; n * n];
    let mut script = vec![0u64; draws.len()];
    loop {
        let p: f64 = draws
            .iter()
            .zip(&script)
            .map(|(d, &r)| d.weight(r) as f64 / d.total_weight() as f64)
            .product();
        if p > 0.0 {
            let mut deck: Vec<usize> = (0..n).collect();
            swaps.apply(&mut deck, &mut algorithms::Scripted::new(script.clone()));
            for (position, &card) in deck.iter().enumerate() {
                matrix[card * n + position] += p;
            }
        }
        // Odometer over the results of every draw.
        let mut i = draws.len();
        loop {
            if i == 0 {
                return matrix;
            }
            i -= 1;
            script[i] += 1;
            if (script[i] as u128) < draws[i].outcomes() {
                break;
            }
            script[i] = 0;
        }
    }
}

#[test]
fn steps_with_two_different_draws_follow_the_general_formula() {
    use algorithms::{Draw, Transposition};
    let a = Slot::Drawn {
        draw: Draw::Below(3),
        offset: 0,
    };
    let b = Slot::Drawn {
        draw: Draw::WordMod { bits: 2, k: 3 },
        offset: 1,
    };
    let swaps = SwapShuffle {
        n: 4,
        steps: vec![
            Transposition { a, b },
            Transposition::with_drawn(3, Draw::Below(4), 0),
            Transposition { a: b, b: a },
            Transposition {
                a: Slot::At(0),
                b: Slot::At(2),
            },
        ],
    };
    let chain = position_law(&swaps).unwrap();
    let brute = brute_matrix(&swaps);
    for (c, b) in chain.matrix.iter().zip(&brute) {
        assert!((c - b).abs() < 1e-14, "chain {c}, brute force {b}");
    }
    assert!(chain.rounding_error() < 1e-14);
}

#[test]
fn bad_decks_are_named() {
    let e = position_law(&SwapShuffle {
        n: 0,
        steps: Vec::new(),
    })
    .unwrap_err();
    assert_eq!(
        e.to_string(),
        "deck size 0 is not allowed for the exact position matrix: use 1..=4096"
    );
    let mut s = swaps("naive-swap", 5);
    s.n = 4;
    assert_eq!(
        position_law(&s).unwrap_err(),
        MarkovError::OutOfDeck {
            position: 4,
            deck: 4
        }
    );
}
