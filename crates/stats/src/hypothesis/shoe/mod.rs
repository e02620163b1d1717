//! Shoes: `K` decks of `V` cards shuffled together, so that each value
//! appears `K` times among `P = K V` cards (a six-deck shoe of 52-card
//! decks: 312 cards, values `0..52` six times each).
//!
//! A uniform shuffle of a shoe makes each of its `P! / (K!)^V` distinct
//! arrangements equally likely (the copies of a value cannot be told
//! apart). The tests of single decks that name a card's starting place
//! (fixed points, cycles, rising sequences, successions) or need the card
//! itself (the relative arrangement of consecutive decks) have no meaning
//! here; these do, each with an exact null for words with `K` letters of
//! each of `V` values:
//!
//! - **Value × position** ([`crate::hypothesis::fit::fixed_margins_test`]): a
//!   shoe is a `V × P` table with row sums `K` and column sums 1, uniform
//!   among such tables; `(P − 1)/P · X²`, `(V − 1)(P − 1)` degrees of
//!   freedom (for `K = 1` the position test).
//! - **Descents** (a card followed by a lower value): MacMahon's law
//!   ([`law::descents`]). An under-shuffled shoe of decks in order keeps too
//!   few.
//! - **Repeats** (a card followed by one of the same value): [`law::repeats`],
//!   mean `K − 1`. Decks shuffled one by one and stacked, never mixed,
//!   keep almost none; clumped copies keep too many.
//! - **Collisions**: repeated shoes against the birthday problem over the
//!   `P! / (K!)^V` arrangements.
//!
//! Between consecutive shoes `w`, `w'` read in order:
//!
//! - **Contingency** of the values position by position: `Σ_j [w_j = a,
//!   w'_j = b]` is, given `w`, a `V × V` table with all margins `K`,
//!   uniform among such tables when `w'` is uniform, whatever `w` is; so
//!   the tables of successive pairs are independent, and their sum is
//!   tested like the value × position table (`(V − 1)²` degrees of
//!   freedom).
//! - **Matches**, positions with `w_j = w'_j`: its law given `w` is the
//!   same for every `w` ([`law::matches`], mean `K`), so the matches of
//!   successive pairs are independent draws from it. A shoe that is the
//!   last one barely shuffled keeps too many.
//!
//! Unlike decks, consecutive shoes have no relative arrangement: the copies
//! of a value cannot be followed from one shoe to the next. A cut of the
//! last shoe (the same cards rotated) shows only through the matches
//! (`P (K − 1)/(P − 1)` expected instead of `K`).

pub mod law;

use crate::hypothesis::audit::{MIN_EXPECTED, Skipped};
use crate::hypothesis::battery::{fit, total_variation};
use crate::hypothesis::collision::{self, COLLISION_MAX_DECKS, Collisions, Fingerprints};
use crate::hypothesis::fit::{TestResult, fixed_margins_test};
use crate::hypothesis::name::TestName;
use crate::law::fraction::Fraction;
use crate::sample::{Accumulator, Positions};
use num_bigint::BigUint;
use statrs::function::gamma::ln_gamma;

/// The most decks a shoe holds here: the standards' largest shoes hold 8.
pub const MAX_SHOE_DECKS: usize = 8;

/// The most cards a deck with repeated cards holds here: as many as the
/// largest shoe, 8 decks of 255.
pub const MAX_COMPOSITION_CARDS: usize = MAX_SHOE_DECKS * crate::sample::MAX_SAMPLE_DECK;

/// The most distinct values a deck with repeated cards holds here.
pub const MAX_COMPOSITION_VALUES: usize = crate::sample::MAX_SAMPLE_DECK;

/// A shoe's make-up: `copies` decks of `values` cards.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct Shoe {
    values: usize,
    copies: usize,
}

