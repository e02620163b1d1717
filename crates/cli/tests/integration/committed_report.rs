//! The report as a reader meets it: a front page short enough to read,
//! opening on the teacher's section, a page for every algorithm, and no
//! link that leads nowhere. Each check reads the committed `reports/` and
//! a report this build writes now (a small run of the algorithms the
//! checks name), so a renderer that breaks fails here before the committed
//! report is regenerated.

use std::path::{Path, PathBuf};
use std::sync::OnceLock;

fn reports() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../../reports")
}

/// A report written by this build: every algorithm the checks below name,
/// counted exactly on 3 to 6 cards, sampled lightly (the riffle among them:
/// the random keys' distance comes from its study).
fn fresh() -> PathBuf {
    static FRESH: OnceLock<(tempfile::TempDir, PathBuf)> = OnceLock::new();
    FRESH
        .get_or_init(|| {
            let dir = tempfile::tempdir().unwrap();
            let out = dir.path().join("reports");
            assert_cmd::cargo::cargo_bin_cmd!("shuffle-audit")
                .args([
                    "--algorithms",
                    "alt-naive-shuffle,blog-fisher-yates,fisher-yates,poker-fixed-rand15,random-keys-16,gsr-riffle",
                    "--decks",
                    "3,4,5,6",
                    "--shuffles",
                    "20000",
                    "--large-decks",
                    "52",
                    "--large-shuffles",
                    "5000",
                    "--out",
                ])
                .arg(&out)
                .assert()
                .success();
            (dir, out)
        })
        .1
        .clone()
}

/// The committed report and the fresh one.
fn folders() -> [PathBuf; 2] {
    [reports(), fresh()]
}

fn read(p: &Path) -> String {
    std::fs::read_to_string(p).unwrap_or_else(|e| panic!("{}: {e}", p.display()))
}

/// The Markdown pages of a report folder.
fn pages(root: &Path) -> Vec<PathBuf> {
    let root = root.to_path_buf();
    let mut out = vec![root.join("README.md")];
    for entry in std::fs::read_dir(&root).unwrap() {
        let p = entry.unwrap().path();
        if p.extension().is_some_and(|e| e == "md") && !p.ends_with("README.md") {
            out.push(p);
        }
    }
    for entry in std::fs::read_dir(root.join("algorithms")).unwrap() {
        out.push(entry.unwrap().path());
    }
    // The case pages, in a report of every algorithm.
    if let Ok(cases) = std::fs::read_dir(root.join("cases")) {
        for entry in cases {
            let p = entry.unwrap().path();
            if p.extension().is_some_and(|e| e == "md") {
                out.push(p);
            }
        }
    }
    out
}

/// Relative link targets of a Markdown page: `](target)` not starting with
/// a scheme or `#`, without their `#fragment`.
fn links(md: &str) -> Vec<String> {
    md.split("](")
        .skip(1)
        .filter_map(|rest| rest.split(')').next())
        .filter(|t| !t.contains("://") && !t.starts_with('#'))
        .map(|t| t.split('#').next().unwrap_or(t).to_string())
        .collect()
}

#[test]
fn the_front_page_is_at_most_4000_words_and_opens_on_the_teachers_section() {
    // The words a reader reads: the marks a page carries for its tests
    // (`<!-- quote: … -->`) are not shown.
    let page = read(&reports().join("README.md"));
    let words = page
        .split("<!--")
        .enumerate()
        .map(|(i, part)| {
            if i == 0 {
                part
            } else {
                part.split_once("-->").map_or(part, |(_, rest)| rest)
            }
        })
        .flat_map(str::split_whitespace)
        .count();
    assert!(words <= 4000, "reports/README.md has {words} words");
    for root in folders() {
        front_page_opens_on_the_teachers_section(&root);
    }
}

