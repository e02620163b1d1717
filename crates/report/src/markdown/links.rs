//! Links from the report's Markdown to its figures.

use crate::suite::SuiteCase;

/// The file of `case` whose name starts with `kind` (`"positions"`,
/// `"permutations"`, `"pvalues"`) and ends with `.png`.
pub(super) fn png<'a>(case: &'a SuiteCase, kind: &str) -> Option<&'a str> {
    case.files
        .iter()
        .find(|f| {
            f.rsplit('/')
                .next()
                .is_some_and(|name| name.starts_with(&format!("{kind}-n")))
                && f.ends_with(".png")
        })
        .map(String::as_str)
}

/// The SVG twin of the figure `png`.
pub(super) fn svg(png: &str) -> String {
    format!("{}.svg", png.trim_end_matches(".png"))
}

/// ` [SVG](…)`, a link to the SVG twin of `png` when `case` wrote one
/// (heatmaps of large decks have none), else nothing; from a page `root`
/// below the report folder.
pub(super) fn svg_link(case: &SuiteCase, png: &str, root: &str) -> String {
    let svg = svg(png);
    if case.files.contains(&svg) {
        format!(" [SVG]({root}{svg})")
    } else {
        String::new()
    }
}
