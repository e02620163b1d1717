//! Independence between deals: tests of each deck against the one before
//! it (lag 1), for decks read in the order they were dealt.
//!
//! Every other test looks at decks one at a time, so a source whose every
//! deck is uniform on its own but depends on the previous deck passes them
//! all: a dealer who cuts the last deck instead of shuffling, a program
//! that shuffles the previous deck again (with a shuffle that is not
//! uniform in one pass), a generator whose state is reused. Two views of
//! consecutive decks `σ_t`, `σ_{t+1}` (`σ[position] = card`) catch them:
//!
//! - **The next deck in the previous deck's order**, `r_t = σ_t⁻¹ ∘ σ_{t+1}`:
//!   each card of deck `t + 1` named by the position it held in deck `t`
//!   (`r_t[p]` = where the card now at `p` was before). A cut makes `r_t` a
//!   rotation; shuffling the last deck again makes `r_t` that shuffle's own
//!   arrangement, bias included.
//! - **The contingency of cards position by position**: for every
//!   position, the card deck `t` has there against the card deck `t + 1`
//!   has there, summed over the positions into an `n × n` table. It is the
//!   position matrix of `q_t = σ_t ∘ σ_{t+1}⁻¹` (`q_t[b]` = the card that
//!   held, in deck `t`, the place card `b` holds in deck `t + 1`), and
//!   catches a source that keeps cards in place, or one whose next deck
//!   renames the cards of the last.
//!
//! # Exact nulls
//! When the decks are independent and uniform, the `N − 1` arrangements
//! `r_1, …, r_{N−1}` are independent and uniform: given `σ_1`, the map
//! `(σ_2, …, σ_N) ↦ (r_1, …, r_{N−1})` is a bijection of `S_n^{N−1}`
//! (`σ_{t+1} = σ_t ∘ r_t`), so it carries the uniform law to the uniform
//! law. The same holds for the `q_t` (`σ_{t+1} = q_t⁻¹ ∘ σ_t`). Every test
//! of single decks therefore applies to them unchanged, with the null it
//! has there: the permutation tests when there are `5 · n!` pairs
//! (`n ≤ 10`), else the position test, the battery (exact laws) and the
//! collision test; and for the contingency table the position test (its
//! cells are a position matrix of uniform permutations: the corrected
//! Pearson sum, `(n − 1)²` degrees of freedom).
//!
//! # Why lag 1
//! The defects above act from one deck to the next. When deck `t + 1` is
//! the previous deck shuffled again by `f`, deck `t + k` is it shuffled by
//! `k` independent copies of `f`, whose law is closer to uniform than
//! `f`'s (total variation does not grow under convolution): lag 1 shows
//! such a dependence most strongly, and each further lag would add its
//! tests to the family-wise correction. Decks that repeat after more than
//! one deal (a generator reseeded with the same seed) are caught by the
//! collision test of the decks themselves, at any lag within its window.

use super::run::{Observed, Run};
use super::{Analysis, Skipped, adjusted_log10, min_shuffles_to_test};
use crate::hypothesis::fit::{TestResult, max_relative_deviation, position_test};
use crate::hypothesis::name::TestName;
use crate::sample::{Accumulator, Positions, SharedHistogram};

/// The counts of consecutive decks, kept while decks are read in order.
#[derive(Clone, Debug)]
pub struct Lag1 {
    /// The first deck, once one was read: the one a stretch of the input
    /// read before this one pairs with its last deck.
    first: Option<Vec<u8>>,
    /// The previous deck, once one was read.
    previous: Option<Vec<u8>>,
    /// `where_before[card]`: its position in the previous deck.
    where_before: Vec<u8>,
    /// Scratch: the relative arrangement, and the contingency row.
    relative: Vec<u8>,
    replaced: Vec<u8>,
    /// The relative arrangements `r_t`, counted as decks.
    moves: Observed,
    /// The contingency table (`counts[card before * n + card after]`).
    contingency: Positions,
}

impl Lag1 {
    /// Empty counts for decks of `deck` cards (2..=255).
    pub fn new(deck: usize) -> Self {
        Self::after(deck, 0)
    }

    /// [`Lag1::new`] for the decks that come after `before` others (see
    /// [`Observed::after`]).
    pub fn after(deck: usize, before: u64) -> Self {
        Self::sharing(deck, before, None)
    }

