//! The Markdown summary of the default run (`reports/README.md`).

use crate::fmt::{
    effect_cell, fmt_count, fmt_log10_p, fmt_power_of_ten, fmt_prob, fmt_shuffles, tv_cell,
};
use crate::{SuiteAlgorithm, SuiteCase, SuiteReport};
use stats::audit::Grade;
use stats::perm::factorial;
use std::fmt::Write;

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
         noise; so that noise is not stretched over the whole scale, the limits are at least \
         four standard errors of a fair shuffle's cell, `4·sqrt((n−1)/N)` for `N` shuffles. \
         Where the deck was enumerated, the exact law's heatmap stands on the left: the \
         true bias, without sampling noise. \
         A *permutation figure* shows the probability of each arrangement (bars up to 4 \
         cards, sorted from most to least likely above) against the uniform `1/n!` (black \
         line), the 99 % band a fair shuffle's samples stay in (grey) and, where known, the \
         exact law (red).\n"
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

/// The file of `case` whose name starts with `kind` (`"positions"`,
/// `"permutations"`, `"pvalues"`) and ends with `.png`.
fn png<'a>(case: &'a SuiteCase, kind: &str) -> Option<&'a str> {
    case.files
        .iter()
        .find(|f| {
            f.rsplit('/')
                .next()
                .is_some_and(|name| name.starts_with(&format!("{kind}-n")))
                && f.ends_with(".png")
        })
        .map(String::as_str)
}

fn svg(png: &str) -> String {
    format!("{}.svg", png.trim_end_matches(".png"))
}

/// The figures of an algorithm: inline, the heatmap of the largest
/// enumerated deck (exact law beside the samples; else the largest small
/// deck) and of the first large deck, and the permutation figures; every
/// other heatmap and p-value histogram as a link.
fn figures_section(md: &mut String, a: &SuiteAlgorithm, st: &judge::suite::SuitePlan) {
    let with = |kind: &'static str| {
        a.cases
            .iter()
            .filter_map(move |c| Some((c, png(c, kind)?, c.sampled.as_ref()?)))
    };
    let small = with("positions")
        .rfind(|(c, _, _)| c.exact.is_some())
        .or_else(|| with("positions").rfind(|(c, _, _)| st.decks.contains(&c.deck)));
    let large = with("positions").find(|(c, _, _)| st.large_decks.contains(&c.deck));
    let inline: Vec<usize> = [small, large]
        .iter()
        .flatten()
        .map(|(c, _, _)| c.deck)
        .collect();
    for (case, f, s) in [small, large].into_iter().flatten() {
        let _ = writeln!(
            md,
            "![{} position heatmap, n = {}]({f})\n",
            a.info.id, case.deck
        );
        let exact = case.exact.as_ref().map_or_else(String::new, |e| {
            format!(
                "Left: the exact law ({} paths, total variation distance {}); right: ",
                e.paths,
                fmt_prob(e.total_variation)
            )
        });
        let _ = writeln!(
            md,
            "*{}, {} cards: where each card ends up.* {exact}{} shuffles, seed {} (largest \
             deviation {:.2}%). Rows: cards by starting position; columns: final positions; \
             colour: observed / expected − 1, red too often, blue too rarely, white as a fair \
             shuffle. [SVG]({})\n",
            a.info.id,
            case.deck,
            s.shuffles,
            s.seed,
            100.0 * s.effect.max_relative_deviation,
            svg(f)
        );
    }
    for (case, f, s) in with("permutations") {
        let red = if case.exact.is_some() {
            ", the exact law (red)"
        } else {
            ""
        };
        let shape = if factorial(case.deck) <= 24 {
            "One bar per arrangement (labels: the card at each position)"
        } else {
            "Arrangements sorted from most to least likely"
        };
        let _ = writeln!(
            md,
            "![{} permutation probabilities, n = {}]({f})\n\n*{}, {} cards: how likely each \
             arrangement is.* {shape}: sampled probabilities (blue, {} shuffles, seed {}){red}, \
             the uniform 1/{}! (black line) and the band a fair shuffle stays in 99 % of the \
             time (grey). [SVG]({})\n",
            a.info.id,
            case.deck,
            a.info.id,
            case.deck,
            s.shuffles,
            s.seed,
            case.deck,
            svg(f)
        );
    }
    let others: Vec<String> = with("positions")
        .filter(|(c, _, _)| !inline.contains(&c.deck))
        .map(|(c, f, _)| format!("[n = {}]({f})", c.deck))
        .collect();
    if !others.is_empty() {
        let _ = writeln!(md, "Heatmaps of the other decks: {}.\n", others.join(" · "));
    }
    let pvalues: Vec<String> = with("pvalues")
        .map(|(c, f, _)| format!("[n = {}]({f})", c.deck))
        .collect();
    if !pvalues.is_empty() {
        let _ = writeln!(
            md,
            "P-values of the {} runs of each test (two-level test; a fair shuffle's are \
             uniform on [0, 1]): {}.\n",
            st.repeat,
            pvalues.join(" · ")
        );
    }
}

