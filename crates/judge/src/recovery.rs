//! What a seed search concludes: whether the cards seen pin the deck down.

/// What a search of a shuffle's seeds for the cards seen concludes.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Recovery {
    /// No seed in the range deals these cards: another algorithm, deck
    /// size or range of seeds.
    NoSeed,
    /// One seed fits: the rest of the deck is known.
    Known,
    /// Several seeds fit: more cards are needed to tell them apart.
    Several,
}

impl Recovery {
    /// The conclusion of a search that found `matches` seeds.
    ///
    /// ```
    /// use judge::recovery::Recovery;
    /// assert_eq!(Recovery::of(1), Recovery::Known);
    /// assert_eq!(Recovery::of(3), Recovery::Several);
    /// ```
    pub fn of(matches: u64) -> Recovery {
        match matches {
            0 => Recovery::NoSeed,
            1 => Recovery::Known,
            _ => Recovery::Several,
        }
    }
}
