//! The power page: for each known bug whose law is known at 5, 8 and 52
//! cards, how many decks `audit` needs to catch it, beside the fewest any
//! test needs (the likelihood-ratio floor) and the chi-square tests on
//! positions and on arrangements.
//!
//! The floor and the chi-square figures are computed from the bug's exact
//! law (`shuffle-audit power`); audit's figures are measured, thousands of
//! audits of decks the bug deals. The measurements ship with the report
//! (`crates/report/power/`, written by `scripts/power-table.sh`): they take
//! minutes, the page they support is in every report.

use crate::fmt::{fmt_count, fmt_level, fmt_times};
use serde::{Deserialize, Serialize};
use stats::hypothesis::audit::min_shuffles_to_test;
use std::fmt::Write;

/// The page's file name in a report folder.
pub const PAGE: &str = "power.md";

/// The deck sizes the page measures.
pub const DECKS: [usize; 3] = [5, 8, 52];

/// The levels the page measures: the one standards ask for, and
/// `audit`'s default.
pub const ALPHAS: [f64; 2] = [0.01, judge::grade::AUDIT_ALPHA];

/// The power every figure is for: the share of runs that must show bias.
pub const POWER: f64 = 0.99;

/// How a shipped table was measured.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Meta {
    /// The command that wrote it.
    pub command: String,
    /// The commit it ran at.
    pub commit: String,
    /// Audits at each number of decks tried (seeds 1 to `runs`).
    pub runs: u64,
    /// The most decks a search tries.
    pub cap: u64,
    /// Threads it ran on.
    pub threads: usize,
    /// Seconds it took.
    pub seconds: u64,
}

/// The decks audit needed, as measured.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Measured {
    /// The fewest decks found whose runs reached the power (to 2 %), or
    /// the most tried when `reached` is false.
    pub decks: u64,
    /// Runs that showed bias at `decks`.
    pub caught: u64,
    /// Whether `decks` reached the power.
    pub reached: bool,
}

/// One bug on one deck size at one level.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Row {
    /// The registry id.
    pub algorithm: String,
    /// Cards per deck.
    pub deck: usize,
    /// The level.
    pub alpha: f64,
    /// The likelihood-ratio floor's decks (the whole law only).
    pub floor: Option<f64>,
    /// Without the whole law: the decks below which no test can have the
    /// power, from the divergence of the law (a Fisher–Yates shape's, by
    /// the Markov chain).
    #[serde(skip_serializing_if = "Option::is_none", default)]
    pub any_test_at_least: Option<f64>,
    /// The chi-square test on the position matrix: shuffles for the power.
    pub position_chi2: Option<f64>,
    /// The chi-square test on the arrangements (the whole law only).
    pub permutation_chi2: Option<f64>,
    /// What audit needed; `None` when not measured (the search's first
    /// number of decks is over its cap, or the law is not known).
    pub audit: Option<Measured>,
    /// Why the bug's law is not known at this size, when it is not (the
    /// row then has no figures).
    #[serde(skip_serializing_if = "Option::is_none", default)]
    pub unknown: Option<String>,
}

impl Row {
    /// Audit's decks over the floor's, when audit reached the power and
    /// the whole law gives the floor.
    pub fn over_floor(&self) -> Option<f64> {
        match (self.audit, self.floor) {
            (
                Some(Measured {
                    decks,
                    reached: true,
                    ..
                }),
                Some(f),
            ) => Some(decks as f64 / f.ceil()),
            _ => None,
        }
    }
}

/// A shipped table: how it was measured, and its rows.
#[derive(Clone, Debug, PartialEq)]
pub struct Table {
    /// How.
    pub meta: Meta,
    /// The rows, in the order they were measured.
    pub rows: Vec<Row>,
}

/// JSON lines of [`Row`], blank lines skipped.
///
/// # Errors
/// A line that is not one.
pub fn parse_lines(text: &str) -> Result<Vec<Row>, serde_json::Error> {
    text.lines()
        .filter(|l| !l.trim().is_empty())
        .map(serde_json::from_str)
        .collect()
}

