// What OpenJDK's own Collections.sort with a random comparator does,
// counted, for crates/stats/tests/runtime_laws.rs:
//
//   java SortCounts.java nextBoolean perms 5 1000000 1      # count, then the order
//   java SortCounts.java nextInt3 positions 64 100000 1     # "throws k", then
//                                                           # row: card, column: place
//
// The comparator is (a, b) -> rnd.nextBoolean() ? 1 : -1 or
// (a, b) -> rnd.nextInt(3) - 1 on one new Random(seed); a sort that throws
// IllegalArgumentException ("Comparison method violates its general
// contract!") is counted as a throw and leaves nothing in the counts.
import java.util.ArrayList;
import java.util.Collections;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;

public class SortCounts {
    public static void main(String[] args) {
        String comparator = args[0], mode = args[1];
        int n = Integer.parseInt(args[2]);
        int sorts = Integer.parseInt(args[3]);
        Random rnd = new Random(Long.parseLong(args[4]));
        Comparator<Integer> cmp = switch (comparator) {
            case "nextBoolean" -> (a, b) -> rnd.nextBoolean() ? 1 : -1;
            case "nextInt3" -> (a, b) -> rnd.nextInt(3) - 1;
            default -> throw new IllegalArgumentException("comparator " + comparator);
        };
        Map<String, Integer> perms = new HashMap<>();
        long[] positions = new long[n * n];
        long throwsCount = 0;
        StringBuilder out = new StringBuilder();
        for (int s = 0; s < sorts; s++) {
            List<Integer> list = new ArrayList<>(n);
            for (int i = 0; i < n; i++) list.add(i);
            try {
                Collections.sort(list, cmp);
            } catch (IllegalArgumentException e) {
                throwsCount++;
                continue;
            }
            if (mode.equals("perms")) {
                StringBuilder key = new StringBuilder();
                for (int i = 0; i < n; i++) key.append(i == 0 ? "" : " ").append(list.get(i));
                perms.merge(key.toString(), 1, Integer::sum);
            } else {
                for (int p = 0; p < n; p++) positions[list.get(p) * n + p]++;
            }
        }
        if (mode.equals("perms")) {
            for (Map.Entry<String, Integer> e : perms.entrySet())
                out.append(e.getValue()).append(' ').append(e.getKey()).append('\n');
        } else {
            out.append("throws ").append(throwsCount).append('\n');
            for (int c = 0; c < n; c++) {
                for (int p = 0; p < n; p++) out.append(p == 0 ? "" : " ").append(positions[c * n + p]);
                out.append('\n');
            }
        }
        System.out.print(out);
    }
}
