//! How the inbox shows tickets, messages, transfers and customers — in API answers and in the
//! realtime events' payloads (docs/inbox.md#shapes). Related names are loaded in one query per kind
//! for a whole page, never one per row.

use std::collections::{HashMap, HashSet};

use chrono::{DateTime, Utc};
use sea_orm::{ColumnTrait, ConnectionTrait, EntityTrait, QueryFilter};
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

use crate::{
    domain::{
        error::Result,
        media::{
            MediaType,
            payload::{Contact, Location, Payload},
        },
    },
    entities::tenant::{
        customer, department, instance, message,
        states::{Ack, TicketStatus, TransferStatus},
        ticket, ticket_transfer, user,
    },
};

/// A customer as a ticket shows them.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, ToSchema)]
pub struct CustomerRef {
    pub id: i32,
    pub name: String,
    pub phone: String,
    pub blacklisted: bool,
}

impl CustomerRef {
    pub fn of(c: &customer::Model) -> Self {
        Self { id: c.id, name: c.name.clone(), phone: c.phone.clone(), blacklisted: c.blacklisted }
    }
}

/// A customer as lists show them.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct CustomerView {
    pub id: i32,
    pub name: String,
    pub phone: String,
    pub email: Option<String>,
    pub blacklisted: bool,
    pub created_at: DateTime<Utc>,
}

impl From<customer::Model> for CustomerView {
    fn from(c: customer::Model) -> Self {
        Self {
            id: c.id,
            name: c.name,
            phone: c.phone,
            email: c.email,
            blacklisted: c.blacklisted,
            created_at: c.created_at,
        }
    }
}

/// An id and a name (instance, user, department).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, ToSchema)]
pub struct NamedRef {
    pub id: i32,
    pub name: String,
}

/// The last message of a ticket, for the list.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct LastMessage {
    pub body: String,
    pub at: Option<DateTime<Utc>>,
}

/// A tag as the tickets and customers that carry it show it (docs/tags.md).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, ToSchema)]
pub struct TagRef {
    pub id: i32,
    pub name: String,
    /// `#rrggbb`.
    pub color: String,
}

/// A ticket as lists, the conversation header and events show it.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct TicketView {
    pub id: i32,
    pub protocol: String,
    pub status: TicketStatus,
    pub customer: CustomerRef,
    pub instance: NamedRef,
    pub assigned_user: Option<NamedRef>,
    pub department: Option<NamedRef>,
    pub last_message: Option<LastMessage>,
    /// Customer messages nobody of the staff has read yet.
    pub unread: i32,
    pub opened_at: DateTime<Utc>,
    pub closed_at: Option<DateTime<Utc>>,
    pub closing_reason_id: Option<i32>,
    pub updated_at: DateTime<Utc>,
    /// When free text stops being accepted (an official number's 24-hour window, from the
    /// customer's last message); past: only an approved template may be sent. `null` when the
    /// number has no such rule.
    pub window_closes_at: Option<DateTime<Utc>>,
    /// The ticket's tags, by name.
    pub tags: Vec<TagRef>,
    /// Where it stands against its SLA policy; `null`: no policy applies
    /// (docs/service-levels.md#sla-policies).
    pub sla: Option<SlaView>,
}

/// Where a ticket stands against its targets.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "snake_case")]
pub enum SlaState {
    /// No target passed its at-risk share.
    OnTime,
    /// A target running has passed 80 % (`sla::clock::AT_RISK_PERCENT`) of its time ("prestes a estourar").
    AtRisk,
    /// A target was missed.
    Breached,
}

impl SlaState {
    pub const fn as_str(self) -> &'static str {
        match self {
            Self::OnTime => "on_time",
            Self::AtRisk => "at_risk",
            Self::Breached => "breached",
        }
    }

    pub fn parse(text: &str) -> Option<Self> {
        [Self::OnTime, Self::AtRisk, Self::Breached].into_iter().find(|s| s.as_str() == text)
    }
}

