//! Exact laws of a uniformly shuffled deck's statistics when cards repeat,
//! as counts of arrangements: whole numbers summing to `P! / Π K_i!`.
//!
//! A deck of composition `K = (K_1, …, K_V)` holds `K_i` copies of value
//! `i`, `P = Σ K_i` cards (a decklist; a shoe is the case `K_i = K` for
//! every value); a uniform shuffle makes each of its `P! / Π K_i!`
//! distinct arrangements (words with `K_i` letters of value `i`) equally
//! likely. Each law below is derived for such words, computed with big
//! integers by additions and subtractions over polynomials (no rounding
//! until the one division into a probability), and checked in the tests
//! against counting every word of small compositions, equal and unequal.

use super::Shoe;
use num_bigint::{BigInt, BigUint, Sign};
use num_integer::Integer;
use num_traits::{One, Zero};

/// `n!`.
fn factorial(n: usize) -> BigUint {
    (1..=n).fold(BigUint::one(), |f, k| f * k)
}

/// `C(n, k)`.
fn binomial(n: usize, k: usize) -> BigUint {
    if k > n {
        return BigUint::zero();
    }
    let k = k.min(n - k);
    // Each partial product C(n − k + i, i) is a whole number.
    (1..=k).fold(BigUint::one(), |c, i| c * (n - k + i) / i)
}

/// The polynomial `Σ_j a_j (x − 1)^j` in powers of `x`: Horner's rule,
/// `((a_top (x − 1) + …) (x − 1) + a_0`, additions and subtractions only.
fn shift_down(a: &[BigInt]) -> Vec<BigInt> {
    let mut out: Vec<BigInt> = Vec::with_capacity(a.len());
    for coefficient in a.iter().rev() {
        // out · (x − 1): each coefficient becomes the one below it minus
        // itself.
        out.push(BigInt::zero());
        for i in (1..out.len()).rev() {
            let below = out[i - 1].clone();
            out[i] = below - &out[i];
        }
        out[0] = coefficient - &out[0];
    }
    out
}

/// `p · q` for a short `q`.
fn multiply(p: &[BigUint], q: &[BigUint]) -> Vec<BigUint> {
    let mut out = vec![BigUint::zero(); p.len() + q.len() - 1];
    for (i, a) in p.iter().enumerate() {
        if a.is_zero() {
            continue;
        }
        for (j, b) in q.iter().enumerate() {
            out[i + j] += a * b;
        }
    }
    out
}

fn to_unsigned(v: BigInt) -> BigUint {
    match v.sign() {
        Sign::Minus => panic!("a count came out negative: {v}"),
        _ => v.magnitude().clone(),
    }
}

/// Descents, positions `i` with `w_i > w_{i+1}`: `law[d]` for `d` in
/// `0..P`.
///
/// MacMahon (*Combinatory Analysis*, 1915, vol. 1, §III): for words with
/// `K_i` letters of value `i`, `Σ_d A_d t^d / (1 − t)^{P+1} = Σ_{m ≥ 0}
/// Π_i C(m + K_i, K_i) t^m`: a word with `d` descents is counted by
/// `C(m − d + P, P)` of the ways to place its values into `m + 1` weakly
/// increasing levels. So `A_d = Σ_j (−1)^j C(P + 1, j) Π_i C(d − j + K_i,
/// K_i)`: the series `Π_i C(m + K_i, K_i)` multiplied `P + 1` times by `(1
/// − t)`. For a shoe the product is `C(m + K, K)^V`; for `K = 1` these are
/// the Eulerian numbers.
pub fn descents(shoe: Shoe) -> Vec<BigUint> {
    descents_of(shoe.composition().counts())
}

/// [`descents`] for any composition: `counts[i]` copies of value `i`.
pub fn descents_of(counts: &[usize]) -> Vec<BigUint> {
    let p: usize = counts.iter().sum();
    let mut a: Vec<BigInt> = (0..p)
        .map(|m| {
            BigInt::from(
                counts
                    .iter()
                    .fold(BigUint::one(), |acc, &k| acc * binomial(m + k, k)),
            )
        })
        .collect();
    for _ in 0..=p {
        for i in (1..p).rev() {
            let below = a[i - 1].clone();
            a[i] -= below;
        }
    }
    a.into_iter().map(to_unsigned).collect()
}

