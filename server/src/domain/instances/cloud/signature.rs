//! How Meta authenticates its webhook (docs/providers.md#cloud-webhook): the subscription handshake
//! echoes `hub.challenge` when `hub.verify_token` is the instance's; every delivery is signed
//! `X-Hub-Signature-256: sha256=<hex of HMAC-SHA256(app secret, raw body)>`, compared in constant
//! time. Meta's signature carries no timestamp: a replayed delivery is harmless because every event
//! in it is recorded by its own id (`domain::inbox::cloud_webhook`).

use hmac::{Hmac, Mac};
use sha2::Sha256;
use subtle::ConstantTimeEq;

/// The longest header a genuine delivery carries (`sha256=` and 64 hex digits), with room.
pub const MAX_HEADER: usize = 128;

/// Whether the handshake's token is the instance's (constant time).
pub fn token_matches(given: &str, expected: &str) -> bool {
    !expected.is_empty() && bool::from(given.as_bytes().ct_eq(expected.as_bytes()))
}

/// Checks `header` against the body's MAC under `app_secret`.
pub fn verify(app_secret: &str, header: Option<&str>, body: &[u8]) -> Result<(), &'static str> {
    let header = header.ok_or("sem X-Hub-Signature-256")?;
    if header.len() > MAX_HEADER {
        return Err("X-Hub-Signature-256 longo demais");
    }
    let hex = header.trim().strip_prefix("sha256=").ok_or("X-Hub-Signature-256 sem sha256=")?;
    let given = decode_hex(hex).ok_or("X-Hub-Signature-256 não é hexadecimal")?;
    let expected = sign(app_secret, body);
    if bool::from(given.as_slice().ct_eq(&expected[..])) { Ok(()) } else { Err("assinatura não confere") }
}

/// The MAC Meta sends for `body` (tests and the simulator sign with it).
pub fn sign(app_secret: &str, body: &[u8]) -> [u8; 32] {
    let mut mac = <Hmac<Sha256> as Mac>::new_from_slice(app_secret.as_bytes()).expect("HMAC takes keys of any length");
    mac.update(body);
    mac.finalize().into_bytes().into()
}

/// `sha256=<hex>` for `body`.
pub fn header_for(app_secret: &str, body: &[u8]) -> String {
    let digest = sign(app_secret, body);
    let hex: String = digest.iter().map(|b| format!("{b:02x}")).collect();
    format!("sha256={hex}")
}

fn decode_hex(text: &str) -> Option<Vec<u8>> {
    if text.len() != 64 {
        return None;
    }
    (0..text.len()).step_by(2).map(|i| text.get(i..i + 2).and_then(|pair| u8::from_str_radix(pair, 16).ok())).collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_signature_holds_only_for_its_body_and_secret() {
        let body = br#"{"object":"whatsapp_business_account","entry":[]}"#;
        let header = header_for("app-secret", body);
        assert!(verify("app-secret", Some(&header), body).is_ok());
        assert!(verify("other-secret", Some(&header), body).is_err());
        assert!(verify("app-secret", Some(&header), b"{}").is_err());
        assert!(verify("app-secret", Some(&header.to_uppercase()), body).is_err(), "the prefix is case-sensitive");
        assert!(verify("app-secret", Some("sha256=zz"), body).is_err());
        assert!(verify("app-secret", None, body).is_err());
    }

    #[test]
    fn the_handshake_token_must_match_exactly() {
        assert!(token_matches("abc", "abc"));
        assert!(!token_matches("abcd", "abc"));
        assert!(!token_matches("", ""));
    }
}
