//! What a few seen cards give away when a shuffle's only randomness is a
//! small seed: every seed whose deck starts with the cards seen, found by
//! dealing the deck of every seed.
//!
//! A shuffle reseeded for every deal from the clock or a 32-bit value can
//! deal no more decks than it has seeds. Whoever knows the program deals
//! the deck of each seed, keeps the seeds whose deck starts with the cards
//! on the table, and, once one seed is left, knows every card still to
//! come. With `S` seeds the other seeds that happen to share the first `s`
//! cards of a deck number `(S − 1) / (n (n − 1) ⋯ (n − s + 1))` on average
//! when their decks are unrelated ([`expected_other_seeds`]); the search
//! itself is exact.

use algorithms::Seeded;
use rayon::prelude::*;
use std::ops::Range;

/// Seeds dealt per unit of parallel work.
const CHUNK: u64 = 1 << 20;

/// What a search found.
#[derive(Clone, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct Search {
    /// The seeds searched, `start..end`.
    pub seeds: Range<u64>,
    /// How many seeds deal a deck that starts with the cards seen.
    pub matches: u64,
    /// The first of them (at most the cap asked for), in seed order, with
    /// their decks.
    pub found: Vec<Found>,
}

/// A seed that fits, and its deck.
#[derive(Clone, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct Found {
    /// The seed.
    pub seed: u64,
    /// Its whole deck, by position.
    pub deck: Vec<u8>,
}

/// Every seed in `seeds` (below [`Seeded::seed_end`]) whose deck of `deck` cards
/// starts with `seen`, the first `cap` of them with their decks.
/// `progress` is called with the number of seeds dealt after each chunk.
/// The result does not depend on the number of threads.
pub fn search(
    seeded: Seeded,
    deck: usize,
    seen: &[u8],
    seeds: Range<u64>,
    cap: usize,
    progress: &(dyn Fn(u64) + Sync),
) -> Search {
    debug_assert!(seeds.end <= seeded.seed_end());
    let chunks = (seeds.end.saturating_sub(seeds.start)).div_ceil(CHUNK);
    // Reduced in order as the chunks are searched: memory holds `cap`
    // decks per worker, whatever the range.
    let (matches, found) = (0..chunks)
        .into_par_iter()
        .map(|c| {
            let start = seeds.start + c * CHUNK;
            let end = (start + CHUNK).min(seeds.end);
            let (mut count, mut found) = (0u64, Vec::new());
            seeded.each_fitting(start..end, deck, seen, |seed, d| {
                count += 1;
                if found.len() < cap {
                    found.push(Found {
                        seed,
                        deck: d.to_vec(),
                    });
                }
            });
            progress(end - start);
            (count, found)
        })
        .reduce(
            || (0, Vec::new()),
            |(a, mut earlier), (b, later)| {
                let room = cap - earlier.len().min(cap);
                earlier.extend(later.into_iter().take(room));
                (a + b, earlier)
            },
        );
    Search {
        seeds,
        matches,
        found,
    }
}

/// How many seeds a second [`search`] goes through on one thread, timed
/// on the first `sample` seeds of `seeds` (all of them if fewer).
pub fn seeds_per_second(
    seeded: Seeded,
    deck: usize,
    seen: &[u8],
    seeds: Range<u64>,
    sample: u64,
) -> f64 {
    let timed = seeds.start..seeds.end.min(seeds.start.saturating_add(sample));
    let start = std::time::Instant::now();
    let mut fitting = 0u64;
    seeded.each_fitting(timed.clone(), deck, seen, |_, _| fitting += 1);
    std::hint::black_box(fitting);
    (timed.end - timed.start) as f64 / start.elapsed().as_secs_f64().max(1e-9)
}

/// For `s = 1 ..= target.len()`, how many seeds in `seeds` deal a deck of
/// `deck` cards that starts with the first `s` cards of `target`: in one
/// pass, what [`search`] would count for each number of cards seen. The
/// result does not depend on the number of threads.
pub fn shared_prefixes(seeded: Seeded, deck: usize, target: &[u8], seeds: Range<u64>) -> Vec<u64> {
    debug_assert!(seeds.end <= seeded.seed_end());
    let chunks = (seeds.end.saturating_sub(seeds.start)).div_ceil(CHUNK);
    let counts = (0..chunks)
        .into_par_iter()
        .map(|c| {
            let start = seeds.start + c * CHUNK;
            let end = (start + CHUNK).min(seeds.end);
            let mut counts = vec![0u64; target.len() + 1];
            seeded.each_fitting(start..end, deck, &target[..1], |_, d| {
                let shared = d.iter().zip(target).take_while(|(a, b)| a == b).count();
                counts[shared] += 1;
            });
            counts
        })
        .reduce(
            || vec![0u64; target.len() + 1],
            |a, b| a.iter().zip(&b).map(|(x, y)| x + y).collect(),
        );
    // Seeds sharing exactly `k` cards share every shorter prefix too.
    (1..=target.len())
        .map(|s| counts[s..].iter().sum())
        .collect()
}

