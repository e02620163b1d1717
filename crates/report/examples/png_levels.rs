//! Re-encodes PNG figures at several zlib levels and filters, and as the
//! figures are written (`figures::encode_png`: a palette PNG when a figure
//! has at most 256 colours), and prints the time and total size of each: the
//! measurement behind the encoding the figures are written with. It checks
//! that every re-encoded figure decodes to the same pixels.
//!
//! `cargo run --release -p report --example png_levels -- reports/figures/*/*.png`

use image::ImageEncoder;
use image::codecs::png::{CompressionType, FilterType, PngEncoder};
use std::time::Instant;

fn main() {
    let files: Vec<String> = std::env::args().skip(1).collect();
    if files.is_empty() {
        eprintln!("usage: png_levels FILE.png...");
        std::process::exit(2);
    }
    let images: Vec<_> = files
        .iter()
        .map(|f| match image::open(f) {
            Ok(img) => img.to_rgb8(),
            Err(e) => {
                eprintln!("{f}: {e}");
                std::process::exit(2);
            }
        })
        .collect();
    let settings = [
        (
            "RGB best, adaptive",
            CompressionType::Best,
            FilterType::Adaptive,
        ),
        (
            "RGB default, adaptive",
            CompressionType::Default,
            FilterType::Adaptive,
        ),
        (
            "RGB fast, adaptive",
            CompressionType::Fast,
            FilterType::Adaptive,
        ),
    ];
    let on_disk: u64 = files
        .iter()
        .map(|f| std::fs::metadata(f).map_or(0, |m| m.len()))
        .sum();
    println!(
        "{} figures, {:.2} MB as given",
        images.len(),
        on_disk as f64 / 1e6
    );
    for (name, level, filter) in settings {
        let start = Instant::now();
        let mut bytes = 0;
        for img in &images {
            let mut out = Vec::new();
            PngEncoder::new_with_quality(&mut out, level, filter)
                .write_image(img, img.width(), img.height(), image::ColorType::Rgb8)
                .expect("re-encoding a decoded image");
            bytes += out.len();
        }
        let seconds = start.elapsed().as_secs_f64();
        println!("{name:>24}: {seconds:6.2} s  {:6.2} MB", bytes as f64 / 1e6);
    }
    let start = Instant::now();
    let mut bytes = 0;
    let mut indexed = 0;
    for (img, file) in images.iter().zip(&files) {
        let out = report::figures::encode_png(img.as_raw(), img.dimensions())
            .expect("encoding a decoded image");
        bytes += out.len();
        // Colour type byte of the IHDR chunk: 3 is indexed.
        indexed += usize::from(out[25] == 3);
        let back = image::load_from_memory(&out).expect("decoding").to_rgb8();
        if back.as_raw() != img.as_raw() {
            eprintln!("{file}: re-encoded pixels differ");
            std::process::exit(1);
        }
    }
    let seconds = start.elapsed().as_secs_f64();
    println!(
        "{:>24}: {seconds:6.2} s  {:6.2} MB  ({indexed} of {} indexed; time includes the check)",
        "as written (encode_png)",
        bytes as f64 / 1e6,
        images.len()
    );
}
