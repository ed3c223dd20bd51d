//! Entity of the `api_tokens` table (docs/api-tokens.md).

use sea_orm::entity::prelude::*;

/// An integration's credential. It acts through its principal (`user_id`, a user of kind
/// `integration`): the principal's role is its scope, its instance links its restriction.
#[derive(Clone, Debug, PartialEq, Eq, DeriveEntityModel)]
#[sea_orm(table_name = "api_tokens")]
pub struct Model {
    #[sea_orm(primary_key)]
    pub id: i32,
    pub name: String,
    pub user_id: i32,
    /// The token's first characters, to recognise it in a list (`bo_Ab3dE9`).
    pub prefix: String,
    /// SHA-256 of the token, in hex: the token itself is shown once and kept nowhere.
    pub secret_hash: String,
    /// Limited to the principal's linked instances (otherwise every instance).
    pub restricted: bool,
    pub expires_at: Option<DateTimeUtc>,
    pub last_used_at: Option<DateTimeUtc>,
    pub last_used_ip: Option<String>,
    pub created_by: Option<i32>,
    pub created_at: DateTimeUtc,
    pub revoked_at: Option<DateTimeUtc>,
    pub revoked_by: Option<i32>,
}

#[derive(Copy, Clone, Debug, EnumIter, DeriveRelation)]
pub enum Relation {}

impl ActiveModelBehavior for ActiveModel {}
