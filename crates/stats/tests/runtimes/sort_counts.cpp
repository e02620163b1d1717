// What libstdc++'s own std::sort with a coin comparator does, counted, for
// crates/stats/tests/runtime_laws.rs:
//
//   g++ -O2 -std=c++17 -o sort_counts sort_counts.cpp
//   ./sort_counts perms 5 1000000 1       # count, then the order
//   ./sort_counts positions 64 100000 1   # "throws k", then
//                                         # row: card, column: place
//
// The comparator is [&](int, int) { return coin(rng); } with
// std::uniform_int_distribution<int> coin(0, 1) on one std::mt19937
// rng(seed), "less" on 1. The sort may read past either end of the array,
// which is undefined behaviour; here the array sits between guard cells
// holding -1, and the comparator throws when handed one, so such a sort
// stops at its first read outside and is counted apart ("throws k",
// nothing in the counts). In `perms`, a sort that read outside is run
// again on the deck in order, with the next coins, until `sorts` sorts
// stayed inside: the law of the decks given that the sort stayed in
// bounds.
#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <map>
#include <random>
#include <string>
#include <vector>

struct OutOfBounds {};

int main(int argc, char **argv) {
  if (argc != 5) {
    std::fprintf(stderr, "usage: sort_counts perms|positions n sorts seed\n");
    return 2;
  }
  const bool perms = std::string(argv[1]) == "perms";
  const int n = std::atoi(argv[2]);
  const long sorts = std::atol(argv[3]);
  std::mt19937 rng((unsigned)std::atol(argv[4]));
  std::uniform_int_distribution<int> coin(0, 1);
  const int guard = 64;
  std::vector<int> cells(n + 2 * guard, -1);
  std::map<std::vector<int>, long> orders;
  std::vector<long> positions((size_t)n * n, 0);
  long throws = 0;
  for (long s = 0; s < sorts;) {
    for (int i = 0; i < n; i++) cells[guard + i] = i;
    try {
      std::sort(cells.begin() + guard, cells.begin() + guard + n, [&](int a, int b) {
        if (a < 0 || b < 0) throw OutOfBounds();
        return coin(rng) == 1;
      });
    } catch (OutOfBounds &) {
      throws++;
      if (!perms) s++;
      continue;
    }
    s++;
    if (perms) {
      orders[std::vector<int>(cells.begin() + guard, cells.begin() + guard + n)]++;
    } else {
      for (int p = 0; p < n; p++) positions[(size_t)cells[guard + p] * n + p]++;
    }
  }
  if (perms) {
    for (auto &e : orders) {
      std::printf("%ld", e.second);
      for (int c : e.first) std::printf(" %d", c);
      std::printf("\n");
    }
  } else {
    std::printf("throws %ld\n", throws);
    for (int c = 0; c < n; c++) {
      for (int p = 0; p < n; p++) std::printf(p == 0 ? "%ld" : " %ld", positions[(size_t)c * n + p]);
      std::printf("\n");
    }
  }
  return 0;
}