/// A shoe, composition or group that cannot be tested.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum ShoeError {
    /// Decks outside `1..=8`.
    #[error("a shoe of {0} decks: shoes of 1..={MAX_SHOE_DECKS} decks can be audited")]
    Decks(usize),
    /// Cards per deck outside `2..=255`.
    #[error("decks of {0} cards: decks of 2..=255 cards can be audited")]
    Values(usize),
    /// Distinct values outside `2..=255`.
    #[error(
        "{0} distinct cards: a deck with repeated cards can be audited with 2..={MAX_COMPOSITION_VALUES} distinct cards"
    )]
    Distinct(usize),
    /// A value listed with no copies.
    #[error("value {0} has no copies: each value of a composition has at least one")]
    NoCopies(usize),
    /// More cards than [`MAX_COMPOSITION_CARDS`].
    #[error(
        "a deck of {0} cards: decks with repeated cards of at most {MAX_COMPOSITION_CARDS} cards can be audited"
    )]
    Cards(usize),
    /// A group naming no value, a value twice, or a value the deck lacks.
    #[error("group {name:?}: {why}")]
    Group {
        /// The group's name.
        name: String,
        /// What is wrong with it.
        why: String,
    },
    /// An opening hand of no cards, or of the whole deck.
    #[error("an opening hand of {hand} cards: a deck of {cards} cards deals hands of 1..={}", cards - 1)]
    Hand {
        /// The hand asked for.
        hand: usize,
        /// Cards in the deck.
        cards: usize,
    },
}

impl Shoe {
    /// `copies` decks (1..=[`MAX_SHOE_DECKS`]) of `values` cards (2..=255).
    ///
    /// # Errors
    /// [`ShoeError`] naming the value out of range.
    pub fn new(values: usize, copies: usize) -> Result<Shoe, ShoeError> {
        if !(1..=MAX_SHOE_DECKS).contains(&copies) {
            return Err(ShoeError::Decks(copies));
        }
        if !(2..=crate::sample::MAX_SAMPLE_DECK).contains(&values) {
            return Err(ShoeError::Values(values));
        }
        Ok(Shoe { values, copies })
    }

    /// Cards per deck, `V`: the values `0..V`.
    pub fn values(self) -> usize {
        self.values
    }

    /// Decks, `K`: the copies of each value.
    pub fn copies(self) -> usize {
        self.copies
    }

    /// Cards in the shoe, `P = K V`.
    pub fn cards(self) -> usize {
        self.values * self.copies
    }

    /// Its distinct arrangements, `P! / (K!)^V`.
    pub fn arrangements(self) -> BigUint {
        self.composition().arrangements()
    }

    /// The copies of each value: `K` for each of the `V` values.
    pub fn composition(self) -> Composition {
        Composition {
            counts: vec![self.copies; self.values],
            of_shoe: true,
        }
    }

    /// `ln` of [`arrangements`](Shoe::arrangements).
    pub fn ln_arrangements(self) -> f64 {
        self.composition().ln_arrangements()
    }
}

/// A deck whose cards repeat: `K_i` copies of value `i` for `i` in `0..V`
/// (a decklist: 9 Forests, 8 Islands, 4 of each spell), `P = Σ K_i`
/// cards. A plain deck is the case `K_i = 1`, a shoe the case `K_i = K`.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Composition {
    counts: Vec<usize>,
    /// Made from a [`Shoe`]: its decks are called shoes.
    of_shoe: bool,
}

impl Composition {
    /// `counts[i]` copies of value `i`: 2..=255 values, each at least
    /// once, at most [`MAX_COMPOSITION_CARDS`] cards.
    ///
    /// # Errors
    /// [`ShoeError`] naming the value out of range.
    pub fn new(counts: Vec<usize>) -> Result<Composition, ShoeError> {
        if !(2..=MAX_COMPOSITION_VALUES).contains(&counts.len()) {
            return Err(ShoeError::Distinct(counts.len()));
        }
        if let Some(i) = counts.iter().position(|&k| k == 0) {
            return Err(ShoeError::NoCopies(i));
        }
        let p: usize = counts.iter().sum();
        if p > MAX_COMPOSITION_CARDS {
            return Err(ShoeError::Cards(p));
        }
        Ok(Composition {
            counts,
            of_shoe: false,
        })
    }

    /// `K_i` for each value `i`.
    pub fn counts(&self) -> &[usize] {
        &self.counts
    }

    /// Distinct values, `V`.
    pub fn values(&self) -> usize {
        self.counts.len()
    }

    /// Cards, `P = Σ K_i`.
    pub fn cards(&self) -> usize {
        self.counts.iter().sum()
    }

