//! The calibration page: what the sweep of fair input
//! ([`judge::calibration`]) measured, as a table of every test at every
//! size beside its band, a summary a lab can cite, and a figure.
//!
//! The measurements ship with the report (`crates/report/calibration/`,
//! written by `scripts/sweep.sh`): a sweep takes hours, the page it
//! supports is in every report.

use crate::figures::{Figure, FigureError, RatePanel, RatePoint, rates};
use crate::fmt::fmt_count;
use judge::calibration::{
    CLAIM_HALF_WIDTH, Calibrated, Check, INTERVAL_LEVEL, LEVELS, PointRates, Rejections, Sweep,
    check, claim_repetitions, claimable,
};
use serde::{Deserialize, Serialize};
use stats::law::perm::factorial;
use std::fmt::Write;

/// The page's file name in a report folder.
pub const PAGE: &str = "calibration-sweep.md";

/// How a shipped sweep was run.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Meta {
    /// The command that ran it.
    pub command: String,
    /// The commit it ran at.
    pub commit: String,
    /// Seconds the suite's own sweep took, on how many threads.
    pub seconds: u64,
    /// Threads it ran on.
    pub threads: usize,
    /// Seconds the sweep of numpy's decks took.
    pub numpy_seconds: u64,
}

/// A sweep's measurements: fair decks from the suite's Fisher–Yates, and
/// from an independent generator (numpy's PCG64) read by the binary as a
/// user's file is read.
#[derive(Clone, Debug, PartialEq)]
pub struct Measured {
    /// How it was run.
    pub meta: Meta,
    /// The suite's own fair input, every kind.
    pub fisher_yates: Vec<PointRates>,
    /// numpy's decks, audited by the release binary.
    pub numpy: Vec<PointRates>,
}

/// JSON lines of [`PointRates`], blank lines skipped.
///
/// # Errors
/// A line that is not one.
pub fn parse_lines(text: &str) -> Result<Vec<PointRates>, serde_json::Error> {
    text.lines()
        .filter(|l| !l.trim().is_empty())
        .map(serde_json::from_str)
        .collect()
}

/// What an interrupted sweep's file holds: the points of its complete
/// lines, and how many bytes those lines take. A line cut short by the
/// interruption (the text after the last newline) is not a point; a
/// resumed sweep cuts it off and measures that point again.
///
/// # Errors
/// A complete line that is not a [`PointRates`].
pub fn resume(text: &str) -> Result<(Vec<PointRates>, usize), serde_json::Error> {
    let complete = text.rfind('\n').map_or(0, |i| i + 1);
    Ok((parse_lines(&text[..complete])?, complete))
}

/// The sweep this build ships.
pub fn shipped() -> Measured {
    let bad = "the shipped calibration data parse (a test checks it)";
    Measured {
        meta: serde_json::from_str(include_str!("../calibration/meta.json")).expect(bad),
        fisher_yates: parse_lines(include_str!("../calibration/fisher-yates.jsonl")).expect(bad),
        numpy: parse_lines(include_str!("../calibration/numpy.jsonl")).expect(bad),
    }
}

/// The calibration page of a sweep.
#[derive(Clone, Debug)]
pub struct Page {
    /// The page, in Markdown; its figure is [`FIGURE`] beside it.
    pub markdown: String,
    /// The figure.
    pub figure: Figure,
    /// Counts checked (each test and the family, at each level).
    pub checks: usize,
    /// Rows with a count above its band.
    pub too_many: usize,
    /// Points drawn in the figure: those of the claim, as many as its
    /// table lists.
    pub drawn: usize,
}

/// The figure's files, `FIGURE.png` and `FIGURE.svg`, beside the page.
pub const FIGURE: &str = "calibration-sweep";

/// A point's test (or family) checked at both levels.
struct Row<'a> {
    point: &'a PointRates,
    name: &'a str,
    family: bool,
    checks: [Check; 2],
    /// Measured closely enough for the page's claim ([`claimable`]).
    claimed: bool,
}

impl Row<'_> {
    fn calibrated(&self) -> Calibrated {
        let c = self.checks.map(|c| c.calibrated);
        if c.contains(&Calibrated::TooMany) {
            Calibrated::TooMany
        } else if c.contains(&Calibrated::Conservative) {
            Calibrated::Conservative
        } else {
            Calibrated::Yes
        }
    }
}

