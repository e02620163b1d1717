//! Swap-based shuffles as data: the random transpositions they apply.
//!
//! Most shuffles of the seed documents are a loop of `swap(a, b)` where each
//! of `a` and `b` is either a fixed position or the result of one draw,
//! independent of every other draw. Written as a list of [`Transposition`]s,
//! such a shuffle can be analysed without walking its paths: one card's
//! position then moves as a Markov chain (the `stats` crate computes exact
//! position matrices for 1000 cards from it), and arrangements reached by
//! different paths can be merged step by step.
//!
//! [`Kernel::transpositions`] gives the list for every swap-based algorithm of
//! the registry. The list is a second description of code that already
//! exists, so this module's tests replay every possible draw sequence (small
//! decks) and random ones (larger decks) through both and require the same
//! deck and the same draws.

use crate::registry::Kernel;
use crate::source::{Draw, Source};

/// One of the two positions a [`Transposition`] exchanges.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Slot {
    /// A position fixed in advance.
    At(usize),
    /// Position `offset + r`, where `r` is the result of `draw`, drawn
    /// independently of every other draw.
    Drawn {
        /// The draw.
        draw: Draw,
        /// Added to its result.
        offset: usize,
    },
}

impl Slot {
    /// The position for the draw result `r` (ignored for [`Slot::At`]).
    #[inline]
    pub fn position(self, r: u64) -> usize {
        match self {
            Slot::At(p) => p,
            Slot::Drawn { offset, .. } => offset + r as usize,
        }
    }

    /// Draws the position from `src` (no draw for [`Slot::At`]).
    #[inline]
    pub fn choose<S: Source + ?Sized>(self, src: &mut S) -> usize {
        match self {
            Slot::At(p) => p,
            Slot::Drawn { draw, offset } => offset + src.draw(draw) as usize,
        }
    }

    /// Every position the slot can take, with its exact integer weight out
    /// of [`total_weight`](Slot::total_weight); positions of weight 0 are
    /// left out.
    pub fn weights(self) -> Vec<(usize, u128)> {
        match self {
            Slot::At(p) => vec![(p, 1)],
            Slot::Drawn { draw, offset } => (0..draw.outcomes() as u64)
                .map(|r| (offset + r as usize, draw.weight(r)))
                .filter(|&(_, w)| w > 0)
                .collect(),
        }
    }

    /// The denominator of [`weights`](Slot::weights).
    pub fn total_weight(self) -> u128 {
        match self {
            Slot::At(_) => 1,
            Slot::Drawn { draw, .. } => draw.total_weight(),
        }
    }

    /// The largest position the slot can take.
    pub fn max_position(self) -> usize {
        match self {
            Slot::At(p) => p,
            Slot::Drawn { draw, offset } => offset + draw.outcomes() as usize - 1,
        }
    }
}

/// One random step of a swap-based shuffle: exchange the cards at `a` and
/// `b` (nothing when they are the same position). `a` is drawn before `b`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Transposition {
    /// The first position, drawn first.
    pub a: Slot,
    /// The second position.
    pub b: Slot,
}

impl Transposition {
    /// Swap the fixed position `i` with a drawn one.
    pub const fn with_drawn(i: usize, draw: Draw, offset: usize) -> Self {
        Transposition {
            a: Slot::At(i),
            b: Slot::Drawn { draw, offset },
        }
    }

    /// The `(a, b)` outcomes of positive weight: the branches a walk of
    /// every draw sequence takes at this step.
    pub fn outcomes(&self) -> usize {
        self.a.weights().len() * self.b.weights().len()
    }

    /// Draws the two positions from `src` and swaps them in `deck`.
    #[inline]
    pub fn apply<T, S: Source + ?Sized>(&self, deck: &mut [T], src: &mut S) {
        let a = self.a.choose(src);
        let b = self.b.choose(src);
        deck.swap(a, b);
    }
}

