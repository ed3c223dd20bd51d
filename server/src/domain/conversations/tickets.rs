//! Tickets: opening one within the tenant's monthly `ticketLimit`
//! (docs/contracts.md#plans-features-and-limits), listing them for a viewer (keyset pages, newest
//! activity first), and taking one through its states: `pending` → `open` (accepted) →
//! `transferring` ⇄ `open` → `closed` (docs/inbox.md#ticket-states).
//!
//! The ticket month is the calendar month in São Paulo time (`domain::local_time`); `0` means
//! unlimited. The count and the insert are serialized per tenant, so concurrent openings cannot
//! overshoot.
//!
//! Taking a ticket from the bot stops the bot's conversation: [`accept`] and [`close`] answer the
//! status the ticket had, and the flow that called them (`domain::inbox::tickets`) tells the bot.

use chrono::{DateTime, Utc};
use sea_orm::{
    ActiveModelTrait, ColumnTrait, Condition, ConnectionTrait, DbBackend, EntityTrait, IntoActiveModel, PaginatorTrait,
    QueryFilter, QueryOrder, QuerySelect, QueryTrait, Set,
    sea_query::{Alias, Expr, ExprTrait, OnConflict, Query, QueryStatementBuilder},
};
use serde::Serialize;
use utoipa::ToSchema;

pub use crate::entities::tenant::states::TicketStatus;
use crate::{
    domain::{
        conversations::{
            Viewer, closing_reasons, customers,
            events::{ChatTicketClosed, ChatTicketTransferred, DeleteChatTicketTransfer},
            hooks,
            views::{self, Names, TicketView},
        },
        error::{Error, Result},
        events::{Audience, DomainEvent},
        instances,
        local_time::{month_start, sao_paulo},
        sql::{Binder, inserted},
        unit::Unit,
        webhook_events::TICKET_ACCEPTED,
    },
    entities::tenant::{instance, states::TransferStatus, ticket, ticket_transfer},
};

/// A ticket to open for a customer on an instance, by the customer's message.
#[derive(Debug, Clone, Copy, Default)]
pub struct NewTicket<'a> {
    pub customer_id: i32,
    pub instance_id: i32,
    /// The customer's chat on the instance ([`inbound::ensure_chat`](super::inbound::ensure_chat)).
    pub chat_id: i32,
    pub department_id: Option<i32>,
    /// The tenant's bot greets it first: it opens `bot`, out of the people's queue (docs/bot.md).
    pub held_by_bot: bool,
    /// The customer's message that opens it: the ticket starts with its preview and one unread.
    pub opening_message: &'a str,
    /// On an official number, when the 24-hour window the opening message started closes.
    pub window_closes_at: Option<DateTime<Utc>>,
}

/// How long after a customer's message an official number may answer with free text (Meta's
/// customer-service window, docs/providers.md#the-24-hour-window).
pub const SERVICE_WINDOW: chrono::Duration = chrono::Duration::hours(24);

/// Tickets opened this month.
pub async fn opened_this_month(db: &impl ConnectionTrait) -> Result<u64> {
    Ok(ticket::Entity::find().filter(ticket::Column::OpenedAt.gte(month_start(Utc::now()))).count(db).await?)
}

/// Opens a `pending` (or `bot`) ticket in the customer's chat. The caller holds the customer, the
/// instance and the chat (the foreign keys refuse anything else): nothing is looked up again.
pub async fn open(db: &impl ConnectionTrait, new: NewTicket<'_>, ticket_limit: i32) -> Result<ticket::Model> {
    // Only a tenant with a limit counts, and only it serializes its openings: on PostgreSQL the
    // count and the insert hold the tenant's quota lock until commit, so that two customers writing
    // at once cannot both take the last ticket. Taken without a limit too, that lock made every
    // new ticket of the tenant wait for the previous one's commit (~14 inbound transactions queued
    // on it at 280 messages/s, docs/performance.md#the-ticket-quota-lock).
    if ticket_limit > 0 {
        if db.get_database_backend() == DbBackend::Postgres {
            db.execute_unprepared("SELECT pg_advisory_xact_lock(hashtext(current_schema() || ':ticket_quota'))")
                .await?;
        }
        if opened_this_month(db).await? >= ticket_limit as u64 {
            return Err(Error::invalid(
                "ticket_limit_reached",
                format!("Limite de {ticket_limit} tickets por mês do plano atingido."),
            ));
        }
    }
    open_with_protocols(db, new, new_protocol).await
}

