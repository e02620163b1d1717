//! The summary of the front page: every algorithm once, grouped by where
//! it stands, each row saying on what its verdict rests.

use super::{page_link, source_short};
use crate::fmt::{fmt_count, fmt_shuffles, tv_cell};
use crate::suite::{SuiteAlgorithm, SuiteReport};
use judge::grade::Grade;
use judge::{ExactVerdict, Standing};
use std::fmt::Write;

/// Deck sizes as a reader says them: `3–8, 52, 54`.
pub(crate) fn decks(sizes: &[usize]) -> String {
    let mut parts: Vec<String> = Vec::new();
    let mut i = 0;
    while i < sizes.len() {
        let mut j = i;
        while j + 1 < sizes.len() && sizes[j + 1] == sizes[j] + 1 {
            j += 1;
        }
        parts.push(match j - i {
            0 => sizes[i].to_string(),
            1 => format!("{}, {}", sizes[i], sizes[j]),
            _ => format!("{}–{}", sizes[i], sizes[j]),
        });
        i = j + 1;
    }
    parts.join(", ")
}

/// [`rests_on`]'s words, and the largest deck they name as exact.
fn rests_on_exact(a: &SuiteAlgorithm, standing: Standing) -> (String, Option<usize>) {
    let words = rests_on(a, standing);
    let top = |v: ExactVerdict| {
        a.cases
            .iter()
            .filter(|c| c.exact.as_ref().is_some_and(|e| e.verdict == v))
            .map(|c| c.deck)
            .max()
    };
    let exact = match standing {
        Standing::Biased | Standing::Disagrees | Standing::TooSmall => top(ExactVerdict::Biased),
        Standing::Fair | Standing::NoBiasShown | Standing::LookAgain => top(ExactVerdict::Uniform),
        Standing::NotRun => None,
    };
    (words, exact)
}

/// What the verdict rests on: the exact laws that decide it, and the
/// sampled decks that agree.
fn rests_on(a: &SuiteAlgorithm, standing: Standing) -> String {
    let exact_says = |v: ExactVerdict| -> Vec<usize> {
        a.cases
            .iter()
            .filter(|c| c.exact.as_ref().is_some_and(|e| e.verdict == v))
            .map(|c| c.deck)
            .collect()
    };
    let sampled = |g: Option<Grade>| -> Vec<usize> {
        a.cases
            .iter()
            .filter(|c| {
                c.sampled
                    .as_ref()
                    .is_some_and(|s| g.is_none_or(|g| s.verdict == g))
            })
            .map(|c| c.deck)
            .collect()
    };
    match standing {
        Standing::Biased | Standing::Disagrees => {
            let exact = exact_says(ExactVerdict::Biased);
            let seen = sampled(Some(Grade::Biased));
            match (exact.is_empty(), seen.is_empty()) {
                (false, false) => {
                    format!("exact {}; sampled {}", decks(&exact), decks(&seen))
                }
                (false, true) => {
                    format!("exact {}; too small for the sample to see", decks(&exact))
                }
                (true, false) => format!("sampled {}", decks(&seen)),
                (true, true) => "–".into(),
            }
        }
        Standing::TooSmall => {
            let exact = exact_says(ExactVerdict::Biased);
            if exact.is_empty() {
                format!("sampled {}: nothing seen", decks(&sampled(None)))
            } else {
                format!("exact {}; the sample sees nothing", decks(&exact))
            }
        }
        Standing::Fair | Standing::NoBiasShown | Standing::LookAgain => {
            let exact = exact_says(ExactVerdict::Uniform);
            let all = sampled(None);
            if exact.is_empty() {
                format!("sampled {}", decks(&all))
            } else {
                format!("exact {}; sampled {}", decks(&exact), decks(&all))
            }
        }
        Standing::NotRun => "–".into(),
    }
}

/// The exact distance of a sort by random keys from the riffle study's
/// formula, with its deck.
fn formula_distance(a: &SuiteAlgorithm, report: &SuiteReport) -> Option<(f64, usize)> {
    let r = report.riffles.as_ref()?;
    r.study
        .random_keys
        .iter()
        .find(|k| k.algorithm == a.info.id)
        .map(|k| (k.total_variation, r.study.deck))
}

/// The distance on the largest exact deck; that deck is named only where
/// the row's "rests on" does not end on it (the column's header says so).
fn distance(a: &SuiteAlgorithm, report: &SuiteReport, exact_top: Option<usize>) -> String {
    if let Some(r) = a.largest_exact() {
        if exact_top == Some(r.deck) {
            return tv_cell(r);
        }
        return format!("{} ({} cards)", tv_cell(r), r.deck);
    }
    if let Some((tv, deck)) = formula_distance(a, report) {
        return format!("{tv:.2e} ({deck} cards, by formula)");
    }
    "not computable".into()
}