fn front_page_opens_on_the_teachers_section(root: &Path) {
    let md = read(&root.join("README.md"));
    let first_section = md.lines().find(|l| l.starts_with("## ")).unwrap();
    assert!(
        first_section.starts_with("## Start here"),
        "{first_section}"
    );
    let start = md.find("## Start here").unwrap();
    let summary = md.find("## Summary").unwrap();
    assert!(start < summary);
    // The teacher's section holds the code, the paths and the why.
    let teacher = &md[start..summary];
    for needle in [
        "Math.random() * deck.length",
        "Math.random() * index",
        "Math.random() * (index + 1)",
        "27 equally likely paths",
        "012 4, 021 5, 102 5, 120 4, 201 5, 210 4",
        "dealt by 159 of them and the least likely by 32",
        "total variation distance",
        "only the 120 single cycles",
    ] {
        assert!(
            teacher.contains(needle),
            "the teacher's section lacks {needle:?}"
        );
    }
}

/// Every file under `dir`, recursively.
fn files(dir: &Path) -> Vec<PathBuf> {
    let mut out = Vec::new();
    for entry in std::fs::read_dir(dir).unwrap() {
        let p = entry.unwrap().path();
        if p.is_dir() {
            out.extend(files(&p));
        } else {
            out.push(p);
        }
    }
    out
}

/// Every clone carries the report: at most the MiB that `.ci/run` gives
/// `scripts/report-size.sh` (the one place the budget is stated), checked
/// here on the files as they are, so that `cargo test` sees it too.
#[test]
fn the_committed_report_stays_within_its_budget() {
    let ci = read(&reports().join("../.ci/run"));
    let mib: f64 = ci
        .lines()
        .find_map(|l| l.split("scripts/report-size.sh ").nth(1))
        .and_then(|rest| rest.split_whitespace().next()?.parse().ok())
        .expect(".ci/run calls scripts/report-size.sh with a limit");
    let budget = (mib * 1024.0 * 1024.0) as u64;
    let all = files(&reports());
    let bytes: u64 = all.iter().map(|p| p.metadata().unwrap().len()).sum();
    assert!(
        bytes <= budget,
        "reports/ holds {bytes} bytes in {} files, over {mib} MiB",
        all.len()
    );
    // Compact JSON: one line.
    let json = read(&reports().join("report.json"));
    assert_eq!(json.lines().count(), 1);
}

/// A clean checkout stays clean: `cargo run --release` of unchanged code
/// rewrites the committed report byte for byte, because nothing in it
/// varies from run to run (date, threads and wall time go to `run.json`,
/// which git ignores), and its commit is the code's, not the report's.
#[test]
fn the_committed_report_holds_nothing_a_rerun_changes() {
    for root in folders() {
        let json: serde_json::Value =
            serde_json::from_str(&read(&root.join("report.json"))).unwrap();
        let provenance = json["provenance"].as_object().unwrap();
        for varying in ["date", "threads", "wall_seconds", "timings"] {
            assert!(
                !provenance.contains_key(varying),
                "{}: report.json records {varying}",
                root.display()
            );
        }
        for page in ["README.md", "README.zh.md", "index.html", "handout.html"] {
            let text = read(&root.join(page));
            assert!(!text.contains("wall time:"), "{page} records a wall time");
        }
    }
    let ignored = read(&reports().join("../.gitignore"));
    assert!(
        ignored.lines().any(|l| l == "/reports/run.json"),
        ".gitignore leaves reports/run.json to git"
    );
}

#[test]
fn the_teachers_section_is_also_in_simplified_chinese() {
    for root in folders() {
        chinese_section(&root);
    }
}

fn chinese_section(root: &Path) {
    let md = read(&root.join("README.md"));
    assert!(
        md.contains("](README.zh.md)"),
        "the front page links the Chinese page"
    );
    let zh = read(&root.join("README.zh.md"));
    assert!(zh.starts_with("# 这个洗牌公平吗？"));
    // The same figures as the English section, from the same exact laws.
    for needle in [
        "Math.random() * deck.length",
        "Math.random() * (index + 1)",
        "27 条等可能的路径",
        "012 4 条、021 5 条、102 5 条、120 4 条、201 5 条、210 4 条",
        "最可能的排列由其中 159 条路径得到，最不可能的只有 32 条",
        // The code's comments read in Chinese too.
        "出处：\"The JavaScript Shuffle\"，altNaiveShuffle 函数",
        "只有 120 种单一轮换",
        "全变差距离",
    ] {
        assert!(zh.contains(needle), "the Chinese page lacks {needle:?}");
    }
}

