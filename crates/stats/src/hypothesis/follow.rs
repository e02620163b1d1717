//! Monitoring a live stream of decks: evidence of bias that may be looked
//! at after every deck, in two modes ([`Mode`]).
//!
//! # The bets
//! Each *channel* watches one feature of a deck whose law under a uniform
//! shuffle is known exactly: the position of one card (uniform on `n`),
//! each statistic of the battery (its exact law, computed in log space, so
//! a value as rare as `1/n!` keeps its true weight at any deck size), the
//! whole arrangement on decks of up to [`WHOLE_DECK_UP_TO`] cards (uniform
//! on `n!`), and the position of each card in the next deck written in the
//! previous deck's order (uniform and independent of the past for
//! independent uniform decks; [`crate::hypothesis::audit::Lag1`]). A *bettor* started
//! before deck `j` bets on every channel from deck `j` on: it predicts each
//! feature with the Krichevsky–Trofimov mixture of what it has seen since
//! `j` (`(count + 1/2) / (seen + k/2)` over the feature's `k` values) and
//! multiplies that channel's wealth by `prediction(x) / null(x)` for the
//! value `x` that comes. Under the null the expected factor, given the
//! past, is `Σ null(x) · prediction(x) / null(x) ≤ 1`, so the bettor's
//! evidence `E_j(t)`, its channels' average wealth, is a nonnegative
//! supermartingale starting at 1 at deck `j`. (The null laws are correctly
//! rounded doubles; rounding changes each factor by a few parts in 10^16.
//! A channel whose wealth falls more than 10^300 below its bettor's best is
//! set to 0, which only lowers the evidence.) A value the null gives
//! probability 0 makes the evidence infinite: it is decisive on its own.
//!
//! # [`Mode::Test`]: one test of the whole stream
//! One bettor, started at the first deck: `M_t = E_1(t)`. By Ville's
//! inequality `P(sup_t M_t ≥ 1/α) ≤ α`: an alarm raised the first time
//! `M_t ≥ 1/α` is false with probability at most `α`, however long the
//! stream runs. The price: after a long fair history the bettor has learnt
//! that the stream is fair, and a break is caught only once the new
//! evidence outweighs the old.
//!
//! # [`Mode::Detect`]: a change detector (an e-detector)
//! A bettor starts before every deck, and `M_t = max_j E_j(t)`: the
//! CUSUM-like e-detector of Shin, Ramdas and Rinaldo ("E-detectors: a
//! nonparametric framework for sequential change detection", 2023), whose
//! bettors learn only from the decks since they started. Bettors are kept
//! on a schedule that bounds their number: the one started at deck 1 for
//! ever, the one started at deck `j > 1` for `LIFE · 2^v` decks, where
//! `2^v` is the largest power of two dividing `j` (so about
//! `LIFE / 2 · log2 t` bettors are alive at deck `t`). Dropping bettors
//! only lowers `M_t`.
//!
//! *False alarms.* Let `S_t = Σ_{j ≤ t} E_j(t)` over every bettor ever
//! started (dropped ones continued). Each deck adds one bettor worth 1 and
//! leaves the others' expected sum unchanged, so `S_t − t` is a
//! supermartingale, and `M_t ≤ S_t`. For the first deck `τ` at which
//! `M_τ ≥ 1/α`, optional stopping gives `1/α ≤ E[M_τ] ≤ E[S_τ] ≤ E[τ]`: on
//! a fair stream **the average number of decks before a false alarm is at
//! least `1/α`**. Also `P(τ ≤ m) ≤ m · α` (Ville's inequality for
//! `S_t − t + m` up to deck `m`).
//!
//! *Detection.* After any history, a break at deck `ν` is seen by the
//! first bettor started after `ν` that lives long enough: for a break a
//! fresh bettor catches in `d` decks, one starts within `d / 2` decks of
//! `ν` (`2^v < d` with `LIFE · 2^v ≥ d`), so the delay is at most about
//! `1.5 d` and on average about `1.1 d`, whatever came before
//! (`scripts/bench-follow.sh` measures it).