/// How many protocols [`open`] tries before giving up: each is taken with a chance of about one in
/// a billion per ticket of the same day, so a second one is already rare.
const PROTOCOL_TRIES: usize = 5;

/// A ticket's protocol (docs/inbox.md#ticket-states): its São Paulo date and six random characters.
fn new_protocol(now: DateTime<Utc>) -> String {
    let random = crate::random::random_string(b"ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789", 6);
    format!("{}{random}", now.with_timezone(&sao_paulo()).format("%Y%m%d"))
}

/// [`open`]'s insert, with protocols from `protocols`: one that another ticket holds is passed over
/// for the next. A day's six random characters do collide — a tenant opening 1 000 tickets a day
/// meets one in about twelve years, one opening 20 000 in about eleven days, a full-size benchmark
/// run every few runs — and the unique violation refused the customer's message with a 409.
async fn open_with_protocols(
    db: &impl ConnectionTrait,
    new: NewTicket<'_>,
    mut protocols: impl FnMut(DateTime<Utc>) -> String,
) -> Result<ticket::Model> {
    let now = Utc::now();
    let row = |protocol: String| ticket::ActiveModel {
        protocol: Set(protocol),
        chat_id: Set(new.chat_id),
        customer_id: Set(new.customer_id),
        instance_id: Set(new.instance_id),
        department_id: Set(new.department_id),
        assigned_user_id: Set(None),
        status: Set(if new.held_by_bot { TicketStatus::Bot } else { TicketStatus::Pending }),
        opened_at: Set(now),
        last_activity_at: Set(Some(now)),
        last_message_preview: Set(Some(views::preview(new.opening_message))),
        unread_count: Set(1),
        created_at: Set(now),
        updated_at: Set(now),
        window_closes_at: Set(new.window_closes_at),
        ..Default::default()
    };
    for _ in 0..PROTOCOL_TRIES {
        let attempt = ticket::Entity::insert(row(protocols(now)))
            .on_conflict(OnConflict::column(ticket::Column::Protocol).do_nothing().to_owned())
            .try_insert()
            .exec_with_returning(db)
            .await;
        if let Some(opened) = inserted(attempt)? {
            return Ok(opened);
        }
    }
    Err(Error::Db(sea_orm::DbErr::Custom(format!("no free protocol in {PROTOCOL_TRIES} tries"))))
}

/// The largest page a list answers.
pub const MAX_PAGE: u64 = 100;

/// What part of the inbox to list.
#[derive(Debug, Clone, Default)]
pub struct ListQuery {
    pub status: Option<String>,
    /// Only the tickets assigned to the viewer.
    pub mine: bool,
    pub instance_id: Option<i32>,
    pub department_id: Option<i32>,
    /// Customer name, phone or ticket protocol.
    pub search: Option<String>,
    /// Only the tickets carrying this tag (docs/tags.md).
    pub tag_id: Option<i32>,
    /// Only the tickets carrying none of the board's tags (the board's "Sem etiqueta" column).
    pub without_board_tag: bool,
    /// Without `status`: every status but `closed` (the board's cards).
    pub active: bool,
    /// Where the previous page ended (`next_cursor`).
    pub cursor: Option<String>,
    pub limit: Option<u64>,
    /// The viewer's counts, if the caller remembers them (the server's cache, invalidated by the
    /// ticket events): the page is then read without them.
    pub known_counts: Option<Counts>,
    /// The caller saw this search match more than [`FEW_CUSTOMERS`] customers a moment ago: the
    /// page walks the newest tickets without asking how many match. Only the way the page is
    /// found depends on it: the walk finds what the customer index would.
    pub common_search: bool,
}

/// Tickets per status the viewer sees (the queue's tabs).
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, ToSchema)]
pub struct Counts {
    pub pending: u64,
    pub open: u64,
    pub transferring: u64,
    /// The viewer's own open and transferring tickets.
    pub mine: u64,
    /// Held by the bot.
    pub bot: u64,
}

