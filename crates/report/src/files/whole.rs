//! The figures of the whole run: the riffle study and the teacher's slides.

use super::scale::{colour_limit, deviation};
use super::{OutputFile, figure_files};
use crate::error::ReportError;
use crate::figures::{self, Panel};
use crate::fmt::fmt_count;
use crate::markdown::Lang;
use crate::suite::{SuiteAlgorithm, SuiteReport};
use judge::lesson::LESSON;

/// Where the riffle figure goes in the report folder: `RIFFLE_FIGURE.png`
/// and `.svg`.
pub const RIFFLE_FIGURE: &str = "figures/riffles";

/// The riffle figure, [`RIFFLE_FIGURE`]: the exact distance after `k` GSR
/// riffles beside what each test sees, for each model.
///
/// # Errors
/// [`ReportError::Figure`] naming the figure that could not be drawn.
pub fn riffle_figure(r: &crate::sampled::RiffleReport) -> Result<Vec<OutputFile>, ReportError> {
    let exact: Vec<(u32, f64)> = r
        .study
        .models
        .iter()
        .flat_map(|m| m.rows.iter())
        .filter_map(|row| row.exact_total_variation.map(|tv| (row.riffles, tv)))
        .collect();
    let panels: Vec<figures::RifflePanel> = r
        .study
        .models
        .iter()
        .map(|m| {
            let names: Vec<&str> = m
                .rows
                .first()
                .map(|row| row.tests.iter().map(|t| t.name.as_str()).collect())
                .unwrap_or_default();
            figures::RifflePanel {
                heading: format!("{}: what each test sees", m.algorithm),
                curves: names
                    .iter()
                    .map(|&name| figures::RiffleCurve {
                        name,
                        points: m
                            .rows
                            .iter()
                            .filter_map(|row| {
                                row.tests
                                    .iter()
                                    .find(|t| t.name == name)
                                    .map(|t| (row.riffles, t.log10_p))
                            })
                            .collect(),
                    })
                    .collect(),
            }
        })
        .collect();
    let lines = vec![
        format!(
            "{} cards. Left: the exact total variation distance after k Gilbert-Shannon-Reeds riffles (Bayer and Diaconis 1992).",
            r.study.deck
        ),
        format!(
            "Right: −log10 p of each test on {} decks riffled k times (seed {}); below the dashed line (p = {}) a test can no longer tell; p below 10^−30 sits on the top edge.",
            fmt_count(r.study.shuffles),
            r.study.seed,
            r.study.tells_below
        ),
    ];
    figure_files(RIFFLE_FIGURE, || {
        figures::riffles(
            "How many riffles make a deck look shuffled?",
            &lines,
            &exact,
            &panels,
            r.study.tells_below,
        )
    })
}

/// Where the headline figure goes in the report folder: `HEADLINE.png` and
/// `.svg`.
pub const HEADLINE: &str = "headline";

/// Where the off-by-one's slide goes: `OFF_BY_ONE_SLIDE.png` and `.svg`.
pub const OFF_BY_ONE_SLIDE: &str = "off-by-one";

/// The teacher's slides and the report-relative paths of their PNGs.
#[derive(Debug, Default)]
pub struct Slides {
    /// [`HEADLINE`]: the naive swap beside Fisher–Yates.
    pub headline: Option<String>,
    /// [`OFF_BY_ONE_SLIDE`]: the off-by-one alone.
    pub off_by_one: Option<String>,
    /// Both slides' files, PNG and SVG.
    pub files: Vec<OutputFile>,
}

/// A colour scale's limit rounded up to a figure a reader can say: a
/// multiple of 5 % above 10 %, of 1 % above 1 %, of 0.1 % below.
pub fn round_limit(limit: f64) -> f64 {
    let step = if limit > 0.1 {
        0.05
    } else if limit > 0.01 {
        0.01
    } else {
        0.001
    };
    // A limit already on a step stays there despite rounding error.
    ((limit / step - 1e-9).ceil() * step).max(step)
}

