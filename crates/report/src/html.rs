//! The browsable report, `reports/index.html`: one self-contained page
//! (styles, script and data inline) that opens on the teacher's section,
//! with every small deck's heatmap beside the fair control on one scale,
//! a value under every cell, and a print stylesheet that makes the
//! teacher's section a handout. Rendered from a template by `minijinja`;
//! its prose is the front page's Markdown, rendered by `pulldown-cmark`.

use crate::error::ReportError;
use crate::files::{colour_limit, deviation, exact_deviation};
use crate::suite::SuiteReport;
use judge::lesson::FAIR_CONTROL;
use serde::Serialize;
use std::collections::BTreeSet;

const TEMPLATE: &str = include_str!("../templates/index.html");
const PAGE_TEMPLATE: &str = include_str!("../templates/page.html");
/// The style every page of the report shares, which the live page shares too.
pub const BASE_CSS: &str = include_str!("../templates/base.css");

/// A template environment holding `name` (`source`) and the shared style.
fn environment(
    name: &'static str,
    source: &'static str,
) -> Result<minijinja::Environment<'static>, ReportError> {
    let mut env = minijinja::Environment::new();
    for (n, s) in [("base.css", BASE_CSS), (name, source)] {
        env.add_template(n, s)
            .map_err(|e| ReportError::Page(e.to_string()))?;
    }
    Ok(env)
}

/// The HTML twin of the Markdown page `path` (relative to the report
/// folder): a folder's `README.md` is its `index.html`, any other `X.md`
/// is `X.html`.
pub fn twin_path(path: &str) -> String {
    match path.strip_suffix("README.md") {
        Some(dir) if dir.is_empty() || dir.ends_with('/') => format!("{dir}index.html"),
        _ => path
            .strip_suffix(".md")
            .map_or_else(|| path.to_string(), |s| format!("{s}.html")),
    }
}

/// The Markdown pages of a report folder, whose HTML pages link each
/// other's HTML twins: a browser shows a `.md` file as raw text.
#[derive(Debug, Default)]
pub struct Twins(BTreeSet<String>);

impl Twins {
    /// The pages `paths` (relative to the folder, `/` separators); every
    /// `.md` among them gets a twin.
    pub fn of<'a>(paths: impl IntoIterator<Item = &'a str>) -> Self {
        Twins(
            paths
                .into_iter()
                .filter(|p| p.ends_with(".md"))
                .map(str::to_string)
                .collect(),
        )
    }

    /// The link `target`, written on the page `page`, pointed at the twin
    /// of the page it names; `None` when it names no page of the folder
    /// (a web address, a figure, a CSV, a page outside the folder).
    fn link(&self, page: &str, target: &str) -> Option<String> {
        let (file, anchor) = target.split_once('#').unwrap_or((target, ""));
        if !file.ends_with(".md") || file.contains(':') || file.starts_with('/') {
            return None;
        }
        let mut parts: Vec<&str> = page.split('/').collect();
        parts.pop();
        for step in file.split('/') {
            match step {
                ".." => {
                    parts.pop()?;
                }
                "." | "" => {}
                s => parts.push(s),
            }
        }
        if !self.0.contains(&parts.join("/")) {
            return None;
        }
        let (dir, name) = file.rsplit_once('/').map_or(("", file), |(d, n)| (d, n));
        let twin = twin_path(name);
        let mut out = if dir.is_empty() {
            twin
        } else {
            format!("{dir}/{twin}")
        };
        if !anchor.is_empty() {
            out = format!("{out}#{anchor}");
        }
        Some(out)
    }

    /// The HTML twin of every page but the folder's front page (whose twin,
    /// `index.html`, is [`index`]), each page's links to the others
    /// pointed at their twins, `(path, html)`.
    ///
    /// # Errors
    /// [`ReportError::Page`] when the template cannot be rendered.
    pub fn pages(&self, pages: &[(&str, &str)]) -> Result<Vec<(String, String)>, ReportError> {
        let env = environment("page.html", PAGE_TEMPLATE)?;
        let template = env
            .get_template("page.html")
            .map_err(|e| ReportError::Page(e.to_string()))?;
        pages
            .iter()
            .filter(|(path, _)| path.ends_with(".md") && *path != crate::markdown::FRONT)
            .map(|(path, md)| {
                let title = md
                    .lines()
                    .next()
                    .unwrap_or_default()
                    .trim_start_matches("# ")
                    .to_string();
                let html = template
                    .render(minijinja::context! {
                        title => title,
                        body => self.markdown(path, md),
                    })
                    .map_err(|e| ReportError::Page(e.to_string()))?;
                Ok((twin_path(path), html))
            })
            .collect()
    }

    /// `md`, the page `page`, as HTML in the shared style whose links to
    /// the folder's pages point at their twins.
    fn markdown(&self, page: &str, md: &str) -> String {
        aligned_by_class(&render(md, &|target| self.link(page, target)))
    }
}