/// One page of tickets.
#[derive(Debug, Clone, Serialize, ToSchema)]
pub struct TicketPage {
    pub data: Vec<TicketView>,
    /// Pass as `cursor` for the next page; `null` on the last one.
    pub next_cursor: Option<String>,
    pub counts: Counts,
    /// The search matched more than [`FEW_CUSTOMERS`] customers (see
    /// [`ListQuery::common_search`]): worth remembering for its next pages.
    #[serde(skip)]
    pub common_search: bool,
}

/// A position in the list: the last activity and id of the page's last ticket.
fn encode_cursor(at: DateTime<Utc>, id: i32) -> String {
    use base64::Engine;
    base64::engine::general_purpose::URL_SAFE_NO_PAD.encode(format!("{}|{id}", at.timestamp_micros()))
}

fn decode_cursor(cursor: &str) -> Result<(DateTime<Utc>, i32)> {
    use base64::Engine;
    let invalid =
        || Error::invalid_field("invalid_cursor", "cursor", "Cursor inválido: use o next_cursor da página anterior.");
    let bytes = base64::engine::general_purpose::URL_SAFE_NO_PAD.decode(cursor).map_err(|_| invalid())?;
    let text = String::from_utf8(bytes).map_err(|_| invalid())?;
    let (micros, id) = text.split_once('|').ok_or_else(invalid)?;
    let at = DateTime::from_timestamp_micros(micros.parse().map_err(|_| invalid())?).ok_or_else(invalid)?;
    Ok((at, id.parse().map_err(|_| invalid())?))
}

fn check_status(status: &str) -> Result<TicketStatus> {
    TicketStatus::parse(status).ok_or_else(|| {
        Error::invalid_field(
            "invalid_status",
            "status",
            format!("Situação \"{status}\" inválida: use {}.", TicketStatus::listed()),
        )
    })
}

/// A page of the tickets `viewer` may see, newest activity first, with the queue's counts.
pub async fn list(db: &impl ConnectionTrait, viewer: &Viewer, query: &ListQuery) -> Result<TicketPage> {
    let limit = query.limit.unwrap_or(30).clamp(1, MAX_PAGE);
    let mut select = ticket::Entity::find().filter(viewer.condition());
    match query.status.as_deref().filter(|s| !s.is_empty()) {
        Some(status) => {
            select = select.filter(ticket::Column::Status.eq(check_status(status)?));
        }
        None if query.mine => {
            select = select.filter(ticket::Column::Status.is_in([TicketStatus::Open, TicketStatus::Transferring]));
        }
        None if query.active => {
            select = select.filter(ticket::Column::Status.ne(TicketStatus::Closed));
        }
        None => {}
    }
    if let Some(tag_id) = query.tag_id {
        select = select.filter(Expr::exists(tagged(Some(tag_id))));
    }
    if query.without_board_tag {
        select = select.filter(Expr::exists(tagged(None)).not());
    }
    if query.mine {
        select = select.filter(ticket::Column::AssignedUserId.eq(viewer.user_id));
    }
    if let Some(instance) = query.instance_id {
        select = select.filter(ticket::Column::InstanceId.eq(instance));
    }
    if let Some(department) = query.department_id {
        select = select.filter(ticket::Column::DepartmentId.eq(department));
    }
    let mut common_search = false;
    if let Some(search) = query.search.as_deref().map(str::trim).filter(|s| !s.is_empty()) {
        if search.chars().count() > 100 {
            return Err(Error::invalid_field("invalid_search", "search", "Busque por até 100 caracteres."));
        }
        let (condition, common) = search_condition(db, search, query.common_search).await?;
        common_search = common;
        select = select.filter(condition);
    }
    if let Some(cursor) = query.cursor.as_deref().filter(|c| !c.is_empty()) {
        let (at, id) = decode_cursor(cursor)?;
        select = select.filter(
            Condition::any()
                .add(ticket::Column::LastActivityAt.lt(at))
                .add(Condition::all().add(ticket::Column::LastActivityAt.eq(at)).add(ticket::Column::Id.lt(id))),
        );
    }
    // The page, the names it shows and, unless known, the queue's counts in one statement (each
    // statement is a round trip on PostgreSQL and a hand-off on SQLite:
    // docs/performance.md#hot-path). The counts are uncorrelated subqueries: evaluated once, not
    // per row — but they are still most of PostgreSQL's work for the page, hence `known_counts`.
    let newest_first = |select: sea_orm::Select<ticket::Entity>| {
        select.order_by_desc(ticket::Column::LastActivityAt).order_by_desc(ticket::Column::Id).limit(limit + 1)
    };
    // A common name's page walks the newest tickets testing each one's copy of its customer's
    // name, which the activity indexes carry. On PostgreSQL the walk asks for ids alone, so it
    // tests the index's entries instead of reading the row of every ticket it passes (a thousand
    // for a page of "silva" at 40 000 tickets), and only the page's rows are read, by key. SQLite
    // tests the entries already (its covering index) and the subquery only added a table: 13 %
    // fewer pages a second there (docs/decisions.md#d227).
    let select = match common_search && db.get_database_backend() == DbBackend::Postgres {
        true => ticket::Entity::find().filter(
            ticket::Column::Id.in_subquery(newest_first(select.select_only().column(ticket::Column::Id)).into_query()),
        ),
        false => select,
    };
    let mut statement = views::joined(newest_first(select)).into_query();
    if query.known_counts.is_none() {
        add_counts(&mut statement, viewer);
    }
    let page = crate::domain::pages::literal_limit(db.get_database_backend().build(&statement));
    let found = db.query_all_raw(page).await?;
    let counts = match (&query.known_counts, found.first()) {
        (Some(known), _) => known.clone(),
        (None, Some(row)) => counts_from(row)?,
        // An empty page has no row to carry them.
        (None, None) => counts(db, viewer).await?,
    };
    let (mut rows, names) = Names::from_joined(&found)?;
    let next_cursor = if rows.len() as u64 > limit {
        rows.truncate(limit as usize);
        rows.last().map(|t| encode_cursor(t.last_activity_at.unwrap_or(t.opened_at), t.id))
    } else {
        None
    };
    Ok(TicketPage { data: rows.iter().map(|t| names.ticket(t)).collect(), next_cursor, counts, common_search })
}

