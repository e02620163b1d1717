//! The pending runs of a TimSort, with powersort's power of each.

/// `kMaxMergePending`: the most pending runs (enough for `2^64` elements).
const MAX_MERGE_PENDING: usize = 85;

/// The stack of pending runs, `(base, length)`, and each run's power
/// (powersort's; 0 until it is given one), in place: a sort of a short
/// deck pushes one run and merges none, and allocates nothing.
pub(super) struct RunStack {
    runs: [(usize, usize); MAX_MERGE_PENDING],
    powers: [u32; MAX_MERGE_PENDING],
    len: usize,
}

impl Default for RunStack {
    fn default() -> Self {
        RunStack {
            runs: [(0, 0); MAX_MERGE_PENDING],
            powers: [0; MAX_MERGE_PENDING],
            len: 0,
        }
    }
}

impl RunStack {
    pub(super) fn len(&self) -> usize {
        self.len
    }

    pub(super) fn push(&mut self, run: (usize, usize)) {
        self.runs[self.len] = run;
        self.powers[self.len] = 0;
        self.len += 1;
    }

    /// Removes run `i`, sliding the ones above it down with their powers
    /// (CPython's `pending[i+1] = pending[i+2]`).
    pub(super) fn remove(&mut self, i: usize) {
        self.runs.copy_within(i + 1..self.len, i);
        self.powers.copy_within(i + 1..self.len, i);
        self.len -= 1;
    }

    /// Run `i`'s power.
    pub(super) fn power(&self, i: usize) -> u32 {
        self.powers[..self.len][i]
    }

    /// Gives run `i` its power.
    pub(super) fn set_power(&mut self, i: usize, power: u32) {
        self.powers[..self.len][i] = power;
    }
}

impl std::ops::Index<usize> for RunStack {
    type Output = (usize, usize);
    fn index(&self, i: usize) -> &(usize, usize) {
        &self.runs[..self.len][i]
    }
}

impl std::ops::IndexMut<usize> for RunStack {
    fn index_mut(&mut self, i: usize) -> &mut (usize, usize) {
        &mut self.runs[..self.len][i]
    }
}

/// `powerloop(s1, n1, n2, n)` (CPython 3.11): the power of the run of
/// `n1` elements at `s1` followed by one of `n2`, in a list of `n`: the
/// first bit at which the binary fractions of the two runs' midpoints
/// (`(s1 + n1/2) / n` and `(s1 + n1 + n2/2) / n`) differ, counted from 1;
/// on doubled midpoints, so that every step is an integer.
pub(super) fn powerloop(s1: usize, n1: usize, n2: usize, n: usize) -> u32 {
    let mut result = 0;
    let mut a = 2 * s1 + n1;
    let mut b = a + n1 + n2;
    loop {
        result += 1;
        if a >= n {
            a -= n;
            b -= n;
        } else if b >= n {
            break;
        }
        a <<= 1;
        b <<= 1;
    }
    result
}