/// A swap-based shuffle of `n` cards as its list of transpositions.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SwapShuffle {
    /// The deck size.
    pub n: usize,
    /// The transpositions, in the order the algorithm applies them.
    pub steps: Vec<Transposition>,
}

impl SwapShuffle {
    /// Applies every step to `deck`, drawing from `src`: the same deck and
    /// the same draws as the algorithm it describes.
    pub fn apply<T, S: Source + ?Sized>(&self, deck: &mut [T], src: &mut S) {
        for step in &self.steps {
            step.apply(deck, src);
        }
    }

    /// Whether distinct draw sequences always give distinct decks, proved
    /// from the shape of the steps: every step swaps a fixed position `i_t`
    /// with a drawn one, the `i_t` are distinct, and no step's drawn range
    /// holds a position fixed by an earlier step (Fisher–Yates run from
    /// either end, Sattolo). The card left at `i_t` is then decided by step
    /// `t` alone and never moved again. The law of the deck is then the
    /// product of the draws' laws, which makes divergences from uniform
    /// computable exactly for any deck size.
    ///
    /// `false` means "not proved", not "not injective".
    pub fn is_sequential_selection(&self) -> bool {
        let mut fixed = vec![false; self.n];
        for step in &self.steps {
            let (i, range) = match (step.a, step.b) {
                (Slot::At(i), Slot::Drawn { draw, offset })
                | (Slot::Drawn { draw, offset }, Slot::At(i)) => {
                    (i, offset..offset + draw.outcomes() as usize)
                }
                (Slot::At(i), Slot::At(j)) if i == j => (i, i..i + 1),
                _ => return false,
            };
            if i >= self.n || fixed[i] || range.end > self.n || range.clone().any(|p| fixed[p]) {
                return false;
            }
            fixed[i] = true;
        }
        true
    }

    /// The paths a walk of every draw sequence visits (saturating at
    /// `u64::MAX`).
    pub fn paths(&self) -> u64 {
        self.steps
            .iter()
            .fold(1u64, |p, t| p.saturating_mul(t.outcomes() as u64))
    }

    /// Whether every path is equally likely (every draw uniform): then a
    /// probability times [`paths`](Self::paths) is a count of paths.
    pub fn paths_equally_likely(&self) -> bool {
        self.steps
            .iter()
            .all(|t| t.a.total_weight() * t.b.total_weight() == t.outcomes() as u128)
    }

    /// The draws of the steps, in order (the draws of a sequential selection
    /// determine the deck).
    pub fn draws(&self) -> impl Iterator<Item = Draw> + '_ {
        self.steps.iter().flat_map(|s| {
            [s.a, s.b].into_iter().filter_map(|slot| match slot {
                Slot::Drawn { draw, .. } => Some(draw),
                Slot::At(_) => None,
            })
        })
    }
}

