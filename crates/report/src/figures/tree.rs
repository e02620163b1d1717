//! Every path of a small choice tree, drawn: the figure a teacher puts on
//! the board to show why the naive swap cannot be fair.

use super::common::{
    FONT, Figure, FigureError, Formats, REPORT, diverging, draw_title, encode_png, fit_lines,
    register_font, svg_defaults_dropped, title_height,
};
use plotters::prelude::*;
use plotters::style::text_anchor::{HPos, Pos, VPos};

/// A tree of equally likely paths: every draw has `outcomes` results, and
/// each leaf deals an arrangement.
#[derive(Clone, Debug)]
pub struct PathFigure<'a> {
    /// The deck before the first draw, as letters.
    pub start: &'a str,
    /// The number of equally likely results of every draw.
    pub outcomes: usize,
    /// The number of draws: the tree's depth.
    pub draws: usize,
    /// Each leaf's arrangement, first draw slowest
    /// (`outcomes^draws` of them).
    pub leaves: &'a [String],
    /// Each distinct arrangement, with how many leaves deal it, in the
    /// order the tally row shows them.
    pub tally: &'a [(String, u64)],
}

/// Left margin: the column of "step i picks" labels.
const LEFT: u32 = 150;
/// From one level of the tree to the next.
const LEVEL: u32 = 140;

/// The shade of an arrangement dealt `count` times where a fair shuffle
/// would deal `fair`: the heatmaps' palette, red above fair and blue
/// below, pale enough for black text.
fn shade(count: u64, fair: f64) -> RGBColor {
    let d = count as f64 - fair;
    if d.abs() < 1e-9 {
        diverging(0.0)
    } else {
        diverging(0.5 * d.signum())
    }
}

/// The tree of every path, root at the top and one leaf per path along the
/// bottom, each leaf the arrangement it deals on the heatmaps' palette (red
/// when the arrangement is dealt by more paths than its fair share, blue
/// by fewer), then a row with each arrangement's count of paths. `None`
/// leaves it undrawn: a tree of more than 64 leaves has no room for its
/// labels.
pub fn path_tree(
    title: &str,
    lines: &[String],
    tree: &PathFigure,
) -> Option<Result<Figure, FigureError>> {
    let leaves = tree.leaves.len();
    let expected = tree.outcomes.checked_pow(tree.draws as u32)?;
    if leaves == 0 || leaves > 64 || leaves != expected || tree.tally.is_empty() {
        return None;
    }
    let t = &REPORT;
    let width = 1600u32;
    let lines = &fit_lines(lines, width);
    let head = title_height(lines.len());
    let height = head + 40 + LEVEL * tree.draws as u32 + 150;
    let spacing = f64::from(width - LEFT - 20) / leaves as f64;
    let fair = leaves as f64 / tree.tally.len() as f64;
    // x of node `k` on `level` (level 0 the root, `draws` the leaves).
    let x = move |level: usize, k: usize| -> i32 {
        let span = tree.outcomes.pow((tree.draws - level) as u32);
        (f64::from(LEFT) + spacing * (k * span) as f64 + spacing * span as f64 / 2.0).round() as i32
    };
    let y = move |level: usize| -> i32 { (head + 40 + LEVEL * level as u32) as i32 };
    Some(twin!(Formats::Both, width, height, |root| {
        root.fill(&WHITE).map_err(|e| e.to_string())?;
        let (top, _) = root.split_vertically(head);
        draw_title(&top, title, lines)?;
        let centred = |px: u32, colour: RGBColor| {
            (FONT, px)
                .into_font()
                .color(&colour)
                .pos(Pos::new(HPos::Center, VPos::Center))
        };
        let grey = RGBColor(110, 110, 110);
        // Edges, each labelled with the position its draw picks.
        for level in 1..=tree.draws {
            let nodes = tree.outcomes.pow(level as u32);
            for k in 0..nodes {
                let (px, py) = (x(level - 1, k / tree.outcomes), y(level - 1));
                let (cx, cy) = (x(level, k), y(level));
                root.draw(&PathElement::new(
                    vec![(px, py), (cx, cy)],
                    grey.stroke_width(2),
                ))
                .map_err(|e| e.to_string())?;
                let (lx, ly) = (
                    px + ((cx - px) as f64 * 0.62) as i32,
                    py + ((cy - py) as f64 * 0.62) as i32,
                );
                root.draw(&Rectangle::new(
                    [(lx - 11, ly - 12), (lx + 11, ly + 12)],
                    WHITE.filled(),
                ))
                .map_err(|e| e.to_string())?;
                root.draw(&Text::new(
                    (k % tree.outcomes + 1).to_string(),
                    (lx, ly),
                    centred(t.tick, BLACK),
                ))
                .map_err(|e| e.to_string())?;
            }
            root.draw(&Text::new(
                format!("step {level} picks"),
                (12, (y(level - 1) + y(level)) / 2),
                (FONT, t.tick)
                    .into_font()
                    .color(&grey)
                    .pos(Pos::new(HPos::Left, VPos::Center)),
            ))
            .map_err(|e| e.to_string())?;
        }
        // Inner nodes as dots, the root and the leaves as labels.
        for level in 1..tree.draws {
            for k in 0..tree.outcomes.pow(level as u32) {
                root.draw(&Circle::new((x(level, k), y(level)), 6, grey.filled()))
                    .map_err(|e| e.to_string())?;
            }
        }
        let label = |text: &str, (cx, cy): (i32, i32), fill: RGBColor| {
            let half = (super::common::text_width(text, t.tick) / 2 + 6) as i32;
            root.draw(&Rectangle::new(
                [(cx - half, cy - 16), (cx + half, cy + 16)],
                fill.filled(),
            ))
            .and_then(|()| {
                root.draw(&Text::new(
                    text.to_string(),
                    (cx, cy),
                    centred(t.tick, BLACK),
                ))
            })
            .map_err(|e| e.to_string())
        };
        label(tree.start, (x(0, 0), y(0)), RGBColor(225, 225, 225))?;
        let count = |a: &str| tree.tally.iter().find(|(b, _)| b == a).map_or(0, |c| c.1);
        for (k, leaf) in tree.leaves.iter().enumerate() {
            label(
                leaf,
                (x(tree.draws, k), y(tree.draws) + 4),
                shade(count(leaf), fair),
            )?;
        }
        // The tally: each arrangement and how many paths deal it.
        let row = y(tree.draws) + 100;
        let cell = f64::from(width - LEFT - 20) / tree.tally.len() as f64;
        root.draw(&Text::new(
            "paths",
            (12, row),
            (FONT, t.tick)
                .into_font()
                .color(&grey)
                .pos(Pos::new(HPos::Left, VPos::Center)),
        ))
        .map_err(|e| e.to_string())?;
        for (i, (a, c)) in tree.tally.iter().enumerate() {
            let cx = (f64::from(LEFT) + cell * (i as f64 + 0.5)).round() as i32;
            let text = format!("{a}: {c} of {leaves}");
            let half = (super::common::text_width(&text, t.caption) / 2 + 10) as i32;
            root.draw(&Rectangle::new(
                [(cx - half, row - 20), (cx + half, row + 20)],
                shade(*c, fair).filled(),
            ))
            .map_err(|e| e.to_string())?;
            root.draw(&Text::new(text, (cx, row), centred(t.caption, BLACK)))
                .map_err(|e| e.to_string())?;
        }
        Ok(())
    }))
}