#[test]
fn every_algorithm_has_a_page_and_appears_once_in_the_summary() {
    for root in folders() {
        pages_and_summary(&root);
    }
}

fn pages_and_summary(root: &Path) {
    let json: serde_json::Value = serde_json::from_str(&read(&root.join("report.json"))).unwrap();
    let md = read(&root.join("README.md"));
    let summary = &md[md.find("## Summary").unwrap()..md.find("## How to read").unwrap()];
    for a in json["algorithms"].as_array().unwrap() {
        let id = a["info"]["id"].as_str().unwrap();
        let page = format!("algorithms/{id}.md");
        assert!(root.join(&page).is_file(), "{page} missing");
        let rows = summary.matches(&format!("]({page})")).count();
        assert_eq!(rows, 1, "{id} in {rows} summary rows");
    }
}

#[test]
fn each_row_says_what_its_verdict_rests_on() {
    for root in folders() {
        rows_say_what_they_rest_on(&root);
    }
}

fn rows_say_what_they_rest_on(root: &Path) {
    let md = read(&root.join("README.md"));
    let row = |id: &str| -> &str {
        md.lines()
            .find(|l| l.starts_with("| ") && l.contains(&format!("](algorithms/{id}.md)")))
            .unwrap_or_else(|| panic!("no row for {id}"))
    };
    let group_of = |id: &str| -> &str {
        let at = md.find(row(id)).unwrap();
        md[..at]
            .rfind("\n### ")
            .map(|h| &md[h + 5..])
            .unwrap()
            .lines()
            .next()
            .unwrap()
    };
    // Proved biased by the exact law, invisible to a million shuffles.
    assert!(group_of("poker-fixed-rand15").starts_with("Biased: a bias is proved"));
    assert!(row("poker-fixed-rand15").contains("too small for the sample to see"));
    assert!(row("poker-fixed-rand15").contains("this run dealt"));
    // Tied 16-bit keys: biased by construction, not seen, and said so.
    assert!(group_of("random-keys-16").starts_with("Biased, but too little"));
    assert!(row("random-keys-16").contains("by formula"));
    assert!(group_of("fisher-yates").starts_with("Fair"));
    assert!(row("fisher-yates").contains("exact 3–6; sampled"));
}

#[test]
fn the_browsable_page_opens_on_the_teachers_section_with_every_algorithm() {
    for root in folders() {
        browsable_page(&root);
    }
}

fn browsable_page(root: &Path) {
    let html = read(&root.join("index.html"));
    let teacher = html
        .find("<section id=\"teacher\">")
        .expect("a teacher's section");
    let explorer = html.find("<section id=\"explorer\">").expect("an explorer");
    assert!(teacher < explorer);
    assert!(html[teacher..explorer].contains("27 equally likely paths"));
    let json: serde_json::Value = serde_json::from_str(&read(&root.join("report.json"))).unwrap();
    for a in json["algorithms"].as_array().unwrap() {
        let id = a["info"]["id"].as_str().unwrap();
        assert!(
            html.contains(&format!("\"id\":\"{id}\"")),
            "{id} not on the page"
        );
    }
    // No network: nothing is fetched from another origin.
    for needle in ["src=\"http", "href=\"http://", "@import", "fetch("] {
        assert!(!html.contains(needle), "{needle}");
    }
}

#[test]
fn every_link_of_every_page_leads_to_a_file() {
    for (root, least) in [(reports(), 100), (fresh(), 40)] {
        links_lead_to_files(&root, least);
    }
}

fn links_lead_to_files(root: &Path, least: usize) {
    let mut checked = 0;
    for page in pages(root) {
        let dir = page.parent().unwrap();
        for target in links(&read(&page)) {
            assert!(
                dir.join(&target).exists(),
                "{}: link to {target} leads nowhere",
                page.display()
            );
            checked += 1;
        }
    }
    assert!(checked > least, "only {checked} links found");
}

