//! The Markdown summary of the default run (`reports/README.md`).

use crate::{ExactReport, SuiteAlgorithm, SuiteReport};
use stats::perm::factorial;
use std::fmt::Write;

/// Formats a probability or distance for a table: exact zero as `0`, tiny
/// values in scientific notation, the rest with 6 significant digits.
pub fn fmt_prob(x: f64) -> String {
    if x == 0.0 {
        "0".into()
    } else if x.abs() < 1e-3 {
        format!("{x:.3e}")
    } else {
        format!("{x:.6}")
    }
}

fn tv_cell(r: &ExactReport) -> String {
    let b = r.total_variation_bounds;
    if b.lower == b.upper {
        fmt_prob(b.lower)
    } else {
        format!("{}–{}", fmt_prob(b.lower), fmt_prob(b.upper))
    }
}

/// The effect-size cell of the summary: the exact total variation distance
/// on the largest enumerated deck, else the largest relative deviation of a
/// position cell on the largest sampled deck.
pub fn effect_cell(a: &SuiteAlgorithm) -> String {
    if let Some(r) = a.largest_exact() {
        return format!("TV {} (n={}, exact)", tv_cell(r), r.deck);
    }
    a.cases
        .iter()
        .rev()
        .find_map(|c| c.sampled.as_ref())
        .map_or_else(
            || "-".into(),
            |s| {
                format!(
                    "max dev {:.1}% (n={})",
                    100.0 * s.effect.max_relative_deviation,
                    s.deck
                )
            },
        )
}

fn anchor(id: &str) -> String {
    id.to_ascii_lowercase()
}

/// Renders the default run as Markdown: `reports/README.md`.
pub fn suite(report: &SuiteReport) -> String {
    let mut md = String::new();
    let p = &report.provenance;
    let st = &report.settings;
    let list = |v: &[usize]| {
        v.iter()
            .map(|d| d.to_string())
            .collect::<Vec<_>>()
            .join(", ")
    };
    let _ = writeln!(md, "# shuffle-audit report\n");
    let _ = writeln!(
        md,
        "Is each shuffle fair? Every registered algorithm was enumerated exactly on decks of \
         {} cards (every sequence of random choices walked with its exact probability: no \
         sampling noise), and sampled {} times on decks of {} cards (permutation histogram and \
         position matrix) and {} times on decks of {} cards (position matrix), seed {}. \
         Written by `{}` ({} {}, commit `{}`).\n",
        list(&st.exact_decks),
        st.shuffles,
        list(&st.decks),
        st.large_shuffles,
        list(&st.large_decks),
        st.seed,
        p.command,
        p.tool,
        p.version,
        short(&p.git_commit)
    );
    if let Some(h) = &report.headline {
        let _ = writeln!(md, "![The naive swap beside Fisher–Yates]({h})\n");
        let _ = writeln!(
            md,
            "*Headline.* Where each card ends up, for the naive swap (left: every card swapped \
             with any card) and Fisher–Yates (right: each card swapped with one not yet \
             placed), on the same colour scale. Rows are cards by starting position, columns \
             final positions; colour is observed / expected − 1: white is fair, red too \
             often, blue too rarely.\n"
        );
    }
    let _ = writeln!(md, "## Summary\n");
    let _ = writeln!(
        md,
        "*Verdict* combines every case: `biased` as soon as an exact law or a sampled test \
         proves a bias. *Worst p* is the smallest Bonferroni-adjusted p-value of the sampled \
         tests. *Effect* is the exact total variation distance (TV: the largest advantage a \
         bet on the deck's order can have) on the largest enumerated deck, or else the \
         largest relative deviation of a position cell.\n"
    );
    let _ = writeln!(
        md,
        "| algorithm | expected | verdict | worst p | effect | agrees |\n|---|---|---|---:|---|---|"
    );
    for a in &report.algorithms {
        let worst = a
            .worst_log10_p()
            .map_or_else(|| "–".into(), crate::text::fmt_log10_p);
        let _ = writeln!(
            md,
            "| [`{}`](#{}) | {} | {} | {} | {} | {} |",
            a.info.id,
            anchor(&a.info.id),
            a.info.expected,
            a.verdict,
            worst,
            effect_cell(a),
            if a.agrees { "yes" } else { "**no**" }
        );
    }
    let _ = writeln!(md, "\n## How to read the figures\n");
    let _ = writeln!(
        md,
        "A *position heatmap* has one row per card (by its starting position) and one column \
         per final position. Each cell's colour is how much more (red) or less (blue) often \
         than `1/n` that card ended there: observed / expected − 1, on a scale symmetric \
         around 0 whose limits the colour bar gives. A fair shuffle is white up to sampling \
         noise; so that noise is not stretched over the whole scale, the limits are at least \
         four standard errors of a fair shuffle's cell, `4·sqrt((n−1)/N)` for `N` shuffles. \
         A *permutation figure* shows the probability of each arrangement (bars up to 4 \
         cards, sorted from most to least likely above) against the uniform `1/n!` (black or \
         grey line) and, for sampled figures, the 99 % band a fair shuffle stays in (grey).\n"
    );
    for a in &report.algorithms {
        algorithm_section(&mut md, a, st);
    }
    let _ = writeln!(md, "\n## Provenance\n");
    let _ = writeln!(md, "- command: `{}`", p.command);
    let _ = writeln!(
        md,
        "- tool: {} {}, commit `{}`",
        p.tool, p.version, p.git_commit
    );
    let _ = writeln!(md, "- compiler: {}", p.rustc);
    let _ = writeln!(md, "- crates: {}", p.crates.join(", "));
    let _ = writeln!(md, "- generator: {}", st.rng);
    let _ = writeln!(md, "- date: {}", p.date);
    if let Some(t) = p.threads {
        let _ = writeln!(md, "- threads: {t} (the counts do not depend on it)");
    }
    if let Some(s) = p.wall_seconds {
        let _ = writeln!(md, "- wall time: {s:.1} s");
    }
    let _ = writeln!(
        md,
        "\nEvery figure and count can be reproduced with the command above; the same seed \
         gives the same counts on any number of threads. Data files (CSV) are under `data/`, \
         the full results in `report.json` (schema in `SCHEMA.md`)."
    );
    md
}

