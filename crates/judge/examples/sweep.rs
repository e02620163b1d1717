//! The calibration sweep of `audit` on fair decks: every deck size from 3
//! to 12 cards and 52, numbers of decks from the fewest `audit` tests to
//! 100 per cell, on both sides of each point where the family of tests
//! changes. Prints a Markdown table of each test's rejections at 0.01 and
//! 0.05 with its band, and the whole family's exit-1 rate; exits 1 when a
//! count lies outside its band.
//!
//! Usage: `sweep [BUDGET] [MAX_REPS]`: each point runs
//! `min(MAX_REPS, BUDGET / decks)` repetitions (defaults: 2e10 decks and
//! 19,000 repetitions, which catch a rate 1.5 times the level at 0.01).
//! `scripts/sweep.sh` runs it in release and writes the table.

use judge::calibration::{Calibrated, LEVELS, Point, PointRates, check, rates};
use stats::law::perm::factorial;
use std::fmt::Write;
use std::time::Instant;

/// The points of the sweep for decks of `n` cards.
fn points(n: usize) -> Vec<u64> {
    let min = stats::test::audit::min_shuffles_to_test(n);
    let mut sizes = vec![min, 4 * min];
    if n <= stats::sample::MAX_HISTOGRAM_DECK {
        let switch = stats::test::audit::min_shuffles_for_histogram(n);
        let k = factorial(n);
        sizes.extend([switch - 1, switch, 7 * k, 10 * k, 20 * k, 100 * k]);
    } else {
        sizes.extend([100 * n as u64, 10_000, 100_000, 1_000_000]);
    }
    sizes.retain(|&s| s >= min);
    sizes.sort_unstable();
    sizes.dedup();
    sizes
}

fn main() {
    let mut args = std::env::args().skip(1);
    let budget: f64 = args.next().map_or(2e10, |a| a.parse().expect("BUDGET"));
    let max_reps: u64 = args.next().map_or(19_000, |a| a.parse().expect("MAX_REPS"));
    let decks: Vec<usize> = (3..=12).chain([52]).collect();
    let mut all: Vec<(PointRates, f64)> = Vec::new();
    let start = Instant::now();
    for &n in &decks {
        for size in points(n) {
            let reps = ((budget / size as f64) as u64).clamp(0, max_reps);
            if reps < 100 {
                eprintln!(
                    "{n} cards, {size} decks: skipped (fewer than 100 repetitions in the budget)"
                );
                continue;
            }
            let t = Instant::now();
            let r = rates(
                Point {
                    deck: n,
                    decks: size,
                },
                reps,
                1,
            );
            let secs = t.elapsed().as_secs_f64();
            eprintln!(
                "{n} cards, {size} decks, {reps} repetitions: {secs:.1} s (total {:.0} s)",
                start.elapsed().as_secs_f64()
            );
            // The counts as they come, so that a sweep cut short keeps them.
            for t in r.tests.iter().chain([&r.family]) {
                eprintln!(
                    "  {}: {} and {} of {} below 0.01 and 0.05",
                    t.name, t.rejected[0], t.rejected[1], t.runs
                );
            }
            all.push((r, secs));
        }
    }
    let checks: usize = all
        .iter()
        .map(|(r, _)| (r.tests.len() + 1) * LEVELS.len())
        .sum();
    let mut out = String::new();
    let mut failed = 0;
    let _ = writeln!(
        out,
        "| cards | decks | per arrangement | repetitions | test | rejected at 0.01 (band) | rejected at 0.05 (band) | caught at | calibrated |"
    );
    let _ = writeln!(out, "|---:|---:|---:|---:|---|---:|---:|---:|---|");
    for (r, _) in &all {
        let per = match r.point.deck <= 12 {
            true => format!(
                "{:.2}",
                r.point.decks as f64 / factorial(r.point.deck) as f64
            ),
            false => "-".into(),
        };
        for (t, family) in r
            .tests
            .iter()
            .map(|t| (t, false))
            .chain(std::iter::once((&r.family, true)))
        {
            let c =
                LEVELS.map(|a| check(t.rejected[usize::from(a > 0.02)], t.runs, a, checks, family));
            let word = if c.iter().any(|c| c.calibrated == Calibrated::TooMany) {
                failed += 1;
                "**too many**"
            } else if c.iter().any(|c| c.calibrated == Calibrated::Conservative) {
                "conservative"
            } else {
                "yes"
            };
            let _ = writeln!(
                out,
                "| {} | {} | {} | {} | {} | {} ({}..={}) | {} ({}..={}) | x{:.2} / x{:.2} | {} |",
                r.point.deck,
                r.point.decks,
                per,
                t.runs,
                if family {
                    "whole family (exit 1)"
                } else {
                    &t.name
                },
                c[0].rejected,
                if family { 0 } else { c[0].band.0 },
                c[0].band.1,
                c[1].rejected,
                if family { 0 } else { c[1].band.0 },
                c[1].band.1,
                c[0].detects,
                c[1].detects,
                word
            );
        }
    }
    print!("{out}");
    eprintln!(
        "{} points, {checks} checks, {failed} rows outside their band, {:.0} s",
        all.len(),
        start.elapsed().as_secs_f64()
    );
    std::process::exit(i32::from(failed > 0));
}
