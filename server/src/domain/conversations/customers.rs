//! Customers (docs/inbox.md#customers): the people who write, found by phone; their ticket
//! history; the blacklist (a blacklisted customer's messages are stored but open no ticket and
//! notify nobody); and groups of customers (campaigns send to them).

use chrono::Utc;
use sea_orm::{
    ActiveModelTrait, ColumnTrait, Condition, ConnectionTrait, DbBackend, EntityTrait, IntoActiveModel, PaginatorTrait,
    QueryFilter, QueryOrder, QuerySelect, QueryTrait, Set,
    sea_query::{Expr, OnConflict},
};
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

use crate::{
    domain::{
        conversations::{
            Viewer,
            events::{CustomerBlacklisted, CustomerChanged, GroupOfCustomersUpdated},
            hooks,
            identities::{self, IdentityView},
            merges::{self, MergeView},
            views::{self, MessageView, Names, TicketView},
        },
        error::{Error, FieldError, Result},
        events::{Audience, DomainEvent},
        sql::inserted,
        unit::Unit,
        webhook_events::{CUSTOMER_BLACKLISTED, CUSTOMER_UPDATED},
    },
    entities::tenant::{
        chat, customer, customer_group, customer_group_member, customer_tag, message, states::TicketStatus, ticket,
    },
};

/// How lists show a customer (kept with the other views, which the event payloads share).
pub use super::views::CustomerView;

/// A group of customers.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, ToSchema)]
pub struct GroupView {
    pub id: i32,
    pub name: String,
    pub members: u64,
}

/// A customer with their groups and ticket history (the inbox's customer panel).
#[derive(Debug, Clone, Serialize, ToSchema)]
pub struct CustomerDetail {
    #[serde(flatten)]
    pub customer: CustomerView,
    pub groups: Vec<GroupView>,
    /// Their tickets the viewer may see, newest first (at most 50).
    pub tickets: Vec<TicketView>,
    /// What they wrote that opened no ticket (while blacklisted, or beyond the monthly ticket
    /// limit) on instances the viewer serves, newest first (at most 20): kept, never lost.
    #[serde(rename = "messagesWithoutTicket")]
    pub messages_without_ticket: Vec<MessageView>,
    /// Every address they are known by, oldest first (at least one: `phone` is among them).
    pub identities: Vec<IdentityView>,
    /// Customers merged into this one, newest first.
    pub merges: Vec<MergeView>,
    /// Their tags (docs/tags.md), by name.
    pub tags: Vec<views::TagRef>,
}

/// A customer as the customers list shows them: with their tags.
#[derive(Debug, Clone, Serialize, ToSchema)]
pub struct CustomerRow {
    #[serde(flatten)]
    pub customer: CustomerView,
    /// Their tags (docs/tags.md), by name.
    pub tags: Vec<views::TagRef>,
}

/// One page of customers.
#[derive(Debug, Clone, Serialize, ToSchema)]
pub struct CustomerPage {
    pub data: Vec<CustomerRow>,
    pub next_cursor: Option<String>,
}

fn not_found() -> Error {
    Error::not_found("customer_not_found", "Cliente não encontrado.")
}

pub use super::identities::normalize_phone;

/// What a name-or-phone search looks for: the text lower-cased, and its digits when there are
/// four or more (whatever spaces or dashes were typed), which are looked for in the phone.
struct Needle {
    text: String,
    digits: Option<String>,
}

impl Needle {
    fn of(search: &str) -> Self {
        let digits: String = search.chars().filter(char::is_ascii_digit).collect();
        Self { text: search.to_lowercase(), digits: (digits.len() >= 4).then_some(digits) }
    }

    /// Long enough for the trigram indexes (a shorter needle has no trigram to look up).
    fn indexed(&self) -> bool {
        self.text.chars().count() >= 3
    }

    /// The FTS5 query over `customers_fts`: the needle's trigrams in a row, which is a substring
    /// of the column.
    fn fts_query(&self) -> String {
        let phrase = |text: &str| format!("\"{}\"", text.replace('"', "\"\""));
        let mut query = format!("search : {}", phrase(&self.text));
        if let Some(digits) = &self.digits {
            query.push_str(&format!(" OR phone : {}", phrase(digits)));
        }
        query
    }