/// What a point is, in words.
fn label(point: &Sweep) -> String {
    match point {
        Sweep::Decks(p) if p.deck <= stats::sample::MAX_HISTOGRAM_DECK => format!(
            "{} cards, {} decks ({:.2} per arrangement)",
            p.deck,
            fmt_count(p.decks),
            p.decks as f64 / factorial(p.deck) as f64
        ),
        Sweep::Decks(p) => format!("{} cards, {} decks", p.deck, fmt_count(p.decks)),
        Sweep::Repeated {
            counts,
            hand,
            decks,
        } => format!(
            "{}, {} decks",
            composition(counts, *hand),
            fmt_count(*decks)
        ),
        Sweep::Single { items } => format!("one draw of {items} items"),
        Sweep::Repeat {
            deck,
            decks,
            repeat,
        } => format!(
            "sample: {deck} cards, {repeat} runs of {} decks",
            fmt_count(*decks)
        ),
    }
}

/// A shoe or decklist, in words.
fn composition(counts: &[usize], hand: Option<usize>) -> String {
    let cards: usize = counts.iter().sum();
    if counts.iter().all(|&k| k == counts[0]) {
        format!("shoe of {} values × {}", counts.len(), counts[0])
    } else {
        let list: Vec<String> = counts.iter().map(usize::to_string).collect();
        format!(
            "decklist of {cards} cards ({}){}",
            list.join("+"),
            hand.map_or(String::new(), |h| format!(", hand {h}"))
        )
    }
}

/// Which panel a point is drawn in, and its x.
fn panel_of(point: &Sweep) -> (String, &'static str, f64) {
    match point {
        Sweep::Decks(p) => (format!("{} cards", p.deck), "decks", p.decks as f64),
        Sweep::Repeated {
            counts,
            hand,
            decks,
        } => (composition(counts, *hand), "decks", *decks as f64),
        Sweep::Single { items } => ("one draw (--single)".into(), "items", *items as f64),
        Sweep::Repeat { decks, repeat, .. } => (
            "sample --repeat".into(),
            "decks per run × runs",
            (decks * repeat) as f64,
        ),
    }
}

/// Where the family changes inside a panel: the permutation tests of
/// decks of up to 10 cards switch on at 5 decks per arrangement; a draw's
/// exact laws end at 10 (Spearman), 200 (Kendall) and 400 items.
fn switches(point: &Sweep) -> Vec<f64> {
    use stats::hypothesis::single::{EXACT_UP_TO, KENDALL_EXACT_UP_TO, SPEARMAN_EXACT_UP_TO};
    match point {
        Sweep::Decks(p) if p.deck <= stats::sample::MAX_HISTOGRAM_DECK => {
            vec![stats::hypothesis::audit::min_shuffles_for_histogram(p.deck) as f64]
        }
        Sweep::Single { .. } => [SPEARMAN_EXACT_UP_TO, KENDALL_EXACT_UP_TO, EXACT_UP_TO]
            .map(|n| n as f64 + 0.5)
            .to_vec(),
        _ => Vec::new(),
    }
}

/// Each test (and the family) of each point of `points`, checked at both
/// levels as one of `checks` counts.
fn rows_of(points: &[PointRates], checks: usize) -> Vec<Row<'_>> {
    points
        .iter()
        .flat_map(|r| {
            r.tests
                .iter()
                .map(|t| (t, false))
                .chain(std::iter::once((&r.family, true)))
                .map(move |(t, family): (&Rejections, bool)| Row {
                    point: r,
                    name: if family { FAMILY } else { &t.name },
                    family,
                    checks: [0, 1].map(|i| check(t.rejected[i], t.runs, LEVELS[i], checks, family)),
                    claimed: claimable(t.runs),
                })
        })
        .collect()
}

/// The whole family's row.
const FAMILY: &str = "whole family (exit 1)";

