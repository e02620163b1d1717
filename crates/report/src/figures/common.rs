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

/// A figure drawn in memory, as PNG and SVG twins of one size.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Figure {
    /// The PNG file's bytes.
    pub png: Vec<u8>,
    /// The SVG file's text.
    pub svg: String,
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

/// Encodes RGB pixels as a PNG, compressed as far as zlib goes.
pub(super) fn encode_png(pixels: &[u8], (width, height): (u32, u32)) -> Result<Vec<u8>, String> {
    use image::ImageEncoder;
    use image::codecs::png::{CompressionType, FilterType, PngEncoder};
    let mut out = Vec::new();
    PngEncoder::new_with_quality(&mut out, CompressionType::Best, FilterType::Adaptive)
        .write_image(pixels, width, height, image::ColorType::Rgb8)
        .map_err(|e| e.to_string())?;
    Ok(out)
}

/// The diverging colour of `v` in `[-1, 1]`: blue below 0, white at 0, red
/// above (ColorBrewer's RdBu, reversed so that "too often" is red).
pub fn diverging(v: f64) -> RGBColor {
    const NEG: [(u8, u8, u8); 3] = [(247, 247, 247), (146, 197, 222), (5, 113, 176)];
    const POS: [(u8, u8, u8); 3] = [(247, 247, 247), (244, 165, 130), (202, 0, 32)];
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

/// Draws the title block: a bold title and up to three lines below it.
pub(super) fn draw_title<DB: DrawingBackend>(
    area: &DrawingArea<DB, Shift>,
    title: &str,
    lines: &[String],
) -> Result<(), String> {
    area.fill(&WHITE).map_err(|e| e.to_string())?;
    let bold = (FONT, 22, FontStyle::Bold).into_font().color(&BLACK);
    area.draw_text(title, &bold.into_text_style(area), (14, 10))
        .map_err(|e| e.to_string())?;
    for (i, line) in lines.iter().enumerate() {
        let style = (FONT, 15).into_font().color(&RGBColor(60, 60, 60));
        area.draw_text(line, &style.into_text_style(area), (14, 40 + 20 * i as i32))
            .map_err(|e| e.to_string())?;
    }
    Ok(())
}

/// The subtitle's text style: every line of it is measured with this.
fn line_font() -> FontDesc<'static> {
    (FONT, 15).into_font()
}

/// How wide `text` is drawn in the subtitle, in pixels.
pub(super) fn line_width(text: &str) -> u32 {
    register_font();
    line_font().box_size(text).map_or(u32::MAX, |(w, _)| w)
}

/// `lines` wrapped at spaces so that each fits the title block of a
/// figure `width` pixels wide (drawn from x = 14, with as much margin on
/// the right): no subtitle runs off the canvas.
pub(super) fn fit_lines(lines: &[String], width: u32) -> Vec<String> {
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
            if line_width(&candidate) <= room || current.is_empty() {
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