/// Heatmaps of decks up to this size are on the page (every small deck).
pub const HTML_DECKS_UP_TO: usize = stats::MAX_EXACT_DECK;

#[derive(Serialize)]
struct PageData<'a> {
    algorithms: Vec<AlgorithmView<'a>>,
    control: &'static str,
    first: &'a str,
}

#[derive(Serialize)]
struct AlgorithmView<'a> {
    id: &'a str,
    name: &'a str,
    verdict: &'static str,
    page: String,
    cases: Vec<CaseView<'a>>,
}

#[derive(Serialize)]
struct CaseView<'a> {
    deck: usize,
    shuffles: u64,
    seed: u64,
    verdict: &'static str,
    counts: &'a [Vec<u64>],
    /// Each cell's exact probability as `weight/denominator`, when the
    /// deck was enumerated.
    exact: Option<Vec<Vec<String>>>,
    /// The colour scale's limit: the one the case's PNG heatmap uses.
    limit: f64,
    /// The scale's range in words ([`crate::files::scale_range`]).
    scale: String,
}

/// The front page's Markdown cut where the teacher's section starts and
/// where the summary starts: `(intro, teacher, rest)`.
fn split(front: &str) -> (&str, &str, &str) {
    let start = front.find("\n## Start here").map_or(0, |i| i + 1);
    let summary = front.find("\n## Summary").map_or(front.len(), |i| i + 1);
    if start == 0 || summary < start {
        let cut = summary.min(front.len());
        return (&front[..cut], "", &front[cut..]);
    }
    (&front[..start], &front[start..summary], &front[summary..])
}

/// A heading's anchor as GitHub writes it: lower case, spaces to `-`,
/// punctuation dropped.
fn slug(text: &str) -> String {
    text.chars()
        .filter_map(|c| {
            if c.is_alphanumeric() {
                Some(c.to_lowercase().next().unwrap_or(c))
            } else if c == ' ' || c == '-' {
                Some('-')
            } else {
                None
            }
        })
        .collect()
}

/// Markdown to HTML, with GitHub's heading anchors, so that the front
/// page's `#sources` and `#provenance` links work on the page too.
pub fn markdown(md: &str) -> String {
    render(md, &|_| None)
}