/// The table of `rows`, one line each.
fn table(md: &mut String, rows: &[&Row]) {
    let _ = writeln!(
        md,
        "| point | repetitions | test | rejected at {} (band) | rate at {}, {:.0} % interval | rejected at {} (band) | caught at | calibrated |",
        LEVELS[0],
        LEVELS[0],
        INTERVAL_LEVEL * 100.0,
        LEVELS[1]
    );
    let _ = writeln!(md, "|---|---:|---|---:|---:|---:|---:|---|");
    for r in rows {
        let [a, b] = &r.checks;
        let low = |c: &Check| if r.family { 0 } else { c.band.0 };
        let (lo, hi) = interval(a);
        let _ = writeln!(
            md,
            "| {} | {} | {} | {} ({}..={}) | {:.2}–{:.2} % | {} ({}..={}) | ×{:.2} / ×{:.2} | {} |",
            label(&r.point.point),
            fmt_count(a.runs),
            r.name,
            a.rejected,
            low(a),
            a.band.1,
            lo * 100.0,
            hi * 100.0,
            b.rejected,
            low(b),
            b.band.1,
            a.detects,
            b.detects,
            word(r.calibrated())
        );
    }
}

/// The calibration page of the sweep `m`.
///
/// # Errors
/// When the figure cannot be drawn.
pub fn page(m: &Measured) -> Result<Page, FigureError> {
    let (mut measured, left_out): (Vec<PointRates>, Vec<PointRates>) =
        m.fisher_yates.iter().cloned().partition(|r| r.reps > 0);
    // Decks first (what most users audit), then shoes and decklists, single
    // draws and repeated runs; each kind in the sweep's order.
    measured.sort_by_key(|r| match r.point {
        Sweep::Decks(_) => 0,
        Sweep::Repeated { .. } => 1,
        Sweep::Single { .. } => 2,
        Sweep::Repeat { .. } => 3,
    });
    let checks: usize = measured
        .iter()
        .chain(&m.numpy)
        .map(|r| (r.tests.len() + 1) * LEVELS.len())
        .sum();
    let rows = rows_of(&measured, checks);
    let numpy = rows_of(&m.numpy, checks);
    let above: Vec<&Row> = rows
        .iter()
        .chain(&numpy)
        .filter(|r| r.calibrated() == Calibrated::TooMany)
        .collect();
    let (claimed, fewer): (Vec<&Row>, Vec<&Row>) = rows.iter().partition(|r| r.claimed);
    let numpy: Vec<&Row> = numpy.iter().collect();
    let mut md = String::new();
    let _ = writeln!(
        md,
        "# Calibration: every test on fair input, size by size\n"
    );
    let _ = writeln!(
        md,
        "{}\n",
        sentence(&claimed, &fewer, &numpy, &above, checks)
    );
    let Meta {
        command,
        commit,
        seconds,
        threads,
        numpy_seconds,
    } = &m.meta;
    let _ = writeln!(
        md,
        "Measured by `{command}` at commit `{commit}`: {} on {threads} threads for the suite's own input, {} for numpy's. Fair input comes from the suite's Fisher–Yates (repetition `s` deals what `shuffle-audit deal -a fisher-yates -s s` prints; a draw or a shoe the same from its cards in order) and is tested as `audit`, `audit --shoe`, a decklist audit, `audit --single` and `sample --repeat` test it; then decks from numpy's generator are read by the release binary as a user's file is read. Each count of rejections at α = {} and {} is checked against the central band of Binomial(runs, α) whose tails share a 1-in-{once} false alarm over all {checks} counts: a calibrated sweep is flagged anywhere at most once in {once} runs. Below the band a test is *conservative*: it rejects less often than α, as an exact test of a discrete statistic does (a single draw of 3 items cannot reach p < 0.05), and never calls a fair shuffle biased. Each rate at {} is shown with its {:.0} % interval (Clopper–Pearson); the claim above covers the counts of at least {} runs, the fewest for which the interval of a calibrated count lies within ±{} points of the level, a bound fixed before any count is seen. \"caught at\" is the factor on the level a test must exceed to fall above the band with probability {}: the sweep's resolution there, set by its repetitions (the largest decks get fewer). The whole family's row is how often the tool exits 1 at `--alpha α` (one-sided: Bonferroni may be conservative).\n",
        duration(*seconds),
        duration(*numpy_seconds),
        LEVELS[0],
        LEVELS[1],
        LEVELS[0],
        INTERVAL_LEVEL * 100.0,
        fmt_count(claim_repetitions()),
        CLAIM_HALF_WIDTH * 100.0,
        judge::calibration::CAUGHT_POWER,
        once = fmt_count((1.0 / judge::calibration::SWEEP_FALSE_FAILURE).round() as u64),
    );
    let _ = writeln!(
        md,
        "![Each test's rejections of fair input as a multiple of the level, by size, with the band of a calibrated count]({FIGURE}.png)\n"
    );
    coverage(&mut md, &claimed, &fewer);
    summary(&mut md, &claimed);
    let _ = writeln!(
        md,
        "\n## Every point of the claim\n\nEvery count of at least {} runs: {} points, as many as the figure draws.\n",
        fmt_count(claim_repetitions()),
        points_of(&claimed).len()
    );
    table(&mut md, &claimed);
    if !fewer.is_empty() {
        let _ = writeln!(
            md,
            "\n## Measured with fewer runs\n\nThese counts come from fewer than {} runs (the budget gives the largest decks fewer repetitions, and a test that runs only in some repetitions has fewer runs than its point): each is checked against its band, but its interval is wider than ±{} points, so the claim leaves it out and the figure does not draw it. A sweep with a larger budget measures them.\n",
            fmt_count(claim_repetitions()),
            CLAIM_HALF_WIDTH * 100.0
        );
        table(&mut md, &fewer);
    }
    let _ = writeln!(
        md,
        "\n## Decks from numpy's generator\n\nnumpy's default generator (PCG64, `numpy.random.default_rng(s)` for repetition `s`) deals the decks; `shuffle-audit audit -` reads them from a pipe (`scripts/sweep_numpy.py`). A cross-check of the parsing and of an independent generator: each count is checked against its band, and those of fewer than {} runs are not part of the claim.\n",
        fmt_count(claim_repetitions())
    );
    table(&mut md, &numpy);
    if !left_out.is_empty() {
        let _ = writeln!(
            md,
            "\n## Points left out\n\nThe budget gave these fewer than 100 repetitions: a sweep with a larger budget measures them.\n"
        );
        for r in &left_out {
            let _ = writeln!(md, "- {}", label(&r.point));
        }
    }
    let (figure, drawn) = figure(&claimed)?;
    Ok(Page {
        markdown: md,
        figure,
        checks,
        too_many: above.len(),
        drawn,
    })
}

