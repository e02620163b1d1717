//! The one trait through which every algorithm draws its randomness.
//!
//! An algorithm never sees a random number generator. It asks a [`Source`] for
//! a [`Draw`]: a uniform integer below `k`, a raw word of some bit width, or a
//! raw word reduced to `0..k` by the C arithmetic the seed documents use. A
//! PRNG answers with a sampled value; the exact enumerator in the `stats`
//! crate answers with every possible value in turn, each with its exact
//! integer weight; [`Scripted`] answers from a list, for unit tests.

use core::convert::Infallible;

/// The largest raw-word width a [`Draw`] may ask for.
pub const MAX_WORD_BITS: u32 = 64;

/// The largest raw-word width the C-arithmetic draws ([`Draw::WordMod`],
/// [`Draw::WordScale`]) may use; C's `rand()` uses 15.
pub const MAX_REDUCED_BITS: u32 = 32;

/// One random choice an algorithm asks for.
///
/// Every draw has a finite set of outcomes `0..outcomes()`, each with an exact
/// integer [`weight`](Draw::weight) out of [`total_weight`](Draw::total_weight).
/// That is what lets the enumerator branch on, say, the 52 results of
/// `rand() % 52` with weights 631 and 630 instead of on 32768 raw words.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Draw {
    /// A uniform integer in `0..k`, `k >= 1`: JavaScript's
    /// `Math.floor(Math.random() * k)` with an ideal `Math.random()`.
    Below(u64),
    /// A uniform raw word of the given width (`1..=64` bits), such as C's
    /// `rand()` with `RAND_MAX = 32767` (15 bits).
    Word(u32),
    /// A raw word of `bits` bits reduced by `word % k`: C's `rand() % k`.
    /// Unless `k` divides `2^bits`, the low results are more likely.
    WordMod {
        /// Width of the raw word (`1..=32`).
        bits: u32,
        /// The modulus, `>= 1`.
        k: u64,
    },
    /// A raw word of `bits` bits scaled by `floor(k * word / 2^bits)`: C's
    /// `(int)(k * rand() / (RAND_MAX + 1.0))`, which is exact in a double for
    /// the widths used here. Unless `k` divides `2^bits`, some results are
    /// more likely than others, spread across `0..k`.
    WordScale {
        /// Width of the raw word (`1..=32`).
        bits: u32,
        /// The number of results, `>= 1`.
        k: u64,
    },
}

impl Draw {
    /// The number of distinct results, `0..outcomes()` (some may have weight 0).
    pub fn outcomes(self) -> u128 {
        match self {
            Draw::Below(k) | Draw::WordMod { k, .. } | Draw::WordScale { k, .. } => u128::from(k),
            Draw::Word(bits) => 1u128 << bits,
        }
    }

    /// The number of equally likely raw values behind all results: `k` for
    /// [`Draw::Below`], `2^bits` for the word-based draws.
    pub fn total_weight(self) -> u128 {
        match self {
            Draw::Below(k) => u128::from(k),
            Draw::Word(bits) | Draw::WordMod { bits, .. } | Draw::WordScale { bits, .. } => {
                1u128 << bits
            }
        }
    }

    /// The number of equally likely raw values that give `result`; the
    /// probability of `result` is `weight(result) / total_weight()`.
    ///
    /// For `WordMod { bits: 15, k: 52 }`: `32768 = 52 * 630 + 8`, so results
    /// `0..8` have weight 631 and results `8..52` weight 630.
    pub fn weight(self, result: u64) -> u128 {
        let r = u128::from(result);
        if r >= self.outcomes() {
            return 0;
        }
        match self {
            Draw::Below(_) | Draw::Word(_) => 1,
            Draw::WordMod { bits, k } => {
                let total = 1u128 << bits;
                let k = u128::from(k);
                total / k + u128::from(r < total % k)
            }
            Draw::WordScale { bits, k } => {
                // Words w with floor(k w / 2^b) = r are ceil(r 2^b / k) <= w < ceil((r+1) 2^b / k).
                let total = 1u128 << bits;
                let k = u128::from(k);
                ((r + 1) * total).div_ceil(k) - (r * total).div_ceil(k)
            }
        }
    }

    /// Maps a raw word (for the word-based draws) to its result.
    ///
    /// # Panics
    /// For [`Draw::Below`], which has no raw word.
    pub fn reduce(self, word: u64) -> u64 {
        match self {
            Draw::Below(_) => panic!("Draw::Below has no raw word to reduce"),
            Draw::Word(_) => word,
            Draw::WordMod { k, .. } => word % k,
            Draw::WordScale { bits, k } => ((u128::from(k) * u128::from(word)) >> bits) as u64,
        }
    }

