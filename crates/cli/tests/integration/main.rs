//! The `shuffle-audit` binary from outside, as its users call it: one test
//! binary whose modules each cover one command or one promise (a binary
//! per file linked the whole tool once per file).
//!
//! The browser tests (`browser`) need Chromium and are `#[ignore]`d;
//! `.ci/run` runs them with the heavy tests (`cargo test --workspace --
//! --ignored`).

mod common;

mod audit;
mod browser;
mod case;
mod cli;
mod committed_report;
mod decklist;
mod edges;
mod exact;
mod exit_codes;
mod guess;
mod imports;
#[cfg(unix)]
mod only_ours;
mod pace;
mod play;
mod predict;
mod promises;
mod readme;
mod readme_outputs;
mod recover;
mod sample;
mod scaling;
mod shoe;
mod single;
mod snapshots;
mod sorting;
mod source_files;
mod suite;
mod threads;
