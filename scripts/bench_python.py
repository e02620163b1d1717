"""The Python package's speed, each figure against its baseline in the same run.

    python scripts/bench_python.py CLI [DECKS] [DASK_DECKS]

1. `assert_fair(random.shuffle)`'s default plan against a plain loop making
   the same calls of the same function on the same lists, best of 9
   interleaved rounds, in wall time and in this thread's CPU time.
2. `shuffle_audit.audit` of a DECKS x 52 numpy array (default 2,000,000)
   against `CLI audit FILE --json` on the file of the same decks, best of 5
   interleaved rounds, both on all cores.
3. Dask: DASK_DECKS decks of 52 (default 2,000,000) in 20 files audited by
   scripts/examples/dask_audit.py on a LocalCluster of 1 and of 2 worker
   processes, best of 3; decks a second per worker, and what N workers
   would take over 10^10 decks; one step of the merge tree timed.

Needs `pip install './python[test]'` (the package in release, with Dask).
"""

import importlib.util
import math
import pathlib
import pickle
import random
import subprocess
import sys
import tempfile
import time

import numpy as np
import shuffle_audit as sa

ROOT = pathlib.Path(__file__).resolve().parents[1]


def best(rounds, *runs):
    """The best wall time and the best CPU time of this thread of each of
    `runs`, interleaved over `rounds`."""
    wall = [float("inf")] * len(runs)
    cpu = [float("inf")] * len(runs)
    for _ in range(rounds):
        for k, run in enumerate(runs):
            start, thread = time.perf_counter(), time.thread_time()
            run()
            cpu[k] = min(cpu[k], time.thread_time() - thread)
            wall[k] = min(wall[k], time.perf_counter() - start)
    return wall, cpu


def deal(cli, path, decks, seed):
    with open(path, "wb") as out:
        subprocess.run(
            [cli, "deal", "-a", "fisher-yates", "-d", "52", "-n", str(decks), "--seed", str(seed)],
            stdout=out,
            check=True,
        )


def array_against_file(cli, folder, decks):
    path = folder / "decks.txt"
    deal(cli, path, decks, seed=3)
    array = np.loadtxt(path, dtype=np.uint8)
    assert array.shape == (decks, 52)

    def cli_run():
        done = subprocess.run([cli, "audit", str(path), "--json"], capture_output=True)
        assert done.returncode in (0, 1), done.stderr

    (py, file), _ = best(5, lambda: sa.audit(array), cli_run)
    print(f"2. audit of a {decks:,} x 52 array: {py:.3f} s in Python, {file:.3f} s "
          f"`shuffle-audit audit FILE --json` on the same decks ({path.stat().st_size / 1e6:.0f} MB): "
          f"{file / py:.2f}x the command's speed")


def assert_fair_overhead():
    plan = [(n, sa.DEFAULT_CHECK_SHUFFLES) for n in sa.DEFAULT_CHECK_DECKS]

    def plain():
        random.seed(0)
        for n, shuffles in plan:
            for _ in range(shuffles):
                cards = list(range(n))
                random.shuffle(cards)

    (check, loop), (check_cpu, loop_cpu) = best(9, lambda: sa.assert_fair(random.shuffle), plain)
    print(f"1. assert_fair(random.shuffle), {len(plan)} deck sizes x {plan[0][1]:,}: {check:.3f} s; "
          f"the same calls alone {loop:.3f} s: overhead {100 * (check / loop - 1):.1f} % "
          f"(CPU time {check_cpu:.3f} s against {loop_cpu:.3f} s: {100 * (check_cpu / loop_cpu - 1):.1f} %)")


def dask(cli, folder, decks):
    from dask.distributed import Client, LocalCluster

    spec = importlib.util.spec_from_file_location("dask_audit", ROOT / "scripts" / "examples" / "dask_audit.py")
    example = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(example)
    files = 20
    paths = []
    for i in range(files):
        path = folder / f"deals-{i:03}.txt"
        deal(cli, path, decks // files, seed=100 + i)
        paths.append(str(path))
    rates = {}
    for workers in (1, 2):
        cluster = LocalCluster(n_workers=workers, threads_per_worker=1, processes=True, host="127.0.0.1", dashboard_address="127.0.0.1:0")
        with Client(cluster) as client:
            example.audit_files(client, paths[:2])  # the workers import the package once
            (t,), _ = best(3, lambda: example.audit_files(client, paths))
        cluster.close()
        rates[workers] = decks / t / workers
        print(f"3. Dask, {workers} worker process{'es' if workers > 1 else ''}: {decks:,} decks of 52 "
              f"in {files} files, {t:.2f} s: {rates[workers]:,.0f} decks a second per worker")
    # One step of the merge tree: a partial pickled, sent, unpickled and
    # added to its neighbour (the sending itself is not timed here).
    left = sa.merge(sa.Counts.read(p, threads=1) for p in paths[: files // 2])
    right = sa.merge(sa.Counts.read(p, threads=1) for p in paths[files // 2 :])

    def step():
        return pickle.loads(pickle.dumps(left)) + pickle.loads(pickle.dumps(right))

    (merge,), _ = best(3, step)
    size = len(pickle.dumps(left))
    cap = 1 << 23
    at_cap = merge * cap / left.decks
    print(f"   a merge step of two partials of {left.decks:,} decks ({size / 1e6:.0f} MB pickled each): "
          f"{merge:.3f} s to pickle, unpickle and add them; a partial keeps the fingerprints of its first "
          f"2^23 decks and moves at most ({size / left.decks:.0f} bytes a deck, {size * cap / left.decks / 1e6:.0f} MB), "
          f"so a step costs at most about {at_cap:.1f} s here, plus the sending")
    per = rates[2]
    for n in (10, 100, 1000):
        hours = 1e10 / (n * per) / 3600
        levels = math.ceil(math.log2(n))
        print(f"   10^10 decks in {n} files on {n} workers at {per:,.0f} decks a second each: "
              f"{hours:.2f} hours of counting, then {levels} merge steps of at most {at_cap:.1f} s each")


def main():
    cli = sys.argv[1]
    decks = int(sys.argv[2]) if len(sys.argv) > 2 else 2_000_000
    dask_decks = int(sys.argv[3]) if len(sys.argv) > 3 else 2_000_000
    with tempfile.TemporaryDirectory() as tmp:
        folder = pathlib.Path(tmp)
        # The loop of small calls first, in an interpreter that has not yet
        # held the large arrays.
        assert_fair_overhead()
        array_against_file(cli, folder, decks)
        dask(cli, folder, dask_decks)


if __name__ == "__main__":
    main()