/// The colour scale in words, for a slide on `deck` cards at `±limit`.
fn scale_in_words(deck: usize, limit: f64) -> String {
    let p = fmt_percent(limit);
    if limit > 1.0 {
        return format!(
            "Scale −100% to +{p}: the deepest red is a card landing in a place {p} more often \
             than the fair 1 in {deck}; blue at −100% is a card that never lands there; white \
             is fair."
        );
    }
    format!(
        "Scale ±{p}: the deepest red is a card landing in a place {p} more often than the \
         fair 1 in {deck}, the deepest blue {p} less often; white is fair."
    )
}

/// `0.25` as `25%`, `0.015` as `1.5%`, `-1` as `−100%`.
fn fmt_percent(x: f64) -> String {
    let p = 100.0 * x;
    let sign = if p < 0.0 { "−" } else { "" };
    let p = p.abs();
    if (p - p.round()).abs() < 1e-9 {
        format!("{sign}{p:.0}%")
    } else {
        format!("{sign}{p:.1}%")
    }
}

/// The deck the teacher's slides show: the largest deck up to
/// [`SLIDE_DECK_UP_TO`] on which the naive swap and Fisher–Yates were both
/// sampled.
pub fn slide_deck(report: &SuiteReport) -> Option<usize> {
    let sampled = |id: &str, deck: usize| {
        report.algorithms.iter().any(|a| {
            a.info.id == id
                && a.cases
                    .iter()
                    .any(|c| c.deck == deck && c.sampled.is_some())
        })
    };
    report
        .settings
        .plan
        .decks
        .iter()
        .rev()
        .copied()
        .find(|&d| d <= SLIDE_DECK_UP_TO && sampled(LESSON[0], d) && sampled(LESSON[2], d))
}

/// The sample of `a` on the slides' deck ([`slide_deck`]): what the
/// headline heatmap shows of it.
pub fn slide_sample<'a>(
    report: &SuiteReport,
    a: &'a SuiteAlgorithm,
) -> Option<&'a crate::sampled::SampleReport> {
    let d = slide_deck(report)?;
    a.cases
        .iter()
        .find(|c| c.deck == d)
        .and_then(|c| c.sampled.as_ref())
}