    /// "`column` contains it", a byte substring test (`column` holds lower-cased text).
    fn contained_in(&self, text_column: &str, phone_column: &str, backend: DbBackend) -> Condition {
        // sea-query reads its own placeholder style per backend in custom SQL.
        let (position, placeholder) = if backend == DbBackend::Postgres { ("strpos", "$1") } else { ("instr", "?") };
        let contains = |column: &str, needle: String| {
            Expr::cust_with_values(format!("{position}({column}, {placeholder}) > 0"), [needle])
        };
        let mut condition = Condition::any().add(contains(text_column, self.text.clone()));
        if let Some(digits) = &self.digits {
            condition = condition.add(contains(phone_column, digits.clone()));
        }
        condition
    }
}

/// Customers whose name contains `search` (any case), or whose phone contains its digits (four
/// or more, whatever spaces or dashes were typed). `customers.search` is the name lower-cased
/// (migration m20261202_000017). From three characters on, a trigram index answers it (tenant
/// migration 40: FTS5 `trigram` on SQLite, `pg_trgm` on PostgreSQL) instead of a test of every
/// customer; a shorter needle has no trigram to look up and is tested customer by customer.
pub fn matching(search: &str, backend: DbBackend) -> Condition {
    let needle = Needle::of(search);
    if needle.indexed() {
        return indexed(&needle, backend);
    }
    needle.contained_in("customers.search", "customers.phone", backend)
}

/// Whether a ticket's customer matches `search` as [`matching`] tells, tested on the ticket's own
/// copy of its customer's name and phone (`tickets.customer_search`, tenant migration 45: the
/// activity indexes carry it, so a walk of the newest tickets tests each without reading it).
pub fn ticket_matching(search: &str, backend: DbBackend) -> Condition {
    let column = "tickets.customer_search";
    Needle::of(search).contained_in(column, column, backend)
}

/// The ids of at most `limit` customers [`matching`] `search`, in no particular order. On SQLite
/// straight from the trigram index: joining `customers` to its rowids, as [`matching`] does,
/// cost as much again as the lookup itself.
pub async fn matching_ids(db: &impl ConnectionTrait, search: &str, limit: u64) -> Result<Vec<i32>> {
    let backend = db.get_database_backend();
    let needle = Needle::of(search);
    if backend == DbBackend::Sqlite && needle.indexed() {
        let statement = sea_orm::Statement::from_sql_and_values(
            backend,
            format!("SELECT rowid AS id FROM customers_fts WHERE customers_fts MATCH ? LIMIT {limit}"),
            [needle.fts_query().into()],
        );
        let rows = db.query_all_raw(statement).await?;
        return rows.iter().map(|row| Ok(row.try_get::<i32>("", "id")?)).collect();
    }
    Ok(customer::Entity::find()
        .select_only()
        .column(customer::Column::Id)
        .filter(matching(search, backend))
        .limit(limit)
        .into_tuple()
        .all(db)
        .await?)
}

/// [`matching`] through the trigram indexes.
fn indexed(needle: &Needle, backend: DbBackend) -> Condition {
    match backend {
        DbBackend::Postgres => {
            let like = |text: &str| {
                let escaped = text.replace('\\', "\\\\").replace('%', "\\%").replace('_', "\\_");
                format!("%{escaped}%")
            };
            let mut condition =
                Condition::any().add(Expr::cust_with_values("customers.search LIKE $1", [like(&needle.text)]));
            if let Some(digits) = &needle.digits {
                condition = condition.add(Expr::cust_with_values("customers.phone LIKE $1", [like(digits)]));
            }
            condition
        }
        _ => Condition::all().add(Expr::cust_with_values(
            "customers.id IN (SELECT rowid FROM customers_fts WHERE customers_fts MATCH ?)",
            [needle.fts_query()],
        )),
    }
}

