//! The live page of `shuffle-audit play`: the reader pastes a shuffle in
//! JavaScript, their own browser runs it in a Web Worker and streams the
//! decks here in binary batches, and the server counts them and bets on
//! them with the same code as `audit` and its monitor. The page shows the
//! position heatmap (a fair control beside it, the exact law beside both
//! for an example the suite can count), the evidence as a curve, and the
//! judge's finding, and stops the run when the evidence reaches `1/α`.
//!
//! The server never runs the code it is shown: it only receives decks.
//! It answers only requests addressed to it (`Host`, and `Origin` when a
//! browser sends one), and bounds every request ([`Limits`]).
//!
//! | route | what |
//! |---|---|
//! | `GET /` | the page; `?example=ID&run=1` loads an example and runs it |
//! | `GET /config` | the examples, the report's palette, the level and the bounds, as JSON |
//! | `POST /sessions` | a new run: `{"deck": n, "example": "ID"}` → `{"session": id, …}` |
//! | `POST /sessions/ID/decks` | a batch of decks, `n` bytes each |
//! | `GET /state?session=ID` | what the page shows of run `ID`, as JSON ([`State`]); without `session`, the idle page |
//!
//! A run's id is 128 random bits from the operating system, in hex: only
//! whoever started the run can add decks to it or read it. Connections
//! are bounded in number and in time ([`Limits`]), and stopping waits a
//! bounded time for the requests under way.

mod examples;
mod server;
mod state;

pub use engine::live::{BatchError, DECKS_PER_SESSION, Session, curve_points, validate};
pub use examples::{EXAMPLES, Example, example};
pub use server::{Server, serve};
pub use state::{STATE_BYTES, State};
use std::time::Duration;

/// The smallest and largest deck the page deals.
pub const DECKS: std::ops::RangeInclusive<usize> = 3..=60;

/// The largest deck whose exact law the page computes for an example.
pub const EXACT_UP_TO: usize = 8;

/// The bounds on what the server accepts, and on how long it waits.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Limits {
    /// The most bytes in one batch of decks (1 MiB: 20,164 decks of 52).
    pub batch_bytes: usize,
    /// The most decks one run counts.
    pub decks_per_session: u64,
    /// The most runs kept; a new one replaces the least recently used.
    pub sessions: usize,
    /// The most connections open at once: one more is answered `503` and
    /// closed at once.
    pub connections: usize,
    /// The most connections one address holds at once: one more from it is
    /// answered `503`, so that clients at one address cannot take every
    /// connection from the rest.
    pub per_address: usize,
    /// How long an answer may wait for its client to take it (a client
    /// that sends requests and does not read the answers) before the
    /// connection is closed.
    pub write_timeout: Duration,
    /// How long a connection may take to send a request's headers, and
    /// how long it may stay idle between two requests, before it is
    /// closed.
    pub header_timeout: Duration,
    /// How long a request may take once its headers are in, its body read
    /// and its answer computed, before it is answered `408` and its
    /// connection closed.
    pub request_timeout: Duration,
    /// How long stopping waits for the requests under way.
    pub shutdown_grace: Duration,
}

impl Default for Limits {
    fn default() -> Self {
        Limits {
            batch_bytes: 1 << 20,
            decks_per_session: DECKS_PER_SESSION,
            sessions: 8,
            connections: 32,
            per_address: 16,
            write_timeout: Duration::from_secs(10),
            header_timeout: Duration::from_secs(10),
            request_timeout: Duration::from_secs(30),
            shutdown_grace: Duration::from_secs(3),
        }
    }
}
