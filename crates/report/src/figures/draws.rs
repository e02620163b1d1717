//! A single draw as a scatter: each item's place in the list against its
//! place in the draw, with the mean of each group of the list.

use super::common::{
    AXIS_PX, CAPTION_PX, FONT, Figure, FigureError, Formats, TICK_PX, draw_title, fit_lines,
    register_font, svg_finished, title_height,
};
use super::png::encode_png;
use plotters::prelude::*;
use std::ops::Range;

/// One draw: where each listed item was drawn, and the groups of the list
/// whose means are drawn as lines.
#[derive(Debug)]
pub struct DrawPanel<'a> {
    /// Its heading.
    pub heading: String,
    /// The place (from 1) at which the list's `i`-th item was drawn.
    pub drawn_at: &'a [u32],
    /// Groups of consecutive list items (a month's birth dates): their
    /// range in the list, their label on the axis and the mean place at
    /// which they were drawn.
    pub groups: Vec<(Range<usize>, &'a str, f64)>,
    /// The label of the list's axis.
    pub list_axis: &'a str,
    /// The label of the draw's axis.
    pub draw_axis: &'a str,
}

/// The dots: mid grey, so the means read on top of them.
const DOT: RGBColor = RGBColor(150, 150, 150);
/// The groups' means: the palette's red at full strength.
const MEAN: RGBColor = RGBColor(202, 0, 32);

/// Each draw as a scatter of list place against draw place, each group's
/// mean as a line over its range, and the dashed line at `(n + 1) / 2`, the
/// mean of every group in a fair draw. A draw tied to the list's order
/// shows as means that slope; a fair one's wander around the dashed line.
pub fn draws(title: &str, lines: &[String], panels: &[DrawPanel]) -> Result<Figure, FigureError> {
    let count = panels.len().max(1) as u32;
    let width = 40 + 560 * count;
    let lines = &fit_lines(lines, width);
    let head = title_height(lines.len());
    let height = head + 480;
    twin!(Formats::Both, width, height, |root| {
        root.fill(&WHITE).map_err(|e| e.to_string())?;
        let (top, body) = root.split_vertically(head);
        draw_title(&top, title, lines)?;
        let areas = body.split_evenly((1, count as usize));
        for (area, panel) in areas.iter().zip(panels) {
            let n = panel.drawn_at.len() as f64;
            let mids: Vec<f64> = panel
                .groups
                .iter()
                .map(|(r, _, _)| (r.start + r.end) as f64 / 2.0 + 0.5)
                .collect();
            let mut chart = ChartBuilder::on(area)
                .caption(&panel.heading, (FONT, CAPTION_PX))
                .margin(12)
                .x_label_area_size(TICK_PX * 2 + AXIS_PX + 4)
                .y_label_area_size(TICK_PX * 2 + AXIS_PX + 18)
                .build_cartesian_2d(0.5..n + 0.5, 0.0..n + 1.0)
                .map_err(|e| e.to_string())?;
            chart
                .configure_mesh()
                .light_line_style(TRANSPARENT)
                .bold_line_style(RGBColor(235, 235, 235))
                .x_labels(0)
                .y_label_formatter(&|y| format!("{y:.0}"))
                .x_desc(panel.list_axis)
                .y_desc(panel.draw_axis)
                .label_style((FONT, TICK_PX))
                .axis_desc_style((FONT, AXIS_PX))
                .draw()
                .map_err(|e| e.to_string())?;
            chart
                .draw_series(
                    panel.drawn_at.iter().enumerate().map(|(i, &v)| {
                        Circle::new((i as f64 + 1.0, f64::from(v)), 2, DOT.filled())
                    }),
                )
                .map_err(|e| e.to_string())?;
            // The groups' labels under the axis, at their middles: the
            // mesh's labels sit at round numbers, not at months.
            let font = (FONT, TICK_PX).into_font().color(&BLACK);
            for (&mid, (_, label, _)) in mids.iter().zip(&panel.groups) {
                let (x, y) = chart.backend_coord(&(mid, 0.0));
                let w = super::common::text_width(label, TICK_PX) as i32;
                root.draw(&Text::new(
                    label.to_string(),
                    (x - w / 2, y + 8),
                    font.clone(),
                ))
                .map_err(|e| e.to_string())?;
            }
            let fair = (n + 1.0) / 2.0;
            chart
                .draw_series(DashedLineSeries::new(
                    vec![(0.5, fair), (n + 0.5, fair)],
                    8,
                    5,
                    BLACK.stroke_width(1),
                ))
                .map_err(|e| e.to_string())?;
            for &(ref range, _, mean) in &panel.groups {
                chart
                    .draw_series(LineSeries::new(
                        vec![
                            (range.start as f64 + 0.5, mean),
                            (range.end as f64 + 0.5, mean),
                        ],
                        MEAN.stroke_width(4),
                    ))
                    .map_err(|e| e.to_string())?;
            }
        }
        Ok(())
    })
}
