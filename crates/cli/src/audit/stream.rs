//! The inputs read line by line on one thread: single draws
//! (`--single`) and a stream watched deck by deck (`--follow`).

use super::*;

/// `audit --single`: each line one draw, judged alone
/// ([`judge::single`]); exit 1 when a draw departs from a uniform draw.
pub(super) fn single(args: &AuditArgs, plan: &AuditPlan<'_>) -> Result<u8> {
    let start = Instant::now();
    let name = plan.name();
    let outcome = engine::audit::single(engine::audit::Single {
        source: args.input.clone(),
        input: plan.open()?,
        skip_invalid: args.skip_invalid,
        alpha: plan.alpha,
    })
    .map_err(|e| read_error(name, args.skip_invalid, e))?;
    let exit = outcome.exit_code();
    let report = Standalone::new(
        outcome.report,
        Provenance::new(crate::common::command_line()),
        Some(start.elapsed().as_secs_f64()),
    );
    conclude(&report, args.json.on, exit)
}

/// `audit --follow`: bets on every deck as it comes ([`stats::hypothesis::follow`]),
/// stops at the first line where the evidence reaches `1/alpha`.
pub(super) fn follow(args: &AuditArgs, plan: &AuditPlan<'_>) -> Result<u8> {
    use std::io::IsTerminal;
    let start = Instant::now();
    let name = plan.name();
    let threshold = judge::grade::log10_threshold(plan.alpha);
    let mut shown = Instant::now();
    let request = engine::audit::Follow {
        source: args.input.clone(),
        // Lines as they come: a small buffer, so a slow stream is judged
        // line by line.
        input: BufReader::with_capacity(1 << 12, plan.open()?),
        deck: plan.deck,
        base: plan.base,
        skip_invalid: args.skip_invalid,
        alpha: plan.alpha,
        mode: args.monitor.into(),
    };
    let status = std::io::stderr().is_terminal().then(|| {
        let bar = indicatif::ProgressBar::new_spinner();
        bar.enable_steady_tick(std::time::Duration::from_millis(250));
        bar
    });
    let watched = engine::audit::follow(request, |line, m| {
        // The status line: at most five times a second, however fast or
        // slow the lines come.
        if let Some(bar) = &status
            && shown.elapsed() >= std::time::Duration::from_millis(200)
        {
            shown = Instant::now();
            bar.set_message(format!(
                "{line} lines, evidence 10^{:.2} (alarm at 10^{threshold:.2})",
                m.log10_evidence()
            ));
        }
    });
    if let Some(bar) = status {
        bar.finish_and_clear();
    }
    let watched = watched.map_err(|e| match e {
        engine::audit::FollowError::Read(e) => read_error(name, args.skip_invalid, e),
        e => anyhow::anyhow!("{name}: {e}"),
    })?;
    let exit = watched.exit_code();
    let report = Standalone::new(
        watched.report,
        Provenance::new(crate::common::command_line()),
        Some(start.elapsed().as_secs_f64()),
    );
    conclude(&report, args.json.on, exit)
}
