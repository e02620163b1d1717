//! Tests of the rendered files.

use super::*;
use algorithms::registry::find;
use stats::{Limits, exact_distribution};

fn law(id: &str, deck: usize) -> ExactDistribution {
    let entry = find(id).unwrap();
    exact_distribution(&entry.algorithm, deck, &Limits::default()).unwrap()
}

#[test]
fn deviations_of_counts_and_of_exact_laws() {
    let d = deviation(&[vec![10, 30], vec![20, 20]]);
    assert_eq!(d, vec![vec![-0.5, 0.5], vec![0.0, 0.0]]);
    // Fisher–Yates is exactly uniform: every cell deviates by 0.
    let fy = exact_deviation(&law("fisher-yates", 4).position_matrix());
    assert!(fy.iter().flatten().all(|v| v.abs() < 1e-12), "{fy:?}");
    // The naive swap on 3 cards: card 1 ends at position 0 with
    // probability 10/27, so 10/9 − 1 too often.
    let naive = exact_deviation(&law("naive-swap", 3).position_matrix());
    assert!((naive[1][0] - 1.0 / 9.0).abs() < 1e-12, "{naive:?}");
}

#[test]
fn a_fair_shuffle_stays_pale_beside_a_biased_one_on_one_scale() {
    // 13 cards, 100,000 shuffles, seed 1: Fisher–Yates's largest cell
    // stays within the fair spread (99 %, all 169 cells), so within
    // the palest quarter of the scale; the naive swap's heatmap draws
    // the fair control beside it (two panels) on that scale.
    let sample = |id: &str| {
        let e = find(id).unwrap();
        let audit = judge::grade::audit(
            &e.algorithm,
            &stats::hypothesis::audit::AuditPlan {
                deck: 13,
                shuffles: 100_000,
                seed: 1,
                repeat: 1,
                histogram: false,
            },
            &|_| {},
        );
        crate::suite::SuiteCase {
            deck: 13,
            exact: None,
            exact_positions: None,
            sampled: Some(crate::sampled::SampleReport::new(
                e, &audit, 100_000, "rng", None,
            )),
            shuffles_to_detect: None,
            skipped: vec![],
            files: vec![],
        }
    };
    let (fy, naive) = (sample("fisher-yates"), sample("naive-swap"));
    let fair = deviation(&fy.sampled.as_ref().unwrap().position_matrix);
    let biased = deviation(&naive.sampled.as_ref().unwrap().position_matrix);
    let largest = |m: &[Vec<f64>]| m.iter().flatten().fold(0.0f64, |a, v| a.max(v.abs()));
    let alone = colour_limit(&[&fair], 13, 100_000);
    assert!(largest(&fair) <= PALE * alone, "{} {alone}", largest(&fair));
    let shared = colour_limit(&[&biased, &fair], 13, 100_000);
    assert_eq!(shared, largest(&biased), "the biased matrix sets the scale");
    let control = fy.sampled.as_ref().unwrap().position_matrix.clone();
    let files = case_files(
        "naive-swap",
        &naive,
        CaseData {
            control: Some(&control),
            on_page: true,
            ..CaseData::default()
        },
    )
    .unwrap();
    let png = files
        .iter()
        .find(|f| f.path == "figures/naive-swap/positions-n13.png")
        .unwrap();
    let img = image::load_from_memory(&png.bytes).unwrap();
    assert_eq!(
        img.width(),
        150 + 640 * 2,
        "sample and control side by side"
    );
    // 13 cards: above SVG_HEATMAPS_UP_TO, the heatmap is a PNG alone.
    assert!(!files.iter().any(|f| f.path.ends_with("positions-n13.svg")));
    // A heatmap the page does not show is drawn only with every file,
    // and so is a large deck's CSV copy of counts report.json holds.
    let paths = |set, on_page| -> Vec<String> {
        case_files(
            "naive-swap",
            &naive,
            CaseData {
                set,
                on_page,
                ..CaseData::default()
            },
        )
        .unwrap()
        .into_iter()
        .map(|f| f.path)
        .collect()
    };
    let heatmap = "figures/naive-swap/positions-n13.png".to_string();
    let counts = "data/naive-swap/positions-n13.csv".to_string();
    let pages = paths(FileSet::Pages, false);
    assert!(
        !pages.contains(&heatmap) && !pages.contains(&counts),
        "{pages:?}"
    );
    let all = paths(FileSet::All, false);
    assert!(all.contains(&heatmap) && all.contains(&counts), "{all:?}");
}