use crate::hypothesis::battery;
use crate::hypothesis::statistic::Statistic;

/// The largest deck whose whole arrangement is a channel.
pub const WHOLE_DECK_UP_TO: usize = 6;

/// In [`Mode::Detect`], a bettor started at deck `j > 1` lives `LIFE · 2^v`
/// decks, `2^v` the largest power of two dividing `j`.
pub const LIFE: u64 = 4;

/// What the monitor's alarm guarantees.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[cfg_attr(
    feature = "serde",
    derive(serde::Serialize, serde::Deserialize),
    serde(rename_all = "kebab-case")
)]
pub enum Mode {
    /// A change detector: on a fair stream, at least `1/α` decks on average
    /// before a false alarm; a break after any history is caught about as
    /// fast as on a fresh stream.
    Detect,
    /// One sequential test of the whole stream: a false alarm with
    /// probability at most `α` however long it runs.
    Test,
}

/// A feature's exact null law.
#[derive(Clone, Debug)]
struct Law {
    /// `ln null(x)`; `−∞` where the null never gives `x`.
    ln: Vec<f64>,
    /// `1 / null(x)` where it is a normal double, else 0 (the log path).
    inverse: Vec<f64>,
    /// `k / 2`, the mixture's prior mass.
    half_k: f64,
}

impl Law {
    fn of_ln(ln: Vec<f64>) -> Law {
        let inverse = ln
            .iter()
            .map(|&l| {
                let inv = (-l).exp();
                if inv.is_normal() && inv < 1e290 {
                    inv
                } else {
                    0.0
                }
            })
            .collect();
        let half_k = ln.len() as f64 / 2.0;
        Law {
            ln,
            inverse,
            half_k,
        }
    }

    fn uniform(k: usize) -> Law {
        Law::of_ln(vec![-(k as f64).ln(); k])
    }
}

/// One bettor: its counts since it started, and its channels' wealth.
#[derive(Clone, Debug)]
struct Bettor {
    /// The deck it bets on first (1-based).
    start: u64,
    /// The first deck it no longer bets on (`u64::MAX`: never).
    end: u64,
    /// Counts of every channel's values, at [`Monitor::offsets`].
    counts: Vec<u32>,
    /// Decks bet on (the lag channels miss the stream's first deck).
    seen: u64,
    lag_seen: u64,
    /// Each channel's wealth over `e^ln_scale`.
    wealth: Vec<f64>,
    ln_scale: f64,
    /// `ln E_j`: the log of the channels' average wealth.
    ln_evidence: f64,
}

impl Bettor {
    fn reset(&mut self, start: u64, end: u64) {
        self.start = start;
        self.end = end;
        self.counts.fill(0);
        self.seen = 0;
        self.lag_seen = 0;
        self.wealth.fill(1.0);
        self.ln_scale = 0.0;
        self.ln_evidence = 0.0;
    }

    /// Brings the wealth back near 1, moving the scale into `ln_scale`.
    fn rescale(&mut self, by: f64) {
        let inv = 1.0 / by;
        for w in &mut self.wealth {
            *w *= inv;
        }
        self.ln_scale += by.ln();
    }

    /// Multiplies channel `c`'s wealth by `e^ln_factor`, for factors too
    /// large or small for the linear path.
    fn multiply_ln(&mut self, c: usize, ln_factor: f64) {
        let ln_w = self.wealth[c].ln() + ln_factor;
        if ln_w > 600.0 {
            // Rescale everything so this channel's wealth is about 1.
            for w in &mut self.wealth {
                *w = (w.ln() - ln_w).exp();
            }
            self.wealth[c] = 1.0;
            self.ln_scale += ln_w;
        } else {
            self.wealth[c] = ln_w.exp();
        }
    }
}

