//! The six state machines of a tenant's rows, as enums stored as their lower-case text
//! (docs/data-model.md): tickets, ticket transfers, message acks, outbox jobs, webhook deliveries
//! and campaign recipients. Which move is allowed is the owning domain module's business
//! (`conversations::messages::ack_moves`, `campaigns::sending::moves`, ...); here a state is only
//! a value, so a typo in one is a compile error and not a row nobody can read.
//!
//! Hand-written SQL names a state through [`as_str`](TicketStatus::as_str) (statuses are written
//! into the text of a few statements on purpose, for PostgreSQL's plans: `conversations::tickets`).

use sea_orm::entity::prelude::*;
use serde::{Deserialize, Serialize};

/// Declares a state enum: stored and serialized as the given text, with `ALL`, `as_str`, `parse`
/// and `Display`.
macro_rules! states {
    ($(#[$meta:meta])* $name:ident { $($(#[$vmeta:meta])* $variant:ident = $text:literal),+ $(,)? }) => {
        $(#[$meta])*
        #[derive(
            Debug, Clone, Copy, PartialEq, Eq, Hash, EnumIter, DeriveActiveEnum, Serialize, Deserialize,
            utoipa::ToSchema,
        )]
        #[sea_orm(rs_type = "String", db_type = "String(StringLen::None)")]
        pub enum $name {
            $($(#[$vmeta])* #[sea_orm(string_value = $text)] #[serde(rename = $text)] $variant),+
        }

        impl $name {
            /// Every state, in the order of the machine.
            pub const ALL: &'static [Self] = &[$(Self::$variant),+];

            /// The stored text.
            pub const fn as_str(self) -> &'static str {
                match self {
                    $(Self::$variant => $text),+
                }
            }

            /// The state a stored text names.
            pub fn parse(text: &str) -> Option<Self> {
                Self::ALL.iter().copied().find(|state| state.as_str() == text)
            }

            /// Every state's text, joined for a message (`pending, open, ...`).
            pub fn listed() -> String {
                Self::ALL.iter().map(|state| state.as_str()).collect::<Vec<_>>().join(", ")
            }
        }

        impl std::fmt::Display for $name {
            fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                f.write_str(self.as_str())
            }
        }
    };
}

states! {
    /// A ticket (docs/inbox.md#ticket-states): `pending` → `open` (accepted) → `transferring` ⇄
    /// `open` → `closed`; `bot` while the tenant's bot holds it (docs/bot.md#ticket-states).
    TicketStatus {
        /// In the queue, nobody's yet.
        Pending = "pending",
        /// Accepted: an agent serves it.
        Open = "open",
        /// A transfer was requested and waits for its target.
        Transferring = "transferring",
        Closed = "closed",
        /// Held by the tenant's bot, out of the people's queue until it routes or hands over.
        Bot = "bot",
    }
}

states! {
    /// A transfer request (docs/inbox.md#transfers).
    TransferStatus {
        Pending = "pending",
        Accepted = "accepted",
        Rejected = "rejected",
        Cancelled = "cancelled",
    }
}

states! {
    /// A message's delivery (docs/inbox.md#acks): outbound messages move `queued` → `sent` →
    /// `delivered` → `read`, forward only; `failed` is apart. Inbound messages are `read` (a
    /// customer's) or `sent` (written on the phone).
    Ack {
        Queued = "queued",
        Sent = "sent",
        Delivered = "delivered",
        Read = "read",
        Failed = "failed",
    }
}

states! {
    /// An outbox job (docs/jobs.md).
    JobStatus {
        Pending = "pending",
        Done = "done",
        Failed = "failed",
    }
}

states! {
    /// A webhook delivery (docs/campaigns.md#webhooks).
    DeliveryStatus {
        Pending = "pending",
        Delivered = "delivered",
        Failed = "failed",
        /// Its endpoint was disabled (gone, or switched off) before it went out.
        Disabled = "disabled",
    }
}

states! {
    /// A campaign's recipient (docs/campaigns.md#sending): forward only, `failed` apart.
    RecipientStatus {
        Pending = "pending",
        Sent = "sent",
        Delivered = "delivered",
        Read = "read",
        Replied = "replied",
        Failed = "failed",
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_state_is_stored_and_serialized_as_its_text() {
        assert_eq!(TicketStatus::Transferring.as_str(), "transferring");
        assert_eq!(TicketStatus::parse("bot"), Some(TicketStatus::Bot));
        assert_eq!(TicketStatus::parse("Bot"), None);
        assert_eq!(serde_json::to_value(Ack::Delivered).unwrap(), serde_json::json!("delivered"));
        assert_eq!(ActiveEnum::to_value(&RecipientStatus::Replied), "replied");
        assert_eq!(TransferStatus::listed(), "pending, accepted, rejected, cancelled");
    }
}