    /// [`Lag1::after`] counting the relative arrangements into `shared`
    /// ([`Observed::sharing`]).
    pub fn sharing(deck: usize, before: u64, shared: Option<&SharedHistogram>) -> Self {
        Lag1 {
            first: None,
            previous: None,
            where_before: vec![0; deck],
            relative: vec![0; deck],
            replaced: vec![0; deck],
            // `before` pairs come before these decks' own, the one across
            // the seam included.
            moves: Observed::sharing(deck, before, shared),
            contingency: Positions::new(deck),
        }
    }

    /// Adds the counts of the decks that came right after these in the
    /// input, the pair across the seam included: the result is that of
    /// observing both in order.
    pub fn append(&mut self, later: Lag1) {
        let Some(first) = later.first else {
            return;
        };
        if self.previous.is_some() {
            // The pair across the seam comes before the later pairs.
            self.observe(&first);
        } else {
            self.first = Some(first);
        }
        self.moves.append(later.moves);
        self.contingency.merge(later.contingency);
        if let Some(last) = later.previous {
            for (p, &card) in last.iter().enumerate() {
                self.where_before[card as usize] = p as u8;
            }
            self.previous = Some(last);
        }
    }

    /// The first deck and the last, once one was counted.
    pub(super) fn ends(&self) -> Option<(&[u8], &[u8])> {
        self.first.as_deref().zip(self.previous.as_deref())
    }

    /// The moves between consecutive decks, and the contingency table.
    pub(super) fn tables(&self) -> (&Observed, &Positions) {
        (&self.moves, &self.contingency)
    }

    /// Counts made of their fields (checked by the caller).
    pub(super) fn of_parts(
        deck: usize,
        ends: Option<(Vec<u8>, Vec<u8>)>,
        moves: Observed,
        contingency: Positions,
    ) -> Lag1 {
        let mut where_before = vec![0; deck];
        let (first, previous) = match ends {
            Some((first, last)) => {
                for (p, &card) in last.iter().enumerate() {
                    where_before[card as usize] = p as u8;
                }
                (Some(first), Some(last))
            }
            None => (None, None),
        };
        Lag1 {
            first,
            previous,
            where_before,
            relative: vec![0; deck],
            replaced: vec![0; deck],
            moves,
            contingency,
        }
    }

    /// Consecutive pairs counted.
    pub(super) fn pairs(&self) -> u64 {
        self.contingency.total()
    }

    /// Whether a deck was counted.
    pub(super) fn has_ends(&self) -> bool {
        self.first.is_some()
    }

    /// Counts one deck (a permutation of `0..n`, as the decks before it)
    /// against the one before it (the first deck only becomes the one
    /// before the second).
    #[inline]
    pub fn observe(&mut self, deck: &[u8]) {
        let n = deck.len();
        // Slices, not the vectors: their bounds are checked once, and a
        // write through one is known not to move the others.
        let where_before = &mut self.where_before[..n];
        if let Some(previous) = &mut self.previous {
            let (relative, replaced) = (&mut self.relative[..n], &mut self.replaced[..n]);
            let previous = &mut previous[..n];
            for (p, &card) in deck.iter().enumerate() {
                // Each card once: where it was is read before it is moved.
                let card = card as usize;
                relative[p] = where_before[card];
                where_before[card] = p as u8;
                replaced[card] = previous[p];
            }
            self.moves.observe(relative);
            self.contingency.observe(replaced);
            previous.copy_from_slice(deck);
        } else {
            for (p, &card) in deck.iter().enumerate() {
                where_before[card as usize] = p as u8;
            }
            self.first = Some(deck.to_vec());
            self.previous = Some(deck.to_vec());
        }
    }

