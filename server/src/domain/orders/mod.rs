//! Orders (issue 47, docs/orders.md, decision 211): what a customer bought, registered by an
//! integration (`POST /api/orders`, idempotent by the caller's `externalId`) or by an agent from
//! the customer's panel. The analytics' orders figures, the orders sheet and the smart report's
//! money highlight read the same rows (`analytics::sync` picks up a changed order's day).
//!
//! The model is small on purpose: a value in centavos (BRL) or items that make it up, a status
//! (`pending`, `paid`, `cancelled`), how it is paid, where it came from, the ticket and instance
//! it belongs to, and who registered it (a person, or a token's principal).
//!
//! Who may see and write an order follows the inbox: with a ticket, whoever may see the ticket;
//! without one, only those who see every conversation (administrators, supervisors, an unrestricted
//! token).

use chrono::{DateTime, Utc};
use sea_orm::{
    ActiveModelTrait, ColumnTrait, ConnectionTrait, EntityTrait, QueryFilter, QueryOrder, QuerySelect, QueryTrait, Set,
    sea_query::OnConflict,
};
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

use crate::{
    domain::{
        conversations::{Viewer, tickets},
        error::{Error, FieldError, Result},
        events::{Audience, DomainEvent},
        unit::Unit,
        webhook_events::{self, ORDER_CREATED},
    },
    entities::tenant::{customer, instance, order, ticket, user},
};

/// The statuses, in the order an order moves through them.
pub const STATUSES: &[&str] = &["pending", "paid", "cancelled"];
/// How an order is paid.
pub const PAYMENT_METHODS: &[&str] = &["pix", "boleto", "cartao", "dinheiro", "transferencia", "outro"];
/// Where an order registered by a person comes from; a token's default is [`FROM_API`].
pub const FROM_AGENT: &str = "atendimento";
pub const FROM_API: &str = "api";
/// The most items an order lists.
const MAX_ITEMS: usize = 100;
/// The largest value: R$ 10 milhões, in centavos.
const MAX_CENTS: i64 = 1_000_000_000;
/// A customer's orders per page.
pub const PAGE: u64 = 20;

/// One line of an order.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct Item {
    pub name: String,
    pub quantity: i64,
    /// Preço unitário em centavos.
    pub unit_cents: i64,
}

/// An order to register.
#[derive(Debug, Clone, Default, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct NewOrder {
    /// O id do pedido no seu sistema: repetir a chamada com o mesmo id devolve o mesmo pedido.
    #[serde(default)]
    pub external_id: Option<String>,
    /// O cliente (dispensável com `ticketId`).
    #[serde(default)]
    pub customer_id: Option<i32>,
    /// O atendimento em que o pedido foi feito.
    #[serde(default)]
    pub ticket_id: Option<i32>,
    /// A instância (com `ticketId`, a do atendimento).
    #[serde(default)]
    pub instance_id: Option<i32>,
    /// Os itens; o valor é a soma deles.
    #[serde(default)]
    pub items: Vec<Item>,
    /// O valor em centavos (sem itens; com itens, se dado, deve ser a soma deles).
    #[serde(default)]
    pub value_cents: Option<i64>,
    /// `pending` (padrão), `paid` ou `cancelled`.
    #[serde(default)]
    pub status: Option<String>,
    /// `pix`, `boleto`, `cartao`, `dinheiro`, `transferencia` ou `outro`.
    #[serde(default)]
    pub payment_method: Option<String>,
    /// De onde veio (`loja_virtual`, `shopify`…): padrão `atendimento` para pessoas, `api` para tokens.
    #[serde(default)]
    pub source: Option<String>,
    #[serde(default)]
    pub note: Option<String>,
    /// Quando foi feito (padrão: agora).
    #[serde(default)]
    #[schema(value_type = Option<String>)]
    pub ordered_at: Option<DateTime<Utc>>,
}

/// A change of an order: its status or how it is paid.
#[derive(Debug, Clone, Default, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct OrderChanges {
    #[serde(default)]
    pub status: Option<String>,
    #[serde(default)]
    pub payment_method: Option<String>,
}

