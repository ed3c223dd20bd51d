//! Entity of the `user_settings` table.

use sea_orm::entity::prelude::*;
use serde::Serialize;

/// Per-user settings: two-factor state (TOTP), theme and locale; one row per user.
#[derive(Clone, Debug, PartialEq, Eq, DeriveEntityModel, Serialize)]
#[sea_orm(table_name = "user_settings")]
pub struct Model {
    #[sea_orm(primary_key)]
    pub id: i32,
    #[sea_orm(unique)]
    pub user_id: i32,
    pub two_factor_enabled: bool,
    #[serde(skip_serializing)]
    pub two_factor_secret: Option<String>,
    pub two_factor_confirmed_at: Option<DateTimeUtc>,
    pub two_factor_last_step: Option<i64>,
    /// Wrong codes in the current window (docs/auth.md#guessing-limits).
    pub two_factor_failures: i32,
    pub two_factor_failures_since: Option<DateTimeUtc>,
    /// SHA-256 digests (hex) of the unused recovery codes, as a JSON array.
    #[serde(skip_serializing)]
    pub recovery_codes: Option<String>,
    pub theme: String,
    pub locale: String,
    pub created_at: DateTimeUtc,
    pub updated_at: DateTimeUtc,
}

#[derive(Copy, Clone, Debug, EnumIter, DeriveRelation)]
pub enum Relation {
    #[sea_orm(
        belongs_to = "super::user::Entity",
        from = "Column::UserId",
        to = "super::user::Column::Id",
        on_update = "Cascade",
        on_delete = "Cascade"
    )]
    User,
}

impl Related<super::user::Entity> for Entity {
    fn to() -> RelationDef {
        Relation::User.def()
    }
}

impl ActiveModelBehavior for ActiveModel {}
