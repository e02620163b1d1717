// Java's "shuffle by sorting": Collections.sort(list, comparator) with a
// comparator that answers from new Random(seed), for each size and seed.
// One line per sort:
//   comparator n seed | order | ok-or-throws | next nextInt() of the Random
// Run: java JavaSortVectors.java FIRST_SEED SEEDS N [N ...]
import java.util.ArrayList;
import java.util.Collections;
import java.util.Comparator;
import java.util.List;
import java.util.Random;
import java.util.StringJoiner;

public class JavaSortVectors {
    public static void main(String[] args) {
        long first = Long.parseLong(args[0]);
        int seeds = Integer.parseInt(args[1]);
        StringBuilder out = new StringBuilder();
        for (String comparator : new String[] {"nextInt3", "nextBoolean"}) {
            for (int k = 2; k < args.length; k++) {
                int n = Integer.parseInt(args[k]);
                for (long seed = first; seed < first + seeds; seed++) {
                    Random rnd = new Random(seed);
                    Comparator<Integer> c = comparator.equals("nextInt3")
                        ? (a, b) -> rnd.nextInt(3) - 1
                        : (a, b) -> rnd.nextBoolean() ? 1 : -1;
                    List<Integer> list = new ArrayList<>();
                    for (int i = 0; i < n; i++) list.add(i);
                    String outcome = "ok";
                    try {
                        Collections.sort(list, c);
                    } catch (IllegalArgumentException e) {
                        outcome = "throws";
                    }
                    StringJoiner order = new StringJoiner(" ");
                    for (int x : list) order.add(Integer.toString(x));
                    out.append(comparator).append(' ').append(n).append(' ').append(seed)
                        .append(" | ").append(order).append(" | ").append(outcome)
                        .append(" | ").append(rnd.nextInt()).append('\n');
                }
            }
        }
        System.out.print(out);
    }
}
