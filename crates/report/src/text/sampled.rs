//! Sampling runs, audits of decks read from elsewhere, riffles and power
//! plans, for people.

use super::table::{Align, Table};
use crate::document::Standalone;
use crate::fmt::{fmt_count, fmt_df, fmt_log10_p, fmt_power_of_ten, fmt_prob};
use crate::sampled::{AuditReport, SampleReport, ShoeAuditReport};
use judge::Grade;
use judge::grade::{Level, verdict_words};
use stats::hypothesis::audit::Repeated;
use std::fmt::Write;

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
        r.shuffles as f64 * r.repeat.as_ref().map_or(1, Repeated::runs) as f64
            / seconds.max(1e-9)
            / 1e6
    );
    let _ = writeln!(out, "rng: {}", r.rng);
    if let Some(t) = &r.throws {
        let _ = writeln!(out, "{}", t.line());
    }
    out + &sample_body(r, None) + &verdict_line(r, "shuffle")
}

/// The decks read by `shuffle-audit audit` and what their tests say.
pub fn audit(doc: &Standalone<AuditReport>) -> String {
    let (r, seconds) = (&doc.document, doc.seconds.unwrap_or(0.0));
    let mut out = String::new();
    let i = &r.input;
    out += &input_lines(
        i,
        &format!("{} decks of {} cards (", fmt_count(i.decks), i.deck),
        seconds,
    );
    let level = Some(&r.level);
    out += "\ndecks, each alone:";
    out += &sample_body(&r.result, level);
    match &r.lag1 {
        Some(l) => {
            let _ = write!(
                out,
                "\nconsecutive decks (lag 1), {} pairs: each deck in the order of the one before it, and the cards at the same position",
                fmt_count(l.pairs)
            );
            out += &tests_table(&l.tests, &l.skipped, level);
            if let Some(d) = l.moves.as_ref().map(|m| m.max_relative_deviation) {
                let _ = writeln!(
                    out,
                    "  largest relative deviation: where a card goes from one deck to the next {:.3}%, which card replaces which {:.3}%",
                    100.0 * d,
                    100.0 * l.contingency_max_relative_deviation
                );
            }
            if let Some((tv, floor)) = l.moves.as_ref().and_then(|m| m.total_variation) {
                let _ = writeln!(
                    out,
                    "  total variation distance of the next deck in the last one's order (estimated): {}  (noise alone: about {})",
                    fmt_prob(tv),
                    fmt_prob(floor)
                );
            }
        }
        None => out += "\nconsecutive decks: not tested (--unordered)\n",
    }
    out += &verdict_line(&r.result, "deck");
    let _ = writeln!(out, "level: {}", r.level.words());
    out + &format!("{}\n", finding_sentence(r))
}

/// The lines an audit opens with: the input, what its lines hold (`holds`,
/// which opens the parenthesis the numbering closes), its SHA-256, and the
/// invalid lines skipped.
fn input_lines(i: &crate::sampled::InputInfo, holds: &str, seconds: f64) -> String {
    let mut out = String::new();
    let _ = writeln!(
        out,
        "{}: {} lines, {holds}{}), {:.2} s",
        i.source,
        fmt_count(i.lines),
        {
            let how = if i.base_detected {
                "detected from the first lines"
            } else {
                "as given"
            };
            match i.base {
                Some(b) => format!("{b}, {how}"),
                None => format!("composition {how}"),
            }
        },
        seconds
    );
    match i.sha256 {
        Some(_) => writeln!(out, "sha256 {} ({} bytes)", i.digest(), fmt_count(i.bytes)),
        None => writeln!(out, "sha256 {}", i.digest()),
    }
    .ok();
    out + &skipped_lines(&i.invalid)
}

/// The invalid lines `--skip-invalid` skipped, a line per kind.
fn skipped_lines(invalid: &[deck_lines::InvalidLines]) -> String {
    let mut out = String::new();
    for bad in invalid {
        let _ = writeln!(
            out,
            "skipped {} {} line(s); the first, line {}: {}",
            fmt_count(bad.count),
            bad.kind,
            bad.first_line,
            bad.message
        );
    }
    out
}

/// What an audit found, with its exit code, in one sentence
/// ([`judge::grade::Finding::words`]).
pub(crate) fn finding_sentence(r: &AuditReport) -> String {
    r.finding_words().to_string()
}

