//! The pages' figures: counts and distances the tool computes, and
//! times that say when they were measured.

use super::*;

/// A number as prose writes one: `12.7`, `0.87–0.94`, `4½`, `2,572`,
/// `three`.
pub(super) fn is_number(word: &str) -> bool {
    const WORDS: [&str; 12] = [
        "one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten", "eleven",
        "twelve",
    ];
    WORDS.contains(&word.to_lowercase().as_str())
        || (word.starts_with(|c: char| c.is_ascii_digit())
            && word
                .chars()
                .all(|c| c.is_ascii_digit() || ".,–-½^".contains(c)))
}

/// Whether prose states a duration: a number followed by a unit of time.
pub(super) fn states_a_time(text: &str) -> bool {
    const UNITS: [&str; 9] = [
        "s", "ms", "second", "seconds", "minute", "minutes", "min", "hour", "hours",
    ];
    tokens(text)
        .windows(2)
        .any(|w| is_number(&w[0]) && UNITS.contains(&w[1].as_str()))
}

/// Whether prose says when it was measured: the word and a date
/// (`2026-11-29`).
pub(super) fn dated(text: &str) -> bool {
    let has_date = text.as_bytes().windows(10).any(|w| {
        w.iter().enumerate().all(|(i, b)| match i {
            4 | 7 => *b == b'-',
            _ => b.is_ascii_digit(),
        }) && w.starts_with(b"20")
    });
    has_date && text.to_lowercase().contains("measured")
}

/// The durations a page states with no date of measurement: a block
/// (paragraph, list, table) is dated when it says when it was measured, or
/// the block before it does (a table's caption); a table's row, when the
/// row carries a date.
pub(super) fn undated_times(page: &str, text: &str) -> Vec<String> {
    let mut out = Vec::new();
    let blocks = blocks(text);
    for (i, (block, heading)) in blocks.iter().enumerate() {
        let table = block.starts_with('|');
        if *heading || !states_a_time(block) || (!table && dated(block)) {
            continue;
        }
        if i > 0 && !blocks[i - 1].1 && dated(&blocks[i - 1].0) {
            continue;
        }
        let undated: Vec<&str> = if table {
            block
                .lines()
                .filter(|row| states_a_time(row) && !dated(&format!("measured {row}")))
                .collect()
        } else {
            vec![block.lines().next().unwrap_or_default()]
        };
        for first in undated {
            out.push(format!(
                "{page}: states a time without saying when it was measured: \"{}…\"",
                first.chars().take(90).collect::<String>()
            ));
        }
    }
    out
}

/// Counts of the registry a page states in words: `N algorithms`, `all N`
/// and `N famous cases` must be the tool's.
pub(super) fn stated_counts(page: &str, text: &str) -> Vec<String> {
    let algorithms = algorithms::registry::REGISTRY.len();
    let cases = judge::cases::case_ids().len();
    let value = |w: &str| -> Option<usize> {
        const WORDS: [&str; 13] = [
            "zero", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten",
            "eleven", "twelve",
        ];
        w.parse()
            .ok()
            .or_else(|| WORDS.iter().position(|x| *x == w.to_lowercase()))
    };
    let mut out = Vec::new();
    for (block, _) in blocks(text) {
        let words = tokens(&block);
        for w in words.windows(3) {
            let claim = match (w[0].as_str(), w[1].as_str(), w[2].as_str()) {
                (n, "algorithms", _) if n.chars().all(|c| c.is_ascii_digit()) => {
                    Some((n, algorithms, "algorithms"))
                }
                ("all", n, "algorithms" | "registered") => Some((n, algorithms, "algorithms")),
                (n, "famous", "cases") if is_number(n) => Some((n, cases, "famous cases")),
                _ => None,
            };
            if let Some((n, truth, what)) = claim
                && value(n) != Some(truth)
            {
                out.push(format!("{page}: says {n} {what}; the tool has {truth}"));
            }
        }
    }
    out
}

/// The cells of a Markdown table's row.
pub(super) fn cells(row: &str) -> Vec<&str> {
    let row = row.trim().trim_start_matches('|').trim_end_matches('|');
    row.split('|').map(str::trim).collect()
}

/// The algorithm ids a table cell names in code spans.
pub(super) fn ids_in(cell: &str) -> Vec<&str> {
    cell.split('`')
        .skip(1)
        .step_by(2)
        .filter(|id| algorithms::registry::find(id).is_ok())
        .collect()
}