/// The channels of a stream of decks of one size, their bettors, and the
/// evidence.
#[derive(Clone, Debug)]
pub struct Monitor {
    n: usize,
    mode: Mode,
    /// Each channel's law: positions of each card, then the battery, then
    /// (small decks) the whole arrangement, then positions in the previous
    /// deck's order.
    laws: Vec<std::sync::Arc<Law>>,
    /// Where each channel's counts start in a bettor's `counts`.
    offsets: Vec<usize>,
    battery_from: usize,
    whole: Option<usize>,
    lag_from: usize,
    /// `where_before[card]`: its position in the previous deck.
    where_before: Option<Vec<u8>>,
    /// This deck's value of each channel (lag channels absent on the
    /// stream's first deck).
    values: Vec<usize>,
    bettors: Vec<Bettor>,
    /// Dropped bettors, reused.
    spare: Vec<Bettor>,
    decks: u64,
    /// The bettor with the most evidence, and its `ln`.
    leader: usize,
    ln_evidence: f64,
}

impl Monitor {
    /// Channels for decks of `n` cards (2..=255), watched in `mode`.
    pub fn new(n: usize, mode: Mode) -> Self {
        use std::sync::Arc;
        let uniform = Arc::new(Law::uniform(n));
        let mut laws: Vec<Arc<Law>> = vec![uniform.clone(); n];
        let battery_from = laws.len();
        for s in Statistic::ALL {
            laws.push(Arc::new(Law::of_ln(battery::ln_null(s, n))));
        }
        let whole = (n <= WHOLE_DECK_UP_TO).then(|| {
            laws.push(Arc::new(Law::uniform(
                crate::law::perm::factorial(n) as usize
            )));
            laws.len() - 1
        });
        let lag_from = laws.len();
        laws.extend((0..n).map(|_| uniform.clone()));
        let mut offsets = Vec::with_capacity(laws.len() + 1);
        let mut at = 0;
        for law in &laws {
            offsets.push(at);
            at += law.ln.len();
        }
        offsets.push(at);
        let channels = laws.len();
        Monitor {
            n,
            mode,
            laws,
            offsets,
            battery_from,
            whole,
            lag_from,
            where_before: None,
            values: vec![0; channels],
            bettors: Vec::new(),
            spare: Vec::new(),
            decks: 0,
            leader: 0,
            ln_evidence: 0.0,
        }
    }

    /// A bettor for deck `start` on, alive until `end`.
    fn bettor(&mut self, start: u64, end: u64) -> Bettor {
        let mut b = self.spare.pop().unwrap_or_else(|| Bettor {
            start,
            end,
            counts: vec![0; *self.offsets.last().expect("offsets")],
            seen: 0,
            lag_seen: 0,
            wealth: vec![1.0; self.laws.len()],
            ln_scale: 0.0,
            ln_evidence: 0.0,
        });
        b.reset(start, end);
        b
    }