/// What an audit of shoes found, with its exit code, in one sentence
/// ([`judge::grade::Finding::words`]).
pub(crate) fn shoe_finding_sentence(r: &ShoeAuditReport) -> String {
    let p = |tests: &[stats::hypothesis::fit::TestResult]| -> Vec<f64> {
        tests.iter().map(|t| t.log10_p).collect()
    };
    let between = r.lag1.as_ref().map_or_else(Vec::new, |l| p(&l.tests));
    r.finding
        .words(&r.level, r.verdict, &p(&r.tests), &between, r.unit())
        .to_string()
}

/// `audit --shoe K`, or of decklists, for people.
pub fn shoe_audit(doc: &Standalone<ShoeAuditReport>) -> String {
    let (r, seconds) = (&doc.document, doc.seconds.unwrap_or(0.0));
    let mut out = String::new();
    let i = &r.input;
    let holds = r.holds(Some(8));
    let holds = match holds.strip_suffix(')') {
        // A decklist's list of cards closes with the numbering.
        Some(open) => format!("{open}; "),
        None => format!("{holds} ("),
    };
    out += &input_lines(i, &holds, seconds);
    let unit = r.unit();
    let level = Some(&r.level);
    let _ = write!(out, "\n{unit}s, each alone:");
    out += &tests_table(&r.tests, &r.skipped_tests, level);
    let _ = writeln!(
        out,
        "  largest relative deviation of a value x position cell: {:.3}%",
        100.0 * r.max_relative_deviation
    );
    let mut statistics = Table::new("  ", " ")
        .column("", Align::Left, 9)
        .column("", Align::Left, 0)
        .without_header();
    for s in &r.statistics {
        statistics.row([
            s.statistic
                .test_name()
                .as_str()
                .trim_end_matches("-chi2")
                .to_string(),
            format!(
                "mean {:.4} (a uniform shuffle: {:.4})",
                s.fit.mean, s.fit.null_mean
            ),
        ]);
    }
    out += &statistics.render(false);
    for g in &r.groups {
        let _ = writeln!(
            out,
            "  group {} ({} cards: {}): {:.4} pairs side by side a {unit} (a uniform shuffle: {:.4}); {:.4} in the opening {} (a uniform shuffle: {:.4})",
            deck_lines::shown_name(&g.name),
            g.cards,
            g.members
                .iter()
                .map(|m| deck_lines::shown_name(m))
                .collect::<Vec<_>>()
                .join(", "),
            g.pairs.mean,
            g.pairs.null_mean,
            g.hand.mean,
            r.hand.unwrap_or(0),
            g.hand.null_mean,
        );
    }
    if let Some(c) = &r.collisions {
        let _ = writeln!(
            out,
            "  collisions: {} pairs of identical {unit}s among the first {} ({} distinct); a uniform shuffle expects {}",
            fmt_count(c.pairs),
            fmt_count(c.decks),
            fmt_count(c.distinct),
            fmt_prob(c.expected_pairs)
        );
    }
    match &r.lag1 {
        Some(l) => {
            let _ = write!(
                out,
                "\nconsecutive {unit}s (lag 1), {} pairs: the values at the same position",
                fmt_count(l.pairs)
            );
            out += &tests_table(&l.tests, &l.skipped, level);
            let _ = writeln!(
                out,
                "  matches    mean {:.4} (a uniform shuffle: {:.4}); largest relative deviation of the contingency {:.3}%",
                l.matches.fit.mean,
                l.matches.fit.null_mean,
                100.0 * l.contingency_max_relative_deviation
            );
        }
        None => {
            let _ = writeln!(out, "\nconsecutive {unit}s: not tested (--unordered)");
        }
    }
    let _ = writeln!(
        out,
        "\nverdict: {}  (smallest Bonferroni-adjusted p-value {}){}",
        shout(r.verdict, r.input.decks, unit),
        fmt_log10_p(r.log10_min_adjusted_p),
        leaves_open(r.verdict, r.input.decks, unit),
    );
    let _ = writeln!(out, "level: {}", r.level.words());
    out + &format!("{}\n", shoe_finding_sentence(r))
}

