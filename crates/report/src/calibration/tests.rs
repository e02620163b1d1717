use super::*;
use judge::calibration::{Point, rates as sweep_rates};

fn measured(points: Vec<PointRates>) -> Measured {
    Measured {
        meta: Meta {
            command: "scripts/sweep.sh".into(),
            commit: "0000000".into(),
            seconds: 4000,
            threads: 2,
            numpy_seconds: 90,
        },
        fisher_yates: points,
        numpy: Vec::new(),
    }
}

#[test]
fn the_page_claims_only_what_it_measured_closely_and_says_when_a_count_is_above_its_band() {
    let enough = claim_repetitions();
    let mut m = measured(vec![
        sweep_rates(Point { deck: 3, decks: 30 }, enough, 1),
        // Measured, but with too few runs for the claim.
        sweep_rates(Sweep::Single { items: 11 }, 400, 1),
        // Left out by the budget.
        sweep_rates(
            Point {
                deck: 9,
                decks: 36_288_000,
            },
            0,
            1,
        ),
    ]);
    let p = page(&m).expect("draws");
    assert_eq!(p.too_many, 0, "{}", p.markdown);
    assert!(
        p.markdown
            .contains("## Points left out\n\nThe budget gave these fewer than 100 repetitions: a sweep with a larger budget measures them.\n\n- 9 cards, 36,288,000 decks (100.00 per arrangement)\n"),
        "{}",
        p.markdown
    );
    let first = p.markdown.lines().nth(2).expect("the sentence");
    assert!(
        first.starts_with("**Every test of this audit rejects a fair shuffle at most at its stated rate**, wherever that rate was measured to ±0.5 points at α = 0.01 (95 % interval; at least 2,455 runs): over 1 point (1 of decks of 3 cards"),
        "{first}"
    );
    assert!(
        first.contains("(1 points of the suite's own input")
            || first.contains("(1 point of the suite's own input")
                && first.contains("come from fewer runs"),
        "{first}"
    );
    assert!(
        p.markdown.contains("1 h 06 min on 2 threads"),
        "{}",
        p.markdown
    );
    // The claim's table holds the 3-card point, with its interval, and
    // the figure draws as many points; the draw of 11 items sits apart.
    let (claim, rest) = p
        .markdown
        .split_once("## Measured with fewer runs")
        .expect("a section for the rest");
    assert_eq!(p.drawn, 1);
    for (r, section) in [(&m.fisher_yates[0], claim), (&m.fisher_yates[1], rest)] {
        for t in &r.tests {
            let (lo, hi) = stats::hypothesis::fit::clopper_pearson(t.rejected[0], t.runs, 0.95);
            let row = format!(
                "| {} | {} | {} | {} (",
                label(&r.point),
                fmt_count(t.runs),
                t.name,
                t.rejected[0]
            );
            assert!(section.contains(&row), "{row}");
            let shown = format!("| {:.2}–{:.2} % |", lo * 100.0, hi * 100.0);
            assert!(section.contains(&shown), "{shown}");
        }
    }
    assert!(!claim.contains("one draw of 11 items |"));
    assert!(
        p.figure
            .png
            .as_deref()
            .is_some_and(|png| png.starts_with(b"\x89PNG"))
    );
    // A test that rejected every time is above its band, and the page
    // names it instead of the claim, even where it had too few runs to
    // be claimed.
    m.fisher_yates[1].tests[0].rejected = [400, 400];
    let p = page(&m).expect("draws");
    assert_eq!(p.too_many, 1);
    assert!(!p.markdown.contains("**Every test"), "{}", p.markdown);
    let named = format!(
        "{} at one draw of 11 items",
        m.fisher_yates[1].tests[0].name
    );
    assert!(p.markdown.contains(&named), "{}", p.markdown);
}

#[test]
fn the_shipped_sweep_parses_and_its_page_names_each_count_above_its_band() {
    let m = shipped();
    assert!(!m.fisher_yates.is_empty() && !m.numpy.is_empty());
    let p = page(&m).expect("draws");
    // Every count of the data is checked, and the page flags as many
    // rows as the checks find above their bands, in its first sentence
    // too.
    let counts: usize = m
        .fisher_yates
        .iter()
        .filter(|r| r.reps > 0)
        .chain(&m.numpy)
        .map(|r| (r.tests.len() + 1) * 2)
        .sum();
    assert_eq!(p.checks, counts);
    let flagged = p.markdown.matches("| **too many** |").count();
    assert_eq!(flagged, p.too_many);
    let first = p.markdown.lines().nth(2).expect("the sentence");
    match p.too_many {
        0 => assert!(first.starts_with("**Every test of this audit"), "{first}"),
        n => assert!(first.starts_with(&format!("**{n} count")), "{first}"),
    }
    // Every count the claim covers is measured to half a point: its
    // interval at 0.01, as the page prints it, spans at most one point;
    // the figure draws as many points as the claim's table lists and
    // its first sentence counts.
    let claim = p
        .markdown
        .split_once("## Every point of the claim")
        .and_then(|(_, rest)| rest.split("\n## ").next())
        .expect("the claim's table");
    let mut labels: Vec<&str> = Vec::new();
    for line in claim
        .lines()
        .filter(|l| l.starts_with("| ") && !l.starts_with("| point"))
    {
        let cells: Vec<&str> = line.split(" | ").collect();
        let runs: u64 = cells[1].replace(',', "").parse().expect("runs");
        assert!(runs >= claim_repetitions(), "{line}");
        let (lo, hi) = cells[4]
            .trim_end_matches(" %")
            .split_once('–')
            .map(|(a, b)| (a.parse::<f64>().expect("lo"), b.parse::<f64>().expect("hi")))
            .expect("an interval");
        assert!(hi - lo <= 2.0 * CLAIM_HALF_WIDTH * 100.0 + 0.01, "{line}");
        let label = cells[0].trim_start_matches("| ");
        if !labels.contains(&label) {
            labels.push(label);
        }
    }
    assert!(labels.len() > 50, "{}", labels.len());
    assert_eq!(p.drawn, labels.len());
    assert!(
        first.contains(&format!("over {} points (", labels.len())),
        "{first}"
    );
    assert!(
        claim.contains(&format!("{} points, as many as the figure draws", p.drawn)),
        "{claim}"
    );
}

#[test]
fn a_resumed_sweep_keeps_its_complete_lines_and_cuts_off_a_line_cut_short() {
    let a = sweep_rates(Sweep::Single { items: 3 }, 5, 1);
    let b = sweep_rates(Point { deck: 3, decks: 15 }, 5, 1);
    let line = |r: &PointRates| serde_json::to_string(r).expect("serializes") + "\n";
    let whole = line(&a) + &line(&b);
    assert_eq!(resume("").expect("empty"), (Vec::new(), 0));
    assert_eq!(
        resume(&whole).expect("two lines"),
        (vec![a.clone(), b.clone()], whole.len())
    );
    // Interrupted while writing the second line: only the first is kept.
    let first = line(&a).len();
    for cut in [first, first + 1, whole.len() - 1] {
        assert_eq!(
            resume(&whole[..cut]).expect("cut"),
            (vec![a.clone()], first),
            "cut at {cut}"
        );
    }
    // A complete line that is not a point is an error, not a point to skip.
    assert!(resume("{\"point\": 3}\n").is_err());
}
