//! Observed false-positive rates of every test on Fisher–Yates, as a
//! Markdown table. Run by `scripts/calibrate.sh`, which writes it to
//! `reports/calibration.md`.
//!
//! Usage: calibrate [RUNS]   (default 1000)

use algorithms::registry::find;
use stats::hypothesis::fit::{
    binomial_band, g_uniform, ks_uniform, pearson_uniform, position_test, position_test_uncorrected,
};
use stats::law::perm::factorial;
use stats::sample::{Histogram, RNG_NAME, sample};

fn main() {
    let runs: u64 = std::env::args()
        .nth(1)
        .map_or(1000, |s| s.parse().expect("RUNS"));
    let fy = &find("fisher-yates").unwrap().algorithm;
    let band = |alpha: f64| binomial_band(runs, alpha, 0.0005);
    let (b05, b01) = (band(0.05), band(0.01));
    println!("# Calibration: false-positive rates on a uniform shuffle\n");
    println!(
        "Each row: {runs} independent Fisher–Yates runs (seeds 1..={runs}) of 20 × n! shuffles, one p-value per run. \
         For a calibrated test the share of p-values below α is α, within the 99.9 % binomial band given \
         ({runs} runs: {}..={} rejections at 0.05, {}..={} at 0.01), and a Kolmogorov–Smirnov test of the p-values does \
         not reject. The uncorrected position statistic (the plain Pearson sum against (n−1)² degrees of freedom) \
         is shown as the negative control: it must fail.\n",
        b05.0, b05.1, b01.0, b01.1
    );
    println!("Generator: {RNG_NAME}. Written by `scripts/calibrate.sh`.\n");
    println!("| n | test | rejected at 0.05 | rejected at 0.01 | KS p-value | calibrated |");
    println!("|---:|---|---:|---:|---:|---|");
    for n in 3..=8usize {
        let shuffles = 20 * factorial(n);
        let mut p: Vec<[f64; 4]> = Vec::with_capacity(runs as usize);
        for seed in 1..=runs {
            let h = sample(fy, n, shuffles, seed, || Histogram::new(n), &|_| {});
            let pos = h.positions();
            p.push([
                pearson_uniform(stats::TestName::PERMUTATION_CHI2, &h.counts).p_value,
                g_uniform(stats::TestName::PERMUTATION_G, &h.counts).p_value,
                position_test(&pos.counts, n, shuffles).p_value,
                position_test_uncorrected(&pos.counts, n, shuffles).p_value,
            ]);
        }
        for (i, name) in [
            "permutation-chi2",
            "permutation-g",
            "position-chi2",
            "position-chi2, uncorrected",
        ]
        .iter()
        .enumerate()
        {
            let v: Vec<f64> = p.iter().map(|x| x[i]).collect();
            let r05 = v.iter().filter(|&&x| x < 0.05).count() as u64;
            let r01 = v.iter().filter(|&&x| x < 0.01).count() as u64;
            let ks = ks_uniform(&v).1;
            let ok =
                (b05.0..=b05.1).contains(&r05) && (b01.0..=b01.1).contains(&r01) && ks >= 0.001;
            let ks_text = if ks < 1e-3 {
                format!("{ks:.1e}")
            } else {
                format!("{ks:.3}")
            };
            println!(
                "| {n} | {name} | {r05} ({:.1} %) | {r01} ({:.1} %) | {ks_text} | {} |",
                100.0 * r05 as f64 / runs as f64,
                100.0 * r01 as f64 / runs as f64,
                if ok { "yes" } else { "**no**" }
            );
        }
    }
}
