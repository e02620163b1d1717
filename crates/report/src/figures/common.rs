//! What every figure shares: the font, the colours, the title block and
//! the PNG and SVG encoders.

use plotters::coord::Shift;
use plotters::prelude::*;
use plotters::style::FontStyle;
use std::sync::Once;

/// The font family every figure uses.
pub(super) const FONT: &str = "sans-serif";

/// A figure that could not be drawn.
#[derive(Debug, thiserror::Error)]
#[error("cannot draw its {format}: {message}")]
pub struct FigureError {
    /// `"png"` or `"svg"`.
    pub format: &'static str,
    /// What went wrong.
    pub message: String,
}

/// Which of a figure's twins to draw: a report draws only the files it
/// writes (a 52-card heatmap's SVG is thousands of rectangles).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Formats {
    /// The PNG alone.
    Png,
    /// The PNG and its SVG twin.
    Both,
}

/// A figure drawn in memory, as a PNG and, when asked for, its SVG twin of
/// the same size.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Figure {
    /// The PNG file's bytes.
    pub png: Vec<u8>,
    /// The SVG file's text, when [`Formats::Both`] was asked for.
    pub svg: Option<String>,
}

pub(super) fn register_font() {
    static ONCE: Once = Once::new();
    ONCE.call_once(|| {
        // The font is a compile-time constant: failing to parse it is a bug.
        if plotters::style::register_font(FONT, FontStyle::Normal, dejavu::sans::regular()).is_err()
        {
            panic!("the bundled DejaVu Sans font does not parse");
        }
        if plotters::style::register_font(FONT, FontStyle::Bold, dejavu::sans::bold()).is_err() {
            panic!("the bundled DejaVu Sans Bold font does not parse");
        }
    });
}

/// `svg` without the attributes plotters writes on every element whose
/// values are SVG's defaults (`opacity="1"`, `stroke="none"`): a quarter of
/// a 52-card heatmap's size, which is thousands of rectangles.
pub(super) fn svg_defaults_dropped(svg: &str) -> String {
    svg.replace(" opacity=\"1\"", "")
        .replace(" stroke=\"none\"", "")
}

/// Encodes RGB pixels as a PNG with zlib's default level and adaptive
/// filters: on the default run's figures, the same size as zlib's best level
/// in about 0.4 of the time (`cargo run --release -p report --example
/// png_levels -- reports/figures/*/*.png`).
pub(super) fn encode_png(pixels: &[u8], (width, height): (u32, u32)) -> Result<Vec<u8>, String> {
    use image::ImageEncoder;
    use image::codecs::png::{CompressionType, FilterType, PngEncoder};
    let mut out = Vec::new();
    PngEncoder::new_with_quality(&mut out, CompressionType::Default, FilterType::Adaptive)
        .write_image(pixels, width, height, image::ColorType::Rgb8)
        .map_err(|e| e.to_string())?;
    Ok(out)
}

/// The diverging colour of `v` in `[-1, 1]`: blue below 0, white at 0, red
/// above ("too often" is red). The two sides differ in lightness as well
/// as hue, so that the sign survives a grayscale print and red–green colour
/// blindness: red darkens to a deep wine (CIE L* about 21 at +1), blue only
/// to a medium blue (L* about 58 at −1), and at every |v| the red side is
/// the darker ([`lightness`]).
pub fn diverging(v: f64) -> RGBColor {
    const NEG: [(u8, u8, u8); 3] = [(247, 247, 247), (171, 208, 230), (67, 147, 195)];
    const POS: [(u8, u8, u8); 3] = [(247, 247, 247), (239, 138, 98), (103, 0, 31)];
    let v = if v.is_nan() { 0.0 } else { v.clamp(-1.0, 1.0) };
    let stops = if v < 0.0 { NEG } else { POS };
    let t = v.abs() * 2.0;
    let (a, b, f) = if t <= 1.0 {
        (stops[0], stops[1], t)
    } else {
        (stops[1], stops[2], t - 1.0)
    };
    let mix = |x: u8, y: u8| (f64::from(x) + (f64::from(y) - f64::from(x)) * f).round() as u8;
    RGBColor(mix(a.0, b.0), mix(a.1, b.1), mix(a.2, b.2))
}

/// CIE L* (0 black, 100 white) of an sRGB colour: what a grayscale print
/// keeps of it.
pub fn lightness(c: RGBColor) -> f64 {
    let lin = |u: u8| {
        let x = f64::from(u) / 255.0;
        if x <= 0.04045 {
            x / 12.92
        } else {
            ((x + 0.055) / 1.055).powf(2.4)
        }
    };
    let y = 0.2126 * lin(c.0) + 0.7152 * lin(c.1) + 0.0722 * lin(c.2);
    if y > 216.0 / 24389.0 {
        116.0 * y.cbrt() - 16.0
    } else {
        y * 24389.0 / 27.0
    }
}

