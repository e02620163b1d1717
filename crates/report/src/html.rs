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

const TEMPLATE: &str = include_str!("../templates/index.html");
const CASE_TEMPLATE: &str = include_str!("../templates/case.html");
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

/// Links between the Markdown pages, pointed at their HTML twins: the
/// front page and the case pages have one, the other pages are read as
/// Markdown.
fn html_links(md: &str) -> String {
    let mut out = md
        .replace("](../README.md)", "](../index.html)")
        .replace("](README.md)", "](index.html)")
        .replace(
            &format!("]({}/README.md)", crate::markdown::cases::CASE_PAGES),
            &format!("]({}/index.html)", crate::markdown::cases::CASE_PAGES),
        );
    for id in judge::cases::case_ids() {
        out = out.replace(&format!("]({id}.md)"), &format!("]({id}.html)"));
    }
    out
}

/// The case pages as HTML, each beside its Markdown: `cases/index.html`
/// and `cases/ID.html`.
///
/// # Errors
/// [`ReportError::Page`] when the template cannot be rendered.
pub fn case_pages(cases: &[judge::cases::Case]) -> Result<Vec<(String, String)>, ReportError> {
    let env = environment("case.html", CASE_TEMPLATE)?;
    let template = env
        .get_template("case.html")
        .map_err(|e| ReportError::Page(e.to_string()))?;
    crate::markdown::cases::pages(cases)
        .into_iter()
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
                    body => markdown(&html_links(&md)),
                })
                .map_err(|e| ReportError::Page(e.to_string()))?;
            let path = path
                .strip_suffix("README.md")
                .map(|dir| format!("{dir}index.html"))
                .unwrap_or_else(|| path.replace(".md", ".html"));
            Ok((path, html))
        })
        .collect()
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
    use pulldown_cmark::{Event, Options, Parser, Tag, TagEnd, html};
    let events: Vec<Event> = Parser::new_ext(md, Options::ENABLE_TABLES).collect();
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

/// The data the page's script draws: every algorithm's small decks.
fn data(report: &SuiteReport) -> PageData<'_> {
    let controls = crate::suite::fair_controls(&report.algorithms);
    let algorithms: Vec<AlgorithmView> = report
        .algorithms
        .iter()
        .map(|a| AlgorithmView {
            id: &a.info.id,
            name: &a.info.name,
            verdict: a.verdict.label(),
            page: crate::markdown::algorithm_page(&a.info.id),
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

/// `reports/index.html` for `report`, whose front page reads `front`.
///
/// # Errors
/// [`ReportError::Page`] when the template cannot be rendered.
pub fn index(report: &SuiteReport, front: &str) -> Result<String, ReportError> {
    let (intro, teacher, rest) = split(front);
    let json = serde_json::to_string(&data(report))
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
                intro => markdown(intro),
                teacher => markdown(teacher),
                rest => markdown(&html_links(rest)),
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
    fn case_pages_link_their_html_twins_and_share_the_style() {
        assert_eq!(
            html_links(
                "[a](../README.md) [b](README.md) [c](freecell.md) [d](../audit.md) [e](cases/README.md)"
            ),
            "[a](../index.html) [b](index.html) [c](freecell.html) [d](../audit.md) [e](cases/index.html)"
        );
        let cases =
            vec![judge::cases::run("laravel-2019", &judge::cases::CaseScale::quick(), 1).unwrap()];
        let pages = case_pages(&cases).unwrap();
        let paths: Vec<&str> = pages.iter().map(|(p, _)| p.as_str()).collect();
        assert_eq!(paths, ["cases/index.html", "cases/laravel-2019.html"]);
        let (_, page) = &pages[1];
        assert!(page.contains("<title>Laravel, 2019"), "{page}");
        assert!(page.contains(BASE_CSS.lines().nth(1).unwrap()), "{page}");
        assert!(page.contains("href=\"index.html\""), "{page}");
        assert!(page.contains("<table>"), "{page}");
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