/// The average number of *other* seeds, out of `seeds`, whose deck of
/// `deck` cards starts with the same `seen` cards as a given seed's, when
/// the seeds' decks are unrelated uniform decks: `(S − 1) / (n)_s`.
pub fn expected_other_seeds(seeds: u64, deck: usize, seen: usize) -> f64 {
    let falling: f64 = (0..seen).map(|i| (deck - i) as f64).product();
    (seeds.saturating_sub(1)) as f64 / falling
}

/// Over every seed in `seeds` (dealt exactly), the share of seeds whose
/// deck's first `s` cards no other seed's deck starts with, for `s = 1 ..=
/// max_seen`: how often `s` seen cards pin the deck down, counted rather
/// than estimated.
pub fn pinned_shares(seeded: Seeded, deck: usize, seeds: Range<u64>, max_seen: usize) -> Vec<f64> {
    let identity: Vec<u8> = (0..deck as u8).collect();
    let prefixes: Vec<Vec<u8>> = seeds
        .clone()
        .into_par_iter()
        .map(|seed| {
            let mut d = identity.clone();
            seeded.deal(seed, &mut d);
            d.truncate(max_seen);
            d
        })
        .collect();
    let total = prefixes.len() as f64;
    (1..=max_seen)
        .map(|s| {
            let mut keys: Vec<&[u8]> = prefixes.iter().map(|p| &p[..s]).collect();
            keys.sort_unstable();
            let unique = keys
                .iter()
                .enumerate()
                .filter(|&(i, k)| {
                    (i == 0 || keys[i - 1] != *k) && (i + 1 == keys.len() || keys[i + 1] != *k)
                })
                .count();
            unique as f64 / total
        })
        .collect()
}

/// The most seeds whose decks are dealt one by one to count, rather than
/// estimate, how many seen cards single out a deck (`judge::recovery::Pinning`).
pub const COUNTED_SEEDS_UP_TO: u64 = 1 << 20;

#[cfg(test)]
mod tests {
    use super::*;
    use algorithms::registry::find;

    fn seeded(id: &str) -> Seeded {
        find(id).unwrap().algorithm.seeded().unwrap()
    }

    #[test]
    fn dotnets_walk_finds_what_dealing_each_seed_finds() {
        // Across the walk's last seed: the walk below it, one by one above.
        let s = seeded("dotnet-shuffle-tickcount");
        let edge = u64::from(algorithms::generators::DotNetOutputWalk::LINEAR_UP_TO);
        let seeds = edge - 30_000..edge + 30_000;
        for target in [edge - 12_345, edge + 6_789] {
            let mut t: Vec<u8> = (0..52).collect();
            s.deal(target, &mut t);
            for k in [1, 2, 3] {
                let mut scratch = Vec::new();
                let direct: Vec<u64> = seeds
                    .clone()
                    .filter(|&seed| s.starts_with(seed, 52, &t[..k], &mut scratch))
                    .collect();
                let found = search(s, 52, &t[..k], seeds.clone(), usize::MAX, &|_| {});
                let seeds_found: Vec<u64> = found.found.iter().map(|f| f.seed).collect();
                assert_eq!(seeds_found, direct, "{k} cards of the deal of {target}");
                assert!(direct.contains(&target));
                for f in &found.found {
                    let mut d: Vec<u8> = (0..52).collect();
                    s.deal(f.seed, &mut d);
                    assert_eq!(f.deck, d);
                }
            }
        }
    }

    #[test]
    fn shared_prefixes_count_what_each_search_counts() {
        for id in ["planet-poker", "freecell", "fisher-yates-seed32"] {
            let s = seeded(id);
            let mut target: Vec<u8> = (0..12).collect();
            s.deal(777, &mut target);
            let seeds = 0..60_000;
            let counts = shared_prefixes(s, 12, &target[..4], seeds.clone());
            for k in 1..=4 {
                let found = search(s, 12, &target[..k], seeds.clone(), 0, &|_| {});
                assert_eq!(counts[k - 1], found.matches, "{id}, {k} cards");
            }
            assert!(counts[0] > counts[3] && counts[3] >= 1, "{id}: {counts:?}");
        }
    }

