//! Entity of the `orders` table.

use sea_orm::entity::prelude::*;
use serde::Serialize;

/// An order taken in an attendance; `value_cents` in centavos, `status` is `pending`, `paid` or `cancelled`.
#[derive(Clone, Debug, PartialEq, Eq, DeriveEntityModel, Serialize)]
#[sea_orm(table_name = "orders")]
pub struct Model {
    #[sea_orm(primary_key)]
    pub id: i32,
    pub customer_id: i32,
    pub ticket_id: Option<i32>,
    pub instance_id: Option<i32>,
    pub user_id: Option<i32>,
    pub value_cents: i64,
    pub status: String,
    pub ordered_at: DateTimeUtc,
    /// The caller's own id (an integration's), unique: a retried request is the same order.
    pub external_id: Option<String>,
    /// `[{name, quantity, unitCents}]` as JSON, when the order lists them.
    pub items: Option<String>,
    /// `pix`, `boleto`, `cartao`, `dinheiro`, `transferencia` or `outro`.
    pub payment_method: Option<String>,
    /// Where it came from: `atendimento` (a person), `api` or the integration's own word.
    pub source: String,
    pub note: Option<String>,
    pub created_at: DateTimeUtc,
    pub updated_at: DateTimeUtc,
}

#[derive(Copy, Clone, Debug, EnumIter, DeriveRelation)]
pub enum Relation {
    #[sea_orm(
        belongs_to = "super::customer::Entity",
        from = "Column::CustomerId",
        to = "super::customer::Column::Id",
        on_update = "Cascade",
        on_delete = "Restrict"
    )]
    Customer,
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

impl Related<super::customer::Entity> for Entity {
    fn to() -> RelationDef {
        Relation::Customer.def()
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
