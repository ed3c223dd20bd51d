//! Passwords: argon2id hashing off the async runtime, and the strength score of docs/contracts.md#password-strength.
//!
//! Hashing costs ~19 MiB and tens of milliseconds by design, so it runs on blocking threads behind
//! a semaphore sized to the cores: a burst of logins queues instead of exhausting memory.

use std::sync::LazyLock;

use argon2::{
    Algorithm, Argon2, Params, PasswordHash, PasswordHasher, PasswordVerifier, Version,
    password_hash::{SaltString, rand_core::OsRng},
};
use tokio::sync::Semaphore;

/// OWASP's argon2id recommendation: 19 MiB, 2 iterations, 1 lane.
pub const MEMORY_KIB: u32 = 19 * 1024;
pub const ITERATIONS: u32 = 2;
pub const LANES: u32 = 1;

static HASHING: LazyLock<Semaphore> =
    LazyLock::new(|| Semaphore::new(std::thread::available_parallelism().map(|n| n.get()).unwrap_or(2)));

fn argon2() -> Argon2<'static> {
    let params = Params::new(MEMORY_KIB, ITERATIONS, LANES, None).expect("constant argon2 parameters are valid");
    Argon2::new(Algorithm::Argon2id, Version::V0x13, params)
}

/// Hashes a password into a PHC string (`$argon2id$v=19$m=19456,t=2,p=1$...`).
pub async fn hash(password: &str) -> String {
    let password = password.to_owned();
    run_limited(move || {
        let salt = SaltString::generate(&mut OsRng);
        argon2()
            .hash_password(password.as_bytes(), &salt)
            .map(|hash| hash.to_string())
            .expect("argon2 hashing with valid parameters cannot fail")
    })
    .await
}

/// Outcome of checking a password against a stored hash.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Verified {
    No,
    Yes,
    /// Correct, but hashed with weaker parameters than today's: store a new hash.
    YesRehash,
}

/// Checks a password in constant time. A malformed stored hash counts as a mismatch.
pub async fn verify(password: &str, stored: &str) -> Verified {
    let password = password.to_owned();
    let stored = stored.to_owned();
    run_limited(move || {
        let Ok(parsed) = PasswordHash::new(&stored) else {
            return Verified::No;
        };
        if argon2().verify_password(password.as_bytes(), &parsed).is_err() {
            return Verified::No;
        }
        let current = Params::try_from(&parsed).ok();
        let weaker = current.is_none_or(|p| p.m_cost() < MEMORY_KIB || p.t_cost() < ITERATIONS || p.p_cost() < LANES);
        if parsed.algorithm.as_str() != "argon2id" || weaker { Verified::YesRehash } else { Verified::Yes }
    })
    .await
}

async fn run_limited<T: Send + 'static>(work: impl FnOnce() -> T + Send + 'static) -> T {
    let _permit = HASHING.acquire().await.expect("the hashing semaphore is never closed");
    match tokio::task::spawn_blocking(work).await {
        Ok(value) => value,
        Err(join) => std::panic::resume_unwind(join.into_panic()),
    }
}

/// Password strength by the exact rule of docs/contracts.md#password-strength: 50 weak, 75 medium, 100 strong.
pub fn strength(password: &str) -> u8 {
    let chars: Vec<char> = password.chars().collect();
    if chars.len() < 8 || has_run_of_three(&chars) || has_sequence_of_three(&chars) {
        return 50;
    }
    let specials = chars.iter().filter(|c| !c.is_alphanumeric()).count();
    let lower = chars.iter().any(|c| c.is_lowercase());
    let upper = chars.iter().any(|c| c.is_uppercase());
    if specials >= 2 && lower && upper { 100 } else { 75 }
}

/// The minimum strength accepted for a new password (medium).
pub const MIN_STRENGTH: u8 = 75;

fn has_run_of_three(chars: &[char]) -> bool {
    chars.windows(3).any(|w| w[0] == w[1] && w[1] == w[2])
}

/// Three consecutive ascending digits or letters (`012`, `abc`, `ABC`, `xYz`).
fn has_sequence_of_three(chars: &[char]) -> bool {
    chars.windows(3).any(|w| {
        let same_kind = w.iter().all(|c| c.is_ascii_digit()) || w.iter().all(|c| c.is_ascii_alphabetic());
        let codes: Vec<u32> = w.iter().map(|c| u32::from(c.to_ascii_lowercase())).collect();
        same_kind && codes[1] == codes[0] + 1 && codes[2] == codes[1] + 1
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn strength_follows_the_spec_rule() {
        assert_eq!(strength("Ab!@x9"), 50, "short");
        assert_eq!(strength("Paaassword!!"), 50, "aaa repeated");
        assert_eq!(strength("Pass012word!!"), 50, "012 sequence");
        assert_eq!(strength("xABCpword!!"), 50, "ABC sequence, case-insensitive");
        assert_eq!(strength("passwordx"), 75, "medium: no specials");
        assert_eq!(strength("Passw0rd!"), 75, "medium: one special");
        assert_eq!(strength("Pa$sw0rd!"), 100, "strong");
        assert_eq!(strength("210cba!!Xy"), 100, "descending runs are not sequences");
    }

    #[tokio::test]
    async fn a_hash_verifies_only_its_password() {
        let stored = hash("Senha#Forte!9").await;
        assert!(stored.starts_with("$argon2id$v=19$m=19456,t=2,p=1$"));
        assert_eq!(verify("Senha#Forte!9", &stored).await, Verified::Yes);
        assert_eq!(verify("senha#forte!9", &stored).await, Verified::No);
        assert_eq!(verify("x", "not a hash").await, Verified::No);
    }

    #[tokio::test]
    async fn weaker_hashes_ask_for_a_rehash() {
        let weak = Argon2::new(Algorithm::Argon2id, Version::V0x13, Params::new(8192, 1, 1, None).unwrap())
            .hash_password(b"Senha#Forte!9", &SaltString::generate(&mut OsRng))
            .unwrap()
            .to_string();
        assert_eq!(verify("Senha#Forte!9", &weak).await, Verified::YesRehash);
    }
}