/// The teacher's slides, 16:9: [`HEADLINE`], the naive swap beside
/// Fisher–Yates on a scale that fits the naive swap's deviations, so its
/// bias shows at a glance; and [`OFF_BY_ONE_SLIDE`], the off-by-one
/// (Sattolo's algorithm, when it ran) on a slide of its own, since its
/// −100 % diagonal would wash the naive swap out on a shared scale. Both on
/// the largest small deck all were sampled on; none when the report lacks
/// the naive swap or Fisher–Yates.
///
/// # Errors
/// [`ReportError::Figure`] naming the figure that could not be drawn.
pub fn slides(report: &SuiteReport) -> Result<Slides, ReportError> {
    let get = |id: &str| report.algorithms.iter().find(|a| a.info.id == id);
    let (Some(naive), Some(fy)) = (get(LESSON[0]), get(LESSON[2])) else {
        return Ok(Slides::default());
    };
    let off = get(LESSON[1]);
    let sampled = |a| slide_sample(report, a);
    let (Some(naive_s), Some(fy_s)) = (sampled(naive), sampled(fy)) else {
        return Ok(Slides::default());
    };
    let (deck, shuffles, seed) = (naive_s.deck, naive_s.shuffles, naive_s.seed);
    let footer = "shuffle-audit · reports/README.md · cargo run --release";
    let counted = format!(
        "Rows: cards; columns: where they end; {} shuffles each, seed {seed}.",
        fmt_count(shuffles)
    );
    let mut out = Slides::default();

    let quotes = judge::lesson::lesson_quotes();
    let pair = [
        ((LESSON_NAMES[0], quotes[0].code), naive_s),
        ((LESSON_NAMES[2], quotes[2].code), fy_s),
    ];
    let deviations: Vec<Vec<Vec<f64>>> = pair
        .iter()
        .map(|(_, s)| deviation(&s.position_matrix))
        .collect();
    let matrices: Vec<&[Vec<f64>]> = deviations.iter().map(Vec::as_slice).collect();
    let limit = round_limit(colour_limit(&matrices, deck, shuffles));
    let panels: Vec<Panel> = pair
        .iter()
        .zip(&deviations)
        .map(|(((name, _), s), d)| Panel {
            heading: format!("{name}: {}", s.verdict.label()),
            deviation: d,
        })
        .collect();
    let code: Vec<String> = pair
        .iter()
        .map(|((name, line), _)| format!("{name}: {line}"))
        .collect();
    let headline = figures::slide(
        &format!("One line decides whether a shuffle is fair ({deck} cards)"),
        &[
            code.join("  ·  "),
            counted.clone(),
            scale_in_words(deck, limit),
        ],
        &panels,
        limit,
        &[],
        footer,
    );
    out.files.extend(figure_files(HEADLINE, || headline)?);
    out.headline = Some(format!("{HEADLINE}.png"));

    if let Some(o) = off.and_then(sampled) {
        let (name, line) = (LESSON_NAMES[1], quotes[1].code);
        let d = deviation(&o.position_matrix);
        let limit = round_limit(colour_limit(&[d.as_slice()], deck, shuffles));
        let stays = d
            .iter()
            .enumerate()
            .map(|(i, row)| row[i])
            .fold(f64::NEG_INFINITY, f64::max);
        // The reason, said only when the judge found Sattolo's exact law;
        // else what the diagonal shows. Under the title: with the fair
        // control beside it, the slide has no room for notes.
        let sattolo = off
            .and_then(SuiteAlgorithm::largest_exact)
            .is_some_and(|e| e.resembles == Some(judge::resemble::Known::Sattolo));
        let reasons = if sattolo {
            vec![
                format!(
                    "Each step fills position index from the cards below it, never touching it \
                     again: the deck ends as one {deck}-card cycle (Sattolo's algorithm)."
                ),
                format!(
                    "So no card stays ({}), and the {} cycles are equally likely: a card ends in \
                     each other place 1 time in {}, {} more than 1 in {deck}.",
                    fmt_percent(stays),
                    fmt_count(stats::law::perm::factorial(deck - 1)),
                    deck - 1,
                    fmt_percent(1.0 / (deck - 1) as f64)
                ),
            ]
        } else {
            vec![format!(
                "The diagonal: a card ends where it started {} against fair.",
                fmt_percent(stays)
            )]
        };
        let fy_d = deviation(&fy_s.position_matrix);
        let slide = figures::slide(
            &format!("Off by one: the one-line change is not a fix ({deck} cards)"),
            &[
                vec![
                    format!("{name}: {line}   ·   beside it, the fair control"),
                    counted,
                    scale_in_words(deck, limit),
                ],
                reasons,
            ]
            .concat(),
            &[
                Panel {
                    heading: format!("{name}: {}", o.verdict.label()),
                    deviation: &d,
                },
                Panel {
                    heading: format!("{}: {}", LESSON_NAMES[2], fy_s.verdict.label()),
                    deviation: &fy_d,
                },
            ],
            limit,
            &[],
            footer,
        );
        out.files.extend(figure_files(OFF_BY_ONE_SLIDE, || slide)?);
        out.off_by_one = Some(format!("{OFF_BY_ONE_SLIDE}.png"));
    }
    Ok(out)
}

/// The headline shows the largest small deck up to this size: larger ones
/// leave cells too narrow for their labels at a slide's text size.
pub const SLIDE_DECK_UP_TO: usize = 6;

pub use judge::lesson::LESSON_NAMES;

/// Where the tree of the naive swap's paths goes: `PATH_FIGURE.png` and
/// `.svg`.
pub const PATH_FIGURE: &str = "paths";

/// The tree of every path of the report's [`PathTree`](judge::lesson::PathTree),
/// [`PATH_FIGURE`], with each leaf's arrangement and the count of paths
/// dealing each. `None` when the report has no tree or it is too big to
/// draw.
///
/// # Errors
/// [`ReportError::Figure`] naming the figure that could not be drawn.
pub fn path_figure(report: &SuiteReport) -> Result<Option<Vec<OutputFile>>, ReportError> {
    let Some(figure) = report
        .paths
        .as_ref()
        .and_then(|t| tree_figure(t, Lang::En, false))
    else {
        return Ok(None);
    };
    figure_files(PATH_FIGURE, || figure).map(Some)
}

