//! What dealt cards give away of JavaScript's `Math.random()` in V8 (node,
//! Chrome): the generator's whole state, read back from the decks a
//! Fisher–Yates loop dealt, and with it every deal to come.
//!
//! V8's generator is xorshift128+ ([`V8MathRandom`]): a state of 128 bits
//! that each step moves by shifts and exclusive ors, so every bit of every
//! state word is a fixed sum over GF(2) of the 128 bits it started from.
//! `Math.random()` reads the top 52 (or 53) bits of one word `s0`
//! ([`V8ToDouble`]); `Math.floor(Math.random() * k)` gives card `j` exactly
//! when those bits, as a number `m`, lie in one interval `lo..=hi`, and
//! every `m` of the interval shares the top bits `lo` and `hi` share. Each
//! shared bit is one linear equation in the 128 unknown bits. A deck of 52
//! cards holds 51 draws, `k = 52, 51, …, 2`, and on average 156.6 such bits
//! ([`mean_pinned_bits`]): more than the 128 unknowns, so one deck usually
//! pins the state down, by Gaussian elimination over GF(2), without the
//! seed and without a solver.
//!
//! Two things are not known: where in its cache of 64 the generator stood
//! when the deal began (the cache is served from its end, so the numbers of
//! one refill come out in reverse order), and which of the two forms of
//! `ToDouble` the engine has. Each of the 64 × 2 cases is its own system;
//! every solution of every system is dealt again in full and kept only if
//! it deals every deck given, card for card.

use algorithms::{V8MathRandom, V8ToDouble};
use gf2::{Echelon, Linear};
use rayon::prelude::*;

mod gf2;
mod readback;

pub use readback::{ReadbackRow, Start};

/// The most free bits a consistent system may leave: its `2^d` solutions
/// are each dealt and checked. A system with more free bits is left
/// unresolved (more cards are needed).
pub const ENUMERATED_FREE_BITS: u32 = 16;

/// The most other calls to `Math.random()` looked for between two decks
/// given, when they were not dealt back to back.
pub const MAX_GAP: u64 = 1 << 20;

/// The top bits `m` (of `to_double.bits()`) for which `Math.floor(x * k)`
/// is `j`: the interval `lo..=hi`, found on the engine's own arithmetic
/// (the product rounded to a double), which is monotone in `m`.
pub fn interval(to_double: V8ToDouble, k: u32, j: u32) -> (u64, u64) {
    let top = 1u64 << to_double.bits();
    // The first m whose card is at least `card`.
    let first = |card: u32| {
        let (mut lo, mut hi) = (0u64, top);
        while lo < hi {
            let mid = lo + (hi - lo) / 2;
            if to_double.floor_times(mid, k) >= card {
                hi = mid;
            } else {
                lo = mid + 1;
            }
        }
        lo
    };
    (first(j), first(j + 1) - 1)
}

/// The bits of `m` every number of `lo..=hi` shares: how many, from the
/// top of a `bits`-bit number, and their value (the top of `lo`).
fn shared_top(lo: u64, hi: u64, bits: u32) -> (u32, u64) {
    let shared = (lo ^ hi)
        .leading_zeros()
        .saturating_sub(64 - bits)
        .min(bits);
    (shared, lo >> (bits - shared))
}

/// The bits a deck's draws pin on average, `Σ_k (1/k) Σ_j shared(j, k)`
/// for `k = 2..=n`, counted exactly over every card of every draw.
pub fn mean_pinned_bits(to_double: V8ToDouble, n: usize) -> f64 {
    (2..=n as u32)
        .map(|k| {
            let total: u32 = (0..k)
                .map(|j| {
                    let (lo, hi) = interval(to_double, k, j);
                    shared_top(lo, hi, to_double.bits()).0
                })
                .sum();
            f64::from(total) / f64::from(k)
        })
        .sum()
}

/// `s0` after each of the first `count` steps from an unknown start, as
/// linear functions of the start: word `g` serves the `g`-th number made.
fn linear_words(count: usize) -> Vec<Linear> {
    let mut s0 = Linear::start(0);
    let mut s1 = Linear::start(1);
    let mut words = Vec::with_capacity(count);
    for _ in 0..count {
        // `XorShift128`, step for step.
        let mut t = s0;
        s0 = s1;
        t = t.xor(&t.shl(23));
        t = t.xor(&t.shr(17));
        t = t.xor(&s1);
        t = t.xor(&s1.shr(26));
        s1 = t;
        words.push(s0);
    }
    words
}

