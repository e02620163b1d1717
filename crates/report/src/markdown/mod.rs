//! The Markdown pages of the default run: `reports/README.md` (the teacher's
//! page and the summary), one page per algorithm under `algorithms/`, the
//! large decks, the riffles and a glossary.

use crate::files::OutputFile;
use crate::suite::{SuiteAlgorithm, SuiteReport};
use std::fmt::Write;

mod algorithm;
mod audit;
pub mod cases;
mod glossary;
mod links;
mod sorting;
mod summary;
mod tables;
mod teacher;

pub use teacher::{Lang, quote_origin};
pub(crate) use teacher::{arrangement, find, paths_of, pick, quote_source, step_words, walk_words};

/// The marks around a block the printed page leaves out (a figure, with
/// the sentences that refer to it): invisible in Markdown, a
/// `<div class="screen">` in HTML, which the print stylesheet hides.
pub const SCREEN_ONLY: (&str, &str) = ("<!-- screen -->", "<!-- /screen -->");

/// Plain text (a registry row's summary or source) as Markdown: a `<`
/// that would open an HTML tag (`List<T>`, `</b>`, `<!--`) is escaped, so
/// that it is shown and not read as a tag; every other character stays.
pub(crate) fn plain(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    let mut chars = text.chars().peekable();
    while let Some(c) = chars.next() {
        if c == '<'
            && chars
                .peek()
                .is_some_and(|n| n.is_ascii_alphabetic() || "/!?".contains(*n))
        {
            out.push('\\');
        }
        out.push(c);
    }
    out
}

/// The judge's `words` in Markdown: strong words bold, code as code.
pub fn words(words: &judge::words::Words) -> String {
    use judge::words::Span;
    words.render(|span| match span {
        Span::Plain(t) => t.clone(),
        Span::Strong(t) => format!("**{t}**"),
        Span::Code(t) => format!("`{t}`"),
    })
}

/// The folder of the per-algorithm pages, relative to the report folder.
pub const ALGORITHM_PAGES: &str = "algorithms";
/// The page on exact position bias, the battery and collisions of large decks.
pub const LARGE_DECKS_PAGE: &str = "large-decks.md";
/// The page on riffles.
pub const RIFFLES_PAGE: &str = "riffles.md";
/// The page on the runtimes' sorts with a random comparator.
pub const SORTING_PAGE: &str = "sorting.md";
/// The glossary.
pub const GLOSSARY_PAGE: &str = "glossary.md";
/// The page on auditing decks another program dealt.
pub const AUDIT_PAGE: &str = "audit.md";
/// The teacher's page in Simplified Chinese.
pub const TEACHER_ZH_PAGE: &str = "README.zh.md";

/// The page of algorithm `id`, relative to the report folder.
pub fn algorithm_page(id: &str) -> String {
    format!("{ALGORITHM_PAGES}/{id}.md")
}

/// A link to `a`'s page from a page `root` below the report folder
/// (`""` from the front page, `"../"` from a page in a folder).
pub(crate) fn page_link(a: &SuiteAlgorithm, root: &str) -> String {
    format!(
        "[{}]({root}{})<br>`{}`",
        a.info.name,
        algorithm_page(&a.info.id),
        a.info.id
    )
}

/// The documents `a` comes from, in a few words each.
pub(crate) fn source_short(a: &SuiteAlgorithm) -> String {
    let mut names: Vec<&str> = a
        .info
        .sources
        .iter()
        .map(|s| algorithms::registry::document(&s.document).map_or("published", |d| d.short))
        .collect();
    names.dedup();
    names.join("; ")
}

/// The front page's path; its HTML twin is `index.html`.
pub const FRONT: &str = "README.md";

