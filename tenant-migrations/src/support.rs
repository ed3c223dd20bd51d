//! Small schema helpers shared by the tenant migrations.
//!
//! They exist so that every migration spells tables the same way on SQLite and PostgreSQL: tables are
//! never schema-qualified (on PostgreSQL the caller binds the tenant schema with `SET LOCAL search_path`),
//! every statement is `IF NOT EXISTS` (a re-run after a failed provisioning is harmless), and timestamps
//! are `timestamp with time zone` (sea-orm-migration's own `table_auto` uses plain `timestamp`).

use sea_orm_migration::prelude::*;
use sea_orm_migration::schema::{timestamp_with_time_zone, timestamp_with_time_zone_null};
use sea_orm_migration::sea_orm::DbBackend;

#[derive(DeriveIden)]
enum Stamps {
    CreatedAt,
    UpdatedAt,
}

/// `CREATE TABLE IF NOT EXISTS {name}`, to which the caller adds columns.
pub(crate) fn create<T: IntoIden + 'static>(name: T) -> TableCreateStatement {
    Table::create().table(name).if_not_exists().take()
}

/// Appends `created_at` and `updated_at` (timestamp with time zone, default now) to a table. Every
/// table gets them except append-only logs, whose rows carry the time of the fact instead.
pub(crate) fn with_timestamps(backend: DbBackend, mut table: TableCreateStatement) -> TableCreateStatement {
    table.col(now_default(backend, Stamps::CreatedAt)).col(now_default(backend, Stamps::UpdatedAt)).take()
}

/// A non-null `timestamp with time zone` column defaulting to the current time.
///
/// SQLite stores times as text and compares them as text, so its default writes the same shape
/// sqlx writes for a bound `DateTime<Utc>` (`2026-11-21T13:05:09+00:00`) instead of
/// `CURRENT_TIMESTAMP`'s `2026-11-21 13:05:09`: date-range filters then see defaulted and bound
/// times in one order.
pub(crate) fn now_default<T: IntoIden>(backend: DbBackend, col: T) -> ColumnDef {
    let now = match backend {
        DbBackend::Sqlite => Expr::cust("strftime('%Y-%m-%dT%H:%M:%S+00:00', 'now')"),
        _ => Expr::current_timestamp(),
    };
    timestamp_with_time_zone(col).default(now).take()
}

/// A nullable `timestamp with time zone` column.
pub(crate) fn tz_null<T: IntoIden>(col: T) -> ColumnDef {
    timestamp_with_time_zone_null(col)
}

/// A foreign key `fk_{table}_{column}` from `table.column` to `target.id`.
pub(crate) fn fk<T, C, R, I>(
    table: T,
    column: C,
    target: R,
    target_id: I,
    on_delete: ForeignKeyAction,
) -> ForeignKeyCreateStatement
where
    T: IntoIden,
    C: IntoIden,
    R: IntoIden,
    I: IntoIden,
{
    let table = table.into_iden();
    let column = column.into_iden();
    ForeignKey::create()
        .name(format!("fk_{}_{}", table, column))
        .from(table, column)
        .to(target, target_id)
        .on_delete(on_delete)
        .on_update(ForeignKeyAction::Cascade)
        .take()
}

/// `CREATE [UNIQUE] INDEX IF NOT EXISTS {name} ON {table} (columns)`.
pub(crate) fn index<T, C, I>(name: &str, table: T, columns: I, unique: bool) -> IndexCreateStatement
where
    T: IntoIden,
    C: IntoIden,
    I: IntoIterator<Item = C>,
{
    let mut index = Index::create();
    index.if_not_exists().name(name).table(table);
    for column in columns {
        index.col(column.into_iden());
    }
    if unique {
        index.unique();
    }
    index.take()
}

/// `DROP TABLE IF EXISTS` for each table, in the order given.
pub(crate) async fn drop_tables(manager: &SchemaManager<'_>, tables: Vec<DynIden>) -> Result<(), DbErr> {
    for table in tables {
        manager.drop_table(Table::drop().table(table).if_exists().take()).await?;
    }
    Ok(())
}

/// `ALTER TABLE {table} ADD COLUMN {column}` unless the column exists (a re-run after a failure is
/// harmless). SQLite adds one column per statement, so each column is its own call.
pub(crate) async fn add_column(
    manager: &SchemaManager<'_>,
    table: &'static str,
    column: ColumnDef,
) -> Result<(), DbErr> {
    let name = column.get_column_name();
    if manager.has_column(table, &name).await? {
        return Ok(());
    }
    manager.alter_table(Table::alter().table(Alias::new(table)).add_column(column).to_owned()).await
}

