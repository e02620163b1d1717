//! `shuffle-audit audit` on decklists: decks whose cards repeat, named
//! or numbered, with groups (lands) tested for clumping and for the
//! opening hand; and `deal --composition`, which deals them.

use serde_json::Value;

use crate::common::{audit_json as audit, cmd, fails_with_input as fails};

/// A 60-card decklist as a player writes it: the 17 lands first.
const DECKLIST: &str = judge::decklist::EXAMPLE_LIST;

/// `decks` decklists dealt by `algorithm` from list order, seed `seed`.
fn deal(algorithm: &str, decks: u64, seed: u64) -> Vec<u8> {
    deal_list(DECKLIST, algorithm, decks, seed)
}

/// `decks` decks of the composition `list` dealt by `algorithm` from list
/// order, seed `seed`.
fn deal_list(list: &str, algorithm: &str, decks: u64, seed: u64) -> Vec<u8> {
    cmd()
        .args(["deal", "-a", algorithm, "--composition", list])
        .args(["-n", &decks.to_string(), "-s", &seed.to_string()])
        .assert()
        .success()
        .get_output()
        .stdout
        .clone()
}

/// `(name, subject)` of every test, single decks then consecutive ones.
fn tests(doc: &Value) -> Vec<(String, Option<String>, f64)> {
    let lag = doc["lag1"]["tests"].as_array().cloned().unwrap_or_default();
    doc["tests"]
        .as_array()
        .unwrap()
        .iter()
        .chain(&lag)
        .map(|t| {
            (
                t["name"].as_str().unwrap().to_string(),
                t["subject"].as_str().map(str::to_string),
                t["log10_p"].as_f64().unwrap(),
            )
        })
        .collect()
}

fn log10_p(doc: &Value, name: &str) -> f64 {
    tests(doc)
        .into_iter()
        .find(|t| t.0 == name)
        .unwrap_or_else(|| panic!("no {name} in {doc}"))
        .2
}

const LANDS: [&str; 2] = ["--group", "land=Forest,Island"];

#[test]
fn fair_decklists_pass_and_the_report_names_every_card() {
    let doc = audit(&deal("fisher-yates", 600, 1), &LANDS, 0);
    let names: Vec<_> = tests(&doc)
        .into_iter()
        .map(|(n, s, _)| match s {
            Some(s) => format!("{n} ({s})"),
            None => n,
        })
        .collect();
    assert_eq!(
        names,
        [
            "value-position-chi2",
            "opening-hand-chi2",
            "descents-chi2",
            "repeats-chi2",
            "group-pairs-chi2 (land)",
            "group-hand-chi2 (land)",
            "collisions-poisson",
            "lag1-contingency-chi2",
            "lag1-matches-chi2"
        ]
    );
    // The family the teaching model's power assumes.
    assert_eq!(doc["level"]["tests"], judge::decklist::DECKLIST_FAMILY);
    assert_eq!(doc["finding"], "none-shown");
    assert_eq!(doc["cards"], 60);
    assert_eq!(doc["input"]["deck"], 13);
    assert!(doc["input"].get("base").is_none());
    // The cards by name, each with its copies.
    assert_eq!(doc["decklist"][0]["name"], "Brainstorm");
    assert_eq!(doc["decklist"][4]["name"], "Forest");
    assert_eq!(doc["decklist"][4]["copies"], 9);
    let group = &doc["groups"][0];
    assert_eq!(group["name"], "land");
    assert_eq!(group["members"], serde_json::json!(["Forest", "Island"]));
    assert_eq!(group["cards"], 17);
    assert_eq!(doc["hand"], 7);
    // a (a − 1) / P and H a / P.
    assert_eq!(group["pairs"]["null_mean"], 272.0 / 60.0);
    assert_eq!(group["hand"]["null_mean"], 119.0 / 60.0);
    let counted: u64 = group["hand"]["counts"]
        .as_array()
        .unwrap()
        .iter()
        .map(|c| c.as_u64().unwrap())
        .sum();
    assert_eq!(counted, 600);
}

