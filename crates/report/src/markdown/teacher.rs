//! The teacher's page at the top of the report: the naive swap, the
//! off-by-one that makes Sattolo's algorithm, and Fisher–Yates, with the
//! lines that differ, the paths of the naive swap, and why.

use crate::exact::ExactReport;
use crate::fmt::{fmt_count, fmt_prob};
use crate::suite::{PathTree, SuiteAlgorithm, SuiteReport};
use algorithms::registry::{TEACHING_QUOTES, document};
use stats::perm::factorial;
use std::fmt::Write;

/// The naive swap, the off-by-one, and the correct shuffle: the three the
/// page compares.
pub(crate) const NAIVE: &str = "naive-swap";
pub(crate) const OFF_BY_ONE: &str = "blog-fisher-yates";
pub(crate) const FAIR: &str = "fisher-yates";

/// A card by its starting position, as a letter: 0 is `A`.
fn card(i: usize) -> char {
    char::from(b'A' + (i % 26) as u8)
}

/// An arrangement as letters: `BCA` is card B first.
pub(crate) fn arrangement(a: &[usize]) -> String {
    a.iter().map(|&i| card(i)).collect()
}

fn find<'a>(report: &'a SuiteReport, id: &str) -> Option<&'a SuiteAlgorithm> {
    report.algorithms.iter().find(|a| a.info.id == id)
}

/// The count of paths out of `paths` that a probability stands for.
fn paths_of(p: &stats::Fraction, paths: u64) -> Option<u128> {
    p.numerator_over(u128::from(paths))
}

/// The page: returns `false` (and writes nothing) when the run has none of
/// the three algorithms.
pub(super) fn section(md: &mut String, report: &SuiteReport) -> bool {
    let (naive, off, fair) = (
        find(report, NAIVE),
        find(report, OFF_BY_ONE),
        find(report, FAIR),
    );
    if naive.is_none() && off.is_none() && fair.is_none() {
        return false;
    }
    let _ = writeln!(
        md,
        "## Start here: one number makes a shuffle fair or biased\n"
    );
    let _ = writeln!(
        md,
        "Most shuffles in the documents this report checks walk through the deck and swap \
         each card with one picked at random. Whether every arrangement of the deck is then \
         equally likely depends on one thing only: *which* cards the pick may land on. Here \
         are the lines that decide it, as the documents wrote them.\n"
    );
    quotes(md);
    if let Some(h) = &report.headline {
        let _ = writeln!(
            md,
            "![The naive swap, the off-by-one and Fisher–Yates on one scale]({h})\n\n*Where \
             each card ends up* after each shuffle named above its panel, on one colour scale \
             (a 16:9 slide, 1920 × 1080). Rows: cards by starting position; columns: where \
             they end. Red: more often than a fair shuffle puts them there; blue: less often; \
             white: as often. Each cell's percentage is printed in it, so the figure reads in \
             grayscale too.\n"
        );
    }
    if let Some(tree) = &report.paths {
        path_table(md, tree);
    }
    counting(md, naive, fair);
    if let Some(n) = naive.and_then(|a| a.largest_exact()) {
        how_big(md, n);
    }
    if let Some(o) = off {
        off_by_one(md, o);
    }
    let ids: Vec<&str> = [naive, off, fair]
        .into_iter()
        .flatten()
        .map(|a| a.info.id.as_str())
        .collect();
    let _ = writeln!(
        md,
        "### For a lecture\n\nThe same three, with their figures, in a few seconds:\n\n\
         ```sh\ncargo run --release -- suite --algorithms {} --large-decks none --out lecture\n```\n\n\
         Each algorithm has its own page: {}.\n",
        ids.join(","),
        [naive, off, fair]
            .into_iter()
            .flatten()
            .map(|a| format!("[{}]({})", a.info.name, super::algorithm_page(&a.info.id)))
            .collect::<Vec<_>>()
            .join(" · ")
    );
    true
}

