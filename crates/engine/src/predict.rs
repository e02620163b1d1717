//! `predict`: for a shuffle reseeded from a small seed for every deal,
//! every seed whose deck starts with the cards seen.

use judge::recovery::Recovery;
use report::sampled::PredictReport;
use std::ops::Range;

/// What `predict` is asked: the cards seen, already read and checked.
#[derive(Clone, Debug, PartialEq)]
pub struct Request {
    /// The shuffle and the way it is seeded.
    pub seeded: algorithms::Seeded,
    /// Its id in the registry.
    pub id: String,
    /// Cards per deck.
    pub deck: usize,
    /// The cards seen, 0-based, in the order dealt.
    pub seen: Vec<u8>,
    /// The number of the first card in the input and the output (0 or 1).
    pub base: u8,
    /// Whether the cards have names (a 52-card FreeCell deal).
    pub named: bool,
    /// The seeds searched, end excluded.
    pub seeds: Range<u64>,
    /// The most seeds listed with their decks.
    pub cap: usize,
}

/// What `predict` found.
#[derive(Clone, Debug, PartialEq)]
pub struct Outcome {
    /// The judge's conclusion (the report carries it too, as
    /// `conclusion`, for its readers).
    pub verdict: Recovery,
    /// The document, its cards numbered as the input numbered them.
    pub report: PredictReport,
}

impl Outcome {
    /// 0 when one seed fits, 1 when several do, 2 when none does.
    pub fn exit_code(&self) -> u8 {
        match self.verdict {
            Recovery::NoSeed => crate::exit::ERROR,
            Recovery::Known => crate::exit::PASS,
            Recovery::Several => crate::exit::BIAS,
        }
    }
}

/// Searches `request`'s seeds (on the current rayon pool) for those whose
/// deck starts with the cards seen; `progress` is told how many seeds
/// each piece of the search covered.
pub fn run(request: Request, progress: &(dyn Fn(u64) + Sync)) -> Outcome {
    let Request {
        seeded,
        id,
        deck,
        seen,
        base,
        named,
        seeds,
        cap,
    } = request;
    let mut search = studies::predict::search(seeded, deck, &seen, seeds, cap, progress);
    let verdict = Recovery::of(search.matches);
    for c in search.found.iter_mut().flat_map(|f| f.deck.iter_mut()) {
        *c += base;
    }
    Outcome {
        verdict,
        report: PredictReport {
            algorithm: id,
            deck,
            seen: seen.iter().map(|c| c + base).collect(),
            base,
            card_names: named,
            unix_seconds: seeded.clock() == algorithms::SeedClock::UnixSeconds,
            unix_milliseconds: seeded.clock() == algorithms::SeedClock::UnixMillis,
            cards_to_pin_down: judge::recovery::cards_to_pin_down(
                search.seeds.end - search.seeds.start,
                deck,
            ),
            search,
            cap,
            conclusion: verdict,
        },
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn request(seen: &[u8], seeds: Range<u64>, base: u8) -> Request {
        let entry = algorithms::registry::find("poker-fixed-time").unwrap();
        Request {
            seeded: entry.algorithm.seeded().unwrap(),
            id: entry.id.into(),
            deck: 52,
            seen: seen.to_vec(),
            base,
            named: false,
            seeds,
            cap: 3,
        }
    }

    #[test]
    fn the_outcome_s_exit_code_follows_the_judge_s_conclusion() {
        let seeded = request(&[], 0..1, 0).seeded;
        let deal = |seed: u64| {
            let mut d: Vec<u8> = (0..52).collect();
            seeded.deal(seed, &mut d);
            d
        };
        let a = deal(1_000);
        // Five cards of seed 1,000's deal single it out among 64 seeds.
        let known = run(request(&a[..5], 990..1_054, 1), &|_| {});
        assert_eq!(known.verdict, Recovery::Known);
        assert_eq!(known.exit_code(), crate::exit::PASS);
        assert_eq!(known.report.conclusion, Recovery::Known);
        let whole: Vec<u8> = a.iter().map(|c| c + 1).collect();
        assert_eq!(known.report.search.found[0].deck, whole);
        // Outside the range, no seed fits.
        let none = run(request(&a[..5], 0..500, 0), &|_| {});
        assert_eq!(none.exit_code(), crate::exit::ERROR);
        // One card seen: about one seed in 52 fits.
        let several = run(request(&a[..1], 0..5_000, 0), &|_| {});
        assert_eq!(several.verdict, Recovery::Several);
        assert_eq!(several.exit_code(), crate::exit::BIAS);
    }
}
