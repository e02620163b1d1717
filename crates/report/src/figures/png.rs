//! The PNG encoder every figure goes through: lossless, and a palette PNG
//! whenever a figure has few enough colours.

/// Encodes RGB pixels as a PNG, the smallest of two lossless forms: an
/// indexed (palette) PNG when the figure has at most 256 colours, which most
/// have, or else RGB. Either is zlib's default level; the palette form
/// without filters, the RGB form with adaptive filters. Every pixel decodes
/// as drawn; the measurement behind the choice is
/// `cargo run --release -p report --example png_levels -- reports/figures/*/*.png`.
pub fn encode_png(pixels: &[u8], (width, height): (u32, u32)) -> Result<Vec<u8>, String> {
    match palette_of(pixels) {
        Some((palette, indices)) => encode_indexed(&palette, &indices, (width, height)),
        None => encode_rgb(pixels, (width, height)),
    }
}

/// The figure's colours in order of first appearance and each pixel's index
/// among them, or `None` past 256 colours.
fn palette_of(pixels: &[u8]) -> Option<(Vec<[u8; 3]>, Vec<u8>)> {
    let mut palette: Vec<[u8; 3]> = Vec::new();
    let mut index = std::collections::HashMap::<[u8; 3], u8>::new();
    let mut indices = Vec::with_capacity(pixels.len() / 3);
    // Runs of one colour are most of a figure: the last pixel's index is
    // tried before the map.
    let mut last: Option<([u8; 3], u8)> = None;
    for rgb in pixels.chunks_exact(3) {
        let colour = [rgb[0], rgb[1], rgb[2]];
        if let Some((c, i)) = last
            && c == colour
        {
            indices.push(i);
            continue;
        }
        let i = match index.get(&colour) {
            Some(&i) => i,
            None => {
                let i = u8::try_from(palette.len()).ok()?;
                palette.push(colour);
                index.insert(colour, i);
                i
            }
        };
        last = Some((colour, i));
        indices.push(i);
    }
    Some((palette, indices))
}

/// An indexed PNG at the fewest bits per pixel that hold the palette.
fn encode_indexed(
    palette: &[[u8; 3]],
    indices: &[u8],
    (width, height): (u32, u32),
) -> Result<Vec<u8>, String> {
    let bits: u8 = match palette.len() {
        0..=2 => 1,
        3..=4 => 2,
        5..=16 => 4,
        _ => 8,
    };
    let per_byte = usize::from(8 / bits);
    let row_bytes = (width as usize).div_ceil(per_byte);
    let mut packed = Vec::with_capacity(row_bytes * height as usize);
    for row in indices.chunks_exact(width as usize) {
        for group in row.chunks(per_byte) {
            let mut byte = 0u8;
            for (k, &i) in group.iter().enumerate() {
                byte |= i << (8 - bits as usize * (k + 1));
            }
            packed.push(byte);
        }
    }
    let mut out = Vec::new();
    let mut encoder = png::Encoder::new(&mut out, width, height);
    encoder.set_color(png::ColorType::Indexed);
    encoder.set_depth(match bits {
        1 => png::BitDepth::One,
        2 => png::BitDepth::Two,
        4 => png::BitDepth::Four,
        _ => png::BitDepth::Eight,
    });
    encoder.set_palette(palette.concat());
    encoder.set_compression(png::Compression::Default);
    encoder.set_filter(png::FilterType::NoFilter);
    encoder.set_adaptive_filter(png::AdaptiveFilterType::NonAdaptive);
    let mut writer = encoder.write_header().map_err(|e| e.to_string())?;
    writer
        .write_image_data(&packed)
        .map_err(|e| e.to_string())?;
    writer.finish().map_err(|e| e.to_string())?;
    Ok(out)
}

/// An RGB PNG with adaptive filters.
fn encode_rgb(pixels: &[u8], (width, height): (u32, u32)) -> Result<Vec<u8>, String> {
    use image::ImageEncoder;
    use image::codecs::png::{CompressionType, FilterType, PngEncoder};
    let mut out = Vec::new();
    PngEncoder::new_with_quality(&mut out, CompressionType::Default, FilterType::Adaptive)
        .write_image(pixels, width, height, image::ColorType::Rgb8)
        .map_err(|e| e.to_string())?;
    Ok(out)
}

#[cfg(test)]
mod tests {
    use super::encode_png;

    /// Byte 25 of a PNG is its header's colour type: 3 indexed, 2 RGB.
    fn colour_type(png: &[u8]) -> u8 {
        png[25]
    }

    fn decoded(png: &[u8]) -> Vec<u8> {
        image::load_from_memory(png).unwrap().to_rgb8().into_raw()
    }

    /// A `width × height` image of `colours` colours, each pixel's colour
    /// chosen by a fixed scramble of its place, so that rows differ.
    fn image_of(colours: u32, (width, height): (u32, u32)) -> Vec<u8> {
        (0..width * height)
            .flat_map(|p| {
                let c = p.wrapping_mul(2_654_435_761) % colours;
                [(c % 256) as u8, (c / 256) as u8, 7]
            })
            .collect()
    }

    #[test]
    fn a_figure_of_few_colours_is_a_palette_png_that_decodes_to_the_same_pixels() {
        // Every bit depth, on widths that do and do not fill a row's last byte.
        for colours in [1, 2, 3, 4, 5, 16, 17, 255, 256] {
            for size in [(1, 1), (7, 3), (8, 2), (13, 5), (64, 9)] {
                let pixels = image_of(colours, size);
                let png = encode_png(&pixels, size).unwrap();
                assert_eq!(colour_type(&png), 3, "{colours} colours, {size:?}");
                assert_eq!(decoded(&png), pixels, "{colours} colours, {size:?}");
            }
        }
    }

    #[test]
    fn a_figure_of_more_than_256_colours_is_an_rgb_png_that_decodes_to_the_same_pixels() {
        let size = (61, 17);
        let pixels = image_of(257, size);
        let png = encode_png(&pixels, size).unwrap();
        assert_eq!(colour_type(&png), 2);
        assert_eq!(decoded(&png), pixels);
    }

    #[test]
    fn a_palette_png_is_smaller_than_the_rgb_png_of_the_same_figure() {
        // Two colours in stripes of 5 pixels, as a figure's flat areas are.
        let size = (300, 200);
        let pixels: Vec<u8> = (0..size.0 * size.1)
            .flat_map(|p| {
                if (p / 5) % 2 == 0 {
                    [250, 250, 250]
                } else {
                    [20, 60, 200]
                }
            })
            .collect();
        let palette = encode_png(&pixels, size).unwrap();
        let mut rgb = Vec::new();
        image::ImageEncoder::write_image(
            image::codecs::png::PngEncoder::new(&mut rgb),
            &pixels,
            size.0,
            size.1,
            image::ColorType::Rgb8,
        )
        .unwrap();
        assert!(
            palette.len() < rgb.len(),
            "{} ≥ {}",
            palette.len(),
            rgb.len()
        );
    }
}