/// Repeats, positions `i` with `w_i = w_{i+1}`: `law[r]` for `r` in `0..P`
/// (at most `V (K − 1)`, when the copies of each value lie together).
///
/// Mark any subset `S` of a word's repeats and cut the word at every other
/// step: the pieces are runs of one value, and the word and `S` are
/// recovered from the sequence of pieces. Conversely any sequence of
/// one-value pieces holding `K` cards of each value is a word with a
/// subset of its repeats marked. With `b_i` pieces of value `i` (lengths
/// an ordered composition of `K`: `C(K − 1, b_i − 1)` ways) and `B = Σ
/// b_i` pieces interleaved in `B! / Π b_i!` ways, the pairs (word, `S`)
/// with `|S| = j` number `N_j = B! [t^B] f(t)^V`, `B = P − j`, `f(t) = Σ_b
/// C(K − 1, b − 1) t^b / b!`. Since `Σ_{S ⊆ repeats} y^{|S|} = (1 +
/// y)^{repeats}`, `Σ_w x^{repeats(w)} = Σ_j N_j (x − 1)^j`.
pub fn repeats(shoe: Shoe) -> Vec<BigUint> {
    repeats_of(shoe.composition().counts())
}

/// [`repeats`] for any composition: value `i`'s pieces are an ordered
/// composition of `K_i`, `f_i(t) = Σ_b C(K_i − 1, b − 1) t^b / b!`, and
/// `N_j = B! [t^B] Π_i f_i(t)`.
pub fn repeats_of(counts: &[usize]) -> Vec<BigUint> {
    let p: usize = counts.iter().sum();
    let v = counts.len();
    // Π_i K_i! f_i(t), whole coefficients C(K_i − 1, b − 1) K_i! / b!.
    let mut h = vec![BigUint::one()];
    let mut scale = BigUint::one();
    for &k in counts {
        let k_factorial = factorial(k);
        let f: Vec<BigUint> = (0..=k)
            .map(|b| {
                if b == 0 {
                    BigUint::zero()
                } else {
                    binomial(k - 1, b - 1) * &k_factorial / factorial(b)
                }
            })
            .collect();
        h = multiply(&h, &f);
        scale *= k_factorial;
    }
    // N_j for j = 0 ..= P − V (at least one piece per value).
    let n: Vec<BigInt> = (0..=p - v)
        .map(|j| {
            let pieces = p - j;
            let whole = factorial(pieces) * &h[pieces];
            debug_assert!((&whole % &scale).is_zero());
            BigInt::from(whole / &scale)
        })
        .collect();
    let mut law: Vec<BigUint> = shift_down(&n).into_iter().map(to_unsigned).collect();
    law.resize(p, BigUint::zero());
    law
}

/// Matches between two shoes, positions that hold the same value in both:
/// `law[m]` for `m` in `0..=P`, the second shoe uniform and the first any
/// arrangement (the law does not depend on it).
///
/// Label the `K` copies of each value, making the second shoe a uniform
/// permutation of `P` cards (each word comes from `(K!)^V` of them, with
/// the same matches). A match puts a card of value `i` on one of the `K`
/// positions where the first shoe has `i`: a board of `V` full `K × K`
/// blocks, whose rook numbers are the coefficients of `(Σ_j C(K, j)² j!
/// x^j)^V`. By the rook-polynomial form of inclusion–exclusion (Riordan,
/// *An Introduction to Combinatorial Analysis*, 1958, ch. 7), the
/// permutations with exactly `m` matches are the coefficients of `Σ_j r_j
/// (P − j)! (x − 1)^j`. For `K = 1` these are the rencontres numbers.
pub fn matches(shoe: Shoe) -> Vec<BigUint> {
    matches_of(shoe.composition().counts())
}

