//! The pages on real decks (exact position matrices, the battery, the
//! collision test) and on riffles.

use super::links::svg;
use crate::fmt::{fmt_count, fmt_log10_p, fmt_shuffles, riffles_needed};
use std::fmt::Write;

const BACK: &str = "[← the report](README.md) · [glossary](glossary.md)\n";

/// The page on large decks, when the run had any.
pub(super) fn large_decks_page(report: &crate::suite::SuiteReport) -> Option<String> {
    let st = &report.settings.plan;
    let first = *st.large_decks.first()?;
    let mut md = String::new();
    let _ = writeln!(
        md,
        "# Real decks: {} cards\n\n{BACK}",
        super::summary::decks(&st.large_decks)
    );
    let _ = writeln!(
        md,
        "A deck of {first} cards has too many arrangements for a histogram, so large decks get \
         a *battery*: five statistics of each dealt deck whose exact law under a fair \
         shuffle is known for any deck size, each tested against that law by Cressie and \
         Read's power divergence (its exact tail where few decks fall into few cells, else \
         the chi-square on cells pooled to 10 expected): fixed points (rencontres numbers), cycles \
         (Stirling numbers of the first kind), descents and rising sequences (Eulerian \
         numbers; a riffle leaves few rising sequences) and adjacent pairs that survive \
         (card `i` still directly followed by `i + 1`). The *collision test* counts pairs \
         of identical decks among the first {} dealt: a fair shuffle of {first} cards expects \
         about `C(N, 2) / n!`, essentially none, while a shuffle reseeded from a 32-bit \
         seed repeats about `C(N, 2) / 2^32` pairs; `C(N, 2) / pairs` estimates how many \
         decks it can deal at all. Each algorithm's page has its battery and collisions.\n",
        fmt_count(
            st.large_shuffles
                .min(stats::hypothesis::collision::COLLISION_MAX_DECKS)
        ),
    );
    exact_positions_section(&mut md, report);
    Some(md)
}

/// The page on riffles.
pub(super) fn riffles_page(r: &crate::sampled::RiffleReport) -> String {
    let mut md = String::new();
    let _ = writeln!(md, "# Riffles: how many are enough?\n\n{BACK}");
    riffle_section(&mut md, r);
    md
}

