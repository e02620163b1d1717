//! The inputs read line by line on one thread: single draws
//! (`--single`) and a stream watched deck by deck (`--follow`).

use super::*;

/// `audit --single`: each line one draw, judged alone
/// ([`judge::single`]); exit 1 when a draw departs from a uniform draw.
pub(super) fn single(args: &AuditArgs, plan: &AuditPlan<'_>) -> Result<u8> {
    let start = Instant::now();
    let name = plan.name();
    let mut reader = BufReader::with_capacity(1 << 16, Hashing::new(plan.open()?));
    let mut judge = judge::single::DrawJudge::new(plan.alpha);
    let mut draws = Vec::new();
    let counts = deck_lines::read_draws(&mut reader, args.skip_invalid, |line, draw, base| {
        draws.push(report::sampled::SingleDraw {
            line,
            base,
            verdict: judge.judge(draw),
        });
    })
    .map_err(|e| read_error(name, args.skip_invalid, e))?;
    let (sha256, bytes) = reader.into_inner().finish();
    let report = Standalone::new(
        report::sampled::SingleAuditReport {
            source: args.input.clone(),
            lines: counts.lines,
            invalid: counts.invalid,
            sha256,
            bytes,
            power: judge::single::SINGLE_POWER,
            draws,
        },
        Provenance::new(crate::common::command_line()),
        Some(start.elapsed().as_secs_f64()),
    );
    conclude(&report, args.json.on, exit_of(report.document.bias_shown()))
}

/// `audit --follow`: bets on every deck as it comes ([`stats::hypothesis::follow`]),
/// stops at the first line where the evidence reaches `1/alpha`.
pub(super) fn follow(args: &AuditArgs, plan: &AuditPlan<'_>) -> Result<u8> {
    use std::io::IsTerminal;
    use std::ops::ControlFlow;
    let start = Instant::now();
    let name = plan.name();
    let source = plan.open()?;
    // Lines as they come: a small buffer, so a slow stream is judged
    // line by line.
    let reader = BufReader::with_capacity(1 << 12, source);
    let status = std::io::stderr().is_terminal().then(|| {
        let bar = indicatif::ProgressBar::new_spinner();
        bar.enable_steady_tick(std::time::Duration::from_millis(250));
        bar
    });
    let mut parser = DeckParser::new(plan.deck, plan.base);
    let mut monitor: Option<stats::hypothesis::follow::Monitor> = None;
    let mut alarm_line = None;
    let threshold = judge::grade::log10_threshold(plan.alpha);
    let mut shown = Instant::now();
    let mut settled = deck_lines::settle(reader, &mut parser, args.skip_invalid)
        .map_err(|e| read_error(name, args.skip_invalid, e))?;
    // The monitor's laws are those of decks of distinct cards: decklists
    // (names, or cards that repeat, as shoes have) are refused before any
    // line is judged.
    if let Some(list) = parser.decklist_read() {
        bail!(
            "{name}: the lines are decklists ({} cards, {} distinct: names, or cards that repeat): --follow watches decks of distinct numbered cards; audit decklists and shoes without --follow",
            list.cards(),
            list.counts().len()
        );
    }
    let counts = settled.read_until(&mut parser, |line, deck| {
        let m = monitor.get_or_insert_with(|| {
            stats::hypothesis::follow::Monitor::new(deck.len(), args.monitor.into())
        });
        m.observe(deck);
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
        if judge::grade::alarm(m, plan.alpha) {
            alarm_line = Some(line);
            ControlFlow::Break(())
        } else {
            ControlFlow::Continue(())
        }
    });
    if let Some(bar) = status {
        bar.finish_and_clear();
    }
    let counts = counts.map_err(|e| read_error(name, args.skip_invalid, e))?;
    let m = monitor.expect("read_decks fails without a deck");
    let report = Standalone::new(
        report::sampled::FollowReport {
            source: args.input.clone(),
            lines: counts.lines,
            decks: counts.decks,
            invalid: counts.invalid,
            deck: parser.deck().expect("known after a deck"),
            finding: judge::follow::FollowFinding::of(&m, plan.alpha, alarm_line),
        },
        Provenance::new(crate::common::command_line()),
        Some(start.elapsed().as_secs_f64()),
    );
    conclude(
        &report,
        args.json.on,
        exit_of(report.document.finding.bias_shown()),
    )
}

/// The exit code of a verdict that shows bias or not.
fn exit_of(bias_shown: bool) -> u8 {
    if bias_shown { BIAS } else { PASS }
}
