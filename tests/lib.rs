//! Integration tests live in `suite/`; this crate has no library code.
