// libstdc++'s std::random_shuffle on 3,000,000 elements with a 15-bit
// rand() (Microsoft's C runtime: x = x * 214013 + 2531011, (x >> 16) & 0x7fff,
// seed 1 as when srand is never called), as a MinGW program on Windows runs
// it. Prints the mean and the sum of |p[i] - i|; the algorithms crate's
// test `libstdcxx_random_shuffle_matches_gcc_12` checks the sum.
//
//   g++ -O2 -o /tmp/rs scripts/random-shuffle-rand15.cpp && /tmp/rs
#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <vector>

static unsigned int state = 1;
static long ms_rand(long n) {
    state = state * 214013u + 2531011u;
    return ((state >> 16) & 0x7fff) % n;
}

int main() {
    const long n = 3000000;
    std::vector<long> p(n);
    for (long i = 0; i < n; i++) p[i] = i;
    // The overload taking a generator calls it with (i + 1) where the
    // one without calls rand() % (i + 1): the same swaps.
    std::random_shuffle(p.begin(), p.end(), ms_rand);
    long long sum = 0;
    for (long i = 0; i < n; i++) sum += std::labs(p[i] - i);
    std::printf("mean %.6f sum %lld\n", (double)sum / n, sum);
}
