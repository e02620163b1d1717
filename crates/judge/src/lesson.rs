//! Which algorithms the teaching pages compare, and which one stands beside
//! every heatmap as the fair control: chosen here, once, by registry id, so
//! that every page, slide, handout and the live page show the same three.

use algorithms::registry::{self, Quote};
use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;

/// The algorithm whose samples stand beside every other algorithm's
/// heatmaps as the fair control.
pub const FAIR_CONTROL: &str = "fisher-yates";

/// The three shuffles the teacher's section, the handouts and the slides
/// compare: `altNaiveShuffle` (the loop that picks among all cards), the
/// off-by-one that makes it Sattolo's algorithm, and the fair control.
/// All three are the JavaScript loop of
/// "The JavaScript Shuffle" (`altNaiveShuffle`, its one-line "fix", the
/// correct line), which walks the deck backwards: the lines the pages quote
/// ([`lesson_quotes`]) are those of the algorithms whose numbers and
/// figures they show.
pub const LESSON: [&str; 3] = ["alt-naive-shuffle", "blog-fisher-yates", FAIR_CONTROL];

/// What every page, slide and handout calls each of [`LESSON`], in its
/// order. The first is the loop's own name in its document: "the naive
/// swap" is the forward loop `naive-swap` (seed 004's `N^N` loop) and
/// nothing else, so a page that says it quotes that loop and prints its
/// numbers.
pub const LESSON_NAMES: [&str; 3] = ["altNaiveShuffle", "off by one", "Fisher–Yates"];

/// The line each of [`LESSON`] is quoted by, in its order.
pub fn lesson_quotes() -> [&'static Quote; 3] {
    LESSON.map(|id| registry::quote(id).expect("every lesson algorithm is quoted"))
}

/// The algorithm and deck whose every path the teacher's page shows.
pub const PATH_TREE: (&str, usize) = (LESSON[0], 3);

/// The most paths a teacher's tree may have.
const PATH_TREE_MAX_PATHS: usize = 10_000;

/// Every path of a small choice tree whose draws are uniform: what a
/// teacher draws as a tree.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct PathTree {
    /// The registered algorithm.
    pub algorithm: String,
    /// Number of cards.
    pub deck: usize,
    /// Each path, first draw slowest.
    pub paths: Vec<PathRow>,
}

/// One path: its draws and the arrangement they deal.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct PathRow {
    /// Each draw's result, 0-based.
    pub choices: Vec<u64>,
    /// Each draw's number of equally likely results.
    pub outcomes: Vec<u64>,
    /// The card (by starting position) that ends at each position.
    pub arrangement: Vec<usize>,
}

impl PathTree {
    /// Every path of `entry` on `deck` cards.
    ///
    /// # Errors
    /// As [`stats::law::exact::every_path`], with at most 10,000 paths.
    pub fn of(entry: &algorithms::Entry, deck: usize) -> Result<Self, stats::ExactError> {
        let paths = stats::law::exact::every_path(&entry.algorithm, deck, PATH_TREE_MAX_PATHS)?;
        Ok(PathTree {
            algorithm: entry.id.into(),
            deck,
            paths: paths
                .into_iter()
                .map(|p| PathRow {
                    choices: p.choices,
                    outcomes: p.outcomes,
                    arrangement: p.arrangement,
                })
                .collect(),
        })
    }

    /// How many paths deal each arrangement, arrangements in
    /// lexicographic order.
    pub fn tally(&self) -> Vec<(&[usize], usize)> {
        let mut t: BTreeMap<&[usize], usize> = BTreeMap::new();
        for p in &self.paths {
            *t.entry(&p.arrangement).or_insert(0) += 1;
        }
        t.into_iter().collect()
    }
}
