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

/// A shell line, parsed: its commands' words, and the files its
/// redirections write (`>`, `>>`) and read (`<`).
#[derive(Default)]
struct Parsed {
    commands: Vec<Vec<String>>,
    written: Vec<String>,
    read: Vec<String>,
    word: String,
    has_word: bool,
    /// The word being read names the file of a redirection: `Some('>')`
    /// or `Some('<')`.
    redirect: Option<char>,
}

impl Parsed {
    /// Ends the word being read: an argument, or a redirection's file.
    fn end(&mut self) {
        if self.has_word {
            let word = std::mem::take(&mut self.word);
            match self.redirect.take() {
                Some('>') => self.written.push(word),
                Some(_) => self.read.push(word),
                None => self.commands.last_mut().expect("a command").push(word),
            }
            self.has_word = false;
        }
    }
}

/// Splits a shell line into words and command separators (`|`, `&&`,
/// `;`), honouring quotes; drops comments. Redirections are not
/// arguments: their files are kept beside the commands.
fn parse_line(line: &str) -> Parsed {
    let mut w = Parsed {
        commands: vec![Vec::new()],
        ..Parsed::default()
    };
    let mut quote = None;
    let mut chars = line.chars().peekable();
    while let Some(c) = chars.next() {
        match (quote, c) {
            (Some(q), c) if c == q => quote = None,
            (Some(_), c) => w.word.push(c),
            (None, '"' | '\'') => {
                quote = Some(c);
                w.has_word = true;
            }
            (None, '#') if !w.has_word => break,
            (None, ' ' | '\t') => w.end(),
            (None, '|' | ';' | '&') => {
                w.end();
                if chars.peek() == Some(&c) {
                    chars.next();
                }
                w.commands.push(Vec::new());
            }
            (None, '>' | '<') => {
                // `2>&1`, `> file`, `>&-`: not arguments.
                if w.has_word && w.word.chars().all(|d| d.is_ascii_digit()) {
                    w.word.clear();
                    w.has_word = false;
                }
                w.end();
                while chars.peek().is_some_and(|&d| d == '>' || d == '&') {
                    chars.next();
                }
                if chars
                    .peek()
                    .is_some_and(|&d| d == '-' || d.is_ascii_digit())
                {
                    chars.next();
                } else {
                    w.redirect = Some(c);
                }
            }
            (None, c) => {
                w.word.push(c);
                w.has_word = true;
            }
        }
    }
    w.end();
    w.commands.retain(|c| !c.is_empty());
    w
}

