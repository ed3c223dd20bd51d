//! Instances of more than one kind of connection (issue 44, docs/providers.md#kinds): `generic`
//! (our own contract, every instance until now), `cloud` (Meta's WhatsApp Business Cloud API). The
//! kind is a column; what identifies the number at its provider and is not secret (the Cloud API's
//! phone number id and business account id) is a JSON document in `provider_account`; what is
//! secret stays sealed in `provider_secret` (for `cloud`, a sealed JSON of the access token, the
//! app secret and the webhook's verify token). The Cloud API's webhook finds its instance by phone
//! number id, hence the index.

use sea_orm_migration::prelude::*;
use sea_orm_migration::schema::{string_len, string_len_null, text_null};

use crate::support::index;

#[derive(DeriveMigrationName)]
pub struct Migration;

#[derive(DeriveIden)]
enum Instances {
    Table,
    ProviderKind,
    ProviderAccount,
    ProviderAccountKey,
}

#[async_trait::async_trait]
impl MigrationTrait for Migration {
    async fn up(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        let columns = [
            ("provider_kind", string_len(Instances::ProviderKind, 16).default("generic").take()),
            ("provider_account", text_null(Instances::ProviderAccount)),
            // The provider's own id of the number (the Cloud API's phone number id): unique, so a
            // number is connected to one instance only.
            ("provider_account_key", string_len_null(Instances::ProviderAccountKey, 80)),
        ];
        for (name, mut column) in columns {
            if !manager.has_column("instances", name).await? {
                manager.alter_table(Table::alter().table(Instances::Table).add_column(&mut column).to_owned()).await?;
            }
        }
        manager
            .create_index(index(
                "ux_instances_provider_account",
                Instances::Table,
                [Instances::ProviderKind, Instances::ProviderAccountKey],
                true,
            ))
            .await
    }

    async fn down(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        manager
            .drop_index(Index::drop().name("ux_instances_provider_account").table(Instances::Table).to_owned())
            .await?;
        for column in [Instances::ProviderAccountKey, Instances::ProviderAccount, Instances::ProviderKind] {
            manager.alter_table(Table::alter().table(Instances::Table).drop_column(column).to_owned()).await?;
        }
        Ok(())
    }
}
