//! A person's mentions (docs/notes.md#mentions): the "Menções" list, newest first, a page at a
//! time by id, with the unread count beside it. Only the mentions of tickets the person sees now
//! are listed and counted (the inbox's rule, [`Viewer::condition`]): a share declined takes its
//! mentions out of sight with the ticket.

use std::collections::HashMap;

use chrono::Utc;
use sea_orm::{
    ColumnTrait, Condition, ConnectionTrait, EntityTrait, QueryFilter, QueryOrder, QuerySelect,
    sea_query::{Expr, Query},
};
use serde::Serialize;
use utoipa::ToSchema;

use crate::{
    domain::{
        conversations::{Viewer, views::NamedRef},
        error::{Error, Result},
        events::{Audience, DomainEvent},
        notes::{
            events::MentionsRead,
            views::{MentionView, ShareView},
        },
        unit::Unit,
    },
    entities::tenant::{customer, mention, message, ticket, ticket_share, user},
};

/// One page of mentions.
#[derive(Debug, Clone, Serialize, ToSchema)]
pub struct MentionPage {
    /// Newest first.
    pub data: Vec<MentionView>,
    /// Pass as `cursor` for the next (older) page; `null` on the last.
    pub next_cursor: Option<String>,
    /// The person's unread mentions, all pages, up to 100 (100: a hundred or more).
    pub unread: u64,
}

/// Which mentions to mark read.
#[derive(Debug, Clone, Default)]
pub struct ReadWhich {
    pub ids: Vec<i32>,
    pub ticket_id: Option<i32>,
    pub all: bool,
}

/// The person's mentions of tickets they see.
fn of_viewer(viewer: &Viewer) -> Condition {
    let mine = Condition::all().add(mention::Column::UserId.eq(viewer.user_id));
    if viewer.sees_all {
        return mine;
    }
    let visible =
        Query::select().column(ticket::Column::Id).from(ticket::Entity).cond_where(viewer.condition()).to_owned();
    mine.add(mention::Column::TicketId.in_subquery(visible))
}

/// A page of the viewer's mentions, newest first (`unread_only`: those not read yet).
pub async fn list(
    db: &impl ConnectionTrait,
    viewer: &Viewer,
    cursor: Option<&str>,
    unread_only: bool,
    limit: Option<u64>,
) -> Result<MentionPage> {
    let limit = limit.unwrap_or(20).clamp(1, 100);
    let mut query = mention::Entity::find().filter(of_viewer(viewer));
    if unread_only {
        query = query.filter(mention::Column::ReadAt.is_null());
    }
    if let Some(cursor) = cursor.filter(|c| !c.is_empty()) {
        let id: i32 = cursor.parse().map_err(|_| {
            Error::invalid_field("invalid_cursor", "cursor", "Cursor inválido: use o next_cursor da página anterior.")
        })?;
        query = query.filter(mention::Column::Id.lt(id));
    }
    let mut rows = query.order_by_desc(mention::Column::Id).limit(limit + 1).all(db).await?;
    let next_cursor = if rows.len() as u64 > limit {
        rows.truncate(limit as usize);
        rows.last().map(|m| m.id.to_string())
    } else {
        None
    };
    let data = views(db, &rows).await?;
    Ok(MentionPage { data, next_cursor, unread: unread(db, viewer).await? })
}

/// The most unread mentions counted: the badge shows "99+" past 99, and a person who let
/// thousands pile up must not make every page of theirs count them all (`bench-notes`).
pub const UNREAD_CAP: u64 = 100;

/// The viewer's unread mentions of tickets they see, up to [`UNREAD_CAP`].
pub async fn unread(db: &impl ConnectionTrait, viewer: &Viewer) -> Result<u64> {
    let ids: Vec<i32> = mention::Entity::find()
        .select_only()
        .column(mention::Column::Id)
        .filter(of_viewer(viewer))
        .filter(mention::Column::ReadAt.is_null())
        .limit(UNREAD_CAP)
        .into_tuple()
        .all(db)
        .await?;
    Ok(ids.len() as u64)
}

