//! The realtime events of conversations (docs/realtime.md#events): tickets, messages, transfers
//! and customers. Each is its event's payload, named as the event; raising one
//! (`DomainEvent::to`) writes `{"event": "<Name>", ...fields}` once.

use serde::Serialize;

use crate::{
    domain::{
        conversations::views::{CustomerRef, MessageView, TicketView, TransferView},
        events::DomainEvent,
    },
    entities::tenant::states::Ack,
};

/// Declares that a payload is the event of its own name (and whether it moves tickets between
/// the queue's tabs).
macro_rules! event {
    ($name:ident) => {
        impl DomainEvent for $name {
            const NAME: &'static str = stringify!($name);
        }
    };
    ($name:ident, moves_tickets) => {
        impl DomainEvent for $name {
            const NAME: &'static str = stringify!($name);
            fn moves_tickets(&self) -> bool {
                true
            }
        }
    };
}

/// A customer wrote, the staff or the bot answered (`ticket` and `message`), or a notice for the
/// staff (`notice`).
#[derive(Debug, Clone, Serialize)]
pub struct ChatNotification {
    pub ticket: Option<TicketView>,
    pub message: Option<MessageView>,
    pub notice: Option<String>,
}

impl DomainEvent for ChatNotification {
    const NAME: &'static str = "ChatNotification";

    /// The bot's hand-over raises one; an ordinary message costs only a needless refill.
    fn moves_tickets(&self) -> bool {
        self.ticket.is_some()
    }
}

/// A message changed after it was shown (docs/media.md#events): its medium became `ready` or
/// `failed`, or its sender edited or deleted it.
#[derive(Debug, Clone, Serialize)]
pub struct ChatMessageUpdated {
    pub ticket_id: Option<i32>,
    pub message: MessageView,
}
event!(ChatMessageUpdated);

/// A reaction on a message was added, changed or taken back, by the customer or an agent.
#[derive(Debug, Clone, Serialize)]
pub struct ChatMessageReaction {
    pub ticket_id: Option<i32>,
    pub message_id: i32,
    pub reactions: Vec<crate::domain::conversations::views::ReactionView>,
}
event!(ChatMessageReaction);

/// A ticket was closed.
#[derive(Debug, Clone, Serialize)]
pub struct ChatTicketClosed {
    pub ticket: TicketView,
}
event!(ChatTicketClosed, moves_tickets);

/// A ticket has a new owner: a transfer was accepted, or an agent took it from the queue
/// (`transfer_id` empty).
#[derive(Debug, Clone, Serialize)]
pub struct ChatTicketTransferred {
    pub ticket: TicketView,
    pub transfer_id: Option<i32>,
}
event!(ChatTicketTransferred, moves_tickets);

/// A ticket is being transferred (to everyone who sees it).
#[derive(Debug, Clone, Serialize)]
pub struct ChatTicketTransferring {
    pub ticket: TicketView,
    pub transfer: TransferView,
}
event!(ChatTicketTransferring, moves_tickets);

/// A transfer was requested (to its target).
#[derive(Debug, Clone, Serialize)]
pub struct ChatTicketTransfer {
    pub ticket: TicketView,
    pub transfer: TransferView,
}
event!(ChatTicketTransfer, moves_tickets);

/// A transfer ended without changing the owner: rejected or cancelled.
#[derive(Debug, Clone, Serialize)]
pub struct DeleteChatTicketTransfer {
    pub ticket: TicketView,
    pub transfer: TransferView,
}
event!(DeleteChatTicketTransfer, moves_tickets);

/// A customer's message opened a ticket.
#[derive(Debug, Clone, Serialize)]
pub struct CustomerChatCreated {
    pub ticket: TicketView,
}
event!(CustomerChatCreated, moves_tickets);

/// A message's delivery state moved (`queued` → `sent` → `delivered` → `read`, or `failed`).
#[derive(Debug, Clone, Serialize)]
pub struct CustomerChatAckChanged {
    pub ticket_id: Option<i32>,
    pub message_id: i32,
    pub ack: Ack,
    pub error: Option<String>,
}
event!(CustomerChatAckChanged);

/// A customer was put on or taken off the blacklist.
#[derive(Debug, Clone, Serialize)]
pub struct CustomerBlacklisted {
    pub customer_id: i32,
    pub blacklisted: bool,
}
event!(CustomerBlacklisted);

/// Two customers became one (`POST /api/customers/{id}/merge`): `merged_customer_id` is gone, its
/// tickets and messages are `customer_id`'s now. Every open screen that shows either reads again.
#[derive(Debug, Clone, Serialize)]
pub struct CustomersMerged {
    pub customer_id: i32,
    pub merged_customer_id: i32,
}
event!(CustomersMerged);

/// A customer's own data changed in place — name or e-mail edited (`PUT /api/customers/{id}`),
/// legal hold set or lifted, or erased by anonymisation (LGPD). Ids only, like `CustomersMerged`:
/// every open screen that shows the customer reads them again with its own entitlement.
#[derive(Debug, Clone, Serialize)]
pub struct CustomerChanged {
    pub customer_id: i32,
}
event!(CustomerChanged);

/// A customer wrote for the first time.
#[derive(Debug, Clone, Serialize)]
pub struct CustomerCreatedToChat {
    pub customer: CustomerRef,
    pub instance_id: i32,
}
event!(CustomerCreatedToChat);

/// A customer group was created, renamed or changed members.
#[derive(Debug, Clone, Serialize)]
pub struct GroupOfCustomersUpdated {
    pub group_id: i32,
    pub name: Option<String>,
    pub members: u64,
}
event!(GroupOfCustomersUpdated);
