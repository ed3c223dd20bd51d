//! Recovery codes: ten one-time codes given when two-factor is turned on, for the day the phone is
//! lost. Each is 10 characters from an alphabet without look-alikes (`0/o`, `1/l/i`), shown as
//! `xxxxx-xxxxx` (≈ 49 bits each: guessing is bounded by the same wrong-code budget as TOTP codes).
//! Only SHA-256 digests are stored, as a JSON array; a code that is used leaves the array.

use crate::{
    domain::{auth::tokens::hash_token, users::recovery_codes_left},
    random::random_string,
};

/// Codes given at a time.
pub const COUNT: usize = 10;
const LENGTH: usize = 10;
const ALPHABET: &[u8] = b"abcdefghjkmnpqrstuvwxyz23456789";

/// New codes (to show once) and the digests to store.
pub fn generate() -> (Vec<String>, String) {
    let codes: Vec<String> = (0..COUNT)
        .map(|_| {
            let raw = random_string(ALPHABET, LENGTH);
            format!("{}-{}", &raw[..LENGTH / 2], &raw[LENGTH / 2..])
        })
        .collect();
    let digests: Vec<String> = codes.iter().map(|code| digest(&compact(code))).collect();
    (codes, serde_json::to_string(&digests).expect("a list of strings serializes"))
}

fn compact(code: &str) -> String {
    code.chars().filter(|c| !c.is_whitespace() && *c != '-').flat_map(char::to_lowercase).collect()
}

fn digest(compact: &str) -> String {
    hash_token(compact)
}

/// The typed text as a recovery code (dashes, spaces and case ignored), or `None` when it has the
/// shape of an authenticator code (six digits) or of nothing.
pub fn normalize(typed: &str) -> Option<String> {
    let compact = compact(typed);
    (compact.len() == LENGTH && compact.bytes().all(|b| b.is_ascii_alphanumeric())).then_some(compact)
}

fn stored(digests: Option<&str>) -> Vec<String> {
    digests.and_then(|json| serde_json::from_str(json).ok()).unwrap_or_default()
}

/// How many codes are left.
pub fn count(digests: Option<&str>) -> usize {
    recovery_codes_left(digests)
}

/// Spends `code` (normalized): the digests left, or `None` when it is not one of them.
pub fn spend(digests: Option<&str>, code: &str) -> Option<String> {
    let mut left = stored(digests);
    let wanted = digest(code);
    let position = left.iter().position(|d| d == &wanted)?;
    left.remove(position);
    Some(serde_json::to_string(&left).expect("a list of strings serializes"))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn each_code_works_once_typed_any_way() {
        let (codes, digests) = generate();
        assert_eq!(codes.len(), COUNT);
        assert!(codes.iter().all(|c| c.len() == 11 && c.as_bytes()[5] == b'-'));
        let typed = normalize(&format!(" {} ", codes[3].to_uppercase().replace('-', " "))).expect("a recovery code");
        let left = spend(Some(&digests), &typed).expect("the code is accepted");
        assert_eq!(count(Some(&left)), COUNT - 1);
        assert_eq!(spend(Some(&left), &typed), None, "a used code is refused");
        assert!(spend(Some(&left), &normalize(&codes[4]).unwrap()).is_some());
    }

    #[test]
    fn six_digits_are_an_authenticator_code() {
        assert_eq!(normalize("123456"), None);
        assert_eq!(normalize("12345-6789a").as_deref(), Some("123456789a"));
        assert_eq!(normalize("abc"), None);
        assert_eq!(spend(None, "123456789a"), None);
    }
}
