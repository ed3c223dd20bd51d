//! The request context every transport shares: which tenant a request is for ([`CurrentTenant`]),
//! who is calling ([`CurrentUser`]), from which address ([`ClientAddr`]), and the one access
//! decision ([`access::decide`]). REST (`http/`), GraphQL (`graphql/`) and the socket
//! (`realtime/`) depend on this module and never on each other.

pub mod access;
pub mod caller;
pub mod client;
pub mod tenant;

pub use access::{Access, Rule};
pub use caller::CurrentUser;
pub use client::ClientAddr;
pub use tenant::CurrentTenant;