/// Customers by name or phone, newest first.
pub async fn list(
    db: &impl ConnectionTrait,
    search: Option<&str>,
    tag_id: Option<i32>,
    cursor: Option<&str>,
    limit: Option<u64>,
) -> Result<CustomerPage> {
    let limit = limit.unwrap_or(30).clamp(1, 100);
    let mut query = customer::Entity::find();
    if let Some(tag_id) = tag_id {
        // `(tag_id, customer_id)` answers it (tenant migration 37).
        query = query.filter(
            customer::Column::Id.in_subquery(
                sea_orm::sea_query::Query::select()
                    .column(customer_tag::Column::CustomerId)
                    .from(customer_tag::Entity)
                    .and_where(customer_tag::Column::TagId.eq(tag_id))
                    .to_owned(),
            ),
        );
    }
    if let Some(search) = search.map(str::trim).filter(|s| !s.is_empty()) {
        if search.chars().count() > 100 {
            return Err(Error::invalid_field("invalid_search", "search", "Busque por até 100 caracteres."));
        }
        query = query.filter(matching(search, db.get_database_backend()));
    }
    if let Some(cursor) = cursor.filter(|c| !c.is_empty()) {
        let before: i32 = cursor.parse().map_err(|_| {
            Error::invalid_field("invalid_cursor", "cursor", "Cursor inválido: use o next_cursor da página anterior.")
        })?;
        query = query.filter(customer::Column::Id.lt(before));
    }
    let mut rows = crate::domain::pages::all(db, query.order_by_desc(customer::Column::Id).limit(limit + 1)).await?;
    let next_cursor = if rows.len() as u64 > limit {
        rows.truncate(limit as usize);
        rows.last().map(|c| c.id.to_string())
    } else {
        None
    };
    let ids: Vec<i32> = rows.iter().map(|c| c.id).collect();
    let mut tags = views::tags_of_customers(db, &ids).await?;
    let data = rows
        .into_iter()
        .map(|c| CustomerRow { tags: tags.remove(&c.id).unwrap_or_default(), customer: c.into() })
        .collect();
    Ok(CustomerPage { data, next_cursor })
}

/// A customer with groups and the tickets the viewer may see.
pub async fn detail(db: &impl ConnectionTrait, viewer: &Viewer, id: i32) -> Result<CustomerDetail> {
    let found = customer::Entity::find_by_id(id).one(db).await?.ok_or_else(not_found)?;
    let tickets = ticket::Entity::find()
        .filter(ticket::Column::CustomerId.eq(id))
        .filter(viewer.condition())
        .order_by_desc(ticket::Column::Id)
        .limit(50);
    let rows = db.query_all_raw(views::joined(tickets).build(db.get_database_backend())).await?;
    let (tickets, names) = Names::from_joined(&rows)?;
    let group_ids: Vec<i32> = customer_group_member::Entity::find()
        .select_only()
        .column(customer_group_member::Column::GroupId)
        .filter(customer_group_member::Column::CustomerId.eq(id))
        .into_tuple()
        .all(db)
        .await?;
    let groups = groups_by_ids(db, &group_ids).await?;
    // Messages stored outside any ticket (a blacklisted customer's, ones past the ticket limit,
    // unanswered campaign sends). Both planners walk the tenant's `ticket_id IS NULL` entries of
    // `ix_messages_ticket_id_id` newest first, checking each one's chat (decision 139).
    let mut loose = message::Entity::find()
        .inner_join(chat::Entity)
        .filter(chat::Column::CustomerId.eq(id))
        .filter(message::Column::TicketId.is_null());
    if !viewer.sees_all {
        loose = loose.filter(message::Column::InstanceId.is_in(viewer.instances.iter().copied()));
    }
    let loose = loose.order_by_desc(message::Column::Id).limit(20).all(db).await?;
    Ok(CustomerDetail {
        customer: found.into(),
        groups,
        tickets: tickets.iter().map(|t| names.ticket(t)).collect(),
        messages_without_ticket: loose.iter().map(|m| names.message(m)).collect(),
        identities: identities::of_customer(db, id).await?,
        merges: merges::of_customer(db, id).await?,
        tags: views::tags_of_customer(db, id).await?,
    })
}