/// An order as the API answers it.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct OrderView {
    pub id: i32,
    pub external_id: Option<String>,
    pub customer_id: i32,
    pub ticket_id: Option<i32>,
    pub instance_id: Option<i32>,
    pub value_cents: i64,
    pub items: Vec<Item>,
    pub status: String,
    pub payment_method: Option<String>,
    pub source: String,
    pub note: Option<String>,
    /// Quem registrou (uma pessoa ou o nome de um token).
    pub registered_by: Option<String>,
    #[schema(value_type = String)]
    pub ordered_at: DateTime<Utc>,
    #[schema(value_type = String)]
    pub created_at: DateTime<Utc>,
    #[schema(value_type = String)]
    pub updated_at: DateTime<Utc>,
}

/// An order registered or changed: to the ticket's audience (its panel shows it), or to those
/// who see everything when it has no ticket.
#[derive(Debug, Clone, Serialize)]
pub struct OrderChanged {
    pub order: OrderView,
}

impl DomainEvent for OrderChanged {
    const NAME: &'static str = "OrderChanged";
}

/// A customer's orders, newest first, by key.
#[derive(Debug, Clone, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct OrderPage {
    pub data: Vec<OrderView>,
    /// Pass as `before` for the next page (`null`: the last).
    pub next_cursor: Option<i32>,
}

fn invalid(fields: Vec<FieldError>) -> Error {
    let message = fields.first().map(|f| f.message.clone()).unwrap_or_default();
    Error::Invalid { code: "invalid_order", message, fields }
}

fn not_found() -> Error {
    Error::not_found("order_not_found", "Pedido não encontrado.")
}

fn check_status(status: &str, fields: &mut Vec<FieldError>) {
    if !STATUSES.contains(&status) {
        fields.push(FieldError::new("status", "Situação inválida: use pending, paid ou cancelled."));
    }
}

fn check_payment(method: Option<&str>, fields: &mut Vec<FieldError>) {
    if method.is_some_and(|m| !PAYMENT_METHODS.contains(&m)) {
        fields.push(FieldError::new(
            "paymentMethod",
            "Forma de pagamento inválida: use pix, boleto, cartao, dinheiro, transferencia ou outro.",
        ));
    }
}

/// The order's value from its items or as given, each problem on its field.
fn value_of(new: &NewOrder, fields: &mut Vec<FieldError>) -> i64 {
    if new.items.len() > MAX_ITEMS {
        fields.push(FieldError::new("items", format!("Um pedido tem até {MAX_ITEMS} itens.")));
        return 0;
    }
    let mut sum: i64 = 0;
    for (index, item) in new.items.iter().enumerate() {
        let name = item.name.trim();
        if name.is_empty() || name.chars().count() > 120 {
            fields.push(FieldError::new(&format!("items[{index}].name"), "Dê um nome ao item (até 120 caracteres)."));
        }
        if !(1..=100_000).contains(&item.quantity) {
            fields.push(FieldError::new(&format!("items[{index}].quantity"), "A quantidade vai de 1 a 100000."));
        }
        if !(0..=MAX_CENTS).contains(&item.unit_cents) {
            fields.push(FieldError::new(&format!("items[{index}].unitCents"), "Preço inválido."));
        }
        sum = sum.saturating_add(item.quantity.clamp(0, 100_000).saturating_mul(item.unit_cents.clamp(0, MAX_CENTS)));
    }
    match (new.items.is_empty(), new.value_cents) {
        (true, None) => {
            fields.push(FieldError::new("valueCents", "Informe o valor do pedido ou os itens."));
            0
        }
        (true, Some(value)) => {
            if !(0..=MAX_CENTS).contains(&value) {
                fields.push(FieldError::new("valueCents", "O valor vai de R$ 0,00 a R$ 10.000.000,00."));
            }
            value
        }
        (false, Some(value)) if value != sum => {
            fields.push(FieldError::new(
                "valueCents",
                format!("O valor ({value} centavos) não é a soma dos itens ({sum} centavos)."),
            ));
            sum
        }
        (false, _) => {
            if sum > MAX_CENTS {
                fields.push(FieldError::new("items", "O valor vai de R$ 0,00 a R$ 10.000.000,00."));
            }
            sum
        }
    }
}

