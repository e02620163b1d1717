//! What the README shows a newcomer is what the tool prints: each shell
//! block of `README.md` followed by a `text` block is run as written (the
//! lines that call only `shuffle-audit`, with this build first on `PATH`),
//! and every line of the text block appears in its output and the exit
//! code is the one its comment states. A line ending in `…` is a prefix.

use std::path::Path;
use std::process::Command;

/// The README's (shell block, text block) pairs.
fn shown(readme: &str) -> Vec<(Vec<String>, Vec<String>)> {
    let mut out = Vec::new();
    let mut blocks: Vec<(String, Vec<String>)> = Vec::new();
    let mut current: Option<(String, Vec<String>)> = None;
    for line in readme.lines() {
        match (line.strip_prefix("```"), current.take()) {
            (Some(lang), None) => current = Some((lang.trim().to_string(), Vec::new())),
            (Some(_), Some(block)) => blocks.push(block),
            (None, Some(mut block)) => {
                block.1.push(line.to_string());
                current = Some(block);
            }
            (None, None) => {}
        }
    }
    for pair in blocks.windows(2) {
        if pair[0].0 == "sh" && pair[1].0 == "text" {
            out.push((pair[0].1.clone(), pair[1].1.clone()));
        }
    }
    out
}

/// The exit code a command line's comment states (`# exit 1…`).
fn stated_exit(line: &str) -> Option<i32> {
    let comment = line.split_once("# exit ")?.1;
    comment
        .split(|c: char| !c.is_ascii_digit())
        .next()?
        .parse()
        .ok()
}

#[test]
fn the_readme_shows_what_the_tool_prints() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("../..");
    let readme = std::fs::read_to_string(root.join("README.md")).unwrap();
    let bin = Path::new(env!("CARGO_BIN_EXE_shuffle-audit"));
    let path = format!(
        "{}:{}",
        bin.parent().unwrap().display(),
        std::env::var("PATH").unwrap_or_default()
    );
    let pairs = shown(&readme);
    assert!(pairs.len() >= 4, "only {} outputs shown", pairs.len());
    for (commands, text) in pairs {
        // The lines that run this tool alone (not node, not a server).
        let runs: Vec<&String> = commands
            .iter()
            .filter(|l| {
                let code = l.split('#').next().unwrap_or_default();
                code.split('|')
                    .all(|c| c.trim().starts_with("shuffle-audit "))
                    && !code.contains(" play")
            })
            .collect();
        assert!(!runs.is_empty(), "nothing to run before {text:?}");
        let mut output = String::new();
        for line in &runs {
            let out = Command::new("sh")
                .arg("-c")
                .arg(line.split('#').next().unwrap())
                .env("PATH", &path)
                .current_dir(&root)
                .output()
                .unwrap();
            output += &String::from_utf8_lossy(&out.stdout);
            output += &String::from_utf8_lossy(&out.stderr);
            if let Some(code) = stated_exit(line) {
                assert_eq!(out.status.code(), Some(code), "{line}");
            }
        }
        for shown in &text {
            let found = match shown.strip_suffix(" …") {
                Some(prefix) => output.lines().any(|l| l.starts_with(prefix)),
                None => output.lines().any(|l| l == shown),
            };
            assert!(
                found,
                "the README shows {shown:?}, which `{}` does not print:\n{output}",
                runs[0]
            );
        }
    }
}
