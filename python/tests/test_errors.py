"""What a Python user meets when something is wrong, or almost: the
exception types Python's own functions raise, numpy's integers taken as
numbers, arrays in either byte order, and a notebook display that never
raises."""

import numpy as np
import pytest

import shuffle_audit as sa


def _fair_decks(rows=200, n=6, seed=1):
    rng = np.random.default_rng(seed)
    return np.array([rng.permutation(n) for _ in range(rows)], dtype=np.int64)


def test_a_missing_file_raises_file_not_found(tmp_path):
    missing = tmp_path / "nowhere.txt"
    with pytest.raises(FileNotFoundError, match="nowhere.txt"):
        sa.audit(missing)
    with pytest.raises(FileNotFoundError, match="nowhere.txt"):
        sa.Counts.read(missing)


def test_a_directory_raises_is_a_directory(tmp_path):
    with pytest.raises(IsADirectoryError, match="is a directory"):
        sa.audit(tmp_path)
    with pytest.raises(IsADirectoryError):
        sa.Counts.read(tmp_path)


@pytest.mark.parametrize("seed", [-1, -(2**70)])
def test_a_negative_seed_is_a_value_error(seed):
    with pytest.raises(ValueError, match=f"seed={seed}: give 0 or more"):
        sa.sample("fisher-yates", 5, 100, seed)
    with pytest.raises(ValueError, match="seed"):
        sa.assert_fair(lambda cards: cards, deck=3, decks=100, seed=seed)


def test_a_number_that_is_not_whole_is_a_type_error():
    with pytest.raises(TypeError, match="deck=5.0: give a whole number, not float"):
        sa.exact("fisher-yates", 5.0)


def test_numpy_integers_are_numbers():
    a = sa.exact("naive-swap", np.int64(4))
    b = sa.exact("naive-swap", 4)
    assert a.to_dict()["total_variation_exact"] == b.to_dict()["total_variation_exact"]
    s = sa.sample("fisher-yates", np.int32(5), np.uint64(1000), np.int64(3))
    assert s.to_dict()["shuffles"] == 1000 and s.to_dict()["seed"] == 3
    sa.assert_fair(lambda cards, rng: rng.shuffle(cards), deck=np.int64(4), decks=np.int64(2000))


def test_a_negative_card_is_named_as_it_is():
    decks = _fair_decks()
    decks[7, 2] = -5
    with pytest.raises(ValueError, match="row 7: card -5 is negative"):
        sa.audit(decks)
    with pytest.raises(ValueError, match="row 7: card -5 is negative"):
        sa.Counts(decks)


@pytest.mark.parametrize("dtype", [">i4", ">u2", ">i8"])
def test_an_array_in_the_other_byte_order_is_read_as_its_values(dtype):
    native = _fair_decks()
    swapped = native.astype(dtype)
    assert not swapped.dtype.isnative
    a, b = sa.audit(native), sa.audit(swapped)
    assert a.to_dict()["result"] == b.to_dict()["result"]
    assert a.finding == b.finding
    assert a.to_dict()["input"]["sha256"] == b.to_dict()["input"]["sha256"]


def test_a_law_with_no_heatmap_displays_as_text():
    law = sa.exact("naive-swap", 52)
    with pytest.raises(ValueError):
        law.heatmap()
    assert law._repr_png_() is None
    page = law._repr_html_()
    assert "naive-swap" in page and "<pre>" in page


@pytest.mark.parametrize("threads", [1, 2])
def test_provenance_records_the_threads_used(threads, tmp_path):
    decks = _fair_decks()
    path = tmp_path / "decks.txt"
    np.savetxt(path, decks, fmt="%d")
    for doc in (
        sa.audit(decks, threads=threads).to_dict(),
        sa.audit(path, threads=threads).to_dict(),
        sa.sample("fisher-yates", 5, 1000, 1, threads=threads).to_dict(),
        sa.exact("naive-swap", 5, threads=threads).to_dict(),
    ):
        assert doc["provenance"]["threads"] == threads