/// Registers an order, or answers the one already registered under the same `externalId`
/// (`false`: nothing new). `author` is the person or token's principal; `by_token` says which.
pub async fn register(
    unit: &Unit,
    viewer: &Viewer,
    new: NewOrder,
    author: i32,
    by_token: bool,
) -> Result<(OrderView, bool)> {
    let external_id = new.external_id.as_deref().map(str::trim).filter(|e| !e.is_empty()).map(str::to_owned);
    if let Some(external) = &external_id
        && let Some(found) = by_external_id(unit, external).await?
    {
        return Ok((visible(unit, viewer, found).await?, false));
    }
    let mut fields = Vec::new();
    if external_id.as_ref().is_some_and(|e| e.chars().count() > 120) {
        fields.push(FieldError::new("externalId", "O id externo tem até 120 caracteres."));
    }
    let value = value_of(&new, &mut fields);
    let status = new.status.clone().unwrap_or_else(|| "pending".into());
    check_status(&status, &mut fields);
    check_payment(new.payment_method.as_deref(), &mut fields);
    let source = new.source.as_deref().map(str::trim).filter(|s| !s.is_empty()).map(str::to_owned);
    if source.as_ref().is_some_and(|s| s.chars().count() > 40) {
        fields.push(FieldError::new("source", "A origem tem até 40 caracteres."));
    }
    let note = new.note.as_deref().map(str::trim).filter(|n| !n.is_empty()).map(str::to_owned);
    if note.as_ref().is_some_and(|n| n.chars().count() > 2000) {
        fields.push(FieldError::new("note", "A observação tem até 2000 caracteres."));
    }
    // Whose and where: the ticket's, when there is one (seen by the viewer, or it is not there).
    let (customer_id, ticket_id, instance_id) = match new.ticket_id {
        Some(id) => {
            let found = tickets::find_visible(unit, viewer, id).await?;
            if new.customer_id.is_some_and(|c| c != found.customer_id) {
                fields.push(FieldError::new("customerId", "O cliente não é o do atendimento."));
            }
            (Some(found.customer_id), Some(found.id), Some(found.instance_id))
        }
        None => {
            if !viewer.sees_all {
                return Err(Error::forbidden(
                    "order_needs_ticket",
                    "Registre o pedido a partir de um atendimento seu (informe ticketId).",
                ));
            }
            let customer = match new.customer_id {
                Some(id) => customer::Entity::find_by_id(id).one(unit).await?.map(|c| c.id),
                None => None,
            };
            if customer.is_none() {
                fields.push(FieldError::new("customerId", "Informe um cliente que exista (ou o atendimento)."));
            }
            let instance = match new.instance_id {
                Some(id) => {
                    let found = instance::Entity::find_by_id(id).one(unit).await?.map(|i| i.id);
                    if found.is_none() {
                        fields.push(FieldError::new("instanceId", "A instância não existe."));
                    }
                    found
                }
                None => None,
            };
            (customer, None, instance)
        }
    };
    let Some(customer_id) = customer_id.filter(|_| fields.is_empty()) else {
        return Err(invalid(fields));
    };
    let now = Utc::now();
    let items = (!new.items.is_empty())
        .then(|| {
            let trimmed: Vec<Item> = new
                .items
                .iter()
                .map(|i| Item { name: i.name.trim().to_owned(), quantity: i.quantity, unit_cents: i.unit_cents })
                .collect();
            serde_json::to_string(&trimmed)
        })
        .transpose()
        .map_err(|err| Error::Db(sea_orm::DbErr::Custom(err.to_string())))?;
    let row = order::ActiveModel {
        customer_id: Set(customer_id),
        ticket_id: Set(ticket_id),
        instance_id: Set(instance_id),
        user_id: Set(Some(author)),
        value_cents: Set(value),
        status: Set(status),
        ordered_at: Set(new.ordered_at.unwrap_or(now)),
        external_id: Set(external_id.clone()),
        items: Set(items),
        payment_method: Set(new.payment_method.clone()),
        source: Set(source.unwrap_or_else(|| if by_token { FROM_API } else { FROM_AGENT }.to_owned())),
        note: Set(note),
        created_at: Set(now),
        updated_at: Set(now),
        ..Default::default()
    };
    // `ON CONFLICT DO NOTHING` on the external id: a request racing this one with the same id
    // makes nothing here and answers theirs. (A failed insert would abort a PostgreSQL
    // transaction; this one never fails for it.)
    let inserted = order::Entity::insert(row)
        .on_conflict(OnConflict::column(order::Column::ExternalId).do_nothing().to_owned())
        .exec(unit)
        .await;
    let created = match inserted {
        Ok(done) => order::Entity::find_by_id(done.last_insert_id).one(unit).await?.ok_or_else(not_found)?,
        Err(sea_orm::DbErr::RecordNotInserted) => {
            let external = external_id.as_deref().unwrap_or_default();
            let found = by_external_id(unit, external).await?.ok_or_else(not_found)?;
            return Ok((visible(unit, viewer, found).await?, false));
        }
        Err(err) => return Err(err.into()),
    };
    let view = views(unit, vec![created.clone()]).await?.remove(0);
    raise(unit, &created, &view).await?;
    webhook_events::emit(unit, ORDER_CREATED, || OrderCreatedData { order: view.clone() }).await?;
    Ok((view, true))
}

