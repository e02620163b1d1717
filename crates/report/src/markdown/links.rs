//! Links from the report's Markdown to its figures.

use crate::suite::SuiteCase;

/// The figure of `case` a page shows whose name starts with `kind`
/// (`"positions"`, `"permutations"`, `"pvalues"`): its PNG when it has one,
/// else its SVG (small figures are written as SVG alone).
pub(super) fn figure<'a>(case: &'a SuiteCase, kind: &str) -> Option<&'a str> {
    let named = |ext: &str| {
        case.files
            .iter()
            .find(|f| {
                f.rsplit('/')
                    .next()
                    .is_some_and(|name| name.starts_with(&format!("{kind}-n")))
                    && f.ends_with(ext)
            })
            .map(String::as_str)
    };
    named(".png").or_else(|| named(".svg"))
}

/// The SVG twin of the figure `png`.
pub(super) fn svg(png: &str) -> String {
    format!("{}.svg", png.trim_end_matches(".png"))
}

/// ` [SVG](…)`, a link to the SVG twin of the PNG `figure` when `case`
/// wrote one (heatmaps of large decks have none), else nothing (an SVG
/// shown is its own twin); from a page `root` below the report folder.
pub(super) fn svg_link(case: &SuiteCase, figure: &str, root: &str) -> String {
    let svg = svg(figure);
    if figure.ends_with(".png") && case.files.contains(&svg) {
        format!(" [SVG]({root}{svg})")
    } else {
        String::new()
    }
}
