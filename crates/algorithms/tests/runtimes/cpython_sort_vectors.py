"""Records what CPython's own list.sort does with a random comparator, for
the tests of the port in crates/algorithms/src/engines/cpython.rs.

    python3 cpython_sort_vectors.py > ../data/cpython-sort.txt
    python3 cpython_sort_vectors.py 127 128 129     # other sizes

The comparator of `lst.sort(key=functools.cmp_to_key(cmp))` answers from a
scripted stream: 1 ("greater", not below) or -1 ("less"), the choice taken
from xorshift32 seeded with `seed * 7919 + n`, as the Rust test does. A
stream "p" in 1, 4, 7 answers "greater" with probability p/8, so that long
runs of wins (and CPython's galloping) are exercised too. Each line is
`n seed p calls | order`.
"""

import functools
import platform
import sys


def stream(seed, p):
    s = seed & 0xFFFFFFFF

    def answer():
        nonlocal s
        s ^= (s << 13) & 0xFFFFFFFF
        s ^= s >> 17
        s ^= (s << 5) & 0xFFFFFFFF
        return 1 if (s >> 29) < p else -1

    return answer


SIZES = [2, 3, 4, 5, 9, 10, 11, 16, 31, 32, 52, 60, 63, 64, 65, 100, 127, 128, 129,
         200, 256, 500, 1000]

sizes = [int(a) for a in sys.argv[1:]] or SIZES
print(f"# python3 {platform.python_version()} ({platform.python_implementation()}): n seed p calls | order")
for n in sizes:
    for seed in (1, 2, 3):
        for p in (1, 4, 7):
            answer = stream(seed * 7919 + n, p)
            calls = 0

            def cmp(a, b):
                global calls
                calls += 1
                return answer()

            lst = list(range(n))
            lst.sort(key=functools.cmp_to_key(cmp))
            print(f"{n} {seed} {p} {calls} | {' '.join(map(str, lst))}")
