//! Campaigns on official numbers send an approved template (issue 44, docs/campaigns.md#templates):
//! the campaign keeps which one (`template_id`, and its name, language and category as chosen, so
//! a later sync does not change what it sends) and the values of its parameters, which may hold
//! the recipient's variables. `template_prices` is the tenant's price of a message per template
//! category in BRL, in ten-thousandths of a real, that an administrator keeps for the estimate.

use sea_orm_migration::prelude::*;
use sea_orm_migration::schema::{big_integer, integer_null, string_len, string_len_null, text_null};

use crate::support::{create, with_timestamps};

#[derive(DeriveMigrationName)]
pub struct Migration;

#[derive(DeriveIden)]
enum Campaigns {
    Table,
    TemplateId,
    TemplateName,
    TemplateLanguage,
    TemplateCategory,
    TemplateParameters,
}

#[derive(DeriveIden)]
enum TemplatePrices {
    Table,
    Category,
    PriceE4,
}

#[async_trait::async_trait]
impl MigrationTrait for Migration {
    async fn up(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        let backend = manager.get_database_backend();
        let columns = [
            ("template_id", integer_null(Campaigns::TemplateId)),
            ("template_name", string_len_null(Campaigns::TemplateName, 512)),
            ("template_language", string_len_null(Campaigns::TemplateLanguage, 16)),
            ("template_category", string_len_null(Campaigns::TemplateCategory, 32)),
            ("template_parameters", text_null(Campaigns::TemplateParameters)),
        ];
        for (name, mut column) in columns {
            if !manager.has_column("campaigns", name).await? {
                manager.alter_table(Table::alter().table(Campaigns::Table).add_column(&mut column).to_owned()).await?;
            }
        }
        manager
            .create_table(with_timestamps(
                backend,
                create(TemplatePrices::Table)
                    .col(string_len(TemplatePrices::Category, 32).primary_key())
                    .col(big_integer(TemplatePrices::PriceE4))
                    .take(),
            ))
            .await
    }

    async fn down(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        manager.drop_table(Table::drop().table(TemplatePrices::Table).if_exists().to_owned()).await?;
        for column in [
            Campaigns::TemplateParameters,
            Campaigns::TemplateCategory,
            Campaigns::TemplateLanguage,
            Campaigns::TemplateName,
            Campaigns::TemplateId,
        ] {
            manager.alter_table(Table::alter().table(Campaigns::Table).drop_column(column).to_owned()).await?;
        }
        Ok(())
    }
}