/// The lines that pick the card, grouped by language.
fn quotes(md: &mut String) {
    for language in ["JavaScript", "C++"] {
        let fence = if language == "C++" { "cpp" } else { "js" };
        let _ = writeln!(md, "```{fence}");
        for (i, q) in TEACHING_QUOTES
            .iter()
            .filter(|q| q.language == language)
            .enumerate()
        {
            if i > 0 {
                let _ = writeln!(md);
            }
            let from = q.document.and_then(document).map_or_else(
                || "Not in the documents".to_string(),
                |d| d.short.to_string(),
            );
            let what = match q.algorithm {
                "alt-naive-shuffle" | "naive-swap-rand15" => "the naive swap: biased",
                "blog-fisher-yates" => "the off-by-one: Sattolo's algorithm, biased",
                "fisher-yates" => "Fisher–Yates: fair",
                "poker-fixed-rand15" => "Fisher–Yates: fair (up to rand()'s own 15-bit bias)",
                _ => "",
            };
            let _ = writeln!(md, "// {what}. {from}: {}", q.location);
            let _ = writeln!(md, "{}", q.code.replace('\t', "    "));
        }
        let _ = writeln!(md, "```\n");
    }
    let _ = writeln!(
        md,
        "In the JavaScript loop `index` runs from the last card down to the first. Picking \
         among *all* cards (`deck.length`, or `poker_size` in C++) is the naive swap. Picking \
         below `index` never lets a card stay where it is. Picking below `index + 1` (or, \
         going forwards as the C++ does, from `i` to the end) is Fisher–Yates.\n"
    );
}

/// The naive swap's paths on 3 cards as a table: one row per first two
/// choices, one column per third.
fn path_table(md: &mut String, tree: &PathTree) {
    let n = tree.deck;
    let Some(first) = tree.paths.first() else {
        return;
    };
    let draws = first.choices.len();
    let each = first.outcomes.last().copied().unwrap_or(1) as usize;
    let uniform_shape = tree
        .paths
        .iter()
        .all(|p| p.outcomes.len() == draws && p.outcomes.iter().all(|&k| k as usize == each));
    if draws == 0 || !uniform_shape {
        return;
    }
    let _ = writeln!(
        md,
        "### Why the naive swap cannot be fair\n\nTake {n} cards, {}. The naive swap makes \
         {draws} swaps, and each picks one of {each} positions, so it has {each}{} = {} \
         equally likely paths. Here is every one of them: the swap at step *i* exchanges the \
         card at position *i* with the card at the position picked.\n",
        (0..n)
            .map(card)
            .map(String::from)
            .collect::<Vec<_>>()
            .join(", "),
        format!(" × {each}").repeat(draws - 1),
        tree.paths.len()
    );
    let head: Vec<String> = (1..draws).map(|i| format!("step {i} picks")).collect();
    let last: Vec<String> = (1..=each)
        .map(|v| format!("step {draws} picks {v}"))
        .collect();
    let _ = writeln!(
        md,
        "| {} | {} |\n|{}{}",
        head.join(" | "),
        last.join(" | "),
        "---:|".repeat(head.len()),
        "---|".repeat(last.len())
    );
    for row in tree.paths.chunks(each) {
        let prefix: Vec<String> = row[0].choices[..draws - 1]
            .iter()
            .map(|c| (c + 1).to_string())
            .collect();
        let leaves: Vec<String> = row.iter().map(|p| arrangement(&p.arrangement)).collect();
        let _ = writeln!(md, "| {} | {} |", prefix.join(" | "), leaves.join(" | "));
    }
    let tally = tree.tally();
    let _ = writeln!(
        md,
        "\nCounting the arrangements: {}. {} paths cannot be shared evenly among {} \
         arrangements ({} / {} is not a whole number), so some arrangements must come up more \
         often than others, whatever random numbers are used.\n",
        tally
            .iter()
            .map(|(a, c)| format!("{} {c}", arrangement(a)))
            .collect::<Vec<_>>()
            .join(", "),
        tree.paths.len(),
        tally.len(),
        tree.paths.len(),
        tally.len()
    );
}

