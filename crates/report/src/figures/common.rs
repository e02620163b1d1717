//! What every figure shares: the font, the colours, the title block and
//! the SVG's trimming.

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
/// writes (a 52-card heatmap's SVG is thousands of rectangles; a 6-card
/// heatmap's SVG is a third of its PNG).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Formats {
    /// The PNG alone.
    Png,
    /// The SVG alone.
    Svg,
    /// The PNG and its SVG twin.
    Both,
}

impl Formats {
    /// Whether the PNG is drawn.
    pub fn png(self) -> bool {
        self != Formats::Svg
    }

    /// Whether the SVG is drawn.
    pub fn svg(self) -> bool {
        self != Formats::Png
    }
}

/// A figure drawn in memory, as a PNG, an SVG or both twins, of the same
/// size, as its [`Formats`] asked.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Figure {
    /// The PNG file's bytes, unless [`Formats::Svg`] was asked for.
    pub png: Option<Vec<u8>>,
    /// The SVG file's text, unless [`Formats::Png`] was asked for.
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

/// `svg` as a reader gets it:
/// - without the attributes plotters writes on every element whose values
///   are SVG's defaults (`opacity="1"`, `stroke="none"`): a quarter of a
///   52-card heatmap's size, which is thousands of rectangles;
/// - with its text in the font the PNG twin is drawn and laid out with,
///   DejaVu Sans, where the reader has it (any other sans-serif font is
///   narrower, so the text still fits), at the size the PNG draws it (see
///   [`svg_font_scale`]).
pub(super) fn svg_finished(svg: &str) -> String {
    let svg = svg
        .replace(" opacity=\"1\"", "")
        .replace(" stroke=\"none\"", "")
        .replace(
            &format!(" font-family=\"{FONT}\""),
            &format!(" font-family=\"'DejaVu Sans', {FONT}\""),
        );
    let scale = svg_font_scale();
    let mut out = String::with_capacity(svg.len());
    let mut rest = svg.as_str();
    const KEY: &str = "font-size=\"";
    while let Some(at) = rest.find(KEY) {
        let (head, tail) = rest.split_at(at + KEY.len());
        out.push_str(head);
        let end = tail.find('"').unwrap_or(tail.len());
        match tail[..end].parse::<f64>() {
            Ok(size) => out.push_str(&format!("{:.2}", size * scale)),
            Err(_) => out.push_str(&tail[..end]),
        }
        rest = &tail[end..];
    }
    out.push_str(rest);
    out
}

/// What an SVG `font-size` written by plotters is multiplied by for its
/// text to be as large as in the PNG twin. The bitmap draws a text of size
/// `s` with DejaVu Sans' ascent-to-descent `s` pixels high (`ab_glyph`'s
/// `PxScale`), which is an em of `s × units_per_em / (ascent − descent)`;
/// plotters' SVG writes `s / 1.24` for that em, which in a browser is text
/// 6% smaller than the PNG's.
pub(super) fn svg_font_scale() -> f64 {
    use ab_glyph::Font;
    let font = ab_glyph::FontRef::try_from_slice(dejavu::sans::regular())
        .expect("the bundled DejaVu Sans font parses");
    let em = f64::from(font.units_per_em().expect("DejaVu Sans has an em"));
    1.24 * em / f64::from(font.height_unscaled())
}

/// Levels of grey a PNG figure is drawn with, besides the palette's own.
pub const GREY_LEVELS: u8 = 16;

/// Puts every grey pixel of a drawn RGB figure that is not a colour of the
/// palette on a grid of [`GREY_LEVELS`] levels (0, 17, …, 255), moving it
/// by at most 8 of 255. The greys are text in black or dark grey, white
/// paper, and the smoothed edges of letters between them: smoothed in 16
/// steps instead of 256, a figure keeps to the 256 colours of a palette PNG
/// (half the bytes of an RGB one) however many steps of the palette it
/// uses. Other colours, and the palette's own greys, are left as drawn.
pub(super) fn greys_on_grid(pixels: &mut [u8]) {
    let step = u16::from(255 / (GREY_LEVELS - 1));
    let mut kept = [false; 256];
    for c in palette() {
        if c.0 == c.1 && c.1 == c.2 {
            kept[usize::from(c.0)] = true;
        }
    }
    for rgb in pixels.chunks_exact_mut(3) {
        let v = rgb[0];
        if v == rgb[1] && v == rgb[2] && !kept[usize::from(v)] {
            let on_grid = (u16::from(v) + step / 2) / step * step;
            rgb.fill(u8::try_from(on_grid).expect("255 is on the grid"));
        }
    }
}

/// Steps of the diverging palette on each side of 0.
pub const PALETTE_STEPS: usize = 128;

/// CIE L* of the palette at 0 (near white) and at ±1.
const PALETTE_L: (f64, f64) = (97.0, 40.0);
/// CIE LCh hue angles, in degrees, of the two sides: red (too often) and
/// blue (too rarely).
const PALETTE_HUE: (f64, f64) = (30.0, 270.0);
/// The chroma each side rises to by `|x| = 1/2`, where its hue can show it
/// in sRGB at that lightness (below, the most it can).
const PALETTE_CHROMA: f64 = 70.0;

