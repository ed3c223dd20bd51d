//! Transfers as first-class requests (docs/inbox.md#transfers): the owner of an open ticket asks
//! to hand it to a person or a department; the ticket is `transferring` until the target accepts
//! (the ticket is theirs, `open`), rejects, or the requester cancels (back to its owner). Two
//! accepts racing: one wins, the other gets 409. Each step leaves a line in the conversation.

use std::collections::HashSet;

use chrono::Utc;
use sea_orm::{
    ActiveModelTrait, ColumnTrait, ConnectionTrait, EntityTrait, IntoActiveModel, QueryFilter, QueryOrder, QuerySelect,
    Set,
    sea_query::{Expr, Query},
};
use serde::Serialize;
use utoipa::ToSchema;

use crate::{
    domain::{
        conversations::{
            SEES_ALL_ROLES, Viewer,
            events::{ChatTicketTransfer, ChatTicketTransferred, ChatTicketTransferring, DeleteChatTicketTransfer},
            hooks, messages,
            tickets::{self, TicketStatus, ensure_owner},
            views::{self, NamedRef, TicketView, TransferView},
        },
        distribution::{self, offers},
        error::{Error, Result},
        events::{Audience, DomainEvent},
        unit::Unit,
    },
    entities::tenant::{department, role, states::TransferStatus, ticket, ticket_transfer, user, user_instance},
};

/// A transfer to request.
#[derive(Debug, Clone, Default)]
pub struct NewTransfer {
    pub to_user_id: Option<i32>,
    pub to_department_id: Option<i32>,
    pub note: Option<String>,
}

fn not_found() -> Error {
    Error::not_found("transfer_not_found", "Transferência não encontrada.")
}

/// At most this many people are offered as targets (a tenant has tens, rarely hundreds).
const MAX_TARGET_USERS: u64 = 500;

/// Where a ticket can go: the people who could serve it, online first, and the departments.
#[derive(Debug, Clone, Serialize, ToSchema)]
pub struct TransferTargets {
    pub users: Vec<TargetUser>,
    pub departments: Vec<NamedRef>,
}

/// A person a ticket can be transferred to.
#[derive(Debug, Clone, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct TargetUser {
    pub id: i32,
    pub name: String,
    /// With the back-office open now (a socket on any replica).
    pub online: bool,
    pub department_id: Option<i32>,
}

/// The targets for a ticket the viewer sees: active people linked to its instance or who see
/// every ticket, except its owner and the viewer; `online` is who has a socket open.
pub async fn targets(
    db: &impl ConnectionTrait,
    viewer: &Viewer,
    ticket_id: i32,
    online: &HashSet<i32>,
) -> Result<TransferTargets> {
    let found = tickets::find_visible(db, viewer, ticket_id).await?;
    let managers: Vec<i32> = role::Entity::find()
        .select_only()
        .column(role::Column::Id)
        .filter(role::Column::Name.is_in(SEES_ALL_ROLES.iter().copied()))
        .into_tuple()
        .all(db)
        .await?;
    // The few who could serve it, looked up by index (the instance's links, the managers' roles)
    // before their rows are read. The role ids are literals, not bound: PostgreSQL then knows from
    // its statistics that few people hold them; bound, or joined from `roles` by name, it planned
    // for a third of the users per role and read every user (2 ms against 0.2 ms over 5 000).
    let mut candidates = Query::select()
        .column(user_instance::Column::UserId)
        .from(user_instance::Entity)
        .and_where(user_instance::Column::InstanceId.eq(found.instance_id))
        .to_owned();
    if !managers.is_empty() {
        let list = managers.iter().map(i32::to_string).collect::<Vec<_>>().join(", ");
        let holding = Query::select()
            .column(user::Column::Id)
            .from(user::Entity)
            .and_where(Expr::cust(format!("users.role_id IN ({list})")))
            .to_owned();
        candidates.union(sea_orm::sea_query::UnionType::All, holding);
    }
    let excluded: Vec<i32> = [Some(viewer.user_id), found.assigned_user_id].into_iter().flatten().collect();
    let people: Vec<(i32, String, Option<i32>)> = user::Entity::find()
        .select_only()
        .columns([user::Column::Id, user::Column::Name, user::Column::DepartmentId])
        .filter(user::Column::DeletedAt.is_null())
        .filter(user::Column::BlockedAt.is_null())
        // A ticket is handed to people, never to an API token's principal.
        .filter(user::Column::Kind.eq("person"))
        .filter(user::Column::Id.is_not_in(excluded))
        .filter(user::Column::Id.in_subquery(candidates))
        .order_by_asc(user::Column::Name)
        .limit(MAX_TARGET_USERS)
        .into_tuple()
        .all(db)
        .await?;
    let mut users: Vec<TargetUser> = people
        .into_iter()
        .map(|(id, name, department_id)| TargetUser { id, name, online: online.contains(&id), department_id })
        .collect();
    // Online first, each group by name (the sort is stable).
    users.sort_by_key(|u| !u.online);
    let departments = department::Entity::find()
        .filter(department::Column::Activated.eq(true))
        .order_by_asc(department::Column::Name)
        .all(db)
        .await?
        .into_iter()
        .map(|d| NamedRef { id: d.id, name: d.name })
        .collect();
    Ok(TransferTargets { users, departments })
}

