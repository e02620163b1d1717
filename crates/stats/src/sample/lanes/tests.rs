use super::super::{Histogram, Positions, Sampler, chunk_rng, sample_on};
use super::*;
use crate::hypothesis::battery::Battery;
use crate::hypothesis::collision::{Collisions, Fingerprints};
use algorithms::registry::{REGISTRY, find};
use algorithms::{Shuffle, Visitor};
use rand::{Rng, SeedableRng};
use rand_xoshiro::Xoshiro256PlusPlus;

fn available() -> Vec<Path> {
    let paths: Vec<Path> = Path::ALL.into_iter().filter(|p| p.is_available()).collect();
    eprintln!(
        "paths on this processor: {:?}",
        paths.iter().map(|p| p.name()).collect::<Vec<_>>()
    );
    paths
}

fn rng_of(state: [u64; 4]) -> Xoshiro256PlusPlus {
    let mut bytes = [0u8; 32];
    for (i, w) in state.iter().enumerate() {
        bytes[8 * i..8 * i + 8].copy_from_slice(&w.to_le_bytes());
    }
    Xoshiro256PlusPlus::from_seed(bytes)
}

/// A generator state whose next output is `x`: `s0 = 0`, `s3` is `x`
/// rotated back.
fn state_giving(x: u64) -> [u64; 4] {
    [
        0,
        0x1234_5678_9ABC_DEF0,
        0x0FED_CBA9_8765_4321,
        x.rotate_right(23),
    ]
}

#[test]
fn the_packed_generator_is_rand_xoshiros() {
    for c in 0..4 {
        let mut state = chunk_state(9, c);
        let mut rng = chunk_rng(9, c);
        for _ in 0..1000 {
            assert_eq!(next(&mut state), rng.next_u64());
        }
    }
    assert_eq!(next(&mut state_giving(12345)), 12345);
}

#[test]
fn packed_draws_are_the_samplers_including_rejections() {
    // First outputs 0 (rejected for every k that does not divide 2^64:
    // 2^64 mod 7 = 2 > 0) and just above a multiple of 2^64 / k.
    for x in [0, u64::MAX / 7 + 1, u64::MAX, 0x9E37_79B9_7F4A_7C15] {
        let mut state = state_giving(x);
        let mut sampler = Sampler::new(rng_of(state));
        for k in [7u32, 7, 3, 1, 8, 255, 1 << 31, u32::MAX, 5] {
            assert_eq!(
                below(&mut state, u64::from(k)),
                sampler.bounded(u64::from(k)),
                "x = {x}, k = {k}"
            );
        }
    }
}

/// What every accumulator counts of `algorithm` on `deck` cards: the
/// position matrix and histogram (unpacked by their own code), the
/// battery and the collisions (through the default unpacking).
type Counts = ((Positions, Histogram), (Battery, Collisions));

fn counts(path: Path, id: &str, deck: usize, shuffles: u64, seed: u64) -> Counts {
    let algorithm = &find(id).unwrap().algorithm;
    let (ph, (b, f)) = sample_on(
        path,
        algorithm,
        deck,
        shuffles,
        seed,
        || {
            (
                (Positions::new(deck), Histogram::new(deck)),
                (Battery::new(deck), Fingerprints::default()),
            )
        },
        &|_| {},
    );
    (ph, (b, f.collisions(deck)))
}

#[test]
fn every_path_gives_the_scalar_counts() {
    let paths = available();
    // Three full chunks and a short one: one partial group, lanes of
    // length 0 past the last chunk.
    let shuffles = 3 * CHUNK + 1_001;
    let mut ran = 0;
    for entry in REGISTRY {
        for deck in 1..=MAX_LANE_DECK {
            if Program::of(&entry.algorithm, deck).is_none() {
                continue;
            }
            ran += 1;
            let scalar = counts(Path::Scalar, entry.id, deck, shuffles, 77);
            assert_eq!(scalar.0.0.total(), shuffles);
            for &path in &paths[1..] {
                assert!(
                    counts(path, entry.id, deck, shuffles, 77) == scalar,
                    "{} on {deck} cards: {} differs from scalar",
                    entry.id,
                    path.name()
                );
            }
        }
    }
    // The 10 swap-based shuffles with uniform draws at 8 deck sizes, and
    // on 1 card those that draw nothing there (Fisher–Yates with rand()).
    assert_eq!(ran, 81);
}

#[test]
fn many_groups_on_any_thread_count_give_the_scalar_counts() {
    let shuffles = 21 * CHUNK + 5;
    let scalar = counts(Path::Scalar, "fisher-yates", 8, shuffles, 5);
    for path in available() {
        for threads in [1, 3] {
            let c = rayon::ThreadPoolBuilder::new()
                .num_threads(threads)
                .build()
                .unwrap()
                .install(|| counts(path, "fisher-yates", 8, shuffles, 5));
            assert!(c == scalar, "{} on {threads} threads", path.name());
        }
    }
    assert_ne!(counts(Path::best(), "fisher-yates", 8, shuffles, 6), scalar);
}

