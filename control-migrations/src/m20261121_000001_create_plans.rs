//! The plan catalogue: default limits and features a tenant starts with (docs/contracts.md#plans-features-and-limits).

use sea_orm_migration::{prelude::*, schema::*};

#[derive(DeriveMigrationName)]
pub struct Migration;

#[derive(DeriveIden)]
enum Plans {
    Table,
    Id,
    Code,
    Name,
    UserLimit,
    TicketLimit,
    Features,
}

/// code, name, user limit, monthly ticket limit (0 = unlimited), features on by default.
const CATALOGUE: &[(&str, &str, i32, i32, &str)] = &[
    ("basic", "Básico", 5, 1_000, r#"["chatbot","reports"]"#),
    ("pro", "Profissional", 25, 10_000, r#"["campaigns","chatbot","analytics","reports","two_factor"]"#),
    ("enterprise", "Enterprise", 0, 0, r#"["campaigns","chatbot","analytics","reports","two_factor","webhooks"]"#),
];

#[async_trait::async_trait]
impl MigrationTrait for Migration {
    async fn up(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        manager
            .create_table(crate::timestamps(
                Table::create()
                    .table(Plans::Table)
                    .if_not_exists()
                    .col(pk_auto(Plans::Id))
                    .col(string_len_uniq(Plans::Code, 32))
                    .col(string_len(Plans::Name, 100))
                    .col(integer(Plans::UserLimit).default(0))
                    .col(integer(Plans::TicketLimit).default(0))
                    .col(text(Plans::Features).default("[]"))
                    .take(),
            ))
            .await?;
        let mut insert = Query::insert();
        insert
            .into_table(Plans::Table)
            .columns([Plans::Code, Plans::Name, Plans::UserLimit, Plans::TicketLimit, Plans::Features])
            .on_conflict(OnConflict::column(Plans::Code).do_nothing().to_owned());
        for (code, name, users, tickets, features) in CATALOGUE {
            insert.values_panic([
                (*code).into(),
                (*name).into(),
                (*users).into(),
                (*tickets).into(),
                (*features).into(),
            ]);
        }
        manager.exec_stmt(insert).await
    }

    async fn down(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        manager.drop_table(Table::drop().table(Plans::Table).to_owned()).await
    }
}
