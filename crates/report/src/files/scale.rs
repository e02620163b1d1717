//! The scales figures share: deviations from a fair shuffle, the colour
//! limit that keeps a fair shuffle pale, and the permutation figures' axis.

/// `observed / expected − 1` for a matrix of counts, each row against its
/// own total spread evenly over the positions.
pub fn deviation(counts: &[Vec<u64>]) -> Vec<Vec<f64>> {
    let n = counts.len() as f64;
    counts
        .iter()
        .map(|row| {
            let total: u64 = row.iter().sum();
            let expected = total as f64 / n;
            row.iter().map(|&c| c as f64 / expected - 1.0).collect()
        })
        .collect()
}

/// `p · n − 1` for a matrix of exact probabilities.
pub fn exact_deviation(probabilities: &[Vec<f64>]) -> Vec<Vec<f64>> {
    let n = probabilities.len() as f64;
    probabilities
        .iter()
        .map(|row| row.iter().map(|&p| p * n - 1.0).collect())
        .collect()
}

/// The share of a heatmap's colour scale a fair shuffle's largest cell
/// may reach: the scale runs to at least the fair spread divided by this,
/// so a fair shuffle's matrix stays in the palest quarter of the colours.
pub const PALE: f64 = 0.25;

/// How often a fair shuffle's figure stays in its band, in words: `99 of
/// 100 runs` ([`judge::fair::runs_within`]).
pub fn fair_runs() -> String {
    let (within, runs) = judge::fair::runs_within();
    format!("{within} of {runs} runs")
}

/// The colour limit of heatmaps of `deck` cards sampled `shuffles` times:
/// the largest deviation drawn, but at least the deviation every cell of a
/// fair shuffle stays within ([`judge::fair::position_spread`], all cells
/// at once) divided by [`PALE`].
pub fn colour_limit(matrices: &[&[Vec<f64>]], deck: usize, shuffles: u64) -> f64 {
    let floor = judge::fair::position_spread(deck, shuffles) / PALE;
    crate::figures::colour_limit(matrices, floor)
}

/// A colour scale's range in words, with `decimals` decimals: `±25%`, or
/// `−100% to +200%` when the red end runs beyond +100% (no cell falls
/// below −100%: a card cannot land somewhere less often than never). The
/// colour bars of the figures and pages stop where this says.
pub fn scale_range(limit: f64, decimals: usize) -> String {
    let p = 100.0 * limit;
    if crate::figures::colour_bar_bottom(limit) > -limit {
        format!("−100% to +{p:.decimals$}%")
    } else {
        format!("±{p:.decimals$}%")
    }
}

/// The band a fair shuffle's permutation histogram of `k` arrangements and
/// `shuffles` decks stays in, all at once ([`fair_runs`]), as ratios to
/// uniform: per bar up to [`crate::figures::BARS_UP_TO`] arrangements, per rank of the
/// sorted curve beyond ([`judge::fair`]).
pub fn fair_envelope(k: usize, shuffles: u64) -> Vec<(f64, f64)> {
    let expected = shuffles as f64 / k as f64;
    let ratio = |(lo, hi): (u64, u64)| (lo as f64 / expected, hi as f64 / expected);
    if k <= crate::figures::BARS_UP_TO {
        vec![ratio(judge::fair::histogram_band(k, shuffles)); k]
    } else {
        judge::fair::sorted_envelope(k, shuffles)
            .into_iter()
            .map(ratio)
            .collect()
    }
}

/// Counts as ratios to their mean: how many times as often as uniform.
pub fn ratios_to_uniform(counts: &[u64]) -> Vec<f64> {
    let total: u64 = counts.iter().sum();
    let expected = total as f64 / counts.len() as f64;
    counts.iter().map(|&c| c as f64 / expected).collect()
}

/// The widest a permutation figure's axis gets: `×1/4` to `×4`. A few
/// algorithms deal some decks hundreds of times too often (a seed of a
/// few bits); an axis stretched to them would flatten every other curve,
/// so theirs run off the edge, and the figure says so.
pub const PERMUTATION_TOP_MAX: f64 = 4.0;

/// The top `T` of a permutation figure's logarithmic axis, which runs
/// from `1/T` to `T`: a little beyond the farthest ratio from 1 drawn
/// (sampled, exact or the fair envelope's, either way: `r` or `1/r`).
/// Zero ratios (arrangements never dealt) do not count: they sit on the
/// bottom edge.
pub fn permutation_top(ratios: &[f64], exact: Option<&[f64]>, envelope: &[(f64, f64)]) -> f64 {
    let farthest = ratios
        .iter()
        .chain(exact.unwrap_or(&[]))
        .copied()
        .chain(envelope.iter().flat_map(|&(lo, hi)| [lo, hi]))
        .filter(|&r| r > 0.0)
        .map(|r| r.max(1.0 / r))
        .fold(1.0, f64::max);
    (farthest * 1.08).min(PERMUTATION_TOP_MAX)
}

/// What the colour limits promise, for a figure's subtitle.
pub(super) fn pale_note() -> String {
    format!(
        "a fair shuffle stays within the palest {:.0}% of the colours in {}",
        100.0 * PALE,
        fair_runs()
    )
}
