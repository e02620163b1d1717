"""Audit a folder of deck files on Dask: each file counted on a worker,
the counts merged in file order, audited once.

    python scripts/examples/dask_audit.py FOLDER [--pattern '*.txt'] [--workers 2]
    python scripts/examples/dask_audit.py FOLDER --scheduler tcp://host:8786

The files are the pieces of one stream, in the order of their names (sort
them as they were written: deals-0001.txt, deals-0002.txt, ...). The result
is the audit `cat FOLDER/*.txt | shuffle-audit audit -` gives: the last
deck of a file and the first of the next are paired by the tests of
consecutive decks, as `cat` pairs them, and invalid lines (with
--skip-invalid) are numbered through the whole stream. Each file should end
with a line end, as `cat` needs too.

Needs `pip install './python[test]'` (shuffle_audit with dask[distributed]).
Prints the audit and exits with its exit code (0 fair, 1 bias shown), as
the command line does.
"""

from __future__ import annotations

import argparse
import operator
import pathlib
import sys
from typing import List, Optional

import shuffle_audit as sa


def audit_files(
    client,
    paths: List[str],
    *,
    ordered: bool = True,
    skip_invalid: bool = False,
    alpha: float = sa.AUDIT_ALPHA,
    name: Optional[str] = None,
) -> sa.Audit:
    """The audit of `paths`, in this order, counted on `client`'s workers.

    Each file is counted where a worker is free; neighbouring counts are
    merged pairwise on the workers, level by level, so that the order of
    the pieces is kept and no worker holds more than two pieces at once;
    the client receives the whole counts once and audits them.
    """
    if not paths:
        raise ValueError("no files to audit")
    # One partition a file, counted on one thread of a worker: the workers
    # import shuffle_audit, so nothing of this script travels.
    level = client.map(
        sa.Counts.read,
        paths,
        ordered=ordered,
        skip_invalid=skip_invalid,
        threads=1,
        pure=False,
    )
    while len(level) > 1:
        merged = [
            client.submit(operator.add, level[i], level[i + 1], pure=False)
            for i in range(0, len(level) - 1, 2)
        ]
        if len(level) % 2:
            merged.append(level[-1])
        level = merged
    counts = level[0].result()
    return counts.audit(alpha=alpha, name=name or f"{len(paths)} files")


def main(argv: Optional[List[str]] = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("folder", type=pathlib.Path)
    parser.add_argument("--pattern", default="*.txt")
    parser.add_argument("--workers", type=int, default=2, help="local worker processes")
    parser.add_argument("--scheduler", help="address of a running Dask scheduler")
    parser.add_argument("--unordered", action="store_true")
    parser.add_argument("--skip-invalid", action="store_true")
    parser.add_argument("--alpha", type=float, default=sa.AUDIT_ALPHA)
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args(argv)

    from dask.distributed import Client, LocalCluster

    paths = sorted(str(p) for p in args.folder.glob(args.pattern))
    if not paths:
        print(f"{args.folder}: no file matches {args.pattern}", file=sys.stderr)
        return 2
    if args.scheduler:
        client = Client(args.scheduler)
    else:
        # Local workers on loopback; the scheduler's web server on a free port of it.
        cluster = LocalCluster(
            n_workers=args.workers,
            threads_per_worker=1,
            processes=True,
            host="127.0.0.1",
            dashboard_address="127.0.0.1:0",
        )
        client = Client(cluster)
    with client:
        result = audit_files(
            client,
            paths,
            ordered=not args.unordered,
            skip_invalid=args.skip_invalid,
            alpha=args.alpha,
            name=str(args.folder),
        )
    print(result.to_json() if args.json else result, end="")
    return result.exit_code


if __name__ == "__main__":
    sys.exit(main())
