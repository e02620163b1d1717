//! Figures, as PNG and SVG twins: position heatmaps, the headline
//! comparison and permutation histograms.
//!
//! Text is drawn by `ab_glyph` from DejaVu Sans, which comes from the
//! `dejavu` crate: rendering needs no installed font, fontconfig or
//! freetype.

use plotters::coord::Shift;
use plotters::coord::types::RangedCoordf64;
use plotters::prelude::*;
use plotters::style::FontStyle;
use plotters::style::text_anchor::{HPos, Pos, VPos};
use std::sync::Once;

/// The font family every figure uses.
const FONT: &str = "sans-serif";

/// A figure that could not be drawn.
#[derive(Debug, thiserror::Error)]
#[error("cannot draw its {format}: {message}")]
pub struct FigureError {
    /// `"png"` or `"svg"`.
    pub format: &'static str,
    /// What went wrong.
    pub message: String,
}

/// A figure drawn in memory, as PNG and SVG twins of one size.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Figure {
    /// The PNG file's bytes.
    pub png: Vec<u8>,
    /// The SVG file's text.
    pub svg: String,
}

fn register_font() {
    static ONCE: Once = Once::new();
    ONCE.call_once(|| {
        // The font is a compile-time constant: failing to parse it is a bug.
        if plotters::style::register_font(FONT, FontStyle::Normal, dejavu::sans::regular()).is_err()
        {
            panic!("the bundled DejaVu Sans font does not parse");
        }
        if plotters::style::register_font(FONT, FontStyle::Bold, dejavu::sans::bold()).is_err() {
            panic!("the bundled DejaVu Sans Bold font does not parse");
        }
    });
}

/// Draws `$body` (with `$root` bound to the drawing area) as a PNG and
/// an SVG of `width × height` pixels, in memory, and evaluates to the
/// [`Figure`]. A macro, not a function: the body is generic over the
/// backend, which a closure cannot be. The PNG is encoded with zlib's best
/// compression and adaptive filters (about half the size of plotters' own
/// encoder's output for these figures).
macro_rules! twin {
    ($width:expr, $height:expr, |$root:ident| $body:block) => {{
        register_font();
        let err = |format: &'static str, message: String| FigureError { format, message };
        let size: (u32, u32) = ($width, $height);
        (|| -> Result<Figure, FigureError> {
            let mut pixels = vec![0u8; size.0 as usize * size.1 as usize * 3];
            {
                let $root = BitMapBackend::with_buffer(&mut pixels, size).into_drawing_area();
                let r: Result<(), String> = (|| $body)();
                r.map_err(|m| err("png", m))?;
                $root.present().map_err(|e| err("png", e.to_string()))?;
            }
            let png = encode_png(&pixels, size).map_err(|m| err("png", m))?;
            let mut text = String::new();
            {
                let $root = SVGBackend::with_string(&mut text, size).into_drawing_area();
                let r: Result<(), String> = (|| $body)();
                r.map_err(|m| err("svg", m))?;
                $root.present().map_err(|e| err("svg", e.to_string()))?;
            }
            Ok(Figure {
                png,
                svg: svg_defaults_dropped(&text),
            })
        })()
    }};
}

/// `svg` without the attributes plotters writes on every element whose
/// values are SVG's defaults (`opacity="1"`, `stroke="none"`): a quarter of
/// a 52-card heatmap's size, which is thousands of rectangles.
fn svg_defaults_dropped(svg: &str) -> String {
    svg.replace(" opacity=\"1\"", "")
        .replace(" stroke=\"none\"", "")
}

/// Encodes RGB pixels as a PNG, compressed as far as zlib goes.
fn encode_png(pixels: &[u8], (width, height): (u32, u32)) -> Result<Vec<u8>, String> {
    use image::ImageEncoder;
    use image::codecs::png::{CompressionType, FilterType, PngEncoder};
    let mut out = Vec::new();
    PngEncoder::new_with_quality(&mut out, CompressionType::Best, FilterType::Adaptive)
        .write_image(pixels, width, height, image::ColorType::Rgb8)
        .map_err(|e| e.to_string())?;
    Ok(out)
}