/// The points of `rows`, each once, in their order.
fn points_of<'a>(rows: &[&Row<'a>]) -> Vec<&'a PointRates> {
    let mut points: Vec<&PointRates> = Vec::new();
    for r in rows {
        if !points.iter().any(|p| std::ptr::eq(*p, r.point)) {
            points.push(r.point);
        }
    }
    points
}

/// The interval of a count's rate ([`INTERVAL_LEVEL`], Clopper–Pearson).
fn interval(c: &Check) -> (f64, f64) {
    stats::hypothesis::fit::clopper_pearson(c.rejected, c.runs, INTERVAL_LEVEL)
}

/// Per kind and size of input, the sizes the claim covers and those
/// measured with fewer runs.
fn coverage(md: &mut String, claimed: &[&Row], fewer: &[&Row]) {
    let _ = writeln!(md, "## What the claim covers\n");
    let _ = writeln!(
        md,
        "| input | points of the claim | from | to | measured with fewer runs |"
    );
    let _ = writeln!(md, "|---|---:|---:|---:|---|");
    let mut headings: Vec<String> = Vec::new();
    for r in claimed.iter().chain(fewer) {
        let h = panel_of(&r.point.point).0;
        if !headings.contains(&h) {
            headings.push(h);
        }
    }
    for h in headings {
        let sizes = |rows: &[&Row]| {
            let mut v: Vec<(f64, &'static str)> = points_of(rows)
                .iter()
                .map(|p| panel_of(&p.point))
                .filter(|(heading, ..)| *heading == h)
                .map(|(_, desc, x)| (x, desc))
                .collect();
            v.sort_by(|a, b| a.0.total_cmp(&b.0));
            v
        };
        let (ours, theirs) = (sizes(claimed), sizes(fewer));
        let size = |(x, desc): (f64, &str)| format!("{} {desc}", fmt_count(x as u64));
        let theirs: Vec<String> = theirs
            .iter()
            .filter(|t| !ours.iter().any(|o| o.0 == t.0))
            .map(|t| size(*t))
            .collect();
        let _ = writeln!(
            md,
            "| {h} | {} | {} | {} | {} |",
            ours.len(),
            ours.first().map_or("–".into(), |o| size(*o)),
            ours.last().map_or("–".into(), |o| size(*o)),
            if theirs.is_empty() {
                "–".into()
            } else {
                theirs.join(", ")
            }
        );
    }
    let _ = writeln!(md);
}

/// Seconds, in words.
fn duration(seconds: u64) -> String {
    match seconds {
        s if s >= 3600 => format!("{} h {:02} min", s / 3600, s % 3600 / 60),
        s if s >= 60 => format!("{} min {:02} s", s / 60, s % 60),
        s => format!("{s} s"),
    }
}

fn word(c: Calibrated) -> &'static str {
    match c {
        Calibrated::Yes => "yes",
        Calibrated::Conservative => "conservative",
        Calibrated::TooMany => "**too many**",
    }
}

