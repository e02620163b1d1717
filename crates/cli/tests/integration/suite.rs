//! The default run (`shuffle-audit` with no command, or `suite`): its
//! report folder, its refusals, `--repeat` and the riffle study.

use predicates::prelude::*;

use crate::common::{cmd, fails_with, report_json};

/// A small suite run into `out`.
fn small_suite(out: &std::path::Path) -> assert_cmd::assert::Assert {
    cmd()
        .args([
            "--decks",
            "3-4",
            "--large-decks",
            "12",
            "--shuffles",
            "20000",
            "--large-shuffles",
            "5000",
            "--algorithms",
            "naive-swap,fisher-yates,rand-shuffle",
            "--out",
        ])
        .arg(out)
        .assert()
}

#[test]
fn suite_writes_parsable_reports() {
    let dir = tempfile::tempdir().unwrap();
    let out = dir.path().join("reports");
    small_suite(&out).success().stdout(
        predicate::str::contains("naive-swap")
            .and(predicate::str::contains("biased"))
            .and(predicate::str::contains("Report:")),
    );
    let json = report_json(&out);
    assert_eq!(json["schema_version"], report::SCHEMA_VERSION);
    assert_eq!(json["settings"]["decks"], serde_json::json!([3, 4]));
    assert_eq!(json["settings"]["large_decks"], serde_json::json!([12]));
    assert_eq!(json["algorithms"].as_array().unwrap().len(), 3);
    // Where the time went, in run.json beside the report (report.json
    // holds only what a rerun reproduces): every stage once, in order,
    // adding up to no more than the wall time; one sampling share per
    // algorithm.
    let run: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(out.join("run.json")).unwrap()).unwrap();
    assert_eq!(run["command"], json["provenance"]["command"]);
    assert_eq!(run["date"].as_str().map(str::len), Some(20));
    let t = &run["timings"];
    let stages: Vec<&str> = t["stages"]
        .as_array()
        .unwrap()
        .iter()
        .map(|s| s["stage"].as_str().unwrap())
        .collect();
    assert_eq!(
        stages,
        [
            "exact-laws",
            "sampling",
            "riffles",
            "seeding",
            "cases",
            "decklist",
            "sorting",
            "figures",
            "headline"
        ]
    );
    let staged: f64 = t["stages"]
        .as_array()
        .unwrap()
        .iter()
        .map(|s| s["seconds"].as_f64().unwrap())
        .sum();
    let wall = run["wall_seconds"].as_f64().unwrap();
    assert!(staged > 0.0 && staged <= wall, "{staged} of {wall}");
    let sampling = t["sampling"].as_array().unwrap();
    assert_eq!(sampling.len(), 3);
    // Algorithms are judged side by side: each one's time lies within the
    // stage's, though their sum may not.
    let stage = t["stages"][1]["seconds"].as_f64().unwrap();
    assert!(sampling.iter().all(|a| {
        let s = a["seconds"].as_f64().unwrap();
        s > 0.0 && s <= stage
    }));
    assert!(
        sampling
            .windows(2)
            .all(|w| w[0]["seconds"].as_f64() >= w[1]["seconds"].as_f64())
    );
    let readme = std::fs::read_to_string(out.join("README.md")).unwrap();
    // The page says where the times are, and holds none itself.
    assert!(
        readme.contains("`run.json` beside this page") && !readme.contains("slowest to sample"),
        "{readme}"
    );
    let naive = &json["algorithms"][0];
    assert_eq!(naive["info"]["id"], "naive-swap");
    assert_eq!(naive["agrees"], true);
    assert_eq!(naive["verdict"], "biased");
    assert_eq!(naive["cases"][0]["exact"]["permutation_weights"][0], "4");
    assert_eq!(naive["cases"][0]["sampled"]["shuffles"], 20000);
    assert_eq!(naive["cases"][2]["deck"], 12);
    assert!(naive["cases"][2]["exact"].is_null());
    // No riffle among the algorithms: no riffle study.
    assert!(json.get("riffles").is_none());
    for key in ["git_commit", "rustc", "crates", "command", "version"] {
        assert!(
            !json["provenance"][key].is_null(),
            "provenance.{key} missing"
        );
    }
    for key in ["date", "threads", "wall_seconds"] {
        assert!(!run[key].is_null(), "run.{key} missing");
    }
    let md = std::fs::read_to_string(out.join("algorithms/naive-swap.md")).unwrap();
    assert!(
        md.starts_with("# Naive swap") && md.contains("| 3 | brute-force | 27 |"),
        "{md}"
    );
    let md = std::fs::read_to_string(out.join("README.md")).unwrap();
    assert!(md.contains("](algorithms/naive-swap.md)"), "{md}");
    // The headline is the lesson's altNaiveShuffle beside Fisher–Yates: this
    // run has the forward naive swap only.
    assert!(!md.contains("](headline.png)"), "a headline in {md}");
    // Every file the report names exists, and the PNGs decode.
    for case in json["algorithms"]
        .as_array()
        .unwrap()
        .iter()
        .flat_map(|a| a["cases"].as_array().unwrap())
    {
        for f in case["files"].as_array().into_iter().flatten() {
            let path = out.join(f.as_str().unwrap());
            assert!(path.is_file(), "{} is missing", path.display());
        }
    }
    let csv = std::fs::read_to_string(out.join("data/naive-swap/positions-n3.csv")).unwrap();
    assert!(
        csv.starts_with("card,position_0,position_1,position_2\n0,"),
        "{csv}"
    );
    let schema = std::fs::read_to_string(out.join("SCHEMA.md")).unwrap();
    assert!(schema.contains("permutation_weights"));
    let leftovers: Vec<_> = std::fs::read_dir(dir.path())
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .filter(|n| n.starts_with('.'))
        .collect();
    assert!(
        leftovers.is_empty(),
        "temporary folders left: {leftovers:?}"
    );
}