/// The tree of the report's [`PathTree`](judge::lesson::PathTree) drawn for the
/// handout in `lang`: an SVG to set inline, as wide as the page's text,
/// every label at least 7 pt on A4 ([`figures::PRINT_WIDTH_MM`]), its
/// words in the reader's language and fonts. `None` as for
/// [`path_figure`].
pub fn handout_tree(report: &SuiteReport, lang: Lang) -> Option<String> {
    let figure = tree_figure(report.paths.as_ref()?, lang, true)?.ok()?;
    let svg = figure.svg?;
    // Drawn 1,600 units wide, shown as wide as the text: the viewBox
    // scales it.
    let open = svg.find('>')?;
    let head = &svg[..open];
    let view = head.find("viewBox=")?;
    Some(format!(
        "<svg role=\"img\" width=\"100%\" {}{}",
        &head[view..],
        &svg[open..]
    ))
}

/// The tree figure of `tree` in `lang`, for the screen or for paper.
fn tree_figure(
    tree: &judge::lesson::PathTree,
    lang: Lang,
    print: bool,
) -> Option<Result<figures::Figure, figures::FigureError>> {
    let first = tree.paths.first()?;
    let draws = first.choices.len();
    let outcomes = first.outcomes.first().copied().unwrap_or(0) as usize;
    if tree
        .paths
        .iter()
        .any(|p| p.outcomes.len() != draws || p.outcomes.iter().any(|&k| k as usize != outcomes))
    {
        return None;
    }
    let label = |a: &[usize]| crate::markdown::arrangement(a);
    let start = label(&(0..tree.deck).collect::<Vec<_>>());
    let leaves: Vec<String> = tree.paths.iter().map(|p| label(&p.arrangement)).collect();
    let tally: Vec<(String, u64)> = tree
        .tally()
        .into_iter()
        .map(|(a, c)| (label(a), c as u64))
        .collect();
    let total = leaves.len();
    let words = figures::TreeWords {
        steps: (1..=draws)
            .map(|i| match lang {
                Lang::En => format!("step {i} picks"),
                Lang::Zh => format!("第 {i} 步选"),
            })
            .collect(),
        paths: crate::markdown::pick(lang, "paths", "路径数").to_string(),
        counts: tally
            .iter()
            .map(|(a, c)| match lang {
                Lang::En => format!("{a}: {c} of {total}"),
                Lang::Zh => format!("{a}：{total} 条中 {c} 条"),
            })
            .collect(),
    };
    let name = algorithms::registry::find(&tree.algorithm)
        .map_or(tree.algorithm.clone(), |e| e.name.to_string());
    let k = tally.len();
    let capital = |s: &str| {
        let mut c = s.chars();
        c.next()
            .map_or(String::new(), |f| f.to_uppercase().chain(c).collect())
    };
    let step = crate::markdown::step_words(&tree.algorithm, tree.deck, lang).replace('*', "");
    let (counting, swap) = step.split_once("; ").unwrap_or(("", step.as_str()));
    let product = std::iter::repeat_n(outcomes.to_string(), draws)
        .collect::<Vec<_>>()
        .join(" × ");
    let mut lines = Vec::new();
    if !counting.is_empty() {
        lines.push(format!(
            "{}: each box is an arrangement, the card at each position.",
            capital(counting)
        ));
    }
    lines.push(format!(
        "{}, each of the {outcomes} picks equally likely: {product} = {total} paths, all \
         equally likely.",
        capital(swap)
    ));
    lines.push(format!(
        "A fair shuffle would deal each of the {k} arrangements by {total}/{k} paths, which is \
         not a whole number. Red: dealt by more paths; blue: by fewer."
    ));
    figures::path_tree(
        &format!("{name} on {} cards: every path", tree.deck),
        &lines,
        &figures::PathFigure {
            start: &start,
            outcomes,
            draws,
            leaves: &leaves,
            tally: &tally,
            words: &words,
            print,
        },
    )
}

