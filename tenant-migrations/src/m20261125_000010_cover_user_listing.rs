//! The user list and its search read only the people not deleted, in name order, matching name,
//! email or username. A partial index holding exactly those columns lets both backends count and
//! search by scanning the index alone: user rows are wide (password hash, two-factor state...), and
//! reading 5 000 of them per searched page was most of that page's cost (docs/performance.md#hot-path).

use sea_orm_migration::prelude::*;

#[derive(DeriveMigrationName)]
pub struct Migration;

#[async_trait::async_trait]
impl MigrationTrait for Migration {
    async fn up(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        // A partial index reads the same on SQLite and PostgreSQL.
        manager
            .get_connection()
            .execute_unprepared(
                "CREATE INDEX IF NOT EXISTS idx_users_listing ON users (name, id, email, username) \
                 WHERE deleted_at IS NULL",
            )
            .await
            .map(drop)
    }

    async fn down(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        manager.drop_index(Index::drop().name("idx_users_listing").table("users").to_owned()).await
    }
}