/// Puts a customer on the blacklist or takes them off, raising `CustomerBlacklisted`.
///
/// A blacklisted customer opens no ticket for anyone in the tenant, so not every logged-in person
/// may decide it: those who see every ticket (administrators, supervisors) may, and so may an
/// agent who sees one of the customer's tickets in their inbox on an instance they are linked to —
/// waiting in the queue (the spam an attendant is looking at) or held by them now or before.
/// Anyone else gets 403 `blacklist_forbidden`.
pub async fn set_blacklisted(unit: &Unit, viewer: &Viewer, id: i32, blacklisted: bool) -> Result<CustomerView> {
    let found = customer::Entity::find_by_id(id).one(unit).await?.ok_or_else(not_found)?;
    if !may_blacklist(unit, viewer, id).await? {
        return Err(Error::forbidden(
            "blacklist_forbidden",
            "Só administradores, supervisores ou quem vê um atendimento deste cliente numa instância sua podem \
             bloqueá-lo ou desbloqueá-lo.",
        ));
    }
    let now = Utc::now();
    let mut active = found.into_active_model();
    active.blacklisted = Set(blacklisted);
    active.blacklisted_at = Set(blacklisted.then_some(now));
    active.updated_at = Set(now);
    let changed: CustomerView = active.update(unit).await?.into();
    unit.raise(CustomerBlacklisted { customer_id: id, blacklisted }.to(Audience::everyone()));
    hooks::customer(unit, CUSTOMER_BLACKLISTED, &changed).await?;
    Ok(changed)
}

/// Changes to a customer's record (absent fields stay; an empty `email` clears it).
#[derive(Debug, Clone, Default, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct CustomerChange {
    #[serde(default)]
    pub name: Option<String>,
    #[serde(default)]
    pub email: Option<String>,
}

/// The longest customer name kept (what a provider's push name is cut to).
const MAX_NAME: usize = 120;

/// Renames a customer or sets their e-mail (an integrator syncing its CRM, an agent fixing a
/// name), raising `customer.updated`. Who may: as [`set_blacklisted`] — those who see every
/// ticket, or an agent who sees one of the customer's tickets on an instance of theirs.
pub async fn update(unit: &Unit, viewer: &Viewer, id: i32, change: CustomerChange) -> Result<CustomerView> {
    let mut problems = Vec::new();
    let name = change.name.as_deref().map(str::trim);
    match name {
        Some("") => problems.push(FieldError::new("name", "Informe o nome do cliente.")),
        Some(n) if n.chars().count() > MAX_NAME => {
            problems.push(FieldError::new("name", format!("O nome tem no máximo {MAX_NAME} caracteres.")));
        }
        _ => {}
    }
    let email = change.email.as_deref().map(str::trim);
    if let Some(e) = email.filter(|e| !e.is_empty())
        && !looks_like_email(e)
    {
        problems.push(FieldError::new("email", "Informe um e-mail válido, como nome@empresa.com.br."));
    }
    if !problems.is_empty() {
        return Err(Error::Invalid {
            code: "invalid_customer",
            message: problems[0].message.clone(),
            fields: problems,
        });
    }
    let found = customer::Entity::find_by_id(id).one(unit).await?.ok_or_else(not_found)?;
    if found.erased_at.is_some() {
        return Err(Error::conflict("customer_erased", "Este cliente foi anonimizado: seus dados não voltam."));
    }
    if !may_blacklist(unit, viewer, id).await? {
        return Err(Error::forbidden(
            "customer_forbidden",
            "Só administradores, supervisores ou quem vê um atendimento deste cliente numa instância sua podem \
             alterá-lo.",
        ));
    }
    let mut active = found.into_active_model();
    if let Some(name) = name {
        active.name = Set(name.to_owned());
    }
    if let Some(email) = email {
        active.email = Set((!email.is_empty()).then(|| email.to_lowercase()));
    }
    active.updated_at = Set(Utc::now());
    let changed: CustomerView = active.update(unit).await?.into();
    hooks::customer(unit, CUSTOMER_UPDATED, &changed).await?;
    unit.raise(CustomerChanged { customer_id: id }.to(Audience::everyone()));
    Ok(changed)
}

