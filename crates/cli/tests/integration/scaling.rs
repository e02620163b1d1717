//! `shuffle-audit scaling`: the exact bias of turning random words into
//! indices, checked against the exact law the enumerator computes.

use serde_json::Value;

use crate::common::{cmd, fails_with as fails, json_with_input};

fn json(args: &[&str]) -> Value {
    let args: Vec<&str> = ["scaling"]
        .into_iter()
        .chain(args.iter().copied())
        .chain(["--json"])
        .collect();
    json_with_input(&args, b"")
}

fn method<'a>(doc: &'a Value, label: &str) -> &'a Value {
    doc["methods"]
        .as_array()
        .unwrap()
        .iter()
        .find(|m| m["mapping"] == label)
        .unwrap()
}

/// A fraction `"a/b"` as a float.
fn fraction(s: &Value) -> f64 {
    let (a, b) = s.as_str().unwrap().split_once('/').unwrap();
    a.parse::<f64>().unwrap() / b.parse::<f64>().unwrap()
}

#[test]
fn fifteen_bit_modulo_agrees_with_the_enumerated_fisher_yates_mod15() {
    // Two routes to the same law: the product of the draws (scaling) and
    // every path of the registered algorithm (exact), 5 cards.
    let doc = json(&["--bits", "15", "--deck", "5"]);
    let exact: Value = serde_json::from_slice(
        &cmd()
            .args(["exact", "-a", "fisher-yates-mod15", "-d", "5", "--json"])
            .assert()
            .success()
            .get_output()
            .stdout,
    )
    .unwrap();
    let s = &method(&doc, "modulo")["shuffle"];
    let top = fraction(&exact["max_probability_exact"]) * 120.0 - 1.0;
    let bottom = 1.0 - fraction(&exact["min_probability_exact"]) * 120.0;
    let close = |a: f64, b: f64| (a - b).abs() < 1e-9 * b.abs();
    assert!(close(s["max_deck_excess"].as_f64().unwrap(), top), "{s}");
    assert!(
        close(s["min_deck_shortfall"].as_f64().unwrap(), bottom),
        "{s}"
    );
    // The exact TV lies within the product law's bounds.
    let tv = fraction(&exact["total_variation_exact"]);
    let b = s["total_variation_bounds"].as_array().unwrap();
    assert!(
        b[0].as_f64().unwrap() <= tv && tv <= b[1].as_f64().unwrap(),
        "{tv} {b:?}"
    );
    // Rejection is exactly uniform.
    let r = &method(&doc, "rejection")["shuffle"];
    assert_eq!(r["kl"], 0.0);
    assert!(r["position_test"].get("shuffles").is_none());
}

#[test]
fn sixty_four_bit_words_every_method_side_by_side() {
    let doc = json(&["--bits", "64"]);
    assert_eq!(doc["deck"], 52);
    let labels: Vec<&str> = doc["methods"]
        .as_array()
        .unwrap()
        .iter()
        .map(|m| m["mapping"].as_str().unwrap())
        .collect();
    assert_eq!(
        labels,
        [
            "modulo",
            "multiply-shift",
            "c-double",
            "js-double",
            "rejection"
        ]
    );
    // C's double scaling rounds the top 1,260 words up to 52.
    let c = method(&doc, "c-double");
    assert!(c.get("shuffle").is_none());
    assert_eq!(c["past_the_end"]["words"], "1260");
    // Math.random() holds 53 bits: its bias is that of 53-bit words, far
    // larger than 64-bit modulo's.
    let js = method(&doc, "js-double");
    assert_eq!(js["bits_used"], 53);
    let kl = |m: &Value| m["shuffle"]["kl"].as_f64().unwrap();
    assert!(kl(js) > 1e6 * kl(method(&doc, "modulo")));
    assert_eq!(
        method(&doc, "modulo")["first_draw"]["max_words"],
        "354745078340568301"
    );
    let text = String::from_utf8(
        cmd()
            .args(["scaling", "--bits", "64"])
            .assert()
            .success()
            .get_output()
            .stdout
            .clone(),
    )
    .unwrap();
    assert!(
        text.contains("c-double        not a shuffle: 1,260 of the 2^64 words give 52 at k = 52"),
        "{text}"
    );
}

#[test]
fn bad_values_are_named() {
    fails(
        &["scaling", "--bits", "7"],
        "--bits 7 is not allowed: use 8..=64",
    );
    fails(
        &["scaling", "--bits", "65"],
        "--bits 65 is not allowed: use 8..=64",
    );
    fails(
        &["scaling", "--bits", "32", "--deck", "1"],
        "deck size 1 is not allowed: use 2..=255",
    );
    fails(
        &["scaling", "--bits", "32", "--alpha", "0"],
        "--alpha 0 is not allowed: use a level from 1e-300 up to 1, 1 excluded",
    );
    fails(&["scaling"], "--bits");
}
