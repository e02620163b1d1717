//! `recover`: V8's `Math.random()` state read back from decks a
//! JavaScript Fisher–Yates loop dealt with it, and the decks it deals
//! next, by the engine of `shuffle-audit recover`
//! ([`engine::recover::request`], [`engine::recover::run`]).

use crate::{line, refused};
use engine::recover::{Given, GivenError};
use napi_derive::napi;
use report::{Provenance, Standalone};
use std::time::Instant;

/// How `recover` is asked, checked in JavaScript.
#[napi(object)]
#[derive(Debug)]
pub struct RecoverOptions {
    /// Decks to predict after those given, dealt back to back.
    pub next: u32,
    /// The most states and predictions listed.
    pub cap: u32,
    /// The call, as the document's provenance records it.
    pub command: String,
}

/// What `recover` found, rendered.
#[napi(object)]
#[derive(Debug)]
pub struct NativeRecover {
    /// `shuffle-audit recover --json`'s document.
    pub json: String,
    /// What `shuffle-audit recover` prints.
    pub text: String,
    /// The command's exit code: 0 the cards to come are known, 1 they are
    /// not, 2 no state deals the decks.
    pub exit_code: u32,
}

/// `recover` of `rows`, the decks in the order dealt, each the array after
/// the loop, its first element first.
#[napi]
pub fn recover_decks(rows: Vec<Vec<i64>>, options: RecoverOptions) -> napi::Result<NativeRecover> {
    let start = Instant::now();
    let mut text = Vec::new();
    for row in &rows {
        line(&mut text, row.iter().copied());
    }
    let deck = rows.first().map_or(0, Vec::len);
    let request = engine::recover::request(Given {
        decks: Some(("decks".to_string(), &text[..])),
        seen: None,
        deck: None,
        standard: deck,
        base: None,
        next: options.next as usize,
        cap: options.cap as usize,
    })
    .map_err(|e| match e {
        // Line n of the text is the deck decks[n - 1].
        GivenError::Line { line, error, .. } => refused(format!("decks[{}]: {error}", line - 1)),
        e => refused(e.to_string()),
    })?;
    let outcome = engine::recover::run(request);
    let exit_code = u32::from(outcome.exit_code());
    let doc = Standalone::new(
        outcome.report,
        Provenance {
            threads: Some(rayon::current_num_threads()),
            ..Provenance::new(&options.command)
        },
        Some(start.elapsed().as_secs_f64()),
    );
    let (json, text) = crate::documents(&doc)?;
    Ok(NativeRecover {
        json,
        text,
        exit_code,
    })
}

/// `recover`'s bounds and defaults: `[next, cap, maxNext]`.
#[napi]
pub fn recover_limits() -> Vec<u32> {
    [
        engine::recover::DEFAULT_NEXT,
        engine::recover::DEFAULT_CAP,
        engine::recover::MAX_NEXT,
    ]
    .iter()
    .map(|&v| v as u32)
    .collect()
}