#[test]
fn three_riffles_from_list_order_are_caught_in_100_games() {
    // The registered teaching model: the copies of each card, listed
    // together, stay together (repeats), and the lands crowd the top. (At
    // 50 games the repeats fall into 3 cells of 10 expected, where the
    // chi-square is the reference: 3 of these 5 seeds are caught; at 100,
    // in 6 cells, all with p below 10^-14.)
    for seed in 1..=5 {
        let doc = audit(&deal("gsr-riffle-3", 100, seed), &LANDS, 1);
        assert_eq!(doc["finding"], "decks-biased", "seed {seed}");
        assert!(log10_p(&doc, "repeats-chi2") < -6.0, "seed {seed}");
    }
    // 2,000 games: the lands in the opening hand far from their law, their
    // pairs much less (the exact laws say 411 and 6,120 games for 90 %
    // power at the family's share of 1e-6).
    let doc = audit(&deal("gsr-riffle-3", 2_000, 1), &LANDS, 1);
    let hand = &doc["groups"][0]["hand"];
    assert!(hand["mean"].as_f64().unwrap() > 2.2, "{hand}");
    assert!(log10_p(&doc, "group-hand-chi2") < -20.0);
    assert!(log10_p(&doc, "group-pairs-chi2") > -10.0);
}

#[test]
fn deal_lists_the_cards_in_the_order_given() {
    // The same seed deals the same arrangement of list places, named.
    let numbers = cmd()
        .args([
            "deal",
            "-a",
            "gsr-riffle-3",
            "-d",
            "60",
            "-n",
            "5",
            "-s",
            "9",
        ])
        .assert()
        .success()
        .get_output()
        .stdout
        .clone();
    let named = deal("gsr-riffle-3", 5, 9);
    let list: Vec<&str> = DECKLIST
        .split(',')
        .flat_map(|e| {
            let (name, copies) = e.split_once(':').unwrap();
            std::iter::repeat_n(name, copies.parse().unwrap())
        })
        .collect();
    let want: String = String::from_utf8(numbers)
        .unwrap()
        .lines()
        .map(|l| {
            let cards: Vec<&str> = l
                .split(' ')
                .map(|c| list[c.parse::<usize>().unwrap()])
                .collect();
            cards.join(" ") + "\n"
        })
        .collect();
    assert_eq!(String::from_utf8(named).unwrap(), want);
}

/// `decks` decklists shuffled fairly as names, each copy then numbered in
/// the order it comes (the first Forest dealt is always `Forest#1`): fair
/// on the decklist, but copy 1 of each card comes early. With `numbered`
/// false, the names alone.
fn copies_in_order(decks: usize, numbered: bool) -> Vec<u8> {
    let names = deal("fisher-yates", decks as u64, 3);
    let mut out = String::new();
    for line in String::from_utf8(names).unwrap().lines() {
        let mut seen = std::collections::HashMap::new();
        let cards: Vec<String> = line
            .split(' ')
            .map(|c| {
                let k = seen.entry(c).or_insert(0);
                *k += 1;
                if numbered {
                    format!("{c}#{k}")
                } else {
                    c.to_string()
                }
            })
            .collect();
        out += &(cards.join(" ") + "\n");
    }
    out.into_bytes()
}

#[test]
fn copies_numbered_in_list_order_show_what_names_alone_cannot() {
    // Every card distinct: the value x position test is the position test,
    // and copy 1 of each card is the first of its copies.
    // 300 games: log10 p = −2837.
    let doc = audit(&copies_in_order(300, true), &[], 1);
    assert!(log10_p(&doc, "value-position-chi2") < -1000.0, "{doc}");
    assert_eq!(doc["input"]["deck"], 60);
    // The opening hand sees it in 50 games, before the position test can
    // run (300): log10 p = −166.5.
    let doc = audit(&copies_in_order(50, true), &[], 1);
    assert!(log10_p(&doc, "opening-hand-chi2") < -100.0, "{doc}");
    // The names alone are a fair shuffle of the decklist.
    audit(&copies_in_order(300, false), &[], 0);
}

#[test]
fn numbered_decks_take_groups_too() {
    // The same decklist as numbers 0..59 in list order, lands 0..16.
    let numbers = cmd()
        .args([
            "deal",
            "-a",
            "gsr-riffle-3",
            "-d",
            "60",
            "-n",
            "2000",
            "-s",
            "1",
        ])
        .assert()
        .success()
        .get_output()
        .stdout
        .clone();
    let lands: Vec<String> = (0..17).map(|c| c.to_string()).collect();
    let group = format!("land={}", lands.join(","));
    let doc = audit(&numbers, &["--group", &group], 1);
    assert_eq!(doc["groups"][0]["cards"], 17);
    assert!(log10_p(&doc, "group-hand-chi2") < -20.0);
}