    /// The tests of these counts, named `lag1-…`.
    pub fn into_run(self) -> Lag1Run {
        let n = self.contingency.deck;
        let pairs = self.contingency.total();
        let needed = min_shuffles_to_test(n);
        if pairs < needed {
            let reason =
                format!("needs {needed} pairs of consecutive decks (5 per cell), got {pairs}");
            return Lag1Run {
                pairs,
                moves: None,
                contingency: self.contingency,
                contingency_max_relative_deviation: 0.0,
                tests: Vec::new(),
                skipped: [TestName::POSITION_CHI2.lag1(), TestName::LAG1_CONTINGENCY]
                    .into_iter()
                    .map(|name| Skipped {
                        name,
                        reason: reason.clone(),
                    })
                    .collect(),
            };
        }
        let mut moves = self.moves.into_run();
        rename(&mut moves.analysis);
        let contingency_test = TestResult {
            name: TestName::LAG1_CONTINGENCY,
            ..position_test(&self.contingency.counts, n, pairs)
        };
        let mut tests = moves.analysis.tests.clone();
        tests.push(contingency_test);
        Lag1Run {
            pairs,
            contingency_max_relative_deviation: max_relative_deviation(
                &self.contingency.counts,
                n,
                pairs,
            ),
            skipped: moves.analysis.skipped.clone(),
            moves: Some(Moves::of(moves)),
            contingency: self.contingency,
            tests,
        }
    }
}

/// Names a run's tests as tests of consecutive decks.
fn rename(analysis: &mut Analysis) {
    for t in &mut analysis.tests {
        t.name = t.name.lag1();
    }
    for t in &mut analysis.effect.row_tests {
        t.name = t.name.lag1();
    }
    for s in &mut analysis.skipped {
        s.name = s.name.lag1();
    }
}

/// What consecutive decks say.
#[derive(Clone, Debug, PartialEq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct Lag1Run {
    /// Pairs of consecutive decks (one fewer than the decks).
    pub pairs: u64,
    /// Every test of consecutive decks: those of the relative arrangements,
    /// then the contingency test.
    pub tests: Vec<TestResult>,
    /// The tests not run, with reasons.
    pub skipped: Vec<Skipped>,
    /// What the relative arrangements show, when there were enough pairs to
    /// test them.
    #[cfg_attr(feature = "serde", serde(flatten))]
    pub moves: Option<Moves>,
    /// The contingency table, `matrix[a][b]`: how often card `a` held a
    /// position that card `b` held in the next deck.
    #[cfg_attr(feature = "serde", serde(rename = "contingency_matrix"))]
    pub contingency: Positions,
    /// `max |O/(N/n) − 1|` over the contingency table.
    pub contingency_max_relative_deviation: f64,
}

/// The relative arrangements of consecutive decks (where each card of a
/// deck went in the next), beside a fair shuffle's.
#[derive(Clone, Debug, PartialEq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct Moves {
    /// `matrix[p][q]`: how often the card at position `p` of a deck was at
    /// position `q` of the next.
    #[cfg_attr(feature = "serde", serde(rename = "moves_matrix"))]
    pub positions: Positions,
    /// `max |O/(N/n) − 1|` over it.
    #[cfg_attr(feature = "serde", serde(rename = "moves_max_relative_deviation"))]
    pub max_relative_deviation: f64,
    /// Estimated total variation distance of the relative arrangements
    /// from uniform, and what a perfect shuffle would show from noise
    /// (histogram only).
    #[cfg_attr(
        feature = "serde",
        serde(
            rename = "moves_total_variation",
            skip_serializing_if = "Option::is_none",
            default
        )
    )]
    pub total_variation: Option<(f64, f64)>,
}

impl Moves {
    fn of(run: Run) -> Moves {
        let e = &run.analysis.effect;
        Moves {
            max_relative_deviation: e.max_relative_deviation,
            total_variation: e.total_variation.zip(e.total_variation_noise_floor),
            positions: run.positions,
        }
    }
}

impl Lag1Run {
    /// `log10` of the smallest Bonferroni-adjusted p-value of these tests
    /// alone.
    pub fn log10_min_adjusted_p(&self) -> f64 {
        adjusted_log10(&self.tests.iter().map(|t| t.log10_p).collect::<Vec<_>>())
    }
}

/// The histograms the stretches of one read share
/// ([`ObservedStream::sharing`]): of the decks, and of the moves between
/// consecutive decks.
#[derive(Clone, Debug)]
pub struct StreamHistograms {
    decks: SharedHistogram,
    moves: SharedHistogram,
}

impl StreamHistograms {
    /// Empty histograms for decks of `deck` cards, or `None` above
    /// [`crate::sample::MAX_HISTOGRAM_DECK`] (no histogram is counted).
    pub fn new(deck: usize) -> Option<Self> {
        (deck <= crate::sample::MAX_HISTOGRAM_DECK).then(|| StreamHistograms {
            decks: SharedHistogram::new(deck),
            moves: SharedHistogram::new(deck),
        })
    }