/// The exact position matrices of the swap-based shuffles on each large
/// deck: the true bias of a real deck, and how many shuffles reveal it.
fn exact_positions_section(md: &mut String, report: &crate::SuiteReport) {
    let st = &report.settings.plan;
    for &deck in &st.large_decks {
        let rows: Vec<(
            &str,
            &crate::SuiteCase,
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
             {} cells (Bonferroni). A correct chain falls below 10^-6 with probability at \
             most 10^-6, at any number of shuffles; below it, the run reports a \
             disagreement.\n",
            first.alpha,
            first.power,
            (deck - 1) * (deck - 1),
            deck * deck
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
                "C's 15-bit `rand()` reduced to `k` results (`rand() % k` or the seeds' \
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
    let _ = writeln!(md, "\n## Riffles: how many are enough?\n");
    let _ = writeln!(
        md,
        "A riffle cuts the deck in two and interleaves the halves. After `k` riffles of the \
         Gilbert–Shannon–Reeds model an arrangement with `r` rising sequences has probability \
         `C(2^k + n − r, n) / 2^(nk)` (Bayer and Diaconis 1992), so the distance from uniform \
         is exact. Beside it, {} decks of {} cards riffled `k` times (seed {}) for the model \
         and for `003`'s `riffleShuffle`, the article's recommended seven times included: the \
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
             distance after `k` GSR riffles. Middle and right: `−log10 p` of each test \
             (log scale) for the model and for `riffleShuffle`; under the grey line a test \
             no longer tells.* [SVG]({})\n",
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
                    m.riffles_needed.get(i).and_then(|n| n.riffles).map_or_else(
                        || format!("more than {}", r.study.max_riffles),
                        |k| k.to_string(),
                    )
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

/// The battery's means and effect sizes, and the collision counts, of the
/// cases that ran them.
fn battery_section(md: &mut String, sampled: &[&crate::SuiteCase]) {
    let with: Vec<&crate::sampled::SampleReport> = sampled
        .iter()
        .filter_map(|c| c.sampled.as_ref())
        .filter(|s| s.battery.is_some())
        .collect();
    if with.is_empty() {
        return;
    }
    let _ = writeln!(
        md,
        "Battery (mean of each statistic over the shuffles beside its exact mean for a fair \
         shuffle; TV between the sampled and the exact law):\n\n| n | statistic | mean | exact mean | TV |\n|---:|---|---:|---:|---:|"
    );
    for s in &with {
        for b in s.battery.iter().flatten() {
            let _ = writeln!(
                md,
                "| {} | {} | {:.4} | {:.4} | {} |",
                s.deck,
                b.statistic,
                b.mean,
                b.null_mean,
                fmt_prob(b.total_variation)
            );
        }
    }
    let _ = writeln!(md);
    for s in &with {
        if let Some(c) = &s.collisions {
            let effective = c.log10_effective_decks.map_or(String::new(), |l| {
                let all = (1..=s.deck).map(|k| (k as f64).log10()).sum::<f64>();
                format!(
                    "; as many as about {} equally likely decks would give, a fraction of \
                     about 10^{:.0} of the {}! arrangements: the rest can never be dealt",
                    fmt_power_of_ten(l),
                    l - all,
                    s.deck
                )
            });
            let _ = writeln!(
                md,
                "Collisions on {} cards: {} pairs of identical decks among {} ({} distinct); a \
                 fair shuffle expects {}{effective}.\n",
                s.deck,
                fmt_count(c.pairs),
                fmt_count(c.decks),
                fmt_count(c.distinct),
                fmt_prob(c.expected_pairs)
            );
        }
    }
}

fn algorithm_section(md: &mut String, a: &SuiteAlgorithm, st: &judge::suite::SuitePlan) {
    let _ = writeln!(md, "\n## {}\n", a.info.id);
    let _ = writeln!(md, "**{}.** {}\n", a.info.name, a.info.summary);
    let _ = writeln!(md, "Source: {}.\n", a.info.source);
    let _ = writeln!(
        md,
        "Verdict: **{}** (expected: {}).{}\n",
        a.verdict.label(),
        a.info.expected,
        if a.disagreements.is_empty() {
            String::new()
        } else {
            let words: Vec<String> = a.disagreements.iter().map(ToString::to_string).collect();
            format!(" Disagreements: {}.", words.join("; "))
        }
    );
    if let Some(note) = &a.info.exact_note {
        let _ = writeln!(md, "Not enumerable: {note}.\n");
    }
    figures_section(md, a, st);
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
    let sampled: Vec<&crate::SuiteCase> = a.cases.iter().filter(|c| c.sampled.is_some()).collect();
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
                    fmt_log10_p(t.log10_p),
                    s.verdict.label()
                );
            }
            if let Some(needed) = c.shuffles_to_detect
                && s.verdict != Grade::Biased
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
    battery_section(md, &sampled);
    let skipped: Vec<String> = a
        .cases
        .iter()
        .flat_map(|c| {
            let ks = c
                .sampled
                .iter()
                .filter_map(|s| s.repeat.as_ref())
                .flat_map(|r| r.ks_skipped.iter())
                .map(|k| format!("{}: {}", k.name, k.reason));
            c.skipped
                .iter()
                .cloned()
                .chain(ks)
                .map(move |w| format!("n = {}: {w}", c.deck))
        })
        .collect();
    if !skipped.is_empty() {
        let _ = writeln!(md, "Not run: {}.\n", skipped.join("; "));
    }
}