/// A table of tests, with the tests not run and why; with a level, the
/// tests below their share of it marked `*`.
fn tests_table(
    tests: &[stats::hypothesis::fit::TestResult],
    skipped: &[stats::hypothesis::audit::Skipped],
    level: Option<&Level>,
) -> String {
    let mut table = Table::new("  ", " ")
        .column("test", Align::Left, 30)
        .column("statistic", Align::Right, 16)
        .column("df", Align::Right, 10)
        .column("p-value", Align::Right, 12)
        .column("", Align::Left, 0);
    for t in tests {
        table.row([
            t.label(),
            format!("{:.4}", t.statistic),
            fmt_df(t.df),
            fmt_log10_p(t.log10_p),
            if level.is_some_and(|l| l.rejects(t.log10_p)) {
                "*".into()
            } else {
                String::new()
            },
        ]);
    }
    for s in skipped {
        table.span(s.name.to_string(), format!("skipped: {}", s.reason));
    }
    format!("\n{}", table.render(false))
}

/// The verdict of a sampled or read set of decks, and its smallest
/// adjusted p-value.
fn verdict_line(r: &crate::sampled::SampleReport, unit: &str) -> String {
    format!(
        "\nverdict: {}  (smallest Bonferroni-adjusted p-value {}; expected: {}){}\n",
        shout(r.verdict, r.shuffles, unit),
        fmt_log10_p(r.log10_min_adjusted_p),
        r.expected,
        leaves_open(r.verdict, r.shuffles, unit),
    )
}

/// A verdict line's words: the grade in capitals, then the rest of
/// [`verdict_words`] (`NO BIAS SHOWN at 20,000 shuffles`).
fn shout(grade: Grade, count: u64, unit: &str) -> String {
    let words = verdict_words(grade, count, unit);
    let label = grade.label();
    format!("{}{}", label.to_uppercase(), &words[label.len()..])
}

/// Under a verdict of no bias shown, on its own line: what it leaves open
/// ([`judge::grade::no_bias_shown_leaves_open`]); nothing under any other.
fn leaves_open(grade: Grade, count: u64, unit: &str) -> String {
    if grade == Grade::NoBiasShown {
        format!(
            "\n  {}",
            judge::grade::no_bias_shown_leaves_open(count, unit)
        )
    } else {
        String::new()
    }
}

/// The tests, effect sizes, battery and collisions of a sampled or read
/// set of decks.
fn sample_body(r: &crate::sampled::SampleReport, level: Option<&Level>) -> String {
    let tests: Vec<_> = r
        .tests
        .iter()
        .chain(r.repeat.iter().flat_map(|x| x.ks.iter()))
        .cloned()
        .collect();
    let skipped: Vec<_> = r
        .skipped_tests
        .iter()
        .chain(r.repeat.iter().flat_map(|x| x.skipped.iter()))
        .cloned()
        .collect();
    let mut out = tests_table(&tests, &skipped, level);
    let e = &r.effect.sampled;
    let _ = writeln!(out, "\neffect sizes:");
    let bound = stats::hypothesis::audit::EFFECT_BOUND_ALPHA;
    let _ = writeln!(
        out,
        "  largest relative deviation of a position cell: {:.3}%  (largest |z| {:.2}; {}% family-wise bound {:.2})",
        100.0 * e.max_relative_deviation,
        e.max_abs_z,
        100.0 * bound,
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
            "  most uneven card: card {card}, row chi-square {} (compare with {bound} / {} = {:.1e} for {}% family-wise)",
            crate::fmt::fmt_p_is(worst.log10_p),
            e.row_tests.len(),
            bound / e.row_tests.len() as f64,
            100.0 * bound
        );
    }
    if let (Some(tv), Some(floor)) = (e.total_variation, e.total_variation_noise_floor) {
        let exact = r
            .effect
            .exact_total_variation
            .map_or(String::new(), |x| format!("; exact: {}", fmt_prob(x)));
        let _ = writeln!(
            out,
            "  total variation distance (estimated): {}  (a perfect shuffle would show about {} from noise{exact})",
            fmt_prob(tv),
            fmt_prob(floor)
        );
    } else if let Some(x) = r.effect.exact_total_variation {
        let _ = writeln!(out, "  total variation distance (exact): {}", fmt_prob(x));
    }
    if let Some(battery) = &r.battery {
        let mut table = Table::new("  ", " ")
            .column("battery", Align::Left, 18)
            .column("mean", Align::Right, 12)
            .column("exact mean", Align::Right, 12)
            .column("total variation", Align::Right, 18);
        for b in battery {
            table.row([
                b.statistic.to_string(),
                format!("{:.4}", b.mean),
                format!("{:.4}", b.null_mean),
                fmt_prob(b.total_variation),
            ]);
        }
        let _ = write!(out, "\n{}", table.render(false));
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
    out
}