/// Markdown to HTML as [`markdown`] does, each link's address replaced by
/// `link`'s answer when it has one.
fn render(md: &str, link: &dyn Fn(&str) -> Option<String>) -> String {
    use pulldown_cmark::{Event, Options, Parser, Tag, TagEnd, html};
    let events: Vec<Event> = Parser::new_ext(md, Options::ENABLE_TABLES)
        .map(|e| match e {
            Event::Start(Tag::Link {
                link_type,
                dest_url,
                title,
                id,
            }) => Event::Start(Tag::Link {
                link_type,
                dest_url: link(&dest_url).map_or(dest_url, Into::into),
                title,
                id,
            }),
            e => e,
        })
        .collect();
    let mut out: Vec<Event> = Vec::with_capacity(events.len());
    let mut i = 0;
    while i < events.len() {
        if let Event::Start(Tag::Heading { level, .. }) = &events[i] {
            let end = events[i..]
                .iter()
                .position(|e| matches!(e, Event::End(TagEnd::Heading(_))))
                .map_or(events.len(), |k| i + k);
            let text: String = events[i + 1..end]
                .iter()
                .filter_map(|e| match e {
                    Event::Text(t) | Event::Code(t) => Some(t.to_string()),
                    _ => None,
                })
                .collect();
            let mut inner = String::new();
            html::push_html(&mut inner, events[i + 1..end].iter().cloned());
            out.push(Event::Html(
                format!("<{level} id=\"{}\">{inner}</{level}>\n", slug(&text)).into(),
            ));
            i = end + 1;
            continue;
        }
        // The screen-only marks become the block the print stylesheet
        // hides.
        if let Event::Html(t) = &events[i] {
            let (start, end) = crate::markdown::SCREEN_ONLY;
            if t.trim() == start {
                out.push(Event::Html("<div class=\"screen\">\n".into()));
                i += 1;
                continue;
            }
            if t.trim() == end {
                out.push(Event::Html("</div>\n".into()));
                i += 1;
                continue;
            }
        }
        out.push(events[i].clone());
        i += 1;
    }
    let mut s = String::new();
    html::push_html(&mut s, out.into_iter());
    s
}

/// The table cells' alignment as a class of the shared style rather than
/// an inline style on every cell, for a page that carries the style: the
/// pages' long tables are a third shorter. ([`markdown`] keeps the inline
/// style, for HTML shown without the shared style.)
fn aligned_by_class(html: &str) -> String {
    let mut out = html.to_string();
    for cell in ["td", "th"] {
        for (side, class) in [("right", "r"), ("center", "c"), ("left", "l")] {
            out = out.replace(
                &format!("<{cell} style=\"text-align: {side}\">"),
                &format!("<{cell} class=\"{class}\">"),
            );
        }
    }
    out
}

/// The data the page's script draws: every algorithm's small decks, each
/// linked to its page's HTML twin.
fn data<'a>(report: &'a SuiteReport, twins: &Twins) -> PageData<'a> {
    let controls = crate::suite::fair_controls(&report.algorithms);
    let algorithms: Vec<AlgorithmView> = report
        .algorithms
        .iter()
        .map(|a| AlgorithmView {
            id: &a.info.id,
            name: &a.info.name,
            verdict: a.verdict.label(),
            page: {
                let md = crate::markdown::algorithm_page(&a.info.id);
                twins.link(crate::markdown::FRONT, &md).unwrap_or(md)
            },
            cases: a
                .cases
                .iter()
                .filter(|c| c.deck <= HTML_DECKS_UP_TO)
                .filter_map(|c| {
                    let s = c.sampled.as_ref()?;
                    let sampled = deviation(&s.position_matrix);
                    let mut matrices = vec![sampled];
                    if let Some(e) = &c.exact {
                        matrices.push(exact_deviation(&e.position_matrix));
                    }
                    if let Some(f) = crate::suite::fair_control(&controls, &a.info.id, c) {
                        matrices.push(deviation(&f.position_matrix));
                    }
                    let refs: Vec<&[Vec<f64>]> = matrices.iter().map(Vec::as_slice).collect();
                    let limit = colour_limit(&refs, c.deck, s.shuffles);
                    Some(CaseView {
                        deck: c.deck,
                        shuffles: s.shuffles,
                        seed: s.seed,
                        verdict: s.verdict.label(),
                        counts: &s.position_matrix,
                        exact: c.exact.as_ref().map(|e| {
                            e.position_weights
                                .iter()
                                .map(|row| {
                                    row.iter()
                                        .map(|w| format!("{w}/{}", e.denominator))
                                        .collect()
                                })
                                .collect()
                        }),
                        limit,
                        scale: crate::files::scale_range(limit, 1),
                    })
                })
                .collect(),
        })
        .filter(|a| !a.cases.is_empty())
        .collect();
    let first = report
        .algorithms
        .iter()
        .find(|a| a.info.id == judge::lesson::LESSON[0])
        .or_else(|| report.algorithms.first())
        .map_or("", |a| a.info.id.as_str());
    PageData {
        algorithms,
        control: FAIR_CONTROL,
        first,
    }
}

