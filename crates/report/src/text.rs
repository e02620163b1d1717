//! Plain-text renderings for the terminal.

use crate::fmt::{effect_cell, fmt_count, fmt_log10_p, fmt_power_of_ten, fmt_prob};
use crate::sampled::{AuditReport, PowerReport, RiffleReport, SampleReport};
use crate::{AlgorithmInfo, ExactChainReport, ExactReport, Standalone, SuiteReport};
use judge::{ExactVerdict, Grade, Verdict};
use std::fmt::Write;

/// The arrangement of rank `r` as a string of card numbers (`"021"`), or
/// space-separated for decks of more than 10 cards.
pub fn arrangement_label(r: usize, n: usize) -> String {
    let mut a = Vec::new();
    stats::perm::unrank(r, n, &mut a);
    let sep = if n > 10 { " " } else { "" };
    a.iter()
        .map(|c| c.to_string())
        .collect::<Vec<_>>()
        .join(sep)
}

/// The registry as a table.
pub fn list(infos: &[AlgorithmInfo]) -> String {
    let w = infos.iter().map(|i| i.id.len()).max().unwrap_or(2);
    let mut out = String::new();
    let _ = writeln!(
        out,
        "{:<w$}  {:<8}  {:<13}  source",
        "id", "expected", "exact"
    );
    for i in infos {
        let exact = if i.passes > 1 {
            format!("{} x{}", i.exact_method, i.passes)
        } else {
            i.exact_method.to_string()
        };
        let first = i
            .sources
            .first()
            .map(|s| format!("{}: {}", s.document, s.location))
            .unwrap_or_default();
        let more = if i.sources.len() > 1 {
            format!(" (+{} more)", i.sources.len() - 1)
        } else {
            String::new()
        };
        let _ = writeln!(
            out,
            "{:<w$}  {:<8}  {:<13}  {first}{more}",
            i.id, i.expected, exact
        );
    }
    out
}

/// The first lines of an exact document: the algorithm, its name and its
/// sources, from the registry.
fn named(id: &str, n: usize) -> String {
    match algorithms::registry::find(id) {
        Ok(e) => format!(
            "{id} on {n} cards: {}\nsource:      {}\n",
            e.name,
            crate::source_line(e)
        ),
        Err(_) => format!("{id} on {n} cards\n"),
    }
}

