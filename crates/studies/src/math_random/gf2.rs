//! Linear algebra over GF(2) in 128 unknowns: the two tools reading V8's
//! state back needs, each with its own tests.
//!
//! An unknown is a bit of the generator's start, `x = (s0, s1)` as one
//! `u128` (bits 0..64 `s0`, 64..128 `s1`); a linear form over them is a
//! `u128` mask, whose value at `x` is the parity of `mask & x`.

/// A 64-bit word as 64 linear forms in the 128 unknowns: bit `i` of the
/// word is the parity of the unknowns set in `self.0[i]`. Shifts and
/// exclusive ors of words, all xorshift128+ does, stay linear.
#[derive(Clone, Copy)]
pub(super) struct Linear(pub(super) [u128; 64]);

impl Linear {
    /// Word `which` (0: `s0`, 1: `s1`) of the unknown start itself.
    pub(super) fn start(which: usize) -> Linear {
        Linear(std::array::from_fn(|i| 1u128 << (64 * which + i)))
    }

    pub(super) fn shl(&self, by: usize) -> Linear {
        let mut out = [0; 64];
        out[by..].copy_from_slice(&self.0[..64 - by]);
        Linear(out)
    }

    pub(super) fn shr(&self, by: usize) -> Linear {
        let mut out = [0; 64];
        out[..64 - by].copy_from_slice(&self.0[by..]);
        Linear(out)
    }

    pub(super) fn xor(mut self, other: &Linear) -> Linear {
        for (a, b) in self.0.iter_mut().zip(&other.0) {
            *a ^= b;
        }
        self
    }

    /// The word's value when the unknowns are `x`.
    #[cfg(test)]
    fn at(&self, x: u128) -> u64 {
        (0..64).fold(0, |w, i| w | u64::from(parity(self.0[i] & x)) << i)
    }
}

/// Whether `bits` holds an odd number of ones.
fn parity(bits: u128) -> bool {
    bits.count_ones() & 1 == 1
}

/// Linear equations `mask · x = value` in 128 unknowns, kept in echelon
/// form: row `p`, when present, has its highest bit at `p`.
pub(super) struct Echelon {
    rows: [Option<(u128, bool)>; 128],
    /// How many independent equations were added.
    pub(super) rank: u32,
}

impl Echelon {
    /// No equation yet: every `x` solves it.
    pub(super) fn new() -> Self {
        Echelon {
            rows: [None; 128],
            rank: 0,
        }
    }

    /// Adds `mask · x = value`; `false` when it contradicts the others
    /// (the system is then left as it was).
    pub(super) fn add(&mut self, mut mask: u128, mut value: bool) -> bool {
        while mask != 0 {
            let p = 127 - mask.leading_zeros() as usize;
            match self.rows[p] {
                Some((m, v)) => {
                    mask ^= m;
                    value ^= v;
                }
                None => {
                    self.rows[p] = Some((mask, value));
                    self.rank += 1;
                    return true;
                }
            }
        }
        !value
    }

    /// The solution with every free unknown at the bits of `choice`, taken
    /// in the order of `free` (lowest first); of the system with every
    /// value 0 when `homogeneous`.
    pub(super) fn solve(&self, homogeneous: bool, free: &[usize], choice: u128) -> u128 {
        let mut x = 0u128;
        for (b, &f) in free.iter().enumerate() {
            if choice >> b & 1 == 1 {
                x |= 1 << f;
            }
        }
        for p in 0..128 {
            if let Some((mask, value)) = self.rows[p] {
                let rest = (mask & !(1u128 << p)) & x;
                if parity(rest) ^ (value && !homogeneous) {
                    x |= 1 << p;
                }
            }
        }
        x
    }

    /// The unknowns no row leads: `128 − rank` of them.
    pub(super) fn free(&self) -> Vec<usize> {
        (0..128).filter(|&p| self.rows[p].is_none()).collect()
    }

    /// Every solution, as one solution plus any sum of the vectors of a
    /// basis of the system with every value 0 (one vector per free
    /// unknown, lowest first): `2^(128 − rank)` of them.
    pub(super) fn affine(&self) -> (u128, Vec<u128>) {
        let free = self.free();
        let particular = self.solve(false, &free, 0);
        let basis = (0..free.len())
            .map(|b| self.solve(true, &free, 1 << b))
            .collect();
        (particular, basis)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    /// Every solution of a small system, by trying every `x` over the
    /// unknowns `0..bits`.
    fn brute(equations: &[(u128, bool)], bits: u32) -> Vec<u128> {
        (0..1u128 << bits)
            .filter(|&x| equations.iter().all(|&(m, v)| parity(m & x) == v))
            .collect()
    }

    /// Every solution [`Echelon::affine`] gives over the unknowns
    /// `0..bits` (the basis vectors of the free unknowns above them are
    /// left out).
    fn enumerated(system: &Echelon, bits: u32) -> Vec<u128> {
        let (particular, basis) = system.affine();
        let basis: Vec<u128> = basis.into_iter().filter(|v| v >> bits == 0).collect();
        let mut all: Vec<u128> = (0..1u64 << basis.len())
            .map(|c| {
                basis
                    .iter()
                    .enumerate()
                    .filter(|(b, _)| c >> b & 1 == 1)
                    .fold(particular, |x, (_, v)| x ^ v)
            })
            .collect();
        all.sort_unstable();
        all
    }

    #[test]
    fn a_contradiction_is_refused_and_a_repeat_adds_nothing() {
        let mut s = Echelon::new();
        assert!(s.add(0b011, true));
        assert!(s.add(0b110, false));
        assert_eq!(s.rank, 2);
        // x0 ^ x2 follows from the two: 1 agrees, 0 contradicts.
        assert!(s.add(0b101, true));
        assert_eq!(s.rank, 2);
        assert!(!s.add(0b101, false));
        assert_eq!(s.rank, 2);
        assert_eq!(s.free().len(), 126);
        // 0 = 1 is no equation any x solves; 0 = 0 is every x's.
        assert!(!s.add(0, true));
        assert!(s.add(0, false));
    }

    proptest! {
        /// Over 10 unknowns, the echelon form keeps exactly the solutions
        /// of the equations it accepted, and refuses an equation exactly
        /// when no solution of the others meets it.
        #[test]
        fn the_solutions_are_those_of_the_equations(
            equations in prop::collection::vec((0u128..1 << 10, any::<bool>()), 0..16)
        ) {
            let mut system = Echelon::new();
            let mut kept = Vec::new();
            for &(m, v) in &equations {
                let before = brute(&kept, 10);
                let solvable = before.iter().any(|&x| parity(m & x) == v);
                prop_assert_eq!(system.add(m, v), solvable);
                if solvable {
                    kept.push((m, v));
                }
            }
            prop_assert_eq!(system.free().len(), 128 - system.rank as usize);
            prop_assert_eq!(enumerated(&system, 10), brute(&kept, 10));
        }

        /// A word's linear forms follow its bits through shifts and
        /// exclusive ors, as xorshift128+ moves them.
        #[test]
        fn linear_words_follow_their_values(x in any::<u128>(), by in 1usize..64) {
            let (s0, s1) = (Linear::start(0), Linear::start(1));
            let (a, b) = (x as u64, (x >> 64) as u64);
            prop_assert_eq!(s0.at(x), a);
            prop_assert_eq!(s1.at(x), b);
            prop_assert_eq!(s0.shl(by).at(x), a << by);
            prop_assert_eq!(s1.shr(by).at(x), b >> by);
            prop_assert_eq!(s0.xor(&s1.shr(by)).at(x), a ^ (b >> by));
        }
    }
}
