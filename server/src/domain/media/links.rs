//! Links to a message's medium (docs/media.md#downloads). An `<img>` or `<audio>` cannot send a
//! bearer token, so the link is its own authentication: `/api/media/{token}`, where the token is
//! the message id, the variant and the expiry, with an HMAC-SHA256 of those and the tenant's name
//! under a key derived from the server's secrets key. Nothing in it can be guessed or moved to
//! another message, variant or tenant, and it lapses after [`TTL`].
//!
//! Links are issued only inside a message's view, and views are built only for whoever the
//! ticket's viewer rule lets read the message (its page, its events' audience). The key is the
//! process's ([`install`], at start), the same on every replica that shares the secrets key.

use std::sync::OnceLock;

use base64::{Engine, engine::general_purpose::URL_SAFE_NO_PAD};
use chrono::{DateTime, Utc};
use hmac::{Hmac, Mac};
use sha2::Sha256;

/// How long a link stays good.
pub const TTL: chrono::Duration = chrono::Duration::hours(1);
/// How long a link handed to a provider to fetch our medium stays good (it may queue the send).
pub const PROVIDER_TTL: chrono::Duration = chrono::Duration::hours(24);

const MAC_BYTES: usize = 16;
const PAYLOAD_BYTES: usize = 4 + 1 + 8;

/// Which bytes a link serves.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Variant {
    Original,
    Thumbnail,
}

/// What a good token names.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Target {
    pub message_id: i32,
    pub variant: Variant,
}

/// The keys links are signed with (first) and checked against (all: the previous secrets key's
/// too, during a rotation).
struct Keys(Vec<[u8; 32]>);

static KEYS: OnceLock<Keys> = OnceLock::new();

/// Sets the process's link keys; the first call wins (servers and workers of one process share
/// them). Derived by the caller from the secrets key (`Secrets::derive("media-links")`).
pub fn install(keys: Vec<[u8; 32]>) {
    if !keys.is_empty() {
        let _ = KEYS.set(Keys(keys));
    }
}

fn keys() -> &'static [[u8; 32]] {
    // A process that never installed keys (a tool) signs with a random key of its own: its links
    // open nowhere else, which is all such a process needs.
    &KEYS
        .get_or_init(|| {
            let mut key = [0u8; 32];
            rand::Rng::fill(&mut rand::rng(), &mut key);
            Keys(vec![key])
        })
        .0
}

fn mac(key: &[u8; 32], tenant: &str, payload: &[u8]) -> [u8; MAC_BYTES] {
    let mut mac = <Hmac<Sha256> as Mac>::new_from_slice(key).expect("HMAC takes any key length");
    mac.update(tenant.as_bytes());
    mac.update(&[0]);
    mac.update(payload);
    let full = mac.finalize().into_bytes();
    let mut out = [0u8; MAC_BYTES];
    out.copy_from_slice(&full[..MAC_BYTES]);
    out
}

/// A token for `target` on `tenant`'s host, good until `expires`.
pub fn token(tenant: &str, target: Target, expires: DateTime<Utc>) -> String {
    let mut payload = Vec::with_capacity(PAYLOAD_BYTES + MAC_BYTES);
    payload.extend_from_slice(&target.message_id.to_be_bytes());
    payload.push(match target.variant {
        Variant::Original => 0,
        Variant::Thumbnail => 1,
    });
    payload.extend_from_slice(&expires.timestamp().to_be_bytes());
    let signature = mac(&keys()[0], tenant, &payload);
    payload.extend_from_slice(&signature);
    URL_SAFE_NO_PAD.encode(payload)
}

/// The path of a link for `target`, good for [`TTL`] from now.
pub fn path(tenant: &str, target: Target) -> String {
    format!("/api/media/{}", token(tenant, target, Utc::now() + TTL))
}

/// What `token` names, when it is well formed, signed for `tenant` and not expired at `now`.
pub fn open(tenant: &str, token: &str, now: DateTime<Utc>) -> Option<Target> {
    if token.len() > 64 {
        return None;
    }
    let bytes = URL_SAFE_NO_PAD.decode(token).ok()?;
    if bytes.len() != PAYLOAD_BYTES + MAC_BYTES {
        return None;
    }
    let (payload, signature) = bytes.split_at(PAYLOAD_BYTES);
    let signed = keys().iter().any(|key| {
        use subtle::ConstantTimeEq;
        bool::from(mac(key, tenant, payload).ct_eq(signature))
    });
    if !signed {
        return None;
    }
    let message_id = i32::from_be_bytes(payload[0..4].try_into().ok()?);
    let variant = match payload[4] {
        0 => Variant::Original,
        1 => Variant::Thumbnail,
        _ => return None,
    };
    let expires = i64::from_be_bytes(payload[5..13].try_into().ok()?);
    (now.timestamp() < expires).then_some(Target { message_id, variant })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_token_opens_only_on_its_tenant_until_it_expires() {
        let target = Target { message_id: 42, variant: Variant::Thumbnail };
        let now = Utc::now();
        let token = token("acme", target, now + TTL);
        assert_eq!(open("acme", &token, now), Some(target));
        assert_eq!(open("globex", &token, now), None, "another tenant's host");
        assert_eq!(open("acme", &token, now + TTL + chrono::Duration::seconds(1)), None, "expired");
    }

    #[test]
    fn a_changed_token_opens_nothing() {
        let target = Target { message_id: 7, variant: Variant::Original };
        let good = token("acme", target, Utc::now() + TTL);
        let mut bytes = URL_SAFE_NO_PAD.decode(&good).unwrap();
        // Point it at message 8: the signature no longer matches.
        bytes[3] ^= 0x0f;
        assert_eq!(open("acme", &URL_SAFE_NO_PAD.encode(&bytes), Utc::now()), None);
        assert_eq!(open("acme", "", Utc::now()), None);
        assert_eq!(open("acme", "not base64 at all!", Utc::now()), None);
        assert_eq!(open("acme", &"A".repeat(200), Utc::now()), None);
        // Two links to one message differ only by their expiry, never guessable from each other.
        assert_ne!(token("acme", target, Utc::now() + TTL), token("acme", target, Utc::now() + TTL * 2));
    }
}
