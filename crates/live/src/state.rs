//! What the page shows, as one JSON document (`GET /state`).

use crate::Session;
use judge::live::{LiveFinding, LiveVerdict};
use serde::Serialize;

/// The most bytes of a [`State`] as JSON, whatever the run and its
/// batches: two 60 × 60 heatmaps of the widest numbers, the longest
/// evidence curve of a run at its bound of decks, and the words.
pub const STATE_BYTES: usize = 256 * 1024;

/// What the page shows of one run: the counts as heatmaps on one colour
/// scale, the evidence and its curve, the verdict and the finding in
/// words.
#[derive(Clone, Debug, Serialize)]
pub struct State {
    /// The run, if there is one.
    pub session: Option<String>,
    /// The example it runs.
    pub example: Option<&'static str>,
    /// Cards per deck (0 before any run).
    pub deck: usize,
    /// Decks received and counted, those after the alarm included.
    pub decks: u64,
    /// The decks the run goes on to after its alarm (0: it stops there).
    pub until: u64,
    /// `"idle"` before any run, then `"watching"` or `"biased"`.
    pub verdict: &'static str,
    /// `log10` of the evidence against a fair shuffle (`null` when
    /// infinite: a deck no fair shuffle deals).
    pub evidence: Option<f64>,
    /// `log10(1/α)`, where the run stops.
    pub threshold: f64,
    /// The finding in words.
    pub finding: String,
    /// The judge's finding, as data.
    pub detail: Option<LiveFinding>,
    /// `[decks, log10 evidence]` pairs, from `[0, 0]`: at most
    /// [`crate::curve_points`] of the run's decks.
    pub curve: Vec<(u64, Option<f64>)>,
    /// The heatmaps: `observed / expected − 1` per `[card][position]`.
    pub heatmap: Option<Heatmap>,
    /// The last batch refused, and why.
    pub refused: Option<String>,
}

/// The page's heatmaps, on one symmetric colour scale.
#[derive(Clone, Debug, Serialize)]
pub struct Heatmap {
    /// The decks received.
    pub observed: Vec<Vec<f64>>,
    /// As many Fisher–Yates decks, drawn by the server.
    pub control: Vec<Vec<f64>>,
    /// The example's exact law, when the suite counted it.
    pub exact: Option<Vec<Vec<f64>>>,
    /// The colour scale runs from `−limit` to `+limit`: the report's rule
    /// (the largest deviation drawn, but at least four times the spread
    /// of a fair shuffle's largest cell at this many decks).
    pub limit: f64,
    /// The scale's range in words ([`report::files::scale_range`]): the
    /// blue end stops at −100%.
    pub scale: String,
}

impl State {
    /// Before any run.
    pub fn idle(alpha: f64) -> Self {
        State {
            session: None,
            example: None,
            deck: 0,
            decks: 0,
            until: 0,
            verdict: "idle",
            evidence: Some(0.0),
            threshold: -alpha.log10(),
            finding: "No run yet: pick a shuffle and press run.".into(),
            detail: None,
            curve: Vec::new(),
            heatmap: None,
            refused: None,
        }
    }

    /// The state of run `id`; the heatmaps only when `heatmap`.
    pub fn of(id: String, s: &Session, heatmap: bool) -> Self {
        let f = s.finding();
        let finite = |x: f64| x.is_finite().then_some(x);
        State {
            session: Some(id),
            example: s.example,
            deck: s.deck,
            decks: s.decks(),
            verdict: match f.verdict {
                LiveVerdict::Watching => "watching",
                LiveVerdict::Biased => "biased",
            },
            evidence: finite(f.log10_evidence),
            threshold: f.log10_threshold,
            finding: match f.alarm_deck {
                Some(at) if s.decks() > at => {
                    format!("{} {}", f.words(), LiveFinding::after_alarm(at, s.decks()))
                }
                _ => f.words().to_string(),
            },
            until: s.until(),
            curve: s.curve().iter().map(|&(t, e)| (t, finite(e))).collect(),
            heatmap: (heatmap && s.decks() > 0).then(|| heatmaps(s)),
            refused: s.refused.clone(),
            detail: Some(f),
        }
    }
}

fn heatmaps(s: &Session) -> Heatmap {
    use report::files::{colour_limit, deviation, exact_deviation};
    let observed = deviation(&s.positions());
    let control = deviation(&s.control());
    let exact = s.exact.as_deref().map(exact_deviation);
    let mut drawn: Vec<&[Vec<f64>]> = vec![&observed, &control];
    drawn.extend(exact.as_deref());
    let limit = colour_limit(&drawn, s.deck, s.decks());
    Heatmap {
        observed,
        control,
        exact,
        limit,
        scale: report::files::scale_range(limit, 1),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{DECKS, Limits};

    #[test]
    fn the_state_of_the_largest_run_fits_its_bound() {
        let n = *DECKS.end();
        let limits = Limits::default();
        let mut s = Session::new(n, Some("naive-swap"), None, 1e-3);
        let deck: Vec<u8> = (0..n as u8).rev().collect();
        s.add(&deck, limits.decks_per_session).unwrap();
        let mut state = State::of("0".repeat(32), &s, true);
        // The widest numbers JSON prints, in every cell and on the
        // longest curve a run can draw; the longest words a refusal holds.
        let wide = -1.234_567_890_123_456_7e-300;
        let heatmap = state.heatmap.as_mut().unwrap();
        for m in [&mut heatmap.observed, &mut heatmap.control] {
            assert_eq!(m.len(), n);
            m.iter_mut().flatten().for_each(|v| *v = wide);
        }
        heatmap.limit = wide;
        let points = crate::curve_points(limits.decks_per_session);
        state.curve = vec![(limits.decks_per_session, Some(wide)); points];
        state.refused = Some(
            crate::BatchError::Twice {
                deck: usize::MAX,
                card: 255,
                n,
            }
            .to_string(),
        );
        let bytes = serde_json::to_vec(&state).unwrap().len();
        assert!(bytes <= STATE_BYTES, "{bytes} bytes");
        assert!(
            bytes > STATE_BYTES / 2,
            "{bytes} bytes: the bound is not loose"
        );
    }
}
