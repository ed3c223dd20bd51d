//! Entity of the `media` table.

use sea_orm::entity::prelude::*;

/// A stored file, once per tenant whatever how many messages carry it: its bytes are in object
/// storage under its SHA-256 (`domain::media::store`).
#[derive(Clone, Debug, PartialEq, Eq, DeriveEntityModel)]
#[sea_orm(table_name = "media")]
pub struct Model {
    #[sea_orm(primary_key)]
    pub id: i32,
    /// Hex SHA-256 of the bytes.
    pub sha256: String,
    /// What the bytes are (their magic numbers).
    pub mime_type: String,
    pub size: i64,
    pub width: Option<i32>,
    pub height: Option<i32>,
    pub duration_ms: Option<i32>,
    /// JSON array of 64 numbers 0–100.
    #[sea_orm(column_type = "Text", nullable)]
    pub waveform: Option<String>,
    pub has_thumbnail: bool,
    pub created_at: DateTimeUtc,
    pub updated_at: DateTimeUtc,
}

#[derive(Copy, Clone, Debug, EnumIter, DeriveRelation)]
pub enum Relation {}

impl ActiveModelBehavior for ActiveModel {}
