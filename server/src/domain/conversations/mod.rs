//! The conversations: the store the inbox, the bot and campaigns all stand on (records floor,
//! `domain/mod.rs`). Customers and their chats on each instance, tickets (opening within the
//! plan's monthly limit, protocols, activity, states), messages (bodies, acks that only move
//! forward, what the bot and the staff queue), transfers' rows, closing reasons, the views lists
//! and events show, and the events themselves ([`events`]).
//!
//! Who sees what is decided once, here ([`Viewer`]): administrators and supervisors see every
//! ticket; everybody else sees the tickets of the instances they are linked to — those of their own
//! department when a ticket has one — plus the tickets assigned to them and those transferred to
//! them, and those a colleague shared with them from a note (`ticket_shares`, pending or
//! accepted). The same rule filters lists (SQL), single reads (another tenant's or an unentitled ticket
//! answers like a missing one) and socket deliveries (`events::Audience`).
//!
//! Nothing here calls up into the capabilities or flows: what a change sets off elsewhere (a
//! campaign following an ack, the bot stopping when an agent takes over) is called by the flow
//! that made the change (`domain::inbox`, the worker).

pub mod acks;
pub mod attachments;
pub mod chats;
pub mod closing_reasons;
pub mod content;
pub mod customers;
pub mod events;
pub mod hooks;
pub mod identities;
pub mod merges;
pub mod messages;
pub mod outgoing;
mod page_rows;
pub mod tickets;
pub mod views;

use std::collections::HashSet;

use sea_orm::{
    ColumnTrait, Condition, ConnectionTrait, EntityTrait, QueryFilter, QuerySelect,
    sea_query::{Expr, ExprTrait, Query},
};

use crate::{
    domain::{error::Result, events::Audience, templates::ADMIN_ROLE},
    entities::tenant::{api_token, role, ticket, ticket_share, ticket_transfer, user, user_instance},
};

/// The shares that let their person see the ticket: asked (to decide, as a transfer's target
/// sees what it is offered) and accepted.
const SHARE_SEES: [&str; 2] = ["pending", "accepted"];

/// The kind of user an API token acts through (`api_tokens::INTEGRATION`; the records floor
/// cannot name the capability).
const INTEGRATION_KIND: &str = "integration";

/// Whether the API token acting through `user_id` was made restricted to instances (any token
/// row says so; a principal without one is treated as restricted: fail closed).
async fn restricted_token(db: &impl ConnectionTrait, user_id: i32) -> Result<bool> {
    let restricted: Option<bool> = api_token::Entity::find()
        .select_only()
        .column(api_token::Column::Restricted)
        .filter(api_token::Column::UserId.eq(user_id))
        .into_tuple()
        .one(db)
        .await?;
    Ok(restricted.unwrap_or(true))
}

/// Roles that see every ticket of the tenant.
pub const SEES_ALL_ROLES: &[&str] = &[ADMIN_ROLE, "supervisor"];

/// Who is looking at the inbox, and what they may see.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Viewer {
    pub user_id: i32,
    pub name: String,
    pub sees_all: bool,
    pub department_id: Option<i32>,
    pub instances: HashSet<i32>,
    /// Tickets not closed that colleagues shared with them (pending or accepted): their sockets
    /// hear of these (lists and reads use [`Viewer::condition`], which covers every share).
    pub shared_tickets: HashSet<i32>,
}

impl Viewer {
    /// The viewer a user is: their role, department and instance links.
    pub async fn of(db: &impl ConnectionTrait, user: &user::Model) -> Result<Self> {
        let role_name: Option<String> = role::Entity::find_by_id(user.role_id)
            .select_only()
            .column(role::Column::Name)
            .into_tuple()
            .one(db)
            .await?;
        Self::of_role(db, user, role_name.as_deref()).await
    }

    /// The viewer a user of a known role is (its instance links are read).
    pub async fn of_role(db: &impl ConnectionTrait, user: &user::Model, role_name: Option<&str>) -> Result<Self> {
        let instances: Vec<i32> = user_instance::Entity::find()
            .select_only()
            .column(user_instance::Column::InstanceId)
            .filter(user_instance::Column::UserId.eq(user.id))
            .into_tuple()
            .all(db)
            .await?;
        // An API token's principal sees what its instance links restrict it to, whatever its
        // role; a token made without instances, everything (docs/api-tokens.md). A token made
        // restricted stays so when its links are gone (the instance deleted): it then sees
        // nothing, never everything.
        let sees_all = match user.kind.as_str() {
            INTEGRATION_KIND => instances.is_empty() && !restricted_token(db, user.id).await?,
            _ => role_name.is_some_and(|name| SEES_ALL_ROLES.contains(&name)),
        };
        let shared_tickets: Vec<i32> = if sees_all {
            Vec::new()
        } else {
            ticket_share::Entity::find()
                .select_only()
                .column(ticket_share::Column::TicketId)
                .filter(ticket_share::Column::UserId.eq(user.id))
                .filter(ticket_share::Column::Status.is_in(SHARE_SEES))
                .filter(
                    ticket_share::Column::TicketId.in_subquery(
                        Query::select()
                            .column(ticket::Column::Id)
                            .from(ticket::Entity)
                            .and_where(Expr::col(ticket::Column::Status).ne("closed"))
                            .to_owned(),
                    ),
                )
                .into_tuple()
                .all(db)
                .await?
        };
        Ok(Self {
            user_id: user.id,
            name: user.name.clone(),
            sees_all,
            department_id: user.department_id,
            instances: instances.into_iter().collect(),
            shared_tickets: shared_tickets.into_iter().collect(),
        })
    }

