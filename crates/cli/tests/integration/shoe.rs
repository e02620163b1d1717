//! `shuffle-audit audit --shoe K` on shoes written here: fair ones, and
//! the defects of real shoes (decks never mixed, a shoe made from the last
//! one).

use serde_json::Value;

use crate::common::{audit_json as audit, cmd, fails_with_input as fails};

/// SplitMix64, and an unbiased index below `k` (Lemire's rejection).
struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }

    fn below(&mut self, k: usize) -> usize {
        let k = k as u64;
        let threshold = k.wrapping_neg() % k;
        loop {
            let m = u128::from(self.next()) * u128::from(k);
            if (m as u64) >= threshold {
                return (m >> 64) as usize;
            }
        }
    }

    fn shuffle(&mut self, cards: &mut [u8]) {
        for i in (1..cards.len()).rev() {
            cards.swap(i, self.below(i + 1));
        }
    }
}

/// `shoes` shoes of `decks` decks of `n` cards, one per line, each made
/// by `next` from the one before (the first from a fair shuffle).
fn shoes(
    decks: usize,
    n: usize,
    shoes: usize,
    seed: u64,
    mut next: impl FnMut(&mut Vec<u8>, &mut Rng),
) -> Vec<u8> {
    let mut rng = Rng(seed);
    let mut shoe: Vec<u8> = (0..decks).flat_map(|_| 0..n as u8).collect();
    rng.shuffle(&mut shoe);
    let mut out = String::new();
    for _ in 0..shoes {
        next(&mut shoe, &mut rng);
        let line: Vec<String> = shoe.iter().map(u8::to_string).collect();
        out += &line.join(" ");
        out.push('\n');
    }
    out.into_bytes()
}

#[allow(clippy::ptr_arg)] // the shape `stream` and `shoes` take
fn fair(shoe: &mut Vec<u8>, rng: &mut Rng) {
    rng.shuffle(shoe);
}

/// Each deck shuffled on its own and the decks stacked, never mixed.
#[allow(clippy::ptr_arg)] // the shape `stream` and `shoes` take
fn stacked(shoe: &mut Vec<u8>, rng: &mut Rng) {
    let n = shoe.len() / 6;
    for (i, c) in shoe.iter_mut().enumerate() {
        *c = (i % n) as u8;
    }
    for deck in shoe.chunks_mut(n) {
        rng.shuffle(deck);
    }
}

/// The last shoe with three random swaps per card.
#[allow(clippy::ptr_arg)] // the shape `stream` and `shoes` take
fn from_last(shoe: &mut Vec<u8>, rng: &mut Rng) {
    let p = shoe.len();
    for _ in 0..3 * p {
        let (a, b) = (rng.below(p), rng.below(p));
        shoe.swap(a, b);
    }
}

fn test_names(doc: &Value) -> Vec<String> {
    let lag = doc["lag1"]["tests"].as_array().cloned().unwrap_or_default();
    doc["tests"]
        .as_array()
        .unwrap()
        .iter()
        .chain(&lag)
        .map(|t| t["name"].as_str().unwrap().to_string())
        .collect()
}

fn p_of(doc: &Value, name: &str) -> f64 {
    let lag = doc["lag1"]["tests"].as_array().cloned().unwrap_or_default();
    let t = doc["tests"]
        .as_array()
        .unwrap()
        .iter()
        .chain(&lag)
        .find(|t| t["name"] == name)
        .unwrap_or_else(|| panic!("no {name}"))
        .clone();
    t["log10_p"].as_f64().unwrap()
}

#[test]
fn fair_shoes_pass_and_the_report_says_what_was_tested() {
    let input = shoes(6, 52, 600, 1, fair);
    let doc = audit(&input, &["--shoe", "6"], 0);
    assert_eq!(
        test_names(&doc),
        [
            "value-position-chi2",
            "descents-chi2",
            "repeats-chi2",
            "collisions-poisson",
            "lag1-contingency-chi2",
            "lag1-matches-chi2"
        ]
    );
    assert_eq!(doc["shoe"]["values"], 52);
    assert_eq!(doc["shoe"]["copies"], 6);
    assert_eq!(doc["cards"], 312);
    assert_eq!(doc["input"]["decks"], 600);
    assert_eq!(doc["input"]["deck"], 52);
    assert_eq!(doc["finding"], "none-shown");
    assert_eq!(doc["level"]["tests"], 6);
    assert_eq!(doc["value_position_matrix"].as_array().unwrap().len(), 52);
    assert_eq!(
        doc["value_position_matrix"][0].as_array().unwrap().len(),
        312
    );
    // Each row sums to 6 copies x 600 shoes.
    let row: u64 = doc["value_position_matrix"][7]
        .as_array()
        .unwrap()
        .iter()
        .map(|c| c.as_u64().unwrap())
        .sum();
    assert_eq!(row, 3_600);
    assert_eq!(doc["statistics"][1]["statistic"], "repeats");
    assert_eq!(doc["statistics"][1]["null_mean"], 5.0);
    // Given sizes read the same shoes the same way; --unordered drops the
    // tests between shoes.
    let given = audit(&input, &["--shoe", "6", "--deck", "52", "--base", "0"], 0);
    assert_eq!(given["tests"], doc["tests"]);
    let unordered = audit(&input, &["--shoe", "6", "--unordered"], 0);
    assert!(unordered.get("lag1").is_none());
    assert_eq!(unordered["level"]["tests"], 4);
}