/// The sentence a lab can cite: what the claim covers (`claimed`, the
/// counts measured to ±[`CLAIM_HALF_WIDTH`]), whether every count lies
/// within its band (`above` lists those that do not), and what the claim
/// leaves out (`fewer` and `numpy`).
fn sentence(
    claimed: &[&Row],
    fewer: &[&Row],
    numpy: &[&Row],
    above: &[&Row],
    checks: usize,
) -> String {
    let points = points_of(claimed);
    let decks: Vec<usize> = points
        .iter()
        .filter_map(|r| match r.point {
            Sweep::Decks(p) => Some(p.deck),
            _ => None,
        })
        .collect();
    let (lo, hi) = (decks.iter().min(), decks.iter().max());
    let count = |f: fn(&Sweep) -> bool| points.iter().filter(|r| f(&r.point)).count();
    let repetitions: u64 = points.iter().map(|r| r.reps).sum();
    let counts = claimed.len() * LEVELS.len();
    let sizes = match (lo, hi) {
        (Some(a), Some(b)) if a == b => format!("{a}"),
        (Some(a), Some(b)) => format!("{a}–{b}"),
        _ => "no".to_string(),
    };
    let grid = format!(
        "{} point{} ({} of decks of {sizes} cards, {} of shoes and decklists, {} of single draws, {} of `sample --repeat`; the sizes in *What the claim covers*), {} repetitions, {counts} counts",
        points.len(),
        if points.len() == 1 { "" } else { "s" },
        count(|p| matches!(p, Sweep::Decks(_))),
        count(|p| matches!(p, Sweep::Repeated { .. })),
        count(|p| matches!(p, Sweep::Single { .. })),
        count(|p| matches!(p, Sweep::Repeat { .. })),
        fmt_count(repetitions),
    );
    let precision = format!(
        "measured to ±{} points at α = {} ({:.0} % interval; at least {} runs)",
        CLAIM_HALF_WIDTH * 100.0,
        LEVELS[0],
        INTERVAL_LEVEL * 100.0,
        fmt_count(claim_repetitions())
    );
    let rest = format!(
        "The other {} of the sweep's {checks} counts come from fewer runs ({} points of the suite's own input, among them its largest decks, and {} of decks from numpy's generator): they are checked against their bands and tabled apart, but not claimed.",
        (fewer.len() + numpy.len()) * LEVELS.len(),
        points_of(fewer)
            .iter()
            .filter(|p| !points.iter().any(|q| std::ptr::eq(**p, *q)))
            .count(),
        points_of(numpy).len(),
    );
    if above.is_empty() {
        format!(
            "**Every test of this audit rejects a fair shuffle at most at its stated rate**, wherever that rate was {precision}: over {grid}, no count of rejections at {} or {} lies above the band of a calibrated test, and the tool exits 1 on fair input at most at the level `--alpha` sets. {rest}",
            LEVELS[0], LEVELS[1]
        )
    } else {
        let worst: Vec<String> = above
            .iter()
            .map(|r| format!("{} at {}", r.name, label(&r.point.point)))
            .collect();
        let (counts, lie) = match above.len() {
            1 => ("count", "lies"),
            _ => ("counts", "lie"),
        };
        format!(
            "**{} {counts} {lie} above the band of a calibrated test** ({}), of a sweep whose claim covers {grid}, each {precision}. {rest}",
            above.len(),
            worst.join("; ")
        )
    }
}