/// The diverging palette, `2 · PALETTE_STEPS + 1` colours from −1 to +1:
/// blue below 0, near white at 0, red above. Balanced: at `+x` and `−x` the
/// two colours have the same CIE lightness (L* falling linearly from 97 at
/// 0 to 40 at ±1), and chroma rising with `|x|` as far as each hue shows
/// it in sRGB, so a card that comes up 20 % too rarely is drawn as strongly
/// as one 20 % too often (as CET's and Moreland's balanced diverging maps
/// are built). In grayscale the two signs look alike: the printed
/// percentages carry the sign there.
pub fn palette() -> &'static [RGBColor] {
    use std::sync::OnceLock;
    static PALETTE: OnceLock<Vec<RGBColor>> = OnceLock::new();
    PALETTE.get_or_init(|| {
        (0..=2 * PALETTE_STEPS)
            .map(|i| {
                let v = i as f64 / PALETTE_STEPS as f64 - 1.0;
                let t = v.abs();
                let l = PALETTE_L.0 + (PALETTE_L.1 - PALETTE_L.0) * t;
                let hue = if v < 0.0 {
                    PALETTE_HUE.1
                } else {
                    PALETTE_HUE.0
                };
                // The chroma asked for, or the most this hue shows at this
                // lightness.
                let fits = |c: f64| lch_to_srgb(l, c, hue).is_some();
                let (mut lo, mut hi) = (0.0, PALETTE_CHROMA * t.min(0.5) * 2.0);
                if !fits(hi) {
                    for _ in 0..40 {
                        let mid = (lo + hi) / 2.0;
                        if fits(mid) { lo = mid } else { hi = mid }
                    }
                    hi = lo;
                }
                let [r, g, b] = lch_to_srgb(l, hi, hue).expect("in gamut");
                let byte = |x: f64| (x * 255.0).round() as u8;
                RGBColor(byte(r), byte(g), byte(b))
            })
            .collect()
    })
}

/// sRGB (each in `[0, 1]`) of a CIE LCh(ab) colour under D65, or `None`
/// outside the sRGB gamut.
fn lch_to_srgb(l: f64, c: f64, hue_degrees: f64) -> Option<[f64; 3]> {
    let (a, b) = (
        c * hue_degrees.to_radians().cos(),
        c * hue_degrees.to_radians().sin(),
    );
    let fy = (l + 16.0) / 116.0;
    let (fx, fz) = (fy + a / 500.0, fy - b / 200.0);
    let delta: f64 = 6.0 / 29.0;
    let inverse = |t: f64| {
        if t > delta {
            t * t * t
        } else {
            3.0 * delta * delta * (t - 4.0 / 29.0)
        }
    };
    let (x, y, z) = (0.950_47 * inverse(fx), inverse(fy), 1.088_83 * inverse(fz));
    let linear = [
        3.240_454_2 * x - 1.537_138_5 * y - 0.498_531_4 * z,
        -0.969_266_0 * x + 1.876_010_8 * y + 0.041_556_0 * z,
        0.055_643_4 * x - 0.204_025_9 * y + 1.057_225_2 * z,
    ];
    let mut out = [0.0; 3];
    for (o, u) in out.iter_mut().zip(linear) {
        if !(-1e-9..=1.0 + 1e-9).contains(&u) {
            return None;
        }
        let u = u.clamp(0.0, 1.0);
        *o = if u <= 0.003_130_8 {
            12.92 * u
        } else {
            1.055 * u.powf(1.0 / 2.4) - 0.055
        };
    }
    Some(out)
}

/// The diverging colour of `v` in `[-1, 1]` ([`palette`]): blue below 0,
/// near white at 0, red above ("too often" is red), the same lightness at
/// `v` and `−v`.
pub fn diverging(v: f64) -> RGBColor {
    let v = if v.is_nan() { 0.0 } else { v.clamp(-1.0, 1.0) };
    let i = ((v + 1.0) * PALETTE_STEPS as f64).round() as usize;
    palette()[i]
}

/// Where a colour bar of the symmetric scale `±limit` stops below: at
/// −100% when the limit runs beyond it (a card cannot land somewhere less
/// often than never), else at `−limit`.
pub fn colour_bar_bottom(limit: f64) -> f64 {
    -limit.min(1.0)
}

/// The colour of text on a cell filled with `fill`: white on the darker
/// cells (L* below 55), black elsewhere, the same on both sides of the
/// balanced palette.
pub fn text_on(fill: RGBColor) -> RGBColor {
    if lightness(fill) < 55.0 { WHITE } else { BLACK }
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
    let font = (FONT, px).into_font();
    let width = |t: &str| font.box_size(t).map_or(u32::MAX, |(w, _)| w);
    // The embedded font has no Chinese: a figure in Chinese is read as
    // SVG, in the reader's fonts, whose ideographs are one em wide. An em
    // is a digit's width over its advance in DejaVu Sans, 0.636 em.
    let wide = |c: char| matches!(c, '\u{2E80}'..='\u{9FFF}' | '\u{FF00}'..='\u{FFEF}');
    let ideographs = text.chars().filter(|&c| wide(c)).count() as u32;
    if ideographs == 0 {
        return width(text);
    }
    let rest: String = text.chars().filter(|&c| !wide(c)).collect();
    let em = f64::from(width("0")) / 0.636;
    width(&rest).saturating_add((em * f64::from(ideographs)).round() as u32)
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

/// A legend's sample of a dashed line: three dashes from `(x, y)`.
pub(super) fn legend_dashes<DB: DrawingBackend>(
    area: &DrawingArea<DB, Shift>,
    x: i32,
    y: i32,
) -> Result<(), String> {
    for dash in 0..3 {
        let from = x + dash * 10;
        area.draw(&PathElement::new(
            vec![(from, y), (from + 6, y)],
            BLACK.stroke_width(1),
        ))
        .map_err(|e| e.to_string())?;
    }
    Ok(())
}