/// `reports/index.html` for `report`, whose front page reads `front`; its
/// links to the folder's pages point at their `twins`.
///
/// # Errors
/// [`ReportError::Page`] when the template cannot be rendered.
pub fn index(report: &SuiteReport, front: &str, twins: &Twins) -> Result<String, ReportError> {
    let (intro, teacher, rest) = split(front);
    let json = serde_json::to_string(&data(report, twins))
        .map_err(|e| ReportError::Page(e.to_string()))?
        // Inside <script>, "</" would end the element.
        .replace("</", "<\\/");
    // The figures' palette, so the page colours cells as the PNGs do.
    let palette = serde_json::to_string(
        &crate::figures::palette()
            .iter()
            .map(|c| [c.0, c.1, c.2])
            .collect::<Vec<_>>(),
    )
    .map_err(|e| ReportError::Page(e.to_string()))?;
    let env = environment("index.html", TEMPLATE)?;
    env.get_template("index.html")
        .and_then(|t| {
            t.render(minijinja::context! {
                title => "Is this shuffle fair? The shuffle-audit report",
                intro => twins.markdown(crate::markdown::FRONT, intro),
                teacher => twins.markdown(crate::markdown::FRONT, teacher),
                rest => twins.markdown(crate::markdown::FRONT, rest),
                data => json,
                palette => palette,
            })
        })
        .map_err(|e| ReportError::Page(e.to_string()))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn twins_are_named_as_a_browser_opens_them() {
        assert_eq!(twin_path("README.md"), "index.html");
        assert_eq!(twin_path("cases/README.md"), "cases/index.html");
        assert_eq!(twin_path("README.zh.md"), "README.zh.html");
        assert_eq!(twin_path("NOT_README.md"), "NOT_README.html");
        assert_eq!(
            twin_path("algorithms/naive-swap.md"),
            "algorithms/naive-swap.html"
        );
    }

    #[test]
    fn links_to_the_folders_pages_point_at_their_twins_and_no_other_link_moves() {
        let twins = Twins::of([
            "README.md",
            "glossary.md",
            "cases/README.md",
            "cases/freecell.md",
            "algorithms/freecell.md",
            "report.json",
        ]);
        let page = "cases/freecell.md";
        for (target, twin) in [
            ("../README.md", Some("../index.html")),
            ("README.md", Some("index.html")),
            ("freecell.md#why", Some("freecell.html#why")),
            ("../glossary.md", Some("../glossary.html")),
            (
                "./../algorithms/freecell.md",
                Some("./../algorithms/freecell.html"),
            ),
            // Not a page of the folder, or not a page.
            ("../audit.md", None),
            ("../../docs/report.md", None),
            ("https://example.org/x.md", None),
            ("/etc/x.md", None),
            ("../report.json", None),
            ("../figures/x.png", None),
            ("#why", None),
        ] {
            assert_eq!(twins.link(page, target).as_deref(), twin, "{target}");
        }
        let html = twins.markdown(page, "[a](../glossary.md) [b](../audit.md) `x.md`\n");
        assert!(html.contains("href=\"../glossary.html\""), "{html}");
        assert!(html.contains("href=\"../audit.md\""), "{html}");
        assert!(html.contains("<code>x.md</code>"), "{html}");
    }

    #[test]
    fn every_page_but_the_front_page_gets_a_twin_in_the_shared_style() {
        let cases =
            vec![judge::cases::run("laravel-2019", &judge::cases::CaseScale::quick(), 1).unwrap()];
        let md = crate::markdown::cases::pages(&cases);
        let mut pages: Vec<(&str, &str)> =
            md.iter().map(|(p, m)| (p.as_str(), m.as_str())).collect();
        pages.push(("README.md", "# Front\n"));
        pages.push(("report.json", "{}"));
        let twins = Twins::of(pages.iter().map(|(p, _)| *p));
        let html = twins.pages(&pages).unwrap();
        let paths: Vec<&str> = html.iter().map(|(p, _)| p.as_str()).collect();
        assert_eq!(paths, ["cases/index.html", "cases/laravel-2019.html"]);
        let (_, page) = &html[1];
        assert!(page.contains("<title>Laravel, 2019"), "{page}");
        assert!(page.contains(BASE_CSS.lines().nth(1).unwrap()), "{page}");
        assert!(page.contains("href=\"index.html\""), "{page}");
        assert!(page.contains("href=\"../index.html\""), "{page}");
        assert!(page.contains("<table>"), "{page}");
        // Not a page of this folder: left as it is.
        assert!(page.contains("href=\"../audit.md\""), "{page}");
    }

    #[test]
    fn headings_get_github_anchors() {
        assert_eq!(slug("Sources"), "sources");
        assert_eq!(
            slug("Start here: one number makes a shuffle fair"),
            "start-here-one-number-makes-a-shuffle-fair"
        );
        let html = markdown("## Sources\n\ntext [x](#sources)\n\n| a |\n|---|\n| 1 |\n");
        assert!(html.contains("<h2 id=\"sources\">Sources</h2>"), "{html}");
        assert!(html.contains("<table>"), "{html}");
    }

    #[test]
    fn table_cells_are_aligned_by_a_class_of_the_shared_style() {
        let md = "| a | b | c | d |\n|--:|:-:|:--|---|\n| 1 | 2 | 3 | 4 |\n";
        assert!(markdown(md).contains("<td style=\"text-align: right\">1</td>"));
        let html = Twins::default().markdown("x.md", md);
        for cell in [
            "<th class=\"r\">a</th>",
            "<th class=\"c\">b</th>",
            "<th class=\"l\">c</th>",
            "<th>d</th>",
            "<td class=\"r\">1</td>",
            "<td class=\"c\">2</td>",
            "<td class=\"l\">3</td>",
            "<td>4</td>",
        ] {
            assert!(html.contains(cell), "{cell} in {html}");
        }
        assert!(!html.contains("style="), "{html}");
        for class in ["r", "c", "l"] {
            assert!(
                BASE_CSS.contains(&format!("td.{class}, th.{class} {{ text-align: ")),
                "{class}"
            );
        }
    }

    #[test]
    fn the_screen_only_marks_become_the_block_print_hides() {
        let (start, end) = crate::markdown::SCREEN_ONLY;
        let html = markdown(&format!(
            "kept\n\n{start}\n\nsee the table:\n\n| a |\n|---|\n| 1 |\n\n{end}\n\nafter\n"
        ));
        let open = html.find("<div class=\"screen\">").expect(&html);
        let close = html.find("</div>").expect(&html);
        let table = html.find("<table>").expect(&html);
        assert!(
            open < html.find("see the table").unwrap() && table < close,
            "{html}"
        );
        assert!(html.find("kept").unwrap() < open && close < html.find("after").unwrap());
        assert!(!html.contains("<!--"), "{html}");
    }

    #[test]
    fn the_front_page_splits_at_the_teachers_section_and_the_summary() {
        let md = "# T\n\nintro\n\n## Start here: x\n\nteach\n\n## Summary\n\nrows\n";
        let (a, b, c) = split(md);
        assert_eq!(a, "# T\n\nintro\n\n");
        assert!(b.starts_with("## Start here") && b.ends_with("teach\n\n"));
        assert!(c.starts_with("## Summary"));
        let (a, b, c) = split("# T\n\n## Summary\n\nrows\n");
        assert_eq!((a, b), ("# T\n\n", ""));
        assert!(c.starts_with("## Summary"));
    }
}
