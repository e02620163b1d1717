//! The README's commands, checked against the command line they describe:
//! every `shuffle-audit …` (or `cargo run --release -- …`) line of a shell
//! block in `README.md`, `reports/README.md` and `scripts/README.md` parses
//! with the real argument parser (a usage synopsis, `[--flag X]`, has each
//! flag checked against its command), and every file those pages name
//! exists: links, programs run by `node` or `python3`, scripts, and paths
//! of the repository in code spans.

use crate::Cli;
use clap::{CommandFactory, Parser};
use std::path::{Path, PathBuf};

/// The pages whose commands a newcomer types.
const PAGES: [&str; 4] = [
    "README.md",
    "reports/README.md",
    "scripts/README.md",
    "scripts/examples/README.md",
];

/// The repository's root.
fn root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../..")
}

/// The shell lines of a Markdown page's `sh`/`bash`/`shell`/`console`
/// blocks, continuation lines joined.
fn shell_lines(text: &str) -> Vec<String> {
    let mut lines: Vec<String> = Vec::new();
    let mut inside = false;
    let mut continued = false;
    for line in text.lines() {
        let fence = line.trim_start().strip_prefix("```");
        match fence {
            Some(lang) if !inside => {
                inside = matches!(lang.trim(), "sh" | "bash" | "shell" | "console");
                continue;
            }
            Some(_) => {
                inside = false;
                continue;
            }
            None if !inside => continue,
            None => {}
        }
        let body = line.trim_start_matches("$ ");
        // A synopsis continued on an indented line, or a line ending in `\`.
        if continued || (line.starts_with(' ') && line.trim_start().starts_with('[')) {
            if let Some(last) = lines.last_mut() {
                last.push(' ');
                last.push_str(body.trim().trim_end_matches('\\'));
            }
        } else {
            lines.push(body.trim().trim_end_matches('\\').to_string());
        }
        continued = line.trim_end().ends_with('\\');
    }
    lines
}

/// Splits a shell line into words and command separators (`|`, `&&`,
/// `;`), honouring quotes; drops comments and redirections.
fn commands(line: &str) -> Vec<Vec<String>> {
    let mut out = vec![Vec::new()];
    let mut word = String::new();
    let mut has_word = false;
    let mut quote = None;
    let mut chars = line.chars().peekable();
    let mut redirect = false;
    let end_word = |word: &mut String, has: &mut bool, out: &mut Vec<Vec<String>>, r: &mut bool| {
        if *has {
            if *r {
                *r = false;
            } else {
                out.last_mut()
                    .expect("a command")
                    .push(std::mem::take(word));
            }
            word.clear();
            *has = false;
        }
    };
    while let Some(c) = chars.next() {
        match (quote, c) {
            (Some(q), c) if c == q => quote = None,
            (Some(_), c) => word.push(c),
            (None, '"' | '\'') => {
                quote = Some(c);
                has_word = true;
            }
            (None, '#') if !has_word => break,
            (None, ' ' | '\t') => end_word(&mut word, &mut has_word, &mut out, &mut redirect),
            (None, '|' | ';' | '&') => {
                end_word(&mut word, &mut has_word, &mut out, &mut redirect);
                if chars.peek() == Some(&c) {
                    chars.next();
                }
                out.push(Vec::new());
            }
            (None, '>' | '<') => {
                // `2>&1`, `> file`, `>&-`: not arguments.
                if has_word && word.chars().all(|d| d.is_ascii_digit()) {
                    word.clear();
                    has_word = false;
                }
                end_word(&mut word, &mut has_word, &mut out, &mut redirect);
                while chars.peek().is_some_and(|&d| d == '>' || d == '&') {
                    chars.next();
                }
                if chars
                    .peek()
                    .is_some_and(|&d| d == '-' || d.is_ascii_digit())
                {
                    chars.next();
                } else {
                    redirect = true;
                }
            }
            (None, c) => {
                word.push(c);
                has_word = true;
            }
        }
    }
    end_word(&mut word, &mut has_word, &mut out, &mut redirect);
    out.retain(|c| !c.is_empty());
    out
}

/// The arguments a command gives `shuffle-audit`, if it runs it.
fn audit_args(words: &[String]) -> Option<Vec<String>> {
    match words {
        [first, rest @ ..] if first == "shuffle-audit" || first.ends_with("/shuffle-audit") => {
            Some(rest.to_vec())
        }
        [c, r, rel, rest @ ..] if c == "cargo" && r == "run" && rel == "--release" => {
            Some(match rest {
                [dash, args @ ..] if dash == "--" => args.to_vec(),
                _ => Vec::new(),
            })
        }
        _ => None,
    }
}