/// The diverging colour of `v` in `[-1, 1]`: blue below 0, white at 0, red
/// above (ColorBrewer's RdBu, reversed so that "too often" is red).
pub fn diverging(v: f64) -> RGBColor {
    const NEG: [(u8, u8, u8); 3] = [(247, 247, 247), (146, 197, 222), (5, 113, 176)];
    const POS: [(u8, u8, u8); 3] = [(247, 247, 247), (244, 165, 130), (202, 0, 32)];
    let v = if v.is_nan() { 0.0 } else { v.clamp(-1.0, 1.0) };
    let stops = if v < 0.0 { NEG } else { POS };
    let t = v.abs() * 2.0;
    let (a, b, f) = if t <= 1.0 {
        (stops[0], stops[1], t)
    } else {
        (stops[1], stops[2], t - 1.0)
    };
    let mix = |x: u8, y: u8| (f64::from(x) + (f64::from(y) - f64::from(x)) * f).round() as u8;
    RGBColor(mix(a.0, b.0), mix(a.1, b.1), mix(a.2, b.2))
}

/// One heatmap panel's content.
#[derive(Clone, Debug)]
pub struct Panel<'a> {
    /// Heading above the panel.
    pub heading: String,
    /// `deviation[card][position]` = observed / expected − 1.
    pub deviation: &'a [Vec<f64>],
}

/// Formats a relative deviation as a signed percentage.
fn percent(v: f64) -> String {
    let p = v * 100.0;
    if p.abs() < 0.05 {
        "0%".into()
    } else if p.abs() >= 10.0 {
        format!("{p:+.0}%")
    } else {
        format!("{p:+.1}%")
    }
}

fn draw_panel<DB: DrawingBackend>(
    area: &DrawingArea<DB, Shift>,
    panel: &Panel,
    limit: f64,
) -> Result<(), String> {
    let n = panel.deviation.len() as i32;
    let mut chart = ChartBuilder::on(area)
        .caption(&panel.heading, (FONT, 18))
        .margin(8)
        .x_label_area_size(44)
        .y_label_area_size(52)
        // A discrete `0..m` range holds `0..=m`: `0..n - 1` is n cells.
        .build_cartesian_2d((0..n - 1).into_segmented(), (0..n - 1).into_segmented())
        .map_err(|e| e.to_string())?;
    let every = ((n + 12) / 13).max(1);
    let label = move |v: &SegmentValue<i32>, flip: bool| match v {
        SegmentValue::CenterOf(k) if k % every == 0 || (flip && (n - 1 - k) % every == 0) => {
            if flip {
                if (n - 1 - k) % every == 0 {
                    (n - 1 - k).to_string()
                } else {
                    String::new()
                }
            } else {
                k.to_string()
            }
        }
        _ => String::new(),
    };
    chart
        .configure_mesh()
        .disable_mesh()
        .x_labels(n as usize)
        .y_labels(n as usize)
        .x_label_formatter(&|v| label(v, false))
        .y_label_formatter(&|v| label(v, true))
        .x_desc("final position")
        .y_desc("card (starting position)")
        .label_style((FONT, 13))
        .axis_desc_style((FONT, 15))
        .draw()
        .map_err(|e| e.to_string())?;
    let cells = panel.deviation.iter().enumerate().flat_map(|(card, row)| {
        row.iter()
            .enumerate()
            .map(move |(pos, &v)| (card as i32, pos as i32, v))
    });
    chart
        .draw_series(cells.clone().map(|(card, pos, v)| {
            let y = n - 1 - card;
            Rectangle::new(
                [
                    (SegmentValue::Exact(pos), SegmentValue::Exact(y)),
                    (SegmentValue::Exact(pos + 1), SegmentValue::Exact(y + 1)),
                ],
                diverging(v / limit).filled(),
            )
        }))
        .map_err(|e| e.to_string())?;
    if n <= 8 {
        let size = if n <= 5 { 16 } else { 13 };
        chart
            .draw_series(cells.map(|(card, pos, v)| {
                let y = n - 1 - card;
                let colour = if (v / limit).abs() > 0.6 {
                    WHITE
                } else {
                    BLACK
                };
                Text::new(
                    percent(v),
                    (SegmentValue::CenterOf(pos), SegmentValue::CenterOf(y)),
                    (FONT, size)
                        .into_font()
                        .color(&colour)
                        .pos(Pos::new(HPos::Center, VPos::Center)),
                )
            }))
            .map_err(|e| e.to_string())?;
    }
    Ok(())
}

