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

/// The largest raw-word width the reduced draws ([`Draw::WordMod`],
/// [`Draw::WordScale`], [`Draw::WordDouble`], [`Draw::WordReject`]) may
/// use; C's `rand()` uses 15.
pub const MAX_REDUCED_BITS: u32 = 64;

/// The most bits a double in `[0, 1)` holds: the width of
/// [`Draw::UnitDouble`].
pub const MAX_UNIT_DOUBLE_BITS: u32 = 53;

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
        /// Width of the raw word (`1..=64`).
        bits: u32,
        /// The modulus, `>= 1`.
        k: u64,
    },
    /// A raw word of `bits` bits scaled by `floor(k * word / 2^bits)` in
    /// whole numbers (multiply and shift): C's `(int)(k * rand() /
    /// (RAND_MAX + 1.0))` wherever that double arithmetic is exact (`k ·
    /// word < 2^53`, as for the 15-bit `rand()`). Unless `k` divides
    /// `2^bits`, some results are more likely than others, spread across
    /// `0..k`.
    WordScale {
        /// Width of the raw word (`1..=64`).
        bits: u32,
        /// The number of results, `>= 1`.
        k: u64,
    },
    /// C's `(int)(k * rand() / (RAND_MAX + 1.0))` on a `bits`-bit word as a
    /// double computes it: the whole product `k · word`, rounded to the
    /// nearest double, over `2^bits`, rounded down. Equal to
    /// [`Draw::WordScale`] while `k · word < 2^53`; past that, the rounding
    /// moves results, and near the top it can round up to `k` itself (an
    /// index past the end), which [`Draw::validate`] refuses.
    WordDouble {
        /// Width of the raw word (`1..=64`).
        bits: u32,
        /// The number of results, `>= 1`.
        k: u64,
    },
    /// JavaScript's `Math.floor(Math.random() * k)` with a `Math.random()`
    /// that is a `bits`-bit word over `2^bits` (at most 53 bits: all a
    /// double in `[0, 1)` can hold): the product rounded to the nearest
    /// double, then rounded down.
    UnitDouble {
        /// Width of the raw word (`1..=53`).
        bits: u32,
        /// The number of results, `>= 1`.
        k: u64,
    },
    /// Rejection: draw `bits`-bit words until one is below `k ·
    /// floor(2^bits / k)`, then take it `% k`. Exactly uniform; each draw
    /// costs `2^bits / (k · floor(2^bits / k))` words on average.
    WordReject {
        /// Width of the raw word (`1..=64`).
        bits: u32,
        /// The number of results, `>= 1`, at most `2^bits`.
        k: u64,
    },
    /// Whether a uniform integer below `k` came out 0: 1 with probability
    /// `1/k`, else 0 (`k >= 2`). For a question that only one of `k`
    /// equally likely answers settles one way, such as "is `rnd.Next(-1,
    /// 2)` negative?": one draw of two results where [`Draw::Below`] would
    /// branch `k` ways that act alike.
    OneIn(u64),
}

impl Draw {
    /// The number of distinct results, `0..outcomes()` (some may have weight 0).
    pub fn outcomes(self) -> u128 {
        match self {
            Draw::Below(k)
            | Draw::WordMod { k, .. }
            | Draw::WordScale { k, .. }
            | Draw::WordDouble { k, .. }
            | Draw::UnitDouble { k, .. }
            | Draw::WordReject { k, .. } => u128::from(k),
            Draw::Word(bits) => 1u128 << bits,
            Draw::OneIn(_) => 2,
        }
    }