/// One line per test: where it rejected most often, as a multiple of the
/// level, at each level.
fn summary(md: &mut String, rows: &[&Row]) {
    let _ = writeln!(md, "## Each test's largest departure\n");
    let _ = writeln!(
        md,
        "The largest rate of rejection over the points of the claim where the test ran, as a multiple of the level (1.00: exactly the level), and where; a test whose largest departure lies within its band there is calibrated.\n"
    );
    let _ = writeln!(
        md,
        "| test | points | largest at {} | where | largest at {} | where | every count in its band |",
        LEVELS[0], LEVELS[1]
    );
    let _ = writeln!(md, "|---|---:|---:|---|---:|---|---|");
    let mut names: Vec<&str> = Vec::new();
    for r in rows {
        if !names.contains(&r.name) {
            names.push(r.name);
        }
    }
    for name in names {
        let of: Vec<&Row> = rows.iter().copied().filter(|r| r.name == name).collect();
        let worst = |i: usize| {
            of.iter()
                .max_by(|a, b| ratio(&a.checks[i]).total_cmp(&ratio(&b.checks[i])))
                .map(|r| (ratio(&r.checks[i]), label(&r.point.point)))
                .expect("one row at least")
        };
        let (a, wa) = worst(0);
        let (b, wb) = worst(1);
        let ok = of.iter().all(|r| r.calibrated() != Calibrated::TooMany);
        let _ = writeln!(
            md,
            "| {name} | {} | {a:.2} | {wa} | {b:.2} | {wb} | {} |",
            of.len(),
            if ok { "yes" } else { "**no**" }
        );
    }
}

fn ratio(c: &Check) -> f64 {
    c.rejected as f64 / (c.runs as f64 * c.alpha)
}

/// The figure of the claim's `rows`, and how many points it draws.
fn figure(rows: &[&Row]) -> Result<(Figure, usize), FigureError> {
    let points = points_of(rows);
    let mut panels: Vec<RatePanel> = Vec::new();
    for r in &points {
        let (heading, x_desc, x) = panel_of(&r.point);
        let i = match panels.iter().position(|p| p.heading == heading) {
            Some(i) => i,
            None => {
                panels.push(RatePanel {
                    heading,
                    x_desc,
                    points: Vec::new(),
                    switches: Vec::new(),
                });
                panels.len() - 1
            }
        };
        for s in switches(&r.point) {
            if !panels[i].switches.contains(&s) {
                panels[i].switches.push(s);
            }
        }
        // Every test, and the whole family (its band one-sided: it may
        // reject less often than the level).
        for row in rows.iter().filter(|row| std::ptr::eq(row.point, *r)) {
            for (level, c) in row.checks.iter().enumerate() {
                let per = c.runs as f64 * c.alpha;
                panels[i].points.push(RatePoint {
                    x,
                    level,
                    ratio: ratio(c),
                    band: (
                        if row.family { 0 } else { c.band.0 } as f64 / per,
                        c.band.1 as f64 / per,
                    ),
                });
            }
        }
    }
    let runs: u64 = points.iter().map(|r| r.reps).sum();
    let figure = rates(
        "Calibration: each test's rejections of fair input, ÷ the level",
        &[format!(
            "{} points, {} repetitions, each rate measured to ±{} points at α = {} (at least {} runs): a dot is one test, or the whole family, at one size; the bar behind, the band a calibrated count stays in; 1 is exactly the level. Counts of fewer runs are tabled on the page, not drawn.",
            points.len(),
            fmt_count(runs),
            CLAIM_HALF_WIDTH * 100.0,
            LEVELS[0],
            fmt_count(claim_repetitions()),
        )],
        LEVELS,
        &panels,
    )?;
    Ok((figure, points.len()))
}

#[cfg(test)]
mod tests;
