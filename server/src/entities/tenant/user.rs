//! Entity of the `users` table.

use sea_orm::entity::prelude::*;
use serde::Serialize;

/// A staff member of the tenant; `deleted_at` marks a soft delete, `valid_after` invalidates older access tokens.
#[derive(Clone, Debug, PartialEq, Eq, DeriveEntityModel, Serialize)]
#[sea_orm(table_name = "users")]
pub struct Model {
    #[sea_orm(primary_key)]
    pub id: i32,
    pub name: String,
    #[sea_orm(unique)]
    pub username: String,
    #[sea_orm(unique)]
    pub email: String,
    pub image: Option<String>,
    #[serde(skip_serializing)]
    pub password_hash: String,
    pub role_id: i32,
    pub department_id: Option<i32>,
    pub is_connected: bool,
    pub is_functional: bool,
    /// `person`, or `integration`: an API token's principal (docs/api-tokens.md), which cannot
    /// log in and holds no seat.
    pub kind: String,
    /// When the current block began (`None`: not blocked).
    pub blocked_at: Option<DateTimeUtc>,
    pub failed_logins: i32,
    /// When a block from wrong passwords ends by itself (`None` with `blocked_at`: until unblocked).
    pub locked_until: Option<DateTimeUtc>,
    /// Blocks in a row without a successful login since: each one lasts twice the last.
    pub lockouts: i32,
    pub valid_after: DateTimeUtc,
    pub last_login_at: Option<DateTimeUtc>,
    /// An administrator set a temporary password: only the account's own calls are open until
    /// the person chooses a new one (docs/account.md#temporary-password-administrator).
    pub must_change_password: bool,
    /// "Ausente": connected, offered no new work (tenant migration 46, docs/service-levels.md).
    pub away: bool,
    /// Why, when the person said (almoço, reunião…).
    pub away_reason: Option<String>,
    /// When the status the person chose (online, ausente, offline) began.
    pub status_since: Option<DateTimeUtc>,
    pub deleted_at: Option<DateTimeUtc>,
    pub created_at: DateTimeUtc,
    pub updated_at: DateTimeUtc,
}

#[derive(Copy, Clone, Debug, EnumIter, DeriveRelation)]
pub enum Relation {
    #[sea_orm(
        belongs_to = "super::role::Entity",
        from = "Column::RoleId",
        to = "super::role::Column::Id",
        on_update = "Cascade",
        on_delete = "Restrict"
    )]
    Role,
    #[sea_orm(
        belongs_to = "super::department::Entity",
        from = "Column::DepartmentId",
        to = "super::department::Column::Id",
        on_update = "Cascade",
        on_delete = "SetNull"
    )]
    Department,
    #[sea_orm(has_many = "super::login_failure::Entity")]
    LoginFailure,
    #[sea_orm(has_many = "super::message::Entity")]
    Message,
    #[sea_orm(has_many = "super::order::Entity")]
    Order,
    #[sea_orm(has_many = "super::refresh_token::Entity")]
    RefreshToken,
    #[sea_orm(has_many = "super::ticket::Entity")]
    Ticket,
    #[sea_orm(has_many = "super::user_instance::Entity")]
    UserInstance,
    #[sea_orm(has_many = "super::user_setting::Entity")]
    UserSetting,
}

impl Related<super::role::Entity> for Entity {
    fn to() -> RelationDef {
        Relation::Role.def()
    }
}

impl Related<super::department::Entity> for Entity {
    fn to() -> RelationDef {
        Relation::Department.def()
    }
}

impl Related<super::login_failure::Entity> for Entity {
    fn to() -> RelationDef {
        Relation::LoginFailure.def()
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

impl Related<super::refresh_token::Entity> for Entity {
    fn to() -> RelationDef {
        Relation::RefreshToken.def()
    }
}

impl Related<super::ticket::Entity> for Entity {
    fn to() -> RelationDef {
        Relation::Ticket.def()
    }
}

impl Related<super::user_instance::Entity> for Entity {
    fn to() -> RelationDef {
        Relation::UserInstance.def()
    }
}

impl Related<super::user_setting::Entity> for Entity {
    fn to() -> RelationDef {
        Relation::UserSetting.def()
    }
}

impl Related<super::instance::Entity> for Entity {
    fn to() -> RelationDef {
        super::user_instance::Relation::Instance.def()
    }

    fn via() -> Option<RelationDef> {
        Some(super::user_instance::Relation::User.def().rev())
    }
}

impl ActiveModelBehavior for ActiveModel {}
