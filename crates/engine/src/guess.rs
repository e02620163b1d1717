//! `guess`: what a bias is worth to a card player who knows the shuffle,
//! the cards guessed right going through the deck.

use algorithms::Entry;
use judge::guess::Sampled;
use judge::pace::Estimate;
use report::sampled::GuessReport;

/// What `guess` is asked, checked.
#[derive(Clone, Copy, Debug)]
pub struct Request {
    /// The algorithm.
    pub entry: &'static Entry,
    /// Cards per deck.
    pub deck: usize,
    /// Decks the strategy is scored on, where no exact figure is possible.
    pub shuffles: u64,
    /// Seed of the decks it is scored on.
    pub seed: u64,
}

/// What `guess` found.
#[derive(Clone, Debug)]
pub struct Outcome {
    /// The score, exact or sampled with its interval.
    pub report: GuessReport,
}

impl Outcome {
    /// Always 0: `guess` measures; it decides nothing.
    pub fn exit_code(&self) -> u8 {
        crate::exit::PASS
    }
}

/// Where `guess` starts: the exact figure, or a sampling to run.
#[derive(Debug)]
pub enum Start {
    /// The exact figure, already found.
    Exact(Outcome),
    /// No exact figure: decks to deal and score.
    Sampling(Sampling),
}

/// A score to sample.
#[derive(Debug)]
pub struct Sampling {
    request: Request,
    plan: Sampled,
}

impl Sampling {
    /// Whether the position matrix is sampled first (as many decks again).
    pub fn samples_its_matrix(&self) -> bool {
        self.plan.samples_its_matrix()
    }

    /// How long it takes on `workers` workers, from a timed start.
    pub fn estimate(&self, workers: usize) -> Estimate {
        Estimate {
            unit: "decks",
            units: self.plan.decks(),
            seconds_each: self.plan.seconds_per_deck(self.request.entry),
            workers,
        }
    }

    /// Deals and scores the decks on the current rayon pool; `progress`
    /// is told the decks dealt as they are.
    pub fn run(self, progress: &(dyn Fn(u64) + Sync)) -> Outcome {
        let r = self.request;
        Outcome {
            report: judge::guess::sampled(r.entry, self.plan, r.seed, progress),
        }
    }
}

/// The exact figure of `request` when one is known, else the sampling
/// that measures it.
pub fn start(request: Request) -> Start {
    match judge::guess::exactly(request.entry, request.deck) {
        Some(report) => Start::Exact(Outcome { report }),
        None => Start::Sampling(Sampling {
            request,
            plan: Sampled::plan(request.entry, request.deck, request.shuffles),
        }),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn request(id: &str, deck: usize, shuffles: u64) -> Request {
        Request {
            entry: algorithms::registry::find(id).unwrap(),
            deck,
            shuffles,
            seed: 1,
        }
    }

    #[test]
    fn an_exact_score_is_found_at_once_and_a_sampled_one_is_run() {
        // Fisher–Yates on 5 cards: the fair score, 1 + 1/2 + ... + 1/5.
        let Start::Exact(exact) = start(request("fisher-yates", 5, 1_000)) else {
            panic!("an exact score");
        };
        assert_eq!(
            exact.report.expected_correct_exact.as_deref(),
            Some("137/60")
        );
        assert_eq!(exact.exit_code(), crate::exit::PASS);
        // 52 cards: no law, so the score is sampled, with its interval.
        let Start::Sampling(sampling) = start(request("naive-swap", 52, 2_000)) else {
            panic!("a sampled score");
        };
        assert_eq!(sampling.estimate(2).units, 2_000);
        let sampled = sampling.run(&|_| {});
        assert_eq!(sampled.report.shuffles, Some(2_000));
        assert!(sampled.report.interval_99.is_some());
        assert_eq!(sampled.exit_code(), crate::exit::PASS);
    }
}
