//! Prints the default check's plan: each test, its share of the
//! false-failure probability, and the smallest bias it is sure to catch.
//!
//! `cargo run --release -p shuffle-check --example plan`

fn main() {
    println!("{}", shuffle_check::Check::new().plan());
}