    /// Checks the draw's parameters; algorithms only build valid draws, so a
    /// failure here is a bug in the algorithm.
    ///
    /// # Panics
    /// When `k == 0` or a bit width is out of range.
    #[inline]
    pub fn validate(self) {
        match self {
            Draw::Below(k) => assert!(k >= 1, "Draw::Below(0): there is no integer below 0"),
            Draw::Word(bits) => assert!(
                (1..=MAX_WORD_BITS).contains(&bits),
                "Draw::Word({bits}): widths 1..=64 are allowed"
            ),
            Draw::WordMod { bits, k } | Draw::WordScale { bits, k } => {
                assert!(k >= 1, "reduced draw with k = 0: k must be at least 1");
                assert!(
                    (1..=MAX_REDUCED_BITS).contains(&bits),
                    "reduced draw of {bits} bits: widths 1..=32 are allowed"
                );
            }
        }
    }
}

/// A source of random choices: the only way an algorithm gets randomness.
///
/// Implementors provide [`draw`](Source::draw); the other methods are
/// conveniences that every implementor inherits. Any [`rand::Rng`] is a
/// `Source` (sampling); so are [`Scripted`] (unit tests) and the exact
/// enumerator of the `stats` crate.
pub trait Source {
    /// Returns one result of `draw`, in `0..draw.outcomes()`, with probability
    /// `draw.weight(result) / draw.total_weight()`.
    fn draw(&mut self, draw: Draw) -> u64;

    /// Whether a loop whose length depends on the draws should go on.
    ///
    /// Always `true` when sampling. The exact enumerator answers `false` once
    /// a path has gone past its depth or probability bound, so that an
    /// algorithm whose choice tree is infinite (a redraw loop, a riffle that
    /// may take no cards) stops; that path is then discarded and its mass
    /// reported as unexplored. Algorithms call it only in such loops.
    #[inline]
    fn keep_going(&self) -> bool {
        true
    }

    /// Draws uniform integers below `k` until one passes `accept`, and returns
    /// it: a rejection loop such as "draw again if the card is already taken".
    ///
    /// The default body is exactly that loop, consuming one [`Draw::Below`]
    /// per attempt. The enumerator overrides it with the loop's closed form
    /// (each accepted value with probability `1 / accepted`), which turns an
    /// infinite choice tree into a finite one without changing the law.
    fn below_until(&mut self, k: u64, accept: &mut dyn FnMut(u64) -> bool) -> u64 {
        loop {
            let r = self.draw(Draw::Below(k));
            if accept(r) || !self.keep_going() {
                return r;
            }
        }
    }

    /// A uniform index in `0..k`; `k` must be at least 1.
    #[inline]
    fn below(&mut self, k: usize) -> usize {
        self.draw(Draw::Below(k as u64)) as usize
    }

    /// A fair coin.
    #[inline]
    fn coin(&mut self) -> bool {
        self.draw(Draw::Below(2)) == 1
    }

    /// A uniform raw word of `bits` bits.
    #[inline]
    fn word(&mut self, bits: u32) -> u64 {
        self.draw(Draw::Word(bits))
    }

    /// C's `rand() % k` on a `bits`-bit `rand()`.
    #[inline]
    fn word_mod(&mut self, bits: u32, k: usize) -> usize {
        self.draw(Draw::WordMod { bits, k: k as u64 }) as usize
    }

    /// C's `(int)(k * rand() / (RAND_MAX + 1.0))` on a `bits`-bit `rand()`.
    #[inline]
    fn word_scale(&mut self, bits: u32, k: usize) -> usize {
        self.draw(Draw::WordScale { bits, k: k as u64 }) as usize
    }
}

/// Sampling: every `rand` generator is a [`Source`].
///
/// [`Draw::Below`] uses rand's unbiased `random_range`; raw words take the
/// high bits of `next_u64`; the reduced draws apply the C arithmetic to such
/// a word.
impl<R: rand::Rng + ?Sized> Source for R {
    #[inline]
    fn draw(&mut self, draw: Draw) -> u64 {
        use rand::RngExt;
        match draw {
            Draw::Below(k) => {
                debug_assert!(k >= 1, "Draw::Below(0)");
                self.random_range(0..k)
            }
            Draw::Word(bits) => {
                debug_assert!((1..=MAX_WORD_BITS).contains(&bits));
                self.next_u64() >> (64 - bits)
            }
            Draw::WordMod { bits, .. } | Draw::WordScale { bits, .. } => {
                debug_assert!((1..=MAX_REDUCED_BITS).contains(&bits));
                draw.reduce(self.next_u64() >> (64 - bits))
            }
        }
    }
}

/// A source that replays a fixed list of results, for unit tests.
///
/// Each call to [`draw`](Source::draw) returns the next value of the script
/// and logs the draw that asked for it, so a test can check both what an
/// algorithm does with given choices and which choices it asks for.
#[derive(Clone, Debug, Default)]
pub struct Scripted {
    script: Vec<u64>,
    next: usize,
    log: Vec<Draw>,
}

impl Scripted {
    /// A source that answers the draws, in order, with `script`.
    pub fn new(script: impl Into<Vec<u64>>) -> Self {
        Scripted {
            script: script.into(),
            next: 0,
            log: Vec::new(),
        }
    }

    /// The draws asked for so far, in order.
    pub fn log(&self) -> &[Draw] {
        &self.log
    }

    /// How many scripted values have not been used.
    pub fn remaining(&self) -> usize {
        self.script.len() - self.next
    }
}

