//! How long the default check takes on rand's shuffle, against the same
//! shuffles alone (the baseline: what any check must spend), best of 5.
//!
//! `cargo run --release -p shuffle-check --example speed`

use rand::SeedableRng;
use rand::seq::SliceRandom;
use shuffle_check::{Check, CheckRng};
use std::hint::black_box;
use std::time::Instant;

fn best_of<F: FnMut()>(runs: usize, mut f: F) -> f64 {
    (0..runs)
        .map(|_| {
            let t = Instant::now();
            f();
            t.elapsed().as_secs_f64()
        })
        .fold(f64::INFINITY, f64::min)
}

fn main() {
    let check = Check::new();
    let decks = check.plan().decks();
    let baseline = best_of(5, || {
        let mut rng = CheckRng::seed_from_u64(0);
        for d in &decks {
            let mut deck: Vec<u32> = (0..d.cards as u32).collect();
            for _ in 0..d.shuffles {
                deck.shuffle(&mut rng);
                black_box(&deck);
            }
        }
    });
    let checked = best_of(5, || {
        check
            .run(|deck: &mut [u32], rng: &mut CheckRng| deck.shuffle(rng))
            .expect("rand's shuffle passes");
    });
    println!(
        "{} shuffles: alone {baseline:.3} s, checked {checked:.3} s ({:.2}x)",
        check.plan().shuffles(),
        checked / baseline
    );
}