/// Where the bar chart of the tree's arrangements goes:
/// `PATH_BARS.png` and `.svg`.
pub const PATH_BARS: &str = "paths-bars";

/// How often each arrangement of the report's [`PathTree`](judge::lesson::PathTree)
/// came up in its algorithm's sample on the tree's deck, [`PATH_BARS`]:
/// bars from the fair `1/n!` on an axis of their own (not the one every
/// algorithm's figure of that deck shares), the fair band, and each
/// arrangement's exact share of the tree's paths. `None` when the run has
/// no tree or no sample of its permutations.
///
/// # Errors
/// [`ReportError::Figure`] naming the figure that could not be drawn.
pub fn path_bars(report: &SuiteReport) -> Result<Option<Vec<OutputFile>>, ReportError> {
    let Some(tree) = &report.paths else {
        return Ok(None);
    };
    let Some((s, counts)) = crate::markdown::find(report, &tree.algorithm)
        .and_then(|a| a.cases.iter().find(|c| c.deck == tree.deck))
        .and_then(|c| c.sampled.as_ref())
        .and_then(|s| Some((s, s.permutation_counts.as_deref()?)))
    else {
        return Ok(None);
    };
    let k = counts.len();
    let tally = tree.tally();
    // The tally runs in lexicographic order, the figure's rank order.
    if tally.len() != k || k > crate::figures::BARS_UP_TO {
        return Ok(None);
    }
    let total = tree.paths.len();
    let exact: Vec<f64> = tally
        .iter()
        .map(|(_, c)| *c as f64 * k as f64 / total as f64)
        .collect();
    let fractions: Vec<String> = tally.iter().map(|(_, c)| format!("{c}/{total}")).collect();
    let ratios = super::ratios_to_uniform(counts);
    let envelope = super::fair_envelope(k, s.shuffles);
    let top = super::permutation_top(&ratios, Some(&exact), &envelope);
    let n = tree.deck;
    let name = algorithms::registry::find(&tree.algorithm)
        .map_or(tree.algorithm.clone(), |e| e.name.to_string());
    let lines = vec![format!(
        "{} shuffles, seed {}. Blue: how often each arrangement came up, from the black line \
         (uniform, 1/{n}! = 1/{k}) up or down; grey: the band every bar of a fair shuffle \
         stays in ({}); red: the exact law, each arrangement's share of the {total} paths at \
         the foot.",
        fmt_count(s.shuffles),
        s.seed,
        super::fair_runs()
    )];
    figure_files(PATH_BARS, || {
        figures::permutations(
            &format!("{name} on {n} cards: how often each arrangement came up"),
            &lines,
            figures::Arrangements {
                deck: n,
                ratios: &ratios,
                envelope: Some(&envelope),
                exact: Some(&exact),
                fractions: Some(&fractions),
                top,
                from_uniform: true,
            },
            figures::Formats::Both,
        )
    })
    .map(Some)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_scale_is_rounded_up_to_a_figure_a_reader_can_say() {
        // The naive swap's +24% on 6 cards gets the ±25% scale; a limit on
        // a step stays there; small ones get finer steps.
        for (limit, rounded) in [
            (0.2352, 0.25),
            (0.25, 0.25),
            (0.25 + 1e-14, 0.25),
            (0.26, 0.30),
            (1.0, 1.0),
            (0.104, 0.15),
            (0.1, 0.1),
            (0.031, 0.04),
            (0.0042, 0.005),
            (0.0, 0.001),
        ] {
            let got = round_limit(limit);
            assert!(
                (got - rounded).abs() < 1e-12,
                "{limit} → {got}, not {rounded}"
            );
            assert!(got >= limit - 1e-9, "{limit} → {got} cuts the scale");
        }
    }

    #[test]
    fn the_scale_is_said_in_words_with_its_deck() {
        assert_eq!(fmt_percent(0.25), "25%");
        assert_eq!(fmt_percent(0.015), "1.5%");
        assert_eq!(fmt_percent(-1.0), "−100%");
        let words = scale_in_words(6, 0.25);
        assert!(words.starts_with("Scale ±25%:"), "{words}");
        assert!(words.contains("1 in 6"), "{words}");
    }
}