/// The table this build ships.
pub fn shipped() -> Table {
    let bad = "the shipped power table parses (a test checks it)";
    Table {
        meta: serde_json::from_str(include_str!("../power/meta.json")).expect(bad),
        rows: parse_lines(include_str!("../power/table.jsonl")).expect(bad),
    }
}

/// A number of decks, whole: a fractional figure is rounded up.
fn decks(x: f64) -> String {
    fmt_count(x.ceil() as u64)
}

/// Audit's cell: its decks, or how far the search went.
fn audit_cell(m: Option<Measured>, cap: u64) -> String {
    match m {
        Some(Measured {
            decks,
            reached: true,
            ..
        }) => fmt_count(decks),
        Some(Measured { decks, .. }) => format!("more than {}", fmt_count(decks)),
        None => format!("not measured (over {})", fmt_count(cap)),
    }
}

/// The ratios of audit's decks to the floor, over the rows that have both,
/// in increasing order.
fn ratios(rows: &[&Row]) -> Vec<f64> {
    let mut r: Vec<f64> = rows.iter().filter_map(|row| row.over_floor()).collect();
    r.sort_by(f64::total_cmp);
    r
}

/// Whether the table has a row for `entry` on `deck` cards: every bug of
/// the registry at the sizes a whole law is walked at (a row saying why
/// when its law is not known), the bugs that swap beyond (their position
/// law, by the Markov chain).
pub fn in_scope(entry: &algorithms::Entry, deck: usize) -> bool {
    matches!(entry.expected, algorithms::Expected::Biased(_))
        && (deck <= stats::MAX_EXACT_DECK || entry.algorithm.swap_shuffle(2).is_some())
}