impl Kernel {
    /// The transpositions this pass applies to an `n`-card deck, for the
    /// swap-based algorithms; `None` for the others (splices, sorts,
    /// riffles, reseeded generators, rejection loops, and the picks that
    /// write a second array in another order).
    pub fn transpositions(&self, n: usize) -> Option<Vec<Transposition>> {
        use crate::swap_loops::RAND_BITS;
        let below = |i: usize, k: usize| Transposition::with_drawn(i, Draw::Below(k as u64), 0);
        // JavaScript's `Math.floor(Math.random() * 0)` is 0 with no draw.
        let below_or_self = |i: usize, k: usize| {
            if k == 0 {
                Transposition {
                    a: Slot::At(i),
                    b: Slot::At(0),
                }
            } else {
                below(i, k)
            }
        };
        let steps = match self {
            Kernel::NaiveSwap(_) => (0..n).map(|i| below(i, n)).collect(),
            Kernel::NaiveSwapRand15(_) => (0..n)
                .map(|i| {
                    Transposition::with_drawn(
                        i,
                        Draw::WordScale {
                            bits: RAND_BITS,
                            k: n as u64,
                        },
                        0,
                    )
                })
                .collect(),
            Kernel::PokerFixed(_) => (0..n)
                .map(|i| Transposition::with_drawn(i, Draw::Below((n - i) as u64), i))
                .collect(),
            Kernel::PokerFixedRand15(_) => (0..n)
                .map(|i| {
                    Transposition::with_drawn(
                        i,
                        Draw::WordScale {
                            bits: RAND_BITS,
                            k: (n - i) as u64,
                        },
                        i,
                    )
                })
                .collect(),
            Kernel::FisherYates(_) => (1..n).rev().map(|i| below(i, i + 1)).collect(),
            Kernel::Sattolo(_) | Kernel::BlogInsideOut(_) => {
                (1..n).rev().map(|i| below(i, i)).collect()
            }
            Kernel::FisherYatesMod15(_) => (1..n)
                .rev()
                .map(|i| {
                    Transposition::with_drawn(
                        i,
                        Draw::WordMod {
                            bits: RAND_BITS,
                            k: (i + 1) as u64,
                        },
                        0,
                    )
                })
                .collect(),
            Kernel::AltNaiveShuffle(_) => (0..n).rev().map(|i| below(i, n)).collect(),
            Kernel::BlogFisherYates(_) | Kernel::BlogKnuthDurstenfeld(_) => {
                (0..n).rev().map(|i| below_or_self(i, i)).collect()
            }
            Kernel::ShuffleSwap(_) => (0..n).map(|i| below(i, i + 1)).collect(),
            Kernel::RandomPairsSwap(_) => {
                let drawn = Slot::Drawn {
                    draw: Draw::Below(n as u64),
                    offset: 0,
                };
                vec![Transposition { a: drawn, b: drawn }; n]
            }
            _ => return None,
        };
        Some(steps)
    }
}

