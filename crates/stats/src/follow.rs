//! Monitoring a live stream of decks: evidence of bias that may be looked
//! at after every deck, with a false-alarm probability at most `α` at any
//! stopping time, however long the stream runs.
//!
//! # The test martingale
//! Each *channel* watches one feature of a deck whose law under a uniform
//! shuffle is known exactly: the position of one card (uniform on `n`),
//! each statistic of the battery (its exact law), the whole arrangement on
//! decks of up to [`WHOLE_DECK_UP_TO`] cards (uniform on `n!`), and the
//! position of each card in the next deck written in the previous deck's
//! order (uniform and independent of the past for independent uniform
//! decks; [`crate::audit::Lag1`]). Before each deck a channel bets: it
//! predicts the feature with the Krichevsky–Trofimov mixture of the
//! features it has seen (`(count + 1/2) / (seen + k/2)` over its `k`
//! values) and multiplies its wealth by `prediction(x) / null(x)` for the
//! value `x` that comes. Under the null the expected factor, given the
//! past, is `Σ null(x) · prediction(x) / null(x) ≤ 1`, so each channel's
//! wealth is a nonnegative supermartingale starting at 1, and so is their
//! average `M_t`. By Ville's inequality `P(sup_t M_t ≥ 1/α) ≤ α`: an alarm
//! raised the first time `M_t ≥ 1/α` is false with probability at most
//! `α`, whenever the stream is stopped or looked at. (The null laws are
//! correctly rounded doubles; the rounding changes each factor by at most
//! a few parts in 10^16.)
//!
//! A biased shuffle shifts some channel's feature away from its null; its
//! mixture learns the shift and its wealth grows at the rate of the
//! feature's divergence from the null, less the mixture's cost of about
//! `(k − 1)/2 · ln t`.

use crate::battery;
use crate::statistic::Statistic;

/// The largest deck whose whole arrangement is a channel.
pub const WHOLE_DECK_UP_TO: usize = 6;

/// One feature's bet.
#[derive(Clone, Debug)]
struct Channel {
    /// `ln null(x)` for each value (−∞ where the null never gives it).
    ln_null: Vec<f64>,
    counts: Vec<u32>,
    seen: u64,
    /// `ln` of the wealth.
    ln_wealth: f64,
}

impl Channel {
    fn new(null: &[f64]) -> Self {
        Channel {
            ln_null: null.iter().map(|p| p.ln()).collect(),
            counts: vec![0; null.len()],
            seen: 0,
            ln_wealth: 0.0,
        }
    }

    /// Bets on the value `x`, then learns it.
    #[inline]
    fn bet(&mut self, x: usize) {
        let k = self.counts.len() as f64;
        let prediction = (f64::from(self.counts[x]) + 0.5) / (self.seen as f64 + k / 2.0);
        self.ln_wealth += prediction.ln() - self.ln_null[x];
        self.counts[x] += 1;
        self.seen += 1;
    }
}

/// The channels of a stream of decks of one size and their average wealth.
#[derive(Clone, Debug)]
pub struct Monitor {
    n: usize,
    /// Positions of each card, then the battery, then (small decks) the
    /// whole arrangement, then positions in the previous deck's order.
    channels: Vec<Channel>,
    battery_from: usize,
    whole: Option<usize>,
    lag_from: usize,
    /// `where_before[card]`: its position in the previous deck.
    where_before: Option<Vec<u8>>,
    decks: u64,
}

impl Monitor {
    /// Channels for decks of `n` cards (2..=255).
    pub fn new(n: usize) -> Self {
        let uniform = vec![1.0 / n as f64; n];
        let mut channels: Vec<Channel> = (0..n).map(|_| Channel::new(&uniform)).collect();
        let battery_from = channels.len();
        for s in Statistic::ALL {
            channels.push(Channel::new(&battery::null(s, n)));
        }
        let whole = (n <= WHOLE_DECK_UP_TO).then(|| {
            let k = crate::perm::factorial(n) as usize;
            channels.push(Channel::new(&vec![1.0 / k as f64; k]));
            channels.len() - 1
        });
        let lag_from = channels.len();
        channels.extend((0..n).map(|_| Channel::new(&uniform)));
        Monitor {
            n,
            channels,
            battery_from,
            whole,
            lag_from,
            where_before: None,
            decks: 0,
        }
    }

