//! Permutation histograms: how likely each arrangement is.

use super::common::{
    AXIS_PX, FONT, Figure, FigureError, Formats, TICK_PX, draw_title, fit_lines, register_font,
    svg_finished, title_height,
};
use super::png::encode_png;
use plotters::prelude::*;
use plotters::style::text_anchor::{HPos, Pos, VPos};

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
    /// The exact probability of each bar as a fraction (`5/27`), written
    /// above it.
    pub fractions: Option<&'a [String]>,
    /// The axis's top ratio (its bottom is `1/top`).
    pub top: f64,
    /// Bars from uniform (`×1`) on a linear axis from `2 − top` to `top`,
    /// rather than from zero: the lesson's few bars, whose differences
    /// (4/27 against 5/27) and fair band a class must see. Only for at
    /// most 24 arrangements.
    pub from_uniform: bool,
}

/// A permutation figure draws one bar per arrangement up to this many
/// arrangements (4 cards); beyond, the arrangements sorted from most to
/// least likely, as a curve.
pub const BARS_UP_TO: usize = 24;

/// A permutation histogram, in units of the uniform probability (`1` is
/// `1/n!`). With at most 24 arrangements, one labelled bar per
/// arrangement, on a linear axis from 0 to `top` (a bar's length is its
/// probability: 5/27 is drawn 5/4 as long as 4/27); otherwise the ratios
/// sorted from largest to smallest on a logarithmic axis from `1/top` to
/// `top`, where twice as likely sits as far from uniform as half as
/// likely, and ratios below `1/top` (arrangements never dealt among them)
/// sit on the bottom edge. Both show uniform as a black line and, when
/// given, `envelope`: the band a fair shuffle's bars (`envelope[i]` for
/// bar `i`) or sorted curve (`envelope[r]` for rank `r`) stays in, all at
/// once, drawn over the bars. `exact`, the exact law's ratios when known,
/// is drawn in red over the samples: a tick on each bar, or its own sorted
/// curve; `fractions` label the bars. Figures of one deck share `top`.
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
        fractions,
        top,
        from_uniform,
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
    let labels: Vec<String> = if k <= BARS_UP_TO {
        let mut a: Vec<u8> = (0..deck as u8).collect();
        (0..k)
            .map(|_| {
                let s = a.iter().map(|c| c.to_string()).collect::<String>();
                stats::law::perm::next_permutation(&mut a);
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
        if k <= BARS_UP_TO {
            // Linear, from zero: a bar's length is its probability; or
            // from uniform: its length is how far it is from fair.
            let (low, base) = if from_uniform {
                (2.0 - top, 1.0)
            } else {
                (0.0, 0.0)
            };
            let bar_top = |v: f64| v.clamp(low, top);
            let ticks = if from_uniform {
                9
            } else {
                top.round() as usize * 2 + 1
            };
            let mut chart = ChartBuilder::on(&body)
                .margin(12)
                .x_label_area_size(TICK_PX * 3 + AXIS_PX + 4)
                .y_label_area_size(TICK_PX * 3 + AXIS_PX + 20)
                .build_cartesian_2d((0..k as i32 - 1).into_segmented(), low..top)
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
                .y_labels(ticks)
                .y_label_formatter(&|v| linear_ratio_label(*v))
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
                            (SegmentValue::Exact(i), base),
                            (SegmentValue::Exact(i + 1), bar_top(p)),
                        ],
                        blue.filled(),
                    );
                    bar.set_margin(0, 0, 6, 6);
                    bar
                }))
                .map_err(|e| e.to_string())?;
            if let Some(env) = envelope {
                // Over the bars, with its edges drawn: narrow as it is at
                // millions of shuffles, it must not hide behind them.
                chart
                    .draw_series(env.iter().enumerate().flat_map(|(i, &(lo, hi))| {
                        let i = i as i32;
                        let (x0, x1) = (SegmentValue::Exact(i), SegmentValue::Exact(i + 1));
                        let edge = |v: f64| {
                            PathElement::new(
                                vec![(x0.clone(), bar_top(v)), (x1.clone(), bar_top(v))],
                                RGBColor(110, 110, 110).stroke_width(1),
                            )
                            .into_dyn()
                        };
                        [
                            Rectangle::new(
                                [(x0.clone(), bar_top(lo)), (x1.clone(), bar_top(hi))],
                                grey.mix(0.7).filled(),
                            )
                            .into_dyn(),
                            edge(lo),
                            edge(hi),
                        ]
                    }))
                    .map_err(|e| e.to_string())?;
            }
            let (left, right) = (SegmentValue::Exact(0), SegmentValue::Exact(k as i32));
            draw_uniform(&mut chart, (left, right), 1.0)?;
            if let Some(exact) = exact {
                chart
                    .draw_series(exact.iter().enumerate().map(|(i, &p)| {
                        let i = i as i32;
                        PathElement::new(
                            vec![
                                (SegmentValue::Exact(i), bar_top(p)),
                                (SegmentValue::Exact(i + 1), bar_top(p)),
                            ],
                            red.stroke_width(3),
                        )
                    }))
                    .map_err(|e| e.to_string())?;
            }
            if let Some(fractions) = fractions {
                // Inside each bar, at its foot: clear of the lines above;
                // bars from uniform leave the plot's foot free, in black.
                let style = (FONT, TICK_PX)
                    .into_font()
                    .color(if from_uniform { &BLACK } else { &WHITE })
                    .pos(Pos::new(HPos::Center, VPos::Bottom));
                chart
                    .draw_series(fractions.iter().enumerate().map(|(i, f)| {
                        Text::new(
                            f.clone(),
                            (SegmentValue::CenterOf(i as i32), low + (top - low) * 0.03),
                            style.clone(),
                        )
                    }))
                    .map_err(|e| e.to_string())?;
            }
        } else {
            let mut chart = ChartBuilder::on(&body)
                .margin(12)
                // Room for the last tick's label, centred on the edge.
                .margin_right(12 + 3 * TICK_PX)
                .x_label_area_size(TICK_PX * 2 + AXIS_PX + 4)
                .y_label_area_size(TICK_PX * 3 + AXIS_PX + 20)
                .build_cartesian_2d(0.0..k as f64, -span..span)
                .map_err(|e| e.to_string())?;
            chart
                .configure_mesh()
                .light_line_style(TRANSPARENT)
                .y_labels(5)
                .y_label_formatter(&|v| ratio_label(*v))
                .x_label_formatter(&|v| crate::fmt::fmt_count(v.round() as u64))
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
            draw_uniform(&mut chart, (0.0, k as f64), 0.0)?;
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

/// The black line of the uniform probability across `from..to`, at `y`
/// on the chart's axis (1 on a linear one, 0 on a log2 one).
fn draw_uniform<DB: DrawingBackend, X: Ranged, Y: Ranged<ValueType = f64>>(
    chart: &mut ChartContext<'_, DB, Cartesian2d<X, Y>>,
    (from, to): (X::ValueType, X::ValueType),
    y: f64,
) -> Result<(), String> {
    chart
        .draw_series(std::iter::once(PathElement::new(
            vec![(from, y), (to, y)],
            BLACK.stroke_width(2),
        )))
        .map_err(|e| e.to_string())?;
    Ok(())
}

/// A point of the linear axis as a ratio to uniform: `×0`, `×0.5`, `×1`.
fn linear_ratio_label(v: f64) -> String {
    let r = (v * 100.0).round() / 100.0;
    format!("×{r}")
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
