//! The queue's name search walks an index, not the tickets (docs/performance.md, issue 45). A
//! common surname ("silva", one customer in twenty) is answered by walking the newest tickets and
//! testing each one's customer against the search's matches; the activity indexes held only
//! `(last_activity_at, id)`, so each ticket walked was read from the table to learn its customer —
//! about 600 rows read for a page of 30. With `customer_id` as the indexes' last column the walk
//! reads index entries only and the table for the page's own tickets. `customer_id` never changes
//! once a ticket is opened, so the wider entry costs the writes nothing more than its bytes; the
//! indexes stay as many as they were.

use sea_orm_migration::prelude::*;

#[derive(DeriveMigrationName)]
pub struct Migration;

/// The activity indexes of migration 9, by name, with their leading columns.
const INDEXES: [(&str, &[&str]); 3] = [
    ("ix_tickets_activity", &["last_activity_at", "id"]),
    ("ix_tickets_status_activity", &["status", "last_activity_at", "id"]),
    ("ix_tickets_instance_activity", &["instance_id", "last_activity_at", "id"]),
];

async fn rebuild(manager: &SchemaManager<'_>, with_customer: bool) -> Result<(), DbErr> {
    for (name, columns) in INDEXES {
        manager.drop_index(Index::drop().if_exists().name(name).table(Alias::new("tickets")).to_owned()).await?;
        let mut index = Index::create();
        index.name(name).table(Alias::new("tickets"));
        for column in columns {
            index.col(Alias::new(*column));
        }
        if with_customer {
            index.col(Alias::new("customer_id"));
        }
        manager.create_index(index.to_owned()).await?;
    }
    Ok(())
}

#[async_trait::async_trait]
impl MigrationTrait for Migration {
    async fn up(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        rebuild(manager, true).await
    }

    async fn down(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        rebuild(manager, false).await
    }
}
