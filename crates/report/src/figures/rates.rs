//! The calibration figure: how often each test rejects fair input,
//! as a multiple of its level, beside the band a calibrated test stays
//! in, across the sizes swept.

use super::common::{
    AXIS_PX, CAPTION_PX, FONT, Figure, FigureError, Formats, TICK_PX, draw_title, fit_lines,
    legend_dashes, register_font, svg_finished, title_height,
};
use super::png::encode_png;
use plotters::prelude::*;

/// One test's rejections at one size and level.
#[derive(Clone, Debug, PartialEq)]
pub struct RatePoint {
    /// The size (decks, items), drawn on a log scale.
    pub x: f64,
    /// Which level, an index into the figure's levels.
    pub level: usize,
    /// Rejections as a multiple of the level (1: exactly calibrated).
    pub ratio: f64,
    /// The band a calibrated count lies in, as multiples of the level.
    pub band: (f64, f64),
}

/// One panel: one kind of input at every size swept.
#[derive(Clone, Debug, PartialEq)]
pub struct RatePanel {
    /// Its heading.
    pub heading: String,
    /// What its x axis counts.
    pub x_desc: &'static str,
    /// Every test at every size and level.
    pub points: Vec<RatePoint>,
    /// Sizes where the family of tests changes, drawn dashed.
    pub switches: Vec<f64>,
}

/// Colours of the two levels' dots and bands.
const LEVEL: [RGBColor; 2] = [RGBColor(31, 119, 180), RGBColor(255, 127, 14)];

/// A count above its band.
const ABOVE: RGBColor = RGBColor(202, 0, 32);

/// The top of every panel's y axis: above the highest dot and the highest
/// band of all panels, so that nothing is cut and panels compare at a
/// glance (2 at least: the level's line sits halfway or lower).
pub fn y_top(panels: &[RatePanel]) -> f64 {
    let highest = panels
        .iter()
        .flat_map(|p| &p.points)
        .map(|p| p.ratio.max(p.band.1))
        .fold(2.0f64, f64::max);
    highest * 1.05
}

/// Panels per row.
const COLUMNS: usize = 3;

/// Height of one panel, and of the legend strip.
const PANEL: (u32, u32) = (480, 400);
const LEGEND: u32 = 70;

/// The calibration figure: one panel per kind of input, each test's
/// rejections as a multiple of `levels[i]` against the size (log scale),
/// the band of a calibrated count as a bar behind each size's dots, a
/// dashed line where the family of tests changes; counts above their band
/// in red.
pub fn rates(
    title: &str,
    lines: &[String],
    levels: [f64; 2],
    panels: &[RatePanel],
) -> Result<Figure, FigureError> {
    let columns = COLUMNS.min(panels.len()).max(1);
    let rows = panels.len().div_ceil(columns).max(1);
    let width = PANEL.0 * columns as u32;
    let lines = &fit_lines(lines, width);
    let head = title_height(lines.len());
    let height = head + PANEL.1 * rows as u32 + LEGEND;
    twin!(Formats::Both, width, height, |root| {
        root.fill(&WHITE).map_err(|e| e.to_string())?;
        let (top_area, rest) = root.split_vertically(head);
        draw_title(&top_area, title, lines)?;
        let (body, legend) = rest.split_vertically(PANEL.1 * rows as u32);
        let areas = body.split_evenly((rows, columns));
        let top = y_top(panels);
        for (area, panel) in areas.iter().zip(panels) {
            draw_panel(area, panel, top)?;
        }
        draw_legend(&legend, levels)
    })
}

