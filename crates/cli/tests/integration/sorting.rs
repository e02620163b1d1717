//! The committed page "Shuffling by sorting with a random comparator,
//! language by language" (`reports/sorting.md`): every figure reruns from
//! the command the page gives it. The exact distances and failure rates of
//! the cheap rows run here; every row, its sample of 52 cards included,
//! runs with the heavy tests.

use crate::common::cmd;
use std::path::Path;

/// The page's rows: `(id, cells)`, the cells after the first.
fn rows() -> Vec<(String, Vec<String>)> {
    let page = std::fs::read_to_string(
        Path::new(env!("CARGO_MANIFEST_DIR")).join("../../reports/sorting.md"),
    )
    .expect("reports/sorting.md");
    page.lines()
        .filter(|l| l.starts_with("| ["))
        .map(|l| {
            let cells: Vec<String> = l
                .trim_matches('|')
                .split(" | ")
                .map(|c| c.trim().to_owned())
                .collect();
            let id = cells[0]
                .rsplit("<br>`")
                .next()
                .unwrap()
                .trim_end_matches('`')
                .to_owned();
            (id, cells[1..].to_vec())
        })
        .collect()
}

fn stdout(args: &[&str]) -> String {
    let out = cmd().args(args).output().unwrap();
    assert!(out.status.success(), "{args:?}");
    String::from_utf8(out.stdout).unwrap()
}

/// The value after `label` on the line that starts with it.
fn line<'a>(text: &'a str, label: &str) -> &'a str {
    text.lines()
        .find_map(|l| l.trim_start().strip_prefix(label))
        .unwrap_or_else(|| panic!("no `{label}` in\n{text}"))
        .trim()
}

/// `exact -d 5` and `-d 8` print the row's distances, and a failing
/// sort's exact rate on 8 cards.
fn check_exact(id: &str, cells: &[String]) {
    for (deck, cell) in [("5", &cells[0]), ("8", &cells[1])] {
        let text = stdout(&["exact", "-a", id, "-d", deck]);
        let tv = line(&text, "TV distance:");
        assert!(
            tv.starts_with(cell.as_str()),
            "{id} on {deck}: page {cell}, exact {tv}"
        );
        if deck == "8" {
            let failure = text
                .lines()
                .find_map(|l| l.strip_prefix("throws:").or(l.strip_prefix("undefined:")));
            match failure {
                None => assert_eq!(cells[2], "never", "{id}"),
                Some(f) => {
                    let rate = f.trim().split(' ').next().unwrap();
                    assert!(
                        cells[2].contains(&format!(": {rate} on 8 cards")),
                        "{id}: page {}, exact {rate}",
                        cells[2]
                    );
                }
            }
        }
    }
}

#[test]
fn the_cheap_rows_rerun_to_their_exact_figures() {
    let rows = rows();
    assert_eq!(rows.len(), algorithms::registry::runtime_sorts().len());
    let cheap = [
        "sort-random-v8-legacy",
        "sort-random-go",
        "sort-random-libstdcxx",
    ];
    for (id, cells) in rows.iter().filter(|(id, _)| cheap.contains(&id.as_str())) {
        check_exact(id, cells);
    }
}

/// Every row: its exact figures, and `sample -d 52 -n 1000000 --seed 1`'s
/// largest deviation and failures.
#[test]
#[ignore = "heavy: every exact law on 8 cards and 10^6 sorts of 52 cards per row"]
fn every_row_reruns_to_its_figures() {
    for (id, cells) in rows() {
        check_exact(&id, &cells);
        let text = stdout(&[
            "sample", "-a", &id, "-d", "52", "-n", "1000000", "--seed", "1",
        ]);
        let deviation = line(&text, "largest relative deviation of a position cell:")
            .split(' ')
            .next()
            .unwrap();
        assert_eq!(cells[3], deviation, "{id}");
        if let Some(f) = text
            .lines()
            .find_map(|l| l.strip_prefix("throws:").or(l.strip_prefix("undefined:")))
        {
            let rate = f.trim().split(" % ").next().unwrap();
            assert!(
                cells[2].contains(&format!("; {rate} % on 52")),
                "{id}: page {}, sample {rate}",
                cells[2]
            );
        } else {
            assert_eq!(cells[2], "never", "{id}");
        }
    }
}
