//! The rows of the sorts that runtimes ship, run with a random
//! comparator.

use crate::defect::Defect;
use crate::engines::*;
use crate::registry::entry::{Algorithm, Entry, Exact, Expected, Kernel, entry, src};

use Exact::Full;
use Expected::Biased;

/// The runtimes' sorts with a random comparator.
pub(super) const ROWS: &[Entry] = &[
    entry!(
        "sort-random-v8-legacy",
        "sort(() => Math.random() - 0.5) on V8 before 7.0 (Chrome < 70)",
        [src(
            "reference",
            "V8 src/js/array.js, InnerArraySort (insertion sort to 10 elements, median-of-three quicksort above), V8 before 7.0"
        )],
        Algorithm::once(Kernel::V8LegacySort(V8LegacySort)),
        Biased(Defect::RandomComparator),
        Full,
        "Biased: insertion sort on up to 10 cards (a card moves k places left with probability 2^-(k+1)); above, a quicksort that shuffles the pivot's neighbourhood least."
    ),
    entry!(
        "sort-random-v8-timsort",
        "sort(() => Math.random() - 0.5) on V8 7.0 and later (Chrome 70+, node 11+)",
        [src(
            "reference",
            "V8 third_party/v8/builtins/array-sort.tq, ArrayTimSort (binary insertion below 10 elements, TimSort above); checked against node 20.20.2"
        )],
        Algorithm::once(Kernel::V8TimSort(V8TimSort)),
        Biased(Defect::RandomComparator),
        Full,
        "Biased: the first coins decide whether the opening run is kept or reversed; on 3 cards the identity has probability 3/8 and the reversed deck 5/16."
    ),
    entry!(
        "sort-random-java",
        "Collections.sort by rnd.nextBoolean() on Java 7+",
        [src(
            "reference",
            "OpenJDK src/java.base/share/classes/java/util/TimSort.java (binary insertion below 32 elements, TimSort above; throws when a merge sees the comparator's contract broken); checked against OpenJDK 17.0.15"
        )],
        Algorithm::once(Kernel::JavaTimSort(JavaTimSort {
            comparator: JavaComparator::NextBoolean,
        })),
        Biased(Defect::RandomComparator),
        Full,
        "Biased: below 32 cards it asks V8's TimSort's questions and has its law (on 3 cards the identity 3/8); from 32 on it merges runs and may throw instead of shuffling."
    ),
    entry!(
        "sort-random-java-3way",
        "Collections.sort by rnd.nextInt(3) - 1 on Java 7+",
        [src(
            "reference",
            "OpenJDK src/java.base/share/classes/java/util/TimSort.java, with a comparator whose answers are -1, 0 and 1 (a third of them ties); checked against OpenJDK 17.0.15"
        )],
        Algorithm::once(Kernel::JavaTimSort(JavaTimSort {
            comparator: JavaComparator::NextInt3,
        })),
        Biased(Defect::RandomComparator),
        Full,
        "Biased: two of the three answers keep a pair in order; on 3 cards the deck stays as it is with probability 16/27 and is reversed with probability 11/81."
    ),
    entry!(
        "sort-random-cpython",
        "lst.sort(key=cmp_to_key(lambda a, b: random.choice((-1, 1)))) on CPython 3.11 and 3.12",
        [src(
            "reference",
            "CPython Objects/listobject.c, list.sort (binary insertion below 64 elements, TimSort above, powersort's merges from 3.11); checked against Debian's python3 3.11.2; 3.13 finds its first runs otherwise (python/cpython#116554) and has another law"
        )],
        Algorithm::once(Kernel::CPythonSort(CPythonSort)),
        Biased(Defect::RandomComparator),
        Full,
        "Biased: below 128 cards it asks V8's TimSort's questions and has its law (on 3 cards the identity 3/8); from 128 on powersort merges the runs in another order. It never throws."
    ),
    entry!(
        "sort-random-dotnet",
        "list.Sort((a, b) => rnd.Next(-1, 2)) on Mono",
        [src(
            "reference",
            "Mono 6.8 mscorlib, List<T>.Sort(Comparison<T>) and ArraySortHelper<T> (introspective sort: insertion sort up to 16 elements, median-of-three quicksort above, heapsort past the depth limit; throws ArgumentException when a partition's scan runs off the array); checked against mono 6.8.0.105"
        )],
        Algorithm::once(Kernel::DotNetIntroSort(DotNetIntroSort::MONO)),
        Biased(Defect::RandomComparator),
        Full,
        "Biased: only one of rnd.Next(-1, 2)'s three answers moves a card; on 3 cards the identity has probability 8/27, and from 4 to 16 cards the deck stays in order with probability (2/3)^(n-1). Above 16, a partition's scan may run off the list and throw."
    ),
    entry!(
        "sort-random-dotnet-core",
        "list.Sort((a, b) => rnd.Next(-1, 2)) on .NET 5+",
        [src(
            "reference",
            "dotnet/runtime src/libraries/System.Private.CoreLib/src/System/Collections/Generic/ArraySortHelper.cs (Mono's introspective sort on a Span per partition: a scan that leaves its partition throws ArgumentException); checked by reading"
        )],
        Algorithm::once(Kernel::DotNetIntroSort(DotNetIntroSort::CORE)),
        Biased(Defect::RandomComparator),
        Full,
        "Biased: Mono's law up to 16 cards; above, a scan that leaves its partition throws where Mono's runs on into the neighbouring one."
    ),
    entry!(
        "sort-random-libstdcxx",
        "std::sort with a coin comparator on libstdc++ (g++ 12)",
        [src(
            "reference",
            "GCC 12 libstdc++-v3/include/bits/stl_algo.h, std::__sort (introsort: median-of-three quicksort above 16 elements, heapsort past the depth limit, then an insertion sort whose inner loop has no bound); checked against g++ 12.2.0"
        )],
        Algorithm::once(Kernel::LibStdCxxSort(LibStdCxxSort)),
        Biased(Defect::RandomComparator),
        Full,
        "Biased, and undefined behaviour: the insertion sort walks a card left while the coin says less, past the array's start with probability 1/4 on 2 cards; the law here is that of the sorts that stayed in bounds."
    ),
    entry!(
        "sort-random-go",
        "sort.Slice by rand.Intn(2) == 0 on Go 1.19+",
        [src(
            "reference",
            "Go 1.19 src/sort/zsortfunc.go, pdqsort_func (pattern-defeating quicksort: insertion sort up to 12 elements, median of three or ninther, partial insertion sort, heapsort after too many bad pivots), called by sort.Slice; checked against go 1.19.8"
        )],
        Algorithm::once(Kernel::GoPdqSort(GoPdqSort)),
        Biased(Defect::RandomComparator),
        Full,
        "Biased: up to 12 cards the coin insertion sort (a card moves k places left with probability 2^-(k+1)); from 50, a pivot choice whose twelve comparisons all say less reverses the range first. Every loop is bounded: it never fails."
    ),
    entry!(
        "sort-random-spidermonkey",
        "sort(() => Math.random() - 0.5) on Firefox's merge sort (2014)",
        [src(
            "reference",
            "SpiderMonkey js/src/ds/Sort.h MergeSort (insertion sort on chunks of 3, bottom-up merges) with jsarray.cpp SortComparatorFunction"
        )],
        Algorithm::once(Kernel::SpiderMonkeyMergeSort(SpiderMonkeyMergeSort)),
        Biased(Defect::RandomComparator),
        Full,
        "Biased: one coin keeps two whole runs in order, so cards stay in their chunk of 3, 6, 12, ... at least half the time."
    ),
    entry!(
        "sort-random-spidermonkey-102",
        "sort(() => Math.random() - 0.5) on SpiderMonkey 102 (Firefox 102 ESR)",
        [src(
            "reference",
            "SpiderMonkey 102 js/src/builtin/Sorting.js MergeSort (insertion sort below 24 elements; above, windows of 4 by insertion and bottom-up merges that skip runs already in order); checked against js102 102.15.1"
        )],
        Algorithm::once(Kernel::SpiderMonkey102Sort(SpiderMonkey102Sort)),
        Biased(Defect::RandomComparator),
        Full,
        "Biased: below 24 cards it is the coin insertion sort (on 3 cards the identity 1/4, the last card first 1/4); above, one coin keeps two whole runs of 4, 8, 16, ... in order."
    ),
    entry!(
        "usort-rand-php7",
        "usort with rand(-1, 1) on PHP 7 (Laravel, 2019)",
        [src(
            "reference",
            "PHP 7 Zend/zend_sort.c zend_sort (hybrid insertion sort to 16, quicksort above), usort with function () { return rand(-1, 1); }; laravel/framework pull request 27861"
        )],
        Algorithm::once(Kernel::PhpUsortRand(PhpUsortRand {
            rand: PhpRand::MinusOneToOne,
            version: PhpVersion::Php7,
        })),
        Biased(Defect::RandomComparator),
        Full,
        "Biased: only 1 of rand(-1, 1)'s three answers swaps; on 5 elements the first stays first with probability 33280/59049 = 0.5636."
    ),
    entry!(
        "usort-rand01-php7",
        "usort with rand(0, 1) on PHP 7",
        [src(
            "reference",
            "PHP 7 Zend/zend_sort.c zend_sort, usort with function () { return rand(0, 1); }; laravel/framework pull request 27861"
        )],
        Algorithm::once(Kernel::PhpUsortRand(PhpUsortRand {
            rand: PhpRand::ZeroToOne,
            version: PhpVersion::Php7,
        })),
        Biased(Defect::RandomComparator),
        Full,
        "Biased: a fair coin per comparison is still not a shuffle; on 5 elements the fifth comes first with probability 1/16, not 1/5."
    ),
    entry!(
        "usort-rand-php8",
        "usort with rand(-1, 1) on PHP 8 (stable sort)",
        [src(
            "reference",
            "PHP 8 Zend/zend_sort.c zend_sort with ext/standard/array.c's stable fallback (RFC: Make sorting stable, PHP 8.0), usort with rand(-1, 1)"
        )],
        Algorithm::once(Kernel::PhpUsortRand(PhpUsortRand {
            rand: PhpRand::MinusOneToOne,
            version: PhpVersion::Php8,
        })),
        Biased(Defect::RandomComparator),
        Full,
        "Biased: a 0 from rand(-1, 1) now falls back on the original order; on 5 elements the first stays first with probability 33280/59049 as in PHP 7, the second comes first 12480/59049 (PHP 7: 6240)."
    ),
];
