//! The riffle figure: the exact distance after `k` riffles beside what
//! each test sees.

use super::common::{
    AXIS_PX, CAPTION_PX, FONT, Figure, FigureError, Formats, TICK_PX, draw_title, fit_lines,
    legend_dashes, register_font, svg_finished, title_height,
};
use super::png::encode_png;
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
    RGBColor(227, 119, 194),
    RGBColor(23, 190, 207),
];

/// `−log10 p` is drawn up to this: p-values below `10^−30` sit on the top
/// edge (the tests' strongest evidence runs to `10^−400,000,000`, and
/// the question the figure answers is where each curve comes down).
pub const EVIDENCE_CAP: f64 = 30.0;

/// The number of riffles Bayer and Diaconis's analysis made famous: at 52
/// cards the total variation distance first falls below 1/2 at 7.
const FAMOUS_RIFFLES: u32 = 7;

/// Height of the legend strip under the panels.
const LEGEND: u32 = 100;

/// The riffle figure: the exact total variation distance after `k`
/// riffles (left, with a mark at 7) and, for each model, `−log10 p` of
/// each test against `k` (capped at 10^-30), with the dashed
/// line a test must come under to be unable to tell (`tells_below`); one
/// legend under the panels.
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
    let head = title_height(lines.len());
    let height = head + 480 + LEGEND;
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
    let top = EVIDENCE_CAP * 1.04;
    let line = -tells_below.log10();
    let names: Vec<&str> = panels
        .first()
        .map(|p| p.curves.iter().map(|c| c.name).collect())
        .unwrap_or_default();
    twin!(Formats::Both, width, height, |root| {
        root.fill(&WHITE).map_err(|e| e.to_string())?;
        let (top_area, rest) = root.split_vertically(head);
        draw_title(&top_area, title, lines)?;
        let (body, legend) = rest.split_vertically(480);
        let areas = body.split_evenly((1, count as usize));
        let mut tv = ChartBuilder::on(&areas[0])
            .caption("exact distance from uniform (GSR)", (FONT, CAPTION_PX))
            .margin(12)
            .x_label_area_size(TICK_PX * 2 + AXIS_PX + 4)
            .y_label_area_size(TICK_PX * 2 + AXIS_PX + 18)
            .build_cartesian_2d(x_range.clone(), 0.0..1.05)
            .map_err(|e| e.to_string())?;
        tv.configure_mesh()
            .light_line_style(TRANSPARENT)
            .x_labels(max_k as usize)
            .x_label_formatter(&|x| format!("{x:.0}"))
            .x_desc("riffles k")
            .y_desc("total variation distance")
            .label_style((FONT, TICK_PX))
            .axis_desc_style((FONT, AXIS_PX))
            .draw()
            .map_err(|e| e.to_string())?;
        if FAMOUS_RIFFLES <= max_k {
            let k = f64::from(FAMOUS_RIFFLES);
            tv.draw_series(DashedLineSeries::new(
                vec![(k, 0.0), (k, 1.05)],
                6,
                4,
                RGBColor(202, 0, 32).stroke_width(2),
            ))
            .map_err(|e| e.to_string())?;
            tv.draw_series(std::iter::once(Text::new(
                format!("{FAMOUS_RIFFLES} riffles"),
                (k + 0.15, 0.98),
                (FONT, TICK_PX).into_font().color(&RGBColor(202, 0, 32)),
            )))
            .map_err(|e| e.to_string())?;
        }
        let pts: Vec<(f64, f64)> = exact.iter().map(|&(k, v)| (k as f64, v)).collect();
        tv.draw_series(LineSeries::new(pts.clone(), BLACK.stroke_width(2)))
            .map_err(|e| e.to_string())?;
        tv.draw_series(pts.iter().map(|&p| Circle::new(p, 4, BLACK.filled())))
            .map_err(|e| e.to_string())?;
        for (area, panel) in areas[1..].iter().zip(panels) {
            let mut chart = ChartBuilder::on(area)
                .caption(&panel.heading, (FONT, CAPTION_PX))
                .margin(12)
                .x_label_area_size(TICK_PX * 2 + AXIS_PX + 4)
                .y_label_area_size(TICK_PX * 2 + AXIS_PX + 18)
                .build_cartesian_2d(x_range.clone(), 0.0..top)
                .map_err(|e| e.to_string())?;
            chart
                .configure_mesh()
                .light_line_style(TRANSPARENT)
                .x_labels(max_k as usize)
                .x_label_formatter(&|x| format!("{x:.0}"))
                .y_label_formatter(&|y| format!("{y:.0}"))
                .x_desc("riffles k")
                .y_desc("−log10 p (p = 10^−y)")
                .label_style((FONT, TICK_PX))
                .axis_desc_style((FONT, AXIS_PX))
                .draw()
                .map_err(|e| e.to_string())?;
            chart
                .draw_series(DashedLineSeries::new(
                    vec![(x_range.start, line), (x_range.end, line)],
                    8,
                    5,
                    BLACK.stroke_width(1),
                ))
                .map_err(|e| e.to_string())?;
            for (curve, colour) in panel.curves.iter().zip(CURVES.iter().cycle()) {
                let pts: Vec<(f64, f64)> = curve
                    .points
                    .iter()
                    .map(|&(k, l)| (k as f64, (-l).clamp(0.0, EVIDENCE_CAP)))
                    .collect();
                let c = *colour;
                chart
                    .draw_series(LineSeries::new(pts.clone(), c.stroke_width(2)))
                    .map_err(|e| e.to_string())?;
                chart
                    .draw_series(pts.iter().map(|&p| Circle::new(p, 3, c.filled())))
                    .map_err(|e| e.to_string())?;
            }
        }
        draw_legend(&legend, &names, tells_below)
    })
}

/// The legend strip: the dashed threshold, then one coloured line and name
/// per test, in rows as wide as the figure.
fn draw_legend<DB: DrawingBackend>(
    area: &DrawingArea<DB, plotters::coord::Shift>,
    names: &[&str],
    tells_below: f64,
) -> Result<(), String> {
    let (width, _) = area.dim_in_pixel();
    let font = (FONT, super::common::LINE_PX)
        .into_font()
        .color(&RGBColor(40, 40, 40));
    let mut entries: Vec<(String, Option<RGBColor>)> = vec![(
        format!("p = {tells_below}: below it a test can no longer tell"),
        None,
    )];
    entries.extend(
        names
            .iter()
            .zip(CURVES.iter().cycle())
            .map(|(n, &c)| (n.to_string(), Some(c))),
    );
    let (mut x, mut y) = (40i32, 18i32);
    for (name, colour) in entries {
        let w = 34 + super::common::line_width(&name) as i32 + 28;
        if x + w > width as i32 - 20 {
            x = 40;
            y += 30;
        }
        match colour {
            Some(c) => area
                .draw(&PathElement::new(
                    vec![(x, y), (x + 26, y)],
                    c.stroke_width(3),
                ))
                .map_err(|e| e.to_string())?,
            None => legend_dashes(area, x, y)?,
        }
        area.draw(&Text::new(name, (x + 34, y - 10), font.clone()))
            .map_err(|e| e.to_string())?;
        x += w;
    }
    Ok(())
}
