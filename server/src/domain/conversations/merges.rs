//! Two customers found to be one person (docs/inbox.md#merging-customers): someone wrote from a
//! new number, or Meta named them by a username's id before their phone showed. An administrator
//! merges the one into the other: identities, chats (and their messages), tickets, orders, groups
//! and campaign sends move, the absorbed customer is deleted, and the merge is logged with what it
//! was. Nothing is merged automatically: two customers holding each other's identities are a
//! question for a person.

use chrono::{DateTime, Utc};
use sea_orm::{
    ActiveModelTrait, ColumnTrait, ConnectionTrait, EntityTrait, IntoActiveModel, QueryFilter, QueryOrder, QuerySelect,
    Set, Statement,
};
use serde::Serialize;
use utoipa::ToSchema;

use crate::{
    domain::{
        conversations::{
            events::CustomersMerged,
            hooks,
            identities::{self, IdentityRef, Kind},
            views::CustomerView,
        },
        error::{Error, Result},
        events::{Audience, DomainEvent},
        sql::Binder,
        unit::Unit,
        webhook_events::CUSTOMER_UPDATED,
    },
    entities::tenant::{chat, customer, customer_merge, instance, user},
};

/// One entry of a customer's merge log.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct MergeView {
    pub id: i32,
    pub merged_customer_id: i32,
    pub merged_name: String,
    pub merged_phone: String,
    pub identities: Vec<IdentityRef>,
    /// Tickets and orders that moved.
    pub tickets: i32,
    pub orders: i32,
    /// The administrator's name (`null` once their account is gone).
    pub by: Option<String>,
    pub created_at: DateTime<Utc>,
}

/// A customer's merge log, newest first.
pub async fn of_customer(db: &impl ConnectionTrait, customer_id: i32) -> Result<Vec<MergeView>> {
    let rows = customer_merge::Entity::find()
        .filter(customer_merge::Column::CustomerId.eq(customer_id))
        .order_by_desc(customer_merge::Column::Id)
        .all(db)
        .await?;
    let user_ids: Vec<i32> = rows.iter().filter_map(|row| row.user_id).collect();
    let names: Vec<(i32, String)> = if user_ids.is_empty() {
        Vec::new()
    } else {
        user::Entity::find()
            .select_only()
            .columns([user::Column::Id, user::Column::Name])
            .filter(user::Column::Id.is_in(user_ids))
            .into_tuple()
            .all(db)
            .await?
    };
    Ok(rows
        .into_iter()
        .map(|row| MergeView {
            id: row.id,
            merged_customer_id: row.merged_customer_id,
            merged_name: row.merged_name,
            merged_phone: row.merged_phone,
            identities: serde_json::from_str(&row.identities).unwrap_or_default(),
            tickets: row.tickets,
            orders: row.orders,
            by: row.user_id.and_then(|id| names.iter().find(|(user, _)| *user == id).map(|(_, name)| name.clone())),
            created_at: row.created_at,
        })
        .collect())
}

fn not_found() -> Error {
    Error::not_found("customer_not_found", "Cliente não encontrado.")
}

