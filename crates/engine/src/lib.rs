//! The commands of `shuffle-audit` between the front ends (the command
//! line, the live page, the Python package) and the crates that compute,
//! decide and render.
//!
//! Each command is one function: a typed request in (its arguments
//! checked by the front end; its input, when it has one, read here through
//! `deck-lines`), a typed outcome out. The outcome owns its exit code
//! ([`exit`]) and the document `report` renders; the verdict in it is the
//! judge's. A front end parses its arguments, calls the function and
//! renders the outcome, nothing else.

pub mod audit;
pub mod case;
pub mod deal;
pub mod exact;
pub mod exit;
pub mod guess;
pub mod list;
pub mod live;
pub mod power;
pub mod predict;
pub mod recover;
pub mod riffle;
pub mod sample;
pub mod scaling;
pub mod suite;

/// The most worker threads a front end accepts. Results do not depend on
/// the count, and more threads than cores only cost memory and start-up
/// time.
pub const MAX_THREADS: usize = 1024;

/// `error` and its causes, one after another, as the command line says
/// them (`computing naive-swap on 11 cards exactly: …`).
pub fn with_causes(error: &dyn std::error::Error) -> String {
    let mut text = error.to_string();
    let mut cause = error.source();
    while let Some(c) = cause {
        text = format!("{text}: {c}");
        cause = c.source();
    }
    text
}