/// A followed stream's outcome, for people.
pub fn follow(doc: &Standalone<crate::sampled::FollowReport>) -> String {
    use stats::hypothesis::follow::Mode;
    let r = &doc.document;
    let f = &r.finding;
    let mut out = String::new();
    let evidence = if f.log10_evidence.is_finite() {
        format!("10^{:.2}", f.log10_evidence)
    } else {
        "infinite".to_string()
    };
    let since = match f.mode {
        Mode::Detect if f.evidence_since > 1 => {
            format!(" (gathered from deck {} on)", fmt_count(f.evidence_since))
        }
        _ => String::new(),
    };
    match f.alarm_line {
        Some(line) => {
            let what = if f.impossible {
                format!(
                    "the deck has a feature a uniform shuffle never gives ({})",
                    f.strongest
                )
            } else {
                format!("strongest: {}", f.strongest)
            };
            out += &skipped_lines(&r.invalid);
            let _ = writeln!(
                out,
                "{}: line {}: evidence {evidence}{since} reached 1/α = 10^{:.2} after {} decks of {} cards: bias shown ({what})",
                r.source,
                fmt_count(line),
                f.log10_threshold,
                fmt_count(r.decks),
                r.deck,
            );
            let _ = writeln!(out, "{}", f.guarantee());
            out += "exit 1: bias shown\n";
        }
        None => {
            out += &skipped_lines(&r.invalid);
            let _ = writeln!(
                out,
                "{}: end of input after {} lines, {} decks of {} cards: evidence {evidence}, below 1/α = 10^{:.2}",
                r.source,
                fmt_count(r.lines),
                fmt_count(r.decks),
                r.deck,
                f.log10_threshold
            );
            let _ = writeln!(out, "{}", judge::grade::no_evidence(f.alpha));
        }
    }
    out
}

/// `audit --single` for people: each draw's tests, what each could catch,
/// and what one draw can and cannot show.
pub fn single_audit(doc: &Standalone<crate::sampled::SingleAuditReport>) -> String {
    use crate::fmt::{draw_caught, draw_method, draw_value};
    let r = &doc.document;
    let mut out = String::new();
    let _ = writeln!(
        out,
        "{}: {} lines, {} draws, {:.2} s",
        r.source,
        fmt_count(r.lines),
        fmt_count(r.draws.len() as u64),
        doc.seconds.unwrap_or(0.0)
    );
    let _ = writeln!(out, "sha256 {} ({} bytes)", r.sha256, fmt_count(r.bytes));
    out += &skipped_lines(&r.invalid);
    for d in &r.draws {
        let v = &d.verdict;
        let _ = writeln!(
            out,
            "\nline {}: a draw of {} items ({}), against the order they were listed in",
            d.line, v.items, d.base
        );
        let mut table = Table::new("  ", " ")
            .column("test", Align::Left, 14)
            .column("value", Align::Right, 9)
            .column("p-value", Align::Right, 12)
            .column("law", Align::Left, 6)
            .column(
                format!("caught {:.0} % of the time", 100.0 * r.power),
                Align::Left,
                0,
            );
        for (t, caught) in v.tests.iter().zip(&v.detectable) {
            table.row([
                format!(
                    "{}{}",
                    t.statistic.label(),
                    if v.level.rejects(t.log10_p) { " *" } else { "" }
                ),
                draw_value(t),
                fmt_log10_p(t.log10_p),
                draw_method(t).into(),
                draw_caught(t, *caught),
            ]);
        }
        out += &table.render(true);
        let _ = writeln!(out, "  level {}: {}", v.level.words(), v.decision());
    }
    let _ = writeln!(out, "\n{}", judge::single::what_one_draw_shows());
    let _ = writeln!(out, "{}", judge::single::draws_finding(r.bias_shown()));
    out
}