/// A ticket's SLA as lists and events show it.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct SlaView {
    pub state: SlaState,
    /// When the first response is (or was) due; `null`: no such target.
    #[schema(value_type = Option<String>)]
    pub response_due_at: Option<DateTime<Utc>>,
    /// Answered already (the response target is settled).
    pub responded: bool,
    /// When the resolution is due; `null`: no such target.
    #[schema(value_type = Option<String>)]
    pub resolution_due_at: Option<DateTime<Utc>>,
    /// The resolution clock stands still: the conversation waits on the customer.
    pub paused: bool,
}

impl SlaView {
    /// The view of a ticket row (`None`: no policy applies to it).
    pub fn of(t: &ticket::Model) -> Option<Self> {
        let state = SlaState::parse(t.sla_state.as_deref()?)?;
        Some(Self {
            state,
            response_due_at: t.sla_response_due_at,
            responded: t.first_response_at.is_some(),
            resolution_due_at: t.sla_resolution_due_at,
            paused: t.sla_paused_at.is_some(),
        })
    }
}

/// A message of a conversation.
#[derive(Debug, Clone, PartialEq, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct MessageView {
    pub id: i32,
    pub ticket_id: Option<i32>,
    /// `in` (from the customer) or `out` (to the customer).
    pub direction: String,
    /// `text`; `note` for a line of the conversation the customer does not see (transfers); `bot`
    /// for what the tenant's bot wrote.
    pub kind: String,
    pub body: String,
    pub ack: Ack,
    /// Why a failed message was not delivered.
    pub error: Option<String>,
    pub sent_at: DateTime<Utc>,
    /// Who of the staff wrote it (none: the customer, or written on the phone).
    pub user: Option<NamedRef>,
    pub client_id: Option<String>,
    /// What it holds: `text`, `image`, `audio`, `video`, `document`, `sticker`, `location`,
    /// `contacts` or `unsupported` (docs/media.md#message-types).
    #[serde(rename = "type")]
    pub message_type: MediaType,
    /// Its file, when it has one (links issued to whoever may read the message).
    pub media: Option<MediaView>,
    pub location: Option<Location>,
    pub contacts: Option<Vec<Contact>>,
    /// The message it replies to.
    pub quoted: Option<QuotedView>,
    /// At most one per customer and one per agent.
    pub reactions: Vec<ReactionView>,
    pub edited_at: Option<DateTime<Utc>>,
    /// Deleted for everyone by its sender: its content is empty.
    pub revoked_at: Option<DateTime<Utc>>,
}

/// A message's file.
#[derive(Debug, Clone, PartialEq, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct MediaView {
    /// `pending` (being fetched), `ready` or `failed`.
    pub status: String,
    /// Why it is unavailable (`failed`), in pt_BR.
    pub error: Option<String>,
    pub mime_type: Option<String>,
    pub file_name: Option<String>,
    pub size: Option<i64>,
    pub width: Option<i32>,
    pub height: Option<i32>,
    pub duration_ms: Option<i32>,
    /// A voice note (push-to-talk).
    pub voice: bool,
    /// 64 bars 0–100.
    pub waveform: Option<Vec<u8>>,
    /// Inline (expires in an hour).
    pub url: Option<String>,
    /// As an attachment, with its file name.
    pub download_url: Option<String>,
    /// A JPEG at most 320 px, for images, stickers and video.
    pub thumbnail_url: Option<String>,
}

impl MediaView {
    /// What the message's row tells; the rest comes with [`fill`].
    pub fn of_message(m: &message::Model, payload: &Payload) -> Self {
        Self {
            status: m.media_status.clone().unwrap_or_else(|| "pending".into()),
            error: m.media_error.clone(),
            mime_type: payload.source.as_ref().and_then(|s| s.mime_type.clone()),
            file_name: payload.file_name.clone(),
            size: None,
            width: None,
            height: None,
            duration_ms: None,
            voice: payload.voice,
            waveform: None,
            url: None,
            download_url: None,
            thumbnail_url: None,
        }
    }
}

/// The message a reply quotes.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct QuotedView {
    /// Ours; `null` when the quoted message is not stored.
    pub id: Option<i32>,
    #[serde(rename = "type")]
    pub message_type: MediaType,
    pub body: String,
    pub direction: Option<String>,
    pub file_name: Option<String>,
}

