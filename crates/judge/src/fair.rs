//! The band a fair shuffle's figures stay within, and how often: the pale
//! part of every heatmap's colour scale and the grey envelope of every
//! permutation figure are drawn at one level, chosen here.

/// The probability that a fair shuffle's figure leaves its band: its
/// largest heatmap cell the pale part of the scale, or a bar or rank of
/// its permutation histogram the grey envelope.
pub const FAIR_ALPHA: f64 = 0.01;

/// In how many runs of how many a fair shuffle's figure stays in its band:
/// `(99, 100)` at [`FAIR_ALPHA`] = 0.01.
pub fn runs_within() -> (u64, u64) {
    let runs = (1.0 / FAIR_ALPHA).round() as u64;
    (runs - (FAIR_ALPHA * runs as f64).round() as u64, runs)
}

/// The largest relative deviation every cell of a fair shuffle's position
/// matrix of `deck` cards sampled `shuffles` times stays within, all cells
/// at once, but with probability [`FAIR_ALPHA`]
/// ([`stats::law::fair::position_spread`]).
pub fn position_spread(deck: usize, shuffles: u64) -> f64 {
    stats::law::fair::position_spread(deck, shuffles, FAIR_ALPHA)
}

/// The counts every bar of a fair permutation histogram of `k`
/// arrangements and `shuffles` decks stays in, all bars at once, but with
/// probability [`FAIR_ALPHA`] ([`stats::law::fair::histogram_band`]).
pub fn histogram_band(k: usize, shuffles: u64) -> (u64, u64) {
    stats::law::fair::histogram_band(k, shuffles, FAIR_ALPHA)
}

/// The counts each rank of a fair shuffle's sorted permutation histogram
/// stays in, all ranks at once, but with probability [`FAIR_ALPHA`]
/// ([`stats::law::fair::sorted_envelope`]).
pub fn sorted_envelope(k: usize, shuffles: u64) -> Vec<(u64, u64)> {
    stats::law::fair::sorted_envelope(k, shuffles, FAIR_ALPHA)
}

#[cfg(test)]
mod tests {
    #[test]
    fn the_band_holds_in_99_of_100_runs() {
        assert_eq!(super::runs_within(), (99, 100));
    }
}