fn draw_panel<DB: DrawingBackend>(
    area: &DrawingArea<DB, plotters::coord::Shift>,
    panel: &RatePanel,
    top: f64,
) -> Result<(), String> {
    let xs = panel
        .points
        .iter()
        .map(|p| p.x)
        .chain(panel.switches.iter().copied());
    let (lo, hi) = xs.fold((f64::INFINITY, 0.0f64), |(l, h), x| (l.min(x), h.max(x)));
    let (lo, hi) = if lo.is_finite() {
        (lo / 1.6, hi * 1.6)
    } else {
        (1.0, 10.0)
    };
    let mut chart = ChartBuilder::on(area)
        .caption(&panel.heading, (FONT, CAPTION_PX - 6))
        .margin(10)
        .x_label_area_size(TICK_PX * 2 + AXIS_PX)
        .y_label_area_size(TICK_PX * 2 + AXIS_PX + 6)
        .build_cartesian_2d((lo..hi).log_scale(), 0.0..top)
        .map_err(|e| e.to_string())?;
    chart
        .configure_mesh()
        .light_line_style(TRANSPARENT)
        .x_labels(4)
        .x_label_formatter(&|x| short(*x))
        .y_labels(4)
        .y_label_formatter(&|y| {
            let s = format!("{y:.1}");
            s.trim_end_matches(".0").to_string()
        })
        .x_desc(panel.x_desc)
        .y_desc("rejections ÷ level")
        .label_style((FONT, TICK_PX - 4))
        .axis_desc_style((FONT, AXIS_PX - 6))
        .draw()
        .map_err(|e| e.to_string())?;
    // The calibrated line.
    chart
        .draw_series(LineSeries::new(
            vec![(lo, 1.0), (hi, 1.0)],
            RGBColor(120, 120, 120).stroke_width(1),
        ))
        .map_err(|e| e.to_string())?;
    for &x in &panel.switches {
        chart
            .draw_series(DashedLineSeries::new(
                vec![(x, 0.0), (x, top)],
                6,
                4,
                BLACK.stroke_width(1),
            ))
            .map_err(|e| e.to_string())?;
    }
    // The two levels side by side at each size.
    let shift = |p: &RatePoint| p.x * if p.level == 0 { 0.93 } else { 1.07 };
    for p in &panel.points {
        let x = shift(p);
        let colour = LEVEL[p.level.min(1)].mix(0.25);
        chart
            .draw_series(std::iter::once(Rectangle::new(
                [(x * 0.975, p.band.0), (x * 1.025, p.band.1)],
                colour.filled(),
            )))
            .map_err(|e| e.to_string())?;
    }
    for p in &panel.points {
        let above = p.ratio > p.band.1;
        let colour = if above { ABOVE } else { LEVEL[p.level.min(1)] };
        chart
            .draw_series(std::iter::once(Circle::new(
                (shift(p), p.ratio),
                if above { 6 } else { 3 },
                colour.filled(),
            )))
            .map_err(|e| e.to_string())?;
    }
    Ok(())
}

/// `x` in few characters: 600, 25k, 1.8M.
fn short(x: f64) -> String {
    let r = |v: f64| {
        if v >= 10.0 {
            format!("{v:.0}")
        } else {
            format!("{v:.1}").trim_end_matches(".0").to_string()
        }
    };
    match x {
        x if x >= 1e6 => format!("{}M", r(x / 1e6)),
        x if x >= 1e3 => format!("{}k", r(x / 1e3)),
        x => r(x),
    }
}

/// The legend strip: each level's dot and band, the red of a count
/// above its band, the dashed switch.
fn draw_legend<DB: DrawingBackend>(
    area: &DrawingArea<DB, plotters::coord::Shift>,
    levels: [f64; 2],
) -> Result<(), String> {
    let font = (FONT, super::common::LINE_PX - 4)
        .into_font()
        .color(&RGBColor(40, 40, 40));
    let mut x = 40i32;
    let y = 30i32;
    let text = |area: &DrawingArea<DB, _>, x: &mut i32, s: String| -> Result<(), String> {
        area.draw(&Text::new(s.clone(), (*x + 30, y - 10), font.clone()))
            .map_err(|e| e.to_string())?;
        *x += 30 + super::common::text_width(&s, super::common::LINE_PX - 4) as i32 + 40;
        Ok(())
    };
    for (i, a) in levels.iter().enumerate() {
        area.draw(&Rectangle::new(
            [(x + 6, y - 14), (x + 18, y + 14)],
            LEVEL[i].mix(0.25).filled(),
        ))
        .map_err(|e| e.to_string())?;
        area.draw(&Circle::new((x + 12, y), 5, LEVEL[i].filled()))
            .map_err(|e| e.to_string())?;
        text(
            area,
            &mut x,
            format!("at α = {a}: a test, and the band it must stay in"),
        )?;
    }
    area.draw(&Circle::new((x + 12, y), 6, ABOVE.filled()))
        .map_err(|e| e.to_string())?;
    text(area, &mut x, "above its band".into())?;
    legend_dashes(area, x, y)?;
    text(area, &mut x, "where the tests change".into())?;
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_axis_holds_every_dot_and_band_however_high() {
        let panel = |ratio: f64, band: f64| RatePanel {
            heading: "p".into(),
            x_desc: "decks",
            points: vec![RatePoint {
                x: 100.0,
                level: 0,
                ratio,
                band: (0.5, band),
            }],
            switches: Vec::new(),
        };
        // A count four times the level, beside a lower band: the axis
        // reaches past 4, in every panel.
        let top = y_top(&[panel(1.0, 1.4), panel(4.0, 1.3)]);
        assert!(top > 4.0 && top < 4.5, "{top}");
        // A band above every dot sets it too; calm panels keep the level
        // at most halfway up.
        assert!(y_top(&[panel(0.8, 7.2)]) > 7.2);
        assert!(y_top(&[panel(1.0, 1.2)]) >= 2.0);
    }
}
