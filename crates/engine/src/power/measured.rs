//! How many decks `audit` needs to catch a bug, measured rather than
//! computed: decks the bug deals, audited as `audit` audits decks it reads.
//!
//! One run at `N` decks with seed `s` is
//! `shuffle-audit deal -a ID -d DECK -n N --seed s | shuffle-audit audit - --alpha ALPHA`:
//! the same decks ([`crate::deal::run`]), counted in the order they were
//! dealt and decided by the same calls ([`crate::audit::decide`]). A
//! refusal of too few decks is a run that did not catch the bug. The power
//! at `N` is the share of the runs of seeds `1..=runs` that show bias.
//! Every `N` deals the first `N` decks of the same seeds, so the runs at a
//! larger `N` extend those at a smaller one.

use crate::audit::decide;
use crate::deal;
use algorithms::Entry;
use rayon::prelude::*;
use stats::hypothesis::audit::DeckTally;
use std::ops::ControlFlow;

/// A bug, a deck size and a level: what a measurement of audit's power
/// is of.
#[derive(Clone, Copy, Debug)]
pub struct Trial {
    /// The algorithm that deals the decks.
    pub entry: &'static Entry,
    /// Cards per deck.
    pub deck: usize,
    /// The level `audit --alpha` is given.
    pub alpha: f64,
    /// Runs at each number of decks, seeds `1..=runs`.
    pub runs: u64,
}

/// The fewest decks found, or the cap the search stopped at.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Needed {
    /// `decks` decks reach the power asked for: `caught` of the runs show
    /// bias there; one step of the search below (2 % of `decks`, or one
    /// deck) they did not.
    At {
        /// Decks.
        decks: u64,
        /// Runs that showed bias with them.
        caught: u64,
    },
    /// Even `cap` decks do not: `caught` of the runs showed bias there.
    Beyond {
        /// The most decks tried.
        cap: u64,
        /// Runs that showed bias with them.
        caught: u64,
    },
}

/// Where the search of [`Trial::decks_for`] starts: at the
/// likelihood-ratio `floor` when the law gives it, as
/// `scripts/power-audit.sh` starts (the same numbers of decks tried, so the
/// same figures); else at the fewest decks audit tests, or at the fewest
/// any test needs (`any_test_at_least`, from a law's divergence) when more.
pub fn search_start(deck: usize, floor: Option<f64>, any_test_at_least: Option<f64>) -> u64 {
    let least = stats::hypothesis::audit::min_shuffles_to_test(deck);
    match (floor, any_test_at_least) {
        (Some(f), _) => f.ceil() as u64,
        (None, Some(b)) => (b.ceil() as u64).max(least),
        (None, None) => least,
    }
}

impl Trial {
    /// Whether the audit of the first `decks` decks dealt with `seed`
    /// shows bias (a refusal of too few decks does not).
    pub fn caught(&self, decks: u64, seed: u64) -> bool {
        let request = deal::Request {
            entry: self.entry,
            deck: self.deck,
            decks,
            seed,
            from_previous: false,
        };
        let ordered: Vec<u8> = (0..self.deck as u8).collect();
        let mut counts = DeckTally::new(true).counts(&ordered, 0);
        deal::run(request, |d| {
            counts.observe(d);
            ControlFlow::Continue(())
        });
        decide("-", decks, self.deck, counts, self.alpha)
            .is_ok_and(|(_, decision)| decision.level.bias_shown)
    }

    /// How many of the runs' audits of `decks` decks show bias, on the
    /// current rayon pool (the count is the same on any number of
    /// threads).
    pub fn caught_of(&self, decks: u64) -> u64 {
        (1..=self.runs)
            .into_par_iter()
            .filter(|&seed| self.caught(decks, seed))
            .count() as u64
    }

    /// Whether `caught` of the runs reach `power`.
    fn reaches(&self, caught: u64, power: f64) -> bool {
        caught as f64 >= power * self.runs as f64
    }