impl crate::Algorithm {
    /// The algorithm on `n` cards as a [`SwapShuffle`] (its kernel's
    /// transpositions, `times` times over), or `None` when it is not
    /// swap-based.
    pub fn swap_shuffle(&self, n: usize) -> Option<SwapShuffle> {
        let pass = self.kernel.transpositions(n)?;
        Some(SwapShuffle {
            n,
            steps: pass.repeat(self.times as usize),
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::registry::REGISTRY;
    use crate::shuffle::Shuffle;
    use crate::source::Scripted;
    use rand::{RngExt, SeedableRng};
    use rand_xoshiro::Xoshiro256PlusPlus;

    /// Every draw sequence of possible results, in order (small decks only).
    fn every_script(draws: &[Draw]) -> Vec<Vec<u64>> {
        let mut scripts = vec![Vec::new()];
        for &d in draws {
            let results: Vec<u64> = (0..d.outcomes() as u64)
                .filter(|&r| d.weight(r) > 0)
                .collect();
            scripts = scripts
                .into_iter()
                .flat_map(|s| {
                    results.iter().map(move |&r| {
                        let mut s = s.clone();
                        s.push(r);
                        s
                    })
                })
                .collect();
        }
        scripts
    }

    /// Runs the algorithm and its description on the same script: same deck,
    /// same draws asked, script used up by both.
    fn agree(id: &str, swaps: &SwapShuffle, entry: &crate::Entry, script: &[u64]) {
        let n = swaps.n;
        let mut by_code: Vec<usize> = (0..n).collect();
        let mut code_src = Scripted::new(script.to_vec());
        entry.algorithm.shuffle(&mut by_code, &mut code_src);
        let mut by_steps: Vec<usize> = (0..n).collect();
        let mut steps_src = Scripted::new(script.to_vec());
        swaps.apply(&mut by_steps, &mut steps_src);
        assert_eq!(by_code, by_steps, "{id} on {n} cards, script {script:?}");
        assert_eq!(code_src.log(), steps_src.log(), "{id} on {n} cards");
        assert_eq!(code_src.remaining(), 0, "{id}: the code left draws unused");
    }

    #[test]
    fn paths_are_equally_likely_exactly_when_every_draw_is_uniform() {
        let swaps = |id: &str| {
            crate::registry::find(id)
                .unwrap()
                .algorithm
                .swap_shuffle(10)
                .unwrap()
        };
        assert!(swaps("naive-swap").paths_equally_likely());
        assert!(swaps("fisher-yates").paths_equally_likely());
        assert!(swaps("random-pairs-swap").paths_equally_likely());
        // 32768 words over 10 results: some results weigh 3277, others 3276.
        assert!(!swaps("naive-swap-rand15").paths_equally_likely());
        assert!(!swaps("fisher-yates-mod15").paths_equally_likely());
    }

    #[test]
    fn every_draw_sequence_gives_the_code_s_deck_on_small_decks() {
        let mut described = 0;
        for entry in REGISTRY {
            for n in 0..=4 {
                let Some(swaps) = entry.algorithm.swap_shuffle(n) else {
                    continue;
                };
                // A reduced 15-bit draw has k results, not 2^15: at most 4 here.
                let draws: Vec<Draw> = swaps.draws().collect();
                let scripts = every_script(&draws);
                for script in &scripts {
                    agree(entry.id, &swaps, entry, script);
                }
                described += 1;
            }
        }
        // The swap-based entries of the registry, on 0..=4 cards.
        assert_eq!(described, 13 * 5, "an entry gained or lost its description");
    }

    fn random_result(d: Draw, rng: &mut Xoshiro256PlusPlus) -> u64 {
        loop {
            let r = rng.random_range(0..d.outcomes() as u64);
            if d.weight(r) > 0 {
                return r;
            }
        }
    }

    #[test]
    fn random_draw_sequences_give_the_code_s_deck_on_real_decks() {
        let mut rng = Xoshiro256PlusPlus::seed_from_u64(52);
        for entry in REGISTRY {
            for n in [5, 9, 52, 54] {
                let Some(swaps) = entry.algorithm.swap_shuffle(n) else {
                    continue;
                };
                let draws: Vec<Draw> = swaps.draws().collect();
                for _ in 0..50 {
                    let script: Vec<u64> =
                        draws.iter().map(|d| random_result(*d, &mut rng)).collect();
                    agree(entry.id, &swaps, entry, &script);
                }
            }
        }
    }

    #[test]
    fn sequential_selections_are_the_fisher_yates_shapes() {
        let sequential: Vec<&str> = REGISTRY
            .iter()
            .filter(|e| {
                e.algorithm
                    .swap_shuffle(52)
                    .is_some_and(|s| s.is_sequential_selection())
            })
            .map(|e| e.id)
            .collect();
        assert_eq!(
            sequential,
            [
                "blog-knuth-durstenfeld",
                "blog-inside-out",
                "blog-fisher-yates",
                "poker-fixed",
                "poker-fixed-rand15",
                "fisher-yates",
                "sattolo",
                "fisher-yates-mod15",
            ]
        );
        // The naive swap revisits positions it has fixed; the front-to-back
        // `shuffle_swap` draws from positions it has already filled.
        for id in ["naive-swap", "shuffle-swap", "random-pairs-swap"] {
            let e = crate::registry::find(id).unwrap();
            assert!(
                !e.algorithm
                    .swap_shuffle(52)
                    .unwrap()
                    .is_sequential_selection()
            );
        }
    }

    #[test]
    fn a_sequential_selection_maps_distinct_draws_to_distinct_decks() {
        // Checked by brute force where it is cheap: 5 cards.
        for entry in REGISTRY {
            let Some(swaps) = entry.algorithm.swap_shuffle(5) else {
                continue;
            };
            if !swaps.is_sequential_selection() {
                continue;
            }
            let draws: Vec<Draw> = swaps.draws().collect();
            let scripts = every_script(&draws);
            let mut decks = std::collections::HashSet::new();
            for script in &scripts {
                let mut deck: Vec<usize> = (0..5).collect();
                swaps.apply(&mut deck, &mut Scripted::new(script.clone()));
                assert!(
                    decks.insert(deck),
                    "{}: two draw sequences, one deck",
                    entry.id
                );
            }
        }
    }
}
