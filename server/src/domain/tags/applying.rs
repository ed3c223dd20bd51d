//! Putting tags on tickets and customers and taking them off (docs/tags.md#applying).
//!
//! A change names what to add and what to remove, never the whole set: two agents tagging the same
//! ticket at once both land, and a card dragged from one column to another is one change
//! (`add: [to], remove: [from]`) that holds even if someone moved it a moment before. Adding a tag
//! already there, or removing one that is not, changes nothing and raises nothing.

use std::collections::HashSet;

use chrono::Utc;
use sea_orm::{ColumnTrait, ConnectionTrait, EntityTrait, PaginatorTrait, QueryFilter, Set, sea_query::OnConflict};

use crate::{
    domain::{
        conversations::{
            Viewer, tickets,
            views::{self, TagRef, TicketView},
        },
        error::{Error, Result},
        events::{Audience, DomainEvent},
        tags::events::{CustomerTagsChanged, TicketTagsChanged},
        unit::Unit,
    },
    entities::tenant::{customer, customer_tag, tag, ticket, ticket_tag},
};

/// The most tags one ticket or customer carries.
pub const MAX_PER_SUBJECT: usize = 20;

/// Tags to put on and to take off.
#[derive(Debug, Clone, Default)]
pub struct TagChange {
    pub add: Vec<i32>,
    pub remove: Vec<i32>,
}

impl TagChange {
    /// Each id once; one both added and removed is an error.
    fn checked(&self) -> Result<(Vec<i32>, Vec<i32>)> {
        let dedup = |ids: &[i32]| {
            let mut seen = HashSet::new();
            ids.iter().copied().filter(|id| seen.insert(*id)).collect::<Vec<_>>()
        };
        let (add, remove) = (dedup(&self.add), dedup(&self.remove));
        if add.iter().any(|id| remove.contains(id)) {
            return Err(Error::invalid_field(
                "invalid_tag_change",
                "add",
                "Uma etiqueta não pode ser incluída e retirada na mesma mudança.",
            ));
        }
        if add.is_empty() && remove.is_empty() {
            return Err(Error::invalid_field("invalid_tag_change", "add", "Diga que etiquetas incluir ou retirar."));
        }
        Ok((add, remove))
    }
}

async fn ensure_known(db: &impl ConnectionTrait, ids: &[i32]) -> Result<()> {
    if ids.is_empty() {
        return Ok(());
    }
    let known = tag::Entity::find().filter(tag::Column::Id.is_in(ids.iter().copied())).count(db).await?;
    if known != ids.len() as u64 {
        return Err(Error::invalid_field("tag_not_found", "add", "Uma das etiquetas não existe mais."));
    }
    Ok(())
}

fn too_many() -> Error {
    Error::invalid_field(
        "too_many_tags",
        "add",
        format!("Use até {MAX_PER_SUBJECT} etiquetas por atendimento ou cliente."),
    )
}

/// Changes the tags of a ticket the viewer sees (404 otherwise, as for any ticket they do not
/// see); raises `TicketTagsChanged` to the ticket's people when anything changed. Answers the
/// ticket as it is now.
pub async fn change_ticket(unit: &Unit, viewer: &Viewer, ticket_id: i32, change: &TagChange) -> Result<TicketView> {
    let (add, remove) = change.checked()?;
    let found = tickets::find_visible(unit, viewer, ticket_id).await?;
    ensure_known(unit, &add).await?;
    let before: Vec<i32> = ticket_tag::Entity::find()
        .filter(ticket_tag::Column::TicketId.eq(ticket_id))
        .all(unit)
        .await?
        .into_iter()
        .map(|t| t.tag_id)
        .collect();
    let adding: Vec<i32> = add.into_iter().filter(|id| !before.contains(id)).collect();
    let removing: Vec<i32> = remove.into_iter().filter(|id| before.contains(id)).collect();
    if before.len() + adding.len() - removing.len() > MAX_PER_SUBJECT {
        return Err(too_many());
    }
    if !removing.is_empty() {
        ticket_tag::Entity::delete_many()
            .filter(ticket_tag::Column::TicketId.eq(ticket_id))
            .filter(ticket_tag::Column::TagId.is_in(removing.iter().copied()))
            .exec(unit)
            .await?;
    }
    if !adding.is_empty() {
        let now = Utc::now();
        let rows = adding.iter().map(|tag_id| ticket_tag::ActiveModel {
            ticket_id: Set(ticket_id),
            tag_id: Set(*tag_id),
            created_by: Set(Some(viewer.user_id)),
            created_at: Set(now),
            updated_at: Set(now),
            ..Default::default()
        });
        // A racing change that added the same tag first: it is there, which is what was asked.
        ticket_tag::Entity::insert_many(rows)
            .on_conflict(
                OnConflict::columns([ticket_tag::Column::TicketId, ticket_tag::Column::TagId]).do_nothing().to_owned(),
            )
            .exec_without_returning(unit)
            .await?;
    }
    if !adding.is_empty() || !removing.is_empty() {
        mark_changed(unit, Some(ticket_id), None).await?;
    }
    let view = views::ticket(unit, &found).await?;
    if !adding.is_empty() || !removing.is_empty() {
        unit.raise(TicketTagsChanged { ticket: view.clone() }.to(Audience::of_ticket(&found, &[])));
    }
    Ok(view)
}