/// One reaction on a message.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ReactionView {
    pub emoji: String,
    /// `customer` or `agent`.
    pub from: String,
    /// The agent who reacted.
    pub user: Option<NamedRef>,
    pub at: DateTime<Utc>,
}

/// A transfer request.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct TransferView {
    pub id: i32,
    pub ticket_id: i32,
    pub status: TransferStatus,
    pub from_user: Option<NamedRef>,
    pub to_user: Option<NamedRef>,
    pub to_department: Option<NamedRef>,
    pub note: Option<String>,
    pub created_at: DateTime<Utc>,
    pub resolved_at: Option<DateTime<Utc>>,
}

/// A tickets query that also reads the names its views show, in the same statement (left joins
/// on primary keys; read back with [`Names::from_joined`]).
pub fn joined(mut select: sea_orm::Select<ticket::Entity>) -> sea_orm::Select<ticket::Entity> {
    join_names(sea_orm::QueryTrait::query(&mut select));
    select
}

/// Adds to a statement that reads `tickets` the names [`joined`] adds: for a statement built on
/// another table that joins its tickets (a page of message search matches, each with its ticket).
pub fn join_names(select: &mut sea_orm::sea_query::SelectStatement) {
    use sea_orm::sea_query::{Alias, DynIden, Expr, ExprTrait, IntoIden};
    // Each name's table by its primary key, `ON <table>.id = tickets.<key>`.
    let on = |table: DynIden, key: ticket::Column| Expr::col((table, Alias::new("id"))).equals((ticket::Entity, key));
    select
        .left_join(customer::Entity, on(customer::Entity.into_iden(), ticket::Column::CustomerId))
        .left_join(instance::Entity, on(instance::Entity.into_iden(), ticket::Column::InstanceId))
        .left_join(user::Entity, on(user::Entity.into_iden(), ticket::Column::AssignedUserId))
        .left_join(department::Entity, on(department::Entity.into_iden(), ticket::Column::DepartmentId))
        .expr_as(Expr::col((customer::Entity, customer::Column::Name)), Alias::new("j_customer_name"))
        .expr_as(Expr::col((customer::Entity, customer::Column::Phone)), Alias::new("j_customer_phone"))
        .expr_as(Expr::col((customer::Entity, customer::Column::Blacklisted)), Alias::new("j_customer_blacklisted"))
        .expr_as(Expr::col((instance::Entity, instance::Column::Name)), Alias::new("j_instance_name"))
        .expr_as(Expr::col((user::Entity, user::Column::Name)), Alias::new("j_user_name"))
        .expr_as(Expr::col((department::Entity, department::Column::Name)), Alias::new("j_department_name"))
        .expr_as(Expr::cust(TAGS_OF_TICKET), Alias::new("j_tags"));
}

/// A ticket's tags in one text, `id:color:name` a line each (a tag's name holds no line break),
/// as a scalar subquery on a row of `tickets`: a page reads them in its own statement, through the
/// `(ticket_id, tag_id)` index ([`parse_tags`] reads them back). A macro, for `concat!` below.
macro_rules! tags_of_ticket {
    () => {
        "(SELECT string_agg(CAST(tags.id AS TEXT) || ':' || tags.color || ':' || tags.name, '\n') \
         FROM ticket_tags JOIN tags ON tags.id = ticket_tags.tag_id WHERE ticket_tags.ticket_id = tickets.id)"
    };
}
pub const TAGS_OF_TICKET: &str = tags_of_ticket!();

/// The tags [`TAGS_OF_TICKET`] read, by name.
pub fn parse_tags(text: &str) -> Vec<TagRef> {
    let mut tags: Vec<TagRef> = text
        .lines()
        .filter_map(|line| {
            let mut parts = line.splitn(3, ':');
            let id = parts.next()?.parse().ok()?;
            let color = parts.next()?.to_owned();
            let name = parts.next()?.to_owned();
            Some(TagRef { id, name, color })
        })
        .collect();
    sort_tags(&mut tags);
    tags
}