/// One exact law, for people.
pub fn exact(doc: &Standalone<ExactReport>) -> String {
    let (r, seconds) = (&doc.document, doc.seconds.unwrap_or(0.0));
    let n = r.deck;
    let count = stats::perm::factorial(n) as usize;
    let mut out = named(&r.algorithm, n);
    let cut = if r.cut_paths > 0 {
        format!(
            ", {} cut below probability 2^-{} (unexplored mass {:.3e})",
            r.cut_paths,
            stats::Limits::MASS_BOUND_LOG2,
            r.unexplored_mass
        )
    } else {
        String::new()
    };
    let passes = if r.passes > 1 {
        format!(" of one pass, composed {} times", r.passes)
    } else {
        String::new()
    };
    let merged = match (r.states, r.steps) {
        (Some(states), Some(steps)) => {
            format!(" merged into {states} arrangements over {steps} steps")
        }
        _ => String::new(),
    };
    let _ = writeln!(
        out,
        "method:      {}, {} paths{merged}{passes}{cut}, {:.3} s",
        r.method, r.paths, seconds
    );
    let _ = writeln!(
        out,
        "verdict:     {} (expected: {})",
        r.verdict.label(),
        r.expected
    );
    let _ = writeln!(out, "support:     {} of {count} arrangements", r.support);
    let tv = r.total_variation_bounds;
    if tv.lower == tv.upper {
        let _ = writeln!(
            out,
            "TV distance: {}",
            with_fraction(tv.lower, &r.total_variation_exact.to_string())
        );
    } else {
        let _ = writeln!(
            out,
            "TV distance: between {} and {}",
            fmt_prob(tv.lower),
            fmt_prob(tv.upper)
        );
    }
    // Arrangement probabilities over the law's common denominator (paths
    // out of all paths), as the table below counts them; lower bounds when
    // paths were cut.
    let common = |p: f64, exact: &stats::Fraction| {
        let over = r.denominator.parse::<u128>().ok().and_then(|d| {
            exact
                .numerator_over(d)
                .map(|n| format!("{n}/{}", r.denominator))
        });
        let shown = with_fraction(p, &over.unwrap_or_else(|| exact.to_string()));
        if r.cut_paths > 0 {
            format!("at least {shown}")
        } else {
            shown
        }
    };
    for (label, p, exact) in [
        (
            "P(identity):",
            r.identity_probability,
            &r.identity_probability_exact,
        ),
        ("largest:", r.max_probability, &r.max_probability_exact),
        ("smallest:", r.min_probability, &r.min_probability_exact),
    ] {
        let _ = writeln!(out, "{label:<12} {}", common(p, exact));
    }
    let _ = writeln!(
        out,
        "uniform:     {}",
        with_fraction(1.0 / count as f64, &format!("1/{count}"))
    );

    let show_weights = r.denominator.len() <= 12;
    let den = &r.denominator;
    if let (Some(probs), Some(weights)) = (&r.permutations, &r.permutation_weights) {
        let mut ranks: Vec<usize> = (0..probs.len()).collect();
        let all = probs.len() <= 24;
        if !all {
            ranks.sort_by(|&a, &b| probs[b].total_cmp(&probs[a]).then(a.cmp(&b)));
        }
        let _ = writeln!(
            out,
            "\n{}",
            if all {
                "arrangements (a[position] = card), lexicographic:".to_string()
            } else {
                "the 5 most and 5 least likely arrangements:".to_string()
            }
        );
        let label_w = if n > 10 { 3 * n } else { n.max(11) };
        let weight_w = 14.max(den.len() + 9);
        let head_w = if show_weights {
            format!("{:>weight_w$}", format!("weight / {den}"))
        } else {
            String::new()
        };
        let _ = writeln!(
            out,
            "  {:<label_w$} {head_w} {:>12} {:>9}",
            "arrangement", "probability", "x n!"
        );
        let shown: Vec<usize> = if all {
            ranks
        } else {
            ranks[..5]
                .iter()
                .chain(&ranks[ranks.len() - 5..])
                .copied()
                .collect()
        };
        for (i, &rk) in shown.iter().enumerate() {
            if !all && i == 5 {
                let _ = writeln!(out, "  ...");
            }
            let wcol = if show_weights {
                format!("{:>weight_w$}", weights[rk])
            } else {
                String::new()
            };
            let _ = writeln!(
                out,
                "  {:<label_w$} {wcol} {:>12} {:>9.4}",
                arrangement_label(rk, n),
                fmt_prob(probs[rk]),
                probs[rk] * count as f64
            );
        }
    }

    let _ = writeln!(
        out,
        "\nposition matrix, {} (rows: card, columns: final position):",
        if show_weights {
            format!("weight / {den}")
        } else {
            "n x probability (1 = fair)".into()
        }
    );
    let cell = if show_weights {
        r.denominator.len().max(3) + 1
    } else {
        7
    };
    let _ = write!(out, "{:>8}", "");
    for j in 0..n {
        let _ = write!(out, "{j:>cell$}");
    }
    let _ = writeln!(out);
    for (card, row) in r.position_matrix.iter().enumerate() {
        let _ = write!(out, "  card{card:>2}");
        for (j, p) in row.iter().enumerate() {
            if show_weights {
                let _ = write!(out, "{:>cell$}", r.position_weights[card][j]);
            } else {
                let _ = write!(out, "{:>cell$.4}", p * n as f64);
            }
        }
        let _ = writeln!(out);
    }
    out
}

/// `decimal = fraction` when the fraction is short enough to read (at most
/// 40 characters), else the decimal alone.
fn with_fraction(p: f64, fraction: &str) -> String {
    if fraction.len() <= 40 && !fraction.ends_with("/1") {
        format!("{} = {fraction}", fmt_prob(p))
    } else {
        fmt_prob(p)
    }
}