/// Checks a usage synopsis (`shuffle-audit exact --algorithm ID [--json]`):
/// the command exists and takes every flag named.
fn check_synopsis(args: &[String]) -> Result<(), String> {
    let cli = Cli::command();
    let mut words = args
        .iter()
        .map(|a| a.trim_matches(|c| c == '[' || c == ']'));
    let first = words.next().unwrap_or("suite");
    let (command, flags): (clap::Command, Vec<&str>) = if first.starts_with('-') {
        (cli.clone(), std::iter::once(first).chain(words).collect())
    } else {
        let sub = cli
            .find_subcommand(first)
            .ok_or_else(|| format!("no command {first:?}"))?
            .clone();
        (sub, words.collect())
    };
    for flag in flags.iter().filter(|f| f.starts_with("--")) {
        let name = flag.trim_start_matches('-');
        if !command.get_arguments().any(|a| a.get_long() == Some(name)) {
            return Err(format!("{} takes no --{name}", command.get_name()));
        }
    }
    Ok(())
}

/// A `cargo install` without `--locked`: cargo would resolve the
/// dependencies afresh, ignoring `Cargo.lock` (newer versions than the
/// ones tested, and the network again).
fn unlocked(words: &[String]) -> Option<&'static str> {
    (words.len() >= 2
        && words[0] == "cargo"
        && words[1] == "install"
        && !words.iter().any(|w| w == "--locked"))
    .then_some("`cargo install` without `--locked` ignores Cargo.lock")
}

/// Every problem of one page (a command that does not parse, a file that
/// does not exist), and how many `shuffle-audit` commands it checked.
fn problems(page: &str) -> (Vec<String>, usize) {
    let path = root().join(page);
    let text = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{page}: {e}"));
    let dir = path.parent().expect("a folder").to_path_buf();
    let mut out = Vec::new();
    let mut checked = 0;
    for line in shell_lines(&text) {
        for words in commands(&line) {
            // Programs and scripts the page runs are files of the repository.
            let named = match words.as_slice() {
                [interp, file, ..] if interp == "node" || interp == "python3" => Some(file),
                [script, ..] if script.starts_with("scripts/") => Some(script),
                _ => None,
            };
            if let Some(file) = named
                && !root().join(file).exists()
                && !dir.join(file).exists()
            {
                out.push(format!(
                    "{page}: `{line}` runs {file}, which does not exist"
                ));
            }
            if let Some(e) = unlocked(&words) {
                out.push(format!("{page}: `{line}`: {e}"));
            }
            let Some(args) = audit_args(&words) else {
                continue;
            };
            checked += 1;
            let synopsis = args.iter().any(|a| a.starts_with('['));
            let parsed = if synopsis {
                check_synopsis(&args)
            } else {
                let argv = std::iter::once("shuffle-audit".to_string()).chain(args);
                Cli::try_parse_from(argv)
                    .map(|_| ())
                    .map_err(|e| e.to_string().lines().next().unwrap_or_default().to_string())
            };
            if let Err(e) = parsed {
                out.push(format!("{page}: `{line}`: {e}"));
            }
        }
    }
    // Links to files of the repository.
    for target in text.split("](").skip(1).filter_map(|s| s.split(')').next()) {
        let file = target.split('#').next().unwrap_or_default();
        if file.is_empty() || file.contains("://") || file.starts_with("mailto:") {
            continue;
        }
        if !dir.join(file).exists() {
            out.push(format!("{page}: a link to {file}, which does not exist"));
        }
    }
    // Paths of the repository in code spans.
    for span in text.split('`').skip(1).step_by(2) {
        let tops = ["crates/", "scripts/", "docs/", "fuzz/", ".ci/"];
        if span.contains(char::is_whitespace)
            || span.contains(['<', '*', '{'])
            || !tops.iter().any(|t| span.starts_with(t))
        {
            continue;
        }
        if !root().join(span).exists() {
            out.push(format!("{page}: `{span}`, which does not exist"));
        }
    }
    (out, checked)
}

#[test]
fn every_command_of_the_readmes_parses_and_every_file_they_name_exists() {
    let (mut all, mut checked) = (Vec::new(), 0);
    // The case pages of the committed report: each ends on the command that
    // reproduces its figures.
    let cases: Vec<String> = judge::cases::case_ids()
        .iter()
        .map(|id| format!("reports/cases/{id}.md"))
        .collect();
    for page in PAGES
        .iter()
        .copied()
        .chain(cases.iter().map(String::as_str))
    {
        let (p, c) = problems(page);
        all.extend(p);
        checked += c;
    }
    assert!(all.is_empty(), "{}", all.join("\n"));
    // The pages hold dozens of commands: a checker that found none would
    // prove nothing.
    assert!(checked >= 30, "only {checked} commands checked");
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
}