    #[test]
    fn the_deal_of_a_seed_is_the_deal_of_the_registered_shuffle() {
        // The registered shuffle draws its seed from the source and then
        // deals exactly what `Seeded::deal` deals with that seed.
        use algorithms::Shuffle;
        let ids: Vec<&str> = algorithms::registry::REGISTRY
            .iter()
            .filter(|e| e.algorithm.seeded().is_some())
            .map(|e| e.id)
            .collect();
        assert!(ids.len() >= 8, "{ids:?}");
        for id in ids {
            let s = seeded(id);
            let alg = find(id).unwrap().algorithm;
            for r in [0u64, 1, 777, 86_399] {
                let mut src = algorithms::Scripted::new(vec![r]);
                let mut a: Vec<u8> = (0..52).collect();
                alg.shuffle(&mut a, &mut src);
                let mut b: Vec<u8> = (0..52).collect();
                s.deal(s.seeds().start + r, &mut b);
                assert_eq!(a, b, "{id} {r}");
            }
        }
        assert!(find("fisher-yates").unwrap().algorithm.seeded().is_none());
    }

    #[test]
    fn the_early_exit_decides_as_the_whole_deal_does() {
        // For every seeded shuffle, seeds from its space, and the first 1
        // to 6 cards of its own deck (true) or of another seed's (mostly
        // false): `starts_with` agrees with dealing the whole deck.
        let ids = algorithms::registry::REGISTRY
            .iter()
            .filter(|e| e.algorithm.seeded().is_some())
            .map(|e| e.id);
        let mut scratch = Vec::new();
        let (mut yes, mut no) = (0, 0);
        for id in ids {
            let s = seeded(id);
            for n in [5usize, 52] {
                for k in 0..300u64 {
                    let seed = s.seeds().start + k * 7_919;
                    let mut own: Vec<u8> = (0..n as u8).collect();
                    s.deal(seed, &mut own);
                    let mut other: Vec<u8> = (0..n as u8).collect();
                    s.deal(seed.wrapping_add(1), &mut other);
                    for len in 1..=6.min(n) {
                        for seen in [&own[..len], &other[..len]] {
                            let got = s.starts_with(seed, n, seen, &mut scratch);
                            assert_eq!(got, own.starts_with(seen), "{id} {n} {seed} {seen:?}");
                            if got { yes += 1 } else { no += 1 }
                        }
                    }
                }
            }
        }
        assert!(yes > 1_000 && no > 1_000, "{yes} {no}");
    }

    #[test]
    fn five_cards_find_the_one_second_of_a_day_that_dealt_them() {
        let s = seeded("poker-fixed-time");
        let seeds = s.seeds();
        let secret = seeds.start + 45_296; // 12:34:56 on the day modelled
        let mut deck: Vec<u8> = (0..52).collect();
        s.deal(secret, &mut deck);
        let found = search(s, 52, &deck[..5], seeds.clone(), 10, &|_| {});
        assert_eq!(found.matches, 1);
        assert_eq!(
            found.found,
            [Found {
                seed: secret,
                deck: deck.clone()
            }]
        );
        // One card fits about 86,400 / 52 seconds; all of them are found,
        // in order, the secret among them.
        let one = search(s, 52, &deck[..1], seeds.clone(), usize::MAX, &|_| {});
        assert!((1_400..1_950).contains(&one.matches), "{}", one.matches);
        assert_eq!(one.found.len() as u64, one.matches);
        assert!(one.found.windows(2).all(|w| w[0].seed < w[1].seed));
        assert!(one.found.iter().any(|f| f.seed == secret));
        // Cards no seed deals.
        let none = search(s, 52, &[deck[0], deck[0]], seeds, 10, &|_| {});
        assert_eq!(none.matches, 0);
    }

    #[test]
    fn the_count_of_other_seeds_follows_the_estimate_for_a_good_generator() {
        // Fisher–Yates on xoshiro256++ seeded from the seconds of a day:
        // every seed's first s cards, counted, against (S - 1) / (n)_s.
        let s = seeded("fisher-yates-seed-seconds");
        let shares = pinned_shares(s, 52, s.seeds(), 4);
        // Share pinned down by one card: a seed is alone with its first
        // card when none of the other 86,399 shares it: about
        // (1 - 1/52)^86399, essentially 0; by four cards nearly all.
        assert!(shares[0] < 1e-6, "{shares:?}");
        for (i, &share) in shares.iter().enumerate() {
            let e = expected_other_seeds(86_400, 52, i + 1);
            // Poisson: the chance of no other seed is exp(-e); the share
            // of 86,400 seeds lies within 5 binomial standard deviations.
            let p = (-e).exp();
            let sd = (p * (1.0 - p) / 86_400.0).sqrt();
            assert!(
                (share - p).abs() <= 5.0 * sd + 1e-9,
                "s={} share {share} vs {p}",
                i + 1
            );
        }
    }
}
