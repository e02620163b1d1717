//! Position heatmaps: where each card ends up, as deviations from `1/n`.

use super::common::{
    FONT, Figure, FigureError, Formats, REPORT, SLIDE, TextSizes, diverging, draw_title,
    draw_title_at, fit_lines_at, percent, register_font, svg_finished, title_height,
    title_height_at,
};
use super::png::encode_png;
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
    t: &TextSizes,
    first: bool,
) -> Result<(), String> {
    let n = panel.deviation.len() as i32;
    let mut chart = ChartBuilder::on(area)
        .caption(&panel.heading, (FONT, t.caption))
        .margin(8)
        .x_label_area_size(t.tick * 2 + t.axis + 4)
        .y_label_area_size(t.tick * 2 + t.axis + 18)
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
    let x_label = |v: &SegmentValue<i32>| label(v, false);
    let y_label = |v: &SegmentValue<i32>| label(v, true);
    let mut mesh = chart.configure_mesh();
    mesh.disable_mesh()
        .x_labels(n as usize)
        .y_labels(n as usize)
        .x_label_formatter(&x_label)
        .y_label_formatter(&y_label)
        .x_desc("final position")
        .label_style((FONT, t.tick))
        .axis_desc_style((FONT, t.axis));
    // The axis title once, on the first panel: beside a second panel it
    // would crowd the first one's cells.
    if first {
        mesh.y_desc("card (starting position)");
    }
    mesh.draw().map_err(|e| e.to_string())?;
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
        let size = if n <= 5 { t.caption } else { t.tick };
        chart
            .draw_series(cells.map(|(card, pos, v)| {
                let y = n - 1 - card;
                let colour = super::common::text_on(diverging(v / limit));
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

/// Tick labels of the colour bar, every one with the same number of
/// decimals: as few as the limit allows.
fn tick(v: f64, limit: f64) -> String {
    let decimals = if limit >= 0.1 {
        0
    } else if limit >= 0.01 {
        1
    } else {
        2
    };
    let p = 100.0 * v;
    if p.abs() < 0.5 * 10f64.powi(-decimals) {
        format!("{:.*}%", decimals as usize, 0.0)
    } else {
        format!("{p:+.*}%", decimals as usize)
    }
}

/// The colour bar's title, drawn along it.
pub(super) const COLOUR_BAR_TITLE: &str = "less (−) or more (+) often than fair";

/// The width of the colour bar's strip, tick labels and title.
pub(super) const COLOUR_BAR_WIDTH: u32 = 150;

/// The slide's size: 16:9, 1920 pixels wide.
pub const SLIDE_SIZE: (u32, u32) = (1920, 1080);

fn draw_colour_bar<DB: DrawingBackend>(
    area: &DrawingArea<DB, Shift>,
    limit: f64,
    t: &TextSizes,
) -> Result<(), String> {
    let (width, _) = area.dim_in_pixel();
    let low = super::common::colour_bar_bottom(limit);
    let mut chart = ChartBuilder::on(area)
        .margin_top(t.caption * 2)
        .margin_bottom(t.tick * 2 + t.axis + 12)
        .margin_right(8)
        .y_label_area_size(width.saturating_sub(50))
        .build_cartesian_2d(0.0..1.0, low..limit)
        .map_err(|e| e.to_string())?;
    chart
        .configure_mesh()
        .disable_mesh()
        .disable_x_axis()
        .y_labels(5)
        .y_label_formatter(&|v| tick(*v, limit))
        .y_desc(COLOUR_BAR_TITLE)
        .label_style((FONT, t.tick))
        .axis_desc_style((FONT, t.tick))
        .draw()
        .map_err(|e| e.to_string())?;
    let steps = 120;
    chart
        .draw_series((0..steps).map(|i| {
            let a = low + (limit - low) * f64::from(i) / f64::from(steps);
            let b = low + (limit - low) * f64::from(i + 1) / f64::from(steps);
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
/// by side on one symmetric colour scale `±limit`, with a colour bar, in
/// the `formats` asked for.
pub fn heatmap(
    title: &str,
    lines: &[String],
    panels: &[Panel],
    limit: f64,
    formats: Formats,
) -> Result<Figure, FigureError> {
    let width = COLOUR_BAR_WIDTH + 640 * panels.len() as u32;
    let lines = &fit_lines_at(lines, width, REPORT.line);
    let head = title_height(lines.len());
    let height = head + 640;
    twin!(formats, width, height, |root| {
        root.fill(&WHITE).map_err(|e| e.to_string())?;
        let (top, body) = root.split_vertically(head);
        draw_title(&top, title, lines)?;
        let (left, bar) = body.split_horizontally(width - COLOUR_BAR_WIDTH);
        let areas = left.split_evenly((1, panels.len()));
        for (i, (area, panel)) in areas.iter().zip(panels).enumerate() {
            draw_panel(area, panel, limit, &REPORT, i == 0)?;
        }
        draw_colour_bar(&bar, limit, &REPORT)
    })
    .map(crisp)
}

/// A heatmap's SVG with its shapes drawn on whole pixels, as the PNG's
/// are: else a browser smooths the edges where two cells, or two steps of
/// the colour bar, meet into pale seams.
fn crisp(mut figure: Figure) -> Figure {
    figure.svg = figure
        .svg
        .map(|svg| svg.replacen("<svg ", "<svg shape-rendering=\"crispEdges\" ", 1));
    figure
}

/// A slide: heatmap panels side by side on one colour scale, 1920 × 1080
/// pixels (16:9), every text at least 24 px, `footer` along the bottom.
/// Each panel is as wide as it is tall, so cells stay square; the width
/// the panels leave holds `notes`, one paragraph each, at the subtitle's
/// size.
pub fn slide(
    title: &str,
    lines: &[String],
    panels: &[Panel],
    limit: f64,
    notes: &[String],
    footer: &str,
) -> Result<Figure, FigureError> {
    let (width, height) = SLIDE_SIZE;
    let t = &SLIDE;
    let lines = &fit_lines_at(lines, width, t.line);
    let head = title_height_at(t, lines.len());
    let foot = t.tick * 2;
    let bar_width = 230;
    let body_height = height - head - foot;
    let panel_width = ((width - bar_width) / panels.len().max(1) as u32).min(body_height + 60);
    let panels_width = panel_width * panels.len() as u32;
    let notes_width = width - bar_width - panels_width;
    let notes = if notes_width >= 300 {
        fit_lines_at(
            &notes
                .iter()
                .flat_map(|n| [n.clone(), String::new()])
                .collect::<Vec<_>>(),
            notes_width - 20,
            t.line,
        )
    } else {
        Vec::new()
    };
    twin!(Formats::Both, width, height, |root| {
        root.fill(&WHITE).map_err(|e| e.to_string())?;
        let (top, rest) = root.split_vertically(head);
        draw_title_at(&top, title, lines, t)?;
        let (body, bottom) = rest.split_vertically(body_height);
        let (left, right) = body.split_horizontally(panels_width);
        let (bar, text) = right.split_horizontally(bar_width);
        let areas = left.split_evenly((1, panels.len()));
        for (i, (area, panel)) in areas.iter().zip(panels).enumerate() {
            draw_panel(area, panel, limit, t, i == 0)?;
        }
        draw_colour_bar(&bar, limit, t)?;
        for (i, line) in notes.iter().enumerate() {
            let style = (FONT, t.line).into_font().color(&RGBColor(40, 40, 40));
            let y = t.caption * 2 + t.step * i as u32;
            text.draw_text(line, &style.into_text_style(&text), (20, y as i32))
                .map_err(|e| e.to_string())?;
        }
        let style = (FONT, t.tick).into_font().color(&RGBColor(90, 90, 90));
        bottom
            .draw_text(footer, &style.into_text_style(&bottom), (14, 6))
            .map_err(|e| e.to_string())
    })
    .map(crisp)
}
