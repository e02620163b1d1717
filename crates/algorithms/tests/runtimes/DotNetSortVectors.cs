// Records what the class library's List<T>.Sort(Comparison<T>) does with a
// random comparator, for the tests of the port in
// crates/algorithms/src/engines/dotnet.rs.
//
//     mcs -out:vectors.exe DotNetSortVectors.cs && mono vectors.exe > ../data/dotnet-sort-mono.txt
//     mono vectors.exe 17 52            # other sizes
//
// The comparator answers from a scripted stream: xorshift32 seeded with
// `seed * 7919 + n`; of the top three bits r, it answers 1 if r < p, 0 if
// r == p and -1 otherwise, for p in 0, 1, 4, 7. Stream p = 8 is McIlroy's
// adversary ("A killer adversary for quicksort", 1999): a comparator
// consistent in hindsight that drives a quicksort to its deepest, so the
// depth limit and the heapsort behind it are reached. The list is built
// from an array, so its capacity is its count. Each line is
// `n seed p calls outcome | order`, the outcome `ok` or the exception's
// type name; the order is the list as the sort left it.
using System;
using System.Collections.Generic;

class DotNetSortVectors
{
    static uint state;
    static int p;
    static int[] val;
    static int gas, nsolid, candidate;

    static int Scripted()
    {
        state ^= state << 13;
        state ^= state >> 17;
        state ^= state << 5;
        uint r = state >> 29;
        return r < p ? 1 : (r == p ? 0 : -1);
    }

    static int Adversary(int x, int y)
    {
        if (val[x] == gas && val[y] == gas)
        {
            if (x == candidate) val[x] = nsolid++; else val[y] = nsolid++;
        }
        if (val[x] == gas) candidate = x;
        else if (val[y] == gas) candidate = y;
        return val[x].CompareTo(val[y]);
    }

    static void Main(string[] args)
    {
        int[] sizes = { 2, 3, 4, 5, 8, 15, 16, 17, 18, 20, 31, 32, 33, 52, 64, 100, 128, 1000 };
        if (args.Length > 0)
        {
            sizes = new int[args.Length];
            for (int i = 0; i < args.Length; i++) sizes[i] = int.Parse(args[i]);
        }
        Console.WriteLine("# mono " + Type.GetType("Mono.Runtime").GetMethod("GetDisplayName",
            System.Reflection.BindingFlags.NonPublic | System.Reflection.BindingFlags.Static).Invoke(null, null)
            + ": n seed p calls outcome | order");
        foreach (int n in sizes)
        {
            foreach (int seed in new[] { 1, 2, 3 })
            {
                foreach (int stream in new[] { 0, 1, 4, 7, 8 })
                {
                    if (stream == 8 && seed > 1) continue;
                    state = (uint)(seed * 7919 + n);
                    p = stream;
                    val = new int[n];
                    gas = n; nsolid = 0; candidate = 0;
                    for (int i = 0; i < n; i++) val[i] = gas;
                    int[] items = new int[n];
                    for (int i = 0; i < n; i++) items[i] = i;
                    var list = new List<int>(items);
                    long calls = 0;
                    string outcome = "ok";
                    try
                    {
                        list.Sort((a, b) => { calls++; return stream == 8 ? Adversary(a, b) : Scripted(); });
                    }
                    catch (Exception e)
                    {
                        outcome = e.GetType().Name;
                    }
                    Console.WriteLine(n + " " + seed + " " + stream + " " + calls + " " + outcome + " | " + string.Join(" ", list));
                }
            }
        }
    }
}
