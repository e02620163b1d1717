//! One algorithm's section: its cases, figures, tests and battery.

use super::links::{figure, svg_link};

/// The fair control's samples by deck ([`crate::suite::fair_controls`]).
pub(super) type Controls<'a> = std::collections::BTreeMap<usize, &'a crate::sampled::SampleReport>;
use crate::fmt::{fmt_count, fmt_df, fmt_log10_p, fmt_power_of_ten, fmt_prob, tv_cell};
use crate::suite::SuiteAlgorithm;
use judge::grade::{Grade, verdict_words};
use stats::law::perm::factorial;
use std::fmt::Write;

/// The figures of an algorithm: inline, the heatmap of the largest
/// enumerated deck (exact law beside the samples; else the largest small
/// deck) and of the first large deck, and the permutation figures; every
/// other heatmap and p-value histogram as a link.
fn figures_section(
    md: &mut String,
    a: &SuiteAlgorithm,
    st: &judge::suite::SuitePlan,
    controls: &Controls,
    root: &str,
) {
    let with = |kind: &'static str| {
        a.cases
            .iter()
            .filter_map(move |c| Some((c, figure(c, kind)?, c.sampled.as_ref()?)))
    };
    let inline = a.page_heatmap_decks(st);
    let shown: Vec<_> = with("positions")
        .filter(|(c, _, _)| inline.contains(&c.deck))
        .collect();
    for (case, f, s) in shown {
        let _ = writeln!(
            md,
            "![{} position heatmap, n = {}]({root}{f})\n",
            a.info.id, case.deck
        );
        // As the figure: a walk cut by its budget has no exact panel.
        let whole = case.exact.as_ref().filter(|e| e.cut_paths == 0);
        let exact = whole.map_or_else(String::new, |e| {
            format!(
                "The exact law ({} paths, total variation distance {}) beside ",
                e.paths,
                fmt_prob(e.total_variation)
            )
        });
        let _ = writeln!(
            md,
            "*{}, {} cards: where each card ends up.* {exact}{} shuffles, seed {} (largest \
             deviation {:.2}%). Rows: cards by starting position; columns: final positions; \
             colour: observed / expected − 1, red too often, blue too rarely, white as a fair \
             shuffle.{}{}\n",
            a.info.id,
            case.deck,
            s.shuffles,
            s.seed,
            100.0 * s.effect.sampled.max_relative_deviation,
            if crate::suite::fair_control(controls, &a.info.id, case).is_some() {
                " The last panel is Fisher–Yates sampled as often, on the same scale: what a \
                 fair shuffle's noise looks like."
            } else {
                ""
            },
            svg_link(case, f, root)
        );
    }
    for (case, f, s) in with("permutations") {
        let red = if case.exact.is_some() {
            ", the exact law (red)"
        } else {
            ""
        };
        let shape = if factorial(case.deck) as usize <= crate::figures::BARS_UP_TO {
            "One bar per arrangement (labels: the card at each position)"
        } else {
            "Arrangements sorted from most to least likely"
        };
        let (within, runs) = judge::fair::runs_within();
        let _ = writeln!(
            md,
            "![{} permutation probabilities, n = {}]({root}{f})\n\n*{}, {} cards: how likely each \
             arrangement is.* {shape}, in times as likely as uniform on an axis shared by \
             every algorithm of this deck: sampled (blue, {} shuffles, seed {}){red}, the \
             uniform 1/{}! (black line) and the band a fair shuffle stays in, every bar or rank \
             at once, in {within} runs of {runs} (grey).{}\n",
            a.info.id,
            case.deck,
            a.info.id,
            case.deck,
            s.shuffles,
            s.seed,
            case.deck,
            svg_link(case, f, root)
        );
    }
    let others: Vec<String> = with("positions")
        .filter(|(c, _, _)| !inline.contains(&c.deck))
        .map(|(c, f, _)| format!("[n = {}]({root}{f})", c.deck))
        .collect();
    if !others.is_empty() {
        let _ = writeln!(md, "Heatmaps of the other decks: {}.\n", others.join(" · "));
    } else {
        let undrawn: Vec<usize> = a
            .cases
            .iter()
            .filter(|c| c.sampled.is_some() && figure(c, "positions").is_none())
            .map(|c| c.deck)
            .collect();
        if !undrawn.is_empty() {
            let _ = writeln!(
                md,
                "The heatmaps of the other decks ({} cards) are drawn by a run with \
                 `--all-files`; their counts are in `report.json`.\n",
                super::summary::decks(&undrawn),
            );
        }
    }
    let pvalues: Vec<String> = with("pvalues")
        .map(|(c, f, _)| format!("[n = {}]({root}{f})", c.deck))
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