#[test]
fn bad_decklists_are_one_line_naming_the_card() {
    let good = deal("fisher-yates", 20, 4);
    let with = |line: &str| {
        let mut input = good.clone();
        input.extend_from_slice(line.as_bytes());
        input
    };
    let forests = |n: usize| vec!["Forest"; n].join(" ");
    fails(
        &["audit", "-"],
        &with(&format!("Swamp {}\n", forests(59))),
        "line 21: card \"Swamp\" is not in the decklist",
    );
    fails(
        &["audit", "-"],
        &with(&format!("{}\n", forests(60))),
        "line 21: card \"Forest\" appears more than 9 times: the decklist holds 9",
    );
    fails(
        &["audit", "-", "--group", "land=Forest,Swamp"],
        &good,
        "--group land: card \"Swamp\" is not in the decklist, whose cards are Brainstorm, Counterspell,",
    );
    fails(
        &["audit", "-", "--group", "land"],
        &good,
        "\"land\" is not NAME=CARD,CARD,... (for example land=Forest,Island)",
    );
    fails(
        &["audit", "-", "--hand", "60"],
        &good,
        "an opening hand of 60 cards: a deck of 60 cards deals hands of 1..=59",
    );
    fails(
        &["audit", "-", "--composition", "Forest:10,Island:50"],
        &good,
        "is not in the decklist (its 2 distinct cards are those of most of the first lines, or of --composition)",
    );
    fails(
        &["audit", "-", "--composition", "Forest"],
        &good,
        "\"Forest\" is not NAME:COPIES (for example Forest:9)",
    );
    fails(
        &["audit", "-"],
        &deal("fisher-yates", 9, 4),
        "9 decklists of 60 cards are too few to test: a chi-square test needs two cells of 5 expected, so at least 10",
    );
}

#[test]
fn out_writes_a_certificate_of_decklists() {
    let dir = tempfile::tempdir().unwrap();
    let cert = dir.path().join("cert");
    let doc = audit(
        &deal("fisher-yates", 300, 5),
        &[
            "--group",
            "land=Forest,Island",
            "--out",
            cert.to_str().unwrap(),
        ],
        0,
    );
    let md = std::fs::read_to_string(cert.join("certificate.md")).unwrap();
    assert!(
        md.contains(
            "| Decklists | 300 decklists of 60 cards, 13 distinct (Brainstorm x4, Counterspell x4,"
        ),
        "{md}"
    );
    assert!(md.contains("Fatal-Push x3"), "every card listed: {md}");
    assert!(
        md.contains("the composition detected from the first lines"),
        "{md}"
    );
    assert!(md.contains("| `group-pairs-chi2` | Group land: "), "{md}");
    let json: Value =
        serde_json::from_str(&std::fs::read_to_string(cert.join("certificate.json")).unwrap())
            .unwrap();
    assert_eq!(json["groups"], doc["groups"]);
}

/// A decklist whose names hold spaces, a comma, a colon and letters
/// outside ASCII.
const SPACED: &str =
    "Giant Growth:4,Forest:20,\"Fire, Ice\":2,Æther Vial:3,Circle of Protection: Red:1";

/// `line` as a JSON array the way Python's `json.dumps` writes it
/// (`ensure_ascii`: every character outside ASCII as `\uXXXX`, quotes and
/// backslashes escaped).
fn python_json(names: &[String]) -> String {
    let quoted: Vec<String> = names
        .iter()
        .map(|n| {
            let mut s = String::from("\"");
            for c in n.chars() {
                match c {
                    '"' => s += "\\\"",
                    '\\' => s += "\\\\",
                    c if c.is_ascii() => s.push(c),
                    c => {
                        let mut units = [0u16; 2];
                        for u in c.encode_utf16(&mut units) {
                            s += &format!("\\u{u:04x}");
                        }
                    }
                }
            }
            s + "\""
        })
        .collect();
    format!("[{}]", quoted.join(", "))
}

