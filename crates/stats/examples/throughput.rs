//! Throughput of the sampling pipeline against baselines, in one process.
//! Run by `scripts/bench.sh`; prints one line per measurement and ratios:
//! each sampling path this processor runs, on one thread and on all.
//!
//! Usage: throughput [SHUFFLES] [DECK] [PATHS]   (PATHS: e.g. `scalar,avx512`)

use algorithms::registry::find;
use algorithms::{FisherYates, Shuffle};
use rand::seq::SliceRandom;
use stats::law::perm::{factorial, rank};
use stats::sample::{Histogram, Path, Sampler, chunk_rng, sample_on};
use std::time::Instant;

fn rate(label: &str, shuffles: u64, f: impl FnOnce() -> u64) -> f64 {
    let start = Instant::now();
    let check = f();
    let secs = start.elapsed().as_secs_f64();
    let r = shuffles as f64 / secs;
    println!(
        "{label:<58} {:>8.1} M shuffles/s   ({secs:.2} s, check {check})",
        r / 1e6
    );
    r
}

fn main() {
    let mut args = std::env::args().skip(1);
    let shuffles: u64 = args
        .next()
        .map_or(200_000_000, |s| s.parse().expect("SHUFFLES"));
    let n: usize = args.next().map_or(8, |s| s.parse().expect("DECK"));
    // Optional: the paths to measure, by name, separated by commas.
    let only: Option<String> = args.next();
    let fy = &find("fisher-yates").unwrap().algorithm;
    let pool = |t| {
        rayon::ThreadPoolBuilder::new()
            .num_threads(t)
            .build()
            .unwrap()
    };
    println!("fisher-yates, n = {n}, {shuffles} shuffles per measurement");

    let bare = rate(
        "bare shuffle loop (1 thread, no counting)",
        shuffles,
        || {
            let mut src = Sampler::new(chunk_rng(1, 0));
            let identity: Vec<u8> = (0..n as u8).collect();
            let mut deck = identity.clone();
            let mut x = 0u64;
            for _ in 0..shuffles {
                deck.copy_from_slice(&identity);
                FisherYates.shuffle(&mut deck, &mut src);
                x = x.wrapping_add(u64::from(deck[0]));
            }
            x
        },
    );
    let rand_loop = rate(
        "rand SliceRandom::shuffle + rank + histogram (1 thread)",
        shuffles,
        || {
            use rand::SeedableRng;
            let mut rng = rand_xoshiro::Xoshiro256PlusPlus::seed_from_u64(1);
            let identity: Vec<u8> = (0..n as u8).collect();
            let mut deck = identity.clone();
            let mut counts = vec![0u64; factorial(n) as usize];
            for _ in 0..shuffles {
                deck.copy_from_slice(&identity);
                deck.shuffle(&mut rng);
                counts[rank(&deck)] += 1;
            }
            counts[0]
        },
    );
    let threads = std::thread::available_parallelism().map_or(1, |n| n.get());
    let mut results = Vec::new();
    let wanted = |p: &Path| {
        only.as_ref()
            .is_none_or(|o| o.split(',').any(|x| x == p.name()))
    };
    for path in Path::ALL
        .into_iter()
        .filter(|p| p.is_available() && wanted(p))
    {
        let run = |t: usize| {
            rate(
                &format!("pipeline: {} path, {t} thread(s)", path.name()),
                shuffles,
                || {
                    pool(t).install(|| {
                        sample_on(path, fy, n, shuffles, 1, || Histogram::new(n), &|_| {}).counts[0]
                    })
                },
            )
        };
        let one = run(1);
        let all = run(threads);
        results.push(format!(
            "{}_1t={one:.0} {}_all={all:.0}",
            path.name(),
            path.name()
        ));
        println!(
            "{} path: {:.2}x the bare loop, {:.2}x rand's shuffle loop, {threads} threads {:.2}x 1 thread",
            path.name(),
            one / bare,
            one / rand_loop,
            all / one
        );
    }
    println!(
        "RESULT threads={threads} bare={bare:.0} rand_loop={rand_loop:.0} {}",
        results.join(" ")
    );
}
