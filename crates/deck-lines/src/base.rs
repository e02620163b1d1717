//! How cards are numbered.

/// Whether cards are numbered from 0 or from 1.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub enum Base {
    /// Cards `0..n`.
    #[cfg_attr(feature = "serde", serde(rename = "0-based"))]
    Zero,
    /// Cards `1..=n`.
    #[cfg_attr(feature = "serde", serde(rename = "1-based"))]
    One,
}

impl std::fmt::Display for Base {
    /// The [`label`](Base::label), padded as the format asks.
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.pad(self.label())
    }
}

impl Base {
    /// `"0-based"` or `"1-based"`.
    pub fn label(self) -> &'static str {
        match self {
            Base::Zero => "0-based",
            Base::One => "1-based",
        }
    }

    /// The first card's number.
    pub fn first(self) -> u64 {
        match self {
            Base::Zero => 0,
            Base::One => 1,
        }
    }
}
