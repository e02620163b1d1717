//! The exit codes every command answers with, one meaning each.

/// The result passes: no bias shown, every verdict as expected, the cards
/// to come known.
pub const PASS: u8 = 0;
/// A bias was found, a verdict disagrees with the registry, or what was
/// asked is not known from what was given.
pub const BIAS: u8 = 1;
/// Bad input or an error; nothing was decided.
pub const ERROR: u8 = 2;

/// [`BIAS`] when bias is shown, [`PASS`] when it is not.
pub fn of_bias(bias_shown: bool) -> u8 {
    if bias_shown { BIAS } else { PASS }
}