#[test]
fn names_with_spaces_commas_and_unicode_are_one_card_each() {
    let dealt = deal_list(SPACED, "fisher-yates", 600, 3);
    let text = String::from_utf8(dealt.clone()).unwrap();
    let first = text.lines().next().unwrap();
    // Names with spaces are separated by commas, the comma quoted.
    assert_eq!(first.matches("\"Fire, Ice\"").count(), 2, "{first}");
    assert_eq!(first.matches(", ").count(), 29 + 2, "{first}");
    let group = ["--group", "spells=Giant Growth,\"Fire, Ice\""];
    let doc = audit(&dealt, &group, 0);
    assert_eq!(doc["finding"], "none-shown");
    assert_eq!(doc["cards"], 30);
    let names: Vec<&str> = doc["decklist"]
        .as_array()
        .unwrap()
        .iter()
        .map(|c| c["name"].as_str().unwrap())
        .collect();
    assert_eq!(
        names,
        [
            "Circle of Protection: Red",
            "Fire, Ice",
            "Forest",
            "Giant Growth",
            "Æther Vial"
        ]
    );
    assert_eq!(doc["groups"][0]["cards"], 6);
    // The same decks as JSON arrays with Python's escapes: the same counts,
    // so the same tests, to the bit.
    let json: String = text
        .lines()
        .map(|line| {
            let names = deck_lines::split_names(line).unwrap();
            python_json(&names) + "\n"
        })
        .collect();
    assert!(json.contains("\\u00c6ther Vial"), "{json}");
    let again = audit(json.as_bytes(), &group, 0);
    assert_eq!(again["tests"], doc["tests"]);
    assert_eq!(again["lag1"], doc["lag1"]);
}

#[test]
fn names_that_cannot_be_read_one_way_are_an_error_naming_the_line() {
    let lines = "Giant Growth, Forest, Forest\nForest, Giant Growth, Forest\nForest, Fo\"rest, Giant Growth\n";
    fails(
        &["audit", "-"],
        lines.as_bytes(),
        "line 3: a quote inside a name",
    );
}

#[test]
fn follow_refuses_decklists_and_shoes_before_any_verdict() {
    // Names, and numbers that repeat (a shoe), are not decks the
    // monitor's laws hold for: one line, exit 2, no alarm.
    let named = deal_list("Forest:30,Island:30", "fisher-yates", 200, 1);
    fails(
        &["audit", "-", "--follow"],
        &named,
        "standard input: the lines are decklists (60 cards, 2 distinct: names, or cards that repeat): --follow watches decks of distinct numbered cards",
    );
    let shoe = "0 1 2 3 3 2 1 0\n1 0 3 2 2 3 0 1\n".repeat(20);
    fails(
        &["audit", "-", "--follow"],
        shoe.as_bytes(),
        "the lines are decklists (8 cards, 4 distinct",
    );
}

#[test]
fn each_refusal_names_what_was_given() {
    use crate::common::fails_with_input;
    // A one-card "decklist", and one of more than 255 distinct names: why
    // the names are not a decklist, not only that a name is no number.
    fails_with_input(
        &["audit", "-"],
        b"Forest\nForest\nForest\n",
        "line 1: \"Forest\" is not a number, and the lines are not a decklist: most of the first lines name one card, and a deck holds 2..=255 cards",
    );
    let names: Vec<String> = (0..300).map(|i| format!("card{i}")).collect();
    let line = names.join(",");
    fails_with_input(
        &["audit", "-"],
        format!("{line}\n{line}\n").as_bytes(),
        "line 1: \"card0\" is not a number, and the lines are not a decklist: the first lines name 300 distinct cards, and a decklist holds 2..=255",
    );
    let decklist = b"Forest,Island,Forest,Swamp\nIsland,Forest,Swamp,Forest\n";
    fails_with_input(
        &["audit", "-", "--group", "land=Forest,Forest"],
        decklist,
        "--group land: card \"Forest\" is named twice",
    );
    // The copies follow the last colon: the message shows the name read.
    fails_with_input(
        &["audit", "-", "--composition", "Forest:9:1"],
        decklist,
        "1 distinct card (\"Forest:9\" with 1 copy): a decklist holds 2..=255",
    );
    // A level double precision cannot hold is refused as given, not as 0.
    fails_with_input(
        &["audit", "-", "--alpha", "1e-400"],
        decklist,
        "1e-400 is too small for double precision, which reads it as 0",
    );
    fails_with_input(
        &["audit", "-", "--alpha", "1e400"],
        decklist,
        "1e400 is too large for double precision, which reads it as infinity",
    );
    fails_with_input(
        &["audit", "-"],
        b"99999999999999999999 1 0\n0 1 2\n",
        "line 1: card 99999999999999999999 is out of range: a deck holds 2..=255 cards",
    );
}

