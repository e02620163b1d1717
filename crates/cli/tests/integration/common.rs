//! Helpers shared by the CLI's integration tests.

use assert_cmd::cargo::cargo_bin_cmd;

/// The `shuffle-audit` binary.
/// The binary under test, for a `std::process::Command` (signals,
/// standard streams closed, several at once).
pub fn bin() -> std::path::PathBuf {
    assert_cmd::cargo::cargo_bin!("shuffle-audit").to_path_buf()
}

pub fn cmd() -> assert_cmd::Command {
    cargo_bin_cmd!("shuffle-audit")
}

/// The binary on `threads` workers whatever the cores: `--threads` is
/// capped at the cores this process may use, rayon's `RAYON_NUM_THREADS`
/// is not.
pub fn on_workers(threads: usize) -> assert_cmd::Command {
    let mut c = cmd();
    c.env("RAYON_NUM_THREADS", threads.to_string());
    c
}

/// Runs `command` and asserts a refusal: exit code 2, nothing on stdout,
/// one line on stderr, which it returns.
pub fn refusal(mut command: assert_cmd::Command) -> String {
    let out = command.assert().code(2).stdout("").get_output().clone();
    let err = String::from_utf8(out.stderr).unwrap();
    assert_eq!(
        err.lines().count(),
        1,
        "{command:?}: one line expected, got: {err}"
    );
    err
}

/// Asserts a failure with exit code 2, one line on stderr containing
/// `text`, and nothing on stdout, for `args` with `stdin` as input.
pub fn fails_with_input(args: &[&str], stdin: &[u8], text: &str) {
    let mut command = cmd();
    command.args(args).write_stdin(stdin);
    let err = refusal(command);
    assert!(
        err.contains(text),
        "{args:?}: {err:?} does not contain {text:?}"
    );
}

/// [`fails_with_input`] with nothing on stdin.
pub fn fails_with(args: &[&str], text: &str) {
    fails_with_input(args, b"", text);
}

/// The `report.json` a suite run wrote into `out`.
pub fn report_json(out: &std::path::Path) -> serde_json::Value {
    let text = std::fs::read_to_string(out.join("report.json")).unwrap();
    serde_json::from_str(&text).unwrap()
}

/// The JSON document a successful run of `args` prints, with `stdin` as
/// its input.
pub fn json_with_input(args: &[&str], stdin: &[u8]) -> serde_json::Value {
    let out = cmd()
        .args(args)
        .write_stdin(stdin)
        .assert()
        .success()
        .get_output()
        .stdout
        .clone();
    serde_json::from_slice(&out).unwrap()
}

/// [`json_with_input`] with nothing on stdin.
pub fn json(args: &[&str]) -> serde_json::Value {
    json_with_input(args, b"")
}

/// A tiny suite run's budget (a fraction of a second): 3 cards, counted
/// exactly and sampled 2,000 times, no large decks.
pub const TINY_SUITE: [&str; 8] = [
    "--decks",
    "3",
    "--exact-up-to",
    "3",
    "--large-decks",
    "none",
    "--shuffles",
    "2000",
];

/// The JSON document `audit - --json EXTRA` prints for `input`, asserting
/// its exit code.
pub fn audit_json(input: &[u8], extra: &[&str], code: i32) -> serde_json::Value {
    let out = cmd()
        .args(["audit", "-", "--json"])
        .args(extra)
        .write_stdin(input)
        .assert()
        .code(code)
        .get_output()
        .stdout
        .clone();
    serde_json::from_slice(&out).unwrap()
}
