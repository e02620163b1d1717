//! Permutation histograms: how likely each arrangement is.

use super::common::{
    AXIS_PX, FONT, Figure, FigureError, Formats, TICK_PX, draw_title, encode_png, fit_lines,
    register_font, svg_defaults_dropped, title_height,
};
use plotters::prelude::*;

/// What a permutation figure draws: one deck's arrangements as ratios to
/// uniform, with the fair envelope and the exact law when known.
#[derive(Clone, Copy, Debug)]
pub struct Arrangements<'a> {
    /// Number of cards.
    pub deck: usize,
    /// Each arrangement's sampled probability over `1/n!`, by rank.
    pub ratios: &'a [f64],
    /// The band or envelope a fair shuffle stays in.
    pub envelope: Option<&'a [(f64, f64)]>,
    /// The exact law's ratios, by rank.
    pub exact: Option<&'a [f64]>,
    /// The axis's top ratio (its bottom is `1/top`).
    pub top: f64,
}

/// A permutation histogram, in units of the uniform probability (`1` is
/// `1/n!`). With at most 24 arrangements, one labelled bar per
/// arrangement; otherwise the ratios sorted from largest to smallest. Both
/// show uniform as a black line and, when given, `envelope`: the band a
/// fair shuffle's bars (`envelope[i]` for bar `i`) or sorted curve
/// (`envelope[r]` for rank `r`) stays in, all at once. `exact`, the exact
/// law's ratios when known, is drawn in red over the samples: a tick on
/// each bar, or its own sorted curve. The axis is logarithmic, from
/// `1/top` to `top`, so that figures of one deck can share it and twice as
/// likely sits as far from uniform as half as likely; ratios below
/// `1/top` (arrangements never dealt among them) sit on the bottom edge.
/// Drawn in the `formats` asked for.
pub fn permutations(
    title: &str,
    lines: &[String],
    arrangements: Arrangements,
    formats: Formats,
) -> Result<Figure, FigureError> {
    let Arrangements {
        deck,
        ratios,
        envelope,
        exact,
        top,
    } = arrangements;
    let k = ratios.len();
    // The axis is log2 of the ratio, from −log2(top) to log2(top); its
    // labels read as ratios.
    let span = top.log2();
    let clamp = |v: f64| v.max(1.0 / top).min(top).log2();
    let red = RGBColor(202, 0, 32);
    let width = 1000;
    let lines = &fit_lines(lines, width);
    let head = title_height(lines.len());
    let height = head + 560;
    let y_desc = format!("times as likely as uniform (1 = 1/{deck}!)");
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
    // At most ~2000 points of a sorted curve: every rank up to that, else
    // an even subsample (the curve is monotone).
    let step = k.div_ceil(2000).max(1);
    let kept = |i: usize| i.is_multiple_of(step) || i == k - 1;
    let sorted_curve = |values: &[f64]| -> Vec<(f64, f64)> {
        let mut sorted = values.to_vec();
        sorted.sort_by(|a, b| b.total_cmp(a));
        sorted
            .iter()
            .enumerate()
            .filter(|(i, _)| kept(*i))
            .map(|(i, &p)| (i as f64 + 0.5, clamp(p)))
            .collect()
    };
    twin!(formats, width, height, |root| {
        root.fill(&WHITE).map_err(|e| e.to_string())?;
        let (top_area, body) = root.split_vertically(head);
        draw_title(&top_area, title, lines)?;
        let blue = RGBColor(5, 113, 176);
        let grey = RGBColor(220, 220, 220);
        if k <= 24 {
            let mut chart = ChartBuilder::on(&body)
                .margin(12)
                .x_label_area_size(TICK_PX * 3 + AXIS_PX + 4)
                .y_label_area_size(TICK_PX * 3 + AXIS_PX + 20)
                .build_cartesian_2d((0..k as i32 - 1).into_segmented(), -span..span)
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
                .y_labels(5)
                .y_label_formatter(&|v| ratio_label(*v))
                .x_desc("arrangement (card at each position)")
                .y_desc(y_desc.as_str())
                .label_style((FONT, TICK_PX))
                .axis_desc_style((FONT, AXIS_PX))
                .draw()
                .map_err(|e| e.to_string())?;
            chart
                .draw_series(ratios.iter().enumerate().map(|(i, &p)| {
                    let i = i as i32;
                    let mut bar = Rectangle::new(
                        [
                            (SegmentValue::Exact(i), -span),
                            (SegmentValue::Exact(i + 1), clamp(p)),
                        ],
                        blue.filled(),
                    );
                    bar.set_margin(0, 0, 6, 6);
                    bar
                }))
                .map_err(|e| e.to_string())?;
            if let Some(env) = envelope {
                chart
                    .draw_series(env.iter().enumerate().map(|(i, &(lo, hi))| {
                        let i = i as i32;
                        Rectangle::new(
                            [
                                (SegmentValue::Exact(i), clamp(lo)),
                                (SegmentValue::Exact(i + 1), clamp(hi)),
                            ],
                            grey.mix(0.7).filled(),
                        )
                    }))
                    .map_err(|e| e.to_string())?;
            }
            let (left, right) = (SegmentValue::Exact(0), SegmentValue::Exact(k as i32));
            draw_uniform(&mut chart, (left, right))?;
            if let Some(exact) = exact {
                chart
                    .draw_series(exact.iter().enumerate().map(|(i, &p)| {
                        let i = i as i32;
                        PathElement::new(
                            vec![
                                (SegmentValue::Exact(i), clamp(p)),
                                (SegmentValue::Exact(i + 1), clamp(p)),
                            ],
                            red.stroke_width(3),
                        )
                    }))
                    .map_err(|e| e.to_string())?;
            }
        } else {
            let mut chart = ChartBuilder::on(&body)
                .margin(12)
                .x_label_area_size(TICK_PX * 2 + AXIS_PX + 4)
                .y_label_area_size(TICK_PX * 3 + AXIS_PX + 20)
                .build_cartesian_2d(0.0..k as f64, -span..span)
                .map_err(|e| e.to_string())?;
            chart
                .configure_mesh()
                .light_line_style(TRANSPARENT)
                .y_labels(5)
                .y_label_formatter(&|v| ratio_label(*v))
                .x_label_formatter(&|v| format!("{v:.0}"))
                .x_desc("arrangements, from most to least likely")
                .y_desc(y_desc.as_str())
                .label_style((FONT, TICK_PX))
                .axis_desc_style((FONT, AXIS_PX))
                .draw()
                .map_err(|e| e.to_string())?;
            if let Some(env) = envelope {
                // The envelope as one polygon: its top from the first rank
                // to the last, then its bottom back.
                let upper = env
                    .iter()
                    .enumerate()
                    .filter(|(i, _)| kept(*i))
                    .map(|(i, &(_, hi))| (i as f64 + 0.5, clamp(hi)));
                let lower: Vec<(f64, f64)> = env
                    .iter()
                    .enumerate()
                    .filter(|(i, _)| kept(*i))
                    .map(|(i, &(lo, _))| (i as f64 + 0.5, clamp(lo)))
                    .collect();
                let outline: Vec<(f64, f64)> = upper.chain(lower.into_iter().rev()).collect();
                chart
                    .draw_series(std::iter::once(Polygon::new(outline, grey.filled())))
                    .map_err(|e| e.to_string())?;
            }
            draw_uniform(&mut chart, (0.0, k as f64))?;
            chart
                .draw_series(LineSeries::new(sorted_curve(ratios), blue.stroke_width(2)))
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

/// The black line of the uniform probability (ratio 1) across `from..to`.
fn draw_uniform<DB: DrawingBackend, X: Ranged, Y: Ranged<ValueType = f64>>(
    chart: &mut ChartContext<'_, DB, Cartesian2d<X, Y>>,
    (from, to): (X::ValueType, X::ValueType),
) -> Result<(), String> {
    chart
        .draw_series(std::iter::once(PathElement::new(
            vec![(from, 0.0), (to, 0.0)],
            BLACK.stroke_width(2),
        )))
        .map_err(|e| e.to_string())?;
    Ok(())
}

/// A point of the log2 axis as a ratio to uniform: `×2`, `×1`, `×1/2`.
fn ratio_label(log2: f64) -> String {
    let r = log2.abs().exp2();
    let r = if (r - r.round()).abs() < 0.01 {
        format!("{}", r.round())
    } else {
        format!("{r:.2}")
    };
    if log2 < 0.0 {
        format!("×1/{r}")
    } else {
        format!("×{r}")
    }
}
