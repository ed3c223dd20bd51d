//! Random tokens and strings from the thread's cryptographically secure generator: a leaf every
//! layer may import (configuration, tenancy, the domain).

/// A random URL-safe token of `length` characters (6 random bits each).
pub fn random_token(length: usize) -> String {
    random_string(b"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_", length)
}

/// `length` characters drawn evenly and independently from `alphabet` (ASCII), from the thread's
/// cryptographically secure generator.
pub fn random_string(alphabet: &[u8], length: usize) -> String {
    use rand::Rng;
    let mut rng = rand::rng();
    (0..length).map(|_| alphabet[rng.random_range(0..alphabet.len())] as char).collect()
}
