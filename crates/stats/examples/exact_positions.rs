//! Cost of the exact position matrix (one-card Markov chain) against
//! sampling the same algorithm in the same process, both on one thread.
//! Run by `scripts/bench-markov.sh`.
//!
//! Usage: exact_positions [DECKS...]   (default 52 1000)

use algorithms::Shuffle;
use algorithms::registry::find;
use rand::SeedableRng;
use rand_xoshiro::Xoshiro256PlusPlus;
use stats::law::markov::position_law;
use std::time::Instant;

/// The best of `runs` timings, in seconds.
fn best(runs: usize, mut f: impl FnMut()) -> f64 {
    (0..runs)
        .map(|_| {
            let start = Instant::now();
            f();
            start.elapsed().as_secs_f64()
        })
        .fold(f64::INFINITY, f64::min)
}

fn main() {
    let decks: Vec<usize> = std::env::args()
        .skip(1)
        .map(|s| s.parse().expect("DECK"))
        .collect();
    let decks = if decks.is_empty() {
        vec![52, 1000]
    } else {
        decks
    };
    let one = rayon::ThreadPoolBuilder::new()
        .num_threads(1)
        .build()
        .expect("a thread pool");
    println!(
        "{:<18} {:>5} {:>12} {:>12} {:>14} {:>16}",
        "algorithm", "deck", "exact 1t (s)", "exact 2t (s)", "sampled/s 1t", "exact 1t = N"
    );
    for n in decks {
        for id in ["naive-swap", "fisher-yates", "random-pairs-swap"] {
            let entry = find(id).expect("registered");
            let swaps = entry.algorithm.swap_shuffle(n).expect("swap-based");
            let exact_one = best(3, || {
                one.install(|| position_law(&swaps).expect("deck in range"));
            });
            let exact_two = best(3, || {
                position_law(&swaps).expect("deck in range");
            });
            // Baseline: the same algorithm sampled into a position matrix.
            let shuffles = (20_000_000 / (n * n) as u64).max(200);
            let sampled = best(3, || {
                let mut rng = Xoshiro256PlusPlus::seed_from_u64(1);
                let mut counts = vec![0u32; n * n];
                let mut deck: Vec<u32> = Vec::with_capacity(n);
                for _ in 0..shuffles {
                    deck.clear();
                    deck.extend(0..n as u32);
                    entry.algorithm.shuffle(&mut deck, &mut rng);
                    for (position, &card) in deck.iter().enumerate() {
                        counts[card as usize * n + position] += 1;
                    }
                }
                assert_eq!(
                    counts[..n].iter().map(|&c| u64::from(c)).sum::<u64>(),
                    shuffles
                );
            });
            let rate = shuffles as f64 / sampled;
            println!(
                "{id:<18} {n:>5} {exact_one:>12.4} {exact_two:>12.4} {rate:>14.0} {:>16.0}",
                exact_one * rate
            );
        }
    }
}
