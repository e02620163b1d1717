"""`audit` gives what `shuffle-audit audit` gives for the same decks."""

import json

import numpy as np
import pytest

import shuffle_audit as sa
from conftest import fisher_yates, naive_swap, without_run


def write(tmp_path, decks, name="decks.txt"):
    path = tmp_path / name
    np.savetxt(path, decks, fmt="%d")
    return str(path)


CASES = {
    "fair, 5 cards": lambda rng: fisher_yates(rng, 4_000, 5),
    "fair, 52 cards": lambda rng: fisher_yates(rng, 3_000, 52),
    "fair, 1-based int64": lambda rng: fisher_yates(rng, 2_000, 8, np.int64) + 1,
    "naive swap, 6 cards": lambda rng: naive_swap(rng, 20_000, 6),
}


@pytest.mark.parametrize("case", CASES)
@pytest.mark.parametrize("ordered", [True, False])
def test_an_array_is_audited_as_the_command_line_audits_its_file(tmp_path, cli, case, ordered):
    decks = CASES[case](np.random.default_rng(7))
    path = write(tmp_path, decks)
    flags = [] if ordered else ["--unordered"]
    code, out = cli("audit", path, "--json", *flags)
    from_array = sa.audit(decks, name=path, ordered=ordered)
    from_file = sa.audit(path, ordered=ordered)
    # Byte for byte, provenance and wall time aside: the input's SHA-256
    # and bytes included.
    assert without_run(from_array.to_json()) == without_run(out)
    assert without_run(from_file.to_json()) == without_run(out)
    assert from_array.exit_code == from_file.exit_code == code
    assert code == (1 if case.startswith("naive") else 0)
    assert from_array.bias_shown == (code == 1)
    assert from_array.to_dict()["finding"] == json.loads(out)["finding"]


def test_any_integer_layout_is_read_in_place_with_the_same_result():
    rng = np.random.default_rng(3)
    decks = fisher_yates(rng, 3_000, 7)
    base = sa.audit(decks).to_dict()
    wide = np.zeros((3_000, 14), dtype=np.int32)
    wide[:, ::2] = decks
    layouts = {
        "uint16": decks.astype(np.uint16),
        "int32, every other column of a wider array": wide[:, ::2],
        "Fortran order": np.asfortranarray(decks.astype(np.int64)),
        "a list of lists": decks.tolist(),
    }
    for name, layout in layouts.items():
        got = sa.audit(layout).to_dict()
        for key in ("result", "lag1", "level", "finding"):
            assert got[key] == base[key], name
        assert got["input"]["sha256"] == base["input"]["sha256"], name


def test_the_numbers_do_not_depend_on_the_threads():
    decks = fisher_yates(np.random.default_rng(5), 50_000, 9)
    one = without_run(sa.audit(decks, threads=1).to_json())
    assert one == without_run(sa.audit(decks, threads=2).to_json())
    assert one == without_run(sa.audit(decks, threads=5).to_json())


@pytest.mark.parametrize(
    "decks, error, words",
    [
        ([[0, 1, 2], [0, 0, 1]], ValueError, "row 1: card 0 appears twice"),
        ([[0, 1, 2], [0, 1, 3]], ValueError, "row 1: card 3 is out of range: a 0-based deck of 3 cards holds 0..=2"),
        ([[5, 6, 7]], ValueError, "row 0: cannot tell whether cards are numbered from 0 or 1"),
        ([[0, 1, 2], [2, -1, 0]], ValueError, "row 1"),
        (np.zeros((3,), dtype=np.uint8), TypeError, "2-D array"),
        (np.zeros((3, 3), dtype=float), TypeError, "dtype float64"),
        (np.zeros((0, 3), dtype=np.uint8), ValueError, "at least one row"),
    ],
)
def test_a_bad_deck_is_refused_with_what_is_wrong(decks, error, words):
    with pytest.raises(error, match=None) as e:
        sa.audit(decks)
    assert words in str(e.value)


def test_too_few_decks_and_bad_levels_are_refused():
    with pytest.raises(ValueError, match="alpha=1.5"):
        sa.audit([[0, 1], [1, 0]], alpha=1.5)
    # Below the floor the command line refuses, the package refuses too.
    with pytest.raises(ValueError, match=r"alpha=5e-324 is not a family-wise level: give a level from 1e-300"):
        sa.audit([[0, 1], [1, 0]], alpha=5e-324)
    with pytest.raises(ValueError, match="base=2"):
        sa.audit([[0, 1], [1, 0]], base=2)
    with pytest.raises(ValueError, match="decks"):
        sa.audit([[0, 1, 2]] * 3)


def test_a_file_with_a_bad_line_names_it_and_how_to_go_on(tmp_path):
    path = tmp_path / "bad.txt"
    path.write_text("0 1 2\n2 1 0\n0 0 1\n" * 40)
    with pytest.raises(ValueError, match="skip_invalid=True") as e:
        sa.audit(str(path))
    assert "line 3" in str(e.value)
    with pytest.raises(OSError, match="missing.txt"):
        sa.audit(tmp_path / "missing.txt")


def test_results_read_well_in_a_terminal_and_a_notebook():
    a = sa.audit(naive_swap(np.random.default_rng(2), 20_000, 6), name="deals")
    assert repr(a).startswith("<Audit of deals: 20,000 decks of 6 cards: exit 1:")
    assert not a and a.exit_code == 1
    html = a._repr_html_()
    assert "<table>" in html and "SHA-256" in html
    assert "verdict" in str(a)
