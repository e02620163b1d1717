//! The pages' shell lines: each command parsed with the real argument
//! parser, and each file it reads or writes found or made before.

use super::*;

/// The shell lines of a Markdown page's `sh`/`bash`/`shell`/`console`
/// blocks, continuation lines joined.
pub(super) fn shell_lines(text: &str) -> Vec<String> {
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
pub(super) struct Parsed {
    pub(super) commands: Vec<Vec<String>>,
    pub(super) written: Vec<String>,
    pub(super) read: Vec<String>,
    pub(super) word: String,
    pub(super) has_word: bool,
    /// The word being read names the file of a redirection: `Some('>')`
    /// or `Some('<')`.
    pub(super) redirect: Option<char>,
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
pub(super) fn parse_line(line: &str) -> Parsed {
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
pub(super) fn commands(line: &str) -> Vec<Vec<String>> {
    parse_line(line).commands
}

/// The arguments a command gives `shuffle-audit`, if it runs it.
pub(super) fn audit_args(words: &[String]) -> Option<Vec<String>> {
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
pub(super) fn looks_like_file(word: &str) -> bool {
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
pub(super) fn audit_files(args: &[String]) -> (Vec<String>, Vec<String>) {
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
pub(super) fn check_synopsis(args: &[String]) -> Result<(), String> {
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
pub(super) fn unlocked(words: &[String]) -> Option<&'static str> {
    (words.len() >= 2
        && words[0] == "cargo"
        && words[1] == "install"
        && !words.iter().any(|w| w == "--locked"))
    .then_some("`cargo install` without `--locked` ignores Cargo.lock")
}

/// Every problem of one page (a command that does not parse, a file that
/// does not exist), and how many `shuffle-audit` commands it checked.
pub(super) fn problems(page: &str) -> (Vec<String>, usize) {
    let path = root().join(page);
    let text = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{page}: {e}"));
    check_page(page, &text, path.parent().expect("a folder"))
}

/// [`problems`] of a page's text, its relative links read from `dir`.
pub(super) fn check_page(page: &str, text: &str, dir: &Path) -> (Vec<String>, usize) {
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
pub(super) fn blocks(text: &str) -> Vec<(String, bool)> {
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
pub(super) fn tokens(text: &str) -> Vec<String> {
    text.split(|c: char| c.is_whitespace() || "(),;:*".contains(c))
        .filter(|w| !w.is_empty())
        .map(|w| w.trim_end_matches('.').to_string())
        .collect()
}