/// Every Markdown page of the default run, the front page first.
pub fn pages(report: &SuiteReport) -> Vec<OutputFile> {
    let mut out = vec![OutputFile::text(FRONT, front(report))];
    if let Some(zh) = teacher_zh(report) {
        out.push(OutputFile::text(TEACHER_ZH_PAGE, zh));
    }
    for a in &report.algorithms {
        out.push(OutputFile::text(
            algorithm_page(&a.info.id),
            algorithm::page(a, report),
        ));
    }
    if let Some(md) = tables::large_decks_page(report) {
        out.push(OutputFile::text(LARGE_DECKS_PAGE, md));
    }
    if let Some(r) = &report.riffles {
        out.push(OutputFile::text(RIFFLES_PAGE, tables::riffles_page(r)));
    }
    if let Some(study) = &report.sorting {
        out.push(OutputFile::text(SORTING_PAGE, sorting::page(study, report)));
    }
    out.push(OutputFile::text(GLOSSARY_PAGE, glossary::page()));
    out.push(OutputFile::text(AUDIT_PAGE, audit::page(report)));
    out.extend(
        cases::pages(&report.cases)
            .into_iter()
            .map(|(path, md)| OutputFile::text(path, md)),
    );
    out
}

/// What the run did, in one sentence.
fn what_was_run(report: &SuiteReport) -> String {
    let st = &report.settings.plan;
    let list = |v: &[usize]| summary::decks(v);
    let mut parts = Vec::new();
    if !st.decks.is_empty() {
        parts.push(format!(
            "shuffled {} times on decks of {} cards",
            crate::fmt::fmt_count(st.shuffles),
            list(&st.decks)
        ));
    }
    if !st.large_decks.is_empty() {
        parts.push(format!(
            "{} times on decks of {} cards",
            crate::fmt::fmt_count(st.large_shuffles),
            list(&st.large_decks)
        ));
    }
    let repeat = if st.repeat > 1 {
        format!(
            " Each sampled case was run {} times (seeds {} to {}) for a two-level test.",
            st.repeat,
            st.seed,
            st.seed.wrapping_add(st.repeat - 1)
        )
    } else {
        String::new()
    };
    let exact = if st.exact_decks.is_empty() {
        String::new()
    } else {
        // Which algorithms each exact law was counted for: the sentence
        // follows the summary's *rests on*, never the plan alone.
        let counted = |a: &crate::suite::SuiteAlgorithm| {
            st.exact_decks
                .iter()
                .filter(|&&d| a.cases.iter().any(|c| c.deck == d && c.exact.is_some()))
                .count()
        };
        let n = report.algorithms.len();
        let all = report
            .algorithms
            .iter()
            .filter(|a| counted(a) == st.exact_decks.len())
            .count();
        let none = report.algorithms.iter().filter(|a| counted(a) == 0).count();
        let some = n - all - none;
        let mut who = vec![format!(
            "{} were counted exactly on every deck of {} cards (every path of random choices weighed \
             exactly: no chance involved)",
            if all == n {
                "all".to_string()
            } else {
                all.to_string()
            },
            list(&st.exact_decks)
        )];
        if some > 0 {
            who.push(format!("{some} on some of them"));
        }
        if none > 0 {
            who.push(format!("{none} sampled only"));
        }
        let last = who.pop().expect("one part at least");
        let who = if who.is_empty() {
            last
        } else {
            format!("{} and {last}", who.join(", "))
        };
        format!(" Of these, {who}; *rests on* in the summary says which.")
    };
    format!("{}, seed {}.{exact}{repeat}", parts.join(", and "), st.seed)
}

