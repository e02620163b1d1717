//! `shuffle-audit case`: a famous shuffle failure, its published figure
//! beside the suite's; the page the report shows, and its data.

use crate::common::{cmd, fails_with as fails, json_with_input};

#[test]
fn laravel_prints_its_page_and_its_data() {
    let out = cmd()
        .args(["case", "laravel-2019"])
        .assert()
        .success()
        .get_output()
        .stdout
        .clone();
    let page = String::from_utf8(out).unwrap();
    assert!(page.starts_with("# Laravel, 2019"), "{page}");
    assert!(page.contains("**Standing: consistent.**"), "{page}");
    assert!(
        page.contains("| `rand(-1, 1)` | published | 564,137 |"),
        "{page}"
    );
    assert!(
        page.contains("shuffle-audit exact -a usort-rand-php7 -d 5"),
        "{page}"
    );

    let doc = json_with_input(&["case", "laravel-2019", "--json"], b"");
    assert_eq!(doc["id"], "laravel-2019");
    assert_eq!(doc["standing"], "consistent");
    assert_eq!(doc["figures"]["case"], "laravel-2019");
    assert_eq!(doc["figures"]["rows"][1]["weights"][3], "120");
    assert!(
        doc["provenance"]["command"]
            .as_str()
            .unwrap()
            .contains("case")
    );
}

#[test]
fn the_ballot_is_not_compared_and_says_why() {
    let doc = json_with_input(&["case", "eu-ballot-2010", "--json"], b"");
    assert_eq!(doc["standing"], "not-compared");
    assert_eq!(doc["figures"]["laws"][0]["matrix"][4][4], "1/2");
    let page = String::from_utf8(
        cmd()
            .args(["case", "eu-ballot-2010"])
            .assert()
            .success()
            .get_output()
            .stdout
            .clone(),
    )
    .unwrap();
    assert!(page.contains("Not modelled: Internet Explorer's JScript sort"));
}

#[test]
fn the_draft_page_sets_the_1970_draw_beside_fienberg_and_1971_beside_it() {
    let page = String::from_utf8(
        cmd()
            .args(["case", "draft-1970"])
            .assert()
            .success()
            .get_output()
            .stdout
            .clone(),
    )
    .unwrap();
    assert!(page.contains("**Standing: reproduced.**"), "{page}");
    assert!(
        page.contains("Spearman's ρ for 1970 to three decimals: -0.226 (Fienberg: -0.226)"),
        "{page}"
    );
    assert!(
        page.contains("| spearman-rho * | -0.2257 | 1.62e-5 | normal |"),
        "{page}"
    );
    assert!(page.contains("| Dec | 17 | 10 | 4 | 121.5 |"), "{page}");
    assert!(
        page.contains("The 1970 table is Oldford's cell for cell."),
        "{page}"
    );
    assert!(
        page.contains("shuffle-audit audit --single scripts/examples/draft-1971.txt"),
        "{page}"
    );
    let doc = json_with_input(&["case", "draft-1970", "--json"], b"");
    assert_eq!(doc["figures"]["case"], "draft-1970");
    assert_eq!(doc["figures"]["years"][1]["year"], 1971);
    assert_eq!(
        doc["figures"]["years"][1]["verdict"]["level"]["bias_shown"],
        false
    );
}

#[test]
fn an_unknown_case_is_one_line_naming_the_cases() {
    fails(
        &["case", "planet"],
        "invalid value 'planet' for '<ID>' [possible values: planet-poker, eu-ballot-2010",
    );
    fails(&["case", "freecell", "--threads", "0"], "--threads");
}