    /// The number of equally likely raw values behind all results: `k` for
    /// [`Draw::Below`], `2^bits` for the word-based draws, the accepted
    /// words `k · floor(2^bits / k)` for [`Draw::WordReject`].
    pub fn total_weight(self) -> u128 {
        match self {
            Draw::Below(k) | Draw::OneIn(k) => u128::from(k),
            Draw::Word(bits)
            | Draw::WordMod { bits, .. }
            | Draw::WordScale { bits, .. }
            | Draw::WordDouble { bits, .. }
            | Draw::UnitDouble { bits, .. } => 1u128 << bits,
            Draw::WordReject { bits, k } => {
                let k = u128::from(k);
                (1u128 << bits) / k * k
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
            Draw::OneIn(k) => {
                if r == 1 {
                    1
                } else {
                    u128::from(k) - 1
                }
            }
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
            Draw::WordDouble { .. } | Draw::UnitDouble { .. } => {
                // Both reductions are monotone in the word: the words giving
                // r lie between the first word giving r or more and the
                // first giving r + 1 or more.
                self.first_word_reaching(r + 1) - self.first_word_reaching(r)
            }
            Draw::WordReject { bits, k } => (1u128 << bits) / u128::from(k),
        }
    }

    /// The width of the raw words behind a word-based draw; `None` for
    /// [`Draw::Below`].
    pub fn word_bits(self) -> Option<u32> {
        match self {
            Draw::Below(_) | Draw::OneIn(_) => None,
            Draw::Word(bits)
            | Draw::WordMod { bits, .. }
            | Draw::WordScale { bits, .. }
            | Draw::WordDouble { bits, .. }
            | Draw::UnitDouble { bits, .. }
            | Draw::WordReject { bits, .. } => Some(bits),
        }
    }

    /// For the monotone reductions ([`Draw::WordDouble`],
    /// [`Draw::UnitDouble`]): the smallest word whose result is `r` or
    /// more, `2^bits` when there is none (binary search: at most 64 steps).
    fn first_word_reaching(self, r: u128) -> u128 {
        let bits = self.word_bits().expect("a word-based draw");
        let (mut lo, mut hi) = (0u128, 1u128 << bits);
        while lo < hi {
            let mid = lo + (hi - lo) / 2;
            if u128::from(self.reduce(mid as u64)) >= r {
                hi = mid;
            } else {
                lo = mid + 1;
            }
        }
        lo
    }

    /// Maps a raw word (for the word-based draws) to its result.
    ///
    /// # Panics
    /// For [`Draw::Below`], which has no raw word.
    pub fn reduce(self, word: u64) -> u64 {
        match self {
            Draw::Below(_) | Draw::OneIn(_) => panic!("{self:?} has no raw word to reduce"),
            Draw::Word(_) => word,
            Draw::WordMod { k, .. } => word % k,
            Draw::WordScale { bits, k } => ((u128::from(k) * u128::from(word)) >> bits) as u64,
            Draw::WordDouble { bits, k } => {
                // `as f64` rounds to the nearest double (ties to even), as
                // C's conversion does; dividing by a power of two is exact.
                let product = (u128::from(k) * u128::from(word)) as f64;
                (product / 2f64.powi(bits as i32)).floor() as u64
            }
            Draw::UnitDouble { bits, k } => {
                // `word / 2^bits` is exact (at most 53 bits); the product
                // is rounded to the nearest double.
                let unit = word as f64 / 2f64.powi(bits as i32);
                (unit * k as f64).floor() as u64
            }
            Draw::WordReject { k, .. } => word % k,
        }
    }

    /// Whether a raw word is used or drawn again: every word but those of
    /// [`Draw::WordReject`] at or above `k · floor(2^bits / k)`.
    #[inline]
    pub fn accepts(self, word: u64) -> bool {
        match self {
            Draw::WordReject { .. } => u128::from(word) < self.total_weight(),
            _ => true,
        }
    }

    /// The result of a word-based draw from raw 64-bit words (each draw
    /// takes the high `bits` bits of one; rejection takes more until one
    /// is accepted).
    ///
    /// # Panics
    /// For [`Draw::Below`], which has no raw word.
    #[inline]
    pub fn from_words(self, mut next_u64: impl FnMut() -> u64) -> u64 {
        let bits = self.word_bits().expect("Draw::Below has no raw word");
        loop {
            let word = next_u64() >> (64 - bits);
            if self.accepts(word) {
                return self.reduce(word);
            }
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
            Draw::OneIn(k) => assert!(k >= 2, "Draw::OneIn({k}): k must be at least 2"),
            Draw::Word(bits) => assert!(
                (1..=MAX_WORD_BITS).contains(&bits),
                "Draw::Word({bits}): widths 1..=64 are allowed"
            ),
            Draw::WordMod { bits, k }
            | Draw::WordScale { bits, k }
            | Draw::WordDouble { bits, k }
            | Draw::WordReject { bits, k } => {
                assert!(k >= 1, "reduced draw with k = 0: k must be at least 1");
                assert!(
                    (1..=MAX_REDUCED_BITS).contains(&bits),
                    "reduced draw of {bits} bits: widths 1..=64 are allowed"
                );
                if let Draw::WordReject { .. } = self {
                    assert!(
                        u128::from(k) <= 1u128 << bits,
                        "rejection to {k} results from {bits}-bit words: k must be at most 2^bits"
                    );
                }
                if let Draw::WordDouble { .. } = self {
                    let top = u64::MAX >> (64 - bits);
                    assert!(
                        self.reduce(top) < k,
                        "{self:?} gives {k} for the largest word: an index past the end"
                    );
                }
            }
            Draw::UnitDouble { bits, k } => {
                assert!(k >= 1, "reduced draw with k = 0: k must be at least 1");
                assert!(
                    (1..=MAX_UNIT_DOUBLE_BITS).contains(&bits),
                    "a double in [0, 1) from {bits} bits: widths 1..=53 are allowed"
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

    /// `true` with probability `1/k` ([`Draw::OneIn`]); `k` must be at
    /// least 2.
    #[inline]
    fn one_in(&mut self, k: u64) -> bool {
        self.draw(Draw::OneIn(k)) == 1
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
            Draw::OneIn(k) => {
                debug_assert!(k >= 2, "Draw::OneIn({k})");
                u64::from(self.random_range(0..k) == 0)
            }
            Draw::Word(bits) => {
                debug_assert!((1..=MAX_WORD_BITS).contains(&bits));
                self.next_u64() >> (64 - bits)
            }
            _ => draw.from_words(|| self.next_u64()),
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
mod tests;
