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

fn cores() -> usize {
    std::thread::available_parallelism().map(|n| n.get()).unwrap_or(2)
}

/// The process's hashing threads: one per core.
static HASHING: LazyLock<Semaphore> = LazyLock::new(|| Semaphore::new(cores()));

/// Each tenant's share of [`HASHING`]: all cores but one, so that a tenant hashing without pause
/// (a flood of logins or password changes, a large user import) always leaves a core to the
/// others' logins. Tenants are spread over a fixed set of stripes (no map that grows with
/// tenants); two tenants sharing a stripe share its budget, which is rare and still fair to the
/// rest.
static BUDGETS: LazyLock<Vec<Semaphore>> =
    LazyLock::new(|| (0..STRIPES).map(|_| Semaphore::new(cores().saturating_sub(1).max(1))).collect());

const STRIPES: usize = 64;

/// The budget of hashes that belong to no tenant's logins (accounts being created).
pub const NEW_ACCOUNTS: &str = "*new-accounts*";

fn budget(tenant: &str) -> &'static Semaphore {
    use std::hash::{BuildHasher, BuildHasherDefault, DefaultHasher};
    let stripe = BuildHasherDefault::<DefaultHasher>::default().hash_one(tenant) as usize % STRIPES;
    &BUDGETS[stripe]
}

fn argon2() -> Argon2<'static> {
    let params = Params::new(MEMORY_KIB, ITERATIONS, LANES, None).expect("constant argon2 parameters are valid");
    Argon2::new(Algorithm::Argon2id, Version::V0x13, params)
}

/// Hashes a password into a PHC string (`$argon2id$v=19$m=19456,t=2,p=1$...`), on the hashing
/// budget of `tenant`.
pub async fn hash(tenant: &str, password: &str) -> String {
    let password = password.to_owned();
    run_limited(tenant, move || {
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

/// Checks a password in constant time, on the hashing budget of `tenant`. A malformed stored
/// hash counts as a mismatch.
pub async fn verify(tenant: &str, password: &str, stored: &str) -> Verified {
    let password = password.to_owned();
    let stored = stored.to_owned();
    run_limited(tenant, move || {
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

async fn run_limited<T: Send + 'static>(tenant: &str, work: impl FnOnce() -> T + Send + 'static) -> T {
    // The tenant's share first: a tenant's queue waits there, holding none of the process's threads.
    let _share = budget(tenant).acquire().await.expect("the hashing semaphores are never closed");
    let _permit = HASHING.acquire().await.expect("the hashing semaphores are never closed");
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

    /// The one table of cases the web app's meter is tested with too
    /// (docs/contracts.md#password-strength): both sides give every password the same score.
    #[test]
    fn the_shared_table_scores_the_same_here_as_on_the_web() {
        #[derive(serde::Deserialize)]
        struct Case {
            password: String,
            score: u8,
        }
        let cases: Vec<Case> =
            serde_json::from_str(include_str!("../../../web/src/config/password-strength-cases.json")).unwrap();
        assert!(cases.len() >= 25, "the table covers the rule");
        let wrong: Vec<String> = cases
            .iter()
            .filter(|case| strength(&case.password) != case.score)
            .map(|case| format!("{:?}: {} here, {} in the table", case.password, strength(&case.password), case.score))
            .collect();
        assert!(wrong.is_empty(), "{wrong:#?}");
        assert_eq!(strength("Ação!xY9k"), 75, "accented letters count for their case; one special");
    }

    #[tokio::test]
    async fn a_hash_verifies_only_its_password() {
        let stored = hash("acme", "Senha#Forte!9").await;
        assert!(stored.starts_with("$argon2id$v=19$m=19456,t=2,p=1$"));
        assert_eq!(verify("acme", "Senha#Forte!9", &stored).await, Verified::Yes);
        assert_eq!(verify("acme", "senha#forte!9", &stored).await, Verified::No);
        assert_eq!(verify("acme", "x", "not a hash").await, Verified::No);
    }

    #[tokio::test]
    async fn weaker_hashes_ask_for_a_rehash() {
        let weak = Argon2::new(Algorithm::Argon2id, Version::V0x13, Params::new(8192, 1, 1, None).unwrap())
            .hash_password(b"Senha#Forte!9", &SaltString::generate(&mut OsRng))
            .unwrap()
            .to_string();
        assert_eq!(verify("acme", "Senha#Forte!9", &weak).await, Verified::YesRehash);
    }

    /// One tenant hashing without pause queues on its own share: another tenant's check starts
    /// on the core it leaves free instead of waiting behind the whole queue.
    #[tokio::test(flavor = "multi_thread", worker_threads = 2)]
    async fn a_tenant_flooding_the_hasher_leaves_room_for_another_tenant() {
        if cores() < 2 {
            return; // one core: one share, nothing to leave free
        }
        let stored = hash("acme", "Senha#Forte!9").await;
        // A tenant name on another stripe than "flood".
        let other = (0..).map(|n| format!("t{n}")).find(|t| !std::ptr::eq(budget(t), budget("flood"))).unwrap();
        let started = std::time::Instant::now();
        let flood: Vec<_> = (0..24)
            .map(|_| {
                let stored = stored.clone();
                tokio::spawn(async move { verify("flood", "errada", &stored).await })
            })
            .collect();
        tokio::time::sleep(std::time::Duration::from_millis(20)).await;
        let alone = std::time::Instant::now();
        assert_eq!(verify(&other, "Senha#Forte!9", &stored).await, Verified::Yes);
        let waited = alone.elapsed();
        for task in flood {
            task.await.unwrap();
        }
        let flood_took = started.elapsed();
        // With one shared queue the other tenant waits behind most of the 24 (on two cores, about
        // half of the flood's time); with shares it waits for at most one hash to finish.
        assert!(waited * 4 < flood_took, "the other tenant waited {waited:?} of the flood's {flood_took:?}");
    }
}