    /// The decks' histogram.
    pub fn decks(&self) -> &SharedHistogram {
        &self.decks
    }
}

/// Counts of decks read in the order they were dealt: each deck alone
/// ([`Observed`]) and each against the one before it ([`Lag1`]).
#[derive(Clone, Debug)]
pub struct ObservedStream {
    decks: Observed,
    lag1: Lag1,
}

impl ObservedStream {
    /// Empty counts for decks of `deck` cards (2..=255).
    pub fn new(deck: usize) -> Self {
        Self::after(deck, 0)
    }

    /// [`ObservedStream::new`] for the decks that come after `before`
    /// others (see [`Observed::after`]).
    pub fn after(deck: usize, before: u64) -> Self {
        Self::sharing(deck, before, None)
    }

    /// [`ObservedStream::after`] counting the arrangements of the decks,
    /// and those of the moves between consecutive decks, into histograms
    /// every stretch of the read shares ([`Observed::sharing`]).
    pub fn sharing(deck: usize, before: u64, shared: Option<&StreamHistograms>) -> Self {
        ObservedStream {
            decks: Observed::sharing(deck, before, shared.map(|s| &s.decks)),
            lag1: Lag1::sharing(deck, before, shared.map(|s| &s.moves)),
        }
    }

    /// Adds the counts of the decks that came right after these in the
    /// input ([`Observed::append`], [`Lag1::append`]).
    pub fn append(&mut self, later: ObservedStream) {
        self.decks.append(later.decks);
        self.lag1.append(later.lag1);
    }

    /// Counts the next deck.
    #[inline]
    pub fn observe(&mut self, deck: &[u8]) {
        self.decks.observe(deck);
        self.lag1.observe(deck);
    }

    /// The counts of the decks alone.
    pub(super) fn decks(&self) -> &Observed {
        &self.decks
    }

    /// The counts of consecutive decks.
    pub(super) fn lag1(&self) -> &Lag1 {
        &self.lag1
    }

    /// Counts made of their halves.
    pub(super) fn of_parts(decks: Observed, lag1: Lag1) -> ObservedStream {
        ObservedStream { decks, lag1 }
    }

    /// The same counts with histograms of their own.
    pub(super) fn into_owned(self) -> ObservedStream {
        ObservedStream {
            decks: self.decks.into_owned(),
            lag1: Lag1 {
                moves: self.lag1.moves.into_owned(),
                ..self.lag1
            },
        }
    }

