//! Figures, as PNG and SVG twins or either alone: position heatmaps, the teacher's
//! slides, the tree of a small deck's paths and permutation histograms.
//!
//! Text is drawn by `ab_glyph` from DejaVu Sans, which comes from the
//! `dejavu` crate: rendering needs no installed font, fontconfig or
//! freetype.

/// Draws `$body` (with `$root` bound to the drawing area) as the twins
/// `$formats` asks for, a PNG and an SVG of `width × height` pixels, in
/// memory, and evaluates to the [`Figure`]. A macro, not a function: the
/// body is generic over the backend, which a closure cannot be. The PNG's
/// greys are put on a grid of 16 levels (`greys_on_grid`), then it is
/// encoded by `encode_png` (lossless; a palette PNG when it can be).
macro_rules! twin {
    ($formats:expr, $width:expr, $height:expr, |$root:ident| $body:block) => {{
        register_font();
        let err = |format: &'static str, message: String| FigureError { format, message };
        let size: (u32, u32) = ($width, $height);
        let formats: Formats = $formats;
        (|| -> Result<Figure, FigureError> {
            let png = if formats.png() {
                let mut pixels = vec![0u8; size.0 as usize * size.1 as usize * 3];
                {
                    let $root = BitMapBackend::with_buffer(&mut pixels, size).into_drawing_area();
                    let r: Result<(), String> = (|| $body)();
                    r.map_err(|m| err("png", m))?;
                    $root.present().map_err(|e| err("png", e.to_string()))?;
                }
                super::common::greys_on_grid(&mut pixels);
                Some(encode_png(&pixels, size).map_err(|m| err("png", m))?)
            } else {
                None
            };
            let svg = if formats.svg() {
                let mut text = String::new();
                {
                    let $root = SVGBackend::with_string(&mut text, size).into_drawing_area();
                    let r: Result<(), String> = (|| $body)();
                    r.map_err(|m| err("svg", m))?;
                    $root.present().map_err(|e| err("svg", e.to_string()))?;
                }
                Some(svg_finished(&text))
            } else {
                None
            };
            Ok(Figure { png, svg })
        })()
    }};
}

mod common;
mod draws;
mod heatmap;
mod permutations;
mod png;
mod pvalues;
mod rates;
mod riffles;
mod tree;

pub use common::{
    Figure, FigureError, Formats, PALETTE_STEPS, colour_bar_bottom, diverging, lightness, palette,
    text_on,
};
pub use draws::{DrawPanel, draws};
pub use heatmap::{Panel, SLIDE_SIZE, colour_limit, heatmap, slide};
pub use permutations::{Arrangements, BARS_UP_TO, permutations};
pub use png::encode_png;
pub use pvalues::{PValues, p_values};
pub use rates::{RatePanel, RatePoint, rates};
pub use riffles::{RiffleCurve, RifflePanel, riffles};
pub use tree::{PRINT_WIDTH_MM, PathFigure, TreeWords, path_tree};

#[cfg(test)]
mod tests;
