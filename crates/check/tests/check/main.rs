//! The check from outside, as a project's tests call it: its promises over
//! many seeds, every algorithm of the registry, and the README's figures.
//! One test binary (each links the statistics: ~165 MB in a debug build).

mod calibration;
mod readme;
mod registry;
