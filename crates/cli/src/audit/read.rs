//! Reading a whole input: on `--threads` workers, with its progress on a
//! terminal.

use super::*;

/// Reads, counts and judges the input of `plan` as `request` says, on
/// `--threads` workers ([`engine::audit::run`]), with a progress bar on a
/// terminal once the read takes more than two seconds.
pub(super) fn read(
    args: &AuditArgs,
    plan: &AuditPlan<'_>,
    request: &engine::audit::Lines,
) -> Result<engine::audit::Read> {
    let size = plan
        .file
        .and_then(|path| std::fs::metadata(path).ok())
        .filter(std::fs::Metadata::is_file)
        .map(|m| m.len());
    let source = plan.open()?;
    let bar = ReadProgress::new(size);
    let progress = |bytes, lines: &deck_lines::LineCounts| bar.show(bytes, lines);
    let read = crate::common::with_threads(args.threads.count, || {
        engine::audit::run(request, source, &progress)
    })?;
    bar.finish();
    read.map_err(|e| audit_error(plan.name(), args.skip_invalid, e))
}

/// The bytes an audit has read, and the invalid lines it skipped, shown on
/// standard error when it is a terminal and the read has taken more than
/// two seconds.
struct ReadProgress {
    size: Option<u64>,
    start: Instant,
    bar: std::sync::Mutex<Option<indicatif::ProgressBar>>,
    terminal: bool,
}

impl ReadProgress {
    /// Progress of a read of `size` bytes (unknown for a pipe).
    fn new(size: Option<u64>) -> Self {
        use std::io::IsTerminal;
        ReadProgress {
            size,
            start: Instant::now(),
            bar: std::sync::Mutex::new(None),
            terminal: std::io::stderr().is_terminal(),
        }
    }

    /// Shows `bytes` read so far, and the invalid lines among `lines`.
    fn show(&self, bytes: u64, lines: &deck_lines::LineCounts) {
        if !self.terminal || self.start.elapsed() < std::time::Duration::from_secs(2) {
            return;
        }
        let mut bar = self.bar.lock().unwrap_or_else(|e| e.into_inner());
        let bar = bar.get_or_insert_with(|| {
            let (bar, template) = match self.size {
                Some(size) => (
                    indicatif::ProgressBar::new(size),
                    "{elapsed_precise} [{wide_bar}] {binary_bytes}/{binary_total_bytes} read{msg}",
                ),
                None => (
                    indicatif::ProgressBar::new_spinner(),
                    "{elapsed_precise} {binary_bytes} read{msg}",
                ),
            };
            if let Ok(style) = indicatif::ProgressStyle::with_template(template) {
                bar.set_style(style.progress_chars("=> "));
            }
            // Shown late: its clock starts with the read.
            bar.with_elapsed(self.start.elapsed())
        });
        bar.set_position(bytes);
        let skipped = lines.invalid_total();
        if skipped > 0 {
            bar.set_message(format!(", {skipped} invalid lines skipped"));
        }
    }

    /// Clears the bar, if it was shown.
    fn finish(&self) {
        if let Some(bar) = self.bar.lock().unwrap_or_else(|e| e.into_inner()).take() {
            bar.finish_and_clear();
        }
    }
}