    /// The shoe it is, when every value has the same copies (at most
    /// [`MAX_SHOE_DECKS`]).
    pub fn shoe(&self) -> Option<Shoe> {
        let k = self.counts[0];
        if self.counts.iter().all(|&c| c == k) {
            Shoe::new(self.values(), k).ok()
        } else {
            None
        }
    }

    /// What one of its decks is called in messages: `"shoe"` for one made
    /// from a [`Shoe`] of several decks, `"decklist"` otherwise.
    pub fn unit(&self) -> &'static str {
        match self.shoe() {
            Some(s) if self.of_shoe && s.copies() > 1 => "shoe",
            _ => "decklist",
        }
    }

    /// Its distinct arrangements, `P! / Π K_i!`.
    pub fn arrangements(&self) -> BigUint {
        law::arrangements_of(&self.counts)
    }

    /// `ln` of [`arrangements`](Composition::arrangements).
    pub fn ln_arrangements(&self) -> f64 {
        ln_gamma(self.cards() as f64 + 1.0)
            - self
                .counts
                .iter()
                .map(|&k| ln_gamma(k as f64 + 1.0))
                .sum::<f64>()
    }
}

/// A named set of values tested together: a decklist's lands.
#[derive(Clone, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct Group {
    /// Its name (`"land"`).
    pub name: String,
    /// Its values, indices into the composition.
    pub values: Vec<usize>,
}

/// A statistic of a shoe, or of two consecutive shoes, with an exact law.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(
    feature = "serde",
    derive(serde::Serialize, serde::Deserialize),
    serde(rename_all = "kebab-case")
)]
pub enum ShoeStatistic {
    /// Positions `i` with `w_i > w_{i+1}`: [`law::descents_of`], mean
    /// `(P − K)/2` for a shoe.
    Descents,
    /// Positions `i` with `w_i = w_{i+1}`: [`law::repeats_of`], mean `Σ K_i
    /// (K_i − 1) / P` (`K − 1` for a shoe).
    Repeats,
    /// Positions where two consecutive shoes hold the same value:
    /// [`law::matches_of`], mean `Σ K_i² / P` (`K` for a shoe).
    Matches,
}

impl ShoeStatistic {
    /// The name of its test.
    pub fn test_name(self) -> TestName {
        match self {
            ShoeStatistic::Descents => TestName::of(crate::Test::Battery(
                crate::hypothesis::statistic::Statistic::Descents,
            )),
            ShoeStatistic::Repeats => TestName::REPEATS,
            ShoeStatistic::Matches => TestName::LAG1_MATCHES,
        }
    }

    /// The statistic of one shoe.
    ///
    /// # Panics
    /// For [`Matches`](ShoeStatistic::Matches), a statistic of two shoes
    /// ([`ShoeCounts`] counts it).
    pub fn of(self, shoe: &[u8]) -> usize {
        match self {
            ShoeStatistic::Descents => shoe.windows(2).filter(|w| w[0] > w[1]).count(),
            ShoeStatistic::Repeats => shoe.windows(2).filter(|w| w[0] == w[1]).count(),
            ShoeStatistic::Matches => panic!("matches are of two shoes"),
        }
    }

    /// Its exact mean for a uniform shuffle of `composition`, correctly
    /// rounded.
    pub fn null_mean(self, composition: &Composition) -> f64 {
        self.law(composition).null_mean
    }

    /// Its exact law: `law[s]` the probability of `s`, each count over the
    /// arrangements correctly rounded (`0..P` for descents and repeats,
    /// `0..=P` for matches).
    pub fn null(self, composition: &Composition) -> Vec<f64> {
        self.law(composition).null
    }

    /// The law and its mean, computed once per process: calibration runs
    /// ask for the same laws hundreds of times.
    fn law(self, composition: &Composition) -> Law {
        type Computed = Vec<((ShoeStatistic, Composition), Law)>;
        static LAWS: std::sync::Mutex<Computed> = std::sync::Mutex::new(Vec::new());
        let mut laws = LAWS
            .lock()
            .unwrap_or_else(std::sync::PoisonError::into_inner);
        if let Some((_, law)) = laws
            .iter()
            .find(|((s, c), _)| *s == self && c == composition)
        {
            return law.clone();
        }
        let counts = composition.counts();
        let law = Law::of(match self {
            ShoeStatistic::Descents => law::descents_of(counts),
            ShoeStatistic::Repeats => law::repeats_of(counts),
            ShoeStatistic::Matches => law::matches_of(counts),
        });
        debug_assert_eq!(law.total, composition.arrangements());
        laws.push(((self, composition.clone()), law.clone()));
        law
    }
}