/// The `data` of `order.created`.
#[derive(Debug, Clone, Serialize, ToSchema)]
pub struct OrderCreatedData {
    /// O pedido como `GET /api/customers/{id}/orders` o mostra.
    pub order: OrderView,
}

async fn by_external_id(db: &impl ConnectionTrait, external: &str) -> Result<Option<order::Model>> {
    Ok(order::Entity::find().filter(order::Column::ExternalId.eq(external)).one(db).await?)
}

/// The order's view when the viewer may see it (its ticket's entitlement), else not found.
async fn visible(db: &impl ConnectionTrait, viewer: &Viewer, found: order::Model) -> Result<OrderView> {
    if !may_see(db, viewer, &found).await? {
        return Err(not_found());
    }
    Ok(views(db, vec![found]).await?.remove(0))
}

async fn may_see(db: &impl ConnectionTrait, viewer: &Viewer, found: &order::Model) -> Result<bool> {
    if viewer.sees_all {
        return Ok(true);
    }
    match found.ticket_id {
        Some(id) => Ok(tickets::find_visible(db, viewer, id).await.is_ok()),
        None => Ok(false),
    }
}

/// Changes an order's status or payment method.
pub async fn change(unit: &Unit, viewer: &Viewer, id: i32, changes: OrderChanges) -> Result<OrderView> {
    let found = order::Entity::find_by_id(id).one(unit).await?.ok_or_else(not_found)?;
    if !may_see(unit, viewer, &found).await? {
        return Err(not_found());
    }
    let mut fields = Vec::new();
    if let Some(status) = &changes.status {
        check_status(status, &mut fields);
    }
    check_payment(changes.payment_method.as_deref(), &mut fields);
    if !fields.is_empty() {
        return Err(invalid(fields));
    }
    let mut active: order::ActiveModel = found.into();
    if let Some(status) = changes.status {
        active.status = Set(status);
    }
    if let Some(method) = changes.payment_method {
        active.payment_method = Set(Some(method));
    }
    // The analytics' sync re-counts the day of an order changed since its last run.
    active.updated_at = Set(Utc::now());
    let changed = active.update(unit).await?;
    let view = views(unit, vec![changed.clone()]).await?.remove(0);
    raise(unit, &changed, &view).await?;
    Ok(view)
}

async fn raise(unit: &Unit, found: &order::Model, view: &OrderView) -> Result<()> {
    let audience = match found.ticket_id {
        Some(id) => match ticket::Entity::find_by_id(id).one(unit).await? {
            Some(t) => Audience::of_ticket(&t, &[]),
            None => Audience::managers(),
        },
        None => Audience::managers(),
    };
    unit.raise(OrderChanged { order: view.clone() }.to(audience));
    Ok(())
}

