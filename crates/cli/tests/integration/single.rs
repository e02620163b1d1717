//! `shuffle-audit audit --single`: one draw per line, judged alone; the
//! 1970 and 1971 US draft lotteries shipped as examples.

use serde_json::Value;

use crate::common::{cmd, fails_with_input as fails};

fn single(path: &str, code: i32) -> Value {
    let out = cmd()
        .args(["audit", "--single", "--json", path])
        .current_dir(concat!(env!("CARGO_MANIFEST_DIR"), "/../.."))
        .assert()
        .code(code)
        .get_output()
        .stdout
        .clone();
    serde_json::from_slice(&out).unwrap()
}

fn test<'a>(draw: &'a Value, name: &str) -> &'a Value {
    draw["tests"]
        .as_array()
        .unwrap()
        .iter()
        .find(|t| t["statistic"] == name)
        .unwrap_or_else(|| panic!("no {name}"))
}

#[test]
fn the_1970_draft_fails_as_fienberg_found_and_the_1971_draft_passes() {
    // Fienberg (Science, 1971): Spearman's rho between birth date and
    // draft number -0.226, randomness rejected at 0.001.
    let doc = single("scripts/examples/draft-1970.txt", 1);
    let draw = &doc["draws"][0];
    assert_eq!(draw["items"], 366);
    assert_eq!(draw["line"], 9, "after eight lines of comments");
    let rho = test(draw, "spearman-rho");
    assert_eq!(format!("{:.3}", rho["value"].as_f64().unwrap()), "-0.226");
    assert!(rho["p_value"].as_f64().unwrap() < 0.001 / 4.0);
    assert_eq!(rho["method"], "normal");
    assert!(test(draw, "kendall-tau")["p_value"].as_f64().unwrap() < 0.001 / 4.0);
    assert_eq!(draw["level"]["alpha"], 0.001);
    assert_eq!(draw["level"]["bias_shown"], true);
    let text = cmd()
        .args(["audit", "--single", "scripts/examples/draft-1970.txt"])
        .current_dir(concat!(env!("CARGO_MANIFEST_DIR"), "/../.."))
        .assert()
        .code(1)
        .get_output()
        .stdout
        .clone();
    let text = String::from_utf8(text).unwrap();
    assert!(
        text.contains("line 9: a draw of 366 items (1-based)"),
        "{text}"
    );
    assert!(text.contains("spearman-rho *   -0.2257"), "{text}");
    assert!(
        text.contains("It cannot show that the drawing is fair"),
        "{text}"
    );
    // The binned month x third test beside it: `shuffle-audit case
    // draft-1970` (tested in the judge's cases).
    // The two-drum draw of 1971: nothing.
    let doc = single("scripts/examples/draft-1971.txt", 0);
    let draw = &doc["draws"][0];
    assert_eq!(draw["items"], 365);
    for t in draw["tests"].as_array().unwrap() {
        assert!(t["p_value"].as_f64().unwrap() > 0.05, "{t}");
    }
}

#[test]
fn small_draws_use_the_exact_laws_and_each_line_stands_alone() {
    // Sorted, reversed, and a shuffled 10: the sorted draw has p = 2/10!
    // for rho (itself or reversed), far below 0.001 / 4.
    let input = b"0 1 2 3 4 5 6 7 8 9\n9 8 7 6 5 4 3 2 1 0\n3 7 0 9 2 5 8 1 6 4\n";
    let out = cmd()
        .args(["audit", "--single", "--json", "-"])
        .write_stdin(input.as_slice())
        .assert()
        .code(1)
        .get_output()
        .stdout
        .clone();
    let doc: Value = serde_json::from_slice(&out).unwrap();
    let draws = doc["draws"].as_array().unwrap();
    assert_eq!(draws.len(), 3);
    let rho = test(&draws[0], "spearman-rho");
    assert_eq!(rho["method"], "exact");
    assert_eq!(rho["p_value"].as_f64().unwrap(), 2.0 / 3_628_800.0);
    assert_eq!(draws[0]["level"]["bias_shown"], true);
    assert_eq!(draws[1]["level"]["bias_shown"], true);
    assert_eq!(draws[2]["level"]["bias_shown"], false);
    // The longest run of the sorted draw: all 10, 1/10! of draws.
    let longest = test(&draws[0], "longest-run");
    assert_eq!(longest["value"], 10.0);
    assert_eq!(longest["p_value"].as_f64().unwrap(), 1.0 / 3_628_800.0);
}

#[test]
fn bad_draws_are_one_line() {
    fails(
        &["audit", "--single", "-"],
        b"0 1 1\n",
        "line 1: card 1 appears twice",
    );
    fails(
        &["audit", "--single", "-"],
        b"7\n",
        "line 1: a draw of 1 items: draws of 2..=100000 items can be tested",
    );
    fails(
        &["audit", "--single", "-"],
        b"# nothing\n",
        "no draws in the input",
    );
    // The options of decks do not go with --single.
    let err = cmd()
        .args(["audit", "--single", "--shoe", "2", "-"])
        .assert()
        .code(2)
        .get_output()
        .stderr
        .clone();
    assert!(String::from_utf8(err).unwrap().contains("--shoe"));
}
