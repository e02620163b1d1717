//! `assertFair`'s check: the plan, bands and recognition of known mistakes
//! of `shuffle-check`, run on decks a JavaScript shuffle dealt.
//!
//! JavaScript calls the shuffle (a call from Rust into JavaScript for each
//! deal would cost more than the shuffle) and feeds the dealt decks, in
//! the plan's order, to [`CheckRun`], whose thread counts them while the
//! shuffle runs on; the check judges them as it judges the decks a Rust
//! shuffle deals.

use crate::refused;
use algorithms::defect::Language;
use napi::bindgen_prelude::Uint8Array;
use napi_derive::napi;
use shuffle_check::{Check, CheckRng, Deck, Failure, Pass};
use std::sync::mpsc::{SyncSender, sync_channel};
use std::thread::JoinHandle;

/// A deck size and how many shuffles of it the check makes.
#[napi(object)]
#[derive(Clone, Copy, Debug)]
pub struct CheckDeck {
    /// Cards.
    pub cards: u32,
    /// Shuffles of it.
    pub shuffles: i64,
}

/// What came of the check.
#[napi(object)]
#[derive(Debug)]
pub struct CheckOutcome {
    /// Whether the shuffle passed.
    pub passed: bool,
    /// The plan's guarantee, or the failure in words, with the fix in
    /// JavaScript's calls.
    pub words: String,
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

/// Why the counting thread stopped before the plan's last deal.
#[derive(Debug)]
enum Stopped {
    /// JavaScript stopped feeding (its shuffle threw, or it gave up).
    Abandoned,
    /// A chunk ended inside a deck: JavaScript fed the plan in pieces that
    /// are not whole decks.
    Misaligned,
}

/// What the counting thread gives back.
type Counted = Result<Result<Pass, Box<Failure>>, Stopped>;

/// A check being run: JavaScript calls the shuffle and feeds what it dealt
/// in chunks of whole decks, in the plan's order, while a thread of its own
/// counts them (the check's own work runs beside the shuffle's, on another
/// core where there is one).
#[napi]
#[derive(Debug)]
pub struct CheckRun {
    /// The decks the check deals, in the order it counts them.
    decks: Vec<CheckDeck>,
    send: Option<SyncSender<Vec<u8>>>,
    counting: Option<JoinHandle<Counted>>,
}

/// Chunks in flight between JavaScript and the counting thread: while the
/// thread is this far behind, `feed` waits.
const CHUNKS_IN_FLIGHT: usize = 4;

#[napi]
impl CheckRun {
    /// The check of `decks` (the judge's default plan when `None`), its
    /// counting thread started. Unless `allow_small_sample`, a plan too
    /// small to notice even a shuffle that does nothing is refused before
    /// the shuffle is called, naming the fewest shuffles that would.
    #[napi(constructor)]
    pub fn new(
        decks: Option<Vec<CheckDeck>>,
        seed: i64,
        false_failure: f64,
        allow_small_sample: bool,
    ) -> napi::Result<Self> {
        let check = check_of(decks.as_deref(), seed, false_failure)?;
        if !allow_small_sample && let Some((first, fewest)) = check.too_small() {
            return Err(refused(format!(
                "{first}: give decks: {fewest} or more, or allowSmallSample: true to check this few"
            )));
        }
        let decks = check
            .plan()
            .decks()
            .iter()
            .map(|d| CheckDeck {
                cards: d.cards as u32,
                shuffles: d.shuffles as i64,
            })
            .collect();
        let (send, chunks) = sync_channel::<Vec<u8>>(CHUNKS_IN_FLIGHT);
        let counting = std::thread::spawn(move || {
            let (mut chunk, mut at) = (Vec::new(), 0);
            check.try_run(|deck: &mut [u32], _: &mut CheckRng| {
                if at == chunk.len() {
                    chunk = chunks.recv().map_err(|_| Stopped::Abandoned)?;
                    at = 0;
                }
                let n = deck.len();
                let values = chunk.get(at..at + n).ok_or(Stopped::Misaligned)?;
                for (slot, &card) in deck.iter_mut().zip(values) {
                    *slot = u32::from(card);
                }
                at += n;
                Ok(())
            })
        });
        Ok(CheckRun {
            decks,
            send: Some(send),
            counting: Some(counting),
        })
    }

    /// The decks the check deals, in the order it counts them: JavaScript
    /// feeds their deals in this order.
    #[napi(getter)]
    pub fn decks(&self) -> Vec<CheckDeck> {
        self.decks.clone()
    }

    /// Hands the counting thread the next deals: whole decks, card after
    /// card, each card checked in JavaScript to be below the deck's size
    /// (the check finds a card dealt twice). Returns whether the check
    /// wants more (false once it has stopped on a deal that is not a
    /// deck).
    #[napi]
    pub fn feed(&self, cards: Uint8Array) -> bool {
        self.send
            .as_ref()
            .is_some_and(|s| s.send(cards.to_vec()).is_ok())
    }

    /// Waits for the count and judges it.
    #[napi]
    pub fn finish(&mut self) -> napi::Result<CheckOutcome> {
        self.send = None;
        let outcome = self
            .counting
            .take()
            .ok_or_else(|| refused("this check has finished already".into()))?
            .join()
            .map_err(|_| refused("the check's count failed".into()))?;
        match outcome {
            Ok(Ok(pass)) => Ok(CheckOutcome {
                passed: true,
                words: pass.to_string(),
            }),
            Ok(Err(failure)) => Ok(CheckOutcome {
                passed: false,
                words: failure.advising(Language::JavaScript).to_string(),
            }),
            Err(Stopped::Abandoned) => Err(refused(
                "the check was given fewer deals than its plan holds".into(),
            )),
            Err(Stopped::Misaligned) => Err(refused("the check was fed a part of a deck".into())),
        }
    }

    /// Stops the count without a verdict (the shuffle threw).
    #[napi]
    pub fn abandon(&mut self) {
        self.send = None;
        if let Some(counting) = self.counting.take() {
            let _ = counting.join();
        }
    }
}

impl Drop for CheckRun {
    fn drop(&mut self) {
        self.abandon();
    }
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