    /// Bets every channel of every bettor on the next deck
    /// (`deck[position] = card`).
    pub fn observe(&mut self, deck: &[u8]) {
        let n = self.n;
        self.decks += 1;
        let t = self.decks;
        // Today's bettor.
        let life = match self.mode {
            _ if t == 1 => Some(u64::MAX),
            Mode::Test => None,
            Mode::Detect => Some(t + (LIFE << t.trailing_zeros())),
        };
        if let Some(end) = life {
            let b = self.bettor(t, end);
            self.bettors.push(b);
        }
        // The features of this deck.
        for (p, &card) in deck.iter().enumerate() {
            self.values[card as usize] = p;
        }
        for (i, v) in battery::all(deck).into_iter().enumerate() {
            self.values[self.battery_from + i] = v;
        }
        if let Some(w) = self.whole {
            self.values[w] = crate::law::perm::rank(deck);
        }
        let lag = self.where_before.is_some();
        if let Some(before) = &mut self.where_before {
            // The card now at p held position before[card] in the last
            // deck: in that deck's order, card before[card] is at p.
            for (p, &card) in deck.iter().enumerate() {
                self.values[self.lag_from + before[card as usize] as usize] = p;
                before[card as usize] = p as u8;
            }
        } else {
            let mut before = vec![0u8; n];
            for (p, &card) in deck.iter().enumerate() {
                before[card as usize] = p as u8;
            }
            self.where_before = Some(before);
        }
        let bettable = if lag { self.laws.len() } else { self.lag_from };
        for b in &mut self.bettors {
            bet(
                b,
                &self.laws,
                &self.offsets,
                &self.values[..bettable],
                self.lag_from,
            );
        }
        // Drop the bettors whose life is over.
        let mut i = 0;
        while i < self.bettors.len() {
            if self.bettors[i].end <= t {
                let b = self.bettors.swap_remove(i);
                self.spare.push(b);
            } else {
                i += 1;
            }
        }
        let (leader, ln_evidence) = self
            .bettors
            .iter()
            .enumerate()
            .map(|(i, b)| (i, b.ln_evidence))
            .fold((0, f64::NEG_INFINITY), |a, b| if b.1 > a.1 { b } else { a });
        self.leader = leader;
        self.ln_evidence = ln_evidence;
    }

    /// `ln M`: the log of the evidence (in [`Mode::Detect`], the largest of
    /// the bettors').
    pub fn ln_evidence(&self) -> f64 {
        self.ln_evidence
    }

    /// `log10 M`.
    pub fn log10_evidence(&self) -> f64 {
        self.ln_evidence() / std::f64::consts::LN_10
    }

    /// The mode.
    pub fn mode(&self) -> Mode {
        self.mode
    }

    /// The deck from which the leading evidence was gathered (1 in
    /// [`Mode::Test`]).
    pub fn evidence_since(&self) -> u64 {
        self.bettors.get(self.leader).map_or(1, |b| b.start)
    }

    /// Whether the last deck had a feature that a uniform shuffle never
    /// gives (the evidence is then infinite).
    pub fn impossible(&self) -> bool {
        self.ln_evidence == f64::INFINITY
    }

    /// The channel with the most wealth in the leading bettor: a name for
    /// what the evidence is about.
    pub fn strongest(&self) -> String {
        let i = self.bettors.get(self.leader).map_or(0, |b| {
            b.wealth
                .iter()
                .enumerate()
                .max_by(|a, b| a.1.total_cmp(b.1))
                .map_or(0, |(i, _)| i)
        });
        if i < self.battery_from {
            format!("position of card {i}")
        } else if i < self.battery_from + Statistic::ALL.len() {
            Statistic::ALL[i - self.battery_from].name().to_string()
        } else if Some(i) == self.whole {
            "whole arrangement".into()
        } else {
            format!(
                "position of the card that was at {} in the previous deck",
                i - self.lag_from
            )
        }
    }

    /// Decks seen.
    pub fn decks(&self) -> u64 {
        self.decks
    }

    /// The number of channels.
    pub fn channels(&self) -> usize {
        self.laws.len()
    }

    /// Bettors alive now.
    pub fn bettors(&self) -> usize {
        self.bettors.len()
    }
}

