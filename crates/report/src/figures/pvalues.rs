//! The p-values of a two-level test, binned.

use super::common::{
    AXIS_PX, FONT, Figure, FigureError, Formats, TICK_PX, draw_title, fit_lines, register_font,
    svg_finished, title_height,
};
use super::png::encode_png;
use plotters::prelude::*;

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
    let panels = tests.len().max(1) as u32;
    let width = 40 + 420 * panels;
    let lines = &fit_lines(lines, width);
    let head = title_height(lines.len());
    let height = head + 440;
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
    twin!(Formats::Both, width, height, |root| {
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
                    (FONT, super::common::CAPTION_PX),
                )
                .margin(10)
                .x_label_area_size(TICK_PX * 2 + AXIS_PX + 4)
                .y_label_area_size(TICK_PX * 2 + AXIS_PX + 12)
                .build_cartesian_2d(0.0..1.0, 0.0..top_value)
                .map_err(|e| e.to_string())?;
            chart
                .configure_mesh()
                .light_line_style(TRANSPARENT)
                .x_labels(6)
                .x_desc("p-value")
                .y_desc("runs")
                .label_style((FONT, TICK_PX))
                .axis_desc_style((FONT, AXIS_PX))
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
