"""Usage: python3 scripts/examples/shoe.py fair|stacked|riffled|from-last DECKS CARDS SHOES

Prints SHOES shoes of DECKS decks of CARDS cards, one per line: each card
0..CARDS-1 appears DECKS times, numbers separated by spaces. The input
`shuffle-audit audit - --shoe DECKS` reads.
  fair:      the whole shoe shuffled (Python's random.shuffle); fair.
  stacked:   each deck shuffled on its own, the decks stacked, never mixed.
  riffled:   the decks in order, stacked, then three riffles (GSR model).
  from-last: each shoe is the one before with three random swaps per card,
             so about one card in 400 never moves.
"""
import random
import sys


def riffle(cards):
    cut = sum(random.random() < 0.5 for _ in cards)
    left, right = cards[:cut], cards[cut:]
    out = []
    while left or right:
        if random.randrange(len(left) + len(right)) < len(left):
            out.append(left.pop(0))
        else:
            out.append(right.pop(0))
    return out


def main():
    hows = ("fair", "stacked", "riffled", "from-last")
    if len(sys.argv) != 5 or sys.argv[1] not in hows:
        sys.exit(__doc__.splitlines()[0])
    how = sys.argv[1]
    decks, n, count = int(sys.argv[2]), int(sys.argv[3]), int(sys.argv[4])
    ordered = [c for _ in range(decks) for c in range(n)]
    shoe = ordered[:]
    random.shuffle(shoe)
    out = sys.stdout
    for _ in range(count):
        if how == "fair":
            random.shuffle(shoe)
        elif how == "stacked":
            shoe = []
            for _ in range(decks):
                deck = list(range(n))
                random.shuffle(deck)
                shoe += deck
        elif how == "riffled":
            shoe = ordered[:]
            for _ in range(3):
                shoe = riffle(shoe)
        else:
            for _ in range(3 * len(shoe)):
                i, j = random.randrange(len(shoe)), random.randrange(len(shoe))
                shoe[i], shoe[j] = shoe[j], shoe[i]
        out.write(" ".join(map(str, shoe)))
        out.write("\n")


if __name__ == "__main__":
    main()