/// The owner (or a manager) asks to transfer an open ticket.
pub async fn request(unit: &Unit, viewer: &Viewer, ticket_id: i32, new: NewTransfer) -> Result<TransferView> {
    let found = tickets::find_visible(unit, viewer, ticket_id).await?;
    if found.status == TicketStatus::Transferring {
        return Err(Error::conflict("transfer_pending", "Este atendimento já está em transferência."));
    }
    ensure_owner(viewer, &found)?;
    let note = new.note.map(|n| n.trim().to_owned()).filter(|n| !n.is_empty());
    if note.as_ref().is_some_and(|n| n.chars().count() > 500) {
        return Err(Error::invalid_field("note_too_long", "note", "A observação pode ter até 500 caracteres."));
    }
    let target_name = match (new.to_user_id, new.to_department_id) {
        (Some(_), Some(_)) | (None, None) => {
            return Err(Error::invalid_field(
                "invalid_transfer_target",
                "toUserId",
                "Escolha uma pessoa ou um departamento (um dos dois).",
            ));
        }
        (Some(user_id), None) => {
            let target = user::Entity::find_by_id(user_id)
                .filter(user::Column::DeletedAt.is_null())
                .filter(user::Column::BlockedAt.is_null())
                .one(unit)
                .await?
                .ok_or_else(|| Error::invalid_field("invalid_transfer_target", "toUserId", "Pessoa não encontrada."))?;
            if target.id == found.assigned_user_id.unwrap_or_default() {
                return Err(Error::invalid_field(
                    "invalid_transfer_target",
                    "toUserId",
                    "O atendimento já é desta pessoa.",
                ));
            }
            target.name
        }
        (None, Some(department_id)) => {
            department::Entity::find_by_id(department_id)
                .filter(department::Column::Activated.eq(true))
                .one(unit)
                .await?
                .ok_or_else(|| {
                    Error::invalid_field("invalid_transfer_target", "toDepartmentId", "Departamento não encontrado.")
                })?
                .name
        }
    };
    let now = Utc::now();
    let transfer = ticket_transfer::ActiveModel {
        ticket_id: Set(ticket_id),
        from_user_id: Set(found.assigned_user_id),
        to_user_id: Set(new.to_user_id),
        to_department_id: Set(new.to_department_id),
        from_department_id: Set(found.department_id),
        requested_by_user_id: Set(Some(viewer.user_id)),
        status: Set(TransferStatus::Pending),
        note: Set(note.clone()),
        created_at: Set(now),
        updated_at: Set(now),
        ..Default::default()
    }
    .insert(unit)
    .await?;
    let mut active = found.into_active_model();
    active.status = Set(TicketStatus::Transferring);
    active.last_activity_at = Set(Some(now));
    active.updated_at = Set(now);
    let transferring = active.update(unit).await?;
    let line = match &note {
        Some(note) => format!("{} transferiu o atendimento para {target_name}: {note}", viewer.name),
        None => format!("{} transferiu o atendimento para {target_name}", viewer.name),
    };
    messages::note(unit, &transferring, Some(viewer.user_id), &line).await?;
    let (ticket_view, transfer_view) =
        (views::ticket(unit, &transferring).await?, views::transfer(unit, &transfer).await?);
    unit.raise(
        ChatTicketTransfer { ticket: ticket_view.clone(), transfer: transfer_view.clone() }
            .to(Audience::of_transfer(&transferring, &transfer)),
    );
    unit.raise(
        ChatTicketTransferring { ticket: ticket_view, transfer: transfer_view.clone() }
            .to(Audience::of_ticket(&transferring, &[])),
    );
    Ok(transfer_view)
}

