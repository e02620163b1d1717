//! The Markdown summary of the default run (`reports/README.md`).

use crate::fmt::{effect_cell, fmt_count, fmt_log10_p};
use crate::suite::SuiteReport;
use std::fmt::Write;

mod algorithm;
mod links;
mod tables;

use algorithm::algorithm_section;
use tables::{exact_positions_section, riffle_section};

fn anchor(id: &str) -> String {
    id.to_ascii_lowercase()
}

/// Renders the default run as Markdown: `reports/README.md`.
pub fn suite(report: &SuiteReport) -> String {
    let mut md = String::new();
    let p = &report.provenance;
    let st = &report.settings.plan;
    let list = |v: &[usize]| {
        v.iter()
            .map(|d| d.to_string())
            .collect::<Vec<_>>()
            .join(", ")
    };
    let _ = writeln!(md, "# shuffle-audit report\n");
    let mut parts = Vec::new();
    if !st.exact_decks.is_empty() {
        parts.push(format!(
            "enumerated exactly on decks of {} cards (every sequence of random choices walked \
             with its exact probability: no sampling noise)",
            list(&st.exact_decks)
        ));
    }
    if !st.decks.is_empty() {
        parts.push(format!(
            "sampled {} times on decks of {} cards (permutation histogram and position matrix)",
            st.shuffles,
            list(&st.decks)
        ));
    }
    if !st.large_decks.is_empty() {
        parts.push(format!(
            "sampled {} times on decks of {} cards (position matrix, the battery of \
             statistics with exact laws, and the collision test)",
            st.large_shuffles,
            list(&st.large_decks)
        ));
    }
    let repeat = if st.repeat > 1 {
        format!(
            " Each sampled case was run {} times (seeds {} to {}) for a two-level test.",
            st.repeat,
            st.seed,
            st.seed.wrapping_add(st.repeat - 1)
        )
    } else {
        String::new()
    };
    let _ = writeln!(
        md,
        "Is each shuffle fair? Each of the {} algorithms below was {}; seed {}.{repeat} \
         Written by `{}` ({} {}, commit `{}`).\n",
        report.algorithms.len(),
        parts.join(", and "),
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
        let worst = a.worst_log10_p().map_or_else(|| "–".into(), fmt_log10_p);
        let _ = writeln!(
            md,
            "| [`{}`](#{}) | {} | {} | {} | {} | {} |",
            a.info.id,
            anchor(&a.info.id),
            a.info.expected,
            a.verdict.label(),
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
         noise, and that noise stays pale: the limits are at least four times the deviation \
         every cell of a fair shuffle's matrix stays within in 99 runs of 100 (all `n²` \
         cells at once, exact binomial tails), so a fair shuffle never colours more than \
         the palest quarter of the scale. Beside each algorithm's sample stands Fisher–Yates \
         sampled as often, on the same scale: the fair control. \
         Where the deck was enumerated, the exact law's heatmap stands on the left: the \
         true bias, without sampling noise. \
         A *permutation figure* shows how many times as likely as uniform (`1/n!`) each \
         arrangement is, on a logarithmic axis shared by every algorithm of that deck (bars \
         up to 4 cards, sorted from most to least likely above), against uniform (black \
         line), the band a fair shuffle's bars, or its sorted curve, stay in (grey; in 99 \
         runs of 100, every bar or rank at once) and, where known, the exact law (red).\n"
    );
    if !st.large_decks.is_empty() {
        let _ = writeln!(
            md,
            "A deck of {} cards has too many arrangements for a histogram, so large decks get \
             a *battery*: five statistics of each dealt deck whose exact law under a fair \
             shuffle is known for any deck size, each tested by chi-square against that law \
             (cells pooled to at least 5 expected): fixed points (rencontres numbers), cycles \
             (Stirling numbers of the first kind), descents and rising sequences (Eulerian \
             numbers; a riffle leaves few rising sequences) and adjacent pairs that survive \
             (card `i` still directly followed by `i + 1`). The *collision test* counts pairs \
             of identical decks among the first {} dealt: a fair shuffle of {} cards expects \
             about `C(N, 2) / n!`, essentially none, while a shuffle reseeded from a 32-bit \
             seed repeats about `C(N, 2) / 2^32` pairs; `C(N, 2) / pairs` estimates how many \
             decks it can deal at all.\n",
            st.large_decks[0],
            fmt_count(st.large_shuffles.min(stats::collision::COLLISION_MAX_DECKS)),
            st.large_decks[0],
        );
    }
    exact_positions_section(&mut md, report);
    if let Some(r) = &report.riffles {
        riffle_section(&mut md, r);
    }
    let controls = crate::suite::fair_controls(&report.algorithms);
    for a in &report.algorithms {
        algorithm_section(&mut md, a, st, &controls);
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
    let _ = writeln!(md, "- generator: {}", report.settings.rng);
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
