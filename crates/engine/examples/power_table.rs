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

use algorithms::{Expected, registry::REGISTRY};
use engine::power::measured::{Needed, Trial};
use judge::method::{PowerMethod, power_method};
use report::power::{ALPHAS, DECKS, Measured, Meta, POWER, Row};
use std::io::Write;
use std::path::Path;
use std::time::Instant;

/// The analytic figures of `id` on `deck` cards at `alpha`, when its law
/// is known there: at 52 cards, by the Markov chain only.
fn analytic(entry: &'static algorithms::Entry, deck: usize, alpha: f64) -> Option<Row> {
    let method = power_method(entry, deck).ok()?;
    if deck > 8 && !matches!(method, PowerMethod::MarkovChain(_)) {
        return None;
    }
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
        Err(e) => {
            eprintln!("{} on {deck} cards: no law ({e})", entry.id);
            return None;
        }
    };
    let test = |name: stats::hypothesis::name::TestName| {
        report
            .tests
            .iter()
            .find(|t| t.name == name)
            .and_then(|t| t.shuffles)
    };
    Some(Row {
        algorithm: entry.id.into(),
        deck,
        alpha,
        floor: report.likelihood_ratio_decks,
        position_chi2: test(stats::hypothesis::name::TestName::POSITION_CHI2),
        permutation_chi2: test(stats::hypothesis::name::TestName::PERMUTATION_CHI2),
        audit: None,
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
    let start = Instant::now();
    for entry in REGISTRY {
        if !matches!(entry.expected, Expected::Biased(_))
            || !(only.is_empty() || only.contains(&entry.id))
        {
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
                // From the floor, as scripts/power-audit.sh searches (the
                // same numbers of decks tried, so the same figures); else
                // from the fewest decks audit tests.
                let first = row
                    .floor
                    .map_or(stats::hypothesis::audit::min_shuffles_to_test(deck), |f| {
                        f.ceil() as u64
                    });
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
                writeln!(out, "{}", serde_json::to_string(&row).expect("a row"))
                    .expect("write table.jsonl");
                out.flush().expect("write table.jsonl");
                eprintln!(
                    "{} {deck} {alpha}: {:?} ({:.1} s)",
                    entry.id,
                    row.audit,
                    t.elapsed().as_secs_f64()
                );
            }
        }
    }
    // The seconds of every run that wrote this table, this one included.
    let before: Option<Meta> = std::fs::read_to_string(dir.join("meta.json"))
        .ok()
        .and_then(|m| serde_json::from_str(&m).ok())
        .filter(|m: &Meta| m.runs == runs && m.cap == cap && !done.is_empty());
    let meta = Meta {
        command: format!("scripts/power-table.sh {runs} {cap}"),
        commit: std::env::var("POWER_TABLE_COMMIT").unwrap_or_else(|_| "unknown".into()),
        runs,
        cap,
        threads: rayon::current_num_threads(),
        seconds: before.map_or(0, |m| m.seconds) + start.elapsed().as_secs(),
    };
    std::fs::write(
        dir.join("meta.json"),
        serde_json::to_string(&meta).expect("meta") + "\n",
    )
    .expect("write meta.json");
}
