//! The CSV files: matrices, exact cells, permutation histograms and the
//! battery.

use stats::ExactDistribution;
use std::fmt::Write as _;

/// A matrix as CSV: a `card` column, then one column per position.
pub fn csv_matrix<T: std::fmt::Display>(rows: &[Vec<T>]) -> String {
    let n = rows.len();
    let mut s = String::from("card");
    for p in 0..n {
        let _ = write!(s, ",position_{p}");
    }
    s.push('\n');
    for (card, row) in rows.iter().enumerate() {
        let _ = write!(s, "{card}");
        for c in row {
            let _ = write!(s, ",{c}");
        }
        s.push('\n');
    }
    s
}

/// An exact position matrix as CSV, one row per cell:
/// `card,position,probability_exact,probability`, the reduced fraction
/// beside its value correctly rounded.
pub fn csv_cells(rows: &[Vec<stats::Fraction>]) -> String {
    let mut s = String::from("card,position,probability_exact,probability\n");
    for (card, row) in rows.iter().enumerate() {
        for (position, f) in row.iter().enumerate() {
            let _ = writeln!(s, "{card},{position},{f},{}", f.to_f64());
        }
    }
    s
}

/// The permutation histogram as CSV, one row per arrangement in
/// lexicographic order (rank 0 is the identity): the sampled `count` and,
/// when the law is known, its exact `weight` out of the law's `denominator`
/// and the `probability` it gives.
pub fn csv_permutations(deck: usize, counts: &[u64], law: Option<&ExactDistribution>) -> String {
    let mut s = String::from("rank,arrangement,count");
    if law.is_some() {
        s.push_str(",exact_weight,exact_denominator,exact_probability");
    }
    s.push('\n');
    let mut a: Vec<u8> = (0..deck as u8).collect();
    for (r, c) in counts.iter().enumerate() {
        let arr: Vec<String> = a.iter().map(|x| x.to_string()).collect();
        let _ = write!(s, "{r},{},{c}", arr.join(" "));
        if let Some(law) = law {
            let _ = write!(
                s,
                ",{},{},{}",
                law.weights[r],
                law.denominator,
                law.probability(r)
            );
        }
        s.push('\n');
        stats::law::perm::next_permutation(&mut a);
    }
    s
}

/// Permutation histograms are written as CSV up to this deck size (120
/// rows); larger ones are summarised by their figure and tests, unless
/// every file is asked for ([`FileSet::All`](crate::suite::FileSet::All)). `shuffle-audit exact
/// --json` gives every arrangement's exact probability on 6 cards.
pub const CSV_PERMUTATIONS_UP_TO: usize = 5;

/// With [`FileSet::All`](crate::suite::FileSet::All), permutation histograms are written as CSV up to
/// this deck size (40,320 rows).
pub const CSV_PERMUTATIONS_ALL_UP_TO: usize = 8;

/// The battery as CSV: `statistic,k,count,exact_probability`, one row per
/// statistic and value `k` in `0..=n`.
pub fn csv_battery(battery: &[stats::hypothesis::battery::StatisticSummary]) -> String {
    let mut out = String::from("statistic,k,count,exact_probability\n");
    for b in battery {
        for (k, (c, p)) in b.counts.iter().zip(&b.null).enumerate() {
            let _ = writeln!(out, "{},{k},{c},{p:e}", b.statistic);
        }
    }
    out
}