#[test]
fn exact_position_csv_gives_each_cell_as_a_fraction_and_a_value() {
    let law = law("naive-swap", 3);
    let csv = csv_cells(&law.position_fractions());
    let lines: Vec<&str> = csv.lines().collect();
    assert_eq!(lines.len(), 1 + 9);
    assert_eq!(lines[0], "card,position,probability_exact,probability");
    // Card 0 ends at position 0 on 9 of the 27 paths (4 + 5 from the
    // arrangements 012 and 021).
    assert_eq!(lines[1], "0,0,1/3,0.3333333333333333");
    let total: f64 = lines[1..4]
        .iter()
        .map(|l| l.rsplit(',').next().unwrap().parse::<f64>().unwrap())
        .sum();
    assert!((total - 1.0).abs() < 1e-12, "card 0's row sums to {total}");
}

#[test]
fn permutation_csv_holds_counts_and_exact_weights() {
    let law = law("naive-swap", 3);
    let csv = csv_permutations(3, &[4, 5, 5, 5, 4, 4], Some(&law));
    let lines: Vec<&str> = csv.lines().collect();
    assert_eq!(lines.len(), 7);
    assert_eq!(
        lines[0],
        "rank,arrangement,count,exact_weight,exact_denominator,exact_probability"
    );
    assert_eq!(lines[1], "0,0 1 2,4,4,27,0.14814814814814814");
    assert_eq!(lines[6], "5,2 1 0,4,4,27,0.14814814814814814");
    let plain = csv_permutations(3, &[1; 6], None);
    assert!(
        plain.starts_with("rank,arrangement,count\n0,0 1 2,1\n"),
        "{plain}"
    );
    let m = csv_matrix(&[vec![1u64, 2], vec![2, 1]]);
    assert_eq!(m, "card,position_0,position_1\n0,1,2\n1,2,1\n");
}

#[test]
fn battery_csv_lists_every_value_with_its_exact_law() {
    use stats::sample::Accumulator;
    let mut b = stats::hypothesis::battery::Battery::new(3);
    b.observe(&[0, 1, 2]);
    b.observe(&[1, 2, 0]);
    let info = b.summary();
    let csv = csv_battery(&info);
    let lines: Vec<&str> = csv.lines().collect();
    assert_eq!(lines[0], "statistic,k,count,exact_probability");
    // 5 statistics × 4 values (k = 0..=3).
    assert_eq!(lines.len(), 1 + 5 * 4);
    let row = |i: usize| -> (String, u64, f64) {
        let f: Vec<&str> = lines[i].split(',').collect();
        (
            format!("{},{}", f[0], f[1]),
            f[2].parse().unwrap(),
            f[3].parse().unwrap(),
        )
    };
    // Fixed points of 3 cards: 2, 3, 0, 1 of the 6 arrangements have k = 0..=3.
    // The identity has 3 fixed points and 3 cycles; [1, 2, 0] none and 1.
    for (i, key, count, p) in [
        (1, "fixed-points,0", 1, 2.0 / 6.0),
        (3, "fixed-points,2", 0, 0.0),
        (4, "fixed-points,3", 1, 1.0 / 6.0),
        (6, "cycles,1", 1, 2.0 / 6.0),
        (8, "cycles,3", 1, 1.0 / 6.0),
    ] {
        let (k, c, q) = row(i);
        assert_eq!((k.as_str(), c), (key, count));
        assert!((q - p).abs() < 1e-15, "{}", lines[i]);
    }
    assert!((info[0].mean - 1.5).abs() < 1e-12 && info[0].null_mean == 1.0);
}