/// Marks the viewer's mentions read (the given ones, a ticket's, or all); answers the unread
/// count left, and tells the viewer's other tabs.
pub async fn read(unit: &Unit, viewer: &Viewer, which: ReadWhich) -> Result<u64> {
    if which.ids.is_empty() && which.ticket_id.is_none() && !which.all {
        return Err(Error::invalid("nothing_to_read", "Diga quais menções marcar como lidas."));
    }
    if which.ids.len() > 100 {
        return Err(Error::invalid_field("too_many_ids", "ids", "Até 100 menções por vez."));
    }
    let mut update = mention::Entity::update_many()
        .col_expr(mention::Column::ReadAt, Expr::value(Utc::now()))
        .filter(mention::Column::UserId.eq(viewer.user_id))
        .filter(mention::Column::ReadAt.is_null());
    if !which.all {
        let mut chosen = Condition::any();
        if !which.ids.is_empty() {
            chosen = chosen.add(mention::Column::Id.is_in(which.ids.clone()));
        }
        if let Some(ticket_id) = which.ticket_id {
            chosen = chosen.add(mention::Column::TicketId.eq(ticket_id));
        }
        update = update.filter(chosen);
    }
    let changed = update.exec(unit).await?.rows_affected;
    let left = unread(unit, viewer).await?;
    if changed > 0 {
        unit.raise(MentionsRead { unread: left }.to(Audience::person(viewer.user_id)));
    }
    Ok(left)
}

/// The views of mention rows (one person's page, or one note's people): their notes, tickets,
/// customers, authors and shares, one query each whatever their number.
pub async fn views(db: &impl ConnectionTrait, rows: &[mention::Model]) -> Result<Vec<MentionView>> {
    if rows.is_empty() {
        return Ok(Vec::new());
    }
    let message_ids: Vec<i32> = rows.iter().map(|m| m.message_id).collect();
    let ticket_ids: Vec<i32> = rows.iter().map(|m| m.ticket_id).collect();
    let bodies: HashMap<i32, String> = message::Entity::find()
        .select_only()
        .column(message::Column::Id)
        .column(message::Column::Body)
        .filter(message::Column::Id.is_in(message_ids))
        .into_tuple::<(i32, String)>()
        .all(db)
        .await?
        .into_iter()
        .collect();
    let found_tickets: HashMap<i32, (String, i32)> = ticket::Entity::find()
        .select_only()
        .column(ticket::Column::Id)
        .column(ticket::Column::Protocol)
        .column(ticket::Column::CustomerId)
        .filter(ticket::Column::Id.is_in(ticket_ids.clone()))
        .into_tuple::<(i32, String, i32)>()
        .all(db)
        .await?
        .into_iter()
        .map(|(id, protocol, customer)| (id, (protocol, customer)))
        .collect();
    let customer_ids: Vec<i32> = found_tickets.values().map(|(_, c)| *c).collect();
    let customers: HashMap<i32, String> = customer::Entity::find()
        .select_only()
        .column(customer::Column::Id)
        .column(customer::Column::Name)
        .filter(customer::Column::Id.is_in(customer_ids))
        .into_tuple::<(i32, String)>()
        .all(db)
        .await?
        .into_iter()
        .collect();
    let author_ids: Vec<i32> = rows.iter().filter_map(|m| m.author_id).collect();
    let authors: HashMap<i32, String> = user::Entity::find()
        .select_only()
        .column(user::Column::Id)
        .column(user::Column::Name)
        .filter(user::Column::Id.is_in(author_ids))
        .into_tuple::<(i32, String)>()
        .all(db)
        .await?
        .into_iter()
        .collect();
    // Rows may be several people's (a note naming many): each person's share of each ticket.
    let people: Vec<i32> = rows.iter().map(|m| m.user_id).collect();
    let shares: HashMap<(i32, i32), ShareView> = ticket_share::Entity::find()
        .filter(ticket_share::Column::UserId.is_in(people))
        .filter(ticket_share::Column::TicketId.is_in(ticket_ids))
        .all(db)
        .await?
        .iter()
        .map(|s| ((s.ticket_id, s.user_id), ShareView::of(s)))
        .collect();
    Ok(rows
        .iter()
        .map(|m| {
            let (protocol, customer_id) = found_tickets.get(&m.ticket_id).cloned().unwrap_or_default();
            MentionView {
                id: m.id,
                ticket_id: m.ticket_id,
                message_id: m.message_id,
                protocol,
                customer_name: customers.get(&customer_id).cloned().unwrap_or_default(),
                author: m.author_id.map(|id| NamedRef { id, name: authors.get(&id).cloned().unwrap_or_default() }),
                body: bodies.get(&m.message_id).cloned().unwrap_or_default(),
                created_at: m.created_at,
                read_at: m.read_at,
                share: shares.get(&(m.ticket_id, m.user_id)).cloned(),
            }
        })
        .collect())
}