/// The exact position matrix of a swap-based shuffle (the Markov chain),
/// for people: the extreme cells, and the matrix when it fits a terminal.
pub fn exact_chain(doc: &Standalone<ExactChainReport>) -> String {
    let (r, seconds) = (&doc.document, doc.seconds.unwrap_or(0.0));
    let n = r.deck;
    let mut out = named(&r.algorithm, n);
    let _ = writeln!(
        out,
        "method:      {}, {} random transpositions, one card's position carried in whole numbers, {:.3} s",
        r.method, r.steps, seconds
    );
    let meaning = match r.verdict {
        ExactVerdict::Biased => "some card is more likely at some position than 1/n",
        ExactVerdict::Uniform => {
            "every position is 1/n, and the whole law is uniform: each draw is uniform and each deck has one draw sequence"
        }
        _ => "every position is exactly 1/n; the law of whole decks is not computed at this size",
    };
    let _ = writeln!(
        out,
        "verdict:     {} (expected: {}): {meaning}",
        r.verdict.label(),
        r.expected
    );
    let digits = r.denominator.len();
    let _ = writeln!(
        out,
        "denominator: {}",
        if digits <= 40 {
            r.denominator.clone()
        } else {
            format!("{digits} digits (every weight is in --json)")
        }
    );
    let uniform = r.verdict != ExactVerdict::Biased;
    let extremes: &[(&str, &crate::ChainCell)] = if uniform {
        &[]
    } else {
        &[("largest", &r.largest_cell), ("smallest", &r.smallest_cell)]
    };
    if uniform {
        let _ = writeln!(
            out,
            "every cell:  {}",
            with_fraction(r.largest_cell.probability, &format!("1/{n}"))
        );
    }
    for &(label, c) in extremes {
        let _ = writeln!(
            out,
            "{label:<12} card {} at position {}: {} ({:+.2}% of 1/{n})",
            c.card,
            c.position,
            with_fraction(c.probability, &c.probability_exact.to_string()),
            c.relative_deviation * 100.0
        );
    }
    let _ = writeln!(
        out,
        "fixed points: {} expected (uniform: 1)",
        with_fraction(
            r.expected_fixed_points,
            &r.expected_fixed_points_exact.to_string()
        )
    );
    if n <= 16 {
        let _ = writeln!(
            out,
            "\nposition matrix, n x probability (1 = fair; rows: card, columns: final position):"
        );
        let _ = write!(out, "{:>8}", "");
        for j in 0..n {
            let _ = write!(out, "{j:>7}");
        }
        let _ = writeln!(out);
        for (card, row) in r.position_matrix.iter().enumerate() {
            let _ = write!(out, "  card{card:>2}");
            for p in row {
                let _ = write!(out, "{:>7.4}", p * n as f64);
            }
            let _ = writeln!(out);
        }
    } else {
        let _ = writeln!(
            out,
            "\nthe {n} x {n} matrix: --json (probabilities, and exact weights over the denominator)"
        );
    }
    out
}

/// `text` in the terminal colour `code` (an SGR number) when `colour`.
fn paint(text: &str, code: u8, colour: bool) -> String {
    if colour {
        format!("\x1b[{code}m{text}\x1b[0m")
    } else {
        text.to_string()
    }
}

/// The default run's closing table. With `colour`, verdicts are green
/// (uniform), yellow (unusual, suspicious) or red (biased), and a
/// disagreement with the registry bold red.
pub fn suite(report: &SuiteReport, colour: bool) -> String {
    let w = report
        .algorithms
        .iter()
        .map(|a| a.info.id.len())
        .max()
        .unwrap_or(9)
        .max(9);
    let mut out = String::new();
    let _ = writeln!(
        out,
        "{:<w$}  {:<8}  {:<10}  {:>12}  {:<28}  basis",
        "algorithm", "expected", "verdict", "worst p", "effect"
    );
    for a in &report.algorithms {
        let worst = a.worst_log10_p().map_or_else(|| "-".into(), fmt_log10_p);
        let effect = effect_cell(a);
        let basis = match (a.largest_exact().is_some(), a.worst_log10_p().is_some()) {
            (true, true) => "exact + sampled",
            (true, false) => "exact",
            (false, true) => "sampled",
            (false, false) => "-",
        };
        let flag = if a.agrees {
            String::new()
        } else {
            format!("  {}", paint("<- disagrees with the registry", 1, colour))
        };
        let code = match a.verdict {
            Verdict::Uniform => 32,
            Verdict::Biased => 31,
            Verdict::Suspicious | Verdict::Unusual | Verdict::NotRun => 33,
        };
        // Padded before it is painted, so that escapes do not shift columns.
        let verdict = paint(&format!("{:<10}", a.verdict.label()), code, colour);
        let _ = writeln!(
            out,
            "{:<w$}  {:<8}  {verdict}  {:>12}  {:<28}  {basis}{flag}",
            a.info.id, a.info.expected, worst, effect
        );
    }
    out
}