/// An exact law as probabilities, from whole counts.
#[derive(Clone, Debug)]
struct Law {
    /// The counts' sum.
    total: BigUint,
    /// `null[s] = count[s] / total`, correctly rounded.
    null: Vec<f64>,
    /// `Σ s count[s] / total`, correctly rounded.
    null_mean: f64,
}

impl Law {
    fn of(counts: Vec<BigUint>) -> Law {
        let total: BigUint = counts.iter().sum();
        let moment: BigUint = counts.iter().enumerate().map(|(s, c)| c * s).sum();
        Law {
            null_mean: Fraction::new(moment, total.clone()).to_f64(),
            null: counts
                .into_iter()
                .map(|c| Fraction::new(c, total.clone()).to_f64())
                .collect(),
            total,
        }
    }
}

/// Counts of a statistic beside its exact law.
#[derive(Clone, Debug, PartialEq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct Fit {
    /// `counts[s]`: decks (or pairs of decks) whose statistic was `s`.
    pub counts: Vec<u64>,
    /// `null[s]`: its exact probability for a uniform shuffle.
    pub null: Vec<f64>,
    /// The mean seen.
    pub mean: f64,
    /// The exact mean for a uniform shuffle.
    pub null_mean: f64,
    /// Total variation distance between the frequencies seen and the law
    /// (biased upward by sampling noise).
    pub total_variation: f64,
}

impl Fit {
    fn new(counts: Vec<u64>, law: Law) -> Fit {
        let total: u64 = counts.iter().sum();
        let mean = counts
            .iter()
            .enumerate()
            .map(|(s, &c)| s as f64 * c as f64)
            .sum::<f64>()
            / total.max(1) as f64;
        Fit {
            mean,
            null_mean: law.null_mean,
            total_variation: total_variation(&counts, &law.null),
            counts,
            null: law.null,
        }
    }

    /// Its test: the counts against the law, as the battery tests its
    /// statistics ([`fit`]).
    fn test(&self, name: TestName) -> TestResult {
        fit(name, &self.counts, &self.null)
    }
}

/// One statistic's counts beside its exact law.
#[derive(Clone, Debug, PartialEq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct ShoeStatisticSummary {
    /// The statistic.
    pub statistic: ShoeStatistic,
    /// The counts and the law.
    #[cfg_attr(feature = "serde", serde(flatten))]
    pub fit: Fit,
}

impl ShoeStatisticSummary {
    fn of(statistic: ShoeStatistic, composition: &Composition, counts: Vec<u64>) -> Self {
        ShoeStatisticSummary {
            statistic,
            fit: Fit::new(counts, statistic.law(composition)),
        }
    }

    fn test(&self) -> TestResult {
        self.fit.test(self.statistic.test_name())
    }
}

/// What a named group's cards did: clumping and the opening hand.
#[derive(Clone, Debug, PartialEq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct GroupRun {
    /// The group.
    #[cfg_attr(feature = "serde", serde(flatten))]
    pub group: Group,
    /// Its cards, `a`: the copies of its values.
    pub cards: usize,
    /// Adjacent pairs of its cards beside [`law::group_pairs`] (`0..a`;
    /// mean `a (a − 1) / P`).
    pub pairs: Fit,
    /// Its cards in the opening hand beside [`law::hand`] (`0..=H`; mean
    /// `H a / P`).
    pub hand: Fit,
}

/// A named group while it is counted.
#[derive(Clone, Debug)]
struct GroupCounts {
    group: Group,
    /// `member[value]`.
    member: Vec<bool>,
    cards: usize,
    pairs: Vec<u64>,
    hand: Vec<u64>,
}

/// Counts of shoes (or of any deck whose cards repeat) read from outside,
/// kept until their number is known.
#[derive(Clone, Debug)]
pub struct ShoeCounts {
    composition: Composition,
    /// `value_position[value * P + position]`.
    value_position: Vec<u64>,
    descents: Vec<u64>,
    repeats: Vec<u64>,
    /// Fingerprints of the first [`COLLISION_MAX_DECKS`] decks (128 MiB
    /// at most).
    prints: Fingerprints,
    /// How many decks' fingerprints to keep at most.
    prints_up_to: u64,
    lag: Option<ShoeLag>,
    /// The opening hand, when tested.
    hand: Option<usize>,
    groups: Vec<GroupCounts>,
}

