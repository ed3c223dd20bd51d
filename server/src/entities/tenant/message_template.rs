//! Entity of the `message_templates` table.

use sea_orm::entity::prelude::*;

/// An official number's message template as Meta last reported it (docs/providers.md#templates).
#[derive(Clone, Debug, PartialEq, Eq, DeriveEntityModel)]
#[sea_orm(table_name = "message_templates")]
pub struct Model {
    #[sea_orm(primary_key)]
    pub id: i32,
    pub instance_id: i32,
    /// Meta's id of the template.
    pub meta_id: Option<String>,
    pub name: String,
    /// `pt_BR`, `en_US`…
    pub language: String,
    /// `MARKETING`, `UTILITY` or `AUTHENTICATION`.
    pub category: String,
    /// `APPROVED`, `PENDING`, `REJECTED`, `PAUSED`, `DISABLED`…
    pub status: String,
    pub header: Option<String>,
    /// The body text with its `{{1}}`… placeholders.
    pub body: String,
    pub footer: Option<String>,
    /// How many `{{n}}` the body has.
    pub parameters: i32,
    /// Meta's example values of the body's parameters (a JSON array of strings).
    pub examples: Option<String>,
    pub synced_at: DateTimeUtc,
    pub created_at: DateTimeUtc,
    pub updated_at: DateTimeUtc,
}

#[derive(Copy, Clone, Debug, EnumIter, DeriveRelation)]
pub enum Relation {}

impl ActiveModelBehavior for ActiveModel {}
