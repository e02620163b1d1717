//! Each figure drawn, decoded and looked at as a reader would.

use super::common::{greys_on_grid, svg_font_scale};
use super::*;
use plotters::style::RGBColor;

/// Decodes a PNG and checks what a reader would see: the size, a dozen
/// colours or more (not blank), and dark text pixels in the title block.
pub(crate) fn check_png(png: &[u8], width: u32, height: u32) {
    let img = image::load_from_memory(png).expect("PNG decodes").to_rgb8();
    assert_eq!(img.dimensions(), (width, height));
    let mut colours: Vec<[u8; 3]> = img.pixels().map(|p| p.0).collect();
    colours.sort_unstable();
    colours.dedup();
    // Not blank: text smoothed in 16 greys, and the figure's own colours.
    assert!(colours.len() > 12, "only {} colours", colours.len());
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
fn diverging_scale_is_near_white_at_zero_red_above_and_blue_below() {
    let white = diverging(0.0);
    assert!(white.0 == white.1 && white.1 == white.2, "{white:?}");
    assert!((lightness(white) - 97.0).abs() < 0.5, "{white:?}");
    assert_eq!(diverging(7.0), diverging(1.0), "clamped");
    assert_eq!(diverging(f64::NAN), diverging(0.0));
    for v in [0.1, 0.3, 0.6, 1.0] {
        let (r, b) = (diverging(v), diverging(-v));
        assert!(r.0 > r.2 && b.2 > b.0, "{v}: {r:?} {b:?}");
    }
}

#[test]
fn the_palette_is_balanced_in_lightness() {
    // A card 20 % too rarely drawn as strongly as one 20 % too often: at
    // +x and −x the same CIE L* within 3 units, across the whole scale;
    // lightness falls steadily away from 0 on both sides, to L* about 40.
    let palette = super::common::palette();
    let steps = super::common::PALETTE_STEPS;
    for i in 0..=steps {
        let (red, blue) = (lightness(palette[steps + i]), lightness(palette[steps - i]));
        assert!(
            (red - blue).abs() <= 3.0,
            "x = {}: L* {red:.1} vs {blue:.1}",
            i as f64 / steps as f64
        );
    }
    for side in [1.0, -1.0] {
        let ls: Vec<f64> = (0..=20)
            .map(|i| lightness(diverging(side * f64::from(i) / 20.0)))
            .collect();
        assert!(ls.windows(2).all(|w| w[1] < w[0]), "{ls:?}");
        assert!((ls[20] - 40.0).abs() < 1.5, "{ls:?}");
    }
    assert!((lightness(RGBColor(255, 255, 255)) - 100.0).abs() < 1e-9);
    assert!(lightness(RGBColor(0, 0, 0)).abs() < 1e-9);
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
    let draw = |formats| {
        heatmap(
            "naive-swap",
            &["line one".into()],
            &panels,
            colour_limit(&[&m], 0.0),
            formats,
        )
        .unwrap()
    };
    let figure = draw(Formats::Both);
    // A 150 px colour bar beside one 640 px panel; a title block of one
    // line (30 + 30 + 27 px) above it.
    check_png(figure.png.as_deref().expect("a PNG asked for"), 790, 727);
    let svg = figure.svg.as_deref().expect("both twins asked for");
    assert!(svg.starts_with("<svg") && svg.contains("naive-swap"));
    // The PNG alone is the same PNG, without drawing the SVG.
    let alone = draw(Formats::Png);
    assert_eq!(alone.svg, None);
    assert_eq!(alone.png, figure.png);
    // The SVG alone is the same SVG, without drawing the PNG.
    let alone = draw(Formats::Svg);
    assert_eq!(alone.png, None);
    assert_eq!(alone.svg, figure.svg);
    // Drawn on whole pixels, so that cells meet without seams.
    assert!(svg.starts_with("<svg shape-rendering=\"crispEdges\" "));
}

#[test]
fn svg_text_is_as_large_as_the_png_text() {
    // DejaVu Sans: 2048 units to the em, ascent 1901 and descent 483
    // (its `hhea` table). The PNG draws a title of 30 px from ascent to
    // descent, an em of 30 × 2048 / 2384 = 25.77 px; plotters alone would
    // write 30 / 1.24 = 24.19.
    assert!((svg_font_scale() - 1.24 * 2048.0 / 2384.0).abs() < 1e-12);
    let m = vec![vec![0.0; 3]; 3];
    let panels = [Panel {
        heading: "n = 3".into(),
        deviation: &m,
    }];
    let f = heatmap("title", &[], &panels, 1.0, Formats::Svg).unwrap();
    let svg = f.svg.unwrap();
    assert!(svg.contains("font-size=\"25.77\""), "{}", &svg[..600]);
    assert!(!svg.contains("font-size=\"24.19"));
    // In the font the PNG is laid out with, where the reader has it.
    assert!(svg.contains(" font-family=\"'DejaVu Sans', sans-serif\""));
    assert!(!svg.contains(" font-family=\"sans-serif\""));
}

#[test]
fn the_colour_bar_stops_at_minus_100_percent() {
    // Cards dealt to a place twice as often as fair, or never: the red end
    // runs to +200%, the blue end stops at −100%.
    let m = vec![vec![2.0, -1.0], vec![-1.0, 2.0]];
    let panels = [Panel {
        heading: "n = 2".into(),
        deviation: &m,
    }];
    let limit = colour_limit(&[&m], 0.0);
    assert_eq!(limit, 2.0);
    let f = heatmap("twice or never", &[], &panels, limit, Formats::Both).unwrap();
    let svg = f.svg.as_deref().unwrap();
    let ticks: Vec<f64> = svg
        .lines()
        .filter_map(|l| l.trim().strip_suffix('%')?.parse::<f64>().ok())
        .collect();
    assert!(ticks.len() >= 4, "{ticks:?}");
    let (low, high) = ticks
        .iter()
        .fold((f64::MAX, f64::MIN), |(a, b), &t| (a.min(t), b.max(t)));
    assert!((-100.0..=-50.0).contains(&low), "{ticks:?}");
    assert!(high > 150.0, "{ticks:?}");
    assert_eq!(
        crate::files::scale_range(limit, 0),
        "−100% to +200%",
        "the words say where the bar stops"
    );
    assert_eq!(crate::files::scale_range(0.25, 1), "±25.0%");
}

#[test]
fn permutation_figures_draw_for_small_and_large_decks() {
    let p = [1.2, 0.9, 0.9, 1.2, 0.9, 0.9];
    let f = permutations(
        "naive-swap, 3 cards",
        &[],
        Arrangements {
            deck: 3,
            ratios: &p,
            envelope: Some(&[(0.8, 1.2); 6]),
            exact: Some(&[1.0; 6]),
            fractions: Some(&["4/27", "5/27", "5/27", "5/27", "4/27", "4/27"].map(String::from)),
            top: 1.5,
            from_uniform: false,
        },
        Formats::Both,
    )
    .unwrap();
    // No subtitle: a 60 px title block above 560 px of plot.
    check_png(f.png.as_deref().expect("a PNG asked for"), 1000, 620);
    // Bars from zero, each with its exact probability.
    let svg = f.svg.as_deref().expect("both twins asked for");
    let text = |t: &str| svg.lines().any(|l| l.trim() == t);
    assert!(text("×0") && text("5/27") && text("4/27"), "{svg}");
    let q: Vec<f64> = (0..120).map(|i| (1.0 + (i % 7) as f64) / 4.0).collect();
    let env: Vec<(f64, f64)> = (0..120)
        .map(|i| (1.2 - i as f64 / 200.0, 1.5 - i as f64 / 200.0))
        .collect();
    let f = permutations(
        "naive-swap, 5 cards",
        &[],
        Arrangements {
            deck: 5,
            ratios: &q,
            envelope: Some(&env),
            exact: None,
            fractions: None,
            top: 2.0,
            from_uniform: false,
        },
        Formats::Both,
    )
    .unwrap();
    check_png(f.png.as_deref().expect("a PNG asked for"), 1000, 620);
    let svg = f.svg.as_deref().expect("both twins asked for");
    assert!(svg.contains("arrangements, from most to least likely"));
    assert!(svg.contains("times as likely as uniform (1 = 1/5!)"));
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
    check_png(f.png.as_deref().expect("a PNG asked for"), 880, 527);
    let svg = f
        .svg
        .as_deref()
        .expect("p-value figures are drawn as both twins");
    assert!(
        svg.contains("flat: KS p") && svg.contains("piled: KS p"),
        "{svg}"
    );
}

#[test]
fn subtitles_wrap_inside_the_canvas() {
    use super::common::{fit_lines, line_width};
    let long = "3 cards, 200,000 shuffles, seed 1. Blue: sampled; black line: uniform 1/3!; grey: \
                the band every bar of a fair shuffle stays in (99 of 100 runs); red: the exact law."
        .to_string();
    for width in [730, 1000, 1370] {
        let lines = fit_lines(std::slice::from_ref(&long), width);
        assert!(
            lines.iter().all(|l| line_width(l) <= width - 28),
            "{lines:?}"
        );
        assert_eq!(lines.join(" "), long, "no word lost");
        assert_eq!(lines.len() > 1, line_width(&long) > width - 28);
    }
    // The figure grows to hold them: one more line, 27 px taller.
    let m = vec![vec![0.0; 3]; 3];
    let panel = [Panel {
        heading: "n = 3".into(),
        deviation: &m,
    }];
    let short = heatmap("t", &["one line".into()], &panel, 0.1, Formats::Png).unwrap();
    let wrapped = heatmap("t", std::slice::from_ref(&long), &panel, 0.1, Formats::Png).unwrap();
    let height = |png: &[u8]| image::load_from_memory(png).unwrap().height();
    let extra = fit_lines(std::slice::from_ref(&long), 790).len() as u32 - 1;
    assert!(extra >= 1);
    let png = |f: &Figure| f.png.clone().expect("a PNG asked for");
    assert_eq!(height(&png(&wrapped)), height(&png(&short)) + 27 * extra);
}

#[test]
fn the_slide_is_16_by_9_with_no_text_under_24_px() {
    use super::common::{SLIDE, fit_lines_at, text_width};
    let t = SLIDE;
    for (what, px) in [
        ("title", t.title),
        ("lines", t.line),
        ("captions", t.caption),
        ("ticks", t.tick),
        ("axis titles", t.axis),
    ] {
        assert!(px >= 24, "{what}: {px} px");
    }
    let m: Vec<Vec<f64>> = (0..6)
        .map(|i| (0..6).map(|j| (i as f64 - j as f64) / 10.0).collect())
        .collect();
    let panels: Vec<Panel> = ["naive swap", "off by one", "Fisher–Yates"]
        .iter()
        .map(|h| Panel {
            heading: h.to_string(),
            deviation: &m,
        })
        .collect();
    let line = "naive swap: random() * deck.length  ·  off by one: random() * index  ·  \
                Fisher–Yates: random() * (index + 1), and more words to wrap"
        .to_string();
    let f = slide(
        "One line decides",
        std::slice::from_ref(&line),
        &panels,
        0.5,
        &[],
        "footer",
    )
    .unwrap();
    check_png(f.png.as_deref().expect("a PNG asked for"), 1920, 1080);
    // Every subtitle line fits the slide at the slide's size.
    let lines = fit_lines_at(std::slice::from_ref(&line), 1920, t.line);
    assert!(
        lines.iter().all(|l| text_width(l, t.line) <= 1920 - 28),
        "{lines:?}"
    );
}

#[test]
fn greys_go_on_a_grid_of_16_levels_and_nothing_else_moves() {
    let centre = palette()[PALETTE_STEPS];
    assert!(centre.0 == centre.1 && centre.1 == centre.2, "{centre:?}");
    let mut pixels = vec![
        0, 0, 0, // black stays
        8, 8, 8, // to 0
        9, 9, 9, // to 17
        60, 60, 60, // to 68
        247, 247, 247, // to 255, the nearest level
        255, 255, 255, // white stays
        10, 11, 12, // not grey: stays
        centre.0, centre.1, centre.2, // the palette's grey stays
    ];
    greys_on_grid(&mut pixels);
    let expected = vec![
        0, 0, 0, 0, 0, 0, 17, 17, 17, 68, 68, 68, 255, 255, 255, 255, 255, 255, 10, 11, 12,
        centre.0, centre.1, centre.2,
    ];
    assert_eq!(pixels, expected);
    // Every grey moves by at most 8.
    for v in 0..=255u8 {
        let mut p = [v, v, v];
        greys_on_grid(&mut p);
        assert!(p[0].abs_diff(v) <= 8, "{v} -> {}", p[0]);
    }
}

#[test]
fn a_52_card_heatmap_is_a_palette_png() {
    // 52 × 52 cells over half the colour scale, as a biased shuffle's are:
    // 129 steps of the palette and the text's greys fit 256 colours.
    let m: Vec<Vec<f64>> = (0..52)
        .map(|i| {
            (0..52)
                .map(|j| ((i * 52 + j) % 129) as f64 / 128.0 - 0.5)
                .collect()
        })
        .collect();
    let panels = [Panel {
        heading: "52 cards".into(),
        deviation: &m,
    }];
    let f = heatmap("palette", &["a line".into()], &panels, 1.0, Formats::Png).unwrap();
    let png = f.png.unwrap();
    assert_eq!(png[25], 3, "an indexed PNG");
}
