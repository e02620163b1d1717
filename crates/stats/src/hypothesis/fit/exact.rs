//! The exact tail of a goodness-of-fit statistic under the multinomial
//! law, for counts that can fall in few enough ways to enumerate.

use super::Divergence;

/// The most ways `n` counts can fall into the cells of a law for which
/// [`fit_expected`](super::fit_expected) sums the exact multinomial law of its statistic
/// instead of referring it to the chi-square.
pub const EXACT_FIT_COMPOSITIONS: f64 = 2e4;

/// The ways `n` counts can fall into `k` cells, `C(n + k − 1, k − 1)`, in
/// floating point: what [`EXACT_FIT_COMPOSITIONS`] bounds.
pub fn compositions(n: u64, k: usize) -> f64 {
    (1..k).fold(1.0f64, |w, i| w * (n + i as u64) as f64 / i as f64)
}

/// `log10 P(S ≥ x)` for the statistic `S` of `divergence` over `n` draws
/// from the law `p` (every cell possible), summed over every way the draws
/// can fall ([`compositions`]), or `None` when there are more than
/// [`EXACT_FIT_COMPOSITIONS`]. Where few draws fall into few cells,
/// the chi-square reference is off (5 cards, 25 decks: the successions'
/// pooled Pearson test rejected 7.6 % of fair runs at 0.05); the exact sum
/// holds at every size (`P(p ≤ α) ≤ α`).
pub fn exact_log10_p(divergence: Divergence, n: u64, p: &[f64], x: f64) -> Option<f64> {
    let k = p.len();
    if k < 2 || compositions(n, k) > EXACT_FIT_COMPOSITIONS {
        return None;
    }
    let ln_fact: Vec<f64> = std::iter::once(0.0)
        .chain((1..=n).scan(0.0, |acc, i| {
            *acc += (i as f64).ln();
            Some(*acc)
        }))
        .collect();
    // Each cell's term and log-weight for every count it can hold, looked
    // up in the walk (the tables number up to EXACT_FIT_COMPOSITIONS, the
    // counts only up to n).
    let by_count = |f: &dyn Fn(usize, u64) -> f64| -> Vec<Vec<f64>> {
        (0..k).map(|i| (0..=n).map(|c| f(i, c)).collect()).collect()
    };
    let mut tables = Tables {
        terms: by_count(&|i, c| divergence.term(c as f64, n as f64 * p[i])),
        ln_weights: by_count(&|i, c| c as f64 * p[i].ln() - ln_fact[c as usize]),
        ln_n_fact: ln_fact[ln_fact.len() - 1],
        // Ties: the observed table's own statistic, recomputed in another
        // order, may differ in its last bits.
        at_least: x - 1e-9 * x.max(1.0),
        counts: vec![0; k],
        tail: LogSum::default(),
    };
    tables.walk(0, n);
    Some((tables.tail.ln() / std::f64::consts::LN_10).min(0.0))
}

/// The tables of counts [`exact_log10_p`] walks through, and the
/// probability of those whose statistic reaches the observed one.
struct Tables {
    /// `terms[i][c]`: cell `i`'s term of the statistic with count `c`.
    terms: Vec<Vec<f64>>,
    /// `ln_weights[i][c]`: `c ln p_i − ln c!`.
    ln_weights: Vec<Vec<f64>>,
    ln_n_fact: f64,
    at_least: f64,
    counts: Vec<u64>,
    tail: LogSum,
}

impl Tables {
    /// Every way to share `left` draws among the cells from `cell` on.
    fn walk(&mut self, cell: usize, left: u64) {
        if cell + 1 < self.counts.len() {
            for c in 0..=left {
                self.counts[cell] = c;
                self.walk(cell + 1, left - c);
            }
            return;
        }
        self.counts[cell] = left;
        let (mut x2, mut ln_pmf) = (0.0, self.ln_n_fact);
        for (i, &c) in self.counts.iter().enumerate() {
            x2 += self.terms[i][c as usize];
            ln_pmf += self.ln_weights[i][c as usize];
        }
        if x2 >= self.at_least {
            self.tail.add(ln_pmf);
        }
    }
}

/// A sum of `exp(l)` kept as its logarithm, so that terms far below the
/// smallest double still count.
#[derive(Default)]
struct LogSum {
    max: f64,
    scaled: f64,
}

impl LogSum {
    fn add(&mut self, l: f64) {
        if self.scaled == 0.0 {
            (self.max, self.scaled) = (l, 1.0);
        } else if l <= self.max {
            self.scaled += (l - self.max).exp();
        } else {
            self.scaled = self.scaled * (self.max - l).exp() + 1.0;
            self.max = l;
        }
    }

    /// `ln` of the sum (`−∞` for none).
    fn ln(&self) -> f64 {
        if self.scaled == 0.0 {
            f64::NEG_INFINITY
        } else {
            self.max + self.scaled.ln()
        }
    }
}
