//! Tags (etiquetas, docs/tags.md): one model for tickets and customers. Administrators keep the
//! tenant's tags (the `tags` route: name, colour, and which are the kanban board's columns, in
//! order); anyone who sees a ticket tags it ([`applying`]), from the conversation, the queue or by
//! dragging its card on the board. A ticket's tags ride in its view (`TicketView.tags`, read in
//! the page's own statement), so the queue, the board and every ticket event carry them.
//!
//! A tenant keeps at most [`MAX_TAGS`]: the list is read whole (pickers and filters show them
//! all), never paged.

pub mod applying;
pub mod events;

use chrono::{DateTime, Utc};
use sea_orm::{
    ActiveModelTrait, ColumnTrait, ConnectionTrait, EntityTrait, IntoActiveModel, PaginatorTrait, QueryFilter,
    QueryOrder, Set, sea_query::Expr,
};
use serde::Serialize;
use utoipa::ToSchema;

use crate::{
    domain::{
        conversations::views::TagRef,
        error::{Error, Result},
        events::{Audience, DomainEvent},
        tags::events::TagsChanged,
        text::fold,
        unit::Unit,
    },
    entities::tenant::tag,
};

/// The most tags a tenant keeps.
pub const MAX_TAGS: u64 = 200;
/// The longest name.
const MAX_NAME: usize = 40;
/// The most columns the board shows.
pub const MAX_COLUMNS: usize = 20;
/// The colour of a tag created without one (Mantine's blue 6).
pub const DEFAULT_COLOR: &str = "#228be6";

/// A tag as the API shows it.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct TagView {
    pub id: i32,
    pub name: String,
    /// `#rrggbb`.
    pub color: String,
    /// Its column's place on the kanban board (0 first); `null`: not on the board.
    pub board_position: Option<i32>,
    pub created_at: DateTime<Utc>,
    pub updated_at: DateTime<Utc>,
}

impl From<tag::Model> for TagView {
    fn from(t: tag::Model) -> Self {
        Self {
            id: t.id,
            name: t.name,
            color: t.color,
            board_position: t.board_position,
            created_at: t.created_at,
            updated_at: t.updated_at,
        }
    }
}

impl TagView {
    pub fn as_ref(&self) -> TagRef {
        TagRef { id: self.id, name: self.name.clone(), color: self.color.clone() }
    }
}

/// A new tag, or the changes to one (`None`: unchanged).
#[derive(Debug, Clone, Default)]
pub struct TagFields {
    pub name: Option<String>,
    pub color: Option<String>,
}

fn not_found() -> Error {
    Error::not_found("tag_not_found", "Etiqueta não encontrada.")
}

/// Every tag of the tenant, by name (accents and case aside).
pub async fn list(db: &impl ConnectionTrait) -> Result<Vec<TagView>> {
    let rows = tag::Entity::find().order_by_asc(tag::Column::NameKey).order_by_asc(tag::Column::Id).all(db).await?;
    Ok(rows.into_iter().map(Into::into).collect())
}

/// The board's columns, in order.
pub async fn board(db: &impl ConnectionTrait) -> Result<Vec<TagView>> {
    let rows = tag::Entity::find()
        .filter(tag::Column::BoardPosition.is_not_null())
        .order_by_asc(tag::Column::BoardPosition)
        .order_by_asc(tag::Column::Id)
        .all(db)
        .await?;
    Ok(rows.into_iter().map(Into::into).collect())
}

/// A name as stored: trimmed, single spaces, 1 to [`MAX_NAME`] characters, at least one letter or
/// digit, no line break (a ticket's tags are read back a line each).
fn check_name(raw: &str) -> Result<(String, String)> {
    let name = raw.split_whitespace().collect::<Vec<_>>().join(" ");
    let key = fold(&name);
    if name.is_empty() || name.chars().count() > MAX_NAME || key.is_empty() || name.chars().any(char::is_control) {
        return Err(Error::invalid_field(
            "invalid_tag_name",
            "name",
            format!("Dê à etiqueta um nome de 1 a {MAX_NAME} caracteres, com letras ou números."),
        ));
    }
    // The key column is as long as the name column; folding never lengthens a name.
    Ok((name, key))
}

/// `#rrggbb`, lower case.
fn check_color(raw: &str) -> Result<String> {
    let color = raw.trim().to_ascii_lowercase();
    let valid = color.len() == 7 && color.starts_with('#') && color[1..].chars().all(|c| c.is_ascii_hexdigit());
    if !valid {
        return Err(Error::invalid_field("invalid_tag_color", "color", "Use uma cor no formato #rrggbb."));
    }
    Ok(color)
}

async fn ensure_name_free(db: &impl ConnectionTrait, key: &str, except: Option<i32>) -> Result<()> {
    let mut taken = tag::Entity::find().filter(tag::Column::NameKey.eq(key));
    if let Some(id) = except {
        taken = taken.filter(tag::Column::Id.ne(id));
    }
    if let Some(other) = taken.one(db).await? {
        return Err(Error::invalid_field(
            "tag_name_taken",
            "name",
            format!("Já existe a etiqueta \"{}\".", other.name),
        ));
    }
    Ok(())
}

