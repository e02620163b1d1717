"""Usage: python3 scripts/examples/shuffle.py random-shuffle|naive-swap CARDS DECKS

Prints DECKS shuffled decks of CARDS cards, one per line, cards numbered from
0 and separated by spaces: the input `shuffle-audit audit -` reads.
  random-shuffle: Python's random.shuffle (Fisher-Yates); fair.
  naive-swap:     swap each card with one drawn from the whole deck; biased.
"""
import random
import sys


def naive_swap(deck):
    n = len(deck)
    for i in range(n):
        j = random.randrange(n)
        deck[i], deck[j] = deck[j], deck[i]


def main():
    if len(sys.argv) != 4 or sys.argv[1] not in ("random-shuffle", "naive-swap"):
        sys.exit(__doc__.splitlines()[0])
    how, n, count = sys.argv[1], int(sys.argv[2]), int(sys.argv[3])
    shuffle = naive_swap if how == "naive-swap" else random.shuffle
    out = sys.stdout
    for _ in range(count):
        deck = list(range(n))
        shuffle(deck)
        out.write(" ".join(map(str, deck)))
        out.write("\n")


if __name__ == "__main__":
    main()
