//! The input a certificate speaks of: the SHA-256 of every byte read.

use sha2::{Digest, Sha256};

/// A reader that computes the SHA-256 of every byte read through it.
#[derive(Debug)]
pub struct Hashing<R> {
    inner: R,
    hasher: Sha256,
    bytes: u64,
}

impl<R> Hashing<R> {
    /// `inner`, hashed as it is read.
    pub fn new(inner: R) -> Self {
        Hashing {
            inner,
            hasher: Sha256::new(),
            bytes: 0,
        }
    }

    /// The digest in lowercase hexadecimal, and the number of bytes.
    pub fn finish(self) -> (String, u64) {
        let digest = self.hasher.finalize();
        let hex = digest.iter().map(|b| format!("{b:02x}")).collect();
        (hex, self.bytes)
    }
}

impl<R: std::io::Read> std::io::Read for Hashing<R> {
    fn read(&mut self, buf: &mut [u8]) -> std::io::Result<usize> {
        let k = self.inner.read(buf)?;
        self.hasher.update(&buf[..k]);
        self.bytes += k as u64;
        Ok(k)
    }
}
