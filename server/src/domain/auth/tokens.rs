//! Access tokens: HS256 JWTs bound to a user and a tenant, short-lived. The algorithm is fixed
//! (an allow-list of one: never `none`, never what the token's header asks for), `exp` is always
//! validated with no leeway, and `typ` separates access tokens from two-factor challenges.

use chrono::{DateTime, Duration, Utc};
use jsonwebtoken::{Algorithm, DecodingKey, EncodingKey, Header, Validation, decode, encode, errors::ErrorKind};
use serde::{Deserialize, Serialize};
use sha2::{Digest, Sha256};

use crate::tenancy::TenantName;

/// What an access token says.
#[derive(Debug, Clone, Serialize, Deserialize)]
pub struct AccessClaims {
    /// The user id, as a string (RFC 7519).
    pub sub: String,
    /// The tenant the token is valid on.
    pub tnt: String,
    pub iat: i64,
    pub exp: i64,
    /// Issue time in milliseconds: compared with the user's `valid_after`, so a session ended in
    /// the same second as a token was issued still ends it.
    pub iat_ms: i64,
    /// `access` or `2fa`.
    pub typ: String,
    /// The session (login) the token belongs to: logging out revokes it on every replica.
    #[serde(default)]
    pub sid: String,
    /// When the person proved who they are (password, or password and code) for this token: set
    /// on the token a login or a password change answers, absent on tokens a refresh issues.
    /// Changing the password or two-factor asks for a recent one (`auth::require_presence`).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub auth_time: Option<i64>,
}

/// The hex SHA-256 of a token: what is stored and looked up, never the token itself (refresh
/// tokens, recovery codes, two-factor challenges).
pub fn hash_token(token: &str) -> String {
    Sha256::digest(token.as_bytes()).iter().map(|b| format!("{b:02x}")).collect()
}

/// Why a token is refused.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum TokenError {
    /// Well signed but past its `exp`.
    Expired,
    /// Anything else: bad signature, other algorithm, other tenant, malformed.
    Invalid,
}

const ACCESS: &str = "access";
const CHALLENGE: &str = "2fa";
/// How long a two-factor challenge (between password and code) lives.
pub const CHALLENGE_TTL_SECONDS: i64 = 300;

/// Keys and lifetimes for signing and checking tokens.
#[derive(Clone)]
pub struct TokenKeys {
    encoding: EncodingKey,
    decoding: DecodingKey,
    access_ttl: Duration,
}

/// A freshly issued access token.
#[derive(Debug, Clone)]
pub struct IssuedAccess {
    pub token: String,
    pub expires_at: DateTime<Utc>,
}

impl TokenKeys {
    pub fn new(secret: &str, access_ttl_seconds: i64) -> Self {
        Self {
            encoding: EncodingKey::from_secret(secret.as_bytes()),
            decoding: DecodingKey::from_secret(secret.as_bytes()),
            access_ttl: Duration::seconds(access_ttl_seconds),
        }
    }

    pub fn access_ttl_seconds(&self) -> i64 {
        self.access_ttl.num_seconds()
    }

    /// An access token for `user_id` on `tenant`, in session `sid` (a refresh: no proof of
    /// presence).
    pub fn issue_access(&self, user_id: i32, tenant: &TenantName, sid: &str) -> IssuedAccess {
        let now = Utc::now();
        let expires_at = now + self.access_ttl;
        IssuedAccess { token: self.sign(user_id, tenant, ACCESS, now, expires_at, sid, None), expires_at }
    }

    /// The access token of a login (the person just proved who they are: `auth_time` is now).
    pub fn issue_login_access(&self, user_id: i32, tenant: &TenantName, sid: &str) -> IssuedAccess {
        let now = Utc::now();
        let expires_at = now + self.access_ttl;
        let token = self.sign(user_id, tenant, ACCESS, now, expires_at, sid, Some(now.timestamp()));
        IssuedAccess { token, expires_at }
    }

    /// How long an access token lives.
    pub fn access_ttl(&self) -> Duration {
        self.access_ttl
    }