/// The counts of consecutive shoes.
#[derive(Clone, Debug)]
struct ShoeLag {
    /// The first deck: the one a stretch of the input read before this one
    /// pairs with its last.
    first: Option<Vec<u8>>,
    previous: Option<Vec<u8>>,
    /// `contingency[value before * V + value after]`.
    contingency: Vec<u64>,
    matches: Vec<u64>,
}

impl ShoeCounts {
    /// Empty counts of decks of `composition`; `ordered` when they are
    /// read in the order they were dealt (then consecutive decks are
    /// tested too).
    pub fn new(composition: Composition, ordered: bool) -> Self {
        let (v, p) = (composition.values(), composition.cards());
        ShoeCounts {
            composition,
            value_position: vec![0; v * p],
            descents: vec![0; p],
            repeats: vec![0; p],
            prints: Fingerprints::default(),
            prints_up_to: COLLISION_MAX_DECKS,
            lag: ordered.then(|| ShoeLag {
                first: None,
                previous: None,
                contingency: vec![0; v * v],
                matches: vec![0; p + 1],
            }),
            hand: None,
            groups: Vec::new(),
        }
    }

    /// Also tests the opening hand of `hand` cards (1..P): the values in it
    /// (`opening-hand-chi2`), and for each group its adjacent pairs
    /// (`group-pairs-chi2`) and its cards in the hand (`group-hand-chi2`).
    ///
    /// # Errors
    /// [`ShoeError::Hand`] for a hand outside `1..P`; [`ShoeError::Group`]
    /// for a group with no value, a value twice or out of range, every
    /// card of the deck, or a name used twice.
    pub fn with_hand(mut self, hand: usize, groups: Vec<Group>) -> Result<Self, ShoeError> {
        let (v, p) = (self.composition.values(), self.composition.cards());
        if !(1..p).contains(&hand) {
            return Err(ShoeError::Hand { hand, cards: p });
        }
        for (i, group) in groups.into_iter().enumerate() {
            let bad = |why: String| ShoeError::Group {
                name: group.name.clone(),
                why,
            };
            if group.values.is_empty() {
                return Err(bad("it names no card".into()));
            }
            let mut member = vec![false; v];
            for &value in &group.values {
                if value >= v {
                    return Err(bad(format!("value {value} is not in a deck of {v} values")));
                }
                if std::mem::replace(&mut member[value], true) {
                    return Err(bad(format!("value {value} is named twice")));
                }
            }
            let cards: usize = (0..v)
                .filter(|&i| member[i])
                .map(|i| self.composition.counts()[i])
                .sum();
            if cards == p {
                return Err(bad(
                    "it holds every card of the deck, which leaves nothing to test".into(),
                ));
            }
            if self.groups[..i].iter().any(|g| g.group.name == group.name) {
                return Err(bad("the name is used twice".into()));
            }
            self.groups.push(GroupCounts {
                group,
                member,
                cards,
                pairs: vec![0; cards],
                hand: vec![0; hand + 1],
            });
        }
        self.hand = Some(hand);
        Ok(self)
    }

    /// Counts one deck (`deck[position] = value`, each value `i` exactly
    /// `K_i` times).
    pub fn observe(&mut self, deck: &[u8]) {
        let (v, p) = (self.composition.values(), self.composition.cards());
        debug_assert_eq!(deck.len(), p);
        for (position, &value) in deck.iter().enumerate() {
            self.value_position[value as usize * p + position] += 1;
        }
        self.descents[ShoeStatistic::Descents.of(deck)] += 1;
        self.repeats[ShoeStatistic::Repeats.of(deck)] += 1;
        if let Some(hand) = self.hand {
            for g in &mut self.groups {
                let member = |c: &u8| g.member[usize::from(*c)];
                let pairs = deck
                    .windows(2)
                    .filter(|w| member(&w[0]) && member(&w[1]))
                    .count();
                g.pairs[pairs] += 1;
                g.hand[deck[..hand].iter().filter(|c| member(c)).count()] += 1;
            }
        }
        if (self.prints.len() as u64) < self.prints_up_to {
            self.prints.observe(deck);
        }
        if let Some(lag) = &mut self.lag {
            lag.observe(deck, v);
        }
    }