/// The commands of a shell line (see [`parse_line`]).
fn commands(line: &str) -> Vec<Vec<String>> {
    parse_line(line).commands
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

/// Whether a command's word names a file: a path (`out/decks.txt`) or a
/// name with a data file's extension; not an id, a number or `-`.
fn looks_like_file(word: &str) -> bool {
    let extensions = [
        ".txt", ".log", ".csv", ".json", ".jsonl", ".bin", ".md", ".html",
    ];
    !word.starts_with('-')
        && !word.contains("://")
        && !word.contains(['=', ':', ','])
        && (word.contains('/') || extensions.iter().any(|e| word.ends_with(e)))
}

/// The files a `shuffle-audit` command reads (its operands) and the ones
/// it makes (the values of `--out` and `--table`), by its arguments as
/// clap declares them.
fn audit_files(args: &[String]) -> (Vec<String>, Vec<String>) {
    let cli = Cli::command();
    let (command, rest) = match args.split_first() {
        Some((first, rest)) if !first.starts_with('-') => match cli.find_subcommand(first) {
            Some(sub) => (sub.clone(), rest),
            None => return (Vec::new(), Vec::new()),
        },
        _ => (cli.clone(), args),
    };
    let (mut read, mut made) = (Vec::new(), Vec::new());
    let mut words = rest.iter();
    while let Some(word) = words.next() {
        let arg = if let Some(long) = word.strip_prefix("--") {
            let (name, value) = long.split_once('=').unwrap_or((long, ""));
            if matches!(name, "out" | "table") && !value.is_empty() {
                made.push(value.to_string());
            }
            if !value.is_empty() {
                continue;
            }
            command.get_arguments().find(|a| a.get_long() == Some(name))
        } else if word.len() == 2 && word.starts_with('-') {
            let short = word.chars().nth(1);
            command.get_arguments().find(|a| a.get_short() == short)
        } else {
            if looks_like_file(word) {
                read.push(word.clone());
            }
            continue;
        };
        if let Some(arg) = arg
            && arg.get_action().takes_values()
            && let Some(value) = words.next()
            && matches!(arg.get_long(), Some("out" | "table"))
        {
            made.push(value.clone());
        }
    }
    (read, made)
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
    check_page(page, &text, path.parent().expect("a folder"))
}

/// [`problems`] of a page's text, its relative links read from `dir`.
fn check_page(page: &str, text: &str, dir: &Path) -> (Vec<String>, usize) {
    let mut out = Vec::new();
    let mut checked = 0;
    // What the lines so far made: folders and files a later line may read.
    let mut made: Vec<String> = Vec::new();
    let exists = |file: &str| root().join(file).exists() || dir.join(file).exists();
    for line in shell_lines(text) {
        let parsed = parse_line(&line);
        let mut reads: Vec<String> = parsed.read.clone();
        for words in &parsed.commands {
            // Programs and scripts the page runs are files of the repository.
            let named = match words.as_slice() {
                [interp, file, ..] if interp == "node" || interp == "python3" => Some(file),
                [script, ..] if script.starts_with("scripts/") => Some(script),
                _ => None,
            };
            if let Some(file) = named
                && !exists(file)
            {
                out.push(format!(
                    "{page}: `{line}` runs {file}, which does not exist"
                ));
            }
            if let Some(e) = unlocked(words) {
                out.push(format!("{page}: `{line}`: {e}"));
            }
            match words.as_slice() {
                [c, rest @ ..] if ["tail", "cat", "head", "wc", "less"].contains(&c.as_str()) => {
                    reads.extend(rest.iter().filter(|w| looks_like_file(w)).cloned());
                }
                [c, rest @ ..] if c == "mkdir" || c == "tee" => {
                    made.extend(rest.iter().filter(|w| !w.starts_with('-')).cloned());
                }
                _ => {}
            }
            let Some(args) = audit_args(words) else {
                continue;
            };
            checked += 1;
            let synopsis = args.iter().any(|a| a.starts_with('['));
            let parsed = if synopsis {
                check_synopsis(&args)
            } else {
                let (read, make) = audit_files(&args);
                reads.extend(read);
                made.extend(make);
                let argv = std::iter::once("shuffle-audit".to_string()).chain(args);
                Cli::try_parse_from(argv)
                    .map(|_| ())
                    .map_err(|e| e.to_string().lines().next().unwrap_or_default().to_string())
            };
            if let Err(e) = parsed {
                out.push(format!("{page}: `{line}`: {e}"));
            }
        }
        let is_made = |file: &str, made: &[String]| {
            made.iter().any(|m| {
                let m = m.trim_end_matches('/');
                file == m || file.starts_with(&format!("{m}/"))
            })
        };
        for file in reads {
            if !exists(&file) && !is_made(&file, &made) {
                out.push(format!(
                    "{page}: `{line}` reads {file}, which neither exists nor is made by a line before"
                ));
            }
        }
        // A file written into a folder that is not there is an error of
        // the shell, and leaves nothing.
        for file in &parsed.written {
            if let Some((folder, _)) = file.rsplit_once('/')
                && !exists(folder)
                && !is_made(folder, &made)
            {
                out.push(format!(
                    "{page}: `{line}` writes {file}, whose folder neither exists nor is made by a line before"
                ));
            }
        }
        made.extend(parsed.written);
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

/// The prose of a Markdown page in blocks (paragraphs, list items run
/// together, tables, headings), fenced code left out and code spans
/// blanked, each with whether it is a heading.
fn blocks(text: &str) -> Vec<(String, bool)> {
    let mut out: Vec<(String, bool)> = Vec::new();
    let mut current = String::new();
    let mut fenced = false;
    let flush = |current: &mut String, out: &mut Vec<(String, bool)>| {
        if !current.trim().is_empty() {
            let heading = current.starts_with('#');
            out.push((std::mem::take(current), heading));
        }
        current.clear();
    };
    for line in text.lines() {
        if line.trim_start().starts_with("```") {
            fenced = !fenced;
            flush(&mut current, &mut out);
            continue;
        }
        if fenced {
            continue;
        }
        if line.trim().is_empty() {
            flush(&mut current, &mut out);
            continue;
        }
        if line.starts_with('#') {
            flush(&mut current, &mut out);
        }
        // Code spans are commands and names, not statements.
        let prose: String = line
            .split('`')
            .enumerate()
            .map(|(i, part)| if i % 2 == 0 { part } else { "code" })
            .collect::<Vec<_>>()
            .join(" ");
        current.push_str(&prose);
        current.push('\n');
        if line.starts_with('#') {
            flush(&mut current, &mut out);
        }
    }
    flush(&mut current, &mut out);
    out
}

/// The words of a stretch of prose, punctuation that ends or wraps a
/// number or a unit set apart.
fn tokens(text: &str) -> Vec<String> {
    text.split(|c: char| c.is_whitespace() || "(),;:*".contains(c))
        .filter(|w| !w.is_empty())
        .map(|w| w.trim_end_matches('.').to_string())
        .collect()
}

/// A number as prose writes one: `12.7`, `0.87–0.94`, `4½`, `2,572`,
/// `three`.
fn is_number(word: &str) -> bool {
    const WORDS: [&str; 12] = [
        "one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten", "eleven",
        "twelve",
    ];
    WORDS.contains(&word.to_lowercase().as_str())
        || (word.starts_with(|c: char| c.is_ascii_digit())
            && word
                .chars()
                .all(|c| c.is_ascii_digit() || ".,–-½^".contains(c)))
}

/// Whether prose states a duration: a number followed by a unit of time.
fn states_a_time(text: &str) -> bool {
    const UNITS: [&str; 9] = [
        "s", "ms", "second", "seconds", "minute", "minutes", "min", "hour", "hours",
    ];
    tokens(text)
        .windows(2)
        .any(|w| is_number(&w[0]) && UNITS.contains(&w[1].as_str()))
}

/// Whether prose says when it was measured: the word and a date
/// (`2026-11-29`).
fn dated(text: &str) -> bool {
    let has_date = text.as_bytes().windows(10).any(|w| {
        w.iter().enumerate().all(|(i, b)| match i {
            4 | 7 => *b == b'-',
            _ => b.is_ascii_digit(),
        }) && w.starts_with(b"20")
    });
    has_date && text.to_lowercase().contains("measured")
}

/// The durations a page states with no date of measurement: a block
/// (paragraph, list, table) is dated when it says when it was measured, or
/// the block before it does (a table's caption); a table's row, when the
/// row carries a date.
fn undated_times(page: &str, text: &str) -> Vec<String> {
    let mut out = Vec::new();
    let blocks = blocks(text);
    for (i, (block, heading)) in blocks.iter().enumerate() {
        let table = block.starts_with('|');
        if *heading || !states_a_time(block) || (!table && dated(block)) {
            continue;
        }
        if i > 0 && !blocks[i - 1].1 && dated(&blocks[i - 1].0) {
            continue;
        }
        let undated: Vec<&str> = if table {
            block
                .lines()
                .filter(|row| states_a_time(row) && !dated(&format!("measured {row}")))
                .collect()
        } else {
            vec![block.lines().next().unwrap_or_default()]
        };
        for first in undated {
            out.push(format!(
                "{page}: states a time without saying when it was measured: \"{}…\"",
                first.chars().take(90).collect::<String>()
            ));
        }
    }
    out
}

/// Counts of the registry a page states in words: `N algorithms`, `all N`
/// and `N famous cases` must be the tool's.
fn stated_counts(page: &str, text: &str) -> Vec<String> {
    let algorithms = algorithms::registry::REGISTRY.len();
    let cases = judge::cases::case_ids().len();
    let value = |w: &str| -> Option<usize> {
        const WORDS: [&str; 13] = [
            "zero", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten",
            "eleven", "twelve",
        ];
        w.parse()
            .ok()
            .or_else(|| WORDS.iter().position(|x| *x == w.to_lowercase()))
    };
    let mut out = Vec::new();
    for (block, _) in blocks(text) {
        let words = tokens(&block);
        for w in words.windows(3) {
            let claim = match (w[0].as_str(), w[1].as_str(), w[2].as_str()) {
                (n, "algorithms", _) if n.chars().all(|c| c.is_ascii_digit()) => {
                    Some((n, algorithms, "algorithms"))
                }
                ("all", n, "algorithms" | "registered") => Some((n, algorithms, "algorithms")),
                (n, "famous", "cases") if is_number(n) => Some((n, cases, "famous cases")),
                _ => None,
            };
            if let Some((n, truth, what)) = claim
                && value(n) != Some(truth)
            {
                out.push(format!("{page}: says {n} {what}; the tool has {truth}"));
            }
        }
    }
    out
}

/// The cells of a Markdown table's row.
fn cells(row: &str) -> Vec<&str> {
    let row = row.trim().trim_start_matches('|').trim_end_matches('|');
    row.split('|').map(str::trim).collect()
}

/// The algorithm ids a table cell names in code spans.
fn ids_in(cell: &str) -> Vec<&str> {
    cell.split('`')
        .skip(1)
        .step_by(2)
        .filter(|id| algorithms::registry::find(id).is_ok())
        .collect()
}

/// The guide's table of exact distances (`docs/report.md`, *What it
/// finds*): every plain figure of its last column is the exact total
/// variation distance of the committed `reports/report.json` on its deck
/// (6 cards, or the deck the cell names), as many digits as the cell
/// shows. Cells that bound (`≥`) or say "sampled only" are not figures.
fn distance_table(page: &str, text: &str) -> (Vec<String>, usize) {
    let report: serde_json::Value = serde_json::from_str(
        &std::fs::read_to_string(root().join("reports/report.json")).expect("reports/report.json"),
    )
    .expect("report.json parses");
    let exact = |id: &str, deck: u64| -> Option<f64> {
        report["algorithms"]
            .as_array()?
            .iter()
            .find(|a| a["info"]["id"] == id)?["cases"]
            .as_array()?
            .iter()
            .find(|c| c["deck"] == deck)?["exact"]["total_variation"]
            .as_f64()
    };
    let (mut out, mut checked) = (Vec::new(), 0);
    let section = text
        .split("## What it finds")
        .nth(1)
        .and_then(|rest| rest.split("\n## ").next())
        .unwrap_or_default();
    for row in section.lines().filter(|l| l.starts_with("| [")) {
        let cells = cells(row);
        let (ids, cell) = (ids_in(cells[0]), cells[cells.len() - 1]);
        if cell.contains('≥') || cell.contains("sampled") {
            continue;
        }
        let (figures, note) = cell.split_once(" (").unwrap_or((cell, ""));
        let deck = note
            .strip_suffix(" cards)")
            .and_then(|n| n.parse().ok())
            .unwrap_or(6);
        let figures: Vec<&str> = figures.split(", ").collect();
        for (k, id) in ids.iter().enumerate() {
            let figure = if figures.len() == 1 {
                figures[0]
            } else {
                figures[k]
            };
            let Some(tv) = exact(id, deck) else {
                out.push(format!(
                    "{page}: `{id}` has no exact law on {deck} cards in reports/report.json"
                ));
                continue;
            };
            let shown = if figure.contains('e') {
                format!("{tv:.1e}")
            } else {
                let decimals = figure.split_once('.').map_or(0, |(_, d)| d.len());
                format!("{tv:.decimals$}")
            };
            checked += 1;
            if shown != figure {
                out.push(format!(
                    "{page}: `{id}` on {deck} cards: the table says {figure}, the exact law {shown}"
                ));
            }
        }
    }
    (out, checked)
}

/// The guide's table of the cards that give a seeded deal away
/// (`docs/seeds.md`): each row's seeds and cards are the tool's
/// (`judge::recovery::cards_to_pin_down` on 52 cards), and every seeded
/// shuffle of the registry has its row.
fn seed_table(page: &str, text: &str) -> Vec<String> {
    let mut out = Vec::new();
    let mut seen = Vec::new();
    for row in text.lines().filter(|l| l.starts_with("| `")) {
        let cells = cells(row);
        let [id] = ids_in(cells[0])[..] else {
            continue;
        };
        let Some(seeded) = algorithms::registry::find(id)
            .ok()
            .and_then(|e| e.algorithm.seeded())
        else {
            continue;
        };
        let range = seeded.seeds();
        let seeds = range.end - range.start;
        let stated: Option<u64> = cells[1]
            .split(' ')
            .next()
            .and_then(|n| n.replace(',', "").parse().ok());
        let cards = judge::recovery::cards_to_pin_down(seeds, 52);
        if stated != Some(seeds) || cells[2].parse() != Ok(cards) {
            out.push(format!(
                "{page}: `{id}`: the table says {} seeds and {} cards; the tool, {seeds} and {cards}",
                cells[1], cells[2]
            ));
        }
        seen.push(id);
    }
    for entry in algorithms::registry::REGISTRY.iter() {
        if entry.algorithm.seeded().is_some() && !seen.contains(&entry.id) {
            out.push(format!(
                "{page}: no row for the seeded shuffle `{}`",
                entry.id
            ));
        }
    }
    out
}

/// The paths of the lesson's tree per arrangement (`012 4, 021 5, …,
/// 210 4`) a page states are the ones the committed report's teacher page
/// draws.
fn path_counts(page: &str, text: &str) -> Vec<String> {
    let flat = |t: &str| t.split_whitespace().collect::<Vec<_>>().join(" ");
    let report = flat(&std::fs::read_to_string(root().join("reports/README.md")).unwrap());
    let text = flat(text);
    let mut out = Vec::new();
    for (start, _) in text.match_indices("012 ") {
        let Some(end) = text[start..].find("210 ") else {
            continue;
        };
        let end = start + end + "210 ".len();
        let digits = text[end..].chars().take_while(char::is_ascii_digit).count();
        let stated = &text[start..end + digits];
        if !report.contains(stated) {
            out.push(format!(
                "{page}: \"{stated}\" is not what the report's tree counts"
            ));
        }
    }
    out
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
    let (mut distances, mut seeds) = (0, false);
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
    }
    assert!(all.is_empty(), "{}", all.join("\n"));
    assert!(distances >= 25, "only {distances} exact distances checked");
    assert!(
        seeds,
        "no page has the table of cards that give a deal away"
    );
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
