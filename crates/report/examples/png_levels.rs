//! Re-encodes PNG figures at several zlib levels and filters, and prints the
//! time and total size of each: the measurement behind the level the
//! figures are written with.
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
            "best, adaptive",
            CompressionType::Best,
            FilterType::Adaptive,
        ),
        (
            "default, adaptive",
            CompressionType::Default,
            FilterType::Adaptive,
        ),
        (
            "fast, adaptive",
            CompressionType::Fast,
            FilterType::Adaptive,
        ),
    ];
    println!("{} figures", images.len());
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
        println!("{name:>18}: {seconds:6.2} s  {:6.1} MB", bytes as f64 / 1e6);
    }
}
