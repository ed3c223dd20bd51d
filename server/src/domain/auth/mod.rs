//! Authentication: passwords → sessions. Access tokens (JWT), rotating refresh tokens, login with
//! lockout and failure records, TOTP two-factor, and ending sessions.

/// The login flow: password check, lockout, failure records.
pub mod login;
/// Rotating refresh tokens with reuse detection.
pub mod refresh;
/// Ending every session of a user (block, delete, new password).
pub mod sessions;
/// Signed access tokens and two-factor challenges.
pub mod tokens;
/// TOTP (RFC 6238) enrollment and verification.
pub mod two_factor;
