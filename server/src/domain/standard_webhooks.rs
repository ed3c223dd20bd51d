//! Standard Webhooks signatures (https://www.standardwebhooks.com): `webhook-id`,
//! `webhook-timestamp` (Unix seconds) and `webhook-signature` — one or more space-separated
//! `v1,<base64 HMAC-SHA256 of "{id}.{timestamp}.{body}">`. Used to check what instance providers
//! push to us (docs/providers.md#inbound-events) and to sign the webhooks we deliver.
//!
//! The key is the secret's bytes: a `whsec_`-prefixed secret is base64-decoded (as the
//! specification says); any other string is used as it is.

use base64::{Engine, engine::general_purpose::STANDARD};
use chrono::{DateTime, Utc};
use hmac::{Hmac, Mac};
use sha2::Sha256;
use subtle::ConstantTimeEq;

/// How far a signed timestamp may be from now.
pub const TOLERANCE_SECONDS: i64 = 5 * 60;

/// Why a signed request is refused.
#[derive(Debug, Clone, Copy, PartialEq, Eq, thiserror::Error)]
pub enum SignatureError {
    #[error("cabeçalhos de assinatura ausentes ou malformados")]
    Missing,
    #[error("carimbo de tempo fora da janela de 5 minutos")]
    Stale,
    #[error("assinatura não confere")]
    Mismatch,
}

/// The key a secret stands for.
pub fn key_bytes(secret: &str) -> Vec<u8> {
    match secret.strip_prefix("whsec_") {
        Some(encoded) => STANDARD.decode(encoded).unwrap_or_else(|_| secret.as_bytes().to_vec()),
        None => secret.as_bytes().to_vec(),
    }
}

fn mac(key: &[u8], id: &str, timestamp: i64, body: &[u8]) -> Hmac<Sha256> {
    let mut mac = <Hmac<Sha256> as Mac>::new_from_slice(key).expect("HMAC takes keys of any length");
    mac.update(id.as_bytes());
    mac.update(b".");
    mac.update(timestamp.to_string().as_bytes());
    mac.update(b".");
    mac.update(body);
    mac
}

/// The `webhook-signature` value for one secret: `v1,<base64>`.
pub fn sign(secret: &str, id: &str, timestamp: i64, body: &[u8]) -> String {
    format!("v1,{}", STANDARD.encode(mac(&key_bytes(secret), id, timestamp, body).finalize().into_bytes()))
}

/// The most `v1,` entries a `webhook-signature` header may hold. A sender rotating its secret
/// signs with two or three at once; a header with more is refused unread, so that a forged request
/// costs what a genuine one does.
pub const MAX_SIGNATURES: usize = 8;

/// The longest `webhook-signature` header accepted: [`MAX_SIGNATURES`] entries of `v1,` and a
/// base64 SHA-256 (47 bytes each) with their spaces, and room to spare. Checked before the body
/// is read ([`header_fits`]).
pub const MAX_SIGNATURE_HEADER: usize = 512;

/// Whether a request's signature headers are small enough to be worth reading its body for: a
/// longer header is refused before anything else is done.
pub fn header_fits(id: Option<&str>, signature: Option<&str>) -> bool {
    id.is_none_or(|id| id.len() <= 200) && signature.is_none_or(|s| s.len() <= MAX_SIGNATURE_HEADER)
}