/// The guide's table of exact distances (`docs/report.md`, *What it
/// finds*): every plain figure of its last column is the exact total
/// variation distance of the committed `reports/report.json` on its deck
/// (6 cards, or the deck the cell names), as many digits as the cell
/// shows. Cells that bound (`≥`) or say "sampled only" are not figures.
pub(super) fn distance_table(page: &str, text: &str) -> (Vec<String>, usize) {
    let report: serde_json::Value = serde_json::from_str(
        &std::fs::read_to_string(root().join("reports/report.json")).expect("reports/report.json"),
    )
    .expect("report.json parses");
    let exact = |id: &str, deck: u64| -> Option<f64> {
        report["algorithms"]
            .as_array()?
            .iter()
            .find(|a| a["info"]["id"] == id)?["cases"]
            .as_array()?
            .iter()
            .find(|c| c["deck"] == deck)?["exact"]["total_variation"]
            .as_f64()
    };
    let (mut out, mut checked) = (Vec::new(), 0);
    let section = text
        .split("## What it finds")
        .nth(1)
        .and_then(|rest| rest.split("\n## ").next())
        .unwrap_or_default();
    for row in section.lines().filter(|l| l.starts_with("| [")) {
        let cells = cells(row);
        let (ids, cell) = (ids_in(cells[0]), cells[cells.len() - 1]);
        if cell.contains('≥') || cell.contains("sampled") {
            continue;
        }
        let (figures, note) = cell.split_once(" (").unwrap_or((cell, ""));
        let deck = note
            .strip_suffix(" cards)")
            .and_then(|n| n.parse().ok())
            .unwrap_or(6);
        let figures: Vec<&str> = figures.split(", ").collect();
        for (k, id) in ids.iter().enumerate() {
            let figure = if figures.len() == 1 {
                figures[0]
            } else {
                figures[k]
            };
            let Some(tv) = exact(id, deck) else {
                out.push(format!(
                    "{page}: `{id}` has no exact law on {deck} cards in reports/report.json"
                ));
                continue;
            };
            let shown = if figure.contains('e') {
                format!("{tv:.1e}")
            } else {
                let decimals = figure.split_once('.').map_or(0, |(_, d)| d.len());
                format!("{tv:.decimals$}")
            };
            checked += 1;
            if shown != figure {
                out.push(format!(
                    "{page}: `{id}` on {deck} cards: the table says {figure}, the exact law {shown}"
                ));
            }
        }
    }
    (out, checked)
}

/// The guide's table of the cards that give a seeded deal away
/// (`docs/seeds.md`): each row's seeds and cards are the tool's
/// (`judge::recovery::cards_to_pin_down` on 52 cards), and every seeded
/// shuffle of the registry has its row.
pub(super) fn seed_table(page: &str, text: &str) -> Vec<String> {
    let mut out = Vec::new();
    let mut seen = Vec::new();
    for row in text.lines().filter(|l| l.starts_with("| `")) {
        let cells = cells(row);
        let [id] = ids_in(cells[0])[..] else {
            continue;
        };
        let Some(seeded) = algorithms::registry::find(id)
            .ok()
            .and_then(|e| e.algorithm.seeded())
        else {
            continue;
        };
        let range = seeded.seeds();
        let seeds = range.end - range.start;
        let stated: Option<u64> = cells[1]
            .split(' ')
            .next()
            .and_then(|n| n.replace(',', "").parse().ok());
        let cards = judge::recovery::cards_to_pin_down(seeds, 52);
        if stated != Some(seeds) || cells[2].parse() != Ok(cards) {
            out.push(format!(
                "{page}: `{id}`: the table says {} seeds and {} cards; the tool, {seeds} and {cards}",
                cells[1], cells[2]
            ));
        }
        seen.push(id);
    }
    for entry in algorithms::registry::REGISTRY.iter() {
        if entry.algorithm.seeded().is_some() && !seen.contains(&entry.id) {
            out.push(format!(
                "{page}: no row for the seeded shuffle `{}`",
                entry.id
            ));
        }
    }
    out
}

/// The paths of the lesson's tree per arrangement (`012 4, 021 5, …,
/// 210 4`) a page states are the ones the committed report's teacher page
/// draws.
pub(super) fn path_counts(page: &str, text: &str) -> Vec<String> {
    let flat = |t: &str| t.split_whitespace().collect::<Vec<_>>().join(" ");
    let report = flat(&std::fs::read_to_string(root().join("reports/README.md")).unwrap());
    let text = flat(text);
    let mut out = Vec::new();
    for (start, _) in text.match_indices("012 ") {
        let Some(end) = text[start..].find("210 ") else {
            continue;
        };
        let end = start + end + "210 ".len();
        let digits = text[end..].chars().take_while(char::is_ascii_digit).count();
        let stated = &text[start..end + digits];
        if !report.contains(stated) {
            out.push(format!(
                "{page}: \"{stated}\" is not what the report's tree counts"
            ));
        }
    }
    out
}

/// The figures a page states of `Math.random()` read back from node's
/// deals are those of the committed report's rows for node 20's doubles:
/// the bits a deal pins, the share of fresh processes and of starts
/// anywhere in the cache whose third deal the first two give away, the
/// mean draws that takes, and the share the first deal alone gives.
pub(super) fn readback_figures(page: &str, text: &str) -> Vec<String> {
    use studies::math_random::{ReadbackRow, Start};
    let flat = |t: &str| t.split_whitespace().collect::<Vec<_>>().join(" ");
    let report: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(root().join("reports/report.json")).unwrap())
            .unwrap();
    let rows: Vec<ReadbackRow> = serde_json::from_value(report["readback"].clone()).unwrap();
    let row = |start| {
        rows.iter()
            .find(|r| r.start == start && r.double_bits == 52)
            .expect("the report's row")
    };
    let (fresh, anywhere) = (row(Start::Fresh), row(Start::Anywhere));
    let text = flat(text);
    [
        format!("pins {:.1} bits on average", fresh.pinned_bits_per_deck),
        format!(
            "its second, {:.0} % of the time",
            100.0 * fresh.known_share()
        ),
        format!(
            "from the first two {:.0} % of the time, then after {:.1} draws on average",
            100.0 * anywhere.known_share(),
            anywhere.mean()
        ),
        format!(
            "from the first deal alone {:.0} % of the time",
            100.0 * anywhere.within_one_deal()
        ),
    ]
    .into_iter()
    .filter(|stated| !text.contains(stated.as_str()))
    .map(|stated| format!("{page}: does not say \"{stated}\", as the committed report computes"))
    .collect()
}
