"""The Dask example audits a folder of files on a LocalCluster of two
worker processes as the command line audits their concatenation."""

import importlib.util
import json

import numpy as np
import pytest

import shuffle_audit as sa
from conftest import ROOT, fisher_yates, naive_swap

distributed = pytest.importorskip("dask.distributed")


def load_example():
    path = ROOT / "scripts" / "examples" / "dask_audit.py"
    spec = importlib.util.spec_from_file_location("dask_audit", path)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


@pytest.fixture(scope="module")
def client():
    cluster = distributed.LocalCluster(
        n_workers=2, threads_per_worker=1, processes=True, host="127.0.0.1", dashboard_address="127.0.0.1:0"
    )
    with distributed.Client(cluster) as c:
        yield c
    cluster.close()


def folder(tmp_path, decks, sizes, bad_line_in=None):
    """Files of `sizes` consecutive decks (and one bad line in file
    `bad_line_in`), and their concatenation."""
    paths, start = [], 0
    for i, size in enumerate(sizes):
        path = tmp_path / f"deals-{i:03}.txt"
        np.savetxt(path, decks[start : start + size], fmt="%d")
        if i == bad_line_in:
            path.write_text(path.read_text() + "0 0 1\n")
        paths.append(path)
        start += size
    whole = tmp_path / "whole.txt"
    whole.write_bytes(b"".join(p.read_bytes() for p in paths))
    return [str(p) for p in paths], whole


@pytest.mark.parametrize(
    "make, cards, expected_exit",
    [(fisher_yates, 52, 0), (fisher_yates, 6, 0), (naive_swap, 6, 1)],
)
def test_a_folder_on_two_workers_is_audited_as_its_concatenation(tmp_path, client, cli, make, cards, expected_exit):
    decks = make(np.random.default_rng(cards), 30_000, cards)
    # Seven files of uneven sizes, one of a single deck.
    paths, whole = folder(tmp_path, decks, [9_000, 1, 5_000, 4_999, 6_000, 3_000, 2_000])
    example = load_example()
    got = example.audit_files(client, paths, name=str(whole)).to_dict()
    code, out = cli("audit", whole, "--json")
    expected = json.loads(out)
    for key in ("result", "lag1", "level", "finding"):
        assert got[key] == expected[key], key
    for key in ("lines", "decks", "deck", "base", "invalid", "ordered"):
        assert got["input"][key] == expected["input"][key], key
    assert code == expected_exit and got["level"]["bias_shown"] == (code == 1)


def test_invalid_lines_are_numbered_through_the_stream(tmp_path, client, cli):
    decks = fisher_yates(np.random.default_rng(1), 3_000, 3)
    paths, whole = folder(tmp_path, decks, [1_000, 1_000, 1_000], bad_line_in=1)
    example = load_example()
    got = example.audit_files(client, paths, skip_invalid=True, name=str(whole)).to_dict()
    _, out = cli("audit", whole, "--json", "--skip-invalid")
    expected = json.loads(out)
    assert got["input"]["invalid"] == expected["input"]["invalid"]
    assert got["input"]["invalid"][0]["first_line"] == 2_001
    for key in ("result", "lag1", "level", "finding"):
        assert got[key] == expected[key], key


def test_the_example_runs_as_a_script(tmp_path):
    decks = fisher_yates(np.random.default_rng(2), 4_000, 8)
    folder(tmp_path, decks, [2_000, 2_000])
    example = load_example()
    assert example.main([str(tmp_path), "--pattern", "deals-*.txt", "--workers", "1"]) == 0


def test_results_come_back_from_worker_processes(client):
    decks = naive_swap(np.random.default_rng(5), 5_000, 6)
    local = sa.audit(decks)
    remote = client.submit(sa.audit, decks).result()
    assert isinstance(remote, sa.Audit)
    assert remote.finding == local.finding and remote.bias_shown
    assert remote.to_dict()["result"] == local.to_dict()["result"]
    law = client.submit(sa.exact, "naive-swap", 5).result()
    assert law.fractions() == sa.exact("naive-swap", 5).fractions()
    s = client.submit(sa.sample, "fisher-yates", 5, 10_000, 3).result()
    np.testing.assert_array_equal(s.positions, sa.sample("fisher-yates", 5, 10_000, 3).positions)
