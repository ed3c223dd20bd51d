//! Entity of the `messages` table.

use sea_orm::entity::prelude::*;
use serde::Serialize;

/// One chat message: `direction` is `in` or `out`, `ack` is `sent`, `delivered`, `read` or `failed`.
#[derive(Clone, Debug, PartialEq, Eq, DeriveEntityModel, Serialize)]
#[sea_orm(table_name = "messages")]
pub struct Model {
    #[sea_orm(primary_key)]
    pub id: i32,
    pub chat_id: i32,
    pub ticket_id: Option<i32>,
    pub instance_id: i32,
    pub user_id: Option<i32>,
    pub direction: String,
    #[sea_orm(column_type = "Text")]
    pub body: String,
    pub ack: super::states::Ack,
    pub external_id: Option<String>,
    pub sent_at: DateTimeUtc,
    /// The sender's idempotency key of an outbound message (also the provider's `clientId`).
    pub client_id: Option<String>,
    /// `text` (to or from the customer) or `note` (a line of the conversation the customer does not
    /// see, e.g. a transfer).
    pub kind: String,
    /// Why the provider could not deliver an outbound message (`ack` = `failed`).
    pub error: Option<String>,
    pub created_at: DateTimeUtc,
    pub updated_at: DateTimeUtc,
    /// What it holds (docs/media.md): `text`, `image`, `audio`, `video`, `document`, `sticker`,
    /// `location`, `contacts` or `unsupported`.
    pub message_type: String,
    /// The stored medium (`media`), once the worker has it.
    pub media_id: Option<i32>,
    /// `pending`, `ready` or `failed` for a message with a medium; `None` without one.
    pub media_status: Option<String>,
    /// Why the medium could not be had (`media_status` = `failed`), in pt_BR.
    pub media_error: Option<String>,
    /// JSON: the medium's file name, voice flag and where to fetch it; a location; contact cards
    /// (`domain::media::payload::Payload`).
    #[sea_orm(column_type = "Text", nullable)]
    pub payload: Option<String>,
    /// The message of this chat it replies to.
    pub quoted_message_id: Option<i32>,
    /// The provider's id of the quoted message, kept when it is not stored (yet).
    pub quoted_external_id: Option<String>,
    pub edited_at: Option<DateTimeUtc>,
    /// Deleted for everyone by its sender: the content is emptied.
    pub revoked_at: Option<DateTimeUtc>,
}

#[derive(Copy, Clone, Debug, EnumIter, DeriveRelation)]
pub enum Relation {
    #[sea_orm(
        belongs_to = "super::chat::Entity",
        from = "Column::ChatId",
        to = "super::chat::Column::Id",
        on_update = "Cascade",
        on_delete = "Restrict"
    )]
    Chat,
    #[sea_orm(
        belongs_to = "super::ticket::Entity",
        from = "Column::TicketId",
        to = "super::ticket::Column::Id",
        on_update = "Cascade",
        on_delete = "Restrict"
    )]
    Ticket,
    #[sea_orm(
        belongs_to = "super::instance::Entity",
        from = "Column::InstanceId",
        to = "super::instance::Column::Id",
        on_update = "Cascade",
        on_delete = "Restrict"
    )]
    Instance,
    #[sea_orm(
        belongs_to = "super::user::Entity",
        from = "Column::UserId",
        to = "super::user::Column::Id",
        on_update = "Cascade",
        on_delete = "Restrict"
    )]
    User,
}

impl Related<super::chat::Entity> for Entity {
    fn to() -> RelationDef {
        Relation::Chat.def()
    }
}

impl Related<super::ticket::Entity> for Entity {
    fn to() -> RelationDef {
        Relation::Ticket.def()
    }
}

impl Related<super::instance::Entity> for Entity {
    fn to() -> RelationDef {
        Relation::Instance.def()
    }
}

impl Related<super::user::Entity> for Entity {
    fn to() -> RelationDef {
        Relation::User.def()
    }
}

impl ActiveModelBehavior for ActiveModel {}