/// `SELECT 1` from the ticket's tags: this one (`Some`), or any of the board's columns (`None`) —
/// the `(ticket_id, tag_id)` index answers either for each ticket the page walks.
fn tagged(tag_id: Option<i32>) -> sea_orm::sea_query::SelectStatement {
    use crate::entities::tenant::{tag, ticket_tag};
    let mut links = Query::select();
    links.expr(Expr::val(1)).from(ticket_tag::Entity).and_where(
        Expr::col((ticket_tag::Entity, ticket_tag::Column::TicketId)).equals((ticket::Entity, ticket::Column::Id)),
    );
    match tag_id {
        Some(id) => links.and_where(Expr::col((ticket_tag::Entity, ticket_tag::Column::TagId)).eq(id)),
        None => links
            .inner_join(
                tag::Entity,
                Expr::col((tag::Entity, tag::Column::Id)).equals((ticket_tag::Entity, ticket_tag::Column::TagId)),
            )
            .and_where(Expr::col((tag::Entity, tag::Column::BoardPosition)).is_not_null()),
    };
    links.to_owned()
}

/// The most customers a search may match and still be looked for by their ids.
const FEW_CUSTOMERS: u64 = 200;

/// Customer name or phone (docs/inbox.md#the-queue), or a protocol.
///
/// How to find a page of a search's tickets depends on how many customers it matches, which only
/// the data knows: a phone or a rare name matches a handful, whose tickets the customer index
/// finds at once, while walking the newest tickets for them crosses the whole table
/// (PostgreSQL ~30 ms a page at 100 000 tickets, 67 req/s); a common name matches thousands, whose
/// tickets are among the newest, while gathering all of theirs to sort them is the slow way
/// (SQLite chose it: 90 req/s for "silva"). So the matching customers are asked first, at most
/// [`FEW_CUSTOMERS`] + 1 of them: up to that many, the page filters on their ids; beyond, it walks
/// the newest tickets and tests each one's copy of its customer's name and phone — from the
/// activity index's own entries, which carry it (tenant migration 45), so only the page's tickets
/// are read. A protocol is asked for only when the search has its shape: a condition on the
/// ticket's row would make the walk read every ticket it passes.
///
/// A search the caller knows to be common (`known_common`) skips the question: the page is then
/// one statement, as an unsearched one. Answers the condition and whether the search is common.
async fn search_condition(db: &impl ConnectionTrait, search: &str, known_common: bool) -> Result<(Condition, bool)> {
    let backend = db.get_database_backend();
    let protocol = looks_like_protocol(search).then(|| ticket::Column::Protocol.eq(search.to_uppercase()));
    let few = match known_common {
        true => None,
        false => Some(customers::matching_ids(db, search, FEW_CUSTOMERS + 1).await?)
            .filter(|few| few.len() as u64 <= FEW_CUSTOMERS),
    };
    let common = few.is_none();
    let by_customer = match few {
        Some(few) => Condition::all().add(ticket::Column::CustomerId.is_in(few)),
        None => customers::ticket_matching(search, backend),
    };
    Ok((protocol.into_iter().fold(Condition::any().add(by_customer), Condition::add), common))
}

