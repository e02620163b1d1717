// Records what Go's sort.Slice does with a comparator that does not
// order, for the tests of the port in
// crates/algorithms/src/engines/go_pdqsort.rs.
//
//	go run slice_vectors.go > ../data/go-sort-slice.txt
//	go run slice_vectors.go 17 52            # other sizes
//
// The comparator answers from a scripted stream: xorshift32 seeded with
// `seed * 7919 + n`, "less" when its top three bits are below p, for p in
// 1, 4, 7. Stream p = 8 is McIlroy's adversary ("A killer adversary for
// quicksort", 1999), a comparator consistent in hindsight that drives a
// quicksort to its deepest, so the limit of bad pivots and the heapsort
// behind it are reached. Each line is `n seed p calls | order`, the order
// the slice as the sort left it.
package main

import (
	"fmt"
	"os"
	"runtime"
	"sort"
	"strconv"
	"strings"
)

var (
	state     uint32
	p         uint32
	val       []int
	gas       int
	nsolid    int
	candidate int
)

func scripted() bool {
	state ^= state << 13
	state ^= state >> 17
	state ^= state << 5
	return state>>29 < p
}

func adversary(x, y int) bool {
	if val[x] == gas && val[y] == gas {
		if x == candidate {
			val[x] = nsolid
		} else {
			val[y] = nsolid
		}
		nsolid++
	}
	if val[x] == gas {
		candidate = x
	} else if val[y] == gas {
		candidate = y
	}
	return val[x] < val[y]
}

func main() {
	sizes := []int{2, 3, 4, 5, 8, 12, 13, 14, 20, 31, 49, 50, 51, 52, 64, 100, 128, 1000}
	if len(os.Args) > 1 {
		sizes = sizes[:0]
		for _, a := range os.Args[1:] {
			n, err := strconv.Atoi(a)
			if err != nil {
				panic(err)
			}
			sizes = append(sizes, n)
		}
	}
	fmt.Printf("# %s: n seed p calls | order\n", runtime.Version())
	for _, n := range sizes {
		for _, seed := range []int{1, 2, 3} {
			for _, stream := range []uint32{1, 4, 7, 8} {
				if stream == 8 && seed > 1 {
					continue
				}
				state = uint32(seed*7919 + n)
				p = stream
				val = make([]int, n)
				gas, nsolid, candidate = n, 0, 0
				for i := range val {
					val[i] = gas
				}
				items := make([]int, n)
				for i := range items {
					items[i] = i
				}
				calls := 0
				sort.Slice(items, func(i, j int) bool {
					calls++
					if stream == 8 {
						return adversary(items[i], items[j])
					}
					return scripted()
				})
				order := make([]string, n)
				for i, c := range items {
					order[i] = strconv.Itoa(c)
				}
				fmt.Printf("%d %d %d %d | %s\n", n, seed, stream, calls, strings.Join(order, " "))
			}
		}
	}
}