/// The word that serves the `call`-th number after a refill that left
/// `left` numbers of its 64 (served from the end), counted from that
/// refill's first number made.
fn word_of_call(left: usize, call: usize) -> usize {
    const C: usize = V8MathRandom::CACHE;
    if call < left {
        left - 1 - call
    } else {
        let later = call - left;
        C * (1 + later / C) + C - 1 - later % C
    }
}

/// The cards seen of decks a Fisher–Yates loop dealt one after another,
/// as the draws that put them there.
#[derive(Clone, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct Seen {
    /// Cards per deck, `2..=256`.
    pub n: usize,
    /// Each deck's draws in the order made (`k = n, n − 1, …`): `n − 1`
    /// for every deck but the last, which may stop early (a deal seen in
    /// part, from the end of the array).
    pub decks: Vec<Vec<u32>>,
    /// Whether the last deck is a deal under way, seen from the end of
    /// the array: its rest is predicted, even when every draw of it was
    /// seen (`n − 1` cards of `n`: the last card is then the one left).
    pub under_way: bool,
}

impl Seen {
    /// Every draw read, over all decks.
    pub fn draws(&self) -> usize {
        self.decks.iter().map(Vec::len).sum()
    }

    /// Whether the last deck was seen in part: a deal under way.
    pub fn partial(&self) -> bool {
        self.under_way && !self.decks.is_empty()
    }

    /// Deck `d`'s draws as `(k, j)`.
    fn sized(&self, d: usize) -> Vec<(u32, u32)> {
        let n = self.n as u32;
        self.decks[d]
            .iter()
            .enumerate()
            .map(|(t, &j)| (n - t as u32, j))
            .collect()
    }
}

/// The draws behind the cards a Fisher–Yates loop on `a = [0, 1, …, n −
/// 1]`, `for (let i = n - 1; i > 0; i--) { const j =
/// Math.floor(Math.random() * (i + 1)); swap a[i], a[j] }`, left at the
/// end of the array, read
/// from the end: `seen[0]` is `a[n − 1]`, `seen[1]` is `a[n − 2]`, and so
/// on, the order in which `a.pop()` deals them. The loop fixes `a[i]` at
/// its step `i`, so these cards are the first draws made: the first is the
/// card at `n − 1`, each later one where the card the loop put at `i`
/// stood before the swap. `None` when a card is not below `n` or is seen
/// twice.
pub fn draws_of_tail(n: usize, seen: &[u8]) -> Option<Vec<u32>> {
    if n > 256 || seen.len() > n {
        return None;
    }
    let mut seen_once = vec![false; n];
    for &c in seen {
        if usize::from(c) >= n || std::mem::replace(&mut seen_once[usize::from(c)], true) {
            return None;
        }
    }
    let mut a: Vec<u8> = (0..n).map(|c| c as u8).collect();
    let mut at: Vec<usize> = (0..n).collect();
    let steps = seen.len().min(n.saturating_sub(1));
    let mut draws = Vec::with_capacity(steps);
    for (t, &card) in seen[..steps].iter().enumerate() {
        let i = n - 1 - t;
        let j = at[usize::from(card)];
        draws.push(j as u32);
        a.swap(i, j);
        at[usize::from(a[i])] = i;
        at[usize::from(a[j])] = j;
    }
    Some(draws)
}

/// The draws of a whole deck the same loop dealt: [`draws_of_tail`] read
/// from its end. `None` unless `deck` holds each of `0..n` once.
pub fn fisher_yates_draws(deck: &[u8]) -> Option<Vec<u32>> {
    let from_end: Vec<u8> = deck.iter().rev().copied().collect();
    draws_of_tail(deck.len(), &from_end)
}

/// The deck the same loop deals from `generator`.
pub fn fisher_yates_deal(generator: &mut V8MathRandom, n: usize) -> Vec<u8> {
    let mut a: Vec<u8> = (0..n).map(|c| c as u8).collect();
    for i in (1..n).rev() {
        let j = generator.floor_times(i as u32 + 1) as usize;
        a.swap(i, j);
    }
    a
}

/// Where the generator stood when the first deck seen began.
#[derive(Clone, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct Fit {
    /// The bits of `s0` in each double: 52 (node 20) or 53 (V8 13.7).
    pub double_bits: u32,
    /// The state `(s0, s1)` the refill that served the first draw started
    /// from (in JSON two strings of 16 hexadecimal digits, `"0x…"`, which
    /// every reader keeps exact).
    #[cfg_attr(feature = "serde", serde(with = "hex_pair"))]
    pub state: (u64, u64),
    /// How many numbers of that refill were still to be served when the
    /// deal began, `1..=64`.
    pub left: usize,
    /// For each deck after the first: the other calls to `Math.random()`
    /// made between it and the deck before (0 when dealt back to back).
    pub gaps: Vec<u64>,
}