/// One bettor's bets on one deck's `values` (the first `values.len()`
/// channels; those from `lag_from` are the lag channels).
fn bet(
    b: &mut Bettor,
    laws: &[std::sync::Arc<Law>],
    offsets: &[usize],
    values: &[usize],
    lag_from: usize,
) {
    // Infinite evidence stays infinite.
    let mut impossible = b.ln_evidence == f64::INFINITY;
    for (c, &x) in values.iter().enumerate() {
        let law = &laws[c];
        let seen = if c >= lag_from { b.lag_seen } else { b.seen };
        let slot = offsets[c] + x;
        let prediction = (f64::from(b.counts[slot]) + 0.5) / (seen as f64 + law.half_k);
        b.counts[slot] += 1;
        let inverse = law.inverse[x];
        if inverse != 0.0 {
            b.wealth[c] *= prediction * inverse;
        } else if law.ln[x] == f64::NEG_INFINITY {
            impossible = true;
        } else if b.wealth[c] > 0.0 {
            b.multiply_ln(c, prediction.ln() - law.ln[x]);
        }
    }
    b.seen += 1;
    if values.len() > lag_from {
        b.lag_seen += 1;
    }
    if impossible {
        b.ln_evidence = f64::INFINITY;
        return;
    }
    let mut sum: f64 = b.wealth.iter().sum();
    if !(1e-150..=1e150).contains(&sum) && sum > 0.0 {
        b.rescale(sum);
        sum = 1.0;
    }
    b.ln_evidence = b.ln_scale + (sum / b.wealth.len() as f64).ln();
}

#[cfg(test)]
mod tests {
    use super::*;
    use algorithms::Shuffle;
    use algorithms::registry::find;
    use statrs::distribution::{Binomial, DiscreteCDF};

    /// Ville's threshold, the rule whose guarantee these tests check (the
    /// judge rings the alarm by it: `judge::grade::alarm`).
    fn alarm(m: &Monitor, alpha: f64) -> bool {
        m.ln_evidence() >= -alpha.ln()
    }

    /// Follows `decks` decks of `algorithm` (fresh, or shuffled from the
    /// last with `carry`); the deck at which the alarm at `alpha` first
    /// rang, if it did.
    fn first_alarm(
        algorithm: &str,
        n: usize,
        decks: u64,
        seed: u64,
        carry: bool,
        alpha: f64,
    ) -> Option<u64> {
        let alg = find(algorithm).unwrap().algorithm;
        let fy = find("fisher-yates").unwrap().algorithm;
        let mut rng = crate::sample::chunk_rng(seed, 0);
        let identity: Vec<u8> = (0..n as u8).collect();
        let mut d = identity.clone();
        fy.shuffle(&mut d, &mut rng);
        let mut m = Monitor::new(n, Mode::Test);
        for t in 1..=decks {
            if !carry {
                d.clone_from(&identity);
            }
            alg.shuffle(&mut d, &mut rng);
            m.observe(&d);
            if alarm(&m, alpha) {
                return Some(t);
            }
        }
        None
    }

    #[test]
    fn fair_streams_raise_false_alarms_within_alpha() {
        // 400 fair streams of 2,000 decks of 5 cards, 100 of 52 cards, at
        // α = 0.05: Ville bounds the false alarms by α at any stopping
        // time; the count stays within the binomial band above 400 · 0.05
        // (probability 1e-6 of exceeding it for a valid test).
        for (n, streams, decks) in [(5usize, 400u64, 2_000u64), (52, 100, 1_000)] {
            let alarms = (0..streams)
                .filter(|&s| first_alarm("fisher-yates", n, decks, 500 + s, false, 0.05).is_some())
                .count() as u64;
            let bound = Binomial::new(0.05, streams)
                .unwrap()
                .inverse_cdf(1.0 - 1e-6);
            assert!(
                alarms <= bound,
                "{n} cards: {alarms} of {streams} streams alarmed"
            );
        }
    }

