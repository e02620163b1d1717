//! The browsable report in a real browser, headless Chromium: the page
//! loads with no error, hovering a cell shows its values, the selector
//! changes the figure, and the printed page is the teacher's handout.
//!
//! These need Chromium, so `cargo test --workspace` skips them
//! (`#[ignore]`); `.ci/run` installs Chromium when it is missing and runs
//! them with the other ignored tests (`cargo test --workspace -- --ignored`).
//! `CHROMIUM` names the browser's binary; by default the first of
//! `chromium`, `chromium-browser` and `google-chrome` on the `PATH`.

use std::path::{Path, PathBuf};
use std::process::Command;

fn chromium() -> PathBuf {
    if let Some(p) = std::env::var_os("CHROMIUM") {
        return PathBuf::from(p);
    }
    let path = std::env::var_os("PATH").unwrap_or_default();
    for name in ["chromium", "chromium-browser", "google-chrome"] {
        for dir in std::env::split_paths(&path) {
            let p = dir.join(name);
            if p.is_file() {
                return p;
            }
        }
    }
    panic!("no Chromium found: install it (apt-get install -y chromium) or set CHROMIUM");
}

/// Headless Chromium on `url` with `args`, in its own profile under `dir`;
/// its standard output.
fn browse(dir: &Path, args: &[&str], url: &str) -> String {
    let out = Command::new(chromium())
        .args([
            "--headless",
            "--no-sandbox",
            "--disable-gpu",
            "--no-first-run",
            "--disable-background-networking",
            "--disable-component-update",
            "--disable-sync",
        ])
        .arg(format!("--user-data-dir={}", dir.join("profile").display()))
        .args(args)
        .arg(url)
        .output()
        .expect("Chromium runs");
    assert!(out.status.success(), "Chromium failed: {out:?}");
    String::from_utf8_lossy(&out.stdout).into_owned()
}

/// A small default run of the three algorithms the teacher's section
/// compares: the folder holding its `index.html`.
fn report(dir: &Path) -> PathBuf {
    let out = dir.join("r");
    assert_cmd::cargo::cargo_bin_cmd!("shuffle-audit")
        .args([
            "--algorithms",
            "alt-naive-shuffle,blog-fisher-yates,fisher-yates",
            "--decks",
            "3,4",
            "--exact-up-to",
            "4",
            "--large-decks",
            "none",
            "--shuffles",
            "20000",
            "--out",
        ])
        .arg(&out)
        .assert()
        .success();
    out
}

fn url(folder: &Path, hash: &str) -> String {
    format!("file://{}{hash}", folder.join("index.html").display())
}

#[test]
#[ignore = "needs Chromium: .ci/run runs it"]
fn the_page_loads_hovers_and_switches_figures() {
    let dir = tempfile::tempdir().unwrap();
    let folder = report(dir.path());
    let dom = browse(
        dir.path(),
        &["--virtual-time-budget=5000", "--dump-dom"],
        &url(&folder, "#selftest"),
    );
    let start = dom
        .find("<pre id=\"selftest-result\">")
        .unwrap_or_else(|| panic!("the page's script did not run: {dom}"));
    let text = &dom[start + "<pre id=\"selftest-result\">".len()..];
    let text = &text[..text.find("</pre>").unwrap()];
    let json = text
        .replace("&lt;", "<")
        .replace("&gt;", ">")
        .replace("&amp;", "&");
    let r: serde_json::Value = serde_json::from_str(&json).expect("the self-test's JSON");
    assert_eq!(r["errors"], serde_json::json!([]), "errors on the page");
    // Hovering card 1 at position 0 of the lesson's altNaiveShuffle on 3
    // cards: the exact law gives it 9 of the 27 paths
    // (`shuffle-audit exact -a alt-naive-shuffle -d 3`).
    let hover = r["hover"].as_str().unwrap();
    for needle in [
        "3 cards: card 1 → position 0",
        "count ",
        "of 20,000 shuffles",
        "exact probability 9/27",
        "expected 6,666.7 (1/3)",
        "z = ",
    ] {
        assert!(hover.contains(needle), "{needle:?} not in {hover:?}");
    }
    assert_eq!(
        r["figures"],
        serde_json::json!(["alt-naive-shuffle/3", "fisher-yates/4"])
    );
    assert_eq!(r["changed"], true, "the selector changed the figure");
    assert_eq!(r["controlShown"], true);
    assert_eq!(
        r["printHides"],
        serde_json::json!(["nav.top", "#explorer", "#rest", ".screen"])
    );
    // Print says only what it prints: the tree and the headline stay; the
    // table of paths, the bar chart and the off-by-one's slide go, and
    // with them every sentence that names them.
    let figures: Vec<&str> = r["printFigures"]
        .as_array()
        .unwrap()
        .iter()
        .filter_map(|f| f.as_str())
        .collect();
    assert_eq!(figures, ["headline.png", "paths.png"], "printed figures");
    let left_out: Vec<&str> = r["screenFigures"]
        .as_array()
        .unwrap()
        .iter()
        .filter_map(|f| f.as_str())
        .collect();
    assert!(left_out.contains(&"table"), "{left_out:?}");
    assert!(left_out.contains(&"off-by-one.png"), "{left_out:?}");
    assert!(left_out.contains(&"paths-bars.png"), "{left_out:?}");
    let text = r["printText"].as_str().unwrap();
    assert!(text.contains("as a tree"), "{text}");
    for names_a_left_out_figure in [
        "table",
        "each bar",
        "slide of its own",
        "diagonal",
        "heatmap is empty",
    ] {
        assert!(
            !text.contains(names_a_left_out_figure),
            "the printed page says {names_a_left_out_figure:?}: {text}"
        );
    }
}