/// The page of a shipped table; a bug is linked to its page when
/// `has_page` says the report has one.
pub fn page(t: &Table, has_page: impl Fn(&str) -> bool) -> String {
    let Meta {
        command,
        commit,
        runs,
        cap,
        threads,
        seconds,
    } = &t.meta;
    let mut md = String::new();
    let _ = writeln!(md, "# How many decks audit needs to catch a known bug\n");
    let _ = writeln!(
        md,
        "For each bug in the registry whose law is known exactly at 5, 8 or 52 cards: the \
         decks `shuffle-audit audit` needs to show its bias in {:.0} % of audits, beside the \
         fewest decks any test can need and the chi-square tests a textbook would run.\n",
        100.0 * POWER
    );
    let _ = writeln!(
        md,
        "- **Floor**: the likelihood-ratio test that knows the bug's law, the most powerful \
         test there is (Neyman–Pearson): no test, however clever, needs fewer decks. It needs \
         the whole law (every arrangement's probability), so it is given up to {whole} \
         cards; beyond, for a bug shaped as Fisher–Yates, `≥ N` is the bound the law's \
         divergence gives instead: with fewer decks no test has the power.\n\
         - **χ² positions**, **χ² arrangements**: Pearson's test on the position matrix \
         (`(n − 1)²` degrees of freedom) and on the `n!` arrangements, their decks from the \
         noncentral chi-square law. Beyond {whole} cards the position matrix is the law \
         known (by the Markov chain of the swaps), so only bugs that swap have a row there.\n\
         - **audit**: measured. At a number of decks `N`, {runs} audits, seeds 1 to {runs}: \
         `shuffle-audit deal -a ID -d CARDS -n N --seed S | shuffle-audit audit - --alpha ALPHA`, \
         run in process. The power at `N` is the share that show bias (a refusal of too few \
         decks counts as not caught). `N` is found by doubling from the floor (or from the \
         fewest decks audit tests) and bisection, to 2 % of `N`, up to {cap} decks. With \
         {runs} audits, the share at 0.99 has a standard error of about {:.3}, so `N` is known \
         to a few percent. Audit refuses too few decks to test (it tests at least {fewest}): where it shows \
         that figure, its tests caught the bug at the fewest decks it tests.\n",
        (POWER * (1.0 - POWER) / *runs as f64).sqrt(),
        runs = fmt_count(*runs),
        cap = fmt_count(*cap),
        whole = DECKS
            .iter()
            .filter(|&&n| n <= stats::MAX_EXACT_DECK)
            .max()
            .expect("a size with the whole law"),
        fewest = DECKS
            .map(|n| format!("{} at {n} cards", fmt_count(min_shuffles_to_test(n))))
            .join(", "),
    );
    let _ = writeln!(
        md,
        "Each row's floor and chi-square figures: `shuffle-audit power -a ID -d CARDS --alpha \
         ALPHA` (the command prints the chi-square tests' shuffles and the floor's decks). The \
         whole table: `{command}` (commit {commit}, {threads} threads, {} minutes).\n",
        seconds.div_ceil(60)
    );
    for &deck in &DECKS {
        for &alpha in &ALPHAS {
            let rows: Vec<&Row> = t
                .rows
                .iter()
                .filter(|r| r.deck == deck && r.alpha == alpha && r.unknown.is_none())
                .collect();
            let missing: Vec<String> = algorithms::registry::REGISTRY
                .iter()
                .filter(|e| in_scope(e, deck))
                .filter(|e| {
                    !t.rows
                        .iter()
                        .any(|r| r.algorithm == e.id && r.deck == deck && r.alpha == alpha)
                })
                .map(|e| format!("`{}`", e.id))
                .collect();
            if rows.is_empty() && missing.is_empty() {
                continue;
            }
            let _ = writeln!(md, "## {deck} cards, alpha {}\n", fmt_level(alpha));
            let r = ratios(&rows);
            if let (Some(lo), Some(hi)) = (r.first(), r.last()) {
                let _ = writeln!(
                    md,
                    "Audit needs {} to {} times the floor's decks (median {}), over \
                     the {} measured against a floor.\n",
                    fmt_times(*lo),
                    fmt_times(*hi),
                    fmt_times((r[(r.len() - 1) / 2] + r[r.len() / 2]) / 2.0),
                    if r.len() == 1 {
                        "one bug".to_string()
                    } else {
                        format!("{} bugs", r.len())
                    }
                );
            }
            let _ = writeln!(
                md,
                "| bug | floor | χ² positions | χ² arrangements | audit | audit / floor |\n\
                 |---|---:|---:|---:|---:|---:|"
            );
            for row in rows {
                let opt = |x: Option<f64>| x.map_or("—".into(), decks);
                let floor = match (row.floor, row.any_test_at_least) {
                    (None, Some(b)) => format!("≥ {}", decks(b)),
                    (f, _) => opt(f),
                };
                let ratio = row
                    .over_floor()
                    .map_or("—".into(), |r| format!("{}×", fmt_times(r)));
                let id = &row.algorithm;
                let bug = if has_page(id) {
                    format!("[{id}]({})", crate::markdown::algorithm_page(id))
                } else {
                    format!("`{id}`")
                };
                let _ = writeln!(
                    md,
                    "| {bug} | {floor} | {} | {} | {} | {ratio} |",
                    opt(row.position_chi2),
                    opt(row.permutation_chi2),
                    audit_cell(row.audit, *cap),
                );
            }
            let _ = writeln!(md);
            if !missing.is_empty() {
                let _ = writeln!(
                    md,
                    "Not yet measured here: {}. `scripts/power-table.sh` measures the rows a \
                     table lacks and keeps the others.\n",
                    missing.join(", ")
                );
            }
        }
        let unknown: Vec<String> = t
            .rows
            .iter()
            .filter(|r| r.deck == deck && r.alpha == ALPHAS[0])
            .filter_map(|r| Some(format!("`{}` ({})", r.algorithm, r.unknown.as_ref()?)))
            .collect();
        if !unknown.is_empty() {
            let _ = writeln!(
                md,
                "Bugs whose law is not known at {deck} cards, so not in the tables: {}.\n",
                unknown.join("; ")
            );
        }
    }
    md
}

#[cfg(test)]
mod tests {
    use super::*;