/// A pending transfer the viewer may see (its ticket visible to them, or addressed to them).
async fn find_pending(
    db: &impl ConnectionTrait,
    viewer: &Viewer,
    id: i32,
) -> Result<(ticket_transfer::Model, ticket::Model)> {
    let transfer = ticket_transfer::Entity::find_by_id(id).one(db).await?.ok_or_else(not_found)?;
    let ticket = tickets::find_visible(db, viewer, transfer.ticket_id).await.map_err(|_| not_found())?;
    if transfer.status != TransferStatus::Pending {
        return Err(Error::conflict("transfer_resolved", "Esta transferência já foi resolvida."));
    }
    Ok((transfer, ticket))
}

fn is_target(viewer: &Viewer, transfer: &ticket_transfer::Model) -> bool {
    transfer.to_user_id == Some(viewer.user_id)
        || (transfer.to_department_id.is_some() && transfer.to_department_id == viewer.department_id)
        || viewer.sees_all
}

/// Resolves a pending transfer to `status`, unless someone resolved it first (409).
async fn resolve(db: &impl ConnectionTrait, id: i32, status: TransferStatus) -> Result<()> {
    let now = Utc::now();
    let changed = ticket_transfer::Entity::update_many()
        .col_expr(ticket_transfer::Column::Status, Expr::value(status))
        .col_expr(ticket_transfer::Column::ResolvedAt, Expr::value(now))
        .col_expr(ticket_transfer::Column::UpdatedAt, Expr::value(now))
        .filter(ticket_transfer::Column::Id.eq(id))
        .filter(ticket_transfer::Column::Status.eq(TransferStatus::Pending))
        .exec(db)
        .await?;
    if changed.rows_affected == 0 {
        return Err(Error::conflict("transfer_resolved", "Esta transferência já foi resolvida."));
    }
    Ok(())
}

/// The target accepts: the ticket is theirs, `open` (in the target department, if any).
pub async fn accept(unit: &Unit, viewer: &Viewer, id: i32) -> Result<TicketView> {
    let (transfer, found) = find_pending(unit, viewer, id).await?;
    if !is_target(viewer, &transfer) {
        return Err(Error::forbidden("not_transfer_target", "Esta transferência é para outra pessoa."));
    }
    resolve(unit, id, TransferStatus::Accepted).await?;
    if transfer.to_user_id.is_none() {
        // A department's transfer records who took it: the analytics count it as theirs
        // (transfers in, docs/analytics.md#definitions).
        ticket_transfer::Entity::update_many()
            .col_expr(ticket_transfer::Column::ToUserId, Expr::value(viewer.user_id))
            .filter(ticket_transfer::Column::Id.eq(id))
            .exec(unit)
            .await?;
    }
    let now = Utc::now();
    let previous_owner = found.assigned_user_id;
    let mut active = found.into_active_model();
    active.status = Set(TicketStatus::Open);
    active.assigned_user_id = Set(Some(viewer.user_id));
    if let Some(department) = transfer.to_department_id {
        active.department_id = Set(Some(department));
    }
    active.last_activity_at = Set(Some(now));
    active.updated_at = Set(now);
    let accepted = active.update(unit).await?;
    messages::note(unit, &accepted, Some(viewer.user_id), &format!("{} aceitou a transferência", viewer.name)).await?;
    let view = views::ticket(unit, &accepted).await?;
    let audience = Audience::of_ticket(&accepted, &previous_owner.into_iter().collect::<Vec<_>>());
    unit.raise(ChatTicketTransferred { ticket: view.clone(), transfer_id: Some(id) }.to(audience));
    hooks::transferred(unit, &view, id).await?;
    if previous_owner.is_some_and(|owner| owner != viewer.user_id) {
        // The previous owner has room again.
        distribution::kick(unit).await?;
    }
    Ok(view)
}