/// The exact position matrices of the swap-based shuffles on each large
/// deck: the true bias of a real deck, and how many shuffles reveal it.
fn exact_positions_section(md: &mut String, report: &crate::suite::SuiteReport) {
    let st = &report.settings.plan;
    for &deck in &st.large_decks {
        let rows: Vec<(
            &str,
            &crate::suite::SuiteCase,
            &judge::positions::ExactPositionsInfo,
        )> = report
            .algorithms
            .iter()
            .filter_map(|a| {
                let c = a.cases.iter().find(|c| c.deck == deck)?;
                Some((a.info.id.as_str(), c, c.exact_positions.as_ref()?))
            })
            .collect();
        let Some((_, _, first)) = rows.first() else {
            continue;
        };
        let _ = writeln!(md, "\n## Exact position bias at {deck} cards\n");
        let _ = writeln!(
            md,
            "In a shuffle made of random swaps, one card's position moves as a Markov chain, so \
             the exact {deck}×{deck} position matrix can be computed without sampling (the \
             exact heatmap beside the sampled one in each algorithm's figure). Below: the most \
             and least likely cell (card → position, how far from 1/{deck}), the expected \
             number of cards left in place (1 for a fair shuffle), the shuffles the position \
             test needs to reject at α = {:.0e} with power {} (noncentral chi-square, \
             {} degrees of freedom), and the power this run's shuffles had. Where the law is \
             a product of its draws (Fisher–Yates shapes), its χ² divergence over all {deck}! \
             decks is exact too, and gives a floor no test of any kind can beat \
             (Hellinger bound). The last column compares this run's counts with the exact \
             matrix: the exact binomial p-value of the cell that strays furthest, times the \
             {} cells (Bonferroni). A correct chain falls below {family} with probability \
             at most {family}, at any number of shuffles; below it, the run reports a \
             disagreement.\n",
            first.alpha,
            first.power,
            (deck - 1) * (deck - 1),
            deck * deck,
            family = judge::words::power_of_ten(judge::positions::POSITIONS_FAMILY_ALPHA)
        );
        let _ = writeln!(
            md,
            "| algorithm | largest cell | smallest cell | E[fixed points] | position test needs | power of this run | χ² divergence | no test under | furthest cell vs exact (family-wise p) |\n|---|---|---|---:|---:|---:|---:|---:|---:|"
        );
        let cell = |c: &judge::positions::CellInfo| {
            format!(
                "{} → {} ({:+.3}%)",
                c.card,
                c.position,
                100.0 * c.relative_deviation
            )
        };
        for (id, case, e) in &rows {
            let needed = e
                .shuffles_to_detect
                .map_or("never (flat)".into(), fmt_shuffles);
            let (chi2, floor) = match &e.divergence {
                Some(d) => (
                    format!("{:.3e}", d.chi2),
                    d.any_test_needs_at_least
                        .map_or("never (uniform)".into(), fmt_shuffles),
                ),
                None => ("".into(), "".into()),
            };
            let shuffles = case.sampled.as_ref().map_or(0, |s| s.shuffles);
            let (largest, smallest) = if e.shuffles_to_detect.is_some() {
                (cell(&e.max_cell), cell(&e.min_cell))
            } else {
                (format!("every cell 1/{deck}"), String::new())
            };
            let _ = writeln!(
                md,
                "| `{id}` | {largest} | {smallest} | {:.4} | {needed} | {:.3} at {} | {chi2} | {floor} | {} |",
                e.expected_fixed_points,
                e.power_at_this_run,
                fmt_count(shuffles),
                fmt_log10_p(if e.against_exact.cell.family_p > 0.0 {
                    e.against_exact.cell.family_p.log10()
                } else {
                    f64::MIN
                })
            );
        }
        let _ = writeln!(md);
        let rand15: Vec<_> = rows
            .iter()
            .filter(|(id, _, e)| id.ends_with("15") && e.divergence.is_some())
            .collect();
        if let Some((_, _, e)) = rand15.first()
            && let (Some(n), Some(d)) = (e.shuffles_to_detect, &e.divergence)
        {
            let _ = writeln!(
                md,
                "C's 15-bit `rand()` reduced to `k` results (`rand() % k` or the documents' \
                 `(int)(k * rand() / (RAND_MAX + 1.0))`) gives some results {}/32768 and others \
                 one more, so each draw is off by about 1/{}. At {deck} cards that moves no cell \
                 by more than {:.3}%: the position test needs about {} shuffles, and no test of \
                 any kind can reach power {} with fewer than {} (its total variation distance \
                 from uniform is between {:.2e} and {:.2e}). This run's {} shuffles had power \
                 {:.1e} to see it: its verdict at {deck} cards says nothing of a bias this small, \
                 which is real all the same.\n",
                32768 / deck,
                32768 / deck,
                100.0
                    * e.max_cell
                        .relative_deviation
                        .abs()
                        .max(e.min_cell.relative_deviation.abs()),
                fmt_shuffles(n),
                e.power,
                d.any_test_needs_at_least
                    .map_or("never".into(), fmt_shuffles),
                d.total_variation_bounds[0],
                d.total_variation_bounds[1],
                fmt_count(st.large_shuffles),
                e.power_at_this_run
            );
        }
    }
}

