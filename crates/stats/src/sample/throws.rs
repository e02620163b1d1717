//! How often a sort that may throw (Java's TimSort on a random
//! comparator) does, sampled on decks too long to enumerate.

use super::{CHUNK, Sampler, chunk_rng};
use algorithms::Throwing;
use rayon::prelude::*;

/// Runs `sort` `trials` times, each on the deck `0, 1, …, deck − 1`, and
/// counts the runs that throw. Chunk `c` of [`CHUNK`] runs draws from
/// [`chunk_rng`]`(seed, c)`, so the count is the same on any number of
/// threads.
pub fn throw_count<A: Throwing + Sync>(sort: &A, deck: usize, trials: u64, seed: u64) -> u64 {
    let identity: Vec<u32> = (0..deck as u32).collect();
    (0..trials.div_ceil(CHUNK))
        .into_par_iter()
        .map(|c| {
            let mut src = Sampler::new(chunk_rng(seed, c));
            let mut d = identity.clone();
            let runs = CHUNK.min(trials - c * CHUNK);
            (0..runs)
                .filter(|_| {
                    d.copy_from_slice(&identity);
                    sort.try_shuffle(&mut d, &mut src).is_err()
                })
                .count() as u64
        })
        .sum()
}

#[cfg(test)]
mod tests {
    use super::*;
    use algorithms::{ContractViolation, JavaComparator, JavaTimSort, Source};

    /// Throws when its first coin is heads.
    struct HalfThrows;
    impl Throwing for HalfThrows {
        fn try_shuffle<T: Copy, S: Source + ?Sized>(
            &self,
            _: &mut [T],
            src: &mut S,
        ) -> Result<(), ContractViolation> {
            if src.coin() {
                Err(ContractViolation)
            } else {
                Ok(())
            }
        }

        fn exception(&self) -> &'static str {
            "HalfThrows"
        }
    }

    #[test]
    fn a_sort_that_throws_half_the_time_is_counted_so() {
        // Binomial(40,000, 1/2): mean 20,000, standard deviation 100; a
        // count 6 deviations off is a false alarm once in 5·10^8 runs.
        let k = throw_count(&HalfThrows, 5, 40_000, 7);
        assert!((20_000i64 - k as i64).abs() < 600, "{k}");
    }

    #[test]
    fn the_count_does_not_depend_on_the_thread_count() {
        let sort = JavaTimSort {
            comparator: JavaComparator::NextInt3,
        };
        let count = |threads| {
            rayon::ThreadPoolBuilder::new()
                .num_threads(threads)
                .build()
                .unwrap()
                .install(|| throw_count(&sort, 64, 2 * CHUNK + 5, 3))
        };
        let one = count(1);
        assert!(one > 0, "no throw in {} sorts of 64", 2 * CHUNK + 5);
        assert_eq!(one, count(2));
    }
}