/// A sampling run, for people.
pub fn sample(doc: &Standalone<SampleReport>) -> String {
    let (r, seconds) = (&doc.document, doc.seconds.unwrap_or(0.0));
    let mut out = String::new();
    let _ = writeln!(
        out,
        "{} on {} cards: {} shuffles, seed {}, {} threads, {:.2} s ({:.1} M shuffles/s)",
        r.algorithm,
        r.deck,
        r.shuffles,
        r.seed,
        r.threads,
        seconds,
        r.shuffles as f64 * r.repeat.as_ref().map_or(1, |x| x.runs) as f64
            / seconds.max(1e-9)
            / 1e6
    );
    let _ = writeln!(out, "rng: {}", r.rng);
    out + &sample_body(r)
}

/// The decks read by `shuffle-audit audit` and what their tests say.
pub fn audit(doc: &Standalone<AuditReport>) -> String {
    let (r, seconds) = (&doc.document, doc.seconds.unwrap_or(0.0));
    let mut out = String::new();
    let i = &r.input;
    let _ = writeln!(
        out,
        "{}: {} lines, {} decks of {} cards ({}, {}), {:.2} s",
        i.source,
        fmt_count(i.lines),
        fmt_count(i.decks),
        i.deck,
        i.base,
        if i.base_detected {
            "detected from the first lines"
        } else {
            "as given"
        },
        seconds
    );
    for bad in &i.invalid {
        let _ = writeln!(
            out,
            "skipped {} {} line(s); the first, line {}: {}",
            fmt_count(bad.count),
            bad.kind,
            bad.first_line,
            bad.message
        );
    }
    out += &sample_body(&r.result);
    out + match r.result.verdict {
        Grade::Uniform | Grade::Unusual => "exit 0: no evidence of bias\n",
        Grade::Suspicious => {
            "exit 1: suspicious (a fair shuffle does this about once in a million runs): \
             audit a second, independent file to confirm\n"
        }
        Grade::Biased => "exit 1: biased\n",
    }
}