/// The target declines (`rejected`), or the requester or a manager withdraws it (`cancelled`):
/// the ticket goes back to its owner, `open` — or, for the distribution's offer, which had no
/// owner, back to the queue for the next person (`distribution::offers`).
pub async fn withdraw(unit: &Unit, viewer: &Viewer, id: i32, by_target: bool) -> Result<TicketView> {
    let (transfer, found) = find_pending(unit, viewer, id).await?;
    let allowed = if by_target {
        is_target(viewer, &transfer)
    } else {
        transfer.requested_by_user_id == Some(viewer.user_id)
            || transfer.from_user_id == Some(viewer.user_id)
            || viewer.sees_all
    };
    if !allowed {
        return Err(Error::forbidden("not_transfer_party", "Você não pode resolver esta transferência."));
    }
    let status = if by_target { TransferStatus::Rejected } else { TransferStatus::Cancelled };
    resolve(unit, id, status).await?;
    if offers::is_offer(&transfer) {
        return withdraw_offer(unit, viewer, &transfer, found, by_target).await;
    }
    let now = Utc::now();
    let mut active = found.into_active_model();
    active.status = Set(TicketStatus::Open);
    active.last_activity_at = Set(Some(now));
    active.updated_at = Set(now);
    let reopened = active.update(unit).await?;
    let line = if by_target {
        format!("{} recusou a transferência", viewer.name)
    } else {
        format!("{} cancelou a transferência", viewer.name)
    };
    messages::note(unit, &reopened, Some(viewer.user_id), &line).await?;
    let resolved = ticket_transfer::Entity::find_by_id(id).one(unit).await?.ok_or_else(not_found)?;
    let (view, transfer_view) = (views::ticket(unit, &reopened).await?, views::transfer(unit, &resolved).await?);
    unit.raise(
        DeleteChatTicketTransfer { ticket: view.clone(), transfer: transfer_view }
            .to(Audience::of_transfer(&reopened, &resolved)),
    );
    Ok(view)
}

/// An offer declined by its person, or withdrawn by a manager: the ticket goes back to the queue
/// and the distribution looks for the next person.
async fn withdraw_offer(
    unit: &Unit,
    viewer: &Viewer,
    transfer: &ticket_transfer::Model,
    found: ticket::Model,
    by_target: bool,
) -> Result<TicketView> {
    let back = offers::back_to_queue(unit, transfer).await?.unwrap_or(found);
    let line = if by_target {
        format!("{} recusou o atendimento oferecido", viewer.name)
    } else {
        format!("{} cancelou a oferta", viewer.name)
    };
    messages::note(unit, &back, Some(viewer.user_id), &line).await?;
    let resolved = ticket_transfer::Entity::find_by_id(transfer.id).one(unit).await?.ok_or_else(not_found)?;
    let (view, transfer_view) = (views::ticket(unit, &back).await?, views::transfer(unit, &resolved).await?);
    unit.raise(
        DeleteChatTicketTransfer { ticket: view.clone(), transfer: transfer_view }
            .to(Audience::of_transfer(&back, &resolved)),
    );
    distribution::kick(unit).await?;
    Ok(view)
}

/// The transfers of a ticket, newest first (the conversation's header shows the pending one).
pub async fn of_ticket(db: &impl ConnectionTrait, viewer: &Viewer, ticket_id: i32) -> Result<Vec<TransferView>> {
    use sea_orm::QueryOrder;
    tickets::find_visible(db, viewer, ticket_id).await?;
    let rows = ticket_transfer::Entity::find()
        .filter(ticket_transfer::Column::TicketId.eq(ticket_id))
        .order_by_desc(ticket_transfer::Column::Id)
        .all(db)
        .await?;
    let users: Vec<i32> = rows.iter().flat_map(|t| [t.from_user_id, t.to_user_id]).flatten().collect();
    let departments: Vec<i32> = rows.iter().filter_map(|t| t.to_department_id).collect();
    let names = views::Names::load(db, [], [], users, departments).await?;
    Ok(rows.iter().map(|t| names.transfer(t)).collect())
}
