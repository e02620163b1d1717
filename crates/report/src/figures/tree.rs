//! Every path of a small choice tree, drawn: the figure a teacher puts on
//! the board to show why the naive swap cannot be fair.

use super::common::{
    FONT, Figure, FigureError, Formats, REPORT, diverging, draw_title, fit_lines, register_font,
    svg_finished, title_height,
};
use super::png::encode_png;
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
    /// The words the figure draws, in the reader's language.
    pub words: &'a TreeWords,
    /// Drawn for paper: no title block, and every label at least 7 pt
    /// when the figure is printed [`PRINT_WIDTH_MM`] wide.
    pub print: bool,
}

/// The words of a tree figure.
#[derive(Clone, Debug)]
pub struct TreeWords {
    /// The label of each level's picks: `steps[0]` is the first draw's.
    pub steps: Vec<String>,
    /// The label of the tally row.
    pub paths: String,
    /// Each tally entry's label (`"021: 5 of 27"`), in the tally's order.
    pub counts: Vec<String>,
}

/// The printed width a [`PathFigure::print`] tree is drawn for: the text
/// column of an A4 page with 12 mm margins.
pub const PRINT_WIDTH_MM: f64 = 186.0;

/// The sizes of a tree on screen and on paper.
struct TreeSizes {
    /// Left margin: the column of "step i picks" labels.
    left: u32,
    /// From one level of the tree to the next.
    level: u32,
    /// The picks, the leaves and the row labels.
    label: u32,
    /// The tally row.
    count: u32,
    /// Room on each side of a leaf's label.
    pad: u32,
    /// From the leaves to the tally row.
    tally: u32,
}

const SCREEN: TreeSizes = TreeSizes {
    left: 150,
    level: 140,
    label: REPORT.tick,
    count: REPORT.caption,
    pad: 6,
    tally: 100,
};

/// 1,600 px across [`PRINT_WIDTH_MM`]: 27 px labels are drawn at 21.8
/// SVG units, 7.2 pt.
const PAPER: TreeSizes = TreeSizes {
    left: 190,
    level: 96,
    label: 27,
    count: 28,
    pad: 3,
    tally: 80,
};

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
    let z = if tree.print { &PAPER } else { &SCREEN };
    if tree.words.steps.len() < tree.draws || tree.words.counts.len() != tree.tally.len() {
        return None;
    }
    let width = 1600u32;
    let lines = &fit_lines(lines, width);
    let head = if tree.print {
        0
    } else {
        title_height(lines.len())
    };
    let height = head + 40 + z.level * tree.draws as u32 + z.tally + 50;
    let spacing = f64::from(width - z.left - 20) / leaves as f64;
    let fair = leaves as f64 / tree.tally.len() as f64;
    // x of node `k` on `level` (level 0 the root, `draws` the leaves).
    let x = move |level: usize, k: usize| -> i32 {
        let span = tree.outcomes.pow((tree.draws - level) as u32);
        (f64::from(z.left) + spacing * (k * span) as f64 + spacing * span as f64 / 2.0).round()
            as i32
    };
    let y = move |level: usize| -> i32 { (head + 40 + z.level * level as u32) as i32 };
    Some(twin!(Formats::Both, width, height, |root| {
        root.fill(&WHITE).map_err(|e| e.to_string())?;
        if !tree.print {
            let (top, _) = root.split_vertically(head);
            draw_title(&top, title, lines)?;
        }
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
                    (k % tree.outcomes).to_string(),
                    (lx, ly),
                    centred(z.label, BLACK),
                ))
                .map_err(|e| e.to_string())?;
            }
            root.draw(&Text::new(
                tree.words.steps[level - 1].clone(),
                (12, (y(level - 1) + y(level)) / 2),
                (FONT, z.label)
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
            let half = (super::common::text_width(text, z.label) / 2 + z.pad) as i32;
            root.draw(&Rectangle::new(
                [(cx - half, cy - 16), (cx + half, cy + 16)],
                fill.filled(),
            ))
            .and_then(|()| {
                root.draw(&Text::new(
                    text.to_string(),
                    (cx, cy),
                    centred(z.label, BLACK),
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
        let row = y(tree.draws) + z.tally as i32;
        let cell = f64::from(width - z.left - 20) / tree.tally.len() as f64;
        root.draw(&Text::new(
            tree.words.paths.as_str(),
            (12, row),
            (FONT, z.label)
                .into_font()
                .color(&grey)
                .pos(Pos::new(HPos::Left, VPos::Center)),
        ))
        .map_err(|e| e.to_string())?;
        for (i, ((_, c), text)) in tree.tally.iter().zip(&tree.words.counts).enumerate() {
            let cx = (f64::from(z.left) + cell * (i as f64 + 0.5)).round() as i32;
            let half = (super::common::text_width(text, z.count) / 2 + 10) as i32;
            root.draw(&Rectangle::new(
                [(cx - half, row - 20), (cx + half, row + 20)],
                shade(*c, fair).filled(),
            ))
            .map_err(|e| e.to_string())?;
            root.draw(&Text::new(
                text.as_str(),
                (cx, row),
                centred(z.count, BLACK),
            ))
            .map_err(|e| e.to_string())?;
        }
        Ok(())
    }))
}
