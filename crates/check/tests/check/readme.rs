//! The README states what the code computes: the default plan's table and
//! the naive swap's failure are the check's own output, not copies that
//! could drift.

use rand::RngExt;
use shuffle_check::{Check, CheckRng};

fn between<'a>(text: &'a str, marker: &str) -> &'a str {
    let open = format!("<!-- {marker} -->\n");
    let close = format!("<!-- /{marker} -->");
    let start = text.find(&open).expect("opening marker") + open.len();
    let end = text.find(&close).expect("closing marker");
    text[start..end].trim_end()
}

fn readme() -> String {
    std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/README.md")).unwrap()
}

#[test]
fn the_readme_states_the_default_plan() {
    let plan = Check::new().plan().to_string();
    assert_eq!(
        between(&readme(), "plan"),
        plan,
        "README table; the plan prints:\n{plan}"
    );
}

#[test]
fn the_readme_shows_what_the_naive_swap_gets() {
    let naive = |deck: &mut [u32], rng: &mut CheckRng| {
        for i in 0..deck.len() {
            let j = rng.random_range(0..deck.len());
            deck.swap(i, j);
        }
    };
    let failure = Check::new().run(naive).unwrap_err().to_string();
    let shown = format!("```text\n{failure}\n```");
    assert_eq!(
        between(&readme(), "naive"),
        shown,
        "README failure; the check prints:\n{shown}"
    );
}
