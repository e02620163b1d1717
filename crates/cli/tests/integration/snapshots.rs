//! Snapshots of the Markdown and JSON of a tiny seeded default run: any
//! change to what a reader sees shows up as a diff to review
//! (`cargo insta review`, or `INSTA_UPDATE=always` and read the diff).
//!
//! Provenance (commit, compiler, date, wall time, the temporary folder in
//! the command line) differs between machines and runs; it is redacted.
//! Everything else is a function of the seed.

use serde_json::Value;

fn tiny_run() -> (tempfile::TempDir, std::path::PathBuf) {
    let dir = tempfile::tempdir().unwrap();
    let out = dir.path().join("r");
    assert_cmd::cargo::cargo_bin_cmd!("shuffle-audit")
        .args([
            "--decks",
            "3",
            "--exact-up-to",
            "3",
            "--large-decks",
            "none",
            "--shuffles",
            "3000",
            "--seed",
            "7",
            "--threads",
            "2",
            "--algorithms",
            "alt-naive-shuffle,fisher-yates",
            "--out",
        ])
        .arg(&out)
        .assert()
        .success();
    (dir, out)
}

/// The Markdown with its provenance lines replaced by their names.
fn redact_markdown(md: &str, out: &std::path::Path) -> String {
    let volatile = ["- command: ", "- tool: ", "- compiler: ", "- crates: "];
    md.replace(&out.display().to_string(), "[OUT]")
        .lines()
        .map(
            |line| match volatile.iter().find(|v| line.starts_with(*v)) {
                Some(v) => format!("{v}[redacted]"),
                None if line.starts_with("This report checks") => line
                    .split(" Written by ")
                    .next()
                    .unwrap_or(line)
                    .to_string(),
                None => line.to_string(),
            },
        )
        .collect::<Vec<_>>()
        .join("\n")
}

#[test]
fn tiny_run_markdown_and_json() {
    let (_dir, out) = tiny_run();
    let md = std::fs::read_to_string(out.join("README.md")).unwrap();
    insta::assert_snapshot!("tiny_run_readme", redact_markdown(&md, &out));
    let page = std::fs::read_to_string(out.join("algorithms/alt-naive-shuffle.md")).unwrap();
    insta::assert_snapshot!("tiny_run_alt_naive_shuffle_page", page);
    let json: Value =
        serde_json::from_str(&std::fs::read_to_string(out.join("report.json")).unwrap()).unwrap();
    insta::assert_json_snapshot!("tiny_run_report_json", json, {
        ".provenance.git_commit" => "[commit]",
        ".provenance.rustc" => "[rustc]",
        ".provenance.crates" => "[crates]",
        ".provenance.version" => "[version]",
        ".provenance.command" => "[command]",
    });
}
