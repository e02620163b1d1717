//! The statistics of one deck that the battery measures, named.

/// A statistic of one deck (`deck[position] = card`, cards `0..n`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(
    feature = "serde",
    derive(serde::Serialize, serde::Deserialize),
    serde(rename_all = "kebab-case")
)]
pub enum Statistic {
    /// Cards at their starting position. Null: rencontres numbers
    /// `D(n, k) / n!` (OEIS A008290); mean 1.
    FixedPoints,
    /// Cycles of the permutation. Null: unsigned Stirling numbers of the
    /// first kind `c(n, k) / n!` (A132393); mean `H_n`.
    Cycles,
    /// Positions `p` with `deck[p] > deck[p + 1]`. Null: Eulerian numbers
    /// `A(n, k) / n!` (A008292); mean `(n − 1) / 2`.
    Descents,
    /// Rising sequences (Bayer–Diaconis): maximal runs of consecutive cards
    /// `i, i + 1, …` lying left to right; one more than the descents of the
    /// inverse permutation, so its null is Eulerian shifted by one; mean
    /// `(n + 1) / 2`. One riffle leaves at most 2.
    RisingSequences,
    /// Adjacent pairs that survive: positions `p` with
    /// `deck[p + 1] = deck[p] + 1`. Null: `C(n − 1, k) · a(n − 1 − k) / n!`
    /// with `a` = A000255 (A010027); mean `(n − 1) / n`.
    Successions,
}

impl Statistic {
    /// Every statistic of the battery, in report order.
    pub const ALL: [Statistic; 5] = [
        Statistic::FixedPoints,
        Statistic::Cycles,
        Statistic::Descents,
        Statistic::RisingSequences,
        Statistic::Successions,
    ];

    /// Short kebab-case name, as tests and reports use it.
    pub fn name(self) -> &'static str {
        match self {
            Statistic::FixedPoints => "fixed-points",
            Statistic::Cycles => "cycles",
            Statistic::Descents => "descents",
            Statistic::RisingSequences => "rising-sequences",
            Statistic::Successions => "successions",
        }
    }
}

impl std::fmt::Display for Statistic {
    /// The [`name`](Statistic::name), padded as the format asks.
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.pad(self.name())
    }
}
