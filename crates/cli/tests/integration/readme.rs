//! What the README and the guide show a reader is what the tool prints:
//! each shell block of `README.md` or `docs/*.md` followed by an output
//! block (`text`, or no language) is run as written (the lines that call
//! only `shuffle-audit`, or `cargo run --release --`, with this build first
//! on `PATH`), and every line of the output block appears in its output and
//! the exit code is the one its comment states. A line ending in `…` is a
//! prefix: what follows it (a time, a thread count) differs from run to
//! run.

use std::path::Path;
use std::process::Command;

/// A page's (shell block, output block) pairs: an output block (`text`,
/// or no language) right after a shell block, with nothing but blank
/// lines between them.
fn shown(page: &str) -> Vec<(Vec<String>, Vec<String>)> {
    let mut out = Vec::new();
    // Each block: its language, its lines, and whether only blank lines
    // stand between it and the block before.
    let mut blocks: Vec<(String, Vec<String>, bool)> = Vec::new();
    let mut current: Option<(String, Vec<String>, bool)> = None;
    let mut adjacent = false;
    for line in page.lines() {
        match (line.strip_prefix("```"), current.take()) {
            (Some(lang), None) => {
                current = Some((lang.trim().to_string(), Vec::new(), adjacent));
            }
            (Some(_), Some(block)) => {
                blocks.push(block);
                adjacent = true;
            }
            (None, Some(mut block)) => {
                block.1.push(line.to_string());
                current = Some(block);
            }
            (None, None) => adjacent &= line.trim().is_empty(),
        }
    }
    for pair in blocks.windows(2) {
        if pair[0].0 == "sh" && (pair[1].0 == "text" || pair[1].0.is_empty()) && pair[1].2 {
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

/// `cargo run --release -- …` as the binary this build made.
fn as_built(line: &str) -> String {
    line.replace("cargo run --release -- ", "shuffle-audit ")
}

#[test]
fn the_readme_and_the_guide_show_what_the_tool_prints() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("../..");
    let mut pages = vec![root.join("README.md")];
    for entry in std::fs::read_dir(root.join("docs")).unwrap() {
        let p = entry.unwrap().path();
        if p.extension().is_some_and(|e| e == "md") {
            pages.push(p);
        }
    }
    let mut pairs = Vec::new();
    for page in &pages {
        let text = std::fs::read_to_string(page).unwrap();
        pairs.extend(shown(&text).into_iter().map(|p| (page.clone(), p)));
    }
    let bin = Path::new(env!("CARGO_BIN_EXE_shuffle-audit"));
    let path = format!(
        "{}:{}",
        bin.parent().unwrap().display(),
        std::env::var("PATH").unwrap_or_default()
    );
    assert!(pairs.len() >= 5, "only {} outputs shown", pairs.len());
    for (page, (commands, text)) in pairs {
        let commands: Vec<String> = commands.iter().map(|l| as_built(l)).collect();
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
                "{} shows {shown:?}, which `{}` does not print:\n{output}",
                page.display(),
                runs[0]
            );
        }
    }
}