fn draw_colour_bar<DB: DrawingBackend>(
    area: &DrawingArea<DB, Shift>,
    limit: f64,
) -> Result<(), String> {
    let mut chart = ChartBuilder::on(area)
        .margin_top(40)
        .margin_bottom(52)
        .margin_right(8)
        .y_label_area_size(62)
        .build_cartesian_2d(0.0..1.0, -limit..limit)
        .map_err(|e| e.to_string())?;
    chart
        .configure_mesh()
        .disable_mesh()
        .disable_x_axis()
        .y_labels(5)
        .y_label_formatter(&|v| percent(*v))
        .label_style((FONT, 13))
        .draw()
        .map_err(|e| e.to_string())?;
    let steps = 120;
    chart
        .draw_series((0..steps).map(|i| {
            let a = -limit + 2.0 * limit * f64::from(i) / f64::from(steps);
            let b = -limit + 2.0 * limit * f64::from(i + 1) / f64::from(steps);
            Rectangle::new(
                [(0.0, a), (1.0, b)],
                diverging((a + b) / 2.0 / limit).filled(),
            )
        }))
        .map_err(|e| e.to_string())?;
    Ok(())
}

/// Draws the title block: a bold title and up to three lines below it.
fn draw_title<DB: DrawingBackend>(
    area: &DrawingArea<DB, Shift>,
    title: &str,
    lines: &[String],
) -> Result<(), String> {
    area.fill(&WHITE).map_err(|e| e.to_string())?;
    let bold = (FONT, 22, FontStyle::Bold).into_font().color(&BLACK);
    area.draw_text(title, &bold.into_text_style(area), (14, 10))
        .map_err(|e| e.to_string())?;
    for (i, line) in lines.iter().enumerate() {
        let style = (FONT, 15).into_font().color(&RGBColor(60, 60, 60));
        area.draw_text(line, &style.into_text_style(area), (14, 40 + 20 * i as i32))
            .map_err(|e| e.to_string())?;
    }
    Ok(())
}

/// The colour limit for matrices of relative deviations: the largest
/// absolute deviation, but at least `floor` (so that a fair shuffle's
/// sampling noise is not stretched over the whole scale).
pub fn colour_limit(matrices: &[&[Vec<f64>]], floor: f64) -> f64 {
    let max = matrices
        .iter()
        .flat_map(|m| m.iter().flatten())
        .fold(
            0.0f64,
            |a, &v| if v.is_finite() { a.max(v.abs()) } else { a },
        );
    let l = max.max(floor);
    if l > 0.0 { l } else { 1e-9 }
}

/// A position heatmap: one or more panels side
/// by side on one symmetric colour scale `±limit`, with a colour bar.
pub fn heatmap(
    title: &str,
    lines: &[String],
    panels: &[Panel],
    limit: f64,
) -> Result<Figure, FigureError> {
    let width = 90 + 640 * panels.len() as u32;
    let head = 50 + 20 * lines.len() as u32;
    let height = head + 640;
    twin!(width, height, |root| {
        root.fill(&WHITE).map_err(|e| e.to_string())?;
        let (top, body) = root.split_vertically(head);
        draw_title(&top, title, lines)?;
        let (left, bar) = body.split_horizontally(width - 90);
        let areas = left.split_evenly((1, panels.len()));
        for (area, panel) in areas.iter().zip(panels) {
            draw_panel(area, panel, limit)?;
        }
        draw_colour_bar(&bar, limit)
    })
}

