//! The shuffles the page offers, as JavaScript the reader's browser runs:
//! the classic mistakes, the fix, a sort with a coin for a comparator, and
//! the seed documents' code as written.
//!
//! Each example defines `shuffle(deck)`, which gets the cards `0 … n−1` in
//! order and returns the shuffled deck (or shuffles it in place and
//! returns nothing). The server never runs them: it only names the
//! registered algorithm each one is, for the exact law beside the counts.

use serde::Serialize;

/// One example of the page.
#[derive(Clone, Copy, Debug, Serialize)]
pub struct Example {
    /// Its id, as in `?example=ID`.
    pub id: &'static str,
    /// Its name in the menu.
    pub title: &'static str,
    /// The registered algorithm the code is, whose exact law the page
    /// shows on small decks.
    pub algorithm: &'static str,
    /// Where the code comes from.
    pub source: &'static str,
    /// The code, as the code box shows it.
    pub code: &'static str,
}

/// Every example, in the menu's order.
pub const EXAMPLES: [Example; 12] = [
    Example {
        id: "naive-swap",
        title: "The naive swap",
        algorithm: "naive-swap",
        source: "the shuffle most programmers write first (chinaxmly, cnblogs 2012, Poker::Shuffle's wrong version, here in JavaScript)",
        code: r"// Swap each position with any position of the deck: n^n equally
// likely paths onto n! decks, which cannot share them evenly.
function shuffle(deck) {
  for (let i = 0; i < deck.length; i++) {
    const j = Math.floor(Math.random() * deck.length);
    [deck[i], deck[j]] = [deck[j], deck[i]];
  }
  return deck;
}
",
    },
    Example {
        id: "sattolo",
        title: "The off-by-one (Sattolo)",
        algorithm: "sattolo",
        source: "Fisher–Yates drawing below i instead of up to i: Sattolo's algorithm (1986), which deals only one cycle, so no card ever stays where it was",
        code: r"// Fisher-Yates with one character wrong: j < i instead of j <= i.
function shuffle(deck) {
  for (let i = deck.length - 1; i > 0; i--) {
    const j = Math.floor(Math.random() * i);
    [deck[i], deck[j]] = [deck[j], deck[i]];
  }
  return deck;
}
",
    },
    Example {
        id: "fisher-yates",
        title: "Fisher–Yates (fair)",
        algorithm: "fisher-yates",
        source: "Durstenfeld, Algorithm 235, CACM 1964",
        code: r"// Fisher-Yates: each position takes a card drawn uniformly from
// those not yet placed. Every deck comes up with probability 1/n!.
function shuffle(deck) {
  for (let i = deck.length - 1; i > 0; i--) {
    const j = Math.floor(Math.random() * (i + 1));
    [deck[i], deck[j]] = [deck[j], deck[i]];
  }
  return deck;
}
",
    },
    Example {
        id: "sort-random",
        title: "sort(() => Math.random() - 0.5)",
        algorithm: "sort-random-v8-timsort",
        source: "a sort with a coin for a comparator; its bias is the sort's, so each browser engine draws its own (the exact law shown is V8's TimSort, Chromium's and Node's engine)",
        code: r"// A sort whose comparator flips a coin. The result depends on which
// comparisons this browser's sort happens to make.
function shuffle(deck) {
  return deck.sort(() => Math.random() - 0.5);
}
",
    },
    Example {
        id: "naive-shuffle",
        title: "naiveShuffle, \"The JavaScript Shuffle\"",
        algorithm: "random-pairs-swap",
        source: "\"The JavaScript Shuffle\" (Medium, The Startup; Chinese translation \"Javascript 洗牌\"): naiveShuffle, as written",
        code: r"// As written in the article; it shuffles in place.
function naiveShuffle(deck) {
  let randomCardA;
  let randomCardB;
  let tempX;
  for (let index = 0; index < deck.length; index += 1) {
    randomCardA = Math.floor(Math.random() * deck.length);
    randomCardB = Math.floor(Math.random() * deck.length);
    tempX = deck[randomCardA];
    deck[randomCardA] = deck[randomCardB];
    deck[randomCardB] = tempX;
  }
}

function shuffle(deck) {
  naiveShuffle(deck);
  return deck;
}
",
    },
    Example {
        id: "alt-naive-shuffle",
        title: "altNaiveShuffle, \"The JavaScript Shuffle\"",
        algorithm: "alt-naive-shuffle",
        source: "\"The JavaScript Shuffle\": altNaiveShuffle, as written",
        code: r"// As written in the article; it shuffles in place.
function altNaiveShuffle(deck) {
  let randomCard;
  let tempX;
  for (let index = deck.length - 1; index > -1 ; index -= 1) {
    randomCard = Math.floor(Math.random() * deck.length);
    tempX = deck[index];
    deck[index] = deck[randomCard];
    deck[randomCard] = tempX;
  }
}

function shuffle(deck) {
  altNaiveShuffle(deck);
  return deck;
}
",
    },
    Example {
        id: "blog-fisher-yates",
        title: "The article's \"Fisher-Yates\" fix",
        algorithm: "blog-fisher-yates",
        source: "\"The JavaScript Shuffle\", the section on Fisher-Yates: altNaiveShuffle with its one line changed to Math.floor(Math.random() * index), as written (it draws below index, as Sattolo does)",
        code: r"// altNaiveShuffle with the article's one-line fix.
function altNaiveShuffle(deck) {
  let randomCard;
  let tempX;
  for (let index = deck.length - 1; index > -1 ; index -= 1) {
    randomCard = Math.floor(Math.random() * index);
    tempX = deck[index];
    deck[index] = deck[randomCard];
    deck[randomCard] = tempX;
  }
}

function shuffle(deck) {
  altNaiveShuffle(deck);
  return deck;
}
",
    },
    Example {
        id: "stack-shuffle",
        title: "stackShuffle, \"The JavaScript Shuffle\" (fair)",
        algorithm: "stack-shuffle",
        source: "\"The JavaScript Shuffle\": stackShuffle, as written",
        code: r"// As written in the article; it shuffles in place.
function stackShuffle(deck) {
  let count = deck.length;
  while(count) {
    deck.push(deck.splice(Math.floor(Math.random() * count), 1)[0]);
    count -= 1;
  }
}

function shuffle(deck) {
  stackShuffle(deck);
  return deck;
}
",
    },
    Example {
        id: "blog-riffle",
        title: "riffleShuffle seven times, \"The JavaScript Shuffle\"",
        algorithm: "blog-riffle",
        source: "\"The JavaScript Shuffle\": riffleShuffle, as written, seven times as the article recommends",
        code: r"// As written in the article; it shuffles in place.
function riffleShuffle(deck) {
  const cutDeckVariant = deck.length / 2 + Math.floor(Math.random() * 9) - 4;
  const leftHalf = deck.splice(0, cutDeckVariant);
  let leftCount = leftHalf.length;
  let rightCount = deck.length - Math.floor(Math.random() * 4);
  while(leftCount > 0) {
    const takeAmount = Math.floor(Math.random() * 4);
    deck.splice(rightCount, 0, ...leftHalf.splice(leftCount, takeAmount));
    leftCount -= takeAmount;
    rightCount = rightCount - Math.floor(Math.random() * 4) + takeAmount;
  }
  deck.splice(rightCount, 0, ...leftHalf);
}

function shuffle(deck) {
  for (let i = 0; i < 7; i++) riffleShuffle(deck);
  return deck;
}
",
    },
    Example {
        id: "blog-knuth-durstenfeld",
        title: "\"Knuth-Durstenfeld\", \"洗牌算法问题\" (2016)",
        algorithm: "blog-knuth-durstenfeld",
        source: "\"洗牌算法问题\" (2016): the third shuffle block, as written",
        code: r"// As written in the post (its third block).
var shuffle = function(cardsArr){
  var newArr = [];
  var length = cardsArr.length;
  for(var i = length-1; i>=0; i--){
    var position = Math.floor(Math.random()*i);
    newArr[i] = cardsArr[position];
    cardsArr[position] = cardsArr[i];
  }
  return newArr;
};
",
    },
    Example {
        id: "blog-inside-out",
        title: "\"Inside-Out\", \"洗牌算法问题\" (2016)",
        algorithm: "blog-inside-out",
        source: "\"洗牌算法问题\" (2016): the fourth shuffle block, as written",
        code: r"// As written in the post (its fourth block).
var shuffle = function(cardsArr){
  for(var i=cardsArr.length-1; i>0; i--){
    var temp = cardsArr[i];
    var j = Math.floor(Math.random()*i);
    cardsArr[i] = cardsArr[j];
    cardsArr[j] = temp;
  }

  return cardsArr;
};
",
    },
    Example {
        id: "shuffle-swap",
        title: "shuffle_swap, jkisjk (2012, fair)",
        algorithm: "shuffle-swap",
        source: "jkisjk, cnblogs 2012: shuffle_swap, as written; it deals its own cards 0 … m−1",
        code: r"// As written in the post (comments translated); it builds its own deck.
function shuffle_swap(m) //shuffle //the swap method
{
  //make m cards
  var arr = new Array(m);
  for (var i=0; i<m; i++) {
    arr[i] = i;
  }
  //card i swaps places with any card up to it, one round
  for (var i=0; i<m; i++) {
    var rnd = Math.floor(Math.random()*(i+1)),
      temp = arr[rnd];
    arr[rnd] = arr[i];
    arr[i]=temp;
  }
  return arr;
}

function shuffle(deck) {
  return shuffle_swap(deck.length);
}
",
    },
];

/// The example `id`.
pub fn example(id: &str) -> Option<&'static Example> {
    EXAMPLES.iter().find(|e| e.id == id)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_example_names_a_registered_algorithm_and_defines_shuffle() {
        for e in &EXAMPLES {
            assert!(
                algorithms::registry::find(e.algorithm).is_ok(),
                "{}: {}",
                e.id,
                e.algorithm
            );
            assert!(
                e.code.contains("function shuffle(deck)")
                    || e.code.contains("var shuffle = function"),
                "{}",
                e.id
            );
        }
        let mut ids: Vec<&str> = EXAMPLES.iter().map(|e| e.id).collect();
        ids.sort_unstable();
        ids.dedup();
        assert_eq!(ids.len(), EXAMPLES.len(), "ids are unique");
    }
}