    /// These (empty) counts, made for the decks that come after `before`
    /// others (whose counts they will be [appended](ShoeCounts::append)
    /// to): the fingerprints only of decks the collision test may still
    /// need.
    pub fn after(mut self, before: u64) -> Self {
        self.prints_up_to = COLLISION_MAX_DECKS.saturating_sub(before);
        self
    }

    /// Adds the counts of the decks that came right after these in the
    /// input, the pair across the seam included: the result is that of
    /// observing both in order.
    ///
    /// # Panics
    /// When the two were not made alike (another composition, hand, groups
    /// or order).
    pub fn append(&mut self, later: ShoeCounts) {
        assert!(
            self.composition == later.composition
                && self.hand == later.hand
                && self.groups.len() == later.groups.len()
                && self.lag.is_some() == later.lag.is_some(),
            "appending counts of another kind"
        );
        add(&mut self.value_position, &later.value_position);
        add(&mut self.descents, &later.descents);
        add(&mut self.repeats, &later.repeats);
        for (g, l) in self.groups.iter_mut().zip(&later.groups) {
            add(&mut g.pairs, &l.pairs);
            add(&mut g.hand, &l.hand);
        }
        self.prints.append_up_to(later.prints, self.prints_up_to);
        let v = self.composition.values();
        if let (Some(lag), Some(l)) = (&mut self.lag, later.lag) {
            let Some(first) = l.first else {
                return;
            };
            if lag.previous.is_some() {
                lag.observe(&first, v);
            } else {
                lag.first = Some(first);
            }
            add(&mut lag.contingency, &l.contingency);
            add(&mut lag.matches, &l.matches);
            lag.previous = l.previous;
        }
    }

    /// The composition counted.
    pub fn composition(&self) -> &Composition {
        &self.composition
    }

    /// Decks counted.
    pub fn shoes(&self) -> u64 {
        self.descents.iter().sum()
    }

    /// The tests of these counts.
    pub fn into_run(self) -> ShoeRun {
        let shoes = self.shoes();
        let composition = self.composition;
        let (v, p) = (composition.values(), composition.cards());
        let copies: Vec<u64> = composition.counts().iter().map(|&k| k as u64).collect();
        let unit = composition.unit();
        let mut tests = Vec::new();
        let mut skipped = Vec::new();
        let needed = min_shoes_to_test(&composition);
        if shoes >= needed {
            tests.push(fixed_margins_test(
                TestName::VALUE_POSITION,
                &self.value_position,
                &copies,
                &vec![1; p],
                shoes,
            ));
        } else {
            skipped.push(Skipped {
                name: TestName::VALUE_POSITION,
                reason: format!(
                    "needs {MIN_EXPECTED} expected per cell: at least {needed} {unit}s, got {shoes}"
                ),
            });
        }
        if let Some(hand) = self.hand {
            let folded = hand_table(&self.value_position, p, hand);
            let fewest = *composition
                .counts()
                .iter()
                .min()
                .expect("2 values at least");
            let margin = hand.min(p - hand);
            let needed = (MIN_EXPECTED * p as f64 / (fewest * margin) as f64).ceil() as u64;
            if shoes >= needed {
                tests.push(fixed_margins_test(
                    TestName::OPENING_HAND,
                    &folded,
                    &copies,
                    &[hand as u64, (p - hand) as u64],
                    shoes,
                ));
            } else {
                skipped.push(Skipped {
                    name: TestName::OPENING_HAND,
                    reason: format!(
                        "needs {MIN_EXPECTED} expected per cell: at least {needed} decks, got {shoes}"
                    ),
                });
            }
        }
        let statistics = vec![
            ShoeStatisticSummary::of(ShoeStatistic::Descents, &composition, self.descents),
            ShoeStatisticSummary::of(ShoeStatistic::Repeats, &composition, self.repeats),
        ];
        tests.extend(statistics.iter().map(ShoeStatisticSummary::test));
        let hand = self.hand.unwrap_or(0);
        let groups: Vec<GroupRun> = self
            .groups
            .into_iter()
            .map(|g| GroupRun {
                pairs: Fit::new(g.pairs, Law::of(law::group_pairs(g.cards, p))),
                hand: Fit::new(g.hand, Law::of(law::hand(g.cards, p, hand))),
                cards: g.cards,
                group: g.group,
            })
            .collect();
        for g in &groups {
            tests.push(
                g.pairs
                    .test(TestName::GROUP_PAIRS)
                    .of_subject(&g.group.name),
            );
            tests.push(g.hand.test(TestName::GROUP_HAND).of_subject(&g.group.name));
        }
        let ln_m = composition.ln_arrangements();
        let decks = shoes.min(COLLISION_MAX_DECKS);
        let collisions = match collision::unfit_among(ln_m, decks) {
            None => {
                let c = self.prints.collisions_among(ln_m);
                tests.push(collision::test(&c));
                Some(c)
            }
            Some(why) => {
                skipped.push(Skipped {
                    name: TestName::COLLISIONS,
                    reason: if decks < 2 {
                        why
                    } else {
                        format!(
                            "the {unit}'s {} arrangements are too few for {decks} {unit}s: {why}",
                            composition.arrangements()
                        )
                    },
                });
                None
            }
        };
        let max_relative_deviation =
            max_relative_deviation(&self.value_position, &copies, &vec![1; p], shoes);
        debug_assert_eq!(self.value_position.len(), v * p);
        ShoeRun {
            lag1: self.lag.map(|lag| lag.into_run(&composition)),
            composition,
            shoes,
            value_position: self.value_position,
            statistics,
            groups,
            hand: self.hand,
            collisions,
            tests,
            skipped,
            max_relative_deviation,
        }
    }
}