/// A permutation histogram. With at most 24
/// arrangements, one labelled bar per arrangement; otherwise the
/// probabilities sorted from largest to smallest. Both show the uniform
/// probability `1/n!` as a line and, when the probabilities were sampled
/// from `shuffles` decks, its 99 % band (`±2.576` binomial standard errors).
/// `exact`, the exact law when known, is drawn in red over the samples: a
/// tick on each bar, or its own sorted curve.
pub fn permutations(
    title: &str,
    lines: &[String],
    deck: usize,
    probabilities: &[f64],
    shuffles: Option<u64>,
    exact: Option<&[f64]>,
) -> Result<Figure, FigureError> {
    let k = probabilities.len();
    let uniform = 1.0 / k as f64;
    let half_band = shuffles.map(|s| 2.576 * (uniform * (1.0 - uniform) / s as f64).sqrt());
    let top_value = probabilities
        .iter()
        .chain(exact.unwrap_or(&[]))
        .copied()
        .fold(uniform + half_band.unwrap_or(0.0), f64::max)
        * 1.08;
    let red = RGBColor(202, 0, 32);
    let head = 50 + 20 * lines.len() as u32;
    let (width, height) = (1000, head + 560);
    let labels: Vec<String> = if k <= 24 {
        let mut a: Vec<u8> = (0..deck as u8).collect();
        (0..k)
            .map(|_| {
                let s = a.iter().map(|c| c.to_string()).collect::<String>();
                stats::perm::next_permutation(&mut a);
                s
            })
            .collect()
    } else {
        Vec::new()
    };
    let sorted_curve = |values: &[f64]| -> Vec<(f64, f64)> {
        let mut sorted = values.to_vec();
        sorted.sort_by(|a, b| b.total_cmp(a));
        // At most ~2000 points: every arrangement up to that, else an even
        // subsample of the sorted curve (it is monotone).
        let step = k.div_ceil(2000).max(1);
        sorted
            .iter()
            .enumerate()
            .filter(|(i, _)| i % step == 0 || *i == k - 1)
            .map(|(i, &p)| (i as f64 + 0.5, p))
            .collect()
    };
    twin!(width, height, |root| {
        root.fill(&WHITE).map_err(|e| e.to_string())?;
        let (top, body) = root.split_vertically(head);
        draw_title(&top, title, lines)?;
        let blue = RGBColor(5, 113, 176);
        if k <= 24 {
            let mut chart = ChartBuilder::on(&body)
                .margin(12)
                .x_label_area_size(60)
                .y_label_area_size(80)
                .build_cartesian_2d((0..k as i32 - 1).into_segmented(), 0.0..top_value)
                .map_err(|e| e.to_string())?;
            chart
                .configure_mesh()
                .disable_x_mesh()
                .light_line_style(TRANSPARENT)
                .x_labels(k)
                .x_label_formatter(&|v| match v {
                    SegmentValue::CenterOf(i) => {
                        labels.get(*i as usize).cloned().unwrap_or_default()
                    }
                    _ => String::new(),
                })
                .y_label_formatter(&|v| format!("{v:.3}"))
                .x_desc("arrangement (card at each position)")
                .y_desc("probability")
                .label_style((FONT, 13))
                .axis_desc_style((FONT, 15))
                .draw()
                .map_err(|e| e.to_string())?;
            let (left, right) = (SegmentValue::Exact(0), SegmentValue::Exact(k as i32));
            draw_band(
                &mut chart,
                (left.clone(), right.clone()),
                uniform,
                half_band,
            )?;
            chart
                .draw_series(probabilities.iter().enumerate().map(|(i, &p)| {
                    let i = i as i32;
                    let mut bar = Rectangle::new(
                        [
                            (SegmentValue::Exact(i), 0.0),
                            (SegmentValue::Exact(i + 1), p),
                        ],
                        blue.filled(),
                    );
                    bar.set_margin(0, 0, 6, 6);
                    bar
                }))
                .map_err(|e| e.to_string())?;
            draw_uniform(&mut chart, (left, right), uniform)?;
            if let Some(exact) = exact {
                chart
                    .draw_series(exact.iter().enumerate().map(|(i, &p)| {
                        let i = i as i32;
                        PathElement::new(
                            vec![(SegmentValue::Exact(i), p), (SegmentValue::Exact(i + 1), p)],
                            red.stroke_width(3),
                        )
                    }))
                    .map_err(|e| e.to_string())?;
            }
        } else {
            let mut chart = ChartBuilder::on(&body)
                .margin(12)
                .x_label_area_size(50)
                .y_label_area_size(90)
                .build_cartesian_2d(0.0..k as f64, 0.0..top_value)
                .map_err(|e| e.to_string())?;
            chart
                .configure_mesh()
                .light_line_style(TRANSPARENT)
                .y_label_formatter(&|v| format!("{v:.2e}"))
                .x_label_formatter(&|v| format!("{v:.0}"))
                .x_desc("arrangements, from most to least likely")
                .y_desc("probability")
                .label_style((FONT, 13))
                .axis_desc_style((FONT, 15))
                .draw()
                .map_err(|e| e.to_string())?;
            draw_band(&mut chart, (0.0, k as f64), uniform, half_band)?;
            draw_uniform(&mut chart, (0.0, k as f64), uniform)?;
            chart
                .draw_series(LineSeries::new(
                    sorted_curve(probabilities),
                    blue.stroke_width(2),
                ))
                .map_err(|e| e.to_string())?;
            if let Some(exact) = exact {
                chart
                    .draw_series(LineSeries::new(sorted_curve(exact), red.stroke_width(2)))
                    .map_err(|e| e.to_string())?;
            }
        }
        Ok(())
    })
}