/// Tags in the order every screen shows them: by name, accents and case aside.
pub fn sort_tags(tags: &mut [TagRef]) {
    tags.sort_by_cached_key(|t| (crate::domain::text::fold(&t.name), t.id));
}

/// The tags of each ticket in `tickets`, by name.
pub async fn tags_of_tickets(db: &impl ConnectionTrait, tickets: &[i32]) -> Result<HashMap<i32, Vec<TagRef>>> {
    tags_of(db, "ticket_tags", "ticket_id", tickets).await
}

/// The tags of each customer in `customers`, by name (customers without any are absent).
pub async fn tags_of_customers(db: &impl ConnectionTrait, customers: &[i32]) -> Result<HashMap<i32, Vec<TagRef>>> {
    tags_of(db, "customer_tags", "customer_id", customers).await
}

/// A customer's tags, by name.
pub async fn tags_of_customer(db: &impl ConnectionTrait, customer_id: i32) -> Result<Vec<TagRef>> {
    Ok(tags_of_customers(db, &[customer_id]).await?.remove(&customer_id).unwrap_or_default())
}

/// The tags `table` (`ticket_tags`, `customer_tags`) applies to each of `ids` (its `column`), in
/// one statement.
async fn tags_of(
    db: &impl ConnectionTrait,
    table: &str,
    column: &str,
    ids: &[i32],
) -> Result<HashMap<i32, Vec<TagRef>>> {
    let mut found: HashMap<i32, Vec<TagRef>> = HashMap::new();
    if ids.is_empty() {
        return Ok(found);
    }
    let mut b = crate::domain::sql::Binder::new(db.get_database_backend());
    let ids: Vec<String> = ids.iter().map(|id| b.p(*id)).collect();
    let sql = format!(
        "SELECT {table}.{column} AS owner_id, tags.id AS id, tags.color AS color, tags.name AS name \
         FROM {table} JOIN tags ON tags.id = {table}.tag_id WHERE {table}.{column} IN ({})",
        ids.join(", ")
    );
    for row in db.query_all_raw(b.statement(sql)).await? {
        let owner: i32 = row.try_get("", "owner_id")?;
        let tag =
            TagRef { id: row.try_get("", "id")?, name: row.try_get("", "name")?, color: row.try_get("", "color")? };
        found.entry(owner).or_default().push(tag);
    }
    for tags in found.values_mut() {
        sort_tags(tags);
    }
    Ok(found)
}

/// The `j_*` columns of [`joined`] as scalar subqueries on a row of `tickets` (primary-key
/// lookups), for a statement that cannot join, such as an `UPDATE … RETURNING`.
pub const NAMES_OF_TICKET: &str = concat!(
    "\
    (SELECT name FROM customers WHERE customers.id = tickets.customer_id) AS j_customer_name, \
    (SELECT phone FROM customers WHERE customers.id = tickets.customer_id) AS j_customer_phone, \
    (SELECT blacklisted FROM customers WHERE customers.id = tickets.customer_id) AS j_customer_blacklisted, \
    (SELECT name FROM instances WHERE instances.id = tickets.instance_id) AS j_instance_name, \
    (SELECT name FROM users WHERE users.id = tickets.assigned_user_id) AS j_user_name, \
    (SELECT name FROM departments WHERE departments.id = tickets.department_id) AS j_department_name, \
",
    tags_of_ticket!(),
    " AS j_tags"
);

/// Names of everything a page of rows refers to, loaded once.
#[derive(Default)]
pub struct Names {
    customers: HashMap<i32, CustomerRef>,
    instances: HashMap<i32, String>,
    users: HashMap<i32, String>,
    departments: HashMap<i32, String>,
    /// Tags by ticket id.
    tags: HashMap<i32, Vec<TagRef>>,
}

