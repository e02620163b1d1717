"""`exact` and `sample`: the laws and counts of `shuffle-audit exact` and
`sample`, as numpy arrays and exact fractions."""

import itertools
import json
import re
import subprocess
from fractions import Fraction

import numpy as np
import pytest

import shuffle_audit as sa
from conftest import CLI, without_run


def naive_swap_law(n):
    """The naive swap's law on n cards, by walking its n^n paths here."""
    law = {}
    for path in itertools.product(range(n), repeat=n):
        deck = list(range(n))
        for i, j in enumerate(path):
            deck[i], deck[j] = deck[j], deck[i]
        law[tuple(deck)] = law.get(tuple(deck), 0) + Fraction(1, n**n)
    return [law.get(p, Fraction(0)) for p in itertools.permutations(range(n))]


@pytest.mark.parametrize("n", [3, 4, 5])
def test_the_exact_law_is_the_walk_of_every_path(n):
    law = sa.exact("naive-swap", n)
    assert law.fractions() == naive_swap_law(n)
    assert sum(law.fractions()) == 1
    assert law.weights == tuple(f * law.denominator for f in law.fractions())
    assert not law.uniform
    np.testing.assert_array_equal(law.arrangements, [float(f) for f in naive_swap_law(n)])
    positions = law.position_fractions()
    assert all(sum(row) == 1 for row in positions)
    np.testing.assert_array_equal(law.positions, [[float(f) for f in row] for row in positions])


def test_fisher_yates_is_exactly_uniform_and_so_reported(cli):
    law = sa.exact("fisher-yates", 5)
    assert law.uniform and set(law.fractions()) == {Fraction(1, 120)}
    _, out = cli("exact", "-a", "fisher-yates", "-d", "5", "--json")
    assert without_run(law.to_json()) == without_run(out)


def test_a_large_swap_shuffle_gets_its_position_matrix_by_the_markov_chain():
    law = sa.exact("naive-swap", 20)
    assert law.arrangements is None and law.fractions() is None
    assert law.positions.shape == (20, 20)
    np.testing.assert_allclose(law.positions.sum(axis=1), 1.0)
    assert "Markov" in str(law) or "markov" in law.to_json()


def test_the_chain_s_uniform_matrix_is_reported_uniform():
    # Fisher-Yates on 30 cards: the chain proves the whole law uniform; the
    # naive swap's matrix is not.
    assert sa.exact("fisher-yates", 30).uniform
    assert not sa.exact("naive-swap", 30).uniform


@pytest.mark.parametrize(
    "algorithm, deck",
    [("naive-swap", 8), ("sort-random-java", 5), ("fisher-yates", 30)],
)
def test_every_exact_law_is_the_command_line_s_document(cli, algorithm, deck):
    # State merging's recount, a sort's chance to throw and the chain's
    # matrix, as `shuffle-audit exact` reports them.
    law = sa.exact(algorithm, deck)
    _, out = cli("exact", "-a", algorithm, "-d", str(deck), "--json")
    assert without_run(law.to_json()) == without_run(out)


def test_a_sort_that_may_throw_is_sampled_as_the_command_line_samples_it(cli):
    s = sa.sample("sort-random-java", 5, 20_000, seed=2)
    _, out = cli("sample", "-a", "sort-random-java", "-d", "5", "-n", "20000", "--seed", "2", "--json")
    doc = json.loads(out)
    assert s.to_dict()["throws"] == doc["throws"]
    np.testing.assert_array_equal(s.positions, doc["position_matrix"])


def test_samples_are_the_command_lines_counts(cli):
    s = sa.sample("naive-swap", 6, 60_000, seed=3)
    _, out = cli("sample", "-a", "naive-swap", "-d", "6", "-n", "60000", "--seed", "3", "--json")
    doc = json.loads(out)
    np.testing.assert_array_equal(s.positions, doc["position_matrix"])
    np.testing.assert_array_equal(s.arrangements, doc["permutation_counts"])
    assert s.bias_shown and s.verdict == doc["verdict"]
    assert s.to_dict()["tests"] == doc["tests"]