impl ShoeLag {
    /// Counts `deck` (of `v` values) against the one before it.
    fn observe(&mut self, deck: &[u8], v: usize) {
        if let Some(previous) = &mut self.previous {
            let mut matches = 0;
            for (&a, &b) in previous.iter().zip(deck) {
                self.contingency[a as usize * v + b as usize] += 1;
                matches += usize::from(a == b);
            }
            self.matches[matches] += 1;
            previous.copy_from_slice(deck);
        } else {
            self.first = Some(deck.to_vec());
            self.previous = Some(deck.to_vec());
        }
    }
}

/// Adds `other` to `counts`, cell by cell.
fn add(counts: &mut [u64], other: &[u64]) {
    for (a, b) in counts.iter_mut().zip(other) {
        *a += b;
    }
}

/// The value × position table (`P` positions) folded into a value × 2
/// table: the first `hand` positions, and the rest.
fn hand_table(value_position: &[u64], p: usize, hand: usize) -> Vec<u64> {
    value_position
        .chunks(p)
        .flat_map(|row| [row[..hand].iter().sum(), row[hand..].iter().sum()])
        .collect()
}

/// `max |O/E − 1|` over a table with fixed margins, `E = N r_a c_b / T`
/// (0 when nothing was counted).
fn max_relative_deviation(counts: &[u64], rows: &[u64], cols: &[u64], tables: u64) -> f64 {
    let t: u64 = rows.iter().sum();
    if tables == 0 {
        return 0.0;
    }
    let mut worst = 0.0f64;
    for (a, &r) in rows.iter().enumerate() {
        for (b, &c) in cols.iter().enumerate() {
            let e = tables as f64 * (r * c) as f64 / t as f64;
            worst = worst.max((counts[a * cols.len() + b] as f64 / e - 1.0).abs());
        }
    }
    worst
}

/// The fewest decks the value × position test runs on: [`MIN_EXPECTED`]
/// per cell, the rarest value expecting `K_min / P` decks per position
/// (`5 V` for a shoe).
pub fn min_shoes_to_test(composition: &Composition) -> u64 {
    let fewest = *composition
        .counts()
        .iter()
        .min()
        .expect("2 values at least");
    (MIN_EXPECTED * composition.cards() as f64 / fewest as f64).ceil() as u64
}