/// [`matches()`] for any composition: value `i`'s block is `K_i × K_i`, and
/// the rook numbers are the coefficients of `Π_i Σ_j C(K_i, j)² j! x^j`.
pub fn matches_of(counts: &[usize]) -> Vec<BigUint> {
    let p: usize = counts.iter().sum();
    let rooks = counts.iter().fold(vec![BigUint::one()], |acc, &k| {
        let block: Vec<BigUint> = (0..=k)
            .map(|j| binomial(k, j).pow(2) * factorial(j))
            .collect();
        multiply(&acc, &block)
    });
    let mut rest = factorial(p); // (P − j)!
    let terms: Vec<BigInt> = (0..=p)
        .map(|j| {
            let term = BigInt::from(&rooks[j] * &rest);
            if j < p {
                rest /= p - j;
            }
            term
        })
        .collect();
    let scale = counts
        .iter()
        .fold(BigUint::one(), |acc, &k| acc * factorial(k));
    shift_down(&terms)
        .into_iter()
        .map(|c| {
            let c = to_unsigned(c);
            debug_assert!((&c % &scale).is_zero());
            c / &scale
        })
        .collect()
}

/// Adjacent pairs of a group, positions `i` where `w_i` and `w_{i+1}` both
/// belong to a group of `a` of the `P` cards (the copies of one value, or
/// a named set of values: a decklist's lands): `law[r]` for `r` in `0..a`,
/// out of the `C(P, a)` sets of positions the group can take (a uniform
/// shuffle makes them equally likely, whatever the cards inside and outside
/// the group).
///
/// `r = a − s` where `s` is the number of maximal runs of the group: the
/// group's `a` cards cut into `s` runs in `C(a − 1, s − 1)` ways, and the
/// other `P − a` cards leave `P − a + 1` gaps of which the runs take `s`:
/// `C(P − a + 1, s)`. Clumping shows as too many pairs (too few runs).
pub fn group_pairs(a: usize, p: usize) -> Vec<BigUint> {
    assert!(a <= p, "a group of {a} of {p} cards");
    if a == 0 {
        return vec![BigUint::one()];
    }
    (0..a)
        .map(|r| {
            let s = a - r;
            binomial(a - 1, s - 1) * binomial(p - a + 1, s)
        })
        .collect()
}

/// The opening hand: how many of a group of `a` among `P` cards the first
/// `h` hold, `law[x]` for `x` in `0..=h`, out of the `C(P, a)` sets of
/// positions the group can take: `C(h, x) C(P − h, a − x)` (the
/// hypergeometric law, `C(a, x) C(P − a, h − x) / C(P, h)` as a
/// probability). The same law holds for any `h` consecutive positions, so
/// it tests each later draw too.
pub fn hand(a: usize, p: usize, h: usize) -> Vec<BigUint> {
    assert!(
        a <= p && h <= p,
        "a group of {a} and a hand of {h} of {p} cards"
    );
    (0..=h)
        .map(|x| {
            if x > a {
                BigUint::zero()
            } else {
                binomial(h, x) * binomial(p - h, a - x)
            }
        })
        .collect()
}

/// The number of distinct arrangements of a composition, `P! / Π K_i!`.
pub fn arrangements_of(counts: &[usize]) -> BigUint {
    let p: usize = counts.iter().sum();
    let (q, r) = factorial(p).div_rem(
        &counts
            .iter()
            .fold(BigUint::one(), |acc, &k| acc * factorial(k)),
    );
    debug_assert!(r.is_zero());
    q
}