/// A customer's orders the viewer may see, newest first, `PAGE` at a time before `before`.
pub async fn of_customer(
    db: &impl ConnectionTrait,
    viewer: &Viewer,
    customer_id: i32,
    before: Option<i32>,
) -> Result<OrderPage> {
    customer::Entity::find_by_id(customer_id)
        .one(db)
        .await?
        .ok_or_else(|| Error::not_found("customer_not_found", "Cliente não encontrado."))?;
    let mut query = order::Entity::find().filter(order::Column::CustomerId.eq(customer_id));
    if let Some(before) = before {
        query = query.filter(order::Column::Id.lt(before));
    }
    if !viewer.sees_all {
        // Orders of tickets the viewer may see: the inbox's own condition, as a subquery.
        let seen = ticket::Entity::find()
            .select_only()
            .column(ticket::Column::Id)
            .filter(ticket::Column::CustomerId.eq(customer_id))
            .filter(viewer.condition())
            .into_query();
        query = query.filter(order::Column::TicketId.in_subquery(seen));
    }
    let mut rows = query.order_by_desc(order::Column::Id).limit(PAGE + 1).all(db).await?;
    let next_cursor = (rows.len() as u64 > PAGE).then(|| {
        rows.truncate(PAGE as usize);
        rows.last().map(|o| o.id)
    });
    Ok(OrderPage { data: views(db, rows).await?, next_cursor: next_cursor.flatten() })
}

/// The views of order rows, with their authors' names.
pub async fn views(db: &impl ConnectionTrait, rows: Vec<order::Model>) -> Result<Vec<OrderView>> {
    let authors: Vec<i32> = rows.iter().filter_map(|o| o.user_id).collect();
    let names: Vec<(i32, String)> = user::Entity::find()
        .select_only()
        .column(user::Column::Id)
        .column(user::Column::Name)
        .filter(user::Column::Id.is_in(authors))
        .into_tuple()
        .all(db)
        .await?;
    Ok(rows
        .into_iter()
        .map(|o| OrderView {
            id: o.id,
            external_id: o.external_id,
            customer_id: o.customer_id,
            ticket_id: o.ticket_id,
            instance_id: o.instance_id,
            value_cents: o.value_cents,
            items: o.items.as_deref().and_then(|i| serde_json::from_str(i).ok()).unwrap_or_default(),
            status: o.status,
            payment_method: o.payment_method,
            source: o.source,
            note: o.note,
            registered_by: o.user_id.and_then(|id| names.iter().find(|(u, _)| *u == id)).map(|(_, n)| n.clone()),
            ordered_at: o.ordered_at,
            created_at: o.created_at,
            updated_at: o.updated_at,
        })
        .collect())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn fields_of(new: &NewOrder) -> (i64, Vec<String>) {
        let mut fields = Vec::new();
        let value = value_of(new, &mut fields);
        (value, fields.into_iter().map(|f| f.field).collect())
    }

    #[test]
    fn the_value_is_the_items_sum_or_given_and_never_both_disagreeing() {
        let item = |q, c| Item { name: "Pizza".into(), quantity: q, unit_cents: c };
        let with_items = NewOrder { items: vec![item(2, 4_500), item(1, 900)], ..Default::default() };
        assert_eq!(fields_of(&with_items), (9_900, vec![]));
        let agreeing = NewOrder { value_cents: Some(9_900), ..with_items.clone() };
        assert_eq!(fields_of(&agreeing).1, Vec::<String>::new());
        let disagreeing = NewOrder { value_cents: Some(10_000), ..with_items };
        assert_eq!(fields_of(&disagreeing).1, ["valueCents"]);
        assert_eq!(fields_of(&NewOrder::default()).1, ["valueCents"]);
        assert_eq!(fields_of(&NewOrder { value_cents: Some(1_990), ..Default::default() }), (1_990, vec![]));
        let bad = NewOrder { items: vec![item(0, -1)], ..Default::default() };
        assert_eq!(fields_of(&bad).1, ["items[0].quantity", "items[0].unitCents"]);
    }
}
