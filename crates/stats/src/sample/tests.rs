use super::*;
use algorithms::registry::find;

fn histogram(id: &str, n: usize, shuffles: u64, seed: u64) -> Histogram {
    sample(
        &find(id).unwrap().algorithm,
        n,
        shuffles,
        seed,
        || Histogram::new(n),
        &|_| {},
    )
}

#[test]
fn counts_add_up() {
    let h = histogram("fisher-yates", 4, 100_003, 1);
    assert_eq!(h.total(), 100_003);
    let p = h.positions();
    for card in 0..4 {
        assert_eq!(
            p.counts[card * 4..card * 4 + 4].iter().sum::<u64>(),
            100_003
        );
    }
}

#[test]
fn same_seed_same_counts_whatever_the_thread_count() {
    let run = |threads| {
        rayon::ThreadPoolBuilder::new()
            .num_threads(threads)
            .build()
            .unwrap()
            .install(|| histogram("naive-swap", 5, 10 * CHUNK + 17, 42))
    };
    let one = run(1);
    assert_eq!(one, run(4));
    assert_ne!(one, histogram("naive-swap", 5, 10 * CHUNK + 17, 43));
}

#[test]
fn histogram_and_positions_agree() {
    let algorithm = &find("sattolo").unwrap().algorithm;
    let (h, p) = sample(
        algorithm,
        5,
        50_000,
        7,
        || (Histogram::new(5), Positions::new(5)),
        &|_| {},
    );
    assert_eq!(h.positions(), p);
    // Sattolo never leaves a card in place.
    for card in 0..5 {
        assert_eq!(p.counts[card * 5 + card], 0);
    }
}

#[test]
fn lemire_draws_are_in_range_and_cover_it() {
    let mut s = Sampler::new(chunk_rng(1, 2));
    let mut seen = [0u32; 7];
    for _ in 0..70_000 {
        seen[s.bounded(7) as usize] += 1;
    }
    // Each bin expects 10000 with sd 92.6: 6 sd either way is a 2e-9 event.
    assert!(
        seen.iter().all(|&c| (9_444..=10_556).contains(&c)),
        "{seen:?}"
    );
    assert_eq!(s.bounded(1), 0);
}

#[test]
fn chunk_generators_differ() {
    let mut a = chunk_rng(5, 0);
    let mut b = chunk_rng(5, 1);
    let mut c = chunk_rng(6, 0);
    let (x, y, z) = (a.next_u64(), b.next_u64(), c.next_u64());
    assert!(x != y && x != z && y != z);
}

/// The batches [`seconds_each`] asks of a work that sleeps one microsecond
/// a unit, for a job of `units`, and the pace it returns.
fn paced_batches(units: u128) -> (Vec<u64>, f64) {
    let mut batches = Vec::new();
    let each = seconds_each(units, |k| {
        batches.push(k);
        std::thread::sleep(std::time::Duration::from_micros(k));
    });
    (batches, each)
}

#[test]
fn a_quick_job_is_paced_on_a_batch_of_20_ms_and_a_long_one_on_100_ms_past_one_chunk() {
    // One microsecond a unit: batches double from 1 until one sleeps at
    // least 20 ms (32768 units), or, for a job over a second at that pace,
    // 100 ms (131072 units: two chunks, where a one-chunk limit stopped).
    // A sleep that overshoots by 3.6 ms on a busy machine stops the quick
    // one a batch early.
    let (quick, each) = paced_batches(1000);
    assert_eq!(quick.first(), Some(&1));
    assert!(
        [16_384, 32_768].contains(quick.last().unwrap()),
        "{quick:?}"
    );
    assert!((1e-6..2e-6).contains(&each), "{each}");
    let (long, each) = paced_batches(10_000_000);
    assert_eq!(long.last(), Some(&131_072), "{long:?}");
    assert!(*long.last().unwrap() > CHUNK);
    assert!((1e-6..2e-6).contains(&each), "{each}");
    assert!(long.windows(2).all(|w| w[1] == 2 * w[0]));
}