impl ShoeLag {
    fn into_run(self, composition: &Composition) -> ShoeLagRun {
        let (v, p) = (composition.values(), composition.cards());
        let unit = composition.unit();
        let copies: Vec<u64> = composition.counts().iter().map(|&k| k as u64).collect();
        let pairs: u64 = self.matches.iter().sum();
        // K_min² / P expected per cell and pair at the rarest value.
        let fewest = *composition
            .counts()
            .iter()
            .min()
            .expect("2 values at least");
        let needed = (MIN_EXPECTED * p as f64 / (fewest * fewest) as f64).ceil() as u64;
        let mut tests = Vec::new();
        let mut skipped = Vec::new();
        if pairs >= needed {
            tests.push(fixed_margins_test(
                TestName::LAG1_CONTINGENCY,
                &self.contingency,
                &copies,
                &copies,
                pairs,
            ));
        } else {
            skipped.push(Skipped {
                name: TestName::LAG1_CONTINGENCY,
                reason: format!(
                    "needs {MIN_EXPECTED} expected per cell: at least {needed} pairs of consecutive {unit}s, got {pairs}"
                ),
            });
        }
        let matches = ShoeStatisticSummary::of(ShoeStatistic::Matches, composition, self.matches);
        if pairs >= 2 {
            tests.push(matches.test());
        } else {
            skipped.push(Skipped {
                name: TestName::LAG1_MATCHES,
                reason: format!("needs 2 pairs of consecutive {unit}s at least, got {pairs}"),
            });
        }
        let contingency_max_relative_deviation =
            max_relative_deviation(&self.contingency, &copies, &copies, pairs);
        ShoeLagRun {
            pairs,
            contingency: Positions {
                deck: v,
                counts: self.contingency,
            },
            contingency_max_relative_deviation,
            matches,
            tests,
            skipped,
        }
    }
}

/// What the counts of shoes (or of decks whose cards repeat) say.
#[derive(Clone, Debug, PartialEq)]
pub struct ShoeRun {
    /// The decks' composition.
    pub composition: Composition,
    /// Decks read.
    pub shoes: u64,
    /// `value_position[value * P + position]`.
    pub value_position: Vec<u64>,
    /// Descents and repeats beside their laws.
    pub statistics: Vec<ShoeStatisticSummary>,
    /// The opening hand tested, if any.
    pub hand: Option<usize>,
    /// The named groups: clumping and the opening hand.
    pub groups: Vec<GroupRun>,
    /// Repeated decks, when the test fits.
    pub collisions: Option<Collisions>,
    /// The tests of single decks.
    pub tests: Vec<TestResult>,
    /// The tests not run, with reasons.
    pub skipped: Vec<Skipped>,
    /// `max |O/E − 1|` over the value × position table (`E = N K_i / P`).
    pub max_relative_deviation: f64,
    /// The tests of consecutive decks, when they were read in order.
    pub lag1: Option<ShoeLagRun>,
}

/// What consecutive shoes say.
#[derive(Clone, Debug, PartialEq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct ShoeLagRun {
    /// Pairs of consecutive shoes.
    pub pairs: u64,
    /// The tests, `lag1-…`.
    pub tests: Vec<TestResult>,
    /// The tests not run, with reasons.
    pub skipped: Vec<Skipped>,
    /// `matrix[a][b]`: positions holding value `a` in a shoe and `b` in
    /// the next (a `V × V` table).
    #[cfg_attr(feature = "serde", serde(rename = "contingency_matrix"))]
    pub contingency: Positions,
    /// `max |O/E − 1|` over the contingency table (`E = pairs · K_a K_b /
    /// P`).
    pub contingency_max_relative_deviation: f64,
    /// The matches beside their exact law.
    pub matches: ShoeStatisticSummary,
}

impl ShoeRun {
    /// The shoe read, when every value has the same copies.
    pub fn shoe(&self) -> Option<Shoe> {
        self.composition.shoe()
    }

    /// Every test of the family: single shoes, then consecutive ones.
    pub fn family(&self) -> impl Iterator<Item = &TestResult> {
        self.tests
            .iter()
            .chain(self.lag1.iter().flat_map(|l| l.tests.iter()))
    }

    /// `log10` of the smallest Bonferroni-adjusted p-value of the family.
    pub fn log10_min_adjusted_p(&self) -> f64 {
        let log10s: Vec<f64> = self.family().map(|t| t.log10_p).collect();
        crate::hypothesis::audit::adjusted_log10(&log10s)
    }
}

#[cfg(test)]
mod tests;
