//! Entity of the `tickets` table.

use sea_orm::entity::prelude::*;
use serde::Serialize;

/// An attendance in a chat: `status` is `pending`, `open`, `transferring` or `closed`.
#[derive(Clone, Debug, PartialEq, Eq, DeriveEntityModel, Serialize)]
#[sea_orm(table_name = "tickets")]
pub struct Model {
    #[sea_orm(primary_key)]
    pub id: i32,
    #[sea_orm(unique)]
    pub protocol: String,
    pub chat_id: i32,
    pub customer_id: i32,
    pub instance_id: i32,
    pub department_id: Option<i32>,
    pub assigned_user_id: Option<i32>,
    pub status: super::states::TicketStatus,
    pub opened_at: DateTimeUtc,
    pub first_response_at: Option<DateTimeUtc>,
    pub closed_at: Option<DateTimeUtc>,
    pub closing_reason_id: Option<i32>,
    /// The last message or change, in or out: the inbox lists newest activity first.
    pub last_activity_at: Option<DateTimeUtc>,
    /// The start of the last message, for the list.
    pub last_message_preview: Option<String>,
    /// Customer messages nobody of the staff has read yet.
    pub unread_count: i32,
    pub created_at: DateTimeUtc,
    pub updated_at: DateTimeUtc,
    /// When free text stops being accepted for this customer: 24 h after their last message, on
    /// an official number (docs/providers.md#the-24-hour-window); `None` elsewhere.
    pub window_closes_at: Option<DateTimeUtc>,
    /// The service-level state: `on_time`, `at_risk` or `breached`; `None`: no SLA policy
    /// (docs/service-levels.md#sla-policies). The at-risk instants and the next check are kept
    /// beside these by `domain::sla`, which alone reads them.
    pub sla_state: Option<String>,
    /// When the first response is due (open time of the company's calendar).
    pub sla_response_due_at: Option<DateTimeUtc>,
    /// When the resolution is due; pushed back by the time paused while waiting on the customer.
    pub sla_resolution_due_at: Option<DateTimeUtc>,
    /// The resolution clock is paused since: the conversation waits on the customer.
    pub sla_paused_at: Option<DateTimeUtc>,
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
        belongs_to = "super::customer::Entity",
        from = "Column::CustomerId",
        to = "super::customer::Column::Id",
        on_update = "Cascade",
        on_delete = "Restrict"
    )]
    Customer,
    #[sea_orm(
        belongs_to = "super::instance::Entity",
        from = "Column::InstanceId",
        to = "super::instance::Column::Id",
        on_update = "Cascade",
        on_delete = "Restrict"
    )]
    Instance,
    #[sea_orm(
        belongs_to = "super::department::Entity",
        from = "Column::DepartmentId",
        to = "super::department::Column::Id",
        on_update = "Cascade",
        on_delete = "Restrict"
    )]
    Department,
    #[sea_orm(
        belongs_to = "super::user::Entity",
        from = "Column::AssignedUserId",
        to = "super::user::Column::Id",
        on_update = "Cascade",
        on_delete = "Restrict"
    )]
    AssignedUser,
    #[sea_orm(
        belongs_to = "super::closing_reason::Entity",
        from = "Column::ClosingReasonId",
        to = "super::closing_reason::Column::Id",
        on_update = "Cascade",
        on_delete = "Restrict"
    )]
    ClosingReason,
    #[sea_orm(has_many = "super::message::Entity")]
    Message,
    #[sea_orm(has_many = "super::order::Entity")]
    Order,
    #[sea_orm(has_many = "super::ticket_transfer::Entity")]
    TicketTransfer,
}

impl Related<super::chat::Entity> for Entity {
    fn to() -> RelationDef {
        Relation::Chat.def()
    }
}

impl Related<super::customer::Entity> for Entity {
    fn to() -> RelationDef {
        Relation::Customer.def()
    }
}

impl Related<super::instance::Entity> for Entity {
    fn to() -> RelationDef {
        Relation::Instance.def()
    }
}

impl Related<super::department::Entity> for Entity {
    fn to() -> RelationDef {
        Relation::Department.def()
    }
}

impl Related<super::user::Entity> for Entity {
    fn to() -> RelationDef {
        Relation::AssignedUser.def()
    }
}

impl Related<super::closing_reason::Entity> for Entity {
    fn to() -> RelationDef {
        Relation::ClosingReason.def()
    }
}

impl Related<super::message::Entity> for Entity {
    fn to() -> RelationDef {
        Relation::Message.def()
    }
}

impl Related<super::order::Entity> for Entity {
    fn to() -> RelationDef {
        Relation::Order.def()
    }
}

impl Related<super::ticket_transfer::Entity> for Entity {
    fn to() -> RelationDef {
        Relation::TicketTransfer.def()
    }
}

impl ActiveModelBehavior for ActiveModel {}
