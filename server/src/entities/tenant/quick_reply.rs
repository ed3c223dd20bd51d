//! Entity of the `quick_replies` table (docs/quick-replies.md).

use sea_orm::entity::prelude::*;

/// A text an agent inserts with `/` in the composer.
#[derive(Clone, Debug, PartialEq, Eq, DeriveEntityModel)]
#[sea_orm(table_name = "quick_replies")]
pub struct Model {
    #[sea_orm(primary_key)]
    pub id: i32,
    /// Typed after `/`: lower-case letters, digits, `-` and `_`.
    pub shortcut: String,
    pub body: String,
    /// `tenant`, `department` or `personal`.
    pub scope: String,
    /// `tenant`, `department:{id}` or `user:{id}`: a shortcut is unique per owner.
    pub owner: String,
    pub department_id: Option<i32>,
    pub user_id: Option<i32>,
    /// Messages sent with it.
    pub uses: i32,
    /// A file sent with it (held by `media_holds` as `quick_reply:{id}`) and the name the customer
    /// sees.
    pub media_id: Option<i32>,
    pub file_name: Option<String>,
    /// An official number's approved template it sends, and the values of its `{{n}}` (a JSON
    /// array of texts that may hold the reply variables).
    pub template_id: Option<i32>,
    pub template_parameters: Option<String>,
    pub created_by: Option<i32>,
    pub created_at: DateTimeUtc,
    pub updated_at: DateTimeUtc,
}

#[derive(Copy, Clone, Debug, EnumIter, DeriveRelation)]
pub enum Relation {}

impl ActiveModelBehavior for ActiveModel {}