/// Merges customer `absorbed` into `kept`, by the administrator `by`.
///
/// Refused (409 `merge_conflict`) while both have a ticket that is not closed on the same
/// instance: one conversation would hold two live tickets, and which one the next message belongs
/// to would be a guess. A blacklisting of either holds for the merged customer.
pub async fn merge(unit: &Unit, by: i32, kept: i32, absorbed: i32) -> Result<()> {
    if kept == absorbed {
        return Err(Error::invalid_field("same_customer", "customerId", "Escolha outro cliente para unir a este."));
    }
    let into = customer::Entity::find_by_id(kept).one(unit).await?.ok_or_else(not_found)?;
    let from = customer::Entity::find_by_id(absorbed).one(unit).await?.ok_or_else(not_found)?;
    if into.erased_at.is_some() || from.erased_at.is_some() {
        // An erased customer's record stays empty: nothing is merged into or out of it.
        return Err(Error::conflict("customer_erased", "Um dos clientes foi anonimizado: não pode ser unido."));
    }
    if let Some(instance_name) = both_open_on(unit, kept, absorbed).await? {
        return Err(Error::conflict(
            "merge_conflict",
            format!(
                "{} e {} têm atendimento aberto na conexão «{instance_name}»: encerre um deles antes de unir.",
                into.name, from.name
            ),
        ));
    }
    let identities: Vec<IdentityRef> = identities::of_customer(unit, absorbed)
        .await?
        .into_iter()
        .map(|identity| IdentityRef { kind: identity.kind, value: identity.value })
        .collect();

    // Chats: one per customer and instance, so a chat of the absorbed customer on an instance the
    // kept one has a chat on pours its messages and tickets into that one.
    let kept_chats: Vec<(i32, i32)> = chat::Entity::find()
        .select_only()
        .columns([chat::Column::InstanceId, chat::Column::Id])
        .filter(chat::Column::CustomerId.eq(kept))
        .into_tuple()
        .all(unit)
        .await?;
    let absorbed_chats: Vec<(i32, i32)> = chat::Entity::find()
        .select_only()
        .columns([chat::Column::InstanceId, chat::Column::Id])
        .filter(chat::Column::CustomerId.eq(absorbed))
        .into_tuple()
        .all(unit)
        .await?;
    for (instance_id, chat_id) in absorbed_chats {
        match kept_chats.iter().find(|(instance, _)| *instance == instance_id) {
            Some((_, kept_chat)) => {
                for table in ["messages", "tickets"] {
                    execute(
                        unit,
                        &format!("UPDATE {table} SET chat_id = {{}} WHERE chat_id = {{}}"),
                        &[*kept_chat, chat_id],
                    )
                    .await?;
                }
                chat::Entity::delete_by_id(chat_id).exec(unit).await?;
            }
            None => {
                execute(unit, "UPDATE chats SET customer_id = {} WHERE id = {}", &[kept, chat_id]).await?;
            }
        }
    }
    let tickets =
        execute(unit, "UPDATE tickets SET customer_id = {} WHERE customer_id = {}", &[kept, absorbed]).await?;
    let orders = execute(unit, "UPDATE orders SET customer_id = {} WHERE customer_id = {}", &[kept, absorbed]).await?;
    // A campaign that reached both keeps the kept customer's send; a group holding both, one member.
    for (table, by_column) in [("campaign_recipients", "campaign_id"), ("customer_group_members", "group_id")] {
        execute(
            unit,
            &format!(
                "DELETE FROM {table} WHERE customer_id = {{}} AND {by_column} IN \
                 (SELECT {by_column} FROM {table} WHERE customer_id = {{}})"
            ),
            &[absorbed, kept],
        )
        .await?;
        execute(unit, &format!("UPDATE {table} SET customer_id = {{}} WHERE customer_id = {{}}"), &[kept, absorbed])
            .await?;
    }
    // The absorbed customer's consents are the person's answers too (docs/privacy.md#consent).
    for table in ["customer_identities", "customer_merges", "consents"] {
        execute(unit, &format!("UPDATE {table} SET customer_id = {{}} WHERE customer_id = {{}}"), &[kept, absorbed])
            .await?;
    }
    customer::Entity::delete_by_id(absorbed).exec(unit).await?;

    // Replies go to a phone when the merged person has one.
    let reachable_by_phone = Kind::of(&into.phone) == Kind::Phone || Kind::of(&from.phone) != Kind::Phone;
    let mut changed = into.clone().into_active_model();
    if !reachable_by_phone {
        changed.phone = Set(from.phone.clone());
    }
    if from.blacklisted && !into.blacklisted {
        changed.blacklisted = Set(true);
        changed.blacklisted_at = Set(from.blacklisted_at);
    }
    if into.email.is_none() && from.email.is_some() {
        changed.email = Set(from.email.clone());
    }
    if into.document.is_none() && from.document.is_some() {
        changed.document = Set(from.document.clone());
    }
    changed.updated_at = Set(Utc::now());
    let kept_now = changed.update(unit).await?;
    // Integrators learn the one customer left (with what it took over); the absorbed id is gone.
    hooks::customer(unit, CUSTOMER_UPDATED, &CustomerView::from(kept_now)).await?;

    customer_merge::ActiveModel {
        customer_id: Set(kept),
        merged_customer_id: Set(absorbed),
        merged_name: Set(from.name),
        merged_phone: Set(from.phone),
        identities: Set(serde_json::to_string(&identities).unwrap_or_else(|_| "[]".into())),
        tickets: Set(i32::try_from(tickets).unwrap_or(i32::MAX)),
        orders: Set(i32::try_from(orders).unwrap_or(i32::MAX)),
        user_id: Set(Some(by)),
        created_at: Set(Utc::now()),
        ..Default::default()
    }
    .insert(unit)
    .await?;
    // Ids only: whoever may see either customer reads them again through their own entitlement.
    unit.raise(CustomersMerged { customer_id: kept, merged_customer_id: absorbed }.to(Audience::everyone()));
    Ok(())
}

/// The name of an instance on which both customers have a ticket that is not closed.
async fn both_open_on(unit: &Unit, kept: i32, absorbed: i32) -> Result<Option<String>> {
    let backend = unit.get_database_backend();
    let mut b = Binder::new(backend);
    let (kept, absorbed) = (b.p(kept), b.p(absorbed));
    let sql = format!(
        "SELECT instance_id FROM tickets WHERE customer_id IN ({kept}, {absorbed}) AND status <> 'closed' \
         GROUP BY instance_id HAVING COUNT(DISTINCT customer_id) > 1 LIMIT 1"
    );
    let Some(row) = unit.query_one_raw(b.statement(sql)).await? else {
        return Ok(None);
    };
    let instance_id: i32 = row.try_get("", "instance_id")?;
    let name: Option<String> = instance::Entity::find_by_id(instance_id)
        .select_only()
        .column(instance::Column::Name)
        .into_tuple()
        .one(unit)
        .await?;
    Ok(Some(name.unwrap_or_else(|| format!("#{instance_id}"))))
}

/// Runs `sql` with `{}` standing for each of `values` in order; answers the rows it changed.
async fn execute(unit: &Unit, sql: &str, values: &[i32]) -> Result<u64> {
    let mut b = Binder::new(unit.get_database_backend());
    let mut parts = sql.split("{}");
    let mut text = parts.next().unwrap_or_default().to_owned();
    for (value, part) in values.iter().zip(parts) {
        text.push_str(&b.p(*value));
        text.push_str(part);
    }
    let statement: Statement = b.statement(text);
    Ok(unit.execute_raw(statement).await?.rows_affected())
}