/// The counting argument for every deck, and why Fisher–Yates escapes it.
fn counting(md: &mut String, naive: Option<&SuiteAlgorithm>, fair: Option<&SuiteAlgorithm>) {
    if naive.is_some() {
        let _ = writeln!(
            md,
            "The same holds for every deck of *n* ≥ 3 cards: the naive swap has *n*^*n* \
             equally likely paths, and they could only be shared evenly among the *n*! \
             arrangements if *n*! divided *n*^*n*. It cannot: *n* − 1 divides *n*!, but shares \
             no factor with *n*, hence none with *n*^*n*.\n"
        );
    }
    let Some(fy) = fair.and_then(|a| a.largest_exact()) else {
        return;
    };
    let n = fy.deck;
    let _ = writeln!(
        md,
        "### Why Fisher–Yates is fair\n\nFisher–Yates picks among *n* cards for the first \
         position, *n* − 1 for the next, and so on down to 1: *n* · (*n* − 1) · … · 1 = *n*! \
         paths, and no two of them deal the same arrangement, so each arrangement has exactly \
         one path, and probability 1/*n*!. Counted on {n} cards: {} paths, {} arrangements \
         dealt, each with probability {} (largest {}, smallest {}).\n",
        fmt_count(fy.paths),
        fmt_count(fy.support as u64),
        fy.max_probability_exact,
        fy.max_probability_exact,
        fy.min_probability_exact,
    );
}

/// The striking numbers of the naive swap on its largest enumerated deck,
/// and total variation distance as a bettor's advantage.
fn how_big(md: &mut String, n: &ExactReport) {
    let (Some(most), Some(least)) = (
        paths_of(&n.max_probability_exact, n.paths),
        paths_of(&n.min_probability_exact, n.paths),
    ) else {
        return;
    };
    let deck = n.deck;
    let all = factorial(deck);
    let _ = writeln!(
        md,
        "### How big is the bias?\n\nOn {deck} cards the naive swap has {deck}^{deck} = {} \
         paths for {} arrangements, {:.1} paths each if they were shared evenly. Counted \
         exactly, the most likely arrangement is dealt by {} of them and the least likely by \
         {}: the first comes up {:.1} times as often as the second.\n",
        fmt_count(n.paths),
        fmt_count(all),
        n.paths as f64 / all as f64,
        fmt_count(most as u64),
        fmt_count(least as u64),
        most as f64 / least as f64,
    );
    let _ = writeln!(
        md,
        "One number sums it up, the *total variation distance* (TV): the largest amount by \
         which any bet on the deck's order (\"the top card is an ace\", \"the deck is one of \
         these 200 arrangements\") wins more often with this shuffle than with a fair one. For \
         the naive swap on {deck} cards it is {}: a player who knows which arrangements it \
         favours wins such a bet {:.1} percentage points more often than against a fair \
         deck. A fair shuffle's TV is 0.\n",
        fmt_prob(n.total_variation),
        100.0 * n.total_variation
    );
}

/// The off-by-one: Sattolo's algorithm.
fn off_by_one(md: &mut String, o: &SuiteAlgorithm) {
    let Some(e) = o.largest_exact() else {
        return;
    };
    let n = e.deck;
    let stays = e
        .position_matrix
        .iter()
        .enumerate()
        .map(|(i, row)| row.get(i).copied().unwrap_or(0.0))
        .sum::<f64>();
    // What follows holds for Sattolo's algorithm; say it only when the
    // exact law shows it.
    let cycles = factorial(n - 1);
    let sattolo = e.support as u64 == cycles
        && stays == 0.0
        && e.max_probability_exact == stats::Fraction::new(1u64, cycles)
        && (e.total_variation - (1.0 - 1.0 / n as f64)).abs() < 1e-12;
    if !sattolo {
        return;
    }
    let _ = writeln!(
        md,
        "### The off-by-one\n\nDrawing below `index` instead of `index + 1` looks like the \
         fix for the naive swap; it is another algorithm, Sattolo's, made for another job: \
         dealing one random *single cycle*. A card is never swapped with itself, so follow \
         card A to where it ends, then the card that started there, and so on: you pass \
         through every card before coming back to A. Of the {} arrangements of {n} cards \
         only the {} single cycles can be dealt, each with probability {}; the other {} never \
         come up. Its TV is {} = 1 − 1/{n}. No card ever ends where it started: the diagonal \
         of its heatmap is empty. The \"Knuth-Durstenfeld\" and \"Inside-Out\" of {} make \
         the same mistake.\n",
        fmt_count(factorial(n)),
        fmt_count(e.support as u64),
        e.max_probability_exact,
        fmt_count(factorial(n) - e.support as u64),
        fmt_prob(e.total_variation),
        algorithms::registry::find("blog-knuth-durstenfeld")
            .ok()
            .and_then(|e| e.sources.first())
            .and_then(|s| document(s.document))
            .map_or("Another post", |d| d.short),
    );
}