impl Fit {
    /// How the engine makes its doubles.
    pub fn to_double(&self) -> V8ToDouble {
        if self.double_bits == 53 {
            V8ToDouble::Divide53
        } else {
            V8ToDouble::Exponent52
        }
    }

    /// The generator just before the first draw of the first deck.
    pub fn generator(&self) -> V8MathRandom {
        let mut g =
            V8MathRandom::from_state(self.state.0, self.state.1).converting(self.to_double());
        for _ in self.left..V8MathRandom::CACHE {
            g.next_word();
        }
        g
    }

    /// The cards still to come: the rest of the last deck when it was seen
    /// in part (the whole deck, as it will lie), then `next` decks dealt
    /// back to back after it.
    pub fn predict(&self, seen: &Seen, next: usize) -> Vec<Vec<u8>> {
        let mut g = self.generator();
        let mut out = Vec::with_capacity(next + 1);
        for d in 0..seen.decks.len() {
            if d > 0 {
                for _ in 0..self.gaps[d - 1] {
                    g.next_word();
                }
            }
            let deck = fisher_yates_deal(&mut g, seen.n);
            if d + 1 == seen.decks.len() && seen.partial() {
                out.push(deck);
            }
        }
        out.extend((0..next).map(|_| fisher_yates_deal(&mut g, seen.n)));
        out
    }
}

/// Decks the states that fit predict alike, and how many states do.
#[derive(Clone, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct Prediction {
    /// The decks ([`Fit::predict`]).
    pub decks: Vec<Vec<u8>>,
    /// The states that deal them.
    pub states: u64,
}

/// What the recovery found.
#[derive(Clone, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct StateSearch {
    /// The draws read, over every deck.
    pub draws: usize,
    /// The most bits the draws pinned in any one case (the rank of its
    /// system, at most 128).
    pub pinned_bits: u32,
    /// How many states deal every card seen, over the cases resolved:
    /// one state is often found more than once, as the same numbers
    /// served from another place in the cache, or made by both forms of
    /// `ToDouble`, when the cards seen do not tell those apart.
    pub states: u64,
    /// The first of them (at most the cap asked for).
    pub fits: Vec<Fit>,
    /// The distinct predictions the states make, in the order first found
    /// (at most the cap asked for).
    pub predictions: Vec<Prediction>,
    /// How many distinct predictions there are.
    pub distinct_predictions: u64,
    /// The consistent cases left unresolved, each with more than
    /// [`ENUMERATED_FREE_BITS`] free bits: the fewest free bits among them
    /// (`None` when every case was resolved).
    pub unresolved_free_bits: Option<u32>,
    /// Whether the decks were found dealt back to back (`false`: only the
    /// first deck fed the equations, the later ones were found by looking
    /// up to [`MAX_GAP`] calls ahead).
    pub back_to_back: bool,
}

/// How one case (a form of `ToDouble` and a place in the cache) stands.
struct Case {
    to_double: V8ToDouble,
    left: usize,
    rank: u32,
    /// `None` when the equations contradict each other.
    states: Option<Result<Vec<(u64, u64)>, u32>>,
}

/// Every state of one case that makes `draws` (each `(call, k, j)`: the
/// call's place counted from the first draw), when the system's free bits
/// are few enough to try them all; the number of free bits otherwise.
fn solve_case(
    to_double: V8ToDouble,
    left: usize,
    draws: &[(usize, u32, u32)],
    words: &[Linear],
) -> Case {
    let bits = to_double.bits();
    let mut system = Echelon::new();
    let mut consistent = true;
    'draws: for &(call, k, j) in draws {
        let (lo, hi) = interval(to_double, k, j);
        let (shared, value) = shared_top(lo, hi, bits);
        let word = &words[word_of_call(left, call)];
        for b in 0..shared {
            // Bit `bits - 1 - b` of m is bit `63 - b` of the word.
            let mask = word.0[63 - b as usize];
            let v = value >> (shared - 1 - b) & 1 == 1;
            if !system.add(mask, v) {
                consistent = false;
                break 'draws;
            }
        }
    }
    let rank = system.rank;
    let case = |states| Case {
        to_double,
        left,
        rank,
        states,
    };
    if !consistent {
        return case(None);
    }
    let d = 128 - rank;
    if d > ENUMERATED_FREE_BITS {
        return case(Some(Err(d)));
    }
    let (particular, basis) = system.affine();
    // Each candidate is checked word by word from the refill's first, so
    // that most fail within a few steps of the generator.
    let mut by_word: Vec<(usize, u32, u32)> = draws
        .iter()
        .map(|&(call, k, j)| (word_of_call(left, call), k, j))
        .collect();
    by_word.sort_unstable();
    let states = (0u64..1 << d)
        .into_par_iter()
        .filter_map(|choice| {
            let mut x = particular;
            for (b, v) in basis.iter().enumerate() {
                if choice >> b & 1 == 1 {
                    x ^= v;
                }
            }
            let state = (x as u64, (x >> 64) as u64);
            (state != (0, 0) && makes(state, to_double, &by_word)).then_some(state)
        })
        .collect();
    case(Some(Ok(states)))
}