def test_a_sample_that_shows_no_bias_says_so_and_claims_no_more(cli):
    # fisher-yates-mod15 is biased by construction; 1,000 shuffles of 6
    # cards cannot see it. The repr says what the command line says.
    s = sa.sample("fisher-yates-mod15", 6, 1_000, seed=1)
    assert not s.bias_shown and s.verdict == "no bias shown"
    _, out = cli("sample", "-a", "fisher-yates-mod15", "-d", "6", "-n", "1000", "--seed", "1")
    line = next(l for l in out.splitlines() if l.startswith("verdict: "))
    assert line.startswith("verdict: NO BIAS SHOWN at 1,000 shuffles"), line
    said = out.split(line, 1)[1].splitlines()[1].strip()
    assert said.startswith("not a proof of fairness"), said
    assert s.finding == f"no bias shown at 1,000 shuffles ({said})"
    assert repr(s) == (
        f"<Sample of fisher-yates-mod15: 1,000 shuffles of 6 cards, seed 1: {s.finding}>"
    )
    for claim in ("uniform", "fair:", "is fair", "UNIFORM"):
        assert claim not in repr(s), repr(s)
    # A sample that shows the bias says "biased", and nothing more.
    b = sa.sample("naive-swap", 6, 60_000, seed=3)
    assert b.bias_shown and b.finding == "biased"


def test_figures_are_pngs_shown_inline():
    for result in (sa.exact("naive-swap", 4), sa.sample("fisher-yates", 5, 20_000, seed=1)):
        png = result._repr_png_()
        assert png.startswith(b"\x89PNG\r\n\x1a\n") and len(png) > 10_000
        assert "data:image/png;base64," in result._repr_html_()
        assert repr(result).startswith(("<Exact law of naive-swap on 4 cards: not uniform", "<Sample of fisher-yates"))


def test_unknown_algorithms_and_sizes_are_refused_with_what_is_allowed(cli):
    with pytest.raises(ValueError, match="naive-swop"):
        sa.exact("naive-swop", 4)
    with pytest.raises(ValueError, match="no exact method at 40 cards"):
        sa.exact("sort-random-v8-legacy", 40)
    with pytest.raises(ValueError, match="deck 300 is not allowed for sampling: use 2..=255"):
        sa.sample("fisher-yates", 300, 1000)
    # The package lists the command line's algorithms, in its order.
    _, listed = cli("list", "--json")
    assert [a[0] for a in sa.algorithms()] == [a["id"] for a in json.loads(listed)]


def test_a_law_over_the_memory_limit_is_refused_before_it_starts_as_the_command_line_refuses_it():
    limit = 40_000_000
    with pytest.raises(MemoryError) as refused:
        sa.exact("fisher-yates", 10, threads=1, max_memory=limit)
    said = str(refused.value)
    assert "over the 40 MB of the max_memory given" in said, said
    largest = int(re.search(r"the largest deck that fits by .* is (\d+) cards", said).group(1))
    assert largest < 10
    # The largest deck named runs under the same limit; one card more does not.
    assert sa.exact("fisher-yates", largest, threads=1, max_memory=limit).uniform
    with pytest.raises(MemoryError):
        sa.exact("fisher-yates", largest + 1, threads=1, max_memory=limit)
    if CLI is None:
        pytest.skip("no shuffle-audit binary to compare the refusal with")
    done = subprocess.run(
        [CLI, "exact", "-a", "fisher-yates", "-d", "10", "--json", "--threads", "1",
         "--max-memory", str(limit)],
        capture_output=True, text=True,
    )
    assert (done.returncode, done.stdout) == (2, "")
    assert done.stderr == "error: " + said.replace("max_memory", "--max-memory") + "\n"


def test_a_sample_without_a_seed_deals_from_the_command_lines_default_seed(cli):
    s = sa.sample("naive-swap", 5, 2_000, threads=2)
    assert s.to_dict()["seed"] == sa.DEFAULT_SEED
    _, out = cli("sample", "-a", "naive-swap", "-d", "5", "-n", "2000", "--threads", "2", "--json")
    assert without_run(s.to_json()) == without_run(out)