impl Names {
    /// Loads the given ids of each kind (unknown ones are simply absent).
    pub async fn load(
        db: &impl ConnectionTrait,
        customers: impl IntoIterator<Item = i32>,
        instances: impl IntoIterator<Item = i32>,
        users: impl IntoIterator<Item = i32>,
        departments: impl IntoIterator<Item = i32>,
    ) -> Result<Self> {
        let ids = |it: &mut dyn Iterator<Item = i32>| it.collect::<HashSet<i32>>().into_iter().collect::<Vec<i32>>();
        let (customers, instances) = (ids(&mut customers.into_iter()), ids(&mut instances.into_iter()));
        let (users, departments) = (ids(&mut users.into_iter()), ids(&mut departments.into_iter()));
        let mut names = Self::default();
        if !customers.is_empty() {
            for found in customer::Entity::find().filter(customer::Column::Id.is_in(customers)).all(db).await? {
                names.customers.insert(found.id, CustomerRef::of(&found));
            }
        }
        if !instances.is_empty() {
            for found in instance::Entity::find().filter(instance::Column::Id.is_in(instances)).all(db).await? {
                names.instances.insert(found.id, found.name);
            }
        }
        if !users.is_empty() {
            for found in user::Entity::find().filter(user::Column::Id.is_in(users)).all(db).await? {
                names.users.insert(found.id, found.name);
            }
        }
        if !departments.is_empty() {
            for found in department::Entity::find().filter(department::Column::Id.is_in(departments)).all(db).await? {
                names.departments.insert(found.id, found.name);
            }
        }
        Ok(names)
    }

    /// Adds what the caller holds already (no query for these).
    pub fn with_customer(mut self, customer: &customer::Model) -> Self {
        self.customers.insert(customer.id, CustomerRef::of(customer));
        self
    }

    pub fn with_instance(mut self, id: i32, name: &str) -> Self {
        self.instances.insert(id, name.to_owned());
        self
    }

    pub fn with_user(mut self, id: i32, name: &str) -> Self {
        self.users.insert(id, name.to_owned());
        self
    }

    pub fn with_department(mut self, id: i32, name: &str) -> Self {
        self.departments.insert(id, name.to_owned());
        self
    }

    /// Names read beside a page of tickets, from the `j_*` columns [`joined`] adds (decoded by
    /// position: [`super::page_rows`]).
    pub fn from_joined(rows: &[sea_orm::QueryResult]) -> Result<(Vec<ticket::Model>, Self)> {
        let mut names = Self::default();
        let mut tickets = Vec::with_capacity(rows.len());
        for (t, joined) in super::page_rows::decode(rows)? {
            if let Some(name) = joined.customer_name {
                let phone = joined.customer_phone.unwrap_or_default();
                let blacklisted = joined.customer_blacklisted.unwrap_or(false);
                names.customers.insert(t.customer_id, CustomerRef { id: t.customer_id, name, phone, blacklisted });
            }
            if let Some(name) = joined.instance_name {
                names.instances.insert(t.instance_id, name);
            }
            if let (Some(id), Some(name)) = (t.assigned_user_id, joined.user_name) {
                names.users.insert(id, name);
            }
            if let (Some(id), Some(name)) = (t.department_id, joined.department_name) {
                names.departments.insert(id, name);
            }
            if let Some(tags) = joined.tags {
                names.tags.insert(t.id, parse_tags(&tags));
            }
            tickets.push(t);
        }
        Ok((tickets, names))
    }

    /// Names for a page of tickets.
    pub async fn of_tickets(db: &impl ConnectionTrait, tickets: &[ticket::Model]) -> Result<Self> {
        let customers: Vec<i32> = tickets.iter().map(|t| t.customer_id).collect();
        let instances: Vec<i32> = tickets.iter().map(|t| t.instance_id).collect();
        let users: Vec<i32> = tickets.iter().filter_map(|t| t.assigned_user_id).collect();
        let departments: Vec<i32> = tickets.iter().filter_map(|t| t.department_id).collect();
        let mut names = Self::load(db, customers, instances, users, departments).await?;
        names.tags = tags_of_tickets(db, &tickets.iter().map(|t| t.id).collect::<Vec<_>>()).await?;
        Ok(names)
    }

    /// Adds the tags of the given tickets (one query), for names built from what the caller holds.
    pub async fn with_tags_of(mut self, db: &impl ConnectionTrait, tickets: &[i32]) -> Result<Self> {
        self.tags.extend(tags_of_tickets(db, tickets).await?);
        Ok(self)
    }