/// A browser shows a `.md` file as raw text: every page the run writes has
/// an HTML twin (a folder's `README.md` is its `index.html`), and no HTML
/// page links a page's Markdown where its twin exists; every link an HTML
/// page makes leads to a file.
#[test]
fn every_page_has_an_html_twin_and_the_html_pages_link_the_twins() {
    for (root, least) in [(reports(), 60), (fresh(), 10)] {
        html_twins(&root, least);
    }
}

fn html_twins(root: &Path, least: usize) {
    // The pages this run wrote, as its manifest lists them (a script's
    // page beside them is not the run's).
    let manifest: serde_json::Value =
        serde_json::from_str(&read(&root.join(".shuffle-audit-manifest.json"))).unwrap();
    let written: Vec<&str> = manifest["files"]
        .as_array()
        .unwrap()
        .iter()
        .map(|f| f.as_str().unwrap())
        .collect();
    let twin = report::html::twin_path;
    let md: Vec<&str> = written
        .iter()
        .copied()
        .filter(|f| f.ends_with(".md"))
        .collect();
    assert!(
        md.len() > least,
        "{}: only {} pages",
        root.display(),
        md.len()
    );
    for page in &md {
        assert!(
            written.contains(&twin(page).as_str()) && root.join(twin(page)).is_file(),
            "{}: {page} has no HTML twin {}",
            root.display(),
            twin(page)
        );
    }
    let mut checked = 0;
    for html in written.iter().filter(|f| f.ends_with(".html")) {
        let path = root.join(html);
        // Attribute values as a browser reads them (the templates escape `/`).
        let text = read(&path).replace("&#x2f;", "/").replace("&amp;", "&");
        let dir = path.parent().unwrap();
        for target in text
            .split("href=\"")
            .skip(1)
            .filter_map(|rest| rest.split('"').next())
            // The explorer's script writes its links; checked below.
            .filter(|t| !t.contains("://") && !t.starts_with('#') && !t.contains("${"))
            .map(|t| t.split('#').next().unwrap_or(t))
        {
            let file = dir.join(target);
            assert!(file.exists(), "{html}: link to {target} leads nowhere");
            if target.ends_with(".md") {
                let twin = twin(target);
                assert!(
                    !dir.join(&twin).exists(),
                    "{html}: links {target}, whose HTML twin {twin} exists"
                );
            }
            checked += 1;
        }
    }
    assert!(checked > least * 3, "only {checked} links found");
    // The heatmap explorer's links, which its script writes.
    let index = read(&root.join("index.html"));
    let data = index
        .split("<script id=\"data\" type=\"application/json\">")
        .nth(1)
        .and_then(|rest| rest.split("</script>").next())
        .unwrap();
    let data: serde_json::Value = serde_json::from_str(&data.replace("<\\/", "</")).unwrap();
    for a in data["algorithms"].as_array().unwrap() {
        let page = a["page"].as_str().unwrap();
        assert!(
            page.ends_with(".html") && root.join(page).is_file(),
            "index.html's explorer links {page}"
        );
    }
}

/// A verdict is never printed beside a p-value that shows nothing: each
/// deck's table of sampled tests names the deck's verdict once, on the
/// row of its smallest p-value, so "biased" never stands beside a p-value
/// of 0.01 or more (the collision test's 1.0000 on 52 cards); and no
/// p-value is printed below 10^-300, where no reference law means it.
#[test]
fn sampled_tests_put_each_verdict_beside_the_smallest_p_value() {
    for root in folders() {
        let dir = root.join("algorithms");
        let mut checked = 0;
        for entry in std::fs::read_dir(&dir).unwrap() {
            let page = read(&entry.unwrap().path());
            let Some(table) = page.split("| deck's verdict |").nth(1) else {
                continue;
            };
            let mut verdicts: std::collections::BTreeMap<&str, u32> = Default::default();
            for row in table.lines().skip(2).take_while(|l| l.starts_with('|')) {
                let cells: Vec<&str> = row.split('|').map(str::trim).collect();
                let (deck, p, verdict) = (cells[1], cells[6], cells[7]);
                assert!(!p.starts_with("10^"), "{row}");
                if verdict.is_empty() {
                    continue;
                }
                *verdicts.entry(deck).or_default() += 1;
                if verdict == "biased" {
                    let shown = p.parse::<f64>().map_or(true, |p| p < 0.01);
                    assert!(shown, "biased beside p = {p}: {row}");
                }
                checked += 1;
            }
            assert!(verdicts.values().all(|&k| k == 1), "{verdicts:?}");
        }
        assert!(checked > 0, "no sampled table in {}", dir.display());
    }
}

