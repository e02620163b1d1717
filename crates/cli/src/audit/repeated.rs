//! Audits of decks whose cards repeat: shoes and decklists.

use super::*;

/// An audit of decks whose cards repeat: shoes (`--shoe K`, `K > 1`) and
/// decklists, tested with the statistics that have exact laws for any
/// composition ([`stats::hypothesis::shoe`]).
pub(super) fn repeated(
    read: Read<'_>,
    mut parser: DeckParser,
    settled: Settled<Input>,
) -> Result<u8> {
    let Read {
        args,
        plan,
        folder,
        start,
    } = read;
    let name = plan.name();
    let list = parser.decklist_read().cloned();
    let groups = resolve_groups(name, &args.group, list.as_ref())?;
    let counts_of = |composition: Composition| -> Result<ShoeCounts> {
        let cards = composition.cards();
        let counts = ShoeCounts::new(composition, !args.unordered);
        if list.is_none() {
            return Ok(counts);
        }
        let hand = judge::decklist::opening_hand(cards, args.hand);
        counts
            .with_hand(hand, groups.clone())
            .with_context(|| name.to_string())
    };
    let template: Option<ShoeCounts> = match (&list, parser.deck()) {
        (Some(list), _) => Some(counts_of(
            Composition::new(list.counts().to_vec())
                .with_context(|| format!("{name}: the decklist"))?,
        )?),
        (None, Some(cards)) => Some(counts_of(
            Shoe::new(cards / plan.copies, plan.copies)
                .with_context(|| format!("{name}: the shoe"))?
                .composition(),
        )?),
        // Settled by the first valid line: counted from it.
        (None, None) => None,
    };
    let copies = plan.copies;
    let tally = deck_lines::Tally {
        new: |cards: &[u8], before| {
            let counts = template.clone().unwrap_or_else(|| {
                let shoe = Shoe::new(cards.len() / copies, copies).expect("the parser checked it");
                ShoeCounts::new(shoe.composition(), !args.unordered)
            });
            counts.after(before)
        },
        observe: ShoeCounts::observe,
        append: ShoeCounts::append,
    };
    let (counts, lines, input, threads) = count(args, plan, settled, &mut parser, &tally)?;
    let (sha256, bytes) = input.into_inner().finish();
    let input = InputInfo {
        source: args.input.clone(),
        lines: lines.lines,
        decks: lines.decks,
        deck: counts.composition().values(),
        base: parser.base().filter(|_| list.is_none()),
        base_detected: match list {
            Some(_) => args.composition.is_none(),
            None => plan.base.is_none(),
        },
        invalid: lines.invalid,
        sha256: Some(sha256),
        bytes,
        ordered: !args.unordered,
    };
    let outcome = engine::audit::repeated(engine::audit::Repeated {
        name: name.to_string(),
        input,
        counts,
        names: list.map(|l| l.names()),
        alpha: plan.alpha,
    })?;
    let exit = outcome.exit_code();
    let report = Standalone::new(
        outcome.report,
        Provenance {
            threads: Some(threads),
            ..Provenance::new(crate::common::command_line())
        },
        Some(start.elapsed().as_secs_f64()),
    );
    certify(folder, &report, || {
        report::certificate::shoe_markdown(&report)
    })?;
    conclude(&report, args.json.on, exit)
}

/// The groups of `--group`, their cards found in the decklist.
fn resolve_groups(
    name: &str,
    groups: &[(String, Vec<String>)],
    list: Option<&Decklist>,
) -> Result<Vec<Group>> {
    let Some(list) = list else {
        return Ok(Vec::new());
    };
    groups
        .iter()
        .map(|(group, cards)| {
            let values = cards
                .iter()
                .map(|card| {
                    list.value_of(card).ok_or_else(|| {
                        anyhow::anyhow!(
                            "{name}: --group {group}: card {card:?} is not in the decklist, whose cards are {}",
                            list.names()
                                .iter()
                                .map(|n| deck_lines::shown_name(n))
                                .collect::<Vec<_>>()
                                .join(", ")
                        )
                    })
                })
                .collect::<Result<Vec<_>>>()?;
            // Named twice: said by name (the judge's check sees values).
            if let Some(twice) = cards
                .iter()
                .enumerate()
                .find(|&(i, _)| values[..i].contains(&values[i]))
                .map(|(_, card)| card)
            {
                anyhow::bail!("{name}: --group {group}: card {twice:?} is named twice");
            }
            Ok(Group {
                name: group.clone(),
                values,
            })
        })
        .collect()
}
