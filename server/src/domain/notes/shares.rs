//! Sharing a ticket with a colleague who does not see it (docs/notes.md#sharing): mentioning them
//! in a note asks them in, as a transfer asks its target; they accept (the ticket stays visible
//! to them, beside its owner: they read it and write notes, never reply) or decline (it goes
//! back out of their sight). While the question is open they see the ticket, to decide.

use std::collections::HashSet;

use chrono::Utc;
use sea_orm::{
    ActiveModelTrait, ColumnTrait, ConnectionTrait, EntityTrait, IntoActiveModel, QueryFilter, QueryOrder, QuerySelect,
    Set,
};
use serde::Serialize;
use utoipa::ToSchema;

use crate::{
    domain::{
        conversations::{SEES_ALL_ROLES, Viewer, attachments, messages, tickets},
        error::{Error, Result},
        events::{Audience, DomainEvent, Raised},
        notes::{events::ChatNoteAdded, views::ShareView},
        unit::Unit,
    },
    entities::tenant::{role, states::TransferStatus, ticket, ticket_share, ticket_transfer, user, user_instance},
};

/// At most this many people are offered to mention (a tenant has tens, rarely hundreds).
const MAX_PEOPLE: u64 = 500;

/// A share's state.
pub const PENDING: &str = "pending";
pub const ACCEPTED: &str = "accepted";
pub const DECLINED: &str = "declined";

/// A person of the tenant as the mention picker shows them.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct Person {
    pub id: i32,
    pub name: String,
    pub department_id: Option<i32>,
    /// Whether they see the ticket now: mentioning one who does not asks them in.
    pub can_see: bool,
    /// With the back-office open now.
    pub online: bool,
}

/// The active people of the tenant (or only `only`), by name, each with whether they see
/// `ticket` — by the rule of [`Viewer::condition`], read for many people at once: four queries
/// whatever their number.
pub async fn people(
    db: &impl ConnectionTrait,
    found: &ticket::Model,
    only: Option<&[i32]>,
    online: &HashSet<i32>,
) -> Result<Vec<Person>> {
    // People only: an API token's principal is never mentioned nor asked in.
    let mut query =
        user::Entity::find().filter(user::Column::DeletedAt.is_null()).filter(user::Column::Kind.eq("person"));
    if let Some(ids) = only {
        query = query.filter(user::Column::Id.is_in(ids.to_vec()));
    }
    let users = query.order_by_asc(user::Column::Name).order_by_asc(user::Column::Id).limit(MAX_PEOPLE).all(db).await?;
    let managers: HashSet<i32> = role::Entity::find()
        .select_only()
        .column(role::Column::Id)
        .filter(role::Column::Name.is_in(SEES_ALL_ROLES.iter().copied()))
        .into_tuple::<i32>()
        .all(db)
        .await?
        .into_iter()
        .collect();
    let linked: HashSet<i32> = user_instance::Entity::find()
        .select_only()
        .column(user_instance::Column::UserId)
        .filter(user_instance::Column::InstanceId.eq(found.instance_id))
        .into_tuple::<i32>()
        .all(db)
        .await?
        .into_iter()
        .collect();
    let transfers = ticket_transfer::Entity::find()
        .filter(ticket_transfer::Column::TicketId.eq(found.id))
        .filter(ticket_transfer::Column::Status.eq(TransferStatus::Pending))
        .all(db)
        .await?;
    let shared: HashSet<i32> = ticket_share::Entity::find()
        .select_only()
        .column(ticket_share::Column::UserId)
        .filter(ticket_share::Column::TicketId.eq(found.id))
        .filter(ticket_share::Column::Status.is_in([PENDING, ACCEPTED]))
        .into_tuple::<i32>()
        .all(db)
        .await?
        .into_iter()
        .collect();
    Ok(users
        .into_iter()
        .map(|u| {
            let own_instance =
                linked.contains(&u.id) && (found.department_id.is_none() || found.department_id == u.department_id);
            let offered = transfers.iter().any(|t| {
                t.to_user_id == Some(u.id) || (t.to_department_id.is_some() && t.to_department_id == u.department_id)
            });
            let can_see = managers.contains(&u.role_id)
                || found.assigned_user_id == Some(u.id)
                || own_instance
                || offered
                || shared.contains(&u.id);
            Person { id: u.id, name: u.name, department_id: u.department_id, can_see, online: online.contains(&u.id) }
        })
        .collect())
}

