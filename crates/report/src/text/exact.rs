//! Exact laws and exact position matrices, for people.

use super::table::{Align, Table, matrix};
use crate::arrangement::arrangement_label;
use crate::document::Standalone;
use crate::exact::{ExactChainReport, ExactReport};
use crate::fmt::fmt_prob;
use judge::ExactVerdict;
use std::fmt::Write;

/// The first lines of an exact document: the algorithm, its name and its
/// sources, from the registry.
fn named(id: &str, n: usize) -> String {
    match algorithms::registry::find(id) {
        Ok(e) => format!(
            "{id} on {n} cards: {}\nsource:      {}\n",
            e.name,
            crate::algorithm::source_line(e)
        ),
        Err(_) => format!("{id} on {n} cards\n"),
    }
}

/// One exact law, for people.
pub fn exact(doc: &Standalone<ExactReport>) -> String {
    let (r, seconds) = (&doc.document, doc.seconds.unwrap_or(0.0));
    let n = r.deck;
    let count = stats::law::perm::factorial(n) as usize;
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
    if let Some(t) = &r.throws {
        let _ = writeln!(out, "{}", t.line());
    }
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
    let which = |e: &crate::exact::ExtremeArrangements| {
        let listed = e.first.len() as u64;
        let list = e.first.join(if n > 10 { " | " } else { ", " });
        match e.count {
            1 => format!(" (1 arrangement: {list})"),
            c if c == listed => format!(" ({c} arrangements: {list})"),
            c => format!(" ({c} arrangements; the first {listed}: {list})"),
        }
    };
    let _ = writeln!(
        out,
        "P(identity): {}",
        common(r.identity_probability, &r.identity_probability_exact)
    );
    // Every arrangement shares the largest probability of a uniform law.
    let uniform = r.largest_arrangements.count == count as u64;
    for (label, p, exact, e) in [
        (
            "largest:",
            r.max_probability,
            &r.max_probability_exact,
            &r.largest_arrangements,
        ),
        (
            "smallest:",
            r.min_probability,
            &r.min_probability_exact,
            &r.smallest_arrangements,
        ),
    ] {
        let at = if uniform { String::new() } else { which(e) };
        let _ = writeln!(out, "{label:<12} {}{at}", common(p, exact));
    }
    let _ = writeln!(
        out,
        "uniform:     {}",
        with_fraction(1.0 / count as f64, &format!("1/{count}"))
    );
    if let Some(c) = &r.path_counts {
        let _ = writeln!(
            out,
            "paths:       {}, all equally likely: {} end in the identity, {} in each most likely arrangement, {} in each least likely",
            c.total, c.identity, c.largest, c.smallest
        );
    }
    if let Some(rc) = &r.recounted {
        let _ = writeln!(
            out,
            "recounted:   {} by meeting in the middle ({} paths forward, {} backward from each): the same",
            rc.arrangements.join(" | "),
            rc.half_paths[0],
            rc.half_paths[1]
        );
    }

    let show_weights = r.denominator.len() <= 12;
    let den = &r.denominator;
    let all = count <= 24;
    let rows: Vec<(String, &str, f64)> = match (&r.permutations, &r.permutation_weights) {
        (Some(probs), Some(weights)) if all => (0..count)
            .map(|rk| (arrangement_label(rk, n), weights[rk].as_str(), probs[rk]))
            .collect(),
        _ => r
            .most_likely
            .iter()
            .chain(&r.least_likely)
            .map(|a| (a.arrangement.clone(), a.weight.as_str(), a.probability))
            .collect(),
    };
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
    let mut table = Table::new("  ", " ").column("arrangement", Align::Left, label_w);
    if show_weights {
        table = table.column(format!("weight / {den}"), Align::Right, weight_w);
    }
    table = table
        .column("probability", Align::Right, 12)
        .column("x n!", Align::Right, 9);
    for (i, (label, weight, p)) in rows.iter().enumerate() {
        if !all && i == r.most_likely.len() {
            table.line("...");
        }
        let mut cells = vec![label.to_string()];
        if show_weights {
            cells.push(weight.to_string());
        }
        cells.extend([fmt_prob(*p), format!("{:.4}", p * count as f64)]);
        table.row(cells);
    }
    out.push_str(&table.render(false));

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
        r.denominator.len().max(3)
    } else {
        6
    };
    out.push_str(&matrix(
        r.position_matrix.iter().enumerate().map(|(card, row)| {
            (0..row.len())
                .map(|j| {
                    if show_weights {
                        r.position_weights[card][j].clone()
                    } else {
                        format!("{:.4}", row[j] * n as f64)
                    }
                })
                .collect()
        }),
        n,
        cell,
    ));
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
    let extremes: &[(&str, &crate::exact::ChainCell)] = if uniform {
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
        out.push_str(&matrix(
            r.position_matrix
                .iter()
                .map(|row| row.iter().map(|p| format!("{:.4}", p * n as f64)).collect()),
            n,
            6,
        ));
    } else {
        let _ = writeln!(
            out,
            "\nthe {n} x {n} matrix: --json (probabilities, and exact weights over the denominator)"
        );
    }
    out
}
