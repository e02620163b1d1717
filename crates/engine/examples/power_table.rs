//! The report's power table (`crates/report/power/`): for each biased
//! algorithm of the registry whose law is known at 5, 8 or 52 cards, at
//! each level of [`report::power::ALPHAS`], the likelihood-ratio floor and
//! the chi-square tests' decks from the exact law (what `shuffle-audit
//! power` prints), and the decks `audit` needs, measured
//! ([`engine::power::measured`]).
//!
//! Usage: `power_table DIR [RUNS] [CAP] [ID...]` appends one JSON line per
//! bug, deck size and level to `DIR/table.jsonl` as each is measured,
//! skipping those already there (so an interrupted run resumes), then
//! writes `DIR/meta.json`. `RUNS` audits at each number of decks (default
//! 1,000), searches up to `CAP` decks (default 262,144); `ID`s restrict it
//! to those algorithms. `scripts/power-table.sh` runs it in release.

use algorithms::registry::REGISTRY;
use engine::power::measured::{Needed, Trial, search_start};
use judge::method::{NoPowerMethod, power_method};
use report::power::{ALPHAS, DECKS, Measured, Meta, POWER, Row, in_scope};
use stats::hypothesis::name::TestName;
use std::io::Write;
use std::path::Path;
use std::time::Instant;

/// The analytic figures of `entry` on `deck` cards at `alpha`, when the
/// table has a row for it there ([`in_scope`]): at 52 cards, a bug that
/// swaps, by its position law. A row that says why when the law is not
/// known.
fn analytic(entry: &'static algorithms::Entry, deck: usize, alpha: f64) -> Option<Row> {
    let unknown = |why: String| Row {
        algorithm: entry.id.into(),
        deck,
        alpha,
        floor: None,
        any_test_at_least: None,
        position_chi2: None,
        permutation_chi2: None,
        audit: None,
        unknown: Some(why),
    };
    if !in_scope(entry, deck) {
        return None;
    }
    let method = match power_method(entry, deck) {
        Ok(m) => m,
        Err(NoPowerMethod::NotEnumerable(why)) => return Some(unknown(why.into())),
        Err(NoPowerMethod::TooLarge { max }) => {
            return Some(unknown(format!(
                "no method reaches {deck} cards (at most {max})"
            )));
        }
    };
    let request = engine::power::Request {
        entry,
        deck,
        alpha,
        power: POWER,
        method,
        limits: engine::exact::limits(entry, None),
    };
    let report = match engine::power::run(request, &|_| {}, &|_| {}) {
        Ok(o) => o.report,
        Err(e) => return Some(unknown(engine::with_causes(&e))),
    };
    let test = |name: TestName| {
        report
            .tests
            .iter()
            .find(|t| t.name == name)
            .and_then(|t| t.shuffles)
    };
    Some(Row {
        floor: report.likelihood_ratio_decks,
        any_test_at_least: report
            .divergence
            .as_ref()
            .and_then(|d| d.any_test_needs_at_least),
        position_chi2: test(TestName::POSITION_CHI2),
        permutation_chi2: test(TestName::PERMUTATION_CHI2),
        unknown: None,
        ..unknown(String::new())
    })
}

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let Some(dir) = args.first() else {
        eprintln!("usage: power_table DIR [RUNS] [CAP] [ID...]");
        std::process::exit(2);
    };
    let runs: u64 = args.get(1).map_or(1000, |a| a.parse().expect("RUNS"));
    let cap: u64 = args.get(2).map_or(1 << 18, |a| a.parse().expect("CAP"));
    let only: Vec<&str> = args.iter().skip(3).map(String::as_str).collect();
    let dir = Path::new(dir);
    let table = dir.join("table.jsonl");
    let done: Vec<Row> = std::fs::read_to_string(&table)
        .map(|t| report::power::parse_lines(&t).expect("table.jsonl"))
        .unwrap_or_default();
    let mut out = std::fs::OpenOptions::new()
        .create(true)
        .append(true)
        .open(&table)
        .expect("open table.jsonl");
    // The seconds of every run that wrote this table, this one included,
    // written after each row so that an interrupted run counts too.
    let before: u64 = std::fs::read_to_string(dir.join("meta.json"))
        .ok()
        .and_then(|m| serde_json::from_str(&m).ok())
        .filter(|m: &Meta| m.runs == runs && m.cap == cap && !done.is_empty())
        .map_or(0, |m| m.seconds);
    let start = Instant::now();
    let write_meta = || {
        let meta = Meta {
            command: format!("scripts/power-table.sh {runs} {cap}"),
            commit: std::env::var("POWER_TABLE_COMMIT").unwrap_or_else(|_| "unknown".into()),
            runs,
            cap,
            threads: rayon::current_num_threads(),
            seconds: before + start.elapsed().as_secs(),
        };
        let text = serde_json::to_string(&meta).expect("meta") + "\n";
        std::fs::write(dir.join("meta.json"), text).expect("write meta.json");
    };
    for entry in REGISTRY {
        if !(only.is_empty() || only.contains(&entry.id)) {
            continue;
        }
        for deck in DECKS {
            for alpha in ALPHAS {
                if done
                    .iter()
                    .any(|r| r.algorithm == entry.id && r.deck == deck && r.alpha == alpha)
                {
                    continue;
                }
                let t = Instant::now();
                let Some(mut row) = analytic(entry, deck, alpha) else {
                    continue;
                };
                if row.unknown.is_none() {
                    let first = search_start(deck, row.floor, row.any_test_at_least);
                    let trial = Trial {
                        entry,
                        deck,
                        alpha,
                        runs,
                    };
                    row.audit = (first <= cap).then(|| match trial.decks_for(POWER, first, cap) {
                        Needed::At { decks, caught } => Measured {
                            decks,
                            caught,
                            reached: true,
                        },
                        Needed::Beyond { cap, caught } => Measured {
                            decks: cap,
                            caught,
                            reached: false,
                        },
                    });
                }
                writeln!(out, "{}", serde_json::to_string(&row).expect("a row"))
                    .expect("write table.jsonl");
                out.flush().expect("write table.jsonl");
                write_meta();
                eprintln!(
                    "{} {deck} {alpha}: {:?} ({:.1} s)",
                    entry.id,
                    row.audit,
                    t.elapsed().as_secs_f64()
                );
            }
        }
    }
    write_meta();
}
