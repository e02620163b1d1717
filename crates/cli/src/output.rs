//! Standard output and error, written so that what happens to them never
//! changes a verdict's exit code.
//!
//! - A reader that stops early (`| head`, `| true`) closes the pipe: writing
//!   stops quietly and the command ends with the exit code of its result,
//!   as if everything had been read. No message.
//! - Any other failure to write standard output (a full disk) is told on
//!   standard error at the end; a command whose result passes then exits 2,
//!   so that a lost result never passes a gate silently. A result that
//!   fails (bias found: exit 1) keeps its code.
//! - Standard error is written best effort: a closed one is not a panic.
//! - A standard output that is closed when the command starts (`>&-`)
//!   takes nothing at all: on Linux the command refuses to run, with exit 2
//!   and one line on standard error ([`guard_standard_output`]). A
//!   standard output open on `/dev/null`, for writing (`>/dev/null`) or for
//!   reading and writing (`1<>/dev/null`, Python's `subprocess.DEVNULL`),
//!   is a place to write to: the command runs and exits with its verdict.

use report::export::Format;
use std::io::Write;
use std::process::ExitCode;
use std::sync::Mutex;
use std::sync::atomic::{AtomicU8, Ordering};

/// What happened to standard output.
#[derive(Clone, Debug, PartialEq, Eq)]
enum Stdout {
    Open,
    /// The reader closed the pipe.
    Closed,
    /// A write failed: the message.
    Failed(String),
}

static STDOUT: Mutex<Stdout> = Mutex::new(Stdout::Open);

fn state() -> std::sync::MutexGuard<'static, Stdout> {
    STDOUT
        .lock()
        .unwrap_or_else(std::sync::PoisonError::into_inner)
}

/// Writes results to standard output (see the module's rules).
pub(crate) fn emit(text: &str) {
    emit_bytes(text.as_bytes());
}

/// Whether to colour what goes to stdout: a terminal, and no `NO_COLOR`
/// (<https://no-color.org>: set and not empty turns colour off).
fn colour_stdout() -> bool {
    use std::io::IsTerminal;
    std::io::stdout().is_terminal() && std::env::var_os("NO_COLOR").is_none_or(|v| v.is_empty())
}

/// Prints `doc` as one JSON document (`json`) or as text for people,
/// coloured when standard output is a terminal that accepts colours.
pub(crate) fn print<D: report::export::Document + ?Sized>(
    doc: &D,
    json: bool,
) -> anyhow::Result<()> {
    let format = if json {
        Format::Json
    } else {
        Format::Text {
            colour: colour_stdout(),
        }
    };
    emit_bytes(&format.export(doc)?);
    Ok(())
}

/// [`emit`] for bytes; returns whether standard output still takes them,
/// so a long writer (`deal`) can stop.
pub(crate) fn emit_bytes(bytes: &[u8]) -> bool {
    let mut state = state();
    if *state != Stdout::Open {
        return false;
    }
    let mut out = std::io::stdout().lock();
    match out.write_all(bytes).and_then(|()| out.flush()) {
        Ok(()) => true,
        Err(e) if e.kind() == std::io::ErrorKind::BrokenPipe => {
            *state = Stdout::Closed;
            false
        }
        Err(e) => {
            *state = Stdout::Failed(e.to_string());
            false
        }
    }
}

/// Refuses to run with a standard output that was closed when the command
/// started (`>&-`): the result would be lost, and a lost result must not
/// pass a gate silently.
///
/// Rust's runtime gives each closed standard stream `/dev/null` before
/// `main`, opened for reading and writing, which a caller can also give on
/// purpose (`1<>/dev/null`, Python's `subprocess.DEVNULL`). The two are
/// told apart by looking at descriptor 1 before the runtime does: on Linux
/// a constructor run by the loader, before `main`, records whether it was
/// open ([`STDOUT_AT_START`]). Elsewhere nothing is recorded, and a closed
/// standard output is taken as `/dev/null`: the result is lost and the
/// exit code still follows the verdict.
///
/// # Errors
/// When standard output was closed.
pub(crate) fn guard_standard_output() -> anyhow::Result<()> {
    if STDOUT_AT_START.load(Ordering::Relaxed) == CLOSED {
        anyhow::bail!(
            "standard output is closed, so the result could not be written: give it a file, a pipe or /dev/null"
        );
    }
    Ok(())
}

const UNKNOWN: u8 = 0;
const OPEN: u8 = 1;
const CLOSED: u8 = 2;

/// Whether descriptor 1 was open when the process started, as seen before
/// Rust's runtime replaces a closed one: [`OPEN`], [`CLOSED`], or
/// [`UNKNOWN`] where nothing looked.
static STDOUT_AT_START: AtomicU8 = AtomicU8::new(UNKNOWN);

/// Looks at descriptor 1 (called by the loader, before `main`).
#[cfg(target_os = "linux")]
extern "C" fn look_at_stdout() {
    let open = rustix::io::fcntl_getfd(std::io::stdout()).is_ok();
    STDOUT_AT_START.store(if open { OPEN } else { CLOSED }, Ordering::Relaxed);
}

/// The loader runs the functions of `.init_array` before `main`, and so
/// before Rust's runtime opens `/dev/null` on a closed standard stream.
#[cfg(target_os = "linux")]
#[allow(unsafe_code)]
#[used]
#[unsafe(link_section = ".init_array")]
static LOOK_AT_STDOUT: extern "C" fn() = look_at_stdout;

/// Makes a file-size limit (`ulimit -f`) a write error ("File too large")
/// that the command reports, instead of the signal (SIGXFSZ) that would
/// end the process without a word and leave its temporary files.
pub(crate) fn survive_file_size_limit() {
    #[cfg(unix)]
    {
        use std::sync::Arc;
        use std::sync::atomic::AtomicBool;
        let _ = signal_hook::flag::register(
            signal_hook::consts::SIGXFSZ,
            Arc::new(AtomicBool::new(false)),
        );
    }
}

/// One line on standard error, best effort.
pub(crate) fn warn(line: &str) {
    let _ = writeln!(std::io::stderr().lock(), "warning: {line}");
}

/// One error line on standard error, best effort.
pub(crate) fn error(line: &str) {
    let _ = writeln!(std::io::stderr().lock(), "error: {line}");
}

/// The exit code of a command whose result asked for `code` (`0` pass,
/// `1` bias found, `2` error), after what happened to standard output.
pub(crate) fn exit_code(code: u8) -> ExitCode {
    let stdout = state().clone();
    if let Stdout::Failed(why) = &stdout {
        error(&format!("writing to standard output: {why}"));
    }
    ExitCode::from(settle(code, &stdout))
}

fn settle(code: u8, stdout: &Stdout) -> u8 {
    match stdout {
        Stdout::Failed(_) if code != 1 => 2,
        _ => code,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    #[cfg(target_os = "linux")]
    fn descriptor_1_was_looked_at_before_main() {
        // The test binary links this module too: the loader ran the look.
        assert_ne!(STDOUT_AT_START.load(Ordering::Relaxed), UNKNOWN);
    }

    #[test]
    fn standard_output_never_turns_a_failure_into_a_pass() {
        for stdout in [Stdout::Open, Stdout::Closed] {
            for code in 0..=2 {
                assert_eq!(settle(code, &stdout), code, "{stdout:?}");
            }
        }
        let failed = Stdout::Failed("No space left on device".into());
        assert_eq!(settle(0, &failed), 2);
        assert_eq!(settle(1, &failed), 1);
        assert_eq!(settle(2, &failed), 2);
    }
}