    /// Whether an event with this audience is for this viewer.
    pub fn receives(&self, audience: &Audience) -> bool {
        if audience.personal {
            return audience.users.contains(&self.user_id);
        }
        if self.sees_all {
            return true;
        }
        // Someone named sees it even when it is for managers (a user told they were disconnected).
        if audience.users.contains(&self.user_id) {
            return true;
        }
        if audience.managers_only {
            return false;
        }
        if audience.ticket_id.is_some_and(|ticket| self.shared_tickets.contains(&ticket)) {
            return true;
        }
        if audience.to_department_id.is_some() && audience.to_department_id == self.department_id {
            return true;
        }
        match audience.instance_id {
            None => true,
            Some(instance) => {
                self.instances.contains(&instance)
                    && (audience.department_id.is_none() || audience.department_id == self.department_id)
            }
        }
    }

    /// Whether this viewer may see a ticket (without the pending-transfer case, which needs the
    /// database: [`Viewer::condition`] covers it).
    pub fn may_see(&self, ticket: &ticket::Model) -> bool {
        self.receives(&Audience::of_ticket(ticket, &[]))
    }

    /// The same rule as SQL over `tickets`, for lists and counts.
    pub fn condition(&self) -> Condition {
        if self.sees_all {
            return Condition::all();
        }
        let own_instances = Condition::all()
            .add(ticket::Column::InstanceId.is_in(self.instances.iter().copied().collect::<Vec<_>>()))
            .add(match self.department_id {
                Some(department) => Condition::any()
                    .add(ticket::Column::DepartmentId.is_null())
                    .add(ticket::Column::DepartmentId.eq(department)),
                None => Condition::all().add(ticket::Column::DepartmentId.is_null()),
            });
        let mut transferred_to_me = Query::select()
            .column(ticket_transfer::Column::TicketId)
            .from(ticket_transfer::Entity)
            .and_where(Expr::col(ticket_transfer::Column::Status).eq("pending"))
            .to_owned();
        transferred_to_me.cond_where(match self.department_id {
            Some(department) => Condition::any()
                .add(Expr::col(ticket_transfer::Column::ToUserId).eq(self.user_id))
                .add(Expr::col(ticket_transfer::Column::ToDepartmentId).eq(department)),
            None => Condition::all().add(Expr::col(ticket_transfer::Column::ToUserId).eq(self.user_id)),
        });
        let shared_with_me = Query::select()
            .column(ticket_share::Column::TicketId)
            .from(ticket_share::Entity)
            .and_where(Expr::col(ticket_share::Column::UserId).eq(self.user_id))
            .and_where(Expr::col(ticket_share::Column::Status).is_in(SHARE_SEES))
            .to_owned();
        Condition::any()
            .add(ticket::Column::AssignedUserId.eq(self.user_id))
            .add(own_instances)
            .add(ticket::Column::Id.in_subquery(transferred_to_me))
            .add(ticket::Column::Id.in_subquery(shared_with_me))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn agent(instances: &[i32], department: Option<i32>) -> Viewer {
        Viewer {
            user_id: 7,
            name: "Bia".into(),
            sees_all: false,
            department_id: department,
            instances: instances.iter().copied().collect(),
            shared_tickets: HashSet::new(),
        }
    }

    fn on(instance: i32, department: Option<i32>) -> Audience {
        Audience { instance_id: Some(instance), department_id: department, ..Audience::default() }
    }

    #[test]
    fn an_agent_receives_their_instances_and_department_and_what_is_addressed_to_them() {
        let bia = agent(&[1], Some(10));
        assert!(bia.receives(&on(1, None)), "an instance's tickets without department");
        assert!(bia.receives(&on(1, Some(10))), "their department's");
        assert!(!bia.receives(&on(1, Some(11))), "not another department's");
        assert!(!bia.receives(&on(2, None)), "not another instance's");
        assert!(bia.receives(&Audience { users: vec![7], ..on(2, Some(11)) }), "what is assigned to them");
        assert!(bia.receives(&Audience { to_department_id: Some(10), ..on(2, None) }), "transfers to their department");
        assert!(!bia.receives(&Audience::managers()), "notices for managers");
        assert!(bia.receives(&Audience::everyone()));
    }

    #[test]
    fn a_shared_ticket_reaches_its_person_and_a_personal_event_only_them() {
        let mut bia = agent(&[1], Some(10));
        let elsewhere = Audience { ticket_id: Some(42), ..on(2, None) };
        assert!(!bia.receives(&elsewhere), "not shared yet");
        bia.shared_tickets.insert(42);
        assert!(bia.receives(&elsewhere), "shared with her");
        let chefe = Viewer { sees_all: true, user_id: 8, ..agent(&[], None) };
        assert!(bia.receives(&Audience::person(7)) && !chefe.receives(&Audience::person(7)));
    }

    #[test]
    fn managers_receive_everything() {
        let chefe = Viewer { sees_all: true, ..agent(&[], None) };
        assert!(chefe.receives(&on(9, Some(99))) && chefe.receives(&Audience::managers()));
    }
}