/// The front page: `reports/README.md`.
pub fn front(report: &SuiteReport) -> String {
    let mut md = String::new();
    let p = &report.provenance;
    let _ = writeln!(md, "# Is this shuffle fair?\n");
    let _ = writeln!(
        md,
        "This report checks {} card-shuffling algorithms: the ones five blog posts (four \
         in Chinese, one in English; see [the sources](#sources)) offer in JavaScript and \
         C++, ported exactly as written, bugs included, beside published algorithms. Each \
         was {} Written by `{}` ({} {}, commit `{}`); [how it was made](#provenance).\n",
        report.algorithms.len(),
        what_was_run(report),
        p.command,
        p.tool,
        p.version,
        short(&p.git_commit)
    );
    let _ = writeln!(
        md,
        "Words in *italics* are explained where they first appear; the rest are in the \
         [glossary]({GLOSSARY_PAGE}).{}\n",
        if teacher::applies(report) {
            format!(" 中文教师页：[{TEACHER_ZH_PAGE}]({TEACHER_ZH_PAGE})。")
        } else {
            String::new()
        }
    );
    if !teacher::section(&mut md, report, teacher::Lang::En)
        && let Some(h) = &report.headline
    {
        let _ = writeln!(
            md,
            "![{} beside Fisher–Yates]({h})\n",
            judge::lesson::LESSON_NAMES[0]
        );
    }
    summary::section(&mut md, report);
    how_to_read(&mut md, report);
    let _ = writeln!(md, "## More\n");
    let _ = writeln!(
        md,
        "- Each algorithm's page (linked above): source, figures, laws, tests."
    );
    let _ = writeln!(
        md,
        "- [`index.html`](index.html): this report as one page, each heatmap cell's values \
         under the pointer; printed, the teacher's section in two pages."
    );
    if crate::handout::applies(report) {
        let _ = writeln!(
            md,
            "- [`handout.html`](handout.html) ([中文](handout.zh.html)): the teacher's one-page \
             A4 handout."
        );
    }
    if !report.settings.plan.large_decks.is_empty() {
        let _ = writeln!(
            md,
            "- [Real decks]({LARGE_DECKS_PAGE}): the exact position bias at {} cards, and how \
             many shuffles reveal it.",
            summary::decks(&report.settings.plan.large_decks)
        );
    }
    if report.riffles.is_some() {
        let _ = writeln!(
            md,
            "- [Riffles]({RIFFLES_PAGE}): how many riffles make a deck look shuffled."
        );
    }
    if report.sorting.is_some() {
        let _ = writeln!(
            md,
            "- [Sorting by a random comparator]({SORTING_PAGE}), language by language."
        );
    }
    let _ = writeln!(
        md,
        "- [Audit your own shuffle]({AUDIT_PAGE}): test the decks your program deals, shoes \
         and decklists too, with a certificate naming the input by its SHA-256."
    );
    let _ = writeln!(
        md,
        "- [Calibration]({}): each test's false alarms on fair input.",
        crate::calibration::PAGE
    );
    let _ = writeln!(
        md,
        "- [Power]({}): how many decks audit needs to catch each known bug, beside the fewest \
         any test can need.",
        crate::power::PAGE
    );
    if !report.cases.is_empty() {
        let _ = writeln!(
            md,
            "- [Famous cases]({}/README.md): Planet Poker, Laravel and more, each beside its \
             published figure.",
            cases::CASE_PAGES
        );
    }
    let _ = writeln!(
        md,
        "- [Glossary]({GLOSSARY_PAGE}) · CSV files under `data/` · every result in \
         `report.json` (schema in `SCHEMA.md`).{}\n",
        match report.settings.files {
            crate::files::FileSet::Pages => {
                " `--all-files` also draws every deck's heatmap, with SVG twins and \
                 permutation CSVs."
            }
            crate::files::FileSet::All => "",
        }
    );
    sources(&mut md);
    provenance(&mut md, report);
    md
}

/// The teacher's page in Simplified Chinese (`README.zh.md`), when the run
/// has the algorithms it compares.
fn teacher_zh(report: &SuiteReport) -> Option<String> {
    let mut md = String::new();
    let p = &report.provenance;
    let _ = writeln!(md, "# 这个洗牌公平吗？\n");
    let _ = writeln!(
        md,
        "本页是 shuffle-audit 报告的教师页（简体中文）。完整报告、术语表和每个算法的页面为英文：\
         [README.md](README.md)、[glossary.md]({GLOSSARY_PAGE})。报告检查的算法来自五篇博客文章\
         （四篇中文，一篇英文），按原文移植，错误也照样保留；54 张牌即斗地主用的一副牌（52 张加两张\
         王）。本页的每个数字都由命令 `{}` 算出（{} {}，提交 `{}`）。\n",
        p.command,
        p.tool,
        p.version,
        short(&p.git_commit)
    );
    teacher::section(&mut md, report, teacher::Lang::Zh).then_some(md)
}

