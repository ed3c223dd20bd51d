//! Entity of the `consents` table (docs/privacy.md#consent).

use sea_orm::entity::prelude::*;

/// A customer's answer to a version of the company's consent text (append-only: a new answer is
/// a new row).
#[derive(Clone, Debug, PartialEq, Eq, DeriveEntityModel)]
#[sea_orm(table_name = "consents")]
pub struct Model {
    #[sea_orm(primary_key)]
    pub id: i32,
    pub customer_id: i32,
    pub version: i32,
    #[sea_orm(column_type = "Text")]
    pub text: String,
    pub granted: bool,
    /// `bot` (the consent step) or `agent` (recorded by a person).
    pub source: String,
    pub ticket_id: Option<i32>,
    pub answered_at: DateTimeUtc,
}

#[derive(Copy, Clone, Debug, EnumIter, DeriveRelation)]
pub enum Relation {}

impl ActiveModelBehavior for ActiveModel {}
