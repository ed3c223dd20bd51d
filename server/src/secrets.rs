//! Secrets at rest (docs/operations.md#secrets-at-rest): two-factor seeds, instance provider
//! secrets and webhook signing secrets are stored sealed with AES-256-GCM under `SECRETS_KEY`, so a
//! copy of the database (a backup, a stolen disk, a read-only SQL injection) does not give them
//! away.
//!
//! A sealed value reads `enc:v1:<base64 of nonce ‖ ciphertext ‖ tag>`; the tenant name is bound as
//! associated data, so a value copied into another tenant's database does not open there. Opening
//! tries the current key, then `SECRETS_KEY_PREVIOUS` (during a rotation). A value without the
//! prefix is a legacy plain one: it opens as itself and `backoffice-cli migrate` seals it.

use aes_gcm::{
    Aes256Gcm, Key, KeyInit, Nonce,
    aead::{Aead, AeadCore, OsRng, Payload},
};
use base64::{Engine, engine::general_purpose::STANDARD};

const PREFIX: &str = "enc:v1:";
const KEY_FORMAT: &str = "must be 32 random bytes, as base64 (e.g. `openssl rand -base64 32`) or 64 hex digits";
const NONCE_BYTES: usize = 12;

/// Why a sealed value could not be opened.
#[derive(Debug, thiserror::Error)]
pub enum SecretError {
    #[error("o segredo guardado não abre com SECRETS_KEY nem com SECRETS_KEY_PREVIOUS")]
    WrongKey,
    #[error("o segredo guardado está corrompido")]
    Corrupt,
}

/// A key, parsed from configuration.
#[derive(Clone)]
pub struct SecretKey(Key<Aes256Gcm>);

impl SecretKey {
    /// 32 bytes given as base64 (44 characters) or hexadecimal (64 digits).
    pub fn parse(text: &str) -> Result<Self, String> {
        let text = text.trim();
        let bytes = if text.len() == 64 && text.bytes().all(|b| b.is_ascii_hexdigit()) {
            (0..32).map(|i| u8::from_str_radix(&text[2 * i..2 * i + 2], 16)).collect::<Result<Vec<u8>, _>>().ok()
        } else {
            STANDARD.decode(text).ok()
        };
        match bytes {
            Some(bytes) => match <[u8; 32]>::try_from(bytes.as_slice()) {
                Ok(array) => Ok(Self(Key::<Aes256Gcm>::from(array))),
                Err(_) => Err(KEY_FORMAT.into()),
            },
            None => Err(KEY_FORMAT.into()),
        }
    }

    /// A new random key, as base64 (what `SECRETS_KEY` is generated as).
    pub fn generate() -> String {
        STANDARD.encode(Aes256Gcm::generate_key(OsRng))
    }
}

impl std::fmt::Debug for SecretKey {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("SecretKey(***)")
    }
}

/// The keys secrets are sealed and opened with.
#[derive(Clone, Debug)]
pub struct Secrets {
    current: SecretKey,
    previous: Option<SecretKey>,
}

impl Secrets {
    pub fn new(current: SecretKey, previous: Option<SecretKey>) -> Self {
        Self { current, previous }
    }

    /// Seals `plain` for the tenant `scope`.
    pub fn seal(&self, scope: &str, plain: &str) -> String {
        let cipher = Aes256Gcm::new(&self.current.0);
        let nonce = Aes256Gcm::generate_nonce(OsRng);
        // Encryption with a fresh nonce and a valid key does not fail; an empty result would.
        let sealed =
            cipher.encrypt(&nonce, Payload { msg: plain.as_bytes(), aad: scope.as_bytes() }).unwrap_or_default();
        let mut out = nonce.to_vec();
        out.extend_from_slice(&sealed);
        format!("{PREFIX}{}", STANDARD.encode(out))
    }

    /// Opens a value stored for `scope` (a legacy plain value opens as itself).
    pub fn open(&self, scope: &str, stored: &str) -> Result<String, SecretError> {
        let Some(encoded) = stored.strip_prefix(PREFIX) else { return Ok(stored.to_owned()) };
        let bytes = STANDARD.decode(encoded).map_err(|_| SecretError::Corrupt)?;
        if bytes.len() <= NONCE_BYTES {
            return Err(SecretError::Corrupt);
        }
        let (nonce, sealed) = bytes.split_at(NONCE_BYTES);
        for key in std::iter::once(&self.current).chain(self.previous.as_ref()) {
            let nonce: [u8; NONCE_BYTES] = nonce.try_into().map_err(|_| SecretError::Corrupt)?;
            let opened =
                Aes256Gcm::new(&key.0).decrypt(&Nonce::from(nonce), Payload { msg: sealed, aad: scope.as_bytes() });
            if let Ok(plain) = opened {
                return String::from_utf8(plain).map_err(|_| SecretError::Corrupt);
            }
        }
        Err(SecretError::WrongKey)
    }

    /// Keys for `purpose` derived from the current key, then the previous one (HMAC-SHA256 of the
    /// purpose): signatures made with the first still check during a rotation.
    pub fn derive(&self, purpose: &str) -> Vec<[u8; 32]> {
        use hmac::{Hmac, Mac};
        std::iter::once(&self.current)
            .chain(self.previous.as_ref())
            .map(|key| {
                let mut mac = <Hmac<sha2::Sha256> as Mac>::new_from_slice(&key.0[..]).expect("any key length");
                mac.update(b"derive:");
                mac.update(purpose.as_bytes());
                mac.finalize().into_bytes().into()
            })
            .collect()
    }

    /// Whether a stored value is sealed with the current key (rotation and migration skip those).
    pub fn is_current(&self, scope: &str, stored: &str) -> bool {
        stored.starts_with(PREFIX) && Self::new(self.current.clone(), None).open(scope, stored).is_ok()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn key() -> SecretKey {
        SecretKey::parse(&SecretKey::generate()).unwrap()
    }

    #[test]
    fn a_sealed_secret_opens_only_for_its_tenant_and_never_shows_in_clear() {
        let secrets = Secrets::new(key(), None);
        let sealed = secrets.seal("acme", "JBSWY3DPEHPK3PXP");
        assert!(sealed.starts_with("enc:v1:") && !sealed.contains("JBSWY3DPEHPK3PXP"));
        assert_eq!(secrets.open("acme", &sealed).unwrap(), "JBSWY3DPEHPK3PXP");
        assert!(matches!(secrets.open("beta", &sealed), Err(SecretError::WrongKey)));
        assert_ne!(sealed, secrets.seal("acme", "JBSWY3DPEHPK3PXP"), "a fresh nonce each time");
    }

    #[test]
    fn after_a_rotation_old_values_open_with_the_previous_key() {
        let (old, new) = (key(), key());
        let sealed = Secrets::new(old.clone(), None).seal("acme", "segredo");
        let rotated = Secrets::new(new, Some(old));
        assert_eq!(rotated.open("acme", &sealed).unwrap(), "segredo");
        assert!(!rotated.is_current("acme", &sealed));
        assert!(rotated.is_current("acme", &rotated.seal("acme", "segredo")));
    }

    #[test]
    fn keys_are_32_bytes_in_base64_or_hex() {
        assert!(SecretKey::parse(&"ab".repeat(32)).is_ok());
        assert!(SecretKey::parse("curta").is_err());
        assert!(SecretKey::parse(&STANDARD.encode([7u8; 16])).is_err());
    }
}