/// The blocks a reader takes in at once: Markdown paragraphs and list
/// items and table rows, and in HTML and SVG (scripts left out) the text
/// of each paragraph, code block, list item, caption,
/// heading, table row or drawn label.
fn blocks(text: &str) -> Vec<String> {
    const ENDS: [&str; 12] = [
        "</p>",
        "</pre>",
        "</li>",
        "</figcaption>",
        "</caption>",
        "</tr>",
        "</text>",
        "</title>",
        "</h1>",
        "</h2>",
        "</h3>",
        "</h4>",
    ];
    let mut text = text.replace("\r\n", "\n");
    for end in ENDS {
        text = text.replace(end, "\n\n");
    }
    // Each item of a Markdown list, each row of a Markdown table.
    text = text.replace("\n- ", "\n\n- ").replace("\n|", "\n\n|");
    // A page's scripts and their data are not read.
    while let Some(start) = text.find("<script") {
        let end = text[start..]
            .find("</script>")
            .map_or(text.len(), |e| start + e + "</script>".len());
        text.replace_range(start..end, "\n\n");
    }
    // Alt texts and ARIA labels stand alone: a figure's label is not the
    // paragraph after it.
    for start in ["aria-label=", "alt="] {
        text = text.replace(start, &format!("\n\n{start}"));
    }
    text.split("\n\n")
        .map(str::to_lowercase)
        .filter(|b| !b.trim().is_empty())
        .collect()
}

/// Every page the project ships for a reader: the README, the guide and
/// its notebook, each crate's README, and every page, handout and drawn
/// label of the committed report and of one this build writes. The
/// changelog is left out: it records what each version said.
fn shipped_pages() -> Vec<PathBuf> {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("../..");
    let mut out = vec![root.join("README.md"), root.join("python/README.md")];
    out.extend(files(&root.join("docs")));
    for entry in std::fs::read_dir(root.join("crates")).unwrap() {
        let readme = entry.unwrap().path().join("README.md");
        if readme.exists() {
            out.push(readme);
        }
    }
    for folder in folders() {
        out.extend(files(&folder));
    }
    out.retain(|p| {
        p.extension()
            .is_some_and(|e| ["md", "html", "svg", "ipynb"].contains(&e.to_str().unwrap_or("")))
    });
    out
}

/// The text of a page: a notebook's cells, one block each; any other page
/// as it is.
fn page_text(p: &Path) -> String {
    let text = read(p);
    if p.extension().is_some_and(|e| e == "ipynb") {
        let nb: serde_json::Value = serde_json::from_str(&text).unwrap();
        nb["cells"]
            .as_array()
            .unwrap()
            .iter()
            .map(|c| match &c["source"] {
                serde_json::Value::Array(lines) => {
                    lines.iter().filter_map(|l| l.as_str()).collect::<String>()
                }
                other => other.as_str().unwrap_or("").to_string(),
            })
            .collect::<Vec<_>>()
            .join("\n\n")
    } else {
        text
    }
}