/// The reverse of [`add_column`].
pub(crate) async fn drop_column(
    manager: &SchemaManager<'_>,
    table: &'static str,
    column: &'static str,
) -> Result<(), DbErr> {
    if !manager.has_column(table, column).await? {
        return Ok(());
    }
    manager.alter_table(Table::alter().table(Alias::new(table)).drop_column(Alias::new(column)).to_owned()).await
}

/// Runs SQL statements in order (triggers and functions the schema builder cannot express).
pub(crate) async fn execute_all<S: AsRef<str>>(manager: &SchemaManager<'_>, statements: &[S]) -> Result<(), DbErr> {
    for statement in statements {
        manager.get_connection().execute_unprepared(statement.as_ref()).await?;
    }
    Ok(())
}

/// Clears the analytics sync's start mark: its next run recomputes every day (as `analytics sync
/// --force` would), filling aggregate columns or tables a migration just added.
pub(crate) async fn resync_analytics(manager: &SchemaManager<'_>) -> Result<(), DbErr> {
    manager
        .exec_stmt(
            Query::update()
                .table(Alias::new("analytics_sync_state"))
                .value(Alias::new("last_started_at"), Expr::cust("NULL"))
                .to_owned(),
        )
        .await
}

/// Installs a PostgreSQL extension if it is not there (in `public`; a database may already hold it
/// elsewhere, as `pg_trgm` in `control` for the tenants' search) and answers the schema it lives
/// in — `None` when it cannot be installed (not available, or no privilege to install it): the
/// caller then goes without the index it would have built.
pub(crate) async fn extension_schema(manager: &SchemaManager<'_>, name: &str) -> Result<Option<String>, DbErr> {
    use sea_orm_migration::sea_orm::{ConnectionTrait, Statement};
    let conn = manager.get_connection();
    // Two tenants migrating at once may both try: the loser finds it there.
    conn.execute_unprepared(&format!(
        "DO $$ BEGIN CREATE EXTENSION IF NOT EXISTS {name} SCHEMA public; \
         EXCEPTION WHEN OTHERS THEN RAISE NOTICE '{name} unavailable: %', SQLERRM; END $$"
    ))
    .await?;
    let row = conn
        .query_one_raw(Statement::from_sql_and_values(
            DbBackend::Postgres,
            "SELECT n.nspname AS schema FROM pg_extension e JOIN pg_namespace n ON n.oid = e.extnamespace \
             WHERE e.extname = $1",
            [name.into()],
        ))
        .await?;
    row.map(|row| row.try_get::<String>("", "schema")).transpose()
}

/// The `MigrationTrait` of a migration made only of statements run on PostgreSQL: its module's
/// `POSTGRES_UP` and `POSTGRES_DOWN`, through [`run_on_postgres`] (SQLite's FTS5 index needs none
/// of it). The module still derives its own `Migration` name.
macro_rules! postgres_only_migration {
    () => {
        #[async_trait::async_trait]
        impl MigrationTrait for Migration {
            async fn up(&self, manager: &SchemaManager) -> Result<(), DbErr> {
                crate::support::run_on_postgres(manager, POSTGRES_UP).await
            }

            async fn down(&self, manager: &SchemaManager) -> Result<(), DbErr> {
                crate::support::run_on_postgres(manager, POSTGRES_DOWN).await
            }
        }
    };
}
pub(crate) use postgres_only_migration;

/// [`run_all`] on PostgreSQL only: the migrations of what SQLite's FTS5 index already does.
pub(crate) async fn run_on_postgres(manager: &SchemaManager<'_>, statements: &[&str]) -> Result<(), DbErr> {
    match manager.get_database_backend() {
        sea_orm_migration::sea_orm::DbBackend::Postgres => run_all(manager, statements).await,
        _ => Ok(()),
    }
}

/// Runs raw statements in order (the parts of a migration sea-query does not spell: FTS5 tables,
/// triggers, text search configurations).
pub(crate) async fn run_all(manager: &SchemaManager<'_>, statements: &[&str]) -> Result<(), DbErr> {
    use sea_orm_migration::sea_orm::ConnectionTrait;
    for sql in statements {
        manager.get_connection().execute_unprepared(sql).await?;
    }
    Ok(())
}
