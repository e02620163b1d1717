//! `shuffle-audit guess`: the cards a player who knows the shuffle guesses
//! right, exact where the law is known.

use serde_json::Value;

use crate::common::{fails_with as fails, json_with_input};

fn guess(args: &[&str]) -> Value {
    let args: Vec<&str> = ["guess"]
        .into_iter()
        .chain(args.iter().copied())
        .chain(["--json"])
        .collect();
    json_with_input(&args, b"")
}

#[test]
fn exact_figures_for_small_decks_and_seeds() {
    // The naive swap on 3 cards: 17/9 (worked by hand in the statistics'
    // tests); a fair deck H_3 = 11/6.
    let doc = guess(&["-a", "naive-swap", "-d", "3"]);
    assert_eq!(doc["method"], "exact-law");
    assert_eq!(doc["expected_correct_exact"], "17/9");
    assert!((doc["fair"].as_f64().unwrap() - 11.0 / 6.0).abs() < 1e-12);
    assert!((doc["advantage"].as_f64().unwrap() - (17.0 / 9.0 - 11.0 / 6.0)).abs() < 1e-12);
    let doc = guess(&["-a", "fisher-yates", "-d", "6"]);
    assert_eq!(doc["expected_correct_exact"], "49/20");
    assert_eq!(doc["advantage"], 0.0);
    // A deck seeded from the second of the day: after a few cards the
    // rest is known.
    let doc = guess(&["-a", "poker-fixed-time"]);
    assert_eq!(doc["method"], "seeds");
    assert!(doc["expected_correct"].as_f64().unwrap() > 46.0);
}

#[test]
fn large_decks_give_a_lower_bound_from_a_position_strategy() {
    let doc = guess(&["-a", "naive-swap", "-n", "200000"]);
    assert_eq!(doc["method"], "position-matrix");
    let (lo, hi) = (
        doc["interval_99"][0].as_f64().unwrap(),
        doc["interval_99"][1].as_f64().unwrap(),
    );
    let fair = doc["fair"].as_f64().unwrap();
    assert!((fair - 4.538_043_95).abs() < 1e-8);
    assert!(lo > fair + 0.3, "{lo}");
    assert!((doc["advantage"].as_f64().unwrap() - (lo - fair)).abs() < 1e-12);
    assert!(lo < doc["expected_correct"].as_f64().unwrap() && hi > lo);
    // Sorting with a random comparator: no swap list, the matrix is
    // sampled with the next seed.
    let doc = guess(&["-a", "coin-insertion-sort", "-n", "100000"]);
    assert_eq!(doc["method"], "sampled-position-matrix");
    assert!(doc["advantage"].as_f64().unwrap() > 10.0);
    // The same seed gives the same figure.
    let again = guess(&[
        "-a",
        "coin-insertion-sort",
        "-n",
        "100000",
        "--threads",
        "1",
    ]);
    assert_eq!(again["expected_correct"], doc["expected_correct"]);
}

#[test]
fn bad_values_are_named() {
    fails(&["guess", "-a", "nope"], "nope");
    fails(
        &["guess", "-a", "naive-swap", "-d", "256"],
        "deck size 256 is not allowed: use 2..=255",
    );
    fails(
        &["guess", "-a", "naive-swap", "-n", "0"],
        "--shuffles 0 is not allowed",
    );
}
