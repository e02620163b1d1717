//! Every path of a small choice tree, one by one: what a teacher draws as a
//! tree (the naive swap's 27 paths on 3 cards).

use crate::error::ExactError;
use algorithms::{Draw, Shuffle, Source};

/// One path of an algorithm's choice tree: the choices it drew, in order,
/// and the arrangement they deal (`arrangement[j]` is the card, by its
/// starting position, that ends at position `j`).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Path {
    /// The result of each draw, in order.
    pub choices: Vec<u64>,
    /// Each draw's number of equally likely results, in order.
    pub outcomes: Vec<u64>,
    /// The dealt arrangement of `0..deck`.
    pub arrangement: Vec<usize>,
}

/// Answers the draws from a recorded prefix, then with 0, recording how
/// many results each new draw has.
struct Replay {
    choices: Vec<u64>,
    outcomes: Vec<u64>,
    next: usize,
    not_uniform: Option<Draw>,
}

/// The most draws one listed path may take: a loop that asks to go on past
/// it (a redraw that keeps drawing a taken card) makes the tree infinite.
pub const MAX_PATH_DRAWS: usize = 4096;

impl Source for Replay {
    fn keep_going(&self) -> bool {
        self.next < MAX_PATH_DRAWS
    }

    fn draw(&mut self, draw: Draw) -> u64 {
        let k = match draw {
            Draw::Below(k) => k,
            other => {
                self.not_uniform.get_or_insert(other);
                1
            }
        };
        let i = self.next;
        self.next += 1;
        if i < self.choices.len() {
            self.choices[i]
        } else {
            self.choices.push(0);
            self.outcomes.push(k);
            0
        }
    }
}

/// Every path of `algorithm` on a deck of `deck` cards, in the order of
/// their choices (first draw slowest), when every draw is uniform
/// ([`Draw::Below`]) and the tree is finite: each path then has the same
/// probability only if every path draws the same sizes, so each [`Path`]
/// carries its draws' sizes.
///
/// # Errors
/// [`ExactError::NotUniform`] for a draw other than [`Draw::Below`];
/// [`ExactError::TooManyPaths`] past `max_paths` paths;
/// [`ExactError::Unbounded`] for a path whose loop goes on past
/// [`MAX_PATH_DRAWS`] draws.
pub fn every_path<A: Shuffle + ?Sized>(
    algorithm: &A,
    deck: usize,
    max_paths: usize,
) -> Result<Vec<Path>, ExactError> {
    let mut paths = Vec::new();
    let mut choices: Vec<u64> = Vec::new();
    let mut outcomes: Vec<u64> = Vec::new();
    loop {
        if paths.len() == max_paths {
            return Err(ExactError::TooManyPaths {
                needed: (max_paths + 1) as f64,
                budget: max_paths as f64,
            });
        }
        let mut replay = Replay {
            choices: std::mem::take(&mut choices),
            outcomes: std::mem::take(&mut outcomes),
            next: 0,
            not_uniform: None,
        };
        let mut cards: Vec<usize> = (0..deck).collect();
        algorithm.shuffle(&mut cards, &mut replay);
        if replay.next >= MAX_PATH_DRAWS {
            return Err(ExactError::Unbounded {
                draws: MAX_PATH_DRAWS,
            });
        }
        if let Some(draw) = replay.not_uniform {
            return Err(ExactError::NotUniform {
                draw: format!("{draw:?}"),
            });
        }
        // A path that asked for fewer draws than the prefix is impossible
        // for a deterministic algorithm; keep only what this run drew.
        replay.choices.truncate(replay.next);
        replay.outcomes.truncate(replay.next);
        paths.push(Path {
            choices: replay.choices.clone(),
            outcomes: replay.outcomes.clone(),
            arrangement: cards,
        });
        // The odometer: step the deepest choice that has a next value.
        choices = replay.choices;
        outcomes = replay.outcomes;
        while let (Some(&c), Some(&k)) = (choices.last(), outcomes.last()) {
            if c + 1 < k {
                *choices.last_mut().expect("non-empty") += 1;
                break;
            }
            choices.pop();
            outcomes.pop();
        }
        if choices.is_empty() {
            return Ok(paths);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use algorithms::registry;
    use std::collections::BTreeMap;

    fn tally(id: &str, deck: usize) -> (usize, BTreeMap<Vec<usize>, usize>) {
        let entry = registry::find(id).expect("registered");
        let paths = every_path(&entry.algorithm, deck, 10_000).expect("listable");
        let mut t = BTreeMap::new();
        for p in &paths {
            *t.entry(p.arrangement.clone()).or_insert(0) += 1;
        }
        (paths.len(), t)
    }

    #[test]
    fn the_naive_swap_has_27_paths_on_3_cards_split_4_5_5_5_4_4() {
        let (n, t) = tally("naive-swap", 3);
        assert_eq!(n, 27);
        // Arrangements in lexicographic order: 012, 021, 102, 120, 201, 210.
        assert_eq!(t.values().copied().collect::<Vec<_>>(), [4, 5, 5, 5, 4, 4]);
    }

    #[test]
    fn fisher_yates_has_one_path_per_arrangement() {
        for deck in 1..=5 {
            let (n, t) = tally("fisher-yates", deck);
            let f: usize = (1..=deck).product();
            assert_eq!(n, f, "n = {deck}");
            assert_eq!(t.len(), f);
            assert!(t.values().all(|&c| c == 1));
        }
    }

    #[test]
    fn the_paths_agree_with_the_exact_law() {
        let entry = registry::find("naive-swap").unwrap();
        let paths = every_path(&entry.algorithm, 4, 1_000).unwrap();
        let law =
            crate::law::exact::exact_distribution(&entry.algorithm, 4, &crate::Limits::default())
                .unwrap();
        assert_eq!(paths.len(), 256);
        let mut count = vec![0u128; 24];
        for p in &paths {
            let a: Vec<u8> = p.arrangement.iter().map(|&c| c as u8).collect();
            count[crate::law::perm::rank(&a)] += 1;
        }
        for (r, &c) in count.iter().enumerate() {
            assert_eq!(law.probability_exact(r), crate::Fraction::new(c, 256u32));
        }
    }

    #[test]
    fn refuses_a_budget_too_small_and_a_draw_that_is_not_uniform() {
        let entry = registry::find("naive-swap").unwrap();
        assert!(matches!(
            every_path(&entry.algorithm, 3, 26),
            Err(ExactError::TooManyPaths { .. })
        ));
        let rand15 = registry::find("naive-swap-rand15").unwrap();
        assert!(matches!(
            every_path(&rand15.algorithm, 3, 1_000),
            Err(ExactError::NotUniform { .. })
        ));
        // A redraw loop's first path (always drawing 0) never ends: refused,
        // not hung.
        let redraw = registry::find("redraw-on-empty").unwrap();
        assert!(matches!(
            every_path(&redraw.algorithm, 3, 1_000),
            Err(ExactError::Unbounded { .. })
        ));
    }
}
