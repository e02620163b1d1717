//! The compiled runtimes: libstdc++'s `std::sort` (`g++`) and Go's
//! `sort.Slice` (`go`), each built from its counting program.

use super::*;
use algorithms::{GoPdqSort, LibStdCxxSort};

/// libstdc++'s `std::sort` (`sort_counts.cpp`, built with g++ at `-O2`):
/// on 3 to 8 cards the orders of the sorts that stayed in bounds against
/// the exact law given that, and V8's legacy insertion sort (the same
/// walk, unconditioned) rejected; above, the reads out of bounds and the
/// position matrix, on both sides of 16 (where the quicksort starts) and
/// of 32, at 52 and 100, and at 1000, where the depth limit can be met.
#[test]
#[ignore = "runs g++"]
fn libstdcxx_sort_fits_gxx() {
    let Some(version) = version("g++", "--version") else {
        return;
    };
    let dir = std::env::temp_dir().join(format!("std-sort-counts-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let exe = dir.join("sort_counts").display().to_string();
    run(
        "g++",
        &[
            "-O2".into(),
            "-std=c++17".into(),
            "-o".into(),
            exe.clone(),
            program("sort_counts.cpp"),
        ],
    );
    let orders = |n: usize| {
        vec![
            "perms".into(),
            n.to_string(),
            SORTS.to_string(),
            SEED.to_string(),
        ]
    };
    fit_orders(
        &exe,
        &version,
        &[("sort-random-libstdcxx", &orders, "sort-random-v8-legacy")],
    );
    let decks = |n: usize, sorts: u64| {
        vec![
            "positions".into(),
            n.to_string(),
            sorts.to_string(),
            SEED.to_string(),
        ]
    };
    let model = |d: &mut Vec<u32>, r: &mut Xoshiro256PlusPlus| {
        LibStdCxxSort.try_shuffle(d.as_mut_slice(), r).is_ok()
    };
    check_positions(
        &exe,
        &version,
        &[
            Positions {
                sizes: &[15, 16, 17, 18, 32, 33, 52, 100],
                sorts: 100_000,
                args: &decks,
                model: &model,
                name: "sort-random-libstdcxx",
            },
            Positions {
                sizes: &[1000],
                sorts: 10_000,
                args: &decks,
                model: &model,
                name: "sort-random-libstdcxx",
            },
        ],
    );
    std::fs::remove_dir_all(&dir).unwrap();
}

/// Go's `sort.Slice` (`sort_counts.go`, built with `go build`): on 3 to 8
/// cards (insertion sort alone, up to 12) the orders against the exact
/// law, V8's TimSort rejected; above, the position matrix on both sides of
/// 12 and of 50 (where the pivot becomes a ninther), at 52 and 100, and at
/// 1000, where bad pivots can run out and send a range to the heapsort.
#[test]
#[ignore = "runs go"]
fn go_sort_fits_go() {
    let Some(version) = version("go", "version") else {
        return;
    };
    let dir = std::env::temp_dir().join(format!("go-sort-counts-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let exe = dir.join("sort_counts").display().to_string();
    let built = Command::new("go")
        .args(["build", "-o", &exe, &program("sort_counts.go")])
        .env("GOCACHE", dir.join("cache"))
        .env("GOPATH", dir.join("path"))
        .output()
        .expect("go runs");
    assert!(
        built.status.success(),
        "{}",
        String::from_utf8_lossy(&built.stderr)
    );
    let orders = |n: usize| {
        vec![
            "perms".into(),
            n.to_string(),
            SORTS.to_string(),
            SEED.to_string(),
        ]
    };
    fit_orders(
        &exe,
        &version,
        &[("sort-random-go", &orders, "sort-random-v8-timsort")],
    );
    let decks = |n: usize, sorts: u64| {
        vec![
            "positions".into(),
            n.to_string(),
            sorts.to_string(),
            SEED.to_string(),
        ]
    };
    let model = |d: &mut Vec<u32>, r: &mut Xoshiro256PlusPlus| {
        GoPdqSort.shuffle(d, r);
        true
    };
    check_positions(
        &exe,
        &version,
        &[
            Positions {
                sizes: &[12, 13, 14, 32, 49, 50, 51, 52, 100],
                sorts: 100_000,
                args: &decks,
                model: &model,
                name: "sort-random-go",
            },
            Positions {
                sizes: &[1000],
                sorts: 10_000,
                args: &decks,
                model: &model,
                name: "sort-random-go",
            },
        ],
    );
    // The build cache's files are read-only.
    let _ = std::fs::remove_dir_all(&dir);
}