/// Whether the generator from `state` makes every draw of `by_word`
/// (`(word, k, j)`, words rising: word `g` is `s0` after `g + 1` steps).
fn makes(state: (u64, u64), to_double: V8ToDouble, by_word: &[(usize, u32, u32)]) -> bool {
    let shift = 64 - to_double.bits();
    let mut s = state;
    let mut steps = 0;
    by_word.iter().all(|&(word, k, j)| {
        while steps <= word {
            V8MathRandom::xorshift128(&mut s);
            steps += 1;
        }
        to_double.floor_times(s.0 >> shift, k) == j
    })
}

/// The other calls made after `g`'s place before `draws` (`(k, j)`)
/// began: the fewest, up to [`MAX_GAP`].
fn find_gap(mut g: V8MathRandom, draws: &[(u32, u32)], to_double: V8ToDouble) -> Option<u64> {
    let shift = 64 - to_double.bits();
    let mut window: std::collections::VecDeque<u64> =
        (0..draws.len()).map(|_| g.next_word() >> shift).collect();
    for gap in 0..=MAX_GAP {
        if window
            .iter()
            .zip(draws)
            .all(|(&m, &(k, j))| to_double.floor_times(m, k) == j)
        {
            return Some(gap);
        }
        window.pop_front();
        window.push_back(g.next_word() >> shift);
    }
    None
}

/// Reads the state back from the cards `seen`, listing at most `cap`
/// states and `cap` distinct predictions of the cards to come (the rest
/// of a deck seen in part, then `next` decks).
///
/// First the decks are taken as dealt back to back; when no state deals
/// them so, the first deck alone feeds the equations and each later deck
/// is looked for up to [`MAX_GAP`] calls after the one before.
pub fn recover(seen: &Seen, next: usize, cap: usize) -> StateSearch {
    let step = seen.n.saturating_sub(1);
    let joint: Vec<(usize, u32, u32)> = (0..seen.decks.len())
        .flat_map(|d| {
            seen.sized(d)
                .into_iter()
                .enumerate()
                .map(move |(t, (k, j))| (d * step + t, k, j))
        })
        .collect();
    let together = search(&joint, seen, next, cap, |_| {
        Some(vec![0; seen.decks.len().saturating_sub(1)])
    });
    if together.states > 0 || together.unresolved_free_bits.is_some() || seen.decks.len() < 2 {
        return together;
    }
    let first: Vec<(usize, u32, u32)> = seen
        .sized(0)
        .into_iter()
        .enumerate()
        .map(|(t, (k, j))| (t, k, j))
        .collect();
    let later: Vec<Vec<(u32, u32)>> = (1..seen.decks.len()).map(|d| seen.sized(d)).collect();
    let apart = search(&first, seen, next, cap, |fit| {
        let mut g = fit.generator();
        let mut gaps = Vec::new();
        fisher_yates_deal(&mut g, seen.n);
        for d in &later {
            let gap = find_gap(g.clone(), d, fit.to_double())?;
            for _ in 0..gap {
                g.next_word();
            }
            fisher_yates_deal(&mut g, seen.n);
            gaps.push(gap);
        }
        Some(gaps)
    });
    StateSearch {
        draws: joint.len(),
        back_to_back: false,
        ..apart
    }
}

