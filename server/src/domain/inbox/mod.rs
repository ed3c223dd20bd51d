//! The staff inbox (docs/inbox.md), the flows over the conversations: what a provider pushes
//! (`inbound`, written in batches on SQLite by `intake`), what agents do (accept and close in
//! `tickets`, replies in `messages`, `transfers`), and acks with what follows them (`acks`).
//!
//! A flow calls the reactions of the change it made: an agent taking a ticket from the bot stops
//! the bot, an ack moves a campaign's recipient, a disconnected instance pauses its campaigns, a
//! customer's reply answers a campaign. The store below (`domain::conversations`) never calls up.

pub mod acks;
pub mod changes;
pub mod cloud_webhook;
pub mod evolution_webhook;
pub mod inbound;
pub mod intake;
pub mod media;
pub mod messages;
pub mod tickets;
pub mod transfers;
