//! The calibration sweep on fair input: every test `audit` runs on decks
//! of 3 to 12 cards and 52, on shoes and decklists, on single draws, and
//! `sample --repeat`'s two-level tests, at sizes on both sides of each
//! point where a family of tests changes.
//!
//! Usage:
//! - `sweep run [BUDGET] [MAX_REPS] [KIND]` prints one JSON line per point (a
//!   [`PointRates`]) as each point ends: each point runs
//!   `min(MAX_REPS, BUDGET / cost)` repetitions, its cost being the decks
//!   one repetition deals (defaults: 2e10 and 19,000, which catch a rate
//!   1.5 times the level at 0.01); a point the budget gives fewer than 100
//!   is printed with none, and the page lists it as left out. `KIND`
//!   (`decks`, `repeated`, `single` or `repeat`) runs the points of one
//!   kind alone, with the lines the whole sweep prints for them.
//! - `sweep into FILE [BUDGET] [MAX_REPS] [KIND]` appends to `FILE` the
//!   lines of the points it lacks, as `run` prints them, so that a sweep
//!   stopped part way resumes where it stopped (a line cut short is
//!   measured again); `FILE.seconds` sums the seconds of its points.
//! - `sweep page DIR` reads a sweep's files in `DIR` (`fisher-yates.jsonl`
//!   from `sweep run`, `numpy.jsonl` from `scripts/sweep_numpy.py`,
//!   `meta.json`) and writes the calibration page and its figure there
//!   ([`report::calibration`]), as every report shows them once the files
//!   are in `crates/report/calibration/`; exits 1 when a count lies above
//!   its band.
//!
//! `scripts/sweep.sh` runs both in release.

use judge::calibration::{Point, Sweep, rates};
use stats::law::perm::factorial;
use std::io::Write;
use std::time::Instant;

/// The numbers of decks swept for decks of `n` cards.
fn deck_sizes(n: usize) -> Vec<u64> {
    let min = stats::hypothesis::audit::min_shuffles_to_test(n);
    let mut sizes = vec![min, 4 * min];
    if n <= stats::sample::MAX_HISTOGRAM_DECK {
        let switch = stats::hypothesis::audit::min_shuffles_for_histogram(n);
        let k = factorial(n);
        sizes.extend([switch - 1, switch, 7 * k, 10 * k, 20 * k, 100 * k]);
    } else {
        sizes.extend([100 * n as u64, 10_000, 100_000, 1_000_000]);
    }
    sizes.retain(|&s| s >= min);
    sizes.sort_unstable();
    sizes.dedup();
    sizes
}

/// Every point of the sweep, cheapest kinds first.
fn points() -> Vec<Sweep> {
    let mut all: Vec<Sweep> = Vec::new();
    // One draw: below and above each exact limit (Spearman 10, Kendall
    // 200, the runs 400).
    for items in [2, 3, 5, 10, 11, 12, 30, 200, 201, 400, 401, 1000] {
        all.push(Sweep::Single { items });
    }
    // Shoes (equal counts) and decklists (a 60-card list with 24 lands,
    // a 39-card one with single copies of 3 cards), at the fewest decks
    // tested and beyond.
    let compositions: [(Vec<usize>, Option<usize>); 5] = [
        (vec![2; 3], None),
        (vec![4; 13], None),
        (vec![8; 13], None),
        (std::iter::once(24).chain([4; 9]).collect(), Some(7)),
        ([17, 4, 4, 4, 4, 3, 1, 1, 1].into(), Some(7)),
    ];
    for (counts, hand) in compositions {
        let composition = stats::hypothesis::shoe::Composition::new(counts.clone()).expect("valid");
        let min = stats::hypothesis::shoe::min_shoes_to_test(&composition);
        for decks in [min, 2 * min, 4 * min, 20 * min] {
            all.push(Sweep::Repeated {
                counts: counts.clone(),
                hand,
                decks,
            });
        }
    }
    // `sample --repeat`: the fewest decks and runs, both sides of the
    // permutation tests' switch, both sides of the two-level tests' switch
    // (position cells expecting `5 √R`, `two_level_min_expected`: 22.4 at
    // 20 runs, 50 at 100, 158 at 1,000) and far more.
    for (deck, decks, repeat) in [
        (3, 15, 2),
        (3, 29, 2),
        (3, 15, 20),
        (3, 29, 100),
        (3, 30, 20),
        (3, 67, 20),
        (3, 68, 20),
        (3, 149, 100),
        (3, 150, 100),
        (3, 475, 1_000),
        (3, 600, 100),
        (5, 25, 20),
        (5, 600, 20),
        (6, 3_600, 10),
        (8, 201_600, 5),
    ] {
        all.push(Sweep::Repeat {
            deck,
            decks,
            repeat,
        });
    }
    for n in (3..=12).chain([52]) {
        for decks in deck_sizes(n) {
            all.push(Sweep::Decks(Point { deck: n, decks }));
        }
    }
    all
}

/// The fewest repetitions a point is measured with; below, it is listed
/// as left out.
const MIN_REPS: u64 = 100;

