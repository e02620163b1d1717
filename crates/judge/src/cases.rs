//! The famous shuffle failures, each reproduced to its published figure.
//!
//! Each case sets a figure someone published (a count, a mean, a claim
//! about what a few cards give away) beside the figure this suite computes
//! for the same code, exact where mathematics allows, and decides how the
//! two stand ([`CaseStanding`]). The published figures are public data,
//! each with its source; the suite's are computed here, from the ported
//! code, every time a case is run.
//!
//! | id | case | what is compared |
//! |---|---|---|
//! | `planet-poker` | Planet Poker, 1999 | card 52 never last; a deal from five cards within the day's seeds |
//! | `eu-ballot-2010` | the EU browser ballot | the law of 5 items under the engines' sorts modelled; IE's figure quoted |
//! | `bostock-2014` | Bostock's sort matrix | legacy V8's sort on 60 cards, 10,000 runs |
//! | `laravel-2019` | Laravel's `Arr::shuffle` | the exact law against 10^6 published runs |
//! | `freecell` | Microsoft FreeCell | deals #1 and #617; how many cards name a deal |
//! | `random-shuffle-15bit` | `std::random_shuffle` with a 15-bit `rand()` | the mean displacement on 3,000,000 elements |
//! | `dotnet-tickcount` | .NET's tick-count seed | five cards leave about 2^3 decks, six one |
//! | `draft-1970` | the US draft lotteries of 1970 and 1971 | Spearman's ρ and the month × third table against Fienberg's and Oldford's |

use algorithms::Draw;
use algorithms::registry::find;
use algorithms::{SwapShuffle, Transposition};
use rayon::prelude::*;
use serde::{Deserialize, Serialize};
use stats::hypothesis::fit::pearson_weights as pearson;
use stats::law::perm::unrank;
use stats::{Limits, exact_distribution};
use std::ops::Range;

mod draft;
mod laws;
mod seeds;

pub use draft::{Draft, DraftYear, FIENBERG_RHO_1970, OLDFORD_THIRDS_1970};
pub use laws::*;
pub use seeds::*;
use studies::predict::{expected_other_seeds, pinned_shares, search, shared_prefixes};

/// Every case, in the order the report lists them: `(id, title)`.
pub const CASES: [(&str, &str); 8] = [
    ("planet-poker", "Planet Poker, 1999: a deal from five cards"),
    (
        "eu-ballot-2010",
        "The EU browser ballot, 2010: sort(() => 0.5 - Math.random())",
    ),
    (
        "bostock-2014",
        "Bostock, 2014: a random comparator in Chrome, 60 cards",
    ),
    (
        "laravel-2019",
        "Laravel, 2019: usort with rand(-1, 1) on five elements",
    ),
    ("freecell", "Microsoft FreeCell: 32,000 deals, 15 bits"),
    (
        "random-shuffle-15bit",
        "std::random_shuffle with a 15-bit rand() on 3,000,000 elements",
    ),
    (
        "dotnet-tickcount",
        ".NET, 2013: a deck seeded from the tick count",
    ),
    (
        "draft-1970",
        "The US draft lottery, 1970: capsules filled month by month",
    ),
];

/// An id that names no case.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("unknown case '{0}': the cases are {list}", list = case_ids().join(", "))]
pub struct UnknownCase(pub String);

/// Every case id, in order.
pub fn case_ids() -> Vec<&'static str> {
    CASES.iter().map(|(id, _)| *id).collect()
}

/// How the suite's figure stands against the published one.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum CaseStanding {
    /// The suite computes the published figure itself, to its last printed
    /// digit, or the published event happens exactly as told.
    Reproduced,
    /// The published counts pass a test against the suite's exact law at
    /// the case's stated level, or the published estimate agrees with the
    /// suite's exact count.
    Consistent,
    /// The published counts fail that test, or the published claim does
    /// not happen: the port or the account is wrong.
    Contradicted,
    /// Nothing published can be set against the suite's figure (the
    /// engine is not modelled, or the counts were never published); the
    /// case says why.
    NotCompared,
}

impl CaseStanding {
    /// A label for tables.
    pub fn label(self) -> &'static str {
        match self {
            CaseStanding::Reproduced => "reproduced",
            CaseStanding::Consistent => "consistent",
            CaseStanding::Contradicted => "contradicted",
            CaseStanding::NotCompared => "not compared",
        }
    }
}

/// One case: its figures and how they stand.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Case {
    /// The case's id ([`CASES`]).
    pub id: String,
    /// Its title.
    pub title: String,
    /// How the suite's figure stands against the published one.
    pub standing: CaseStanding,
    /// The figures.
    pub figures: CaseFigures,
    /// Its figure, relative to the report folder, when a report drew one.
    #[serde(skip_serializing_if = "Option::is_none", default)]
    pub figure: Option<String>,
}

/// The figures of one case.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(tag = "case", rename_all = "kebab-case")]
pub enum CaseFigures {
    /// See [`PlanetPoker`].
    PlanetPoker(PlanetPoker),
    /// See [`Ballot`].
    #[serde(rename = "eu-ballot-2010")]
    EuBallot2010(Ballot),
    /// See [`Bostock`].
    #[serde(rename = "bostock-2014")]
    Bostock2014(Bostock),
    /// See [`Laravel`].
    #[serde(rename = "laravel-2019")]
    Laravel2019(Laravel),
    /// See [`FreeCell`].
    Freecell(FreeCell),
    /// See [`RandomShuffle`].
    #[serde(rename = "random-shuffle-15bit")]
    RandomShuffle15bit(RandomShuffle),
    /// See [`DotNet`].
    #[serde(rename = "dotnet-tickcount")]
    DotnetTickcount(DotNet),
    /// See [`Draft`].
    #[serde(rename = "draft-1970")]
    Draft1970(Draft),
}

