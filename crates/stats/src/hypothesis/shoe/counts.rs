//! The counts of shoes and decklists read from outside, kept until their
//! number is known, and the run they make: each value at each position,
//! descents, repeats, the groups, collisions and consecutive decks.

use super::*;

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
    pub(super) value_position: Vec<u64>,
    descents: Vec<u64>,
    repeats: Vec<u64>,
    /// Fingerprints of the first [`COLLISION_MAX_DECKS`] decks (128 MiB
    /// at most).
    prints: Fingerprints,
    /// How many decks' fingerprints to keep at most.
    prints_up_to: u64,
    pub(super) lag: Option<ShoeLag>,
    /// The opening hand, when tested.
    hand: Option<usize>,
    groups: Vec<GroupCounts>,
}

/// The counts of consecutive shoes.
#[derive(Clone, Debug)]
pub(super) struct ShoeLag {
    /// The first deck: the one a stretch of the input read before this one
    /// pairs with its last.
    first: Option<Vec<u8>>,
    previous: Option<Vec<u8>>,
    /// `contingency[value before * V + value after]`.
    pub(super) contingency: Vec<u64>,
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
pub(super) fn hand_table(value_position: &[u64], p: usize, hand: usize) -> Vec<u64> {
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