#[test]
fn suite_refuses_a_folder_that_is_not_a_report() {
    let dir = tempfile::tempdir().unwrap();
    std::fs::write(dir.path().join("notes.txt"), "mine").unwrap();
    cmd()
        .args(["--quick", "--algorithms", "fisher-yates", "--out"])
        .arg(dir.path())
        .assert()
        .code(2)
        .stderr(predicate::str::contains(
            "is not a report folder of shuffle-audit",
        ));
    assert_eq!(
        std::fs::read_to_string(dir.path().join("notes.txt")).unwrap(),
        "mine"
    );
}

#[test]
fn suite_repeat_adds_two_level_tests_and_their_figures() {
    let dir = tempfile::tempdir().unwrap();
    let out = dir.path().join("r");
    cmd()
        .args([
            "--decks",
            "4",
            "--exact-up-to",
            "4",
            "--large-decks",
            "none",
            "--shuffles",
            "5000",
            "--repeat",
            "4",
            "--algorithms",
            "fisher-yates",
            "--out",
        ])
        .arg(&out)
        .assert()
        .success();
    let json = report_json(&out);
    assert_eq!(json["settings"]["repeat"], 4);
    let case = &json["algorithms"][0]["cases"][0];
    assert_eq!(case["sampled"]["repeat"]["runs"], 4);
    assert_eq!(
        case["sampled"]["repeat"]["seeds"],
        serde_json::json!([1, 2, 3, 4])
    );
    let files: Vec<&str> = case["files"]
        .as_array()
        .unwrap()
        .iter()
        .map(|f| f.as_str().unwrap())
        .collect();
    for f in [
        "figures/fisher-yates/pvalues-n4.png",
        "figures/fisher-yates/pvalues-n4.svg",
        "figures/fisher-yates/positions-n4.svg",
        "figures/fisher-yates/permutations-n4.svg",
        "data/fisher-yates/exact-positions-n4.csv",
        "data/fisher-yates/permutations-n4.csv",
    ] {
        assert!(files.contains(&f), "{f} not in {files:?}");
        assert!(out.join(f).is_file(), "{f} missing");
    }
    // A page's small heatmap and bar chart are an SVG alone.
    for f in [
        "figures/fisher-yates/positions-n4.png",
        "figures/fisher-yates/permutations-n4.png",
    ] {
        assert!(!files.contains(&f) && !out.join(f).exists(), "{f} written");
    }
    let md = std::fs::read_to_string(out.join("README.md")).unwrap();
    assert!(md.contains("run 4 times (seeds 1 to 4)"), "{md}");
    let page = std::fs::read_to_string(out.join("algorithms/fisher-yates.md")).unwrap();
    assert!(
        page.contains("(../figures/fisher-yates/pvalues-n4.png)"),
        "{page}"
    );
    // The exact columns of the permutation CSV: 1/24 each for Fisher–Yates.
    let csv = std::fs::read_to_string(out.join("data/fisher-yates/permutations-n4.csv")).unwrap();
    assert!(
        csv.starts_with(
            "rank,arrangement,count,exact_weight,exact_denominator,exact_probability\n0,0 1 2 3,"
        ),
        "{csv}"
    );
    assert!(
        csv.lines()
            .skip(1)
            .all(|l| l.ends_with(",1,24,0.041666666666666664")),
        "{csv}"
    );
    fails_with(
        &["--repeat", "0"],
        "--repeat 0 is not allowed: use 1 or more",
    );
}

