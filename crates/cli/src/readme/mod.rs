//! The README's and the guide's commands and figures, checked against the
//! tool they describe: every `shuffle-audit …` (or `cargo run --release --
//! …`) line of a shell block parses with the real argument parser (a usage
//! synopsis, `[--flag X]`, has each flag checked against its command);
//! every file those pages name exists, or a line before makes it (links,
//! programs run by `node` or `python3`, scripts, files a command reads,
//! paths of the repository in code spans); and every number the README
//! and the guide state about the tool is computed here from the tool (the
//! count of algorithms and of famous cases, the exact distances of the
//! guide's table, the cards that give a seeded deal away) or marked as
//! measured, with its date.

use crate::Cli;
use clap::{CommandFactory, Parser};
use std::path::{Path, PathBuf};

/// The pages whose commands a newcomer types, beside the guide's.
const PAGES: [&str; 5] = [
    "README.md",
    "reports/README.md",
    "reports/audit.md",
    "scripts/README.md",
    "scripts/examples/README.md",
];

/// The README's length: a first hour's reading.
const README_LINES: usize = 250;

/// Every page of the guide, `docs/*.md`, found on disk: a new page is
/// checked without being listed.
fn guide() -> Vec<String> {
    let mut pages: Vec<String> = std::fs::read_dir(root().join("docs"))
        .expect("docs/")
        .filter_map(|e| {
            let name = e.ok()?.file_name().into_string().ok()?;
            name.ends_with(".md").then(|| format!("docs/{name}"))
        })
        .collect();
    pages.sort();
    pages
}

/// The repository's root.
fn root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../..")
}

mod commands;
mod figures;

use commands::*;
use figures::*;

#[test]
fn every_command_of_the_readmes_parses_and_every_file_they_name_exists() {
    let (mut all, mut checked) = (Vec::new(), 0);
    // The case pages of the committed report: each ends on the command that
    // reproduces its figures.
    let cases: Vec<String> = judge::cases::case_ids()
        .iter()
        .map(|id| format!("reports/cases/{id}.md"))
        .collect();
    let guide = guide();
    assert!(guide.len() >= 8, "the guide has {} pages", guide.len());
    for page in PAGES
        .iter()
        .map(|p| p.to_string())
        .chain(guide)
        .chain(cases)
    {
        let (p, c) = problems(&page);
        all.extend(p);
        checked += c;
    }
    assert!(all.is_empty(), "{}", all.join("\n"));
    // The pages hold dozens of commands: a checker that found none would
    // prove nothing.
    assert!(checked >= 60, "only {checked} commands checked");
}

#[test]
fn the_readme_is_read_in_the_first_hour() {
    let lines = std::fs::read_to_string(root().join("README.md"))
        .expect("README.md")
        .lines()
        .count();
    assert!(
        lines <= README_LINES,
        "README.md has {lines} lines, over {README_LINES}"
    );
}

#[test]
fn every_number_the_readme_and_the_guide_state_is_the_tools_or_dated() {
    let mut all = Vec::new();
    let (mut distances, mut seeds, mut readback) = (0, false, false);
    for page in std::iter::once("README.md".to_string()).chain(guide()) {
        let text = std::fs::read_to_string(root().join(&page)).expect("a page");
        all.extend(undated_times(&page, &text));
        all.extend(stated_counts(&page, &text));
        all.extend(path_counts(&page, &text));
        if text.contains("## What it finds") {
            let (p, c) = distance_table(&page, &text);
            all.extend(p);
            distances += c;
        }
        if text.contains("## What a few cards give away") {
            all.extend(seed_table(&page, &text));
            seeds = true;
        }
        if text.contains("## What node's cards give away") {
            all.extend(readback_figures(&page, &text));
            readback = true;
        }
    }
    assert!(all.is_empty(), "{}", all.join("\n"));
    assert!(distances >= 25, "only {distances} exact distances checked");
    assert!(
        seeds,
        "no page has the table of cards that give a deal away"
    );
    assert!(readback, "no page says what node's cards give away");
}

#[test]
fn the_checker_sees_what_is_wrong() {
    // A command line that a user could copy, and what the checker makes
    // of it: mistakes it must catch, and shell it must read past.
    let cases = [
        ("shuffle-audit audit decks.txt --json > audit.json", true),
        (
            "shuffle-audit deal -a naive-swap -d 6 -n 20000 | shuffle-audit audit - # exit 1",
            true,
        ),
        (
            "shuffle-audit predict -a poker-fixed-time --seen \"3 35 46 8 20\"",
            true,
        ),
        (
            "cargo run --release -- --algorithms naive-swap --seed 1 --out /tmp/naive",
            true,
        ),
        ("shuffle-audit audit - --no-such-flag", false),
        ("shuffle-audit sample --deck 5", false),
        ("shuffle-audit nope", false),
        ("shuffle-audit exact --algorithm ID --deck N [--json]", true),
        ("shuffle-audit exact --algorithm ID [--jsn]", false),
    ];
    for (line, ok) in [
        ("cargo install --locked --path crates/cli", true),
        ("cargo install --path crates/cli --locked # fine", true),
        ("cargo install --path crates/cli", false),
        ("cd x && cargo install --path crates/cli", false),
        ("cargo run --release", true),
    ] {
        let found = commands(line).iter().any(|w| unlocked(w).is_some());
        assert_eq!(!found, ok, "{line}");
    }
    for (line, ok) in cases {
        let mut good = true;
        for words in commands(line) {
            let Some(args) = audit_args(&words) else {
                continue;
            };
            good &= if args.iter().any(|a| a.starts_with('[')) {
                check_synopsis(&args).is_ok()
            } else {
                Cli::try_parse_from(std::iter::once("shuffle-audit".to_string()).chain(args))
                    .is_ok()
            };
        }
        assert_eq!(good, ok, "{line}");
    }
    assert_eq!(
        commands("a 2>&1 | b \"x y\" > out; c && d # e"),
        [vec!["a"], vec!["b", "x y"], vec!["c"], vec!["d"]]
    );
    let parsed = parse_line("a < in.txt > out/x.json 2>&1");
    assert_eq!(
        (parsed.read, parsed.written),
        (vec!["in.txt".to_string()], vec!["out/x.json".to_string()])
    );
}