/// The scalar sampler from the same generator states: the algorithm's
/// own code, deck after deck.
fn scalar_from(id: &str, deck: usize, states: &[[u64; 4]], lens: &[u64]) -> Histogram {
    struct Deal<'a> {
        deck: usize,
        states: &'a [[u64; 4]],
        lens: &'a [u64],
    }
    impl Visitor for Deal<'_> {
        type Output = Histogram;
        fn visit<S: Shuffle + Copy + Send + Sync>(self, algorithm: &S) -> Histogram {
            let mut h = Histogram::new(self.deck);
            for (&state, &len) in self.states.iter().zip(self.lens) {
                let mut src = Sampler::new(rng_of(state));
                for _ in 0..len {
                    let mut d: Vec<u8> = (0..self.deck as u8).collect();
                    algorithm.shuffle(&mut d, &mut src);
                    h.counts[crate::law::perm::rank(&d)] += 1;
                }
            }
            h
        }
    }
    find(id)
        .unwrap()
        .algorithm
        .visit(Deal { deck, states, lens })
}

/// A word whose high half times `k` (odd) is `-1` modulo `2^32`, and
/// whose low half is `2^32 - 1`.
fn carrying(k: u32) -> u64 {
    // The inverse of k modulo 2^32 by Newton's iteration (each step
    // doubles the correct low bits; k is its own inverse mod 8).
    let mut inverse = k;
    for _ in 0..4 {
        inverse = inverse.wrapping_mul(2u32.wrapping_sub(k.wrapping_mul(inverse)));
    }
    assert_eq!(k.wrapping_mul(inverse), 1);
    u64::from(u32::MAX.wrapping_mul(inverse)) << 32 | u64::from(u32::MAX)
}

#[test]
fn rejections_in_a_lane_on_every_path() {
    // Fisher–Yates on 7 cards draws below 7 first; a lane whose first
    // output is 0 rejects it (2^64 mod 7 = 2 > 0) and draws again from
    // its own generator. On 8 cards the same output is suspect (the low
    // word's upper half is 0) but kept: 8 divides 2^64.
    //
    // The second case has one special lane, since a suspect lane has
    // its whole round dealt again: the high half of the first output
    // times 7 is -1 mod 2^32 and its low half times 7 is above 2^32, so
    // the low half carries into the result, floor(x·7 / 2^64) =
    // floor(x_hi·7 / 2^32) + 1; on 8 cards it is an ordinary output.
    let x = carrying(7);
    assert_eq!(
        ((u128::from(x) * 7) >> 64) as u64,
        (((x >> 32) * 7) >> 32) + 1
    );
    let algorithm = &find("fisher-yates").unwrap().algorithm;
    for deck in [7, 8] {
        let program = Program::of(algorithm, deck).unwrap();
        for path in available().into_iter().skip(1) {
            let lanes = path.lanes();
            let ordinary: Vec<[u64; 4]> = (0..lanes).map(|l| chunk_state(1, l as u64)).collect();
            let mut rejecting = ordinary.clone();
            rejecting[lanes / 2] = state_giving(0);
            // Suspect (the low word 5 is below 2^32) but kept on 7
            // cards (5 >= 2^64 mod 7 = 2).
            rejecting[lanes - 1] = state_giving(u64::MAX / 7 + 1);
            let mut carrying = ordinary;
            carrying[1] = state_giving(x);
            for (case, states) in [("rejecting", rejecting), ("carrying", carrying)] {
                let lens: Vec<u64> = (0..lanes).map(|l| 300 - 30 * l as u64).collect();
                let mut h = Histogram::new(deck);
                deal_on(path, &program, &states, &lens, &mut h);
                let scalar = scalar_from("fisher-yates", deck, &states, &lens);
                assert_eq!(h, scalar, "{} on {deck} cards, {case}", path.name());
            }
        }
    }
}

#[test]
fn programs_exist_for_uniform_swap_shuffles_only() {
    let of = |id: &str, deck| Program::of(&find(id).unwrap().algorithm, deck);
    assert!(of("fisher-yates", 8).is_some());
    assert!(of("naive-swap", 1).is_some());
    assert!(of("fisher-yates", 9).is_none());
    // rand()'s 15-bit words, a splice, a sort: the scalar sampler.
    assert!(of("fisher-yates-mod15", 8).is_none());
    assert!(of("splice-shuffle", 8).is_none());
    assert!(of("coin-insertion-sort", 8).is_none());
}

#[test]
fn paths_by_name() {
    for p in Path::ALL {
        assert_eq!(Path::from_name(p.name()), Some(p));
    }
    assert_eq!(Path::from_name("sse2"), None);
    assert!(Path::best().is_available());
}

#[test]
fn pack_and_unpack_are_inverse() {
    let cards = [3u8, 0, 7, 1, 2, 4, 5, 6];
    let mut back = [0u8; 8];
    unpack(pack(&cards), &mut back);
    assert_eq!(back, cards);
}