/// `local@domain.tld`, no spaces, at most 254 characters: enough to catch a typo, never a
/// reason to refuse a real address.
fn looks_like_email(email: &str) -> bool {
    let Some((local, domain)) = email.split_once('@') else { return false };
    email.len() <= 254
        && !local.is_empty()
        && domain.contains('.')
        && !domain.starts_with('.')
        && !domain.ends_with('.')
        && !email.chars().any(char::is_whitespace)
        && !domain.contains('@')
}

/// Whether `viewer` may put customer `id` on the blacklist or take them off it
/// ([`set_blacklisted`]).
async fn may_blacklist(db: &impl ConnectionTrait, viewer: &Viewer, id: i32) -> Result<bool> {
    if viewer.sees_all {
        return Ok(true);
    }
    if viewer.instances.is_empty() {
        return Ok(false);
    }
    let seen = ticket::Entity::find()
        .filter(ticket::Column::CustomerId.eq(id))
        .filter(ticket::Column::InstanceId.is_in(viewer.instances.iter().copied().collect::<Vec<_>>()))
        .filter(
            Condition::any()
                .add(ticket::Column::AssignedUserId.eq(viewer.user_id))
                .add(ticket::Column::Status.eq(TicketStatus::Pending)),
        )
        .count(db)
        .await?;
    Ok(seen > 0)
}

/// Adds the customer with this (normalized) phone, named `name` or, without one, by the phone;
/// `None` when the phone is already someone's (another transaction added it first).
pub async fn create(db: &impl ConnectionTrait, phone: &str, name: Option<&str>) -> Result<Option<customer::Model>> {
    let now = Utc::now();
    let name = name
        .map(str::trim)
        .filter(|n| !n.is_empty())
        .map(|n| n.chars().take(120).collect())
        .unwrap_or_else(|| phone.to_owned());
    // RETURNING: the new row in the insert's own statement.
    let attempt = customer::Entity::insert(customer::ActiveModel {
        name: Set(name),
        phone: Set(phone.to_owned()),
        blacklisted: Set(false),
        created_at: Set(now),
        updated_at: Set(now),
        ..Default::default()
    })
    .on_conflict(OnConflict::column(customer::Column::Phone).do_nothing().to_owned())
    .try_insert()
    .exec_with_returning(db)
    .await;
    inserted(attempt)
}

async fn groups_by_ids(db: &impl ConnectionTrait, ids: &[i32]) -> Result<Vec<GroupView>> {
    if ids.is_empty() {
        return Ok(Vec::new());
    }
    let groups = customer_group::Entity::find()
        .filter(customer_group::Column::Id.is_in(ids.to_vec()))
        .order_by_asc(customer_group::Column::Name)
        .all(db)
        .await?;
    let mut out = Vec::with_capacity(groups.len());
    for group in groups {
        out.push(group_view(db, group).await?);
    }
    Ok(out)
}

async fn group_view(db: &impl ConnectionTrait, group: customer_group::Model) -> Result<GroupView> {
    let members = customer_group_member::Entity::find()
        .filter(customer_group_member::Column::GroupId.eq(group.id))
        .count(db)
        .await?;
    Ok(GroupView { id: group.id, name: group.name, members })
}

/// Every group, by name, with its size.
pub async fn groups(db: &impl ConnectionTrait) -> Result<Vec<GroupView>> {
    let rows: Vec<(i32, String, i64)> = customer_group::Entity::find()
        .select_only()
        .column(customer_group::Column::Id)
        .column(customer_group::Column::Name)
        .column_as(customer_group_member::Column::Id.count(), "members")
        .left_join(customer_group_member::Entity)
        .group_by(customer_group::Column::Id)
        .group_by(customer_group::Column::Name)
        .order_by_asc(customer_group::Column::Name)
        .into_tuple()
        .all(db)
        .await?;
    Ok(rows
        .into_iter()
        .map(|(id, name, members)| GroupView { id, name, members: Ord::max(members, 0) as u64 })
        .collect())
}

