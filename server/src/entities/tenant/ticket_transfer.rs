//! Entity of the `ticket_transfers` table.

use sea_orm::entity::prelude::*;
use serde::Serialize;

/// A transfer of a ticket to a user or department: `status` is `pending`, `accepted`, `rejected` or `cancelled`.
#[derive(Clone, Debug, PartialEq, Eq, DeriveEntityModel, Serialize)]
#[sea_orm(table_name = "ticket_transfers")]
pub struct Model {
    #[sea_orm(primary_key)]
    pub id: i32,
    pub ticket_id: i32,
    pub from_user_id: Option<i32>,
    pub to_user_id: Option<i32>,
    pub to_department_id: Option<i32>,
    pub status: super::states::TransferStatus,
    pub resolved_at: Option<DateTimeUtc>,
    #[sea_orm(column_type = "Text", nullable)]
    pub note: Option<String>,
    pub from_department_id: Option<i32>,
    pub requested_by_user_id: Option<i32>,
    pub created_at: DateTimeUtc,
    pub updated_at: DateTimeUtc,
}

#[derive(Copy, Clone, Debug, EnumIter, DeriveRelation)]
pub enum Relation {
    #[sea_orm(
        belongs_to = "super::ticket::Entity",
        from = "Column::TicketId",
        to = "super::ticket::Column::Id",
        on_update = "Cascade",
        on_delete = "Restrict"
    )]
    Ticket,
    #[sea_orm(
        belongs_to = "super::user::Entity",
        from = "Column::FromUserId",
        to = "super::user::Column::Id",
        on_update = "Cascade",
        on_delete = "Restrict"
    )]
    FromUser,
    #[sea_orm(
        belongs_to = "super::user::Entity",
        from = "Column::ToUserId",
        to = "super::user::Column::Id",
        on_update = "Cascade",
        on_delete = "Restrict"
    )]
    ToUser,
    #[sea_orm(
        belongs_to = "super::department::Entity",
        from = "Column::ToDepartmentId",
        to = "super::department::Column::Id",
        on_update = "Cascade",
        on_delete = "Restrict"
    )]
    ToDepartment,
}

impl Related<super::ticket::Entity> for Entity {
    fn to() -> RelationDef {
        Relation::Ticket.def()
    }
}

impl Related<super::department::Entity> for Entity {
    fn to() -> RelationDef {
        Relation::ToDepartment.def()
    }
}

impl ActiveModelBehavior for ActiveModel {}