    fn user(&self, id: Option<i32>) -> Option<NamedRef> {
        let id = id?;
        Some(NamedRef { id, name: self.users.get(&id).cloned().unwrap_or_default() })
    }

    fn department(&self, id: Option<i32>) -> Option<NamedRef> {
        let id = id?;
        Some(NamedRef { id, name: self.departments.get(&id).cloned().unwrap_or_default() })
    }

    pub fn ticket(&self, t: &ticket::Model) -> TicketView {
        let customer = match self.customers.get(&t.customer_id) {
            Some(c) => c.clone(),
            None => CustomerRef { id: t.customer_id, name: String::new(), phone: String::new(), blacklisted: false },
        };
        TicketView {
            id: t.id,
            protocol: t.protocol.clone(),
            status: t.status,
            customer,
            instance: NamedRef {
                id: t.instance_id,
                name: self.instances.get(&t.instance_id).cloned().unwrap_or_default(),
            },
            assigned_user: self.user(t.assigned_user_id),
            department: self.department(t.department_id),
            last_message: t.last_message_preview.clone().map(|body| LastMessage { body, at: t.last_activity_at }),
            unread: t.unread_count,
            opened_at: t.opened_at,
            closed_at: t.closed_at,
            closing_reason_id: t.closing_reason_id,
            updated_at: t.last_activity_at.unwrap_or(t.updated_at),
            window_closes_at: t.window_closes_at,
            tags: self.tags.get(&t.id).cloned().unwrap_or_default(),
            sla: SlaView::of(t),
        }
    }

    /// A message's view from its row alone; its medium's details, links, quoted message and
    /// reactions are added for a whole page by [`super::attachments::fill`].
    pub fn message(&self, m: &message::Model) -> MessageView {
        let message_type = MediaType::parse(&m.message_type);
        let revoked = m.revoked_at.is_some();
        let payload = if revoked { Payload::default() } else { Payload::read(m.payload.as_deref()) };
        let media = (message_type.has_file() && !revoked).then(|| MediaView::of_message(m, &payload));
        MessageView {
            id: m.id,
            ticket_id: m.ticket_id,
            direction: m.direction.clone(),
            kind: m.kind.clone(),
            body: if revoked { String::new() } else { m.body.clone() },
            ack: m.ack,
            error: m.error.clone(),
            sent_at: m.sent_at,
            user: self.user(m.user_id),
            client_id: m.client_id.clone(),
            message_type,
            media,
            location: payload.location,
            contacts: payload.contacts,
            quoted: None,
            reactions: Vec::new(),
            edited_at: m.edited_at,
            revoked_at: m.revoked_at,
        }
    }

    pub fn transfer(&self, t: &ticket_transfer::Model) -> TransferView {
        TransferView {
            id: t.id,
            ticket_id: t.ticket_id,
            status: t.status,
            from_user: self.user(t.from_user_id),
            to_user: self.user(t.to_user_id),
            to_department: self.department(t.to_department_id),
            note: t.note.clone(),
            created_at: t.created_at,
            resolved_at: t.resolved_at,
        }
    }
}

/// One ticket's view (loads its names).
pub async fn ticket(db: &impl ConnectionTrait, t: &ticket::Model) -> Result<TicketView> {
    Ok(Names::of_tickets(db, std::slice::from_ref(t)).await?.ticket(t))
}

/// One transfer's view.
pub async fn transfer(db: &impl ConnectionTrait, t: &ticket_transfer::Model) -> Result<TransferView> {
    let users: Vec<i32> = [t.from_user_id, t.to_user_id].into_iter().flatten().collect();
    Ok(Names::load(db, [], [], users, t.to_department_id).await?.transfer(t))
}

/// The first characters of a message, for the list.
pub fn preview(body: &str) -> String {
    const PREVIEW_CHARS: usize = 120;
    let flat: String = body.split_whitespace().collect::<Vec<_>>().join(" ");
    if flat.chars().count() <= PREVIEW_CHARS {
        flat
    } else {
        format!("{}…", flat.chars().take(PREVIEW_CHARS).collect::<String>())
    }
}