/// How far each case's searches go: the real seed spaces in a report, less
/// in quick checks.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct CaseScale {
    /// The milliseconds of the day Planet Poker's search covers.
    pub planet_poker_seeds: Range<u64>,
    /// The FreeCell deal numbers whose first cards are counted.
    pub freecell_deals: Range<u64>,
    /// The tick counts .NET's worked search covers.
    pub dotnet_seeds: Range<u64>,
    /// Decks of 60 cards sorted for Bostock's matrix.
    pub bostock_shuffles: u64,
}

impl CaseScale {
    /// The real seed spaces: Planet Poker's whole day, FreeCell's 32,000
    /// original deals (and its million for the worked search), .NET's first
    /// hour after boot, and Bostock's 10,000 runs.
    pub fn full() -> Self {
        CaseScale {
            planet_poker_seeds: 0..86_400_000,
            freecell_deals: 1..32_001,
            dotnet_seeds: 0..3_600_000,
            bostock_shuffles: BOSTOCK_RUNS,
        }
    }

    /// A scale for tests: the same figures on a slice of each space that
    /// still holds each case's worked example.
    pub fn quick() -> Self {
        CaseScale {
            planet_poker_seeds: PLANET_POKER_EXAMPLE_MS - 200_000
                ..PLANET_POKER_EXAMPLE_MS + 200_000,
            freecell_deals: 1..32_001,
            dotnet_seeds: DOTNET_EXAMPLE_TICKS - 100_000..DOTNET_EXAMPLE_TICKS + 100_000,
            bostock_shuffles: BOSTOCK_RUNS,
        }
    }
}

/// The case `id` at `scale`, with the sampling seed `seed`.
///
/// # Errors
/// [`UnknownCase`] when `id` names no case.
pub fn run(id: &str, scale: &CaseScale, seed: u64) -> Result<Case, UnknownCase> {
    let (id, title) = CASES
        .iter()
        .find(|(c, _)| *c == id)
        .ok_or_else(|| UnknownCase(id.to_string()))?;
    let (standing, figures) = match *id {
        "planet-poker" => {
            let f = PlanetPoker::compute(PLANET_POKER_EXAMPLE_MS, scale.planet_poker_seeds.clone());
            (f.standing(), CaseFigures::PlanetPoker(f))
        }
        "eu-ballot-2010" => {
            let f = Ballot::compute();
            (CaseStanding::NotCompared, CaseFigures::EuBallot2010(f))
        }
        "bostock-2014" => {
            let f = Bostock::compute(scale.bostock_shuffles, seed);
            (CaseStanding::NotCompared, CaseFigures::Bostock2014(f))
        }
        "laravel-2019" => {
            let f = Laravel::compute();
            (f.standing(), CaseFigures::Laravel2019(f))
        }
        "freecell" => {
            let f = FreeCell::compute(scale.freecell_deals.clone());
            (f.standing(), CaseFigures::Freecell(f))
        }
        "random-shuffle-15bit" => {
            let f = RandomShuffle::compute(RANDOM_SHUFFLE_LEN);
            (f.standing(), CaseFigures::RandomShuffle15bit(f))
        }
        "dotnet-tickcount" => {
            let f = DotNet::compute(DOTNET_EXAMPLE_TICKS, scale.dotnet_seeds.clone());
            (f.standing(), CaseFigures::DotnetTickcount(f))
        }
        "draft-1970" => {
            let f = Draft::compute();
            (f.standing(), CaseFigures::Draft1970(f))
        }
        _ => unreachable!("every id of CASES is matched"),
    };
    Ok(Case {
        id: id.to_string(),
        title: title.to_string(),
        standing,
        figures,
        figure: None,
    })
}

/// Every case at `scale`, in the order of [`CASES`].
pub fn all(scale: &CaseScale, seed: u64) -> Vec<Case> {
    CASES
        .iter()
        .map(|(id, _)| run(id, scale, seed).expect("every id of CASES runs"))
        .collect()
}

fn seeded(id: &str) -> algorithms::Seeded {
    find(id)
        .ok()
        .and_then(|e| e.algorithm.seeded())
        .expect("a registered seeded shuffle")
}

fn exact_law(id: &str, n: usize) -> stats::ExactDistribution {
    let entry = find(id).expect("a registered id");
    exact_distribution(&entry.algorithm, n, &Limits::default()).expect("enumerable on 5 cards")
}

fn fractions(weights: &[Vec<u128>], denominator: u128) -> Vec<Vec<String>> {
    weights
        .iter()
        .map(|row| {
            row.iter()
                .map(|&w| stats::Fraction::new(w, denominator).to_string())
                .collect()
        })
        .collect()
}

/// The law of which element comes first, as weights over the law's
/// denominator.
fn first_element(id: &str, n: usize) -> (Vec<u128>, u128) {
    let d = exact_law(id, n);
    let mut first = vec![0u128; n];
    let mut a = Vec::new();
    for (r, &w) in d.weights.iter().enumerate() {
        unrank(r, n, &mut a);
        first[usize::from(a[0])] += w;
    }
    (first, d.denominator)
}

#[cfg(test)]
mod tests;
