//! The collision test: among `N` sampled decks, how many pairs are the same
//! deck, against the birthday-problem expectation.
//!
//! A uniform shuffle of `n` cards deals each of `M = n!` decks with
//! probability `1/M`, so the number `W` of pairs `i < j` of identical decks
//! has mean `λ = C(N, 2) / M` exactly, and is close to Poisson(λ): by the
//! Stein–Chen method (Arratia, Goldstein and Gordon, "Two moments suffice
//! for Poisson approximations", Ann. Probab. 1989, the birthday problem as
//! their example) the total variation distance is at most
//! `(1 − e^−λ) (4N − 7) / M`. For 52 cards and a million decks λ ≈ 6·10^-57
//! and the bound ≈ 3·10^-118: a single repeated deck is a `10^-56` event.
//!
//! A shuffle whose randomness comes from a seed of `b` bits can deal at
//! most `2^b` decks, so its `W` has mean at least `C(N, 2) / 2^b`: about
//! 116 pairs for a 32-bit seed and a million decks. `C(N, 2) / W` estimates
//! the number of equally likely decks the shuffle behaves as if it could
//! deal.
//!
//! Decks are compared by a 128-bit fingerprint: the cards themselves for
//! decks of up to 16 cards (exact), a hash of them above (two decks share it
//! with probability about `2^-128` per pair).

use crate::hypothesis::fit::TestResult;
use crate::sample::{Accumulator, splitmix64};
use statrs::function::gamma::{gamma_lr, ln_gamma};

/// The most decks whose fingerprints the collision test keeps (the first
/// this many of a run: 128 MiB of fingerprints). Enough for a 32-bit seed
/// (about 8·10^6 pairs expected) and for a 40-bit one (about 30).
pub const COLLISION_MAX_DECKS: u64 = 1 << 23;

/// The collision test runs only where the Poisson approximation of its
/// p-value is off by at most this much (the Stein–Chen bound): far below
/// any p-value a verdict turns on.
pub const COLLISION_MAX_APPROXIMATION_ERROR: f64 = 1e-15;

/// The name of the collision test.
pub const COLLISION_TEST: crate::TestName = crate::TestName::COLLISIONS;

/// A 128-bit fingerprint of a deck: its cards for up to 16 cards (distinct
/// decks, distinct fingerprints), for larger decks two 64-bit hashes, each
/// a sum over the deck's words of eight cards of a mixing function of the
/// word and its place (the words are mixed side by side, not one after the
/// other).
pub fn fingerprint(deck: &[u8]) -> u128 {
    if deck.len() <= 16 {
        let mut bytes = [0u8; 16];
        bytes[..deck.len()].copy_from_slice(deck);
        // Cards are below 255, so the padding (0xFF) tells lengths apart.
        bytes[deck.len()..].fill(0xFF);
        return u128::from_le_bytes(bytes);
    }
    let (mut a, mut b) = (deck.len() as u64, 0u64);
    for (i, chunk) in deck.chunks(8).enumerate() {
        let mut word = [0u8; 8];
        word[..chunk.len()].copy_from_slice(chunk);
        let w = u64::from_le_bytes(word);
        let place = (i as u64 + 1).wrapping_mul(0x9E37_79B9_7F4A_7C15);
        a = a.wrapping_add(splitmix64(w ^ place));
        b ^= splitmix64(
            w.rotate_left(29)
                .wrapping_add(place ^ 0xA409_3822_299F_31D0),
        );
    }
    (u128::from(splitmix64(a ^ 0x243F_6A88_85A3_08D3)) << 64)
        | u128::from(splitmix64(b ^ 0x1319_8A2E_0370_7344))
}

/// Fingerprints of every deck counted, in the order counted, kept in
/// chunks of at most 65,536 (1 MiB): counting never moves those already
/// kept, and fingerprints of consecutive stretches join without a copy.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Fingerprints {
    /// The chunks, each full but perhaps the last.
    chunks: Vec<Vec<u128>>,
    /// Fingerprints kept.
    len: usize,
}

/// The most fingerprints of one chunk (1 MiB).
const CHUNK_PRINTS: usize = 1 << 16;

/// The most fingerprints of one bucket counted in a hash table (of at most
/// `2^16` slots, 2 MiB); a fuller bucket is sorted.
const BUCKET_TABLE_MOST: usize = 1 << 15;

impl Fingerprints {
    /// Fingerprints kept.
    pub fn len(&self) -> usize {
        self.len
    }

    /// Whether none is kept.
    pub fn is_empty(&self) -> bool {
        self.len == 0
    }

