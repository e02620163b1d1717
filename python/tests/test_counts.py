"""`Counts` of pieces, merged in order, are the counts of one pass."""

import json
import pickle

import numpy as np
import pytest

import shuffle_audit as sa
from conftest import fisher_yates, naive_swap, without_run


def same_audit(a, b):
    a, b = a.to_dict(), b.to_dict()
    for key in ("result", "lag1", "level", "finding"):
        assert a.get(key) == b.get(key), key


@pytest.mark.parametrize("cards", [5, 11, 52])
@pytest.mark.parametrize("ordered", [True, False])
def test_pieces_merged_in_order_audit_as_the_whole(cards, ordered):
    decks = fisher_yates(np.random.default_rng(cards), 9_000, cards)
    whole = sa.audit(decks, name="counts", ordered=ordered)
    cuts = [0, 1, 2_500, 2_501, 7_000, 9_000]
    pieces = [sa.Counts(decks[a:b], ordered=ordered) for a, b in zip(cuts, cuts[1:])]
    merged = sa.merge(pieces)
    assert merged.decks == 9_000 and merged.deck == cards and merged.ordered == ordered
    same_audit(merged.audit(), whole)
    added = pieces[0]
    for p in pieces[1:]:
        added = added + p
    same_audit(added.audit(), whole)
    assert merged.audit().to_dict()["input"].get("sha256") is None


def test_counts_pickle_and_come_back_the_same():
    decks = naive_swap(np.random.default_rng(1), 12_000, 6)
    counts = sa.Counts(decks)
    back = pickle.loads(pickle.dumps(counts))
    assert repr(back) == repr(counts) == "Counts(12,000 decks of 6 cards, 0-based, in order)"
    assert without_run(back.audit().to_json()) == without_run(counts.audit().to_json())
    assert back.audit().bias_shown
    # A piece that crossed a process boundary still merges.
    same_audit((back + sa.Counts(decks[:10])).audit(), sa.audit(np.vstack([decks, decks[:10]]), name="counts"))


def test_a_state_no_decks_give_is_refused():
    state = sa.Counts(fisher_yates(np.random.default_rng(2), 100, 4)).__getstate__()
    state["decks"]["positions"][0] += 1
    broken = sa.Counts.__new__(sa.Counts)
    with pytest.raises(ValueError, match="position matrix"):
        broken.__setstate__(state)


def test_pieces_of_different_streams_do_not_merge():
    rng = np.random.default_rng(3)
    five, six = sa.Counts(fisher_yates(rng, 50, 5)), sa.Counts(fisher_yates(rng, 50, 6))
    with pytest.raises(ValueError, match="cannot merge"):
        five + six
    with pytest.raises(ValueError, match="cannot merge"):
        sa.merge([five, sa.Counts(fisher_yates(rng, 50, 5), ordered=False)])
    with pytest.raises(ValueError, match="no pieces"):
        sa.merge([])


def test_merged_files_audit_as_the_command_line_audits_their_concatenation(tmp_path, cli):
    rng = np.random.default_rng(11)
    decks = fisher_yates(rng, 6_000, 52)
    parts = np.array_split(decks, 4)
    paths = []
    for i, part in enumerate(parts):
        paths.append(tmp_path / f"part-{i}.txt")
        np.savetxt(paths[-1], part, fmt="%d")
    whole = tmp_path / "all.txt"
    whole.write_bytes(b"".join(p.read_bytes() for p in paths))
    code, out = cli("audit", whole, "--json")
    merged = sa.merge(sa.Counts(np.loadtxt(p, dtype=np.uint8, ndmin=2)) for p in paths)
    got = merged.audit(name=str(whole)).to_dict()
    expected = json.loads(out)
    for key in ("result", "lag1", "level", "finding"):
        assert got[key] == expected[key], key
    assert merged.audit().exit_code == code
    # Merged counts never held the stream: no digest, and no byte count
    # that would read as an empty input.
    assert "sha256" not in got["input"]
    text = str(merged.audit())
    assert "sha256 not recorded: counts merged from pieces read apart\n" in text
    assert "0 bytes" not in text