#[test]
fn suite_with_a_riffle_adds_the_riffle_study() {
    let dir = tempfile::tempdir().unwrap();
    let out = dir.path().join("reports");
    cmd()
        .args([
            "--decks",
            "3",
            "--large-decks",
            "20",
            "--shuffles",
            "3000",
            "--large-shuffles",
            "20000",
            "--algorithms",
            "gsr-riffle",
            "--out",
        ])
        .arg(&out)
        .assert()
        .success();
    let json = report_json(&out);
    let r = &json["riffles"];
    assert_eq!(r["deck"], 20);
    assert_eq!(r["shuffles"], 2000, "a tenth of the large decks' shuffles");
    assert_eq!(r["max_riffles"], 10);
    assert_eq!(r["models"].as_array().unwrap().len(), 2);
    assert_eq!(r["models"][0]["rows"].as_array().unwrap().len(), 10);
    assert!(r.get("provenance").is_none());
    let figure = image::open(out.join(r["figure"].as_str().unwrap())).unwrap();
    assert_eq!(figure.width(), 3 * 460);
    assert!(out.join("figures/riffles.svg").is_file());
    let md = std::fs::read_to_string(out.join("riffles.md")).unwrap();
    assert!(md.starts_with("# Riffles: how many are enough?"), "{md}");
    let front = std::fs::read_to_string(out.join("README.md")).unwrap();
    assert!(front.contains("](riffles.md)"), "{front}");
    assert!(md.contains("| 7 | "), "{md}");
}

#[test]
fn exact_laws_that_do_not_fit_are_refused_before_the_folder_is_made() {
    // One enumerable algorithm on decks up to 10, one thread: its laws of
    // 3 to 10 cards kept (16 bytes an arrangement, 16 · 4,037,910 =
    // 64,606,560 bytes), one walk of 10 cards beside them (16 · 10! +
    // 786,432 = 58,847,232) and the program (32 MiB): 157,008,224 bytes.
    // One byte less is refused, naming the largest deck that fits: 9
    // cards (the laws of 3 to 9 cards, 16 · 409,110 bytes, one walk of 9
    // cards, 16 · 9! + 786,432, and the program: 46.7 MB).
    let dir = tempfile::tempdir().unwrap();
    let out = dir.path().join("never");
    let need: u64 = 16 * 4_037_910 + 16 * 3_628_800 + 786_432 + (32 << 20);
    let mut c = cmd();
    c.args([
        "--quick",
        "--algorithms",
        "fisher-yates",
        "--decks",
        "3..=10",
    ])
    .args(["--exact-up-to", "10", "--threads", "1", "--max-memory"])
    .arg((need - 1).to_string())
    .arg("--out")
    .arg(&out);
    let err = crate::common::refusal(c);
    assert!(
        err.starts_with("error: the suite's exact stage on 10 cards needs about 157 MB of memory, over the 157 MB of the --max-memory given: the largest deck that fits by the suite's exact stage is 9 cards"),
        "{err}"
    );
    assert!(!out.exists(), "the folder was made before the refusal");
}