/// Measures `points` in order, writing one JSON line each to `out` as it
/// ends; returns the seconds the measuring took.
fn measure(
    points: impl Iterator<Item = Sweep>,
    budget: f64,
    max_reps: u64,
    out: &mut impl Write,
) -> f64 {
    let start = Instant::now();
    for point in points {
        let mut reps = ((budget / point.cost() as f64) as u64).min(max_reps);
        if reps < MIN_REPS {
            // Left out, and said so: a line with no repetitions.
            eprintln!("{point:?}: skipped (fewer than {MIN_REPS} repetitions in the budget)");
            reps = 0;
        }
        let t = Instant::now();
        let r = rates(point, reps, 1);
        // One write a line, so that an interruption cuts at most the last.
        let line = serde_json::to_string(&r).expect("serializable") + "\n";
        out.write_all(line.as_bytes()).expect("write a line");
        out.flush().expect("write a line");
        eprintln!(
            "{:?}, {reps} repetitions: {:.1} s (total {:.0} s)",
            r.point,
            t.elapsed().as_secs_f64(),
            start.elapsed().as_secs_f64()
        );
    }
    start.elapsed().as_secs_f64()
}

/// The points of one kind, or all.
fn of_kind(kind: Option<&str>) -> impl Iterator<Item = Sweep> {
    points().into_iter().filter(move |p| {
        kind.is_none_or(|k| serde_json::to_value(p).expect("serializable")["kind"] == k)
    })
}

fn run(budget: f64, max_reps: u64, kind: Option<&str>) {
    let seconds = measure(
        of_kind(kind),
        budget,
        max_reps,
        &mut std::io::stdout().lock(),
    );
    eprintln!("sweep done in {seconds:.0} s");
}

/// `sweep into FILE`: appends to `FILE` the points it lacks, each as `run`
/// prints it, so that an interrupted sweep resumes where it stopped and
/// ends with the lines one whole run prints (each point's seeds are its
/// own). `FILE.seconds` counts the seconds of every point measured into
/// it.
fn into(file: &str, budget: f64, max_reps: u64, kind: Option<&str>) {
    use std::fs::OpenOptions;
    let text = match std::fs::read_to_string(file) {
        Ok(text) => text,
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => String::new(),
        Err(e) => panic!("{file}: {e}"),
    };
    let (done, complete) =
        report::calibration::resume(&text).unwrap_or_else(|e| panic!("{file}: {e}"));
    let mut out = OpenOptions::new()
        .create(true)
        .append(true)
        .open(file)
        .unwrap_or_else(|e| panic!("{file}: {e}"));
    // A line cut short by the interruption is measured again.
    out.set_len(complete as u64)
        .unwrap_or_else(|e| panic!("{file}: {e}"));
    let seconds_file = format!("{file}.seconds");
    let before: f64 = std::fs::read_to_string(&seconds_file).map_or(0.0, |s| {
        s.trim().parse().expect("FILE.seconds holds a number")
    });
    let left: Vec<Sweep> = of_kind(kind)
        .filter(|p| !done.iter().any(|d| d.point == *p))
        .collect();
    eprintln!(
        "{}: {} points there, {} to measure",
        file,
        done.len(),
        left.len()
    );
    // The seconds are written after each point, with the point's line.
    let mut total = before;
    for point in left {
        total += measure(std::iter::once(point), budget, max_reps, &mut out);
        std::fs::write(&seconds_file, format!("{total:.1}\n"))
            .unwrap_or_else(|e| panic!("{seconds_file}: {e}"));
    }
    eprintln!("sweep done: {total:.0} s of measuring in {file}");
}

fn page(dir: &str) {
    let dir = std::path::Path::new(dir);
    let read = |name: &str| {
        std::fs::read_to_string(dir.join(name))
            .unwrap_or_else(|e| panic!("{}: {e}", dir.join(name).display()))
    };
    let measured = report::calibration::Measured {
        meta: serde_json::from_str(&read("meta.json")).expect("meta.json"),
        fisher_yates: report::calibration::parse_lines(&read("fisher-yates.jsonl"))
            .expect("fisher-yates.jsonl"),
        numpy: report::calibration::parse_lines(&read("numpy.jsonl")).expect("numpy.jsonl"),
    };
    let page = report::calibration::page(&measured).expect("the figure draws");
    std::fs::write(dir.join(report::calibration::PAGE), &page.markdown).expect("write the page");
    let figure = format!("{}.png", report::calibration::FIGURE);
    let png = page
        .figure
        .png
        .as_deref()
        .expect("the calibration figure is drawn as PNG");
    std::fs::write(dir.join(figure), png).expect("write the figure");
    eprintln!(
        "{} + {} points, {} counts, {} rows above their band",
        measured.fisher_yates.len(),
        measured.numpy.len(),
        page.checks,
        page.too_many
    );
    std::process::exit(i32::from(page.too_many > 0));
}

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    match args.first().map(String::as_str) {
        Some("run") => run(
            args.get(1).map_or(2e10, |a| a.parse().expect("BUDGET")),
            args.get(2).map_or(19_000, |a| a.parse().expect("MAX_REPS")),
            args.get(3).map(String::as_str),
        ),
        Some("into") if args.len() >= 2 => into(
            &args[1],
            args.get(2).map_or(2e10, |a| a.parse().expect("BUDGET")),
            args.get(3).map_or(19_000, |a| a.parse().expect("MAX_REPS")),
            args.get(4).map(String::as_str),
        ),
        Some("page") if args.len() == 2 => page(&args[1]),
        _ => {
            eprintln!(
                "usage: sweep run [BUDGET] [MAX_REPS] [KIND] | sweep into FILE [BUDGET] [MAX_REPS] [KIND] | sweep page DIR"
            );
            std::process::exit(2);
        }
    }
}
