// Records what libstdc++'s std::sort does with a comparator that does not
// order, for the tests of the port in
// crates/algorithms/src/engines/libstdcxx.rs.
//
//     g++ -O2 -std=c++17 -o vectors StdSortVectors.cpp && ./vectors > ../data/libstdcxx-sort.txt
//     ./vectors 17 52            # other sizes
//
// The array sits between guard cells holding -1 on both sides, so the
// reads the sort makes past either end land in memory of this program;
// the comparator throws when it is handed a guard cell, which stops the
// sort at its first read outside the array, as the port stops. The
// comparator answers from a scripted stream: xorshift32 seeded with
// `seed * 7919 + n`, "less" when its top three bits are below p, for p in
// 1, 4, 7. Stream p = 8 is McIlroy's adversary ("A killer adversary for
// quicksort", 1999), a comparator consistent in hindsight that drives a
// quicksort to its deepest, so the depth limit and the heapsort behind
// it are reached. Each line is `n seed p calls outcome | order`, the
// outcome `ok` or `out-of-bounds`; the order is the array as the sort left
// it.
#include <algorithm>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <vector>

static const int GUARD = 64;

struct OutOfBounds {};

static uint32_t state;
static int p;
static std::vector<int> val;
static int gas, nsolid, candidate;

static bool scripted() {
  state ^= state << 13;
  state ^= state >> 17;
  state ^= state << 5;
  return (int)(state >> 29) < p;
}

static bool adversary(int x, int y) {
  if (val[x] == gas && val[y] == gas) {
    if (x == candidate) val[x] = nsolid++; else val[y] = nsolid++;
  }
  if (val[x] == gas) candidate = x;
  else if (val[y] == gas) candidate = y;
  return val[x] < val[y];
}

int main(int argc, char **argv) {
  std::vector<int> sizes = {2, 3, 4, 5, 8, 15, 16, 17, 18, 20, 31, 32, 33, 52, 64, 100, 128, 1000};
  if (argc > 1) {
    sizes.clear();
    for (int i = 1; i < argc; i++) sizes.push_back(atoi(argv[i]));
  }
  std::printf("# g++ %d.%d.%d, libstdc++ %d: n seed p calls outcome | order\n",
              __GNUC__, __GNUC_MINOR__, __GNUC_PATCHLEVEL__, __GLIBCXX__);
  for (int n : sizes) {
    for (int seed : {1, 2, 3}) {
      for (int stream : {1, 4, 7, 8}) {
        if (stream == 8 && seed > 1) continue;
        state = (uint32_t)(seed * 7919 + n);
        p = stream;
        val.assign(n, n);
        gas = n; nsolid = 0; candidate = 0;
        std::vector<int> cells(n + 2 * GUARD, -1);
        for (int i = 0; i < n; i++) cells[GUARD + i] = i;
        long calls = 0;
        const char *outcome = "ok";
        try {
          std::sort(cells.begin() + GUARD, cells.begin() + GUARD + n, [&](int a, int b) {
            if (a < 0 || b < 0) throw OutOfBounds();
            calls++;
            return stream == 8 ? adversary(a, b) : scripted();
          });
        } catch (OutOfBounds &) {
          outcome = "out-of-bounds";
        }
        for (int i = 0; i < GUARD; i++) {
          if (cells[i] != -1 || cells[GUARD + n + i] != -1) {
            std::fprintf(stderr, "a guard cell was written\n");
            return 1;
          }
        }
        std::printf("%d %d %d %ld %s |", n, seed, stream, calls, outcome);
        for (int i = 0; i < n; i++) std::printf(" %d", cells[GUARD + i]);
        std::printf("\n");
      }
    }
  }
  return 0;
}