#[test]
#[ignore = "needs Chromium: .ci/run runs it"]
fn the_teachers_code_shows_whole_on_a_phone_and_a_laptop() {
    // The decisive ends of the lines (`* deck.length`, `* index`,
    // `* (index + 1)`) were cut at 390 px: every code block of the
    // teacher's section fits its width, at 390 and at 1280 px.
    let dir = tempfile::tempdir().unwrap();
    let folder = report(dir.path());
    for width in [390u64, 1280] {
        let dom = browse(
            dir.path(),
            &[
                &format!("--window-size={width},900"),
                "--virtual-time-budget=5000",
                "--dump-dom",
            ],
            &url(&folder, "#selftest"),
        );
        let start = dom
            .find("<pre id=\"selftest-result\">")
            .expect("the self-test ran");
        let text = &dom[start + "<pre id=\"selftest-result\">".len()..];
        let text = text[..text.find("</pre>").unwrap()]
            .replace("&lt;", "<")
            .replace("&gt;", ">")
            .replace("&amp;", "&");
        let r: serde_json::Value = serde_json::from_str(&text).unwrap();
        // Headless Chromium lays a page out no narrower than 500 px.
        let laid_out = r["width"].as_u64().unwrap();
        assert!(laid_out <= width.max(500), "{r}");
        assert_eq!(r["codeCut"], serde_json::json!([]), "at {width} px: {r}");
    }
}

/// Pages of a PDF Chromium wrote: its page tree's `/Count`.
fn pages(pdf: &[u8]) -> usize {
    let text = String::from_utf8_lossy(pdf);
    let at = text.find("/Type /Pages").expect("a page tree");
    let count = &text[at..];
    let count = &count[count.find("/Count ").expect("a count") + 7..];
    count
        .chars()
        .take_while(char::is_ascii_digit)
        .collect::<String>()
        .parse()
        .unwrap()
}

#[test]
#[ignore = "needs Chromium: .ci/run runs it"]
fn the_printed_page_is_the_teachers_handout() {
    let dir = tempfile::tempdir().unwrap();
    let folder = report(dir.path());
    let print = |page: &Path, pdf: &Path| -> usize {
        browse(
            dir.path(),
            &[
                "--no-pdf-header-footer",
                &format!("--print-to-pdf={}", pdf.display()),
            ],
            &format!("file://{}", page.display()),
        );
        pages(&std::fs::read(pdf).unwrap())
    };
    let handout = print(&folder.join("index.html"), &dir.path().join("handout.pdf"));
    assert!(
        (1..=2).contains(&handout),
        "the handout takes {handout} pages"
    );
    // The same page without its print stylesheet prints everything: the
    // stylesheet is what makes it a handout.
    let html = std::fs::read_to_string(folder.join("index.html")).unwrap();
    let whole = html.replace("@media print", "@media not all");
    assert_ne!(whole, html);
    let copy = folder.join("whole.html");
    std::fs::write(&copy, whole).unwrap();
    let all = print(&copy, &dir.path().join("whole.pdf"));
    assert!(all > handout, "{all} pages without the print stylesheet");
}

#[test]
#[ignore = "needs Chromium: .ci/run runs it"]
fn the_handout_prints_on_one_a4_page_in_both_languages() {
    // The lecture's run, counted exactly up to 6 cards: the handout with
    // every number it can hold.
    let dir = tempfile::tempdir().unwrap();
    let out = dir.path().join("lecture");
    assert_cmd::cargo::cargo_bin_cmd!("shuffle-audit")
        .args([
            "--algorithms",
            "alt-naive-shuffle,blog-fisher-yates,fisher-yates",
            "--decks",
            "3,4,5,6",
            "--large-decks",
            "none",
            "--shuffles",
            "20000",
            "--out",
        ])
        .arg(&out)
        .assert()
        .success();
    for page in ["handout.html", "handout.zh.html"] {
        let pdf = dir.path().join(format!("{page}.pdf"));
        browse(
            dir.path(),
            &[
                "--no-pdf-header-footer",
                &format!("--print-to-pdf={}", pdf.display()),
            ],
            &format!("file://{}", out.join(page).display()),
        );
        let n = pages(&std::fs::read(&pdf).unwrap());
        assert_eq!(n, 1, "{page} prints on {n} pages");
    }
    // The same handout with its text a tenth larger no longer fits: the
    // test can tell one page from two.
    let html = std::fs::read_to_string(out.join("handout.html")).unwrap();
    let larger = html.replace("font: 9pt/1.28", "font: 10pt/1.4");
    assert_ne!(larger, html);
    std::fs::write(out.join("larger.html"), larger).unwrap();
    let pdf = dir.path().join("larger.pdf");
    browse(
        dir.path(),
        &[
            "--no-pdf-header-footer",
            &format!("--print-to-pdf={}", pdf.display()),
        ],
        &format!("file://{}", out.join("larger.html").display()),
    );
    assert!(pages(&std::fs::read(&pdf).unwrap()) > 1);
}
