"""Results pickle and come back equal: to a process pool, a Dask worker's
client, joblib. A pickled result answers every property and method as the
one it was made from, and pickles again."""

import pickle

import numpy as np
import pytest

import shuffle_audit as sa
from conftest import fisher_yates, naive_swap


def _round_trip(result):
    back = pickle.loads(pickle.dumps(result))
    assert type(back) is type(result)
    assert back == result
    assert repr(back) == repr(result) and str(back) == str(result)
    assert back._repr_html_() == result._repr_html_()
    again = pickle.loads(pickle.dumps(back))
    assert again == result
    return back


def test_an_audit_pickles(tmp_path):
    decks = naive_swap(np.random.default_rng(2), 3_000, 6)
    path = tmp_path / "decks.txt"
    np.savetxt(path, decks, fmt="%d")
    for result in (sa.audit(decks), sa.audit(path), sa.Counts(decks).audit()):
        back = _round_trip(result)
        assert (back.bias_shown, back.exit_code, back.finding, back.decks, back.deck) == (
            result.bias_shown,
            result.exit_code,
            result.finding,
            result.decks,
            result.deck,
        )
        assert bool(back) is bool(result)


@pytest.mark.parametrize("algorithm, deck", [("naive-swap", 5), ("fisher-yates", 4), ("naive-swap", 52)])
def test_an_exact_law_pickles(algorithm, deck):
    law = sa.exact(algorithm, deck)
    back = _round_trip(law)
    assert back.uniform == law.uniform and back.deck == law.deck
    np.testing.assert_array_equal(back.positions, law.positions)
    assert back.weights == law.weights and back.denominator == law.denominator
    assert back.fractions() == law.fractions()
    assert back.position_fractions() == law.position_fractions()
    if law.arrangements is None:
        assert back.arrangements is None
        with pytest.raises(ValueError):
            back.heatmap()
        assert back._repr_png_() is None
    else:
        np.testing.assert_array_equal(back.arrangements, law.arrangements)
        assert back.heatmap() == law.heatmap()


def test_a_sample_pickles():
    s = sa.sample("naive-swap", 5, 20_000, 1)
    back = _round_trip(s)
    np.testing.assert_array_equal(back.positions, s.positions)
    np.testing.assert_array_equal(back.arrangements, s.arrangements)
    assert (back.bias_shown, back.verdict, back.finding) == (s.bias_shown, s.verdict, s.finding)
    assert back.heatmap() == s.heatmap()
    # The arrays handed out are copies: changing one changes nothing kept.
    back.positions[0, 0] += 12345
    np.testing.assert_array_equal(back.positions, s.positions)


def test_results_of_different_decks_differ():
    a = sa.audit(fisher_yates(np.random.default_rng(1), 500, 6))
    b = sa.audit(fisher_yates(np.random.default_rng(2), 500, 6))
    assert a != b
    assert sa.exact("naive-swap", 4) != sa.exact("naive-swap", 5)