/// Formats a relative deviation as a signed percentage.
pub(super) fn percent(v: f64) -> String {
    let p = v * 100.0;
    if p.abs() < 0.05 {
        "0%".into()
    } else if p.abs() >= 10.0 {
        format!("{p:+.0}%")
    } else {
        format!("{p:+.1}%")
    }
}

/// Text sizes of a figure, in pixels.
#[derive(Clone, Copy, Debug)]
pub(super) struct TextSizes {
    /// The bold title.
    pub title: u32,
    /// Subtitle lines.
    pub line: u32,
    /// From one subtitle line to the next.
    pub step: u32,
    /// Panel captions.
    pub caption: u32,
    /// Tick labels, and the colour bar's title.
    pub tick: u32,
    /// Axis titles.
    pub axis: u32,
}

/// The report's figures: readable printed at half their width.
pub(super) const REPORT: TextSizes = TextSizes {
    title: 30,
    line: 21,
    step: 27,
    caption: 24,
    tick: 20,
    axis: 22,
};

/// The slide (1920 × 1080): no text under 24 px.
pub(super) const SLIDE: TextSizes = TextSizes {
    title: 46,
    line: 28,
    step: 36,
    caption: 34,
    tick: 26,
    axis: 28,
};

pub(super) const LINE_PX: u32 = REPORT.line;
pub(super) const CAPTION_PX: u32 = REPORT.caption;
pub(super) const TICK_PX: u32 = REPORT.tick;
pub(super) const AXIS_PX: u32 = REPORT.axis;

/// The height of a title block with `lines` subtitle lines.
pub(super) fn title_height(lines: usize) -> u32 {
    title_height_at(&REPORT, lines)
}

/// The height of a title block with `lines` subtitle lines, in `t`'s sizes.
pub(super) fn title_height_at(t: &TextSizes, lines: usize) -> u32 {
    t.title + 30 + t.step * lines as u32
}

/// Draws the title block: a bold title and the lines below it.
pub(super) fn draw_title<DB: DrawingBackend>(
    area: &DrawingArea<DB, Shift>,
    title: &str,
    lines: &[String],
) -> Result<(), String> {
    draw_title_at(area, title, lines, &REPORT)
}

/// [`draw_title`] in `t`'s sizes.
pub(super) fn draw_title_at<DB: DrawingBackend>(
    area: &DrawingArea<DB, Shift>,
    title: &str,
    lines: &[String],
    t: &TextSizes,
) -> Result<(), String> {
    area.fill(&WHITE).map_err(|e| e.to_string())?;
    let bold = (FONT, t.title, FontStyle::Bold).into_font().color(&BLACK);
    area.draw_text(title, &bold.into_text_style(area), (14, 10))
        .map_err(|e| e.to_string())?;
    for (i, line) in lines.iter().enumerate() {
        let style = (FONT, t.line).into_font().color(&RGBColor(60, 60, 60));
        let y = t.title + 20 + t.step * i as u32;
        area.draw_text(line, &style.into_text_style(area), (14, y as i32))
            .map_err(|e| e.to_string())?;
    }
    Ok(())
}

/// How wide `text` is drawn in a subtitle line, in pixels.
pub(super) fn line_width(text: &str) -> u32 {
    text_width(text, LINE_PX)
}

/// How wide `text` is drawn at `px` pixels, in pixels.
pub(super) fn text_width(text: &str, px: u32) -> u32 {
    register_font();
    (FONT, px)
        .into_font()
        .box_size(text)
        .map_or(u32::MAX, |(w, _)| w)
}

/// `lines` wrapped at spaces so that each fits the title block of a
/// figure `width` pixels wide (drawn from x = 14, with as much margin on
/// the right): no subtitle runs off the canvas.
pub(super) fn fit_lines(lines: &[String], width: u32) -> Vec<String> {
    fit_lines_at(lines, width, LINE_PX)
}

/// [`fit_lines`] for lines drawn at `px` pixels.
pub(super) fn fit_lines_at(lines: &[String], width: u32, px: u32) -> Vec<String> {
    let room = width.saturating_sub(28);
    let mut out = Vec::new();
    for line in lines {
        let mut current = String::new();
        for word in line.split(' ') {
            let candidate = if current.is_empty() {
                word.to_string()
            } else {
                format!("{current} {word}")
            };
            if text_width(&candidate, px) <= room || current.is_empty() {
                current = candidate;
            } else {
                out.push(std::mem::take(&mut current));
                current = word.to_string();
            }
        }
        out.push(current);
    }
    out
}