#[test]
fn the_checker_sees_files_no_line_makes() {
    // A page's shell block, and whether every file it reads exists or is
    // made by a line before: the mistakes a newcomer met (`audit
    // decks.txt` with no decks.txt, `tail -f deals.log`, `> audit.json`
    // into a folder not there) and their runnable forms.
    let page = |block: &str| {
        let text = format!("```sh\n{block}\n```\n");
        check_page("page.md", &text, &root()).0
    };
    let bad = [
        "shuffle-audit audit decks.txt --json",
        "shuffle-audit audit my-games.txt --group land=Forest,Island",
        "tail -f deals.log | shuffle-audit audit - --follow",
        "shuffle-audit audit - < decks.txt",
        "shuffle-audit deal -a fisher-yates -d 8 -n 10 > out/decks.txt",
        "shuffle-audit audit out/decks.txt\nmkdir -p out",
    ];
    for block in bad {
        assert!(!page(block).is_empty(), "not caught: {block}");
    }
    let good = [
        "mkdir -p out && shuffle-audit deal -a fisher-yates -d 8 -n 10 > out/decks.txt\nshuffle-audit audit out/decks.txt --json > out/audit.json",
        "shuffle-audit audit --single scripts/examples/draft-1970.txt",
        "shuffle-audit audit - --out out/certificate\ncat out/certificate/certificate.md",
        "shuffle-audit case planet-poker --json",
        "cargo run --release -- --algorithms naive-swap --seed 1 --out out/naive",
        "shuffle-audit audit FILE|- [--deck N] [--out DIR]",
    ];
    for block in good {
        assert_eq!(page(block), Vec::<String>::new(), "{block}");
    }
}

#[test]
fn the_checker_sees_undated_times_and_wrong_counts() {
    let times = [
        ("It reads a file in 0.9 s on 2 cores.", false),
        ("It takes about three minutes.", false),
        ("It reads a file in 0.9 s (measured on 2026-11-28).", true),
        (
            "Measured on 2026-11-24:\n\n| what | time |\n|---|---|\n| a | 3 s |",
            true,
        ),
        (
            "| what | time | when |\n|---|---|---|\n| a | 3 s | measured 2026-11-24 |\n| b | 4 s | |",
            false,
        ),
        ("A second method; 10^10 shuffles; 12 cards.", true),
    ];
    for (text, ok) in times {
        assert_eq!(undated_times("p", text).is_empty(), ok, "{text}");
    }
    let n = algorithms::registry::REGISTRY.len();
    let counts = [
        (format!("all {n} algorithms"), true),
        (format!("all {} algorithms", n - 1), false),
        (format!("the {} algorithms of the registry", n + 1), false),
        ("the same three algorithms".to_string(), true),
        ("Eight famous cases".to_string(), true),
        ("Seven famous cases".to_string(), false),
    ];
    for (text, ok) in counts {
        assert_eq!(stated_counts("p", &text).is_empty(), ok, "{text}");
    }
    // The forward naive swap's counts are not the lesson's tree.
    let lesson = "the tree (012 4, 021 5,\n102 5, 120 4, 201 5, 210 4 paths)";
    assert_eq!(path_counts("p", lesson), Vec::<String>::new());
    assert_eq!(
        path_counts("p", "012 4, 021 5, 102 5, 120 5, 201 4, 210 4").len(),
        1
    );
    // A distance off in its last digit, and one right; a seeded shuffle
    // with one card too few, and the rows missing.
    let table = "## What it finds\n\n| [`naive-swap`](x) | a | b | 0.0981 |\n\
                 | [`fisher-yates`](x), [`deal`](y) | a | b | 0 |\n";
    let (wrong, checked) = distance_table("p", table);
    assert_eq!((wrong.len(), checked), (1, 3), "{wrong:?}");
    let seeded = seed_table("p", "| `planet-poker` | 86,400,000 | 5 |\n");
    assert!(seeded[0].contains("planet-poker"), "{seeded:?}");
    let rows = algorithms::registry::REGISTRY
        .iter()
        .filter(|e| e.algorithm.seeded().is_some())
        .count();
    assert_eq!(seeded.len(), rows, "{seeded:?}");
}