/// Whether `search` could be a protocol ([`new_protocol`]): eight digits (the date) and six
/// letters or digits.
fn looks_like_protocol(search: &str) -> bool {
    let bytes = search.as_bytes();
    bytes.len() == 14 && bytes[..8].iter().all(u8::is_ascii_digit) && bytes[8..].iter().all(u8::is_ascii_alphanumeric)
}

/// A number whose tickets the viewer sees (the queue's filter, the forms that pick a number).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, ToSchema)]
pub struct InboxInstance {
    pub id: i32,
    pub name: String,
    /// A number on Meta's official API (the `cloud` kind): it has approved templates, and past the
    /// customer's 24-hour window it sends only them (docs/providers.md#the-24-hour-window).
    pub official: bool,
}

/// The instances whose tickets the viewer sees, by name.
pub async fn instances_of(db: &impl ConnectionTrait, viewer: &Viewer) -> Result<Vec<InboxInstance>> {
    let mut query = instance::Entity::find().order_by_asc(instance::Column::Name);
    if !viewer.sees_all {
        query = query.filter(instance::Column::Id.is_in(viewer.instances.iter().copied()));
    }
    Ok(query
        .all(db)
        .await?
        .into_iter()
        .map(|i| InboxInstance {
            official: instances::Kind::stored(&i.provider_kind) == instances::Kind::Cloud,
            id: i.id,
            name: i.name,
        })
        .collect())
}

/// The viewer's tickets per status, and their own among them: the same counts a page carries
/// ([`add_counts`]), asked alone (an empty page, the home board).
pub async fn counts(db: &impl ConnectionTrait, viewer: &Viewer) -> Result<Counts> {
    let mut query = Query::select();
    add_counts(&mut query, viewer);
    let row = db.query_one_raw(db.get_database_backend().build(&query)).await?;
    row.as_ref().map(counts_from).transpose().map(Option::unwrap_or_default)
}

/// Adds the queue's counts to `query` as columns (aliases `c_pending`, `c_open`,
/// `c_transferring`, `c_bot`, `c_mine`): uncorrelated subqueries, evaluated once, not per row.
fn add_counts(query: &mut sea_orm::sea_query::SelectStatement, viewer: &Viewer) {
    for (alias, count) in count_queries(viewer) {
        query.expr_as(Expr::SubQuery(None, Box::new(count.into_sub_query_statement())), Alias::new(alias));
    }
}

