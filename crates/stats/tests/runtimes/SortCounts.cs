// What the class library's own List<int>.Sort with a random comparator
// does, counted, for crates/stats/tests/runtime_laws.rs:
//
//   mcs -out:SortCounts.exe SortCounts.cs
//   mono SortCounts.exe perms 5 1000000 1       # count, then the order
//   mono SortCounts.exe positions 64 100000 1   # "throws k", then
//                                               # row: card, column: place
//
// The comparator is (a, b) => rnd.Next(-1, 2) on one new Random(seed); the
// list is built from an array (its capacity is its count). A sort that
// throws (ArgumentException: "Unable to sort because the IComparer.Compare()
// method returns inconsistent results") is counted as a throw and leaves
// nothing in the counts.
using System;
using System.Collections.Generic;
using System.Text;

class SortCounts
{
    static void Main(string[] args)
    {
        string mode = args[0];
        int n = int.Parse(args[1]);
        int sorts = int.Parse(args[2]);
        var rnd = new Random(int.Parse(args[3]));
        Comparison<int> cmp = (a, b) => rnd.Next(-1, 2);
        var perms = new Dictionary<string, int>();
        var positions = new long[n * n];
        long throws = 0;
        var items = new int[n];
        for (int s = 0; s < sorts; s++)
        {
            for (int i = 0; i < n; i++) items[i] = i;
            var list = new List<int>(items);
            try
            {
                list.Sort(cmp);
            }
            catch (ArgumentException)
            {
                throws++;
                continue;
            }
            if (mode == "perms")
            {
                string key = string.Join(" ", list);
                int count;
                perms.TryGetValue(key, out count);
                perms[key] = count + 1;
            }
            else
            {
                for (int p = 0; p < n; p++) positions[list[p] * n + p]++;
            }
        }
        var out_ = new StringBuilder();
        if (mode == "perms")
        {
            foreach (var e in perms) out_.Append(e.Value).Append(' ').Append(e.Key).Append('\n');
        }
        else
        {
            out_.Append("throws ").Append(throws).Append('\n');
            for (int c = 0; c < n; c++)
            {
                for (int p = 0; p < n; p++) out_.Append(p == 0 ? "" : " ").Append(positions[c * n + p]);
                out_.Append('\n');
            }
        }
        Console.Out.Write(out_.ToString());
    }
}
