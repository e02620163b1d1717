"""The pytest plugin: `fair_shuffle` in this suite, and in a project of its
own run by pytest as a user runs it (the plugin found through its entry
point, not imported).

A fair shuffle fails a check with probability at most 1e-6
(`DEFAULT_FALSE_FAILURE`); the biased shuffles here fail it by far at
every seed used (see test_assert_fair.py).
"""

import xml.etree.ElementTree as ET

import pytest


def test_a_test_reads_fair_shuffle_of_its_own_shuffle(fair_shuffle):
    def fisher_yates(deck, rng):
        for i in range(len(deck) - 1, 0, -1):
            j = rng.randrange(i + 1)
            deck[i], deck[j] = deck[j], deck[i]

    words = fair_shuffle(fisher_yates, deck=52, decks=5_000)
    assert "no bias found" in words


PROJECT = '''
import random


def naive_swap(deck):
    n = len(deck)
    for i in range(n):
        j = random.randrange(n)
        deck[i], deck[j] = deck[j], deck[i]


def test_fair(fair_shuffle):
    fair_shuffle(random.shuffle, deck=6, decks=5_000)


def test_naive(fair_shuffle):
    fair_shuffle(naive_swap, deck=6, decks=5_000)
'''


@pytest.fixture
def project(pytester):
    pytester.makepyfile(test_deal=PROJECT)
    return pytester


def test_a_biased_shuffle_fails_its_test_with_the_bias_named_and_no_traceback(project):
    junit = project.path / "junit.xml"
    run = project.runpytest_subprocess("-p", "no:cacheprovider", f"--junitxml={junit}")
    run.assert_outcomes(passed=1, failed=1)
    out = run.stdout.str()
    assert "fair_shuffle(naive_swap): the shuffle is not fair" in out
    assert "it looks like the naive swap" in out
    assert "fix: draw the partner of position i from i..n" in out
    # The finding alone: no traceback into the package or the plugin.
    assert "pytest_plugin.py" not in out and "__init__.py" not in out
    # Once in the failure's section. pytest's short summary repeats the
    # message after it, whole when the CI variable is set, cut otherwise.
    failures = out.split("short test summary info")[0]
    assert failures.count("the shuffle is not fair") == 1
    # The pass's guarantee is in the report.
    cases = {c.get("name"): c for c in ET.parse(junit).getroot().iter("testcase")}
    recorded = [p.get("value") for p in cases["test_fair"].iter("property")]
    assert len(recorded) == 1 and recorded[0].startswith("Random.shuffle: ")
    assert "no bias found" in recorded[0]


def test_the_seed_option_reseeds_every_check(project):
    run = project.runpytest_subprocess("-p", "no:cacheprovider", "--fair-shuffle-seed", "7")
    run.assert_outcomes(passed=1, failed=1)
    assert "probability at most 1.0e-6; seed 7)" in run.stdout.str()
    default = project.runpytest_subprocess("-p", "no:cacheprovider")
    assert "probability at most 1.0e-6; seed 0)" in default.stdout.str()


def test_the_plugin_is_registered_under_the_packages_name(project):
    run = project.runpytest_subprocess("-p", "no:cacheprovider", "-p", "no:shuffle_audit")
    run.assert_outcomes(errors=2)
    assert "fixture 'fair_shuffle' not found" in run.stdout.str()
    helped = project.runpytest_subprocess("--help")
    assert "--fair-shuffle-seed=SEED" in helped.stdout.str()