/// The queue's counts, each a `COUNT(*)` over the (status, assignee) index: `COUNT(*)`, not
/// `COUNT(id)`, so an administrator's are answered from the index alone, without reading a
/// ticket row.
fn count_queries(viewer: &Viewer) -> [(&'static str, sea_orm::sea_query::SelectStatement); 5] {
    let count = |statuses: &[TicketStatus], mine: bool| {
        let mut query = Query::select();
        query.expr(Expr::cust("COUNT(*)")).from(ticket::Entity).cond_where(viewer.condition());
        // Literals, not bound values: PostgreSQL plans a prepared statement's `IN ($1, ...)`
        // without knowing the values (a generic plan) and scanned every ticket; with the statuses
        // in the text it counts from the (status, assignee) index.
        let list = statuses.iter().map(|s| format!("'{}'", s.as_str())).collect::<Vec<_>>().join(", ");
        query.and_where(Expr::cust(format!("tickets.status IN ({list})")));
        if mine {
            query.and_where(Expr::col((ticket::Entity, ticket::Column::AssignedUserId)).eq(viewer.user_id));
        }
        query
    };
    [
        ("c_pending", count(&[TicketStatus::Pending], false)),
        ("c_open", count(&[TicketStatus::Open], false)),
        ("c_transferring", count(&[TicketStatus::Transferring], false)),
        ("c_bot", count(&[TicketStatus::Bot], false)),
        ("c_mine", count(&[TicketStatus::Open, TicketStatus::Transferring], true)),
    ]
}

/// The counts a row carries ([`add_counts`]).
fn counts_from(row: &sea_orm::QueryResult) -> Result<Counts> {
    let get = |alias: &str| -> Result<u64> { Ok(u64::try_from(row.try_get::<i64>("", alias)?).unwrap_or(0)) };
    Ok(Counts {
        pending: get("c_pending")?,
        open: get("c_open")?,
        transferring: get("c_transferring")?,
        bot: get("c_bot")?,
        mine: get("c_mine")?,
    })
}

fn not_found() -> Error {
    Error::not_found("ticket_not_found", "Atendimento não encontrado.")
}

/// A ticket the viewer may see, or `ticket_not_found` (also for tickets they may not see).
pub async fn find_visible(db: &impl ConnectionTrait, viewer: &Viewer, id: i32) -> Result<ticket::Model> {
    ticket::Entity::find_by_id(id).filter(viewer.condition()).one(db).await?.ok_or_else(not_found)
}

/// Whether the viewer may act on an open ticket as its owner (or as a manager).
pub fn ensure_owner(viewer: &Viewer, ticket: &ticket::Model) -> Result<()> {
    if ticket.status == TicketStatus::Closed {
        return Err(Error::conflict("ticket_closed", "Este atendimento já foi encerrado."));
    }
    if is_waiting(ticket.status) {
        return Err(Error::conflict("ticket_not_accepted", "Aceite o atendimento antes."));
    }
    if ticket.assigned_user_id != Some(viewer.user_id) && !viewer.sees_all {
        return Err(Error::forbidden("not_ticket_owner", "Este atendimento é de outra pessoa."));
    }
    Ok(())
}

/// Whether a ticket waits for a person: in the queue, or held by the bot.
pub fn is_waiting(status: TicketStatus) -> bool {
    matches!(status, TicketStatus::Pending | TicketStatus::Bot)
}

/// A ticket an agent took or closed, and the status it had (the bot held it: the caller tells
/// the bot, `bot::live::taken_over`).
#[derive(Debug, Clone)]
pub struct Taken {
    pub view: TicketView,
    pub was: TicketStatus,
    pub at: DateTime<Utc>,
}

/// The caller takes a waiting ticket — or takes one over from the bot: `open`, assigned to them.
/// Two agents racing: one wins, the other gets 409 `ticket_taken`.
pub async fn accept(unit: &Unit, viewer: &Viewer, id: i32) -> Result<Taken> {
    let found = find_visible(unit, viewer, id).await?;
    let now = Utc::now();
    if found.status == TicketStatus::Open && found.assigned_user_id == Some(viewer.user_id) {
        return Ok(Taken { view: views::ticket(unit, &found).await?, was: found.status, at: now });
    }
    if !is_waiting(found.status) {
        return Err(taken(&found));
    }
    let taken_now = ticket::Entity::update_many()
        .col_expr(ticket::Column::Status, Expr::value(TicketStatus::Open))
        .col_expr(ticket::Column::AssignedUserId, Expr::value(viewer.user_id))
        .col_expr(ticket::Column::LastActivityAt, Expr::value(now))
        .col_expr(ticket::Column::UpdatedAt, Expr::value(now))
        .filter(ticket::Column::Id.eq(id))
        .filter(ticket::Column::Status.eq(found.status))
        .exec(unit)
        .await?;
    if taken_now.rows_affected == 0 {
        return Err(taken(&found));
    }
    let accepted = ticket::Entity::find_by_id(id).one(unit).await?.ok_or_else(not_found)?;
    let view = views::ticket(unit, &accepted).await?;
    let audience = Audience::of_ticket(&accepted, &[]);
    unit.raise(ChatTicketTransferred { ticket: view.clone(), transfer_id: None }.to(audience));
    hooks::ticket(unit, TICKET_ACCEPTED, &view).await?;
    Ok(Taken { view, was: found.status, at: now })
}

fn taken(ticket: &ticket::Model) -> Error {
    if ticket.status == TicketStatus::Closed {
        Error::conflict("ticket_closed", "Este atendimento já foi encerrado.")
    } else {
        Error::conflict("ticket_taken", "Outra pessoa já aceitou este atendimento.")
    }
}

/// The viewer read the conversation: its unread count goes to zero.
pub async fn mark_read(db: &impl ConnectionTrait, viewer: &Viewer, id: i32) -> Result<()> {
    find_visible(db, viewer, id).await?;
    ticket::Entity::update_many()
        .col_expr(ticket::Column::UnreadCount, Expr::value(0))
        .filter(ticket::Column::Id.eq(id))
        .exec(db)
        .await?;
    Ok(())
}

/// Closes a ticket with a reason (required); pending transfers are cancelled with it.
pub async fn close(unit: &Unit, viewer: &Viewer, id: i32, closing_reason_id: Option<i32>) -> Result<Taken> {
    let found = find_visible(unit, viewer, id).await?;
    if found.status == TicketStatus::Closed {
        return Err(Error::conflict("ticket_closed", "Este atendimento já foi encerrado."));
    }
    let waiting = is_waiting(found.status);
    if waiting && !viewer.sees_all {
        return Err(Error::conflict("ticket_not_accepted", "Aceite o atendimento antes."));
    }
    if !waiting {
        ensure_owner(viewer, &found)?;
    }
    let reason_id = closing_reason_id.ok_or_else(|| {
        Error::invalid_field("closing_reason_required", "closingReasonId", "Escolha o motivo do encerramento.")
    })?;
    closing_reasons::find_active(unit, reason_id).await?;
    let (was, now) = (found.status, Utc::now());
    let cancelled = ticket_transfer::Entity::update_many()
        .col_expr(ticket_transfer::Column::Status, Expr::value(TransferStatus::Cancelled))
        .col_expr(ticket_transfer::Column::ResolvedAt, Expr::value(now))
        .filter(ticket_transfer::Column::TicketId.eq(id))
        .filter(ticket_transfer::Column::Status.eq(TransferStatus::Pending))
        .exec_with_returning(unit)
        .await?;
    let mut active = found.into_active_model();
    active.status = Set(TicketStatus::Closed);
    active.closed_at = Set(Some(now));
    active.closing_reason_id = Set(Some(reason_id));
    active.last_activity_at = Set(Some(now));
    active.updated_at = Set(now);
    let closed = active.update(unit).await?;
    let view = views::ticket(unit, &closed).await?;
    // The target of a transfer closed under them is told it is gone.
    for transfer in &cancelled {
        unit.raise(
            DeleteChatTicketTransfer { ticket: view.clone(), transfer: views::transfer(unit, transfer).await? }
                .to(Audience::of_transfer(&closed, transfer)),
        );
    }
    unit.raise(ChatTicketClosed { ticket: view.clone() }.to(Audience::of_ticket(&closed, &[])));
    hooks::closed(unit, &view).await?;
    Ok(Taken { view, was, at: now })
}

/// A ticket as [`touch`] left it, with the names its views show.
pub struct Touched {
    pub ticket: ticket::Model,
    pub names: Names,
}

/// Records new activity on a ticket: time, preview, and (customer messages) one more unread.
/// Answers the ticket as stored (its list position, preview, unread count) with the names of its
/// customer, instance, owner and department, read by the same statement: a message is the inbox's
/// busiest write, and the events it raises name all of them.
pub async fn touch(
    db: &impl ConnectionTrait,
    id: i32,
    preview: &str,
    at: DateTime<Utc>,
    unread: bool,
    window_closes_at: Option<DateTime<Utc>>,
) -> Result<Touched> {
    let mut b = Binder::new(db.get_database_backend());
    let (at, preview, now, id) = (b.p(at), b.p(views::preview(preview)), b.p(Utc::now()), b.p(id));
    let unread = if unread { ", unread_count = unread_count + 1" } else { "" };
    // A customer's message on an official number moves the window forward, never back (messages
    // may arrive out of order).
    let window = match window_closes_at {
        Some(closes) => {
            let (first, second) = (b.p(closes), b.p(closes));
            format!(
                ", window_closes_at = CASE WHEN window_closes_at IS NULL OR window_closes_at < {first} THEN {second} \
                 ELSE window_closes_at END"
            )
        }
        None => String::new(),
    };
    // `RETURNING *` and not `tickets.*`: SQLite refuses a qualified wildcard there. The counter
    // comes back as incremented here, in the same statement.
    let sql = format!(
        "UPDATE tickets SET last_activity_at = {at}, last_message_preview = {preview}, updated_at = {now}{unread}{window} \
         WHERE id = {id} RETURNING *, {}",
        views::NAMES_OF_TICKET
    );
    let rows = db.query_all_raw(b.statement(sql)).await?;
    let (mut touched, names) = Names::from_joined(&rows)?;
    let ticket = touched.pop().ok_or_else(not_found)?;
    Ok(Touched { ticket, names })
}

#[cfg(test)]
mod tests {
    use chrono::TimeZone;

    use super::*;

    #[test]
    fn only_what_has_a_protocols_shape_is_looked_up_as_one() {
        assert!(looks_like_protocol("20261205AB12CD"));
        assert!(looks_like_protocol("20261205ab12cd"), "typed in lower case");
        assert!(!looks_like_protocol("silva"));
        assert!(!looks_like_protocol("2026120AB12CD"));
        assert!(!looks_like_protocol("20261205AB12C-"));
        assert!(!looks_like_protocol("20261205AB12CDE"));
    }

    #[test]
    fn a_protocol_is_the_sao_paulo_date_and_six_capitals_or_digits() {
        let protocol = new_protocol(Utc.with_ymd_and_hms(2026, 12, 1, 2, 0, 0).unwrap());
        assert!(protocol.starts_with("20261130"), "{protocol}");
        assert_eq!(protocol.len(), 14);
        assert!(protocol[8..].chars().all(|c| c.is_ascii_uppercase() || c.is_ascii_digit()), "{protocol}");
    }

    #[tokio::test]
    async fn a_protocol_another_ticket_holds_is_passed_over() {
        // Arrange: a conversation whose first ticket took the protocol the next one draws first.
        let db = sea_orm::Database::connect("sqlite::memory:").await.expect("SQLite opens");
        <tenant_migrations::Migrator as sea_orm_migration::MigratorTrait>::up(&db, None).await.expect("migrates");
        for sql in [
            "INSERT INTO instances (id, name) VALUES (1, 'Loja')",
            "INSERT INTO customers (id, name, phone) VALUES (1, 'Ana', '+5511987654321')",
            "INSERT INTO chats (id, customer_id, instance_id) VALUES (1, 1, 1)",
        ] {
            db.execute_unprepared(sql).await.expect("the conversation is set up");
        }
        let new = || NewTicket {
            customer_id: 1,
            instance_id: 1,
            chat_id: 1,
            department_id: None,
            held_by_bot: false,
            opening_message: "oi",
            window_closes_at: None,
        };
        let first = open_with_protocols(&db, new(), |_| "20261201AAAAAA".to_owned()).await.expect("opens");

        // Act
        let mut drawn = ["20261201AAAAAA", "20261201BBBBBB"].into_iter();
        let second = open_with_protocols(&db, new(), |_| drawn.next().expect("a protocol").to_owned()).await;
        let stuck = open_with_protocols(&db, new(), |_| "20261201AAAAAA".to_owned()).await;

        // Assert
        assert_eq!(first.protocol, "20261201AAAAAA");
        assert_eq!(second.expect("opens with the next protocol").protocol, "20261201BBBBBB");
        assert!(stuck.is_err(), "a protocol that never frees up ends in an error, not a loop");
    }
}