    /// Checks an access token presented on `tenant`'s host.
    pub fn verify_access(&self, token: &str, tenant: &TenantName) -> Result<AccessClaims, TokenError> {
        self.verify(token, tenant, ACCESS)
    }

    /// The short-lived proof that the password step passed, exchanged with a TOTP code.
    pub fn issue_challenge(&self, user_id: i32, tenant: &TenantName) -> String {
        let now = Utc::now();
        let sid = crate::random::random_token(12);
        self.sign(user_id, tenant, CHALLENGE, now, now + Duration::seconds(CHALLENGE_TTL_SECONDS), &sid, None)
    }

    pub fn verify_challenge(&self, token: &str, tenant: &TenantName) -> Result<AccessClaims, TokenError> {
        self.verify(token, tenant, CHALLENGE)
    }

    #[allow(clippy::too_many_arguments)] // the claims, each named
    fn sign(
        &self,
        user_id: i32,
        tenant: &TenantName,
        typ: &str,
        now: DateTime<Utc>,
        exp: DateTime<Utc>,
        sid: &str,
        auth_time: Option<i64>,
    ) -> String {
        let claims = AccessClaims {
            auth_time,
            sid: sid.to_owned(),
            sub: user_id.to_string(),
            tnt: tenant.as_str().to_owned(),
            iat: now.timestamp(),
            exp: exp.timestamp(),
            iat_ms: now.timestamp_millis(),
            typ: typ.to_owned(),
        };
        encode(&Header::new(Algorithm::HS256), &claims, &self.encoding)
            .expect("HMAC signing of plain claims cannot fail")
    }

    fn verify(&self, token: &str, tenant: &TenantName, typ: &str) -> Result<AccessClaims, TokenError> {
        let mut validation = Validation::new(Algorithm::HS256);
        validation.leeway = 0;
        validation.validate_exp = true;
        validation.validate_nbf = true;
        validation.set_required_spec_claims(&["exp", "iat", "sub"]);
        let claims = decode::<AccessClaims>(token, &self.decoding, &validation)
            .map_err(|err| match err.kind() {
                ErrorKind::ExpiredSignature => TokenError::Expired,
                _ => TokenError::Invalid,
            })?
            .claims;
        if claims.typ != typ || claims.tnt != tenant.as_str() || claims.sub.parse::<i32>().is_err() {
            return Err(TokenError::Invalid);
        }
        Ok(claims)
    }
}

impl AccessClaims {
    pub fn user_id(&self) -> i32 {
        self.sub.parse().unwrap_or_default()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn keys() -> TokenKeys {
        TokenKeys::new("a-test-secret-that-is-long-enough-0123456789", 900)
    }

    fn acme() -> TenantName {
        TenantName::parse("acme").unwrap()
    }

    #[test]
    fn an_issued_token_verifies_on_its_tenant_only() {
        let issued = keys().issue_access(7, &acme(), "s1");
        let claims = keys().verify_access(&issued.token, &acme()).unwrap();
        assert_eq!(claims.user_id(), 7);
        assert_eq!(
            keys().verify_access(&issued.token, &TenantName::parse("beta").unwrap()).unwrap_err(),
            TokenError::Invalid
        );
    }

    #[test]
    fn a_challenge_is_not_an_access_token_and_vice_versa() {
        let challenge = keys().issue_challenge(7, &acme());
        assert_eq!(keys().verify_access(&challenge, &acme()).unwrap_err(), TokenError::Invalid);
        let access = keys().issue_access(7, &acme(), "s1").token;
        assert_eq!(keys().verify_challenge(&access, &acme()).unwrap_err(), TokenError::Invalid);
    }

    #[test]
    fn an_expired_token_is_expired_not_invalid() {
        let keys = TokenKeys::new("a-test-secret-that-is-long-enough-0123456789", -10);
        let token = keys.issue_access(7, &acme(), "s1").token;
        assert_eq!(keys.verify_access(&token, &acme()).unwrap_err(), TokenError::Expired);
    }
}
