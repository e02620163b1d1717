// What Go's own sort.Slice with a random comparator does, counted, for
// crates/stats/tests/runtime_laws.rs:
//
//	go run sort_counts.go perms 5 1000000 1       # count, then the order
//	go run sort_counts.go positions 64 100000 1   # "throws 0", then
//	                                              # row: card, column: place
//
// The comparator is func(i, j int) bool { return rand.Intn(2) == 0 } on
// math/rand's global source, seeded with rand.Seed(seed). The sort never
// fails, so the first line of `positions` is always "throws 0".
package main

import (
	"bufio"
	"fmt"
	"math/rand"
	"os"
	"sort"
	"strconv"
	"strings"
)

func main() {
	mode := os.Args[1]
	n, _ := strconv.Atoi(os.Args[2])
	sorts, _ := strconv.Atoi(os.Args[3])
	seed, _ := strconv.ParseInt(os.Args[4], 10, 64)
	rand.Seed(seed)
	less := func(i, j int) bool { return rand.Intn(2) == 0 }
	orders := map[string]int{}
	positions := make([]int64, n*n)
	items := make([]int, n)
	key := make([]string, n)
	for s := 0; s < sorts; s++ {
		for i := range items {
			items[i] = i
		}
		sort.Slice(items, less)
		if mode == "perms" {
			for i, c := range items {
				key[i] = strconv.Itoa(c)
			}
			orders[strings.Join(key, " ")]++
		} else {
			for p, c := range items {
				positions[c*n+p]++
			}
		}
	}
	out := bufio.NewWriter(os.Stdout)
	defer out.Flush()
	if mode == "perms" {
		for k, v := range orders {
			fmt.Fprintf(out, "%d %s\n", v, k)
		}
		return
	}
	fmt.Fprintln(out, "throws 0")
	for c := 0; c < n; c++ {
		row := make([]string, n)
		for p := 0; p < n; p++ {
			row[p] = strconv.FormatInt(positions[c*n+p], 10)
		}
		fmt.Fprintln(out, strings.Join(row, " "))
	}
}