/// Adjacent pairs of a group listed first (the decklist's first `a` of `P`
/// cards, say its lands) after `riffles` Gilbert–Shannon–Reeds riffles
/// from list order: `law[r]` for `r` in `0..a`, out of the `2^(riffles P)`
/// equally likely digit sequences (a group listed last has the same law:
/// the riffle is the same read backwards).
///
/// `k` riffles are one `A`-shuffle, `A = 2^k` (Bayer & Diaconis 1992):
/// each output position draws a digit in `0..A`, and the positions take
/// the list's cards in the order of (digit, position). The group's cards
/// are then the `a` first positions in that order: for the digit `j` of
/// the `a`-th and the number `m < a` of positions with a smaller digit,
/// the positions with a digit below `j` and the first `a − m` with digit
/// `j`. For each `(j, m)` a scan of the positions counts the digit
/// sequences by their pairs, holding the positions seen with a digit
/// below `j` (at most `m`), with digit `j` (up to `a − m`), and whether the
/// last position held a group card; each digit below `j` counts `j` ways,
/// above it `A − 1 − j`.
///
/// # Panics
/// With `a` outside `1..=P` or more than 16 riffles.
pub fn riffled_group_pairs(riffles: u32, a: usize, p: usize) -> Vec<BigUint> {
    // The scan's own state: (pairs so far, the last position a group card).
    riffled_group(riffles, a, p, 2 * a, |state, _, group| {
        let (r, last) = (state / 2, state % 2);
        match group {
            true if r + last < a => Some((r + last) * 2 + 1),
            true => None,
            false => Some(r * 2),
        }
    })
    .chunks(2)
    .map(|c| &c[0] + &c[1])
    .collect()
}

/// The group listed first in the opening hand after `riffles` riffles from
/// list order: how many of its `a` cards the first `h` of `P` hold,
/// `law[x]` for `x` in `0..=h`, out of the `2^(riffles P)` digit
/// sequences; the scan of [`riffled_group_pairs`] counting the group's
/// cards among the first `h` positions.
///
/// # Panics
/// With `a` outside `1..=P`, `h` above `P`, or more than 16 riffles.
pub fn riffled_group_hand(riffles: u32, a: usize, p: usize, h: usize) -> Vec<BigUint> {
    assert!(h <= p, "a hand of {h} of {p} cards");
    riffled_group(riffles, a, p, h + 1, |x, q, group| {
        Some(x + usize::from(group && q < h))
    })
}

/// The scan behind [`riffled_group_pairs`] and [`riffled_group_hand`]:
/// counts of the digit sequences by a statistic in `0..cells` that `step`
/// updates at each position `q` from whether it holds a group card
/// (`None` for a value out of range, which the callers' laws never reach).
fn riffled_group(
    riffles: u32,
    a: usize,
    p: usize,
    cells: usize,
    step: impl Fn(usize, usize, bool) -> Option<usize>,
) -> Vec<BigUint> {
    assert!(
        (1..=p).contains(&a) && riffles <= 16,
        "{riffles} riffles of a group of {a} of {p} cards"
    );
    let digits = 1usize << riffles;
    let mut law = vec![BigUint::zero(); cells];
    for j in 0..digits {
        let above = BigUint::from(digits - 1 - j);
        // With no digit below 0, m = 0.
        for m in 0..if j == 0 { 1 } else { a } {
            let cap = a - m;
            // state[(x · (cap + 1) + y) · cells + s]
            let index = |x: usize, y: usize, s: usize| (x * (cap + 1) + y) * cells + s;
            let size = (m + 1) * (cap + 1) * cells;
            let mut state = vec![BigUint::zero(); size];
            state[index(0, 0, 0)] = BigUint::one();
            for q in 0..p {
                let mut next = vec![BigUint::zero(); size];
                for x in 0..=m {
                    for y in 0..=cap {
                        for s in 0..cells {
                            let w = &state[index(x, y, s)];
                            if w.is_zero() {
                                continue;
                            }
                            // A digit below j: a group card (j ways,
                            // counted once at the end as j^m).
                            if x < m
                                && let Some(t) = step(s, q, true)
                            {
                                next[index(x + 1, y, t)] += w;
                            }
                            // Digit j: a group card while fewer than a − m
                            // came before.
                            let (y2, group) = if y < cap { (y + 1, true) } else { (y, false) };
                            if let Some(t) = step(s, q, group) {
                                next[index(x, y2, t)] += w;
                            }
                            // A digit above j.
                            if !above.is_zero()
                                && let Some(t) = step(s, q, false)
                            {
                                next[index(x, y, t)] += w * &above;
                            }
                        }
                    }
                }
                state = next;
            }
            let below = BigUint::from(j).pow(m as u32);
            for (s, count) in law.iter_mut().enumerate() {
                let w = &state[index(m, cap, s)];
                if !w.is_zero() {
                    *count += w * &below;
                }
            }
        }
    }
    law
}