#[test]
fn a_walk_cut_by_its_budget_draws_no_exact_panel() {
    // The exact panel shows the law; a walk cut short leaves mass
    // unexplored, and its matrix (every cell too low: −39 % everywhere for
    // blog-riffle on 6 cards) is no law: the heatmap keeps the sample alone.
    let e = find("naive-swap").unwrap();
    let audit = judge::grade::audit(
        &e.algorithm,
        &stats::hypothesis::audit::AuditPlan {
            deck: 4,
            shuffles: 20_000,
            seed: 1,
            repeat: 1,
            histogram: false,
        },
        &|_| {},
    );
    let case = crate::suite::SuiteCase {
        deck: 4,
        exact: None,
        exact_positions: None,
        sampled: Some(crate::sampled::SampleReport::new(
            e, &audit, 20_000, "rng", None,
        )),
        shuffles_to_detect: None,
        skipped: vec![],
        files: vec![],
    };
    let width = |law: &ExactDistribution| {
        let files = case_files(
            "naive-swap",
            &case,
            CaseData {
                law: Some(law),
                on_page: true,
                ..CaseData::default()
            },
        )
        .unwrap();
        // A page's small heatmap is an SVG alone.
        assert!(files.iter().all(|f| !f.path.ends_with(".png")));
        let svg = files
            .iter()
            .find(|f| f.path == "figures/naive-swap/positions-n4.svg")
            .unwrap();
        let svg = std::str::from_utf8(&svg.bytes).unwrap();
        let width = svg.split(" width=\"").nth(1).unwrap().split('"').next();
        width.unwrap().parse::<u32>().unwrap()
    };
    let whole = law("naive-swap", 4);
    assert_eq!(width(&whole), 150 + 640 * 2, "exact law and sample");
    let mut cut = whole.clone();
    cut.cut_paths = 1;
    assert_eq!(width(&cut), 150 + 640, "the sample alone");
}

#[test]
fn the_draft_case_draws_its_scatter_and_its_page_shows_it() {
    let mut cases = vec![
        judge::cases::run("draft-1970", &judge::cases::CaseScale::quick(), 1).unwrap(),
        judge::cases::run("laravel-2019", &judge::cases::CaseScale::quick(), 1).unwrap(),
    ];
    let files = case_figures(&mut cases).unwrap();
    let paths: Vec<&str> = files.iter().map(|f| f.path.as_str()).collect();
    assert_eq!(
        paths,
        [
            "figures/cases/draft-1970.png",
            "figures/cases/draft-1970.svg"
        ]
    );
    assert_eq!(cases[0].figure.as_deref(), Some(paths[0]));
    assert_eq!(cases[1].figure, None, "Laravel's case draws nothing");
    // Two panels, 366 and 365 dots, 24 monthly means; the months named
    // under each axis.
    let svg = std::str::from_utf8(&files[1].bytes).unwrap();
    assert_eq!(svg.matches("<circle").count(), 366 + 365, "one dot a date");
    assert!(svg.contains("1970: ρ = -0.226"), "{svg:.400}");
    assert_eq!(svg.matches("\nD\n</text>").count(), 2, "December, twice");
    let page = crate::markdown::cases::page(&cases[0]);
    assert!(
        page.contains(
            "![Draft number by birth date, 1970 and 1971](../figures/cases/draft-1970.png)"
        ),
        "{page}"
    );
}

#[test]
fn the_forward_naive_swap_is_the_backward_one_turned_half_a_turn() {
    // What the teacher's page says of the C++ loop beside the lesson's
    // JavaScript: card c at position p as often as card n − 1 − c at
    // n − 1 − p, exactly, on every deck enumerated; and not the same law.
    for n in 3..=6 {
        let (forward, backward) = (law("naive-swap", n), law("alt-naive-shuffle", n));
        assert_eq!(forward.denominator, backward.denominator);
        let (f, b) = (forward.position_weights(), backward.position_weights());
        for c in 0..n {
            for p in 0..n {
                assert_eq!(
                    f[c][p],
                    b[n - 1 - c][n - 1 - p],
                    "{n} cards, card {c}, position {p}"
                );
            }
        }
        assert_ne!(f, b, "{n} cards");
    }
}