/// Every case's states that make `draws` and that `gaps` places (it gives
/// each fit's gaps, or `None` to drop it), with their predictions.
fn search(
    draws: &[(usize, u32, u32)],
    seen: &Seen,
    next: usize,
    cap: usize,
    gaps: impl Fn(&Fit) -> Option<Vec<u64>> + Sync,
) -> StateSearch {
    let longest = (1..=V8MathRandom::CACHE)
        .flat_map(|left| draws.iter().map(move |d| word_of_call(left, d.0)))
        .max()
        .unwrap_or(0);
    let words = linear_words(longest + 1);
    let cases: Vec<Case> = V8ToDouble::ALL
        .iter()
        .flat_map(|&t| (1..=V8MathRandom::CACHE).map(move |left| (t, left)))
        .collect::<Vec<_>>()
        .into_par_iter()
        .map(|(t, left)| solve_case(t, left, draws, &words))
        .collect();
    let mut out = StateSearch {
        draws: draws.len(),
        pinned_bits: cases.iter().map(|c| c.rank).max().unwrap_or(0),
        states: 0,
        fits: Vec::new(),
        predictions: Vec::new(),
        distinct_predictions: 0,
        unresolved_free_bits: None,
        back_to_back: true,
    };
    let mut distinct: std::collections::HashMap<Vec<Vec<u8>>, usize> = Default::default();
    for case in cases {
        match case.states {
            None => {}
            Some(Err(d)) => {
                out.unresolved_free_bits = Some(out.unresolved_free_bits.map_or(d, |u| u.min(d)));
            }
            Some(Ok(states)) => {
                for state in states {
                    let mut fit = Fit {
                        double_bits: case.to_double.bits(),
                        state,
                        left: case.left,
                        gaps: Vec::new(),
                    };
                    let Some(g) = gaps(&fit) else { continue };
                    fit.gaps = g;
                    out.states += 1;
                    let decks = fit.predict(seen, next);
                    let known = distinct.len();
                    let at = *distinct.entry(decks.clone()).or_insert(known);
                    if at == known {
                        out.distinct_predictions += 1;
                        if out.predictions.len() < cap {
                            out.predictions.push(Prediction { decks, states: 0 });
                        }
                    }
                    if let Some(p) = out.predictions.get_mut(at) {
                        p.states += 1;
                    }
                    if out.fits.len() < cap {
                        out.fits.push(fit);
                    }
                }
            }
        }
    }
    out
}

/// The fewest draws, counted from the first of the decks `g` deals next
/// (`n` cards each, back to back), after which every state that fits
/// them predicts the same cards up to the end of deck `through` (0 the
/// first): the cards a player must see, from the end of each array,
/// before the deal `through` is known. `None` when even every draw before
/// that deck leaves it open.
pub fn draws_to_predict(g: &V8MathRandom, n: usize, through: usize) -> Option<usize> {
    let mut g = g.clone();
    let step = n - 1;
    let all: Vec<u32> = (0..through)
        .flat_map(|_| fisher_yates_draws(&fisher_yates_deal(&mut g, n)).unwrap())
        .collect();
    let known = |t: usize| {
        let decks: Vec<Vec<u32>> = all[..t].chunks(step).map(<[u32]>::to_vec).collect();
        let next = through + 1 - decks.len();
        let under_way = decks.last().is_some_and(|d| d.len() < n - 1);
        let found = recover(
            &Seen {
                n,
                decks,
                under_way,
            },
            next,
            1,
        );
        found.distinct_predictions == 1 && found.unresolved_free_bits.is_none()
    };
    let (mut lo, mut hi) = (1, all.len());
    if hi == 0 || !known(hi) {
        return None;
    }
    // The first t that is known (knowing only grows with t: more draws
    // leave fewer states and fewer cards to predict).
    while lo < hi {
        let mid = lo + (hi - lo) / 2;
        if known(mid) {
            hi = mid;
        } else {
            lo = mid + 1;
        }
    }
    Some(lo)
}

/// A state `(s0, s1)` as two strings `"0x…"` of 16 hexadecimal digits.
#[cfg(feature = "serde")]
mod hex_pair {
    use serde::{Deserialize, Deserializer, Serializer, de::Error};

    pub fn serialize<S: Serializer>(state: &(u64, u64), s: S) -> Result<S::Ok, S::Error> {
        use serde::Serialize;
        [format!("{:#018x}", state.0), format!("{:#018x}", state.1)].serialize(s)
    }

    pub fn deserialize<'de, D: Deserializer<'de>>(d: D) -> Result<(u64, u64), D::Error> {
        let [a, b] = <[String; 2]>::deserialize(d)?;
        let word = |w: &str| {
            w.strip_prefix("0x")
                .and_then(|h| u64::from_str_radix(h, 16).ok())
                .ok_or_else(|| D::Error::custom(format!("{w:?} is not a word \"0x…\"")))
        };
        Ok((word(&a)?, word(&b)?))
    }
}

#[cfg(test)]
mod tests;