/// The grey band `uniform ± half_band` across `from..to`, when there is one.
fn draw_band<DB: DrawingBackend, X: Ranged>(
    chart: &mut ChartContext<'_, DB, Cartesian2d<X, RangedCoordf64>>,
    (from, to): (X::ValueType, X::ValueType),
    uniform: f64,
    half_band: Option<f64>,
) -> Result<(), String> {
    if let Some(h) = half_band {
        chart
            .draw_series(std::iter::once(Rectangle::new(
                [(from, uniform - h), (to, uniform + h)],
                RGBColor(220, 220, 220).filled(),
            )))
            .map_err(|e| e.to_string())?;
    }
    Ok(())
}

/// The black line of the uniform probability across `from..to`.
fn draw_uniform<DB: DrawingBackend, X: Ranged>(
    chart: &mut ChartContext<'_, DB, Cartesian2d<X, RangedCoordf64>>,
    (from, to): (X::ValueType, X::ValueType),
    uniform: f64,
) -> Result<(), String> {
    chart
        .draw_series(std::iter::once(PathElement::new(
            vec![(from, uniform), (to, uniform)],
            BLACK.stroke_width(2),
        )))
        .map_err(|e| e.to_string())?;
    Ok(())
}

/// One first-level test's p-values over the runs of a two-level test.
#[derive(Clone, Debug)]
pub struct PValues<'a> {
    /// The test's name.
    pub name: &'a str,
    /// Its p-value in each run.
    pub values: &'a [f64],
    /// `log10` of the Kolmogorov–Smirnov p-value of their uniformity.
    pub ks_log10_p: f64,
}

/// Bins of the p-value histogram.
const P_BINS: usize = 10;