/// The tests, effect sizes, battery, collisions and verdict of a sampled
/// or read set of decks.
fn sample_body(r: &crate::sampled::SampleReport) -> String {
    let mut out = String::new();
    let _ = writeln!(
        out,
        "\n  {:<26} {:>16} {:>10} {:>12}",
        "test", "statistic", "df", "p-value"
    );
    let all = r
        .tests
        .iter()
        .chain(r.repeat.iter().flat_map(|x| x.ks.iter()));
    for t in all {
        let _ = writeln!(
            out,
            "  {:<26} {:>16.4} {:>10} {:>12}",
            t.name,
            t.statistic,
            if t.df > 0.0 {
                format!("{}", t.df)
            } else {
                "-".into()
            },
            fmt_log10_p(t.log10_p)
        );
    }
    let ks_skipped = r.repeat.iter().flat_map(|x| x.ks_skipped.iter());
    for s in r.skipped_tests.iter().chain(ks_skipped) {
        let _ = writeln!(out, "  {:<26} skipped: {}", s.name, s.reason);
    }
    let e = &r.effect;
    let _ = writeln!(out, "\neffect sizes:");
    let _ = writeln!(
        out,
        "  largest relative deviation of a position cell: {:.3}%  (largest |z| {:.2}; 1% family-wise bound {:.2})",
        100.0 * e.max_relative_deviation,
        e.max_abs_z,
        e.z_bonferroni_01
    );
    if let Some((card, worst)) = e
        .row_tests
        .iter()
        .enumerate()
        .min_by(|a, b| a.1.log10_p.total_cmp(&b.1.log10_p))
    {
        let _ = writeln!(
            out,
            "  most uneven card: card {card}, row chi-square p = {} (compare with 0.01 / {} = {:.1e} for 1% family-wise)",
            fmt_log10_p(worst.log10_p),
            e.row_tests.len(),
            0.01 / e.row_tests.len() as f64
        );
    }
    if let (Some(tv), Some(floor)) = (e.total_variation, e.total_variation_noise_floor) {
        let exact = e
            .exact_total_variation
            .map_or(String::new(), |x| format!("; exact: {}", fmt_prob(x)));
        let _ = writeln!(
            out,
            "  total variation distance (estimated): {}  (a perfect shuffle would show about {} from noise{exact})",
            fmt_prob(tv),
            fmt_prob(floor)
        );
    } else if let Some(x) = e.exact_total_variation {
        let _ = writeln!(out, "  total variation distance (exact): {}", fmt_prob(x));
    }
    if let Some(battery) = &r.battery {
        let _ = writeln!(
            out,
            "\n  {:<18} {:>12} {:>12} {:>18}",
            "battery", "mean", "exact mean", "total variation"
        );
        for b in battery {
            let _ = writeln!(
                out,
                "  {:<18} {:>12.4} {:>12.4} {:>18}",
                b.statistic,
                b.mean,
                b.null_mean,
                fmt_prob(b.total_variation)
            );
        }
    }
    if let Some(c) = &r.collisions {
        let effective = c.log10_effective_decks.map_or(String::new(), |l| {
            format!(
                "; it behaves as if it could deal about {} decks",
                fmt_power_of_ten(l)
            )
        });
        let _ = writeln!(
            out,
            "\n  collisions: {} pairs of identical decks among the first {} ({} distinct); a uniform shuffle expects {}{effective}",
            fmt_count(c.pairs),
            fmt_count(c.decks),
            fmt_count(c.distinct),
            fmt_prob(c.expected_pairs)
        );
    }
    if let Some(c) = &r.confirmation {
        let _ = writeln!(
            out,
            "\nsecond seed {}: smallest adjusted p {} ({})",
            c.seed,
            fmt_log10_p(c.log10_min_adjusted_p),
            c.grade.label()
        );
    }
    let _ = writeln!(
        out,
        "\nverdict: {}  (smallest Bonferroni-adjusted p-value {}; expected: {})",
        r.verdict.label().to_uppercase(),
        fmt_log10_p(r.log10_min_adjusted_p),
        r.expected
    );
    out
}

/// The riffle tables, for people.
pub fn riffle(doc: &Standalone<RiffleReport>) -> String {
    let r = &doc.document;
    let mut out = String::new();
    let short = |name: &str| {
        match name {
            "rising-sequences-chi2" => "rising",
            "successions-chi2" => "adjacent",
            "fixed-points-chi2" => "fixed",
            "collisions-poisson" => "collisions",
            other => other.trim_end_matches("-chi2"),
        }
        .to_string()
    };
    for m in &r.study.models {
        let _ = writeln!(
            out,
            "{} ({}), {} cards: {} decks per row, seed {}",
            m.algorithm,
            m.name,
            r.study.deck,
            fmt_count(r.study.shuffles),
            r.study.seed
        );
        let names: Vec<String> = m
            .rows
            .first()
            .map(|row| row.tests.iter().map(|t| short(t.name.as_str())).collect())
            .unwrap_or_default();
        let _ = write!(out, "  {:>3} {:>10}", "k", "exact TV");
        for n in &names {
            let _ = write!(out, " {:>14}", n);
        }
        let _ = writeln!(out, "  verdict");
        for row in &m.rows {
            let tv = row
                .exact_total_variation
                .map_or("–".to_string(), |t| format!("{t:.6}"));
            let _ = write!(out, "  {:>3} {:>10}", row.riffles, tv);
            for t in &row.tests {
                let _ = write!(out, " {:>14}", fmt_log10_p(t.log10_p));
            }
            let _ = writeln!(out, "  {}", row.grade.label());
        }
        let _ = writeln!(
            out,
            "  riffles before a test can no longer tell (p >= {} at every later k up to {}):",
            r.study.tells_below, r.study.max_riffles
        );
        for n in &m.riffles_needed {
            let _ = writeln!(
                out,
                "    {:<24} {}",
                n.test,
                n.riffles
                    .map_or(format!("more than {}", r.study.max_riffles), |k| k
                        .to_string())
            );
        }
        let _ = writeln!(out);
    }
    if !r.study.random_keys.is_empty() {
        let _ = writeln!(
            out,
            "Sorting by random b-bit keys (stable) is b riffles backwards: exact distance from uniform on {} cards",
            r.study.deck
        );
        for k in &r.study.random_keys {
            let _ = writeln!(out, "  {:>2} bits: {:.6e}", k.bits, k.total_variation);
        }
    }
    out
}