/// The people the viewer may mention on a ticket they see.
pub async fn targets(
    db: &impl ConnectionTrait,
    viewer: &Viewer,
    ticket_id: i32,
    online: &HashSet<i32>,
) -> Result<Vec<Person>> {
    let found = tickets::find_visible(db, viewer, ticket_id).await?;
    let mut people = people(db, &found, None, online).await?;
    people.retain(|p| p.id != viewer.user_id);
    Ok(people)
}

/// Asks a person in (a pending share; one they declined is asked again). Raises what lets their
/// open sockets hear of the ticket at once.
pub async fn ask(unit: &Unit, found: &ticket::Model, user_id: i32, by: i32) -> Result<ticket_share::Model> {
    let now = Utc::now();
    let existing = ticket_share::Entity::find()
        .filter(ticket_share::Column::TicketId.eq(found.id))
        .filter(ticket_share::Column::UserId.eq(user_id))
        .one(unit)
        .await?;
    let share = match existing {
        Some(share) if share.status != DECLINED => share,
        Some(share) => {
            let mut active = share.into_active_model();
            active.status = Set(PENDING.into());
            active.requested_by = Set(Some(by));
            active.decided_at = Set(None);
            active.updated_at = Set(now);
            active.update(unit).await?
        }
        None => {
            ticket_share::ActiveModel {
                ticket_id: Set(found.id),
                user_id: Set(user_id),
                requested_by: Set(Some(by)),
                status: Set(PENDING.into()),
                created_at: Set(now),
                updated_at: Set(now),
                ..Default::default()
            }
            .insert(unit)
            .await?
        }
    };
    unit.raise(Raised::TicketShared { user_id, ticket_id: found.id, shared: true });
    Ok(share)
}

/// The person asked in accepts (`accept`) or declines: a line in the conversation says so; a
/// decline takes the ticket out of their sight. Only they may answer (anyone else: 404); an
/// answered share answers 409, unless the same answer is given again.
pub async fn decide(unit: &Unit, viewer: &Viewer, share_id: i32, accept: bool) -> Result<ShareView> {
    let share = ticket_share::Entity::find_by_id(share_id)
        .filter(ticket_share::Column::UserId.eq(viewer.user_id))
        .one(unit)
        .await?
        .ok_or_else(|| Error::not_found("share_not_found", "Convite não encontrado."))?;
    let wanted = if accept { ACCEPTED } else { DECLINED };
    if share.status == wanted {
        return Ok(ShareView::of(&share));
    }
    if share.status != PENDING {
        return Err(Error::conflict("share_decided", "Este convite já foi respondido."));
    }
    let found = ticket::Entity::find_by_id(share.ticket_id)
        .one(unit)
        .await?
        .ok_or_else(|| Error::not_found("share_not_found", "Convite não encontrado."))?;
    let requester = share.requested_by;
    let mut active = share.into_active_model();
    active.status = Set(wanted.into());
    active.decided_at = Set(Some(Utc::now()));
    active.updated_at = Set(Utc::now());
    let decided = active.update(unit).await?;
    let line = if accept {
        format!("{} entrou no atendimento a convite de uma anotação", viewer.name)
    } else {
        format!("{} recusou o convite para o atendimento", viewer.name)
    };
    let stored = messages::note(unit, &found, Some(viewer.user_id), &line).await?;
    let message = attachments::whole(unit, unit.tenant().as_str(), &stored).await?;
    let also: Vec<i32> = requester.into_iter().chain([viewer.user_id]).collect();
    unit.raise(ChatNoteAdded { ticket_id: found.id, message }.to(Audience::of_ticket(&found, &also)));
    if !accept {
        unit.raise(Raised::TicketShared { user_id: viewer.user_id, ticket_id: found.id, shared: false });
    }
    Ok(ShareView::of(&decided))
}
