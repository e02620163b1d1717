//! `assertFair`'s check: the plan, bands and recognition of known mistakes
//! of `shuffle-check`, run on decks a JavaScript shuffle dealt.
//!
//! JavaScript calls the shuffle (a call from Rust into JavaScript for each
//! deal would cost more than the shuffle) and hands back the dealt decks,
//! in the plan's order, one byte per card; the check counts and judges
//! them as it counts and judges the decks a Rust shuffle deals.

use crate::refused;
use algorithms::defect::Language;
use napi::bindgen_prelude::Uint8Array;
use napi_derive::napi;
use shuffle_check::{Check, CheckRng, Deck};

/// A deck size and how many shuffles of it the check makes.
#[napi(object)]
#[derive(Clone, Copy, Debug)]
pub struct CheckDeck {
    /// Cards.
    pub cards: u32,
    /// Shuffles of it.
    pub shuffles: i64,
}

/// The check's plan and what came of it.
#[napi(object)]
#[derive(Debug)]
pub struct CheckOutcome {
    /// Whether the shuffle passed.
    pub passed: bool,
    /// The plan's guarantee, or the failure in words, with the fix in
    /// JavaScript's calls.
    pub words: String,
    /// The ids of the known mistakes the shuffle resembles.
    pub resembles: Vec<String>,
    /// The plan, in words.
    pub plan: String,
}

/// The check of `decks` (the judge's default plan when `None`) at this
/// seed and false-failure probability.
fn check_of(decks: Option<&[CheckDeck]>, seed: i64, false_failure: f64) -> napi::Result<Check> {
    let seed = u64::try_from(seed)
        .map_err(|_| refused(format!("seed: {seed}: give a whole number from 0")))?;
    let check = match decks {
        None => Check::new(),
        Some(decks) => {
            let decks = decks
                .iter()
                .map(|d| {
                    let shuffles = u64::try_from(d.shuffles).map_err(|_| {
                        refused(format!(
                            "decks: {}: give a whole number of shuffles from 1",
                            d.shuffles
                        ))
                    })?;
                    Ok(Deck {
                        cards: d.cards as usize,
                        shuffles,
                    })
                })
                .collect::<napi::Result<Vec<Deck>>>()?;
            Check::with_decks(&decks).map_err(|e| refused(e.to_string()))?
        }
    };
    check
        .false_failure(false_failure)
        .map_err(|e| refused(e.to_string()))
        .map(|c| c.seed(seed))
}

/// The decks the check deals, in the order it counts them: `decks` checked
/// (the judge's default plan when `None`). Unless `allow_small_sample`, a
/// plan too small to notice even a shuffle that does nothing is refused
/// before the shuffle is called, naming the fewest shuffles that would.
#[napi]
pub fn check_plan(
    decks: Option<Vec<CheckDeck>>,
    seed: i64,
    false_failure: f64,
    allow_small_sample: bool,
) -> napi::Result<Vec<CheckDeck>> {
    let check = check_of(decks.as_deref(), seed, false_failure)?;
    let too_small = check.plan().too_small();
    if !allow_small_sample && let Some(first) = too_small.first() {
        let fewest = too_small
            .iter()
            .map(|t| t.fewest)
            .max()
            .unwrap_or(first.fewest);
        return Err(refused(format!(
            "{first}: give decks: {fewest} or more, or allowSmallSample: true to check this few"
        )));
    }
    Ok(check
        .plan()
        .decks()
        .iter()
        .map(|d| CheckDeck {
            cards: d.cards as u32,
            shuffles: d.shuffles as i64,
        })
        .collect())
}

/// Counts and judges `dealt`: for each deck of the plan (as
/// [`check_plan`] gave it), its shuffles' results one after another, a
/// byte per card.
#[napi]
pub fn check_dealt(
    decks: Vec<CheckDeck>,
    seed: i64,
    false_failure: f64,
    dealt: Vec<Uint8Array>,
) -> napi::Result<CheckOutcome> {
    let check = check_of(Some(&decks), seed, false_failure)?;
    let order = check.plan().decks();
    if dealt.len() != order.len() {
        return Err(refused(format!(
            "{} dealt decks for a plan of {} deck sizes",
            dealt.len(),
            order.len()
        )));
    }
    for (d, cards) in order.iter().zip(&dealt) {
        let want = d.cards as u64 * d.shuffles;
        if cards.len() as u64 != want {
            return Err(refused(format!(
                "{} cards dealt for {} shuffles of {} cards",
                cards.len(),
                d.shuffles,
                d.cards
            )));
        }
    }
    // The check asks for the decks in the plan's order; each deck size is
    // in it once, so its length says which buffer the next deal is read
    // from.
    let mut read = vec![0usize; dealt.len()];
    let outcome = check
        .try_run(|deck: &mut [u32], _: &mut CheckRng| {
            let k = order.iter().position(|d| d.cards == deck.len()).ok_or(())?;
            let (at, n) = (read[k], deck.len());
            for (slot, &card) in deck.iter_mut().zip(&dealt[k][at..at + n]) {
                *slot = u32::from(card);
            }
            read[k] = at + n;
            Ok::<(), ()>(())
        })
        .map_err(|()| refused("the check asked for a deck size its plan does not hold".into()))?;
    let plan = check.plan().to_string();
    Ok(match outcome {
        Ok(pass) => CheckOutcome {
            passed: true,
            words: pass.to_string(),
            resembles: Vec::new(),
            plan,
        },
        Err(failure) => CheckOutcome {
            passed: false,
            words: failure.advising(Language::JavaScript).to_string(),
            resembles: failure
                .defects()
                .into_iter()
                .map(|d| d.id().to_string())
                .collect(),
            plan,
        },
    })
}

/// The judge's default false-failure probability of a check.
#[napi]
pub fn default_false_failure() -> f64 {
    shuffle_check::DEFAULT_FALSE_FAILURE
}

/// The judge's default plan: deck sizes and the shuffles of each.
#[napi]
pub fn default_check_decks() -> Vec<CheckDeck> {
    shuffle_check::DEFAULT_DECKS
        .iter()
        .map(|d| CheckDeck {
            cards: d.cards as u32,
            shuffles: d.shuffles as i64,
        })
        .collect()
}