fn short(commit: &str) -> &str {
    commit.get(..12).unwrap_or(commit)
}

fn algorithm_section(md: &mut String, a: &SuiteAlgorithm, st: &crate::SuiteSettings) {
    let _ = writeln!(md, "\n## {}\n", a.info.id);
    let _ = writeln!(md, "**{}.** {}\n", a.info.name, a.info.summary);
    let _ = writeln!(md, "Source: {}.\n", a.info.source);
    let _ = writeln!(
        md,
        "Verdict: **{}** (expected: {}).{}\n",
        a.verdict,
        a.info.expected,
        if a.disagreements.is_empty() {
            String::new()
        } else {
            format!(" Disagreements: {}.", a.disagreements.join("; "))
        }
    );
    if let Some(note) = &a.info.exact_note {
        let _ = writeln!(md, "Not enumerable: {note}.\n");
    }
    // Figures: the heatmaps of the largest small deck and the first large
    // deck, and the permutation figure of the smallest deck.
    let sampled: Vec<&crate::SuiteCase> = a.cases.iter().filter(|c| c.sampled.is_some()).collect();
    let small = sampled.iter().rev().find(|c| st.decks.contains(&c.deck));
    let large = sampled.iter().find(|c| st.large_decks.contains(&c.deck));
    for case in [small, large].into_iter().flatten() {
        let s = case.sampled.as_ref().expect("sampled");
        if let Some(f) = case
            .files
            .iter()
            .find(|f| f.contains("positions") && f.ends_with(".png"))
        {
            let _ = writeln!(
                md,
                "![{} position heatmap, n = {}]({f})\n",
                a.info.id, s.deck
            );
            let _ = writeln!(
                md,
                "*{}, {} cards, {} shuffles, seed {}.* Rows: cards by starting position; \
                 columns: final positions; colour: observed / expected − 1 (largest deviation \
                 {:.2}%). [SVG]({})\n",
                a.info.id,
                s.deck,
                s.shuffles,
                s.seed,
                100.0 * s.effect.max_relative_deviation,
                f.replace(".png", ".svg")
            );
        }
    }
    if let Some(case) = a.cases.iter().find(|c| {
        c.files
            .iter()
            .any(|f| f.contains("permutations") && f.ends_with(".png"))
    }) {
        let f = case
            .files
            .iter()
            .find(|f| f.contains("permutations") && f.ends_with(".png"))
            .expect("found");
        let _ = writeln!(
            md,
            "![{} permutation probabilities, n = {}]({f})\n\n*{}, {} cards: the probability of \
             each arrangement against the uniform 1/{}! (line) and a fair shuffle's 99 % band.* \
             [SVG]({})\n",
            a.info.id,
            case.deck,
            a.info.id,
            case.deck,
            case.deck,
            f.replace(".png", ".svg")
        );
    }
    // Exact laws.
    if a.cases.iter().any(|c| c.exact.is_some()) {
        let _ = writeln!(
            md,
            "Exact laws:\n\n| n | method | paths | support | P(identity) | max p | min p | TV | verdict |\n|---:|---|---:|---:|---:|---:|---:|---:|---|"
        );
        for c in &a.cases {
            if let Some(r) = &c.exact {
                let _ = writeln!(
                    md,
                    "| {} | {} | {} | {} / {} | {} | {} | {} | {} | {} |",
                    r.deck,
                    r.method,
                    r.paths,
                    r.support,
                    factorial(r.deck),
                    fmt_prob(r.identity_probability),
                    fmt_prob(r.max_probability),
                    fmt_prob(r.min_probability),
                    tv_cell(r),
                    r.verdict.label()
                );
            }
        }
        let _ = writeln!(md);
    }
    // Sampled tests.
    if !sampled.is_empty() {
        let _ = writeln!(
            md,
            "Sampled tests (seed {}):\n\n| n | shuffles | test | statistic | df | p | verdict |\n|---:|---:|---|---:|---:|---:|---|",
            st.seed
        );
        for c in &sampled {
            let s = c.sampled.as_ref().expect("sampled");
            for t in &s.tests {
                let _ = writeln!(
                    md,
                    "| {} | {} | {} | {:.1} | {} | {} | {} |",
                    s.deck,
                    t.shuffles,
                    t.name,
                    t.statistic,
                    t.df,
                    crate::text::fmt_log10_p(t.log10_p),
                    s.verdict
                );
            }
            if let Some(needed) = c.shuffles_to_detect
                && s.verdict != "biased"
            {
                let _ = writeln!(
                    md,
                    "| {} | | *bias below this budget: about {needed:.2e} shuffles needed to call it* | | | | |",
                    s.deck
                );
            }
        }
        let _ = writeln!(md);
    }
    let skipped: Vec<String> = a
        .cases
        .iter()
        .flat_map(|c| {
            c.skipped
                .iter()
                .map(move |w| format!("n = {}: {w}", c.deck))
        })
        .collect();
    if !skipped.is_empty() {
        let _ = writeln!(md, "Not run: {}.\n", skipped.join("; "));
    }
}
