//! Messages and their files by age (docs/operations.md#retention-policy, decision 216): past the
//! company's period a message is emptied in place — its text, file, location and contact cards go,
//! the row stays (tickets, counts and the daily aggregates still add up: the same anonymisation as
//! a customer's erasure, `domain::privacy`); past the media period only its file goes (the text
//! stays readable, the conversation says the file is no longer kept), and the nightly prune of
//! unheld media then removes the object.
//!
//! **Walked by id, once.** A nightly run must not read every old message again: each kind keeps
//! the last id it walked past (`tenant_settings`), and a run reads forward from there, by primary
//! key, [`BATCH`] at a time, stopping at the first message not yet old enough — ids follow time.
//! A message synchronised from a phone's history later (an old date on a new id) is emptied when
//! the walk reaches its id, at most one period late.

use chrono::{DateTime, Duration, Utc};
use sea_orm::{ColumnTrait, ConnectionTrait, EntityTrait, QueryFilter, QueryOrder, QuerySelect, sea_query::Expr};

use crate::{
    domain::{error::Result, settings},
    entities::tenant::{message, ticket},
    tenancy::TenantDb,
};

/// Messages read per transaction.
const BATCH: u64 = 2_000;

/// What ages out.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Part {
    /// The whole content (text, file, location, contacts).
    Content,
    /// The file only.
    File,
}

impl Part {
    fn key(self) -> &'static str {
        match self {
            Self::Content => "retention_messages_after",
            Self::File => "retention_media_after",
        }
    }
}

/// Empties `part` of the messages sent more than `days` ago, from where the last run stopped;
/// answers how many messages were changed.
pub async fn prune(db: &TenantDb, part: Part, days: u32, now: DateTime<Utc>) -> Result<u64> {
    let cutoff = now - Duration::days(i64::from(days));
    let mut changed = 0;
    loop {
        let tx = db.begin().await?;
        let after: i32 = settings::read(&tx, part.key()).await?.unwrap_or(0);
        let rows: Vec<(i32, DateTime<Utc>)> = message::Entity::find()
            .select_only()
            .column(message::Column::Id)
            .column(message::Column::SentAt)
            .filter(message::Column::Id.gt(after))
            .order_by_asc(message::Column::Id)
            .limit(BATCH)
            .into_tuple()
            .all(&tx)
            .await?;
        // Up to the first message still within the period.
        let old: Vec<i32> = rows.iter().take_while(|(_, sent)| *sent < cutoff).map(|(id, _)| *id).collect();
        let Some(&last) = old.last() else {
            tx.commit().await?;
            break;
        };
        let mut update = message::Entity::update_many()
            .col_expr(message::Column::MediaId, Expr::value(Option::<i32>::None))
            .col_expr(message::Column::MediaStatus, Expr::value(Option::<String>::None))
            .col_expr(message::Column::MediaError, Expr::value(Option::<String>::None))
            .col_expr(message::Column::UpdatedAt, Expr::value(now));
        let mut which = sea_orm::Condition::all().add(message::Column::Id.is_in(old.clone()));
        match part {
            Part::Content => {
                update = update
                    .col_expr(message::Column::Body, Expr::value(""))
                    .col_expr(message::Column::Payload, Expr::value(Option::<String>::None))
                    .col_expr(message::Column::QuotedExternalId, Expr::value(Option::<String>::None));
            }
            // A text-only message has nothing to lose: it is not rewritten.
            Part::File => which = which.add(message::Column::MediaId.is_not_null()),
        }
        changed += update.filter(which).exec(&tx).await?.rows_affected;
        settings::write(&tx, part.key(), &last).await?;
        tx.commit().await?;
        if old.len() < rows.len() || (rows.len() as u64) < BATCH {
            break;
        }
    }
    if part == Part::Content {
        // A ticket whose last message is past the period shows no preview of it either.
        let tx = db.begin().await?;
        ticket::Entity::update_many()
            .col_expr(ticket::Column::LastMessagePreview, Expr::value(Option::<String>::None))
            .filter(ticket::Column::LastMessagePreview.is_not_null())
            .filter(ticket::Column::LastActivityAt.lt(cutoff))
            .exec(&tx)
            .await?;
        tx.commit().await?;
    }
    Ok(changed)
}

/// How many messages [`prune`] would change now (a dry run), counted from where it stands.
pub async fn count(db: &impl ConnectionTrait, part: Part, days: u32, now: DateTime<Utc>) -> Result<u64> {
    let cutoff = now - Duration::days(i64::from(days));
    let after: i32 = settings::read(db, part.key()).await?.unwrap_or(0);
    let mut select =
        message::Entity::find().filter(message::Column::Id.gt(after)).filter(message::Column::SentAt.lt(cutoff));
    if part == Part::File {
        select = select.filter(message::Column::MediaId.is_not_null());
    }
    Ok(sea_orm::PaginatorTrait::count(select, db).await?)
}
