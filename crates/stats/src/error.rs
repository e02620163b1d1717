//! Errors of the `stats` crate.

use thiserror::Error;

/// Why an exact enumeration cannot be done.
#[derive(Debug, Error, Clone, PartialEq)]
pub enum ExactError {
    /// The deck is outside the sizes the enumerator handles.
    #[error("deck size {deck} is not allowed for exact enumeration: use 1..={max}")]
    DeckSize {
        /// The size asked for.
        deck: usize,
        /// The largest size allowed.
        max: usize,
    },
    /// The algorithm's draws are too wide to branch on.
    #[error(
        "a draw with {outcomes} outcomes cannot be enumerated (at most {max} per draw): sample this algorithm instead"
    )]
    TooWide {
        /// Outcomes of the offending draw.
        outcomes: u128,
        /// The most a draw may have.
        max: u128,
    },
    /// The walk would visit more paths than the budget allows.
    #[error(
        "exact enumeration needs about {needed:.3e} paths, over the budget of {budget:.3e}: raise --max-paths or use a smaller deck"
    )]
    TooManyPaths {
        /// Paths needed (an estimate when the walk was not started).
        needed: f64,
        /// The budget.
        budget: f64,
    },
    /// Exact weights no longer fit in 128 bits.
    #[error("exact path weights exceed 128 bits on a deck of {deck} cards: use a smaller deck")]
    Overflow {
        /// The deck size.
        deck: usize,
    },
    /// State merging above [`MAX_WIDE_MERGE_DECK`](crate::law::merge::MAX_WIDE_MERGE_DECK)
    /// cards holds its weights in 64 bits.
    #[error(
        "exact weights on {deck} cards need more than 64 bits (the draws' totals multiply past 2^64): state merging takes such shuffles up to {max} cards"
    )]
    WideWeights {
        /// The deck size.
        deck: usize,
        /// The largest deck with 128-bit weights.
        max: usize,
    },
    /// The system refused the memory of a table (out of memory, or a limit
    /// such as `ulimit -v`).
    #[error("{0}")]
    OutOfMemory(OutOfMemory),
    /// Paths are listed one by one only for uniform draws.
    #[error(
        "the paths cannot be listed one by one: a draw of {draw} is not uniform (only uniform draws below k are)"
    )]
    NotUniform {
        /// The offending draw.
        draw: String,
    },
    /// A path's loop went on past the most draws a listed path may take.
    #[error(
        "the paths cannot be listed one by one: a loop went on past {draws} draws (the tree is infinite)"
    )]
    Unbounded {
        /// The most draws a path may take.
        draws: usize,
    },
}

/// What an exact method needs and what the system refused.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct OutOfMemory {
    /// The method, in words ("state merging").
    pub method: &'static str,
    /// The deck size.
    pub deck: usize,
    /// `n!`: the weights of each table.
    pub arrangements: u64,
    /// Bytes of the method's tables at their peak.
    pub peak: u64,
    /// Bytes of the table the system refused.
    pub refused: u64,
}

impl std::fmt::Display for OutOfMemory {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let gb = |b: u64| b as f64 / 1e9;
        write!(
            f,
            "{} on {} cards needs about {:.1} GB of memory for its tables of {}! = {} weights, and the system refused {:.1} GB of it: free memory, raise the limit (ulimit -v) or use a smaller deck",
            self.method,
            self.deck,
            gb(self.peak),
            self.deck,
            self.arrangements,
            gb(self.refused)
        )
    }
}
