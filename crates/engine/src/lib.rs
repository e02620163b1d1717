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