/// The p-value histogram of a two-level test:
/// one panel per first-level test, the runs' p-values in ten bins of
/// `[0, 1]` against the count a fair shuffle expects in each (runs / 10,
/// line). A fair shuffle's p-values are uniform; a bias piles them up
/// near 0.
pub fn p_values(title: &str, lines: &[String], tests: &[PValues]) -> Result<Figure, FigureError> {
    let head = 50 + 20 * lines.len() as u32;
    let panels = tests.len().max(1) as u32;
    let (width, height) = (40 + 420 * panels, head + 440);
    let bins: Vec<[u64; P_BINS]> = tests
        .iter()
        .map(|t| {
            let mut b = [0u64; P_BINS];
            for &p in t.values {
                b[((p.clamp(0.0, 1.0) * P_BINS as f64) as usize).min(P_BINS - 1)] += 1;
            }
            b
        })
        .collect();
    twin!(width, height, |root| {
        root.fill(&WHITE).map_err(|e| e.to_string())?;
        let (top, body) = root.split_vertically(head);
        draw_title(&top, title, lines)?;
        let areas = body.split_evenly((1, tests.len().max(1)));
        for ((area, test), counts) in areas.iter().zip(tests).zip(&bins) {
            let runs = test.values.len() as f64;
            let expected = runs / P_BINS as f64;
            let top_value = counts.iter().copied().max().unwrap_or(0) as f64;
            let top_value = top_value.max(expected) * 1.15 + 1.0;
            let mut chart = ChartBuilder::on(area)
                .caption(
                    format!(
                        "{}: KS p = {}",
                        test.name,
                        crate::fmt::fmt_log10_p(test.ks_log10_p)
                    ),
                    (FONT, 16),
                )
                .margin(10)
                .x_label_area_size(44)
                .y_label_area_size(50)
                .build_cartesian_2d(0.0..1.0, 0.0..top_value)
                .map_err(|e| e.to_string())?;
            chart
                .configure_mesh()
                .light_line_style(TRANSPARENT)
                .x_labels(6)
                .x_desc("p-value")
                .y_desc("runs")
                .label_style((FONT, 13))
                .axis_desc_style((FONT, 15))
                .draw()
                .map_err(|e| e.to_string())?;
            chart
                .draw_series(counts.iter().enumerate().map(|(i, &c)| {
                    let a = i as f64 / P_BINS as f64;
                    let mut bar = Rectangle::new(
                        [(a, 0.0), (a + 1.0 / P_BINS as f64, c as f64)],
                        RGBColor(5, 113, 176).filled(),
                    );
                    bar.set_margin(0, 0, 2, 2);
                    bar
                }))
                .map_err(|e| e.to_string())?;
            chart
                .draw_series(std::iter::once(PathElement::new(
                    vec![(0.0, expected), (1.0, expected)],
                    BLACK.stroke_width(2),
                )))
                .map_err(|e| e.to_string())?;
        }
        Ok(())
    })
}

/// One test's strength over the number of riffles: `(k, log10 p)`.
#[derive(Debug)]
pub struct RiffleCurve<'a> {
    /// The test.
    pub name: &'a str,
    /// `(riffles, log10 p)`, in order.
    pub points: Vec<(u32, f64)>,
}

/// One panel of the riffle figure: a model's tests.
#[derive(Debug)]
pub struct RifflePanel<'a> {
    /// Its heading.
    pub heading: String,
    /// One curve per test.
    pub curves: Vec<RiffleCurve<'a>>,
}

/// Colours of the riffle figure's curves, one per test, in order.
const CURVES: [RGBColor; 8] = [
    RGBColor(31, 119, 180),
    RGBColor(255, 127, 14),
    RGBColor(44, 160, 44),
    RGBColor(214, 39, 40),
    RGBColor(148, 103, 189),
    RGBColor(140, 86, 75),
    RGBColor(127, 127, 127),
    RGBColor(23, 190, 207),
];