fn check_group_name(name: &str) -> Result<String> {
    let name = name.trim();
    if name.is_empty() || name.chars().count() > 80 {
        return Err(Error::invalid_field("invalid_name", "name", "Informe um nome de até 80 caracteres."));
    }
    Ok(name.to_owned())
}

fn group_not_found() -> Error {
    Error::not_found("group_not_found", "Grupo de clientes não encontrado.")
}

fn group_changed(unit: &Unit, view: &GroupView) {
    unit.raise(
        GroupOfCustomersUpdated { group_id: view.id, name: Some(view.name.clone()), members: view.members }
            .to(Audience::everyone()),
    );
}

/// Creates a group (a taken name is the unique constraint's `name_taken`).
pub async fn create_group(unit: &Unit, name: &str) -> Result<GroupView> {
    let now = Utc::now();
    let created = customer_group::ActiveModel {
        name: Set(check_group_name(name)?),
        created_at: Set(now),
        updated_at: Set(now),
        ..Default::default()
    }
    .insert(unit)
    .await?;
    let view = group_view(unit, created).await?;
    group_changed(unit, &view);
    Ok(view)
}

/// Renames a group.
pub async fn rename_group(unit: &Unit, id: i32, name: &str) -> Result<GroupView> {
    let found = customer_group::Entity::find_by_id(id).one(unit).await?.ok_or_else(group_not_found)?;
    let mut active = found.into_active_model();
    active.name = Set(check_group_name(name)?);
    active.updated_at = Set(Utc::now());
    let view = group_view(unit, active.update(unit).await?).await?;
    group_changed(unit, &view);
    Ok(view)
}

/// Adds customers to a group and removes others (ids that do not exist are refused).
pub async fn change_members(unit: &Unit, id: i32, add: &[i32], remove: &[i32]) -> Result<GroupView> {
    let found = customer_group::Entity::find_by_id(id).one(unit).await?.ok_or_else(group_not_found)?;
    if add.len() + remove.len() > 1000 {
        return Err(Error::invalid_field("too_many_members", "add", "Altere até 1000 clientes por vez."));
    }
    if !add.is_empty() {
        let mut distinct = add.to_vec();
        distinct.sort_unstable();
        distinct.dedup();
        let known = customer::Entity::find().filter(customer::Column::Id.is_in(distinct.clone())).count(unit).await?;
        if known != distinct.len() as u64 {
            return Err(Error::invalid_field("customer_not_found", "add", "Um ou mais clientes não existem."));
        }
        let now = Utc::now();
        let rows = distinct.into_iter().map(|customer_id| customer_group_member::ActiveModel {
            group_id: Set(id),
            customer_id: Set(customer_id),
            created_at: Set(now),
            updated_at: Set(now),
            ..Default::default()
        });
        customer_group_member::Entity::insert_many(rows)
            .on_conflict(
                OnConflict::columns([
                    customer_group_member::Column::GroupId,
                    customer_group_member::Column::CustomerId,
                ])
                .do_nothing()
                .to_owned(),
            )
            .exec_without_returning(unit)
            .await?;
    }
    if !remove.is_empty() {
        customer_group_member::Entity::delete_many()
            .filter(customer_group_member::Column::GroupId.eq(id))
            .filter(customer_group_member::Column::CustomerId.is_in(remove.to_vec()))
            .exec(unit)
            .await?;
    }
    let view = group_view(unit, found).await?;
    group_changed(unit, &view);
    Ok(view)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_email_is_checked_for_typos_only() {
        assert!(looks_like_email("ana@empresa.com.br"));
        assert!(looks_like_email("ana+loja@sub.empresa.com"));
        assert!(!looks_like_email("ana.empresa.com"));
        assert!(!looks_like_email("ana@empresa"));
        assert!(!looks_like_email("ana @empresa.com"));
        assert!(!looks_like_email("@empresa.com"));
        assert!(!looks_like_email("ana@empresa.com."));
    }
}