    /// These fingerprints, in this order.
    pub fn from_vec(prints: Vec<u128>) -> Fingerprints {
        let len = prints.len();
        Fingerprints {
            chunks: prints.chunks(CHUNK_PRINTS).map(<[u128]>::to_vec).collect(),
            len,
        }
    }

    /// Every fingerprint, in the order counted.
    pub fn iter(&self) -> impl Iterator<Item = &u128> {
        self.chunks.iter().flatten()
    }
}

impl Accumulator for Fingerprints {
    #[inline]
    fn observe(&mut self, deck: &[u8]) {
        match self.chunks.last_mut() {
            Some(chunk) if chunk.len() < CHUNK_PRINTS => chunk.push(fingerprint(deck)),
            _ => {
                let mut chunk = Vec::with_capacity(CHUNK_PRINTS.min(self.len.max(1 << 10)));
                chunk.push(fingerprint(deck));
                self.chunks.push(chunk);
            }
        }
        self.len += 1;
    }

    fn merge(&mut self, mut other: Self) {
        self.len += other.len;
        self.chunks.append(&mut other.chunks);
    }
}

/// How many of `N` decks repeat one another.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Collisions {
    /// `ln M`: the number of arrangements a uniform shuffle deals with
    /// equal probability (`n!` for a deck of `n` cards).
    pub ln_arrangements: f64,
    /// Decks compared (`N`).
    pub decks: u64,
    /// Distinct decks among them.
    pub distinct: u64,
    /// Pairs `i < j` of identical decks (`W`): a deck seen `g` times adds
    /// `C(g, 2)`.
    pub pairs: u64,
    /// The most times one deck was seen.
    pub most_repeated: u64,
}

impl Fingerprints {
    /// Appends the fingerprints of `later` (decks counted right after
    /// these) while fewer than `most` are kept: the first `most` decks'
    /// fingerprints stay those of one pass.
    pub fn append_up_to(&mut self, later: Fingerprints, most: u64) {
        let mut room = most.saturating_sub(self.len as u64);
        for mut chunk in later.chunks {
            if room == 0 {
                break;
            }
            chunk.truncate(chunk.len().min(room as usize));
            room -= chunk.len() as u64;
            self.len += chunk.len();
            self.chunks.push(chunk);
        }
    }

    /// Counts the repeats among the fingerprints of decks of `deck` cards
    /// (the result does not depend on their order).
    pub fn collisions(self, deck: usize) -> Collisions {
        self.collisions_among(ln_factorial(deck))
    }