/// The page of one algorithm: `algorithms/<id>.md`.
pub(super) fn page(a: &SuiteAlgorithm, report: &crate::suite::SuiteReport) -> String {
    let root = "../";
    let st = &report.settings.plan;
    let controls = crate::suite::fair_controls(&report.algorithms);
    let mut md = String::new();
    let _ = writeln!(md, "# {}\n", a.info.name);
    let _ = writeln!(
        md,
        "[← the report]({root}README.md) · [glossary]({root}glossary.md) · id `{}`\n",
        a.info.id
    );
    let standing = judge::Standing::of(a.verdict, a.info.expected, a.agrees);
    let _ = writeln!(
        md,
        "**Verdict: {}.** {}\n",
        a.verdict.label(),
        standing.note()
    );
    let _ = writeln!(md, "{}\n", super::plain(&a.info.summary));
    if let Some(fix) = &a.info.fix {
        let _ = writeln!(md, "How to mend it: {}\n", super::plain(fix));
    }
    for s in &a.info.sources {
        match algorithms::registry::document(&s.document) {
            Some(d) => {
                let _ = writeln!(
                    md,
                    "Source: {} by {}{} ({}, code in {}): {}.\n",
                    d.title,
                    d.author,
                    if d.date.is_empty() {
                        String::new()
                    } else {
                        format!(", {}", d.date)
                    },
                    d.language,
                    d.code,
                    super::plain(&s.location)
                );
            }
            None => {
                let _ = writeln!(md, "Source: {}.\n", super::plain(&s.location));
            }
        }
    }
    if !a.disagreements.is_empty() {
        let words: Vec<String> = a.disagreements.iter().map(ToString::to_string).collect();
        let _ = writeln!(md, "Disagreements: {}.\n", words.join("; "));
    }
    algorithm_details(&mut md, a, st, &controls, root);
    md
}

fn algorithm_details(
    md: &mut String,
    a: &SuiteAlgorithm,
    st: &judge::suite::SuitePlan,
    controls: &Controls,
    root: &str,
) {
    if let Some(note) = &a.info.exact_note {
        let _ = writeln!(md, "Not enumerable: {note}.\n");
    }
    figures_section(md, a, st, controls, root);
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
    let sampled: Vec<&crate::suite::SuiteCase> =
        a.cases.iter().filter(|c| c.sampled.is_some()).collect();
    if !sampled.is_empty() {
        let _ = writeln!(
            md,
            "Sampled tests (seed {}); each deck's verdict stands beside its smallest p-value:\n\n| n | shuffles | test | statistic | df | p | deck's verdict |\n|---:|---:|---|---:|---:|---:|---|",
            st.seed
        );
        for c in &sampled {
            let s = c.sampled.as_ref().expect("sampled");
            // The first test of the smallest p-value.
            let deciding = s
                .tests
                .iter()
                .enumerate()
                .fold(None::<(usize, f64)>, |best, (i, t)| match best {
                    Some((_, p)) if p <= t.log10_p => best,
                    _ => Some((i, t.log10_p)),
                })
                .map(|(i, _)| i);
            for (i, t) in s.tests.iter().enumerate() {
                let _ = writeln!(
                    md,
                    "| {} | {} | {} | {:.1} | {} | {} | {} |",
                    s.deck,
                    t.shuffles,
                    t.name,
                    t.statistic,
                    fmt_df(t.df),
                    fmt_log10_p(t.log10_p),
                    if Some(i) == deciding {
                        s.verdict.label()
                    } else {
                        ""
                    }
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
        // What "no bias shown" leaves open, at the smallest sample that
        // showed none (the weakest claim on the page).
        if let Some(s) = sampled
            .iter()
            .filter_map(|c| c.sampled.as_ref())
            .filter(|s| s.verdict == Grade::NoBiasShown)
            .min_by_key(|s| s.shuffles)
        {
            let _ = writeln!(
                md,
                "*{}* on {} cards is {}.\n",
                verdict_words(s.verdict, s.shuffles, "shuffle"),
                s.deck,
                judge::grade::no_bias_shown_leaves_open(s.shuffles, "shuffle")
            );
        }
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
                .flat_map(|r| r.skipped.iter())
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

/// The battery's means and effect sizes, and the collision counts, of the
/// cases that ran them.
fn battery_section(md: &mut String, sampled: &[&crate::suite::SuiteCase]) {
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
