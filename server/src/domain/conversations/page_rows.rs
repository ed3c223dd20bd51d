//! Decoding a page of tickets read with their names ([`super::views::joined`]) straight from the
//! driver's rows.
//!
//! sea-orm reads each column by name and, for every NULL of a nullable column, builds an error
//! holding the formatted column name before turning it into `None`; a ticket row has a dozen
//! nullable columns (owner, department, closing fields, first response…). On a page of 31 rows that
//! was ~20 % of the server's CPU for the tickets list on PostgreSQL and ~15 % on SQLite
//! (docs/performance.md#ticket-rows-by-position). Here each column's position is looked up once per
//! page and every row is read by position through sqlx, whose `Option` decoding allocates nothing
//! for a NULL. The values and their decoding are sqlx's, as under sea-orm.

use chrono::{DateTime, Utc};
use sea_orm::{
    DbErr, QueryResult,
    sqlx::{self, Column as _, ColumnIndex, Decode, Row, Type},
};

use crate::{
    domain::error::{Error, Result},
    entities::tenant::{states::TicketStatus, ticket},
};

/// The `j_*` names [`super::views::joined`] adds beside a ticket's columns.
#[derive(Debug, Default)]
pub struct JoinedNames {
    pub customer_name: Option<String>,
    pub customer_phone: Option<String>,
    pub customer_blacklisted: Option<bool>,
    pub instance_name: Option<String>,
    pub user_name: Option<String>,
    pub department_name: Option<String>,
    /// The ticket's tags, `id:color:name` a line each ([`super::views::TAGS_OF_TICKET`]).
    pub tags: Option<String>,
}

/// Every row of a page: its ticket and the names read beside it.
pub fn decode(rows: &[QueryResult]) -> Result<Vec<(ticket::Model, JoinedNames)>> {
    let Some(first) = rows.first() else { return Ok(Vec::new()) };
    if first.try_as_pg_row().is_some() {
        decode_all(rows.iter().filter_map(QueryResult::try_as_pg_row))
    } else if first.try_as_sqlite_row().is_some() {
        decode_all(rows.iter().filter_map(QueryResult::try_as_sqlite_row))
    } else {
        Err(broken("ticket rows from an unknown driver"))
    }
}

/// The positions of the columns a page reads, found once from the first row's columns.
struct Positions([usize; COLUMNS.len()]);

const COLUMNS: [&str; 29] = [
    "id",
    "protocol",
    "chat_id",
    "customer_id",
    "instance_id",
    "department_id",
    "assigned_user_id",
    "status",
    "opened_at",
    "first_response_at",
    "closed_at",
    "closing_reason_id",
    "last_activity_at",
    "last_message_preview",
    "unread_count",
    "created_at",
    "updated_at",
    "window_closes_at",
    "sla_state",
    "sla_response_due_at",
    "sla_resolution_due_at",
    "sla_paused_at",
    "j_customer_name",
    "j_customer_phone",
    "j_customer_blacklisted",
    "j_instance_name",
    "j_user_name",
    "j_department_name",
    "j_tags",
];

impl Positions {
    fn of<R: Row>(row: &R) -> Result<Self> {
        let mut found = [0; COLUMNS.len()];
        for (slot, wanted) in found.iter_mut().zip(COLUMNS) {
            *slot = row
                .columns()
                .iter()
                .position(|c| c.name() == wanted)
                .ok_or_else(|| broken(format!("the tickets page has no column {wanted}")))?;
        }
        Ok(Self(found))
    }
}

fn decode_all<'a, R>(rows: impl Iterator<Item = &'a R>) -> Result<Vec<(ticket::Model, JoinedNames)>>
where
    R: Row + 'a,
    usize: ColumnIndex<R>,
    for<'r> i32: Decode<'r, R::Database> + Type<R::Database>,
    for<'r> bool: Decode<'r, R::Database> + Type<R::Database>,
    for<'r> String: Decode<'r, R::Database> + Type<R::Database>,
    for<'r> DateTime<Utc>: Decode<'r, R::Database> + Type<R::Database>,
{
    let mut rows = rows.peekable();
    let Some(first) = rows.peek() else { return Ok(Vec::new()) };
    let at = Positions::of(*first)?.0;
    rows.map(|row| {
        let ticket = ticket::Model {
            id: get(row, at[0])?,
            protocol: get(row, at[1])?,
            chat_id: get(row, at[2])?,
            customer_id: get(row, at[3])?,
            instance_id: get(row, at[4])?,
            department_id: get(row, at[5])?,
            assigned_user_id: get(row, at[6])?,
            status: {
                let text: String = get(row, at[7])?;
                TicketStatus::parse(&text).ok_or_else(|| broken(format!("unknown ticket status {text:?}")))?
            },
            opened_at: get(row, at[8])?,
            first_response_at: get(row, at[9])?,
            closed_at: get(row, at[10])?,
            closing_reason_id: get(row, at[11])?,
            last_activity_at: get(row, at[12])?,
            last_message_preview: get(row, at[13])?,
            unread_count: get(row, at[14])?,
            created_at: get(row, at[15])?,
            updated_at: get(row, at[16])?,
            window_closes_at: get(row, at[17])?,
            sla_state: get(row, at[18])?,
            sla_response_due_at: get(row, at[19])?,
            sla_resolution_due_at: get(row, at[20])?,
            sla_paused_at: get(row, at[21])?,
        };
        let names = JoinedNames {
            customer_name: get(row, at[22])?,
            customer_phone: get(row, at[23])?,
            customer_blacklisted: get(row, at[24])?,
            instance_name: get(row, at[25])?,
            user_name: get(row, at[26])?,
            department_name: get(row, at[27])?,
            tags: get(row, at[28])?,
        };
        Ok((ticket, names))
    })
    .collect()
}

fn get<'r, R, T>(row: &'r R, at: usize) -> Result<T>
where
    R: Row,
    usize: ColumnIndex<R>,
    T: Decode<'r, R::Database> + Type<R::Database>,
{
    row.try_get(at).map_err(|err: sqlx::Error| broken(format!("reading a ticket row: {err}")))
}

/// A row that does not read as a page of tickets: a programming error, logged as a database one.
fn broken(message: impl Into<String>) -> Error {
    Error::Db(DbErr::Custom(message.into()))
}