/// "The naive swap" is one loop on every page: the forward loop
/// `naive-swap` (`for i in 0..n: swap(a[i], a[below(n)])`, seed 004's
/// `N^N` loop). Seed 003's backward `altNaiveShuffle` (the lesson's first
/// loop) and its `naiveShuffle` keep their own names: no block that says
/// "naive swap" (or 朴素交换) names either of them.
#[test]
fn the_naive_swap_is_one_loop_on_every_page() {
    let pages = shipped_pages();
    assert!(pages.len() > 150, "{} pages", pages.len());
    let mut said = 0;
    let mut wrong = Vec::new();
    for p in &pages {
        for block in blocks(&page_text(p)) {
            if !(block.contains("naive swap") || block.contains("朴素交换")) {
                continue;
            }
            said += 1;
            if block.contains("naiveshuffle") || block.contains("alt-naive-shuffle") {
                wrong.push(format!("{}: {block}", p.display()));
            }
        }
    }
    assert!(said > 50, "'naive swap' said in {said} blocks only");
    assert!(
        wrong.is_empty(),
        "{} blocks call another loop the naive swap:\n{}",
        wrong.len(),
        wrong.join("\n---\n")
    );
    // The lesson's first loop is named by its own name, on every page that
    // shows it.
    for folder in folders() {
        for page in [
            "README.md",
            "README.zh.md",
            "handout.html",
            "handout.zh.html",
        ] {
            let text = read(&folder.join(page));
            assert!(
                text.contains(judge::lesson::LESSON_NAMES[0]),
                "{}: no {}",
                folder.join(page).display(),
                judge::lesson::LESSON_NAMES[0]
            );
        }
    }
}

/// The front page says how many algorithms were counted exactly, on some
/// of the exact decks, or sampled only, from the runs themselves; the
/// summary's *rests on* says the same of each; only an exact law puts an
/// algorithm under "Fair", and one sampled only (`rand-shuffle`) is not.
#[test]
fn the_summary_says_of_each_algorithm_whether_it_was_counted_or_sampled() {
    // The committed report: 54 algorithms, 10 of them with no exact law.
    let md = read(&reports().join("README.md"));
    let json: serde_json::Value =
        serde_json::from_str(&read(&reports().join("report.json"))).unwrap();
    let exact_decks: Vec<u64> = json["settings"]["exact_decks"]
        .as_array()
        .unwrap()
        .iter()
        .map(|d| d.as_u64().unwrap())
        .collect();
    let (mut all, mut some, mut none) = (0, 0, 0);
    for a in json["algorithms"].as_array().unwrap() {
        let counted = a["cases"]
            .as_array()
            .unwrap()
            .iter()
            .filter(|c| {
                c.get("exact").is_some_and(|e| !e.is_null())
                    && exact_decks.contains(&c["deck"].as_u64().unwrap())
            })
            .count();
        let id = a["info"]["id"].as_str().unwrap();
        let row = md
            .lines()
            .find(|l| l.starts_with("| ") && l.contains(&format!("](algorithms/{id}.md)")))
            .unwrap_or_else(|| panic!("no row for {id}"));
        let rests_on = row.split(" | ").nth(2).unwrap();
        let heading = md[..md.find(row).unwrap()].rfind("\n### ").unwrap();
        let group = md[heading + 5..].lines().next().unwrap();
        match counted {
            0 => {
                none += 1;
                assert!(!rests_on.contains("exact"), "{id}: {row}");
                assert!(!group.starts_with("Fair"), "{id} under {group}");
            }
            n if n == exact_decks.len() => all += 1,
            _ => some += 1,
        }
        if group.starts_with("Fair") {
            assert!(rests_on.starts_with("exact "), "{id}: {row}");
        }
    }
    assert_eq!(all + some + none, algorithms::registry::REGISTRY.len());
    assert!(none >= 10, "{none} sampled only");
    let said = format!(
        "Of these, {all} were counted exactly on every deck of 3–6 cards (every path of random \
         choices weighed exactly: no chance involved), {some} on some of them and {none} \
         sampled only; *rests on* in the summary says which."
    );
    assert!(md.contains(&said), "not said: {said}");
    let rand_row = md
        .lines()
        .find(|l| l.contains("](algorithms/rand-shuffle.md)"))
        .unwrap();
    let at = md.find(rand_row).unwrap();
    assert!(
        md[..at].rfind("\n### No bias shown: sampled only") > md[..at].rfind("\n### Fair"),
        "rand-shuffle is not among those shown no bias"
    );
}