/// The cards a player who knows the shuffle guesses right on the largest
/// enumerated deck, and the deck.
fn guessed(a: &SuiteAlgorithm) -> Option<(f64, usize)> {
    a.largest_exact()
        .and_then(|r| Some((r.expected_correct?, r.deck)))
}

/// The guesses of one row; a fair deck's `H_n` is in the column's header.
fn guesses_right(a: &SuiteAlgorithm) -> String {
    match guessed(a) {
        Some((e, n)) => format!("{e:.3} of {n}"),
        None => "–".into(),
    }
}

/// The guesses column's header: a fair deck's `H_n`, once for each deck
/// the rows guess on.
fn guesses_header(algorithms: &[&SuiteAlgorithm]) -> String {
    let mut decks: Vec<usize> = algorithms
        .iter()
        .filter_map(|a| guessed(a))
        .map(|(_, n)| n)
        .collect();
    decks.sort_unstable();
    decks.dedup();
    if decks.is_empty() {
        return "guesses right".into();
    }
    let fair: Vec<String> = decks
        .iter()
        .map(|&n| format!("{:.3} of {n}", studies::guess::harmonic(n)))
        .collect();
    format!("guesses right (fair: {})", fair.join(", "))
}

/// The fewest shuffles a first seed needs to call the bias, with its
/// deck, and what this run dealt there when it did not see it; for a sort
/// by random keys, the floor any test obeys.
fn shuffles_to_see(a: &SuiteAlgorithm, report: &SuiteReport) -> String {
    let best = a
        .cases
        .iter()
        .filter_map(|c| Some((c.shuffles_to_detect?, c)))
        .min_by(|x, y| x.0.total_cmp(&y.0));
    if let Some((n, c)) = best {
        let seen = c
            .sampled
            .as_ref()
            .is_some_and(|s| s.verdict == Grade::Biased);
        let dealt = c.sampled.as_ref().map_or(0, |s| s.shuffles);
        return if seen || dealt == 0 {
            format!("{} ({} cards)", fmt_shuffles(n), c.deck)
        } else {
            format!(
                "{} ({} cards); this run dealt {}",
                fmt_shuffles(n),
                c.deck,
                fmt_count(dealt)
            )
        };
    }
    if let Some((tv, deck)) = formula_distance(a, report)
        && let Some(n) = judge::grade::any_test_needs_at_least(
            tv,
            judge::grade::FLOOR_LEVEL,
            judge::suite::DEFAULT_POWER,
        )
    {
        return format!("at least {} ({deck} cards, any test)", fmt_shuffles(n));
    }
    "–".into()
}

/// The grouped summary tables.
pub(super) fn section(md: &mut String, report: &SuiteReport) {
    let _ = writeln!(md, "## Summary\n");
    let mut groups: Vec<(Standing, Vec<&SuiteAlgorithm>)> = Vec::new();
    for a in &report.algorithms {
        let s = Standing::of(a.verdict, a.info.expected, a.agrees);
        match groups.iter_mut().find(|(g, _)| *g == s) {
            Some((_, v)) => v.push(a),
            None => groups.push((s, vec![a])),
        }
    }
    groups.sort_by_key(|(s, _)| *s);
    for (standing, algorithms) in groups {
        if standing == Standing::NotRun {
            continue;
        }
        let _ = writeln!(
            md,
            "### {} ({})\n\n{}\n",
            standing.heading(),
            algorithms.len(),
            standing.intro().replace(
                "{power}",
                &format!("{:.0}", 100.0 * judge::suite::DEFAULT_POWER)
            )
        );
        let second = match standing {
            Standing::TooSmall => "why it is biased",
            _ => "from",
        };
        let _ = writeln!(
            md,
            "| algorithm | {second} | rests on (cards) | distance from fair (largest exact deck) | {} | shuffles to see it |\n|---|---|---|---:|---:|---:|",
            guesses_header(&algorithms)
        );
        for a in algorithms {
            let second = match standing {
                Standing::TooSmall => a
                    .info
                    .expected_reason
                    .clone()
                    .unwrap_or_else(|| a.info.summary.clone()),
                _ => source_short(a),
            };
            let (rests, exact_top) = rests_on_exact(a, standing);
            let _ = writeln!(
                md,
                "| {} | {second} | {} | {} | {} | {} |",
                page_link(a, ""),
                rests,
                distance(a, report, exact_top),
                guesses_right(a),
                shuffles_to_see(a, report)
            );
        }
        let _ = writeln!(md);
    }
}

#[cfg(test)]
mod tests {
    use super::decks;

    #[test]
    fn deck_lists_read_as_ranges() {
        assert_eq!(decks(&[3, 4, 5, 6, 7, 8, 52, 54]), "3–8, 52, 54");
        assert_eq!(decks(&[3, 4]), "3, 4");
        assert_eq!(decks(&[52, 53, 54]), "52–54");
        assert_eq!(decks(&[6]), "6");
        assert_eq!(decks(&[]), "");
    }
}
