//! The default check: its plan, its time against the same shuffles alone
//! (best of 5, in this process), and what it says about common shuffles,
//! right and wrong.
//!
//! `cargo run --release -p shuffle-check --example explain`
//! (one example: each debug binary linking the statistics is ~165 MB, and
//! `cargo test` builds every example)

use rand::seq::SliceRandom;
use rand::{Rng, RngExt, SeedableRng};
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

/// The default check on rand's shuffle against the same shuffles alone.
fn speed() {
    let check = Check::new();
    let decks = check.plan().decks();
    let alone = best_of(5, || {
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
        "{} shuffles of rand's shuffle: alone {alone:.3} s, checked {checked:.3} s ({:.2}x)\n",
        check.plan().shuffles(),
        checked / alone
    );
}

fn fisher_yates<T, R: Rng + ?Sized>(deck: &mut [T], rng: &mut R) {
    for i in (1..deck.len()).rev() {
        let j = rng.random_range(0..=i);
        deck.swap(i, j);
    }
}

/// The naive swap: every position swaps with any position.
fn naive_swap<T, R: Rng + ?Sized>(deck: &mut [T], rng: &mut R) {
    for i in 0..deck.len() {
        let j = rng.random_range(0..deck.len());
        deck.swap(i, j);
    }
}

/// Sattolo's off-by-one: `0..i` where `0..=i` was meant.
fn off_by_one<T, R: Rng + ?Sized>(deck: &mut [T], rng: &mut R) {
    for i in (1..deck.len()).rev() {
        let j = rng.random_range(0..i);
        deck.swap(i, j);
    }
}

/// Insertion sort with a comparator that answers at random, as
/// `array.sort(() => Math.random() - 0.5)` does on short arrays. (Rust's
/// own `sort_by` panics on such a comparator for longer slices: it
/// notices that the order is not total.)
fn random_comparator<T, R: Rng + ?Sized>(deck: &mut [T], rng: &mut R) {
    for i in 1..deck.len() {
        let mut j = i;
        while j > 0 && rng.random::<bool>() {
            deck.swap(j - 1, j);
            j -= 1;
        }
    }
}

/// Sorting by random one-byte keys: equal keys keep their order.
fn byte_keys<T, R: Rng + ?Sized>(deck: &mut [T], rng: &mut R) {
    let mut keyed: Vec<(u8, usize)> = (0..deck.len()).map(|i| (rng.random::<u8>(), i)).collect();
    keyed.sort_by_key(|&(key, _)| key);
    let order: Vec<usize> = keyed.into_iter().map(|(_, i)| i).collect();
    permute(deck, &order);
}

/// `deck[j]` becomes the old `deck[order[j]]`.
fn permute<T>(deck: &mut [T], order: &[usize]) {
    let mut done = vec![false; deck.len()];
    for start in 0..deck.len() {
        // Follow the cycle through `start`, swapping along it.
        let mut j = start;
        while !done[j] {
            done[j] = true;
            let from = order[j];
            if !done[from] {
                deck.swap(j, from);
            }
            j = from;
        }
    }
}

/// A correct shuffle on a generator reseeded every deal from 32 bits.
fn seeded_per_deal<T, R: Rng + ?Sized>(deck: &mut [T], rng: &mut R) {
    let seed = rng.next_u32();
    let mut own = rand_xoshiro::Xoshiro256PlusPlus::seed_from_u64(u64::from(seed));
    fisher_yates(deck, &mut own);
}

fn main() {
    println!("{}\n", Check::new().plan());
    speed();
    type Shuffle = fn(&mut [u32], &mut CheckRng);
    let cases: [(&str, Shuffle); 6] = [
        ("Fisher-Yates", fisher_yates),
        ("naive swap", naive_swap),
        ("off by one", off_by_one),
        ("random comparator", random_comparator),
        ("random one-byte keys", byte_keys),
        ("reseeded from 32 bits", seeded_per_deal),
    ];
    for (name, shuffle) in cases {
        let start = Instant::now();
        let result = Check::new().run(shuffle);
        let seconds = start.elapsed().as_secs_f64();
        println!("## {name} ({seconds:.2} s)");
        match result {
            Ok(pass) => println!("{pass}\n"),
            Err(failure) => println!("{failure}\n"),
        }
    }
}