    #[test]
    fn biased_streams_are_caught() {
        // At α = 1e-6. The naive swap on 6 cards stops after 3,508 fresh
        // decks and after 4,342 decks each reshuffled from the last (each
        // deck alone uniform: only the lag-1 channels see it); on 52 cards
        // after 3,777; the off-by-one on 52 cards after 10. The bounds
        // below leave a margin of about five.
        let naive = first_alarm("naive-swap", 6, 50_000, 1, false, 1e-6);
        assert!(naive.is_some_and(|t| t < 20_000), "{naive:?}");
        let carried = first_alarm("naive-swap", 6, 50_000, 1, true, 1e-6);
        assert!(carried.is_some_and(|t| t < 20_000), "{carried:?}");
        let sattolo = first_alarm("blog-fisher-yates", 52, 1_000, 1, false, 1e-6);
        assert!(sattolo.is_some_and(|t| t < 100), "{sattolo:?}");
        let naive52 = first_alarm("naive-swap", 52, 50_000, 1, false, 1e-6);
        assert!(naive52.is_some_and(|t| t < 20_000), "{naive52:?}");
        // A fair shuffle of the last deck is as good as a fresh one.
        assert_eq!(first_alarm("fisher-yates", 6, 20_000, 1, true, 1e-6), None);
    }

    #[test]
    fn the_evidence_is_the_average_wealth() {
        let mut m = Monitor::new(4, Mode::Test);
        assert_eq!(m.ln_evidence(), 0.0);
        assert_eq!(m.channels(), 4 + 5 + 1 + 4);
        m.observe(&[0, 1, 2, 3]);
        // First bet of a position channel: prediction 1/4 = null: factor
        // 1. The battery and whole-deck channels also predict uniformly
        // over their values, which need not be the null; the lag channels
        // do not bet on the first deck.
        let b = &m.bettors[0];
        assert!(b.wealth[..4].iter().all(|w| (w - 1.0).abs() < 1e-15));
        assert!(b.wealth[m.lag_from..].iter().all(|&w| w == 1.0));
        // Each battery factor by hand: (1/2)/(5/2) over the exact null.
        for (i, s) in Statistic::ALL.into_iter().enumerate() {
            let x = s.of(&[0, 1, 2, 3]);
            let null = battery::null(s, 4)[x];
            let w = b.wealth[m.battery_from + i];
            assert!((w - 0.2 / null).abs() < 1e-12 * w, "{s}: {w}");
        }
        let avg: f64 = b.wealth.iter().sum::<f64>() / m.channels() as f64;
        assert!((m.ln_evidence() - avg.ln()).abs() < 1e-12);
    }

    #[test]
    fn no_figure_is_ever_nan_at_any_deck_size() {
        // The ordered deck first: its descents have probability 1/n!,
        // below a double's range from 171 cards on; then decks of the
        // off-by-one, whose single cycle has probability 1/n.
        let sattolo = find("blog-fisher-yates").unwrap().algorithm;
        let mut rng = crate::sample::chunk_rng(3, 0);
        for mode in [Mode::Test, Mode::Detect] {
            for n in 2..=255usize {
                let mut m = Monitor::new(n, mode);
                let identity: Vec<u8> = (0..n as u8).collect();
                m.observe(&identity);
                let first = m.log10_evidence();
                assert!(first.is_finite(), "{mode:?}, {n} cards: {first}");
                // log10(n!) less the mixture's costs: the ordered deck alone
                // is decisive from about 12 cards on.
                if n >= 20 {
                    assert!(alarm(&m, 1e-6), "{mode:?}, {n} cards: 10^{first}");
                }
                let mut d = identity.clone();
                for _ in 0..3 {
                    d.clone_from(&identity);
                    sattolo.shuffle(&mut d, &mut rng);
                    m.observe(&d);
                    let e = m.log10_evidence();
                    assert!(!e.is_nan(), "{mode:?}, {n} cards: {e}");
                    assert!(!m.strongest().is_empty());
                }
            }
        }
    }

    #[test]
    fn a_value_the_null_never_gives_is_decisive() {
        // No valid deck has n − 1 fixed points; a stream that claims one
        // (built here by hand) makes the evidence infinite, and it stays so.
        let mut m = Monitor::new(5, Mode::Detect);
        m.observe(&[1, 0, 2, 3, 4]);
        let fixed = m.battery_from;
        m.values[fixed] = 4;
        for b in &mut m.bettors {
            bet(b, &m.laws, &m.offsets, &m.values[..m.lag_from], m.lag_from);
        }
        m.ln_evidence = m.bettors[0].ln_evidence;
        assert!(m.impossible() && alarm(&m, 1e-300));
        m.observe(&[0, 1, 2, 3, 4]);
        assert!(m.impossible());
    }

