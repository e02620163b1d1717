//! Kolmogorov–Smirnov tests of p-values against the uniform law: the
//! two-level test of repeated runs, exact for small samples (Marsaglia,
//! Tsang and Wang's matrix method) and one-sided for too many small
//! p-values.

/// `P(D_n >= d)` for the one-sample Kolmogorov–Smirnov statistic `D_n` on `n`
/// observations: the exact method of Marsaglia, Tsang & Wang (2003), with
/// their right-tail shortcut where the p-value is below about 1e-3.
pub fn ks_pvalue(n: usize, d: f64) -> f64 {
    if d <= 0.0 {
        return 1.0;
    }
    if d >= 1.0 {
        return 0.0;
    }
    let nf = n as f64;
    let s = d * d * nf;
    if s > 7.24 || (s > 3.76 && n > 99) {
        return (2.0 * (-(2.000071 + 0.331 / nf.sqrt() + 1.409 / nf) * s).exp()).min(1.0);
    }
    (1.0 - kolmogorov_cdf(n, d)).clamp(0.0, 1.0)
}

/// `P(D_n < d)`, Marsaglia, Tsang & Wang, "Evaluating Kolmogorov's
/// distribution", J. Stat. Softw. 8(18), 2003.
fn kolmogorov_cdf(n: usize, d: f64) -> f64 {
    let nf = n as f64;
    let k = (nf * d) as usize + 1;
    let m = 2 * k - 1;
    let h = k as f64 - nf * d;
    let mut hm = vec![0.0f64; m * m];
    for i in 0..m {
        for j in 0..m {
            hm[i * m + j] = if i + 1 < j { 0.0 } else { 1.0 };
        }
    }
    for i in 0..m {
        hm[i * m] -= h.powi(i as i32 + 1);
        hm[(m - 1) * m + i] -= h.powi((m - i) as i32);
    }
    if 2.0 * h - 1.0 > 0.0 {
        hm[(m - 1) * m] += (2.0 * h - 1.0).powi(m as i32);
    }
    for i in 0..m {
        for j in 0..m {
            if i + 1 > j {
                for g in 1..=(i + 1 - j) {
                    hm[i * m + j] /= g as f64;
                }
            }
        }
    }
    let (q, mut eq) = matrix_power(&hm, 0, m, n);
    let mut s = q[(k - 1) * m + k - 1];
    for i in 1..=n {
        s = s * i as f64 / nf;
        if s < 1e-140 {
            s *= 1e140;
            eq -= 140;
        }
    }
    s * 10f64.powi(eq)
}

fn matrix_multiply(a: &[f64], b: &[f64], m: usize) -> Vec<f64> {
    let mut c = vec![0.0; m * m];
    for i in 0..m {
        for k in 0..m {
            let aik = a[i * m + k];
            for j in 0..m {
                c[i * m + j] += aik * b[k * m + j];
            }
        }
    }
    c
}

/// `A^n` with a decimal exponent kept aside to avoid overflow.
fn matrix_power(a: &[f64], ea: i32, m: usize, n: usize) -> (Vec<f64>, i32) {
    if n == 1 {
        return (a.to_vec(), ea);
    }
    let (v, ev) = matrix_power(a, ea, m, n / 2);
    let b = matrix_multiply(&v, &v, m);
    let eb = 2 * ev;
    let (mut v, mut ev) = if n.is_multiple_of(2) {
        (b, eb)
    } else {
        (matrix_multiply(a, &b, m), ea + eb)
    };
    if v[(m / 2) * m + m / 2] > 1e140 {
        v.iter_mut().for_each(|x| *x *= 1e-140);
        ev += 140;
    }
    (v, ev)
}

/// The Kolmogorov–Smirnov test that `p_values` are uniform on (0, 1):
/// returns `(D, p)`.
pub fn ks_uniform(p_values: &[f64]) -> (f64, f64) {
    let mut v = p_values.to_vec();
    v.sort_by(f64::total_cmp);
    let n = v.len() as f64;
    let d = v
        .iter()
        .enumerate()
        .map(|(i, &x)| ((i as f64 + 1.0) / n - x).max(x - i as f64 / n))
        .fold(0.0, f64::max);
    (d, ks_pvalue(v.len(), d))
}

/// The one-sided Kolmogorov–Smirnov test that `p_values` are not smaller
/// than uniform: `D⁺ = max_i (i/n − p_(i))`, how far their empirical law
/// runs above the diagonal (too many small p-values), and its exact
/// p-value by Birnbaum and Tingey (1951):
/// `P(D⁺ ≥ d) = d Σ_{j=0}^{⌊n(1−d)⌋} C(n, j) (1 − d − j/n)^(n−j) (d + j/n)^(j−1)`,
/// summed in logarithms (every term is positive).
///
/// Valid for the p-values of discrete tests too: an exact test's p-value
/// is super-uniform (`P(p ≤ u) ≤ u`), which can only lower `D⁺`, while
/// the two-sided statistic counts its atoms (a p-value of exactly 1, say)
/// as departures. A bias that shows in run after run lowers p-values, and
/// `D⁺` is what it raises.
pub fn ks_uniform_upper(p_values: &[f64]) -> (f64, f64) {
    let mut v = p_values.to_vec();
    v.sort_by(f64::total_cmp);
    let n = v.len();
    let d = v
        .iter()
        .enumerate()
        .map(|(i, &x)| (i as f64 + 1.0) / n as f64 - x)
        .fold(0.0, f64::max);
    (d, ks_upper_pvalue(n, d))
}

/// `P(D⁺_n ≥ d)` for `n` uniform values, exact (Birnbaum and Tingey
/// 1951).
pub fn ks_upper_pvalue(n: usize, d: f64) -> f64 {
    if n == 0 || d <= 0.0 {
        return 1.0;
    }
    if d > 1.0 {
        return 0.0;
    }
    let nf = n as f64;
    let last = (nf * (1.0 - d)).floor() as usize;
    let mut ln_choose = 0.0f64;
    let mut terms = Vec::with_capacity(last.min(n) + 1);
    for j in 0..=last.min(n) {
        let jf = j as f64;
        let a = 1.0 - d - jf / nf;
        let b = d + jf / nf;
        // 0^0 = 1 at j = n (only when d = 0, excluded above, or a = 0).
        let ln_a = if n - j == 0 {
            0.0
        } else {
            (n - j) as f64 * a.max(0.0).ln()
        };
        terms.push(ln_choose + ln_a + (jf - 1.0) * b.ln());
        ln_choose += (nf - jf).ln() - (jf + 1.0).ln();
    }
    let top = terms.iter().copied().fold(f64::NEG_INFINITY, f64::max);
    if top == f64::NEG_INFINITY {
        return 0.0;
    }
    let sum: f64 = terms.iter().map(|t| (t - top).exp()).sum();
    (d.ln() + top + sum.ln()).exp().clamp(0.0, 1.0)
}