/// Creates a tag (raises `TagsChanged`).
pub async fn create(unit: &Unit, by: i32, fields: TagFields) -> Result<TagView> {
    let (name, key) = check_name(fields.name.as_deref().unwrap_or_default())?;
    let color = match fields.color.as_deref() {
        Some(color) => check_color(color)?,
        None => DEFAULT_COLOR.to_owned(),
    };
    if tag::Entity::find().count(unit).await? >= MAX_TAGS {
        return Err(Error::invalid_field(
            "too_many_tags",
            "name",
            format!("A empresa já tem {MAX_TAGS} etiquetas: apague uma que não se usa mais."),
        ));
    }
    ensure_name_free(unit, &key, None).await?;
    let now = Utc::now();
    let created = tag::ActiveModel {
        name: Set(name),
        name_key: Set(key),
        color: Set(color),
        board_position: Set(None),
        created_by: Set(Some(by)),
        created_at: Set(now),
        updated_at: Set(now),
        ..Default::default()
    }
    .insert(unit)
    .await?;
    raise_changed(unit).await?;
    Ok(created.into())
}

/// Renames or recolours a tag (raises `TagsChanged`; the tickets that carry it show it changed
/// from their next read).
pub async fn update(unit: &Unit, id: i32, fields: TagFields) -> Result<TagView> {
    let found = tag::Entity::find_by_id(id).one(unit).await?.ok_or_else(not_found)?;
    let mut active = found.into_active_model();
    if let Some(raw) = fields.name.as_deref() {
        let (name, key) = check_name(raw)?;
        ensure_name_free(unit, &key, Some(id)).await?;
        active.name = Set(name);
        active.name_key = Set(key);
    }
    if let Some(color) = fields.color.as_deref() {
        active.color = Set(check_color(color)?);
    }
    active.updated_at = Set(Utc::now());
    let updated = active.update(unit).await?;
    raise_changed(unit).await?;
    Ok(updated.into())
}

/// Deletes a tag: it leaves every ticket and customer that carried it (raises `TagsChanged`).
pub async fn delete(unit: &Unit, id: i32) -> Result<()> {
    let found = tag::Entity::find_by_id(id).one(unit).await?.ok_or_else(not_found)?;
    // The links go by their foreign keys' cascade; said here too, for a SQLite connection opened
    // without `foreign_keys` (the CLI's, say).
    applying::forget(unit, id).await?;
    tag::Entity::delete_by_id(found.id).exec(unit).await?;
    raise_changed(unit).await
}

/// Makes `tag_ids` the board's columns, in that order; every other tag leaves the board.
pub async fn set_board(unit: &Unit, tag_ids: &[i32]) -> Result<Vec<TagView>> {
    if tag_ids.len() > MAX_COLUMNS {
        return Err(Error::invalid_field(
            "too_many_columns",
            "tagIds",
            format!("O quadro mostra até {MAX_COLUMNS} colunas."),
        ));
    }
    let mut seen = std::collections::HashSet::new();
    if !tag_ids.iter().all(|id| seen.insert(*id)) {
        return Err(Error::invalid_field("duplicate_column", "tagIds", "Uma etiqueta aparece duas vezes no quadro."));
    }
    let known = tag::Entity::find().filter(tag::Column::Id.is_in(tag_ids.iter().copied())).count(unit).await?;
    if known != tag_ids.len() as u64 {
        return Err(Error::invalid_field("tag_not_found", "tagIds", "Uma das etiquetas não existe mais."));
    }
    let now = Utc::now();
    tag::Entity::update_many()
        .col_expr(tag::Column::BoardPosition, Expr::value(Option::<i32>::None))
        .col_expr(tag::Column::UpdatedAt, Expr::value(now))
        .filter(tag::Column::BoardPosition.is_not_null())
        .exec(unit)
        .await?;
    for (position, id) in tag_ids.iter().enumerate() {
        tag::Entity::update_many()
            .col_expr(tag::Column::BoardPosition, Expr::value(position as i32))
            .col_expr(tag::Column::UpdatedAt, Expr::value(now))
            .filter(tag::Column::Id.eq(*id))
            .exec(unit)
            .await?;
    }
    raise_changed(unit).await?;
    board(unit).await
}

/// Tells every screen the tenant's tags changed (pickers, filters, the board's columns).
async fn raise_changed(unit: &Unit) -> Result<()> {
    let tags = list(unit).await?;
    unit.raise(TagsChanged { tags }.to(Audience::everyone()));
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_are_tidied_and_keyed_without_accents() {
        assert_eq!(check_name("  Pós   venda ").unwrap(), ("Pós venda".to_owned(), "pos venda".to_owned()));
        assert!(check_name("!!!").is_err(), "no letter or digit");
        assert!(check_name(&"a".repeat(41)).is_err());
        assert!(check_name("").is_err());
    }

    #[test]
    fn colours_are_six_hex_digits() {
        assert_eq!(check_color("#FA5252").unwrap(), "#fa5252");
        assert!(check_color("red").is_err());
        assert!(check_color("#fff").is_err());
        assert!(check_color("#gggggg").is_err());
    }
}