/// The riffle figure: the exact total variation distance after `k`
/// riffles (left) and, for each model, `−log10 p` of each test against `k`
/// on a log scale, with the line a test must stay under to be unable to
/// tell (`tells_below`).
pub fn riffles(
    title: &str,
    lines: &[String],
    exact: &[(u32, f64)],
    panels: &[RifflePanel],
    tells_below: f64,
) -> Result<Figure, FigureError> {
    let head = 50 + 20 * lines.len() as u32;
    let count = 1 + panels.len() as u32;
    let (width, height) = (460 * count, head + 480);
    let max_k = exact
        .iter()
        .map(|p| p.0)
        .chain(
            panels
                .iter()
                .flat_map(|p| p.curves.iter())
                .flat_map(|c| c.points.iter().map(|p| p.0)),
        )
        .max()
        .unwrap_or(1);
    let x_range = 0.5..max_k as f64 + 0.5;
    // −log10 p on a log axis: from 0.01 (p ≈ 0.98) to the largest seen.
    let floor = 1e-2;
    let top = panels
        .iter()
        .flat_map(|p| p.curves.iter())
        .flat_map(|c| c.points.iter())
        .map(|&(_, l)| -l)
        .filter(|v| v.is_finite())
        .fold(10.0f64, f64::max)
        * 3.0;
    let line = -tells_below.log10();
    twin!(width, height, |root| {
        root.fill(&WHITE).map_err(|e| e.to_string())?;
        let (top_area, body) = root.split_vertically(head);
        draw_title(&top_area, title, lines)?;
        let areas = body.split_evenly((1, count as usize));
        let mut tv = ChartBuilder::on(&areas[0])
            .caption("exact distance from uniform (GSR)", (FONT, 16))
            .margin(12)
            .x_label_area_size(44)
            .y_label_area_size(56)
            .build_cartesian_2d(x_range.clone(), 0.0..1.05)
            .map_err(|e| e.to_string())?;
        tv.configure_mesh()
            .light_line_style(TRANSPARENT)
            .x_labels(max_k as usize)
            .x_label_formatter(&|x| format!("{x:.0}"))
            .x_desc("riffles k")
            .y_desc("total variation distance")
            .label_style((FONT, 13))
            .axis_desc_style((FONT, 15))
            .draw()
            .map_err(|e| e.to_string())?;
        let pts: Vec<(f64, f64)> = exact.iter().map(|&(k, v)| (k as f64, v)).collect();
        tv.draw_series(LineSeries::new(pts.clone(), BLACK.stroke_width(2)))
            .map_err(|e| e.to_string())?;
        tv.draw_series(pts.iter().map(|&p| Circle::new(p, 4, BLACK.filled())))
            .map_err(|e| e.to_string())?;
        for (area, panel) in areas[1..].iter().zip(panels) {
            let mut chart = ChartBuilder::on(area)
                .caption(&panel.heading, (FONT, 16))
                .margin(12)
                .x_label_area_size(44)
                .y_label_area_size(64)
                .build_cartesian_2d(x_range.clone(), (floor..top).log_scale())
                .map_err(|e| e.to_string())?;
            chart
                .configure_mesh()
                .light_line_style(TRANSPARENT)
                .x_labels(max_k as usize)
                .x_label_formatter(&|x| format!("{x:.0}"))
                .y_label_formatter(&|y| {
                    if *y >= 1.0 {
                        format!("{y:.0e}")
                    } else {
                        format!("{y}")
                    }
                })
                .x_desc("riffles k")
                .y_desc("-log10 p (log scale)")
                .label_style((FONT, 13))
                .axis_desc_style((FONT, 15))
                .draw()
                .map_err(|e| e.to_string())?;
            chart
                .draw_series(std::iter::once(PathElement::new(
                    vec![(x_range.start, line), (x_range.end, line)],
                    RGBColor(120, 120, 120).stroke_width(1),
                )))
                .map_err(|e| e.to_string())?
                .label(format!("p = {tells_below}"))
                .legend(|(x, y)| {
                    PathElement::new(vec![(x, y), (x + 16, y)], RGBColor(120, 120, 120))
                });
            for (curve, colour) in panel.curves.iter().zip(CURVES.iter().cycle()) {
                let pts: Vec<(f64, f64)> = curve
                    .points
                    .iter()
                    .map(|&(k, l)| (k as f64, (-l).clamp(floor, top)))
                    .collect();
                let c = *colour;
                chart
                    .draw_series(LineSeries::new(pts.clone(), c.stroke_width(2)))
                    .map_err(|e| e.to_string())?
                    .label(curve.name)
                    .legend(move |(x, y)| {
                        PathElement::new(vec![(x, y), (x + 16, y)], c.stroke_width(2))
                    });
                chart
                    .draw_series(pts.iter().map(|&p| Circle::new(p, 3, c.filled())))
                    .map_err(|e| e.to_string())?;
            }
            chart
                .configure_series_labels()
                .position(SeriesLabelPosition::LowerLeft)
                .background_style(WHITE.mix(0.85))
                .border_style(RGBColor(200, 200, 200))
                .label_font((FONT, 12))
                .draw()
                .map_err(|e| e.to_string())?;
        }
        Ok(())
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Decodes a PNG and checks what a reader would see: the size, many
    /// colours (not blank), and dark text pixels in the title block.
    pub(crate) fn check_png(png: &[u8], width: u32, height: u32) {
        let img = image::load_from_memory(png).expect("PNG decodes").to_rgb8();
        assert_eq!(img.dimensions(), (width, height));
        let mut colours: Vec<[u8; 3]> = img.pixels().map(|p| p.0).collect();
        colours.sort_unstable();
        colours.dedup();
        assert!(colours.len() > 20, "only {} colours", colours.len());
        let dark_in_title = (0..width)
            .flat_map(|x| (8..36).map(move |y| (x, y)))
            .filter(|&(x, y)| img.get_pixel(x, y).0.iter().all(|&c| c < 80))
            .count();
        assert!(
            dark_in_title > 200,
            "no title text ({dark_in_title} dark pixels)"
        );
    }

    #[test]
    fn diverging_scale_is_white_at_zero_and_symmetric() {
        assert_eq!(diverging(0.0), RGBColor(247, 247, 247));
        assert_eq!(diverging(1.0), RGBColor(202, 0, 32));
        assert_eq!(diverging(-1.0), RGBColor(5, 113, 176));
        assert_eq!(diverging(7.0), diverging(1.0), "clamped");
        let (r, b) = (diverging(0.3), diverging(-0.3));
        assert!(r.0 > r.2 && b.2 > b.0, "{r:?} {b:?}");
    }

    #[test]
    fn heatmap_png_has_size_colours_and_text() {
        let m: Vec<Vec<f64>> = (0..4)
            .map(|i| (0..4).map(|j| (i as f64 - j as f64) / 10.0).collect())
            .collect();
        let panels = [Panel {
            heading: "n = 4".into(),
            deviation: &m,
        }];
        let figure = heatmap(
            "naive-swap",
            &["line one".into()],
            &panels,
            colour_limit(&[&m], 0.0),
        )
        .unwrap();
        check_png(&figure.png, 730, 710);
        let svg = &figure.svg;
        assert!(svg.starts_with("<svg") && svg.contains("naive-swap"));
    }

    #[test]
    fn permutation_figures_draw_for_small_and_large_decks() {
        let p = [0.2, 0.15, 0.15, 0.2, 0.15, 0.15];
        let f = permutations(
            "naive-swap, 3 cards",
            &[],
            3,
            &p,
            Some(1000),
            Some(&[1.0 / 6.0; 6]),
        )
        .unwrap();
        check_png(&f.png, 1000, 610);
        let q: Vec<f64> = (0..120).map(|i| (1.0 + (i % 7) as f64) / 480.0).collect();
        let f = permutations("naive-swap, 5 cards", &[], 5, &q, None, None).unwrap();
        check_png(&f.png, 1000, 610);
        let svg = &f.svg;
        assert!(svg.contains("arrangements, from most to least likely"));
    }

    #[test]
    fn p_value_histogram_draws_one_panel_per_test() {
        let a: Vec<f64> = (0..50).map(|i| (f64::from(i) + 0.5) / 50.0).collect();
        let b: Vec<f64> = (0..50).map(|i| f64::from(i) * 1e-4).collect();
        let f = p_values(
            "naive-swap: p-values",
            &["50 runs".into()],
            &[
                PValues {
                    name: "flat",
                    values: &a,
                    ks_log10_p: 0.0,
                },
                PValues {
                    name: "piled",
                    values: &b,
                    ks_log10_p: -30.0,
                },
            ],
        )
        .unwrap();
        check_png(&f.png, 880, 510);
        let svg = &f.svg;
        assert!(
            svg.contains("flat: KS p") && svg.contains("piled: KS p"),
            "{svg}"
        );
    }
}