/// How to read the figures, briefly.
fn how_to_read(md: &mut String, report: &SuiteReport) {
    let _ = writeln!(md, "## How to read the figures\n");
    let (within, runs) = judge::fair::runs_within();
    let _ = writeln!(
        md,
        "A *position heatmap* has a row per card (by where it started) and a column per \
         final position: red where the card ended more often than 1/*n*, blue where less, \
         on the colour bar's scale. Noise stays in its palest quarter: the limits are at \
         least four times the largest deviation of a fair shuffle's matrix in {within} runs \
         of {runs}. Beside each algorithm stand Fisher–Yates sampled as often, on the same \
         scale (the *fair control*), and, where the deck was counted exactly, the exact \
         heatmap: the bias without noise.\n"
    );
    // Decks of more arrangements than the per-bar band holds are drawn sorted.
    let sorted_from = (1..)
        .find(|&n| stats::law::perm::factorial(n) as usize > crate::figures::BARS_UP_TO)
        .expect("factorials grow");
    let _ = writeln!(
        md,
        "A *permutation figure* shows how many times as likely as a fair shuffle each \
         arrangement is, on one logarithmic axis for every algorithm of that deck: sampled \
         (blue), exact (red) where known, fair (black line), and the grey band a fair \
         shuffle stays in {within} times in {runs}. From {sorted_from} cards on, \
         arrangements are sorted from most to least likely.{}\n",
        if report.settings.plan.repeat > 1 {
            " A *p-value histogram* shows the runs of each test: a fair shuffle's are flat."
        } else {
            ""
        }
    );
}

/// The seed documents by title, author and language.
fn sources(md: &mut String) {
    let _ = writeln!(md, "## Sources\n");
    let _ = writeln!(
        md,
        "The seed algorithms come from five documents; four are in Chinese, where most of \
         this material and its readers are. The 54-card deck two of them use is the Dou \
         Dizhu deck: 52 cards and two jokers. The others are published algorithms, cited on \
         their pages.\n"
    );
    let _ = writeln!(
        md,
        "| document | author | date | language, code | what it holds |"
    );
    let _ = writeln!(md, "|---|---|---|---|---|");
    for d in &algorithms::registry::DOCUMENTS {
        let _ = writeln!(
            md,
            "| {} | {} | {} | {}, {} | {} |",
            d.title,
            d.author,
            if d.date.is_empty() { "–" } else { d.date },
            d.language,
            d.code,
            d.note
        );
    }
    let _ = writeln!(md);
}

/// The file beside the report that records what varies from run to run
/// ([`crate::RunRecord`]).
pub const RUN_FILE: &str = "run.json";

fn provenance(md: &mut String, report: &SuiteReport) {
    let p = &report.provenance;
    let _ = writeln!(md, "## Provenance\n");
    let _ = writeln!(md, "- command: `{}`", p.command);
    let _ = writeln!(
        md,
        "- tool: {} {}, commit `{}`",
        p.tool, p.version, p.git_commit
    );
    let _ = writeln!(md, "- compiler: {}", p.rustc);
    let _ = writeln!(md, "- crates: {}", p.crates.join(", "));
    let _ = writeln!(md, "- generator: {}", report.settings.rng);
    let _ = writeln!(
        md,
        "- when it ran, on how many threads and how long: `{RUN_FILE}` beside this page \
         (every run writes its own; the report holds only what a rerun reproduces)"
    );
    let _ = writeln!(
        md,
        "\nEvery figure and count can be reproduced with the command above; the same seed \
         gives the same counts on any number of threads."
    );
}

fn short(commit: &str) -> &str {
    commit.get(..12).unwrap_or(commit)
}

#[cfg(test)]
mod tests {
    use super::plain;

    #[test]
    fn plain_text_keeps_its_angle_brackets_on_the_page() {
        let source = "List<T>.Sort(Comparison<T>), Chrome < 70, a <!-- b --> c";
        let html = crate::html::markdown(&plain(source));
        assert!(
            html.contains(
                "List&lt;T&gt;.Sort(Comparison&lt;T&gt;), Chrome &lt; 70, a &lt;!-- b --&gt; c"
            ),
            "{html}"
        );
        // A `<` that opens no tag is left as it is.
        assert_eq!(plain("Chrome < 70, 1 <2"), "Chrome < 70, 1 <2");
    }
}