    /// The fewest decks whose runs reach `power`, searched as
    /// `scripts/power-audit.sh` searches: doubling from `start` (the
    /// likelihood-ratio floor: no test needs fewer) until the power is
    /// reached, then bisection down to 2 % of the decks. Stops at `cap`
    /// decks.
    pub fn decks_for(&self, power: f64, start: u64, cap: u64) -> Needed {
        let mut lo = start.max(1);
        let mut hi = lo;
        let mut at = self.caught_of(hi);
        while !self.reaches(at, power) {
            if hi >= cap {
                return Needed::Beyond {
                    cap: hi,
                    caught: at,
                };
            }
            lo = hi;
            hi = (hi * 2).min(cap);
            at = self.caught_of(hi);
        }
        while hi - lo > hi.div_ceil(50) {
            let mid = lo + (hi - lo) / 2;
            let caught = self.caught_of(mid);
            if self.reaches(caught, power) {
                hi = mid;
                at = caught;
            } else {
                lo = mid;
            }
        }
        Needed::At {
            decks: hi,
            caught: at,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::audit::{AuditError, Lines};

    fn trial(id: &str, deck: usize, runs: u64) -> Trial {
        Trial {
            entry: algorithms::registry::find(id).unwrap(),
            deck,
            alpha: 0.01,
            runs,
        }
    }

    /// The decks `deal` prints, read back by `audit`'s reader: its exit
    /// code must be what [`Trial::caught`] says.
    fn audited_as_text(t: &Trial, decks: u64, seed: u64) -> bool {
        let mut text = String::new();
        crate::deal::run(
            deal::Request {
                entry: t.entry,
                deck: t.deck,
                decks,
                seed,
                from_previous: false,
            },
            |d| {
                let line: Vec<String> = d.iter().map(u8::to_string).collect();
                text.push_str(&line.join(" "));
                text.push('\n');
                ControlFlow::Continue(())
            },
        );
        let lines = Lines {
            alpha: t.alpha,
            ..Lines::decks("-", false)
        };
        let read = crate::audit::run(&lines, text.as_bytes(), &|_, _| {});
        match read {
            Ok(read) => read.audited.exit_code() == crate::exit::of_bias(true),
            Err(AuditError::TooFew(_)) => false,
            Err(e) => panic!("{e}"),
        }
    }

    #[test]
    fn a_run_decides_as_audit_decides_the_decks_deal_prints() {
        // The naive swap on 5 cards at 600 decks: caught in some runs and
        // not in others (its 99 % needs about 1,450).
        let t = trial("naive-swap", 5, 1);
        let shown: Vec<bool> = (1..=12).map(|s| t.caught(600, s)).collect();
        assert!(shown.contains(&true) && shown.contains(&false), "{shown:?}");
        for (seed, &caught) in (1..=12).zip(&shown) {
            assert_eq!(audited_as_text(&t, 600, seed), caught, "seed {seed}");
        }
        // Too few decks to test: refused, so not caught.
        assert!(!t.caught(24, 1));
    }

    #[test]
    fn the_count_is_the_same_on_any_number_of_threads() {
        let t = trial("naive-swap", 5, 40);
        let on = |threads| {
            rayon::ThreadPoolBuilder::new()
                .num_threads(threads)
                .build()
                .unwrap()
                .install(|| t.caught_of(700))
        };
        let one = on(1);
        assert!(0 < one && one < 40, "{one}");
        assert_eq!(on(2), one);
    }

    /// Every row of the report's power table at 5 cards and alpha 0.01
    /// whose audits are cheap (at most 500 decks found) is measured again,
    /// and must come out the same: the same decks, the same runs caught.
    /// `.ci/run` runs it with the other ignored tests.
    #[test]
    #[ignore = "seconds in release: the shipped power table, remeasured"]
    fn the_shipped_power_table_reproduces() {
        let table = report::power::shipped();
        let mut checked = 0;
        for row in &table.rows {
            let Some(m) = row.audit.filter(|m| m.reached && m.decks <= 500) else {
                continue;
            };
            if row.deck != 5 || row.alpha != 0.01 {
                continue;
            }
            let t = Trial {
                entry: algorithms::registry::find(&row.algorithm).unwrap(),
                deck: row.deck,
                alpha: row.alpha,
                runs: table.meta.runs,
            };
            let first = search_start(row.deck, row.floor, row.any_test_at_least);
            let again = t.decks_for(report::power::POWER, first, table.meta.cap);
            assert_eq!(
                again,
                Needed::At {
                    decks: m.decks,
                    caught: m.caught
                },
                "{row:?}"
            );
            checked += 1;
        }
        assert!(checked >= 10, "{checked} rows checked");
    }

    #[test]
    fn the_search_finds_the_fewest_decks_to_two_percent() {
        // A fair shuffle is caught only by the level's false alarms: the
        // search stops at its cap.
        let fair = trial("fisher-yates", 5, 20);
        let Needed::Beyond { cap: 400, caught } = fair.decks_for(0.9, 25, 400) else {
            panic!("a fair shuffle reached the power");
        };
        assert_eq!(caught, fair.caught_of(400));
        assert!(caught < 18, "{caught}");
        // The naive swap on 5 cards: the decks found reach the power, 2 %
        // fewer do not.
        let t = trial("naive-swap", 5, 50);
        let Needed::At { decks, caught } = t.decks_for(0.9, 475, 100_000) else {
            panic!("the naive swap is caught");
        };
        assert_eq!(caught, t.caught_of(decks));
        assert!(caught >= 45, "{caught}");
        assert!(t.caught_of(decks - decks.div_ceil(50)) < 45);
        assert!((475..5_000).contains(&decks), "{decks}");
    }
}
