//! Permutation histograms: how likely each arrangement is.

use super::common::{
    FONT, Figure, FigureError, draw_title, encode_png, register_font, svg_defaults_dropped,
};
use plotters::coord::types::RangedCoordf64;
use plotters::prelude::*;

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
