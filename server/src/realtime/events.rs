//! The realtime events of spec §7, as one typed enum whose serialization is the wire form:
//! `{"event": "<Name>", ...payload}` (payloads in docs/realtime.md). Adding an event is one variant
//! here plus one `bus.publish(...)` where it happens.

use serde::Serialize;

use crate::domain::instances::InstanceSummary;

/// A server → client event.
#[derive(Debug, Clone, Serialize, PartialEq)]
#[serde(tag = "event")]
pub enum Event {
    CampaignUpdated { campaign_id: i32, status: String },
    ChatNotification { chat_id: i32, instance_id: i32, message: String },
    ChatTicketClosed { ticket_id: i32, instance_id: i32, closing_reason_id: Option<i32> },
    ChatTicketTransferred { ticket_id: i32, instance_id: i32, to_user_id: Option<i32> },
    ChatTicketTransferring { ticket_id: i32, instance_id: i32, from_user_id: Option<i32> },
    CustomerBlacklisted { customer_id: i32, blacklisted: bool },
    CustomerChatCreated { chat_id: i32, customer_id: i32, instance_id: i32 },
    CustomerChatAckChanged { message_id: i32, chat_id: i32, instance_id: i32, ack: String },
    ChatTicketTransfer { transfer_id: i32, ticket_id: i32, instance_id: i32 },
    CustomerCreatedToChat { customer_id: i32, chat_id: i32, instance_id: i32 },
    GroupOfCustomersUpdated { group_id: i32 },
    InstanceUpdated { instance: InstanceSummary },
    DeleteChatTicketTransfer { transfer_id: i32, ticket_id: i32, instance_id: i32 },
    /// The answer to a client's ping.
    #[serde(rename = "pong")]
    Pong,
}

impl Event {
    /// The instance an event is about: only users linked to it (and administrators) receive it.
    pub fn instance_id(&self) -> Option<i32> {
        match self {
            Self::ChatNotification { instance_id, .. }
            | Self::ChatTicketClosed { instance_id, .. }
            | Self::ChatTicketTransferred { instance_id, .. }
            | Self::ChatTicketTransferring { instance_id, .. }
            | Self::CustomerChatCreated { instance_id, .. }
            | Self::CustomerChatAckChanged { instance_id, .. }
            | Self::ChatTicketTransfer { instance_id, .. }
            | Self::CustomerCreatedToChat { instance_id, .. }
            | Self::DeleteChatTicketTransfer { instance_id, .. } => Some(*instance_id),
            Self::InstanceUpdated { instance } => Some(instance.id),
            Self::CampaignUpdated { .. }
            | Self::CustomerBlacklisted { .. }
            | Self::GroupOfCustomersUpdated { .. }
            | Self::Pong => None,
        }
    }

    /// The text frame: base64 of the JSON.
    pub fn to_frame(&self) -> String {
        use base64::Engine;
        let json = serde_json::to_vec(self).unwrap_or_else(|_| b"{}".to_vec());
        base64::engine::general_purpose::STANDARD.encode(json)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_wire_form_is_base64_of_the_tagged_json() {
        assert_eq!(Event::Pong.to_frame(), "eyJldmVudCI6InBvbmcifQ==");
        let json = serde_json::to_value(Event::GroupOfCustomersUpdated { group_id: 3 }).unwrap();
        assert_eq!(json, serde_json::json!({ "event": "GroupOfCustomersUpdated", "group_id": 3 }));
    }
}