    /// Bets every channel on the next deck (`deck[position] = card`).
    pub fn observe(&mut self, deck: &[u8]) {
        let n = self.n;
        for (p, &card) in deck.iter().enumerate() {
            self.channels[card as usize].bet(p);
        }
        for (i, s) in Statistic::ALL.into_iter().enumerate() {
            self.channels[self.battery_from + i].bet(s.of(deck));
        }
        if let Some(w) = self.whole {
            self.channels[w].bet(crate::perm::rank(deck));
        }
        match &mut self.where_before {
            Some(before) => {
                // The card now at p held position before[card] in the last
                // deck: in that deck's order, card before[card] is at p.
                for (p, &card) in deck.iter().enumerate() {
                    self.channels[self.lag_from + before[card as usize] as usize].bet(p);
                }
                for (p, &card) in deck.iter().enumerate() {
                    before[card as usize] = p as u8;
                }
            }
            None => {
                let mut before = vec![0u8; n];
                for (p, &card) in deck.iter().enumerate() {
                    before[card as usize] = p as u8;
                }
                self.where_before = Some(before);
            }
        }
        self.decks += 1;
    }

    /// `ln M`: the log of the channels' average wealth.
    pub fn ln_evidence(&self) -> f64 {
        let max = self
            .channels
            .iter()
            .map(|c| c.ln_wealth)
            .fold(f64::NEG_INFINITY, f64::max);
        let sum: f64 = self
            .channels
            .iter()
            .map(|c| (c.ln_wealth - max).exp())
            .sum();
        max + (sum / self.channels.len() as f64).ln()
    }

    /// `log10 M`.
    pub fn log10_evidence(&self) -> f64 {
        self.ln_evidence() / std::f64::consts::LN_10
    }

    /// Whether the evidence has reached `1/alpha`: an alarm, false with
    /// probability at most `alpha` over the whole stream.
    pub fn alarm(&self, alpha: f64) -> bool {
        self.ln_evidence() >= -alpha.ln()
    }

    /// The channel with the most wealth: a name for what the evidence is
    /// about.
    pub fn strongest(&self) -> String {
        let (i, _) = self
            .channels
            .iter()
            .enumerate()
            .max_by(|a, b| a.1.ln_wealth.total_cmp(&b.1.ln_wealth))
            .expect("channels");
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
        self.channels.len()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use algorithms::Shuffle;
    use algorithms::registry::find;
    use statrs::distribution::{Binomial, DiscreteCDF};

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
        let mut m = Monitor::new(n);
        for t in 1..=decks {
            if !carry {
                d.clone_from(&identity);
            }
            alg.shuffle(&mut d, &mut rng);
            m.observe(&d);
            if m.alarm(alpha) {
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
        let mut m = Monitor::new(4);
        assert_eq!(m.ln_evidence(), 0.0);
        assert_eq!(m.channels(), 4 + 5 + 1 + 4);
        m.observe(&[0, 1, 2, 3]);
        // First bet of a position channel: prediction 1/4 = null: factor
        // 1. The battery and whole-deck channels also predict uniformly
        // over their values, which need not be the null.
        assert!(m.channels[..4].iter().all(|c| c.ln_wealth.abs() < 1e-15));
        let avg: f64 =
            m.channels.iter().map(|c| c.ln_wealth.exp()).sum::<f64>() / m.channels.len() as f64;
        assert!((m.ln_evidence() - avg.ln()).abs() < 1e-12);
    }
}
