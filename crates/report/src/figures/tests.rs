//! Each figure drawn, decoded and looked at as a reader would.

use super::*;
use plotters::style::RGBColor;

/// Decodes a PNG and checks what a reader would see: the size, many
/// colours (not blank), and dark text pixels in the title block.
pub(crate) fn check_png(png: &[u8], width: u32, height: u32) {
    let img = image::load_from_memory(png).expect("PNG decodes").to_rgb8();
    assert_eq!(img.dimensions(), (width, height));
    let mut colours: Vec<[u8; 3]> = img.pixels().map(|p| p.0).collect();
    colours.sort_unstable();
    colours.dedup();
    assert!(colours.len() > 20, "only {} colours", colours.len());
    let dark_in_title = (0..width)
        .flat_map(|x| (8..36).map(move |y| (x, y)))
        .filter(|&(x, y)| img.get_pixel(x, y).0.iter().all(|&c| c < 80))
        .count();
    assert!(
        dark_in_title > 200,
        "no title text ({dark_in_title} dark pixels)"
    );
}

#[test]
fn diverging_scale_is_white_at_zero_and_symmetric() {
    assert_eq!(diverging(0.0), RGBColor(247, 247, 247));
    assert_eq!(diverging(1.0), RGBColor(202, 0, 32));
    assert_eq!(diverging(-1.0), RGBColor(5, 113, 176));
    assert_eq!(diverging(7.0), diverging(1.0), "clamped");
    let (r, b) = (diverging(0.3), diverging(-0.3));
    assert!(r.0 > r.2 && b.2 > b.0, "{r:?} {b:?}");
}

#[test]
fn heatmap_png_has_size_colours_and_text() {
    let m: Vec<Vec<f64>> = (0..4)
        .map(|i| (0..4).map(|j| (i as f64 - j as f64) / 10.0).collect())
        .collect();
    let panels = [Panel {
        heading: "n = 4".into(),
        deviation: &m,
    }];
    let figure = heatmap(
        "naive-swap",
        &["line one".into()],
        &panels,
        colour_limit(&[&m], 0.0),
    )
    .unwrap();
    check_png(&figure.png, 730, 710);
    let svg = &figure.svg;
    assert!(svg.starts_with("<svg") && svg.contains("naive-swap"));
}

#[test]
fn permutation_figures_draw_for_small_and_large_decks() {
    let p = [0.2, 0.15, 0.15, 0.2, 0.15, 0.15];
    let f = permutations(
        "naive-swap, 3 cards",
        &[],
        3,
        &p,
        Some(1000),
        Some(&[1.0 / 6.0; 6]),
    )
    .unwrap();
    check_png(&f.png, 1000, 610);
    let q: Vec<f64> = (0..120).map(|i| (1.0 + (i % 7) as f64) / 480.0).collect();
    let f = permutations("naive-swap, 5 cards", &[], 5, &q, None, None).unwrap();
    check_png(&f.png, 1000, 610);
    let svg = &f.svg;
    assert!(svg.contains("arrangements, from most to least likely"));
}

#[test]
fn p_value_histogram_draws_one_panel_per_test() {
    let a: Vec<f64> = (0..50).map(|i| (f64::from(i) + 0.5) / 50.0).collect();
    let b: Vec<f64> = (0..50).map(|i| f64::from(i) * 1e-4).collect();
    let f = p_values(
        "naive-swap: p-values",
        &["50 runs".into()],
        &[
            PValues {
                name: "flat",
                values: &a,
                ks_log10_p: 0.0,
            },
            PValues {
                name: "piled",
                values: &b,
                ks_log10_p: -30.0,
            },
        ],
    )
    .unwrap();
    check_png(&f.png, 880, 510);
    let svg = &f.svg;
    assert!(
        svg.contains("flat: KS p") && svg.contains("piled: KS p"),
        "{svg}"
    );
}