/// Checks a request's signature headers against `secret` at time `now`.
///
/// The body's MAC is computed once, whatever the header holds, and each candidate compared with
/// it in constant time: the cost of a refusal is one pass over the body (the body cap bounds it),
/// never one pass per entry (a 2 MB body with 4 000 entries took 8 s of a runtime worker).
pub fn verify(
    secret: &str,
    id: Option<&str>,
    timestamp: Option<&str>,
    signature: Option<&str>,
    body: &[u8],
    now: DateTime<Utc>,
) -> Result<(), SignatureError> {
    let (Some(id), Some(timestamp), Some(signature)) = (id, timestamp, signature) else {
        return Err(SignatureError::Missing);
    };
    if id.is_empty() || !header_fits(Some(id), Some(signature)) {
        return Err(SignatureError::Missing);
    }
    let timestamp: i64 = timestamp.trim().parse().map_err(|_| SignatureError::Missing)?;
    if (now.timestamp() - timestamp).abs() > TOLERANCE_SECONDS {
        return Err(SignatureError::Stale);
    }
    let candidates: Vec<Vec<u8>> = signature
        .split_whitespace()
        .filter_map(|candidate| match candidate.split_once(',') {
            Some(("v1", encoded)) => STANDARD.decode(encoded).ok(),
            _ => None,
        })
        .collect();
    if candidates.is_empty() || candidates.len() > MAX_SIGNATURES {
        return Err(SignatureError::Missing);
    }
    let expected = mac(&key_bytes(secret), id, timestamp, body).finalize().into_bytes();
    // `ct_eq` compares in constant time; every candidate is compared, matching or not.
    let matched =
        candidates.iter().fold(subtle::Choice::from(0), |any, given| any | given.as_slice().ct_eq(&expected[..]));
    if bool::from(matched) { Ok(()) } else { Err(SignatureError::Mismatch) }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The example of the Standard Webhooks specification's test vectors.
    #[test]
    fn the_specification_example_verifies() {
        let secret = "whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw";
        let body = br#"{"test": 2432232314}"#;
        let expected = "v1,g0hM9SsE+OTPJTGt/tmIKtSyZlE3uFJELVlNIOLJ1OE=";
        assert_eq!(sign(secret, "msg_p5jXN8AQM9LWM0D4loKWxJek", 1614265330, body), expected);
        let at = DateTime::from_timestamp(1614265330, 0).unwrap();
        assert_eq!(
            verify(secret, Some("msg_p5jXN8AQM9LWM0D4loKWxJek"), Some("1614265330"), Some(expected), body, at),
            Ok(())
        );
    }

    #[test]
    fn a_stale_timestamp_a_wrong_body_or_missing_headers_are_refused() {
        let now = Utc::now();
        let ts = now.timestamp();
        let good = sign("segredo", "evt_1", ts, b"{}");
        assert_eq!(verify("segredo", Some("evt_1"), Some(&ts.to_string()), Some(&good), b"{}", now), Ok(()));
        assert_eq!(
            verify("segredo", Some("evt_1"), Some(&ts.to_string()), Some(&good), b"{ }", now),
            Err(SignatureError::Mismatch)
        );
        let old = ts - 301;
        let stale = sign("segredo", "evt_1", old, b"{}");
        assert_eq!(
            verify("segredo", Some("evt_1"), Some(&old.to_string()), Some(&stale), b"{}", now),
            Err(SignatureError::Stale)
        );
        assert_eq!(
            verify("segredo", None, Some(&ts.to_string()), Some(&good), b"{}", now),
            Err(SignatureError::Missing)
        );
        // Several signatures (a secret being rotated): any one that matches is enough.
        let both = format!("v1,AAAA {good}");
        assert_eq!(verify("segredo", Some("evt_1"), Some(&ts.to_string()), Some(&both), b"{}", now), Ok(()));
    }

    #[test]
    fn a_header_with_more_entries_than_a_rotation_needs_is_refused_without_a_mac() {
        let now = Utc::now();
        let ts = now.timestamp().to_string();
        let good = sign("segredo", "evt_1", now.timestamp(), b"{}");
        let many = format!("{} {good}", ["v1,AAAA"; MAX_SIGNATURES].join(" "));
        assert_eq!(verify("segredo", Some("evt_1"), Some(&ts), Some(&many), b"{}", now), Err(SignatureError::Missing));
        let few = format!("{} {good}", ["v1,AAAA"; MAX_SIGNATURES - 1].join(" "));
        assert_eq!(verify("segredo", Some("evt_1"), Some(&ts), Some(&few), b"{}", now), Ok(()));
        assert!(!header_fits(Some("evt_1"), Some(&"v1,AAAA ".repeat(100))));
    }
}