    /// The deck at which a detector watching `fair` decks of Fisher–Yates
    /// and then `algorithm` first alarms, counted from the change.
    fn delay_after(algorithm: &str, n: usize, fair: u64, seed: u64, mode: Mode) -> Option<u64> {
        let alg = find(algorithm).unwrap().algorithm;
        let fy = find("fisher-yates").unwrap().algorithm;
        let mut rng = crate::sample::chunk_rng(seed, 0);
        let identity: Vec<u8> = (0..n as u8).collect();
        let mut d = identity.clone();
        let mut m = Monitor::new(n, mode);
        for _ in 0..fair {
            d.clone_from(&identity);
            fy.shuffle(&mut d, &mut rng);
            m.observe(&d);
            assert!(!alarm(&m, 1e-6), "a false alarm at deck {}", m.decks());
        }
        for t in 1..=20_000 {
            d.clone_from(&identity);
            alg.shuffle(&mut d, &mut rng);
            m.observe(&d);
            if alarm(&m, 1e-6) {
                return Some(t);
            }
        }
        None
    }

    #[test]
    fn the_detector_catches_a_break_after_a_fair_history_as_fast_as_on_a_fresh_stream() {
        // The off-by-one on 52 cards: 10 decks on a fresh stream in either
        // mode. After 10,000 fair decks the test of the whole stream needs
        // about 300; the detector stays within a small factor of 10.
        let fresh = delay_after("blog-fisher-yates", 52, 0, 1, Mode::Detect).unwrap();
        let test = delay_after("blog-fisher-yates", 52, 10_000, 1, Mode::Test).unwrap();
        let detect = delay_after("blog-fisher-yates", 52, 10_000, 1, Mode::Detect).unwrap();
        assert!(fresh <= 12, "{fresh}");
        assert!(test > 100, "{test}");
        assert!(detect <= 2 * fresh, "{detect} against {fresh} fresh");
        // Its bettors stay few: about LIFE / 2 per doubling of the stream.
        let mut m = Monitor::new(8, Mode::Detect);
        for _ in 0..(1 << 14) {
            m.observe(&[0, 1, 2, 3, 4, 5, 6, 7]);
        }
        assert!(m.bettors() <= (LIFE as usize) * 15, "{}", m.bettors());
    }

    #[test]
    fn the_detector_rarely_alarms_early_on_a_fair_stream() {
        // P(alarm within m decks) <= m * alpha for the detector (module
        // docs): 200 fair streams of m = 100 decks of 5 cards at alpha =
        // 1e-3 alarm with probability at most 0.1 each; the count stays
        // within the binomial band (false-positive rate 1e-6).
        let fy = find("fisher-yates").unwrap().algorithm;
        let (streams, m_decks, alpha) = (200u64, 100u64, 1e-3);
        let identity: Vec<u8> = (0..5).collect();
        let mut alarms = 0;
        for s in 0..streams {
            let mut rng = crate::sample::chunk_rng(700 + s, 0);
            let mut m = Monitor::new(5, Mode::Detect);
            let mut d = identity.clone();
            for _ in 0..m_decks {
                d.clone_from(&identity);
                fy.shuffle(&mut d, &mut rng);
                m.observe(&d);
                if alarm(&m, alpha) {
                    alarms += 1;
                    break;
                }
            }
        }
        let bound = Binomial::new(m_decks as f64 * alpha, streams)
            .unwrap()
            .inverse_cdf(1.0 - 1e-6);
        assert!(alarms <= bound, "{alarms} of {streams}");
    }
}