/// Names only JSON can write (a line break) beside names that look like
/// its escapes (a backslash and an `n`), and names Markdown reads as marks
/// (a `|`, backticks), in a file whose name holds both: JSON carries each
/// name exactly, text shows each one way, and the certificate's table
/// keeps two cells a row and shows every name and the file letter for
/// letter.
#[test]
fn names_print_one_way_each_and_the_certificate_table_holds_them() {
    let names = ["a\nb", "a\\nb", "x|y", "`z`"];
    let dealt = String::from_utf8(deal_list("A:2,B:2,C:2,D:2", "fisher-yates", 2000, 7)).unwrap();
    let lines: String = dealt
        .lines()
        .map(|l| {
            let row: Vec<&str> = l
                .split(' ')
                .map(|c| names["ABCD".find(c).unwrap()])
                .collect();
            serde_json::to_string(&row).unwrap() + "\n"
        })
        .collect();
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("we`ird|name.txt");
    std::fs::write(&file, lines).unwrap();
    let cert = dir.path().join("cert");
    let run = |extra: &[&str]| {
        let out = cmd().arg("audit").arg(&file).args(extra).output().unwrap();
        assert!(matches!(out.status.code(), Some(0 | 1)), "{out:?}");
        String::from_utf8(out.stdout).unwrap()
    };
    let doc: Value = serde_json::from_str(&run(&["--json"])).unwrap();
    let listed: Vec<&str> = doc["decklist"]
        .as_array()
        .unwrap()
        .iter()
        .map(|c| c["name"].as_str().unwrap())
        .collect();
    assert_eq!(listed, ["`z`", "a\nb", "a\\nb", "x|y"]);
    let text = run(&[]);
    let first = text.lines().next().unwrap();
    assert!(
        first.contains(r#"(`z` x2, "a\nb" x2, "a\\nb" x2, x|y x2;"#),
        "{first}"
    );
    run(&["--out", cert.to_str().unwrap()]);
    let md = std::fs::read_to_string(cert.join("certificate.md")).unwrap();
    let html = report::html::markdown(&md);
    let row = |key: &str| -> String {
        let start = html
            .find(&format!("<td>{key}</td>"))
            .unwrap_or_else(|| panic!("no {key} row: {html}"));
        let end = start + html[start..].find("</tr>").unwrap();
        html[start..end].to_string()
    };
    let decklists = row("Decklists");
    assert_eq!(decklists.matches("<td").count(), 2, "{decklists}");
    assert!(
        decklists.contains(r#"(`z` x2, "a\nb" x2, "a\\nb" x2, x|y x2)"#),
        "{decklists}"
    );
    let input = row("Input");
    assert_eq!(input.matches("<td").count(), 2, "{input}");
    assert!(input.contains("we`ird|name.txt</code>"), "{input}");
}

/// Whatever `deal --composition` accepts, `audit` reads back with the same
/// composition: names that start or end like a JSON array included.
#[test]
fn deal_writes_what_audit_reads_back() {
    for list in ["[x:3,y]:3", "[:2,]:2", "[a b]:1,c:3"] {
        let dealt = deal_list(list, "fisher-yates", 500, 1);
        let out = cmd()
            .args(["audit", "-", "--json", "--composition", list])
            .write_stdin(dealt)
            .output()
            .unwrap();
        assert!(
            matches!(out.status.code(), Some(0 | 1)),
            "{list}: {}",
            String::from_utf8_lossy(&out.stderr)
        );
        let doc: Value = serde_json::from_slice(&out.stdout).unwrap();
        assert_eq!(doc["input"]["decks"], 500, "{list}");
    }
}
