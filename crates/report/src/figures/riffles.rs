//! The riffle figure: the exact distance after `k` riffles beside what
//! each test sees.

use super::common::{
    FONT, Figure, FigureError, draw_title, encode_png, fit_lines, register_font,
    svg_defaults_dropped,
};
use plotters::prelude::*;

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
    let count = 1 + panels.len() as u32;
    let width = 460 * count;
    let lines = &fit_lines(lines, width);
    let head = 50 + 20 * lines.len() as u32;
    let height = head + 480;
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
