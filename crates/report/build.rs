//! Records, for the provenance of every report: the last git commit of the
//! tool's source, the compiler's version, and the locked versions of the
//! crates that decide the numbers.

use std::path::Path;
use std::process::Command;

fn run(cmd: &str, args: &[&str]) -> Option<String> {
    let out = Command::new(cmd).args(args).output().ok()?;
    out.status
        .success()
        .then(|| String::from_utf8_lossy(&out.stdout).trim().to_string())
        .filter(|s| !s.is_empty())
}

fn main() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("../..");
    for f in [
        ".git/HEAD",
        ".git/refs/heads",
        ".git/packed-refs",
        "Cargo.lock",
    ] {
        println!("cargo:rerun-if-changed={}", root.join(f).display());
    }
    // The last commit of the tool's source, not HEAD: committing a
    // regenerated report (or a page of documentation) changes HEAD but not
    // the code, and a rerun must record the same commit to leave the
    // committed report unchanged.
    let dir = root.to_string_lossy();
    let source = ["crates", "Cargo.toml", "Cargo.lock"];
    let mut args = vec!["-C", &dir, "log", "-1", "--format=%H", "--"];
    args.extend(source);
    let commit = run("git", &args)
        .or_else(|| run("git", &["-C", &dir, "rev-parse", "HEAD"]))
        .unwrap_or_else(|| "unknown".into());
    let rustc = std::env::var("RUSTC").unwrap_or_else(|_| "rustc".into());
    let rustc = run(&rustc, &["--version"]).unwrap_or_else(|| "unknown".into());
    let lock = std::fs::read_to_string(root.join("Cargo.lock")).unwrap_or_default();
    let wanted = [
        "rand",
        "rand_xoshiro",
        "statrs",
        "rayon",
        "plotters",
        "serde_json",
    ];
    let mut versions = Vec::new();
    for block in lock.split("[[package]]") {
        let field = |key: &str| {
            block.lines().find_map(|l| {
                l.strip_prefix(key)
                    .and_then(|r| r.trim().strip_prefix('='))
                    .map(|v| v.trim().trim_matches('"').to_string())
            })
        };
        if let (Some(name), Some(version)) = (field("name"), field("version"))
            && wanted.contains(&name.as_str())
        {
            versions.push(format!("{name}={version}"));
        }
    }
    versions.sort();
    println!("cargo:rustc-env=SHUFFLE_AUDIT_GIT_COMMIT={commit}");
    println!("cargo:rustc-env=SHUFFLE_AUDIT_RUSTC={rustc}");
    println!(
        "cargo:rustc-env=SHUFFLE_AUDIT_CRATES={}",
        versions.join(",")
    );
}