/// `n!` as `52! = 8.066e67`.
fn fmt_factorial(n: usize) -> String {
    let log10: f64 = (1..=n).map(|k| (k as f64).log10()).sum();
    let exponent = log10.floor();
    format!(
        "{n}! = {:.3}e{}",
        10f64.powf(log10 - exponent),
        exponent as i64
    )
}

/// A power plan, for people.
pub fn power(doc: &Standalone<PowerReport>) -> String {
    let r = &doc.document;
    let mut out = String::new();
    match r.total_variation {
        Some(tv) => {
            let _ = writeln!(
                out,
                "{} on {} cards: exact total variation distance {} (by {})",
                r.algorithm,
                r.deck,
                fmt_prob(tv),
                r.method
            );
        }
        None => {
            let _ = writeln!(
                out,
                "{} on {} cards: exact position matrix (by {}); the whole law has {} decks, too many to list",
                r.algorithm,
                r.deck,
                r.method,
                fmt_factorial(r.deck)
            );
        }
    }
    let _ = writeln!(
        out,
        "shuffles needed to reject uniformity at alpha = {:.3e} with power {}:",
        r.alpha, r.power
    );
    let _ = writeln!(
        out,
        "  {:<18} {:>10} {:>22} {:>16}",
        "test", "df", "noncentrality/shuffle", "shuffles"
    );
    for t in &r.tests {
        let needed = t
            .shuffles
            .map_or("never (uniform for this test)".into(), |s| {
                format!("{s:.4e}")
            });
        let _ = writeln!(
            out,
            "  {:<18} {:>10} {:>22.4e} {:>16}",
            t.name, t.df, t.noncentrality_per_shuffle, needed
        );
    }
    if let Some(d) = &r.divergence {
        match d.any_test_needs_at_least {
            None => {
                let _ = writeln!(
                    out,
                    "the law is a product of its draws, and exactly uniform: every deck has probability 1/{}!",
                    r.deck
                );
            }
            Some(bound) => {
                let _ = writeln!(
                    out,
                    "the law is a product of its draws: chi-square divergence {:.4e}, KL {:.4e} nats, total variation in [{:.3e}, {:.3e}]",
                    d.chi2, d.kl, d.total_variation_bounds[0], d.total_variation_bounds[1]
                );
                let _ = writeln!(
                    out,
                    "no test of any kind reaches power {} at alpha = {:.3e} with fewer than {:.4e} shuffles (Hellinger bound)",
                    r.power, r.alpha, bound
                );
            }
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn counts_get_thousands_separators() {
        assert_eq!(fmt_count(0), "0");
        assert_eq!(fmt_count(999), "999");
        assert_eq!(fmt_count(1000), "1,000");
        assert_eq!(fmt_count(2_000_000), "2,000,000");
        assert_eq!(fmt_count(u64::MAX), "18,446,744,073,709,551,615");
    }

    #[test]
    fn p_values_switch_notation_with_size() {
        assert_eq!(fmt_log10_p(0.0), "1.0000");
        assert_eq!(fmt_log10_p(-2.0), "0.0100");
        assert_eq!(fmt_log10_p(-5.0), "1.00e-5");
        assert_eq!(fmt_log10_p(-400.0), "10^-400.0");
        assert_eq!(fmt_log10_p(f64::MIN), "0");
    }
}
