//! Position heatmaps: where each card ends up, as deviations from `1/n`.

use super::common::{
    FONT, Figure, FigureError, diverging, draw_title, encode_png, fit_lines, percent,
    register_font, svg_defaults_dropped,
};
use plotters::coord::Shift;
use plotters::prelude::*;
use plotters::style::text_anchor::{HPos, Pos, VPos};

/// One heatmap panel's content.
#[derive(Clone, Debug)]
pub struct Panel<'a> {
    /// Heading above the panel.
    pub heading: String,
    /// `deviation[card][position]` = observed / expected − 1.
    pub deviation: &'a [Vec<f64>],
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
    let lines = &fit_lines(lines, width);
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