    /// Counts the repeats among fingerprints of arrangements of which a
    /// uniform shuffle deals `e^ln_arrangements` with equal probability
    /// (a shoe's `P! / (K!)^V`).
    ///
    /// Equal fingerprints are counted without sorting them all: each
    /// chunk is put in the order of one of about `N / 1024` buckets, by a
    /// hash of each fingerprint's bits (equal fingerprints, same bucket),
    /// then each bucket's fingerprints, from every chunk, are counted in a
    /// hash table small enough for the cache (a bucket of more than
    /// `2^15`, as many copies of one deck fill, is sorted instead); chunks,
    /// then buckets, on rayon's workers. Memory besides the fingerprints
    /// (16 bytes a deck): the buckets' bounds (32 KiB a chunk of 1 MiB), a
    /// chunk (1 MiB) and a table (2 MiB) per worker, and the sorted
    /// buckets, at most as many fingerprints again.
    pub fn collisions_among(mut self, ln_arrangements: f64) -> Collisions {
        use rayon::prelude::*;
        let bits = (self.len / 1024).max(1).ilog2().min(12);
        let buckets = 1usize << bits;
        // The top `bits` bits of `mix` are the bucket, the next ones the
        // slot in the bucket's table.
        let mix = |p: u128| {
            (p as u64 ^ ((p >> 64) as u64).rotate_left(32)).wrapping_mul(0x9E37_79B9_7F4A_7C15)
        };
        let bucket = |p: u128| ((mix(p) >> 1) >> (63 - bits)) as usize;
        // `starts[c][b]`: where bucket `b` starts in chunk `c`, once the
        // chunk is in bucket order.
        let starts: Vec<Vec<usize>> = self
            .chunks
            .par_iter_mut()
            .map_init(Vec::new, |scratch: &mut Vec<u128>, chunk| {
                let mut starts = vec![0; buckets + 1];
                for &p in chunk.iter() {
                    starts[bucket(p) + 1] += 1;
                }
                for b in 1..=buckets {
                    starts[b] += starts[b - 1];
                }
                let mut next = starts.clone();
                scratch.clear();
                scratch.resize(chunk.len(), 0);
                for &p in chunk.iter() {
                    let b = bucket(p);
                    scratch[next[b]] = p;
                    next[b] += 1;
                }
                std::mem::swap(chunk, scratch);
                starts
            })
            .collect();
        let chunks = &self.chunks;
        let empty = Collisions {
            ln_arrangements,
            decks: self.len as u64,
            distinct: 0,
            pairs: 0,
            most_repeated: 0,
        };
        (0..buckets)
            .into_par_iter()
            .map_init(
                Default::default,
                |(table, gathered): &mut (Vec<(u128, u64)>, Vec<u128>), b| {
                    let len: usize = starts.iter().map(|s| s[b + 1] - s[b]).sum();
                    let mut c = empty;
                    let prints = || {
                        chunks
                            .iter()
                            .zip(&starts)
                            .flat_map(|(chunk, s)| &chunk[s[b]..s[b + 1]])
                    };
                    if len > BUCKET_TABLE_MOST {
                        // A bucket this full holds many copies of a few decks
                        // (or an input made to fill it): its fingerprints are
                        // sorted, and equal ones counted side by side.
                        gathered.clear();
                        gathered.extend(prints());
                        gathered.sort_unstable();
                        for group in gathered.chunk_by(|a, b| a == b) {
                            let g = group.len() as u64;
                            c.distinct += 1;
                            c.pairs += g * (g - 1) / 2;
                            c.most_repeated = c.most_repeated.max(g);
                        }
                        return c;
                    }
                    // Open addressing, at most half full.
                    let slots = (2 * len).next_power_of_two().max(2);
                    let shift = 64 - slots.ilog2();
                    table.clear();
                    table.resize(slots, (0, 0));
                    for &p in prints() {
                        let mut i = ((mix(p) << bits) >> shift) as usize;
                        loop {
                            let (print, seen) = &mut table[i];
                            if *seen == 0 {
                                (*print, *seen) = (p, 1);
                                c.distinct += 1;
                                c.most_repeated = c.most_repeated.max(1);
                                break;
                            }
                            if *print == p {
                                c.pairs += *seen;
                                *seen += 1;
                                c.most_repeated = c.most_repeated.max(*seen);
                                break;
                            }
                            i = (i + 1) & (slots - 1);
                        }
                    }
                    c
                },
            )
            .reduce(
                || empty,
                |a, b| Collisions {
                    distinct: a.distinct + b.distinct,
                    pairs: a.pairs + b.pairs,
                    most_repeated: a.most_repeated.max(b.most_repeated),
                    ..a
                },
            )
    }
}

/// `ln n!`.
fn ln_factorial(n: usize) -> f64 {
    ln_gamma(n as f64 + 1.0)
}

/// `λ = C(N, 2) / n!`: the expected number of identical pairs among `decks`
/// decks from a uniform shuffle of `n` cards (0 where it underflows, as for
/// 255 cards; [`test()`] works with its logarithm).
pub fn expected_pairs(n: usize, decks: u64) -> f64 {
    ln_expected_pairs(ln_factorial(n), decks).exp()
}

/// `ln λ` for `e^ln_m` equally likely arrangements, `-∞` for fewer than two
/// decks.
fn ln_expected_pairs(ln_m: f64, decks: u64) -> f64 {
    if decks < 2 {
        return f64::NEG_INFINITY;
    }
    let pairs = decks as f64 * (decks as f64 - 1.0) / 2.0;
    pairs.ln() - ln_m
}

/// The Stein–Chen bound on the total variation distance between `W` and
/// Poisson(λ) for `decks` decks of `n` cards: `(1 − e^−λ)(4N − 7) / n!`
/// (0 for fewer than two decks, where `W = 0`).
pub fn approximation_error(n: usize, decks: u64) -> f64 {
    approximation_error_among(ln_factorial(n), decks)
}

/// [`approximation_error`] for `M = e^ln_m` equally likely arrangements:
/// `(1 − e^−λ)(4N − 7) / M`.
pub fn approximation_error_among(ln_m: f64, decks: u64) -> f64 {
    if decks < 2 {
        return 0.0;
    }
    let lambda = ln_expected_pairs(ln_m, decks).exp();
    let spread = (4.0 * decks as f64 - 7.0).max(1.0);
    -(-lambda).exp_m1() * (spread.ln() - ln_m).exp()
}

/// `ln P(X >= k)` for `X ~ Poisson(λ)`, accurate where it underflows:
/// the regularized lower incomplete gamma function `P(k, λ)`, and its
/// series `e^−λ λ^k / k! · Σ_j λ^j k! / (k + j)!` in log space below
/// `1e-290`.
pub fn ln_poisson_sf(k: u64, lambda: f64) -> f64 {
    ln_poisson_sf_of_ln(k, lambda.ln())
}

