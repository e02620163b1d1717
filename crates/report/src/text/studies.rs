//! The studies' documents for people: how many riffles, shuffles or seen
//! cards it takes to show a bias (`riffle`, `power`, `scaling`,
//! `predict`), the decks a generator read back from its cards deals next
//! (`recover`) and what a bias is worth to a player who knows it
//! (`guess`).

use super::table::{Align, Table};
use crate::document::Standalone;
use crate::fmt::{fmt_count, fmt_level, fmt_log10_p, fmt_prob, riffles_needed};
use crate::sampled::{PowerReport, RiffleReport};
use judge::recovery::{Recovery, StateRecovery};
use std::fmt::Write;

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
        let mut table =
            Table::new("  ", " ")
                .column("k", Align::Right, 3)
                .column("exact TV", Align::Right, 10);
        for n in &names {
            table = table.column(n.clone(), Align::Right, 14);
        }
        table = table.column("verdict", Align::Left, 0).after("  ");
        for row in &m.rows {
            let tv = row
                .exact_total_variation
                .map_or("–".to_string(), |t| format!("{t:.6}"));
            let mut cells = vec![row.riffles.to_string(), tv];
            cells.extend(row.tests.iter().map(|t| fmt_log10_p(t.log10_p)));
            cells.push(row.grade.label().to_string());
            table.row(cells);
        }
        out += &table.render(false);
        let _ = writeln!(
            out,
            "  riffles before a test can no longer tell (p >= {} at every later k up to {}):",
            r.study.tells_below, r.study.max_riffles
        );
        let mut needed = Table::new("    ", " ")
            .column("", Align::Left, 24)
            .column("", Align::Left, 0)
            .without_header();
        for n in &m.riffles_needed {
            needed.row([
                n.test.to_string(),
                riffles_needed(n.riffles, r.study.max_riffles),
            ]);
        }
        out += &needed.render(false);
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
    let mut table = Table::new("  ", " ")
        .column("test", Align::Left, 18)
        .column("df", Align::Right, 10)
        .column("noncentrality/shuffle", Align::Right, 22)
        .column("shuffles", Align::Right, 16);
    for t in &r.tests {
        let needed = t
            .shuffles
            .map_or("never (uniform for this test)".into(), |s| {
                format!("{s:.4e}")
            });
        table.row([
            t.name.to_string(),
            t.df.to_string(),
            format!("{:.4e}", t.noncentrality_per_shuffle),
            needed,
        ]);
    }
    out += &table.render(false);
    if let Some(floor) = r.likelihood_ratio_decks {
        let _ = writeln!(
            out,
            "the floor: the likelihood-ratio test that knows this law (the most powerful there is) needs {floor} decks; no test needs fewer"
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

/// Every way of turning a random word into an index, for people.
pub fn scaling(doc: &Standalone<crate::sampled::ScalingReport>) -> String {
    use crate::fmt::fmt_shuffles;
    let r = &doc.document;
    let mut out = String::new();
    let _ = writeln!(
        out,
        "From {}-bit random words to indices, and a Fisher–Yates shuffle of {} cards (Durstenfeld), exactly",
        r.bits, r.deck
    );
    let mut draws = Table::new("  ", " ")
        .column("method", Align::Left, 15)
        .column("code", Align::Left, 48)
        .column("deviation", Align::Right, 11)
        .column("worst draw", Align::Right, 11)
        .column(
            format!("first draw (k = {}): words per result", r.deck),
            Align::Left,
            0,
        )
        .after("  ");
    let words = |w: u128| u64::try_from(w).map_or(w.to_string(), fmt_count);
    for m in &r.methods {
        let (deviation, first) = match (&m.first_draw, &m.past_the_end) {
            (Some(d), _) if d.min_words == d.max_words => (
                fmt_prob(d.max_relative_deviation),
                format!("{} each", words(d.min_words)),
            ),
            (Some(d), _) => (
                fmt_prob(d.max_relative_deviation),
                format!(
                    "{} or {} ({} results get the more)",
                    words(d.min_words),
                    words(d.max_words),
                    d.results_at_max
                ),
            ),
            (None, Some(e)) => (
                "-".into(),
                format!("{} words give {}: past the end", words(e.words), e.k),
            ),
            (None, None) => ("-".into(), String::new()),
        };
        draws.row([
            m.mapping.label().to_string(),
            m.mapping.code().to_string(),
            deviation,
            m.worst_draw_deviation.map_or("-".into(), fmt_prob),
            first,
        ]);
    }
    let _ = write!(out, "\n{}", draws.render(false));
    let _ = writeln!(
        out,
        "\n  deviation: max |k p − 1| over the draw's results (0: exactly uniform); worst draw: over k = 2..{}",
        r.deck
    );
    let _ = writeln!(
        out,
        "\nthe whole shuffle ({} cards; shuffles needed at level {} with probability {}):",
        r.deck,
        fmt_level(r.alpha),
        r.power
    );
    let mut shuffles = Table::new("  ", " ")
        .column("method", Align::Left, 15)
        .column("KL (nats)", Align::Right, 11)
        .column("top deck", Align::Right, 11)
        .column("bottom deck", Align::Right, 11)
        .column("cell", Align::Right, 11)
        .column("position test", Align::Right, 13)
        .column("any test", Align::Right, 13)
        .column("words", Align::Right, 9);
    for m in &r.methods {
        match (&m.shuffle, &m.past_the_end) {
            (Some(s), _) => shuffles.row([
                m.mapping.label().to_string(),
                fmt_prob(s.kl),
                fmt_prob(s.max_deck_excess),
                fmt_prob(-s.min_deck_shortfall),
                fmt_prob(s.position_max_relative_deviation),
                s.position_test
                    .shuffles
                    .map_or("never".into(), fmt_shuffles),
                s.any_test_needs.map_or("never".into(), fmt_shuffles),
                format!("{:.3}", s.words_per_shuffle),
            ]),
            (None, e) => {
                let e = e.expect("a shuffle, or a draw past the end");
                shuffles.span(
                    m.mapping.label(),
                    format!(
                        "not a shuffle: {} of the 2^{} words give {} at k = {}, an index past the end of the deck",
                        words(e.words),
                        r.bits,
                        e.k,
                        e.k
                    ),
                );
            }
        }
    }
    out += &shuffles.render(false);
    let _ = writeln!(
        out,
        "\n  top / bottom deck: the most and least likely deck against 1/n! (relative); cell: the largest \
         relative deviation of the position matrix; position test: shuffles for the position chi-square \
         test; any test: the fewest shuffles any test whatever needs (Hellinger bound); words: random \
         words drawn per shuffle"
    );
    out
}

/// The seeds that fit the cards seen, for people.
pub fn predict(doc: &Standalone<crate::sampled::PredictReport>) -> String {
    let r = &doc.document;
    let s = &r.search;
    let mut out = String::new();
    let card = |c: &u8| match r.card_names {
        true => algorithms::published::card_name(c - r.base).unwrap_or_else(|| c.to_string()),
        false => c.to_string(),
    };
    let seen: Vec<String> = r.seen.iter().map(card).collect();
    let _ = writeln!(
        out,
        "{} on {} cards, seen {}: {} of {} seeds ({}..{}) deal a deck that starts so, {:.1} s",
        r.algorithm,
        r.deck,
        seen.join(" "),
        fmt_count(s.matches),
        fmt_count(s.seeds.end - s.seeds.start),
        s.seeds.start,
        s.seeds.end,
        doc.seconds.unwrap_or(0.0)
    );
    for f in &s.found {
        let deck: Vec<String> = f.deck.iter().map(card).collect();
        let when = if r.unix_seconds {
            format!(" ({})", crate::document::rfc3339(f.seed))
        } else if r.unix_milliseconds {
            format!(" ({})", crate::document::rfc3339_millis(f.seed))
        } else {
            String::new()
        };
        let _ = writeln!(out, "seed {}{when}: {}", f.seed, deck.join(" "));
    }
    if s.matches > s.found.len() as u64 {
        let _ = writeln!(
            out,
            "… and {} more (--cap lists more)",
            fmt_count(s.matches - s.found.len() as u64)
        );
    }
    let _ = writeln!(
        out,
        "{} cards seen single out a deal among these seeds (another seed fits less than once in 100 on average)",
        r.cards_to_pin_down
    );
    out + match r.conclusion {
        Recovery::NoSeed => {
            "exit 2: no seed deals these cards (another algorithm, deck size or range of seeds?)\n"
        }
        Recovery::Known => "exit 0: one seed fits: the rest of the deck is known\n",
        Recovery::Several => "exit 1: several seeds fit: see more cards to tell them apart\n",
    }
}

/// The state read back from the cards, and the decks to come, for people.
pub fn recover(doc: &Standalone<crate::sampled::RecoverReport>) -> String {
    let r = &doc.document;
    let s = &r.search;
    let mut out = String::new();
    let plural = |k: u64, one: &str, many: &str| match k {
        0 => format!("no {many}"),
        1 => format!("1 {one}"),
        _ => format!("{} {many}", fmt_count(k)),
    };
    let under_way = match r.seen.len() {
        0 => String::new(),
        k => format!(
            " and {} of a deal under way",
            plural(k as u64, "card", "cards")
        ),
    };
    let _ = writeln!(
        out,
        "V8's Math.random read back from {} of {} cards{under_way}: {} pin {} of the state's 128 bits; {} fit, {}, {:.1} s",
        plural(r.decks as u64, "deck", "decks"),
        r.deck,
        plural(s.draws as u64, "draw", "draws"),
        s.pinned_bits,
        plural(s.states, "state", "states"),
        plural(s.distinct_predictions, "prediction", "distinct predictions"),
        doc.seconds.unwrap_or(0.0)
    );
    let verdict = r.conclusion;
    if let (StateRecovery::Known, Some(f)) = (verdict, s.fits.first()) {
        let _ = writeln!(
            out,
            "state s0 {:#018x}, s1 {:#018x}: {} of its refill's {} numbers left when the first deck began; doubles of {} bits ({})",
            f.state.0,
            f.state.1,
            f.left,
            algorithms::V8MathRandom::CACHE,
            f.double_bits,
            if f.double_bits == 52 {
                "node 20"
            } else {
                "V8 13.7"
            }
        );
        if !s.back_to_back && !f.gaps.is_empty() {
            let gaps: Vec<String> = f.gaps.iter().map(|&g| fmt_count(g)).collect();
            let _ = writeln!(
                out,
                "the decks were not dealt back to back: {} other calls to Math.random() before each later deck",
                gaps.join(", ")
            );
        }
        if s.states > 1 {
            let _ = writeln!(
                out,
                "and {}: the same numbers from another place in the cache or as doubles of the other width, dealing the same cards (--json lists them)",
                plural(s.states - 1, "other state", "other states")
            );
        }
    }
    let label = |d: usize| {
        if d == 0 && !r.seen.is_empty() {
            "the deal under way".to_string()
        } else {
            let later = d + usize::from(r.seen.is_empty());
            format!("deal +{later}")
        }
    };
    let several = s.predictions.len() > 1;
    for (i, p) in s.predictions.iter().enumerate() {
        if several {
            let _ = writeln!(
                out,
                "prediction {} ({}):",
                i + 1,
                plural(p.states, "state", "states")
            );
        }
        for (d, deck) in p.decks.iter().enumerate() {
            let cards: Vec<String> = deck.iter().map(u8::to_string).collect();
            let _ = writeln!(
                out,
                "{}{}: {}",
                if several { "  " } else { "" },
                label(d),
                cards.join(" ")
            );
        }
    }
    if s.distinct_predictions > s.predictions.len() as u64 {
        let _ = writeln!(
            out,
            "… and {} more (--cap lists more)",
            plural(
                s.distinct_predictions - s.predictions.len() as u64,
                "prediction",
                "predictions"
            )
        );
    }
    if several {
        let first = &s.predictions[0].decks;
        for (d, deck) in first.iter().enumerate() {
            let agree = (0..deck.len())
                .filter(|&c| s.predictions.iter().all(|p| p.decks[d][c] == deck[c]))
                .count();
            let _ = writeln!(
                out,
                "the predictions listed agree on {agree} of the {} positions of {}",
                deck.len(),
                label(d)
            );
        }
    }
    out + &match verdict {
        StateRecovery::NoState => "exit 2: no state of V8's generator deals these cards (another shuffle loop, numbering or order of decks?)\n".to_string(),
        StateRecovery::Known => "exit 0: the state is known: the cards to come are known\n".to_string(),
        StateRecovery::Several => "exit 1: the states that fit deal different cards: see more cards to tell them apart\n".to_string(),
        StateRecovery::TooFewCards => format!(
            "exit 1: too few cards to solve for the state ({} bits or more left free): give more cards\n",
            s.unresolved_free_bits.unwrap_or(0)
        ),
        StateRecovery::OutOfReach => format!(
            "exit 1: no state deals these decks back to back; with other calls to Math.random() between them, the first deck alone leaves {} bits or more free, too many to look for the later decks after it: more decks of {} cards will not decide\n",
            s.unresolved_free_bits.unwrap_or(0),
            r.deck
        ),
    }
}

/// What the bias is worth to a player who knows the shuffle, for people.
pub fn guess(doc: &Standalone<crate::sampled::GuessReport>) -> String {
    let r = &doc.document;
    let mut out = String::new();
    let exact = r
        .expected_correct_exact
        .as_ref()
        .map_or(String::new(), |f| format!(" = {f}"));
    use judge::guess::Method;
    let scored = |matrix: &str| {
        format!(
            "a strategy from the {matrix} position matrix, scored on {} decks (seed {})",
            fmt_count(r.shuffles.unwrap_or(0)),
            r.seed.unwrap_or(0)
        )
    };
    let how = match r.method {
        Method::ExactLaw => "the best strategy, from the exact law".to_string(),
        Method::Seeds => "the best strategy, from the deck of every seed".to_string(),
        Method::PositionMatrix => scored("exact"),
        Method::SampledPositionMatrix => scored("sampled"),
    };
    let _ = writeln!(
        out,
        "{} on {} cards: a player who knows the shuffle guesses {:.4}{exact} cards right on average ({how})",
        r.algorithm, r.deck, r.expected_correct
    );
    if let Some((lo, hi)) = r.interval_99 {
        let _ = writeln!(out, "99 % confidence interval: {lo:.4} .. {hi:.4}");
    }
    let _ = writeln!(
        out,
        "a fair deck: {:.4} (H_{}); advantage {}{:+.4} cards per deck",
        r.fair,
        r.deck,
        if r.interval_99.is_some() {
            "at least "
        } else {
            ""
        },
        r.advantage
    );
    out
}