    fn row(algorithm: &str, deck: usize, floor: Option<f64>, audit: Option<Measured>) -> Row {
        Row {
            algorithm: algorithm.into(),
            deck,
            alpha: 0.01,
            floor,
            any_test_at_least: None,
            position_chi2: Some(1231.97),
            permutation_chi2: floor.map(|_| 1858.0),
            audit,
            unknown: None,
        }
    }

    fn at(decks: u64, reached: bool) -> Option<Measured> {
        Some(Measured {
            decks,
            caught: 990,
            reached,
        })
    }

    #[test]
    fn the_shipped_table_parses_and_names_registered_bugs_at_its_sizes() {
        let t = shipped();
        for r in &t.rows {
            let entry = algorithms::registry::find(&r.algorithm).expect("registered");
            assert!(
                matches!(entry.expected, algorithms::Expected::Biased(_)),
                "{}",
                r.algorithm
            );
            assert!(
                DECKS.contains(&r.deck) && ALPHAS.contains(&r.alpha),
                "{r:?}"
            );
            if let Some(m) = r.audit {
                assert!(m.decks <= t.meta.cap && m.caught <= t.meta.runs, "{r:?}");
                assert_eq!(m.reached, m.caught as f64 >= POWER * t.meta.runs as f64);
            }
        }
    }

    #[test]
    fn the_page_gives_each_row_its_figures_and_audit_over_the_floor() {
        let t = Table {
            meta: Meta {
                command: "scripts/power-table.sh 1000 131072".into(),
                commit: "abc1234".into(),
                runs: 1000,
                cap: 131_072,
                threads: 2,
                seconds: 61,
            },
            rows: vec![
                row("naive-swap", 5, Some(475.0), at(1454, true)),
                row("gsr-riffle", 5, Some(1000.0), at(131_072, false)),
                row("naive-swap", 52, None, at(3000, true)),
                Row {
                    any_test_at_least: Some(40_000.5),
                    ..row("fisher-yates-mod15", 52, None, None)
                },
                row("sattolo", 5, Some(200_000.0), None),
                Row {
                    unknown: Some("a seed of the clock".into()),
                    ..row("java-shuffle-millis", 5, None, None)
                },
            ],
        };
        let md = page(&t, |id| id != "sattolo");
        assert!(md.contains("## 5 cards, alpha 0.01"), "{md}");
        assert!(md.contains("## 52 cards, alpha 0.01"), "{md}");
        assert!(
            md.contains(
                "| [naive-swap](algorithms/naive-swap.md) | 475 | 1,232 | 1,858 | 1,454 | 3.1× |"
            ),
            "{md}"
        );
        assert!(md.contains("| more than 131,072 | — |"), "{md}");
        assert!(md.contains("| 3,000 | — |"), "{md}");
        assert!(
            md.contains(
                "| [fisher-yates-mod15](algorithms/fisher-yates-mod15.md) | ≥ 40,001 | 1,232 | — |"
            ),
            "{md}"
        );
        assert!(md.contains("| `sattolo` | 200,000 |"), "{md}");
        assert!(md.contains("not measured (over 131,072)"), "{md}");
        assert!(md.contains("not known at 5 cards, so not in the tables: `java-shuffle-millis` (a seed of the clock)."), "{md}");
        assert!(!md.contains("| `java-shuffle-millis`"), "{md}");
        // The registry's other bugs are named as not yet measured, size by
        // size: at 52 cards, the bugs that swap.
        assert!(
            md.contains("Not yet measured here: `random-pairs-swap`,"),
            "{md}"
        );
        assert!(!md.contains("measured here: `naive-swap`"), "{md}");
        let at_52 = &md[md.find("## 52 cards, alpha 0.01").unwrap()..];
        assert!(
            at_52.contains("Not yet measured here: `random-pairs-swap`, `blog-knuth-durstenfeld`"),
            "{md}"
        );
        assert!(!at_52.contains("`sort-random-go`"), "{md}");
        assert!(md.contains("## 8 cards, alpha 0.01"), "{md}");
    }
}
