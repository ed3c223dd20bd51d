//! Closing reasons: the list a ticket's closing dialog offers, kept by administrators (docs/inbox.md#closing).

use chrono::Utc;
use sea_orm::{
    ActiveModelTrait, ColumnTrait, ConnectionTrait, EntityTrait, IntoActiveModel, QueryFilter, QueryOrder, Set,
};
use serde::Serialize;
use utoipa::ToSchema;

use crate::{
    domain::error::{Error, Result},
    entities::tenant::closing_reason,
};

/// A closing reason as the API shows it.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, ToSchema)]
pub struct ClosingReasonView {
    pub id: i32,
    pub name: String,
    pub activated: bool,
}

impl From<closing_reason::Model> for ClosingReasonView {
    fn from(r: closing_reason::Model) -> Self {
        Self { id: r.id, name: r.name, activated: r.activated }
    }
}

fn check_name(name: &str) -> Result<String> {
    let name = name.trim();
    if name.is_empty() || name.chars().count() > 80 {
        return Err(Error::invalid_field("invalid_name", "name", "Informe um nome de até 80 caracteres."));
    }
    Ok(name.to_owned())
}

fn not_found() -> Error {
    Error::not_found("closing_reason_not_found", "Motivo de encerramento não encontrado.")
}

/// Every reason, by name (`only_active` for the closing dialog).
pub async fn list(db: &impl ConnectionTrait, only_active: bool) -> Result<Vec<ClosingReasonView>> {
    let mut query = closing_reason::Entity::find().order_by_asc(closing_reason::Column::Name);
    if only_active {
        query = query.filter(closing_reason::Column::Activated.eq(true));
    }
    Ok(query.all(db).await?.into_iter().map(Into::into).collect())
}

/// An active reason, or a 422 on `closingReasonId`.
pub async fn find_active(db: &impl ConnectionTrait, id: i32) -> Result<closing_reason::Model> {
    closing_reason::Entity::find_by_id(id).filter(closing_reason::Column::Activated.eq(true)).one(db).await?.ok_or_else(
        || {
            Error::invalid_field(
                "invalid_closing_reason",
                "closingReasonId",
                "Este motivo de encerramento não existe ou foi desativado.",
            )
        },
    )
}

/// Creates a reason (a taken name is refused by its unique constraint).
pub async fn create(db: &impl ConnectionTrait, name: &str) -> Result<ClosingReasonView> {
    let now = Utc::now();
    let created = closing_reason::ActiveModel {
        name: Set(check_name(name)?),
        activated: Set(true),
        created_at: Set(now),
        updated_at: Set(now),
        ..Default::default()
    }
    .insert(db)
    .await?;
    Ok(created.into())
}

/// Renames and/or (de)activates a reason.
pub async fn update(
    db: &impl ConnectionTrait,
    id: i32,
    name: Option<&str>,
    activated: Option<bool>,
) -> Result<ClosingReasonView> {
    let found = closing_reason::Entity::find_by_id(id).one(db).await?.ok_or_else(not_found)?;
    let mut active = found.into_active_model();
    if let Some(name) = name {
        active.name = Set(check_name(name)?);
    }
    if let Some(activated) = activated {
        active.activated = Set(activated);
    }
    active.updated_at = Set(Utc::now());
    Ok(active.update(db).await?.into())
}