    /// The decks' run and the consecutive decks' tests.
    pub fn into_runs(self) -> (Run, Lag1Run) {
        let (decks, lag1) = (self.decks, self.lag1);
        rayon::join(|| decks.into_run(), || lag1.into_run())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::law::perm::rank;

    /// `decks` decks of `n` cards, each the one before with a few swaps
    /// (consecutive decks depend on each other) and now and then a deck
    /// dealt before again (collisions).
    fn linked_decks(n: usize, decks: usize) -> Vec<Vec<u8>> {
        let mut state = 7u64;
        let mut next = move |m: usize| {
            state = crate::sample::splitmix64(state);
            (state % m as u64) as usize
        };
        let mut deck: Vec<u8> = (0..n as u8).collect();
        let mut out: Vec<Vec<u8>> = Vec::new();
        for t in 0..decks {
            if t > 10 && next(9) == 0 {
                deck = out[next(t)].clone();
            } else {
                for _ in 0..3 {
                    let (a, b) = (next(n), next(n));
                    deck.swap(a, b);
                }
            }
            out.push(deck.clone());
        }
        out
    }

    #[test]
    fn counts_of_stretches_appended_in_order_equal_one_pass() {
        for n in [5, 9, 20] {
            let decks = linked_decks(n, 1200);
            let mut whole = ObservedStream::new(n);
            for d in &decks {
                whole.observe(d);
            }
            let want = whole.into_runs();
            assert!(want.1.pairs == 1199 && want.0.positions.total() == 1200);
            // Cut in stretches of every length, empty ones included,
            // merged as a tree would be: left to right within each half.
            for cuts in [
                vec![0, 1, 2, 600, 600, 1199],
                vec![37, 500, 501, 1000],
                vec![1],
            ] {
                let mut bounds = vec![0];
                bounds.extend(&cuts);
                bounds.push(decks.len());
                let mut parts: Vec<ObservedStream> = bounds
                    .windows(2)
                    .map(|w| {
                        let mut s = ObservedStream::after(n, w[0] as u64);
                        for d in &decks[w[0]..w[1]] {
                            s.observe(d);
                        }
                        s
                    })
                    .collect();
                let right = parts.split_off(parts.len() / 2);
                let fold = |parts: Vec<ObservedStream>| {
                    let mut it = parts.into_iter();
                    let mut acc = it.next().expect("a part");
                    for p in it {
                        acc.append(p);
                    }
                    acc
                };
                let mut left = fold(parts);
                left.append(fold(right));
                assert_eq!(left.into_runs(), want, "{n} cards, cuts {cuts:?}");
            }
        }
    }
    use crate::hypothesis::audit::SampleAudit;
    use algorithms::Shuffle;
    use statrs::distribution::{Binomial, DiscreteCDF};

    fn all_perms(n: usize) -> Vec<Vec<u8>> {
        let mut out = Vec::new();
        let mut p: Vec<u8> = (0..n as u8).collect();
        fn go(k: usize, p: &mut Vec<u8>, out: &mut Vec<Vec<u8>>) {
            if k == p.len() {
                out.push(p.clone());
                return;
            }
            for i in k..p.len() {
                p.swap(k, i);
                go(k + 1, p, out);
                p.swap(k, i);
            }
        }
        go(0, &mut p, &mut out);
        out
    }

    /// The relative arrangement and the contingency row of one pair, as
    /// [`Lag1::observe`] forms them.
    fn views(before: &[u8], after: &[u8]) -> (Vec<u8>, Vec<u8>) {
        let mut l = Lag1::new(before.len());
        l.observe(before);
        l.observe(after);
        (l.relative, l.replaced)
    }

    #[test]
    fn a_pair_is_seen_as_the_module_defines_it() {
        // Deck t = [2, 0, 1], deck t+1 = [0, 1, 2]: card 0 was at 1, card 1
        // at 2, card 2 at 0, so r = [1, 2, 0]; at position 0 card 2 gave way
        // to card 0, at 1 card 0 to card 1, at 2 card 1 to card 2.
        let (r, q) = views(&[2, 0, 1], &[0, 1, 2]);
        assert_eq!(r, [1, 2, 0]);
        assert_eq!(q, [2, 0, 1]);
        let mut l = Lag1::new(3);
        for d in [[2, 0, 1], [0, 1, 2]] {
            l.observe(&d);
        }
        let c = &l.contingency.counts;
        assert_eq!((c[2 * 3], c[1], c[3 + 2]), (1, 1, 1));
        assert_eq!(c.iter().sum::<u64>(), 3);
        // A cut by c positions is a rotation in the previous deck's order,
        // whatever the deck.
        let before = [3u8, 1, 4, 0, 2];
        let after = [4u8, 0, 2, 3, 1]; // cut after two cards
        assert_eq!(views(&before, &after).0, [2, 3, 4, 0, 1]);
    }

    #[test]
    fn consecutive_arrangements_of_independent_uniform_decks_are_independent_and_uniform() {
        // The exact null, by exhaustion: over all 6³ triples of decks of 3
        // cards, every pair (r₁, r₂) of relative arrangements occurs the
        // same number of times, and so does every pair (q₁, q₂).
        let perms = all_perms(3);
        let mut r_pairs = vec![0u32; 36];
        let mut q_pairs = vec![0u32; 36];
        for a in &perms {
            for b in &perms {
                for c in &perms {
                    let (r1, q1) = views(a, b);
                    let (r2, q2) = views(b, c);
                    r_pairs[rank(&r1) * 6 + rank(&r2)] += 1;
                    q_pairs[rank(&q1) * 6 + rank(&q2)] += 1;
                }
            }
        }
        assert!(r_pairs.iter().all(|&k| k == 6), "{r_pairs:?}");
        assert!(q_pairs.iter().all(|&k| k == 6), "{q_pairs:?}");
        // And a dependence shows: with c = b (a repeated deck), r₂ is
        // always the identity.
        let (r, q) = views(&perms[3], &perms[3]);
        assert_eq!((r, q), (vec![0, 1, 2], vec![0, 1, 2]));
    }

    /// `decks` decks of `deck` cards: the first shuffled by Fisher–Yates
    /// from the ordered deck, each next one either shuffled afresh by
    /// `algorithm` (`carry = false`) or the previous deck shuffled again.
    fn stream(algorithm: &str, deck: usize, decks: u64, seed: u64, carry: bool) -> SampleAudit {
        let fy = algorithms::registry::find("fisher-yates")
            .unwrap()
            .algorithm;
        let alg = algorithms::registry::find(algorithm).unwrap().algorithm;
        let mut rng = crate::sample::chunk_rng(seed, 0);
        let identity: Vec<u8> = (0..deck as u8).collect();
        let mut d = identity.clone();
        fy.shuffle(&mut d, &mut rng);
        let mut s = ObservedStream::new(deck);
        s.observe(&d);
        for _ in 1..decks {
            if !carry {
                d.clone_from(&identity);
            }
            alg.shuffle(&mut d, &mut rng);
            s.observe(&d);
        }
        let (run, lag1) = s.into_runs();
        SampleAudit::of_decks(run, Some(lag1))
    }

    #[test]
    fn fair_streams_raise_lag1_false_alarms_at_the_nominal_rate() {
        // 300 independent streams of Fisher–Yates decks of 5 cards (3,000
        // decks: 25 pairs per arrangement, the permutation tests run) and
        // 150 of 52 cards (1,500 decks: the battery, the collision test).
        // For each lag-1 test, the count of streams with p < 0.05 is
        // Binomial(R, 0.05) when the test is calibrated: the band below
        // holds it with probability 1 − 2e-5 per test (both tails), so a
        // calibrated suite of the 13 tests here fails with probability
        // below 3e-4. The collision test's p-value is 1 unless a deck
        // repeats (never, at 52 cards): only its upper tail is checked.
        for (deck, decks, streams) in [(5usize, 3_000u64, 300u64), (52, 1_500, 150)] {
            let mut alarms: Vec<(TestName, u64)> = Vec::new();
            for s in 0..streams {
                let a = stream("fisher-yates", deck, decks, 1_000 + s, false);
                for t in &a.lag1.as_ref().unwrap().tests {
                    match alarms.iter_mut().find(|(n, _)| *n == t.name) {
                        Some((_, k)) => *k += u64::from(t.p_value < 0.05),
                        None => alarms.push((t.name, u64::from(t.p_value < 0.05))),
                    }
                }
            }
            let b = Binomial::new(0.05, streams).unwrap();
            let (low, high) = (b.inverse_cdf(1e-5), b.inverse_cdf(1.0 - 1e-5));
            assert!(alarms.len() >= 4, "{deck}: {alarms:?}");
            assert!(
                alarms.iter().any(|(n, _)| *n == TestName::LAG1_CONTINGENCY),
                "{alarms:?}"
            );
            for (name, k) in alarms {
                assert!(
                    k <= high,
                    "{deck} cards, {name}: {k} of {streams} below 0.05"
                );
                if name.test != crate::hypothesis::name::Test::Collisions {
                    assert!(
                        k >= low,
                        "{deck} cards, {name}: {k} of {streams} below 0.05"
                    );
                }
            }
        }
    }

    #[test]
    fn too_few_pairs_skip_the_lag1_tests_with_a_reason() {
        let a = stream("fisher-yates", 10, 40, 3, false);
        let l = a.lag1.unwrap();
        assert_eq!(l.pairs, 39);
        assert!(l.tests.is_empty());
        assert_eq!(l.skipped.len(), 2);
        assert!(
            l.skipped[0].reason.contains("got 39"),
            "{}",
            l.skipped[0].reason
        );
    }

    #[test]
    fn the_verdict_is_corrected_over_the_decks_and_their_pairs() {
        let a = stream("fisher-yates", 5, 3_000, 11, false);
        let m = a.family().count();
        assert_eq!(m, 3 + 3 + 1);
        let min = a.family().map(|t| t.log10_p).fold(f64::INFINITY, f64::min);
        assert_eq!(a.log10_min_adjusted_p, (min + (m as f64).log10()).min(0.0));
    }
}