impl Source for Scripted {
    /// # Panics
    /// When the script is used up, or its next value is not a possible result
    /// of the draw (out of range or of weight zero).
    fn draw(&mut self, draw: Draw) -> u64 {
        draw.validate();
        let Some(&value) = self.script.get(self.next) else {
            panic!(
                "scripted source ran out after {} draws; next draw asked: {draw:?}",
                self.next
            );
        };
        assert!(
            draw.weight(value) > 0,
            "scripted value {value} at draw {} is not a possible result of {draw:?}",
            self.next
        );
        self.next += 1;
        self.log.push(draw);
        value
    }
}

/// Adapts a [`Source`] into a [`rand::Rng`], so that code written against
/// rand (such as `SliceRandom::shuffle`) draws through the trait: each
/// `next_u32` is a 32-bit [`Draw::Word`], each `next_u64` a 64-bit one.
#[derive(Debug)]
pub struct SourceRng<'a, S: ?Sized>(pub &'a mut S);

impl<S: Source + ?Sized> rand::TryRng for SourceRng<'_, S> {
    type Error = Infallible;

    fn try_next_u32(&mut self) -> Result<u32, Infallible> {
        Ok(self.0.word(32) as u32)
    }

    fn try_next_u64(&mut self) -> Result<u64, Infallible> {
        Ok(self.0.word(64))
    }

    fn try_fill_bytes(&mut self, dst: &mut [u8]) -> Result<(), Infallible> {
        for chunk in dst.chunks_mut(8) {
            let bytes = self.0.word(64).to_le_bytes();
            chunk.copy_from_slice(&bytes[..chunk.len()]);
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use rand::SeedableRng;
    use rand_xoshiro::Xoshiro256PlusPlus;

    /// Counts, word by word, how many raw values give each result.
    fn brute_weights(draw: Draw) -> Vec<u128> {
        let bits = match draw {
            Draw::WordMod { bits, .. } | Draw::WordScale { bits, .. } => bits,
            _ => unreachable!(),
        };
        let mut counts = vec![0u128; draw.outcomes() as usize];
        for w in 0..(1u64 << bits) {
            counts[draw.reduce(w) as usize] += 1;
        }
        counts
    }

    #[test]
    fn mod_weights_for_52_cards_match_the_issue() {
        let d = Draw::WordMod { bits: 15, k: 52 };
        for r in 0..8 {
            assert_eq!(d.weight(r), 631, "result {r}");
        }
        for r in 8..52 {
            assert_eq!(d.weight(r), 630, "result {r}");
        }
        assert_eq!(d.weight(52), 0);
    }

    #[test]
    fn closed_form_weights_agree_with_counting_every_word() {
        for bits in [1, 3, 8, 15] {
            for k in 1..=70u64 {
                for draw in [Draw::WordMod { bits, k }, Draw::WordScale { bits, k }] {
                    let brute = brute_weights(draw);
                    let closed: Vec<u128> = (0..k).map(|r| draw.weight(r)).collect();
                    assert_eq!(closed, brute, "{draw:?}");
                    assert_eq!(closed.iter().sum::<u128>(), draw.total_weight());
                }
            }
        }
    }

    #[test]
    fn rng_source_stays_in_range_and_reduces_like_c() {
        let mut rng = Xoshiro256PlusPlus::seed_from_u64(7);
        for _ in 0..10_000 {
            assert!(rng.below(5) < 5);
            assert!(rng.word(15) < 32768);
            assert!(rng.word_mod(15, 52) < 52);
            assert!(rng.word_scale(15, 54) < 54);
        }
        assert_eq!(Draw::WordScale { bits: 15, k: 54 }.reduce(32767), 53);
        assert_eq!(Draw::WordScale { bits: 15, k: 54 }.reduce(0), 0);
    }

    #[test]
    fn scripted_replays_and_logs() {
        let mut s = Scripted::new([2, 0, 1]);
        assert_eq!(s.below(3), 2);
        assert!(!s.coin());
        assert_eq!(s.word_mod(15, 52), 1);
        assert_eq!(s.remaining(), 0);
        assert_eq!(
            s.log(),
            &[
                Draw::Below(3),
                Draw::Below(2),
                Draw::WordMod { bits: 15, k: 52 }
            ]
        );
    }

    #[test]
    #[should_panic(expected = "not a possible result")]
    fn scripted_rejects_out_of_range_values() {
        Scripted::new([3]).below(3);
    }

    #[test]
    fn default_below_until_consumes_every_rejected_draw() {
        let mut s = Scripted::new([1, 1, 0, 2]);
        let taken = [false, true, false];
        assert_eq!(s.below_until(3, &mut |r| !taken[r as usize]), 0);
        assert_eq!(s.remaining(), 1);
    }

    #[test]
    fn source_rng_draws_words_through_the_trait() {
        use rand::Rng;
        let mut s = Scripted::new([5, 6]);
        let mut rng = SourceRng(&mut s);
        assert_eq!(rng.next_u32(), 5);
        assert_eq!(rng.next_u64(), 6);
        assert_eq!(s.log(), &[Draw::Word(32), Draw::Word(64)]);
    }
}