/// The customer's tags, by name.
pub async fn of_customer(db: &impl ConnectionTrait, customer_id: i32) -> Result<Vec<TagRef>> {
    views::tags_of_customer(db, customer_id).await
}

/// Whether the viewer may tag this customer: those who see every ticket, or an agent who sees one
/// of the customer's tickets — the customer they are talking to.
async fn may_tag_customer(db: &impl ConnectionTrait, viewer: &Viewer, customer_id: i32) -> Result<bool> {
    if viewer.sees_all {
        return Ok(true);
    }
    let seen = ticket::Entity::find()
        .filter(ticket::Column::CustomerId.eq(customer_id))
        .filter(viewer.condition())
        .count(db)
        .await?;
    Ok(seen > 0)
}

/// Changes a customer's tags (403 `customer_tags_forbidden` for someone who sees none of their
/// tickets); raises `CustomerTagsChanged` when anything changed. Answers the customer's tags.
pub async fn change_customer(
    unit: &Unit,
    viewer: &Viewer,
    customer_id: i32,
    change: &TagChange,
) -> Result<Vec<TagRef>> {
    let (add, remove) = change.checked()?;
    customer::Entity::find_by_id(customer_id)
        .one(unit)
        .await?
        .ok_or_else(|| Error::not_found("customer_not_found", "Cliente não encontrado."))?;
    if !may_tag_customer(unit, viewer, customer_id).await? {
        return Err(Error::forbidden(
            "customer_tags_forbidden",
            "Só administradores, supervisores ou quem atende este cliente podem mudar as etiquetas dele.",
        ));
    }
    ensure_known(unit, &add).await?;
    let before: Vec<i32> = of_customer(unit, customer_id).await?.into_iter().map(|t| t.id).collect();
    let adding: Vec<i32> = add.into_iter().filter(|id| !before.contains(id)).collect();
    let removing: Vec<i32> = remove.into_iter().filter(|id| before.contains(id)).collect();
    if before.len() + adding.len() - removing.len() > MAX_PER_SUBJECT {
        return Err(too_many());
    }
    if !removing.is_empty() {
        customer_tag::Entity::delete_many()
            .filter(customer_tag::Column::CustomerId.eq(customer_id))
            .filter(customer_tag::Column::TagId.is_in(removing.iter().copied()))
            .exec(unit)
            .await?;
    }
    if !adding.is_empty() {
        let now = Utc::now();
        let rows = adding.iter().map(|tag_id| customer_tag::ActiveModel {
            customer_id: Set(customer_id),
            tag_id: Set(*tag_id),
            created_by: Set(Some(viewer.user_id)),
            created_at: Set(now),
            updated_at: Set(now),
            ..Default::default()
        });
        customer_tag::Entity::insert_many(rows)
            .on_conflict(
                OnConflict::columns([customer_tag::Column::CustomerId, customer_tag::Column::TagId])
                    .do_nothing()
                    .to_owned(),
            )
            .exec_without_returning(unit)
            .await?;
    }
    let tags = of_customer(unit, customer_id).await?;
    if !adding.is_empty() || !removing.is_empty() {
        unit.raise(CustomerTagsChanged { customer_id, tags: tags.clone() }.to(Audience::everyone()));
    }
    Ok(tags)
}

/// Stamps a ticket (or every ticket carrying a tag) as changed: the analytics sync's incremental
/// run recomputes the days of its life, whose figures by tag just moved.
async fn mark_changed(db: &impl ConnectionTrait, ticket_id: Option<i32>, tag_id: Option<i32>) -> Result<()> {
    use sea_orm::sea_query::{Expr, ExprTrait, Query};
    let mut update = ticket::Entity::update_many().col_expr(ticket::Column::UpdatedAt, Expr::value(Utc::now()));
    if let Some(id) = ticket_id {
        update = update.filter(ticket::Column::Id.eq(id));
    }
    if let Some(tag_id) = tag_id {
        let carrying = Query::select()
            .column(ticket_tag::Column::TicketId)
            .from(ticket_tag::Entity)
            .and_where(Expr::col(ticket_tag::Column::TagId).eq(tag_id))
            .to_owned();
        update = update.filter(ticket::Column::Id.in_subquery(carrying));
    }
    update.exec(db).await?;
    Ok(())
}

/// Takes a tag off everything that carries it (the tag is being deleted).
pub(super) async fn forget(db: &impl ConnectionTrait, tag_id: i32) -> Result<()> {
    mark_changed(db, None, Some(tag_id)).await?;
    ticket_tag::Entity::delete_many().filter(ticket_tag::Column::TagId.eq(tag_id)).exec(db).await?;
    customer_tag::Entity::delete_many().filter(customer_tag::Column::TagId.eq(tag_id)).exec(db).await?;
    Ok(())
}