#[test]
fn decks_never_mixed_fail_on_repeats() {
    // About 5 repeats per fair shoe; stacked decks keep almost none. The
    // value x position table cannot see it (each value once per deck).
    let doc = audit(&shoes(6, 52, 300, 2, stacked), &["--shoe", "6"], 1);
    assert_eq!(doc["finding"], "decks-biased");
    assert!(p_of(&doc, "repeats-chi2") < -100.0, "{doc}");
    assert!(p_of(&doc, "value-position-chi2") > -3.0);
    let text = cmd()
        .args(["audit", "-", "--shoe", "6"])
        .write_stdin(shoes(6, 52, 300, 2, stacked))
        .assert()
        .code(1)
        .get_output()
        .stdout
        .clone();
    let text = String::from_utf8(text).unwrap();
    assert!(
        text.contains("300 shoes of 6 decks of 52 cards (312 cards"),
        "{text}"
    );
    assert!(text.contains("repeats   mean 0."), "{text}");
    assert!(text.contains("exit 1: bias shown at level 1e-6"), "{text}");
}

#[test]
fn a_shoe_made_from_the_last_one_is_dependent() {
    let doc = audit(&shoes(6, 52, 2_000, 3, from_last), &["--shoe", "6"], 1);
    assert_eq!(doc["finding"], "decks-dependent", "{doc}");
    assert!(p_of(&doc, "lag1-matches-chi2") < -10.0);
    // The same shoes out of order: nothing to see.
    audit(
        &shoes(6, 52, 2_000, 3, from_last),
        &["--shoe", "6", "--unordered"],
        0,
    );
}

#[test]
fn one_deck_per_shoe_is_the_audit_of_decks() {
    let input = shoes(1, 8, 600, 4, fair);
    let plain = audit(&input, &[], 0);
    let one = audit(&input, &["--shoe", "1"], 0);
    assert_eq!(plain["result"]["tests"], one["result"]["tests"]);
}

#[test]
fn bad_shoes_are_refused_by_line_with_the_rule() {
    let good = shoes(2, 4, 1, 5, fair);
    let good = std::str::from_utf8(&good).unwrap().trim_end();
    // Without --shoe, a repeated card is an invalid line among decks, and
    // a line of a decklist when most of the first lines repeat cards.
    fails(
        &["audit", "-"],
        format!("0 1 2 3 4 5 6 7\n1 0 2 3 4 5 6 7\n{good}\n").as_bytes(),
        "line 3: card",
    );
    fails(
        &["audit", "-"],
        format!("0 1 2 3 4 5 6 7\n1 0 2 3 4 5 6 7\n{good}\n").as_bytes(),
        "appears twice",
    );
    fails(
        &["audit", "-"],
        format!("{good}\n").as_bytes(),
        "1 decklists of 8 cards are too few to test",
    );
    fails(
        &["audit", "-", "--shoe", "2"],
        format!("{good}\n0 0 0 1 2 3 1 2\n").as_bytes(),
        "line 2: card 0 appears more than 2 times: a shoe of 2 decks holds each card 2 times",
    );
    fails(
        &["audit", "-", "--shoe", "2", "--deck", "4"],
        b"0 1 2 3 0 1 2\n",
        "line 1: 7 cards, expected 8 (the shoe size given)",
    );
    fails(
        &["audit", "-", "--shoe", "9"],
        b"",
        "--shoe (decks per shoe) 9",
    );
    fails(&["audit", "-", "--shoe", "0"], b"", "1..=8");
    fails(
        &["audit", "-", "--shoe", "2"],
        format!("{good}\n").as_bytes(),
        "1 shoes of 2 decks of 4 cards are too few to test: the value x position test needs at least 20",
    );
    // --follow does not take shoes.
    let out = cmd()
        .args(["audit", "-", "--shoe", "2", "--follow"])
        .assert()
        .code(2)
        .get_output()
        .stderr
        .clone();
    assert!(String::from_utf8(out).unwrap().contains("--follow"));
}

#[test]
fn out_writes_a_certificate_of_shoes() {
    let dir = tempfile::tempdir().unwrap();
    let cert = dir.path().join("cert");
    let doc = audit(
        &shoes(6, 52, 300, 6, fair),
        &[
            "--shoe",
            "6",
            "--alpha",
            "0.01",
            "--out",
            cert.to_str().unwrap(),
        ],
        0,
    );
    let md = std::fs::read_to_string(cert.join("certificate.md")).unwrap();
    assert!(
        md.contains("| Shoes | 300 shoes of 6 decks of 52 cards (312 cards each), numbered from 0"),
        "{md}"
    );
    assert!(md.contains("| `repeats-chi2` |"), "{md}");
    assert!(md.contains("| 300 shoes |"), "{md}");
    assert!(md.contains("| 299 pairs |"), "{md}");
    assert!(md.contains("No bias shown at the 0.01 level"), "{md}");
    let json: Value =
        serde_json::from_str(&std::fs::read_to_string(cert.join("certificate.json")).unwrap())
            .unwrap();
    assert_eq!(json["tests"], doc["tests"]);
    assert_eq!(json["shoe"]["copies"], 6);
}

#[test]
fn too_few_shoes_are_refused_before_the_laws_are_computed() {
    // The largest shoe, 8 decks of 255 cards, three times: the exact laws
    // take seconds; the refusal comes first.
    let line: Vec<String> = (0..255)
        .flat_map(|c| std::iter::repeat_n(c.to_string(), 8))
        .collect();
    let input = format!("{}\n", line.join(" ")).repeat(3);
    let start = std::time::Instant::now();
    fails(
        &["audit", "-", "--shoe", "8", "--deck", "255", "--base", "0"],
        input.as_bytes(),
        "3 shoes of 8 decks of 255 cards are too few to test: the value x position test needs at least 1275",
    );
    assert!(
        start.elapsed() < std::time::Duration::from_secs(3),
        "{:?}",
        start.elapsed()
    );
}