/// How many riffles make a deck look shuffled: the exact distance, the
/// sampled verdicts, and the riffles each test needs.
fn riffle_section(md: &mut String, r: &crate::sampled::RiffleReport) {
    let _ = writeln!(
        md,
        "A riffle cuts the deck in two and interleaves the halves. After `k` riffles of the \
         Gilbert–Shannon–Reeds model an arrangement with `r` rising sequences has probability \
         `C(2^k + n − r, n) / 2^(nk)` (Bayer and Diaconis 1992), so the distance from uniform \
         is exact. Beside it, {} decks of {} cards riffled `k` times (seed {}) for the model \
         and for `riffleShuffle` from \"The JavaScript Shuffle\", seven times (as it recommends) \
         included: the \
         p-value of each test, and how many riffles each test needs before it can no longer \
         tell the deck from uniform (p ≥ {} at every later `k` up to {}).\n",
        fmt_count(r.study.shuffles),
        r.study.deck,
        r.study.seed,
        r.study.tells_below,
        r.study.max_riffles
    );
    if let Some(f) = &r.figure {
        let _ = writeln!(
            md,
            "![Riffles: exact distance and what each test sees]({f})\n\n*Left: the exact \
             distance after `k` GSR riffles, 7 marked. Middle and right: `−log10 p` of each \
             test (p = 10^−y, capped at 30) for the model and for `riffleShuffle`; under the \
             dashed line a test no longer tells.* [SVG]({})\n",
            svg(f)
        );
    }
    let names: Vec<&str> = r
        .study
        .models
        .iter()
        .map(|m| m.algorithm.as_str())
        .collect();
    let _ = writeln!(
        md,
        "| k | exact TV (GSR) | {} |\n|---:|---:|{}",
        names
            .iter()
            .map(|n| format!("`{n}`: smallest adjusted p, verdict"))
            .collect::<Vec<_>>()
            .join(" | "),
        "---|".repeat(names.len())
    );
    for k in 1..=r.study.max_riffles {
        let tv = r
            .study
            .models
            .iter()
            .flat_map(|m| m.rows.iter())
            .find_map(|row| {
                (row.riffles == k)
                    .then_some(row.exact_total_variation)
                    .flatten()
            })
            .map_or_else(|| "–".into(), |t| format!("{t:.6}"));
        let cells: Vec<String> = r
            .study
            .models
            .iter()
            .map(|m| {
                m.rows.iter().find(|row| row.riffles == k).map_or_else(
                    || "–".into(),
                    |row| {
                        format!(
                            "{}, {}",
                            fmt_log10_p(row.log10_min_adjusted_p),
                            row.grade.label()
                        )
                    },
                )
            })
            .collect();
        let _ = writeln!(md, "| {k} | {tv} | {} |", cells.join(" | "));
    }
    let _ = writeln!(
        md,
        "\nRiffles each test needs before it can no longer tell:\n\n| test | {} |\n|---|{}",
        names
            .iter()
            .map(|n| format!("`{n}`"))
            .collect::<Vec<_>>()
            .join(" | "),
        "---:|".repeat(names.len())
    );
    if let Some(first) = r.study.models.first() {
        for (i, need) in first.riffles_needed.iter().enumerate() {
            let cells: Vec<String> = r
                .study
                .models
                .iter()
                .map(|m| {
                    m.riffles_needed.get(i).map_or_else(String::new, |n| {
                        riffles_needed(n.riffles, r.study.max_riffles)
                    })
                })
                .collect();
            let _ = writeln!(md, "| {} | {} |", need.test, cells.join(" | "));
        }
    }
    if !r.study.random_keys.is_empty() {
        let _ = writeln!(
            md,
            "\nSorting by random keys is riffling backwards: a stable sort of {} cards by \
             independent `b`-bit keys deals an arrangement with `d` descents with probability \
             `C(2^b + n − 1 − d, n) / 2^(nb)`, the law of the inverse of `b` riffles, so its \
             exact distance from uniform is that of `b` riffles: {}.",
            r.study.deck,
            r.study
                .random_keys
                .iter()
                .map(|k| format!("{} bits {:.3e}", k.bits, k.total_variation))
                .collect::<Vec<_>>()
                .join(", ")
        );
    }
    let _ = writeln!(md);
}