/// [`ln_poisson_sf`] of `λ = e^ln_lambda`, which may be below `f64`'s range.
fn ln_poisson_sf_of_ln(k: u64, ln_lambda: f64) -> f64 {
    if k == 0 {
        return 0.0;
    }
    if ln_lambda == f64::NEG_INFINITY {
        return f64::NEG_INFINITY;
    }
    let kf = k as f64;
    let lambda = ln_lambda.exp();
    if lambda > 0.0 {
        let p = gamma_lr(kf, lambda);
        if p > 1e-290 {
            return p.ln();
        }
    }
    // Here λ is far below k, so the series converges geometrically.
    let (mut term, mut sum) = (1.0f64, 1.0f64);
    for j in 1..10_000 {
        term *= lambda / (kf + j as f64);
        sum += term;
        if term < 1e-17 * sum {
            break;
        }
    }
    -lambda + kf * ln_lambda - ln_gamma(kf + 1.0) + sum.ln()
}

/// Why the collision test cannot run on `decks` decks of `n` cards, if it
/// cannot: too few decks, or too few arrangements for the Poisson
/// approximation to be trusted to [`COLLISION_MAX_APPROXIMATION_ERROR`].
pub fn unfit(n: usize, decks: u64) -> Option<String> {
    if decks < 2 {
        return unfit_among(0.0, decks);
    }
    unfit_among(ln_factorial(n), decks).map(|too_few| {
        format!("{n}! arrangements are too few for {decks} decks: {too_few}; the permutation histogram is the test for small decks")
    })
}

/// [`unfit`] for `e^ln_m` equally likely arrangements: why not, when the
/// test cannot run (without saying what the arrangements are).
pub fn unfit_among(ln_m: f64, decks: u64) -> Option<String> {
    if decks < 2 {
        return Some(format!("needs at least 2 decks, got {decks}"));
    }
    let error = approximation_error_among(ln_m, decks);
    (error > COLLISION_MAX_APPROXIMATION_ERROR).then(|| {
        format!(
            "the Poisson approximation could be off by {error:.1e} (allowed {COLLISION_MAX_APPROXIMATION_ERROR:e})"
        )
    })
}

/// The collision test: `P(Poisson(λ) >= W)`, one-sided (a shuffle can only
/// repeat decks too often). `statistic` is `W`; `df` is 0.
pub fn test(c: &Collisions) -> TestResult {
    let ln_p = ln_poisson_sf_of_ln(c.pairs, ln_expected_pairs(c.ln_arrangements, c.decks));
    TestResult {
        name: COLLISION_TEST,
        statistic: c.pairs as f64,
        df: 0.0,
        p_value: ln_p.exp(),
        log10_p: ln_p / std::f64::consts::LN_10,
        shuffles: c.decks,
        min_expected: 0.0,
        subject: None,
    }
}

/// `log10` of `C(N, 2) / W`: the number of equally likely decks that would
/// give as many identical pairs as were seen (`None` without a repeat).
pub fn log10_effective_decks(c: &Collisions) -> Option<f64> {
    (c.pairs > 0 && c.decks >= 2).then(|| {
        let pairs = c.decks as f64 * (c.decks as f64 - 1.0) / 2.0;
        (pairs / c.pairs as f64).log10()
    })
}

/// What the collision test saw, with its expectation under a uniform
/// shuffle.
#[derive(Clone, Debug, PartialEq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct CollisionSummary {
    /// Decks compared: the first run's first `min(shuffles, 2^23)`.
    pub decks: u64,
    /// Distinct decks among them.
    pub distinct: u64,
    /// Pairs of identical decks (the test's statistic).
    pub pairs: u64,
    /// The most times one deck was seen.
    pub most_repeated: u64,
    /// Expected pairs for a uniform shuffle, `C(N, 2) / n!`.
    pub expected_pairs: f64,
    /// Bound on the Poisson approximation's error (total variation).
    pub approximation_error: f64,
    /// `log10 C(N, 2) / pairs`: the number of equally likely decks that
    /// would repeat as often (absent without a repeat).
    #[cfg_attr(
        feature = "serde",
        serde(skip_serializing_if = "Option::is_none", default)
    )]
    pub log10_effective_decks: Option<f64>,
}

impl Collisions {
    /// The counts with their expectation under a uniform shuffle.
    pub fn summary(&self) -> CollisionSummary {
        CollisionSummary {
            decks: self.decks,
            distinct: self.distinct,
            pairs: self.pairs,
            most_repeated: self.most_repeated,
            expected_pairs: ln_expected_pairs(self.ln_arrangements, self.decks).exp(),
            approximation_error: approximation_error_among(self.ln_arrangements, self.decks),
            log10_effective_decks: log10_effective_decks(self),
        }
    }
}

#[cfg(test)]
mod tests;
