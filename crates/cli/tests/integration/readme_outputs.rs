//! What the README's commands print, kept as snapshots: a change to the
//! code behind them that changes a byte of their output shows up as a
//! diff to review (`cargo insta review`), so that moving code between
//! crates can show it changed nothing.
//!
//! Each command line of the README's `sh` blocks that runs only
//! `shuffle-audit` (node's unseeded decks, `play` and the build commands
//! are left out) runs through `sh`, the binary first on `PATH`. Its
//! standard output and exit code are kept; wall times and rates, which
//! vary from run to run, are replaced by `[t] s` and `[r] M shuffles/s`,
//! and the workers (the results are the same on any count) by `[w]
//! threads`.

use std::path::Path;

/// The README's command lines that run `shuffle-audit` alone, comments
/// removed.
fn readme_commands() -> Vec<String> {
    let readme = std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/../../README.md"))
        .expect("README.md");
    let mut lines = Vec::new();
    let mut in_sh = false;
    for line in readme.lines() {
        if line.starts_with("```") {
            in_sh = line == "```sh" && !in_sh;
            continue;
        }
        if !in_sh {
            continue;
        }
        let command = line.split("  #").next().unwrap_or(line).trim();
        let programs: Vec<&str> = command
            .split('|')
            .filter_map(|part| part.split_whitespace().next())
            .collect();
        let ours = !programs.is_empty() && programs.iter().all(|p| *p == "shuffle-audit");
        if ours && !command.starts_with("shuffle-audit play") {
            lines.push(command.to_string());
        }
    }
    lines
}

/// `text` with every wall time (`0.003 s`, `(4.6 s,`) as `[t] s`, every
/// rate as `[r] M shuffles/s` and the workers as `[w] threads`.
fn without_times(text: &str) -> String {
    let timed = wall_times(text);
    let mut words: Vec<String> = timed.split(' ').map(str::to_string).collect();
    for i in 1..words.len() {
        let number = words[i - 1]
            .bytes()
            .all(|b| b.is_ascii_digit() || b == b'.' || b == b'(')
            && words[i - 1].bytes().any(|b| b.is_ascii_digit());
        let open = if words[i - 1].starts_with('(') {
            "("
        } else {
            ""
        };
        if number
            && words[i] == "M"
            && words
                .get(i + 1)
                .is_some_and(|w| w.starts_with("shuffles/s"))
        {
            words[i - 1] = format!("{open}[r]");
        }
        if number && (words[i] == "threads," || words[i] == "threads") {
            words[i - 1] = "[w]".to_string();
        }
    }
    words.join(" ")
}

fn wall_times(text: &str) -> String {
    let chars: Vec<char> = text.chars().collect();
    let mut out = String::with_capacity(text.len());
    let mut i = 0;
    while i < chars.len() {
        let starts = chars[i].is_ascii_digit()
            && (i == 0 || !chars[i - 1].is_alphanumeric() && chars[i - 1] != '.');
        if starts {
            let mut j = i;
            while j < chars.len() && (chars[j].is_ascii_digit() || chars[j] == '.') {
                j += 1;
            }
            let unit = chars.get(j) == Some(&' ')
                && chars.get(j + 1) == Some(&'s')
                && chars.get(j + 2).is_none_or(|c| !c.is_alphanumeric());
            if unit && chars[i..j].contains(&'.') {
                out.push_str("[t] s");
                i = j + 2;
                continue;
            }
            out.extend(&chars[i..j]);
            i = j;
            continue;
        }
        out.push(chars[i]);
        i += 1;
    }
    out
}

/// A snapshot's name: the command's letters and digits.
fn slug(command: &str) -> String {
    let s: String = command
        .chars()
        .map(|c| if c.is_ascii_alphanumeric() { c } else { '_' })
        .collect();
    s.split('_')
        .filter(|w| !w.is_empty())
        .collect::<Vec<_>>()
        .join("_")
}

#[test]
fn the_readme_s_commands_print_what_they_printed() {
    let bin = assert_cmd::cargo::cargo_bin!("shuffle-audit");
    let dir = Path::new(bin).parent().unwrap();
    let path = format!(
        "{}:{}",
        dir.display(),
        std::env::var("PATH").unwrap_or_default()
    );
    let work = tempfile::tempdir().unwrap();
    let commands = readme_commands();
    assert!(commands.len() >= 5, "{commands:?}");
    for command in commands {
        let out = std::process::Command::new("sh")
            .args(["-c", &command])
            .env("PATH", &path)
            .current_dir(work.path())
            .output()
            .unwrap();
        let text = format!(
            "$ {command}\nexit {}\n{}",
            out.status.code().unwrap_or(-1),
            without_times(&String::from_utf8_lossy(&out.stdout))
        );
        insta::assert_snapshot!(slug(&command), text);
    }
}

#[test]
fn wall_times_are_replaced_and_nothing_else() {
    assert_eq!(
        without_times("brute-force, 27 paths, 0.003 s\n(4.6 s, shuffle-audit) 0.0 s"),
        "brute-force, 27 paths, [t] s\n([t] s, shuffle-audit) [t] s"
    );
    // Counts, levels and a seed stay.
    assert_eq!(
        without_times("seed 1, 2 threads, 0.1 s (13.7 M shuffles/s)"),
        "seed 1, [w] threads, [t] s ([r] M shuffles/s)"
    );
    for kept in [
        "27 paths",
        "seed 1 s",
        "1e-6 s",
        "exit 1",
        "v0.1 s",
        "x2 s",
        "2 M cards",
    ] {
        assert_eq!(without_times(kept), kept);
    }
}
